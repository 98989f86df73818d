"""The criminals' moves (frozen, JSON-registered) and their answer to a choice."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.api import Action, register_action


@register_action("diabolik.move")
@dataclass(frozen=True)
class Move(Action):
    """Move to an adjacent location (``to``, a position 0..7)."""

    to: int


@register_action("diabolik.hide")
@dataclass(frozen=True)
class Hide(Action):
    """On the run, back into the shadow (no policeman at that location)."""


@register_action("diabolik.take_loot")
@dataclass(frozen=True)
class TakeLoot(Action):
    """In the shadow, take the loot card lying at one's location."""


@register_action("diabolik.bank")
@dataclass(frozen=True)
class Bank(Action):
    """In the shadow at the hideout, put every loot card carried in safety."""


@register_action("diabolik.end_turn")
@dataclass(frozen=True)
class EndTurn(Action):
    """End one's turn now."""


@register_action("diabolik.choose")
@dataclass(frozen=True)
class Choose(Action):
    """Answer the pending choice with its option number ``option`` (0-based)."""

    option: int


CRIMINAL_ACTIONS = (Move, Hide, TakeLoot, Bank, EndTurn)
ACTIONS = (*CRIMINAL_ACTIONS, Choose)
