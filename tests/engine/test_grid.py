"""Rulebook coordinates: A1 is the top-left square, rows A–T, columns 1–25."""

import pytest

from game.engine.grid import Sq, format_coord, parse_coord, parse_span


def test_corners_of_a_lupin_board():
    assert parse_coord("A1") == Sq(0, 0)
    assert parse_coord("T25") == Sq(19, 24)
    assert format_coord(Sq(19, 24)) == "T25"


def test_lower_case_and_spaces_are_accepted():
    assert parse_coord(" c12 ") == Sq(2, 11)


@pytest.mark.parametrize("text", ["", "12", "C", "CC3", "C0", "3C"])
def test_bad_squares_say_how_to_write_one(text):
    with pytest.raises(ValueError, match="is not a square"):
        parse_coord(text)


def test_every_square_round_trips():
    for r in range(20):
        for c in range(25):
            assert parse_coord(format_coord((r, c))) == Sq(r, c)


def test_spans_of_the_rulebook():
    assert [str(s) for s in parse_span("L23-L24")] == ["L23", "L24"]
    assert [str(s) for s in parse_span("D19-D13")] == [f"D{c}" for c in range(13, 20)]
    assert [str(s) for s in parse_span("E14–F14")] == ["E14", "F14"]
    with pytest.raises(ValueError, match="straight run"):
        parse_span("A1-C3")
