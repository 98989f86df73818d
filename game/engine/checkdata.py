"""``heist-table check-data [--root DIR]``: load every content file and report each problem.

Content checkers live beside the content they load and register themselves with
:func:`game.engine.content.register_checker`; this command imports the modules listed in
:data:`CHECKER_MODULES` and every title's ``checkers`` (from the one list of titles,
:data:`game.titles.TITLES`; a module not written yet is skipped), adds its own checkers (every YAML
file parses; every board in ``maps/`` loads under its title's map contract; every tileset is
usable), runs them all and prints one line per problem::

    maps/x.tmx:14: field 'layer ground': square C7 has no tile (every square needs a terrain)

It ends with ``All content is valid: N files checked.`` and exit status 0, or a count of the
problems and status 1. A checker that crashes is a bug in the game, not in the content: it is
reported as one line naming the checker, and the status is 2. No traceback reaches the user.
"""

from __future__ import annotations

import argparse
import importlib
import os
import stat
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from collections.abc import Callable

from game.engine import resources
from game.engine.content import CHECKERS, ContentError, load_yaml, register_checker

if TYPE_CHECKING:
    from game.engine.board import MapContract

#: The shared modules whose import registers content checkers; a title lists its own in its spec
#: (``checkers``). Names that cannot be imported yet (the title is not written) are skipped.
CHECKER_MODULES: tuple[str, ...] = (
    "game.engine.i18n",
    "game.engine.rulebook",
    "game.games_catalog",
)


def checker_modules() -> tuple[str, ...]:
    """The shared checker modules, then every title's."""
    from game.engine.titles import checker_modules as title_checkers

    return (*CHECKER_MODULES, *title_checkers())

YAML_SUFFIXES = (".yaml", ".yml")


# ----------------------------------------------------------------------------- built-in checkers

def yaml_files(root: Path) -> list[Path]:
    data = resources.data_dir(root)
    if not data.is_dir():
        return []
    return sorted(p for p in data.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())


def map_files(root: Path) -> list[Path]:
    folder = resources.maps_dir(root)
    return sorted(folder.glob("*.tmx")) if folder.is_dir() else []


def tileset_files(root: Path) -> list[Path]:
    folder = resources.maps_dir(root) / "tilesets"
    return sorted(folder.glob("*.tsx")) if folder.is_dir() else []


@register_checker("yaml")
def check_yaml(root: Path) -> list[ContentError]:
    """Every YAML file under data/ parses (the typed checks are the titles' own checkers)."""
    problems = []
    for path in yaml_files(root):
        try:
            load_yaml(path)
        except ContentError as exc:
            problems.append(exc)
    return problems


def map_contracts() -> list[tuple[str, MapContract]]:
    """(title, contract) of every title that declares a map contract (``TitleSpec.map_contract``)."""
    from game.engine.board import MapContract
    from game.engine.titles import load, titles

    out = []
    for spec in titles():
        if spec.map_contract:
            contract = load(spec.map_contract)
            if not isinstance(contract, MapContract):
                raise TypeError(f"{spec.name}'s map_contract {spec.map_contract} is a "
                                f"{type(contract).__name__}, not a MapContract")
            out.append((spec.name, contract))
    return out


@register_checker("maps")
def check_maps(root: Path) -> list[ContentError]:
    """Every board in maps/ loads under the contract of the title whose maps it is."""
    from game.engine.tiled import check_board

    folder = resources.maps_dir(root)
    contracts = map_contracts()
    problems: list[ContentError] = []
    for path in map_files(root):
        claimed = [c for _title, c in contracts if any(path in folder.glob(p) for p in c.maps)]
        if not claimed:
            titles = ", ".join(t for t, _c in contracts) or "none"
            problems.append(ContentError(path, None, None, "no title's map contract claims this map "
                                         f"(titles with maps: {titles})"))
        for contract in claimed:
            problems.extend(check_board(path, contract))
    return problems


@register_checker("tilesets")
def check_tilesets(root: Path) -> list[ContentError]:
    """Every tileset in maps/tilesets is well-formed and its image exists (the UI draws it)."""
    problems = []
    for path in tileset_files(root):
        try:
            tree = ET.parse(path)
        except ET.ParseError as exc:
            problems.append(ContentError(path, exc.position[0], None,
                                         f"the file is not well-formed XML ({exc.msg.split(':')[0]})"))
            continue
        image = tree.getroot().find("image")
        if image is None or not image.get("source"):
            problems.append(ContentError(path, None, "image", "the tileset names no image"))
            continue
        if not (path.parent / image.get("source", "")).is_file():
            problems.append(ContentError(path, None, "image",
                                         f"the image {image.get('source')!r} is missing beside the tileset"))
    return problems


# ----------------------------------------------------------------------------- running them

def load_checker_modules(modules: tuple[str, ...] | None = None) -> list[str]:
    """Import the checker modules (all of :func:`checker_modules` by default); returns one line per
    module that failed to import."""
    failures = []
    for name in checker_modules() if modules is None else modules:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
                continue   # not written yet
            failures.append(f"check-data: cannot load the checkers of {name} "
                            f"({type(exc).__name__}: {exc}); this is a bug in Heist Table, not in the content")
        except Exception as exc:  # noqa: BLE001 - reported as one line, never a traceback
            failures.append(f"check-data: cannot load the checkers of {name} "
                            f"({type(exc).__name__}: {exc}); this is a bug in Heist Table, not in the content")
    return failures


def _display(file: str, root: Path) -> str:
    """A problem's file as the user best finds it: relative to the working folder when inside it."""
    path = Path(file)
    try:
        rel = os.path.relpath(path.resolve() if path.is_absolute() else path)
    except ValueError:
        return file
    return rel if not rel.startswith("..") else file


def format_problem(problem: ContentError, root: Path) -> str:
    shown = ContentError(_display(problem.file, root), problem.line, problem.field, problem.message)
    return str(shown)


def count_files(root: Path) -> int:
    return len(yaml_files(root)) + len(map_files(root)) + len(tileset_files(root))


def run_checks(root: Path, out: TextIO | None = None, only: list[str] | None = None,
               checkers: dict[str, Callable[[Path], list[ContentError]]] | None = None) -> int:
    """Run the checkers on the content ``root``, print the report, return the exit status."""
    out = out or sys.stdout
    failures = load_checker_modules()
    table = dict(checkers if checkers is not None else CHECKERS)
    if only:
        unknown = [n for n in only if n not in table]
        if unknown:
            print(f"check-data: no checker named {unknown[0]!r}; checkers: {', '.join(sorted(table))}", file=out)
            return 2
        table = {n: table[n] for n in only}
    problems, failed = collect(root, table)
    failures += failed
    for line in problems:
        print(line, file=out)
    for line in failures:
        print(line, file=out)
    files = count_files(root)
    if failures:
        return 2
    if problems:
        noun = "problem" if len(problems) == 1 else "problems"
        print(f"{len(problems)} {noun} found in {files} files checked.", file=out)
        return 1
    print(f"All content is valid: {files} files checked.", file=out)
    return 0


def collect(root: Path, table: dict[str, Callable[[Path], list[ContentError]]]) -> tuple[list[str], list[str]]:
    """Run the checkers of ``table``: the problems found (one line each, no repeats) and the
    checkers that failed (one line each: a bug in the game)."""
    failures: list[str] = []
    seen: set[str] = set()
    problems: list[str] = []
    for name, checker in table.items():
        try:
            found = checker(root)
        except ContentError as exc:   # a checker that raises instead of returning: still content
            found = [exc]
        except Exception as exc:  # noqa: BLE001 - a bug in a checker: one line, never a traceback
            failures.append(f"check-data: the {name!r} checker failed ({type(exc).__name__}: {exc}); "
                            "this is a bug in Heist Table, not in the content")
            continue
        for problem in found:
            line = format_problem(problem, root)
            if line not in seen:
                seen.add(line)
                problems.append(line)
    return problems, failures


def _command(args: argparse.Namespace) -> int:
    root = Path(args.root) if args.root else resources.content_root()
    if not root.is_dir():
        print(f"check-data: {root} is not a folder", file=sys.stdout)
        return 2
    return run_checks(root, only=args.only or None)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check-data", help="check every content file (YAML data, maps) and report each problem",
        description="Load every content file and print one line per problem "
                    "(file:line: field 'x': what was expected). Exit status: 0 valid, "
                    "1 problems found, 2 a checker failed.")
    parser.add_argument("--root", metavar="DIR",
                        help="content folder holding data/ and maps/ (default: the game's own)")
    parser.add_argument("--only", metavar="CHECKER", action="append",
                        help="run only this checker (repeatable), e.g. --only maps")
    parser.set_defaults(func=_command)


# ----------------------------------------------------------------------------- at start

#: Where a start remembers that the content as it is now was found valid (in the player's folder).
CHECKED_FILE = ("cache", "content-checked.txt")
_checked_here: set[str] = set()    # fingerprints found valid by this process


def content_fingerprint(root: Path) -> str:
    """What the check's result depends on: the game's version, the content files (name, size,
    time) and, in a checkout, the code of the checkers. Any edit gives another fingerprint."""
    import hashlib

    import game
    from game import __version__

    h = hashlib.sha256(f"{__version__}\n{Path(root).resolve()}\n".encode())
    code = Path(game.__file__).resolve().parent
    for folder, pattern in ((resources.data_dir(root), "*"), (resources.maps_dir(root), "*"), (code, "*.py")):
        for path in sorted(folder.rglob(pattern)):
            try:
                st = path.stat()
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            h.update(f"{path}\t{st.st_size}\t{st.st_mtime_ns}\n".encode(errors="surrogateescape"))
    return h.hexdigest()


def startup_problems(root: Path | None = None) -> list[str]:
    """The lines ``check-data`` would print about the content (problems, then checkers that failed;
    none when it is valid), for the game's start. A valid result is remembered under the content's
    fingerprint (in this process and in the player's folder), so only the first start after an
    install or an edit pays for the whole check."""
    root = root or resources.content_root()
    fingerprint = content_fingerprint(root)
    if fingerprint in _checked_here:
        return []
    memo: Path | None = None
    try:
        memo = resources.user_dir().joinpath(*CHECKED_FILE)
        if memo.read_text(encoding="utf-8").strip() == fingerprint:
            _checked_here.add(fingerprint)
            return []
    except (OSError, UnicodeDecodeError):
        pass
    failures = load_checker_modules()
    problems, failed = collect(root, dict(CHECKERS))
    lines = problems + failures + failed
    if not lines:
        _checked_here.add(fingerprint)
        if memo is not None:
            try:
                from game.engine.storage import atomic_write_text

                atomic_write_text(memo, fingerprint + "\n")
            except OSError:
                pass   # the next start checks again; nothing is lost
    return lines
