"""The base box's devices other than vehicles, as effects of the ``DEVICE_RULES`` registry
(``effects.device_effect``): the hang glider, the rucksack, the radio, the hand grenade, the
medical kit, the knife, the shovel, the "false target" balloon and the rifle.

The round engine offers ``UseDevice(seat, figure, device, target)`` for each target an effect's
``targets`` returns and enforces two devices a turn; ``apply`` here does the rest. A single-use tile
leaves its owner's devices when used. Every reading is in ``docs/rules-decisions.md`` ("Lupin —
devices in play"); in short:

* **glide** (hang glider): from a roof, instead of the move, to a free ground square or a free
  roof square of another, lower building, within the character's movement as the crow flies.
  Landing on a roof he may glide on in the next rounds, up to 3 glides; the tile is discarded
  when he lands on the ground, after the 3rd glide, or when he walks instead.
* **carry** (rucksack): nothing to use; ``planning.carry_problem`` counts it.
* **radio**: the whole gang talks this round: every gang seat knows every partner's position and
  is told their moves until the round ends; Zenigata learns only that a radio was used.
* **grenade**: at a square up to 5 away in the thrower's line of fire; the square and its 8
  neighbours at the same height: every agent and guard there is eliminated, Zenigata wounded, the
  gang unharmed. Only throws that reach somebody of the police are offered.
* **heal** (medical kit): the user or a partner next to him (or in the same vehicle): no wounds.
* **throw_knife**: at an agent or guard 2 to 5 squares away in the line of fire: 2 dice + the
  knife skill ≥ 12 eliminates him.
* **shoot** (rifle): a second gun, once a turn, up to 12 squares: 2 dice + the rifle skill ≥ 12.
  Goemon never.
* **trap** (shovel): after walking this round, a trap on a square of that walk, noted only in the
  digger's notes. The first agent whose way crosses it (his move, a police car's drive, getting
  out of a car) falls in: eliminated, a police car lost with its agents. After Fujiko's betrayal
  it catches a member of the other side (a wound).
* **decoy** (balloon): a shown member lets it go; in the next round, instead of his move, he
  vanishes into one of the first two free hidden squares he could walk to (:class:`~actions.Vanish`),
  and Zenigata is told he was chasing a balloon.

Weapons thrown or fired reveal the thrower as a shot does; none of them is the turn's standard
action (the starting gun's one shot), and nobody uses them from inside a vehicle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.api import Action, Event, IllegalAction, Seat, require
from game.engine.grid import Sq, format_coord
from game.lupin.rules import actions as A, terms
from game.lupin.rules.catalog import device as device_data
from game.lupin.rules.effects import device_effect
from game.lupin.rules.geometry import GANG, POLICE, Under, spot_from_text, spot_to_text
from game.lupin.rules import hooks
from game.lupin.rules.state import register_handler, register_phase_actions

if TYPE_CHECKING:
    from game.lupin.rules.geometry import Geometry
    from game.lupin.rules.state import LupinState

POLICE_KINDS = ("zenigata", "agent", "guard")
FAR = 60    # "as far as it takes" for a walk that is not limited by the movement


@dataclass
class Trap:
    """A shovel's trap (``state.traps``): secret to the digger's seat until it springs."""

    square: Any
    owner: str
    round: int


# ------------------------------------------------------------------------------------ helpers

def _params(device: str) -> Any:
    return device_data(device).params


def _spend(state: "LupinState", c: str, device: str) -> None:
    """A single-use tile leaves the game once used."""
    f = state.figures[c]
    f.turn_devices.append(device)
    if device_data(device).uses == "single":
        f.devices.remove(device)


def _can_attack(state: "LupinState", c: str) -> bool:
    f = state.figures[c]
    return (f.kind == "gang" and f.arrested_by is None and not f.escaped and f.spot is not None
            and not f.in_car and not isinstance(f.spot, Under) and f.blocked_until < state.round)


def line_targets(state: "LupinState", c: str, rng: int, kinds: tuple[str, ...]) -> list[str]:
    """Enemies of ``c`` of ``kinds`` in his line of fire, 2 to ``rng`` squares away."""
    f = state.figures[c]
    vehicles = state.vehicles()
    out = []
    for tid in state.enemies_of(c):
        t = state.figures[tid]
        if t.kind not in kinds:
            continue
        s = state.geo.sight(f.spot, t.spot, rng, vehicles=[v for v in vehicles if v != t.spot], exposed=t.exposed)
        if s.seen and s.can_shoot:
            out.append(tid)
    return out


def _roll_attack(state: "LupinState", c: str, target: str, skill_name: str, need: int,
                 kind: str, ev: list[Event], **extra: Any) -> None:
    skill = state.sheet_of(c).skill(skill_name)
    roll = state.rng.roll(2)
    hit = sum(roll) + skill >= need
    ev.append(Event(kind, {"figure": c, "target": target, "dice": roll, "skill": skill, "need": need,
                           "hit": hit, **extra}, reveal=True))
    if hit:
        state.hit(c, target, ev)


def walk_path(state: "LupinState", frm: Any, to: Any, kind: str) -> list:
    """The squares a figure crossed from ``frm`` to ``to`` (``to`` included, ``frm`` not): the
    shortest way (the engine's; a move names only its end)."""
    if frm is None or to is None or frm == to:
        return [to] if to is not None and frm != to else []
    try:
        return state.geo.reach(frm, FAR, kind).path_to(to)
    except KeyError:
        return [to]


def _road_path(state: "LupinState", frm: Sq, to: Sq) -> list:
    from collections import deque
    board = state.geo.board
    parent: dict = {frm: None}
    q = deque([frm])
    while q:
        cur = q.popleft()
        if cur == to:
            break
        for nb in cur.neighbours4():
            if nb in board and nb not in parent and board.cell(nb).terrain in ("road", "bridge"):
                parent[nb] = cur
                q.append(nb)
    if to not in parent:
        return [to]
    path, cur = [], to
    while cur is not None and cur != frm:
        path.append(cur)
        cur = parent[cur]
    return path[::-1]


# ------------------------------------------------------------------------------------ the hooks

@hooks.GANG_PHASE.register
def _new_turns(state: "LupinState", ev: list[Event]) -> None:
    for c in state.gang:
        state.figures[c].turn_devices = []


@hooks.TALK.register
def _radio_talk(state: "LupinState", a: str, b: str) -> bool:
    return state.radio_round == state.round and a in state.gang and b in state.gang


@hooks.MOVED.register
def _after_move(state: "LupinState", who: str, frm: Any, to: Any, ev: list[Event]) -> None:
    f = state.figures.get(who)
    if f is not None and f.kind == "gang" and f.glides:
        _fold_glider(state, who)
    if state.traps:
        _traps_on_the_way(state, who, frm, to, ev)


# ------------------------------------------------------------------------------------ hang glider

def _landings(state: "LupinState", c: str) -> list[Sq]:
    f = state.figures[c]
    if f.moved or f.in_car or f.arrested_by is not None or f.blocked_until >= state.round:
        return []
    if not isinstance(f.spot, Sq) or not state.geo.board.cell(f.spot).roof:
        return []
    geo = state.geo
    board = geo.board
    here = f.spot
    height = geo.elevation(here)
    building = board.cell(here).building
    out = []
    for sq in state.free_squares_within(here, state.allowance(c)):
        cell = board.cell(sq)
        if cell.roof:
            if cell.building != building and geo.elevation(sq) < height:
                out.append(sq)
        elif not cell.water:
            out.append(sq)
    return sorted(out)


def _fold_glider(state: "LupinState", c: str) -> None:
    f = state.figures[c]
    f.glides = 0
    if "hang_glider" in f.devices:
        f.devices.remove("hang_glider")


@device_effect("glide")
class Glide:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        return [format_coord(s) for s in _landings(state, c)]

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        c = a.figure
        f = state.figures[c]
        to = state.parse_square(a.target)
        p = _params(a.device)
        frm = f.spot
        was = state.is_shown(c)
        f.spot, f.moved, f.exposed = to, True, False
        state.active = c
        f.shown = state.in_police_sight(c)
        on_roof = state.geo.board.cell(to).roof
        f.glides += 1
        if not on_roof or f.glides >= p.max_buildings:
            f.glides = 0
            f.devices.remove(a.device)
        f.turn_devices.append(a.device)
        state.note(c, spot_to_text(frm), spot_to_text(to), "glide")
        shown = state.is_shown(c)
        data = {"figure": c, "from": spot_to_text(frm), "to": spot_to_text(to), "shown": shown}
        public: dict[str, Any] = {"figure": c, "shown": shown}
        if was:
            public["from"] = spot_to_text(frm)
        if shown:
            public["to"] = spot_to_text(to)
        ev.append(Event("glided", data, audience=state.gang_seats_knowing(c), redacted=Event("glided", public)))

    def used_event(self, state: "LupinState", a: A.UseDevice) -> Event:
        data = {"figure": a.figure, "device": a.device, "target": a.target}
        public = data if state.is_shown(a.figure) else {"figure": a.figure, "device": a.device}
        return Event("device_used", data, audience=state.gang_seats_knowing(a.figure),
                     redacted=Event("device_used", public, reveal=True), reveal=True)


# ------------------------------------------------------------------------------------ rucksack

@device_effect("carry")
class Rucksack:
    """Nothing to use: it only lets its owner carry more (``planning.carry_problem``)."""

    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        return []

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        raise IllegalAction("lupin_refusal.device.rucksack")


# ------------------------------------------------------------------------------------ radio

@device_effect("radio")
class Radio:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        f = state.figures[c]
        if state.radio_round == state.round or f.escaped or f.spot is None:
            return []
        return [""]

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        _spend(state, a.figure, a.device)
        state.radio_round = state.round
        state.active = a.figure
        ev.append(Event("radio", {"figure": a.figure, "round": state.round}))


# ------------------------------------------------------------------------------------ hand grenade

def blast(geo: "Geometry", target: Sq) -> list[Sq]:
    """A grenade's blast: the target square and its 8 neighbours at the same height (the bots
    read it too)."""
    h = geo.elevation(target)
    return [Sq(target.row + dr, target.col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if Sq(target.row + dr, target.col + dc) in geo.board
            and geo.elevation(Sq(target.row + dr, target.col + dc)) == h]


def _blast_victims(state: "LupinState", target: Sq) -> list[str]:
    area = set(blast(state.geo, target))
    return sorted(fid for fid, f in state.figures.items()
                  if f.kind in POLICE_KINDS and f.spot in area and not f.in_car
                  and not f.knocked_out)   # Zenigata back on T1/T25 (Cagliostro) is out until next round


@device_effect("grenade")
class Grenade:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        if not _can_attack(state, c):
            return []
        f = state.figures[c]
        geo = state.geo
        rng = _params(device).range_squares
        vehicles = state.vehicles()
        origins = [f.spot] if isinstance(f.spot, Sq) else list(geo.board.buildings[f.spot.building].doors)
        police = [t.spot for t in state.figures.values() if t.kind in POLICE_KINDS and isinstance(t.spot, Sq)
                  and not t.in_car]
        candidates = {Sq(p.row + dr, p.col + dc) for p in police for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        out = []
        for t in sorted(candidates):
            if t not in geo.board or not any(max(abs(t.row - o.row), abs(t.col - o.col)) <= rng for o in origins):
                continue
            if t != f.spot and not geo.sight(f.spot, t, rng, vehicles=[v for v in vehicles if v != t]).seen:
                continue
            if _blast_victims(state, t):
                out.append(format_coord(t))
        return out

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        c = a.figure
        target = state.parse_square(a.target)
        victims = _blast_victims(state, target)
        state.active = c
        state.reveal_attacker(c, ev)
        _spend(state, c, a.device)
        ev.append(Event("grenade", {"figure": c, "square": a.target, "victims": victims}, reveal=True))
        for v in victims:
            if v in state.figures and state.figures[v].spot is not None:
                if state.figures[v].kind == "zenigata":
                    state.hit(c, v, ev)
                else:
                    state.eliminate(v, ev, by=c)


# ------------------------------------------------------------------------------------ medical kit

@device_effect("heal")
class Heal:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        f = state.figures[c]
        if f.arrested_by is not None or f.escaped or f.spot is None:
            return []
        out = [c] if f.wounds else []
        for p in state.gang:
            g = state.figures[p]
            if p != c and g.wounds and g.arrested_by is None and not g.escaped and state.near(c, p):
                out.append(p)
        return out

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        t = state.figures[a.target]
        _spend(state, a.figure, a.device)
        state.active = a.figure
        t.wounds = 0
        state.note(a.target, spot_to_text(t.spot), spot_to_text(t.spot), "healed")
        ev.append(Event("healed", {"figure": a.target, "by": a.figure, "wounds": 0}))


# ------------------------------------------------------------------------------------ knife, rifle

@device_effect("throw_knife")
class Knife:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        p = _params(device)
        if not _can_attack(state, c) or c in p.not_usable_by:
            return []
        return line_targets(state, c, p.range_squares, ("agent", "guard"))

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        p = _params(a.device)
        state.active = a.figure
        state.reveal_attacker(a.figure, ev)
        _spend(state, a.figure, a.device)
        _roll_attack(state, a.figure, a.target, p.skill, p.target_roll, "knife", ev)


@device_effect("shoot")
class Rifle:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        p = _params(device)
        f = state.figures[c]
        if not _can_attack(state, c) or c in p.not_usable_by or state.sheet_of(c).skill(p.skill) <= 0 \
                or device in f.turn_devices:
            return []
        return line_targets(state, c, p.range_squares, POLICE_KINDS + ("gang",))

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        p = _params(a.device)
        state.active = a.figure
        state.reveal_attacker(a.figure, ev)
        _spend(state, a.figure, a.device)
        _roll_attack(state, a.figure, a.target, p.skill, p.target_roll, "shot", ev, weapon="rifle")


# ------------------------------------------------------------------------------------ shovel

def _walked_this_round(state: "LupinState", c: str) -> tuple[Any, Any] | None:
    """(from, to) of ``c``'s walk this round, if he walked."""
    for n in reversed(state.figures[c].notes):
        if n.round != state.round:
            return None
        if n.action == "move":
            return spot_from_text(n.frm), spot_from_text(n.to)
    return None


def _dig_squares(state: "LupinState", c: str) -> list[Sq]:
    f = state.figures[c]
    walk = _walked_this_round(state, c)
    if walk is None or f.in_car or f.arrested_by is not None:
        return []
    frm, to = walk
    geo = state.geo
    trapped = {t.square for t in state.traps}
    out = []
    for s in [frm] + walk_path(state, frm, to, GANG):
        if isinstance(s, Sq) and s not in out and s not in trapped and not geo.board.cell(s).roof \
                and geo.can_stand(s, POLICE):
            out.append(s)
    return out


@device_effect("trap")
class Shovel:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        return [format_coord(s) for s in _dig_squares(state, c)]

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        sq = state.parse_square(a.target)
        _spend(state, a.figure, a.device)
        state.active = a.figure
        state.traps.append(Trap(sq, a.figure, state.round))
        state.note(a.figure, a.target, a.target, "trap")

    def used_event(self, state: "LupinState", a: A.UseDevice) -> Event:
        """Dug in secret: only the digger's seat hears of it (nothing marks the square)."""
        return Event("device_used", {"figure": a.figure, "device": a.device, "target": a.target},
                     audience=frozenset({state.seat_of[a.figure]}))


def _caught_by(state: "LupinState", trap: Trap, who: str) -> bool:
    if who in state.cars:
        return True
    f = state.figures.get(who)
    if f is None:
        return False
    if f.kind == "agent":
        return True
    if f.kind == "gang" and state.betrayed and who != trap.owner:
        return (trap.owner == "fujiko") != (who == "fujiko")
    return False


def _traps_on_the_way(state: "LupinState", who: str, frm: Any, to: Any, ev: list[Event]) -> None:
    if who in state.cars:
        path = _road_path(state, frm, to) if isinstance(frm, Sq) and isinstance(to, Sq) else [to]
    else:
        f = state.figures.get(who)
        if f is None or f.kind not in ("agent", "gang"):
            return
        path = walk_path(state, frm, to, POLICE if f.kind == "agent" else GANG)
    where = {t.square: t for t in state.traps if _caught_by(state, t, who)}
    trap = next((where[s] for s in path if s in where), None)
    if trap is None:
        return
    state.traps.remove(trap)
    square = format_coord(trap.square)
    if who in state.cars:
        car = state.cars[who]
        agents = list(car.agents)
        ev.append(Event("trap_sprung", {"square": square, "owner": trap.owner, "car": who, "agents": agents},
                        reveal=True))
        for agent in agents:
            state.figures[agent].in_car = None
            state.eliminate(agent, ev, by=trap.owner)
        car.agents, car.spot, car.hits = [], None, 0
        ev.append(Event("car_destroyed", {"car": who}))
        return
    f = state.figures[who]
    if f.kind == "agent":
        ev.append(Event("trap_sprung", {"square": square, "owner": trap.owner, "figure": who}, reveal=True))
        state.eliminate(who, ev, by=trap.owner)
        return
    data = {"square": square, "owner": trap.owner, "figure": who}
    seats = frozenset({state.seat_of[who], state.seat_of[trap.owner]})
    public = data if state.is_shown(who) else {"owner": trap.owner, "figure": who}
    ev.append(Event("trap_sprung", data, audience=seats, redacted=Event("trap_sprung", public), reveal=True))
    state.hit(trap.owner, who, ev)


# ------------------------------------------------------------------------------------ balloon

def _can_hide(state: "LupinState", c: str) -> bool:
    from game.lupin.rules.vehicles import all_visible
    f = state.figures[c]
    return not f.always_shown and not all_visible(state) and f.arrested_by is None and not f.escaped \
        and not f.in_car and isinstance(f.spot, Sq)


@device_effect("decoy")
class Balloon:
    def targets(self, state: "LupinState", c: str, device: str) -> list[str]:
        f = state.figures[c]
        pending = f.decoy_round and f.decoy_round >= state.round - 1   # one balloon at a time
        if not _can_hide(state, c) or not state.is_shown(c) or pending:
            return []
        return [""]

    def apply(self, state: "LupinState", a: A.UseDevice, ev: list[Event]) -> None:
        f = state.figures[a.figure]
        _spend(state, a.figure, a.device)
        state.active = a.figure
        f.decoy_round = state.round
        ev.append(Event("balloon_released", {"figure": a.figure}))


def vanish_squares(state: "LupinState", c: str) -> list[Sq]:
    """The first two free squares out of every line of fire that ``c`` could walk to (nearest
    first), the round after he let his balloon go."""
    f = state.figures[c]
    if not f.decoy_round or f.decoy_round != state.round - 1 or f.moved \
            or f.blocked_until >= state.round or not _can_hide(state, c):
        return []
    geo = state.geo
    occ = state.occupied()
    friends = {s for s, who in occ.items() if who in state.figures and state.figures[who].kind == "gang"}
    enemies = [s for s in occ if s not in friends]
    reach = geo.reach(f.spot, FAR, GANG, blocked=enemies, no_stop=friends)
    seen = geo.watched(state.viewers(), vehicles=state.vehicles())
    bus = set(state.bus_squares())
    hidden = sorted((cost, s) for s, cost in reach.cost.items()
                    if isinstance(s, Sq) and s != f.spot and s not in seen and s not in occ and s not in bus)
    return [s for _, s in hidden[:_params("decoy_balloon").hidden_squares]]


@register_phase_actions("gang")
def balloon_actions(state: "LupinState", seat: Seat) -> list[Action]:
    if state.phase != "gang" or state.offer is not None:
        return []
    members = [state.active] if state.active else \
        [c for c in state.may_start_turn() if state.seat_of[c] == seat]
    return [A.Vanish(seat, c, format_coord(s)) for c in members if state.seat_of.get(c) == seat
            for s in vanish_squares(state, c)]


@register_handler(A.Vanish)
def vanish(state: "LupinState", a: A.Vanish, ev: list[Event]) -> None:
    state.check_member_turn(a.seat, a.figure)
    f = state.figures[a.figure]
    require(f.decoy_round and f.decoy_round == state.round - 1,
            "lupin_refusal.device.no_balloon", figure=terms.figure(a.figure))
    require(not f.moved, "lupin_refusal.device.moved", figure=terms.figure(a.figure))
    to = state.parse_square(a.to)
    require(to in set(vanish_squares(state, a.figure)),
            "lupin_refusal.device.vanish_where", figure=terms.figure(a.figure))
    c = a.figure
    frm = f.spot
    f.spot, f.moved, f.shown, f.exposed, f.decoy_round = to, True, False, False, 0
    state.active = c
    state.note(c, spot_to_text(frm), spot_to_text(to), "balloon")
    ev.append(Event("vanished", {"figure": c, "from": spot_to_text(frm), "to": spot_to_text(to)},
                    audience=state.gang_seats_knowing(c),
                    redacted=Event("balloon", {"figure": c, "from": spot_to_text(frm)}), reveal=True))
