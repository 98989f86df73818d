"""Diabolik's rules reader (data/diabolik/rules_reader, game/diabolik/ui/rules_book.py): the same
chapters in both languages, the designed numbers said and read from the data the rules play, and
the reader reachable from the set-up (Rules), from the table's menu (Rules), and the tutorial from
the set-up (Tutorial), through the shell's generic hooks."""

from __future__ import annotations

import pytest

import game.diabolik.ui  # noqa: F401 - registers the title's scenes
from game.diabolik.rules import data as rules_data
from game.diabolik.ui.rules_book import diabolik_chapters
from game.engine.rulebook import load_book, plain
from game.ui.scenes.game_menu import GameMenuScene
from game.ui.scenes.rules_reader import RulesReaderScene, rules_book
from game.ui.tutorial import tutorial_for


def _text(chapters) -> str:
    return " ".join(plain(b.text) + " " + " ".join(plain(c) for c in b.cells) for ch in chapters for b in ch.blocks)


def test_both_languages_have_the_same_chapters_translated():
    it, en = load_book("diabolik", "it"), load_book("diabolik", "en")
    assert [c.id for c in it] == [c.id for c in en] and len(en) >= 10
    assert not {c.title for c in it} & {c.title for c in en}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_designed_numbers_come_from_the_rules_data(lang):
    chapters = {c.id: c for c in diabolik_chapters(lang)}
    text = _text(chapters.values())
    assert "{danger_max}" not in text and str(rules_data.danger_max()) in _text([chapters["danger"]])
    station = [b for b in chapters["station"].blocks if b.kind == "td"]
    assert [plain(b.cells[0]) for b in station] == [str(n) for n in range(1, 9)]
    assert "designed" in _text([chapters["station"]])      # the book says they are the project's own
    # the roadblock face the rulebook prints is where the data has it
    roadblock = next(face for face, r in rules_data.station().items() if r.effect == "roadblock")
    words = {"en": "roadblock", "it": "posto di blocco"}[lang]
    assert words in plain(station[roadblock - 1].cells[1]).lower()


def test_the_set_up_offers_rules_and_tutorial_and_the_table_menu_offers_rules(ui):
    from game.diabolik.ui.setup import DiabolikSetupScene
    from game.diabolik.ui.table import DiabolikTableScene, sample_match
    from game.diabolik.ui.tutorial_scene import DiabolikTutorialScene

    assert rules_book("diabolik") is not None and tutorial_for("diabolik") is not None
    assert rules_book("example") is None and tutorial_for("example") is None
    app = ui.app(scenes=())
    setup = DiabolikSetupScene("diabolik", seed=7, look_for_saves=False)
    app.stack.push(setup)
    ui.frame(app)
    assert setup.rules_button in setup.widgets and setup.tutorial_button in setup.widgets
    ui.click_widget(app, setup.rules_button)
    assert isinstance(app.stack.top, RulesReaderScene)
    assert [c.id for c in app.stack.top.chapters][0] == "goal"
    app.stack.pop()
    ui.frame(app)
    ui.click_widget(app, setup.tutorial_button)
    assert isinstance(app.stack.top, DiabolikTutorialScene)
    app.stack.pop()
    table = DiabolikTableScene(sample_match(), autosave=False, start_revealed=True)
    app.stack.push(table)
    ui.frame(app)
    table.open_game_menu()
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene) and menu.on_rules is not None
    menu.open_rules()
    assert isinstance(app.stack.top, RulesReaderScene)


def test_the_example_set_up_has_no_rules_or_tutorial_button(ui):
    from game.ui.scenes.setup import SetupScene

    app = ui.app(scenes=())
    setup = SetupScene("example", seed=7, look_for_saves=False)
    app.stack.push(setup)
    assert setup.rules_button is None and setup.tutorial_button is None
