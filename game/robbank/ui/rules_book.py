"""How to Rob a Bank's rules in the rules reader: the chapters written in
data/robbank/rules_reader/<lang>/ (a short text in both languages: the goal, a round, the bank's
cards, the thieves' cards, the extra action, and how the screen shows it all).

Registered with the shell (:func:`game.ui.scenes.rules_reader.register_rules_book`), so the set-up
shows a Rules button and the table's menu a Rules entry; and as the screenshot scene
``robbank-rules``.
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import current_language, t
from game.engine.rulebook import Chapter, load_book
from game.ui.registry import register_scene
from game.ui.scenes.rules_reader import RulesReaderScene, register_rules_book

TITLE = "robbank"


def robbank_chapters(lang: str) -> list[Chapter]:
    return list(load_book(TITLE, lang))


def rules_reader(open_at: str | None = None) -> RulesReaderScene:
    """The reader on Rob a Bank's rules, in the current language."""
    def kicker() -> str:
        return t("rules_reader.kicker", game=t("rules_reader.robbank.title"))

    def title() -> str:
        return t("rules_reader.robbank.subtitle", lang=current_language())

    return RulesReaderScene(robbank_chapters, title, kicker, open_at=open_at)


register_rules_book(TITLE, rules_reader)


@register_scene("robbank-rules")
def _robbank_rules(app: Any, chapter: str = "round", **_options: Any) -> list[Any]:
    """The rules reader on Rob a Bank's book, opened at a chapter (``chapter``: a chapter id)."""
    from game.ui.scenes.title import TitleScene

    return [TitleScene(), rules_reader(open_at=chapter)]
