"""Issue #11, found by playing Lupin through in a real window (the play-through helper): what a
newcomer met on screen, each checked here with synthetic mouse and key events."""

import pygame
import pytest

from game.engine.i18n import set_language
from game.lupin.ui.scenes import planning_match, seeded_match
from game.ui.scenes.game_menu import GameMenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.widgets import resolve
from tests.lupin.test_ui_i11_play import play_app
from tests.lupin.test_ui_kit import click, frame, key
from tests.ui.conftest import UI


def _switch_language_in_game(app, play):
    """Menu → Settings → the language's › arrow → Back → Resume, as a player does it."""
    click(app, play._menu_button().rect.center)
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene)
    click(app, menu.buttons["settings"].rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    chooser = settings.language_choice
    click(app, (chooser.rect.right - 12, chooser.rect.centery))
    key(app, pygame.K_ESCAPE)                       # back to the menu
    assert app.stack.top is menu
    click(app, menu.buttons["resume"].rect.center)
    assert app.stack.top is play
    frame(app)


def test_switching_language_in_game_relabels_the_buttons_and_the_log():
    try:
        app, play = play_app(seeded_match("rosso-rubino"), lang="it")
        frame(app)
        shown = [resolve(b.text) for b, _c in play.buttons]
        assert "Fine turno" in shown
        assert any(line.startswith("Turno ") for line in play.log_lines)
        _switch_language_in_game(app, play)
        shown = [resolve(b.text) for b, _c in play.buttons]
        assert "End turn" in shown and not any("Fine" in s or "passa a" in s for s in shown), shown
        assert not any(line.startswith("Turno ") for line in play.log_lines), play.log_lines
        assert any(line.startswith("Round ") for line in play.log_lines), play.log_lines
    finally:
        set_language("en")


def test_money_reads_1_500_in_italian_and_1_500_with_a_comma_in_english():
    try:
        for lang, money, wrong in (("it", "1.500$", "1,500$"), ("en", "1,500$", "1.500$")):
            app, play = play_app(planning_match(purchases=False, players=2), lang=lang)
            shown = UI.drawn_texts(app)
            assert money in shown and wrong not in shown, [s for s in shown if "$" in s]
            buy = next(c for c in play.choices if c.type_name == "BuyDevice"
                       and getattr(c.action, "device", "") == "hand_grenade")   # 200$
            play.play(buy)
            frame(app)
            line = play.log_lines[-1]
            left = "1.300$" if lang == "it" else "1,300$"
            assert left in line, line
            if lang == "it":
                assert line.startswith("Acquisto per "), line   # no "Bomba a mano comprato"
    finally:
        set_language("en")


def test_after_phase_3_the_bus_stands_at_its_new_stop_with_whoever_rode_it():
    """Gran colpo: the log said "The bus moves on to the next stop" but in phase 4 the board still
    drew it at the old stop, Lupin (carried) standing beside it in the open at the new one."""
    from game.lupin.rules import actions as A
    from tests.lupin.test_round import clear_police, put, started

    st = started()
    clear_police(st, keep=("zenigata",))
    put(st, "zenigata", "E19")
    put(st, "lupin", "E14")
    stop2 = next(p.squares for p in st.geo.board.places_of("bus_stop") if p.props["round"] == 2)
    while st.phase == "gang":
        seat = st.to_act()[0]
        member = st.active or next(c for c in st.may_start_turn() if st.seat_of[c] == seat)
        st.apply(A.EndTurn(seat, member))
    assert st.phase == "treasure" and st.round == 1
    assert st.figures["lupin"].spot == stop2[0]
    assert tuple(st.bus_squares()) == tuple(stop2)           # the bus is where it carried him
    assert st.view("lupin")["bus"] == [str(s) for s in stop2]
    assert not st.in_police_sight("lupin")                   # still aboard, still unseen


def test_a_sure_shot_card_is_told_once_in_the_log_before_its_hit():
    """'Lupin plays “My Trusty P38!”: Agent 3 is hit' was followed by a second 'Lupin plays “My
    Trusty P38!”.' after the hit: the play is now told first, once, and then what it did."""
    from game.lupin.rules import actions as A
    from game.lupin.ui.log_text import event_line
    from tests.lupin.test_cards import dice, hand, shooting_scene

    st = shooting_scene("lupin", agents=("agent-1",))
    hand(st, "lupin", "lupin_la_mia_fidata_p38")
    dice(st)
    ev = st.apply(A.PlayCard("lupin", "lupin", "lupin_la_mia_fidata_p38", "agent-1"))
    lines = [event_line({"kind": e.kind, **dict(e.data)}) for e in ev]
    played = [line for line in lines if "plays" in line]
    assert len(played) == 1 and played[0] == lines[0], lines
    assert any("Agent 1 is hit" in line for line in lines[1:]), lines


def test_a_click_on_a_square_that_is_not_lit_says_so_and_changes_nothing():
    """Placing Zenigata's men, a click on a roof access (not lit) did nothing at all: the newcomer
    clicked again and again. Now a sentence says which squares take the click."""
    from game.lupin.ui.board_scene import square_rect
    from game.engine.replay import Match

    match = Match("lupin", {"episode": "rosso-rubino", "players": 2}, 5, game_id="pt-not-lit")
    app, play = play_app(match, lang="en")
    assert play.view["phase"] == "placement" and play.targets
    unlit = next((r, c) for r in range(20) for c in range(25)
                 if (r, c) not in play.targets and play.token_at(square_rect(r, c).center) is None)
    before = len(play.match.log)
    click(app, square_rect(*unlit).center)
    assert len(play.match.log) == before
    assert play.message and "not lit" in play.message, play.message
    lit = next(iter(play.targets))
    click(app, square_rect(*lit).center)
    assert len(play.match.log) == before + 1                 # a lit square still plays at once


@pytest.mark.parametrize("lang,expected", [("en", "Lupin moves inside Sala dei Rubini, unseen."),
                                           ("it", "Lupin va dentro Sala dei Rubini, senza farsi vedere.")])
def test_a_move_into_a_building_reads_as_a_sentence(lang, expected):
    """The log said 'Lupin moves to inside Sala dei Rubini' ('va in dentro' in Italian)."""
    from game.lupin.ui.log_text import event_line

    try:
        set_language(lang)
        line = event_line({"kind": "moved", "figure": "lupin", "to": "inside Sala dei Rubini", "shown": False})
        assert line == expected
        plain = event_line({"kind": "moved", "figure": "lupin", "to": "E8"})
        assert plain == ("Lupin moves to E8." if lang == "en" else "Lupin va in E8.")
    finally:
        set_language("en")


def test_with_colour_blind_markers_the_shop_draws_each_member_as_on_the_board(monkeypatch):
    """With the safe markers on, the board drew Lupin orange with a white rim but the shop's member
    cards kept the red disc: the shop now draws the board's own token."""
    from game.lupin.ui import planning_scene

    drawn = []
    real = getattr(planning_scene, "draw_gang_token", None)   # None: the shop never drew the board's token

    def spy(canvas, fid, c, rad, k=1.0, safe=False):
        drawn.append((fid, safe))
        return real(canvas, fid, c, rad, k, safe)

    if real is not None:
        monkeypatch.setattr(planning_scene, "draw_gang_token", spy)
    for on in (False, True):
        app, play = play_app(planning_match(purchases=False, players=2), lang="en")
        app.settings.colourblind = on
        drawn.clear()
        frame(app)
        assert play.planning.shop_on
        assert (("lupin", True) in drawn) == on, drawn
