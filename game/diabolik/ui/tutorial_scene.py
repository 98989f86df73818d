"""Diabolik's tutorial: the table following the script of data/diabolik/tutorial.yaml.

:class:`DiabolikTutorialScene` is the title's table (:class:`DiabolikTableScene`) on a real solo
game (the script's config and seed), with the shell's :class:`game.ui.tutorial.ScriptedTutorial`
on top: a sentence panel (the Coach) says what to do, a gold ring and arrow show where to click,
and a click anywhere else is refused with a sentence and changes nothing. Pointing works
everywhere, so the cost of a move (a sighting, +1 danger) shows under the mouse before the click.

The police play inside the rules, so the click that ends Diabolik's turn sets the police phase
going: the table shows it one event at a time, each with its reason, and the tutorial waits for
the show (Space or a click steps through it, as at the table). Notes wait for *Continue*. The last
note is the "Well done" screen: the tutorial ends with the first loot banked, not with the game.

Each step starts by saving the progress, so *Leave* (or Esc) goes back to the title and the
title's *Tutorial* offers Resume / Start over. What every tutorial on the shell's table does the
same way (the script moving on, the ring, the panel's place) is
:class:`game.ui.tutorial.TableTutorial`'s. Registered as the tutorial ``diabolik`` and as the
screenshot scene ``diabolik-tutorial``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui.registry import register_scene
from game.ui.scenes.table import BOARD
from game.ui.tutorial import Progress, ScriptedTutorial, TableTutorial, register_tutorial, script_fits, step_index

from game.diabolik import texts
from game.diabolik.rules import Move
from game.diabolik.tutorial import Script, Step, load_script
from game.diabolik.ui.board import (
    BAR, BAR_TEXT, CLUE_Y, HIDEOUT_Y, LOOT_Y, REVEALED, SHADOW, DiabolikBoard, column, kind, pawn_centres, small_rect,
)
from game.diabolik.ui.table import DiabolikTableScene

NAME = "diabolik"
COACH_W = 540.0
COACH_MARGIN = 12.0
PLACE_VALUES = ("to", "at", "hideout")
WHO_VALUES = ("police",)


class DiabolikTutorialScene(TableTutorial, DiabolikTableScene):
    """See the module docstring. ``step``: where to begin (a resume); ``persist``: save the progress
    (off for screenshots and tests that do not want it)."""

    coach_width = COACH_W
    coach_clearance = 24

    tutorial_name = NAME

    def __init__(self, script: Script | None = None, step: int = 0, *, persist: bool = True) -> None:
        match = self.begin_script("diabolik", script or load_script(), step, persist,
                                  (BOARD.left + COACH_MARGIN, REVEALED.top, COACH_W, 180))
        view = match.state.view(self.player)
        super().__init__(match, autosave=False, start_revealed=True,
                         event_text=texts.texts_for(view.locations, view.danger_max))
        self.coach.kicker = t("diabolik_tutorial.name")

    # ================================================================ the script's texts
    def sentence(self, step: Step | None = None) -> str:
        step = step or self.step
        view = self.session.view()
        values: dict[str, Any] = {}
        for k, v in step.values.items():
            if k in PLACE_VALUES:
                values[k] = texts.place_name(v)
            elif k in WHO_VALUES:
                values[k] = texts.who_name(v)
            else:
                values[k] = v
        pending = getattr(view, "pending", None)
        values["question"] = texts.choice_text(pending, locations=view.locations) if pending is not None else ""
        expected = step.expected
        values["button"] = t(BAR_TEXT[kind(expected)]) if expected is not None and kind(expected) in BAR_TEXT else ""
        return t(step.key, **values).strip()

    def play_scripted(self, action: Any) -> None:
        self.play(action)

    def busy(self) -> bool:
        return self.show is not None

    # ================================================================ where to click
    def expected_choice(self) -> Any:
        """The expected action and a label for the refusal ("Follow the highlight: Vannes")."""
        exp = self.expected_now()
        if exp is None:
            return None
        view = self.session.view()
        board = self.board
        assert isinstance(board, DiabolikBoard)
        for _rect, action, label in board.bar_buttons(view, self.session.legal()):
            if action == exp:
                return SimpleNamespace(action=exp, label=label)
        if kind(exp) == "Move":
            return SimpleNamespace(action=exp, label=board.place(view, int(exp.to)))
        return SimpleNamespace(action=exp, label=self.sentence())

    def highlight(self) -> tuple[list[pygame.FRect], bool] | None:
        """Where the player must click now: the location card of a move, or the bar's button."""
        choice = self.expected_choice()
        if choice is None:
            return None
        view = self.session.view()
        board = self.board
        assert isinstance(board, DiabolikBoard)
        for rect, action, _label in board.bar_buttons(view, self.session.legal()):
            if action == choice.action:
                return [pygame.FRect(rect)], False
        if kind(choice.action) == "Move":
            return [column(int(choice.action.to))], False
        return None

    # ================================================================ input and time
    def handle(self, event: Any) -> bool:
        """The police's show is stepped as at the table (a click, Space, Enter, its buttons); else the
        tutorial's narrowing (ScriptedTutorial.handle)."""
        if self.holding() and not self.finished:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.quit_tutorial()
                return True
            if self.coach.handle(event):
                return True
            return DiabolikTableScene.handle(self, event)
        return ScriptedTutorial.handle(self, event)

    # ================================================================ the sentence panel's place
    def coach_places(self, height: float) -> list[pygame.FRect]:
        """The four corners of the board's two zones the panel may take (the shadow's first: the
        police and the clues stand above the row)."""
        m = COACH_MARGIN
        left, right = BOARD.left + m, BOARD.right - m - COACH_W
        top = REVEALED.top + 2
        bottom = SHADOW.bottom - height - 2
        return [pygame.FRect(x, y, COACH_W, height) for y in (bottom, top) for x in (left, right)]

    def coach_weights(self, h: Any) -> list[tuple[tuple[float, float], float]]:
        """What the panel should not hide: what to click (100), the player's pawn, the loot and the
        clues, the places the step names and the policeman a choice is about (20), the hideout (15),
        the other police (8)."""
        points: list[tuple[tuple[float, float], float]] = []
        if h is not None:
            points += [(r.center, 100.0) for r in h[0]]
            points += [(r.midtop, 60.0) for r in h[0]]
        view = self.shown_view()
        pending = getattr(view, "pending", None)
        named = (getattr(pending, "context", None) or {}).get("who") if pending is not None else None
        for who, centre in pawn_centres(view).items():
            points.append((centre, 20.0 if who in (self.player, named) else 8.0))
        for pos in getattr(view, "loot", ()) or ():
            points.append((small_rect(pos, LOOT_Y).center, 20.0))
        for pos in getattr(view, "clues", ()) or ():   # the sentences speak of the clues too
            points.append((small_rect(pos, CLUE_Y).center, 20.0))
        hideout = getattr(view, "hideout", None)
        if isinstance(hideout, int):
            points.append((small_rect(hideout, HIDEOUT_Y).center, 15.0))
        locations = list(getattr(view, "locations", ()) or ())
        for v in self.step.values.values():
            if v in locations:
                points.append((column(locations.index(v)).center, 20.0))
        return points


# ------------------------------------------------------------------------------------ resuming

def progress_fits(progress: Progress) -> bool:
    """A saved progress still matches the script (a new script, for new rules, starts over)."""
    return script_fits(load_script(), progress)


def _steps() -> int:
    return len(load_script().steps)


def _build(step: int = 0, persist: bool = True) -> DiabolikTutorialScene:
    return DiabolikTutorialScene(step=step, persist=persist)


register_tutorial(NAME, steps=_steps, build=_build, valid=progress_fits, title="diabolik")


@register_scene("diabolik-tutorial")
def _diabolik_tutorial(app: Any, step: str = "move_sighted", **_options: Any) -> DiabolikTutorialScene:
    """The tutorial at one of its steps (``step``: a step's text key, or its number from 1), the
    highlight on what to click; nothing is saved."""
    script = load_script()
    index = step_index(script, step)
    scene = _build(index, persist=False)
    scene.time = 0.25   # the ring mid-pulse
    expected = script.steps[index].expected
    if isinstance(expected, Move):   # the pointer on the card: its cost shows
        scene.point_at = column(expected.to).move(0, 40).center
    return scene


__all__ = ["DiabolikTutorialScene", "BAR", "progress_fits"]
