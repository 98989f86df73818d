"""Diabolik from the chooser to the end screen: the chooser opens its set-up, a whole game played
by clicks alone (headless) reaches the end screen and its replay, a saved game resumes from the
set-up, and every Diabolik scene renders in both languages without a missing text."""

from __future__ import annotations

import pytest

from game.engine.i18n import t
from game.engine.replay import Match
from game.diabolik.rules import Choose, EndTurn, Move, TakeLoot, Bank, Hide

from tests.diabolik.ui_kit import drawn_texts, headless, open_table, table_of, ui, where_to_click  # noqa: F401

SCENES = ("diabolik-setup", "diabolik-table", "diabolik-choice", "diabolik-police", "diabolik-end",
          "diabolik-replay")


def test_the_chooser_opens_diabolik_s_set_up(ui):
    from game.ui.scenes.chooser import ChooserScene
    from game.diabolik.ui.setup import DiabolikSetupScene

    app = ui.app(scenes=())
    chooser = ChooserScene()
    app.stack.push(chooser)
    app.update(0.5)
    card = next(c for c in chooser.cards if c.entry.game.id == "diabolik" and c.entry.episode is None)
    assert card.entry.openable
    ui.click(app, card.rect.center)
    if not isinstance(app.stack.top, DiabolikSetupScene):    # a first click selects, Open opens
        ui.click(app, chooser.open_button.rect.center)
    assert isinstance(app.stack.top, DiabolikSetupScene)


def test_the_set_up_offers_solo_with_a_chosen_criminal_and_two_with_a_computer_partner(ui):
    from game.diabolik.ui.setup import DiabolikSetupScene
    from game.diabolik.ui.table import DiabolikTableScene
    from game.ui.scenes.setup import PERSON

    app = ui.app(scenes=())
    setup = DiabolikSetupScene("diabolik", seed=11, look_for_saves=False)
    app.stack.push(setup)
    app.update(0.5)
    players, character = setup.option_widgets["players"], setup.option_widgets["character"]
    assert players.value == 2 and not character.enabled and set(setup.seat_choices) == {"diabolik", "eva"}
    bot = "hard" if "hard" in setup.spec.bots else next(iter(setup.spec.bots))
    assert "random" not in [v for v, _l in setup.seat_choices["eva"].options] or len(setup.spec.bots) == 1
    from game.engine.i18n import t
    from tests.diabolik.ui_kit import drawn_texts

    hint = t(f"diabolik.bot_hint.{bot}")
    assert not any(hint in line for line in drawn_texts(app))      # two people: no level said
    setup.seat_choices["eva"].set_value(bot)
    assert setup.who_plays() == {"diabolik": PERSON, "eva": bot}
    assert any(hint in line for line in drawn_texts(app))          # what the partner's level does
    players.step(-1)                                      # one criminal
    assert character.enabled
    character.step(1)                                     # Eva, solo
    assert setup.config() == {"players": 1, "character": "eva", "diabolika": False}
    assert list(setup.seat_choices) == ["eva"] and not setup.seat_choices["eva"].enabled
    ui.click(app, setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, DiabolikTableScene)
    assert table.match.config == {"players": 1, "character": "eva", "diabolika": False}
    assert table.session.on_screen == "eva" and not table.session.computer


def _policy(legal):
    """A simple player: takes and banks loot, hides, moves toward the first legal card, ends."""
    for kind in (Choose, Bank, TakeLoot, Hide):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    moves = [a for a in legal if isinstance(a, Move)]
    return moves[0] if moves else next(a for a in legal if isinstance(a, EndTurn))


def test_a_whole_solo_game_played_by_clicks_reaches_the_end_screen_and_its_replay(ui):
    import pygame

    from game.diabolik.ui.end import DiabolikEndScene, DiabolikReplay
    from game.diabolik.ui.table import SHOW_GUARD
    from game.ui.widgets import CLOCK

    match = Match("diabolik", {"players": 1}, 8)
    app = open_table(ui, match)
    scene = table_of(app)
    clicks = 0
    while not isinstance(app.stack.top, DiabolikEndScene):
        assert clicks < 1500, "the game did not end"
        if scene.show is not None and scene.holding():
            ui.click(app, scene.skip_button.rect.center)           # the police phase: Skip
            CLOCK.advance(SHOW_GUARD)                              # the board's moment of calm after it
            continue
        legal = scene.session.legal()
        assert legal, "nobody to play and no end"
        before = len(match.log)
        ui.click(app, where_to_click(scene, _policy(legal)))
        assert len(match.log) == before + 1                        # every click played one move
        clicks += 1
    end = app.stack.top
    assert match.state.is_over()
    won = bool(match.state.result().winners)
    texts = drawn_texts(app)
    assert t("diabolik_table.end.won" if won else "diabolik_table.end.lost") in texts
    view = match.state.view("table")
    assert t("diabolik_table.end.of", n=view.danger, max=view.danger_max) in texts
    ui.click(app, end.replay_button.rect.center)
    replay = app.stack.top
    assert isinstance(replay, DiabolikReplay)
    ui.key(app, pygame.K_END)
    assert replay.index == replay.total == len(match.log)


def test_a_saved_game_is_resumed_from_the_set_up(ui):
    from game.diabolik.ui.setup import DiabolikSetupScene
    from game.diabolik.ui.table import DiabolikTableScene

    app = ui.app(scenes=())
    setup = DiabolikSetupScene("diabolik", seed=21, look_for_saves=True)
    app.stack.push(setup)
    app.update(0.5)
    setup.option_widgets["players"].step(-1)
    ui.click(app, setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, DiabolikTableScene) and table.autosaver is not None
    legal = table.session.legal()
    move = next((a for a in legal if isinstance(a, Move)), legal[0])
    ui.click(app, where_to_click(table, move))
    played = list(table.match.log)
    assert played
    again = DiabolikSetupScene("diabolik", look_for_saves=True)
    app.stack.replace(again)
    app.update(0.5)
    assert again.resume_button.visible
    ui.click(app, again.resume_button.rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, DiabolikTableScene) and resumed.match is not table.match
    assert list(resumed.match.log) == played
    assert resumed.match.state.view("table") == table.match.state.view("table")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_diabolik_scene_renders_in_both_languages_without_a_missing_text(ui, lang):
    from game.engine.i18n import translator
    from game.ui.registry import build_scenes

    for name in SCENES:
        for size in ((1600, 900), (1280, 720)):
            app = ui.app(scenes=(), lang=lang, size=size)
            for scene in build_scenes(name, app):
                app.stack.push(scene)
            app.update(0.5)
            texts = [x for x in drawn_texts(app) if x]
            assert texts, name
            raw = [x for x in texts if "." in x and " " not in x and translator().has(x.strip())]
            keyish = [x for x in texts if x.startswith(("diabolik_table.", "diabolik.", "i12_shell.", "common."))]
            assert not raw and not keyish, f"{name} ({lang}, {size}) draws text keys: {raw or keyish}"


def test_play_diabolik_opens_diabolik_s_own_set_up_with_the_seed_asked():
    from game.ui.scenes.title import TitleScene
    from game.ui.shell_play import scenes_for
    from game.diabolik.ui.setup import DiabolikSetupScene

    title, setup = scenes_for("diabolik", seed=9)
    assert isinstance(title, TitleScene) and isinstance(setup, DiabolikSetupScene)
    assert setup.chosen_seed() == 9
    assert type(scenes_for("example", seed=9)[1]).__name__ == "SetupScene"    # a title without its own: the shell's


def test_new_game_from_the_menu_opens_diabolik_s_set_up_with_the_same_options(ui):
    from game.engine.titles import load, title
    from game.diabolik.ui.setup import DiabolikSetupScene

    match = Match("diabolik", {"players": 2, "diabolika": True}, 4)
    app = open_table(ui, match, computer={"eva": load(title("diabolik").bots["easy"])(1)})
    table_of(app).new_game()
    setup = app.stack.top
    assert isinstance(setup, DiabolikSetupScene)
    assert setup.config() == {"players": 2, "diabolika": True}
    assert setup.who_plays() == {"diabolik": "person", "eva": "easy"}
