"""The end, checked after every death: the Werewolf wins alone with as many living characters as all
the others together; with none left he loses and the others score (2 a living character, the chest
while its house's character lives, a correct bet's coin; a wrong bet 0 or minus the coin by option),
one winner or, by option, a tie broken by the correct bet's coin and then the living characters.
At the end every card, chest and coin is shown to every seat."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE
from game.lupusburg.rules import Point, Vote
from game.lupusburg.rules.state import Bet, House
from tests.lupusburg.kit import F, T, W, act, make_state, night, of, refused, skip_to


def finished(players: int = 5, dead=(), bets=None, **config):
    """The Werewolf (red) has lost both characters; ``bets``: seat -> (target, coin)."""
    state = make_state(players, dead=[("red", "left"), ("red", "right"), *dead], **config)
    state.bets = {s: Bet(1, target, coin) for s, (target, coin) in (bets or {}).items()}
    events: list = []
    assert state._check_end(events)
    return state, events


def test_the_werewolf_wins_at_dawn_with_as_many_living_characters_as_all_the_others():
    state = make_state(4, dead=[("green", "left"), ("yellow", "left"), ("yellow", "right")])
    assert state.werewolf_count() == (2, 3)
    events = night(state, {"red": ("green", "right")})
    assert state.is_over() and state.werewolf_count() == (2, 2)
    result = state.result()
    assert result.winners == ("red",) and result.reason == "werewolf_wins" and result.scores == {}
    (over,) = of(events, "over", TABLE)
    assert over["werewolf"] == "red" and over["thief"] == "blue" and over["winners"] == ["red"]
    assert over["characters"]["red"] == {"left": F, "right": W}
    for seat in (*state.seats, TABLE):
        view = state.view(seat)
        assert view.reveal is not None and view.reveal.werewolf == "red"
        assert view.reveal.characters == state.characters and view.reveal.chests == state.chest
        assert view.result == result and view.to_act == ()
    refused(state, Point("red", "blue", "left"), "lupusburg_refusal.over")
    assert state.legal_actions("red") == []


def test_one_against_one_is_a_werewolf_win():
    state = make_state(4, dead=[("red", "right"), ("blue", "left"), ("green", "left"), ("green", "right"),
                                ("yellow", "right")])
    assert state.werewolf_count() == (1, 2)
    night(state, {"red": ("blue", "right")})
    assert state.result().winners == ("red",)


def test_the_werewolf_loses_when_his_last_character_is_lynched_and_the_others_score():
    state = make_state(5, dead=[("red", "left")], lynch="plurality")       # only the Werewolf card is left
    night(state, {"red": ("purple", "right"), "blue": ("green", "left")})
    skip_to(state, "vote")
    while state.phase == "vote":
        seat = state.to_act()[0]
        act(state, Vote(seat, "red", "right") if seat != "red" else Vote(seat, "blue", "left"))
    assert state.is_over()
    result = state.result()
    assert result.reason == "werewolf_dead"
    # 2 a living character and the chest (1): blue, green, yellow 5 each, purple (right house gone) 3
    assert result.scores == {"blue": 5.0, "green": 5.0, "yellow": 5.0, "purple": 3.0}
    assert result.winners == ("blue", "green", "yellow")               # shared by default
    assert "red" not in result.scores


def test_scores_count_characters_chest_and_a_correct_bet():
    state, events = finished(5, dead=[("blue", "left"), ("green", "right")],
                             bets={"blue": ("red", 8), "green": ("yellow", 5), "yellow": ("red", 2)})
    # blue: 1 living (right, no chest) 2 + bet 8 = 10; green: 1 living (left, the chest) 2+1, wrong bet 0 = 3;
    # yellow: 4 + 1 + 2 = 7; purple: 4 + 1 = 5
    assert state.scores == {"blue": 10, "green": 3, "yellow": 7, "purple": 5}
    assert state.winners == ("blue",)
    (over,) = of(events, "over")
    assert over["coins"] == {"blue": 8, "green": 5, "yellow": 2} and over["scores"] == state.scores


@pytest.mark.parametrize("chest_value, expected", [(0, 4), (1, 5), (3, 7)])
def test_the_chest_value_is_an_option(chest_value, expected):
    state, _ = finished(5, chest_value=chest_value)
    assert state.scores["purple"] == expected


def test_a_wrong_bet_costs_its_coin_by_option():
    bets = {"green": ("yellow", 6), "blue": ("red", 3)}
    zero, _ = finished(5, bets=bets)
    minus, _ = finished(5, bets=bets, wrong_bet="minus_coin")
    assert zero.scores["green"] == 5 and minus.scores["green"] == 5 - 6
    assert zero.scores["blue"] == minus.scores["blue"] == 5 + 3


def test_equal_scores_are_shared_or_broken_by_the_coin_then_the_living_characters():
    # green: 2 + 1 (chest) + 4 (correct bet) = 7; yellow: 4 + 1 + 2 (correct) = 7; purple 4 + 1 + 2 = 7
    bets = {"green": ("red", 4), "yellow": ("red", 2), "purple": ("red", 2)}
    dead = [("green", "right"), ("blue", "left")]
    shared, _ = finished(5, dead=dead, bets=bets)
    assert shared.scores["green"] == shared.scores["yellow"] == shared.scores["purple"] == 7
    assert shared.winners == ("green", "yellow", "purple")
    broken, _ = finished(5, dead=dead, bets=bets, score_tie="coin_then_characters")
    assert broken.winners == ("green",)
    # equal coins: then the living characters; still equal: shared
    bets2 = {"green": ("red", 2), "yellow": ("red", 2), "purple": ("red", 2)}
    dead2 = [("green", "right"), ("blue", "left"), ("yellow", "right")]
    again, _ = finished(5, dead=dead2, bets={**bets2, "purple": ("red", 2)}, score_tie="coin_then_characters",
                        chest_value=3)
    # green 2+3+2 = 7, yellow 2+3+2 = 7, purple 4+3+2 = 9
    assert again.winners == ("purple",)
    tie, _ = finished(5, dead=[("blue", "left")], bets=bets2, score_tie="coin_then_characters")
    assert tie.winners == ("green", "yellow", "purple")


def test_the_thief_scores_like_anyone_else_and_the_dead_score_their_bet():
    state, _ = finished(5, dead=[("blue", "left"), ("blue", "right")], bets={"blue": ("red", 7)})
    assert state.thief == "blue" and state.scores["blue"] == 7


def test_the_end_is_checked_after_the_lynch_too():
    state = make_state(4, dead=[("green", "left"), ("yellow", "left")], lynch="plurality")
    night(state, {"red": ("blue", "left")})
    assert not state.is_over() and state.werewolf_count() == (2, 3)
    skip_to(state, "vote")
    while state.phase == "vote":
        seat = state.to_act()[0]
        act(state, Vote(seat, "green", "right") if seat != "green" else Vote(seat, "yellow", "right"))
    assert state.is_over() and state.result().winners == ("red",)
    assert state.lynches[-1].house == House("green", "right")


def test_the_thief_and_werewolf_cards_are_only_shown_at_the_end():
    state = make_state(5)
    for seat in ("green", "yellow", "purple", TABLE):
        view = state.view(seat)
        assert view.reveal is None and view.characters != state.characters["red"]
        assert T not in repr(view.characters or {}) and W not in repr(view.characters or {})
