"""Diabolik at the table, played with the mouse: a click on a lit card moves the criminal (and
does only that), hovering shows the rules' preview, a police choice is answered by clicking, the
police phase is shown one event at a time with its sentences, a double click does not fall
through, a computer partner plays after the pause."""

from __future__ import annotations

import pygame

from game.engine.api import TABLE
from game.engine.i18n import t
from game.engine.replay import Match
from game.engine.session import COMPUTER_PAUSE
from game.ui.dice import ROLL_TIME
from game.ui.scenes.table import TableScene, log_rows
from game.diabolik.rules import Choose, EndTurn, Move, Preview, preview
from game.diabolik.texts import choice_text, event_text, texts_for

from tests.diabolik.ui_kit import drawn_texts, headless, open_table, table_of, ui, where_to_click  # noqa: F401


def test_clicking_a_lit_card_moves_the_criminal_and_changes_nothing_else(ui):
    match = Match("diabolik", {"players": 1}, 3)
    app = open_table(ui, match)
    scene = table_of(app)
    move = next(a for a in scene.session.legal() if isinstance(a, Move))
    twin = Match("diabolik", {"players": 1}, 3)
    twin.apply(move)
    ui.click(app, where_to_click(scene, move))
    assert list(match.log) == [move]
    assert match.state.view(TABLE) == twin.state.view(TABLE)          # exactly that move, nothing more
    assert match.state.view(TABLE).criminals["diabolik"].pos == move.to


def _position_with_a_costly_move():
    for seed in range(1, 200):
        match = Match("diabolik", {"players": 1}, seed)
        view = match.state.view("diabolik")
        for a in match.state.legal_actions("diabolik"):
            if isinstance(a, Move) and preview(view, a).danger > 0:
                free = [b for b in match.state.legal_actions("diabolik")
                        if isinstance(b, Move) and preview(view, b).danger == 0]
                return match, a, free
    raise AssertionError("no opening with a sighting found")


def test_hovering_a_destination_shows_what_the_rules_preview_says_it_costs(ui):
    match, costly, free = _position_with_a_costly_move()
    app = open_table(ui, match)
    scene = table_of(app)
    ui.move(app, where_to_click(scene, costly))
    texts = drawn_texts(app)
    place = scene.board.place(scene.session.view(), costly.to)
    assert t("diabolik_table.preview.move_to", place=place) in texts
    assert t("diabolik_table.preview.sighting", n=1) in texts
    if free:
        ui.move(app, where_to_click(scene, free[0]))
        assert t("diabolik_table.preview.free") in drawn_texts(app)
    # the tip says what the rules' preview says, whatever it is: the screen decides nothing
    scene.board._preview = lambda view, action: Preview(3, True, (0, 7))
    ui.move(app, where_to_click(scene, costly))
    texts = drawn_texts(app)
    assert t("diabolik_table.preview.sighting", n=3) in texts and t("diabolik_table.preview.breaks") in texts
    assert len(match.log) == 0                                           # hovering plays nothing


def test_a_police_choice_is_asked_in_a_sentence_and_answered_by_clicking_a_lit_card(ui):
    from game.diabolik.ui.samples import choice_position

    match = choice_position()
    app = open_table(ui, match)
    scene = table_of(app)
    view = scene.session.view()
    assert view.pending is not None
    texts = drawn_texts(app)
    assert choice_text(view.pending, locations=view.locations) in texts
    chosen = next(a for a in scene.session.legal() if isinstance(a, Choose) and a.option == 1)
    before = len(match.log)
    ui.click(app, where_to_click(scene, chosen))
    assert match.log[before] == chosen


def test_the_police_phase_is_shown_one_event_at_a_time_with_its_sentences(ui):
    match = Match("diabolik", {"players": 1}, 1)     # seed 1: a police phase with no choice in it
    app = open_table(ui, match)
    scene = table_of(app)
    end = next(a for a in scene.session.legal() if isinstance(a, EndTurn))
    ui.click(app, where_to_click(scene, end))
    show = scene.show
    assert show is not None and scene.holding()
    kinds = [s.entry["kind"] for s in show.steps]
    assert "diabolik.station" in kinds and "diabolik.round" in kinds
    lines_total = len(TableScene.history_rows(scene))                # every line of the move, shown or not
    seen = []
    while scene.show is not None:
        step = scene.show.step
        table = match.state.view(TABLE)                              # the log says "danger n of max"
        sentence = texts_for(table.locations, table.danger_max)(step.entry)
        if step.entry["kind"] == "diabolik.station":                 # the die tumbles first: its face
            texts = drawn_texts(app)                    # is not told before it shows
            assert sentence not in texts and t("diabolik_table.show.rolling") in texts
            assert len(scene.log_lines()) == lines_total - scene.show.remaining() - 1
            app.update(ROLL_TIME + 0.05)
            assert scene.show.step is step
        texts = drawn_texts(app)
        assert sentence in texts                                     # the bar says this event
        shown = len(scene.log_lines())
        assert shown == lines_total - scene.show.remaining()         # the log has it, not the next ones
        assert len(scene.history_rows()) == shown                    # and so has the History
        seen.append(step.entry["kind"])
        ui.key(app, pygame.K_SPACE)
    assert seen == kinds                                             # every event, in order, one by one
    assert len(scene.log_lines()) == lines_total                     # and the log keeps every line


def test_the_police_phase_goes_on_by_itself_and_skip_ends_it(ui):
    match = Match("diabolik", {"players": 1}, 1)
    app = open_table(ui, match)
    scene = table_of(app)
    ui.click(app, where_to_click(scene, next(a for a in scene.session.legal() if isinstance(a, EndTurn))))
    assert scene.show is not None
    first = scene.show.index
    app.update(scene.show.step.duration + 0.01)
    assert scene.show is not None and scene.show.index == first + 1  # paced, without a click
    assert scene.session.legal() and scene.next_button in scene.widgets
    ui.click(app, scene.skip_button.rect.center)
    assert scene.show is None and scene.next_button not in scene.widgets


def test_a_double_click_on_a_card_moves_once(ui):
    from game.ui.widgets import CLICK_GUARD, CLOCK

    match = Match("diabolik", {"players": 1}, 3)
    app = open_table(ui, match)
    scene = table_of(app)
    move = next(a for a in scene.session.legal() if isinstance(a, Move))
    point = app.canvas.point_px(where_to_click(scene, move))
    CLOCK.advance(CLICK_GUARD + 0.01)
    for _ in range(2):       # two clicks 0.05 s apart, on the same spot
        app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
        app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
        app.update(0.05)
        CLOCK.advance(0.05)
    assert list(match.log) == [move]


def test_a_computer_partner_plays_its_turn_after_the_pause_and_is_shown(ui):
    from game.engine.playout import RandomBot

    match = Match("diabolik", {"players": 2}, 4)
    app = open_table(ui, match, computer={"eva": RandomBot(1)})
    scene = table_of(app)
    assert scene.session.on_screen == "diabolik"
    ui.click(app, where_to_click(scene, next(a for a in scene.session.legal() if isinstance(a, EndTurn))))
    assert scene.session.computer_to_act() == "eva" and len(match.log) == 1
    while scene.show is not None:      # the computer waits while the last move is being shown
        app.update(0.1)
        assert len(match.log) == 1
    app.update(COMPUTER_PAUSE / 2)
    assert len(match.log) == 1                                       # the pause
    app.update(COMPUTER_PAUSE / 2 + 0.01)
    assert len(match.log) == 2 and match.log[-1].seat == "eva"
    assert scene.show is not None                                    # its move is shown like anyone's


def test_a_click_meant_for_skip_plays_nothing_when_the_show_ends(ui):
    from game.diabolik.ui.table import SHOW_GUARD
    from game.ui.widgets import CLOCK

    match = Match("diabolik", {"players": 1}, 1)
    app = open_table(ui, match)
    scene = table_of(app)
    ui.click(app, where_to_click(scene, next(a for a in scene.session.legal() if isinstance(a, EndTurn))))
    assert scene.show is not None and scene.holding()
    while scene.show is not None:                                    # the police phase ends by itself...
        app.update(0.25)
    moves = len(match.log)
    for rect, _action, _label in scene.board.bar_buttons(scene.session.view(), scene.session.legal()):
        assert not rect.colliderect(scene.skip_button.rect)          # no action stands where Skip
        assert not rect.colliderect(scene.next_button.rect)          # or Next stood during the show
    ui.click(app, scene.skip_button.rect.center)                     # a late click on Skip
    assert len(match.log) == moves                                   # played nothing
    move = next(a for a in scene.session.legal() if isinstance(a, Move))
    point = where_to_click(scene, move)
    ui.click(app, point)                                             # a click on the board that came back
    assert len(match.log) == moves                                   # within the calm: dropped
    CLOCK.advance(SHOW_GUARD)
    ui.click(app, point)
    assert len(match.log) == moves + 1 and match.log[-1] == move     # a deliberate click plays


def test_undo_takes_the_move_back_and_what_was_being_shown_of_it(ui):
    match = Match("diabolik", {"players": 1}, 3)
    app = open_table(ui, match)
    scene = table_of(app)
    move = next(a for a in scene.session.legal() if isinstance(a, Move))
    ui.click(app, where_to_click(scene, move))
    assert scene.show is not None and scene.undo_button in scene.widgets
    ui.click(app, scene.undo_button.rect.center)
    assert len(match.log) == 0 and scene.show is None
    assert scene.session.view() == Match("diabolik", {"players": 1}, 3).state.view("diabolik")


def test_two_computer_criminals_play_a_whole_game_on_screen_to_the_end(ui):
    from game.engine.titles import load, title
    from game.diabolik.ui.end import DiabolikEndScene

    spec = title("diabolik")
    bots = {seat: load(spec.bots["easy"])(i) for i, seat in enumerate(("diabolik", "eva"))}
    match = Match("diabolik", {"players": 2}, 6)
    app = open_table(ui, match, computer=bots)
    scene = table_of(app)
    watched = False
    for _ in range(20000):
        if isinstance(app.stack.top, DiabolikEndScene):
            break
        app.update(0.1)
        app.draw()
        if not watched and match.log and app.stack.top is scene and scene.show is None:
            # nobody at the screen is a person: the table's public log and its History are shown
            watched = True
            assert scene.log_lines() and scene.history_button in scene.widgets
    assert watched
    assert isinstance(app.stack.top, DiabolikEndScene) and match.state.is_over()


def test_a_refused_move_is_said_in_the_players_language_and_changes_nothing(ui):
    from game.diabolik.rules import Hide

    match = Match("diabolik", {"players": 1}, 3)
    app = open_table(ui, match, lang="it")
    scene = table_of(app)
    before = match.state.view(TABLE)
    scene.play(Hide("diabolik"))                                     # in the shadow already: refused
    said = t("diabolik_refusal.already_hidden")
    assert said != t("diabolik_refusal.already_hidden", "en")
    assert scene.message_text() == said and said in drawn_texts(app)
    assert len(match.log) == 0 and match.state.view(TABLE) == before


def test_two_players_at_one_screen_pass_the_mouse_without_a_curtain_and_miss_nothing(ui):
    from game.ui.scenes.curtain import CurtainScene

    match = Match("diabolik", {"players": 2}, 4)
    app = open_table(ui, match)
    scene = table_of(app)
    assert scene.session.on_screen == "diabolik" and scene.pass_button in scene.widgets
    ui.click(app, scene.pass_button.rect.center)                     # Eva leads this round
    assert scene.session.on_screen == "eva" and not isinstance(app.stack.top, CurtainScene)
    ui.click(app, where_to_click(scene, next(a for a in scene.session.legal() if isinstance(a, Move))))
    ui.click(app, where_to_click(scene, next(a for a in scene.session.legal() if isinstance(a, EndTurn))))
    assert scene.session.on_screen == "diabolik" and not isinstance(app.stack.top, CurtainScene)
    assert [seat for seat in (a.seat for a in match.log)] == ["eva", "eva"]
    assert not any(missed for _line, missed in scene.history_rows())  # one screen: nobody was away


def test_hovering_a_pawn_names_it_and_says_what_it_does(ui):
    from game.diabolik.ui.board import pawn_centres

    match = Match("diabolik", {"players": 1}, 3)
    app = open_table(ui, match)
    scene = table_of(app)
    view = scene.session.view()
    centres = pawn_centres(view)
    ui.move(app, centres["blue"])
    texts = drawn_texts(app)
    assert t("diabolik_table.tip.blue") in texts                     # "Agent (→): patrols one place to the right"
    ui.move(app, centres["diabolik"])
    assert t("diabolik_table.tip.shadow") in drawn_texts(app)
    ui.move(app, (5, 5))
    assert t("diabolik_table.tip.blue") not in drawn_texts(app)


def test_the_table_hears_the_police_phase_step_by_step(ui, monkeypatch):
    """The station's die rattles, a discovery sounds the alarm, a card entering is heard: each as its
    step is shown, not all at once when the move is played."""
    from game.ui import audio
    from game.diabolik.ui.table import STEP_SOUNDS

    heard: list[str] = []
    monkeypatch.setattr(audio, "play", lambda name: heard.append(name) or True)
    for seed in range(1, 40):
        match = Match("diabolik", {"players": 1}, seed)
        app = open_table(ui, match)
        scene = table_of(app)
        heard.clear()
        ui.click(app, where_to_click(scene, next(a for a in scene.session.legal() if isinstance(a, EndTurn))))
        if scene.show is None:
            continue
        kinds = [s.entry["kind"].split(".")[-1] for s in scene.show.steps]
        if not any(k in STEP_SOUNDS for k in kinds):
            continue
        expected: list[str] = []
        while scene.show is not None:
            k = scene.show.step.entry["kind"].split(".")[-1]
            before = list(heard)
            expected += ["dice"] if k == "station" else []
            if k in STEP_SOUNDS:
                expected.append(STEP_SOUNDS[k])
            app.update(0.01)
            assert [h for h in heard if h != "click"] == [e for e in expected if e != "click"], (k, before)
            ui.key(app, pygame.K_SPACE)
        return
    raise AssertionError("no police phase with a sound in 40 seeds")


def test_the_log_opens_with_the_cards_dealt_into_the_row(ui):
    """The two loot and two clue cards that new_game slides into the row are told in the log as soon
    as the game is on the table, in the player's language, before any move."""
    for lang in ("en", "it"):
        match = Match("diabolik", {"players": 1}, 3)
        state = match.state
        app = open_table(ui, match, lang=lang)
        table = table_of(app)
        lines = [line for line, _missed in table.log_lines()]
        entered = [e for e in state.opening if e.kind == "diabolik.card_entered"]
        assert len(entered) == 4
        expected = [event_text(dict(e.data, kind=e.kind), lang, state.locations) for e in entered]
        assert all(line in lines for line in expected), (lines, expected)
        drawn = drawn_texts(app)
        rows = [row for rows, _marked in log_rows([(line, False) for line in lines], 99) for row in rows]
        assert all(row in drawn for row in rows), lang
