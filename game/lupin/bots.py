"""Lupin's computer players by level, for every seat (issue #14).

A level names a player for either side: ``random`` and ``heuristic`` (game/lupin/ai.py, the baselines,
unchanged), and ``easy``, ``normal``, ``hard`` (the police in game/lupin/ai_police.py, the gang in
game/lupin/ai_gang.py). Zenigata's seat is the police; every other seat is the gang.

The protocol every bot follows (the shell's TableSession, ``simulate`` and the tests drive it so):

* ``choose(view, legal) -> Action``: the seat's view and its legal actions only, never the state;
* ``observe(view) -> None`` (optional): the seat's view after every action applied in the game, by
  anybody, so a bot that keeps a belief (the police's :class:`game.lupin.belief.Belief`) follows
  the whole game; ``choose`` is always called with the view last observed.

A level's bot is built knowing only its seed: :class:`LevelBot` becomes the police's or the gang's
player when it first reads a view (``view["seat"]``), so the shell's ``spec.bots`` (name ->
factory(seed)) offers every level to every seat. Levels differ in search budget and noise only,
never in what they may read.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.api import Action
from game.lupin.ai import HeuristicBot, RandomBot

LEVELS = ("random", "heuristic", "easy", "normal", "hard")
SEARCH_LEVELS = ("easy", "normal", "hard")
POLICE_SEAT = "zenigata"


def side_of(seat: str) -> str:
    """``"police"`` for Zenigata's seat, ``"gang"`` for any other."""
    return "police" if seat == POLICE_SEAT else "gang"


def make_bot(seat: str, level: str, seed: int) -> Any:
    """A new bot of ``level`` for ``seat``."""
    if level not in LEVELS:
        raise ValueError(f"unknown Lupin bot level {level!r}; the levels are {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    if side_of(seat) == "police":
        from game.lupin.ai_police import PoliceBot
        return PoliceBot(level, seed)
    from game.lupin.ai_gang import GangBot
    return GangBot(level, seed)


def observe(bot: Any, view: dict[str, Any]) -> None:
    """Tell ``bot`` what its seat sees now (a bot without ``observe`` needs nothing)."""
    fn = getattr(bot, "observe", None)
    if fn is not None:
        fn(view)


class LevelBot:
    """A bot of one level whose side is read from the first view it is given."""

    level = "normal"

    def __init__(self, seed: int, level: str | None = None):
        self.seed = seed
        if level is not None:
            self.level = level
        self.inner: Any = None

    def _for(self, view: dict[str, Any]) -> Any:
        if self.inner is None:
            self.inner = make_bot(view["seat"], self.level, self.seed)
        return self.inner

    def observe(self, view: dict[str, Any]) -> None:
        observe(self._for(view), view)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self._for(view).choose(view, legal)


class EasyBot(LevelBot):
    level = "easy"


class NormalBot(LevelBot):
    level = "normal"


class HardBot(LevelBot):
    level = "hard"
