"""Lupin's set-up is a client of the shell's set-up scene (issue #12): its Start and Resume go
through the shell's, the planning clock chosen still reaches the play screen, and a resumed game
gets its clock back."""

from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.setup_scene import LupinSetupScene
from game.ui.scenes.chooser import ChooserScene
from game.ui.scenes.setup import SetupScene
from tests.lupin.test_ui_kit import click, make_app


def open_setup(app, episode_id="gran-colpo"):
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == episode_id)
    click(app, card.rect.center)
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene) and isinstance(setup, SetupScene)
    return setup


def step_plan(app, setup, times):
    for _ in range(times):
        click(app, (setup.plan_choice.rect.right - 20, setup.plan_choice.rect.centery))


def test_the_planning_clock_chosen_reaches_the_play_screen_and_comes_back_on_resume():
    app = make_app()
    setup = open_setup(app)
    step_plan(app, setup, 1)
    assert setup.plan_seconds() == 20 * 60
    click(app, setup.start_button.rect.center)
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert play.plan_limit == 20 * 60 and play.match.config["episode"] == "gran-colpo"
    app.update(1.0)
    click(app, (800, 450))                             # Zenigata lifts the curtain
    for _ in range(3):                                 # and places three men (autosaved)
        click(app, next(p for p, what, cs in play.clickables() if what == "square"))
    play.back_to_title()
    app.stack.push(ChooserScene())
    app.update(0.02)
    setup = open_setup(app)
    assert setup.plan_seconds() == 15 * 60             # a new set-up offers the rulebook's 15 minutes
    assert setup.resume_button.visible
    click(app, setup.resume_button.rect.center)
    resumed = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert resumed is not play and resumed.plan_limit == 20 * 60   # the saved game's own clock
    assert list(resumed.match.log) == list(play.match.log)


def test_no_limit_on_the_planning_clock_reaches_the_play_screen():
    app = make_app()
    setup = open_setup(app, "rosso-rubino")
    step_plan(app, setup, 3)                           # 15 → 20 → 30 → no limit
    assert setup.plan_seconds() is None
    click(app, setup.start_button.rect.center)
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert play.plan_limit is None and play.match.config["episode"] == "rosso-rubino"
