"""What the Lupusburg screen tests share: headless pygame, a private user folder, the shell's UI
driver (tests/ui/conftest.py's UI), ways to reach the table, to click what a player would click, to
play a whole game by clicks, and the privacy check of a frame."""

from __future__ import annotations

import random

from game.engine.api import TABLE

from tests.ui.conftest import UI, ui  # noqa: F401 - the shell's UI driver and its fixture
from tests.ui.conftest import _headless_and_private as headless  # noqa: F401 - autouse where imported

drawn_texts = UI.drawn_texts   # every text drawn in the next frame


def open_table(ui, match, lang=None, **options):
    """An app showing ``match`` at Lupusburg's table (not saved), in ``lang``."""
    return ui.open_table("lupusburg-table", match, lang, **options)


def table_of(app):
    from game.lupusburg.ui.table import LupusTableScene

    return next(s for s in app.stack.scenes if isinstance(s, LupusTableScene))


def settle(app, seconds=1.0):
    """Time passes (the curtain's arming, the board's click guard, a computer's pause)."""
    for _ in range(int(seconds / 0.1) + 1):
        app.update(0.1)


def where_to_click(scene, action):
    """The logical points a player clicks, in order, for ``action`` (a coin then a player for a
    bet; one point for anything else)."""
    from game.lupusburg.rules.actions import EndDiscussion, GiveBroom, Keep, Place, ShowBack
    from game.lupusburg.ui.board import house_rect, plate_rect

    board = scene.board
    view, legal = scene.shown_view(), scene.shown_legal()
    seats = board.seats
    if isinstance(action, EndDiscussion):
        return [scene.end_button.rect.center]
    for rect, a, _label in board.buttons(view, legal):
        if a == action:
            return [rect.center]
    if isinstance(action, Keep):
        coin = next(r.center for r, v in board.coin_rects(view) if v == action.coin)
        return [coin, plate_rect(seats, action.target).center]
    if isinstance(action, GiveBroom):
        return [plate_rect(seats, action.player).center]
    if isinstance(action, Place):
        return [house_rect(seats, action.seat, action.chest).center]
    if isinstance(action, ShowBack):
        return [house_rect(seats, action.seat, action.side).center]
    if hasattr(action, "player") and hasattr(action, "side"):
        return [house_rect(seats, action.player, action.side).center]
    raise AssertionError(f"nothing to click for {action}")


def lift_curtain(ui, app):
    """A curtain on top is lifted by its player's click; whether one was."""
    from game.ui.scenes.curtain import CurtainScene

    if not isinstance(app.stack.top, CurtainScene):
        return False
    settle(app, 0.7)
    ui.click(app, (800, 450))
    settle(app, 0.3)
    return True


def allowed(state, seat, secret):
    """Whether the screen of ``seat`` may show ``secret`` (an item the board recorded drawing)."""
    if state.is_over():
        return True
    kind, *rest = secret
    if kind == "character":
        player, side, character = rest
        if player == seat:
            if side.startswith("hand"):
                return character in state.dealt[seat]
            return state.characters.get(seat, {}).get(side) == character
        return any(tuple(s.house) == (player, side) and s.character == character for s in state.seen.get(seat, ()))
    if kind == "chest":
        return rest[0] == seat and state.chest.get(seat) == rest[1]
    if kind == "look":
        player, side, found = rest
        return any(tuple(lk.house) == (player, side) and lk.chest == (found == "chest")
                   for lk in state.looks.get(seat, ()))
    if kind == "coin":
        return rest[0] == seat
    if kind in ("drawn", "role", "ballot"):
        return rest[0] == seat
    return False


def check_frame(app, table):
    """Draw a frame; the board drew only the screen seat's (or nobody's) secrets, each its own to
    see. Returns the seat whose view was drawn (None: the table was not drawn: a curtain)."""
    table.board.drawn = None
    app.update(0.02)
    app.draw()
    drawn = table.board.drawn
    if drawn is None:
        return None
    seat, secrets = drawn
    state = table.match.state
    expected = table.session.screen_seat() if not table.public_screen() else TABLE
    assert seat == expected, (seat, expected)
    for secret in secrets:
        assert seat != TABLE or state.is_over(), (seat, secret)
        assert allowed(state, seat, secret), (seat, secret)
    return seat


def play_by_clicks(ui, app, *, seed=1, most=4000, check=True, on_frame=None):
    """Play the game on the table by clicks alone (random legal choices), lifting every curtain
    and closing every result panel, until the end screen; every frame checked for privacy."""
    from game.lupusburg.ui.end import LupusEndScene
    from game.lupusburg.ui.table import CallResult
    from game.ui.scenes.curtain import CurtainScene

    rng = random.Random(seed)
    table = table_of(app)
    for _ in range(most):
        top = app.stack.top
        if isinstance(top, LupusEndScene):
            return table
        if check:
            seen = check_frame(app, table)
            if on_frame is not None:
                on_frame(table, seen)
        if isinstance(top, CurtainScene):
            lift_curtain(ui, app)
            continue
        if isinstance(top, CallResult):
            settle(app, 0.3)
            ui.click(app, top.done_button.rect.center)
            continue
        if top is not table:
            settle(app, 0.3)
            continue
        state = table.match.state
        if state.phase == "discuss" and table.session.people():
            settle(app, 0.3)
            ui.click(app, table.end_button.rect.center)
            continue
        legal = table.shown_legal()
        if not legal:
            settle(app, 0.7)
            continue
        action = legal[rng.randrange(len(legal))]
        before = len(table.match.log)
        for point in where_to_click(table, action):
            settle(app, 0.3)
            ui.click(app, point)
        assert len(table.match.log) == before + 1 and table.match.log[-1] == action, (action, table.message_text())
    raise AssertionError("the game did not end")
