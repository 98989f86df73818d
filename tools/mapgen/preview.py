"""Render a built Tiled board to a PNG, headless, to check it at a glance.

    python3 -m tools.mapgen.preview maps/rosso-rubino.tmx --out /tmp/rosso.png

Draws every tile layer (as ``pytmx.load_pygame`` loads it, in the map's order), the ``places``
rectangles outlined with their kind's initials (a legend at the bottom explains them), the
``labels`` texts, a "D" on every door and an "A" on every roof access (they lie under the
roofs), and rulers with the rulebook's coordinates: columns 1–25 across, rows A–T down.
Nothing here is read by the game; it is a tool for whoever draws the boards.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# kind -> (initials, colour). Initials are drawn in the rectangle's top-left square.
KINDS: dict[str, tuple[str, tuple[int, int, int]]] = {
    "start": ("S", (220, 30, 30)),
    "escape": ("E", (220, 30, 30)),
    "bus_stop": ("B", (255, 150, 0)),
    "police_parking": ("PP", (20, 60, 220)),
    "reinforcement": ("R", (20, 60, 220)),
    "police_zone": ("PZ", (90, 120, 255)),
    "helipad": ("H", (0, 170, 170)),
    "dock": ("Dk", (0, 110, 200)),
    "treasure_site": ("T", (230, 190, 0)),
    "vault": ("V", (230, 190, 0)),
    "handwheel": ("HW", (160, 0, 200)),
    "discovery": ("?", (160, 0, 200)),
    "trapdoor": ("Td", (120, 70, 20)),
    "temple": ("Tm", (120, 70, 20)),
    "arrow": ("Ar", (120, 70, 20)),
    "underpass": ("U", (120, 70, 20)),
    "zenigata_return": ("Z", (20, 60, 220)),
    "building": ("", (30, 30, 30)),
}
UNKNOWN = ("?", (255, 0, 255))


def _kind(obj) -> str:
    return obj.__dict__.get("class") or obj.__dict__.get("type") or ""


def _initials(obj, kind: str) -> str:
    base = KINDS.get(kind, UNKNOWN)[0]
    props = getattr(obj, "properties", {}) or {}
    if kind == "bus_stop" and "round" in props:
        return f"B{props['round']}"
    if kind == "vault":
        digits = re.findall(r"\d+", obj.name or "")
        return "V" + (digits[-1] if digits else "")
    if kind == "start" and props.get("side"):
        return "S" + str(props["side"])[0]
    if kind == "building":
        mark = f"h{props.get('height', '?')}"
        if props.get("treasure"):
            mark += "$"
        if props.get("police"):
            mark += "P"
        return mark
    return base


def _label_texts(path: Path) -> dict[int, str]:
    """Object id -> text of Tiled text objects (pytmx does not read <text>)."""
    out: dict[int, str] = {}
    root = ET.parse(path).getroot()
    for obj in root.iter("object"):
        text = obj.find("text")
        if text is not None and obj.get("id", "").isdigit():
            out[int(obj.get("id"))] = (text.text or "").strip()
    return out


def render(tmx_path: Path, out: Path, tile: int = 40, roofs_alpha: float = 0.8,
           show_places: bool = True, show_labels: bool = True, show_marks: bool = True) -> Path:
    import pygame
    import pytmx

    pygame.init()
    pygame.display.set_mode((1, 1))
    tmx = pytmx.load_pygame(str(tmx_path), allow_duplicate_names=True)
    cols, rows = tmx.width, tmx.height
    margin = max(24, tile * 3 // 4)
    font = pygame.font.SysFont("dejavusans,freesans,arial", max(10, tile // 3), bold=True)
    small = pygame.font.SysFont("dejavusans,freesans,arial", max(9, tile // 4))
    ruler = pygame.font.SysFont("dejavusans,freesans,arial", max(11, tile // 2 - 2), bold=True)

    legend_kinds = []
    place_group = label_group = None
    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledObjectGroup):
            if layer.name == "places":
                place_group = layer
            elif layer.name == "labels":
                label_group = layer
    if place_group is not None:
        for obj in place_group:
            k = _kind(obj)
            if k not in legend_kinds:
                legend_kinds.append(k)
    legend_h = (tile // 2 + 6) * ((len(legend_kinds) + 4) // 5 + 1) if show_places else 0

    width = cols * tile + 2 * margin
    height = rows * tile + 2 * margin + legend_h
    surf = pygame.Surface((width, height))
    surf.fill((245, 240, 225))
    board = pygame.Surface((cols * tile, rows * tile), pygame.SRCALPHA)
    board.fill((200, 200, 200, 255))

    # -- tile layers, bottom first, as the map lists them
    scaled: dict[int, pygame.Surface] = {}
    for layer in tmx.layers:
        if not isinstance(layer, pytmx.TiledTileLayer) or not layer.visible:
            continue
        alpha = float(getattr(layer, "opacity", 1) or 1)
        if layer.name == "roofs":
            alpha *= roofs_alpha
        sheet = pygame.Surface((cols * tile, rows * tile), pygame.SRCALPHA)
        for x, y, image in layer.tiles():
            key = id(image)
            if key not in scaled:
                scaled[key] = pygame.transform.smoothscale(image.convert_alpha(), (tile, tile))
            sheet.blit(scaled[key], (x * tile, y * tile))
        if alpha < 1:
            sheet.set_alpha(int(255 * alpha))
        board.blit(sheet, (0, 0))

    # -- a faint grid
    for c in range(cols + 1):
        pygame.draw.line(board, (0, 0, 0, 50), (c * tile, 0), (c * tile, rows * tile))
    for r in range(rows + 1):
        pygame.draw.line(board, (0, 0, 0, 50), (0, r * tile), (cols * tile, r * tile))

    # -- places
    tw, th = tmx.tilewidth, tmx.tileheight

    def rect_of(obj) -> pygame.Rect:
        if obj.width <= 0.01 and obj.height <= 0.01:
            c0, r0 = int(obj.x // tw), int(obj.y // th)
            return pygame.Rect(c0 * tile, r0 * tile, tile, tile)
        c0 = int((obj.x + 0.01) // tw)
        r0 = int((obj.y + 0.01) // th)
        c1 = -int(-(obj.x + obj.width - 0.01) // tw)
        r1 = -int(-(obj.y + obj.height - 0.01) // th)
        return pygame.Rect(c0 * tile, r0 * tile, (c1 - c0) * tile, (r1 - r0) * tile)

    def tag(text: str, pos: tuple[int, int], colour, f=font) -> None:
        img = f.render(text, True, (255, 255, 255))
        box = img.get_rect(topleft=pos).inflate(4, 2)
        pygame.draw.rect(board, colour, box, border_radius=3)
        board.blit(img, (box.x + 2, box.y + 1))

    if show_places and place_group is not None:
        objs = list(place_group)
        order = {"police_zone": 0, "building": 1}
        objs.sort(key=lambda o: order.get(_kind(o), 2))
        for obj in objs:
            k = _kind(obj)
            _, colour = KINDS.get(k, UNKNOWN)
            rect = rect_of(obj)
            if k == "police_zone":
                _dashed(board, colour, rect.inflate(-4, -4), 2, tile // 4)
                tag("PZ", (rect.x + 4, rect.bottom - tile // 2 - 2), colour, small)
                continue
            if k == "building":
                pygame.draw.rect(board, colour, rect, 2)
                img = small.render(_initials(obj, k), True, (255, 255, 255))
                tag(_initials(obj, k), (rect.right - img.get_width() - 6, rect.y + 3), (60, 60, 60), small)
                continue
            pygame.draw.rect(board, colour, rect.inflate(-2, -2), 3)
            tag(_initials(obj, k), (rect.x + 3, rect.y + 3), colour)

    # -- labels: text objects, or named points/rectangles
    if show_labels and label_group is not None:
        texts = _label_texts(tmx_path)
        for obj in label_group:
            text = texts.get(obj.id) or (obj.properties or {}).get("text") or obj.name or ""
            if not text:
                continue
            rect = rect_of(obj)
            img = small.render(text, True, (20, 20, 20))
            box = img.get_rect(midtop=(rect.centerx, rect.y + tile // 2)).inflate(6, 2)
            box.clamp_ip(board.get_rect())
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            plate.fill((255, 255, 240, 200))
            board.blit(plate, box.topleft)
            board.blit(img, (box.x + 3, box.y + 1))

    # -- doors and roof accesses lie under the roofs: mark them so they can be checked
    if show_marks:
        ground = next((l for l in tmx.layers
                       if isinstance(l, pytmx.TiledTileLayer) and l.name == "ground"), None)
        marks = {"door": ("D", (15, 15, 15)), "roof_access": ("A", (120, 40, 140))}
        for x, y, gid in (ground.iter_data() if ground is not None else ()):
            props = tmx.get_tile_properties_by_gid(gid) if gid else None
            mark = marks.get((props or {}).get("terrain"))
            if mark:
                img = small.render(mark[0], True, (255, 255, 255))
                box = img.get_rect(bottomleft=(x * tile + 3, (y + 1) * tile - 3)).inflate(4, 0)
                pygame.draw.rect(board, mark[1], box)
                pygame.draw.rect(board, (255, 255, 255), box, 1)
                board.blit(img, (box.x + 2, box.y))

    surf.blit(board, (margin, margin))

    # -- rulers: 1..cols across (top and bottom), A.. down (left and right)
    ink = (40, 40, 40)
    for c in range(cols):
        img = ruler.render(str(c + 1), True, ink)
        x = margin + c * tile + tile // 2
        surf.blit(img, img.get_rect(center=(x, margin // 2)))
        surf.blit(img, img.get_rect(center=(x, margin + rows * tile + margin // 2)))
    for r in range(rows):
        img = ruler.render(ROW_LETTERS[r], True, ink)
        y = margin + r * tile + tile // 2
        surf.blit(img, img.get_rect(center=(margin // 2, y)))
        surf.blit(img, img.get_rect(center=(margin + cols * tile + margin // 2, y)))

    # -- legend
    if show_places and legend_kinds:
        y = margin * 2 + rows * tile
        x = margin
        title = small.render(f"{tmx_path.name}: places (kind initials)", True, ink)
        surf.blit(title, (x, y))
        y += title.get_height() + 4
        step = (width - 2 * margin) // 5
        for i, k in enumerate(legend_kinds):
            initials, colour = KINDS.get(k, UNKNOWN)
            if k == "building":
                initials = "h#"
                text = "building (floors, $ treasure, P police)"
            elif k == "bus_stop":
                initials, text = "B#", "bus stop of round #"
            elif k == "vault":
                initials, text = "V#", "vault #"
            elif k == "start":
                initials, text = "S", "start/escape (Sg: gang)"
            else:
                text = k.replace("_", " ")
            px, py = x + (i % 5) * step, y + (i // 5) * (tile // 2 + 6)
            img = small.render(initials, True, (255, 255, 255))
            box = img.get_rect(topleft=(px, py)).inflate(6, 2)
            pygame.draw.rect(surf, colour, box, border_radius=3)
            surf.blit(img, (box.x + 3, box.y + 1))
            surf.blit(small.render(text, True, ink), (box.right + 4, py))

    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))
    return out


def _dashed(surface, colour, rect, width: int, dash: int) -> None:
    import pygame

    for (x0, y0), (x1, y1) in ((rect.topleft, rect.topright), (rect.topright, rect.bottomright),
                               (rect.bottomright, rect.bottomleft), (rect.bottomleft, rect.topleft)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for s in range(0, length, dash * 2):
            e = min(s + dash, length)
            fx, fy = (x1 - x0) / length if length else 0, (y1 - y0) / length if length else 0
            pygame.draw.line(surface, colour, (x0 + fx * s, y0 + fy * s), (x0 + fx * e, y0 + fy * e), width)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.mapgen.preview",
                                 description="Render a Tiled board (.tmx) to a PNG with coordinate rulers.")
    ap.add_argument("tmx", type=Path, help="the map, e.g. maps/rosso-rubino.tmx")
    ap.add_argument("--out", type=Path, help="the PNG to write (default: /tmp/<map>.png)")
    ap.add_argument("--tile", type=int, default=40, help="pixels per square in the PNG (default 40)")
    ap.add_argument("--roofs-alpha", type=float, default=0.8,
                    help="opacity of the roofs layer, 0..1, to see doors beneath (default 0.8)")
    ap.add_argument("--no-places", action="store_true", help="leave out the place outlines")
    ap.add_argument("--no-labels", action="store_true", help="leave out the labels")
    ap.add_argument("--no-marks", action="store_true",
                    help="leave out the D (door) and A (roof access) marks")
    args = ap.parse_args(argv)
    if not args.tmx.is_file():
        print(f"{args.tmx}: no such map", file=sys.stderr)
        return 2
    out = args.out or Path("/tmp") / (args.tmx.stem + ".png")
    render(args.tmx, out, tile=max(8, args.tile), roofs_alpha=min(1.0, max(0.0, args.roofs_alpha)),
           show_places=not args.no_places, show_labels=not args.no_labels,
           show_marks=not args.no_marks)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
