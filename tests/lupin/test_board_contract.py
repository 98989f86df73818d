"""Lupin's Tiled boards: the fixtures load into Lupin's board model through its map contract and the
engine's loader, broken maps give one clear sentence each, and the text drafts build the maps the
game reads (tools.mapgen)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.engine.content import ContentError
from game.engine.grid import parse_coord
from game.lupin.rules.board_contract import PLACE_KINDS, check_board, clear_cache, load_board
from game.lupin.rules.terrain import TERRAINS

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "maps"
BROKEN = REPO / "tests" / "broken" / "maps"
TILESETS = REPO / "maps" / "tilesets"


def sq(text: str):
    return parse_coord(text)


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch):
    monkeypatch.chdir(REPO)
    clear_cache()
    yield
    clear_cache()


def fixture(name: str):
    return load_board(FIXTURES / f"{name}.tmx")


def cell(board, coord: str):
    return board.cell(sq(coord))


# ----------------------------------------------------------------------------- the fixtures

def test_buildings_fixture():
    b = fixture("buildings")
    assert (b.name, b.rows, b.cols) == ("buildings", 6, 8)
    assert dict(b.props) == {"episode": "buildings", "designed": True,
                             "designed_note": "a test fixture, not a printed board"}
    assert set(b.buildings) == {"Bank", "Shop"}
    bank, shop = b.buildings["Bank"], b.buildings["Shop"]
    assert [str(s) for s in bank.doors] == ["C2", "D4"]
    assert [str(s) for s in shop.doors] == ["D7"]
    assert [str(s) for s in bank.roof_access] == ["C3"]
    assert shop.roof_access == ()
    assert [str(s) for s in bank.roof_squares] == ["B2", "B5", "D5"]
    assert bank.height == 2 and bank.props["treasure"] is True and shop.height == 1
    # the roofs layer's tile properties (pytmx would overwrite a tile's "height" with 64)
    assert (cell(b, "B2").height, cell(b, "B2").roof) == (2, True)
    assert (cell(b, "B3").height, cell(b, "B3").roof) == (2, False)
    assert (cell(b, "B5").height, cell(b, "B5").roof) == (1, True)
    assert (cell(b, "C4").height, cell(b, "C4").roof) == (1, False)
    assert cell(b, "C2").terrain == "door" and cell(b, "C2").height == 0
    assert cell(b, "C2").building == "Bank" and cell(b, "D7").building == "Shop"
    assert cell(b, "A1").building is None and cell(b, "A1").terrain == "road"
    assert cell(b, "C4").blocks_sight and not cell(b, "A1").blocks_sight
    assert b.place("start").coords == ["A1"] and b.place("start").props["side"] == "gang"
    assert b.place("bus_stop").coords == ["E6", "E7"] and b.place("bus_stop").props["round"] == 1
    assert b.place("police_parking").coords == ["F1", "F2"]
    assert b.place("treasure_site").props["building"] == "Bank"
    assert [p.kind for p in b.places_at(sq("B4"))] == ["building", "treasure_site"]


def test_park_fixture():
    b = fixture("park")
    rows = ["".join(cell(b, f"{r}{c}").terrain[0] for c in range(1, 9)) for r in "ABCDEF"]
    assert rows == ["wwwggggr", "wwwggggr", "ffffcfff", "gggggggr", "gwwggpgr", "dddggggr"]
    assert cell(b, "A1").terrain == "woods" and cell(b, "E2").terrain == "wall"
    assert cell(b, "C5").terrain == "crossing" and cell(b, "C4").terrain == "flowerbed"
    assert TERRAINS["woods"]["sight"] and not TERRAINS["flowerbed"]["walk"]
    assert b.squares_of("discovery") == [sq("D2")]
    assert len(b.squares_of("police_zone")) == 4


def test_river_fixture():
    b = fixture("river")
    assert all(cell(b, f"{r}{c}").water for r in "CD" for c in range(1, 9))
    assert not cell(b, "B4").water and not cell(b, "E7").water
    assert cell(b, "C4").terrain == "bridge" and cell(b, "C1").terrain == "water"
    assert b.squares_of("dock") == [sq("E7")] and cell(b, "E7").terrain == "dock"
    assert b.squares_of("helipad") == [sq("E8")] and cell(b, "E8").terrain == "helipad"
    assert b.squares_of("escape") == [sq("A4"), sq("A5")]


def test_temple_fixture():
    b = fixture("temple")
    temple = b.place("temple", "Owl temple")
    assert len(temple.squares) == 16 and dict(temple.props) == {"open": False, "opened_by": "owl"}
    assert (cell(b, "B2").temple, cell(b, "B2").temple_part) == ("Owl temple", "body")
    assert cell(b, "C3").temple_part == "floor" and cell(b, "E3").temple_part == "steps"
    assert cell(b, "C3").blocks_sight and not cell(b, "E3").blocks_sight
    assert cell(b, "A1").temple is None
    assert [cell(b, c).flooded for c in ("A7", "A8", "F1", "F2", "A1")] == ["red", "red", "blue", "blue", None]
    assert {p.name: p.props["zone"] for p in b.places_of("handwheel")} == {"Red wheel": "red", "Blue wheel": "blue"}
    assert sorted(p.coords[0] for p in b.places_of("trapdoor")) == ["B8", "D3"]
    assert cell(b, "B7").terrain == "column"


def test_ruins_fixture():
    b = fixture("ruins")
    assert (b.rows, b.cols) == (8, 8)
    assert [cell(b, f"G{c}").ditch for c in range(1, 9)] == [True, True, True, False, True, True, True, True]
    assert cell(b, "G1").level == -1 and cell(b, "G4").level == 0
    assert cell(b, "E4").terrain == "ramp" and cell(b, "E4").level == 0
    assert cell(b, "D4").terrain == "arrow" and cell(b, "D4").level == 1
    assert cell(b, "C4").terrain == "ruin_floor" and cell(b, "C4").level == 1
    assert cell(b, "B2").terrain == "ruin" and cell(b, "B2").blocks_sight
    assert cell(b, "E8").terrain == "stairs" and cell(b, "D8").level == 1
    assert b.place("underpass").coords == ["G4"] and b.place("underpass").props["direction"] == "ns"
    assert cell(b, "G4").terrain == "underpass"


def test_loading_is_cached_until_the_file_changes(tmp_path):
    path = tmp_path / "park.tmx"
    text = (FIXTURES / "park.tmx").read_text().replace("../../../maps/tilesets/", f"{TILESETS.as_posix()}/")
    path.write_text(text)
    first = load_board(path)
    assert load_board(path) is first
    assert load_board(str(path)) is first
    path.write_text(text.replace('"discovery"', '"escape"'))
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    second = load_board(path)
    assert second is not first and second.squares_of("escape") == [sq("D2")]


# ----------------------------------------------------------------------------- broken maps

BROKEN_CASES = {
    "no_ground": (None, "layer ground",
                  "missing required tile layer 'ground' (it gives every square its terrain)"),
    "no_terrain": (18, "layer ground", "square B3 has no tile (every square needs a terrain)"),
    "door_outside": (18, "layer ground", "square B2 is a door but lies in no building (draw the "
                     "building's 'building' rectangle in layer 'places' over its doors too)"),
    "temple_outside": (38, "layer temples", "square A4 has a temple tile but lies in no 'temple' place "
                       "(draw the temple's rectangle in layer 'places')"),
    "unknown_terrain": (27, "layer ground", "square C1 has the unknown terrain 'lava' (known terrains: "
                        + ", ".join(TERRAINS) + ")"),
    "unknown_kind": (37, "layer places", "object 1 'Safe house' has the unknown kind 'strat'; expected "
                     "one of: building, start, escape, bus_stop, police_parking, reinforcement, "
                     "police_zone, helipad, dock, treasure_site, vault, handwheel, discovery, trapdoor, "
                     "temple, arrow, underpass, zenigata_return"),
    "missing_row": (16, "layer ground", "the layer has 2 rows of tiles but the map is 3 rows high (A–C): "
                    "1 row is missing"),
    "bad_xml": (21, None, "the file is not well-formed XML (mismatched tag at column 4); "
                "Tiled cannot open it either"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_CASES))
def test_broken_map_gives_one_clear_sentence(name):
    line, field, message = BROKEN_CASES[name]
    path = f"tests/broken/maps/{name}.tmx"
    with pytest.raises(ContentError) as info:
        load_board(path)
    err = info.value
    assert (err.file, err.line, err.field, err.message) == (path, line, field, message)
    where = path if line is None else f"{path}:{line}"
    assert str(err) == f"{where}:" + (f" field '{field}':" if field else "") + f" {message}"
    assert [str(e) for e in check_board(path)] == [str(err)]


def test_require_places_names_the_missing_kind():
    from game.engine.tiled import require_places

    board = fixture("buildings")
    require_places(board, ["start", "escape", "bus_stop"])
    with pytest.raises(ContentError) as info:
        require_places(board, ["start", "helipad"])
    assert str(info.value) == (f"{FIXTURES / 'buildings.tmx'}: field 'layer places': no place of kind "
                               "'helipad' (episode 'buildings' needs one)")


def test_a_missing_file():
    with pytest.raises(ContentError) as info:
        load_board("tests/broken/maps/nothing.tmx")
    assert str(info.value) == "tests/broken/maps/nothing.tmx: file not found"


# Variations on a fixture, written to tmp_path with absolute tileset paths.

def variant(tmp_path: Path, name: str, *replacements: tuple[str, str], base: str = "buildings") -> Path:
    text = (FIXTURES / f"{base}.tmx").read_text().replace("../../../maps/tilesets/", f"{TILESETS.as_posix()}/")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.tmx"
    path.write_text(text)
    return path


def problems(path: Path) -> list[str]:
    return [f"{e.field}: {e.message}" for e in check_board(path)]


def test_object_kind_from_class_only_type_only_or_both(tmp_path):
    start = 'type="start" class="start"'
    for attrs in ('class="start"', 'type="start"', start):
        board = load_board(variant(tmp_path, "kind" + str(len(attrs)), (start, attrs)))
        assert board.place("start").coords == ["A1"]
    assert problems(variant(tmp_path, "clash", (start, 'type="start" class="escape"'))) == [
        "layer places: object 4 'Safe house' has type 'start' but class 'escape'; give it one kind"]


def test_points_and_partial_rectangles(tmp_path):
    # a point lies on the square under it; a rectangle covers every square it overlaps
    path = variant(tmp_path, "shapes",
                   ('x="0" y="0" width="64" height="64">', 'x="100" y="70">\n   <point/>'),
                   ('x="448" y="320" width="64" height="64"/>', 'x="400" y="300" width="70" height="20"/>'))
    board = load_board(path)
    assert board.place("start").coords == ["B2"]
    assert board.place("escape").coords == ["E7", "E8"]


def test_place_problems(tmp_path):
    cases = {
        "rotated": (('x="0" y="0" width="64" height="64">', 'x="0" y="0" width="64" height="64" rotation="45">'),
                    "layer places: start 'Safe house' is rotated; places must be upright rectangles or points"),
        "outside": (('x="448" y="320" width="64" height="64"/>', 'x="448" y="320" width="128" height="64"/>'),
                    "layer places: escape 'Harbour road' lies (partly) outside the 8×6 map"),
        "badprop": (('<property name="side" value="gang"/>', '<property name="side" value="cops"/>'),
                    "layer places: start 'Safe house': property 'side' must be one of gang, fujiko, "
                    "got the text 'cops'"),
        "texttype": (('<property name="round" type="int" value="1"/>', '<property name="round" value="1"/>'),
                     "layer places: bus_stop 'Stop 1': property 'round' must be a whole number (int), "
                     "got the text '1'"),
        "unknownprop": (('<property name="side" value="gang"/>', '<property name="sidd" value="gang"/>'),
                        "layer places: start 'Safe house' has the unknown property 'sidd' (a start may have: side)"),
        "noname": (('name="Shop" type="building"', 'type="building"'),
                   "layer places: building (object 2) has no name; a building needs one"),
        "badsite": (('<property name="building" value="Bank"/>', '<property name="building" value="Vault"/>'),
                    "layer places: treasure_site 'Bank safe' names the building 'Vault', but no building "
                    "place has that name"),
    }
    for name, (replacement, expected) in cases.items():
        assert problems(variant(tmp_path, name, replacement)) == [expected], name


def test_layer_problems(tmp_path):
    assert problems(variant(tmp_path, "noplaces", ('name="places"', 'name="notes"'))) == [
        "layer notes: unknown layer 'notes'; a board's layers are: ground, water, ditch, levels, flooded, "
        "temples, roofs, places, labels",
        "layer places: missing required object layer 'places' (it holds the named places)"]
    assert problems(variant(tmp_path, "noroofs", ('name="roofs"', 'name="roof"')))[1] == (
        "layer roofs: missing required tile layer 'roofs' (it may be empty, but it must be there)")
    assert problems(variant(tmp_path, "twice", ('name="ditch"', 'name="levels"'))) == [
        "layer levels: there are two layers named 'levels' (the other one is at line 35); keep one"]
    # a terrain tile painted in the roofs layer has no height
    roof_row = "0,31,25,24,30,0,24,24,"
    assert problems(variant(tmp_path, "wrongtile", (roof_row, "0,1,25,24,30,0,24,24,"))) == [
        "layer roofs: square B2 has a tile without a whole-number 'height' property of at least 1 "
        "(use a tile of tilesets/roofs.tsx)"]


def test_many_empty_squares_make_one_line(tmp_path):
    path = variant(tmp_path, "holes", ("1,1,1,1,1,1,1,1,\n1,8", "0,0,0,0,0,0,0,0,\n1,8"))
    assert [str(e) for e in check_board(path)] == [
        f"{path}:17: field 'layer ground': squares A1, A2, A3, A4, A5 and 3 more have no tile "
        "(every square needs a terrain)"]


def test_water_terrain_needs_the_water_layer(tmp_path):
    water_layer_row = "~~~~~~~~"
    del water_layer_row
    path = variant(tmp_path, "dry", ("0,0,0,0,0,0,0,0,\n23,23,23,23,23,23,23,23,",
                                     "0,0,0,0,0,0,0,0,\n0,23,23,23,23,23,23,23,"), base="river")
    assert problems(path) == ["layer ground: square C1 has the terrain 'water' but no tile in layer 'water' "
                              "(paint the water layer there too)"]


def test_temple_place_must_be_covered_by_temple_tiles(tmp_path):
    path = variant(tmp_path, "halftemple", ('x="64" y="64" width="256" height="256"',
                                            'x="64" y="64" width="320" height="256"'), base="temple")
    assert problems(path) == ["layer temples: squares B6, C6, D6 and E6 lie in a 'temple' place but have "
                              "no tile in layer 'temples' (body, floor or steps)"]


def test_trapdoors_come_in_pairs_and_handwheels_drain_real_zones(tmp_path):
    path = variant(tmp_path, "pairs", ('<property name="pair" value="t1"/>', '<property name="pair" value="t2"/>'),
                   ('<property name="zone" value="red"/>', '<property name="zone" value="green"/>'),
                   base="temple")
    assert problems(path) == [
        "layer places: trapdoor pair 't2' has 1 end(s) (D3); a pair has exactly 2",
        "layer places: trapdoor pair 't1' has 1 end(s) (B8); a pair has exactly 2",
        "layer places: handwheel 'Red wheel' drains the zone 'green', but that zone is not in layer "
        "'flooded' (its zones: blue, red)"]


def test_map_shape_problems(tmp_path):
    path = variant(tmp_path, "iso", ('orientation="orthogonal"', 'orientation="isometric"'))
    with pytest.raises(ContentError) as info:
        load_board(path)
    assert info.value.message == "the map is isometric; boards must be orthogonal (square tiles)"
    path = variant(tmp_path, "inf", ('infinite="0"', 'infinite="1"'))
    with pytest.raises(ContentError) as info:
        load_board(path)
    assert "the map is infinite" in info.value.message
    path = variant(tmp_path, "notsx", ("roofs.tsx", "roofz.tsx"))
    with pytest.raises(ContentError) as info:
        load_board(path)
    assert info.value.line == 10 and info.value.message.startswith("the tileset ")
    assert "roofz.tsx' is missing" in info.value.message


def test_map_property_types(tmp_path):
    path = variant(tmp_path, "props", ('name="designed" type="bool" value="true"', 'name="designed" value="yes"'))
    assert problems(path) == ["map properties: 'designed' must be true or false (bool), got the text 'yes'"]


# ----------------------------------------------------------------------------- no pygame, UI still fine

def test_loading_a_board_never_imports_pygame():
    code = textwrap.dedent(f"""
        import sys
        from game.lupin.rules.board_contract import load_board
        board = load_board({str(FIXTURES / 'buildings.tmx')!r})
        assert board.cell((1, 1)).height == 2
        assert 'pygame' not in sys.modules, 'pygame was imported'
        import pytmx
        assert callable(pytmx.load_pygame)   # the UI's entry point is still there
        print('ok')
    """)
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok" and run.stderr == ""


def test_the_ui_can_still_draw_the_maps_with_pytmx_load_pygame():
    code = textwrap.dedent(f"""
        import os
        os.environ['SDL_VIDEODRIVER'] = 'dummy'
        os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'
        from game.lupin.rules.board_contract import load_board
        load_board({str(FIXTURES / 'buildings.tmx')!r})   # the engine imports pytmx first
        import pygame, pytmx
        pygame.display.init()
        pygame.display.set_mode((8, 8))
        tmx = pytmx.load_pygame({str(FIXTURES / 'buildings.tmx')!r}, allow_duplicate_names=True)
        ground = tmx.get_layer_by_name('ground')
        assert tmx.get_tile_image(0, 0, tmx.layers.index(ground)).get_size() == (64, 64)
        print('ok')
    """)
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().endswith("ok")


# ----------------------------------------------------------------------------- drafts → maps

def test_fixture_maps_match_their_drafts():
    from tools.mapgen.build import build

    lines: list[str] = []
    code = build(drafts=FIXTURES / "src", out=FIXTURES, check=True, echo=lines.append)
    assert (code, lines) == (0, [])


def test_the_four_boards_match_their_drafts():
    from tools.mapgen.build import build

    root = Path(__file__).resolve().parents[2]
    lines: list[str] = []
    code = build(drafts=root / "tools" / "mapgen" / "boards", out=root / "maps", check=True,
                 echo=lines.append)
    assert (code, lines) == (0, [])


def test_tilesets_hold_every_terrain_and_roof():
    from tools.mapgen.tmx import read_tsx

    terrain = read_tsx(TILESETS / "terrain.tsx")
    assert sorted(p["terrain"] for p in terrain.tiles.values()) == sorted(TERRAINS)
    roofs = read_tsx(TILESETS / "roofs.tsx")
    assert {(p["height"], p["standable"]) for p in roofs.tiles.values()} == {
        (h, s) for h in range(1, 7) for s in (False, True)}
    for name in ("terrain", "water", "roofs", "temples", "flooded", "ditch", "levels"):
        assert (TILESETS / f"{name}.png").is_file() and (TILESETS / f"{name}.tsx").is_file()


def write_draft(folder: Path, name: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return path


GOOD_DRAFT = '''
EPISODE = "tiny"
ROWS, COLS = 2, 3
GROUND = """
...
.D.
"""
GROUND_LEGEND = {".": "road", "D": "door"}
PLACES = [
    {"kind": "building", "name": "Hut", "at": "B2", "props": {"height": 1}},
]
'''


def build_one(tmp_path: Path, body: str) -> tuple[int, list[str], Path]:
    from tools.mapgen.build import build

    drafts = tmp_path / "drafts"
    write_draft(drafts, "tiny", body)
    lines: list[str] = []
    code = build(drafts=drafts, out=tmp_path / "out", tilesets=TILESETS, echo=lines.append)
    return code, lines, tmp_path / "out" / "tiny.tmx"


def test_building_a_draft_writes_a_map_the_game_loads(tmp_path):
    code, lines, out = build_one(tmp_path, GOOD_DRAFT)
    assert code == 0, lines
    board = load_board(out)
    assert board.buildings["Hut"].doors == (sq("B2"),)
    assert board.props["designed"] is False
    from tools.mapgen.build import build
    assert build(drafts=tmp_path / "drafts", out=tmp_path / "out", tilesets=TILESETS, check=True,
                 echo=lambda _: None) == 0
    out.write_text(out.read_text().replace('name="Hut"', 'name="Shed"'))
    said: list[str] = []
    assert build(drafts=tmp_path / "drafts", out=tmp_path / "out", tilesets=TILESETS, check=True,
                 echo=said.append) == 1
    assert said == [f"{out}: differs from its draft {tmp_path / 'drafts' / 'tiny.py'} (rebuild it, or carry "
                    "the Tiled edits back into the draft)"]


@pytest.mark.parametrize("change, expected", [
    (('".": "road", "D": "door"', '".": "road"'),
     "tiny.py:6: GROUND row B, column 2: 'D' is not allowed (GROUND_LEGEND has: .)"),
    (("...\n.D.", "...\n.D..\n"), "tiny.py:6: GROUND row B has 4 squares; expected 3 (columns 1–3)"),
    (("...\n.D.", "...\n.D.\n..."), "tiny.py:4: GROUND has 3 rows; expected 2 (rows A–B)"),
    (("...\n.D.", "...\n. ."), "tiny.py:6: GROUND row B, column 2: a space; spaces are not allowed inside "
                               "a grid line"),
    (('"at": "B2"', '"at": "Z2"'), "tiny.py:10: PLACES[0] ('Hut'), 'at': 'Z2' lies outside the board "
                                   "(A1 to B3)"),
    (('"at": "B2"', '"at": "B2-C3"'), "tiny.py:10: PLACES[0] ('Hut'), 'at': 'B2-C3' is not a straight run: "
                                      "both ends must share a row or a column (write a rectangle as 'C3:F8')"),
    (('"at": "B2"', '"at": "2B"'), "tiny.py:10: PLACES[0] ('Hut'), 'at': '2B' is not a square: write a row "
                                   "letter and a column number, like C12"),
    (('"kind": "building"', '"kind": "hut"'), "tiny.py:10: PLACES[0] ('Hut'): unknown kind 'hut'; kinds: "
                                              + ", ".join(PLACE_KINDS)),
    (('"road", "D"', '"rood", "D"'), "tiny.py:8: GROUND_LEGEND['.'] is 'rood', not a terrain; terrains: "
                                     + ", ".join(TERRAINS)),
    (("ROWS, COLS", "ROWZ = 1\nROWS, COLS"), "tiny.py:3: unknown name ROWZ; a draft defines: COLS, DESIGNED, "
                                            "DESIGNED_NOTE, DITCH, EPISODE, FLOODED, FLOODED_ZONES, GROUND, "
                                            "GROUND_LEGEND, LABELS, LEVELS, PLACES, ROOFS, ROWS, TEMPLES, WATER "
                                            "(start helper names with _)"),
    (("ROWS, COLS = 2, 3", 'ROWS, COLS = 2, 3\nROOFS = """\n...\n.7.\n"""'),
     "tiny.py:6: ROOFS row B, column 2: '7' needs a roof tile of height 7 in roofs.tsx, and there is none "
     "(repaint the tilesets or change the draft)"),
])
def test_draft_problems_name_the_module_grid_row_and_column(tmp_path, change, expected):
    body = GOOD_DRAFT.replace(*change)
    assert body != GOOD_DRAFT
    code, lines, _ = build_one(tmp_path, body)
    assert code == 1
    assert [line.split(os.sep)[-1] for line in lines] == [expected]


def test_semantic_problems_of_a_built_draft_are_reported(tmp_path):
    code, lines, out = build_one(tmp_path, GOOD_DRAFT.replace(
        '{"kind": "building", "name": "Hut", "at": "B2", "props": {"height": 1}}',
        '{"kind": "escape", "name": "Hut", "at": "A1"}'))
    assert code == 1
    assert lines == [f"{out}:17: field 'layer ground': square B2 is a door but lies in no "
                     "building (draw the building's 'building' rectangle in layer 'places' over its doors too)"]


# ----------------------------------------------------------------------------- check-data, through the titles

def content_root(tmp_path: Path, *replacements: tuple[str, str], tileset_edit: tuple[str, str, str] | None = None):
    """A content folder with one map (the buildings fixture, changed) and a copy of the tilesets."""
    import shutil

    root = tmp_path / "content"
    shutil.copytree(TILESETS, root / "maps" / "tilesets")
    if tileset_edit:
        name, old, new = tileset_edit
        tsx = root / "maps" / "tilesets" / name
        assert old in tsx.read_text()
        tsx.write_text(tsx.read_text().replace(old, new, 1))
    text = (FIXTURES / "buildings.tmx").read_text().replace("../../../maps/tilesets/", "tilesets/")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    (root / "maps" / "board.tmx").write_text(text)
    return root, root / "maps" / "board.tmx"


def check_data_lines(root: Path) -> list[str]:
    import io

    from game.engine import checkdata

    out = io.StringIO()
    assert checkdata.run_checks(root, out=out, only=["maps"]) == 1
    return out.getvalue().splitlines()


def test_check_data_and_the_start_name_a_missing_layer_through_lupins_contract(tmp_path):
    from game.engine.checkdata import startup_problems

    root, path = content_root(tmp_path, ('name="water"', 'name="wet"'))
    expected = [f"{path}:25: field 'layer wet': unknown layer 'wet'; a board's layers are: ground, water, ditch, "
                "levels, flooded, temples, roofs, places, labels",
                f"{path}: field 'layer water': missing required tile layer 'water' (it may be empty, but it must "
                "be there)"]
    assert check_data_lines(root) == expected + ["2 problems found in 8 files checked."]
    start = startup_problems(root)
    assert all(line in start for line in expected)


def test_check_data_and_the_start_name_a_bad_tile_property_value_through_lupins_contract(tmp_path):
    from game.engine.checkdata import startup_problems

    # the levels tileset's last tile says level 7, and the map paints it on B2 and B3
    head = '<layer id="4" name="levels" width="8" height="6">\n  <data encoding="csv">\n0,0,0,0,0,0,0,0,\n'
    root, path = content_root(tmp_path, (head + "0,0,0,0,0,0,0,0,", head + "0,47,47,0,0,0,0,0,"),
                              tileset_edit=("levels.tsx", 'name="level" type="int" value="2"',
                                            'name="level" type="int" value="7"'))
    text = path.read_text().splitlines()
    assert text[47] == "0,47,47,0,0,0,0,0,"          # line 48: the levels layer's row B
    expected = [f"{path}:48: field 'layer levels': squares B2 and B3 have a tile whose 'level' property is not "
                "-1, 0, 1 or 2 (use a tile of tilesets/levels.tsx)"]
    assert check_data_lines(root) == expected + ["1 problem found in 8 files checked."]
    assert all(line in startup_problems(root) for line in expected)
    with pytest.raises(ContentError) as info:
        load_board(path)
    assert (info.value.line, info.value.field) == (48, "layer levels")


def test_check_data_reads_the_contract_the_title_declares():
    from game.engine import titles
    from game.engine.checkdata import map_contracts
    from game.lupin.rules import board_contract

    assert titles.load(titles.title("lupin").map_contract) is board_contract.CONTRACT
    assert ("lupin", board_contract.CONTRACT) in map_contracts()


def test_a_map_no_title_claims_is_a_problem(tmp_path, monkeypatch):
    from dataclasses import replace

    from game.engine import checkdata
    from game.lupin.rules import board_contract

    root, path = content_root(tmp_path)
    monkeypatch.setattr(checkdata, "map_contracts",
                        lambda: [("lupin", replace(board_contract.CONTRACT, maps=("episodes/*.tmx",)))])
    assert check_data_lines(root) == [
        f"{path}: no title's map contract claims this map (titles with maps: lupin)",
        "1 problem found in 8 files checked."]
