"""Set-up and the placement of new cards (rulebook p.2 and p.5, the contract's "slide")."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE
from game.diabolik.rules import LOCATION_IDS, Choose, dist, new_game
from game.diabolik.rules.table import slide_options, steps_toward
from tests.diabolik.kit import make_state, of


@pytest.mark.parametrize("seed", range(40))
def test_the_table_is_set_as_the_rulebook_says(seed):
    state = new_game({"players": 2}, seed)
    view = state.view(TABLE)
    assert sorted(view.locations) == sorted(LOCATION_IDS)
    assert view.police["ginko"] == view.locations.index("clerville")
    assert set(view.police) == {"ginko", "morrigan", "blue", "yellow"}
    assert view.seats == ("diabolik", "eva")
    for pawn in view.criminals.values():
        assert (pawn.pos, pawn.on_the_run, pawn.carrying) == (view.hideout, False, 0)
    if view.pending is None:
        assert len(view.loot) == 2 and len(view.clues) == 2
        assert (view.loot_left, view.clues_left) == (2, 2)
        assert all(dist(a, b) >= 2 for a in view.loot for b in (view.hideout, *view.loot) if a != b)
        assert dist(*view.clues) >= 2
    assert (view.danger, view.round, view.banked, view.roadblocks) == (0, 1, 0, ())
    assert view.to_act == (view.pending.seat,) if view.pending else view.to_act == ("diabolik", "eva")


def test_solo_has_one_criminal_and_no_morrigan():
    for character in ("diabolik", "eva"):
        state = new_game({"players": 1, "character": character}, 3)
        assert state.seats == (character,)
        assert "morrigan" not in state.police and set(state.criminals) == {character}


def test_the_same_seed_sets_the_same_table_and_another_seed_another():
    tables = {tuple(new_game({}, s).locations) for s in range(20)}
    assert new_game({}, 7) == new_game({}, 7)
    assert len(tables) > 15


@pytest.mark.parametrize("config", [{"players": 3}, {"players": True}, {"character": "ginko"},
                                    {"diabolika": "yes"}, {"rounds": 4}])
def test_a_bad_config_is_refused_with_a_sentence(config):
    with pytest.raises(ValueError, match=r"\w+ \w+"):
        new_game(config, 1)


def test_a_card_rolled_far_from_every_blocker_stays_where_rolled():
    assert slide_options(5, [0, 2]) == (5,)


def test_rulebook_p5_loot_rolled_on_the_hideout_slides_two_places_and_the_criminals_choose():
    # The hideout at 3, no loot yet: a loot rolled at 3 may not lie on it or next to it, so it
    # slides two places either way, 1 or 5, and the criminals pick.
    assert slide_options(3, [3]) == (1, 5)
    state = make_state(hideout=3, loot_left=4, rolls=[3])
    events = []
    state._enter("loot", events)
    state._run(events)
    assert state.pending is not None and state.pending.kind == "slide_loot"
    assert state.pending.options == (1, 5) and state.pending.seat == "diabolik"
    assert state.loot_left == 4 and state.loot == []        # still in the box until placed
    assert state.to_act() == ("diabolik",)
    events = state.apply(Choose("diabolik", 1))
    assert state.loot == [5] and state.loot_left == 3 and state.pending is None
    assert of(events, "card_entered") == [{"card": "loot", "at": 5, "rolled": 3}]


def test_a_card_next_to_a_blocker_slides_to_the_nearest_place_two_away_from_all():
    # Blockers 0 and 4; rolled at 1: 1 and 3 (and 5, 7) are next to a blocker, 2 and 6 are fine:
    # 2 is one step from 1, so the card slides there without asking.
    assert slide_options(1, [0, 4]) == (2,)
    assert slide_options(7, [0, 4]) == (6,)


def test_only_when_no_place_is_two_away_a_card_may_lie_next_to_a_blocker():
    # Hideout 0 and loot at 3 and 6: no place is 2 from all three (1, 2, 4, 5, 7 each touch one),
    # so the card may lie next to them but never on them.
    blockers = [0, 3, 6]
    assert not any(all(dist(q, b) >= 2 for b in blockers) for q in range(8))
    assert slide_options(3, blockers) == (2, 4)
    assert slide_options(1, blockers) == (1,)


def test_clues_keep_two_places_from_each_other_only():
    assert slide_options(4, [4]) == (2, 6)
    assert slide_options(4, [0]) == (4,)


def test_steps_toward_the_nearest_target_and_both_ways_when_four_apart():
    assert steps_toward(0, [2, 5]) == {1: 2}
    assert steps_toward(0, [4]) == {1: 4, 7: 4}
    assert steps_toward(0, [2, 6]) == {1: 2, 7: 6}
    assert steps_toward(3, [3]) == {}


def test_a_tie_at_set_up_is_the_first_choice_before_round_one_for_the_first_seat():
    for seed in range(500):
        state = new_game({"players": 2}, seed)
        if state.pending is not None:
            break
    else:
        pytest.fail("no seed in 500 gives a tie at set-up")
    assert state.pending.kind in ("slide_loot", "slide_clue")
    assert state.to_act() == ("diabolik",) and state.phase == "choice"
    assert state.legal_actions("eva") == []
    while state.pending is not None:
        state.apply(state.legal_actions(state.to_act()[0])[0])
    assert len(state.loot) == 2 and len(state.clues) == 2 and state.round == 1
    assert state.to_act() == ("diabolik", "eva") and state.phase == "criminals"
