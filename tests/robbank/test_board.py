"""The bank's geometry (game/robbank/rules/board.py): walls turned with their tiles, the doors they
leave, whether a room is walled in, where the car may start, which road section a room throws into
and how the car drives round the bank."""

from __future__ import annotations

import itertools
import random

import pytest

from game.robbank.rules import board, data
from tests.robbank.kit import ADJACENT, POCKET, tiles_for

TILES = data.all_tiles()


def walls_of(tile_ids, turns):
    return board.walls_of((TILES[t].walls, q) for t, q in zip(tile_ids, turns))


def test_a_wall_turns_clockwise_with_its_tile():
    assert [board.turned("n", q) for q in range(5)] == ["n", "e", "s", "w", "n"]
    assert board.turned("w", 1) == "n" and board.turned("s", 3) == "e"
    # a tile walled north, in room 4, turned once: the wall now stands east, between 4 and 5
    layout = [((), 0)] * 4 + [(("n",), 1)] + [((), 0)] * 4
    walls = board.walls_of(layout)
    assert walls == {(4, "e")}
    assert board.blocked(walls, 4, "e") and board.blocked(walls, 5, "w")      # seen from both rooms
    assert 5 not in board.exits(walls, 4) and 4 not in board.exits(walls, 5)
    assert set(board.exits(walls, 4)) == {1, 3, 7}


def test_the_shipped_tiles_unturned_give_the_bank_the_tests_use():
    walls = walls_of(tiles_for(3), [0] * 9)
    assert walls == {(1, "n"), (3, "e"), (4, "s"), (5, "w")}
    assert {r: set(board.exits(walls, r)) for r in range(9)} == {r: set(a) for r, a in ADJACENT.items()}
    assert board.is_open(walls)


def test_four_quarter_turns_bring_a_tile_back():
    for turns in range(4):
        once = walls_of(tiles_for(3), [turns] * 9)
        again = walls_of(tiles_for(3), [turns + 4] * 9)
        assert once == again


def test_exits_never_cross_a_wall_and_every_open_side_is_an_exit():
    rng = random.Random(3)
    ids = tiles_for(4)
    for _ in range(300):
        rng.shuffle(ids)
        turns = [rng.randrange(4) for _ in range(9)]
        walls = walls_of(ids, turns)
        for room in range(9):
            out = board.exits(walls, room)
            assert len(set(out)) == len(out)
            for side in board.SIDES:
                other = board.neighbour(room, side)
                if other is None:
                    continue
                assert board.blocked(walls, room, side) == board.blocked(walls, other, board.OPPOSITE[side])
                assert (other in out) == (not board.blocked(walls, room, side))
            for other in out:                       # never diagonal, never two steps
                (r1, c1), (r2, c2) = board.rc(room), board.rc(other)
                assert abs(r1 - r2) + abs(c1 - c2) == 1
        # open means every room reaches every other, from anywhere
        assert board.is_open(walls) == all(len(board.reachable(walls, r)) == 9 for r in range(9))


def test_a_room_or_a_pocket_cut_off_is_walled_in():
    shut = board.walls_of([(("e", "s"), 0)] + [((), 0)] * 8)    # room 0 alone
    assert not board.is_open(shut) and board.reachable(shut, 0) == {0}
    tiles, turns = POCKET
    pocket = walls_of(tiles, turns)
    assert board.reachable(pocket, 0) == {0, 1}
    assert not board.is_open(pocket)
    assert board.is_open(board.walls_of([((), 0)] * 9))


def test_neighbours_and_the_road():
    assert board.neighbour(0, "n") is None and board.neighbour(0, "w") is None
    assert board.neighbour(0, "e") == 1 and board.neighbour(0, "s") == 3
    assert board.neighbour(8, "e") is None and board.neighbour(4, "s") == 7


@pytest.mark.parametrize("start, sections", [
    (0, {5, 6}),        # top-left corner: the bottom-right corner's two sections
    (2, {8, 9}),        # top-right: bottom-left
    (6, {2, 3}),        # bottom-left: top-right
    (8, {0, 11}),       # bottom-right: top-left
    (4, {0, 2, 3, 5, 6, 8, 9, 11}),       # the centre: any corner's section
    (1, {6, 8}),        # the middle of a side: the two far corners' sections across
    (3, {3, 5}),
    (5, {9, 11}),
    (7, {0, 2}),
])
def test_the_car_starts_on_the_farthest_sections(start, sections):
    found = board.car_starts(start)
    assert set(found) == sections
    for s in found:                                  # each beside a corner room
        assert board.section_room(s) in (0, 2, 6, 8)


def test_twelve_sections_each_beside_one_room_two_at_each_corner():
    assert len(board.SECTIONS) == 12
    beside = [board.section_room(s) for s in range(12)]
    assert sorted(beside) == sorted([0, 0, 1, 2, 2, 3, 5, 6, 6, 7, 8, 8])
    for room, side in board.SECTIONS:
        assert board.neighbour(room, side) is None          # the section lies on the road side


def test_an_outer_wall_blocks_its_section_only():
    walls = walls_of(tiles_for(3), [0] * 9)          # security's wall faces the road above room 1
    assert board.joined(walls, 1) is None
    assert [board.joined(walls, s) for s in (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)] == [0, 2, 2, 5, 8, 8, 7, 6, 6, 3, 0]
    # the corridor's wall (east of 3) is inside the bank: section 10 beside room 3 stays joined
    assert board.joined(walls, 10) == 3
    # a corner tile walled west blocks the west section but not the north one
    corner = board.walls_of([(("w",), 0)] + [((), 0)] * 8)
    assert board.joined(corner, 11) is None and board.joined(corner, 0) == 0
    turned = board.walls_of([(("n",), 3)] + [((), 0)] * 8)       # the same wall printed north, turned 3 times
    assert turned == corner


@pytest.mark.parametrize("section, steps", [(0, (11, 1)), (2, (1, 3)), (3, (2, 4)), (5, (4, 6)), (6, (5, 7)),
                                            (8, (7, 9)), (9, (8, 10)), (11, (10, 0))])
def test_the_car_drives_one_section_either_way_round_the_corners(section, steps):
    assert board.car_steps(section) == steps
    for other in steps:
        assert board.road_distance(section, other) == 1


def test_road_distance_goes_the_short_way_round():
    assert board.road_distance(0, 11) == 1 and board.road_distance(0, 6) == 6
    assert board.road_distance(1, 10) == 3
    for a, b in itertools.product(range(12), repeat=2):
        assert board.road_distance(a, b) == board.road_distance(b, a) <= 6


def test_distances_walk_round_walls():
    walls = walls_of(tiles_for(3), [0] * 9)
    d = board.distances(walls, 4)
    assert d[1] == 1 and d[7] == 5 and d[3] == 3 and d[5] == 3    # out through 1 and round
    assert board.distances(walls_of(*POCKET), 0) == {0: 0, 1: 1}
