"""The rules API: actions as JSON, events with per-seat redaction, the title registry, and the
example game (sealed bids) held to the promises every title makes: refused actions change nothing,
views hide what a seat may not know, whole random games keep their invariants."""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from game.engine import api, example
from game.engine.api import (
    TABLE, Action, Event, GameState, IllegalAction, UnknownTitle, action_from_json, action_to_json,
    events_for_seat, get_title, register_action, register_title,
)
from game.engine.example import SEATS, Bid, Draw, SealedBidsState
from game.engine.grid import Sq
from game.engine.rng import Rng

ROOT = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------- actions used by these tests

@register_action("test_api.move")
@dataclass(frozen=True)
class Move(Action):
    to: Sq
    path: tuple[Sq, ...] = ()
    speed: Literal["walk", "run"] = "walk"
    note: str | None = None
    weight: float = 1.0


@register_action("test_api.pair")
@dataclass(frozen=True)
class Pair(Action):
    dice: tuple[int, int]
    sure: bool


# ------------------------------------------------------------------------------- actions as JSON

WELL_TYPED = [
    Move("gang", Sq(2, 11)),
    Move("gang", Sq(0, 0), path=(Sq(0, 1), Sq(0, 0)), speed="run", note="quiet", weight=2.5),
    Pair("police", (3, 6), True),
    Bid("north", 7),
    Draw("south"),
]


@pytest.mark.parametrize("action", WELL_TYPED)
def test_check_action_accepts_every_well_typed_action(action):
    api.check_action(action)   # raises nothing


@pytest.mark.parametrize("action,field", [
    (Move("gang", (2, 11)), "to"),                        # a plain tuple, not a square
    (Move("gang", Sq(2, "11")), "to"),
    (Move("gang", Sq(0, 0), path=[Sq(0, 1)]), "path"),    # a list, not a tuple
    (Move("gang", Sq(0, 0), speed="fly"), "speed"),
    (Move("gang", Sq(0, 0), note=3), "note"),
    (Move("gang", Sq(0, 0), weight="heavy"), "weight"),
    (Move(None, Sq(0, 0)), "seat"),
    (Pair("police", (3, 6, 1), True), "dice"),
    (Pair("police", (3, 6), 1), "sure"),
    (Bid("north", True), "card"),
])
def test_check_action_refuses_a_wrongly_typed_field_with_a_sentence(action, field):
    with pytest.raises(IllegalAction, match=f"wrong '{field}'"):
        api.check_action(action)


@pytest.mark.parametrize("thing", [None, "test_api.move", {"type": "test_api.move"}, Sq(1, 1)])
def test_check_action_refuses_what_is_not_a_registered_move(thing):
    with pytest.raises(IllegalAction, match="not a move"):
        api.check_action(thing)


@pytest.mark.parametrize("action", WELL_TYPED)
def test_actions_survive_json(action):
    data = action_to_json(action)
    assert data["type"] == type(action).action_type and data["seat"] == action.seat
    back = action_from_json(json.loads(json.dumps(data)))
    assert back == action and type(back) is type(action)
    assert hash(back) == hash(action)


def test_json_of_an_action_is_plain():
    assert action_to_json(Move("gang", Sq(2, 11), path=(Sq(2, 10),))) == {
        "type": "test_api.move", "seat": "gang", "to": [2, 11], "path": [[2, 10]], "speed": "walk",
        "note": None, "weight": 1.0}


def test_defaults_may_be_left_out_of_json():
    assert action_from_json({"type": "test_api.move", "seat": "gang", "to": [1, 2]}) == Move("gang", Sq(1, 2))


@pytest.mark.parametrize("data, words", [
    ([1, 2], "must be a JSON object"),
    ({"seat": "north", "card": 3}, "no 'type'"),
    ({"type": "nope.nothing", "seat": "north"}, "unknown kind of move 'nope.nothing'"),
    ({"type": "example.bid", "seat": "north"}, "lacks its field 'card'"),
    ({"type": "example.bid", "seat": "north", "card": 3, "extra": 1}, "unexpected field(s): extra"),
    ({"type": "example.bid", "seat": "north", "card": "3"}, "example.bid.card should be a whole number"),
    ({"type": "example.bid", "seat": "north", "card": True}, "should be a whole number"),
    ({"type": "example.bid", "seat": 5, "card": 3}, "example.bid.seat should be a text"),
    ({"type": "test_api.move", "seat": "g", "to": [1]}, "a list of 2 (row, col)"),
    ({"type": "test_api.move", "seat": "g", "to": [1, 2], "speed": "fly"}, "one of 'walk', 'run'"),
    ({"type": "test_api.pair", "seat": "p", "dice": [1, 2, 3], "sure": True}, "should be a list"),
])
def test_bad_action_json_is_refused_with_a_sentence(data, words):
    with pytest.raises(ValueError) as info:
        action_from_json(data)
    assert words in str(info.value)


def test_registering_actions_checks_them_at_import():
    with pytest.raises(TypeError, match="frozen"):
        @register_action("test_api.mutable")
        @dataclass
        class Mutable(Action):
            n: int

    with pytest.raises(TypeError, match="cannot be stored"):
        @register_action("test_api.listy")
        @dataclass(frozen=True)
        class Listy(Action):
            items: list

    with pytest.raises(ValueError, match="already taken"):
        @register_action("example.bid")
        @dataclass(frozen=True)
        class Impostor(Action):
            card: int

    with pytest.raises(ValueError, match="lower-case"):
        register_action("Bad Name")

    with pytest.raises(TypeError, match="not a registered action"):
        action_to_json(Action("north"))


# ------------------------------------------------------------------------------------------ events

def test_events_are_redacted_per_seat():
    public = Event("example.bid", {"seat": "north"})
    secret = Event("example.bid", {"seat": "north", "card": 7}, audience={"north"}, redacted=public)
    assert secret.audience == frozenset({"north"})
    assert secret.for_seat("north") is secret
    assert secret.for_seat("south") == public
    assert secret.for_seat(TABLE) == public
    hidden = Event("example.note", {"text": "psst"}, audience=["north"])
    assert hidden.for_seat("south") is None
    everyone = Event("example.shown", {"cards": [1, 2]})
    assert everyone.for_seat(TABLE) is everyone
    assert events_for_seat([secret, hidden, everyone], "south") == [public, everyone]
    with pytest.raises(TypeError):
        Event("x", audience="north")  # one seat's name, which would otherwise read as letters


def test_illegal_action_is_a_value_error_with_a_sentence():
    exc = IllegalAction("You do not hold a 5.")
    assert isinstance(exc, ValueError) and exc.sentence == str(exc) == "You do not hold a 5."


# ------------------------------------------------------------------------------------------ titles

def test_titles_are_found_by_name():
    assert get_title("example") is example
    assert isinstance(get_title("example").new_game({}, 1), GameState)


@pytest.mark.parametrize("name", ["nosuchgame", "../etc", "", "Example"])
def test_unknown_titles_say_so(name):
    with pytest.raises(UnknownTitle) as info:
        get_title(name)
    assert "has no game called" in str(info.value)


def test_a_title_can_be_registered_as_an_object(monkeypatch):
    monkeypatch.setattr(api, "_TITLES", dict(api._TITLES))

    class Twin:
        @staticmethod
        def new_game(config, seed):
            return example.new_game(config, seed)

    register_title("twin", Twin)
    assert get_title("twin") is Twin
    with pytest.raises(TypeError):
        register_title("broken", object())


def test_the_engine_never_imports_pygame():
    modules = ["api", "rng", "replay", "saves", "example"]
    code = ("import sys\n" + "".join(f"import game.engine.{m}\n" for m in modules)
            + "assert 'pygame' not in sys.modules, 'pygame was imported'\n")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# ------------------------------------------------------------------------ the example game's rules

def test_both_seats_act_at_once_and_the_higher_card_scores():
    state = example.new_game({"rounds": 1, "hand_size": 2, "deck_size": 4}, seed=3)
    assert state.to_act() == SEATS
    north, south = state.hands["north"][0], state.hands["south"][0]
    events = state.apply(Bid("south", south))
    assert state.to_act() == ("north",) and not any(e.reveal for e in events)
    assert state.legal_actions("south") == []
    events = state.apply(Bid("north", north))
    shown = [e for e in events if e.kind == "example.shown"]
    assert shown and shown[0].reveal and shown[0].audience is None
    assert shown[0].data["cards"] == {"north": north, "south": south}
    assert state.is_over() and state.to_act() == ()
    winner, loser = ("north", "south") if north > south else ("south", "north")
    assert state.result() == api.Result(winners=(winner,), reason="higher score",
                                        scores={winner: 1, loser: 0})


def test_legal_actions_are_stable_and_ordered():
    state = example.new_game({}, seed=11)
    first = state.legal_actions("north")
    assert first == state.legal_actions("north")
    assert first[0] == Draw("north")
    assert [a.card for a in first[1:]] == sorted(state.hands["north"])


def test_bad_configs_are_refused_with_a_sentence():
    for config, words in [({"rounds": 0}, "at least 1"), ({"rounds": 5, "hand_size": 4}, "cannot last"),
                          ({"deck_size": 5}, "cannot deal"), ({"colour": "red"}, "unknown setting"),
                          ({"rounds": True}, "whole number")]:
        with pytest.raises(ValueError, match=words):
            example.new_game(config, 1)


def _illegal_actions(state: SealedBidsState) -> list[tuple[Action, str]]:
    """Actions the rules must refuse now, and words of the sentence they refuse them with."""
    if state.is_over():
        return [(Bid(seat, 1), "over") for seat in SEATS]
    cases: list[tuple[Action, str]] = [(Bid("east", 1), "no seat"), (Move("north", Sq(0, 0)), "not a move")]
    for seat in SEATS:
        if seat in state.to_act():
            missing = next(c for c in range(1, 100) if c not in state.hands[seat])
            cases.append((Bid(seat, missing), f"do not hold a {missing}"))
            if seat in state.drawn:
                cases.append((Draw(seat), "already drawn"))
            elif not state.stock:
                cases.append((Draw(seat), "stock is empty"))
        else:
            cases.append((Bid(seat, state.face_down[seat]), "already placed"))
            cases.append((Draw(seat), "already placed"))
    return cases


def test_refused_actions_leave_the_state_exactly_as_it_was():
    state = example.new_game({}, seed=5)
    state.apply(Draw("north"))
    state.apply(Bid("north", state.hands["north"][0]))
    before = copy.deepcopy(state)
    views = {s: state.view(s) for s in (*SEATS, TABLE)}
    for action, words in _illegal_actions(state):
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert words in info.value.sentence
        assert info.value.sentence.endswith(".")
        assert state == before
        assert {s: state.view(s) for s in views} == views


def test_no_moves_after_the_end():
    state = example.new_game({"rounds": 1, "hand_size": 1, "deck_size": 2}, seed=1)
    for seat in SEATS:
        state.apply(state.legal_actions(seat)[-1])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Bid("north", 1))
    assert state == before


# --------------------------------------------------------------------------------------- privacy

def _swap_secret_cards(state: SealedBidsState, seat: str) -> SealedBidsState:
    """The same game but for ``seat``'s secret cards (hand and face-down card), exchanged with the
    stock: everything the other seat knows is unchanged."""
    other = copy.deepcopy(state)
    secret = other.hands[seat] + ([other.face_down[seat]] if seat in other.face_down else [])
    pool = sorted(secret + other.stock)
    pool = pool[len(secret):] + pool[:len(secret)]  # a different split of the same cards
    new_secret, other.stock = pool[:len(secret)], pool[len(secret):]
    if seat in other.face_down:
        other.face_down[seat] = new_secret.pop()
    other.hands[seat] = sorted(new_secret)
    other.rng = Rng(987654321)  # the RNG is a secret from everyone
    return other


def test_a_seat_cannot_see_the_other_seats_secrets():
    state = example.new_game({"hand_size": 4, "deck_size": 12}, seed=21)
    state.apply(Bid("south", state.hands["south"][1]))
    twin = _swap_secret_cards(state, "south")
    assert twin.hands["south"] != state.hands["south"] and twin.face_down["south"] != state.face_down["south"]
    assert twin.view("north") == state.view("north")
    assert twin.view(TABLE) == state.view(TABLE)
    assert twin.view("south") != state.view("south")


def test_the_table_sees_no_hand_and_no_face_down_card():
    state = example.new_game({}, seed=2)
    state.apply(Bid("north", state.hands["north"][0]))
    view = state.view(TABLE)
    assert view.hand == () and view.my_bid is None and view.has_bid == ("north",)
    with pytest.raises(ValueError):
        state.view("east")


def test_events_tell_the_card_only_to_its_owner():
    state = example.new_game({}, seed=4)
    card = state.hands["north"][0]
    draw_events = state.apply(Draw("north"))
    drawn = state.hands["north"][-1]
    bid_events = state.apply(Bid("north", card))
    for event in draw_events + bid_events:
        assert event.for_seat("north").data.get("card") in (drawn, card)
        for seat in ("south", TABLE):
            seen = event.for_seat(seat)
            assert seen is not None and "card" not in seen.data
    assert draw_events[0].reveal and not bid_events[0].reveal


def test_a_view_mutated_by_its_reader_does_not_change_the_game():
    state = example.new_game({}, seed=8)
    before = copy.deepcopy(state)
    view = state.view("north")
    view.scores["north"] = 99
    view.hand_sizes["south"] = 0
    assert state == before


# --------------------------------------------------------------------- random whole games

def _check_invariants(state: SealedBidsState) -> None:
    cfg = state.config
    cards = [c for hand in state.hands.values() for c in hand] + state.stock + list(state.face_down.values())
    cards += [c for shown in state.history for c in shown]
    assert sorted(cards) == list(range(1, cfg.deck_size + 1)), "every card is in exactly one place"
    assert sum(state.scores.values()) == len(state.history) <= cfg.rounds
    assert set(state.to_act()) <= set(SEATS)
    for seat in SEATS:
        assert len(state.hands[seat]) >= cfg.rounds - len(state.history) - (seat in state.face_down)
        if seat not in state.to_act():
            assert state.legal_actions(seat) == []
    assert state.is_over() == (state.result() is not None) == (state.to_act() == ())


@pytest.mark.parametrize("seed", range(40))
def test_random_whole_games_keep_their_invariants(seed):
    chooser = Rng(seed + 1000)
    config = {"rounds": 1 + seed % 4, "hand_size": 4, "deck_size": 8 + seed % 5}
    state = example.new_game(config, seed)
    steps = 0
    while not state.is_over():
        _check_invariants(state)
        for seat in (*SEATS, TABLE):
            view = state.view(seat)
            assert example.sample_consistent_state(view, chooser).view(seat) == view
        seat = chooser.choice(state.to_act())
        actions = state.legal_actions(seat)
        assert actions, "a seat that is to act always has a move"
        for action in actions:
            assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
        before = copy.deepcopy(state)
        for bad, _ in _illegal_actions(state):
            with pytest.raises(IllegalAction):
                state.apply(bad)
            assert state == before
        state.apply(chooser.choice(actions))
        steps += 1
    _check_invariants(state)
    result = state.result()
    assert result is not None
    best = max(result.scores.values())
    assert result.winners == tuple(s for s in SEATS if result.scores[s] == best) or (
        result.winners == () and list(result.scores.values()).count(best) == 2)
    assert len(SEATS) * config["rounds"] <= steps <= len(SEATS) * (config["rounds"] + 1)  # + one draw each


def test_views_are_fresh_frozen_values():
    view = example.new_game({}, 1).view("north")
    assert dataclasses.is_dataclass(view)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 2  # type: ignore[misc]
