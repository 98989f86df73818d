"""Lupin the 3rd – The Board Game: the pure rules. ``new_game(config, seed)`` is the title's entry
point for the engine (saves, replays, simulations); see ``state.py``."""

from game.lupin.rules.state import LupinState, new_game

__all__ = ["LupinState", "new_game"]
