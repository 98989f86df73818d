"""Lupin's round engine, a gang member's turn: start squares, the order of play, moves, escapes, freeing
oneself, mission cards and devices, drawing cards, the mission notes. (A police figure's move is
refused or applied here too, by ``_do_move``, as it shares the action with the gang's.).

:class:`GangTurn` holds these rules as methods of :class:`~game.lupin.rules.state.LupinState`,
which is made of it and the other concerns (state.py is the data and the API).
"""

from __future__ import annotations

from typing import Any

from game.engine.api import Action, Event, Seat, require
from game.engine.grid import Sq, format_coord
from game.lupin.rules import actions as A
from game.lupin.rules.geometry import GANG, Inside, Spot, Under, spot_from_text, spot_to_text
from game.lupin.rules import hooks
from game.lupin.rules.hooks import Hook
from game.lupin.rules.pieces import BETRAYAL_CARD, BETRAYAL_LAST_ROUND, Note, square_refusal


class GangTurn:
    """A gang member's turn: a part of :class:`LupinState` (see the module docstring)."""

    def start_squares(self, c: str | None = None, escape: bool = False) -> list[Sq]:
        """Where member ``c`` may start (``escape``: leave the map); an episode may give each
        member his own (cagliostro.py: Fujiko at T1/T25)."""
        own = self.episode_rules.start_squares(self, c, escape)
        if own is not None:
            return own
        return sorted(self.geo.board.squares_of("start"))

    def start_actions(self, seat: Seat) -> list[Action]:
        """Planning: a start square for each of the seat's members who has none yet."""
        out: list[Action] = []
        for c in self.gang:
            if self.seat_of[c] == seat and self.figures[c].spot is None:
                taken = {self.figures[g].spot for g in self.gang} if (
                    self.cfg.difficulty == "novice" and self.cfg.novice_always_visible) else set()
                for sq in self.start_squares(c):
                    if sq not in taken:
                        out.append(A.ChooseStart(seat, c, format_coord(sq)))
        return out

    def may_start_turn(self) -> list[str]:
        waiting = [c for c in self.gang if not self.figures[c].turn_done and not self.figures[c].escaped]
        first = self.episode_rules.first_to_play(self, waiting)   # cagliostro.py: Fujiko always first
        if first:
            return first
        # "Oh mio caro Lupin..." (option B): Fujiko, given the loot by Lupin, moves first
        first = [c for c in waiting if self.carries_treasure(c) and self.figures[c].cards.get("first")]
        if first:
            return first
        # whoever has held the treasure, even once, moves last ("muoverà sempre per ultimo")
        last = [c for c in waiting if self.plays_last(c)]
        others = [c for c in waiting if c not in last]
        return others or last

    def member_actions(self, seat: Seat, c: str) -> list[Action]:
        f = self.figures[c]
        for only in hooks.MEMBER_ACTIONS(self, seat, c):
            if only is not None:
                return only
        out: list[Action] = []
        if f.arrested_by is not None:
            out.append(A.FreeSelf(seat, c, "devices"))
            if self.cfg.variant == "coop" and self.rounds_total - 1 >= self.round:
                out.append(A.FreeSelf(seat, c, "round"))
            out.append(A.EndTurn(seat, c))
            return out
        blocked = f.blocked_until >= self.round
        if not f.moved and not blocked:
            for s in self._gang_move_targets(c):
                out.append(A.Move(seat, c, spot_to_text(s)))
        if not f.acted and not blocked:
            for target in self.shoot_targets(c):
                out.append(A.Shoot(seat, c, target, self.weapon_of(c)))
            for target in self.melee_targets(c):
                out.append(A.Melee(seat, c, target))
        out.extend(self._card_and_device_actions(seat, c))
        if self._on_start_square(c):
            out.append(A.Escape(seat, c))
        if self.carries(c):
            for other in self.gang:
                if other != c and self.can_receive(c, other):
                    out.append(A.PassTreasure(seat, c, other))
        out.append(A.EndTurn(seat, c))
        return out

    def _card_and_device_actions(self, seat: Seat, c: str) -> list[Action]:
        """Mission cards and devices whose effects the rules know (game/lupin/rules/effects.py),
        within the limits of one card and two devices a turn."""
        from game.lupin.rules.catalog import card as card_data, device as device_data
        from game.lupin.rules.effects import CARDS_PER_TURN, CARD_RULES, DEVICES_PER_TURN, DEVICE_RULES
        f = self.figures[c]
        out: list[Action] = []
        if f.cards_played < CARDS_PER_TURN:
            for cid in dict.fromkeys(f.hand):
                rule = CARD_RULES.get(card_data(cid).effect)
                if rule is not None:
                    out.extend(A.PlayCard(seat, c, cid, t) for t in rule.targets(self, c, cid))
        if f.devices_used < DEVICES_PER_TURN:
            for did in dict.fromkeys(f.devices):
                rule = DEVICE_RULES.get(device_data(did).effect)
                if rule is not None:
                    out.extend(A.UseDevice(seat, c, did, t) for t in rule.targets(self, c, did))
        return out

    def _gang_move_targets(self, c: str) -> list[Spot]:
        f = self.figures[c]
        occ = self.occupied()
        friends = {s for s, who in occ.items() if who in self.figures and self.figures[who].kind == "gang"}
        enemies = [s for s in occ if s not in friends]
        board_state = self.board_state()
        r = self.geo.reach(f.spot, self.allowance(c), GANG, blocked=enemies, no_stop=friends, state=board_state)
        out = [s for s in r.cost if s != f.spot]
        if "wetsuit" in f.devices:
            # the wetsuit (expansion tile, sold in Rosso rubino too): through the water, with his
            # movement less 1, as often as he likes; a move that keeps out of the water is a walk
            wet = self.geo.reach(f.spot, self.allowance(c) - 1, GANG, blocked=enemies, no_stop=friends, swim=True,
                                 state=board_state)
            dry = set(out)
            out += [s for s in wet.cost if s != f.spot and s not in dry]
        return self.narrowed(hooks.GANG_MOVES, c, out)

    def narrowed(self, hook: Hook, fid: str, out: list[Any]) -> list[Any]:
        """Forced mission cards (cards/: *Nessuno resta indietro*) narrow a member's moves or attacks
        (``hook``: hooks.GANG_MOVES or hooks.GANG_ATTACKS), and the episode's rules after them."""
        if self.figures[fid].kind == "gang":
            for fn in hook:
                out = fn(self, fid, out)
            rules = self.episode_rules
            out = (rules.gang_moves if hook is hooks.GANG_MOVES else rules.gang_attacks)(self, fid, out)
        return out

    def _on_start_square(self, c: str) -> bool:
        f = self.figures[c]
        return isinstance(f.spot, tuple) and not isinstance(f.spot, (Inside, Under)) \
            and f.spot in set(self.start_squares(c, escape=True))

    def _do_choosestart(self, a: A.ChooseStart, ev: list[Event]) -> None:
        require(self.phase == "planning", "lupin_refusal_core.plan_made")
        require(a.figure in self.gang and self.seat_of[a.figure] == a.seat, "lupin_refusal_core.not_yours_to_move",
                figure=a.figure)
        require(self.figures[a.figure].spot is None, "lupin_refusal_core.has_start", figure=a.figure)
        sq = self.parse_square(a.square)
        require(sq in set(self.start_squares(a.figure)), "lupin_refusal_core.not_start_square", square=a.square,
                figure=a.figure)
        f = self.figures[a.figure]
        if self.cfg.difficulty == "novice" and self.cfg.novice_always_visible:
            require(all(self.figures[c].spot != sq for c in self.gang), "lupin_refusal_core.start_taken",
                    square=a.square)
        f.spot = sq
        gang_seats = self.team_seats(a.figure)
        ev.append(Event("start_chosen", {"figure": a.figure, "square": a.square}, audience=gang_seats,
                        redacted=Event("start_chosen", {"figure": a.figure})))

    def _do_move(self, a: A.Move, ev: list[Event]) -> None:
        f = self.figures.get(a.figure)
        require(f is not None, "lupin_refusal_core.no_such_figure", figure=a.figure)
        try:
            to = spot_from_text(a.to)
        except ValueError as exc:
            raise square_refusal(exc) from None
        if f.kind == "gang":
            self.check_member_turn(a.seat, a.figure)
            require(f.arrested_by is None, "lupin_refusal_core.arrested_cannot_move", figure=a.figure)
            require(f.blocked_until < self.round, "lupin_refusal_core.stunned_cannot_move", figure=a.figure)
            require(not f.moved, "lupin_refusal_core.already_moved", figure=a.figure)
            require(to in set(self._gang_move_targets(a.figure)), "lupin_refusal_core.member_cannot_reach",
                    figure=a.figure, square=a.to, frm=spot_to_text(f.spot), movement=self.allowance(a.figure))
            self.move_member(a.figure, to, ev)
        else:
            require(self.phase == "police" and a.seat == "zenigata", "lupin_refusal_core.police_move_in_police_phase")
            require(f.kind != "guard", "lupin_refusal_core.guards_stay")
            require(not f.holding, "lupin_refusal_core.holds_prisoner_stays", figure=a.figure)
            require(not f.moved, "lupin_refusal_core.already_moved", figure=a.figure)
            require(to in set(self.police_move_targets(a.figure)), "lupin_refusal_core.police_cannot_reach",
                    figure=a.figure, square=a.to, movement=self.allowance(a.figure))
            frm = f.spot
            f.spot, f.moved = to, True
            ev.append(Event("moved", {"figure": a.figure, "from": spot_to_text(frm), "to": a.to}))
            hooks.MOVED(self, a.figure, frm, to, ev)
            self.police_sees(ev)

    def move_member(self, c: str, to: Spot, ev: list[Event]) -> None:
        f = self.figures[c]
        frm = f.spot
        was_shown = self.is_shown(c)
        f.spot, f.moved, f.exposed = to, True, False
        self.active = c
        if isinstance(to, Inside):
            # inside a building nobody can attack him; Zenigata knows he went in if he saw him
            f.shown = was_shown
        else:
            f.shown = self.in_police_sight(c)
        self.note(c, spot_to_text(frm), spot_to_text(to), "move")
        hooks.MOVED(self, c, frm, to, ev)
        gang_seats = self.gang_seats_knowing(c)
        full = Event("moved", {"figure": c, "from": spot_to_text(frm), "to": spot_to_text(to),
                               "shown": self.is_shown(c)}, audience=gang_seats,
                     redacted=self.public_move_event(c, frm, to, was_shown))
        ev.append(full)

    def check_member_turn(self, seat: Seat, c: str) -> None:
        require(self.phase == "gang", "lupin_refusal_core.gang_acts_in_gang_phase")
        require(c in self.gang, "lupin_refusal_core.not_in_gang", figure=c)
        require(self.seat_of[c] == seat, "lupin_refusal_core.not_yours_to_play", figure=c)
        require(self.active in (None, c), "lupin_refusal_core.still_playing", figure=self.active)
        require(c in self.may_start_turn() or self.active == c,
                "lupin_refusal_core." + ("cannot_play_now_last" if self.plays_last(c) else "cannot_play_now"),
                figure=c)

    def _do_endturn(self, a: A.EndTurn, ev: list[Event]) -> None:
        if a.figure == "police":
            require(self.phase == "police" and a.seat == "zenigata", "lupin_refusal_core.not_police_phase")
            ev.append(Event("police_done", {}))
            self.start_gang_phase(ev)
            return
        self.check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        if not f.moved and not f.acted and f.arrested_by is None and not f.escaped and f.spot is not None:
            self.note(a.figure, spot_to_text(f.spot), spot_to_text(f.spot), "stay")
            # standing still: a hidden member who stays where the police now see him is spotted
            if not self.is_shown(a.figure) and self.in_police_sight(a.figure):
                f.shown = True
                ev.append(Event("spotted", {"figure": a.figure, "square": spot_to_text(f.spot)}))
        f.turn_done = True
        self.active = None
        ev.append(Event("turn_done", {"figure": a.figure}))
        if not self.may_start_turn():
            self.end_gang_phase(ev)

    def _do_escape(self, a: A.Escape, ev: list[Event]) -> None:
        self.check_member_turn(a.seat, a.figure)
        require(self._on_start_square(a.figure), "lupin_refusal_core.escape_square", figure=a.figure)
        f = self.figures[a.figure]
        frm = f.spot
        f.escaped, f.spot, f.turn_done = True, None, True
        self.escape_order.append(a.figure)
        self.active = None
        with_treasure = self.carries_treasure(a.figure)
        if with_treasure:
            self.treasure_out = True
        self.note(a.figure, spot_to_text(frm), "-", "escaped")
        gang_seats = self.team_seats(a.figure)
        ev.append(Event("escaped", {"figure": a.figure, "square": format_coord(frm), "treasure": with_treasure},
                        audience=gang_seats, redacted=Event("escaped", {"figure": a.figure})))
        if self.check_end(ev):
            return
        if not self.may_start_turn():
            self.end_gang_phase(ev)

    def _do_freeself(self, a: A.FreeSelf, ev: list[Event]) -> None:
        self.check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        require(f.arrested_by is not None, "lupin_refusal_core.not_arrested", figure=a.figure)
        require(a.price in ("devices", "round"), "lupin_refusal_core.free_price")
        require(not (a.price == "round" and self.cfg.variant == "all-vs-all"),
                "lupin_refusal_core.no_round_all_vs_all")
        require(not (a.price == "round" and self.rounds_total - 1 < self.round),
                "lupin_refusal_core.no_round_left")
        holder = f.arrested_by
        if holder in self.figures and self.figures[holder].kind == "agent":
            self.eliminate(holder, ev, by=None)
        f.arrested_by, f.wounds = None, 0
        if a.price == "round":
            self.rounds_total -= 1
        else:
            # the police take what he carries; a wetsuit is worn, not carried, and keeps a
            # member freed in the water afloat (docs/rules-decisions.md, "devices in play")
            f.devices[:] = [d for d in f.devices if d == "wetsuit"]
            if self.cfg.variant == "all-vs-all":
                from game.lupin.rules.variant import kill_points
                f.points_given_up += (kill_points(a.figure, f.kills) - f.points_given_up) // 2
        ev.append(Event("freed_self", {"figure": a.figure, "price": a.price, "rounds": self.rounds_total}))
        f.turn_done = True
        self.active = None
        if not self.may_start_turn():
            self.end_gang_phase(ev)

    def _do_playcard(self, a: A.PlayCard, ev: list[Event]) -> None:
        from game.lupin.rules.catalog import card as card_data
        from game.lupin.rules.effects import CARDS_PER_TURN, CARD_RULES
        self.check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        require(a.card in f.hand, "lupin_refusal_core.no_such_card", figure=a.figure)
        require(f.cards_played < CARDS_PER_TURN, "lupin_refusal_core.card_already_played", figure=a.figure)
        rule = CARD_RULES.get(card_data(a.card).effect)
        require(rule is not None and a.target in rule.targets(self, a.figure, a.card),
                "lupin_refusal_core.card_not_now")
        told_at = len(ev)         # the play is told before what it does (a sure hit, a move...)
        rule.apply(self, a, ev)   # checks first, then changes
        self.active = a.figure
        f.cards_played += 1
        if a.card in f.hand:
            f.hand.remove(a.card)
            f.discard.append(a.card)
        if getattr(rule, "secret", False):
            return   # a card played face down (a disguise): its effect told the seats what they may know
        ev.insert(told_at, Event("card_played", {"figure": a.figure, "card": a.card, "target": a.target}, reveal=True))

    def _do_usedevice(self, a: A.UseDevice, ev: list[Event]) -> None:
        from game.lupin.rules.catalog import device as device_data
        from game.lupin.rules.effects import DEVICES_PER_TURN, DEVICE_RULES
        self.check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        require(a.device in f.devices, "lupin_refusal_core.no_such_device", figure=a.figure)
        require(f.devices_used < DEVICES_PER_TURN, "lupin_refusal_core.two_devices_used", figure=a.figure)
        rule = DEVICE_RULES.get(device_data(a.device).effect)
        require(rule is not None and a.target in rule.targets(self, a.figure, a.device),
                "lupin_refusal_core.device_not_now")
        rule.apply(self, a, ev)   # checks first, then changes
        self.active = a.figure
        f.devices_used += 1
        used = getattr(rule, "used_event", None)   # an effect may tell fewer seats (a secret trap)
        ev.append(used(self, a) if used is not None else
                  Event("device_used", {"figure": a.figure, "device": a.device, "target": a.target}, reveal=True))

    def draw_card(self, c: str, at_start: bool = False, events: list[Event] | None = None) -> None:
        f = self.figures[c]
        if not f.deck:
            return
        card = f.deck.pop(0)
        seat = self.seat_of[c]
        from game.lupin.rules.catalog import card as card_data
        if any(fn(self, c, card, at_start, events) for fn in hooks.DRAWN) \
                or self.episode_rules.drawn(self, c, card, at_start, events):
            return   # the expansion's cards (cards.py): void, or played at once
        void = card == BETRAYAL_CARD and (not self.betrayal_allowed() or self.round > BETRAYAL_LAST_ROUND)
        void = void or card_data(card).void_in(self.cfg.episode)   # "se pesca queste carte, deve scartarle"
        if void:
            f.discard.append(card)
            if events is not None:
                events.append(Event("card_void", {"figure": c, "card": card}, reveal=True))
            return
        f.hand.append(card)
        if events is not None:
            events.append(Event("card_drawn", {"figure": c, "card": card}, audience=frozenset({seat}),
                                redacted=Event("card_drawn", {"figure": c}), reveal=True))

    def note(self, c: str, frm: str, to: str, action: str) -> None:
        f = self.figures[c]
        f.notes.append(Note(self.round, frm, to, action, f.kills, f.wounds))
