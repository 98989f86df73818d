"""The pause: an opaque overlay that hides the board and stops the clocks.

:class:`PauseScene` covers the whole window (the scenes below are not even drawn, as under the
curtain) and, being on top, keeps the scene below from being updated, so a clock that counts in
that scene's ``update`` stops; the :class:`game.ui.clock.Countdown`\\ s given to it are paused too
until Resume. Resume (or Space, P) closes it; Esc is left to the app (it asks whether to quit,
on top of the pause). A title may change its texts (the ``*_key`` attributes) and its tint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.clock import Countdown, clock_text
from game.ui.scene import Scene
from game.ui.widgets import Button


def dark_backdrop(canvas: Canvas, tint: tuple[int, int, int]) -> None:
    """A full-window plain backdrop (nothing of the game below shows through)."""
    canvas.clear(theme.NIGHT)
    canvas.vertical_gradient(None, (10, 14, 30), (4, 6, 14))
    canvas.glow((800, 430), 560, (*tint, 120), squash=0.6)


class PauseScene(Scene):
    """See the module docstring. ``seconds_left`` is the clock shown (None: no clock)."""

    overlay = True
    opaque = True
    fills_window = True
    kicker_key = "i12_shell.pause.kicker"
    title_key = "i12_shell.pause.title"
    clock_key = "i12_shell.pause.clock"          # with {time}
    no_clock_key = "i12_shell.pause.no_clock"
    hint_key = "i12_shell.pause.hint"
    resume_key = "i12_shell.pause.resume"
    layer_name = "shell-pause"
    tint = (60, 80, 140)

    def __init__(self, seconds_left: float | None = None, on_resume: Callable[[], None] | None = None, *,
                 clocks: Sequence[Countdown] = ()) -> None:
        super().__init__()
        self.seconds_left = seconds_left
        self.on_resume = on_resume
        self.clocks = list(clocks)
        for clock in self.clocks:
            clock.pause()
        if seconds_left is None and self.clocks and self.clocks[0].limit is not None:
            self.seconds_left = self.clocks[0].remaining
        self.age = 0.0
        self.resume_button = Button((800 - 170, 600, 340, 64), lambda: t(self.resume_key), self.resume_play,
                                    style="primary", icon="play")
        self.widgets = [self.resume_button]

    def resume_play(self) -> None:
        self.close()
        for clock in self.clocks:
            clock.resume()
        if self.on_resume is not None:
            self.on_resume()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_p):
            if event.key == pygame.K_ESCAPE:
                return False       # the app asks whether to quit, on top of the pause
            self.resume_play()
            return True
        super().handle(event)
        return True              # nothing reaches the hidden scene

    def update(self, dt: float) -> None:
        self.age += dt
        super().update(dt)

    def draw(self, canvas: Canvas) -> None:
        canvas.layer(self.layer_name, lambda c: dark_backdrop(c, self.tint))
        cx = 800
        canvas.text(t(self.kicker_key).upper(), (cx, 250), 22, theme.BOLD, theme.GOLD, anchor="midtop",
                    tracking=6)
        canvas.text(t(self.title_key).upper(), (cx, 290), 120, theme.DISPLAY, theme.INK, anchor="midtop",
                    tracking=3, shadow=(0, 0, 0, 180), shadow_offset=4)
        if self.seconds_left is not None:
            text = t(self.clock_key, time=clock_text(self.seconds_left))
        else:
            text = t(self.no_clock_key)
        canvas.text(text, (cx, 440), 30, theme.BOLD, theme.GOLD_LIGHT, anchor="midtop")
        canvas.text_box(t(self.hint_key), (cx - 380, 496, 760, 80), 19, theme.ITALIC, theme.MUTED,
                        align="center", line_spacing=1.3, max_lines=3)
        super().draw(canvas)
