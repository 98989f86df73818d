"""The gang's vehicles on the board: helicopter, Alfa Romeo 2300, sport motorbikes, Fiat 500, boat.

Rulebook: the device table (DISPOSITIVO / EFFETTO), "Mezzo di trasporto" and "Casi particolari";
every reading is in ``docs/rules-decisions.md`` ("Lupin — devices in play"). The round engine
(``state.py``) knows nothing of vehicles but a few hooks (``hooks.py``) and the
``in_car`` field of a figure, which for a gang member names the vehicle he rides in.

* **Deployment.** A vehicle tile a member carries when a gang phase begins (the plan's purchases,
  Fujiko's free motorbike) is put on the board, empty (the tile stays his until the vehicle is
  destroyed): a car or motorbike on its owner's square (his start square: the gang's start
  squares are all road; he gets in for free), or the nearest free road square; the helicopter on
  the helipad; the boat at the dock nearest its owner on foot. All of the gang knows where (they
  planned together); Zenigata nothing, until he sees it.
* **Getting in and out** is free: in from the vehicle's square or a square next to it (up to its
  capacity, driver included), out onto a free square next to it. A rider's square is the
  vehicle's; he cannot shoot, fight or be attacked while aboard.
* **Riding** (:class:`~actions.Ride`) is the driver's move for the round, once a round a vehicle:
  cars and motorbikes up to their squares along roads and bridges, through partners but not
  through the police or another vehicle; the helicopter to any square a character may stand on
  but roofs, the river and columns 17–25; the boat from dock to dock by the river. No vehicle
  stops on a bus stop.
* **Seen or not.** A vehicle is shown when it ends a ride in a police line of fire, when a line of
  fire reaches it later, when a shown member gets in, and while a rider is shown for good; it is
  hidden again only by ending a ride out of every line of fire. Its riders are shown or hidden
  with it; one who gets out is shown if the police see the square he leaves or the one he lands
  on ("se un agente … vede il punto nel quale i personaggi lasciano un mezzo di trasporto").
  A shown vehicle blocks sight and movement like a police car; a hidden one blocks nothing (the
  police cannot know it is there).
* **Shot at.** In the police phase a police figure may shoot at a shown vehicle in its line of
  fire: a hit on 2 dice ≥ the tile's ``hit_roll``; at the tile's ``hits_to_destroy`` it leaves the
  game, the driver stands unhurt on its square and the others on the free squares around it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.engine.api import TABLE, Action, Event, IllegalAction, Seat, register_action, require
from game.engine.grid import Sq, format_coord
from game.lupin.rules import actions as A, terms
from game.lupin.rules.boards import episode_geometry
from game.lupin.rules.catalog import device as device_data
from game.lupin.rules.geometry import GANG, Inside, Under, spot_to_text
from game.lupin.rules import hooks
from game.lupin.rules.state import NOVICE_HIDDEN_ROUNDS, register_handler, register_phase_actions

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

VEHICLE_EFFECTS = ("drive", "fly", "sail_docks", "drain")
ROAD = ("road", "bridge")
UNLIMITED = 10_000
_FLAT = ("rosso-rubino", "gran-colpo")     # boards with one level: the cars keep their plain road walk


@dataclass
class Vehicle:
    """A gang vehicle on the board (``state.rides``), printed by ``vars`` into the state's key."""

    id: str                          # "<device>-<n>", e.g. "sport_motorbike-1"
    device: str                      # the tile's id in data/lupin/devices.yaml
    spot: Any                        # its square
    owner: str = ""                  # the member whose tile it is (the tile stays in his devices)
    riders: list = field(default_factory=list)      # gang members aboard, the driver first
    hits: int = 0
    shown: bool = False
    moved_round: int = 0             # the round it last moved (a vehicle moves once a round)
    known_by: list = field(default_factory=list)    # gang seats that know where it stands (sorted)
    pump_zone: str = ""              # the tank lorry: the flooded zone it is pumping dry
    pumped: int = 0                  # the tank lorry: rounds of pumping done


# ------------------------------------------------------------------------------------ basics

def spec(v: Vehicle) -> Any:
    return device_data(v.device).params


def effect_of(v: Vehicle) -> str:
    return str(device_data(v.device).effect)


def name_of(v: Vehicle) -> str:
    return device_data(v.device).name.en


def is_vehicle_tile(device_id: str) -> bool:
    return str(device_data(device_id).effect) in VEHICLE_EFFECTS


def riding(state: "LupinState", c: str) -> Vehicle | None:
    """The vehicle ``c`` rides in, or None (a police agent's car is not one of these)."""
    f = state.figures.get(c)
    if f is None or f.kind != "gang" or not f.in_car:
        return None
    return state.rides.get(f.in_car)


def all_visible(state: "LupinState") -> bool:
    """Novice play from round 6 (or always visible, or in an expansion episode), or Zenigata's
    floodlights (*Non mi scapperete!!!*): everything is on the board."""
    from game.lupin.rules.state import BASE_EPISODES
    if state.cfg.difficulty == "novice" and (state.cfg.novice_always_visible or state.cfg.episode not in BASE_EPISODES
                                             or state.round > NOVICE_HIDDEN_ROUNDS):
        return True
    return any(hooks.ALL_SHOWN(state))


def vehicle_shown(state: "LupinState", v: Vehicle) -> bool:
    return v.shown or all_visible(state) or any(state.is_shown(r) for r in v.riders)


def watched(state: "LupinState") -> set:
    return state.geo.watched(state.viewers(), vehicles=state.vehicles())


def _refresh(state: "LupinState", v: Vehicle, seen: bool) -> bool:
    """Set whether ``v`` is seen; its riders follow it (a rider shown for good shows it)."""
    v.shown = seen
    for r in v.riders:
        state.figures[r].shown = False
    shown = vehicle_shown(state, v)
    v.shown = shown
    for r in v.riders:
        state.figures[r].shown = shown
        state.figures[r].exposed = False
    return shown


def _gang_seats(state: "LupinState") -> list[Seat]:
    return sorted({state.seat_of[c] for c in state.gang})


def _know(v: Vehicle, *seats: Seat) -> None:
    v.known_by = sorted(set(v.known_by) | set(seats))


def seat_knows_vehicle(state: "LupinState", seat: Seat, v: Vehicle) -> bool:
    """Everybody sees a shown vehicle; a gang seat knows a hidden one it last knew of, one its
    members ride in or stand next to, and any while a radio lets the gang talk."""
    if vehicle_shown(state, v):
        return True
    if seat in (TABLE, "zenigata") or seat not in _gang_seats(state):
        return False
    if seat in v.known_by or state.radio_round == state.round:
        return True
    for c in state.gang:
        f = state.figures[c]
        if state.seat_of[c] != seat or f.spot is None:
            continue
        if f.in_car == v.id or next_to(f.spot, v.spot):
            return True
    return False


def next_to(spot: Any, square: Any) -> bool:
    """``spot`` is ``square`` or one of the eight squares around it."""
    return isinstance(spot, Sq) and isinstance(square, Sq) and \
        max(abs(spot.row - square.row), abs(spot.col - square.col)) <= 1


# ------------------------------------------------------------------------------------ where they go

@functools.lru_cache(maxsize=8)
def landing_squares(episode: str, device: str) -> tuple[Sq, ...]:
    """Every square a flying vehicle may land on, before figures: a character may stand there,
    not a roof nor the river, not in the forbidden band of columns."""
    geo = episode_geometry(episode)
    board = geo.board
    p = device_data(device).params
    band = p.no_landing_columns
    out = []
    for sq in board.squares():
        cell = board.cell(sq)
        if "roof" in p.no_landing and cell.roof:
            continue
        if "water" in p.no_landing and (cell.water or cell.terrain == "water"):
            continue
        if band and band[0] - 1 <= sq.col <= band[1] - 1:
            continue
        if not geo.can_stand(sq, GANG):
            continue
        out.append(sq)
    return tuple(out)


@functools.lru_cache(maxsize=4)
def _dock_links(episode: str) -> dict[Sq, frozenset[Sq]]:
    """For each dock, the docks a boat reaches from it by water (any distance)."""
    geo = episode_geometry(episode)
    board = geo.board
    docks = sorted(board.squares_of("dock"))

    def waters(d: Sq) -> list[Sq]:
        return [n for n in d.neighbours4() if n in board and board.cell(n).water
                and board.cell(n).flooded is None]

    out: dict[Sq, frozenset[Sq]] = {}
    for d in docks:
        seen: set = set()
        for w in waters(d):
            seen |= set(geo.boat_reach(w, UNLIMITED).parent)
        out[d] = frozenset(o for o in docks if o != d and any(w in seen for w in waters(o)))
    return out


def _bus_stops(state: "LupinState") -> set:
    return set(state.geo.board.squares_of("bus_stop"))


def _drive_targets(state: "LupinState", v: Vehicle, step_ok: Any) -> list[Sq]:
    """The squares the vehicle may end on, within its squares (orthogonal steps, each allowed by
    ``step_ok(cell_from, cell_to)``): through shown partners (not stopping on them), never through
    the police, a police car or another shown vehicle, never stopping on a bus stop."""
    from collections import deque
    board = state.geo.board
    occ = state.occupied()
    figs = state.figures
    partners = {s for s, who in occ.items() if who in figs and figs[who].kind == "gang"}
    limit = spec(v).move_squares or UNLIMITED
    best = {v.spot: 0}
    q = deque([v.spot])
    while q:
        cur = q.popleft()
        if best[cur] >= limit:
            continue
        for nb in cur.neighbours4():
            if nb not in board or nb in best or (nb in occ and nb not in partners):
                continue
            if not step_ok(board.cell(cur), board.cell(nb)):
                continue
            best[nb] = best[cur] + 1
            q.append(nb)
    bus = _bus_stops(state)
    return sorted(s for s in best if s != v.spot and s not in occ and s not in bus)


def _road_targets(state: "LupinState", v: Vehicle) -> list[Sq]:
    """Road and bridge squares within the vehicle's squares (see :func:`_drive_targets`)."""
    return _drive_targets(state, v, lambda _ca, cb: cb.terrain in ROAD)


def drivable(cell: Any, terrain: str, drained: frozenset) -> bool:
    """May a vehicle of ``terrain`` (the tile's) stand on or cross this square? Roads and bridges
    (and the ramp), never a temple or a flooded zone still under water; the jeep also on dirt,
    puddles and stairs."""
    if cell.temple is not None or (cell.flooded is not None and cell.flooded not in drained):
        return False
    if cell.water and cell.terrain != "bridge":
        return False
    if terrain == "road_dirt_stairs_down":
        return cell.terrain in ROAD + ("ramp", "dirt", "puddle", "stairs")
    return cell.terrain in ROAD + ("ramp",)


def level_step(ca: Any, cb: Any, terrain: str) -> bool:
    """A step between levels: one level, by the ramp (either way) or, for the jeep, down stairs."""
    if ca.level == cb.level:
        return True
    if abs(ca.level - cb.level) != 1:
        return False
    if "ramp" in (ca.terrain, cb.terrain):
        return True
    return terrain == "road_dirt_stairs_down" and "stairs" in (ca.terrain, cb.terrain) and cb.level < ca.level


def _ground_targets(state: "LupinState", v: Vehicle) -> list[Sq]:
    """The jeep and the tank lorry (and any car on a board with levels): like :func:`_road_targets`
    over the ground the tile names, one level a step by the ramp, the jeep also down stairs."""
    terrain, drained = spec(v).terrain, frozenset(state.drained)
    return _drive_targets(state, v, lambda ca, cb: drivable(cb, terrain, drained)
                          and level_step(ca, cb, terrain))


def _water_targets(state: "LupinState", v: Vehicle) -> list[Sq]:
    """The rowboat: up to its squares over the water, never into a flooded zone, never stopping
    under a bridge, nor where somebody is seen."""
    occ = state.occupied()
    figs = state.figures
    blocked = [s for s, who in occ.items() if not (who in figs and figs[who].kind == "gang")]
    r = state.geo.boat_reach(v.spot, spec(v).move_squares or UNLIMITED, blocked=blocked)
    return sorted(s for s in r.cost if s != v.spot and s not in occ)


def _flight_targets(state: "LupinState", v: Vehicle) -> list[Sq]:
    occ, bus = state.occupied(), _bus_stops(state)
    return [s for s in landing_squares(state.cfg.episode, v.device)
            if s != v.spot and s not in occ and s not in bus]


def _dock_targets(state: "LupinState", v: Vehicle) -> list[Sq]:
    occ = state.occupied()
    return sorted(d for d in _dock_links(state.cfg.episode).get(v.spot, ()) if d not in occ)


def ride_targets(state: "LupinState", c: str) -> list[Sq]:
    """Where the vehicle ``c`` rides in may go with him driving, now."""
    v = riding(state, c)
    f = state.figures.get(c)
    if v is None or f.moved or f.arrested_by is not None or f.blocked_until >= state.round \
            or v.moved_round == state.round:
        return []
    kind = effect_of(v)
    if v.pump_zone:
        return []     # the tank lorry pumping: it stays until the zone is dry
    terrain = spec(v).terrain
    if kind == "drive" and terrain == "water":
        return _water_targets(state, v)
    if kind in ("drive", "drain") and (terrain != "road" or kind == "drain" or state.cfg.episode not in _FLAT):
        return _ground_targets(state, v)
    if kind == "drive":
        return _road_targets(state, v)
    if kind == "fly":
        return _flight_targets(state, v)
    if kind == "sail_docks":
        return _dock_targets(state, v)
    return []


def get_in_targets(state: "LupinState", c: str) -> list[str]:
    """The vehicles ``c`` may get into now: on his square or next to it, with room aboard."""
    f = state.figures.get(c)
    if f is None or f.kind != "gang" or f.in_car or f.arrested_by is not None or f.escaped \
            or f.blocked_until >= state.round or not isinstance(f.spot, Sq) \
            or state.geo.board.cell(f.spot).roof:
        return []
    out = []
    for vid, v in sorted(state.rides.items()):
        cap = spec(v).capacity
        if next_to(f.spot, v.spot) and (cap is None or len(v.riders) < cap):
            out.append(vid)
    return out


def get_out_squares(state: "LupinState", c: str) -> list[Sq]:
    """The free squares next to ``c``'s vehicle he may step out onto."""
    v = riding(state, c)
    f = state.figures.get(c)
    if v is None or f.blocked_until >= state.round or pumping_driver(state, c):
        return []
    geo = state.geo
    occ = state.occupied()
    bs = state.board_state()
    return sorted(s for s in v.spot.neighbours8() if s in geo.board and s not in occ
                  and geo.can_stand(s, GANG, bs) and not geo.board.cell(s).roof)


# ------------------------------------------------------------------------------------ the board

def _place_for(state: "LupinState", owner: str, device: str) -> Sq | None:
    """Where a vehicle tile goes on the board (see :func:`deploy`)."""
    board = state.geo.board
    f = state.figures[owner]
    taken = {v.spot for v in state.rides.values()} | set(state.occupied())
    kind = str(device_data(device).effect)
    if kind == "fly":
        pads = [s for s in sorted(board.squares_of("helipad")) if s not in taken]
        return pads[0] if pads else None
    if kind == "sail_docks":
        docks = [d for d in sorted(board.squares_of("dock")) if d not in taken]
        if not docks:
            return None
        walk = state.geo.reach(f.spot, 2 * (board.rows + board.cols), GANG).cost if f.spot is not None else {}
        return min(docks, key=lambda d: (walk.get(d, UNLIMITED), d))
    if not isinstance(f.spot, Sq):
        return None
    if kind == "drive" and device_data(device).params.terrain == "water":
        # the rowboat: on the water nearest its owner (never a flooded zone nor under a bridge)
        waters = [s for s in board.squares() if board.cell(s).water and board.cell(s).flooded is None
                  and board.cell(s).terrain != "bridge" and s not in taken]
        return min(waters, key=lambda s: (max(abs(s.row - f.spot.row), abs(s.col - f.spot.col)), s)) if waters else None
    bus = _bus_stops(state)
    if f.spot not in taken and board.cell(f.spot).terrain in ROAD and f.spot not in bus:
        return f.spot
    for radius in range(1, 4):
        ring = sorted(Sq(f.spot.row + dr, f.spot.col + dc) for dr in range(-radius, radius + 1)
                      for dc in range(-radius, radius + 1) if max(abs(dr), abs(dc)) == radius)
        for sq in ring:
            if sq in board and sq not in taken and sq not in bus and board.cell(sq).terrain in ROAD:
                return sq
    return None


def deploy(state: "LupinState", ev: list[Event]) -> None:
    """Put on the board every vehicle tile a free member carries and has not put there yet (see
    the module docstring). The tile stays in his devices while its vehicle is on the board."""
    for c in state.gang:
        f = state.figures[c]
        if f.escaped or f.spot is None or f.arrested_by is not None:
            continue
        placed = [v.device for v in state.rides.values() if v.owner == c]
        for did in [d for d in f.devices if is_vehicle_tile(d)]:
            if did in placed:
                placed.remove(did)
                continue
            square = _place_for(state, c, did)
            if square is None:
                continue
            n = 1
            while f"{did}-{n}" in state.rides:
                n += 1
            v = Vehicle(f"{did}-{n}", did, square, owner=c, known_by=sorted(state.team_seats(c)))
            state.rides[v.id] = v
            shown = _refresh(state, v, square in watched(state))
            data = {"vehicle": v.id, "device": did, "square": format_coord(square), "owner": c}
            public = Event("vehicle_placed", {"vehicle": v.id, "device": did, "square": format_coord(square)}) \
                if shown else None
            ev.append(Event("vehicle_placed", data, audience=state.team_seats(c), redacted=public))


@hooks.GANG_PHASE.register
def _gang_phase(state: "LupinState", ev: list[Event]) -> None:
    deploy(state, ev)


@hooks.OCCUPIED.register
def _occupied(state: "LupinState") -> dict:
    return {v.spot: vid for vid, v in state.rides.items() if vehicle_shown(state, v)}


@hooks.VEHICLES.register
def _sight_blockers(state: "LupinState") -> list:
    return [v.spot for v in state.rides.values() if vehicle_shown(state, v)]


@hooks.MOVED.register
def _walked_off(state: "LupinState", who: str, frm: Any, to: Any, ev: list[Event]) -> None:
    """A rider who walks away has left the vehicle (it stays where it is)."""
    v = riding(state, who)
    if v is None or to == v.spot:
        return
    v.riders.remove(who)
    state.figures[who].in_car = None
    _know(v, state.seat_of[who])


@hooks.SETTLE.register
def _settle(state: "LupinState", ev: list[Event]) -> None:
    """After every action: riders who left the board leave their vehicle; a hidden vehicle the
    police now see is spotted; two shown pieces on one square: the vehicle moves aside."""
    if not state.rides:
        return
    seen: set | None = None
    for v in [state.rides[k] for k in sorted(state.rides)]:
        for r in list(v.riders):
            f = state.figures[r]
            if f.escaped or f.spot is None or f.arrested_by is not None or f.in_car != v.id:
                v.riders.remove(r)
                if f.in_car == v.id:
                    f.in_car = None
        if vehicle_shown(state, v):
            if not v.shown or any(not state.figures[r].shown for r in v.riders):
                _refresh(state, v, True)
            continue
        if seen is None:
            seen = watched(state)
        if v.spot in seen:
            _refresh(state, v, True)
            ev.append(Event("vehicle_spotted", {"vehicle": v.id, "device": v.device,
                                                "square": format_coord(v.spot), "riders": list(v.riders)}))
    _set_aside(state, ev)


def _set_aside(state: "LupinState", ev: list[Event]) -> None:
    """Rulebook: two vehicles, or a vehicle and a figure, on one square when shown: "porre il
    secondo mezzo … in una casella adiacente". The vehicle goes to the nearest square it may stand
    on that no shown piece holds (the nearest free dock for the boat)."""
    taken: dict[Any, str] = {}
    for fid, f in state.figures.items():
        if f.spot is None or isinstance(f.spot, (Inside, Under)) or f.in_car:
            continue
        if f.kind == "gang" and not state.is_shown(fid):
            continue
        taken[f.spot] = fid
    for car in state.cars.values():
        if car.spot is not None:
            taken[car.spot] = car.id
    for vid in sorted(state.rides):
        v = state.rides[vid]
        if not vehicle_shown(state, v):
            continue
        if v.spot in taken:
            to = _aside_square(state, v, set(taken))
            if to is not None:
                frm = v.spot
                v.spot = to
                for r in v.riders:
                    state.figures[r].spot = to
                    state.note(r, spot_to_text(frm), spot_to_text(to), "aside")
                ev.append(Event("vehicle_aside", {"vehicle": vid, "from": format_coord(frm),
                                                  "to": format_coord(to)}))
        taken[v.spot] = vid


def _aside_square(state: "LupinState", v: Vehicle, taken: set) -> Sq | None:
    board = state.geo.board
    bus = _bus_stops(state)
    kind = effect_of(v)
    if kind == "sail_docks":
        docks = [d for d in sorted(board.squares_of("dock")) if d not in taken]
        return min(docks, key=lambda d: (abs(d.row - v.spot.row) + abs(d.col - v.spot.col), d)) if docks else None
    landing = set(landing_squares(state.cfg.episode, v.device)) if kind == "fly" else None
    terrain = spec(v).terrain
    if kind == "drive" and terrain == "water":
        landing = {s for s in board.squares() if board.cell(s).water and board.cell(s).flooded is None
                   and board.cell(s).terrain != "bridge"}
    elif terrain == "road_dirt_stairs_down":
        landing = {s for s in board.squares() if drivable(board.cell(s), terrain, frozenset(state.drained))}
    for radius in range(1, 6):
        ring = sorted(Sq(v.spot.row + dr, v.spot.col + dc) for dr in range(-radius, radius + 1)
                      for dc in range(-radius, radius + 1) if max(abs(dr), abs(dc)) == radius)
        for sq in ring:
            if sq not in board or sq in taken or sq in bus:
                continue
            if (landing is not None and sq in landing) or (landing is None and board.cell(sq).terrain in ROAD):
                return sq
    return None


# ------------------------------------------------------------------------------------ shooting

@hooks.SHOOT_TARGETS.register
def _vehicle_targets(state: "LupinState", fid: str) -> list[str]:
    """A police figure may shoot at a shown gang vehicle in its line of fire."""
    f = state.figures[fid]
    origin = state.attack_spot(fid)   # an agent aboard a police car shoots from its square
    if f.kind == "gang" or origin is None or isinstance(origin, Under):
        return []
    rng = state.range_of(fid, state.weapon_of(fid))
    blockers = [b for b in state.vehicles() if b != origin]
    out = []
    for vid in sorted(state.rides):
        v = state.rides[vid]
        if not vehicle_shown(state, v):
            continue
        s = state.geo.sight(origin, v.spot, rng, vehicles=[b for b in blockers if b != v.spot])
        if s.seen and s.can_shoot:
            out.append(vid)
    return out


@hooks.SHOOT.register
def _shot_at_vehicle(state: "LupinState", a: A.Shoot, ev: list[Event]) -> bool:
    v = state.rides.get(a.target)
    if v is None:
        return False
    p = spec(v)
    roll = state.rng.roll(2)
    hit = sum(roll) >= p.hit_roll
    ev.append(Event("shot", {"figure": a.figure, "target": v.id, "device": v.device, "dice": roll,
                             "need": p.hit_roll, "hit": hit}, reveal=True))
    if hit:
        v.hits += 1
        ev.append(Event("vehicle_hit", {"vehicle": v.id, "hits": v.hits, "resistance": p.hits_to_destroy}))
        if v.hits >= p.hits_to_destroy:
            destroy(state, v, ev)
    return True


def destroy(state: "LupinState", v: Vehicle, ev: list[Event]) -> None:
    """The vehicle leaves the game; the driver stands unhurt on its square, the others on the free
    squares around it; everybody saw them get out. Its tile leaves its owner's devices."""
    del state.rides[v.id]
    owner = state.figures.get(v.owner)
    if owner is not None and v.device in owner.devices:
        owner.devices.remove(v.device)
    dropped = {}
    for i, r in enumerate(v.riders):
        f = state.figures[r]
        to = v.spot if i == 0 else (state.free_square_near(v.spot) or v.spot)
        f.in_car, f.spot, f.shown, f.exposed = None, to, True, False
        state.note(r, spot_to_text(v.spot), spot_to_text(to), "thrown out")
        dropped[r] = format_coord(to)
    ev.append(Event("vehicle_destroyed", {"vehicle": v.id, "device": v.device,
                                          "square": format_coord(v.spot), "riders": dropped}))


# ------------------------------------------------------------------------------------ the moves

@register_phase_actions("gang")
def vehicle_actions(state: "LupinState", seat: Seat) -> list[Action]:
    if state.phase != "gang" or state.offer is not None:
        return []
    members = [state.active] if state.active else \
        [c for c in state.may_start_turn() if state.seat_of[c] == seat]
    out: list[Action] = []
    for c in members:
        f = state.figures[c]
        if state.seat_of.get(c) != seat or f.arrested_by is not None or f.escaped:
            continue
        out += [A.GetIn(seat, c, vid) for vid in get_in_targets(state, c)]
        out += [A.GetOut(seat, c, format_coord(s)) for s in get_out_squares(state, c)]
        out += [A.Ride(seat, c, format_coord(s)) for s in ride_targets(state, c)]
    return out


def _check_rider(state: "LupinState", a: Any) -> Any:
    state.check_member_turn(a.seat, a.figure)
    f = state.figures[a.figure]
    require(f.arrested_by is None, "lupin_refusal.vehicle.arrested", figure=terms.figure(a.figure))
    require(f.blocked_until < state.round, "lupin_refusal.vehicle.stunned", figure=terms.figure(a.figure))
    return f


@register_handler(A.GetIn)
def get_in(state: "LupinState", a: A.GetIn, ev: list[Event]) -> None:
    f = _check_rider(state, a)
    require(not f.in_car, "lupin_refusal.vehicle.aboard", figure=terms.figure(a.figure))
    v = state.rides.get(a.vehicle)
    require(v is not None, "lupin_refusal.vehicle.no_such", vehicle=repr(a.vehicle))
    require(isinstance(f.spot, Sq) and not state.geo.board.cell(f.spot).roof and next_to(f.spot, v.spot),
            "lupin_refusal.vehicle.get_in_where", figure=terms.figure(a.figure), vehicle=terms.device(v.device, lower=False))
    cap = spec(v).capacity
    require(cap is None or len(v.riders) < cap, "lupin_refusal.vehicle.full", vehicle=terms.device(v.device, lower=False), n=cap)
    c = a.figure
    frm = f.spot
    was = state.is_shown(c)
    f.spot, f.in_car, f.exposed = v.spot, v.id, False
    v.riders.append(c)
    state.active = c
    _know(v, state.seat_of[c])
    state.note(c, spot_to_text(frm), spot_to_text(v.spot), "get in")
    shown = _refresh(state, v, v.shown or was or v.spot in watched(state))
    data = {"figure": c, "vehicle": v.id, "device": v.device, "square": format_coord(v.spot), "shown": shown}
    ev.append(Event("got_in", data, audience=state.gang_seats_knowing(c),
                    redacted=Event("got_in", data) if shown else None))


@register_handler(A.GetOut)
def get_out(state: "LupinState", a: A.GetOut, ev: list[Event]) -> None:
    f = _check_rider(state, a)
    v = riding(state, a.figure)
    require(v is not None, "lupin_refusal.vehicle.not_aboard", figure=terms.figure(a.figure))
    to = state.parse_square(a.square)
    require(to in set(get_out_squares(state, a.figure)),
            "lupin_refusal.vehicle.get_out_where", figure=terms.figure(a.figure), vehicle=terms.device(v.device, lower=False))
    c = a.figure
    was = state.is_shown(c)
    seen_leaving = v.spot in watched(state)
    v.riders.remove(c)
    f.in_car, f.spot, f.exposed = None, to, False
    state.active = c
    _know(v, state.seat_of[c])
    state.note(c, spot_to_text(v.spot), spot_to_text(to), "get out")
    f.shown = seen_leaving or state.in_police_sight(c)
    shown = state.is_shown(c)
    data = {"figure": c, "vehicle": v.id, "square": format_coord(to), "shown": shown}
    public = Event("got_out", data) if shown else (
        Event("got_out", {"figure": c, "vehicle": v.id, "shown": False}) if was else None)
    ev.append(Event("got_out", data, audience=state.gang_seats_knowing(c), redacted=public))


@register_handler(A.Ride)
def ride(state: "LupinState", a: A.Ride, ev: list[Event]) -> None:
    f = _check_rider(state, a)
    v = riding(state, a.figure)
    require(v is not None, "lupin_refusal.vehicle.not_aboard", figure=terms.figure(a.figure))
    require(not f.moved, "lupin_refusal.vehicle.driver_moved", figure=terms.figure(a.figure), vehicle=terms.device(v.device, lower=False))
    require(v.moved_round != state.round, "lupin_refusal.vehicle.moved", vehicle=terms.device(v.device, lower=False))
    to = state.parse_square(a.to)
    if to not in set(ride_targets(state, a.figure)):
        raise _cannot_go(state, v, a.to)
    drive_to(state, v, a.figure, to, ev)


def drive_to(state: "LupinState", v: Vehicle, c: str, to: Any, ev: list[Event], **extra: Any) -> None:
    """Move vehicle ``v``, driven by ``c``, with all its riders to ``to``: the driver's move for the
    round, noted in every rider's notes; the ride is told to the gang seats that know of it, and
    to everybody else only as far as the vehicle was or is shown. ``extra`` goes into the full event."""
    f = state.figures[c]
    frm = v.spot
    was = vehicle_shown(state, v)
    v.spot, v.moved_round = to, state.round
    v.riders.remove(c)
    v.riders.insert(0, c)
    for r in v.riders:
        state.figures[r].spot = to
        state.note(r, spot_to_text(frm), spot_to_text(to), "drive" if r == c else "ride")
    f.moved = True
    state.active = c
    v.known_by = sorted({state.seat_of[r] for r in v.riders})
    shown = _refresh(state, v, to in watched(state))
    riders = list(v.riders)
    full = {"figure": c, "vehicle": v.id, "device": v.device, "from": format_coord(frm),
            "to": format_coord(to), "riders": riders, "shown": shown, **extra}
    public = None
    if was or shown:
        data: dict[str, Any] = {"vehicle": v.id, "device": v.device, "shown": shown}
        if was:
            data["from"] = format_coord(frm)
        if shown:
            data.update({"figure": c, "to": format_coord(to), "riders": riders})
        public = Event("rode", data)
    ev.append(Event("rode", full, audience=state.gang_seats_knowing(c), redacted=public))


def _cannot_go(state: "LupinState", v: Vehicle, to: str) -> IllegalAction:
    kind = effect_of(v)
    if kind == "fly":
        return IllegalAction("lupin_refusal.vehicle.fly_where", square=to)
    if kind == "sail_docks":
        return IllegalAction("lupin_refusal.vehicle.sail_where", square=to)
    return IllegalAction("lupin_refusal.vehicle.drive_where", vehicle=terms.device(v.device, lower=False), square=to, n=spec(v).move_squares)


# ------------------------------------------------------------------------------------ the view

def rides_view(state: "LupinState", seat: Seat) -> list[dict[str, Any]]:
    """The gang vehicles ``seat`` knows of: where, seen or not, hits, and the riders it may know."""
    out = []
    for vid in sorted(state.rides):
        v = state.rides[vid]
        if not seat_knows_vehicle(state, seat, v):
            continue
        out.append({"id": vid, "device": v.device, "spot": format_coord(v.spot),
                    "shown": vehicle_shown(state, v), "hits": v.hits,
                    "resistance": spec(v).hits_to_destroy, "moved": v.moved_round == state.round,
                    "riders": [r for r in v.riders if state.seat_knows_position(seat, r)]})
    return out


# ------------------------------------------------------------------------------------ the tank lorry

@register_action("lupin.pump")
@dataclass(frozen=True)
class Pump(Action):
    """The tank lorry's driver starts pumping the flooded ``zone`` next to it dry (3 rounds)."""

    figure: str
    zone: str


def pumping_driver(state: "LupinState", c: str) -> bool:
    """``c`` drives a tank lorry that is pumping: he cannot leave it ("Finché l'autobotte aspira,
    l'autista non può abbandonare il mezzo")."""
    v = riding(state, c)
    return v is not None and bool(v.pump_zone) and bool(v.riders) and v.riders[0] == c


def pump_zones(state: "LupinState", c: str) -> list[str]:
    """The flooded zones the lorry ``c`` drives may pump: a square of the zone next to it."""
    v = riding(state, c)
    if v is None or effect_of(v) != "drain" or v.pump_zone or not v.riders or v.riders[0] != c:
        return []
    f = state.figures[c]
    if f.arrested_by is not None or f.blocked_until >= state.round:
        return []
    board = state.geo.board
    zones = {board.cell(s).flooded for s in v.spot.neighbours8() if s in board}
    return sorted(z for z in zones if z is not None and z not in state.drained)


@register_phase_actions("gang")
def _pump_actions(state: "LupinState", seat: Seat) -> list[Action]:
    if state.offer is not None:
        return []
    members = [state.active] if state.active else [c for c in state.may_start_turn() if state.seat_of[c] == seat]
    return [Pump(seat, c, z) for c in members if state.seat_of.get(c) == seat for z in pump_zones(state, c)]


@register_handler(Pump)
def _do_pump(state: "LupinState", a: Pump, ev: list[Event]) -> None:
    state.check_member_turn(a.seat, a.figure)
    require(a.zone in pump_zones(state, a.figure),
            "lupin_refusal.vehicle.pump_where", figure=terms.figure(a.figure), zone=a.zone)
    v = riding(state, a.figure)
    v.pump_zone, v.pumped = a.zone, 0
    state.active = a.figure
    state.note(a.figure, spot_to_text(v.spot), a.zone, "pump")
    # written in the mission notes: the gang seats that know of the lorry are told, nobody else
    ev.append(Event("pumping", {"figure": a.figure, "vehicle": v.id, "zone": a.zone, "rounds": 0,
                                "of": spec(v).drain_rounds}, audience=state.gang_seats_knowing(a.figure)))


@hooks.TREASURE_PHASE.register
def _pumped(state: "LupinState", ev: list[Event]) -> None:
    """At the end of each round's gang phase a pumping lorry with its driver aboard has pumped one
    round more; after its third the zone is dry for everybody from the next round on."""
    for vid in sorted(state.rides):
        v = state.rides[vid]
        if not v.pump_zone:
            continue
        if v.pump_zone in state.drained or not v.riders:
            v.pump_zone, v.pumped = "", 0
            continue
        v.pumped += 1
        if v.pumped < spec(v).drain_rounds:
            ev.append(Event("pumping", {"figure": v.riders[0], "vehicle": v.id, "zone": v.pump_zone,
                                        "rounds": v.pumped, "of": spec(v).drain_rounds},
                            audience=frozenset(state.seat_of[r] for r in v.riders)))
            continue
        zone = v.pump_zone
        state.drained.add(zone)
        v.pump_zone, v.pumped = "", 0
        ev.append(Event("zone_drained", {"zone": zone, "by": "tank_lorry"}, reveal=True))


@hooks.GANG_MOVES.register
def _driver_stays(state: "LupinState", c: str, out: list[Any]) -> list[Any]:
    return [] if pumping_driver(state, c) else out
