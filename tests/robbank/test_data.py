"""The designed tiles and decks live in data/robbank/ (read from there, never from code); a broken
file is named with its line and field, by check-data and when a game starts; every shuffle of the
nine tiles can be opened by turning the walled ones."""

from __future__ import annotations

import io
import itertools
import shutil
from pathlib import Path

import pytest

from game.engine.checkdata import run_checks
from game.engine.content import ContentError
from game.engine.i18n import load_language
from game.robbank.rules import board, data, new_game
from tests.broken_data import assert_named

ROOT = Path(__file__).resolve().parents[2]


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(ROOT / "data" / "robbank", root / "data" / "robbank")
    return root


def test_the_shipped_data_is_valid_and_designed():
    assert data.check_data(ROOT) == []
    for side in ("guards", "thieves"):
        deck = data.deck(side)
        assert len(deck) == data.DECK_SIZE == 15
    printed = {"guards": {("move",), ("tackle",), ("lock",), ("tackle", "lock")},
               "thieves": {("move",), ("grab",), ("pick",), ("spray",), ("vents",), ("spray", "grab"),
                           ("pick", "grab")}}
    for side, parts in printed.items():         # every action the rulebook prints is in its deck
        assert parts <= {p for c in data.deck(side) for p in c}, side
    assert len(data.all_tiles()) == 10
    for players in (2, 3, 4):
        tiles = data.tiles(players)
        assert len(tiles) == 9
        icons = [i for t in tiles for i in t.icons]
        assert icons.count("thieves") == 1 and icons.count("alarm") == 1
        assert icons.count("guard") == (3 if players == 4 else 2)
        assert icons.count("loot") <= data.LOOT_TOKENS
        walled = [t for t in tiles if t.walls]
        assert len(walled) == 4 and all(len(t.walls) == 1 for t in walled)     # "quattro… una parete"
    two, four = ({t.id for t in data.tiles(n)} for n in (2, 4))
    (only_two,), (only_four,) = two - four, four - two
    assert "loot" in data.all_tiles()[only_two].icons and "guard" in data.all_tiles()[only_four].icons


def test_check_data_passes_on_the_game_content():
    out = io.StringIO()
    assert run_checks(ROOT, out, only=["robbank-data"]) == 0, out.getvalue()


GUARDS_HEAD = "  - {card: move, count: 3}\n  - {card: move+move, count: 2}\n  - {card: move+move+move"


@pytest.mark.parametrize("name, old, new, field, words", [
    # a deck of 14 cards
    ("decks.yaml", GUARDS_HEAD, GUARDS_HEAD.replace("count: 3", "count: 2", 1), "guards", "15 cards, not 14"),
    # an unknown action, and an action of the other side
    ("decks.yaml", "{card: vents, count: 1}", "{card: fly, count: 1}", "thieves[8].card", "unknown action 'fly'"),
    ("decks.yaml", "{card: move+lock, count: 1}", "{card: move+pick, count: 1}", "guards[7].card",
     "unknown action 'pick'"),
    ("decks.yaml", "designed: true", "designed: false", "designed", "designed: true"),
    # two thieves' starts
    ("rooms.yaml", "    icons: [loot]\n  - id: archive", "    icons: [loot, thieves]\n  - id: archive",
     "tiles[6].icons", "thieves' start once, not 2"),
    # 8 loot icons with 2-3 players (the box holds 7)
    ("rooms.yaml", "    icons: [loot]\n  - id: manager", "    icons: [loot, loot, loot]\n  - id: manager",
     "tiles", "8 bags"),
    # an unknown wall side
    ("rooms.yaml", "    walls: [w]", "    walls: [x]", "tiles[5]", "not 'x'"),
    ("rooms.yaml", "designed: true", "designed: false", "designed", "designed: true"),
    ("rooms.yaml", "    icons: [guard]\n  - id: corridor", "    icons: [guard, alarm]\n  - id: corridor",
     "tiles[2].icons", "alarm once"),
    # a walled tile that no turn can open (four walls)
    ("rooms.yaml", "    walls: []\n    icons: [thieves]", "    walls: [n, e, s, w]\n    icons: [thieves]", "tiles",
     "cannot be turned"),
])
def test_a_broken_file_is_named_with_its_line_and_field(tmp_path, name, old, new, field, words):
    root = _copy(tmp_path)
    assert_named(root, "robbank", name, old, new, field, words, check_data=data.check_data,
                 checker="robbank-data", listed="tiles")


def test_the_line_of_a_tile_is_the_tiles_own_line(tmp_path):
    root = _copy(tmp_path)
    path = root / "data" / "robbank" / "rooms.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    walls: [w]", "    walls: [x]", 1), encoding="utf-8")
    (problem,) = data.check_data(root)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "walls: [x]" in "\n".join(lines[problem.line - 1:problem.line + 4]), problem
    assert "id: deposit" in lines[problem.line - 1]


def test_a_broken_file_stops_a_game_with_the_same_sentence(tmp_path):
    root = _copy(tmp_path)
    path = root / "data" / "robbank" / "decks.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{card: vents, count: 1}", "{card: fly, count: 1}"),
                    encoding="utf-8")
    with pytest.raises(ContentError, match="unknown action 'fly'"):
        data.deck("thieves", root)


def _opens(walled, rooms) -> bool:
    """Some turns of the walled tiles placed in ``rooms`` open the bank (brute force)."""
    for turns in itertools.product(range(4), repeat=len(walled)):
        placed = {r: (w, q) for r, w, q in zip(rooms, walled, turns)}
        if board.is_open(board.walls_of(placed.get(r, ((), 0)) for r in range(9))):
            return True
    return False


@pytest.mark.parametrize("players", [2, 4])
def test_every_shuffle_of_the_tiles_can_be_opened(players):
    walled = tuple(sorted(t.walls for t in data.tiles(players) if t.walls))
    assert data.unopenable(walled) is None
    # checked again here by brute force: every placement of the walled tiles in the nine rooms
    for rooms in itertools.permutations(range(9), len(walled)):
        assert _opens(walled, rooms), rooms


def test_a_set_of_tiles_that_cannot_be_opened_is_caught():
    assert data.unopenable((("n", "e", "s", "w"),)) == (0,)
    three = (("n", "e", "s"),) * 3          # three tiles open on one side only
    stuck = data.unopenable(three)
    assert stuck is not None and not _opens(three, stuck)
    assert data.unopenable((("n", "e", "s"),)) is None          # one of them alone always opens


def test_walls_and_tiles_are_named_in_both_languages():
    for lang in ("it", "en"):
        table = load_language(lang)[0]
        for tile in data.all_tiles().values():
            assert tile.name[lang]
        for who in ("bank", "yellow", "red", "green", "g1", "g2", "g3"):
            assert table[f"robbank.who.{who}"]


def test_a_game_reads_its_tiles_and_decks_from_the_data(monkeypatch):
    state = new_game({"players": 3}, 5)
    assert sorted(state.tiles) == sorted(t.id for t in data.tiles(3))
    assert set(state.tiles) <= set(data.all_tiles())
