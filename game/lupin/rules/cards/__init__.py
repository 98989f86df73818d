"""Lupin's mission cards: the base box's (base.py) and the expansion's (expansion.py), with what both
use in shared.py. Importing the package registers them all, the base box's first; the names other
modules use are re-exported here."""

from game.lupin.rules.cards import base, expansion  # noqa: F401 - register the cards, in this order
from game.lupin.rules.cards.base import (DearLupin, Dash, ExtraMelee, ExtraShot, LeapTo, Unmask,  # noqa: F401
                                         UnmaskHide)
