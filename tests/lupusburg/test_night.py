"""The night: one call a player, every player, in turn from the Burgomaster; each points at another
player's house, and nothing in whose turn it is, what a seat may do or what the others are told
gives a role away. The Thief (while he has a living character) learns whether the house hides a
chest, he alone; the Werewolf's claw marks a character, slaughtered at dawn (after every call), with
either of his characters alive (role contagion); at dawn the house leaves unrevealed."""

from __future__ import annotations

from game.engine.api import TABLE
from game.lupusburg.rules import Point, Privilege
from game.lupusburg.rules.state import ChestLook, Death, House
from tests.lupusburg.kit import F, T, W, act, for_seat, make_state, night, of, own_call, refused


def test_every_player_is_called_once_in_turn_from_the_burgomaster_the_dead_too():
    state = make_state(5, burgomaster="green", dead=[("yellow", "left"), ("yellow", "right")])
    called = []
    while state.phase == "night":
        seat = state.to_act()[0]
        called.append(seat)
        act(state, state.legal_actions(seat)[-1])
    assert called == ["green", "yellow", "purple", "red", "blue"]


def test_every_seat_may_point_at_exactly_the_other_players_houses_left_whatever_its_role():
    state = make_state(6, dead=[("green", "left")])
    shapes = {}
    while state.phase == "night":
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert all(type(a) is Point for a in legal)
        assert {(a.player, a.side) for a in legal} == {h for h in state.houses_left() if h.player != seat}
        assert ("green", "left") not in {(a.player, a.side) for a in legal}
        shapes[seat] = len(legal)
        assert not state.legal_actions(state.seats[(state.seats.index(seat) + 1) % 6])   # one at a time
        act(state, legal[0])
    # the same count for everyone with two houses left (11 houses, minus one's own 2)
    assert {n for s, n in shapes.items() if s != "green"} == {9} and shapes["green"] == 10


def test_what_the_others_are_told_of_a_call_is_the_same_for_every_role():
    state = make_state(5)           # red the Werewolf, blue the Thief, green no role
    told = {}
    while state.phase == "night":
        seat = state.to_act()[0]
        events = act(state, Point(seat, "purple" if seat != "purple" else "yellow", "left"))
        for other in (*state.seats, TABLE):
            if other != seat:
                told.setdefault(other, set()).update(
                    tuple(sorted((k, v) for k, v in e.items() if k != "seat")) for e in of(events, "called", other))
    for other, shapes in told.items():
        assert shapes == {(("kind", "called"),)}, other


def test_the_thief_learns_whether_a_house_hides_a_chest_and_only_he():
    state = make_state(5)           # green's chest is on the left
    events = night(state, {"blue": ("green", "left")})
    mine = own_call(events, "blue")
    assert mine == {"kind": "called", "seat": "blue", "player": "green", "side": "left", "role": "thief", "chest": True}
    assert state.view("blue").looks == (ChestLook(1, House("green", "left"), True, "night"),)
    for seat in ("red", "green", "yellow", "purple", TABLE):
        assert of(events, "called", seat)[1] == {"kind": "called", "seat": "blue"}
        assert state.view(seat).looks == ()
    state2 = make_state(5)
    night(state2, {"blue": ("green", "right")})
    assert state2.view("blue").looks[0].chest is False


def test_a_role_less_players_call_does_nothing_and_tells_him_so():
    state = make_state(5)
    events = night(state, {"green": ("red", "left")})
    mine = own_call(events, "green")
    assert mine["role"] == "townsfolk" and "chest" not in mine
    assert state.view("green").looks == ()


def test_the_kill_comes_at_dawn_after_every_call_and_the_house_leaves_unrevealed():
    state = make_state(5, burgomaster="red")          # red, the Werewolf, is called first
    act(state, Point("red", "green", "right"))
    assert state.alive["green"]["right"]              # not before dawn
    assert state.view("red").pointed == House("green", "right")
    assert state.view("green").pointed is None and state.view(TABLE).pointed is None
    act(state, Point("blue", "green", "right"))       # the Thief still finds the house there
    assert state.looks["blue"][-1].house == House("green", "right")
    events = night(state)
    assert not state.alive["green"]["right"] and state.alive["green"]["left"]
    assert state.kills == [Death(1, House("green", "right"))]
    assert of(events, "killed", "green") == [{"kind": "killed", "day": 1, "player": "green", "side": "right",
                                              "character": F}]
    for seat in ("red", "blue", "yellow", "purple", TABLE):
        assert of(events, "killed", seat) == [{"kind": "killed", "day": 1, "player": "green", "side": "right"}]
        assert state.view(seat).kills == (Death(1, House("green", "right")),)
    assert state.view("red").pointed is None                       # the claw's mark is gone with the night
    assert [h for h in state.view(TABLE).houses if not h.alive] == [state.view(TABLE).houses[5]]


def test_the_werewolf_may_not_point_at_his_own_house_nor_the_thief_at_his():
    state = make_state(5)
    refused(state, Point("red", "red", "left"), "lupusburg_refusal.own_house")
    act(state, Point("red", "blue", "left"))
    refused(state, Point("blue", "blue", "left"), "lupusburg_refusal.own_house")
    refused(state, Point("blue", "nobody", "left"), "lupusburg_refusal.no_seat")
    refused(state, Point("green", "blue", "left"), "lupusburg_refusal.not_your_turn")
    refused(state, Privilege("blue", "green", "left"), "lupusburg_refusal.phase.night")


def test_a_house_already_gone_cannot_be_pointed_at():
    state = make_state(5, dead=[("green", "right")])
    refused(state, Point("red", "green", "right"), "lupusburg_refusal.house_gone")


def test_the_werewolf_with_only_his_townsfolk_left_still_kills():
    state = make_state(5, dead=[("red", "right")])        # the Werewolf card itself is gone
    assert state.role("red") == W and state.living("red") == ["left"]
    night(state, {"red": ("yellow", "left")})
    assert not state.alive["yellow"]["left"]


def test_the_thief_with_only_his_townsfolk_left_still_looks_and_a_dead_thief_does_not():
    state = make_state(5, dead=[("blue", "right")])
    events = night(state, {"blue": ("purple", "left")})
    assert own_call(events, "blue")["role"] == T and state.looks["blue"][-1].chest
    dead = make_state(5, dead=[("blue", "right"), ("blue", "left")])
    events = night(dead, {"blue": ("purple", "left")})
    mine = own_call(events, "blue")
    assert mine["role"] == F and "chest" not in mine and dead.looks["blue"] == []
    assert dead.view("blue").role == T                    # he still knows what he was dealt


def test_the_calls_reveal_to_their_caller_only():
    state = make_state(5)
    events = night(state)
    for e in events:
        if e.kind == "lupusburg.called":
            assert e.reveal and e.audience == frozenset({e.data["seat"]})
            assert e.redacted is not None and not e.redacted.reveal and set(e.redacted.data) == {"seat"}
    assert len(for_seat(events, TABLE)) == len(for_seat(events, "green"))
