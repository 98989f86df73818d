"""Every move of Lupusburg (frozen, JSON-registered). An action names the seat (a colour) that makes
it; a house is named by its owner's seat and its side (``left`` or ``right``).

At night every player makes the same kind of move, :class:`Point` at a house of another player, so
that neither whose turn it is nor what a seat may do tells its role: only the Thief's pointing (he
learns whether a chest is there) and the Werewolf's (his claw; the kill comes at dawn) have an effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.engine.api import Action, register_action

Side = Literal["left", "right"]
SIDES: tuple[Side, Side] = ("left", "right")


@register_action("lupusburg.place")
@dataclass(frozen=True)
class Place(Action):
    """Set-up: the player lays his chest house on ``chest`` (left or right); his Townsfolk goes into it
    (the Werewolf and the Thief never may), his other character into the other house."""

    chest: Side


@register_action("lupusburg.point")
@dataclass(frozen=True)
class Point(Action):
    """Night: the player's call, pointing at the house ``side`` of ``player`` (another player's house
    still in the game). The Thief learns whether it hides a chest; the Werewolf's claw marks its
    character, slaughtered at dawn; anyone else's pointing does nothing."""

    player: str
    side: Side


@register_action("lupusburg.privilege")
@dataclass(frozen=True)
class Privilege(Action):
    """Day: the Burgomaster asks to see the living character in house ``side`` of ``player``."""

    player: str
    side: Side


@register_action("lupusburg.skip_privilege")
@dataclass(frozen=True)
class SkipPrivilege(Action):
    """Day: the Burgomaster does not use his privilege today (it is not mandatory)."""


@register_action("lupusburg.show_back")
@dataclass(frozen=True)
class ShowBack(Action):
    """Day: the Burgomaster shows his living character in house ``side`` to the player whose
    character he saw."""

    side: Side


@register_action("lupusburg.seen")
@dataclass(frozen=True)
class Seen(Action):
    """Day: the player the Burgomaster showed a character to has looked at it."""


@register_action("lupusburg.give_broom")
@dataclass(frozen=True)
class GiveBroom(Action):
    """Day (chimney broom variant): the Burgomaster makes ``player`` the Chimney Sweeper."""

    player: str


@register_action("lupusburg.sweep")
@dataclass(frozen=True)
class Sweep(Action):
    """Day: the Chimney Sweeper looks whether house ``side`` of ``player`` hides a chest."""

    player: str
    side: Side


@register_action("lupusburg.pass_bet")
@dataclass(frozen=True)
class PassBet(Action):
    """Betting: the player keeps his seal for another day."""


@register_action("lupusburg.draw")
@dataclass(frozen=True)
class Draw(Action):
    """Betting: the player takes his seal and draws three coins from the bag (all, if fewer are left)."""


@register_action("lupusburg.keep")
@dataclass(frozen=True)
class Keep(Action):
    """Betting: of the coins just drawn the player keeps one worth ``coin``, face down under his seal in
    front of ``target`` (whom he believes the Werewolf); the others go back into the bag."""

    coin: int
    target: str


@register_action("lupusburg.end_discussion")
@dataclass(frozen=True)
class EndDiscussion(Action):
    """Day: the Burgomaster closes the discussion; the vote begins."""


@register_action("lupusburg.vote")
@dataclass(frozen=True)
class Vote(Action):
    """Lynch (nomination round, or the one round of the plurality lynch): one of the player's votes,
    in secret, for the living character in house ``side`` of ``player``."""

    player: str
    side: Side


@register_action("lupusburg.mark")
@dataclass(frozen=True)
class Mark(Action):
    """Lynch (runoff round): one of the player's voting tokens, turned in secret to the ``paw`` print
    or the tuft of ``fur``: the suspect under that evidence token."""

    mark: Literal["paw", "fur"]


@register_action("lupusburg.decide")
@dataclass(frozen=True)
class Decide(Action):
    """Lynch: the Burgomaster breaks a tie, choosing the character in house ``side`` of ``player`` among
    the tied ones (a suspect for the runoff, or the one lynched)."""

    player: str
    side: Side


ACTIONS = (Place, Point, Privilege, SkipPrivilege, ShowBack, Seen, GiveBroom, Sweep, PassBet, Draw, Keep,
           EndDiscussion, Vote, Mark, Decide)
