"""The shared tutorial-script format (game/engine/tutorial_script.py), driven with the example
title's rules: what a title passes in is enough to load a script, replay it and name the line and
field of a mistake; the writer writes what the parser reads back."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import tutorial_script as ts
from game.engine.content import ContentError, load_yaml


def _register() -> None:
    import game.engine.example  # noqa: F401 - registers the example's actions


def _drew(state, events, player):
    return None if ts.did(events, "example.drew", seat=player) else "nobody drew"


FORMAT = ts.ScriptFormat(title="example", text_prefix="example_tutorial.", default_player="north",
                         moments={"drew": _drew}, register=_register, find_command="(by hand)")

GOOD = """config: {}
seed: 3
steps:
  - say: hello
  - say: draw
    do: {type: example.draw, seat: north}
"""


def _load(tmp_path: Path, text: str) -> ts.Script:
    path = tmp_path / "tutorial.yaml"
    path.write_text(text, encoding="utf-8")
    return ts.parse_script(load_yaml(path), path, FORMAT)


def test_a_script_loads_with_the_title_s_default_player_and_text_prefix(tmp_path):
    script = _load(tmp_path, GOOD)
    assert script.player == "north"
    assert [(s.kind, s.key) for s in script.steps] == [("note", "example_tutorial.hello"),
                                                        ("do", "example_tutorial.draw")]
    assert ts.replay_problems(script, FORMAT) == []


def test_a_bad_action_is_named_by_its_line_and_field(tmp_path):
    with pytest.raises(ContentError) as caught:
        _load(tmp_path, GOOD.replace("type: example.draw", "type: example.nothing"))
    assert caught.value.line == 6 and caught.value.field == "steps[1].do"


def test_an_unknown_moment_lists_the_title_s_moments(tmp_path):
    with pytest.raises(ContentError) as caught:
        _load(tmp_path, GOOD + "    moments: [won]\n")
    assert caught.value.field == "steps[1].moments" and "expected a list of: drew" in str(caught.value)


def test_a_step_the_rules_refuse_is_reported_with_the_step_and_the_title_s_command(tmp_path):
    script = _load(tmp_path, GOOD.replace("seat: north", "seat: south"))
    problems = ts.replay_problems(script, FORMAT)
    assert len(problems) == 1 and problems[0].startswith("step 2 (draw): a player's step must be the player's")
    errors = ts.content_errors(tmp_path / "tutorial.yaml", lambda _root: script,
                               lambda _root: problems, tmp_path)
    assert [(e.line, e.field) for e in errors] == [(5, "steps[1]")]


def test_the_writer_writes_what_the_parser_reads_back(tmp_path):
    script = _load(tmp_path, GOOD)
    body = "\n".join(ts.step_yaml(s.say, s.kind, s.actions, s.values, s.moments) for s in script.steps)
    again = _load(tmp_path, "config: {}\nseed: 3\nsteps:\n" + body + "\n")
    assert [(s.say, s.kind, s.actions) for s in again.steps] == [(s.say, s.kind, s.actions) for s in script.steps]


def test_each_step_s_moments_are_checked_by_the_title_s_checks(tmp_path):
    shown = _load(tmp_path, GOOD + "    moments: [drew]\n")
    assert ts.replay_problems(shown, FORMAT) == []
    bid = _load(tmp_path, GOOD.replace("{type: example.draw, seat: north}",
                                       "{type: example.bid, seat: north, card: 2}") + "    moments: [drew]\n")
    assert ts.replay_problems(bid, FORMAT) == ["step 2 (draw): moment 'drew' not shown: nobody drew"]
