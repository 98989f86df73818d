"""Lupin's rules in the rules reader: the chapters written in data/lupin/rules_reader/<lang>/
(those of other episodes left out), then two chapters generated from the catalogue, so they
always say what the game plays: the devices on sale in the episode, and every member's mission
cards (data/lupin/devices.yaml, missions.yaml). A chapter writes ``{rounds}`` where the
episode's own number of rounds goes."""

from __future__ import annotations

import dataclasses

from game.engine.i18n import current_language, t
from game.engine.rulebook import Block, Chapter, load_book
from game.lupin.rules import catalog as cat
from game.lupin.rules.boards import episode
from game.ui.scenes.rules_reader import RulesReaderScene

MEMBERS = ("lupin", "jigen", "goemon", "fujiko")


def _money(n: int) -> str:
    return f"{n:,}".replace(",", ".") if current_language() == "it" else f"{n:,}"


def devices_chapter(episode_id: str, lang: str) -> Chapter:
    c = cat.catalog()
    ep = episode(episode_id).name[lang]
    budgets = c.budget_for(episode_id)
    budget = ", ".join(f"{_money(v)}$" for v in budgets.values()) or "—"
    blocks = [Block("p", t("rules_reader.lupin.devices.intro", lang=lang, episode=ep, budget=budget))]
    grants = c.grants_for(episode_id)
    if grants:
        what = ", ".join(f"{c.device(d).name.get(lang)} ×{n} ({t(f'lupin.seat.{to}', lang=lang) if to != 'gang' else ep})"
                         for d, to, n in grants)
        blocks.append(Block("p", t("rules_reader.lupin.devices.free", lang=lang, what=what)))
    shop = c.shop_for(episode_id)
    for d in c.devices_for(episode_id):
        blocks.append(Block("bullet", t("rules_reader.lupin.devices.line", lang=lang, name=d.name.get(lang),
                                        count=shop.get(d.id, d.count), price=_money(d.price.amount),
                                        text=d.text.get(lang))))
    return Chapter("devices", t("rules_reader.lupin.devices.title", lang=lang), tuple(blocks))


def _card_line(card, n: int, lang: str) -> Block:
    forced = t("rules_reader.lupin.cards.forced", lang=lang) if card.forced else ""
    return Block("bullet", t("rules_reader.lupin.cards.line", lang=lang, name=card.name.get(lang), count=n,
                             timing=t(f"lupin_cards.timing.{card.timing}", lang=lang), forced=forced,
                             text=card.text.get(lang)))


def cards_chapter(episode_id: str, lang: str) -> Chapter:
    """Every member's deck for ``episode_id`` (catalog.deck_for: the expansion episodes mix the
    base and the expansion cards), then the special cards dealt to the hands there, Zenigata's
    too (catalog.special_for: none in the base episodes)."""
    c = cat.catalog()
    blocks = [Block("p", t("rules_reader.lupin.cards.intro", lang=lang))]
    specials = [(o, c.special_for(o, episode_id)) for o in (*MEMBERS, "zenigata")]
    specials = [(o, sid) for o, sid in specials if sid]
    for owner in MEMBERS:
        counts: dict[str, int] = {}
        for cid in c.deck_for(owner, episode_id):
            counts[cid] = counts.get(cid, 0) + 1
        if not counts:
            continue
        blocks.append(Block("h2", t("rules_reader.lupin.cards.owner", lang=lang, name=t(f"lupin.seat.{owner}", lang=lang))))
        for cid, n in counts.items():
            blocks.append(_card_line(c.card(cid), n, lang))
    if specials:
        blocks.append(Block("h2", t("lupin_board_x.book.specials", lang=lang)))
        blocks.append(Block("p", t("lupin_board_x.book.specials_intro", lang=lang)))
        for owner, sid in specials:
            card = c.card(sid)
            blocks.append(Block("bullet", t("lupin_board_x.book.special_line", lang=lang,
                                            owner=t(f"lupin.seat.{owner}", lang=lang), name=card.name.get(lang),
                                            timing=t(f"lupin_cards.timing.{card.timing}", lang=lang),
                                            text=card.text.get(lang))))
    return Chapter("cards", t("rules_reader.lupin.cards.title", lang=lang), tuple(blocks))


def _with_episode(ch: Chapter, episode_id: str) -> Chapter:
    """A chapter with the episode's own numbers in place of ``{rounds}`` (13 in the base game,
    18 in Cagliostro, 11 at Stonehenge: data/lupin/episodes.yaml)."""
    rounds = str(episode(episode_id).rounds)
    fill = lambda text: text.replace("{rounds}", rounds)  # noqa: E731
    blocks = tuple(dataclasses.replace(b, text=fill(b.text), cells=tuple(fill(c) for c in b.cells))
                   for b in ch.blocks)
    return dataclasses.replace(ch, title=fill(ch.title), blocks=blocks)


def lupin_chapters(episode_id: str, lang: str) -> list[Chapter]:
    """The book for one episode in one language."""
    chapters = [_with_episode(ch, episode_id) for ch in load_book("lupin", lang)
                if not ch.episodes or episode_id in ch.episodes]
    return chapters + [devices_chapter(episode_id, lang), cards_chapter(episode_id, lang)]


def rules_reader(episode_id: str = "rosso-rubino", open_at: str | None = None) -> RulesReaderScene:
    """The reader on Lupin's rules for ``episode_id``, in the current language."""
    def kicker() -> str:
        return t("rules_reader.kicker", game=t("rules_reader.lupin.title"))

    def title() -> str:
        return episode(episode_id).name[current_language()]

    def tag(ch: Chapter) -> str:
        return t("rules_reader.episode_only") if ch.episodes else ""

    return RulesReaderScene(lambda lang: lupin_chapters(episode_id, lang), title, kicker, tag=tag, open_at=open_at)
