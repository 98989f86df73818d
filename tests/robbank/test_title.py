"""The title's registration and ``heist-table simulate robbank``: the list names it, its options and
seats, the curtain between the bank and the thieves, the replay's view, and whole simulated games
with no error and the same figures from the same arguments."""

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
from game.robbank import title as spec_module
from game.robbank.rules import new_game

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["simulate", "robbank", "--players", "2", "--bank", "normal", "--thieves", "random", "--games", "20",
        "--seed", "1", "--json"]
FIELDS = {"title", "config", "seed", "bots", "games", "errors", "error_samples", "thieves_win_rate", "bank_win_rate",
          "wins", "stolen", "rounds", "reasons", "illegal_actions_tried", "illegal_actions_rejected", "actions",
          "decision_ms", "seconds"}
CLOCK = ("decision_ms", "seconds")


def _simulate(capsys, argv):
    code = cli.main(argv)
    return code, json.loads(capsys.readouterr().out)


def test_the_title_is_listed_and_its_rules_found_by_name():
    spec = titles.title("robbank")
    assert spec.players == (2, 4) and set(spec.bot_sides) == {"bank", "thieves"}
    assert {o.key for o in spec.options} == {"players", "stacks"}
    assert get_title("robbank").new_game({}, 1) == new_game({}, 1)
    assert new_game({}, 1).config.players == 3 and new_game({}, 1).config.stacks == "table"


def test_seats_follow_the_players():
    assert spec_module.seats_for({"players": 2}) == ("bank", "yellow")
    assert spec_module.seats_for({"players": 3}) == ("bank", "yellow", "red")
    assert spec_module.seats_for({"players": 4}) == ("bank", "yellow", "red", "green")
    for bad in ({"players": 5}, {"players": 1}, {"players": True}, {"stacks": "hidden"}, {"colour": "red"}):
        with pytest.raises(ValueError):
            spec_module.parse_config(bad)


def test_the_curtain_falls_between_the_bank_and_a_thief_only():
    state = new_game({"players": 4}, 1)
    assert spec_module.curtain(state, "bank", "yellow") and spec_module.curtain(state, "green", "bank")
    assert not spec_module.curtain(state, "yellow", "red") and not spec_module.curtain(state, "bank", "bank")


def test_the_review_after_the_game_shows_everything():
    state = new_game({"players": 3}, 4)
    while state.phase in ("explore", "car"):
        state.apply(state.legal_actions(state.to_act()[0])[0])
    review = spec_module.review_view(state)
    assert review["hands"] == {s: list(h) for s, h in state.hands.items()}
    assert review["tiles"] == state.tiles and review["target"] == 4
    json.dumps(review)                                   # plain data


def test_simulate_plays_twenty_games_with_no_error_and_the_summary_fields(capsys):
    code, summary = _simulate(capsys, ARGS)
    assert code == 0
    assert set(summary) == FIELDS
    assert summary["errors"] == 0 and summary["error_samples"] == []
    assert summary["title"] == "robbank" and summary["games"] == 20 and summary["seed"] == 1
    assert summary["config"] == {"players": 2, "stacks": "table"}
    assert summary["bots"] == {"bank": "normal", "thieves": "random"}
    assert summary["wins"]["thieves"] + summary["wins"]["bank"] == 20
    assert summary["thieves_win_rate"] + summary["bank_win_rate"] == pytest.approx(100.0)
    assert sum(summary["reasons"].values()) == 20 and set(summary["reasons"]) <= {"loot_stolen", "bank_held"}
    assert sum(summary["stolen"].values()) == 20 and all(0 <= int(k) <= 4 for k in summary["stolen"])
    assert 1 <= summary["rounds"]["min"] <= summary["rounds"]["max"] <= 3
    assert summary["illegal_actions_tried"] == summary["illegal_actions_rejected"] > 0
    assert summary["actions"] > 20 * 50
    assert set(summary["decision_ms"]) == {"bank", "thieves"}


def test_the_same_arguments_give_the_same_figures(capsys):
    _, first = _simulate(capsys, ARGS)
    _, again = _simulate(capsys, ARGS)
    for key in CLOCK:
        first.pop(key), again.pop(key)
    assert first == again
    _, other = _simulate(capsys, [*ARGS[:-2], "2", "--json"])
    assert other["seed"] == 2 and other["errors"] == 0
    assert other["actions"] != first["actions"]                  # another seed, other games


def test_the_command_line_as_shipped(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEIST_TABLE_HOME": str(tmp_path / "home"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    argv = ["simulate", "robbank", "--players", "4", "--stacks", "open", "--bank", "random", "--thieves", "normal",
            "--games", "3", "--seed", "5", "--json"]
    done = subprocess.run([sys.executable, "-c", "import sys; from game.cli import main; sys.exit(main(sys.argv[1:]))",
                           *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["errors"] == 0 and summary["games"] == 3
    assert summary["config"] == {"players": 4, "stacks": "open"}
    assert summary["bots"] == {"bank": "random", "thieves": "normal"}


def test_simulate_refuses_an_unknown_level(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "robbank", "--bank", "genius", "--games", "1", "--json"])
    with pytest.raises(SystemExit):
        cli.main(["simulate", "robbank", "--players", "5", "--games", "1", "--json"])


def test_play_game_through_the_title_gives_a_result():
    summary = spec_module.play_game({"players": 3}, 2, "random")
    assert summary["ok"] and summary["winners"] and summary["rounds"] <= 3
