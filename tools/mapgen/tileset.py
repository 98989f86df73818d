"""Paint the boards' tilesets: ``python3 -m tools.mapgen.tileset [--out DIR]``.

Writes ``maps/tilesets/<name>.png`` (64 px tiles) and ``<name>.tsx`` with every tile's properties
as ``maps/README.md`` defines them. A tile's meaning lives only in those properties; the pictures
can be repainted freely. Painting is seeded, so the output is the same on every run.

Each picture is drawn at 4× size and scaled down (smooth edges), then given a little grain and a
faint grid line on its top and left edges so the board reads as squares, like a printed board.
Markers never rely on colour alone: roofs carry their height as a number, standable roof squares a
drawn square, flooded zones and levels a letter or number.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402  (a dev tool: pygame is fine here, never in game/engine)

from game.lupin.rules.terrain import TERRAINS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "maps" / "tilesets"
FONTS = ROOT / "assets" / "fonts"

T = 64            # tile size in the PNG
SS = 4            # supersampling factor while painting
S = T * SS
TILED_VERSION = ("1.10", "1.10.2")
MAX_ROOF_HEIGHT = 6

Color = tuple[int, ...]


# ----------------------------------------------------------------------------- painting helpers

def p(v: float) -> int:
    """A coordinate in 64-px tile units to the painting canvas."""
    return int(round(v * SS))


def canvas(color: Color | None = None) -> pygame.Surface:
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    surf.fill(color if color is not None else (0, 0, 0, 0))
    return surf


def shade(color: Color, k: float) -> Color:
    """Lighter (k > 0) or darker (k < 0) by a fraction."""
    rgb = color[:3]
    if k >= 0:
        out = tuple(int(c + (255 - c) * k) for c in rgb)
    else:
        out = tuple(int(c * (1 + k)) for c in rgb)
    return out + tuple(color[3:])


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


def circle(surf: pygame.Surface, color: Color, center: tuple[float, float], radius: float) -> None:
    pygame.draw.circle(surf, color, (p(center[0]), p(center[1])), max(1, p(radius)))


def rect(surf: pygame.Surface, color: Color, box: tuple[float, float, float, float],
         width: float = 0, radius: float = 0) -> None:
    r = pygame.Rect(p(box[0]), p(box[1]), p(box[2]), p(box[3]))
    pygame.draw.rect(surf, color, r, width=p(width) if width else 0, border_radius=p(radius))


def poly(surf: pygame.Surface, color: Color, points: list[tuple[float, float]], width: float = 0) -> None:
    pygame.draw.polygon(surf, color, [(p(x), p(y)) for x, y in points], p(width) if width else 0)


def line(surf: pygame.Surface, color: Color, a: tuple[float, float], b: tuple[float, float],
         width: float = 1) -> None:
    pygame.draw.line(surf, color, (p(a[0]), p(a[1])), (p(b[0]), p(b[1])), max(1, p(width)))


def blend(surf: pygame.Surface, draw: Callable[[pygame.Surface], None], alpha: int) -> None:
    """Draw onto a layer, then lay it over ``surf`` with a uniform transparency."""
    layer = canvas()
    draw(layer)
    layer.set_alpha(alpha)
    surf.blit(layer, (0, 0))


def shaded_disc(surf: pygame.Surface, color: Color, center: tuple[float, float], radius: float,
                light: float = 0.35, steps: int = 8) -> None:
    """A ball lit from the top left: concentric discs drifting towards the light."""
    cx, cy = center
    for i in range(steps):
        t = i / steps
        r = radius * (1 - t * 0.75)
        off = radius * 0.28 * t
        circle(surf, shade(color, -0.25 + (light + 0.25) * t), (cx - off, cy - off), r)


def font(name: str, size: float) -> pygame.font.Font:
    return pygame.font.Font(str(FONTS / name), p(size))


def text(surf: pygame.Surface, words: str, size: float, center: tuple[float, float],
         color: Color = (255, 255, 255), outline: Color | None = (0, 0, 0), face: str = "Lato-Bold.ttf",
         outline_width: float = 1.0) -> None:
    f = font(face, size)
    img = f.render(words, True, color)
    box = img.get_rect(center=(p(center[0]), p(center[1])))
    if outline is not None:
        ring = f.render(words, True, outline)
        w = p(outline_width)
        for dx in range(-w, w + 1, max(1, w // 2)):
            for dy in range(-w, w + 1, max(1, w // 2)):
                if dx * dx + dy * dy <= w * w:
                    surf.blit(ring, box.move(dx, dy))
    surf.blit(img, box)


def finish(big: pygame.Surface, rng: random.Random, grain: int = 6, grid: int = 48,
           opaque: bool = True) -> pygame.Surface:
    """Scale down, add grain, draw the square's top and left grid lines."""
    small = pygame.transform.smoothscale(big, (T, T))
    if grain:
        px = pygame.PixelArray(small)
        for x in range(T):
            for y in range(T):
                r, g, b, a = small.unmap_rgb(px[x, y])
                if a == 0:
                    continue
                d = rng.randint(-grain, grain)
                px[x, y] = (max(0, min(255, r + d)), max(0, min(255, g + d)), max(0, min(255, b + d)), a)
        del px
    if grid:
        edge = pygame.Surface((T, T), pygame.SRCALPHA)
        pygame.draw.line(edge, (0, 0, 0, grid), (0, 0), (T - 1, 0))
        pygame.draw.line(edge, (0, 0, 0, grid), (0, 1), (0, T - 1))
        small.blit(edge, (0, 0))
    if opaque:
        px = pygame.PixelArray(small)
        for x in range(T):
            for y in range(T):
                r, g, b, a = small.unmap_rgb(px[x, y])
                if a != 255:
                    px[x, y] = (r, g, b, 255)
        del px
    return small


def speckle(surf: pygame.Surface, rng: random.Random, n: int, colors: list[Color],
            size: tuple[float, float] = (0.4, 1.2), margin: float = 0) -> None:
    for _ in range(n):
        c = rng.choice(colors)
        circle(surf, c, (rng.uniform(margin, T - margin), rng.uniform(margin, T - margin)),
               rng.uniform(*size))


# ----------------------------------------------------------------------------- ground: terrain.tsx

ASPHALT = (74, 77, 84)
GRASS = (108, 162, 74)
SOIL = (104, 76, 52)
STONE = (168, 162, 150)
WOOD = (156, 112, 66)
WATER = (52, 116, 178)
FLOOR = (214, 196, 160)


def paint_road(rng: random.Random) -> pygame.Surface:
    s = canvas(ASPHALT)
    speckle(s, rng, 260, [shade(ASPHALT, 0.18), shade(ASPHALT, -0.2), shade(ASPHALT, 0.08)], (0.3, 0.8))
    for _ in range(2):  # a faint crack or a tar patch
        x, y = rng.uniform(8, 56), rng.uniform(8, 56)
        pts = [(x, y)]
        for _ in range(4):
            x += rng.uniform(-6, 6)
            y += rng.uniform(-6, 6)
            pts.append((x, y))
        pygame.draw.lines(s, shade(ASPHALT, -0.28), False, [(p(a), p(b)) for a, b in pts], p(0.6))
    return finish(s, rng, grain=7)


def paint_dirt(rng: random.Random) -> pygame.Surface:
    base = (166, 128, 86)
    s = canvas(base)
    for _ in range(9):
        circle(s, shade(base, rng.uniform(-0.12, 0.06)), (rng.uniform(0, 64), rng.uniform(0, 64)),
               rng.uniform(5, 11))
    speckle(s, rng, 60, [shade(base, -0.3), shade(base, 0.25), (140, 136, 128)], (0.5, 1.6))
    return finish(s, rng, grain=8)


def _grass_base(rng: random.Random, base: Color = GRASS, blades: int = 90) -> pygame.Surface:
    s = canvas(base)
    for _ in range(7):
        circle(s, shade(base, rng.uniform(-0.1, 0.08)), (rng.uniform(0, 64), rng.uniform(0, 64)),
               rng.uniform(6, 12))
    for _ in range(blades):
        x, y = rng.uniform(0, 64), rng.uniform(0, 64)
        c = shade(base, rng.choice([-0.3, -0.2, 0.18, 0.25]))
        line(s, c, (x, y), (x + rng.uniform(-1.2, 1.2), y - rng.uniform(1.5, 3)), 0.5)
    return s


def paint_grass(rng: random.Random) -> pygame.Surface:
    return finish(_grass_base(rng), rng, grain=6)


def paint_woods(rng: random.Random) -> pygame.Surface:
    ground = (46, 84, 46)
    s = canvas(ground)
    speckle(s, rng, 80, [shade(ground, -0.3), shade(ground, 0.1)], (0.5, 1.4))
    crowns = [(18, 20, 14), (46, 17, 12), (22, 47, 13), (48, 45, 14), (34, 33, 10)]
    greens = [(38, 104, 48), (30, 92, 42), (46, 116, 52), (34, 98, 60), (52, 110, 40)]
    for (x, y, r), g in zip(crowns, greens):
        x += rng.uniform(-2, 2)
        y += rng.uniform(-2, 2)
        blend(s, lambda l, x=x, y=y, r=r: circle(l, (10, 22, 12), (x + 3, y + 3.5), r), 150)
        shaded_disc(s, g, (x, y), r, light=0.32)
        for _ in range(5):  # leafy lumps on the crown
            a = rng.uniform(0, math.tau)
            d = r * rng.uniform(0.35, 0.7)
            circle(s, shade(g, rng.uniform(0.05, 0.25)), (x + math.cos(a) * d - 1.5, y + math.sin(a) * d - 1.5),
                   r * 0.18)
    return finish(s, rng, grain=5)


FLOWERS = [(226, 60, 72), (250, 214, 70), (246, 246, 240), (170, 96, 200), (245, 140, 60)]


def _flower(s: pygame.Surface, rng: random.Random, x: float, y: float, r: float) -> None:
    c = rng.choice(FLOWERS)
    for k in range(5):
        a = k * math.tau / 5 + rng.uniform(0, 1)
        circle(s, c, (x + math.cos(a) * r * 0.6, y + math.sin(a) * r * 0.6), r * 0.5)
    circle(s, (250, 200, 40) if c != (250, 214, 70) else (200, 90, 30), (x, y), r * 0.32)


def paint_flowerbed(rng: random.Random) -> pygame.Surface:
    s = canvas(SOIL)
    speckle(s, rng, 80, [shade(SOIL, -0.3), shade(SOIL, 0.15)], (0.5, 1.2))
    rect(s, (128, 120, 108), (0, 0, 64, 64), width=1.6)        # a low edging, faint between beds
    for _ in range(16):
        x, y = rng.uniform(8, 56), rng.uniform(8, 56)
        g = rng.choice([(52, 120, 50), (64, 138, 58), (44, 104, 44)])
        for k in range(4):
            a = rng.uniform(0, math.tau)
            circle(s, g, (x + math.cos(a) * 2.5, y + math.sin(a) * 2.5), 2.6)
    for _ in range(14):
        _flower(s, rng, rng.uniform(9, 55), rng.uniform(9, 55), rng.uniform(3.2, 4.2))
    return finish(s, rng, grain=5)


def paint_crossing(rng: random.Random) -> pygame.Surface:
    s = canvas(SOIL)
    speckle(s, rng, 60, [shade(SOIL, -0.3), shade(SOIL, 0.15)], (0.5, 1.2))
    for x in (7, 57):   # flowers along the sides, a path of stones through the middle
        for y in range(8, 60, 11):
            _flower(s, rng, x + rng.uniform(-2, 2), y + rng.uniform(-2, 2), 3.2)
    stones = [(32, 11, 11, 8), (31, 32, 12, 9), (33, 53, 11, 8)]
    for x, y, rx, ry in stones:
        r = pygame.Rect(p(x - rx), p(y - ry), p(2 * rx), p(2 * ry))
        pygame.draw.ellipse(s, (60, 46, 34), r.move(p(1.2), p(1.5)))
        pygame.draw.ellipse(s, (196, 188, 172), r)
        pygame.draw.ellipse(s, (222, 216, 202), r.inflate(-p(6), -p(6)).move(-p(1), -p(1)))
    return finish(s, rng, grain=5)


def paint_wall(rng: random.Random) -> pygame.Surface:
    mortar = (112, 106, 98)
    s = canvas(mortar)
    rows = 4
    h = 64 / rows
    for i in range(rows):
        offset = 0 if i % 2 == 0 else -10
        x = offset
        while x < 64:
            w = rng.uniform(15, 22)
            c = shade(STONE, rng.uniform(-0.18, 0.1))
            rect(s, c, (x + 1, i * h + 1, w - 2, h - 2), radius=1.5)
            rect(s, shade(c, 0.2), (x + 1.5, i * h + 1.5, w - 4, 2))
            rect(s, shade(c, -0.2), (x + 1.5, i * h + h - 3.2, w - 3, 1.6))
            x += w
    return finish(s, rng, grain=8, grid=70)


def _floor(s: pygame.Surface, rng: random.Random) -> None:
    """A tiled interior floor in two tones: clearly indoors, unlike the walls' stone."""
    light, dark = FLOOR, shade(FLOOR, -0.14)
    s.fill(shade(FLOOR, -0.3))
    for i in range(4):
        for j in range(4):
            c = light if (i + j) % 2 == 0 else dark
            rect(s, shade(c, rng.uniform(-0.03, 0.03)), (j * 16 + 0.5, i * 16 + 0.5, 15, 15))


def paint_building(rng: random.Random) -> pygame.Surface:
    s = canvas()
    _floor(s, rng)
    return finish(s, rng, grain=3)


def paint_door(rng: random.Random) -> pygame.Surface:
    s = canvas((20, 20, 24))
    rect(s, (70, 70, 76), (3, 3, 58, 58), width=2)
    rect(s, (12, 12, 14), (6, 6, 52, 52))
    # the door leaf swinging open: a quarter arc and the leaf itself
    pygame.draw.arc(s, (150, 150, 156), pygame.Rect(p(10 - 38), p(54 - 38), p(76), p(76)),
                    0, math.pi / 2, p(1.2))
    line(s, (220, 220, 224), (10, 54), (10, 16), 3)
    line(s, (220, 220, 224), (10, 54), (48, 54), 1.2)
    return finish(s, rng, grain=3, grid=0)


def paint_roof_access(rng: random.Random) -> pygame.Surface:
    s = canvas()
    _floor(s, rng)
    steel = (96, 100, 108)
    rect(s, (40, 40, 44), (9, 9, 48, 48), radius=3)
    rect(s, steel, (8, 8, 46, 46), radius=3)
    for k in range(8):   # hazard stripes around the hatch
        rect(s, (232, 190, 40) if k % 2 == 0 else (30, 30, 30), (8 + k * 46 / 8, 8, 46 / 8, 4))
        rect(s, (232, 190, 40) if k % 2 else (30, 30, 30), (8 + k * 46 / 8, 50, 46 / 8, 4))
    # a ladder going up
    line(s, (236, 236, 230), (22, 15), (22, 48), 2.4)
    line(s, (236, 236, 230), (40, 15), (40, 48), 2.4)
    for y in range(18, 48, 7):
        line(s, (236, 236, 230), (22, y), (40, y), 1.8)
    poly(s, (236, 236, 230), [(31, 10), (38, 16), (24, 16)])
    return finish(s, rng, grain=4)


def _planks(rng: random.Random, s: pygame.Surface, base: Color, n: int, x0: float, x1: float) -> None:
    h = 64 / n
    for i in range(n):
        c = shade(base, rng.uniform(-0.12, 0.1))
        rect(s, c, (x0, i * h + 0.6, x1 - x0, h - 1.2))
        for _ in range(3):   # wood grain
            y = i * h + rng.uniform(1.5, h - 1.5)
            line(s, shade(c, -0.18), (x0 + rng.uniform(0, 8), y), (x1 - rng.uniform(0, 8), y), 0.35)
        circle(s, (70, 50, 30), (x0 + 3, i * h + h / 2), 0.8)
        circle(s, (70, 50, 30), (x1 - 3, i * h + h / 2), 0.8)


def paint_bridge(rng: random.Random) -> pygame.Surface:
    s = canvas(shade(WATER, -0.2))
    _planks(rng, s, WOOD, 8, 6, 58)
    for x in (1.5, 58):   # side rails with posts
        rect(s, (92, 62, 36), (x, 0, 4.5, 64))
        rect(s, (126, 88, 52), (x + 0.8, 0, 1.6, 64))
        for y in (4, 36):
            rect(s, (64, 42, 24), (x - 0.5, y, 5.5, 6), radius=1)
    return finish(s, rng, grain=5)


def paint_dock(rng: random.Random) -> pygame.Surface:
    s = canvas((54, 40, 28))
    _planks(rng, s, shade(WOOD, 0.12), 7, 0, 64)
    for x, y in ((5, 5), (59, 5), (5, 59), (59, 59)):   # mooring posts
        circle(s, (40, 30, 20), (x + 0.8, y + 0.8), 4)
        shaded_disc(s, (110, 80, 50), (x, y), 3.6, steps=5)
    for r in (6, 4.2, 2.4):   # a coiled mooring rope
        pygame.draw.circle(s, (226, 214, 180), (p(44), p(32)), p(r), p(1.3))
    return finish(s, rng, grain=5)


def _blob(rng: random.Random, cx: float, cy: float, r: float, n: int = 28) -> list[tuple[float, float]]:
    """A smooth irregular outline: a circle wobbled by a few low harmonics."""
    phases = [rng.uniform(0, math.tau) for _ in range(3)]
    amps = [rng.uniform(0.06, 0.14) for _ in range(3)]
    pts = []
    for k in range(n):
        a = k * math.tau / n
        f = 1 + sum(amp * math.sin((h + 2) * a + ph) for h, (amp, ph) in enumerate(zip(amps, phases)))
        pts.append((cx + math.cos(a) * r * f, cy + math.sin(a) * r * f * 0.8))
    return pts


def paint_puddle(rng: random.Random) -> pygame.Surface:
    s = paint_dirt(rng)  # a puddle lies on the earth of a site or a track, not on asphalt
    outer = _blob(rng, 32, 33, 25)
    blend(s, lambda l: poly(l, (20, 30, 40), [(x + 0.8, y + 1.2) for x, y in outer]), 160)
    blend(s, lambda l: poly(l, (110, 160, 205), outer), 200)
    blend(s, lambda l: poly(l, (150, 190, 225), [((x - 32) * 0.6 + 30, (y - 33) * 0.6 + 31) for x, y in outer]), 170)
    line(s, (235, 244, 252), (20, 26), (32, 21), 1.3)   # sky reflections
    line(s, (235, 244, 252), (36, 42), (44, 39), 1.0)
    return finish(s, rng, grain=4)


def paint_stairs(rng: random.Random) -> pygame.Surface:
    base = (196, 184, 160)
    s = canvas(base)
    steps = 6
    h = 64 / steps
    for i in range(steps):   # lit treads, shadowed risers: climbing upwards (north)
        y = i * h
        k = 0.12 - i * 0.05
        rect(s, shade(base, k), (0, y, 64, h))
        rect(s, shade(base, k - 0.3), (0, y + h - 2.2, 64, 2.2))
        rect(s, shade(base, k + 0.15), (0, y, 64, 1.2))
    for x in (0, 60):
        rect(s, shade(base, -0.25), (x, 0, 4, 64))
    return finish(s, rng, grain=5)


def paint_ramp(rng: random.Random) -> pygame.Surface:
    base = (150, 150, 146)
    s = canvas(base)
    for i in range(16):   # a smooth slope, lighter uphill (north)
        rect(s, shade(base, 0.2 - i * 0.025), (0, i * 4, 64, 4))
    for y in (14, 30, 46):
        poly(s, (250, 222, 70), [(16, y + 8), (32, y - 2), (48, y + 8), (48, y + 14), (32, y + 4), (16, y + 14)])
        poly(s, (60, 52, 20), [(16, y + 8), (32, y - 2), (48, y + 8), (48, y + 14), (32, y + 4), (16, y + 14)], 0.6)
    return finish(s, rng, grain=5)


def paint_column(rng: random.Random) -> pygame.Surface:
    s = canvas((186, 176, 156))
    rect(s, (166, 156, 136), (4, 4, 56, 56), radius=2)   # the plinth
    rect(s, (200, 192, 172), (6, 6, 52, 52), radius=2)
    blend(s, lambda l: circle(l, (40, 34, 24), (35, 36), 21), 140)
    shaded_disc(s, (214, 206, 190), (32, 32), 21, light=0.4)
    for k in range(16):   # flutes
        a = k * math.tau / 16
        line(s, (168, 160, 144), (32 + math.cos(a) * 12, 32 + math.sin(a) * 12),
             (32 + math.cos(a) * 19, 32 + math.sin(a) * 19), 0.8)
    circle(s, (226, 220, 206), (30, 30), 7)
    return finish(s, rng, grain=5)


def paint_ruin(rng: random.Random) -> pygame.Surface:
    s = _grass_base(rng, (118, 156, 84), 60)
    stone = [(10, 14), (24, 6), (46, 9), (56, 22), (54, 48), (42, 58), (18, 56), (7, 40)]
    blend(s, lambda l: poly(l, (20, 28, 14), [(x + 3, y + 4) for x, y in stone]), 170)
    poly(s, (112, 112, 110), stone)
    poly(s, (150, 150, 146), [(x * 0.8 + 5, y * 0.8 + 5) for x, y in stone])
    poly(s, (172, 172, 166), [(x * 0.55 + 11, y * 0.55 + 10) for x, y in stone])
    for _ in range(5):   # lichen and cracks
        circle(s, (150, 160, 96), (rng.uniform(18, 46), rng.uniform(18, 46)), rng.uniform(1.2, 2.6))
    line(s, (90, 90, 88), (24, 20), (34, 34), 0.8)
    line(s, (90, 90, 88), (34, 34), (30, 46), 0.8)
    return finish(s, rng, grain=6)


RUIN_FLOOR = (212, 150, 96)


def paint_ruin_floor(rng: random.Random) -> pygame.Surface:
    s = canvas(shade(RUIN_FLOOR, -0.3))
    for i in range(2):
        for j in range(2):
            c = shade(RUIN_FLOOR, rng.uniform(-0.08, 0.08))
            rect(s, c, (j * 32 + 1.5, i * 32 + 1.5, 29, 29), radius=2)
            rect(s, shade(c, 0.18), (j * 32 + 3, i * 32 + 3, 26, 2))
    circle(s, (236, 212, 170), (32, 32), 6)   # a carved sun where the slabs meet
    circle(s, shade(RUIN_FLOOR, -0.2), (32, 32), 3.5)
    return finish(s, rng, grain=6)


def paint_arrow(rng: random.Random) -> pygame.Surface:
    s = canvas(RUIN_FLOOR)
    for i in range(2):
        for j in range(2):
            rect(s, shade(RUIN_FLOOR, -0.3), (j * 32, i * 32, 32, 32), width=1.5)
    # a two-headed arrow: the way into the ruins and out of them (rotate the tile in Tiled to
    # point it east-west)
    arrow = [(32, 4), (54, 22), (41, 22), (41, 42), (54, 42), (32, 60), (10, 42), (23, 42), (23, 22), (10, 22)]
    poly(s, (40, 30, 20), [(x + 1.5, y + 2) for x, y in arrow])
    poly(s, (250, 250, 244), arrow)
    poly(s, (30, 30, 30), arrow, 1.2)
    return finish(s, rng, grain=4)


def paint_underpass(rng: random.Random) -> pygame.Surface:
    s = canvas(ASPHALT)
    speckle(s, rng, 160, [shade(ASPHALT, 0.18), shade(ASPHALT, -0.2)], (0.3, 0.8))
    # the tunnel below, seen through the road: dark band between two walls
    rect(s, (34, 34, 40), (14, 0, 36, 64))
    for x in (10, 50):
        rect(s, (150, 144, 132), (x, 0, 4, 64))
    for y in range(0, 64, 8):
        rect(s, (200, 180, 60), (30.5, y + 1, 3, 4))   # dashed centre line
    for tip, d in ((5, 1), (59, -1)):   # arrows: crossed north-south
        poly(s, (240, 240, 236), [(32, tip), (24, tip + 9 * d), (40, tip + 9 * d)])
    return finish(s, rng, grain=5)


def paint_helipad(rng: random.Random) -> pygame.Surface:
    base = (82, 88, 84)
    s = canvas(base)
    speckle(s, rng, 160, [shade(base, 0.15), shade(base, -0.2)], (0.3, 0.8))
    circle(s, (246, 206, 52), (32, 32), 29)
    circle(s, base, (32, 32), 25.5)
    text(s, "H", 48, (32, 34), color=(250, 250, 250), outline=(30, 30, 30), face="BebasNeue-Regular.otf",
         outline_width=1.2)
    return finish(s, rng, grain=4)


def _waves(s: pygame.Surface, rng: random.Random, color: Color, n: int = 6) -> None:
    for i in range(n):
        y = 6 + i * 64 / n + rng.uniform(-2, 2)
        x = rng.uniform(-6, 30)
        pts = [(x + k * 2.0, y + math.sin(k * 0.9) * 1.6) for k in range(10)]
        pygame.draw.lines(s, color, False, [(p(a), p(b)) for a, b in pts], p(1.1))


def paint_water(rng: random.Random) -> pygame.Surface:
    s = canvas(WATER)
    for _ in range(6):
        circle(s, shade(WATER, rng.uniform(-0.12, 0.06)), (rng.uniform(0, 64), rng.uniform(0, 64)),
               rng.uniform(8, 14))
    _waves(s, rng, shade(WATER, 0.35))
    return finish(s, rng, grain=4)


# The order of this table is the order of the tiles in terrain.png: maps store tile numbers, so add
# new terrains at the end and never reorder (the meaning lives in the `terrain` property anyway).
TERRAIN_PAINTERS: dict[str, Callable[[random.Random], pygame.Surface]] = {
    "road": paint_road, "dirt": paint_dirt, "grass": paint_grass, "woods": paint_woods,
    "flowerbed": paint_flowerbed, "crossing": paint_crossing, "wall": paint_wall,
    "building": paint_building, "door": paint_door, "roof_access": paint_roof_access,
    "bridge": paint_bridge, "dock": paint_dock, "puddle": paint_puddle, "stairs": paint_stairs,
    "ramp": paint_ramp, "column": paint_column, "ruin": paint_ruin, "ruin_floor": paint_ruin_floor,
    "arrow": paint_arrow, "underpass": paint_underpass, "helipad": paint_helipad, "water": paint_water,
}


# ----------------------------------------------------------------------------- the other layers

ROOF_COLOURS = [(92, 54, 46), (138, 78, 60), (176, 108, 76), (202, 142, 98), (220, 176, 128), (236, 210, 166)]


def roof_color(height: int) -> Color:
    """Low roofs dark, high roofs light (the number says the same without colour)."""
    return ROOF_COLOURS[max(1, min(height, MAX_ROOF_HEIGHT)) - 1]


def _pawn(s: pygame.Surface, cx: float, cy: float, size: float, fill: Color, edge: Color) -> None:
    """A standing figure (a board-game pawn) seen from the front."""
    body = [(cx - size * 0.55, cy + size * 0.6), (cx - size * 0.22, cy - size * 0.05),
            (cx + size * 0.22, cy - size * 0.05), (cx + size * 0.55, cy + size * 0.6)]
    poly(s, edge, [(x, y) for x, y in body], 0)
    poly(s, fill, [(x + (0.9 if x < cx else -0.9), y - (0.6 if y > cy else -0.6)) for x, y in body])
    circle(s, edge, (cx, cy - size * 0.3), size * 0.34)
    circle(s, fill, (cx, cy - size * 0.3), size * 0.34 - 0.9)


def paint_roof(rng: random.Random, height: int, standable: bool) -> pygame.Surface:
    base = roof_color(height)
    s = canvas(shade(base, -0.35))
    rows = 8
    h = 64 / rows
    for i in range(rows + 1, -2, -1):   # fish-scale roof tiles in staggered rows, seamless across a footprint
        off = 0 if i % 2 == 0 else 8
        for j in range(-1, 5):
            x, y = j * 16 + off, i * h
            c = shade(base, rng.uniform(-0.05, 0.05))
            circle(s, shade(c, -0.4), (x, y + 0.8), 8.6)
            circle(s, shade(c, 0.1), (x, y), 7.8)
            circle(s, c, (x, y - 1.4), 7.0)
    if standable:
        # a marked square a figure may stand on: a flat terrace in a light frame, and a pawn
        rect(s, (30, 24, 20), (9.2, 10, 47, 47), width=3.4, radius=2)
        rect(s, shade(base, 0.22), (10, 10, 44, 44))
        for k in (1, 2):
            line(s, shade(base, 0.05), (10, 10 + k * 44 / 3), (54, 10 + k * 44 / 3), 0.5)
            line(s, shade(base, 0.05), (10 + k * 44 / 3, 10), (10 + k * 44 / 3, 54), 0.5)
        rect(s, (250, 248, 236), (8, 8, 48, 48), width=3.4, radius=2)
        _pawn(s, 34, 35, 20, (250, 248, 236), (30, 24, 20))
    # the height, small in the top-left corner, in a dark badge
    blend(s, lambda l: rect(l, (28, 24, 22), (1.5, 1.5, 13, 13), radius=3), 215)
    text(s, str(height), 10.5, (8, 8.1), color=(255, 255, 255), outline=None)
    return finish(s, rng, grain=4, grid=28)


def paint_temple(rng: random.Random, part: str, tint: str = "green") -> pygame.Surface:
    sand = (202, 180, 132)
    if part == "body":
        s = canvas(shade(sand, -0.35))
        for i in range(4):
            for j in range(4):
                off = 8 if i % 2 else 0
                c = shade(sand, rng.uniform(-0.12, 0.06))
                rect(s, c, ((j * 16 + off) % 64 + 0.8, i * 16 + 0.8, 14.4, 14.4), radius=1)
        rect(s, (120, 96, 60), (0, 0, 64, 64), width=2)
        # a carved owl-eye ornament marks the temple body
        circle(s, (120, 96, 60), (32, 32), 10)
        circle(s, (232, 214, 170), (32, 32), 7.5)
        circle(s, (80, 60, 36), (32, 32), 3.2)
        return finish(s, rng, grain=5, grid=60)
    if part == "floor":
        inlay = (70, 150, 90) if tint == "green" else (190, 64, 60)
        s = canvas((226, 218, 198))
        rect(s, shade(inlay, -0.3), (6, 6, 52, 52), radius=3)
        rect(s, inlay, (8, 8, 48, 48), radius=3)
        poly(s, (236, 230, 212), [(32, 14), (50, 32), (32, 50), (14, 32)])
        poly(s, shade(inlay, -0.2), [(32, 22), (42, 32), (32, 42), (22, 32)])
        return finish(s, rng, grain=4)
    # steps: like the ground's stairs, in the temple's sandstone
    s = canvas(sand)
    for i in range(6):
        y = i * 64 / 6
        k = 0.15 - i * 0.06
        rect(s, shade(sand, k), (0, y, 64, 64 / 6))
        rect(s, shade(sand, k - 0.32), (0, y + 64 / 6 - 2.4, 64, 2.4))
    for x in (0, 58):
        rect(s, (150, 122, 80), (x, 0, 6, 64))
    return finish(s, rng, grain=5)


FLOOD_COLOURS = {"red": ((214, 60, 60), "R"), "blue": ((50, 110, 220), "B"), "yellow": ((236, 196, 40), "Y")}


def paint_flooded(rng: random.Random, zone: str) -> pygame.Surface:
    colour, letter = FLOOD_COLOURS[zone]
    s = canvas()
    blend(s, lambda l: l.fill(mix(WATER, colour, 0.35)), 150)
    blend(s, lambda l: _waves(l, rng, (230, 240, 255), 5), 150)
    rect(s, colour + (255,), (1.5, 1.5, 61, 61), width=3)
    circle(s, (20, 20, 24), (32, 32), 11.5)
    circle(s, colour, (32, 32), 10)
    text(s, letter, 15, (32, 32.5), color=(255, 255, 255), outline=(0, 0, 0), outline_width=0.8)
    return finish(s, rng, grain=0, grid=0, opaque=False)


def paint_ditch(rng: random.Random) -> pygame.Surface:
    s = canvas()
    blend(s, lambda l: l.fill((60, 40, 24)), 120)

    def hatch(l: pygame.Surface) -> None:
        for k in range(-64, 64, 9):
            line(l, (30, 20, 12), (k, 64), (k + 64, 0), 1.1)
    blend(s, hatch, 150)
    rect(s, (80, 56, 34, 220), (0, 0, 64, 64), width=1.5)
    return finish(s, rng, grain=0, grid=0, opaque=False)


LEVEL_TINTS = {-1: (40, 44, 90), 0: (255, 255, 255), 1: (250, 210, 120), 2: (255, 244, 200)}


def paint_level(rng: random.Random, level: int) -> pygame.Surface:
    s = canvas()
    alpha = {-1: 90, 0: 0, 1: 60, 2: 95}[level]
    if alpha:
        blend(s, lambda l: l.fill(LEVEL_TINTS[level]), alpha)
    if level > 0:   # contour lines: one per level
        for k in range(level):
            rect(s, (90, 60, 20, 170), (2 + 3 * k, 2 + 3 * k, 60 - 6 * k, 60 - 6 * k), width=0.8)
    elif level < 0:
        for k in range(-12, 64, 10):
            line(s, (20, 20, 50, 110), (k, 64), (k + 12, 52), 1.0)
    label = str(level) if level >= 0 else "−1"
    rect(s, (250, 250, 246, 225), (42, 44, 20, 17), radius=4)
    rect(s, (40, 40, 40, 225), (42, 44, 20, 17), width=1, radius=4)
    text(s, label, 12, (52, 52.5), color=(20, 20, 24), outline=None)
    return finish(s, rng, grain=0, grid=0, opaque=False)


def paint_water_mark(rng: random.Random) -> pygame.Surface:
    s = canvas()
    blend(s, lambda l: l.fill((60, 140, 230)), 110)

    def hatch(l: pygame.Surface) -> None:
        _waves(l, rng, (235, 245, 255), 5)
    blend(s, hatch, 200)
    return finish(s, rng, grain=0, grid=0, opaque=False)


# ----------------------------------------------------------------------------- tileset files

@dataclass
class TileSpec:
    props: dict[str, Any]
    paint: Callable[[random.Random], pygame.Surface]


@dataclass
class TilesetSpec:
    name: str
    columns: int
    tiles: list[TileSpec] = field(default_factory=list)


def tileset_specs() -> list[TilesetSpec]:
    missing = [t for t in TERRAINS if t not in TERRAIN_PAINTERS]
    if missing:
        raise SystemExit(f"tools.mapgen.tileset: no painter for the terrain {missing[0]!r}; add one to "
                         "TERRAIN_PAINTERS (at the end, so existing maps keep their tile ids)")
    terrain = TilesetSpec("terrain", 11, [TileSpec({"terrain": t}, paint) for t, paint in TERRAIN_PAINTERS.items()])
    water = TilesetSpec("water", 1, [TileSpec({"water": True}, paint_water_mark)])
    roofs = TilesetSpec("roofs", MAX_ROOF_HEIGHT, [
        TileSpec({"height": h, "standable": standable},
                 lambda rng, h=h, standable=standable: paint_roof(rng, h, standable))
        for standable in (False, True) for h in range(1, MAX_ROOF_HEIGHT + 1)])
    temples = TilesetSpec("temples", 4, [
        TileSpec({"part": "body"}, lambda rng: paint_temple(rng, "body")),
        TileSpec({"part": "floor", "colour": "green"}, lambda rng: paint_temple(rng, "floor", "green")),
        TileSpec({"part": "floor", "colour": "red"}, lambda rng: paint_temple(rng, "floor", "red")),
        TileSpec({"part": "steps"}, lambda rng: paint_temple(rng, "steps")),
    ])
    flooded = TilesetSpec("flooded", 3, [TileSpec({"zone": z}, lambda rng, z=z: paint_flooded(rng, z))
                                         for z in FLOOD_COLOURS])
    ditch = TilesetSpec("ditch", 1, [TileSpec({"ditch": True}, paint_ditch)])
    levels = TilesetSpec("levels", 4, [TileSpec({"level": lv}, lambda rng, lv=lv: paint_level(rng, lv))
                                       for lv in (-1, 0, 1, 2)])
    return [terrain, water, roofs, temples, flooded, ditch, levels]


def _prop_xml(name: str, value: Any) -> str:
    from xml.sax.saxutils import quoteattr
    if isinstance(value, bool):
        return f'<property name={quoteattr(name)} type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'<property name={quoteattr(name)} type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'<property name={quoteattr(name)} type="float" value="{value}"/>'
    return f"<property name={quoteattr(name)} value={quoteattr(str(value))}/>"


def tsx_text(spec: TilesetSpec) -> str:
    rows = math.ceil(len(spec.tiles) / spec.columns)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="{TILED_VERSION[0]}" tiledversion="{TILED_VERSION[1]}" name="{spec.name}" '
        f'tilewidth="{T}" tileheight="{T}" tilecount="{len(spec.tiles)}" columns="{spec.columns}">',
        f' <image source="{spec.name}.png" width="{spec.columns * T}" height="{rows * T}"/>',
    ]
    for i, tile in enumerate(spec.tiles):
        out.append(f' <tile id="{i}">')
        out.append("  <properties>")
        for k, v in tile.props.items():
            out.append("   " + _prop_xml(k, v))
        out.append("  </properties>")
        out.append(" </tile>")
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def paint_sheet(spec: TilesetSpec, seed: int = 1) -> pygame.Surface:
    rows = math.ceil(len(spec.tiles) / spec.columns)
    sheet = pygame.Surface((spec.columns * T, rows * T), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, tile in enumerate(spec.tiles):
        rng = random.Random(f"{seed}:{spec.name}:{i}")
        sheet.blit(tile.paint(rng), ((i % spec.columns) * T, (i // spec.columns) * T))
    return sheet


def write_tilesets(out: Path = DEFAULT_OUT, seed: int = 1) -> list[Path]:
    pygame.font.init()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in tileset_specs():
        png = out / f"{spec.name}.png"
        pygame.image.save(paint_sheet(spec, seed), str(png))
        tsx = out / f"{spec.name}.tsx"
        tsx.write_text(tsx_text(spec), encoding="utf-8", newline="\n")
        written += [png, tsx]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tools.mapgen.tileset", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the .png and .tsx files")
    parser.add_argument("--seed", type=int, default=1, help="painting seed (default 1)")
    args = parser.parse_args(argv)
    for path in write_tilesets(args.out, args.seed):
        print(f"wrote {os.path.relpath(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
