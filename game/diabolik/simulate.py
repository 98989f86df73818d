"""Whole games of Quadruplo furto played by computer criminals through the rules API: the engine of
``heist-table simulate diabolik`` and of the balance measurements (docs/diabolik-balance.md).

A game is a pure function of its config and seed (the rules' own RNG; bots seeded from the game's
seed). Along the way an action is now and then changed into one most likely illegal (another seat,
a location off the row or not adjacent, an option that does not exist); it must be refused with a
sentence and leave the state exactly as it was.

The summary is JSON and the same arguments give the same figures, except ``decision_ms`` (the
bots' thinking time) and ``seconds`` (the run's), measured with a clock.
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
from game.engine.playout import assert_refused, rounds_summary

MAX_ACTIONS = 5000
LEVELS = ("random", "easy", "normal", "hard")
Check = Callable[[Any, "Action | None"], None]


def make_bot(level: str, seed: int) -> Any:
    """A computer criminal of ``level`` (random, easy, normal, hard) seeded with ``seed``."""
    if level == "random":
        from game.engine.playout import RandomBot

        return RandomBot(seed)
    from game.diabolik.ai import BOTS

    if level not in BOTS:
        raise ValueError(f"unknown criminals {level!r}; expected one of {', '.join(LEVELS)}")
    return BOTS[level](seed)


def _mutation(action: Action, rng: random.Random) -> Action:
    """An action like ``action`` with one thing changed so that it is most likely refused."""
    fields = [f.name for f in dataclasses.fields(action) if f.name != "seat"]
    if fields and rng.random() < 0.6:
        name = rng.choice(fields)
        return dataclasses.replace(action, **{name: getattr(action, name) + rng.choice((2, 3, 9, -12))})
    return dataclasses.replace(action, seat=rng.choice(("ginko", "nobody", "eva", "diabolik")))


def play_game(config: Mapping[str, Any], seed: int, bots: str = "random", *, illegal_rate: float = 0.03,
              check: Check | None = None) -> dict[str, Any]:
    """One game; its summary (an exception anywhere is recorded, not raised)."""
    from game.diabolik.rules import new_game

    rules, level = dict(config), bots
    rng = random.Random(seed * 7919 + 13)
    state = new_game(rules, seed)
    players: dict[str, Any] = {}
    tried = refused = actions = 0
    times: list[float] = []
    danger_by: Counter[str] = Counter()
    try:
        if check is not None:
            check(state, None)
        while not state.is_over():
            seats = list(state.to_act())
            if not seats:
                raise RuntimeError(f"nobody may act in round {state.round}")
            seat = seats[rng.randrange(len(seats))] if len(seats) > 1 else seats[0]
            legal = state.legal_actions(seat)
            if not legal:
                raise RuntimeError(f"{seat} must act but has no legal action (round {state.round})")
            bot = players.get(seat)
            if bot is None:
                bot = players[seat] = make_bot(level, seed * 101 + state.seats.index(seat))
            view = state.view(seat)
            started = time.perf_counter()
            action = bot.choose(view, legal)
            times.append(time.perf_counter() - started)
            if action not in legal:
                raise AssertionError(f"the {level} bot chose {action}, which is not legal")
            if illegal_rate and rng.random() < illegal_rate:
                bad = _mutation(action, rng)
                if not any(bad in state.legal_actions(s) for s in state.to_act()):
                    tried += 1
                    assert_refused(state, bad)
                    refused += 1
            for event in state.apply(action):
                if event.kind == "diabolik.danger":
                    danger_by[event.data["reason"]] += event.data["by"]
            actions += 1
            if check is not None:
                check(state, action)
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
        result = state.result()
        assert result is not None
        return {"ok": True, "won": bool(result.winners), "rounds": state.round, "actions": actions,
                "reason": result.reason, "danger": state.danger, "banked": state.banked,
                "illegal_tried": tried, "illegal_rejected": refused, "times": times,
                "danger_by": dict(danger_by)}
    except Exception as exc:  # noqa: BLE001 - a simulation reports every failure
        return {"ok": False, "rounds": state.round, "actions": actions, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=8), "illegal_tried": tried, "illegal_rejected": refused,
                "times": times}


def simulate(config: Mapping[str, Any], games: int, seed: int, bots: str = "random",
             check: Check | None = None) -> dict[str, Any]:
    """Play ``games`` games with seeds ``seed``, ``seed+1``... and sum them up (JSON)."""
    from game.diabolik.rules import new_game

    rules, level = dict(config), bots
    if level not in LEVELS:
        raise ValueError(f"unknown criminals {level!r}; expected one of {', '.join(LEVELS)}")
    new_game(rules, seed)   # a bad config raises its ValueError before any game
    started = time.perf_counter()
    results = [play_game(rules, seed + i, level, check=check) for i in range(games)]
    ok = [r for r in results if r["ok"]]
    won = [r for r in ok if r["won"]]
    rounds = [r["rounds"] for r in ok]
    times = [t for r in results for t in r["times"]]
    errors = [{"seed": seed + i, "error": r["error"]} for i, r in enumerate(results) if not r["ok"]]
    return {
        "title": "diabolik", "config": rules, "criminals": level, "seed": seed, "games": games,
        "errors": len(errors), "error_samples": errors[:5],
        "won": len(won),
        "win_rate": round(len(won) / len(ok), 4) if ok else 0.0,
        "rounds": rounds_summary(rounds),
        "rounds_won_mean": round(sum(r["rounds"] for r in won) / len(won), 2) if won else 0,
        "reasons": dict(sorted(Counter(r["reason"] for r in ok).items())),
        "loss_banked": dict(sorted(Counter(r["banked"] for r in ok if not r["won"]).items())),
        "loss_danger_by": dict(sorted(sum((Counter(r["danger_by"]) for r in ok if not r["won"]), Counter()).items())),
        "actions": sum(r["actions"] for r in results),
        "illegal_actions_tried": sum(r["illegal_tried"] for r in results),
        "illegal_actions_rejected": sum(r["illegal_rejected"] for r in results),
        "decisions": len(times),
        "decision_ms": {"mean": round(1000 * sum(times) / len(times), 3) if times else 0.0,
                        "max": round(1000 * max(times), 3) if times else 0.0},
        "seconds": round(time.perf_counter() - started, 2),
    }
