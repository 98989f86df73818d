"""Text that fades in keeps its letters: the background shows between the glyphs at every alpha,
during the fade and once it has ended (issue #11: the dice verdict, the clock's banners)."""

import pygame
import pytest

from game.ui.canvas import Canvas

BG = (0, 0, 80)
WORD = "HIT 8 OF 7"


def _fresh(size=(500, 120)) -> Canvas:
    surf = pygame.Surface(size)
    surf.fill(BG)
    return Canvas(surf, size)


def _changed(c: Canvas, box: pygame.Rect) -> set:
    return {(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
            if tuple(c.surface.get_at((x, y)))[:3] != BG}


def _mask(size: float, colour=(255, 255, 255)) -> tuple[set, pygame.Rect]:
    """The pixels the same text changes when drawn opaque on a canvas that never faded it."""
    c = _fresh()
    r = c.rect_px(c.text(WORD, (10, 10), size, "display", colour))
    return _changed(c, r), r


@pytest.mark.parametrize("alpha", [40, 128, 220])
def test_text_mid_fade_has_the_glyph_shape(alpha):
    mask, box = _mask(60)
    c = _fresh()
    c.text(WORD, (10, 10), 60, "display", (255, 255, 255, alpha))
    changed = _changed(c, box)
    # the text's shape: the changed pixels are the glyphs' pixels (not its whole box)
    assert changed <= mask
    assert len(changed) >= 0.8 * len(mask)
    assert len(mask) < 0.7 * box.width * box.height
    # and it is translucent: no glyph pixel is fully white
    assert all(c.surface.get_at(p)[0] < 255 for p in changed)


def test_text_after_a_fade_is_not_a_solid_block():
    """A fade ends at alpha 255: the text drawn then still has the background between its glyphs."""
    mask, box = _mask(60)
    c = _fresh()
    for alpha in (60, 120, 200):                       # the fade, frame by frame
        c.surface.fill(BG)
        c.text(WORD, (10, 10), 60, "display", (255, 255, 255, alpha))
    c.surface.fill(BG)
    c.text(WORD, (10, 10), 60, "display", (255, 255, 255, 255))   # the fade is over
    assert _changed(c, box) == mask


def test_shadowed_text_fades_with_its_shadow_shape():
    c = _fresh()
    for alpha in (100, 255):
        c.surface.fill(BG)
        r = c.rect_px(c.text(WORD, (10, 10), 60, "display", (255, 255, 255, alpha), shadow=(0, 0, 0, 170)))
    box = r.inflate(8, 8)
    changed = _changed(c, box)
    assert len(changed) < 0.7 * box.width * box.height


def test_dice_verdict_after_its_fade_is_lettering_not_a_block():
    from game.lupin.ui.dice import ROLL_TIME, DicePanel, Roll

    c = _fresh((600, 120))
    panel = DicePanel([Roll([3, 5], "Jigen shoots Zenigata", "8, needs 7", True, "Hit")])
    green = (120, 210, 140)
    for age in (ROLL_TIME + 0.1, ROLL_TIME + 0.2, ROLL_TIME + 1.0):   # fading in, then settled
        panel.age = age
        c.surface.fill(BG)
        panel.draw(c, pygame.FRect(10, 10, 560, 90))
    solid = sum(1 for x in range(600) for y in range(120) if tuple(c.surface.get_at((x, y)))[:3] == green)
    w, h = c.measure("HIT", 20, "display", tracking=1.2)
    assert 0 < solid < 0.6 * w * h
