"""The events of a Lupin game as sentences for the play screen's log (``lupin.ev.*`` texts).

An entry is one event as the view's ``log`` holds it: ``{"kind": ..., **data}``, already redacted
for the seat (a hidden move has no ``to``). Each kind has a text, with variants where the data
differ (hit or miss, seen or not); a kind without a text gets a plain generic line, so events
that other rule modules add still show up.
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import number, t, translator
from game.lupin.ui.choices import figure_name, humanise, item_name, name_of, vehicle_name


def _names(entry: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in entry.items():
        if k == "kind":
            continue
        if k in ("card", "device") and isinstance(v, str):
            out[k] = item_name(v)
        elif k == "vehicle" and isinstance(v, str):
            out[k] = vehicle_name(v) or v
        elif isinstance(v, str):
            out[k] = name_of(v)
        elif isinstance(v, list) and all(isinstance(x, str) for x in v):
            out[k] = ", ".join(name_of(x) for x in v)
        else:
            out[k] = v
    return out


def _roll(entry: dict[str, Any]) -> str:
    dice = entry.get("dice") or []
    total = sum(dice)
    skill = entry.get("skill")
    text = "+".join(str(d) for d in dice)
    if skill:
        text += f" +{skill}"
        total += skill
    return f"{text} = {total}"


def _variant(kind: str, entry: dict[str, Any]) -> str:
    """The text key of an entry: ``lupin.ev.<kind>`` or one of its variants."""
    if kind == "moved":
        if "to" not in entry:
            return "moved_unseen"
        # "inside Sala dei Rubini", "under B4": "moves inside ...", not "moves to inside ..."
        into = "_into" if str(entry["to"]).startswith(("inside ", "under ")) else ""
        if entry.get("figure", "") in ("lupin", "jigen", "goemon", "fujiko") and entry.get("shown") is False:
            return "moved_hidden" + into
        return "moved" + into
    if kind == "shot":
        return "shot_hit" if entry.get("hit") else "shot_miss"
    if kind == "knife":
        return "knife_hit" if entry.get("hit") else "knife_miss"
    if kind == "melee":
        if entry.get("dodge", {}).get("dodged"):
            return "melee_dodged"
        return "melee_hit" if entry.get("hit") else "melee_miss"
    if kind in ("card_passed", "card_peeked", "magic_cards") and "card" not in entry and "cards" not in entry:
        return kind + "_secret"   # the expansion's cards: what only some seats may read
    if kind == "treasure_picked_up" and "back_to" in entry:
        return "treasure_taken_back"
    if kind == "start_chosen":
        return "start_chosen" if "square" in entry else "start_secret"
    if kind == "escaped":
        if "square" not in entry:
            return "escaped_secret"
        return "escaped_treasure" if entry.get("treasure") else "escaped"
    if kind == "flipped":
        if "treasure" not in entry:
            return "flipped_secret"
        return "flipped_treasure" if entry["treasure"] else "flipped_empty"
    if kind == "told":   # a partner tells what a tile is (knowledge.share_tiles)
        return "told_treasure" if entry.get("treasure") else "told_empty"
    if kind == "tile_to_zenigata":
        if "treasure" not in entry:
            return "tile_to_zenigata"
        return "tile_to_zenigata_treasure" if entry["treasure"] else "tile_to_zenigata_empty"
    if kind == "card_drawn":
        return "card_drawn" if "card" in entry else "card_drawn_secret"
    if kind == "freed_self":
        return "freed_self_round" if entry.get("price") == "round" else "freed_self"
    if kind == "phase":
        return "phase"
    if kind == "grenade":
        return "grenade" if entry.get("victims") else "grenade_none"
    if kind == "eliminated":
        return "eliminated_by" if entry.get("by") else "eliminated"
    if kind == "card_played" and entry.get("disguise"):
        return "disguised"            # Travestimento perfetto, told to its owner's seat only
    if kind in ("token_flipped", "handwheel_turned") and "figure" not in entry:
        return f"{kind}_secret"       # Cagliostro: who turned it is his team's to know
    if kind in ("aim_chosen", "pit_dug"):   # Stonehenge: told in full to the gang only
        return kind if ("aim" in entry or "square" in entry) else f"{kind}_secret"
    if kind == "unmasked" and entry.get("cause") not in (None, "choice"):
        return f"unmasked_{entry['cause']}"
    return kind


def event_line(entry: dict[str, Any]) -> str:
    """One log entry as a sentence in the current language."""
    kind = str(entry.get("kind", "?"))
    values = _names(entry)
    if kind == "phase":
        values["phase"] = t(f"lupin.phase.{entry.get('phase')}")
    if kind in ("shot", "melee", "knife"):
        values["roll"] = _roll(entry)
    if kind in ("treasure_passed", "treasure_offered", "treasure_refused", "device_reassigned", "told"):
        values["giver"] = figure_name(str(entry.get("from", "")))
        values["receiver"] = figure_name(str(entry.get("to", "")))
    if kind == "treasure_stolen":
        values["victim"] = figure_name(str(entry.get("from", "")))
    for k in ("price", "left"):   # money: 1,300 / 1.300 by the language
        if isinstance(values.get(k), int):
            values[k] = number(values[k])
    if kind in ("flipped", "told"):
        values["tile"] = int(entry.get("tile", 0)) + 1
    if kind == "game_over":
        values["reason"] = reason_text(str(entry.get("reason", "")), bool(entry.get("treasure_out")))
    if kind in ("pumping", "zone_drained", "handwheel_turned", "zone_draining"):   # flooded zones, by colour
        values["zone"] = t(f"lupin.zone.{entry.get('zone')}")
    if kind == "token_flipped":   # Cagliostro's discovery tokens, by their picture
        values["token"] = t(f"lupin.cagliostro.token.{entry.get('token')}")
    if kind == "fujiko_side":
        values["side"] = t(f"lupin.cagliostro.side.{entry.get('side')}")
    if kind == "magic_cards" and isinstance(entry.get("cards"), list):
        values["cards"] = ", ".join(f"“{item_name(c)}”" for c in entry["cards"])
    if kind == "card_cancelled":
        values["by"] = item_name(str(entry.get("by", "")))
    if kind == "aim_chosen" and "aim" in entry:   # Stonehenge: the gang's Aim card, its squares
        values["aim"] = t(f"lupin.stonehenge.aim.{entry['aim']}")
        values.update({k: str(v) for k, v in (entry.get("tombs") or {}).items()})
    key = f"lupin.ev.{_variant(kind, entry)}"
    if translator().has(key):
        try:
            return t(key, **values)
        except (KeyError, IndexError, ValueError):
            pass
    details = ", ".join(f"{v}" for k, v in values.items() if not isinstance(v, (list, dict)))
    return f"{humanise(kind)}: {details}" if details else humanise(kind)


def reason_text(reason: str, treasure_out: bool = False) -> str:
    """Why the game ended; time up with the treasure out says that a member was still on the board
    (the gang's win waits for every loyal member to be off the board or under arrest)."""
    if reason == "time_up" and treasure_out:
        reason = "time_up_out"
    key = f"lupin.reason.{reason}"
    return t(key) if translator().has(key) else humanise(reason or "over")
