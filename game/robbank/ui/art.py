"""How to Rob a Bank's pieces drawn with pygame (no images): the bank's floor plan (rooms on
blueprint paper, thick walls), the road and the getaway car, the loot bags and the alarm (locked:
a padlock), the guards and the thieves, and the cards with their action icons.

Pieces never rely on colour alone: each thief is round with the initial of his name in the player's
language (Y, R, G in English; G, R, V in Italian: ``robbank.letter.*``), each guard a blue shield
with his number; a stunned pawn is drawn lying on its side, greyed, with stars.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.widgets import mix

PAPER = (226, 232, 236)          # the floor plan's paper
PAPER_LINE = (188, 202, 216)
FLOOR = (236, 238, 232)
WALL = (28, 34, 48)
ROAD = (54, 58, 66)
ROAD_LINE = (214, 196, 120)
INK = (22, 28, 40)
BAG = (164, 116, 58)
BAG_DARK = (104, 70, 30)
ALARM = (214, 58, 62)
GUARD = (46, 92, 190)
GUARD_INK = (246, 246, 250)
THIEF = {"yellow": ((240, 200, 52), (40, 32, 10)), "red": ((212, 58, 58), (255, 246, 236)),
         "green": ((62, 166, 92), (250, 250, 240))}
CARD_BANK = ((34, 60, 128), (200, 214, 246))        # the guards' cards: blue
CARD_THIEF = {"yellow": ((238, 196, 64), (46, 36, 8)), "red": ((200, 64, 60), (255, 244, 236)),
              "green": ((60, 150, 86), (246, 250, 240))}


def letter(thief: str) -> str:
    """A thief's mark: the initial of his name in the current language."""
    if thief not in THIEF:
        return "?"
    return t(f"robbank.letter.{thief}")


# ------------------------------------------------------------------------------ the floor plan

def room(canvas: Canvas, r: pygame.FRect, number: int, name: str, *, lit: bool = False, dim: bool = False,
         hover: bool = False) -> None:
    """One room tile: paper with a fine grid, its number in a circle at the top left and its name
    along the foot."""
    canvas.fill(FLOOR if not dim else (200, 204, 204), r)
    step = r.width / 6
    for k in range(1, 6):
        canvas.line(PAPER_LINE, (r.left + k * step, r.top + 2), (r.left + k * step, r.bottom - 2), 1)
        canvas.line(PAPER_LINE, (r.left + 2, r.top + k * step), (r.right - 2, r.top + k * step), 1)
    canvas.border((150, 164, 180), r, width=1)
    room_number(canvas, r, number)
    canvas.fill((255, 255, 255, 200), (r.left + 6, r.bottom - 24, r.width - 12, 19), radius=4)
    from game.ui.scenes.table import fitted

    fitted(canvas, name.upper(), (r.centerx, r.bottom - 14), r.width - 16, 13, theme.BOLD, INK, anchor="center",
           tracking=0.5)
    if lit or hover:
        room_light(canvas, r, hover=hover)


def room_number(canvas: Canvas, r: pygame.FRect, number: int) -> None:
    canvas.circle(INK, (r.left + 17, r.top + 17), 12)
    canvas.text(str(number), (r.left + 17, r.top + 18), 17, theme.BOLD, PAPER, anchor="center")


def room_light(canvas: Canvas, r: pygame.FRect, *, hover: bool = False) -> None:
    """A room lit as a place to click (brighter under the pointer)."""
    canvas.fill((255, 200, 80, 70 if hover else 40), r.inflate(-12, -12))
    canvas.border(theme.GOLD_LIGHT if hover else theme.GOLD, r.inflate(-12, -12), width=4 if hover else 3)


def wall(canvas: Canvas, r: pygame.FRect, side: str, thick: float = 10.0) -> None:
    """A thick wall on ``side`` of the room ``r`` (hatched, as on a plan)."""
    if side == "n":
        w = pygame.FRect(r.left - 2, r.top - thick / 2, r.width + 4, thick)
    elif side == "s":
        w = pygame.FRect(r.left - 2, r.bottom - thick / 2, r.width + 4, thick)
    elif side == "w":
        w = pygame.FRect(r.left - thick / 2, r.top - 2, thick, r.height + 4)
    else:
        w = pygame.FRect(r.right - thick / 2, r.top - 2, thick, r.height + 4)
    canvas.fill(WALL, w, radius=2)
    # hatching
    if w.width > w.height:
        x = w.left + 4
        while x < w.right - 4:
            canvas.line((90, 100, 120), (x, w.bottom - 2), (x + 6, w.top + 2), 1.5)
            x += 9
    else:
        y = w.top + 4
        while y < w.bottom - 4:
            canvas.line((90, 100, 120), (w.left + 2, y + 6), (w.right - 2, y), 1.5)
            y += 9


# ------------------------------------------------------------------------------ tokens

def bag(canvas: Canvas, c: tuple[float, float], s: float = 14, *, locked: bool = False, lit: bool = False) -> None:
    """A loot bag (a sack tied at the neck, a $ on it); locked: a padlock over it."""
    x, y = c
    if lit:
        canvas.circle(theme.GOLD_LIGHT, (x, y), s * 1.35, 3)
    canvas.circle(BAG_DARK, (x, y + s * 0.25), s * 0.85)
    canvas.circle(BAG, (x, y + s * 0.2), s * 0.78)
    canvas.polygon(BAG, [(x - s * 0.35, y - s * 0.45), (x + s * 0.35, y - s * 0.45), (x + s * 0.15, y - s * 0.75),
                         (x - s * 0.15, y - s * 0.75)])
    canvas.line(BAG_DARK, (x - s * 0.4, y - s * 0.45), (x + s * 0.4, y - s * 0.45), max(1.5, s / 7))
    canvas.text("$", (x, y + s * 0.28), s * 1.05, theme.BOLD, (250, 236, 190), anchor="center")
    if locked:
        padlock(canvas, (x + s * 0.7, y + s * 0.55), s * 0.75)


def padlock(canvas: Canvas, c: tuple[float, float], s: float) -> None:
    x, y = c
    canvas.arc(INK, (x - s * 0.45, y - s * 1.0, s * 0.9, s * 1.0), 0, math.pi, max(2.0, s / 4.5))
    canvas.line(INK, (x - s * 0.45, y - s * 0.5), (x - s * 0.45, y - s * 0.1), max(2.0, s / 4.5))
    canvas.line(INK, (x + s * 0.45, y - s * 0.5), (x + s * 0.45, y - s * 0.1), max(2.0, s / 4.5))
    canvas.fill((250, 204, 70), (x - s * 0.65, y - s * 0.15, s * 1.3, s * 0.95), radius=s * 0.15)
    canvas.border(INK, (x - s * 0.65, y - s * 0.15, s * 1.3, s * 0.95), width=max(1.0, s / 8), radius=s * 0.15)
    canvas.circle(INK, (x, y + s * 0.28), max(1.5, s / 6))


def alarm(canvas: Canvas, c: tuple[float, float], s: float = 14, *, locked: bool = False, lit: bool = False) -> None:
    """The alarm: a red bell in a ring; locked: a padlock over it."""
    x, y = c
    if lit:
        canvas.circle(theme.GOLD_LIGHT, (x, y), s * 1.35, 3)
    canvas.circle((255, 255, 255), (x, y), s)
    canvas.circle(ALARM, (x, y), s, max(2.0, s / 6))
    canvas.polygon(ALARM, [(x - s * 0.55, y + s * 0.35), (x - s * 0.4, y - s * 0.25), (x, y - s * 0.6),
                           (x + s * 0.4, y - s * 0.25), (x + s * 0.55, y + s * 0.35)])
    canvas.circle(ALARM, (x, y + s * 0.5), s * 0.16)
    for d in (-1, 1):
        canvas.line(ALARM, (x + d * s * 0.72, y - s * 0.55), (x + d * s * 0.92, y - s * 0.75), 2)
    if locked:
        padlock(canvas, (x + s * 0.7, y + s * 0.55), s * 0.75)


# ------------------------------------------------------------------------------ pawns

def _stars(canvas: Canvas, c: tuple[float, float], s: float) -> None:
    x, y = c
    for k in range(3):
        a = k * 2.1
        px, py = x + math.cos(a) * s * 0.9, y - s * 0.9 + math.sin(a) * s * 0.25
        canvas.text("*", (px, py), s * 0.9, theme.BOLD, (255, 214, 90), anchor="center")


def thief(canvas: Canvas, c: tuple[float, float], who: str, s: float = 16, *, stunned: bool = False,
          carrying: int = 0, lit: bool = False, hover: bool = False) -> None:
    """A thief: a round pawn with his letter and a black mask band; stunned: lying down (a wide
    oval), greyed, with stars. The bags he carries are drawn under him."""
    fill_rgb, ink = THIEF.get(who, ((120, 120, 120), (255, 255, 255)))
    mark = letter(who)
    fill: Any = fill_rgb
    x, y = c
    if carrying:
        for k in range(min(carrying, 4)):
            bag(canvas, (x - s * 0.75 + k * s * 0.7, y + s * 1.15), s * 0.62)
        if carrying > 4:
            canvas.text(f"×{carrying}", (x + s * 1.6, y + s * 1.1), s * 0.8, theme.BOLD, INK, anchor="center")
    if lit or hover:
        canvas.circle(theme.GOLD_LIGHT if hover else theme.GOLD, (x, y), s * 1.3, 3 if not hover else 4)
    if stunned:
        fill = mix(fill, (150, 150, 150), 0.5)
        r = pygame.FRect(x - s * 1.2, y - s * 0.55, s * 2.4, s * 1.1)
        canvas.fill((0, 0, 0, 90), r.move(2, 3), radius=s * 0.55)
        canvas.fill(fill, r, radius=s * 0.55)
        canvas.border(INK, r, width=2, radius=s * 0.55)
        canvas.text(mark, (x, y + 1), s * 0.95, theme.BOLD, ink, anchor="center")
        _stars(canvas, (x, y - s * 0.2), s)
        return
    canvas.circle((0, 0, 0, 90), (x + 2, y + 3), s)
    canvas.circle(fill, (x, y), s)
    canvas.circle(INK, (x, y), s, 2)
    canvas.fill((20, 20, 24), (x - s * 0.8, y - s * 0.55, s * 1.6, s * 0.32), radius=s * 0.15)
    canvas.text(mark, (x, y + s * 0.22), s * 1.1, theme.BOLD, ink, anchor="center")


def guard(canvas: Canvas, c: tuple[float, float], number: Any, s: float = 16, *, stunned: bool = False,
          lit: bool = False, hover: bool = False, selected: bool = False) -> None:
    """A guard: a blue shield with his number; stunned: lying on its side, greyed, with stars."""
    x, y = c
    if selected:
        canvas.circle((255, 255, 255), (x, y), s * 1.45, 4)
    if lit or hover or selected:
        canvas.circle(theme.GOLD_LIGHT if (hover or selected) else theme.GOLD, (x, y), s * 1.3, 4 if hover else 3)
    fill = GUARD if not stunned else mix(GUARD, (150, 150, 150), 0.55)
    if stunned:
        pts = [(x - s * 1.1, y - s * 0.7), (x + s * 0.5, y - s * 0.7), (x + s * 1.2, y), (x + s * 0.5, y + s * 0.7),
               (x - s * 1.1, y + s * 0.7)]
        canvas.polygon((0, 0, 0, 90), [(px + 2, py + 3) for px, py in pts])
        canvas.polygon(fill, pts)
        canvas.polygon(INK, pts, 2)
        canvas.text(str(number), (x - s * 0.1, y + 1), s * 0.95, theme.BOLD, GUARD_INK, anchor="center")
        _stars(canvas, (x, y - s * 0.2), s)
        return
    pts = [(x - s * 0.9, y - s * 0.95), (x + s * 0.9, y - s * 0.95), (x + s * 0.9, y + s * 0.2), (x, y + s * 1.1),
           (x - s * 0.9, y + s * 0.2)]
    canvas.polygon((0, 0, 0, 90), [(px + 2, py + 3) for px, py in pts])
    canvas.polygon(fill, pts)
    canvas.polygon(INK, pts, 2)
    canvas.text(str(number), (x, y + 1), s * 1.15, theme.BOLD, GUARD_INK, anchor="center")


def car(canvas: Canvas, c: tuple[float, float], s: float = 18, *, vertical: bool = False, lit: bool = False) -> None:
    """The getaway car seen from above (black, two windows, gold bumpers)."""
    x, y = c
    w, h = (s * 1.1, s * 2.0) if vertical else (s * 2.0, s * 1.1)
    r = pygame.FRect(x - w / 2, y - h / 2, w, h)
    if lit:
        canvas.border(theme.GOLD_LIGHT, r.inflate(10, 10), width=3, radius=s * 0.4)
    canvas.fill((0, 0, 0, 100), r.move(2, 3), radius=s * 0.35)
    canvas.fill((24, 24, 28), r, radius=s * 0.35)
    canvas.border((240, 240, 240), r, width=2, radius=s * 0.35)
    if vertical:
        canvas.fill((130, 170, 210), (r.left + 3, r.top + h * 0.18, w - 6, h * 0.2), radius=3)
        canvas.fill((130, 170, 210), (r.left + 3, r.bottom - h * 0.34, w - 6, h * 0.16), radius=3)
    else:
        canvas.fill((130, 170, 210), (r.left + w * 0.18, r.top + 3, w * 0.2, h - 6), radius=3)
        canvas.fill((130, 170, 210), (r.right - w * 0.34, r.top + 3, w * 0.16, h - 6), radius=3)


# ------------------------------------------------------------------------------ cards

def action_icon(canvas: Canvas, name: str, c: tuple[float, float], s: float, colour: Any) -> None:
    """An action's icon: move (footsteps arrow), tackle (a fist), lock (a padlock), grab (a bag),
    pick (a key), spray (a can), vents (a grille)."""
    x, y = c
    lw = max(2.0, s / 8)
    if name == "move":
        canvas.line(colour, (x - s * 0.45, y), (x + s * 0.35, y), lw * 1.3)
        canvas.polygon(colour, [(x + s * 0.5, y), (x + s * 0.15, y - s * 0.3), (x + s * 0.15, y + s * 0.3)])
        canvas.circle(colour, (x - s * 0.5, y - s * 0.3), s * 0.1)
        canvas.circle(colour, (x - s * 0.3, y + s * 0.3), s * 0.1)
    elif name == "tackle":
        canvas.fill(colour, (x - s * 0.4, y - s * 0.25, s * 0.8, s * 0.55), radius=s * 0.15)
        for k in range(4):
            canvas.circle(colour, (x - s * 0.3 + k * s * 0.2, y - s * 0.3), s * 0.1)
        canvas.line(colour, (x + s * 0.5, y - s * 0.45), (x + s * 0.65, y - s * 0.6), lw)
        canvas.line(colour, (x + s * 0.55, y - s * 0.05), (x + s * 0.75, y - s * 0.05), lw)
    elif name == "lock":
        theme.icon(canvas, "lock", (x, y + s * 0.05), s * 0.95, colour)
    elif name == "grab":
        canvas.circle(colour, (x, y + s * 0.12), s * 0.38)
        canvas.polygon(colour, [(x - s * 0.18, y - s * 0.2), (x + s * 0.18, y - s * 0.2), (x + s * 0.1, y - s * 0.42),
                                (x - s * 0.1, y - s * 0.42)])
        canvas.line(colour, (x - s * 0.55, y - s * 0.5), (x - s * 0.3, y - s * 0.25), lw)
        canvas.line(colour, (x + s * 0.55, y - s * 0.5), (x + s * 0.3, y - s * 0.25), lw)
    elif name == "pick":
        canvas.circle(colour, (x - s * 0.3, y - s * 0.2), s * 0.22, lw)
        canvas.line(colour, (x - s * 0.14, y - s * 0.04), (x + s * 0.45, y + s * 0.45), lw)
        canvas.line(colour, (x + s * 0.25, y + s * 0.25), (x + s * 0.1, y + s * 0.4), lw)
        canvas.line(colour, (x + s * 0.38, y + s * 0.38), (x + s * 0.23, y + s * 0.53), lw)
    elif name == "spray":
        canvas.fill(colour, (x - s * 0.3, y - s * 0.15, s * 0.4, s * 0.65), radius=s * 0.08)
        canvas.fill(colour, (x - s * 0.2, y - s * 0.32, s * 0.2, s * 0.17))
        for k in range(3):
            canvas.circle(colour, (x + s * 0.25 + k * s * 0.12, y - s * 0.35 + (k - 1) * s * 0.13), s * 0.05)
    elif name == "vents":
        r = pygame.FRect(x - s * 0.45, y - s * 0.35, s * 0.9, s * 0.7)
        canvas.border(colour, r, width=lw, radius=3)
        for k in range(1, 4):
            yy = r.top + k * r.height / 4
            canvas.line(colour, (r.left + 3, yy), (r.right - 3, yy), lw * 0.7)
    else:
        canvas.circle(colour, (x, y), s * 0.3)


def card_colours(stack: str) -> tuple[Any, Any]:
    if stack == "bank":
        return CARD_BANK
    return CARD_THIEF.get(stack, ((120, 120, 120), (255, 255, 255)))


def card_back(canvas: Canvas, r: pygame.FRect, stack: str, *, question: bool = False) -> None:
    """A card's back: the stack's colour with a keyhole (the bank's cards blue, a thief's his colour)."""
    fill, ink = card_colours(stack)
    canvas.fill((0, 0, 0, 110), r.move(2, 4), radius=8)
    canvas.fill(mix(fill, (0, 0, 0), 0.35), r, radius=8)
    canvas.border(mix(fill, (255, 255, 255), 0.3), r.inflate(-8, -8), width=2, radius=6)
    cx, cy = r.center
    s = min(r.width, r.height) * 0.18
    canvas.circle(mix(fill, (255, 255, 255), 0.4), (cx, cy - s * 0.4), s * 0.55)
    canvas.polygon(mix(fill, (255, 255, 255), 0.4), [(cx - s * 0.3, cy - s * 0.1), (cx + s * 0.3, cy - s * 0.1),
                                                     (cx + s * 0.45, cy + s * 0.9), (cx - s * 0.45, cy + s * 0.9)])
    if question:
        canvas.text("?", (cx, cy + s * 2.1), s * 1.6, theme.BOLD, mix(fill, (255, 255, 255), 0.6), anchor="center")


def card_face(canvas: Canvas, r: pygame.FRect, stack: str, parts: Sequence[Sequence[str]],
              words: Sequence[str], joiners: tuple[str, str], *, done: Sequence[bool] = (), lit: bool = False,
              hover: bool = False, dim: bool = False, compact: bool = False) -> None:
    """A card's face: one row per part of the card (its actions' icons and words, "or" between
    the options of a part), "and" between the parts. ``done``: parts already played (struck
    through). ``words``: each part's words, already translated; ``joiners``: ("and", "or")."""
    fill, ink = card_colours(stack)
    paper = (248, 244, 232) if not dim else (200, 198, 190)
    canvas.fill((0, 0, 0, 110), r.move(2, 4), radius=8)
    canvas.fill(fill, r, radius=8)
    inner = r.inflate(-8, -8)
    canvas.fill(paper, inner, radius=6)
    if hover or lit:
        canvas.border(theme.GOLD_LIGHT if hover else theme.GOLD, r.inflate(6, 6), width=4 if hover else 2, radius=10)
    n = max(1, len(parts))
    from game.ui.scenes.table import fitted

    if compact:
        _compact_face(canvas, inner, fill, paper, parts, done)
        return

    band = 0.0 if compact else 0.0
    gap = 14.0 if n > 1 else 0.0
    row_h = (inner.height - band - gap * (n - 1)) / n
    y = inner.top + band
    for i, part in enumerate(parts):
        row = pygame.FRect(inner.left, y, inner.width, row_h)
        struck = i < len(done) and done[i]
        col = INK if not struck else (150, 150, 150)
        icon_s = min(row_h * (0.55 if not compact else 0.7), inner.width / (len(part) * 1.7 + 0.3))
        icon_y = row.top + (row_h * 0.38 if not compact else row_h / 2)
        total = len(part) * icon_s * 1.2 + (len(part) - 1) * icon_s * 0.5
        x = row.centerx - total / 2 + icon_s * 0.6
        for k, action in enumerate(part):
            canvas.circle(mix(fill, paper, 0.75), (x, icon_y), icon_s * 0.62)
            action_icon(canvas, action, (x, icon_y), icon_s, col)
            x += icon_s * 1.2
            if k < len(part) - 1:
                canvas.text("/", (x + icon_s * -0.1, icon_y), icon_s * 0.7, theme.BOLD, col, anchor="center")
                x += icon_s * 0.5
        if not compact:
            size = max(11.0, min(16.0, row_h * 0.2))
            if canvas.measure(words[i], size * 0.8, theme.BOLD)[0] > row.width - 8:   # two lines
                canvas.text_box(words[i], (row.left + 4, row.top + row_h * 0.6, row.width - 8, row_h * 0.4),
                                size * 0.8, theme.BOLD, col, align="center", max_lines=3, line_spacing=0.95)
            else:
                fitted(canvas, words[i], (row.centerx, row.top + row_h * 0.78), row.width - 8, size, theme.BOLD, col,
                       anchor="center")
        if struck:
            canvas.line((200, 60, 60), (row.left + 6, row.centery), (row.right - 6, row.centery), 3)
        if i < n - 1:
            mid = y + row_h + gap / 2
            canvas.line(mix(fill, paper, 0.5), (inner.left + 8, mid), (inner.right - 8, mid), 1)
            label = joiners[0].upper()
            w = canvas.measure(label, 11, theme.BOLD)[0] + 10
            canvas.fill(fill, (inner.centerx - w / 2, mid - 7, w, 14), radius=7)
            canvas.text(label, (inner.centerx, mid), 11, theme.BOLD, ink, anchor="center")
        y += row_h + gap


def _compact_face(canvas: Canvas, inner: pygame.FRect, fill: Any, paper: Any, parts: Sequence[Sequence[str]],
                  done: Sequence[bool]) -> None:
    """A card in a stack's column: its icons in one row, "+" between the parts (and), "/" between
    a part's options (or)."""
    items: list[tuple[str, Any]] = []
    for i, part in enumerate(parts):
        if i:
            items.append(("+", None))
        for k, action in enumerate(part):
            if k:
                items.append(("/", None))
            items.append(("icon", (action, i < len(done) and done[i])))
    icons = sum(1 for kind, _ in items if kind == "icon")
    signs = len(items) - icons
    s = min(inner.height * 0.62, inner.width / (icons * 1.25 + signs * 0.6 + 0.2))
    total = icons * s * 1.25 + signs * s * 0.6
    x = inner.centerx - total / 2
    y = inner.centery
    for kind, value in items:
        if kind == "icon":
            action, struck = value
            col = INK if not struck else (160, 160, 160)
            canvas.circle(mix(fill, paper, 0.75), (x + s * 0.62, y), s * 0.6)
            action_icon(canvas, action, (x + s * 0.62, y), s, col)
            x += s * 1.25
        else:
            canvas.text(kind, (x + s * 0.3, y), s * 0.75, theme.BOLD, mix(fill, INK, 0.5), anchor="center")
            x += s * 0.6
