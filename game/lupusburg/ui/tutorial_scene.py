"""Lupusburg's tutorial: the table following the script of data/lupusburg/tutorial.yaml.

:class:`LupusTutorialScene` is the title's table (:class:`LupusTableScene`) on the script's game
(four players, Red the first Burgomaster), the player Red, with the shell's
:class:`game.ui.tutorial.TableTutorial` on top: a sentence panel (the Coach) says what to do, a gold
ring and arrow show where to click, and a click anywhere else is refused with a sentence and changes
nothing. Blue, Green and Yellow wait for the script: their moves are its ``auto`` steps, written in
the script itself (so the tutorial needs no computer player), played through the session as a
computer's moves are, so the screen stays Red's and never shows another seat's cards.

The bet takes two clicks (the coin, then the player): the ring moves from the coin to Green's plate
once the coin is picked. The last note is the "Well done" screen: the tutorial ends with the
Werewolf's character lynched, the game under way. Registered as the tutorial ``lupusburg`` and as
the screenshot scene ``lupusburg-tutorial``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui.registry import register_scene
from game.ui.scenes.table import PANEL
from game.ui.tutorial import Progress, TableTutorial, register_tutorial, script_fits, step_index

from game.lupusburg.rules.actions import EndDiscussion, GiveBroom, Keep, Place, ShowBack
from game.lupusburg.tutorial import Script, Step, load_script
from game.lupusburg.ui.board import RING, house_rect, plate_rect
from game.lupusburg.ui.table import LupusTableScene

NAME = "lupusburg"
COACH_W = 436.0


class ScriptSeat:
    """A seat of the tutorial played by the script: it waits (its moves are the script's)."""

    def choose(self, view: Any, legal: Any) -> None:
        return None


class LupusTutorialScene(TableTutorial, LupusTableScene):
    """See the module docstring."""

    coach_width = COACH_W
    coach_clearance = 16
    tutorial_name = NAME

    def __init__(self, script: Script | None = None, step: int = 0, *, persist: bool = True) -> None:
        script = script or load_script()
        match = self.begin_script("lupusburg", script, step, persist, (RING.left + 10, RING.top + 10, COACH_W, 180))
        others = {s: ScriptSeat() for s in match.state.seats if s != script.player}
        super().__init__(match, computer=others, autosave=False, start_revealed=True)
        self.coach.kicker = t("lupusburg_tutorial.name")

    # ================================================================ the script's texts
    def sentence(self, step: Step | None = None) -> str:
        step = step or self.step
        return t(step.key, **dict(step.values)).strip()

    def play_scripted(self, action: Any) -> None:
        if action.seat == self.player:
            self.play(action)
            return
        played = self.session.apply(action)
        self.heard(played)
        self.advance()
        self.sync()

    def computer_waits(self) -> bool:
        return True     # the other seats move only by the script

    # ================================================================ where to click
    def expected_rect(self) -> pygame.FRect | None:
        exp = self.expected()
        if exp is None or exp not in self.session.legal():
            return None
        board = self.board
        view, legal = self.shown_view(), self.shown_legal()
        seats = board.seats
        if isinstance(exp, EndDiscussion):
            return pygame.FRect(self.end_button.rect)
        for rect, action, _label in board.buttons(view, legal):
            if action == exp:
                return pygame.FRect(rect)
        if isinstance(exp, Keep):
            if board.picked != exp.coin:
                return next((pygame.FRect(r) for r, v in board.coin_rects(view) if v == exp.coin), None)
            return plate_rect(seats, exp.target)
        if isinstance(exp, GiveBroom):
            return plate_rect(seats, exp.player)
        if isinstance(exp, Place):
            return house_rect(seats, exp.seat, exp.chest).inflate(10, 10)
        if isinstance(exp, ShowBack):
            return house_rect(seats, exp.seat, exp.side).inflate(10, 10)
        if hasattr(exp, "player") and hasattr(exp, "side"):
            return house_rect(seats, exp.player, exp.side).inflate(10, 10)
        return None

    def expected_choice(self) -> Any:
        exp = self.expected_now()
        if exp is None:
            return None
        for _rect, action, label in self.board.buttons(self.shown_view(), self.shown_legal()):
            if action == exp:
                return SimpleNamespace(action=exp, label=label)
        if isinstance(exp, EndDiscussion):
            return SimpleNamespace(action=exp, label=t("lupusburg_ui.button.end_discussion"))
        return SimpleNamespace(action=exp, label=self.sentence())

    def expected_now(self) -> Any:
        exp = self.expected()
        if exp is None or self.busy() or self.calming() or exp not in self.session.legal():
            return None
        return exp

    def highlight(self) -> tuple[list[pygame.FRect], bool] | None:
        if self.expected_choice() is None:
            return None
        rect = self.expected_rect()
        return ([rect], False) if rect is not None else None

    # ================================================================ the sentence panel's place
    def coach_places(self, height: float) -> list[pygame.FRect]:
        """Over the side panel's foot (the history is short in the tutorial's first day), else one of
        the ring's corners."""
        left, right = RING.left + 10, RING.right - 10 - COACH_W
        top, bottom = RING.top + 10, RING.bottom - 10 - height
        return [pygame.FRect(PANEL.centerx - COACH_W / 2, PANEL.bottom - 14 - height, COACH_W, height),
                pygame.FRect(right, top, COACH_W, height), pygame.FRect(left, bottom, COACH_W, height),
                pygame.FRect(right, bottom, COACH_W, height), pygame.FRect(left, top, COACH_W, height)]

    def coach_weights(self, h: Any) -> list[tuple[tuple[float, float], float]]:
        points: list[tuple[tuple[float, float], float]] = []
        if h is not None:
            points += [(r.center, 100.0) for r in h[0]]
            points += [(r.midtop, 100.0) for r in h[0]]
        geo = self.board.geometry()
        for r in geo["houses"].values():
            points.append((r.center, 10.0))
        for r in geo["plates"].values():
            points.append((r.center, 8.0))
        return points


def progress_fits(progress: Progress) -> bool:
    return script_fits(load_script(), progress)


def _steps() -> int:
    return len(load_script().steps)


def _build(step: int = 0, persist: bool = True) -> LupusTutorialScene:
    return LupusTutorialScene(step=step, persist=persist)


register_tutorial(NAME, steps=_steps, build=_build, valid=progress_fits, title="lupusburg")


@register_scene("lupusburg-tutorial")
def _lupusburg_tutorial(app: Any, step: str = "privilege", **_options: Any) -> LupusTutorialScene:
    """The tutorial at one of its steps (``step``: a step's text key, or its number from 1)."""
    scene = _build(step_index(load_script(), step), persist=False)
    scene.time = 0.25
    return scene
