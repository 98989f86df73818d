"""Turn board drafts into Tiled maps: ``python3 -m tools.mapgen.build [--check] [names...]``.

Reads every draft module (``tools/mapgen/boards/*.py`` unless ``--drafts DIR``; the format is in
``tools/mapgen/README.md``) and writes ``<out>/<EPISODE>.tmx`` (``maps/`` unless ``--out DIR``),
referencing the tilesets of ``maps/tilesets`` by relative paths. Each draft is checked first (grid
sizes, legend characters, place coordinates), then the written map is loaded with the game's own
loader (under Lupin's map contract, ``game.lupin.rules.board_contract``), so a map that builds is a
map the game accepts. Problems are printed one per line, naming the draft file and line, the grid, the row letter and the column number.

``--check`` writes nothing and exits 1 when a ``.tmx`` is missing or differs from its draft.
The test fixtures are built with ``--drafts tests/fixtures/maps/src --out tests/fixtures/maps``.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from game.engine.content import ContentError
from game.engine.grid import ROW_LETTERS, Sq, parse_coord
from game.lupin.rules.board_contract import PLACE_KINDS, check_board, clear_cache
from game.lupin.rules.terrain import TERRAINS
from tools.mapgen.tmx import (MapObject, ObjectLayer, TileLayer, TilesetInfo, read_tsx, tmx_text,
                              write_text)

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DRAFTS = ROOT / "tools" / "mapgen" / "boards"
DEFAULT_OUT = ROOT / "maps"
DEFAULT_TILESETS = ROOT / "maps" / "tilesets"
TILE = 64
DEFAULT_ROWS, DEFAULT_COLS = 20, 25

#: Tilesets in the order they are listed in every map (their firstgids follow from it).
TILESET_NAMES = ("terrain", "water", "roofs", "temples", "flooded", "ditch", "levels")

#: The tile layers, bottom first, with the draft grid that fills each one.
LAYER_GRIDS = (("ground", "GROUND"), ("water", "WATER"), ("ditch", "DITCH"), ("levels", "LEVELS"),
               ("flooded", "FLOODED"), ("temples", "TEMPLES"), ("roofs", "ROOFS"))
HIDDEN_LAYERS = {"water"}   # only a mask for the rules: the ground's water tiles show the water

GRID_CHARS = {
    "ROOFS": ".123456789abcdefghi",
    "WATER": ".~",
    "TEMPLES": ".bfs",
    "DITCH": ".v",
    "LEVELS": "-.012",
}
GRID_WORDS = {
    "ROOFS": "'.' none, '1'..'9' a roof of that height, 'a'..'i' a standable roof square of height 1..9",
    "WATER": "'~' water, '.' none",
    "TEMPLES": "'b' body, 'f' floor, 's' steps, '.' none",
    "DITCH": "'v' ditch, '.' none",
    "LEVELS": "'-' level -1, '.' or '0' level 0, '1', '2'",
}
TEMPLE_PARTS = {"b": "body", "f": "floor", "s": "steps"}
LEVEL_CHARS = {"-": -1, "0": 0, "1": 1, "2": 2}
DEFAULT_ZONES = {"r": "red", "b": "blue", "y": "yellow"}

KNOWN_NAMES = {"EPISODE", "DESIGNED", "DESIGNED_NOTE", "ROWS", "COLS", "GROUND", "GROUND_LEGEND",
               "ROOFS", "WATER", "TEMPLES", "FLOODED", "FLOODED_ZONES", "DITCH", "LEVELS", "PLACES",
               "LABELS"}
GRIDS = ("GROUND", "ROOFS", "WATER", "TEMPLES", "FLOODED", "DITCH", "LEVELS")
EPISODE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class DraftError(Exception):
    """A problem in a draft: ``file:line: what``."""

    def __init__(self, file: str, line: int | None, message: str):
        self.file, self.line, self.message = file, line, message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"


@dataclass
class Draft:
    path: Path
    shown: str
    episode: str
    rows: int
    cols: int
    grids: dict[str, list[str]]
    legend: dict[str, str]
    zones: dict[str, str]
    places: list[dict[str, Any]]
    labels: list[dict[str, Any]]
    properties: dict[str, Any]
    lines: dict[str, int] = field(default_factory=dict)        # name -> line of its value
    grid_first: dict[str, int] = field(default_factory=dict)   # grid -> raw lines before its row A


# ----------------------------------------------------------------------------- reading a draft

def _shown(path: Path) -> str:
    """A path as the user best finds it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def load_module(path: Path) -> ModuleType:
    name = f"_mapgen_draft_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise DraftError(_shown(path), None, "cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        raise DraftError(_shown(path), exc.lineno, f"Python syntax error: {exc.msg}") from None
    except Exception as exc:  # a draft is code: report, never crash
        raise DraftError(_shown(path), None, f"fails to run: {type(exc).__name__}: {exc}") from None
    return module


def _source_lines(path: Path) -> tuple[dict[str, int], dict[str, list[int]]]:
    """Where each top-level name's value starts, and where each item of a list value starts."""
    lines: dict[str, int] = {}
    items: dict[str, list[int]] = {}
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, OSError, UnicodeDecodeError):
        return lines, items
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name):
                lines[target.id] = value.lineno
                if isinstance(value, (ast.List, ast.Tuple)):
                    items[target.id] = [e.lineno for e in value.elts]
    return lines, items


def _split_grid(text: str) -> tuple[list[str], int]:
    """The grid's lines and how many raw lines precede the first one."""
    raw = text.split("\n")
    first = 0
    while first < len(raw) and not raw[first].strip():
        first += 1
    last = len(raw)
    while last > first and not raw[last - 1].strip():
        last -= 1
    body = textwrap.dedent("\n".join(raw[first:last])).split("\n") if last > first else []
    return [row.rstrip() for row in body], first


def read_draft(path: str | Path) -> Draft:
    path = Path(path)
    shown = _shown(path)
    module = load_module(path)
    lines, items = _source_lines(path)

    def fail(name: str | None, message: str, offset: int = 0, at: int | None = None) -> DraftError:
        line = lines.get(name) if name else None
        if at is not None:
            return DraftError(shown, at, message)
        return DraftError(shown, line + offset if line is not None else None, message)

    names = {n for n in vars(module) if n.isupper() and not n.startswith("_")}
    unknown = sorted(names - KNOWN_NAMES)
    if unknown:
        raise fail(unknown[0], f"unknown name {unknown[0]}; a draft defines: {', '.join(sorted(KNOWN_NAMES))} "
                               "(start helper names with _)")
    episode = getattr(module, "EPISODE", None)
    if not isinstance(episode, str) or not EPISODE_NAME.match(episode):
        raise fail("EPISODE" if hasattr(module, "EPISODE") else None,
                   "EPISODE must name the .tmx file: lower-case letters, digits, '-' or '_' (like 'rosso-rubino')")
    rows = getattr(module, "ROWS", DEFAULT_ROWS)
    cols = getattr(module, "COLS", DEFAULT_COLS)
    for name, value in (("ROWS", rows), ("COLS", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise fail(name, f"{name} must be a whole number of at least 1")
    if rows > len(ROW_LETTERS):
        raise fail("ROWS", f"ROWS is {rows}; rows are lettered A–Z, so at most {len(ROW_LETTERS)}")

    if not hasattr(module, "GROUND"):
        raise fail(None, "GROUND is missing: every board needs its ground grid")
    legend = getattr(module, "GROUND_LEGEND", None)
    if not isinstance(legend, dict) or not legend:
        raise fail("GROUND_LEGEND" if hasattr(module, "GROUND_LEGEND") else None,
                   "GROUND_LEGEND must be a dict from a grid character to a terrain")
    for ch, terrain in legend.items():
        if not isinstance(ch, str) or len(ch) != 1 or ch.isspace():
            raise fail("GROUND_LEGEND", f"GROUND_LEGEND key {ch!r} must be a single visible character")
        if terrain not in TERRAINS:
            raise fail("GROUND_LEGEND", f"GROUND_LEGEND[{ch!r}] is {terrain!r}, not a terrain; "
                                        f"terrains: {', '.join(TERRAINS)}")
    zones = getattr(module, "FLOODED_ZONES", DEFAULT_ZONES)
    if not isinstance(zones, dict) or not all(isinstance(k, str) and len(k) == 1 and k != "."
                                              and isinstance(v, str) and v for k, v in zones.items()):
        raise fail("FLOODED_ZONES", "FLOODED_ZONES must map single letters to zone colours, like {'r': 'red'}")

    grids: dict[str, list[str]] = {}
    grid_first: dict[str, int] = {}
    for name in GRIDS:
        if not hasattr(module, name):
            continue
        text = getattr(module, name)
        if not isinstance(text, str):
            raise fail(name, f"{name} must be a text (a triple-quoted string of {rows} lines)")
        body, first = _split_grid(text)
        if name == "GROUND":
            allowed, words = "".join(legend), "GROUND_LEGEND has: " + " ".join(sorted(legend))
        elif name == "FLOODED":
            allowed, words = "." + "".join(zones), "'.' none, " + ", ".join(f"{k!r} {v}" for k, v in zones.items())
        else:
            allowed, words = GRID_CHARS[name], GRID_WORDS[name]
        if len(body) != rows:
            raise fail(name, f"{name} has {len(body)} rows; expected {rows} "
                             f"(rows A–{ROW_LETTERS[rows - 1]})")
        for r, row in enumerate(body):
            letter = ROW_LETTERS[r]
            offset = first + r
            blank = next((i for i, ch in enumerate(row) if ch.isspace()), None)
            if blank is not None:
                raise fail(name, f"{name} row {letter}, column {blank + 1}: a space; "
                                 "spaces are not allowed inside a grid line", offset)
            if len(row) != cols:
                raise fail(name, f"{name} row {letter} has {len(row)} squares; expected {cols} "
                                 f"(columns 1–{cols})", offset)
            for c, ch in enumerate(row):
                if ch not in allowed:
                    raise fail(name, f"{name} row {letter}, column {c + 1}: {ch!r} is not allowed ({words})",
                               offset)
        grids[name] = body
        grid_first[name] = first

    places = _read_list(module, "PLACES", fail, items, cols, rows, place=True)
    labels = _read_list(module, "LABELS", fail, items, cols, rows, place=False)

    note = getattr(module, "DESIGNED_NOTE", None)
    if note is not None and (not isinstance(note, str) or "\n" in note.strip()):
        raise fail("DESIGNED_NOTE", "DESIGNED_NOTE must be one line of text")
    designed = getattr(module, "DESIGNED", bool(note))
    if not isinstance(designed, bool):
        raise fail("DESIGNED", "DESIGNED must be True or False")
    properties: dict[str, Any] = {"episode": episode, "designed": designed}
    if note:
        properties["designed_note"] = note.strip()
    return Draft(path=path, shown=shown, episode=episode, rows=rows, cols=cols, grids=grids,
                 legend=dict(legend), zones=dict(zones), places=places, labels=labels,
                 properties=properties, lines=lines, grid_first=grid_first)


def parse_at(text: Any, cols: int, rows: int) -> list[Sq]:
    """``"A1"``, a straight run ``"L23-L24"`` or a rectangle ``"C3:F8"`` → its squares."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("it must be a square like 'A1', a run like 'L23-L24' or a rectangle like 'C3:F8'")
    text = text.strip()
    try:
        if ":" in text:
            a, b = (parse_coord(part) for part in text.split(":", 1))
            if b.row < a.row or b.col < a.col:
                raise ValueError(f"{text!r}: a rectangle goes from its top-left to its bottom-right square")
            squares = [Sq(r, c) for r in range(a.row, b.row + 1) for c in range(a.col, b.col + 1)]
        else:
            parts = [p.strip() for p in re.split(r"[-–]", text)]
            if len(parts) == 1:
                squares = [parse_coord(parts[0])]
            elif len(parts) == 2:
                a, b = parse_coord(parts[0]), parse_coord(parts[1])
                if a.row != b.row and a.col != b.col:
                    raise ValueError(f"{text!r} is not a straight run: both ends must share a row or a "
                                     "column (write a rectangle as 'C3:F8')")
                squares = [Sq(r, c) for r in range(min(a.row, b.row), max(a.row, b.row) + 1)
                           for c in range(min(a.col, b.col), max(a.col, b.col) + 1)]
            else:
                raise ValueError(f"{text!r} is not a square, a run like 'L23-L24' or a rectangle like 'C3:F8'")
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    outside = [s for s in squares if s.row >= rows or s.col >= cols]
    if outside:
        last = f"{ROW_LETTERS[rows - 1]}{cols}"
        raise ValueError(f"{text!r} lies outside the board (A1 to {last})")
    return squares


def _read_list(module: ModuleType, name: str, fail: Any, items: dict[str, list[int]],
               cols: int, rows: int, place: bool) -> list[dict[str, Any]]:
    value = getattr(module, name, [])
    if not isinstance(value, (list, tuple)):
        raise fail(name, f"{name} must be a list of dicts")
    keys = {"kind", "name", "at", "props"} if place else {"text", "at"}
    required = {"kind", "at"} if place else {"text", "at"}
    lines = items.get(name, [])
    out = []
    for i, item in enumerate(value):
        at = lines[i] if i < len(lines) else None
        label = f"{name}[{i}]"
        if not isinstance(item, dict):
            raise fail(name, f"{label} must be a dict like {{'kind': ..., 'at': ...}}", at=at)
        if isinstance(item.get("name"), str) and item.get("name"):
            label += f" ({item['name']!r})"
        unknown = sorted(set(item) - keys)
        if unknown:
            raise fail(name, f"{label}: unknown key {unknown[0]!r}; expected: {', '.join(sorted(keys))}", at=at)
        missing = sorted(required - set(item))
        if missing:
            raise fail(name, f"{label}: missing {missing[0]!r}", at=at)
        try:
            squares = parse_at(item["at"], cols, rows)
        except ValueError as exc:
            raise fail(name, f"{label}, 'at': {exc}", at=at) from None
        if place:
            kind = item["kind"]
            if kind not in PLACE_KINDS:
                raise fail(name, f"{label}: unknown kind {kind!r}; kinds: {', '.join(PLACE_KINDS)}", at=at)
            if "name" in item and not isinstance(item["name"], str):
                raise fail(name, f"{label}: 'name' must be a text", at=at)
            props = item.get("props", {})
            if not isinstance(props, dict) or not all(isinstance(k, str) for k in props):
                raise fail(name, f"{label}: 'props' must be a dict of property names to values", at=at)
            for k, v in props.items():
                if not isinstance(v, (str, int, float, bool)):
                    raise fail(name, f"{label}: property {k!r} must be a text, number or true/false", at=at)
        elif not isinstance(item["text"], str) or not item["text"].strip():
            raise fail(name, f"{label}: 'text' must be a non-empty text", at=at)
        out.append({**item, "squares": squares})
    return out


# ----------------------------------------------------------------------------- building the map

class Tilesets:
    def __init__(self, folder: Path, out_dir: Path):
        self.folder = folder
        self.info: dict[str, TilesetInfo] = {}
        self.firstgid: dict[str, int] = {}
        self.sources: list[tuple[str, int]] = []
        gid = 1
        for name in TILESET_NAMES:
            path = folder / f"{name}.tsx"
            if not path.is_file():
                raise DraftError(_shown(path), None,
                                 "tileset missing: paint the tilesets with python3 -m tools.mapgen.tileset")
            info = read_tsx(path)
            self.info[name] = info
            self.firstgid[name] = gid
            rel = os.path.relpath(path, out_dir).replace(os.sep, "/")
            self.sources.append((rel, gid))
            gid += info.tilecount

    def gid(self, tileset: str, **wanted: Any) -> int | None:
        tid = self.info[tileset].find(**wanted)
        return None if tid is None else self.firstgid[tileset] + tid

    def first(self, tileset: str) -> int:
        return self.firstgid[tileset]


def _cell_tile(draft: Draft, tilesets: Tilesets, grid: str, ch: str) -> tuple[int | None, str]:
    """The gid for one grid character (0: no tile) and, when it is None, what was looked for."""
    if grid == "GROUND":
        terrain = draft.legend[ch]
        return tilesets.gid("terrain", terrain=terrain), f"a tile with terrain {terrain!r} in terrain.tsx"
    if ch == ".":
        return 0, ""
    if grid == "WATER":
        return tilesets.first("water"), ""
    if grid == "DITCH":
        return tilesets.first("ditch"), ""
    if grid == "ROOFS":
        standable = ch.isalpha()
        height = (ord(ch) - ord("a") + 1) if standable else int(ch)
        what = f"a {'standable ' if standable else ''}roof tile of height {height} in roofs.tsx"
        return tilesets.gid("roofs", height=height, standable=standable), what
    if grid == "TEMPLES":
        part = TEMPLE_PARTS[ch]
        return tilesets.gid("temples", part=part), f"a temple tile with part {part!r} in temples.tsx"
    if grid == "FLOODED":
        zone = draft.zones[ch]
        return tilesets.gid("flooded", zone=zone), f"a flooded tile of zone {zone!r} in flooded.tsx"
    if grid == "LEVELS":
        level = LEVEL_CHARS[ch]
        return tilesets.gid("levels", level=level), f"a levels tile of level {level} in levels.tsx"
    raise AssertionError(grid)


def _paint_closed_temples_red(draft: Draft, tilesets: Tilesets, gids: list[list[int]]) -> None:
    """The floor of a temple closed at the start is red on the printed board, an open one green."""
    green = tilesets.gid("temples", part="floor", colour="green")
    red = tilesets.gid("temples", part="floor", colour="red")
    if green is None or red is None:
        return
    for p in draft.places:
        if p["kind"] == "temple" and not p.get("props", {}).get("open", False):
            for r, c in p["squares"]:
                if gids[r][c] == green:
                    gids[r][c] = red


def build_text(draft: Draft, out_dir: Path, tileset_dir: Path) -> str:
    tilesets = Tilesets(tileset_dir, out_dir)
    layers: list[Any] = []
    for layer, grid in LAYER_GRIDS:
        rows = draft.grids.get(grid)
        gids = [[0] * draft.cols for _ in range(draft.rows)]
        if rows is not None:
            first = draft.grid_first.get(grid, 0)
            cache: dict[str, int | None] = {}
            for r, row in enumerate(rows):
                for c, ch in enumerate(row):
                    if ch not in cache:
                        gid, what = _cell_tile(draft, tilesets, grid, ch)
                        if gid is None:
                            line = draft.lines.get(grid)
                            raise DraftError(draft.shown, None if line is None else line + first + r,
                                             f"{grid} row {ROW_LETTERS[r]}, column {c + 1}: {ch!r} needs "
                                             f"{what}, and there is none (repaint the tilesets or change "
                                             "the draft)")
                        cache[ch] = gid
                    gids[r][c] = cache[ch] or 0
        if grid == "TEMPLES" and rows is not None:
            _paint_closed_temples_red(draft, tilesets, gids)
        layers.append(TileLayer(layer, gids, visible=layer not in HIDDEN_LAYERS))
    places = [
        MapObject(name=p.get("name", ""), kind=p["kind"], props=dict(p.get("props", {})),
                  **_box(p["squares"]))
        for p in draft.places
    ]
    labels = []
    for label in draft.labels:
        box = _box(label["squares"])
        width = max(box["width"], (len(label["text"]) * 11 + 16))
        labels.append(MapObject(name=label["text"], kind="label", x=box["x"] + box["width"] / 2 - width / 2,
                                y=box["y"], width=width, height=box["height"], text=label["text"]))
    layers.append(ObjectLayer("places", places, color="#e0303a"))
    layers.append(ObjectLayer("labels", labels, color="#3a60e0"))
    return tmx_text(cols=draft.cols, rows=draft.rows, tile=TILE, tilesets=tilesets.sources,
                    layers=layers, properties=draft.properties)


def _box(squares: list[Sq]) -> dict[str, float]:
    r0 = min(s.row for s in squares)
    r1 = max(s.row for s in squares)
    c0 = min(s.col for s in squares)
    c1 = max(s.col for s in squares)
    return {"x": c0 * TILE, "y": r0 * TILE, "width": (c1 - c0 + 1) * TILE, "height": (r1 - r0 + 1) * TILE}


# ----------------------------------------------------------------------------- the command

def draft_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.py") if not p.name.startswith("_"))


def build(drafts: Path = DEFAULT_DRAFTS, out: Path = DEFAULT_OUT, tilesets: Path = DEFAULT_TILESETS,
          names: list[str] | None = None, check: bool = False, echo: Any = print) -> int:
    """Build (or with ``check`` compare) the maps of every draft; returns the exit code."""
    files = draft_files(drafts)
    problems = 0
    matched: set[str] = set()
    for path in files:
        try:
            draft = read_draft(path)
        except DraftError as exc:
            if names and path.stem not in names:
                continue
            echo(str(exc))
            problems += 1
            continue
        if names and path.stem not in names and draft.episode not in names:
            continue
        matched.update({path.stem, draft.episode})
        target = out / f"{draft.episode}.tmx"
        try:
            text = build_text(draft, out, tilesets)
        except DraftError as exc:
            echo(str(exc))
            problems += 1
            continue
        if check:
            current = target.read_text(encoding="utf-8") if target.is_file() else None
            if current is None:
                echo(f"{_shown(target)}: missing; build it with python3 -m tools.mapgen.build")
                problems += 1
            elif current != text:
                echo(f"{_shown(target)}: differs from its draft {draft.shown} (rebuild it, or carry the "
                     "Tiled edits back into the draft)")
                problems += 1
            continue
        write_text(target, text)
        clear_cache()
        errors: list[ContentError] = check_board(target)
        for err in errors:
            echo(str(err))
        problems += len(errors)
        if not errors:
            echo(f"wrote {_shown(target)} from {draft.shown}")
    for name in names or []:
        if name not in matched:
            echo(f"no draft named {name!r} in {_shown(drafts)}")
            problems += 1
    if not files:
        echo(f"no drafts in {_shown(drafts)}")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tools.mapgen.build",
                                     description="Build Tiled maps (.tmx) from the text drafts of the boards.")
    parser.add_argument("names", nargs="*", help="draft module names or episodes (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a .tmx is missing or differs from its draft")
    parser.add_argument("--drafts", type=Path, default=DEFAULT_DRAFTS, help="folder of draft modules")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the .tmx files")
    parser.add_argument("--tilesets", type=Path, default=DEFAULT_TILESETS, help="folder of the .tsx tilesets")
    args = parser.parse_args(argv)
    return build(args.drafts, args.out, args.tilesets, args.names, args.check)


if __name__ == "__main__":
    sys.exit(main())
