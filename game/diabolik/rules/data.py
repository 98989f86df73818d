"""The designed numbers and names of Quadruplo furto, read from ``data/diabolik/`` (never from code:
the balance work retunes them there). A broken file names the file, the line and the field, both in
``heist-table check-data`` (the checker registered here) and when a game starts."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game.engine import resources
from game.engine.content import ContentError, load_typed, register_checker
from game.diabolik.rules.table import GROUPS, LOCATION_IDS

DATA_DIR = "diabolik"
Effect = Literal["nothing", "danger", "roadblock", "activate", "clue"]


@dataclass(frozen=True)
class LocationEntry:
    id: str
    name: dict[str, str]

    def validate(self) -> None:
        if self.id not in LOCATION_IDS:
            raise ValueError(f"unknown location {self.id!r}; the locations are {', '.join(LOCATION_IDS)}")
        missing = [lang for lang in ("it", "en") if not self.name.get(lang)]
        if missing:
            raise ValueError(f"location {self.id!r} has no name in {', '.join(missing)}")


@dataclass(frozen=True)
class LocationsFile:
    locations: list[LocationEntry]

    def validate(self) -> None:
        ids = [e.id for e in self.locations]
        if sorted(ids) != sorted(LOCATION_IDS):
            raise ValueError("the locations must be the 8 cards, each once: " + ", ".join(LOCATION_IDS))


@dataclass(frozen=True)
class StationResult:
    """One face of the station's d8: what it does, and why it was designed so."""

    roll: int
    effect: Effect
    why: str
    n: int = 0                       # danger: how much
    who: tuple[str, ...] = ()        # activate: who (ginko, morrigan, detectives, agents, blue, yellow, all)

    def validate(self) -> None:
        if not 1 <= self.roll <= 8:
            raise ValueError(f"a d8 result is 1 to 8, not {self.roll}")
        if self.effect == "danger" and self.n < 1:
            raise ValueError("a danger result needs n (at least 1)")
        if self.effect != "danger" and self.n:
            raise ValueError(f"n is for danger results only, not {self.effect}")
        if self.effect == "activate":
            if not self.who:
                raise ValueError("an activate result needs who (at least one)")
            bad = [w for w in self.who if w not in GROUPS]
            if bad:
                raise ValueError(f"unknown policeman {bad[0]!r}; expected one of {', '.join(GROUPS)}")
        elif self.who:
            raise ValueError(f"who is for activate results only, not {self.effect}")
        if not self.why.strip():
            raise ValueError("each result gives one line of reasoning (why)")


@dataclass(frozen=True)
class StationFile:
    designed: bool
    results: list[StationResult]

    def validate(self) -> None:
        if not self.designed:
            raise ValueError("the station's table is designed (the rulebook prints only 3, 4, 5, 7 and 8): "
                             "say designed: true")
        rolls = sorted(r.roll for r in self.results)
        if rolls != list(range(1, 9)):
            raise ValueError("the station needs one result for each face of the d8, 1 to 8, each once")


@dataclass(frozen=True)
class DangerFile:
    designed: bool
    danger_max: int
    why: str
    solo_danger_max: int = 0         # one criminal's track (0: the same as two criminals')
    solo_why: str = ""

    def validate(self) -> None:
        if not self.designed:
            raise ValueError("the danger track's length is designed (the rulebook does not print it): "
                             "say designed: true")
        if not 2 <= self.danger_max <= 99:
            raise ValueError(f"danger_max must be 2 to 99, not {self.danger_max}")
        if self.solo_danger_max and not 2 <= self.solo_danger_max <= 99:
            raise ValueError(f"solo_danger_max must be 2 to 99, not {self.solo_danger_max}")
        if self.solo_danger_max and not self.solo_why.strip():
            raise ValueError("solo_danger_max gives one line of reasoning (solo_why)")


def path(name: str, root: Path | None = None) -> Path:
    return resources.data_dir(root) / DATA_DIR / name


@functools.lru_cache(maxsize=4)
def locations(root: Path | None = None) -> dict[str, dict[str, str]]:
    """Each location id -> its names, {"it": ..., "en": ...}."""
    data = load_typed(path("locations.yaml", root), LocationsFile)
    return {e.id: dict(e.name) for e in data.locations}


@functools.lru_cache(maxsize=4)
def station(root: Path | None = None) -> dict[int, StationResult]:
    """The station's d8: face -> result."""
    data = load_typed(path("station.yaml", root), StationFile)
    return {r.roll: r for r in data.results}


@functools.lru_cache(maxsize=4)
def danger_max(root: Path | None = None) -> int:
    return load_typed(path("danger.yaml", root), DangerFile).danger_max


@functools.lru_cache(maxsize=4)
def solo_danger_max(root: Path | None = None) -> int:
    """The track's length when one criminal plays alone (its own number, else the same)."""
    loaded = load_typed(path("danger.yaml", root), DangerFile)
    return loaded.solo_danger_max or loaded.danger_max


@register_checker("diabolik-data")
def check_data(root: Path) -> list[ContentError]:
    """Every Diabolik data file, each problem naming its file, line and field."""
    problems: list[ContentError] = []
    for name, schema in (("locations.yaml", LocationsFile), ("station.yaml", StationFile),
                         ("danger.yaml", DangerFile)):
        try:
            load_typed(path(name, root), schema)
        except ContentError as exc:
            problems.append(exc)
    return problems
