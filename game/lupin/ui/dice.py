"""The dice panel: the rolls of the last shot or blow, tumbling for a moment before they settle.

The faces shown while the dice tumble are for the eye only (a local pseudo-random sequence);
the faces they settle on are the event's own ``dice``, rolled by the rules' seeded RNG.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.i18n import t
from game.lupin.ui.choices import figure_name
from game.ui import audio, theme
from game.ui.widgets import ease

ROLL_TIME = 0.7       # seconds the dice tumble
FRAME_TIME = 0.07     # a new face every frame of the tumble
FADE_TIME = 0.25      # then the verdict fades in
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
    rolls: list[Roll] = field(default_factory=list)
    age: float = 0.0
    seed: int = 0

    @property
    def rolling(self) -> bool:
        return self.age < ROLL_TIME

    @property
    def animating(self) -> bool:
        """Tumbling, or its verdict still fading in."""
        return bool(self.rolls) and self.age < ROLL_TIME + FADE_TIME

    def show(self, events: list[dict[str, Any]]) -> None:
        """Show the rolls among ``events`` (view log entries), if any."""
        rolls = rolls_of(events)
        if rolls:
            audio.play("dice")   # shots and blows are public: everybody may hear the dice
            self.rolls = rolls
            self.age = 0.0
            self.seed += 1

    def clear(self) -> None:
        self.rolls = []

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, canvas, rect: pygame.FRect) -> None:
        if not self.rolls:
            return
        r = pygame.FRect(rect)
        canvas.fill((10, 16, 32, 235), r, radius=10)
        canvas.border(theme.EDGE, r, width=1, radius=10)
        rows = self.rolls[:2]
        h = r.height / len(rows)
        for i, roll in enumerate(rows):
            self._draw_roll(canvas, roll, pygame.FRect(r.left, r.top + i * h, r.width, h), i)

    def _draw_roll(self, canvas, roll: Roll, r: pygame.FRect, index: int) -> None:
        size = min(34.0, r.height - 16)
        tumbling = self.rolling
        frame = int(self.age / FRAME_TIME)
        rng = random.Random(self.seed * 1000 + frame * 10 + index)
        x = r.left + 14
        for j, value in enumerate(roll.dice):
            face = rng.randint(1, 6) if tumbling else value
            wobble = 0.0
            if tumbling:
                k = 1 - ease(min(1.0, self.age / ROLL_TIME))
                wobble = (rng.random() - 0.5) * 10 * k
            box = pygame.FRect(x, r.centery - size / 2 + wobble, size, size)
            draw_die(canvas, box, face, highlight=not tumbling and roll.success)
            x += size + 8
        tx = r.left + 14 + max(2, len(roll.dice)) * (size + 8) + 6
        w = r.right - tx - 12
        canvas.text(fit(canvas, roll.title, w, 16, theme.BOLD), (tx, r.centery - 19), 16, theme.BOLD, theme.INK)
        if tumbling:
            dots = "." * (1 + frame % 3)
            canvas.text(t("lupin.play.rolling") + dots, (tx, r.centery + 2), 15, theme.ITALIC, theme.MUTED)
            return
        a = min(1.0, (self.age - ROLL_TIME) / FADE_TIME)
        colour = (120, 210, 140) if roll.success else (236, 120, 112)
        verdict = roll.verdict.upper()
        vw = canvas.measure(verdict, 20, theme.DISPLAY, tracking=1.2)[0]
        canvas.text(verdict, (tx, r.centery + 1), 20, theme.DISPLAY, (*colour, round(255 * a)), tracking=1.2)
        canvas.text(fit(canvas, roll.detail, w - vw - 10, 15, theme.BODY), (tx + vw + 10, r.centery + 3), 15,
                    theme.BODY, (*theme.MUTED, round(255 * a)))


def draw_die(canvas, box: pygame.FRect, face: int, highlight: bool = False) -> None:
    canvas.fill((0, 0, 0, 110), box.move(2, 3), radius=box.width * 0.2)
    canvas.fill((246, 240, 226), box, radius=box.width * 0.2)
    canvas.border(theme.GOLD if highlight else (150, 140, 120), box, width=2 if highlight else 1.2,
                  radius=box.width * 0.2)
    step = box.width * 0.27
    for dx, dy in PIPS.get(face, []):
        canvas.circle((30, 28, 34), (box.centerx + dx * step, box.centery + dy * step), box.width * 0.09)


def fit(canvas, text: str, width: float, size: float, face: str) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at ``size``."""
    if width <= 0:
        return ""
    if canvas.measure(text, size, face)[0] <= width:
        return text
    while text and canvas.measure(text + "…", size, face)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def rolls_of(events: list[dict[str, Any]]) -> list[Roll]:
    """The dice rolls among some view log entries (shots, blows and dodges)."""
    out: list[Roll] = []
    for e in events:
        if e.get("kind") not in ("shot", "melee") or not e.get("dice"):
            continue
        who, target = figure_name(str(e.get("figure", ""))), figure_name(str(e.get("target", "")))
        dice = list(e["dice"])
        skill = e.get("skill") or 0
        need = e.get("need", 12)
        total = sum(dice) + skill
        key = "lupin.play.dice_shot" if e["kind"] == "shot" else (
            "lupin.play.dice_counter" if e.get("counter") else "lupin.play.dice_melee")
        title = t(key, who=who, target=target)
        detail = t("lupin.play.dice_total", total=total, need=need) if skill else \
            t("lupin.play.dice_sum", total=total, need=need)
        dodge = e.get("dodge")
        landed = sum(dice) + skill >= need
        out.append(Roll(dice, title, detail, bool(e.get("hit")),
                        t("lupin.play.hit") if e.get("hit") else t("lupin.play.miss")))
        if dodge and landed:
            out[-1] = Roll(dice, title, detail, True, t("lupin.play.hit"))
            out.append(Roll([int(dodge["die"])], t("lupin.play.dice_dodge", who=target),
                            t("lupin.play.dice_dodge_detail", n=dodge["agility"]), bool(dodge["dodged"]),
                            t("lupin.play.dodged") if dodge["dodged"] else t("lupin.play.not_dodged")))
    return out[-2:]


__all__ = ["DicePanel", "Roll", "draw_die", "fit", "rolls_of"]
