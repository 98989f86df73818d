"""The README (issue #11): its chooser screenshots show the episodes as they are (the expansion's
two no longer "coming soon"), and its self-test paragraph names every episode the self-test plays."""

from pathlib import Path

import pygame
import pytest

from game.lupin.rules.boards import episode
from game.selftest import GAMES
from game.ui.screenshot import render_scene

ROOT = Path(__file__).resolve().parents[2]
EPISODE_ROWS = pygame.Rect(125, 265, 760, 225)     # the chooser's four Lupin episode rows (1600×900)


def _differing(a: pygame.Surface, b: pygame.Surface, area: pygame.Rect) -> float:
    """The share of the area's pixels that differ clearly (pngquant's small shifts aside)."""
    n = differ = 0
    for y in range(area.top, area.bottom, 2):
        for x in range(area.left, area.right, 2):
            p, q = a.get_at((x, y)), b.get_at((x, y))
            n += 1
            differ += max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b)) > 48
    return differ / n


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_readme_chooser_screenshot_shows_the_episodes_as_they_are(lang):
    shot = pygame.image.load(str(ROOT / "docs" / "screenshots" / f"chooser-{lang}.png"))
    fresh = render_scene("chooser", shot.get_size(), lang)
    assert _differing(shot, fresh, EPISODE_ROWS) < 0.002


def test_the_readme_self_test_paragraph_names_every_episode_it_plays():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("`heist-table --selftest`")
    paragraph = " ".join(readme[start:readme.index("\n\n", start)].split())
    for title, ep, _config in GAMES:
        name = episode(ep).name['it'] if title == "lupin" else "sealed bids"
        assert f"*{name}*" in paragraph, ep
