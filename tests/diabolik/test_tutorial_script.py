"""The Diabolik tutorial's script (data/diabolik/tutorial.yaml) against the rules: every step the
player must click is a legal action at that point of the seeded game, every moment the issue asks
for is shown (a move unseen, a sighting, loot taken, the police's reasons, a choice asked and
answered, discovered, back in the shadow, loot banked), and every sentence exists and fills in both
languages. A broken step is reported by check-data with its line."""

from __future__ import annotations

import dataclasses

import pytest

from game.diabolik.tutorial import REQUIRED_MOMENTS, check_script, load_script, replay_problems
from game.engine.api import IllegalAction
from game.engine.i18n import load_language, placeholders
from game.engine.replay import Match

SCENE_VALUES = {"question", "button", "hideout", "to", "at", "police"}   # filled by the tutorial scene


def test_the_script_replays_with_every_moment_shown():
    assert check_script() == []


def test_each_click_is_legal_exactly_when_the_script_asks_for_it():
    script = load_script()
    match = Match("diabolik", script.config, script.seed)
    clicks = 0
    for step in script.steps:
        if step.kind == "do":
            action = step.expected
            assert action in match.state.legal_actions(script.player), (step.say, action)
            clicks += 1
        for action in step.actions:
            match.apply(action)
    assert clicks >= 8 and not match.state.is_over()
    assert match.state.view(script.player).banked == 1


def test_every_required_moment_is_in_the_script_in_the_story_order():
    script = load_script()
    order = [m for s in script.steps for m in s.moments]
    for m in REQUIRED_MOMENTS:
        assert m in order, m
    first = {m: order.index(m) for m in REQUIRED_MOMENTS}
    assert first["shadow_move"] < first["sighting"] < first["took_loot"] <= first["police"]
    assert first["discovered"] < first["hid"] < first["banked"]
    assert first["choice_asked"] < first["chose"]


def test_a_broken_step_is_named():
    script = load_script()
    index = next(i for i, s in enumerate(script.steps) if s.kind == "do" and "sighting" in s.moments)
    wrong = dataclasses.replace(script.steps[index], moments=("shadow_move",))
    broken = dataclasses.replace(script, steps=script.steps[:index] + (wrong,) + script.steps[index + 1:])
    problems = replay_problems(broken)
    assert problems and problems[-1].startswith(f"step {index + 1} (") and "shadow_move" in problems[-1]
    # an action the rules refuse at that point
    first_do = next(i for i, s in enumerate(script.steps) if s.kind == "do")
    move = script.steps[first_do].expected
    bad = dataclasses.replace(script.steps[first_do], actions=(dataclasses.replace(move, to=(move.to + 4) % 8),))
    problems = replay_problems(dataclasses.replace(script, steps=script.steps[:first_do] + (bad,)
                                                   + script.steps[first_do + 1:]))
    assert problems and "not among the legal actions" in problems[-1]
    with pytest.raises(IllegalAction):
        Match("diabolik", script.config, script.seed).apply(bad.expected)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_sentence_exists_and_needs_only_what_the_scene_gives(lang):
    table = load_language(lang)[0]
    script = load_script()
    for step in script.steps:
        text = table[step.key]
        assert placeholders(text) <= SCENE_VALUES | set(step.values), (step.say, placeholders(text))
        for name in placeholders(text) & {"to", "at", "hideout"}:
            assert name in step.values, (step.say, name)


def test_the_finder_writes_the_script_that_is_in_the_data():
    """tools/tutorial/diabolik_find.py regenerates data/diabolik/tutorial.yaml exactly (so a rules
    change that breaks the story is mended by running it again)."""
    from tools.tutorial import diabolik_find

    found = diabolik_find.find(range(1, 61))
    assert found is not None
    seed, steps = found
    path = load_script().path
    with open(path, encoding="utf-8") as f:
        assert diabolik_find.to_yaml(seed, steps) == f.read()


def test_the_only_sighting_is_the_one_the_tutorial_explains():
    script = load_script()
    match = Match("diabolik", script.config, script.seed)
    sighted = []
    for step in script.steps:
        for action in step.actions:
            if any(e.kind == "diabolik.sighting" for e in match.apply(action)):
                sighted.append(step.say)
    assert sighted == ["move_sighted"]
