"""The title screen: the name, a tagline, Play / Tutorial / Settings / Quit over a night-time blueprint."""

from __future__ import annotations

from typing import Any


from game import __version__
from game.engine.i18n import t
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button

LEFT = 120


class TitleScene(Scene):
    fills_window = True  # the backdrop covers the whole window

    def __init__(self) -> None:
        super().__init__()
        w, h, gap = 390, 66, 20
        y = 460
        self.play_button = Button((LEFT, y, w, h), lambda: t("title.play"), self.open_chooser,
                                  style="primary", icon="play")
        self.tutorial_button = Button((LEFT, y + h + gap, w, h), lambda: t("tutorial.button"),
                                      self.open_tutorial, icon="?")
        self.settings_button = Button((LEFT, y + 2 * (h + gap), w, h), lambda: t("title.settings"),
                                      self.open_settings, icon="gear")
        self.quit_button = Button((LEFT, y + 3 * (h + gap), w, h), lambda: t("title.quit"), self.ask_quit,
                                  icon="exit")
        self.widgets = [self.play_button, self.tutorial_button, self.settings_button, self.quit_button]
        self.time = 0.0

    def open_chooser(self) -> None:
        from game.ui.scenes.chooser import ChooserScene

        self.stack.push(ChooserScene())

    def open_tutorial(self) -> None:
        from game.ui.tutorial import open_tutorial

        open_tutorial(self.stack)

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.stack.push(SettingsScene())

    def ask_quit(self) -> None:
        if self.app is not None:
            self.app.confirm_quit()
        else:
            from game.ui.scenes.quit_confirm import QuitConfirmScene

            self.stack.push(QuitConfirmScene())

    def handle(self, event: Any) -> bool:
        # Esc is left to the app: on the title screen it asks whether to quit.
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    def draw(self, canvas: Canvas) -> None:
        backdrop.night_blueprint(canvas, "title")
        backdrop.draw_route(canvas, self.time)
        canvas.text(t("title.kicker").upper(), (LEFT + 4, 132), 19, theme.BOLD, theme.GOLD, tracking=4.5)
        name = t("app.name").upper()
        first, _, rest = name.partition(" ")
        shadow = (0, 0, 0, 170)
        r = canvas.text(first, (LEFT - 4, 168), 200, theme.DISPLAY, theme.INK, shadow=shadow, shadow_offset=5)
        if rest:
            canvas.text(rest, (r.right + 22, 168), 200, theme.DISPLAY, theme.GOLD, shadow=shadow, shadow_offset=5)
        canvas.fill(theme.GOLD, (LEFT, 384, 72, 4))
        canvas.text(t("app.tagline"), (LEFT, 404), 30, theme.ITALIC, theme.MUTED)
        super().draw(canvas)
        canvas.text(t("title.footer"), (LEFT, 862), 18, theme.ITALIC, (150, 160, 184), anchor="bottomleft")
        canvas.text(t("title.version", version=__version__), (1600 - 40, 862), 16, theme.BOLD, theme.FAINT,
                    anchor="bottomright", tracking=1)


