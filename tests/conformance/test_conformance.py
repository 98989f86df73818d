"""Conformance tests run over every registered title (after OpenSpiel's tests over every game).

The parametrisation reads :func:`game.engine.titles.titles`, so a title gets all of them by being
listed in :data:`game.titles.TITLES`; the games are the title's self-test games with seeds 1 and 2,
played by its first bot (``tests/conformance/kit.py``). For each:

- replay: the game's log replayed from config and seed gives the same state, byte for byte (the
  canonical JSON text of the state), and the same view for every seat;
- save/load: written with :mod:`game.engine.saves` and loaded back, the same state and log;
- refusals: at several points, a legal action sent for a seat that may not act, for no seat, with
  each field of the wrong type, and things that are not actions at all, are refused with
  IllegalAction and a sentence, and the state is byte-identical after;
- privacy pairs: the title's ``privacy_pairs`` hook gives copies of a state that differ only in one
  hidden fact; every seat that may not know it gets an equal view, the seats that may get a
  different one;
- the game ends within the title's declared ``max_actions``;
- golden playthrough: ``tests/golden/<title>-<label>.json`` equals the game played now (see
  ``tests/conformance/golden.py`` for how to regenerate it).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import textwrap
from typing import Any

import pytest

from game.engine import titles as registry
from game.engine.api import IllegalAction
from game.engine.replay import Match, ReplayError
from game.engine.saves import load_match, write_save
from game.engine.titles import TitleSpec, load
from tests.conformance import golden
from tests.conformance.kit import canonical, cases, max_actions, play, seats


def all_cases() -> list[tuple[TitleSpec, str, dict[str, Any], int]]:
    return [(spec, label, config, seed) for spec in registry.titles() for label, config, seed in cases(spec)]


CASES = all_cases()
IDS = [f"{spec.name}-{label}" for spec, label, _, _ in CASES]
TITLES = list(registry.titles())
TITLE_IDS = [spec.name for spec in TITLES]

_played: dict[tuple[str, str], Match] = {}


def played(spec: TitleSpec, label: str, config: dict[str, Any], seed: int) -> Match:
    """The seeded bot game of a case, played once per run (tests must not change it)."""
    key = (spec.name, label)
    if key not in _played:
        _played[key] = play(spec, config, seed)
    return _played[key]


# ------------------------------------------------------------------------------ the checks

def check_replay(spec: TitleSpec, config: dict[str, Any], seed: int, match: Match) -> None:
    again = Match.replay(spec.name, config, seed, list(match.log))
    assert canonical(again.state) == canonical(match.state)
    assert again.log.to_json() == match.log.to_json()
    for seat in seats(spec, config):
        assert canonical(again.state.view(seat)) == canonical(match.state.view(seat)), seat
    fresh = Match(spec.name, config, seed)
    assert canonical(fresh.state) != canonical(match.state), "the game played should have changed the state"


def check_save_load(spec: TitleSpec, config: dict[str, Any], match: Match, path: Any) -> None:
    write_save(match, path)
    loaded = load_match(path)
    assert (loaded.title, loaded.config, loaded.seed) == (spec.name, match.config, match.seed)
    assert loaded.log.to_json() == match.log.to_json()
    assert canonical(loaded.state) == canonical(match.state)
    for seat in seats(spec, config):
        assert canonical(loaded.state.view(seat)) == canonical(match.state.view(seat)), seat


def _wrong(value: Any) -> list[Any]:
    """Values of the wrong type for a field holding ``value``."""
    if isinstance(value, bool):
        return ["yes", None]
    if isinstance(value, int):
        return ["7", None, 1.5]
    if isinstance(value, str):
        return [12345, None, ["x"]]
    return [None, 12345] if value is not None else [12345, object()]


def bad_actions(state: Any, every: tuple[str, ...]) -> list[tuple[str, Any]]:
    """(what, action) pairs the rules must refuse in ``state``."""
    bad: list[tuple[str, Any]] = [("None", None), ("a text", "not a move"), ("a number", 42),
                                  ("a mapping", {"type": "move", "seat": every[0]})]
    acting = list(state.to_act())
    legal = state.legal_actions(acting[0]) if acting else []
    if not legal:
        return bad
    action = legal[0]
    bad.append(("for a seat not at the table", dataclasses.replace(action, seat="nobody")))
    for seat in every:
        if seat not in acting:
            bad.append((f"for {seat}, who may not act", dataclasses.replace(action, seat=seat)))
    for f in dataclasses.fields(action):
        for value in _wrong(getattr(action, f.name)):
            try:
                bad.append((f"{f.name}={value!r}", dataclasses.replace(action, **{f.name: value})))
            except (TypeError, ValueError):
                pass   # the action class refuses to be built that way: nothing reaches the rules
    return bad


def check_refusals(spec: TitleSpec, config: dict[str, Any], seed: int) -> int:
    """Refusals at every few actions of the game (and after its end); how many were tried."""
    every = seats(spec, config)
    tried = 0

    def probe(match: Match) -> None:
        nonlocal tried
        if len(match.log) % 11:
            return
        before = canonical(match.state)
        log_before = match.log.to_json()
        for what, action in bad_actions(match.state, every):
            with pytest.raises(IllegalAction) as refused:
                match.apply(action)
            assert refused.value.sentence.strip(), f"{what}: refused without a sentence"
            assert canonical(match.state) == before, f"{what}: the refusal changed the state"
            assert match.log.to_json() == log_before, f"{what}: the refusal was logged"
            tried += 1

    match = play(spec, config, seed, on_step=probe)
    assert match.state.is_over()
    before = canonical(match.state)
    for seat in every:
        for action in (match.log[-1], dataclasses.replace(match.log[-1], seat=seat)):
            with pytest.raises(IllegalAction):
                match.apply(action)
            assert canonical(match.state) == before
            tried += 1
    return tried


def check_privacy(spec: TitleSpec, config: dict[str, Any], seed: int) -> int:
    """Privacy pairs at every few actions; how many pairs were compared."""
    assert spec.privacy_pairs, f"title {spec.name!r} declares no privacy_pairs hook"
    pairs_of = load(spec.privacy_pairs)
    every = seats(spec, config)
    compared = 0

    def probe(match: Match) -> None:
        nonlocal compared
        if len(match.log) % 17:
            return
        state = match.state
        before = canonical(state)
        for fact, other, may_know in pairs_of(state):
            assert canonical(state) == before, f"privacy_pairs changed the state ({fact})"
            assert canonical(other) != before, f"the copy for {fact!r} is the same state"
            for seat in every:
                a, b = canonical(state.view(seat)), canonical(other.view(seat))
                if seat in may_know:
                    assert a != b, f"{seat} may know {fact}, yet its view does not show it"
                else:
                    assert a == b, f"{seat}'s view gives away {fact}"
            compared += 1

    play(spec, config, seed, on_step=probe)
    return compared


# ------------------------------------------------------------------------------ the tests

@pytest.mark.parametrize("spec,label,config,seed", CASES, ids=IDS)
def test_replay_from_the_log_gives_the_same_game(spec, label, config, seed):
    check_replay(spec, config, seed, played(spec, label, config, seed))


@pytest.mark.parametrize("spec,label,config,seed", CASES, ids=IDS)
def test_a_saved_game_loads_back_to_the_same_game(spec, label, config, seed, tmp_path):
    check_save_load(spec, config, played(spec, label, config, seed), tmp_path / "game.json")


@pytest.mark.parametrize("spec,label,config,seed", CASES, ids=IDS)
def test_refused_actions_leave_the_state_byte_identical(spec, label, config, seed):
    assert check_refusals(spec, config, seed) > 0


@pytest.mark.parametrize("spec,label,config,seed", CASES, ids=IDS)
def test_views_are_equal_for_states_differing_only_in_what_the_seat_may_not_see(spec, label, config, seed):
    assert check_privacy(spec, config, seed) > 0


@pytest.mark.parametrize("spec,label,config,seed", CASES, ids=IDS)
def test_a_bot_game_ends_within_the_declared_bound(spec, label, config, seed):
    assert spec.max_actions is not None, f"title {spec.name!r} declares no max_actions"
    match = played(spec, label, config, seed)
    assert match.state.is_over() and match.state.result() is not None
    assert len(match.log) <= max_actions(spec)


def check_golden(spec: TitleSpec) -> None:
    path = golden.golden_path(spec)
    now = golden.dumps(golden.playthrough(spec))
    if os.environ.get("HEIST_TABLE_WRITE_GOLDEN"):
        path.write_text(now, encoding="utf-8")
    assert path.exists(), f"{path} is missing: python -m tests.conformance.golden --write {spec.name}"
    assert len(path.read_bytes()) < 300_000, f"{path} is too big: lower {spec.name}'s golden_actions"
    if path.read_text(encoding="utf-8") != now:
        import difflib
        diff = "".join(list(difflib.unified_diff(path.read_text(encoding="utf-8").splitlines(True),
                                                 now.splitlines(True), str(path), "now"))[:60])
        pytest.fail(f"the {spec.name} golden playthrough changed (if intended: python -m "
                    f"tests.conformance.golden --write {spec.name}):\n{diff}")


@pytest.mark.parametrize("spec", [s for s in TITLES if golden.golden_case(s)],
                         ids=[s.name for s in TITLES if golden.golden_case(s)])
def test_the_golden_playthrough_is_unchanged(spec):
    check_golden(spec)


def test_a_changed_view_breaks_the_golden_playthrough(tmp_path, monkeypatch):
    """The golden check notices one changed entry of one seat's view, and names it in the diff."""
    spec = registry.title("example")
    monkeypatch.delenv("HEIST_TABLE_WRITE_GOLDEN", raising=False)
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    path = golden.write(spec)
    check_golden(spec)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["steps"][2]["views"]["south"]["stock_size"] = 99
    path.write_text(golden.dumps(document), encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match="stock_size"):
        check_golden(spec)


def test_every_registered_title_is_in_the_suite():
    """Every listed title has cases (self-test games), and only listed titles do."""
    listed = {spec.name for spec in registry.titles()}
    assert listed == {spec.name for spec, *_ in CASES} == {s.name for s in TITLES}
    assert {"lupin", "example"} <= listed


def test_a_new_title_gets_the_conformance_tests_by_being_listed(tmp_path, monkeypatch):
    """A throwaway title (the example's rules under another name) appears in the cases once added
    to the list, and passes every check; a title whose views leak a secret fails the privacy check."""
    package = tmp_path / "conf_newtitle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "title.py").write_text(textwrap.dedent("""
        import dataclasses
        from game.engine import example
        TITLE = dataclasses.replace(example.TITLE, name="confnew", rules="game.engine.example",
                                    selftest_games=(("short", {"rounds": 2, "hand_size": 2, "deck_size": 5}),))
        """))
    (package / "leaky.py").write_text(textwrap.dedent("""
        import dataclasses
        from game.engine import example
        from game.engine.example import SealedBidsState
        class Leaky(SealedBidsState):
            def view(self, seat):
                return (super().view(seat), sorted(self.hands["north"]))
        def new_game(config, seed):
            s = example.new_game(config, seed)
            return Leaky(**{f.name: getattr(s, f.name) for f in dataclasses.fields(s)})
        def privacy_pairs(state):
            return [(a, Leaky(**{f.name: getattr(b, f.name) for f in dataclasses.fields(b)}), k)
                    for a, b, k in example.privacy_pairs(state)]
        TITLE = dataclasses.replace(example.TITLE, name="confleaky", rules="conf_newtitle.leaky",
                                    privacy_pairs="conf_newtitle.leaky:privacy_pairs")
        """))
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("conf_newtitle.title", "conf_newtitle.leaky"):
        registry.add_title(module)
    try:
        found = {spec.name: (spec, label, config, seed) for spec, label, config, seed in all_cases()}
        assert "confnew" in found and "confleaky" in found
        spec, label, config, seed = found["confnew"]
        match = play(spec, config, seed)
        check_replay(spec, config, seed, match)
        check_save_load(spec, config, match, tmp_path / "save.json")
        assert check_refusals(spec, config, seed) > 0
        assert check_privacy(spec, config, seed) > 0
        leaky = found["confleaky"][0]
        with pytest.raises(AssertionError, match="gives away"):
            check_privacy(leaky, found["confleaky"][2], found["confleaky"][3])
    finally:
        for module in ("conf_newtitle.title", "conf_newtitle.leaky"):
            registry.remove_title(module)
        for name in [m for m in sys.modules if m.startswith("conf_newtitle")]:
            del sys.modules[name]


def test_the_checks_catch_a_title_that_breaks_the_rules_of_the_engine(tmp_path, monkeypatch):
    """Replay catches a game that is not a function of config and seed; the refusal check catches
    a refused action that changed the state."""
    package = tmp_path / "conf_broken"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "titles.py").write_text(textwrap.dedent("""
        import dataclasses, itertools
        from game.engine import example
        from game.engine.example import SealedBidsState
        from game.engine.rng import Rng
        _games = itertools.count()
        def _like(cls, s):
            return cls(**{f.name: getattr(s, f.name) for f in dataclasses.fields(s)})
        def unseeded_new_game(config, seed):
            s = example.new_game(config, seed)
            s.rng = Rng(seed + next(_games))      # not a function of the seed alone
            s.rng.random()
            return s
        class Sloppy(SealedBidsState):
            def apply(self, action):
                self.stock.reverse()              # changes the state before the checks
                return super().apply(action)
        def sloppy_new_game(config, seed):
            return _like(Sloppy, example.new_game(config, seed))
        UNSEEDED = dataclasses.replace(example.TITLE, name="confunseeded", rules="conf_broken.unseeded_rules")
        SLOPPY = dataclasses.replace(example.TITLE, name="confsloppy", rules="conf_broken.sloppy_rules")
        """))
    (package / "unseeded_rules.py").write_text("from conf_broken.titles import unseeded_new_game as new_game\n")
    (package / "sloppy_rules.py").write_text("from conf_broken.titles import sloppy_new_game as new_game\n")
    (package / "unseeded.py").write_text("from conf_broken.titles import UNSEEDED as TITLE\n")
    (package / "sloppy.py").write_text("from conf_broken.titles import SLOPPY as TITLE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    modules = ("conf_broken.unseeded", "conf_broken.sloppy")
    for module in modules:
        registry.add_title(module)
    try:
        found = {spec.name: (spec, config, seed) for spec, _, config, seed in all_cases()}
        spec, config, seed = found["confunseeded"]
        with pytest.raises((AssertionError, ReplayError)):   # another game, or a refused move
            check_replay(spec, config, seed, play(spec, config, seed))
        spec, config, seed = found["confsloppy"]
        with pytest.raises(AssertionError, match="changed the state"):
            check_refusals(spec, config, seed)
    finally:
        for module in modules:
            registry.remove_title(module)
        for name in [m for m in sys.modules if m.startswith("conf_broken")]:
            del sys.modules[name]
