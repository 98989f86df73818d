"""`heist-table check-data`: one line per problem, a summary, and the right exit status."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game import cli
from game.engine import checkdata
from game.engine.content import CHECKERS, ContentError

REPO = Path(__file__).resolve().parents[2]

# What a content author reads for each broken file of tests/broken (paths relative to the repo).
BROKEN_LINES = [
    "tests/broken/data/bad_syntax.yaml:6: YAML syntax error: expected ',' or ']', but got ':'",
    "tests/broken/maps/bad_xml.tmx:21: the file is not well-formed XML (mismatched tag at column 4); "
    "Tiled cannot open it either",
    "tests/broken/maps/door_outside.tmx:18: field 'layer ground': square B2 is a door but lies in no "
    "building (draw the building's 'building' rectangle in layer 'places' over its doors too)",
    "tests/broken/maps/missing_row.tmx:16: field 'layer ground': the layer has 2 rows of tiles but the map "
    "is 3 rows high (A–C): 1 row is missing",
    "tests/broken/maps/no_ground.tmx: field 'layer ground': missing required tile layer 'ground' "
    "(it gives every square its terrain)",
    "tests/broken/maps/no_terrain.tmx:18: field 'layer ground': square B3 has no tile "
    "(every square needs a terrain)",
    "tests/broken/maps/temple_outside.tmx:38: field 'layer temples': square A4 has a temple tile but "
    "lies in no 'temple' place (draw the temple's rectangle in layer 'places')",
    "tests/broken/maps/unknown_kind.tmx:37: field 'layer places': object 1 'Safe house' has the unknown "
    "kind 'strat'; expected one of: building, start, escape, bus_stop, police_parking, reinforcement, "
    "police_zone, helipad, dock, treasure_site, vault, handwheel, discovery, trapdoor, temple, arrow, "
    "underpass, zenigata_return",
    "tests/broken/maps/unknown_terrain.tmx:27: field 'layer ground': square C1 has the unknown terrain "
    "'lava' (known terrains: road, dirt, grass, woods, flowerbed, crossing, wall, building, door, "
    "roof_access, bridge, dock, puddle, stairs, ramp, column, ruin, ruin_floor, arrow, underpass, "
    "helipad, water)",
]

# Issue #11: what check-data missed (the i18n and Lupin checkers' lines for tests/broken).
MISSED_LINES = [
    "tests/broken/data/i18n/en/placeholders.yaml:4: field 'broken.unclosed': the text's placeholders are "
    "malformed (expected '}' before end of string): write {name} with both braces, and {{ or }} for a "
    "brace itself",
    "tests/broken/data/i18n/it/placeholders.yaml:3: field 'broken.renamed': uses {nome} but the en text "
    "(en/placeholders.yaml:3) uses {name}; both languages must name the same placeholders",
    "tests/broken/data/lupin/episodes.yaml:4: field 'episodes[0]': episode 'no-police-columns' does not say "
    "where Zenigata sets up: add police_columns: [first, last] (the rulebook's columns), or require a "
    "'police_zone' place ({kind: police_zone, min_count: 1})",
]


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch):
    monkeypatch.chdir(REPO)


def _run(capsys, *argv: str) -> tuple[int, list[str]]:
    code = cli.main(["check-data", *argv])
    out = capsys.readouterr().out
    return code, out.splitlines()


def test_broken_root_prints_each_problem_and_exits_1(capsys):
    code, lines = _run(capsys, "--root", "tests/broken")
    assert code == 1
    for expected in BROKEN_LINES:
        assert expected in lines
    assert "Traceback" not in "\n".join(lines)
    assert lines[-1].endswith("files checked.") and "problems found in" in lines[-1]


def test_broken_root_exact_report_of_the_yaml_and_maps_checkers(capsys):
    code, lines = _run(capsys, "--root", "tests/broken", "--only", "yaml", "--only", "maps")
    assert code == 1
    files = checkdata.count_files(REPO / "tests" / "broken")
    assert lines == BROKEN_LINES + [f"{len(BROKEN_LINES)} problems found in {files} files checked."]


def test_the_game_content_is_valid(capsys):
    code, lines = _run(capsys)
    assert lines[-1] == f"All content is valid: {checkdata.count_files(REPO)} files checked.", lines
    assert code == 0


def test_the_fixture_maps_are_valid(capsys):
    code, lines = _run(capsys, "--root", "tests/fixtures", "--only", "maps")
    assert (code, lines) == (0, ["All content is valid: 5 files checked."])


def test_a_crashing_checker_is_one_line_and_exit_2(monkeypatch, capsys):
    def boom(root: Path) -> list[ContentError]:
        raise KeyError("oops")

    monkeypatch.setitem(CHECKERS, "boom", boom)
    code, lines = _run(capsys, "--root", "tests/fixtures", "--only", "boom")
    assert code == 2
    assert lines == ["check-data: the 'boom' checker failed (KeyError: 'oops'); "
                     "this is a bug in Heist Table, not in the content"]


def test_a_checker_that_raises_content_error_is_reported_as_content(monkeypatch, capsys):
    def strict(root: Path) -> list[ContentError]:
        raise ContentError("data/x.yaml", 3, "id", "expected a text, got 5")

    monkeypatch.setitem(CHECKERS, "strict", strict)
    code, lines = _run(capsys, "--root", "tests/fixtures", "--only", "strict")
    assert code == 1
    assert lines[0] == "data/x.yaml:3: field 'id': expected a text, got 5"


def test_unknown_checker_name(capsys):
    code, lines = _run(capsys, "--only", "nope")
    assert code == 2
    assert lines[0].startswith("check-data: no checker named 'nope'; checkers: ")


def test_checker_modules_not_written_yet_are_skipped():
    assert checkdata.load_checker_modules(("game.not_a_title.content", "game.engine.i18n")) == []
    assert "i18n" in CHECKERS and "maps" in CHECKERS


def test_a_broken_checker_module_is_reported(tmp_path, monkeypatch):
    pkg = tmp_path / "brokenpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "content.py").write_text("import a_module_that_does_not_exist\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    lines = checkdata.load_checker_modules(("brokenpkg.content",))
    assert lines == ["check-data: cannot load the checkers of brokenpkg.content (ModuleNotFoundError: "
                     "No module named 'a_module_that_does_not_exist'); this is a bug in Heist Table, "
                     "not in the content"]


def test_run_checks_writes_to_the_given_stream():
    out = io.StringIO()
    assert checkdata.run_checks(REPO / "tests" / "fixtures", out=out, only=["maps"]) == 0
    assert out.getvalue() == "All content is valid: 5 files checked.\n"


def test_what_check_data_missed_is_now_a_line_each(capsys):
    code, lines = _run(capsys, "--root", "tests/broken", "--only", "i18n", "--only", "lupin-boards")
    assert code == 1
    assert lines[:-1] == MISSED_LINES
    code, lines = _run(capsys, "--root", "tests/broken", "--only", "maps")
    assert "check-data: the 'maps' checker failed" not in "\n".join(lines)   # a missing row crashed it
    assert BROKEN_LINES[3] in lines
