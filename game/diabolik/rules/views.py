"""What the seats see (everything but the RNG: the game is co-operative and the police automated)
and what an action would cost, for the screen and the computer criminals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.api import Action, Result
from game.diabolik.rules.actions import Move
from game.diabolik.rules.table import PendingChoice, Pawn, dist, edge


@dataclass(frozen=True)
class DiabolikView:
    """Identical for every seat and the table (nothing is secret but the RNG), apart from ``seat``."""

    seat: str
    seats: tuple[str, ...]                         # criminals in play
    locations: tuple[str, ...]                     # location id at each position 0..7
    hideout: int
    criminals: Mapping[str, Pawn]
    police: Mapping[str, int]                      # ginko, [morrigan], blue, yellow -> position
    loot: tuple[int, ...]                          # loot cards lying in the shadow (sorted)
    clues: tuple[int, ...]                         # clue cards in play (sorted)
    loot_left: int                                 # still in the box
    clues_left: int
    banked: int                                    # loot at the hideout (win at 4)
    roadblocks: tuple[tuple[int, int], ...]        # in the order they were placed (the first moves)
    danger: int
    danger_max: int
    round: int
    phase: str                                     # "criminals" | "choice" | "over"
    leader: str | None
    turn: str | None
    done: tuple[str, ...]
    actions_left: int
    sighted: bool
    pending: PendingChoice | None
    to_act: tuple[str, ...]
    diabolika: bool
    last_roll: int | None
    result: Result | None
    queue: tuple[tuple[Any, ...], ...] = ()        # the steps still to play after the pending choice


@dataclass(frozen=True)
class Preview:
    """What an action would cost now: the danger it adds, whether it is a sighting, the roadblock
    it would break (a criminal on the run crossing it)."""

    danger: int
    sighting: bool
    breaks_roadblock: tuple[int, int] | None


NOTHING = Preview(0, False, None)


def move_cost(view: DiabolikView, seat: str, to: int) -> Preview:
    """What moving ``seat`` to ``to`` would cost (the rules use the same reckoning)."""
    pawn = view.criminals.get(seat)
    if pawn is None or not 0 <= to < 8 or dist(pawn.pos, to) != 1:
        return NOTHING
    return cost_of_move(pawn, to, view.police.values(), view.roadblocks, view.diabolika, view.sighted)


def cost_of_move(pawn: Pawn, to: int, police: Iterable[int], roadblocks: Iterable[tuple[int, int]],
                 diabolika: bool, sighted: bool) -> Preview:
    """A move's cost: in the shadow, a sighting when the place left or reached holds a policeman
    or the edge crossed a roadblock (+1 only at the turn's first sighting); on the run, no
    sighting, and a roadblock crossed is broken; Diabolika, +1 for every policeman and roadblock met."""
    crossed = edge(pawn.pos, to)
    block = crossed in tuple(roadblocks)
    police = tuple(police)
    police_from = sum(1 for at in police if at == pawn.pos)
    police_to = sum(1 for at in police if at == to)
    broken = crossed if block and pawn.on_the_run else None
    if diabolika:
        met = police_from + police_to + (1 if block else 0)
        return Preview(met, met > 0, broken)
    if pawn.on_the_run:
        return Preview(0, False, broken)
    seen = bool(police_from or police_to or block)
    return Preview(1 if seen and not sighted else 0, seen, None)


def preview(view: DiabolikView, action: Action) -> Preview:
    """What ``action`` would cost if played now (nothing for anything but a move)."""
    if isinstance(action, Move):
        return move_cost(view, action.seat, action.to)
    return NOTHING
