"""The seeded RNG: same seed, same game; its position can be saved as JSON and resumed."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from game.engine.rng import Rng, new_seed


def _draws(rng: Rng) -> list:
    return [rng.d6(), rng.roll(5), rng.shuffled(range(20)), rng.choice("abcdefgh"), rng.randint(-5, 5),
            rng.below(1000), rng.random()]


def test_same_seed_same_sequence():
    assert _draws(Rng(7)) == _draws(Rng(7))


def test_different_seeds_differ():
    assert len({json.dumps(_draws(Rng(seed))) for seed in range(20)}) == 20


def test_the_sequence_never_changes():
    """Saves replay their dice from the seed: a change here would change every saved game."""
    rng = Rng(42)
    assert rng.roll(10) == [4, 1, 2, 2, 5, 5, 6, 1, 3, 1]
    assert rng.shuffled(range(10)) == [5, 8, 6, 7, 9, 3, 1, 0, 4, 2]
    assert (rng.choice("abcdef"), rng.randint(10, 20), rng.below(1000)) == ("a", 18, 698)


def test_state_saved_as_json_resumes_the_same_sequence():
    rng = Rng(123)
    rng.roll(17)
    saved = json.loads(json.dumps(rng.get_state()))
    expected = _draws(rng)
    assert _draws(Rng.from_state(saved)) == expected
    other = Rng(5)
    other.set_state(saved)
    assert _draws(other) == expected


def test_equality_follows_the_position():
    a, b = Rng(3), Rng(3)
    assert a == b
    a.d6()
    assert a != b
    b.d6()
    assert a == b
    twin = copy.deepcopy(a)
    assert twin == a and _draws(twin) == _draws(a)


def test_a_deep_copy_goes_on_by_itself_and_keeps_a_subclass_and_its_attributes():
    class Marked(Rng):
        def __init__(self, seed):
            super().__init__(seed)
            self.notes = [1]

    a = Marked(5)
    twin = copy.deepcopy(a)
    assert type(twin) is Marked and twin.notes == [1] and twin.notes is not a.notes
    first = a.random()
    assert twin != a and twin.random() == first and twin == a


def test_a_fork_draws_like_its_parent_and_neither_moves_the_other():
    a = Rng(11)
    a.d6()
    b = a.fork()
    c = b.fork()
    expected = _draws(copy.deepcopy(a))
    assert _draws(b) == expected          # b draws first: a and c stay where they were
    assert _draws(a) == expected
    assert _draws(c) == expected
    d = a.fork()
    d.set_state(Rng(99).get_state())      # a new position for the fork alone
    assert d == Rng(99) and a != d
    e = a.fork()
    assert copy.deepcopy(e) == e and _draws(copy.deepcopy(e)) == _draws(a)


def test_repr_does_not_leak_the_state():
    assert "internal" not in repr(Rng(1)) and len(repr(Rng(1))) < 40


@pytest.mark.parametrize("bad", [
    None, {}, {"version": 3, "internal": [0] * 10, "gauss_next": None},
    {"version": 3, "internal": [-1] * 625, "gauss_next": None},
    {"version": 3, "internal": [0] * 625, "gauss_next": "x"},
    {"version": 99, "internal": [0] * 624 + [1], "gauss_next": None},
])
def test_unusable_states_are_refused(bad):
    rng = Rng(1)
    before = rng.get_state()
    with pytest.raises(ValueError):
        rng.set_state(bad)
    assert rng.get_state() == before


def test_dice_are_fair_enough():
    rng = Rng(99)
    counts = Counter(rng.d6() for _ in range(6000))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert all(850 < n < 1150 for n in counts.values())
    assert all(1 <= v <= 8 for v in rng.roll(200, sides=8))
    assert rng.roll(0) == []


def test_shuffle_is_a_permutation_in_place_and_shuffled_copies():
    rng = Rng(5)
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    source = (1, 2, 3, 4, 5)
    out = rng.shuffled(source)
    assert sorted(out) == list(source) and source == (1, 2, 3, 4, 5)


def test_choice_covers_every_item():
    rng = Rng(8)
    assert {rng.choice("abc") for _ in range(100)} == {"a", "b", "c"}


@pytest.mark.parametrize("call", [
    lambda r: r.choice([]), lambda r: r.below(0), lambda r: r.randint(3, 2), lambda r: r.roll(-1),
])
def test_impossible_draws_raise(call):
    with pytest.raises(ValueError):
        call(Rng(1))


@pytest.mark.parametrize("seed, error", [
    (-1, ValueError), (True, TypeError), ("12", TypeError), (1.5, TypeError),
])
def test_seeds_are_non_negative_whole_numbers(seed, error):
    with pytest.raises(error):
        Rng(seed)


def test_new_seeds_are_fresh_and_usable():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < 2**63 for s in seeds)
    Rng(max(seeds)).d6()
