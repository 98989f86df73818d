"""Per-seat views of a Lupin game: everything a seat may know, and nothing more.

A view is plain JSON-like data (dicts, lists, strings, numbers), freshly built, so it can be
compared, saved in a test, or drawn by the UI without touching the state. What each seat sees:

* everybody: the police (always on the board), the gang members shown on the board, wounds,
  the round and phase, the tiles lying face down at their places and who carries a tile, the
  alarm from round 9, the number of cards in each hand, a betrayal once it has happened;
* a gang seat, besides: its own characters' true positions, mission notes and hands, a partner's
  position while they may talk (adjacent or in the same vehicle), the tiles it has seen;
* Zenigata, besides: the tiles he has seen (a tile handed over at an arrest).

A member hidden inside a police agent (*Travestimento perfetto*, cards.py) is off the board in
every view (``spot`` None) but his own seat's, which reads which agent he is (``disguised_as``,
and ``disguise`` in ``mine``) and the agent's square as his ``spot``. The card he played lies face down in front of him until he reveals
himself, so it still counts in his ``hand_size`` for everybody: a card that vanished from a hand
with no card shown would tell Zenigata that a secret card was played.

The privacy tests (tests/lupin/test_privacy.py) build pairs of states that differ only in what a
seat may not know and check that its view is the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.api import TABLE, Seat, events_for_seat
from game.lupin.rules.geometry import spot_to_text
from game.lupin.rules.planning import plan_view
from game.lupin.rules.vehicles import rides_view

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

LOG_LINES = 200
# An expansion episode's module adds its own part of the view (stonehenge.py: the pits, the Aim
# card for the gang): name -> fn(state, seat) -> data, or None when the part is not in this game.
VIEW_PARTS: dict[str, Any] = {}


def register_view_part(name: str):
    def deco(fn):
        VIEW_PARTS[name] = fn
        return fn
    return deco


def _spot(spot: Any) -> str | None:
    return None if spot is None else spot_to_text(spot)


def view_for(state: "LupinState", seat: Seat) -> dict[str, Any]:
    if seat != TABLE and seat not in set(state.seat_of.values()):
        raise ValueError(f"there is no seat {seat!r} in this game; the seats are "
                         f"{', '.join(sorted(set(state.seat_of.values())))} and {TABLE}")
    own = [c for c in state.gang if state.seat_of.get(c) == seat]
    figures: dict[str, dict[str, Any]] = {}
    for fid, f in sorted(state.figures.items()):
        entry: dict[str, Any] = {"kind": f.kind, "wounds": f.wounds}
        if f.kind == "gang":
            known = state.seat_knows_position(seat, fid)
            disguise = f.cards.get("disguise")
            entry.update({
                "seat": state.seat_of[fid],
                "shown": state.is_shown(fid),
                # a disguised member stands where his agent stands: told to his own seat only
                "spot": _spot(state.figures[disguise].spot if disguise and fid in own else f.spot) if known else None,
                "known": known,
                "escaped": f.escaped,
                "arrested_by": f.arrested_by,
                "turn_done": f.turn_done,
                "hand_size": len(f.hand) + (1 if disguise else 0),
                "deck_size": len(f.deck),
                "kills": f.kills,
                "disguised_as": disguise if fid in own else None,
            })
        else:
            entry.update({"spot": _spot(f.spot), "moved": f.moved, "acted": f.acted,
                          "holding": f.holding, "in_car": f.in_car, "knocked_out": f.knocked_out})
        figures[fid] = entry
    cars = {cid: {"spot": _spot(c.spot), "agents": list(c.agents), "hits": c.hits, "driven": c.driven}
            for cid, c in sorted(state.cars.items())}
    tiles = []
    for t in state.tiles:
        entry = {"index": t.index, "site": t.site, "carrier": t.carrier}
        if seat in t.seen_by:
            entry["treasure"] = t.treasure
        tiles.append(entry)
    mine = {}
    for c in own:
        f = state.figures[c]
        mine[c] = {
            "hand": list(f.hand),
            "devices": list(f.devices),
            "notes": [{"round": n.round, "from": n.frm, "to": n.to, "action": n.action,
                       "kills": n.kills, "wounds": n.wounds} for n in f.notes],
            "traitor": c == "fujiko" and state.fujiko_traitor(),
            "disguise": f.cards.get("disguise"),
        }
    result = state.result()
    parts = {name: fn(state, seat) for name, fn in VIEW_PARTS.items()}
    return {
        **{name: part for name, part in parts.items() if part is not None},
        "seat": seat,
        "episode": state.cfg.episode,
        "players": state.cfg.players,
        "difficulty": state.cfg.difficulty,
        "variant": state.cfg.variant,
        "round": state.round,
        "rounds_total": state.rounds_total,
        "phase": state.phase,
        "to_act": list(state.to_act()),
        "active": state.active,   # whose turn it is is public; where he stands may not be
        "seats": {c: s for c, s in sorted(state.seat_of.items())},
        "figures": figures,
        "cars": cars,
        "tiles": tiles,
        "bus": [spot_to_text(s) for s in state.bus_squares()],
        "alarm": state.round >= state.alarm_round and any(t.treasure and t.carrier in state.gang for t in state.tiles),
        "betrayed": state.betrayed,
        "treasure_out": state.treasure_out,
        "mine": mine,
        "rides": rides_view(state, seat),   # the gang vehicles this seat knows of (vehicles.py)
        "plan": plan_view(state, seat),   # the gang's shop and purchases; None for Zenigata and the table
        "log": [{"kind": e.kind, **dict(e.data)} for e in events_for_seat(state.log, seat)][-LOG_LINES:],
        "result": None if result is None else {"winners": list(result.winners), "reason": result.reason,
                                               "scores": dict(result.scores)},
    }
