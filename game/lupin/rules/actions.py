"""The moves of Lupin the 3rd – The Board Game, as small frozen actions that a save stores as JSON.

Spots are written as text: a square ``"C12"``, ``"inside <building>"`` or ``"under B4"`` (see
:func:`game.lupin.rules.geometry.spot_to_text`). Figures are ``"lupin"``, ``"jigen"``,
``"goemon"``, ``"fujiko"``, ``"zenigata"``, ``"agent-3"``, ``"guard-7"``; police cars ``"car-1"``,
``"car-2"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.api import Action, register_action


# ---------------------------------------------------------------- set-up and planning

@register_action("lupin.place")
@dataclass(frozen=True)
class Place(Action):
    """Zenigata places himself or an agent at set-up (round 1 of the police is only this)."""

    figure: str
    square: str


@register_action("lupin.choose_start")
@dataclass(frozen=True)
class ChooseStart(Action):
    """A gang member's secret start square (also an escape square)."""

    figure: str
    square: str


@register_action("lupin.confirm_plan")
@dataclass(frozen=True)
class ConfirmPlan(Action):
    """Lupin has the last word: the plan stands and the first round begins. ``timed_out``: the
    15 minutes are up (the UI's clock sends it, from any gang seat): the plan so far stands."""

    timed_out: bool = False


# the devices (game/lupin/rules/planning.py; docs/rules-decisions.md, "Lupin — planning")

@register_action("lupin.buy_device")
@dataclass(frozen=True)
class BuyDevice(Action):
    """Buy a device tile from the shop for ``figure`` (who will carry it from the start)."""

    figure: str
    device: str


@register_action("lupin.return_device")
@dataclass(frozen=True)
class ReturnDevice(Action):
    """Give a tile bought for ``figure`` back to the shop, before the plan is confirmed."""

    figure: str
    device: str


@register_action("lupin.reassign_device")
@dataclass(frozen=True)
class ReassignDevice(Action):
    """Hand a tile bought for ``figure`` to the partner ``to`` instead, before the plan is confirmed."""

    figure: str
    device: str
    to: str


@register_action("lupin.charm_lupin")
@dataclass(frozen=True)
class CharmLupin(Action):
    """Fujiko plays "Oh mio caro Lupin..." at the start of planning: she claims the devices she
    wants (:class:`BuyDevice` for her) before anybody buys, and Lupin cannot take them back."""


@register_action("lupin.end_charm")
@dataclass(frozen=True)
class EndCharm(Action):
    """Fujiko has claimed what she wanted: the gang goes on planning."""


@register_action("lupin.pass_purchase")
@dataclass(frozen=True)
class PassPurchase(Action):
    """All against all: this member buys nothing more (he is out of the purchase round)."""


@register_action("lupin.buy_leftover")
@dataclass(frozen=True)
class BuyLeftover(Action):
    """A traitor Fujiko ("Perdonami Lupin...") buys one of the tiles the gang left to her."""

    device: str


# ---------------------------------------------------------------- a figure's turn

@register_action("lupin.move")
@dataclass(frozen=True)
class Move(Action):
    """Move ``figure`` to ``to`` (once a round, up to its movement allowance)."""

    figure: str
    to: str


@register_action("lupin.shoot")
@dataclass(frozen=True)
class Shoot(Action):
    """Shoot at ``target`` (a figure or a police car) with ``weapon`` (pistol or rifle)."""

    figure: str
    target: str
    weapon: str = "pistol"


@register_action("lupin.melee")
@dataclass(frozen=True)
class Melee(Action):
    """Fight an orthogonally adjacent enemy hand to hand."""

    figure: str
    target: str


@register_action("lupin.escape")
@dataclass(frozen=True)
class Escape(Action):
    """Leave the map from a start square."""

    figure: str


@register_action("lupin.free_self")
@dataclass(frozen=True)
class FreeSelf(Action):
    """An arrested gang member frees himself by giving up his devices, or one round of the game
    (``price`` ``"devices"`` or ``"round"``); the agent holding him is eliminated."""

    figure: str
    price: str


@register_action("lupin.pass_treasure")
@dataclass(frozen=True)
class PassTreasure(Action):
    """Hand the treasure tile to an adjacent partner (both must agree: same seat, or the partner
    accepts with :class:`AcceptTreasure`)."""

    figure: str
    to: str


@register_action("lupin.accept_treasure")
@dataclass(frozen=True)
class AcceptTreasure(Action):
    """Accept (or refuse) a treasure tile a partner offers."""

    figure: str
    accept: bool = True


@register_action("lupin.end_turn")
@dataclass(frozen=True)
class EndTurn(Action):
    """End this figure's turn (gang), or the whole police phase (``figure`` ``"police"``)."""

    figure: str


# ---------------------------------------------------------------- police reinforcements

@register_action("lupin.car_from_station")
@dataclass(frozen=True)
class CarFromStation(Action):
    """With 5 agents or fewer on the board: load 1-4 reserve agents into a car at the parking."""

    car: str
    agents: int


@register_action("lupin.car_appears")
@dataclass(frozen=True)
class CarAppears(Action):
    """With 3 agents or fewer: a car with 1-4 reserve agents appears on I18, G15 or E20."""

    car: str
    square: str
    agents: int


@register_action("lupin.drive")
@dataclass(frozen=True)
class Drive(Action):
    """Drive a police car with at least one agent aboard up to 12 road squares (once a round)."""

    car: str
    to: str


@register_action("lupin.unload")
@dataclass(frozen=True)
class Unload(Action):
    """An agent gets out of a police car onto a square around it."""

    car: str
    square: str


# ---------------------------------------------------------------- the treasure

@register_action("lupin.flip")
@dataclass(frozen=True)
class Flip(Action):
    """Phase 4: a gang member inside flips a treasure tile (``tile`` 0-3)."""

    figure: str
    tile: int


@register_action("lupin.end_treasure")
@dataclass(frozen=True)
class EndTreasure(Action):
    """Phase 4: this seat flips nothing more this round."""


# ---------------------------------------------------------------- devices and cards

@register_action("lupin.play_card")
@dataclass(frozen=True)
class PlayCard(Action):
    """Play a mission card from ``figure``'s hand (one a turn), on ``target`` if it needs one."""

    figure: str
    card: str
    target: str = ""


@register_action("lupin.use_device")
@dataclass(frozen=True)
class UseDevice(Action):
    """Use one of ``figure``'s devices (up to two a turn), on ``target`` if it needs one."""

    figure: str
    device: str
    target: str = ""


# ---------------------------------------------------------------- the gang's vehicles and the balloon
#  (game/lupin/rules/vehicles.py and devices.py; docs/rules-decisions.md, "Lupin — devices in play")

@register_action("lupin.get_in")
@dataclass(frozen=True)
class GetIn(Action):
    """Get into a gang vehicle standing on ``figure``'s square or next to it (free, no move)."""

    figure: str
    vehicle: str


@register_action("lupin.get_out")
@dataclass(frozen=True)
class GetOut(Action):
    """Get out of the vehicle onto a free ``square`` next to it (free, no move)."""

    figure: str
    square: str


@register_action("lupin.ride")
@dataclass(frozen=True)
class Ride(Action):
    """Drive (fly, sail) the vehicle ``figure`` is aboard to ``to``: the driver's move this round."""

    figure: str
    to: str


@register_action("lupin.vanish")
@dataclass(frozen=True)
class Vanish(Action):
    """The round after a "false target" balloon: the figure on the board was a balloon, and the
    member slips unseen to ``to``, one of the first two free hidden squares (his move)."""

    figure: str
    to: str
