"""What How to Rob a Bank says to players: one sentence per event (the TitleSpec's ``event_text``),
the names of cards, seats and pieces. Pure (no pygame). Rooms are numbered 1-9 for players (row by
row from the top-left), road sections 1-12 (clockwise from the top-left corner).

The texts are in data/i18n/{it,en}/robbank_rules.yaml (``robbank.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.i18n import t
from game.robbank.rules import data


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def who(name: Any, lang: str | None = None) -> str:
    """A piece's or a stack's name inside a sentence ("guard 1", "Yellow", "the bank")."""
    if not isinstance(name, str) or not name:
        return "?"
    return t(f"robbank.who.{name}", lang)


def seat_name(seat: str, players: int, lang: str | None = None) -> str:
    """A seat's name on screen ("The bank", "Yellow thief", with two players "The thieves (yellow and red)")."""
    if seat == "yellow" and players == 2:
        return t("robbank.seat.yellow_pair", lang)
    return t(f"robbank.seat.{seat}", lang)


def _join(items: Sequence[str], key: str, lang: str | None) -> str:
    if len(items) == 1:
        return items[0]
    return t(f"robbank.card.{key}", lang, first=", ".join(items[:-1]), last=items[-1])


def card_text(card: data.Card, lang: str | None = None) -> str:
    """A card's actions in words: "move and grab", "pepper spray or grab", "move 3"."""
    if len(card) > 1 and all(part == ("move",) for part in card):
        return t("robbank.card.steps", lang, n=len(card))
    parts = [_join([t(f"robbank.action.{a}", lang) for a in part], "or", lang) for part in card]
    return _join(parts, "and", lang)


def card_of(stack: str, number: int, lang: str | None = None) -> str:
    try:
        card = data.deck("guards" if stack == "bank" else "thieves")[int(number)]
    except (IndexError, TypeError, ValueError):
        return "?"
    return card_text(card, lang)


def _room(value: Any) -> Any:
    return value + 1 if isinstance(value, int) else "?"


def event_text(entry: Mapping[str, Any], lang: str | None = None) -> str:
    """One log entry (``{"kind": ..., **data}``) as a sentence in ``lang`` (default: the current language)."""
    kind = str(entry.get("kind", "")).removeprefix("robbank.")
    e = entry
    say = lambda key, **v: capitalised(t(f"robbank.say.{key}", lang, **v))  # noqa: E731
    if kind == "round":
        return say("round", round=e.get("round"))
    if kind == "rotated":
        return say("rotated", room=_room(e.get("room")))
    if kind == "furnished":
        loot = len(e.get("loot") or ())
        if e.get("short"):
            return say("furnished_short", count=loot, short=e.get("short"))
        return say("furnished", count=loot, room=_room(e.get("thieves")))
    if kind == "car":
        return say("car", section=_room(e.get("section")))
    if kind == "dealt":
        return say("dealt", who=who(e.get("stack"), lang))
    if kind == "laid":
        return say("laid", who=who(e.get("stack"), lang), depth=e.get("depth"),
                   card=card_of(str(e.get("stack")), e.get("card"), lang))
    if kind == "turned_over":
        return say("turned_over")
    if kind == "revealed":
        return say("revealed", who=who(e.get("stack"), lang), card=card_of(str(e.get("stack")), e.get("card"), lang))
    if kind == "stood_up":
        if e.get("stack") == "bank":
            return say("stood_up_bank" if e.get("chosen") else "stood_up_bank_forced")
        return say("stood_up_thief", who=who(e.get("stack"), lang))
    if kind == "moved":
        return say("vents" if e.get("vents") else "moved", who=who(e.get("figure"), lang),
                   start=_room(e.get("from")), end=_room(e.get("to")))
    if kind == "tackled":
        values = dict(guard=who(e.get("guard"), lang), thief=who(e.get("thief"), lang), room=_room(e.get("room")))
        if e.get("dropped"):
            return say("tackled_drop", count=e.get("dropped"), **values)
        return say("tackled", **values)
    if kind == "locked":
        return say("locked_alarm" if e.get("token") == -1 else "locked_loot", guard=who(e.get("guard"), lang),
                   room=_room(e.get("room")))
    if kind == "grabbed":
        return say("grabbed", thief=who(e.get("thief"), lang), room=_room(e.get("room")))
    if kind == "picked":
        return say("picked_alarm" if e.get("token") == -1 else "picked_loot", thief=who(e.get("thief"), lang),
                   room=_room(e.get("room")))
    if kind == "sprayed":
        return say("sprayed", thief=who(e.get("thief"), lang), guard=who(e.get("guard"), lang),
                   room=_room(e.get("room")))
    if kind == "car_moved":
        return say("car_moved", thief=who(e.get("thief"), lang), section=_room(e.get("to")))
    if kind == "thrown":
        return say("thrown", thief=who(e.get("thief"), lang), stolen=e.get("stolen"), target=e.get("target"))
    if kind == "passed":
        return say("passed", thief=who(e.get("thief"), lang), to=who(e.get("to"), lang), room=_room(e.get("room")))
    if kind == "alarm":
        return say("alarm", thief=who(e.get("thief"), lang), room=_room(e.get("room")))
    if kind == "turn_end":
        return say("turn_end", who=who(e.get("stack"), lang))
    if kind == "round_end":
        if e.get("lost"):
            return say("round_end_lost", round=e.get("round"), count=e.get("lost"))
        return say("round_end", round=e.get("round"))
    if kind == "over":
        if e.get("thieves_won"):
            return say("over_thieves", stolen=e.get("stolen"))
        return say("over_bank", stolen=e.get("stolen"), target=e.get("target"))
    return str(entry.get("kind", ""))


def reason_text(reason: str, stolen: int, target: int, lang: str | None = None) -> str:
    return t(f"robbank.reason.{reason}", lang, stolen=stolen, target=target, count=stolen)
