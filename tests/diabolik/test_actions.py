"""The criminals' phase: every action legal and refused, the turn order, sightings, loot."""

from __future__ import annotations

from game.engine.api import TABLE
from game.diabolik.rules import Bank, Choose, EndTurn, Hide, Move, TakeLoot, preview
from tests.diabolik.kit import d8, kinds, make_state, of, refused

FAR = {"ginko": 4, "morrigan": 4, "blue": 4, "yellow": 4}


def test_whoever_acts_first_leads_and_plays_the_whole_turn_first():
    state = make_state()
    assert state.to_act() == ("diabolik", "eva")
    state.apply(Move("eva", 1))
    assert (state.leader, state.turn, state.to_act()) == ("eva", "eva", ("eva",))
    refused(state, Move("diabolik", 1), "diabolik_refusal.not_your_turn")
    state.apply(EndTurn("eva"))
    assert state.to_act() == ("diabolik",) and state.done == ("eva",)
    refused(state, Move("eva", 2), "diabolik_refusal.turn_done")


def test_a_turn_is_three_actions_then_it_ends_by_itself():
    state = make_state()
    state.apply(Move("diabolik", 1))
    state.apply(Move("diabolik", 2))
    assert state.actions_left == 1
    events = state.apply(Move("diabolik", 3))
    assert "turn_ended" in kinds(events)
    assert state.to_act() == ("eva",) and state.actions_left == 3


def test_when_the_last_criminal_ends_the_police_phase_runs_and_a_new_round_begins():
    state = make_state(police={"ginko": 2, "morrigan": 2, "blue": 5, "yellow": 5}, rolls=d8(6), clues_left=0)
    state.apply(EndTurn("diabolik"))
    events = state.apply(EndTurn("eva"))
    ks = kinds(events)
    assert ks[0] == "turn_ended" and ks[1] == "station" and ks[-1] == "round"
    assert state.round == 2 and state.to_act() == ("diabolik", "eva") and state.leader is None
    assert state.last_roll == 6


def test_moves_go_to_an_adjacent_location_only_and_the_ends_of_the_row_touch():
    state = make_state(at={"diabolik": 0})
    assert {a.to for a in state.legal_actions("diabolik") if isinstance(a, Move)} == {1, 7}
    refused(state, Move("diabolik", 2), "diabolik_refusal.not_adjacent")
    refused(state, Move("diabolik", 8), "diabolik_refusal.off_board")
    refused(state, Move("diabolik", 0), "diabolik_refusal.not_adjacent")
    state.apply(Move("diabolik", 7))
    assert state.criminals["diabolik"].pos == 7


def test_rulebook_example_passing_an_agent_costs_one_danger_the_free_road_none():
    # Diabolik at Montvert (2) wants the loot at Silvertal (0): through Vannes (1) where an agent stands.
    state = make_state(at={"diabolik": 2}, police={**FAR, "blue": 1}, loot=[0])
    view = state.view(TABLE)
    assert preview(view, Move("diabolik", 1)).danger == 1 and preview(view, Move("diabolik", 1)).sighting
    assert preview(view, Move("diabolik", 3)).danger == 0 and not preview(view, Move("diabolik", 3)).sighting
    events = state.apply(Move("diabolik", 1))
    assert of(events, "sighting") == [{"who": "diabolik", "at": 1, "danger": 1}]
    assert of(events, "danger") == [{"by": 1, "reason": "sighting", "level": 1, "who": "diabolik"}]
    assert kinds(events) == ["moved", "sighting", "danger"]
    events = state.apply(Move("diabolik", 0))        # leaving the agent: a sighting, but counted once a turn
    assert of(events, "sighting")[0]["danger"] == 0 and state.danger == 1
    assert preview(state.view(TABLE), Move("diabolik", 1)).danger == 0


def test_a_sighting_counts_once_per_turn_and_again_in_the_next_turn():
    state = make_state(at={"diabolik": 2, "eva": 2}, police={**FAR, "blue": 1})
    state.apply(Move("diabolik", 1))
    state.apply(Move("diabolik", 2))
    state.apply(EndTurn("diabolik"))
    assert state.danger == 1
    state.apply(Move("eva", 1))          # Eva's own turn: her first sighting counts
    assert state.danger == 2


def test_crossing_a_roadblock_in_the_shadow_is_a_sighting():
    state = make_state(at={"diabolik": 2}, roadblocks=[(2, 3)])
    events = state.apply(Move("diabolik", 3))
    assert state.danger == 1 and of(events, "sighting")[0]["at"] == 3
    assert state.roadblocks == [(2, 3)]


def test_the_wrap_edge_roadblock_is_crossed_from_either_end():
    state = make_state(at={"diabolik": 0}, roadblocks=[(0, 7)])
    assert preview(state.view(TABLE), Move("diabolik", 7)).sighting
    state.apply(Move("diabolik", 7))
    assert state.danger == 1


def test_on_the_run_no_sighting_and_a_roadblock_crossed_is_broken():
    # Rulebook: "quando i Criminali sono In Fuga gli Avvistamenti non si attivano".
    state = make_state(at={"diabolik": (2, True)}, police={**FAR, "ginko": 2, "blue": 3}, roadblocks=[(2, 3)])
    assert preview(state.view(TABLE), Move("diabolik", 3)).breaks_roadblock == (2, 3)
    events = state.apply(Move("diabolik", 3))
    assert state.danger == 0 and of(events, "sighting") == []
    assert of(events, "roadblock_broken") == [{"who": "diabolik", "edge": [2, 3]}]
    assert state.roadblocks == []


def test_diabolika_counts_every_policeman_and_roadblock_met_even_on_the_run():
    state = make_state(at={"diabolik": 2}, police={"ginko": 2, "morrigan": 3, "blue": 3, "yellow": 6},
                       roadblocks=[(2, 3)], diabolika=True)
    assert preview(state.view(TABLE), Move("diabolik", 3)).danger == 4
    events = state.apply(Move("diabolik", 3))
    assert state.danger == 4 and of(events, "sighting")[0]["danger"] == 4
    state.apply(Move("diabolik", 4))      # leaving Morrigan and the agent: two more, no once-a-turn limit
    assert state.danger == 6
    run = make_state(at={"diabolik": (2, True)}, police={**FAR, "ginko": 3}, roadblocks=[(2, 3)], diabolika=True)
    events = run.apply(Move("diabolik", 3))
    assert run.danger == 2 and run.roadblocks == [] and of(events, "roadblock_broken")


def test_hide_only_on_the_run_and_only_without_police():
    # Rulebook: Diabolik on the run at Silvertal with a policeman cannot hide; he moves to Colle Verde first.
    state = make_state(at={"diabolik": (0, True)}, police={**FAR, "ginko": 0})
    assert Hide("diabolik") not in state.legal_actions("diabolik")
    refused(state, Hide("diabolik"), "diabolik_refusal.police_here")
    state.apply(Move("diabolik", 1))
    assert Hide("diabolik") in state.legal_actions("diabolik")
    events = state.apply(Hide("diabolik"))
    assert of(events, "hid") == [{"who": "diabolik", "at": 1}] and not state.criminals["diabolik"].on_the_run
    refused(state, Hide("diabolik"), "diabolik_refusal.already_hidden")


def test_taking_loot_carries_it_and_the_next_loot_enters():
    state = make_state(hideout=0, at={"diabolik": 4}, loot=[4, 6], loot_left=2, rolls=[2])
    refused(make_state(at={"diabolik": 3}, loot=[4]), TakeLoot("diabolik"), "diabolik_refusal.no_loot_here")
    events = state.apply(TakeLoot("diabolik"))
    assert state.criminals["diabolik"].carrying == 1 and 4 not in state.loot
    assert of(events, "card_entered") == [{"card": "loot", "at": 2, "rolled": 2}]
    assert state.loot == [2, 6] and state.loot_left == 1


def test_no_loot_is_taken_or_banked_on_the_run():
    state = make_state(at={"diabolik": (4, True, 1)}, loot=[4])
    assert TakeLoot("diabolik") not in state.legal_actions("diabolik")
    refused(state, TakeLoot("diabolik"), "diabolik_refusal.loot_on_the_run")
    home = make_state(hideout=4, at={"diabolik": (4, True, 1)})
    refused(home, Bank("diabolik"), "diabolik_refusal.bank_on_the_run")


def test_banking_puts_everything_carried_in_safety_at_the_hideout_only():
    refused(make_state(hideout=0, at={"diabolik": (1, False, 2)}), Bank("diabolik"), "diabolik_refusal.not_at_hideout")
    refused(make_state(hideout=0), Bank("diabolik"), "diabolik_refusal.nothing_to_bank")
    state = make_state(hideout=0, at={"diabolik": (0, False, 2)})
    events = state.apply(Bank("diabolik"))
    assert of(events, "banked") == [{"who": "diabolik", "count": 2, "banked": 2}]
    assert state.banked == 2 and state.criminals["diabolik"].carrying == 0


def test_the_fourth_loot_banked_wins_at_once():
    state = make_state(hideout=0, at={"diabolik": (0, False, 2)}, banked=2, loot_left=0)
    events = state.apply(Bank("diabolik"))
    assert kinds(events)[-1] == "over" and of(events, "over") == [{"won": True, "reason": "loot_home"}]
    assert state.is_over() and state.result().winners == ("diabolik", "eva")
    assert state.result().reason == "loot_home" and state.to_act() == ()
    refused(state, EndTurn("eva"), "diabolik_refusal.over")


def test_reaching_the_danger_maximum_loses_at_once_mid_turn():
    state = make_state(at={"diabolik": 2}, police={**FAR, "blue": 3}, danger=11, danger_max=12)
    events = state.apply(Move("diabolik", 3))
    assert kinds(events)[-2:] == ["danger", "over"]
    assert state.is_over() and state.result().winners == () and state.result().reason == "danger_max"
    assert state.legal_actions("diabolik") == [] and state.phase == "over"


def test_refusals_name_a_reason_and_change_nothing():
    state = make_state()
    refused(state, Move("nobody", 1), "diabolik_refusal.no_seat")
    refused(state, Choose("diabolik", 0), "diabolik_refusal.no_choice")
    solo = make_state(players=1)
    refused(solo, Move("eva", 1), "diabolik_refusal.no_seat")


def test_while_a_choice_is_pending_only_its_chooser_answers_and_nothing_else_moves():
    state = make_state(hideout=3, at={"diabolik": 6, "eva": 6}, loot=[6], loot_left=1, rolls=[3])
    state.apply(TakeLoot("eva"))
    assert state.pending is not None and state.pending.seat == "eva"      # the round's leader answers
    refused(state, Move("eva", 5), "diabolik_refusal.choice_pending")
    refused(state, Choose("diabolik", 0), "diabolik_refusal.not_your_choice")
    refused(state, Choose("eva", 2), "diabolik_refusal.bad_option")
    refused(state, Choose("eva", -1), "diabolik_refusal.bad_option")
    assert state.legal_actions("eva") == [Choose("eva", 0), Choose("eva", 1)]
    state.apply(Choose("eva", 0))
    assert state.loot == [1] and state.to_act() == ("eva",) and state.actions_left == 2


def test_the_third_action_taking_loot_asks_the_slide_first_then_ends_the_turn():
    state = make_state(hideout=3, at={"diabolik": 5}, loot=[6], loot_left=1, rolls=[3])
    state.apply(Move("diabolik", 4))
    state.apply(Move("diabolik", 5))
    state.apply(Move("diabolik", 6))
    # that was three: eva's turn now
    assert state.to_act() == ("eva",)
    state = make_state(hideout=3, at={"diabolik": 5}, loot=[6], loot_left=1, rolls=[3])
    state.apply(Move("diabolik", 4))
    state.apply(Move("diabolik", 5))
    state.apply(Move("diabolik", 6))
    assert state.turn == "eva"
    state = make_state(hideout=3, at={"diabolik": 6}, loot=[6], loot_left=1, rolls=[3])
    state.apply(Move("diabolik", 5))
    state.apply(Move("diabolik", 6))
    events = state.apply(TakeLoot("diabolik"))
    assert kinds(events)[-1] == "choice" and state.turn == "diabolik"
    events = state.apply(Choose("diabolik", 1))
    assert kinds(events) == ["chose", "card_entered", "turn_ended"] and state.turn == "eva"
