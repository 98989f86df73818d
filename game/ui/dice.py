"""The dice panel: the rolls of the last throw, tumbling for a moment before they settle.

The faces shown while the dice tumble are for the eye only (a local pseudo-random sequence); the
faces they settle on are the event's own, rolled by the rules' seeded RNG. A title supplies which
events hold rolls (:meth:`DicePanel.rolls_of`, returning :class:`Roll`\\ s) and, if its dice are not
six-sided pips, their faces (:meth:`DicePanel.draw_face`); the "rolling" text is ``rolling_key``.
Everybody hears the dice (``audio.play("dice")``), so a title shows only public rolls here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import audio, theme
from game.ui.widgets import ease

ROLL_TIME = 0.7       # seconds the dice tumble
FRAME_TIME = 0.07     # a new face every frame of the tumble
FADE_TIME = 0.25      # then the verdict fades in
FACES = 6             # the faces a tumbling die shows (1..FACES)
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass
class Roll:
    """One roll to show: its dice, the sentence under them and whether it succeeded."""

    dice: list[int]
    title: str
    detail: str
    success: bool
    verdict: str


@dataclass
class DicePanel:
    """Shows up to two rolls in a rect: :meth:`show` the events of a move, :meth:`update` with the
    time, :meth:`draw` every frame while :attr:`animating`."""

    rolls: list[Roll] = field(default_factory=list)
    age: float = 0.0
    seed: int = 0
    rolling_key = "i12_shell.dice.rolling"   # the text while the dice tumble (a class attribute)
    faces = FACES

    def rolls_of(self, events: list[dict[str, Any]]) -> list[Roll]:
        """The rolls among some log entries: a title's panel says which (none by default)."""
        return []

    @property
    def rolling(self) -> bool:
        return self.age < ROLL_TIME

    @property
    def animating(self) -> bool:
        """Tumbling, or its verdict still fading in."""
        return bool(self.rolls) and self.age < ROLL_TIME + FADE_TIME

    def show(self, events: list[dict[str, Any]]) -> None:
        """Show the rolls among ``events`` (view log entries), if any."""
        rolls = self.rolls_of(events)
        if rolls:
            audio.play("dice")   # the dice are public: everybody may hear them
            self.rolls = rolls
            self.age = 0.0
            self.seed += 1

    def clear(self) -> None:
        self.rolls = []

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, canvas: Any, rect: pygame.FRect) -> None:
        if not self.rolls:
            return
        r = pygame.FRect(rect)
        canvas.fill((10, 16, 32, 235), r, radius=10)
        canvas.border(theme.EDGE, r, width=1, radius=10)
        rows = self.rolls[:2]
        h = r.height / len(rows)
        for i, roll in enumerate(rows):
            self._draw_roll(canvas, roll, pygame.FRect(r.left, r.top + i * h, r.width, h), i)

    def draw_face(self, canvas: Any, box: pygame.FRect, face: int, highlight: bool) -> None:
        """One die showing ``face`` (a title with other dice draws its own)."""
        draw_die(canvas, box, face, highlight=highlight)

    def _draw_roll(self, canvas: Any, roll: Roll, r: pygame.FRect, index: int) -> None:
        size = min(34.0, r.height - 16)
        tumbling = self.rolling
        frame = int(self.age / FRAME_TIME)
        rng = random.Random(self.seed * 1000 + frame * 10 + index)
        x = r.left + 14
        for value in roll.dice:
            face = rng.randint(1, self.faces) if tumbling else value
            wobble = 0.0
            if tumbling:
                k = 1 - ease(min(1.0, self.age / ROLL_TIME))
                wobble = (rng.random() - 0.5) * 10 * k
            box = pygame.FRect(x, r.centery - size / 2 + wobble, size, size)
            self.draw_face(canvas, box, face, not tumbling and roll.success)
            x += size + 8
        tx = r.left + 14 + max(2, len(roll.dice)) * (size + 8) + 6
        w = r.right - tx - 12
        canvas.text(fit(canvas, roll.title, w, 16, theme.BOLD), (tx, r.centery - 19), 16, theme.BOLD, theme.INK)
        if tumbling:
            dots = "." * (1 + frame % 3)
            canvas.text(t(self.rolling_key) + dots, (tx, r.centery + 2), 15, theme.ITALIC, theme.MUTED)
            return
        a = min(1.0, (self.age - ROLL_TIME) / FADE_TIME)
        colour = (120, 210, 140) if roll.success else (236, 120, 112)
        verdict = roll.verdict.upper()
        vw = canvas.measure(verdict, 20, theme.DISPLAY, tracking=1.2)[0]
        canvas.text(verdict, (tx, r.centery + 1), 20, theme.DISPLAY, (*colour, round(255 * a)), tracking=1.2)
        canvas.text(fit(canvas, roll.detail, w - vw - 10, 15, theme.BODY), (tx + vw + 10, r.centery + 3), 15,
                    theme.BODY, (*theme.MUTED, round(255 * a)))


def draw_die(canvas: Any, box: pygame.FRect, face: int, highlight: bool = False) -> None:
    """A six-sided die with pips."""
    canvas.fill((0, 0, 0, 110), box.move(2, 3), radius=box.width * 0.2)
    canvas.fill((246, 240, 226), box, radius=box.width * 0.2)
    canvas.border(theme.GOLD if highlight else (150, 140, 120), box, width=2 if highlight else 1.2,
                  radius=box.width * 0.2)
    step = box.width * 0.27
    for dx, dy in PIPS.get(face, []):
        canvas.circle((30, 28, 34), (box.centerx + dx * step, box.centery + dy * step), box.width * 0.09)


def fit(canvas: Any, text: str, width: float, size: float, face: str) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at ``size``."""
    if width <= 0:
        return ""
    if canvas.measure(text, size, face)[0] <= width:
        return text
    while text and canvas.measure(text + "…", size, face)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


__all__ = ["DicePanel", "Roll", "draw_die", "fit"]
