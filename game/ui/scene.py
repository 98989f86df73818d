"""Scenes and the scene stack (no window needed: tests drive it directly).

A :class:`Scene` has ``enter()`` (pushed), ``leave()`` (popped or replaced), ``pause()`` /
``resume()`` (covered by a scene pushed on top / uncovered again), ``handle(event) -> bool``
(True when it used the event), ``update(dt)`` and ``draw(canvas)``. Mouse events reach scenes with
``event.pos`` already in logical 1600×900 coordinates (the app maps them).

Only the top scene receives input. A scene flagged ``overlay = True`` is drawn on top of the scene
below it, which keeps drawing and updating but gets no input; an overlay that also sets
``opaque = True`` (the hot-seat curtain) covers the whole window, so nothing below it is drawn.
A scene that paints every pixel itself may set ``fills_window = True`` to spare the app a clear.
A modal overlay may set ``freeze_below = True``: what lies below it is then drawn once into a
snapshot (with the overlay's own ``draw_under``, e.g. a dimming veil) and reused every frame until
``under_key()`` changes, so a dialog costs one blit of the frozen screen plus itself, even at 4K.

A scene that moves by itself (a fade, a timer) says so with ``animating()``: the app draws at
full frame rate while the player acts or a visible scene animates, and otherwise sleeps until an
event comes (waking a few times a second, so clocks still count and show).

A scene reaches the application (settings, quitting, the window) through ``self.app``, which is
the stack's ``app`` and may be None in tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.canvas import Canvas
    from game.ui.widgets import Widget


class Scene:
    overlay: bool = False
    opaque: bool = False
    fills_window: bool = False  # draws every pixel of the window (the app then skips clearing it)
    freeze_below: bool = False  # a modal overlay: the scenes below are drawn once and reused
    escape_goes_back: bool = False  # Esc calls ``back()`` (menus: the same as their Back button)

    def __init__(self) -> None:
        self.stack: SceneStack | None = None
        self.widgets: list[Widget] = []
        self.mouse: tuple[float, float] = (-100000.0, -100000.0)  # last logical mouse position seen
        self._widget_set: tuple | None = None   # the clickable widgets seen at the last update

    @property
    def app(self) -> Any:
        return self.stack.app if self.stack is not None else None

    # -- life cycle ------------------------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack (``self.stack`` is set)."""

    def leave(self) -> None:
        """Popped or replaced (``self.stack`` is still set during the call)."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped; this one has the input again."""

    # -- per frame -------------------------------------------------------------------------
    def handle(self, event: Any) -> bool:
        """Offer the event to the widgets, topmost first; True when one used it."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
        if self.escape_goes_back and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        for widget in reversed(self.widgets):
            if widget.handle(event):
                return True
        return False

    def update(self, dt: float) -> None:
        self.watch_widgets()
        for widget in self.widgets:
            widget.update(dt)

    def watch_widgets(self) -> None:
        """When the set of clickable widgets changes (one appears or goes), every one of them
        ignores presses for a moment (see :data:`game.ui.widgets.CLICK_GUARD`)."""
        current = tuple(id(w) for w in self.widgets if w.visible and w.interactive)
        if current != self.__dict__.get("_widget_set"):
            self._widget_set = current
            for w in self.widgets:
                w.rearm()

    def animating(self) -> bool:
        """True while something on this scene moves by itself (a fade, a timer, a hover light):
        the app draws at full frame rate then; otherwise it sleeps until input comes, waking a
        few times a second for clocks. Scenes with animations of their own extend this."""
        return any(w.animating for w in self.widgets)

    def draw_under(self, canvas: Canvas) -> None:
        """For a ``freeze_below`` overlay: drawn over the scenes below, into the frozen snapshot."""

    def under_key(self) -> Any:
        """For a ``freeze_below`` overlay: the snapshot is redrawn whenever this value changes."""
        return None

    def draw(self, canvas: Canvas) -> None:
        for widget in self.widgets:
            widget.draw(canvas)

    def wants_hand_cursor(self) -> bool:
        """True while the mouse is over something clickable (the app shows a hand cursor)."""
        return any(w.wants_hand for w in self.widgets)

    # -- helpers ---------------------------------------------------------------------------
    def close(self) -> None:
        """Take this scene off the stack (wherever it is)."""
        if self.stack is not None:
            self.stack.remove(self)

    def back(self) -> None:
        """Where Esc leads when ``escape_goes_back``: by default, off the stack."""
        self.close()

    @property
    def is_top(self) -> bool:
        return self.stack is not None and self.stack.top is self


class SceneStack:
    def __init__(self, app: Any = None) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        self._frozen: pygame.Surface | None = None
        self._frozen_key: Any = None

    def __len__(self) -> int:
        return len(self.scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self.scenes

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if scene in self.scenes:
            raise ValueError(f"{type(scene).__name__} is already on the stack")
        if self.scenes:
            self.scenes[-1].pause()
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene:
        if not self.scenes:
            raise IndexError("pop from an empty scene stack")
        scene = self.scenes[-1]
        scene.leave()
        self.scenes.pop()
        scene.stack = None
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for ``scene`` (the one below is neither paused nor resumed)."""
        old = None
        if self.scenes:
            old = self.scenes[-1]
            old.leave()
            self.scenes.pop()
            old.stack = None
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()
        return old

    def remove(self, scene: Scene) -> None:
        """Take a scene off the stack, top or not."""
        if scene is self.top:
            self.pop()
            return
        if scene in self.scenes:
            scene.leave()
            self.scenes.remove(scene)
            scene.stack = None

    def clear(self) -> None:
        while self.scenes:
            self.pop()

    def visible(self) -> list[Scene]:
        """The scenes that draw this frame, bottom first: the top one and what its overlays show."""
        if not self.scenes:
            return []
        i = len(self.scenes) - 1
        while i > 0 and self.scenes[i].overlay and not self.scenes[i].opaque:
            i -= 1
        return self.scenes[i:]

    def handle(self, event: Any) -> bool:
        top = self.top
        return top.handle(event) if top is not None else False

    def animating(self) -> bool:
        """True while a scene that is drawn this frame animates (see :meth:`Scene.animating`)."""
        return any(scene.animating() for scene in self.visible())

    def update(self, dt: float) -> None:
        for scene in self.visible():
            if scene.stack is self:  # a scene may close another during update
                scene.update(dt)

    def draw(self, canvas: Canvas) -> None:
        visible = self.visible()
        top = visible[-1] if visible else None
        if top is None or not top.freeze_below or len(visible) < 2:
            self._frozen = self._frozen_key = None
            for scene in visible:
                scene.draw(canvas)
            return
        below = visible[:-1]
        key = (tuple(id(s) for s in below), id(top), top.under_key(), canvas.surface.get_size())
        if self._frozen is None or self._frozen_key != key:
            snapshot = canvas.surface.copy()
            real = canvas.surface
            canvas.surface = snapshot
            try:
                for scene in below:
                    scene.draw(canvas)
                top.draw_under(canvas)
            finally:
                canvas.surface = real
            self._frozen, self._frozen_key = snapshot, key
        canvas.surface.blit(self._frozen, (0, 0))
        top.draw(canvas)
