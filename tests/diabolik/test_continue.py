"""The title screen's Continue picks up an unfinished Diabolik game (Diabolik has a set-up of its
own, so the shell's offer passes it over and the title registers its own through the shell's
continue_offer)."""

from __future__ import annotations

from game.engine.replay import Match
from game.engine.saves import Autosaver

from tests.diabolik.ui_kit import headless, table_of, title_screen, ui  # noqa: F401


def test_the_title_screen_continues_an_unfinished_diabolik_game_at_its_table(ui):
    from game.diabolik.rules import Move

    match = Match("diabolik", {"players": 1}, 5, game_id="left-solo")
    seat = match.state.to_act()[0]
    match.apply(next(a for a in match.state.legal_actions(seat) if isinstance(a, Move)))
    Autosaver()(match)
    app, title = title_screen(ui)
    assert title.offer is not None and title.continue_button.visible
    assert title.offer[1] == "Last game: Diabolik – Quadruplo furto, 1 move played"
    ui.click_widget(app, title.continue_button)
    app.update(0.5)
    table = table_of(app)
    assert list(table.match.log) == list(match.log) and table.autosaver is not None
    assert table.match.state.view("table") == match.state.view("table")
