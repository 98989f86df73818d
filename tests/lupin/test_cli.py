"""`heist-table lupin square|reach|sees`: the board queries map authors run, as JSON."""

import json
import shutil
from pathlib import Path

from game.cli import main
from game.engine import resources
from game.engine.tiled import clear_cache

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "maps"


def run_json(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_square_reports_terrain_level_sight_and_places(capsys):
    [a1, k17] = run_json(capsys, "lupin", "square", "gran-colpo", "A1", "K17")
    assert a1["coord"] == "A1" and a1["terrain"] == "road" and a1["level"] == 0
    assert a1["blocks_sight"] is False
    assert {"kind": "start", "name": a1["features"][0]["name"], "props": {"side": "gang"}} in a1["features"]
    assert k17["blocks_sight"] is True
    assert {f["kind"] for f in k17["features"]} >= {"building", "vault"}


def test_square_with_no_coordinate_lists_the_whole_board(capsys):
    squares = run_json(capsys, "lupin", "square", "stonehenge")
    assert len(squares) == 25 * 20
    b4 = next(s for s in squares if s["coord"] == "B4")
    assert b4["terrain"] == "underpass"


def test_reach_lists_spots_with_their_cost(capsys):
    out = run_json(capsys, "lupin", "reach", str(FIXTURES / "buildings.tmx"), "--from", "C1", "--moves", "3")
    spots = {r["spot"]: r["cost"] for r in out["reachable"]}
    assert spots["C1"] == 0 and spots["inside Bank"] == 1 and spots["E4"] == 2
    assert "C2" not in spots  # a door is never a stop
    police = run_json(capsys, "lupin", "reach", "rosso-rubino", "--from", "L23", "--moves", "2", "--figure", "police")
    assert police["figure"] == "police" and police["reachable"][0] == {"spot": "L23", "cost": 0}


def test_sees_says_why_not(capsys):
    out = run_json(capsys, "lupin", "sees", str(FIXTURES / "buildings.tmx"), "--from", "C1", "--to", "C6")
    assert out["sees"] is False and out["can_shoot"] is False and "C2" in out["why"]
    ok = run_json(capsys, "lupin", "sees", str(FIXTURES / "buildings.tmx"), "--from", "A1", "--to", "A6")
    assert ok["sees"] is True and ok["can_shoot"] is True and ok["distance"] == 5
    rifle = run_json(capsys, "lupin", "sees", str(FIXTURES / "buildings.tmx"), "--from", "A1", "--to", "A8",
                     "--weapon", "rifle")
    assert rifle["range"] == 12 and rifle["sees"] is True


def test_bad_input_gets_a_sentence_not_a_traceback(capsys):
    assert main(["lupin", "square", "rosso-rubino", "Z99"]) == 2
    assert "off the board" in capsys.readouterr().err
    assert main(["lupin", "reach", "rosso-rubino", "--from", "12", "--moves", "3"]) == 2
    assert "is not a square" in capsys.readouterr().err
    assert main(["lupin", "square", "atlantis"]) == 2
    assert "no Lupin episode 'atlantis'" in capsys.readouterr().err


def test_check_data_names_a_missing_rulebook_square(tmp_path, capsys):
    root = tmp_path / "content"
    shutil.copytree(resources.content_root() / "data", root / "data")
    shutil.copytree(resources.content_root() / "maps", root / "maps")
    tmx = root / "maps" / "rosso-rubino.tmx"
    text = tmx.read_text()
    # move the police parking away from L23-L24
    assert 'class="police_parking"' in text
    tmx.write_text(text.replace('class="police_parking"', 'class="reinforcement"')
                       .replace('type="police_parking"', 'type="reinforcement"'))
    clear_cache()
    code = main(["check-data", "--root", str(root)])
    out = capsys.readouterr().out
    assert code == 1
    assert "rosso-rubino.tmx" in out and "square L23 needs a 'police_parking' place" in out


def test_catalog_lists_every_device_and_mission_card_of_an_episode(capsys):
    out = run_json(capsys, "lupin", "catalog", "--episode", "rosso-rubino", "--lang", "it", "--json")
    assert out["episode"] == "rosso-rubino" and out["lang"] == "it" and out["budgets"] == {"gang": 1500}
    devices = {d["id"]: d for d in out["devices"]}
    assert sum(d["count"] for d in devices.values() if d["id"] != "wetsuit") == 40   # the base box
    boat = devices["boat"]
    assert boat["name"] == "Barca" and boat["count"] == 1 and boat["price"] == 400
    assert boat["price_designed"] is True and boat["text"].startswith("Solo in Rosso rubino")
    cards = [c for deck in out["decks"].values() for c in deck["cards"]]
    assert all({"id", "owner", "name", "count", "text"} <= set(c) for c in cards)
    assert sum(c["count"] for c in cards) == 60
    charm = next(c for c in cards if c["id"] == "fujiko_oh_mio_caro_lupin")
    assert charm["owner"] == "fujiko" and charm["count"] == 2
    # all against all: no radios, no helicopter, no "Perdonami Lupin..."
    ava = run_json(capsys, "lupin", "catalog", "--variant", "all-vs-all", "--json")
    assert ava["lang"] == "en" and ava["budgets"] == {"each": 1000}
    assert not {"radio", "helicopter"} & {d["id"] for d in ava["devices"]}
    assert "fujiko_perdonami_lupin" not in {c["id"] for c in ava["decks"]["fujiko"]["cards"]}
    # the expansion's episodes add their cards and specials
    cag = run_json(capsys, "lupin", "catalog", "--episode", "cagliostro", "--json")
    assert cag["decks"]["lupin"]["size"] == 20 and cag["specials"]["zenigata"]["owner"] == "zenigata"
    assert main(["lupin", "catalog", "--episode", "cagliostro", "--variant", "all-vs-all", "--json"]) == 2
    assert "all-against-all" in capsys.readouterr().err


def test_catalog_without_json_prints_a_listing(capsys):
    assert main(["lupin", "catalog", "--episode", "gran-colpo"]) == 0
    text = capsys.readouterr().out
    assert "budget gang 1500$" in text and "helicopter" in text and "boat" not in text
    assert "Fujiko's mission cards (15)" in text
