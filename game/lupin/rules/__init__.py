"""Lupin the 3rd – The Board Game: the pure rules. ``new_game(config, seed)`` is the title's entry
point for the engine (saves, replays, simulations); see ``state.py``."""

from game.lupin.rules.state import LupinState, new_game
from game.lupin.rules import planning  # noqa: F401,E402 - registers the planning moves
from game.lupin.rules import vehicles, devices  # noqa: F401,E402 - register the vehicles and devices
from game.lupin.rules import cards  # noqa: F401,E402 - registers the mission cards
from game.lupin.rules import stonehenge  # noqa: F401,E402 - registers La lama di Stonehenge
from game.lupin.rules import cagliostro  # noqa: F401,E402 - registers Ritorno a Cagliostro

__all__ = ["LupinState", "new_game"]
