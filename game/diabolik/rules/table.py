"""The table of Quadruplo furto: the ring of eight locations, the pieces and where new cards go.

Positions ``0..7`` run left to right (players read them as 1..8); the row's two ends are adjacent,
so the positions make a ring and :func:`dist` is the ring distance (0..4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

RING = 8
LOCATION_IDS: tuple[str, ...] = ("silvertal", "vannes", "montvert", "colle_verde", "ghenf", "clerville",
                                 "ghevry", "cima_picco_nero")
CRIMINALS: tuple[str, ...] = ("diabolik", "eva")
DETECTIVES: tuple[str, ...] = ("ginko", "morrigan")
AGENTS: tuple[str, ...] = ("blue", "yellow")
POLICE: tuple[str, ...] = DETECTIVES + AGENTS       # the order they activate in
ACTIONS_PER_TURN = 3
LOOT_CARDS = 4
CLUE_CARDS = 4
ROADBLOCKS = 2
STARTING_LOOT = 2
STARTING_CLUES = 2
CHASE_STEPS = 2
CHOICE_KINDS = ("slide_loot", "slide_clue", "roadblock_side", "police_step")
# An activation's group names (the station's `activate`), each the policemen it wakes, in order.
GROUPS: Mapping[str, tuple[str, ...]] = {
    "ginko": ("ginko",), "morrigan": ("morrigan",), "blue": ("blue",), "yellow": ("yellow",),
    "detectives": DETECTIVES, "agents": AGENTS, "all": POLICE,
}


@dataclass(frozen=True)
class Pawn:
    """A criminal: where, whether on the run (above the card) or in the shadow, and the loot carried."""

    pos: int
    on_the_run: bool
    carrying: int


@dataclass(frozen=True)
class PendingChoice:
    """A choice the criminals must make before play goes on: ``options`` are positions (where the
    card or policeman would go; for ``roadblock_side`` the other end of the edge), ``context``
    names the card or policeman (JSON values), ``seat`` answers it."""

    kind: str
    options: tuple[int, ...]
    context: Mapping[str, Any]
    seat: str


def norm(p: int) -> int:
    return p % RING


def dist(a: int, b: int) -> int:
    """The ring distance between two positions (0..4)."""
    d = (a - b) % RING
    return min(d, RING - d)


def edge(a: int, b: int) -> tuple[int, int]:
    """The edge between two adjacent positions, as a sorted pair (``(0, 7)`` for the wrap)."""
    a, b = norm(a), norm(b)
    return (a, b) if a < b else (b, a)


def neighbours(p: int) -> tuple[int, int]:
    """The two adjacent positions: (left, right)."""
    return norm(p - 1), norm(p + 1)


def first_steps(frm: int, to: int) -> tuple[int, ...]:
    """The first steps of the shortest ways from ``frm`` to ``to`` (two when 4 apart; none if there)."""
    d = (to - frm) % RING
    if d == 0:
        return ()
    if d * 2 == RING:
        return tuple(sorted((norm(frm + 1), norm(frm - 1))))
    return (norm(frm + 1),) if d * 2 < RING else (norm(frm - 1),)


def steps_toward(frm: int, targets: Iterable[int]) -> dict[int, int]:
    """Toward the nearest of ``targets``: each possible first step -> the target it leads to
    (the nearest targets' shortest ways; the lowest target when two lie the same way). Empty when a
    target is at ``frm`` or there is none."""
    ts = sorted(set(targets))
    if not ts:
        return {}
    best = min(dist(frm, t) for t in ts)
    out: dict[int, int] = {}
    for t in ts:
        if dist(frm, t) == best:
            for s in first_steps(frm, t):
                out.setdefault(s, t)
    return dict(sorted(out.items()))


def slide_options(rolled: int, blockers: Iterable[int]) -> tuple[int, ...]:
    """Where a new card rolled at ``rolled`` may go: the roll itself when it is at least 2 from every
    blocker; else the nearest places (1, 2, 3, 4 away, both ways) that are; two options when both
    ways at that distance qualify. Only if no place anywhere is 2 from every blocker, the same with
    "not on a blocker" (rulebook p.5: slide to 2 positions away; only if those are taken, 1)."""
    bs = tuple(blockers)
    for need in (2, 1):
        def ok(q: int, need: int = need) -> bool:
            return all(dist(q, b) >= need for b in bs)
        if not any(ok(q) for q in range(RING)):
            continue
        if ok(rolled):
            return (norm(rolled),)
        for k in range(1, RING // 2 + 1):
            valid = tuple(sorted({q for q in (norm(rolled - k), norm(rolled + k)) if ok(q)}))
            if valid:
                return valid
    return (norm(rolled),)   # eight blockers cannot happen (at most four cards and the hideout)
