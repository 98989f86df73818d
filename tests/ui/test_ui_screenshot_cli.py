"""`heist-table screenshot` writes PNGs headless."""

import pygame
import pytest

from game.cli import main


def test_screenshot_writes_a_png(tmp_path):
    out = tmp_path / "title.png"
    assert main(["screenshot", "title", "--out", str(out)]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1600, 900)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_screenshot_size_and_language(tmp_path, capsys):
    out = tmp_path / "deep" / "chooser-it.png"
    assert main(["screenshot", "chooser", "--out", str(out), "--lang", "it", "--size", "1280x720"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    assert "it" in capsys.readouterr().out


def test_screenshot_list(capsys):
    assert main(["screenshot", "--list"]) == 0
    names = capsys.readouterr().out.split()
    assert {"title", "chooser", "settings", "curtain", "quit-confirm"} <= set(names)


def test_screenshot_help_works(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["screenshot", "--help"])
    assert exc.value.code == 0
    assert "--out" in capsys.readouterr().out


def test_unknown_scene_or_missing_out_is_an_error(tmp_path, capsys):
    assert main(["screenshot", "nowhere", "--out", str(tmp_path / "x.png")]) == 2
    assert "known" in capsys.readouterr().err
    assert main(["screenshot", "title"]) == 2
    assert not (tmp_path / "x.png").exists()


def test_screenshot_does_not_touch_the_saved_settings(tmp_path):
    from game.engine.settings import Settings

    assert main(["screenshot", "settings", "--out", str(tmp_path / "s.png"), "--lang", "it"]) == 0
    assert not Settings.path().exists()
