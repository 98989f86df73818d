"""Square-grid coordinates in the rulebooks' notation: rows by letter (A at the top), columns by
number (1 at the left), so ``A1`` is the top-left square and ``T25`` the bottom-right of a board of
20 rows and 25 columns. Inside the code a square is ``Sq(row, col)``, both counted from 0.
"""

from __future__ import annotations

import re
from typing import NamedTuple
from collections.abc import Iterator

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_COORD = re.compile(r"^\s*([A-Za-z])\s*(\d{1,3})\s*$")


class Sq(NamedTuple):
    row: int
    col: int

    def __str__(self) -> str:
        return format_coord(self)

    def neighbours4(self) -> Iterator[Sq]:
        r, c = self
        yield Sq(r - 1, c)
        yield Sq(r + 1, c)
        yield Sq(r, c - 1)
        yield Sq(r, c + 1)

    def neighbours8(self) -> Iterator[Sq]:
        r, c = self
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    yield Sq(r + dr, c + dc)


def parse_coord(text: str) -> Sq:
    """``"C12"`` → ``Sq(2, 11)``; raises ValueError with a readable sentence otherwise."""
    m = _COORD.match(text or "")
    if not m:
        raise ValueError(f"{text!r} is not a square: write a row letter and a column number, like C12")
    row = ROW_LETTERS.index(m.group(1).upper())
    col = int(m.group(2)) - 1
    if col < 0:
        raise ValueError(f"{text!r} is not a square: columns start at 1")
    return Sq(row, col)


def format_coord(sq: tuple[int, int]) -> str:
    """``Sq(2, 11)`` → ``"C12"``."""
    row, col = sq
    return f"{ROW_LETTERS[row]}{col + 1}"


def parse_span(text: str) -> list[Sq]:
    """``"L23-L24"`` or ``"D13-D19"`` (a straight run of squares) or a single ``"E9"``."""
    parts = [p for p in re.split(r"\s*[-–]\s*", text.strip()) if p]
    if len(parts) == 1:
        return [parse_coord(parts[0])]
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not a square or a run of squares like D13-D19")
    a, b = parse_coord(parts[0]), parse_coord(parts[1])
    if a.row != b.row and a.col != b.col:
        raise ValueError(f"{text!r} is not a straight run: both ends must share a row or a column")
    r0, r1 = sorted((a.row, b.row))
    c0, c1 = sorted((a.col, b.col))
    return [Sq(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
