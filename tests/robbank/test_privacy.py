"""Privacy for every seat of How to Rob a Bank (the bank, each thief player, the table) with 2, 3 and
4 players and both stack rules, over whole seeded games: a seat sees its own side's hands and never
the other side's (the thieves see each other's), no seat sees the undrawn cards or the RNG, by the
table rules only each stack's top while planning and only the cards turned up while robbing; the
events are redacted per seat; two states that differ only in what a seat may not see give it the
same view and the same choices, and a computer player given the same view picks the same move."""

from __future__ import annotations

import copy
import random

import pytest

from game.engine.api import TABLE, events_for_seat
from game.engine.rng import Rng
from game.robbank import ai
from game.robbank.rules import new_game
from game.robbank.title import privacy_pairs
from tests.views import holds

CONFIGS = [{"players": p, "stacks": s} for p in (2, 3, 4) for s in ("table", "open")]
PUBLIC = {"round", "rotated", "furnished", "car", "laid", "turned_over", "revealed", "stood_up", "moved", "tackled",
          "locked", "grabbed", "picked", "sprayed", "car_moved", "thrown", "passed", "alarm", "turn_end", "round_end",
          "over"}


def _id(config):
    return f"{config['players']}p-{config['stacks']}"


def may_see_hand(seat: str, stack: str) -> bool:
    return seat != TABLE and (stack == "bank") == (seat == "bank")


def _stack_in_sight(state, stack):
    cards = state.stacks[stack]
    if state.config.stacks == "open":
        return tuple(cards)
    if state.phase == "plan":
        return tuple(c if i == len(cards) - 1 else None for i, c in enumerate(cards))
    shown = state.played[stack] + (1 if state.turn is not None and state.turn.stack == stack else 0)
    return tuple(c if i < shown else None for i, c in enumerate(cards))


def _check_view(state, seat):
    view = state.view(seat)
    assert view.seat == seat
    for stack in state.stack_order():
        expected = tuple(state.hands[stack]) if may_see_hand(seat, stack) else None
        assert view.hands[stack] == expected, (seat, stack)
        assert view.hand_sizes[stack] == len(state.hands[stack])
        assert view.stacks[stack] == _stack_in_sight(state, stack), (seat, stack, state.phase)
    if state.config.stacks == "table" and state.phase == "rob":
        for stack in state.stack_order():            # while robbing, never a card not yet turned up
            assert all(c is None for c in view.stacks[stack][state.played[stack] + 1:])
    assert not hasattr(view, "decks") and not hasattr(view, "rng")
    assert not holds(view, lambda x: isinstance(x, Rng)), seat
    return view


def _extra_pairs(state):
    """Hidden facts privacy_pairs does not make: the cards not yet turned up while robbing, by the
    table rules (nobody sees them), and a thief's hand against the bank in the robbery too."""
    pairs = []
    if state.config.stacks == "table" and state.phase == "rob":
        for stack, cards in state.stacks.items():
            shown = state.played[stack] + (1 if state.turn is not None and state.turn.stack == stack else 0)
            if len(cards) - shown >= 2 and cards[shown:] != cards[shown:][::-1]:
                other = copy.deepcopy(state)
                other.stacks[stack][shown:] = cards[shown:][::-1]
                pairs.append((f"{stack}'s cards not turned up", other, frozenset()))
    return pairs


def _pairs(state):
    return [*privacy_pairs(state), *_extra_pairs(state)]


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_every_seat_sees_what_it_may_and_nothing_more(config):
    for game in range(3):
        state = new_game(config, 500 + game)
        seats = (*state.seats, TABLE)
        assert state.opening and state.opening[0].kind == "robbank.round"
        _check_events(state, state.opening, seats)    # the first round's set-up, told before any move
        pick = random.Random(game)
        steps = 0
        while not state.is_over():
            for seat in seats:
                _check_view(state, seat)
            if steps % 3 == 0:
                for name, other, allowed in _pairs(state):
                    for seat in seats:
                        if seat not in allowed:
                            assert other.view(seat) == state.view(seat), (seat, name)
                    actor = state.to_act()[0]
                    if actor not in allowed:
                        assert other.legal_actions(actor) == state.legal_actions(actor), (actor, name)
                    if allowed:
                        assert any(other.view(s) != state.view(s) for s in allowed), name
            actor = state.to_act()[0]
            events = state.apply(pick.choice(state.legal_actions(actor)))
            _check_events(state, events, seats)
            steps += 1
        for seat in seats:
            _check_view(state, seat)


def _check_events(state, events, seats):
    thieves = frozenset(s for s in state.seats if s != "bank")
    for e in events:
        kind = e.kind.removeprefix("robbank.")
        if kind == "dealt":
            stack = e.data["stack"]
            owners = frozenset({"bank"}) if stack == "bank" else thieves
            assert e.audience == owners
            for seat in seats:
                told = e.for_seat(seat)
                if seat in owners:
                    assert told.data["cards"] == state.hands[stack] and len(state.hands[stack]) == 8   # dealt last
                else:
                    assert dict(told.data) == {"stack": stack, "count": 8}, (seat, told)
        else:
            assert kind in PUBLIC, kind
            assert e.audience is None, e
    for seat in seats:                            # what a seat is told: the events, redacted for it
        told = events_for_seat(events, seat)
        assert len(told) == len(events)
        for e in told:
            if e.kind == "robbank.dealt" and not may_see_hand(seat, e.data["stack"]):
                assert "cards" not in e.data


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_dealt_cards_are_told_only_to_their_owners(players):
    state = new_game({"players": players}, 9)
    events = []
    pick = random.Random(0)
    while state.phase in ("explore", "car"):
        events += state.apply(pick.choice(state.legal_actions(state.to_act()[0])))
    dealt = [e for e in events if e.kind == "robbank.dealt"]
    assert [e.data["stack"] for e in dealt] == list(state.stack_order())
    for e in dealt:
        assert e.data["cards"] == state.hands[e.data["stack"]]
        for seat in (*state.seats, TABLE):
            seen = e.for_seat(seat).data
            assert ("cards" in seen) == may_see_hand(seat, e.data["stack"]), (seat, e.data["stack"])


def _decide(bot_class, seed, history, view, legal):
    bot = bot_class(seed)
    for past in history:
        bot.observe(past)
    return bot.choose(view, legal)


@pytest.mark.parametrize("config", [{"players": 2, "stacks": "table"}, {"players": 4, "stacks": "table"},
                                    {"players": 3, "stacks": "open"}], ids=_id)
def test_a_computer_player_shown_the_same_view_makes_the_same_choice(config):
    checked = 0
    for game in range(2):
        state = new_game(config, 700 + game)
        history = {seat: [] for seat in state.seats}
        pick = random.Random(game)
        steps = 0
        while not state.is_over():
            actor = state.to_act()[0]
            legal = state.legal_actions(actor)
            if len(legal) > 1 and steps % 6 == 0:
                hidden = [p for p in _pairs(state) if actor not in p[2]]
                for name, other, _ in pick.sample(hidden, min(2, len(hidden))):
                    view, twin = state.view(actor), other.view(actor)
                    assert view == twin
                    classes = [ai.NormalBot] + ([ai.HardBot] if checked % 5 == 0 else [])
                    for bot_class in classes:
                        mine = _decide(bot_class, 3, history[actor], view, legal)
                        theirs = _decide(bot_class, 3, history[actor], twin, other.legal_actions(actor))
                        assert mine == theirs, (name, bot_class.__name__)
                        checked += 1
            for seat in state.seats:
                history[seat].append(state.view(seat))
            state.apply(pick.choice(legal))
            steps += 1
    assert checked > 20


def test_every_event_but_the_deal_is_public():
    from tests.robbank.test_texts import RULE_KINDS

    assert {k.removeprefix("robbank.") for k in RULE_KINDS} == PUBLIC | {"dealt"}
