"""Set-up shared by play.py and run_tests.py: a private virtual environment in .venv.

Only the Python standard library is used here, so a fresh machine with Python 3.11+ needs
nothing else. The environment is (re)installed whenever pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"


def _venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure_env(extras: str = "test") -> Path:
    """Create .venv and install the project (editable) with its extras; return its python."""
    if sys.version_info < (3, 11):
        sys.exit(f"Heist Table needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    py = _venv_python()
    stamp = VENV / ".heist-table-installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    if py.exists() and stamp.exists() and stamp.read_text().strip() == wanted:
        return py
    if not py.exists():
        print("Heist Table: creating a private Python environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    print("Heist Table: installing dependencies (pygame-ce, pytmx, PyYAML, markdown-it-py, pytest, ruff, mypy) ...",
          flush=True)
    target = f"{ROOT}[{extras}]" if extras else str(ROOT)
    subprocess.run(
        [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", target],
        check=True,
    )
    stamp.write_text(wanted)
    return py


def run(args: list[str]) -> int:
    """Run a command with the environment's python, passing the exit code through."""
    py = ensure_env()
    return subprocess.call([str(py), *args], cwd=ROOT)
