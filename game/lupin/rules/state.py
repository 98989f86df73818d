"""The round engine of Lupin the 3rd – The Board Game, base episodes (*Rosso rubino*, *Gran colpo
in banca*), as pure rules: ``new_game(config, seed)`` gives a :class:`LupinState` that follows the
engine's rules API (``game.engine.api.GameState``).

The game, in the order the rulebook plays it:

* **placement** – Zenigata places himself and 7 agents in columns 14–25 (this is the police's
  round 1); the guards stand on the Gem Lord's roofs, the police cars at L23–L24;
* **planning** – each gang member picks a secret start square and the gang buys its devices
  (``planning.py``); Lupin confirms the plan, or the clock runs out;
* **rounds 1–13**, each: phase 1 the police (from round 2: every police figure may move once and
  take one standard action, in any order), phase 2 the gang (each free member in the order the
  gang chooses: move, shoot or fight; the treasure carrier last), phase 3 the episode (the bus),
  phase 4 the treasure (members inside flip one tile each) and the round marker.

Hidden movement: a gang member's true position is known to his own seat; partners know it only
when they may talk (adjacent or in the same vehicle); Zenigata and the table see a member only
while he is *shown* on the board. A member is shown when he ends a move, or a policeman ends a
move, with him in a police line of fire, when he shoots or fights, and for good once he has held
the treasure (or Fujiko has betrayed); he is hidden again when he ends a move out of every line of
fire. The computer keeps each member's mission notes.

Every reading of an unclear clause is in ``docs/rules-decisions.md`` ("Lupin — the round").
"""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any, Mapping

from game.engine.api import Action, Event, IllegalAction, Result, Seat, check_action, require
from game.engine.grid import Sq, format_coord, parse_coord
from game.engine.rng import Rng
from game.lupin.rules import actions as A, hooks
from game.lupin.rules.boards import episode as episode_info, episode_geometry
from game.lupin.rules.characters import GANG_IDS, Sheet, sheet
from game.lupin.rules.combat import Combat
from game.lupin.rules.episode import EpisodeRules, rules_for
from game.lupin.rules.flow import Flow
from game.lupin.rules.gang import GangTurn
from game.lupin.rules.geometry import BoardState, Geometry
from game.lupin.rules.knowledge import Knowledge
# the hooks and the data, re-exported: other modules import them from here
from game.lupin.rules.hooks import ACTION_HANDLERS, PHASE_ACTIONS  # noqa: F401
from game.lupin.rules.hooks import register_handler, register_phase_actions  # noqa: F401
from game.lupin.rules.pieces import AGENTS_PLACED, AGENTS_TOTAL, ALARM_ROUND, BASE_EPISODES  # noqa: F401
from game.lupin.rules.pieces import BETRAYAL_CARD, BETRAYAL_LAST_ROUND, DEFAULTS, LIBERATORS  # noqa: F401
from game.lupin.rules.pieces import CAR_CAPACITY, CAR_HIT_ROLL, CAR_HITS, CAR_MOVE, HIT_ROLL  # noqa: F401
from game.lupin.rules.pieces import NOVICE_HIDDEN_ROUNDS, PLAYABLE_EPISODES, SEATS, TREASURE_PRIORITY  # noqa: F401
from game.lupin.rules.pieces import Car, Config, ConfigError, Figure, Note, Tile  # noqa: F401
from game.lupin.rules.pieces import register_episode, seating, square_refusal  # noqa: F401
from game.lupin.rules.police import Police
from game.lupin.rules.treasure import Treasure

# A text that names a square, in any spelling parse_coord reads ("a1", " K 12", "A01"), and the
# same after "under " (a spot under a bridge or the underpass).
_SQUARE_LIKE = re.compile(r"^(under\s+)?\s*[A-Za-z]\s*\d{1,3}\s*$", re.IGNORECASE)


def _check_squares(action: Action) -> None:
    """Squares in an action must be written as the rules write them ("K12", "under B4"): a square
    spelt otherwise is refused with the spelling to use, so that events, notes and saves hold one
    form only (and "k12" never stands for a different square than "K12")."""
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name == "seat" or not isinstance(value, str) or not _SQUARE_LIKE.match(value):
            continue
        under = value.lower().startswith("under")
        try:
            sq = parse_coord(value[len("under"):] if under else value)
        except ValueError as exc:
            raise square_refusal(exc) from None
        canonical = ("under " if under else "") + format_coord(sq)
        require(value == canonical, "lupin_refusal_core.square_spelling", canonical=canonical, value=value)


# ------------------------------------------------------------------------------------ the state

def new_game(config: Mapping[str, Any], seed: int) -> "LupinState":
    return LupinState(Config.from_mapping(config), seed)


class LupinState(Knowledge, Combat, Police, Treasure, GangTurn, Flow):
    """The whole game; see the module docstring. Compare with ``==`` (replays rely on it).

    The data and the rules API live here; the rules by concern live in knowledge.py, combat.py,
    police.py, treasure.py, gang.py and flow.py, of which this class is made."""

    def __init__(self, cfg: Config, seed: int):
        self.cfg = cfg
        self.rng = Rng(seed)
        self.seat_of = seating(cfg)
        self.gang = [c for c in GANG_IDS if c in self.seat_of]
        self.round = 1
        self.phase = "placement"
        self.rounds_total = episode_info(cfg.episode).rounds
        self.figures: dict[str, Figure] = {}
        self.cars = {f"car-{i}": Car(f"car-{i}") for i in (1, 2)}
        self.tiles: list[Tile] = []
        self.active: str | None = None          # the gang member whose turn is under way
        self.offer: tuple[str, str] | None = None   # (giver, receiver) of a treasure tile
        self.betrayed = False
        self.result_: Result | None = None
        self.treasure_out = False
        self.escape_order: list[str] = []
        self.log: list[Event] = []
        self.plan: Any = None                   # the devices' planning (planning.Plan), from planning on
        self.rides: dict[str, Any] = {}         # the gang's vehicles on the board (vehicles.Vehicle)
        self.traps: list[Any] = []              # shovel traps (devices.Trap), secret to their diggers
        self.radio_round = 0                    # the round a radio lets the whole gang talk
        self.extra: dict[str, Any] = {}         # an expansion episode's own state (stonehenge.py...)
        self.drained: set[str] = set()          # flooded zones drained (expansion: handwheel, tank lorry)
        self.open_temples: set[str] = set()     # temples opened (expansion: Cagliostro)
        self.alarm_round = ALARM_ROUND          # an episode may move it (cagliostro.py: 11)
        self._setup()

    # -------------------------------------------------------------- set-up
    @property
    def episode_rules(self) -> EpisodeRules:
        """The episode's own rules (episode.py; the base game's for the base episodes)."""
        return rules_for(self.cfg.episode)

    @property
    def geo(self) -> Geometry:
        return episode_geometry(self.cfg.episode)

    def board_state(self) -> BoardState:
        """What of the board has changed: temples opened, flooded zones drained (expansion)."""
        return BoardState(open_temples=frozenset(self.open_temples), drained=frozenset(self.drained))

    def _setup(self) -> None:
        board = self.geo.board
        self.figures["zenigata"] = Figure("zenigata", "zenigata")
        for i in range(1, AGENTS_TOTAL + 1):
            self.figures[f"agent-{i}"] = Figure(f"agent-{i}", "agent")
        if self.cfg.episode == "rosso-rubino":
            roofs = [s for b in sorted(board.buildings.values(), key=lambda b: b.name)
                     if b.props.get("treasure") for s in b.roof_squares]
            for i, sq in enumerate(roofs, 1):
                self.figures[f"guard-{i}"] = Figure(f"guard-{i}", "guard", spot=sq)
        for c in self.gang:
            self.figures[c] = Figure(c, "gang")
        # the two police cars stand at the parking, L23 and L24
        for car, sq in zip(self.cars.values(), sorted(board.squares_of("police_parking"))):
            car.home = car.spot = sq
        # the treasure tiles, shuffled face down: one by each building, or the bank's 4 vaults
        # (an expansion episode's module lays out its own treasure in the "setup" hook)
        if self.cfg.episode == "rosso-rubino":
            sites = sorted(p.props.get("building") or p.name for p in board.places_of("treasure_site"))
        else:
            sites = sorted(p.name for p in board.places_of("vault"))
        if self.cfg.episode in BASE_EPISODES:
            contents = self.rng.shuffled([True, False, False, False])
            self.tiles = [Tile(i, contents[i], sites[i], sites[i]) for i in range(4)]
        # mission decks: each member's own, shuffled, 2 secret cards in hand
        from game.lupin.rules.catalog import deck_for
        for c in self.gang:
            f = self.figures[c]
            f.deck = self.rng.shuffled(deck_for(c, self.cfg.episode, self.cfg.variant))
            for _ in range(2):
                self.draw_card(c, at_start=True)
        hooks.SETUP(self)   # the expansion's cards
        self.episode_rules.setup(self)   # expansion episodes: their treasure, cars, tokens

    # -------------------------------------------------------------- API: who acts
    def to_act(self) -> list[Seat]:
        if self.result_ is not None:
            return []
        waiting = self._waiting()
        if waiting:
            return waiting
        if self.phase == "placement":
            return ["zenigata"]
        if self.phase == "police":
            return ["zenigata"]
        if self.offer is not None:
            return [self.seat_of[self.offer[1]]]
        if self.phase == "planning":
            from game.lupin.rules.planning import planning_seats
            return planning_seats(self)
        if self.phase == "gang":
            if self.active is not None:
                return [self.seat_of[self.active]]
            return sorted({self.seat_of[c] for c in self.may_start_turn()}, key=SEATS.index)
        if self.phase == "treasure":
            return self.treasure_seats()
        return []

    def is_over(self) -> bool:
        return self.result_ is not None

    def _waiting(self) -> list[Seat]:
        """Seats that must answer first (a forced reveal of a disguise, cards.py)."""
        seats = {s for out in hooks.WAITING(self) for s in out}
        return sorted(seats, key=SEATS.index)

    def result(self) -> Result | None:
        return self.result_

    # -------------------------------------------------------------- helpers: figures
    def sheet_of(self, fid: str) -> Sheet:
        kind = self.figures[fid].kind
        return sheet(fid if kind in ("gang", "zenigata") else kind)

    def allowance(self, fid: str) -> int:
        f = self.figures[fid]
        squares = self.sheet_of(fid).movement(f.wounds)
        for fn in hooks.ALLOWANCE:   # mission cards (cards.py): doubled, halved
            squares = fn(self, fid, squares)
        return squares

    def free_members(self) -> list[str]:
        return [c for c in self.gang if not self.figures[c].escaped and self.figures[c].arrested_by is None]

    def on_board_police(self) -> list[str]:
        return [fid for fid, f in self.figures.items()
                if f.kind in ("zenigata", "agent", "guard") and f.spot is not None]

    def agents_on_board(self) -> list[str]:
        return [fid for fid, f in self.figures.items() if f.kind == "agent" and f.spot is not None]

    def agents_in_cars(self) -> int:
        return sum(len(c.agents) for c in self.cars.values())

    def reserve_agents(self) -> list[str]:
        return [fid for fid, f in self.figures.items()
                if f.kind == "agent" and f.spot is None and f.in_car is None]


    # -------------------------------------------------------------- API: legal actions
    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        extra = [a for provider in PHASE_ACTIONS.get(self.phase, ()) for a in provider(self, seat)]
        extra = [a for a in extra if not any(hooks.REFUSE(self, a))]
        if self._waiting():
            return extra
        return extra + self._own_legal_actions(seat)

    def _own_legal_actions(self, seat: Seat) -> list[Action]:
        out: list[Action] = []
        if self.phase == "placement":
            fid = self.next_to_place()
            for sq in self.placement_squares():
                out.append(A.Place(seat, fid, format_coord(sq)))
            return out
        if self.offer is not None:
            giver, receiver = self.offer
            return [A.AcceptTreasure(seat, receiver, True), A.AcceptTreasure(seat, receiver, False)]
        if self.phase == "planning":
            from game.lupin.rules.planning import planning_actions
            return planning_actions(self, seat)
        if self.phase == "police":
            return self.police_actions(seat)
        if self.phase == "gang":
            members = [self.active] if self.active else [c for c in self.may_start_turn() if self.seat_of[c] == seat]
            for c in members:
                out.extend(self.member_actions(seat, c))
            return out
        if self.phase == "treasure":
            for c in self.may_flip():
                if self.seat_of[c] == seat:
                    for t in self.flippable(c):
                        out.append(A.Flip(seat, c, t.index))
            out.append(A.EndTreasure(seat))
            return out
        return out

    # -------------------------------------------------------------- gang turns

    # -------------------------------------------------------------- combat targets

    # -------------------------------------------------------------- API: apply
    def apply(self, action: Action) -> list[Event]:
        check_action(action)   # a wrongly typed field is refused here, before any rule reads it
        _check_squares(action)
        if self.result_ is not None:
            raise IllegalAction("lupin_refusal_core.game_over")
        seat = action.seat
        if seat not in self.to_act():
            raise self.not_your_turn(seat)
        handler = getattr(self, "_do_" + type(action).__name__.lower(), None)
        if handler is None and type(action) in ACTION_HANDLERS:
            plugged = ACTION_HANDLERS[type(action)]
            handler = lambda a, ev: plugged(self, a, ev)  # noqa: E731
        require(handler is not None, "lupin_refusal_core.no_such_move")
        for refusal in hooks.REFUSE(self, action):
            if refusal is not None:
                raise refusal
        # Each handler checks everything before it changes anything: a refused action leaves the
        # state exactly as it was.
        events: list[Event] = []
        sharing = self.police_on_hidden()
        known = self.positions_known(seat)
        handler(action, events)
        self.mark_holders()
        if self.result_ is None:
            self.settle(events)
            self.tell_police_on_hidden(sharing, events)
            self.share_tiles(events)
        self.mark_learned(seat, known, events)
        self.log.extend(events)
        return events

    # set-up ----------------------------------------------------------

    # phases ----------------------------------------------------------

    # police ----------------------------------------------------------

    # combat ----------------------------------------------------------

    # reinforcements --------------------------------------------------

    # the gang's other moves ------------------------------------------

    # treasure --------------------------------------------------------

    # devices and cards ---------------------------------------------

    # cards -----------------------------------------------------------

    # notes and parsing -----------------------------------------------

    def parse_square(self, text: str) -> Sq:
        try:
            sq = parse_coord(text)
        except ValueError as exc:
            raise square_refusal(exc) from None
        require(sq in self.geo.board, "lupin_refusal_core.off_board", square=text)
        return sq

    # -------------------------------------------------------------- views
    def view(self, seat: Seat) -> dict[str, Any]:
        from game.lupin.rules.views import view_for
        return view_for(self, seat)

    # -------------------------------------------------------------- equality (replays compare)
    def _key(self) -> tuple:
        return (self.cfg, self.rng, self.round, self.phase, self.rounds_total, self.active, self.offer,
                self.betrayed, self.treasure_out, self.result_, tuple(self.escape_order), repr(self.plan),
                repr(sorted((k, vars(v)) for k, v in self.figures.items())),
                repr([vars(c) for c in self.cars.values()]),
                repr(sorted((k, vars(v)) for k, v in self.rides.items())),
                repr([vars(t) for t in self.traps]), self.radio_round, repr(sorted(self.extra.items())),
                sorted(self.drained), sorted(self.open_temples),
                repr([(t.index, t.treasure, t.home, t.site, t.carrier, sorted(t.seen_by)) for t in self.tiles]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LupinState) and self._key() == other._key()

    def snapshot(self) -> "LupinState":
        return copy.deepcopy(self)
