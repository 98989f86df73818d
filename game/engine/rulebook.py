"""Rules texts for the rules reader: chapters written in Markdown, one file each.

A title's book lives in ``data/<title>/rules_reader/<lang>/``, one ``NN-id.md`` file per chapter
(``NN`` orders them, ``id`` names the chapter in both languages). The files are CommonMark (with
tables), parsed by markdown-it-py; the reader draws what its token stream holds::

    # Chapter title            (the first heading, once)
    ## Section  /  ### Sub-section
    paragraphs, - bullets, 1. numbered items (nested lists indent), | tables |
    **bold**, *italic*, ***both*** inside any text
    <!-- episodes: gran-colpo -->   (a chapter for these episodes only)

Pure Python (no pygame): the loader, the parser and a content checker (``heist-table
check-data``) that holds both languages of every book to the same chapters, with the same
episodes, and reports the file and line of a mistake (a ``**`` never closed, a missing title...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt

from game.engine import resources
from game.engine.content import ContentError, register_checker

LANGS = ("it", "en")
_FILE = re.compile(r"^(\d+)-([a-z0-9][a-z0-9-]*)\.md$")
_EPISODES = re.compile(r"^<!--\s*episodes:\s*(.*?)\s*-->$", re.S)


@dataclass(frozen=True)
class Block:
    """One piece of a chapter: ``kind`` is h2, h3, p, bullet, number (``n`` its number), or a
    table's row, th (its head) or td (``cells`` the cells' texts). ``text`` keeps the Markdown of
    the inline text (**bold**, *italic*); :func:`spans` cuts it into styled runs. ``level`` is how
    deep a list item is nested (0: not nested)."""

    kind: str
    text: str
    n: int = 0
    level: int = 0
    cells: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    blocks: tuple[Block, ...]
    episodes: tuple[str, ...] = ()   # empty: every episode


Run = tuple[str, bool, bool]      # (text, bold, italic)


@lru_cache(maxsize=1)
def markdown() -> MarkdownIt:
    """The parser: CommonMark with tables; raw HTML is never drawn (comments carry metadata)."""
    return MarkdownIt("commonmark").enable("table")


@lru_cache(maxsize=4096)
def _inline_runs(text: str) -> tuple[Run, ...]:
    tokens = markdown().parseInline(text)
    runs: list[Run] = []
    bold = italic = 0
    for tok in tokens[0].children or () if tokens else ():
        if tok.type == "strong_open":
            bold += 1
        elif tok.type == "strong_close":
            bold -= 1
        elif tok.type == "em_open":
            italic += 1
        elif tok.type == "em_close":
            italic -= 1
        elif tok.type in ("softbreak", "hardbreak"):
            piece = (" ", bold > 0, italic > 0)
            runs.append(piece)
        elif tok.type in ("text", "code_inline"):
            if tok.content:
                runs.append((tok.content, bold > 0, italic > 0))
        elif tok.children:          # a link or an image: its text
            runs.extend((c.content, bold > 0, italic > 0) for c in tok.children if c.type == "text" and c.content)
    merged: list[Run] = []
    for text_, b, i in runs:
        if merged and merged[-1][1:] == (b, i):
            merged[-1] = (merged[-1][0] + text_, b, i)
        else:
            merged.append((text_, b, i))
    return tuple(merged)


def spans(text: str) -> list[Run]:
    """``text`` (inline Markdown) as (piece, bold, italic) runs, its markup gone."""
    return list(_inline_runs(text))


def plain(text: str) -> str:
    """``text`` (inline Markdown) without its markup."""
    return "".join(r[0] for r in _inline_runs(text))


def _check_inline(text: str, where: Path, line: int, chapter_id: str) -> None:
    """A '*' left in the drawn text is a '**' or '*' that opens no emphasis (never closed)."""
    if "*" in plain(text) and "*" in text.replace("\\*", ""):
        raise ContentError(where, line, chapter_id, "a '**' (or '*') opens bold text that is never closed")


def parse_chapter(text: str, chapter_id: str, file: Path | None = None) -> Chapter:
    """One chapter file; a mistake is a ContentError naming the file and the line."""
    where = file or Path(f"<{chapter_id}>")
    title: str | None = None
    episodes: tuple[str, ...] = ()
    blocks: list[Block] = []
    lists: list[list] = []          # the open lists: [kind, next number]
    item: list | None = None        # the open list item: [kind, n, level, used]
    row: list[str] | None = None    # the open table row's cells
    head = False
    tokens = markdown().parse(text)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        line = tok.map[0] + 1 if tok.map else 1
        kind = tok.type
        if kind == "html_block":
            m = _EPISODES.match(tok.content.strip())
            if m:
                episodes = tuple(e.strip() for e in m.group(1).split(",") if e.strip())
            elif not tok.content.strip().startswith("<!--"):
                raise ContentError(where, line, chapter_id, "HTML is not drawn: write Markdown")
        elif kind == "heading_open":
            inline = tokens[i + 1].content
            _check_inline(inline, where, line, chapter_id)
            if tok.tag == "h1":
                if title is not None:
                    raise ContentError(where, line, chapter_id, "a chapter has one '# ' title; use '## ' for a section")
                title = plain(inline).strip()
            elif title is None:
                raise ContentError(where, line, chapter_id, "a chapter starts with its '# ' title")
            elif tok.tag in ("h2", "h3"):
                blocks.append(Block(tok.tag, inline))
            else:
                raise ContentError(where, line, chapter_id, "only '# ', '## ' and '### ' headings are known")
            i += 3
            continue
        elif title is None and kind not in ("hr",):
            raise ContentError(where, line, chapter_id, "a chapter starts with its '# ' title")
        elif kind in ("bullet_list_open", "ordered_list_open"):
            start = int(tok.attrs.get("start", 1) or 1) if kind == "ordered_list_open" else 0
            lists.append(["bullet" if kind == "bullet_list_open" else "number", start])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            lk = lists[-1]
            n = int(tok.info) if lk[0] == "number" and tok.info.isdigit() else lk[1]
            lk[1] = n + 1
            item = [lk[0], n, len(lists) - 1, False]
        elif kind == "list_item_close":
            item = None
        elif kind == "thead_open":
            head = True
        elif kind == "thead_close":
            head = False
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close":
            blocks.append(Block("th" if head else "td", " · ".join(row or []), cells=tuple(row or [])))
            row = None
        elif kind == "inline" and row is not None:
            _check_inline(tok.content, where, line, chapter_id)
            row.append(tok.content.strip())
        elif kind == "inline":
            _check_inline(tok.content, where, line, chapter_id)
            tok.content = " ".join(s.strip() for s in tok.content.splitlines())
            if item is not None and not item[3]:
                blocks.append(Block(item[0], tok.content, item[1] if item[0] == "number" else 0, item[2]))
                item[3] = True
            elif item is not None:      # a second paragraph inside a list item: under it
                blocks.append(Block("p", tok.content, 0, item[2] + 1))
            else:
                blocks.append(Block("p", tok.content))
        elif kind in ("fence", "code_block"):
            raise ContentError(where, line, chapter_id,
                               "a code block (a line indented by 4 spaces?) is not drawn: indent by 2 at most")
        i += 1
    if title is None:
        raise ContentError(where, 1, chapter_id, "the chapter has no '# ' title")
    if not blocks:
        raise ContentError(where, 1, chapter_id, "the chapter is empty")
    return Chapter(chapter_id, title, tuple(blocks), episodes)


def book_dir(title: str, lang: str, root: Path | None = None) -> Path:
    return resources.data_dir(root) / title / "rules_reader" / lang


def chapter_files(folder: Path) -> list[tuple[str, Path]]:
    """``(chapter id, file)`` in the book's order; a file not named ``NN-id.md`` is an error."""
    out = []
    for path in sorted(folder.glob("*.md")):
        m = _FILE.match(path.name)
        if not m:
            raise ContentError(path, None, None, "a chapter file is named NN-id.md (e.g. 03-set-up.md)")
        out.append((int(m.group(1)), m.group(2), path))
    out.sort()
    return [(cid, path) for _n, cid, path in out]


def load_book(title: str, lang: str, root: Path | None = None) -> list[Chapter]:
    folder = book_dir(title, lang, root)
    if not folder.is_dir():
        raise ContentError(folder, None, None, f"no rules for {title!r} in {lang!r}")
    return [parse_chapter(path.read_text(encoding="utf-8"), cid, path) for cid, path in chapter_files(folder)]


@register_checker("rules-reader")
def check_rules_reader(root: Path) -> list[ContentError]:
    """Every book parses, in both languages, with the same chapters for the same episodes."""
    problems: list[ContentError] = []
    data = resources.data_dir(root)
    for books in sorted(data.glob("*/rules_reader")):
        title = books.parent.name
        loaded: dict[str, dict[str, Chapter | None]] = {}
        for lang in LANGS:
            folder = books / lang
            if not folder.is_dir():
                problems.append(ContentError(folder, None, None, f"the {title} rules have no {lang!r} text"))
                continue
            chapters: dict[str, Chapter | None] = {}   # None: there, but with a mistake (reported)
            try:
                for cid, path in chapter_files(folder):
                    try:
                        chapters[cid] = parse_chapter(path.read_text(encoding="utf-8"), cid, path)
                    except ContentError as exc:
                        chapters[cid] = None
                        problems.append(exc)
            except ContentError as exc:
                problems.append(exc)
            loaded[lang] = chapters
        if len(loaded) < 2:
            continue
        it, en = loaded["it"], loaded["en"]
        for a, b, names in (("it", "en", set(it) - set(en)), ("en", "it", set(en) - set(it))):
            for cid in sorted(names):
                problems.append(ContentError(books / b, None, cid,
                                             f"the chapter {cid!r} is in {a!r} but missing in {b!r}"))
        for cid in sorted(set(it) & set(en)):
            chap_it, chap_en = it[cid], en[cid]
            if chap_it is not None and chap_en is not None and chap_it.episodes != chap_en.episodes:
                problems.append(ContentError(books / "en", None, cid,
                                             "the chapter names other episodes than its Italian text"))
        order_it = [c for c in it if c in en]
        order_en = [c for c in en if c in it]
        if order_it != order_en:
            problems.append(ContentError(books, None, None, "the chapters are in another order in each language"))
    return problems
