"""Computer players for How to Rob a Bank, for either side, from their seat's view only.

The robbery is nearly deterministic once the stacks are laid, so a computer player:

- **remembers the stacks** (``observe``: every card it saw laid face up; by the table rules the view
  shows only each top, and a careful player keeps the rest in mind; easy forgets what lies under the
  tops of the others' stacks);
- **plays a revealed card** by trying every choice the card and the extra action offer on a copy of
  the board rebuilt from the view (:func:`state_from_view`), scored by :func:`value`, an estimate of
  the thieves' prospects (bags in the car, bags carried and how far from a throw, loose bags and how
  near a standing thief, stunned pieces, guards close to thieves and bags): easy one choice deep,
  normal two (:func:`best_pair`), hard plays the turn out and then the next cards of the stacks,
  which it knows, by both sides (:func:`best_reply`: three as the bank, six as a thief);
- **lays each card by looking ahead**: the cards already known on every stack are played out once on
  the rebuilt board, then each card of the hand is tried as the next one (hard also the best card
  after it, and the opponents' next cards sampled from what they may still hold) and the one whose
  outcome scores best for its side is laid.

Levels differ by lookahead and randomness, never by information: easy lays a random card one time
in three, errs on a choice one time in five and forgets the cards buried under the others' tops.
Figures: docs/robbank-ai.md.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence

from game.engine.api import Action, Event
from game.robbank.rules import board, data
from game.robbank.rules.actions import EndTurn, Lay, PlaceCar, Rotate
from game.robbank.rules.state import STACK, RobState
from game.robbank.rules.views import RobView, state_from_view

FAR = 6
GUARDED_LOOT = 0.5
"""A loose bag under a standing guard's eye is worth this much of its value (it cannot be grabbed
until the guard is sprayed or leaves)."""


@functools.lru_cache(maxsize=2048)
def distances(walls: board.Walls) -> tuple[tuple[int, ...], ...]:
    """Steps between every two rooms (FAR where a wall cuts them off)."""
    out = []
    for a in range(board.ROOMS):
        d = board.distances(walls, a)
        out.append(tuple(d.get(b, FAR) for b in range(board.ROOMS)))
    return tuple(out)


@functools.lru_cache(maxsize=2048)
def throw_sections(walls: board.Walls) -> tuple[tuple[int, int], ...]:
    """(section, the room joined to it) for every section a bag can be thrown into."""
    return tuple((s, r) for s in range(len(board.SECTIONS)) for r in [board.joined(walls, s)] if r is not None)


@functools.lru_cache(maxsize=8192)
def throw_distance(walls: board.Walls, room: int, car: int | None) -> float:
    """Roughly how many turns a thief in ``room`` needs to throw a bag: his steps to a room joined to
    a section, and (cheaper, the extra action moves it) the car's sections to that section."""
    if car is None:
        return FAR
    dist = distances(walls)[room]
    return min(dist[r] + 0.6 * board.road_distance(car, s) for s, r in throw_sections(walls))


def value(state: RobState, *, left: Mapping[str, int] | None = None) -> float:
    """The thieves' prospects on this board (the bank wants it low). ``left``: turns each thief still
    has this round (a bag still carried when the round ends is lost)."""
    walls = state.walls()
    dist = distances(walls)
    standing_guards = [g.room for g in state.guards.values() if not g.stunned]
    guarded = set(standing_guards)
    v = 100.0 * state.stolen
    awake = []
    for name, thief in state.thieves.items():
        turns = STACK - state.played.get(name, 0) if left is None else left[name]
        if thief.stunned:
            v -= 5
            turns -= 1
        else:
            awake.append(thief.room)
        near = min((dist[g][thief.room] for g in standing_guards), default=FAR)
        v -= 2.0 * max(0, 2 - near)
        if thief.carrying:
            td = throw_distance(walls, thief.room, state.car)
            bag = 40.0 - 6.0 * td
            if thief.room in guarded:
                bag -= 10
            elif near == 1:
                bag -= 4
            if thief.stunned:
                bag -= 8
            if turns <= 0:
                bag = 0.0
            elif td + 1 > turns:
                bag *= 0.35
            v += max(bag, 2.0) * min(thief.carrying, max(turns, 0)) if turns > 0 else 0.0
    for tok in state.loot:
        if tok.carrier is not None:
            continue
        d = min((dist[r][tok.room] for r in awake), default=FAR)
        worth = max(0.0, (9.0 if tok.locked else 14.0) - 3.0 * d)
        if tok.room in guarded:
            worth *= GUARDED_LOOT
        v += worth
    v += 5.0 * sum(1 for g in state.guards.values() if g.stunned)
    return v


def _side_sign(stack: str) -> float:
    return -1.0 if stack == "bank" else 1.0


def _play_on(state: RobState, action: Action) -> None:
    """``action`` on a copy, without turning up the next card (what the scoring needs)."""
    events: list[Event] = []
    state._play(action, events)


class Player:
    """A computer player for any seat of How to Rob a Bank (it reads its seat from the view)."""

    lookahead = 1            # cards tried ahead when laying
    samples = 1              # opponents' unknown cards sampled per try
    mistakes = 0.0           # chance of a random choice on a card
    random_lay = 0.0         # chance of laying a random card
    remembers = True         # keeps the cards buried under the stacks' tops in mind
    pairs = False            # plays a card two choices deep
    reply_bank = 0           # as the bank, plays a card with the next turns played out
    reply_thieves = 0        # as a thief, the same

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.round = -1
        self.memory: dict[str, list[int | None]] = {}

    # ------------------------------------------------------------------------ memory

    def observe(self, view: RobView) -> None:
        """What the seat sees now: every card in sight on a stack is kept in mind for the round."""
        if view.round != self.round:
            self.round = view.round
            self.memory = {s: [] for s in view.order}
        for stack, cards in view.stacks.items():
            mem = self.memory.setdefault(stack, [])
            if len(mem) < len(cards):
                mem.extend([None] * (len(cards) - len(mem)))
            for i, card in enumerate(cards):
                if card is not None:
                    mem[i] = card
                elif not self.remembers and stack not in self._mine(view):
                    mem[i] = None

    def _mine(self, view: RobView) -> tuple[str, ...]:
        return tuple(s for s in view.order if view.owner[s] == view.seat)

    # ------------------------------------------------------------------------ choosing

    def choose(self, view: RobView, legal: Sequence[Action]) -> Action:
        self.observe(view)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Rotate):
            return self._rotate(view, legal)
        if isinstance(first, PlaceCar):
            return self._car(view, legal)
        if isinstance(first, Lay):
            if self.random_lay and self.rng.random() < self.random_lay:
                return legal[self.rng.randrange(len(legal))]
            return self._lay(view, legal)
        if self.mistakes and self.rng.random() < self.mistakes:
            return legal[self.rng.randrange(len(legal))]
        state = state_from_view(view, self._known_stacks(view))
        assert state.turn is not None
        reply = self.reply_bank if state.turn.stack == "bank" else self.reply_thieves
        if reply:
            return best_reply(state, legal, reply)
        return (best_pair if self.pairs else best_step)(state, legal)

    # ---- the set-up

    def _rotate(self, view: RobView, legal: Sequence[Action]) -> Action:
        """Open the bank with the turn that keeps the thieves farthest from the bags."""
        best, chosen = None, legal[0]
        for action in legal:
            assert isinstance(action, Rotate)
            turns = list(view.turns)
            turns[action.room] = (turns[action.room] + 1) % 4
            walls = board.walls_of((data.all_tiles()[t].walls, q) for t, q in zip(view.tiles, turns))
            score = (board.is_open(walls), self._spread(view, walls), -action.room)
            if best is None or score > best:
                best, chosen = score, action
        return chosen

    def _spread(self, view: RobView, walls: board.Walls) -> float:
        start = next(r for r, t in enumerate(view.tiles) if "thieves" in data.all_tiles()[t].icons)
        dist = distances(walls)
        rooms = [r for r, t in enumerate(view.tiles) if "loot" in data.all_tiles()[t].icons]
        return sum(dist[start][r] for r in rooms)

    def _car(self, view: RobView, legal: Sequence[Action]) -> Action:
        """The car where the bags are nearest a throw."""
        walls = view.walls
        rooms = [tok.room for tok in view.loot if tok.carrier is None]

        def cost(action: Action) -> tuple[float, int]:
            assert isinstance(action, PlaceCar)
            return (sum(throw_distance(walls, r, action.section) for r in rooms), action.section)
        return min(legal, key=cost)

    # ---- planning

    def _known_stacks(self, view: RobView) -> dict[str, list[int]]:
        """Each stack as far as it is known, cut at its first unknown card."""
        out: dict[str, list[int]] = {}
        for stack in view.order:
            seen = list(view.stacks[stack])
            mem = self.memory.get(stack, [])
            cards = []
            for i in range(len(seen)):
                card = seen[i] if seen[i] is not None else (mem[i] if i < len(mem) else None)
                if card is None:
                    card = self._guess(view, stack, cards)
                cards.append(card)
            out[stack] = cards
        return out

    def _pool(self, view: RobView, stack: str, known: Sequence[int]) -> list[int]:
        """The cards ``stack`` may still lay: its hand if the seat sees it, else its deck less what it laid."""
        hand = view.hands.get(stack)
        if hand is not None:
            return list(hand)
        return [c for c in range(data.DECK_SIZE) if c not in known]

    def _guess(self, view: RobView, stack: str, known: Sequence[int]) -> int:
        pool = self._pool(view, stack, known)
        return pool[self.rng.randrange(len(pool))] if pool else 0

    def _lay(self, view: RobView, legal: Sequence[Action]) -> Action:
        stack = view.laying
        assert stack is not None
        known = self._known_stacks(view)
        depth = len(known[stack])
        side = _side_sign(stack)
        kinds: dict[str, Lay] = {}
        deck = data.deck("guards" if stack == "bank" else "thieves")
        for action in legal:
            assert isinstance(action, Lay)
            kinds.setdefault(data.card_name(deck[action.card]), action)
        candidates = list(kinds.values())
        if len(candidates) == 1:
            return candidates[0]
        base = state_from_view(view, {s: list(c[:depth]) for s, c in known.items()})
        base.phase = "rob"
        base.turn = None
        base.played = {s: 0 for s in view.order}
        _run(base)                                  # the cards every stack already holds below this one
        scores: dict[Lay, float] = {c: 0.0 for c in candidates}
        for _ in range(self.samples):
            step = {s: (known[s][depth] if len(known[s]) > depth else None) for s in view.order}
            if self.samples > 1:
                for s in view.order:
                    if s != stack and len(known[s]) <= depth:
                        pool = self._pool(view, s, known[s])
                        step[s] = pool[self.rng.randrange(len(pool))] if pool else None
            for candidate in candidates:
                trial = base.fork()
                cards = dict(step)
                cards[stack] = candidate.card
                _step(trial, cards)
                score = side * value(trial, left=_left(trial, depth + 1))
                if self.lookahead > 1 and depth + 1 < STACK:
                    rest = [c for c in (view.hands.get(stack) or ()) if c != candidate.card]
                    follow = []
                    for nxt in {data.card_name(deck[c]): c for c in rest}.values():
                        again = trial.fork()
                        _step(again, {s: (nxt if s == stack else None) for s in view.order})
                        follow.append(side * value(again, left=_left(again, depth + 2)))
                    if follow:
                        score = 0.5 * score + 0.5 * max(follow)
                scores[candidate] += score
        return max(candidates, key=lambda c: (scores[c], -c.card))


def _left(state: RobState, played: int) -> dict[str, int]:
    return {t: STACK - played for t in state.thieves}


def _step(state: RobState, cards: Mapping[str, int | None]) -> None:
    """One card of each stack (None: that stack does nothing), bank first, played greedily."""
    for stack in state.stack_order():
        card = cards.get(stack)
        if card is None or state.is_over():
            continue
        state.stacks[stack] = state.stacks[stack][:state.played[stack]] + [card]
        _turn(state, stack)


def _run(state: RobState) -> None:
    """Every card on the stacks played out greedily."""
    while not state.is_over():
        stack = state.next_stack()
        if stack is None:
            return
        _turn(state, stack)


def _turn(state: RobState, stack: str) -> None:
    """The next card of ``stack`` turned up and played greedily."""
    state.reveal(stack, [])
    _finish(state)


def _best(legal: Sequence[Action], score: Callable[[Action], float]) -> Action:
    """The action of highest score (ties: the first offered)."""
    best, chosen = None, legal[0]
    for action in legal:
        found = score(action)
        if best is None or found > best + 1e-9:
            best, chosen = found, action
    return chosen


def best_reply(state: RobState, legal: Sequence[Action], turns: int) -> Action:
    """Each choice played on a copy, the rest of this turn finished greedily, then the next
    ``turns`` cards of the stacks (as the player knows them: every laid card was seen face up)
    played greedily by both sides; the choice whose outcome is best for its side."""
    assert state.turn is not None
    side = _side_sign(state.turn.stack)

    def score(action: Action) -> float:
        trial = state.fork()
        if isinstance(action, EndTurn):
            trial._end_turn([])
        else:
            trial._play(action, [])
            _finish(trial)
        for _ in range(turns):
            nxt = None if trial.is_over() else trial.next_stack()
            if nxt is None:
                break
            _turn(trial, nxt)
        return side * value(trial)
    return _best(legal, score)


def _finish(state: RobState) -> None:
    """The turn under way finished greedily."""
    events: list[Event] = []
    for _ in range(12):
        if state.turn is None or state.is_over():
            return
        legal = state._turn_actions(state.owner[state.turn.stack], state.turn)
        if not legal:
            break
        action = best_step(state, legal)
        if isinstance(action, EndTurn):
            break
        state._play(action, events)
    if state.turn is not None and not state.is_over():
        state._end_turn(events)


def best_pair(state: RobState, legal: Sequence[Action]) -> Action:
    """Like :func:`best_step`, but each choice is scored with the best choice after it in the same
    turn (so a move that lets a bag be thrown next is seen as such)."""
    assert state.turn is not None
    side = _side_sign(state.turn.stack)
    seat = state.owner[state.turn.stack]
    here = side * value(state)

    def score(action: Action) -> float:
        if isinstance(action, EndTurn):
            return here
        trial = state.fork()
        _play_on(trial, action)
        found = side * value(trial)
        if trial.turn is not None and not trial.is_over():
            for nxt in trial._turn_actions(seat, trial.turn):
                if not isinstance(nxt, EndTurn):
                    again = trial.fork()
                    _play_on(again, nxt)
                    found = max(found, side * value(again))
        return found
    return _best(legal, score)


def best_step(state: RobState, legal: Sequence[Action]) -> Action:
    """The choice that leaves the best board for the side playing (ties: the first offered; ending
    the turn when nothing helps)."""
    assert state.turn is not None
    side = _side_sign(state.turn.stack)
    here = side * value(state)

    def score(action: Action) -> float:
        if isinstance(action, EndTurn):
            return here
        trial = state.fork()
        _play_on(trial, action)
        return side * value(trial)
    return _best(legal, score)


class EasyBot(Player):
    mistakes = 0.2
    random_lay = 0.35
    remembers = False
    pairs = False


class NormalBot(Player):
    pairs = True


class HardBot(Player):
    pairs = True
    lookahead = 2
    samples = 3
    reply_bank = 3
    reply_thieves = 6


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}

__all__ = ["BOTS", "EasyBot", "HardBot", "NormalBot", "Player", "best_step", "value"]
