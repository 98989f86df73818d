"""A countdown with warnings at chosen marks, and the banner that tells them.

:class:`Countdown` is the timing alone (no pygame, no drawing, unit-tested): ``limit`` seconds
(None: no clock), what is ``left``, the ``marks`` it warns at (seconds left, e.g. 5 and 1 minute);
:meth:`Countdown.tick` counts ``dt`` down unless the clock is paused, and returns what happened
in that tick: the marks passed (a mark warns only when the clock started above it, so a 3-minute
clock does not warn at 5), and "up" when it reached 0. A scene that is covered (the pause, the
curtain) is not updated, so its clock stops by itself; :meth:`Countdown.pause` stops it too.

:class:`Banner` is a warning's life on screen (:data:`BANNER_TIME` seconds, fading in and out) and
:func:`draw_banner` draws one. :func:`clock_text` writes seconds as m:ss.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

BANNER_TIME = 4.0     # seconds a warning banner stays
UP = "up"             # what tick() reports when the clock reaches 0


def clock_text(seconds: float) -> str:
    """``seconds`` (rounded up) as m:ss: 299.2 → "5:00"."""
    secs = max(0, math.ceil(seconds))
    return f"{secs // 60}:{secs % 60:02d}"


@dataclass
class Countdown:
    """See the module docstring. ``left`` starts at ``limit`` unless given (a resumed game)."""

    limit: float | None
    marks: tuple[float, ...] = ()
    left: float | None = None
    paused: bool = False
    warned: list[float] = field(default_factory=list)   # the marks already told, in order

    def __post_init__(self) -> None:
        if self.left is None:
            self.left = math.inf if self.limit is None else float(self.limit)
        else:
            self.left = float(self.left) if self.limit is None else float(min(self.left, self.limit))

    @property
    def running(self) -> bool:
        return self.limit is not None and not self.paused and self.remaining > 0

    @property
    def remaining(self) -> float:
        assert self.left is not None
        return self.left

    @property
    def is_up(self) -> bool:
        return self.limit is not None and self.remaining <= 0

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    def tick(self, dt: float) -> list[Any]:
        """Count ``dt`` seconds down (nothing while paused, unlimited or up): the marks passed, then
        :data:`UP` if the clock ran out in this tick."""
        if not self.running:
            return []
        before = self.remaining
        self.left = max(0.0, before - dt)
        assert self.limit is not None
        out: list[Any] = [m for m in self.marks if before > m >= self.left and self.limit > m]
        self.warned.extend(out)
        if self.left <= 0:
            out.append(UP)
        return out

    def minute_changed(self, before: float) -> bool:
        """Whether the whole minute shown changed since ``before`` seconds were left (a moment to save)."""
        return math.ceil(before / 60) != math.ceil(self.remaining / 60)


@dataclass
class Banner:
    """A warning on screen: its text key (and values), its age; gone after ``life`` seconds."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    age: float = 0.0
    life: float = BANNER_TIME

    @property
    def gone(self) -> bool:
        return self.age > self.life

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def alpha(self) -> float:
        """0..1: fades in over 0.2 s and out over the last 0.5 s."""
        return max(0.0, min(1.0, self.age / 0.2, (self.life - self.age) / 0.5))

    @property
    def flash(self) -> float:
        """0..1, blinking for the first 1.5 s, then steady."""
        return 0.5 + 0.5 * math.cos(self.age * 9) if self.age < 1.5 else 1.0


def draw_banner(canvas: Any, banner: Banner, centre_top: tuple[float, float], *, urgent: bool,
                width: float = 620) -> None:
    """A warning banner (gold, or red when ``urgent``) with a clock icon, at ``centre_top``."""
    import pygame

    from game.engine.i18n import t
    from game.ui import theme
    from game.ui.dice import fit
    from game.ui.widgets import mix

    a = banner.alpha
    r = pygame.FRect(0, 0, width, 74)
    r.midtop = centre_top
    flash = banner.flash
    fill = mix((150, 34, 42), (222, 70, 74), flash) if urgent else mix((150, 104, 30), (240, 184, 72), flash)
    canvas.fill((0, 0, 0, round(120 * a)), r.move(3, 5), radius=14)
    canvas.fill((*fill[:3], round(245 * a)), r, radius=14)
    canvas.border((*theme.INK[:3], round(220 * a)), r, width=2, radius=14)
    theme.icon(canvas, "clock", (r.left + 40, r.centery), 34, (*theme.INK[:3], round(255 * a)))
    text = t(banner.key, **banner.values)
    canvas.text(fit(canvas, text, r.width - 100, 30, theme.DISPLAY), (r.centerx + 20, r.centery + 2), 30,
                theme.DISPLAY, (*theme.INK[:3], round(255 * a)), anchor="center", tracking=1)
