"""The settings screen: language, window size, full screen, volume, mute, music, colour-blind-safe
markers.

Every change applies at once and is saved (``Settings.save``) through the app, so it is remembered
between runs. Esc or Back returns to the previous screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import LANGUAGE_NAMES, LANGUAGES, t
from game.engine.settings import WINDOW_SIZES, Settings
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button, Choice, Panel, Slider, Toggle

PANEL = pygame.FRect(240, 150, 1120, 648)
ROW_H = 84
LABEL_X = PANEL.left + 44
CONTROL_R = PANEL.right - 44
ROWS = ("language", "window", "fullscreen", "volume", "mute", "music", "colourblind")


def size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


class SettingsScene(Scene):
    escape_goes_back = True
    fills_window = True  # the backdrop covers the whole window

    def __init__(self) -> None:
        super().__init__()
        app = None  # filled in enter(); the widgets read the app's values then
        self._app_values(app)
        cy = [PANEL.top + 18 + ROW_H * i + ROW_H / 2 for i in range(len(ROWS))]
        self.row_y = {name: cy[i] for i, name in enumerate(ROWS)}
        cw, ch = 380, 58
        self.language_choice = Choice((CONTROL_R - cw, cy[0] - ch / 2, cw, ch),
                                      [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES], self.values.language,
                                      self._language)
        sizes = list(WINDOW_SIZES)
        w, h = self.values.window_size
        if (w, h) not in sizes:
            sizes.append((w, h))
        self.size_choice = Choice((CONTROL_R - cw, cy[1] - ch / 2, cw, ch),
                                  [(s, size_label(s)) for s in sizes], tuple(self.values.window_size),
                                  self._window_size)
        self.fullscreen_toggle = Toggle((CONTROL_R - 92, cy[2] - 23, 92, 46), self.values.fullscreen,
                                        self._fullscreen)
        self.volume_slider = Slider((CONTROL_R - cw, cy[3] - 24, cw, 48), self.values.volume, self._volume,
                                    on_release=self._volume_done)
        self.mute_toggle = Toggle((CONTROL_R - 92, cy[4] - 23, 92, 46), self.values.muted, self._muted)
        self.music_toggle = Toggle((CONTROL_R - 92, cy[5] - 23, 92, 46), self.values.music, self._music)
        self.colourblind_toggle = Toggle((CONTROL_R - 92, cy[6] - 23, 92, 46), self.values.colourblind,
                                         self._colourblind)
        self.back_button = Button((80, 812, 230, 58), lambda: t("common.back"), self.back, icon="back")
        self.widgets = [self.language_choice, self.size_choice, self.fullscreen_toggle, self.volume_slider,
                        self.mute_toggle, self.music_toggle, self.colourblind_toggle, self.back_button]

    def _app_values(self, app: Any) -> None:
        """The values shown: the app's effective ones (a --lang given for this run included)."""
        s = Settings() if app is None else app.settings
        self.values = Settings(**{**s.__dict__})
        if app is not None:
            self.values.language = app.language
            self.values.window_size = tuple(app.window_size)
            self.values.fullscreen = app.fullscreen

    def enter(self) -> None:
        if self.app is not None:
            self._app_values(self.app)
            self.language_choice.set_value(self.values.language)
            self.size_choice.set_value(tuple(self.values.window_size))
            self.fullscreen_toggle.value = self.values.fullscreen
            self.fullscreen_toggle.anim = 1.0 if self.values.fullscreen else 0.0
            self.volume_slider.value = self.values.volume
            for toggle, value in ((self.mute_toggle, self.values.muted), (self.music_toggle, self.values.music)):
                toggle.value = value
                toggle.anim = 1.0 if value else 0.0
            self.colourblind_toggle.value = self.values.colourblind
            self.colourblind_toggle.anim = 1.0 if self.values.colourblind else 0.0

    # -- changes --------------------------------------------------------------------------------
    def _language(self, lang: str) -> None:
        if self.app is not None:
            self.app.set_language(lang)
        else:
            from game.engine import i18n

            i18n.set_language(lang)

    def _window_size(self, size: tuple[int, int]) -> None:
        if self.app is not None:
            self.app.set_window_size(size)

    def _fullscreen(self, flag: bool) -> None:
        if self.app is not None:
            self.app.set_fullscreen(flag)

    def _volume(self, value: float) -> None:
        if self.app is not None:
            self.app.set_volume(value, save=False)

    def _volume_done(self, value: float) -> None:
        if self.app is not None:
            self.app.set_volume(value, save=True)

    def _muted(self, flag: bool) -> None:
        if self.app is not None:
            self.app.set_muted(flag)

    def _music(self, flag: bool) -> None:
        if self.app is not None:
            self.app.set_music(flag)

    def _colourblind(self, flag: bool) -> None:
        if self.app is not None:
            self.app.set_colourblind(flag)

    def back(self) -> None:
        self.close()

    # -- scene ----------------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        backdrop.menu_page(canvas, t("settings.kicker"), t("settings.title"), top=48)
        Panel(PANEL, fill=(14, 21, 41, 238), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        hint_w = 560
        for i, name in enumerate(ROWS):
            cy = self.row_y[name]
            row = pygame.FRect(PANEL.left + 16, cy - ROW_H / 2 + 4, PANEL.width - 32, ROW_H - 8)
            if row.collidepoint(self.mouse):
                canvas.fill((255, 255, 255, 12), row, radius=12)
            if i:
                canvas.line((38, 52, 84), (PANEL.left + 32, cy - ROW_H / 2), (PANEL.right - 32, cy - ROW_H / 2), 1)
            hint = t(f"settings.{name}_hint")
            lines = canvas.wrap(hint, hint_w, 18, theme.BODY)
            block = 34 + len(lines) * 22
            top = cy - block / 2
            canvas.text(t(f"settings.{name}"), (LABEL_X, top), 27, theme.BOLD, theme.INK)
            canvas.text_box(hint, (LABEL_X, top + 36, hint_w, 60), 18, theme.BODY, theme.MUTED, line_spacing=1.2)
        self._draw_marker_sample(canvas, self.colourblind_toggle.value, self.row_y["colourblind"])
        canvas.text(t("settings.saved"), (PANEL.centerx, PANEL.bottom - 14), 18, theme.ITALIC, theme.FAINT,
                    anchor="midbottom")
        super().draw(canvas)

    def _draw_marker_sample(self, canvas: Canvas, on: bool, cy: float) -> None:
        """Three markers left of the switch: colour only, or colour plus shape and letter."""
        x = CONTROL_R - 92 - 56 - 3 * 52
        for i, (col, shape, letter) in enumerate((((222, 70, 74), "circle", "A"), ((80, 150, 230), "square", "B"),
                                                  ((240, 190, 70), "triangle", "C"))):
            cx = x + i * 52 + 20
            r = 17
            if not on or shape == "circle":
                canvas.circle(col, (cx, cy), r)
                canvas.circle((0, 0, 0, 90), (cx, cy), r, 2)
            elif shape == "square":
                canvas.fill(col, (cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8), radius=3)
            else:
                canvas.polygon(col, [(cx, cy - r * 1.1), (cx + r * 1.1, cy + r * 0.85), (cx - r * 1.1, cy + r * 0.85)])
            if on:
                canvas.text(letter, (cx, cy + (4 if shape == "triangle" else 1)), 18, theme.BOLD, theme.NIGHT,
                            anchor="center")

