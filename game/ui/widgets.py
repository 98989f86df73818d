"""Mouse-driven widgets drawn through the Canvas: Button, Toggle, Slider, Choice, Panel, Card, Label.

They are hand-written on purpose. pygame-gui (the usual library) lays out and renders its widgets
at a fixed pixel size on its own surfaces; in a window scaled from a 1600×900 logical layout those
surfaces would have to be stretched, which blurs text at 4K. These widgets live in logical
coordinates and draw with fonts opened at the real pixel size, so they stay sharp at any size.

Every widget takes events whose ``pos`` is logical (the app maps them), shows hover feedback,
reacts to the left button only, and fires on release inside the widget when the press started on
it (so a press can be cancelled by dragging away).

Stale clicks: a widget that has just appeared, moved or been made visible, or any widget of a
scene whose set of widgets has just changed, ignores presses for :data:`CLICK_GUARD` seconds of
app time (:data:`CLOCK`, advanced by the app). So the second click of a double click does not
land on the button that took the first one's place (one double click on "End turn" ended the
partner's turn too), nor does a click meant for a button a time-out has just replaced.

Texts may be a string or a callable returning one (e.g. ``lambda: t("title.play")``), so a
language change shows at the next frame without rebuilding.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import audio, theme
from game.ui.canvas import Canvas, Colour, RectLike

Text = str | Callable[[], str]


def resolve(text: Text | None) -> str:
    if text is None:
        return ""
    return text() if callable(text) else text


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def mix(a: Colour, b: Colour, t: float) -> tuple[int, ...]:
    """A colour between ``a`` and ``b`` (alphas mixed too when both have one)."""
    n = min(len(a), len(b))
    return tuple(round(lerp(a[i], b[i], t)) for i in range(n))


def ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def _is_left(event: Any) -> bool:
    return getattr(event, "button", 1) == 1


CLICK_GUARD = 0.35  # seconds a widget that has just appeared or moved ignores presses


class InputClock:
    """App time as the widgets see it: the app advances it by the real time of each frame."""

    def __init__(self) -> None:
        self.now = 0.0

    def advance(self, dt: float) -> None:
        self.now += max(0.0, dt)


CLOCK = InputClock()


class Widget:
    """Base: a logical rect, visibility, enabled state and animated hover."""

    interactive = False
    HOVER_SPEED = 8.0  # 1/seconds for the hover animation

    def __init__(self, rect: RectLike):
        self.rect = pygame.FRect(rect)
        self.visible = True
        self.enabled = True
        self.hovered = False
        self.hover_t = 0.0
        self._placed: tuple | None = None   # where it was last seen, and since when (CLOCK.now)
        self._placed_at = CLOCK.now

    def _place(self) -> tuple:
        return (self.rect.x, self.rect.y, self.rect.w, self.rect.h, self.visible)

    def note_place(self) -> None:
        """Notice a move (or a change of visibility): presses are ignored for a moment after it."""
        place = self._place()
        if place != self._placed:
            if self._placed is not None:
                self._placed_at = CLOCK.now
            self._placed = place

    def rearm(self) -> None:
        """Ignore presses for :data:`CLICK_GUARD` from now (the screen around it has changed)."""
        self._placed = self._place()
        self._placed_at = CLOCK.now

    def settling(self) -> bool:
        """True while a press on it would be stale (it has just appeared, moved or been rearmed)."""
        self.note_place()
        return CLOCK.now - self._placed_at < CLICK_GUARD - 1e-9

    def stale_press(self, event: Any) -> bool:
        """A left press on this widget that comes too soon after it appeared or moved."""
        return (event.type == pygame.MOUSEBUTTONDOWN and _is_left(event) and self.contains(event.pos)
                and self.settling())

    @property
    def wants_hand(self) -> bool:
        return self.visible and self.enabled and self.interactive and self.hovered

    def contains(self, pos: Sequence[float] | None) -> bool:
        return pos is not None and self.rect.collidepoint(pos)

    def handle(self, event: Any) -> bool:
        if not self.visible:
            self.hovered = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
        return False

    @property
    def animating(self) -> bool:
        """True while it moves on its own (its hover light fading in or out): the app then draws
        at full rate; when nothing animates it waits for input."""
        return self.visible and self.hover_t != (1.0 if (self.hovered and self.enabled) else 0.0)

    def update(self, dt: float) -> None:
        self.note_place()
        target = 1.0 if (self.hovered and self.enabled) else 0.0
        step = dt * self.HOVER_SPEED
        if self.hover_t < target:
            self.hover_t = min(target, self.hover_t + step)
        elif self.hover_t > target:
            self.hover_t = max(target, self.hover_t - step)

    def draw(self, canvas: Canvas) -> None:
        pass


def top_band(canvas: Canvas, rect: RectLike, colour: Colour, height: float = 8, radius: float = 16) -> None:
    """A coloured strip along the top of a rounded rect, following its corners."""
    r = pygame.FRect(rect)
    with canvas.clip((r.left, r.top, r.width, height)):
        canvas.fill(colour, r, radius=radius)


def draw_panel(canvas: Canvas, rect: RectLike, fill: Colour, edge: Colour | None = None, radius: float = 16,
               shadow: bool = True, accent: Colour | None = None) -> None:
    """A rounded panel (soft shadow, fill, left accent bar, border), cached as one sprite."""
    r = pygame.FRect(rect)
    fill = tuple(fill)
    edge = tuple(edge) if edge is not None else None
    accent = tuple(accent) if accent is not None else None

    def build(c: Canvas) -> None:
        if shadow:
            soft_shadow(c, r, radius)
        c.fill(fill, r, radius=radius)
        if accent is not None:
            with c.clip(pygame.FRect(r.left, r.top, 6, r.height)):
                c.fill(accent, r, radius=radius)
        if edge is not None:
            c.border(edge, r, width=1.5, radius=radius)

    canvas.sprite(("panel", fill, edge, radius, shadow, accent), r, build, margin=24 if shadow else 2)


def dialog_panel(canvas: Canvas, rect: RectLike, band: Colour = theme.GOLD, band_height: float = 6) -> None:
    """The panel of a modal dialog (menu, confirmation, History, tutorial offer, quit): solid, with
    a light edge, a shadow and a coloured band along its top."""
    draw_panel(canvas, rect, theme.PANEL_SOLID, theme.EDGE_LIGHT, radius=18, shadow=True)
    top_band(canvas, rect, band, band_height, radius=18)


def soft_shadow(canvas: Canvas, rect: RectLike, radius: float = 12, depth: float = 8, strength: int = 90) -> None:
    """A blurred-looking drop shadow under a rounded rect (a few stacked translucent rects)."""
    r = pygame.FRect(rect)
    for i, grow in enumerate((10, 6, 3)):
        a = strength // (3 - i + 1)
        canvas.fill((0, 0, 0, a), r.move(0, depth * 0.6).inflate(grow, grow), radius=radius + grow / 2)


def draw_badge(canvas: Canvas, text: str, pos: Sequence[float], *, anchor: str = "topright",
               colour: Colour = theme.RED, size: float = 17, icon: str | None = "clock",
               filled: bool = False) -> pygame.FRect:
    """A small pill ("COMING SOON"): outlined in ``colour`` (or filled), Bebas caps, optional icon."""
    label = text.upper()
    tw, _ = canvas.measure(label, size, theme.DISPLAY, tracking=1.2)
    h = size * 1.55
    icon_w = h * 0.55 if icon else 0
    pad = h * 0.45
    w = tw + 2 * pad + (icon_w + pad * 0.45 if icon else 0)
    r = pygame.FRect(0, 0, w, h)
    setattr(r, anchor, pos)
    if filled:
        canvas.fill(colour, r, radius=h / 2)
        ink: Colour = theme.INK
    else:
        canvas.fill((*colour[:3], 38), r, radius=h / 2)
        canvas.border(colour, r, width=1.5, radius=h / 2)
        ink = mix(colour, theme.INK, 0.35)
    x = r.left + pad
    if icon:
        theme.icon(canvas, icon, (x + icon_w / 2, r.centery), icon_w, ink)
        x += icon_w + pad * 0.45
    canvas.text(label, (x, r.centery + size * 0.06), size, theme.DISPLAY, ink, anchor="midleft", tracking=1.2)
    return r


def draw_corner_ribbon(canvas: Canvas, rect: RectLike, text: str, *, colour: Colour = theme.RED,
                       size: float = 20, band: float = 40, inset: float = 70) -> None:
    """A diagonal ribbon across the top-right corner of ``rect`` (clipped to it)."""
    r = pygame.FRect(rect)
    # The band runs from the top edge (inset from the corner) down to the right edge.
    a = inset
    b = inset + band * math.sqrt(2)
    pts = [(r.right - b, r.top), (r.right - a, r.top), (r.right, r.top + a), (r.right, r.top + b)]
    with canvas.clip(r):
        shadow = [(x + 0, y + 4) for x, y in pts]
        canvas.polygon((0, 0, 0, 90), shadow)
        canvas.polygon(colour, pts)
        dark = mix(colour, (0, 0, 0), 0.35)
        canvas.line(dark, pts[0], pts[3], 1.5)
        canvas.line(mix(colour, (255, 255, 255), 0.3), pts[1], pts[2], 1.5)
        mid = (r.right - (a + b) / 4, r.top + (a + b) / 4)
        label = text.upper()
        # shrink a long label until it fits the band's length
        length = (a + b) / 2 * math.sqrt(2) * 0.86
        s = size
        while s > 10 and canvas.measure(label, s, theme.DISPLAY, tracking=1.5)[0] > length:
            s -= 1
        canvas.rotated_text(label, (mid[0], mid[1] + s * 0.04), -45, s, theme.DISPLAY, theme.INK, tracking=1.5)


class Label(Widget):
    """Text, one line at ``pos`` with ``anchor``, or word-wrapped when ``width`` is given."""

    def __init__(self, pos: Sequence[float], text: Text, *, size: float = 22, face: str = theme.BODY,
                 colour: Colour = theme.INK, anchor: str = "topleft", width: float | None = None,
                 align: str = "left", tracking: float = 0.0, line_spacing: float = 1.3,
                 max_lines: int | None = None, shadow: Colour | None = None):
        super().__init__((pos[0], pos[1], width or 0, 0))
        self.pos = tuple(pos)
        self.text = text
        self.size, self.face, self.colour = size, face, colour
        self.anchor, self.width, self.align = anchor, width, align
        self.tracking, self.line_spacing, self.max_lines = tracking, line_spacing, max_lines
        self.shadow = shadow

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        text = resolve(self.text)
        if self.width:
            x = self.pos[0]
            if self.align == "center":
                x -= self.width / 2
            elif self.align == "right":
                x -= self.width
            h = canvas.text_box(text, (x, self.pos[1], self.width, 2000), self.size, self.face, self.colour,
                                align=self.align, line_spacing=self.line_spacing, max_lines=self.max_lines)
            self.rect = pygame.FRect(x, self.pos[1], self.width, h)
        else:
            self.rect = canvas.text(text, self.pos, self.size, self.face, self.colour, anchor=self.anchor,
                                    tracking=self.tracking, shadow=self.shadow)


class Panel(Widget):
    """A rounded, slightly translucent panel with a soft shadow and an optional heading."""

    def __init__(self, rect: RectLike, *, fill: Colour = theme.PANEL, edge: Colour | None = theme.EDGE,
                 radius: float = 16, shadow: bool = True, title: Text | None = None, accent: Colour | None = None):
        super().__init__(rect)
        self.fill, self.edge, self.radius, self.shadow = fill, edge, radius, shadow
        self.title = title
        self.accent = accent

    def draw_frame(self, canvas: Canvas, fill: Colour | None = None, edge: Colour | None = None) -> None:
        draw_panel(canvas, self.rect, fill or self.fill, edge or self.edge, self.radius, self.shadow, self.accent)

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        self.draw_frame(canvas)
        if self.title:
            canvas.text(resolve(self.title), (self.rect.left + 28, self.rect.top + 22), 34, theme.DISPLAY,
                        theme.GOLD, tracking=1.0)


class Card(Panel):
    """A clickable panel (a list entry): hover lightens it, ``selected`` gives it a gold edge."""

    interactive = True

    def __init__(self, rect: RectLike, on_click: Callable[[], None] | None = None,
                 on_hover: Callable[[], None] | None = None, **panel: Any):
        panel.setdefault("shadow", False)
        super().__init__(rect, **panel)
        self.on_click = on_click
        self.on_hover = on_hover
        self.selected = False
        self.pressed = False

    def handle(self, event: Any) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            was = self.hovered
            self.hovered = self.contains(event.pos)
            if self.hovered and not was and self.on_hover:
                self.on_hover()
            return False
        if self.stale_press(event):
            self.pressed = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event) and self.contains(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and _is_left(event) and self.pressed:
            self.pressed = False
            if self.contains(event.pos) and self.enabled and self.on_click:
                audio.play("click")
                self.on_click()
            return True
        return False

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        t = ease(self.hover_t)
        fill = mix(self.fill, theme.PANEL_HOVER, t)
        edge = theme.GOLD if self.selected else mix(self.edge or theme.EDGE, theme.EDGE_LIGHT, t)
        self.draw_frame(canvas, fill, edge)
        self.draw_content(canvas)

    def draw_content(self, canvas: Canvas) -> None:
        pass


class Button(Widget):
    """A push button: ``style`` is "primary" (gold), "secondary", "danger" or "ghost".

    ``icon`` is a drawn icon name (see :func:`game.ui.theme.icon`: play, back, gear, exit, check,
    cross, users, clock, lock) or any short text, e.g. a letter, drawn in its place.
    """

    interactive = True

    def __init__(self, rect: RectLike, text: Text, on_click: Callable[[], None] | None = None, *,
                 style: str = "secondary", icon: str | None = None, size: float | None = None,
                 enabled: bool = True):
        super().__init__(rect)
        self.text = text
        self.on_click = on_click
        self.style = style
        self.icon = icon
        self.size = size
        self.enabled = enabled
        self.pressed = False

    def handle(self, event: Any) -> bool:
        if not self.visible:
            self.hovered = self.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            return False
        if self.stale_press(event):
            self.pressed = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event) and self.contains(event.pos):
            if self.enabled:
                self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and _is_left(event) and self.pressed:
            self.pressed = False
            if self.contains(event.pos) and self.enabled:
                self.click()
            return True
        return False

    def click(self) -> None:
        audio.play("click")
        if self.on_click is not None:
            self.on_click()

    def _colours(self) -> tuple[Colour, Colour | None, Colour]:
        t = ease(self.hover_t)
        if not self.enabled:
            return (28, 36, 56, 220), (50, 60, 84), theme.FAINT
        if self.style == "primary":
            fill = mix(theme.GOLD, theme.GOLD_LIGHT, t)
            if self.pressed:
                fill = theme.GOLD_DARK
            return fill, None, theme.NIGHT
        if self.style == "danger":
            fill = mix(theme.RED, (240, 96, 98), t)
            if self.pressed:
                fill = theme.RED_DARK
            return fill, None, theme.INK
        if self.style == "ghost":
            return (0, 0, 0, 0), None, mix(theme.MUTED, theme.GOLD_LIGHT, t)
        fill = mix((20, 30, 56, 225), (32, 46, 84, 240), t)
        if self.pressed:
            fill = (14, 20, 38, 240)
        return fill, mix(theme.EDGE_LIGHT, theme.GOLD, t), mix(theme.INK, theme.GOLD_LIGHT, t)

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        fill, edge, ink = self._colours()
        r = pygame.FRect(self.rect)
        radius = min(12.0, r.height / 2)
        if self.pressed and self.enabled:
            r = r.move(0, 2)
        elif self.enabled and self.style in ("primary", "danger"):
            soft_shadow(canvas, r, radius, depth=6 + 2 * self.hover_t, strength=110)
        if self.style == "primary" and self.enabled and self.hover_t > 0:
            canvas.glow(r.center, r.width * 0.65, (*theme.GOLD[:3], round(60 * self.hover_t)), squash=0.35)
        canvas.fill(fill, r, radius=radius)
        if edge is not None:
            canvas.border(edge, r, width=1.5, radius=radius)
        size = self.size or r.height * 0.52
        label = resolve(self.text).upper()
        tw, _ = canvas.measure(label, size, theme.DISPLAY, tracking=1.5)
        icon_s = size * 0.72 if self.icon else 0
        gap = size * 0.45 if self.icon else 0
        x = r.centerx - (tw + icon_s + gap) / 2
        cy = r.centery
        if self.icon:
            if not theme.icon(canvas, self.icon, (x + icon_s / 2, cy), icon_s, ink):
                canvas.text(self.icon, (x + icon_s / 2, cy), icon_s, theme.BOLD, ink, anchor="center")
            x += icon_s + gap
        canvas.text(label, (x, cy + size * 0.06), size, theme.DISPLAY, ink, anchor="midleft", tracking=1.5)
        if self.style == "ghost" and self.hover_t > 0:
            y = cy + size * 0.48
            canvas.line((*ink[:3], round(255 * self.hover_t)), (x, y), (x + tw, y), 1.5)


class Toggle(Widget):
    """An on/off switch (or a checkbox with ``style="checkbox"``); the knob shows ✓ or ✗ too."""

    interactive = True

    def __init__(self, rect: RectLike, value: bool = False, on_change: Callable[[bool], None] | None = None,
                 *, style: str = "switch"):
        super().__init__(rect)
        self.value = value
        self.on_change = on_change
        self.style = style
        self.pressed = False
        self.anim = 1.0 if value else 0.0

    def handle(self, event: Any) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            return False
        if self.stale_press(event):
            self.pressed = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event) and self.contains(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and _is_left(event) and self.pressed:
            self.pressed = False
            if self.contains(event.pos) and self.enabled:
                audio.play("click")
                self.set(not self.value)
            return True
        return False

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    @property
    def animating(self) -> bool:
        return super().animating or (self.visible and self.anim != (1.0 if self.value else 0.0))

    def update(self, dt: float) -> None:
        super().update(dt)
        target = 1.0 if self.value else 0.0
        self.anim += max(-dt * 10, min(dt * 10, target - self.anim))

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        r = self.rect
        t = ease(self.hover_t)
        on_col = mix(theme.GOLD, theme.GOLD_LIGHT, t)
        off_col = mix((38, 50, 82), (52, 68, 108), t)
        if self.style == "checkbox":
            s = min(r.width, r.height)
            box = pygame.FRect(r.left, r.centery - s / 2, s, s)
            canvas.fill(on_col if self.value else off_col, box, radius=s * 0.2)
            canvas.border(theme.GOLD if t > 0.5 or self.value else theme.EDGE_LIGHT, box, 1.5, radius=s * 0.2)
            if self.value:
                theme.icon(canvas, "check", box.center, s * 0.7, theme.NIGHT)
            return
        k = ease(max(0.0, min(1.0, self.anim)))
        track = mix(off_col, on_col, k)
        canvas.fill(track, r, radius=r.height / 2)
        canvas.border(mix(theme.EDGE_LIGHT, theme.GOLD_LIGHT, max(k, t)), r, 1.5, radius=r.height / 2)
        kr = r.height / 2 - 4
        kx = lerp(r.left + r.height / 2, r.right - r.height / 2, k)
        canvas.circle((0, 0, 0, 70), (kx, r.centery + 2), kr)
        canvas.circle(theme.INK, (kx, r.centery), kr)
        theme.icon(canvas, "check" if self.value else "cross", (kx, r.centery), kr * 1.0,
                   theme.GOLD_DARK if self.value else (70, 82, 110))


class Slider(Widget):
    """A horizontal slider for a value in [0, 1]; drag, click or use the wheel.

    ``on_change`` fires while the value moves, ``on_release`` once when the drag ends (save then).
    """

    interactive = True

    def __init__(self, rect: RectLike, value: float = 0.5, on_change: Callable[[float], None] | None = None,
                 *, on_release: Callable[[float], None] | None = None, step: float = 0.05,
                 show_value: bool = True, fmt: Callable[[float], str] = lambda v: f"{round(v * 100)}%"):
        super().__init__(rect)
        self.value = max(0.0, min(1.0, value))
        self.on_change, self.on_release = on_change, on_release
        self.step, self.show_value, self.fmt = step, show_value, fmt
        self.dragging = False

    @property
    def track(self) -> pygame.FRect:
        r = self.rect
        right = r.right - (84 if self.show_value else 12)
        return pygame.FRect(r.left + 12, r.centery - 4, right - r.left - 12, 8)

    def _set_from_x(self, x: float) -> None:
        tr = self.track
        self.set((x - tr.left) / tr.width)

    def set(self, value: float) -> None:
        value = max(0.0, min(1.0, value))
        if self.step:
            value = round(value / self.step) * self.step
        value = round(max(0.0, min(1.0, value)), 4)
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def handle(self, event: Any) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            if self.dragging:
                self._set_from_x(event.pos[0])
                return True
            return False
        if self.stale_press(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event) and self.contains(event.pos) and self.enabled:
            self.dragging = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and _is_left(event) and self.dragging:
            self.dragging = False
            if self.on_release:
                self.on_release(self.value)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered and self.enabled:
            self.set(self.value + self.step * (1 if event.y > 0 else -1))
            if self.on_release:
                self.on_release(self.value)
            return True
        return False

    @property
    def wants_hand(self) -> bool:
        return super().wants_hand or self.dragging

    @property
    def animating(self) -> bool:
        return super().animating or self.dragging

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        t = ease(max(self.hover_t, 1.0 if self.dragging else 0.0))
        tr = self.track
        canvas.fill((36, 48, 80), tr, radius=4)
        filled = pygame.FRect(tr.left, tr.top, tr.width * self.value, tr.height)
        if filled.width > 0:
            canvas.fill(mix(theme.GOLD, theme.GOLD_LIGHT, t), filled, radius=4)
        for i in range(1, 4):  # quarter ticks
            x = tr.left + tr.width * i / 4
            canvas.line((70, 86, 124), (x, tr.bottom + 8), (x, tr.bottom + 13), 1.5)
        kx = tr.left + tr.width * self.value
        kr = 13 + 3 * t
        canvas.circle((0, 0, 0, 80), (kx, tr.centery + 3), kr)
        canvas.circle(theme.INK, (kx, tr.centery), kr)
        canvas.circle(theme.GOLD_DARK, (kx, tr.centery), kr * 0.38)
        if self.show_value:
            canvas.text(self.fmt(self.value), (self.rect.right, self.rect.centery), 24, theme.BOLD,
                        mix(theme.INK, theme.GOLD_LIGHT, t), anchor="midright")


def arrow_part(widget: Widget, pos: Sequence[float]) -> str | None:
    """Which part of an arrow chooser (‹ value ›) is at ``pos``: "left", "right", "middle" or None.
    The arrows are square, as tall as the widget."""
    if not widget.contains(pos):
        return None
    a = widget.rect.height
    if pos[0] < widget.rect.left + a:
        return "left"
    if pos[0] >= widget.rect.right - a:
        return "right"
    return "middle"


class ArrowChooser(Widget):
    """A box with ‹ › arrows at its ends (the Choice's and the seed's): the arrows step the value,
    a click in the middle calls :meth:`press_middle`, the wheel steps by :meth:`wheel_step`."""

    interactive = True

    def __init__(self, rect: RectLike):
        super().__init__(rect)
        self.part: str | None = None  # "left", "right", "middle" under the mouse
        self.pressed_part: str | None = None

    def _part_at(self, pos: Sequence[float]) -> str | None:
        return arrow_part(self, pos)

    def step(self, delta: int) -> None:
        raise NotImplementedError

    def press_middle(self) -> None:
        self.step(1)

    def wheel_step(self, y: int) -> int:
        """The step a wheel notch ``y`` makes (up: back through a list, forward through numbers)."""
        return -1 if y > 0 else 1

    def handle(self, event: Any) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.part = self._part_at(event.pos)
            self.hovered = self.part is not None
            return False
        if self.stale_press(event):
            self.pressed_part = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event) and self.contains(event.pos):
            self.pressed_part = self._part_at(event.pos) if self.enabled else None
            return True
        if event.type == pygame.MOUSEBUTTONUP and _is_left(event) and self.pressed_part:
            part, self.pressed_part = self.pressed_part, None
            if self._part_at(event.pos) == part and self.enabled:
                audio.play("click")
                if part == "middle":
                    self.press_middle()
                else:
                    self.step(-1 if part == "left" else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered and self.enabled:
            self.step(self.wheel_step(event.y))
            return True
        return False

    def draw_box(self, canvas: Canvas) -> None:
        """The box and its two arrows (gold, lit under the mouse, faint when disabled)."""
        r = self.rect
        t = ease(self.hover_t)
        canvas.fill(mix((20, 30, 56, 230), (28, 40, 74, 240), t), r, radius=10)
        canvas.border(mix(theme.EDGE_LIGHT, theme.GOLD, t * 0.6), r, 1.5, radius=10)
        a = r.height
        for side in ("left", "right"):
            box = pygame.FRect(r.left if side == "left" else r.right - a, r.top, a, a)
            hot = self.part == side and self.enabled
            if hot:
                canvas.fill((240, 184, 72, 40), box.inflate(-8, -8), radius=8)
            col = theme.GOLD_LIGHT if hot else (theme.GOLD if self.enabled else theme.FAINT)
            cx, cy, s = box.centerx, box.centery, a * 0.14
            d = -1 if side == "left" else 1
            canvas.lines(col, [(cx - d * s * 0.6, cy - s * 1.2), (cx + d * s * 0.6, cy),
                               (cx - d * s * 0.6, cy + s * 1.2)], 3)


class Choice(ArrowChooser):
    """One value of a short list, with ‹ › arrows to cycle (a click in the middle goes forward)."""

    def __init__(self, rect: RectLike, options: Sequence[tuple[Any, Text]], value: Any,
                 on_change: Callable[[Any], None] | None = None, *, size: float = 24):
        super().__init__(rect)
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.size = size

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
                return

    def step(self, delta: int) -> None:
        if not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change:
            self.on_change(self.value)

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        r = self.rect
        self.draw_box(canvas)
        label = resolve(self.options[self.index][1]) if self.options else ""
        ink = theme.INK if self.enabled else theme.FAINT
        n = len(self.options)
        canvas.text(label, (r.centerx, r.centery - 5), self.size, theme.BOLD, ink, anchor="center")
        if n > 1:  # position dots
            gap = 10
            x0 = r.centerx - gap * (n - 1) / 2
            for i in range(n):
                col = theme.GOLD if i == self.index else (60, 76, 112)
                canvas.circle(col, (x0 + i * gap, r.bottom - 10), 2.6 if i == self.index else 2.0)
