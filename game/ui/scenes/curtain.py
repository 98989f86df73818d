"""The hot-seat curtain: an opaque overlay between two players' turns.

It hides everything (it paints the whole window, letterbox bars included, and the scenes below it
are not even drawn) until the named player clicks. Clicks in the first half second are ignored,
so a double-click by the previous player cannot lift it by accident.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import audio, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene

VELVET = (112, 18, 30)
VELVET_DARK = (40, 4, 10)
PULSE_TIME = 6.0   # seconds the "click when ready" line pulses; then it stays lit (and the app idles)


def pulse(age: float, start: float = 0.0) -> float:
    """A slow glow between 0.5 and 1 that dies down to a steady 1 after PULSE_TIME seconds."""
    fade = max(0.0, min(1.0, (start + PULSE_TIME - age) / 1.0))
    return 1.0 - 0.25 * fade * (1 - math.sin(age * 2.6))


class CurtainScene(Scene):
    overlay = True
    opaque = True
    fills_window = True
    ARM_DELAY = 0.5  # seconds before a click counts

    def __init__(self, name: str, on_ready: Callable[[], None] | None = None, note: str | None = None):
        super().__init__()
        self.name = name
        self.note = note   # one line under the name: what the next player is called for (public)
        self.on_ready = on_ready
        self.age = 0.0
        self.armed_press = False

    def enter(self) -> None:
        audio.play("curtain")

    @property
    def armed(self) -> bool:
        return self.age >= self.ARM_DELAY

    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.armed_press = self.armed
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self.armed_press:
                self.armed_press = False
                self.reveal()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False  # the app asks whether to quit, on top of the curtain
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP):
            return True  # nothing reaches the hidden scene
        return False

    def reveal(self) -> None:
        self.close()
        if self.on_ready is not None:
            self.on_ready()

    def wants_hand_cursor(self) -> bool:
        return self.armed

    def update(self, dt: float) -> None:
        self.age += dt

    def animating(self) -> bool:
        return self.age < PULSE_TIME + 1.0

    def draw(self, canvas: Canvas) -> None:
        canvas.layer("curtain", _velvet)
        cx = 800
        canvas.text(t("curtain.kicker").upper(), (cx, 318), 22, theme.BOLD, theme.GOLD, anchor="midtop", tracking=6)
        canvas.line(theme.GOLD_DARK, (cx - 180, 360), (cx - 40, 360), 2)
        canvas.line(theme.GOLD_DARK, (cx + 40, 360), (cx + 180, 360), 2)
        canvas.circle(theme.GOLD, (cx, 360), 5)
        title = t("curtain.pass_to", name=self.name).upper()
        size = 120
        while size > 60 and canvas.measure(title, size, theme.DISPLAY, tracking=2)[0] > 1400:
            size -= 4
        canvas.text(title, (cx, 384), size, theme.DISPLAY, theme.INK, anchor="midtop", tracking=2,
                    shadow=(0, 0, 0, 190), shadow_offset=5)
        a = min(1.0, max(0.0, (self.age - self.ARM_DELAY * 0.6) / 0.4))
        if a > 0:
            col = (*theme.GOLD_LIGHT, round(255 * a * pulse(self.age)))
            canvas.text(t("curtain.click_when_ready"), (cx, 556), 34, theme.BOLD, col, anchor="midtop")
        if self.note:
            canvas.text(self.note, (cx, 624), 24, theme.ITALIC, (240, 220, 200), anchor="midtop")
        canvas.text(t("curtain.look_away"), (cx, 820), 22, theme.ITALIC, (226, 190, 190), anchor="midbottom")


def _velvet(c: Canvas) -> None:
    """Red velvet folds across the whole window, darker at the top and bottom, with a gold hem."""
    w, h = c.size
    win = c.window_rect()
    strip = pygame.Surface((w, 1))
    fold = max(1.0, 90 * c.scale)
    for x in range(w):
        u = x / fold
        k = 0.55 + 0.30 * math.sin(u * math.tau) + 0.15 * math.sin(u * math.tau * 2.3 + 1.1)
        k = max(0.0, min(1.0, k))
        strip.set_at((x, 0), [round(VELVET_DARK[i] + (VELVET[i] - VELVET_DARK[i]) * k) for i in range(3)])
    c.surface.blit(pygame.transform.scale(strip, (w, h)), (0, 0))
    shade = pygame.Surface((1, h))
    for y in range(h):
        v = y / max(1, h - 1)
        k = 1.0 - 0.55 * (1 - min(1.0, v / 0.35)) ** 2 - 0.5 * max(0.0, (v - 0.7) / 0.3) ** 2
        g = round(255 * max(0.2, k))
        shade.set_at((0, y), (g, g, g))
    c.surface.blit(pygame.transform.scale(shade, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # a pelmet with a gold fringe at the top
    hem = win.top + 70
    c.fill((70, 8, 18), (win.left, win.top, win.width, 70))
    c.fill(theme.GOLD_DARK, (win.left, hem, win.width, 5))
    fx = win.left
    while fx < win.right:
        c.polygon(theme.GOLD_DARK, [(fx, hem + 5), (fx + 18, hem + 5), (fx + 9, hem + 22)])
        fx += 18
    # a soft pool of light in the middle
    c.glow((800, 450), 620, (90, 40, 30, 255), squash=0.7)
