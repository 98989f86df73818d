"""A small, fast copy of Quadruplo furto's rules for the computer criminals to search with.

Everything in the game is public but the dice, so a bot may rebuild the whole table from its seat's
view (:func:`from_view`) and look ahead. The real rules (``game.diabolik.rules``) are written for
clarity, events and refusals; a search visits tens of thousands of positions a decision, so it plays
on this copy instead: plain lists, no events, no checks. ``tests/diabolik/test_ai_model.py`` plays
whole seeded games through both and checks that they agree position by position, so the copy cannot
drift from the rules unnoticed.

What the copy leaves out: nothing of the criminals' phase; of the police phase, the pending choices
(a tie, a slide, a roadblock's side) are answered at once by a ``Chooser`` (the searching bot's own
guess of what is worst for the police) instead of waiting for the players. A bot answers a real
pending choice on the real rules (see :mod:`game.diabolik.ai`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

RING = 8
DETECTIVES = ("ginko", "morrigan")
AGENTS = ("blue", "yellow")
POLICE_ORDER = ("ginko", "morrigan", "blue", "yellow")
LOOT_IN_ALL = 4


def dist(a: int, b: int) -> int:
    d = abs(a - b) % RING
    return min(d, RING - d)


def _fdist(x: float, c: float) -> float:
    d = abs(x - c) % RING
    return min(d, RING - d)


def edge(a: int, b: int) -> tuple[int, int]:
    """The edge between two adjacent positions, as the rules store it (a sorted pair)."""
    return (a, b) if a < b else (b, a)


# ---------------------------------------------------------------------------------------- station

Effect = tuple[str, Any]   # ("nothing", None), ("danger", n), ("roadblock", None), ("clue", None),
#                            ("activate", (who, ...)) with who a policeman's name


def _expand(who: Sequence[str]) -> tuple[str, ...]:
    names: list[str] = []
    for w in who:
        if w == "all":
            names += POLICE_ORDER
        elif w == "detectives":
            names += DETECTIVES
        elif w == "agents":
            names += AGENTS
        else:
            names.append(w)
    # the order of activation is always the police order (Ginko, Morrigan, the agents)
    return tuple(n for n in POLICE_ORDER if n in names)


def parse_effect(raw: Any) -> Effect:
    """One face of the station's d8 as data writes it (the contract's vocabulary)."""
    if isinstance(raw, str):
        if raw in ("nothing", "roadblock", "clue"):
            return (raw, None)
        if raw == "danger":
            return ("danger", 1)
        raise ValueError(f"unknown station effect {raw!r}")
    if isinstance(raw, Mapping):
        data = dict(raw)
        for key in ("designed", "why", "reason", "note", "text"):
            data.pop(key, None)
        if "effect" in data:
            kind = data.pop("effect")
            if kind == "danger":
                return ("danger", int(data.get("amount", data.get("by", data.get("n", 1)))))
            if kind == "activate":
                return ("activate", _expand(data.get("who", ())))
            return parse_effect(kind)
        if len(data) == 1:
            (kind, value), = data.items()
            if kind == "danger":
                return ("danger", int(value))
            if kind == "activate":
                return ("activate", _expand(value if isinstance(value, (list, tuple)) else [value]))
            if kind in ("nothing", "roadblock", "clue"):
                return (kind, None)
    raise ValueError(f"unknown station effect {raw!r}")


# ------------------------------------------------------------------------------------------ table

@dataclass(frozen=True)
class Table:
    """What does not change during a game."""

    seats: tuple[str, ...]
    hideout: int
    danger_max: int
    police_names: tuple[str, ...]       # in activation order
    station: tuple[Effect, ...]         # face 1..8 at index 0..7
    diabolika: bool = False


class Pos:
    """A position of the game between two actions (mutable; :meth:`copy` before changing)."""

    __slots__ = ("pos", "run", "carry", "police", "loot", "clues", "loot_left", "clues_left",
                 "banked", "roadblocks", "danger", "over", "sighted", "rounds")

    def __init__(self) -> None:
        self.pos: list[int] = []
        self.run: list[bool] = []
        self.carry: list[int] = []
        self.police: list[int] = []
        self.loot: list[int] = []
        self.clues: list[int] = []
        self.loot_left = 0
        self.clues_left = 0
        self.banked = 0
        self.roadblocks: list[tuple[int, int]] = []   # oldest first
        self.danger = 0
        self.over = 0          # 1 won, -1 lost
        self.sighted = False
        self.rounds = 0        # police phases played in this line of search

    def copy(self) -> Pos:
        p = Pos.__new__(Pos)
        p.pos = self.pos[:]
        p.run = self.run[:]
        p.carry = self.carry[:]
        p.police = self.police[:]
        p.loot = self.loot[:]
        p.clues = self.clues[:]
        p.loot_left = self.loot_left
        p.clues_left = self.clues_left
        p.banked = self.banked
        p.roadblocks = self.roadblocks[:]
        p.danger = self.danger
        p.over = self.over
        p.sighted = self.sighted
        p.rounds = self.rounds
        return p

    def key(self) -> tuple:
        return (tuple(self.pos), tuple(self.run), tuple(self.carry), tuple(self.police),
                tuple(sorted(self.loot)), tuple(sorted(self.clues)), self.loot_left, self.clues_left,
                self.banked, tuple(self.roadblocks), self.danger, self.over, self.sighted)


def from_view(view: Any, station: Sequence[Effect]) -> tuple[Table, Pos]:
    """The table and the position a seat's view shows (the whole game but the dice)."""
    seats = tuple(view.seats)
    names = tuple(n for n in POLICE_ORDER if n in view.police)
    table = Table(seats=seats, hideout=view.hideout, danger_max=view.danger_max, police_names=names,
                  station=tuple(station), diabolika=bool(view.diabolika))
    p = Pos()
    for s in seats:
        pawn = view.criminals[s]
        p.pos.append(pawn.pos)
        p.run.append(bool(pawn.on_the_run))
        p.carry.append(pawn.carrying)
    p.police = [view.police[n] for n in names]
    p.loot = list(view.loot)
    p.clues = list(view.clues)
    p.loot_left = view.loot_left
    p.clues_left = view.clues_left
    p.banked = view.banked
    p.roadblocks = [tuple(e) for e in view.roadblocks]   # type: ignore[misc]
    p.danger = view.danger
    p.sighted = bool(view.sighted)
    if view.result is not None:
        p.over = 1 if view.result.winners else -1
    return table, p


# ---------------------------------------------------------------------------------------- chance

class Dice:
    """Where a search's d8s come from: the first ``fixed`` rolls of a police phase (or of one
    action) are given by the caller (to sum over all eight faces), the later ones are read from a
    list drawn once per decision (common random numbers: every plan meets the same later dice)."""

    __slots__ = ("fixed", "later", "i")

    def __init__(self, fixed: Sequence[int] = (), later: Sequence[int] = ()):
        self.fixed = list(fixed)
        self.later = later
        self.i = 0

    def d8(self) -> int:
        if self.fixed:
            return self.fixed.pop(0)
        if not self.later:
            return 0
        v = self.later[self.i % len(self.later)]
        self.i += 1
        return v


Chooser = Callable[[Table, Pos, str, tuple[int, ...], Mapping[str, Any]], int]
"""(table, position, kind, options, context) -> the index of the option taken."""


def worst_for_police(table: Table, p: Pos, kind: str, options: tuple[int, ...],
                     context: Mapping[str, Any]) -> int:
    """A quick answer to a police choice: what leaves the police worst off, at a glance.
    A policeman's step: away from the criminals (in the shadow) or away from the fugitives; a new
    loot card: near the criminals and the hideout; a new clue: far from the detectives; a roadblock:
    on the edge farther from the criminals."""
    def score(o: int) -> float:
        if kind == "police_step":
            return sum(dist(o, c) for c in p.pos) + 0.5 * sum(dist(o, c) for c in p.clues)
        if kind == "slide_loot":
            return -min(dist(o, c) for c in p.pos) - dist(o, table.hideout)
        if kind == "slide_clue":
            dets = [p.police[i] for i, n in enumerate(table.police_names) if n in DETECTIVES]
            return min((dist(o, d) for d in dets), default=0)
        if kind == "roadblock_side":
            at = int(context.get("at", o))
            mid = at + (0.5 if o == (at + 1) % RING else -0.5)
            return sum(_fdist(mid, c) for c in [*p.pos, table.hideout])
        return 0.0
    best = max(range(len(options)), key=lambda i: (score(options[i]), -i))
    return best


# ------------------------------------------------------------------------------ the criminals' moves

def sightings_on_move(table: Table, p: Pos, i: int, to: int) -> int:
    """Danger a move of criminal ``i`` to ``to`` costs (before the once-a-turn rule)."""
    frm = p.pos[i]
    e = edge(frm, to)
    if table.diabolika:
        return (p.police.count(frm) + p.police.count(to) + (1 if e in p.roadblocks else 0))
    if p.run[i]:
        return 0
    return 1 if (frm in p.police or to in p.police or e in p.roadblocks) else 0


def do_move(table: Table, p: Pos, i: int, to: int) -> None:
    frm = p.pos[i]
    e = edge(frm, to)
    if table.diabolika:
        add = sightings_on_move(table, p, i, to)
        p.danger += add
    elif not p.run[i] and not p.sighted and sightings_on_move(table, p, i, to):
        p.sighted = True
        p.danger += 1
    if p.run[i] and e in p.roadblocks:
        p.roadblocks.remove(e)
    p.pos[i] = to
    _check_danger(table, p)


def can_hide(p: Pos, i: int) -> bool:
    return p.run[i] and p.pos[i] not in p.police


def do_hide(p: Pos, i: int) -> None:
    p.run[i] = False


def can_take(p: Pos, i: int) -> bool:
    return not p.run[i] and p.pos[i] in p.loot


def do_take(table: Table, p: Pos, i: int, dice: Dice, chooser: Chooser) -> None:
    p.loot.remove(p.pos[i])
    p.carry[i] += 1
    _enter(table, p, "loot", dice, chooser)


def can_bank(table: Table, p: Pos, i: int) -> bool:
    return not p.run[i] and p.pos[i] == table.hideout and p.carry[i] > 0


def do_bank(p: Pos, i: int) -> None:
    p.banked += p.carry[i]
    p.carry[i] = 0
    if p.banked >= LOOT_IN_ALL:
        p.over = 1


def _check_danger(table: Table, p: Pos) -> None:
    if p.danger >= table.danger_max and p.over == 0:
        p.danger = table.danger_max
        p.over = -1


# --------------------------------------------------------------------------------- placements

def _slide_options(p0: int, blockers: Sequence[int]) -> tuple[int, ...]:
    for gap in (2, 1):
        def ok(q: int, gap: int = gap) -> bool:
            return all(dist(q, b) >= gap for b in blockers)
        if not any(ok(q) for q in range(RING)):
            continue
        if ok(p0):
            return (p0,)
        for k in range(1, 5):
            found = sorted({q for q in ((p0 + k) % RING, (p0 - k) % RING) if ok(q)})
            if found:
                return tuple(found)
    return (p0,)


def _enter(table: Table, p: Pos, card: str, dice: Dice, chooser: Chooser) -> None:
    if card == "loot":
        if p.loot_left <= 0:
            return
        p.loot_left -= 1
        blockers = [table.hideout, *p.loot]
    else:
        if p.clues_left <= 0:
            return
        p.clues_left -= 1
        blockers = list(p.clues)
    options = _slide_options(dice.d8(), blockers)
    at = options[0] if len(options) == 1 else options[chooser(table, p, "slide_" + card, options, {"card": card})]
    (p.loot if card == "loot" else p.clues).append(at)


# ----------------------------------------------------------------------------------- the police

def _first_steps(frm: int, targets: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(distance to the nearest target, the first steps that go toward one of the nearest)."""
    d = min(dist(frm, t) for t in targets)
    steps: list[int] = []
    for t in targets:
        if dist(frm, t) != d or d == 0:
            continue
        right = (t - frm) % RING
        if right <= 4:
            steps.append((frm + 1) % RING)
        if right >= 4:
            steps.append((frm - 1) % RING)
    return d, tuple(sorted(set(steps)))


def _step(table: Table, p: Pos, k: int, steps: tuple[int, ...], chooser: Chooser, toward: str) -> int:
    if len(steps) == 1:
        return steps[0]
    return steps[chooser(table, p, "police_step", steps, {"who": table.police_names[k], "toward": toward})]


def _investigate(p: Pos, at: int) -> None:
    for i, c in enumerate(p.pos):
        if c == at and not p.run[i]:
            p.run[i] = True


def activate(table: Table, p: Pos, k: int, dice: Dice, chooser: Chooser) -> None:
    """Policeman ``k`` (index in ``table.police_names``) activates by the card's side now."""
    if p.over:
        return
    name = table.police_names[k]
    at = p.police[k]
    fugitives = [c for i, c in enumerate(p.pos) if p.run[i]]
    if fugitives:
        if at in fugitives:
            p.danger += 1
            _check_danger(table, p)
            return
        for _ in range(2):
            d, steps = _first_steps(p.police[k], fugitives)
            if d == 0:
                break
            p.police[k] = _step(table, p, k, steps, chooser, "fugitive")
        return
    if name in DETECTIVES:
        if at in p.clues:
            p.clues.remove(at)
            p.danger += 1
            _check_danger(table, p)
            if p.over:
                return
            _enter(table, p, "clue", dice, chooser)
        elif p.clues:
            _d, steps = _first_steps(at, p.clues)
            p.police[k] = _step(table, p, k, steps, chooser, "clue")
        else:
            d, steps = _first_steps(at, p.pos)
            if d > 0:
                p.police[k] = _step(table, p, k, steps, chooser, "criminal")
    else:
        p.police[k] = (at + (1 if name == "blue" else -1)) % RING
    _investigate(p, p.police[k])


def police_phase(table: Table, p: Pos, dice: Dice, chooser: Chooser = worst_for_police) -> None:
    """The station's d8, then every policeman; then the next round's start (+1 a fugitive)."""
    p.sighted = False
    if p.over:
        return
    kind, arg = table.station[dice.d8()]
    if kind == "danger":
        p.danger += arg
        _check_danger(table, p)
    elif kind == "roadblock":
        at = dice.d8()
        if len(p.roadblocks) >= 2:
            p.roadblocks.pop(0)
        sides = tuple(sorted(q for q in ((at - 1) % RING, (at + 1) % RING) if edge(at, q) not in p.roadblocks))
        other = sides[0] if len(sides) == 1 else sides[chooser(table, p, "roadblock_side", sides, {"at": at})]
        p.roadblocks.append(edge(at, other))
    elif kind == "clue":
        _enter(table, p, "clue", dice, chooser)
    elif kind == "activate":
        for name in arg:
            if name in table.police_names:
                activate(table, p, table.police_names.index(name), dice, chooser)
    for k in range(len(table.police_names)):
        activate(table, p, k, dice, chooser)
    p.rounds += 1
    if not p.over:
        p.danger += sum(p.run)
        _check_danger(table, p)


# --------------------------------------------------------------------------------- turns

# A step of a plan, as the bots name it: ("move", to), ("hide",), ("take",), ("bank",), ("end",)
Step = tuple


def steps_for(table: Table, p: Pos, i: int) -> list[Step]:
    """The criminal ``i``'s legal steps in this position (in the rules' order: moves, then the rest)."""
    if p.over:
        return []
    out: list[Step] = [("move", (p.pos[i] + 1) % RING), ("move", (p.pos[i] - 1) % RING)]
    if can_hide(p, i):
        out.append(("hide",))
    if can_take(p, i):
        out.append(("take",))
    if can_bank(table, p, i):
        out.append(("bank",))
    return out


def do_step(table: Table, p: Pos, i: int, step: Step, dice: Dice, chooser: Chooser) -> None:
    kind = step[0]
    if kind == "move":
        do_move(table, p, i, step[1])
    elif kind == "hide":
        do_hide(p, i)
    elif kind == "take":
        do_take(table, p, i, dice, chooser)
    elif kind == "bank":
        do_bank(p, i)


def turns(table: Table, p: Pos, i: int, actions: int, later: Sequence[int],
          chooser: Chooser = worst_for_police) -> Iterator[tuple[tuple[Step, ...], Pos]]:
    """Every distinct end of criminal ``i``'s turn from ``p`` with ``actions`` actions left:
    (the steps, the position after them), one plan per position reached (the shortest first)."""
    seen: set[tuple] = set()
    frontier: list[tuple[tuple[Step, ...], Pos]] = [((), p)]
    for depth in range(actions + 1):
        nxt: list[tuple[tuple[Step, ...], Pos]] = []
        for plan, q in frontier:
            k = q.key()
            if k in seen:
                continue
            seen.add(k)
            yield plan, q
            if depth == actions or q.over:
                continue
            for step in steps_for(table, q, i):
                r = q.copy()
                do_step(table, r, i, step, Dice((), later), chooser)
                nxt.append((plan + (step,), r))
        frontier = nxt


# ------------------------------------------------------------------------------------ evaluation

FEATURES = ("bias", "slack", "work", "fugitives", "cornered", "clue_near", "hunted", "agent_next",
            "clues_left", "police_near", "clue_far", "slack_x_work")


@dataclass(frozen=True)
class Weights:
    """The evaluation's coefficients: the logit of the criminals' chance of winning is their sum
    over :data:`FEATURES`, one set for one criminal and one for two (fitted by logistic regression
    on positions of seeded games, see docs/diabolik-balance.md)."""

    solo: tuple[float, ...] = (-0.915, 0.662, -0.279, -1.308, 0.0, -0.213, -1.011, -0.513, 0.137, 0.0, 0.164, 0.133)
    duo: tuple[float, ...] = (-0.205, 0.335, -0.271, -0.205, 0.0, -0.159, -0.071, -0.258, 0.039, 0.0, 0.012, 0.119)
    box_trip: float = 7.6       # actions a loot card still in the box will take (walk, take, back, bank)


DEFAULT_WEIGHTS = Weights()

#: The hand-written evaluation (the easy and normal criminals'): the danger points left over when
#: the loot is home, guessed as the track left, less 0.55 a round for the rounds the work still
#: takes (3 actions a criminal a round), less a point a criminal on the run (0.6 more if a policeman
#: stands on him), 0.8 a detective standing on a clue, 0.7 a criminal a detective hunts, 0.25 a
#: criminal where an agent steps next; divided by 1.6 to make it a logit.
HANDMADE = Weights(
    solo=tuple(c / 1.6 for c in (0.0, 1.0, -0.55 / 3, -1.0, -0.6, -0.8, -0.7, -0.25, 0.0, 0.0, 0.0, 0.0)),
    duo=tuple(c / 1.6 for c in (0.0, 1.0, -0.55 / 6, -1.0, -0.6, -0.8, -0.7, -0.25, 0.0, 0.0, 0.0, 0.0)),
)


def work(table: Table, p: Pos, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Actions still needed to bring every loot card home (a rough count): each criminal fetches the
    loot card nearest to him (if that is shorter than a trip from the hideout), the rest are trips
    from the hideout and back; a criminal on the run must hide first."""
    h = table.hideout
    total = 0.0
    free = list(range(len(p.pos)))
    lying = list(p.loot)
    pairs = sorted((dist(p.pos[i], lo), i, lo) for i in free for lo in lying)
    fetched: set[int] = set()
    taken: set[int] = set()
    for d, i, lo in pairs:
        if i in fetched or lo in taken:
            continue
        # fetching it now: d, take, the way home, bank; else a trip from the hideout (and home first)
        home = dist(lo, h)
        carried = dist(p.pos[i], h) + 1 if p.carry[i] else 0
        if d - carried < home:
            fetched.add(i)
            taken.add(lo)
            total += d + home + 2
    for i, c in enumerate(p.pos):
        if p.run[i]:
            total += 1
        if p.carry[i] and i not in fetched:
            total += dist(c, h) + 1
    for lo in lying:
        if lo not in taken:
            total += 2 * dist(lo, h) + 2
    total += p.loot_left * w.box_trip
    return total


def features(table: Table, p: Pos, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """The position's features, in the order of :data:`FEATURES`."""
    dets = [p.police[k] for k, name in enumerate(table.police_names) if name in DETECTIVES]
    no_clues = not p.clues and p.clues_left == 0
    fugitives = cornered = hunted = agent_next = near = 0
    for i, c in enumerate(p.pos):
        if p.run[i]:
            fugitives += 1
            cornered += c in p.police
            continue
        if no_clues and any(dist(c, d) <= 1 for d in dets):
            hunted += 1
        for k, name in enumerate(table.police_names):
            at = p.police[k]
            near += dist(at, c) <= 1
            if name == "blue" and (at + 1) % RING == c or name == "yellow" and (at - 1) % RING == c:
                agent_next += 1
    clue_near = sum(1 for d in dets if d in p.clues)
    clue_far = min((dist(d, c) for d in dets for c in p.clues), default=4)
    slack = float(table.danger_max - p.danger)
    todo = work(table, p, w)
    return [1.0, slack, todo, float(fugitives), float(cornered), float(clue_near), float(hunted),
            float(agent_next), float(len(p.clues) + p.clues_left), float(near), float(clue_far), slack * todo / 10.0]


def margin(table: Table, p: Pos, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The logit of the criminals' chance of winning from ``p`` (the evaluation before the logistic)."""
    coef = w.solo if len(p.pos) == 1 else w.duo
    return sum(c * f for c, f in zip(coef, features(table, p, w)))


def value(table: Table, p: Pos, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The criminals' chances from ``p``, in [0, 1] (1 won, 0 lost)."""
    if p.over:
        return 1.0 - 0.001 * p.rounds if p.over > 0 else 0.0
    x = margin(table, p, w)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def expected_police(table: Table, p: Pos, later: Sequence[int], w: Weights = DEFAULT_WEIGHTS,
                    chooser: Chooser = worst_for_police,
                    leaf: Callable[[Pos], float] | None = None) -> float:
    """The mean value after the police phase over the station's eight faces (later dice: ``later``)."""
    if p.over:
        return value(table, p, w)
    total = 0.0
    for face in range(RING):
        q = p.copy()
        police_phase(table, q, Dice((face,), later), chooser)
        total += leaf(q) if leaf is not None else value(table, q, w)
    return total / RING
