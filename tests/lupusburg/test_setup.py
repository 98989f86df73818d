"""Lupusburg's set-up: the settings, the seats by colour, the deck for each player count, the deal
thrown back while one player holds both the Werewolf and the Thief, the first Burgomaster, and each
player laying out his houses (the Werewolf and the Thief never in the chest house; every player the
same two choices, in turn from the Burgomaster)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.api import TABLE
from game.engine.rng import Rng
from game.lupusburg.rules import Place, Point, data, new_game
from game.lupusburg.rules.state import Config, deal
from tests.lupusburg.kit import F, T, W, for_seat, refused


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_the_deck_is_the_werewolf_the_thief_and_townsfolk_for_two_cards_each(players):
    deck = data.deck(players)
    assert Counter(deck) == {W: 1, T: 1, F: 2 * players - 2}
    state = new_game({"players": players}, 3)
    assert state.seats == tuple(c.id for c in data.colours()[:players])
    assert sorted(c for hand in state.dealt.values() for c in hand) == sorted(deck)
    assert all(len(hand) == 2 for hand in state.dealt.values())
    assert state.werewolf != state.thief
    assert W in state.dealt[state.werewolf] and T in state.dealt[state.thief]


def test_a_deal_giving_one_player_both_roles_is_thrown_back():
    redealt = 0
    for seed in range(400):
        hands, redeals = deal(4, Rng(seed))
        assert not any(set(h) == {W, T} for h in hands.values()), seed
        redealt += redeals
        if redeals:
            # the same generator's first shuffle did give one player both roles
            rng = Rng(seed)
            deck = list(data.deck(4))
            rng.shuffle(deck)
            assert any({deck[2 * i], deck[2 * i + 1]} == {W, T} for i in range(4)), seed
    assert redealt > 0        # with 4 players one deal in 7 gives both roles to one player


def test_the_first_burgomaster_is_drawn_from_the_seed_or_the_first_seat_by_option():
    firsts = {new_game({"players": 6}, seed).burgomaster for seed in range(40)}
    assert len(firsts) >= 4
    assert new_game({"players": 6}, 9).burgomaster == new_game({"players": 6}, 9).burgomaster
    assert {new_game({"players": 6, "first_burgomaster": "first"}, s).burgomaster for s in range(10)} == {"red"}


def test_each_player_in_turn_from_the_burgomaster_lays_out_his_houses():
    state = new_game({"players": 5, "first_burgomaster": "first"}, 4)
    order = []
    while state.phase == "place":
        seat = state.to_act()[0]
        order.append(seat)
        legal = state.legal_actions(seat)
        assert legal == [Place(seat, "left"), Place(seat, "right")]      # every player the same two choices
        state.apply(legal[len(order) % 2])
    assert order == list(state.seats)
    assert state.phase == "night" and state.day == 1
    assert state.to_act() == ("red",)


@pytest.mark.parametrize("seed", range(12))
def test_the_werewolf_and_the_thief_never_stand_in_the_chest_house(seed):
    state = new_game({"players": 4}, seed)
    while state.phase == "place":
        seat = state.to_act()[0]
        chest = "left" if seed % 2 else "right"
        events = state.apply(Place(seat, chest))
        assert state.chest[seat] == chest and state.characters[seat][chest] == F
        other = "right" if chest == "left" else "left"
        assert sorted(state.characters[seat].values()) == sorted(state.dealt[seat])
        assert state.characters[seat][other] == next((c for c in state.dealt[seat] if c != F), F)
        (told,) = [e for e in for_seat(events, seat) if e["kind"] == "placed"]
        assert told["chest"] == chest and told["characters"] == state.characters[seat]
        for other_seat in (*state.seats, TABLE):
            if other_seat != seat:
                (redacted,) = [e for e in for_seat(events, other_seat) if e["kind"] == "placed"]
                assert redacted == {"kind": "placed", "seat": seat}
    for seat in state.seats:
        assert state.characters[seat][state.chest[seat]] == F


def test_a_player_sees_his_hand_and_nobody_elses_before_laying_out():
    state = new_game({"players": 5}, 2)
    for seat in state.seats:
        view = state.view(seat)
        assert view.hand == state.dealt[seat] and view.characters is None and view.chest is None
        assert view.role == state.role(seat)
    table = state.view(TABLE)
    assert table.hand == () and table.role is None


def test_an_out_of_turn_or_wrong_kind_of_move_at_set_up_is_refused():
    state = new_game({"players": 4, "first_burgomaster": "first"}, 1)
    refused(state, Place("blue", "left"), "lupusburg_refusal.not_your_turn")
    refused(state, Point("red", "blue", "left"), "lupusburg_refusal.phase.place")
    refused(state, Place("nobody", "left"), "lupusburg_refusal.no_seat")


@pytest.mark.parametrize("bad, words", [
    ({"players": 3}, "4 to 8 players"), ({"players": 9}, "4 to 8 players"), ({"players": True}, "4 to 8"),
    ({"lynch": "majority"}, "lynch"), ({"chest_value": -1}, "chest_value"), ({"chest_value": 1.5}, "chest_value"),
    ({"wrong_bet": "double"}, "wrong_bet"), ({"score_tie": "coin"}, "score_tie"), ({"broom": "yes"}, "broom"),
    ({"players": 5, "broom": "on"}, "6 to 8 players"), ({"protect_last": 1}, "protect_last"),
    ({"first_burgomaster": "oldest"}, "first_burgomaster"), ({"colour": "red"}, "unknown setting"),
])
def test_a_bad_setting_is_one_sentence(bad, words):
    with pytest.raises(ValueError, match=words):
        Config.from_mapping(bad)


def test_the_defaults_are_section_10s():
    cfg = Config.from_mapping({})
    assert (cfg.players, cfg.lynch, cfg.chest_value, cfg.wrong_bet, cfg.score_tie) == (
        6, "two_rounds", 1, "zero", "shared")
    assert cfg.protect_last and not cfg.broom and cfg.bet_on_dead and cfg.first_burgomaster == "random"
    assert Config.from_mapping({"broom": True, "players": 6}).broom
    assert Config.from_mapping(cfg.to_mapping()) == cfg
