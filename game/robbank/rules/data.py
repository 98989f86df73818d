"""The designed tiles and decks of How to Rob a Bank, read from ``data/robbank/`` (never from code).
A broken file names the file, the line and the field, both in ``heist-table check-data`` (the checker
registered here) and when a game starts."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from game.engine import resources
from game.engine.content import ContentError, FileProblem, load_checked, register_checker
from game.robbank.rules import board

DATA_DIR = "robbank"
LOOT_TOKENS = 7
"""The box holds seven loot tokens."""
DECK_SIZE = 15
GUARD_ACTIONS = ("move", "tackle", "lock")
THIEF_ACTIONS = ("move", "grab", "pick", "spray", "vents")
ICONS = ("loot", "guard", "alarm", "thieves")

Card = tuple[tuple[str, ...], ...]
"""A card: its parts (all to be done, in any order), each part one action or several to choose from."""


def parse_card(text: str, allowed: tuple[str, ...]) -> Card:
    """``"move+grab"`` -> (("move",), ("grab",)); ``"spray|grab"`` -> (("spray", "grab"),)."""
    parts = []
    for part in text.split("+"):
        options = tuple(o.strip() for o in part.split("|"))
        bad = [o for o in options if o not in allowed]
        if bad or not options:
            raise ValueError(f"unknown action {bad[0] if bad else part!r} in card {text!r}; "
                             f"the actions are {', '.join(allowed)}")
        if len(set(options)) != len(options):
            raise ValueError(f"card {text!r} offers the same action twice")
        parts.append(options)
    return tuple(parts)


def card_name(card: Card) -> str:
    return "+".join("|".join(part) for part in card)


@dataclass(frozen=True)
class TileEntry:
    id: str
    name: dict[str, str]
    players: Literal["all", "2-3", "4"]
    walls: list[str]
    icons: list[str]

    def validate(self) -> None:
        missing = [lang for lang in ("it", "en") if not self.name.get(lang)]
        if missing:
            raise ValueError(f"tile {self.id!r} has no name in {', '.join(missing)}")
        bad = [w for w in self.walls if w not in board.SIDES]
        if bad:
            raise ValueError(f"a wall is on a side n, e, s or w, not {bad[0]!r}")
        if len(set(self.walls)) != len(self.walls):
            raise ValueError(f"tile {self.id!r} names a wall twice")
        bad = [i for i in self.icons if i not in ICONS]
        if bad:
            raise ValueError(f"unknown icon {bad[0]!r}; the icons are {', '.join(ICONS)}")

    def uses(self, players: int) -> bool:
        return self.players == "all" or (self.players == "4") == (players == 4)


@dataclass(frozen=True)
class RoomsFile:
    designed: bool
    why: str
    tiles: list[TileEntry]

    def check(self) -> None:
        """The file as a whole (run by :func:`_load` once every tile is read)."""
        if not self.designed:
            raise FileProblem("designed", "the tiles' drawings are designed (the rulebook does not print them): "
                              "say designed: true")
        if not self.why.strip():
            raise FileProblem("why", "say in one line why the tiles are drawn so (why)")
        ids = [t.id for t in self.tiles]
        for i, tile_id in enumerate(ids):
            if tile_id in ids[:i]:
                raise FileProblem(f"tiles[{i}].id", f"two tiles are called {tile_id!r}")
        if len(self.tiles) != 10:
            raise FileProblem("tiles", f"the box holds 10 room tiles, not {len(self.tiles)}")
        for players in (2, 3, 4):
            used = [(i, t) for i, t in enumerate(self.tiles) if t.uses(players)]
            if len(used) != 9:
                raise FileProblem("tiles", f"with {players} players 9 tiles must be in play, not {len(used)} "
                                  "(one tile for 2-3 players, one for 4)")
            icons = [i for _, t in used for i in t.icons]
            for icon, words in (("thieves", "the thieves' start"), ("alarm", "the alarm")):
                if icons.count(icon) != 1:
                    showing = [i for i, t in used if icon in t.icons]
                    where = f"tiles[{showing[1]}].icons" if len(showing) > 1 else "tiles"
                    raise FileProblem(where, f"with {players} players the tiles must show {words} once, "
                                      f"not {icons.count(icon)} times")
            guards = 3 if players == 4 else 2
            if icons.count("guard") != guards:
                raise FileProblem("tiles", f"with {players} players the tiles must show {guards} guards "
                                  f"(the bank's pawns), not {icons.count('guard')}")
            if icons.count("loot") > LOOT_TOKENS:
                raise FileProblem("tiles", f"with {players} players the tiles show {icons.count('loot')} bags; "
                                  f"the box holds {LOOT_TOKENS} loot tokens")
            walled = [t for _, t in used if t.walls]
            stuck = unopenable(tuple(sorted(tuple(t.walls) for t in walled)))
            if stuck is not None:
                raise FileProblem("tiles", f"with {players} players, the walled tiles at rooms {stuck} cannot be "
                                  "turned so that every room is open")


@functools.lru_cache(maxsize=8)
def unopenable(walled: tuple[tuple[str, ...], ...]) -> tuple[int, ...] | None:
    """The first placement of these walled tiles (by room, in any order) that no rotation opens,
    else None: every shuffle of the nine tiles can be opened by turning its walled tiles."""
    n = len(walled)
    for rooms in itertools.permutations(range(board.ROOMS), n):
        layout_fixed = dict(zip(rooms, walled))
        ok = False
        for turns in itertools.product(range(4), repeat=n):
            walls = board.walls_of((layout_fixed.get(r, ()), dict(zip(rooms, turns)).get(r, 0))
                                   for r in range(board.ROOMS))
            if board.is_open(walls):
                ok = True
                break
        if not ok:
            return rooms
    return None


@dataclass(frozen=True)
class CardEntry:
    card: str
    count: int

    def validate(self) -> None:
        if not 1 <= self.count <= DECK_SIZE:
            raise ValueError(f"count must be 1 to {DECK_SIZE}, not {self.count}")


@dataclass(frozen=True)
class DecksFile:
    designed: bool
    why: str
    guards: list[CardEntry]
    thieves: list[CardEntry]

    def check(self) -> None:
        """The file as a whole (run by :func:`_load` once every card is read)."""
        if not self.designed:
            raise FileProblem("designed", "the decks are designed (the rulebook does not print them): "
                              "say designed: true")
        if not self.why.strip():
            raise FileProblem("why", "say in one line why the decks are made so (why)")
        for side, entries, allowed in (("guards", self.guards, GUARD_ACTIONS),
                                       ("thieves", self.thieves, THIEF_ACTIONS)):
            names: list[str] = []
            for i, entry in enumerate(entries):
                try:
                    name = card_name(parse_card(entry.card, allowed))
                except ValueError as exc:
                    raise FileProblem(f"{side}[{i}].card", str(exc)) from None
                if name in names:
                    raise FileProblem(f"{side}[{i}].card", f"the {side}' deck lists a card twice; "
                                      "give it one line with its count")
                names.append(name)
            total = sum(e.count for e in entries)
            if total != DECK_SIZE:
                raise FileProblem(side, f"the {side}' deck holds {DECK_SIZE} cards, not {total}")


def path(name: str, root: Path | None = None) -> Path:
    return resources.data_dir(root) / DATA_DIR / name


_File = TypeVar("_File", RoomsFile, DecksFile)


def _load(name: str, schema: type[_File], root: Path | None = None) -> _File:
    """A data file read and checked as a whole; a problem names the file, the line and the field."""
    return load_checked(path(name, root), schema)


@dataclass(frozen=True)
class Tile:
    id: str
    name: dict[str, str]
    walls: tuple[str, ...]
    icons: tuple[str, ...]


@functools.lru_cache(maxsize=4)
def tiles(players: int, root: Path | None = None) -> tuple[Tile, ...]:
    """The nine tiles in play with ``players`` players, in the file's order."""
    data = _load("rooms.yaml", RoomsFile, root)
    return tuple(Tile(t.id, dict(t.name), tuple(t.walls), tuple(t.icons)) for t in data.tiles if t.uses(players))


@functools.lru_cache(maxsize=4)
def all_tiles(root: Path | None = None) -> dict[str, Tile]:
    data = _load("rooms.yaml", RoomsFile, root)
    return {t.id: Tile(t.id, dict(t.name), tuple(t.walls), tuple(t.icons)) for t in data.tiles}


@functools.lru_cache(maxsize=4)
def deck(side: str, root: Path | None = None) -> tuple[Card, ...]:
    """A deck of 15 cards (``side`` guards or thieves), card number -> card, in the file's order."""
    data = _load("decks.yaml", DecksFile, root)
    entries, allowed = (data.guards, GUARD_ACTIONS) if side == "guards" else (data.thieves, THIEF_ACTIONS)
    return tuple(parse_card(e.card, allowed) for e in entries for _ in range(e.count))


@register_checker("robbank-data")
def check_data(root: Path) -> list[ContentError]:
    """Every How to Rob a Bank data file, each problem naming its file, line and field."""
    problems: list[ContentError] = []
    for read in (lambda: _load("rooms.yaml", RoomsFile, root), lambda: _load("decks.yaml", DecksFile, root)):
        try:
            read()
        except ContentError as exc:
            problems.append(exc)
    return problems
