"""The rules of How to Rob a Bank, pure (no pygame). Modules: ``board`` (the 3×3 bank, walls, the
road), ``data`` (the designed tiles and decks from data/robbank/), ``actions``, ``state`` (the round
and the API), ``views`` (what each seat sees). Readings of the rulebook: docs/rules-decisions.md."""

from game.robbank.rules.actions import (
    ACTIONS, ALARM, EndTurn, GuardMove, Grab, Lay, Lock, MoveCar, PassBag, Pick, PlaceCar, Rotate,
    SetOffAlarm, Spray, StandUp, Tackle, ThiefMove, Throw, Vents,
)
from game.robbank.rules.state import COLOURS, GUARDS, Alarm, Config, Figure, RobState, Token, Turn, new_game
from game.robbank.rules.views import RobView, state_from_view

__all__ = [
    "ACTIONS", "ALARM", "Alarm", "COLOURS", "Config", "EndTurn", "Figure", "GUARDS", "GuardMove", "Grab", "Lay",
    "Lock", "MoveCar", "PassBag", "Pick", "PlaceCar", "RobState", "RobView", "Rotate", "SetOffAlarm", "Spray",
    "StandUp", "Tackle", "ThiefMove", "Throw", "Token", "Turn", "Vents", "new_game", "state_from_view",
]
