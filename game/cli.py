"""The `heist-table` command: with no sub-command it opens the game window.

Sub-commands live in their own modules, each with a ``register(subparsers)`` function that adds
its parser and sets ``func`` (called with the parsed arguments, returning the exit code). Modules
that need pygame import it inside their ``func``, so ``--help`` and the pure commands stay light.
``--selftest`` checks the installation (:mod:`game.selftest`); an uncaught exception anywhere
becomes a crash report in the player's folder (:mod:`game.crash`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from game import __version__

# Each module adds one or more sub-commands: the shared ones, then each title's own (its spec's
# ``cli``, e.g. a title's board queries, from the one list of titles), then these.
COMMAND_MODULES = (
    "game.engine.checkdata",   # check-data
    "game.ui.screenshot",      # screenshot
    "game.ui.bench",           # bench-ui
)
LATE_COMMAND_MODULES = (
    "game.simulate",           # simulate TITLE ...
    "game.play_cli",           # play TITLE ...
)


def command_modules() -> tuple[str, ...]:
    """Every module that adds sub-commands, in the order of ``--help``."""
    from game.engine.titles import command_modules as title_commands

    return (*COMMAND_MODULES, *title_commands(), *LATE_COMMAND_MODULES)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="heist-table",
        description="Heist Table: published heist board games on one screen, rules enforced. "
                    "With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"heist-table {__version__}")
    parser.add_argument("--lang", choices=("it", "en"), help="language for this run (default: the saved setting)")
    parser.add_argument("--size", metavar="WxH", help="window size for this run, e.g. 1280x720")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--selftest", action="store_true",
                        help="check this copy of the game (content, every screen, one game per title) and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in command_modules():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # that part of the game is not built yet
            raise
        module.register(sub)
    return parser


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        size = (int(w), int(h))
    except ValueError:
        raise SystemExit(f"heist-table: the size must look like 1600x900, not {text!r}") from None
    if not all(200 <= v <= 8192 for v in size):
        raise SystemExit(f"heist-table: the size {text} is out of range (200 to 8192 pixels a side)")
    return size


#: The commands that open the game window (None: no command), and so begin with prepare_start().
WINDOW_COMMANDS = (None, "play")


def prepare_start(lang: str | None = None) -> int:
    """Before the window opens: delete the temporary files a write killed half-way left in the
    player's folder and its saves (never a save), then check the content as ``check-data`` does
    (remembered while it stays unchanged). Returns 0 to go on, :data:`game.crash.CONTENT_EXIT`
    after printing check-data's lines under one sentence, or :data:`game.crash.FOLDER_EXIT` when the
    player's folder cannot be made (one sentence)."""
    from game.engine import resources, storage
    from game.engine.checkdata import startup_problems

    try:
        resources.user_dir()
    except OSError as exc:   # settings, saves and crash reports all live there
        from game.crash import FOLDER_EXIT, say

        where = exc.filename or os.environ.get("HEIST_TABLE_HOME", "")
        print(say("robust.no_user_folder", "Heist Table cannot start: it cannot make its folder for saves and "
                  "settings, {path} ({reason}). Free that path, or set HEIST_TABLE_HOME to a folder it may write.",
                  lang, path=where, reason=exc.strerror or exc), file=sys.stderr)
        return FOLDER_EXIT
    for folder in (resources.user_dir, resources.saves_dir):
        try:
            storage.remove_stray_temp_files(folder())
        except OSError:
            pass   # a folder that cannot be made: the autosave says so when it tries
    lines = startup_problems()
    if not lines:
        return 0
    from game.crash import report_content

    if lang is None:
        from game.engine.settings import Settings

        lang = Settings.load()[0].language
    return report_content(lines, lang=lang)


def main(argv: list[str] | None = None) -> int:
    from game.crash import guard

    return guard(_main, argv)   # an uncaught exception becomes a crash report


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.selftest:
        from game.selftest import run_selftest

        return run_selftest()
    if args.command in WINDOW_COMMANDS:
        status = prepare_start(args.lang or getattr(args, "play_lang", None))
        if status:
            return status
    if args.command is None:
        from game.ui.app import run_app

        return run_app(lang=args.lang, size=parse_size(args.size) if args.size else None,
                       fullscreen=args.fullscreen)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
