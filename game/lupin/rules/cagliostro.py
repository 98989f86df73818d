"""*Ritorno a Cagliostro* (Back to Cagliostro), the expansion's third Lupin episode, as pure rules
plugged into the round engine (``state.py``) through its seams. Every reading of an unclear clause
is in ``docs/rules-decisions.md`` ("Lupin — Ritorno a Cagliostro"); the numbers the board does not
hold are in ``data/lupin/cagliostro.yaml``.

* **Set-up.** Zenigata and 7 agents on free squares of the site's dirt (the map's ``police_zone``).
  The 9 discovery tokens lie face down on the "?" squares, shuffled; the 3 handwheels on P1, P25,
  S7; the Roman coins in the temple of Divus Caesar; Vesta, Iuppiter and Saturnus are open. The
  police cars wait at the designed squares (no station on this board).
* **Fujiko.** With 4 or 5 players (her own seat) she starts as a **traitor**: she is away from the
  table while Lupin, Jigen and Goemon plan (1,000$ and the Fiat 500, start squares A1/A2/A4); then
  she comes back for her own secret step (:class:`FujikoBuy`, :class:`FujikoReturn`, her start
  square T1 or T25 with the usual ``ChooseStart``, :class:`FujikoDone`): 300$, her motorbike, the
  gang's leftovers, which are discarded after her; the plan view hints ``clock_seconds: 120``.
  Her side (``state.extra["cagliostro"].fujiko``: traitor, gang or police) is secret to her seat.
  "Perdonami Lupin..." drawn by round 12 makes her repent (the gang's side, escaping by the gang's
  squares); "Voglio riscattarmi con la giustizia!" puts her on Zenigata's side; only the first of
  the two counts. She never shares what she knows with the gang (no talk) and is not told the
  gang's secrets, nor the gang hers. With 2 or 3 players she is a loyal member like the others.
* **Round.** Round 1 begins with the gang phase, Fujiko left out; from round 2 the police phase
  comes first. In the gang phase Fujiko always plays first.
* **Setting actions** (phase 3): every free member standing on a face-down token flips it (even
  unseen; the token is public, who flipped it only his team's), on a handwheel takes it and drains
  its flooded zone. Owl, pilum and trident open Minerva, Mars and Neptunus; the fourth bust opens
  Divus Caesar; a trapdoor opens Apollo and the secret passage between the board's two trapdoor
  squares (H9 and N20, 1 move, the gang only). All from the next round.
* **The treasure** (phase 4): a free member on the floor of the open Divus Caesar takes the coins
  (Lupin, Jigen, Goemon, Fujiko by priority); the carrier is shown for good. A traitor Fujiko who
  takes (or is handed) the coins has betrayed: she wins alone by leaving at T1 or T25 with them.
* **The end.** 18 rounds; the alarm at round 11. The gang (with a repented Fujiko) wins when the
  coins leave the map by A1, A2 or A4 and no loyal member is left free on the board; Zenigata
  wins otherwise, with Fujiko if she sided with him.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from game.engine import resources
from game.engine.api import Action, Event, IllegalAction, Seat, register_action, require
from game.engine.content import ContentError, load_typed, register_checker
from game.engine.grid import Sq, format_coord, parse_coord
from game.lupin.rules import terms
from game.lupin.rules.catalog import catalog
from game.lupin.rules import hooks
from game.lupin.rules.episode import EpisodeRules
from game.lupin.rules.geometry import GANG, spot_to_text
from game.lupin.rules.state import BETRAYAL_CARD, TREASURE_PRIORITY, Tile, register_episode, register_handler
from game.lupin.rules.views import register_view_part

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

EPISODE = "cagliostro"
DATA_FILE = ("lupin", "cagliostro.yaml")
REDEEM_CARD = "fujiko_voglio_riscattarmi_con_la_giustizia"
SIDES = ("traitor", "gang", "police")



# ------------------------------------------------------------------------------------ data

@dataclass(frozen=True)
class TokenKind:
    id: Literal["bust", "owl", "pilum", "trident", "trapdoor"]
    count: int
    opens: str

    def validate(self) -> None:
        if self.count < 1:
            raise ValueError("count must be at least 1")


@dataclass(frozen=True)
class PoliceCars:
    parking: list[str]
    appear: list[str]
    designed: bool
    note: str

    def validate(self) -> None:
        for coord in [*self.parking, *self.appear]:
            parse_coord(coord)
        if len(self.parking) != 2:
            raise ValueError("the two police cars need two parking squares")


@dataclass(frozen=True)
class CagliostroData:
    gang_planning_seconds: int
    fujiko_planning_seconds: int
    alarm_round: int
    repent_last_round: int
    discovery_tokens: list[TokenKind]
    treasure_temple: str
    police_cars: PoliceCars

    def validate(self) -> None:
        if self.fujiko_planning_seconds <= 0 or self.gang_planning_seconds <= 0:
            raise ValueError("planning clocks must be positive")
        ids = [t.id for t in self.discovery_tokens]
        if len(ids) != len(set(ids)):
            raise ValueError("two discovery token kinds share an id")
        if "bust" not in ids or "trapdoor" not in ids:
            raise ValueError("the busts and the trapdoors are needed")

    @property
    def busts_needed(self) -> int:
        return next(t.count for t in self.discovery_tokens if t.id == "bust")

    def opens(self, token: str) -> str:
        return next(t.opens for t in self.discovery_tokens if t.id == token)


def data_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*DATA_FILE)


@functools.lru_cache(maxsize=4)
def data(root: Path | None = None) -> CagliostroData:
    return load_typed(data_path(root), CagliostroData)


def board_problems(root: Path | None = None) -> list[str]:
    """What of the data does not fit the board (token count, temples, road squares)."""
    from game.lupin.rules.boards import episode_geometry
    d = data(root)
    board = episode_geometry(EPISODE).board
    problems = []
    spots = board.places_of("discovery")
    if sum(t.count for t in d.discovery_tokens) != len(spots):
        problems.append(f"discovery_tokens add up to {sum(t.count for t in d.discovery_tokens)}, "
                        f"the board has {len(spots)} '?' squares")
    temples = {p.name for p in board.places_of("temple")}
    for name in {t.opens for t in d.discovery_tokens} | {d.treasure_temple}:
        if name not in temples:
            problems.append(f"no temple called {name!r} on the board")
    for coord in [*d.police_cars.parking, *d.police_cars.appear]:
        sq = parse_coord(coord)
        if sq not in board or board.cell(sq).terrain != "road":
            problems.append(f"police_cars: {coord} must be a road square")
    if len(board.places_of("trapdoor")) != 2:
        problems.append("the board needs exactly two trapdoor squares")
    return problems


@register_checker("lupin-cagliostro")
def check_data(root: Path) -> list[ContentError]:
    try:
        data(root)
    except ContentError as exc:
        return [exc]
    return [ContentError(data_path(root), None, None, p) for p in board_problems(root)]


# ------------------------------------------------------------------------------------ the episode's state

@dataclass
class Site:
    """What Ritorno a Cagliostro keeps (``state.extra["cagliostro"]``, printed into the key)."""

    tokens: dict[str, str] = field(default_factory=dict)     # "?" square -> token, face down
    flipped: dict[str, str] = field(default_factory=dict)    # square -> token, face up
    handwheels: dict[str, str] = field(default_factory=dict)  # square -> zone, still on the board
    opening: dict[str, int] = field(default_factory=dict)    # temple -> the round it is open from
    draining: dict[str, int] = field(default_factory=dict)   # zone -> the round it is dry from
    passage_from: int = 0                                    # the trapdoor passage (0: closed)
    fujiko: str | None = None        # traitor | gang | police (None: a loyal member, 2-3 players)
    fujiko_card: str | None = None   # the first of "Perdonami" / "Voglio riscattarmi" drawn
    step: str = "gang"               # planning: gang (Fujiko away) | fujiko (her purchase) | done
    money: int = 0                   # Fujiko's dollars for her purchase
    shop: dict[str, int] = field(default_factory=dict)       # the gang's leftovers, for her
    bought: list[str] = field(default_factory=list)
    timed_out: bool = False


def here(state: "LupinState") -> bool:
    return state.cfg.episode == EPISODE


def site(state: "LupinState") -> Site:
    s = state.extra.get(EPISODE)
    if s is None:
        s = state.extra[EPISODE] = Site()
    return s


def fujiko_side(state: "LupinState") -> str | None:
    """Fujiko's side in this game: traitor, gang or police; None when she is a loyal member (2-3
    players, or no Fujiko). Secret to her seat (until she shows she sides with Zenigata)."""
    if not here(state) or "fujiko" not in state.gang or site(state).fujiko is None:
        return None
    if state.figures["fujiko"].cards.get("police_side"):   # "Voglio riscattarmi" (cards/expansion.py)
        return "police"
    return site(state).fujiko


def apart(state: "LupinState") -> bool:
    """Fujiko plays on her own seat, apart from the gang (4-5 players)."""
    return fujiko_side(state) is not None


def set_fujiko_side(state: "LupinState", side: str, ev: list[Event] | None) -> None:
    """Fujiko changes side, told to her seat only (showing it to all is the expansion cards':
    cards.expansion._side_openly)."""
    if side not in SIDES:
        raise ValueError(f"Fujiko's side is one of {', '.join(SIDES)}")
    s = site(state)
    s.fujiko = side
    seat = state.seat_of["fujiko"]
    fj = state.figures["fujiko"]
    if side == "police":   # the mark the expansion cards read (cards.expansion.police_side)
        fj.cards["police_side"] = fj.cards.get("police_side", "secret")
    if ev is not None:
        ev.append(Event("fujiko_side", {"side": side}, audience=frozenset({seat})))


def open_temples(state: "LupinState") -> set[str]:
    return set(state.open_temples)


def drain_zone(state: "LupinState", zone: str, ev: list[Event], by: str | None = None) -> None:
    """A flooded zone is drained from the next round (the handwheels; the tank lorry may call it)."""
    s = site(state)
    if zone in state.drained or zone in s.draining:
        return
    s.draining[zone] = state.round + 1
    ev.append(Event("zone_draining", {"zone": zone, "from_round": state.round + 1, "by": by}))


# ------------------------------------------------------------------------------------ set-up

def _setup(state: "LupinState") -> None:
    if not here(state):
        return
    d = data()
    board = state.geo.board
    s = site(state)
    state.alarm_round = d.alarm_round
    state.open_temples.update(p.name for p in board.places_of("temple") if p.props.get("open"))
    squares = sorted(format_coord(p.squares[0]) for p in board.places_of("discovery"))
    tokens = state.rng.shuffled([t.id for t in d.discovery_tokens for _ in range(t.count)])
    s.tokens = dict(zip(squares, tokens))
    s.handwheels = {format_coord(p.squares[0]): p.props["zone"] for p in board.places_of("handwheel")}
    # the Roman coins, the one treasure, wait in Divus Caesar
    state.tiles = [Tile(0, True, d.treasure_temple, d.treasure_temple)]
    for car, coord in zip(state.cars.values(), d.police_cars.parking):
        car.home = car.spot = parse_coord(coord)
    # Fujiko starts as a traitor when she has a seat of her own; "Perdonami" or "Voglio riscattarmi"
    # in her starting hand counts already (the first of them; a second is discarded)
    if "fujiko" in state.gang and state.cfg.players >= 4 and state.seat_of["fujiko"] == "fujiko":
        s.fujiko = "traitor"
        fj = state.figures["fujiko"]
        for card in list(fj.hand):
            if card not in (BETRAYAL_CARD, REDEEM_CARD):
                continue
            if s.fujiko_card is None:
                s.fujiko_card = card
                set_fujiko_side(state, "gang" if card == BETRAYAL_CARD else "police", None)
            else:
                fj.hand.remove(card)
                fj.discard.append(card)


def _placement(state: "LupinState", squares: list) -> list:
    if not here(state):
        return squares
    zone = {sq for p in state.geo.board.places_of("police_zone") for sq in p.squares}
    return [sq for sq in squares if sq in zone]


def _appear(state: "LupinState") -> list:
    return [parse_coord(c) for c in data().police_cars.appear] if here(state) else []


def _gang_squares(state: "LupinState") -> list[Sq]:
    return sorted(p.squares[0] for p in state.geo.board.places_of("start") if p.props.get("side") == "gang")


def _fujiko_squares(state: "LupinState") -> list[Sq]:
    return sorted(p.squares[0] for p in state.geo.board.places_of("start") if p.props.get("side") == "fujiko")


def _start_squares(state: "LupinState", c: str | None, escape: bool) -> list | None:
    if not here(state):
        return None
    side = fujiko_side(state)
    if c == "fujiko" and side is not None:
        if not escape:
            return _fujiko_squares(state)
        return {"traitor": _fujiko_squares(state), "gang": _gang_squares(state)}.get(side, [])
    return _gang_squares(state)


# ------------------------------------------------------------------------------------ Fujiko apart

def _traitor(state: "LupinState") -> bool | None:
    return fujiko_side(state) == "traitor" if here(state) else None


def _no_talk(state: "LupinState", a: str, b: str) -> bool:
    return "fujiko" in (a, b) and apart(state)


def _team(state: "LupinState", fid: str | None, seats: frozenset) -> frozenset:
    if not apart(state):
        return seats
    mine = state.seat_of["fujiko"]
    return frozenset({mine}) if fid == "fujiko" else seats - {mine}


def _loyal(state: "LupinState", members: list[str]) -> list[str]:
    if fujiko_side(state) in ("traitor", "police"):
        return [c for c in members if c != "fujiko"]
    return members


def _winners(state: "LupinState", winners: tuple, reason: str) -> tuple:
    if fujiko_side(state) == "police" and "zenigata" in winners and "fujiko" not in winners:
        return (*winners, state.seat_of["fujiko"])
    return winners


def _fujiko_first(state: "LupinState", waiting: list[str]) -> list[str] | None:
    return ["fujiko"] if here(state) and "fujiko" in waiting else None


def _drawn(state: "LupinState", c: str, card: str, at_start: bool, ev: list[Event] | None) -> bool:
    """"Perdonami Lupin..." (by round 12): she repents, secretly, unless "Voglio riscattarmi con la
    giustizia!" came first (then it is discarded); it stays in her hand. "Voglio riscattarmi" is
    the expansion cards' (cards/expansion.py: the police's side, and the same first-card rule)."""
    if not here(state) or c != "fujiko" or card != BETRAYAL_CARD or not apart(state):
        return False
    s = site(state)
    fj = state.figures["fujiko"]
    seat = state.seat_of["fujiko"]
    late = state.round > data().repent_last_round
    if s.fujiko_card is not None or fj.cards.get("police_side") or late:
        fj.discard.append(card)
        if ev is not None:
            ev.append(Event("card_void", {"figure": c, "card": card}, audience=frozenset({seat}),
                            redacted=Event("card_drawn", {"figure": c}), reveal=True))
        return True
    s.fujiko_card = card
    fj.hand.append(card)
    if ev is not None:
        ev.append(Event("card_drawn", {"figure": c, "card": card}, audience=frozenset({seat}),
                        redacted=Event("card_drawn", {"figure": c}), reveal=True))
    set_fujiko_side(state, "gang", ev)
    return True


# ------------------------------------------------------------------------------------ Fujiko's purchase

@register_action("lupin.fujiko_buy")
@dataclass(frozen=True)
class FujikoBuy(Action):
    """Fujiko's secret purchase, after the gang's planning: a tile from the gang's leftovers."""

    device: str


@register_action("lupin.fujiko_return")
@dataclass(frozen=True)
class FujikoReturn(Action):
    """Fujiko gives back a tile she bought in her purchase (her 2 minutes are not over)."""

    device: str


@register_action("lupin.fujiko_done")
@dataclass(frozen=True)
class FujikoDone(Action):
    """Fujiko's purchase is over (``timed_out``: her 2 minutes ran out); her leftovers are
    discarded, Zenigata comes back and round 1 begins."""

    timed_out: bool = False


def _price(device: str) -> int:
    return catalog().device(device).price.amount


def _buying(state: "LupinState") -> bool:
    return here(state) and apart(state) and state.phase == "planning" and site(state).step == "fujiko"


def _fujiko_comes_back(state: "LupinState", ev: list[Event]) -> bool:
    if not here(state) or not apart(state):
        return False
    s = site(state)
    plan = state.plan
    s.step = "fujiko"
    s.money = catalog().budget_for(EPISODE).get("fujiko", 0)
    if plan is not None:
        s.shop = dict(plan.leftovers)
        plan.leftovers = {}          # hers to buy from now, not the 600$ of the base betrayal
    ev.append(Event("fujiko_planning", {"figure": "fujiko", "seconds": data().fujiko_planning_seconds}))
    return True


def _fujiko_actions(state: "LupinState", seat: Seat) -> list[Action] | None:
    if not _buying(state):
        return None
    if seat != state.seat_of["fujiko"]:
        return []
    from game.lupin.rules.planning import carry_problem
    s = site(state)
    fj = state.figures["fujiko"]
    out: list[Action] = state.start_actions(seat)
    out += [FujikoBuy(seat, d) for d, n in s.shop.items()
            if n > 0 and _price(d) <= s.money and carry_problem("fujiko", [*fj.devices, d]) is None]
    if fj.spot is not None:
        out.append(FujikoDone(seat))
    out.append(FujikoDone(seat, timed_out=True))
    out += [FujikoReturn(seat, d) for d in dict.fromkeys(s.bought)]
    return out


def _check_buying(state: "LupinState", seat: Seat) -> Site:
    require(_buying(state), "lupin_refusal.cagliostro.buy_when")
    require(seat == state.seat_of["fujiko"], "lupin_refusal.cagliostro.buy_who")
    return site(state)


@register_handler(FujikoBuy)
def _buy(state: "LupinState", a: FujikoBuy, ev: list[Event]) -> None:
    from game.lupin.rules.planning import carry_problem
    s = _check_buying(state, a.seat)
    require(s.shop.get(a.device, 0) > 0, "lupin_refusal.cagliostro.none_left", device=terms.device(a.device))
    price = _price(a.device)
    require(price <= s.money, "lupin_refusal.plan.fujiko_money", device=terms.device(a.device), price=price,
            money=s.money)
    fj = state.figures["fujiko"]
    problem = carry_problem("fujiko", [*fj.devices, a.device])
    if problem is not None:
        raise problem
    s.shop[a.device] -= 1
    if not s.shop[a.device]:
        del s.shop[a.device]
    s.money -= price
    s.bought.append(a.device)
    fj.devices.append(a.device)
    ev.append(Event("device_bought", {"figure": "fujiko", "device": a.device, "price": price, "left": s.money,
                                      "claimed": False}, audience=frozenset({a.seat})))


@register_handler(FujikoReturn)
def _return(state: "LupinState", a: FujikoReturn, ev: list[Event]) -> None:
    from game.lupin.rules.planning import carry_problem
    s = _check_buying(state, a.seat)
    require(a.device in s.bought, "lupin_refusal.cagliostro.not_bought", device=terms.device(a.device))
    fj = state.figures["fujiko"]
    rest = list(fj.devices)
    rest.remove(a.device)
    problem = carry_problem("fujiko", rest)
    if problem is not None:
        raise IllegalAction("lupin_refusal.plan.without", device=terms.device(a.device), problem=problem)
    s.bought.remove(a.device)
    fj.devices.remove(a.device)
    s.shop[a.device] = s.shop.get(a.device, 0) + 1
    s.money += _price(a.device)
    ev.append(Event("device_returned", {"figure": "fujiko", "device": a.device, "left": s.money},
                    audience=frozenset({a.seat})))


@register_handler(FujikoDone)
def _done(state: "LupinState", a: FujikoDone, ev: list[Event]) -> None:
    s = _check_buying(state, a.seat)
    fj = state.figures["fujiko"]
    require(a.timed_out or fj.spot is not None, "lupin_refusal.cagliostro.start_first")
    seat = a.seat
    if fj.spot is None:
        fj.spot = _fujiko_squares(state)[0]
        ev.append(Event("start_chosen", {"figure": "fujiko", "square": format_coord(fj.spot), "by_clock": True},
                        audience=frozenset({seat}), redacted=Event("start_chosen", {"figure": "fujiko"})))
    ev.append(Event("leftovers_discarded", {"devices": dict(s.shop)}, audience=frozenset({seat})))
    s.shop = {}
    s.step, s.timed_out = "done", a.timed_out
    ev.append(Event("fujiko_planning_done", {"timed_out": a.timed_out}))
    state.start_gang_phase(ev)


def _fujiko_plan_view(state: "LupinState", seat: Seat) -> dict[str, Any] | None:
    """Fujiko's seat sees her own step only, never the gang's purchases (she was away)."""
    if not apart(state) or seat != state.seat_of["fujiko"] or site(state).step == "gang":
        return None
    s = site(state)
    granted = [d for d in state.figures["fujiko"].devices if d not in s.bought]
    return {
        "step": "fujiko",
        "clock_seconds": data().fujiko_planning_seconds,
        "budgets": {"fujiko": s.money},
        "stock": dict(s.shop),
        "prices": {d: _price(d) for d in catalog().devices if d in s.shop or d in s.bought},
        "purchases": [{"figure": "fujiko", "device": d, "price": _price(d), "claimed": False} for d in s.bought],
        "granted": [{"figure": "fujiko", "device": d} for d in granted],
        "charm": "played", "order": [], "rolls": {}, "drafter": None, "passed": [],
        "confirmed": s.step == "done", "timed_out": s.timed_out,
        "leftovers_given": {},
    }


# ------------------------------------------------------------------------------------ the round

def _round_one(state: "LupinState", ev: list[Event]) -> None:
    """"Il 1° turno comincia dalla Fase della Banda (esclusa Fujiko)"."""
    if here(state) and state.round == 1 and "fujiko" in state.gang:
        state.figures["fujiko"].turn_done = True


def _settle(state: "LupinState", ev: list[Event]) -> None:
    """What was opened or drained last round is open from this one; a traitor Fujiko handed the
    coins has betrayed."""
    if not here(state):
        return
    s = site(state)
    for temple, r in s.opening.items():
        if r <= state.round:
            state.open_temples.add(temple)
    for zone, r in s.draining.items():
        if r <= state.round:
            state.drained.add(zone)
    if fujiko_side(state) == "traitor" and not state.betrayed and state.carries_treasure("fujiko"):
        state.betray(ev)


def _free_on_board(state: "LupinState", c: str) -> bool:
    f = state.figures[c]
    return f.spot is not None and not f.escaped and f.arrested_by is None and isinstance(f.spot, Sq)


def _flip_event(state: "LupinState", c: str, kind: str, data_: dict) -> Event:
    return Event(kind, {**data_, "figure": c}, audience=state.team_seats(c), redacted=Event(kind, dict(data_)))


def _setting_actions(state: "LupinState", ev: list[Event]) -> None:
    """Phase 3 (setting actions: tokens and handwheels), then phase 4's treasure."""
    if not here(state):
        return
    d = data()
    s = site(state)
    nxt = state.round + 1
    for c in state.gang:
        if not _free_on_board(state, c):
            continue
        sq = format_coord(state.figures[c].spot)
        if sq in s.tokens:
            token = s.tokens.pop(sq)
            s.flipped[sq] = token
            ev.append(_flip_event(state, c, "token_flipped", {"square": sq, "token": token}))
            if token == "bust":
                busts = sum(1 for t in s.flipped.values() if t == "bust")
                if busts >= d.busts_needed:
                    s.opening.setdefault(d.opens("bust"), nxt)
                    ev.append(Event("temple_opening", {"temple": d.opens("bust"), "from_round": nxt}))
            else:
                temple = d.opens(token)
                if temple not in state.open_temples and temple not in s.opening:
                    s.opening[temple] = nxt
                    ev.append(Event("temple_opening", {"temple": temple, "from_round": nxt}))
                if token == "trapdoor" and not s.passage_from:
                    s.passage_from = nxt
        if sq in s.handwheels:
            zone = s.handwheels.pop(sq)
            ev.append(_flip_event(state, c, "handwheel_turned", {"square": sq, "zone": zone}))
            drain_zone(state, zone, ev, by="handwheel")
    _take_coins(state, ev)


def _on_treasure_floor(state: "LupinState", c: str) -> bool:
    f = state.figures[c]
    if not _free_on_board(state, c):
        return False
    cell = state.geo.board.cell(f.spot)
    temple = data().treasure_temple
    return cell.temple == temple and cell.temple_part == "floor" and temple in state.open_temples


def _take_coins(state: "LupinState", ev: list[Event]) -> None:
    coins = next((t for t in state.tiles if t.site is not None), None)
    if coins is None:
        return
    takers = [c for c in TREASURE_PRIORITY if c in state.gang and _on_treasure_floor(state, c)
              and all(hooks.MAY_TAKE(state, c))]
    if not takers:
        return
    taker = takers[0]
    coins.site, coins.carrier = None, taker
    coins.seen_by |= set(state.seat_of.values()) | {"zenigata"}
    f = state.figures[taker]
    f.always_shown = f.shown = True
    state.note(taker, spot_to_text(f.spot), spot_to_text(f.spot), "treasure")
    ev.append(Event("coins_taken", {"figure": taker, "square": spot_to_text(f.spot)}, reveal=True))
    if taker == "fujiko" and fujiko_side(state) == "traitor":
        state.betray(ev)


def _zenigata_recovering(state: "LupinState", fid: str, out: list) -> list:
    """Zenigata put back on T1/T25 after his 4th wound stands on the board, but is out of the
    game until the next police phase: nobody attacks him there."""
    z = state.figures.get("zenigata")
    if not here(state) or z is None or not z.knocked_out:
        return out
    return [t for t in out if t != "zenigata"]


# ------------------------------------------------------------------------------------ the trapdoor passage

def _trapdoors(state: "LupinState") -> list[Sq]:
    return sorted(p.squares[0] for p in state.geo.board.places_of("trapdoor"))


def _passage(state: "LupinState", c: str, out: list) -> list:
    """With the passage open, a member may walk to one trapdoor, go through (1 move) and walk on
    from the other with what is left of his movement."""
    if not here(state) or not site(state).passage_from or site(state).passage_from > state.round:
        return out
    f = state.figures[c]
    if not isinstance(f.spot, Sq) or f.in_car:
        return out
    geo, bs = state.geo, state.board_state()
    occ = state.occupied()
    friends = {sq for sq, who in occ.items() if who in state.figures and state.figures[who].kind == "gang"}
    enemies = [sq for sq in occ if sq not in friends]
    moves = state.allowance(c)
    walk = geo.reach(f.spot, moves, GANG, blocked=enemies, state=bs)
    seen = set(out)
    extra = []
    a, b = _trapdoors(state)
    for near, far in ((a, b), (b, a)):
        cost = walk.cost.get(near)
        if cost is None or cost + 1 > moves or far in enemies:
            continue
        beyond = geo.reach(far, moves - cost - 1, GANG, blocked=enemies, no_stop=friends, state=bs)
        for sq in beyond.cost:
            if sq != f.spot and sq not in seen and not (sq == far and far in friends):
                seen.add(sq)
                extra.append(sq)
    return out + extra


# ------------------------------------------------------------------------------------ the view

@register_view_part("cagliostro")
def _view(state: "LupinState", seat: Seat) -> dict[str, Any] | None:
    """The site as everybody sees it (tokens face down or up, handwheels, what is open or dry and
    from when), the planning step, and Fujiko's side for her own seat (for all once shown)."""
    if not here(state):
        return None
    s = site(state)
    side = None
    shown = "fujiko" in state.gang and state.figures["fujiko"].cards.get("police_side") == "public"
    if "fujiko" in state.gang and (seat == state.seat_of["fujiko"] or shown):
        side = fujiko_side(state)
    return {
        "tokens": {sq: None for sq in s.tokens} | dict(s.flipped),
        "handwheels": dict(s.handwheels),
        "open_temples": sorted(state.open_temples),
        "opening": dict(s.opening),
        "drained": sorted(state.drained),
        "draining": dict(s.draining),
        "passage": [format_coord(sq) for sq in _trapdoors(state)] if s.passage_from and
        s.passage_from <= state.round else [],
        "planning_step": s.step if apart(state) else None,
        "fujiko_apart": apart(state),
        "fujiko_side": side,
        "alarm_round": state.alarm_round,
    }


# ------------------------------------------------------------------------------------ bots

def bot_escapes(view: dict, figure: str) -> list[str]:
    """Where a member of this seat leaves the map (a traitor Fujiko: T1/T25)."""
    from game.lupin.rules.boards import episode_geometry
    part = view.get("cagliostro") or {}
    side = "fujiko" if figure == "fujiko" and part.get("fujiko_apart") and \
        part.get("fujiko_side") in ("traitor", "police") else "gang"
    board = episode_geometry(EPISODE).board
    return sorted(format_coord(p.squares[0]) for p in board.places_of("start") if p.props.get("side") == side)


def bot_goal(view: dict, figure: str) -> str | None:
    """Where a heuristic member heads: the coins once Divus Caesar is open, else the nearest token
    face down he can reach now (not in a closed temple, nor in water not yet drained), else a
    handwheel still on the board."""
    from game.lupin.rules.boards import episode_geometry
    part = view.get("cagliostro") or {}
    me = view["figures"][figure]["spot"]
    if not me or not isinstance(me, str) or me.startswith(("inside", "under")):
        return None
    here_sq = parse_coord(me)
    board = episode_geometry(EPISODE).board
    temple = data().treasure_temple
    order = ("lupin", "jigen", "goemon", "fujiko")
    if temple in part.get("open_temples", ()) and any(t["site"] == temple for t in view["tiles"]):
        floor = sorted(sq for p in board.places_of("temple") if p.name == temple for sq in p.squares
                       if board.cell(sq).temple_part == "floor")
        return format_coord(floor[order.index(figure) % len(floor)])
    goals = []
    for coord, token in part.get("tokens", {}).items():
        if token is not None:
            continue
        cell = board.cell(parse_coord(coord))
        if cell.temple is not None and cell.temple not in part.get("open_temples", ()):
            continue
        if cell.flooded is not None and cell.flooded not in part.get("drained", ()):
            continue
        goals.append(coord)
    wet = {board.cell(parse_coord(c)).flooded for c, t in part.get("tokens", {}).items() if t is None}
    goals += [sq for sq, zone in part.get("handwheels", {}).items() if zone in wet]
    if not goals:
        return None

    def far(coord: str) -> tuple:
        sq = parse_coord(coord)
        return (abs(sq.row - here_sq.row) + abs(sq.col - here_sq.col), coord)
    goals.sort(key=far)
    return goals[order.index(figure) % min(len(goals), 2)]


__all__ = ["EPISODE", "FujikoBuy", "FujikoReturn", "FujikoDone", "Site", "data", "site", "fujiko_side",
           "set_fujiko_side", "drain_zone", "apart"]


# ------------------------------------------------------------------------------------ the episode's rules

class CagliostroRules(EpisodeRules):
    """Ritorno a Cagliostro's rules where the round engine asks the episode (the functions above)."""

    def setup(self, state: "LupinState") -> None:
        _setup(state)

    def placement_squares(self, state: "LupinState", squares: list) -> list:
        return _placement(state, squares)

    def reinforcement_squares(self, state: "LupinState") -> list:
        return _appear(state)

    def start_squares(self, state: "LupinState", c: str | None, escape: bool) -> list | None:
        return _start_squares(state, c, escape)

    def traitor(self, state: "LupinState") -> bool | None:
        return _traitor(state)

    def apart(self, state: "LupinState", a: str, b: str) -> bool:
        return _no_talk(state, a, b)

    def team_seats(self, state: "LupinState", fid: str | None, seats: frozenset) -> frozenset:
        return _team(state, fid, seats)

    def loyal(self, state: "LupinState", members: list[str]) -> list[str]:
        return _loyal(state, members)

    def winners(self, state: "LupinState", winners: tuple, reason: str) -> tuple:
        return _winners(state, winners, reason)

    def first_to_play(self, state: "LupinState", waiting: list[str]) -> list[str] | None:
        return _fujiko_first(state, waiting)

    def drawn(self, state: "LupinState", c: str, card: str, at_start: bool, ev: list[Event] | None) -> bool:
        return _drawn(state, c, card, at_start, ev)

    def plan_confirmed(self, state: "LupinState", ev: list[Event]) -> bool:
        return _fujiko_comes_back(state, ev)

    def planning_actions(self, state: "LupinState", seat: Seat) -> list[Action] | None:
        return _fujiko_actions(state, seat)

    def plan_view(self, state: "LupinState", seat: Seat) -> dict[str, Any] | None:
        return _fujiko_plan_view(state, seat)

    def gang_phase(self, state: "LupinState", ev: list[Event]) -> None:
        _round_one(state, ev)

    def settle(self, state: "LupinState", ev: list[Event]) -> None:
        _settle(state, ev)

    def treasure_phase(self, state: "LupinState", ev: list[Event]) -> None:
        _setting_actions(state, ev)

    def gang_attacks(self, state: "LupinState", c: str, out: list) -> list:
        return _zenigata_recovering(state, c, out)

    def gang_moves(self, state: "LupinState", c: str, out: list) -> list:
        return _passage(state, c, out)


register_episode(EPISODE, CagliostroRules())
