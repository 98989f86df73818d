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
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from game.engine.api import (TABLE, Action, Event, IllegalAction, Result, Seat, check_action, require)
from game.engine.grid import Sq, format_coord, parse_coord
from game.engine.rng import Rng
from game.lupin.rules import actions as A
from game.lupin.rules.boards import episode as episode_info, episode_geometry
from game.lupin.rules.characters import GANG_IDS, Sheet, sheet, zenigata_return
from game.lupin.rules.geometry import (GANG, PISTOL_RANGE, POLICE, RIFLE_RANGE, ZENIGATA, BoardState,
                                       Geometry, Inside, Spot, Under, spot_from_text, spot_to_text)

BASE_EPISODES = ("rosso-rubino", "gran-colpo")
# The episodes the round engine plays: the base ones, and each expansion episode whose rules module
# (game/lupin/rules/<episode>.py, imported by the package) registers it with register_episode.
PLAYABLE_EPISODES: list[str] = list(BASE_EPISODES)


def register_episode(episode_id: str) -> None:
    """An expansion episode's rules module: the round engine now plays ``episode_id``."""
    if episode_id not in PLAYABLE_EPISODES:
        PLAYABLE_EPISODES.append(episode_id)
SEATS = ("zenigata", "lupin", "jigen", "goemon", "fujiko")
TREASURE_PRIORITY = ("lupin", "jigen", "goemon", "fujiko")
# who must free whom, in order (rulebook table); Fujiko is not bound to free anybody
LIBERATORS = {"lupin": ("jigen", "goemon"), "jigen": ("goemon", "lupin"),
              "goemon": ("lupin", "jigen"), "fujiko": ("lupin", "jigen", "goemon")}
AGENTS_PLACED = 7
AGENTS_TOTAL = 10
CAR_CAPACITY = 4
CAR_MOVE = 12
CAR_HITS = 2
CAR_HIT_ROLL = 8
HIT_ROLL = 12
NOVICE_HIDDEN_ROUNDS = 5
ALARM_ROUND = 9
BETRAYAL_LAST_ROUND = 9    # "Perdonami Lupin..." has no value from round 10 on
BETRAYAL_CARD = "fujiko_perdonami_lupin"
DEFAULTS: dict[str, Any] = {
    "episode": "rosso-rubino", "players": 5, "difficulty": "expert",
    "novice_always_visible": False, "variant": "coop", "partner": None,
}


class ConfigError(ValueError):
    """A game set-up that cannot be played, with a sentence saying why."""


# Other rule modules (planning.py, devices, cards) plug in here: a handler per action type they
# define, called as handler(state, action, events) like the _do_* methods below, and extra legal
# actions per phase, called as provider(state, seat) and added to what this module offers.
ACTION_HANDLERS: dict[type, Any] = {}
PHASE_ACTIONS: dict[str, list[Any]] = {}


def register_handler(action_type: type):
    def deco(fn):
        ACTION_HANDLERS[action_type] = fn
        return fn
    return deco


def register_phase_actions(phase: str):
    def deco(fn):
        PHASE_ACTIONS.setdefault(phase, []).append(fn)
        return fn
    return deco


# Named hooks for the vehicles and devices (vehicles.py, devices.py): functions called as
# fn(state, *args) at fixed points of the round (LupinState._hook):
#   "gang_phase" (ev)              a gang phase begins (vehicles bought are put on the board)
#   "moved" (who, frm, to, ev)     a figure or a police car has moved (traps; a rider walks off);
#                                  frm None: an agent got out of a police car
#   "settle" (ev)                  after every action (vehicles spotted or set aside)
#   "occupied" () -> {square: id}  more pieces everybody sees on the board
#   "vehicles" () -> [square]      more vehicles that block sight
#   "talk" (a, b) -> bool          partners who may talk though not next to each other (a radio)
#   "shoot_targets" (fid) -> [id]  more targets a figure may shoot at
#   "shoot" (action, ev) -> bool   True when it resolved a shot at one of those targets
#   "may_shoot" (fid) -> bool      False: the figure cannot shoot now (mission cards, cards.py)
#   "attackable" (fid, tid) -> bool  False: police figure fid may not attack member tid now
#   "unseen" (fid) -> bool         True: the member stays unseen though in a line of fire
#   "allowance" (fid, squares) -> squares   the movement this round, changed (mission cards)
#   "gang_moves" / "gang_attacks" (fid, out) -> out   a member's move squares / attack targets,
#                                  narrowed by forced mission cards (LupinState._narrowed)
# and, for a member hidden inside a police agent (cards.py, *Travestimento perfetto*):
#   "waiting" () -> [seat]         seats that must answer before anybody else acts (a forced reveal)
#   "refuse" (action) -> str|None  a sentence refusing an action the rules do not allow now
#   "member_actions" (seat, c) -> [action]|None   replaces a member's own actions (None: as usual)
#   "police_attack" (action, ev) -> bool   True: a police Shoot/Melee was resolved otherwise
#   "strike" (attacker, defender, ev) -> bool   True: no blow is struck (a counter-attack)
#   "eliminating" (fid, by, ev) -> bool    True: the figure was not eliminated as usual
#   "holding" (agent, ev) -> bool  True: this agent cannot hold a prisoner (pick another)
# and, for the expansion's cards and devices (cards.py, vehicles.py):
#   "drawn" (c, card, at_start, ev|None) -> bool   True: the card was dealt with (void, played)
#   "all_shown" () -> bool         True: every gang member is on the board now (floodlights)
#   "may_take" (c) -> bool         False: the member may not take the treasure (he renounced it)
#   "winners" (winners, reason) -> winners   the seats that win, changed (Fujiko with the police)
# and, for an expansion episode's own rules (cagliostro.py):
#   "start_squares" (c, escape) -> [Sq]|None   member c's own start (escape) squares
#   "first_to_play" (waiting) -> [id]|None      who must play first in the gang phase
#   "traitor" () -> bool|None      whether Fujiko is a traitor now
#   "apart" (a, b) -> bool         True: these two members never share what they know
#   "team_seats" (fid, seats) -> seats   the seats told the gang's secrets (about fid)
#   "loyal" (members) -> members   the members playing for the gang
#   "placement_squares" (squares) -> squares   where the police may be placed at set-up
#   "plan_confirmed" (ev) -> bool  True: an episode's own planning step follows the gang's
HOOKS: dict[str, list[Any]] = {}


def register_hook(name: str):
    def deco(fn):
        HOOKS.setdefault(name, []).append(fn)
        return fn
    return deco


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
            raise IllegalAction(str(exc)) from None
        canonical = ("under " if under else "") + format_coord(sq)
        require(value == canonical, f"Write the square as {canonical}, not {value!r}.")


# ------------------------------------------------------------------------------------ config

@dataclass(frozen=True)
class Config:
    episode: str
    players: int
    difficulty: str
    novice_always_visible: bool
    variant: str
    partner: str | None

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> "Config":
        unknown = sorted(set(raw) - set(DEFAULTS))
        if unknown:
            raise ConfigError(f"unknown setting(s) for Lupin: {', '.join(unknown)}; "
                              f"the settings are {', '.join(DEFAULTS)}")
        v = {**DEFAULTS, **raw}
        if v["episode"] not in PLAYABLE_EPISODES:
            raise ConfigError(f"the round engine plays {', '.join(PLAYABLE_EPISODES)}; "
                              f"{v['episode']!r} is not one of them yet")
        if not isinstance(v["players"], int) or isinstance(v["players"], bool) or not 2 <= v["players"] <= 5:
            raise ConfigError("Lupin is played by 2 to 5 players")
        if v["difficulty"] not in ("novice", "expert"):
            raise ConfigError("the difficulty is 'novice' or 'expert'")
        if v["variant"] not in ("coop", "all-vs-all"):
            raise ConfigError("the variant is 'coop' or 'all-vs-all'")
        if v["variant"] == "all-vs-all" and v["episode"] not in BASE_EPISODES:
            raise ConfigError(f"{v['episode']!r} is played by a co-operative gang only: the expansion "
                              "rulebook drops the all-against-all variant")
        if v["variant"] == "all-vs-all" and v["players"] < 3:
            raise ConfigError("all against all needs at least 3 players (Zenigata and two of the gang)")
        if not isinstance(v["novice_always_visible"], bool):
            raise ConfigError("novice_always_visible is true or false")
        partner = v["partner"]
        if partner is not None and partner not in ("jigen", "goemon", "fujiko"):
            raise ConfigError("Lupin's partner is jigen, goemon or fujiko")
        if v["players"] == 3 and partner == "jigen" and v["variant"] == "coop":
            raise ConfigError("with 3 players Jigen's player has Jigen: Lupin picks goemon or fujiko")
        return cls(**v)


def seating(cfg: Config) -> dict[str, Seat]:
    """Which seat plays each character (rulebook table of players and roles)."""
    seats = {"zenigata": "zenigata"}
    if cfg.variant == "all-vs-all":
        for c in ("lupin", "jigen", "fujiko", "goemon")[: cfg.players - 1]:
            seats[c] = c
        return seats
    if cfg.players == 2:
        seats.update({"lupin": "lupin", cfg.partner or "jigen": "lupin"})
    elif cfg.players == 3:
        partner = cfg.partner or "goemon"
        seats.update({"lupin": "lupin", partner: "lupin"})
        for c in ("jigen", "goemon", "fujiko"):
            seats.setdefault(c, "jigen")
    elif cfg.players == 4:
        seats.update({"lupin": "lupin", "goemon": "lupin", "jigen": "jigen", "fujiko": "fujiko"})
    else:
        seats.update({c: c for c in GANG_IDS})
    return seats


# ------------------------------------------------------------------------------------ pieces

@dataclass
class Note:
    """One line of a gang member's mission notes: round, from, to, action, kills, wounds."""

    round: int
    frm: str
    to: str
    action: str
    kills: int
    wounds: int


@dataclass
class Figure:
    id: str
    kind: str                      # gang | zenigata | agent | guard
    spot: Any = None               # Sq | Inside | Under | None (off the board)
    wounds: int = 0
    moved: bool = False
    acted: bool = False
    # gang
    shown: bool = False            # placed on the board for everybody to see
    exposed: bool = False          # on a roof and has just shot
    always_shown: bool = False     # has held the treasure, or Fujiko has betrayed
    held_treasure: bool = False    # has held the real treasure, even once: plays last to the end
    arrested_by: str | None = None
    escaped: bool = False
    blocked_until: int = 0         # Fujiko's theft: no move nor attack until this round
    kills: int = 0
    points_given_up: int = 0       # all against all: half the points, to get free of an arrest
    devices: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    deck: list = field(default_factory=list)
    hand: list = field(default_factory=list)
    discard: list = field(default_factory=list)
    turn_done: bool = False
    flipped: bool = False
    cards_played: int = 0          # this turn (one mission card a turn)
    devices_used: int = 0          # this turn (up to two devices a turn)
    # police
    holding: str | None = None     # the gang member this agent holds under arrest
    in_car: str | None = None      # the police car (agents) or gang vehicle (members) aboard
    knocked_out: bool = False      # Zenigata after his last wound, until the next round
    # devices (devices.py)
    turn_devices: list = field(default_factory=list)   # tiles used this turn
    glides: int = 0                # hang glider: glides made from roof to roof with this tile
    decoy_round: int = 0           # the round he let a "false target" balloon go
    cards: dict = field(default_factory=dict)   # mission cards in play: their marks (cards.py)


@dataclass
class Car:
    id: str
    home: Any = None               # its square of the police parking (L23 or L24)
    spot: Any = None               # where it stands (parked at home), or None once destroyed
    agents: list = field(default_factory=list)
    hits: int = 0
    driven: bool = False


@dataclass
class Tile:
    index: int
    treasure: bool
    home: str                      # its place: a building (Rosso rubino) or a vault (Gran colpo)
    site: str | None               # where it lies face down now (None: somebody holds it)
    carrier: str | None = None     # the gang member holding it face down, or "zenigata"
    seen_by: set = field(default_factory=set)   # seats that know what this tile is


# ------------------------------------------------------------------------------------ the state

def new_game(config: Mapping[str, Any], seed: int) -> "LupinState":
    return LupinState(Config.from_mapping(config), seed)


class LupinState:
    """The whole game; see the module docstring. Compare with ``==`` (replays rely on it)."""

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
                self._draw_card(c, at_start=True)
        self._hook("setup")   # expansion episodes: their treasure, cars, tokens

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
            return sorted({self.seat_of[c] for c in self._may_start_turn()}, key=SEATS.index)
        if self.phase == "treasure":
            return self._treasure_seats()
        return []

    def is_over(self) -> bool:
        return self.result_ is not None

    def _waiting(self) -> list[Seat]:
        """Seats that must answer first (a forced reveal of a disguise, cards.py)."""
        seats = {s for out in self._hook("waiting") for s in out}
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
        for fn in HOOKS.get("allowance", ()):   # mission cards (cards.py): doubled, halved
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
        if any(self._hook("all_shown")):   # Zenigata's floodlights (cards.py)
            return True
        return f.shown

    def _hook(self, name: str, *args: Any) -> list[Any]:
        return [fn(self, *args) for fn in HOOKS.get(name, ())]

    def may_talk(self, a: str, b: str) -> bool:
        """Gang members may share what they know when adjacent, in the same vehicle, or over a
        radio this round."""
        if any(self._hook("apart", a, b)):   # a member who keeps apart (cagliostro.py: Fujiko)
            return False
        if self.near(a, b):
            return True
        if self.figures[a].spot is None or self.figures[b].spot is None:
            return False
        return any(self._hook("talk", a, b))

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
        for more in self._hook("occupied"):
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
        for more in self._hook("vehicles"):
            out.extend(more)
        return out

    def in_police_sight(self, fid: str) -> bool:
        f = self.figures[fid]
        if f.spot is None or isinstance(f.spot, (Inside, Under)) or self._on_bus(f.spot):
            return False
        if any(self._hook("unseen", fid)):
            return False
        geo = self.geo
        exposed = [f.spot] if f.exposed else []
        return f.spot in geo.watched(self.viewers(), vehicles=self.vehicles(), exposed=exposed)

    def _on_bus(self, spot: Any) -> bool:
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

    # -------------------------------------------------------------- API: legal actions
    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        extra = [a for provider in PHASE_ACTIONS.get(self.phase, ()) for a in provider(self, seat)]
        extra = [a for a in extra if not any(self._hook("refuse", a))]
        if self._waiting():
            return extra
        return extra + self._own_legal_actions(seat)

    def _own_legal_actions(self, seat: Seat) -> list[Action]:
        out: list[Action] = []
        if self.phase == "placement":
            fid = self._next_to_place()
            for sq in self._placement_squares():
                out.append(A.Place(seat, fid, format_coord(sq)))
            return out
        if self.offer is not None:
            giver, receiver = self.offer
            return [A.AcceptTreasure(seat, receiver, True), A.AcceptTreasure(seat, receiver, False)]
        if self.phase == "planning":
            from game.lupin.rules.planning import planning_actions
            return planning_actions(self, seat)
        if self.phase == "police":
            return self._police_actions(seat)
        if self.phase == "gang":
            members = [self.active] if self.active else [c for c in self._may_start_turn() if self.seat_of[c] == seat]
            for c in members:
                out.extend(self._member_actions(seat, c))
            return out
        if self.phase == "treasure":
            for c in self._may_flip():
                if self.seat_of[c] == seat:
                    for t in self._flippable(c):
                        out.append(A.Flip(seat, c, t.index))
            out.append(A.EndTreasure(seat))
            return out
        return out

    def _placement_squares(self) -> list[Sq]:
        geo, occ = self.geo, self.occupied()
        lo, hi = episode_info(self.cfg.episode).police_columns or (1, geo.board.cols)
        kind = ZENIGATA if self._next_to_place() == "zenigata" else POLICE   # he may stand among the stones
        out = [sq for sq in geo.board.squares()
               if lo - 1 <= sq.col <= hi - 1 and sq not in occ and geo.can_stand(sq, kind)
               and not geo.board.cell(sq).roof and not any(p.kind == "police_parking" for p in geo.board.places_at(sq))]
        for narrow in HOOKS.get("placement_squares", ()):   # cagliostro.py: the site's dirt only
            out = narrow(self, out)
        return out

    def _next_to_place(self) -> str:
        if self.figures["zenigata"].spot is None:
            return "zenigata"
        placed = len(self.agents_on_board())
        return f"agent-{placed + 1}"

    def _start_squares(self, c: str | None = None, escape: bool = False) -> list[Sq]:
        """Where member ``c`` may start (``escape``: leave the map); an episode may give each
        member his own (cagliostro.py: Fujiko at T1/T25)."""
        for own in self._hook("start_squares", c, escape):
            if own is not None:
                return own
        return sorted(self.geo.board.squares_of("start"))

    def _start_actions(self, seat: Seat) -> list[Action]:
        """Planning: a start square for each of the seat's members who has none yet."""
        out: list[Action] = []
        for c in self.gang:
            if self.seat_of[c] == seat and self.figures[c].spot is None:
                taken = {self.figures[g].spot for g in self.gang} if (
                    self.cfg.difficulty == "novice" and self.cfg.novice_always_visible) else set()
                for sq in self._start_squares(c):
                    if sq not in taken:
                        out.append(A.ChooseStart(seat, c, format_coord(sq)))
        return out

    def _police_move_targets(self, fid: str) -> list[Spot]:
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

    def _police_actions(self, seat: Seat) -> list[Action]:
        out: list[Action] = []
        for fid in self.on_board_police():
            f = self.figures[fid]
            for s in self._police_move_targets(fid):
                out.append(A.Move(seat, fid, spot_to_text(s)))
            if not f.acted and not f.holding and not f.knocked_out and not f.in_car:
                for target in self._shoot_targets(fid):
                    out.append(A.Shoot(seat, fid, target, self._weapon_of(fid)))
                for target in self._melee_targets(fid):
                    out.append(A.Melee(seat, fid, target))
        for fid in self.shooters_in_cars():   # every agent aboard a car may shoot from it
            if not self.figures[fid].acted:
                for target in self._shoot_targets(fid):
                    out.append(A.Shoot(seat, fid, target, self._weapon_of(fid)))
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
                    more = [s for extra in self._hook("reinforcement_squares") for s in extra]
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

    # -------------------------------------------------------------- gang turns
    def _may_start_turn(self) -> list[str]:
        waiting = [c for c in self.gang if not self.figures[c].turn_done and not self.figures[c].escaped]
        for first in self._hook("first_to_play", waiting):   # cagliostro.py: Fujiko always first
            if first:
                return first
        # "Oh mio caro Lupin..." (option B): Fujiko, given the loot by Lupin, moves first
        first = [c for c in waiting if self._carries_treasure(c) and self.figures[c].cards.get("first")]
        if first:
            return first
        # whoever has held the treasure, even once, moves last ("muoverà sempre per ultimo")
        last = [c for c in waiting if self.plays_last(c)]
        others = [c for c in waiting if c not in last]
        return others or last

    def plays_last(self, c: str) -> bool:
        """Whether member ``c`` has held the mission's treasure (even once, even if he holds it
        no more): he moves last in every gang phase to the end of the game."""
        return self.figures[c].held_treasure or self._carries_treasure(c)

    def _mark_holders(self) -> None:
        """Remember who holds the real treasure now (after every action): he plays last for good."""
        for t in self.tiles:
            if t.treasure and t.carrier in self.gang:
                self.figures[t.carrier].held_treasure = True

    def _carries(self, fid: str) -> bool:
        return any(t.carrier == fid for t in self.tiles)

    def _carries_treasure(self, fid: str) -> bool:
        return any(t.carrier == fid and t.treasure for t in self.tiles)

    def _member_actions(self, seat: Seat, c: str) -> list[Action]:
        f = self.figures[c]
        for only in self._hook("member_actions", seat, c):
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
            for target in self._shoot_targets(c):
                out.append(A.Shoot(seat, c, target, self._weapon_of(c)))
            for target in self._melee_targets(c):
                out.append(A.Melee(seat, c, target))
        out.extend(self._card_and_device_actions(seat, c))
        if self._on_start_square(c):
            out.append(A.Escape(seat, c))
        if self._carries(c):
            for other in self.gang:
                if other != c and self._can_receive(c, other):
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
        return self._narrowed("gang_moves", c, out)

    def _narrowed(self, name: str, fid: str, out: list[Any]) -> list[Any]:
        """Forced mission cards (cards.py: *Nessuno resta indietro*) narrow a member's moves/attacks."""
        if self.figures[fid].kind == "gang":
            for fn in HOOKS.get(name, ()):
                out = fn(self, fid, out)
        return out

    def _on_start_square(self, c: str) -> bool:
        f = self.figures[c]
        return isinstance(f.spot, tuple) and not isinstance(f.spot, (Inside, Under)) \
            and f.spot in set(self._start_squares(c, escape=True))

    def _can_receive(self, giver: str, receiver: str) -> bool:
        r = self.figures[receiver]
        return (not r.escaped and r.arrested_by is None and self.near(giver, receiver)
                and not self._carries(receiver) and all(self._hook("may_take", receiver)))

    # -------------------------------------------------------------- combat targets
    def _weapon_of(self, fid: str) -> str:
        return "rifle" if self.figures[fid].kind == "guard" else "pistol"

    def _range_of(self, fid: str, weapon: str) -> int:
        return RIFLE_RANGE if weapon == "rifle" else PISTOL_RANGE

    def _attack_spot(self, fid: str) -> Any:
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

    def _shoot_targets(self, fid: str) -> list[str]:
        f = self.figures[fid]
        weapon = self._weapon_of(fid)
        skill = self.sheet_of(fid).skill(weapon)
        origin = self._attack_spot(fid)
        if skill <= 0 or origin is None or isinstance(origin, Under):
            return []
        if not all(self._hook("may_shoot", fid)):
            return []
        rng = self._range_of(fid, weapon)
        geo = self.geo
        out = []
        vehicles = [v for v in self.vehicles() if v != origin]   # his own car does not block him
        for tid in self._enemies_of(fid):
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
        for more in self._hook("shoot_targets", fid):
            out.extend(more)
        return self._narrowed("gang_attacks", fid, out)

    def _melee_targets(self, fid: str) -> list[str]:
        f = self.figures[fid]
        if f.spot is None or isinstance(f.spot, (Inside, Under)) or f.in_car:
            return []
        return self._narrowed("gang_attacks", fid, [
            tid for tid in self._enemies_of(fid)
            if abs(self.figures[tid].spot.row - f.spot.row) + abs(self.figures[tid].spot.col - f.spot.col) == 1])

    def _enemies_of(self, fid: str) -> list[str]:
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
                if isinstance(t.spot, (Inside, Under)) or self._on_bus(t.spot) or not self.is_shown(tid):
                    continue
                if not all(self._hook("attackable", fid, tid)):
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
            return self._fujiko_traitor() or self.betrayed
        return self.betrayed and "fujiko" in self.figures

    def _fujiko_traitor(self) -> bool:
        for verdict in self._hook("traitor"):   # cagliostro.py: she starts as a traitor
            if verdict is not None:
                return verdict
        f = self.figures.get("fujiko")
        return f is not None and BETRAYAL_CARD in f.hand and self._betrayal_allowed()

    def _betrayal_allowed(self) -> bool:
        return self.cfg.variant == "coop" and self.cfg.players >= 4

    def _treasure_seats(self) -> list[Seat]:
        """Phase 4: every gang seat with a member free on the board who has neither acted in this
        phase nor passed, whether or not he could flip (or dig) now. Who may act here must not tell
        the table who stands inside a treasure building, so it depends on public facts only
        (escaped, arrested, what was done in this phase); a seat that can do nothing passes."""
        return sorted({self.seat_of[c] for c in self.gang if not self.figures[c].flipped
                       and self.figures[c].arrested_by is None and not self.figures[c].escaped},
                      key=SEATS.index)

    def _may_flip(self) -> list[str]:
        """Members who may act in phase 4: flip a tile, or an episode's own act (hook "may_flip")."""
        return [c for c in self.gang if not self.figures[c].flipped and self.figures[c].arrested_by is None
                and not self.figures[c].escaped and (self._flippable(c) or any(self._hook("may_flip", c)))]

    def _flippable(self, c: str) -> list[Tile]:
        spot = self.figures[c].spot
        if not all(self._hook("may_take", c)):
            return []   # Il tesoro non mi interessa (cards.py)
        if not isinstance(spot, Inside):
            return []
        b = self.geo.board.buildings.get(spot.building)
        if b is None or not b.props.get("treasure"):
            return []
        if self.cfg.episode == "rosso-rubino":
            return [t for t in self.tiles if t.site == spot.building]
        return [t for t in self.tiles if t.site is not None]

    # -------------------------------------------------------------- API: apply
    def apply(self, action: Action) -> list[Event]:
        check_action(action)   # a wrongly typed field is refused here, before any rule reads it
        _check_squares(action)
        if self.result_ is not None:
            raise IllegalAction("The game is over.")
        seat = action.seat
        require(seat in self.to_act(), self._not_your_turn(seat))
        handler = getattr(self, "_do_" + type(action).__name__.lower(), None)
        if handler is None and type(action) in ACTION_HANDLERS:
            plugged = ACTION_HANDLERS[type(action)]
            handler = lambda a, ev: plugged(self, a, ev)  # noqa: E731
        require(handler is not None, "That move does not exist in this game.")
        for refusal in self._hook("refuse", action):
            if refusal is not None:
                raise refusal
        # Each handler checks everything before it changes anything: a refused action leaves the
        # state exactly as it was.
        events: list[Event] = []
        sharing = self._police_on_hidden()
        known = self._positions_known(seat)
        handler(action, events)
        self._mark_holders()
        if self.result_ is None:
            self._settle(events)
            self._tell_police_on_hidden(sharing, events)
        self._mark_learned(seat, known, events)
        self.log.extend(events)
        return events

    def _positions_known(self, seat: Seat) -> dict[str, bool] | None:
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

    def _mark_learned(self, seat: Seat, known: dict[str, bool] | None, ev: list[Event]) -> None:
        """An action that showed its own seat where a member of another seat stands (Zenigata's
        agent spots a hidden member; a gang member steps next to a hidden partner) revealed
        something to that seat, so it ends undo for it: its "spotted" events (else the first
        event it sees) are marked ``reveal``. Undoing it would let a seat look and take it back."""
        if known is None:
            return
        after = self._positions_known(seat) or {}
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

    def _police_on_hidden(self) -> set[tuple[str, str, Any]]:
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

    def _tell_police_on_hidden(self, before: set[tuple[str, str, Any]], ev: list[Event]) -> None:
        """A policeman (or a police car) has just stopped on a hidden member's square: the gang
        seats that know where he is are told; the police and the table are told nothing."""
        for c, who, square in sorted(self._police_on_hidden() - before, key=lambda x: (x[0], x[1])):
            ev.append(Event("police_on_hidden", {"figure": c, "police": who, "square": spot_to_text(square)},
                            audience=self._gang_seats_knowing(c)))

    def _settle(self, ev: list[Event]) -> None:
        """One figure a square among those on the board: when two gang members are shown on the
        same square (spotted together, carried by the bus, or both placed), the second goes to
        the nearest free square around it (rulebook: "porre il secondo … in una casella adiacente")."""
        self._hook("settle", ev)
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
            target = self._free_square_near(square)
            if target is None:
                return
            self.figures[mover].spot = target
            self._note(mover, spot_to_text(square), spot_to_text(target), "aside")
            ev.append(Event("set_aside", {"figure": mover, "from": spot_to_text(square), "to": spot_to_text(target)}))

    def _free_square_near(self, square: Sq) -> Sq | None:
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
                        and not geo.board.cell(sq).roof and not self._on_bus(sq):
                    return sq
        return None

    def _not_your_turn(self, seat: Seat) -> str:
        who = ", ".join(self.to_act()) or "nobody"
        if self.phase == "gang":
            last = [c for c in self.gang if self.seat_of[c] == seat and self.plays_last(c)
                    and not self.figures[c].turn_done]
            if last:
                return f"{last[0]} has held the treasure: he plays last, after {who}."
        return f"It is not {seat}'s turn: waiting for {who}."

    # set-up ----------------------------------------------------------
    def _do_place(self, a: A.Place, ev: list[Event]) -> None:
        require(self.phase == "placement", "Placement is over.")
        fid = self._next_to_place()
        require(a.figure == fid, f"Place {fid} next.")
        sq = self._parse_square(a.square)
        require(sq in set(self._placement_squares()),
                f"{a.square} is not a free square Zenigata may use at set-up (columns "
                f"{'-'.join(map(str, episode_info(self.cfg.episode).police_columns or ()))}, no roofs, no parking).")
        self.figures[fid].spot = sq
        ev.append(Event("placed", {"figure": fid, "square": a.square}))
        if len(self.agents_on_board()) == AGENTS_PLACED:
            self.phase = "planning"
            ev.append(Event("phase", {"phase": "planning", "round": self.round}))
            from game.lupin.rules.planning import start_planning
            start_planning(self, ev)   # budget, shop, free tiles; all against all: the dice

    def _do_choosestart(self, a: A.ChooseStart, ev: list[Event]) -> None:
        require(self.phase == "planning", "The plan is already made.")
        require(a.figure in self.gang and self.seat_of[a.figure] == a.seat, f"{a.figure} is not yours to move.")
        require(self.figures[a.figure].spot is None, f"{a.figure} already has a start square.")
        sq = self._parse_square(a.square)
        require(sq in set(self._start_squares(a.figure)), f"{a.square} is not a start square for {a.figure}.")
        f = self.figures[a.figure]
        if self.cfg.difficulty == "novice" and self.cfg.novice_always_visible:
            require(all(self.figures[c].spot != sq for c in self.gang),
                    f"{a.square} is taken: the gang is always visible, one figure a square.")
        f.spot = sq
        gang_seats = self.team_seats(a.figure)
        ev.append(Event("start_chosen", {"figure": a.figure, "square": a.square}, audience=gang_seats,
                        redacted=Event("start_chosen", {"figure": a.figure})))

    def _do_confirmplan(self, a: A.ConfirmPlan, ev: list[Event]) -> None:
        from game.lupin.rules.planning import confirm_plan
        confirm_plan(self, a, ev)   # checks, the time-out's start squares, the leftovers
        ev.append(Event("plan_confirmed", {"timed_out": a.timed_out}))
        if any(self._hook("plan_confirmed", ev)):   # an episode's own planning step follows (cagliostro.py)
            return
        self._start_gang_phase(ev)

    # phases ----------------------------------------------------------
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

    def _start_gang_phase(self, ev: list[Event]) -> None:
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
        self._hook("gang_phase", ev)
        if not self._may_start_turn():
            self._end_gang_phase(ev)

    def _end_gang_phase(self, ev: list[Event]) -> None:
        self.active = None
        self._episode_phase(ev)
        self.phase = "treasure"
        for c in self.gang:
            self.figures[c].flipped = False
        ev.append(Event("phase", {"phase": "treasure", "round": self.round}))
        self._hook("treasure_phase", ev)   # an episode's phase-4 happenings (Stonehenge: the blade taken)
        if self.result_ is not None:
            return
        if not self._treasure_seats():
            self._end_round(ev)

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
                self._note(c, format_coord(here[0]), format_coord(f.spot), "bus")
        ev.append(Event("bus", {"from": [format_coord(s) for s in here], "to": [format_coord(s) for s in nxt]}))

    def _end_round(self, ev: list[Event]) -> None:
        if self._check_end(ev, end_of_round=True):
            return
        self.round += 1
        ev.append(Event("round", {"round": self.round}))
        if self.round >= self.alarm_round and any(t.treasure and t.carrier in self.gang for t in self.tiles):
            ev.append(Event("alarm", {"round": self.round}))
        self._start_police_phase(ev)

    def loyal(self) -> list[str]:
        """The members playing for the gang (all of them, but a Fujiko who has betrayed)."""
        out = [c for c in self.gang if not (c == "fujiko" and self.betrayed)]
        for narrow in HOOKS.get("loyal", ()):   # cagliostro.py: Fujiko, a traitor or with Zenigata
            out = narrow(self, out)
        return out

    def _check_end(self, ev: list[Event], end_of_round: bool = False) -> bool:
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
            for fn in HOOKS.get("winners", ()):
                seats = fn(self, seats, "gang_escaped")
            self.result_ = Result(seats, "gang_escaped")
        self.phase = "over"
        ev.append(Event("game_over", {"winners": list(self.result_.winners), "reason": self.result_.reason}))
        return True

    def _finish(self, ev: list[Event], winners: tuple[str, ...], reason: str) -> bool:
        for fn in HOOKS.get("winners", ()):   # Fujiko on the police's side (cards.py)
            winners = fn(self, winners, reason)
        self.result_ = Result(winners, reason)
        self.phase = "over"
        ev.append(Event("game_over", {"winners": list(winners), "reason": reason}))
        return True

    # police ----------------------------------------------------------
    def _do_move(self, a: A.Move, ev: list[Event]) -> None:
        f = self.figures.get(a.figure)
        require(f is not None, f"There is no figure called {a.figure}.")
        try:
            to = spot_from_text(a.to)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if f.kind == "gang":
            self._check_member_turn(a.seat, a.figure)
            require(f.arrested_by is None, f"{a.figure} is under arrest and cannot move.")
            require(f.blocked_until < self.round, f"{a.figure} is stunned this round and cannot move.")
            require(not f.moved, f"{a.figure} has already moved this round.")
            require(to in set(self._gang_move_targets(a.figure)),
                    f"{a.figure} cannot end a move on {a.to} from {spot_to_text(f.spot)} "
                    f"(movement {self.allowance(a.figure)}).")
            self._move_member(a.figure, to, ev)
        else:
            require(self.phase == "police" and a.seat == "zenigata", "Police figures move in the police phase.")
            require(f.kind != "guard", "Guards never leave their roofs.")
            require(not f.holding, f"{a.figure} holds a prisoner and cannot move.")
            require(not f.moved, f"{a.figure} has already moved this round.")
            require(to in set(self._police_move_targets(a.figure)),
                    f"{a.figure} cannot end a move on {a.to} (movement {self.allowance(a.figure)}).")
            frm = f.spot
            f.spot, f.moved = to, True
            ev.append(Event("moved", {"figure": a.figure, "from": spot_to_text(frm), "to": a.to}))
            self._hook("moved", a.figure, frm, to, ev)
            self._police_sees(ev)

    def _move_member(self, c: str, to: Spot, ev: list[Event]) -> None:
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
        self._note(c, spot_to_text(frm), spot_to_text(to), "move")
        self._hook("moved", c, frm, to, ev)
        gang_seats = self._gang_seats_knowing(c)
        full = Event("moved", {"figure": c, "from": spot_to_text(frm), "to": spot_to_text(to),
                               "shown": self.is_shown(c)}, audience=gang_seats,
                     redacted=self._public_move_event(c, frm, to, was_shown))
        ev.append(full)

    def _public_move_event(self, c: str, frm: Spot, to: Spot, was_shown: bool) -> Event:
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
        for narrow in HOOKS.get("team_seats", ()):
            seats = narrow(self, fid, seats)
        return seats

    def _gang_seats_knowing(self, c: str) -> frozenset[Seat]:
        seats = {self.seat_of[c]}
        for other in self.gang:
            if other != c and self.may_talk(other, c):
                seats.add(self.seat_of[other])
        return frozenset(seats)

    def _police_sees(self, ev: list[Event]) -> None:
        """After a police move: hidden gang members now in a line of fire are spotted."""
        for c in self.gang:
            f = self.figures[c]
            if f.spot is None or f.escaped or self.is_shown(c):
                continue
            if self.in_police_sight(c):
                f.shown = True
                ev.append(Event("spotted", {"figure": c, "square": spot_to_text(f.spot)}))

    def _check_member_turn(self, seat: Seat, c: str) -> None:
        require(self.phase == "gang", "The gang acts in the gang phase.")
        require(c in self.gang, f"{c} is not in the gang.")
        require(self.seat_of[c] == seat, f"{c} is not yours to play.")
        require(self.active in (None, c), f"{self.active} is still playing: end that turn first.")
        require(c in self._may_start_turn() or self.active == c,
                f"{c} cannot play now" + (" (whoever has held the treasure moves last)." if self.plays_last(c) else "."))

    # combat ----------------------------------------------------------
    def _do_shoot(self, a: A.Shoot, ev: list[Event]) -> None:
        f = self.figures.get(a.figure)
        require(f is not None, f"There is no figure called {a.figure}.")
        self._check_attacker(a.seat, a.figure)
        require(a.weapon == self._weapon_of(a.figure), f"{a.figure} has no {a.weapon}.")
        require(a.target in self._shoot_targets(a.figure),
                f"{a.figure} has no clear shot at {a.target} (range, line of fire, or at least one square between).")
        if f.kind != "gang" and any(self._hook("police_attack", a, ev)):
            return
        f.acted = True
        if f.kind == "gang":
            self.active = a.figure
            self._reveal_attacker(a.figure, ev)
        if any(self._hook("shoot", a, ev)):
            return
        if a.target in self.cars:
            roll = self.rng.roll(2)
            hit = sum(roll) >= CAR_HIT_ROLL
            ev.append(Event("shot", {"figure": a.figure, "target": a.target, "dice": roll, "need": CAR_HIT_ROLL,
                                     "hit": hit}, reveal=True))
            if hit:
                self._hit_car(a.target, ev)
            return
        skill = self.sheet_of(a.figure).skill(a.weapon)
        roll = self.rng.roll(2)
        hit = sum(roll) + skill >= HIT_ROLL
        ev.append(Event("shot", {"figure": a.figure, "target": a.target, "dice": roll, "skill": skill,
                                 "need": HIT_ROLL, "hit": hit}, reveal=True))
        if hit:
            self._hit(a.figure, a.target, ev)

    def _do_melee(self, a: A.Melee, ev: list[Event]) -> None:
        f = self.figures.get(a.figure)
        require(f is not None, f"There is no figure called {a.figure}.")
        self._check_attacker(a.seat, a.figure)
        require(a.target in self._melee_targets(a.figure),
                f"{a.figure} is not orthogonally next to {a.target}.")
        if f.kind != "gang" and any(self._hook("police_attack", a, ev)):
            return
        f.acted = True
        if f.kind == "gang":
            self.active = a.figure
            self._reveal_attacker(a.figure, ev)
        if self._strike(a.figure, a.target, ev):
            return
        # a miss gives the defender his counter-attack (once)
        if self.figures[a.target].spot is not None:
            self._strike(a.target, a.figure, ev, counter=True)

    def _strike(self, attacker: str, defender: str, ev: list[Event], counter: bool = False) -> bool:
        if any(self._hook("strike", attacker, defender, ev)):
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
            if attacker == "fujiko" and self._carries_treasure(defender) and self.figures[defender].kind == "gang":
                self._fujiko_steals(defender, ev)
            else:
                self._hit(attacker, defender, ev)
        return hit

    def _check_attacker(self, seat: Seat, fid: str) -> None:
        f = self.figures[fid]
        if f.kind == "gang":
            self._check_member_turn(seat, fid)
            require(f.arrested_by is None, f"{fid} is under arrest.")
            require(f.blocked_until < self.round, f"{fid} is stunned this round.")
        else:
            require(self.phase == "police" and seat == "zenigata", "The police attack in the police phase.")
            require(not f.holding, f"{fid} holds a prisoner: he can only defend himself.")
            require(not f.knocked_out, "Zenigata is recovering until the next round.")
        require(not f.acted, f"{fid} has already taken a standard action this round.")

    def _reveal_attacker(self, c: str, ev: list[Event]) -> None:
        """Shooting or fighting gives a gang member away: he is placed on the board."""
        f = self.figures[c]
        if isinstance(f.spot, Inside):
            return  # shooting out of a door: he stays safe inside
        if f.spot is not None and self.geo.board.cell(f.spot).roof:
            f.exposed = True
        if not self.is_shown(c):
            f.shown = True
            ev.append(Event("spotted", {"figure": c, "square": spot_to_text(f.spot)}))

    def _hit(self, attacker: str, target: str, ev: list[Event]) -> None:
        t = self.figures[target]
        if t.kind in ("agent", "guard"):
            self._eliminate(target, ev, by=attacker)
            return
        t.wounds += 1
        ev.append(Event("wounded", {"figure": target, "wounds": t.wounds}))
        if target in self.gang:
            self._note(target, spot_to_text(t.spot), spot_to_text(t.spot), "wounded")
        limit = self.sheet_of(target).max_wounds
        if t.wounds < limit:
            return
        if t.kind == "zenigata":
            self._zenigata_out(ev)
        else:
            self._arrest(target, ev)

    def _eliminate(self, fid: str, ev: list[Event], by: str | None = None) -> None:
        if any(self._hook("eliminating", fid, by, ev)):
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
                self._draw_card(by, events=ev)

    def _zenigata_out(self, ev: list[Event]) -> None:
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

    def _arrest(self, c: str, ev: list[Event]) -> None:
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
            if holder is None or not any(self._hook("holding", holder, ev)):
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
        self._note(c, spot_to_text(f.spot), spot_to_text(f.spot), "arrested")
        for t in self.tiles:
            if t.carrier == c:
                self._treasure_to_zenigata(t, ev)
        self._check_end(ev)

    def _dist(self, a: Any, b: Any) -> int:
        if not isinstance(a, tuple) or isinstance(a, (Inside, Under)) or not isinstance(b, tuple):
            return 999
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def _hit_car(self, car_id: str, ev: list[Event]) -> None:
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

    # reinforcements --------------------------------------------------
    def _do_carfromstation(self, a: A.CarFromStation, ev: list[Event]) -> None:
        require(a in self._reinforcement_actions(a.seat) and self.phase == "police",
                "A car leaves the station only when Zenigata has 5 agents or fewer, with 1 to 4 "
                "agents from the reserve and the parking free.")
        car = self.cars[a.car]
        self._board_agents(car, a.agents)
        ev.append(Event("car_out", {"car": a.car, "square": format_coord(car.spot), "agents": a.agents}))

    def _do_carappears(self, a: A.CarAppears, ev: list[Event]) -> None:
        require(a in self._reinforcement_actions(a.seat) and self.phase == "police",
                "A car appears on I18, G15 or E20 only when Zenigata has 3 agents or fewer.")
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
        require(self.phase == "police" and a.car in self.cars, "Police cars drive in the police phase.")
        car = self.cars[a.car]
        require(car.spot is not None and car.agents, f"{a.car} has no agent aboard to drive it.")
        require(not car.driven, f"{a.car} has already moved this round.")
        to = self._parse_square(a.to)
        require(to in set(self._car_targets(car)),
                f"{a.car} cannot reach {a.to}: up to 12 road squares, through police but not "
                "through the gang or a vehicle, never stopping at a bus stop.")
        frm = car.spot
        car.spot, car.driven = to, True
        ev.append(Event("drove", {"car": a.car, "from": format_coord(frm), "to": a.to}))
        self._hook("moved", a.car, frm, to, ev)
        self._police_sees(ev)

    def _do_unload(self, a: A.Unload, ev: list[Event]) -> None:
        require(self.phase == "police" and a.car in self.cars, "Agents get out in the police phase.")
        car = self.cars[a.car]
        require(car.spot is not None and car.agents, f"{a.car} has nobody aboard.")
        sq = self._parse_square(a.square)
        require(sq in set(self._unload_squares(car)), f"{a.square} is not a free square around {a.car}.")
        agent = car.agents.pop(0)
        ag = self.figures[agent]
        ag.in_car, ag.spot, ag.moved = None, sq, True
        ev.append(Event("unloaded", {"car": a.car, "figure": agent, "square": a.square}))
        self._hook("moved", agent, None, sq, ev)   # None: out of a car, straight onto the square
        if not car.agents and car.home not in self.occupied():
            car.spot, car.hits = car.home, 0   # the empty car goes back to its parking square
            ev.append(Event("car_back", {"car": a.car}))
        self._police_sees(ev)

    # the gang's other moves ------------------------------------------
    def _do_endturn(self, a: A.EndTurn, ev: list[Event]) -> None:
        if a.figure == "police":
            require(self.phase == "police" and a.seat == "zenigata", "It is not the police phase.")
            ev.append(Event("police_done", {}))
            self._start_gang_phase(ev)
            return
        self._check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        if not f.moved and not f.acted and f.arrested_by is None and not f.escaped and f.spot is not None:
            self._note(a.figure, spot_to_text(f.spot), spot_to_text(f.spot), "stay")
            # standing still: a hidden member who stays where the police now see him is spotted
            if not self.is_shown(a.figure) and self.in_police_sight(a.figure):
                f.shown = True
                ev.append(Event("spotted", {"figure": a.figure, "square": spot_to_text(f.spot)}))
        f.turn_done = True
        self.active = None
        ev.append(Event("turn_done", {"figure": a.figure}))
        if not self._may_start_turn():
            self._end_gang_phase(ev)

    def _do_escape(self, a: A.Escape, ev: list[Event]) -> None:
        self._check_member_turn(a.seat, a.figure)
        require(self._on_start_square(a.figure), f"{a.figure} must stand on a start square to leave the map.")
        f = self.figures[a.figure]
        frm = f.spot
        f.escaped, f.spot, f.turn_done = True, None, True
        self.escape_order.append(a.figure)
        self.active = None
        with_treasure = self._carries_treasure(a.figure)
        if with_treasure:
            self.treasure_out = True
        self._note(a.figure, spot_to_text(frm), "-", "escaped")
        gang_seats = self.team_seats(a.figure)
        ev.append(Event("escaped", {"figure": a.figure, "square": format_coord(frm), "treasure": with_treasure},
                        audience=gang_seats, redacted=Event("escaped", {"figure": a.figure})))
        if self._check_end(ev):
            return
        if not self._may_start_turn():
            self._end_gang_phase(ev)

    def _do_freeself(self, a: A.FreeSelf, ev: list[Event]) -> None:
        self._check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        require(f.arrested_by is not None, f"{a.figure} is not under arrest.")
        require(a.price in ("devices", "round"), "Free yourself by giving up your devices or one round.")
        require(not (a.price == "round" and self.cfg.variant == "all-vs-all"),
                "In the all-against-all game you cannot give up a round to free yourself.")
        require(not (a.price == "round" and self.rounds_total - 1 < self.round),
                "There is no round left to give up.")
        holder = f.arrested_by
        if holder in self.figures and self.figures[holder].kind == "agent":
            self._eliminate(holder, ev, by=None)
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
        if not self._may_start_turn():
            self._end_gang_phase(ev)

    def _do_passtreasure(self, a: A.PassTreasure, ev: list[Event]) -> None:
        self._check_member_turn(a.seat, a.figure)
        require(self._carries(a.figure), f"{a.figure} carries no treasure tile.")
        require(a.to in self.gang and self._can_receive(a.figure, a.to),
                f"{a.to} must be next to {a.figure}, free, and empty-handed.")
        self.active = a.figure
        if self.seat_of[a.to] == a.seat:
            self._give_tile(a.figure, a.to, ev)
        else:
            self.offer = (a.figure, a.to)
            ev.append(Event("treasure_offered", {"from": a.figure, "to": a.to},
                            audience=frozenset({a.seat, self.seat_of[a.to]})))

    def _do_accepttreasure(self, a: A.AcceptTreasure, ev: list[Event]) -> None:
        require(self.offer is not None and self.offer[1] == a.figure, "Nobody offers you a tile.")
        giver, receiver = self.offer
        self.offer = None
        if a.accept:
            self._give_tile(giver, receiver, ev)
        else:
            ev.append(Event("treasure_refused", {"from": giver, "to": receiver},
                            audience=frozenset({self.seat_of[giver], a.seat})))

    def _give_tile(self, giver: str, receiver: str, ev: list[Event]) -> None:
        for t in self.tiles:
            if t.carrier == giver:
                t.carrier = receiver
                t.seen_by.add(self.seat_of[receiver])
                if t.treasure:
                    self.figures[receiver].always_shown = True
        ev.append(Event("treasure_passed", {"from": giver, "to": receiver}))

    def _fujiko_steals(self, victim: str, ev: list[Event]) -> None:
        """Fujiko beats the carrier: she takes the treasure without wounding him, and he is
        stunned for a round; she has betrayed."""
        for t in self.tiles:
            if t.carrier == victim and t.treasure:
                t.carrier = "fujiko"
                t.seen_by.add(self.seat_of["fujiko"])
        self.figures[victim].blocked_until = self.round + 1
        self._betray(ev)
        ev.append(Event("treasure_stolen", {"by": "fujiko", "from": victim}))

    def _betray(self, ev: list[Event]) -> None:
        if not self.betrayed:
            self.betrayed = True
            fj = self.figures["fujiko"]
            fj.always_shown = True
            fj.shown = True
            ev.append(Event("betrayal", {"figure": "fujiko"}))

    # treasure --------------------------------------------------------
    def _do_flip(self, a: A.Flip, ev: list[Event]) -> None:
        require(self.phase == "treasure", "Treasure tiles are flipped in phase 4.")
        require(a.figure in self.gang and self.seat_of[a.figure] == a.seat, f"{a.figure} is not yours.")
        require(a.figure in self._may_flip(), f"{a.figure} cannot flip a tile now (inside a treasure "
                "building, once a round).")
        tile = next((t for t in self._flippable(a.figure) if t.index == a.tile), None)
        require(tile is not None, f"Tile {a.tile} cannot be flipped from where {a.figure} is.")
        me = self.figures[a.figure]
        me.flipped = True
        # everybody of the gang inside sees the tile; one of them takes it, by priority, and keeps
        # it face down in front of him (an empty safe too: the gang may bluff)
        inside = [c for c in self.gang if self.figures[c].spot == me.spot and self.figures[c].arrested_by is None
                  and not self.figures[c].escaped]
        watchers = frozenset(self.seat_of[c] for c in inside)
        taker = next(c for c in TREASURE_PRIORITY if c in inside and all(self._hook("may_take", c)))
        tile.seen_by |= set(watchers)
        tile.site, tile.carrier = None, taker
        self._note(a.figure, spot_to_text(me.spot), spot_to_text(me.spot), "flip")
        ev.append(Event("flipped", {"figure": a.figure, "tile": a.tile, "treasure": tile.treasure, "taker": taker},
                        audience=watchers, redacted=Event("flipped", {"figure": a.figure, "tile": a.tile,
                                                                      "taker": taker}),
                        reveal=True))
        if tile.treasure:
            self.figures[taker].always_shown = True
            if taker == "fujiko" and self._fujiko_traitor():
                self._betray(ev)
        if not self._treasure_seats():
            self._end_round(ev)

    def _do_endtreasure(self, a: A.EndTreasure, ev: list[Event]) -> None:
        require(self.phase == "treasure", "It is not the treasure phase.")
        for c in self.gang:
            if self.seat_of[c] == a.seat:
                self.figures[c].flipped = True
        if not self._treasure_seats():
            self._end_round(ev)

    def _treasure_to_zenigata(self, t: Tile, ev: list[Event]) -> None:
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

    # devices and cards ---------------------------------------------
    def _do_playcard(self, a: A.PlayCard, ev: list[Event]) -> None:
        from game.lupin.rules.catalog import card as card_data
        from game.lupin.rules.effects import CARDS_PER_TURN, CARD_RULES
        self._check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        require(a.card in f.hand, f"{a.figure} has no such card in hand.")
        require(f.cards_played < CARDS_PER_TURN, f"{a.figure} has already played a mission card this turn.")
        rule = CARD_RULES.get(card_data(a.card).effect)
        require(rule is not None and a.target in rule.targets(self, a.figure, a.card),
                "That card cannot be played now.")
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
        self._check_member_turn(a.seat, a.figure)
        f = self.figures[a.figure]
        require(a.device in f.devices, f"{a.figure} does not carry that device.")
        require(f.devices_used < DEVICES_PER_TURN, f"{a.figure} has already used two devices this turn.")
        rule = DEVICE_RULES.get(device_data(a.device).effect)
        require(rule is not None and a.target in rule.targets(self, a.figure, a.device),
                "That device cannot be used now.")
        told_at = len(ev)         # the play is told before what it does (a sure hit, a move...)
        rule.apply(self, a, ev)   # checks first, then changes
        self.active = a.figure
        f.devices_used += 1
        used = getattr(rule, "used_event", None)   # an effect may tell fewer seats (a secret trap)
        ev.append(used(self, a) if used is not None else
                  Event("device_used", {"figure": a.figure, "device": a.device, "target": a.target}, reveal=True))

    # cards -----------------------------------------------------------
    def _draw_card(self, c: str, at_start: bool = False, events: list[Event] | None = None) -> None:
        f = self.figures[c]
        if not f.deck:
            return
        card = f.deck.pop(0)
        seat = self.seat_of[c]
        from game.lupin.rules.catalog import card as card_data
        if any(fn(self, c, card, at_start, events) for fn in HOOKS.get("drawn", ())):
            return   # the expansion's cards (cards.py): void, or played at once
        void = card == BETRAYAL_CARD and (not self._betrayal_allowed() or self.round > BETRAYAL_LAST_ROUND)
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

    # notes and parsing -----------------------------------------------
    def _note(self, c: str, frm: str, to: str, action: str) -> None:
        f = self.figures[c]
        f.notes.append(Note(self.round, frm, to, action, f.kills, f.wounds))

    def _parse_square(self, text: str) -> Sq:
        try:
            sq = parse_coord(text)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        require(sq in self.geo.board, f"{text} is off the board.")
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
