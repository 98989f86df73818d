"""Plurals on screen (issue #11): the planning clock's one-minute warning in the log reads "resta 1
minuto" / "1 minute left", not "restano 1 minuti" / "1 minute(s)"; the set-up's planning times and
the curtain before Fujiko's purchase agree with their counts too."""

import pytest

from game.engine.i18n import set_language, t
from game.lupin.ui.play_scene import LupinPlayScene
from tests.lupin.test_ui_kit import make_app
from tests.lupin.test_ui_planning import planning_match

WARNING = {"it": ("L'orologio: resta 1 minuto per pianificare.", "L'orologio: restano 5 minuti per pianificare."),
           "en": ("The clock: 1 minute left to plan.", "The clock: 5 minutes left to plan.")}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_clock_warnings_in_the_log_agree_with_their_count(lang):
    app = make_app(scenes=(), lang=lang)
    try:
        play = LupinPlayScene(planning_match(purchases=False), start_revealed=True, autosave=False, plan_left=301.0)
        app.stack.push(play)
        app.update(0.02)
        play.update(1.5)
        assert play.log_lines[-1] == WARNING[lang][1]
        play.update(play.plan_clock - 59)
        assert play.log_lines[-1] == WARNING[lang][0]
    finally:
        set_language("en")


def test_the_planning_time_choices_say_minute_for_one():
    set_language("it")
    try:
        assert t("lupin_plan.setup.minutes", n=1) == "1 minuto"
        assert t("lupin_plan.setup.minutes", n=15) == "15 minuti"
        assert t("lupin_ui_expansion.curtain.fujiko", minutes=1).startswith("Il suo acquisto segreto: 1 minuto,")
        assert t("lupin_ui_expansion.curtain.fujiko", minutes=2).startswith("Il suo acquisto segreto: 2 minuti,")
    finally:
        set_language("en")
    assert t("lupin_plan.setup.minutes", n=1) == "1 minute"
