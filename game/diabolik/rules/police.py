"""The sequence the rules play by themselves: a turn ending, the police phase (the station's d8,
then Ginko, Morrigan and the agents by the activation card's side) and the next round.

It is a queue of steps (:data:`core.Step`) run one after the other; a step that needs the
criminals' choice stores it (with whatever was already rolled) and stops; ``Choose`` applies the
option and runs the rest. The queue is public (the view's ``queue``), so a state rebuilt from a
view resumes exactly where the real one would."""

from __future__ import annotations

from typing import Any

from game.engine.api import Event
from game.diabolik.rules import data
from game.diabolik.rules.core import Core, Step
from game.diabolik.rules.table import (
    ACTIONS_PER_TURN, AGENTS, CHASE_STEPS, DETECTIVES, GROUPS, POLICE, RING, ROADBLOCKS, edge, neighbours,
    norm, steps_toward,
)

INVESTIGATING = ("toward_clue", "toward_criminal", "patrol")


class PolicePhase(Core):
    """The steps of the sequence, and the choices that resume it."""

    def _run(self, events: list[Event]) -> None:
        """Play the queue until it is empty, a choice is pending or the game is over."""
        while self.queue and self.pending is None and not self.is_over():
            self._do_step(self.queue.pop(0), events)
        if self.is_over():
            self.queue.clear()      # what a step meant to do after the danger ended the game is not played
        else:
            self.phase = "choice" if self.pending is not None else "criminals"

    def _do_step(self, step: Step, events: list[Event]) -> None:
        name, args = step[0], step[1:]
        if name == "enter":
            self._enter(args[0], events)
        elif name == "end_turn":
            self._end_turn(args[0], events)
        elif name == "station":
            self._station(events)
        elif name == "roadblock":
            self._roadblock(events)
        elif name == "activate":
            self._activate(args[0], events)
        elif name == "investigate":
            self._investigate(args[0], events)
        elif name == "chase":
            self._toward(args[0], self.fugitives(), "chase", "fugitive", int(args[1]), events)
        elif name == "round":
            self._next_round(events)
        else:
            raise ValueError(f"unknown step {name!r}")

    def _push(self, *steps: Step) -> None:
        """Play these steps next, before the rest of the queue."""
        self.queue[0:0] = list(steps)

    # ------------------------------------------------------------------------ turns and rounds

    def _end_turn(self, seat: str, events: list[Event]) -> None:
        events.append(Event("diabolik.turn_ended", {"who": seat}))
        self.done = (*self.done, seat)
        rest = [s for s in self.seats if s not in self.done]
        self.actions_left = ACTIONS_PER_TURN
        self.sighted = False
        if rest:
            self.turn = rest[0]
            return
        self.turn = None
        self.queue.extend([("station",), *(("activate", w) for w in POLICE if w in self.police), ("round",)])

    def _next_round(self, events: list[Event]) -> None:
        self.round += 1
        self.leader = self.turn = None
        self.done = ()
        self.actions_left = ACTIONS_PER_TURN
        self.sighted = False
        events.append(Event("diabolik.round", {"round": self.round}))
        for seat in self.seats:
            if self.criminals[seat].on_the_run:
                self._raise(1, "on_the_run", events, who=seat)

    # ------------------------------------------------------------------------ the station

    def _station(self, events: list[Event]) -> None:
        roll = self.rng.below(8) + 1
        self.last_roll = roll
        result = data.station()[roll]
        said: dict[str, Any] = {"roll": roll, "effect": result.effect}
        if result.effect == "danger":
            said["n"] = result.n
        if result.effect == "activate":
            said["who"] = list(result.who)
        events.append(Event("diabolik.station", said, reveal=True))
        if result.effect == "danger":
            self._raise(result.n, "station", events)
        elif result.effect == "roadblock":
            self._push(("roadblock",))
        elif result.effect == "activate":
            self._push(*(("activate", w) for group in result.who for w in GROUPS[group] if w in self.police))
        elif result.effect == "clue":
            self._push(("enter", "clue"))

    def _roadblock(self, events: list[Event]) -> None:
        at = self.rng.below(RING)
        moved_from = self.roadblocks.pop(0) if len(self.roadblocks) >= ROADBLOCKS else None
        options = tuple(sorted(q for q in neighbours(at) if edge(at, q) not in self.roadblocks))
        if len(options) == 1:
            self._place_roadblock(at, options[0], moved_from, events)
        else:
            self._ask("roadblock_side", options, {"at": at, "moved_from": moved_from}, events, reveal=True)

    def _place_roadblock(self, at: int, other: int, moved_from: tuple[int, int] | None,
                         events: list[Event]) -> None:
        placed = edge(at, other)
        self.roadblocks.append(placed)
        events.append(Event("diabolik.roadblock_placed", {
            "edge": list(placed), "at": at, "moved_from": list(moved_from) if moved_from else None}, reveal=True))

    # ------------------------------------------------------------------------ the policemen

    def _activate(self, who: str, events: list[Event]) -> None:
        """One policeman acts by the activation card's side as it lies now."""
        if who not in self.police:
            return
        at = self.police[who]
        fugitives = self.fugitives()
        if fugitives:
            if at in fugitives:
                events.append(Event("diabolik.police_stayed", {"who": who, "at": at, "reason": "with_fugitive"}))
                self._raise(1, "caught_up", events, who=who)
            else:
                self._toward(who, fugitives, "chase", "fugitive", CHASE_STEPS, events)
            return
        if who in AGENTS:
            self._police_move(who, norm(at + (1 if who == "blue" else -1)), "patrol", None, 1, events)
            return
        assert who in DETECTIVES
        if at in self.clues:
            self.clues.remove(at)
            events.append(Event("diabolik.police_stayed", {"who": who, "at": at, "reason": "on_clue"}))
            events.append(Event("diabolik.clue_found", {"who": who, "at": at}))
            self._raise(1, "clue_found", events, who=who)
            self._push(("enter", "clue"), ("investigate", who))
        elif self.clues:
            self._toward(who, self.clues, "toward_clue", "clue", 1, events)
        else:
            criminals = [self.criminals[s].pos for s in self.seats]
            if at in criminals:
                self._push(("investigate", who))
            else:
                self._toward(who, criminals, "toward_criminal", "criminal", 1, events)

    def _toward(self, who: str, targets: list[int], reason: str, toward: str, steps_left: int,
                events: list[Event]) -> None:
        """One step toward the nearest target; the criminals choose between ways that differ."""
        steps = steps_toward(self.police[who], targets)
        if not steps:
            return
        if len(steps) == 1:
            (to, target), = steps.items()
            self._police_move(who, to, reason, target, steps_left, events)
            return
        self._ask("police_step", tuple(steps), {
            "who": who, "toward": toward, "reason": reason, "targets": tuple(steps.values()),
            "steps_left": steps_left}, events)

    def _police_move(self, who: str, to: int, reason: str, target: int | None, steps_left: int,
                     events: list[Event]) -> None:
        frm = self.police[who]
        self.police[who] = to
        events.append(Event("diabolik.police_moved",
                            {"who": who, "from": frm, "to": to, "reason": reason, "target": target}))
        if reason in INVESTIGATING:
            self._push(("investigate", who))
        elif reason == "chase" and steps_left > 1 and to not in self.fugitives():
            self._push(("chase", who, steps_left - 1))

    def _investigate(self, who: str, events: list[Event]) -> None:
        at = self.police[who]
        found = [s for s in self.seats if self.criminals[s].pos == at and not self.criminals[s].on_the_run]
        events.append(Event("diabolik.investigated", {"who": who, "at": at, "found": found}))
        for seat in found:
            self._set_pawn(seat, on_the_run=True)
            events.append(Event("diabolik.discovered", {"who": seat, "at": at, "by": who}))

    # ------------------------------------------------------------------------ choices

    def _resolve(self, option: int, events: list[Event]) -> None:
        """Apply the criminals' answer to the pending choice, then play on."""
        pending = self.pending
        assert pending is not None
        at = pending.options[option]
        ctx = pending.context
        self.pending = None
        said: dict[str, Any] = {"kind": pending.kind, "option": option, "at": at}
        if "who" in ctx:
            said["who"] = ctx["who"]
        events.append(Event("diabolik.chose", said))
        if pending.kind in ("slide_loot", "slide_clue"):
            self._place(str(ctx["card"]), at, int(ctx["rolled"]), events)
        elif pending.kind == "roadblock_side":
            moved = ctx.get("moved_from")
            self._place_roadblock(int(ctx["at"]), at, (int(moved[0]), int(moved[1])) if moved else None, events)
        elif pending.kind == "police_step":
            self._police_move(str(ctx["who"]), at, str(ctx["reason"]), int(ctx["targets"][option]),
                              int(ctx["steps_left"]), events)
        self._run(events)
