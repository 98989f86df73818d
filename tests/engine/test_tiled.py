"""The engine's Tiled loader is generic: a title declares its map contract (layers, tile properties,
place kinds, map properties) and the loader reads and checks any map against it, naming file, line
and field. Here a throwaway "garden" contract that knows nothing of any real title."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from game.engine.board import Board, MapContract, ObjectLayer, PlaceKind, TileLayer, TileProp
from game.engine.content import ContentError
from game.engine.grid import parse_coord
from game.engine.tiled import check_board, clear_cache, load_board

REPO = Path(__file__).resolve().parents[2]

TILESET = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="garden" tilewidth="32" tileheight="32" tilecount="4" columns="4">
 <image source="garden.png" width="128" height="32"/>
 <tile id="0"><properties><property name="soil" value="bed"/></properties></tile>
 <tile id="1"><properties><property name="soil" value="path"/><property name="wet" type="bool" value="true"/>
  </properties></tile>
 <tile id="2"><properties><property name="soil" value="lava"/></properties></tile>
 <tile id="3"><properties><property name="soil" value="bed"/><property name="wet" value="very"/></properties></tile>
</tileset>
"""

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="3" height="2" tilewidth="32" tileheight="32" infinite="0">
 <properties>
  <property name="title" value="Kitchen garden"/>
 </properties>
 <tileset firstgid="1" source="garden.tsx"/>
 <layer id="1" name="beds" width="3" height="2">
  <data encoding="csv">
1,2,1,
2,2,1
</data>
 </layer>
 <layer id="2" name="shade" width="3" height="2">
  <data encoding="csv">
0,0,1,
0,0,0
</data>
 </layer>
 <objectgroup id="3" name="spots">
  <object id="1" name="Front gate" type="gate" x="0" y="32" width="32" height="32"/>
  <object id="2" type="bench" x="64" y="0" width="32" height="64">
   <properties><property name="seats" type="int" value="3"/></properties>
  </object>
 </objectgroup>
</map>
"""

GARDEN = MapContract(
    tile_layers=(
        TileLayer("beds", "garden.tsx",
                  (TileProp("soil", str, ("bed", "path"), unknown="the unknown soil {value} (soils: {choices})"),
                   TileProp("wet", bool, default=False)),
                  required="every garden has beds", every_square="nothing grows on nothing"),
        TileLayer("shade", "garden.tsx"),
    ),
    object_layers=(ObjectLayer("spots", required="it holds the gates and benches", places=True),),
    place_kinds={"gate": PlaceKind(named=True), "bench": PlaceKind({"seats": int}, required=("seats",))},
    map_props={"title": str},
    name_prop="title",
)


@pytest.fixture(autouse=True)
def _fresh_cache():
    clear_cache()
    yield
    clear_cache()


def garden(tmp_path: Path, *changes: tuple[str, str]) -> Path:
    (tmp_path / "garden.tsx").write_text(TILESET, encoding="utf-8")
    text = MAP
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "garden.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def sq(text: str):
    return parse_coord(text)


def test_the_engine_loads_a_map_for_a_contract_it_never_saw(tmp_path):
    path = garden(tmp_path)
    board = load_board(path, GARDEN)
    assert type(board) is Board
    assert (board.name, board.rows, board.cols) == ("Kitchen garden", 2, 3)
    # one declared property per square as its value, several as a tuple; a layer without
    # properties marks its squares with True
    assert board.value("beds", sq("A1")) == ("bed", False)
    assert board.value("beds", sq("A2")) == ("path", True)
    assert board.value("shade", sq("A3")) is True and board.value("shade", sq("A1")) is None
    assert board.value("nowhere", sq("A1")) is None
    assert board.place("gate").coords == ["B1"] and board.place("gate").name == "Front gate"
    assert board.place("bench").coords == ["A3", "B3"] and board.place("bench").props["seats"] == 3
    assert [p.kind for p in board.places_at(sq("B3"))] == ["bench"]
    assert sq("B3") in board and sq("C1") not in board
    assert load_board(path, GARDEN) is board                      # cached until the file changes


def test_a_contract_builds_its_own_board_model(tmp_path):
    class Lawn(Board):
        pass

    def build(board: Board) -> Board:
        lawn = Lawn(board.name, board.rows, board.cols, board.places, board.props, board.source, board.layers)
        lawn.wet = [s for s in board.squares() if board.value("beds", s)[1]]   # type: ignore[attr-defined]
        return lawn

    contract = MapContract(GARDEN.tile_layers, GARDEN.object_layers, GARDEN.place_kinds, GARDEN.map_props,
                           build=build)
    path = garden(tmp_path)
    lawn = load_board(path, contract)
    assert isinstance(lawn, Lawn) and [str(s) for s in lawn.wet] == ["A2", "B1", "B2"]
    assert lawn.name == "garden"                                  # no name_prop: the file's stem
    assert load_board(path, contract) is lawn
    assert type(load_board(path, GARDEN)) is Board                 # each contract its own cache entry


def problems(path: Path, contract: MapContract = GARDEN) -> list[str]:
    return [str(e).replace(str(path), "garden.tmx") for e in check_board(path, contract)]


def test_a_missing_required_layer_is_named_with_its_field(tmp_path):
    path = garden(tmp_path, ('name="beds"', 'name="bed"'))
    assert problems(path) == [
        "garden.tmx:7: field 'layer bed': unknown layer 'bed'; a board's layers are: beds, shade, spots",
        "garden.tmx: field 'layer beds': missing required tile layer 'beds' (every garden has beds)"]
    path = garden(tmp_path, ('name="spots"', 'name="notes"'))
    assert problems(path)[-1] == ("garden.tmx: field 'layer spots': missing required object layer 'spots' "
                                  "(it holds the gates and benches)")
    with pytest.raises(ContentError) as info:
        load_board(path, GARDEN)
    assert info.value.field == "layer notes"


def test_bad_tile_property_values_name_the_line_of_the_row_and_the_squares(tmp_path):
    # tile 3 says soil "lava" (not a declared choice), tile 4 says wet "very" (not a bool)
    path = garden(tmp_path, ("1,2,1,\n2,2,1", "1,3,1,\n4,2,4"))
    assert problems(path) == [
        "garden.tmx:9: field 'layer beds': square A2 has the unknown soil 'lava' (soils: bed, path)",
        "garden.tmx:10: field 'layer beds': squares B1 and B3 have a tile whose 'wet' property is not "
        "true or false (use a tile of tilesets/garden.tsx)"]
    path = garden(tmp_path, ("1,2,1,\n2,2,1", "1,2,1,\n2,0,1"))
    assert problems(path) == ["garden.tmx:10: field 'layer beds': square B2 has no tile (nothing grows on nothing)"]


def test_places_and_map_properties_are_checked_against_the_contract(tmp_path):
    path = garden(tmp_path, ('type="bench"', 'type="swing"'),
                  ('name="title" value="Kitchen garden"', 'name="owner" value="me"'))
    assert problems(path) == [
        "garden.tmx:21: field 'layer spots': object 2 has the unknown kind 'swing'; expected one of: gate, bench",
        "garden.tmx:2: field 'map properties': unknown map property 'owner'; expected: title"]
    path = garden(tmp_path, ('<property name="seats" type="int" value="3"/>', ''))
    assert problems(path) == ["garden.tmx:21: field 'layer spots': bench (object 2) lacks the property 'seats' "
                              "(a whole number (int))"]


def test_a_contract_adds_its_own_checks(tmp_path):
    def check(board, checks):
        for s in board.squares():
            if board.value("shade", s) and board.value("beds", s)[0] == "bed":
                checks.square_problem("shade", s, "{squares} {is_} shaded but {has} a bed under it")
        for gate in board.places_of("gate"):
            checks.fail(checks.line_of(gate), "layer spots", f"gate {gate.name!r} opens onto the road")

    contract = MapContract(GARDEN.tile_layers, GARDEN.object_layers, GARDEN.place_kinds, GARDEN.map_props,
                           check=check)
    assert problems(garden(tmp_path), contract) == [
        "garden.tmx:15: field 'layer shade': square A3 is shaded but has a bed under it",
        "garden.tmx:20: field 'layer spots': gate 'Front gate' opens onto the road"]


# ----------------------------------------------------------------------------- no title's vocabulary

#: Words a generic grid loader uses in their ordinary sense ("row A, column 3", an XML start tag,
#: a places layer, a map's height, a logging level): they are not counted even though Lupin names
#: a terrain, a place kind or a tile property so.
GENERIC_WORDS = {"column", "start", "places", "height", "level"}


def lupin_words() -> set[str]:
    from game.lupin.rules import board_contract
    from game.lupin.rules.terrain import TERRAINS

    words = set(TERRAINS) | set(board_contract.PLACE_KINDS)
    words |= {t.name for t in board_contract.TILE_LAYERS} | {o.name for o in board_contract.OBJECT_LAYERS}
    words |= {p.name for t in board_contract.TILE_LAYERS for p in t.props}
    words |= {"temple", "roof", "terrain", "ditch", "flooded", "treasure", "zenigata", "police", "gang"}
    return words - GENERIC_WORDS


def vocabulary_in(text: str, words: set[str]) -> list[str]:
    """The lines of ``text`` that use one of ``words`` (a whole word or a part of a snake_case or
    CamelCase name, singular or plural)."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        plain = re.sub(r"([a-z])([A-Z])", r"\1 \2", line).lower()
        hits = sorted(w for w in words if re.search(r"(?<![a-z0-9])" + re.escape(w) + r"s?(?![a-z0-9])", plain))
        if hits:
            found.append(f"{n}: {', '.join(hits)}: {line.strip()}")
    return found


def test_the_vocabulary_check_catches_a_title_word():
    words = lupin_words()
    assert vocabulary_in('TERRAINS = {"road": 1}\nclass TempleCell:\n    roof_access = 2', words) == [
        '1: road, terrain: TERRAINS = {"road": 1}', "2: temple: class TempleCell:",
        "3: roof, roof_access: roof_access = 2"]
    assert vocabulary_in("a grid of rows and columns; the start tag; the places layer", words) == []


@pytest.mark.parametrize("module", ["game/engine/board.py", "game/engine/tiled.py"])
def test_the_engine_board_and_loader_hold_no_lupin_vocabulary(module):
    """Issue #12: terrains, temples, roofs and place kinds are Lupin's, declared in game/lupin."""
    found = vocabulary_in((REPO / module).read_text(encoding="utf-8"), lupin_words())
    assert not found, f"{module} names Lupin's board vocabulary:\n" + "\n".join(found)


def test_loading_a_board_for_a_contract_never_imports_a_title(tmp_path):
    import subprocess
    import sys

    path = garden(tmp_path)
    code = textwrap.dedent(f"""
        import sys
        from tests.engine.test_tiled import GARDEN
        from game.engine.tiled import load_board
        board = load_board({str(path)!r}, GARDEN)
        assert board.value("beds", (0, 1)) == ("path", True)
        loaded = sorted(m for m in sys.modules if m.startswith("game.") and not m.startswith("game.engine"))
        assert loaded == [], loaded
        assert "pygame" not in sys.modules
        print("ok")
    """)
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
