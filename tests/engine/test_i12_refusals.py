"""The engine's refusals and the example title's carry a text key and parameters, so each player
reads them in their own language (issue #12); parameters that are names are read in that language
too: a Term (a text key), a name given in both languages, a refusal within the refusal."""

from __future__ import annotations

import pytest

from game.engine import api
from game.engine.api import IllegalAction, Term
from game.engine.example import Bid, Draw
from game.engine.grid import Sq
from game.engine.replay import Match
from tests.engine.test_api import Move


def refused(fn, *args) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    return info.value


def test_a_wrongly_typed_field_is_refused_in_both_languages_with_the_types_named_in_each():
    exc = refused(api.check_action, Move("gang", Sq(0, 0), note=3))
    assert exc.key == "engine_refusal.wrong_field"
    assert exc.sentence == "The move 'test_api.move' has a wrong 'note': it should be a text or nothing (null), not 3."
    assert exc.text("it") == ("La mossa 'test_api.move' ha un campo 'note' sbagliato: dovrebbe essere "
                              "un testo o niente (null), non 3.")
    exc = refused(api.check_action, {"type": "example.bid"})
    assert exc.sentence == "That is not a move of this game (an object)."
    assert exc.text("it") == "Questa non è una mossa di questo gioco (un oggetto)."


def test_undo_refusals_read_in_the_players_language():
    match = Match("example", {}, 12)
    exc = refused(match.undo, "north")
    assert (exc.sentence, exc.text("it")) == ("You have no move to undo.", "Non hai mosse da annullare.")
    match.apply(Draw("north"))
    exc = refused(match.undo, "north")
    assert exc.text("it") == "Non puoi annullare la tua ultima mossa: ha rivelato qualcosa."
    match.apply(Bid("north", match.state.hands["north"][0]))
    exc = refused(match.undo, "north", 2)
    assert exc.sentence.startswith("You can undo only your last 1 move(s);")
    assert exc.text("it").startswith("Puoi annullare solo 1 mossa, la tua ultima:")


def test_the_example_titles_refusals_read_in_italian():
    match = Match("example", {}, 12)
    exc = refused(match.apply, Bid("north", 99))
    assert exc.key == "example_refusal.not_in_hand" and exc.params == {"card": 99}
    assert (exc.sentence, exc.text("it")) == ("You do not hold a 99.", "Non hai in mano un 99.")


def test_names_in_a_refusal_are_read_in_the_readers_language():
    exc = IllegalAction("lupin_refusal.vehicle.full", vehicle={"it": "Barca", "en": "Boat"}, n=3)
    assert exc.sentence == "The Boat is full: 3 aboard at most."
    assert exc.text("it") == "Barca: non c'è più posto, al massimo 3 a bordo."
    term = IllegalAction("lupin_refusal.stonehenge.acted", figure=Term("lupin.seat.table"))
    assert (term.sentence, term.text("it")) == ("the table has already acted in this phase.",
                                                "il tavolo ha già agito in questa fase.")
    outer = IllegalAction("lupin_refusal.plan.without", device={"en": "knife", "it": "Coltello"},
                          problem=IllegalAction("lupin_refusal.plan.gang_only"))
    assert outer.text("it") == "Senza Coltello: Solo la banda compra dispositivi."
    assert outer.sentence == "Without the knife: Only the gang buys devices."
