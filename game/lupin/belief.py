"""Where each hidden gang member can be, as Zenigata may reason it from his own seat's view only.

The first brick of the police AI (issue #14). A :class:`Belief` is built from, and updated with,
``state.view("zenigata")`` after every action: it never reads the state. For each gang member the
view does not show it keeps the set of spots (squares, building insides, the spaces under a
bridge) where he can be, and it is *sound*: the member's true spot is always in his set
(tests/lupin/test_belief.py checks it over whole seeded games).

How the set moves (docs/rules-decisions.md, "Lupin — the police's belief (issue #14)"):

* start: the board's start squares (places of kind ``start``: Fujiko's own at Cagliostro too);
* a member shown: his set is his square; shown, then hidden again: he walked away from there;
* each time the view names a member as the one whose turn is under way (``active``), his set
  grows once by his walk: his movement allowance for his wounds (the character sheet), one more
  once any gang card was played in the game (a lasting bonus), twice it plus ``MARGIN`` in a round
  a gang card or device was played (a doubled move, a dash, the glider) — regrown from where his
  turn began when the card comes in the middle of it; over the board as the view tells it
  (temples opened, zones drained, the trapdoor passage), swimming allowed, nobody blocking;
* vehicles: the police cannot know which vehicle tiles were bought (a vehicle put down unseen is
  told to nobody), so in every turn the walk is joined by every ride the episode's shop allows
  from where he could board (within his allowance and one step): the longest road ride over the
  drivable ground, a boat's ride over water, every dock, and every landing square of a
  helicopter once its pad could be reached; whoever could stand where he boards may ride along;
* the bus adds the next stop's squares to every member whose set holds the stop it left;
* a balloon's ``Vanish`` puts him anywhere unwatched; an unmasking walks him from the agent's
  square; a member told moved outside his turn (a partner's card) goes near the square a card
  named, else anywhere;
* pruning: after every update, a plain square (not a building's inside, not under a bridge, not the
  bus) that a police line of fire reaches (the rules' own :meth:`Geometry.watched`, with the police
  figures, police cars and the gang vehicles the view shows) cannot hold a hidden member — the
  rules show a member who stands in a line of fire (rules-decisions, "Becoming visible") — except
  a member who played a card (Come il vento che soffia keeps him unseen where his move ends), for
  whom nothing is pruned until he is told moved in a later round.

Measured over the tests' games (2 and 5 players, heuristic bots, seeds 0–2): the mean set is
about 45 % of the board's spots (223 of 508 at Rosso rubino, 253 of 517 at Gran colpo, 233 of 500
at Cagliostro, 260 of 500 at Stonehenge); the vehicles the shop might hold count for a third of it
(without them: 153, 197, 162, 146). One turn's walk from a sighting already covers about 13×13
squares: the set is large because the rules let the gang go far, not because it is loose.
"""

from __future__ import annotations

import copy
from collections import deque
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterable

from game.engine.grid import Sq
from game.lupin.rules.boards import episode_geometry
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import GANG, PISTOL_RANGE, RIFLE_RANGE, BoardState, Geometry, Inside, Spot, Under, \
    spot_from_text

# The generous walk: twice the allowance (Eccomi da te tesoro, double_round cards) plus this margin
# (love bonus, a dash). designed: a bound, not a rule; soundness is what the tests check.
MARGIN = 3
# The longest a vehicle may carry riders in one ride, as a number of steps (designed: larger than
# every vehicle's movement in the catalogue, so a ride never leaves the set).
RIDE = 12
POLICE_KINDS = ("zenigata", "agent", "guard")
LOG_WINDOW = 200   # views.LOG_LINES: the view keeps the last lines of the log
# the ground a road vehicle may cross (vehicles.py's drivable, with the crossings and the
# underpass for good measure), and what the jeep-like "road_dirt_stairs_down" adds
ROAD_TERRAINS = frozenset({"road", "bridge", "ramp", "crossing", "underpass"})
JEEP_TERRAINS = frozenset({"dirt", "puddle", "stairs"})


def _spot(text: str | None) -> Spot | None:
    return None if text is None else spot_from_text(text)


@dataclass
class MemberBelief:
    """What Zenigata may think of one gang member."""

    spots: frozenset = frozenset()      # where he can be (empty: off the board, or not yet placed)
    status: str = "unplaced"            # unplaced, hidden, shown, gone
    seen_at: Spot | None = None         # the last square the view showed him on
    grown: set = field(default_factory=set)   # the (round, turn) keys of the walks already added
    turn_base: frozenset = frozenset()  # his set when his last turn began
    unseen_card: int | None = None      # the round of a card that may keep him unseen in a line of fire


class Belief:
    """The police's belief about every gang member, from Zenigata's view only."""

    def __init__(self, view: dict[str, Any]):
        self.episode: str = view["episode"]
        self.geo: Geometry = episode_geometry(self.episode)
        self.members: dict[str, MemberBelief] = {
            fid: MemberBelief() for fid, f in view["figures"].items() if f["kind"] == "gang"}
        self._starts = self._start_spots()
        self._last_bus: tuple = ()
        self._police_spots: dict[str, Spot] = {}
        self._standable: frozenset | None = None
        self._step_cache: dict[BoardState, dict[Spot, tuple]] = {}   # _steps, per board state
        self._watched_last: tuple | None = None   # (the police and vehicles as seen, the squares they watch)
        self._log: list[dict[str, Any]] = []
        self._prev_active: str | None = None   # the member whose turn was under way at the last update
        self._boost_round = -1     # the last round a gang card or device was played
        self._carded = False       # a gang card was played in this game (a lasting bonus)
        self._vehicle_kinds = _vehicle_kinds(self.episode, view.get("variant"))
        self._heli_zone = frozenset(self.geo.board.squares_of("helipad"))
        self.helicopter_lost = False   # the police saw the helicopter destroyed
        self.update(view)

    @property
    def may_fly(self) -> bool:
        """The gang may have a helicopter: the episode's shop sells one and nobody saw it destroyed."""
        return "fly" in self._vehicle_kinds

    def copy(self) -> Belief:
        """An independent copy (the board and the catalogue's figures are shared, not copied)."""
        other = copy.copy(self)
        other.members = {m: MemberBelief(b.spots, b.status, b.seen_at, set(b.grown), b.turn_base, b.unseen_card)
                         for m, b in self.members.items()}
        other._log = list(self._log)
        return other

    # ------------------------------------------------------------------ reading
    def spots(self, member: str) -> frozenset:
        """Where ``member`` can be: one spot while shown, none once off the board."""
        return self.members[member].spots

    def sizes(self) -> dict[str, int]:
        return {m: len(b.spots) for m, b in self.members.items() if b.status == "hidden"}

    # ------------------------------------------------------------------ updating
    def update(self, view: dict[str, Any]) -> None:
        if view["seat"] != "zenigata":
            raise ValueError("a Belief reads Zenigata's view only")
        bs = view_board_state(view)
        passage = _passage(view)
        new = self._new_events(view["log"])
        active = view.get("active")
        anywhere: set[str] = set()    # members who vanished (balloon): any unseen square
        unmasked: dict[str, Spot] = {}   # members who left a disguise: from the agent's square
        carded: list[Spot] = []    # squares a card named (a card may put a member there)
        pushed: set[str] = set()   # members told moved outside their own turn
        boosted: set[str] = set()  # the member whose turn is under way played a card or device
        for e in new:
            kind = e.get("kind", "")
            if kind == "vehicle_destroyed" and e.get("device") == "helicopter" and "fly" in self._vehicle_kinds:
                # the episode's one helicopter is gone (the police saw it destroyed): no more flights
                self._vehicle_kinds = {k: v for k, v in self._vehicle_kinds.items() if not k.startswith("fly")}
                self.helicopter_lost = True
            who = e.get("figure")
            if who not in self.members:
                continue
            if kind in ("card_played", "device_used"):
                # a card may double a move this round or add a square for good; a device (the
                # glider, a dash) may carry him further: walks are generous from now on
                self._boost_round = view["round"]
                self._carded = True
                if active is not None and active in self.members:
                    boosted.add(active)
            if kind in ("vanished", "balloon"):
                anywhere.add(who)
            elif kind == "unmasked" and e.get("square"):
                unmasked[who] = spot_from_text(e["square"])
            elif kind == "card_played":
                # a card may keep him unseen where his move ends (Come il vento che soffia): no
                # pruning for him until he moves again in a later round
                self.members[who].unseen_card = view["round"]
                target = e.get("target")
                if isinstance(target, str) and target and target not in self.members:
                    try:
                        carded.append(spot_from_text(target))
                    except ValueError:
                        pass
            elif kind == "moved":
                b = self.members[who]
                if b.unseen_card is not None and view["round"] > b.unseen_card:
                    b.unseen_card = None
                if who not in (active, self._prev_active):
                    pushed.add(who)
        bus = tuple(view.get("bus") or ())
        turn: dict[str, frozenset] = {}   # the member whose turn began now: his set before it
        for m, b in self.members.items():
            f = view["figures"][m]
            if f.get("escaped") or f.get("arrested_by"):
                b.status, b.spots = "gone", frozenset()
                continue
            shown_at = _spot(f.get("spot"))
            if shown_at is not None:
                b.status, b.spots, b.seen_at = "shown", frozenset([shown_at]), shown_at
                continue
            if b.status == "unplaced":
                if view["phase"] == "planning" and view["round"] <= 1:
                    continue
                b.spots = self._starts
            elif b.status == "gone":
                b.spots = self._all_spots(bs)
            allowance = _allowance(m, f.get("wounds", 0))
            walk = self._walk(allowance, view["round"])
            if b.status == "shown":
                # shown, now hidden: he walked away from there (in his turn, or unmasking and
                # hiding at the police's hand)
                seen = frozenset([b.seen_at]) if b.seen_at is not None else self._starts
                b.spots = self._grow(seen, walk, bs, passage)
            b.status = "hidden"
            if m in anywhere:
                b.spots = self._all_spots(bs)
            if m in pushed and m not in unmasked:
                # moved outside his turn (a partner's card, a trap...): near a square a card
                # named, else anywhere
                b.spots = b.spots | (self._grow(carded, MARGIN, bs, passage) if carded else self._all_spots(bs))
            if m in unmasked:
                b.spots = b.spots | self._grow([unmasked[m]], walk, bs, passage)
            if active == m and (view["round"], m) not in b.grown:
                b.grown.add((view["round"], m))
                turn[m] = b.spots
                b.turn_base = b.spots
                b.spots = self._grow(b.spots, walk, bs, passage)
            elif m in boosted and b.turn_base:
                # a card or device in the middle of his turn: the walk from where he began it
                b.spots = b.spots | self._grow(b.turn_base, walk, bs, passage)
            if self._last_bus and bus != self._last_bus and b.spots & frozenset(
                    spot_from_text(s) for s in self._last_bus):
                b.spots = b.spots | frozenset(spot_from_text(s) for s in bus)
        for m, before in turn.items():
            # he may drive (or fly, or sail) instead of walking, and carry whoever rides with him
            allowance = _allowance(m, view["figures"][m].get("wounds", 0))
            boarding = self._grow(before, allowance + 1, bs, passage)
            carried = self._rides_from(boarding, bs)
            if not carried:
                continue
            for other, b in self.members.items():
                if b.status == "hidden" and (other == m or b.spots & boarding):
                    b.spots = b.spots | carried
        self._last_bus = bus
        self._prev_active = active
        self._prune(view)

    # ------------------------------------------------------------------ helpers
    def _vehicles_possible(self, view: dict[str, Any]) -> bool:
        return True

    def _walk(self, allowance: int, round_: int) -> int:
        """How far he may walk in a turn, as the view lets Zenigata bound it: his allowance for
        his wounds; twice it and a margin in a round a card or device was played (a doubled
        move, a dash, the glider); one more for good once a card was played (a lasting bonus)."""
        if self._boost_round == round_:
            return 2 * allowance + MARGIN
        return allowance + (1 if self._carded else 0)

    def _new_events(self, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log lines added since the last update (the view keeps only the last lines: the
        new ones follow the longest overlap of the old tail with the new head)."""
        old = self._log
        self._log = list(log)
        if len(log) < LOG_WINDOW and len(old) <= len(log) and log[:len(old)] == old:
            return log[len(old):]
        for shift in range(len(old) + 1):
            tail = old[shift:]
            if log[:len(tail)] == tail:
                return log[len(tail):]
        return list(log)

    def _rides_from(self, boarding: frozenset, bs: BoardState) -> frozenset:
        """Every spot a gang vehicle boarded on one of ``boarding`` could carry its riders to in
        one ride, plus the step out of it (empty without vehicles in this episode)."""
        out: set = set()
        board = self.geo.board
        kinds = self._vehicle_kinds
        if "drive" in kinds:
            terrains = kinds["drive_terrains"]
            ground = [s for s in boarding if isinstance(s, Sq) and board.cell(s).terrain in terrains]
            out |= self._grow(ground, kinds["drive"], bs, (), terrains=terrains)
        if "boat" in kinds:
            wet = [s for s in boarding if isinstance(s, Sq) and _wet(board.cell(s))]
            out |= self._grow(wet, kinds["boat"], bs, (), terrains=None, wet_only=True)
        if "sail_docks" in kinds and any(isinstance(s, Sq) and board.cell(s).terrain == "dock" for s in boarding):
            out |= set(board.squares_of("dock")) | {s for s in board.squares() if board.cell(s).terrain == "dock"}
        if "fly" in kinds and boarding & self._heli_zone:
            out |= kinds["fly_landing"]
            self._heli_zone = self._heli_zone | kinds["fly_landing"]
        if not out:
            return frozenset()
        return self._grow(out, 1, bs, ())

    def _start_spots(self) -> frozenset:
        """Every start square of the board (the expansion's places of kind ``start``, both sides)."""
        board = self.geo.board
        out = set(board.squares_of("start"))
        for p in board.places_of("start"):
            out.update(p.squares)
        return frozenset(out)

    def _all_spots(self, bs: BoardState) -> frozenset:
        if self._standable is None:
            spots: set = set()
            for sq in self.geo.board.squares():
                spots.add(sq)
            self._standable = frozenset(self._grow(frozenset(spots), 1, bs, ()))
        return self._standable

    def _grow(self, origins: Iterable[Spot], moves: int, bs: BoardState, passage: tuple, *,
              terrains: frozenset | None = None, wet_only: bool = False) -> frozenset:
        """Every spot a member on one of ``origins`` could reach with ``moves`` steps, walking or
        swimming, nobody in the way (a multi-source search over the rules' own steps)."""
        geo = self.geo
        origins = frozenset(origins)
        board = geo.board
        best: dict[Spot, int] = {o: 0 for o in origins}
        dq: deque = deque(best)
        links = {}
        if len(passage) == 2:
            a, b = (spot_from_text(x) for x in passage)
            links = {a: b, b: a}
        while dq:
            cur = dq.popleft()
            base = best[cur]
            steps = self._steps(cur, bs)
            if cur in links:
                steps = list(steps)
                steps.append((links[cur], 1))
            for nb, step in steps:
                if terrains is not None and not (isinstance(nb, Sq) and board.cell(nb).terrain in terrains):
                    continue
                if wet_only and not (isinstance(nb, Sq) and _wet(board.cell(nb))):
                    continue
                cost = base + max(step, 0)
                if cost > moves or cost >= best.get(nb, moves + 1):
                    continue
                best[nb] = cost
                if step == 0:
                    dq.appendleft(nb)
                else:
                    dq.append(nb)
        return frozenset(s for s in best if s in origins or geo.can_stand(s, GANG, bs, False)
                         or geo.can_stand(s, GANG, bs, True))

    def _steps(self, spot: Spot, bs: BoardState) -> tuple:
        """The gang's steps from ``spot``, walking or swimming, on the board as ``bs`` leaves it:
        computed once per board state (a late game's walks ask for the same squares every turn)."""
        cache = self._step_cache.get(bs)
        if cache is None:
            cache = self._step_cache[bs] = {}
        steps = cache.get(spot)
        if steps is None:
            steps = cache[spot] = tuple(self.geo.neighbours(spot, GANG, bs, False)) + \
                tuple(self.geo.neighbours(spot, GANG, bs, True))
        return steps

    def _prune(self, view: dict[str, Any]) -> None:
        watched = self.watched(view)
        bus = {spot_from_text(s) for s in view.get("bus") or ()}
        for b in self.members.values():
            if b.status != "hidden" or b.unseen_card is not None:
                continue
            b.spots = frozenset(s for s in b.spots
                                if isinstance(s, (Inside, Under)) or s in bus or s not in watched)

    def watched(self, view: dict[str, Any]) -> frozenset[Sq]:
        """The squares a police line of fire reaches now, from what the view shows."""
        viewers: list[tuple[Spot, int]] = []
        for f in view["figures"].values():
            if f["kind"] not in POLICE_KINDS or not f.get("spot") or f.get("in_car") or f.get("holding") \
                    or f.get("knocked_out"):
                continue
            viewers.append((spot_from_text(f["spot"]), RIFLE_RANGE if f["kind"] == "guard" else PISTOL_RANGE))
        vehicles: list[Sq] = []
        for car in view.get("cars", {}).values():
            if car.get("spot"):
                sq = spot_from_text(car["spot"])
                vehicles.append(sq)   # type: ignore[arg-type]
                if car.get("agents"):
                    viewers.append((sq, PISTOL_RANGE))
        for ride in _rides(view):
            if ride.get("spot"):
                vehicles.append(spot_from_text(ride["spot"]))   # type: ignore[arg-type]
        key = (tuple(viewers), tuple(vehicles))
        if self._watched_last is None or self._watched_last[0] != key:
            # the police stand still through the gang's phase: their lines are worked out once
            self._watched_last = (key, frozenset(self.geo.watched(viewers, vehicles=vehicles)))
        return self._watched_last[1]


def _rides(view: dict[str, Any]) -> list[dict[str, Any]]:
    rides = view.get("rides") or {}
    if isinstance(rides, dict):
        return [r for r in rides.values() if isinstance(r, dict)]
    return [r for r in rides if isinstance(r, dict)]


def _wet(cell: Any) -> bool:
    return bool(cell.water) or cell.terrain in ("water", "dock", "bridge", "underpass")


def _vehicle_kinds(episode: str, variant: Any) -> dict[str, Any]:
    """The gang vehicles this episode's shop could hold, as the longest ride of each kind (the
    police cannot know which were bought: a vehicle put down unseen is told to nobody)."""
    from game.lupin.rules.catalog import catalog
    from game.lupin.rules.vehicles import is_vehicle_tile, landing_squares
    out: dict[str, Any] = {}
    for d in catalog().devices_for(episode, str(variant or "coop")):
        if not is_vehicle_tile(d.id):
            continue
        p = d.params
        effect = str(d.effect)
        if effect == "fly":
            out["fly"] = True
            out["fly_landing"] = frozenset(out.get("fly_landing", frozenset()) | set(landing_squares(episode, d.id)))
        elif effect == "sail_docks":
            out["sail_docks"] = True
        elif p.terrain == "water":
            out["boat"] = max(out.get("boat", 0), int(p.move_squares or RIDE))
        else:
            out["drive"] = max(out.get("drive", 0), int(p.move_squares or RIDE))
            terrains = out.get("drive_terrains", ROAD_TERRAINS)
            out["drive_terrains"] = terrains | (JEEP_TERRAINS if p.terrain == "road_dirt_stairs_down" else frozenset())
    return out


def _allowance(member: str, wounds: int) -> int:
    try:
        return sheet(member).movement(wounds)
    except KeyError:
        return 6


def view_board_state(view: dict[str, Any]) -> BoardState:
    part = view.get("cagliostro") or {}
    return BoardState(open_temples=frozenset(part.get("open_temples", ())),
                      drained=frozenset(view.get("drained") or part.get("drained", ())))


def _passage(view: dict[str, Any]) -> tuple:
    part = view.get("cagliostro") or {}
    return tuple(part.get("passage", ()))


__all__ = ["Belief", "MemberBelief", "MARGIN", "RIDE"]
