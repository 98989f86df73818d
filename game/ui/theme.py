"""The look shared by every scene: palette, type scale and a few drawn icons.

Night-time blueprint: deep navy grounds, off-white ink, gold for what a player can do, red for
warnings and "coming soon", blueprint cyan for line work. Type: Bebas Neue (display) for titles and
buttons, Lato for reading.
"""

from __future__ import annotations

import math

from game.ui.canvas import Canvas, Point

# --- palette ---------------------------------------------------------------------------------
NIGHT = (7, 11, 23)          # deepest background
NAVY = (14, 22, 43)          # background
NAVY_LIGHT = (24, 36, 66)
PANEL = (16, 24, 46, 236)    # panels and cards
PANEL_SOLID = (16, 24, 46)
PANEL_HOVER = (26, 38, 70, 245)
EDGE = (52, 72, 112)         # panel borders
EDGE_LIGHT = (86, 112, 160)
INK = (238, 232, 216)        # main text
MUTED = (160, 170, 192)      # secondary text
FAINT = (98, 110, 138)       # hints, disabled
GOLD = (240, 184, 72)        # primary actions, highlights
GOLD_LIGHT = (255, 208, 112)
GOLD_DARK = (176, 124, 38)
RED = (222, 70, 74)          # warnings, coming soon
RED_DARK = (150, 34, 42)
CYAN = (92, 164, 226)        # blueprint lines
CYAN_DIM = (44, 82, 128)
SHADOW = (0, 0, 0, 150)

# --- type --------------------------------------------------------------------------------------
DISPLAY = "display"
BODY = "body"
BOLD = "bold"
ITALIC = "italic"


def icon(canvas: Canvas, name: str, centre: Point, size: float, colour) -> bool:
    """Draw a small line icon centred at ``centre`` (``size`` = its box side); False if unknown."""
    cx, cy = centre
    s = size / 2
    lw = max(2.0, size / 10)
    if name == "play":
        canvas.polygon(colour, [(cx - s * 0.55, cy - s * 0.75), (cx + s * 0.8, cy), (cx - s * 0.55, cy + s * 0.75)])
    elif name == "back":
        canvas.line(colour, (cx - s * 0.8, cy), (cx + s * 0.8, cy), lw)
        canvas.lines(colour, [(cx - s * 0.1, cy - s * 0.7), (cx - s * 0.8, cy), (cx - s * 0.1, cy + s * 0.7)], lw)
    elif name == "gear":
        canvas.circle(colour, (cx, cy), s * 0.58, lw * 1.3)
        for i in range(8):
            a = math.pi * i / 4
            canvas.line(colour, (cx + s * 0.5 * math.cos(a), cy + s * 0.5 * math.sin(a)),
                        (cx + s * 0.92 * math.cos(a), cy + s * 0.92 * math.sin(a)), lw * 1.5)
    elif name == "exit":
        canvas.lines(colour, [(cx + s * 0.1, cy - s * 0.85), (cx - s * 0.75, cy - s * 0.85),
                              (cx - s * 0.75, cy + s * 0.85), (cx + s * 0.1, cy + s * 0.85)], lw)
        canvas.line(colour, (cx - s * 0.25, cy), (cx + s * 0.9, cy), lw)
        canvas.lines(colour, [(cx + s * 0.45, cy - s * 0.45), (cx + s * 0.9, cy), (cx + s * 0.45, cy + s * 0.45)], lw)
    elif name == "check":
        canvas.lines(colour,
                     [(cx - s * 0.7, cy + s * 0.05), (cx - s * 0.2, cy + s * 0.55), (cx + s * 0.75, cy - s * 0.6)],
                     lw * 1.2)
    elif name == "cross":
        canvas.line(colour, (cx - s * 0.6, cy - s * 0.6), (cx + s * 0.6, cy + s * 0.6), lw * 1.2)
        canvas.line(colour, (cx - s * 0.6, cy + s * 0.6), (cx + s * 0.6, cy - s * 0.6), lw * 1.2)
    elif name == "users":
        canvas.circle(colour, (cx - s * 0.32, cy - s * 0.35), s * 0.3)
        canvas.circle(colour, (cx + s * 0.38, cy - s * 0.3), s * 0.26)
        canvas.fill(colour, (cx - s * 0.85, cy + s * 0.05, s * 1.05, s * 0.8), radius=s * 0.35)
        canvas.fill(colour, (cx + s * 0.05, cy + s * 0.1, s * 0.8, s * 0.7), radius=s * 0.3)
    elif name == "clock":
        canvas.circle(colour, (cx, cy), s * 0.85, lw)
        canvas.line(colour, (cx, cy), (cx, cy - s * 0.5), lw)
        canvas.line(colour, (cx, cy), (cx + s * 0.4, cy + s * 0.15), lw)
    elif name == "lock":
        canvas.arc(colour, (cx - s * 0.45, cy - s * 0.9, s * 0.9, s * 1.0), 0, math.pi, lw)
        canvas.line(colour, (cx - s * 0.45, cy - s * 0.4), (cx - s * 0.45, cy - s * 0.05), lw)
        canvas.line(colour, (cx + s * 0.45, cy - s * 0.4), (cx + s * 0.45, cy - s * 0.05), lw)
        canvas.fill(colour, (cx - s * 0.7, cy - s * 0.1, s * 1.4, s * 1.0), radius=s * 0.15)
    elif name == "plus":
        canvas.line(colour, (cx - s * 0.7, cy), (cx + s * 0.7, cy), lw * 1.3)
        canvas.line(colour, (cx, cy - s * 0.7), (cx, cy + s * 0.7), lw * 1.3)
    elif name == "help" and size < 16:   # too small for a ring: the sign itself
        canvas.text("?", (cx, cy + size * 0.3), size * 1.45, BOLD, colour, anchor="center")   # on the caps line
    elif name == "help":   # a question mark drawn in a ring, on the button's centre line
        hw = max(1.0, size / 13)   # thinner than the others: it must read at a small button's size
        canvas.circle(colour, (cx, cy), s * 0.9, hw)
        canvas.arc(colour, (cx - s * 0.3, cy - s * 0.56, s * 0.6, s * 0.56), -math.pi / 2, math.pi, hw * 1.2)
        canvas.line(colour, (cx, cy), (cx, cy + s * 0.2), hw * 1.2)
        canvas.circle(colour, (cx, cy + s * 0.48), hw * 0.8)
    else:
        return False
    return True
