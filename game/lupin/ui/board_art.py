"""The printed board, drawn from its Tiled map: terrain, water, roofs, temples, flooded zones, the
ditch and levels, with the doors and roof accesses shown over the roofs, the places the rules
name marked with a letter as well as a colour, and the labels. Drawn once at full resolution
(64 px a square) and cached; scenes scale it with the canvas.

Tiles are read with pytmx and an image loader of our own that does not need a display mode (so
boards render headless, for screenshots and tests).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

from game.engine.board import Board
from game.engine.grid import Sq
from game.lupin.rules.boards import episode, load_episode_board, map_path
from game.ui import theme
from game.ui.canvas import get_font

TILE = 64
DRAWN_LAYERS = ("ground", "roofs", "temples", "flooded", "ditch", "levels")


def _image_loader(filename: str, colorkey=None, **_kwargs):
    """pytmx image loader that keeps tiles as plain surfaces (no display needed)."""
    sheet = pygame.image.load(filename)

    def extract(rect=None, flags=None):
        tile = sheet.subsurface(pygame.Rect(rect)).copy() if rect else sheet.copy()
        if flags is not None and (flags.flipped_horizontally or flags.flipped_vertically):
            tile = pygame.transform.flip(tile, flags.flipped_horizontally, flags.flipped_vertically)
        return tile
    return extract


def _load_tmx(path: Path):
    from game.engine import tiled  # noqa: F401 - sets pytmx up the way the project uses it
    import pytmx

    return pytmx.TiledMap(str(path), image_loader=_image_loader, allow_duplicate_names=True)


def _marker(surf: pygame.Surface, sq: Sq, letter: str, colour, shape: str = "circle") -> None:
    """A place marker: a shape, a colour and a letter (never colour alone)."""
    cx, cy = sq.col * TILE + TILE - 14, sq.row * TILE + 14
    if shape == "circle":
        pygame.draw.circle(surf, (20, 22, 30), (cx, cy), 12)
        pygame.draw.circle(surf, colour, (cx, cy), 10)
    else:
        pygame.draw.rect(surf, (20, 22, 30), (cx - 12, cy - 12, 24, 24), border_radius=4)
        pygame.draw.rect(surf, colour, (cx - 10, cy - 10, 20, 20), border_radius=3)
    text = get_font("bold", 14).render(letter, True, (20, 22, 30))
    surf.blit(text, text.get_rect(center=(cx, cy + 1)))


def _door(surf: pygame.Surface, sq: Sq) -> None:
    r = pygame.Rect(sq.col * TILE, sq.row * TILE, TILE, TILE)
    door = pygame.Rect(0, 0, 26, 38)
    door.center = r.center
    pygame.draw.rect(surf, (236, 228, 208), door.inflate(8, 8), border_radius=5)
    pygame.draw.rect(surf, (24, 22, 26), door, border_radius=3)
    pygame.draw.circle(surf, (220, 180, 70), (door.right - 7, door.centery + 2), 3)


def _roof_access(surf: pygame.Surface, sq: Sq) -> None:
    r = pygame.Rect(sq.col * TILE, sq.row * TILE, TILE, TILE).inflate(-22, -22)
    pygame.draw.rect(surf, (236, 228, 208), r.inflate(6, 6), border_radius=4)
    pygame.draw.rect(surf, (70, 64, 60), r, border_radius=3)
    for i in range(1, 4):  # a ladder
        y = r.top + i * r.height // 4
        pygame.draw.line(surf, (236, 228, 208), (r.left + 4, y), (r.right - 4, y), 2)


def layer_tiles(tmx, board: Board, drained: frozenset = frozenset()):
    """Every drawn tile of the map, layer by layer (x, y, image), but for the flooded tiles of the
    ``drained`` zones."""
    for name in DRAWN_LAYERS:
        try:
            layer = tmx.get_layer_by_name(name)
        except ValueError:
            continue
        if not getattr(layer, "visible", True):
            continue
        for x, y, image in layer.tiles():
            if name == "flooded" and drained and board.cell(Sq(y, x)).flooded in drained:
                continue
            yield x, y, image


@functools.lru_cache(maxsize=8)
def board_surface(episode_id: str, drained: frozenset = frozenset()) -> pygame.Surface:
    """The whole board of an episode at 64 px a square (cached). The flooded zones in ``drained``
    (Cagliostro's handwheels) are left out: the ground under them shows, as on the table when the
    water tile is lifted."""
    ep = episode(episode_id)
    board: Board = load_episode_board(episode_id)
    tmx = _load_tmx(map_path(ep))
    surf = pygame.Surface((board.cols * TILE, board.rows * TILE))
    surf.fill(theme.NIGHT)
    for x, y, image in layer_tiles(tmx, board, drained):
        surf.blit(image, (x * TILE, y * TILE))
    for sq in board.squares():
        terrain = board.cell(sq).terrain
        if terrain == "door":
            _door(surf, sq)
        elif terrain == "roof_access":
            _roof_access(surf, sq)
    marks = {"start": ("S", (226, 74, 64), "circle"), "police_parking": ("P", (70, 120, 220), "square"),
             "reinforcement": ("R", (70, 120, 220), "circle"), "zenigata_return": ("Z", (70, 120, 220), "square"),
             "handwheel": ("W", (236, 196, 40), "circle"), "discovery": ("?", (236, 228, 208), "circle"),
             "trapdoor": ("T", (160, 120, 80), "square"), "dock": ("D", (90, 170, 200), "circle")}
    for place in board.places:
        if place.kind in marks:
            letter, colour, shape = marks[place.kind]
            for sq in place.squares:
                _marker(surf, sq, letter, colour, shape)
        elif place.kind == "bus_stop":
            for sq in place.squares[:1]:
                _marker(surf, sq, str(place.props.get("round", "")), (236, 160, 40), "square")
        elif place.kind == "vault":
            for sq in place.squares:
                _marker(surf, sq, "V", (236, 196, 40), "square")
    label_font = get_font("bold", 18)
    try:
        labels = tmx.get_layer_by_name("labels")
    except ValueError:
        labels = []
    for obj in labels:
        text = getattr(obj, "text", None) or obj.name
        if not text:
            continue
        img = label_font.render(str(text), True, (30, 28, 26))
        box = img.get_rect(center=(obj.x + obj.width / 2, obj.y + obj.height / 2)).inflate(10, 4)
        pygame.draw.rect(surf, (246, 240, 226), box, border_radius=4)
        surf.blit(img, img.get_rect(center=box.center))
    return surf
