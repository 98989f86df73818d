"""Card and tile titles (issue #11): every mission card's and device tile's name, in both languages,
at every size the screens draw it, is drawn whole (no letter dropped, no "…"), on one or more lines
that fit the card or tile, and never below a readable size."""

import pygame
import pytest

from game.engine.i18n import set_language, t, translator
from game.lupin.rules import catalog as cat
from game.lupin.ui import card_art, tile_art
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.textfit import READABLE, READABLE_DISPLAY
from tests.lupin.test_ui_kit import make_app

CARD_WIDTHS = (60.0, 144.0, 320.0)          # the hand strip, the gallery, the enlarged card
TILE_SIZES = ((142.0, 122.0), (226.0, 204.0))   # the shop, the tile gallery
MINI_SIZE = (70.0, 58.0)                     # a character's slot on the planning cards


@pytest.fixture
def drawn(monkeypatch):
    """Every text drawn (on the window or into a cached sprite): (text, size, face, colour, rect)."""
    out = []
    real = Canvas.text

    def record(self, text, pos, size=24, face="body", colour=(255, 255, 255), *args, **kw):
        r = real(self, text, pos, size, face, colour, *args, **kw)
        out.append((text, size, face, tuple(colour)[:3], r))
        return r

    monkeypatch.setattr(Canvas, "text", record)
    return out


def _joined(lines):
    """The drawn lines read as one name (a word split with a hyphen by the wrapper joined back)."""
    text = ""
    for line in lines:
        if text.endswith("-") and not text.endswith(" -"):
            text = text[:-1] + line
        else:
            text = (text + " " + line).strip()
    return text


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_card_title_is_whole_readable_and_inside_the_card(lang, drawn):
    app = make_app(scenes=(), lang=lang)
    set_language(lang)
    try:
        problems = []
        for cid, card in cat.catalog().cards.items():
            name = " ".join(card.name.get(lang).split())
            for w in CARD_WIDTHS:
                drawn.clear()
                rect = pygame.FRect(100, 100, *card_art.card_size(w))
                card_art.draw_card_face(app.canvas, rect, cid)
                title = [d for d in drawn if d[2] == theme.BOLD and d[3] == card_art.INK]
                lines = [d[0] for d in title]
                if _joined(lines) != name or ("…" not in name and any("…" in s for s in lines)):
                    problems.append((cid, w, lines))
                small = [d[1] for d in title if d[1] < READABLE - 1e-6]
                if small:
                    problems.append((cid, w, "size", min(small)))
                outside = [d[0] for d in title if d[4].left < rect.left - 0.5 or d[4].right > rect.right + 0.5
                           or d[4].bottom > rect.bottom]
                if outside:
                    problems.append((cid, w, "outside", outside))
        assert not problems
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_tile_name_is_whole_readable_and_inside_the_tile(lang, drawn):
    app = make_app(scenes=(), lang=lang)
    set_language(lang)
    try:
        problems = []
        for did, dev in cat.catalog().devices.items():
            name = " ".join(dev.name.get(lang).split())
            for w, h in TILE_SIZES:
                drawn.clear()
                rect = pygame.FRect(100, 100, w, h)
                tile_art.draw_tile(app.canvas, rect, did, dev.kind, name, dev.price.amount, key=("t", lang))
                label = [d for d in drawn if d[2] == theme.DISPLAY and d[3] == tile_art.CREAM]
                lines = [d[0] for d in label]
                if _joined(lines) != name.upper() or any("…" in s for s in lines):
                    problems.append((did, w, lines))
                if any(d[1] < READABLE_DISPLAY - 1e-6 for d in label):
                    problems.append((did, w, "size", [d[1] for d in label]))
                if any(d[4].left < rect.left or d[4].right > rect.right or d[4].bottom > rect.bottom for d in label):
                    problems.append((did, w, "outside"))
            drawn.clear()
            rect = pygame.FRect(100, 100, *MINI_SIZE)
            tile_art.draw_mini(app.canvas, rect, did, dev.kind, name)
            label = [d for d in drawn if d[2] == theme.BOLD and d[3] == tile_art.CREAM]
            lines = [d[0] for d in label]
            short = f"i11_texts.tile_short.{did}"
            allowed = {name} | ({t(short)} if translator().has(short) else set())
            if _joined(lines) not in allowed or any("…" in s for s in lines) or len(lines) > 2:
                problems.append((did, "mini", lines))
            if any(d[1] < READABLE - 1e-6 for d in label):
                problems.append((did, "mini", "size", [d[1] for d in label]))
            if any(d[4].left < rect.left or d[4].right > rect.right or d[4].bottom > rect.bottom for d in label):
                problems.append((did, "mini", "outside"))
        assert not problems
    finally:
        set_language("en")


def test_a_long_name_goes_on_two_lines_before_it_shrinks():
    """The Italian rucksack ("Zaino per trasporto dispositivi") on a shop tile: two lines at a
    readable size, not one line in tiny letters."""
    app = make_app(scenes=(), lang="it")
    from game.ui.textfit import fit_title

    lines, size, _step = fit_title(app.canvas, "ZAINO PER TRASPORTO DISPOSITIVI", 120, 15.1, READABLE_DISPLAY,
                                   theme.DISPLAY, max_lines=2)
    assert len(lines) == 2 and size >= READABLE_DISPLAY


def test_a_word_too_long_for_a_small_card_is_split_at_a_syllable():
    """On a hand-strip card (60 wide) "Travestimento" cannot fit at a readable size: it is split
    "Travesti-" / "mento", not "Travestime-" / "nto"."""
    from game.ui.textfit import fit_title

    app = make_app(scenes=(), lang="it", size=(1280, 720))
    lines, size, _step = fit_title(app.canvas, "Travestimento perfetto", 57, 12.5, READABLE, theme.BOLD, max_lines=4)
    assert lines[:2] == ["Travesti-", "mento"] and size >= READABLE
