"""Lupin's board model: what each square of a printed board is (terrain, level, roof height, water,
temples, flooded zones, ditch), the buildings, and the named places on it.

:mod:`game.lupin.rules.board_contract` reads a Tiled map into this model (through the engine's
generic loader); geometry and the rules read only this model. Squares use the rulebooks'
coordinates through :class:`game.engine.grid.Sq` (``A1`` top-left). The meaning of every layer and
place kind is documented in ``maps/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any
from collections.abc import Iterable, Mapping

from game.engine import board as generic
from game.engine.board import Place
from game.engine.grid import Sq

# Ground terrains (tile property ``terrain`` of the ground layer). ``walk`` says whether a figure
# on foot may stand there at all (episode rules narrow it further); ``sight`` whether the square,
# lying between two others, blocks the line of sight.
TERRAINS: dict[str, dict[str, bool]] = {
    "road":       {"walk": True,  "sight": False},
    "dirt":       {"walk": True,  "sight": False},
    "grass":      {"walk": True,  "sight": False},
    "woods":      {"walk": True,  "sight": True},
    "flowerbed":  {"walk": False, "sight": False},
    "crossing":   {"walk": True,  "sight": False},   # a flowerbed's crossing square
    "wall":       {"walk": False, "sight": True},
    "building":   {"walk": False, "sight": True},    # inside a building's footprint
    "door":       {"walk": True,  "sight": True},    # crossed, never stopped on
    "roof_access": {"walk": True, "sight": True},    # the room up to the roof: crossed, never stopped on
    "bridge":     {"walk": True,  "sight": False},
    "dock":       {"walk": True,  "sight": False},
    "puddle":     {"walk": True,  "sight": False},
    "stairs":     {"walk": True,  "sight": False},   # temple steps, flights between levels
    "ramp":       {"walk": True,  "sight": False},
    "column":     {"walk": True,  "sight": False},   # single columns and bits of ruin (Cagliostro)
    "ruin":       {"walk": False, "sight": True},    # Stonehenge's stones
    "ruin_floor": {"walk": True,  "sight": False},   # the coloured squares among the stones
    "arrow":      {"walk": True,  "sight": False},   # the only way into and out of the ruins
    "underpass":  {"walk": True,  "sight": False},   # B4: crossed north-south, never stopped on
    "helipad":    {"walk": True,  "sight": False},
    "water":      {"walk": False, "sight": False},   # ground under the water layer (river bed)
}


@dataclass(frozen=True)
class Cell:
    """Everything the layers say about one square."""

    terrain: str
    level: int = 0               # ``levels`` layer; the ditch is -1
    height: int = 0              # ``roofs`` layer: floors of the building standing here (0: none)
    roof: bool = False           # a roof square a figure may stand on
    water: bool = False          # ``water`` layer
    temple: str | None = None    # ``temples`` layer + temple place: the temple's name
    temple_part: str | None = None  # "body", "floor" or "steps"
    flooded: str | None = None   # ``flooded`` layer: the zone's colour
    ditch: bool = False          # ``ditch`` layer
    building: str | None = None  # name of the building whose footprint holds this square

    @property
    def blocks_sight(self) -> bool:
        """Whether this square, lying between two others, blocks sight at ground level."""
        if self.temple is not None and self.temple_part != "steps":
            return True
        return TERRAINS.get(self.terrain, {}).get("sight", False) or self.height > 0


@dataclass(frozen=True)
class Building:
    name: str
    squares: frozenset[Sq]
    doors: tuple[Sq, ...]
    roof_access: tuple[Sq, ...]
    roof_squares: tuple[Sq, ...]
    props: Mapping[str, Any]

    @property
    def height(self) -> int:
        return int(self.props.get("height", 0))


class Board(generic.Board):
    """A rectangular board of ``rows`` × ``cols`` cells with named places."""

    def __init__(self, name: str, cells: list[list[Cell]], places: Iterable[Place],
                 props: Mapping[str, Any] | None = None, source: Path | None = None,
                 layers: Mapping[str, tuple[tuple[Any, ...], ...]] | None = None):
        places = tuple(places)
        rows = len(cells)
        cols = len(cells[0]) if cells else 0
        super().__init__(name, rows, cols, places, props, source, layers)
        # Building and temple names come from the places that cover the squares.
        cells = [list(row) for row in cells]
        for place in self.places:
            if place.kind in ("building", "temple"):
                for r, c in place.squares:
                    if 0 <= r < self.rows and 0 <= c < self.cols:
                        cell = cells[r][c]
                        cells[r][c] = (replace(cell, building=place.name) if place.kind == "building"
                                       else replace(cell, temple=place.name))
        self._cells = tuple(tuple(row) for row in cells)
        self.buildings: dict[str, Building] = self._collect_buildings()

    def cell(self, sq: tuple[int, int]) -> Cell:
        return self._cells[sq[0]][sq[1]]

    def _collect_buildings(self) -> dict[str, Building]:
        footprints: dict[str, set[Sq]] = {}
        props: dict[str, dict[str, Any]] = {}
        for p in self.places_of("building"):
            footprints.setdefault(p.name, set()).update(p.squares)
            props.setdefault(p.name, {}).update(p.props)
        out = {}
        for name, squares in footprints.items():
            ordered = sorted(squares)
            out[name] = Building(
                name=name,
                squares=frozenset(squares),
                doors=tuple(s for s in ordered if self.cell(s).terrain == "door"),
                roof_access=tuple(s for s in ordered if self.cell(s).terrain == "roof_access"),
                roof_squares=tuple(s for s in ordered if self.cell(s).roof),
                props=MappingProxyType(props[name]),
            )
        return out
