"""What the How to Rob a Bank screen tests share: headless pygame, a private user folder, the
shell's UI driver (tests/ui/conftest.py's UI), and ways to reach the table and to click what a
player would click."""

from __future__ import annotations

from tests.ui.conftest import UI, ui  # noqa: F401 - the shell's UI driver and its fixture
from tests.ui.conftest import _headless_and_private as headless  # noqa: F401 - autouse where imported


def open_table(ui, match, lang=None, **options):
    """An app showing ``match`` at Rob a Bank's table (not saved), in ``lang``."""
    return ui.open_table("robbank-table", match, lang, **options)


def table_of(app):
    from game.robbank.ui.table import RobTableScene

    return next(s for s in app.stack.scenes if isinstance(s, RobTableScene))


def settle(app, seconds=1.0):
    """Time passes (a card's flip ends, the board's click guard passes)."""
    for _ in range(int(seconds / 0.1) + 1):
        app.update(0.1)


def where_to_click(scene, action):
    """The logical point a player clicks for ``action`` (a button, a hand card, a piece, a room)."""
    from game.robbank.rules import (
        GuardMove, Grab, Lay, Lock, MoveCar, PassBag, Pick, PlaceCar, Rotate, SetOffAlarm, Spray, Tackle, ThiefMove,
        Throw, Vents, ALARM,
    )
    from game.robbank.ui.board import pieces, room_rect, section_rect

    board = scene.board
    view, legal = scene.session.view(), scene.session.legal()
    for rect, a, _label in board.buttons(view, legal):
        if a == action:
            return rect.center
    if isinstance(action, Lay):
        for rect, card in board.hand_rects(view):
            if card == action.card:
                return rect.center
    if isinstance(action, Rotate):
        return room_rect(action.room).move(0, 30).center
    if isinstance(action, PlaceCar):
        return section_rect(action.section).center
    if isinstance(action, (ThiefMove, Vents, GuardMove)):
        r = room_rect(action.to)
        return (r.left + 20, r.bottom - 40)
    where = pieces(view)
    if isinstance(action, Tackle):
        return where[("thief", action.thief)]
    if isinstance(action, PassBag):
        return where[("thief", action.to)]
    if isinstance(action, Spray):
        return where[("guard", action.guard)]
    if isinstance(action, (Lock, Grab, Pick)):
        return where[("alarm", ALARM) if action.token == ALARM else ("loot", action.token)]
    if isinstance(action, SetOffAlarm):
        return where[("alarm", ALARM)]
    if isinstance(action, (Throw, MoveCar)):
        return section_rect(view.car if isinstance(action, Throw) else action.section).center
    raise AssertionError(f"nothing to click for {action}")


drawn_texts = UI.drawn_texts   # every text drawn in the next frame


def lift_curtain(ui, app):
    """A curtain (or what was held for a seat) on top is lifted by its player's click; whether one was."""
    from game.ui.scenes.curtain import CurtainScene

    if not isinstance(app.stack.top, CurtainScene):
        return False
    settle(app, 1.2)
    ui.click(app, (800, 450))
    settle(app, 0.2)
    return True
