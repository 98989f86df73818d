"""The police's belief about the hidden gang (game/lupin/belief.py, issue #14's first brick).

Whole seeded games, both sides played by the bots, a Belief updated from Zenigata's view after
every action: the true spot of every hidden member is always in his set (soundness), a shown
member's set is his square, the sets stay well short of the whole board, and the Belief reads the
view only (two states with the same police view give the same belief).
"""

from __future__ import annotations

import random
import statistics

import pytest

from game.lupin.ai import BOTS
from game.lupin.belief import Belief
from game.lupin.rules.geometry import BoardState, Inside, Under
from game.lupin.rules.state import LupinState, new_game

EPISODES = ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")


def _hidden_on_board(state: LupinState, m: str) -> bool:
    f = state.figures[m]
    return f.spot is not None and not f.escaped and f.arrested_by is None and not state.is_shown(m)


def _play(episode: str, players: int, seed: int, bots: str, each=None, stop=None):
    """Play a seeded game, updating a Belief from Zenigata's view after every action; ``each(state,
    belief)`` runs after every update; ``stop(state)`` ends the game early."""
    state = new_game({"episode": episode, "players": players}, seed)
    rng = random.Random(seed)
    belief = Belief(state.view("zenigata"))
    bots_by_seat: dict = {}
    actions = 0
    while not state.is_over() and actions < 3000:
        if stop is not None and stop(state):
            break
        seats = state.to_act()
        seat = seats[rng.randrange(len(seats))]
        bot = bots_by_seat.setdefault(seat, BOTS[bots](seed * 101 + len(bots_by_seat)))
        state.apply(bot.choose(state.view(seat), state.legal_actions(seat)))
        actions += 1
        belief.update(state.view("zenigata"))
        if each is not None:
            each(state, belief)
    return state, belief


GAMES = [(e, p, s, "heuristic") for e in EPISODES for p in (2, 5) for s in (0, 1)] + \
        [(e, p, 2, "random") for e in EPISODES for p in (2, 5)]


@pytest.mark.parametrize("episode,players,seed,bots", GAMES)
def test_the_true_square_of_every_hidden_member_is_always_in_his_set(episode, players, seed, bots):
    misses: list[str] = []
    sizes: list[int] = []

    def check(state: LupinState, belief: Belief) -> None:
        for m in state.gang:
            f = state.figures[m]
            if state.is_shown(m) and f.spot is not None and f.arrested_by is None and not f.escaped:
                # shown: the set collapses to his square
                assert belief.spots(m) == frozenset([f.spot]), (m, state.round, state.phase)
            elif _hidden_on_board(state, m):
                sizes.append(len(belief.spots(m)))
                if f.spot not in belief.spots(m):
                    misses.append(f"round {state.round} {state.phase}: {m} on {f.spot} not in his "
                                  f"{len(belief.spots(m))} spots")
            elif f.escaped or f.arrested_by is not None:
                assert belief.spots(m) == frozenset(), (m, "off the board")

    _play(episode, players, seed, bots, check)
    assert not misses, misses[:5]
    assert sizes, "nobody was ever hidden: the test checked nothing"


@pytest.mark.parametrize("episode", EPISODES)
def test_the_sets_are_far_from_the_whole_board(episode):
    """A member who walks 5 squares a round is not believed anywhere: over whole games the mean
    set is well under the board's spots, and before the gang's first move the set is the start
    squares (the figures measured: tests' docstring in belief.py)."""
    sizes: list[int] = []
    first: dict[str, int] = {}

    def check(state: LupinState, belief: Belief) -> None:
        for m in state.gang:
            if _hidden_on_board(state, m):
                sizes.append(len(belief.spots(m)))
                if state.round == 1 and state.phase == "gang" and state.active is None and m not in first \
                        and not state.figures[m].moved:
                    first[m] = len(belief.spots(m))

    state, belief = _play(episode, 2, 0, "heuristic", check)
    board = len(belief._all_spots(BoardState()))
    starts = len(belief._starts)
    assert first and all(n <= starts for n in first.values()), (first, starts)
    assert statistics.mean(sizes) < 0.65 * board, (statistics.mean(sizes), board)


def _hidden_moment(state: LupinState) -> bool:
    return state.round >= 3 and state.phase == "police" and any(
        _hidden_on_board(state, m) and not isinstance(state.figures[m].spot, (Inside, Under)) for m in state.gang)


@pytest.mark.parametrize("episode,players,seed", [("rosso-rubino", 2, 0), ("gran-colpo", 5, 1),
                                                  ("cagliostro", 2, 1), ("stonehenge", 5, 0)])
def test_the_belief_reads_only_zenigatas_view(episode, players, seed):
    """Move a hidden member to another square of his set (one the police do not see): Zenigata's
    view is the same, and so is the belief updated with it; the truth differs."""
    state, belief = _play(episode, players, seed, "heuristic", stop=_hidden_moment)
    assert _hidden_moment(state), "the game never reached a hidden member in the police phase"
    m = next(m for m in state.gang if _hidden_on_board(state, m)
             and not isinstance(state.figures[m].spot, (Inside, Under)))
    other = state.snapshot()
    here = state.figures[m].spot
    moved_to = None
    for spot in sorted(belief.spots(m), key=str):
        if spot == here or isinstance(spot, (Inside, Under)):
            continue
        other.figures[m].spot = spot
        if other.view("zenigata") == state.view("zenigata") and not other.in_police_sight(m):
            moved_to = spot
            break
    assert moved_to is not None, "no other square in his set keeps Zenigata's view the same"
    assert other.figures[m].spot != state.figures[m].spot
    a, b = belief.copy(), belief.copy()
    a.update(state.view("zenigata"))
    b.update(other.view("zenigata"))
    assert {k: a.spots(k) for k in a.members} == {k: b.spots(k) for k in b.members}
    assert moved_to in b.spots(m) and here in a.spots(m)


def test_a_belief_refuses_a_gang_seats_view():
    state = new_game({"episode": "rosso-rubino", "players": 2}, 0)
    with pytest.raises(ValueError):
        Belief(state.view("lupin"))
