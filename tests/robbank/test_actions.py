"""Every rule of the robbery on built positions (tests/robbank/kit.py: the bank unturned, room 4 open
only to 1): the guards' cards, the thieves' cards, the extra actions, stunned pieces, the end of a
round and of the game, the laying and playing of the stacks. Every refusal is checked by
``refused``: a sentence in Italian and English, and the state exactly as it was."""

from __future__ import annotations

import random

import pytest

from game.robbank.rules import (
    ALARM, Alarm, EndTurn, Figure, GuardMove, Grab, Lay, Lock, MoveCar, PassBag, Pick, PlaceCar, Rotate,
    SetOffAlarm, Spray, StandUp, Tackle, ThiefMove, Throw, Token, Vents, new_game,
)
from game.robbank.rules import data
from tests.robbank.kit import POCKET, begin, kinds, legal_of, make_state, of, refused, turn_up

SHUT = (["vault", "deposit", "lobby", "guardroom", "security", "corridor", "tellers", "archive", "manager"],
        [0, 0, 0, 0, 0, 0, 0, 0, 0])
"""Room 0 walled in on both inner sides (vault's wall south, deposit's wall west of room 1)."""


def moves(state):
    return {(a.guard, a.to) for a in legal_of(state, GuardMove)}


def open_bank(state, seed=0):
    """Play the set-up of a round: the bank turns walled tiles until the bank is open, the thieves
    put the car on the first section offered."""
    pick = random.Random(seed)
    for _ in range(500):
        if state.phase == "explore":
            state.apply(pick.choice(state.legal_actions("bank")))
        elif state.phase == "car":
            seat = state.to_act()[0]
            state.apply(state.legal_actions(seat)[0])
        else:
            return
    raise AssertionError("the bank never opened")


# ---------------------------------------------------------------------------------------- guards

def test_a_move_card_moves_one_guard_to_a_room_beside_with_no_wall_between():
    state = make_state(guards={"g1": 4, "g2": 6})
    turn_up(state, "bank", "move")
    assert moves(state) == {("g1", 1), ("g2", 3), ("g2", 7)}
    refused(state, EndTurn("bank"), "robbank_refusal.must_move")          # the move is compulsory
    refused(state, GuardMove("bank", "g1", 7), "robbank_refusal.guard_move")   # through the vault's wall
    refused(state, GuardMove("bank", "g1", 5), "robbank_refusal.guard_move")   # through the deposit's wall
    refused(state, GuardMove("bank", "g2", 2), "robbank_refusal.guard_move")   # not beside
    refused(state, GuardMove("bank", "g2", 4), "robbank_refusal.guard_move")   # diagonal... and walled
    refused(state, GuardMove("bank", "g9", 1))
    events = state.apply(GuardMove("bank", "g1", 1))
    assert state.guards["g1"].room == 1 and state.guards["g2"].room == 6
    assert of(events, "moved") == [{"figure": "g1", "from": 4, "to": 1}]
    assert "turn_end" in kinds(events) and state.turn.stack == "yellow"          # the card is done


def test_a_guard_moved_twice_never_ends_where_he_started():
    state = make_state(guards={"g1": 4, "g2": Figure(6, stunned=True)})
    turn_up(state, "bank", "move+move")
    assert moves(state) == {("g1", 1)}
    state.apply(GuardMove("bank", "g1", 1))
    assert moves(state) == {("g1", 0), ("g1", 2)}
    refused(state, GuardMove("bank", "g1", 4), "robbank_refusal.guard_move")
    refused(state, EndTurn("bank"), "robbank_refusal.must_move")
    state.apply(GuardMove("bank", "g1", 2))
    assert state.guards["g1"].room == 2 and state.turn.stack == "yellow"


def test_three_moves_may_pass_back_through_the_start_but_not_end_there():
    state = make_state(guards={"g1": 4, "g2": Figure(6, stunned=True)})
    turn_up(state, "bank", "move+move+move")
    state.apply(GuardMove("bank", "g1", 1))
    assert ("g1", 4) in moves(state)                   # 4 -> 1 -> 4 -> 1 ends away from 4
    state.apply(GuardMove("bank", "g1", 4))
    assert moves(state) == {("g1", 1)}
    state.apply(GuardMove("bank", "g1", 1))
    assert state.guards["g1"].room == 1 and state.turn.stack == "yellow"


def test_several_guards_share_the_moves_of_one_card():
    state = make_state(guards={"g1": 4, "g2": 6})
    turn_up(state, "bank", "move+move")
    state.apply(GuardMove("bank", "g1", 1))
    assert moves(state) == {("g1", 0), ("g1", 2), ("g2", 3), ("g2", 7)}
    events = state.apply(GuardMove("bank", "g2", 7))
    assert (state.guards["g1"].room, state.guards["g2"].room) == (1, 7)
    assert "turn_end" in kinds(events)


def test_two_guards_in_a_pocket_swap_rooms_and_neither_ends_where_he_started():
    tiles, turns = POCKET
    state = make_state(tiles=tiles, turns=turns, guards={"g1": 0, "g2": 1})
    turn_up(state, "bank", "move+move")
    assert moves(state) == {("g1", 1), ("g2", 0)}
    state.apply(GuardMove("bank", "g1", 1))
    assert moves(state) == {("g2", 0)}                  # g1 back to 0 would end where he started
    refused(state, GuardMove("bank", "g1", 0), "robbank_refusal.guard_move")
    state.apply(GuardMove("bank", "g2", 0))
    assert (state.guards["g1"].room, state.guards["g2"].room) == (1, 0)


def test_when_walls_forbid_every_move_the_guards_make_as_many_as_they_can():
    tiles, turns = POCKET
    state = make_state(tiles=tiles, turns=turns, guards={"g1": 0, "g2": Figure(5, stunned=True)})
    turn_up(state, "bank", "move+move")
    assert moves(state) == {("g1", 1)}
    events = state.apply(GuardMove("bank", "g1", 1))        # a second move would bring him back to 0
    assert state.guards["g1"].room == 1 and "turn_end" in kinds(events)


def test_guards_walled_in_spend_his_move_card_standing():
    tiles, turns = SHUT
    state = make_state(tiles=tiles, turns=turns, guards={"g1": 0, "g2": 0})
    events = begin(state, "bank", "move")
    assert kinds(events)[:2] == ["revealed", "turn_end"]
    assert state.guards["g1"].room == 0 and state.turn.stack == "yellow"


def test_a_tackled_thief_is_stunned_and_drops_his_bags_unlocked_in_the_room():
    loot = [Token(3, carrier="red"), Token(3, carrier="red"), Token(3, locked=True)]
    state = make_state(guards={"g1": 3, "g2": 6}, thieves={"yellow": 3, "red": 3}, loot=loot)
    turn_up(state, "bank", "tackle")
    assert set(legal_of(state, Tackle)) == {Tackle("bank", "g1", "yellow"), Tackle("bank", "g1", "red")}
    refused(state, Tackle("bank", "g2", "red"), "robbank_refusal.not_on_card")     # not in his room
    events = state.apply(Tackle("bank", "g1", "red"))
    assert state.thieves["red"] == Figure(3, stunned=True, carrying=0)
    assert state.loot == [Token(3), Token(3), Token(3, locked=True)]
    assert of(events, "tackled") == [{"guard": "g1", "thief": "red", "room": 3, "dropped": 2}]
    assert state.turn.stack == "yellow" and not state.thieves["yellow"].stunned
    # yellow may pick the dropped bags up again (the guard stands there: not this turn)
    assert legal_of(state, Grab) == []


def test_a_thief_tackled_before_his_card_spends_it_getting_up():
    state = make_state(guards={"g1": 3, "g2": 6}, thieves={"yellow": 3, "red": 0}, loot=[Token(3, carrier="yellow")])
    turn_up(state, "bank", "tackle")
    events = state.apply(Tackle("bank", "g1", "yellow"))
    assert kinds(events) == ["tackled", "turn_end", "revealed", "stood_up", "turn_end", "revealed"]
    assert state.thieves["yellow"] == Figure(3) and state.loot == [Token(3)] and state.turn.stack == "red"


def test_a_thief_already_down_cannot_be_tackled_again_nor_by_a_stunned_guard():
    state = make_state(guards={"g1": 3, "g2": Figure(0, stunned=True)},
                       thieves={"yellow": Figure(3, stunned=True), "red": 0})
    turn_up(state, "bank", "tackle|lock")
    assert legal_of(state, Tackle) == []
    refused(state, Tackle("bank", "g1", "yellow"), "robbank_refusal.not_on_card")
    refused(state, Tackle("bank", "g2", "red"), "robbank_refusal.not_on_card")


def test_a_guard_locks_a_bag_lying_in_his_room_but_not_one_carried():
    loot = [Token(5), Token(5, carrier="yellow")]
    state = make_state(guards={"g1": 5, "g2": 6}, thieves={"yellow": 5}, loot=loot)
    turn_up(state, "bank", "lock")
    assert legal_of(state, Lock) == [Lock("bank", "g1", 0)]
    refused(state, Lock("bank", "g1", 1), "robbank_refusal.not_on_card")
    refused(state, Lock("bank", "g2", 0), "robbank_refusal.not_on_card")
    state.apply(Lock("bank", "g1", 0))
    assert state.loot[0] == Token(5, locked=True) and state.loot[1] == Token(5, carrier="yellow")


def test_tackle_or_lock_locks_the_alarm_and_then_the_card_is_spent():
    state = make_state(guards={"g1": 1, "g2": 6}, thieves={"yellow": 1})
    turn_up(state, "bank", "tackle|lock")
    assert Lock("bank", "g1", ALARM) in legal_of(state, Lock)
    assert Tackle("bank", "g1", "yellow") in legal_of(state, Tackle)
    events = state.apply(Lock("bank", "g1", ALARM))
    assert state.alarm == Alarm(1, locked=True) and not state.thieves["yellow"].stunned
    assert "turn_end" in kinds(events)                   # one of the two, not both


# ---------------------------------------------------------------------------------------- thieves

def test_a_thief_picks_a_locked_bag_or_the_alarm():
    state = make_state(thieves={"yellow": 5}, loot=[Token(5, locked=True), Token(5)], alarm=Alarm(5, locked=True))
    turn_up(state, "yellow", "pick")
    assert set(legal_of(state, Pick)) == {Pick("yellow", "yellow", 0), Pick("yellow", "yellow", ALARM)}
    refused(state, Pick("yellow", "yellow", 1), "robbank_refusal.cannot_take")        # not locked
    state.apply(Pick("yellow", "yellow", ALARM))
    assert state.alarm == Alarm(5) and state.loot[0].locked
    refused(state, Pick("yellow", "yellow", 0), "robbank_refusal.cannot_take")        # the card is spent


@pytest.mark.parametrize("stunned", [False, True])
def test_a_standing_guard_stops_picking_and_grabbing_a_stunned_one_does_not(stunned):
    loot = [Token(5, locked=True), Token(5)]
    for name, action in (("pick", Pick("yellow", "yellow", 0)), ("grab", Grab("yellow", "yellow", 1))):
        state = make_state(guards={"g1": Figure(5, stunned=stunned), "g2": 6}, thieves={"yellow": 5}, loot=loot)
        turn_up(state, "yellow", name)
        if stunned:
            state.apply(action)
        else:
            assert legal_of(state, type(action)) == []
            refused(state, action, "robbank_refusal.cannot_take")


def test_a_thief_grabs_an_unlocked_bag_and_carries_any_number():
    loot = [Token(5), Token(5, locked=True), Token(5, carrier="yellow")]
    state = make_state(thieves={"yellow": 5}, loot=loot)
    turn_up(state, "yellow", "grab")
    assert legal_of(state, Grab) == [Grab("yellow", "yellow", 0)]
    refused(state, Grab("yellow", "yellow", 1), "robbank_refusal.cannot_take")       # locked
    refused(state, Grab("yellow", "yellow", 2), "robbank_refusal.cannot_take")       # already his
    events = state.apply(Grab("yellow", "yellow", 0))
    assert state.thieves["yellow"].carrying == 2 and state.loot[0] == Token(5, carrier="yellow")
    assert of(events, "grabbed") == [{"thief": "yellow", "token": 0, "room": 5}]


def test_pepper_spray_stuns_a_standing_guard_in_the_room():
    state = make_state(guards={"g1": 2, "g2": 6}, thieves={"yellow": 2})
    turn_up(state, "yellow", "spray")
    assert legal_of(state, Spray) == [Spray("yellow", "yellow", "g1")]
    refused(state, Spray("yellow", "yellow", "g2"), "robbank_refusal.not_on_card")   # another room
    state.apply(Spray("yellow", "yellow", "g1"))
    assert state.guards["g1"] == Figure(2, stunned=True)
    state2 = make_state(guards={"g1": Figure(2, stunned=True), "g2": 6}, thieves={"yellow": 2})
    turn_up(state2, "yellow", "spray|grab")
    assert legal_of(state2, Spray) == []
    refused(state2, Spray("yellow", "yellow", "g1"), "robbank_refusal.not_on_card")


def test_spray_or_grab_does_one_of_the_two():
    state = make_state(guards={"g1": 5, "g2": 6}, thieves={"yellow": 5}, loot=[Token(5)])
    turn_up(state, "yellow", "spray|grab")
    assert legal_of(state, Grab) == []               # the guard stands there
    state.apply(Spray("yellow", "yellow", "g1"))
    refused(state, Grab("yellow", "yellow", 0), "robbank_refusal.cannot_take")


def test_the_vents_take_a_thief_and_his_bags_to_any_other_room_through_any_wall():
    state = make_state(thieves={"yellow": 0}, loot=[Token(0, carrier="yellow")])
    turn_up(state, "yellow", "vents")
    assert {a.to for a in legal_of(state, Vents)} == set(range(1, 9))
    refused(state, Vents("yellow", "yellow", 0), "robbank_refusal.not_on_card")
    refused(state, EndTurn("yellow"), "robbank_refusal.must_move")
    events = state.apply(Vents("yellow", "yellow", 4))           # room 4 opens only north
    assert state.thieves["yellow"].room == 4 and state.loot[0] == Token(4, carrier="yellow")
    assert of(events, "moved") == [{"figure": "yellow", "from": 0, "to": 4, "vents": True}]


def test_a_thief_moves_with_his_bags_only_beside_and_never_through_a_wall():
    state = make_state(thieves={"yellow": 3}, loot=[Token(3, carrier="yellow"), Token(3)])
    turn_up(state, "yellow", "move")
    assert {a.to for a in legal_of(state, ThiefMove)} == {0, 6}
    refused(state, ThiefMove("yellow", "yellow", 4), "robbank_refusal.not_on_card")   # the corridor's wall
    refused(state, ThiefMove("yellow", "yellow", 7), "robbank_refusal.not_on_card")   # diagonal
    refused(state, EndTurn("yellow"), "robbank_refusal.must_move")
    refused(state, ThiefMove("yellow", "red", 3), "robbank_refusal.not_on_card")      # red's pawn, yellow's card
    state.apply(ThiefMove("yellow", "yellow", 6))
    assert state.loot == [Token(6, carrier="yellow"), Token(3)]


def test_a_seat_running_two_thieves_moves_only_the_one_whose_card_is_up():
    state = make_state(players=2, thieves={"yellow": 0, "red": 0})
    turn_up(state, "yellow", "move")
    refused(state, ThiefMove("yellow", "red", 1), "robbank_refusal.not_on_card")
    state.apply(ThiefMove("yellow", "yellow", 1))
    state.apply(EndTurn("yellow"))
    assert state.turn.stack == "red" and state.to_act() == ("yellow",)        # the same seat plays red's card
    state.apply(ThiefMove("yellow", "red", 3))
    assert state.thieves["red"].room == 3


def test_a_thief_cannot_play_on_another_thiefs_turn():
    state = make_state(thieves={"yellow": 0, "red": 0})
    turn_up(state, "yellow", "move")
    refused(state, ThiefMove("red", "red", 1), "robbank_refusal.not_your_turn")
    refused(state, GuardMove("bank", "g1", 1), "robbank_refusal.not_your_turn")


# ---------------------------------------------------------------------------------------- extra actions

def test_the_extra_action_before_the_card_leaves_the_card_to_play():
    state = make_state(thieves={"yellow": 0}, loot=[Token(1)], car=0)
    turn_up(state, "yellow", "move+grab")
    state.apply(MoveCar("yellow", "yellow", 11))
    assert state.car == 11 and state.turn.extra and not state.turn.closed
    refused(state, MoveCar("yellow", "yellow", 10), "robbank_refusal.extra_spent")     # once per turn
    state.apply(ThiefMove("yellow", "yellow", 1))
    events = state.apply(Grab("yellow", "yellow", 0))
    assert state.thieves["yellow"].carrying == 1 and "turn_end" in kinds(events)


def test_the_extra_action_not_in_the_middle_of_the_card():
    state = make_state(thieves={"yellow": 1}, loot=[Token(1)], car=0)
    turn_up(state, "yellow", "move+grab")
    state.apply(Grab("yellow", "yellow", 0))
    assert legal_of(state, MoveCar) == []                 # the compulsory move is still to make
    refused(state, MoveCar("yellow", "yellow", 1), "robbank_refusal.extra_not_now")
    state.apply(ThiefMove("yellow", "yellow", 0))
    events = state.apply(Throw("yellow", "yellow"))                  # after the card: section 0 is beside room 0
    assert state.stolen == 1 and "turn_end" in kinds(events)


def test_the_extra_action_after_a_begun_card_closes_it():
    state = make_state(thieves={"yellow": 0}, loot=[Token(1)], car=0)
    turn_up(state, "yellow", "move+grab")
    state.apply(ThiefMove("yellow", "yellow", 1))
    assert Grab("yellow", "yellow", 0) in legal_of(state, Grab)
    events = state.apply(MoveCar("yellow", "yellow", 1))       # the grab left on the card is forfeited
    assert "turn_end" in kinds(events) and state.turn.stack == "red"
    assert state.loot == [Token(1)] and state.car == 1


def test_an_extra_action_in_the_middle_of_the_card_is_refused_for_that_reason():
    # yellow grabs first: the card's move is still to make, so neither a throw nor the alarm may come now,
    # though both could be done from room 0 (the car's section 0 is beside it, the alarm lies there)
    state = make_state(thieves={"yellow": 0}, loot=[Token(0)], car=0, alarm=0)
    turn_up(state, "yellow", "move+grab")
    state.apply(Grab("yellow", "yellow", 0))
    for action in (Throw("yellow", "yellow"), SetOffAlarm("yellow", "yellow"), MoveCar("yellow", "yellow", 1),
                   PassBag("yellow", "yellow", "red")):
        refused(state, action, "robbank_refusal.extra_not_now")
    state.apply(ThiefMove("yellow", "yellow", 3))
    refused(state, Throw("yellow", "yellow"), "robbank_refusal.cannot_throw")     # now: room 3 is not beside section 0


@pytest.mark.parametrize("car, steps", [(0, {11, 1}), (2, {1, 3}), (3, {2, 4}), (11, {10, 0})])
def test_the_car_moves_one_section_left_or_right_round_the_corners(car, steps):
    state = make_state(car=car)
    turn_up(state, "yellow", "grab")
    assert {a.section for a in legal_of(state, MoveCar)} == steps
    far = (car + 6) % 12
    refused(state, MoveCar("yellow", "yellow", far), "robbank_refusal.not_now")
    refused(state, MoveCar("yellow", "yellow", car))
    state.apply(MoveCar("yellow", "yellow", min(steps)))
    assert state.car == min(steps)


def _thrower(room, car, **more):
    state = make_state(thieves={"yellow": room}, loot=[Token(room, carrier="yellow"), Token(8)], car=car, **more)
    turn_up(state, "yellow", "grab")
    return state


@pytest.mark.parametrize("car", [5, 6])
def test_a_bag_is_thrown_from_the_room_beside_the_cars_section(car):
    state = _thrower(8, car)
    events = state.apply(Throw("yellow", "yellow"))
    assert state.stolen == 1 and state.loot == [Token(8)] and state.thieves["yellow"].carrying == 0
    assert of(events, "thrown") == [{"thief": "yellow", "room": 8, "stolen": 1, "target": 4}]


def test_no_throw_from_another_room_nor_through_an_outer_wall_nor_past_a_standing_guard():
    refused(_thrower(7, 5), Throw("yellow", "yellow"), "robbank_refusal.cannot_throw")      # section 5 is beside room 8
    refused(_thrower(1, 1), Throw("yellow", "yellow"), "robbank_refusal.cannot_throw")  # the wall faces the road
    refused(_thrower(8, 5, guards={"g1": 8, "g2": 6}), Throw("yellow", "yellow"), "robbank_refusal.cannot_throw")
    state = _thrower(8, 5, guards={"g1": Figure(8, stunned=True), "g2": 6})
    state.apply(Throw("yellow", "yellow"))
    assert state.stolen == 1
    empty = make_state(thieves={"yellow": 8}, car=5)
    turn_up(empty, "yellow", "grab")
    refused(empty, Throw("yellow", "yellow"), "robbank_refusal.cannot_throw")                 # nothing carried


def test_a_thief_passes_one_bag_to_another_thief_in_the_room():
    loot = [Token(3, carrier="yellow"), Token(3, carrier="yellow")]
    state = make_state(thieves={"yellow": 3, "red": Figure(3, stunned=True)}, loot=loot)
    turn_up(state, "yellow", "grab")
    refused(state, PassBag("yellow", "yellow", "yellow"), "robbank_refusal.cannot_take")
    events = state.apply(PassBag("yellow", "yellow", "red"))          # a stunned thief may be handed a bag
    assert state.thieves["yellow"].carrying == 1 and state.thieves["red"].carrying == 1
    assert sorted(t.carrier for t in state.loot) == ["red", "yellow"]
    assert of(events, "passed") == [{"thief": "yellow", "to": "red", "room": 3}]


@pytest.mark.parametrize("guard, ok", [(Figure(3), False), (Figure(3, stunned=True), True), (Figure(0), True)])
def test_no_pass_past_a_standing_guard(guard, ok):
    state = make_state(guards={"g1": guard, "g2": 6}, thieves={"yellow": 3, "red": 3},
                       loot=[Token(3, carrier="yellow")])
    turn_up(state, "yellow", "grab")
    if ok:
        state.apply(PassBag("yellow", "yellow", "red"))
        assert state.thieves["red"].carrying == 1
    else:
        refused(state, PassBag("yellow", "yellow", "red"), "robbank_refusal.cannot_take")


def test_no_pass_to_a_thief_in_another_room():
    state = make_state(thieves={"yellow": 3, "red": 0}, loot=[Token(3, carrier="yellow")])
    turn_up(state, "yellow", "grab")
    refused(state, PassBag("yellow", "yellow", "red"), "robbank_refusal.cannot_take")


def test_the_alarm_calls_every_standing_guard_once_a_round():
    state = make_state(guards={"g1": 2, "g2": Figure(8, stunned=True)}, thieves={"yellow": 1, "red": 1})
    turn_up(state, "yellow", "grab")
    events = state.apply(SetOffAlarm("yellow", "yellow"))
    assert state.guards == {"g1": Figure(1), "g2": Figure(8, stunned=True)}
    assert state.alarm == Alarm(None)
    assert of(events, "alarm") == [{"thief": "yellow", "room": 1, "came": [{"guard": "g1", "from": 2}]}]
    assert state.turn.stack == "red"
    refused(state, SetOffAlarm("red", "red"), "robbank_refusal.cannot_alarm")          # once a round


@pytest.mark.parametrize("alarm, guard, ok", [
    (Alarm(1, locked=True), Figure(6), False),
    (Alarm(1), Figure(1), False),
    (Alarm(1), Figure(1, stunned=True), True),
    (Alarm(4), Figure(6), False),                  # not in the thief's room
])
def test_the_alarm_is_set_off_only_unlocked_in_its_room_past_no_standing_guard(alarm, guard, ok):
    state = make_state(guards={"g1": guard, "g2": 7}, thieves={"yellow": 1}, alarm=alarm)
    turn_up(state, "yellow", "grab")
    if ok:
        state.apply(SetOffAlarm("yellow", "yellow"))
        assert state.guards["g2"].room == 1 and state.guards["g1"] == guard
    else:
        refused(state, SetOffAlarm("yellow", "yellow"), "robbank_refusal.cannot_alarm")


# ---------------------------------------------------------------------------------------- stunned

def test_a_stunned_thief_spends_his_card_getting_up():
    state = make_state(thieves={"yellow": Figure(0, stunned=True), "red": 0})
    events = begin(state, "yellow", "vents")
    assert kinds(events)[:3] == ["revealed", "stood_up", "turn_end"]
    assert of(events, "stood_up") == [{"stack": "yellow", "figures": ["yellow"], "chosen": False}]
    assert state.thieves["yellow"] == Figure(0) and state.played["yellow"] == 1
    assert state.turn.stack == "red"


def test_the_bank_with_every_guard_down_stands_them_up_instead_of_its_card():
    state = make_state(guards={"g1": Figure(2, stunned=True), "g2": Figure(6, stunned=True)})
    events = begin(state, "bank", "move+move+move")
    assert of(events, "stood_up") == [{"stack": "bank", "figures": ["g1", "g2"], "chosen": False}]
    assert state.guards == {"g1": Figure(2), "g2": Figure(6)} and state.turn.stack == "yellow"


def test_the_bank_may_choose_to_stand_its_guards_up_before_playing_the_card():
    state = make_state(guards={"g1": Figure(2, stunned=True), "g2": 6})
    turn_up(state, "bank", "move+move")
    assert StandUp("bank") in state.legal_actions("bank")
    assert {g for g, _ in moves(state)} == {"g2"}                       # the stunned guard cannot act
    refused(state, GuardMove("bank", "g1", 1), "robbank_refusal.guard_move")
    events = state.apply(StandUp("bank"))
    assert of(events, "stood_up") == [{"stack": "bank", "figures": ["g1"], "chosen": True}]
    assert state.guards == {"g1": Figure(2), "g2": Figure(6)} and state.turn.stack == "yellow"


def test_standing_up_is_not_offered_once_the_card_is_begun_nor_with_every_guard_up():
    state = make_state(guards={"g1": Figure(2, stunned=True), "g2": 6})
    turn_up(state, "bank", "move+move")
    state.apply(GuardMove("bank", "g2", 7))
    refused(state, StandUp("bank"), "robbank_refusal.not_on_card")
    state = make_state()
    turn_up(state, "bank", "move")
    refused(state, StandUp("bank"), "robbank_refusal.not_on_card")


def test_stunned_guards_cannot_tackle_or_lock():
    state = make_state(guards={"g1": Figure(0, stunned=True), "g2": 6}, thieves={"yellow": 0}, loot=[Token(0)])
    turn_up(state, "bank", "tackle|lock")
    assert legal_of(state, Tackle) == [] and legal_of(state, Lock) == []
    refused(state, Tackle("bank", "g1", "yellow"), "robbank_refusal.not_on_card")
    refused(state, Lock("bank", "g1", 0), "robbank_refusal.not_on_card")


# ---------------------------------------------------------------------------------------- the end

@pytest.mark.parametrize("players, target", [(2, 4), (3, 4), (4, 5)])
def test_the_thieves_win_the_moment_the_bags_in_the_car_reach_the_target(players, target):
    loot = [Token(0, carrier="yellow"), Token(0, carrier="yellow")]
    state = make_state(players=players, thieves={"yellow": 0}, loot=loot, car=0, stolen=target - 2)
    turn_up(state, "yellow", "grab")
    state.apply(Throw("yellow", "yellow"))
    assert not state.is_over() and state.stolen == target - 1
    state = make_state(players=players, thieves={"yellow": 0}, loot=loot, car=0, stolen=target - 1)
    turn_up(state, "yellow", "grab")
    events = state.apply(Throw("yellow", "yellow"))
    assert state.is_over() and state.won and state.to_act() == ()
    result = state.result()
    assert result.winners == tuple(s for s in state.seats if s != "bank") and result.reason == "loot_stolen"
    assert of(events, "over") == [{"thieves_won": True, "reason": "loot_stolen", "stolen": target, "target": target}]
    refused(state, EndTurn("yellow"), "robbank_refusal.over")


def _last_card(state):
    """Every stack played but the last thief's fifth card, a move, now up."""
    last = state.thieves_order[-1]
    begin(state, last, "move", played=4)
    assert state.turn.stack == last and state.played == {s: 5 if s != last else 4 for s in state.stack_order()}


def _end_round(state):
    """The last thief makes his last move and ends his turn: the round is over."""
    last = state.thieves_order[-1]
    seat = state.owner[last]
    return state.apply(ThiefMove(seat, last, 1)) + state.apply(EndTurn(seat))


def test_the_bank_wins_when_round_three_ends():
    state = make_state(round=3, stolen=3)
    _last_card(state)
    events = _end_round(state)
    assert kinds(events)[-2:] == ["round_end", "over"]
    assert state.is_over() and state.won is False and state.result().winners == ("bank",)
    assert state.result().reason == "bank_held"


def _next_round(state):
    """The last move ends the round; the events up to the next round's plan."""
    events = _end_round(state)
    pick = random.Random(1)
    while state.phase == "explore":
        events += state.apply(pick.choice(state.legal_actions("bank")))
    if state.phase == "car":
        events += state.apply(PlaceCar(state.to_act()[0], state.car_options[0]))
    return events


def test_bags_carried_at_the_end_of_a_round_are_lost_and_go_back_to_the_box():
    loot = [Token(0, carrier="yellow"), Token(4), Token(5), Token(6), Token(7)]
    state = make_state(round=1, stolen=2, thieves={"yellow": 0, "red": 0}, loot=loot)
    _last_card(state)
    events = _next_round(state)
    assert of(events, "round_end") == [{"round": 1, "lost": 1, "stolen": 2}]
    assert state.round == 2 and state.stolen == 2 and state.phase == "plan"
    assert len(state.loot) == 5           # 6 icons with 3 players, the box holds 7 - 2 stolen
    assert of(events, "furnished")[0]["short"] == 1
    assert all(t.carrier is None and not t.locked for t in state.loot)
    assert all(not f.stunned and f.carrying == 0 for f in state.thieves.values())


def test_loot_goes_on_its_icons_room_by_room_while_the_box_has_tokens():
    state = make_state(players=4, round=1, stolen=3)
    _last_card(state)
    events = _next_round(state)
    tiles = data.all_tiles()
    icons = [room for room, t in enumerate(state.tiles) for i in tiles[t].icons if i == "loot"]
    assert len(icons) == 6                                      # the 4-player tile shows a bag too
    assert [t.room for t in state.loot] == icons[:4]            # the last icons in room order stay empty
    (furnished,) = of(events, "furnished")
    assert furnished["short"] == 2 and furnished["loot"] == icons[:4]


def test_every_icon_gets_its_piece_while_the_box_has_enough():
    state = make_state(players=4, round=1, stolen=0)
    _last_card(state)
    _next_round(state)
    tiles = data.all_tiles()
    where = {i: sorted(room for room, t in enumerate(state.tiles) for j in tiles[t].icons if j == i)
             for i in ("loot", "guard", "alarm", "thieves")}
    assert sorted(t.room for t in state.loot) == where["loot"]
    assert sorted(g.room for g in state.guards.values()) == where["guard"] and len(state.guards) == 3
    assert state.alarm == Alarm(where["alarm"][0])
    assert {f.room for f in state.thieves.values()} == set(where["thieves"]) and len(state.thieves) == 3


# ---------------------------------------------------------------------------------------- set-up and planning

def test_the_bank_turns_only_walled_tiles_and_only_while_a_room_is_walled_in():
    for seed in range(60):
        state = new_game({"players": 3}, seed)
        if state.phase == "explore":
            break
    else:
        pytest.skip("no seed dealt a walled-in room")
    walled = {r for r, t in enumerate(state.tiles) if data.all_tiles()[t].walls}
    assert {a.room for a in state.legal_actions("bank")} == walled
    plain = next(r for r in range(9) if r not in walled)
    refused(state, Rotate("bank", plain), "robbank_refusal.no_wall")
    refused(state, Lay("bank", "bank", 0), "robbank_refusal.explore")
    refused(state, Rotate("yellow", min(walled)), "robbank_refusal.not_your_turn")
    open_bank(state)
    assert state.phase == "plan" and state.legal_actions("bank") and all(
        isinstance(a, Lay) for a in state.legal_actions("bank"))


def test_the_thieves_choose_the_cars_section_among_the_farthest():
    from game.robbank.rules import board
    for seed in range(200):
        state = new_game({"players": 3}, seed)
        open_bank_until_car(state)
        if state.phase == "car":
            break
    start = state.thieves["yellow"].room
    assert state.to_act() == ("yellow",)
    assert set(state.car_options) == set(board.car_starts(start))
    wrong = next(s for s in range(12) if s not in state.car_options)
    refused(state, PlaceCar("yellow", wrong), "robbank_refusal.car_not_there")
    refused(state, PlaceCar("bank", state.car_options[0]), "robbank_refusal.not_your_turn")
    chosen = state.car_options[-1]
    state.apply(PlaceCar("yellow", chosen))
    assert state.car == chosen and state.phase == "plan"


def open_bank_until_car(state):
    pick = random.Random(0)
    while state.phase == "explore":
        state.apply(pick.choice(state.legal_actions("bank")))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_laying_bank_first_then_each_thief_five_cards_each_three_set_aside(players):
    state = new_game({"players": players}, 7)
    open_bank(state)
    order = state.stack_order()
    assert order == ("bank", "yellow", "red", "green")[:max(3, players)]
    assert all(len(state.hands[s]) == 8 and len(state.decks[s]) == 7 for s in order)
    assert sorted(state.hands["bank"] + state.decks["bank"]) == list(range(15))
    laid = {s: [] for s in order}
    seen = []
    pick = random.Random(players)
    for _ in range(5 * len(order)):
        seat = state.to_act()[0]
        lay = pick.choice(state.legal_actions(seat))
        assert seat == state.owner[lay.stack]
        seen.append(lay.stack)
        refused(state, Lay(seat, lay.stack, next(c for c in range(15) if c not in state.hands[lay.stack])),
                "robbank_refusal.not_in_hand")
        events = state.apply(lay)
        laid[lay.stack].append(lay.card)
    assert seen == list(order) * 5
    assert "turned_over" in kinds(events) and state.phase == "rob"
    assert state.stacks == laid
    assert all(len(state.hands[s]) == 3 for s in order)
    # the stacks are played in the order laid: the first card laid is the first turned up
    revealed = {s: [] for s in order}
    turns = []
    while not state.is_over():
        for e in of(events, "revealed"):
            revealed[e["stack"]].append(e["card"])
            turns.append(e["stack"])
        if of(events, "round_end"):
            break
        seat = state.to_act()[0]
        events = state.apply(pick.choice(state.legal_actions(seat)))
    assert revealed == laid
    assert turns == list(order) * 5


def test_with_two_players_one_seat_runs_yellow_and_red_with_two_stacks():
    state = new_game({"players": 2}, 3)
    assert state.seats == ("bank", "yellow") and state.thieves_order == ("yellow", "red")
    assert state.owner == {"bank": "bank", "yellow": "yellow", "red": "yellow"}
    open_bank(state)
    assert set(state.hands) == {"bank", "yellow", "red"} and len(state.thieves) == 2
    state.apply(state.legal_actions("bank")[0])
    state.apply(state.legal_actions("yellow")[0])
    assert state.to_act() == ("yellow",) and state._laying() == "red"
    assert {a.stack for a in state.legal_actions("yellow")} == {"red"}
    refused(state, Lay("yellow", "yellow", state.hands["yellow"][0]), "robbank_refusal.not_in_hand")
    state.apply(Lay("yellow", "red", state.hands["red"][0]))
    assert len(state.stacks["red"]) == 1 and state.to_act() == ("bank",)
    view = state.view("yellow")
    assert view.hands["yellow"] is not None and view.hands["red"] is not None and view.hands["bank"] is None


def test_refusals_in_any_phase_name_the_problem():
    state = make_state()
    turn_up(state, "yellow", "move")
    refused(state, ThiefMove("nobody", "yellow", 1), "robbank_refusal.no_seat")
    refused(state, Lay("yellow", "yellow", 0), "robbank_refusal.not_now")      # not "not in the bank's hand"
    refused(state, Rotate("yellow", 1), "robbank_refusal.not_now")            # not "room 2 has no wall"
    refused(state, PlaceCar("yellow", 3), "robbank_refusal.not_now")
    refused(state, Tackle("yellow", "g1", "yellow"))
    refused(state, ThiefMove("yellow", "yellow", 12))
    refused(state, ThiefMove("yellow", "purple", 1))
