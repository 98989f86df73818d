"""What each seat sees of a game of How to Rob a Bank.

Everything on the board is public. Hidden: the bank's hand from the thieves, the thieves' hands from
the bank (the thieves see each other's), the cards left undrawn, and, by the table rules, every laid
card but each stack's top while planning and every card not yet revealed while robbing (the open
stacks option shows every laid card). The table (a spectator) sees no hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.api import TABLE, Result
from game.robbank.rules import board, data

if TYPE_CHECKING:
    from game.robbank.rules.state import Alarm, Figure, RobState, Token, Turn


@dataclass(frozen=True)
class RobView:
    seat: str
    seats: tuple[str, ...]
    players: int
    stacks_rule: str                               # "table" | "open"
    owner: Mapping[str, str]                       # stack / pawn -> seat
    order: tuple[str, ...]                         # the stacks, bank first
    round: int
    phase: str                                     # explore | car | plan | rob | over
    to_act: tuple[str, ...]
    tiles: tuple[str, ...]                         # tile id in each room 0..8
    turns: tuple[int, ...]
    walls: frozenset[tuple[int, str]]
    guards: Mapping[str, Figure]
    thieves: Mapping[str, Figure]
    loot: tuple[Token, ...]
    alarm: Alarm | None
    car: int | None
    car_options: tuple[int, ...]
    stolen: int
    target: int
    loot_left: int                                 # tokens in the box, not on the board nor stolen
    hands: Mapping[str, tuple[int, ...] | None]    # None: a hand this seat may not see
    hand_sizes: Mapping[str, int]
    stacks: Mapping[str, tuple[int | None, ...]]   # laid cards, first laid first; None: not in sight
    played: Mapping[str, int]                      # cards of each stack already played
    laying: str | None                             # the stack to lay on next (plan)
    turn: Turn | None
    result: Result | None

    def exits(self, room: int) -> tuple[int, ...]:
        return board.exits(self.walls, room)


def _hand_visible(state: RobState, stack: str, seat: str) -> bool:
    if seat == TABLE:
        return False
    return (stack == "bank") == (seat == "bank")


def _stack_seen(state: RobState, stack: str) -> tuple[int | None, ...]:
    cards = state.stacks[stack]
    if state.config.stacks == "open":
        return tuple(cards)
    if state.phase == "plan":
        return tuple(c if i == len(cards) - 1 else None for i, c in enumerate(cards))
    shown = state.played[stack] + (1 if state.turn is not None and state.turn.stack == stack else 0)
    return tuple(c if i < shown else None for i, c in enumerate(cards))


def make_view(state: RobState, seat: str) -> RobView:
    on_board = len(state.loot)
    return RobView(
        seat=seat, seats=state.seats, players=state.config.players, stacks_rule=state.config.stacks,
        owner=dict(state.owner), order=state.stack_order(), round=state.round, phase=state.phase,
        to_act=state.to_act(), tiles=tuple(state.tiles), turns=tuple(state.turns), walls=state.walls(),
        guards=dict(state.guards), thieves=dict(state.thieves), loot=tuple(state.loot), alarm=state.alarm,
        car=state.car, car_options=tuple(state.car_options), stolen=state.stolen, target=state.target(),
        loot_left=max(0, data.LOOT_TOKENS - state.stolen - on_board),
        hands={s: tuple(state.hands[s]) if _hand_visible(state, s, seat) else None for s in state.stack_order()},
        hand_sizes={s: len(state.hands[s]) for s in state.stack_order()},
        stacks={s: _stack_seen(state, s) for s in state.stack_order()},
        played=dict(state.played), laying=state._laying() if state.phase == "plan" else None,
        turn=state.turn, result=state.result())


def state_from_view(view: RobView, stacks: Mapping[str, list[int]], hands: Mapping[str, list[int]] | None = None,
                    seed: int = 0) -> RobState:
    """The state a view shows, with the cards it hides filled in by the caller (``stacks``: each
    stack's cards as the caller believes them; ``hands``: the hands, empty where unknown) and a
    fresh RNG: what a computer player searches. Nothing here reads the true state."""
    from game.engine.rng import Rng
    from game.robbank.rules.state import Config, RobState

    config = Config(players=view.players, stacks=view.stacks_rule)
    result = view.result
    return RobState(
        config=config, rng=Rng(seed), seats=tuple(view.seats), thieves_order=tuple(view.order[1:]),
        owner=dict(view.owner), round=view.round, phase=view.phase, tiles=list(view.tiles), turns=list(view.turns),
        guards=dict(view.guards), thieves=dict(view.thieves), loot=list(view.loot), alarm=view.alarm, car=view.car,
        car_options=tuple(view.car_options), stolen=view.stolen,
        decks={s: [] for s in view.order},
        hands={s: list((hands or {}).get(s, ())) for s in view.order},
        stacks={s: list(stacks.get(s, ())) for s in view.order}, played=dict(view.played),
        lay_turn=sum(len(v) for v in view.stacks.values()) if view.phase == "plan" else 0,
        turn=view.turn, won=None if result is None else bool(result.winners and result.winners[0] != "bank"),
        end_reason="" if result is None else result.reason)
