"""Every move of How to Rob a Bank (frozen, JSON-registered). An action names the seat that makes it
and, where a seat moves several pieces, the piece: a guard (``g1``..``g3``), a thief (``yellow``,
``red``, ``green``) or a stack (``bank`` or a thief's colour)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.api import Action, register_action

ALARM = -1
"""The ``token`` of the alarm in :class:`Lock` and :class:`Pick` (loot tokens are 0, 1, 2 ...)."""


@register_action("robbank.rotate")
@dataclass(frozen=True)
class Rotate(Action):
    """The bank turns the walled tile of ``room`` a quarter turn clockwise (only while a room is walled in)."""

    room: int


@register_action("robbank.place_car")
@dataclass(frozen=True)
class PlaceCar(Action):
    """The thieves choose where the car starts among the farthest road sections."""

    section: int


@register_action("robbank.lay")
@dataclass(frozen=True)
class Lay(Action):
    """Planning: lay ``card`` (its number in the deck) from the hand of ``stack`` face up on that stack."""

    stack: str
    card: int


@register_action("robbank.stand_up")
@dataclass(frozen=True)
class StandUp(Action):
    """The bank gives up the card just revealed to stand every stunned guard up."""


@register_action("robbank.guard_move")
@dataclass(frozen=True)
class GuardMove(Action):
    """One move icon: ``guard`` walks to the adjacent room ``to``."""

    guard: str
    to: int


@register_action("robbank.tackle")
@dataclass(frozen=True)
class Tackle(Action):
    """``guard`` tackles ``thief`` in the same room: stunned, he drops what he carries."""

    guard: str
    thief: str


@register_action("robbank.lock")
@dataclass(frozen=True)
class Lock(Action):
    """``guard`` locks a loot token lying in his room (``token``) or the alarm (:data:`ALARM`)."""

    guard: str
    token: int


@register_action("robbank.thief_move")
@dataclass(frozen=True)
class ThiefMove(Action):
    """``thief`` walks to the adjacent room ``to`` with what he carries."""

    thief: str
    to: int


@register_action("robbank.vents")
@dataclass(frozen=True)
class Vents(Action):
    """``thief`` crawls through the air vents to any other room ``to``."""

    thief: str
    to: int


@register_action("robbank.grab")
@dataclass(frozen=True)
class Grab(Action):
    """``thief`` picks up the unlocked loot token ``token`` lying in his room."""

    thief: str
    token: int


@register_action("robbank.pick")
@dataclass(frozen=True)
class Pick(Action):
    """``thief`` picks the lock of the loot token ``token`` in his room, or the alarm (:data:`ALARM`)."""

    thief: str
    token: int


@register_action("robbank.spray")
@dataclass(frozen=True)
class Spray(Action):
    """``thief`` stuns ``guard``, in his room, with pepper spray."""

    thief: str
    guard: str


@register_action("robbank.move_car")
@dataclass(frozen=True)
class MoveCar(Action):
    """Extra action of ``thief``: the car to the adjacent road section ``section``."""

    thief: str
    section: int


@register_action("robbank.throw")
@dataclass(frozen=True)
class Throw(Action):
    """Extra action of ``thief``: one bag he carries into the car beside his room (stolen)."""

    thief: str


@register_action("robbank.pass_bag")
@dataclass(frozen=True)
class PassBag(Action):
    """Extra action of ``thief``: one bag he carries to the thief ``to`` in the same room."""

    thief: str
    to: str


@register_action("robbank.alarm")
@dataclass(frozen=True)
class SetOffAlarm(Action):
    """Extra action of ``thief``: set off the unlocked alarm in his room; every standing guard runs to it."""

    thief: str


@register_action("robbank.end_turn")
@dataclass(frozen=True)
class EndTurn(Action):
    """Done with the card revealed (what is left of it is optional)."""


CARD_ACTIONS = (GuardMove, Tackle, Lock, ThiefMove, Vents, Grab, Pick, Spray)
EXTRA_ACTIONS = (MoveCar, Throw, PassBag, SetOffAlarm)
ACTIONS = (Rotate, PlaceCar, Lay, StandUp, *CARD_ACTIONS, *EXTRA_ACTIONS, EndTurn)
