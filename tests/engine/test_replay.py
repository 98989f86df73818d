"""Action logs, replay and undo: a game is a pure function of (config, seed, actions), and a seat
may take back its own moves up to the last one that revealed something."""

from __future__ import annotations

import copy
import json

import pytest

from game.engine.api import TABLE, IllegalAction, events_for_seat
from game.engine.content import parse_yaml
from game.engine.example import SEATS, Bid, Draw
from game.engine.replay import (
    ActionLog, Match, ReplayError, check_json_config, describe_action, replay, undo_to_last_reveal,
)
from game.engine.rng import Rng

CONFIG = {"rounds": 3, "hand_size": 4, "deck_size": 12}


def _random_match(seed: int, moves: int | None = None) -> Match:
    """A match of the example game played by random choices (all of it, or ``moves`` actions)."""
    match = Match("example", CONFIG, seed)
    chooser = Rng(seed + 7)
    while not match.state.is_over() and (moves is None or len(match.log) < moves):
        seat = chooser.choice(match.state.to_act())
        match.apply(chooser.choice(match.state.legal_actions(seat)))
    return match


def test_the_log_survives_json():
    log = _random_match(1).log
    again = ActionLog.from_json(json.loads(json.dumps(log.to_json())))
    assert again == log and list(again) == list(log)
    assert all(entry["seat"] in SEATS and entry["type"].startswith("example.") for entry in log.to_json())


def test_a_bad_log_entry_is_named():
    with pytest.raises(ValueError, match="move 2: unknown kind of move"):
        ActionLog.from_json([{"type": "example.draw", "seat": "north"}, {"type": "what", "seat": "x"}])
    with pytest.raises(ValueError, match="not a list"):
        ActionLog.from_json({"type": "example.draw"})


@pytest.mark.parametrize("seed", range(10))
def test_same_inputs_give_the_same_game(seed):
    played = _random_match(seed)
    rebuilt = replay("example", CONFIG, seed, list(played.log))
    assert rebuilt == played.state
    assert all(rebuilt.view(s) == played.state.view(s) for s in (*SEATS, TABLE))
    again = Match.replay("example", CONFIG, seed, ActionLog.from_json(played.log.to_json()))
    assert again.state == played.state and again.log == played.log


def test_replay_gives_the_same_events():
    seen = []
    for _ in range(2):
        match = Match("example", CONFIG, 5)
        chooser = Rng(3)
        events = []
        while not match.state.is_over():
            seat = chooser.choice(match.state.to_act())
            events += match.apply(match.state.legal_actions(seat)[-1])
        seen.append(events)
    assert seen[0] == seen[1]


def test_a_refused_move_in_a_log_is_named():
    match = Match("example", CONFIG, 2)
    match.apply(Draw("north"))
    match.apply(Draw("south"))
    match.apply(Bid("south", match.state.hands["south"][0]))
    bad = Bid("north", 999)
    with pytest.raises(ReplayError) as info:
        Match.replay("example", CONFIG, 2, [*match.log, bad])
    assert info.value.index == 3 and info.value.action == bad
    assert "move 4 (north: example.bid card=999)" in str(info.value)
    assert "You do not hold a 999." in str(info.value)


def test_describe_action():
    assert describe_action(Draw("south")) == "south: example.draw"
    assert describe_action(Bid("north", 7)) == "north: example.bid card=7"


def test_config_must_be_plain_json():
    assert check_json_config({"a": [1, {"b": None}]}) == {"a": [1, {"b": None}]}
    for bad in ({"a": (1, 2)}, {1: "x"}, {"a": {1, 2}}, {"a": float("nan")}, {"a": 1.0 + 0j}):
        with pytest.raises((TypeError, ValueError)):
            Match("example", bad, 1)
    with pytest.raises(ValueError):
        Match("example", {}, -3)
    with pytest.raises(ValueError):
        Match("example", {}, 1, game_id="../../evil")


def test_a_config_read_from_yaml_content_is_plain_json():
    config = parse_yaml("rounds: 2\nnames: [a, b]\n", "episode.yaml")
    assert check_json_config(config) == {"rounds": 2, "names": ["a", "b"]}
    assert type(check_json_config(config)) is dict


def test_a_title_cannot_change_the_config_it_was_given():
    config = {"rounds": 2}
    match = Match("example", config, 1)
    config["rounds"] = 3
    assert match.config == {"rounds": 2}


def test_a_refused_action_leaves_the_match_unchanged():
    match = _random_match(4, moves=2)
    before_state, before_log = copy.deepcopy(match.state), copy.deepcopy(match.log)
    calls = []
    match.listeners.append(calls.append)
    with pytest.raises(IllegalAction):
        match.apply(Bid("south", 999))
    assert match.state == before_state and match.log == before_log and calls == []


# ----------------------------------------------------------------------------------------- undo

def _fresh() -> Match:
    return Match("example", CONFIG, 12)


def test_a_face_down_card_can_be_taken_back():
    match = _fresh()
    before = copy.deepcopy(match.state)
    card = match.state.hands["north"][0]
    match.apply(Bid("north", card))
    assert match.undoable("north") == 1 and match.undoable("south") == 0
    match.undo("north")
    assert match.state == before and len(match.log) == 0


def test_a_draw_reveals_and_ends_undo():
    match = _fresh()
    match.apply(Draw("north"))
    assert match.undoable("north") == 0
    with pytest.raises(IllegalAction, match="revealed"):
        match.undo("north")
    after_draw = copy.deepcopy(match.state)
    match.apply(Bid("north", match.state.hands["north"][0]))
    assert match.undoable("north") == 1
    assert match.undo_to_last_reveal("north") == 1
    assert match.state == after_draw and [type(a) for a in match.log] == [Draw]


def test_the_card_that_shows_both_ends_undo():
    match = _fresh()
    match.apply(Bid("north", match.state.hands["north"][0]))
    match.apply(Bid("south", match.state.hands["south"][0]))  # both cards are shown
    assert match.undoable("south") == 0
    with pytest.raises(IllegalAction, match="another player has moved"):
        match.undo("north")
    assert match.undo_to_last_reveal("north") == 0 and len(match.log) == 2


def test_other_seats_moves_end_undo():
    match = _fresh()
    match.apply(Bid("north", match.state.hands["north"][0]))
    match.apply(Draw("south"))
    assert match.undoable("north") == 0
    with pytest.raises(IllegalAction, match="You have no move to undo"):
        _fresh().undo("south")


def test_undo_cannot_go_further_than_allowed():
    match = _fresh()
    match.apply(Draw("north"))
    match.apply(Bid("north", match.state.hands["north"][0]))
    before = copy.deepcopy(match.state)
    with pytest.raises(IllegalAction, match="only your last 1 move"):
        match.undo("north", steps=2)
    assert match.state == before and len(match.log) == 2
    with pytest.raises(ValueError):
        match.undo("north", steps=0)


def test_undo_rewinds_the_rng_too():
    match = _fresh()
    match.apply(Bid("north", match.state.hands["north"][0]))
    rng_before = copy.deepcopy(match.state.rng)
    match.undo("north")
    match.apply(Bid("north", match.state.hands["north"][1]))
    assert match.state.rng == rng_before


def test_undo_of_a_bare_log():
    match = _fresh()
    match.apply(Draw("south"))
    match.apply(Bid("north", match.state.hands["north"][0]))
    state, actions = undo_to_last_reveal("example", CONFIG, 12, list(match.log), "north")
    assert actions == [Draw("south")]
    assert state == replay("example", CONFIG, 12, [Draw("south")])


def test_listeners_hear_every_change_but_not_replays():
    heard: list[int] = []
    match = _fresh()
    match.listeners.append(lambda m: heard.append(len(m.log)))
    match.apply(Bid("north", match.state.hands["north"][0]))
    match.undo("north")
    match.apply(Draw("north"))
    assert heard == [1, 0, 1]


def test_undo_keeps_views_private():
    """Undo rebuilds by replay; what a seat sees afterwards is exactly what it saw before."""
    match = _fresh()
    views = {s: match.state.view(s) for s in (*SEATS, TABLE)}
    events = match.apply(Bid("north", match.state.hands["north"][2]))
    assert all("card" not in e.data for e in events_for_seat(events, "south"))
    match.undo("north")
    assert {s: match.state.view(s) for s in views} == views
