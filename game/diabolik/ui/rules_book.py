"""Diabolik's rules in the rules reader: the chapters written in data/diabolik/rules_reader/<lang>/,
with the designed numbers filled in from the data the rules play (so the book always says what the
game does): ``{danger_max}`` from data/diabolik/danger.yaml, and the station's table (each face of
its d8 and what it does) from data/diabolik/station.yaml, appended to the chapter ``station``.

Registered with the shell (:func:`game.ui.scenes.rules_reader.register_rules_book`), so the shell's
set-up shows a Rules button and the table's menu a Rules entry; and as the screenshot scene
``diabolik-rules``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.engine import resources
from game.engine.content import ContentError, load_yaml
from game.engine.i18n import current_language, t
from game.engine.rulebook import Block, Chapter, load_book
from game.diabolik.texts import capitalised, station_effect_text
from game.ui.registry import register_scene
from game.ui.scenes.rules_reader import RulesReaderScene, register_rules_book

TITLE = "diabolik"
# The contract's starting numbers (d13-contract.md), used only while the data files are missing.
STARTING_DANGER_MAX = 12
STARTING_STATION: dict[int, Any] = {1: {"danger": 1}, 2: {"activate": ["all"]}, 3: "roadblock",
                                    4: {"activate": ["detectives"]}, 5: {"activate": ["agents"]}, 6: "clue",
                                    7: {"activate": ["detectives"]}, 8: {"activate": ["agents"]}}


def _data(name: str) -> Any:
    path = resources.data_dir() / TITLE / name
    if not path.is_file():
        return None
    try:
        return load_yaml(path)
    except ContentError:
        return None


def danger_max() -> int:
    """The top of the danger track the rules play (data/diabolik/danger.yaml)."""
    try:
        from game.diabolik.rules import data as rules_data
        return int(rules_data.danger_max())
    except (ImportError, AttributeError, ContentError):
        pass
    data = _data("danger.yaml")
    value = data.get("danger_max") if isinstance(data, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else STARTING_DANGER_MAX


def station_table() -> dict[int, Any]:
    """Each face of the station's d8 (1..8) and its effect (a mapping: ``effect``, ``n``, ``who``),
    as data/diabolik/station.yaml holds them for the rules."""
    try:
        from game.diabolik.rules import data as rules_data
        return {face: {"effect": r.effect, "n": getattr(r, "n", None), "who": list(getattr(r, "who", ()) or ())}
                for face, r in rules_data.station().items()}
    except (ImportError, AttributeError, ContentError):
        pass
    data = _data("station.yaml")
    rows = data.get("results") if isinstance(data, dict) else None
    faces = {int(r["roll"]): dict(r) for r in rows or () if isinstance(r, dict) and "roll" in r}
    return faces if len(faces) == 8 else dict(STARTING_STATION)


def station_blocks(lang: str) -> list[Block]:
    rows = [Block("th", "", cells=(t("rules_reader.diabolik.station.roll", lang=lang),
                                   t("rules_reader.diabolik.station.effect", lang=lang)))]
    for face, value in sorted(station_table().items()):
        rows.append(Block("td", "", cells=(f"**{face}**", capitalised(station_effect_text(value, lang)))))
    return rows


def solo_danger_max() -> int:
    """The track's length when one criminal plays alone (the same as two's unless the data says)."""
    try:
        from game.diabolik.rules import data as rules_data
        return int(rules_data.solo_danger_max())
    except (ImportError, AttributeError, ContentError):
        return danger_max()


def _filled(ch: Chapter, lang: str) -> Chapter:
    top, solo = danger_max(), solo_danger_max()
    top_text = str(top) if solo == top else t("rules_reader.diabolik.danger_solo", lang=lang, n=top, solo=solo)

    def fill(text: str) -> str:
        return text.replace("{danger_max}", top_text)

    blocks = [dataclasses.replace(b, text=fill(b.text), cells=tuple(fill(c) for c in b.cells)) for b in ch.blocks]
    if ch.id == "station":
        blocks += station_blocks(lang)
    return dataclasses.replace(ch, title=fill(ch.title), blocks=tuple(blocks))


def diabolik_chapters(lang: str) -> list[Chapter]:
    """The book in one language, the designed numbers filled in."""
    return [_filled(ch, lang) for ch in load_book(TITLE, lang)]


def rules_reader(open_at: str | None = None) -> RulesReaderScene:
    """The reader on Diabolik's rules, in the current language."""
    def kicker() -> str:
        return t("rules_reader.kicker", game=t("rules_reader.diabolik.title"))

    def title() -> str:
        return t("rules_reader.diabolik.subtitle", lang=current_language())

    return RulesReaderScene(diabolik_chapters, title, kicker, open_at=open_at)


register_rules_book(TITLE, rules_reader)


@register_scene("diabolik-rules")
def _diabolik_rules(app: Any, chapter: str = "police", **_options: Any) -> list[Any]:
    """The rules reader on Diabolik's book, opened at a chapter (``chapter``: a chapter id)."""
    from game.ui.scenes.title import TitleScene

    return [TitleScene(), rules_reader(open_at=chapter)]
