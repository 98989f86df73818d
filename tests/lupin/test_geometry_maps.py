"""The geometry on real Tiled maps: the hand-made fixtures of tests/fixtures/maps (see its
README for a picture of each) and the four Lupin boards at the squares the rulebooks name."""

from pathlib import Path

import pytest

from game.engine.grid import parse_coord as P
from game.lupin.rules.board_contract import load_board
from game.lupin.rules.boards import board_problems, episode, episode_geometry, episodes
from game.lupin.rules.geometry import (GANG, PISTOL_RANGE, POLICE, RIFLE_RANGE, ZENIGATA, BoardState,
                                       Geometry, Inside, Under)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "maps"


def fixture(name: str) -> Geometry:
    return Geometry(load_board(FIXTURES / f"{name}.tmx"))


# ---------------------------------------------------------------- fixtures


def test_bank_is_crossed_door_to_door_and_the_shop_is_a_dead_end():
    geo = fixture("buildings")
    r = geo.reach(P("C1"), 4)
    assert r.cost[Inside("Bank")] == 1
    assert r.cost[P("E4")] == 2  # in at C2, out at D4
    assert r.path_to(P("E4")) == [P("C2"), Inside("Bank"), P("D4"), P("E4")]
    shop = geo.reach(P("E7"), 3)
    assert Inside("Shop") in shop.cost
    assert P("C6") not in geo.reach(P("E7"), 2).cost  # no way through the shop


def test_bank_roof_by_the_access_room_to_squares_of_both_heights():
    geo = fixture("buildings")
    r = geo.reach(P("C1"), 6)
    # door (1), inside (0), roof access (1), roof square (1)
    assert r.cost[P("B2")] == 3 and r.cost[P("B5")] == 3 and r.cost[P("D5")] == 3
    assert P("C3") not in r.cost and P("C2") not in r.cost  # access and door: crossed only
    assert geo.elevation(P("B2")) == 2 and geo.elevation(P("B5")) == 1


def test_sight_along_open_rows_and_blocked_by_the_bank():
    geo = fixture("buildings")
    assert geo.sight(P("A1"), P("A6")).seen
    blocked = geo.sight(P("C1"), P("C6"))
    assert not blocked.seen and "C2" in blocked.reason
    # the height-1 roof square B5 does not see up to the height-2 roof square B2
    assert not geo.sight(P("B5"), P("B2")).seen
    # from B2 the rest of its own roof's edge (B3, 2 floors) hides the lower B5 behind it
    assert "B3" in geo.sight(P("B2"), P("B5")).reason


def test_park_crossing_is_the_only_way_and_woods_hide():
    geo = fixture("park")
    assert geo.reach(P("D4"), 3).cost.get(P("B4")) is None  # the flowerbed is in the way
    assert geo.reach(P("D5"), 2).cost[P("B5")] == 2  # through the crossing C5
    assert not geo.sight(P("D1"), P("B1")).seen  # a figure in the woods, seen from outside
    assert geo.sight(P("A3"), P("A7")).seen  # from the woods' edge, out
    assert geo.sight(P("D2"), P("A2")).seen is False  # the woods hide A2 from D2
    assert geo.sight(P("D4"), P("A4")).seen  # the flowerbed does not block sight


def test_the_river_is_crossed_only_on_the_bridge_and_seen_across():
    geo = fixture("river")
    r = geo.reach(P("A4"), 5)
    assert r.cost[P("E4")] == 4
    assert P("E1") not in geo.reach(P("A1"), 5).cost  # no bridge that way
    assert geo.sight(P("B1"), P("E1")).seen  # water does not block sight
    assert P("C1") in geo.reach(P("B1"), 1, swim=True).cost  # a wetsuit or a boat goes in


def test_temple_only_by_its_steps_when_open_and_hidden_inside():
    geo = fixture("temple")
    closed = geo.reach(P("F3"), 4).cost
    assert P("E3") in closed and P("D3") not in closed
    opened = geo.reach(P("F3"), 4, state=BoardState(open_temples=frozenset({"Owl temple"}))).cost
    assert P("D3") in opened and P("C4") in opened
    assert P("B2") not in geo.reach(P("A2"), 1).cost  # the body
    assert not geo.sight(P("F1"), P("D3")).seen  # inside the temple
    assert not geo.sight(P("C6"), P("C1")).seen  # the body blocks (at any level)


def test_flooded_zones_open_when_drained():
    geo = fixture("temple")
    assert P("F2") not in geo.reach(P("F3"), 1).cost
    assert P("F2") in geo.reach(P("F3"), 1, state=BoardState(drained=frozenset({"blue"}))).cost


def test_ruins_levels_ramp_stairs_and_the_single_arrow():
    geo = fixture("ruins")
    r = geo.reach(P("F4"), 4, GANG).cost
    assert r[P("D4")] == 2 and r[P("C4")] == 3  # up the ramp, through the arrow, into the ring
    assert P("C4") not in geo.reach(P("F4"), 6, POLICE).cost  # agents never enter the ring
    assert P("C4") in geo.reach(P("F4"), 4, ZENIGATA).cost
    assert geo.reach(P("F8"), 2).cost[P("D8")] == 2  # up the stairs E8
    # up onto the mound (level 1) straight from the grass (level 0): no; round by the stairs: yes
    assert P("D7") not in geo.reach(P("E7"), 2).cost
    assert geo.reach(P("E7"), 3).path_to(P("D7")) == [P("E8"), P("D8"), P("D7")]
    assert not geo.sight(P("E3"), P("C3")).seen  # standing stones


def test_ditch_and_underpass():
    geo = fixture("ruins")
    r = geo.reach(P("F4"), 2).cost
    assert P("H4") in r and P("G4") not in r  # crossed north-south, never stopped on
    assert P("G3") in geo.reach(P("F3"), 1).cost  # down into the ditch
    assert geo.sight(P("F2"), P("G2")).seen  # the ditch is seen from next to it
    far = geo.sight(P("E2"), P("G2"))
    assert not far.seen and "ditch" in far.reason


# ---------------------------------------------------------------- the four boards


@pytest.mark.parametrize("episode_id", ["rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"])
def test_every_square_a_rulebook_names_is_on_the_board(episode_id):
    geo = episode_geometry(episode_id)
    assert board_problems(geo.board, episode(episode_id)) == []


@pytest.mark.parametrize("episode_id", ["rosso-rubino", "gran-colpo"])
def test_base_boards_gang_starts_police_parking_and_reinforcements(episode_id):
    geo = episode_geometry(episode_id)
    for coord in ("A1", "A2", "C1", "R1"):
        assert geo.can_stand(P(coord), GANG), coord
    for coord in ("L23", "L24", "I18", "G15", "E20"):
        assert geo.board.cell(P(coord)).terrain == "road", coord
        assert geo.can_stand(P(coord), POLICE), coord
    # the station's roof square is police-only; its door leads in from the parking side
    station = next(b for b in geo.board.buildings.values() if b.props.get("police"))
    roof = station.roof_squares[0]
    door = station.doors[0]
    outside = next(n for n in door.neighbours4() if n in geo.board and geo.board.cell(n).building is None)
    assert roof in geo.reach(outside, 3, POLICE).cost
    assert roof not in geo.reach(outside, 6, GANG).cost


def test_rosso_rubino_guards_on_the_gem_lords_roofs():
    geo = episode_geometry("rosso-rubino")
    guard_squares = [s for b in geo.board.buildings.values() if b.props.get("treasure") for s in b.roof_squares]
    assert len(guard_squares) == 10
    seen = geo.watched([(s, RIFLE_RANGE) for s in guard_squares])
    assert len(seen) > 60  # ten riflemen cover a good part of the estate
    assert not (set(map(P, ("A1", "A2"))) & seen)  # but not the gang's house across the river
    # every treasure building can be entered from outside
    for b in geo.board.buildings.values():
        if b.props.get("treasure"):
            assert b.doors, b.name


def test_gran_colpo_bank_vaults_and_bus_route():
    geo = episode_geometry("gran-colpo")
    bank = next(b for b in geo.board.buildings.values() if b.props.get("treasure"))
    vaults = [s for p in geo.board.places_of("vault") for s in p.squares]
    assert len(vaults) == 4 and all(v in bank.squares for v in vaults)
    stops = {p.props["round"]: p.squares for p in geo.board.places_of("bus_stop")}
    assert sorted(stops) == list(range(1, 14))
    assert [str(s) for s in stops[1]] == ["E14", "F14"]
    for squares in stops.values():
        assert len(squares) == 2 and all(geo.board.cell(s).terrain == "road" for s in squares)
    # the bank can be reached on foot from the gang's start within a few rounds
    assert Inside(bank.name) in geo.reach(P("A1"), 25).cost


def test_cagliostro_ramp_levels_and_temples():
    geo = episode_geometry("cagliostro")
    board = geo.board
    for c in range(13, 20):
        cell = board.cell(P(f"D{c}"))
        assert cell.terrain == "ramp" and cell.level == 1
    for coord in ("P1", "P25", "S7"):
        assert board.places_at(P(coord)) and any(p.kind == "handwheel" for p in board.places_at(P(coord)))
    temples = {p.name: p for p in board.places_of("temple")}
    assert len(temples) == 8
    assert sum(1 for p in temples.values() if p.props.get("open")) == 3
    # the ramp joins the level-2 road and the level-0 site
    levels_on_ramp_ends = {board.cell(n).level for s in (P("D13"), P("D19")) for n in s.neighbours4()
                           if n in board and board.cell(n).terrain != "wall"}
    assert {0, 2} <= levels_on_ramp_ends | {board.cell(P("D13")).level + 1, board.cell(P("D13")).level - 1}
    # police on the level-2 road see down into the site, the site does not see up
    road = next(s for s in board.squares() if board.cell(s).level == 2 and board.cell(s).terrain == "road")
    assert any(geo.sight(road, t).seen for t in board.squares() if board.cell(t).level == 0)
    # the treasure temple is closed at the start: its floor can't be reached
    caesar = temples["Divus Caesar"]
    floor = [s for s in caesar.squares if board.cell(s).temple_part == "floor"]
    reach = geo.reach(P("A1"), 40).cost
    assert floor and not any(s in reach for s in floor)


def test_stonehenge_arrows_ruins_ditch_and_underpass():
    geo = episode_geometry("stonehenge")
    board = geo.board
    for coord in ("B25", "C25"):
        assert geo.can_stand(P(coord), GANG)
    b4 = P("B4")
    assert board.cell(b4).terrain == "underpass"
    north, south = P("A4"), P("C4")
    # from the car park to the footpath beneath the A344, without stopping under it
    assert geo.reach(north, 2).path_to(south) == [Under(b4), south]
    assert b4 not in geo.reach(north, 2).cost
    # the A344 above carries on east-west
    assert geo.reach(P("B3"), 2).cost[P("B5")] == 2
    floor = [s for s in board.squares() if board.cell(s).terrain == "ruin_floor"]
    start = P("B25")
    gang = geo.reach(start, 60, GANG).cost
    police = geo.reach(start, 60, POLICE).cost
    assert any(s in gang for s in floor)  # the gang gets into the ruins through an arrow
    assert not any(s in police for s in floor)  # agents never do
    ditch = [s for s in board.squares() if board.cell(s).ditch]
    assert ditch and all(board.cell(s).level == -1 for s in ditch)


def test_every_episode_is_listed_with_its_rounds():
    assert {e: episodes()[e].rounds for e in episodes()} == {
        "rosso-rubino": 13, "gran-colpo": 13, "cagliostro": 18, "stonehenge": 11}
