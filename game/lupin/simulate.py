"""Whole Lupin games played by bots through the rules API: the engine of `heist-table simulate`
and of the random-game tests.

Every game is a pure function of its config and seed: the rules' own RNG, and bots seeded from
the game's seed. Along the way the simulator also tries illegal actions (a legal action with its
square, target or figure changed at random) and checks that each one is refused with a sentence
and leaves the state exactly as it was.
"""

from __future__ import annotations

import dataclasses
import random
import traceback
from collections import Counter
from typing import Any, Callable

from game.engine.api import Action
from game.engine.playout import assert_refused, rounds_summary
from game.lupin.ai import BOTS
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


def play_game(config: dict[str, Any], seed: int, bots: str = "random", *, illegal_rate: float = 0.05,
              check: Check | None = None) -> dict[str, Any]:
    """Play one game; returns its summary. ``check(state, last_action)`` runs after every action
    (the invariant tests pass one); an exception anywhere is recorded, not raised."""
    rng = random.Random(seed * 7919 + 13)
    state = new_game(config, seed)
    bot_cls = BOTS[bots]
    players: dict[str, Any] = {}
    illegal_tried = illegal_rejected = 0
    actions = 0
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
            bot = players.setdefault(seat, bot_cls(seed * 101 + len(players)))
            action = bot.choose(state.view(seat), legal)
            if illegal_rate and rng.random() < illegal_rate:
                bad = _mutations(state, action, rng)
                if bad is not None and bad not in legal:
                    illegal_tried += 1
                    assert_refused(state, bad)
                    illegal_rejected += 1
            state.apply(action)
            actions += 1
            if check is not None:
                check(state, action)
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
        result = state.result()
        return {"ok": True, "rounds": state.round, "actions": actions, "winners": list(result.winners),
                "reason": result.reason, "illegal_tried": illegal_tried, "illegal_rejected": illegal_rejected}
    except Exception as exc:  # noqa: BLE001 - a simulation reports every failure
        return {"ok": False, "rounds": state.round, "actions": actions, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=6), "illegal_tried": illegal_tried,
                "illegal_rejected": illegal_rejected}


def simulate(config: dict[str, Any], games: int, seed: int, bots: str = "random",
             check: Check | None = None) -> dict[str, Any]:
    """Play ``games`` games with seeds ``seed``, ``seed+1``... and sum them up."""
    results = [play_game(config, seed + i, bots, check=check) for i in range(games)]
    ok = [r for r in results if r["ok"]]
    rounds = [r["rounds"] for r in ok]
    winners = Counter("+".join(r["winners"]) for r in ok)
    reasons = Counter(r["reason"] for r in ok)
    errors = [{"seed": seed + i, "error": r["error"]} for i, r in enumerate(results) if not r["ok"]]
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
    }
