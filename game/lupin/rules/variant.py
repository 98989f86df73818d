"""The all-against-all variant's scoring (rulebook, "VARIANTE").

The game ends when the member holding the treasure leaves the map within the rounds; the members
who left the map are the potential winners, and the one with the most mission points wins:

* +9 to the member who left the map with the treasure;
* +4 to every member who left before him (the mission being completed);
* +3 to Lupin or Fujiko, +1 to Jigen or Goemon, for every agent each eliminated;
* minus the penalty of every penalty card still in hand (data/lupin/missions.yaml,
  ``all_vs_all_penalty``), and minus the points given up to free oneself from an arrest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.api import Result

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

ESCAPE_WITH_TREASURE = 9
ESCAPED_BEFORE = 4
KILL_POINTS = {"lupin": 3, "fujiko": 3, "jigen": 1, "goemon": 1}


def kill_points(member: str, kills: int) -> int:
    return KILL_POINTS[member] * kills


def scores(state: "LupinState") -> dict[str, int]:
    from game.lupin.rules.catalog import card

    carrier = next((t.carrier for t in state.tiles if t.treasure), None)
    order = state.escape_order
    out: dict[str, int] = {}
    for c in state.gang:
        f = state.figures[c]
        points = kill_points(c, f.kills) - f.points_given_up
        if state.treasure_out and c == carrier and f.escaped:
            points += ESCAPE_WITH_TREASURE
        elif state.treasure_out and f.escaped and carrier in order and order.index(c) < order.index(carrier):
            points += ESCAPED_BEFORE
        for cid in f.hand:
            points -= card(cid).all_vs_all_penalty or 0
        out[c] = points
    return out


def all_vs_all_result(state: "LupinState") -> Result:
    pts = scores(state)
    candidates = [c for c in state.gang if state.figures[c].escaped]
    if not state.treasure_out or not candidates:
        return Result(("zenigata",), "time_up", {state.seat_of[c]: p for c, p in pts.items()})
    best = max(pts[c] for c in candidates)
    winners = tuple(state.seat_of[c] for c in candidates if pts[c] == best)
    return Result(winners, "most_points", {state.seat_of[c]: p for c, p in pts.items()})
