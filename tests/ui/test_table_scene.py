"""The shell's table (game/ui/scenes/table.py) with the example title's board view: the example
plays to its end hot-seat with curtains and against a computer seat, through clicks."""

from __future__ import annotations

import pygame
import pytest

from game.engine import i18n
from game.engine.api import TABLE
from game.engine.example import Bid, Draw
from game.engine.replay import Match
from game.engine.session import COMPUTER_PAUSE
from game.engine.titles import title
from game.ui.example_table import DRAW_BUTTON, SealedBidsBoard
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.table import HeldScene, TableScene


def table_app(ui, match=None, **options):
    from game.ui.registry import build_scenes

    app = ui.app(scenes=())
    spec = title("example")
    for scene in build_scenes(spec.table_scene, app, match=match or Match("example", {}, 3), **options):
        app.stack.push(scene)
    app.update(0.02)
    return app


def the_table(app) -> TableScene:
    return next(s for s in app.stack.scenes if isinstance(s, TableScene))


def lift(ui, app):
    """The player called lifts the curtain (and watches what was held for them)."""
    while isinstance(app.stack.top, CurtainScene):
        app.update(CurtainScene.ARM_DELAY + 0.1)
        ui.click(app, (800, 450))


def click_card(ui, app, card):
    scene = the_table(app)
    rect = next(r for r, c in scene.board.hand_rects(scene.session.view()) if c == card)
    ui.click(app, rect.center)


def test_the_title_names_its_table_scene_and_the_factory_keeps_the_contract(ui):
    from game.ui.registry import build_scenes

    assert title("example").table_scene == "example-table"
    app = ui.app(scenes=())
    default = build_scenes("example-table", app)[0]                 # no options: a screenshot
    assert isinstance(default, TableScene) and default.autosaver is None
    made = build_scenes("example-table", app, match=Match("example", {}, 1), computer={}, autosave=False)[0]
    assert isinstance(made, TableScene) and made.autosaver is None


def test_hot_seat_to_the_end_with_a_curtain_between_the_seats(ui, monkeypatch):
    from game.ui import registry

    monkeypatch.delitem(registry.SCENES, "shell-end", raising=False)
    app = table_app(ui)
    scene = the_table(app)
    assert isinstance(app.stack.top, CurtainScene) and app.stack.top.name == "North"
    assert scene.session.view().hand == ()                        # under the curtain: the table's view
    seen_seats = []
    while not scene.session.over:
        lift(ui, app)
        assert app.stack.top is scene and scene.session.revealed
        seat = scene.session.on_screen
        seen_seats.append(seat)
        view = scene.session.view()
        assert view.seat == seat
        click_card(ui, app, view.hand[0])
        if not scene.session.over and scene.session.revealed and scene.session.on_screen == seat:
            scene.hand_over()                                       # a new round: pass the mouse
    assert set(seen_seats) == {"north", "south"}
    assert scene.session.screen_seat() == TABLE and scene.session.view().result is not None
    assert scene.over_button in scene.widgets                      # the plain end panel
    drawn = []
    real = app.canvas.text
    monkeypatch.setattr(app.canvas, "text", lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1])
    ui.frame(app)
    assert "GAME OVER" in drawn


def test_the_shell_end_screen_is_opened_when_registered(ui, monkeypatch):
    from game.ui import registry
    from game.ui.scene import Scene

    opened = []

    def end(app, match=None, **_):
        opened.append(match)
        return Scene()

    monkeypatch.setitem(registry.SCENES, "shell-end", end)
    match = Match("example", {"rounds": 1, "hand_size": 1, "deck_size": 2}, 1)
    app = table_app(ui, match=match, curtain="none")
    scene = the_table(app)
    click_card(ui, app, scene.session.view().hand[0])
    click_card(ui, app, scene.session.view().hand[0])
    assert opened == [match] and scene not in app.stack


def test_faster_while_a_computer_seat_plays(ui):
    """While the computer plays, the table offers Faster (the pause shortened), then Normal speed."""
    from game.engine.playout import RandomBot
    from game.engine.session import FAST_PAUSE

    app = table_app(ui, computer={"south": RandomBot(2)})
    scene = the_table(app)
    lift(ui, app)
    assert scene.faster_button not in scene.widgets                 # a person plays: nothing to speed up
    click_card(ui, app, scene.session.view().hand[0])
    assert scene.session.thinking() == "south" and scene.faster_button in scene.widgets
    ui.click(app, scene.faster_button.rect.center)
    assert scene.session.fast and scene.session.pause == FAST_PAUSE
    assert scene._faster_label() == "Normal speed"


def test_against_a_computer_seat(ui):
    from game.engine.playout import RandomBot

    app = table_app(ui, computer={"south": RandomBot(2)})
    scene = the_table(app)
    lift(ui, app)
    click_card(ui, app, scene.session.view().hand[0])
    assert scene.session.computer_to_act() == "south" and scene.session.on_screen == "north"
    assert len(scene.match.log) == 1
    app.update(COMPUTER_PAUSE / 2)
    assert len(scene.match.log) == 1                               # the pause
    app.update(COMPUTER_PAUSE / 2 + 0.01)
    assert len(scene.match.log) == 2 and scene.match.log[-1].seat == "south"
    assert not isinstance(app.stack.top, CurtainScene)             # no curtain for a computer seat
    while not scene.session.over:
        if scene.session.legal():
            click_card(ui, app, scene.session.view().hand[0])
        app.update(COMPUTER_PAUSE + 0.01)
    assert scene.match.state.is_over()
    from game.ui.scenes.end import EndScene

    end = app.stack.top
    assert isinstance(end, EndScene) and end.players == {"south": "random"}   # Play again: south stays the computer's


def test_a_refusal_is_said_in_the_players_language_and_loses_nothing(ui):
    app = table_app(ui)
    lift(ui, app)
    scene = the_table(app)
    ui.click(app, DRAW_BUTTON.center)                              # north draws: a reveal
    assert len(scene.match.log) == 1
    i18n.set_language("it")
    scene.undo()
    assert "annullare" in scene.message() and len(scene.match.log) == 1
    scene.play(Bid("north", 999))
    assert "999" in scene.message() and len(scene.match.log) == 1
    i18n.set_language("en")


def test_nobody_may_undo_under_the_curtain(ui):
    app = table_app(ui)
    lift(ui, app)
    scene = the_table(app)
    click_card(ui, app, scene.session.view().hand[0])
    assert isinstance(app.stack.top, CurtainScene)                # south's curtain: north's bid is down
    assert scene.session.undoable() == 0 and scene.undo_button not in scene.widgets


def test_what_a_seat_missed_is_held_for_it_and_comes_back_after_save_and_resume(ui, tmp_path):
    from game.engine.saves import Autosaver, load_match, read_save
    from game.engine.session import options_from_meta

    saver = Autosaver(tmp_path)
    match = Match("example", {}, 3)
    app = ui.app(scenes=())
    scene = TableScene(match, SealedBidsBoard(), autosaver=saver)
    app.stack.push(scene)
    lift(ui, app)
    click_card(ui, app, scene.session.view().hand[0])              # north bids
    lift(ui, app)
    click_card(ui, app, scene.session.view().hand[0])              # south bids: the round is shown
    assert scene.session.held.get("north")
    data = read_save(saver.path_for(match))
    again = TableScene(load_match(saver.path_for(match)), SealedBidsBoard(), autosave=False,
                       **options_from_meta(data.ui))
    app2 = ui.app(scenes=())
    app2.stack.push(again)
    app2.update(0.02)
    again.hand_over() if again.session.revealed else None
    top = app2.stack.top
    assert isinstance(top, CurtainScene) and not isinstance(top, HeldScene)
    app2.update(CurtainScene.ARM_DELAY + 0.1)
    ui.click(app2, (800, 450))
    held = app2.stack.top
    assert isinstance(held, HeldScene) and held.name == "North"
    assert any("North 1" in line or "shown" in line.lower() for line in held.lines)
    app2.update(CurtainScene.ARM_DELAY + 0.1)
    ui.click(app2, (800, 450))
    assert app2.stack.top is again and again.session.on_screen == "north"
    assert any(missed for _line, missed in again.log_lines())


@pytest.mark.parametrize("lang", ["en", "it"])
def test_what_is_drawn_under_the_curtain_is_the_same_whatever_the_hands(ui, lang):
    """Two games dealt differently: behind the curtain the table draws the same pixels."""
    from game.ui.canvas import Canvas

    i18n.set_language(lang)
    frames = []
    for seed in (1, 2):
        app = table_app(ui, match=Match("example", {}, seed))
        scene = the_table(app)
        assert isinstance(app.stack.top, CurtainScene) and scene.session.view().hand == ()
        canvas = Canvas(pygame.Surface((1600, 900)))
        scene.draw(canvas)
        frames.append(pygame.image.tobytes(canvas.surface, "RGB"))
    assert frames[0] == frames[1]
    i18n.set_language("en")


def test_a_click_on_the_draw_button_draws(ui):
    app = table_app(ui)
    lift(ui, app)
    scene = the_table(app)
    ui.click(app, DRAW_BUTTON.center)
    assert scene.match.log[-1] == Draw("north") and len(scene.session.view().hand) == 5


def test_the_log_is_made_again_in_the_other_language_and_a_refused_undo_keeps_it(ui):
    """The table's log (TableParts: kept between frames, extended as the game grows) never shows a
    line in the language the player left; a refused undo changes nothing in it."""
    app = table_app(ui)
    lift(ui, app)
    scene = the_table(app)
    before = [line for line, _m in scene.log_lines()]
    ui.click(app, DRAW_BUTTON.center)                              # north draws a card
    after = [line for line, _m in scene.log_lines()]
    assert len(after) == len(before) + 1 and after[:len(before)] == before
    i18n.set_language("it")
    try:
        italian = [line for line, _m in scene.log_lines()]
        assert len(italian) == len(after) and italian[-1] != after[-1]
        assert italian[-1] == scene.event_text(scene.seat_log()[-1])
    finally:
        i18n.set_language("en")
    assert [line for line, _m in scene.log_lines()] == after
    scene.undo()                                                   # a draw showed a card: refused
    assert scene.message_text() and [line for line, _m in scene.log_lines()] == after


def test_new_game_from_the_menu_opens_the_titles_set_up_again(ui):
    """The example is not in the chooser: New game from its table's menu leads to its own set-up
    (with the same options), not to a chooser that does not list it."""
    from game.ui.scenes.game_menu import ConfirmScene, GameMenuScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.title import TitleScene

    from game.engine.playout import RandomBot

    app = table_app(ui, Match("example", {"rounds": 2}, 3), computer={"south": RandomBot(1)})
    lift(ui, app)
    table = the_table(app)
    table.open_game_menu()
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene)
    ui.click(app, menu.buttons["new_game"].rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    app.update(0.5)
    ui.click(app, ask.confirm_button.rect.center)
    assert [type(s) for s in app.stack] == [TitleScene, SetupScene]
    setup = app.stack.top
    assert setup.spec.name == "example" and setup.config()["rounds"] == 2
    assert setup.players.get("south") == "random" and setup.players.get("north", "person") == "person"   # seats kept


def test_the_cached_table_is_drawn_again_when_the_mouse_or_the_game_changes(ui):
    """The board and panel are drawn once into a layer: a card lights up under the mouse, goes
    dark when the mouse leaves, and a bid changes the frame (never a stale picture)."""
    app = table_app(ui)
    lift(ui, app)
    scene = the_table(app)
    rect = next(r for r, _c in scene.board.hand_rects(scene.session.view()))

    def shot():
        return pygame.image.tobytes(ui.frame(app), "RGB")

    ui.move(app, (5, 5))
    away = shot()
    assert shot() == away                                            # nothing moved: the same frame
    ui.move(app, rect.center)
    over = shot()
    assert over != away                                              # the card under the mouse lights up
    ui.move(app, (5, 5))
    assert shot() == away
    click_card(ui, app, scene.session.view().hand[0])
    ui.move(app, (5, 5))
    assert shot() != away                                            # the bid is on the table


def test_new_game_says_the_game_stays_saved_only_once_a_move_is_saved(ui):
    """Before the first move nothing is saved, so New game must not promise Continue brings it back."""
    from game.ui.scenes.game_menu import ConfirmScene

    app = table_app(ui, Match("example", {}, 3), autosave=True)
    lift(ui, app)
    table = the_table(app)
    assert table.autosaver is not None and not table.match.log

    def asked() -> str:
        table.open_game_menu()
        menu = app.stack.top
        ui.click(app, menu.buttons["new_game"].rect.center)
        ask = app.stack.top
        assert isinstance(ask, ConfirmScene)
        body = ask.body()
        ui.click(app, ask.cancel_button.rect.center)     # back to the menu: nothing lost
        menu.resume_game()
        return body

    assert asked() == i18n.t("game_menu.new_body_not_kept")
    click_card(ui, app, table.session.view().hand[0])
    lift(ui, app)
    assert table.match.log and asked() == i18n.t("game_menu.new_body")


def test_a_long_log_line_takes_two_rows_and_the_newest_lines_fill_the_panel(ui):
    """The side log shows the newest lines; one too long for the panel goes on two rows (the rest of
    a very long one said with "…" on the second) instead of shrinking out of reading."""
    from game.ui.scenes.table import log_rows

    short = [(f"Line {i}.", False) for i in range(30)]
    long = ("A new loot card: the die said Colle Verde, too near the hideout or another loot, "
            "so it slides to Clerville.", True)
    very_long = (" ".join(["word"] * 80), False)
    shown = log_rows([*short, long, ("Last.", False)], 5)
    assert [rows for rows, _ in shown] == [["Line 28."], ["Line 29."], shown[2][0], ["Last."]]
    rows, marked = shown[2]
    assert len(rows) == 2 and marked and " ".join(rows) == long[0]
    assert sum(len(r) for r, _ in shown) == 5
    (rows, _), = log_rows([very_long], 5)
    assert len(rows) == 2 and rows[0].startswith("word")
    assert log_rows([long], 1) == [(log_rows([long], 9)[0][0][:1], True)]     # one row: its first part
