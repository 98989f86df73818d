"""The odds of a shot or a blow, as the rules roll them (issue #12: the UI shows them, the rules
work them out).

A shot or a blow hits when two dice plus the attacker's skill reach :data:`state.HIT_ROLL` (12); a
police car is hit on :data:`state.CAR_HIT_ROLL` (8+) on two dice whoever shoots; a character struck
in melee dodges on one die at or under his agility. :func:`attack_odds` reads these from the rules'
own constants and character sheets, for an action as a seat's view shows it (the figures' kinds
and the cars are public), so the tooltips never keep a copy of the rules.
"""

from __future__ import annotations

from typing import Any

from game.engine.api import Action
from game.lupin.rules.characters import sheet
from game.lupin.rules.state import CAR_HIT_ROLL, HIT_ROLL

SHOTS, BLOWS = ("Shoot", "ExtraShot"), ("Melee", "ExtraMelee")


def odds_2d6(need: int) -> float:
    """The chance that two dice add up to ``need`` or more."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need)
    return hits / 36


def sheet_id(view: dict, ident: str) -> str:
    """Whose character sheet a figure of ``view`` uses: its own (gang, Zenigata), else its kind's."""
    f = view["figures"].get(ident)
    if f is None:
        return ident
    return ident if f["kind"] in ("gang", "zenigata") else f["kind"]


def attack_odds(action: Action, view: dict) -> dict[str, Any] | None:
    """For a shot or a blow (Shoot, ExtraShot, Melee, ExtraMelee): the dice total needed on 2d6
    (``need``, at least 2), the chance in % (``odds``), and the defender's dodge (``dodge``: a 1d6 at
    or under his agility, 0 when he has none) with the chance left after it (``odds_after_dodge``).
    None for any other action, or an attacker without a sheet."""
    name = type(action).__name__
    if name not in SHOTS + BLOWS:
        return None
    attack: Any = action
    attacker, target = attack.figure, attack.target
    try:
        sh = sheet(sheet_id(view, attacker))
    except KeyError:
        return None
    if name in SHOTS and target in view["cars"]:
        need = CAR_HIT_ROLL
    else:
        skill = sh.skill(getattr(action, "weapon", "pistol")) if name in SHOTS else sh.melee
        need = HIT_ROLL - skill
    p = odds_2d6(need)
    dodge = 0
    if name in BLOWS and target in view["figures"] and view["figures"][target]["kind"] in ("gang", "zenigata"):
        try:
            dodge = sheet(sheet_id(view, target)).agility
        except KeyError:
            dodge = 0
    return {"need": max(2, need), "odds": round(100 * p), "dodge": dodge,
            "odds_after_dodge": round(100 * p * (1 - min(6, dodge) / 6))}
