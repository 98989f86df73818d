"""Every refusal of every registered title is a text key with its parameters, in both languages
(issue #12): a player reads why a move is refused in their own language.

The games are the titles' conformance cases with seed 1, played by their first bot; every few
actions the rules are sent moves they must refuse: the conformance test's bad actions (wrong seat,
wrong types, not a move) and, to reach the rules' own checks, each legal action with one of its
text fields swapped for a value another legal action uses (another figure, device, square...),
tried on a copy. Each refusal's key must be in the i18n files of both languages with every
placeholder its texts name given, its ``Term`` parameters keys too, and it must read in Italian
and in English.

No refusal is let through as an English sentence: the probe's and, for the refusals no probe
reaches, the source's (:func:`test_no_refusal_in_the_code_is_a_sentence`).
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game.engine import titles as registry
from game.engine.api import Action, IllegalAction, Term
from game.engine.i18n import load_language, placeholders
from tests.conformance.kit import cases, play, seats
from tests.conformance.test_conformance import bad_actions

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"^(engine|example|lupin|diabolik|robbank|lupusburg)_refusal(_core)?\.[a-z0-9_.]*[a-z0-9_]$")
PREFIX = re.compile(r"^(engine|example|lupin|diabolik|robbank|lupusburg)_refusal(_core)?\.([a-z0-9_]+\.)*$")
TITLES = list(registry.titles())


@cache
def tables() -> dict[str, dict[str, str]]:
    return {lang: load_language(lang)[0] for lang in ("en", "it")}


def _texts(key: str, lang: str) -> list[str]:
    table = tables()[lang]
    if key in table:
        return [table[key]]
    return [table[f"{key}.{form}"] for form in ("one", "other") if f"{key}.{form}" in table]


def _pattern(node: ast.AST) -> str | None:
    """A regex for the start of the sentence a string or f-string literal in the source makes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".*?" for v in node.values)
    return None


def problem(exc: IllegalAction) -> str | None:
    """What is wrong with a refusal's texts, or None."""
    if not any(_texts(exc.key, lang) for lang in ("en", "it")):
        return f"a sentence, not a text key: {exc.sentence!r}"
    for lang in ("en", "it"):
        texts = _texts(exc.key, lang)
        if not texts:
            return f"{exc.key} has no {lang} text"
        for text in texts:
            missing = placeholders(text) - set(exc.params)
            if missing:
                return f"{exc.key} ({lang}) names {sorted(missing)} but the refusal gives {sorted(exc.params)}"
        for name, value in exc.params.items():
            if isinstance(value, Term) and not _texts(str(value), lang):
                return f"{exc.key}: the name {name}={value!r} is not a text key in {lang}"
        read = exc.text(lang)
        if not read.strip() or "{" in read or "'it':" in read:
            return f"{exc.key} reads badly in {lang}: {read!r}"
    return None


def swapped(state: Any, acting: list[str], limit: int = 12) -> list[Action]:
    """Legal actions with one text field given a value another legal action uses in that field."""
    legal = [a for seat in acting for a in state.legal_actions(seat)]
    values: dict[str, list[str]] = {}
    for a in legal:
        for f in dataclasses.fields(a):
            v = getattr(a, f.name)
            if f.name != "seat" and isinstance(v, str) and v not in values.setdefault(f.name, []):
                values[f.name].append(v)
    known = set(legal)
    out: list[Action] = []
    for a in list(dict.fromkeys(legal))[:limit]:
        for f in dataclasses.fields(a):
            if f.name == "seat" or not isinstance(getattr(a, f.name), str):
                continue
            for v in values.get(f.name, [])[:8] + ["nowhere", "A1", "lupin", "knife"]:
                other = dataclasses.replace(a, **{f.name: v})
                if other not in known and other not in out:
                    out.append(other)
    return out


def refusals(spec: Any, config: dict[str, Any], seed: int, every_n: int = 13) -> list[IllegalAction]:
    everyone = seats(spec, config)
    got: list[IllegalAction] = []

    def probe(match: Any) -> None:
        if len(match.log) % every_n and len(match.log) > 3:    # the first moves too: a short game
            return
        state = match.state
        acting = list(state.to_act())
        tries = [a for _what, a in bad_actions(state, everyone)] + swapped(state, acting)
        for action in tries:
            trial = copy.deepcopy(state)
            try:
                trial.apply(action)
            except IllegalAction as exc:
                got.append(exc)

    play(spec, config, seed, on_step=probe)
    return got


@pytest.mark.parametrize("spec", TITLES, ids=[s.name for s in TITLES])
def test_every_refusal_is_a_text_key_with_its_parameters_in_both_languages(spec):
    seen: dict[str, str | None] = {}
    for _label, config, seed in cases(spec):
        if seed != 1:
            continue
        for exc in refusals(spec, config, seed):
            ident = exc.key if KEY.match(exc.key) else exc.sentence
            if ident not in seen:
                seen[ident] = problem(exc)
    bad = {k: why for k, why in seen.items() if why is not None}
    assert not bad, "\n".join(f"{k}: {why}" for k, why in sorted(bad.items()))
    keys = [k for k in seen if KEY.match(k)]
    assert len(keys) >= 3, f"only {keys} were reached: the probe should reach the rules' own checks"


def _keys_in_source() -> dict[str, str]:
    """Every refusal key written out in the game's code: key -> file."""
    out = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.match(node.value):
                out[node.value] = str(path.relative_to(ROOT))
    return out


def _refusal_calls() -> list[tuple[str, str, set[str]]]:
    """Every ``require(cond, KEY, ...)`` / ``IllegalAction(KEY, ...)`` in the game's code with a
    written-out key: (where, key, the parameters it passes)."""
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            args = node.args[1:] if name == "require" else node.args if name == "IllegalAction" else []
            for arg in args[:1]:
                branches = (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,)
                keys = [b.value for b in branches if isinstance(b, ast.Constant)]
                given = {k.arg for k in node.keywords if k.arg}
                for key in keys:
                    if isinstance(key, str) and KEY.match(key):
                        out.append((f"{path.relative_to(ROOT)}:{node.lineno}", key, given))
    return out


def test_every_refusal_key_in_the_code_has_its_texts_in_both_languages():
    found = _keys_in_source()
    assert len(found) > 100, "the rules' refusals should be keys"
    missing = {k: where for k, where in found.items() if not (_texts(k, "en") and _texts(k, "it"))}
    assert not missing, missing


def test_every_refusal_in_the_code_gives_the_placeholders_of_its_texts():
    """Also the refusals no probe reaches: what each call passes against what its texts name."""
    calls = _refusal_calls()
    assert len(calls) > 100
    bad = [f"{where}: {key} ({lang}) names {sorted(placeholders(text) - given)}, gets {sorted(given)}"
           for where, key, given in calls for lang in ("en", "it") for text in _texts(key, lang)
           if placeholders(text) - given]
    assert not bad, "\n".join(bad)


def test_no_refusal_in_the_code_is_a_sentence():
    """Every ``require``/``IllegalAction`` in the game's code names a text key (or passes on a
    refusal made elsewhere): none writes an English sentence of its own."""
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            args = node.args[1:] if name == "require" else node.args if name == "IllegalAction" else []
            for arg in args[:1]:
                branches = (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,)
                for b in branches:
                    if isinstance(b, ast.JoinedStr):     # f"lupin_refusal.plan.{key}": a key chosen by name
                        head = b.values[0] if b.values else None
                        literal = not (isinstance(head, ast.Constant) and PREFIX.match(str(head.value)))
                    else:
                        literal = isinstance(b, ast.Constant) and isinstance(b.value, str) and not KEY.match(b.value)
                    if literal:
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(b)[:70]}")
    assert not bad, "refusals written as sentences:\n" + "\n".join(bad)


def test_a_sentence_or_a_key_with_missing_values_is_a_problem():
    assert problem(IllegalAction("Zenigata refuses for a reason nobody wrote.")) is not None
    assert problem(IllegalAction("lupin_refusal.plan.money", price=1)) is not None     # {device}, {money} missing
    assert problem(IllegalAction("lupin_refusal.vehicle.arrested", figure=Term("lupin.seat.jigen"))) is None
