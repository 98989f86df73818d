"""Whole seeded games of Lupusburg, 4 to 8 players under every option, played by the engine's random
computer player (game.engine.playout.RandomBot), checking after every action what must always hold:
two characters a player, the Werewolf and the Thief never in a chest house, the eight coins all in
the bag, in a bettor's hand or under a seal, one seal a player and a bet never moved, houses leaving
only by the claw (one a night, at dawn) or the lynch (at most one a day), never coming back, the
Burgomaster with a living character when the night falls, the night's choices the same for every
seat, and the game over exactly when an end condition holds. And: the same seed, the same game."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.playout import RandomBot
from game.lupusburg.rules import Keep, Point, data, new_game
from game.lupusburg.rules.data import THIEF, TOWNSFOLK, WEREWOLF

GAMES = 200
OPTIONS = [
    {},
    {"lynch": "plurality"},
    {"wrong_bet": "minus_coin", "score_tie": "coin_then_characters", "chest_value": 3},
    {"protect_last": "off", "bet_on_dead": "off", "first_burgomaster": "first"},
]
COINS = Counter(data.coins())


class Before:
    """What the invariants need of the state before an action (cheaper than a deep copy)."""

    def __init__(self, state):
        self.phase = state.phase
        self.kills = list(state.kills)
        self.lynches = list(state.lynches)
        self.pointed = dict(state.pointed)
        self.alive = {p: dict(a) for p, a in state.alive.items()}

    def living(self, seat):
        return [s for s, alive in self.alive.get(seat, {}).items() if alive]


class Watch:
    """Every invariant, checked after each action from what the state was before."""

    def __init__(self, state):
        self.bets = {}
        self.dead: set[tuple[str, str]] = set()
        self.laid = {}
        self.day = state.day
        for hand in state.dealt.values():
            assert sorted(hand) != sorted((WEREWOLF, THIEF))

    def after(self, before, action, state):
        # ---- the characters
        for seat, chars in state.characters.items():
            assert sorted(chars) == ["left", "right"]
            assert sorted(chars.values()) == sorted(state.dealt[seat])
            assert chars[state.chest[seat]] == TOWNSFOLK
            if seat in self.laid:
                assert chars == self.laid[seat]
            self.laid[seat] = dict(chars)
        # ---- the coins and the seals
        under = Counter(b.coin for b in state.bets.values())
        assert Counter(state.bag) + Counter(state.drawn) + under == COINS
        assert len(state.drawn) <= 3 and (state.drawn == () or state.phase == "keep")
        for seat, bet in self.bets.items():
            assert state.bets[seat] == bet
        new = set(state.bets) - set(self.bets)
        assert len(new) <= 1
        for seat in new:
            assert isinstance(action, Keep) and action.seat == seat and state.bets[seat].target != seat
            assert state.config.bet_on_dead or before.living(state.bets[seat].target)
        self.bets = dict(state.bets)
        # ---- houses leave by the claw or the lynch only, and never come back
        gone = {(p, s) for p, sides in state.alive.items() for s, alive in sides.items() if not alive}
        assert self.dead <= gone
        left = gone - self.dead
        assert len(left) <= 1
        recorded = [d.house for d in state.kills + state.lynches]
        assert sorted(recorded) == sorted(gone) and len(set(recorded)) == len(recorded)
        for house in left:
            (p, s) = house
            if state.kills and tuple(state.kills[-1].house) == house and len(state.kills) > len(before.kills):
                assert before.phase == "night" and p != state.werewolf
                assert before.pointed.get(state.werewolf) == house or (isinstance(action, Point) and
                                                                       action.seat == state.werewolf)
            else:
                assert len(state.lynches) == len(before.lynches) + 1 and before.phase in ("nominate", "runoff",
                                                                                         "vote", "decide")
        self.dead = gone
        assert len(state.kills) <= state.day and len(state.lynches) <= state.day
        assert len(state.kills) >= state.day - 1 and len(state.lynches) >= state.day - 1
        # ---- the night and the Burgomaster
        if state.phase == "night":
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            assert {(a.player, a.side) for a in legal} == {h for h in state.houses_left() if h.player != seat}
            if state.day != self.day:
                assert state.living(state.burgomaster), "a dead Burgomaster at nightfall"
                self.day = state.day
        # ---- the end, exactly when it should
        if state.phase not in ("place",):
            wolf, others = state.werewolf_count()
            ended = wolf == 0 or wolf >= others
            assert state.is_over() == ended, (wolf, others, state.phase)
        if state.is_over():
            result = state.result()
            assert result is not None and result.winners
            if result.reason == "werewolf_wins":
                assert result.winners == (state.werewolf,)
            else:
                assert state.werewolf not in result.winners and set(result.scores) == set(state.seats) - {
                    state.werewolf}
                best = max(result.scores.values())
                assert all(result.scores[w] == best for w in result.winners)
        else:
            acting = state.to_act()
            assert acting and all(state.legal_actions(s) for s in acting)


def play(config, seed, watch=True):
    state = new_game(config, seed)
    w = Watch(state) if watch else None
    bots: dict[str, RandomBot] = {}
    pick = __import__("random").Random(seed)
    actions = []
    while not state.is_over():
        seats = state.to_act()
        seat = seats[pick.randrange(len(seats))]
        legal = state.legal_actions(seat)
        bot = bots.setdefault(seat, RandomBot(seed * 101 + state.seats.index(seat)))
        action = bot.choose(None, legal)
        before = Before(state) if w else None
        state.apply(action)
        actions.append(action)
        if w:
            w.after(before, action, state)
        assert len(actions) < 1500
    return state, actions


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_seeded_random_games_keep_every_rule(players):
    ends = Counter()
    for i in range(GAMES):
        config = {"players": players, **OPTIONS[i % len(OPTIONS)]}
        if players >= 6 and i % 3 == 0:
            config["broom"] = "on"
        state, _ = play(config, 1000 * players + i)
        ends[state.end_reason] += 1
    assert set(ends) == {"werewolf_wins", "werewolf_dead"}, ends


def test_the_same_seed_gives_the_same_game():
    for players in (4, 8):
        a, moves_a = play({"players": players, "broom": "on" if players == 8 else "off"}, 77, watch=False)
        b, moves_b = play({"players": players, "broom": "on" if players == 8 else "off"}, 77, watch=False)
        assert moves_a == moves_b and a == b
        c, moves_c = play({"players": players}, 78, watch=False)
        assert moves_c != moves_a


def test_what_legal_actions_offers_is_exactly_what_apply_accepts():
    from game.engine.api import IllegalAction
    from game.lupusburg.rules import ACTIONS

    state = new_game({"players": 5, "broom": "off"}, 3)
    pick = __import__("random").Random(3)
    probed = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        offered = set(legal)
        candidates = _candidates(state, seat)
        for action in candidates:
            trial = state.snapshot()
            try:
                trial.apply(action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (action in offered), (action, state.phase)
            probed += 1
        assert offered <= set(candidates) | {a for a in legal if not isinstance(a, ACTIONS)}
        state.apply(pick.choice(legal))
    assert probed > 1000


def _candidates(state, seat):
    """Every action of every kind ``seat`` could name with the table's seats, sides and coins."""
    from game.lupusburg.rules import (
        Decide, Draw, EndDiscussion, GiveBroom, Keep, Mark, PassBet, Place, Point, Privilege, Seen, ShowBack,
        SkipPrivilege, Sweep, Vote,
    )

    out = [Place(seat, "left"), Place(seat, "right"), SkipPrivilege(seat), Seen(seat), PassBet(seat), Draw(seat),
           EndDiscussion(seat), Mark(seat, "paw"), Mark(seat, "fur"), ShowBack(seat, "left"), ShowBack(seat, "right")]
    for p in state.seats:
        out.append(GiveBroom(seat, p))
        for side in ("left", "right"):
            out += [kind(seat, p, side) for kind in (Point, Privilege, Sweep, Vote, Decide)]
        for coin in sorted(set(data.coins())):
            out.append(Keep(seat, coin, p))
    return out
