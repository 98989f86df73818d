"""Whole games of Lupusburg played by random computer players (the shared engine's
:class:`game.engine.playout.RandomBot`, through the rules API alone): the engine of
``heist-table simulate lupusburg``. The thinking computer players come later.

A game is a pure function of its config and seed (the rules' own RNG; bots seeded from the game's
seed). Now and then an action is changed into one most likely illegal (another seat, a house of
nobody, a coin never drawn); it must be refused with a sentence and leave the state exactly as it was.

The summary is JSON and the same arguments give the same figures, except ``seconds``.
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
from game.engine.playout import RandomBot, assert_refused, play_seeds, rounds_summary

MAX_ACTIONS = 1500
LEVELS = ("random",)
Check = Callable[[Any, "Action | None"], None]


def _level(bots: Any) -> str:
    level = bots if isinstance(bots, str) else "random"
    if level not in LEVELS:
        raise ValueError(f"unknown computer player {level!r}; expected one of {', '.join(LEVELS)}")
    return level


def _mutation(action: Action, rng: random.Random) -> Action:
    fields = [f.name for f in dataclasses.fields(action) if f.name != "seat"]
    if fields and rng.random() < 0.6:
        name = rng.choice(fields)
        value = getattr(action, name)
        if isinstance(value, int):
            changed: dict[str, Any] = {name: value + rng.choice((1, 9, -12))}
            return dataclasses.replace(action, **changed)
        if name in ("side", "chest"):
            return dataclasses.replace(action, **{name: rng.choice(("left", "right"))})
        if name == "mark":
            return dataclasses.replace(action, seat=rng.choice(("nobody", "red", "black")))
        return dataclasses.replace(action, **{name: rng.choice(("nobody", "red", "black", action.seat))})
    return dataclasses.replace(action, seat=rng.choice(("nobody", "red", "blue", "green", "yellow", "black")))


def play_game(config: Mapping[str, Any], seed: int, bots: Any = "random", *, illegal_rate: float = 0.03,
              check: Check | None = None) -> dict[str, Any]:
    """One game; its summary (an exception anywhere is recorded, not raised)."""
    from game.lupusburg.rules import new_game

    _level(bots)
    rng = random.Random(seed * 7919 + 13)
    state = new_game(dict(config), seed)
    players: dict[str, RandomBot] = {}
    tried = refused = actions = 0
    try:
        if check is not None:
            check(state, None)
        while not state.is_over():
            seats = state.to_act()
            if not seats:
                raise RuntimeError(f"nobody may act on day {state.day}, phase {state.phase}")
            seat = seats[rng.randrange(len(seats))]
            legal = state.legal_actions(seat)
            if not legal:
                raise RuntimeError(f"{seat} must act but has no legal action (day {state.day}, {state.phase})")
            bot = players.get(seat)
            if bot is None:
                bot = players[seat] = RandomBot(seed * 101 + state.seats.index(seat))
            action = bot.choose(state.view(seat), legal)
            if illegal_rate and rng.random() < illegal_rate:
                bad = _mutation(action, rng)
                if bad not in state.legal_actions(bad.seat if bad.seat in state.seats else seat):
                    tried += 1
                    assert_refused(state, bad)
                    refused += 1
            state.apply(action)
            actions += 1
            if check is not None:
                check(state, action)
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
        result = state.result()
        assert result is not None
        roles = {state.werewolf: "werewolf", state.thief: "thief"}
        return {"ok": True, "days": state.day, "rounds": state.day, "actions": actions,
                "winners": list(result.winners), "reason": result.reason,
                "werewolf_won": result.reason == "werewolf_wins",
                "winner_roles": sorted({roles.get(w, "townsfolk") for w in result.winners}),
                "scores": dict(state.scores), "best": max(state.scores.values()) if state.scores else None,
                "bets": len(state.bets),
                "correct_bets": sum(1 for b in state.bets.values() if b.target == state.werewolf),
                "illegal_tried": tried, "illegal_rejected": refused}
    except Exception as exc:  # noqa: BLE001 - a simulation reports every failure
        return {"ok": False, "days": state.day, "rounds": state.day, "actions": actions,
                "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc(limit=6),
                "illegal_tried": tried, "illegal_rejected": refused}


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0


def simulate(config: dict[str, Any], games: int, seed: int, bots: Any = "random", check: Check | None = None,
             jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` games with seeds ``seed``, ``seed+1``... and sum them up; ``jobs`` > 1 plays
    them in that many processes (the same games, the same summary but for the clock)."""
    from game.lupusburg.rules import new_game

    level = _level(bots)
    new_game(dict(config), seed)   # a bad config raises its ValueError before any game
    started = time.perf_counter()
    results = play_seeds(play_game, config, games, seed, level, check=check, jobs=jobs, chunksize=8)
    ok = [r for r in results if r["ok"]]
    errors = [{"seed": seed + i, "error": r["error"], "trace": r["trace"]}
              for i, r in enumerate(results) if not r["ok"]]
    wolf = sum(1 for r in ok if r["werewolf_won"])
    lost = [r for r in ok if not r["werewolf_won"]]
    return {
        "title": "lupusburg", "config": dict(config), "seed": seed, "bots": level, "games": games,
        "errors": len(errors), "error_samples": errors[:3],
        "werewolf_win_rate": round(100 * wolf / len(ok), 1) if ok else 0.0,
        "wins": {"werewolf": wolf, "others": len(ok) - wolf},
        "reasons": dict(sorted(Counter(r["reason"] for r in ok).items())),
        "days": rounds_summary([r["days"] for r in ok]),
        "scores": {"games": len(lost),
                   "mean": _mean([v for r in lost for v in r["scores"].values()]),
                   "mean_winning": _mean([r["best"] for r in lost]),
                   "shared_wins": sum(1 for r in lost if len(r["winners"]) > 1)},
        "winner_roles": dict(sorted(Counter(role for r in lost for role in r["winner_roles"]).items())),
        "bets": {"placed": sum(r["bets"] for r in ok), "correct": sum(r["correct_bets"] for r in ok)},
        "illegal_actions_tried": sum(r["illegal_tried"] for r in results),
        "illegal_actions_rejected": sum(r["illegal_rejected"] for r in results),
        "actions": sum(r["actions"] for r in results),
        "seconds": round(time.perf_counter() - started, 2),
    }
