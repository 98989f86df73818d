"""Whole Lupin games played by bots through the rules API: the engine of `heist-table simulate`
and of the random-game tests.

Every game is a pure function of its config and seed: the rules' own RNG, and bots seeded from
the game's seed. ``bots`` is one level for every seat, or ``{"police": L, "gang": L}`` (the levels
of game/lupin/bots.py): Zenigata's seat is the police, every other seat the gang. A bot that keeps
what it saw (``observe``) is shown its seat's view after every action. Each bot's thinking time is
measured per decision and summed up per side under ``clock`` (the only part of the summary that is
not the same for the same arguments). Along the way the simulator also tries illegal actions (a legal action with its
square, target or figure changed at random) and checks that each one is refused with a sentence
and leaves the state exactly as it was.
"""

from __future__ import annotations

import dataclasses
import random
import time
import traceback
from collections import Counter
from typing import Any
from collections.abc import Callable, Mapping

from game.engine.api import Action
from game.engine.playout import assert_refused, decision_ms, play_seeds, rounds_summary
from game.lupin.bots import LEVELS, make_bot, observe, side_of
from game.lupin.rules.state import LupinState, new_game

MAX_ACTIONS = 20000
Check = Callable[[LupinState, Action | None], None]


def _mutations(state: LupinState, action: Action, rng: random.Random) -> Action | None:
    """An action like ``action`` with one field changed to something most likely illegal."""
    fields = [f.name for f in dataclasses.fields(action) if f.name != "seat"]
    if not fields:
        return None
    name = rng.choice(fields)
    value = getattr(action, name)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        new: Any = value + rng.choice((-7, 5, 40))
    elif name in ("to", "square"):
        new = rng.choice(("A1", "T25", "K12", "B4", "Z9", "inside Nowhere", f"{chr(65 + rng.randrange(20))}{rng.randrange(1, 26)}"))
    else:
        new = rng.choice(sorted(state.figures) + ["car-1", "nobody"])
    if new == value:
        return None
    return dataclasses.replace(action, **{name: new})


def levels_of(bots: str | Mapping[str, str]) -> dict[str, str]:
    """``{"police": L, "gang": L}`` from one level or a mapping by side (checked)."""
    levels = {"police": bots, "gang": bots} if isinstance(bots, str) else dict(bots)
    if set(levels) != {"police", "gang"}:
        raise ValueError("the bots are one level, or a level for each side: police and gang")
    for side, level in levels.items():
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} for the {side}; the levels are {', '.join(LEVELS)}")
    return levels


def play_game(config: dict[str, Any], seed: int, bots: str | Mapping[str, str] = "random", *,
              illegal_rate: float = 0.05, check: Check | None = None) -> dict[str, Any]:
    """Play one game; returns its summary. ``check(state, last_action)`` runs after every action
    (the invariant tests pass one); an exception anywhere is recorded, not raised."""
    levels = levels_of(bots)
    rng = random.Random(seed * 7919 + 13)
    state = new_game(config, seed)
    players: dict[str, Any] = {}
    watching: dict[str, Any] = {}   # the bots that keep what they see (observe)
    illegal_tried = illegal_rejected = 0
    actions = 0
    times: dict[str, list[float]] = {"police": [], "gang": []}
    heard: dict[str, list[float]] = {"police": [], "gang": []}   # each observe after an action (the UI's thread)
    try:
        if check is not None:
            check(state, None)
        while not state.is_over():
            seats = state.to_act()
            if not seats:
                raise RuntimeError(f"nobody may act in round {state.round}, phase {state.phase}")
            seat = seats[rng.randrange(len(seats))]
            legal = state.legal_actions(seat)
            if not legal:
                raise RuntimeError(f"{seat} must act but has no legal action (round {state.round}, {state.phase})")
            bot = players.get(seat)
            view = state.view(seat)
            started = time.perf_counter()
            if bot is None:   # a bot that keeps what it sees starts from what its seat sees now
                bot = players[seat] = make_bot(seat, levels[side_of(seat)], seed * 101 + len(players))
                if hasattr(bot, "observe"):
                    watching[seat] = bot
                    observe(bot, view)
            action = bot.choose(view, legal)
            times[side_of(seat)].append(time.perf_counter() - started)
            if illegal_rate and rng.random() < illegal_rate:
                bad = _mutations(state, action, rng)
                if bad is not None and bad not in legal:
                    illegal_tried += 1
                    assert_refused(state, bad)
                    illegal_rejected += 1
            state.apply(action)
            actions += 1
            if not state.is_over():
                for other, watcher in watching.items():
                    view = state.view(other)
                    started = time.perf_counter()
                    observe(watcher, view)
                    heard[side_of(other)].append(time.perf_counter() - started)
            if check is not None:
                check(state, action)
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
        result = state.result()
        return {"ok": True, "rounds": state.round, "actions": actions, "winners": list(result.winners),
                "reason": result.reason, "illegal_tried": illegal_tried, "illegal_rejected": illegal_rejected,
                "gang_won": gang_won(result.winners), "times": times, "heard": heard}
    except Exception as exc:  # noqa: BLE001 - a simulation reports every failure
        return {"ok": False, "rounds": state.round, "actions": actions, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=6), "illegal_tried": illegal_tried,
                "illegal_rejected": illegal_rejected, "times": times, "heard": heard}


def gang_won(winners: Any) -> bool:
    """Whether the gang's side won: Zenigata is not among the winners (a traitor Fujiko's own win
    counts for the gang's side; Cagliostro's Fujiko who sided with Zenigata shares his)."""
    return "zenigata" not in winners


def simulate(config: dict[str, Any], games: int, seed: int, bots: str | Mapping[str, str] = "random",
             check: Check | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` games with seeds ``seed``, ``seed+1``... and sum them up; ``jobs`` > 1 plays
    them in that many processes (the same games, the same summary but for ``clock``)."""
    levels_of(bots)
    started = time.perf_counter()
    results = play_seeds(play_game, config, games, seed, bots, check=check, jobs=jobs, chunksize=1)
    ok = [r for r in results if r["ok"]]
    rounds = [r["rounds"] for r in ok]
    winners = Counter("+".join(r["winners"]) for r in ok)
    reasons = Counter(r["reason"] for r in ok)
    errors = [{"seed": seed + i, "error": r["error"]} for i, r in enumerate(results) if not r["ok"]]
    levels = levels_of(bots)
    gang = sum(1 for r in ok if r["gang_won"])
    return {
        "title": "lupin",
        "config": config,
        "seed": seed,
        "bots": bots,
        "games": games,
        "errors": len(errors),
        "error_samples": errors[:5],
        "illegal_actions_tried": sum(r["illegal_tried"] for r in results),
        "illegal_actions_rejected": sum(r["illegal_rejected"] for r in results),
        "actions": sum(r["actions"] for r in results),
        "rounds": {**rounds_summary(rounds), "per_game": rounds},
        "winners": dict(sorted(winners.items())),
        "reasons": dict(sorted(reasons.items())),
        "sides": {"police": {"level": levels["police"], "won": len(ok) - gang,
                             "win_rate": round((len(ok) - gang) / len(ok), 4) if ok else 0.0},
                  "gang": {"level": levels["gang"], "won": gang,
                           "win_rate": round(gang / len(ok), 4) if ok else 0.0}},
        "clock": {"seconds": round(time.perf_counter() - started, 2),
                  "decision_ms": {side: decision_ms([t for r in results for t in r["times"][side]])
                                  for side in ("police", "gang")},
                  # what a bot's observe(view) takes after each action: at the table it runs on the
                  # window's thread, between two frames
                  "observe_ms": {side: decision_ms([t for r in results for t in r["heard"][side]])
                                 for side in ("police", "gang")}},
    }
