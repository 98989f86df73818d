"""What a Lupin board drawn in Tiled must hold (the title's ``map_contract``), and the loader of
Lupin's board model (:mod:`game.lupin.rules.terrain`) from the engine's generic Tiled loader.

The layers, tile properties and place kinds are documented in ``maps/README.md``; the engine's
loader (``game.engine.tiled``) checks a map against :data:`CONTRACT` and reports every problem with
the file, the line and the layer; :func:`check_places` and :func:`check` add what only Lupin knows
(doors lie in buildings, temple tiles in temples, trapdoors come in pairs...), and :func:`build`
turns the generic board into Lupin's cells.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine import tiled
from game.engine.board import Board as TileBoard
from game.engine.board import MapContract, ObjectLayer, Place, PlaceKind, TileLayer, TileProp
from game.engine.content import ContentError
from game.engine.grid import Sq
from game.engine.tiled import Checks
from game.lupin.rules.terrain import TERRAINS, Board, Cell

TEMPLE_PARTS = ("body", "floor", "steps")
LEVELS = (-1, 0, 1, 2)

#: Tile layers in drawing order, bottom first. Missing optional layers read as empty.
TILE_LAYERS: tuple[TileLayer, ...] = (
    TileLayer("ground", "terrain.tsx",
              (TileProp("terrain", str, tuple(TERRAINS),
                        unknown="the unknown terrain {value} (known terrains: {choices})"),),
              required="it gives every square its terrain", every_square="every square needs a terrain"),
    TileLayer("water", "water.tsx", required="it may be empty, but it must be there"),
    TileLayer("ditch", "ditch.tsx"),
    TileLayer("levels", "levels.tsx", (TileProp("level", int, LEVELS),)),
    TileLayer("flooded", "flooded.tsx", (TileProp("zone", str),)),
    TileLayer("temples", "temples.tsx", (TileProp("part", str, TEMPLE_PARTS),)),
    TileLayer("roofs", "roofs.tsx",
              (TileProp("height", int, minimum=1,
                        problem="a tile without a whole-number 'height' property of at least 1"),
               TileProp("standable", bool, default=False)),
              required="it may be empty, but it must be there"),
)

OBJECT_LAYERS: tuple[ObjectLayer, ...] = (
    ObjectLayer("places", required="it holds the named places", places=True),
    ObjectLayer("labels"),
)

#: The kinds of the ``places`` layer and their custom properties (maps/README.md). A property not
#: listed here is an error, so a typo never passes silently: add new properties here.
PLACE_KINDS: dict[str, PlaceKind] = {
    "building": PlaceKind({"height": int, "treasure": bool, "police": bool}, named=True),
    "start": PlaceKind({"side": ("gang", "fujiko")}),
    "escape": PlaceKind(),
    "bus_stop": PlaceKind({"round": int}, required=("round",)),
    "police_parking": PlaceKind(),
    "reinforcement": PlaceKind(),
    "police_zone": PlaceKind(),
    "helipad": PlaceKind(),
    "dock": PlaceKind(),
    "treasure_site": PlaceKind({"building": str}),
    "vault": PlaceKind(),
    "handwheel": PlaceKind({"zone": str}, required=("zone",)),
    "discovery": PlaceKind(),
    "trapdoor": PlaceKind({"pair": str}, required=("pair",)),
    "temple": PlaceKind({"open": bool, "opened_by": ("owl", "pilum", "trident", "trapdoor", "busts")},
                        named=True),
    "arrow": PlaceKind(),
    "underpass": PlaceKind({"direction": ("ns", "ew")}),
    "zenigata_return": PlaceKind(),
}

#: Map properties (Map > Map Properties in Tiled).
MAP_PROPERTIES: dict[str, Any] = {"episode": str, "designed": bool, "designed_note": str}


def check_places(places: list[Place], checks: Checks) -> None:
    """A treasure site names a real building; trapdoors come in pairs."""
    fld = "layer places"
    buildings = {p.name for p in places if p.kind == "building"}
    pairs: dict[str, list[Place]] = {}
    for p in places:
        if p.kind == "treasure_site" and "building" in p.props and p.props["building"] not in buildings:
            checks.fail(checks.line_of(p), fld,
                        f"treasure_site {p.name or p.coords[0]!r} names the building "
                        f"{p.props['building']!r}, but no building place has that name")
        if p.kind == "trapdoor":
            pairs.setdefault(p.props["pair"], []).append(p)
    for pair, ends in pairs.items():
        if len(ends) != 2:
            where = ", ".join(p.coords[0] for p in ends)
            checks.fail(checks.line_of(ends[0]), fld,
                        f"trapdoor pair {pair!r} has {len(ends)} end(s) ({where}); a pair has exactly 2")


def check(board: TileBoard, checks: Checks) -> None:
    """What the layers and the places must say together (doors in buildings, water under the river
    bed, temple tiles in temples, the ditch at level -1, handwheels draining real zones)."""
    if "ground" not in board.layers:
        return
    places = board.places
    in_building: set[Sq] = {sq for p in places if p.kind == "building" for sq in p.squares}
    in_temple: set[Sq] = {sq for p in places if p.kind == "temple" for sq in p.squares}
    for sq in board.squares():
        terrain = board.value("ground", sq)
        part = board.value("temples", sq)
        level = board.value("levels", sq)
        if terrain in ("door", "roof_access") and sq not in in_building and checks.places_ok:
            what = "a door" if terrain == "door" else "a roof access"
            checks.square_problem("ground", sq, "{squares} {is_} " + what + " but {lies} in no "
                                  "building (draw the building's 'building' rectangle in layer "
                                  "'places' over its doors too)")
        if terrain == "water" and not board.value("water", sq):
            checks.square_problem("ground", sq, "{squares} {has} the terrain 'water' but no tile "
                                  "in layer 'water' (paint the water layer there too)")
        if part and sq not in in_temple and checks.places_ok:
            checks.square_problem("temples", sq, "{squares} {has} a temple tile but {lies} in no "
                                  "'temple' place (draw the temple's rectangle in layer 'places')")
        if sq in in_temple and part is None and not checks.has_square_problem("temples", sq) \
                and checks.places_ok:
            checks.square_problem("temples", sq, "{squares} {lies} in a 'temple' place but {has} "
                                  "no tile in layer 'temples' (body, floor or steps)")
        if board.value("ditch", sq) and level is not None and level != -1:
            checks.square_problem("levels", sq, "{squares} {is_} in the ditch (level -1) "
                                  "but layer 'levels' gives another level")
    zones = {board.value("flooded", sq) for sq in board.squares()} - {None}
    for p in places:
        if p.kind == "handwheel" and p.props["zone"] not in zones:
            have = ", ".join(sorted(zones)) or "none"
            checks.fail(checks.line_of(p), "layer places",
                        f"handwheel {p.name or p.coords[0]!r} drains the zone {p.props['zone']!r}, "
                        f"but that zone is not in layer 'flooded' (its zones: {have})")


def build(board: TileBoard) -> Board:
    """Lupin's cells from the generic board's layers."""
    cells: list[list[Cell]] = []
    for r in range(board.rows):
        row: list[Cell] = []
        for c in range(board.cols):
            sq = (r, c)
            roof = board.value("roofs", sq)
            ditch = bool(board.value("ditch", sq))
            level = board.value("levels", sq)
            if ditch and level is None:
                level = -1
            row.append(Cell(
                terrain=board.value("ground", sq) or "road",
                level=level if level is not None else 0,
                height=roof[0] if roof else 0,
                roof=bool(roof and roof[1]),
                water=bool(board.value("water", sq)),
                temple_part=board.value("temples", sq),
                flooded=board.value("flooded", sq),
                ditch=ditch,
            ))
        cells.append(row)
    return Board(board.name, cells, board.places, board.props, source=board.source, layers=board.layers)


CONTRACT = MapContract(
    tile_layers=TILE_LAYERS,
    object_layers=OBJECT_LAYERS,
    place_kinds=PLACE_KINDS,
    map_props=MAP_PROPERTIES,
    name_prop="episode",
    maps=("*.tmx",),
    check_places=check_places,
    check=check,
    build=build,
)


def load_board(path: str | Path) -> Board:
    """The Lupin board of the Tiled map at ``path`` (cached until the map or a tileset changes);
    :class:`ContentError` with the first problem when it breaks the contract."""
    board = tiled.load_board(path, CONTRACT)
    assert isinstance(board, Board)
    return board


def check_board(path: str | Path) -> list[ContentError]:
    """Every problem of the map at ``path`` (empty when it loads as a Lupin board)."""
    return tiled.check_board(path, CONTRACT)


clear_cache = tiled.clear_cache
