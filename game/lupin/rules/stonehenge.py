"""*La lama di Stonehenge* (expansion episode 4) as rules plugged into the round engine.

The expansion's rulebook (``../shared/rules/lupin-expansion-cagliostro-stonehenge.it-en.md``),
its Stonehenge half, on top of the base rules; every reading is in ``docs/rules-decisions.md``,
"Lupin — La lama di Stonehenge". What this module adds to ``state.py``:

* **set-up** – the police in columns 1–17 (``episodes.yaml``; Zenigata may stand among the
  stones, agents never: ``geometry.py``), the two police cars parked at A1–A2 and the squares
  where a car may appear (``data/lupin/stonehenge.yaml``, designed); no treasure tiles: the pile
  of 3 pits and Excalibur is the episode's own; the gang starts and escapes at B25/C25; 11 rounds;
* **the Aim card** – while the gang plans, Lupin's seat picks one of the 4 Aim cards
  (:class:`ChooseAim`); every gang seat knows it, Zenigata never. A plan confirmed without one
  draws one at random when round 1 begins;
* **the pits** – in phase 4 (the treasure phase) a free member standing, on foot, on a tomb of
  the card that is not dug yet, with a shovel, may dig it (:class:`Dig`, one act a phase; the
  shovel is not used up). Everybody sees the pit token (how many are dug, and who dug), not the
  square. The third pit opens Excalibur's site, the card's fourth square (the site stays secret);
* **Excalibur** – in phase 4 a free member on foot on its square takes it at once (the fixed
  priority Lupin, Jigen, Goemon, Fujiko if several stand there); everybody is told who has it. It
  is a treasure tile for the round engine (``state.tiles``): the carrier plays last, is shown for
  good, may pass it, loses it at his arrest (it goes back to its site), and the gang wins when it
  leaves the map at B25/C25 with no loyal member left free on the board; Zenigata wins when the
  11th round ends first;
* **Fujiko never betrays** here: *Perdonami Lupin...* and *Voglio riscattarmi...* (and *Dimostraci
  la tua lealtà*, *Balzo incredibile*) are discarded when drawn (``missions.yaml``, ``discard_if``).

The episode's own state is ``state.extra["stonehenge"]`` (a :class:`Henge`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine import resources
from game.engine.api import TABLE, Action, Event, Seat, register_action, require
from game.engine.content import ContentError, load_typed, load_yaml, register_checker
from game.engine.grid import format_coord, parse_coord
from game.lupin.rules import hooks, terms
from game.lupin.rules.episode import EpisodeRules
from game.lupin.rules.geometry import GANG
from game.lupin.rules.state import (SEATS, TREASURE_PRIORITY, Tile, register_episode, register_handler,
                                    register_phase_actions)
from game.lupin.rules.views import register_view_part

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

EPISODE = "stonehenge"
DATA_FILE = ("lupin", "stonehenge.yaml")
TOMBS = ("pendragon", "costantino", "druido")
SHOVEL = "shovel"
BLADE_HOME = "excalibur"   # the tile's place: the Aim card's fourth square, secret to Zenigata



# ------------------------------------------------------------------------------------ the data

def _square(text: str, what: str) -> None:
    try:
        parse_coord(text)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


@dataclass(frozen=True)
class AimCard:
    """One of the 4 Aim pictures: the three tombs to dig and Excalibur's square."""

    id: str
    name: dict[str, str]
    tombs: dict[str, str]
    excalibur: str

    def validate(self) -> None:
        if set(self.name) != {"it", "en"}:
            raise ValueError("name needs exactly an 'it' and an 'en' text")
        if set(self.tombs) != set(TOMBS):
            raise ValueError(f"tombs must name exactly {', '.join(TOMBS)}")
        for k, v in self.tombs.items():
            _square(v, f"tombs.{k}")
        _square(self.excalibur, "excalibur")
        squares = [*self.tombs.values(), self.excalibur]
        if len(set(squares)) != 4:
            raise ValueError("the three tombs and Excalibur need four different squares")


@dataclass(frozen=True)
class HengeFile:
    aims_designed: bool
    aims_designed_note: str
    aims: list[AimCard]
    police_designed: bool
    police_designed_note: str
    police_parking: list[str]
    reinforcement: list[str]

    def validate(self) -> None:
        if len(self.aims) != 4:
            raise ValueError(f"the expansion has 4 Aim pictures (16 cards, 4 of each), not {len(self.aims)}")
        if len({a.id for a in self.aims}) != 4:
            raise ValueError("two Aim cards share an id")
        if len(self.police_parking) != 2:
            raise ValueError("police_parking needs one square for each of the 2 police cars")
        for s in [*self.police_parking, *self.reinforcement]:
            _square(s, "police square")
        if self.aims_designed and not self.aims_designed_note:
            raise ValueError("designed aims need an aims_designed_note")
        if self.police_designed and not self.police_designed_note:
            raise ValueError("designed police squares need a police_designed_note")


def data_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*DATA_FILE)


def _board_issues(data: HengeFile) -> list[tuple[tuple, str]]:
    """(keys into the file, sentence) for each square the map cannot hold."""
    from game.lupin.rules.boards import episode_geometry
    geo = episode_geometry(EPISODE)
    board = geo.board
    starts = set(board.squares_of("start"))
    out: list[tuple[tuple, str]] = []
    for i, aim in enumerate(data.aims):
        for name, text in [*aim.tombs.items(), ("excalibur", aim.excalibur)]:
            sq = parse_coord(text)
            keys = ("aims", i, "tombs", name) if name in TOMBS else ("aims", i, "excalibur")
            where = f"aims[{i}] ({aim.id}) {name} {text}"
            if sq not in board:
                out.append((keys, f"{where} is off the board"))
            elif not geo.can_stand(sq, GANG) or sq in starts:
                out.append((keys, f"{where}: a gang member cannot stand there (or it is a start square)"))
    for key in ("police_parking", "reinforcement"):
        for j, text in enumerate(getattr(data, key)):
            sq = parse_coord(text)
            if sq not in board or board.cell(sq).terrain != "road":
                out.append(((key, j), f"{key} {text} must be a road square of maps/stonehenge.tmx"))
    return out


def board_problems(data: HengeFile) -> list[str]:
    """What the map cannot hold of the data: each square must exist, tombs and the blade where a
    gang member stands, the police squares on the road."""
    return [message for _keys, message in _board_issues(data)]


def board_errors(path: Path, data: HengeFile) -> list[ContentError]:
    """The same as ContentErrors naming the file, the line and the field."""
    raw = load_yaml(path)
    out = []
    for keys, message in _board_issues(data):
        node, line = raw, None
        for k in keys:
            try:
                line = node.line_of(k)
                node = node[k]
            except (AttributeError, KeyError, IndexError, TypeError):
                break
        field_name = ".".join(str(k) if not isinstance(k, int) else f"[{k}]" for k in keys).replace(".[", "[")
        out.append(ContentError(path, line, field_name, message))
    return out


@functools.lru_cache(maxsize=4)
def henge_data(root: Path | None = None) -> HengeFile:
    path = data_path(root)
    data = load_typed(path, HengeFile)
    errors = board_errors(path, data)
    if errors:
        raise errors[0]
    return data


def aim_card(aim_id: str) -> AimCard:
    for a in henge_data().aims:
        if a.id == aim_id:
            return a
    raise KeyError(f"no Aim card {aim_id!r}")


@register_checker("lupin-stonehenge")
def check_henge(root: Path) -> list[ContentError]:
    try:
        data = load_typed(data_path(root), HengeFile)
    except ContentError as exc:
        return [exc]
    return board_errors(data_path(root), data)


# ------------------------------------------------------------------------------------ actions

@register_action("lupin.choose_aim")
@dataclass(frozen=True)
class ChooseAim(Action):
    """Planning, Lupin's seat: the Aim card the gang plays (its tombs and Excalibur's square)."""

    aim: str


@register_action("lupin.dig")
@dataclass(frozen=True)
class Dig(Action):
    """Phase 4: ``figure``, on a tomb of the Aim card with a shovel, digs it (a pit token)."""

    figure: str


# ------------------------------------------------------------------------------------ state

@dataclass
class Henge:
    aim: str | None = None                       # the Aim card (gang seats only)
    dug: list = field(default_factory=list)      # tomb names dug, in order
    diggers: list = field(default_factory=list)  # who dug each pit (public)
    open: bool = False                           # the third pit opened Excalibur's site


def henge(state: "LupinState") -> Henge | None:
    return state.extra.get(EPISODE) if state.cfg.episode == EPISODE else None


def _gang_seats(state: "LupinState") -> frozenset[Seat]:
    return frozenset(state.seat_of[c] for c in state.gang)


def blade(state: "LupinState") -> Tile | None:
    return state.tiles[0] if henge(state) is not None and state.tiles else None


def blade_square(state: "LupinState"):
    h = henge(state)
    return parse_coord(aim_card(h.aim).excalibur) if h is not None and h.aim else None


def _on_foot_at(state: "LupinState", c: str, square) -> bool:
    f = state.figures[c]
    return (square is not None and f.spot == square and not f.in_car and f.arrested_by is None
            and not f.escaped)


def undug_tomb_at(state: "LupinState", c: str) -> str | None:
    """The tomb of the Aim card ``c`` stands on, on foot, not dug yet (None if none)."""
    h = henge(state)
    if h is None or h.aim is None:
        return None
    for name, text in aim_card(h.aim).tombs.items():
        if name not in h.dug and _on_foot_at(state, c, parse_coord(text)):
            return name
    return None


def may_dig(state: "LupinState", c: str) -> bool:
    return (state.phase == "treasure" and not state.figures[c].flipped and SHOVEL in state.figures[c].devices
            and undug_tomb_at(state, c) is not None)


# ------------------------------------------------------------------------------------ hooks

def _setup(state: "LupinState") -> None:
    if state.cfg.episode != EPISODE:
        return
    data = henge_data()
    state.extra[EPISODE] = Henge()
    state.tiles = []   # the pile: 3 pits, then Excalibur; the blade becomes a tile when it appears
    # "non c'è nessuna comunicazione che il Tesoro è stato rubato: Zenigata lo sa subito"
    state.alarm_round = state.rounds_total + 1
    for car, text in zip(state.cars.values(), data.police_parking):
        car.home = car.spot = parse_coord(text)


def _reinforcement_squares(state: "LupinState") -> list:
    if henge(state) is None:
        return []
    return [parse_coord(s) for s in henge_data().reinforcement]


def _gang_phase(state: "LupinState", ev: list[Event]) -> None:
    """Round 1: a plan confirmed without an Aim card (the clock ran out) gets one at random."""
    h = henge(state)
    if h is None or h.aim is not None:
        return
    aims = [a.id for a in henge_data().aims]
    h.aim = state.rng.choice(aims)
    ev.append(_aim_event(state, chosen_by=None))


def _may_flip(state: "LupinState", c: str) -> bool:
    return henge(state) is not None and may_dig(state, c)


def _treasure_phase(state: "LupinState", ev: list[Event]) -> None:
    if henge(state) is not None:
        _take_blade(state, ev)


# ------------------------------------------------------------------------------------ planning

def _aim_event(state: "LupinState", chosen_by: str | None) -> Event:
    h = henge(state)
    card = aim_card(h.aim)
    return Event("aim_chosen", {"aim": card.id, "tombs": dict(card.tombs), "excalibur": card.excalibur,
                                "by": chosen_by},
                 audience=_gang_seats(state), redacted=Event("aim_chosen", {"by": chosen_by}))


@register_phase_actions("planning")
def _planning_actions(state: "LupinState", seat: Seat) -> list[Action]:
    h = henge(state)
    if h is None or h.aim is not None or seat != state.seat_of["lupin"] or state.plan is None \
            or state.plan.confirmed:
        return []
    return [ChooseAim(seat, a.id) for a in henge_data().aims]


@register_handler(ChooseAim)
def _do_choose_aim(state: "LupinState", a: ChooseAim, ev: list[Event]) -> None:
    h = henge(state)
    require(h is not None, "lupin_refusal.stonehenge.aim_episode")
    require(state.phase == "planning" and state.plan is not None and not state.plan.confirmed,
            "lupin_refusal.stonehenge.aim_when")
    require(a.seat == state.seat_of["lupin"], "lupin_refusal.stonehenge.aim_who")
    require(h.aim is None, "lupin_refusal.stonehenge.aim_chosen")
    require(a.aim in {x.id for x in henge_data().aims},
            "lupin_refusal.stonehenge.no_aim", aim=repr(a.aim), aims=", ".join(x.id for x in henge_data().aims))
    h.aim = a.aim
    ev.append(_aim_event(state, chosen_by="lupin"))


# ------------------------------------------------------------------------------------ phase 4

@register_phase_actions("treasure")
def _treasure_actions(state: "LupinState", seat: Seat) -> list[Action]:
    if henge(state) is None:
        return []
    return [Dig(seat, c) for c in state.gang if state.seat_of[c] == seat and may_dig(state, c)]


@register_handler(Dig)
def _do_dig(state: "LupinState", a: Dig, ev: list[Event]) -> None:
    h = henge(state)
    require(h is not None, "lupin_refusal.stonehenge.dig_episode")
    require(state.phase == "treasure", "lupin_refusal.stonehenge.dig_when")
    require(a.figure in state.gang and state.seat_of[a.figure] == a.seat, "lupin_refusal.stonehenge.not_yours", figure=terms.figure(a.figure))
    f = state.figures[a.figure]
    require(not f.flipped, "lupin_refusal.stonehenge.acted", figure=terms.figure(a.figure))
    require(SHOVEL in f.devices, "lupin_refusal.stonehenge.no_shovel", figure=terms.figure(a.figure))
    tomb = undug_tomb_at(state, a.figure)
    require(tomb is not None, "lupin_refusal.stonehenge.no_tomb",
            figure=terms.figure(a.figure))
    f.flipped = True
    h.dug.append(tomb)
    h.diggers.append(a.figure)
    square = spot_text = format_coord(f.spot)
    state.note(a.figure, spot_text, spot_text, "dig")
    public = {"figure": a.figure, "pits": len(h.dug)}
    ev.append(Event("pit_dug", {**public, "tomb": tomb, "square": square}, audience=_gang_seats(state),
                    redacted=Event("pit_dug", public), reveal=True))
    if len(h.dug) == len(TOMBS) and not h.open:
        h.open = True
        everybody = set(SEATS) | {TABLE}
        state.tiles = [Tile(0, True, BLADE_HOME, BLADE_HOME, seen_by=everybody)]
        ev.append(Event("excalibur_appears", {}, reveal=True))
        _take_blade(state, ev)
    if state.result_ is None and not state.treasure_seats():
        state.end_round(ev)


def _take_blade(state: "LupinState", ev: list[Event]) -> None:
    """A free member on foot on Excalibur's square takes it (priority order if several)."""
    t = blade(state)
    if t is None or t.carrier is not None or t.site != BLADE_HOME:
        return   # carried, or left on another square (Il tesoro non mi interessa: the cards' rules)
    square = blade_square(state)
    takers = [c for c in TREASURE_PRIORITY if c in state.gang and _on_foot_at(state, c, square)
              and not state.figures[c].cards.get("disguise") and all(hooks.MAY_TAKE(state, c))]
    if not takers:
        return
    c = takers[0]
    t.site, t.carrier = None, c
    t.seen_by = set(SEATS) | {TABLE}
    f = state.figures[c]
    f.always_shown = True
    f.shown = True
    state.note(c, format_coord(square), format_coord(square), "excalibur")
    ev.append(Event("excalibur_taken", {"figure": c, "square": format_coord(square)}, reveal=True))


# ------------------------------------------------------------------------------------ the view

@register_view_part("stonehenge")
def stonehenge_view(state: "LupinState", seat: Seat) -> dict[str, Any] | None:
    """Everybody: the pits dug (how many, by whom), whether the blade is out and who carries it.
    Gang seats: the Aim card (tombs, which are dug, Excalibur's square)."""
    h = henge(state)
    if h is None:
        return None
    t = blade(state)
    out: dict[str, Any] = {"pits": len(h.dug), "pits_total": len(TOMBS), "diggers": list(h.diggers),
                           "excalibur_open": h.open, "carrier": t.carrier if t else None, "aim": None}
    if seat in _gang_seats(state) and h.aim is not None:
        card = aim_card(h.aim)
        out["aim"] = {"id": card.id, "tombs": dict(card.tombs), "dug": list(h.dug),
                      "excalibur": card.excalibur}
    return out


# ------------------------------------------------------------------------------------ bots

def bot_goal(view: dict, figure: str) -> str | None:
    """Where a heuristic gang member heads: an undug tomb (each his own, then any, with a shovel),
    Excalibur's square once open (or to wait on it), else None (the caller's default)."""
    part = view.get("stonehenge") or {}
    aim = part.get("aim")
    if not aim:
        return None
    devices = view["mine"].get(figure, {}).get("devices", [])
    order = ("lupin", "jigen", "goemon", "fujiko")
    todo = [aim["tombs"][n] for n in TOMBS if n not in aim["dug"]]
    if SHOVEL in devices and todo:
        return todo[order.index(figure) % len(todo)]
    return aim["excalibur"]


# ------------------------------------------------------------------------------------ the episode's rules

class StonehengeRules(EpisodeRules):
    """La lama di Stonehenge's rules where the round engine asks the episode (the functions above)."""

    def setup(self, state: "LupinState") -> None:
        _setup(state)

    def reinforcement_squares(self, state: "LupinState") -> list:
        return _reinforcement_squares(state)

    def gang_phase(self, state: "LupinState", ev: list[Event]) -> None:
        _gang_phase(state, ev)

    def may_flip(self, state: "LupinState", c: str) -> bool:
        return _may_flip(state, c)

    def treasure_phase(self, state: "LupinState", ev: list[Event]) -> None:
        _treasure_phase(state, ev)


register_episode(EPISODE, StonehengeRules())
