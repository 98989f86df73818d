"""The one list of titles, as the engine and the shell read it (after OpenSpiel's ``GameType``).

A title is declared once, by a :class:`TitleSpec` named ``TITLE`` in one module of its package
(``game/<title>/title.py``; the example game's in :mod:`game.engine.example`). The spec is pure data:
everything it points at is a dotted path (``"package.module"`` or ``"package.module:attribute"``)
imported only when used, so reading the list never loads a title's rules, bots or pygame.

The list itself is :data:`game.titles.TITLES` (module paths of the specs), the only place that
names the titles. ``cli``, ``simulate``, ``selftest``, ``check-data``, the screenshot registry,
the chooser and ``play`` all iterate :func:`titles`: adding a title is its package plus one line
there. Nothing here imports pygame.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping

Ref = str
"""``"package.module"`` or ``"package.module:attribute"``, imported on first use (:func:`load`)."""


@dataclass(frozen=True)
class Option:
    """A setting of a title's config offered on the command line (``simulate TITLE --key V``):
    ``key`` is the config key (``--players`` for ``players``), ``choices`` the allowed values."""

    key: str
    default: Any
    choices: tuple[Any, ...] | None = None
    type: type = str
    help: str | None = None

    @property
    def flag(self) -> str:
        return "--" + self.key.replace("_", "-")


@dataclass(frozen=True)
class TitleSpec:
    """What the engine and the shell know of one title; everything else stays in its package."""

    name: str                                   # the id in saves, commands and data/games.yaml
    display_name: Mapping[str, str]             # {"it": ..., "en": ...}
    players: tuple[int, int]                    # (fewest, most) players at the table
    rules: Ref                                  # module with new_game(config, seed) -> GameState
    parse_config: Ref                           # mapping -> the title's config; ValueError with a sentence
    seats: Ref | None = None                    # config mapping -> the seats at the table
    bots: Mapping[str, Ref] = field(default_factory=dict)   # bot name -> factory(seed) with .choose(view, legal)
    options: tuple[Option, ...] = ()            # the config settings `simulate` offers
    bots_flag: str = "bots"                     # `simulate`'s option naming the bots (--bots; a title's own
                                                #   word, e.g. --criminals, is offered as well as --bots)
    bot_sides: tuple[str, ...] = ()             # the sides `simulate` may seat at different levels (e.g.
                                                #   police and gang): --SIDE LEVEL; bots then is {side: name}
    simulate: Ref | None = None                 # (config, games, seed, bots) -> summary dict (JSON)
    play_game: Ref | None = None                # (config, seed, bots) -> one game's summary (selftest)
    selftest_games: tuple[tuple[str, Mapping[str, Any]], ...] = ()   # (label, config): one short game each
    review_view: Ref | None = None              # state -> everything, for the replay after the game
    event_text: Ref | None = None               # log entry -> one line in the player's language (UI)
    map_contract: Ref | None = None             # its maps' MapContract (engine/board.py): layers, places...
    cli: Ref | None = None                      # module with register(subparsers): its own commands
    play: Ref | None = None                     # module with add_arguments(parser) and run(args): `play TITLE`
    ui: Ref | None = None                       # module whose import registers its scenes (needs pygame)
    setup_scene: str | None = None              # its set-up scene's name (the chooser opens it)
    checkers: tuple[Ref, ...] = ()              # modules whose import registers content checkers
    max_actions: int | None = None              # a bot game ends within this many actions (conformance)
    privacy_pairs: Ref | None = None            # (state, seat) -> [(hidden fact, changed copy)] (conformance)
    golden_actions: int = 60                    # actions kept in its golden playthrough (tests/golden/)
    conformance_games: tuple[tuple[str, Mapping[str, Any]], ...] = ()   # more (label, config) to test
    curtain: str = "seats"                      # when the table's curtain falls (engine/session.py):
                                                #   "none" (a co-operative game: one screen for all),
                                                #   "seats" (between every two seats), or a Ref to
                                                #   (state, from_seat, to_seat) -> bool
    table_scene: str | None = None              # the registered scene that plays a Match (the shell's
                                                #   table, or the title's own): (match, *, computer=...)

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"title {self.name!r}: players must be 1 <= min <= max, not {self.players}")
        missing = [lang for lang in ("it", "en") if not self.display_name.get(lang)]
        if missing:
            raise ValueError(f"title {self.name!r} has no display name in {', '.join(missing)}")


def load(ref: Ref) -> Any:
    """Import ``"module"`` or ``"module:attribute"`` and return it."""
    module_name, _, attr = ref.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in attr.split(".") if attr else ():
        found = getattr(found, part)
    return found


def _list() -> tuple[str, ...]:
    from game.titles import TITLES

    return tuple(TITLES)


_extra: list[str] = []   # spec modules added at run time (tests): see add_title


def titles() -> tuple[TitleSpec, ...]:
    """Every registered title's spec, in the order of :data:`game.titles.TITLES`."""
    specs: list[TitleSpec] = []
    for name in (*_list(), *_extra):
        spec = load(name).TITLE
        if not isinstance(spec, TitleSpec):
            raise TypeError(f"{name}.TITLE must be a TitleSpec, not {type(spec).__name__}")
        specs.append(spec)
    seen: set[str] = set()
    for spec in specs:
        if spec.name in seen:
            raise ValueError(f"two titles are called {spec.name!r}")
        seen.add(spec.name)
    return tuple(specs)


def add_title(module: str) -> None:
    """Register one more spec module for this run (what a test does for a throwaway title)."""
    if module not in _extra:
        _extra.append(module)


def remove_title(module: str) -> None:
    if module in _extra:
        _extra.remove(module)


def title(name: str) -> TitleSpec:
    """The spec called ``name``; KeyError names the known ones."""
    for spec in titles():
        if spec.name == name:
            return spec
    raise KeyError(f"no title called {name!r}; titles: {', '.join(s.name for s in titles())}")


def names() -> tuple[str, ...]:
    return tuple(s.name for s in titles())


def command_modules() -> tuple[Ref, ...]:
    """The titles' own command modules (``cli``)."""
    return tuple(s.cli for s in titles() if s.cli)


def scene_modules() -> tuple[Ref, ...]:
    """The titles' UI modules, whose import registers their scenes."""
    return tuple(s.ui for s in titles() if s.ui)


def checker_modules() -> tuple[Ref, ...]:
    """The titles' modules whose import registers content checkers."""
    return tuple(m for s in titles() for m in s.checkers)


def selftest_games() -> tuple[tuple[str, str, Mapping[str, Any]], ...]:
    """(title, label, config) of every short game the self-test plays."""
    return tuple((s.name, label, config) for s in titles() if s.play_game for label, config in s.selftest_games)


def simulated() -> tuple[TitleSpec, ...]:
    """The titles ``simulate`` can play (those with bots and a simulate entry)."""
    return tuple(s for s in titles() if s.simulate and s.bots)


def playable() -> tuple[TitleSpec, ...]:
    """The titles ``play`` can open."""
    return tuple(s for s in titles() if s.play)
