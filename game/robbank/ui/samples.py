"""Seeded positions of How to Rob a Bank for the screenshots (and tests): found by playing the
computer's moves from fixed seeds, so each picture is always the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.api import TABLE
from game.engine.replay import Match

SEEDS = range(1, 300)
MOST_MOVES = 1500


def _search(test: Callable[[Any, Any], bool], config: dict[str, Any] | None = None) -> Match:
    """The first position (seed by seed, move by move) where ``test(view, state)`` holds."""
    from game.robbank.ai import NormalBot

    for seed in SEEDS:
        match = Match("robbank", {"players": 3, **(config or {})}, seed, game_id="robbank-screenshot")
        bots: dict[str, Any] = {}
        while len(match.log) < MOST_MOVES and not match.state.is_over():
            if test(match.state.view(TABLE), match.state):
                return match
            seat = match.state.to_act()[0]
            bot = bots.setdefault(seat, NormalBot(seed))
            match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    raise LookupError("no sample position found")


def _robbing(view: Any, state: Any) -> bool:
    turn = view.turn
    return (view.phase == "rob" and turn is not None and turn.stack == "yellow" and not turn.started
            and view.round >= 1 and any(f.carrying for f in view.thieves.values())
            and any(f.stunned for f in view.guards.values()) and len(state.legal_actions("yellow")) >= 3)


def rob_position() -> Match:
    """Robbing: Yellow's card just revealed, a thief carrying a bag, a guard stunned."""
    try:
        return _search(_robbing)
    except LookupError:
        return _search(lambda v, s: v.phase == "rob" and v.turn is not None and v.turn.stack == "yellow")


def plan_position(config: dict[str, Any] | None = None) -> Match:
    """Planning by the table rules: Yellow to lay, every stack two cards high or more."""
    return _search(lambda v, s: v.phase == "plan" and v.laying == "yellow"
                   and all(len(c) >= 2 for c in v.stacks.values()), config)


def bank_position() -> tuple[Match, str]:
    """The bank's turn while robbing with a move card: (the game, a guard who may move)."""
    from game.robbank.rules import GuardMove

    def test(view: Any, state: Any) -> bool:
        return (view.phase == "rob" and view.turn is not None and view.turn.stack == "bank" and not view.turn.started
                and sum(isinstance(a, GuardMove) for a in state.legal_actions("bank")) >= 3
                and any(f.carrying for f in view.thieves.values()))

    try:
        match = _search(test)
    except LookupError:
        match = _search(lambda v, s: v.phase == "rob" and v.turn is not None and v.turn.stack == "bank"
                        and any(isinstance(a, GuardMove) for a in s.legal_actions("bank")))
    guard = next(a.guard for a in match.state.legal_actions("bank") if isinstance(a, GuardMove))
    return match, guard


def explore_position() -> Match:
    """A round whose rooms are walled in: the bank turns tiles."""
    return _search(lambda v, s: v.phase == "explore")


def car_position() -> Match:
    """The thieves choose where the car waits."""
    return _search(lambda v, s: v.phase == "car")


def four_position() -> Match:
    """Four players robbing after the alarm went off: three guards, three thieves, four stacks."""
    try:
        return _search(lambda v, s: v.phase == "rob" and v.turn is not None and v.alarm is not None
                       and v.alarm.room is None, {"players": 4})
    except LookupError:
        return _search(lambda v, s: v.phase == "rob", {"players": 4})
