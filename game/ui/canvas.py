"""Resolution independence that stays sharp: scenes draw in logical 1600×900 coordinates.

A :class:`Canvas` holds the real window surface, the scale factor and the letterbox offset. Every
shape is scaled when it is drawn and every text is rendered with a font opened at the real pixel
size, so a 4K window gets 4K-sharp glyphs and lines; nothing is drawn small and blown up. Fonts
are cached by (file, pixel size), rendered texts and scaled images in small caches of their own.

Coordinates in the API are logical (floats are fine). The logical area is centred in the window
(letterbox or pillarbox bars when the aspect differs); :meth:`Canvas.window_rect` is the whole
window in logical coordinates, so a background can reach into the bars instead of leaving them
black. :meth:`Canvas.to_logical` maps a window pixel (a mouse position) back to logical space.

Text layout (measuring, word-wrapping) is done with fonts at the logical size, so a paragraph wraps
at the same words at every resolution; only the final glyphs are rendered at the pixel size.
"""

from __future__ import annotations

import contextlib
import copy
import math
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame

from game.engine import resources

LOGICAL_SIZE = (1600, 900)

# Font faces by name; a face may also be given as a file name under assets/fonts or a full path.
FACES = {
    "display": "BebasNeue-Regular.otf",
    "body": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "italic": "Lato-Italic.ttf",
}

# A character a face lacks (Bebas Neue has no "≥" nor arrows; Lato no "★" nor "✓") is drawn in this
# face instead of an empty box (DejaVu Sans Bold, free licence: assets/fonts/licenses/DejaVu.txt).
FALLBACK_FACE = "DejaVuSans-Bold.ttf"

Colour = Sequence[int]  # (r, g, b) or (r, g, b, a)
RectLike = pygame.Rect | pygame.FRect | Sequence[float]
Point = Sequence[float]

_fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
MAX_FONTS = 64   # fonts kept open (least recently used closed first): sizes that shrink to fit add up


_paths: dict[str, str] = {}


def font_path(face: str) -> Path:
    """The font file of a face name ("display", "body", "bold", "italic") or file name."""
    name = FACES.get(face, face)
    path = Path(name)
    if not path.is_absolute():
        path = resources.assets_dir() / "fonts" / name
    return path


def clear_font_cache() -> None:
    """Forget the fonts opened so far: they are invalid once pygame.quit() has run."""
    _fonts.clear()
    _ft_fonts.clear()


def get_font(face: str, px: int) -> pygame.font.Font:
    """The font of ``face`` at ``px`` pixels, opened once and cached by (file, px)."""
    path = _paths.get(face)
    if path is None:
        path = _paths[face] = str(font_path(face))
    key = (path, max(1, int(px)))
    font = _fonts.get(key)
    if font is not None:
        _fonts.move_to_end(key)
        return font
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(path, key[1])
    _fonts[key] = font
    while len(_fonts) > MAX_FONTS:
        _fonts.popitem(last=False)
    return font


_glyphs: dict[tuple[str, str], bool] = {}
_ft_fonts: dict[str, pygame.freetype.Font] = {}


def has_glyph(face: str, ch: str) -> bool:
    """Whether the face's font file holds a glyph for ``ch`` (pygame.freetype reports a missing
    glyph as None; pygame.font would measure the empty box instead)."""
    path = _paths.get(face) or _paths.setdefault(face, str(font_path(face)))
    key = (path, ch)
    known = _glyphs.get(key)
    if known is None:
        import pygame.freetype as freetype

        for _attempt in range(2):
            if not freetype.get_init():
                freetype.init()
                _ft_fonts.clear()       # fonts opened before a pygame.quit() are dead
            font = _ft_fonts.get(path)
            if font is None:
                font = _ft_fonts[path] = freetype.Font(path, 16)
            try:
                known = _glyphs[key] = ch.isspace() or font.get_metrics(ch)[0] is not None
                break
            except pygame.error:        # freetype was quit and started again since: open it anew
                _ft_fonts.clear()
        else:
            known = True
    return known


_runs_cache: dict[tuple[str, str], list[tuple[str, str]]] = {}


def glyph_runs(face: str, text: str) -> list[tuple[str, str]]:
    """``text`` as (face, piece) runs: the characters ``face`` lacks go to :data:`FALLBACK_FACE`."""
    key = (face, text)
    cached = _runs_cache.get(key)
    if cached is not None:
        return cached
    if len(_runs_cache) > 8192:
        _runs_cache.clear()
    runs: list[tuple[str, str]] = _runs_cache.setdefault(key, [])
    for ch in text:
        f = face if face == FALLBACK_FACE or has_glyph(face, ch) or not has_glyph(FALLBACK_FACE, ch) else FALLBACK_FACE
        if runs and runs[-1][0] == f:
            runs[-1] = (f, runs[-1][1] + ch)
        else:
            runs.append((f, ch))
    return runs


def text_width(face: str, px: int, text: str) -> int:
    """The width of ``text`` drawn in ``face`` at ``px`` pixels, fallback glyphs included."""
    runs = glyph_runs(face, text)
    if len(runs) == 1:
        return get_font(runs[0][0], px).size(text)[0]
    return sum(get_font(f, px).size(piece)[0] for f, piece in runs)


def _join_on_baseline(parts: list[tuple[pygame.font.Font, pygame.Surface]], tracking_px: int,
                      advances: list[int] | None = None) -> pygame.Surface:
    """Rendered pieces side by side on one baseline (a surface's baseline is its font's ascent,
    lower by what SDL_ttf adds at the top of a surface for a glyph taller than the line)."""
    bases = [fnt.get_ascent() + max(0, p.get_height() - max(fnt.get_linesize(), fnt.get_height())) for fnt, p in parts]
    base = max(bases)
    height = max(base - b + p.get_height() for b, (_f, p) in zip(bases, parts))
    widths = advances if advances is not None else [p.get_width() for _f, p in parts]
    surf = pygame.Surface((max(1, sum(widths) + tracking_px * (len(parts) - 1)), height), pygame.SRCALPHA)
    x = 0
    for b, (_f, p), w in zip(bases, parts, widths):
        surf.blit(p, (x, base - b))
        x += w + tracking_px
    return surf


def font_cache_keys() -> list[tuple[str, int]]:
    """The (file, px) pairs opened so far (for tests and curiosity)."""
    return list(_fonts)


class SurfaceCache:
    """A least-recently-used cache of surfaces, bounded by item count and by total pixels."""

    def __init__(self, max_items: int, max_pixels: int):
        self.max_items, self.max_pixels = max_items, max_pixels
        self._items: OrderedDict[object, pygame.Surface] = OrderedDict()
        self._pixels = 0

    def get(self, key: object) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: object, surf: pygame.Surface) -> pygame.Surface:
        old = self._items.pop(key, None)
        if old is not None:
            self._pixels -= old.get_width() * old.get_height()
        self._items[key] = surf
        self._pixels += surf.get_width() * surf.get_height()
        while len(self._items) > 1 and (len(self._items) > self.max_items or self._pixels > self.max_pixels):
            _, dropped = self._items.popitem(last=False)
            self._pixels -= dropped.get_width() * dropped.get_height()
        return surf

    def clear(self) -> None:
        self._items.clear()
        self._pixels = 0

    def __len__(self) -> int:
        return len(self._items)


class TieredCache:
    """Two :class:`SurfaceCache` s behind one ``get``/``put``: surfaces of at least ``big_pixels``
    (a sprite as large as the board, a full-window gradient or glow) go to a cache of a few
    items, so one-off large surfaces (a sprite keyed by the game's version) cannot crowd the
    small ones out, nor pile up to the whole pixel budget."""

    def __init__(self, small: SurfaceCache, big: SurfaceCache, big_pixels: int):
        self.small, self.big, self.big_pixels = small, big, big_pixels

    def get(self, key: object) -> pygame.Surface | None:
        surf = self.small.get(key)
        return surf if surf is not None else self.big.get(key)

    def put(self, key: object, surf: pygame.Surface) -> pygame.Surface:
        if surf.get_width() * surf.get_height() >= self.big_pixels:
            return self.big.put(key, surf)
        return self.small.put(key, surf)

    def clear(self) -> None:
        self.small.clear()
        self.big.clear()

    @property
    def _pixels(self) -> int:
        return self.small._pixels + self.big._pixels

    @property
    def max_pixels(self) -> int:
        return self.small.max_pixels + self.big.max_pixels

    def __len__(self) -> int:
        return len(self.small) + len(self.big)


IMAGE_SIZES = 4   # scaled copies kept per image (the most recently used sizes)


def _frect(rect: RectLike) -> pygame.FRect:
    return pygame.FRect(rect)


def _rgba(colour: Colour) -> tuple[int, int, int, int]:
    c = tuple(int(v) for v in colour)
    return c if len(c) == 4 else (c[0], c[1], c[2], 255)


class Canvas:
    """The window surface seen through logical coordinates."""

    def __init__(self, surface: pygame.Surface, logical_size: tuple[int, int] = LOGICAL_SIZE):
        self.logical_w, self.logical_h = logical_size
        # Memory bounds matter at 4K, where one full-window surface is 8 million pixels: the
        # budgets are set from the window's size (set_surface), as a few windows' worth each.
        self._text_cache = SurfaceCache(max_items=800, max_pixels=3_000_000)
        self._image_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._layers = SurfaceCache(max_items=4, max_pixels=40_000_000)
        self._shape_cache = TieredCache(SurfaceCache(max_items=600, max_pixels=6_000_000),
                                        SurfaceCache(max_items=4, max_pixels=8_000_000), 400_000)
        self._wrap_cache: dict[tuple, list[str]] = {}
        self.surface: pygame.Surface
        self.scale = 1.0
        self.offset = (0.0, 0.0)
        self._size: tuple[int, int] | None = None
        self.set_surface(surface)

    # ------------------------------------------------------------------ geometry

    def set_surface(self, surface: pygame.Surface) -> None:
        """Point the canvas at a (new or resized) window surface and recompute scale and offset."""
        self.surface = surface
        w, h = surface.get_size()
        if (w, h) != self._size:
            self._size = (w, h)
            self.scale = min(w / self.logical_w, h / self.logical_h)
            self.offset = ((w - self.logical_w * self.scale) / 2, (h - self.logical_h * self.scale) / 2)
            # Everything cached at pixel size is stale now (texts stay: they are keyed by px).
            self._layers.clear()
            self._shape_cache.clear()
            self._image_cache = weakref.WeakKeyDictionary()
            self._set_budgets(w * h)

    def _set_budgets(self, window_pixels: int) -> None:
        """Bound the caches by a few windows' worth of pixels (4 bytes each): at 1600×900 about
        23 MB of layers, 23 + 23 MB of shapes and sprites, 12 MB of texts."""
        window_pixels = max(window_pixels, 640 * 360)
        self._layers.max_pixels = 4 * window_pixels + 1
        self._shape_cache.small.max_pixels = 4 * window_pixels
        self._shape_cache.big.max_pixels = 4 * window_pixels + 1
        self._shape_cache.big_pixels = window_pixels // 4
        self._text_cache.max_pixels = max(3_000_000, 2 * window_pixels)

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.surface.get_size()

    @property
    def logical_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.logical_w, self.logical_h)

    def window_rect(self) -> pygame.FRect:
        """The whole window in logical coordinates (wider or taller than 1600×900 when letterboxed)."""
        w, h = self.size
        x0, y0 = self.to_logical((0, 0))
        return pygame.FRect(x0, y0, w / self.scale, h / self.scale)

    def viewport(self) -> pygame.Rect:
        """The logical area in window pixels."""
        return self.rect_px(self.logical_rect)

    def x_px(self, x: float) -> int:
        return round(self.offset[0] + x * self.scale)

    def y_px(self, y: float) -> int:
        return round(self.offset[1] + y * self.scale)

    def point_px(self, p: Point) -> tuple[int, int]:
        return self.x_px(p[0]), self.y_px(p[1])

    def len_px(self, v: float) -> int:
        """A logical length in pixels; never rounds a visible length down to zero."""
        if v <= 0:
            return 0
        return max(1, round(v * self.scale))

    def rect_px(self, rect: RectLike) -> pygame.Rect:
        """A logical rect in pixels; edges are rounded, so rects that touch still touch."""
        r = _frect(rect)
        x0, y0 = self.x_px(r.left), self.y_px(r.top)
        x1, y1 = self.x_px(r.right), self.y_px(r.bottom)
        return pygame.Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))

    def to_logical(self, pos: Point) -> tuple[float, float]:
        """A window pixel (e.g. a mouse position) in logical coordinates."""
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def to_logical_length(self, v: float) -> float:
        return v / self.scale

    # ------------------------------------------------------------------ shapes

    def clear(self, colour: Colour) -> None:
        """Fill the whole window, bars included."""
        self.surface.fill(_rgba(colour)[:3])

    def fill(self, colour: Colour, rect: RectLike | None = None, radius: float = 0) -> None:
        """Fill a logical rect (the whole window when None); alpha and rounded corners allowed."""
        r = self.surface.get_rect() if rect is None else self.rect_px(rect)
        if r.width <= 0 or r.height <= 0:
            return
        c = _rgba(colour)
        rad = self.len_px(radius) if radius else 0
        if c[3] >= 255 and not rad:
            self.surface.fill(c[:3], r)
        elif c[3] >= 255:
            pygame.draw.rect(self.surface, c[:3], r, border_radius=rad)
        elif c[3] > 0 and not rad and not self.surface.get_flags() & pygame.SRCALPHA:
            # a plain translucent rect on an opaque surface: dst·(1−a) + colour·a, as two fills
            a = c[3]
            keep = 255 - a
            self.surface.fill((keep, keep, keep), r, special_flags=pygame.BLEND_RGB_MULT)
            self.surface.fill(tuple(round(v * a / 255) for v in c[:3]), r, special_flags=pygame.BLEND_RGB_ADD)
        elif c[3] > 0:
            self.surface.blit(self._shape(("rect", r.size, c, rad, 0)), r.topleft)

    def border(self, colour: Colour, rect: RectLike, width: float = 1, radius: float = 0) -> None:
        r = self.rect_px(rect)
        c = _rgba(colour)
        w = self.len_px(width)
        rad = self.len_px(radius) if radius else 0
        if r.width <= 0 or r.height <= 0 or w <= 0:
            return
        if c[3] >= 255:
            pygame.draw.rect(self.surface, c[:3], r, width=w, border_radius=rad)
        elif c[3] > 0:
            self.surface.blit(self._shape(("rect", r.size, c, rad, w)), r.topleft)

    def _shape(self, key: tuple) -> pygame.Surface:
        surf = self._shape_cache.get(key)
        if surf is None:
            _, size, colour, rad, width = key
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, colour, surf.get_rect(), width=width, border_radius=rad)
            self._shape_cache.put(key, surf)
        return surf

    def _alpha_draw(self, colour: Colour, bounds: pygame.Rect,
                    draw: Callable[[pygame.Surface, tuple[int, int], tuple[int, ...]], None]) -> None:
        """Draw a translucent shape through a temporary surface covering ``bounds`` (pixels)."""
        c = _rgba(colour)
        if c[3] >= 255:
            draw(self.surface, (0, 0), c[:3])
            return
        if c[3] <= 0:
            return
        bounds = bounds.clip(self.surface.get_rect())
        if bounds.width <= 0 or bounds.height <= 0:
            return
        tmp = pygame.Surface(bounds.size, pygame.SRCALPHA)
        draw(tmp, (-bounds.x, -bounds.y), c)
        self.surface.blit(tmp, bounds.topleft)

    def line(self, colour: Colour, a: Point, b: Point, width: float = 1) -> None:
        pa, pb = self.point_px(a), self.point_px(b)
        w = self.len_px(width)
        bounds = pygame.Rect(min(pa[0], pb[0]) - w, min(pa[1], pb[1]) - w,
                             abs(pa[0] - pb[0]) + 2 * w + 1, abs(pa[1] - pb[1]) + 2 * w + 1)

        def draw(surf, off, c):
            pygame.draw.line(surf, c, (pa[0] + off[0], pa[1] + off[1]), (pb[0] + off[0], pb[1] + off[1]), w)
        self._alpha_draw(colour, bounds, draw)

    def lines(self, colour: Colour, points: Sequence[Point], width: float = 1, closed: bool = False) -> None:
        pts = [self.point_px(p) for p in points]
        if len(pts) < 2:
            return
        w = self.len_px(width)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        bounds = pygame.Rect(min(xs) - w, min(ys) - w, max(xs) - min(xs) + 2 * w + 1, max(ys) - min(ys) + 2 * w + 1)

        def draw(surf, off, c):
            pygame.draw.lines(surf, c, closed, [(x + off[0], y + off[1]) for x, y in pts], w)
        self._alpha_draw(colour, bounds, draw)

    def dashed(self, colour: Colour, points: Sequence[Point], dash: float = 10, gap: float = 8,
               width: float = 2, phase: float = 0.0) -> None:
        """A dashed polyline; ``phase`` (logical length) shifts the dashes, to animate a route."""
        period = dash + gap
        travelled = 0.0
        for a, b in zip(points, points[1:]):
            seg = math.dist(a, b)
            if seg == 0:
                continue
            ux, uy = (b[0] - a[0]) / seg, (b[1] - a[1]) / seg
            # dashes start at the path lengths k·period − phase; find the first one at or before a
            start = math.floor((travelled + phase) / period) * period - phase - travelled
            while start < seg:
                s, e = max(start, 0.0), min(start + dash, seg)
                if e > s:
                    self.line(colour, (a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e), width)
                start += period
            travelled += seg

    def circle(self, colour: Colour, centre: Point, radius: float, width: float = 0) -> None:
        c = self.point_px(centre)
        r = self.len_px(radius)
        w = self.len_px(width) if width else 0
        bounds = pygame.Rect(c[0] - r - 1, c[1] - r - 1, 2 * r + 3, 2 * r + 3)

        def draw(surf, off, col):
            pygame.draw.circle(surf, col, (c[0] + off[0], c[1] + off[1]), r, w)
        self._alpha_draw(colour, bounds, draw)

    def arc(self, colour: Colour, rect: RectLike, start: float, stop: float, width: float = 1) -> None:
        """An arc inside a logical rect, angles in radians (pygame's convention: counter-clockwise)."""
        r = self.rect_px(rect)
        w = self.len_px(width)

        def draw(surf, off, col):
            pygame.draw.arc(surf, col, r.move(off), start, stop, w)
        self._alpha_draw(colour, r.inflate(2 * w, 2 * w), draw)

    def polygon(self, colour: Colour, points: Sequence[Point], width: float = 0) -> None:
        pts = [self.point_px(p) for p in points]
        w = self.len_px(width) if width else 0
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        bounds = pygame.Rect(min(xs) - w - 1, min(ys) - w - 1, max(xs) - min(xs) + 2 * w + 3,
                             max(ys) - min(ys) + 2 * w + 3)

        def draw(surf, off, col):
            pygame.draw.polygon(surf, col, [(x + off[0], y + off[1]) for x, y in pts], w)
        self._alpha_draw(colour, bounds, draw)

    def vertical_gradient(self, rect: RectLike | None, top: Colour, bottom: Colour) -> None:
        """A top-to-bottom gradient: one pixel column per pixel row, stretched sideways (sharp)."""
        r = self.rect_px(rect).clip(self.surface.get_rect()) if rect is not None else self.surface.get_rect()
        if r.width <= 0 or r.height <= 0:
            return
        key = ("vgrad", r.size, tuple(top), tuple(bottom))
        surf = self._shape_cache.get(key)
        if surf is None:
            strip = pygame.Surface((1, r.height))
            t0, b0 = _rgba(top), _rgba(bottom)
            n = max(1, r.height - 1)
            for y in range(r.height):
                k = y / n
                strip.set_at((0, y), [round(t0[i] + (b0[i] - t0[i]) * k) for i in range(3)])
            surf = self._shape_cache.put(key, pygame.transform.scale(strip, r.size))
        self.surface.blit(surf, r.topleft)

    def glow(self, centre: Point, radius: float, colour: Colour, *, squash: float = 1.0,
             additive: bool = True) -> None:
        """A soft round light (``colour`` with its alpha as the strength at the centre)."""
        rx = self.len_px(radius)
        ry = max(1, round(rx * squash))
        c = _rgba(colour)
        c = (c[0], c[1], c[2], min(255, round(c[3] / 16) * 16))  # few strengths: few cached glows
        if c[3] <= 0:
            return
        key = ("glow", rx, ry, c, additive)
        surf = self._shape_cache.get(key)
        if surf is None:
            tex = glow_texture()
            surf = pygame.transform.smoothscale(tex, (2 * rx, 2 * ry))
            tint = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            tint.fill(c)
            surf.blit(tint, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            if additive:
                # premultiply so BLEND_ADD adds colour × strength
                rgb = pygame.Surface(surf.get_size())
                rgb.blit(surf, (0, 0))
                surf = rgb
            self._shape_cache.put(key, surf)
        cx, cy = self.point_px(centre)
        if additive:
            self.surface.blit(surf, (cx - rx, cy - ry), special_flags=pygame.BLEND_RGB_ADD)
        else:
            self.surface.blit(surf, (cx - rx, cy - ry))

    # ------------------------------------------------------------------ images and layers

    def image(self, image: pygame.Surface, rect: RectLike, *, smooth: bool = True) -> None:
        """Blit ``image`` scaled to a logical rect; the scaled copy is cached per image and size."""
        r = self.rect_px(rect)
        if r.width <= 0 or r.height <= 0:
            return
        per_image = self._image_cache.get(image)
        if per_image is None:
            per_image = {}
            self._image_cache[image] = per_image
        scaled = per_image.get(r.size)
        if scaled is None:
            if r.size == image.get_size():
                scaled = image
            elif smooth and image.get_bitsize() >= 24:
                scaled = pygame.transform.smoothscale(image, r.size)
            else:
                scaled = pygame.transform.scale(image, r.size)
            per_image[r.size] = scaled
            while len(per_image) > IMAGE_SIZES:   # an image drawn at many sizes keeps the last few
                del per_image[next(iter(per_image))]
        else:
            per_image[r.size] = per_image.pop(r.size)
        self.surface.blit(scaled, r.topleft)

    def layer(self, key: object, build: Callable[[Canvas], None]) -> None:
        """Blit a full-window layer drawn once by ``build(canvas)`` and cached for this window size.

        The builder draws with the ordinary canvas API (logical coordinates); use it for
        backgrounds that are costly to draw but never change.
        """
        cache_key = (key, self.size)
        surf = self._layers.get(cache_key)
        if surf is None:
            surf = pygame.Surface(self.size)
            real = self.surface
            self.surface = surf
            try:
                build(self)
            finally:
                self.surface = real
            self._layers.put(cache_key, surf)
        self.surface.blit(surf, (0, 0))

    def sprite(self, key: object, rect: RectLike, build: Callable[[Canvas], None], margin: float = 0.0) -> None:
        """Draw ``build(canvas)`` once into a cached transparent sprite covering ``rect`` (+ ``margin``)
        and blit it; for composite shapes (a panel with its shadow) drawn every frame.

        The builder draws in the usual logical coordinates. The sprite is cached by ``key`` and its
        pixel size, so ``key`` must name everything that changes its look (colours, radius...).
        """
        r = self.rect_px(rect)
        m = self.len_px(margin) if margin else 0
        area = r.inflate(2 * m, 2 * m)
        if area.width <= 0 or area.height <= 0:
            return
        cache_key = ("sprite", key, area.size, r.size)
        surf = self._shape_cache.get(cache_key)
        if surf is None:
            surf = pygame.Surface(area.size, pygame.SRCALPHA)
            view = copy.copy(self)
            view.surface = surf
            view.offset = (self.offset[0] - area.x, self.offset[1] - area.y)
            build(view)
            self._shape_cache.put(cache_key, surf)
        self.surface.blit(surf, area.topleft)

    @contextlib.contextmanager
    def clip(self, rect: RectLike | None) -> Iterator[None]:
        """Restrict drawing to a logical rect inside the block."""
        old = self.surface.get_clip()
        if rect is not None:
            self.surface.set_clip(self.rect_px(rect).clip(old))
        try:
            yield
        finally:
            self.surface.set_clip(old)

    # ------------------------------------------------------------------ text

    def font(self, face: str, size: float) -> pygame.font.Font:
        """The font for a logical size, opened at this canvas's real pixel size."""
        return get_font(face, self.font_px(size))

    def font_px(self, size: float) -> int:
        """The real pixel size of a logical font size: rounded down, so a line measured at the
        logical size never comes out wider than its box (13.5 px rounded up to 14 overflowed)."""
        return max(1, int(size * self.scale + 1e-6))

    @staticmethod
    def layout_font(face: str, size: float) -> pygame.font.Font:
        """The font used to measure at logical size (so layout is the same at every resolution)."""
        return get_font(face, max(1, round(size)))

    def measure(self, text: str, size: float, face: str = "body", tracking: float = 0.0) -> tuple[float, float]:
        """Width and line height of one line of text, in logical units: the wider of the logical
        size's and the drawn size's (at this scale), so what is measured to fit does fit."""
        font = self.layout_font(face, size)
        w = max(text_width(face, max(1, round(size)), text), text_width(face, self.font_px(size), text) / self.scale)
        if tracking and len(text) > 1:
            w += tracking * (len(text) - 1)
        return float(w), float(font.get_linesize())

    def line_height(self, size: float, face: str = "body") -> float:
        return float(self.layout_font(face, size).get_linesize())

    def _render(self, text: str, face: str, px: int, colour: Colour, tracking_px: int) -> pygame.Surface:
        c = _rgba(colour)
        key = (face, px, text, c[:3], tracking_px)
        surf = self._text_cache.get(key)
        if surf is not None:
            return surf
        font = get_font(face, px)
        runs = glyph_runs(face, text)
        if runs and (len(runs) > 1 or runs[0][0] != face):
            # characters the face lacks come from the fallback face, on the same baseline
            parts = [(get_font(f, px), self._render(piece, f, px, colour, tracking_px)) for f, piece in runs]
            surf = _join_on_baseline(parts, tracking_px)
        elif tracking_px and len(text) > 1:
            # glyph by glyph, all on one baseline: a glyph taller than the font's ascent ("Ì" in
            # Bebas Neue) comes in a taller surface, and top-aligned it hung below the line
            parts = [(font, font.render(ch, True, c[:3])) for ch in text]
            surf = _join_on_baseline(parts, tracking_px, [font.size(ch)[0] for ch in text])
        else:
            surf = font.render(text, True, c[:3])
        return self._text_cache.put(key, surf)

    def text(self, text: str, pos: Point, size: float = 24, face: str = "body",
             colour: Colour = (255, 255, 255), anchor: str = "topleft", tracking: float = 0.0,
             shadow: Colour | None = None, shadow_offset: float = 2.0) -> pygame.FRect:
        """Draw one line of text with ``anchor`` (a pygame Rect attribute) at the logical ``pos``.

        Returns the text's bounds in logical coordinates. ``colour`` may carry an alpha.
        """
        if not text:
            return pygame.FRect(pos[0], pos[1], 0, 0)
        px = self.font_px(size)
        c = _rgba(colour)
        tracking_px = round(tracking * self.scale)
        surf = self._render(text, face, px, c, tracking_px)
        # a glyph taller than the line (an accented capital in Bebas Neue) makes SDL_ttf's surface
        # taller at the top: placed as a line of the usual height, so "COSÌ" sits where "COSI" does
        font = get_font(face, px)
        extra = max(0, surf.get_height() - max(font.get_linesize(), font.get_height()))
        r = pygame.Rect(0, 0, surf.get_width(), surf.get_height() - extra)
        setattr(r, anchor, self.point_px(pos))
        if shadow is not None:
            sc = _rgba(shadow)
            ssurf = self._render(text, face, px, sc, tracking_px)
            off = max(1, round(shadow_offset * self.scale))
            self._blit_alpha(ssurf, (r.left + off, r.top + off - extra), sc[3] * c[3] // 255)
        self._blit_alpha(surf, (r.left, r.top - extra), c[3])
        x, y = self.to_logical(r.topleft)
        return pygame.FRect(x, y, r.width / self.scale, r.height / self.scale)

    def _blit_alpha(self, surf: pygame.Surface, pos: tuple[int, int], alpha: int) -> None:
        """Blit a (cached, per-pixel-alpha) text surface at ``alpha``. The cached surface is never
        changed: ``set_alpha(None)`` on it used to switch its blending off for good, so once a
        fade had ended the text was drawn as a solid block of its colour."""
        if alpha >= 255:
            self.surface.blit(surf, pos)
        elif alpha > 0:
            faded = surf.copy()
            if faded.get_flags() & pygame.SRCALPHA:
                faded.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            else:
                faded.set_alpha(alpha)
            self.surface.blit(faded, pos)

    def rotated_text(self, text: str, centre: Point, angle: float, size: float = 24, face: str = "body",
                     colour: Colour = (255, 255, 255), tracking: float = 0.0) -> None:
        """One line of text rotated by ``angle`` degrees (counter-clockwise) about its centre."""
        px = self.font_px(size)
        surf = self._render(text, face, px, _rgba(colour), round(tracking * self.scale))
        key = ("rot", face, px, text, tuple(colour), angle, tracking)
        rot = self._shape_cache.get(key)
        if rot is None:
            rot = self._shape_cache.put(key, pygame.transform.rotozoom(surf, angle, 1.0))
        r = rot.get_rect(center=self.point_px(centre))
        self.surface.blit(rot, r.topleft)

    def wrap(self, text: str, width: float, size: float, face: str = "body") -> list[str]:
        """Greedy word-wrapping at a logical width; "\\n" starts a new paragraph line. A line fits
        when it fits at the logical size and as drawn at this canvas's scale (glyph widths do not
        scale exactly with the pixel size)."""
        key = (text, round(width, 2), size, face, self.scale)
        cached = self._wrap_cache.get(key)
        if cached is not None:
            return cached
        real_width = width * self.scale

        layout_px, real_px = max(1, round(size)), self.font_px(size)

        def fits(s: str) -> bool:
            return text_width(face, layout_px, s) <= width and text_width(face, real_px, s) <= real_width

        out: list[str] = []
        for para in text.split("\n"):
            words = para.split()
            if not words:
                out.append("")
                continue
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if fits(trial):
                    line = trial
                    continue
                if line:
                    out.append(line)
                # a word wider than the line is cut by characters
                while not fits(word) and len(word) > 1:
                    cut = len(word) - 1
                    while cut > 1 and not fits(word[:cut] + "-"):
                        cut -= 1
                    out.append(word[:cut] + "-")
                    word = word[cut:]
                line = word
            out.append(line)
        if len(self._wrap_cache) > 500:
            self._wrap_cache.clear()
        self._wrap_cache[key] = out
        return out

    def text_box(self, text: str, rect: RectLike, size: float = 22, face: str = "body",
                 colour: Colour = (255, 255, 255), align: str = "left", line_spacing: float = 1.3,
                 max_lines: int | None = None) -> float:
        """Word-wrapped text inside a logical rect (top-aligned); returns the height used."""
        r = _frect(rect)
        lines = self.wrap(text, r.width, size, face)
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = lines[-1].rstrip(" .,;") + "…"
        step = self.line_height(size, face) * line_spacing / 1.2
        y = r.top
        for line in lines:
            if align == "center":
                self.text(line, (r.centerx, y), size, face, colour, anchor="midtop")
            elif align == "right":
                self.text(line, (r.right, y), size, face, colour, anchor="topright")
            else:
                self.text(line, (r.left, y), size, face, colour)
            y += step
        return y - r.top

    def text_box_height(self, text: str, width: float, size: float = 22, face: str = "body",
                        line_spacing: float = 1.3) -> float:
        return len(self.wrap(text, width, size, face)) * self.line_height(size, face) * line_spacing / 1.2


_glow_tex: pygame.Surface | None = None


def glow_texture(n: int = 192) -> pygame.Surface:
    """A white disc whose alpha falls smoothly from 255 at the centre to 0 at the rim."""
    global _glow_tex
    if _glow_tex is None:
        tex = pygame.Surface((n, n), pygame.SRCALPHA)
        tex.fill((255, 255, 255, 0))
        half = n / 2
        for y in range(n):
            dy = (y + 0.5 - half) / half
            for x in range(n):
                dx = (x + 0.5 - half) / half
                d = math.sqrt(dx * dx + dy * dy)
                if d < 1.0:
                    k = (1.0 - d) ** 2 * (1 + 2 * d)  # smoothstep-like falloff
                    tex.set_at((x, y), (255, 255, 255, round(255 * k)))
        _glow_tex = tex
    return _glow_tex
