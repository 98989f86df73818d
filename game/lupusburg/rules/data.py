"""What the box of Lupusburg holds, read from ``data/lupusburg/`` (never from code): the eight families'
colours (designed: the sources name none) and the coins and the character cards (as printed). A
broken file names the file, the line and the field, both in ``heist-table check-data`` (the checker
registered here) and when a game starts."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from game.engine import resources
from game.engine.content import ContentError, FileProblem, load_checked, register_checker

DATA_DIR = "lupusburg"
MAX_PLAYERS = 8
MIN_PLAYERS = 4
CARDS_EACH = 2
WEREWOLF, THIEF, TOWNSFOLK = "werewolf", "thief", "townsfolk"
CHARACTERS = (WEREWOLF, THIEF, TOWNSFOLK)
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class ColourEntry:
    id: str
    name: dict[str, str]

    def validate(self) -> None:
        if not _ID.match(self.id):
            raise ValueError(f"a colour's id is a lower-case word, not {self.id!r}")
        missing = [lang for lang in ("it", "en") if not self.name.get(lang, "").strip()]
        if missing:
            raise ValueError(f"colour {self.id!r} has no name in {', '.join(missing)}")


@dataclass(frozen=True)
class ColoursFile:
    designed: bool
    why: str
    colours: list[ColourEntry]

    def check(self) -> None:
        if not self.designed:
            raise FileProblem("designed", "the colours are designed (the sources name none): say designed: true")
        if not self.why.strip():
            raise FileProblem("why", "say in one line why the colours are these (why)")
        if len(self.colours) != MAX_PLAYERS:
            raise FileProblem("colours", f"the box holds {MAX_PLAYERS} families, not {len(self.colours)} colours")
        seen_ids: list[str] = []
        seen_names: dict[str, list[str]] = {"it": [], "en": []}
        for i, colour in enumerate(self.colours):
            if colour.id in seen_ids:
                raise FileProblem(f"colours[{i}].id", f"two colours are called {colour.id!r}")
            seen_ids.append(colour.id)
            for lang in ("it", "en"):
                name = colour.name[lang].strip().lower()
                if name in seen_names[lang]:
                    raise FileProblem(f"colours[{i}].name", f"two colours are named {colour.name[lang]!r} ({lang})")
                seen_names[lang].append(name)


@dataclass(frozen=True)
class DeckEntry:
    werewolf: int
    thief: int
    townsfolk: int


@dataclass(frozen=True)
class BoxFile:
    designed: bool
    source: str
    coins: list[int]
    deck: DeckEntry

    def check(self) -> None:
        if self.designed:
            raise FileProblem("designed", "the coins and the cards are printed in the rules: say designed: false")
        if not self.source.strip():
            raise FileProblem("source", "say in one line where the coins and the cards come from (source)")
        if len(self.coins) != MAX_PLAYERS:
            raise FileProblem("coins", f"the bag holds {MAX_PLAYERS} coins (one a seal), not {len(self.coins)}")
        for i, value in enumerate(self.coins):
            if value < 1:
                raise FileProblem(f"coins[{i}]", f"a coin is worth at least 1, not {value}")
        if self.deck.werewolf != 1:
            raise FileProblem("deck.werewolf", f"the deck holds one Werewolf, not {self.deck.werewolf}")
        if self.deck.thief != 1:
            raise FileProblem("deck.thief", f"the deck holds one Thief, not {self.deck.thief}")
        total = self.deck.werewolf + self.deck.thief + self.deck.townsfolk
        if total != CARDS_EACH * MAX_PLAYERS:
            raise FileProblem("deck.townsfolk", f"the deck holds {CARDS_EACH} characters for each of "
                              f"{MAX_PLAYERS} players ({CARDS_EACH * MAX_PLAYERS} cards), not {total}")


def path(name: str, root: Path | None = None) -> Path:
    return resources.data_dir(root) / DATA_DIR / name


_File = TypeVar("_File", ColoursFile, BoxFile)


def _load(name: str, schema: type[_File], root: Path | None = None) -> _File:
    """A data file read and checked as a whole; a problem names the file, the line and the field."""
    return load_checked(path(name, root), schema)


@dataclass(frozen=True)
class Colour:
    id: str
    name: dict[str, str]


@functools.lru_cache(maxsize=4)
def colours(root: Path | None = None) -> tuple[Colour, ...]:
    """The eight colours in seating order (clockwise)."""
    data = _load("colours.yaml", ColoursFile, root)
    return tuple(Colour(c.id, dict(c.name)) for c in data.colours)


def colour_name(seat: str, root: Path | None = None) -> dict[str, str]:
    """A seat's colour in both languages (``{"it": "Rosso", "en": "Red"}``); the id if unknown."""
    for colour in colours(root):
        if colour.id == seat:
            return dict(colour.name)
    return {"it": seat, "en": seat}


@functools.lru_cache(maxsize=4)
def coins(root: Path | None = None) -> tuple[int, ...]:
    """The values of the coins in the bag, high to low."""
    return tuple(sorted(_load_box(root).coins, reverse=True))


def deck(players: int, root: Path | None = None) -> tuple[str, ...]:
    """The character deck for ``players``: the Werewolf, the Thief and Townsfolk for two cards a player."""
    box = _load_box(root)
    townsfolk = CARDS_EACH * players - box.deck.werewolf - box.deck.thief
    if not 0 <= townsfolk <= box.deck.townsfolk:
        raise ValueError(f"the box has no deck for {players} players")
    return (WEREWOLF,) * box.deck.werewolf + (THIEF,) * box.deck.thief + (TOWNSFOLK,) * townsfolk


@functools.lru_cache(maxsize=4)
def _load_box(root: Path | None = None) -> BoxFile:
    return _load("box.yaml", BoxFile, root)


@register_checker("lupusburg-data")
def check_data(root: Path) -> list[ContentError]:
    """Every Lupusburg data file, each problem naming its file, line and field."""
    problems: list[ContentError] = []
    for read in (lambda: _load("colours.yaml", ColoursFile, root), lambda: _load("box.yaml", BoxFile, root)):
        try:
            read()
        except ContentError as exc:
            problems.append(exc)
    return problems
