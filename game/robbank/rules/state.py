"""The state of a game of How to Rob a Bank and the rules API: ``new_game``, ``RobState`` (to_act,
legal_actions, apply, view, is_over, result).

A round: the bank's nine tiles are shuffled into the 3×3 bank (``explore``; the bank turns walled
tiles while a room is walled in), the pieces placed by the icons, the car on the farthest road
section (``car``: the thieves choose where several are as far), each stack's owner draws 8 of its 15
cards and the stacks are laid one card at a time, bank first (``plan``), then turned over and played
one card at a time, bank first (``rob``). Every reading of the rulebook is in docs/rules-decisions.md.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine.api import TABLE, Action, Event, Result, Term, check_action, require, with_defaults
from game.engine.rng import Rng
from game.robbank.rules import board, data
from game.robbank.rules.actions import (
    ACTIONS, ALARM, EndTurn, GuardMove, Grab, Lay, Lock, MoveCar, PassBag, Pick, PlaceCar, Rotate,
    SetOffAlarm, Spray, StandUp, Tackle, ThiefMove, Throw, Vents,
)

COLOURS = ("yellow", "red", "green")
GUARDS = ("g1", "g2", "g3")
ROUNDS = 3
STACK = 5
HAND = 8
DEFAULTS: Mapping[str, Any] = {"players": 3, "stacks": "table"}
MANDATORY = ("move", "vents")
"""Thief actions a card makes compulsory (when they can be made at all)."""


@dataclass(frozen=True)
class Config:
    """players 2-4 (the bank and 1-3 thief players); stacks ``table`` (only each stack's top card shows
    while planning, as on the box) or ``open`` (every laid card stays in sight, for beginners)."""

    players: int = 3
    stacks: str = "table"

    @classmethod
    def from_mapping(cls, config: Mapping[str, Any]) -> Config:
        values = with_defaults(config, DEFAULTS, "How to Rob a Bank")
        players, stacks = values["players"], values["stacks"]
        if isinstance(players, bool) or players not in (2, 3, 4):
            raise ValueError(f"How to Rob a Bank is played by 2 to 4 players, not {players!r}")
        if stacks not in ("table", "open"):
            raise ValueError(f"stacks must be 'table' (table rules) or 'open', not {stacks!r}")
        return cls(players=players, stacks=stacks)

    def seats(self) -> tuple[str, ...]:
        return ("bank", *COLOURS[:max(1, self.players - 1)])

    def thieves(self) -> tuple[str, ...]:
        """The thief pawns in play, in turn order (two players: one player runs yellow and red)."""
        return COLOURS[:2] if self.players == 2 else COLOURS[:self.players - 1]

    def target(self) -> int:
        """Bags the thieves must throw into the car to win."""
        return 5 if self.players == 4 else 4

    def guards(self) -> int:
        return 3 if self.players == 4 else 2


@dataclass(frozen=True)
class Figure:
    """A guard or a thief: its room, whether it lies stunned, and (thieves) the bags it carries."""

    room: int
    stunned: bool = False
    carrying: int = 0


@dataclass(frozen=True)
class Token:
    """A loot token on the board: lying in ``room`` (locked or not) or carried by ``carrier``."""

    room: int
    locked: bool = False
    carrier: str | None = None


@dataclass(frozen=True)
class Alarm:
    room: int | None          # None once set off (on the road's corner)
    locked: bool = False


@dataclass(frozen=True)
class Turn:
    """The card being played: whose stack, which card, which of its parts are still to do, whether
    the thief's extra action is spent, whether the card is closed (an extra taken after it), and
    for the bank the rooms the guards moved this turn started from."""

    stack: str
    card: int
    parts: tuple[int, ...]
    started: bool = False
    extra: bool = False
    closed: bool = False
    starts: tuple[tuple[str, int], ...] = ()


@functools.lru_cache(maxsize=4096)
def _walls(tiles: tuple[str, ...], turns: tuple[int, ...]) -> board.Walls:
    found = data.all_tiles()
    return board.walls_of((found[t].walls, q) for t, q in zip(tiles, turns))


def _who(figure: str) -> Term:
    return Term(f"robbank.who.{figure}")


@dataclass
class RobState:
    """The whole truth of a game; the views hide the hands and, by the table rules, what lies under
    each stack's top card."""

    config: Config
    rng: Rng
    seats: tuple[str, ...]
    thieves_order: tuple[str, ...]
    owner: dict[str, str]                        # stack or pawn -> seat
    round: int = 0
    phase: str = "explore"                       # explore | car | plan | rob | over
    tiles: list[str] = field(default_factory=list)        # tile id in each room 0..8
    turns: list[int] = field(default_factory=list)        # its quarter turns clockwise
    guards: dict[str, Figure] = field(default_factory=dict)
    thieves: dict[str, Figure] = field(default_factory=dict)
    loot: list[Token] = field(default_factory=list)
    alarm: Alarm | None = None
    car: int | None = None
    car_options: tuple[int, ...] = ()
    stolen: int = 0
    decks: dict[str, list[int]] = field(default_factory=dict)    # undrawn cards (hidden)
    hands: dict[str, list[int]] = field(default_factory=dict)
    stacks: dict[str, list[int]] = field(default_factory=dict)   # laid, first laid first
    played: dict[str, int] = field(default_factory=dict)         # cards of each stack played
    lay_turn: int = 0                            # cards laid in all this round
    turn: Turn | None = None
    won: bool | None = None                      # the thieves won; None until the end
    end_reason: str = ""
    opening: tuple[Event, ...] = field(default=(), compare=False, repr=False)   # new_game's events

    # ------------------------------------------------------------------------ the board

    def stack_order(self) -> tuple[str, ...]:
        return ("bank", *self.thieves_order)

    def walls(self) -> board.Walls:
        return _walls(tuple(self.tiles), tuple(self.turns))

    def standing_guard_in(self, room: int) -> bool:
        return any(g.room == room and not g.stunned for g in self.guards.values())

    def target(self) -> int:
        return self.config.target()

    def is_over(self) -> bool:
        return self.phase == "over"

    # ------------------------------------------------------------------------ the protocol

    def to_act(self) -> tuple[str, ...]:
        if self.phase == "explore":
            return ("bank",)
        if self.phase == "car":
            return (self.seats[1],)
        if self.phase == "plan":
            return (self.owner[self._laying()],)
        if self.phase == "rob" and self.turn is not None:
            return (self.owner[self.turn.stack],)
        return ()

    def _laying(self) -> str:
        order = self.stack_order()
        return order[self.lay_turn % len(order)]

    def legal_actions(self, seat: str) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "explore":
            return [Rotate(seat, r) for r in range(board.ROOMS) if data.all_tiles()[self.tiles[r]].walls]
        if self.phase == "car":
            return [PlaceCar(seat, s) for s in self.car_options]
        if self.phase == "plan":
            stack = self._laying()
            return [Lay(seat, stack, c) for c in sorted(set(self.hands[stack]))]
        assert self.turn is not None
        return self._turn_actions(seat, self.turn)

    def _turn_actions(self, seat: str, turn: Turn) -> list[Action]:
        out: list[Action] = []
        if turn.stack == "bank":
            if not turn.started and any(g.stunned for g in self.guards.values()):
                out.append(StandUp(seat))
            out.extend(self._bank_card_actions(seat, turn))
            if self._moves_complete(turn):
                out.append(EndTurn(seat))
            return out
        thief = turn.stack
        out.extend(self._thief_card_actions(seat, thief, turn))
        out.extend(self._extra_actions(seat, thief, turn))
        if self._thief_may_end(thief, turn):
            out.append(EndTurn(seat))
        return out

    # ------------------------------------------------------------------------ cards

    def card(self, stack: str, number: int) -> data.Card:
        return data.deck("guards" if stack == "bank" else "thieves")[number]

    def _parts_offering(self, turn: Turn, action: str) -> list[int]:
        """The parts still to do that offer ``action``, single-action parts first."""
        card = self.card(turn.stack, turn.card)
        found = [p for p in turn.parts if action in card[p]]
        return sorted(found, key=lambda p: (len(card[p]), p))

    # ---- the bank

    def _move_steps(self, turn: Turn) -> int:
        card = self.card("bank", turn.card)
        return sum(1 for p in turn.parts if card[p] == ("move",))

    def _move_plan(self, turn: Turn) -> tuple[int, frozenset[tuple[str, int]]]:
        """(the most move icons that can still be played so that no guard moved this turn ends where
        it started, the first steps of such plans). All the card's moves are compulsory; when walls
        and stunned guards make that impossible, as many as can be (docs/rules-decisions.md)."""
        k = self._move_steps(turn)
        walls = self.walls()
        starts = dict(turn.starts)
        here = {g: f.room for g, f in self.guards.items()}
        standing = [g for g, f in self.guards.items() if not f.stunned]

        def valid(pos: dict[str, int], moved: dict[str, int]) -> bool:
            return all(pos[g] != start for g, start in moved.items())

        best, firsts = -1, set()

        def search(pos: dict[str, int], moved: dict[str, int], depth: int, first: tuple[str, int] | None) -> None:
            nonlocal best, firsts
            if valid(pos, moved):
                if depth > best:
                    best, firsts = depth, set()
                if depth == best and first is not None:
                    firsts.add(first)
            if depth == k:
                return
            for g in standing:
                for to in board.exits(walls, pos[g]):
                    moved2 = moved if g in moved else {**moved, g: pos[g]}
                    search({**pos, g: to}, moved2, depth + 1, first or (g, to))

        search(here, starts, 0, None)
        return max(best, 0), frozenset(firsts)

    def _moves_complete(self, turn: Turn) -> bool:
        best, _ = self._move_plan(turn)
        return best == 0

    def _bank_card_actions(self, seat: str, turn: Turn) -> list[Action]:
        if all(g.stunned for g in self.guards.values()):
            return []
        out: list[Action] = []
        best, firsts = self._move_plan(turn)
        if best > 0:
            out.extend(GuardMove(seat, g, to) for g, to in sorted(firsts))
        if self._parts_offering(turn, "tackle"):
            for g, guard in sorted(self.guards.items()):
                if guard.stunned:
                    continue
                for t, thief in sorted(self.thieves.items()):
                    if thief.room == guard.room and not thief.stunned:
                        out.append(Tackle(seat, g, t))
        if self._parts_offering(turn, "lock"):
            for g, guard in sorted(self.guards.items()):
                if guard.stunned:
                    continue
                for i in self._lockable(guard.room):
                    out.append(Lock(seat, g, i))
        return out

    def _lockable(self, room: int) -> list[int]:
        found = [i for i, tok in enumerate(self.loot) if tok.carrier is None and tok.room == room and not tok.locked]
        if self.alarm is not None and self.alarm.room == room and not self.alarm.locked:
            found.append(ALARM)
        return found

    # ---- the thieves

    def _thief_can_act(self, thief: str) -> bool:
        return not self.thieves[thief].stunned

    def _card_open(self, turn: Turn) -> bool:
        return not turn.closed

    def _thief_card_actions(self, seat: str, thief: str, turn: Turn) -> list[Action]:
        if not self._card_open(turn) or not self._thief_can_act(thief):
            return []
        me = self.thieves[thief]
        walls = self.walls()
        guarded = self.standing_guard_in(me.room)
        out: list[Action] = []
        if self._parts_offering(turn, "move"):
            out.extend(ThiefMove(seat, thief, to) for to in board.exits(walls, me.room))
        if self._parts_offering(turn, "vents"):
            out.extend(Vents(seat, thief, to) for to in range(board.ROOMS) if to != me.room)
        if self._parts_offering(turn, "grab") and not guarded:
            out.extend(Grab(seat, thief, i) for i in self._grabbable(me.room))
        if self._parts_offering(turn, "pick") and not guarded:
            out.extend(Pick(seat, thief, i) for i in self._pickable(me.room))
        if self._parts_offering(turn, "spray"):
            out.extend(Spray(seat, thief, g) for g, guard in sorted(self.guards.items())
                       if guard.room == me.room and not guard.stunned)
        return out

    def _grabbable(self, room: int) -> list[int]:
        return [i for i, tok in enumerate(self.loot) if tok.carrier is None and tok.room == room and not tok.locked]

    def _pickable(self, room: int) -> list[int]:
        found = [i for i, tok in enumerate(self.loot) if tok.carrier is None and tok.room == room and tok.locked]
        if self.alarm is not None and self.alarm.room == room and self.alarm.locked:
            found.append(ALARM)
        return found

    def _mandatory_left(self, thief: str, turn: Turn) -> bool:
        """Whether a compulsory part (a move, the vents) is still to do and can be done."""
        if turn.closed or not self._thief_can_act(thief):
            return False
        card = self.card(thief, turn.card)
        for p in turn.parts:
            if card[p] == ("move",) and board.exits(self.walls(), self.thieves[thief].room):
                return True
            if card[p] == ("vents",):
                return True
        return False

    def _extra_allowed(self, thief: str, turn: Turn) -> bool:
        """The extra action comes before or after the card: not once the card is begun and a
        compulsory part of it is still to do."""
        if turn.extra or not self._thief_can_act(thief):
            return False
        return not turn.started or not self._mandatory_left(thief, turn)

    def _extra_actions(self, seat: str, thief: str, turn: Turn) -> list[Action]:
        if not self._extra_allowed(thief, turn):
            return []
        me = self.thieves[thief]
        guarded = self.standing_guard_in(me.room)
        out: list[Action] = []
        assert self.car is not None
        out.extend(MoveCar(seat, thief, s) for s in sorted(set(board.car_steps(self.car))))
        if me.carrying and not guarded and board.joined(self.walls(), self.car) == me.room:
            out.append(Throw(seat, thief))
        if me.carrying and not guarded:
            out.extend(PassBag(seat, thief, t) for t in self.thieves_order
                       if t != thief and self.thieves[t].room == me.room)
        if (self.alarm is not None and self.alarm.room == me.room and not self.alarm.locked and not guarded):
            out.append(SetOffAlarm(seat, thief))
        return out

    def _thief_may_end(self, thief: str, turn: Turn) -> bool:
        return not self._mandatory_left(thief, turn)

    # ------------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        # Every check comes before the first change, so a refused action changes nothing.
        check_action(action)
        require(not self.is_over(), "robbank_refusal.over")
        require(isinstance(action, ACTIONS), "robbank_refusal.not_a_move")
        seat = action.seat
        require(seat in self.seats, "robbank_refusal.no_seat", seat=repr(seat))
        require(seat in self.to_act(), "robbank_refusal.not_your_turn", who=_who(self.to_act()[0]))
        if action not in self.legal_actions(seat):
            raise self._refusal(action)
        events: list[Event] = []
        if isinstance(action, Rotate):
            self.turns[action.room] = (self.turns[action.room] + 1) % 4
            events.append(Event("robbank.rotated", {"room": action.room, "turns": self.turns[action.room]}))
            if board.is_open(self.walls()):
                self._furnish(events)
        elif isinstance(action, PlaceCar):
            self._place_car(action.section, events)
        elif isinstance(action, Lay):
            self._lay(action, events)
        else:
            self._play(action, events)
        self._advance(events)
        return events

    def _refusal(self, action: Action) -> Exception:
        """The sentence for a legal-looking move the rules refuse now."""
        from game.engine.api import IllegalAction

        phase_keys = {"explore": "robbank_refusal.explore", "car": "robbank_refusal.car",
                      "plan": "robbank_refusal.plan"}
        if self.phase in phase_keys and not isinstance(action, {"explore": Rotate, "car": PlaceCar,
                                                                   "plan": Lay}[self.phase]):
            return IllegalAction(phase_keys[self.phase])
        if self.phase == "rob" and isinstance(action, (Rotate, PlaceCar, Lay)):
            return IllegalAction("robbank_refusal.not_now")     # the set-up is over: no "not in hand"
        if isinstance(action, Rotate):
            return IllegalAction("robbank_refusal.no_wall", room=action.room + 1)
        if isinstance(action, PlaceCar):
            return IllegalAction("robbank_refusal.car_not_there")
        if isinstance(action, Lay):
            return IllegalAction("robbank_refusal.not_in_hand", who=_who(self._laying()))
        if self.phase != "rob":
            return IllegalAction("robbank_refusal.not_now")
        if isinstance(action, EndTurn):
            return IllegalAction("robbank_refusal.must_move")
        if isinstance(action, (MoveCar, Throw, PassBag, SetOffAlarm)):
            turn = self.turn
            if turn is not None and turn.extra:
                return IllegalAction("robbank_refusal.extra_spent")
            if turn is not None and turn.stack != "bank" and not self._extra_allowed(turn.stack, turn):
                return IllegalAction("robbank_refusal.extra_not_now")
            if isinstance(action, Throw):
                return IllegalAction("robbank_refusal.cannot_throw")
            if isinstance(action, SetOffAlarm):
                return IllegalAction("robbank_refusal.cannot_alarm")
            if isinstance(action, PassBag):
                return IllegalAction("robbank_refusal.cannot_take")
            return IllegalAction("robbank_refusal.not_now")     # the car to a section not beside it
        if isinstance(action, (Grab, Pick, PassBag)):
            return IllegalAction("robbank_refusal.cannot_take")
        if isinstance(action, GuardMove):
            return IllegalAction("robbank_refusal.guard_move")
        return IllegalAction("robbank_refusal.not_on_card")

    # ---- the round's set-up

    def _new_round(self, events: list[Event]) -> None:
        self.round += 1
        tiles = list(data.tiles(self.config.players))
        self.rng.shuffle(tiles)
        self.tiles = [t.id for t in tiles]
        self.turns = [0] * board.ROOMS
        self.guards, self.thieves, self.loot = {}, {}, []
        self.alarm, self.car, self.car_options = None, None, ()
        self.stacks = {s: [] for s in self.stack_order()}
        self.played = {s: 0 for s in self.stack_order()}
        self.hands = {s: [] for s in self.stack_order()}
        self.decks = {s: [] for s in self.stack_order()}
        self.lay_turn = 0
        self.turn = None
        events.append(Event("robbank.round", {"round": self.round, "tiles": list(self.tiles)}, reveal=True))
        self.phase = "explore"
        if board.is_open(self.walls()):
            self._furnish(events)

    def _furnish(self, events: list[Event]) -> None:
        """The pieces on their icons, room by room (loot only while the box has tokens left), then
        the car on the farthest section (or the thieves' choice among the farthest)."""
        tiles = data.all_tiles()
        left = data.LOOT_TOKENS - self.stolen
        guards = iter(GUARDS)
        start = 0
        short = 0
        for room, tile_id in enumerate(self.tiles):
            for icon in tiles[tile_id].icons:
                if icon == "loot":
                    if len(self.loot) < left:
                        self.loot.append(Token(room))
                    else:
                        short += 1
                elif icon == "guard":
                    self.guards[next(guards)] = Figure(room)
                elif icon == "alarm":
                    self.alarm = Alarm(room)
                elif icon == "thieves":
                    start = room
        for thief in self.thieves_order:
            self.thieves[thief] = Figure(start)
        events.append(Event("robbank.furnished", {
            "loot": [t.room for t in self.loot], "guards": {g: f.room for g, f in self.guards.items()},
            "alarm": self.alarm.room if self.alarm else None, "thieves": start, "short": short}))
        options = board.car_starts(start)
        if len(options) == 1:
            self._place_car(options[0], events)
        else:
            self.car_options = options
            self.phase = "car"

    def _place_car(self, section: int, events: list[Event]) -> None:
        self.car = section
        self.car_options = ()
        events.append(Event("robbank.car", {"section": section}))
        self._deal(events)

    def _deal(self, events: list[Event]) -> None:
        self.phase = "plan"
        thieves_seats = frozenset(s for s in self.seats if s != "bank")
        for stack in self.stack_order():
            cards = list(range(data.DECK_SIZE))
            self.rng.shuffle(cards)
            self.hands[stack] = sorted(cards[:HAND])
            self.decks[stack] = cards[HAND:]
            audience = frozenset({"bank"}) if stack == "bank" else thieves_seats
            events.append(Event("robbank.dealt", {"stack": stack, "cards": list(self.hands[stack])},
                                audience=audience, redacted=Event("robbank.dealt", {"stack": stack, "count": HAND}),
                                reveal=True))

    # ---- planning

    def _lay(self, action: Lay, events: list[Event]) -> None:
        self.hands[action.stack].remove(action.card)
        self.stacks[action.stack].append(action.card)
        self.lay_turn += 1
        events.append(Event("robbank.laid", {"stack": action.stack, "card": action.card,
                                             "depth": len(self.stacks[action.stack])}, reveal=True))
        if self.lay_turn >= STACK * len(self.stack_order()):
            self.phase = "rob"
            events.append(Event("robbank.turned_over", {}))

    # ---- robbing

    def _play(self, action: Action, events: list[Event]) -> None:
        turn = self.turn
        assert turn is not None
        if isinstance(action, EndTurn):
            self._end_turn(events)
            return
        if isinstance(action, StandUp):
            self._stand_guards(events, chosen=True)
            self._end_turn(events)
            return
        if isinstance(action, GuardMove):
            guard = self.guards[action.guard]
            starts = dict(turn.starts)
            starts.setdefault(action.guard, guard.room)
            self.guards[action.guard] = replace(guard, room=action.to)
            self.turn = replace(turn, parts=self._use(turn, "move"), started=True, starts=tuple(sorted(starts.items())))
            events.append(Event("robbank.moved", {"figure": action.guard, "from": guard.room, "to": action.to}))
        elif isinstance(action, Tackle):
            thief = self.thieves[action.thief]
            dropped = [i for i, tok in enumerate(self.loot) if tok.carrier == action.thief]
            for i in dropped:
                self.loot[i] = Token(thief.room)
            self.thieves[action.thief] = replace(thief, stunned=True, carrying=0)
            self.turn = replace(turn, parts=self._use(turn, "tackle"), started=True)
            events.append(Event("robbank.tackled", {"guard": action.guard, "thief": action.thief,
                                                    "room": thief.room, "dropped": len(dropped)}))
        elif isinstance(action, Lock):
            if action.token == ALARM:
                assert self.alarm is not None
                self.alarm = replace(self.alarm, locked=True)
            else:
                self.loot[action.token] = replace(self.loot[action.token], locked=True)
            self.turn = replace(turn, parts=self._use(turn, "lock"), started=True)
            events.append(Event("robbank.locked", {"guard": action.guard, "token": action.token,
                                                   "room": self.guards[action.guard].room}))
        elif isinstance(action, (ThiefMove, Vents)):
            me = self.thieves[action.thief]
            self.thieves[action.thief] = replace(me, room=action.to)
            for i, tok in enumerate(self.loot):
                if tok.carrier == action.thief:
                    self.loot[i] = replace(tok, room=action.to)
            kind = "vents" if isinstance(action, Vents) else "move"
            self.turn = replace(turn, parts=self._use(turn, kind), started=True)
            events.append(Event("robbank.moved", {"figure": action.thief, "from": me.room, "to": action.to,
                                                  "vents": kind == "vents"}))
        elif isinstance(action, Grab):
            me = self.thieves[action.thief]
            self.loot[action.token] = Token(me.room, carrier=action.thief)
            self.thieves[action.thief] = replace(me, carrying=me.carrying + 1)
            self.turn = replace(turn, parts=self._use(turn, "grab"), started=True)
            events.append(Event("robbank.grabbed", {"thief": action.thief, "token": action.token, "room": me.room}))
        elif isinstance(action, Pick):
            room = self.thieves[action.thief].room
            if action.token == ALARM:
                assert self.alarm is not None
                self.alarm = replace(self.alarm, locked=False)
            else:
                self.loot[action.token] = replace(self.loot[action.token], locked=False)
            self.turn = replace(turn, parts=self._use(turn, "pick"), started=True)
            events.append(Event("robbank.picked", {"thief": action.thief, "token": action.token, "room": room}))
        elif isinstance(action, Spray):
            guard = self.guards[action.guard]
            self.guards[action.guard] = replace(guard, stunned=True)
            self.turn = replace(turn, parts=self._use(turn, "spray"), started=True)
            events.append(Event("robbank.sprayed", {"thief": action.thief, "guard": action.guard, "room": guard.room}))
        else:
            self._extra(action, turn, events)

    def _use(self, turn: Turn, kind: str) -> tuple[int, ...]:
        part = self._parts_offering(turn, kind)[0]
        return tuple(p for p in turn.parts if p != part)

    def _extra(self, action: Action, turn: Turn, events: list[Event]) -> None:
        closed = turn.started
        self.turn = replace(turn, extra=True, closed=closed)
        thief = action.thief
        me = self.thieves[thief]
        if isinstance(action, MoveCar):
            events.append(Event("robbank.car_moved", {"thief": thief, "from": self.car, "to": action.section}))
            self.car = action.section
        elif isinstance(action, Throw):
            i = next(i for i, tok in enumerate(self.loot) if tok.carrier == thief)
            del self.loot[i]
            self.thieves[thief] = replace(me, carrying=me.carrying - 1)
            self.stolen += 1
            events.append(Event("robbank.thrown", {"thief": thief, "room": me.room, "stolen": self.stolen,
                                                   "target": self.target()}))
            if self.stolen >= self.target():
                self._end(True, "loot_stolen", events)
        elif isinstance(action, PassBag):
            i = next(i for i, tok in enumerate(self.loot) if tok.carrier == thief)
            self.loot[i] = replace(self.loot[i], carrier=action.to)
            other = self.thieves[action.to]
            self.thieves[thief] = replace(me, carrying=me.carrying - 1)
            self.thieves[action.to] = replace(other, carrying=other.carrying + 1)
            events.append(Event("robbank.passed", {"thief": thief, "to": action.to, "room": me.room}))
        elif isinstance(action, SetOffAlarm):
            assert self.alarm is not None
            room = self.alarm.room
            assert room is not None
            came = []
            for g, guard in sorted(self.guards.items()):
                if not guard.stunned and guard.room != room:
                    came.append({"guard": g, "from": guard.room})
                    self.guards[g] = replace(guard, room=room)
            self.alarm = Alarm(None, False)
            events.append(Event("robbank.alarm", {"thief": thief, "room": room, "came": came}))

    def _stand_guards(self, events: list[Event], *, chosen: bool) -> None:
        risen = [g for g, f in sorted(self.guards.items()) if f.stunned]
        for g in risen:
            self.guards[g] = replace(self.guards[g], stunned=False)
        events.append(Event("robbank.stood_up", {"stack": "bank", "figures": risen, "chosen": chosen}))

    def _end_turn(self, events: list[Event]) -> None:
        turn = self.turn
        assert turn is not None
        self.played[turn.stack] += 1
        self.turn = None
        events.append(Event("robbank.turn_end", {"stack": turn.stack}))

    def _end(self, thieves_won: bool, reason: str, events: list[Event]) -> None:
        self.phase = "over"
        self.won = thieves_won
        self.end_reason = reason
        self.turn = None
        events.append(Event("robbank.over", {"thieves_won": thieves_won, "reason": reason,
                                             "stolen": self.stolen, "target": self.target()}))

    def next_stack(self) -> str | None:
        """Whose card comes next: the bank first, then each thief in turn, one card each (None: every
        card is played)."""
        order = self.stack_order()
        least = min(self.played[s] for s in order)
        if least >= min(len(self.stacks[s]) for s in order):
            return None
        return next(s for s in order if self.played[s] == least)

    def _advance(self, events: list[Event]) -> None:
        """Play everything that needs nobody's choice: reveal the next card, stand up a stunned
        thief (or every guard when all are down), end a turn with nothing left to choose, end the
        round and begin the next."""
        while self.phase == "rob" and not self.is_over():
            if self.turn is not None:
                if self.auto_end(events):
                    continue
                return
            stack = self.next_stack()
            if stack is None:
                self._round_end(events)
                continue
            self.reveal(stack, events)

    def auto_end(self, events: list[Event]) -> bool:
        """End the turn under way when nothing is left to choose but ending it; whether it did."""
        assert self.turn is not None
        legal = self._turn_actions(self.owner[self.turn.stack], self.turn)
        if len(legal) == 1 and isinstance(legal[0], EndTurn):
            self._end_turn(events)
            return True
        return False

    def reveal(self, stack: str, events: list[Event]) -> None:
        """Turn up the next card of ``stack``: a stunned thief spends it getting up, and so does the
        bank when every guard is down."""
        number = self.stacks[stack][self.played[stack]]
        events.append(Event("robbank.revealed", {"stack": stack, "card": number,
                                                 "index": self.played[stack]}, reveal=True))
        card = self.card(stack, number)
        self.turn = Turn(stack, number, tuple(range(len(card))))
        if stack == "bank":
            if all(g.stunned for g in self.guards.values()):
                self._stand_guards(events, chosen=False)
                self._end_turn(events)
        elif self.thieves[stack].stunned:
            self.thieves[stack] = replace(self.thieves[stack], stunned=False)
            events.append(Event("robbank.stood_up", {"stack": stack, "figures": [stack], "chosen": False}))
            self._end_turn(events)

    def _round_end(self, events: list[Event]) -> None:
        lost = sum(1 for tok in self.loot if tok.carrier is not None)
        events.append(Event("robbank.round_end", {"round": self.round, "lost": lost, "stolen": self.stolen}))
        if self.round >= ROUNDS:
            self._end(False, "bank_held", events)
            return
        self._new_round(events)

    # ------------------------------------------------------------------------ the rest of the API

    def view(self, seat: str) -> Any:
        from game.robbank.rules.views import make_view

        if seat != TABLE and seat not in self.seats:
            raise ValueError(f"no seat called {seat!r}; this game has {', '.join(self.seats)} and {TABLE!r}")
        return make_view(self, seat)

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        thieves = tuple(s for s in self.seats if s != "bank")
        winners = thieves if self.won else ("bank",)
        return Result(winners=winners, reason=self.end_reason,
                      scores={s: float(self.stolen) for s in self.seats})

    def snapshot(self) -> RobState:
        return copy.deepcopy(self)

    def fork(self) -> RobState:
        """A cheap copy for a computer player's what-ifs: the board and the stacks copied, the
        cards in hand and undrawn shared (the robbery does not touch them), the RNG forked (copied
        when either side first draws)."""
        new = RobState.__new__(RobState)
        new.__dict__.update(self.__dict__)
        new.guards = dict(self.guards)
        new.thieves = dict(self.thieves)
        new.loot = list(self.loot)
        new.stacks = {s: list(c) for s, c in self.stacks.items()}
        new.played = dict(self.played)
        new.turns = list(self.turns)
        new.rng = self.rng.fork()
        return new


def new_game(config: Mapping[str, Any], seed: int) -> RobState:
    """A game's first round: the tiles shuffled into the bank (and, if no room is walled in, the
    pieces placed). What it told is kept in ``opening``, the first events of the game's log
    (:func:`game.engine.api.opening_events`), as a later round's set-up is told by the action that
    ends the round before."""
    cfg = Config.from_mapping(config)
    data.tiles(cfg.players)
    data.deck("guards")
    data.deck("thieves")
    seats = cfg.seats()
    thieves = cfg.thieves()
    owner = {"bank": "bank"}
    for thief in thieves:
        owner[thief] = thief if thief in seats else seats[1]
    state = RobState(config=cfg, rng=Rng(seed), seats=seats, thieves_order=thieves, owner=owner)
    events: list[Event] = []
    state._new_round(events)
    state.opening = tuple(events)
    return state


__all__ = ["Alarm", "COLOURS", "Config", "Figure", "GUARDS", "RobState", "Token", "Turn", "new_game"]
