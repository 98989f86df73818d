"""One typed rules object per episode (issue #12): the round engine asks the episode being played,
and only it; the base episodes play the base game's EpisodeRules as they are."""

import ast
from pathlib import Path

import pytest

from game.lupin.ai import HeuristicBot
from game.lupin.rules.cagliostro import CagliostroRules
from game.lupin.rules.episode import EpisodeRules
from game.lupin.rules.state import new_game
from game.lupin.rules.stonehenge import StonehengeRules

RULES = Path(__file__).resolve().parents[2] / "game" / "lupin" / "rules"


def _play(st, n):
    bots = {}
    for _ in range(n):
        seats = st.to_act()
        if not seats:
            return
        seat = seats[0]
        bot = bots.setdefault(seat, HeuristicBot(7))
        st.apply(bot.choose(st.view(seat), st.legal_actions(seat)))


@pytest.mark.parametrize("episode, kind", [("rosso-rubino", EpisodeRules), ("gran-colpo", EpisodeRules),
                                           ("cagliostro", CagliostroRules), ("stonehenge", StonehengeRules)])
def test_each_episode_plays_its_own_rules_object(episode, kind):
    assert type(new_game({"episode": episode}, 1).episode_rules) is kind


def test_an_episode_is_never_asked_in_another_episodes_game(monkeypatch):
    asked = []
    for cls in (CagliostroRules, StonehengeRules):
        for name in ("settle", "gang_phase", "treasure_phase", "setup"):
            if name in cls.__dict__:
                monkeypatch.setattr(cls, name, lambda self, *a, _n=f"{cls.__name__}.{name}": asked.append(_n))
    base = []
    monkeypatch.setattr(EpisodeRules, "treasure_phase", lambda self, state, ev: base.append(state.round))
    _play(new_game({"episode": "gran-colpo"}, 3), 200)
    assert asked == [] and base, base   # the base game's rules were asked, in phase 4
    new_game({"episode": "stonehenge"}, 3)
    assert asked == ["StonehengeRules.setup"]


def test_no_rule_module_names_a_hook_by_a_string():
    """Hooks are typed objects (hooks.py), an episode's rules its EpisodeRules: a misspelt hook
    fails at import instead of never being called."""
    for path in sorted(RULES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        strings = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call)
                   and (getattr(n.func, "id", None) == "register_hook" or getattr(n.func, "attr", None) == "hook")]
        assert strings == [], f"{path.name}: a hook named by a string at lines {strings}"


def test_a_hook_calls_every_function_in_the_order_registered():
    from game.lupin.rules.hooks import Hook
    point: Hook = Hook("test_point", "a point for this test")
    seen = []
    point.register(lambda state, x: seen.append(("a", state, x)) or True)
    point.register(lambda state, x: seen.append(("b", state, x)) or False)
    assert point("st", 3) == [True, False]   # every function runs, even after a True
    assert seen == [("a", "st", 3), ("b", "st", 3)]
