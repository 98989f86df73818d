"""The seam for devices and mission cards: registries of small effect functions keyed by the
``effect`` names of data/lupin/devices.yaml and missions.yaml.

An effect is an object with two methods:

* ``targets(state, figure, item) -> list[str]``: the targets the effect may be used on now ("" for
  none needed); an empty list means it cannot be used now, so the rules offer no such action;
* ``apply(state, action, events)``: check everything (raise ``IllegalAction`` before changing
  anything) and then apply the effect, appending its events.

The round engine offers ``PlayCard`` and ``UseDevice`` only for registered effects, and enforces
the rulebook's limits around them: one mission card and up to two devices a turn per member.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from game.engine.api import Event
    from game.lupin.rules.state import LupinState

CARDS_PER_TURN = 1
DEVICES_PER_TURN = 2


class Effect(Protocol):
    def targets(self, state: "LupinState", figure: str, item: str) -> list[str]: ...

    def apply(self, state: "LupinState", action: Any, events: "list[Event]") -> None: ...


CARD_RULES: dict[str, Effect] = {}
DEVICE_RULES: dict[str, Effect] = {}


def card_effect(name: str) -> Callable[[type], type]:
    """Class decorator: register a mission card effect under its data name."""
    def deco(cls: type) -> type:
        CARD_RULES[name] = cls()
        return cls
    return deco


def device_effect(name: str) -> Callable[[type], type]:
    """Class decorator: register a device effect under its data name."""
    def deco(cls: type) -> type:
        DEVICE_RULES[name] = cls()
        return cls
    return deco
