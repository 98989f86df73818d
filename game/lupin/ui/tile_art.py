"""Lupin's device tiles drawn with pygame shapes: a cardboard tile with a picture, a name and a price.

Every device of the box (and of the expansion) has its own little picture, drawn procedurally in
a unit square (0..1 × 0..1) scaled into the tile's picture window, so it stays sharp at any window
size: the helicopter, the Alfa Romeo, the motorbike, the yellow Fiat 500, the boat, the hang
glider, the rucksack, the radio, the hand grenade, the medical kit, the knife, the shovel, the
"false target" balloon, the rifle, and the expansion's wetsuit, tank lorry, jeep and rowboat. An
unknown device gets a generic crate with the first letter of its name.

:func:`draw_tile` draws the full tile (shop size): kraft cardboard, a coloured picture window by
kind (vehicle sky blue, weapon brick red, gear sage green, and a corner mark V / W / G so the kind
never rests on colour alone), a dark name strip and a gold price coin. :func:`draw_mini` draws the
small version a character's slot holds. Both are cached as sprites (one per device, size, text).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.i18n import current_language, t, translator
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.textfit import READABLE, READABLE_DISPLAY, fit_title

KRAFT = (222, 200, 156)
KRAFT_DARK = (176, 146, 100)
KRAFT_EDGE = (98, 72, 44)
STRIP = (46, 34, 26)
CREAM = (250, 240, 214)
COIN = (236, 184, 70)
COIN_DARK = (150, 104, 30)
KIND_BG = {"vehicle": ((150, 196, 230), (96, 148, 196)), "weapon": ((230, 150, 128), (178, 86, 70)),
           "gear": ((176, 210, 150), (112, 160, 98))}
KIND_MARK = {"vehicle": "V", "weapon": "W", "gear": "G"}

# ---- colours of the pictures
INKLINE = (34, 30, 34)
STEEL = (176, 186, 198)
STEEL_DARK = (96, 106, 120)
TYRE = (36, 36, 40)
GLASS = (196, 230, 246)
WOOD = (150, 96, 52)
WOOD_DARK = (104, 64, 34)
OLIVE = (108, 122, 62)
OLIVE_DARK = (70, 80, 40)


class Pen:
    """Draws in a unit square mapped onto ``rect`` (kept square, centred)."""

    def __init__(self, canvas: Canvas, rect: Any):
        r = pygame.FRect(rect)
        s = min(r.width, r.height)
        self.c = canvas
        self.s = s
        self.x0 = r.centerx - s / 2
        self.y0 = r.centery - s / 2

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (self.x0 + x * self.s, self.y0 + y * self.s)

    def ps(self, pts) -> list[tuple[float, float]]:
        return [self.p(x, y) for x, y in pts]

    def w(self, v: float) -> float:
        return max(1.0, v * self.s)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.FRect:
        return pygame.FRect(self.x0 + x * self.s, self.y0 + y * self.s, w * self.s, h * self.s)

    # shapes
    def poly(self, colour, pts, outline: bool = True, width: float = 0.018) -> None:
        self.c.polygon(colour, self.ps(pts))
        if outline:
            self.c.polygon(INKLINE, self.ps(pts), width=self.w(width))

    def circle(self, colour, x: float, y: float, r: float, outline: bool = True, width: float = 0.018) -> None:
        self.c.circle(colour, self.p(x, y), r * self.s)
        if outline:
            self.c.circle(INKLINE, self.p(x, y), r * self.s, width=self.w(width))

    def ring(self, colour, x: float, y: float, r: float, width: float) -> None:
        self.c.circle(colour, self.p(x, y), r * self.s, width=self.w(width))

    def box(self, colour, x: float, y: float, w: float, h: float, radius: float = 0.0, outline: bool = True,
            width: float = 0.018) -> None:
        r = self.rect(x, y, w, h)
        self.c.fill(colour, r, radius=radius * self.s)
        if outline:
            self.c.border(INKLINE, r, width=self.w(width), radius=radius * self.s)

    def line(self, colour, a, b, width: float = 0.02) -> None:
        self.c.line(colour, self.p(*a), self.p(*b), self.w(width))

    def lines(self, colour, pts, width: float = 0.02) -> None:
        self.c.lines(colour, self.ps(pts), self.w(width))

    def wheel(self, x: float, y: float, r: float) -> None:
        self.circle(TYRE, x, y, r, outline=False)
        self.circle(STEEL, x, y, r * 0.48, outline=False)
        self.circle(STEEL_DARK, x, y, r * 0.16, outline=False)


def _ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 24, a0: float = 0.0, a1: float = 2 * math.pi):
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
            for i in range(n + 1)]


# ---------------------------------------------------------------------------------- pictures

def _helicopter(p: Pen) -> None:
    body = (226, 70, 60)
    p.line(INKLINE, (0.5, 0.28), (0.5, 0.36), 0.035)                    # mast
    p.poly(STEEL_DARK, [(0.06, 0.24), (0.94, 0.24), (0.94, 0.285), (0.06, 0.285)])   # main rotor
    p.poly(body, [(0.52, 0.5), (0.93, 0.43), (0.95, 0.49), (0.55, 0.6)])    # tail boom
    p.poly(body, [(0.88, 0.32), (0.96, 0.32), (0.97, 0.5), (0.9, 0.48)])    # tail fin
    p.circle(STEEL, 0.93, 0.37, 0.06, width=0.014)                          # tail rotor
    p.poly(body, _ellipse(0.38, 0.53, 0.25, 0.17))                          # cabin
    p.poly(GLASS, _ellipse(0.3, 0.5, 0.13, 0.11, a0=math.pi * 0.9, a1=math.pi * 2.05), width=0.012)
    p.line(INKLINE, (0.26, 0.7), (0.28, 0.8), 0.025)                         # skids
    p.line(INKLINE, (0.5, 0.7), (0.48, 0.8), 0.025)
    p.line(INKLINE, (0.12, 0.8), (0.66, 0.8), 0.035)
    p.line(INKLINE, (0.12, 0.8), (0.08, 0.76), 0.03)


def _car_body(p: Pen, colour, cabin, low: float = 0.58) -> None:
    p.poly(colour, [(0.05, low), (0.1, 0.48), (0.28, 0.45), (0.72, 0.45), (0.92, 0.5), (0.96, low),
                    (0.96, 0.68), (0.05, 0.68)])
    p.poly(colour, cabin)


def _alfa(p: Pen) -> None:
    red = (196, 36, 40)
    _car_body(p, red, [(0.26, 0.46), (0.36, 0.3), (0.66, 0.3), (0.76, 0.46)])
    p.poly(GLASS, [(0.31, 0.45), (0.38, 0.34), (0.49, 0.34), (0.49, 0.45)], width=0.012)
    p.poly(GLASS, [(0.53, 0.45), (0.53, 0.34), (0.64, 0.34), (0.71, 0.45)], width=0.012)
    p.line(CREAM, (0.1, 0.55), (0.92, 0.55), 0.015)                       # a chrome line
    p.box((255, 236, 150), 0.9, 0.52, 0.05, 0.05, outline=False)          # headlight
    p.wheel(0.25, 0.68, 0.1)
    p.wheel(0.77, 0.68, 0.1)


def _fiat(p: Pen) -> None:
    yellow = (246, 204, 40)
    p.poly(yellow, [(0.1, 0.7), (0.1, 0.52), (0.2, 0.46), (0.8, 0.46), (0.9, 0.54), (0.9, 0.7)])
    p.poly(yellow, _ellipse(0.5, 0.47, 0.3, 0.22, a0=math.pi, a1=2 * math.pi))
    p.poly(GLASS, _ellipse(0.5, 0.46, 0.23, 0.16, a0=math.pi, a1=1.45 * math.pi), width=0.012)
    p.poly(GLASS, _ellipse(0.52, 0.46, 0.22, 0.16, a0=1.55 * math.pi, a1=2 * math.pi), width=0.012)
    p.circle((255, 246, 190), 0.86, 0.56, 0.035, width=0.01)
    p.wheel(0.27, 0.7, 0.09)
    p.wheel(0.73, 0.7, 0.09)


def _motorbike(p: Pen) -> None:
    p.ring(TYRE, 0.22, 0.66, 0.15, 0.05)
    p.ring(TYRE, 0.78, 0.66, 0.15, 0.05)
    p.circle(STEEL_DARK, 0.22, 0.66, 0.035, outline=False)
    p.circle(STEEL_DARK, 0.78, 0.66, 0.035, outline=False)
    blue = (40, 90, 190)
    p.lines(STEEL_DARK, [(0.22, 0.66), (0.42, 0.5), (0.62, 0.5), (0.78, 0.66)], 0.03)
    p.line(STEEL_DARK, (0.78, 0.66), (0.68, 0.36), 0.03)                  # fork
    p.poly(blue, [(0.34, 0.5), (0.4, 0.4), (0.6, 0.38), (0.7, 0.46), (0.62, 0.55), (0.42, 0.56)])
    p.poly(TYRE, [(0.18, 0.42), (0.42, 0.4), (0.42, 0.45), (0.2, 0.47)], outline=False)   # seat
    p.line(INKLINE, (0.64, 0.32), (0.76, 0.3), 0.03)                      # handlebar
    p.circle((255, 236, 150), 0.74, 0.4, 0.04, width=0.012)               # headlight


def _waves(p: Pen, y: float) -> None:
    for k in range(3):
        x = 0.08 + k * 0.3
        p.lines((40, 90, 170), [(x, y), (x + 0.07, y - 0.04), (x + 0.14, y), (x + 0.21, y - 0.04)], 0.025)


def _boat(p: Pen) -> None:
    p.poly((236, 236, 240), [(0.06, 0.5), (0.96, 0.5), (0.8, 0.72), (0.16, 0.72)])
    p.poly((30, 70, 150), [(0.12, 0.62), (0.9, 0.62), (0.82, 0.72), (0.16, 0.72)], outline=False)
    p.box((236, 236, 240), 0.3, 0.34, 0.36, 0.16)
    p.box(GLASS, 0.36, 0.38, 0.1, 0.07, outline=False)
    p.box(GLASS, 0.5, 0.38, 0.1, 0.07, outline=False)
    p.line(INKLINE, (0.62, 0.34), (0.62, 0.16), 0.02)
    p.poly((222, 60, 60), [(0.62, 0.16), (0.76, 0.2), (0.62, 0.25)], width=0.01)
    _waves(p, 0.84)


def _rowboat(p: Pen) -> None:
    p.line(WOOD_DARK, (0.12, 0.34), (0.9, 0.78), 0.035)                   # oars
    p.line(WOOD_DARK, (0.88, 0.34), (0.1, 0.78), 0.035)
    p.poly(WOOD_DARK, _ellipse(0.1, 0.78, 0.07, 0.035), outline=False)
    p.poly(WOOD_DARK, _ellipse(0.9, 0.78, 0.07, 0.035), outline=False)
    p.poly(WOOD, [(0.06, 0.48), (0.94, 0.48), (0.78, 0.7), (0.22, 0.7)])
    for y in (0.55, 0.62):
        p.line(WOOD_DARK, (0.14 + (y - 0.48) * 0.6, y), (0.86 - (y - 0.48) * 0.6, y), 0.012)
    p.box((120, 76, 40), 0.42, 0.44, 0.16, 0.05)
    _waves(p, 0.86)


def _hang_glider(p: Pen) -> None:
    wing = (236, 96, 48)
    p.poly(wing, [(0.5, 0.14), (0.96, 0.52), (0.5, 0.44), (0.04, 0.52)])
    p.poly((250, 210, 70), [(0.5, 0.14), (0.72, 0.33), (0.5, 0.3), (0.28, 0.33)], width=0.012)
    p.line(STEEL_DARK, (0.5, 0.44), (0.5, 0.62), 0.018)
    p.lines(STEEL_DARK, [(0.36, 0.7), (0.5, 0.5), (0.64, 0.7), (0.36, 0.7)], 0.018)  # control bar
    p.circle((240, 200, 160), 0.5, 0.6, 0.045, width=0.012)              # the pilot
    p.poly((50, 60, 90), [(0.46, 0.64), (0.54, 0.64), (0.62, 0.74), (0.38, 0.74)], width=0.012)


def _backpack(p: Pen) -> None:
    canvas_g = (118, 132, 70)
    p.lines(OLIVE_DARK, [(0.34, 0.3), (0.4, 0.14), (0.6, 0.14), (0.66, 0.3)], 0.04)   # handle
    p.box(canvas_g, 0.22, 0.24, 0.56, 0.64, radius=0.12)
    p.box(OLIVE, 0.22, 0.24, 0.56, 0.22, radius=0.1)                        # flap
    p.box(OLIVE, 0.32, 0.58, 0.36, 0.22, radius=0.05)                       # pocket
    p.box((210, 180, 90), 0.46, 0.42, 0.08, 0.08, radius=0.01, width=0.012)  # buckle
    p.line(OLIVE_DARK, (0.3, 0.46), (0.3, 0.86), 0.025)
    p.line(OLIVE_DARK, (0.7, 0.46), (0.7, 0.86), 0.025)


def _radio(p: Pen) -> None:
    p.line(INKLINE, (0.62, 0.3), (0.66, 0.06), 0.035)                      # antenna
    p.circle((222, 60, 60), 0.66, 0.06, 0.035, width=0.01)
    p.box((54, 60, 70), 0.3, 0.26, 0.4, 0.64, radius=0.07)
    p.box((150, 210, 150), 0.37, 0.32, 0.26, 0.13, radius=0.02, width=0.012)  # display
    for k in range(4):
        y = 0.52 + k * 0.065
        p.line((140, 146, 160), (0.38, y), (0.62, y), 0.022)                # speaker grill
    p.box((222, 60, 60), 0.24, 0.4, 0.06, 0.14, radius=0.02, width=0.01)    # push-to-talk


def _grenade(p: Pen) -> None:
    green = (86, 110, 56)
    p.circle(green, 0.48, 0.6, 0.26)
    for dx in (-0.13, 0.0, 0.13):
        p.line((58, 76, 36), (0.48 + dx, 0.36), (0.48 + dx, 0.84), 0.018)
    for dy in (-0.1, 0.03, 0.16):
        p.line((58, 76, 36), (0.24, 0.6 + dy), (0.72, 0.6 + dy), 0.018)
    p.circle((255, 255, 255, 70), 0.4, 0.5, 0.06, outline=False)
    p.box(STEEL_DARK, 0.4, 0.26, 0.16, 0.1, radius=0.02)                    # fuse
    p.poly(STEEL, [(0.54, 0.27), (0.78, 0.36), (0.74, 0.42), (0.54, 0.33)], width=0.012)  # lever
    p.ring((214, 180, 60), 0.34, 0.24, 0.07, 0.022)                         # pin ring


def _medical(p: Pen) -> None:
    p.lines(INKLINE, [(0.38, 0.28), (0.38, 0.18), (0.62, 0.18), (0.62, 0.28)], 0.04)
    p.box((246, 246, 246), 0.14, 0.28, 0.72, 0.56, radius=0.08)
    red = (214, 40, 48)
    p.box(red, 0.43, 0.36, 0.14, 0.4, outline=False)
    p.box(red, 0.3, 0.49, 0.4, 0.14, outline=False)


def _knife(p: Pen) -> None:
    p.poly(STEEL, [(0.18, 0.82), (0.56, 0.44), (0.74, 0.3), (0.62, 0.5), (0.24, 0.86)], width=0.016)
    p.line((240, 244, 250), (0.24, 0.8), (0.6, 0.46), 0.012)
    p.poly(STEEL_DARK, [(0.56, 0.38), (0.66, 0.48), (0.62, 0.52), (0.52, 0.42)], width=0.012)  # guard
    p.poly(WOOD, [(0.62, 0.42), (0.8, 0.24), (0.86, 0.3), (0.66, 0.48)])
    p.circle(CREAM, 0.72, 0.36, 0.015, outline=False)


def _shovel(p: Pen) -> None:
    p.line(WOOD, (0.3, 0.22), (0.62, 0.62), 0.05)
    p.lines(INKLINE, [(0.2, 0.22), (0.3, 0.12), (0.4, 0.2)], 0.03)          # D-grip
    p.line(INKLINE, (0.2, 0.22), (0.4, 0.2), 0.03)
    p.poly(STEEL, [(0.56, 0.56), (0.7, 0.5), (0.9, 0.74), (0.84, 0.9), (0.66, 0.84)], width=0.016)


def _balloon(p: Pen) -> None:
    red = (220, 50, 56)
    p.lines(INKLINE, [(0.5, 0.7), (0.46, 0.78), (0.54, 0.85), (0.48, 0.94)], 0.014)
    p.poly(red, [(0.46, 0.72), (0.54, 0.72), (0.5, 0.66)], outline=False)
    p.circle(red, 0.5, 0.4, 0.28)
    p.ring(CREAM, 0.5, 0.4, 0.18, 0.035)                                     # a painted target
    p.circle(CREAM, 0.5, 0.4, 0.06, outline=False)
    p.circle((255, 255, 255, 110), 0.4, 0.28, 0.05, outline=False)


def _rifle(p: Pen) -> None:
    p.line(INKLINE, (0.04, 0.46), (0.6, 0.46), 0.035)                       # barrel
    p.poly(WOOD, [(0.4, 0.43), (0.7, 0.43), (0.96, 0.5), (0.96, 0.64), (0.84, 0.62), (0.68, 0.52), (0.4, 0.52)])
    p.box(STEEL_DARK, 0.44, 0.33, 0.22, 0.07, radius=0.02)                 # scope
    p.line(INKLINE, (0.5, 0.4), (0.5, 0.43), 0.02)
    p.line(INKLINE, (0.6, 0.4), (0.6, 0.43), 0.02)
    p.ring(INKLINE, 0.62, 0.56, 0.045, 0.016)                              # trigger guard


def _wetsuit(p: Pen) -> None:
    suit = (40, 44, 56)
    p.poly(suit, [(0.36, 0.14), (0.64, 0.14), (0.8, 0.24), (0.86, 0.52), (0.78, 0.54), (0.7, 0.34),
                  (0.68, 0.56), (0.64, 0.9), (0.53, 0.9), (0.5, 0.62), (0.47, 0.9), (0.36, 0.9),
                  (0.32, 0.56), (0.3, 0.34), (0.22, 0.54), (0.14, 0.52), (0.2, 0.24)])
    blue = (60, 150, 220)
    p.line(blue, (0.36, 0.2), (0.34, 0.56), 0.025)
    p.line(blue, (0.64, 0.2), (0.66, 0.56), 0.025)
    p.line(blue, (0.3, 0.56), (0.7, 0.56), 0.02)
    p.poly(GLASS, _ellipse(0.5, 0.11, 0.1, 0.05), width=0.012)             # a mask on the collar


def _tank_lorry(p: Pen) -> None:
    p.box((200, 206, 214), 0.04, 0.34, 0.62, 0.28, radius=0.14)            # the tank
    p.line(STEEL_DARK, (0.2, 0.36), (0.2, 0.6), 0.015)
    p.line(STEEL_DARK, (0.5, 0.36), (0.5, 0.6), 0.015)
    p.box((210, 56, 50), 0.68, 0.36, 0.26, 0.3, radius=0.04)              # the cab
    p.box(GLASS, 0.8, 0.4, 0.11, 0.1, outline=False)
    p.box(INKLINE, 0.04, 0.62, 0.9, 0.05, outline=False)
    p.wheel(0.18, 0.7, 0.075)
    p.wheel(0.4, 0.7, 0.075)
    p.wheel(0.8, 0.7, 0.075)


def _jeep(p: Pen) -> None:
    p.poly(OLIVE, [(0.08, 0.66), (0.08, 0.46), (0.6, 0.46), (0.66, 0.4), (0.9, 0.44), (0.92, 0.66)])
    p.lines(INKLINE, [(0.56, 0.46), (0.5, 0.22), (0.46, 0.22)], 0.03)      # windscreen frame
    p.line(GLASS, (0.55, 0.42), (0.5, 0.25), 0.03)
    p.line(INKLINE, (0.14, 0.46), (0.14, 0.26), 0.025)                     # roll bar
    p.line(INKLINE, (0.14, 0.26), (0.34, 0.26), 0.025)
    p.circle(TYRE, 0.06, 0.54, 0.08, outline=False)                         # spare wheel
    p.box((238, 236, 226), 0.28, 0.5, 0.14, 0.1, radius=0.02, outline=False)   # a white star plate
    p.wheel(0.25, 0.68, 0.1)
    p.wheel(0.76, 0.68, 0.1)


def _crate(p: Pen) -> None:
    p.box(WOOD, 0.18, 0.22, 0.64, 0.6, radius=0.04)
    p.line(WOOD_DARK, (0.18, 0.22), (0.82, 0.82), 0.03)
    p.line(WOOD_DARK, (0.82, 0.22), (0.18, 0.82), 0.03)


PICTURES: dict[str, Callable[[Pen], None]] = {
    "helicopter": _helicopter, "alfa_romeo_2300": _alfa, "sport_motorbike": _motorbike, "fiat_500": _fiat,
    "boat": _boat, "hang_glider": _hang_glider, "backpack": _backpack, "radio": _radio,
    "hand_grenade": _grenade, "medical_kit": _medical, "knife": _knife, "shovel": _shovel,
    "decoy_balloon": _balloon, "rifle": _rifle, "wetsuit": _wetsuit, "tank_lorry": _tank_lorry,
    "jeep": _jeep, "rowboat": _rowboat,
}


def has_picture(device_id: str) -> bool:
    return device_id in PICTURES


def draw_picture(canvas: Canvas, device_id: str, rect: Any) -> None:
    """The device's picture alone, in ``rect`` (no tile)."""
    PICTURES.get(device_id, _crate)(Pen(canvas, rect))


def _fit(canvas: Canvas, text: str, width: float, size: float, face: str, floor: float = 9) -> tuple[str, float]:
    while size > floor and canvas.measure(text, size, face)[0] > width:
        size -= 0.5
    if canvas.measure(text, size, face)[0] <= width:
        return text, size
    while len(text) > 1 and canvas.measure(text + "…", size, face)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…", size


def _tile_body(canvas: Canvas, r: pygame.FRect, kind: str, radius: float) -> tuple:
    """The cardboard; returns the picture window's two colours (top, bottom)."""
    canvas.fill(KRAFT_EDGE, r, radius=radius)
    inner = r.inflate(-3, -3)
    canvas.vertical_gradient(inner.inflate(-radius, 0), KRAFT, KRAFT_DARK)
    canvas.fill(KRAFT, pygame.FRect(inner.left, inner.top, inner.width, inner.height * 0.5), radius=radius - 1)
    # cardboard fibres: a few faint speckles, always the same
    rng = (int(r.width * 7 + r.height * 13) % 97) or 1
    for i in range(int(r.width * r.height / 900)):
        rng = (rng * 1103515245 + 12345) % 2147483648
        x = inner.left + 4 + (rng % 1000) / 1000 * (inner.width - 8)
        y = inner.top + 4 + ((rng // 1000) % 1000) / 1000 * (inner.height - 8)
        canvas.fill((150, 120, 80, 60), (x, y, 2, 1))
    top, bottom = KIND_BG.get(kind, KIND_BG["gear"])
    return top, bottom


def draw_tile(canvas: Canvas, rect: Any, device_id: str, kind: str, name: str, price: int | None, *,
              key: Any = None) -> None:
    """A full tile: cardboard, picture window, name strip and price coin (cached by ``key``)."""
    r = pygame.FRect(rect)

    def build(c: Canvas) -> None:
        radius = max(6.0, r.width * 0.05)
        top, bottom = _tile_body(c, r, kind, radius)
        strip_h = max(18.0, r.height * 0.2)
        # the name: one line, or two before it shrinks (the strip grows up into the picture),
        # never below a readable size and never cut
        lines, size, step = fit_title(c, name.upper(), r.width - 22, max(strip_h * 0.62, READABLE_DISPLAY),
                                      READABLE_DISPLAY, theme.DISPLAY, max_lines=2, spacing=1.1)
        strip_h = max(strip_h, len(lines) * step + 6)
        window = pygame.FRect(r.left + 8, r.top + 8, r.width - 16, r.height - 16 - strip_h - 4)
        c.vertical_gradient(window, top, bottom)
        c.border(KRAFT_EDGE, window, width=1.5, radius=3)
        with c.clip(window):
            draw_picture(c, device_id, window.inflate(-window.height * 0.08, -window.height * 0.08))
        # the kind's corner mark (a letter: never colour alone)
        mark = KIND_MARK.get(kind, "G")
        mr = pygame.FRect(window.left + 3, window.bottom - 20, 17, 17)
        c.fill((*STRIP, 200), mr, radius=4)
        c.text(mark, mr.center, 12, theme.BOLD, CREAM, anchor="center")
        strip = pygame.FRect(r.left + 6, r.bottom - 6 - strip_h, r.width - 12, strip_h)
        c.fill(STRIP, strip, radius=4)
        y = strip.centery + 1 - step * (len(lines) - 1) / 2
        for line in lines:
            c.text(line, (strip.centerx, y), size, theme.DISPLAY, CREAM, anchor="center")
            y += step
        if price is not None:
            rad = max(13.0, r.height * 0.15)
            centre = (window.right - rad * 0.75, window.top + rad * 0.75)
            c.circle((0, 0, 0, 90), (centre[0] + 1.5, centre[1] + 2), rad)
            c.circle(COIN, centre, rad)
            c.circle(COIN_DARK, centre, rad, width=2)
            c.circle(COIN_DARK, centre, rad - 4, width=1)
            text, size = _fit(c, f"{price}$", rad * 1.7, rad * 0.72, theme.DISPLAY, floor=8)
            c.text(text, (centre[0], centre[1] + 1), size, theme.DISPLAY, STRIP, anchor="center")

    canvas.sprite(("lupin-tile", device_id, kind, name, price, key), r, build)


def draw_mini(canvas: Canvas, rect: Any, device_id: str, kind: str, name: str) -> None:
    """The small tile a character's slot shows: picture and name."""
    r = pygame.FRect(rect)

    def build(c: Canvas) -> None:
        radius = 5.0
        top, bottom = _tile_body(c, r, kind, radius)
        # the name: one line, else two (the strip grows), else the tile's short name
        # (i11_texts.tile_short.<device>), never below a readable size and never cut
        label = name
        lines, size, step = fit_title(c, label, r.width - 10, 11.5, READABLE, theme.BOLD, max_lines=2)
        if len(lines) > 2 and translator().has(f"i11_texts.tile_short.{device_id}"):
            label = t(f"i11_texts.tile_short.{device_id}")
            lines, size, step = fit_title(c, label, r.width - 10, 11.5, READABLE, theme.BOLD, max_lines=2)
        strip_h = max(15.0, len(lines) * step + 3)
        window = pygame.FRect(r.left + 4, r.top + 4, r.width - 8, r.height - 8 - strip_h - 1)
        c.vertical_gradient(window, top, bottom)
        with c.clip(window):
            draw_picture(c, device_id, window.inflate(-2, -2))
        strip = pygame.FRect(r.left + 3, r.bottom - 3 - strip_h, r.width - 6, strip_h)
        c.fill(STRIP, strip, radius=3)
        y = strip.centery - step * (len(lines) - 1) / 2
        for line in lines:
            c.text(line, (strip.centerx, y), size, theme.BOLD, CREAM, anchor="center")
            y += step

    canvas.sprite(("lupin-mini", device_id, kind, name, current_language()), r, build)


def draw_back(canvas: Canvas, rect: Any, radius: float = 6.0) -> None:
    """A face-down tile (the stack under a tile, an empty shop place)."""
    r = pygame.FRect(rect)
    canvas.fill(KRAFT_EDGE, r, radius=radius)
    canvas.fill(KRAFT_DARK, r.inflate(-3, -3), radius=radius - 1)
