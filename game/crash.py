"""Crash reports: an uncaught exception becomes a short text file and one sentence, not a wall of
traceback.

:func:`guard` runs the app (``run_app``) and every command of ``heist-table`` (``game.cli.main``).
When the code under it raises, the report (time, version, platform, the command line and the
traceback) goes to ``user_dir()/crash-reports/crash-<timestamp>.txt`` — the player's own folder,
never the game's (which in a bundle may be read-only or a temporary folder) — one sentence on
stderr says where, and the exit status is :data:`CRASH_EXIT`. ``SystemExit`` (argparse, ``--help``)
passes through untouched; Ctrl+C ends quietly with status 130.

Broken content is not a crash: a :class:`~game.engine.content.ContentError` ends the program with
the ``file:line: field 'x': ...`` line ``heist-table check-data`` prints for it, under one sentence
in the player's language, and the status :data:`CONTENT_EXIT` (no report, no traceback).
"""

from __future__ import annotations

import datetime
import os
import platform
import sys
import traceback
from pathlib import Path
from typing import Any, Callable, TextIO

from game import __version__
from game.engine import resources

CRASH_EXIT = 70          # EX_SOFTWARE: an internal error
CONTENT_EXIT = 65        # EX_DATAERR: the game's content (data/, maps/) has a problem
FOLDER_EXIT = 73         # EX_CANTCREAT: the player's folder (saves, settings) cannot be made
REPORTS_DIR = "crash-reports"


def _now() -> datetime.datetime:
    """The local time, with its offset (a seam for tests)."""
    return datetime.datetime.now().astimezone()


def reports_dir() -> Path:
    return resources.user_dir() / REPORTS_DIR


def report_text(exc: BaseException, when: datetime.datetime | None = None) -> str:
    when = when or _now()
    frozen = "PyInstaller bundle" if getattr(sys, "frozen", False) else "from source"
    lines = [
        "Heist Table crash report",
        f"time:     {when.isoformat(timespec='seconds')}",
        f"version:  heist-table {__version__} ({frozen})",
        f"platform: {platform.platform()}; Python {platform.python_version()} "
        f"({platform.python_implementation()}, {platform.machine() or 'unknown machine'})",
        f"command:  {' '.join(sys.argv) or '(none)'}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
        "",
    ]
    return "\n".join(lines)


def write_report(exc: BaseException) -> Path:
    """Write the report of ``exc`` to a new file in the crash-reports folder; returns its path."""
    when = _now()
    folder = reports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = when.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}.txt"
    n = 1
    while path.exists():   # two crashes in one second keep both reports
        n += 1
        path = folder / f"crash-{stamp}-{n}.txt"
    path.write_text(report_text(exc, when), encoding="utf-8")
    return path


def handle(exc: BaseException, err: TextIO | None = None) -> int:
    """Report ``exc`` (file + one sentence on ``err``); returns the exit status to use."""
    err = err or sys.stderr
    try:
        path = write_report(exc)
    except Exception as write_exc:  # noqa: BLE001 - the report must not hide the crash
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=err)
        print(f"Heist Table stopped because of an internal error ({type(exc).__name__}: {exc}); "
              f"the crash report could not be written ({write_exc}), so the details are above.",
              file=err)
    else:
        print(f"Heist Table stopped because of an internal error ({type(exc).__name__}); "
              f"a crash report was written to {path}.", file=err)
    try:
        err.flush()
    except Exception:  # noqa: BLE001
        pass
    return CRASH_EXIT


def say(key: str, english: str, lang: str | None, **values: Any) -> str:
    """A text of the player's language, or ``english`` when the texts themselves cannot be read."""
    try:
        from game.engine.i18n import translator

        return translator().t(key, lang=lang, **values)
    except Exception:  # noqa: BLE001 - broken texts must not hide the problem being reported
        return english.format(**values)


def report_content(lines: list[str], err: TextIO | None = None, lang: str | None = None,
                   started: bool = False) -> int:
    """Say that the content has problems (``lines``: check-data's lines) and so the game cannot
    start (or, ``started``, had to stop); returns :data:`CONTENT_EXIT`."""
    err = err or sys.stderr
    if started:
        head = say("robust.content_stopped", "Heist Table had to stop: its content has a problem "
                   "(as `heist-table check-data` says it):", lang)
    elif len(lines) == 1:
        head = say("robust.content_broken_one", "Heist Table cannot start: its content has a problem "
                    "(as `heist-table check-data` says it):", lang)
    else:
        head = say("robust.content_broken_many", "Heist Table cannot start: its content has {count} problems "
                    "(as `heist-table check-data` lists them):", lang, count=len(lines))
    tail = say("robust.content_fix", "Correct the file(s) named above, or reinstall the game.", lang)
    print("\n".join([head, *(f"  {line}" for line in lines), tail]), file=err)
    try:
        err.flush()
    except Exception:  # noqa: BLE001
        pass
    return CONTENT_EXIT


def guard(func: Callable[..., Any], *args: Any, **kwargs: Any) -> int:
    """Call ``func``; its return value is the exit status, or :data:`CRASH_EXIT` after a crash
    (:data:`CONTENT_EXIT` when the content is broken)."""
    from game.engine.content import ContentError

    try:
        return int(func(*args, **kwargs) or 0)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader of our output went away (`heist-table simulate ... | head`): not a crash.
        # Python's own advice: point stdout at devnull so the flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except ContentError as exc:
        from game.engine.checkdata import format_problem

        return report_content([format_problem(exc, resources.content_root())], started=True)
    except Exception as exc:  # noqa: BLE001 - this is the last line of defence
        return handle(exc)
