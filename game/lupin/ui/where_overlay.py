"""Zenigata's "Where could they be?" overlay (issue #14): for a person playing the police, the spots
where each hidden gang member can be, as Zenigata may reason it from his own view only.

:class:`WhereOverlay` is an observer of the table session (``session.watch("zenigata", overlay)``):
it is told Zenigata's view after every action (the game so far replayed into it when it is first
switched on, and again after an undo) and keeps a :class:`game.lupin.belief.Belief` of it. It never
reads the state, nor any other seat's view. The play screen draws it only while Zenigata's own
board is on screen and the player has switched it on (it is off by default).

How it looks: every square where a hidden member can be gets a light hatch and, in its own corner,
the member's letter in a small disc of his token's colour (Lupin, Fujiko and Jigen along the
bottom, Goemon top right): the letter tells who, never the colour alone. Where a member may be
anywhere in a wide area (more than :data:`FEW` squares: early in the game, or after a car ride
he may have taken) his letters mark only its edge, the squares beside ground where he cannot be, so
that the board stays readable and the line Zenigata has to close stands out. A building whose
inside may hide a member is outlined with dashes and carries a badge with the letters.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.lupin.belief import Belief
from game.lupin.rules.geometry import GANG, BoardState, Inside, Under
from game.lupin.ui.board_scene import BOARD_RECT, GANG_STYLE, SQUARE, square_rect
from game.ui import theme

SEAT = "zenigata"
ORDER = ("lupin", "jigen", "goemon", "fujiko")
# where each member's letter sits in a square: along the bottom, and Goemon top right (the top left
# corner is the lit squares' glyph's)
CORNERS = {"lupin": (0.2, 0.8), "fujiko": (0.5, 0.8), "jigen": (0.8, 0.8), "goemon": (0.8, 0.2)}
DISC = SQUARE * 0.15
FEW = 40   # up to this many squares a member's letter is on every one; above it, on the edge only


class WhereOverlay:
    """See the module docstring. ``version`` changes whenever what it would draw may change."""

    def __init__(self) -> None:
        self.belief: Belief | None = None
        self.version = 0
        self._ground_cells: frozenset[tuple[int, int]] | None = None

    # ---------------------------------------------------------------- the session's observer
    def observe(self, view: dict[str, Any]) -> None:
        if view.get("seat") != SEAT:   # only ever Zenigata's own view
            raise ValueError("the overlay reads Zenigata's view only")
        if self.belief is None:
            self.belief = Belief(view)
        else:
            self.belief.update(view)
        self.version += 1

    def reset(self) -> None:
        self.belief = None
        self.version += 1

    # ---------------------------------------------------------------- what it shows
    def hidden(self) -> list[str]:
        """The members whose spot Zenigata does not see (in the roster's order)."""
        if self.belief is None:
            return []
        members = self.belief.members
        return [m for m in (*ORDER, *sorted(set(members) - set(ORDER)))
                if m in members and members[m].status == "hidden"]

    def squares(self) -> dict[str, set[tuple[int, int]]]:
        """member -> the board squares (row, col) where he can be (an underpass's passage counts
        for its square)."""
        out: dict[str, set[tuple[int, int]]] = {}
        belief = self.belief
        if belief is None:
            return out
        for m in self.hidden():
            cells: set[tuple[int, int]] = set()
            for spot in belief.spots(m):
                if isinstance(spot, Under):
                    cells.add((spot.square.row, spot.square.col))
                elif not isinstance(spot, Inside):
                    cells.add((spot.row, spot.col))
            out[m] = cells
        return out

    def insides(self) -> dict[str, set[str]]:
        """member -> the buildings whose inside may hide him."""
        belief = self.belief
        if belief is None:
            return {}
        return {m: {s.building for s in belief.spots(m) if isinstance(s, Inside)} for m in self.hidden()}

    def letters(self) -> dict[str, set[tuple[int, int]]]:
        """member -> the squares that carry his letter: all of his when they are few (``FEW``),
        else the edge of his area (a square with a side on a square where he cannot be)."""
        out: dict[str, set[tuple[int, int]]] = {}
        for m, cells in self.squares().items():
            if len(cells) <= FEW:
                out[m] = set(cells)
                continue
            ground = self._ground()
            out[m] = {(r, c) for r, c in cells
                      if any(n in ground and n not in cells for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))}
        return out

    def _ground(self) -> frozenset[tuple[int, int]]:
        """The squares a gang member may stand on at all (walking or swimming): a building's
        footprint or a wall beside his area is no edge of it."""
        if self._ground_cells is None:
            assert self.belief is not None
            geo = self.belief.geo
            self._ground_cells = frozenset((s.row, s.col) for s in geo.board.squares()
                                           if geo.can_stand(s, GANG, BoardState(), False)
                                           or geo.can_stand(s, GANG, BoardState(), True))
        return self._ground_cells

    # ---------------------------------------------------------------- drawing
    def draw(self, canvas: Any, board: Any) -> None:
        """Into the board's rect (a cached sprite: drawn again only when ``version`` changes)."""
        canvas.sprite(("lupin-where", id(self), self.version), BOARD_RECT, lambda c: self._draw(c, board))

    def _draw(self, canvas: Any, board: Any) -> None:
        by_square: dict[tuple[int, int], list[str]] = {}
        for m, cells in self.squares().items():
            for cell in cells:
                by_square.setdefault(cell, [])
        for m, cells in self.letters().items():
            for cell in cells:
                by_square[cell].append(m)
        for (row, col), members in by_square.items():
            r = square_rect(row, col)
            canvas.fill((250, 236, 190, 40), r)
            with canvas.clip(r):   # a light hatch: two diagonals, wide apart
                for k in (0.0, 0.5):
                    canvas.line((250, 236, 190, 110), (r.left + k * r.width, r.bottom),
                                (r.right + k * r.width, r.top), 1.5)
            for m in members:
                fx, fy = CORNERS.get(m, (0.5, 0.5))
                _letter_disc(canvas, m, (r.left + r.width * fx, r.top + r.height * fy), DISC)
        by_building: dict[str, list[str]] = {}
        for m, buildings in self.insides().items():
            for b in buildings:
                by_building.setdefault(b, []).append(m)
        for name, members in by_building.items():
            b = board.buildings.get(name)
            if b is None or not b.squares:
                continue
            rows = [s.row for s in b.squares]
            cols = [s.col for s in b.squares]
            box = square_rect(min(rows), min(cols)).union(square_rect(max(rows), max(cols))).inflate(-4, -4)
            pts = [box.topleft, box.topright, box.bottomright, box.bottomleft, box.topleft]
            canvas.dashed((250, 236, 190, 220), pts, dash=7, gap=5, width=2)
            w = 12 + len(members) * SQUARE * 0.4
            badge = pygame.FRect(0, 0, w, SQUARE * 0.5)
            badge.center = box.center
            canvas.fill((12, 18, 36, 225), badge, radius=8)
            canvas.border((250, 236, 190), badge, width=1.5, radius=8)
            for i, m in enumerate(members):
                _letter_disc(canvas, m, (badge.left + 6 + SQUARE * 0.2 + i * SQUARE * 0.4, badge.centery),
                             SQUARE * 0.17)


def _letter_disc(canvas: Any, member: str, centre: tuple[float, float], rad: float) -> None:
    colour, letter = GANG_STYLE.get(member, ((120, 120, 120), member[:1].upper()))
    canvas.circle((20, 20, 24, 200), centre, rad + 1.5)
    canvas.circle((*colour, 210), centre, rad)
    canvas.text(letter, (centre[0], centre[1] + 0.5), rad * 1.5, theme.DISPLAY, theme.INK, anchor="center")


def legend_letters() -> list[tuple[str, str]]:
    """(member, letter) for the overlay's legend."""
    return [(m, GANG_STYLE[m][1]) for m in ORDER]

