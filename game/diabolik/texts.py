"""What Diabolik says to players: one sentence per event, the sentence of a choice the criminals
make for the police, and the names of places and people. Pure (no pygame).

* :func:`event_text` is the TitleSpec's ``event_text``: a log entry (``{"kind": ..., **data}``,
  see the contract in game/diabolik/rules) as one sentence in the current language, or in
  ``lang``. Events name places by their position on the row (0..7); the sentence names the
  location card lying there, so it needs the row: the entry's own ``locations`` when it carries
  one, else the ``locations`` given, else the row this module was last told of
  (:func:`remember_row`: the table and the replay tell it as they open a game), else "location 3".
* :func:`texts_for` gives the table an ``event_text`` bound to its game's row.
* :func:`choice_text` is the sentence shown when the criminals must choose for the police (or
  for a card sliding, or a roadblock's side).
* The police's sentences say why they move: toward a clue, toward the criminals, on patrol, after
  a fugitive; the danger's say what raised it.

The texts are in data/i18n/{it,en}/diabolik_texts.yaml (``diabolik.say.*``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.engine.i18n import t

POLICE = ("ginko", "morrigan", "blue", "yellow")
CRIMINALS = ("diabolik", "eva")
LOOT_TOTAL = 4

_row: tuple[str, ...] | None = None
_top: int | None = None


def remember_row(locations: Sequence[str] | None, danger_max: int | None = None) -> None:
    """The row of the game on screen (location ids at positions 0..7), for the sentences of
    entries that carry only positions, and the top of its danger track (solo may have its own).
    None forgets them."""
    global _row, _top
    _row = tuple(locations) if locations else None
    _top = danger_max if locations else None


# ------------------------------------------------------------------------------------ names

def who_name(who: Any, lang: str | None = None) -> str:
    """A criminal's or a policeman's name as a sentence uses it inside ("the blue agent")."""
    if not isinstance(who, str) or not who:
        return t("diabolik.say.someone", lang)
    return t(f"diabolik.who.{who}", lang)


def who_list(names: Sequence[Any], lang: str | None = None) -> str:
    """Several names: "Diabolik and Eva", "Ginko, Morrigan and the blue agent"."""
    items = [who_name(n, lang) for n in names]
    if not items:
        return t("diabolik.say.nobody", lang)
    if len(items) == 1:
        return items[0]
    return t("diabolik.say.and", lang, first=", ".join(items[:-1]), last=items[-1])


def place_name(where: Any, locations: Sequence[str] | None = None, lang: str | None = None) -> str:
    """A place: a location id, or a position (0..7) named by the card lying there on ``locations``
    (else the remembered row); with no row known, "location 4" (positions are shown from 1)."""
    if isinstance(where, str) and where:
        return t(f"diabolik.place.{where}", lang)
    if isinstance(where, bool) or not isinstance(where, int):
        return t("diabolik.say.somewhere", lang)
    row = locations if locations else _row
    if row and 0 <= where < len(row):
        return t(f"diabolik.place.{row[where]}", lang)
    return t("diabolik.say.position", lang, n=where + 1)


def edge_places(edge: Any, locations: Sequence[str] | None, lang: str | None) -> tuple[str, str]:
    """The two places a roadblock straddles (an edge ``[a, b]``)."""
    if isinstance(edge, (list, tuple)) and len(edge) == 2:
        return place_name(edge[0], locations, lang), place_name(edge[1], locations, lang)
    somewhere = t("diabolik.say.somewhere", lang)
    return somewhere, somewhere


def place_list(options: Sequence[Any], locations: Sequence[str] | None, lang: str | None) -> str:
    """Places to choose from: "Vannes or Ghenf"."""
    names = [place_name(o, locations, lang) for o in options]
    if not names:
        return t("diabolik.say.somewhere", lang)
    if len(names) == 1:
        return names[0]
    return t("diabolik.say.or", lang, first=", ".join(names[:-1]), last=names[-1])


def capitalised(text: str) -> str:
    """The first letter upper case ("the blue agent ..." opening a sentence)."""
    return text[:1].upper() + text[1:] if text else text


# ------------------------------------------------------------------------------------ the station

ACTIVATE_GROUPS = ("all", "detectives", "agents")


def station_effect_text(effect: Any, lang: str | None = None, *, n: Any = None, who: Any = None) -> str:
    """What the station's die does, as the end of a sentence: an effect of data/diabolik/station.yaml
    by its name (``nothing, danger, roadblock, activate, clue``) with ``n`` (danger) and ``who``
    (activate), or as a mapping (``{"danger": 1}``, ``{"activate": ["agents"]}``, a data row)."""
    if isinstance(effect, Mapping):
        name = effect.get("effect")
        if isinstance(name, str):
            return station_effect_text(name, lang, n=effect.get("n", n), who=effect.get("who", who))
        if "danger" in effect:
            return station_effect_text("danger", lang, n=effect.get("danger"))
        if "activate" in effect:
            return station_effect_text("activate", lang, who=effect.get("activate"))
        if len(effect) == 1:
            return station_effect_text(next(iter(effect)), lang)
        return t("diabolik.say.effect.nothing", lang)
    if effect == "danger":
        return t("diabolik.say.effect.danger", lang, n=n if isinstance(n, int) and not isinstance(n, bool) else 1)
    if effect == "activate":
        return activate_text(who, lang)
    if effect in ("nothing", "roadblock", "clue"):
        return t(f"diabolik.say.effect.{effect}", lang)
    return t("diabolik.say.effect.nothing", lang)


def activate_text(who: Any, lang: str | None = None) -> str:
    """The extra activation of policemen: "all the police act again", "Ginko acts again"."""
    names = [w.strip() for w in (who if isinstance(who, (list, tuple)) else [who]) if isinstance(w, str) and w.strip()]
    if not names or "all" in names:
        return t("diabolik.say.effect.activate_all", lang)
    if names == ["detectives"]:
        return t("diabolik.say.effect.activate_detectives", lang)
    if names == ["agents"]:
        return t("diabolik.say.effect.activate_agents", lang)
    parts = [t(f"diabolik.say.group.{n}", lang) if n in ACTIVATE_GROUPS else who_name(n, lang) for n in names]
    joined = parts[0] if len(parts) == 1 else t("diabolik.say.and", lang, first=", ".join(parts[:-1]), last=parts[-1])
    return t("diabolik.say.effect.activate", lang, who=joined)


# ------------------------------------------------------------------------------------ events

def _danger_max() -> int | None:
    """The top of the danger track: the one remembered for the game on screen, else the data's when
    it is the same for one criminal and for two (data/diabolik/danger.yaml), else None (the
    sentence then says the level alone)."""
    if _top is not None:
        return _top
    try:
        from game.diabolik.rules import data as rules_data
        top = int(rules_data.danger_max())
        solo = getattr(rules_data, "solo_danger_max", None)
        return top if solo is None or int(solo()) == top else None
    except Exception:  # noqa: BLE001 - a sentence without "of 12" rather than none at all
        return None


def event_text(entry: Mapping[str, Any], lang: str | None = None,
               locations: Sequence[str] | None = None) -> str:
    """One log entry of Diabolik as a sentence (see the module docstring)."""
    kind = str(entry.get("kind", ""))
    short = kind.removeprefix("diabolik.")
    if short in CHOICE_KINDS:
        # {"kind": event.kind, **data}: a choice's own "kind" in its data took the entry's place
        short = "choice" if "options" in entry else "chose"
    row = entry.get("locations") if isinstance(entry.get("locations"), (list, tuple)) else locations
    sentence = _SAYERS.get(short)
    if sentence is None:
        return kind
    return capitalised(sentence(entry, row, lang))


def texts_for(locations: Sequence[str], danger_max: int | None = None) -> Callable[[Mapping[str, Any]], str]:
    """``event_text`` for one game (its row of location cards, and the top of its danger track,
    which may differ solo): what the table passes to its log."""
    row = tuple(locations)

    def text(entry: Mapping[str, Any]) -> str:
        if danger_max is not None and entry.get("kind") == "diabolik.danger" and "max" not in entry:
            entry = {**entry, "max": danger_max}
        return event_text(entry, None, row)
    return text


def _say(key: str, lang: str | None, **values: Any) -> str:
    return t(f"diabolik.say.{key}", lang, **values)


def _moved(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return _say("moved", lang, who=who_name(e.get("who"), lang), start=place_name(e.get("from"), row, lang),
                end=place_name(e.get("to"), row, lang))


def _sighting(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    counted = e.get("danger")
    key = "sighting" if counted is None or (isinstance(counted, int) and counted > 0) or counted is True \
        else "sighting_again"
    return _say(key, lang, who=who_name(e.get("who"), lang), at=place_name(e.get("at"), row, lang))


def _hid(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return _say("hid", lang, who=who_name(e.get("who"), lang), at=place_name(e.get("at"), row, lang))


def _took_loot(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return _say("took_loot", lang, who=who_name(e.get("who"), lang), at=place_name(e.get("at"), row, lang))


def _banked(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    count = e.get("count") if isinstance(e.get("count"), int) else 1
    banked = e.get("banked") if isinstance(e.get("banked"), int) else count
    return _say("banked", lang, who=who_name(e.get("who"), lang), count=count, banked=banked, total=LOOT_TOTAL)


def _turn_ended(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return _say("turn_ended", lang, who=who_name(e.get("who"), lang))


def _station(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    effect = station_effect_text(e.get("effect"), lang, n=e.get("n"), who=e.get("who"))
    return _say("station", lang, roll=e.get("roll", "?"), effect=effect)


def _police_moved(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    reason = str(e.get("reason", ""))
    key = f"police_moved.{reason}" if reason in ("toward_clue", "toward_criminal", "patrol", "chase") \
        else "police_moved.plain"
    target = e.get("target")
    if key == "police_moved.chase" and isinstance(e.get("fugitive"), str):
        key = "police_moved.chase_who"
    if target is None and reason in ("toward_clue", "toward_criminal", "chase"):
        key = "police_moved.plain"
    elif reason in ("toward_clue", "toward_criminal") and target == e.get("to"):
        key += "_reached"          # the step lands on the clue (or the trail's end) itself
    return _say(key, lang, who=who_name(e.get("who"), lang), start=place_name(e.get("from"), row, lang),
                end=place_name(e.get("to"), row, lang), target=place_name(target, row, lang),
                fugitive=who_name(e.get("fugitive"), lang))


def _police_stayed(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    reason = str(e.get("reason", ""))
    key = f"police_stayed.{reason}" if reason in ("on_clue", "with_fugitive") else "police_stayed.plain"
    return _say(key, lang, who=who_name(e.get("who"), lang), at=place_name(e.get("at"), row, lang))


def _investigated(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    found = [f for f in (e.get("found") or []) if isinstance(f, str)]
    key = "investigated.found" if found else "investigated.nobody"
    return _say(key, lang, who=who_name(e.get("who"), lang), at=place_name(e.get("at"), row, lang),
                found=who_list(found, lang))


def _discovered(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return _say("discovered", lang, who=who_name(e.get("who"), lang), at=place_name(e.get("at"), row, lang),
                by=who_name(e.get("by"), lang))


def _clue_found(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return _say("clue_found", lang, who=who_name(e.get("who"), lang), at=place_name(e.get("at"), row, lang))


def _card_entered(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    card = "clue" if e.get("card") == "clue" else "loot"
    at, rolled = e.get("at"), e.get("rolled")
    slid = rolled is not None and rolled != at
    return _say(f"card_entered.{card}{'_slid' if slid else ''}", lang, at=place_name(at, row, lang),
                rolled=place_name(rolled, row, lang))


def _roadblock_placed(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    a, b = edge_places(e.get("edge"), row, lang)
    moved = e.get("moved_from")
    if moved:
        c, d = edge_places(moved, row, lang)
        return _say("roadblock_moved", lang, a=a, b=b, c=c, d=d)
    return _say("roadblock_placed", lang, a=a, b=b)


def _roadblock_broken(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    a, b = edge_places(e.get("edge"), row, lang)
    return _say("roadblock_broken", lang, who=who_name(e.get("who"), lang), a=a, b=b)


DANGER_REASONS = ("sighting", "on_the_run", "clue_found", "caught_up", "station")


def _danger(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    reason = str(e.get("reason", ""))
    by = e.get("by") if isinstance(e.get("by"), int) else 1
    level = e.get("level", "?")
    top = e.get("max") if isinstance(e.get("max"), int) else _danger_max()
    key = f"danger.{reason}" if reason in DANGER_REASONS else "danger.plain"
    who = e.get("who")
    if isinstance(who, str) and reason in DANGER_REASONS:
        key = f"danger_by.{reason}"        # who caused it: "Eva starts the round on the run"
    gauge = _say("gauge_of", lang, level=level, max=top) if top else _say("gauge", lang, level=level)
    return _say(key, lang, n=by, gauge=gauge, who=who_name(who, lang))


def _choice(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return choice_text(e, lang, row)


def _chose(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    kind = _choice_kind(e)
    key = f"chose.{kind}" if kind in CHOICE_KINDS else "chose.plain"
    if kind == "police_step" and e.get("who"):
        return _say("chose.police_step_who", lang, who=who_name(e["who"], lang), at=place_name(e.get("at"), row, lang))
    return _say(key, lang, at=place_name(e.get("at"), row, lang))


def _round(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    return _say("round", lang, n=e.get("round", "?"))


def _over(e: Mapping[str, Any], row: Any, lang: str | None) -> str:
    if e.get("won"):
        return _say("over.won", lang)
    if e.get("reason") == "danger_max":
        return _say("over.danger_max", lang)
    return _say("over.lost", lang)


_SAYERS: dict[str, Callable[[Mapping[str, Any], Any, str | None], str]] = {
    "moved": _moved, "sighting": _sighting, "hid": _hid, "took_loot": _took_loot, "banked": _banked,
    "turn_ended": _turn_ended, "station": _station, "police_moved": _police_moved,
    "police_stayed": _police_stayed, "investigated": _investigated, "discovered": _discovered,
    "clue_found": _clue_found, "card_entered": _card_entered, "roadblock_placed": _roadblock_placed,
    "roadblock_broken": _roadblock_broken, "danger": _danger, "choice": _choice, "chose": _chose,
    "round": _round, "over": _over,
}
EVENT_KINDS = tuple(f"diabolik.{k}" for k in _SAYERS)


# ------------------------------------------------------------------------------------ choices

CHOICE_KINDS = ("slide_loot", "slide_clue", "roadblock_side", "police_step")


def _field(pending: Any, name: str, default: Any = None) -> Any:
    if isinstance(pending, Mapping):
        return pending.get(name, default)
    return getattr(pending, name, default)


def _choice_kind(pending: Any) -> str:
    """The kind of a choice (slide_loot, ...): a PendingChoice's ``kind``; in a log entry, the data's
    ``kind`` (which stands in the entry's place) or a ``choice_kind``/``choice`` field."""
    for name in ("choice_kind", "choice", "kind"):
        value = _field(pending, name)
        if isinstance(value, str) and value.removeprefix("diabolik.") in CHOICE_KINDS:
            return value.removeprefix("diabolik.")
    return ""


def choice_text(pending: Any, lang: str | None = None, locations: Sequence[str] | None = None) -> str:
    """The sentence shown when the criminals must choose (a :class:`PendingChoice` of the view, or
    a ``diabolik.choice`` entry): what is chosen, between which places, and for whom."""
    kind = _choice_kind(pending)
    options = list(_field(pending, "options", ()) or ())
    context = _field(pending, "context", {}) or {}
    if not isinstance(context, Mapping):
        context = {}
    row = locations
    if row is None and isinstance(pending, Mapping) and isinstance(pending.get("locations"), (list, tuple)):
        row = pending.get("locations")
    places = place_list(options, row, lang)
    if kind == "police_step":
        toward = str(context.get("toward", ""))
        known = toward in ("clue", "criminal", "fugitive")
        key = f"choice.police_step.{toward if known else 'plain'}"
        targets = context.get("targets")
        target = None
        if isinstance(targets, (list, tuple)) and targets and len(set(targets)) == 1:
            key, target = "choice.police_step.round", targets[0]   # one target, 4 steps away either way
        return capitalised(_say(key, lang, who=who_name(context.get("who"), lang), places=places,
                                at=place_name(context.get("at", context.get("from")), row, lang),
                                target=place_name(target, row, lang)))
    if kind == "roadblock_side":
        at = context.get("at", context.get("rolled"))
        return capitalised(_say("choice.roadblock_side", lang, at=place_name(at, row, lang), places=places))
    if kind in ("slide_loot", "slide_clue"):
        rolled = context.get("rolled", context.get("at"))
        return capitalised(_say(f"choice.{kind}", lang, places=places, rolled=place_name(rolled, row, lang)))
    return capitalised(_say("choice.plain", lang, places=places))


def option_text(pending: Any, option: int, lang: str | None = None, locations: Sequence[str] | None = None) -> str:
    """A button's label for one option of a choice: the place it leads to."""
    options = list(_field(pending, "options", ()) or ())
    where = options[option] if 0 <= option < len(options) else None
    return capitalised(place_name(where, locations, lang))
