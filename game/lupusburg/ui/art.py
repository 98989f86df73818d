"""Lupusburg's pieces drawn with pygame (no images): the houses of the ring in their family's
colour, a house gone (face down, greyed: never what it held), the character cards, the chest, the
Burgomaster's figure, the Werewolf's claw, the betting seals with their face-down coins, the coins,
the paw print and the tuft of fur.

Nothing relies on colour alone: every house and seal carries its family's seat number (1 to 8,
clockwise from Red), each seat plate its colour's name; the suspects' tokens differ in shape (a
paw print, a tuft) and in word; a house that is lit for a click has a gold ring and a thicker edge.
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

# each family's colour: (fill, ink on it)
FAMILY: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "red": ((204, 56, 58), (255, 246, 240)),
    "blue": ((56, 108, 214), (246, 248, 255)),
    "green": ((48, 148, 82), (246, 255, 246)),
    "yellow": ((236, 198, 54), (40, 32, 8)),
    "purple": ((140, 86, 200), (250, 244, 255)),
    "orange": ((232, 128, 40), (40, 22, 6)),
    "white": ((234, 232, 224), (30, 30, 36)),
    "black": ((36, 36, 44), (240, 240, 240)),
}
ROOF = (92, 52, 40)
GONE = (58, 62, 74)
GONE_EDGE = (96, 102, 118)
CARD = (246, 238, 218)
CARD_INK = (40, 30, 22)
WOLF = (124, 40, 46)
THIEF_INK = (40, 64, 112)
FOLK = (70, 104, 58)
COIN = (232, 188, 70)
COIN_DARK = (150, 108, 30)
SEAL_WAX = 0.25   # how much darker a seal is than its family's colour


def colours(seat: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    return FAMILY.get(seat, ((120, 120, 130), (255, 255, 255)))


def number(seats: Sequence[str], seat: str) -> str:
    """A seat's mark: its place at the table, 1 to 8 clockwise (unique in every language)."""
    return str(list(seats).index(seat) + 1) if seat in seats else "?"


def badge(canvas: Canvas, c: tuple[float, float], seat: str, mark: str, r: float = 11.0) -> None:
    """A round badge in the family's colour with its number."""
    fill, ink = colours(seat)
    canvas.circle(theme.NIGHT, c, r + 2)
    canvas.circle(fill, c, r)
    canvas.circle(mix(fill, (255, 255, 255), 0.45) if seat == "black" else mix(fill, (0, 0, 0), 0.35), c, r, 1.5)
    canvas.text(mark, (c[0], c[1] + 0.5), r * 1.35, theme.BOLD, ink, anchor="center")


# ------------------------------------------------------------------------------ houses

def house_shape(r: pygame.FRect) -> tuple[pygame.FRect, list[tuple[float, float]]]:
    """A house in ``r``: its body (the lower part) and its roof (a triangle)."""
    roof_h = r.height * 0.36
    body = pygame.FRect(r.left + r.width * 0.08, r.top + roof_h, r.width * 0.84, r.height - roof_h)
    roof = [(r.left, r.top + roof_h + 2), (r.centerx, r.top), (r.right, r.top + roof_h + 2)]
    return body, roof


def house(canvas: Canvas, r: pygame.FRect, seat: str, mark: str, side_mark: str, *, lit: bool = False,
          hover: bool = False, dim: bool = False) -> None:
    """A house of the ring: the family's colour with its number on the door, the side (L/R) under
    the eaves; lit: a gold ring (thicker under the pointer)."""
    fill: Any
    fill, ink = colours(seat)
    if dim:
        fill = mix(fill, (70, 74, 86), 0.55)
    body, roof = house_shape(r)
    if lit or hover:
        canvas.fill((255, 200, 80, 70 if hover else 36), r.inflate(16, 14), radius=12)
        canvas.border(theme.GOLD_LIGHT if hover else theme.GOLD, r.inflate(16, 14), width=4 if hover else 2.5,
                      radius=12)
    canvas.fill((0, 0, 0, 90), body.move(3, 4), radius=3)
    canvas.polygon(mix(ROOF, fill, 0.25), roof)
    canvas.lines((20, 14, 12), roof, width=2, closed=True)
    canvas.fill(fill, body, radius=3)
    edge = mix(fill, (255, 255, 255), 0.5) if seat == "black" else mix(fill, (0, 0, 0), 0.4)
    canvas.border(edge, body, width=2, radius=3)
    # the door with the family's number, a window with the side
    door = pygame.FRect(0, 0, body.width * 0.42, body.height * 0.62)
    door.midbottom = (body.centerx, body.bottom)
    canvas.fill(mix(fill, (0, 0, 0), 0.3), door, radius=4)
    canvas.text(mark, (door.centerx, door.centery + 1), min(door.height * 0.8, 22), theme.BOLD,
                ink if seat not in ("yellow", "white", "orange") else (255, 255, 250), anchor="center")
    canvas.text(side_mark, (r.centerx, roof[0][1] - r.height * 0.12), r.height * 0.2, theme.BOLD, (250, 240, 220),
                anchor="center")


def gone(canvas: Canvas, r: pygame.FRect, mark: str) -> None:
    """A house that left the game: its card face down, greyed and crossed (never what it held)."""
    body, roof = house_shape(r)
    outline = [roof[0], roof[1], roof[2], (body.right, body.bottom), (body.left, body.bottom)]
    canvas.polygon((30, 34, 44, 200), outline)
    canvas.lines(GONE_EDGE, outline, width=1.5, closed=True)
    canvas.line(GONE_EDGE, (body.left + 6, body.top + 6), (body.right - 6, body.bottom - 6), 2)
    canvas.line(GONE_EDGE, (body.right - 6, body.top + 6), (body.left + 6, body.bottom - 6), 2)
    canvas.text(mark, (r.centerx, roof[0][1] - r.height * 0.1), r.height * 0.2, theme.BOLD, GONE_EDGE,
                anchor="center")


def chest(canvas: Canvas, c: tuple[float, float], s: float = 10.0, *, crossed: bool = False) -> None:
    """A treasure chest (a box with a lid and a lock); crossed: "no chest here"."""
    x, y = c
    canvas.fill((120, 76, 34), (x - s, y - s * 0.35, s * 2, s * 1.1), radius=2)
    canvas.fill((150, 98, 44), (x - s, y - s * 0.8, s * 2, s * 0.55), radius=3)
    canvas.border((56, 34, 12), (x - s, y - s * 0.8, s * 2, s * 1.55), width=1.5, radius=3)
    canvas.fill(COIN, (x - s * 0.2, y - s * 0.45, s * 0.4, s * 0.45), radius=1)
    if crossed:
        canvas.line((240, 80, 80), (x - s * 1.2, y - s * 1.0), (x + s * 1.2, y + s * 0.9), 3)


# ------------------------------------------------------------------------------ characters

def character_colour(kind: str) -> tuple[int, int, int]:
    return {"werewolf": WOLF, "thief": THIEF_INK}.get(kind, FOLK)


def character_icon(canvas: Canvas, c: tuple[float, float], kind: str, s: float) -> None:
    """The character's sign: the wolf's head (ears and snout), the thief's mask, a townsman's hat."""
    x, y = c
    ink = character_colour(kind)
    if kind == "werewolf":
        canvas.polygon(ink, [(x - s, y - s * 0.2), (x - s * 0.75, y - s), (x - s * 0.35, y - s * 0.45),
                             (x + s * 0.35, y - s * 0.45), (x + s * 0.75, y - s), (x + s, y - s * 0.2),
                             (x + s * 0.45, y + s * 0.6), (x, y + s), (x - s * 0.45, y + s * 0.6)])
        canvas.circle((250, 220, 90), (x - s * 0.38, y - s * 0.05), s * 0.14)
        canvas.circle((250, 220, 90), (x + s * 0.38, y - s * 0.05), s * 0.14)
    elif kind == "thief":
        canvas.fill(ink, (x - s, y - s * 0.35, s * 2, s * 0.6), radius=s * 0.3)
        canvas.circle(CARD, (x - s * 0.45, y - s * 0.05), s * 0.2)
        canvas.circle(CARD, (x + s * 0.45, y - s * 0.05), s * 0.2)
        canvas.polygon(ink, [(x - s * 0.9, y + s * 0.2), (x - s * 0.6, y + s * 0.9), (x - s * 0.35, y + s * 0.2)])
    else:
        canvas.fill(ink, (x - s * 0.55, y - s * 0.9, s * 1.1, s * 0.9), radius=2)
        canvas.fill(ink, (x - s, y - s * 0.05, s * 2, s * 0.3), radius=2)
        canvas.circle(mix(ink, CARD, 0.4), (x, y + s * 0.6), s * 0.45)


def character_card(canvas: Canvas, r: pygame.FRect, kind: str, *, label: str | None = None, dim: bool = False,
                   lit: bool = False, hover: bool = False) -> None:
    """A character card face up: its sign and its name (``label`` under it, e.g. the house)."""
    if lit or hover:
        canvas.border(theme.GOLD_LIGHT if hover else theme.GOLD, r.inflate(10, 10), width=4 if hover else 2.5,
                      radius=10)
    canvas.fill((0, 0, 0, 100), r.move(3, 4), radius=8)
    canvas.fill(CARD if not dim else (150, 146, 136), r, radius=8)
    ink = character_colour(kind)
    canvas.border(ink, r, width=3, radius=8)
    s = min(r.width, r.height) * 0.22
    character_icon(canvas, (r.centerx, r.top + r.height * 0.36), kind, s)
    from game.ui.scenes.table import fitted

    fitted(canvas, t(f"lupusburg.character.{kind}").upper(), (r.centerx, r.top + r.height * 0.66), r.width - 10,
           min(20.0, r.height * 0.15), theme.DISPLAY, ink if not dim else (80, 76, 70), anchor="midtop", tracking=1)
    if label:
        fitted(canvas, label, (r.centerx, r.bottom - 6), r.width - 10, min(14.0, r.height * 0.11), theme.BOLD,
               CARD_INK, anchor="midbottom")


def character_tag(canvas: Canvas, c: tuple[float, float], kind: str, *, seen: bool = False) -> pygame.FRect:
    """A small label over a house saying which character it holds (one's own, or one seen)."""
    from game.ui.scenes.table import fitted

    word = t(f"lupusburg.character.{kind}")
    r = pygame.FRect(0, 0, 106, 24)
    r.center = c
    ink = character_colour(kind)
    canvas.fill(CARD, r, radius=6)
    canvas.border(ink if not seen else theme.CYAN, r, width=2, radius=6)
    character_icon(canvas, (r.left + 13, r.centery + 1), kind, 7)
    fitted(canvas, word, (r.left + 24, r.centery + 1), r.width - 28, 14, theme.BOLD, ink, anchor="midleft")
    return r


def card_back(canvas: Canvas, r: pygame.FRect) -> None:
    """A character card face down."""
    canvas.fill((0, 0, 0, 100), r.move(3, 4), radius=8)
    canvas.fill((70, 40, 46), r, radius=8)
    canvas.border((170, 130, 90), r, width=2, radius=8)
    canvas.border((120, 84, 70), r.inflate(-12, -12), width=1, radius=5)
    canvas.circle((120, 84, 70), r.center, min(r.width, r.height) * 0.18, 2)


# ------------------------------------------------------------------------------ pieces

def burgomaster(canvas: Canvas, c: tuple[float, float], s: float = 16.0) -> None:
    """The Burgomaster's figure: a gold pawn in a top hat with the chain of office."""
    x, y = c
    canvas.circle((0, 0, 0, 110), (x + 2, y + s * 0.95), s * 0.75)
    canvas.polygon(theme.GOLD, [(x - s * 0.75, y + s), (x - s * 0.45, y - s * 0.1), (x + s * 0.45, y - s * 0.1),
                                (x + s * 0.75, y + s)])
    canvas.circle(theme.GOLD_LIGHT, (x, y - s * 0.35), s * 0.42)
    canvas.fill((30, 24, 20), (x - s * 0.45, y - s * 0.95, s * 0.9, s * 0.16), radius=1)
    canvas.fill((30, 24, 20), (x - s * 0.3, y - s * 1.45, s * 0.6, s * 0.55), radius=1)
    canvas.arc((150, 40, 40), (x - s * 0.4, y - s * 0.1, s * 0.8, s * 0.7), math.pi, 2 * math.pi, 2)
    canvas.lines(theme.GOLD_DARK, [(x - s * 0.75, y + s), (x - s * 0.45, y - s * 0.1), (x + s * 0.45, y - s * 0.1),
                                   (x + s * 0.75, y + s)], width=1.5, closed=True)


def claw(canvas: Canvas, c: tuple[float, float], angle: float | None, s: float = 46.0) -> None:
    """The Werewolf's claw in the middle of the ring, turned to ``angle`` (radians, 0 = up,
    clockwise; None: not turned yet, dim)."""
    x, y = c
    canvas.circle((24, 18, 22), (x, y), s * 0.95)
    canvas.circle((90, 40, 44) if angle is not None else (60, 50, 56), (x, y), s * 0.95, 3)
    a = angle if angle is not None else 0.0
    ink = (236, 226, 206) if angle is not None else (120, 112, 110)

    def at(dx: float, dy: float) -> tuple[float, float]:
        ca, sa = math.cos(a), math.sin(a)
        return (x + dx * ca - dy * sa, y + dx * sa + dy * ca)

    # three talons curving toward the tip (up, before turning)
    for off in (-0.38, 0.0, 0.38):
        base = s * 0.42
        pts = [at(off * s - 0.09 * s, base), at(off * s * 1.25 - 0.05 * s, -s * 0.35),
               at(off * s * 0.9, -s * (0.78 if off == 0 else 0.62)), at(off * s * 1.25 + 0.07 * s, -s * 0.3),
               at(off * s + 0.09 * s, base)]
        canvas.polygon(ink, pts)
    canvas.circle((70, 30, 34), at(0, s * 0.45), s * 0.22)


def seal(canvas: Canvas, c: tuple[float, float], seat: str, mark: str, s: float = 15.0, *,
         coin: int | None = None, lit: bool = False) -> None:
    """A betting seal in the bettor's colour with his number, on a coin lying face down (``coin``:
    its value, drawn for the bettor himself)."""
    x, y = c
    fill, ink = colours(seat)
    wax = mix(fill, (0, 0, 0), SEAL_WAX)
    canvas.circle((0, 0, 0, 110), (x + 2, y + 3), s * 1.05)
    canvas.circle(COIN_DARK, (x + s * 0.45, y + s * 0.4), s * 0.8)
    canvas.circle(COIN, (x + s * 0.45, y + s * 0.4), s * 0.68)
    for k in range(10):    # the wax's wavy rim
        a = k * math.tau / 10
        canvas.circle(wax, (x + math.cos(a) * s * 0.86, y + math.sin(a) * s * 0.86), s * 0.26)
    canvas.circle(wax, (x, y), s * 0.92)
    canvas.circle(mix(fill, (255, 255, 255), 0.3) if seat == "black" else mix(wax, (0, 0, 0), 0.3), (x, y),
                  s * 0.66, 1.5)
    canvas.text(mark, (x, y + 0.5), s * 1.05, theme.BOLD, ink, anchor="center")
    if coin is not None:
        canvas.circle(COIN, (x + s * 0.95, y + s * 0.85), s * 0.55)
        canvas.circle(COIN_DARK, (x + s * 0.95, y + s * 0.85), s * 0.55, 1.5)
        canvas.text(str(coin), (x + s * 0.95, y + s * 0.87), s * 0.7, theme.BOLD, (60, 40, 8), anchor="center")
    if lit:
        canvas.circle(theme.GOLD_LIGHT, (x, y), s * 1.35, 3)


def coin(canvas: Canvas, c: tuple[float, float], value: int | None, s: float = 28.0, *, lit: bool = False,
         hover: bool = False, picked: bool = False) -> None:
    """A coin from the bag (``value`` None: face down)."""
    x, y = c
    if picked:
        canvas.circle((255, 255, 255), (x, y), s * 1.32, 4)
    if lit or hover or picked:
        canvas.circle(theme.GOLD_LIGHT if (hover or picked) else theme.GOLD, (x, y), s * 1.2, 4 if hover else 3)
    canvas.circle((0, 0, 0, 110), (x + 3, y + 4), s)
    canvas.circle(COIN_DARK, (x, y), s)
    canvas.circle(COIN, (x, y), s * 0.88)
    canvas.circle(COIN_DARK, (x, y), s * 0.72, 1.5)
    if value is not None:
        canvas.text(str(value), (x, y + 1), s * 1.05, theme.DISPLAY, (70, 46, 8), anchor="center")


def paw(canvas: Canvas, c: tuple[float, float], s: float = 14.0) -> None:
    """The paw print evidence token: a round token with a pad and four toes."""
    x, y = c
    canvas.circle((0, 0, 0, 110), (x + 2, y + 3), s)
    canvas.circle((228, 214, 186), (x, y), s)
    canvas.circle((90, 60, 40), (x, y), s, 2)
    ink = (60, 36, 24)
    canvas.circle(ink, (x, y + s * 0.25), s * 0.36)
    for dx, dy in ((-0.5, -0.2), (-0.2, -0.5), (0.2, -0.5), (0.5, -0.2)):
        canvas.circle(ink, (x + dx * s, y + dy * s), s * 0.16)


def fur(canvas: Canvas, c: tuple[float, float], s: float = 14.0) -> None:
    """The tuft of fur evidence token: a square token with a wavy tuft."""
    x, y = c
    r = pygame.FRect(x - s, y - s, 2 * s, 2 * s)
    canvas.fill((0, 0, 0, 110), r.move(2, 3), radius=4)
    canvas.fill((200, 214, 228), r, radius=4)
    canvas.border((60, 76, 96), r, width=2, radius=4)
    ink = (70, 58, 50)
    for k in range(5):
        bx = x - s * 0.55 + k * s * 0.28
        canvas.lines(ink, [(bx, y + s * 0.6), (bx + s * 0.12, y + s * 0.1), (bx - s * 0.05, y - s * 0.3),
                           (bx + s * 0.15, y - s * 0.65)], width=2)


def evidence(canvas: Canvas, c: tuple[float, float], mark: str, s: float = 14.0) -> None:
    (paw if mark == "paw" else fur)(canvas, c, s)


def broom(canvas: Canvas, c: tuple[float, float], s: float = 14.0) -> None:
    """The chimney broom: a long handle and a round brush."""
    x, y = c
    canvas.line((120, 84, 40), (x - s, y + s), (x + s * 0.45, y - s * 0.45), 3)
    canvas.circle((40, 40, 44), (x + s * 0.6, y - s * 0.6), s * 0.45)
    for k in range(8):
        a = k * math.tau / 8
        canvas.line((40, 40, 44), (x + s * 0.6, y - s * 0.6),
                    (x + s * 0.6 + math.cos(a) * s * 0.7, y - s * 0.6 + math.sin(a) * s * 0.7), 1.5)


def stamp(canvas: Canvas, c: tuple[float, float], ok: bool, s: float = 8.0) -> None:
    """A tick (has voted) or an hourglass dot (still to vote)."""
    x, y = c
    if ok:
        canvas.circle((40, 120, 70), (x, y), s)
        canvas.lines((240, 250, 240), [(x - s * 0.5, y), (x - s * 0.1, y + s * 0.45), (x + s * 0.55, y - s * 0.45)],
                     width=2)
    else:
        canvas.circle((60, 66, 84), (x, y), s)
        canvas.polygon((200, 200, 210), [(x - s * 0.45, y - s * 0.5), (x + s * 0.45, y - s * 0.5), (x, y)])
        canvas.polygon((200, 200, 210), [(x - s * 0.45, y + s * 0.5), (x + s * 0.45, y + s * 0.5), (x, y)])


def verdict(canvas: Canvas, c: tuple[float, float], ok: bool, s: float = 8.0) -> None:
    """A bet judged: a tick in a green disc (right), a cross in a red one (wrong)."""
    x, y = c
    if ok:
        stamp(canvas, c, True, s)
        return
    canvas.circle((150, 44, 48), (x, y), s)
    canvas.line((250, 236, 236), (x - s * 0.45, y - s * 0.45), (x + s * 0.45, y + s * 0.45), 2)
    canvas.line((250, 236, 236), (x - s * 0.45, y + s * 0.45), (x + s * 0.45, y - s * 0.45), 2)
