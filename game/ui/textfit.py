"""Titles that fit a box without becoming unreadable or losing letters.

:func:`fit_title` places a name (a card's, a tile's) in a box of a given width: on one line at its
size if it fits (or a little smaller), else on up to ``max_lines`` lines, shrinking only then and
never below ``minimum``; if it fits nowhere at the minimum it takes as many lines as it needs. No
letter is ever dropped and no "…" is added: a word wider than the box (at the minimum) is split
with a hyphen by :meth:`Canvas.wrap`. The caller makes room for the lines it gets back.

Readable sizes are logical units (1600×900): at the smallest window (1280×720) a logical unit is
0.8 pixel, so :data:`READABLE` (10) gives 8-pixel letters, :data:`READABLE_DISPLAY` (12) 9.6-pixel
capitals in the narrow display face.
"""

from __future__ import annotations

from game.ui.canvas import Canvas

READABLE = 10.0          # the smallest body/bold text on a card or a tile
READABLE_DISPLAY = 12.0  # the smallest display-face (capitals) text


def _fits(canvas: Canvas, text: str, width: float, size: float, face: str) -> bool:
    return canvas.measure(text, size, face)[0] <= width


def fit_title(canvas: Canvas, text: str, width: float, size: float, minimum: float, face: str, *,
              max_lines: int = 2, height: float | None = None, spacing: float = 1.0,
              one_line_shrink: float = 0.85) -> tuple[list[str], float, float]:
    """``(lines, size, step)`` for ``text`` in a box ``width`` wide (and at most ``height`` tall
    if given, lines ``step`` apart): one line down to ``size * one_line_shrink``; then up to
    ``max_lines`` lines from ``size`` down to ``minimum`` with no word split; then, at
    ``minimum``, as many lines as it takes."""
    minimum = min(minimum, size)

    def step_of(s: float) -> float:
        return canvas.line_height(s, face) * spacing / 1.2

    s = size
    while s >= max(minimum, size * one_line_shrink) - 1e-6:
        if _fits(canvas, text, width, s, face) and (height is None or step_of(s) <= height + 0.5):
            return [text], s, step_of(s)
        s -= 0.5
    words = text.split()
    s = size
    while True:
        lines = canvas.wrap(text, width, s, face)
        whole = all(_fits(canvas, w, width, s, face) for w in words)
        if whole and len(lines) <= max_lines and (height is None or len(lines) * step_of(s) <= height + 0.5):
            return lines, s, step_of(s)
        if s <= minimum:
            text = " ".join(_hyphenate(canvas, w, width, minimum, face) for w in words)
            return canvas.wrap(text, width, minimum, face), minimum, step_of(minimum)
        s = max(minimum, s - 0.5)


VOWELS = set("aeiouàèéìíòóùúAEIOUÀÈÉÌÍÒÓÙÚ")
_KEEP = {(a, b) for a in "bcdfgptv" for b in "lr"} | {(a, "h") for a in "cgpst"}


def _syllable_break(word: str, k: int) -> bool:
    """Whether ``word`` may break before ``word[k]``: vowel | consonant-vowel ("vesti-mento"), or
    between two consonants that do not start a syllable together ("men-to", not "ve-stire" cut "vest-ire")."""
    if k < 2 or k > len(word) - 2 or not (word[k - 1].isalpha() and word[k].isalpha()):
        return False
    a, b, c = word[k - 1], word[k], word[k + 1]
    if a in VOWELS and b not in VOWELS and c in VOWELS:
        return True
    return (a not in VOWELS and b not in VOWELS and a.lower() != "s" and (a.lower(), b.lower()) not in _KEEP
            and c.isalpha())


def _hyphenate(canvas: Canvas, word: str, width: float, size: float, face: str) -> str:
    """A word wider than ``width`` cut into pieces that fit, each but the last ending with "-",
    at a vowel followed by a consonant where one is near ("Travesti- mento", not "Travestime- nto"):
    a rough syllable break that reads well in Italian and English."""
    pieces = []
    while not _fits(canvas, word, width, size, face) and len(word) > 3:
        cut = len(word) - 1
        while cut > 2 and not _fits(canvas, word[:cut] + "-", width, size, face):
            cut -= 1
        for k in range(cut, max(2, cut - 5), -1):
            if _syllable_break(word, k):
                cut = k
                break
        pieces.append(word[:cut] + "-")
        word = word[cut:]
    return " ".join(pieces + [word])


def fit_line(canvas: Canvas, candidates: list[str] | tuple[str, ...], width: float, size: float, face: str, *,
             minimum: float, tracking: float = 0.0) -> tuple[str, float, float]:
    """``(text, size, tracking)`` for a one-line header ``width`` wide: the first of ``candidates``
    (longest wording first, e.g. "GAME · EPISODE", then "EPISODE") that fits at a size from
    ``size`` down to ``minimum`` (the letter-spacing shrinks with it); a last candidate too long
    even so is cut with "…" at the minimum."""
    for text in candidates:
        s = size
        while s >= minimum - 1e-6:
            tr = tracking * s / size
            if canvas.measure(text, s, face, tracking=tr)[0] <= width:
                return text, s, tr
            s -= 0.5
    text, tr = candidates[-1], tracking * minimum / size
    while len(text) > 1 and canvas.measure(text + "…", minimum, face, tracking=tr)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…", minimum, tr
