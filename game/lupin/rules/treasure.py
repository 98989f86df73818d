"""Lupin's round engine, the treasure: who carries it, passing and accepting a tile, flipping in phase 4,
a tile handed to Zenigata and shuffled back.

:class:`Treasure` holds these rules as methods of :class:`~game.lupin.rules.state.LupinState`,
which is made of it and the other concerns (state.py is the data and the API).
"""

from __future__ import annotations


from game.engine.api import Event, Seat, require
from game.lupin.rules import actions as A, hooks
from game.lupin.rules.geometry import Inside, spot_to_text
from game.lupin.rules.pieces import SEATS, TREASURE_PRIORITY, Tile


class Treasure:
    """The treasure: a part of :class:`LupinState` (see the module docstring)."""

    def plays_last(self, c: str) -> bool:
        """Whether member ``c`` has held the mission's treasure (even once, even if he holds it
        no more): he moves last in every gang phase to the end of the game."""
        return self.figures[c].held_treasure or self.carries_treasure(c)

    def mark_holders(self) -> None:
        """Remember who holds the real treasure now (after every action): he plays last for good."""
        for t in self.tiles:
            if t.treasure and t.carrier in self.gang:
                self.figures[t.carrier].held_treasure = True

    def carries(self, fid: str) -> bool:
        return any(t.carrier == fid for t in self.tiles)

    def carries_treasure(self, fid: str) -> bool:
        return any(t.carrier == fid and t.treasure for t in self.tiles)

    def can_receive(self, giver: str, receiver: str) -> bool:
        r = self.figures[receiver]
        return (not r.escaped and r.arrested_by is None and self.near(giver, receiver)
                and not self.carries(receiver) and all(hooks.MAY_TAKE(self, receiver)))

    def treasure_seats(self) -> list[Seat]:
        """Phase 4: every gang seat with a member free on the board who has neither acted in this
        phase nor passed, whether or not he could flip (or dig) now. Who may act here must not tell
        the table who stands inside a treasure building, so it depends on public facts only
        (escaped, arrested, what was done in this phase); a seat that can do nothing passes."""
        return sorted({self.seat_of[c] for c in self.gang if not self.figures[c].flipped
                       and self.figures[c].arrested_by is None and not self.figures[c].escaped},
                      key=SEATS.index)

    def may_flip(self) -> list[str]:
        """Members who may act in phase 4: flip a tile, or an episode's own act (hook "may_flip")."""
        return [c for c in self.gang if not self.figures[c].flipped and self.figures[c].arrested_by is None
                and not self.figures[c].escaped and (self.flippable(c) or self.episode_rules.may_flip(self, c))]

    def flippable(self, c: str) -> list[Tile]:
        spot = self.figures[c].spot
        if not all(hooks.MAY_TAKE(self, c)):
            return []   # Il tesoro non mi interessa (cards.py)
        if not isinstance(spot, Inside):
            return []
        b = self.geo.board.buildings.get(spot.building)
        if b is None or not b.props.get("treasure"):
            return []
        if self.cfg.episode == "rosso-rubino":
            return [t for t in self.tiles if t.site == spot.building]
        return [t for t in self.tiles if t.site is not None]

    def _do_passtreasure(self, a: A.PassTreasure, ev: list[Event]) -> None:
        self.check_member_turn(a.seat, a.figure)
        require(self.carries(a.figure), "lupin_refusal_core.carries_no_tile", figure=a.figure)
        require(a.to in self.gang and self.can_receive(a.figure, a.to), "lupin_refusal_core.cannot_receive", to=a.to,
                figure=a.figure)
        self.active = a.figure
        if self.seat_of[a.to] == a.seat:
            self.give_tile(a.figure, a.to, ev)
        else:
            self.offer = (a.figure, a.to)
            ev.append(Event("treasure_offered", {"from": a.figure, "to": a.to},
                            audience=frozenset({a.seat, self.seat_of[a.to]})))

    def _do_accepttreasure(self, a: A.AcceptTreasure, ev: list[Event]) -> None:
        require(self.offer is not None and self.offer[1] == a.figure, "lupin_refusal_core.no_offer")
        giver, receiver = self.offer
        self.offer = None
        if a.accept:
            self.give_tile(giver, receiver, ev)
        else:
            ev.append(Event("treasure_refused", {"from": giver, "to": receiver},
                            audience=frozenset({self.seat_of[giver], a.seat})))

    def give_tile(self, giver: str, receiver: str, ev: list[Event]) -> None:
        for t in self.tiles:
            if t.carrier == giver:
                t.carrier = receiver
                t.seen_by.add(self.seat_of[receiver])
                if t.treasure:
                    self.figures[receiver].always_shown = True
        ev.append(Event("treasure_passed", {"from": giver, "to": receiver}))

    def _do_flip(self, a: A.Flip, ev: list[Event]) -> None:
        require(self.phase == "treasure", "lupin_refusal_core.flip_in_phase_4")
        require(a.figure in self.gang and self.seat_of[a.figure] == a.seat, "lupin_refusal_core.not_yours",
                figure=a.figure)
        require(a.figure in self.may_flip(), "lupin_refusal_core.cannot_flip", figure=a.figure)
        tile = next((t for t in self.flippable(a.figure) if t.index == a.tile), None)
        require(tile is not None, "lupin_refusal_core.tile_not_here", tile=a.tile, figure=a.figure)
        me = self.figures[a.figure]
        me.flipped = True
        # everybody of the gang inside sees the tile; one of them takes it, by priority, and keeps
        # it face down in front of him (an empty safe too: the gang may bluff)
        inside = [c for c in self.gang if self.figures[c].spot == me.spot and self.figures[c].arrested_by is None
                  and not self.figures[c].escaped]
        watchers = frozenset(self.seat_of[c] for c in inside)
        taker = next(c for c in TREASURE_PRIORITY if c in inside and all(hooks.MAY_TAKE(self, c)))
        tile.seen_by |= set(watchers)
        tile.site, tile.carrier = None, taker
        self.note(a.figure, spot_to_text(me.spot), spot_to_text(me.spot), "flip")
        ev.append(Event("flipped", {"figure": a.figure, "tile": a.tile, "treasure": tile.treasure, "taker": taker},
                        audience=watchers, redacted=Event("flipped", {"figure": a.figure, "tile": a.tile,
                                                                      "taker": taker}),
                        reveal=True))
        if tile.treasure:
            self.figures[taker].always_shown = True
            if taker == "fujiko" and self.fujiko_traitor():
                self.betray(ev)
        if not self.treasure_seats():
            self.end_round(ev)

    def _do_endtreasure(self, a: A.EndTreasure, ev: list[Event]) -> None:
        require(self.phase == "treasure", "lupin_refusal_core.not_treasure_phase")
        for c in self.gang:
            if self.seat_of[c] == a.seat:
                self.figures[c].flipped = True
        if not self.treasure_seats():
            self.end_round(ev)

    def treasure_to_zenigata(self, t: Tile, ev: list[Event]) -> None:
        """An arrested member hands his tile to Zenigata, who looks at it and puts it back face
        down, shuffled with the tiles still lying at their places, so nobody knows where it is."""
        t.carrier = "zenigata"
        t.seen_by.add("zenigata")
        ev.append(Event("tile_to_zenigata", {"tile": t.index, "treasure": t.treasure},
                        audience=frozenset({"zenigata"}), redacted=Event("tile_to_zenigata", {"tile": t.index})))
        back = [x for x in self.tiles if x.site is not None or x is t]
        homes = sorted(x.home for x in back)
        contents = self.rng.shuffled([x.treasure for x in back])
        for x, home, content in zip(sorted(back, key=lambda x: x.index), homes, contents):
            x.home = x.site = home
            x.treasure, x.carrier, x.seen_by = content, None, set()
        ev.append(Event("tiles_shuffled", {"tiles": [x.index for x in back]}, reveal=True))
