"""A card or tile turning over for one seat: the shell's animation, faces supplied by the title.

:class:`TurnOverScene` plays some log entries *as one seat may know them* (its own redacted
entries): each card lifts, turns over (scaled horizontally by the cosine of its angle, the back
giving way to the face) and settles, in :data:`DURATION` seconds, one after another; a click (or
Space, Enter) skips the turn, the next one closes the scene (it is a curtain: lifted by a click,
not by the echo of the click that flipped). The whole table hears it (``audio.play("flip")``).

Privacy: a face is drawn only for an entry that holds the face's field (:attr:`face_field`) — which
the rules put only into the entries of the seats that may see it. For any other entry the back
turns over to a back with a question mark: the scene is given nothing to draw a face from, and
:meth:`TurnOverScene.face_surface` refuses to draw one.

A title supplies the art: :meth:`draw_face` (the face, for an entry that knows it), :meth:`draw_back`
(the back; ``question`` for the far side of a card the seat may not see) and :meth:`draw_caption`
(the words under a card once it lies face up), and its texts (:meth:`title`, :meth:`note`).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import audio, theme
from game.ui.canvas import Canvas
from game.ui.scenes.curtain import PULSE_TIME, CurtainScene, pulse
from game.ui.widgets import ease

DURATION = 0.8        # seconds for one card to lift, turn over and settle
STAGGER = 0.3         # several cards start one after another
SKIP_DELAY = 0.15     # a click this soon after the scene opens is the flipping click's echo
CARD_W, CARD_H = 230.0, 300.0


class TurnOverScene(CurtainScene):
    """Cards turning over for one seat (see the module docstring). ``name`` is the seat's name as
    shown, ``entries`` its own (redacted) log entries, one per card."""

    overlay = True
    opaque = False          # the table's view of the board shows, dimmed, behind the cards
    fills_window = False
    freeze_below = True     # the board and its dimming are drawn once (see draw_under)
    ARM_DELAY = 0.5         # closing needs this much time; skipping the turn needs SKIP_DELAY
    face_field = "face"     # the entry's field that only a seat allowed to see the face receives
    card_size = (CARD_W, CARD_H)
    edge_colour: tuple[int, int, int] = (246, 220, 150)   # the light on a card's edge as it turns

    def __init__(self, name: str, entries: list[dict[str, Any]], on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(name, on_ready)
        self.entries = list(entries)
        self._surfaces: dict[tuple, pygame.Surface] = {}
        self.hold: float | None = None   # a moment to stay at (a screenshot of a card mid-turn)

    def enter(self) -> None:
        audio.play("flip")   # the same sound whatever the face: the whole table hears it

    def update(self, dt: float) -> None:
        self.age = self.hold if self.hold is not None else self.age + dt

    def animating(self) -> bool:
        return self.hold is None and self.age < self.total + PULSE_TIME + 1.0

    # -------------------------------------------------------------- timing
    @property
    def total(self) -> float:
        return DURATION + STAGGER * (len(self.entries) - 1)

    @property
    def done(self) -> bool:
        return self.age >= self.total

    def progress(self, i: int) -> float:
        """How far card ``i`` has turned: 0 (back up) to 1 (settled, face up)."""
        return max(0.0, min(1.0, (self.age - i * STAGGER) / DURATION))

    def skip(self) -> None:
        self.age = max(self.age, self.total)

    def handle(self, event: Any) -> bool:
        left = getattr(event, "button", 1) == 1
        if event.type == pygame.MOUSEBUTTONDOWN and left:
            self.armed_press = self.age >= SKIP_DELAY
            return True
        if event.type == pygame.MOUSEBUTTONUP and left:
            if self.armed_press:
                self.armed_press = False
                if not self.done:
                    self.skip()
                elif self.armed:
                    self.reveal()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.done:
                self.skip()
            elif self.armed:
                self.reveal()
            return True
        return super().handle(event)

    def wants_hand_cursor(self) -> bool:
        return True

    # -------------------------------------------------------------- what the title supplies
    def knows(self, entry: dict[str, Any]) -> bool:
        """Whether the seat may see this card's face (its entry holds the face)."""
        return self.face_field in entry

    def face_value(self, entry: dict[str, Any]) -> Any:
        """What the face shows (the cache key of its picture)."""
        return entry.get(self.face_field)

    def draw_face(self, c: Canvas, r: pygame.FRect, entry: dict[str, Any]) -> None:
        c.fill((246, 240, 226), r, radius=16)
        c.border(theme.GOLD_DARK, r.inflate(-4, -4), width=3, radius=15)
        c.text(str(self.face_value(entry)), r.center, min(r.width, r.height) * 0.42, theme.DISPLAY, (40, 36, 44),
               anchor="center")

    def draw_back(self, c: Canvas, r: pygame.FRect, question: bool) -> None:
        c.fill((60, 76, 120), r, radius=16)
        c.border(theme.GOLD, r.inflate(-10, -10), width=2, radius=12)
        if question:
            c.text("?", r.center, min(r.width, r.height) * 0.4, theme.DISPLAY, theme.GOLD_LIGHT, anchor="center")

    def draw_caption(self, canvas: Canvas, entry: dict[str, Any], centre: tuple[float, float], w: float,
                     h: float) -> None:
        """Under a card lying face up: what the seat is told of it."""
        text = t("i12_shell.flip.face", face=self.face_value(entry)) if self.knows(entry) else \
            t("i12_shell.flip.unknown")
        canvas.text(text, (centre[0], centre[1] + h / 2 + 30), 26, theme.DISPLAY,
                    theme.INK if self.knows(entry) else theme.MUTED, anchor="midtop", tracking=1)

    texts = "i12_shell.flip"   # where the overlay's texts are: <texts>.for_seat, continue, skip, private, secret

    def title(self) -> str:
        return t("i12_shell.flip.title", n=len(self.entries))

    def kicker(self) -> str | None:
        """A small line above the title (None: none)."""
        return None

    def note_text(self) -> str:
        private = any(self.knows(e) for e in self.entries)
        return t(f"{self.texts}.private") if private else t(f"{self.texts}.secret")

    # -------------------------------------------------------------- drawing
    def draw_under(self, canvas: Canvas) -> None:
        canvas.fill((4, 6, 14, 222))
        canvas.glow((800, 450), 560, (120, 90, 40, 120), squash=0.7)

    def draw(self, canvas: Canvas) -> None:
        kicker = self.kicker()
        if kicker:
            canvas.text(kicker.upper(), (800, 70), 20, theme.BOLD, theme.GOLD, anchor="midtop", tracking=5)
        title = self.title()
        size = 64
        while size > 34 and canvas.measure(title, size, theme.DISPLAY)[0] > 1400:
            size -= 4
        canvas.text(title, (800, 100), size, theme.DISPLAY, theme.INK, anchor="midtop", shadow=(0, 0, 0, 170),
                    shadow_offset=3)
        canvas.text(t(f"{self.texts}.for_seat", who=self.name), (800, 100 + size + 8), 20, theme.ITALIC,
                    theme.MUTED, anchor="midtop")
        self.draw_cards(canvas)
        if self.done:
            glow = pulse(self.age, self.total)
            canvas.text(t(f"{self.texts}.continue"), (800, 812), 26, theme.BOLD,
                        (*theme.GOLD_LIGHT, round(255 * glow)), anchor="midtop")
        else:
            canvas.text(t(f"{self.texts}.skip"), (800, 812), 20, theme.BODY, theme.FAINT, anchor="midtop")
        canvas.text_box(self.note_text(), (400, 748, 800, 56), 17, theme.ITALIC, (214, 206, 190), align="center",
                        max_lines=2)

    def draw_cards(self, canvas: Canvas) -> None:
        """Every card, side by side around the middle of the window."""
        n = len(self.entries)
        scale = 1.0 if n <= 2 else (0.82 if n == 3 else 0.7)
        w, h = self.card_size[0] * scale, self.card_size[1] * scale
        gap = 60 * scale
        x0 = 800 - (n * w + (n - 1) * gap) / 2
        for i, entry in enumerate(self.entries):
            cx = x0 + i * (w + gap) + w / 2
            self._draw_tile(canvas, entry, i, (cx, 450), w, h)

    def _draw_tile(self, canvas: Canvas, entry: dict[str, Any], i: int, centre: tuple[float, float],
                   w: float, h: float) -> None:
        p = self.progress(i)
        lift = math.sin(math.pi * p)                 # up while it turns, down again at the end
        turn = ease(min(1.0, max(0.0, (p - 0.1) / 0.8)))
        angle = math.pi * turn
        sx = abs(math.cos(angle))
        front = angle > math.pi / 2
        cx, cy = centre[0], centre[1] - 34 * lift
        grow = 1 + 0.08 * lift
        # the shadow stays on the table, wider and softer as the card rises
        sw = w * max(sx, 0.12) * grow + 24 * lift
        shadow = pygame.FRect(0, 0, sw, h * 0.16)
        shadow.center = (centre[0] + 10 + 14 * lift, centre[1] + h / 2 + 6)
        canvas.fill((0, 0, 0, round(120 - 50 * lift)), shadow, radius=shadow.height / 2)
        rect = pygame.FRect(0, 0, max(1.0, w * grow * sx), h * grow)
        rect.center = (cx, cy)
        if front:
            kind = "face" if self.knows(entry) else "unknown"
        else:
            kind = "back"
        surf = self.face_surface(canvas, kind, entry, (w, h))
        px = canvas.rect_px(rect)
        if px.width >= 1 and px.height >= 1:
            canvas.surface.blit(pygame.transform.smoothscale(surf, px.size), px.topleft)
        if sx < 0.98 and p < 1:   # the edge of the card catches the light as it turns
            canvas.line((*self.edge_colour, round(160 * (1 - sx))), (rect.centerx, rect.top + 6),
                        (rect.centerx, rect.bottom - 6), 2)
        if p >= 1:
            self.draw_caption(canvas, entry, centre, w, h)

    def face_surface(self, canvas: Canvas, kind: str, entry: dict[str, Any],
                     size: tuple[float, float]) -> pygame.Surface:
        """One side of a card ("face", "back" or "unknown") drawn at the window's pixel size (cached
        per scene). A face is never drawn for an entry the seat may not see: ValueError."""
        if kind == "face" and not self.knows(entry):
            raise ValueError("no face is drawn for a seat that may not see it")
        value = self.face_value(entry) if kind == "face" else None
        key = (kind, value, size, canvas.scale)
        surf = self._surfaces.get(key)
        if surf is None:
            w, h = canvas.len_px(size[0]), canvas.len_px(size[1])
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            view = copy.copy(canvas)
            view.surface = surf
            view.offset = (0.0, 0.0)
            rect = pygame.FRect(0, 0, size[0], size[1])
            if kind == "face":
                self.draw_face(view, rect, entry)
            else:
                self.draw_back(view, rect, question=kind == "unknown")
            self._surfaces[key] = surf
        return surf
