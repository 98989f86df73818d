"""The rules reader: a book of chapters (game.engine.rulebook) on a page that scrolls.

On the left, the table of contents: a click jumps to a chapter, and the chapter being read is
marked. On the right, one long page like a printed rulebook (paper, ink, chapter titles, sections,
paragraphs with bold and italic words, bullets, numbered lists, tables: the Markdown token
stream of game/engine/rulebook.py), read with the mouse wheel, the scrollbar
(drag its thumb or click its track), or the keys (arrows, Page Up/Down, Home/End). Esc or Back
returns to the scene below.

The scene is shared by every title: it takes the chapters from a ``book(lang)`` callable, read
again whenever the language changes, so a title's reader (its rules book module) only
says which chapters to show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.i18n import current_language, t
from game.engine.rulebook import Block, Chapter, plain, spans
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button, mix

TOC = pygame.FRect(80, 138, 330, 648)
PAGE = pygame.FRect(440, 138, 1010, 748)
SCROLLBAR = pygame.FRect(PAGE.right + 14, PAGE.top + 8, 10, PAGE.height - 16)
MARGIN_X, MARGIN_Y = 84, 56
COLUMN = PAGE.width - 2 * MARGIN_X
TOC_ROW = 34
WHEEL_STEP = 72

PAPER = (244, 237, 222)
PAPER_SHADE = (232, 222, 200)
INK = (40, 34, 30)
INK_SOFT = (104, 92, 78)
ACCENT = (160, 40, 40)

BODY_SIZE = 19
STYLES = {  # kind: size, face (bold runs use the bold face), colour, space before, space after
    "chapter": (44, theme.DISPLAY, ACCENT, 0, 14),
    "h2": (25, theme.BOLD, INK, 20, 8),
    "h3": (21, theme.BOLD, INK_SOFT, 14, 6),
    "p": (BODY_SIZE, theme.BODY, INK, 0, 12),
    "bullet": (BODY_SIZE, theme.BODY, INK, 0, 7),
    "number": (BODY_SIZE, theme.BODY, INK, 0, 7),
}
INDENT = 30


@dataclass
class Line:
    """One laid-out line of the page: its runs of (text, face), where and how it is drawn."""

    y: float
    x: float
    runs: list[tuple[str, str]]
    size: float
    face: str
    colour: Any
    marker: str = ""          # a bullet or a number, drawn left of x
    rule: bool | str = False  # True: a chapter's ornament rule instead of text; "thin": a table's rule


def _font_width(text: str, size: float, face: str) -> float:
    return float(Canvas.layout_font(face, size).size(text)[0])


def _run_face(face: str, bold: bool, italic: bool) -> str:
    """The face a run is drawn in: bold and italic runs of body text use the bold and italic
    faces (bold wins when both: there is no bold italic face); headings keep their own face."""
    if face != theme.BODY:
        return face
    return theme.BOLD if bold else (theme.ITALIC if italic else face)


def _wrap_runs(runs: Sequence[tuple], width: float, size: float, face: str) -> list[list[tuple[str, str]]]:
    """Greedy wrap of styled runs ((text, bold) or (text, bold, italic)) at ``width``: a list of
    lines, each a list of (text, face) runs. A space between words belongs to the run after it."""
    words: list[tuple[str, str, bool]] = []
    spaced = True     # did the text so far end with a space?
    for run in runs:
        text = run[0]
        f = _run_face(face, bool(run[1]) if len(run) > 1 else False, bool(run[2]) if len(run) > 2 else False)
        pieces = text.split(" ")
        for i, w in enumerate(pieces):
            if w:
                # a word glued to the previous run ("**word**," or "a**b**") keeps no space
                words.append((w, f, i == 0 and not spaced))
        if text:
            spaced = text.endswith(" ")
    lines: list[list[tuple[str, str]]] = []
    line: list[tuple[str, str]] = []
    x = 0.0
    for w, f, glue in words:
        ww = _font_width(w, size, f)
        gap = 0.0 if (glue or not line) else _font_width(" ", size, f)
        if line and x + gap + ww > width:
            lines.append(line)
            line, x, gap = [], 0.0, 0.0
        if line and line[-1][1] == f:
            line[-1] = (line[-1][0] + (" " if gap else "") + w, f)
        else:
            line.append(((" " if gap else "") + w, f))
        x += gap + ww
    if line:
        lines.append(line)
    return lines


def _table(rows: Sequence[Block], y: float, width: float) -> tuple[list[Line], float]:
    """A table's rows (th, td blocks) in equal columns, each cell wrapped in its column; a thin
    rule under the head and after the last row."""
    lines: list[Line] = []
    cols = max(len(r.cells) for r in rows) or 1
    gutter = 18.0
    col_w = (width - gutter * (cols - 1)) / cols
    size = BODY_SIZE - 1
    step = size * 1.38
    for r in rows:
        face = theme.BOLD if r.kind == "th" else theme.BODY
        tallest = 1
        for c, cell in enumerate(r.cells):
            x = c * (col_w + gutter)
            rows_ = _wrap_runs(spans(cell), col_w, size, face)
            for k, row in enumerate(rows_):
                lines.append(Line(y + k * step, x, row, size, face, INK))
            tallest = max(tallest, len(rows_))
        y += tallest * step + 6
        if r.kind == "th" or r is rows[-1]:
            lines.append(Line(y - 2, 0, [], 0, theme.BODY, INK_SOFT, rule="thin"))
            y += 8
    return lines, y


def layout(chapters: Sequence[Chapter], width: float = COLUMN,
           tag: Callable[[Chapter], str] | None = None) -> tuple[list[Line], list[float], float]:
    """The whole book as lines in page coordinates (0 = the page's top edge, x from the column's
    left); the y where each chapter starts; the total height."""
    lines: list[Line] = []
    starts: list[float] = []
    y: float = MARGIN_Y
    total = len(chapters)
    for n, ch in enumerate(chapters, start=1):
        if n > 1:
            y += 40
            lines.append(Line(y, 0, [], 0, theme.BODY, PAPER_SHADE, rule=True))
            y += 46
        starts.append(y - (86 if n > 1 else MARGIN_Y))
        kicker = t("rules_reader.chapter_of", n=n, total=total).upper()
        lines.append(Line(y, 0, [(kicker, theme.BOLD)], 14, theme.BOLD, INK_SOFT))
        y += 26
        size, face, colour, _before, after = STYLES["chapter"]
        for row in _wrap_runs([(ch.title, False)], width, size, face):
            lines.append(Line(y, 0, row, size, face, colour))
            y += size * 1.08
        note = tag(ch) if tag is not None else ""
        if note:
            lines.append(Line(y + 2, 0, [(note, theme.ITALIC)], 15, theme.ITALIC, ACCENT))
            y += 24
        y += after
        blocks = list(ch.blocks)
        k = 0
        while k < len(blocks):
            block = blocks[k]
            if block.kind in ("th", "td"):
                rows = [block]
                while k + 1 < len(blocks) and blocks[k + 1].kind == "td":
                    k += 1
                    rows.append(blocks[k])
                table, y = _table(rows, y + 4, width)
                lines.extend(table)
                y += 10
                k += 1
                continue
            size, face, colour, before, after = STYLES[block.kind]
            y += before
            x = INDENT * (block.level + (1 if block.kind in ("bullet", "number") else 0))
            marker = "•" if block.kind == "bullet" else (f"{block.n}." if block.kind == "number" else "")
            runs = spans(block.text) if block.kind not in ("h2", "h3") else [(plain(block.text), False)]
            step = size * (1.42 if block.kind in ("p", "bullet", "number") else 1.2)
            for i, row in enumerate(_wrap_runs(runs, width - x, size, face)):
                lines.append(Line(y, x, row, size, face, colour, marker if i == 0 else ""))
                y += step
            y += after
            k += 1
    y += MARGIN_Y
    return lines, starts, y


class RulesReaderScene(Scene):
    """See the module docstring. ``book(lang)`` gives the chapters; ``title`` and ``kicker`` head
    the screen; ``tag(chapter)`` may add a line under a chapter's title (e.g. "This episode only")."""

    fills_window = True

    def __init__(self, book: Callable[[str], list[Chapter]], title: Callable[[], str] | str,
                 kicker: Callable[[], str] | str = "", *, tag: Callable[[Chapter], str] | None = None,
                 open_at: str | None = None) -> None:
        super().__init__()
        self.book = book
        self.title = title
        self.kicker = kicker
        self.tag = tag
        self.open_at = open_at            # a chapter id to show first (read once, on the first layout)
        self.scroll = 0.0
        self._lang: str | None = None
        self.chapters: list[Chapter] = []
        self.lines: list[Line] = []
        self.starts: list[float] = []
        self.height = 0.0
        self._drag: float | None = None   # the grab offset inside the thumb while dragging it
        self.back_button = Button((TOC.left, 812, 230, 58), lambda: t("common.back"), self.back, icon="back")
        self.widgets = [self.back_button]
        self._relayout()

    # ---------------------------------------------------------------- content
    def _relayout(self) -> None:
        lang = current_language()
        if lang == self._lang:
            return
        current = self.chapters[self.current_chapter()].id if self.chapters else None
        self._lang = lang
        self.chapters = list(self.book(lang))
        self.lines, self.starts, self.height = layout(self.chapters, COLUMN, self.tag)
        if current is not None:
            self.goto(current)
        elif self.open_at is not None:
            self.goto(self.open_at)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.height - PAGE.height)

    def set_scroll(self, value: float) -> None:
        self.scroll = min(max(0.0, value), self.max_scroll)

    def goto(self, chapter: str | int) -> None:
        """Scroll so that a chapter (its id or index) starts at the top of the page."""
        if isinstance(chapter, str):
            ids = [c.id for c in self.chapters]
            if chapter not in ids:
                return
            chapter = ids.index(chapter)
        if 0 <= chapter < len(self.starts):
            self.set_scroll(self.starts[chapter])

    def current_chapter(self) -> int:
        """The chapter at the top of the page (the last one whose start is in view or above)."""
        best = 0
        for i, start in enumerate(self.starts):
            if start <= self.scroll + PAGE.height * 0.3:
                best = i
        return best

    def toc_rects(self) -> list[pygame.FRect]:
        top = TOC.top + 58
        return [pygame.FRect(TOC.left + 10, top + i * TOC_ROW, TOC.width - 20, TOC_ROW - 4)
                for i in range(len(self.chapters))]

    # ---------------------------------------------------------------- the scrollbar
    def thumb(self) -> pygame.FRect:
        track = SCROLLBAR
        if self.height <= PAGE.height:
            return pygame.FRect(track)
        h = max(40.0, track.height * PAGE.height / self.height)
        y = track.top + (track.height - h) * (self.scroll / self.max_scroll if self.max_scroll else 0)
        return pygame.FRect(track.left, y, track.width, h)

    def _scroll_to_thumb(self, thumb_top: float) -> None:
        track = SCROLLBAR
        h = self.thumb().height
        room = max(1.0, track.height - h)
        self.set_scroll((thumb_top - track.top) / room * self.max_scroll)

    # ---------------------------------------------------------------- input
    def back(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def handle(self, event: Any) -> bool:
        self._relayout()
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: WHEEL_STEP, pygame.K_UP: -WHEEL_STEP, pygame.K_PAGEDOWN: PAGE.height * 0.9,
                    pygame.K_PAGEUP: -PAGE.height * 0.9, pygame.K_SPACE: PAGE.height * 0.9}
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in keys:
                self.set_scroll(self.scroll + keys[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.set_scroll(0)
                return True
            if event.key == pygame.K_END:
                self.set_scroll(self.max_scroll)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.set_scroll(self.scroll - getattr(event, "y", 0) * WHEEL_STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (4, 5):
            return True   # old-style wheel clicks: the MOUSEWHEEL event scrolls
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            pos = event.pos
            thumb = self.thumb()
            if thumb.inflate(10, 0).collidepoint(pos):
                self._drag = pos[1] - thumb.top
                return True
            if SCROLLBAR.inflate(14, 0).collidepoint(pos):
                self.set_scroll(self.scroll + (PAGE.height * 0.9 if pos[1] > thumb.centery else -PAGE.height * 0.9))
                return True
            for i, r in enumerate(self.toc_rects()):
                if r.collidepoint(pos):
                    self.goto(i)
                    return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            self.mouse = tuple(event.pos)
            self._scroll_to_thumb(event.pos[1] - self._drag)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        return super().handle(event)

    def wants_hand_cursor(self) -> bool:
        if any(r.collidepoint(self.mouse) for r in self.toc_rects()):
            return True
        return bool(SCROLLBAR.inflate(14, 0).collidepoint(self.mouse)) or super().wants_hand_cursor()

    # ---------------------------------------------------------------- drawing
    def draw(self, canvas: Canvas) -> None:
        """The page changes only when it scrolls, the pointer moves over the contents, or the
        language changes: drawn once per such state into a cached layer."""
        self._relayout()
        hot = next((i for i, r in enumerate(self.toc_rects()) if r.collidepoint(self.mouse)), None)
        thumb_hot = self.thumb().inflate(10, 0).collidepoint(self.mouse) or self._drag is not None
        key = ("rules-reader", id(self), round(self.scroll, 1), hot, thumb_hot, current_language())
        canvas.layer(key, self._draw_static)
        super().draw(canvas)

    def _draw_static(self, canvas: Canvas) -> None:
        kicker = self.kicker() if callable(self.kicker) else self.kicker
        title = self.title() if callable(self.title) else self.title
        backdrop.menu_page(canvas, kicker, title, top=40, size=60)
        canvas.text(t("rules_reader.hint"), (PAGE.right, 102), 15, theme.ITALIC, theme.MUTED, anchor="topright")
        self._draw_toc(canvas)
        self._draw_page(canvas)
        self._draw_scrollbar(canvas)

    def _draw_toc(self, canvas: Canvas) -> None:
        canvas.fill((14, 21, 41, 238), TOC, radius=16)
        canvas.border(theme.EDGE_LIGHT, TOC, width=1.5, radius=16)
        canvas.text(t("rules_reader.contents").upper(), (TOC.left + 22, TOC.top + 22), 15, theme.BOLD, theme.GOLD,
                    tracking=3)
        current = self.current_chapter()
        for i, (r, ch) in enumerate(zip(self.toc_rects(), self.chapters)):
            hot = r.collidepoint(self.mouse)
            if i == current:
                canvas.fill((240, 184, 72, 40), r, radius=7)
                canvas.fill(theme.GOLD, pygame.FRect(r.left, r.top + 5, 4, r.height - 10), radius=2)
            elif hot:
                canvas.fill((40, 56, 98, 200), r, radius=7)
            colour = theme.GOLD_LIGHT if i == current else (theme.INK if hot else theme.MUTED)
            num = f"{i + 1:>2}"
            canvas.text(num, (r.left + 16, r.centery), 15, theme.BOLD, theme.FAINT, anchor="midleft")
            label = ch.title
            avail = r.width - 56
            size = 17.0
            while size > 13 and canvas.measure(label, size, theme.BOLD)[0] > avail:
                size -= 0.5
            while canvas.measure(label, size, theme.BOLD)[0] > avail and len(label) > 4:
                label = label[:-2].rstrip() + "…"
            canvas.text(label, (r.left + 44, r.centery), size, theme.BOLD, colour, anchor="midleft")

    def _draw_page(self, canvas: Canvas) -> None:
        canvas.fill((0, 0, 0, 130), PAGE.move(5, 8), radius=6)
        canvas.fill(PAPER, PAGE, radius=6)
        canvas.fill(PAPER_SHADE, pygame.FRect(PAGE.left, PAGE.top, 10, PAGE.height), radius=6)
        canvas.border((198, 184, 156), PAGE, width=1.5, radius=6)
        left = PAGE.left + MARGIN_X
        with canvas.clip(PAGE.inflate(-4, -4)):
            for line in self.lines:
                y = PAGE.top + line.y - self.scroll
                if y > PAGE.bottom or y + 60 < PAGE.top:
                    continue
                if line.rule == "thin":
                    canvas.line(line.colour, (left + line.x, y), (PAGE.right - MARGIN_X, y), 1)
                    continue
                if line.rule:
                    cx = PAGE.centerx
                    canvas.line((190, 172, 140), (left, y), (cx - 30, y), 1.5)
                    canvas.line((190, 172, 140), (cx + 30, y), (PAGE.right - MARGIN_X, y), 1.5)
                    canvas.polygon(ACCENT, [(cx, y - 8), (cx + 8, y), (cx, y + 8), (cx - 8, y)])
                    continue
                x = left + line.x
                if line.marker:
                    if line.marker == "•":
                        canvas.circle(ACCENT, (x - 16, y + line.size * 0.62), 3.6)
                    else:
                        canvas.text(line.marker, (x - 8, y), line.size, theme.BOLD, ACCENT, anchor="topright")
                tracking = 2.0 if line.face == theme.BOLD and line.size <= 14 else 0.0
                for text, face in line.runs:
                    r = canvas.text(text, (x, y), line.size, face, line.colour, tracking=tracking)
                    # the next run starts where this one ends as drawn (glyphs at the window's
                    # pixel size are not exactly the logical size's: advancing by the logical
                    # width left gaps before bold words, or overlaps, at other window sizes)
                    x = r.right
        # the top and bottom edges fade into the paper, like a page turned under the fingers
        for i in range(6):
            a = 150 - i * 25
            canvas.fill((*PAPER, a), pygame.FRect(PAGE.left + 10, PAGE.top + 2 + i * 3, PAGE.width - 12, 3))
            canvas.fill((*PAPER, a), pygame.FRect(PAGE.left + 10, PAGE.bottom - 5 - i * 3, PAGE.width - 12, 3))

    def _draw_scrollbar(self, canvas: Canvas) -> None:
        canvas.fill((20, 30, 56, 220), SCROLLBAR, radius=5)
        thumb = self.thumb()
        hot = thumb.inflate(10, 0).collidepoint(self.mouse) or self._drag is not None
        canvas.fill(mix(theme.GOLD_DARK, theme.GOLD_LIGHT, 1.0 if hot else 0.35), thumb, radius=5)



# ---------------------------------------------------------------- a title's book, offered by the shell

BookFactory = Callable[..., Scene]   # (open_at: str | None = None) -> the reader on the title's book
_BOOKS: dict[str, BookFactory] = {}


def register_rules_book(title: str, factory: BookFactory) -> None:
    """A title on the shell's set-up and table registers its rules reader (its UI module does, when
    imported): the set-up then shows a Rules button and the in-game menu a Rules entry."""
    _BOOKS[title] = factory


def rules_book(title: str) -> BookFactory | None:
    """The registered rules reader of ``title`` (None: it has none the shell should offer)."""
    from game.ui.registry import load_scene_modules

    load_scene_modules()
    return _BOOKS.get(title)
