"""Static checks, run with the tests so `python3 run_tests.py` (and so CI) includes them.

The linter (ruff) over game/engine and game/ui, and the type checker (mypy) over the folders that
pyproject.toml's [tool.mypy] names, each run as a subprocess with this interpreter and the
project's configuration; any finding fails the test and is printed in full. Both are pinned in the
`test` extra of pyproject.toml, so the .venv that run_tests.py sets up has them.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINTED = ["game/engine", "game/ui", "game/diabolik", "game/robbank/ui", "game/robbank/tutorial.py",
          "game/lupusburg"]


def _run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed in this interpreter ({sys.executable}); "
                    f"it comes with the project's test extra: pip install -e '.[test]'")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=600)


def test_ruff_finds_nothing_in_engine_and_ui():
    done = _run("ruff", "check", "--no-cache", *LINTED)
    assert done.returncode == 0, f"ruff check {' '.join(LINTED)} found problems:\n{done.stdout}{done.stderr}"


def test_mypy_finds_nothing_in_engine_and_ui():
    done = _run("mypy", "--no-incremental", "--cache-dir", os.devnull)
    assert done.returncode == 0, f"mypy found problems:\n{done.stdout}{done.stderr}"
    # pyproject.toml's [tool.mypy] `files` is what points mypy at the folders: a check over nothing would pass.
    checked = re.search(r"no issues found in (\d+) source files", done.stdout)
    assert checked and int(checked[1]) >= 30, f"mypy did not check game/engine and game/ui:\n{done.stdout}"


def test_the_checkers_are_pinned_in_the_test_extra():
    # A new ruff or mypy release brings new findings; pinned, CI fails only when the code changes.
    import tomllib

    extra = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    pins = {d.split("==")[0]: d.split("==")[1] for d in extra["test"] if "==" in d}
    assert {"ruff", "mypy"} <= set(pins), f"ruff and mypy must be pinned (==) in the test extra: {extra['test']}"
