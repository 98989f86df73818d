"""The day before the lynch: the Burgomaster's privilege (optional; a living character of another
player shown to him, one of his living ones shown back, each to the other alone, the owner given a
step to look; not a player's only living character while ``protect_last`` is on; skipped when the
Burgomaster has no living character), the chimney broom variant, and the betting (clockwise from the
Burgomaster, the dead too, one seal each: draw up to three coins, keep one face down in front of
another player, the rest back in the bag)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.api import TABLE
from game.lupusburg.rules import (
    Draw, EndDiscussion, GiveBroom, Keep, PassBet, Privilege, Seen, ShowBack, SkipPrivilege, Sweep, data,
)
from game.lupusburg.rules.state import BetLog, CharacterSeen, ChestLook, House, PrivilegeLog, SweepLog
from tests.lupusburg.kit import F, T, W, act, make_state, night, of, refused, skip_to

COINS = list(data.coins())


def at_privilege(players: int = 5, **kw):
    state = make_state(players, **kw)
    night(state, {"red": ("purple", "right")} if state.werewolf == "red" else None)
    return state


# ------------------------------------------------------------------------------ the privilege

def test_the_privilege_shows_each_of_the_two_the_others_character_and_nobody_else():
    state = at_privilege(5, burgomaster="green")
    assert state.phase == "privilege" and state.to_act() == ("green",)
    events = act(state, Privilege("green", "red", "right"))         # red's Werewolf
    assert state.phase == "show" and state.to_act() == ("green",)
    assert of(events, "privilege", "green")[0]["character"] == W
    assert of(events, "privilege", "red")[0]["character"] == W     # he knows his own anyway
    for seat in ("blue", "yellow", "purple", TABLE):
        assert of(events, "privilege", seat) == [{"kind": "privilege", "burgomaster": "green", "player": "red",
                                                  "side": "right"}]
    assert state.view("green").seen == (CharacterSeen(1, House("red", "right"), W, "privilege"),)
    assert state.legal_actions("green") == [ShowBack("green", "left"), ShowBack("green", "right")]
    events = act(state, ShowBack("green", "left"))
    assert state.phase == "seen" and state.to_act() == ("red",)
    assert of(events, "shown", "red")[0]["character"] == F
    for seat in ("blue", "yellow", "purple", TABLE):
        assert of(events, "shown", seat) == [{"kind": "shown", "burgomaster": "green", "to": "red", "side": "left"}]
    assert state.view("red").seen == (CharacterSeen(1, House("green", "left"), F, "shown"),)
    for seat in ("blue", "yellow", "purple", TABLE):
        assert state.view(seat).seen == ()
    assert state.view("yellow").privilege == PrivilegeLog(1, "green", House("red", "right"), House("green", "left"))
    act(state, Seen("red"))
    assert state.phase == "bet"
    assert state.view(TABLE).privileges == (PrivilegeLog(1, "green", House("red", "right"), House("green", "left")),)


def test_the_burgomaster_may_let_the_privilege_go():
    state = at_privilege(5)
    events = act(state, SkipPrivilege("red"))
    assert of(events, "privilege_skipped")[0]["why"] == "chose"
    assert state.phase == "bet" and state.privileges == []


def test_a_players_only_living_character_is_out_of_the_privileges_reach_by_option():
    state = at_privilege(5, dead=[("yellow", "left")])
    assert Privilege("red", "yellow", "right") not in state.legal_actions("red")
    refused(state, Privilege("red", "yellow", "right"), "lupusburg_refusal.last_character")
    refused(state, Privilege("red", "yellow", "left"), "lupusburg_refusal.house_gone")
    refused(state, Privilege("red", "red", "left"), "lupusburg_refusal.own_house")
    off = at_privilege(5, dead=[("yellow", "left")], protect_last="off")
    act(off, Privilege("red", "yellow", "right"))
    assert off.seen["red"][-1].house == House("yellow", "right")


def test_the_burgomaster_with_no_living_character_skips_the_privilege():
    state = make_state(5, burgomaster="green", dead=[("green", "left")])
    events = night(state, {"red": ("green", "right")})
    assert of(events, "privilege_skipped")[0] == {"kind": "privilege_skipped", "burgomaster": "green", "why": "dead"}
    assert state.phase == "bet" and state.order[0] == "green"        # he still bets first


def test_no_character_to_look_at_skips_the_privilege():
    dead = [(s, "left") for s in ("blue", "green", "yellow", "purple")]
    state = make_state(5, dead=dead)
    events = night(state, {"red": ("blue", "right")})
    if state.is_over():
        pytest.skip("the Werewolf won at dawn")
    assert of(events, "privilege_skipped")[0]["why"] == "no_target"


def test_the_burgomaster_shows_back_only_one_of_his_living_characters():
    state = at_privilege(5, burgomaster="green", dead=[("green", "right")])
    act(state, Privilege("green", "blue", "right"))
    assert state.legal_actions("green") == [ShowBack("green", "left")]
    refused(state, ShowBack("green", "right"), "lupusburg_refusal.show_living")
    refused(state, Seen("blue"), "lupusburg_refusal.not_your_turn")
    act(state, ShowBack("green", "left"))
    refused(state, Seen("green"), "lupusburg_refusal.not_your_turn")


# ------------------------------------------------------------------------------ the chimney broom

def test_the_broom_goes_to_another_player_who_alone_sees_chest_or_not():
    state = at_privilege(6, broom="on", burgomaster="green")
    act(state, Privilege("green", "yellow", "left"))
    act(state, ShowBack("green", "left"))
    act(state, Seen("yellow"))
    assert state.phase == "broom" and state.to_act() == ("green",)
    assert {a.player for a in state.legal_actions("green")} == set(state.seats) - {"green"}
    refused(state, GiveBroom("green", "green"), "lupusburg_refusal.broom_self")
    act(state, GiveBroom("green", "orange"))
    assert state.phase == "sweep" and state.to_act() == ("orange",)
    refused(state, Sweep("orange", "orange", "left"), "lupusburg_refusal.own_house")
    events = act(state, Sweep("orange", "blue", "left"))
    assert of(events, "swept", "orange")[0]["chest"] is True
    for seat in ("red", "blue", "green", TABLE):
        assert of(events, "swept", seat) == [{"kind": "swept", "seat": "orange", "player": "blue", "side": "left"}]
    assert state.view("orange").looks == (ChestLook(1, House("blue", "left"), True, "broom"),)
    assert state.view("yellow").looks == ()
    assert state.view(TABLE).sweeps == (SweepLog(1, "green", "orange", House("blue", "left")),)
    assert state.phase == "bet"


def test_no_broom_when_the_privilege_is_let_go_or_with_the_variant_off():
    state = at_privilege(6, broom="on")
    act(state, SkipPrivilege("red"))
    assert state.phase == "bet"
    off = at_privilege(6)
    act(off, Privilege("red", "blue", "left"))
    act(off, ShowBack("red", "left"))
    act(off, Seen("blue"))
    assert off.phase == "bet"


def test_the_broom_leaves_the_game_once_fewer_than_six_players_have_a_living_character():
    state = make_state(6, broom="on", dead=[("orange", "left")])
    events = night(state, {"red": ("orange", "right")})
    assert of(events, "broom_removed") and not state.broom_in_play
    act(state, Privilege("red", "blue", "left"))
    act(state, ShowBack("red", "left"))
    act(state, Seen("blue"))
    assert state.phase == "bet"


# ------------------------------------------------------------------------------ betting

def test_betting_goes_clockwise_from_the_burgomaster_draws_three_keeps_one_and_the_rest_go_back():
    state = at_privilege(5, burgomaster="blue")
    act(state, SkipPrivilege("blue"))
    assert state.phase == "bet" and state.to_act() == ("blue",)
    assert state.legal_actions("blue") == [PassBet("blue"), Draw("blue")]
    act(state, PassBet("blue"))
    assert state.to_act() == ("green",)
    events = act(state, Draw("green"))
    drawn = state.drawn
    assert len(drawn) == 3 and len(state.bag) == 5
    assert Counter(drawn) + Counter(state.bag) == Counter(COINS)
    assert of(events, "drew", "green")[0]["coins"] == list(drawn)
    for seat in ("red", "blue", "yellow", TABLE):
        assert of(events, "drew", seat) == [{"kind": "drew", "seat": "green", "count": 3}]
        assert state.view(seat).drawn == ()
    assert state.view("green").drawn == drawn and state.view(TABLE).bag == 5
    legal = state.legal_actions("green")
    assert {a.coin for a in legal} == set(drawn) and {a.target for a in legal} == set(state.seats) - {"green"}
    refused(state, Keep("green", drawn[0], "green"), "lupusburg_refusal.bet_self")
    absent = next(c for c in range(1, 12) if c not in drawn)
    refused(state, Keep("green", absent, "red"), "lupusburg_refusal.coin_not_drawn")
    refused(state, Keep("green", drawn[0], "nobody"), "lupusburg_refusal.no_seat")
    events = act(state, Keep("green", drawn[-1], "red"))
    assert state.bets["green"].coin == drawn[-1] and len(state.bag) == 7
    assert of(events, "bet", "green")[0]["coin"] == drawn[-1]
    for seat in ("red", "blue", "yellow", TABLE):
        assert of(events, "bet", seat) == [{"kind": "bet", "seat": "green", "target": "red", "back": 2}]
        assert state.view(seat).my_coin is None if seat != "green" else True
        assert state.view(seat).seals["green"] == BetLog(1, "red")
    assert state.view("green").my_coin == drawn[-1] and state.view("green").my_draw == drawn
    assert state.to_act() == ("yellow",)


def test_one_seal_a_game_and_the_dead_bet_too():
    state = make_state(5, burgomaster="red", dead=[("green", "left"), ("green", "right")])
    night(state)
    skip_to(state, "bet")
    assert "green" in state.order
    while state.phase in ("bet", "keep"):
        seat = state.to_act()[0]
        if state.phase == "bet":
            act(state, Draw(seat) if seat in ("green", "yellow") else PassBet(seat))
        else:
            act(state, state.legal_actions(seat)[0])
    assert set(state.bets) == {"green", "yellow"}
    act(state, EndDiscussion("red"))
    skip_to(state, "bet")
    assert "green" not in state.order and "yellow" not in state.order
    assert set(state.view(TABLE).seals) == set(state.seats)
    assert {s for s, b in state.view(TABLE).seals.items() if b is not None} == {"green", "yellow"}


def test_the_last_coins_are_drawn_all_when_fewer_than_three_are_left():
    state = at_privilege(5)
    act(state, SkipPrivilege("red"))
    state.bag = [5, 2]
    act(state, Draw("red"))
    assert state.drawn == (5, 2) and state.bag == []
    act(state, Keep("red", 2, "blue"))
    assert state.bag == [5]


def test_a_bet_on_a_player_with_no_living_character_by_option():
    kw = {"dead": [("yellow", "left"), ("yellow", "right")], "burgomaster": "red"}
    on = at_privilege(5, **kw)
    act(on, SkipPrivilege("red"))
    act(on, Draw("red"))
    assert "yellow" in {a.target for a in on.legal_actions("red")}
    off = at_privilege(5, bet_on_dead="off", **kw)
    act(off, SkipPrivilege("red"))
    act(off, Draw("red"))
    assert "yellow" not in {a.target for a in off.legal_actions("red")}
    refused(off, Keep("red", off.drawn[0], "yellow"), "lupusburg_refusal.bet_dead")


def test_the_discussion_is_the_burgomasters_to_close():
    state = at_privilege(5)
    skip_to(state, "discuss")
    assert state.to_act() == ("red",) and state.legal_actions("red") == [EndDiscussion("red")]
    refused(state, EndDiscussion("blue"), "lupusburg_refusal.not_your_turn")
    refused(state, PassBet("red"), "lupusburg_refusal.phase.discuss")
    act(state, EndDiscussion("red"))
    assert state.phase == "nominate"


def test_the_thiefs_look_and_the_privilege_rest_with_their_seats_in_later_days():
    state = make_state(5, laid={"red": (F, W), "blue": (F, T)})
    night(state, {"blue": ("yellow", "right"), "red": ("purple", "left")})
    act(state, Privilege("red", "blue", "right"))
    act(state, ShowBack("red", "right"))
    act(state, Seen("blue"))
    skip_to(state, "nominate")
    assert state.view("blue").looks[0].house == House("yellow", "right")
    assert state.view("red").seen[0].character == T and state.view("blue").seen[0].character == W
