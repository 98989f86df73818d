"""Computer criminals for Diabolik – Quadruplo furto: ``easy``, ``normal`` and ``hard``.

The police are automated and every police choice is the criminals', so the game is a one-sided
stochastic planning problem (../shared/AI.md). A bot reads only its seat's view and legal actions;
everything on the table is public but the dice, so it may rebuild the position from the view and
look ahead on a fast copy of the rules (:mod:`game.diabolik.search`), or, for the rare pending
choice, on the real rules through ``state_from_view`` with a die of its own. It never touches the
game's state or its RNG.

* ``easy``: greedy, one action at a time: of the legal actions, the one that leaves the best
  position at a glance (no look at the police phase), and now and then (15 %) any legal action.
* ``normal``: plans its own turn: every sequence of up to 3 actions, each scored by the mean, over
  the station's eight faces, of the position after the police phase (the evaluation of
  :func:`game.diabolik.search.value`). A partner still to play is assumed to do nothing.
* ``hard``: expectimax over both criminals' turns: its own turn, then (when the partner has still to
  play this round) the partner's best answer, then the police phase summed over the station's d8;
  the best few plans are then looked at one round deeper (the next turn's best plan after each
  face). Pending choices (a policeman's step, a slide, a roadblock's side) are answered by trying
  each option on the real rules and taking the one worst for the police.

Bots are deterministic given their seed (their own ``random.Random``; the later dice of a search are
drawn from it once per decision, so every plan meets the same dice).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.diabolik import search as S
from game.engine.api import Action
from game.engine.rng import Rng

LEVELS = ("easy", "normal", "hard")


def station_effects() -> tuple[S.Effect, ...]:
    """The station's d8 as the rules read it from data (face 1..8 at index 0..7)."""
    from game.diabolik.rules import data

    table = data.station()
    out: list[S.Effect] = []
    for face in range(1, 9):
        r = table[face]
        if r.effect == "danger":
            out.append(("danger", r.n))
        elif r.effect == "activate":
            out.append(("activate", S._expand(r.who)))
        else:
            out.append((r.effect, None))
    return tuple(out)


def step_of(action: Action) -> S.Step:
    name = type(action).__name__
    if name == "Move":
        return ("move", action.to)   # type: ignore[attr-defined]
    return {"Hide": ("hide",), "TakeLoot": ("take",), "Bank": ("bank",), "EndTurn": ("end",)}.get(name, ("?",))


def _action_for(step: S.Step, legal: Sequence[Action]) -> Action | None:
    for a in legal:
        if step_of(a) == step:
            return a
    return None


class CriminalBot:
    """The shared machinery: the view → the search's position, the plan kept through a turn."""

    level = "normal"
    randomness = 0.0
    default_weights = S.DEFAULT_WEIGHTS

    def __init__(self, seed: int, station: Sequence[S.Effect] | None = None,
                 weights: S.Weights | None = None):
        self.rng = random.Random(seed)
        self.seed = seed
        self._station = tuple(station) if station is not None else None
        self.weights = weights if weights is not None else self.default_weights
        self._plan: list[tuple[S.Step, tuple]] = []    # (step, (round, actions left, position) before it)

    @property
    def station(self) -> tuple[S.Effect, ...]:
        if self._station is None:
            self._station = station_effects()
        return self._station

    # ------------------------------------------------------------------------------ the API
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if view.pending is not None:
            self._plan = []
            return self.choose_pending(view, legal)
        if self.randomness and self.rng.random() < self.randomness:
            self._plan = []
            return legal[self.rng.randrange(len(legal))]
        table, pos = S.from_view(view, self.station)
        me = table.seats.index(view.seat)
        if self._plan and self._plan[0][1] == (view.round, view.actions_left, pos.key()):
            step = self._plan.pop(0)[0]
            action = _action_for(step, legal)
            if action is not None:
                return action
        self._plan = []
        later = [self.rng.randrange(8) for _ in range(6)]
        steps = self.plan_turn(view, table, pos, me, later)
        # the position expected before each later step, to follow the plan without searching again
        plan: list[tuple[S.Step, tuple]] = []
        q = pos.copy()
        for k, step in enumerate(steps):
            if k:
                plan.append((step, (view.round, view.actions_left - k, q.key())))
            if step[0] in ("take", "end"):
                break   # a new loot card's place is chance: plan again after it
            S.do_step(table, q, me, step, S.Dice((), later), S.worst_for_police)
        self._plan = plan
        first = steps[0] if steps else ("end",)
        action = _action_for(first, legal)
        if action is None:
            self._plan = []
            action = _action_for(("end",), legal) or legal[0]
        return action

    def plan_turn(self, view: Any, table: S.Table, pos: S.Pos, me: int, later: list[int]) -> list[S.Step]:
        raise NotImplementedError

    # ------------------------------------------------------------------- the police's choices
    def choose_pending(self, view: Any, legal: Sequence[Action]) -> Action:
        """Each option tried on the real rules (a die of the bot's own), the one worst for the police."""
        from game.diabolik.rules import Choose, state_from_view

        options = [a for a in legal if isinstance(a, Choose)]
        if len(options) <= 1:
            return options[0] if options else legal[0]
        samples = 3 if self.level == "hard" else 1
        best: tuple[float, int] = (-1.0, 0)
        seeds = [self.rng.randrange(2**31) for _ in range(samples)]
        for idx, action in enumerate(options):
            total = 0.0
            for s in seeds:
                state = state_from_view(view, Rng(s))
                state.apply(action)
                total += self._after_choices(state, view.seat)
            if total / samples > best[0] + 1e-12:
                best = (total / samples, idx)
        return options[best[1]]

    def _after_choices(self, state: Any, seat: str) -> float:
        """The position's value once the police phase is over (later choices: at a glance)."""
        from game.diabolik.rules import Choose

        for _ in range(20):
            if state.is_over():
                break
            v = state.view(seat)
            if v.pending is None:
                break
            table, pos = S.from_view(v, self.station)
            opts = tuple(v.pending.options)
            pick = S.worst_for_police(table, pos, v.pending.kind, opts, dict(v.pending.context))
            state.apply(Choose(v.pending.seat, pick))
        v = state.view(seat)
        table, pos = S.from_view(v, self.station)
        return S.value(table, pos, self.weights)


class EasyBot(CriminalBot):
    """Greedy: the legal action whose result looks best at a glance (the hand-written evaluation);
    15 % of the time any action."""

    level = "easy"
    randomness = 0.15
    default_weights = S.HANDMADE

    def plan_turn(self, view: Any, table: S.Table, pos: S.Pos, me: int, later: list[int]) -> list[S.Step]:
        best: tuple[float, S.Step] = (S.value(table, pos, self.weights), ("end",))
        for step in S.steps_for(table, pos, me):
            q = pos.copy()
            S.do_step(table, q, me, step, S.Dice((), later), S.worst_for_police)
            v = S.value(table, q, self.weights)
            if v > best[0] + 1e-9:
                best = (v, step)
        return [best[1]]

    def choose_pending(self, view: Any, legal: Sequence[Action]) -> Action:
        from game.diabolik.rules import Choose

        table, pos = S.from_view(view, self.station)
        p = view.pending
        pick = S.worst_for_police(table, pos, p.kind, tuple(p.options), dict(p.context))
        return next((a for a in legal if isinstance(a, Choose) and a.option == pick), legal[0])


def _others_to_play(view: Any, table: S.Table, me: int) -> list[int]:
    done = set(view.done)
    return [j for j, s in enumerate(table.seats) if j != me and s not in done]


class NormalBot(CriminalBot):
    """Its own turn planned against the police phase's expected outcome (partner idle), scored by
    the hand-written evaluation."""

    level = "normal"
    default_weights = S.HANDMADE

    def plan_turn(self, view: Any, table: S.Table, pos: S.Pos, me: int, later: list[int]) -> list[S.Step]:
        best: tuple[float, tuple[S.Step, ...]] = (-1.0, ())
        for plan, q in S.turns(table, pos, me, view.actions_left, later):
            v = S.expected_police(table, q, later, self.weights)
            if v > best[0] + 1e-9:
                best = (v, plan)
        return list(best[1]) + [("end",)]


class HardBot(CriminalBot):
    """Expectimax over both criminals' turns and the station's d8, then one round deeper for the
    most promising plans."""

    level = "hard"
    partner_width = 5     # the partner's answers searched against the police (the best at a glance)
    next_width = 2
    # (own plans looked at one round deeper, each criminal's turns tried in that round, the
    # partner's answers there) for one criminal and for two: two criminals' rounds cost more
    deep = {1: (6, 3, 0), 2: (3, 2, 3)}

    def plan_turn(self, view: Any, table: S.Table, pos: S.Pos, me: int, later: list[int]) -> list[S.Step]:
        movers = [me, *_others_to_play(view, table, me)]
        deep_width, self.next_width, deep_partner = self.deep[min(2, len(table.seats))]
        scored: list[tuple[float, int, tuple[S.Step, ...], S.Pos]] = []
        for n, (plan, q) in enumerate(S.turns(table, pos, me, view.actions_left, later)):
            v = self._rest_of_round(table, q, movers[1:], later, 1, self.partner_width)
            scored.append((v, -n, plan, q))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        if deep_width > 1 and len(scored) > 1:
            deep = [(self._rest_of_round(table, q, movers[1:], later, 2, deep_partner) if not q.over else v,
                     n, plan) for v, n, plan, q in scored[:deep_width]]
            deep.sort(key=lambda t: (t[0], t[1]), reverse=True)
            return list(deep[0][2]) + [("end",)]
        return list(scored[0][2]) + [("end",)]

    def _rest_of_round(self, table: S.Table, q: S.Pos, movers: list[int], later: list[int], depth: int,
                       width: int) -> float:
        """The best the criminals in ``movers`` can do after ``q`` this round (each trying its
        ``width`` best turns at a glance), then the police phase over the eight faces, then (depth 2)
        the next round the same way."""
        w = self.weights
        if q.over:
            return S.value(table, q, w)
        if movers:
            q = q.copy()
            q.sighted = False
            turns = [(S.value(table, r, w), r) for _plan, r in S.turns(table, q, movers[0], 3, later)]
            turns.sort(key=lambda t: t[0], reverse=True)
            return max(self._rest_of_round(table, r, movers[1:], later, depth, width) for _v, r in turns[:width])
        if depth <= 1:
            return S.expected_police(table, q, later, w)
        total = 0.0
        later2 = later[1:] + later[:1]
        everyone = list(range(len(table.seats)))
        for face in range(S.RING):
            r = q.copy()
            S.police_phase(table, r, S.Dice((face,), later), S.worst_for_police)
            total += self._rest_of_round(table, r, everyone, later2, depth - 1, self.next_width)
        return total / S.RING


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
