"""Texts shown to players, in Italian and English: YAML files under data/i18n/<lang>/.

Each language folder holds one file per area (``ui.yaml``, one or more per title ...), merged into one
table; the same key in two files of one language is an error. Keys are dotted paths into the YAML
(``title.play``). ``t(key, **values)`` formats the text of the
current language with ``str.format``. A key missing in one language is a content error (a test
checks that both files hold the same keys); at run time it falls back to English, then to the key.

Plurals: where a count meets a noun, the key holds two forms, ``one`` and ``other``
(``warn: {one: "Resta {n} minuto", other: "Restano {n} minuti"}``), and ``t("...warn", n=1)``
picks the form by the count: the value ``count`` if given, else ``n``, else the only whole-number
value among the text's own placeholders. Italian and English both say ``one`` for 1 and ``other`` for
everything else (0 included).
"""

from __future__ import annotations

import re
import string
from pathlib import Path

from game.engine import resources
from game.engine.content import ContentError, LMap, load_yaml, register_checker

LANGUAGES = ("it", "en")
LANGUAGE_NAMES = {"it": "Italiano", "en": "English"}
FALLBACK = "en"


def _flatten(node: dict, prefix: str, out: dict[str, str], lines: dict[str, tuple[Path, int | None]],
             file: Path) -> None:
    for key, value in node.items():
        full = f"{prefix}{key}"
        line = node.line_of(key) if isinstance(node, LMap) else None
        if isinstance(value, dict):
            _flatten(value, full + ".", out, lines, file)
        elif isinstance(value, str):
            if full in out:
                raise ContentError(file, line, full,
                                   f"this text key is also defined at {lines[full][0].name}:{lines[full][1]}")
            out[full] = value
            lines[full] = (file, line)
        else:
            line = node.line_of(key) if isinstance(node, LMap) else None
            raise ContentError(file, line, full, f"expected a text, got {value!r}")


def language_dir(lang: str, root: Path | None = None) -> Path:
    return resources.data_dir(root) / "i18n" / lang


def load_language(lang: str, root: Path | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """The flat key→text table of one language, and where (file:line) each key stands."""
    texts, places = _load_language_at(lang, root)
    return texts, {key: f"{path.name}:{line}" for key, (path, line) in places.items()}


def _load_language_at(lang: str, root: Path | None = None) -> tuple[dict[str, str], dict[str, tuple[Path, int | None]]]:
    """The flat key→text table of one language, and the file and line of each key."""
    folder = language_dir(lang, root)
    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise ContentError(folder, None, None, "no text files (*.yaml) for this language")
    texts: dict[str, str] = {}
    lines: dict[str, tuple[Path, int | None]] = {}
    for path in files:
        data = load_yaml(path)
        if not isinstance(data, dict):
            raise ContentError(path, 1, None, "expected a mapping of text keys")
        _flatten(data, "", texts, lines, path)
    return texts, lines


def placeholders(text: str) -> set[str]:
    """The names ``str.format`` fills in ``text`` (``{name}``, ``{n:>3}`` → ``name``, ``n``);
    ValueError with Python's words when a brace is left open or alone."""
    names = set()
    for _literal, name, _spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            names.add(re.split(r"[.\[]", name, maxsplit=1)[0])
    return names


def _braces(names: set[str]) -> str:
    return ", ".join("{" + n + "}" for n in sorted(names)) or "no placeholder"


PLURAL_FORMS = ("one", "other")
_COUNT_NAMES = ("count", "n")


def plural_form(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang``: Italian and English share one rule."""
    return "one" if count == 1 else "other"


def plural_count(values: dict[str, object], text: str = "") -> int | None:
    """The number a plural text agrees with: ``count``, else ``n``, else the only int value among
    the placeholders of ``text`` (all the values when ``text`` is not given)."""
    for name in _COUNT_NAMES:
        value = values.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return int(value)
    names = {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f} if text else set(values)
    ints = [v for k, v in values.items() if k in names and isinstance(v, int) and not isinstance(v, bool)]
    return ints[0] if len(ints) == 1 else None


class Translator:
    def __init__(self, root: Path | None = None):
        self.root = root
        self.lang = FALLBACK
        self._tables: dict[str, dict[str, str]] = {}

    def table(self, lang: str) -> dict[str, str]:
        if lang not in self._tables:
            self._tables[lang] = load_language(lang, self.root)[0]
        return self._tables[lang]

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
        self.lang = lang

    def has(self, key: str) -> bool:
        return any(k in self.table(lang) for lang in (self.lang, FALLBACK) for k in (key, f"{key}.other"))

    def _lookup(self, key: str, lang: str) -> str | None:
        return self.table(lang).get(key) or self.table(FALLBACK).get(key)

    def t(self, key: str, lang: str | None = None, **values: object) -> str:
        lang = lang or self.lang
        text = self._lookup(key, lang)
        if text is None and self._lookup(f"{key}.other", lang) is not None:
            count = plural_count(values, self._lookup(f"{key}.other", lang) or "")
            form = plural_form(lang, count) if count is not None else "other"
            text = self._lookup(f"{key}.{form}", lang) or self._lookup(f"{key}.other", lang)
        if text is None:
            text = key
        if not values:
            return text
        text = text.format(**values)
        return _euphonic_d(text) if lang == "it" else text


_A_BEFORE_A = re.compile(r"(?<![\w'’])([Aa]) (?=[Aa])")


def _euphonic_d(text: str) -> str:
    """Italian puts a 'd' on the preposition 'a' before a word that starts with 'a': a text that
    says "spara a {target}" reads "spara ad Agente 1" (and "a Jigen" stays). Only filled-in texts
    need it: the written ones are already right."""
    return _A_BEFORE_A.sub(r"\1d ", text)


_default = Translator()


def translator() -> Translator:
    return _default


def t(key: str, lang: str | None = None, **values: object) -> str:
    """The current language's text for ``key`` (or language ``lang``'s)."""
    return _default.t(key, lang, **values)


def set_language(lang: str) -> None:
    _default.set_language(lang)


def current_language() -> str:
    return _default.lang


def number(n: int) -> str:
    """A whole number with the current language's thousands separator: 1,500 / 1.500."""
    text = f"{int(n):,}"
    return text.replace(",", ".") if current_language() == "it" else text


@register_checker("i18n")
def check_i18n(root: Path) -> list[ContentError]:
    """Both languages load and hold exactly the same keys."""
    problems: list[ContentError] = []
    tables = {}
    for lang in LANGUAGES:
        try:
            tables[lang] = _load_language_at(lang, root)
        except ContentError as exc:
            problems.append(exc)
    if len(tables) == len(LANGUAGES):
        for lang in LANGUAGES:
            texts, lines = tables[lang]
            for other in LANGUAGES:
                if other == lang:
                    continue
                for key in sorted(set(texts) - set(tables[other][0])):
                    problems.append(ContentError(
                        language_dir(other, root), None, key,
                        f"missing text (present in {lang}/{lines[key][0].name}:{lines[key][1]})"))
            # a plural text has both forms
            for key in sorted(texts):
                base, _, form = key.rpartition(".")
                if form in PLURAL_FORMS:
                    twin = f"{base}.{'other' if form == 'one' else 'one'}"
                    if twin not in texts:
                        where = f"{lines[key][0].name}:{lines[key][1]}"
                        problems.append(ContentError(language_dir(lang, root), None, twin,
                                                     f"a plural text needs both forms, 'one' and 'other' ({where})"))
    problems.extend(_placeholder_problems(tables))
    return problems


def _placeholder_problems(tables: dict[str, tuple[dict[str, str], dict[str, tuple[Path, int | None]]]]
                          ) -> list[ContentError]:
    """Texts whose ``{placeholders}`` the game cannot fill: a brace left open or alone, or a key
    whose languages name different placeholders (one was renamed: the game passes only one name)."""
    problems: list[ContentError] = []
    names: dict[str, dict[str, set[str]]] = {}
    for lang, (texts, lines) in tables.items():
        for key, text in texts.items():
            try:
                names.setdefault(key, {})[lang] = placeholders(text)
            except ValueError as exc:
                path, line = lines[key]
                problems.append(ContentError(path, line, key, f"the text's placeholders are malformed ({exc}): "
                                             "write {name} with both braces, and {{ or }} for a brace itself"))
    first, *others = LANGUAGES
    for key in sorted(names):
        mine = names[key].get(first)
        for other in others:
            theirs = names[key].get(other)
            if mine is None or theirs is None or mine == theirs:
                continue
            path, line = tables[first][1][key]
            there, there_line = tables[other][1][key]
            problems.append(ContentError(path, line, key, f"uses {_braces(mine)} but the {other} text "
                                         f"({other}/{there.name}:{there_line}) uses {_braces(theirs)}; "
                                         "both languages must name the same placeholders"))
    return problems
