"""The bank's geometry, pure: nine rooms in a 3×3 grid (0 top-left .. 8 bottom-right, row by row),
the walls the tiles show once turned, the twelve road sections around the bank, and the questions the
rules ask of them (which rooms are joined, is every room open, where the car may start, which
section a room may throw into).

Sides are ``n, e, s, w``; a tile's rotation is a number of quarter turns clockwise, so a wall printed
on ``n`` faces ``e`` after one turn. The road sections run clockwise from the top-left corner:
0-2 above rooms 0-2, 3-5 right of rooms 2, 5, 8, 6-8 below rooms 8, 7, 6, 9-11 left of rooms 6, 3,
0. Each section is joined to the one room beside it, and the car moves one section at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

SIDES = ("n", "e", "s", "w")
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
STEP = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
ROOMS = 9
SECTIONS: tuple[tuple[int, str], ...] = (
    (0, "n"), (1, "n"), (2, "n"),
    (2, "e"), (5, "e"), (8, "e"),
    (8, "s"), (7, "s"), (6, "s"),
    (6, "w"), (3, "w"), (0, "w"),
)
"""Road section -> (the room beside it, the room's side that faces it)."""

Walls = frozenset[tuple[int, str]]
"""(room, side) of every wall on the board."""


def turned(side: str, quarters: int) -> str:
    """A printed side after ``quarters`` quarter turns clockwise."""
    return SIDES[(SIDES.index(side) + quarters) % 4]


def rc(room: int) -> tuple[int, int]:
    return divmod(room, 3)


def _neighbour(room: int, side: str) -> int | None:
    r, c = rc(room)
    dr, dc = STEP[side]
    r, c = r + dr, c + dc
    return r * 3 + c if 0 <= r < 3 and 0 <= c < 3 else None


_NEIGHBOURS = {(room, side): _neighbour(room, side) for room in range(ROOMS) for side in SIDES}


def neighbour(room: int, side: str) -> int | None:
    """The room beyond ``side`` of ``room`` (None: the road)."""
    return _NEIGHBOURS[room, side]


def walls_of(layout: Iterable[tuple[Iterable[str], int]]) -> Walls:
    """The walls of a layout given, room by room, as (printed wall sides, rotation)."""
    return frozenset((room, turned(side, q)) for room, (sides, q) in enumerate(layout) for side in sides)


def blocked(walls: Walls, room: int, side: str) -> bool:
    """Whether a wall stands on ``side`` of ``room`` (drawn on this tile or on the neighbour's)."""
    if (room, side) in walls:
        return True
    other = neighbour(room, side)
    return other is not None and (other, OPPOSITE[side]) in walls


@functools.lru_cache(maxsize=8192)
def exits(walls: Walls, room: int) -> tuple[int, ...]:
    """The rooms one may walk to from ``room`` (orthogonal, no wall between), in side order (kept
    for the boards in use: the computer players ask it by the thousand)."""
    out = []
    for side in SIDES:
        other = neighbour(room, side)
        if other is not None and not blocked(walls, room, side):
            out.append(other)
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def reachable(walls: Walls, start: int) -> frozenset[int]:
    seen = {start}
    todo = [start]
    while todo:
        room = todo.pop()
        for other in exits(walls, room):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return frozenset(seen)


def is_open(walls: Walls) -> bool:
    """Whether no room is walled in: every room can be walked to from every other."""
    return len(reachable(walls, 0)) == ROOMS


def distances(walls: Walls, start: int) -> dict[int, int]:
    """Steps from ``start`` to every room it can reach, walking."""
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for room in frontier:
            for other in exits(walls, room):
                if other not in dist:
                    dist[other] = dist[room] + 1
                    nxt.append(other)
        frontier = nxt
    return dist


def section_room(section: int) -> int:
    return SECTIONS[section][0]


def joined(walls: Walls, section: int) -> int | None:
    """The room a section is joined to, or None when a wall stands between (no throwing there)."""
    room, side = SECTIONS[section]
    return None if (room, side) in walls else room


def car_steps(section: int) -> tuple[int, int]:
    """The two sections the car may move to from ``section`` (left and right along the road)."""
    n = len(SECTIONS)
    return ((section - 1) % n, (section + 1) % n)


def road_distance(a: int, b: int) -> int:
    n = len(SECTIONS)
    d = abs(a - b) % n
    return min(d, n - d)


def _section_point(section: int) -> tuple[int, int]:
    """A section's midpoint in half-room units (x right, y down; the bank is 0..6 each way)."""
    room, side = SECTIONS[section]
    r, c = rc(room)
    x, y = 2 * c + 1, 2 * r + 1
    dx, dy = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}[side]
    return x + dx, y + dy


def car_starts(start_room: int) -> tuple[int, ...]:
    """The road sections farthest from the thieves' start room (straight-line distance from the
    room's centre to the section's middle): two from a corner or a side's middle (the thieves choose
    left or right), eight from the centre (the thieves choose among the corners' sections). See
    docs/rules-decisions.md."""
    r, c = rc(start_room)
    x, y = 2 * c + 1, 2 * r + 1
    far = {s: (px - x) ** 2 + (py - y) ** 2 for s in range(len(SECTIONS)) for px, py in [_section_point(s)]}
    best = max(far.values())
    return tuple(s for s in range(len(SECTIONS)) if far[s] == best)


def adjacency(walls: Walls) -> Mapping[int, tuple[int, ...]]:
    return {room: exits(walls, room) for room in range(ROOMS)}
