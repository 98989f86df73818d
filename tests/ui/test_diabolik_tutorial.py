"""Diabolik's tutorial on screen (game/diabolik/ui/tutorial_scene.py): played by its own clicks
with the mouse alone, headless, in both languages, it reaches its "Well done"; a click off the
highlight is refused and changes nothing; the sighted move's cost shows under the mouse before the
click; the police's phase is shown with its reasons; Leave and the title's Tutorial resume it."""

from __future__ import annotations

import pytest

import game.diabolik.ui  # noqa: F401 - registers the title's scenes
from game.diabolik.tutorial import load_script
from game.diabolik.ui.tutorial_scene import DiabolikTutorialScene
from game.ui.tutorial import Progress, TutorialOfferScene, WellDoneScene, open_tutorial

STEP_LIMIT = 4000


def play_through(ui, app, tut) -> dict:
    """Follow the tutorial as a player would: read each note and click Continue, wait while the
    police's phase is shown, click what is highlighted. Returns what was seen on the way."""
    seen: dict = {"notes": 0, "clicks": 0, "police_lines": [], "refused": 0, "cost": None}
    for _ in range(STEP_LIMIT):
        if tut.finished:
            break
        ui.frame(app, 0.1)
        if tut.show is not None:
            if tut.holding():
                seen["police_lines"].append(tut.event_text(tut.show.step.entry) if tut.show.step else "")
            continue
        step = tut.step
        if step.kind == "note":
            ui.click_widget(app, tut.coach.continue_button)
            seen["notes"] += 1
            continue
        point = tut.highlight_point()
        if point is None and tut.calming():      # the table's calm after the police's show
            from game.ui.widgets import CLOCK

            CLOCK.advance(0.1)
            continue
        assert point is not None, f"nothing to click at step {tut.index + 1} ({step.say})"
        if step.say == "move_sighted":
            ui.move(app, point)
            board = tut.board
            seen["cost"] = board.cost_lines(tut.session.view(), step.expected)
        before = len(tut.match.log)
        ui.click(app, point)
        assert len(tut.match.log) == before + 1, f"the click at step {step.say} played nothing"
        assert tut.match.log[-1] == step.expected
        seen["clicks"] += 1
    return seen


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_tutorial_played_by_its_own_clicks_reaches_well_done(ui, lang):
    app = ui.app(scenes=(), lang=lang)
    tut = DiabolikTutorialScene()
    app.stack.push(tut)
    app.update(0.02)
    script = load_script()
    seen = play_through(ui, app, tut)
    assert tut.finished and isinstance(app.stack.top, WellDoneScene)
    assert seen["clicks"] == sum(1 for s in script.steps if s.kind == "do")
    assert tut.match.state.view("diabolik").banked == 1           # the loot is home
    assert Progress.load("diabolik") is None                        # finished: nothing to resume
    # the sighting's cost was there under the mouse before the click
    assert seen["cost"] and seen["cost"][0].startswith("+1")
    # the police's moves were shown one by one, each with its reason
    lines = " ".join(seen["police_lines"])
    reasons = ("toward the clue", "patrols", "chases") if lang == "en" else ("verso l'indizio", "pattuglia", "insegue")
    assert sum(r in lines for r in reasons) >= 2, lines
    assert "{" not in lines


def test_a_click_off_the_highlight_is_refused_and_changes_nothing(ui):
    app = ui.app(scenes=())
    index = next(i for i, s in enumerate(load_script().steps) if s.say == "move_unseen")
    tut = DiabolikTutorialScene(step=index, persist=False)
    app.stack.push(tut)
    for _ in range(3):          # the board's calm as it opens: the ring comes when a click can play
        ui.frame(app, 0.2)
    point = tut.highlight_point()
    assert point is not None
    played = len(tut.match.log)
    for card in _other_cards(tut):          # the other lit cards too: each a legal move, refused here
        if not tut.coach.contains(card.center):
            ui.click(app, card.center)
    assert tut.refusals >= 1 and len(tut.match.log) == played
    assert "Follow" in (tut.coach.refusal or "")
    ui.click(app, point)
    assert len(tut.match.log) == played + 1 and tut.step.say == "move_sighted"


def _other_cards(tut):
    from game.diabolik.ui.board import column

    expected = tut.step.expected
    return [column(p) for p in range(8) if p != expected.to]


def test_leave_and_resume_from_the_title(ui):
    app = ui.app(scenes=())
    tut = DiabolikTutorialScene()
    app.stack.push(tut)
    ui.frame(app)
    ui.click_widget(app, tut.coach.continue_button)        # past the first note
    ui.frame(app)                                          # (the panel takes its place as it is drawn)
    ui.click_widget(app, tut.coach.continue_button)        # and the second
    ui.frame(app)
    assert tut.step.say == "move_unseen"
    ui.click_widget(app, tut.coach.leave_button)
    saved = Progress.load("diabolik")
    assert saved is not None and saved.step == 2
    open_tutorial(app.stack, "diabolik")
    assert isinstance(app.stack.top, TutorialOfferScene)
    ui.click_widget(app, app.stack.top.resume_button)
    again = app.stack.top
    assert isinstance(again, DiabolikTutorialScene) and again.index == 2 and again.step.say == "move_unseen"


def test_the_sentence_panel_leaves_the_clues_in_sight_while_it_speaks_of_them(ui):
    """The opening notes speak of the clues above the row: the sentence panel stands where it hides
    none of them (it covered both, top right, in the real window)."""
    from game.diabolik.ui.board import CLUE_Y, small_rect

    app = ui.app(scenes=(), lang="it")
    tut = DiabolikTutorialScene()
    app.stack.push(tut)
    ui.frame(app, 0.1)
    notes = 0
    while tut.step.kind == "note":                       # the first notes, before any click
        notes += 1
        clues = tut.shown_view().clues
        assert clues
        for pos in clues:
            assert not tut.coach.rect.collidepoint(small_rect(pos, CLUE_Y).center), (tut.index, pos)
        ui.click_widget(app, tut.coach.continue_button)
        ui.frame(app, 0.1)
    assert notes >= 2


def test_the_title_screens_tutorial_asks_which_game_then_opens_it(ui):
    """Two games have a tutorial: the title's Tutorial lists both by name (in the player's language),
    Back leaves the title as it was, and picking Diabolik opens Diabolik's tutorial."""
    from game.engine.i18n import t
    from game.ui.scenes.title import TitleScene
    from game.ui.tutorial import TutorialPickScene, tutorial_title

    app = ui.app(scenes=("title",), lang="it")
    title = app.stack.top
    assert isinstance(title, TitleScene)
    ui.click_widget(app, title.tutorial_button)
    pick = app.stack.top
    assert isinstance(pick, TutorialPickScene)
    names = [tutorial_title(e) for e in pick.entries]
    assert "Diabolik – Quadruplo furto" in names and len(names) >= 2
    assert t("i13_tutorial.pick.title") == "Quale gioco imparare?"
    ui.click_widget(app, pick.back_button)
    assert app.stack.top is title
    ui.click_widget(app, title.tutorial_button)
    pick = app.stack.top
    ui.frame(app, 0.1)
    button = next(b for b, e in zip(pick.pick_buttons, pick.entries) if e.title == "diabolik")
    ui.click_widget(app, button)
    assert isinstance(app.stack.top, DiabolikTutorialScene)
