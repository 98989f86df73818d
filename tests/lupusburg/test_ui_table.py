"""Lupusburg on screen: the set-up builds the game asked for, the table draws every phase in both
languages, every phase is played by clicks on built positions, the curtain falls before every
private step of a person, a frame drawn for one seat never holds another seat's characters, chest,
coin or looks, refusals are sentences, the discussion is the whole table's, and the night call's
result panel looks the same for every role."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE
from game.engine.i18n import t
from game.engine.replay import Match
from game.lupusburg.rules.actions import Draw, Keep, Mark, Place, Point, Privilege, ShowBack, Vote

from tests.lupusburg.ui_kit import (  # noqa: F401
    check_frame, drawn_texts, headless, lift_curtain, open_table, play_by_clicks, settle, table_of, ui,
    where_to_click,
)


@pytest.fixture(autouse=True)
def _synchronous_bots(monkeypatch):
    from game.engine import session

    monkeypatch.setattr(session, "THREADED", False)


def _to(match, test, bot_seed=3):
    """Random moves until ``test(state)`` holds."""
    from game.engine.playout import RandomBot

    bot = RandomBot(bot_seed)
    for _ in range(3000):
        if test(match.state):
            return match
        seat = match.state.to_act()[0]
        match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    raise AssertionError("position not reached")


def test_the_set_up_builds_the_config_the_seats_and_the_discussion_clock_asked_for(ui):
    from game.engine.titles import title
    from game.lupusburg.ui.setup import LupusSetupScene
    from game.lupusburg.ui.table import LupusTableScene
    from game.ui.scenes.setup import PERSON

    app = ui.app(scenes=())
    setup = LupusSetupScene("lupusburg", seed=11, look_for_saves=False)
    app.stack.push(setup)
    app.update(0.5)
    assert list(setup.seat_choices) == ["red", "blue", "green", "yellow", "purple", "orange"]
    offered = [v for v, _l in setup.seat_choices["red"].options]
    assert offered[0] == PERSON and set(offered[1:]) == set(title("lupusburg").bots)   # the levels the title lists
    assert {o.key for o in title("lupusburg").options} <= set(setup.option_widgets)
    setup.option_widgets["players"].step(-1)                  # 5 players: the broom is for 6 or more
    assert list(setup.seat_choices) == ["red", "blue", "green", "yellow", "purple"]
    assert not setup.option_widgets["broom"].enabled and setup.option_widgets["broom"].value == "off"
    texts = drawn_texts(app)
    assert t("lupusburg_ui.setup.hint.broom_small") in texts
    setup.option_widgets["players"].step(1)
    setup.option_widgets["broom"].set_value("on")
    setup.option_widgets["lynch"].set_value("plurality")
    setup.discussion_choice.set_value(60)
    setup.seat_choices["blue"].set_value("random")
    texts = drawn_texts(app)
    for key in ("lupusburg_ui.setup.hint.lynch_plurality", "lupusburg_ui.setup.hint.broom_on"):
        assert t(key) in texts
    assert t("lupusburg_ui.setup.hint.discussion_on", n=1) in texts
    ui.click(app, setup.start_button.rect.center)
    table = app.stack.top
    while not isinstance(table, LupusTableScene):
        table = app.stack.scenes[-2]
    assert table.match.config["broom"] == "on" and table.match.config["lynch"] == "plurality"
    assert set(table.session.computer) == {"blue"} and table.discussion == 60


SAMPLES = ("day", "night", "runoff", "discuss", "place", "over", "eight")


def _sample(name):
    from game.lupusburg.ui import samples

    if name == "day":
        return samples.day_position()[0]
    if name == "night":
        return samples.night_position()
    if name == "runoff":
        return samples.runoff_position()
    if name == "discuss":
        return samples.discuss_position()
    if name == "place":
        return Match("lupusburg", {"players": 5}, 3)
    if name == "eight":
        return _to(Match("lupusburg", {"players": 8, "broom": "on"}, 4), lambda s: s.phase == "sweep")
    return samples.finished_match()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_table_draws_every_phase_without_a_missing_text(ui, lang):
    for name in SAMPLES:
        app = open_table(ui, _sample(name), lang=lang, start_revealed=True)
        settle(app, 0.3)
        texts = drawn_texts(app)
        assert texts, name
        assert not [s for s in texts if "lupusburg_ui." in s or "lupusburg." in s], (name, texts)


def test_a_whole_hot_seat_game_is_played_by_clicks_with_a_curtain_before_every_private_step(ui):
    """Five people at one screen: every seat's step comes behind a curtain (the screen seat changes
    only through one, but to the public discussion); every frame drawn for a seat holds only its
    own secrets; at the end, the end screen."""
    from game.lupusburg.ui.end import LupusEndScene
    from game.ui.scenes.curtain import CurtainScene

    match = Match("lupusburg", {"players": 5}, 3)
    app = open_table(ui, match)
    assert isinstance(app.stack.top, CurtainScene)      # before the first seat lays out his houses
    shown: list[str] = []
    names = {kind: t(f"lupusburg.character.{kind}") for kind in ("werewolf", "thief", "townsfolk")}

    def on_frame(table, seat):
        state = table.match.state
        if not state.is_over():
            # the texts drawn name only characters the seat on screen may know (none on the table's view)
            texts = set(drawn_texts(app))
            named = {k for k, n in names.items() if n in texts or n.upper() in texts}
            known = set()
            if seat not in (None, TABLE):
                known = set(state.dealt[seat]) | {s.character for s in state.seen.get(seat, ())}
            assert named <= known, (seat, named, known)
        curtain = isinstance(app.stack.top, CurtainScene)
        if curtain:
            shown.append("curtain")
        elif seat is not None and (not shown or shown[-1] != seat):
            if seat != TABLE and shown and shown[-1] not in ("curtain",):
                # a person's screen after another's (or after the table's) without a curtain
                raise AssertionError(f"{seat} shown after {shown[-1]} with no curtain")
            shown.append(seat)

    play_by_clicks(ui, app, seed=2, on_frame=on_frame)
    assert isinstance(app.stack.top, LupusEndScene)
    assert shown.count("curtain") >= len(match.log) // 3


def test_computer_seats_play_while_the_screen_shows_nobody_s_secrets(ui):
    """Two people and three computer seats: while the computer plays, the screen shows the table's
    view (neither person's cards stay in sight); the game ends by clicks."""
    from game.engine.playout import RandomBot

    match = Match("lupusburg", {"players": 5}, 7)
    bots = {s: RandomBot(i) for i, s in enumerate(("blue", "yellow", "purple"))}
    app = open_table(ui, match, computer=bots)

    def on_frame(table, seat):
        if table.session.computer_to_act() is not None and table.is_top and not table.public_screen():
            assert table.session.screen_seat() == TABLE

    play_by_clicks(ui, app, seed=4, on_frame=on_frame)


def test_with_one_person_his_own_view_stays_and_the_game_needs_no_curtain(ui):
    from game.engine.playout import RandomBot
    from game.ui.scenes.curtain import CurtainScene

    match = Match("lupusburg", {"players": 4}, 5)
    bots = {s: RandomBot(i) for i, s in enumerate(("blue", "green", "yellow"))}
    app = open_table(ui, match, computer=bots)

    seen: list[str] = []
    faster: list[bool] = []

    def on_frame(table, seat):
        assert not isinstance(app.stack.top, CurtainScene)
        if seat is not None:
            seen.append(seat)
            assert seat == "red" or "red" not in seen      # the table's view only before red's first turn
        if table.session.thinking() is not None and table.match.state.phase != "discuss":
            faster.append(table.faster_button in table.widgets)   # the computer's pace may be quickened

    play_by_clicks(ui, app, seed=1, on_frame=on_frame)
    assert faster and all(faster)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_night_call_shows_its_result_in_the_same_panel_for_every_role_then_the_curtain(ui, lang):
    """The Werewolf's call, the Thief's and a call that does nothing: one panel, the same title and
    button; only the sentence differs (the Thief's says whether there is a chest); then the curtain."""
    from game.lupusburg import texts as lt
    from game.lupusburg.ui.table import CallResult
    from game.ui.scenes.curtain import CurtainScene

    match = _to(Match("lupusburg", {"players": 5}, 3), lambda s: s.phase == "night")
    state = match.state
    panels: dict[str, tuple[str, str]] = {}
    app = open_table(ui, match, lang=lang)
    table = table_of(app)
    while state.phase == "night":
        assert isinstance(app.stack.top, CurtainScene)
        lift_curtain(ui, app)
        seat = table.session.screen_seat()
        role = state.role(seat)
        target = next(a for a in table.shown_legal() if isinstance(a, Point))
        ui.click(app, where_to_click(table, target)[0])
        panel = app.stack.top
        assert isinstance(panel, CallResult)
        drawn = drawn_texts(app)
        assert panel.title.upper() in drawn and panel.lines[0] in drawn
        assert t("lupusburg_ui.result.done").upper() in drawn
        house = lt.house(target.player, target.side)
        if role == "thief":
            chest = state.chest[target.player] == target.side
            assert panel.lines == [lt.capitalised(t("lupusburg.say.called_thief_chest" if chest else
                                                    "lupusburg.say.called_thief_empty", house=house))]
        elif role == "werewolf":
            assert panel.lines == [lt.capitalised(t("lupusburg.say.called_werewolf", house=house))]
        panels[role] = (panel.title, panel.lines[0])
        settle(app, 0.3)
        ui.click(app, panel.done_button.rect.center)
    assert {"werewolf", "thief", "townsfolk"} <= set(panels)
    assert len({title for title, _line in panels.values()}) == 1          # the same panel for every role
    assert len({line for _title, line in panels.values()}) == len(panels)  # only the sentence differs


def test_a_refused_click_says_why_and_changes_nothing(ui):
    match = _to(Match("lupusburg", {"players": 5}, 3), lambda s: s.phase == "night")
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    seat = table.session.screen_seat()
    before = len(match.log)
    ui.click(app, where_to_click(table, Place(seat, "left"))[0])     # one's own house at night
    assert len(match.log) == before
    assert table.message_text() == t("lupusburg_refusal.own_house")
    assert table.message_text() in drawn_texts(app)


def test_the_privilege_and_the_look_back_by_clicks_and_the_owner_sees_what_was_shown(ui):
    from game.lupusburg import texts as lt

    match = _to(Match("lupusburg", {"players": 5}, 3), lambda s: s.phase == "privilege")
    state = match.state
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    bm = state.burgomaster
    look = next(a for a in table.shown_legal() if isinstance(a, Privilege))
    ui.click(app, where_to_click(table, look)[0])
    assert state.phase == "show" and table.session.screen_seat() == bm
    character = state.characters[look.player][look.side]
    assert t(f"lupusburg.character.{character}") in drawn_texts(app)
    settle(app)
    back = next(a for a in table.shown_legal() if isinstance(a, ShowBack))
    ui.click(app, where_to_click(table, back)[0])
    assert state.phase == "seen"
    lift_curtain(ui, app)
    assert table.session.screen_seat() == look.player
    shown = state.characters[bm][back.side]
    texts = drawn_texts(app)
    assert t("lupusburg_ui.seen.shown", who=table.board.seat_name(bm), house=lt.house(bm, back.side),
             character=t(f"lupusburg.character.{shown}")) in texts
    settle(app)
    ui.click(app, where_to_click(table, table.shown_legal()[0])[0])
    assert state.phase in ("bet", "broom")


def test_a_bet_takes_a_coin_then_a_player_and_only_the_bettor_sees_the_coins(ui):
    match = _to(Match("lupusburg", {"players": 5}, 3), lambda s: s.phase == "bet")
    state = match.state
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    bettor = table.session.screen_seat()
    ui.click(app, where_to_click(table, Draw(bettor))[0])
    assert state.phase == "keep"
    drawn = list(state.drawn)
    texts = drawn_texts(app)
    assert all(str(c) in texts for c in drawn)
    target = next(p for p in state.seats if p != bettor)
    settle(app)
    ui.click(app, table.board.coin_rects(table.shown_view())[0][0].center)
    assert table.board.picked == drawn[0] and len(match.log) > 0 and state.phase == "keep"
    settle(app)
    ui.click(app, where_to_click(table, Keep(bettor, drawn[0], target))[1])
    assert state.bets[bettor].coin == drawn[0] and state.bets[bettor].target == target
    # the next bettor's screen (behind the curtain) never shows that coin
    lift_curtain(ui, app)
    other = table.session.screen_seat()
    if other != TABLE and other != bettor:
        check_frame(app, table)
        secrets = table.board.drawn[1]
        assert not any(s[0] == "coin" and s[1] == bettor for s in secrets)


def test_the_discussion_is_the_whole_table_s_and_ends_by_its_clock(ui):
    """Two people or more: no curtain, the table's view (no character named), the clock; at 0 the
    vote begins behind the curtain of its first voter. A table of computers alone ends it at once."""
    from game.engine.playout import RandomBot
    from game.ui.scenes.curtain import CurtainScene

    match = _to(Match("lupusburg", {"players": 5}, 3), lambda s: s.phase == "discuss")
    app = open_table(ui, match, discussion=60)
    table = table_of(app)
    assert not isinstance(app.stack.top, CurtainScene) and table.public_screen()
    texts = drawn_texts(app)
    assert table.shown_view().seat == TABLE
    for kind in ("werewolf", "thief", "townsfolk"):
        assert t(f"lupusburg.character.{kind}") not in texts
    assert t("lupusburg_ui.button.end_discussion").upper() in texts and "1:00" in texts
    assert table.history_button not in table.widgets
    for _ in range(59):
        app.update(1.0)
    assert match.state.phase == "discuss"
    app.update(1.5)
    assert match.state.phase == "nominate" and isinstance(app.stack.top, CurtainScene)

    match = _to(Match("lupusburg", {"players": 4}, 3), lambda s: s.phase == "discuss")
    bots = {s: RandomBot(i) for i, s in enumerate(match.state.seats)}
    app = open_table(ui, match, computer=bots)
    settle(app, 1.5)
    assert match.state.phase != "discuss"


def test_the_runoff_is_played_by_its_buttons_or_by_clicking_a_suspect(ui):
    from game.lupusburg.ui import samples

    match = samples.runoff_position()
    state = match.state
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    voter = table.session.screen_seat()
    ui.click(app, where_to_click(table, Mark(voter, "paw"))[0])
    assert state.marks[voter] == ["paw"]
    settle(app)
    fur = state.suspects[1]
    from game.lupusburg.ui.board import house_rect

    ui.click(app, house_rect(table.board.seats, fur.player, fur.side).center)
    assert state.phase != "runoff" or voter not in state.to_act()


def test_ballots_stay_secret_until_revealed_and_the_history_shows_them(ui):
    from game.lupusburg.ui import history

    match = _to(Match("lupusburg", {"players": 5}, 3), lambda s: s.phase == "nominate")
    state = match.state
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    voter = table.session.screen_seat()
    assert table.undo_button not in table.widgets          # nothing of this round to take back yet
    vote = next(a for a in table.shown_legal() if isinstance(a, Vote))
    ui.click(app, where_to_click(table, vote)[0])
    assert state.votes[voter] == [type(state.votes[voter][0])(vote.player, vote.side)]
    own_before = match.log[-2].seat == voter if len(match.log) >= 2 else False
    if voter in state.to_act():            # a second vote to cast: the first may be taken back, alone
        assert (table.undo_button in table.widgets) == (not own_before)
        if not own_before:
            ui.click(app, table.undo_button.rect.center)
            assert match.state.votes[voter] == [] and match.state.phase == "nominate"
            state = match.state
            settle(app)
            ui.click(app, where_to_click(table, vote)[0])
    if voter in match.state.to_act():
        settle(app)
        ui.click(app, where_to_click(table, next(a for a in table.shown_legal() if isinstance(a, Vote)))[0])
    lift_curtain(ui, app)
    second = table.session.screen_seat()
    assert second != voter and len(match.state.living(second)) == 2
    settle(app)
    vote = next(a for a in table.shown_legal() if isinstance(a, Vote))
    ui.click(app, where_to_click(table, vote)[0])
    assert table.undo_button in table.widgets               # the next voter's first vote: his alone to take back
    ui.click(app, table.undo_button.rect.center)
    assert match.state.votes[second] == [] and match.state.votes[voter] and table.session.screen_seat() == second
    state = match.state
    rows = [r.label for d in history.days(state.view(TABLE)) for r in d.rows]
    assert "nomination" not in rows                      # not revealed yet
    finished = _to(match, lambda s: s.is_over() or (s.ballots and s.phase != "nominate"))
    rows = [r.label for d in history.days(finished.state.view(TABLE)) for r in d.rows]
    assert "kill" in rows and "nomination" in rows


def test_the_table_idles_between_changes(ui):
    """Nothing moves on a table at rest: the app may sleep (the frame is cached by its key)."""
    from game.lupusburg.ui import samples

    match, _seat = samples.day_position()
    app = open_table(ui, match, start_revealed=True)
    for _ in range(10):
        app.update(0.5)
    assert not app.stack.animating()
    table = table_of(app)
    app.draw()
    layers = len(app.canvas._layers)
    app.update(0.5)
    app.draw()
    assert len(app.canvas._layers) == layers
    assert table.widgets


def test_a_double_click_that_lifts_the_curtain_never_plays_on_the_board_below(ui):
    """The curtain is lifted by a double click over a house: the second press, even in the same
    batch of events, falls on the board just shown and is dropped (no night call made by it)."""
    import pygame

    from game.lupusburg.ui.board import house_rect
    from game.ui.scenes.curtain import CurtainScene

    match = _to(Match("lupusburg", {"players": 5}, 3), lambda s: s.phase == "night")
    app = open_table(ui, match)
    table = table_of(app)
    assert isinstance(app.stack.top, CurtainScene)
    settle(app, 0.8)
    seat = match.state.to_act()[0]
    other = next(s for s in match.state.seats if s != seat)
    px = app.canvas.point_px(house_rect(table.board.seats, other, "left").center)
    before = len(match.log)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, pos=px, button=1))
    app.update(0.05)
    assert not isinstance(app.stack.top, CurtainScene) and table.session.screen_seat() == seat
    assert len(match.log) == before
    settle(app, 0.5)
    ui.click(app, house_rect(table.board.seats, other, "left").center)      # a deliberate click plays
    assert len(match.log) == before + 1


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_player_is_marked_by_number_as_well_as_colour(ui, lang):
    """Markers never rely on colour alone: each player's plate and both his houses carry his seat's
    number beside his colour (two players named Blue and Black, or Verde and Viola, stay apart)."""
    from game.lupusburg.ui import art, samples

    match, _seat = samples.day_position()
    app = open_table(ui, match, lang=lang, start_revealed=True)
    drawn = drawn_texts(app)
    seats = match.state.seats
    for seat in seats:
        number = str(art.number(seats, seat))
        assert drawn.count(number) >= 3, (seat, number)     # the plate and the two houses
    assert len({art.number(seats, s) for s in seats}) == len(seats)
