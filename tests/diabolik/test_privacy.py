"""Privacy for every seat of Diabolik – Quadruplo furto. The game is co-operative against an automated
police, so the criminals share everything at one screen; the one secret is the state's RNG, which
knows every die still to be rolled (the station's d8, where the next loot or clue will land). For every
seat (Diabolik and Eva together, each alone) and the table, over whole seeded games: two states that
differ only in their RNG give the same view and the same events, no view holds the RNG, and every seat
is told exactly what the table is told."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from game.engine.api import TABLE, events_for_seat
from game.engine.rng import Rng
from game.diabolik.rules import new_game

CONFIGS = [{"players": 2}, {"players": 1}, {"players": 1, "character": "eva"},
           {"players": 2, "diabolika": True}]
GAMES = 6


def _holds_rng(value, depth=0) -> bool:
    """Whether an RNG (or its state) sits anywhere inside a view."""
    if isinstance(value, Rng):
        return True
    if depth > 6:
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_holds_rng(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return any(_holds_rng(v, depth + 1) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_holds_rng(v, depth + 1) for v in value)
    return False


def _other_dice(state):
    """The same table with other dice to come: the RNG moved on, nothing else changed."""
    other = copy.deepcopy(state)
    for _ in range(3):
        other.rng.random()
    assert other.rng.get_state() != state.rng.get_state()
    return other


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}{v}" for k, v in c.items()))
def test_no_seat_learns_the_dice_still_to_come(config):
    for game in range(GAMES):
        state = new_game(config, 400 + game)
        seats = (*state.seats, TABLE)
        pick = random.Random(game)
        for _ in range(600):
            if state.is_over():
                break
            other = _other_dice(state)
            for seat in seats:
                view = state.view(seat)
                assert view == other.view(seat), (seat, "a view tells the dice to come")
                assert not _holds_rng(view), (seat, "a view holds the RNG")
            actor = state.to_act()[0]
            legal = state.legal_actions(actor)
            assert legal == other.legal_actions(actor)     # what a seat may do does not tell them either
            action = legal[pick.randrange(len(legal))]
            events = state.apply(action)
            told = events_for_seat(events, TABLE)
            assert told == list(events)                     # every event is public...
            for seat in state.seats:
                assert events_for_seat(events, seat) == told   # ...and told alike to every seat
        assert state.is_over()
