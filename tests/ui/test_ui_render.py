"""Every registered scene renders headless, in both languages, at two sizes, to a non-blank picture."""

import re
from pathlib import Path

import pygame
import pytest

from game.engine.i18n import LANGUAGES, load_language
from game.ui.registry import scene_names
from game.ui.screenshot import render_scene

SIZES = [(1600, 900), (1280, 720)]
UI_DIR = Path(__file__).resolve().parents[2] / "game" / "ui"


def _distinct_colours(surface, step=16):
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)}


def test_the_shared_scenes_are_registered():
    assert {"title", "chooser", "settings", "curtain", "quit-confirm"} <= set(scene_names())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", scene_names())
def test_scene_renders(name, lang, size):
    surface = render_scene(name, size, lang)
    assert surface.get_size() == size
    colours = _distinct_colours(surface)
    assert len(colours) > 40, f"{name} looks blank ({len(colours)} colours)"


def test_text_keys_used_by_the_shared_ui_exist_in_both_languages():
    used = set()
    for path in UI_DIR.rglob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_]+(?:\.[a-z_]+)+)["']""", path.read_text(encoding="utf-8")))
    assert "title.play" in used
    for lang in LANGUAGES:
        table = load_language(lang)[0]
        missing = sorted(k for k in used if k not in table and f"{k}.other" not in table)   # or a plural text
        assert not missing, f"{lang}: missing texts {missing}"
    # keys built with f-strings in the settings screen
    for lang in LANGUAGES:
        table = load_language(lang)[0]
        for row in ("language", "window", "fullscreen", "volume", "colourblind"):
            assert f"settings.{row}" in table and f"settings.{row}_hint" in table


def test_ui_texts_have_the_same_keys_in_both_languages():
    from game.engine.content import load_yaml

    def keys(node, prefix=""):
        out = set()
        for k, v in node.items():
            out |= keys(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}"}
        return out

    data = Path(__file__).resolve().parents[2] / "data" / "i18n"
    en, it = (keys(load_yaml(data / lang / "ui.yaml")) for lang in ("en", "it"))
    assert en == it
    assert "curtain.pass_to" in en


def test_rendering_opens_no_real_window():
    render_scene("title", (640, 360), "en")
    assert pygame.display.get_driver() == "dummy"
