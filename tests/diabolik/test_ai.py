"""The computer criminals (easy, normal, hard): they play only legal actions through whole seeded
games, decide from the view alone, play the same game again from the same seed, the hard one wins
far more often than random play, and `heist-table simulate diabolik` sums it all up as JSON."""

from __future__ import annotations

import copy
import json
import random

import pytest

from game import cli
from game.diabolik import search as S
from game.diabolik.ai import BOTS, EasyBot, HardBot, NormalBot
from game.diabolik.rules import Choose, new_game
from game.diabolik.simulate import make_bot, play_game, simulate

LEVELS = ("easy", "normal", "hard")


def _game_log(config, seed, level):
    """The actions of one seeded game played by ``level`` criminals, and how it ended."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    bots: dict[str, object] = {}
    log = []
    while not state.is_over():
        seats = list(state.to_act())
        seat = seats[rng.randrange(len(seats))]
        bot = bots.setdefault(seat, make_bot(level, seed * 101 + state.seats.index(seat)))
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        log.append(action)
        state.apply(action)
    return log, state.result()


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_plays_only_legal_actions_through_whole_games(level, players):
    for seed in (11, 12, 13):
        summary = play_game({"players": players}, seed, level, illegal_rate=0.0)
        # play_game fails the game (ok False) when a bot picks an action not among the legal ones
        assert summary["ok"], summary.get("error")
        assert summary["reason"] in ("loot_home", "danger_max")


def test_the_same_seed_plays_the_same_game():
    for level in LEVELS:
        first = _game_log({"players": 2}, 7, level)
        again = _game_log({"players": 2}, 7, level)
        assert first == again
    assert _game_log({"players": 1}, 5, "hard")[0] != _game_log({"players": 1}, 6, "hard")[0]


def _mid_game_views():
    """Views of real positions part-way through games (a criminal's turn, and a pending choice)."""
    out = []
    for players, seed in ((1, 3), (2, 4), (2, 9)):
        state = new_game({"players": players}, seed)
        rng = random.Random(seed)
        bots: dict[str, object] = {}
        for n in range(60):
            if state.is_over():
                break
            seats = list(state.to_act())
            seat = seats[rng.randrange(len(seats))]
            if n % 7 == 3 or state.pending is not None:
                out.append((copy.deepcopy(state), seat))
            bot = bots.setdefault(seat, make_bot("normal", seed + len(bots)))
            state.apply(bot.choose(state.view(seat), state.legal_actions(seat)))
    assert any(s.pending is not None for s, _ in out), "no pending choice met: pick other seeds"
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_from_the_view_alone_and_leave_the_game_untouched(level):
    for state, seat in _mid_game_views():
        # another state with the same view: only the dice to come differ
        other = copy.deepcopy(state)
        for _ in range(5):
            other.rng.random()
        assert other.view(seat) == state.view(seat) and other.rng != state.rng
        rng_before = copy.deepcopy(state.rng)
        before = copy.deepcopy(state)
        legal = state.legal_actions(seat)
        chosen = BOTS[level](42).choose(state.view(seat), legal)
        assert chosen in legal
        assert BOTS[level](42).choose(other.view(seat), other.legal_actions(seat)) == chosen
        # a bot gets the view and the legal actions, nothing else, and changes neither the game nor its dice
        assert state == before and state.rng == rng_before


def test_a_bot_given_only_a_copy_of_the_view_decides_the_same():
    for state, seat in _mid_game_views()[:6]:
        view = state.view(seat)
        legal = state.legal_actions(seat)
        for cls in (EasyBot, NormalBot, HardBot):
            assert cls(5).choose(copy.deepcopy(view), list(legal)) == cls(5).choose(view, legal)


def test_pending_choices_are_answered_with_an_option_on_offer():
    answered = 0
    for state, seat in _mid_game_views():
        if state.pending is None:
            continue
        for level in LEVELS:
            action = BOTS[level](1).choose(state.view(seat), state.legal_actions(seat))
            assert isinstance(action, Choose) and 0 <= action.option < len(state.pending.options)
            answered += 1
    assert answered >= 3


def test_hard_criminals_win_far_more_often_than_random_ones():
    config = {"players": 1}
    hard = simulate(config, 12, 300, "hard")
    rand = simulate(config, 12, 300, "random")
    assert hard["errors"] == rand["errors"] == 0
    assert hard["won"] >= rand["won"] + 4, (hard["won"], rand["won"])


def test_the_hard_evaluation_prefers_loot_home_and_less_danger():
    """The search's evaluation, what every plan is scored by: more danger is worse, loot at the
    hideout is better, a criminal on the run is worse (for one criminal and for two)."""
    for players in (1, 2):
        state = new_game({"players": players}, 8)
        table, pos = S.from_view(state.view(state.seats[0]), ())
        base = S.value(table, pos)
        riskier = pos.copy()
        riskier.danger += 2
        richer = pos.copy()
        richer.banked += 1
        richer.loot_left -= 1
        caught = pos.copy()
        caught.run[0] = True
        assert S.value(table, riskier) < base < S.value(table, richer)
        assert S.value(table, caught) < base
        richer.banked = 4
        richer.over = 1
        assert S.value(table, richer) > 0.99


@pytest.mark.parametrize("level", ("random", *LEVELS))
def test_simulate_sums_up_every_level_as_json(level, capsys):
    assert cli.main(["simulate", "diabolik", "--players", "1", "--criminals", level, "--games", "2",
                     "--seed", "5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["errors"] == 0 and summary["games"] == 2 and summary["criminals"] == level
    assert {"win_rate", "won", "rounds", "reasons", "decision_ms", "loss_danger_by"} <= set(summary)
    assert 0.0 <= summary["win_rate"] <= 1.0 and summary["rounds"]["mean"] > 0
    assert sum(summary["reasons"].values()) == 2
    assert {"mean", "max"} == set(summary["decision_ms"])


def test_simulate_with_two_players_and_the_same_seed_gives_the_same_figures(capsys):
    args = ["simulate", "diabolik", "--players", "2", "--criminals", "normal", "--games", "2", "--seed", "9", "--json"]
    assert cli.main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert cli.main(args) == 0
    again = json.loads(capsys.readouterr().out)
    for timed in ("decision_ms", "seconds"):
        first.pop(timed), again.pop(timed)
    assert first == again and first["config"]["players"] == 2


def test_one_criminal_alone_plays_on_a_track_of_its_own(tmp_path):
    """The balance gives one criminal a shorter danger track (data/diabolik/danger.yaml): alone he
    runs fewer risks. Each length is designed and says why; a solo length without a reason is refused."""
    import shutil

    from game.diabolik.rules import data
    from game.engine.content import ContentError

    assert new_game({"players": 1}, 3).danger_max == data.solo_danger_max() < data.danger_max()
    assert new_game({"players": 2}, 3).danger_max == data.danger_max()
    assert new_game({"players": 1}, 3).view("diabolik").danger_max == data.solo_danger_max()
    root = tmp_path / "root"
    shutil.copytree(data.path("danger.yaml").parent, root / "data" / "diabolik")
    danger = root / "data" / "diabolik" / "danger.yaml"
    text = danger.read_text(encoding="utf-8")
    danger.write_text("\n".join(line for line in text.splitlines() if not line.startswith("solo_why")),
                      encoding="utf-8")
    with pytest.raises(ContentError, match="solo_why"):
        data.solo_danger_max(root)
