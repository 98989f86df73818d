"""Whole seeded games (2, 3 and 4 players, table and open stacks) played by random computer players
and by the computer players of game/robbank/ai.py, checking after every action what must always
hold: never more than the box's seven bags, carried bags where their thief is, no figure in a room
it could not reach, no stunned figure acting, every move of a guard card made (against a brute
force of the card), five cards a stack each round, the end within three rounds, and the same game
from the same seed. And: what legal_actions offers is exactly what apply accepts."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from game.engine.api import IllegalAction
from game.engine.playout import RandomBot
from game.robbank import ai
from game.robbank.rules import (
    ACTIONS, EndTurn, GuardMove, Grab, Lay, Lock, MoveCar, PassBag, Pick, PlaceCar, Rotate, SetOffAlarm, Spray,
    StandUp, Tackle, ThiefMove, Throw, Vents, board, data, new_game,
)
from game.robbank.rules.state import GUARDS, ROUNDS, STACK

CONFIGS = [{"players": p, "stacks": s} for p in (2, 3, 4) for s in ("table", "open")]


def _id(config: dict) -> str:
    return f"{config['players']}p-{config.get('stacks', 'table')}"


def most_guard_moves(walls, start: dict[str, int], standing: list[str], k: int) -> int:
    """Brute force of a guard card's ``k`` move icons: the most that can be made, each one room
    through no wall, so that no guard moved ends in the room he started from."""
    steps = [(g, side) for g in standing for side in board.SIDES]
    for n in range(k, 0, -1):
        for seq in itertools.product(steps, repeat=n):
            pos = dict(start)
            ok = True
            for g, side in seq:
                nxt = board.neighbour(pos[g], side)
                if nxt is None or board.blocked(walls, pos[g], side):
                    ok = False
                    break
                pos[g] = nxt
            if ok and all(pos[g] != start[g] for g, _ in seq):
                return n
    return 0


def door(walls, a: int, b: int) -> bool:
    """Rooms ``a`` and ``b`` side by side with no wall between (read off the walls here, not
    through board.exits)."""
    (ra, ca), (rb, cb) = divmod(a, 3), divmod(b, 3)
    side = {(-1, 0): "n", (1, 0): "s", (0, 1): "e", (0, -1): "w"}.get((rb - ra, cb - ca))
    return side is not None and (a, side) not in walls and (b, board.OPPOSITE[side]) not in walls


class Watch:
    """Every invariant, checked after each action from the state before and the events."""

    def __init__(self, state):
        self.target = state.target()
        self.bank_turn: dict[str, Any] | None = None      # the bank's card under way
        self.revealed: dict[str, int] = {}
        self.guard_cards = 0
        self._round_start(state)
        self._on_icons(state)

    def _round_start(self, state):
        self.revealed = {s: 0 for s in state.stack_order()}

    def after(self, before, action, events, state):
        ks = [e.kind.removeprefix("robbank.") for e in events]
        # ---- the box: seven bags at most, carried ones with their thief
        assert state.stolen + len(state.loot) <= data.LOOT_TOKENS
        assert state.stolen >= before.stolen and state.stolen <= self.target
        for name, thief in state.thieves.items():
            mine = [t for t in state.loot if t.carrier == name]
            assert thief.carrying == len(mine), (name, thief, state.loot)
            assert all(t.room == thief.room and not t.locked for t in mine), (name, mine)
        assert all(t.carrier in (None, *state.thieves) and 0 <= t.room < 9 for t in state.loot)
        assert state.round <= ROUNDS
        # ---- who acts is never down
        self._actor_standing(before, action)
        # ---- who moved, and how
        if before.phase == "rob" and state.round == before.round:
            self._moves(before, action, state)
        if state.round != before.round or (before.phase == "explore" and state.phase != "explore"):
            self._on_icons(state)
        # ---- the cards
        if isinstance(action, Lay) and state.phase == "rob":
            assert all(len(state.stacks[s]) == STACK and len(state.hands[s]) == 3 for s in state.stack_order())
        self._guard_card(before, action, events, state)
        for e in events:
            if e.kind == "robbank.revealed":
                self.revealed[e.data["stack"]] += 1
                assert self.revealed[e.data["stack"]] <= STACK
            elif e.kind == "robbank.round_end":
                assert self.revealed == {s: STACK for s in self.revealed}, self.revealed
                self._round_start(state)
        if "over" in ks:
            assert state.is_over() and state.result() is not None
            if state.won:
                assert state.stolen >= self.target
            else:
                assert state.round == ROUNDS and state.stolen < self.target

    def _actor_standing(self, before, action):
        guard = getattr(action, "guard", None)
        if isinstance(action, (GuardMove, Tackle, Lock)):
            assert not before.guards[guard].stunned, action
        if isinstance(action, (ThiefMove, Vents, Grab, Pick, Spray, MoveCar, Throw, PassBag, SetOffAlarm)):
            assert not before.thieves[action.thief].stunned, action
        if isinstance(action, Tackle):
            assert not before.thieves[action.thief].stunned, action
        if isinstance(action, Spray):
            assert not before.guards[action.guard].stunned, action
        if isinstance(action, (Grab, Pick, Throw, PassBag, SetOffAlarm)):
            room = before.thieves[action.thief].room
            assert not any(g.room == room and not g.stunned for g in before.guards.values()), action

    def _moves(self, before, action, state):
        walls = before.walls()
        for kind, figures_b, figures_a in (("guard", before.guards, state.guards),
                                           ("thief", before.thieves, state.thieves)):
            for name, fig in figures_b.items():
                now = figures_a[name].room
                if now == fig.room:
                    continue
                if isinstance(action, GuardMove) and name == action.guard:
                    assert door(walls, fig.room, now), (action, fig.room, now)
                elif isinstance(action, ThiefMove) and name == action.thief:
                    assert door(walls, fig.room, now), (action, fig.room, now)
                elif isinstance(action, Vents) and name == action.thief:
                    assert now == action.to
                elif isinstance(action, SetOffAlarm) and kind == "guard":
                    assert now == before.alarm.room and not fig.stunned
                else:
                    raise AssertionError(f"{name} went from {fig.room} to {now} on {action}")

    def _on_icons(self, state):
        if state.phase == "explore":
            return
        tiles = data.all_tiles()
        icons = {i: [r for r, t in enumerate(state.tiles) for j in tiles[t].icons if j == i]
                 for i in ("guard", "thieves", "alarm", "loot")}
        assert [g.room for g in state.guards.values()] == icons["guard"]
        assert {t.room for t in state.thieves.values()} == set(icons["thieves"])
        assert state.alarm is not None and state.alarm.room == icons["alarm"][0]
        placed = [t.room for t in state.loot]
        assert placed == icons["loot"][:len(placed)]
        assert len(placed) == min(len(icons["loot"]), data.LOOT_TOKENS - state.stolen)
        assert board.is_open(state.walls())
        assert state.car is not None or state.phase == "car"

    def _guard_card(self, before, action, events, state):
        """Every move of a guard card is made, as many as the brute force finds (unless the card
        was spent standing the guards up)."""
        if self.bank_turn is not None and isinstance(action, GuardMove):
            self.bank_turn["moves"] += 1
            self.bank_turn["moved"].add(action.guard)
        for e in events:
            if e.kind == "robbank.revealed" and e.data["stack"] == "bank":
                # nothing moves a guard between his card turned up and the end of this action
                card = data.deck("guards")[e.data["card"]]
                self.bank_turn = {
                    "k": sum(1 for part in card if part == ("move",)),
                    "start": {g: f.room for g, f in state.guards.items()},
                    "standing": [g for g, f in sorted(state.guards.items()) if not f.stunned],
                    "walls": state.walls(), "moves": 0, "stood": False, "moved": set(),
                }
            elif e.kind == "robbank.stood_up" and e.data["stack"] == "bank":
                assert self.bank_turn is not None
                self.bank_turn["stood"] = True
            elif e.kind == "robbank.turn_end" and e.data["stack"] == "bank":
                turn = self.bank_turn
                assert turn is not None
                if turn["stood"]:
                    assert turn["moves"] == 0
                else:
                    best = most_guard_moves(turn["walls"], turn["start"], turn["standing"], turn["k"])
                    assert turn["moves"] == best, (turn, best)
                    for g in turn["moved"]:           # no guard moved ends where he started
                        assert g in turn["standing"] and state.guards[g].room != turn["start"][g], (g, turn)
                    for g, room in turn["start"].items():
                        assert g in turn["moved"] or state.guards[g].room == room, (g, turn)
                    self.guard_cards += 1
                self.bank_turn = None


def _bot(level: str, seed: int):
    return RandomBot(seed) if level == "random" else ai.BOTS[level](seed)


def play(config: dict, seed: int, bank: str = "random", thieves: str = "random", watch: bool = True):
    """One game as simulate plays it (bots seeded from the seed, observing their views); the
    actions made and the final state."""
    state = new_game(config, seed)
    watcher = Watch(state) if watch else None
    bots: dict[str, Any] = {}
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert legal, (seat, state.phase)
        view = state.view(seat)
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = _bot(bank if seat == "bank" else thieves, seed * 101 + state.seats.index(seat))
        for other, b in bots.items():
            if hasattr(b, "observe") and other != seat:
                b.observe(state.view(other))
        action = bot.choose(view, legal)
        assert action in legal
        before = state.snapshot() if watcher else None
        events = state.apply(action)
        actions.append(action)
        if watcher:
            watcher.after(before, action, events, state)
        assert len(actions) < 4000
    return actions, state, watcher


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_random_games_keep_every_invariant(config):
    ends = set()
    cards = 0
    for seed in range(8):
        actions, state, watch = play(config, seed)
        assert state.is_over() and state.round <= ROUNDS
        ends.add(state.result().reason)
        cards += watch.guard_cards
    assert "bank_held" in ends
    assert cards > 20


@pytest.mark.parametrize("players, bank, thieves, seeds", [
    (2, "normal", "normal", 3),
    (3, "normal", "normal", 3),
    (4, "normal", "normal", 2),
    (3, "easy", "hard", 1),
    (4, "random", "normal", 2),
    (2, "hard", "easy", 1),
])
def test_computer_players_games_keep_every_invariant(players, bank, thieves, seeds):
    for seed in range(seeds):
        stacks = "open" if seed % 2 else "table"
        actions, state, watch = play({"players": players, "stacks": stacks}, 100 + seed, bank, thieves)
        assert state.is_over()


def test_the_thieves_do_win_sometimes_so_the_end_by_theft_is_checked_too():
    reasons = set()
    for seed in range(6):
        _, state, _ = play({"players": 3}, 200 + seed, "random", "normal")
        reasons.add(state.result().reason)
        if "loot_stolen" in reasons:
            break
    assert "loot_stolen" in reasons


@pytest.mark.parametrize("config, bank, thieves", [({"players": 2}, "random", "random"),
                                                   ({"players": 4, "stacks": "open"}, "normal", "normal")])
def test_the_same_seed_gives_the_same_game(config, bank, thieves):
    first, end1, _ = play(config, 11, bank, thieves, watch=False)
    again, end2, _ = play(config, 11, bank, thieves, watch=False)
    assert first == again and end1 == end2
    other, _, _ = play(config, 12, bank, thieves, watch=False)
    assert other != first


def _candidates(state, seat):
    """Most moves a seat might try now, legal or not."""
    thieves = ("yellow", "red", "green")
    out = [StandUp(seat), EndTurn(seat), *(Throw(seat, t) for t in thieves), *(SetOffAlarm(seat, t) for t in thieves)]
    out += [Rotate(seat, r) for r in range(-1, 10)] + [PlaceCar(seat, s) for s in range(-1, 13)]
    out += [Lay(seat, s, c) for s in ("bank", *thieves) for c in range(16)]
    out += [GuardMove(seat, g, r) for g in GUARDS for r in range(-1, 10)]
    out += [Tackle(seat, g, t) for g in GUARDS for t in thieves]
    out += [Lock(seat, g, i) for g in GUARDS for i in range(-1, 8)]
    for t in thieves:
        out += [ThiefMove(seat, t, r) for r in range(-1, 10)] + [Vents(seat, t, r) for r in range(9)]
        out += [Grab(seat, t, i) for i in range(-1, 8)] + [Pick(seat, t, i) for i in range(-1, 8)]
        out += [Spray(seat, t, g) for g in GUARDS] + [MoveCar(seat, t, s) for s in range(-1, 13)]
        out += [PassBag(seat, t, o) for o in thieves]
    return out


@pytest.mark.parametrize("config", [{"players": 2}, {"players": 3}, {"players": 4, "stacks": "open"}], ids=_id)
def test_what_legal_actions_offers_is_exactly_what_apply_accepts(config):
    assert {type(a) for a in _candidates(new_game(config, 0), "bank")} == set(ACTIONS)
    checked = 0
    for seed in range(2):
        state = new_game(config, 300 + seed)
        pick = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for other in state.seats:
                if other != seat:
                    assert state.legal_actions(other) == []
            tries = pick.sample(_candidates(state, seat), 30) + list(legal)
            tries += pick.sample(_candidates(state, pick.choice(state.seats)), 5)
            before = state.snapshot()
            for action in tries:
                if action in legal and action.seat == seat:
                    trial = state.snapshot()
                    trial.apply(action)              # accepted
                else:
                    with pytest.raises(IllegalAction) as caught:
                        state.apply(action)
                    assert state == before, action
                    assert caught.value.text("it").strip() and caught.value.text("en").strip()
                checked += 1
            state.apply(pick.choice(legal))
    assert checked > 2000
