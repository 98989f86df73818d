"""The History panel: every line of a seat's log, scrollable (wheel, drag, arrow keys, Page Up /
Page Down, Home / End), with the lines a seat missed since its last turn marked at their place.

The caller gives the lines, already chosen and worded for the seat on screen (this scene shows
what it is given and nothing else), and where the "since your last turn" block lies. It names no
title, so every game can use it.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

import pygame

from game.engine.i18n import t
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button, dialog_panel, resolve

ROW, SIZE = 25.0, 16.5      # a row of text and its size
WHEEL_ROWS = 3              # rows per notch of the wheel


def wrap(text: str, width: float, size: float = SIZE, face: str = theme.BODY) -> list[str]:
    """Greedy word-wrapping measured with the layout font (the same at every window size)."""
    font = Canvas.layout_font(face, size)
    words, rows, line = text.split(" "), [], ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if line and font.size(trial)[0] > width:
            rows.append(line)
            line = word
        else:
            line = trial
    rows.append(line)
    return rows


class HistoryScene(Scene):
    """``lines``: the seat's log, oldest first. ``since``: (start, end) indices of the lines the
    seat missed since its last turn (None: none), marked under ``since_title``; the panel opens
    there, else on the newest line."""

    overlay = True
    freeze_below = True

    def __init__(self, lines: Sequence[str], *, title: Any, since: tuple[int, int] | None = None,
                 since_title: Any = None) -> None:
        super().__init__()
        self.lines = list(lines)
        self.title = title
        self.since = since if since is not None and since[0] < since[1] else None
        self.since_title = since_title
        self.panel = pygame.FRect(0, 0, 980, 780)
        self.panel.center = (800, 450)
        p = self.panel
        self.text_rect = pygame.FRect(p.left + 40, p.top + 92, p.width - 40 - 70, p.height - 92 - 96)
        self.track = pygame.FRect(p.right - 52, self.text_rect.top, 14, self.text_rect.height)
        self.close_button = Button((p.right - 40 - 220, p.bottom - 74, 220, 54), lambda: t("history.close"),
                                   self.close, icon="back")
        self.widgets = [self.close_button]
        self.rows = self._layout()
        self.scroll = 0.0
        self.drag: tuple[float, float, bool] | None = None   # (start y, start scroll, on the scroll bar)
        start = next((i for i, r in enumerate(self.rows) if r[2] == "header"), None)
        self.scroll_to(start if start is not None else self.max_scroll)

    # ---------------------------------------------------------------- layout
    def _layout(self) -> list[tuple[str, int, str]]:
        """Rows: (text, line index, kind) with kind "header" (the since-your-last-turn title),
        "first" (a line's first row) or "more" (its wrapped rest)."""
        rows: list[tuple[str, int, str]] = []
        for i, line in enumerate(self.lines):
            if self.since is not None and i == self.since[0]:
                rows.append((resolve(self.since_title), i, "header"))
            for k, part in enumerate(wrap(line, self.text_rect.width - 30)):
                rows.append((part, i, "first" if k == 0 else "more"))
        return rows

    @property
    def page(self) -> int:
        return max(1, int(self.text_rect.height // ROW))

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.rows) - self.page)

    def scroll_to(self, row: float) -> None:
        self.scroll = float(min(max(0.0, row), self.max_scroll))

    def visible_rows(self) -> list[tuple[str, int, str]]:
        top = int(round(self.scroll))
        return self.rows[top:top + self.page]

    def in_since(self, index: int) -> bool:
        return self.since is not None and self.since[0] <= index < self.since[1]

    def _thumb(self) -> pygame.FRect:
        total = max(1, len(self.rows))
        h = max(36.0, self.track.height * min(1.0, self.page / total))
        span = self.track.height - h
        y = self.track.top + (span * self.scroll / self.max_scroll if self.max_scroll else 0)
        return pygame.FRect(self.track.left, y, self.track.width, h)

    # ---------------------------------------------------------------- input
    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -(self.page - 1),
                    pygame.K_PAGEDOWN: self.page - 1}
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in keys:
                self.scroll_to(self.scroll + keys[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - getattr(event, "y", 0) * WHEEL_ROWS)
            return True
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            on_bar = self.track.inflate(16, 0).collidepoint(event.pos)
            if on_bar and not self._thumb().collidepoint(event.pos):   # a click on the track jumps there
                frac = (event.pos[1] - self.track.top) / max(1.0, self.track.height)
                self.scroll_to(frac * self.max_scroll)
            if on_bar or self.text_rect.collidepoint(event.pos):
                self.drag = (event.pos[1], self.scroll, on_bar)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            y0, s0, on_bar = self.drag
            dy = event.pos[1] - y0
            if on_bar:   # the thumb follows the mouse
                span = max(1.0, self.track.height - self._thumb().height)
                self.scroll_to(s0 + dy * self.max_scroll / span)
            else:        # the text follows the mouse
                self.scroll_to(s0 - dy / ROW)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag = None
        return True   # a modal: nothing passes through

    def wants_hand_cursor(self) -> bool:
        return super().wants_hand_cursor() or self.track.inflate(16, 0).collidepoint(self.mouse)

    # ---------------------------------------------------------------- drawing
    def draw_under(self, canvas: Canvas) -> None:
        backdrop.dim(canvas, 180)

    def draw(self, canvas: Canvas) -> None:
        p = self.panel
        dialog_panel(canvas, p)
        canvas.text(resolve(self.title).upper(), (p.left + 40, p.top + 30), 40, theme.DISPLAY, theme.INK, tracking=1)
        count = t("history.count", n=len(self.lines))
        canvas.text(count, (p.right - 40, p.top + 44), 16, theme.ITALIC, theme.MUTED, anchor="topright")
        r = self.text_rect
        if not self.lines:
            canvas.text(t("history.empty"), (r.left, r.top), SIZE, theme.ITALIC, theme.MUTED)
        with canvas.clip(r.inflate(8, 4)):
            y = r.top
            for text, index, kind in self.visible_rows():
                if kind == "header":
                    canvas.fill((240, 184, 72, 40), (r.left, y + 1, r.width, ROW - 2), radius=4)
                    canvas.text(text.upper(), (r.left + 12, y + ROW / 2), 14, theme.BOLD, theme.GOLD,
                                anchor="midleft", tracking=2)
                else:
                    marked = self.in_since(index)
                    if marked:   # a gold bar and a tint: the lines missed since the seat's last turn
                        canvas.fill((240, 184, 72, 22), (r.left, y, r.width, ROW), radius=0)
                        canvas.fill(theme.GOLD, (r.left, y + 2, 4, ROW - 4), radius=2)
                    if kind == "first":
                        canvas.circle(theme.GOLD if marked else theme.FAINT, (r.left + 16, y + ROW / 2), 2.5)
                    canvas.text(text, (r.left + 30, y + ROW / 2), SIZE, theme.BODY,
                                theme.INK if marked else (214, 208, 194), anchor="midleft")
                y += ROW
        if self.max_scroll:
            canvas.fill((30, 42, 72), self.track, radius=7)
            thumb = self._thumb()
            canvas.fill(theme.GOLD if self.drag and self.drag[2] else theme.EDGE_LIGHT, thumb, radius=7)
        canvas.text(t("history.hint"), (p.left + 40, p.bottom - 47), 15, theme.ITALIC, theme.FAINT, anchor="midleft")
        super().draw(canvas)
