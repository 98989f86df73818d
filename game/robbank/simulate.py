"""Whole games of How to Rob a Bank played by computer players through the rules API: the engine of
``heist-table simulate robbank`` (``--bank LEVEL --thieves LEVEL``) and of the figures in
docs/robbank-ai.md.

A game is a pure function of its config and seed (the rules' own RNG; bots seeded from the game's
seed). Bots that keep what they see (``observe``) are told every view of their seat, as the table
does. Now and then an action is changed into one most likely illegal (another seat, a room off the
board, a card not in hand); it must be refused with a sentence and leave the state exactly as it was.

The summary is JSON and the same arguments give the same figures, except ``decision_ms`` (the bots'
thinking time) and ``seconds``.
"""

from __future__ import annotations

import dataclasses
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from game.engine.api import Action
from game.engine.playout import assert_refused, decision_ms, play_seeds, rounds_summary

MAX_ACTIONS = 4000
LEVELS = ("random", "easy", "normal", "hard")
SIDES = ("bank", "thieves")
Check = Callable[[Any, "Action | None"], None]


def levels_of(bots: str | Mapping[str, str]) -> dict[str, str]:
    """{side: level} from one level for both sides or a mapping."""
    levels = {side: bots for side in SIDES} if isinstance(bots, str) else {**{s: "random" for s in SIDES}, **bots}
    for side, level in levels.items():
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; the sides are bank and thieves")
        if level not in LEVELS:
            raise ValueError(f"unknown {side} level {level!r}; expected one of {', '.join(LEVELS)}")
    return levels


def make_bot(level: str, seed: int) -> Any:
    """A computer player of ``level`` for any seat (it reads its seat from the view)."""
    if level == "random":
        from game.engine.playout import RandomBot

        return RandomBot(seed)
    from game.robbank.ai import BOTS

    return BOTS[level](seed)


def _mutation(action: Action, rng: random.Random) -> Action:
    fields = [f.name for f in dataclasses.fields(action) if f.name != "seat"]
    if fields and rng.random() < 0.6:
        name = rng.choice(fields)
        value = getattr(action, name)
        if isinstance(value, int):
            return dataclasses.replace(action, **{name: value + rng.choice((3, 9, -12, 15))})
        return dataclasses.replace(action, **{name: rng.choice(("nobody", "g9", "purple"))})
    return dataclasses.replace(action, seat=rng.choice(("nobody", "bank", "yellow", "red", "green")))


def side_of(seat: str) -> str:
    return "bank" if seat == "bank" else "thieves"


def play_game(config: Mapping[str, Any], seed: int, bots: str | Mapping[str, str] = "random", *,
              illegal_rate: float = 0.03, check: Check | None = None) -> dict[str, Any]:
    """One game; its summary (an exception anywhere is recorded, not raised)."""
    from game.robbank.rules import new_game

    levels = levels_of(bots)
    rng = random.Random(seed * 7919 + 13)
    state = new_game(dict(config), seed)
    players: dict[str, Any] = {}
    watching: dict[str, Any] = {}
    tried = refused = actions = 0
    times: dict[str, list[float]] = {s: [] for s in SIDES}
    try:
        if check is not None:
            check(state, None)
        while not state.is_over():
            seats = state.to_act()
            if not seats:
                raise RuntimeError(f"nobody may act in round {state.round}, phase {state.phase}")
            seat = seats[0]
            legal = state.legal_actions(seat)
            if not legal:
                raise RuntimeError(f"{seat} must act but has no legal action (round {state.round}, {state.phase})")
            view = state.view(seat)
            bot = players.get(seat)
            started = time.perf_counter()
            if bot is None:
                bot = players[seat] = make_bot(levels[side_of(seat)], seed * 101 + state.seats.index(seat))
                if hasattr(bot, "observe"):
                    watching[seat] = bot
                    bot.observe(view)
            action = bot.choose(view, legal)
            times[side_of(seat)].append(time.perf_counter() - started)
            if illegal_rate and rng.random() < illegal_rate:
                bad = _mutation(action, rng)
                if bad not in legal:
                    tried += 1
                    assert_refused(state, bad)
                    refused += 1
            state.apply(action)
            actions += 1
            for other, watcher in watching.items():
                watcher.observe(state.view(other))
            if check is not None:
                check(state, action)
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
        result = state.result()
        assert result is not None
        return {"ok": True, "rounds": state.round, "actions": actions, "winners": list(result.winners),
                "reason": result.reason, "stolen": state.stolen, "thieves_won": bool(state.won),
                "illegal_tried": tried, "illegal_rejected": refused, "times": times}
    except Exception as exc:  # noqa: BLE001 - a simulation reports every failure
        return {"ok": False, "rounds": state.round, "actions": actions, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=6), "illegal_tried": tried, "illegal_rejected": refused,
                "times": times}


def simulate(config: dict[str, Any], games: int, seed: int, bots: str | Mapping[str, str] = "random",
             check: Check | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` games with seeds ``seed``, ``seed+1``... and sum them up; ``jobs`` > 1 plays
    them in that many processes (the same games, the same summary but for the clock)."""
    from game.robbank.rules import new_game

    levels = levels_of(bots)
    new_game(dict(config), seed)   # a bad config raises its ValueError before any game
    started = time.perf_counter()
    results = play_seeds(play_game, config, games, seed, bots, check=check, jobs=jobs, chunksize=4)
    ok = [r for r in results if r["ok"]]
    errors = [{"seed": seed + i, "error": r["error"], "trace": r["trace"]}
              for i, r in enumerate(results) if not r["ok"]]
    thieves = sum(1 for r in ok if r["thieves_won"])
    return {
        "title": "robbank", "config": dict(config), "seed": seed, "bots": levels, "games": games,
        "errors": len(errors), "error_samples": errors[:3],
        "thieves_win_rate": round(100 * thieves / len(ok), 1) if ok else 0.0,
        "bank_win_rate": round(100 * (len(ok) - thieves) / len(ok), 1) if ok else 0.0,
        "wins": {"thieves": thieves, "bank": len(ok) - thieves},
        "stolen": dict(sorted(Counter(r["stolen"] for r in ok).items())),
        "rounds": rounds_summary([r["rounds"] for r in ok]),
        "reasons": dict(sorted(Counter(r["reason"] for r in ok).items())),
        "illegal_actions_tried": sum(r["illegal_tried"] for r in results),
        "illegal_actions_rejected": sum(r["illegal_rejected"] for r in results),
        "actions": sum(r["actions"] for r in results),
        "decision_ms": {side: decision_ms([t for r in results for t in r["times"][side]]) for side in SIDES},
        "seconds": round(time.perf_counter() - started, 2),
    }
