"""Hand-made positions for the Lupusburg rules tests: a game laid out with chosen characters, chests,
dead houses and Burgomaster, brought to the phase a test needs; and the check every refusal must pass.

By default (5 players): red holds the Werewolf (right house) and a Townsfolk (left, the chest house),
blue the Thief (right) and a Townsfolk (left, the chest), every other player two Townsfolk with the
chest on the left; red is the Burgomaster; the game stands at the first call of night 1."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


from game.engine.api import TABLE, Event, IllegalAction
from game.engine.rng import Rng
from game.lupusburg.rules import data
from game.lupusburg.rules.state import Config, House, LupusState
from tests.refusals import assert_refused

W, T, F = data.WEREWOLF, data.THIEF, data.TOWNSFOLK


def make_state(players: int = 5, *, laid: Mapping[str, tuple[str, str]] | None = None,
               chests: Mapping[str, str] | None = None, dead: Iterable[tuple[str, str]] = (),
               burgomaster: str = "red", seed: int = 0, **config: Any) -> LupusState:
    """A game after its set-up, at the first call of night 1. ``laid``: seat -> (left, right)
    characters (default above); ``chests``: seat -> side (default: the side holding a Townsfolk,
    left if both do); ``dead``: houses already gone."""
    cfg = Config.from_mapping({"players": players, **config})
    seats = cfg.seats()
    default = {seats[0]: (F, W), seats[1]: (F, T)}
    cards = {s: tuple((laid or {}).get(s, default.get(s, (F, F)))) for s in seats}
    wolf = next(s for s, c in cards.items() if W in c)
    thief = next(s for s, c in cards.items() if T in c)
    chest = {s: (chests or {}).get(s, "left" if cards[s][0] == F else "right") for s in seats}
    for s in seats:
        side = chest[s]
        assert cards[s][0 if side == "left" else 1] == F, f"{s}: only a Townsfolk may stand in the chest house"
    state = LupusState(
        config=cfg, rng=Rng(seed), seats=seats, burgomaster=burgomaster,
        dealt={s: (cards[s][0], cards[s][1]) for s in seats}, werewolf=wolf, thief=thief,
        characters={s: {"left": cards[s][0], "right": cards[s][1]} for s in seats}, chest=chest,
        alive={s: {"left": True, "right": True} for s in seats}, bag=list(data.coins()), broom_in_play=cfg.broom,
        looks={s: [] for s in seats}, seen={s: [] for s in seats})
    for player, side in dead:
        state.alive[player][side] = False
    state._begin_night([])
    return state


def act(state: LupusState, action: Any) -> list[Event]:
    """Apply a legal action (asserting it is offered)."""
    assert action in state.legal_actions(action.seat), (action, state.phase, state.to_act())
    return state.apply(action)


def night(state: LupusState, calls: Mapping[str, tuple[str, str]] | None = None) -> list[Event]:
    """Every call of the night: each seat points where ``calls`` says, else at its first option."""
    from game.lupusburg.rules import Point

    assert state.phase == "night"
    events: list[Event] = []
    day = state.day
    while state.phase == "night" and state.day == day:
        seat = state.to_act()[0]
        target = (calls or {}).get(seat)
        action = Point(seat, *target) if target else state.legal_actions(seat)[0]  # type: ignore[arg-type]
        events += act(state, action)
    return events


def to_day(state: LupusState, calls: Mapping[str, tuple[str, str]] | None = None) -> list[Event]:
    """Through the night to the day's first step."""
    return night(state, calls)


def skip_to(state: LupusState, phase: str) -> list[Event]:
    """Take the first offered action (skipping the privilege, passing bets) until ``phase``."""
    from game.lupusburg.rules import PassBet, SkipPrivilege

    events: list[Event] = []
    for _ in range(200):
        if state.phase == phase:
            return events
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        pick = next((a for a in legal if isinstance(a, (SkipPrivilege, PassBet))), legal[0])
        events += act(state, pick)
    raise AssertionError(f"never reached {phase}")


def for_seat(events: Iterable[Event], seat: str) -> list[dict[str, Any]]:
    """The events as ``seat`` is told them, as log entries."""
    out = []
    for e in events:
        seen = e.for_seat(seat)
        if seen is not None:
            out.append({"kind": seen.kind.removeprefix("lupusburg."), **dict(seen.data)})
    return out


def of(events: Iterable[Event], kind: str, seat: str = TABLE) -> list[dict[str, Any]]:
    return [e for e in for_seat(events, seat) if e["kind"] == kind]


def own_call(events: Iterable[Event], seat: str) -> dict[str, Any]:
    """``seat``'s own call of the night as he is told it."""
    (call,) = [e for e in of(events, "called", seat) if e["seat"] == seat]
    return call


def refused(state: LupusState, action: Any, key: str | None = None) -> IllegalAction:
    """``action`` is refused with a sentence in Italian and English (``key`` if given), and the
    state is exactly its snapshot from before."""
    return assert_refused(state, action, key, "lupusburg_refusal")


__all__ = ["F", "House", "T", "W", "act", "for_seat", "make_state", "night", "of", "own_call", "refused", "skip_to",
           "to_day"]
