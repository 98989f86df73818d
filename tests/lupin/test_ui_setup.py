"""Lupin's set-up screen (options, who plays whom, Start and Back) and the screens' texts."""

import re
from pathlib import Path

import pygame
import pytest

from game.engine.content import load_yaml
from game.engine.i18n import LANGUAGES, load_language
from game.lupin.rules.state import Config, seating
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.setup_scene import LupinSetupScene
from game.ui.registry import build_scenes, scene_names
from game.ui.scenes.chooser import ChooserScene
from game.ui.scenes.curtain import CurtainScene
from tests.lupin.test_ui_kit import click, frame, key, make_app

ROOT = Path(__file__).resolve().parents[2]


def step(app, choice, times=1):
    """Click the › arrow of a Choice ``times`` times."""
    for _ in range(times):
        click(app, (choice.rect.right - 10, choice.rect.centery))


def test_lupin_registers_its_set_up_play_and_curtain_scenes():
    assert {"lupin-setup", "lupin-play", "lupin-curtain"} <= set(scene_names())
    scenes = build_scenes("lupin-setup", None, game="lupin", episode="gran-colpo")
    assert isinstance(scenes[0], LupinSetupScene) and scenes[0].config()["episode"] == "gran-colpo"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_roles_shown_are_the_rules_seating(players):
    app = make_app(scenes=("lupin-setup",))
    setup = app.stack.top
    step(app, setup.players_choice, players - 2)
    assert setup.players_choice.value == players
    cfg = setup.config()
    seats = seating(Config.from_mapping(cfg))
    shown = {c: seat for seat, chars in setup.roles() for c in chars}
    assert shown == seats
    assert [seat for seat, _ in setup.roles()][0] == "zenigata"
    frame(app)


def test_options_that_do_not_apply_are_switched_off():
    app = make_app(scenes=("lupin-setup",))
    setup = app.stack.top
    # two players: no all-against-all; Lupin picks a partner; "always visible" only for novices
    assert not setup.variant_choice.enabled and setup.partner_choice.enabled
    assert not setup.visible_toggle.enabled
    step(app, setup.partner_choice)             # Jigen → Goemon
    assert setup.config()["partner"] == "goemon"
    assert dict(setup.roles())["lupin"] == ["lupin", "goemon"]
    step(app, setup.difficulty_choice)          # expert → novice
    click(app, setup.visible_toggle.rect.center)
    assert setup.config()["difficulty"] == "novice" and setup.config()["novice_always_visible"] is True
    step(app, setup.players_choice, 2)          # four players: all against all possible, no partner
    assert setup.variant_choice.enabled and not setup.partner_choice.enabled
    step(app, setup.variant_choice)
    cfg = setup.config()
    assert cfg["variant"] == "all-vs-all" and cfg["partner"] is None and cfg["players"] == 4
    assert {seat for seat, _ in setup.roles()} == {"zenigata", "lupin", "jigen", "fujiko"}
    step(app, setup.players_choice, 3)          # back to two players: back to the co-operative game
    assert setup.config()["variant"] == "coop"
    Config.from_mapping(setup.config())         # every combination on screen is a game the rules accept


def test_the_seed_is_random_or_a_number_chosen_with_the_mouse():
    app = make_app(scenes=("lupin-setup",))
    setup = app.stack.top
    seed = setup.seed_stepper
    assert seed.value is None
    click(app, seed.rect.center)                 # a fixed number
    n = seed.value
    assert isinstance(n, int)
    click(app, (seed.rect.right - 10, seed.rect.centery))
    assert seed.value == n + 1
    click(app, (seed.rect.left + 10, seed.rect.centery))
    click(app, (seed.rect.left + 10, seed.rect.centery))
    assert seed.value == n - 1
    click(app, setup.start_button.rect.center)
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert play.match.seed == n - 1


def test_start_opens_the_game_behind_the_curtain_and_back_returns_to_the_chooser():
    app = make_app()
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == "rosso-rubino")
    click(app, card.rect.center)
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene) and setup.episode_choice.value == "rosso-rubino"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is chooser
    click(app, card.rect.center)
    setup = app.stack.top
    click(app, setup.start_button.rect.center)
    assert isinstance(app.stack.top, CurtainScene) and app.stack.top.name == "Zenigata"
    assert [type(s).__name__ for s in app.stack][-3:] == ["ChooserScene", "LupinPlayScene", "PlayCurtain"]
    assert setup not in app.stack


def test_all_four_lupin_episodes_open_from_the_chooser():
    app = make_app()
    chooser = app.stack.top
    assert isinstance(chooser, ChooserScene)
    lupin = {e.episode.id: e for e in chooser.entries if e.game.id == "lupin" and e.episode is not None}
    assert all(lupin[e].openable for e in ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"))


def _keys(node, prefix=""):
    out = set()
    for k, v in node.items():
        out |= _keys(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}"}
    return out


def test_lupin_texts_have_the_same_keys_in_both_languages():
    en, it = (_keys(load_yaml(ROOT / "data" / "i18n" / lang / "lupin.yaml")) for lang in ("en", "it"))
    assert en == it


def test_every_text_key_the_lupin_screens_use_exists_in_both_languages():
    used = set()
    for path in (ROOT / "game" / "lupin" / "ui").rglob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*["']((?:lupin|common|curtain)\.[a-z_.]+)["']""",
                               path.read_text(encoding="utf-8")))
    assert "lupin.play.over.back" in used and "lupin.setup.start" in used
    for lang in LANGUAGES:
        table = load_language(lang)[0]
        missing = sorted(k for k in used if k not in table and f"{k}.other" not in table)   # or a plural text
        assert not missing, f"{lang}: missing texts {missing}"
        # keys built from names
        for row in ("episode", "players", "difficulty", "visible", "variant", "partner", "seed"):
            assert f"lupin.setup.{row}" in table and f"lupin.setup.{row}_hint" in table
        for reason in ("all_arrested", "fujiko_betrayal", "gang_escaped", "most_points",
                       "escaped_without_treasure", "time_up"):
            assert f"lupin.reason.{reason}" in table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_set_up_screen_fits_in_both_languages(lang):
    app = make_app(scenes=("lupin-setup",), lang=lang)
    setup = app.stack.top
    frame(app)
    canvas = app.canvas
    for name in ("episode", "players", "difficulty", "visible", "variant", "partner", "seed"):
        from game.engine.i18n import t
        label_w = canvas.measure(t(f"lupin.setup.{name}"), 24, "bold")[0]
        control = setup._control(name)
        assert setup.row_y[name] and 116 + label_w < control.rect.left - 20, name


def test_an_unfinished_game_can_be_resumed_from_the_set_up_screen():
    app = make_app()
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == "gran-colpo")
    click(app, card.rect.center)
    setup = app.stack.top
    assert not setup.resume_button.visible            # nothing saved yet
    click(app, setup.start_button.rect.center)
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    app.update(1.0)
    click(app, (800, 450))                             # Zenigata lifts the curtain
    for _ in range(3):                                 # and places three men
        square = next(p for p, what, cs in play.clickables() if what == "square")
        click(app, square)
    assert len(play.match.log) == 3
    # later: back to the title, then the chooser again
    play.back_to_title()
    app.stack.push(ChooserScene())
    app.update(0.02)
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == "gran-colpo")
    click(app, card.rect.center)
    setup = app.stack.top
    assert setup.resume_button.visible and setup.resumable.game_id == play.match.game_id
    frame(app)
    click(app, setup.resume_button.rect.center)
    resumed = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert resumed is not play and list(resumed.match.log) == list(play.match.log)
    assert isinstance(app.stack.top, CurtainScene) and app.stack.top.name == "Zenigata"


def test_the_planning_time_is_chosen_in_the_set_up_and_the_draft_has_none():
    app = make_app(scenes=("lupin-setup",))
    setup = app.stack.top
    assert setup.plan_choice.enabled and setup.plan_seconds() == 15 * 60      # the rulebook's 15 minutes
    step(app, setup.plan_choice)
    assert setup.plan_seconds() == 20 * 60
    assert "plan" not in " ".join(setup.config())          # a screen option: the rules' config is unchanged
    Config.from_mapping(setup.config())
    step(app, setup.players_choice, 2)
    step(app, setup.variant_choice)                          # all against all: the draft has no clock
    assert setup.config()["variant"] == "all-vs-all" and not setup.plan_choice.enabled
    frame(app)


def test_continue_on_the_title_screen_goes_back_to_the_unfinished_game():
    from game.ui.scenes.title import TitleScene

    app = make_app(scenes=())
    app.stack.push(TitleScene(look_for_saves=True))
    app.update(0.02)
    title = app.stack.top
    assert not title.continue_button.visible and title.play_button.style == "primary"   # nothing saved yet
    click(app, title.play_button.rect.center)
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == "gran-colpo")
    click(app, card.rect.center)
    click(app, app.stack.top.start_button.rect.center)
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    app.update(1.0)
    click(app, (800, 450))                             # Zenigata lifts the curtain and places two men
    for _ in range(2):
        click(app, next(p for p, what, cs in play.clickables() if what == "square"))
    play.back_to_title()                               # later, at the title screen
    app.update(0.02)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.continue_button.visible
    assert "The Big Bank Job" in title.offer[1] and "round 1" in title.offer[1]
    buttons = [title.continue_button, title.play_button, title.tutorial_button, title.settings_button,
               title.quit_button]
    assert all(a.rect.bottom < b.rect.top for a, b in zip(buttons, buttons[1:]))   # five, one under another
    frame(app)
    click(app, title.continue_button.rect.center)
    resumed = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert resumed is not play and list(resumed.match.log) == list(play.match.log)
    assert isinstance(app.stack.top, CurtainScene) and app.stack.top.name == "Zenigata"   # behind the curtain


def test_a_finished_game_is_not_offered_on_the_title_screen():
    from game.engine.saves import Autosaver
    from game.lupin.ui.scenes import finished_match
    from game.ui.scenes.title import TitleScene

    from game.engine.saves import list_saves

    Autosaver()(finished_match())
    assert len(list_saves().saves) == 1                 # it is there, finished
    app = make_app(scenes=())
    app.stack.push(TitleScene(look_for_saves=True))
    app.update(0.02)
    assert not app.stack.top.continue_button.visible and app.stack.top.offer is None


def test_the_italian_set_up_calls_the_seed_a_game_number_not_a_seme():
    """Issue #11: "Seme" (a botanical seed) means nothing to an Italian player: the row and the
    chosen number read "Numero partita" / "Partita n. 7", and no Italian text says "seme"."""
    import re

    app = make_app(scenes=("lupin-setup",), lang="it")
    setup = app.stack.top
    drawn = []
    real = app.canvas.text

    def record(text, *args, **kw):
        drawn.append(text)
        return real(text, *args, **kw)

    app.canvas.text = record
    click(app, setup.seed_stepper.rect.center)
    setup.seed_stepper.value = 7
    drawn.clear()
    app.canvas._layers.clear()
    frame(app)
    assert "Numero partita" in drawn and "Partita n. 7" in drawn
    assert not [s for s in drawn if re.search(r"\bsem[ei]\b", s, re.I)]
    assert not [k for k, v in load_language("it")[0].items() if re.search(r"\bsem[ei]\b", v, re.I)]
