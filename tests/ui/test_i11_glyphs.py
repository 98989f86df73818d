"""Glyphs (issue #11): every character of every Italian and English text is drawn from a font that
has it (Bebas Neue lacks "≥" and the arrows, Lato "★" and "✓": those come from the fallback face
instead of an empty box), and letter-spaced display text keeps accented capitals ("COSÌ") on the
line."""

import pygame
import pytest

from game.engine.i18n import load_language
from game.ui import theme
from game.ui.canvas import FALLBACK_FACE, glyph_runs, has_glyph
from tests.lupin.test_ui_kit import make_app

FACES = (theme.DISPLAY, theme.BODY, theme.BOLD, theme.ITALIC)


def _ink(surface: pygame.Surface) -> tuple[bytes, int]:
    """The picture's pixels (alpha) and the lowest row with ink."""
    w, h = surface.get_size()
    lowest = -1
    for y in range(h):
        if any(surface.get_at((x, y)).a > 60 for x in range(w)):
            lowest = y
    return pygame.image.tobytes(surface, "RGBA"), lowest


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_text_has_all_its_glyphs_in_every_face(lang):
    texts = load_language(lang)[0]
    missing = {}
    for face in FACES:
        for key, text in texts.items():
            for candidate in (text, text.upper()):
                for f, piece in glyph_runs(face, candidate):
                    lost = {ch for ch in piece if not has_glyph(f, ch)}
                    if lost:
                        missing.setdefault((face, key), set()).update(lost)
    assert not missing


@pytest.mark.parametrize("face", FACES)
def test_a_character_the_face_lacks_is_drawn_not_an_empty_box(face):
    app = make_app(scenes=())
    canvas = app.canvas
    box = canvas._render("\ue000", face, 40, (255, 255, 255), 0)     # private use: the empty box
    for ch in "≥★✓←→":
        drawn = canvas._render(ch, face, 40, (255, 255, 255), 0)
        assert _ink(drawn)[0] != _ink(box)[0], (face, ch)
    assert has_glyph(FALLBACK_FACE, "★")


def test_an_accented_capital_in_the_display_face_stays_on_the_line():
    """"COSÌ" drawn where "COSI" is drawn, letter-spaced or not, any anchor: the same lowest row of
    ink (before, the letter-spaced "Ì" hung below the line, and a whole "COSÌ" sat lower)."""
    app = make_app(scenes=())
    canvas = app.canvas

    def lowest(text, tracking, anchor):
        canvas.clear((0, 0, 0))
        canvas.text(text, (400, 300), 40, theme.DISPLAY, (255, 255, 255), anchor=anchor, tracking=tracking)
        area = canvas.surface.subsurface(canvas.rect_px((300, 200, 300, 200)))
        rows = [y for y in range(area.get_height()) if any(area.get_at((x, y)).r > 100 for x in range(area.get_width()))]
        return rows[-1], rows[0]

    for tracking in (0, 2):
        for anchor in ("topleft", "center", "midbottom"):
            plain, accented = lowest("COSI", tracking, anchor), lowest("COSÌ", tracking, anchor)
            assert accented[0] == plain[0], (tracking, anchor)
            assert accented[1] < plain[1]          # the accent above the capitals, not cut off


def test_glyph_checks_survive_freetype_being_quit_and_started_again():
    """pygame.quit() (the app's end, some tests) kills the fonts freetype opened: the next check
    opens them again instead of failing."""
    import pygame.freetype as freetype

    assert has_glyph(theme.DISPLAY, "K")
    freetype.quit()
    freetype.init()
    assert has_glyph(theme.DISPLAY, "W") and not has_glyph(theme.DISPLAY, "\ue001")
