"""The catalogue of games offered in the chooser (data/games.yaml), as typed, validated objects.

Pure: no pygame here, so ``check-data`` and the tests can load it anywhere. The UI decides what a
player can open: an entry opens only when it is ``playable`` *and* its set-up scene
(:func:`setup_scene`: its title's, from the one list of titles) is registered in
:mod:`game.ui.registry`; everything else shows "Coming soon".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game.engine import resources
from game.engine.content import ContentError, load_typed, register_checker

_ID = re.compile(r"^[a-z][a-z0-9-]*$")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _check_id(value: str, what: str) -> None:
    if not _ID.match(value):
        raise ValueError(f"{what} {value!r} must be lower-case letters, digits and dashes")


@dataclass(frozen=True)
class LocalText:
    """A text in Italian and English."""

    it: str
    en: str

    def validate(self) -> None:
        for lang in ("it", "en"):
            if not getattr(self, lang).strip():
                raise ValueError(f"the {lang} text is empty")

    def get(self, lang: str) -> str:
        return self.it if lang == "it" else self.en


@dataclass(frozen=True)
class Players:
    min: int
    max: int

    def validate(self) -> None:
        if not 1 <= self.min <= self.max <= 20:
            raise ValueError(f"players must satisfy 1 <= min <= max <= 20, got {self.min}–{self.max}")


@dataclass(frozen=True)
class Episode:
    id: str
    title: LocalText
    blurb: LocalText
    playable: bool = False

    def validate(self) -> None:
        _check_id(self.id, "episode id")


@dataclass(frozen=True)
class Game:
    id: str
    title: LocalText
    blurb: LocalText
    players: Players
    sides: LocalText                                    # who plays against whom, in a few words
    solo: Literal["no", "planned", "yes"] = "no"        # one player against the computer
    colour: str = "#f0b848"                             # the accent of its cards
    playable: bool = False
    setup: str | None = None                            # scene name in game.ui.registry
    episodes: tuple[Episode, ...] = ()

    def validate(self) -> None:
        _check_id(self.id, "game id")
        if not _HEX.match(self.colour):
            raise ValueError(f"colour {self.colour!r} must look like #e8574a")
        if self.setup is not None:
            _check_id(self.setup, "setup scene name")
        if self.playable and self.setup is None:
            raise ValueError("a playable game needs a 'setup' scene")
        ids = [e.id for e in self.episodes]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"episode id {dupes[0]!r} is used twice")
        if self.episodes:
            any_playable = any(e.playable for e in self.episodes)
            if any_playable and not self.playable:
                raise ValueError("an episode is playable but the game is not (set playable: true)")
            if self.playable and not any_playable:
                raise ValueError("the game is playable but none of its episodes is")

    @property
    def rgb(self) -> tuple[int, int, int]:
        return int(self.colour[1:3], 16), int(self.colour[3:5], 16), int(self.colour[5:7], 16)

    def episode(self, episode_id: str) -> Episode:
        for e in self.episodes:
            if e.id == episode_id:
                return e
        raise KeyError(episode_id)


@dataclass(frozen=True)
class Catalog:
    games: tuple[Game, ...]

    def validate(self) -> None:
        if not self.games:
            raise ValueError("the catalogue lists no games")
        ids = [g.id for g in self.games]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"game id {dupes[0]!r} is used twice")

    def game(self, game_id: str) -> Game:
        for g in self.games:
            if g.id == game_id:
                return g
        raise KeyError(game_id)


def catalog_path(root: Path | None = None) -> Path:
    return resources.data_dir(root) / "games.yaml"


def load_catalog(root: Path | None = None) -> Catalog:
    """Load and validate data/games.yaml; problems raise ContentError naming file, line and field."""
    return load_typed(catalog_path(root), Catalog)


def setup_scene(game: Game) -> str | None:
    """The scene the chooser opens for ``game``: the one its title declares (:mod:`game.titles`),
    or for a game that is no title yet, the ``setup`` of data/games.yaml."""
    from game.engine import titles

    for spec in titles.titles():
        if spec.name == game.id and spec.setup_scene:
            return spec.setup_scene
    return game.setup


def title_problems(catalog: Catalog) -> list[str]:
    """Where data/games.yaml and the one list of titles disagree: a playable game that is no title,
    a set-up scene other than its title's, a title with a set-up scene the chooser does not offer."""
    from game.engine import titles

    specs = {s.name: s for s in titles.titles()}
    problems = []
    for g in catalog.games:
        spec = specs.get(g.id)
        if g.playable and spec is None:
            problems.append(f"game {g.id!r} is playable but no title is called so in game/titles.py")
        elif spec is not None and g.setup != spec.setup_scene:
            problems.append(f"game {g.id!r} names the set-up scene {g.setup!r}, its title {spec.setup_scene!r}")
    listed = {g.id for g in catalog.games}
    for name, spec in specs.items():
        if spec.setup_scene and name not in listed:
            problems.append(f"the title {name!r} has a set-up scene but no entry in the chooser's list")
    return problems


@register_checker("games")
def check_games(root: Path) -> list[ContentError]:
    try:
        catalog = load_catalog(root)
    except ContentError as exc:
        return [exc]
    return [ContentError(catalog_path(root), None, "games", p) for p in title_problems(catalog)]
