"""After the game: a view of the whole state with every secret shown, and the game's numbers.

Once a game is over nothing is secret any more, so the replay viewer and the end screen may show
what no seat saw during play: where the hidden members really were, what every face-down tile
was, every hand, and every event un-redacted. :func:`review_view` builds that view from the
per-seat views of :mod:`game.lupin.rules.views` (the table's view, filled in from each seat's own
view) plus the tiles' faces; it has the same shape as a seat's view, so the board drawing code
reads it unchanged, with two additions: ``figures[fid]["hidden"]`` (a gang member on the board
whom the police could not see) and ``tiles[i]["treasure"]`` for every tile.

The UI must only ever call it for a finished game (or a replay of one); nothing here checks that,
since the rules have no notion of "after the game".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from game.engine.api import TABLE, Event
from game.lupin.rules.views import view_for

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

REVIEW = "review"
"""The ``seat`` a review view names: nobody's, everybody's."""


def entry(event: Event) -> dict[str, Any]:
    """An event as a view's log holds it, un-redacted: ``{"kind": ..., **data}``."""
    return {"kind": event.kind, **dict(event.data)}


def review_view(state: "LupinState") -> dict[str, Any]:
    """Everything about ``state``: the table's view with the hidden facts of every seat filled in."""
    seats = sorted(set(state.seat_of.values()))
    view = view_for(state, TABLE)
    views = {s: view_for(state, s) for s in seats}
    for fid, fig in view["figures"].items():
        if fig["kind"] != "gang":
            continue
        own = views[state.seat_of[fid]]["figures"][fid]   # a member's own seat always knows him
        fig.update(own)
        fig["hidden"] = bool(fig["spot"]) and not fig["shown"] and not fig["escaped"]
    for tile in view["tiles"]:
        tile["treasure"] = next(t.treasure for t in state.tiles if t.index == tile["index"])
    mine: dict[str, Any] = {}
    rides: dict[str, dict[str, Any]] = {}
    for seat in seats:
        mine.update(views[seat]["mine"])
        for ride in views[seat]["rides"]:
            known = rides.setdefault(ride["id"], dict(ride, riders=[]))
            known["riders"] = sorted(set(known["riders"]) | set(ride["riders"]))
    view["mine"] = mine
    view["rides"] = [rides[k] for k in sorted(rides)]
    plans = [views[s]["plan"] for s in seats if views[s]["plan"] is not None]
    view["plan"] = max(plans, key=len) if plans else None   # Fujiko's seat's holds the most
    view["log"] = [entry(e) for e in state.log]
    view["seat"] = REVIEW
    return view


STAT_KEYS = ("rounds", "shots", "hits", "blows", "wounds", "arrests", "flips", "escapes", "cards", "devices")


def game_stats(state: "LupinState", events: Iterable[Event] | None = None) -> dict[str, Any]:
    """The numbers a player likes to see at the end, counted from every event of the game:
    rounds played, shots fired (and hits), blows struck, wounds, arrests, tiles (or Cagliostro's
    discovery tokens) flipped, escapes,
    mission cards played, devices used; and per gang member their shots, arrests suffered, flips
    and whether they escaped."""
    log = list(state.log if events is None else events)
    count = {k: 0 for k in STAT_KEYS}
    count["rounds"] = state.round
    members: dict[str, dict[str, Any]] = {c: {"shots": 0, "hits": 0, "flips": 0, "arrested": 0, "escaped": False,
                                                "treasure": False} for c in state.gang}
    for e in log:
        d = e.data
        if e.kind == "shot":
            count["shots"] += 1
            count["hits"] += bool(d.get("hit"))
            if d.get("figure") in members:
                members[d["figure"]]["shots"] += 1
                members[d["figure"]]["hits"] += bool(d.get("hit"))
        elif e.kind == "melee":
            count["blows"] += 1
        elif e.kind == "wounded":
            count["wounds"] += 1
        elif e.kind == "arrested":
            count["arrests"] += 1
            if d.get("figure") in members:
                members[d["figure"]]["arrested"] += 1
        elif e.kind in ("flipped", "token_flipped"):   # a treasure tile; Cagliostro's discovery token
            count["flips"] += 1
            if d.get("figure") in members:
                members[d["figure"]]["flips"] += 1
        elif e.kind == "escaped":
            count["escapes"] += 1
            if d.get("figure") in members:
                members[d["figure"]]["escaped"] = True
                members[d["figure"]]["treasure"] = bool(d.get("treasure"))
        elif e.kind == "card_played":
            count["cards"] += 1
        elif e.kind == "device_used":
            count["devices"] += 1
    return {**count, "members": members}
