"""Lupusburg's sentences (game/lupusburg/texts.py): every event the rules produce in seeded games, as
each seat is told it, reads as a sentence in Italian and English (never the raw kind, nothing left
unformatted); every branch of every kind has its sentence, and the redacted one names no secret; the
colours, characters, houses and the end's reasons are named in both languages."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.engine.api import TABLE
from game.engine.i18n import load_language
from game.engine.session import entry as log_entry
from game.lupusburg.rules import data, new_game
from game.lupusburg.texts import character, event_text, house, reason_text, who
from tests import sentences

LANGS = ("it", "en")
STATE_PY = Path(__file__).resolve().parents[2] / "game" / "lupusburg" / "rules" / "state.py"
RULE_KINDS = set(re.findall(r'Event\("(lupusburg\.[a-z_]+)"', STATE_PY.read_text(encoding="utf-8"))) | {
    "lupusburg.killed", "lupusburg.lynched"}            # made by one f-string (_remove)

L = "lupusburg."
SAMPLES = [
    {"kind": L + "placed", "seat": "red", "chest": "left", "characters": {"left": "townsfolk", "right": "werewolf"}},
    {"kind": L + "placed", "seat": "blue"},
    {"kind": L + "night", "day": 2, "burgomaster": "green"},
    {"kind": L + "called", "seat": "red"},
    {"kind": L + "called", "seat": "red", "player": "blue", "side": "left", "role": "werewolf"},
    {"kind": L + "called", "seat": "blue", "player": "red", "side": "right", "role": "thief", "chest": True},
    {"kind": L + "called", "seat": "blue", "player": "red", "side": "left", "role": "thief", "chest": False},
    {"kind": L + "called", "seat": "green", "player": "red", "side": "left", "role": "townsfolk"},
    {"kind": L + "killed", "day": 1, "player": "green", "side": "right"},
    {"kind": L + "killed", "day": 1, "player": "green", "side": "right", "character": "townsfolk"},
    {"kind": L + "lynched", "day": 1, "player": "red", "side": "right"},
    {"kind": L + "lynched", "day": 1, "player": "red", "side": "right", "character": "werewolf"},
    {"kind": L + "broom_removed", "day": 3},
    {"kind": L + "privilege_skipped", "burgomaster": "red", "why": "chose"},
    {"kind": L + "privilege_skipped", "burgomaster": "red", "why": "dead"},
    {"kind": L + "privilege_skipped", "burgomaster": "red", "why": "no_target"},
    {"kind": L + "privilege", "burgomaster": "green", "player": "red", "side": "right"},
    {"kind": L + "privilege", "burgomaster": "green", "player": "red", "side": "right", "character": "werewolf"},
    {"kind": L + "shown", "burgomaster": "green", "to": "red", "side": "left"},
    {"kind": L + "shown", "burgomaster": "green", "to": "red", "side": "left", "character": "thief"},
    {"kind": L + "looked", "seat": "red"},
    {"kind": L + "broom_given", "burgomaster": "green", "sweeper": "orange"},
    {"kind": L + "swept", "seat": "orange", "player": "blue", "side": "left"},
    {"kind": L + "swept", "seat": "orange", "player": "blue", "side": "left", "chest": True},
    {"kind": L + "swept", "seat": "orange", "player": "blue", "side": "right", "chest": False},
    {"kind": L + "bet_passed", "seat": "yellow"},
    {"kind": L + "drew", "seat": "yellow", "count": 3},
    {"kind": L + "drew", "seat": "yellow", "count": 1},
    {"kind": L + "drew", "seat": "yellow", "count": 3, "coins": [8, 5, 2]},
    {"kind": L + "drew", "seat": "yellow", "count": 1, "coins": [4]},
    {"kind": L + "bet", "seat": "yellow", "target": "red", "back": 2},
    {"kind": L + "bet", "seat": "yellow", "target": "red", "back": 2, "coin": 8},
    {"kind": L + "discussion_over", "burgomaster": "red"},
    {"kind": L + "ballots_open", "round": "nomination", "votes": {"red": 2}},
    {"kind": L + "ballots_open", "round": "runoff", "votes": {"red": 2}},
    {"kind": L + "ballots_open", "round": "plurality", "votes": {"red": 2}},
    {"kind": L + "voted", "seat": "blue"},
    {"kind": L + "voted", "seat": "blue", "player": "red", "side": "left"},
    {"kind": L + "voted", "seat": "blue", "mark": "fur"},
    {"kind": L + "votes", "round": "nomination", "ballots": {}, "tally": [["red", "left", 3], ["blue", "right", 1]]},
    {"kind": L + "votes", "round": "runoff", "ballots": {}, "paw": 5, "fur": 4},
    {"kind": L + "suspects", "paw": ["red", "left"], "fur": ["blue", "right"]},
    {"kind": L + "tie", "burgomaster": "red", "purpose": "suspect", "tied": [["red", "left"], ["blue", "right"]]},
    {"kind": L + "tie", "burgomaster": "red", "purpose": "lynch", "tied": [["red", "left"], ["blue", "right"]]},
    {"kind": L + "decided", "burgomaster": "red", "purpose": "suspect", "player": "blue", "side": "left"},
    {"kind": L + "decided", "burgomaster": "red", "purpose": "lynch", "player": "blue", "side": "left"},
    {"kind": L + "burgomaster", "seat": "purple"},
    {"kind": L + "over", "reason": "werewolf_wins", "werewolf": "red", "thief": "blue", "winners": ["red"],
     "scores": {}},
    {"kind": L + "over", "reason": "werewolf_dead", "werewolf": "red", "thief": "blue", "winners": ["blue"],
     "scores": {"blue": 9, "green": 3}},
    {"kind": L + "over", "reason": "werewolf_dead", "werewolf": "red", "thief": "blue", "winners": ["blue", "green"],
     "scores": {"blue": 1, "green": 1}},
]


def is_sentence(text: str, entry: dict) -> None:
    sentences.is_sentence(text, entry, "lupusburg.")


def test_the_samples_cover_every_kind_the_rules_make():
    assert len(RULE_KINDS) >= 20
    assert {e["kind"] for e in SAMPLES} == RULE_KINDS


@pytest.mark.parametrize("lang", LANGS)
def test_every_branch_reads_as_a_sentence(lang):
    for entry in SAMPLES:
        is_sentence(event_text(entry, lang), entry)


def test_the_two_languages_say_different_things_and_each_branch_its_own():
    sentences.assert_each_branch_its_own(SAMPLES, event_text)


def test_a_redacted_sentence_names_no_character_and_no_chest():
    names = {character(c, lang).lower() for c in data.CHARACTERS for lang in LANGS}
    for entry in SAMPLES:
        if entry["kind"].endswith(("killed", "lynched", "privilege", "shown")) and "character" not in entry:
            for lang in LANGS:
                text = event_text(entry, lang).lower()
                assert not any(n in text for n in names), (entry, text)
    swept = event_text({"kind": L + "swept", "seat": "orange", "player": "blue", "side": "left"}, "en")
    assert "there is" not in swept


def test_sentences_name_the_colours_and_the_houses():
    assert who("red", "en") == "Red" and who("red", "it") == "Rosso"
    assert house("blue", "left", "en") == "Blue's left house"
    assert house("blue", "left", "it") == "casa sinistra di Blu"
    assert house("blue", "left", "it", listed=True) == "la casa sinistra di Blu"
    text = event_text({"kind": L + "killed", "day": 1, "player": "green", "side": "right"}, "it")
    assert "la casa destra di Verde" in text


def test_an_unknown_kind_falls_back_to_the_raw_kind():
    assert event_text({"kind": "lupusburg.nothing_like_it"}, "en") == "lupusburg.nothing_like_it"


def _games():
    """The log entries of seeded games, as every seat and the table are told them."""
    entries = []
    for players, config in ((4, {}), (6, {"broom": "on"}), (8, {"lynch": "plurality", "broom": "on"}),
                            (5, {"protect_last": "off"})):
        for seed in range(4):
            state = new_game({"players": players, **config}, 40 + seed)
            pick = random.Random(seed)
            while not state.is_over():
                seat = state.to_act()[0]
                events = state.apply(pick.choice(state.legal_actions(seat)))
                for s in (*state.seats, TABLE):
                    entries += [log_entry(e.for_seat(s)) for e in events if e.for_seat(s) is not None]
    return entries


def test_every_event_of_seeded_games_has_a_sentence_in_both_languages():
    entries = _games()
    seen = {e["kind"] for e in entries}
    assert seen >= RULE_KINDS - {"lupusburg.broom_removed"}, RULE_KINDS - seen
    for entry in entries:
        for lang in LANGS:
            is_sentence(event_text(entry, lang), entry)


def test_colours_characters_and_reasons_are_named_in_both_languages():
    tables = {lang: load_language(lang)[0] for lang in LANGS}
    for colour in data.colours():
        for lang in LANGS:
            assert colour.name[lang] and who(colour.id, lang) == colour.name[lang]
    for lang in LANGS:
        for c in data.CHARACTERS:
            assert tables[lang][f"lupusburg.character.{c}"]
        for reason in ("werewolf_wins", "werewolf_dead"):
            text = reason_text(reason, "red", lang)
            assert text and "{" not in text and "lupusburg" not in text and who("red", lang) in text
    assert set(k for k in tables["en"] if k.startswith("lupusburg")) == set(
        k for k in tables["it"] if k.startswith("lupusburg"))
