"""The title's registration: the one list names it, simulate offers its options, its config and seats."""

from __future__ import annotations

import json

import pytest

from game import cli
from game.engine import titles
from game.engine.api import get_title
from game.diabolik import title as spec_module
from game.diabolik.rules import new_game


def test_the_title_is_listed_and_its_rules_found_by_name():
    spec = titles.title("diabolik")
    assert spec.players == (1, 2) and spec.curtain == "none"
    assert get_title("diabolik").new_game({}, 1) == new_game({}, 1)


def test_seats_follow_the_players_and_the_character():
    assert spec_module.seats_for({}) == ("diabolik", "eva")
    assert spec_module.seats_for({"players": 1, "character": "eva"}) == ("eva",)
    with pytest.raises(ValueError):
        spec_module.seats_for({"players": 4})


@pytest.mark.parametrize("flag, value", [("true", True), ("false", False), ("yes", True), ("0", False)])
def test_simulate_takes_diabolika_as_true_or_false(capsys, flag, value):
    assert cli.main(["simulate", "diabolik", "--players", "1", "--diabolika", flag, "--games", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["config"] == {"players": 1, "character": "diabolik", "diabolika": value}
    assert summary["errors"] == 0 and summary["games"] == 2


def test_simulate_refuses_a_word_that_is_not_true_or_false(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "diabolik", "--diabolika", "maybe", "--games", "1", "--json"])


def test_the_review_shows_everything_and_only_the_rng_is_secret():
    state = new_game({"players": 2}, 4)
    review = spec_module.review_view(state)
    assert review["hideout"] == state.hideout and review["police"] == state.police
    pairs = spec_module.privacy_pairs(state)
    assert [p[0] for p in pairs] == ["the RNG"] and pairs[0][1].rng != state.rng
    assert pairs[0][1].view("table") == state.view("table")
