"""Shared test set-up: every test gets its own empty user-data folder, and SDL never opens a window."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _private_user_dir(tmp_path, monkeypatch):
    """Saves, settings and logs of a test go to a temporary folder, never the player's own."""
    home = tmp_path / "heist-table-home"
    monkeypatch.setenv("HEIST_TABLE_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _bots_think_synchronously(monkeypatch):
    """A computer seat's bot chooses at once, not in a worker thread (game/engine/session.py's
    THREADED): the same moves on the same frames every run. A test of the thread sets it back."""
    from game.engine import session

    monkeypatch.setattr(session, "THREADED", False)
