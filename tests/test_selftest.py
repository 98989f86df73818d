"""`heist-table --selftest`: every check prints an ok line and the status is 0; broken content
makes it fail and name the file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from game import cli, selftest
from game.engine import resources
from game.ui.registry import scene_names

REPO = Path(__file__).resolve().parents[1]


def test_selftest_passes_and_prints_one_ok_line_per_check(capsys):
    assert cli.main(["--selftest"]) == 0
    lines = capsys.readouterr().out.splitlines()
    checks, summary = lines[:-1], lines[-1]
    assert all(line.startswith("ok: ") for line in checks), lines
    assert any(line.startswith("ok: content: All content is valid") for line in checks)
    for name in scene_names():
        for lang in ("en", "it"):
            assert any(line.startswith(f"ok: scene {name} ({lang}):") for line in checks), (name, lang)
    for episode in ("rosso-rubino", "gran-colpo"):
        assert any(line.startswith(f"ok: game lupin {episode}: seed 1, random bots") for line in checks)
    assert summary.startswith(f"selftest: all {len(checks)} checks passed in ")


def test_selftest_writes_nothing_to_the_players_folder(_private_user_dir, capsys):
    assert selftest.run_selftest() == 0
    capsys.readouterr()
    assert not _private_user_dir.exists() or not any(_private_user_dir.rglob("*"))


def test_a_failing_check_is_named_and_the_others_still_run(monkeypatch, capsys):
    def broken():
        raise ValueError("no luck")

    monkeypatch.setattr(selftest, "_games", lambda: iter([("game lupin nowhere", broken)]))
    assert cli.main(["--selftest"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("FAILED: game lupin nowhere: ValueError: no luck") for line in lines)
    assert any(line.startswith("ok: scene title (it)") for line in lines)
    assert "FAILED (game lupin nowhere)" in lines[-1]
    assert "Traceback" not in "\n".join(lines)


def test_a_broken_yaml_in_the_content_fails_naming_the_file(tmp_path):
    # a copy of the content with one YAML file broken; run in a new process, so the content
    # caches of this one never see it
    root = tmp_path / "content"
    for folder in ("data", "maps", "assets"):
        shutil.copytree(resources.content_root() / folder, root / folder)
    broken = root / "data" / "lupin" / "episodes.yaml"
    broken.write_text(broken.read_text(encoding="utf-8") + "\n  - id: [unclosed\n", encoding="utf-8")
    env = dict(os.environ, HEIST_TABLE_CONTENT=str(root), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(REPO))  # the game's code from this checkout, installed or not
    proc = subprocess.run([sys.executable, "-m", "game", "--selftest"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    content = [line for line in lines if line.startswith("FAILED: content:")]
    assert content and "episodes.yaml" in content[0] and "YAML syntax error" in content[0], lines
    assert "content" in lines[-1] and "FAILED" in lines[-1]
    assert "Traceback" not in proc.stdout + proc.stderr
