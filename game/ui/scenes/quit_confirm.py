"""The "Quit Heist Table?" overlay: Yes quits, No (or Esc) goes back to where the player was."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button, dialog_panel

W, H = 680, 330


class QuitConfirmScene(Scene):
    overlay = True
    freeze_below = True  # a modal dialog: the screen below is frozen while it is open

    def __init__(self) -> None:
        super().__init__()
        self.panel = pygame.FRect(0, 0, W, H)
        self.panel.center = (800, 450)
        bw, bh, gap = 230, 62, 24
        y = self.panel.bottom - 40 - bh
        cx = self.panel.centerx
        self.yes_button = Button((cx - gap / 2 - bw, y, bw, bh), lambda: t("common.yes"), self.confirm,
                                 style="danger", icon="exit")
        self.no_button = Button((cx + gap / 2, y, bw, bh), lambda: t("common.no"), self.cancel, icon="back")
        self.widgets = [self.yes_button, self.no_button]
        self.fade = 0.0

    def confirm(self) -> None:
        if self.app is not None:
            self.app.quit()
        elif self.stack is not None:
            self.stack.clear()

    def cancel(self) -> None:
        self.close()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.confirm()
                return True
            if event.key == pygame.K_n:
                self.cancel()
                return True
        super().handle(event)
        return True  # a modal: nothing passes through

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fade = min(1.0, self.fade + dt * 6)

    def draw_under(self, canvas: Canvas) -> None:
        # the veil is drawn at full strength at once, into the frozen snapshot: redrawing a
        # fading full-window veil every frame costs too much at 4K
        backdrop.dim(canvas, 170)

    def draw(self, canvas: Canvas) -> None:
        p = self.panel
        dialog_panel(canvas, p, theme.RED)
        canvas.text(t("quit.title"), (p.centerx, p.top + 58), 60, theme.DISPLAY, theme.INK, anchor="midtop",
                    tracking=1)
        canvas.text(t("quit.body"), (p.centerx, p.top + 138), 24, theme.ITALIC, theme.MUTED, anchor="midtop")
        super().draw(canvas)
