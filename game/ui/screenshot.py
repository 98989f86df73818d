"""``heist-table screenshot SCENE --out FILE.png``: render one scene headless to a PNG.

No window opens: SDL's dummy video driver is selected before pygame starts, and the scene is
drawn through the same :class:`~game.ui.canvas.Canvas` as in the game, onto an off-screen surface
of the requested size. Scenes come from :mod:`game.ui.registry` (``--list`` shows them); a scene
gets a couple of updates first so its entrance animations settle. User settings are neither read
nor written, so the picture is the same on every machine.

pygame is imported inside the functions, so ``heist-table --help`` stays light.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

DEFAULT_SIZE = (1600, 900)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "screenshot",
        help="render a scene to a PNG without opening a window",
        description="Render one scene headless (SDL dummy video driver) to a PNG file.",
        epilog="examples: heist-table screenshot title --out title.png --lang it --size 1280x720\n"
               "          heist-table screenshot --list",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scene", nargs="?", metavar="SCENE", help="the scene's name (see --list)")
    p.add_argument("--out", metavar="FILE.png", help="where to write the PNG")
    p.add_argument("--lang", dest="shot_lang", choices=("it", "en"), help="language of the texts (default en)")
    p.add_argument("--size", dest="shot_size", metavar="WxH",
                   help=f"picture size in pixels (default {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]})")
    p.add_argument("--list", action="store_true", help="list the scenes that can be rendered")
    p.set_defaults(func=run)


def use_dummy_video() -> None:
    """Select SDL's headless drivers (only matters before pygame's display starts)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    if not pygame.display.get_init():
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def render_scene(name: str, size: tuple[int, int] = DEFAULT_SIZE, lang: str = "en", *,
                 updates: int = 2, dt: float = 0.5, **options: Any):
    """Draw the scene ``name`` on a new surface of ``size`` and return the surface."""
    use_dummy_video()
    import pygame

    from game.engine.settings import Settings
    from game.ui.app import App
    from game.ui.registry import build_scenes

    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    app = App(Settings(language=lang), surface=surface, lang=lang, persist=False)
    for scene in build_scenes(name, app, **options):
        app.stack.push(scene)
    for _ in range(updates):
        app.update(dt)
    app.draw()
    return surface


def run(args: argparse.Namespace) -> int:
    from game.ui.registry import scene_names

    if args.list:
        for name in scene_names():
            print(name)
        return 0
    if not args.scene:
        print("heist-table screenshot: name a scene (see --list)", file=sys.stderr)
        return 2
    if not args.out:
        print("heist-table screenshot: --out FILE.png is required", file=sys.stderr)
        return 2
    if args.scene not in scene_names():
        print(f"heist-table screenshot: no scene named {args.scene!r}; known: {', '.join(scene_names())}",
              file=sys.stderr)
        return 2
    from game.cli import parse_size

    size = parse_size(args.shot_size) if args.shot_size else DEFAULT_SIZE
    lang = args.shot_lang or getattr(args, "lang", None) or "en"
    surface = render_scene(args.scene, size, lang)
    import pygame

    out = Path(args.out)
    if out.parent and not out.parent.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    print(f"{out} ({size[0]}x{size[1]}, {lang})")
    return 0
