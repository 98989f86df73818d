"""Issue #11: broken content stops the game at start with check-data's own lines (no crash report,
no traceback), and the temporary files a killed save left are cleaned up at start."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli, crash
from game.engine import checkdata, resources
from game.engine.content import ContentError

REPO = Path(__file__).resolve().parents[1]


def _drop_second_ground_row(text: str) -> str:
    head, _, rest = text.partition('name="ground"')
    data, _, rows = rest.partition('<data encoding="csv">\n')
    first, second, others = rows.split("\n", 2)
    return head + 'name="ground"' + data + '<data encoding="csv">\n' + first + "\n" + others


# case -> (file, how it is broken, what check-data says of it)
BREAKS = {
    "wrong_type": ("data/lupin/episodes.yaml", lambda s: s.replace("rounds: 13", "rounds: thirteen", 1),
                   "episodes.yaml:9: field 'episodes[0].rounds': expected a whole number, got 'thirteen'"),
    "no_police_columns": ("data/lupin/episodes.yaml", lambda s: s.replace("    police_columns: [14, 25]\n", "", 1),
                          "episodes.yaml:5: field 'episodes[0]': episode 'rosso-rubino' does not say where "
                          "Zenigata sets up"),
    "renamed_placeholder": ("data/i18n/it/ui.yaml", lambda s: s.replace("{version}", "{versione}", 1),
                            "it/ui.yaml:15: field 'title.version': uses {versione} but the en text "
                            "(en/ui.yaml:15) uses {version}"),
    "unclosed_placeholder": ("data/i18n/en/ui.yaml", lambda s: s.replace('"Version {version}"', '"Version {version"', 1),
                             "en/ui.yaml:15: field 'title.version': the text's placeholders are malformed"),
    "texts_unreadable": ("data/i18n/en/ui.yaml", lambda s: s.replace('  play: "Play"', '  play: ["Play"', 1),
                         "en/ui.yaml:"),   # the sentence itself then falls back to English
    "missing_row": ("maps/rosso-rubino.tmx", _drop_second_ground_row,
                    "rosso-rubino.tmx:16: field 'layer ground': the layer has 19 rows of tiles but the map is "
                    "20 rows high (A–T): 1 row is missing"),
}


def _content_copy(tmp_path: Path, case: str | None = None) -> Path:
    root = tmp_path / "content"
    shutil.copytree(REPO / "data", root / "data")
    shutil.copytree(REPO / "maps", root / "maps")
    (root / "assets").symlink_to(REPO / "assets", target_is_directory=True)
    if case is not None:
        name, breaking, _said = BREAKS[case]
        path = root / name
        text = path.read_text(encoding="utf-8")
        broken = breaking(text)
        assert broken != text
        path.write_text(broken, encoding="utf-8")
    return root


def _check_data_lines(root: Path) -> list[str]:
    out = io.StringIO()
    assert checkdata.run_checks(root, out=out) == 1
    return out.getvalue().splitlines()[:-1]          # without the count


@pytest.fixture
def no_window(monkeypatch):
    from game.ui import app

    def refuse(*_a, **_k):
        raise AssertionError("the window opened on broken content")

    monkeypatch.setattr(app, "run_app", refuse)


PLAY = ["play", "lupin", "--episode", "rosso-rubino"]


@pytest.mark.parametrize("case, argv", [(case, []) for case in sorted(BREAKS)] + [("wrong_type", PLAY)],
                         ids=[f"{case}-window" for case in sorted(BREAKS)] + ["wrong_type-play"])
def test_broken_content_stops_the_start_with_check_datas_lines(case, argv, tmp_path, monkeypatch, capsys,
                                                               no_window, _private_user_dir):
    monkeypatch.chdir(tmp_path)
    root = _content_copy(tmp_path, case)
    monkeypatch.setenv("HEIST_TABLE_CONTENT", str(root))
    expected = _check_data_lines(root)
    assert any(line.endswith(BREAKS[case][2]) or BREAKS[case][2] in line for line in expected), expected
    capsys.readouterr()
    assert cli.main(argv) == crash.CONTENT_EXIT != 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("Heist Table cannot start: its content has ")
    assert err[1:-1] == [f"  {line}" for line in expected]          # check-data's very lines
    assert err[-1] == "Correct the file(s) named above, or reinstall the game."
    assert not (_private_user_dir / "crash-reports").exists()


def test_the_sentence_follows_the_players_language(tmp_path, monkeypatch, capsys, no_window, _private_user_dir):
    from game.engine.settings import Settings

    monkeypatch.chdir(tmp_path)
    root = _content_copy(tmp_path, "missing_row")
    monkeypatch.setenv("HEIST_TABLE_CONTENT", str(root))
    Settings(language="it").save()
    assert cli.main([]) == crash.CONTENT_EXIT
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("Heist Table non può partire: i suoi contenuti hanno un problema "
                      "(come lo dice `heist-table check-data`):")
    assert err[-1] == "Correggi i file indicati sopra, oppure reinstalla il gioco."


def test_a_valid_check_is_remembered_until_the_content_changes(tmp_path, monkeypatch):
    root = _content_copy(tmp_path)
    assert checkdata.startup_problems(root) == []
    assert (resources.user_dir() / "cache" / "content-checked.txt").is_file()
    checkdata._checked_here.clear()                 # a new start of the game: the file remembers
    monkeypatch.setattr(checkdata, "collect", lambda *_a: (_ for _ in ()).throw(AssertionError("checked again")))
    assert checkdata.startup_problems(root) == []
    monkeypatch.undo()
    episodes = root / "data" / "lupin" / "episodes.yaml"
    episodes.write_text(BREAKS["wrong_type"][1](episodes.read_text(encoding="utf-8")), encoding="utf-8")
    assert any(BREAKS["wrong_type"][2] in line for line in checkdata.startup_problems(root))


def test_content_broken_while_playing_ends_cleanly_without_a_crash_report(monkeypatch, capsys, _private_user_dir):
    from game.ui import app

    def broken(self):
        raise ContentError("data/lupin/devices.yaml", 12, "devices[3].count", "expected a whole number, got 'two'")

    monkeypatch.setattr(app.App, "run", broken)
    assert cli.main([]) == crash.CONTENT_EXIT
    err = capsys.readouterr().err
    assert "  data/lupin/devices.yaml:12: field 'devices[3].count': expected a whole number, got 'two'\n" in err
    assert err.startswith("Heist Table had to stop: its content has a problem (as `heist-table check-data` says it):\n")
    assert "Traceback" not in err and "internal error" not in err
    assert not (_private_user_dir / "crash-reports").exists()


@pytest.mark.parametrize("argv", [[], PLAY], ids=["window", "play"])
def test_a_real_start_on_broken_content_exits_cleanly(argv, tmp_path):
    root = _content_copy(tmp_path, "wrong_type")
    home = tmp_path / "home"
    env = dict(os.environ, HEIST_TABLE_CONTENT=str(root), HEIST_TABLE_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", HEIST_TABLE_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == crash.CONTENT_EXIT, done.stderr
    assert "content/data/lupin/episodes.yaml:9: field 'episodes[0].rounds': expected a whole number" in done.stderr
    assert "Traceback" not in done.stderr and "first frame drawn" not in done.stdout
    assert not (home / "crash-reports").exists()


@pytest.mark.parametrize("argv, first_words", [
    ([], "Heist Table cannot start: it cannot make its folder for saves and settings, "),
    (PLAY + ["--lang", "it"], "Heist Table non può partire: non riesce a creare la sua cartella per salvataggi"),
], ids=["window", "play-it"])
def test_a_players_folder_that_cannot_be_made_is_one_sentence_not_a_crash(argv, first_words, tmp_path, monkeypatch,
                                                                         capsys, no_window):
    home = tmp_path / "home-is-a-file"
    home.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("HEIST_TABLE_HOME", str(home))
    assert cli.main(argv) == crash.FOLDER_EXIT
    err = capsys.readouterr().err
    assert err.startswith(first_words) and str(home) in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert home.read_text(encoding="utf-8") == "not a folder"
