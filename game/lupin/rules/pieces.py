"""Lupin's round engine, its data: the constants of the rulebook, the game's set-up (:class:`Config`,
:func:`seating`) and the pieces the state is made of (:class:`Figure`, :class:`Car`, :class:`Tile`,
:class:`Note`). Plain data, no rules; ``game.lupin.rules.state`` re-exports every name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from game.engine.api import IllegalAction, Seat
from game.lupin.rules.characters import GANG_IDS
from game.lupin.rules.episode import EPISODE_RULES, EpisodeRules

BASE_EPISODES = ("rosso-rubino", "gran-colpo")
# The episodes the round engine plays: the base ones, and each expansion episode whose rules module
# (game/lupin/rules/<episode>.py, imported by the package) registers it with register_episode.
PLAYABLE_EPISODES: list[str] = list(BASE_EPISODES)


def register_episode(episode_id: str, rules: EpisodeRules | None = None) -> None:
    """An expansion episode's rules module: the round engine now plays ``episode_id``, with
    ``rules`` (episode.py) as its own rules (None: the base game's)."""
    if episode_id not in PLAYABLE_EPISODES:
        PLAYABLE_EPISODES.append(episode_id)
    if rules is not None:
        EPISODE_RULES[episode_id] = rules
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


# ------------------------------------------------------------------------------------ refusals

_NOT_A_SQUARE = re.compile(r"^(?P<text>'.*'|\".*\") is not a square: (?:(?P<letter>write a row letter and a column "
                           r"number, like C12)|(?P<col>columns start at 1))$", re.DOTALL)


def square_refusal(exc: ValueError) -> IllegalAction:
    """The refusal of a square that cannot be read (``parse_coord``'s ValueError), in the reader's
    language: the text as written, and why."""
    m = _NOT_A_SQUARE.match(str(exc))
    if m is None:
        return IllegalAction(str(exc))
    key = "not_a_square" if m.group("letter") else "columns_from_1"
    return IllegalAction(f"lupin_refusal_core.{key}", text=m.group("text"))
