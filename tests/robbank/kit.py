"""Hand-made tables for the How to Rob a Bank rules tests: a robbery built piece by piece on a known
bank, cards named by their actions, and the check every refusal must pass.

The bank of :func:`make_state` is the nine tiles in the data file's order, none turned:

    0 lobby        1 security (wall n: the road)   2 guard room
    3 corridor (wall e, to 4)   4 vault (wall s, to 7)   5 deposit (wall w, to 4)
    6 tellers      7 archive                       8 manager (staff room with 4 players)

so room 4 opens only north (to 1), 3-4, 4-5 and 4-7 are walled, and road section 1 (above room 1)
is walled off. :data:`POCKET` turns the same tiles into a bank where rooms 0 and 1 are cut off."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


from game.engine.api import IllegalAction
from game.engine.rng import Rng
from game.robbank.rules import data
from game.robbank.rules.state import COLOURS, GUARDS, Alarm, Config, Figure, RobState, Token, Turn
from tests.refusals import assert_refused

ADJACENT = {0: (1, 3), 1: (0, 2, 4), 2: (1, 5), 3: (0, 6), 4: (1,), 5: (2, 8), 6: (3, 7), 7: (6, 8), 8: (5, 7)}
"""Who opens onto whom in the bank of make_state (the walls read off the data by hand)."""

POCKET = (["vault", "corridor", "lobby", "guardroom", "security", "deposit", "tellers", "archive", "manager"],
          [0, 0, 0, 0, 0, 2, 0, 0, 0])
"""Tiles and turns that cut rooms 0 and 1 off the rest: vault's wall south of 0, corridor's east of
1, security's north of 4 (above 1); deposit turned so its wall faces the road."""


def card(side: str, name: str) -> int:
    """The number of the first card called ``name`` ("move+grab", "tackle|lock") in a deck."""
    deck = data.deck("guards" if side in ("bank", "guards") else "thieves")
    for i, c in enumerate(deck):
        if data.card_name(c) == name:
            return i
    raise AssertionError(f"no card {name!r} in the {side} deck")


def tiles_for(players: int) -> list[str]:
    return [t.id for t in data.tiles(players)]


def make_state(players: int = 3, *, stacks_rule: str = "table", tiles: list[str] | None = None,
               turns: list[int] | None = None, guards: Mapping[str, Any] | None = None,
               thieves: Mapping[str, Any] | None = None, loot: Iterable[Any] = (),
               alarm: Alarm | int | None = 1, car: int = 0, stolen: int = 0, round: int = 1,
               stacks: Mapping[str, list[int]] | None = None) -> RobState:
    """A robbery under way (phase ``rob``, no card turned up yet). ``guards``/``thieves``: name ->
    room or Figure (defaults: guards in 2, 6 and with 4 players 8; every thief in 0). ``loot``: rooms
    or Tokens; a thief's ``carrying`` is counted from the tokens he carries. ``stacks``: the laid
    cards (default five single moves each)."""
    cfg = Config(players=players, stacks=stacks_rule)
    seats = cfg.seats()
    order = cfg.thieves()
    owner = {"bank": "bank", **{t: (t if t in seats else seats[1]) for t in order}}
    tokens = [t if isinstance(t, Token) else Token(t) for t in loot]
    default_guards = {g: r for g, r in zip(GUARDS, (2, 6, 8))} if players == 4 else {"g1": 2, "g2": 6}
    figures_g = {g: (f if isinstance(f, Figure) else Figure(f)) for g, f in (guards or default_guards).items()}
    figures_t = {}
    for name in order:
        where = (thieves or {}).get(name, 0)
        fig = where if isinstance(where, Figure) else Figure(where)
        carried = sum(1 for tok in tokens if tok.carrier == name)
        figures_t[name] = Figure(fig.room, fig.stunned, carried)
    if isinstance(alarm, int):
        alarm = Alarm(alarm)
    stack_order = ("bank", *order)
    laid = {s: list((stacks or {}).get(s, [card(s, "move")] * 5)) for s in stack_order}
    return RobState(
        config=cfg, rng=Rng(0), seats=seats, thieves_order=order, owner=owner, round=round, phase="rob",
        tiles=list(tiles or tiles_for(players)), turns=list(turns or [0] * 9), guards=figures_g,
        thieves=figures_t, loot=tokens, alarm=alarm, car=car, stolen=stolen,
        decks={s: [] for s in stack_order}, hands={s: [] for s in stack_order}, stacks=laid,
        played={s: 0 for s in stack_order}, lay_turn=5 * len(stack_order))


def begin(state: RobState, stack: str, name: str, *, played: int = 0) -> list[Any]:
    """Turn up the card ``name`` of ``stack`` as the rules do (the stacks before it in the order have
    played ``played + 1`` cards, the others ``played``); the events of turning it up."""
    order = state.stack_order()
    for s in order:
        state.played[s] = played + (1 if order.index(s) < order.index(stack) else 0)
    state.stacks[stack][played] = card(stack, name)
    state.turn = None
    events: list[Any] = []
    state._advance(events)
    return events


def turn_up(state: RobState, stack: str, name: str) -> Turn:
    """Like :func:`begin` but insists that the card waits for its player."""
    begin(state, stack, name)
    assert state.turn is not None and state.turn.stack == stack, state.turn
    return state.turn


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind.removeprefix("robbank.") for e in events]


def of(events: Iterable[Any], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == f"robbank.{kind}"]


def refused(state: RobState, action: Any, key: str | None = None) -> IllegalAction:
    """``action`` is refused with a sentence in Italian and English (``key`` if given), and the
    state is exactly its snapshot from before."""
    return assert_refused(state, action, key, "robbank_refusal")


def legal_of(state: RobState, kind: type) -> list[Any]:
    seat = state.to_act()[0]
    return [a for a in state.legal_actions(seat) if isinstance(a, kind)]


__all__ = ["ADJACENT", "COLOURS", "POCKET", "begin", "card", "kinds", "legal_of", "make_state", "of", "refused",
           "tiles_for", "turn_up"]
