"""UI tests run headless: SDL's dummy drivers, an off-screen surface, events fed to App.process."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _headless_and_private(tmp_path, monkeypatch):
    """Each test: its own user folder, English at the start, English again afterwards."""
    monkeypatch.setenv("HEIST_TABLE_HOME", str(tmp_path / "ui-home"))
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class UI:
    """Build a headless App and drive it with the mouse and keyboard, in window pixels."""

    def app(self, size=(1600, 900), lang=None, persist=True, settings=None, scenes=("title",), **kw):
        """An App on an off-screen surface; ``lang`` overrides the settings' language for this run."""
        from game.engine.settings import Settings
        from game.ui.app import App
        from game.ui.registry import build_scenes

        surface = pygame.Surface(size)
        if settings is None:
            settings, lang = Settings(language=lang or "en"), None
        app = App(settings, surface=surface, lang=lang, persist=persist, **kw)
        for name in scenes:
            for scene in build_scenes(name, app):
                app.stack.push(scene)
        app.update(0.02)
        return app

    @staticmethod
    def move(app, logical):
        px = app.canvas.point_px(logical)
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=px, rel=(0, 0), buttons=(0, 0, 0)))

    def click(self, app, logical, button=1):
        """A person's click: after a moment, so the widgets' guard against stale clicks has passed."""
        from game.ui.widgets import CLICK_GUARD, CLOCK

        CLOCK.advance(CLICK_GUARD + 0.01)
        self.move(app, logical)
        px = app.canvas.point_px(logical)
        app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=button))
        app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px, button=button))
        app.update(0.02)

    def click_widget(self, app, widget):
        self.click(app, widget.rect.center)

    @staticmethod
    def key(app, key, mod=0):
        app.process(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        app.update(0.02)

    @staticmethod
    def frame(app, dt=0.02):
        app.update(dt)
        app.draw()
        return app.canvas.surface

    def open_table(self, scene, match, lang=None, **options):
        """An app showing ``match`` at the table registered as ``scene`` (a title's ``table_scene``;
        not saved unless ``autosave``), in ``lang``."""
        from game.ui.registry import build_scenes

        app = self.app(scenes=(), lang=lang)
        options.setdefault("autosave", False)
        for built in build_scenes(scene, app, match=match, **options):
            app.stack.push(built)
        app.update(0.02)
        return app

    @staticmethod
    def drawn_texts(app):
        """Every text drawn in the next frame (the canvas's text and text_box, its cached layers
        drawn afresh; the canvas is put back afterwards)."""
        drawn: list[str] = []
        canvas = app.canvas
        real, real_box = canvas.text, canvas.text_box
        canvas.text = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
        canvas.text_box = lambda text, *a, **k: (drawn.append(text), real_box(text, *a, **k))[1]
        try:
            canvas._layers.clear()
            app.update(0.02)
            app.draw()
        finally:
            del canvas.text, canvas.text_box
        return drawn


@pytest.fixture
def ui():
    return UI()
