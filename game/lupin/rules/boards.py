"""The Lupin episodes' boards: which map each uses and the squares its rulebook names.

``data/lupin/episodes.yaml`` lists, for every episode, the places and squares a rulebook names
(start squares, police parking, handwheels, the ramp...). :func:`load_episode_board` loads the
map and checks each of them, so a map that lacks one fails with a sentence naming the file, the
layer and the square.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from game.engine import resources
from game.engine.board import Place
from game.engine.content import ContentError, load_typed, register_checker
from game.engine.grid import Sq, format_coord, parse_coord
from game.lupin.rules.geometry import Geometry
from game.lupin.rules.terrain import Board

EPISODES_FILE = ("lupin", "episodes.yaml")


@dataclass(frozen=True)
class Requirement:
    """One thing a board must hold (only the fields given are checked)."""

    kind: str | None = None
    at: list[str] | None = None
    terrain: str | None = None
    level: int | None = None
    count: int | None = None
    min_count: int | None = None
    max_column: int | None = None
    where: dict[str, Any] | None = None
    names: list[str] | None = None
    roof_squares_of_treasure_buildings: int | None = None
    bus_stops_for_rounds: int | None = None
    flooded_zones: int | None = None
    has_terrain: str | None = None
    has_ditch: bool | None = None

    def validate(self) -> None:
        for coord in self.at or ():
            parse_coord(coord)  # raises ValueError with a sentence


@dataclass(frozen=True)
class Episode:
    id: str
    box: Literal["base", "expansion"]
    map: str
    name: dict[str, str]
    rounds: int
    requires: list[Requirement] = field(default_factory=list)
    police_columns: list[int] | None = None

    def validate(self) -> None:
        if set(self.name) != {"it", "en"}:
            raise ValueError("name needs exactly an 'it' and an 'en' text")
        if self.rounds < 1:
            raise ValueError("rounds must be at least 1")
        # Where Zenigata sets up: columns (the base game, Stonehenge), or the map's 'police_zone'
        # places when the episode requires them (Cagliostro: the site's dirt).
        if self.police_columns is None:
            if not any(r.kind == "police_zone" for r in self.requires):
                raise ValueError(f"episode {self.id!r} does not say where Zenigata sets up: add "
                                 "police_columns: [first, last] (the rulebook's columns), or require a "
                                 "'police_zone' place ({kind: police_zone, min_count: 1})")
        elif len(self.police_columns) != 2 or not 1 <= self.police_columns[0] <= self.police_columns[1]:
            raise ValueError(f"episode {self.id!r}: police_columns must be two column numbers "
                             f"[first, last], first at least 1, not {self.police_columns}")


@dataclass(frozen=True)
class EpisodeFile:
    episodes: list[Episode]

    def validate(self) -> None:
        ids = [e.id for e in self.episodes]
        if len(ids) != len(set(ids)):
            raise ValueError("two episodes share an id")


def episodes_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*EPISODES_FILE)


@functools.lru_cache(maxsize=4)
def _load_episodes(root: Path | None) -> dict[str, Episode]:
    data = load_typed(episodes_path(root), EpisodeFile)
    return {e.id: e for e in data.episodes}


def episodes(root: Path | None = None) -> dict[str, Episode]:
    return _load_episodes(root)


def episode(episode_id: str, root: Path | None = None) -> Episode:
    all_eps = episodes(root)
    if episode_id not in all_eps:
        raise KeyError(f"no Lupin episode {episode_id!r}; the episodes are: {', '.join(all_eps)}")
    return all_eps[episode_id]


def _matches(place: Place, where: dict[str, Any] | None) -> bool:
    return all(place.props.get(k) == v for k, v in (where or {}).items())


def board_problems(board: Board, ep: Episode) -> list[str]:
    """Every requirement of ``ep`` that ``board`` fails, each as one sentence."""
    problems: list[str] = []
    for req in ep.requires:
        places = [p for p in board.places_of(req.kind) if _matches(p, req.where)] if req.kind else []
        what = f"a '{req.kind}' place" if req.kind else "the square"
        if req.where:
            what += " with " + ", ".join(f"{k}: {v}" for k, v in req.where.items())
        for coord in req.at or ():
            sq = parse_coord(coord)
            if sq not in board:
                problems.append(f"square {coord} is off the board")
                continue
            if req.kind and not any(sq in p.squares for p in places):
                problems.append(f"layer 'places': square {coord} needs {what}")
            cell = board.cell(sq)
            if req.terrain and cell.terrain != req.terrain:
                problems.append(f"layer 'ground': square {coord} must be {req.terrain}, not {cell.terrain}")
            if req.level is not None and cell.level != req.level:
                problems.append(f"layer 'levels': square {coord} must be at level {req.level}, not {cell.level}")
        if req.count is not None and len(places) != req.count:
            problems.append(f"layer 'places': needs exactly {req.count} of {what}, found {len(places)}")
        if req.min_count is not None and len(places) < req.min_count:
            problems.append(f"layer 'places': needs at least {req.min_count} of {what}, found {len(places)}")
        if req.max_column is not None:
            for p in places:
                for sq in p.squares:
                    if sq.col + 1 > req.max_column:
                        problems.append(f"layer 'places': {what} at {format_coord(sq)} must lie in "
                                        f"columns 1-{req.max_column}")
        for name in req.names or ():
            if not any(p.name == name for p in places):
                problems.append(f"layer 'places': needs {what} named {name!r}")
        if req.roof_squares_of_treasure_buildings is not None:
            n = sum(len(b.roof_squares) for b in board.buildings.values() if b.props.get("treasure"))
            if n != req.roof_squares_of_treasure_buildings:
                problems.append(f"layer 'roofs': the treasure buildings need "
                                f"{req.roof_squares_of_treasure_buildings} standable roof squares "
                                f"(one per guard), found {n}")
        if req.bus_stops_for_rounds is not None:
            rounds = {p.props.get("round") for p in board.places_of("bus_stop")}
            missing = [r for r in range(1, req.bus_stops_for_rounds + 1) if r not in rounds]
            if missing:
                problems.append(f"layer 'places': no bus stop for round(s) {', '.join(map(str, missing))}")
        if req.flooded_zones is not None:
            zones = {board.cell(s).flooded for s in board.squares()} - {None}
            if len(zones) != req.flooded_zones:
                problems.append(f"layer 'flooded': needs {req.flooded_zones} zones, found {len(zones)}")
        if req.has_terrain and not any(board.cell(s).terrain == req.has_terrain for s in board.squares()):
            problems.append(f"layer 'ground': needs some '{req.has_terrain}' squares")
        if req.has_ditch and not any(board.cell(s).ditch for s in board.squares()):
            problems.append("layer 'ditch': the episode needs a ditch")
    if ep.police_columns and ep.police_columns[-1] > board.cols:
        problems.append(f"police_columns {ep.police_columns} reach past the board's {board.cols} columns")
    return problems


def map_path(ep: Episode, root: Path | None = None) -> Path:
    return resources.maps_dir(root) / ep.map


def load_episode_board(episode_id: str, root: Path | None = None) -> Board:
    """The episode's board, checked against everything its rulebook names."""
    from game.lupin.rules.board_contract import load_board

    ep = episode(episode_id, root)
    path = map_path(ep, root)
    board = load_board(path)
    problems = board_problems(board, ep)
    if problems:
        raise ContentError(path, None, None, problems[0] + (
            f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""))
    return board


@functools.lru_cache(maxsize=8)
def episode_geometry(episode_id: str) -> Geometry:
    """The (cached) geometry of an episode's board from the installed content."""
    return Geometry(load_episode_board(episode_id))


@register_checker("lupin-boards")
def check_lupin_boards(root: Path) -> list[ContentError]:
    from game.lupin.rules.board_contract import load_board

    try:
        eps = load_typed(episodes_path(root), EpisodeFile).episodes
    except ContentError as exc:
        return [exc]
    problems: list[ContentError] = []
    for ep in eps:
        path = map_path(ep, root)
        try:
            board = load_board(path)
        except ContentError as exc:
            problems.append(exc)
            continue
        problems.extend(ContentError(path, None, None, p) for p in board_problems(board, ep))
    return problems


def square_info(geo: Geometry, sq: Sq) -> dict[str, Any]:
    """What a map author wants to know about one square (used by `heist-table lupin square`)."""
    board = geo.board
    c = board.cell(sq)
    geo_top = geo.obstacle_top(sq)
    features = [{"kind": p.kind, "name": p.name, **({"props": dict(p.props)} if p.props else {})}
                for p in board.places_at(sq)]
    info: dict[str, Any] = {
        "coord": format_coord(sq),
        "terrain": c.terrain,
        "level": c.level,
        "blocks_sight": geo_top != float("-inf"),
        "features": features,
    }
    if c.height:
        info["roof_height"] = c.height
        info["roof_square"] = c.roof
    if c.building:
        info["building"] = c.building
    if c.water:
        info["water"] = True
    if c.temple:
        info["temple"] = c.temple
        info["temple_part"] = c.temple_part
    if c.flooded:
        info["flooded"] = c.flooded
    if c.ditch:
        info["ditch"] = True
    return info

