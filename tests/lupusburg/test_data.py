"""The box of Lupusburg lives in data/lupusburg/ (read from there, never from code): the eight
colours (designed: true, with a reason) and the coins and the deck (as printed); a broken file is
named with its line and field, by check-data and when a game starts."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from game.engine.checkdata import run_checks
from game.engine.content import ContentError
from game.lupusburg.rules import data, new_game
from tests.broken_data import assert_named

ROOT = Path(__file__).resolve().parents[2]


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(ROOT / "data" / "lupusburg", root / "data" / "lupusburg")
    return root


def test_the_shipped_data_is_valid():
    assert data.check_data(ROOT) == []
    assert data.coins() == (8, 7, 6, 5, 4, 3, 2, 2)
    assert len(data.colours()) == 8 and len({c.id for c in data.colours()}) == 8
    assert [c.id for c in data.colours()][:4] == ["red", "blue", "green", "yellow"]
    assert data.deck(8).count(data.TOWNSFOLK) == 14 and data.deck(4).count(data.TOWNSFOLK) == 6


def test_check_data_passes_on_the_game_content():
    out = io.StringIO()
    assert run_checks(ROOT, out, only=["lupusburg-data"]) == 0, out.getvalue()


@pytest.mark.parametrize("name, old, new, field, words", [
    ("colours.yaml", "designed: true", "designed: false", "designed", "designed: true"),
    ("colours.yaml", "  - {id: black, name: {it: \"Nero\", en: \"Black\"}}\n", "", "colours", "8 families, not 7"),
    ("colours.yaml", "{id: black,", "{id: red,", "colours[7].id", "two colours are called 'red'"),
    ("colours.yaml", "{id: white, name: {it: \"Bianco\", en: \"White\"}}", "{id: white, name: {it: \"Bianco\"}}",
     "colours[6]", "no name in en"),
    ("colours.yaml", "en: \"Black\"", "en: \"Red\"", "colours[7].name", "two colours are named 'Red' (en)"),
    ("box.yaml", "coins: [8, 7, 6, 5, 4, 3, 2, 2]", "coins: [8, 7, 6, 5, 4, 3, 2]", "coins", "8 coins"),
    ("box.yaml", "coins: [8, 7, 6, 5, 4, 3, 2, 2]", "coins: [8, 7, 6, 5, 4, 3, 2, 0]", "coins[7]", "at least 1"),
    ("box.yaml", "  werewolf: 1", "  werewolf: 2", "deck.werewolf", "one Werewolf, not 2"),
    ("box.yaml", "  thief: 1", "  thief: 0", "deck.thief", "one Thief, not 0"),
    ("box.yaml", "  townsfolk: 14", "  townsfolk: 13", "deck.townsfolk", "(16 cards), not 15"),
    ("box.yaml", "designed: false", "designed: true", "designed", "designed: false"),
])
def test_a_broken_file_is_named_with_its_line_and_field(tmp_path, name, old, new, field, words):
    root = _copy(tmp_path)
    assert_named(root, "lupusburg", name, old, new, field, words, check_data=data.check_data,
                 checker="lupusburg-data", listed="colours")


def test_the_line_of_a_colour_is_the_colours_own_line(tmp_path):
    root = _copy(tmp_path)
    path = root / "data" / "lupusburg" / "colours.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{id: black,", "{id: red,"), encoding="utf-8")
    (problem,) = data.check_data(root)
    assert "id: red, name: {it: \"Nero\"" in path.read_text(encoding="utf-8").splitlines()[problem.line - 1]


def test_a_broken_file_stops_a_game_with_the_same_sentence(tmp_path):
    root = _copy(tmp_path)
    path = root / "data" / "lupusburg" / "box.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  werewolf: 1", "  werewolf: 2"), encoding="utf-8")
    with pytest.raises(ContentError, match="one Werewolf"):
        data.deck(5, root)


def test_a_game_takes_its_seats_coins_and_deck_from_the_data():
    state = new_game({"players": 7}, 2)
    assert state.seats == tuple(c.id for c in data.colours()[:7])
    assert sorted(state.bag, reverse=True) == list(data.coins())
    assert data.colour_name("purple") == {"it": "Viola", "en": "Purple"}
