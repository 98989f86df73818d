"""Seeded positions of Diabolik for the screenshots (and tests): found by playing random legal
moves from fixed seeds, so each picture is always the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.api import TABLE
from game.engine.replay import Match
from game.engine.session import Played

SEEDS = range(1, 400)
MOST_MOVES = 400


def _search(test: Callable[[Any], bool], players: int = 2, config: dict[str, Any] | None = None) -> Match:
    """The first position (seed by seed, move by move) where ``test(view)`` holds, as a Match."""
    from game.engine.playout import RandomBot

    for seed in SEEDS:
        match = Match("diabolik", {"players": players, **(config or {})}, seed, game_id="diabolik-screenshot")
        bot = RandomBot(seed)
        while len(match.log) < MOST_MOVES and not match.state.is_over():
            if test(match.state.view(TABLE)):
                return match
            seat = match.state.to_act()[0]
            match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    raise LookupError("no sample position found")


def _mid_game(view: Any) -> bool:
    runs = [p for p in view.criminals.values() if p.on_the_run]
    return (view.phase == "criminals" and view.turn is not None and len(runs) == 1 and bool(view.roadblocks)
            and bool(view.loot) and bool(view.clues) and (view.banked > 0 or any(p.carrying for p in
                                                                                  view.criminals.values()))
            and view.actions_left == 3 and view.danger < view.danger_max - 3)


def table_position() -> Match:
    """Mid-game: loot and clues on the table, a roadblock, one criminal on the run, loot carried or
    home, the criminal to act with all three actions."""
    return _search(_mid_game)


def choice_position() -> Match:
    """A choice the police leave to the criminals, waiting on the board (a policeman's step if
    one comes, else any)."""
    try:
        return _search(lambda v: v.pending is not None and v.pending.kind == "police_step")
    except LookupError:
        return _search(lambda v: v.pending is not None)


def police_show() -> tuple[Match, Any, Played, int]:
    """A move that ends a round: (the game after it, the view before it, the move as played, the
    index of its first event where a policeman moves toward something)."""
    from game.engine.playout import RandomBot

    for seed in SEEDS:
        match = Match("diabolik", {"players": 2}, seed, game_id="diabolik-screenshot")
        bot = RandomBot(seed)
        while len(match.log) < MOST_MOVES and not match.state.is_over():
            seat = match.state.to_act()[0]
            before = match.state.view(seat)
            action = bot.choose(before, match.state.legal_actions(seat))
            events = match.apply(action)
            for i, e in enumerate(events):
                if e.kind == "diabolik.police_moved" and e.data.get("reason") in ("toward_clue", "chase") \
                        and len(match.log) > 6 and not match.state.is_over() and match.state.to_act():
                    return match, before, Played(action, tuple(events), (), tuple(events)), i
    raise LookupError("no sample police phase found")
