"""The printed board, drawn from its Tiled map: terrain, water, roofs, temples, flooded zones, the
ditch and levels, with the doors and roof accesses shown over the roofs, the places the rules
name marked with a letter as well as a colour, and the labels. Drawn once at full resolution
(64 px a square) and cached; scenes scale it with the canvas.

Levels are drawn as a printed map shows them (:func:`_draw_levels`: tints, contours, one number
an area), not with the map's ``levels`` tile layer, whose tiles carry a number each. The labels
are kept inside the board and clear of the pieces drawn under them (:func:`label_boxes`); the
play screens draw them apart (:func:`labels_surface`), over their lit squares.

Tiles are read with pytmx and an image loader of our own that does not need a display mode (so
boards render headless, for screenshots and tests).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

from game.lupin.rules.terrain import Board
from game.engine.grid import Sq
from game.lupin.rules.boards import episode, load_episode_board, map_path
from game.ui import theme
from game.ui.canvas import get_font

TILE = 64
DRAWN_LAYERS = ("ground", "roofs", "temples", "flooded", "ditch")   # levels: drawn by _draw_levels
LEVEL_TINTS = {-1: ((40, 44, 90), 90), 1: ((250, 210, 120), 60), 2: ((255, 244, 200), 95)}
CONTOUR = (58, 36, 12)
CONTOUR_LIGHT = (236, 214, 170)
PASSAGES = ("stairs", "ramp")   # the flights between levels: the contour opens there
UNDER_LABELS = ("treasure_site", "vault", "discovery", "handwheel", "trapdoor")   # pieces a label avoids
LABEL_MARGIN = 3                 # a label keeps this far (64 px a square) inside the board's edge


def _image_loader(filename: str, colorkey=None, **_kwargs):
    """pytmx image loader that keeps tiles as plain surfaces (no display needed)."""
    sheet = pygame.image.load(filename)

    def extract(rect=None, flags=None):
        tile = sheet.subsurface(pygame.Rect(rect)).copy() if rect else sheet.copy()
        if flags is not None and (flags.flipped_horizontally or flags.flipped_vertically):
            tile = pygame.transform.flip(tile, flags.flipped_horizontally, flags.flipped_vertically)
        return tile
    return extract


def load_tmx(path: Path):
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


def _level_regions(board: Board) -> list[tuple[int, list[Sq]]]:
    """The board's raised or sunken areas: (level, squares) for every connected run of squares of
    one level other than the ground's."""
    seen: set[Sq] = set()
    out = []
    for sq in board.squares():
        level = board.cell(sq).level
        if level == 0 or sq in seen:
            continue
        region, todo = [], [sq]
        seen.add(sq)
        while todo:
            s = todo.pop()
            region.append(s)
            for n in s.neighbours4():
                if n in board and n not in seen and board.cell(n).level == level:
                    seen.add(n)
                    todo.append(n)
        out.append((level, sorted(region)))
    return out


def _badge_rect(sq: Sq, width: int = 28) -> pygame.Rect:
    box = pygame.Rect(0, 0, width, 25)
    box.bottomright = (sq.col * TILE + TILE - 3, sq.row * TILE + TILE - 3)
    return box


def level_badges(board: Board, avoid: tuple = ()) -> dict[Sq, int]:
    """Where a printed board gives a level its number: one badge an area, on its square nearest
    the area's middle and clear of the labels (``avoid``: their boxes); the tooltip tells the
    level of every square."""
    badges = {}
    for level, region in _level_regions(board):
        mr = sum(s.row for s in region) / len(region)
        mc = sum(s.col for s in region) / len(region)
        order = sorted(region, key=lambda s: ((s.row - mr) ** 2 + (s.col - mc) ** 2, s))
        at = next((s for s in order if _badge_rect(s).inflate(4, 4).collidelist(list(avoid)) < 0), order[0])
        badges[at] = level
    return badges


def level_text(level: int) -> str:
    return str(level) if level >= 0 else "\u2212" + str(-level)


def _draw_levels(surf: pygame.Surface, board: Board, avoid: tuple = ()) -> None:
    """Levels as a printed board shows them: a light tint on raised ground (a dark one in a ditch),
    a contour line with hachures on its lower side wherever the level changes (open where stairs
    or a ramp lead from one level to the other), and one number an area."""
    if not any(board.cell(sq).level for sq in board.squares()):
        return
    tint = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for sq in board.squares():
        level = board.cell(sq).level
        if level in LEVEL_TINTS:
            colour, alpha = LEVEL_TINTS[level]
            tint.fill((*colour, alpha), (sq.col * TILE, sq.row * TILE, TILE, TILE))
    surf.blit(tint, (0, 0))
    for sq in board.squares():
        a = board.cell(sq)
        for n in (Sq(sq.row, sq.col + 1), Sq(sq.row + 1, sq.col)):
            if n not in board:
                continue
            b = board.cell(n)
            if a.level == b.level:
                continue
            passage = abs(a.level - b.level) == 1 and (a.terrain in PASSAGES or b.terrain in PASSAGES
                                                        or a.ditch or b.ditch)   # as geometry.step
            if n.col != sq.col:   # a vertical edge
                x = n.col * TILE
                p, q = (x, sq.row * TILE), (x, sq.row * TILE + TILE)
                down = 1 if a.level > b.level else -1   # the hachures point downhill
                ticks = [((x, y), (x + 11 * down, y)) for y in range(sq.row * TILE + 5, sq.row * TILE + TILE, 9)]
            else:
                y = n.row * TILE
                p, q = (sq.col * TILE, y), (sq.col * TILE + TILE, y)
                down = 1 if a.level > b.level else -1
                ticks = [((x, y), (x, y + 11 * down)) for x in range(sq.col * TILE + 5, sq.col * TILE + TILE, 9)]
            if passage:   # stairs, a ramp or the ditch's bank: a dashed edge, the way between levels
                for k in range(0, TILE, 16):
                    t0, t1 = k / TILE, min(1.0, (k + 9) / TILE)
                    a0 = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
                    a1 = (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)
                    pygame.draw.line(surf, CONTOUR_LIGHT, a0, a1, 6)
                    pygame.draw.line(surf, CONTOUR, a0, a1, 3)
                continue
            for t0, t1 in ticks:   # hachures on the lower side: a drop nobody steps down or up
                pygame.draw.line(surf, CONTOUR, t0, t1, 3)
            pygame.draw.line(surf, CONTOUR_LIGHT, p, q, 7)
            pygame.draw.line(surf, CONTOUR, p, q, 4)
    font = get_font("bold", 21)
    for sq, level in level_badges(board, avoid).items():
        img = font.render(level_text(level), True, (20, 20, 24))
        box = _badge_rect(sq, max(28, img.get_width() + 12))
        pygame.draw.rect(surf, (250, 250, 246), box, border_radius=5)
        pygame.draw.rect(surf, CONTOUR, box, width=2, border_radius=5)
        surf.blit(img, img.get_rect(center=box.center))


def _clamp(box: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
    """A label's box shifted (never shrunk, unless wider than the board) to lie inside ``bounds``."""
    inner = bounds.inflate(-2 * LABEL_MARGIN, -2 * LABEL_MARGIN)
    return box.clamp(inner) if box.width <= inner.width else box.move(inner.centerx - box.centerx, 0)


def label_boxes(episode_id: str, skip: frozenset = frozenset()) -> list[tuple[str, pygame.Rect]]:
    """The map's place labels and their boxes at 64 px a square, every one inside the board."""
    ep = episode(episode_id)
    board: Board = load_episode_board(episode_id)
    tmx = load_tmx(map_path(ep))
    bounds = pygame.Rect(0, 0, board.cols * TILE, board.rows * TILE)
    font = get_font("bold", 18)
    try:
        labels = tmx.get_layer_by_name("labels")
    except ValueError:
        labels = []
    keep_clear = [pygame.Rect(sq.col * TILE + 6, sq.row * TILE + 4, TILE - 12, TILE - 8)
                  for p in board.places if p.kind in UNDER_LABELS for sq in p.squares]
    out = []
    for obj in labels:
        text = getattr(obj, "text", None) or obj.name
        if not text or str(text) in skip:
            continue
        w, h = font.size(str(text))
        box = pygame.Rect(0, 0, w, h).inflate(10, 4)
        box.center = (round(obj.x + obj.width / 2), round(obj.y + obj.height / 2))
        box = _clamp(box, bounds)
        # a label never lies over a piece drawn under it (a treasure tile, a token): nudged up or down
        shifts = [_clamp(box.move(0, dy), bounds) for dy in (0, 22, -22, 40, -40, 64, -64, 90, -90)]
        box = next((b for b in shifts if b.collidelist(keep_clear) < 0), box)
        out.append((str(text), box))
    return out


def _draw_labels(surf: pygame.Surface, episode_id: str, skip: frozenset = frozenset()) -> None:
    font = get_font("bold", 18)
    for text, box in label_boxes(episode_id, skip):
        img = font.render(text, True, (30, 28, 26))
        pygame.draw.rect(surf, (30, 28, 26, 150), box.inflate(2, 2), border_radius=5)
        pygame.draw.rect(surf, (246, 240, 226), box, border_radius=4)
        surf.blit(img, img.get_rect(center=box.center))


@functools.lru_cache(maxsize=8)
def labels_surface(episode_id: str, skip: frozenset = frozenset()) -> pygame.Surface:
    """The place labels alone, on a transparent board-sized surface (64 px a square): scenes draw
    them over the lit squares, so a highlight never hides a street's name. ``skip``: names drawn
    otherwise (Cagliostro's temple plates)."""
    board: Board = load_episode_board(episode_id)
    surf = pygame.Surface((board.cols * TILE, board.rows * TILE), pygame.SRCALPHA)
    _draw_labels(surf, episode_id, skip)
    return surf


@functools.lru_cache(maxsize=8)
def board_surface(episode_id: str, drained: frozenset = frozenset(), labels: bool = True) -> pygame.Surface:
    """The whole board of an episode at 64 px a square (cached). The flooded zones in ``drained``
    (Cagliostro's handwheels) are left out: the ground under them shows, as on the table when the
    water tile is lifted. Without ``labels`` the place names are left for :func:`labels_surface`."""
    ep = episode(episode_id)
    board: Board = load_episode_board(episode_id)
    tmx = load_tmx(map_path(ep))
    surf = pygame.Surface((board.cols * TILE, board.rows * TILE))
    surf.fill(theme.NIGHT)
    for x, y, image in layer_tiles(tmx, board, drained):
        surf.blit(image, (x * TILE, y * TILE))
    _draw_levels(surf, board, tuple(box for _text, box in label_boxes(episode_id)))
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
    if labels:
        _draw_labels(surf, episode_id)
    return surf
