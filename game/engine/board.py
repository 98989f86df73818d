"""A generic board: a rectangular grid of squares, what a title's tile layers say about each square,
and the named places on it; and the :class:`MapContract` by which a title declares what its maps
must hold.

The Tiled loader (``game.engine.tiled``) reads a ``.tmx`` map against a title's contract into a
:class:`Board` (or, through the contract's ``build``, into the title's own board model built from
it); rules read only that model, never pytmx or pygame. Squares use the rulebooks' coordinates
through :class:`game.engine.grid.Sq` (``A1`` top-left). The engine knows no layer, tile property or
place kind of its own: each title declares them (its ``TitleSpec.map_contract``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Iterable, Iterator, Mapping

from game.engine.grid import Sq, format_coord

if TYPE_CHECKING:
    from game.engine.tiled import Checks


@dataclass(frozen=True)
class Place:
    """A named object of a places layer: one or more squares with a kind and properties."""

    kind: str
    name: str
    squares: tuple[Sq, ...]
    props: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        if not isinstance(self.props, MappingProxyType):
            object.__setattr__(self, "props", MappingProxyType(dict(self.props)))

    @property
    def coords(self) -> list[str]:
        return [format_coord(s) for s in self.squares]

    def __hash__(self) -> int:
        return hash((self.kind, self.name, self.squares))


class Board:
    """A board of ``rows`` × ``cols`` squares with named places.

    ``layers`` holds, for each tile layer the map has, one value per square (``layers[name][row][col]``):
    ``None`` where the layer has no tile; otherwise ``True`` for a layer whose tiles carry no declared
    property, the property's value for a layer with one, and a tuple of the values (in the order the
    contract declares them) for a layer with several. A title's board model may subclass this.
    """

    def __init__(self, name: str, rows: int, cols: int, places: Iterable[Place],
                 props: Mapping[str, Any] | None = None, source: Path | None = None,
                 layers: Mapping[str, tuple[tuple[Any, ...], ...]] | None = None):
        self.name = name
        self.rows = rows
        self.cols = cols
        self.places: tuple[Place, ...] = tuple(places)
        self.props = MappingProxyType(dict(props or {}))
        self.source = source
        self.layers: Mapping[str, tuple[tuple[Any, ...], ...]] = MappingProxyType(dict(layers or {}))
        self._by_square: dict[Sq, list[Place]] = {}
        for place in self.places:
            for sq in place.squares:
                self._by_square.setdefault(sq, []).append(place)

    # -- squares
    def __contains__(self, sq: object) -> bool:
        return (isinstance(sq, tuple) and len(sq) == 2
                and 0 <= sq[0] < self.rows and 0 <= sq[1] < self.cols)

    def squares(self) -> Iterator[Sq]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield Sq(r, c)

    def value(self, layer: str, sq: tuple[int, int]) -> Any:
        """What tile layer ``layer`` says about ``sq`` (``None``: no tile, or the map has no such layer)."""
        grid = self.layers.get(layer)
        return grid[sq[0]][sq[1]] if grid is not None else None

    # -- places
    def places_at(self, sq: tuple[int, int]) -> list[Place]:
        return list(self._by_square.get(Sq(*sq), ()))

    def places_of(self, kind: str) -> list[Place]:
        return [p for p in self.places if p.kind == kind]

    def place(self, kind: str, name: str | None = None) -> Place:
        for p in self.places:
            if p.kind == kind and (name is None or p.name == name):
                return p
        raise KeyError(f"{self.name}: no place of kind {kind!r}" + (f" named {name!r}" if name else ""))

    def squares_of(self, kind: str) -> list[Sq]:
        return [sq for p in self.places_of(kind) for sq in p.squares]


# ----------------------------------------------------------------------------- the contract

#: A property spec: a Python type (str, int, bool) or a tuple of the allowed values.
PropSpec = type | tuple

#: The default of a :class:`TileProp` that every tile of its layer must carry.
REQUIRED: Any = type("Required", (), {"__repr__": lambda self: "REQUIRED"})()


@dataclass(frozen=True)
class TileProp:
    """A property the tiles of a layer carry (set on the tileset's tiles in Tiled).

    A tile breaking it is reported per square: ``problem`` when given (for a missing or a wrong
    value alike); otherwise "a tile without a 'name' property" when it is missing (an empty text
    counts as missing) and "a tile whose 'name' property is not ..." when it is wrong; with
    ``choices``, a missing value reads as wrong too, unless ``unknown`` says how a value outside the
    choices reads (a template with ``{value}`` and ``{choices}``, e.g. "the unknown colour {value}
    (known colours: {choices})").
    """

    name: str
    type: type = str                 # str, int or bool
    choices: tuple[Any, ...] = ()    # the allowed values (none: any value of the type)
    minimum: int | None = None       # for an int
    default: Any = REQUIRED          # the value of a tile without the property; REQUIRED: it must have it
    problem: str | None = None
    unknown: str | None = None


@dataclass(frozen=True)
class TileLayer:
    """A tile layer a map may (or must) have, and what its tiles mean."""

    name: str
    tileset: str                       # the tileset of its tiles (a hint in problems: tilesets/<tileset>)
    props: tuple[TileProp, ...] = ()   # none: any tile marks its square (the value True)
    required: str | None = None        # why the layer is required (None: optional, read as empty if missing)
    every_square: str | None = None    # every square needs a tile of this layer: why


@dataclass(frozen=True)
class ObjectLayer:
    """An object layer a map may (or must) have."""

    name: str
    required: str | None = None   # why the layer is required (None: optional)
    places: bool = False          # its objects are the board's named places (kinds: MapContract.place_kinds)


@dataclass(frozen=True)
class PlaceKind:
    """A kind of place (an object's Class, or Type in older Tiled) and its custom properties."""

    props: Mapping[str, PropSpec] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    named: bool = False          # the object must have a name


@dataclass(frozen=True)
class MapContract:
    """What a title's boards must hold: the layers, their tiles' properties, the place kinds and the
    map properties, plus the title's own cross-checks and its board model. A property or a kind not
    declared here is a problem, so a typo never passes silently.

    ``check_places(places, checks)`` runs once the places are read and ``check(board, checks)`` on the
    whole generic board (its layers and places) at the end; both report through
    :class:`game.engine.tiled.Checks`. ``build(board)`` turns a map read without problems into the
    title's board model (cached with the map). ``maps`` are the patterns, under ``maps/``, of the
    title's map files (``check-data`` checks each against this contract).
    """

    tile_layers: tuple[TileLayer, ...]            # drawing order, bottom first
    object_layers: tuple[ObjectLayer, ...] = ()
    place_kinds: Mapping[str, PlaceKind] = field(default_factory=dict)
    map_props: Mapping[str, PropSpec] = field(default_factory=dict)
    name_prop: str | None = None                  # the map property that names the board (else the file's stem)
    maps: tuple[str, ...] = ("*.tmx",)
    check_places: Callable[[list[Place], Checks], None] | None = None
    check: Callable[[Board, Checks], None] | None = None
    build: Callable[[Board], Board] | None = None

    def layer_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.tile_layers) + tuple(o.name for o in self.object_layers)

    @property
    def places_layer(self) -> str | None:
        return next((o.name for o in self.object_layers if o.places), None)
