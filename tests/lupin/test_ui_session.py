"""Lupin's play screen on the table session (game/engine/session.py): the tiles flipped while a
seat was away are held for it in the autosave's "ui" block and come back after a Resume, and the
title's table scene keeps the shell's contract."""

from __future__ import annotations

import json

from game.engine.api import TABLE
from game.engine.session import TableSession, options_from_meta
from game.engine.titles import title
from game.lupin.ui.flip import FlipScene
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import seeded_match
from game.ui.scenes.curtain import CurtainScene
from tests.lupin.test_ui_kit import click, make_app
from tests.lupin.test_ui_over_replay import flip_match, flip_through_the_screen


def test_the_play_scene_keeps_its_table_on_a_session():
    play = LupinPlayScene(seeded_match("rosso-rubino"), autosave=False, start_revealed=True)
    assert isinstance(play.session, TableSession)
    assert play.seat == play.session.on_screen != TABLE and play.revealed is play.session.revealed is True
    assert play.acting_seat() == play.session.acting_seat() == play.seat


def test_a_flip_held_for_a_seat_survives_save_and_resume():
    match = flip_match(True)
    app, play = flip_through_the_screen(match)
    assert isinstance(app.stack.top, FlipScene)                  # Fujiko watches her tile
    app.update(CurtainScene.ARM_DELAY)
    click(app, (800, 450))
    click(app, (800, 450))
    assert isinstance(app.stack.top, CurtainScene) and app.stack.top.name == "Zenigata"
    meta = json.loads(json.dumps(play.save_meta()))                # what the autosave keeps
    held = meta["held"]["zenigata"]
    assert held and all("treasure" not in e for e in held)         # Zenigata's version: no face
    again = LupinPlayScene(match, autosave=False, **options_from_meta(meta))
    app2 = make_app(scenes=())
    app2.stack.push(again)
    app2.update(0.02)
    assert isinstance(app2.stack.top, CurtainScene) and app2.stack.top.name == "Zenigata"
    app2.update(CurtainScene.ARM_DELAY + 0.1)
    click(app2, (800, 450))
    shown = app2.stack.top
    assert isinstance(shown, FlipScene) and shown.name == "Zenigata" and shown.entries == held
    assert again.seat == TABLE and not again.revealed


def test_lupins_table_scene_takes_a_match_computer_seats_and_autosave():
    from game.ui.registry import build_scenes

    spec = title("lupin")
    app = make_app(scenes=())
    match = seeded_match("rosso-rubino")
    scene = build_scenes(spec.table_scene, app, match=match, computer={}, autosave=False)[0]
    assert isinstance(scene, LupinPlayScene) and scene.match is match and scene.autosaver is None
    app.stack.push(scene)
    app.update(0.02)
    assert isinstance(app.stack.top, CurtainScene) and not scene.revealed
    assert isinstance(build_scenes(spec.table_scene, app)[0], LupinPlayScene)   # the screenshot's default


def test_a_flip_held_for_a_seat_survives_resume_from_the_setup():
    """The set-up's Resume (not only the title's Continue) brings back the tiles held for a seat."""
    from game.lupin.ui.setup_scene import LupinSetupScene

    match = flip_match(True)
    app = make_app(scenes=())
    play = LupinPlayScene(match, autosave=True, start_revealed=True)
    app.stack.push(play)
    app.update(0.02)
    point = next(p for p, what, c in play.clickables()
                 if what == "button" and type(getattr(c, "action", None)).__name__ == "Flip")
    click(app, point)                                              # Fujiko flips: autosaved
    assert isinstance(app.stack.top, FlipScene)
    held = play.session.save_meta()["held"]["zenigata"]
    assert held and all("treasure" not in e for e in held)
    setup = LupinSetupScene()
    setup_app = make_app(scenes=())
    setup_app.stack.push(setup)
    assert setup.resumable is not None and setup.resume_button.visible
    click(setup_app, setup.resume_button.rect.center)
    again = next(s for s in setup_app.stack if isinstance(s, LupinPlayScene))
    assert again is not play and list(again.match.log) == list(match.log)
    setup_app.update(0.02)
    shown = []
    for _ in range(4):                     # each seat's curtain in turn, until Zenigata's flip shows
        top = setup_app.stack.top
        if isinstance(top, FlipScene):
            shown.append((top.name, top.entries))
            break
        setup_app.update(CurtainScene.ARM_DELAY + 0.1)
        click(setup_app, (800, 450))
    assert shown == [("Zenigata", held)]


def test_lupins_table_and_the_shells_share_the_tables_parts():
    """The menu, the History, the log with its missed marks, messages, computer pacing and the
    session's steps are written once (TableParts, game/ui/scenes/table.py): neither table keeps a
    copy of its own (Lupin keeps its look: its panel, curtain and flips, through the hooks)."""
    from game.ui.scenes.table import TableParts, TableScene

    shared = ["open_game_menu", "open_history", "save_and_leave", "menu_open", "back_to_title", "seat_log",
              "seat_lines", "missed", "say", "age_message", "advance", "lift", "react", "tick_computer",
              "attach_autosaver", "missed_on_return"]
    assert issubclass(LupinPlayScene, TableParts) and issubclass(TableScene, TableParts)
    assert [n for n in shared if n in vars(LupinPlayScene) or n in vars(TableScene)] == []
    assert all(n in vars(TableParts) for n in shared)
