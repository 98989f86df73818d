"""Character sheets (data/lupin/characters.yaml): movement by wounds, skills, agility."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game.engine import resources
from game.engine.content import ContentError, load_typed, register_checker

GANG_IDS = ("lupin", "jigen", "goemon", "fujiko")


@dataclass(frozen=True)
class Sheet:
    id: str
    name: dict[str, str]
    side: Literal["gang", "police"]
    movement_by_wounds: list[int]
    max_wounds: int
    melee: int
    pistol: int
    rifle: int
    knife: int
    agility: int
    weapon: dict[str, str]
    designed: bool
    designed_note: str = ""

    def validate(self) -> None:
        if set(self.name) != {"it", "en"} or set(self.weapon) != {"it", "en"}:
            raise ValueError("name and weapon need an 'it' and an 'en' text")
        if self.max_wounds < 1:
            raise ValueError("max_wounds must be at least 1")
        if len(self.movement_by_wounds) != self.max_wounds:
            raise ValueError(f"movement_by_wounds needs one allowance for 0 to {self.max_wounds - 1} "
                             f"wounds ({self.max_wounds} values), not {len(self.movement_by_wounds)}")
        if self.designed and not self.designed_note:
            raise ValueError("a designed sheet needs a designed_note")

    def movement(self, wounds: int) -> int:
        """The movement allowance with ``wounds`` wounds (the last value beyond the list)."""
        return self.movement_by_wounds[min(wounds, len(self.movement_by_wounds) - 1)]

    def skill(self, weapon: str) -> int:
        return {"pistol": self.pistol, "rifle": self.rifle, "knife": self.knife, "melee": self.melee}[weapon]


@dataclass(frozen=True)
class SheetFile:
    characters: list[Sheet]
    zenigata_return: dict[str, list[str]]
    zenigata_return_designed_note: str

    def validate(self) -> None:
        ids = {s.id for s in self.characters}
        missing = set(GANG_IDS) | {"zenigata", "agent", "guard"}
        if not missing <= ids:
            raise ValueError("sheets missing for: " + ", ".join(sorted(missing - ids)))


def sheets_path(root: Path | None = None) -> Path:
    return resources.data_dir(root) / "lupin" / "characters.yaml"


@functools.lru_cache(maxsize=4)
def _load(root: Path | None) -> SheetFile:
    return load_typed(sheets_path(root), SheetFile)


def sheet(character: str, root: Path | None = None) -> Sheet:
    for s in _load(root).characters:
        if s.id == character:
            return s
    raise KeyError(f"no character sheet for {character!r}")


def zenigata_return(episode: str, root: Path | None = None) -> list[str]:
    return list(_load(root).zenigata_return.get(episode, ()))


@register_checker("lupin-characters")
def check_sheets(root: Path) -> list[ContentError]:
    try:
        load_typed(sheets_path(root), SheetFile)
    except ContentError as exc:
        return [exc]
    return []
