"""Diabolik's pieces drawn with pygame (no images): Clerville's night palette, the location cards
with their skylines, the clue, loot and hideout cards, the pawns, the roadblock and the d8.

Pawns never rely on colour alone: the criminals are round with their letter (D, E), the
detectives are shields with theirs (G, M), the agents shields with their arrow (→ the blue one,
who patrols to the right; ← the yellow one, to the left).
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import pygame

from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.widgets import mix

# Clerville by night
NIGHT_BLUE = (12, 22, 48)
NIGHT_DEEP = (6, 10, 24)
INK_BLACK = (10, 10, 14)
GOLD = theme.GOLD
GOLD_LIGHT = theme.GOLD_LIGHT
PAPER = (236, 226, 198)
PAPER_DARK = (196, 182, 148)
TEAL = (64, 178, 172)
DIABOLIK_FILL, DIABOLIK_INK = (16, 16, 20), (240, 240, 236)
EVA_FILL, EVA_INK = (236, 244, 242), (18, 84, 82)
POLICE = {
    "ginko": ((34, 52, 104), GOLD_LIGHT, "G"),
    "morrigan": ((76, 40, 92), GOLD_LIGHT, "M"),
    "blue": ((40, 104, 200), (246, 246, 250), "→"),
    "yellow": ((236, 196, 52), (30, 26, 16), "←"),
}
LETTER = {"diabolik": "D", "eva": "E"}


def _hash(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def location_card(canvas: Canvas, r: pygame.FRect, loc_id: str, name: str, number: int, *,
                  lit: bool = False, dim: bool = False) -> None:
    """A location card: a night sky, the place's skyline in black, a gold frame, its number in a
    gold disc at the top and its name on a black band at the foot."""
    canvas.fill((0, 0, 0, 120), r.move(3, 5), radius=10)
    top = mix(NIGHT_BLUE, (40, 58, 110), 0.5)
    canvas.vertical_gradient(r.inflate(-2, -2), top, NIGHT_DEEP)
    seed = _hash(loc_id)
    # the moon, somewhere in the sky
    mx = r.left + 24 + (seed % 70)
    my = r.top + 42 + (seed >> 8) % 22
    canvas.glow((mx, my), 26, (255, 236, 170, 70))
    canvas.circle((246, 236, 200), (mx, my), 9)
    canvas.circle(mix(top, NIGHT_BLUE, 0.3), (mx + 4, my - 2), 8)
    # the skyline: buildings of the place's own heights, a few lit windows
    base = r.bottom - 40
    x = r.left + 3
    k = 0
    while x < r.right - 3:
        bits = (seed >> (k * 3 % 27)) & 0x3F
        w = 10 + bits % 12
        h = 22 + (bits * 7 + k * 13) % 58
        if loc_id == "cima_picco_nero" and k % 3 == 1:   # the black peak
            canvas.polygon(INK_BLACK, [(x, base), (x + w * 1.5, base - h - 30), (x + w * 3, base)])
            x += w * 2
        else:
            bw = min(w, r.right - 3 - x)
            canvas.fill(INK_BLACK, (x, base - h, bw, h))
            if (bits + k) % 3 == 0:
                canvas.polygon(INK_BLACK, [(x, base - h), (x + bw / 2, base - h - 10), (x + bw, base - h)])
            for wy in range(int(base - h + 6), int(base - 6), 9):
                if (wy + k * 5 + bits) % 4 == 0:
                    canvas.fill((236, 198, 96), (x + 3, wy, 3, 4))
        x += w + 1
        k += 1
    canvas.fill(INK_BLACK, (r.left + 1, base, r.width - 2, r.bottom - base - 1), radius=0)
    # the frame and the name band
    frame = GOLD_LIGHT if lit else mix(theme.GOLD_DARK, GOLD, 0.5)
    canvas.border(frame, r, width=3 if lit else 2, radius=10)
    canvas.border((*GOLD[:3], 90), r.inflate(-10, -10), width=1, radius=6)
    disc = (r.centerx, r.top + 18)
    canvas.circle(INK_BLACK, disc, 14)
    canvas.circle(frame, disc, 14, 2)
    canvas.text(str(number), (disc[0], disc[1] + 1), 20, theme.DISPLAY, GOLD_LIGHT, anchor="center")
    from game.ui.scenes.table import fitted

    fitted(canvas, name.upper(), (r.centerx, r.bottom - 21), r.width - 12, 17, theme.DISPLAY, GOLD_LIGHT,
           anchor="center", tracking=0.8)
    if dim:
        canvas.fill((0, 0, 0, 110), r, radius=10)


def small_card(canvas: Canvas, r: pygame.FRect, kind: str, label: str, *, lit: bool = False) -> None:
    """A clue (paper, a magnifier), a loot card (gold, a jewel) or the hideout (black, a mask)."""
    canvas.fill((0, 0, 0, 110), r.move(2, 4), radius=7)
    if kind == "clue":
        fill, edge, ink = PAPER, (120, 96, 60), (60, 44, 30)
    elif kind == "loot":
        fill, edge, ink = (212, 164, 60), (110, 74, 20), (40, 26, 10)
    else:
        fill, edge, ink = INK_BLACK, GOLD, GOLD_LIGHT
    canvas.fill(fill, r, radius=7)
    canvas.border(GOLD_LIGHT if lit else edge, r, width=3 if lit else 1.5, radius=7)
    icon_c = (r.left + 22, r.centery)
    if kind == "clue":
        canvas.circle(ink, (icon_c[0] - 2, icon_c[1] - 3), 9, 3)
        canvas.line(ink, (icon_c[0] + 4, icon_c[1] + 3), (icon_c[0] + 11, icon_c[1] + 11), 4)
    elif kind == "loot":
        gem(canvas, icon_c, 12, (120, 210, 230), ink)
    else:
        mask(canvas, icon_c, 15, GOLD_LIGHT)
    from game.ui.scenes.table import fitted

    fitted(canvas, label.upper(), (r.left + 40, r.centery), r.width - 46, 16, theme.DISPLAY, ink,
           anchor="midleft", tracking=0.6)


def gem(canvas: Canvas, c: tuple[float, float], s: float, colour: Any, edge: Any) -> None:
    """A cut jewel: the loot's mark."""
    x, y = c
    pts = [(x - s, y - s * 0.3), (x - s * 0.5, y - s * 0.8), (x + s * 0.5, y - s * 0.8), (x + s, y - s * 0.3),
           (x, y + s)]
    canvas.polygon(colour, pts)
    canvas.polygon(edge, pts, 1.5)
    canvas.line(edge, (x - s, y - s * 0.3), (x + s, y - s * 0.3), 1.2)


def mask(canvas: Canvas, c: tuple[float, float], s: float, colour: Any) -> None:
    """Diabolik's eye mask: the hideout's mark."""
    x, y = c
    canvas.polygon(colour, [(x - s, y - s * 0.3), (x, y - s * 0.1), (x + s, y - s * 0.3), (x + s * 0.8, y + s * 0.35),
                            (x + s * 0.2, y + s * 0.3), (x, y + s * 0.1), (x - s * 0.2, y + s * 0.3),
                            (x - s * 0.8, y + s * 0.35)])
    canvas.circle(INK_BLACK, (x - s * 0.45, y), s * 0.16)
    canvas.circle(INK_BLACK, (x + s * 0.45, y), s * 0.16)


def criminal_pawn(canvas: Canvas, c: tuple[float, float], who: str, radius: float = 18, *, shadow: bool = False,
                  active: bool = False, carrying: int = 0) -> None:
    """Diabolik (black, D) or Eva (white and teal, E): round pawns with their letter. In the shadow
    a dashed ring; the criminal whose turn it is, a gold halo."""
    fill, ink = (DIABOLIK_FILL, DIABOLIK_INK) if who == "diabolik" else (EVA_FILL, EVA_INK)
    x, y = c
    if active:
        canvas.glow(c, radius * 2.2, (*GOLD[:3], 110))
        canvas.circle(GOLD_LIGHT, c, radius + 5, 3)
    canvas.circle((0, 0, 0, 140), (x + 2, y + 3), radius)
    canvas.circle(fill, c, radius)
    canvas.circle(TEAL if who == "eva" else (150, 150, 160), c, radius, 2.5)
    canvas.text(LETTER.get(who, who[:1].upper()), (x, y + 1), radius * 1.35, theme.DISPLAY, ink, anchor="center")
    if shadow:
        for i in range(12):
            a0 = i * math.pi / 6
            a1 = a0 + math.pi / 12
            canvas.line((150, 160, 190), (x + (radius + 4) * math.cos(a0), y + (radius + 4) * math.sin(a0)),
                        (x + (radius + 4) * math.cos(a1), y + (radius + 4) * math.sin(a1)), 1.5)
    if carrying:
        bx, by = x + radius * 0.85, y - radius * 0.85
        canvas.circle((212, 164, 60), (bx, by), 10)
        canvas.circle(INK_BLACK, (bx, by), 10, 1.5)
        canvas.text(str(carrying), (bx, by + 1), 14, theme.BOLD, INK_BLACK, anchor="center")


def police_pawn(canvas: Canvas, c: tuple[float, float], who: str, radius: float = 18, *, lit: bool = False) -> None:
    """A shield with the policeman's letter or arrow."""
    fill, ink, mark = POLICE.get(who, ((80, 80, 80), theme.INK, who[:1].upper()))
    x, y = c
    s = radius
    pts = [(x - s, y - s * 0.85), (x + s, y - s * 0.85), (x + s * 0.95, y + s * 0.15), (x, y + s * 1.05),
           (x - s * 0.95, y + s * 0.15)]
    if lit:
        canvas.glow(c, s * 2.3, (255, 255, 255, 90))
    canvas.polygon((0, 0, 0, 140), [(px + 2, py + 3) for px, py in pts])
    canvas.polygon(fill, pts)
    canvas.polygon(GOLD_LIGHT if lit else mix(fill, (255, 255, 255), 0.45), pts, 2)
    if mark in ("→", "←"):
        d = 1 if mark == "→" else -1
        canvas.line(ink, (x - d * s * 0.55, y - s * 0.05), (x + d * s * 0.45, y - s * 0.05), 3.5)
        canvas.polygon(ink, [(x + d * s * 0.65, y - s * 0.05), (x + d * s * 0.2, y - s * 0.45),
                             (x + d * s * 0.2, y + s * 0.35)])
    else:
        canvas.text(mark, (x, y - s * 0.02), s * 1.3, theme.DISPLAY, ink, anchor="center")


def roadblock(canvas: Canvas, c: tuple[float, float], *, lit: bool = False, ghost: bool = False) -> None:
    """A roadblock token: a striped barrier on a round plate."""
    x, y = c
    a = 120 if ghost else 255
    canvas.circle((0, 0, 0, min(a, 140)), (x + 2, y + 3), 20)
    canvas.circle((*INK_BLACK, a), c, 20)
    canvas.circle((*(GOLD_LIGHT if lit else (220, 60, 60)), a), c, 20, 2.5)
    bar = pygame.FRect(x - 15, y - 6, 30, 12)
    canvas.fill((*(240, 240, 236), a), bar, radius=2)
    for i in range(3):
        canvas.polygon((*(212, 40, 44), a), [(bar.left + 2 + i * 10, bar.bottom), (bar.left + 7 + i * 10, bar.top),
                                             (bar.left + 11 + i * 10, bar.top), (bar.left + 6 + i * 10, bar.bottom)])
    canvas.line((*(240, 240, 236), a), (x - 11, y + 6), (x - 11, y + 14), 2)
    canvas.line((*(240, 240, 236), a), (x + 11, y + 6), (x + 11, y + 14), 2)


def d8(canvas: Canvas, r: pygame.FRect, face: int, highlight: bool = False) -> None:
    """The eight-sided die: a diamond with its number."""
    cx, cy = r.center
    w, h = r.width / 2, r.height / 2
    pts = [(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)]
    canvas.polygon((0, 0, 0, 120), [(px + 2, py + 3) for px, py in pts])
    canvas.polygon((246, 240, 226), pts)
    canvas.polygon(GOLD if highlight else (150, 140, 120), pts, 2 if highlight else 1.2)
    canvas.text(str(face), (cx, cy + 1), h * 0.95, theme.DISPLAY, (30, 28, 34), anchor="center")
