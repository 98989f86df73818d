"""data/games.yaml: the chooser's catalogue, loaded into typed objects and checked by check-data."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.content import CHECKERS, ContentError
from game.games_catalog import check_games, load_catalog

ROOT = Path(__file__).resolve().parents[2]


def test_the_four_games_and_lupins_episodes():
    catalog = load_catalog()
    assert [g.id for g in catalog.games] == ["lupin", "robbank", "diabolik", "lupusburg"]
    lupin = catalog.game("lupin")
    assert lupin.title.en == "Lupin the 3rd – The Board Game"
    assert [e.title.it for e in lupin.episodes] == [
        "Rosso rubino", "Gran colpo in banca", "Ritorno a Cagliostro", "La lama di Stonehenge"]
    assert (lupin.players.min, lupin.players.max) == (2, 5) and lupin.solo == "yes"   # computer seats (issue #14)
    assert (catalog.game("robbank").players.min, catalog.game("robbank").players.max) == (2, 4)
    assert (catalog.game("diabolik").players.min, catalog.game("diabolik").players.max) == (1, 2)
    assert (catalog.game("lupusburg").players.min, catalog.game("lupusburg").players.max) == (4, 8)
    for g in catalog.games:
        assert g.blurb.it and g.blurb.en and g.blurb.it != g.blurb.en
    # Lupin's four episodes (the base box's and the expansion's), Diabolik (solo or two, its own
    # set-up), How to Rob a Bank and Lupusburg can be played
    assert lupin.playable and [e.playable for e in lupin.episodes] == [True, True, True, True]
    diabolik = catalog.game("diabolik")
    assert diabolik.playable and diabolik.solo == "yes" and diabolik.setup == "diabolik-setup"
    robbank = catalog.game("robbank")
    assert robbank.playable and robbank.solo == "yes" and robbank.setup == "robbank-setup"
    lupusburg = catalog.game("lupusburg")
    assert lupusburg.playable and lupusburg.setup == "lupusburg-setup"   # hot-seat; solo once its computer plays
    assert not any(g.playable for g in catalog.games if g.id not in ("lupin", "diabolik", "robbank", "lupusburg"))


def test_check_data_knows_the_catalogue():
    assert CHECKERS.get("games") is check_games
    assert check_games(ROOT) == []


def _root_with(tmp_path, text):
    (tmp_path / "data").mkdir(parents=True)
    (tmp_path / "data" / "games.yaml").write_text(text, encoding="utf-8")
    return tmp_path


GAME = """games:
  - id: demo
    title: {it: "Demo", en: "Demo"}
    blurb: {it: "Uno", en: "One"}
    sides: {it: "Tutti", en: "All"}
    players: {min: 2, max: 4}
"""


def test_a_good_minimal_file_loads(tmp_path):
    catalog = load_catalog(_root_with(tmp_path, GAME))
    assert catalog.games[0].rgb == (0xF0, 0xB8, 0x48)


@pytest.mark.parametrize("extra, line, words", [
    ("    playable: true\n", 2, "needs a 'setup'"),
    ("    colour: red\n", 2, "#e8574a"),
    ("    flavour: 3\n", 7, "unknown field"),
    ("    solo: sometimes\n", 7, "one of"),
])
def test_mistakes_name_the_file_and_line(tmp_path, extra, line, words):
    root = _root_with(tmp_path, GAME + extra)
    problems = check_games(root)
    assert len(problems) == 1
    err = problems[0]
    assert isinstance(err, ContentError) and err.file.endswith("games.yaml")
    assert err.line == line and words in err.message


def test_players_and_duplicates_are_checked(tmp_path):
    bad_players = GAME.replace("{min: 2, max: 4}", "{min: 5, max: 4}")
    assert "players" in check_games(_root_with(tmp_path / "a", bad_players))[0].message
    twice = GAME + GAME.split("games:\n", 1)[1]
    assert "used twice" in check_games(_root_with(tmp_path / "b", twice))[0].message


def test_a_playable_episode_needs_a_playable_game(tmp_path):
    text = GAME + """    setup: demo-setup
    episodes:
      - id: one
        title: {it: "Uno", en: "One"}
        blurb: {it: "Uno", en: "One"}
        playable: true
"""
    assert "episode is playable" in check_games(_root_with(tmp_path, text))[0].message


def test_the_catalogue_loader_is_pure():
    code = "import sys, game.games_catalog as c; c.load_catalog(); print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
