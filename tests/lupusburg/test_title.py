"""The title's registration and ``heist-table simulate lupusburg`` with random computer players: the
list names it (playable, with its screens), its curtain, its options and seats, the replay's
view, and whole simulated games with no error and the same figures from the same arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli
from game.engine import titles
from game.engine.api import get_title
from game.games_catalog import load_catalog, title_problems
from game.lupusburg import title as spec_module
from game.lupusburg.rules import new_game

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["simulate", "lupusburg", "--players", "5", "--games", "30", "--seed", "1", "--json"]
FIELDS = {"title", "config", "seed", "bots", "games", "errors", "error_samples", "werewolf_win_rate", "wins",
          "reasons", "days", "scores", "winner_roles", "bets", "illegal_actions_tried", "illegal_actions_rejected",
          "actions", "seconds"}


def _simulate(capsys, argv):
    code = cli.main(argv)
    return code, json.loads(capsys.readouterr().out)


def test_the_title_is_listed_its_rules_found_by_name_and_its_screens_declared():
    spec = titles.title("lupusburg")
    assert spec.players == (4, 8) and spec.play == "game.ui.shell_play" and spec.ui == "game.lupusburg.ui"
    assert spec.table_scene == "lupusburg-table" and spec.setup_scene == "lupusburg-setup"
    assert {o.key for o in spec.options} == {"players", "lynch", "chest_value", "wrong_bet", "score_tie",
                                             "protect_last", "broom", "bet_on_dead", "first_burgomaster"}
    assert get_title("lupusburg").new_game({}, 1) == new_game({}, 1)
    assert "lupusburg" in {s.name for s in titles.playable()}
    catalog = load_catalog()
    assert catalog.game("lupusburg").playable and title_problems(catalog) == []


def test_the_curtain_falls_between_any_two_seats_and_before_the_first_but_not_before_the_discussion():
    """Every seat hides from every other (hidden roles): the curtain falls before every step of a
    person, whoever sat before (the table's view too); only the discussion is the whole table's."""
    from game.engine.api import TABLE

    state = new_game({"players": 5}, 3)
    curtain = titles.load(titles.title("lupusburg").curtain)
    for before in (TABLE, "red", "blue"):
        assert curtain(state, before, "green")
    state.phase = "discuss"
    assert not curtain(state, "red", "blue") and not curtain(state, TABLE, "blue")


def test_seats_are_the_first_colours_clockwise():
    assert spec_module.seats_for({"players": 4}) == ("red", "blue", "green", "yellow")
    assert len(spec_module.seats_for({"players": 8})) == 8
    for bad in ({"players": 3}, {"players": 9}, {"lynch": "hands"}, {"colour": "red"}):
        with pytest.raises(ValueError):
            spec_module.parse_config(bad)


def test_the_review_after_the_game_shows_everything():
    summary = spec_module.play_game({"players": 6}, 3)
    assert summary["ok"]
    state = new_game({"players": 6}, 3)
    review = spec_module.review_view(state)
    assert review["werewolf"] == state.werewolf and review["dealt"] == {s: list(h) for s, h in state.dealt.items()}
    json.dumps(review)


def test_simulate_plays_games_with_no_error_and_the_summary_fields(capsys):
    code, summary = _simulate(capsys, ARGS)
    assert code == 0
    assert set(summary) == FIELDS
    assert summary["errors"] == 0 and summary["games"] == 30 and summary["bots"] == "random"
    assert summary["config"]["players"] == 5 and summary["config"]["lynch"] == "two_rounds"
    assert summary["wins"]["werewolf"] + summary["wins"]["others"] == 30
    assert 0 <= summary["werewolf_win_rate"] <= 100
    assert set(summary["reasons"]) <= {"werewolf_wins", "werewolf_dead"}
    assert 1 <= summary["days"]["min"] <= summary["days"]["mean"] <= summary["days"]["max"]
    assert summary["scores"]["games"] == summary["wins"]["others"]
    assert summary["illegal_actions_tried"] == summary["illegal_actions_rejected"] > 0


def test_the_same_arguments_give_the_same_figures(capsys):
    _, first = _simulate(capsys, ARGS)
    _, again = _simulate(capsys, ARGS)
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    _, other = _simulate(capsys, [*ARGS[:-2], "2", "--json"])
    assert other["seed"] == 2 and other["actions"] != first["actions"]


def test_the_options_reach_the_games(capsys):
    code, summary = _simulate(capsys, ["simulate", "lupusburg", "--players", "8", "--broom", "on", "--lynch",
                                       "plurality", "--wrong-bet", "minus_coin", "--games", "5", "--json"])
    assert code == 0 and summary["errors"] == 0
    assert summary["config"]["broom"] == "on" and summary["config"]["wrong_bet"] == "minus_coin"
    assert cli.main(["simulate", "lupusburg", "--players", "4", "--broom", "on", "--games", "1", "--json"]) == 2
    assert "6 to 8 players" in capsys.readouterr().err


def test_the_command_line_as_shipped(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEIST_TABLE_HOME": str(tmp_path / "home"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    argv = ["simulate", "lupusburg", "--players", "7", "--games", "4", "--seed", "5", "--json"]
    done = subprocess.run([sys.executable, "-c", "import sys; from game.cli import main; sys.exit(main(sys.argv[1:]))",
                           *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["errors"] == 0 and summary["games"] == 4 and summary["config"]["players"] == 7
