"""The rules of Diabolik – Quadruplo furto, pure (no pygame), as the contract of issue #13 fixes them
(/work/wt/_prompts/d13-contract.md; every reading is in docs/rules-decisions.md).

Modules: ``table`` (the ring, the pieces, the slide of a new card), ``data`` (the designed numbers
from data/diabolik/), ``actions``, ``core`` (the state's data, danger, the end, choices, cards
entering), ``police`` (the sequence: turn ends, the station, the policemen, the next round),
``state`` (the criminals' actions and the API), ``views`` (the view and ``preview``).

Where this differs from or adds to the contract (said in the first commit too):

- ``DiabolikView`` has one more field, ``queue``: the steps still to play after a pending choice
  (e.g. ``("activate", "blue")``, ``("round",)``), so that ``state_from_view`` can resume the police
  phase exactly; the screen may ignore it.
- ``diabolik.station`` events: ``effect`` is the effect's name (``nothing, danger, roadblock,
  activate, clue``), with ``n`` for danger and ``who`` (the list from the data, e.g. ``["agents"]``)
  for activate. ``roll`` is the die's face 1..8.
- ``diabolik.card_entered``'s ``rolled`` and every other place in events and choices is a position
  0..7 (the die face is ``rolled + 1``). ``diabolik.roadblock_placed`` also has ``at`` (the location
  rolled); ``diabolik.danger`` has ``who`` when a criminal (sighting, on_the_run) or a policeman
  (caught_up, clue_found) caused it.
- A detective whose nearest criminal (no clues in play, all in the shadow) is at his own location
  does not move and investigates there: no ``police_moved`` nor ``police_stayed`` event, only
  ``diabolik.investigated``.
- ``roadblock_side`` offers only the edges without a roadblock (when one neighbour's edge already
  holds the other token, the free one is taken without asking).
- ``Result.reason`` is ``loot_home`` or ``danger_max`` (texts ``diabolik.reason.*``).
"""

from game.diabolik.rules.actions import ACTIONS, Bank, Choose, EndTurn, Hide, Move, TakeLoot
from game.diabolik.rules.core import Config
from game.diabolik.rules.state import DiabolikState, new_game, state_from_view
from game.diabolik.rules.table import (
    AGENTS, CRIMINALS, DETECTIVES, LOCATION_IDS, POLICE, PendingChoice, Pawn, dist, edge,
)
from game.diabolik.rules.views import DiabolikView, Preview, preview

__all__ = [
    "ACTIONS", "AGENTS", "Bank", "CRIMINALS", "Choose", "Config", "DETECTIVES", "DiabolikState",
    "DiabolikView", "EndTurn", "Hide", "LOCATION_IDS", "Move", "POLICE", "Pawn", "PendingChoice", "Preview",
    "TakeLoot", "dist", "edge", "new_game", "preview", "state_from_view",
]
