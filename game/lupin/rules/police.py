"""Lupin's round engine, the police: placement at set-up, police moves and reinforcements (cars from the
station or appearing, driving, agents getting out), arrests and Zenigata knocked out.

:class:`Police` holds these rules as methods of :class:`~game.lupin.rules.state.LupinState`,
which is made of it and the other concerns (state.py is the data and the API).
"""

from __future__ import annotations

from typing import Any

from game.engine.api import Action, Event, Seat, require
from game.engine.grid import Sq, format_coord, parse_coord
from game.lupin.rules import actions as A, hooks
from game.lupin.rules.boards import episode as episode_info
from game.lupin.rules.characters import zenigata_return
from game.lupin.rules.geometry import POLICE, ZENIGATA, Inside, Spot, Under, spot_to_text
from game.lupin.rules.pieces import AGENTS_PLACED, CAR_CAPACITY, CAR_MOVE, Car


class Police:
    """The police: a part of :class:`LupinState` (see the module docstring)."""

    def placement_squares(self) -> list[Sq]:
        geo, occ = self.geo, self.occupied()
        lo, hi = episode_info(self.cfg.episode).police_columns or (1, geo.board.cols)
        kind = ZENIGATA if self.next_to_place() == "zenigata" else POLICE   # he may stand among the stones
        out = [sq for sq in geo.board.squares()
               if lo - 1 <= sq.col <= hi - 1 and sq not in occ and geo.can_stand(sq, kind)
               and not geo.board.cell(sq).roof and not any(p.kind == "police_parking" for p in geo.board.places_at(sq))]
        return self.episode_rules.placement_squares(self, out)   # cagliostro.py: the site's dirt only

    def next_to_place(self) -> str:
        if self.figures["zenigata"].spot is None:
            return "zenigata"
        placed = len(self.agents_on_board())
        return f"agent-{placed + 1}"

    def police_move_targets(self, fid: str) -> list[Spot]:
        f = self.figures[fid]
        if f.moved or f.holding or f.knocked_out or f.in_car or f.kind == "guard" or f.spot is None:
            return []
        kind = ZENIGATA if f.kind == "zenigata" else POLICE
        occ = self.occupied()
        police_squares = {s for s, who in occ.items() if who in self.figures and self.figures[who].kind != "gang"}
        blocked = [s for s in occ if s not in police_squares]
        r = self.geo.reach(f.spot, self.allowance(fid), kind, blocked=blocked, no_stop=police_squares,
                           state=self.board_state())
        return [s for s in r.cost if s != f.spot]

    def police_actions(self, seat: Seat) -> list[Action]:
        out: list[Action] = []
        for fid in self.on_board_police():
            f = self.figures[fid]
            for s in self.police_move_targets(fid):
                out.append(A.Move(seat, fid, spot_to_text(s)))
            if not f.acted and not f.holding and not f.knocked_out and not f.in_car:
                for target in self.shoot_targets(fid):
                    out.append(A.Shoot(seat, fid, target, self.weapon_of(fid)))
                for target in self.melee_targets(fid):
                    out.append(A.Melee(seat, fid, target))
        for fid in self.shooters_in_cars():   # every agent aboard a car may shoot from it
            if not self.figures[fid].acted:
                for target in self.shoot_targets(fid):
                    out.append(A.Shoot(seat, fid, target, self.weapon_of(fid)))
        out.extend(self._reinforcement_actions(seat))
        out.append(A.EndTurn(seat, "police"))
        return out

    def _reinforcement_actions(self, seat: Seat) -> list[Action]:
        """With 5 agents or fewer on the board a parked car may take 1-4 agents from the reserve and
        drive out from the parking; with 3 or fewer it may appear on I18, G15 or E20 instead."""
        out: list[Action] = []
        on_board = len(self.agents_on_board()) + self.agents_in_cars()
        reserve = len(self.reserve_agents())
        occ = self.occupied()
        for car in self.cars.values():
            if car.spot is None:
                continue
            parked = car.spot == car.home and not car.agents
            if parked and reserve > 0:
                loads = range(1, min(CAR_CAPACITY, reserve) + 1)
                if on_board <= 5:
                    out.extend(A.CarFromStation(seat, car.id, n) for n in loads)
                if on_board <= 3:
                    more = self.episode_rules.reinforcement_squares(self)
                    for sq in [*self.geo.board.squares_of("reinforcement"), *more]:
                        if sq not in occ:
                            out.extend(A.CarAppears(seat, car.id, format_coord(sq), n) for n in loads)
            elif car.agents:
                if not car.driven:
                    out.extend(A.Drive(seat, car.id, format_coord(sq)) for sq in self._car_targets(car))
                out.extend(A.Unload(seat, car.id, format_coord(sq)) for sq in self._unload_squares(car))
        return out

    def _car_targets(self, car: Car) -> list[Sq]:
        """Road squares a police car can reach with up to 12 squares: through police, never
        through a shown gang member or another vehicle, never stopping on a bus stop."""
        from collections import deque
        board = self.geo.board
        occ = self.occupied()
        police = {s for s, who in occ.items() if who in self.figures and self.figures[who].kind != "gang"}
        best = {car.spot: 0}
        q = deque([car.spot])
        while q:
            cur = q.popleft()
            for nb in cur.neighbours4():
                if nb not in board or nb in best or best[cur] + 1 > CAR_MOVE:
                    continue
                if board.cell(nb).terrain not in ("road", "bridge"):
                    continue
                if nb in occ and nb not in police:
                    continue
                best[nb] = best[cur] + 1
                q.append(nb)
        bus = set(board.squares_of("bus_stop"))
        return [s for s in best if s != car.spot and s not in occ and s not in bus]

    def _unload_squares(self, car: Car) -> list[Sq]:
        """Free squares around the car, but not the parking, where the empty car goes back."""
        occ = self.occupied()
        homes = {c.home for c in self.cars.values()}
        return [s for s in car.spot.neighbours8() if s in self.geo.board and s not in occ and s not in homes
                and self.geo.can_stand(s, POLICE) and not self.geo.board.cell(s).roof]

    def _do_place(self, a: A.Place, ev: list[Event]) -> None:
        require(self.phase == "placement", "lupin_refusal_core.placement_over")
        fid = self.next_to_place()
        require(a.figure == fid, "lupin_refusal_core.place_next", figure=fid)
        sq = self.parse_square(a.square)
        require(sq in set(self.placement_squares()), "lupin_refusal_core.placement_square", square=a.square,
                columns="-".join(map(str, episode_info(self.cfg.episode).police_columns or ())))
        self.figures[fid].spot = sq
        ev.append(Event("placed", {"figure": fid, "square": a.square}))
        if len(self.agents_on_board()) == AGENTS_PLACED:
            self.phase = "planning"
            ev.append(Event("phase", {"phase": "planning", "round": self.round}))
            from game.lupin.rules.planning import start_planning
            start_planning(self, ev)   # budget, shop, free tiles; all against all: the dice

    def zenigata_out(self, ev: list[Event]) -> None:
        z = self.figures["zenigata"]
        options = zenigata_return(self.cfg.episode)
        spot: Spot | None = None
        for opt in options:
            if opt == "station":
                station = next((b for b in self.geo.board.buildings.values() if b.props.get("police")), None)
                spot = Inside(station.name) if station else None
            else:
                spot = parse_coord(opt)
            if spot is not None and spot not in self.occupied():
                break
        z.spot, z.knocked_out, z.moved, z.acted = spot, True, True, True
        ev.append(Event("zenigata_out", {"to": spot_to_text(spot) if spot else None}))

    def arrest(self, c: str, ev: list[Event]) -> None:
        f = self.figures[c]
        # the nearest agent on the board holds him; with none, one comes from the reserve
        spot = f.spot if not isinstance(f.spot, (Inside, Under)) else None
        while True:
            agents = [a for a in self.agents_on_board() if not self.figures[a].holding]
            holder = None
            if agents and spot is not None:
                holder = min(agents, key=lambda a: (self._dist(self.figures[a].spot, spot), a))
            elif agents:
                holder = agents[0]
            elif self.reserve_agents():
                holder = self.reserve_agents()[0]
            # a disguised member never holds his partner: he is unmasked, and the next agent holds him
            if holder is None or not any(hooks.HOLDING(self, holder, ev)):
                break
        if holder is not None and spot is not None:
            free = [s for s in spot.neighbours4() if s in self.geo.board and s not in self.occupied()
                    and self.geo.can_stand(s, POLICE)]
            if free:
                self.figures[holder].spot = min(free)
            elif self.figures[holder].spot is None:
                self.figures[holder].spot = spot
        f.arrested_by = holder or "zenigata"
        f.shown = True
        if holder:
            self.figures[holder].holding = c
        ev.append(Event("arrested", {"figure": c, "by": f.arrested_by}))
        self.note(c, spot_to_text(f.spot), spot_to_text(f.spot), "arrested")
        for t in self.tiles:
            if t.carrier == c:
                self.treasure_to_zenigata(t, ev)
        self.check_end(ev)

    def _dist(self, a: Any, b: Any) -> int:
        if not isinstance(a, tuple) or isinstance(a, (Inside, Under)) or not isinstance(b, tuple):
            return 999
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def _do_carfromstation(self, a: A.CarFromStation, ev: list[Event]) -> None:
        require(a in self._reinforcement_actions(a.seat) and self.phase == "police",
                "lupin_refusal_core.car_from_station")
        car = self.cars[a.car]
        self._board_agents(car, a.agents)
        ev.append(Event("car_out", {"car": a.car, "square": format_coord(car.spot), "agents": a.agents}))

    def _do_carappears(self, a: A.CarAppears, ev: list[Event]) -> None:
        require(a in self._reinforcement_actions(a.seat) and self.phase == "police", "lupin_refusal_core.car_appears")
        car = self.cars[a.car]
        car.spot = parse_coord(a.square)
        car.driven = True
        self._board_agents(car, a.agents)
        ev.append(Event("car_out", {"car": a.car, "square": a.square, "agents": a.agents}))

    def _board_agents(self, car: Car, n: int) -> None:
        for agent in self.reserve_agents()[:n]:
            self.figures[agent].in_car = car.id
            car.agents.append(agent)

    def _do_drive(self, a: A.Drive, ev: list[Event]) -> None:
        require(self.phase == "police" and a.car in self.cars, "lupin_refusal_core.cars_drive_in_police_phase")
        car = self.cars[a.car]
        require(car.spot is not None and car.agents, "lupin_refusal_core.car_no_driver", car=a.car)
        require(not car.driven, "lupin_refusal_core.car_already_moved", car=a.car)
        to = self.parse_square(a.to)
        require(to in set(self._car_targets(car)), "lupin_refusal_core.car_cannot_reach", car=a.car, square=a.to)
        frm = car.spot
        car.spot, car.driven = to, True
        ev.append(Event("drove", {"car": a.car, "from": format_coord(frm), "to": a.to}))
        hooks.MOVED(self, a.car, frm, to, ev)
        self.police_sees(ev)

    def _do_unload(self, a: A.Unload, ev: list[Event]) -> None:
        require(self.phase == "police" and a.car in self.cars, "lupin_refusal_core.unload_in_police_phase")
        car = self.cars[a.car]
        require(car.spot is not None and car.agents, "lupin_refusal_core.car_empty", car=a.car)
        sq = self.parse_square(a.square)
        require(sq in set(self._unload_squares(car)), "lupin_refusal_core.unload_square", square=a.square, car=a.car)
        agent = car.agents.pop(0)
        ag = self.figures[agent]
        ag.in_car, ag.spot, ag.moved = None, sq, True
        ev.append(Event("unloaded", {"car": a.car, "figure": agent, "square": a.square}))
        hooks.MOVED(self, agent, None, sq, ev)   # None: out of a car, straight onto the square
        if not car.agents and car.home not in self.occupied():
            car.spot, car.hits = car.home, 0   # the empty car goes back to its parking square
            ev.append(Event("car_back", {"car": a.car}))
        self.police_sees(ev)
