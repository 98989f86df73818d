"""The title screen: the name, a tagline, Play / Tutorial / Settings / Quit over a night-time blueprint."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import __version__
from game.engine.i18n import t
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.registry import ContinueOffer

LEFT = 120


class TitleScene(Scene):
    fills_window = True  # the backdrop covers the whole window

    def __init__(self, *, look_for_saves: bool = False) -> None:
        super().__init__()
        w = 390
        self.continue_button = Button((LEFT, 0, w, 60), lambda: t("title.continue"), self.continue_game,
                                      style="primary", icon="clock")
        self.play_button = Button((LEFT, 0, w, 60), lambda: t("title.play"), self.open_chooser,
                                  style="primary", icon="play")
        self.tutorial_button = Button((LEFT, 0, w, 60), lambda: t("tutorial.button"),
                                      self.open_tutorial, icon="help")
        self.settings_button = Button((LEFT, 0, w, 60), lambda: t("title.settings"),
                                      self.open_settings, icon="gear")
        self.quit_button = Button((LEFT, 0, w, 60), lambda: t("title.quit"), self.ask_quit,
                                  icon="exit")
        self.widgets = [self.continue_button, self.play_button, self.tutorial_button, self.settings_button,
                        self.quit_button]
        self.look_for_saves = look_for_saves
        self.offer: ContinueOffer | None = None  # (saved_at, note, build) of the latest unfinished game, if any
        self.save_problem: str | None = None   # a sentence: saves that could not be read, and where they are
        self._unreadable: str | None = None    # its part about unreadable files (set aside once, told all session)
        self.time = 0.0
        self._layout()

    def _layout(self) -> None:
        """Four buttons, or five with "Continue" on top (Play is then a plain button)."""
        shown = [b for b in self.widgets if b is not self.continue_button or self.offer is not None]
        h, gap = (66, 20) if len(shown) == 4 else (58, 14)
        self.continue_button.visible = self.offer is not None
        self.play_button.style = "secondary" if self.offer is not None else "primary"
        for i, b in enumerate(shown):
            b.rect = pygame.FRect(LEFT, 460 + i * (h + gap), b.rect.width, h)

    def look_for_game(self) -> None:
        """Is there an unfinished game to continue? (asked on entering, and on coming back)"""
        if not self.look_for_saves:
            return
        from game.engine.saves import unreadable_notice
        from game.ui.registry import latest_continue, refused_notice

        self._unreadable = unreadable_notice() or self._unreadable   # kept for this session
        self.offer = latest_continue()
        # ... and the saves the offers passed over because their moves no longer replay
        self.save_problem = " ".join(s for s in (self._unreadable, refused_notice()) if s) or None
        self._layout()

    def enter(self) -> None:
        self.look_for_game()

    def resume(self) -> None:
        self.look_for_game()

    def continue_game(self) -> None:
        if self.offer is None or self.stack is None:
            return
        for scene in self.offer[2]():
            self.stack.push(scene)

    def open_chooser(self) -> None:
        from game.ui.scenes.chooser import ChooserScene

        assert self.stack is not None  # a scene's buttons work only while it is on the stack
        self.stack.push(ChooserScene())

    def open_tutorial(self) -> None:
        from game.ui.tutorial import open_tutorial

        open_tutorial(self.stack)

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        assert self.stack is not None  # a scene's buttons work only while it is on the stack
        self.stack.push(SettingsScene())

    def ask_quit(self) -> None:
        if self.app is not None:
            self.app.confirm_quit()
        else:
            from game.ui.scenes.quit_confirm import QuitConfirmScene

            assert self.stack is not None  # a scene's buttons work only while it is on the stack
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
        if self.offer is not None:
            b = self.continue_button.rect
            canvas.text(self.offer[1], (b.right + 18, b.centery), 16, theme.ITALIC, theme.MUTED, anchor="midleft")
        if self.save_problem:
            self._draw_save_problem(canvas, self.save_problem)
        canvas.text(t("title.footer"), (LEFT, 862), 18, theme.ITALIC, (150, 160, 184), anchor="bottomleft")
        canvas.text(t("title.version", version=__version__), (1600 - 40, 862), 16, theme.BOLD, theme.FAINT,
                    anchor="bottomright", tracking=1)

    @staticmethod
    def _draw_save_problem(canvas: Canvas, sentence: str) -> None:
        """The sentence about unreadable saves, in a red-edged box with a "!" (not colour alone)."""
        from game.ui.widgets import draw_panel

        x, w, size = 560, 1000, 17
        lines = canvas.wrap(sentence, w - 86, size, theme.BODY)[:6]
        step = canvas.line_height(size, theme.BODY) * 1.2
        h = max(64, 26 + step * len(lines))
        top = 818 - h
        draw_panel(canvas, (x, top, w, h), theme.PANEL, edge=theme.RED, radius=12, accent=theme.RED)
        canvas.circle(theme.RED, (x + 40, top + h / 2), 16)
        canvas.text("!", (x + 40, top + h / 2), 24, theme.BOLD, theme.INK, anchor="center")
        for i, line in enumerate(lines):
            canvas.text(line, (x + 70, top + 13 + i * step), size, theme.BODY, theme.INK)


def back_to_title(stack: Any) -> None:
    """Pop everything down to the title screen (pushing one, which looks for a game to continue,
    if there is none)."""
    if stack is None:
        return
    while stack.top is not None and not isinstance(stack.top, TitleScene):
        stack.pop()
    if stack.top is None:
        stack.push(TitleScene(look_for_saves=True))


def _title_save_problem(app: Any, **_: Any) -> TitleScene:
    """The title screen after a damaged autosave was set aside (for `heist-table screenshot`)."""
    from game.engine.i18n import current_language

    scene = TitleScene()
    folder = "C:\\Users\\Anna\\AppData\\Roaming\\HeistTable\\saves" if current_language() == "it" else \
        "/home/anna/.local/share/heist-table/saves"
    sep = "\\" if "\\" in folder else "/"
    scene.save_problem = t("robust.unreadable_one", reason=t("robust.reason.damaged"),
                           path=f"{folder}{sep}autosave-7f3a9c21.json.corrupt-20261125T082304Z")
    return scene


def _register() -> None:
    from game.ui.registry import register_scene

    register_scene("title-save-problem")(_title_save_problem)


_register()
