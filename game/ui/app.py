"""The application: the window, the frame loop, settings, and quitting from anywhere.

The loop draws at 60 fps while the player acts or a visible scene animates
(:meth:`game.ui.scene.Scene.animating`); when nothing moves it sleeps in ``pygame.event.wait``
until input comes (handled at once) or IDLE_WAIT passes (a frame, so clocks go on), so an idle
window costs next to no CPU.

:class:`App` owns the scene stack and the canvas. It also runs without a window (``surface=`` an
off-screen surface), which is how screenshots and tests drive it: they feed events to
:meth:`App.process` in window pixels, exactly as the loop does.

Quitting: the window's close button quits at once. Esc goes to the top scene first (sub-menus use
it to go back one screen); when no scene uses it, a "Quit Heist Table?" confirmation opens on top
of whatever is showing. F11 or Alt+Enter toggles full screen.

Settings given on the command line (``--lang``, ``--size``, ``--fullscreen``) apply to this run
only: the app keeps the effective values apart from the saved :class:`Settings`, and a change made
in the Settings screen updates both and saves.
"""

from __future__ import annotations

import os
import sys
from typing import Any
from collections.abc import Callable

import pygame

from game.engine import i18n
from game.engine.settings import Settings
from game.ui import audio, theme, widgets
from game.ui.canvas import Canvas
from game.ui.scene import Scene, SceneStack

TITLE = "Heist Table"
FPS = 60
IDLE_WAIT = 0.5      # seconds the loop sleeps waiting for input when nothing moves (then a frame)
ACTIVE_AFTER = 0.5   # seconds of full frame rate after the last input
IDLE_POLL = 0.01     # how often the sleeping loop looks for input
FAR_AWAY = (-100000.0, -100000.0)

_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# events that mean a person is doing something (the loop then runs at full rate for a moment)
_INPUT_EVENTS = frozenset({
    pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
    pygame.KEYUP, pygame.TEXTINPUT, pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.WINDOWSIZECHANGED,
    pygame.WINDOWEXPOSED, pygame.WINDOWENTER, pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWFOCUSLOST, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED,
})


class App:
    def __init__(self, settings: Settings | None = None, *, surface: pygame.Surface | None = None,
                 lang: str | None = None, size: tuple[int, int] | None = None,
                 fullscreen: bool | None = None, persist: bool = True):
        self.settings = settings if settings is not None else Settings()
        self.language = lang or self.settings.language
        w, h = size or self.settings.window_size
        self.window_size = (w, h)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.persist = persist
        self.windowed = surface is None
        self.canvas: Canvas | None = Canvas(surface) if surface is not None else None
        self.stack = SceneStack(self)
        self.running = True
        self.time = 0.0
        self.mouse: tuple[float, float] = FAR_AWAY  # logical
        self._hover_top: Scene | None = None
        self._cursor_hand: bool | None = None
        self.notice: str | None = None  # a sentence to show the player (e.g. a settings problem)
        i18n.set_language(self.language)

    # ------------------------------------------------------------------ window

    def open_window(self) -> None:
        pygame.display.set_caption(TITLE)
        try:
            pygame.display.set_icon(_window_icon())
        except pygame.error:
            pass
        self._set_mode()

    def _set_mode(self) -> None:
        if self.fullscreen:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            surface = pygame.display.set_mode(_fit_to_desktop(self.window_size), pygame.RESIZABLE)
        if self.canvas is None:
            self.canvas = Canvas(surface)
        else:
            self.canvas.set_surface(surface)

    def _apply_window(self) -> None:
        if self.windowed and pygame.display.get_init() and pygame.display.get_surface() is not None:
            self._set_mode()

    # ------------------------------------------------------------------ settings

    def save_settings(self) -> None:
        if not self.persist:
            return
        try:
            self.settings.save()
        except OSError as exc:
            self.notice = f"Settings could not be saved: {exc}"
            print(f"heist-table: {self.notice}", file=sys.stderr)

    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        self.language = lang
        self.settings.language = lang
        self.save_settings()

    def set_window_size(self, size: tuple[int, int]) -> None:
        w, h = size
        self.window_size = (w, h)
        self.settings.window_size = (w, h)
        self.save_settings()
        if not self.fullscreen:
            self._apply_window()

    def set_fullscreen(self, flag: bool) -> None:
        self.fullscreen = flag
        self.settings.fullscreen = flag
        self.save_settings()
        self._apply_window()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_volume(self, volume: float, save: bool = True) -> None:
        self.settings.volume = max(0.0, min(1.0, float(volume)))
        audio.AUDIO.set_volume(self.settings.volume)
        if save:
            self.save_settings()

    def set_muted(self, flag: bool) -> None:
        self.settings.muted = bool(flag)
        audio.AUDIO.set_muted(self.settings.muted)
        self.save_settings()

    def set_music(self, flag: bool) -> None:
        self.settings.music = bool(flag)
        audio.AUDIO.set_music(self.settings.music)
        self.save_settings()

    def set_colourblind(self, flag: bool) -> None:
        self.settings.colourblind = flag
        self.save_settings()

    # ------------------------------------------------------------------ quitting

    def quit(self) -> None:
        self.running = False

    def confirm_quit(self) -> None:
        from game.ui.scenes.quit_confirm import QuitConfirmScene

        if not isinstance(self.stack.top, QuitConfirmScene):
            self.stack.push(QuitConfirmScene())

    # ------------------------------------------------------------------ events

    def to_logical(self, event: Any) -> Any:
        """The event with ``pos`` (and ``rel``) in logical coordinates; ``window_pos`` keeps the pixel."""
        if self.canvas is None:
            return event
        if event.type in _MOUSE_EVENTS and hasattr(event, "pos"):
            data = dict(event.dict)
            data["window_pos"] = event.pos
            data["pos"] = self.canvas.to_logical(event.pos)
            if "rel" in data:
                data["rel"] = (data["rel"][0] / self.canvas.scale, data["rel"][1] / self.canvas.scale)
            return pygame.event.Event(event.type, data)
        if event.type == pygame.MOUSEWHEEL:
            data = dict(event.dict)
            data["pos"] = self.mouse
            return pygame.event.Event(event.type, data)
        return event

    def process(self, event: Any) -> None:
        """Handle one pygame event (positions in window pixels)."""
        kind = event.type
        if kind == pygame.QUIT:
            self.quit()
            return
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surface = pygame.display.get_surface() if self.windowed else None
            if surface is not None and self.canvas is not None:
                self.canvas.set_surface(surface)
            return
        if kind == pygame.WINDOWLEAVE:
            self.mouse = FAR_AWAY
            self.stack.handle(_motion(FAR_AWAY))
            return
        event = self.to_logical(event)
        if kind == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if kind == pygame.KEYDOWN and (event.key == pygame.K_F11 or
                                       (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
            self.toggle_fullscreen()
            return
        used = self.stack.handle(event)
        if not used and kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.confirm_quit()

    # ------------------------------------------------------------------ frame

    def update(self, dt: float, real_dt: float | None = None) -> None:
        """One frame: ``dt`` for the scenes (capped by the loop), ``real_dt`` (default ``dt``) the
        time that really passed, for the widgets' guard against stale clicks."""
        self.time += dt
        widgets.CLOCK.advance(dt if real_dt is None else real_dt)
        top = self.stack.top
        if top is not self._hover_top:
            # a new scene on top learns where the mouse is, so hover shows without a move
            self._hover_top = top
            if top is not None:
                top.handle(_motion(self.mouse))
        self.stack.update(dt)
        if not self.stack.scenes:
            self.quit()

    def draw(self) -> None:
        if self.canvas is None:
            return
        visible = self.stack.visible()
        if not visible or not visible[0].fills_window:
            self.canvas.clear(theme.NIGHT)
        self.stack.draw(self.canvas)

    def _update_cursor(self) -> None:
        top = self.stack.top
        hand = bool(top is not None and top.wants_hand_cursor())
        if hand != self._cursor_hand:
            self._cursor_hand = hand
            try:
                pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
            except pygame.error:
                pass

    def busy(self, since_input: float) -> bool:
        """Whether the next frame should come at full rate: the player acted less than
        ACTIVE_AFTER seconds ago, or a visible scene animates. Otherwise the loop sleeps until an
        event comes, or for IDLE_WAIT (clocks go on counting, a few frames a second)."""
        return since_input < ACTIVE_AFTER or self.stack.animating()

    def run(self) -> int:
        clock = pygame.time.Clock()
        # HEIST_TABLE_EXIT_AFTER_FIRST_FRAME=1: draw one frame, say so, and stop (cold-start benchmark)
        first_frame_only = os.environ.get("HEIST_TABLE_EXIT_AFTER_FIRST_FRAME") == "1"
        last = last_input = pygame.time.get_ticks()
        while self.running:
            now = pygame.time.get_ticks()
            if self.busy((now - last_input) / 1000.0):
                clock.tick(FPS)
                events = pygame.event.get()
                cap = 0.1
            else:
                events = _wait_for_events(IDLE_WAIT)
                cap = IDLE_WAIT + 0.1
            now = pygame.time.get_ticks()
            real, last = max(0.0, (now - last) / 1000.0), now
            for event in events:
                if event.type in _INPUT_EVENTS:
                    last_input = now
                self.process(event)
                if not self.running:
                    break
            if not self.running:
                break
            self.update(min(real, cap), real)
            self.draw()
            self._update_cursor()
            pygame.display.flip()
            if first_frame_only:
                print("heist-table: first frame drawn", flush=True)
                break
        return 0


def _wait_for_events(timeout: float) -> list[Any]:
    """Sleep until events come (returned at once, within IDLE_POLL) or ``timeout`` passes.

    Not ``pygame.event.wait(timeout)``: pygame-ce polls for it every millisecond, which alone
    costs 2 % of a core; polling every IDLE_POLL seconds costs a tenth of that, and a delay of
    at most 10 ms before a click is handled is well under one frame."""
    deadline = pygame.time.get_ticks() + int(timeout * 1000)
    while True:
        events = pygame.event.get()
        if events or pygame.time.get_ticks() >= deadline:
            return events
        pygame.time.wait(int(IDLE_POLL * 1000))


def _motion(pos: tuple[float, float]) -> Any:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), synthetic=True)


def _fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size``, shrunk (same aspect) when it would not fit the desktop."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return size
    if not desktops:
        return size
    dw, dh = desktops[0]
    if dw <= 0 or dh <= 0:
        return size
    k = min(1.0, dw * 0.96 / size[0], dh * 0.90 / size[1])
    return (max(320, int(size[0] * k)), max(180, int(size[1] * k)))


def _window_icon() -> pygame.Surface:
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    canvas = Canvas(icon, (64, 64))
    canvas.fill(theme.NAVY, (0, 0, 64, 64), radius=12)
    canvas.border(theme.GOLD, (2, 2, 60, 60), 2, radius=11)
    canvas.text("HT", (32, 35), 40, theme.DISPLAY, theme.GOLD, anchor="center")
    return icon


def run_app(lang: str | None = None, size: tuple[int, int] | None = None, fullscreen: bool = False,
            scenes: Callable[[], list[Scene]] | None = None) -> int:
    """Open the game window and run until the player quits; returns the exit code.

    ``scenes()`` builds the scenes to push, bottom first, once the window is open (default: the
    title screen). An uncaught exception closes the window and becomes a crash report
    (:mod:`game.crash`)."""
    from game.crash import guard

    return guard(_run_app, lang, size, fullscreen, scenes)


def _run_app(lang: str | None, size: tuple[int, int] | None, fullscreen: bool,
             scenes: Callable[[], list[Scene]] | None = None) -> int:
    from game.ui.scenes.title import TitleScene

    settings, warning = Settings.load()
    if warning:
        print(f"heist-table: {warning}", file=sys.stderr)
    # command-line choices are for this run only; --size alone means a window of that size
    full = True if fullscreen else (False if size else None)
    # Only what the game uses; the mixer is opened by game.ui.audio, which stays silent (and
    # quiet on stderr) when there is no sound card.
    pygame.display.init()
    pygame.font.init()
    audio.AUDIO.init(settings.volume, settings.muted, settings.music)
    try:
        app = App(settings, lang=lang, size=size, fullscreen=full)
        app.notice = warning
        app.open_window()
        for scene in (scenes() if scenes is not None else [TitleScene(look_for_saves=True)]):
            app.stack.push(scene)
        return app.run()
    finally:
        from game.ui.canvas import clear_font_cache

        clear_font_cache()   # fonts die with pygame.quit(); a later run_app opens new ones
        audio.AUDIO.quit()
        pygame.quit()
