"""What partners tell each other of the treasure tiles (knowledge.share_tiles): side by side, in
the same building or vehicle, or over a radio, a seat learns what a partner's seat knows; Zenigata
and the table learn nothing, and the seat that heard it cannot take it back by undo."""

from __future__ import annotations

from game.engine.api import events_for_seat
from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from tests.lupin.test_devices import give
from tests.lupin.test_round import clear_police, put, started


def _step_beside(st, mover, partner):
    """A legal move of ``mover`` that ends next to ``partner`` (who stands out of reach of talk)."""
    far = st.figures[partner].spot
    for a in st.legal_actions(st.seat_of[mover]):
        if isinstance(a, A.Move) and a.figure == mover:
            to = P(a.to)
            if max(abs(to.row - far.row), abs(to.col - far.col)) == 1:
                return a
    raise AssertionError("no square beside the partner in reach")


def _ruby_held_by(st, member):
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier = None, member
    t.seen_by = {st.seat_of[member]}
    return t


def _lupin_holding(treasure: bool):
    """Rosso rubino, no police: Lupin on F5 holds a tile (the ruby or an empty one) only his seat has
    seen; Jigen on F9, out of talking reach, may step beside him."""
    st = started("rosso-rubino")
    clear_police(st)
    if treasure:
        t = _ruby_held_by(st, "lupin")
    else:
        t = next(t for t in st.tiles if not t.treasure)
        t.site, t.carrier, t.seen_by = None, "lupin", {"lupin"}
    put(st, "lupin", "F5")
    put(st, "jigen", "F9")
    return st, t


def test_a_partner_who_steps_next_to_the_carrier_learns_what_his_tile_is():
    st, t = _lupin_holding(True)
    assert "treasure" not in st.view("jigen")["tiles"][t.index]          # not yet: he is 4 squares off
    st.apply(_step_beside(st, "jigen", "lupin"))
    assert st.view("jigen")["tiles"][t.index]["treasure"] is True        # told, side by side
    told = [e.for_seat("jigen") for e in st.log if e.kind == "told"]
    assert told and told[-1].data["from"] == "lupin" and told[-1].data["to"] == "jigen"
    assert "treasure" not in st.view("zenigata")["tiles"][t.index]       # Zenigata heard nothing
    assert not [e for e in events_for_seat(st.log, "zenigata") if e.kind == "told"]
    assert "treasure" not in st.view("goemon")["tiles"][t.index]         # nor a partner far away
    st.apply(A.EndTurn("jigen", "jigen"))
    assert st.view("jigen")["tiles"][t.index]["treasure"] is True        # once heard, known


def test_a_radio_tells_every_partner_what_any_of_them_knows():
    st = started("rosso-rubino")
    clear_police(st)
    t = _ruby_held_by(st, "goemon")
    put(st, "goemon", "C1")
    put(st, "fujiko", "R1")
    give(st, "lupin", "radio")
    for seat in ("lupin", "jigen", "fujiko"):
        assert "treasure" not in st.view(seat)["tiles"][t.index]
    st.apply(A.UseDevice("lupin", "lupin", "radio"))
    for seat in ("lupin", "jigen", "fujiko", "goemon"):
        assert st.view(seat)["tiles"][t.index]["treasure"] is True
    assert "treasure" not in st.view("zenigata")["tiles"][t.index]


def test_an_empty_tile_is_told_as_empty_too():
    st, empty = _lupin_holding(False)
    st.apply(_step_beside(st, "jigen", "lupin"))
    assert st.view("jigen")["tiles"][empty.index]["treasure"] is False


def test_the_seat_that_heard_a_tile_cannot_undo_the_move_that_told_it():
    st, _ = _lupin_holding(True)
    ev = st.apply(_step_beside(st, "jigen", "lupin"))
    assert any(e.kind == "told" and e.reveal for e in ev)
