"""Names at Diabolik's table, from the texts' module (:mod:`game.diabolik.texts`), as the board
shows them (a name that opens a line capitalised)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.diabolik import texts


def who_name(who: Any) -> str:
    """A criminal's or a policeman's name, as a line on the board starts with it."""
    return texts.capitalised(texts.who_name(who))


def location_name(loc: Any) -> str:
    """A location card's name from its id."""
    return texts.place_name(str(loc))


def set_places(locations: Sequence[str] | None) -> None:
    """The row of the game on screen: the log's sentences name its places."""
    texts.remember_row(locations)


def effect_text(effect: Any) -> str:
    """The station's result in a few words."""
    return texts.station_effect_text(effect)
