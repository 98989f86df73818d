"""The computer criminals search on a fast copy of the rules (game/diabolik/search.py). Whole seeded
games are played on the real rules, and after every criminal's action (with the police phase and
the choices it brought) the copy, given the same dice and the same choices, must reach the same
position: where every pawn and policeman stands, who is on the run, what is carried, the loot, the
clues, the roadblocks, the danger and the end. A drift of the copy from the rules fails here."""

from __future__ import annotations

import random

import pytest

from game.diabolik import search as S
from game.diabolik.ai import step_of, station_effects
from game.diabolik.rules import Choose, EndTurn, new_game
from game.diabolik.simulate import make_bot

CONFIGS = [({"players": 1}, "random"), ({"players": 2}, "random"), ({"players": 1}, "hard"),
           ({"players": 2}, "normal"), ({"players": 2, "diabolika": True}, "random"),
           ({"players": 1, "diabolika": True}, "easy")]


def _key(p: S.Pos) -> tuple:
    k = list(p.key())
    k[-1] = None    # `sighted` (once a turn): compared through the danger it adds
    return tuple(k)


def _record_dice(state):
    """Make the state's RNG write down every d8 it rolls (the real RNG still rolls them)."""
    rolls: list[int] = []
    below = state.rng.below

    def recording(n: int) -> int:
        value = below(n)
        assert n == 8, "every die of Quadruplo furto is a d8"
        rolls.append(value)
        return value

    state.rng.below = recording
    return rolls


def _play_and_compare(config, level, seed, station):
    state = new_game(config, seed)
    rolls = _record_dice(state)
    rng = random.Random(seed)
    bots: dict[str, object] = {}
    compared = 0
    while not state.is_over():
        seats = list(state.to_act())
        seat = seats[rng.randrange(len(seats))]
        view = state.view(seat)
        bot = bots.setdefault(seat, make_bot(level, seed * 7 + len(bots)))
        action = bot.choose(view, state.legal_actions(seat))
        if view.pending is not None:
            state.apply(action)
            continue
        # one criminal's action, then every choice it brings, answered by the bot
        del rolls[:]
        chosen: list[tuple[str, tuple[int, ...], int]] = []
        events = state.apply(action)
        while state.pending is not None and not state.is_over():
            p = state.pending
            answer = bots[p.seat].choose(state.view(p.seat), state.legal_actions(p.seat))
            assert isinstance(answer, Choose)
            chosen.append((p.kind, tuple(p.options), p.options[answer.option]))
            events += state.apply(answer)
        table, pos = S.from_view(view, station)
        me = table.seats.index(seat)
        replay = list(chosen)

        def chooser(table, p, kind, options, context, replay=replay):
            want_kind, want_options, value = replay.pop(0)
            assert (kind, tuple(options)) == (want_kind, want_options), "the copy asked another choice"
            return options.index(value)

        dice = S.Dice(list(rolls), ())
        if not isinstance(action, EndTurn):
            S.do_step(table, pos, me, step_of(action), dice, chooser)
        if any(e.kind == "diabolik.station" for e in events) and not pos.over:
            S.police_phase(table, pos, dice, chooser)
        _t, after = S.from_view(state.view(seat), station)
        assert _key(pos) == _key(after), (
            f"seed {seed}: after {action} the copy has {pos.key()} but the rules {after.key()}")
        assert not replay and not dice.fixed, "the copy used fewer dice or choices than the rules"
        compared += 1
    return compared


IDS = [f"{c['players']}p-{lvl}{'-diabolika' if c.get('diabolika') else ''}" for c, lvl in CONFIGS]


@pytest.mark.parametrize("config,level", CONFIGS, ids=IDS)
def test_the_search_copy_plays_like_the_rules(config, level):
    station = station_effects()
    compared = sum(_play_and_compare(config, level, seed, station) for seed in range(1, 21))
    assert compared > 120
