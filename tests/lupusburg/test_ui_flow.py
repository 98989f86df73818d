"""Lupusburg from the chooser to the end: the chooser opens its set-up, the table's end opens the end
screen with every card turned over and the scores by item, its replay steps through the game with
every secret shown, the rules reader opens in both languages, a saved game comes back with its
discussion clock, and the tutorial's script runs through by clicks alone to its "Well done"."""

from __future__ import annotations

import pytest

from game.engine.i18n import t

from tests.lupusburg.ui_kit import drawn_texts, headless, settle, ui  # noqa: F401


@pytest.fixture(autouse=True)
def _synchronous_bots(monkeypatch):
    from game.engine import session

    monkeypatch.setattr(session, "THREADED", False)


def test_the_chooser_opens_lupusburg_s_set_up(ui):
    from game.lupusburg.ui.setup import LupusSetupScene
    from game.ui.scenes.chooser import ChooserScene

    app = ui.app(scenes=())
    chooser = ChooserScene()
    app.stack.push(chooser)
    app.update(0.5)
    card = next(c for c in chooser.cards if c.entry.game.id == "lupusburg")
    assert card.entry.openable
    ui.click(app, card.rect.center)
    if not isinstance(app.stack.top, LupusSetupScene):
        ui.click(app, chooser.open_button.rect.center)
    assert isinstance(app.stack.top, LupusSetupScene)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_screen_turns_every_card_over_and_the_replay_shows_every_secret(ui, lang):
    from game.lupusburg import texts
    from game.lupusburg.ui.end import LupusEndScene, LupusReplay, score_items
    from game.lupusburg.ui.samples import finished_match

    for loses in (True, False):
        match = finished_match(werewolf_loses=loses)
        state = match.state
        app = ui.app(scenes=(), lang=lang)
        app.stack.push(LupusEndScene(match))
        drawn = drawn_texts(app)
        assert texts.reason_text(state.end_reason, state.werewolf) + " " + t(
            "lupusburg_ui.end.roles", werewolf=texts.who(state.werewolf), thief=texts.who(state.thief)) in drawn
        for seat in state.seats:
            assert texts.who(seat) in drawn
            for side in ("left", "right"):
                assert t(f"lupusburg.character.{state.characters[seat][side]}") in drawn
            if seat in state.scores:
                assert str(state.scores[seat]) in drawn
                items = score_items(state, seat)
                assert sum(v for _k, _n, v in items) == state.scores[seat]
                assert items[0] == ("characters", len(state.living(seat)), 2 * len(state.living(seat)))
        for bet in state.bets.values():
            assert str(bet.coin) in drawn and t("lupusburg_ui.end.accused", who=texts.who(bet.target)) in drawn
    end = app.stack.top
    ui.click(app, end.replay_button.rect.center)
    replay = app.stack.top
    assert isinstance(replay, LupusReplay)
    replay.jump(replay.total // 2)
    app.draw()
    seat, secrets = replay.board.drawn
    assert any(s[0] == "character" for s in secrets) and any(s[0] == "chest" for s in secrets)
    replay.last()
    app.draw()
    replay.prev()
    replay.next()
    assert replay.index == replay.total


def test_a_game_played_to_its_end_opens_the_end_screen_and_play_again_keeps_the_options(ui):
    from game.engine.playout import RandomBot
    from game.engine.replay import Match
    from game.lupusburg.ui.end import LupusEndScene
    from game.lupusburg.ui.setup import LupusSetupScene

    from tests.lupusburg.ui_kit import open_table

    match = Match("lupusburg", {"players": 4, "lynch": "plurality"}, 2)
    bots = {s: RandomBot(i) for i, s in enumerate(match.state.seats)}
    app = open_table(ui, match, computer=bots)
    for _ in range(600):
        if isinstance(app.stack.top, LupusEndScene):
            break
        app.update(0.7)
    end = app.stack.top
    assert isinstance(end, LupusEndScene)
    ui.click(app, end.again_button.rect.center)
    setup = app.stack.top
    assert isinstance(setup, LupusSetupScene)
    assert setup.config()["lynch"] == "plurality" and setup.config()["players"] == 4
    assert all(c.value == "random" for c in setup.seat_choices.values())


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_rules_reader_opens_with_every_chapter(ui, lang):
    from game.lupusburg.ui.rules_book import lupusburg_chapters
    from game.ui.scenes.rules_reader import rules_book

    assert [c.id for c in lupusburg_chapters(lang)] == ["goal", "setup", "night", "day", "betting", "lynch", "end",
                                                        "screen"]
    assert rules_book("lupusburg") is not None
    app = ui.app(scenes=(), lang=lang)
    app.stack.push(rules_book("lupusburg")())
    drawn = drawn_texts(app)
    assert drawn and t("rules_reader.lupusburg.subtitle").upper() in [d.upper() for d in drawn]


def test_a_saved_game_comes_back_behind_the_curtain_with_its_discussion_clock(ui):
    from game.engine.replay import Match
    from game.lupusburg.ui.setup import LupusSetupScene, reopen
    from game.lupusburg.ui.table import LupusTableScene
    from game.ui.scenes.curtain import CurtainScene

    app = ui.app(scenes=())
    setup = LupusSetupScene("lupusburg", seed=5, look_for_saves=False)
    app.stack.push(setup)
    app.update(0.5)
    setup.discussion_choice.set_value(180)
    setup.seat_choices["blue"].set_value("random")
    ui.click(app, setup.start_button.rect.center)
    table = next(s for s in app.stack.scenes if isinstance(s, LupusTableScene))
    settle(app, 1.0)
    ui.click(app, (800, 450))                      # the first curtain
    settle(app, 0.5)
    legal = table.shown_legal()
    table.play(legal[0])
    saved = table.autosaver.ui(table.match)
    assert saved["discussion"] == 180 and saved["computer"] == {"blue": "random"}
    again = Match.replay("lupusburg", table.match.config, table.match.seed, list(table.match.log))
    scenes = reopen(again, saved)
    reopened = scenes[0]
    assert isinstance(reopened, LupusTableScene) and reopened.discussion == 180
    assert set(reopened.session.computer) == {"blue"}
    app2 = ui.app(scenes=())
    app2.stack.push(reopened)
    app2.update(0.1)
    assert isinstance(app2.stack.top, CurtainScene)


def test_the_tutorial_runs_through_by_clicks_to_well_done(ui):
    from game.lupusburg.tutorial import check_script
    from game.lupusburg.ui.table import CallResult
    from game.lupusburg.ui.tutorial_scene import LupusTutorialScene
    from game.ui.tutorial import WellDoneScene

    assert check_script() == []
    app = ui.app(scenes=())
    scene = LupusTutorialScene(persist=False)
    app.stack.push(scene)
    app.update(0.02)
    for _ in range(3000):
        if any(isinstance(s, WellDoneScene) for s in app.stack.scenes):
            break
        top = app.stack.top
        if isinstance(top, CallResult):           # the night call's result, read, then on
            settle(app, 0.4)
            ui.click(app, top.done_button.rect.center)
            continue
        step = scene.step
        if step.kind == "note" and not scene.finished:
            settle(app, 0.4)
            ui.click(app, scene.coach.continue_button.rect.center)
        elif step.kind == "do" and scene.highlight() is not None:
            # a click off the highlight is refused and changes nothing
            n = len(scene.match.log)
            ui.click(app, (5, 5))
            assert len(scene.match.log) == n
            settle(app, 0.5)
            ui.click(app, scene.highlight_point())
        else:
            app.update(0.25)
    assert any(isinstance(s, WellDoneScene) for s in app.stack.scenes)
    state = scene.match.state
    assert state.lynches and state.lynches[-1].house.player == state.werewolf
    assert state.bets["red"].target == state.werewolf
