"""The state of a game of Lupusburg and the rules API: ``new_game``, ``LupusState`` (to_act,
legal_actions, apply, view, is_over, result).

Set-up: the first Burgomaster, the characters dealt (again while one player holds both the Werewolf
and the Thief), then each player in turn from the Burgomaster lays his chest house left or right
(``place``). Then nights and days until the Werewolf has no living character or as many as all the
others together:

- night: every player in turn from the Burgomaster points at another player's house (``night``);
  the Thief (while he has a living character) learns whether it hides a chest, the Werewolf's claw
  marks a character; at dawn that character and its house leave the game unrevealed;
- day: the Burgomaster's privilege (``privilege``, ``show``, ``seen``; with the chimney broom variant
  ``broom``, ``sweep``), betting clockwise from the Burgomaster (``bet``, ``keep``), the discussion
  (``discuss``), the lynch (``nominate``, ``runoff`` or ``vote``; ties ``decide``d by the Burgomaster);
  then the Burgomaster passes clockwise to the next player with a living character.

Every reading of the rules is in docs/rules-decisions.md (section "Lupusburg")."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from game.engine.api import TABLE, Action, Event, IllegalAction, Result, check_action, require, with_defaults
from game.engine.rng import Rng
from game.lupusburg.rules import data
from game.lupusburg.rules.actions import (
    ACTIONS, SIDES, Decide, Draw, EndDiscussion, GiveBroom, Keep, Mark, PassBet, Place, Point, Privilege, Seen,
    ShowBack, Side, SkipPrivilege, Sweep, Vote,
)
from game.lupusburg.rules.data import THIEF, TOWNSFOLK, WEREWOLF

DRAW = 3
"""Coins drawn from the bag for a bet (all that are left, if fewer)."""
POINTS_PER_CHARACTER = 2
BROOM_PLAYERS = 6
"""The chimney broom is played with 6 to 8 players, while at least 6 have a living character."""

LYNCH = ("two_rounds", "plurality")
WRONG_BET = ("zero", "minus_coin")
SCORE_TIE = ("shared", "coin_then_characters")
FIRST = ("random", "first")
ON_OFF = ("on", "off")
DEFAULTS: Mapping[str, Any] = {
    "players": 6, "lynch": "two_rounds", "chest_value": 1, "wrong_bet": "zero", "score_tie": "shared",
    "protect_last": "on", "broom": "off", "bet_on_dead": "on", "first_burgomaster": "random",
}


def _on(value: Any, key: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in ON_OFF:
        return value == "on"
    raise ValueError(f"{key} must be 'on' or 'off', not {value!r}")


@dataclass(frozen=True)
class Config:
    """The set-up options (docs/rules-decisions.md gives each reading and why):

    - ``players`` 4-8;
    - ``lynch``: ``two_rounds`` (a nomination round picks two suspects, a runoff lynches one) or
      ``plurality`` (one round, the most votes lynched);
    - ``chest_value``: points for one's chest while its house's character lives (1);
    - ``wrong_bet``: a bet on the wrong player scores ``zero`` or ``minus_coin``;
    - ``score_tie``: equal top scores ``shared``, or broken by ``coin_then_characters`` (the coin of a
      correct bet, then living characters);
    - ``protect_last``: the privilege may not look at a player's only living character (on);
    - ``broom``: the chimney broom variant (off; 6-8 players);
    - ``bet_on_dead``: a bet may name a player with no living character (on);
    - ``first_burgomaster``: ``random`` (from the seed) or ``first`` (the first seat, red).
    """

    players: int = 6
    lynch: str = "two_rounds"
    chest_value: int = 1
    wrong_bet: str = "zero"
    score_tie: str = "shared"
    protect_last: bool = True
    broom: bool = False
    bet_on_dead: bool = True
    first_burgomaster: str = "random"

    @classmethod
    def from_mapping(cls, config: Mapping[str, Any]) -> Config:
        v = with_defaults(config, DEFAULTS, "Lupusburg")
        players = v["players"]
        if isinstance(players, bool) or players not in range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1):
            raise ValueError(f"Lupusburg is played by {data.MIN_PLAYERS} to {data.MAX_PLAYERS} players, "
                             f"not {players!r}")
        for key, allowed in (("lynch", LYNCH), ("wrong_bet", WRONG_BET), ("score_tie", SCORE_TIE),
                             ("first_burgomaster", FIRST)):
            if v[key] not in allowed:
                raise ValueError(f"{key} must be one of {', '.join(allowed)}, not {v[key]!r}")
        chest = v["chest_value"]
        if isinstance(chest, bool) or not isinstance(chest, int) or not 0 <= chest <= 8:
            raise ValueError(f"chest_value must be a whole number from 0 to 8, not {chest!r}")
        broom = _on(v["broom"], "broom")
        if broom and players < BROOM_PLAYERS:
            raise ValueError(f"the chimney broom is a variant for {BROOM_PLAYERS} to {data.MAX_PLAYERS} players, "
                             f"not {players}")
        return cls(players=players, lynch=v["lynch"], chest_value=chest, wrong_bet=v["wrong_bet"],
                   score_tie=v["score_tie"], protect_last=_on(v["protect_last"], "protect_last"), broom=broom,
                   bet_on_dead=_on(v["bet_on_dead"], "bet_on_dead"), first_burgomaster=v["first_burgomaster"])

    def seats(self) -> tuple[str, ...]:
        """The players' colours, clockwise."""
        return tuple(c.id for c in data.colours()[:self.players])

    def to_mapping(self) -> dict[str, Any]:
        onoff = {True: "on", False: "off"}
        return {"players": self.players, "lynch": self.lynch, "chest_value": self.chest_value,
                "wrong_bet": self.wrong_bet, "score_tie": self.score_tie, "protect_last": onoff[self.protect_last],
                "broom": onoff[self.broom], "bet_on_dead": onoff[self.bet_on_dead],
                "first_burgomaster": self.first_burgomaster}


class House(NamedTuple):
    """A house (and the character in it): its owner's seat and its side."""

    player: str
    side: Side


# ---------------------------------------------------------------------------- the public record

@dataclass(frozen=True)
class Death:
    """A character gone with its house, by the claw at night or by the lynch; never what it was."""

    day: int
    house: House


@dataclass(frozen=True)
class PrivilegeLog:
    """A day's privilege: the Burgomaster looked at ``house``'s character and showed his own in ``shown``
    (None until he has); what either was stays between the two."""

    day: int
    burgomaster: str
    house: House
    shown: House | None = None


@dataclass(frozen=True)
class SweepLog:
    """The chimney broom: ``sweeper`` (chosen by the Burgomaster) looked whether ``house`` hides a chest."""

    day: int
    burgomaster: str
    sweeper: str
    house: House | None = None


@dataclass(frozen=True)
class BetLog:
    """A seal in front of ``target`` (the coin under it is face down)."""

    day: int
    target: str


@dataclass(frozen=True)
class Ballot:
    """A voter's ballot of one round, public once every ballot of the round is in: the houses voted for
    (``nomination``, ``plurality``) or the voting tokens' sides (``runoff``: paw or fur)."""

    day: int
    round: str
    voter: str
    houses: tuple[House, ...] = ()
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Suspects:
    """The two suspects of a runoff: under the paw print and under the tuft of fur."""

    day: int
    paw: House
    fur: House


@dataclass(frozen=True)
class Decision:
    """A tie the Burgomaster broke: ``chosen`` among ``tied``, for a ``suspect`` place or the ``lynch``."""

    day: int
    burgomaster: str
    purpose: str
    tied: tuple[House, ...]
    chosen: House


# ---------------------------------------------------------------------------- what one seat learns

@dataclass(frozen=True)
class ChestLook:
    """What a seat saw of a house: whether it hides a chest (``night``: the Thief; ``broom``)."""

    day: int
    house: House
    chest: bool
    how: str


@dataclass(frozen=True)
class CharacterSeen:
    """A character a seat was shown: the one the Burgomaster asked to see (``privilege``), or the
    Burgomaster's own shown back (``shown``)."""

    day: int
    house: House
    character: str
    how: str


@dataclass(frozen=True)
class Bet:
    day: int
    target: str
    coin: int


PHASE_KEYS = {
    "place": "lupusburg_refusal.phase.place", "night": "lupusburg_refusal.phase.night",
    "privilege": "lupusburg_refusal.phase.privilege", "show": "lupusburg_refusal.phase.show",
    "seen": "lupusburg_refusal.phase.seen", "broom": "lupusburg_refusal.phase.broom",
    "sweep": "lupusburg_refusal.phase.sweep", "bet": "lupusburg_refusal.phase.bet",
    "keep": "lupusburg_refusal.phase.keep", "discuss": "lupusburg_refusal.phase.discuss",
    "nominate": "lupusburg_refusal.phase.nominate", "runoff": "lupusburg_refusal.phase.runoff",
    "vote": "lupusburg_refusal.phase.vote", "decide": "lupusburg_refusal.phase.decide",
}
PHASE_ACTIONS: Mapping[str, tuple[type, ...]] = {
    "place": (Place,), "night": (Point,), "privilege": (Privilege, SkipPrivilege), "show": (ShowBack,),
    "seen": (Seen,), "broom": (GiveBroom,), "sweep": (Sweep,), "bet": (PassBet, Draw), "keep": (Keep,),
    "discuss": (EndDiscussion,), "nominate": (Vote,), "runoff": (Mark,), "vote": (Vote,), "decide": (Decide,),
}
BALLOT_PHASES = ("nominate", "runoff", "vote")


def _name(seat: str) -> dict[str, str]:
    """A seat's colour in both languages, for a refusal's parameter."""
    return data.colour_name(seat)


@dataclass
class LupusState:
    """The whole truth of a game; the views hide each player's characters, chest, coin, night call,
    looks and secret votes from everyone else (docs/rules-decisions.md)."""

    config: Config
    rng: Rng
    seats: tuple[str, ...]
    burgomaster: str
    phase: str = "place"                         # see the module's docstring; "over" at the end
    day: int = 0                                 # the night (and the day after it) under way, from 1
    redeals: int = 0                             # deals thrown back (one player held both roles)
    dealt: dict[str, tuple[str, str]] = field(default_factory=dict)        # secret
    werewolf: str = ""                           # secret: the player dealt the Werewolf
    thief: str = ""                              # secret: the player dealt the Thief
    characters: dict[str, dict[str, str]] = field(default_factory=dict)    # seat -> side -> character (secret)
    chest: dict[str, str] = field(default_factory=dict)                    # seat -> chest house's side (secret)
    alive: dict[str, dict[str, bool]] = field(default_factory=dict)        # seat -> side -> in the game
    order: tuple[str, ...] = ()                  # who acts in turn in this phase
    turn: int = 0                                # whose turn in ``order``
    pointed: dict[str, House] = field(default_factory=dict)                # tonight's calls (secret)
    privilege: PrivilegeLog | None = None        # today's, under way
    sweeper: str = ""
    broom_in_play: bool = False
    bag: list[int] = field(default_factory=list)                           # values secret, count public
    drawn: tuple[int, ...] = ()                  # coins in the bettor's hand (secret)
    bets: dict[str, Bet] = field(default_factory=dict)                     # coins secret
    draws: dict[str, tuple[int, ...]] = field(default_factory=dict)        # each bettor's drawn coins (secret)
    votes: dict[str, list[House]] = field(default_factory=dict)            # the round's secret ballots
    marks: dict[str, list[str]] = field(default_factory=dict)
    counts: tuple[tuple[House, int], ...] = ()   # the nomination's tally (every living character)
    suspects: tuple[House, ...] = ()             # chosen so far: paw, fur
    tied: tuple[House, ...] = ()                 # the Burgomaster chooses among these
    deciding: str = ""                           # "suspect" | "lynch"
    # the public record
    burgomasters: list[str] = field(default_factory=list)                  # each day's Burgomaster
    kills: list[Death] = field(default_factory=list)
    lynches: list[Death] = field(default_factory=list)
    privileges: list[PrivilegeLog] = field(default_factory=list)
    sweeps: list[SweepLog] = field(default_factory=list)
    ballots: list[Ballot] = field(default_factory=list)
    runoffs: list[Suspects] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    # what each seat alone learnt
    looks: dict[str, list[ChestLook]] = field(default_factory=dict)
    seen: dict[str, list[CharacterSeen]] = field(default_factory=dict)
    # the end
    end_reason: str = ""
    winners: tuple[str, ...] = ()
    scores: dict[str, int] = field(default_factory=dict)

    # ------------------------------------------------------------------------ the table

    def is_over(self) -> bool:
        return self.phase == "over"

    def living(self, seat: str) -> list[Side]:
        """The sides of ``seat``'s houses still in the game (its living characters)."""
        return [s for s in SIDES if self.alive.get(seat, {}).get(s, False)]

    def houses_left(self) -> list[House]:
        """Every house still in the game, in seating order, left before right."""
        return [House(p, s) for p in self.seats for s in self.living(p)]

    def others_houses(self, seat: str) -> list[House]:
        return [h for h in self.houses_left() if h.player != seat]

    def clockwise(self, start: str) -> tuple[str, ...]:
        """Every seat clockwise from ``start`` (included)."""
        i = self.seats.index(start)
        return self.seats[i:] + self.seats[:i]

    def voters(self) -> tuple[str, ...]:
        """Players with a living character (one vote each), clockwise from the Burgomaster."""
        return tuple(s for s in self.clockwise(self.burgomaster) if self.living(s))

    def role(self, seat: str) -> str:
        """``werewolf``, ``thief`` or ``townsfolk``: the role a player acts by (role contagion: with both
        his characters, until both are gone)."""
        return WEREWOLF if seat == self.werewolf else THIEF if seat == self.thief else TOWNSFOLK

    def werewolf_count(self) -> tuple[int, int]:
        """(the Werewolf player's living characters, all the others' together)."""
        wolf = len(self.living(self.werewolf))
        return wolf, sum(len(self.living(s)) for s in self.seats if s != self.werewolf)

    # ------------------------------------------------------------------------ the protocol

    def to_act(self) -> tuple[str, ...]:
        if self.phase in ("place", "night", "bet", "keep"):
            return (self.order[self.turn],)
        if self.phase in ("privilege", "show", "broom", "discuss", "decide"):
            return (self.burgomaster,)
        if self.phase == "seen":
            assert self.privilege is not None
            return (self.privilege.house.player,)
        if self.phase == "sweep":
            return (self.sweeper,)
        if self.phase in BALLOT_PHASES:
            return tuple(v for v in self.order if len(self._ballot(v)) < len(self.living(v)))
        return ()

    def _ballot(self, voter: str) -> list[Any]:
        return list(self.marks.get(voter, ())) if self.phase == "runoff" else list(self.votes.get(voter, ()))

    def legal_actions(self, seat: str) -> list[Action]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase == "place":
            return [Place(seat, s) for s in SIDES]
        if phase in ("night", "sweep"):
            kind = Point if phase == "night" else Sweep
            return [kind(seat, h.player, h.side) for h in self.others_houses(seat)]
        if phase == "privilege":
            return [*(Privilege(seat, h.player, h.side) for h in self.privilege_targets()),
                    SkipPrivilege(seat)]
        if phase == "show":
            return [ShowBack(seat, s) for s in self.living(seat)]
        if phase == "seen":
            return [Seen(seat)]
        if phase == "broom":
            return [GiveBroom(seat, p) for p in self.clockwise(seat)[1:]]
        if phase == "bet":
            return [PassBet(seat), Draw(seat)]
        if phase == "keep":
            return [Keep(seat, c, t) for c in sorted(set(self.drawn), reverse=True) for t in self.bet_targets(seat)]
        if phase == "discuss":
            return [EndDiscussion(seat)]
        if phase in ("nominate", "vote"):
            return [Vote(seat, h.player, h.side) for h in self.others_houses(seat)]
        if phase == "runoff":
            return [Mark(seat, "paw"), Mark(seat, "fur")]
        if phase == "decide":
            return [Decide(seat, h.player, h.side) for h in self.tied]
        return []

    def privilege_targets(self) -> list[House]:
        """The characters the Burgomaster may ask to see: another player's living ones (not one's only
        living character, with ``protect_last``)."""
        return [h for h in self.others_houses(self.burgomaster)
                if not (self.config.protect_last and len(self.living(h.player)) < 2)]

    def bet_targets(self, seat: str) -> list[str]:
        return [p for p in self.clockwise(seat)[1:] if self.config.bet_on_dead or self.living(p)]

    # ------------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        # Every check comes before the first change, so a refused action changes nothing.
        check_action(action)
        require(not self.is_over(), "lupusburg_refusal.over")
        require(isinstance(action, ACTIONS), "lupusburg_refusal.not_a_move")
        seat = action.seat
        require(seat in self.seats, "lupusburg_refusal.no_seat", seat=repr(seat))
        if seat not in self.to_act():
            raise self._not_your_turn(seat)
        if action not in self.legal_actions(seat):
            raise self._refusal(action)
        events: list[Event] = []
        if isinstance(action, Place):
            self._place(seat, action.chest, events)
        elif isinstance(action, Point):
            self._point(seat, House(action.player, action.side), events)
        elif isinstance(action, Privilege):
            self._privilege(House(action.player, action.side), events)
        elif isinstance(action, SkipPrivilege):
            events.append(Event("lupusburg.privilege_skipped", {"burgomaster": seat, "why": "chose"}))
            self._start_betting(events)
        elif isinstance(action, ShowBack):
            self._show_back(action.side, events)
        elif isinstance(action, Seen):
            events.append(Event("lupusburg.looked", {"seat": seat}))
            self._after_privilege(events)
        elif isinstance(action, GiveBroom):
            self.sweeper = action.player
            self.sweeps.append(SweepLog(self.day, seat, action.player))
            self.phase = "sweep"
            events.append(Event("lupusburg.broom_given", {"burgomaster": seat, "sweeper": action.player}))
        elif isinstance(action, Sweep):
            self._sweep(seat, House(action.player, action.side), events)
        elif isinstance(action, PassBet):
            events.append(Event("lupusburg.bet_passed", {"seat": seat}))
            self._next_bettor(events)
        elif isinstance(action, Draw):
            self._draw(seat, events)
        elif isinstance(action, Keep):
            self._keep(seat, action.coin, action.target, events)
        elif isinstance(action, EndDiscussion):
            events.append(Event("lupusburg.discussion_over", {"burgomaster": seat}))
            self._start_lynch(events)
        elif isinstance(action, Vote):
            self._vote(seat, House(action.player, action.side), events)
        elif isinstance(action, Mark):
            self._mark(seat, action.mark, events)
        elif isinstance(action, Decide):
            self._decide(House(action.player, action.side), events)
        return events

    def _not_your_turn(self, seat: str) -> IllegalAction:
        if self.phase in BALLOT_PHASES:
            if not self.living(seat):
                return IllegalAction("lupusburg_refusal.no_vote")
            return IllegalAction("lupusburg_refusal.voted")
        return IllegalAction("lupusburg_refusal.not_your_turn", who=_name(self.to_act()[0]))

    def _refusal(self, action: Action) -> IllegalAction:
        """The sentence for a move of the acting seat that the rules refuse now."""
        seat = action.seat
        if not isinstance(action, PHASE_ACTIONS[self.phase]):
            return IllegalAction(PHASE_KEYS[self.phase])
        player = getattr(action, "player", None)
        if isinstance(action, Keep):
            player = action.target
            if action.coin not in self.drawn:
                return IllegalAction("lupusburg_refusal.coin_not_drawn", coin=action.coin)
        if player is not None:
            if player not in self.seats:
                return IllegalAction("lupusburg_refusal.no_seat", seat=repr(player))
            if isinstance(action, Keep):
                if player == seat:
                    return IllegalAction("lupusburg_refusal.bet_self")
                return IllegalAction("lupusburg_refusal.bet_dead", who=_name(player))
            if isinstance(action, GiveBroom):
                return IllegalAction("lupusburg_refusal.broom_self")
            side = getattr(action, "side", "")
            if not self.alive[player].get(side, False):
                return IllegalAction("lupusburg_refusal.house_gone")
            if isinstance(action, Decide):
                return IllegalAction("lupusburg_refusal.not_tied")
            if player == seat:
                return IllegalAction("lupusburg_refusal.own_house")
            if isinstance(action, Privilege):
                return IllegalAction("lupusburg_refusal.last_character", who=_name(player))
        if isinstance(action, ShowBack):
            return IllegalAction("lupusburg_refusal.show_living")
        return IllegalAction("lupusburg_refusal.not_now")

    # ---- set-up

    def _place(self, seat: str, chest: str, events: list[Event]) -> None:
        cards = list(self.dealt[seat])
        other = "right" if chest == "left" else "left"
        role_card = next((c for c in cards if c != TOWNSFOLK), TOWNSFOLK)
        self.chest[seat] = chest
        self.characters[seat] = {chest: TOWNSFOLK, other: role_card}
        self.alive[seat] = {"left": True, "right": True}
        laid = {"seat": seat, "chest": chest, "characters": dict(self.characters[seat])}
        events.append(Event("lupusburg.placed", laid,
                            audience=frozenset({seat}), redacted=Event("lupusburg.placed", {"seat": seat})))
        self.turn += 1
        if self.turn >= len(self.order):
            self._begin_night(events)

    # ---- the night

    def _begin_night(self, events: list[Event]) -> None:
        self.day += 1
        self.burgomasters.append(self.burgomaster)
        self.phase = "night"
        self.order = self.clockwise(self.burgomaster)
        self.turn = 0
        self.pointed = {}
        events.append(Event("lupusburg.night", {"day": self.day, "burgomaster": self.burgomaster}))

    def _point(self, seat: str, house: House, events: list[Event]) -> None:
        self.pointed[seat] = house
        role = self.role(seat) if self.living(seat) else TOWNSFOLK
        told: dict[str, Any] = {"seat": seat, "player": house.player, "side": house.side, "role": role}
        if role == THIEF:
            chest = self.chest[house.player] == house.side
            self.looks.setdefault(seat, []).append(ChestLook(self.day, house, chest, "night"))
            told["chest"] = chest
        events.append(Event("lupusburg.called", told, audience=frozenset({seat}), reveal=True,
                            redacted=Event("lupusburg.called", {"seat": seat})))
        self.turn += 1
        if self.turn >= len(self.order):
            self._dawn(events)

    def _dawn(self, events: list[Event]) -> None:
        house = self.pointed[self.werewolf]
        self.pointed = {}
        self._remove(house, "killed", events)
        self.kills.append(Death(self.day, house))
        if not self._check_end(events):
            self._start_day(events)

    def _remove(self, house: House, kind: str, events: list[Event]) -> None:
        """A character and its house leave the game, unrevealed but to its owner."""
        character = self.characters[house.player][house.side]
        self.alive[house.player][house.side] = False
        public = {"day": self.day, "player": house.player, "side": house.side}
        events.append(Event(f"lupusburg.{kind}", {**public, "character": character}, audience=frozenset({house.player}),
                            redacted=Event(f"lupusburg.{kind}", public)))

    # ---- the day: the privilege and the broom

    def _start_day(self, events: list[Event]) -> None:
        self.privilege = None
        self.sweeper = ""
        if self.broom_in_play and sum(1 for s in self.seats if self.living(s)) < BROOM_PLAYERS:
            self.broom_in_play = False
            events.append(Event("lupusburg.broom_removed", {"day": self.day}))
        if not self.living(self.burgomaster):
            events.append(Event("lupusburg.privilege_skipped", {"burgomaster": self.burgomaster, "why": "dead"}))
            self._start_betting(events)
        elif not self.privilege_targets():
            events.append(Event("lupusburg.privilege_skipped", {"burgomaster": self.burgomaster, "why": "no_target"}))
            self._start_betting(events)
        else:
            self.phase = "privilege"

    def _privilege(self, house: House, events: list[Event]) -> None:
        bm = self.burgomaster
        character = self.characters[house.player][house.side]
        self.privilege = PrivilegeLog(self.day, bm, house)
        self.privileges.append(self.privilege)
        self.seen.setdefault(bm, []).append(CharacterSeen(self.day, house, character, "privilege"))
        public = {"burgomaster": bm, "player": house.player, "side": house.side}
        events.append(Event("lupusburg.privilege", {**public, "character": character},
                            audience=frozenset({bm, house.player}), reveal=True,
                            redacted=Event("lupusburg.privilege", public)))
        self.phase = "show"

    def _show_back(self, side: Side, events: list[Event]) -> None:
        assert self.privilege is not None
        bm, to = self.burgomaster, self.privilege.house.player
        shown = House(bm, side)
        character = self.characters[bm][side]
        self.privilege = replace(self.privilege, shown=shown)
        self.privileges[-1] = self.privilege
        self.seen.setdefault(to, []).append(CharacterSeen(self.day, shown, character, "shown"))
        public = {"burgomaster": bm, "to": to, "side": side}
        events.append(Event("lupusburg.shown", {**public, "character": character}, audience=frozenset({bm, to}),
                            reveal=True, redacted=Event("lupusburg.shown", public)))
        self.phase = "seen"

    def _after_privilege(self, events: list[Event]) -> None:
        if self.broom_in_play:
            self.phase = "broom"
        else:
            self._start_betting(events)

    def _sweep(self, seat: str, house: House, events: list[Event]) -> None:
        chest = self.chest[house.player] == house.side
        self.looks.setdefault(seat, []).append(ChestLook(self.day, house, chest, "broom"))
        self.sweeps[-1] = replace(self.sweeps[-1], house=house)
        public = {"seat": seat, "player": house.player, "side": house.side}
        events.append(Event("lupusburg.swept", {**public, "chest": chest}, audience=frozenset({seat}), reveal=True,
                            redacted=Event("lupusburg.swept", public)))
        self._start_betting(events)

    # ---- betting

    def _start_betting(self, events: list[Event]) -> None:
        self.order = tuple(s for s in self.clockwise(self.burgomaster) if s not in self.bets)
        self.turn = 0
        if self.order:
            self.phase = "bet"
        else:
            self._start_discussion(events)

    def _draw(self, seat: str, events: list[Event]) -> None:
        n = min(DRAW, len(self.bag))
        picked = [self.bag.pop(self.rng.below(len(self.bag))) for _ in range(n)]
        self.drawn = tuple(sorted(picked, reverse=True))
        public = {"seat": seat, "count": n}
        events.append(Event("lupusburg.drew", {**public, "coins": list(self.drawn)}, audience=frozenset({seat}),
                            reveal=True, redacted=Event("lupusburg.drew", public)))
        self.phase = "keep"

    def _keep(self, seat: str, coin: int, target: str, events: list[Event]) -> None:
        back = list(self.drawn)
        back.remove(coin)
        self.bets[seat] = Bet(self.day, target, coin)
        self.draws[seat] = self.drawn
        self.drawn = ()
        self.bag = sorted(self.bag + back, reverse=True)
        public = {"seat": seat, "target": target, "back": len(back)}
        events.append(Event("lupusburg.bet", {**public, "coin": coin}, audience=frozenset({seat}),
                            redacted=Event("lupusburg.bet", public)))
        self._next_bettor(events)

    def _next_bettor(self, events: list[Event]) -> None:
        self.turn += 1
        if self.turn >= len(self.order):
            self._start_discussion(events)
        else:
            self.phase = "bet"

    # ---- the discussion and the lynch

    def _start_discussion(self, events: list[Event]) -> None:
        self.order = ()
        self.turn = 0
        self.phase = "discuss"

    def _start_lynch(self, events: list[Event]) -> None:
        self.order = self.voters()
        self.suspects = ()
        self.tied = ()
        self.counts = ()
        self._open_ballots("nominate" if self.config.lynch == "two_rounds" else "vote", events)

    def _open_ballots(self, phase: str, events: list[Event]) -> None:
        self.phase = phase
        self.votes = {v: [] for v in self.order} if phase != "runoff" else {}
        self.marks = {v: [] for v in self.order} if phase == "runoff" else {}
        events.append(Event("lupusburg.ballots_open", {"round": self._round_name(),
                                                       "votes": {v: len(self.living(v)) for v in self.order}}))

    def _round_name(self) -> str:
        return {"nominate": "nomination", "runoff": "runoff", "vote": "plurality"}[self.phase]

    def _vote(self, seat: str, house: House, events: list[Event]) -> None:
        self.votes[seat].append(house)
        events.append(Event("lupusburg.voted", {"seat": seat, "player": house.player, "side": house.side},
                            audience=frozenset({seat}), redacted=Event("lupusburg.voted", {"seat": seat})))
        if not self.to_act():
            self._count_votes(events)

    def _mark(self, seat: str, mark: str, events: list[Event]) -> None:
        self.marks[seat].append(mark)
        events.append(Event("lupusburg.voted", {"seat": seat, "mark": mark}, audience=frozenset({seat}),
                            redacted=Event("lupusburg.voted", {"seat": seat})))
        if not self.to_act():
            self._count_marks(events)

    def _count_votes(self, events: list[Event]) -> None:
        round_name = self._round_name()
        for voter in self.order:
            self.ballots.append(Ballot(self.day, round_name, voter, houses=tuple(self.votes[voter])))
        tally = {h: 0 for h in self.houses_left()}
        for voter in self.order:
            for house in self.votes[voter]:
                tally[house] += 1
        self.counts = tuple(tally.items())
        events.append(Event("lupusburg.votes", {
            "round": round_name, "ballots": {v: [list(h) for h in self.votes[v]] for v in self.order},
            "tally": [[h.player, h.side, n] for h, n in self.counts if n]}, reveal=True))
        self.votes = {}
        if self.phase == "vote":
            top = max(tally.values())
            tied = tuple(h for h, n in self.counts if n == top)
            if len(tied) == 1:
                self._lynch(tied[0], events)
            else:
                self._ask(tied, "lynch", events)
        else:
            self._pick_suspects(events)

    def _pick_suspects(self, events: list[Event]) -> None:
        """The two most-voted characters become suspects; a tie at the second place (or three or
        more at the first) goes to the Burgomaster, one pick at a time."""
        chosen = list(self.suspects)
        rest = [(h, n) for h, n in self.counts if h not in chosen]
        while len(chosen) < 2:
            top = max(n for _, n in rest)
            level = [h for h, n in rest if n == top]
            if len(level) > 2 - len(chosen):
                self.suspects = tuple(chosen)
                self._ask(tuple(level), "suspect", events)
                return
            chosen += level
            rest = [(h, n) for h, n in rest if h not in level]
        self.suspects = tuple(chosen)
        paw, fur = self.suspects
        self.runoffs.append(Suspects(self.day, paw, fur))
        events.append(Event("lupusburg.suspects", {"paw": list(paw), "fur": list(fur)}))
        self._open_ballots("runoff", events)

    def _count_marks(self, events: list[Event]) -> None:
        for voter in self.order:
            self.ballots.append(Ballot(self.day, "runoff", voter, marks=tuple(self.marks[voter])))
        paw = sum(m.count("paw") for m in self.marks.values())
        fur = sum(m.count("fur") for m in self.marks.values())
        ballots = {v: list(self.marks[v]) for v in self.order}
        events.append(Event("lupusburg.votes", {"round": "runoff", "ballots": ballots, "paw": paw, "fur": fur},
                            reveal=True))
        self.marks = {}
        if paw != fur:
            self._lynch(self.suspects[0] if paw > fur else self.suspects[1], events)
        else:
            self._ask(self.suspects, "lynch", events)

    def _ask(self, tied: tuple[House, ...], purpose: str, events: list[Event]) -> None:
        self.tied = tied
        self.deciding = purpose
        self.phase = "decide"
        events.append(Event("lupusburg.tie", {"burgomaster": self.burgomaster, "purpose": purpose,
                                              "tied": [list(h) for h in tied]}))

    def _decide(self, house: House, events: list[Event]) -> None:
        self.decisions.append(Decision(self.day, self.burgomaster, self.deciding, self.tied, house))
        events.append(Event("lupusburg.decided", {"burgomaster": self.burgomaster, "purpose": self.deciding,
                                                  "player": house.player, "side": house.side}))
        purpose = self.deciding
        self.tied, self.deciding = (), ""
        if purpose == "suspect":
            self.suspects = (*self.suspects, house)
            self._pick_suspects(events)
        else:
            self._lynch(house, events)

    def _lynch(self, house: House, events: list[Event]) -> None:
        self.order, self.turn, self.counts, self.suspects = (), 0, (), ()
        self._remove(house, "lynched", events)
        self.lynches.append(Death(self.day, house))
        if self._check_end(events):
            return
        nxt = next(s for s in self.clockwise(self.burgomaster)[1:] + (self.burgomaster,) if self.living(s))
        if nxt != self.burgomaster:
            self.burgomaster = nxt
            events.append(Event("lupusburg.burgomaster", {"seat": nxt}))
        self._begin_night(events)

    # ---- the end

    def _check_end(self, events: list[Event]) -> bool:
        """After every death: the Werewolf wins with as many living characters as all the others
        together; he loses with none, and the others score. Whether the game is over."""
        wolf, others = self.werewolf_count()
        if wolf == 0:
            self.scores = {s: self.score(s) for s in self.seats if s != self.werewolf}
            self.winners = self._top_scores()
            self.end_reason = "werewolf_dead"
        elif wolf >= others:
            self.scores = {}
            self.winners = (self.werewolf,)
            self.end_reason = "werewolf_wins"
        else:
            return False
        self.phase = "over"
        self.order, self.turn, self.tied, self.deciding = (), 0, (), ""
        events.append(Event("lupusburg.over", {
            "reason": self.end_reason, "werewolf": self.werewolf, "thief": self.thief, "winners": list(self.winners),
            "scores": dict(self.scores), "characters": {s: dict(c) for s, c in self.characters.items()},
            "chests": dict(self.chest), "coins": {s: b.coin for s, b in self.bets.items()}}, reveal=True))
        return True

    def score(self, seat: str) -> int:
        """A player's points once the Werewolf lost: 2 a living character, the chest while its house's
        character lives, the coin of a correct bet (a wrong one: 0, or minus the coin by option)."""
        points = POINTS_PER_CHARACTER * len(self.living(seat))
        if seat in self.chest and self.alive[seat][self.chest[seat]]:
            points += self.config.chest_value
        bet = self.bets.get(seat)
        if bet is not None:
            if bet.target == self.werewolf:
                points += bet.coin
            elif self.config.wrong_bet == "minus_coin":
                points -= bet.coin
        return points

    def tie_key(self, seat: str) -> tuple[int, int]:
        """What breaks equal scores with ``coin_then_characters``: a correct bet's coin, then living characters."""
        bet = self.bets.get(seat)
        coin = bet.coin if bet is not None and bet.target == self.werewolf else 0
        return coin, len(self.living(seat))

    def _top_scores(self) -> tuple[str, ...]:
        best = max(self.scores.values())
        top = [s for s in self.seats if self.scores.get(s) == best and s != self.werewolf]
        if self.config.score_tie == "coin_then_characters":
            key = max(self.tie_key(s) for s in top)
            top = [s for s in top if self.tie_key(s) == key]
        return tuple(top)

    # ------------------------------------------------------------------------ the rest of the API

    def view(self, seat: str) -> Any:
        from game.lupusburg.rules.views import make_view

        if seat != TABLE and seat not in self.seats:
            raise ValueError(f"no seat called {seat!r}; this game has {', '.join(self.seats)} and {TABLE!r}")
        return make_view(self, seat)

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        return Result(winners=self.winners, reason=self.end_reason,
                      scores={s: float(v) for s, v in self.scores.items()})

    def snapshot(self) -> LupusState:
        return copy.deepcopy(self)


def deal(players: int, rng: Rng) -> tuple[dict[int, tuple[str, str]], int]:
    """Two characters to each player (by seat index), shuffled and dealt again while one player holds
    both the Werewolf and the Thief; the deal and how many deals were thrown back."""
    deck = list(data.deck(players))
    redeals = 0
    while True:
        rng.shuffle(deck)
        hands = {i: (deck[2 * i], deck[2 * i + 1]) for i in range(players)}
        if not any(set(h) == {WEREWOLF, THIEF} for h in hands.values()):
            return hands, redeals
        redeals += 1


def new_game(config: Mapping[str, Any], seed: int) -> LupusState:
    """A game at its set-up: the first Burgomaster chosen, the characters dealt, each player to lay
    out his houses in turn from the Burgomaster."""
    cfg = Config.from_mapping(config)
    data.coins()
    seats = cfg.seats()
    rng = Rng(seed)
    first = seats[rng.below(len(seats))] if cfg.first_burgomaster == "random" else seats[0]
    hands, redeals = deal(len(seats), rng)
    dealt = {seats[i]: hands[i] for i in range(len(seats))}
    holder = {card: seat for seat, hand in dealt.items() for card in hand if card != TOWNSFOLK}
    state = LupusState(
        config=cfg, rng=rng, seats=seats, burgomaster=first, redeals=redeals, dealt=dealt,
        werewolf=holder[WEREWOLF], thief=holder[THIEF],
        bag=list(data.coins()), broom_in_play=cfg.broom,
        looks={s: [] for s in seats}, seen={s: [] for s in seats})
    state.order = state.clockwise(first)
    return state


__all__ = ["Ballot", "Bet", "BetLog", "CharacterSeen", "ChestLook", "Config", "Death", "Decision", "House",
           "LupusState", "PrivilegeLog", "Suspects", "SweepLog", "deal", "new_game"]
