"""Privacy for every seat of Lupusburg (each player and the table) over whole seeded games with 4 to 8
players: a seat's view holds its own characters, chest, coin, night call, looks, characters shown
and secret ballot, and none of anyone else's; the table's none at all; no view holds the RNG or the
bag's coins; events are redacted for every seat that may not know their secret; and two states that
differ only in another seat's secret give a seat the same view (the title's privacy pairs)."""

from __future__ import annotations

import random

import pytest

from game.engine.api import TABLE
from game.engine.rng import Rng
from game.lupusburg.rules import new_game
from game.lupusburg.title import privacy_pairs
from tests.views import holds
from tests.conformance.kit import canonical

CONFIGS = [{"players": 4}, {"players": 5, "lynch": "plurality"}, {"players": 6, "broom": "on"},
           {"players": 7, "protect_last": "off"}, {"players": 8, "broom": "on", "lynch": "plurality"}]
SECRET_KEYS = {
    "placed": {"chest", "characters"}, "called": {"player", "side", "role", "chest"}, "killed": {"character"},
    "lynched": {"character"}, "privilege": {"character"}, "shown": {"character"}, "swept": {"chest"},
    "drew": {"coins"}, "bet": {"coin"}, "voted": {"player", "side", "mark"},
}


def may_know(event, seat) -> bool:
    """Whether ``seat`` may know an event's secret."""
    if event.audience is None:
        return True
    return seat in event.audience


def check_view(state, seat):
    view = state.view(seat)
    over = state.is_over()
    assert view.seat == seat
    assert not holds(view, lambda x: isinstance(x, Rng))
    assert not hasattr(view, "rng") and not hasattr(view, "dealt") and not hasattr(view, "werewolf")
    assert isinstance(view.bag, int)
    if seat == TABLE:
        assert view.hand == () and view.characters is None and view.chest is None and view.role is None
        assert view.looks == () and view.seen == () and view.pointed is None and view.my_coin is None
        assert view.drawn == () and view.my_draw == () and view.my_ballot == () and view.my_marks == ()
    else:
        assert view.hand == state.dealt[seat]
        assert view.characters == state.characters.get(seat)
        assert view.chest == state.chest.get(seat)
        assert view.looks == tuple(state.looks[seat]) and view.seen == tuple(state.seen[seat])
        assert all(look.house.player != seat for look in view.looks)
        assert view.pointed == state.pointed.get(seat)
        assert view.my_coin == (state.bets[seat].coin if seat in state.bets else None)
        assert view.my_ballot == (tuple(state.votes.get(seat, ())) if state.phase in ("nominate", "vote") else ())
        assert view.my_marks == (tuple(state.marks.get(seat, ())) if state.phase == "runoff" else ())
    assert (view.reveal is None) != over
    for p, bet in view.seals.items():
        assert (bet is None) == (p not in state.bets)
        assert bet is None or not hasattr(bet, "coin")
    return view


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}p")
def test_every_seat_sees_its_own_secrets_and_nobody_elses_through_whole_games(config):
    for seed in range(2):
        state = new_game(config, 50 + seed)
        pick = random.Random(seed)
        every = (*state.seats, TABLE)
        step = 0
        while not state.is_over():
            for seat in every:
                check_view(state, seat)
            if step % 11 == 0:
                for fact, other, knowers in privacy_pairs(state):
                    for seat in every:
                        same = canonical(state.view(seat)) == canonical(other.view(seat))
                        assert same != (seat in knowers), (fact, seat, state.phase)
            seats = state.to_act()
            seat = seats[pick.randrange(len(seats))]
            events = state.apply(pick.choice(state.legal_actions(seat)))
            for e in events:
                kind = e.kind.removeprefix("lupusburg.")
                secret = SECRET_KEYS.get(kind, set())
                for other in every:
                    told = e.for_seat(other)
                    if may_know(e, other):
                        assert told is e
                    else:
                        assert told is not None and not (set(told.data) & secret), (kind, other, told)
                if kind in SECRET_KEYS and kind not in ("killed", "lynched"):
                    assert e.audience is not None, kind      # every secret event has an audience
            step += 1
        for seat in every:
            check_view(state, seat)


def test_the_audiences_are_the_seats_that_may_know():
    state = new_game({"players": 6, "broom": "on"}, 5)
    pick = random.Random(5)
    audiences = {}
    while not state.is_over():
        seat = state.to_act()[0]
        bm = state.burgomaster
        owner = state.privilege.house.player if state.privilege else None
        for e in state.apply(pick.choice(state.legal_actions(seat))):
            kind = e.kind.removeprefix("lupusburg.")
            if e.audience is None:
                continue
            audiences.setdefault(kind, set()).add(len(e.audience))
            if kind in ("privilege",):
                assert e.audience == frozenset({bm, e.data["player"]})
            elif kind == "shown":
                assert e.audience == frozenset({bm, owner})
            elif kind in ("killed", "lynched"):
                assert e.audience == frozenset({e.data["player"]})
            else:
                assert e.audience == frozenset({seat}), kind
    assert {"placed", "called", "killed", "voted"} <= set(audiences)


def test_the_secret_ballots_and_the_coins_in_the_bag_are_in_no_other_view():
    state = new_game({"players": 5, "lynch": "plurality"}, 11)
    pick = random.Random(11)
    seen_vote = False
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(pick.choice(state.legal_actions(seat)))
        if state.phase == "vote" and any(state.votes.values()):
            seen_vote = True
            for voter, houses in state.votes.items():
                for other in (*state.seats, TABLE):
                    if other != voter and houses:
                        view = state.view(other)
                        assert view.ballots == tuple(b for b in state.ballots)      # only the revealed ones
                        assert view.my_ballot == tuple(state.votes.get(other, ()))
    assert seen_vote
