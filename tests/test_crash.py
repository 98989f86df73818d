"""Crash reports: an uncaught exception in a command or in the app becomes a report in the
player's folder, one sentence on stderr, and a non-zero exit status."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__, cli, crash, selftest

REPO = Path(__file__).resolve().parents[1]


def _boom():
    raise RuntimeError("the vault door jammed")


def _reports(home: Path) -> list[Path]:
    return sorted((home / "crash-reports").glob("crash-*.txt"))


def test_a_crashing_command_writes_a_report_and_says_where(_private_user_dir, monkeypatch, capsys):
    monkeypatch.setattr(selftest, "run_selftest", _boom)
    assert cli.main(["--selftest"]) == crash.CRASH_EXIT != 0
    [report] = _reports(_private_user_dir)
    text = report.read_text(encoding="utf-8")
    for expected in ("time:", f"heist-table {__version__}", "platform:", "Python",
                     "Traceback (most recent call last)", "RuntimeError: the vault door jammed"):
        assert expected in text
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0, err            # one sentence, no traceback on the terminal
    assert str(report) in err and err.startswith("Heist Table stopped because of an internal error")


def test_a_crash_in_the_app_window_is_reported_once(_private_user_dir, monkeypatch, capsys):
    import pygame

    from game.ui import app

    monkeypatch.setattr(app.App, "run", lambda self: _boom())
    assert cli.main([]) == crash.CRASH_EXIT           # no command: run_app
    assert len(_reports(_private_user_dir)) == 1
    assert "a crash report was written to" in capsys.readouterr().err
    assert not pygame.display.get_init()              # the window was closed first


def test_run_app_itself_reports(_private_user_dir, monkeypatch, capsys):
    from game.ui import app

    monkeypatch.setattr(app.App, "run", lambda self: _boom())
    assert app.run_app(size=(640, 360)) == crash.CRASH_EXIT
    assert "RuntimeError: the vault door jammed" in _reports(_private_user_dir)[0].read_text(encoding="utf-8")
    capsys.readouterr()


def test_two_crashes_in_the_same_second_keep_both_reports(_private_user_dir, monkeypatch, capsys):
    import datetime

    moment = datetime.datetime(2025, 3, 1, 21, 30, 5).astimezone()
    monkeypatch.setattr(crash, "_now", lambda: moment)
    assert crash.guard(_boom) == crash.CRASH_EXIT
    assert crash.guard(_boom) == crash.CRASH_EXIT
    names = [p.name for p in _reports(_private_user_dir)]
    assert names == ["crash-20250301-213005-2.txt", "crash-20250301-213005.txt"]
    capsys.readouterr()


def test_when_the_report_cannot_be_written_the_traceback_is_shown(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the player's folder should be")
    monkeypatch.setenv("HEIST_TABLE_HOME", str(blocker))
    assert crash.guard(_boom) == crash.CRASH_EXIT
    err = capsys.readouterr().err
    assert "Traceback" in err and "the vault door jammed" in err and "could not be written" in err


def test_exits_and_interrupts_are_not_crashes(_private_user_dir):
    with pytest.raises(SystemExit):
        crash.guard(lambda: sys.exit(3))
    def interrupted():
        raise KeyboardInterrupt
    assert crash.guard(interrupted) == 130
    assert crash.guard(lambda: 0) == 0 and crash.guard(lambda: 2) == 2
    assert not _reports(_private_user_dir)


def test_the_process_exits_non_zero(tmp_path):
    code = ("import sys, game.cli, game.selftest\n"
            "def boom():\n    raise RuntimeError('forced')\n"
            "game.selftest.run_selftest = boom\n"
            "sys.exit(game.cli.main(['--selftest']))\n")
    home = tmp_path / "home"
    env = dict(os.environ, HEIST_TABLE_HOME=str(home))
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == crash.CRASH_EXIT
    assert len(_reports(home)) == 1
    assert proc.stderr.strip().count("\n") == 0 and "crash report" in proc.stderr



def test_output_read_by_head_is_not_a_crash(_private_user_dir):
    """`heist-table simulate ... | head`: the reader leaves early and the next write fails with
    BrokenPipeError; that is no crash (no report, no 'internal error' sentence), as for any
    command-line tool: the exit status is 141, a shell's for SIGPIPE."""
    def reader_gone():
        raise BrokenPipeError(32, "Broken pipe")

    saved = os.dup(sys.stdout.fileno())
    try:
        assert crash.guard(reader_gone) == 141
    finally:
        os.dup2(saved, sys.stdout.fileno())
        os.close(saved)
    assert not _reports(_private_user_dir)
