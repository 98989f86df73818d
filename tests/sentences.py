"""What every title's text tests ask of a log line: a sentence a player can read (no raw event kind,
key or placeholder), different in Italian and English, one per branch."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence


def is_sentence(text: str, entry: dict, prefix: str) -> None:
    """``text``, said of ``entry``, reads as a sentence; ``prefix``: the title's event kinds (``robbank.``)."""
    assert text and text.strip() == text, (entry, text)
    assert text != entry.get("kind") and prefix not in text, f"the raw kind shows: {text!r}"
    assert not re.search(r"[{}]", text), f"unfilled placeholder in {text!r} ({entry})"
    assert "_" not in text and "?" not in text, f"a key or an unknown value shows in {text!r} ({entry})"
    assert text[0].isupper(), f"{text!r} does not start a sentence"


def assert_each_branch_its_own(samples: Sequence[dict], event_text: Callable[[dict, str], str]) -> None:
    """Italian and English differ for every sample, and no two samples read the same in a language."""
    for entry in samples:
        assert event_text(entry, "it") != event_text(entry, "en"), entry
    for lang in ("it", "en"):
        lines = [event_text(e, lang) for e in samples]
        assert len(set(lines)) == len(lines), [x for x in lines if lines.count(x) > 1]
