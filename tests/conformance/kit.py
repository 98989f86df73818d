"""What the conformance tests need for any registered title: seeded bot games through
:class:`game.engine.replay.Match`, and a canonical text of a state or a view.

:func:`canonical` turns any state or view into JSON text with sorted keys: dataclasses and plain
objects by their attributes, mappings with their keys sorted, sets sorted, the RNG by its internal
state. Two states with equal text are the same game, byte for byte; no pickle is involved.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from typing import Any
from collections.abc import Mapping

from game.engine.api import TABLE, Action, action_to_json
from game.engine.replay import Match
from game.engine.rng import Rng
from game.engine.titles import TitleSpec, load

DEFAULT_MAX_ACTIONS = 20000


def _plain(value: Any, seen: tuple[int, ...] = ()) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Rng):
        return {"__rng__": repr(value._random.getstate())}
    if isinstance(value, random.Random):
        return {"__random__": repr(value.getstate())}
    if isinstance(value, Action):
        return action_to_json(value)
    if id(value) in seen:
        return "<cycle>"
    inner = (*seen, id(value))
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        return {k: _plain(v, inner) for k, v in value.items()}
    if isinstance(value, Mapping):
        items = [(json.dumps(_plain(k, inner), sort_keys=True), _plain(v, inner)) for k, v in value.items()]
        return {"__map__": sorted(items, key=lambda kv: kv[0])}
    if isinstance(value, (set, frozenset)):
        return {"__set__": sorted(json.dumps(_plain(v, inner), sort_keys=True) for v in value)}
    if isinstance(value, (list, tuple)):
        return [_plain(v, inner) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        extra = {k: v for k, v in getattr(value, "__dict__", {}).items() if k not in fields}
        return {"__class__": type(value).__name__,
                **{k: _plain(v, inner) for k, v in {**fields, **extra}.items()}}
    if hasattr(value, "__dict__"):
        return {"__class__": type(value).__name__,
                **{k: _plain(v, inner) for k, v in vars(value).items()}}
    if hasattr(value, "__slots__"):
        return {"__class__": type(value).__name__,
                **{k: _plain(getattr(value, k), inner) for k in value.__slots__ if hasattr(value, k)}}
    return {"__repr__": repr(value)}


def canonical(value: Any) -> str:
    """JSON text (sorted keys) of a state or view: equal text, equal game."""
    return json.dumps(_plain(value), sort_keys=True, separators=(",", ":"))


def view_json(value: Any) -> Any:
    """A view as plain JSON data (what a golden file stores)."""
    return json.loads(canonical(value))


def seats(spec: TitleSpec, config: Mapping[str, Any]) -> tuple[str, ...]:
    """The title's seats for ``config``, then the table's."""
    if spec.seats is None:
        raise AssertionError(f"title {spec.name!r} declares no seats (TitleSpec.seats)")
    return (*load(spec.seats)(config), TABLE)


def max_actions(spec: TitleSpec) -> int:
    return spec.max_actions if spec.max_actions is not None else DEFAULT_MAX_ACTIONS


def cases(spec: TitleSpec) -> list[tuple[str, dict[str, Any], int]]:
    """(label, config, seed) of the seeded games the conformance tests play for ``spec``: its
    self-test games and its further ``conformance_games``, seeds 1 and 2."""
    return [(f"{label}-seed{seed}", dict(config), seed)
            for label, config in (*spec.selftest_games, *spec.conformance_games) for seed in (1, 2)]


def play(spec: TitleSpec, config: Mapping[str, Any], seed: int, *, limit: int | None = None,
         on_step: Any = None) -> Match:
    """A seeded game played by the title's first bot through a Match (to its end, or ``limit``
    actions). ``on_step(match)`` is called before every action."""
    bot_factory = load(next(iter(spec.bots.values())))
    match = Match(spec.name, config, seed, game_id="conformance")
    rng = random.Random(seed * 7919 + 17)
    bots: dict[str, Any] = {}
    bound = max_actions(spec)
    while not match.state.is_over() and (limit is None or len(match.log) < limit):
        if len(match.log) >= bound:
            raise AssertionError(f"{spec.name} {dict(config)} seed {seed}: no end within {bound} actions")
        if on_step is not None:
            on_step(match)
        to_act = list(match.state.to_act())
        assert to_act, f"{spec.name}: nobody may act, yet the game is not over"
        seat = to_act[rng.randrange(len(to_act))]
        legal = match.state.legal_actions(seat)
        assert legal, f"{spec.name}: {seat} must act but has no legal action"
        bot = bots.setdefault(seat, bot_factory(seed * 101 + len(bots)))
        match.apply(bot.choose(match.state.view(seat), legal))
    return match
