"""``heist-table --selftest``: does this copy of the game work? Run it on a fresh install or a
fresh bundle (CI runs it on the PyInstaller bundle it builds).

It checks, printing one line per check (``ok: ...`` or ``FAILED: ...``):

* the content: every YAML file and map, with the same checkers as ``heist-table check-data``;
* the screens: every scene of :mod:`game.ui.registry`, drawn headless (SDL's dummy video driver)
  in Italian and in English;
* the rules: one short seeded game of each playable title, played by random bots through the
  rules (illegal moves tried along the way must be refused), which must end without an error.

The last line sums up; the exit status is 0 when every check passed and 1 otherwise. A check that
crashes is a failed check (its error is named), never a traceback. Nothing is written to the
player's folder. It takes a few seconds.
"""

from __future__ import annotations

import io
import sys
import time
import traceback
from typing import Callable, Iterator, TextIO

LANGUAGES = ("en", "it")
SCENE_SIZE = (1280, 720)


class CheckFailed(Exception):
    """A check that ran and found a problem (the message says which)."""


Check = tuple[str, Callable[[], str | None]]   # (what is checked, run it -> detail for the ok line)


# ----------------------------------------------------------------------------- content

def _content() -> Iterator[Check]:
    def run() -> str:
        from game.engine import resources
        from game.engine.checkdata import run_checks

        root = resources.content_root()
        if not root.is_dir():
            raise CheckFailed(f"the content folder {root} does not exist")
        out = io.StringIO()
        status = run_checks(root, out=out)
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        if status != 0:
            shown = lines[:-1] if status == 1 else lines   # the last line of 1 is the count
            more = f" (and {len(shown) - 5} more)" if len(shown) > 5 else ""
            raise CheckFailed("; ".join(shown[:5]) + more)
        summary = lines[-1].rstrip('.') if lines else 'checked'
        return f"{summary} (in {root})"

    yield "content", run


# ----------------------------------------------------------------------------- scenes

def _scenes() -> Iterator[Check]:
    from game.ui.screenshot import use_dummy_video

    use_dummy_video()   # before anything starts pygame's display
    from game.ui.registry import scene_names

    for name in scene_names():
        for lang in LANGUAGES:
            yield f"scene {name} ({lang})", _scene_check(name, lang)


def _scene_check(name: str, lang: str) -> Callable[[], str]:
    def run() -> str:
        import pygame

        from game.ui.screenshot import render_scene

        surface = render_scene(name, SCENE_SIZE, lang)
        small = pygame.transform.scale(surface, (32, 18))
        colours = {tuple(small.get_at((x, y))) for x in range(32) for y in range(18)}
        if len(colours) < 2:
            raise CheckFailed("it drew nothing (the picture is one flat colour)")
        return f"drawn at {SCENE_SIZE[0]}x{SCENE_SIZE[1]}"
    return run


# ----------------------------------------------------------------------------- rules

def _title_games() -> tuple[tuple[str, str, dict], ...]:
    """(title, label, config): the short games each title of :data:`game.titles.TITLES` declares
    for the self-test (its spec's ``selftest_games``, e.g. one per episode)."""
    from game.engine.titles import selftest_games

    return tuple((title, label, dict(config)) for title, label, config in selftest_games())


#: One short game per episode of each title whose rules can be played by bots: (title, episode, config).
GAMES: tuple[tuple[str, str, dict], ...] = _title_games()
GAME_SEED = 1


def _play(title: str, config: dict, seed: int) -> dict:
    from game.engine import titles

    try:
        spec = titles.title(title)
    except KeyError:
        raise CheckFailed(f"the self-test does not know how to play {title!r}") from None
    if spec.play_game is None:
        raise CheckFailed(f"the self-test does not know how to play {title!r}")
    return titles.load(spec.play_game)(config, seed, "random")


def _games() -> Iterator[Check]:
    for title, episode, config in _title_games():
        yield f"game {title} {episode}", _game_check(title, config)


def _game_check(title: str, config: dict) -> Callable[[], str]:
    def run() -> str:
        result = _play(title, dict(config), GAME_SEED)
        if not result.get("ok"):
            raise CheckFailed(f"seed {GAME_SEED}: {result.get('error', 'the game failed')}")
        if result.get("illegal_rejected") != result.get("illegal_tried"):
            raise CheckFailed(f"seed {GAME_SEED}: an illegal action was accepted")
        winners = ", ".join(result.get("winners") or ()) or "nobody"
        return (f"seed {GAME_SEED}, random bots: {result['rounds']} rounds, {result['actions']} actions, "
                f"{result['illegal_tried']} illegal actions refused, won by {winners}")
    return run


# ----------------------------------------------------------------------------- running

def _checks() -> Iterator[Check]:
    """Every check, in order; a group whose listing itself fails becomes one failed check."""
    for group, make in (("content", _content), ("scenes", _scenes), ("games", _games)):
        try:
            yield from make()
        except Exception as exc:  # noqa: BLE001 - e.g. the scene modules cannot be imported
            def broken(exc: Exception = exc) -> str:
                raise exc
            yield group, broken


def _describe(exc: BaseException) -> str:
    if isinstance(exc, CheckFailed):
        return str(exc)
    where = ""
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        where = f" at {last.filename.rsplit('/', 1)[-1]}:{last.lineno}"
    return f"{type(exc).__name__}: {exc}{where}"


def run_selftest(out: TextIO | None = None) -> int:
    """Run every check, print one line each and a summary; returns the exit status (0 = all ok)."""
    out = out or sys.stdout
    start = time.perf_counter()
    failed: list[str] = []
    total = 0
    for name, check in _checks():
        total += 1
        try:
            detail = check()
        except Exception as exc:  # noqa: BLE001 - a failed check is reported, never raised
            failed.append(name)
            print(f"FAILED: {name}: {_describe(exc)}", file=out, flush=True)
        else:
            print(f"ok: {name}" + (f": {detail}" if detail else ""), file=out, flush=True)
    took = time.perf_counter() - start
    if failed:
        print(f"selftest: {len(failed)} of {total} checks FAILED ({', '.join(failed)}) in {took:.1f} s",
              file=out, flush=True)
        return 1
    print(f"selftest: all {total} checks passed in {took:.1f} s", file=out, flush=True)
    return 0
