"""Movement and line of sight, clause by clause, on tiny boards drawn in text.

Each test names the rulebook clause it shows; docs/rules-decisions.md ("Lupin — geometry") says
how unclear clauses were read.
"""

import pytest

from game.engine.grid import parse_coord as P
from game.lupin.rules.geometry import (GANG, PISTOL_RANGE, POLICE, RIFLE_RANGE, ZENIGATA, BoardState,
                                       Geometry, Inside, Under)
from tests.lupin.boardkit import make_board


def reach_set(geo, origin, moves, kind=GANG, **kw):
    return {str(s) if not isinstance(s, Inside) else s for s in geo.reach(P(origin), moves, kind, **kw).cost}


OPEN = """
.........
.........
.........
.........
.........
"""

# ---------------------------------------------------------------- movement


def test_orthogonal_steps_up_to_the_allowance():
    geo = Geometry(make_board(OPEN))
    r = geo.reach(P("C5"), 2)
    assert r.cost[P("A5")] == 2 and r.cost[P("C3")] == 2
    assert P("B4") in r.cost and r.cost[P("B4")] == 2  # diagonal costs two orthogonal steps
    assert P("A4") not in r.cost  # three steps away
    assert r.cost[P("C5")] == 0  # staying put is allowed


def test_walls_and_water_block_movement():
    geo = Geometry(make_board("""
    .#...
    .#.~.
    .#.~.
    """))
    assert "A3" not in reach_set(geo, "A1", 6)
    assert "B5" not in reach_set(geo, "B3", 1)
    # a boat or wetsuit lets a figure into the water
    assert "B4" in {str(s) for s in geo.reach(P("B3"), 1, swim=True).cost}


def test_one_figure_per_square_friends_let_you_pass_enemies_do_not():
    geo = Geometry(make_board("""
    .....
    ##.##
    .....
    """))
    assert "C3" in reach_set(geo, "A3", 2, no_stop=[P("B3")])
    assert "B3" not in reach_set(geo, "A3", 2, no_stop=[P("B3")])
    assert "C3" not in reach_set(geo, "A3", 4, blocked=[P("B3")])


BUILDING = """
.......
.BBBBB.
.DBBBD.
.BBBBB.
.......
"""
BUILDING_PLACES = [{"kind": "building", "name": "Hall", "at": "B2:D6", "props": {"height": 1}}]
BUILDING_ROOFS = """
.......
.11111.
.11111.
.11111.
.......
"""


def test_a_two_door_building_is_crossed_for_free_between_its_doors():
    geo = Geometry(make_board(BUILDING, roofs=BUILDING_ROOFS, places=BUILDING_PLACES))
    r = geo.reach(P("C1"), 3)
    # C1 -> door C2 (1) -> inside (0) -> door C6 (0) -> C7 (1): 2 moves to cross
    assert r.cost[P("C7")] == 2
    assert r.cost[Inside("Hall")] == 1
    assert P("C2") not in r.cost and P("C6") not in r.cost  # never stop on a door
    assert r.path_to(P("C7")) == [P("C2"), Inside("Hall"), P("C6"), P("C7")]


def test_a_one_door_building_is_a_hiding_place_and_a_doorless_one_an_obstacle():
    one_door = make_board(BUILDING.replace(".DBBBD.", ".DBBBB."), roofs=BUILDING_ROOFS, places=BUILDING_PLACES)
    geo = Geometry(one_door)
    r = geo.reach(P("C1"), 2)
    assert Inside("Hall") in r.cost
    assert r.cost.get(P("C7")) is None  # can't come out the other side
    no_door = Geometry(make_board(BUILDING.replace(".DBBBD.", ".BBBBB."), roofs=BUILDING_ROOFS,
                                  places=BUILDING_PLACES))
    assert Inside("Hall") not in no_door.reach(P("C1"), 5).cost


def test_doors_are_entered_from_the_street_only():
    geo = Geometry(make_board(BUILDING, roofs=BUILDING_ROOFS, places=BUILDING_PLACES))
    # from B1 (street, beside the wall) one step to C1 then the door: 2 to be inside
    assert geo.reach(P("B1"), 2).cost[Inside("Hall")] == 2


ROOFTOP = """
.......
.BBBBB.
.DABBB.
.BBBBB.
.......
"""
ROOFTOP_ROOFS = """
.......
.1aaa1.
.111a1.
.11111.
.......
"""


def test_roofs_are_reached_through_the_door_and_the_roof_access():
    geo = Geometry(make_board(ROOFTOP, roofs=ROOFTOP_ROOFS, places=BUILDING_PLACES))
    r = geo.reach(P("C1"), 6)
    # door C2 (1) + inside (0) + access C3 (1) + roof square B3 next to it (1) = 3
    assert r.cost[P("B3")] == 3
    assert r.cost[P("B4")] == 4 and r.cost[P("B5")] == 5 and r.cost[P("C5")] == 6
    assert r.path_to(P("B3")) == [P("C2"), Inside("Hall"), P("C3"), P("B3")]
    # plain roof (not a marked roof square) is never stood on
    assert P("B2") not in r.cost and P("D4") not in r.cost
    assert P("B3") not in geo.reach(P("C1"), 2).cost


def test_the_roof_access_cannot_be_stopped_on_and_coming_down_is_the_reverse():
    geo = Geometry(make_board(ROOFTOP, roofs=ROOFTOP_ROOFS, places=BUILDING_PLACES))
    assert geo.board.cell(P("C3")).terrain == "roof_access"
    assert not geo.can_stand(P("C3"), GANG)
    assert P("C3") not in geo.reach(P("C1"), 6).cost
    down = geo.reach(P("B4"), 4)
    assert down.cost[P("C1")] == 4  # B3 (1), access (1), inside (1), door (0), street (1)
    # one door only: the far side is reached by walking round the building, 14 moves in all
    assert P("C7") not in geo.reach(P("B4"), 13).cost
    assert geo.reach(P("B4"), 14).cost[P("C7")] == 14


def test_police_station_roof_is_for_the_police_only():
    places = [{"kind": "building", "name": "Polizia", "at": "B2:D6", "props": {"height": 1, "police": True}}]
    roofs = ROOFTOP_ROOFS
    geo = Geometry(make_board(BUILDING, roofs=roofs, places=places))
    assert P("B3") in geo.reach(P("C1"), 2, POLICE).cost  # straight from the entrance to the roof
    assert P("B3") in geo.reach(P("C1"), 2, ZENIGATA).cost
    gang = geo.reach(P("C1"), 6, GANG).cost
    assert not any(isinstance(s, tuple) and geo.board.cell(s).roof for s in gang if not isinstance(s, Inside))


def test_woods_are_walked_and_flowerbeds_only_through_their_crossing():
    geo = Geometry(make_board("""
    .fff.
    .fxf.
    .....
    TTT..
    """))
    assert "A3" not in reach_set(geo, "C3", 3)
    assert "B3" in reach_set(geo, "C3", 1)
    assert "D1" in reach_set(geo, "C1", 1)


def test_bridges_are_entered_only_from_the_road():
    geo = Geometry(make_board("""
    ,.~.,
    ,.=.,
    ,,~,,
    """, legend={",": "grass"}))
    assert "B3" in reach_set(geo, "B2", 1)
    assert "B4" in reach_set(geo, "B2", 2)
    grass_side = Geometry(make_board("""
    ~~~~~
    ,,=..
    ~~~~~
    """))
    assert "B3" not in reach_set(grass_side, "B2", 1)


def test_levels_change_only_by_ramps_and_stairs_one_level_at_a_time():
    geo = Geometry(make_board("""
    .....
    #/###
    ddddd
    """, levels="""
    22222
    21222
    00000
    """))
    r = reach_set(geo, "A1", 4)
    assert "B2" in r and "C2" in r
    assert "C1" not in reach_set(geo, "A1", 2)  # no stepping down two levels through the wall
    flat_drop = Geometry(make_board("""
    ...
    ddd
    """, levels="""
    222
    000
    """))
    assert "B1" not in reach_set(flat_drop, "A1", 3)


def test_temples_are_entered_by_their_steps_and_only_when_open():
    board = make_board("""
    ddddd
    ddddd
    ddddd
    """, temples="""
    bbbb.
    bffs.
    bbbb.
    """, places=[{"kind": "temple", "name": "Minerva", "at": "A1:C4", "props": {"open": False}}])
    geo = Geometry(board)
    closed = reach_set(geo, "B5", 4)
    assert "B4" in closed and "B3" not in closed
    opened = reach_set(geo, "B5", 4, state=BoardState(open_temples=frozenset({"Minerva"})))
    assert "B3" in opened and "B2" in opened
    assert "A5" in opened and "A4" not in opened  # the body is never entered


def test_stonehenge_ruins_only_through_the_arrows_and_never_by_agents():
    geo = Geometry(make_board("""
    .....
    .RoR.
    .R>R.
    .....
    """))
    assert "B3" in reach_set(geo, "D3", 3, ZENIGATA)
    assert "B3" in reach_set(geo, "D3", 3, GANG)
    assert "B3" not in reach_set(geo, "D3", 6, POLICE)
    assert "B3" not in reach_set(geo, "A3", 1, GANG)  # not from the side


def test_the_underpass_is_crossed_north_south_beneath_the_road_and_never_stopped_on():
    geo = Geometry(make_board("""
    #.#
    .u.
    #.#
    """))
    r = geo.reach(P("A2"), 2)
    assert P("C2") in r.cost and P("B2") not in r.cost
    assert r.path_to(P("C2")) == [Under(P("B2")), P("C2")]
    # the road above runs east-west like any road square, and may be stopped on
    assert geo.reach(P("B1"), 2).cost[P("B3")] == 2
    assert geo.reach(P("B1"), 1).cost[P("B2")] == 1
    # but from the road above there is no way down to the north or the south
    assert P("A2") not in geo.reach(P("B2"), 1).cost and P("C2") not in geo.reach(P("B2"), 1).cost
    assert not geo.sight(P("A2"), Under(P("B2"))).seen


def test_flooded_zones_until_drained():
    board = make_board("""
    ddd
    ddd
    ddd
    """, flooded="""
    ...
    .r.
    ...
    """)
    geo = Geometry(board)
    assert "B2" not in reach_set(geo, "A2", 1)
    assert "B2" in reach_set(geo, "A2", 1, state=BoardState(drained=frozenset({"red"})))


# ---------------------------------------------------------------- sight


def sees(geo, a, b, rng=PISTOL_RANGE, **kw):
    return geo.sight(P(a), P(b), rng, **kw)


def test_range_lines_orthogonal_diagonal_and_knight():
    geo = Geometry(make_board("\n".join(["." * 15] * 15)))
    assert sees(geo, "H8", "H13").seen  # 5 along the row
    assert not sees(geo, "H8", "H14").seen  # 6: beyond the pistol
    assert sees(geo, "H8", "H14", RIFLE_RANGE).seen
    assert sees(geo, "H8", "M13").seen  # 5 on the diagonal
    assert sees(geo, "H8", "J9").seen  # knight's move
    miss = sees(geo, "H8", "K9")  # 3 down, 1 across: on no line
    assert not miss.seen and "knight" in miss.reason


def test_adjacent_squares_are_seen_but_only_fought_hand_to_hand():
    geo = Geometry(make_board(OPEN))
    s = sees(geo, "C3", "C4")
    assert s.seen and not s.can_shoot
    assert sees(geo, "C3", "C5").can_shoot


def test_an_obstacle_between_blocks_the_line():
    geo = Geometry(make_board("""
    .........
    ...#.....
    .........
    """))
    s = sees(geo, "B1", "B6")
    assert not s.seen and "B4" in s.reason
    assert sees(geo, "A1", "A6").seen


def test_a_vehicle_between_blocks_the_line():
    geo = Geometry(make_board(OPEN))
    assert sees(geo, "C1", "C5").seen
    s = sees(geo, "C1", "C5", vehicles=[P("C3")])
    assert not s.seen and "vehicle" in s.reason
    assert not P("C3") in geo.watched([(P("C1"), 5)], vehicles=[P("C2")])


def test_the_knights_l_is_blocked_only_when_both_ways_are():
    geo = Geometry(make_board("""
    .....
    .#...
    .....
    """))
    assert sees(geo, "A1", "C2").seen  # B1/C1 way is clear
    both = Geometry(make_board("""
    .#...
    ##...
    .....
    """))
    assert not sees(both, "A1", "C2").seen


WOODS = """
.......
.TTTT..
.TTTT..
.......
"""


def test_woods_hide_those_inside_but_they_see_out_from_the_edge():
    geo = Geometry(make_board(WOODS))
    assert not sees(geo, "D2", "C2").seen  # adjacent, but from outside the woods
    assert "woods" in sees(geo, "D2", "C2").reason
    assert sees(geo, "B2", "C2").seen  # adjacent inside the same woods
    assert not sees(geo, "B2", "B4").seen  # inside, two squares off
    assert sees(geo, "B2", "A2").seen  # from the woods, out
    assert sees(geo, "B5", "B7").seen  # from the woods' edge, out across the road
    assert not sees(geo, "B3", "B7").seen  # from deeper in, the trees are in the way
    assert not sees(geo, "A7", "C5").seen  # a figure in the woods, seen from the road


def test_a_figure_on_a_roof_is_unseen_from_the_street_until_it_shoots():
    board = make_board(BUILDING, roofs="""
    .......
    .1aaa1.
    .1aaa1.
    .11111.
    .......
    """, places=BUILDING_PLACES)
    geo = Geometry(board)
    far = geo.sight(P("A1"), P("B3"))  # a knight's move from the street below
    assert not far.seen and "higher" in far.reason
    assert geo.sight(P("A1"), P("B3"), exposed=True).seen  # it has just shot
    # hugging the wall: the street square next to it never sees it, shot or not
    hug = geo.sight(P("A3"), P("B3"), exposed=True)
    assert not hug.seen and "wall" in hug.reason
    assert not geo.sight(P("B3"), P("A3")).seen  # and vice versa


def test_roof_edges_near_the_street_are_seen_after_a_shot_not_the_middle():
    board = make_board("""
    .........
    .BBBBBBB.
    .BBBBBBB.
    .BBBBBBB.
    .BBBBBBB.
    .BBBBBBB.
    .........
    .........
    """, roofs="""
    .........
    .2222222.
    .2aaaaa2.
    .2aaaaa2.
    .2aaaaa2.
    .2aaaaa2.
    .........
    .........
    """, places=[{"kind": "building", "name": "Tower", "at": "B2:F8", "props": {"height": 2}}])
    geo = Geometry(board)
    # F5 lies on the building's edge next to the street: seen from H5 once it has shot
    assert geo.sight(P("H5"), P("F5"), exposed=True).seen
    # D5 lies in the middle of the roof: the roof's edge hides it from the street
    s = geo.sight(P("H5"), P("D5"), exposed=True)
    assert not s.seen and "F5" in s.reason


def test_a_policeman_on_a_higher_roof_sees_lower_roofs_and_not_vice_versa():
    board = make_board("""
    BBB.BBB
    BBB.BBB
    """, roofs="""
    ccc.aaa
    ccc.aaa
    """, places=[{"kind": "building", "name": "Tall", "at": "A1:B3", "props": {"height": 3}},
                 {"kind": "building", "name": "Low", "at": "A5:B7", "props": {"height": 1}}])
    geo = Geometry(board)
    assert geo.sight(P("A3"), P("A5")).seen  # 3 floors looking at 1 floor
    assert not geo.sight(P("A5"), P("A3")).seen  # never above
    assert "higher" in geo.sight(P("A5"), P("A3")).reason


def test_police_see_the_same_or_lower_level_never_higher():
    geo = Geometry(make_board("""
    .......
    ddddddd
    """, levels="""
    2222222
    0000000
    """))
    assert geo.sight(P("A1"), P("B3")).seen  # from the level-2 road down to the site
    low = geo.sight(P("B1"), P("A3"))
    assert not low.seen and "higher" in low.reason


def test_temples_block_sight_at_any_level():
    ground = """
    .......
    ddddddd
    ddddddd
    """
    levels = """
    2222222
    0000000
    0000000
    """
    temple = make_board(ground, levels=levels, temples="""
    .......
    ...b...
    .......
    """, places=[{"kind": "temple", "name": "Mars", "at": "B4", "props": {"open": False}}])
    geo = Geometry(temple)
    assert not geo.sight(P("B1"), P("B7")).seen  # same level
    assert not geo.sight(P("A3"), P("C5")).seen  # from the road above, looking down across it
    # a plain wall in the same place is looked over from the road above
    wall = Geometry(make_board(ground.replace("ddddddd\n    ddddddd", "ddd#ddd\n    ddddddd", 1),
                               levels=levels))
    assert wall.board.cell(P("B4")).terrain == "wall"
    assert wall.sight(P("A3"), P("C5")).seen
    assert not wall.sight(P("B1"), P("B7")).seen


def test_a_figure_in_the_ditch_is_seen_only_from_an_adjacent_square():
    geo = Geometry(make_board("""
    .......
    .......
    """, ditch="""
    .......
    ...v...
    """, levels="""
    .......
    ...-...
    """))
    assert geo.sight(P("A4"), P("B4")).seen
    assert geo.sight(P("A3"), P("B4")).seen
    s = geo.sight(P("B1"), P("B4"))
    assert not s.seen and "ditch" in s.reason


def test_inside_a_building_nobody_sees_you_but_you_shoot_out_of_the_door():
    geo = Geometry(make_board(BUILDING, roofs=BUILDING_ROOFS, places=BUILDING_PLACES))
    assert not geo.sight(P("C1"), Inside("Hall")).seen
    out = geo.sight(Inside("Hall"), P("E1"))  # from door C2: a knight's move... C2->E1 is (2,-1)
    assert out.seen and out.can_shoot


def test_watched_squares_union_of_every_policeman():
    geo = Geometry(make_board("\n".join(["." * 11] * 11)))
    one = geo.watched([(P("F6"), PISTOL_RANGE)])
    assert P("F1") in one and P("A1") in one and P("E8") in one and P("F6") not in one
    assert P("E9") not in one  # not on a line
    both = geo.watched([(P("F6"), PISTOL_RANGE), (P("E9"), 1)])
    assert P("E9") not in both and P("E10") in both


def test_reach_in_sight_marks_where_the_police_would_spot_the_figure():
    geo = Geometry(make_board(BUILDING, roofs=BUILDING_ROOFS, places=BUILDING_PLACES))
    spots = geo.reach_in_sight(P("A1"), 3, [(P("E2"), PISTOL_RANGE)])
    assert spots[P("A1")] == (0, False)  # on no line from E2
    assert spots[P("B1")] == (1, False)
    assert spots[P("C1")] == (2, True)  # a knight's move, round the building's corner
    assert spots[P("D1")] == (3, True)  # next to the policeman, diagonally
    assert spots[Inside("Hall")] == (3, False)  # nobody sees inside a building
    assert spots[P("A4")] == (3, False)  # behind the building


def test_boats_go_by_water_and_pass_under_bridges_without_stopping():
    geo = Geometry(make_board("""
    ,,,.,,,
    ~~~=~~~
    ,k,.,,,
    """, water="""
    .......
    ~~~~~~~
    .......
    """))
    r = geo.boat_reach(P("B1"), 6)
    assert r.cost[P("B7")] == 6
    assert P("B4") not in r.cost  # under the bridge: crossed, not stopped
    assert r.path_to(P("B5")) == [P("B2"), P("B3"), P("B4"), P("B5")]
    assert not any(geo.board.cell(s).water is False for s in r.cost)  # never on land
    # on foot the same bridge is a road across the river
    assert geo.reach(P("A4"), 2).cost[P("C4")] == 2
