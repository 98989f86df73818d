"""The criminals' phase and the rules API: ``new_game``, ``DiabolikState`` (to_act, legal_actions,
apply, view, is_over, result) and ``state_from_view``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.api import TABLE, Action, Event, Result, Term, check_action, require
from game.engine.rng import Rng
from game.diabolik.rules import data
from game.diabolik.rules.actions import ACTIONS, Bank, Choose, EndTurn, Hide, Move, TakeLoot
from game.diabolik.rules.core import Config
from game.diabolik.rules.police import PolicePhase
from game.diabolik.rules.table import (
    CLUE_CARDS, LOCATION_IDS, LOOT_CARDS, POLICE, RING, STARTING_CLUES, STARTING_LOOT, PendingChoice, Pawn, dist, edge,
    neighbours,
)
from game.diabolik.rules.views import DiabolikView, cost_of_move


def _who(seat: str) -> Term:
    return Term(f"diabolik.who.{seat}")


class DiabolikState(PolicePhase):
    """A game of Quadruplo furto (the data in :class:`core.Core`, the sequence in :class:`PolicePhase`)."""

    # ------------------------------------------------------------------------ the protocol

    def to_act(self) -> tuple[str, ...]:
        if self.is_over():
            return ()
        if self.pending is not None:
            return (self.pending.seat,)
        if self.turn is not None:
            return (self.turn,)
        return tuple(s for s in self.seats if s not in self.done)

    def legal_actions(self, seat: str) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.pending is not None:
            return [Choose(seat, i) for i in range(len(self.pending.options))]
        pawn = self.criminals[seat]
        actions: list[Action] = [Move(seat, to) for to in sorted(set(neighbours(pawn.pos)))]
        if pawn.on_the_run and not self.police_at(pawn.pos):
            actions.append(Hide(seat))
        if not pawn.on_the_run and pawn.pos in self.loot:
            actions.append(TakeLoot(seat))
        if not pawn.on_the_run and pawn.pos == self.hideout and pawn.carrying:
            actions.append(Bank(seat))
        actions.append(EndTurn(seat))
        return actions

    def apply(self, action: Action) -> list[Event]:
        # Every check comes before the first change, so a refused action changes nothing.
        check_action(action)
        require(not self.is_over(), "diabolik_refusal.over")
        require(isinstance(action, ACTIONS), "diabolik_refusal.not_a_move")
        seat = action.seat
        require(seat in self.seats, "diabolik_refusal.no_seat", seat=repr(seat))
        events: list[Event] = []
        if isinstance(action, Choose):
            pending = self.pending
            require(pending is not None, "diabolik_refusal.no_choice")
            assert pending is not None
            require(seat == pending.seat, "diabolik_refusal.not_your_choice", who=_who(pending.seat))
            require(0 <= action.option < len(pending.options), "diabolik_refusal.bad_option",
                    option=action.option, count=len(pending.options))
            self._resolve(action.option, events)
            return events
        require(self.pending is None, "diabolik_refusal.choice_pending", who=_who(self.chooser()))
        require(seat not in self.done, "diabolik_refusal.turn_done", who=_who(seat))
        require(seat in self.to_act(), "diabolik_refusal.not_your_turn", who=_who(self.turn or seat))
        pawn = self.criminals[seat]
        if isinstance(action, Move):
            require(0 <= action.to < RING, "diabolik_refusal.off_board", to=action.to + 1)
            require(dist(pawn.pos, action.to) == 1, "diabolik_refusal.not_adjacent",
                    place=Term(f"diabolik.place.{self.locations[action.to]}"))
        elif isinstance(action, Hide):
            require(pawn.on_the_run, "diabolik_refusal.already_hidden")
            require(not self.police_at(pawn.pos), "diabolik_refusal.police_here")
        elif isinstance(action, TakeLoot):
            require(not pawn.on_the_run, "diabolik_refusal.loot_on_the_run")
            require(pawn.pos in self.loot, "diabolik_refusal.no_loot_here")
        elif isinstance(action, Bank):
            require(not pawn.on_the_run, "diabolik_refusal.bank_on_the_run")
            require(pawn.pos == self.hideout, "diabolik_refusal.not_at_hideout")
            require(pawn.carrying > 0, "diabolik_refusal.nothing_to_bank")
        # ---- every check passed: play it
        if self.leader is None:
            self.leader = seat
        self.turn = seat
        if isinstance(action, EndTurn):
            self.queue.append(("end_turn", seat))
        else:
            self.actions_left -= 1
            if isinstance(action, Move):
                self._move(seat, action.to, events)
            elif isinstance(action, Hide):
                self._set_pawn(seat, on_the_run=False)
                events.append(Event("diabolik.hid", {"who": seat, "at": pawn.pos}))
            elif isinstance(action, TakeLoot):
                self.loot.remove(pawn.pos)
                self._set_pawn(seat, carrying=pawn.carrying + 1)
                events.append(Event("diabolik.took_loot", {"who": seat, "at": pawn.pos}))
                self.queue.append(("enter", "loot"))
            elif isinstance(action, Bank):
                self._set_pawn(seat, carrying=0)
                self.banked += pawn.carrying
                events.append(Event("diabolik.banked", {"who": seat, "count": pawn.carrying, "banked": self.banked}))
                if self.banked >= LOOT_CARDS:
                    self._end(True, "loot_home", events)
            if self.actions_left <= 0 and not self.is_over():
                self.queue.append(("end_turn", seat))
        self._run(events)
        return events

    def _move(self, seat: str, to: int, events: list[Event]) -> None:
        pawn = self.criminals[seat]
        cost = cost_of_move(pawn, to, self.police.values(), self.roadblocks, self.config.diabolika, self.sighted)
        self._set_pawn(seat, pos=to)
        events.append(Event("diabolik.moved", {"who": seat, "from": pawn.pos, "to": to}))
        if cost.breaks_roadblock is not None:
            self.roadblocks.remove(cost.breaks_roadblock)
            events.append(Event("diabolik.roadblock_broken", {"who": seat, "edge": list(cost.breaks_roadblock)}))
        if cost.sighting:
            if not self.config.diabolika:
                self.sighted = True
            events.append(Event("diabolik.sighting", {"who": seat, "at": to, "danger": cost.danger}))
            self._raise(cost.danger, "sighting", events, who=seat)

    def view(self, seat: str) -> DiabolikView:
        if seat != TABLE and seat not in self.seats:
            raise ValueError(f"no seat called {seat!r}; this game has {', '.join(self.seats)} and {TABLE!r}")
        pending = self.pending
        if pending is not None:
            pending = PendingChoice(pending.kind, tuple(pending.options), dict(pending.context), pending.seat)
        return DiabolikView(
            seat=seat, seats=self.seats, locations=self.locations, hideout=self.hideout,
            criminals=dict(self.criminals), police=dict(self.police), loot=tuple(self.loot),
            clues=tuple(self.clues), loot_left=self.loot_left, clues_left=self.clues_left, banked=self.banked,
            roadblocks=tuple(self.roadblocks), danger=self.danger, danger_max=self.danger_max, round=self.round,
            phase=self.phase, leader=self.leader, turn=self.turn, done=self.done, actions_left=self.actions_left,
            sighted=self.sighted, pending=pending, to_act=self.to_act(), diabolika=self.config.diabolika,
            last_roll=self.last_roll, result=self.result(), queue=tuple(self.queue))

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        # Co-operative: each seat's score is the loot the pair brought home.
        return Result(winners=self.seats if self.won else (), reason=self.end_reason,
                      scores={seat: self.banked for seat in self.seats})

    def snapshot(self) -> DiabolikState:
        import copy

        return copy.deepcopy(self)


def new_game(config: Mapping[str, Any], seed: int) -> DiabolikState:
    """Set up the table with the game's own RNG: the row shuffled, Ginko at Clerville, Morrigan
    (two players) and the agents at random, the hideout at random with the criminals, two loot in
    the shadow and two clues revealed (sliding; a tie there is the first choice, the first seat's)."""
    cfg = Config.from_mapping(config)
    rng = Rng(seed)
    data.locations()   # the names must be there; the row is shuffled from the fixed ids
    locations = tuple(rng.shuffled(LOCATION_IDS))
    police = {"ginko": locations.index("clerville")}
    for who in POLICE[1:]:
        if who == "morrigan" and cfg.players == 1:
            continue
        police[who] = rng.below(RING)
    hideout = rng.below(RING)
    seats = cfg.seats()
    state = DiabolikState(
        config=cfg, rng=rng, seats=seats, locations=locations, hideout=hideout,
        criminals={s: Pawn(hideout, False, 0) for s in seats}, police=police, loot=[], clues=[],
        loot_left=LOOT_CARDS, clues_left=CLUE_CARDS,
        danger_max=data.danger_max() if cfg.players > 1 else data.solo_danger_max(),
        queue=[*(("enter", "loot"),) * STARTING_LOOT, *(("enter", "clue"),) * STARTING_CLUES])
    events: list[Event] = []
    state._run(events)
    state.opening = tuple(events)   # the log's first lines (game.engine.api.opening_events)
    return state


def state_from_view(view: DiabolikView, rng: Rng) -> DiabolikState:
    """The state a view shows, with ``rng`` for the dice (everything is public but the RNG): equal to
    the real one when ``rng`` is in the real one's position (what a searching bot needs)."""
    players = len(view.seats)
    cfg = Config(players=players, character=view.seats[0] if players == 1 else "diabolik",
                 diabolika=view.diabolika)
    pending = view.pending
    if pending is not None:
        pending = PendingChoice(pending.kind, tuple(pending.options), dict(pending.context), pending.seat)
    result = view.result
    return DiabolikState(
        config=cfg, rng=rng, seats=tuple(view.seats), locations=tuple(view.locations), hideout=view.hideout,
        criminals=dict(view.criminals), police=dict(view.police), loot=list(view.loot), clues=list(view.clues),
        loot_left=view.loot_left, clues_left=view.clues_left, danger_max=view.danger_max, banked=view.banked,
        roadblocks=[edge(*e) for e in view.roadblocks], danger=view.danger, round=view.round, phase=view.phase,
        leader=view.leader, turn=view.turn, done=tuple(view.done), actions_left=view.actions_left,
        sighted=view.sighted, pending=pending, queue=list(view.queue), last_roll=view.last_roll,
        won=None if result is None else bool(result.winners), end_reason="" if result is None else result.reason)
