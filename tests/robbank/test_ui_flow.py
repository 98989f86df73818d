"""How to Rob a Bank from the chooser to the end: the chooser opens its set-up, the end screen says
who won and why, its replay steps through the game, the rules reader opens in both languages, and
the tutorial's script runs through by clicks alone to its "Well done"."""

from __future__ import annotations

import pytest

from game.engine.i18n import t

from tests.robbank.ui_kit import drawn_texts, headless, settle, ui, where_to_click  # noqa: F401


def test_the_chooser_opens_rob_a_bank_s_set_up(ui):
    from game.robbank.ui.setup import RobSetupScene
    from game.ui.scenes.chooser import ChooserScene

    app = ui.app(scenes=())
    chooser = ChooserScene()
    app.stack.push(chooser)
    app.update(0.5)
    card = next(c for c in chooser.cards if c.entry.game.id == "robbank")
    assert card.entry.openable
    ui.click(app, card.rect.center)
    if not isinstance(app.stack.top, RobSetupScene):
        ui.click(app, chooser.open_button.rect.center)
    assert isinstance(app.stack.top, RobSetupScene)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_screen_says_who_won_why_and_the_bags_stolen_and_the_replay_steps(ui, lang):
    from game.robbank import texts
    from game.robbank.ui.end import RobEndScene, RobReplay, finished_match

    for thieves_win in (True, False):
        match = finished_match(thieves_win=thieves_win)
        app = ui.app(scenes=(), lang=lang)
        app.stack.push(RobEndScene(match))
        drawn = drawn_texts(app)
        state = match.state
        assert t("robbank_ui.end.thieves" if thieves_win else "robbank_ui.end.bank") in drawn
        assert texts.reason_text(state.end_reason, state.stolen, state.target()) in drawn
        assert str(state.stolen) in drawn
    end = app.stack.top
    ui.click(app, end.replay_button.rect.center)
    replay = app.stack.top
    assert isinstance(replay, RobReplay)
    replay.last()
    app.draw()
    replay.prev()
    replay.next()
    assert replay.index == replay.total


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_rules_reader_opens_with_every_chapter(ui, lang):
    from game.robbank.ui.rules_book import robbank_chapters
    from game.ui.scenes.rules_reader import rules_book

    assert [c.id for c in robbank_chapters(lang)] == ["goal", "round", "guards", "thieves", "extra", "screen"]
    assert rules_book("robbank") is not None
    app = ui.app(scenes=(), lang=lang)
    app.stack.push(rules_book("robbank")())
    assert drawn_texts(app)


def test_the_tutorial_runs_through_by_clicks_to_well_done(ui):
    from game.robbank.tutorial import check_script
    from game.robbank.ui.tutorial_scene import RobTutorialScene
    from game.ui.tutorial import WellDoneScene

    assert check_script() == []
    app = ui.app(scenes=())
    scene = RobTutorialScene(persist=False)
    app.stack.push(scene)
    app.update(0.02)
    for _ in range(3000):
        if any(isinstance(s, WellDoneScene) for s in app.stack.scenes):
            break
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
    assert scene.match.state.stolen == 1
