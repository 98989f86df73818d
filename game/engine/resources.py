"""Where things are: the content shipped with the game, and the player's own data folder.

One resolver serves a source checkout, an installed package and a PyInstaller bundle alike:
content (``data/``, ``maps/``, ``assets/``) sits beside the ``game`` package in a checkout and
under ``sys._MEIPASS`` in a bundle. Saves, settings and logs never go there: they live in the
user's data folder (``HEIST_TABLE_HOME`` overrides it, which tests use).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "heist-table"


def content_root() -> Path:
    """The folder holding ``data/``, ``maps/`` and ``assets/``."""
    override = os.environ.get("HEIST_TABLE_CONTENT")
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent.parent


def data_dir(root: Path | None = None) -> Path:
    return (root or content_root()) / "data"


def maps_dir(root: Path | None = None) -> Path:
    return (root or content_root()) / "maps"


def assets_dir(root: Path | None = None) -> Path:
    return (root or content_root()) / "assets"


def user_dir() -> Path:
    """The player's own folder for saves, settings and logs (created on demand)."""
    override = os.environ.get("HEIST_TABLE_HOME")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        path = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / "HeistTable"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "Heist Table"
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / APP_DIR_NAME
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = user_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path
