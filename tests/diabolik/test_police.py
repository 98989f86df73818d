"""The police phase: the station's d8, then Ginko, Morrigan and the agents by the activation
card's side at that moment; the criminals' choices; the danger's reasons."""

from __future__ import annotations

from game.diabolik.rules import Choose, EndTurn, Move
from tests.diabolik.kit import d8, kinds, make_state, of


def police_phase(state, *, events=None):
    """End both criminals' turns (no actions) and return the police phase's events."""
    out = []
    for seat in state.seats:
        out += state.apply(EndTurn(seat))
    return out


def moves(events):
    return [(m["who"], m["from"], m["to"], m["reason"], m["target"]) for m in of(events, "police_moved")]


# ----------------------------------------------------------------- both criminals in the shadow

def test_detectives_step_toward_the_nearest_clue_and_investigate(station):
    station()
    state = make_state(hideout=0, at={"diabolik": 6, "eva": 3}, clues=[1, 6],
                       police={"ginko": 4, "morrigan": 0, "blue": 2, "yellow": 2}, rolls=d8(8))
    events = police_phase(state)
    assert moves(events)[:2] == [("ginko", 4, 5, "toward_clue", 6), ("morrigan", 0, 1, "toward_clue", 1)]
    ginko_looks = of(events, "investigated")[0]
    assert ginko_looks == {"who": "ginko", "at": 5, "found": []}
    # blue one step right, investigating, finds Eva at 3: she is on the run, so the card turns and
    # yellow, next, chases her instead of patrolling left
    assert moves(events)[2:] == [("blue", 2, 3, "patrol", None), ("yellow", 2, 3, "chase", 3)]
    assert of(events, "discovered") == [{"who": "eva", "at": 3, "by": "blue"}]
    assert state.criminals["eva"].on_the_run and state.criminals["eva"].pos == 3
    assert not state.criminals["diabolik"].on_the_run


def test_a_detective_on_a_clue_finds_it_stays_raises_the_danger_and_a_new_clue_enters(station):
    station()
    state = make_state(hideout=0, at={"diabolik": 6, "eva": 6}, clues=[4], clues_left=2,
                       police={"ginko": 4, "morrigan": 1, "blue": 1, "yellow": 1}, rolls=[*d8(1), 0])
    events = police_phase(state)
    ks = kinds(events)
    i = ks.index("police_stayed")
    assert ks[i:i + 5] == ["police_stayed", "clue_found", "danger", "card_entered", "investigated"]
    assert of(events, "police_stayed")[0] == {"who": "ginko", "at": 4, "reason": "on_clue"}
    assert of(events, "danger")[0] == {"by": 1, "reason": "clue_found", "level": 1, "who": "ginko"}
    assert of(events, "card_entered") == [{"card": "clue", "at": 0, "rolled": 0}]
    assert state.police["ginko"] == 4 and state.clues_left == 1
    assert not [m for m in moves(events) if m[0] == "ginko"]


def test_the_last_clue_found_brings_no_new_one_and_detectives_then_hunt_the_criminals(station):
    station()
    state = make_state(hideout=0, at={"diabolik": 6, "eva": 6}, clues=[4], clues_left=0,
                       police={"ginko": 4, "morrigan": 1, "blue": 3, "yellow": 3}, rolls=d8(1))
    events = police_phase(state)
    assert state.clues == [] and of(events, "card_entered") == []
    # Morrigan, with no clue left, steps toward the nearest criminal (in the shadow too): 1 -> 0 -> ... 6 is 3 away
    assert ("morrigan", 1, 0, "toward_criminal", 6) in moves(events)


def test_a_detective_steps_toward_the_nearest_criminal_in_the_shadow_and_discovers_him(station):
    station()
    state = make_state(hideout=0, at={"diabolik": 3, "eva": 0}, clues=[], clues_left=0,
                       police={"ginko": 5, "morrigan": 1, "blue": 7, "yellow": 7}, rolls=d8(1))
    events = police_phase(state)
    assert moves(events)[0] == ("ginko", 5, 4, "toward_criminal", 3)
    assert moves(events)[1] == ("morrigan", 1, 0, "toward_criminal", 0)
    assert of(events, "discovered")[0] == {"who": "eva", "at": 0, "by": "morrigan"}


def test_the_agents_patrol_round_the_ring(station):
    station()
    state = make_state(hideout=2, clues=[4], police={"ginko": 4, "morrigan": 5, "blue": 7, "yellow": 0},
                       clues_left=0, rolls=d8(1))
    events = police_phase(state)
    assert ("blue", 7, 0, "patrol", None) in moves(events)
    assert ("yellow", 0, 7, "patrol", None) in moves(events)


def test_equally_near_clues_both_ways_the_criminals_choose_the_detectives_way(station):
    # Rulebook: "Se un Detective è ugualmente distante da un Indizio, sono sempre i Criminali a scegliere".
    station()
    state = make_state(hideout=0, at={"diabolik": 0, "eva": 0}, clues=[2, 6],
                       police={"ginko": 4, "morrigan": 1, "blue": 2, "yellow": 2}, rolls=d8(1))
    state.apply(Move("eva", 1))           # Eva leads this round, so she answers the police's choices
    state.apply(EndTurn("eva"))
    events = state.apply(EndTurn("diabolik"))
    assert kinds(events)[-1] == "choice"
    pending = state.pending
    assert (pending.kind, pending.options, pending.seat) == ("police_step", (3, 5), "eva")
    assert pending.context["who"] == "ginko" and pending.context["toward"] == "clue"
    assert state.to_act() == ("eva",) and state.phase == "choice"
    events = state.apply(Choose("eva", 1))
    assert kinds(events)[:3] == ["chose", "police_moved", "investigated"]
    assert moves(events)[0] == ("ginko", 4, 5, "toward_clue", 6)
    assert state.round == 2 and state.phase == "criminals"


def test_a_criminal_four_places_away_either_way_is_a_choice_too(station):
    station()
    state = make_state(players=1, hideout=0, clues=[], clues_left=0, police={"ginko": 4, "blue": 1, "yellow": 1},
                       rolls=d8(1))
    events = police_phase(state)
    assert state.pending.kind == "police_step" and state.pending.options == (3, 5)
    assert state.pending.seat == "diabolik" and kinds(events)[-1] == "choice"


# ----------------------------------------------------------------- at least one on the run

def test_on_the_run_everyone_chases_up_to_two_steps_toward_the_nearest_fugitive(station):
    station()
    state = make_state(hideout=0, at={"diabolik": (2, True), "eva": 6}, clues=[5],
                       police={"ginko": 5, "morrigan": 3, "blue": 7, "yellow": 2}, rolls=d8(1))
    events = police_phase(state)
    assert moves(events) == [
        ("ginko", 5, 4, "chase", 2), ("ginko", 4, 3, "chase", 2),     # two steps
        ("morrigan", 3, 2, "chase", 2),                               # one step reaches him: stops there
        ("blue", 7, 0, "chase", 2), ("blue", 0, 1, "chase", 2),
    ]
    assert of(events, "police_stayed") == [{"who": "yellow", "at": 2, "reason": "with_fugitive"}]
    assert of(events, "danger") == [{"by": 1, "reason": "caught_up", "level": 1, "who": "yellow"},
                                    {"by": 1, "reason": "on_the_run", "level": 2, "who": "diabolik"}]
    assert of(events, "investigated") == [] and state.clues == [5]     # no investigation, no clue found


def test_the_card_side_is_read_when_each_policeman_activates(station):
    # Ginko discovers Diabolik: from then on the card shows "on the run", so Morrigan and the agents chase.
    station()
    state = make_state(hideout=0, at={"diabolik": 3, "eva": 0}, clues=[3],
                       police={"ginko": 2, "morrigan": 6, "blue": 6, "yellow": 6}, rolls=d8(1))
    events = police_phase(state)
    assert moves(events)[0] == ("ginko", 2, 3, "toward_clue", 3)
    assert of(events, "discovered") == [{"who": "diabolik", "at": 3, "by": "ginko"}]
    assert moves(events)[1:3] == [("morrigan", 6, 5, "chase", 3), ("morrigan", 5, 4, "chase", 3)]
    assert [m[3] for m in moves(events)[1:]] == ["chase"] * 6


def test_a_fugitive_four_away_either_way_is_the_criminals_choice_then_the_chase_goes_on(station):
    station()
    state = make_state(players=1, hideout=0, at={"diabolik": (0, True)},
                       police={"ginko": 4, "blue": 1, "yellow": 1}, rolls=d8(1))
    police_phase(state)
    assert state.pending.options == (3, 5) and state.pending.context["toward"] == "fugitive"
    events = state.apply(Choose("diabolik", 1))
    assert moves(events)[:2] == [("ginko", 4, 5, "chase", 0), ("ginko", 5, 6, "chase", 0)]


def test_each_criminal_on_the_run_adds_one_danger_when_the_round_begins(station):
    station()
    state = make_state(hideout=0, at={"diabolik": (2, True), "eva": (6, True)},
                       police={"ginko": 2, "morrigan": 6, "blue": 2, "yellow": 6}, rolls=d8(1))
    events = police_phase(state)
    on_run = [d for d in of(events, "danger") if d["reason"] == "on_the_run"]
    assert [d["who"] for d in on_run] == ["diabolik", "eva"]
    assert kinds(events).index("round") < kinds(events).index("danger", kinds(events).index("round"))
    assert state.danger == 6        # four caught up + two on the run


# ----------------------------------------------------------------- the station

def test_station_danger_face(station):
    station(f1=("danger", 2))
    state = make_state(hideout=0, clues=[], clues_left=0, police={"ginko": 2, "morrigan": 2, "blue": 5, "yellow": 5},
                       rolls=d8(1))
    events = police_phase(state)
    assert of(events, "station") == [{"roll": 1, "effect": "danger", "n": 2}]
    assert of(events, "danger")[0] == {"by": 2, "reason": "station", "level": 2}


def test_station_activates_the_agents_an_extra_time_blue_then_yellow(station):
    station(f5=("activate", ("agents",)))
    state = make_state(hideout=0, clues=[], clues_left=0, police={"ginko": 2, "morrigan": 2, "blue": 5, "yellow": 5},
                       rolls=d8(5))
    events = police_phase(state)
    assert of(events, "station") == [{"roll": 5, "effect": "activate", "who": ["agents"]}]
    assert [m[0] for m in moves(events)] == ["blue", "yellow", "ginko", "morrigan", "blue", "yellow"]
    assert state.police["blue"] == 7 and state.police["yellow"] == 3


def test_station_activating_morrigan_in_solo_does_nothing(station):
    station(f4=("activate", ("morrigan",)))
    state = make_state(players=1, hideout=0, clues=[], clues_left=0, police={"ginko": 2, "blue": 5, "yellow": 5},
                       rolls=d8(4))
    events = police_phase(state)
    assert [m[0] for m in moves(events)] == ["ginko", "blue", "yellow"]


def test_station_clue_face_brings_the_next_clue(station):
    station(f6="clue")
    state = make_state(hideout=0, clues=[0], clues_left=2, police={"ginko": 0, "morrigan": 0, "blue": 5, "yellow": 5},
                       rolls=[*d8(6), 4, 6])
    events = police_phase(state)
    assert of(events, "card_entered")[0] == {"card": "clue", "at": 4, "rolled": 4}


def test_station_roadblock_when_both_are_out_the_older_token_moves(station):
    station(f3="roadblock")
    state = make_state(hideout=0, clues=[], clues_left=0, police={"ginko": 2, "morrigan": 2, "blue": 5, "yellow": 5},
                       roadblocks=[(6, 7), (1, 2)], rolls=[*d8(3), 2])
    events = police_phase(state)
    # rolled 2: the older token (6, 7) is taken up; (1, 2) still lies there, so the free side toward 3 is taken
    assert of(events, "roadblock_placed") == [{"edge": [2, 3], "at": 2, "moved_from": [6, 7]}]
    assert state.roadblocks == [(1, 2), (2, 3)] and state.pending is None


def test_a_roadblock_with_both_sides_free_asks_which_neighbour(station):
    station(f3="roadblock")
    state = make_state(hideout=0, clues=[], clues_left=0, police={"ginko": 2, "morrigan": 2, "blue": 5, "yellow": 5},
                       roadblocks=[(6, 7), (4, 5)], rolls=[*d8(3), 0])
    police_phase(state)
    assert state.pending.kind == "roadblock_side" and state.pending.options == (1, 7)
    assert state.roadblocks == [(4, 5)]
    events = state.apply(Choose("diabolik", 1))
    assert of(events, "roadblock_placed") == [{"edge": [0, 7], "at": 0, "moved_from": [6, 7]}]
    assert state.roadblocks == [(4, 5), (0, 7)]


def test_a_roadblock_next_to_the_other_token_takes_the_free_side_without_asking(station):
    station(f3="roadblock")
    state = make_state(hideout=0, clues=[], clues_left=0, police={"ginko": 2, "morrigan": 2, "blue": 5, "yellow": 5},
                       roadblocks=[(1, 2)], rolls=[*d8(3), 2])
    events = police_phase(state)
    assert of(events, "roadblock_placed") == [{"edge": [2, 3], "at": 2, "moved_from": None}]
    assert state.roadblocks == [(1, 2), (2, 3)] and state.pending is None


def test_the_danger_maximum_in_the_police_phase_ends_the_game_before_anyone_else_moves(station):
    station(f1=("danger", 1))
    state = make_state(hideout=0, clues=[], clues_left=0, police={"ginko": 2, "morrigan": 2, "blue": 5, "yellow": 5},
                       danger=11, danger_max=12, rolls=d8(1))
    events = police_phase(state)
    assert kinds(events)[-3:] == ["station", "danger", "over"]
    assert moves(events) == [] and state.is_over() and not state.result().winners
    assert state.round == 1


def test_a_clue_found_at_the_danger_maximum_ends_the_game_with_nothing_left_to_play(station):
    station()
    state = make_state(hideout=0, clues=[4], clues_left=2, danger=11, danger_max=12,
                       police={"ginko": 4, "morrigan": 1, "blue": 1, "yellow": 1}, rolls=d8(1))
    events = police_phase(state)
    assert kinds(events)[-2:] == ["danger", "over"] and of(events, "danger")[0]["reason"] == "clue_found"
    assert state.queue == [] and state.view("table").queue == () and state.clues_left == 2
