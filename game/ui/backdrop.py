"""Procedural backgrounds: a night city drawn as a blueprint, lit by soft spotlights.

The still parts are drawn once per window size into a cached layer (``Canvas.layer``), in logical
coordinates, so they are as sharp as everything else; only the animated heist route is drawn
every frame. Backgrounds cover the whole window, bars included (``Canvas.window_rect``).
"""

from __future__ import annotations

import math
import random

import pygame

from game.engine.i18n import current_language, t
from game.ui import theme
from game.ui.canvas import Canvas

GRID = 40
MINOR = (17, 28, 54)
MAJOR = (26, 42, 78)
PLAN = (84, 150, 214)
PLAN_DIM = (52, 96, 150)

# The bank on the title screen (logical coordinates).
PLAN_RECT = pygame.Rect(980, 150, 540, 470)
ROUTE = [(1000, 590), (1110, 590), (1110, 500), (1268, 500), (1268, 525), (1368, 525)]
VAULT = (1415, 525)


def night_blueprint(canvas: Canvas, variant: str = "title") -> None:
    """The background of the menus; ``variant`` "title" adds the floor plan of a bank."""
    lang = current_language() if variant == "title" else ""
    canvas.layer(("night", variant, lang), lambda c: _build(c, variant))


def menu_page(canvas: Canvas, kicker: str, title: str, *, x: float = 82, top: float = 44, size: float = 76) -> None:
    """A menu screen's backdrop with its gold kicker line and its big title, as every menu draws them."""
    night_blueprint(canvas, "menu")
    canvas.text(kicker.upper(), (x, top), 19, theme.BOLD, theme.GOLD, tracking=4.5)
    canvas.text(title, (x - 4, top + 26), size, theme.DISPLAY, theme.INK, tracking=1,
                shadow=(0, 0, 0, 150), shadow_offset=3)


def _build(c: Canvas, variant: str) -> None:
    w = c.window_rect()
    c.vertical_gradient(None, (6, 10, 22), (16, 26, 52))
    # blueprint grid, major lines every five squares
    x = math.floor(w.left / GRID) * GRID
    while x <= w.right:
        c.line(MAJOR if x % (GRID * 5) == 0 else MINOR, (x, w.top), (x, w.bottom), 1)
        x += GRID
    y = math.floor(w.top / GRID) * GRID
    while y <= w.bottom:
        c.line(MAJOR if y % (GRID * 5) == 0 else MINOR, (w.left, y), (w.right, y), 1)
        y += GRID
    # spotlights
    if variant == "title":
        c.glow((430, 300), 820, (30, 50, 104, 255), squash=0.72)
        c.glow((1250, 390), 560, (18, 40, 84, 255), squash=0.95)
        _searchlight(c, (260, 940), (690, -80), 150)
        _searchlight(c, (1380, 940), (1010, -60), 120)
        _floor_plan(c)
        _skyline(c, seed=11, low=70, high=200)
    else:
        c.glow((800, 120), 900, (22, 38, 82, 255), squash=0.5)
        _searchlight(c, (200, 960), (520, -80), 130)
        _searchlight(c, (1420, 960), (1120, -80), 120)
        _skyline(c, seed=5, low=50, high=150)
    _vignette(c)


def _searchlight(c: Canvas, base: tuple[float, float], tip: tuple[float, float], spread: float) -> None:
    """A soft cone of light from ``base`` towards ``tip`` (drawn small, scaled up: soft edges)."""
    w, h = c.size
    k = 8  # drawn at 1/8 size, smooth-scaled up = a blurred edge
    small = pygame.Surface((max(1, w // k), max(1, h // k)))
    small.fill((0, 0, 0))
    bx, by = c.point_px(base)
    tx, ty = c.point_px(tip)
    dx, dy = tx - bx, ty - by
    n = math.hypot(dx, dy) or 1
    px, py = -dy / n * c.len_px(spread), dx / n * c.len_px(spread)
    pts = [(bx / k, by / k), ((tx + px) / k, (ty + py) / k), ((tx - px) / k, (ty - py) / k)]
    pygame.draw.polygon(small, (14, 20, 34), pts)
    soft = pygame.transform.smoothscale(pygame.transform.smoothscale(small, (max(1, w // 16), max(1, h // 16))), (w, h))
    c.surface.blit(soft, (0, 0), special_flags=pygame.BLEND_RGB_ADD)


def _vignette(c: Canvas) -> None:
    w, h = c.size
    shade = pygame.Surface((w, h))
    shade.fill((120, 120, 132))
    light = pygame.transform.smoothscale(_unit_glow(), (int(w * 1.5), int(h * 1.7)))
    shade.blit(light, (int(-w * 0.25), int(-h * 0.35)), special_flags=pygame.BLEND_RGB_ADD)
    c.surface.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_MULT)


def _unit_glow() -> pygame.Surface:
    from game.ui.canvas import glow_texture

    tex = glow_texture()
    rgb = pygame.Surface(tex.get_size())
    rgb.fill((0, 0, 0))
    rgb.blit(tex, (0, 0))
    return rgb


def _skyline(c: Canvas, seed: int, low: float, high: float) -> None:
    rng = random.Random(seed)
    w = c.window_rect()
    ground = 900.0
    # a far row, lighter and lower, then the near row
    for row, (col, lo, hi, lit) in enumerate((((13, 20, 40), low * 0.7, high * 0.75, 0.07),
                                              ((7, 11, 24), low, high, 0.16))):
        x = w.left - rng.uniform(0, 60)
        while x < w.right:
            bw = rng.uniform(44, 120)
            bh = rng.uniform(lo, hi)
            top = ground - bh - (10 if row == 0 else 0)
            c.fill(col, (x, top, bw, w.bottom - top))
            if rng.random() < 0.35:  # a roof detail
                if rng.random() < 0.5:
                    ax = x + rng.uniform(10, bw - 10)
                    c.line(col, (ax, top), (ax, top - rng.uniform(14, 40)), 2)
                else:
                    c.fill(col, (x + bw * 0.2, top - 12, bw * 0.3, 12))
            # windows
            cols = int((bw - 12) // 14)
            rows = int((bh - 16) // 20)
            for i in range(max(0, cols)):
                for j in range(max(0, rows)):
                    if rng.random() < lit:
                        warm = rng.random() < 0.85
                        b = rng.uniform(0.45, 1.0)
                        wc: tuple[int, ...] = (236, 182, 90) if warm else (120, 170, 220)
                        wc = tuple(round(v * b * (0.6 if row == 0 else 1.0)) for v in wc)
                        c.fill(wc, (x + 8 + i * 14, top + 12 + j * 20, 6, 9))
            x += bw + rng.uniform(-6, 10)
    c.line((30, 44, 76), (w.left, ground), (w.right, ground), 1)


def _floor_plan(c: Canvas) -> None:
    r = PLAN_RECT
    # paper-ish tint under the plan
    paper = pygame.Rect(r.left - 36, r.top - 44, r.width + 72, r.height + 104)
    c.fill((20, 40, 76), paper, radius=6)
    c.border(PLAN_DIM, paper, 1, radius=6)
    # outer walls
    c.border(PLAN, r, 5)
    # inner walls: offices (top left), security (top right), lobby (bottom left), vault (bottom right)
    c.line(PLAN, (r.left, 360), (1120, 360), 3)
    c.line(PLAN, (1200, 360), (1280, 360), 3)
    c.line(PLAN, (1340, 360), (r.right, 360), 3)
    c.line(PLAN, (1230, r.top), (1230, 250), 3)
    c.line(PLAN, (1230, 300), (1230, 360), 3)
    # the vault: double walls
    vault = pygame.Rect(1320, 420, 180, 180)
    c.border(PLAN, vault, 4)
    c.border(PLAN_DIM, vault.inflate(-14, -14), 2)
    c.circle(PLAN, VAULT, 42, 3)
    c.circle(PLAN_DIM, VAULT, 28, 2)
    for i in range(6):
        a = i * math.pi / 3
        c.line(PLAN, (VAULT[0] + 12 * math.cos(a), VAULT[1] + 12 * math.sin(a)),
               (VAULT[0] + 40 * math.cos(a), VAULT[1] + 40 * math.sin(a)), 2)
    c.circle(PLAN, VAULT, 8)
    # doors: a gap in the wall, the leaf and its swing
    _door(c, (1120, 360), 80, 0.0)
    _door(c, (1280, 360), 60, 0.0)
    _door(c, (1230, 250), 50, -math.pi / 2)
    # entrance on the left wall
    c.fill((20, 40, 76), (r.left - 4, 560, 10, 60))
    c.line(PLAN, (r.left - 18, 560), (r.left + 18, 560), 2)
    c.line(PLAN, (r.left - 18, 620), (r.left + 18, 620), 2)
    # desks and counters
    for i in range(3):
        c.border(PLAN_DIM, (1010 + i * 70, 190, 46, 28), 2)
    c.border(PLAN_DIM, (1010, 420, 200, 22), 2)  # the counter
    for i in range(4):
        c.circle(PLAN_DIM, (1030 + i * 50, 460), 7, 2)
    c.border(PLAN_DIM, (1280, 180, 200, 60), 2)  # monitors
    # security cameras and their fields of view
    for cam, a0 in (((r.left + 6, r.top + 220), -0.35), ((r.right - 6, 380), math.pi + 0.25)):
        a1 = a0 + 0.7
        pts = [cam, (cam[0] + 170 * math.cos(a0), cam[1] + 170 * math.sin(a0)),
               (cam[0] + 170 * math.cos(a1), cam[1] + 170 * math.sin(a1))]
        c.polygon((222, 70, 74, 40), pts)
        c.lines((222, 70, 74, 130), pts, 1, closed=True)
        c.circle(theme.RED, cam, 6)
    # a dimension line over the offices
    y = r.top - 22
    c.line(PLAN_DIM, (r.left, y), (1230, y), 1)
    for x in (r.left, 1230):
        c.line(PLAN_DIM, (x, y - 7), (x, y + 7), 1)
    c.fill((20, 40, 76), ((r.left + 1230) / 2 - 48, y - 10, 96, 20))
    c.text("24,00 m" if current_language() == "it" else "24.00 m", ((r.left + 1230) / 2, y), 15, theme.BOLD, PLAN,
           anchor="center")
    # room names
    for key, pos in (("title.plan.offices", (1120, 305)), ("title.plan.security", (1375, 305)),
                     ("title.plan.lobby", (1150, 540)), ("title.plan.vault", (1410, 588))):
        c.text(t(key).upper(), pos, 17, theme.DISPLAY, PLAN, anchor="center", tracking=3)
    c.text(t("title.plan.caption").upper(), (r.left, r.bottom + 38), 15, theme.BOLD, PLAN_DIM, tracking=2.5,
           anchor="midleft")
    # the stamp
    _stamp(c, t("title.plan.stamp").upper(), (1408, 118), -8)


def _door(c: Canvas, hinge: tuple[float, float], length: float, angle: float) -> None:
    """A door hinged at ``hinge`` whose gap runs along ``angle`` (radians, y up); it opens a quarter turn."""
    hx, hy = hinge
    lx, ly = hx + length * math.cos(angle + math.pi / 2), hy - length * math.sin(angle + math.pi / 2)
    c.line(PLAN_DIM, hinge, (lx, ly), 2)
    box = (hx - length, hy - length, 2 * length, 2 * length)
    c.arc(PLAN_DIM, box, angle % math.tau, angle % math.tau + math.pi / 2, 2)
    c.circle(PLAN, hinge, 3)


def _stamp(c: Canvas, text: str, centre: tuple[float, float], angle: float) -> None:
    size = 30
    tw, th = c.measure(text, size, theme.DISPLAY, tracking=4)
    w, h = tw + 40, size * 1.5
    a = math.radians(-angle)
    corners = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = sx * w / 2, sy * h / 2
        corners.append((centre[0] + x * math.cos(a) - y * math.sin(a), centre[1] + x * math.sin(a) + y * math.cos(a)))
    ink = (214, 66, 70)
    c.lines(ink, corners, 3, closed=True)
    inner = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = sx * (w / 2 - 6), sy * (h / 2 - 6)
        inner.append((centre[0] + x * math.cos(a) - y * math.sin(a), centre[1] + x * math.sin(a) + y * math.cos(a)))
    c.lines(ink, inner, 1, closed=True)
    c.rotated_text(text, (centre[0], centre[1] + 2), angle, size, theme.DISPLAY, ink, tracking=4)


def draw_route(c: Canvas, time: float) -> None:
    """The planned way in: a marching dashed line to the vault, a pulsing start and an X."""
    c.dashed(theme.GOLD, ROUTE, dash=14, gap=9, width=3, phase=-time * 26)
    sx, sy = ROUTE[0]
    pulse = (math.sin(time * 3.2) + 1) / 2
    c.circle((*theme.GOLD, round(60 + 60 * pulse)), (sx, sy), 10 + 8 * pulse)
    c.circle(theme.GOLD, (sx, sy), 7)
    ex, ey = VAULT
    s = 16
    c.line(theme.RED, (ex - s, ey - s), (ex + s, ey + s), 5)
    c.line(theme.RED, (ex - s, ey + s), (ex + s, ey - s), 5)


def dim(c: Canvas, alpha: int = 150) -> None:
    """Darken the whole window (under an overlay)."""
    c.fill((4, 7, 15, alpha))
