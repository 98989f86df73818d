"""Broken YAML content gives one clear sentence naming the file, the line and the field.

The broken files live in tests/broken/ (see its README); the schema here is a small stand-in for a
title's own (a list of devices with an id and a count).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine.content import ContentError, load_typed, load_yaml

REPO = Path(__file__).resolve().parents[2]
BROKEN = REPO / "tests" / "broken"


@dataclass(frozen=True)
class Device:
    id: str
    count: int


@dataclass(frozen=True)
class Gadgets:
    name: str
    devices: list[Device]


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch):
    monkeypatch.chdir(REPO)   # messages name files as given: relative to the repository


def _error(load, *args) -> ContentError:
    with pytest.raises(ContentError) as info:
        load(*args)
    return info.value


def test_bad_yaml_syntax_names_the_file_and_line():
    err = _error(load_yaml, "tests/broken/data/bad_syntax.yaml")
    assert (err.file, err.line, err.field) == ("tests/broken/data/bad_syntax.yaml", 6, None)
    assert str(err) == "tests/broken/data/bad_syntax.yaml:6: YAML syntax error: expected ',' or ']', but got ':'"


def test_missing_field_names_the_item_that_lacks_it():
    err = _error(load_typed, "tests/broken/typed/missing_field.yaml", Gadgets)
    assert (err.line, err.field) == (6, "devices[1].count")
    assert str(err) == ("tests/broken/typed/missing_field.yaml:6: field 'devices[1].count': "
                        "missing (expected a whole number)")


def test_wrong_type_says_what_was_expected_and_what_was_found():
    err = _error(load_typed, "tests/broken/typed/wrong_type.yaml", Gadgets)
    assert (err.line, err.field) == (5, "devices[0].count")
    assert str(err) == ("tests/broken/typed/wrong_type.yaml:5: field 'devices[0].count': "
                        "expected a whole number, got 'two'")


def test_unknown_field_is_an_error_listing_the_known_ones():
    err = _error(load_typed, "tests/broken/typed/unknown_field.yaml", Gadgets)
    assert (err.line, err.field) == (6, "devices[0].colour")
    assert str(err) == ("tests/broken/typed/unknown_field.yaml:6: field 'devices[0].colour': "
                        "unknown field; expected one of: count, id")


def test_a_missing_file_is_content_error_not_a_traceback():
    err = _error(load_yaml, "tests/broken/data/nothing-here.yaml")
    assert str(err) == "tests/broken/data/nothing-here.yaml: file not found"


def test_the_valid_files_of_the_broken_root_do_load():
    assert load_yaml(BROKEN / "data" / "i18n" / "en" / "app.yaml")["app"]["title"] == "Heist Table"
