"""`heist-table bench-ui`: how long each scene takes to draw a frame, headless (a benchmark
command, never a timed test); :func:`rss_mb` and :func:`idle_cpu`, the measures a title's session
benchmark reports (`heist-table bench-session`, registered by its title's commands).

Every registered scene is built as for a screenshot, then ``--frames`` frames are run the way the
app loop runs them (handle a mouse move, update, draw), with the pointer sweeping across the
window so hover effects are redrawn. It reports the median and 95th percentile per scene at each
size asked for; the budget of a 60 Hz frame is 16.7 ms.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("bench-ui", help="time each scene's frame, headless (benchmark)",
                              description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", action="append", metavar="WxH",
                   help="window size (repeatable; default 1600x900 and 3840x2160)")
    p.add_argument("--frames", type=int, default=120)
    p.add_argument("--scene", action="append", help="only these scenes (repeatable)")
    p.set_defaults(func=_run)


def bench_scene(name: str, size: tuple[int, int], frames: int) -> tuple[float, float]:
    import pygame

    from game.engine.settings import Settings
    from game.ui.app import App
    from game.ui.registry import build_scenes

    surface = pygame.Surface(size)
    app = App(Settings(language="en"), surface=surface, lang="en", persist=False)
    for scene in build_scenes(name, app):
        app.stack.push(scene)
    w, h = size
    samples = []
    for i in range(frames):
        x = int((i * 37) % w)
        y = int((i * 53) % h)
        t0 = time.perf_counter()
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)))
        app.update(1 / 60)
        app.draw()
        samples.append((time.perf_counter() - t0) * 1000)
    samples = samples[5:] or samples  # the first frames fill the caches
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.95))]


def _run(args: argparse.Namespace) -> int:
    from game.cli import parse_size
    from game.ui.registry import scene_names
    from game.ui.screenshot import use_dummy_video

    use_dummy_video()
    import pygame

    pygame.display.init()
    pygame.font.init()
    sizes = [parse_size(s) for s in (args.size or ["1600x900", "3840x2160"])]
    names = args.scene or scene_names()
    print(f"UI frame benchmark — pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, "
          f"{platform.python_implementation()} {platform.python_version()}, software rendering, "
          f"{args.frames} frames each (ms, median / p95; a 60 Hz frame is 16.7 ms)")
    header = f"{'scene':<16}" + "".join(f"{w}x{h}".rjust(20) for w, h in sizes)
    print(header)
    for name in names:
        cells = []
        for size in sizes:
            med, p95 = bench_scene(name, size, args.frames)
            cells.append(f"{med:.2f} / {p95:.2f}".rjust(20))
        print(f"{name:<16}" + "".join(cells))
    return 0


# ------------------------------------------------------------------------------ bench-session

def rss_mb() -> float:
    """The process's resident memory in MB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def idle_cpu(scenes: Any, seconds: float) -> float:
    """CPU (% of a core) the real loop uses while ``scenes()`` sit on screen untouched."""
    import pygame

    from game.engine.settings import Settings
    from game.ui.app import App

    app = App(Settings(language="en"), persist=False, size=(1600, 900), fullscreen=False)
    app.open_window()
    for scene in scenes(app):
        app.stack.push(scene)
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    cpu, wall = time.process_time(), time.perf_counter()
    app.run()
    return 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)
