"""Headers fit (issue #11): on every screen the screenshot tool knows, in Italian and English, at
1280×720 and 1440×810, no title, kicker or other header line (display face, letter-spaced, or 20+
units tall) is cut with "…" or runs out of the window. The play panel's kicker ("LUPIN THE 3RD ·
RUBY RED", cut to "RUBY…" before) shrinks a little, or gives the episode alone, and stays clear
of the round counter."""

import pytest

from game.ui.canvas import Canvas
from game.ui.registry import scene_names
from game.ui.screenshot import render_scene
from game.ui import theme

SIZES = ((1280, 720), (1440, 810))


@pytest.fixture
def drawn(monkeypatch):
    out = []
    real = Canvas.text

    def record(self, text, pos, size=24, face="body", colour=(255, 255, 255), anchor="topleft", tracking=0.0,
               *args, **kw):
        r = real(self, text, pos, size, face, colour, anchor, tracking, *args, **kw)
        out.append((text, size, face, tracking, tuple(colour)[:3], r))
        return r

    monkeypatch.setattr(Canvas, "text", record)
    return out


@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_header_is_cut_or_leaves_the_window(lang, drawn):
    problems = []
    for name in scene_names():
        for size in SIZES:
            drawn.clear()
            render_scene(name, size, lang)
            for text, sz, face, tracking, _colour, r in drawn:
                header = face == theme.DISPLAY or tracking > 0 or sz >= 20
                if header and ("…" in text or r.left < -0.5 or r.right > 1600.5):
                    problems.append((name, size, text))
    assert not problems


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("scene", ["lupin-play", "lupin-play-cagliostro", "lupin-play-stonehenge"])
def test_the_play_panel_kicker_names_the_episode_and_clears_the_round(scene, lang, drawn):
    from game.engine.i18n import t

    render_scene(scene, (1280, 720), lang)
    kicker = next(d for d in drawn if d[4] == tuple(theme.GOLD)[:3] and d[3] > 0 and d[5].top < 60)
    round_label = next(d for d in drawn if d[0].startswith(t("lupin.play.round_short", round=1, total=1)[:4])
                       and d[5].top < 130 and d[5].left > kicker[5].left)
    assert "…" not in kicker[0] and kicker[1] >= 12.5
    if round_label[5].top < 60:   # beside the kicker, clear of it
        assert kicker[5].right <= round_label[5].left - 8
    else:                         # no room beside it: the round counter sits beside the phase's name
        phase = next(d for d in drawn if d[2] == theme.DISPLAY and 80 < d[5].top < 130)
        assert phase[5].right <= round_label[5].left - 8 and "…" not in phase[0]
