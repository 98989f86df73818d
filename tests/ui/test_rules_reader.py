"""The rules reader: the book's texts (both languages, the same chapters, checked by check-data),
the markdown subset, and the scene driven with the mouse and keys: open it from the play screen
and from the set-up, scroll with the wheel and the scrollbar, jump to a chapter, go back."""

import shutil

import pygame
import pytest

from game.engine.content import ContentError
from game.engine.i18n import set_language
from game.engine.rulebook import book_dir, check_rules_reader, load_book, parse_chapter, spans
from game.lupin.rules import catalog as cat
from game.lupin.ui.play_scene import RULES_BUTTON, LupinPlayScene
from game.lupin.ui.rules_book import lupin_chapters
from game.lupin.ui.scenes import seeded_match
from game.lupin.ui.setup_scene import LupinSetupScene
from game.ui.scenes.rules_reader import PAGE, SCROLLBAR, RulesReaderScene
from tests.lupin.test_ui_kit import click, frame, key, make_app, move


def wheel(app, dy: int) -> None:
    app.process(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                   precise_y=float(dy), which=0))
    app.update(0.02)


# ------------------------------------------------------------------------------ the texts

def test_both_languages_have_the_same_chapters_for_every_episode():
    it, en = load_book("lupin", "it"), load_book("lupin", "en")
    assert [c.id for c in it] == [c.id for c in en] and len(en) >= 14
    assert [c.episodes for c in it] == [c.episodes for c in en]
    titles = {c.title for c in it} & {c.title for c in en}
    assert len(titles) <= 2          # translated, not copied (episode names may coincide)
    for episode in ("rosso-rubino", "gran-colpo"):
        ids = {lang: [c.id for c in lupin_chapters(episode, lang)] for lang in ("it", "en")}
        assert ids["it"] == ids["en"]
        assert ids["en"][-2:] == ["devices", "cards"]
    # each episode's own chapter only in its book
    assert "ruby-red" in [c.id for c in lupin_chapters("rosso-rubino", "en")]
    assert "ruby-red" not in [c.id for c in lupin_chapters("gran-colpo", "en")]
    assert "big-bank-job" in [c.id for c in lupin_chapters("gran-colpo", "it")]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_generated_chapters_list_the_catalogue(lang):
    chapters = {c.id: c for c in lupin_chapters("rosso-rubino", lang)}
    devices = " ".join(b.text for b in chapters["devices"].blocks)
    for d in cat.devices_for("rosso-rubino"):
        assert d.name.get(lang) in devices and d.text.get(lang) in devices
    cards = " ".join(b.text for b in chapters["cards"].blocks)
    for owner in ("lupin", "jigen", "goemon", "fujiko"):
        for cid in set(cat.deck_for(owner, "rosso-rubino")):
            assert cat.card(cid).name.get(lang) in cards


def test_the_markdown_subset():
    ch = parse_chapter("# Title\n\nA paragraph\nthat goes on with **bold**.\n\n## Section\n- one\n  more\n- two\n"
                       "1. first\n2. second\n<!-- episodes: gran-colpo -->\n", "x")
    assert ch.title == "Title" and ch.episodes == ("gran-colpo",)
    assert [(b.kind, b.text, b.n) for b in ch.blocks] == [
        ("p", "A paragraph that goes on with **bold**.", 0), ("h2", "Section", 0), ("bullet", "one more", 0),
        ("bullet", "two", 0), ("number", "first", 1), ("number", "second", 2)]
    assert spans("a **b** c *d*, ***e***") == [("a ", False, False), ("b", True, False), (" c ", False, False),
                                               ("d", False, True), (", ", False, False), ("e", True, True)]
    with pytest.raises(ContentError, match="never closed") as err:
        parse_chapter("# T\n\nsome **bold\n", "x")
    assert err.value.line == 3
    with pytest.raises(ContentError, match="title"):
        parse_chapter("no title\n", "x")


def test_check_data_reports_a_chapter_missing_in_one_language(tmp_path):
    assert check_rules_reader(book_dir("lupin", "en").parents[2].parent) == []
    root = tmp_path
    target = root / "data" / "lupin" / "rules_reader"
    shutil.copytree(book_dir("lupin", "en").parent, target)
    assert check_rules_reader(root) == []
    (target / "en" / "07-seen.md").unlink()
    problems = check_rules_reader(root)
    assert len(problems) == 1 and "'seen'" in str(problems[0]) and "missing in 'en'" in str(problems[0])
    (target / "it" / "07-seen.md").unlink()
    (target / "it" / "05-moving.md").write_text("# Il movimento\n\nuno **due\n", encoding="utf-8")
    problems = check_rules_reader(root)
    assert len(problems) == 1 and "05-moving.md" in str(problems[0]) and "never closed" in str(problems[0])


# ------------------------------------------------------------------------------ the scene

def test_the_reader_opens_from_the_play_screen_scrolls_jumps_and_goes_back():
    app = make_app(scenes=(), lang="en")
    play = LupinPlayScene(seeded_match("gran-colpo"), autosave=False, start_revealed=True)
    app.stack.push(play)
    app.update(0.02)
    frame(app)
    click(app, RULES_BUTTON.center)
    reader = app.stack.top
    assert isinstance(reader, RulesReaderScene)
    assert "big-bank-job" in [c.id for c in reader.chapters] and "ruby-red" not in [c.id for c in reader.chapters]
    assert reader.scroll == 0 and reader.current_chapter() == 0
    top = frame(app)
    # the mouse wheel reads on
    move(app, PAGE.center)
    wheel(app, -3)
    assert reader.scroll > 0
    scrolled = frame(app)
    assert scrolled != top
    wheel(app, 10)
    assert reader.scroll == 0
    # a chapter of the table of contents
    rects = reader.toc_rects()
    click(app, rects[6].center)
    assert reader.scroll == pytest.approx(reader.starts[6]) and reader.current_chapter() == 6
    assert reader.chapters[6].id == "seen"
    # the scrollbar: a click on the track below the thumb goes a page down; dragging the thumb to the bottom ends
    before = reader.scroll
    thumb = reader.thumb()
    click(app, (SCROLLBAR.centerx, min(SCROLLBAR.bottom - 2, thumb.bottom + 30)))
    assert reader.scroll > before
    thumb = reader.thumb()
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.canvas.point_px(thumb.center), button=1))
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=app.canvas.point_px((thumb.centerx, SCROLLBAR.bottom + 200)),
                                   rel=(0, 0), buttons=(1, 0, 0)))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.canvas.point_px((thumb.centerx, SCROLLBAR.bottom + 200)),
                                   button=1))
    assert reader.scroll == pytest.approx(reader.max_scroll)
    assert reader.current_chapter() == len(reader.chapters) - 1
    key(app, pygame.K_HOME)
    assert reader.scroll == 0
    key(app, pygame.K_PAGEDOWN)
    assert reader.scroll > 0
    # Esc goes back to the game, as it was
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play and play.revealed


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_reader_opens_from_the_set_up_in_the_language_chosen(lang):
    app = make_app(scenes=(), lang=lang)
    setup = LupinSetupScene("rosso-rubino", look_for_saves=False)
    app.stack.push(setup)
    app.update(0.02)
    frame(app)
    click(app, setup.rules_button.rect.center)
    reader = app.stack.top
    assert isinstance(reader, RulesReaderScene)
    assert [c.title for c in reader.chapters] == [c.title for c in lupin_chapters("rosso-rubino", lang)]
    first = load_book("lupin", lang)[0].title
    assert reader.chapters[0].title == first
    frame(app)
    click(app, reader.back_button.rect.center)
    assert app.stack.top is setup


def test_the_reader_follows_a_change_of_language_and_keeps_its_chapter():
    app = make_app(scenes=(), lang="en")
    from game.lupin.ui.rules_book import rules_reader

    reader = rules_reader("rosso-rubino", open_at="treasure")
    app.stack.push(reader)
    frame(app)
    assert reader.chapters[reader.current_chapter()].id == "treasure"
    english = reader.chapters[0].title
    set_language("it")
    try:
        frame(app)
        assert reader.chapters[0].title != english
        assert reader.chapters[reader.current_chapter()].id == "treasure"
    finally:
        set_language("en")


# ------------------------------------------------------------------------------ what the page draws (issue #11)

def _draw_whole_book(app, reader):
    """Every line of the book as drawn, page after page: (text, logical rect, face, y asked)."""
    drawn = []
    real = app.canvas.text

    def record(text, pos, size=24, face="body", *args, **kw):
        r = real(text, pos, size, face, *args, **kw)
        drawn.append((text, r, face, pos[1]))
        return r

    app.canvas.text = record
    try:
        scroll = 0.0
        while True:
            reader.set_scroll(scroll)
            reader._draw_page(app.canvas)
            if reader.scroll >= reader.max_scroll:
                break
            scroll += PAGE.height - 80
    finally:
        del app.canvas.text
    return drawn


def _styled_spans(chapters, style):
    """The texts the Markdown marks strong (or em), read with markdown-it itself."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    out = []
    for ch in chapters:
        for b in ch.blocks:
            if b.kind in ("h2", "h3"):
                continue
            toks = md.parseInline(b.text)[0].children
            inside, buf = 0, []
            for tok in toks:
                if tok.type == f"{style}_open":
                    inside += 1
                elif tok.type == f"{style}_close":
                    inside -= 1
                    if not inside:
                        out.append(" ".join("".join(buf).split()))
                        buf = []
                elif inside and tok.type == "text":
                    buf.append(tok.content)
    return [s for s in out if s]


@pytest.mark.parametrize("episode", ["rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_page_draws_no_markdown_marks_and_bold_words_bold_without_gaps(lang, episode):
    """At 1280×720 (glyphs drawn smaller than the logical size): no '*' or '**' reaches the page from
    any chapter, bold spans are drawn in the bold face and italic ones in the italic face, and each
    run starts where the one before it ends as drawn (no gap before a bold word), with no double
    space anywhere."""
    from game.lupin.ui.rules_book import rules_reader
    from game.ui import theme

    app = make_app(scenes=(), lang=lang, size=(1280, 720))
    reader = rules_reader(episode)
    app.stack.push(reader)
    frame(app)
    drawn = _draw_whole_book(app, reader)
    texts = [d[0] for d in drawn]
    assert not [s for s in texts if "*" in s]
    assert not [s for s in texts if "  " in s]
    bold = " ".join(" ".join(d[0].split()) for d in drawn if d[2] == theme.BOLD)
    missing = [s for s in _styled_spans(reader.chapters, "strong") if s not in bold]
    assert not missing
    italic = " ".join(" ".join(d[0].split()) for d in drawn if d[2] == theme.ITALIC)
    assert not [s for s in _styled_spans(reader.chapters, "em") if s not in italic]
    # consecutive runs of one line: the next starts at the drawn end of the previous one
    gaps = []
    for (ta, ra, fa, ya), (tb, rb, fb, yb) in zip(drawn, drawn[1:]):
        if ya == yb and fa != fb and ra.top == rb.top and not (ta[:-1].isdigit() and ta.endswith(".")):
            gap = rb.left - ra.right
            if abs(gap) > 1 / app.canvas.scale + 0.01:
                gaps.append((ta, tb, round(gap, 2)))
            assert not (ta.endswith(" ") and tb.startswith(" "))
    assert not gaps


def test_a_table_is_drawn_in_columns_with_its_head_bold():
    from game.ui import theme

    md = "# T\n\nBefore.\n\n| Device | Price |\n|---|---|\n| **Rope** | 300$ |\n| Knife | *free* |\n"
    chapter = parse_chapter(md, "x")
    assert [(b.kind, b.cells) for b in chapter.blocks[1:]] == [
        ("th", ("Device", "Price")), ("td", ("**Rope**", "300$")), ("td", ("Knife", "*free*"))]
    app = make_app(scenes=(), lang="en")
    reader = RulesReaderScene(lambda lang: [chapter], "T")
    app.stack.push(reader)
    frame(app)
    drawn = {d[0]: d for d in _draw_whole_book(app, reader)}
    assert drawn["Device"][2] == theme.BOLD and drawn["Rope"][2] == theme.BOLD and drawn["free"][2] == theme.ITALIC
    assert drawn["Knife"][2] == theme.BODY
    assert drawn["Device"][1].left == pytest.approx(drawn["Knife"][1].left, abs=1)
    assert drawn["Price"][1].left == pytest.approx(drawn["300$"][1].left, abs=1)
    assert drawn["Price"][1].left > drawn["Device"][1].right + 100
    assert drawn["Knife"][1].top > drawn["Rope"][1].top > drawn["Device"][1].top


def test_the_markdown_parser_is_a_declared_dependency_and_goes_into_the_bundle():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    deps = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert any(d.startswith("markdown-it-py>=") and "<" in d for d in deps)
    assert 'collect_submodules("markdown_it")' in (root / "packaging" / "heist-table.spec").read_text(encoding="utf-8")


def test_the_italian_reader_calls_the_game_lupin_iii_as_the_rest_of_the_italian_screens():
    from game.engine.i18n import t

    set_language("it")
    try:
        assert t("rules_reader.kicker", game=t("rules_reader.lupin.title")) == "Lupin III · il regolamento"
        assert t("lupin_cards.gallery.kicker").startswith("Lupin III ·")
    finally:
        set_language("en")
