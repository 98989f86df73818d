"""Lupin's mission cards drawn like printed cards, and the texts the hover tooltips show.

:func:`draw_card_face` draws one card of ``data/lupin/missions.yaml`` in any rectangle (a design
of 240×336 scaled): its owner's colour band with the owner's letter in the owner's token shape
(circle for the gang, diamond for Zenigata: never colour alone), the title, a timing badge ("Play
at once", "Any time"...; red with "!" when the card is compulsory), the text wrapped and shrunk to
fit in the current language, and a footer with how long it lasts. Below ~100 units wide it draws a
mini face (band, letter, title) for the hand strip. :func:`draw_card_back` is a face-down card.

The texts of the tooltips for cards and devices (:func:`card_tip`, :func:`device_tip`) live here
too, so the play screen and the tests read the same words. The gallery of every base card
(:class:`LupinCardsScene`, screenshot ``lupin-cards``) shows the faces in a grid; hovering one
enlarges it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import current_language, t
from game.lupin.rules import catalog as cat
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.textfit import READABLE, fit_title
from game.ui.widgets import Button, mix

DESIGN_W, DESIGN_H = 240.0, 336.0
RATIO = DESIGN_H / DESIGN_W
MINI_BELOW = 100.0          # narrower than this: the mini face (no body text)

PAPER = (246, 238, 220)
PAPER_EDGE = (198, 184, 156)
INK = (44, 36, 30)
INK_SOFT = (96, 84, 70)
OWNER_STYLE = {   # colour, letter, shape: the tokens' own (game/lupin/ui/board_scene.py GANG_STYLE)
    "lupin": ((214, 58, 52), "L", "circle"), "jigen": ((52, 56, 66), "J", "circle"),
    "goemon": ((132, 84, 178), "G", "circle"), "fujiko": ((226, 102, 160), "F", "circle"),
    "zenigata": ((140, 96, 52), "Z", "diamond"),
}
OWNERS = ("lupin", "jigen", "goemon", "fujiko", "zenigata")


def card_size(width: float) -> tuple[float, float]:
    return width, width * RATIO


def owner_name(owner: str) -> str:
    return t(f"lupin.seat.{owner}")


def timing_label(card: Any) -> str:
    return t(f"lupin_cards.timing.{card.timing}")


def card_tip(card_id: str) -> str:
    """A card's name, when it is played and its text: what a tooltip says of it."""
    c = cat.card(card_id)
    lang = current_language()
    when = timing_label(c) + (f" · {t('lupin_cards.forced')}" if c.forced else "")
    return f"{c.name.get(lang)} ({owner_name(c.owner)}) · {when}\n{c.text.get(lang)}"


def emblem(canvas: Canvas, owner: str, centre: tuple[float, float], radius: float, *,
           ring: Any = (246, 238, 220)) -> None:
    """The owner's token: its shape, colour and letter."""
    colour, letter, shape = OWNER_STYLE.get(owner, ((120, 120, 120), "?", "circle"))
    cx, cy = centre
    if shape == "diamond":
        pts = [(cx, cy - radius * 1.12), (cx + radius * 1.12, cy), (cx, cy + radius * 1.12), (cx - radius * 1.12, cy)]
        canvas.polygon(colour, pts)
        canvas.polygon(ring, pts, width=max(1.0, radius / 7))
    else:
        canvas.circle(colour, centre, radius)
        canvas.circle(ring, centre, radius, width=max(1.0, radius / 7))
    canvas.text(letter, (cx, cy + radius * 0.06), radius * 1.25, theme.DISPLAY, (250, 246, 236), anchor="center")


def _fit_lines(canvas: Canvas, text: str, width: float, height: float, size: float, face: str,
               minimum: float, spacing: float = 1.12) -> tuple[list[str], float, float]:
    """Wrap ``text`` at the biggest size (down to ``minimum``) whose lines fit ``height`` without
    cutting a word."""
    words = text.split()
    while True:
        lines = canvas.wrap(text, width, size, face)
        step = canvas.line_height(size, face) * spacing / 1.2
        font = canvas.layout_font(face, size)
        whole = all(font.size(w)[0] <= width for w in words)
        if (len(lines) * step <= height and whole) or size <= minimum:
            return lines, size, step
        size = max(minimum, size - 0.5)


def draw_card_face(canvas: Canvas, rect: Any, card_id: str, *, highlight: bool = False,
                   dim: bool = False) -> None:
    """One mission card, face up, in ``rect`` (any size; the design is 240×336)."""
    r = pygame.FRect(rect)
    c = cat.card(card_id)
    lang = current_language()
    k = r.width / DESIGN_W
    colour, _letter, _shape = OWNER_STYLE.get(c.owner, ((120, 120, 120), "?", "circle"))
    radius = max(3.0, 12 * k)
    mini = r.width < MINI_BELOW
    # body
    canvas.fill((0, 0, 0, 90), r.move(max(1.0, 2 * k), max(1.5, 3 * k)), radius=radius)
    canvas.fill(PAPER, r, radius=radius)
    # the owner's band, with a darker edge so it reads without its colour too
    band_h = r.height * (0.2 if mini else 0.135)
    band = pygame.FRect(r.left, r.top, r.width, band_h)
    with canvas.clip(band):
        canvas.fill(colour, r, radius=radius)
    canvas.line(mix(colour, (0, 0, 0), 0.45), (r.left, band.bottom), (r.right, band.bottom), max(1.0, 2 * k))
    em_r = band_h * (0.36 if mini else 0.34)
    if mini:
        emblem(canvas, c.owner, (r.centerx, band.centery), em_r)
    else:
        emblem(canvas, c.owner, (r.left + 12 * k + em_r, band.centery), em_r)
        kicker = (t("lupin_cards.special") if c.special else owner_name(c.owner)).upper()
        canvas.text(kicker, (r.right - 12 * k, band.centery), 13 * k, theme.BOLD, (250, 246, 236),
                    anchor="midright", tracking=1.5 * k)
    inner = r.inflate(-(8 if mini else 24) * k, 0)
    y = band.bottom + (5 if mini else 10) * k
    name = c.name.get(lang)
    if mini:
        # the name on as many lines as it needs, never below a readable size nor cut
        lines, size, step = fit_title(canvas, name, r.width - 3, 12.5, READABLE, theme.BOLD, max_lines=4,
                                      height=r.bottom - y - 7)
        for line in lines:
            canvas.text(line, (r.centerx, y), size, theme.BOLD, INK, anchor="midtop")
            y += step
        # the timing as a stripe along the foot: red when compulsory
        foot = pygame.FRect(r.left, r.bottom - 6, r.width, 6)
        with canvas.clip(foot):
            canvas.fill(theme.RED if c.forced else (38, 54, 96), r, radius=radius)
    else:
        # the title: two lines before it shrinks, never below a readable size, never cut (a third
        # line, if a small card needs it, pushes the badge and the text down)
        lines, size, step = fit_title(canvas, name, inner.width, max(20 * k, READABLE), max(12 * k, READABLE),
                                      theme.BOLD, max_lines=2, height=50 * k)
        for line in lines:
            canvas.text(line, (r.centerx, y), size, theme.BOLD, INK, anchor="midtop")
            y += step
        y += 6 * k
        # the timing badge
        badge = timing_label(c).upper()
        bs = 11.5 * k
        mark = "! " if c.forced else ""
        bw = canvas.measure(mark + badge, bs, theme.BOLD, tracking=1.2 * k)[0] + 22 * k
        pill = pygame.FRect(0, y, min(bw, inner.width), 21 * k)
        pill.centerx = r.centerx
        canvas.fill(theme.RED_DARK if c.forced else (30, 44, 82), pill, radius=pill.height / 2)
        canvas.text(mark + badge, (pill.centerx, pill.centery + 0.5 * k), bs, theme.BOLD,
                    (255, 236, 226) if c.forced else theme.GOLD_LIGHT, anchor="center", tracking=1.2 * k)
        y = pill.bottom + 9 * k
        canvas.line(PAPER_EDGE, (inner.left + 20 * k, y), (inner.right - 20 * k, y), max(1.0, 1.2 * k))
        y += 8 * k
        # the text, shrunk to fit above the footer
        foot_y = r.bottom - 24 * k
        body = c.text.get(lang)
        lines, size, step = _fit_lines(canvas, body, inner.width, foot_y - y - 4 * k, 14 * k, theme.BODY, 5.5)
        for line in lines:
            if y + step > foot_y + 2 * k:
                break
            canvas.text(line, (inner.left, y), size, theme.BODY, INK)
            y += step
        # footer: how long it lasts, and a compulsory mark
        canvas.line(PAPER_EDGE, (inner.left, foot_y), (inner.right, foot_y), max(1.0, k))
        dur = t(f"lupin_cards.duration.{c.duration}")
        canvas.text(dur, (inner.left, foot_y + 12 * k), 11 * k, theme.ITALIC, INK_SOFT, anchor="midleft")
        if c.forced:
            canvas.text(t("lupin_cards.forced").upper(), (inner.right, foot_y + 12 * k), 10.5 * k, theme.BOLD,
                        theme.RED_DARK, anchor="midright", tracking=1 * k)
    canvas.border(PAPER_EDGE if not highlight else theme.GOLD, r, width=max(1.0, (3 if highlight else 1.5) * k),
                  radius=radius)
    if highlight:
        canvas.border((*theme.GOLD_LIGHT, 150), r.inflate(4, 4), width=2, radius=radius + 2)
    if dim:
        canvas.fill((8, 12, 26, 110), r, radius=radius)


def draw_card_back(canvas: Canvas, rect: Any, owner: str | None = None) -> None:
    """A face-down mission card: the same for every card of a deck (only its owner shows)."""
    r = pygame.FRect(rect)
    k = r.width / DESIGN_W
    radius = max(3.0, 12 * k)
    canvas.fill((0, 0, 0, 90), r.move(max(1.0, 2 * k), max(1.5, 3 * k)), radius=radius)
    canvas.fill((24, 34, 66), r, radius=radius)
    inner = r.inflate(-max(4.0, 16 * k), -max(4.0, 16 * k))
    with canvas.clip(inner):
        step = max(5.0, 18 * k)
        x = inner.left - inner.height
        while x < inner.right:
            canvas.line((34, 48, 90), (x, inner.bottom), (x + inner.height, inner.top), max(1.0, 2 * k))
            x += step
    canvas.border(theme.GOLD_DARK, inner, width=max(1.0, 1.5 * k), radius=max(2.0, 6 * k))
    cx, cy = r.center
    rad = r.width * 0.26
    canvas.circle((18, 26, 52), (cx, cy), rad)
    canvas.circle(theme.GOLD, (cx, cy), rad, width=max(1.0, 2 * k))
    canvas.text("III", (cx, cy + rad * 0.05), rad * 1.05, theme.DISPLAY, theme.GOLD_LIGHT, anchor="center")
    if owner is not None:
        emblem(canvas, owner, (cx, r.bottom - max(7.0, r.height * 0.13)), max(5.0, r.width * 0.1))
    canvas.border(theme.EDGE_LIGHT, r, width=max(1.0, 1.5 * k), radius=radius)


# ============================================================================ the gallery

GRID_COLS = 10
GRID_TOP = 150
GRID_W = 144.0
GRID_GAP = 10.0
ZOOM_W = 320.0


def base_card_ids() -> list[str]:
    """Every base card once, by owner (Lupin, Jigen, Goemon, Fujiko), in the data's order."""
    cards = [c for c in cat.catalog().cards.values() if c.box == "base"]
    order = {o: i for i, o in enumerate(OWNERS)}
    return [c.id for c in sorted(cards, key=lambda c: order.get(c.owner, 9))]


class LupinCardsScene(Scene):
    """Every base mission card face up in a grid; hovering one shows it enlarged; Esc/Back."""

    escape_goes_back = True
    fills_window = True

    def __init__(self, ids: list[str] | None = None) -> None:
        super().__init__()
        self.ids = ids if ids is not None else base_card_ids()
        self.rects: list[pygame.FRect] = []
        rows = (len(self.ids) + GRID_COLS - 1) // GRID_COLS
        h = GRID_W * RATIO
        left = (1600 - (GRID_COLS * GRID_W + (GRID_COLS - 1) * GRID_GAP)) / 2
        for i, _cid in enumerate(self.ids):
            row, col = divmod(i, GRID_COLS)
            self.rects.append(pygame.FRect(left + col * (GRID_W + GRID_GAP), GRID_TOP + row * (h + 14), GRID_W, h))
        self.rows = rows
        self.hovered: str | None = None
        self.back_button = Button((1600 - 80 - 200, 44, 200, 54), lambda: t("common.back"), self.back, icon="back")
        self.widgets = [self.back_button]

    def back(self) -> None:
        if self.stack is not None and len(self.stack) > 1:
            self.stack.pop()

    def card_at(self, pos: Any) -> str | None:
        for cid, r in zip(self.ids, self.rects):
            if r.collidepoint(pos):
                return cid
        return None

    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.card_at(event.pos)
        return super().handle(event)

    def draw(self, canvas: Canvas) -> None:
        """The gallery is drawn once per card pointed at (a cached layer), the enlarged card over it."""
        canvas.layer(("lupin-cards", id(self), self.hovered, current_language()), self._draw_gallery)
        super().draw(canvas)
        self._draw_zoom(canvas)

    def _draw_gallery(self, canvas: Canvas) -> None:
        backdrop.menu_page(canvas, t("lupin_cards.gallery.kicker"), t("lupin_cards.gallery.title"), size=64)
        canvas.text(t("lupin_cards.gallery.hint"), (1600 - 300, 120), 16, theme.ITALIC, theme.MUTED, anchor="topright")
        for cid, r in zip(self.ids, self.rects):
            draw_card_face(canvas, r, cid, highlight=cid == self.hovered)

    def _draw_zoom(self, canvas: Canvas) -> None:
        if self.hovered is not None:
            r = self.rects[self.ids.index(self.hovered)]
            zoom = pygame.FRect(0, 0, ZOOM_W, ZOOM_W * RATIO)
            zoom.midleft = (r.right + 16, r.centery)
            if zoom.right > 1590:
                zoom.midright = (r.left - 16, r.centery)
            zoom.top = min(max(zoom.top, 10), 890 - zoom.height)
            draw_card_face(canvas, zoom, self.hovered)
