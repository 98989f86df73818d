"""Lupin's computer gang by level (issue #14): :class:`GangBot` ("easy", "normal", "hard").

It reads its seat's view and legal actions only (never the state), as every Lupin bot does
(game/lupin/bots.py). The method, after the computer "Jack" of Whitehall Mystery (docs/lupin-ai.md, "The gang"):

* **A goal for each member**, from what his seat knows: the treasure sites still face down (the
  nearest free one, each member of the seat his own), the tomb or the token of an expansion
  episode (the heuristic's public planners, ``henge_goal`` and ``cagliostro_goal``), the nearest
  exit once the treasure is his, or out (a partner has it, the alarm rang, nothing is left to
  flip), and out in any case once the rounds left no longer leave time for anything else.
* **A weighted choice of the end square**: among the squares the rules let him reach this turn,
  the one nearest the goal (moves to it, on the board as the view shows it) where he ends *out of
  every police line of fire* (``Geometry.watched``, the board's reach-with-visibility) and as far
  as he can from where the police may stand and shoot next turn: the risk that an agent, moving
  anywhere his legs take him, sees the square (sampled over the agent's reach: normal a few
  samples, hard all of them) and a deterrent gradient around every policeman. The weights relax
  as time runs short: a member who can no longer reach his goal in time walks in the open.
* **Shots and blows when the odds favour them** (game/lupin/rules/odds.py): a member already seen
  shoots, a hidden one keeps hidden unless the shot is near certain; a traitor Fujiko attacks the
  carrier when she is likely to win, and the loyal gang hits back at her.
* **Vehicles**: the helicopter where the episode sells it (Rosso rubino, Gran colpo), else a car
  (Stonehenge: the Alfa Romeo along the A344): a member takes it when it gets him to his goal in
  fewer turns than his feet, and the treasure's carrier rides it to the exit (aboard nobody shoots
  him); an arrested member stays held while a partner takes the treasure out before him.
* The rest (planning, cards, devices, freeing) is :class:`HeuristicBot`'s, which this
  class extends: it keeps the same wishes for the shop, the shovels of Stonehenge, the wetsuits of
  Cagliostro.

Levels differ in budget and noise only: easy plays a random legal move or end square one time in
four and looks at no sample; normal samples 6 squares of each policeman's reach and takes a random
end square one time in twenty; hard samples all of them, weighs risk more and looks a turn ahead
(the treasure's carrier never takes a random square), and at Rosso rubino plans the helicopter
further (``BUDGET["hard"]``: a pilot keeps it aboard, out of the police's sight beside the building
his partner searches, to fly the carrier out), and with four members plans its grenades (a kit for
each member at Stonehenge, thrown at the policemen on the blade's square and the exits; at Rosso
rubino kept for the ruby's carrier: ``_kit``, ``_grenade``, ``_guard``), from the same view.
All-vs-all: the same play for its own seat (no betrayal there).

Determinism: every choice is a pure function of the views seen and the seed (sorted keys, a
seeded :class:`random.Random`, no ``hash()`` of strings, no clock).
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any, Sequence

from game.engine.api import Action
from game.engine.grid import Sq, parse_coord
from game.lupin.ai import ANCHORS, EPISODE_GOALS, ORDER, HeuristicBot, held_devices, board_state, caesar_floor, \
    exit_squares, \
    free, members, moves_for, moves_to
from game.lupin.belief import view_board_state
from game.lupin.rules import actions as A
from game.lupin.rules.cards import UnmaskHide
from game.lupin.rules.boards import episode_geometry
from game.lupin.rules.cagliostro import data as cagliostro_data
from game.lupin.rules.stonehenge import ChooseAim
from game.lupin.rules.devices import blast
from game.lupin.rules.catalog import card as card_data
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import GANG, PISTOL_RANGE, POLICE, RIFLE_RANGE, Inside, Under, \
    spot_from_text
from game.lupin.rules.odds import attack_odds
from game.lupin.rules.vehicles import next_to

LEVELS = ("easy", "normal", "hard")
RR = ("rosso-rubino",)
EVERY = ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")

#: Each level's budget and noise: ``noise`` the chance of a random move, ``samples`` the squares of
#: each policeman's reach looked at (0: none, None: all), ``risk`` the weight of that risk.
BUDGET = {
    "easy": {"noise": 0.25, "samples": 0, "risk": 0.0},
    "normal": {"noise": 0.05, "samples": 6, "risk": 4.0},
    "hard": {"noise": 0.0, "samples": None, "risk": 6.0, "lookahead": 8,
             # the seventh session's habits, each played in the episodes it names (GangBot._hard):
             # a pilot keeps the helicopter aboard while his partner searches, parked where the police
             # are least likely to see it ("keeper": _keeping, _keep), and
             # from the drop-off lands beside his passenger's building ("drop", in _fly); the carrier
             # is fetched to a landing out of sight ("hidden_fetch", _fetch) and a partner walks to the
             # helicopter the carrier waits in ("fetch_walk"); the carrier flies without waiting and
             # does not hide ("carrier_flies", _fly; "carrier_bold", _best_move); no disguise once
             # the treasure is found ("keep_undisguised", _gang, _reveal_found); once it is out a
             # member neither hides nor frees himself ("out_bold", _best_move, _stay_held)
             "keeper": RR, "fetch_walk": RR, "carrier_bold": RR, "keep_undisguised": RR,
             "carrier_flies": RR, "out_bold": RR + ("stonehenge",), "drop": RR, "hidden_fetch": RR,
             # an arrested member stays held while a partner of another seat, about to leave, carries a
             # tile he cannot read ("held_unread", _stay_held, _unread_leaving)
             "held_unread": RR,
             # once the treasure is out, a member who cannot reach an exit in the rounds left ends his
             # move where the most policemen see him ("bait", _best_move): arrested he is as good as out
             "bait": EVERY,
             # with HENGE_CLEAR_MEMBERS members or more, a grenade goes where it clears the gang's
             # way for sure ("grenade", _grenade): at Stonehenge the policeman on the blade's square,
             # or on an exit once the blade is taken; no grenade thrown at random
             "grenade": ("stonehenge",),
             # ... and the gang buys each member's kit (KITS) and nothing else, and a medical kit
             # waits until its member is slowed ("kit", _kit); at Stonehenge the treasure out, a
             # member no longer hides (out_bold, above: the police there spare the last wound)
             "kit": ("stonehenge",),
             # ... and at Rosso rubino the grenades guard the ruby's carrier ("guard", _guard)
             "guard": RR},
}

#: The hard gang's purchases where it has a kit of its own (GangBot._kit): a shovel for each of the
#: three diggers and a grenade for every member (Stonehenge: the police stand on the blade's square
#: and on the exits, and a grenade clears a square for sure, _grenade)
KITS = {"stonehenge": {"lupin": ("shovel", "hand_grenade"), "jigen": ("shovel", "hand_grenade"),
                       "goemon": ("shovel", "hand_grenade"), "fujiko": ("hand_grenade", "medical_kit")}}
SEEN_COST = 12.0       # moves a member would rather walk than end a turn in a line of fire
#: Episodes where the hard level does not judge an end square by the turn after it (_look_ahead): at
#: Cagliostro, where a member must end his move on the token and whole rounds decide, the hard gang
#: with it won 45 of 120 games with 2 players against 56 without (docs/lupin-ai.md, twelfth session)
NO_LOOKAHEAD = ("cagliostro",)
BAIT = 3.0             # the "bait" habit: turns of walking a policeman's line of fire on his end square is worth
DETER_RADIUS = 7       # the deterrent gradient around every policeman (manhattan squares)
DETER_COST = 0.6       # per square inside that radius
FAR = 999
LANDING_SEEN = 30.0    # moves a landing in a line of fire costs (its riders would be seen getting out)
AIR_SLACK = 1          # turns the helicopter's way may take beyond the walk and still be preferred
NOISE_SLACK = 1        # rounds to spare at or below which a member walking out takes no random step
#: A member heads for a helicopter that partners of other seats are aboard only if he can board it
#: this turn (they cannot know he is coming and fly off without him: traced at 5 players)
OTHERS_DO_NOT_WAIT = True
#: Gang seats from which Lupin's seat buys a radio for the news that the treasure is found (0: never),
#: in the episodes named (where the helicopter is bought first and a tile's news is what is missing)
RADIO_SEATS = 3
RADIO_EPISODES = ("rosso-rubino",)
#: A member walking out with LEAVE_SLACK rounds to spare or fewer, in a gang of LEAVE_SEATS seats or
#: more, hides only as with one round to spare (traced at 5 players: members who hid their way out
#: a square at a time were the last on the board when time ran out)
LEAVE_SLACK = 2
LEAVE_SEATS = 3
HELI_STALL = 2         # rounds a member walking to the helicopter may go without coming nearer before he gives it up
#: How much hiding weighs in each episode: at Cagliostro the site is wide for its 18 rounds and the
#: police stand on it from the start, so time comes first (measured: hiding as elsewhere stalls the
#: search for rounds).
EPISODE_CAUTION = {"cagliostro": 0.1}
#: Cagliostro: a member the search leaves without a token waits outside Divus Caesar (not at the exit)
CAESAR_WAIT = True
#: Cagliostro: the handwheels are goals even when every member of the search wears a wetsuit
WHEELS_FOR_SWIMMERS = False
#: Cagliostro: every member starts on the gang's square nearest the "?" squares (False: at random)
SITE_START = True
#: Cagliostro: a partner on an exit leaves at once when a member of another seat carries the coins: he
#: cannot tell when the carrier will reach the exit, so he waited on it until the last round and barred
#: the carrier's way (5 players), and an arrest hands the coins to Zenigata, so waiting frees nobody.
#: A seat that plays the carrier too (2 players) waits as before until he can get out this turn.
LEAVE_BEFORE_CARRIER = True
#: Episodes where the level's random end square is drawn among those no more rounds from the goal than
#: the nearest (Cagliostro: 72 of 100 won against random police with a random square anywhere, 86 with
#: no random square at all)
NOISE_IN_ROUNDS = ("cagliostro",)
#: Cagliostro's search: the first leg of each member's route is measured round the policemen standing
#: in the way (a token one stands on, or a way they shut, costs rounds, and the member walking to it
#: may take another)
POLICE_IN_THE_WAY = True
#: Cagliostro: the medical kit (single use) is used only once a wound slows its member (Lupin moves
#: 6 with one wound as with none, and spent his kit on it; a member slowed by his wounds was the one
#: left on the board when the coins were out in 5 of the 16 games lost of 100 against random police)
KIT_WHEN_SLOWED = True
#: Cagliostro, 4-5 players: a member on the gang's exit leaves once Fujiko, carrying the coins and
#: not openly a traitor, is nearer the gang's exits than her own (T1/T25): she has repented and
#: brings them out (traced, seed 22: she walked to and fro beside A4 from round 13 to 18 while
#: Lupin, Jigen and Goemon took turns standing on it, waiting to take the coins back from her)
FUJIKO_COMES = True
#: Cagliostro with a seat for each member: a partner whose square the seat does not see is taken to
#: stand where he was last seen (at first the gang's start square), moved on since then by his
#: allowance each round towards the goal the seat's plan gives him, and on the token he walked to
#: once it is turned face up (the anchors put the partners in the middle of the site from round 1:
#: traced, two members walked to the same handwheel on the ring road for four rounds)
MATES_GUESSED = True
#: Stonehenge with HENGE_CLEAR_MEMBERS members or more (5 players), where the police stand on the
#: blade's square and on the exits: a member whose goal square a policeman stands on shoots or strikes
#: him when the odds are CLEAR_ODDS or better, hidden or not (a hit agent leaves the board), and once
#: within CLEAR_NEAR of his turns of it walks up to him in the open (from a hiding place he has no
#: shot at him)
HENGE_CLEAR = True
HENGE_CLEAR_MEMBERS = 3
CLEAR_ODDS = 0.3
CLEAR_NEAR = 1
#: Stonehenge with HENGE_CLEAR_MEMBERS members or more: a member standing on an exit while a partner
#: of another seat carries the blade leaves as soon as the carrier (shown for good: every seat sees
#: him) can step onto that exit this turn (he plays last), since a member cannot end his move on a
#: partner's square (traced, seed 2: Fujiko stood on B25 from round 7 to 11 while Lupin, carrying
#: the blade, paced beside it and the police held C25)
HENGE_MAKE_WAY = True
#: Cagliostro: from round 12 or so the police stand on the gang's three exits (A1, A2, A4) and on the
#: stairs up to them, and members walking out stood beside them shooting whoever had the best odds
#: until time ran out (traced, seed 40: the coins taken in round 13, the carrier and his partner by
#: A3-A7 to the end; seed 2: the carrier walked back into the pit round agents on the way). A member
#: heading out shoots or strikes the agent whose removal brings him a turn or more nearer an exit
#: (his way measured round the police), at odds of CAG_CLEAR_ODDS or better, hidden or not (a hit
#: agent leaves the board: on an exit within his allowance, he steps on it and leaves that turn).
#: The same for a member's way to his token was measured and not kept (6 of 40 against 9).
CAG_CLEAR = True
CAG_CLEAR_ODDS = 0.3
#: Cagliostro: whether a member shoots is judged by his own sight (shown: odds 0.4 or better; hidden:
#: 0.8), not by the sight of the partner whose turn the seat is choosing for
CAG_OWN_SIGHT = True

#: Rosso rubino with a seat for each member (FETCH_SEATS gang seats or more): once a partner of
#: another seat carries the ruby (told by the radio, or shown for good), a member aboard the
#: helicopter (or beside it, boarding) flies it to land where the carrier can walk beside it in his
#: turn (he plays last, so in the same round), keeps it for him, and with him aboard flies them both
#: beside the carrier's exit; nobody takes it away for his own way out meanwhile. Traced (seed 2,
#: ninth session): Jigen walked the ruby out shown through the police's fire from round 8 and was
#: arrested in round 11 while Fujiko flew the empty helicopter to her own exit.
FETCH_SEATS = 3
#: ... and a traitor Fujiko who has not betrayed stays held once the gang has the treasure out: she
#: still counts among the loyal (she wins with them), so freed she is one more the win waits for
#: (traced, seeds 11 and 19: the ruby out in round 6 or 8, she freed herself and was still on the
#: board when time ran out)
TRAITOR_HELD = True
#: ... and a gang vehicle parked on an exit (Fujiko's motorbike on her start square) is a way out:
#: a member leaving gets in beside it and leaves from its square (GangBot._mount_exit)
MOUNT_EXIT = True
#: ... and once the ruby is out a member neither hides nor spares a shot at odds of OUT_BOLD_ODDS or
#: better (0: as before): arrested he is as good as out (traced: members left beside exits the
#: police held when time ran out, seeds 20, 21, 31)
OUT_BOLD_ODDS = 0.2
FETCH_EPISODES = ("rosso-rubino",)
#: Rosso rubino with a seat each: any seat but Fujiko's buys the helicopter while it is in the shop
#: (GangBot._heli_first)
HELI_ANY_SEAT = True
#: ... and a member alone aboard a helicopter the police see re-parks it out of sight before he steps
#: out (GangBot._park); PARK_ROUND: the decimals the police's chance to see it is rounded to
PARK_SHOWN = True
PARK_ROUND = 1
#: ... and a loyal member starts on the gang's square nearest the helipad (GangBot._heli_start)
HELI_START = True
#: ... and a passenger landed far from his building stays aboard to fly it there next round
#: (GangBot._stay_aboard)
PASSENGER_STAYS = True
#: ... and once the ruby is out a landing in a line of fire costs nothing more (traced, seed 12: Goemon
#: aboard by A7 stepped out and walked, as every landing by a free exit was seen, and was still on
#: the board when time ran out)
OUT_LANDING = True
#: ... and the carrier, and once the ruby is out every member, shoots or strikes the policeman whose
#: removal brings him a turn nearer an exit at these odds or better (GangBot._cag_clear; 0: never)
RR_CLEAR = 0.3


def _hit_odds(a: Action, view: dict) -> float:
    """The chance (0-1, after the dodge) that a shot or a blow hits."""
    o = attack_odds(a, view)
    return 0.0 if o is None else o["odds_after_dodge"] / 100.0


def _gang_took_it_out(view: dict) -> bool:
    """The loyal gang has taken the treasure out (and Fujiko has not betrayed)."""
    return bool(view.get("treasure_out") and not view.get("betrayed"))


def seat_each_rr(view: dict) -> bool:
    """Rosso rubino (FETCH_EPISODES) with FETCH_SEATS gang seats or more: each member his own seat."""
    return view["episode"] in FETCH_EPISODES and gang_seats(view) >= FETCH_SEATS


def _keep(rest: dict, kind: type, keep) -> None:
    """Leave in ``rest`` only the actions of ``kind`` that ``keep`` accepts (the kind goes when none is left)."""
    if kind in rest:
        rest[kind] = [a for a in rest[kind] if keep(a)]
        if not rest[kind]:
            del rest[kind]


def _disguise(card: str) -> bool:
    """A mission card that hides its player inside a police agent (*Travestimento perfetto*)."""
    return card_data(card).effect == "disguise"


# ------------------------------------------------------------------------------------ the board

def held_squares(view: dict, figure: str) -> list[str]:
    """The squares the loyal gang must reach that a policeman may bar: at Stonehenge the blade's
    square once it is open and not taken, the exits once a loyal member carries it or it is out."""
    part = view.get("stonehenge") or {}
    aim = part.get("aim")
    if view["episode"] != "stonehenge" or not aim or view.get("betrayed"):
        return []
    if part.get("carrier") or view.get("treasure_out"):
        return exit_squares(view, figure) if view.get("treasure_out") or part["carrier"] in members(view) else []
    return [aim["excalibur"]] if part.get("excalibur_open") else []


def police_squares(view: dict) -> frozenset:
    """The squares the police stand on, as everybody sees them (a member cannot walk through)."""
    out = {spot_from_text(f["spot"]) for f in view["figures"].values()
           if f.get("kind") in ("agent", "zenigata", "guard") and on_board(f.get("spot")) and not f.get("in_car")}
    out |= {spot_from_text(c["spot"]) for c in view["cars"].values() if c.get("spot")}
    return frozenset(out)


def moves_around(view: dict, figure: str, goal: str) -> dict[Any, int]:
    """Like :func:`moves_for`, round the policemen and cars standing in the way (a member behind an
    agent in a narrow street walks round him rather than wait there); where that is much longer,
    or the way is shut, the printed board's distances."""
    temples, drained, passage = board_state(view)
    devices = view["mine"].get(figure, {}).get("devices", ())
    plain = moves_for(view, figure, goal)
    around = moves_to(view["episode"], goal, temples, drained, passage, "wetsuit" in devices, police_squares(view))
    here = view["figures"][figure].get("spot")
    if not here:
        return plain
    pos = spot_from_text(here)
    if around.get(pos, FAR) <= plain.get(pos, FAR) + 6:
        return around
    return plain


def on_board(spot: str | None) -> bool:
    return bool(spot) and not spot.startswith(("inside", "under"))


def square_of(spot: str | None) -> Sq | None:
    """The board square of a spot (an Under spot's square; None inside a building)."""
    if not spot:
        return None
    s = spot_from_text(spot)
    if isinstance(s, Under):
        return s.square
    return s if isinstance(s, Sq) else None


# ------------------------------------------------------------------------------------ sight

def police_sight(view: dict) -> tuple[list[tuple[Any, int]], list[Any]]:
    """The police lines of fire (spot, range) and the vehicles blocking sight, as the view shows
    them (the rules' ``viewers()`` and ``vehicles()``, read from what everyone sees)."""
    viewers: list[tuple[Any, int]] = []
    vehicles: list[Any] = []
    for _, f in sorted(view["figures"].items()):
        if f["kind"] in ("zenigata", "agent", "guard") and f.get("spot") and not f.get("in_car") \
                and not f.get("holding") and not f.get("knocked_out"):
            viewers.append((spot_from_text(f["spot"]), RIFLE_RANGE if f["kind"] == "guard" else PISTOL_RANGE))
    for _, car in sorted(view["cars"].items()):
        if car["spot"]:
            vehicles.append(spot_from_text(car["spot"]))
            if car["agents"]:
                viewers.append((spot_from_text(car["spot"]), PISTOL_RANGE))
    for ride in view.get("rides", ()):
        if ride.get("shown") and ride.get("spot"):
            vehicles.append(spot_from_text(ride["spot"]))
    return viewers, vehicles


@functools.lru_cache(maxsize=4096)
def watched_from(episode: str, spot: Any, rng: int) -> frozenset:
    """The squares one policeman on ``spot`` sees (no vehicle in the way): cached per board."""
    return frozenset(episode_geometry(episode).watched([(spot, rng)]))


@functools.lru_cache(maxsize=2048)
def police_reach(episode: str, spot: Any, moves: int) -> tuple:
    """The spots a policeman on ``spot`` may end his next move on (the printed board), sorted."""
    geo = episode_geometry(episode)
    r = geo.reach(spot, moves, POLICE)
    return tuple(sorted((s for s in r.cost if isinstance(s, Sq)), key=lambda s: (s.row, s.col)))


@functools.lru_cache(maxsize=8)
def police_moves(kind: str) -> int:
    try:
        return sheet(kind).movement(0)
    except KeyError:
        return 5


class Sight:
    """Where the police see now, where they may see after their next move, and how close they are:
    built once per decision from the view's public police positions."""

    def __init__(self, view: dict, samples: int | None, rng: random.Random):
        self.episode = view["episode"]
        geo = episode_geometry(self.episode)
        viewers, vehicles = police_sight(view)
        bus = {spot_from_text(s) for s in view.get("bus", ())}
        self.now = set(geo.watched(viewers, vehicles=vehicles)) - bus
        self.police: list[Sq] = [s if isinstance(s, Sq) else s.square for s, _ in viewers
                                 if isinstance(s, (Sq, Under))]
        self.risk: dict[Sq, float] = {}
        if samples == 0:
            return
        miss: dict[Sq, float] = {}
        for _, f in sorted(view["figures"].items()):
            if f["kind"] not in ("zenigata", "agent") or not on_board(f.get("spot")) or f.get("holding") \
                    or f.get("in_car") or f.get("knocked_out"):
                continue
            here = spot_from_text(f["spot"])
            reach = police_reach(self.episode, here, police_moves(f["kind"] if f["kind"] != "zenigata" else "zenigata"))
            if not reach:
                continue
            if samples is not None and len(reach) > samples:
                reach = tuple(rng.sample(reach, samples))
            count: dict[Sq, int] = {}
            for s in reach:
                for t in watched_from(self.episode, s, PISTOL_RANGE):
                    count[t] = count.get(t, 0) + 1
            n = len(reach)
            for t, k in count.items():
                miss[t] = miss.get(t, 1.0) * (1.0 - k / n)
        self.risk = {t: 1.0 - m for t, m in miss.items() if t not in bus}

    def seen(self, spot: str) -> bool:
        sq = square_of(spot)
        return on_board(spot) and sq in self.now

    def deterrent(self, spot: str) -> float:
        sq = square_of(spot)
        if sq is None or not on_board(spot):
            return 0.0
        return sum(max(0, DETER_RADIUS - abs(sq.row - p.row) - abs(sq.col - p.col)) for p in self.police)

    def later(self, spot: str) -> float:
        sq = square_of(spot)
        if sq is None or not on_board(spot):
            return 0.0
        return self.risk.get(sq, 0.0)


# ------------------------------------------------------------------------------------ the helicopter

def helicopter(view: dict) -> dict | None:
    """The seat's helicopter on the board, as its view tells it (None: none)."""
    return next((r for r in view.get("rides", ()) if r.get("device") == "helicopter" and r.get("spot")), None)


def beside(dist: dict, sq: Sq) -> int:
    """The least of ``dist`` over the squares next to ``sq`` (where a rider steps out)."""
    return min((dist.get(n, FAR) for n in sq.neighbours8()), default=FAR)


def _acts(by_type: dict, kind: type, figure: str) -> list[Action]:
    """The legal actions of ``kind`` for ``figure``."""
    return [a for a in by_type.get(kind, ()) if a.figure == figure]


@functools.lru_cache(maxsize=64)
def _landings(episode: str) -> tuple:
    from game.lupin.rules.vehicles import landing_squares
    return landing_squares(episode, "helicopter")


def landing_after(view: dict, goal: str, figure: str) -> int:
    """Moves from the nearest square next to a helicopter landing to ``goal`` (FAR: none)."""
    dist = moves_for(view, figure, goal)
    return min((beside(dist, t) for t in _landings(view["episode"])), default=FAR)



# ------------------------------------------------------------------------------------ ground vehicles

#: The cars and motorbikes the gang drives along roads (and the jeep along dirt tracks too).
GROUND = ("alfa_romeo_2300", "sport_motorbike", "fiat_500", "jeep")
#: What Lupin's seat buys where the episode sells it and no helicopter (Stonehenge): the first of
#: these the shop offers.
CAR_WISH = ("alfa_romeo_2300",)
CAR_EPISODES = ("stonehenge",)
HELD_WHEN_OUT = True    # every level: an arrested member stays held once the treasure is out
HELD_FOR_OTHERS = True  # ... and while a partner of another seat carries it (5 players)
STAY_HELD = True        # an arrested member stays held while a partner takes the treasure out before him
CARRIER_HIDES = True   # the carrier, shown for good, still ends out of the lines of fire where he can
CARRIER_CAR_SLACK = 1   # turns the carrier's way by car may take beyond his walk (aboard nobody shoots him)


def cars(view: dict) -> list[dict]:
    """The seat's ground vehicles on the board, as its view tells them (sorted by id)."""
    return [r for r in view.get("rides", ()) if r.get("device") in GROUND and r.get("spot")]


def car_speed(device: str) -> int:
    from game.lupin.rules.catalog import device as device_data
    return int(device_data(device).params.move_squares or 6)


@functools.lru_cache(maxsize=512)
def road_dist(episode: str, device: str, frm: Sq, drained: frozenset = frozenset(),
              blocked: frozenset = frozenset()) -> dict:
    """Squares a vehicle of ``device`` drives from ``frm`` (orthogonal steps over the ground its
    tile names, never through ``blocked``: the police and their cars) and how many squares each
    is away."""
    from collections import deque
    from game.lupin.rules.catalog import device as device_data
    from game.lupin.rules.vehicles import drivable, level_step
    board = episode_geometry(episode).board
    terrain = device_data(device).params.terrain
    best = {frm: 0}
    q = deque([frm])
    while q:
        cur = q.popleft()
        for nb in cur.neighbours4():
            if nb not in board or nb in best or nb in blocked:
                continue
            ca, cb = board.cell(cur), board.cell(nb)
            if not drivable(cb, terrain, drained) or not level_step(ca, cb, terrain):
                continue
            best[nb] = best[cur] + 1
            q.append(nb)
    return best


def turns(moves: int, step: int) -> int:
    return FAR if moves >= FAR else -(-moves // max(1, step))

# ------------------------------------------------------------------------------------ knowledge

def slowed(view: dict, c: str) -> bool:
    """``c``'s wounds take moves off his allowance."""
    try:
        return sheet(c).movement(view["figures"][c]["wounds"]) < sheet(c).movement(0)
    except KeyError:
        return False


def fujiko_comes(view: dict) -> bool:
    """Fujiko, on her own seat and seen carrying the coins, stands nearer the gang's exits than her
    own (she has repented: a traitor, or Zenigata's ally, makes for T1/T25)."""
    spot = view["figures"].get("fujiko", {}).get("spot")
    if not spot or not on_board(spot):
        return False
    board = episode_geometry("cagliostro").board
    pos = spot_from_text(spot)
    state = board_state(view)

    def near(side: str) -> int:
        return min((moves_to("cagliostro", str(p.squares[0]), *state).get(pos, FAR)
                    for p in board.places_of("start") if p.props.get("side") == side), default=FAR)
    return near("gang") < near("fujiko")


def apart(view: dict, c: str) -> bool:
    """A member playing for himself against the seat: a traitor Fujiko (she has betrayed, or plays
    apart at Cagliostro)."""
    part = view.get("cagliostro") or {}
    return c == "fujiko" and (bool(view.get("betrayed")) or bool(part.get("fujiko_apart")))


def gang_seats(view: dict) -> int:
    """How many seats play the gang (1 with 2 players, 4 with 5)."""
    return len({s for c, s in view["seats"].items() if c in members(view)})


def i_am_traitor(view: dict, figure: str) -> bool:
    return figure == "fujiko" and bool(view["mine"].get("fujiko", {}).get("traitor")) \
        and view.get("variant") == "coop"


def treasure_holder(view: dict) -> str | None:
    """The member known to this seat to carry the mission's treasure (None: not known)."""
    single = view["episode"] not in ("rosso-rubino", "gran-colpo")   # the expansion's one treasure tile
    for t in view["tiles"]:
        if (t.get("treasure") or single) and t.get("carrier"):
            return t["carrier"]
    # Fujiko has betrayed: she took the treasure (flipped it or beat its carrier), told to everybody
    if view.get("betrayed") and any(t.get("carrier") == "fujiko" and t.get("treasure") is not False
                                    for t in view["tiles"]):
        return "fujiko"
    return None


def sites_left(view: dict) -> list[str]:
    return sorted({t["site"] for t in view["tiles"] if t.get("site") is not None})


def unknown_tiles_carried(view: dict) -> bool:
    """A member carries a tile this seat has not seen (it may be the treasure)."""
    return any(t.get("carrier") in view["figures"] and "treasure" not in t for t in view["tiles"])


def treasure_found(view: dict) -> bool:
    """This seat knows the treasure is in the gang's hands: seen, the alarm, the treasure out, or no
    tile left face down while a member carries one it has not seen."""
    holder = treasure_holder(view)
    if holder is not None and view["figures"].get(holder, {}).get("kind") == "gang":
        return True
    if view.get("alarm") or view.get("treasure_out"):
        return True
    if view["episode"] in ("rosso-rubino", "gran-colpo") and not sites_left(view) and unknown_tiles_carried(view):
        return True
    return shown_for_good(view) is not None


def shown_for_good(view: dict) -> str | None:
    """A partner carrying a tile this seat has not seen who is on the board in everybody's view
    though no policeman sees his square: only a member who has held the treasure stays shown so
    (the rules show him for good), so he has it. None when nobody is."""
    if view["episode"] not in ("rosso-rubino", "gran-colpo") or view.get("betrayed"):
        return None
    carriers = sorted({t["carrier"] for t in view["tiles"] if t.get("carrier") in view["figures"]
                       and "treasure" not in t})
    suspects = [c for c in carriers if view["figures"][c].get("shown") and on_board(view["figures"][c].get("spot"))]
    if not suspects:
        return None
    viewers, vehicles = police_sight(view)
    seen = episode_geometry(view["episode"]).watched(viewers, vehicles=vehicles)
    for c in suspects:
        sq = square_of(view["figures"][c]["spot"])
        if sq is not None and sq not in seen and spot_from_text(view["figures"][c]["spot"]) not in \
                {spot_from_text(b) for b in view.get("bus", ())}:
            return c
    return None


def allowance(view: dict, figure: str) -> int:
    try:
        return max(1, sheet(figure).movement(view["figures"][figure]["wounds"]))
    except KeyError:
        return 4


# ------------------------------------------------------------------------------------ Cagliostro

def caesar_moves(view: dict, figure: str, where: Any) -> tuple[int, str]:
    """Moves from ``where`` to the nearest square of Divus Caesar's floor (the temple taken as open)."""
    temples, drained, passage = board_state(view)
    temples = temples | {cagliostro_data().treasure_temple}
    swim = "wetsuit" in held_devices(view, figure)
    return min((moves_to("cagliostro", sq, temples, drained, passage, swim).get(where, FAR), sq)
               for sq in caesar_floor())


def caesar_phase(view: dict) -> bool:
    """Divus Caesar is open, or opens next round."""
    part = view.get("cagliostro") or {}
    temple = cagliostro_data().treasure_temple
    return temple in part.get("open_temples", ()) or temple in part.get("opening", {})


@functools.lru_cache(maxsize=1)
def caesar_doors() -> tuple[str, ...]:
    """The squares outside Divus Caesar nearest its floor (the temple taken as open): where a member
    waits for it to open (sorted)."""
    board = episode_geometry("cagliostro").board
    temple = cagliostro_data().treasure_temple
    dist: dict[Any, int] = {}
    for sq in caesar_floor():
        for spot, m in moves_to("cagliostro", sq, frozenset({temple})).items():
            dist[spot] = min(m, dist.get(spot, FAR))
    outside = {s: m for s, m in dist.items() if isinstance(s, Sq) and board.cell(s).temple != temple}
    near = min(outside.values())
    return tuple(sorted(str(s) for s, m in outside.items() if m == near))


def busts_missing(view: dict) -> int:
    """Half-bust tokens still to be found before Divus Caesar opens, as the seat's view shows the
    tokens flipped (each caller bounds it as it needs)."""
    tokens = (view.get("cagliostro") or {}).get("tokens", {})
    return cagliostro_data().busts_needed - sum(1 for t in tokens.values() if t == "bust")


def caesar_wait(view: dict, figure: str) -> str | None:
    """Before Divus Caesar opens: the square outside it where ``figure`` waits when the search has
    nothing left for him (his partner flips the last tokens), so that he is the one who steps in
    and takes the coins the round it opens; None when there are no coins to wait for or the busts
    still missing cannot all lie under the tokens left."""
    part = view.get("cagliostro") or {}
    temple = cagliostro_data().treasure_temple
    if CAESAR_WAIT is False or apart(view, figure) or caesar_phase(view) \
            or not any(t["site"] == temple for t in view["tiles"]):
        return None
    tokens = part.get("tokens", {})
    needed = busts_missing(view)
    if needed > sum(1 for t in tokens.values() if t is None):
        return None
    here = view["figures"][figure].get("spot")
    if not here or not on_board(here):
        return None
    pos = spot_from_text(here)
    return min(caesar_doors(), key=lambda d: (moves_for(view, figure, d).get(pos, FAR), d))


@functools.lru_cache(maxsize=1)
def site_goals_all() -> tuple[str, ...]:
    """The board's "?" squares (sorted)."""
    board = episode_geometry("cagliostro").board
    return tuple(sorted(str(p.squares[0]) for p in board.places_of("discovery")))


def site_goals(view: dict) -> list[str]:
    """The squares worth walking to on the Roman site: the tokens still face down, and the
    handwheels of the flooded zones that still hold one."""
    board = episode_geometry("cagliostro").board
    part = view.get("cagliostro") or {}
    goals = sorted(coord for coord, token in part.get("tokens", {}).items() if token is None)
    wet = set()
    for coord in goals:
        cell = board.cell(parse_coord(coord))
        if cell.flooded is not None and cell.flooded not in part.get("drained", ()):
            wet.add(cell.flooded)
    wheels = sorted(sq for sq, zone in part.get("handwheels", {}).items()
                    if zone in wet and zone not in part.get("draining", {}))
    crew = [c for c in members(view) if free(view, c) and not apart(view, c)]
    if not WHEELS_FOR_SWIMMERS and crew and all("wetsuit" in held_devices(view, c) for c in crew):
        wheels = []   # every member swims: a wheel on the ring road would only cost him rounds
    return goals + wheels


def cagliostro_plan(view: dict, figure: str, commit: dict[str, str] | None = None,
                    guess: dict[str, str] | None = None, routes: dict[str, str] | None = None) -> str | None:
    """Cagliostro's goal for ``figure``: the coins when he is the one to fetch them; else the token
    (or handwheel) a greedy matching of the free members to the goals gives him: the nearest pair
    first, then the next; a partner whose square this seat does not know is taken to stand where
    ``guess`` puts him (:meth:`GangBot._mates_where`), else at his quarter's anchor. ``routes``, when
    given, is filled with every member's first goal. None: nothing left for him (he heads out)."""
    part = view.get("cagliostro") or {}
    temple = cagliostro_data().treasure_temple
    coins_here = any(t["site"] == temple for t in view["tiles"])
    crew = [c for c in members(view) if free(view, c) and not apart(view, c)]
    if figure not in crew and not apart(view, figure):
        return None

    def where(c: str) -> Any:
        spot = view["figures"][c].get("spot")
        if spot and not spot.startswith(("inside", "under")):
            return spot_from_text(spot)
        if guess and c in guess:
            return spot_from_text(guess[c])
        return parse_coord(ANCHORS.get(c, "H18"))
    if coins_here and (temple in part.get("open_temples", ()) or temple in part.get("opening", {})):
        if apart(view, figure):
            return caesar_moves(view, figure, where(figure))[1]
        ranked = sorted((caesar_moves(view, c, where(c))[0], ORDER.index(c), c) for c in crew)
        if ranked and ranked[0][2] == figure:
            return caesar_moves(view, figure, where(figure))[1]
        # a second member goes too when he is nearly as near (the first may be stopped)
        if len(ranked) > 1 and ranked[1][2] == figure and ranked[1][0] <= ranked[0][0] + 2:
            return caesar_moves(view, figure, where(figure))[1]
        return None
    if not coins_here:
        return None
    goals = site_goals(view)
    if apart(view, figure):
        crew = [figure]
    wheels = set(part.get("handwheels", {}))
    busts_left = sum(1 for t in part.get("tokens", {}).values() if t is None) and \
        max(0, busts_missing(view))
    fixed = tuple(sorted((c, g) for c, g in (commit or {}).items() if c in crew and g in goals))
    first = site_routes(view, tuple(crew), tuple(goals), tuple(sorted(wheels)), busts_left,
                        tuple(str(where(c)) for c in crew), fixed)
    if routes is not None:
        routes.update(first)
    return first.get(figure)


@functools.lru_cache(maxsize=8)
def _start_ranks(squares: tuple) -> tuple:
    """The gang's start squares, nearest the "?" squares first (summed moves on the printed board)."""
    spots = site_goals_all()
    return tuple(sorted(squares, key=lambda q: (sum(moves_to("cagliostro", g).get(spot_from_text(q), FAR)
                                                    for g in spots), q)))


def site_start_square(view: dict, figure: str) -> str | None:
    """Where ``figure`` starts at Cagliostro (SITE_START, :meth:`GangBot._site_start`): the gang's
    square nearest the site, the next one for a member who brings a car."""
    squares = _start_ranks(tuple(sorted(exit_squares(view, figure))))
    if not squares:
        return None
    car = any(d in GROUND for d in held_devices(view, figure))
    return squares[1 if car and len(squares) > 1 else 0]


def walk_towards(view: dict, figure: str, frm: str, goal: str, moves: int) -> str:
    """The square ``moves`` moves from ``frm`` along a shortest walk to ``goal`` (on foot, or
    swimming with a wetsuit the plan bought him); ``goal`` if he is there by then."""
    swim = "wetsuit" in held_devices(view, figure)
    state = board_state(view)
    to_goal = moves_to("cagliostro", goal, *state, swim)
    a = spot_from_text(frm)
    d0 = to_goal.get(a, FAR)
    if d0 >= FAR or d0 <= moves:
        return goal if d0 < FAR else frm
    from_here = moves_to("cagliostro", frm, *state, swim)
    want = d0 - moves
    best = min(((abs(to_goal[sq] - want) + abs(from_here.get(sq, FAR) - moves), str(sq))
                for sq in to_goal if isinstance(sq, Sq) and sq in from_here), default=None)
    return best[1] if best is not None else frm


def site_routes(view: dict, crew: tuple, goals: tuple, wheels: tuple, needed: int,
                starts: tuple, fixed: tuple = ()) -> dict[str, str]:
    """Each member's next goal on the Roman site: every way of giving the members distinct first
    goals, each then completed by nearest-neighbour routes (the member free soonest takes his
    nearest goal left), scored by when the goals are reached: the visit by which the busts still
    needed are likely found (tokens are shuffled: with ``needed`` of ``n`` face-down tokens still
    wanted, about ``needed*(n+1)/(busts+1)`` visits), then the sum of all visit times."""
    part = view.get("cagliostro") or {}
    tokens = [g for g in goals if g not in wheels]
    n = len(tokens)
    faces = [t for t in part.get("tokens", {}).values() if t is None]
    busts_down = max(1, busts_missing(view))
    need_visits = max(1, min(n, -(-needed * (len(faces) + 1) // (busts_down + 1)))) if n else 0
    board = board_state(view)
    police = police_squares(view) if POLICE_IN_THE_WAY else frozenset()
    held = {str(q) for q in police}

    def walk(c: str, a: Any, g: str) -> int:
        """Moves from ``a`` to ``g`` for ``c``: his own devices if he is the seat's, else those the
        gang's plan bought him (a partner's wetsuit)."""
        return moves_for(view, c, g).get(a, FAR) if c in view["mine"] else \
            moves_to("cagliostro", g, *board, "wetsuit" in held_devices(view, c)).get(a, FAR)

    @functools.lru_cache(maxsize=None)
    def now(c: str, g: str) -> tuple[int, int]:
        """From where ``c`` stands now: the moves to ``g`` round the policemen standing in the way
        (the plain walk if they shut every way) and the rounds that costs beyond the walk: one for
        a token a policeman stands on, two for a way they shut (they may move on)."""
        m = walk(c, pos[c], g)
        if not police or m >= FAR:
            return m, 0
        swim = "wetsuit" in held_devices(view, c)
        around = moves_to("cagliostro", g, *board, swim, police).get(pos[c], FAR)
        extra = 2 if around >= FAR else 0
        if g in held:
            extra = max(extra, 1)
        return (m if around >= FAR else around), extra

    def d(c: str, a: Any, g: str) -> int:
        """Whole rounds to walk there (he must end his move on it), in moves of his allowance."""
        if a == pos.get(c):
            m, extra = now(c, g)
        else:
            m, extra = walk(c, a, g), 0
        if m >= FAR:
            return FAR
        step = allowance(view, c)
        return (-(-m // step) + extra) * 100 + m   # whole rounds first, then moves
    pos = {c: spot_from_text(s_) for c, s_ in zip(crew, starts)}
    wheel_cost = 200   # a handwheel: two rounds' worth, a token first (it may be a bust)
    best: tuple | None = None
    # members who keep the goal they walk to (no turning back and forth), while it stays reachable
    pinned = {c: g for c, g in fixed if d(c, pos[c], g) < FAR and not now(c, g)[1]}
    free_crew = tuple(c for c in crew if c not in pinned)
    candidates = [g for g in goals if g not in pinned.values()]
    crew = tuple(pinned) + free_crew
    # the first goals of the free members: distinct, each one he can reach, as many as can be given
    # (a member who can reach none of those left gets none: he must not stall his partners' search)
    options = [[g for g in candidates if d(c, pos[c], g) < FAR] + [None] for c in free_crew]
    assignments = [a for a in itertools.product(*options)
                   if len([g for g in a if g is not None]) == len({g for g in a if g is not None})]
    most = max((sum(g is not None for g in a) for a in assignments), default=0)
    for rest in (a for a in assignments if sum(g is not None for g in a) == most):
        firsts = tuple(pinned.values()) + rest
        times = {c: 0 for c in crew}
        here = dict(pos)
        left = set(goals)
        visits: list[int] = []
        ok = True
        for c, g in zip(crew, firsts):
            if g is None:
                continue
            dd = d(c, here[c], g)
            if dd >= FAR:
                ok = False
                break
            times[c] += dd + (wheel_cost if g in wheels else 0)
            here[c] = spot_from_text(g)
            left.discard(g)
            if g not in wheels:
                visits.append(times[c])
        if not ok:
            continue
        while left:
            c = min(crew, key=lambda x: (times[x], crew.index(x)))
            opts = [(d(c, here[c], g) + (wheel_cost if g in wheels else 0), g) for g in sorted(left)]
            opts = [o for o in opts if o[0] < FAR]
            if not opts:
                times[c] = FAR
                if all(times[x] >= FAR for x in crew):
                    break
                continue
            dd, g = min(opts)
            times[c] += dd
            here[c] = spot_from_text(g)
            left.discard(g)
            if g not in wheels:
                visits.append(times[c])
        visits.sort()
        key_time = visits[need_visits - 1] if need_visits and len(visits) >= need_visits else FAR
        key = (key_time, sum(visits[:need_visits]), tuple(g or "" for g in firsts))
        if best is None or key < best[0]:
            best = (key, {c: g for c, g in zip(crew, firsts) if g is not None})
    return best[1] if best else {}


# ------------------------------------------------------------------------------------ the bot

class GangBot(HeuristicBot):
    """The computer gang of one seat, at ``level`` "easy", "normal" or "hard"."""

    def __init__(self, level: str, seed: int):
        if level not in BUDGET:
            raise ValueError(f"unknown gang level {level!r}; the levels are {', '.join(LEVELS)}")
        super().__init__(seed)
        self.level = level
        self.budget = BUDGET[level]
        self.rng = random.Random(seed * 31 + 7)
        self.noise = random.Random(seed * 131 + 17)
        self.targets: dict[str, str] = {}   # the goal each of his members walks to (Cagliostro)
        self.waited: dict[str, int] = {}    # turns each member stayed put rather than be seen
        self.stepped_out: tuple | None = None   # (round, member) who got out of the helicopter
        self.boarded: tuple | None = None       # (round, member) who got into it
        self.mounted: tuple | None = None       # (round, member) who got into a vehicle on an exit to leave (_mount_exit)
        # member -> (the helicopter's square, his least distance to it, the round he got there):
        # a walk to it that has not come nearer for HELI_STALL rounds is given up
        self.heli_way: dict[str, tuple[str, int, int]] = {}
        self.suspect: str | None = None   # a partner seen shown for good (he has the treasure)
        # Cagliostro with several gang seats (_mates_where): partner -> (square guessed, round), the
        # goal this seat's plan last gave him, and the tokens seen face up at the last look
        self.mates: dict[str, tuple[str, int]] = {}
        self.mate_goals: dict[str, str] = {}
        self.face_up: frozenset = frozenset()
        self.idle: set[tuple[str, str]] = set()   # (member, tile) bought to pass the time, to give back (_kit)

    def _hard(self, view: dict, habit: str) -> bool:
        """The level plays ``habit`` (a key of its budget naming the episodes) in this episode."""
        return view["episode"] in self.budget.get(habit, ())

    # ---------------------------------------------------------------- entry
    def choose(self, view: dict, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if view["phase"] == "gang" and view["seat"] != "zenigata":
            by_type: dict[type, list[Action]] = {}
            for a in legal:
                by_type.setdefault(type(a), []).append(a)
            if A.BuyLeftover not in by_type and A.ConfirmPlan not in by_type and A.AcceptTreasure not in by_type:
                return self._gang(view, by_type)
        if view["phase"] == "treasure":
            flips = [a for a in legal if isinstance(a, A.Flip)]
            if flips:
                return self.rng.choice(flips)
        return super().choose(view, legal)

    # ---------------------------------------------------------------- planning
    def _plan(self, view: dict, by_type: dict) -> Action:
        """As the heuristic plans, but Lupin's seat buys the helicopter first where the episode sells
        it (it lands the gang beside the treasure buildings and back beside the exits); at Rosso
        rubino with a seat each, whichever seat comes to it first but Fujiko's (:meth:`_heli_first`),
        and the loyal members start by the helipad (:meth:`_heli_start`)."""
        start = self._site_start(view, by_type) or self._heli_start(view, by_type)
        if start is not None:
            return start
        heli = [a for a in by_type.get(A.BuyDevice, ()) if a.device == "helicopter" and a.figure in view["mine"]]
        if heli and (view["seat"] == "lupin" or self._heli_first(view)):
            return min(heli, key=lambda a: (ORDER.index(a.figure) if a.figure in ORDER else 9, a.figure))
        car = self._car_to_buy(view, by_type)
        if car is not None:
            return car
        radio = self._radio_to_buy(view, by_type)
        if radio is not None:
            return radio
        kit = self._kit(view, by_type)
        if kit is not None:
            return kit
        if self._heli_first(view) and A.ReturnDevice in by_type:
            # ... and keeps it (the heuristic gives back what its member did not wish for)
            by_type = dict(by_type)
            _keep(by_type, A.ReturnDevice, lambda a: a.device != "helicopter")
        return super()._plan(view, by_type)

    def _kits(self, view: dict) -> dict | None:
        """The hard gang's kits in this game (``KITS``), with HENGE_CLEAR_MEMBERS members or more
        (a gang of two did better with the heuristic's purchases: 50 of seeds 1-80 against 47)."""
        if not self._hard(view, "kit") or len(members(view)) < HENGE_CLEAR_MEMBERS:
            return None
        return KITS.get(view["episode"])

    def _kit(self, view: dict, by_type: dict) -> Action | None:
        """Hard (``KITS``): each member's kit for the episode and nothing else (the heuristic's seats
        bought backpacks, knives and rifles as they came and Lupin's seat was often left with
        nothing: the money was gone); Lupin's seat buys what a partner still lacks, then confirms;
        a partner with nothing left to buy passes the time with a tile nobody needs (given back at
        his next turn), so that the clock does not cut Lupin's purchases short."""
        kits = self._kits(view)
        if not kits or A.ChooseStart in by_type or ChooseAim in by_type:
            return None
        lupin_seat = view["seat"] == "lupin"

        def lacks(c: str, d: str) -> bool:
            return kits.get(c, ()).count(d) > held_devices(view, c).count(d)
        buys = by_type.get(A.BuyDevice, ())
        own = [a for a in buys if a.figure in view["mine"] and lacks(a.figure, a.device)]
        others = [a for a in buys if lacks(a.figure, a.device)] if lupin_seat else []
        for group in (own, others):
            if group:
                return min(group, key=lambda a: (ORDER.index(a.figure) if a.figure in ORDER else 9,
                                                 kits[a.figure].index(a.device), a.device))
        spare = [a for a in by_type.get(A.ReturnDevice, ()) if (a.figure, a.device) in self.idle]
        if spare:
            self.idle.discard((spare[0].figure, spare[0].device))
            return spare[0]
        confirms = by_type.get(A.ConfirmPlan, ())
        ready = [a for a in confirms if not a.timed_out]
        if lupin_seat and ready:
            return ready[0]
        if not lupin_seat:
            wanted = {d for k in kits.values() for d in k}
            prices = (view.get("plan") or {}).get("prices", {})
            idle = [a for a in buys if a.figure in view["mine"] and a.device not in wanted]
            if idle:
                pick = min(idle, key=lambda a: (prices.get(a.device, 0), a.device, a.figure))
                self.idle.add((pick.figure, pick.device))
                return pick
        return None

    @staticmethod
    def _heli_first(view: dict) -> bool:
        """Rosso rubino with a seat each (HELI_ANY_SEAT): the seats plan at once from one purse, and
        the others spent it before Lupin's seat came to the helicopter (traced, seed 7: 300$ left of
        1,500$ when Lupin's seat first acted; no helicopter in 3 of 40 games, all lost): whichever
        seat acts first buys it (but Fujiko's, who may be a traitor)."""
        return bool(HELI_ANY_SEAT and seat_each_rr(view) and view["seat"] != "fujiko")

    @staticmethod
    def _radio_to_buy(view: dict, by_type: dict) -> Action | None:
        """With a seat for each member (RADIO_SEATS gang seats or more) Lupin's seat buys him a
        radio, after the helicopter: once the treasure is found he tells every partner at once
        (what the tile is, where everybody stands), instead of each learning it late."""
        if view["seat"] != "lupin" or view["episode"] not in RADIO_EPISODES or not RADIO_SEATS \
                or gang_seats(view) < RADIO_SEATS:
            return None
        if any("radio" in held_devices(view, c) for c in view["mine"]):
            return None
        offers = [a for a in by_type.get(A.BuyDevice, ()) if a.device == "radio" and a.figure in view["mine"]]
        return min(offers, key=lambda a: (ORDER.index(a.figure) if a.figure in ORDER else 9, a.figure)) if offers else None

    def _radio(self, view: dict, by_type: dict, figure: str) -> Action | None:
        """The radio kept for the news: used as soon as this seat knows the treasure is found while
        a partner of another seat is still on the board (he is told what the tile is, and where
        everybody stands)."""
        uses = [a for a in _acts(by_type, A.UseDevice, figure) if a.device == "radio"]
        if not uses or not (treasure_holder(view) is not None or self._found(view)):
            return None
        others = [c for c in members(view) if c not in view["mine"] and free(view, c) and not apart(view, c)
                  and view["figures"][c].get("spot")]
        return uses[0] if others else None

    @staticmethod
    def _heli_start(view: dict, by_type: dict) -> Action | None:
        """Rosso rubino with a seat each (HELI_START): a loyal member starts on the gang's square nearest
        the helipad, where the heuristic picks one at random: the members who start together board in
        the same round and fly together beside the buildings (traced, seed 1: three on R1 boarded in
        round 2 and flipped three tiles by round 4; seeds 10 and 30: one flew alone, the three who
        started on A1-C1 walked to the bridges and were shot at for rounds). Fujiko (her motorbike
        is put down where she starts; she may be a traitor) picks as before."""
        starts = by_type.get(A.ChooseStart, ())
        if not HELI_START or not starts or not seat_each_rr(view) or view["seat"] == "fujiko":
            return None
        pads = sorted(str(s) for s in episode_geometry(view["episode"]).board.squares_of("helipad"))
        if not pads:
            return None
        dist = moves_to(view["episode"], pads[0])
        return min(starts, key=lambda a: (dist.get(spot_from_text(a.square), FAR), a.square, a.figure))

    @staticmethod
    def _site_start(view: dict, by_type: dict) -> Action | None:
        """Cagliostro: every member starts on the gang's square nearest the Roman site (A4: 2-4 moves
        nearer every "?" than A1 and A2), where the heuristic picks one at random."""
        starts = by_type.get(A.ChooseStart, ())
        if view["episode"] != "cagliostro" or not SITE_START or not starts:
            return None
        spots = sorted(site_goals_all())
        squares = sorted({a.square for a in starts},
                         key=lambda q: (sum(moves_to("cagliostro", g).get(spot_from_text(q), FAR) for g in spots), q))
        # a member who brings a car starts on the next square: the car is put down where he starts
        # and would stand on the best exit all game
        rank = {q: i for i, q in enumerate(squares)}

        def key(a: Action) -> tuple:
            car = any(d in GROUND for d in held_devices(view, a.figure))
            return (abs(rank[a.square] - (1 if car and len(squares) > 1 else 0)), rank[a.square], a.figure)
        return min(starts, key=key)

    @staticmethod
    def _car_to_buy(view: dict, by_type: dict) -> Action | None:
        """Where the episode sells no helicopter but the roads lead near the goals (Stonehenge's
        A344 runs along the north of the site, from the gang's squares to the car park), Lupin's
        seat buys a car for its first member, once."""
        if view["seat"] != "lupin" or view["episode"] not in CAR_EPISODES:
            return None
        if any(d in GROUND for c in members(view) for d in held_devices(view, c)):
            return None
        for device in CAR_WISH:
            offers = [a for a in by_type.get(A.BuyDevice, ()) if a.device == device and a.figure in view["mine"]]
            if offers:
                return min(offers, key=lambda a: (ORDER.index(a.figure) if a.figure in ORDER else 9, a.figure))
        return None

    # ---------------------------------------------------------------- goals
    def goal(self, view: dict, figure: str) -> str | None:
        """Where ``figure`` heads now (a spot as text), or None (nowhere in particular)."""
        me = view["figures"][figure]
        here = me.get("spot")
        if not here:
            return None
        traitor = i_am_traitor(view, figure)
        holder = treasure_holder(view) or (shown_for_good(view) if traitor else None)
        if view["episode"] == "cagliostro" and holder is None and caesar_phase(view):
            fetch = self._cagliostro_plan(view, figure)
            if fetch is not None:
                return fetch   # the coins are the gang's only chance now, however late
        if holder == figure or (self._must_leave(view, figure) and self._worth_leaving(view, holder)):
            return self._exit(view, figure)
        if traitor and view.get("treasure_out"):
            return self._exit(view, figure)   # the gang got it out: nothing left for her to steal
        if traitor and holder and holder != figure and free(view, holder):
            spot = view["figures"][holder].get("spot")
            if spot:
                return spot
        if view["betrayed"] and holder == "fujiko" and figure != "fujiko" and free(view, "fujiko"):
            spot = view["figures"]["fujiko"].get("spot")
            if spot:
                return spot   # the loyal gang takes the treasure back from her
        if not traitor and self._found(view):
            return self._exit(view, figure)
        if view["episode"] == "cagliostro":
            goal = self._cagliostro_plan(view, figure)
            if goal is not None and not caesar_phase(view):
                self.targets[figure] = goal
            if goal is None:
                goal = caesar_wait(view, figure)
            return goal if goal is not None else self._exit(view, figure)
        if view["episode"] in EPISODE_GOALS:
            goal = EPISODE_GOALS[view["episode"]](view, figure)
            return goal if goal is not None else (self._exit(view, figure) if self._late(view, figure, 2) else None)
        goal = self._site(view, figure)
        if goal is None and traitor and self._found(view):
            # a traitor who cannot tell who holds it waits by the way out: she still counts among
            # the loyal until she betrays, so the gang's win waits for her to leave once it is out
            return self._exit(view, figure)
        return goal

    def _mates_where(self, view: dict) -> dict[str, str]:
        """Cagliostro with several gang seats: where this seat takes each loyal partner it does not
        see to stand (MATES_GUESSED): last seen there (at first on his start square), then his
        allowance each round towards the goal this seat's plan gave him; on the token he walked to
        once it is turned face up by nobody of this seat. Empty with one gang seat."""
        if view["episode"] != "cagliostro" or not MATES_GUESSED or gang_seats(view) < 2:
            return {}
        rnd = view["round"]
        tokens = (view.get("cagliostro") or {}).get("tokens", {})
        up = frozenset(sq for sq, t in tokens.items() if t is not None)
        new_up = up - self.face_up
        self.face_up = up
        mine_on = {view["figures"][c].get("spot") for c in view["mine"] if c in view["figures"]}
        out: dict[str, str] = {}
        for c in members(view):
            if c in view["mine"] or not free(view, c) or apart(view, c):
                continue
            spot = view["figures"][c].get("spot")
            if spot and on_board(spot):
                self.mates[c] = (spot, rnd)
                continue
            last = self.mates.get(c)
            if last is None:
                start = site_start_square(view, c)
                if start is None:
                    continue
                last = (start, 1)
            where, since = last
            goal = self.mate_goals.get(c)
            if goal is not None and goal in new_up and goal not in mine_on:
                where, since = goal, rnd      # he turned it (or is near it: nobody of this seat did)
            elif goal is not None and rnd > since:
                where = walk_towards(view, c, where, goal, allowance(view, c) * (rnd - since))
                since = rnd
            self.mates[c] = (where, since)
            out[c] = where
        return out

    def _cagliostro_plan(self, view: dict, figure: str) -> str | None:
        """:func:`cagliostro_plan` with the partners this seat does not see where it guesses them,
        remembering the goals the plan gives them (MATES_GUESSED)."""
        guess = self._mates_where(view)
        routes: dict[str, str] = {}
        goal = cagliostro_plan(view, figure, self.targets, guess, routes)
        if guess or self.mates:
            for c in members(view):
                if c not in view["mine"]:
                    if c in routes and not caesar_phase(view):
                        self.mate_goals[c] = routes[c]
                    else:
                        self.mate_goals.pop(c, None)
        return goal

    def _exit(self, view: dict, figure: str) -> str | None:
        here = view["figures"][figure].get("spot")
        if not here:
            return None
        pos = spot_from_text(here)
        # an exit a policeman, a car or a parked vehicle stands on is no way out for now
        parked_open = self._parked_exits_open(view)
        taken = {f.get("spot") for f in view["figures"].values() if f.get("kind") != "gang"} | \
            {c.get("spot") for c in view["cars"].values()} | \
            {r.get("spot") for r in view.get("rides", ()) if not r.get("riders") and not parked_open}
        if view["episode"] == "cagliostro" and apart(view, figure):
            # Fujiko on her own seat: a partner standing on the gang's exit is no way out for her either
            taken |= {f.get("spot") for c, f in view["figures"].items() if c != figure and f.get("kind") == "gang"
                      and free(view, c)}
        exits = [e for e in exit_squares(view, figure) if e not in taken or e == here] or exit_squares(view, figure)
        return min(exits, key=lambda s: (moves_for(view, figure, s).get(pos, FAR), s)) if exits else None

    def _rounds_needed(self, view: dict, figure: str) -> int:
        """Rounds ``figure`` needs to walk to his nearest exit."""
        here = view["figures"][figure].get("spot")
        if not here:
            return FAR
        exit_ = self._exit(view, figure)
        if exit_ is None:
            return FAR
        d = moves_for(view, figure, exit_).get(spot_from_text(here), FAR)
        step = allowance(view, figure)
        return -(-d // step)

    def _rounds_left(self, view: dict) -> int:
        """Gang phases left, this one included."""
        return view["rounds_total"] - view["round"] + 1

    def _late(self, view: dict, figure: str, margin: int) -> bool:
        return self._rounds_needed(view, figure) + margin >= self._rounds_left(view)

    @staticmethod
    def _worth_leaving(view: dict, holder: str | None) -> bool:
        """Leaving in time matters only once the treasure may be in the gang's hands (found, a tile
        this seat has not seen in a partner's, the coins' temple opening): else the gang loses by
        leaving as surely as by staying, and the search goes on to the end."""
        if holder is not None or treasure_found(view) or unknown_tiles_carried(view):
            return True
        return view["episode"] == "cagliostro" and caesar_phase(view)

    def _must_leave(self, view: dict, figure: str) -> bool:
        """Out now: the rounds left barely cover the way out (the last one always)."""
        return self._late(view, figure, 1)

    def _site(self, view: dict, figure: str) -> str | None:
        """The base episodes: the treasure building the member goes to flip a tile in."""
        sites = sites_left(view)
        if not sites:
            return None
        board = episode_geometry(view["episode"]).board
        if view["episode"] == "rosso-rubino":
            buildings = [str(Inside(b)) for b in sites]
        else:
            buildings = sorted(str(Inside(b.name)) for b in board.buildings.values() if b.props.get("treasure"))
        if len(buildings) == 1:
            return buildings[0]
        here = spot_from_text(view["figures"][figure]["spot"])
        # his seat's members he knows the squares of share the buildings out: each the nearest free
        # one, in the order that leaves the slowest of them nearest; a partner of another seat is
        # assumed to take the building of his rank
        mine = [c for c in members(view) if c in view["mine"] and free(view, c) and view["figures"][c].get("spot")
                and treasure_holder(view) != c and c != self._keeper_of(view)]
        others = [c for c in members(view) if c not in view["mine"] and free(view, c) and not apart(view, c)]
        taken = {buildings[ORDER.index(c) % len(buildings)] for c in others} if len(buildings) > len(mine) else set()
        pool = [b for b in buildings if b not in taken] or buildings
        if figure not in mine:
            return min(pool, key=lambda b: (moves_for(view, figure, b).get(here, FAR), b))
        best: tuple | None = None
        for perm in itertools.permutations(pool, min(len(mine), len(pool))):
            cost = []
            for c, b in zip(mine, perm):
                cost.append(moves_for(view, c, b).get(spot_from_text(view["figures"][c]["spot"]), FAR))
            key = (max(cost), sum(cost), perm)
            if best is None or key < best[0]:
                best = (key, dict(zip(mine, perm)))
        assert best is not None
        return best[1].get(figure) or min(pool, key=lambda b: (moves_for(view, figure, b).get(here, FAR), b))

    # ---------------------------------------------------------------- the gang's turn
    def _gang(self, view: dict, by_type: dict) -> Action:
        moves = by_type.get(A.Move, [])
        figure = moves[0].figure if moves else next(
            (a.figure for acts in by_type.values() for a in acts if getattr(a, "figure", None) in view["figures"]), None)
        if figure is None:
            return HeuristicBot._gang(self, view, by_type)
        figure = self._first_to_play(view, by_type, figure)
        moves = [a for a in moves if a.figure == figure]
        # shots and blows first (then he moves away): at Stonehenge the policeman standing on his
        # goal square, at Cagliostro the agent barring a member's way out, then the traitor's blow,
        # the loyal gang's answer, a shot worth taking
        for attack in (self._grenade, self._clear, self._cag_clear, self._attack):
            hit = attack(view, by_type, figure)
            if hit is not None:
                return hit
        if A.FreeSelf in by_type and self._stay_held(view, figure):
            ends = [a for a in by_type.get(A.EndTurn, ()) if a.figure == figure]
            if ends:
                return ends[0]
        if A.FreeSelf in by_type or A.Vanish in by_type:
            return HeuristicBot._gang(self, view, by_type)
        reveal = self._reveal_found(view, by_type) if self._hard(view, "keep_undisguised") else None
        reveal = reveal or self._reveal(view, by_type)
        if reveal is not None:
            return reveal
        # the radio's news; a vehicle parked on an exit to leave by
        for step in (self._radio, self._mount_exit):
            act = step(view, by_type, figure)
            if act is not None:
                return act
        escapes = [a for a in by_type.get(A.Escape, ()) if self._escape_now(view, a.figure)]
        if escapes:
            return escapes[0]
        flight = self._fly(view, by_type, figure)
        if flight is not None:
            return flight
        drive = self._drive(view, by_type, figure)
        if drive is not None:
            return drive
        goal = self.goal(view, figure) if moves else None
        if moves and goal is not None:
            best = self._best_move(view, figure, goal, moves)
            if best is not None:
                rides = [r for r in by_type.get(A.Ride, ()) if r.figure == figure]
                ride = self._best_ride(view, figure, goal, rides, best) if rides else None
                return ride if ride is not None else best
        if moves and goal is None:
            hide = self._hide(view, figure, moves)
            if hide is not None:
                return hide
        # cards, devices and the rest as the heuristic plays them, without its escapes, moves, shots
        rest = {k: v for k, v in by_type.items() if k not in (A.Escape, A.Move, A.Shoot, A.Melee, A.Ride, A.GetIn)}
        if (view["episode"] == "cagliostro" or self._kits(view)) and KIT_WHEN_SLOWED:
            # the medical kit (single use) is kept until a wound slows its member down
            _keep(rest, A.UseDevice, lambda a: a.device != "medical_kit" or slowed(view, a.target))
        if self._plans_grenades(view):   # grenades are kept for _grenade
            _keep(rest, A.UseDevice, lambda a: a.device != "hand_grenade")
        if RADIO_SEATS:   # the radio is kept for the news (_radio)
            _keep(rest, A.UseDevice, lambda a: a.device != "radio")
        if self._hard(view, "keep_undisguised") and A.PlayCard in rest and self._found(view):
            # hard: no disguise once the treasure is found (inside an agent he goes where the
            # police go, and the gang wins only once every loyal member is off the board)
            _keep(rest, A.PlayCard, lambda a: not _disguise(a.card))
        ends = [a for a in by_type.get(A.EndTurn, ()) if a.figure == figure] or by_type.get(A.EndTurn, [])
        if rest:
            if ends:
                rest[A.EndTurn] = ends
            return HeuristicBot._gang(self, view, rest)
        return ends[0] if ends else next(iter(by_type.values()))[0]

    def _reveal_found(self, view: dict, by_type: dict) -> Action | None:
        """Hard: a member in disguise once the treasure is found slips out at once, towards his goal."""
        hides = by_type.get(UnmaskHide, [])
        if not hides or not self._found(view):
            return None
        goal = self.goal(view, hides[0].figure)
        if goal is None:
            return None
        dist = moves_for(view, hides[0].figure, goal)
        return min(hides, key=lambda a: (dist.get(spot_from_text(a.to), FAR), a.to))

    @staticmethod
    def _parked_exits_open(view: dict) -> bool:
        """Rosso rubino with a seat each (MOUNT_EXIT): a gang vehicle parked on an exit is a way out
        (he gets in beside it, for free, and leaves from it), not an exit taken."""
        return bool(MOUNT_EXIT and seat_each_rr(view))

    def _mount_exit(self, view: dict, by_type: dict, figure: str) -> Action | None:
        """:meth:`_parked_exits_open`: a member who would leave now gets into the gang's vehicle
        parked on an exit next to him, and then leaves from its square (traced, seed 25: Fujiko's
        motorbike stood on R1; Goemon, beside it when the ruby went out, walked to the far exits)."""
        if not self._parked_exits_open(view) or i_am_traitor(view, figure) and not view.get("treasure_out"):
            return None
        exits = set(exit_squares(view, figure))
        spots = {r["id"]: r.get("spot") for r in view.get("rides", ())}
        if self.mounted == (view["round"], figure):
            # he got in to leave: he leaves, now that he is on the exit (aboard on the exit he is no
            # longer late, and got out again to walk: traced, seed 187 at 5 players, Fujiko in and out
            # of her motorbike on A2 without end)
            return next(iter(_acts(by_type, A.Escape, figure)), None)
        ins = [a for a in _acts(by_type, A.GetIn, figure) if spots.get(a.vehicle) in exits]
        if not ins or self.stepped_out == (view["round"], figure) or not self._escape_now(view, figure):
            return None
        self.mounted = (view["round"], figure)
        return min(ins, key=lambda a: a.vehicle)

    @staticmethod
    def _out_bold(view: dict) -> bool:
        """Rosso rubino with a seat each (OUT_BOLD_ODDS): once the treasure is out a member neither
        hides nor spares a shot (arrested he is as good as out: the gang wins once no loyal member
        is free on the board), as the hard level does everywhere at Rosso rubino."""
        return bool(OUT_BOLD_ODDS and seat_each_rr(view))

    def _out_this_turn(self, view: dict, c: str) -> bool:
        """``c`` can reach an exit this turn: on foot, or aboard a car that has not moved."""
        spot = view["figures"][c].get("spot")
        if not spot or not on_board(spot):
            return False
        pos = spot_from_text(spot)
        exits = exit_squares(view, c)
        car = next((r for r in cars(view) if c in r.get("riders", ())), None)
        if car is not None:
            if car.get("moved"):
                return spot in exits
            rd = road_dist(view["episode"], car["device"], pos, frozenset(board_state(view)[1]), police_squares(view))
            return any(rd.get(spot_from_text(e), FAR) <= car_speed(car["device"]) for e in exits)
        return any(moves_for(view, c, e).get(pos, FAR) <= allowance(view, c) for e in exits)

    def _stay_held(self, view: dict, figure: str) -> bool:
        """An arrested member does not free himself while a loyal partner of his seat carries the
        treasure and will be out before him (or rides a car to the exit): the gang wins once the
        treasure is out and no loyal member is free on the board, so freed he would only be one
        more to wait for (and pay his devices or a round)."""
        if STAY_HELD is False:
            return False
        if i_am_traitor(view, figure):
            # Rosso rubino with a seat each (TRAITOR_HELD): the gang took the treasure out and she has
            # not betrayed: she still wins with the gang, whose win waits for her while she is free
            return bool(TRAITOR_HELD and seat_each_rr(view)
                        and _gang_took_it_out(view))
        if (HELD_WHEN_OUT or self._hard(view, "out_bold")) and _gang_took_it_out(view):
            return True    # the treasure is out; held, he is no longer one to wait for
        holder = treasure_holder(view)
        if HELD_FOR_OTHERS and holder is not None and holder != figure and holder not in view["mine"] \
                and holder in members(view) and free(view, holder) and not apart(view, holder):
            return True    # a partner of another seat carries it: this seat cannot tell when he is out,
            #                and freed he is one more to wait for (traced: freed and arrested again, seed 1)
        if holder is None and self._hard(view, "held_unread") and self._unread_leaving(view, figure):
            return True
        if holder is None or holder == figure or holder not in view["mine"] or not free(view, holder) \
                or apart(view, holder) or not view["figures"][holder].get("spot"):
            return False
        if any(holder in c.get("riders", ()) for c in cars(view)):
            return True
        return self._rounds_needed(view, figure) >= self._rounds_needed(view, holder)

    def _unread_leaving(self, view: dict, figure: str) -> bool:
        """A loyal partner of another seat, shown, who can leave this turn (:meth:`_out_this_turn`)
        carries a tile this seat has not seen (it may be the treasure)."""
        return any(c is not None and c != figure and c not in view["mine"] and "treasure" not in t
                   and c in members(view) and free(view, c) and not apart(view, c) and self._out_this_turn(view, c)
                   for t in view["tiles"] for c in (t.get("carrier"),))

    def _escape_now(self, view: dict, figure: str) -> bool:
        """Leave the map now: with the treasure; once it is found (a loyal partner has it) or out;
        in the last round; a traitor Fujiko only with the treasure (or in the last round)."""
        holder = treasure_holder(view)
        last = view["round"] >= view["rounds_total"]
        if i_am_traitor(view, figure):
            return holder == figure or last or bool(view["treasure_out"])
        if holder == figure or view["treasure_out"] or last:
            return True
        if view["episode"] == "cagliostro" and FUJIKO_COMES and holder == "fujiko" and apart(view, holder) \
                and not view.get("betrayed") and fujiko_comes(view):
            return True    # Cagliostro: Fujiko brings the coins to the gang's exits (she has repented):
            #                partners standing on them leave, as for any carrier of another seat
        if holder is not None and apart(view, holder):
            return False   # the loyal gang takes it back from her first
        heli = helicopter(view)
        if heli is not None and holder in heli["riders"] and figure in view["mine"] and \
                view["figures"][figure].get("spot") in exit_squares(view, figure):
            return True    # the carrier is aboard beside the exits: he leaves now, and so does he
        if any(holder in c.get("riders", ()) and figure in c.get("riders", ()) for c in cars(view)):
            return True    # the carrier is aboard with him on the exit: both leave now
        if holder is not None and holder in view["mine"] and free(view, holder) and self._out_this_turn(view, holder):
            return True    # the carrier (who plays last) leaves this turn: no one to wait for after him
        if view["episode"] == "cagliostro" and LEAVE_BEFORE_CARRIER and holder is not None and holder != figure \
                and holder in members(view) and holder not in view["mine"]:
            return True    # Cagliostro, a carrier of another seat: this one cannot tell when he reaches the
            #                exit, and an arrest hands the coins to Zenigata (waiting frees nobody)
        if self._make_way(view, figure, holder):
            return True    # Stonehenge: the carrier steps onto this exit this turn (he plays last)
        if holder is not None and holder in members(view) and free(view, holder) and not self._must_leave(view, figure):
            return False   # the carrier is still on the board: a partner who left now could not free him

        if view["episode"] == "cagliostro" and caesar_phase(view) and \
                cagliostro_plan(view, figure, guess=self._mates_where(view)) is None:
            return True    # a partner fetches the coins: he is one fewer to wait for
        return self._found(view)

    @staticmethod
    def _make_way(view: dict, figure: str, holder: str | None) -> bool:
        """Stonehenge with HENGE_CLEAR_MEMBERS members or more (HENGE_MAKE_WAY): ``figure`` stands on
        an exit and the blade's carrier, a loyal partner of another seat on the board, can reach that
        exit this turn (round the policemen standing in the way): he leaves it to him."""
        if not HENGE_MAKE_WAY or view["episode"] != "stonehenge" or len(members(view)) < HENGE_CLEAR_MEMBERS:
            return False
        if holder is None or holder == figure or holder in view["mine"] or holder not in members(view) \
                or not free(view, holder) or apart(view, holder):
            return False
        here = view["figures"][figure].get("spot")
        there = view["figures"][holder].get("spot")
        if not here or here not in exit_squares(view, figure) or not there or not on_board(there):
            return False
        temples, drained, passage = board_state(view)
        dist = moves_to(view["episode"], here, temples, drained, passage, False, police_squares(view))
        return dist.get(spot_from_text(there), FAR) <= allowance(view, holder)

    def _found(self, view: dict) -> bool:
        """:func:`treasure_found`, remembering a partner once seen shown for good: a round in which
        he stands in a police line of fire tells nothing (he would be shown anyway), so the seat
        keeps to what it saw until he is seen hidden again (a carrier of the treasure never is) or
        no longer carries a tile it has not seen."""
        sfg = shown_for_good(view)
        if sfg is not None:
            self.suspect = sfg
        elif self.suspect is not None:
            f = view["figures"].get(self.suspect, {})
            carries = any(t.get("carrier") == self.suspect and "treasure" not in t for t in view["tiles"])
            if not f.get("shown") or not carries or view.get("betrayed"):
                self.suspect = None
        return treasure_found(view) or self.suspect is not None

    # ---------------------------------------------------------------- the helicopter
    def _first_to_play(self, view: dict, by_type: dict, default: str) -> str:
        """Who of the seat's members plays his turn now: one who walks to the helicopter to board
        it before the one aboard flies (so that both go), else ``default``."""
        heli = helicopter(view)
        if heli is None or heli.get("moved") or view.get("active"):
            return default
        ready = sorted({getattr(a, "figure", None) for acts in by_type.values() for a in acts} & set(view["mine"]))
        boarding = [c for c in ready if c not in heli["riders"] and self._heading_for(view, c, heli)]
        if boarding and any(c in heli["riders"] for c in ready):
            return boarding[0]
        return default

    def _heading_for(self, view: dict, figure: str, heli: dict) -> bool:
        """``figure`` is better off flying to where he heads: walk to the helicopter, board it,
        fly, and walk from where it lands, no more than ``AIR_SLACK`` turns later than walking
        there as the board is drawn (the walk crosses the police's watch, the flight does not)."""
        goal = self.goal(view, figure)
        here = view["figures"][figure].get("spot")
        if goal is None or not here or here.startswith("under") or i_am_traitor(view, figure):
            return False
        # policemen bar his way to it (he paced to and fro, see _to_helicopter: only a member
        # alone in his seat, whom no partner can fly it to): he walks on instead
        way = self.heli_way.get(figure)
        if way is not None and way[0] == heli["spot"] and view["round"] - way[2] >= HELI_STALL:
            return False
        pos = spot_from_text(here)
        step = allowance(view, figure)
        walk = moves_for(view, figure, goal).get(pos, FAR)
        if walk >= FAR or walk <= 2 * step:
            return False
        to_heli = max(0, moves_for(view, figure, heli["spot"]).get(pos, FAR) - 1)
        if to_heli >= FAR:
            return False
        if OTHERS_DO_NOT_WAIT and heli["riders"] and not set(heli["riders"]) & set(view["mine"]) and to_heli > step:
            # partners of other seats aboard do not know he is coming (nobody tells them): it
            # may be gone when he gets there; only a helicopter he can board this turn is his way
            return False
        after = landing_after(view, goal, figure)
        if after >= FAR:
            return False
        # turns: walking to the goal; by air: walk to the helicopter (boarding on the last of those
        # turns), the flight, then the way from the square he steps out on
        by_foot = -(-walk // step)
        by_air = -(-to_heli // step) + 1 + -(-after // step)
        return by_air <= by_foot + AIR_SLACK

    def _fly(self, view: dict, by_type: dict, figure: str) -> Action | None:
        """The seat's helicopter (Rosso rubino, Gran colpo: it flies anywhere but the roofs, the
        river and columns 17-25): a member who gains two turns by it walks to it and boards; the
        one aboard flies when his partners heading for it are aboard too, and lands out of the
        police's sight next to where the gang heads (an exit for the treasure: he steps out onto
        it and leaves); a passenger steps out where it landed and walks on."""
        heli = helicopter(view)
        if heli is None or figure not in view["mine"]:
            return None
        goal = self.goal(view, figure)
        holder = treasure_holder(view)
        mate = holder if holder in view["mine"] and holder != figure and free(view, holder) \
            and not apart(view, holder) and view["figures"][holder].get("spot") else None
        if mate is not None:
            return self._fetch(view, by_type, figure, heli, mate)
        other = self._other_carrier(view, figure)
        if other is not None:
            return self._fetch_other(view, by_type, figure, heli, other)
        if self._keeping(view, figure):
            return self._keep(view, by_type, figure, heli)
        if figure not in heli["riders"]:
            return self._to_helicopter(view, by_type, figure, heli)
        sight = Sight(view, 0, self.rng)
        rides = _acts(by_type, A.Ride, figure)
        outs = _acts(by_type, A.GetOut, figure)
        ends = _acts(by_type, A.EndTurn, figure)
        step = allowance(view, figure)
        park = self._park(view, by_type, figure, heli, goal) if rides else None
        if park is not None:
            return park
        if rides and self._hard(view, "drop") and self._keeper_of(view) == figure and len(heli["riders"]) > 1:
            # hard: he keeps the helicopter once his passenger is out; he lands beside the passenger's building
            passenger = heli["riders"][1]
            goal = self.goal(view, passenger) or goal
            sight = Sight(view, 0, self.rng)
            landing = {a: self._landing_cost(view, passenger, goal, a.to, sight) for a in rides}
            return min(rides, key=lambda a: (landing[a], a.to))
        if rides and goal is not None:
            landing = {a: self._landing_cost(view, figure, goal, a.to, sight) for a in rides}
            best = min(rides, key=lambda a: (landing[a], a.to))
            if outs:
                # already near where he heads: out and on foot, rather than fly on
                dist = moves_for(view, figure, goal)
                on_foot = min(-(-dist.get(spot_from_text(a.square), FAR) // step) for a in outs)
                if on_foot <= 1 + -(-int(landing[best]) // step):
                    rides = []
        leaving = goal is not None and goal in exit_squares(view, figure)
        stranded = [c for c in members(view) if c in view["mine"] and c != figure and c not in heli["riders"]
                    and free(view, c) and view["figures"][c].get("spot")
                    and self._turns_to(view, c, heli["spot"]) + 2 > self._rounds_left(view)]
        if rides and leaving and stranded and self._rounds_left(view) >= 2:
            # a partner who cannot walk to it in time: fetch him first, out together next turn
            pick = self._beside_partner(view, stranded[0], rides, sight)
            if pick is not None:
                return pick
        if rides and goal is not None:
            waiting = [c for c in members(view) if c in view["mine"] and c != figure and c not in heli["riders"]
                       and free(view, c) and self._heading_for(view, c, heli)
                       and self._turns_to(view, c, heli["spot"]) + 2 <= self._rounds_left(view)]
            if self._hard(view, "carrier_flies") and treasure_holder(view) == figure:
                # hard: the carrier does not wait aboard for a partner (a grounded helicopter is
                # shot at, and the gang wins once the treasure is out and no loyal member is free)
                waiting = []
            walk = moves_for(view, figure, goal).get(spot_from_text(heli["spot"]), FAR)
            after = landing[best]
            if not waiting and after < FAR and -(-int(after) // step) + 1 <= -(-walk // step) + AIR_SLACK:
                return best
            if waiting and self._rounds_left(view) > 2 and ends:
                return ends[0]   # his partner boards first; they fly together next turn
        if goal is not None and not _acts(by_type, A.Ride, figure) and \
                (not heli.get("moved") or self.boarded == (view["round"], figure)) and ends:
            return ends[0]   # boarded after walking: he stays aboard and flies next turn
        if outs and heli.get("moved") and heli["riders"][:1] == [figure] and goal is not None:
            # the driver, who has had his move: aboard nobody can shoot him; he steps out now
            # only onto where he heads (an exit), else next turn, and walks on from there
            dist = moves_for(view, figure, goal)
            there = [a for a in outs if dist.get(spot_from_text(a.square), FAR) == 0]
            if there:
                return there[0]
            if ends:
                return ends[0]
        if outs and ends and heli.get("moved") and self._stay_aboard(view, figure, goal, outs):
            return ends[0]   # landed far from his building: he flies it there himself next round
        if outs:
            self.stepped_out = (view["round"], figure)   # no boarding again this turn
            dist = moves_for(view, figure, goal) if goal is not None else {}
            carrier = treasure_holder(view) == figure
            return min(outs, key=lambda a: (dist.get(spot_from_text(a.square), FAR)
                                            + (0 if carrier else SEEN_COST * sight.seen(a.square)), a.square))
        return None

    def _park(self, view: dict, by_type: dict, figure: str, heli: dict, goal: str | None) -> Action | None:
        """Rosso rubino with a seat each (PARK_SHOWN): alone aboard a helicopter the police see, before
        the treasure is found, he does not step out and leave it to them (the police shoot a shown
        helicopter first: traced, seeds 10 and 30, it was seen at the helipad as he boarded, stayed
        shown where he landed, and was shot down empty by the buildings the round he got out): he
        flies it to a square out of every line of fire (which hides it again), from where he walks
        into his building on his next turn if he can, the one the police are least likely to see
        after their move, nearest; he steps out there next turn."""
        if not PARK_SHOWN or not seat_each_rr(view) or not heli.get("shown") or heli.get("moved"):
            return None
        if list(heli.get("riders", ())) != [figure] or goal is None or goal in exit_squares(view, figure):
            return None
        if treasure_holder(view) is not None or self._found(view) or unknown_tiles_carried(view):
            return None
        rides = _acts(by_type, A.Ride, figure)
        if not rides:
            return None
        dist = moves_for(view, figure, goal)
        reach = allowance(view, figure)
        sight = Sight(view, self.budget["samples"], self.rng)

        def key(a: Action) -> tuple:
            near = beside(dist, spot_from_text(a.to))
            return (sight.seen(a.to), near > reach, round(sight.later(a.to), PARK_ROUND), near, a.to)
        best = min(rides, key=key)
        return None if sight.seen(best.to) else best

    def _stay_aboard(self, view: dict, figure: str, goal: str | None, outs: list[Action]) -> bool:
        """Rosso rubino with a seat each (PASSENGER_STAYS): a passenger the driver (a partner of another
        seat, who flew for his own building) landed far from his own stays aboard, to fly it himself
        next round (any rider may drive), when that lands him beside his building sooner than the walk
        from here (traced, seed 2: Goemon, set down by the Pagoda, walked south to the palace through
        the police and was arrested that round)."""
        if not PASSENGER_STAYS or not seat_each_rr(view) or goal is None or self._rounds_left(view) < 3:
            return False
        if treasure_holder(view) is not None or self._found(view) or unknown_tiles_carried(view):
            return False
        step = allowance(view, figure)
        dist = moves_for(view, figure, goal)
        on_foot = min(turns(dist.get(spot_from_text(a.square), FAR), step) for a in outs)
        after = landing_after(view, goal, figure)
        return after < FAR and 1 + turns(after, step) < on_foot

    def _searchers(self, view: dict, figure: str, heli: dict) -> list[str]:
        """The seat's partners of ``figure`` free on the board and not aboard the helicopter."""
        return [c for c in members(view) if c in view["mine"] and c != figure and free(view, c)
                and view["figures"][c].get("spot") and c not in heli.get("riders", ())]

    def _keeping(self, view: dict, figure: str) -> bool:
        """Hard (the episodes of ``keeper``): ``figure`` alone aboard the helicopter keeps it while his
        partner searches and nobody carries the treasure: a helicopter left on the ground by the
        buildings is seen and shot down before the treasure is found, where one kept aboard is
        flown out of the police's sight every turn and waits beside the building being searched,
        so that the carrier boards it as he comes out and is flown to an exit in the same round."""
        if not self._hard(view, "keeper") or figure not in view["mine"]:
            return False
        heli = helicopter(view)
        if heli is None or list(heli.get("riders", ())) != [figure] or treasure_holder(view) is not None \
                or unknown_tiles_carried(view) or self._found(view) or not sites_left(view):
            return False
        return bool(self._searchers(view, figure, heli))

    def _keeper_of(self, view: dict) -> str | None:
        """Hard (``keeper``): the member who keeps the helicopter, or will once his passengers are out
        (its driver), while nobody carries the treasure; None otherwise."""
        if not self._hard(view, "keeper"):
            return None
        heli = helicopter(view)
        if heli is None or not heli.get("riders") or heli["riders"][0] not in view["mine"]:
            return None
        driver = heli["riders"][0]
        if treasure_holder(view) is not None or unknown_tiles_carried(view) or self._found(view) \
                or not sites_left(view) or not self._searchers(view, driver, {"riders": heli["riders"][:1]}):
            return None
        return driver

    def _keep(self, view: dict, by_type: dict, figure: str, heli: dict) -> Action | None:
        """The keeper's turn (:meth:`_keeping`): fly to the square out of every line of fire now where
        the police are least likely to see it after their move (that first, by tenths: a helicopter
        hit while parked is shot down once the carrier boards), then one the carrier can walk beside
        from the building in one move, nearest the building his partner searches; or stay where he
        is when it is hidden there and no square is safer."""
        rides = _acts(by_type, A.Ride, figure)
        ends = _acts(by_type, A.EndTurn, figure)
        mate = self._searchers(view, figure, heli)[0]
        target = self.goal(view, mate)
        if target is None:
            return ends[0] if ends else None
        dist = moves_for(view, mate, target)
        reach = allowance(view, mate)
        sight = Sight(view, None, self.rng)

        def key(sq: Any) -> tuple:
            text = str(sq)
            near = beside(dist, sq)
            return (sight.seen(text), round(sight.later(text), 1), near > reach, near, text)
        here = spot_from_text(heli["spot"])
        stay = key(here)
        if not rides:
            return ends[0] if ends else None
        best = min(rides, key=lambda a: key(spot_from_text(a.to)))
        if not heli.get("shown") and stay[:3] <= key(spot_from_text(best.to))[:3]:
            return ends[0] if ends else None
        return best

    def _to_helicopter(self, view: dict, by_type: dict, figure: str, heli: dict) -> Action | None:
        """Not aboard: he boards when flying pays (:meth:`_heading_for`), else walks to it."""
        if self.stepped_out == (view["round"], figure) or not self._heading_for(view, figure, heli):
            return None
        boards = [a for a in _acts(by_type, A.GetIn, figure) if a.vehicle == heli["id"]]
        if boards:
            self.boarded = (view["round"], figure)
            return boards[0]
        moves = _acts(by_type, A.Move, figure)
        if not moves:
            return None
        to_heli = moves_for(view, figure, heli["spot"])
        d = to_heli.get(spot_from_text(view["figures"][figure]["spot"]), FAR)
        alone = not [c for c in view["mine"] if c != figure and free(view, c) and view["figures"][c].get("spot")]
        if alone and min(to_heli.get(spot_from_text(a.to), FAR) for a in moves) >= d:
            # no square he may end on is nearer (policemen bar the way): he gives it up
            self.heli_way[figure] = (heli["spot"], d, -HELI_STALL)
            return None
        way = self.heli_way.get(figure)
        if not alone:
            self.heli_way.pop(figure, None)
        elif way is None or way[0] != heli["spot"] or d < way[1]:
            self.heli_way[figure] = (heli["spot"], d, view["round"])
        return self._walk_to_helicopter(view, figure, heli, moves)

    def _walk_to_helicopter(self, view: dict, figure: str, heli: dict, moves: list[Action]) -> Action | None:
        """A step towards the helicopter: next to it (boarding is free once there) on the square out
        of sight, else the best move on the way."""
        near = [a for a in moves if next_to(spot_from_text(a.to), spot_from_text(heli["spot"]))]
        if near:
            sight = Sight(view, 0, self.rng)
            return min(near, key=lambda a: (sight.seen(a.to), a.to))
        return self._best_move(view, figure, heli["spot"], moves)

    def _beside_partner(self, view: dict, mate: str, rides: list[Action], sight: "Sight") -> Action | None:
        """The ride that lands nearest ``mate`` (out of sight among the nearest), if he can walk
        beside it on his next turn; None otherwise."""
        near = moves_for(view, mate, view["figures"][mate]["spot"])   # his walk to every square (both ways alike)
        pick = min(rides, key=lambda a: (near.get(spot_from_text(a.to), FAR), sight.seen(a.to), a.to))
        return pick if near.get(spot_from_text(pick.to), FAR) - 1 <= allowance(view, mate) else None

    def _fetch(self, view: dict, by_type: dict, figure: str, heli: dict, mate: str) -> Action | None:
        """A partner carries the treasure: the helicopter is his way out. A member aboard flies it
        to land next to him (he boards it on his turn) unless he is aboard already, and stays
        aboard; nobody else takes it away."""
        if figure not in heli["riders"]:
            boards = [a for a in _acts(by_type, A.GetIn, figure) if a.vehicle == heli["id"]]
            if boards and not heli.get("moved") and self.stepped_out != (view["round"], figure):
                self.boarded = (view["round"], figure)
                return boards[0]   # beside it: he boards, and flies to the carrier (or with him) now or next turn
            if self._hard(view, "fetch_walk") and mate in heli["riders"] and self._heading_for(view, figure, heli):
                # hard: the carrier waits aboard for him (see _fly): he walks to it, not away
                moves = _acts(by_type, A.Move, figure)
                if moves:
                    return self._walk_to_helicopter(view, figure, heli, moves)
            return None
        rides = _acts(by_type, A.Ride, figure)
        ends = _acts(by_type, A.EndTurn, figure)
        if mate in heli["riders"]:
            goal = self.goal(view, mate)
            if rides and goal is not None:   # both aboard: he flies them to the carrier's exit
                sight = Sight(view, 0, self.rng)
                return min(rides, key=lambda a: (self._landing_cost(view, mate, goal, a.to, sight), a.to))
            mine_goal = self.goal(view, figure)
            if heli.get("moved") and mine_goal is not None:
                # landed by an exit: he steps out onto one and leaves; the carrier onto another
                dist = moves_for(view, figure, mine_goal)
                outs = [a for a in _acts(by_type, A.GetOut, figure) if dist.get(spot_from_text(a.square), FAR) == 0]
                if outs:
                    self.stepped_out = (view["round"], figure)
                    return outs[0]
            return ends[0] if ends else None
        if rides and self._hard(view, "hidden_fetch"):
            pick = self._hidden_beside(view, mate, rides, heli)
            if pick is not None:
                return pick if pick != "stay" or not ends else ends[0]
        if rides:
            pick = self._beside_partner(view, mate, rides, Sight(view, 0, self.rng))
            if pick is not None:
                return pick
        return ends[0] if ends else None

    def _other_carrier(self, view: dict, figure: str) -> str | None:
        """Rosso rubino with FETCH_SEATS gang seats or more: the loyal partner of another seat whom
        this seat knows to carry the treasure (told, or shown for good) and sees on the board, if
        ``figure`` is a loyal member who may fetch him; None otherwise."""
        if not FETCH_SEATS or not seat_each_rr(view) or view.get("betrayed") or i_am_traitor(view, figure):
            return None
        holder = treasure_holder(view)
        if holder is None and self._found(view):
            holder = self.suspect
        if holder is None or holder == figure or holder in view["mine"] or holder not in members(view) \
                or not free(view, holder) or apart(view, holder) or not view["figures"][holder].get("spot"):
            return None
        return holder

    def _fetch_other(self, view: dict, by_type: dict, figure: str, heli: dict, mate: str) -> Action | None:
        """The helicopter for a carrier of another seat (:data:`FETCH_SEATS`): a member beside it
        boards (when it has not flown this round); aboard, he flies it to land next to the carrier,
        out of sight among the nearest, unless the carrier is aboard (then beside the carrier's
        exit), and stays aboard for him; landed by the exit, he steps out onto one and leaves. A
        member neither aboard nor beside it goes his own way (None)."""
        if figure not in heli["riders"]:
            boards = [a for a in _acts(by_type, A.GetIn, figure) if a.vehicle == heli["id"]]
            if boards and not heli.get("moved") and self.stepped_out != (view["round"], figure) \
                    and mate not in heli["riders"] and len(heli["riders"]) == 0:
                self.boarded = (view["round"], figure)
                return boards[0]
            return None
        rides = _acts(by_type, A.Ride, figure)
        ends = _acts(by_type, A.EndTurn, figure)
        sight = Sight(view, 0, self.rng)
        if mate in heli["riders"]:
            goal = self.goal(view, mate)
            if rides and goal is not None:
                return min(rides, key=lambda a: (self._landing_cost(view, mate, goal, a.to, sight), a.to))
            if heli.get("moved"):
                dist = {e: moves_for(view, figure, e) for e in exit_squares(view, figure)}
                outs = [a for a in _acts(by_type, A.GetOut, figure)
                        if any(d.get(spot_from_text(a.square), FAR) == 0 for d in dist.values())]
                if outs:
                    self.stepped_out = (view["round"], figure)
                    return outs[0]
            return ends[0] if ends else None
        if rides:
            near = moves_for(view, mate, view["figures"][mate]["spot"])
            pick = min(rides, key=lambda a: (max(0, beside(near, spot_from_text(a.to)) - allowance(view, mate)),
                                             sight.seen(a.to), beside(near, spot_from_text(a.to)), a.to))
            here = beside(near, spot_from_text(heli["spot"]))
            if here <= allowance(view, mate) and not sight.seen(heli["spot"]):
                return ends[0] if ends else pick   # already within his walk, out of sight: wait for him
            return pick
        return ends[0] if ends else None

    def _hidden_beside(self, view: dict, mate: str, rides: list[Action], heli: dict) -> Action | str | None:
        """Hard (``hidden_fetch``): the landing the carrier can walk beside on his next turn that the
        police are least likely to see after their move (out of every line of fire now first);
        "stay" when the helicopter already stands so, hidden; None when no landing is in his reach."""
        near = moves_for(view, mate, view["figures"][mate]["spot"])
        reach = allowance(view, mate)
        sight = Sight(view, None, self.rng)

        def key(sq: Any) -> tuple:
            d = beside(near, sq)
            return (d > reach, sight.seen(str(sq)), round(sight.later(str(sq)), 3), d, str(sq))
        ok = [a for a in rides if beside(near, spot_from_text(a.to)) <= reach]
        if not ok:
            return None
        best = min(ok, key=lambda a: key(spot_from_text(a.to)))
        if not heli.get("shown") and key(spot_from_text(heli["spot"]))[:3] <= key(spot_from_text(best.to))[:3]:
            return "stay"
        return best

    # ---------------------------------------------------------------- ground vehicles
    def _car_way(self, view: dict, figure: str, goal: str, car: dict, frm: Sq | None = None) -> tuple[int, int]:
        """Turns ``figure`` takes from the car (standing on ``frm``, its square by default) to
        ``goal``: rides of its squares to the road square best for the goal, then the walk from the
        square next to it where he gets out (none if the square is the goal: an exit, where he
        leaves aboard), and the squares he still rides and walks (the less, the further on)."""
        spot = frm if frm is not None else spot_from_text(car["spot"])
        # the printed roads: a policeman standing on one now will have moved by the next ride (the
        # ride now is among the legal ones, which go round him)
        rd = road_dist(view["episode"], car["device"], spot, frozenset(board_state(view)[1]))
        speed = car_speed(car["device"])
        dist = moves_for(view, figure, goal)
        step = allowance(view, figure)
        best: tuple = (FAR, FAR, None)
        for t, r in rd.items():
            after = 0 if dist.get(t, FAR) == 0 else beside(dist, t)
            if after >= FAR:
                continue
            key = (turns(r, speed) + turns(after, step), r + after)
            if key < best[:2]:
                best = (key[0], key[1], t)
        return best[0], best[1]

    @staticmethod
    def _later_goal(view: dict) -> str | None:
        """Where the car will be wanted after this goal: Stonehenge's Excalibur, while nobody
        carries it (its carrier then drives from there to the exit)."""
        aim = (view.get("stonehenge") or {}).get("aim")
        if aim and treasure_holder(view) is None:
            return aim["excalibur"]
        return None

    def _car_turns(self, view: dict, figure: str, goal: str, car: dict) -> int:
        """Turns to ``goal`` by the car for a member not aboard: the walk to stand next to it
        (boarding on the last of those turns, riding from the next), or none when he stands next to
        it and it has not moved this round (he boards and rides now)."""
        here = view["figures"][figure].get("spot")
        if not here or not on_board(here):
            return FAR
        pos = spot_from_text(here)
        way, _ = self._car_way(view, figure, goal, car)
        if way >= FAR:
            return FAR
        if next_to(pos, spot_from_text(car["spot"])):
            return way + (1 if car.get("moved") else 0)
        d = moves_for(view, figure, car["spot"]).get(pos, FAR)
        if d >= FAR:
            return FAR
        return turns(max(0, d - 1), allowance(view, figure)) + way

    def _drive(self, view: dict, by_type: dict, figure: str) -> Action | None:
        """The seat's cars and motorbikes (Stonehenge: along the A344 and the car park; the jeep
        along the dirt tracks too). A member takes one when it gets him to where he heads in fewer
        turns than his feet: he walks to it, boards, rides to the road square nearest his goal and
        gets out out of sight. Once a partner carries the treasure the car is his way out: the
        carrier walks to it when it takes him out no more than a turn later than walking (aboard,
        nobody shoots him), a partner aboard drives it to where the carrier can board, and with
        the carrier aboard it drives to the exit, where both leave."""
        if figure not in view["mine"] or view["episode"] == "cagliostro":
            return None
        mine = [c for c in cars(view) if not (c.get("riders") and any(r not in view["mine"] for r in c["riders"]))]
        if not mine:
            return None
        here = view["figures"][figure].get("spot")
        if not here or here.startswith("under"):
            return None
        holder = treasure_holder(view)
        aboard = next((c for c in mine if figure in c.get("riders", ())), None)
        goal = self.goal(view, figure)
        if goal is None:
            return None
        rides = _acts(by_type, A.Ride, figure)
        outs = _acts(by_type, A.GetOut, figure)
        ends = _acts(by_type, A.EndTurn, figure)
        mate = holder if holder in view["mine"] and holder != figure and free(view, holder) \
            and view["figures"][holder].get("spot") and not apart(view, holder) else None
        if aboard is not None:
            return self._aboard(view, figure, goal, aboard, rides, outs, ends, mate, holder == figure)
        if self.stepped_out == (view["round"], figure) or i_am_traitor(view, figure):
            return None
        pos = spot_from_text(here) if on_board(here) else None
        if pos is None:
            return None
        step = allowance(view, figure)
        walk = turns(moves_for(view, figure, goal).get(pos, FAR), step)
        carrier = holder == figure
        best: tuple | None = None
        for car in mine:
            if car.get("riders") and not (mate is not None and mate in car["riders"]) and not carrier:
                continue   # somebody else's ride (the carrier's, or a partner's on his way)
            if mate is not None and mate not in car.get("riders", ()):
                continue   # the carrier's way out: a partner boards only to go with him
            k = self._car_turns(view, figure, goal, car)
            slack = CARRIER_CAR_SLACK if (carrier or mate is not None) else 0
            if k >= FAR or k > walk + slack - (0 if (carrier or mate is not None) else 1) or k > self._rounds_left(view):
                continue
            key = (k, car["id"])
            if best is None or key < best[0]:
                best = (key, car)
        if best is None:
            return None
        car = best[1]
        boards = [a for a in _acts(by_type, A.GetIn, figure) if a.vehicle == car["id"]]
        if boards:
            return boards[0]
        moves = _acts(by_type, A.Move, figure)
        if not moves:
            return None
        cs = spot_from_text(car["spot"])
        near = [a for a in moves if next_to(spot_from_text(a.to), cs) and spot_from_text(a.to) != cs]
        if near:
            sight = Sight(view, 0, self.rng)
            return min(near, key=lambda a: (0 if carrier else sight.seen(a.to), a.to))
        return self._best_move(view, figure, car["spot"], moves)

    def _aboard(self, view: dict, figure: str, goal: str, car: dict, rides: list[Action], outs: list[Action],
                ends: list[Action], mate: str | None, carrier: bool) -> Action | None:
        """A member aboard a car: ride on, get out, or stay aboard (see :meth:`_drive`)."""
        step = allowance(view, figure)
        sight = Sight(view, 0, self.rng)
        spot = spot_from_text(car["spot"])
        if goal in exit_squares(view, figure) and (carrier or mate is None or mate in car.get("riders", ())):
            onto = [a for a in outs if a.square == goal]
            if onto and (car.get("moved") or not rides):
                self.stepped_out = (view["round"], figure)
                return onto[0]   # driven beside the exit: out onto it, and he leaves in the same turn
        if mate is not None and mate not in car.get("riders", ()):
            # the carrier walks to the car on his turn (he plays last): drive to where he can board
            mate_goal = self.goal(view, mate)
            if rides and mate_goal is not None:
                near = moves_for(view, mate, view["figures"][mate]["spot"])
                reach = allowance(view, mate)

                def fetch(to: Sq) -> tuple:
                    walk = near.get(to, FAR) - 1
                    return (walk > reach, self._car_way(view, mate, mate_goal, car, to), walk)
                here_key = fetch(spot)
                pick = min(rides, key=lambda a: (fetch(spot_from_text(a.to)), a.to))
                if fetch(spot_from_text(pick.to)) < here_key:
                    return pick
            return ends[0] if ends else None
        if rides:
            def after(to: Sq) -> tuple:
                k, rest = self._car_way(view, figure, goal, car, to)
                return (1 + k, rest)
            keyed = {a: after(spot_from_text(a.to)) for a in rides}
            later = self._later_goal(view)
            park = moves_for(view, figure, later) if later is not None else {}
            dist = moves_for(view, figure, goal)
            pick = min(rides, key=lambda a: (keyed[a], dist.get(spot_from_text(a.to), FAR) != 0,
                                             0 if carrier or mate else sight.seen(a.to),
                                             beside(park, spot_from_text(a.to)) if park else 0, a.to))
            out_now = turns(min((dist.get(spot_from_text(a.square), FAR) for a in outs), default=FAR), step)
            if dist.get(spot_from_text(pick.to), FAR) == 0 or keyed[pick][0] < out_now or \
                    ((carrier or mate) and keyed[pick][0] <= out_now + CARRIER_CAR_SLACK):
                return pick
        elif car.get("moved") and (carrier or mate or not outs):
            return ends[0] if ends else None   # driven this round: aboard nobody shoots him
        elif car.get("moved") and car.get("riders", [None])[0] == figure:
            return ends[0] if ends else None   # the driver stays aboard until his next turn
        if carrier or mate:
            return ends[0] if ends else None
        if outs:
            self.stepped_out = (view["round"], figure)
            dist = moves_for(view, figure, goal)
            return min(outs, key=lambda a: (dist.get(spot_from_text(a.square), FAR)
                                            + SEEN_COST * sight.seen(a.square), a.square))
        return ends[0] if ends else None

    def _turns_to(self, view: dict, figure: str, spot: str) -> int:
        """Turns ``figure`` walks to stand next to ``spot`` (0: he is there)."""
        here = view["figures"][figure].get("spot")
        if not here:
            return FAR
        d = moves_for(view, figure, spot).get(spot_from_text(here), FAR)
        return FAR if d >= FAR else -(-max(0, d - 1) // allowance(view, figure))

    def _landing_cost(self, view: dict, figure: str, goal: str, to: str, sight: "Sight") -> float:
        """Moves from the best square next to a landing on ``to`` to ``goal``, and how much the
        landing is seen (a helicopter landing in a line of fire shows its riders)."""
        best = beside(moves_for(view, figure, goal), spot_from_text(to))
        if best >= FAR:
            return float(FAR)
        carrier = treasure_holder(view) == figure
        if OUT_LANDING and self._out_bold(view) and _gang_took_it_out(view):
            carrier = True   # the treasure is out: seen or not, he only has to be off the board
        return best + (0.0 if carrier else LANDING_SEEN * sight.seen(to))

    # ---------------------------------------------------------------- the end square
    def _best_move(self, view: dict, figure: str, goal: str, moves: list[Action]) -> Action | None:
        fetching = view["episode"] == "cagliostro" and caesar_phase(view) and goal in caesar_floor()
        here = view["figures"][figure].get("spot")
        dist = moves_around(view, figure, goal)
        now = dist.get(spot_from_text(here), FAR) if here else FAR
        # time left: a member who cannot reach his goal, act there and leave in time stops hiding,
        # and one who has waited for a safe square turn after turn grows bolder
        slack = self._rounds_left(view) - self._rounds_through(view, figure, goal, now)
        # the level's noise: never the carrier's move, the coins' fetch, nor a member who leaves
        # with no round to spare (a stray step then strands him on the board; where the random
        # square is drawn among those as few rounds away as the best, NOISE_IN_ROUNDS, it costs
        # him no round and stays)
        leaving_late = slack <= NOISE_SLACK and goal in exit_squares(view, figure) \
            and view["episode"] not in NOISE_IN_ROUNDS
        if self.budget["noise"] and treasure_holder(view) != figure and not fetching and not leaving_late \
                and self.noise.random() < self.budget["noise"]:
            if view["episode"] in NOISE_IN_ROUNDS:
                return self._noisy_move(view, figure, moves, dist)
            return self.noise.choice(moves)
        sight = Sight(view, self.budget["samples"], self.rng)
        step = allowance(view, figure)
        carrier = treasure_holder(view) == figure
        relax = 0.1 if slack <= 1 else 0.3 if slack <= 2 else 0.6 if slack <= 3 else 1.0
        if slack <= LEAVE_SLACK and goal in exit_squares(view, figure) and gang_seats(view) >= LEAVE_SEATS:
            relax = 0.1   # on his way out, one of many seats: the gang's win waits for the last one
        relax *= 0.5 ** self.waited.get(figure, 0)
        relax *= EPISODE_CAUTION.get(view["episode"], 1.0)
        if (self._hard(view, "out_bold") or self._out_bold(view)) and _gang_took_it_out(view):
            relax = 0.0   # the treasure is out; arrested or out, he no longer keeps the gang waiting
        stay = step * (0.5 if slack > 3 else 1.5)   # what a round standing still costs him
        shown_anyway = bool(view["figures"][figure].get("shown")) and ((carrier and not CARRIER_HIDES) or apart(view, figure)
                                                                       or (carrier and self._hard(view, "carrier_bold")))
        if self._holder_of_goal(view, figure, goal) is not None and now <= CLEAR_NEAR * step + 1:
            relax = 0.0   # Stonehenge: a policeman stands on his goal square: up to him, to shoot him off it

        # the hard level's bait: the treasure is out and he cannot reach an exit in the rounds left:
        # the gang wins once no loyal member is free on the board, so the police's shots are his way out
        bait = self._baits(view, figure) if turns(now, step) > self._rounds_left(view) else {}

        def cost_at(to: str) -> float:
            d = dist.get(spot_from_text(to), FAR)
            if d >= FAR:
                return float(FAR)
            if d == 0:
                return -100.0   # the goal itself: inside a building, the exit, the tomb
            cost = float(d)
            if bait:
                cost -= BAIT * step * bait.get(square_of(to), 0)
            if not shown_anyway:
                cost += relax * SEEN_COST * sight.seen(to)
                cost += relax * self.budget["risk"] * sight.later(to)
            return cost + relax * DETER_COST * sight.deterrent(to) / max(1, step)

        def score(a: Action) -> tuple:
            return (cost_at(a.to), a.to)
        best = min(moves, key=score)
        if self.budget.get("lookahead") and not bait and view["episode"] not in NO_LOOKAHEAD:
            best = self._look_ahead(view, figure, moves, score, dist, sight, relax, shown_anyway) or best
        if score(best)[0] >= FAR:
            return None
        # moving on is worth it when it is better than staying where he is (a round lost)
        if here and now < FAR and cost_at(here) + stay <= score(best)[0]:
            self.waited[figure] = self.waited.get(figure, 0) + 1
            return None
        # a move that brings him no nearer is a wait as well (no pacing to and fro behind a wall)
        self.waited[figure] = 0 if dist.get(spot_from_text(best.to), FAR) < now else self.waited.get(figure, 0) + 1
        return best

    def _baits(self, view: dict, figure: str) -> dict:
        """The "bait" habit: once the loyal gang has the treasure out and ``figure`` (free, loyal)
        cannot leave this turn, how many policemen see each square (empty: not baiting). The caller
        asks it only of a member who cannot reach an exit in the rounds left (_best_move)."""
        if not self._hard(view, "bait") or not _gang_took_it_out(view) or i_am_traitor(view, figure) \
                or self._out_this_turn(view, figure):
            return {}
        viewers, vehicles = police_sight(view)
        geo = episode_geometry(view["episode"])
        count: dict = {}
        for v in viewers:
            for sq in geo.watched([v], vehicles=vehicles):
                count[sq] = count.get(sq, 0) + 1
        return count

    def _noisy_move(self, view: dict, figure: str, moves: list[Action], dist: dict) -> Action:
        """The level's random end square where whole rounds decide (Cagliostro: a member must end
        his move on the token): one at random among those that leave him as few rounds from his
        goal as the nearest (a random square anywhere costs the search a round or two)."""
        step = allowance(view, figure)
        rounds = {a: turns(dist.get(spot_from_text(a.to), FAR), step) for a in moves}
        least = min(rounds.values())
        return self.noise.choice([a for a in moves if rounds[a] == least])

    def _look_ahead(self, view: dict, figure: str, moves: list[Action], score, dist: dict, sight: "Sight",
                    relax: float, shown_anyway: bool) -> Action | None:
        """Hard: the few best end squares, each judged with the turn after it too: how near the goal
        he may get next turn from there (the rules' reach) while ending out of sight of the police
        as they stand, so that he does not hide in a corner he can only leave in the open."""
        ranked = sorted(moves, key=score)[: self.budget["lookahead"]]
        if len(ranked) < 2:
            return None
        geo = episode_geometry(view["episode"])
        bs = view_board_state(view)
        swim = "wetsuit" in view["mine"].get(figure, {}).get("devices", ())
        step = allowance(view, figure)
        police = {spot_from_text(f["spot"]) for f in view["figures"].values()
                  if f["kind"] in ("agent", "zenigata", "guard") and on_board(f.get("spot"))}

        def after(a: Action) -> tuple:
            now_cost = score(a)[0]
            d0 = dist.get(spot_from_text(a.to), FAR)
            if d0 == 0 or now_cost >= FAR:
                return (now_cost, a.to)
            nxt = geo.reach(spot_from_text(a.to), step, GANG, state=bs, blocked=police, swim=swim)
            best_next = min((dist.get(s_, FAR) + (0 if shown_anyway else relax * SEEN_COST *
                             (isinstance(s_, Sq) and s_ in sight.now)) for s_ in nxt.cost), default=FAR)
            return (now_cost + 0.5 * (best_next - d0), a.to)
        return min(ranked, key=after)

    def _rounds_through(self, view: dict, figure: str, goal: str, now: int) -> int:
        """Rounds to walk to ``goal``, act there (one round) and walk from it to the nearest exit."""
        step = allowance(view, figure)
        exits = exit_squares(view, figure)
        back = min((moves_for(view, figure, e).get(spot_from_text(goal), FAR) for e in exits), default=FAR)
        if now >= FAR or back >= FAR:
            return self._rounds_needed(view, figure)
        return -(-now // step) + (1 if back else 0) + -(-back // step)

    def _best_ride(self, view: dict, figure: str, goal: str, rides: list[Action], walk: Action) -> Action | None:
        dist = moves_for(view, figure, goal)
        far = min(rides, key=lambda a: (dist.get(spot_from_text(a.to), FAR), a.to))
        if dist.get(spot_from_text(far.to), FAR) < dist.get(spot_from_text(walk.to), FAR) - 2:
            return far
        return None

    def _hide(self, view: dict, figure: str, moves: list[Action]) -> Action | None:
        """No goal: a square out of sight near where he is, if his own is seen."""
        here = view["figures"][figure].get("spot")
        sight = Sight(view, 0, self.rng)
        if not here or not sight.seen(here):
            return None
        hidden = [a for a in moves if not sight.seen(a.to)]
        if not hidden:
            return None
        return min(hidden, key=lambda a: (sight.deterrent(a.to), a.to))

    # ---------------------------------------------------------------- shots and blows
    def _grenade(self, view: dict, by_type: dict, figure: str) -> Action | None:
        """Hard ("grenade"): a grenade (sure: every agent in the blast leaves the board) at the
        policemen who hold the squares the gang must reach: at Stonehenge the blade's square once it
        is open, and the exits B25 and C25 once a loyal member carries it; of the throws that reach
        one, the one that takes the most policemen. Zenigata counts only at his fourth wound."""
        if not self._plans_grenades(view) or figure not in view["mine"] or i_am_traitor(view, figure):
            return None
        throws = [a for a in by_type.get(A.UseDevice, ()) if a.figure == figure and a.device == "hand_grenade"]
        if not throws:
            return None
        held = held_squares(view, figure)
        if not held:
            return self._guard(view, throws)
        # agents (a grenade only wounds Zenigata: he leaves a square at his fourth wound alone)
        police = {sq for f in view["figures"].values()
                  if (f["kind"] == "agent" or f["kind"] == "zenigata" and f.get("wounds", 0) >= 3)
                  and not f.get("in_car") for sq in [square_of(f.get("spot"))] if sq is not None}
        targets = {spot_from_text(h) for h in held} & police
        if not targets:
            return None
        geo = episode_geometry(view["episode"])
        hits = {a: (len(targets & area), len(police & area))
                for a in throws for area in [set(blast(geo, spot_from_text(a.target)))]}
        best = max(throws, key=lambda a: (hits[a], a.target))
        return best if hits[best][0] else None

    def _plans_grenades(self, view: dict) -> bool:
        """The hard level throws its grenades only where _grenade says (and keeps them from the
        heuristic's random throws): with HENGE_CLEAR_MEMBERS members or more, where it plays
        "grenade" or "guard"."""
        return (self._hard(view, "grenade") or self._hard(view, "guard")) \
            and len(members(view)) >= HENGE_CLEAR_MEMBERS

    def _guard(self, view: dict, throws: list[Action]) -> Action | None:
        """Hard ("guard"): the loyal carrier stands on the board where policemen see him (shown for
        good, the police close in and shoot): the grenade whose blast takes the most of the agents
        and guards who see him, if it takes one."""
        if not self._hard(view, "guard") or view.get("betrayed"):
            return None
        holder = treasure_holder(view)
        if holder is None or holder not in members(view) or i_am_traitor(view, holder):
            return None
        spot = view["figures"][holder].get("spot")
        at = square_of(spot) if on_board(spot) else None
        if at is None:
            return None
        geo = episode_geometry(view["episode"])
        _, vehicles = police_sight(view)
        threat = set()
        for f in view["figures"].values():
            if f["kind"] not in ("agent", "guard") or f.get("in_car"):
                continue
            sq = square_of(f.get("spot"))
            if sq is not None and max(abs(sq.row - at.row), abs(sq.col - at.col)) <= PISTOL_RANGE \
                    and geo.sight(sq, at, PISTOL_RANGE, vehicles=vehicles).seen:
                threat.add(sq)
        if not threat:
            return None
        taken = {a: len(threat.intersection(blast(geo, spot_from_text(a.target)))) for a in throws}
        best = max(throws, key=lambda a: (taken[a], a.target))
        return best if taken[best] else None

    def _holder_of_goal(self, view: dict, figure: str, goal: str | None) -> str | None:
        """Stonehenge with HENGE_CLEAR_MEMBERS members or more: the policeman standing on the
        member's goal square (the blade's, an exit), or None."""
        if not HENGE_CLEAR or view["episode"] != "stonehenge" or len(members(view)) < HENGE_CLEAR_MEMBERS \
                or goal is None or not on_board(goal) or i_am_traitor(view, figure):
            return None
        on = [fid for fid, f in sorted(view["figures"].items())
              if f["kind"] in ("agent", "zenigata") and f.get("spot") == goal and not f.get("in_car")]
        return on[0] if on else None

    def _clear(self, view: dict, by_type: dict, figure: str) -> Action | None:
        """Stonehenge with HENGE_CLEAR_MEMBERS members or more: a shot or a blow at the policeman
        standing on his goal square when the odds are CLEAR_ODDS or better, hidden or not (else the
        police hold the blade's square or the exits for as long as they like)."""
        if not HENGE_CLEAR or view["episode"] != "stonehenge" or figure not in view["mine"]:
            return None
        attacks = _acts(by_type, A.Melee, figure) + _acts(by_type, A.Shoot, figure)
        if not attacks:
            return None
        holder = self._holder_of_goal(view, figure, self.goal(view, figure))
        if holder is None:
            return None
        on = [a for a in attacks if a.target == holder]
        if not on:
            return None

        def odds(a: Action) -> float:
            return _hit_odds(a, view)
        best = max(on, key=lambda a: (odds(a), isinstance(a, A.Shoot)))
        return best if odds(best) >= CLEAR_ODDS else None

    def _cag_clear(self, view: dict, by_type: dict, figure: str) -> Action | None:
        """Cagliostro (CAG_CLEAR): a member heading out shoots or strikes the agent whose removal
        brings him a turn or more nearer an exit (one standing on an exit, or on the stairs or the
        lane he must take), at odds of CAG_CLEAR_ODDS or better, hidden or not: the largest gain,
        then the best odds."""
        cag = CAG_CLEAR and view["episode"] == "cagliostro"
        # Rosso rubino with a seat each (RR_CLEAR): the carrier, and once the ruby is out every member,
        # against the police who hold the exits (traced: members left by the held exits at the end)
        rr = bool(RR_CLEAR and seat_each_rr(view) and not view.get("betrayed")
                  and (view.get("treasure_out") or treasure_holder(view) == figure))
        if not (cag or rr) or figure not in view["mine"] or i_am_traitor(view, figure) or apart(view, figure):
            return None
        kinds = ("agent",) if cag else ("agent", "zenigata")
        least = CAG_CLEAR_ODDS if cag else RR_CLEAR
        attacks = [a for a in _acts(by_type, A.Melee, figure) + _acts(by_type, A.Shoot, figure)
                   if view["figures"].get(a.target, {}).get("kind") in kinds
                   and on_board(view["figures"][a.target].get("spot")) and not view["figures"][a.target].get("in_car")
                   and _hit_odds(a, view) >= least]
        if not attacks:
            return None
        here = view["figures"][figure].get("spot")
        if not here or not on_board(here):
            return None
        exits = exit_squares(view, figure)
        if self.goal(view, figure) not in exits:
            return None
        pos = spot_from_text(here)
        temples, drained, passage = board_state(view)
        swim = "wetsuit" in held_devices(view, figure)
        police = police_squares(view)
        step = allowance(view, figure)

        def way(blocked: frozenset) -> int:
            d = min((moves_to(view["episode"], e, temples, drained, passage, swim, blocked).get(pos, FAR)
                     for e in exits if spot_from_text(e) not in blocked), default=FAR)
            return FAR if d >= FAR else turns(d, step)
        base = way(police)
        gains = {}
        for a in attacks:
            t = spot_from_text(view["figures"][a.target]["spot"])
            gains[a] = base - way(police - {t})
        best = min(attacks, key=lambda a: (-gains[a], -_hit_odds(a, view), not isinstance(a, A.Shoot), a.target))
        return best if gains[best] >= 1 else None

    def _attack(self, view: dict, by_type: dict, figure: str) -> Action | None:
        attacks = list(by_type.get(A.Melee, ())) + list(by_type.get(A.Shoot, ()))
        if not attacks:
            return None
        holder = treasure_holder(view)
        me = view["figures"][figure]

        def odds(a: Action) -> float:
            return _hit_odds(a, view)

        # a traitor Fujiko strikes the carrier when she is likely to win
        if i_am_traitor(view, figure):
            on_carrier = [a for a in attacks if holder and a.target == holder]
            if on_carrier:
                best = max(on_carrier, key=lambda a: (odds(a), a.target))
                if odds(best) >= 0.4 or view["round"] >= view["rounds_total"] - 1:
                    return best
        if view["betrayed"] and holder == "fujiko":
            on_her = [a for a in attacks if a.target == "fujiko"]
            if on_her:
                return max(on_her, key=lambda a: (odds(a), type(a).__name__))
        police = [a for a in attacks if view["figures"].get(a.target, {}).get("kind") in ("agent", "zenigata", "guard")
                  or a.target in view["cars"]]
        if view["episode"] == "cagliostro" and CAG_OWN_SIGHT:
            # each attacker by his own sight: a hidden member does not shoot at the odds his shown
            # partner may (traced, seed 11: Jigen hidden shot at 72 % as Lupin, shown, would)
            police = [a for a in police if view["figures"][a.figure].get("shown") or _hit_odds(a, view) >= 0.8]
        if not police:
            return None
        best = max(police, key=lambda a: (odds(a), isinstance(a, A.Shoot), a.target))
        p = odds(best)
        shown = bool(me.get("shown"))
        if view.get("variant") == "all-vs-all" and not shown and p < 0.9:
            return None
        if shown and p >= 0.4:
            return best
        if self._out_bold(view) and _gang_took_it_out(view) and p >= OUT_BOLD_ODDS:
            return best   # the treasure is out: the shot clears his way, or shows him to be arrested
        if not shown and p >= 0.8:
            return best
        if self.level == "easy" and self.noise.random() < 0.2:
            return self.noise.choice(police)
        return None
