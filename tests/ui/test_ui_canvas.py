"""Resolution independence: logical↔window mapping, sharp fonts at the real pixel size."""

import pygame
import pytest

from game.ui import canvas as canvas_mod
from game.ui.canvas import Canvas
from game.ui.scene import Scene


def _canvas(w, h):
    return Canvas(pygame.Surface((w, h)))


@pytest.mark.parametrize("size, scale, offset", [
    ((1600, 900), 1.0, (0, 0)),
    ((1280, 720), 0.8, (0, 0)),
    ((3840, 2160), 2.4, (0, 0)),
    ((1600, 1200), 1.0, (0, 150)),      # letterbox: bars top and bottom
    ((2560, 1080), 1.2, (320, 0)),      # pillarbox: bars left and right
    ((1000, 1000), 0.625, (0, 218.75)),
])
def test_scale_and_offset(size, scale, offset):
    c = _canvas(*size)
    assert c.scale == pytest.approx(scale)
    assert c.offset == pytest.approx(offset)


@pytest.mark.parametrize("size", [(3840, 2160), (1280, 720), (1600, 1200), (2560, 1080), (1000, 1000)])
def test_mouse_positions_map_back_to_logical(size):
    c = _canvas(*size)
    for logical in [(0, 0), (800, 450), (1600, 900), (123.5, 777.25)]:
        px = (c.offset[0] + logical[0] * c.scale, c.offset[1] + logical[1] * c.scale)
        assert c.to_logical(px) == pytest.approx(logical)
    # the centre of the window is the centre of the logical space, whatever the bars
    assert c.to_logical((size[0] / 2, size[1] / 2)) == pytest.approx((800, 450))


def test_4k_and_letterboxed_examples():
    c = _canvas(3840, 2160)
    assert c.to_logical((3840, 2160)) == pytest.approx((1600, 900))
    assert c.to_logical((96, 240)) == pytest.approx((40, 100))
    lb = _canvas(1600, 1200)
    assert lb.to_logical((0, 0)) == pytest.approx((0, -150))   # in the top bar
    assert lb.to_logical((800, 600)) == pytest.approx((800, 450))


def test_the_app_hands_scenes_logical_mouse_positions(ui):
    class Recorder(Scene):
        def __init__(self):
            super().__init__()
            self.seen = []

        def handle(self, event):
            if not getattr(event, "synthetic", False):
                self.seen.append(event)
            return True

    app = ui.app(size=(3840, 2160), scenes=())
    rec = app.stack.push(Recorder())
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=(1920, 1080), rel=(24, 0), buttons=(0, 0, 0)))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(240, 2160), button=1))
    assert rec.seen[0].pos == pytest.approx((800, 450))
    assert rec.seen[0].rel == pytest.approx((10, 0))
    assert rec.seen[0].window_pos == (1920, 1080)
    assert rec.seen[1].pos == pytest.approx((100, 900))
    lb = ui.app(size=(1000, 1000), scenes=())
    rec2 = lb.stack.push(Recorder())
    lb.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(500, 218.75 + 0.625 * 450), button=1))
    assert rec2.seen[0].pos == pytest.approx((800, 450))


def test_rects_that_touch_stay_touching_after_scaling():
    c = _canvas(1366, 768)  # an awkward scale
    a = c.rect_px((100.3, 10, 33.3, 20))
    b = c.rect_px((133.6, 10, 50, 20))
    assert a.right == b.left


def test_text_is_rendered_with_a_font_at_the_real_pixel_size():
    small, big = _canvas(1600, 900), _canvas(3840, 2160)
    r1 = small.text("Heist", (10, 10), 50, "display")
    r2 = big.text("Heist", (10, 10), 50, "display")
    path = str(canvas_mod.font_path("display"))
    keys = canvas_mod.font_cache_keys()
    assert (path, 50) in keys and (path, 120) in keys
    # the same logical box, but 2.4 times the pixels (not a blown-up small bitmap)
    assert r2.width == pytest.approx(r1.width, rel=0.06)
    assert big.font("display", 50).get_height() == pytest.approx(2.4 * small.font("display", 50).get_height(), rel=0.05)


def test_fonts_are_opened_once_per_file_and_size():
    c = _canvas(1280, 720)
    assert c.font("body", 30) is c.font("body", 30)
    assert c.font("body", 30) is canvas_mod.get_font("body", 24)


def test_scaled_images_are_cached():
    c = _canvas(3840, 2160)
    img = pygame.Surface((10, 10))
    img.fill((200, 0, 0))
    c.image(img, (0, 0, 10, 10))
    first = c._image_cache[img][(24, 24)]
    c.image(img, (100, 100, 10, 10))
    assert c._image_cache[img][(24, 24)] is first
    assert tuple(c.surface.get_at((5, 5)))[:3] == (200, 0, 0)
    assert tuple(c.surface.get_at((23, 23)))[:3] == (200, 0, 0)


def test_window_rect_covers_the_bars():
    c = _canvas(1600, 1200)
    w = c.window_rect()
    assert (w.left, w.top, w.width, w.height) == pytest.approx((0, -150, 1600, 1200))


def test_wrapping_respects_the_width_and_is_the_same_at_every_size():
    text = "Lupin e la sua banda si muovono di nascosto, annotando ogni passo in note di missione segrete."
    lines = {}
    for size in [(1280, 720), (1600, 900), (3840, 2160)]:
        c = _canvas(*size)
        lines[size] = c.wrap(text, 300, 22)
        for line in lines[size]:
            assert c.measure(line, 22)[0] <= 300
    assert len(set(map(tuple, lines.values()))) == 1
    assert len(lines[(1600, 900)]) > 1


def test_hover_animations_do_not_grow_the_caches_without_bound():
    from game.ui.widgets import Button

    c = _canvas(3840, 2160)
    b = Button((100, 100, 390, 66), "Play", style="primary")
    b.hovered = True
    for _ in range(200):
        b.update(0.004)
        b.draw(c)
        b.hovered = not b.hovered if b.hover_t in (0.0, 1.0) else b.hovered
    assert c._shape_cache._pixels <= c._shape_cache.max_pixels
    assert c._text_cache._pixels <= c._text_cache.max_pixels


@pytest.mark.parametrize("size", [(1440, 810), (1366, 768), (1280, 720), (1920, 1080), (2560, 1440)])
def test_wrapped_text_never_runs_past_its_box_at_any_window_size(size):
    """Lines are wrapped at the logical width; drawn at the window's scale they must still fit
    (a 15 px text at 0.9 was drawn at 14 px, not 13.5, and ran past the panel's edge)."""
    c = Canvas(pygame.Surface(size))
    text = ("Inspector Zenigata: click a lit square to move there, or use a button. "
            "Daisuke Jigen: choose an action below, or end the turn when you are done moving.")
    for face in ("body", "bold", "italic"):
        for pt in (13, 14, 15, 16, 17, 18, 22):
            width = 300.0
            for line in c.wrap(text, width, pt, face):
                real = c.font(face, pt).size(line)[0]
                assert real <= c.len_px(width) + 1, (face, pt, line)
