"""Rules texts for the rules reader: chapters written in a small markdown subset, one file each.

A title's book lives in ``data/<title>/rules_reader/<lang>/``, one ``NN-id.md`` file per chapter
(``NN`` orders them, ``id`` names the chapter in both languages). The subset::

    # Chapter title            (the first line, once)
    ## Section  /  ### Sub-section
    A paragraph: consecutive lines are joined; a blank line ends it.
    - a bullet (indented lines continue it)
    1. a numbered item
    **bold** inside any text
    <!-- episodes: gran-colpo -->   (a chapter for these episodes only)

Pure Python (no pygame): the loader, the parser and a content checker (``heist-table
check-data``) that holds both languages of every book to the same chapters, with the same
episodes, and reports the file and line of a mistake (an unclosed ``**``, a missing title...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game.engine import resources
from game.engine.content import ContentError, register_checker

LANGS = ("it", "en")
_FILE = re.compile(r"^(\d+)-([a-z0-9][a-z0-9-]*)\.md$")
_EPISODES = re.compile(r"^<!--\s*episodes:\s*(.*?)\s*-->$")
_NUMBER = re.compile(r"^(\d+)\.\s+(.*)$")


@dataclass(frozen=True)
class Block:
    """One piece of a chapter: ``kind`` is h2, h3, p, bullet or number (``n`` its number)."""

    kind: str
    text: str
    n: int = 0


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    blocks: tuple[Block, ...]
    episodes: tuple[str, ...] = ()   # empty: every episode


def spans(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into (piece, bold) runs at its ``**`` marks."""
    parts = text.split("**")
    return [(p, i % 2 == 1) for i, p in enumerate(parts) if p]


def parse_chapter(text: str, chapter_id: str, file: Path | None = None) -> Chapter:
    """One chapter file; a mistake is a ContentError naming the file and the line."""
    where = file or Path(f"<{chapter_id}>")
    title: str | None = None
    episodes: tuple[str, ...] = ()
    blocks: list[Block] = []
    current: list[str] = []     # the lines of the block being read
    kind, number, start = "", 0, 0

    def flush() -> None:
        nonlocal current, kind
        if current:
            joined = " ".join(s.strip() for s in current).strip()
            if joined.count("**") % 2:
                raise ContentError(where, start, chapter_id, "a '**' opens bold text that is never closed")
            blocks.append(Block(kind, joined, number))
        current, kind = [], ""

    for i, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        m = _EPISODES.match(stripped)
        if m:
            flush()
            episodes = tuple(e.strip() for e in m.group(1).split(",") if e.strip())
            continue
        if stripped.startswith("<!--"):
            flush()
            continue
        if line.startswith("# "):
            flush()
            if title is not None:
                raise ContentError(where, i, chapter_id, "a chapter has one '# ' title; use '## ' for a section")
            title = line[2:].strip()
            continue
        if title is None:
            raise ContentError(where, i, chapter_id, "a chapter starts with its '# ' title")
        if line.startswith(("## ", "### ")):
            flush()
            level = "h3" if line.startswith("### ") else "h2"
            current, kind, start = [line.lstrip("#").strip()], level, i
            flush()
            continue
        if line.startswith("- "):
            flush()
            current, kind, number, start = [line[2:]], "bullet", 0, i
            continue
        m = _NUMBER.match(line)
        if m:
            flush()
            current, kind, number, start = [m.group(2)], "number", int(m.group(1)), i
            continue
        if line.startswith("#"):
            raise ContentError(where, i, chapter_id, "only '# ', '## ' and '### ' headings are known")
        if current and (kind == "p" or raw.startswith("  ")):
            current.append(line)
            continue
        flush()
        current, kind, number, start = [line], "p", 0, i
    flush()
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
            a, b = it[cid], en[cid]
            if a is not None and b is not None and a.episodes != b.episodes:
                problems.append(ContentError(books / "en", None, cid,
                                             "the chapter names other episodes than its Italian text"))
        order_it = [c for c in it if c in en]
        order_en = [c for c in en if c in it]
        if order_it != order_en:
            problems.append(ContentError(books, None, None, "the chapters are in another order in each language"))
    return problems
