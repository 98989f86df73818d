"""Draw Heist Table's application icon: packaging/heist-table.png (256x256) and heist-table.ico.

Both files are committed; run this only to change the icon::

    .venv/bin/python packaging/make_icon.py

The design is the window icon's (game/ui/app.py ``_window_icon``) made larger: a navy tile with a
gold border and "HT" in the display font, plus a faint blueprint grid and a ruby under the letters.
It is drawn four times too big and scaled down, for smooth edges. The .ico holds PNG images at
16-256 pixels (the format Windows has read since Vista), written by hand: no Pillow needed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui import theme  # noqa: E402
from game.ui.canvas import font_path  # noqa: E402

SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
PNG_OUT = HERE / "heist-table.png"
ICO_OUT = HERE / "heist-table.ico"


def draw(size: int = SIZE) -> pygame.Surface:
    k = 4                       # supersampling
    n = size * k
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    radius = int(n * 0.19)
    tile = pygame.Rect(0, 0, n, n).inflate(-int(n * 0.03), -int(n * 0.03))

    # the tile: a vertical gradient from NAVY_LIGHT to NIGHT, cut to a rounded square
    body = pygame.Surface(tile.size, pygame.SRCALPHA)
    top, bottom = theme.NAVY_LIGHT, theme.NIGHT
    for y in range(tile.height):
        t = y / max(1, tile.height - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(top, bottom)]
        pygame.draw.line(body, colour, (0, y), (tile.width, y))
    # a faint blueprint grid
    step = tile.width // 8
    grid = (*theme.CYAN_DIM, 90)
    for i in range(1, 8):
        pygame.draw.line(body, grid, (i * step, 0), (i * step, tile.height), max(1, k))
        pygame.draw.line(body, grid, (0, i * step), (tile.width, i * step), max(1, k))
    mask = pygame.Surface(tile.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(body, tile.topleft)

    # gold border, a thin inner line
    pygame.draw.rect(big, theme.GOLD, tile, width=int(n * 0.035), border_radius=radius)
    inner = tile.inflate(-int(n * 0.11), -int(n * 0.11))
    pygame.draw.rect(big, (*theme.GOLD_DARK, 255), inner, width=max(1, int(n * 0.008)),
                     border_radius=int(radius * 0.7))

    # "HT" in the display face
    pygame.font.init()
    font = pygame.font.Font(str(font_path(theme.DISPLAY)), int(n * 0.56))
    shadow = font.render("HT", True, theme.NIGHT)
    text = font.render("HT", True, theme.GOLD_LIGHT)
    centre = (n // 2, int(n * 0.46))
    rect = text.get_rect(center=centre)
    big.blit(shadow, rect.move(int(n * 0.012), int(n * 0.016)))
    big.blit(text, rect)

    # a ruby under the letters: a diamond with a lighter facet
    cx, cy, w, h = n // 2, int(n * 0.80), int(n * 0.11), int(n * 0.085)
    pygame.draw.line(big, theme.GOLD_DARK, (int(n * 0.22), cy), (int(n * 0.78), cy), max(1, int(n * 0.012)))
    gem = [(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)]
    pygame.draw.polygon(big, theme.RED, gem)
    pygame.draw.polygon(big, theme.RED_DARK, [(cx, cy), (cx + w, cy), (cx, cy + h)])
    pygame.draw.polygon(big, (255, 150, 150), [(cx - w // 2, cy - h // 2), (cx, cy - h), (cx, cy)])
    pygame.draw.polygon(big, theme.GOLD, gem, max(1, int(n * 0.008)))

    return pygame.transform.smoothscale(big, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An .ico file holding PNG images: ``images`` is [(size, png data)]."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        side = 0 if size >= 256 else size          # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def main() -> int:
    icon = draw(SIZE)
    PNG_OUT.write_bytes(png_bytes(icon))
    images = [(s, png_bytes(icon if s == SIZE else draw(s) if s >= 64 else
                            pygame.transform.smoothscale(icon, (s, s)))) for s in ICO_SIZES]
    ICO_OUT.write_bytes(ico_bytes(images))
    print(f"{PNG_OUT.relative_to(ROOT)} ({SIZE}x{SIZE}), {ICO_OUT.relative_to(ROOT)} "
          f"({', '.join(str(s) for s in ICO_SIZES)} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
