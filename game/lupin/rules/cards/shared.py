"""What the base box's mission cards (base.py) and the expansion's (expansion.py) both use: the
helpers every card effect calls, and the plays the base box's effects hand over to the expansion's
cards (:class:`ExpansionPlays`, which expansion.py registers), so that base.py never imports the
expansion (issue #12).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from game.engine.api import Event
from game.lupin.rules.geometry import Under
from game.lupin.rules.state import HIT_ROLL

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

POLICE_KINDS = ("zenigata", "agent", "guard")
DISTRACTION = "lupin_mia_adorata_fujiko"


def play_forced(state: "LupinState", c: str, card: str, ev: list[Event], **data: Any) -> None:
    """The rules play a forced card for its holder: it leaves the hand, everybody sees it."""
    f = state.figures[c]
    f.hand.remove(card)
    f.discard.append(card)
    ev.append(Event("card_played", {"figure": c, "card": card, "target": "", "forced": True, **data},
                    reveal=True))


def free(state: "LupinState", c: str) -> bool:
    f = state.figures[c]
    return (f.kind == "gang" and f.arrested_by is None and not f.escaped and f.spot is not None)


def can_attack(state: "LupinState", c: str) -> bool:
    f = state.figures[c]
    return (free(state, c) and not f.in_car and not isinstance(f.spot, Under)
            and f.blocked_until < state.round)


def roll_shot(state: "LupinState", c: str, target: str, skill: int, ev: list[Event], **extra: Any) -> None:
    roll = state.rng.roll(2)
    hit = sum(roll) + skill >= HIT_ROLL
    ev.append(Event("shot", {"figure": c, "target": target, "dice": roll, "skill": skill, "need": HIT_ROLL,
                             "hit": hit, **extra}, reveal=True))
    if hit:
        state.hit(c, target, ev)


def sure_hit(state: "LupinState", c: str, targets: list[str], card: str, ev: list[Event]) -> None:
    for t in targets:
        if state.figures.get(t) is not None and state.figures[t].spot is not None:
            ev.append(Event("card_hit", {"figure": c, "target": t, "card": card}, reveal=True))
            state.hit(c, t, ev)


# ------------------------------------------------------------------------------------ the expansion's plays

@dataclass(frozen=True)
class ExpansionPlays:
    """The expansion's cards that ride on a base box's effect: *Colpo in canna da fenomeno* (a sure
    hit at any range), *Pistola nascosta* (the extra shot played once), and *Lupin, lascia perdere
    quella donna!* (it cancels *Mia adorata Fujiko...*). Without the expansion none can be played."""

    amazing_shot_targets: Callable[["LupinState", str], list[str]] = lambda state, c: []
    amazing_shot: Callable[["LupinState", Any, list[Event]], None] = lambda state, a, ev: None
    hidden_gun_targets: Callable[["LupinState", str], list[str]] = lambda state, c: []
    hidden_gun_shot: Callable[["LupinState", Any, list[Event]], None] = lambda state, a, ev: None
    cancels_distraction: Callable[["LupinState", list[Event]], bool] = lambda state, ev: False


_PLAYS: list[ExpansionPlays] = [ExpansionPlays()]


def register_expansion_plays(plays: ExpansionPlays) -> None:
    """expansion.py, at import: its plays replace the defaults."""
    _PLAYS[0] = plays


def expansion_plays() -> ExpansionPlays:
    return _PLAYS[0]
