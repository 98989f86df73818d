"""Issue #12, played in a real window: what a player met after the big merge, each found by playing
and fixed (see the helper's report). Headless here, driven through clicks like the window."""

from __future__ import annotations

from game.engine import i18n
from game.engine.replay import Match
from game.engine.saves import Autosaver
from game.ui.example_table import SealedBidsBoard
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import HeldScene, TableScene
from game.ui.scenes.title import TitleScene


def lift(ui, app):
    app.update(CurtainScene.ARM_DELAY + 0.1)
    ui.click(app, (800, 450))


def click_card(ui, app, scene, card):
    rect = next(r for r, c in scene.board.hand_rects(scene.session.view()) if c == card)
    ui.click(app, rect.center)


def example_left_with_a_round_held_for_north(ui) -> Match:
    """A hot-seat example game, autosaved into the player's folder: both seats bid, the round is
    shown while South is at the screen, so it is held for North; then the players leave."""
    match = Match("example", {}, 3, game_id="left-mid-game")
    app = ui.app(scenes=())
    scene = TableScene(match, SealedBidsBoard(), autosaver=Autosaver())
    app.stack.push(scene)
    app.update(0.02)
    lift(ui, app)
    click_card(ui, app, scene, scene.session.view().hand[0])      # north bids
    lift(ui, app)
    click_card(ui, app, scene, scene.session.view().hand[0])      # south bids: the round is shown
    assert scene.session.held.get("north")
    return match


def table_on(app) -> TableScene:
    return next(s for s in app.stack.scenes if isinstance(s, TableScene))


def pass_to_north_and_lift(ui, app):
    """South hands over (or the game opens behind the curtain); North lifts it."""
    table = table_on(app)
    if table.session.revealed:
        ui.click_widget(app, table.pass_button)
    assert isinstance(app.stack.top, CurtainScene) and not isinstance(app.stack.top, HeldScene)
    lift(ui, app)


def test_resume_from_the_set_up_gives_north_the_round_held_for_it(ui):
    """The set-up's Resume used to drop what each seat had seen and what was held for it: North
    never saw the round shown while it was away, and its log marked nothing as missed."""
    match = example_left_with_a_round_held_for_north(ui)
    app = ui.app(scenes=())
    app.stack.push(TitleScene())
    setup = SetupScene("example")
    app.stack.push(setup)
    app.update(0.02)
    assert setup.resume_button.visible
    ui.click_widget(app, setup.resume_button)
    table = table_on(app)
    assert list(table.match.log) == list(match.log)
    pass_to_north_and_lift(ui, app)
    held = app.stack.top
    assert isinstance(held, HeldScene) and held.name == "North"
    assert any("North" in line and "South" in line for line in held.lines)    # the round's two cards
    lift(ui, app)
    assert app.stack.top is table and table.session.on_screen == "north"
    assert any(missed for _line, missed in table.log_lines())


def test_the_title_screen_continues_an_unfinished_example_game(ui):
    """The in-game menu says "Continue on the title screen picks it up", but the title screen
    offered only Lupin's games: an example game left with Save and leave could not be continued."""
    match = example_left_with_a_round_held_for_north(ui)
    app = ui.app(scenes=())
    title = TitleScene(look_for_saves=True)
    app.stack.push(title)
    app.update(0.02)
    assert title.offer is not None and title.continue_button.visible
    assert title.offer[1] == "Last game: Sealed bids (example), 2 moves played"
    ui.click_widget(app, title.continue_button)
    table = table_on(app)
    assert list(table.match.log) == list(match.log) and table.autosaver is not None
    pass_to_north_and_lift(ui, app)
    assert isinstance(app.stack.top, HeldScene) and app.stack.top.name == "North"


def test_the_continue_note_reads_in_italian_and_says_one_move(ui):
    match = Match("example", {}, 4, game_id="one-move")
    seat = match.state.to_act()[0]
    match.apply(next(a for a in match.state.legal_actions(seat) if type(a).__name__ == "Bid"))
    Autosaver()(match)
    i18n.set_language("it")
    app = ui.app(scenes=(), lang="it")
    title = TitleScene(look_for_saves=True)
    app.stack.push(title)
    app.update(0.02)
    assert title.offer is not None
    assert title.offer[1] == "Ultima partita: Offerte sigillate (esempio), 1 mossa giocata"


def test_a_finished_example_game_is_not_offered(ui):
    from game.ui.scenes.end import finished_example

    Autosaver()(finished_example())
    app = ui.app(scenes=())
    title = TitleScene(look_for_saves=True)
    app.stack.push(title)
    app.update(0.02)
    assert title.offer is None and not title.continue_button.visible


def test_a_game_against_the_computer_comes_back_against_the_computer(ui):
    """The set-up's Resume reads the computer seats from the save's ``meta.ui["computer"]``, but
    the table never wrote them: a game against the computer, continued, had South turn into a
    person (North was offered "Done: pass to South")."""
    from game.engine.saves import read_save
    from game.engine.session import COMPUTER_PAUSE

    app = ui.app(scenes=())
    app.stack.push(TitleScene())
    setup = SetupScene("example", seed=5, look_for_saves=False, players={"south": "random"})
    app.stack.push(setup)
    app.update(0.02)
    ui.click_widget(app, setup.start_button)
    table = table_on(app)
    if isinstance(app.stack.top, CurtainScene):
        lift(ui, app)
    click_card(ui, app, table, table.session.view().hand[0])       # north bids
    for _ in range(5):
        app.update(COMPUTER_PAUSE + 0.1)                            # the computer bids for south
    assert len(table.match.log) >= 2
    saved = read_save(table.autosaver.path_for(table.match))
    assert saved.ui["computer"] == {"south": "random"}

    for reopen in ("continue", "resume"):
        again = ui.app(scenes=())
        title = TitleScene(look_for_saves=True)
        again.stack.push(title)
        again.update(0.02)
        if reopen == "continue":
            ui.click_widget(again, title.continue_button)
        else:
            setup = SetupScene("example")
            again.stack.push(setup)
            again.update(0.02)
            ui.click_widget(again, setup.resume_button)
        resumed = table_on(again)
        assert set(resumed.session.computer) == {"south"}, reopen
        assert resumed.session.next_in_turn() is None, reopen        # no "Done: pass to South"
