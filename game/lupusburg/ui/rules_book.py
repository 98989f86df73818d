"""Lupusburg's rules in the rules reader: the chapters written in data/lupusburg/rules_reader/<lang>/
(short, in both languages: the goal, the set-up, the night, the day, betting, the lynch, the end and
the scores, and how the screen shows it all).

Registered with the shell (:func:`game.ui.scenes.rules_reader.register_rules_book`), so the set-up
shows a Rules button and the table's menu a Rules entry; and as the screenshot scene
``lupusburg-rules``.
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import current_language, t
from game.engine.rulebook import Chapter, load_book
from game.ui.registry import register_scene
from game.ui.scenes.rules_reader import RulesReaderScene, register_rules_book

TITLE = "lupusburg"


def lupusburg_chapters(lang: str) -> list[Chapter]:
    return list(load_book(TITLE, lang))


def rules_reader(open_at: str | None = None) -> RulesReaderScene:
    """The reader on Lupusburg's rules, in the current language."""
    def kicker() -> str:
        return t("rules_reader.kicker", game=t("rules_reader.lupusburg.title"))

    def title() -> str:
        return t("rules_reader.lupusburg.subtitle", lang=current_language())

    return RulesReaderScene(lupusburg_chapters, title, kicker, open_at=open_at)


register_rules_book(TITLE, rules_reader)


@register_scene("lupusburg-rules")
def _lupusburg_rules(app: Any, chapter: str = "night", **_options: Any) -> list[Any]:
    """The reader on Lupusburg's book, opened at a chapter (``chapter``: a chapter id)."""
    from game.ui.scenes.title import TitleScene

    return [TitleScene(), rules_reader(open_at=chapter)]
