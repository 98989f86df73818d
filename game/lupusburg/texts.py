"""What Lupusburg says to players: one sentence per event (the TitleSpec's ``event_text``), the names
of the colours, characters and houses, the end's reason. Pure (no pygame).

Each seat is told an event as :meth:`game.engine.api.Event.for_seat` gives it: an entry that holds a
secret (a character, a chest, a coin) reaches only the seats that may know it, and the sentence says
it; the others get the redacted entry and a sentence without it.

The texts are in data/i18n/{it,en}/lupusburg_rules.yaml (``lupusburg.*``); the colours' names in
data/lupusburg/colours.yaml."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.i18n import t
from game.lupusburg.rules import data


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _lang(lang: str | None) -> str:
    from game.engine import i18n

    return lang or i18n.translator().lang


def who(seat: Any, lang: str | None = None) -> str:
    """A player's colour ("Red", "Rosso")."""
    if not isinstance(seat, str) or not seat:
        return "?"
    name = data.colour_name(seat)
    code = _lang(lang)
    return name.get(code, name.get("en", seat))


def character(kind: Any, lang: str | None = None) -> str:
    if kind not in data.CHARACTERS:
        return "?"
    return t(f"lupusburg.character.{kind}", lang)


def house(player: Any, side: Any, lang: str | None = None, *, listed: bool = False) -> str:
    """A house by its owner and side ("Red's left house"; in Italian without its article unless ``listed``)."""
    if side not in ("left", "right"):
        return "?"
    key = "lupusburg.house_listed" if listed else "lupusburg.house"
    return t(key, lang, owner=who(player, lang), side=t(f"lupusburg.side.{side}", lang))


def _house_of(value: Any, lang: str | None, listed: bool = True) -> str:
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) >= 2:
        return house(value[0], value[1], lang, listed=listed)
    return "?"


def join(items: Sequence[str], lang: str | None = None) -> str:
    if not items:
        return "?"
    if len(items) == 1:
        return items[0]
    return t("lupusburg.list.and", lang, first=", ".join(items[:-1]), last=items[-1])


def event_text(entry: Mapping[str, Any], lang: str | None = None) -> str:
    """One log entry (``{"kind": ..., **data}``) as a sentence in ``lang`` (default: the current language)."""
    kind = str(entry.get("kind", "")).removeprefix("lupusburg.")
    e = entry
    say = lambda key, **v: capitalised(t(f"lupusburg.say.{key}", lang, **v))  # noqa: E731
    name = who(e.get("seat"), lang)
    here = house(e.get("player"), e.get("side"), lang)
    if kind == "placed":
        chars = e.get("characters")
        if isinstance(chars, Mapping):
            chest = t(f"lupusburg.side.{e.get('chest')}", lang) if e.get("chest") in ("left", "right") else "?"
            return say("placed", left=character(chars.get("left"), lang), right=character(chars.get("right"), lang),
                       chest=chest)
        return say("placed_other", who=name)
    if kind == "night":
        return say("night", day=e.get("day"), who=who(e.get("burgomaster"), lang))
    if kind == "called":
        role = e.get("role")
        if role is None:
            return say("called_other", who=name)
        if role == "werewolf":
            return say("called_werewolf", house=here)
        if role == "thief":
            return say("called_thief_chest" if e.get("chest") else "called_thief_empty", house=here)
        return say("called_none", house=here)
    if kind in ("killed", "lynched"):
        if "character" in e:
            return say(f"{kind}_own", character=character(e.get("character"), lang), house=here)
        return say(kind, house=here)
    if kind == "broom_removed":
        return say("broom_removed")
    if kind == "privilege_skipped":
        why = e.get("why") if e.get("why") in ("chose", "dead", "no_target") else "chose"
        return say(f"skipped_{why}", who=who(e.get("burgomaster"), lang))
    if kind == "privilege":
        bm = who(e.get("burgomaster"), lang)
        if "character" in e:
            return say("privilege_seen", who=bm, house=here, character=character(e.get("character"), lang))
        return say("privilege", who=bm, house=here)
    if kind == "shown":
        bm = who(e.get("burgomaster"), lang)
        shown = house(e.get("burgomaster"), e.get("side"), lang)
        to = who(e.get("to"), lang)
        if "character" in e:
            return say("shown_seen", who=bm, to=to, house=shown, character=character(e.get("character"), lang))
        return say("shown", who=bm, to=to, house=shown)
    if kind == "looked":
        return say("looked", who=name)
    if kind == "broom_given":
        return say("broom_given", who=who(e.get("burgomaster"), lang), to=who(e.get("sweeper"), lang))
    if kind == "swept":
        if "chest" in e:
            return say("swept_chest" if e.get("chest") else "swept_empty", who=name, house=here)
        return say("swept", who=name, house=here)
    if kind == "bet_passed":
        return say("bet_passed", who=name)
    if kind == "drew":
        coins = e.get("coins")
        if isinstance(coins, Sequence):
            return say("drew_seen", who=name, count=e.get("count"), coins=join([str(c) for c in coins], lang))
        return say("drew", who=name, count=e.get("count"))
    if kind == "bet":
        target = who(e.get("target"), lang)
        if "coin" in e:
            return say("bet_seen", who=name, coin=e.get("coin"), target=target)
        return say("bet", who=name, target=target)
    if kind == "discussion_over":
        return say("discussion_over", who=who(e.get("burgomaster"), lang))
    if kind == "ballots_open":
        round_name = e.get("round") if e.get("round") in ("nomination", "runoff", "plurality") else "plurality"
        return say(f"open_{round_name}")
    if kind == "voted":
        if "mark" in e:
            mark = e.get("mark") if e.get("mark") in ("paw", "fur") else "paw"
            return say("voted_mark", mark=t(f"lupusburg.mark.{mark}", lang))
        if "player" in e:
            return say("voted_house", house=here)
        return say("voted", who=name)
    if kind == "votes":
        if e.get("round") == "runoff":
            return say("votes_runoff", paw=e.get("paw"), fur=e.get("fur"))
        tally = [t("lupusburg.say.tally", lang, house=_house_of(row, lang), count=row[2])
                 for row in e.get("tally") or () if isinstance(row, Sequence) and len(row) >= 3]
        return say("votes", tally=join(tally, lang))
    if kind == "suspects":
        return say("suspects", paw=_house_of(e.get("paw"), lang, listed=False),
                   fur=_house_of(e.get("fur"), lang, listed=False))
    if kind == "tie":
        purpose = "suspect" if e.get("purpose") == "suspect" else "lynch"
        tied = [_house_of(h, lang) for h in e.get("tied") or ()]
        return say(f"tie_{purpose}", who=who(e.get("burgomaster"), lang), tied=join(tied, lang))
    if kind == "decided":
        purpose = "suspect" if e.get("purpose") == "suspect" else "lynch"
        return say(f"decided_{purpose}", who=who(e.get("burgomaster"), lang), house=here)
    if kind == "burgomaster":
        return say("burgomaster", who=name)
    if kind == "over":
        wolf = who(e.get("werewolf"), lang)
        if e.get("reason") == "werewolf_wins":
            return say("over_werewolf", werewolf=wolf)
        seats = list(e.get("winners") or ())
        winners = [who(w, lang) for w in seats]
        scores = e.get("scores") or {}
        best = scores.get(seats[0], 0) if seats else 0
        key = "over_shared" if len(winners) > 1 else "over_others"
        return say(key, werewolf=wolf, winners=join(winners, lang), score=best, count=best)
    return str(entry.get("kind", ""))


def reason_text(reason: str, werewolf: str, lang: str | None = None) -> str:
    """The end's reason in a sentence (the end screen)."""
    return t(f"lupusburg.reason.{reason}", lang, werewolf=who(werewolf, lang))
