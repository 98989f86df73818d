"""Bots for Lupin. They read only their seat's view and legal actions (the rules never offer a move
that needs hidden knowledge) and the public board, never the hidden state.

* ``RandomBot`` plays any legal action, preferring to end a turn once the figure has done
  something and leaving the map only when it makes sense, so that whole games finish; the
  random-game tests use it to explore the rules.
* ``HeuristicBot`` plays with a plan: the gang heads for the treasure buildings, flips tiles, and
  brings the treasure back to a start square; the police shoot what they see, close in on shown
  gang members and call reinforcements. `heist-table simulate` uses it (``--bots heuristic``).
"""

from __future__ import annotations

import functools
import random
from collections import deque
from typing import Any, Sequence

from game.engine.api import Action
from game.engine.grid import parse_coord
from game.lupin.rules import actions as A
from game.lupin.rules.boards import episode_geometry
from game.lupin.rules.cards import Dash, ExtraMelee, ExtraShot, LeapTo, Unmask, UnmaskHide
from game.lupin.rules.geometry import GANG, Inside, spot_from_text
from game.lupin.rules.stonehenge import Dig, bot_goal as stonehenge_goal
from game.lupin.rules.cagliostro import FujikoBuy, FujikoDone, bot_escapes, bot_goal as cagliostro_goal


def _escape_sensible(view: dict, figure: str) -> bool:
    """Leave the map with the treasure, once it is out, or when time runs out."""
    carries = any(t.get("treasure") and t["carrier"] == figure for t in view["tiles"])
    return carries or view["treasure_out"] or view["round"] >= view["rounds_total"]


#: What the heuristic gang buys for each character while planning (cheap, useful, carried by 2).
WISHES: dict[str, tuple[str, ...]] = {
    "lupin": ("medical_kit", "hand_grenade"),
    "jigen": ("rifle", "hand_grenade"),
    "goemon": ("hand_grenade", "knife"),
    "fujiko": ("medical_kit", "knife"),
}


#: What each character wants first in an episode (Stonehenge: a shovel to dig the tombs).
EPISODE_WISHES: dict[str, tuple[str, ...]] = {"stonehenge": ("shovel",)}
#: Where a gang member heads in an episode with its own goals (None: the treasure buildings).
EPISODE_GOALS = {"stonehenge": stonehenge_goal, "cagliostro": cagliostro_goal}


def _still_wished(figure: str, device: str, held: Sequence[str], episode: str = "") -> bool:
    """Whether ``figure`` wants one more ``device`` than he holds (by his wish list)."""
    wish = EPISODE_WISHES.get(episode, ()) + WISHES.get(figure, ())
    return wish.count(device) > list(held).count(device)


def _without(held: Sequence[str], device: str) -> list[str]:
    out = list(held)
    if device in out:
        out.remove(device)
    return out


class RandomBot:
    """Random among the legal actions, with a nudge towards ending turns and phases."""

    END_TYPES = (A.EndTurn, A.EndTreasure)

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        legal = [a for a in legal if not isinstance(a, A.Escape) or _escape_sensible(view, a.figure)] or list(legal)
        enders = [a for a in legal if isinstance(a, self.END_TYPES)]
        others = [a for a in legal if not isinstance(a, self.END_TYPES)]
        if others and (not enders or self.rng.random() < 0.75):
            kinds: dict[str, list[Action]] = {}
            for a in others:   # weigh kinds of action equally, so 300 moves do not drown one shot
                kinds.setdefault(type(a).__name__, []).append(a)
            return self.rng.choice(kinds[self.rng.choice(sorted(kinds))])
        return self.rng.choice(enders)


@functools.lru_cache(maxsize=64)
def _distance_map(episode: str, goal: str, kind: str = GANG) -> dict[Any, int]:
    """Moves from every spot to ``goal`` (a spot's text) over the board, for a figure of ``kind``."""
    geo = episode_geometry(episode)
    start = spot_from_text(goal)
    dist = {start: 0}
    q = deque([start])
    while q:
        cur = q.popleft()
        for nb, cost in geo.neighbours(cur, kind):
            if nb not in dist:
                dist[nb] = dist[cur] + max(cost, 1)
                q.append(nb)
    return dist


def _gives_away(view: dict, a: Action) -> bool:
    """A card that shows its player for good (the expansion's specials) is kept while he hides."""
    from game.lupin.rules.catalog import card as card_data
    params = card_data(a.card).params
    return bool(getattr(params, "reveals_self", False)) and not view["figures"][a.figure]["shown"]


class HeuristicBot:
    """A purposeful player for simulations and, later, computer seats."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        by_type: dict[type, list[Action]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        if view["phase"] == "planning":
            return self._plan(view, by_type)
        if A.BuyLeftover in by_type:   # a traitor Fujiko spends her 600$ on the leftovers
            wanted = [a for a in by_type[A.BuyLeftover] if a.device in WISHES["fujiko"] + ("rifle",)]
            if wanted:
                return wanted[0]
        for kind in (A.ConfirmPlan, A.AcceptTreasure):
            if kind in by_type:
                return by_type[kind][0]
        if A.Place in by_type or A.ChooseStart in by_type:
            return self.rng.choice(by_type.get(A.Place) or by_type[A.ChooseStart])
        if A.Flip in by_type:
            return self.rng.choice(by_type[A.Flip])
        if Dig in by_type:   # Stonehenge: a tomb of the Aim card under his feet
            return by_type[Dig][0]
        if A.EndTreasure in by_type:
            return by_type[A.EndTreasure][0]
        if view["seat"] == "zenigata":
            return self._police(view, by_type)
        return self._gang(view, by_type)

    # ---------------------------------------------------------------- planning
    def _plan(self, view: dict, by_type: dict) -> Action:
        """Start squares first; then each seat buys its characters' few wished tiles; Lupin confirms
        when his are bought (or the clock runs out for him while partners still choose squares)."""
        if A.ChooseStart in by_type:
            return self.rng.choice(by_type[A.ChooseStart])
        mine = view["mine"]
        if FujikoDone in by_type:   # Cagliostro: Fujiko's own purchase, her wishes, then done
            wished = [a for a in by_type.get(FujikoBuy, ()) if _still_wished("fujiko", a.device, mine["fujiko"]["devices"])]
            return wished[0] if wished else by_type[FujikoDone][0]
        wanted = [a for a in by_type.get(A.BuyDevice, ())
                  if a.figure in mine and _still_wished(a.figure, a.device, mine[a.figure]["devices"], view["episode"])]
        if wanted:
            return wanted[0]
        if A.EndCharm in by_type:
            return by_type[A.EndCharm][0]
        if A.PassPurchase in by_type:
            return by_type[A.PassPurchase][0]
        confirms = by_type.get(A.ConfirmPlan, [])
        ready = [a for a in confirms if not a.timed_out]
        if ready:
            return ready[0]
        if view["seat"] == "lupin" and confirms:
            return confirms[0]
        # a partner with nothing more he wants waits for Lupin's word: he gives back something he
        # did not wish for, or takes the cheapest tile (to give it back later); the clock otherwise
        prices = (view.get("plan") or {}).get("prices", {})
        spare = [a for a in by_type.get(A.ReturnDevice, ())
                 if not _still_wished(a.figure, a.device, _without(mine[a.figure]["devices"], a.device),
                                      view["episode"])]
        if spare:
            return spare[0]
        buys = by_type.get(A.BuyDevice, [])
        if buys:
            return min(buys, key=lambda a: (prices.get(a.device, 0), a.device, a.figure))
        return confirms[0] if confirms else next(iter(by_type.values()))[0]

    # ---------------------------------------------------------------- gang
    def _gang(self, view: dict, by_type: dict) -> Action:
        reveal = self._reveal(view, by_type)
        if reveal is not None:
            return reveal
        cards = [a for a in by_type.get(A.PlayCard, []) if not _gives_away(view, a)]
        if cards and self.rng.random() < 0.5:   # a mission card now and then, when one is offered
            return self.rng.choice(cards)
        for extra in (ExtraShot, ExtraMelee, Dash, LeapTo):   # what a card played has opened
            if extra in by_type and self.rng.random() < 0.8:
                return self.rng.choice(by_type[extra])
        for kind in (A.Shoot, A.Melee):
            if kind in by_type and self.rng.random() < 0.8:
                return self.rng.choice(by_type[kind])
        if A.FreeSelf in by_type:
            return by_type[A.FreeSelf][0]
        escapes = [a for a in by_type.get(A.Escape, ()) if _escape_sensible(view, a.figure)]
        if escapes:
            return escapes[0]
        device = self._device(by_type, view["episode"])
        if device is not None:
            return device
        moves = by_type.get(A.Move, [])
        rides = by_type.get(A.Ride, [])
        if A.GetIn in by_type and moves and self.rng.random() < 0.8:
            return by_type[A.GetIn][0]   # not moved yet: in the vehicle next to him, then see
        if moves or rides:
            figure = (moves or rides)[0].figure
            goal = self._gang_goal(view, figure)
            if goal is not None:
                dist = _distance_map(view["episode"], goal)

                def far(a: Action) -> tuple:
                    return (dist.get(spot_from_text(a.to), 999), self.rng.random())
                here = view["figures"][figure]["spot"]
                now = dist.get(spot_from_text(here), 999) if here is not None else 999
                best = min(moves, key=far) if moves else None
                ride = min(rides, key=far) if rides else None
                if ride is not None and far(ride)[0] < min(now, far(best)[0] if best else 999) - 1:
                    return ride          # the vehicle gets him there faster than his feet
                if best is not None and (here is None or far(best)[0] <= now):
                    return best
        return by_type.get(A.EndTurn, list(by_type.values())[0])[0]

    def _reveal(self, view: dict, by_type: dict) -> Action | None:
        """In disguise (*Travestimento perfetto*): now and then reveal himself, slipping away towards
        his goal when he can; a forced reveal (no "stay in disguise" offered) is always answered."""
        hides, shows = by_type.get(UnmaskHide, []), by_type.get(Unmask, [])
        if not hides and not shows:
            return None
        if A.EndTurn in by_type and self.rng.random() >= 0.3:
            return None
        if not hides:
            return shows[0]
        goal = self._gang_goal(view, hides[0].figure)
        if goal is None:
            return self.rng.choice(hides)
        dist = _distance_map(view["episode"], goal)
        return min(hides, key=lambda a: (dist.get(spot_from_text(a.to), 999), a.to))

    def _device(self, by_type: dict, episode: str = "") -> Action | None:
        """Weapons now and then, a medical kit when offered (somebody is wounded), the balloon."""
        if A.Vanish in by_type:
            return by_type[A.Vanish][0]
        uses = by_type.get(A.UseDevice, [])
        heals = [a for a in uses if a.device == "medical_kit"]
        if heals:
            return heals[0]
        weapons = [a for a in uses if a.device in ("hand_grenade", "knife", "rifle")]
        if weapons and self.rng.random() < 0.6:
            return self.rng.choice(weapons)
        others = [a for a in uses if a.device in ("decoy_balloon", "radio", "shovel")
                  and not (a.device == "shovel" and "shovel" in EPISODE_WISHES.get(episode, ()))]
        if others and self.rng.random() < 0.2:
            return self.rng.choice(others)
        return None

    def _gang_goal(self, view: dict, figure: str) -> str | None:
        me = view["figures"][figure]
        if _escape_sensible(view, figure) or any(t["carrier"] == figure for t in view["tiles"]):
            starts = episode_geometry(view["episode"]).board.squares_of("start")
            if view["episode"] == "cagliostro":   # the gang's squares, or a traitor Fujiko's own
                starts = [parse_coord(s) for s in bot_escapes(view, figure)]
            here = spot_from_text(me["spot"]) if me["spot"] else None
            if here is None:
                return None
            return min((str(s) for s in starts),
                       key=lambda s: _distance_map(view["episode"], s).get(here, 999))
        if view["episode"] in EPISODE_GOALS:
            return EPISODE_GOALS[view["episode"]](view, figure)
        sites = sorted({t["site"] for t in view["tiles"] if t["site"] is not None})
        board = episode_geometry(view["episode"]).board
        buildings = []
        for b in board.buildings.values():
            if not b.props.get("treasure"):
                continue
            if view["episode"] == "rosso-rubino" and b.name not in sites:
                continue
            buildings.append(str(Inside(b.name)))
        if not buildings:
            return None
        # each member heads for his own building (a stable choice: str hashes change per process)
        return buildings[("lupin", "jigen", "goemon", "fujiko").index(figure) % len(buildings)]

    # ---------------------------------------------------------------- police
    def _police(self, view: dict, by_type: dict) -> Action:
        for kind in (A.Shoot, A.Melee):
            if kind in by_type:
                return self.rng.choice(by_type[kind])
        for kind in (A.Unload, A.CarFromStation, A.CarAppears):
            if kind in by_type and self.rng.random() < 0.6:
                return self.rng.choice(by_type[kind])
        moves = by_type.get(A.Move, [])
        targets = [f["spot"] for f in view["figures"].values()
                   if f["kind"] == "gang" and f["shown"] and f["spot"] and not f["spot"].startswith("inside")]
        if moves and self.rng.random() < 0.9:
            if targets:
                goal = self.rng.choice(targets)
                g = parse_coord(goal) if not goal.startswith("under") else None
                if g is not None:
                    def closeness(a: Action) -> tuple:
                        s = spot_from_text(a.to)
                        if isinstance(s, tuple) and len(s) == 2 and isinstance(s[0], int):
                            return (abs(s[0] - g[0]) + abs(s[1] - g[1]), self.rng.random())
                        return (999, 0.0)
                    return min(moves, key=closeness)
            return self.rng.choice(moves)
        if A.Drive in by_type and self.rng.random() < 0.5:
            return self.rng.choice(by_type[A.Drive])
        return by_type[A.EndTurn][0]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
