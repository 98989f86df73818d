"""What the play screen offers for each legal action: where it is clicked and what it says.

The screen never decides a rule: it takes ``state.legal_actions(seat)`` as they come and sorts
each one, generically, into

* a **board choice** – an action with a place on the board to click: a square or building
  (``to``, ``square`` ...), or the token of a figure or car it aims at (``target``). It belongs to
  an **actor**, the token to select first (``figure`` or ``car``, when that token is on the board),
  or to nobody (placing Zenigata's men, choosing a start square: the squares are lit at once);
* a **button** – anything else (End turn, Escape, Flip a tile ...), tied to the selected figure
  when its ``figure`` is on the board, else always shown.

Action types this module does not know (new devices, planning moves) are sorted the same way
from their fields and get a label built from their type and values, so they still show up.

Also here: the names of figures, spots and cards in the current language, the odds of a shot or
blow (2d6 + skill ≥ 12), and the hints shown when hovering a square. No pygame.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Iterable

from game.engine.api import Action, IllegalAction
from game.engine.i18n import current_language, t, translator
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import PISTOL_RANGE, RIFLE_RANGE, Inside, Under, spot_from_text
from game.lupin.rules.odds import attack_odds, sheet_id  # noqa: F401 - the rules work out the odds

# Fields that name where an action is clicked (in this order), and who performs it.
SPOT_FIELDS = ("to", "square", "target", "spot", "at", "where")
ACTOR_FIELDS = ("figure", "car")

# Known board actions: their kind (how the square is drawn and what the hover says).
BOARD_KINDS = {
    "Place": "place", "ChooseStart": "start", "Move": "move", "Shoot": "shoot", "Melee": "melee",
    "Drive": "drive", "Unload": "unload", "CarAppears": "appear", "Ride": "ride", "Vanish": "ride",
    "GetOut": "target", "ExtraShot": "shoot", "ExtraMelee": "melee", "Dash": "ride", "LeapTo": "ride",
    "UnmaskHide": "move",
}
SHOTS, BLOWS = ("Shoot", "ExtraShot"), ("Melee", "ExtraMelee")
# Known actions that are buttons even though a field could name a token (the partner of a pass).
BUTTON_TYPES = {"PassTreasure", "AcceptTreasure", "FreeSelf", "Escape", "EndTurn", "EndTreasure", "Unmask",
                "ConfirmPlan", "Flip", "CarFromStation", "BuyDevice", "ReturnDevice", "ReassignDevice",
                "CharmLupin", "EndCharm", "PassPurchase", "BuyLeftover", "GetIn"}
END_TYPES = {"EndTurn", "EndTreasure", "ConfirmPlan", "EndCharm", "PassPurchase", "FujikoDone"}
FIGURE_ID = re.compile(r"^(agent|guard|car)-\d+$")


@dataclass(frozen=True)
class Choice:
    """One legal action as the screen offers it."""

    action: Action
    actor: str | None       # token to select first (figure or car id), or None
    spot: str | None        # board spot clicked to choose it (a board choice), or None (a button)
    kind: str               # move, shoot, melee, place, start, drive, unload, appear, target, end, button
    label: str              # what a button or a pop-up line says

    @property
    def type_name(self) -> str:
        return type(self.action).__name__

    @property
    def on_board(self) -> bool:
        return self.spot is not None


# ------------------------------------------------------------------------------------- names

def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def figure_name(ident: str) -> str:
    """A figure's or car's short name: Lupin, Zenigata, Agent 3, Guard 7, Car 1."""
    if ident in ("lupin", "jigen", "goemon", "fujiko", "zenigata"):
        return t(f"lupin.seat.{ident}")
    for prefix, key in (("agent-", "lupin.fig.agent"), ("guard-", "lupin.fig.guard"), ("car-", "lupin.fig.car")):
        if ident.startswith(prefix):
            return t(key, n=ident[len(prefix):])
    if ident == "police":
        return t("lupin.fig.police")
    return vehicle_name(ident) or ident   # a gang vehicle shot at (a shot's target, the dice's title)


def vehicle_at(ident: str) -> str | None:
    """A gang vehicle as the object of a shot, with its article: "at the boat", "alla barca"
    (``sport_motorbike-2`` → "at the sport motorbike 2"); None if ``ident`` is not one."""
    device, _, n = ident.rpartition("-")
    if not device or not n.isdigit() or vehicle_name(ident) is None:
        return None
    key = f"i11_play.vehicle_at.{device}"
    phrase = t(key) if translator().has(key) else t("i11_play.vehicle_at_other", name=vehicle_name(ident))
    return phrase if n == "1" else f"{phrase} {n}"


def vehicle_name(ident: str) -> str | None:
    """A gang vehicle's name (``sport_motorbike-2`` → "Sport motorbike 2"), None if not one."""
    device, _, n = ident.rpartition("-")
    if not device or not n.isdigit():
        return None
    name = item_name(device, strict=True)
    if name is None:
        return None
    return name if n == "1" else f"{name} {n}"


def name_of(value: str) -> str:
    """Any id a player may read: a figure, car or vehicle by name, a spot as a place, else as is;
    two targets at once (``agent-1+zenigata``, a card's double shot) as "Agent 1 and Zenigata"."""
    if "+" in value and all(value.split("+")):
        parts = [name_of(p) for p in value.split("+")]
        return t("i11_play.both", a=", ".join(parts[:-1]), b=parts[-1])
    if value in ("lupin", "jigen", "goemon", "fujiko", "zenigata", "police") or FIGURE_ID.match(value):
        return figure_name(value)
    if value.startswith(("inside ", "under ")):
        return spot_name(value)
    vehicle = vehicle_name(value) if "-" in value else None
    return vehicle if vehicle is not None else value


def full_name(ident: str) -> str:
    """The name on a character's sheet (Daisuke Jigen), else the short name."""
    try:
        return sheet(ident).name[current_language()]
    except (KeyError, TypeError):
        return figure_name(ident)


def spot_name(text: str | None) -> str:
    if not text:
        return "—"
    if text.startswith("inside "):
        return t("lupin.inside", place=text[len("inside "):])
    if text.startswith("under "):
        return t("lupin.under", square=text[len("under "):])
    return text


def item_name(ident: str, strict: bool = False) -> str | None:
    """A mission card's or device's name in the current language (the id if unknown, or None
    when ``strict``)."""
    from game.lupin.rules import catalog

    lang = current_language()
    for lookup in (catalog.device, catalog.card):
        try:
            return lookup(ident).name.get(lang)
        except Exception:  # noqa: BLE001 - not that kind of item
            continue
    return None if strict else ident.replace("_", " ")


def value_name(view: dict, field: str, value: Any) -> str:
    """Any action field's value as a player reads it."""
    if isinstance(value, bool):
        return t("common.yes") if value else t("common.no")
    if not isinstance(value, str):
        return str(value)
    if value in view["figures"] or value in view["cars"] or value == "police":
        return figure_name(value)
    if field in ("card", "device"):
        return item_name(value)
    if field == "vehicle" or _ride(view, value) is not None:
        return vehicle_name(value) or value
    if valid_spot(view, value) is not None:
        return spot_name(value)
    named = name_of(value)   # a figure or vehicle the view no longer shows still has a name
    return named if named != value else value.replace("_", " ")


# ------------------------------------------------------------------------------------- spots

def _ride(view: dict, ident: str) -> dict | None:
    return next((r for r in view.get("rides") or () if r.get("id") == ident), None)


def token_spot(view: dict, ident: str) -> str | None:
    """Where the token of a figure, police car or gang vehicle stands in this view (None: not
    on the board, or not known to the seat)."""
    f = view["figures"].get(ident)
    if f is not None:
        return f.get("spot")
    c = view["cars"].get(ident)
    if c is not None:
        return c.get("spot")
    r = _ride(view, ident)
    if r is not None:
        return r.get("spot")
    return None


def valid_spot(view: dict, text: str, geo: Any = None) -> str | None:
    """``text`` if it names a spot on this episode's board (a square, ``inside X``, ``under X``)."""
    if not isinstance(text, str) or not text or len(text) > 80:
        return None
    try:
        spot = spot_from_text(text)
    except (ValueError, TypeError):
        return None
    if geo is None:
        from game.lupin.rules.boards import episode_geometry
        geo = episode_geometry(view["episode"])
    board = geo.board
    if isinstance(spot, Inside):
        return text if spot.building in board.buildings else None
    if isinstance(spot, Under):
        return text if spot.square in board else None
    return text if spot in board else None


def spot_squares(geo: Any, text: str) -> list[tuple[int, int]]:
    """The board squares that stand for a spot: the square itself, or a building's rooms (not its
    roofs, which are spots of their own)."""
    spot = spot_from_text(text)
    if isinstance(spot, Inside):
        b = geo.board.buildings.get(spot.building)
        if b is None:
            return []
        roofs = set(b.roof_squares)
        rooms = sorted((s.row, s.col) for s in b.squares if s not in roofs)
        return rooms or sorted((s.row, s.col) for s in b.squares)
    if isinstance(spot, Under):
        return [(spot.square.row, spot.square.col)]
    return [(spot.row, spot.col)]


def aboard_car(view: dict, ident: Any) -> str | None:
    """The police car on the board that ``ident``, an agent, rides in (he has no token of his own:
    his shots are chosen by selecting the car), else None."""
    f = view["figures"].get(ident) if isinstance(ident, str) else None
    car = f.get("in_car") if f is not None and f.get("kind") == "agent" else None
    return car if isinstance(car, str) and car in view["cars"] and token_spot(view, car) is not None else None


def _from_car(action: Action, view: dict, key: str, **values: Any) -> str | None:
    """A shot by an agent aboard a police car, naming the shooter ("Agent 3 (in the car) shoots
    Jigen"): two agents aboard give two choices a player can tell apart. None for any other."""
    figure = getattr(action, "figure", None)
    if type(action).__name__ not in SHOTS or aboard_car(view, figure) is None:
        return None
    target = getattr(action, "target", "")
    at = vehicle_at(target) if isinstance(target, str) else None
    suffix = "_at" if at is not None else ""
    return t(f"i11_fu.{key}{suffix}", n=figure.rpartition("-")[2], target=name_of(str(target)), at=at or "",
             **values)


# ------------------------------------------------------------------------------------- sorting

def _fields(action: Action) -> dict[str, Any]:
    return {f.name: getattr(action, f.name) for f in dataclasses.fields(action) if f.name != "seat"}


def classify(action: Action, view: dict, geo: Any = None) -> Choice:
    """Sort one legal action into a board choice or a button (see the module docstring)."""
    name = type(action).__name__
    fields = _fields(action)
    on_board = lambda ident: isinstance(ident, str) and token_spot(view, ident) is not None  # noqa: E731
    spot = None
    if name not in BUTTON_TYPES:
        for key in SPOT_FIELDS:
            value = fields.get(key)
            if not isinstance(value, str) or not value:
                continue
            token = value in view["figures"] or value in view["cars"] or _ride(view, value) is not None
            spot = token_spot(view, value) if token else None
            if spot is None and not token:
                spot = valid_spot(view, value, geo)
            if spot is not None:
                break
    actor = None
    figure = fields.get("figure")
    if on_board(figure) and figure in view["figures"]:
        actor = figure
    elif spot is not None and on_board(fields.get("car")):
        actor = fields["car"]
    elif spot is not None and aboard_car(view, figure) is not None:
        actor = aboard_car(view, figure)   # an agent shooting from a police car: select the car
    if spot is not None:
        kind = BOARD_KINDS.get(name, "target")
    else:
        kind = "end" if name in END_TYPES else "button"
    return Choice(action, actor, spot, kind, action_label(action, view))


def classify_all(actions: Iterable[Action], view: dict, geo: Any = None) -> list[Choice]:
    return [classify(a, view, geo) for a in actions]


# ------------------------------------------------------------------------------------- labels

def humanise(name: str) -> str:
    words = snake(name).replace("_", " ")
    return words[:1].upper() + words[1:]


def action_label(action: Action, view: dict) -> str:
    """A short sentence for a button or a pop-up line, in the current language."""
    name = type(action).__name__
    fields = _fields(action)
    shown = {k: value_name(view, k, v) for k, v in fields.items()}
    if name in ("EndTurn", "Unmask", "PlayCard"):
        disguise = _disguise_label(name, fields, view)
        if disguise is not None:
            return disguise
    if name == "EndTurn":
        return t("lupin.act.end_police") if fields.get("figure") == "police" else t("lupin.act.end_turn")
    if name == "ConfirmPlan":
        return t("lupin.act.confirm_plan_timed_out" if fields.get("timed_out") else "lupin.act.confirm_plan")
    if name == "FujikoDone":   # Cagliostro: the end of her secret purchase
        return t("lupin.act.fujiko_done_timed_out" if fields.get("timed_out") else "lupin.act.fujiko_done")
    if name in ("BuyDevice", "BuyLeftover", "FujikoBuy"):
        price = ((view.get("plan") or {}).get("prices") or {}).get(fields.get("device"))
        shown["price"] = "?" if price is None else f"{price:,}"
    if name == "FreeSelf":
        key = f"lupin.act.free_self_{fields.get('price')}"
        if translator().has(key):
            return t(key)
    if name == "AcceptTreasure":
        return t("lupin.act.accept_treasure" if fields.get("accept") else "lupin.act.refuse_treasure")
    if name == "Flip":
        return t("lupin.act.flip", n=int(fields.get("tile", 0)) + 1)
    if name == "ChooseAim":   # Stonehenge: the Aim card by its picture's name
        return t("lupin.act.choose_aim", aim=t(f"lupin.stonehenge.aim.{fields.get('aim')}"))
    if name == "Pump":   # the tank lorry (expansion): the flooded zone by its colour
        return t("lupin.act.pump", zone=t(f"lupin.zone.{fields.get('zone')}"))
    from_car = _from_car(action, view, "act.shoot_from_car")
    if from_car is not None:
        return from_car
    if name in SHOTS and isinstance(fields.get("target"), str) and vehicle_at(fields["target"]):
        return t("i11_play.act.shoot_vehicle", at=vehicle_at(fields["target"]))
    if name in ("PlayCard", "UseDevice") and not fields.get("target"):
        return t(f"lupin.act.{snake(name)}", **shown)
    if name in ("PlayCard", "UseDevice"):
        return t(f"lupin.act.{snake(name)}_on", **shown)
    key = f"lupin.act.{snake(name)}"
    if translator().has(key):
        try:
            return t(key, **shown)
        except (KeyError, IndexError):
            pass
    details = ", ".join(v for v in shown.values() if v)
    return f"{humanise(name)}: {details}" if details else humanise(name)


def _disguise_label(name: str, fields: dict[str, Any], view: dict) -> str | None:
    """*Travestimento perfetto*: taking an agent's place, revealing oneself, staying in disguise."""
    me = view["figures"].get(fields.get("figure") or "") or {}
    agent = me.get("disguised_as")
    if name == "PlayCard":
        from game.lupin.rules import catalog
        try:
            effect = catalog.card(fields.get("card", "")).effect
        except Exception:  # noqa: BLE001 - not a card of the catalogue
            return None
        return t("lupin_disguise.play", agent=figure_name(fields["target"])) if effect == "disguise" else None
    if name == "EndTurn":
        return t("lupin_disguise.stay") if agent else None
    # Unmask: in his turn, on the agent's square; after a forced reveal, he is already there
    square = token_spot(view, agent) if agent else me.get("spot")
    return t("lupin_disguise.reveal" if agent else "lupin_disguise.reveal_stay", square=spot_name(square))


def group_label(type_name: str, figure: str | None = None) -> str:
    """The button that opens the menu of an action type's variants (for one figure)."""
    key = f"lupin.act.group.{snake(type_name)}"
    label = t(key) if translator().has(key) else t("lupin.act.group.generic", name=humanise(type_name))
    if figure is None:
        return label
    key = f"lupin.act.group_for.{snake(type_name)}"
    if translator().has(key):
        return t(key, figure=figure_name(figure))
    return f"{label} · {figure_name(figure)}"


def short_label(choice: Choice, view: dict) -> str:
    """A menu line under a title that already says what and for whom (``lupin.act.short.*``)."""
    key = f"lupin.act.short.{snake(choice.type_name)}"
    if not translator().has(key):
        return choice.label
    fields = _fields(choice.action)
    shown = {k: value_name(view, k, v) for k, v in fields.items()}
    if choice.type_name in ("BuyDevice", "BuyLeftover"):
        price = ((view.get("plan") or {}).get("prices") or {}).get(fields.get("device"))
        shown["price"] = "?" if price is None else f"{price:,}"
    if choice.type_name == "Flip":
        shown["n"] = int(fields.get("tile", 0)) + 1
    try:
        return t(key, **shown)
    except (KeyError, IndexError):
        return choice.label


# ------------------------------------------------------------------------------------- odds

def odds_text(choice: Choice, view: dict) -> str:
    info = attack_odds(choice.action, view)
    if info is None:
        return choice.label
    target = figure_name(choice.action.target)
    key = "lupin.play.tip.shoot" if choice.type_name in SHOTS else "lupin.play.tip.melee"
    at = vehicle_at(choice.action.target) if choice.type_name in SHOTS else None
    from_car = _from_car(choice.action, view, "tip.shoot_from_car", need=info["need"], odds=info["odds"])
    if info["need"] > 12:
        text = t("lupin.play.tip.no_chance", target=target)
    elif from_car is not None:   # "Agent 3 (in the car) shoots Jigen: needs 7+ on 2d6"
        text = from_car
    elif at is not None:   # a gang vehicle: "Shoot at the boat: needs 8+ on 2d6"
        text = t("i11_play.tip.shoot_vehicle", at=at, need=info["need"], odds=info["odds"])
    else:
        text = t(key, target=target, need=info["need"], odds=info["odds"])
    if info["dodge"]:
        text += " · " + t("lupin.play.tip.dodge", target=target, n=info["dodge"], odds=info["odds_after_dodge"])
    return text


# ------------------------------------------------------------------------------------- being seen

RISK_SEEDS = (101, 202)   # dice for the trial moves: never the game's own, so no roll is foretold
NO_RISK_TYPES = {"Escape", "Unmask"}   # asked about otherwise (Escape), or revealing by name (Unmask)


def reveal_risk(state: Any, action: Action) -> str | None:
    """Whether ``action`` makes its figure, a gang member hidden now, shown on the board: "seen"
    (whatever the dice), "maybe" (on some dice) or None. The rules answer: the action is tried on
    copies of the state with dice of their own (never the game's, so nothing to come is told).
    Only the acting member's own visibility is read, which his seat knows anyway."""
    fid = getattr(action, "figure", None)
    f = getattr(state, "figures", {}).get(fid) if isinstance(fid, str) else None
    if f is None or f.kind != "gang" or type(action).__name__ in NO_RISK_TYPES or state.is_shown(fid):
        return None
    from game.engine.rng import Rng

    outcomes = set()
    for seed in RISK_SEEDS:
        trial = copy.deepcopy(state)
        trial.rng = Rng(seed)
        try:
            trial.apply(action)
        except IllegalAction:
            return None
        g = trial.figures[fid]
        outcomes.add(bool(trial.is_shown(fid)) and not g.escaped and g.arrested_by is None)
    if outcomes == {True}:
        return "seen"
    return "maybe" if True in outcomes else None


def police_sight(view: dict) -> tuple[list[tuple[Any, int]], list[Any]]:
    """The police lines of fire and the vehicles blocking sight, as a seat's view shows them: the
    (spot, range) of every police figure on the board (a car with agents aboard too) and the squares
    of the police cars and of the gang vehicles in view. The rules' own ``viewers()`` and
    ``vehicles()``, read from what the police and the board show everyone."""
    viewers: list[tuple[Any, int]] = []
    vehicles: list[Any] = []
    for f in view["figures"].values():
        if f["kind"] in ("zenigata", "agent", "guard") and f.get("spot") and not f.get("in_car") \
                and not f.get("holding") and not f.get("knocked_out"):
            viewers.append((spot_from_text(f["spot"]), RIFLE_RANGE if f["kind"] == "guard" else PISTOL_RANGE))
    for car in view["cars"].values():
        if car["spot"]:
            vehicles.append(spot_from_text(car["spot"]))
            if car["agents"]:
                viewers.append((spot_from_text(car["spot"]), PISTOL_RANGE))
    for ride in view.get("rides", ()):   # a gang vehicle in view blocks sight as a car does
        if ride["shown"] and ride["spot"]:
            vehicles.append(spot_from_text(ride["spot"]))
    return viewers, vehicles
