"""Whole games played by bots through the rules API alone, for any title (what ``simulate`` and the
self-test do with a title that has no simulator of its own, such as the example game).

A game is a pure function of its config and seed: the rules' own RNG, and bots seeded from the
game's seed. Now and then an action is tried on behalf of a seat that is not at the table; it must
be refused with a sentence and leave the state exactly as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import statistics
import traceback
from collections import Counter
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from game.engine.api import Action, GameState, IllegalAction

MAX_ACTIONS = 20000
NewGame = Callable[[Mapping[str, Any], int], GameState]


class RandomBot:
    """Picks one of the legal actions at random (seeded)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def random_match(title: str, config: Mapping[str, Any], seed: int, moves: int, game_id: str) -> Any:
    """A seeded game of ``title``, ``moves`` actions in (or over sooner), each the first seat to
    act's :class:`RandomBot` choice (the screenshots' sample games)."""
    from game.engine.replay import Match

    match = Match(title, dict(config), seed, game_id=game_id)
    bot = RandomBot(seed)
    while len(match.log) < moves and not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    return match


def assert_refused(state: Any, bad: Action) -> None:
    """``bad`` (an action most likely illegal) must be refused with a sentence and leave ``state``
    exactly as it was (its ``snapshot()``); else an AssertionError saying what went wrong."""
    before = state.snapshot()
    try:
        state.apply(bad)
    except IllegalAction as exc:
        if not str(exc).strip():
            raise AssertionError(f"{bad} was refused without a sentence") from None
        if state != before:
            raise AssertionError(f"refusing {bad} changed the state") from None
        return
    raise AssertionError(f"the illegal action {bad} was accepted")


def play_seeds(play: Callable[..., dict[str, Any]], config: Mapping[str, Any], games: int, seed: int, bots: Any,
               *, check: Any = None, jobs: int = 1, chunksize: int = 1) -> list[dict[str, Any]]:
    """``play(config, seed, bots)`` for the seeds ``seed``, ``seed+1``...: one after the other, or in
    ``jobs`` processes when there is no ``check`` (the same games, in the same order)."""
    if jobs > 1 and check is None:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            return pool.map(_play_job, [(play, config, seed + i, bots) for i in range(games)], chunksize=chunksize)
    return [play(config, seed + i, bots, check=check) for i in range(games)]


def _play_job(job: tuple) -> dict[str, Any]:
    play, config, seed, bots = job
    return play(config, seed, bots)


def decision_ms(values: Sequence[float]) -> dict[str, Any]:
    """Thinking times (seconds) summed up in milliseconds: count, median, p95 (nearest rank), max."""
    if not values:
        return {"decisions": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]
    return {"decisions": len(ordered), "median": round(1000 * statistics.median(ordered), 3),
            "p95": round(1000 * p95, 3), "max": round(1000 * ordered[-1], 3)}


def rounds_summary(rounds: Sequence[int]) -> dict[str, Any]:
    """The games' lengths in rounds: min, max and mean (0 for none)."""
    return {"min": min(rounds, default=0), "max": max(rounds, default=0),
            "mean": round(sum(rounds) / len(rounds), 2) if rounds else 0}


def play_game(new_game: NewGame, config: Mapping[str, Any], seed: int, bot: Callable[[int], Any],
              *, illegal_rate: float = 0.1) -> dict[str, Any]:
    """Play one game; its summary (``ok``, rounds: the state's ``round`` or else actions, winners...)."""
    rng = random.Random(seed * 7919 + 13)
    state = new_game(dict(config), seed)
    players: dict[str, Any] = {}
    tried = refused = actions = 0
    try:
        while not state.is_over():
            seats = list(state.to_act())
            if not seats:
                raise RuntimeError("nobody may act, yet the game is not over")
            seat = seats[rng.randrange(len(seats))]
            legal = state.legal_actions(seat)
            if not legal:
                raise RuntimeError(f"{seat} must act but has no legal action")
            action = players.setdefault(seat, bot(seed * 101 + len(players))).choose(state.view(seat), legal)
            if illegal_rate and rng.random() < illegal_rate:
                tried += 1
                before = copy.deepcopy(state)
                try:
                    state.apply(dataclasses.replace(action, seat="nobody"))
                except IllegalAction as exc:
                    if not str(exc).strip() or state != before:
                        raise AssertionError("an illegal action was refused badly") from None
                    refused += 1
            state.apply(action)
            actions += 1
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
        result = state.result()
        assert result is not None
        return {"ok": True, "rounds": getattr(state, "round", actions), "actions": actions,
                "winners": list(result.winners), "reason": result.reason,
                "illegal_tried": tried, "illegal_rejected": refused}
    except Exception as exc:  # noqa: BLE001 - a simulation reports every failure
        return {"ok": False, "rounds": getattr(state, "round", actions), "actions": actions,
                "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc(limit=6),
                "illegal_tried": tried, "illegal_rejected": refused}


def simulate(title: str, new_game: NewGame, config: Mapping[str, Any], games: int, seed: int,
             bots: str, bot: Callable[[int], Any]) -> dict[str, Any]:
    """Play ``games`` games with seeds ``seed``, ``seed+1``... and sum them up (JSON)."""
    new_game(dict(config), seed)   # a bad config raises its ValueError before any game
    results = [play_game(new_game, config, seed + i, bot) for i in range(games)]
    ok = [r for r in results if r["ok"]]
    rounds = [r["rounds"] for r in ok]
    errors = [{"seed": seed + i, "error": r["error"]} for i, r in enumerate(results) if not r["ok"]]
    return {
        "title": title, "config": dict(config), "seed": seed, "bots": bots, "games": games,
        "errors": len(errors), "error_samples": errors[:5],
        "illegal_actions_tried": sum(r["illegal_tried"] for r in results),
        "illegal_actions_rejected": sum(r["illegal_rejected"] for r in results),
        "actions": sum(r["actions"] for r in results),
        "rounds": {**rounds_summary(rounds), "per_game": rounds},
        "winners": dict(sorted(Counter("+".join(r["winners"]) for r in ok).items())),
        "reasons": dict(sorted(Counter(r["reason"] for r in ok).items())),
    }
