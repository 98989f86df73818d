"""The rules of Lupusburg, pure (no pygame). Modules: ``data`` (the colours, the coins and the deck
from data/lupusburg/), ``actions``, ``state`` (set-up, night, day, the end, and the API), ``views``
(what each seat sees). Readings of the rules: docs/rules-decisions.md (section "Lupusburg")."""

from game.lupusburg.rules.actions import (
    ACTIONS, SIDES, Decide, Draw, EndDiscussion, GiveBroom, Keep, Mark, PassBet, Place, Point, Privilege, Seen,
    ShowBack, SkipPrivilege, Sweep, Vote,
)
from game.lupusburg.rules.state import (
    Ballot, Bet, BetLog, CharacterSeen, ChestLook, Config, Death, Decision, House, LupusState, PrivilegeLog, Suspects,
    SweepLog, new_game,
)
from game.lupusburg.rules.views import HouseView, LupusView, Reveal

__all__ = [
    "ACTIONS", "Ballot", "Bet", "BetLog", "CharacterSeen", "ChestLook", "Config", "Death", "Decide", "Decision",
    "Draw", "EndDiscussion", "GiveBroom", "House", "HouseView", "Keep", "LupusState", "LupusView", "Mark", "PassBet",
    "Place", "Point", "Privilege", "PrivilegeLog", "Reveal", "SIDES", "Seen", "ShowBack", "SkipPrivilege", "Suspects",
    "Sweep", "SweepLog", "Vote", "new_game",
]
