"""Lupin's round engine, knowledge and visibility: who is shown on the board, who may talk, which seats know
where a member stands, the police's lines of fire, what a move tells whom, and figures set aside.

:class:`Knowledge` holds these rules as methods of :class:`~game.lupin.rules.state.LupinState`,
which is made of it and the other concerns (state.py is the data and the API).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable

from game.engine.api import TABLE, Event, Seat
from game.engine.grid import Sq
from game.lupin.rules import hooks
from game.lupin.rules.geometry import GANG, PISTOL_RANGE, RIFLE_RANGE, Inside, Spot, Under, spot_to_text
from game.lupin.rules.pieces import BASE_EPISODES, NOVICE_HIDDEN_ROUNDS


class Knowledge:
    """Knowledge and visibility: a part of :class:`LupinState` (see the module docstring)."""

    def is_shown(self, fid: str) -> bool:
        """Whether everybody sees this gang member on the board now."""
        f = self.figures[fid]
        if f.escaped or f.spot is None:
            return False
        if f.arrested_by is not None or f.always_shown:
            return True
        # the expansion's Novice: "i Personaggi della Banda giocano sempre visibili"
        if self.cfg.difficulty == "novice" and (self.cfg.novice_always_visible or self.cfg.episode not in
                                                BASE_EPISODES or self.round > NOVICE_HIDDEN_ROUNDS):
            return True
        if any(hooks.ALL_SHOWN(self)):   # Zenigata's floodlights (cards.py)
            return True
        return f.shown

    def may_talk(self, a: str, b: str) -> bool:
        """Gang members may share what they know when adjacent, in the same vehicle, or over a
        radio this round."""
        if self.episode_rules.apart(self, a, b):   # a member who keeps apart (cagliostro.py: Fujiko)
            return False
        if self.near(a, b):
            return True
        if self.figures[a].spot is None or self.figures[b].spot is None:
            return False
        return any(hooks.TALK(self, a, b))

    def near(self, a: str, b: str) -> bool:
        """Next to each other (or in the same vehicle, or inside the same building)."""
        fa, fb = self.figures[a], self.figures[b]
        if fa.spot is None or fb.spot is None:
            return False
        if fa.in_car and fa.in_car == fb.in_car:
            return True
        if isinstance(fa.spot, Inside) or isinstance(fb.spot, Inside):
            return fa.spot == fb.spot
        if isinstance(fa.spot, Under) or isinstance(fb.spot, Under):
            return False
        return max(abs(fa.spot.row - fb.spot.row), abs(fa.spot.col - fb.spot.col)) <= 1

    def seat_knows_position(self, seat: Seat, fid: str) -> bool:
        f = self.figures[fid]
        if f.kind != "gang" or self.is_shown(fid):
            return True
        if seat == TABLE or seat == "zenigata":
            return False
        own = [c for c in self.gang if self.seat_of[c] == seat]
        if fid in own:
            return True
        return any(self.may_talk(c, fid) for c in own)

    def occupied(self) -> dict[Any, str]:
        """Squares holding a figure everybody sees (police, shown gang members), and cars."""
        occ: dict[Any, str] = {}
        for fid, f in self.figures.items():
            if f.spot is None or isinstance(f.spot, (Inside, Under)) or f.in_car:
                continue
            if f.kind != "gang" or self.is_shown(fid):
                occ[f.spot] = fid
        for car in self.cars.values():
            if car.spot is not None:
                occ[car.spot] = car.id
        for more in hooks.OCCUPIED(self):
            occ.update(more)
        return occ

    def viewers(self, *, exclude: Iterable[str] = ()) -> list[tuple[Spot, int]]:
        """Every police line of fire: (spot, range) of Zenigata, agents, guards, cars with agents."""
        ex = set(exclude)
        out: list[tuple[Spot, int]] = []
        for fid, f in self.figures.items():
            if fid in ex or f.spot is None or f.in_car or f.holding or f.knocked_out:
                continue
            if f.kind == "zenigata" or f.kind == "agent":
                out.append((f.spot, PISTOL_RANGE))
            elif f.kind == "guard":
                out.append((f.spot, RIFLE_RANGE))
        for car in self.cars.values():
            if car.spot is not None and car.agents:
                out.append((car.spot, PISTOL_RANGE))
        return out

    def vehicles(self) -> list[Sq]:
        out = [c.spot for c in self.cars.values() if c.spot is not None]
        for more in hooks.VEHICLES(self):
            out.extend(more)
        return out

    def in_police_sight(self, fid: str) -> bool:
        f = self.figures[fid]
        if f.spot is None or isinstance(f.spot, (Inside, Under)) or self.on_bus(f.spot):
            return False
        if any(hooks.UNSEEN(self, fid)):
            return False
        geo = self.geo
        exposed = [f.spot] if f.exposed else []
        return f.spot in geo.watched(self.viewers(), vehicles=self.vehicles(), exposed=exposed)

    def on_bus(self, spot: Any) -> bool:
        return spot in self.bus_squares()

    def bus_squares(self) -> tuple[Sq, ...]:
        """Where the bus stands: the round's stop, and from phase 3 on (it has moved: phase 4
        and the round's end) the next round's stop, where it carried its riders."""
        if self.cfg.episode != "gran-colpo":
            return ()
        stops = {p.props.get("round"): p.squares for p in self.geo.board.places_of("bus_stop")}
        if self.phase == "treasure" and self.round + 1 in stops and self.round in stops:
            return stops[self.round + 1]
        return stops.get(self.round, ())

    def free_squares_within(self, here: Sq, reach: int) -> list[Sq]:
        """The squares as the crow flies within ``reach`` of ``here`` (the larger of the row and
        column differences) where a gang member could land: on the board, standable, nobody there,
        not the bus (the hang glider's and *Balzo incredibile*'s landings)."""
        board, geo = self.geo.board, self.geo
        occ, bus = self.occupied(), set(self.bus_squares())
        out = []
        for dr in range(-reach, reach + 1):
            for dc in range(-reach, reach + 1):
                sq = Sq(here.row + dr, here.col + dc)
                if sq != here and sq in board and sq not in occ and sq not in bus and geo.can_stand(sq, GANG):
                    out.append(sq)
        return out

    def positions_known(self, seat: Seat) -> dict[str, bool] | None:
        """Which gang members of other seats (and which gang vehicles) ``seat`` knows the square of
        now (None while the gang plans: start squares are told to the whole gang then, so nothing
        is learned by a move)."""
        if self.phase in ("placement", "planning"):
            return None
        from game.lupin.rules.vehicles import seat_knows_vehicle
        known = {c: self.figures[c].spot is not None and self.seat_knows_position(seat, c)
                 for c in self.gang if self.seat_of[c] != seat}
        known.update({vid: seat_knows_vehicle(self, seat, v) for vid, v in self.rides.items()})   # gang vehicles
        return known

    def mark_learned(self, seat: Seat, known: dict[str, bool] | None, ev: list[Event]) -> None:
        """An action that showed its own seat where a member of another seat stands (Zenigata's
        agent spots a hidden member; a gang member steps next to a hidden partner) revealed
        something to that seat, so it ends undo for it: its "spotted" events (else the first
        event it sees) are marked ``reveal``. Undoing it would let a seat look and take it back."""
        if known is None:
            return
        after = self.positions_known(seat) or {}
        learned = {c for c, now in after.items() if now and not known.get(c, False)}
        if not learned or any(e.reveal for e in ev):
            return
        spotted = [i for i, e in enumerate(ev) if (e.kind == "spotted" and e.data.get("figure") in learned)
                   or (e.kind == "vehicle_spotted" and e.data.get("vehicle") in learned)]
        seen = spotted or [next((i for i, e in enumerate(ev) if e.for_seat(seat) is not None), None)]
        if seen == [None]:
            ev.append(Event("seen", {"figures": sorted(learned)}, audience=frozenset({seat}), reveal=True))
            return
        for i in seen:
            ev[i] = dataclasses.replace(ev[i], reveal=True)

    def police_on_hidden(self) -> set[tuple[str, str, Any]]:
        """(member, police figure or car, square) for each hidden member on the square of a
        policeman or a police car: the rulebook lets them share it ("in caso di invisibilità può
        accadere che due personaggi si trovino sulla stessa casella"), and the policeman does not
        see him by standing there (docs/rules-decisions.md, "Lupin — issue 11")."""
        police: dict[Any, list[str]] = {}
        for fid, f in self.figures.items():
            if f.kind in ("zenigata", "agent", "guard") and f.spot is not None and not f.in_car \
                    and not isinstance(f.spot, (Inside, Under)):
                police.setdefault(f.spot, []).append(fid)
        for car in self.cars.values():
            if car.spot is not None:
                police.setdefault(car.spot, []).append(car.id)
        out = set()
        for c in self.gang:
            f = self.figures[c]
            if f.spot is None or f.escaped or f.in_car or self.is_shown(c) or isinstance(f.spot, (Inside, Under)):
                continue
            for who in police.get(f.spot, ()):
                out.add((c, who, f.spot))
        return out

    def tell_police_on_hidden(self, before: set[tuple[str, str, Any]], ev: list[Event]) -> None:
        """A policeman (or a police car) has just stopped on a hidden member's square: the gang
        seats that know where he is are told; the police and the table are told nothing."""
        for c, who, square in sorted(self.police_on_hidden() - before, key=lambda x: (x[0], x[1])):
            ev.append(Event("police_on_hidden", {"figure": c, "police": who, "square": spot_to_text(square)},
                            audience=self.gang_seats_knowing(c)))

    def settle(self, ev: list[Event]) -> None:
        """One figure a square among those on the board: when two gang members are shown on the
        same square (spotted together, carried by the bus, or both placed), the second goes to
        the nearest free square around it (rulebook: "porre il secondo … in una casella adiacente")."""
        hooks.SETTLE(self, ev)
        self.episode_rules.settle(self, ev)
        while True:
            # a police car holds its square too (one stopped on a hidden member who is then spotted)
            seen: dict[Any, str] = {c.spot: c.id for c in self.cars.values() if c.spot is not None}
            clash: tuple[str, Any] | None = None
            for fid, f in self.figures.items():
                if f.spot is None or isinstance(f.spot, (Inside, Under)) or f.in_car:
                    continue
                if f.kind == "gang" and not self.is_shown(fid):
                    continue
                if f.spot in seen:
                    # a gang member moves aside: the one playing now if he is one of them, else the later
                    members = [x for x in (seen[f.spot], fid) if x in self.figures and self.figures[x].kind == "gang"]
                    if members:
                        clash = (self.active if self.active in members else members[-1], f.spot)
                        break
                seen[f.spot] = fid
            if clash is None:
                return
            mover, square = clash
            target = self.free_square_near(square)
            if target is None:
                return
            self.figures[mover].spot = target
            self.note(mover, spot_to_text(square), spot_to_text(target), "aside")
            ev.append(Event("set_aside", {"figure": mover, "from": spot_to_text(square), "to": spot_to_text(target)}))

    def free_square_near(self, square: Sq) -> Sq | None:
        """The nearest square a gang member may stand on that no figure on the board holds, adjacent
        first (ring by ring). Hidden members do not count: they may share a square, and counting
        them would tell everybody where they hide."""
        taken = set(self.occupied())
        geo = self.geo
        for radius in range(1, 4):
            ring = sorted(Sq(square.row + dr, square.col + dc)
                          for dr in range(-radius, radius + 1) for dc in range(-radius, radius + 1)
                          if max(abs(dr), abs(dc)) == radius)
            for sq in ring:
                if sq in geo.board and sq not in taken and geo.can_stand(sq, GANG) \
                        and not geo.board.cell(sq).roof and not self.on_bus(sq):
                    return sq
        return None

    def public_move_event(self, c: str, frm: Spot, to: Spot, was_shown: bool) -> Event:
        data: dict[str, Any] = {"figure": c}
        if was_shown:
            data["from"] = spot_to_text(frm)
        if self.is_shown(c):
            data["to"] = spot_to_text(to)
            data["shown"] = True
        else:
            data["shown"] = False
        return Event("moved", data)

    def team_seats(self, fid: str | None = None) -> frozenset[Seat]:
        """The seats told the gang's secrets (start squares, escapes, planning) - about ``fid``
        when given; an episode may keep a member apart (cagliostro.py: a traitor Fujiko)."""
        seats = frozenset(self.seat_of[c] for c in self.gang)
        return self.episode_rules.team_seats(self, fid, seats)

    def share_tiles(self, ev: list[Event]) -> None:
        """Partners who may talk (next to each other, in the same vehicle, inside the same
        building, or over a radio this round) tell each other what they know of the treasure
        tiles: the rulebook lets the gang tell what was drawn "via radio", out of Zenigata's
        hearing, and talking is what the rules allow side by side too. What one seat knows goes
        on through a partner to the next (a talk is heard by all who take part). Each seat that
        learns a tile is told in its log, and the action that told it ends undo for everybody
        (``reveal``): nobody takes back what a seat has heard. Zenigata and the table hear
        nothing (docs/rules-decisions.md, "What partners tell each other")."""
        if self.phase in ("placement", "planning") or not self.tiles:
            return
        free = [c for c in self.gang if self.figures[c].spot is not None and not self.figures[c].escaped
                and self.figures[c].arrested_by is None]
        seats = {self.seat_of[c] for c in free}
        if len(seats) < 2:
            return
        pairs = [(a, b) for a in free for b in free
                 if self.seat_of[a] != self.seat_of[b] and a < b and self.may_talk(a, b)]
        if not pairs:
            return
        changed = True
        while changed:
            changed = False
            for a, b in pairs:
                for teller, listener in ((a, b), (b, a)):
                    heard = self.seat_of[listener]
                    for t in self.tiles:
                        if self.seat_of[teller] in t.seen_by and heard not in t.seen_by:
                            t.seen_by.add(heard)
                            changed = True
                            ev.append(Event("told", {"from": teller, "to": listener, "tile": t.index,
                                                     "treasure": t.treasure},
                                            audience=frozenset({heard}), reveal=True))

    def gang_seats_knowing(self, c: str) -> frozenset[Seat]:
        seats = {self.seat_of[c]}
        for other in self.gang:
            if other != c and self.may_talk(other, c):
                seats.add(self.seat_of[other])
        return frozenset(seats)

    def police_sees(self, ev: list[Event]) -> None:
        """After a police move: hidden gang members now in a line of fire are spotted."""
        for c in self.gang:
            f = self.figures[c]
            if f.spot is None or f.escaped or self.is_shown(c):
                continue
            if self.in_police_sight(c):
                f.shown = True
                ev.append(Event("spotted", {"figure": c, "square": spot_to_text(f.spot)}))
