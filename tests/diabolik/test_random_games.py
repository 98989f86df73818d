"""Many whole games with seeded random criminals (1 and 2 players, Diabolika), checking after
every action what must always hold: four loot and four clues in all, the danger never falls, at
most two roadblocks, new loot never next to loot or the hideout (unless no place is free), the
police move only as their card says, the game ends, every seat sees the table's view, and a state
rebuilt from the view plays on exactly like the real one."""

from __future__ import annotations

import copy
import random

import pytest

from game.engine.api import TABLE
from game.diabolik.rules import dist, new_game, state_from_view

CONFIGS = [{"players": 2}, {"players": 1}, {"players": 1, "character": "eva"},
           {"players": 2, "diabolika": True}]
GAMES = 60
MAX_ROUNDS = 200


def _loot_total(state):
    return len(state.loot) + sum(p.carrying for p in state.criminals.values()) + state.banked + state.loot_left


def _check_police_moves(before, events):
    """Each police_moved is one step, in the direction its reason says."""
    where = dict(before.police)
    pawns = {s: [p.pos, p.on_the_run] for s, p in before.criminals.items()}
    for e in events:
        if e.kind == "diabolik.moved":
            pawns[e.data["who"]][0] = e.data["to"]
        elif e.kind == "diabolik.discovered":
            pawns[e.data["who"]][1] = True
        elif e.kind == "diabolik.hid":
            pawns[e.data["who"]][1] = False
        fugitives = {pos for pos, run in pawns.values() if run}
        if e.kind != "diabolik.police_moved":
            continue
        who, frm, to, reason, target = (e.data[k] for k in ("who", "from", "to", "reason", "target"))
        assert where[who] == frm, e
        assert dist(frm, to) == 1, e
        if reason == "patrol":
            assert not fugitives, e
            assert who in ("blue", "yellow") and target is None
            assert to == (frm + 1) % 8 if who == "blue" else to == (frm - 1) % 8
        else:
            assert dist(to, target) == dist(frm, target) - 1, e
            if reason == "chase":
                assert target in fugitives, e
            else:
                assert reason in ("toward_clue", "toward_criminal") and who in ("ginko", "morrigan"), e
                assert not fugitives, e
        where[who] = to


def _check(state, before, events):
    assert _loot_total(state) == 4
    # nothing is left half-played: steps wait only behind a choice, and none after the end
    assert (state.phase == "choice") == (state.pending is not None)
    assert state.pending is not None or state.queue == []
    assert len(state.roadblocks) <= 2 and len(set(state.roadblocks)) == len(state.roadblocks)
    assert state.danger >= before.danger and state.danger <= state.danger_max
    assert state.banked >= before.banked
    for e in events:
        if e.kind == "diabolik.card_entered" and e.data["card"] == "loot":
            others = [p for p in state.loot if p != e.data["at"]]
            free = [q for q in range(8) if all(dist(q, b) >= 2 for b in (state.hideout, *others))]
            if free:
                assert all(dist(e.data["at"], b) >= 2 for b in (state.hideout, *others)), e
            else:
                assert e.data["at"] != state.hideout and e.data["at"] not in others
    _check_police_moves(before, events)
    view = state.view(TABLE)
    for seat in state.seats:
        assert state.view(seat) == view.__class__(**{**view.__dict__, "seat": seat})


def greedy(state, seat, legal, pick):
    """A criminal who goes for the loot (so that banking and winning are played too)."""
    from game.diabolik.rules import Bank, Hide, Move, TakeLoot

    for kind in (Bank, TakeLoot, Hide):
        for a in legal:
            if isinstance(a, kind):
                return a
    pawn = state.criminals.get(seat)
    goals = [state.hideout] if pawn and pawn.carrying else list(state.loot)
    moves = [a for a in legal if isinstance(a, Move)]
    if not moves or not goals or pick.random() < 0.2:
        return pick.choice(legal)
    return min(moves, key=lambda a: (min(dist(a.to, g) for g in goals), a.to))


def _clues_found(events):
    return sum(1 for e in events if e.kind == "diabolik.clue_found")


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_whole_random_games_keep_every_invariant(config):
    endings = set()
    banked = 0
    for seed in range(GAMES):
        state = new_game(config, seed)
        pick = random.Random(seed)
        found = 0
        while not state.is_over():
            seat = pick.choice(state.to_act())
            legal = state.legal_actions(seat)
            assert legal
            before = copy.deepcopy(state)
            action = greedy(state, seat, legal, pick) if seed % 2 else pick.choice(legal)
            events = state.apply(action)
            found += _clues_found(events)
            assert len(state.clues) + state.clues_left + found == 4
            _check(state, before, events)
            assert state.round <= MAX_ROUNDS
        endings.add(state.result().reason)
        banked = max(banked, state.banked)
        assert state.to_act() == ()
    assert endings <= {"loot_home", "danger_max"} and "danger_max" in endings
    assert banked > 0          # the greedy games do bank loot, so banking is checked too


@pytest.mark.parametrize("config", CONFIGS[:2] + CONFIGS[3:], ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_a_state_rebuilt_from_the_view_plays_on_exactly_like_the_real_one(config):
    for seed in range(15):
        state = new_game(config, seed)
        pick = random.Random(seed)
        step = 0
        while not state.is_over():
            seat = pick.choice(state.to_act())
            action = pick.choice(state.legal_actions(seat))
            if step % 3 == 0:
                rebuilt = state_from_view(state.view(seat), copy.deepcopy(state.rng))
                assert rebuilt == state
                twin_events = rebuilt.apply(action)
                events = state.apply(action)
                assert twin_events == events and rebuilt == state
            else:
                state.apply(action)
            step += 1


def test_the_view_shares_nothing_mutable_with_the_state():
    state = new_game({"players": 2}, 5)
    view = state.view(TABLE)
    view.criminals["eva"] = None
    view.police["ginko"] = 99
    assert state.criminals["eva"] is not None and state.police["ginko"] != 99
    assert state.view(TABLE) != view


def test_what_legal_actions_offers_is_exactly_what_apply_accepts():
    from game.engine.api import IllegalAction
    from game.diabolik.rules import Bank, Choose, EndTurn, Hide, Move, TakeLoot

    checked = 0
    for config in CONFIGS:
        for seed in range(6):
            state = new_game(config, seed)
            pick = random.Random(seed)
            while not state.is_over():
                for seat in ("diabolik", "eva"):
                    legal = state.legal_actions(seat)
                    candidates = [*(Move(seat, to) for to in range(8)), Hide(seat), TakeLoot(seat), Bank(seat),
                                  EndTurn(seat), *(Choose(seat, i) for i in range(3))]
                    for action in candidates:
                        trial = copy.deepcopy(state)
                        try:
                            trial.apply(action)
                            accepted = True
                        except IllegalAction:
                            accepted = False
                            assert trial == state
                        assert accepted == (action in legal), (action, legal)
                        checked += 1
                seat = pick.choice(state.to_act())
                state.apply(greedy(state, seat, state.legal_actions(seat), pick))
    assert checked > 1000
