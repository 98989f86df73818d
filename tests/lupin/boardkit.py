"""Tiny boards drawn in text for the geometry tests, in the draft notation of tools/mapgen.

``make_board(ground, legend=..., roofs=..., places=[...])`` builds the pure Board model directly,
so each rule can be shown on a few squares; the same boards are also built as Tiled maps in
tests/lupin/fixtures (see test_fixture_maps.py) to prove the loader reads them the same way.
"""

from __future__ import annotations

from game.engine.board import Place
from game.engine.grid import parse_coord, parse_span
from game.lupin.rules.terrain import Board, Cell

LEGEND = {
    ".": "road", ",": "grass", "d": "dirt", "T": "woods", "f": "flowerbed", "x": "crossing",
    "#": "wall", "B": "building", "D": "door", "A": "roof_access", "=": "bridge", "k": "dock",
    "p": "puddle", "s": "stairs", "/": "ramp", "c": "column", "R": "ruin", "o": "ruin_floor",
    ">": "arrow", "u": "underpass", "H": "helipad", "~": "water",
}


def _grid(text: str | None, rows: int, cols: int, fill: str = ".") -> list[str]:
    if text is None:
        return [fill * cols] * rows
    lines = [ln.strip() for ln in text.strip("\n").splitlines() if ln.strip()]
    assert len(lines) == rows and all(len(ln) == cols for ln in lines), lines
    return lines


def squares_at(at: str):
    if ":" in at:
        a, b = (parse_coord(x) for x in at.split(":"))
        return tuple(type(a)(r, c) for r in range(a.row, b.row + 1) for c in range(a.col, b.col + 1))
    return tuple(parse_span(at))


def make_board(ground: str, *, roofs=None, water=None, temples=None, flooded=None, ditch=None,
               levels=None, places=(), legend=None, name="test") -> Board:
    legend = {**LEGEND, **(legend or {})}
    g = [ln.strip() for ln in ground.strip("\n").splitlines() if ln.strip()]
    rows, cols = len(g), len(g[0])
    rf, wa, te, fl, di, lv = (_grid(x, rows, cols) for x in (roofs, water, temples, flooded, ditch, levels))
    cells = []
    for r in range(rows):
        row = []
        for c in range(cols):
            ch = rf[r][c]
            height, roof = 0, False
            if ch.isdigit():
                height = int(ch)
            elif "a" <= ch <= "i":
                height, roof = ord(ch) - ord("a") + 1, True
            part = {"b": "body", "f": "floor", "s": "steps"}.get(te[r][c])
            level = {"-": -1, ".": 0}.get(lv[r][c]) if lv[r][c] in "-." else int(lv[r][c])
            row.append(Cell(
                terrain="water" if (g[r][c] == "~") else legend[g[r][c]],
                level=level, height=height, roof=roof,
                water=wa[r][c] == "~" or g[r][c] == "~",
                temple_part=part,
                flooded={"r": "red", "b": "blue", "y": "yellow"}.get(fl[r][c]),
                ditch=di[r][c] == "v",
            ))
        cells.append(row)
    pl = [Place(kind=p["kind"], name=p.get("name", p["kind"]), squares=squares_at(p["at"]),
                props=p.get("props", {})) for p in places]
    return Board(name, cells, pl)
