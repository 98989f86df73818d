"""Where a figure can go and who can see it there: the geometry of the Lupin boards, as pure rules.

Two questions rest on this module: *reach* (the spots a figure can end its move on with its
movement allowance) and *sight* (whether a figure on one spot is in the line of fire of another).
Every reading of an unclear clause is recorded in ``docs/rules-decisions.md`` under "Geometry".

A **spot** is where a figure stands: a board square (:class:`Sq`) or the inside of a building
(:class:`Inside`), where a figure hides, crosses between two doors or searches the treasure.

Movement (base rules, "Movimento dei personaggi" and "Movimenti particolari"; expansion rules):
  * orthogonal steps of cost 1, up to the allowance; one figure a square (the caller says which
    squares may be passed but not stopped on, and which may not be entered at all);
  * walls, buildings, flowerbeds and stones block; water and flooded zones need a boat or a wetsuit
    (the ``swim`` flag); bridges are entered only from roads (or other bridge squares);
  * a door square costs 1 and can't be stopped on; from it the figure is inside the building for
    free, and from inside it leaves by any door of the same building for free, so a two-door
    building is crossed and a one-door building is a hiding place;
  * roofs: inside → the roof-access room (1, can't stop) → the roof squares next to it (1), then
    from roof square to roof square of the same building and height; the police station's roof is
    reached straight from inside, by the police only;
  * levels: a step between levels needs a ramp or stairs on one side (or the ditch) and a
    difference of one level; temples are entered by their steps and only when open; the ruins'
    coloured squares only through the arrows, never by police agents; the underpass (B4) is
    crossed north–south beneath the road and never stopped on there, while the road above it
    runs east–west like any road square.

Sight ("Visibilità ed Invisibilità della banda", "Casi particolari", expansion visibility rules):
  * the target must lie on the viewer's row, column or diagonal within the weapon's range, or a
    knight's move away; only the final square of a move counts (callers check final spots);
  * every square strictly between them must be clear: an obstacle blocks when its top rises above
    the straight line between the two figures' heights (so a figure on a roof sees over lower
    roofs, and from the street only the roof's edge near the street can be seen), a vehicle
    blocks like a one-storey obstacle, temples and stones block at any height;
  * a figure higher than the viewer is never seen (roofs, levels), except a gang member on a roof
    who has just shot (``exposed``); a figure on a roof and one on the square next to it at
    another height don't see each other (hugging the wall);
  * in woods a figure is seen only from an adjacent square of the same woods; in the ditch only
    from an adjacent square; inside a temple only from within that temple; inside a building
    never (a figure inside shoots out from a door square).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Iterator, NamedTuple, Union

from game.lupin.rules.terrain import TERRAINS, Board, Cell
from game.engine.grid import Sq, format_coord, parse_coord

PISTOL_RANGE = 5
RIFLE_RANGE = 12
KNIFE_RANGE = 5
GRENADE_RANGE = 5

GANG = "gang"
ZENIGATA = "zenigata"
POLICE = "police"
FIGURE_KINDS = (GANG, ZENIGATA, POLICE)

_DIRECTIONS8 = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
_KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
_INF = math.inf
_ONE_STOREY = 1.0


class Inside(NamedTuple):
    """The inside of a building: a spot where any number of figures may be."""

    building: str

    def __str__(self) -> str:
        return f"inside {self.building}"


class Under(NamedTuple):
    """The passage beneath an underpass square: crossed north–south, never stopped in."""

    square: Sq

    def __str__(self) -> str:
        return f"under {format_coord(self.square)}"


Spot = Union[Sq, Inside, Under]


def spot_to_text(spot: Spot) -> str:
    return str(spot) if isinstance(spot, (Inside, Under)) else format_coord(spot)


def spot_from_text(text: str) -> Spot:
    if text.startswith("inside "):
        return Inside(text[len("inside "):])
    if text.startswith("under "):
        return Under(parse_coord(text[len("under "):]))
    return parse_coord(text)


@dataclass(frozen=True)
class BoardState:
    """What of the board changes during a game: opened temples and drained flooded zones."""

    open_temples: frozenset[str] = frozenset()
    drained: frozenset[str] = frozenset()


@dataclass
class Reach:
    """The result of a reach query: the cost to each spot the figure may stop on, and the way there."""

    origin: Spot
    cost: dict[Spot, int]
    parent: dict[Spot, Spot | None] = field(repr=False)

    @property
    def spots(self) -> list[Spot]:
        return list(self.cost)

    def path_to(self, spot: Spot) -> list[Spot]:
        """The spots crossed from the origin (excluded) to ``spot`` (included)."""
        if spot not in self.parent:
            raise KeyError(f"{spot_to_text(spot)} is not reachable")
        path = []
        cur: Spot | None = spot
        while cur is not None and cur != self.origin:
            path.append(cur)
            cur = self.parent[cur]
        return path[::-1]


@dataclass(frozen=True)
class Sight:
    """Whether a figure on one spot sees one on another, whether it could shoot, and why not."""

    seen: bool
    can_shoot: bool
    reason: str
    distance: int = 0


@dataclass(frozen=True)
class _Line:
    """A precomputed line of sight from one square to another (before range and vehicles)."""

    target: Sq
    distance: int           # Chebyshev distance (a knight's move counts 2)
    between: tuple[Sq, ...] # the squares strictly between (for a knight: both elbows' paths)
    knight: bool
    verdict: str            # "" when clear, else the reason it is blocked for good
    above: bool             # the target stands higher than the viewer


class Geometry:
    """Movement and sight on one board. Build once per board; queries are cheap."""

    def __init__(self, board: Board):
        self.board = board
        self._woods_patch = self._label_patches(lambda c: c.terrain == "woods")
        self._lines: dict[Sq, list[_Line]] = {}
        self._roof_entry: dict[str, tuple[Sq, ...]] = {}
        for b in board.buildings.values():
            entries: set[Sq] = set()
            for access in b.roof_access:
                near = [s for s in access.neighbours4() if s in b.roof_squares]
                entries.update(near)
            if b.roof_access and not entries:
                entries.update(b.roof_squares)
            self._roof_entry[b.name] = tuple(sorted(entries))

    # ------------------------------------------------------------------ squares
    def cell(self, sq: Sq) -> Cell:
        return self.board.cell(sq)

    def elevation(self, spot: Spot) -> float:
        """Height of a figure standing on ``spot``: its level, plus the floors of a roof."""
        if isinstance(spot, (Inside, Under)):
            return 0.0
        c = self.board.cell(spot)
        return float(c.level + (c.height if c.roof else 0))

    def obstacle_top(self, sq: Sq) -> float:
        """How high the obstacle on ``sq`` rises (-inf when the square blocks nothing)."""
        c = self.board.cell(sq)
        if c.temple is not None and c.temple_part != "steps":
            return _INF
        if c.terrain == "ruin":
            return _INF
        if c.height > 0:
            return float(c.level + c.height)
        if c.blocks_sight:
            return c.level + _ONE_STOREY
        return -_INF

    def _label_patches(self, pred) -> dict[Sq, int]:
        """Connected (orthogonal) patches of squares matching ``pred``, numbered."""
        label: dict[Sq, int] = {}
        n = 0
        for sq in self.board.squares():
            if sq in label or not pred(self.board.cell(sq)):
                continue
            n += 1
            queue = deque([sq])
            label[sq] = n
            while queue:
                cur = queue.popleft()
                for nb in cur.neighbours4():
                    if nb in self.board and nb not in label and pred(self.board.cell(nb)):
                        label[nb] = n
                        queue.append(nb)
        return label

    def is_roof(self, sq: Sq) -> bool:
        return self.board.cell(sq).roof

    def street_facing(self, sq: Sq) -> bool:
        """A roof square on the side of its building next to the street."""
        c = self.board.cell(sq)
        for nb in sq.neighbours4():
            if nb not in self.board or self.board.cell(nb).building != c.building:
                return True
        return False

    # ------------------------------------------------------------------ movement
    def can_stand(self, spot: Spot, kind: str, state: BoardState = BoardState(), swim: bool = False) -> bool:
        """May a figure of ``kind`` end its move on ``spot``?"""
        if isinstance(spot, Inside):
            b = self.board.buildings.get(spot.building)
            return b is not None and bool(b.doors)
        if isinstance(spot, Under):
            return False
        if spot not in self.board:
            return False
        c = self.board.cell(spot)
        if c.terrain in ("door", "roof_access"):
            return False
        if c.roof:
            b = self.board.buildings.get(c.building or "")
            if b is not None and b.props.get("police") and kind == GANG:
                return False
            return True
        return self._walkable(spot, c, kind, state, swim)

    def _walkable(self, sq: Sq, c: Cell, kind: str, state: BoardState, swim: bool) -> bool:
        if c.temple is not None:
            if c.temple_part == "body":
                return False
            if c.temple_part == "floor" and c.temple not in state.open_temples:
                return False
        if c.flooded is not None and c.flooded not in state.drained and not swim:
            return False
        if c.water and c.terrain != "bridge" and not swim:
            return False
        if c.terrain == "ruin_floor" and kind == POLICE:
            return False
        if c.terrain == "water":
            return swim
        return TERRAINS.get(c.terrain, {}).get("walk", False)

    def neighbours(self, spot: Spot, kind: str, state: BoardState = BoardState(),
                   swim: bool = False) -> Iterator[tuple[Spot, int]]:
        """The spots one step from ``spot`` for a figure of ``kind``, with the step's cost."""
        board = self.board
        if isinstance(spot, Under):
            sq = spot.square
            below = board.cell(sq)
            for nb in (Sq(sq.row - 1, sq.col), Sq(sq.row + 1, sq.col)):
                if nb in board and self._step_allowed(sq, below, nb, board.cell(nb), kind, state, swim):
                    yield nb, 1
            return
        if isinstance(spot, Inside):
            b = board.buildings.get(spot.building)
            if b is None:
                return
            for door in b.doors:
                yield door, 0
            if b.props.get("police"):
                if kind != GANG:
                    for roof in b.roof_squares:
                        yield roof, 1
            else:
                for access in b.roof_access:
                    yield access, 1
            return
        c = board.cell(spot)
        if c.terrain == "door" and c.building:
            yield Inside(c.building), 0
        if c.terrain == "roof_access" and c.building:
            yield Inside(c.building), 1
            for roof in self._roof_entry.get(c.building, ()):
                yield roof, 1
            return
        if c.roof:
            b = board.buildings.get(c.building or "")
            for nb in spot.neighbours4():
                if nb in board:
                    n = board.cell(nb)
                    if n.roof and n.building == c.building and n.height == c.height:
                        yield nb, 1
            if b is not None:
                for access in b.roof_access:
                    if spot in self._roof_entry.get(b.name, ()):
                        yield access, 1
                if b.props.get("police") and kind != GANG:
                    yield Inside(b.name), 1
            return
        for nb in spot.neighbours4():
            if nb not in board:
                continue
            cn = board.cell(nb)
            vertical = nb.col == spot.col
            if cn.terrain == "underpass" and vertical:
                # from the north or the south one goes beneath the road, not onto it
                if self._step_allowed(spot, c, nb, cn, kind, state, swim):
                    yield Under(nb), 1
                continue
            if c.terrain == "underpass" and vertical:
                continue  # the road above has no way down to the north or south
            if self._step_allowed(spot, c, nb, cn, kind, state, swim):
                yield nb, 1

    def _step_allowed(self, a: Sq, ca: Cell, b: Sq, cb: Cell, kind: str, state: BoardState,
                      swim: bool) -> bool:
        if cb.terrain == "door":
            # a door is entered from the street, never from another footprint square
            return ca.building is None and self._walkable(a, ca, kind, state, swim)
        if cb.terrain == "roof_access" or cb.roof or cb.terrain == "building":
            return False
        if not self._walkable(b, cb, kind, state, swim):
            return False
        # bridges are reached only from the road
        if cb.terrain == "bridge" and ca.terrain not in ("road", "bridge", "door"):
            return False
        if ca.terrain == "bridge" and cb.terrain not in ("road", "bridge"):
            return False
        # the ruins' coloured squares only through the arrows
        if cb.terrain == "ruin_floor" and ca.terrain not in ("ruin_floor", "arrow"):
            return False
        if ca.terrain == "ruin_floor" and cb.terrain not in ("ruin_floor", "arrow"):
            return False
        # temples: the floor is entered only from the steps (or another floor square of it)
        if cb.temple_part == "floor":
            if not (ca.temple == cb.temple and ca.temple_part in ("floor", "steps")):
                return False
        if ca.temple_part == "floor":
            if not (cb.temple == ca.temple and cb.temple_part in ("floor", "steps")):
                return False
        # levels
        if ca.level != cb.level:
            if abs(ca.level - cb.level) != 1:
                return False
            slopes = ("ramp", "stairs")
            if not (ca.terrain in slopes or cb.terrain in slopes or ca.ditch or cb.ditch):
                return False
        return True

    def reach(self, origin: Spot, moves: int, kind: str = GANG, *,
              state: BoardState = BoardState(), blocked: Iterable[Spot] = (),
              no_stop: Iterable[Spot] = (), swim: bool = False) -> Reach:
        """Every spot a figure of ``kind`` on ``origin`` may end on with up to ``moves`` steps.

        ``blocked``: spots that can't be entered at all (an enemy there, a figure that won't let
        it pass). ``no_stop``: spots that may be crossed but not stopped on (a friend there).
        The origin itself is included at cost 0 (a figure may choose not to move).
        """
        blocked_set = set(blocked)
        no_stop_set = set(no_stop)
        best: dict[Spot, int] = {origin: 0}
        parent: dict[Spot, Spot | None] = {origin: None}
        dq: deque[Spot] = deque([origin])
        while dq:
            cur = dq.popleft()
            base = best[cur]
            for nb, step in self.neighbours(cur, kind, state, swim):
                cost = base + step
                if cost > moves or nb in blocked_set:
                    continue
                if cost < best.get(nb, moves + 1):
                    best[nb] = cost
                    parent[nb] = cur
                    if step == 0:
                        dq.appendleft(nb)
                    else:
                        dq.append(nb)
        stops = {s: c for s, c in best.items()
                 if (s == origin or (s not in no_stop_set and self.can_stand(s, kind, state, swim)))}
        return Reach(origin=origin, cost=stops, parent=parent)

    def boat_reach(self, origin: Sq, moves: int, *, state: BoardState = BoardState(),
                   blocked: Iterable[Sq] = ()) -> Reach:
        """Where a boat on ``origin`` can go by water with up to ``moves`` squares.

        Boats move over the squares of the water layer (river, lake), never into a flooded zone
        (the rowboat's card excludes them), and pass under bridges, where they cannot stop. Docks
        are the land squares by the water where figures get on and off (a vehicle rule).
        """
        board = self.board

        def afloat(sq: Sq) -> bool:
            c = board.cell(sq)
            return c.water and c.flooded is None

        blocked_set = set(blocked)
        best: dict[Spot, int] = {origin: 0}
        parent: dict[Spot, Spot | None] = {origin: None}
        queue: deque[Sq] = deque([origin])
        while queue:
            cur = queue.popleft()
            for nb in cur.neighbours4():
                if nb not in board or nb in best or nb in blocked_set or not afloat(nb):
                    continue
                if best[cur] + 1 > moves:
                    continue
                best[nb] = best[cur] + 1
                parent[nb] = cur
                queue.append(nb)
        stops = {s: c for s, c in best.items() if s == origin or board.cell(s).terrain != "bridge"}
        return Reach(origin=origin, cost=stops, parent=parent)

    # ------------------------------------------------------------------ sight
    def _lines_from(self, origin: Sq) -> list[_Line]:
        """All lines of sight from a square up to rifle range, computed once per square."""
        lines = self._lines.get(origin)
        if lines is not None:
            return lines
        board = self.board
        lines = []
        ev = self.elevation(origin)
        for dr, dc in _DIRECTIONS8:
            between: list[Sq] = []
            for k in range(1, RIFLE_RANGE + 1):
                t = Sq(origin.row + dr * k, origin.col + dc * k)
                if t not in board:
                    break
                lines.append(self.make_line(origin, ev, t, k, tuple(between), False))
                between.append(t)
        for dr, dc in _KNIGHT:
            t = Sq(origin.row + dr, origin.col + dc)
            if t not in board:
                continue
            lines.append(self.make_line(origin, ev, t, 2, (), True))
        self._lines[origin] = lines
        return lines

    def _knight_paths(self, v: Sq, t: Sq) -> tuple[tuple[Sq, Sq], tuple[Sq, Sq]]:
        dr, dc = t.row - v.row, t.col - v.col
        sr = (dr > 0) - (dr < 0)
        sc = (dc > 0) - (dc < 0)
        if abs(dr) == 2:   # two rows then one column, or one column then two rows
            p1 = (Sq(v.row + sr, v.col), Sq(v.row + 2 * sr, v.col))
            p2 = (Sq(v.row, v.col + sc), Sq(v.row + sr, v.col + sc))
        else:
            p1 = (Sq(v.row, v.col + sc), Sq(v.row, v.col + 2 * sc))
            p2 = (Sq(v.row + sr, v.col), Sq(v.row + sr, v.col + sc))
        return p1, p2

    def _blocked_on(self, squares: Iterable[Sq], v: Sq, ev: float, et: float, dist: int,
                    target: Sq) -> Sq | None:
        for m in squares:
            k = max(abs(m.row - v.row), abs(m.col - v.col))
            line_h = ev + (et - ev) * (k / dist)
            if self.obstacle_top(m) > line_h:
                return m
        return None

    def make_line(self, v: Sq, ev: float, t: Sq, dist: int, between: tuple[Sq, ...],
                   knight: bool) -> _Line:
        board = self.board
        cv, ct = board.cell(v), board.cell(t)
        et = self.elevation(t)
        verdict = ""
        if knight:
            p1, p2 = self._knight_paths(v, t)
            b1 = self._blocked_on(p1, v, ev, et, 2, t)
            b2 = self._blocked_on(p2, v, ev, et, 2, t)
            if b1 is not None and b2 is not None:
                verdict = f"both ways of the knight's L are blocked ({format_coord(b1)}, {format_coord(b2)})"
            between = p1 + p2
        else:
            blocker = self._blocked_on(between, v, ev, et, dist, t)
            if blocker is not None:
                verdict = f"{format_coord(blocker)} blocks the line of sight"
        adjacent = dist == 1
        if not verdict and (cv.roof or ct.roof) and adjacent and ev != et:
            verdict = "a figure hugging the wall of a roof can't be seen from the square next to it at another height"
        if not verdict and ct.terrain == "woods":
            same = self._woods_patch.get(v) == self._woods_patch.get(t)
            if not (adjacent and same):
                verdict = "a figure in the woods is seen only from an adjacent square of the same woods"
        if not verdict and ct.ditch and not adjacent:
            verdict = "a figure in the ditch is seen only from an adjacent square"
        if not verdict and ct.temple is not None and ct.temple_part == "floor":
            if cv.temple != ct.temple:
                verdict = f"a figure inside the temple of {ct.temple} is seen only from inside it"
        if not verdict and cv.temple is not None and cv.temple_part == "floor" and ct.temple != cv.temple:
            verdict = f"from inside the temple of {cv.temple} only the temple itself is seen"
        return _Line(target=t, distance=dist, between=between, knight=knight,
                     verdict=verdict, above=et > ev)

    def _origin_squares(self, spot: Spot) -> list[Sq]:
        if isinstance(spot, Under):
            return []
        if isinstance(spot, Inside):
            b = self.board.buildings.get(spot.building)
            return list(b.doors) if b else []
        return [spot]

    def sight(self, viewer: Spot, target: Spot, weapon_range: int = PISTOL_RANGE, *,
              vehicles: Iterable[Sq] = (), exposed: bool = False) -> Sight:
        """Does a figure on ``viewer`` see (and could it shoot) a figure on ``target``?

        ``vehicles``: squares holding a vehicle (they block like a one-storey obstacle).
        ``exposed``: the target is a gang member on a roof who shot this turn.
        """
        if isinstance(target, (Inside, Under)):
            return Sight(False, False, f"a figure {target} can't be seen from outside")
        if viewer == target:
            return Sight(False, False, "the same square")
        origins = self._origin_squares(viewer)
        if not origins:
            return Sight(False, False, f"no door to look out of {viewer}")
        vehicle_set = set(vehicles)
        reasons = []
        distance = 0
        for origin in origins:
            if origin == target:
                continue
            line = next((ln for ln in self._lines_from(origin) if ln.target == target), None)
            if line is None:
                reasons.append(f"{spot_to_text(target)} is not on a row, column, diagonal or "
                               f"knight's move from {format_coord(origin)}")
                continue
            result = self.judge(line, origin, weapon_range, vehicle_set, exposed)
            if result.seen:
                return result
            reasons.append(result.reason)
            distance = result.distance
        return Sight(False, False, "; ".join(dict.fromkeys(reasons)) or "not in sight", distance)

    def judge(self, line: _Line, origin: Sq, weapon_range: int, vehicles: set[Sq],
               exposed: bool) -> Sight:
        if line.distance > weapon_range:
            return Sight(False, False, f"{format_coord(line.target)} is {line.distance} squares "
                         f"away, beyond the range of {weapon_range}", line.distance)
        if line.verdict:
            return Sight(False, False, line.verdict, line.distance)
        if line.above and not (exposed and self.board.cell(line.target).roof):
            return Sight(False, False, "the target stands higher than the viewer", line.distance)
        if vehicles:
            if line.knight:
                p1, p2 = line.between[:2], line.between[2:]
                if any(s in vehicles for s in p1) and any(s in vehicles for s in p2):
                    return Sight(False, False, "vehicles block both ways of the knight's L", line.distance)
            else:
                for m in line.between:
                    if m in vehicles:
                        return Sight(False, False, f"a vehicle on {format_coord(m)} blocks the "
                                     "line of sight", line.distance)
        can_shoot = line.distance >= 2
        why = "in sight" if can_shoot else "in sight, but adjacent: only hand-to-hand combat"
        return Sight(True, can_shoot, why, line.distance)

    def watched(self, viewers: Iterable[tuple[Spot, int]], *, vehicles: Iterable[Sq] = (),
                exposed: Iterable[Sq] = ()) -> set[Sq]:
        """Every square where a gang member would be seen by one of ``viewers``.

        ``viewers``: (spot, weapon range) of each police figure. ``exposed``: roof squares whose
        gang figure has just shot and so is seen from below.
        """
        vehicle_set = set(vehicles)
        exposed_set = set(exposed)
        seen: set[Sq] = set()
        for spot, rng in viewers:
            for origin in self._origin_squares(spot):
                for line in self._lines_from(origin):
                    if line.distance > rng or line.verdict or line.target in seen:
                        continue
                    if line.above and line.target not in exposed_set:
                        continue
                    if vehicle_set and self.judge(line, origin, rng, vehicle_set, True).seen is False:
                        continue
                    seen.add(line.target)
        return seen

    def reach_in_sight(self, origin: Spot, moves: int, viewers: Iterable[tuple[Spot, int]],
                       kind: str = GANG, *, vehicles: Iterable[Sq] = (), **reach_kw) -> dict[Spot, tuple[int, bool]]:
        """A gang figure's reach, each spot with its cost and whether the police would see it there.

        The UI colours both at once: where the figure can go, and where it would be spotted.
        """
        r = self.reach(origin, moves, kind, **reach_kw)
        seen = self.watched(viewers, vehicles=vehicles)
        return {s: (c, not isinstance(s, (Inside, Under)) and s in seen) for s, c in r.cost.items()}
