"""Lupin's round engine, combat: weapons, ranges, whom a figure may shoot or fight, the rolls, wounds,
eliminations, cars hit, and Fujiko's betrayal.

:class:`Combat` holds these rules as methods of :class:`~game.lupin.rules.state.LupinState`,
which is made of it and the other concerns (state.py is the data and the API).
"""

from __future__ import annotations

from typing import Any

from game.engine.api import Event, Seat, Term, require
from game.lupin.rules import actions as A, hooks
from game.lupin.rules.geometry import PISTOL_RANGE, POLICE, RIFLE_RANGE, Inside, Under, spot_to_text
from game.lupin.rules.pieces import BETRAYAL_CARD, CAR_HIT_ROLL, CAR_HITS, HIT_ROLL, LIBERATORS


class Combat:
    """Combat: a part of :class:`LupinState` (see the module docstring)."""

    def weapon_of(self, fid: str) -> str:
        return "rifle" if self.figures[fid].kind == "guard" else "pistol"

    def range_of(self, fid: str, weapon: str) -> int:
        return RIFLE_RANGE if weapon == "rifle" else PISTOL_RANGE

    def attack_spot(self, fid: str) -> Any:
        """Where ``fid`` shoots from: his square, or the square of the police car he rides in
        ("Gli agenti in auto possono tutti sparare"); None when he cannot shoot from where he is."""
        f = self.figures[fid]
        if f.in_car:
            car = self.cars.get(f.in_car) if f.kind == "agent" else None
            return car.spot if car is not None else None
        return f.spot

    def shooters_in_cars(self) -> list[str]:
        """The agents aboard a police car on the board: each may shoot from the car's square."""
        return [a for car in self.cars.values() if car.spot is not None for a in car.agents]

    def shoot_targets(self, fid: str) -> list[str]:
        f = self.figures[fid]
        weapon = self.weapon_of(fid)
        skill = self.sheet_of(fid).skill(weapon)
        origin = self.attack_spot(fid)
        if skill <= 0 or origin is None or isinstance(origin, Under):
            return []
        if not all(hooks.MAY_SHOOT(self, fid)):
            return []
        rng = self.range_of(fid, weapon)
        geo = self.geo
        out = []
        vehicles = [v for v in self.vehicles() if v != origin]   # his own car does not block him
        for tid in self.enemies_of(fid):
            t = self.figures[tid]
            s = geo.sight(origin, t.spot, rng, vehicles=[v for v in vehicles if v != t.spot],
                          exposed=t.exposed)
            if s.seen and s.can_shoot:
                out.append(tid)
        if f.kind == "gang":
            for car in self.cars.values():
                if car.spot is not None:
                    s = geo.sight(origin, car.spot, rng, vehicles=[v for v in vehicles if v != car.spot])
                    if s.seen and s.can_shoot:
                        out.append(car.id)
        for more in hooks.SHOOT_TARGETS(self, fid):
            out.extend(more)
        return self.narrowed(hooks.GANG_ATTACKS, fid, out)

    def melee_targets(self, fid: str) -> list[str]:
        f = self.figures[fid]
        if f.spot is None or isinstance(f.spot, (Inside, Under)) or f.in_car:
            return []
        return self.narrowed(hooks.GANG_ATTACKS, fid, [
            tid for tid in self.enemies_of(fid)
            if abs(self.figures[tid].spot.row - f.spot.row) + abs(self.figures[tid].spot.col - f.spot.col) == 1])

    def enemies_of(self, fid: str) -> list[str]:
        """The figures ``fid`` may attack: whom it can see as an enemy on the board."""
        f = self.figures[fid]
        out = []
        if f.kind == "gang":
            for tid, t in self.figures.items():
                if t.kind in ("zenigata", "agent", "guard") and t.spot is not None and not t.in_car \
                        and not isinstance(t.spot, (Inside, Under)) \
                        and not t.knocked_out:   # Zenigata out at his return square (E9, T1/T25) till next round
                    if t.holding is not None and not self._may_free(fid, t.holding):
                        continue
                    out.append(tid)
            if self._may_attack_partners(fid):
                for tid in self.gang:
                    t = self.figures[tid]
                    if tid != fid and t.spot is not None and not t.escaped and t.arrested_by is None \
                            and not isinstance(t.spot, (Inside, Under)) and self.is_shown(tid) and not t.in_car:
                        out.append(tid)
        else:
            for tid in self.gang:
                t = self.figures[tid]
                if t.spot is None or t.escaped or t.arrested_by is not None or t.in_car:
                    continue
                if isinstance(t.spot, (Inside, Under)) or self.on_bus(t.spot) or not self.is_shown(tid):
                    continue
                if not all(hooks.ATTACKABLE(self, fid, tid)):
                    continue
                out.append(tid)
        return out

    def _may_free(self, fid: str, prisoner: str) -> bool:
        """Only the companion whose turn it is by the fixed priority may free a prisoner."""
        return self.liberator_of(prisoner) == fid

    def liberator_of(self, prisoner: str) -> str | None:
        for c in LIBERATORS[prisoner]:
            f = self.figures.get(c)
            if f is None or f.escaped:
                continue
            if f.arrested_by is not None:
                return None  # "Se questo personaggio fosse anch'esso arrestato, la liberazione non sarebbe possibile"
            return c
        return None

    def _may_attack_partners(self, fid: str) -> bool:
        """Fujiko with the betrayal card may attack the treasure carrier; after the betrayal the
        gang may attack her (and she them) for the treasure."""
        if self.cfg.variant == "all-vs-all":
            return False
        if fid == "fujiko":
            return self.fujiko_traitor() or self.betrayed
        return self.betrayed and "fujiko" in self.figures

    def fujiko_traitor(self) -> bool:
        verdict = self.episode_rules.traitor(self)   # cagliostro.py: she starts as a traitor
        if verdict is not None:
            return verdict
        f = self.figures.get("fujiko")
        return f is not None and BETRAYAL_CARD in f.hand and self.betrayal_allowed()

    def betrayal_allowed(self) -> bool:
        return self.cfg.variant == "coop" and self.cfg.players >= 4

    def _do_shoot(self, a: A.Shoot, ev: list[Event]) -> None:
        f = self.figures.get(a.figure)
        require(f is not None, "lupin_refusal_core.no_such_figure", figure=a.figure)
        self._check_attacker(a.seat, a.figure)
        require(a.weapon == self.weapon_of(a.figure), "lupin_refusal_core.no_weapon", figure=a.figure,
                weapon=Term(f"lupin_refusal_core.weapon.{a.weapon}") if a.weapon in ("pistol", "rifle") else a.weapon)
        require(a.target in self.shoot_targets(a.figure), "lupin_refusal_core.no_clear_shot", figure=a.figure,
                target=a.target)
        if f.kind != "gang" and any(hooks.POLICE_ATTACK(self, a, ev)):
            return
        f.acted = True
        if f.kind == "gang":
            self.active = a.figure
            self.reveal_attacker(a.figure, ev)
        if any(hooks.SHOOT(self, a, ev)):
            return
        if a.target in self.cars:
            roll = self.rng.roll(2)
            hit = sum(roll) >= CAR_HIT_ROLL
            ev.append(Event("shot", {"figure": a.figure, "target": a.target, "dice": roll, "need": CAR_HIT_ROLL,
                                     "hit": hit}, reveal=True))
            if hit:
                self.hit_car(a.target, ev)
            return
        skill = self.sheet_of(a.figure).skill(a.weapon)
        roll = self.rng.roll(2)
        hit = sum(roll) + skill >= HIT_ROLL
        ev.append(Event("shot", {"figure": a.figure, "target": a.target, "dice": roll, "skill": skill,
                                 "need": HIT_ROLL, "hit": hit}, reveal=True))
        if hit:
            self.hit(a.figure, a.target, ev)

    def _do_melee(self, a: A.Melee, ev: list[Event]) -> None:
        f = self.figures.get(a.figure)
        require(f is not None, "lupin_refusal_core.no_such_figure", figure=a.figure)
        self._check_attacker(a.seat, a.figure)
        require(a.target in self.melee_targets(a.figure), "lupin_refusal_core.not_next_to", figure=a.figure,
                target=a.target)
        if f.kind != "gang" and any(hooks.POLICE_ATTACK(self, a, ev)):
            return
        f.acted = True
        if f.kind == "gang":
            self.active = a.figure
            self.reveal_attacker(a.figure, ev)
        if self.strike(a.figure, a.target, ev):
            return
        # a miss gives the defender his counter-attack (once)
        if self.figures[a.target].spot is not None:
            self.strike(a.target, a.figure, ev, counter=True)

    def strike(self, attacker: str, defender: str, ev: list[Event], counter: bool = False) -> bool:
        if any(hooks.STRIKE(self, attacker, defender, ev)):
            return False
        skill = self.sheet_of(attacker).melee
        roll = self.rng.roll(2)
        hit = sum(roll) + skill >= HIT_ROLL
        data: dict[str, Any] = {"figure": attacker, "target": defender, "dice": roll, "skill": skill,
                                "need": HIT_ROLL, "hit": hit, "counter": counter}
        if hit and self.figures[defender].kind in ("gang", "zenigata"):
            agility = self.sheet_of(defender).agility
            die = self.rng.d6()
            data["dodge"] = {"die": die, "agility": agility, "dodged": die <= agility}
            if die <= agility:
                hit = False
        data["hit"] = hit
        ev.append(Event("melee", data, reveal=True))
        if hit:
            if attacker == "fujiko" and self.carries_treasure(defender) and self.figures[defender].kind == "gang":
                self._fujiko_steals(defender, ev)
            else:
                self.hit(attacker, defender, ev)
        return hit

    def _check_attacker(self, seat: Seat, fid: str) -> None:
        f = self.figures[fid]
        if f.kind == "gang":
            self.check_member_turn(seat, fid)
            require(f.arrested_by is None, "lupin_refusal_core.under_arrest", figure=fid)
            require(f.blocked_until < self.round, "lupin_refusal_core.stunned", figure=fid)
        else:
            require(self.phase == "police" and seat == "zenigata", "lupin_refusal_core.police_attack_in_police_phase")
            require(not f.holding, "lupin_refusal_core.holds_prisoner_defends", figure=fid)
            require(not f.knocked_out, "lupin_refusal_core.zenigata_recovering")
        require(not f.acted, "lupin_refusal_core.already_acted", figure=fid)

    def reveal_attacker(self, c: str, ev: list[Event]) -> None:
        """Shooting or fighting gives a gang member away: he is placed on the board."""
        f = self.figures[c]
        if isinstance(f.spot, Inside):
            return  # shooting out of a door: he stays safe inside
        if f.spot is not None and self.geo.board.cell(f.spot).roof:
            f.exposed = True
        if not self.is_shown(c):
            f.shown = True
            ev.append(Event("spotted", {"figure": c, "square": spot_to_text(f.spot)}))

    def hit(self, attacker: str, target: str, ev: list[Event]) -> None:
        t = self.figures[target]
        if t.kind in ("agent", "guard"):
            self.eliminate(target, ev, by=attacker)
            return
        t.wounds += 1
        ev.append(Event("wounded", {"figure": target, "wounds": t.wounds}))
        if target in self.gang:
            self.note(target, spot_to_text(t.spot), spot_to_text(t.spot), "wounded")
        limit = self.sheet_of(target).max_wounds
        if t.wounds < limit:
            return
        if t.kind == "zenigata":
            self.zenigata_out(ev)
        else:
            self.arrest(target, ev)

    def eliminate(self, fid: str, ev: list[Event], by: str | None = None) -> None:
        if any(hooks.ELIMINATING(self, fid, by, ev)):
            return
        f = self.figures[fid]
        prisoner = f.holding
        f.spot, f.holding, f.moved, f.acted = None, None, False, False
        if f.kind == "guard":
            del self.figures[fid]
        ev.append(Event("eliminated", {"figure": fid, "by": by}))
        if prisoner is not None:
            p = self.figures[prisoner]
            p.arrested_by, p.wounds = None, 0
            ev.append(Event("freed", {"figure": prisoner, "by": by}))
        if by in self.gang:
            g = self.figures[by]
            g.kills += 1
            if g.kills % 3 == 0:
                self.draw_card(by, events=ev)

    def hit_car(self, car_id: str, ev: list[Event]) -> None:
        car = self.cars[car_id]
        car.hits += 1
        ev.append(Event("car_hit", {"car": car_id, "hits": car.hits}))
        if car.hits >= CAR_HITS:
            # the agents inside get out around the wreck, to be fought one by one
            spot = car.spot
            free = [s for s in spot.neighbours8() if s in self.geo.board and s not in self.occupied()
                    and self.geo.can_stand(s, POLICE)]
            for agent in list(car.agents):
                ag = self.figures[agent]
                ag.in_car = None
                ag.spot = free.pop(0) if free else None
            car.agents, car.spot, car.hits = [], None, 0   # out until the next reinforcements
            ev.append(Event("car_destroyed", {"car": car_id}))

    def _fujiko_steals(self, victim: str, ev: list[Event]) -> None:
        """Fujiko beats the carrier: she takes the treasure without wounding him, and he is
        stunned for a round; she has betrayed."""
        for t in self.tiles:
            if t.carrier == victim and t.treasure:
                t.carrier = "fujiko"
                t.seen_by.add(self.seat_of["fujiko"])
        self.figures[victim].blocked_until = self.round + 1
        self.betray(ev)
        ev.append(Event("treasure_stolen", {"by": "fujiko", "from": victim}))

    def betray(self, ev: list[Event]) -> None:
        if not self.betrayed:
            self.betrayed = True
            fj = self.figures["fujiko"]
            fj.always_shown = True
            fj.shown = True
            ev.append(Event("betrayal", {"figure": "fujiko"}))
