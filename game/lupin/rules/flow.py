"""Lupin's round engine, the flow of the game: the phases, the bus (phase 3), the rounds and the end.

:class:`Flow` holds these rules as methods of :class:`~game.lupin.rules.state.LupinState`,
which is made of it and the other concerns (state.py is the data and the API).
"""

from __future__ import annotations


from game.engine.api import Event, IllegalAction, Result, Seat, Term
from game.engine.grid import format_coord
from game.lupin.rules import actions as A
from game.lupin.rules import hooks
from game.lupin.rules.pieces import SEATS


class Flow:
    """The flow of the game: a part of :class:`LupinState` (see the module docstring)."""

    def not_your_turn(self, seat: Seat) -> IllegalAction:
        who: str = ", ".join(self.to_act()) or Term("lupin_refusal_core.nobody")
        if self.phase == "gang":
            last = [c for c in self.gang if self.seat_of[c] == seat and self.plays_last(c)
                    and not self.figures[c].turn_done]
            if last:
                return IllegalAction("lupin_refusal_core.plays_last", figure=last[0], who=who)
        return IllegalAction("lupin_refusal_core.not_your_turn", seat=seat, who=who)

    def _do_confirmplan(self, a: A.ConfirmPlan, ev: list[Event]) -> None:
        from game.lupin.rules.planning import confirm_plan
        confirm_plan(self, a, ev)   # checks, the time-out's start squares, the leftovers
        ev.append(Event("plan_confirmed", {"timed_out": a.timed_out}))
        if self.episode_rules.plan_confirmed(self, ev):   # an episode's own planning step follows (cagliostro.py)
            return
        self.start_gang_phase(ev)

    def _start_police_phase(self, ev: list[Event]) -> None:
        self.phase = "police"
        for f in self.figures.values():
            if f.kind != "gang":
                f.moved = f.acted = False
            if f.kind == "zenigata" and f.knocked_out:
                f.knocked_out = False
                f.wounds = 0
        for car in self.cars.values():
            car.driven = False
            if car.spot is None and car.home not in self.occupied():
                car.spot, car.hits = car.home, 0   # a destroyed car is back for the next reinforcements
        ev.append(Event("phase", {"phase": "police", "round": self.round}))

    def start_gang_phase(self, ev: list[Event]) -> None:
        self.phase = "gang"
        self.active = None
        for c in self.gang:
            f = self.figures[c]
            f.moved = f.acted = f.turn_done = False
            f.exposed = False
            f.cards_played = f.devices_used = 0
            if f.escaped:
                f.turn_done = True
        ev.append(Event("phase", {"phase": "gang", "round": self.round}))
        hooks.GANG_PHASE(self, ev)
        self.episode_rules.gang_phase(self, ev)
        if not self.may_start_turn():
            self.end_gang_phase(ev)

    def end_gang_phase(self, ev: list[Event]) -> None:
        self.active = None
        self._episode_phase(ev)
        self.phase = "treasure"
        for c in self.gang:
            self.figures[c].flipped = False
        ev.append(Event("phase", {"phase": "treasure", "round": self.round}))
        hooks.TREASURE_PHASE(self, ev)
        self.episode_rules.treasure_phase(self, ev)   # Stonehenge: the blade taken
        if self.result_ is not None:
            return
        if not self.treasure_seats():
            self.end_round(ev)

    def _episode_phase(self, ev: list[Event]) -> None:
        """Phase 3: the bus moves on to the next stop, carrying anybody inside."""
        if self.cfg.episode != "gran-colpo":
            return
        here = self.bus_squares()
        nxt = None
        for p in self.geo.board.places_of("bus_stop"):
            if p.props.get("round") == self.round + 1:
                nxt = p.squares
        if not here or not nxt:
            return
        for c in self.gang:
            f = self.figures[c]
            if f.spot in here:
                f.spot = nxt[here.index(f.spot)]
                self.note(c, format_coord(here[0]), format_coord(f.spot), "bus")
        ev.append(Event("bus", {"from": [format_coord(s) for s in here], "to": [format_coord(s) for s in nxt]}))

    def end_round(self, ev: list[Event]) -> None:
        if self.check_end(ev, end_of_round=True):
            return
        self.round += 1
        ev.append(Event("round", {"round": self.round}))
        if self.round >= self.alarm_round and any(t.treasure and t.carrier in self.gang for t in self.tiles):
            ev.append(Event("alarm", {"round": self.round}))
        self._start_police_phase(ev)

    def loyal(self) -> list[str]:
        """The members playing for the gang (all of them, but a Fujiko who has betrayed)."""
        out = [c for c in self.gang if not (c == "fujiko" and self.betrayed)]
        for narrow in hooks.LOYAL:   # the expansion's cards
            out = narrow(self, out)
        return self.episode_rules.loyal(self, out)   # cagliostro.py: Fujiko, a traitor or with Zenigata

    def check_end(self, ev: list[Event], end_of_round: bool = False) -> bool:
        """The end of the game, checked after every escape and arrest and after each round."""
        figs = self.figures
        on_board = [c for c in self.gang if not figs[c].escaped and figs[c].arrested_by is None]
        if all(figs[c].arrested_by is not None for c in self.gang):
            return self._finish(ev, ("zenigata",), "all_arrested")
        if self.betrayed and self._escaped_with_treasure("fujiko"):
            return self._finish(ev, ("fujiko",), "fujiko_betrayal")
        if self.cfg.variant == "all-vs-all" and self.treasure_out:
            return self._finish_gang(ev)
        if self.treasure_out and not [c for c in self.loyal() if c in on_board]:
            return self._finish_gang(ev)
        if not on_board and not self.treasure_out:
            return self._finish(ev, ("zenigata",), "escaped_without_treasure")
        if end_of_round and self.round >= self.rounds_total:
            return self._finish(ev, ("zenigata",), "time_up")
        return False

    def _escaped_with_treasure(self, c: str) -> bool:
        return any(t.treasure and t.carrier == c for t in self.tiles) and self.figures[c].escaped

    def _finish_gang(self, ev: list[Event]) -> bool:
        if self.cfg.variant == "all-vs-all":
            from game.lupin.rules.variant import all_vs_all_result
            self.result_ = all_vs_all_result(self)
        else:
            seats = tuple(sorted({self.seat_of[c] for c in self.loyal()}, key=SEATS.index))
            for fn in hooks.WINNERS:
                seats = fn(self, seats, "gang_escaped")
            seats = self.episode_rules.winners(self, seats, "gang_escaped")
            self.result_ = Result(seats, "gang_escaped")
        self.phase = "over"
        ev.append(Event("game_over", {"winners": list(self.result_.winners), "reason": self.result_.reason}))
        return True

    def _finish(self, ev: list[Event], winners: tuple[str, ...], reason: str) -> bool:
        for fn in hooks.WINNERS:   # Fujiko on the police's side (cards.py)
            winners = fn(self, winners, reason)
        winners = self.episode_rules.winners(self, winners, reason)
        self.result_ = Result(winners, reason)
        self.phase = "over"
        ev.append(Event("game_over", {"winners": list(winners), "reason": reason, "treasure_out": self.treasure_out}))
        return True
