"""`heist-table bench-session`: a long bot-driven Lupin session on screen, headless: memory at the
start, after the warm-up and at the end, and the idle loop's CPU (a benchmark command, never a timed
test; the measures are game/ui/bench.py's). Registered by Lupin's commands (game/lupin/cli.py)."""

from __future__ import annotations

import argparse
import time
from typing import Any

from game.ui.bench import idle_cpu, rss_mb

SESSION_GAMES = (("rosso-rubino", 2), ("gran-colpo", 3), ("cagliostro", 4), ("stonehenge", 5))


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bench-session", help="a long bot-driven Lupin session on screen, headless: memory and idle CPU",
        description=(
            "Plays Lupin games through the play screen, headless: every seat's moves are chosen by a bot "
            "and sent as the screen sends a person's (curtains lifted by a click, dice, tiles turning "
            "over, the shop), with frames drawn and the mouse sweeping the board between moves. Reports "
            "the process's resident memory at the start, after the warm-up (three games of each episode: "
            "caches fill) and at the end, with the growth after warm-up, the canvas caches' sizes, then the CPU "
            "the real loop uses while the title and a board sit idle (dummy video driver: no window's copy cost)."),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=8, help="games to play (default 8)")
    p.add_argument("--episode", default="rosso-rubino",
                   help="the episode of every game (default rosso-rubino; the warm-up is its first three games), or "
                        "'all' to cycle through the four with 2 to 5 players (the warm-up then lasts until each "
                        "has been played three times)")
    p.add_argument("--players", type=int, default=2, help="players of every game of one episode (default 2)")
    p.add_argument("--size", default="1600x900", metavar="WxH", help="window size (default 1600x900)")
    p.add_argument("--frames", type=int, default=6, help="frames drawn between two moves (default 6)")
    p.add_argument("--idle", type=float, default=5.0, help="seconds of idle loop measured per screen (0: skip)")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=_run_session)


WARM_GAMES = 3


def play_session_game(app: Any, episode: str, players: int, seed: int, frames: int, max_moves: int = 5000,
                      on_move: Any = None) -> int:
    """One Lupin game through the play screen, every seat's moves chosen by a bot; returns the
    number of moves (``on_move(n)`` is called after each)."""
    import pygame

    from game.engine.replay import Match
    from game.lupin.ai import HeuristicBot
    from game.lupin.ui.play_scene import LupinPlayScene
    from game.ui import widgets
    from game.ui.scenes.curtain import CurtainScene
    from game.ui.scenes.game_menu import ConfirmScene

    match = Match("lupin", {"episode": episode, "players": players}, seed)
    scene = LupinPlayScene(match, autosave=False)
    app.stack.push(scene)
    bots: dict[str, Any] = {}
    w, h = app.canvas.size
    moves = 0
    tick = 0

    def frame(dt: float = 1 / 30) -> None:
        nonlocal tick
        tick += 1
        x, y = (tick * 97) % w, (tick * 61) % h
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)))
        app.update(dt)
        app.draw()

    def click_centre() -> None:
        widgets.CLOCK.advance(widgets.CLICK_GUARD + 0.01)
        centre = app.canvas.point_px((800, 450))
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.process(pygame.event.Event(kind, pos=centre, button=1))

    while moves < max_moves and scene.stack is not None and not scene.over:
        top = app.stack.top
        if isinstance(top, CurtainScene):          # the curtain, or a tile turning over
            for _ in range(frames):
                frame(0.15)
            click_centre()
            if app.stack.top is top:               # a tile that was still turning: the next click closes
                frame(1.0)
                click_centre()
            continue
        if isinstance(top, ConfirmScene):          # 'Leave the map?', 'The police will see him': yes
            top.confirm()
            continue
        if top is not scene:                       # the radio's talk, the pause: back to the board
            for name in ("finish", "resume_play", "close"):
                if hasattr(top, name):
                    getattr(top, name)()
                    break
            continue
        if not scene.revealed or not scene.choices:
            frame()
            continue
        seat = scene.seat
        bot = bots.setdefault(seat, HeuristicBot(seed * 31 + len(bots)))
        state = match.state
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        choice = next((c for c in scene.choices if c.action == action), None)
        if choice is None:                          # the clock's time-out actions are the screen's own
            frame(0.5)
            continue
        scene.play(choice)
        moves += 1
        if on_move is not None:
            on_move(moves)
        for _ in range(frames):
            frame()
    from game.ui.scenes.title import back_to_title

    back_to_title(app.stack)
    frame()
    return moves


def _run_session(args: argparse.Namespace) -> int:
    from game.cli import parse_size
    from game.ui.screenshot import use_dummy_video

    use_dummy_video()
    import pygame

    from game.engine.settings import Settings
    from game.ui import canvas as canvas_mod
    from game.ui.app import App
    from game.ui.registry import build_scenes

    pygame.display.init()
    pygame.font.init()
    size = parse_size(args.size)
    app = App(Settings(language="en"), surface=pygame.Surface(size), lang="en", persist=False)
    for scene in build_scenes("title", app):
        app.stack.push(scene)
    app.update(1 / 60)
    app.draw()
    print(f"Lupin session benchmark — {args.games} games at {size[0]}x{size[1]}, headless, bots on every seat, "
          f"{args.frames} frames between moves")
    start = rss_mb()
    print(f"{'':<30}{'moves':>7}{'RSS MB':>9}{'peak':>8}{'seconds':>9}")
    print(f"{'start (title drawn)':<30}{'':>7}{start:>9.1f}")
    peak = [0.0]

    def sample(n: int) -> None:
        if n % 20 == 0:
            peak[0] = max(peak[0], rss_mb())
    warm = None
    t0 = time.perf_counter()
    if args.episode == "all":
        schedule = [SESSION_GAMES[i % len(SESSION_GAMES)] for i in range(args.games)]
    else:
        schedule = [(args.episode, args.players)] * args.games
    # warm-up: every episode's board, art and geometry loaded, and the canvas caches filled to their
    # bounds, which takes about three games of an episode (measured: RSS flat from game 3 on)
    warm_after = max(1, min(WARM_GAMES * len({e for e, _ in schedule}), args.games - 1))
    for i, (episode, players) in enumerate(schedule):
        peak[0] = 0.0
        moves = play_session_game(app, episode, players, args.seed + i, args.frames, on_move=sample)
        now = rss_mb()
        if i + 1 == warm_after:
            warm = now
        print(f"{f'game {i + 1}: {episode}, {players} pl.':<30}{moves:>7}{now:>9.1f}{max(peak[0], now):>8.1f}"
              f"{time.perf_counter() - t0:>9.1f}", flush=True)
    end = rss_mb()
    growth = 100 * (end - warm) / warm if warm else 0.0
    c = app.canvas
    assert c is not None  # the session drew frames on it
    print(f"end: {end:.1f} MB; after warm-up (game {warm_after}, {warm:.1f} MB) {growth:+.1f} %  "
          f"({'flat' if growth < 10 else 'GROWING'}: the bound is 10 %)")
    print(f"caches: {len(c._text_cache)} texts, {len(c._shape_cache)} shapes/sprites, {len(c._layers)} layers, "
          f"{len(canvas_mod.font_cache_keys())} fonts")
    if args.idle > 0:
        from game.ui.registry import build_scenes as scenes_of

        for name in ("title", "lupin-play"):
            pct = idle_cpu(lambda a, n=name: scenes_of(n, a), args.idle)
            print(f"idle CPU, {name}: {pct:.1f} % of a core over {args.idle:.0f} s (real loop, dummy video)")
    return 0
