"""Boards drawn in Tiled: ``load_board(path, contract)`` reads a ``.tmx`` map into a :class:`Board`.

What a map must hold (its tile layers and their tiles' properties, its object layers, place kinds
and map properties) is the title's :class:`~game.engine.board.MapContract`; this module is the
generic loader and checker of any such contract. Every problem is a :class:`ContentError` naming the
file, the line, the layer (as the field, e.g. ``layer <name>``) and the squares in rulebook
coordinates; a broken map never shows a player a traceback.

Maps are read with ``pytmx.TiledMap`` (no display). Two pytmx details shape this module:

* importing pytmx normally imports pygame too (for its optional pygame helpers); the engine must
  stay free of pygame, so pytmx is imported with pygame hidden, and ``pytmx.load_pygame`` is then
  provided lazily for the UI (see :func:`_pytmx`);
* pytmx overwrites a tile property named ``height`` (or ``width``) with the tile's size in pixels,
  and refuses an object property that clashes with an object attribute (a property ``height``)
  unless ``allow_duplicate_names=True``. So tile properties are read from the tilesets' XML with
  pytmx's own ``parse_properties``, and maps are opened with ``allow_duplicate_names=True``. A UI
  drawing these maps must pass that flag too: ``pytmx.load_pygame(path, allow_duplicate_names=True)``.

Loaded boards are cached by path and contract, and by the modification times of the map and its
tilesets.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from collections.abc import Iterable
from xml.parsers import expat

from game.engine.board import REQUIRED, Board, MapContract, Place, PropSpec, TileLayer, TileProp
from game.engine.grid import ROW_LETTERS, Sq, format_coord
from game.engine.content import ContentError

_TYPE_WORDS = {str: "a text (string)", int: "a whole number (int)", bool: "true or false (bool)"}

# ----------------------------------------------------------------------------- pytmx, without pygame

_PYTMX: Any = None


def _pytmx() -> Any:
    """Import pytmx without letting it import pygame (unless pygame is loaded already).

    pytmx's package ``__init__`` tries ``import pygame`` to offer ``pytmx.load_pygame``; with pygame
    hidden that attempt fails quietly, and a stand-in ``load_pygame`` that imports the real one on
    first use is put in its place, so the UI can still call ``pytmx.load_pygame``.
    """
    global _PYTMX
    if _PYTMX is not None:
        return _PYTMX
    if "pygame" in sys.modules or "pytmx" in sys.modules:
        import pytmx
    else:
        quiet = logging.getLogger("pytmx.util_pygame")
        was_disabled = quiet.disabled
        quiet.disabled = True          # it logs "cannot import pygame" at error level
        sys.modules["pygame"] = None   # type: ignore[assignment]  # makes `import pygame` fail
        try:
            import pytmx
        finally:
            del sys.modules["pygame"]
            quiet.disabled = was_disabled
        if not hasattr(pytmx, "load_pygame"):
            def load_pygame(filename: str, *args: Any, **kwargs: Any) -> Any:
                from pytmx.util_pygame import load_pygame as real
                return real(filename, *args, **kwargs)
            pytmx.load_pygame = load_pygame
    _PYTMX = pytmx
    return pytmx


# ----------------------------------------------------------------------------- XML with line numbers

class _Xml:
    """An XML file parsed with the line of each element remembered."""

    def __init__(self, path: Path, shown: str):
        self.path = path
        self.shown = shown                 # the file name used in messages
        self.lines: dict[ET.Element, int] = {}
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise ContentError(shown, None, None, "file not found") from None
        except OSError as exc:
            raise ContentError(shown, None, None, f"cannot read the file: {exc.strerror}") from None
        builder = ET.TreeBuilder()
        parser = expat.ParserCreate()
        parser.buffer_text = True

        def start(tag: str, attrs: dict[str, str]) -> None:
            self.lines[builder.start(tag, attrs)] = parser.CurrentLineNumber

        parser.StartElementHandler = start
        parser.EndElementHandler = builder.end
        parser.CharacterDataHandler = builder.data
        try:
            parser.Parse(data, True)
            self.root: ET.Element = builder.close()
        except expat.ExpatError as exc:
            raise ContentError(shown, exc.lineno, None,
                               f"the file is not well-formed XML ({expat.ErrorString(exc.code)} "
                               f"at column {exc.offset + 1}); Tiled cannot open it either") from None

    def line(self, element: ET.Element | None) -> int | None:
        return self.lines.get(element) if element is not None else None


def _shown(path: Path) -> str:
    return os.path.normpath(str(path))


def _squares_text(squares: list[Sq]) -> str:
    names = [format_coord(s) for s in squares]
    if len(names) == 1:
        return f"square {names[0]}"
    if len(names) <= 5:
        return "squares " + ", ".join(names[:-1]) + " and " + names[-1]
    return "squares " + ", ".join(names[:5]) + f" and {len(names) - 5} more"


def _describe_spec(spec: PropSpec) -> str:
    if isinstance(spec, tuple):
        return "one of " + ", ".join(spec)
    return _TYPE_WORDS.get(spec, getattr(spec, "__name__", str(spec)))


def _fits(value: Any, spec: PropSpec) -> bool:
    if isinstance(spec, tuple):
        return value in spec
    if spec is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, spec)


def _literal(text: str) -> str:
    """``text`` inside a square problem's template, read as it is."""
    return text.replace("{", "{{").replace("}", "}}")


def _choices_text(choices: tuple[Any, ...]) -> str:
    names = [_got(c) if isinstance(c, bool) else str(c) for c in choices]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _tile_value(prop: TileProp, props: dict[str, Any]) -> tuple[Any, str | None, bool]:
    """A tile's value of ``prop``: (value, problem or None, whether the problem takes the hint)."""
    if prop.name not in props and prop.default is not REQUIRED:
        return prop.default, None, False
    value = props.get(prop.name)
    if prop.type is str:
        missing = not isinstance(value, str) or not value
    else:
        missing = value is None
    if missing and (not prop.choices or prop.unknown):
        return None, prop.problem or f"a tile without a {prop.name!r} property", True
    fits = not missing and _fits(value, prop.type)
    if fits and prop.minimum is not None:
        fits = int(value or 0) >= prop.minimum
    if fits and (not prop.choices or value in prop.choices):
        return value, None, False
    if fits and prop.unknown and not prop.problem:
        return None, prop.unknown.format(value=repr(value), choices=", ".join(map(str, prop.choices))), False
    if prop.problem:
        return None, prop.problem, True
    if prop.choices:
        wanted = _choices_text(prop.choices)
    elif prop.type is bool:
        wanted = "true or false"
    elif prop.type is int:
        wanted = "a whole number" + (f" of at least {prop.minimum}" if prop.minimum is not None else "")
    else:
        wanted = "a text"
    return None, f"a tile whose {prop.name!r} property is not {wanted}", True


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _got(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {value!r}"
    return repr(value)


# ----------------------------------------------------------------------------- the loader

class Checks:
    """How a map's problems are reported, by the loader and by a contract's own checks
    (``MapContract.check_places`` and ``MapContract.check``)."""

    def __init__(self, path: Path):
        self.path = path
        self.file = str(path)
        # ContentErrors, and (field, template) keys of problems that gather squares (see
        # square_problem); a template has {squares}, {has}, {is_} and {lies}
        self.problems: list[Any] = []
        self._grouped: dict[tuple[str, str], list[Any]] = {}
        self.row_lines: dict[str, dict[int, int]] = {}     # layer -> row -> line of its CSV row
        self.layer_lines: dict[str, int | None] = {}
        self.place_lines: dict[int, int | None] = {}
        self.places_ok = True       # checks that need the places are skipped when one is broken

    def fail(self, line: int | None, fld: str | None, message: str) -> None:
        """One problem: ``fld`` is the field (``"layer <name>"``, ``"map properties"``...)."""
        self.problems.append(ContentError(self.file, line, fld, message))

    def square_problem(self, layer: str, sq: Sq, template: str) -> None:
        """A problem of one square of ``layer``; the squares with the same ``template`` make one
        line (at the line of the first one's row), e.g. ``"{squares} {has} no tile"``. The template
        may use {squares}, {has}, {is_} and {lies} (singular or plural with the squares)."""
        key = (f"layer {layer}", template)
        if key not in self._grouped:
            line = self.row_lines.get(layer, {}).get(sq.row, self.layer_lines.get(layer))
            self._grouped[key] = [line, []]
            self.problems.append(key)   # stands for the problem until resolved_problems()
        self._grouped[key][1].append(sq)

    def has_square_problem(self, layer: str, sq: Sq) -> bool:
        return any(k[0] == f"layer {layer}" and sq in v[1] for k, v in self._grouped.items())

    def line_of(self, place: Place) -> int | None:
        """The line of the object a place was read from."""
        return self.place_lines.get(id(place))

    def resolved_problems(self) -> list[ContentError]:
        out = []
        for p in self.problems:
            if isinstance(p, ContentError):
                out.append(p)
                continue
            fld, template = p
            line, squares = self._grouped[p]
            many = len(squares) > 1
            message = template.format(squares=_squares_text(squares),
                                      has="have" if many else "has", is_="are" if many else "is",
                                      lies="lie" if many else "lies")
            out.append(ContentError(self.file, line, fld, message))
        return out


class _Loader(Checks):
    def __init__(self, path: Path, contract: MapContract):
        super().__init__(path)
        self.contract = contract
        self.tile_layers = {t.name: t for t in contract.tile_layers}
        self.object_layers = {o.name: o for o in contract.object_layers}
        self.places_layer = contract.places_layer
        self.deps: list[Path] = [path]
        self.rows = self.cols = 0
        self.tile_w = self.tile_h = 1
        self.object_lines: dict[int, int | None] = {}

    # -- the whole map
    def load(self) -> Board | None:
        xml = _Xml(self.path, self.file)
        root = xml.root
        if root.tag != "map":
            raise ContentError(self.file, xml.line(root), None,
                               f"not a Tiled map: the file holds <{root.tag}>, expected <map>")
        self.check_map_element(xml, root)
        tile_props = self.read_tilesets(xml, root)
        self.index_layers(xml, root)
        if self.problems:
            return None
        tmx = self.open_with_pytmx()
        layers = self.collect_layers(tmx)
        if self.places_layer not in layers:
            self.places_ok = False
        grids = {t.name: self.read_tile_layer(layers.get(t.name), t, tile_props)
                 for t in self.contract.tile_layers}
        places = self.read_places(layers.get(self.places_layer)) if self.places_layer else []
        props = self.read_map_properties(tmx, xml.line(root))
        name_prop = self.contract.name_prop
        name = (props.get(name_prop) if name_prop else None) or self.path.stem
        board = Board(name, self.rows, self.cols, places, props, source=self.path,
                      layers={n: tuple(tuple(row) for row in grid) for n, grid in grids.items() if n in layers})
        if self.contract.check is not None:
            self.contract.check(board, self)
        if self.problems:
            return None
        return self.contract.build(board) if self.contract.build is not None else board

    def check_map_element(self, xml: _Xml, root: ET.Element) -> None:
        line = xml.line(root)
        orientation = root.get("orientation", "orthogonal")
        if orientation != "orthogonal":
            raise ContentError(self.file, line, None,
                               f"the map is {orientation}; boards must be orthogonal (square tiles)")
        if root.get("infinite", "0") not in ("0", ""):
            raise ContentError(self.file, line, None,
                               "the map is infinite; boards have a fixed size "
                               "(untick Map > Map Properties > Infinite in Tiled)")
        try:
            self.cols, self.rows = int(root.get("width", "")), int(root.get("height", ""))
            self.tile_w, self.tile_h = int(root.get("tilewidth", "")), int(root.get("tileheight", ""))
        except ValueError:
            raise ContentError(self.file, line, None,
                               "the <map> element needs whole-number width, height, tilewidth "
                               "and tileheight") from None
        if not (1 <= self.rows <= len(ROW_LETTERS)) or self.cols < 1 or self.tile_w < 1 or self.tile_h < 1:
            raise ContentError(self.file, line, None,
                               f"the map is {self.cols}×{self.rows} squares; a board has 1 to "
                               f"{len(ROW_LETTERS)} rows (A–Z) and at least one column")

    def read_tilesets(self, xml: _Xml, root: ET.Element) -> dict[int, tuple[dict[str, Any], str]]:
        """Every tile's properties by its Tiled gid, read straight from the tilesets' XML."""
        pytmx = _pytmx()
        out: dict[int, tuple[dict[str, Any], str]] = {}
        for ts in root.findall("tileset"):
            line = xml.line(ts)
            try:
                firstgid = int(ts.get("firstgid", ""))
            except ValueError:
                raise ContentError(self.file, line, None, "a <tileset> has no whole-number firstgid") from None
            node, where, tsx = ts, xml, None
            source = ts.get("source")
            if source:
                tsx_path = self.path.parent / source
                shown = _shown(tsx_path)
                if not tsx_path.is_file():
                    raise ContentError(self.file, line, None,
                                       f"the tileset {source!r} is missing (looked for {shown})")
                tsx = _Xml(tsx_path, shown)
                self.deps.append(tsx_path)
                node, where = tsx.root, tsx
                if node.tag != "tileset":
                    raise ContentError(shown, tsx.line(node), None,
                                       f"not a Tiled tileset: the file holds <{node.tag}>, expected <tileset>")
            name = Path(source).name if source else (ts.get("name") or "embedded tileset")
            if node.find("image") is None:
                raise ContentError(where.shown, where.line(node), None,
                                   f"the tileset {name} has no image; boards use one image per tileset")
            for tile in node.findall("tile"):
                try:
                    tid = int(tile.get("id", ""))
                    props = pytmx.parse_properties(tile)
                except (ValueError, TypeError, KeyError, AttributeError) as exc:
                    raise ContentError(where.shown, where.line(tile), None,
                                       f"a tile of {name} has a property Tiled cannot read ({exc})") from None
                out[firstgid + tid] = (props, name)
        return out

    def index_layers(self, xml: _Xml, root: ET.Element) -> None:
        """Lines of layers, of their CSV rows and of objects; catches what pytmx would choke on."""
        seen: dict[str, int | None] = {}
        for element in root.iter():
            if element.tag not in ("layer", "objectgroup"):
                if element.tag == "object" and element.get("id", "").isdigit():
                    self.object_lines[int(element.get("id", ""))] = xml.line(element)
                continue
            name = element.get("name", "")
            line = xml.line(element)
            if name in seen and name in self.contract.layer_names():
                self.fail(line, f"layer {name}", f"there are two layers named {name!r} "
                                                 f"(the other one is at line {seen[name]}); keep one")
            seen[name] = line
            self.layer_lines[name] = line
            if element.tag != "layer":
                continue
            data = element.find("data")
            if data is None:
                self.fail(line, f"layer {name}", "the layer has no <data>")
                continue
            if data.find("chunk") is not None:
                self.fail(line, f"layer {name}", "the layer is stored in chunks (an infinite map); "
                                                 "boards have a fixed size")
                continue
            if data.find("tile") is not None or data.get("encoding") not in ("csv", "base64"):
                self.fail(line, f"layer {name}", "the layer data must be CSV or Base64 "
                                                 "(Map > Map Properties > Tile Layer Format in Tiled)")
                continue
            if data.get("encoding") == "csv":
                self.check_csv_shape(name, data.text or "", xml.line(data))
                self.row_lines[name] = self.csv_row_lines(data.text or "", xml.line(data))

    def check_csv_shape(self, name: str, text: str, data_line: int | None) -> None:
        """A CSV layer holds one tile number per square: a row too few or too many (or a row of the
        wrong length) is said here, before pytmx reads past its end."""
        rows = [(offset, chunk) for offset, chunk in enumerate(text.split("\n")) if chunk.strip()]
        numbers = sum(len([v for v in chunk.split(",") if v.strip()]) for _o, chunk in rows)
        if numbers == self.rows * self.cols:
            return
        high = f"{self.rows} rows high (A–{ROW_LETTERS[self.rows - 1]})"
        if len(rows) != self.rows:
            k = abs(len(rows) - self.rows)
            some = ("1 row is" if k == 1 else f"{k} rows are") + (" missing" if len(rows) < self.rows else " too many")
            self.fail(data_line, f"layer {name}",
                      f"the layer has {len(rows)} rows of tiles but the map is {high}: {some}")
            return
        for row, (offset, chunk) in enumerate(rows):
            count = len([v for v in chunk.split(",") if v.strip()])
            if count != self.cols:
                self.fail(None if data_line is None else data_line + offset, f"layer {name}",
                          f"row {ROW_LETTERS[row]} has {count} tiles but the map is {self.cols} columns wide")
                return

    def csv_row_lines(self, text: str, data_line: int | None) -> dict[int, int]:
        if data_line is None:
            return {}
        out: dict[int, int] = {}
        row = 0
        for offset, chunk in enumerate(text.split("\n")):
            if chunk.strip():
                out[row] = data_line + offset
                row += 1
        return out if row == self.rows else {}

    def open_with_pytmx(self) -> Any:
        pytmx = _pytmx()
        loggers = [logging.getLogger(n) for n in ("pytmx", "pytmx.pytmx")]
        states = [lg.disabled for lg in loggers]
        for lg in loggers:
            lg.disabled = True
        try:
            return pytmx.TiledMap(str(self.path), allow_duplicate_names=True)
        except Exception as exc:  # pytmx raises bare Exception, ValueError, KeyError...
            raise ContentError(self.file, None, None,
                               f"the map could not be read ({type(exc).__name__}: {exc})") from None
        finally:
            for lg, state in zip(loggers, states):
                lg.disabled = state

    def collect_layers(self, tmx: Any) -> dict[str, Any]:
        pytmx = _pytmx()
        layers: dict[str, Any] = {}
        for layer in tmx.layers:
            name = getattr(layer, "name", None) or ""
            is_tiles = isinstance(layer, pytmx.TiledTileLayer)
            is_objects = isinstance(layer, pytmx.TiledObjectGroup)
            line = self.layer_lines.get(name)
            if not (is_tiles or is_objects) or (is_objects and not name):
                continue  # image layers, groups and tiles' collision shapes mean nothing to the rules
            if name in self.tile_layers:
                if not is_tiles:
                    self.fail(line, f"layer {name}", f"{name!r} must be a tile layer, not an object layer")
                    continue
                if (layer.width, layer.height) != (self.cols, self.rows):
                    self.fail(line, f"layer {name}",
                              f"the layer is {layer.width}×{layer.height} tiles but the map is "
                              f"{self.cols}×{self.rows}")
                    continue
            elif name in self.object_layers:
                if not is_objects:
                    self.fail(line, f"layer {name}", f"{name!r} must be an object layer, not a tile layer")
                    continue
            else:
                known = ", ".join(self.contract.layer_names())
                self.fail(line, f"layer {name}", f"unknown layer {name!r}; a board's layers are: {known}")
                continue
            layers.setdefault(name, layer)
        for tiles in self.contract.tile_layers:
            if tiles.required is not None and tiles.name not in layers and not self._failed_layer(tiles.name):
                self.fail(None, f"layer {tiles.name}",
                          f"missing required tile layer {tiles.name!r} ({tiles.required})")
        for objects in self.contract.object_layers:
            if objects.required is not None and objects.name not in layers and not self._failed_layer(objects.name):
                self.fail(None, f"layer {objects.name}",
                          f"missing required object layer {objects.name!r} ({objects.required})")
        return layers

    def _failed_layer(self, name: str) -> bool:
        return any(isinstance(p, ContentError) and p.field == f"layer {name}" for p in self.problems)

    # -- tile layers
    def read_tile_layer(self, layer: Any, spec: TileLayer,
                        tile_props: dict[int, tuple[dict[str, Any], str]]) -> list[list[Any]]:
        """The layer's meaning per square (see :class:`Board`); ``None`` where it has no tile."""
        grid: list[list[Any]] = [[None] * self.cols for _ in range(self.rows)]
        if layer is None:
            return grid
        name = spec.name
        gidmap = layer.parent.tiledgidmap
        hint = f"use a tile of tilesets/{spec.tileset}"
        for r in range(self.rows):
            for c in range(self.cols):
                sq = Sq(r, c)
                gid = layer.data[r][c]
                if not gid:
                    if spec.every_square:
                        self.square_problem(name, sq, "{squares} {has} no tile ("
                                            + _literal(spec.every_square) + ")")
                    continue
                tiled_gid = gidmap.get(gid)
                if tiled_gid not in tile_props:
                    if not spec.props:
                        grid[r][c] = True
                        continue
                    self.square_problem(name, sq, "{squares} {has} a tile without properties ("
                                        + _literal(hint) + ")")
                    continue
                props, _tileset = tile_props[tiled_gid]
                grid[r][c] = self.tile_meaning(spec, sq, props, hint)
        return grid

    def tile_meaning(self, spec: TileLayer, sq: Sq, props: dict[str, Any], hint: str) -> Any:
        if not spec.props:
            return True  # any tile marks the square
        values = []
        for prop in spec.props:
            value, problem, hinted = _tile_value(prop, props)
            if problem is not None:
                self.square_problem(spec.name, sq, "{squares} {has} " + _literal(problem)
                                    + (" (" + _literal(hint) + ")" if hinted else ""))
                return None
            values.append(value)
        return values[0] if len(values) == 1 else tuple(values)

    # -- places
    def read_places(self, group: Any) -> list[Place]:
        places: list[Place] = []
        if group is None:
            return places
        for obj in group:
            place = self.read_place(obj)
            if place is not None:
                places.append(place)
            else:
                self.places_ok = False
        if self.contract.check_places is not None:
            self.contract.check_places(places, self)
        return places

    def read_place(self, obj: Any) -> Place | None:
        line = self.object_lines.get(obj.id)
        fld = f"layer {self.places_layer}"
        label = f"object {obj.id}" + (f" {obj.name!r}" if obj.name else "")
        kind_type = obj.__dict__.get("type") or ""
        kind_class = obj.__dict__.get("class") or ""
        if kind_type and kind_class and kind_type != kind_class:
            self.fail(line, fld, f"{label} has type {kind_type!r} but class {kind_class!r}; "
                                 "give it one kind")
            return None
        kind = kind_class or kind_type
        if not kind:
            self.fail(line, fld, f"{label} has no kind: set its Class (Type in older Tiled) to one of: "
                                 + ", ".join(self.contract.place_kinds))
            return None
        spec = self.contract.place_kinds.get(kind)
        if spec is None:
            self.fail(line, fld, f"{label} has the unknown kind {kind!r}; expected one of: "
                                 + ", ".join(self.contract.place_kinds))
            return None
        label = f"{kind} {obj.name!r}" if obj.name else f"{kind} (object {obj.id})"
        if spec.named and not obj.name:
            self.fail(line, fld, f"{label} has no name; {_article(kind)} {kind} needs one")
            return None
        props = dict(obj.properties)
        ok = True
        for key, value in props.items():
            want = spec.props.get(key)
            if want is None:
                allowed = ", ".join(spec.props) or "none"
                self.fail(line, fld, f"{label} has the unknown property {key!r} "
                                     f"({_article(kind)} {kind} may have: {allowed})")
                ok = False
            elif not _fits(value, want):
                self.fail(line, fld, f"{label}: property {key!r} must be {_describe_spec(want)}, "
                                     f"got {_got(value)}")
                ok = False
        for key in spec.required:
            if key not in props:
                self.fail(line, fld, f"{label} lacks the property {key!r} "
                                     f"({_describe_spec(spec.props[key])})")
                ok = False
        squares = self.object_squares(obj, label, line)
        if squares is None or not ok:
            return None
        place = Place(kind=kind, name=obj.name or "", squares=tuple(squares), props=props)
        self.place_lines[id(place)] = line
        return place

    def object_squares(self, obj: Any, label: str, line: int | None) -> list[Sq] | None:
        fld = f"layer {self.places_layer}"
        if "points" in obj.__dict__:
            self.fail(line, fld, f"{label} is a polygon or polyline; draw places as rectangles or points")
            return None
        if obj.rotation:
            self.fail(line, fld, f"{label} is rotated; places must be upright rectangles or points")
            return None
        eps = 0.01

        def span(pos: float, size: float, tile: int) -> tuple[int, int]:
            if size <= eps:
                first = math.floor(pos / tile)
                return first, first
            return math.floor((pos + eps) / tile), math.ceil((pos + size - eps) / tile) - 1

        c0, c1 = span(float(obj.x), float(obj.width), self.tile_w)
        r0, r1 = span(float(obj.y), float(obj.height), self.tile_h)
        if r0 < 0 or c0 < 0 or r1 >= self.rows or c1 >= self.cols:
            self.fail(line, fld, f"{label} lies (partly) outside the {self.cols}×{self.rows} map")
            return None
        return [Sq(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]

    def read_map_properties(self, tmx: Any, line: int | None) -> dict[str, Any]:
        props = dict(tmx.properties)
        for key, value in props.items():
            want = self.contract.map_props.get(key)
            if want is None:
                self.fail(line, "map properties", f"unknown map property {key!r}; expected: "
                                                  + ", ".join(self.contract.map_props))
            elif not _fits(value, want):
                self.fail(line, "map properties",
                          f"{key!r} must be {_describe_spec(want)}, got {_got(value)}")
        return props


# ----------------------------------------------------------------------------- public API

_CACHE: dict[tuple[str, int], tuple[tuple[tuple[str, int, int], ...], Board, MapContract]] = {}


def _stamp(paths: Iterable[Path]) -> tuple[tuple[str, int, int], ...] | None:
    out = []
    for p in paths:
        try:
            st = os.stat(p)
        except OSError:
            return None
        out.append((str(p), st.st_mtime_ns, st.st_size))
    return tuple(out)


def check_board(path: str | Path, contract: MapContract) -> list[ContentError]:
    """Every problem of the map at ``path`` under ``contract`` (empty when it loads); never raises
    for bad content."""
    try:
        _load(Path(path), contract)
    except ContentError as exc:
        return [exc]
    except _Problems as many:
        return many.problems
    return []


class _Problems(Exception):
    def __init__(self, problems: list[ContentError]):
        super().__init__(str(problems[0]))
        self.problems = problems


def _load(path: Path, contract: MapContract) -> Board:
    key = (str(path.resolve()), id(contract))
    cached = _CACHE.get(key)
    if cached is not None:
        stamp, board, _contract = cached
        if _stamp(Path(s[0]) for s in stamp) == stamp:
            return board
    loader = _Loader(path, contract)
    loaded = loader.load()
    problems = loader.resolved_problems()
    if problems or loaded is None:
        raise _Problems(problems or [ContentError(str(path), None, None, "the map could not be read")])
    new_stamp = _stamp(loader.deps)
    if new_stamp is not None:
        _CACHE[key] = (new_stamp, loaded, contract)   # the contract is kept, so its id stays its own
    return loaded


def load_board(path: str | Path, contract: MapContract) -> Board:
    """Read the Tiled map at ``path`` into a :class:`Board` under ``contract`` (or into the title's
    board model, when the contract has a ``build``).

    Raises :class:`ContentError` (the first problem found) when the map breaks the contract;
    :func:`check_board` lists them all. Boards are cached until the map or one of its tilesets
    changes on disk.
    """
    try:
        return _load(Path(path), contract)
    except _Problems as many:
        raise many.problems[0] from None


def require_places(board: Board, kinds: Iterable[str], needed_by: str | None = None) -> None:
    """Raise :class:`ContentError` unless ``board`` has at least one place of each kind.

    For a title's episode loader: the map contract cannot know which places an episode needs.
    """
    missing = [k for k in kinds if not board.places_of(k)]
    if missing:
        who = needed_by or f"episode {board.name!r}"
        kinds_text = ", ".join(repr(k) for k in missing)
        raise ContentError(str(board.source or board.name), None, "layer places",
                           f"no place of kind {kinds_text} ({who} needs one)")


def clear_cache() -> None:
    """Forget every loaded board."""
    _CACHE.clear()
