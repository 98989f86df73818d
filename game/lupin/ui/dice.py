"""Lupin's dice panel: the rolls of the last shot or blow, tumbling for a moment before they settle
(the shell's :mod:`game.ui.dice`, told which events are rolls: :func:`rolls_of`).

The faces shown while the dice tumble are for the eye only (a local pseudo-random sequence);
the faces they settle on are the event's own ``dice``, rolled by the rules' seeded RNG.
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import t
from game.lupin.ui.choices import figure_name
from game.ui.dice import FADE_TIME, FRAME_TIME, PIPS, ROLL_TIME, Roll, draw_die, fit
from game.ui.dice import DicePanel as ShellDicePanel


class DicePanel(ShellDicePanel):
    """The shell's dice panel (game/ui/dice.py) showing Lupin's shots, blows and dodges."""

    rolling_key = "lupin.play.rolling"

    def rolls_of(self, events: list[dict[str, Any]]) -> list[Roll]:
        return rolls_of(events)


def rolls_of(events: list[dict[str, Any]]) -> list[Roll]:
    """The dice rolls among some view log entries (shots, blows and dodges)."""
    out: list[Roll] = []
    for e in events:
        if e.get("kind") not in ("shot", "melee") or not e.get("dice"):
            continue
        who, target = figure_name(str(e.get("figure", ""))), figure_name(str(e.get("target", "")))
        dice = list(e["dice"])
        skill = e.get("skill") or 0
        need = e.get("need", 12)
        total = sum(dice) + skill
        key = "lupin.play.dice_shot" if e["kind"] == "shot" else (
            "lupin.play.dice_counter" if e.get("counter") else "lupin.play.dice_melee")
        title = t(key, who=who, target=target)
        detail = t("lupin.play.dice_total", total=total, need=need) if skill else \
            t("lupin.play.dice_sum", total=total, need=need)
        dodge = e.get("dodge")
        landed = sum(dice) + skill >= need
        out.append(Roll(dice, title, detail, bool(e.get("hit")),
                        t("lupin.play.hit") if e.get("hit") else t("lupin.play.miss")))
        if dodge and landed:
            out[-1] = Roll(dice, title, detail, True, t("lupin.play.hit"))
            out.append(Roll([int(dodge["die"])], t("lupin.play.dice_dodge", who=target),
                            t("lupin.play.dice_dodge_detail", n=dodge["agility"]), bool(dodge["dodged"]),
                            t("lupin.play.dodged") if dodge["dodged"] else t("lupin.play.not_dodged")))
    return out[-2:]


__all__ = ["DicePanel", "FADE_TIME", "FRAME_TIME", "PIPS", "ROLL_TIME", "Roll", "draw_die", "fit", "rolls_of"]
