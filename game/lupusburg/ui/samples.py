"""Seeded positions of Lupusburg for the screenshots and the tests: found by playing random moves
(the engine's :class:`RandomBot`) from fixed seeds, so each picture is always the same."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from game.engine.replay import Match

SEEDS = range(1, 400)
MOST_MOVES = 1500


def search(test: Callable[[Any], bool], config: dict[str, Any] | None = None, seeds: Any = SEEDS) -> Match:
    """The first position (seed by seed, move by move) where ``test(state)`` holds."""
    from game.engine.playout import RandomBot

    cfg = {"players": 6, **(config or {})}
    for seed in seeds:
        match = Match("lupusburg", cfg, seed, game_id="lupusburg-screenshot")
        bot = RandomBot(seed)
        while len(match.log) < MOST_MOVES and not match.state.is_over():
            if test(match.state):
                return match
            seat = match.state.to_act()[0]
            match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    raise LookupError("no sample position found")


def _fresh(match: Match) -> Match:
    """A copy of ``match`` (the samples are cached; each scene plays on its own)."""
    return Match.replay("lupusburg", match.config, match.seed, list(match.log), game_id="lupusburg-screenshot")


@lru_cache(maxsize=1)
def _day() -> Match:
    def test(s: Any) -> bool:
        if s.phase != "bet" or s.day < 2 or not s.bets:
            return False
        seat = s.to_act()[0]
        return bool(s.looks.get(seat) or s.seen.get(seat)) and bool(s.living(seat)) and s.lynches != []

    try:
        return search(test)
    except LookupError:
        return search(lambda s: s.phase == "bet" and s.day >= 2)


def day_position() -> tuple[Match, str]:
    """The third day or so, betting: a seat to bet that has seen a character or a chest, a seal
    placed already, a house killed and one lynched. (the game, the seat to act)"""
    match = _fresh(_day())
    return match, match.state.to_act()[0]


@lru_cache(maxsize=1)
def _night() -> Match:
    return search(lambda s: s.phase == "night" and s.day >= 2 and s.turn == 1 and bool(s.living(s.to_act()[0])))


def night_position() -> Match:
    """A night call on the second night: the seat to call points at a house."""
    return _fresh(_night())


@lru_cache(maxsize=1)
def _runoff() -> Match:
    def test(s: Any) -> bool:
        if s.phase != "runoff" or s.day < 2:
            return False
        seat = s.to_act()[0]
        return len(s.living(seat)) == 2 and not s.marks.get(seat)

    return search(test)


def runoff_position() -> Match:
    """The runoff: the suspects under the paw print and the tuft of fur, a voter with two tokens."""
    return _fresh(_runoff())


@lru_cache(maxsize=1)
def _discuss() -> Match:
    return search(lambda s: s.phase == "discuss" and s.day >= 2 and len(s.bets) >= 2)


def discuss_position() -> Match:
    """The discussion of the second day or later, two seals placed or more."""
    return _fresh(_discuss())


@lru_cache(maxsize=4)
def _finished(werewolf_loses: bool, players: int) -> Match:
    from game.engine.playout import RandomBot

    for seed in SEEDS:
        match = Match("lupusburg", {"players": players}, seed, game_id="lupusburg-screenshot")
        bot = RandomBot(seed)
        while not match.state.is_over():
            seat = match.state.to_act()[0]
            match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
        state: Any = match.state
        lost = state.end_reason == "werewolf_dead"
        if lost == werewolf_loses and (not lost or len(state.bets) >= 3) and state.day >= 2:
            return match
    raise LookupError("no finished game found")


def finished_match(werewolf_loses: bool = True, players: int = 6) -> Match:
    """A whole game played by random moves: the Werewolf lost (scores, several bets), or won."""
    return _fresh(_finished(werewolf_loses, players))
