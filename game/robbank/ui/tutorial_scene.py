"""How to Rob a Bank's tutorial: the table following the script of data/robbank/tutorial.yaml.

:class:`RobTutorialScene` is the title's table (:class:`RobTableScene`) on the script's game (three
players, open stacks), the player the yellow thief, with the shell's
:class:`game.ui.tutorial.ScriptedTutorial` on top: a sentence panel (the Coach) says what to do, a
gold ring and arrow show where to click, and a click anywhere else is refused with a sentence and
changes nothing. The bank and the red thief are the computer's: their seats wait for the script
(their moves are its ``auto`` steps, played through the session as a computer's moves are, so the
screen stays the yellow thief's and never shows the bank's hand).

The last note is the "Well done" screen: the tutorial ends with the first bag stolen. Each step
saves the progress, so *Leave* (or Esc) goes back to the title and *Tutorial* offers Resume / Start
over. What every tutorial on the shell's table does the same way (the script moving on, the ring,
the panel's place) is :class:`game.ui.tutorial.TableTutorial`'s. Registered as the tutorial
``robbank`` and as the screenshot scene ``robbank-tutorial``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui.registry import register_scene
from game.ui.tutorial import Progress, TableTutorial, register_tutorial, script_fits, step_index

from game.robbank.rules import GuardMove, Grab, Lay, Lock, MoveCar, PlaceCar, Pick, Rotate, Spray, ThiefMove, Vents
from game.robbank.rules.actions import ALARM
from game.robbank.tutorial import Script, Step, load_script
from game.robbank.ui.board import MAP, RIGHT, RobBoard, card_words, deck_card, pieces, room_rect, section_rect
from game.robbank.ui.table import RobTableScene

NAME = "robbank"
COACH_W = 470.0


class ScriptSeat:
    """A computer seat of the tutorial: it waits (its moves come from the script)."""

    def choose(self, view: Any, legal: Any) -> None:
        return None


class RobTutorialScene(TableTutorial, RobTableScene):
    """See the module docstring."""

    board: RobBoard

    coach_width = COACH_W
    coach_clearance = 20
    tutorial_name = NAME

    def __init__(self, script: Script | None = None, step: int = 0, *, persist: bool = True) -> None:
        script = script or load_script()
        match = self.begin_script("robbank", script, step, persist, (RIGHT.left, RIGHT.top, COACH_W, 180))
        others = {s: ScriptSeat() for s in match.state.seats if s != script.player}
        super().__init__(match, computer=others, autosave=False, start_revealed=True)
        self.coach.kicker = t("robbank_tutorial.name")

    # ================================================================ the script's texts
    def sentence(self, step: Step | None = None) -> str:
        step = step or self.step
        values: dict[str, Any] = dict(step.values)
        exp = step.expected
        if isinstance(exp, Lay):
            values["card"] = " + ".join(card_words(exp.stack, deck_card(exp.stack, exp.card)))
        values.setdefault("card", "")
        values["room"] = getattr(exp, "to", getattr(exp, "room", 0)) + 1 if isinstance(
            exp, (ThiefMove, Vents, GuardMove, Rotate)) else ""
        values["section"] = getattr(exp, "section", -1) + 1 if isinstance(exp, (PlaceCar, MoveCar)) else ""
        return t(step.key, **values).strip()

    def play_scripted(self, action: Any) -> None:
        if action.seat == self.player:
            self.play(action)
            return
        played = self.session.apply(action)
        self.played_events(played)
        self.advance()
        self.sync()

    def busy(self) -> bool:
        return self.flip is not None

    # ================================================================ where to click
    def expected_rect(self) -> pygame.FRect | None:
        exp = self.expected()
        if exp is None or self.flip is not None or exp not in self.session.legal():
            return None
        view = self.session.view()
        board = self.board
        for rect, action, _label in board.buttons(view, self.session.legal()):
            if action == exp:
                return pygame.FRect(rect)
        if isinstance(exp, Lay):
            return next((pygame.FRect(r) for r, c in board.hand_rects(view) if c == exp.card), None)
        if isinstance(exp, (PlaceCar, MoveCar)):
            return section_rect(exp.section)
        if isinstance(exp, (ThiefMove, Vents)):
            return room_rect(exp.to).inflate(-8, -8)
        if isinstance(exp, Rotate):
            return room_rect(exp.room).inflate(-8, -8)
        where = pieces(view)
        key: tuple[str, Any] | None = None
        if isinstance(exp, (Grab, Pick, Lock)):
            key = ("alarm", ALARM) if exp.token == ALARM else ("loot", exp.token)
        elif isinstance(exp, Spray):
            key = ("guard", exp.guard)
        if key is not None and key in where:
            x, y = where[key]
            return pygame.FRect(x - 18, y - 18, 36, 36)
        return None

    def expected_choice(self) -> Any:
        exp = self.expected_now()
        if exp is None:
            return None
        view = self.session.view()
        for _rect, action, label in self.board.buttons(view, self.session.legal()):
            if action == exp:
                return SimpleNamespace(action=exp, label=label)
        return SimpleNamespace(action=exp, label=self.sentence())

    def highlight(self) -> tuple[list[pygame.FRect], bool] | None:
        if self.expected_choice() is None:
            return None
        rect = self.expected_rect()
        return ([rect], False) if rect is not None else None

    # ================================================================ the sentence panel's place
    def coach_places(self, height: float) -> list[pygame.FRect]:
        """Over the stacks (top or bottom of the right part) or over the floor plan's road side."""
        return [pygame.FRect(RIGHT.left, RIGHT.top, COACH_W, height),
                pygame.FRect(RIGHT.left, RIGHT.bottom - height, COACH_W, height),
                pygame.FRect(MAP.left + 60, MAP.top + 6, COACH_W, height),
                pygame.FRect(MAP.left + 60, MAP.bottom - height - 6, COACH_W, height)]

    def coach_weights(self, h: Any) -> list[tuple[tuple[float, float], float]]:
        points: list[tuple[tuple[float, float], float]] = []
        if h is not None:
            points += [(r.center, 100.0) for r in h[0]]
        view = self.session.view()
        for (_kind, key), c in pieces(view).items():
            points.append((c, 30.0 if key == self.player else 10.0))
        if view.car is not None:
            points.append((section_rect(view.car).center, 20.0))
        for _stack, col in self.board.stack_columns(view):
            points.append(((col.centerx, col.top + 120), 6.0))
        return points


def progress_fits(progress: Progress) -> bool:
    return script_fits(load_script(), progress)


def _steps() -> int:
    return len(load_script().steps)


def _build(step: int = 0, persist: bool = True) -> RobTutorialScene:
    return RobTutorialScene(step=step, persist=persist)


register_tutorial(NAME, steps=_steps, build=_build, valid=progress_fits, title="robbank")


@register_scene("robbank-tutorial")
def _robbank_tutorial(app: Any, step: str = "grab", **_options: Any) -> RobTutorialScene:
    """The tutorial at one of its steps (``step``: a step's text key, or its number from 1)."""
    scene = _build(step_index(load_script(), step), persist=False)
    scene.time = 0.25
    return scene
