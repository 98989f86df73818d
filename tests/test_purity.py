"""The rules stay pure: nothing under game/engine, game/*/rules or game/*/ai* imports pygame.

Three checks, from cheap to thorough:

1. the source of every such module is scanned (``ast``) for ``import pygame`` / ``from pygame ...``
   and ``importlib.import_module("pygame...")`` / ``__import__("pygame...")``;
2. every such module is imported in a fresh interpreter where ``import pygame`` fails
   (``sys.modules['pygame'] = None``), so an indirect import shows up as an ImportError;
3. every such module is imported in a fresh interpreter with pygame available, and a board is
   loaded, and pygame must still not be in ``sys.modules`` (a dependency such as pytmx would
   otherwise pull it in silently).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GAME = REPO / "game"


def pure_files() -> list[Path]:
    files: set[Path] = set(GAME.glob("engine/**/*.py"))
    files |= set(GAME.glob("*/rules/**/*.py"))
    files |= set(GAME.glob("*/ai*.py"))
    files |= set(GAME.glob("*/ai*/**/*.py"))
    return sorted(f for f in files if "__pycache__" not in f.parts)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_pygame(name: str | None) -> bool:
    return bool(name) and (name == "pygame" or name.startswith("pygame."))


def pygame_imports(path: Path) -> list[str]:
    """``file:line`` of every pygame import in the file's source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        hit = False
        if isinstance(node, ast.Import):
            hit = any(_is_pygame(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            hit = node.level == 0 and _is_pygame(node.module)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            hit = name in ("import_module", "__import__") and _is_pygame(str(node.args[0].value))
        if hit:
            found.append(f"{path.relative_to(REPO)}:{node.lineno}")
    return found


def test_there_are_pure_modules_to_check():
    names = [module_name(p) for p in pure_files()]
    assert "game.engine.board" in names and "game.engine.tiled" in names


def test_no_pure_module_imports_pygame_in_its_source():
    offenders = [hit for path in pure_files() for hit in pygame_imports(path)]
    assert offenders == [], "pygame imported by rules/engine code: " + ", ".join(offenders)


def _run(code: str) -> dict:
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_every_pure_module_imports_with_pygame_blocked():
    names = [module_name(p) for p in pure_files()]
    code = textwrap.dedent(f"""
        import importlib, json, sys, traceback
        sys.modules['pygame'] = None          # any `import pygame` now raises ImportError
        failed = {{}}
        for name in {names!r}:
            try:
                importlib.import_module(name)
            except BaseException as exc:
                failed[name] = f"{{type(exc).__name__}}: {{exc}}"
        print(json.dumps(failed))
    """)
    failed = _run(code)
    assert failed == {}, "modules that need pygame (or fail to import): " + json.dumps(failed, indent=1)


def test_pure_modules_and_board_loading_leave_pygame_unloaded():
    names = [module_name(p) for p in pure_files()]
    board = REPO / "tests" / "fixtures" / "maps" / "buildings.tmx"
    code = textwrap.dedent(f"""
        import importlib, json, sys
        culprits = []
        for name in {names!r}:
            importlib.import_module(name)
            if 'pygame' in sys.modules and not culprits:
                culprits.append(name)
        from game.lupin.rules.board_contract import load_board
        load_board({str(board)!r})
        if 'pygame' in sys.modules and not culprits:
            culprits.append('game.lupin.rules.board_contract.load_board')
        print(json.dumps(culprits))
    """)
    culprits = _run(code)
    assert culprits == [], f"importing {culprits[0]} loaded pygame (directly or through a dependency)"
