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
import heapq
import itertools
import random
from typing import Any, Sequence

from game.engine.api import Action
from game.engine.grid import parse_coord
from game.lupin.rules import actions as A
from game.lupin.rules.boards import episode_geometry
from game.lupin.rules.cards import Dash, ExtraMelee, ExtraShot, LeapTo, Unmask, UnmaskHide
from game.lupin.rules.cards.expansion import PoliceCard
from game.lupin.rules.geometry import GANG, BoardState, Inside, spot_from_text
from game.lupin.rules.stonehenge import TOMBS, ChooseAim, Dig, henge_data
from game.lupin.rules.cagliostro import FujikoBuy, FujikoDone, bot_escapes, data as cagliostro_data


ORDER = ("lupin", "jigen", "goemon", "fujiko")


def _loyal_partner_carries(view: dict, figure: str) -> bool:
    """A partner the seat trusts carries the treasure (not a Cagliostro Fujiko playing apart)."""
    apart = bool((view.get("cagliostro") or {}).get("fujiko_apart"))
    for t in view["tiles"]:
        c = t.get("carrier")
        if c and c != figure and view["figures"].get(c, {}).get("kind") == "gang" \
                and t.get("treasure", True) and not (apart and "fujiko" in (c, figure)):
            return True
    return False


def _escape_sensible(view: dict, figure: str) -> bool:
    """Leave the map with the treasure, once it is out, when a partner carries it in the expansion
    episodes (he is on his way out: nothing left to do on the board), or when time runs out."""
    carries = any(t.get("treasure") and t["carrier"] == figure for t in view["tiles"])
    late = view["episode"] in EPISODE_GOALS and _loyal_partner_carries(view, figure)
    spare = view["episode"] == "cagliostro" and _caesar_bound(view, figure) is False
    return carries or late or spare or view["treasure_out"] or view["round"] >= view["rounds_total"]


#: What the heuristic gang buys for each character while planning (cheap, useful, carried by 2).
WISHES: dict[str, tuple[str, ...]] = {
    "lupin": ("medical_kit", "hand_grenade"),
    "jigen": ("rifle", "hand_grenade"),
    "goemon": ("hand_grenade", "knife"),
    "fujiko": ("medical_kit", "knife"),
}


#: What each character wants first in an episode, before his usual wishes. Stonehenge: a shovel
#: for each of the three first members (three tombs; with 2 players both dig). Cagliostro: two wetsuits (the
#: flooded zones hold three of the nine tokens, and Neptunus' steps stand in the water).
EPISODE_WISHES: dict[str, dict[str, tuple[str, ...]]] = {
    "stonehenge": {"lupin": ("shovel",), "jigen": ("shovel",), "goemon": ("shovel",), "fujiko": ()},
    "cagliostro": {"lupin": ("wetsuit",), "jigen": ("wetsuit",), "goemon": (), "fujiko": ()},
}


def _wishes(figure: str, episode: str = "") -> tuple[str, ...]:
    return EPISODE_WISHES.get(episode, {}).get(figure, ()) + WISHES.get(figure, ())


def _still_wished(figure: str, device: str, held: Sequence[str], episode: str = "") -> bool:
    """Whether ``figure`` wants one more ``device`` than he holds (by his wish list)."""
    return _wishes(figure, episode).count(device) > list(held).count(device)


def _without(held: Sequence[str], device: str) -> list[str]:
    out = list(held)
    if device in out:
        out.remove(device)
    return out


# ------------------------------------------------------------------------------------ distances

def board_state(view: dict) -> tuple[frozenset, frozenset, tuple]:
    """What of the board the view says has changed: open temples, drained zones, the passage."""
    part = view.get("cagliostro") or {}
    return (frozenset(part.get("open_temples", ())), frozenset(view.get("drained") or part.get("drained", ())),
            tuple(part.get("passage", ())))


@functools.lru_cache(maxsize=64)
def backward_steps(episode: str, open_temples: frozenset, drained: frozenset, passage: tuple,
              swim: bool) -> dict[Any, list[tuple[Any, int]]]:
    """For every spot, the spots one step before it and the step's cost (steps need not be
    reversible: one walks out of a closed temple, not into it)."""
    geo = episode_geometry(episode)
    bs = BoardState(open_temples=open_temples, drained=drained)
    links = {}
    if len(passage) == 2:
        a, b = (spot_from_text(x) for x in passage)
        links = {a: b, b: a}
    todo = list(geo.board.squares())
    seen = set(todo)
    back: dict[Any, list[tuple[Any, int]]] = {}
    while todo:
        cur = todo.pop()
        steps = list(geo.neighbours(cur, GANG, bs, swim))
        if cur in links:
            steps.append((links[cur], 1))
        for nb, cost in steps:
            back.setdefault(nb, []).append((cur, max(cost, 0)))
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return back


@functools.lru_cache(maxsize=512)
def moves_to(episode: str, goal: str, open_temples: frozenset = frozenset(), drained: frozenset = frozenset(),
          passage: tuple = (), swim: bool = False, blocked: frozenset = frozenset()) -> dict[Any, int]:
    """Moves (Dijkstra over the step costs) from every spot to ``goal`` for a gang member, on the
    board as it is now (temples opened, zones drained, the trapdoor passage, a wetsuit), never
    through the ``blocked`` squares."""
    back = backward_steps(episode, open_temples, drained, passage, swim)
    start = spot_from_text(goal)
    dist = {start: 0}
    tie = itertools.count()
    heap = [(0, next(tie), start)]
    while heap:
        d, _, cur = heapq.heappop(heap)
        if d > dist.get(cur, 1 << 30):
            continue
        for prev, cost in back.get(cur, ()):
            nd = d + cost
            if prev in blocked or nd >= dist.get(prev, 1 << 30):
                continue
            dist[prev] = nd
            heapq.heappush(heap, (nd, next(tie), prev))
    return dist


def _distance_map(episode: str, goal: str, kind: str = GANG) -> dict[Any, int]:
    """Moves from every spot to ``goal`` on the printed board (nothing opened nor drained)."""
    return moves_to(episode, goal)


def moves_for(view: dict, figure: str, goal: str) -> dict[Any, int]:
    """The distance map ``figure`` walks by now (his wetsuit lets him swim)."""
    temples, drained, passage = board_state(view)
    devices = view["mine"].get(figure, {}).get("devices", ())
    return moves_to(view["episode"], goal, temples, drained, passage, "wetsuit" in devices)


def _police_squares(view: dict) -> frozenset:
    """The squares the police stand on, as every seat sees them (a member cannot walk through)."""
    return frozenset(spot_from_text(f["spot"]) for f in view["figures"].values()
                     if f.get("kind") in ("agent", "zenigata", "guard") and f.get("spot")
                     and not f["spot"].startswith(("inside", "under")))


def _dist_around(view: dict, figure: str, goal: str) -> dict[Any, int]:
    """Like :func:`moves_for`, but around the policemen standing in the way (a member stuck
    behind an agent in a narrow passage walks round him instead of waiting there)."""
    temples, drained, passage = board_state(view)
    devices = view["mine"].get(figure, {}).get("devices", ())
    return moves_to(view["episode"], goal, temples, drained, passage, "wetsuit" in devices, _police_squares(view))


def exit_squares(view: dict, figure: str) -> list[str]:
    if view["episode"] == "cagliostro":   # the gang's squares, or a traitor Fujiko's own
        return bot_escapes(view, figure)
    return sorted(str(s) for s in episode_geometry(view["episode"]).board.squares_of("start"))


# ------------------------------------------------------------------------------------ Stonehenge

def _henge_routes(aim: dict, diggers: tuple[str, ...], start: str) -> dict[str, tuple[str, ...]]:
    """The tombs each digger digs, in order: every split of the three tombs among the diggers,
    each walking from ``start`` through his tombs, the one whose slowest digger is done first (then
    the one whose last tomb lies nearest Excalibur). The same for every seat: it reads only the
    Aim card and who carries a shovel."""
    return _henge_plan(aim["id"], tuple(sorted(aim["tombs"].items())), aim["excalibur"], diggers, start)[0]


@functools.lru_cache(maxsize=256)
def _henge_plan(aim_id: str, tombs: tuple, excalibur: str, diggers: tuple[str, ...],
                start: str) -> tuple[dict[str, tuple[str, ...]], int]:
    squares = dict(tombs)
    if not diggers:
        return {}, 999
    best: tuple | None = None
    names = sorted(squares)
    for owners in itertools.product(diggers, repeat=len(names)):
        routes: dict[str, tuple[str, ...]] = {}
        total_worst = 0
        finish = []
        for d in diggers:
            mine = [squares[n] for n, o in zip(names, owners) if o == d]
            best_route, best_len = (), 0
            if mine:
                best_len = 1 << 30
                for perm in itertools.permutations(mine):
                    length, here = 0, start
                    for sq in perm:
                        length += moves_to("stonehenge", sq).get(spot_from_text(here), 999)
                        here = sq
                    if length < best_len:
                        best_route, best_len = perm, length
            routes[d] = best_route
            total_worst = max(total_worst, best_len)
            if best_route:
                finish.append(moves_to("stonehenge", excalibur).get(spot_from_text(best_route[-1]), 999) + best_len)
        key = (total_worst, min(finish, default=999), sum(len(r) for r in routes.values()), owners)
        if best is None or key < best[0]:
            best = (key, routes)
    return best[1], best[0][0] + moves_to("stonehenge", excalibur).get(spot_from_text(start), 999)


def members(view: dict) -> list[str]:
    return [c for c in ORDER if view["figures"].get(c, {}).get("kind") == "gang"]


def held_devices(view: dict, figure: str) -> list[str]:
    """A member's devices as his seat knows them, or as the plan bought them for a partner."""
    if figure in view["mine"]:
        return list(view["mine"][figure]["devices"])
    plan = view.get("plan") or {}
    return [p["device"] for p in plan.get("purchases", ()) if p["figure"] == figure] + \
        [g["device"] for g in plan.get("granted", ()) if g["figure"] == figure]


def free(view: dict, c: str) -> bool:
    f = view["figures"].get(c, {})
    return f.get("kind") == "gang" and not f.get("escaped") and not f.get("arrested_by")


def henge_goal(view: dict, figure: str) -> str | None:
    """Stonehenge: dig the tombs the plan gives him (the shared plan, :func:`_henge_routes`), then
    help with any tomb left, then wait on Excalibur's square (the first there takes it)."""
    part = view.get("stonehenge") or {}
    aim = part.get("aim")
    if not aim:
        return None
    if _loyal_partner_carries(view, figure):
        return None
    dug = set(aim["dug"])
    diggers = tuple(c for c in members(view) if free(view, c) and "shovel" in held_devices(view, c))
    if figure in diggers and len(dug) < len(TOMBS):
        routes = _henge_routes(aim, diggers, "C25")
        todo = [sq for sq in routes.get(figure, ()) if sq not in {aim["tombs"][n] for n in dug}]
        if todo:
            return todo[0]
        left = [aim["tombs"][n] for n in TOMBS if n not in dug]
        here = view["figures"][figure]["spot"]
        if left and here and not here.startswith(("inside", "under")):
            pos = spot_from_text(here)
            # a partner's tomb still to dig: the nearest, but only once the round shows him late
            late = view["round"] >= 7
            if late:
                return min(left, key=lambda sq: (moves_to("stonehenge", sq).get(pos, 999), sq))
    return aim["excalibur"]


# ------------------------------------------------------------------------------------ Cagliostro

#: Each member's quarter of the Roman site: among the tokens he may reach, he prefers the ones
#: near his anchor, so that the gang splits up without talking (north-west, east, south).
ANCHORS = {"lupin": "H9", "jigen": "H18", "goemon": "O20", "fujiko": "Q15"}


@functools.lru_cache(maxsize=1)
def caesar_floor() -> tuple[str, ...]:
    """The squares of Divus Caesar's floor, where the coins are taken (sorted)."""
    board = episode_geometry("cagliostro").board
    temple = cagliostro_data().treasure_temple
    return tuple(sorted(str(sq) for p in board.places_of("temple") if p.name == temple for sq in p.squares
                        if board.cell(sq).temple_part == "floor"))


def _caesar_bound(view: dict, figure: str) -> bool | None:
    """Once Divus Caesar is open (or opens next round) with the coins inside: whether ``figure``
    goes for them (True) or makes for the exit at once (False), since the gang wins only when every
    loyal member is off the board too and the way out is long. The nearest goes, and any member
    within a few moves of the nearest partner he knows of (a partner he cannot see may be nearer:
    then both go); None before that. A member playing apart (a traitor Fujiko) always goes."""
    part = view.get("cagliostro") or {}
    temple = cagliostro_data().treasure_temple
    if temple not in part.get("open_temples", ()) and temple not in part.get("opening", {}):
        return None
    if not any(t["site"] == temple for t in view["tiles"]):
        return None
    if figure == "fujiko" and part.get("fujiko_apart"):
        return True

    def far(c: str) -> int:
        spot = view["figures"][c].get("spot")
        if not spot or spot.startswith(("inside", "under")) or view["figures"][c].get("arrested_by"):
            return 999
        where = spot_from_text(spot)
        temples, drained, passage = board_state(view)
        temples = temples | {temple}
        return min(moves_to(view["episode"], sq, temples, drained, passage, False).get(where, 999)
                   for sq in caesar_floor())
    mine = far(figure)
    if mine >= 999:
        return True
    others = [far(c) for c in members(view) if c != figure and free(view, c)
              and not (c == "fujiko" and part.get("fujiko_apart"))]
    return mine <= min(others, default=999) + 3


def cagliostro_goal(view: dict, figure: str) -> str | None:
    """Cagliostro: the coins once Divus Caesar is open; else a face-down token he can reach now
    (temples opened, zones drained, his wetsuit, the passage), the nearest with a bias towards his
    own quarter; else a handwheel that drains a zone still holding a token."""
    board = episode_geometry("cagliostro").board
    part = view.get("cagliostro") or {}
    me = view["figures"][figure]["spot"]
    if not me or me.startswith(("inside", "under")):
        return None
    pos = spot_from_text(me)
    temple = cagliostro_data().treasure_temple
    if temple in part.get("open_temples", ()) and any(t["site"] == temple for t in view["tiles"]):
        squares = caesar_floor()
        return min(squares, key=lambda sq: (moves_for(view, figure, sq).get(pos, 999), sq))
    goals = [coord for coord, token in part.get("tokens", {}).items() if token is None]
    wet = set()
    for coord in goals:
        cell = board.cell(parse_coord(coord))
        if cell.flooded is not None and cell.flooded not in part.get("drained", ()):
            wet.add(cell.flooded)
    if "Neptunus" not in part.get("open_temples", ()) and "yellow" not in part.get("drained", ()):
        wet.add("yellow")   # Neptunus' steps stand in the yellow basin
    goals += [sq for sq, zone in part.get("handwheels", {}).items()
              if zone in wet and zone not in part.get("draining", {})]
    goals = list(dict.fromkeys(goals))

    def cost(c: str, where: Any, coord: str) -> tuple:
        d = _dist_around(view, c, coord).get(where) if c == figure else \
            moves_for(view, c, coord).get(where) if c in view["mine"] else \
            moves_to(view["episode"], coord, *board_state(view)).get(where)
        if d is None:
            return (1, 0, coord)
        anchor = _distance_map("cagliostro", ANCHORS.get(c, "H18")).get(spot_from_text(coord), 30)
        wheel = 10 if coord in part.get("handwheels", {}) else 0   # a token first: it may be a bust
        return (0, d + anchor // 3 + wheel, coord)
    # the partners before him whose squares he knows (his own seat's, or in sight) take their
    # nearest goal first: two members do not walk to the same token
    for c in ORDER[:ORDER.index(figure)] if figure in ORDER else ():
        f = view["figures"].get(c, {})
        if not free(view, c) or not f.get("spot") or f["spot"].startswith(("inside", "under")):
            continue
        if c == "fujiko" and part.get("fujiko_apart"):
            continue
        where = spot_from_text(f["spot"])
        theirs = [g for g in goals if cost(c, where, g)[0] == 0]
        if len(theirs) > 1:
            goals.remove(min(theirs, key=lambda g: cost(c, where, g)))
    reachable = [g for g in goals if cost(figure, pos, g)[0] == 0]
    if not reachable:
        return None
    return min(reachable, key=lambda g: cost(figure, pos, g))


#: Where a gang member heads in an episode with its own goals (None: the treasure buildings).
EPISODE_GOALS = {"stonehenge": henge_goal, "cagliostro": cagliostro_goal}


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
        if ChooseAim in by_type:   # Stonehenge: the Aim card the gang digs fastest
            return min(by_type[ChooseAim], key=lambda a: (self._aim_cost(view, a.aim), a.aim))
        episode = view["episode"]

        def held(c: str) -> list[str]:
            return mine[c]["devices"] if c in mine else held_devices(view, c)
        # his own members' wishes first; Lupin's seat (who may buy for anybody) then fills the
        # partners' episode wishes (the shovels, the wetsuits) before he confirms
        buys = by_type.get(A.BuyDevice, ())
        wanted = [a for a in buys if a.figure in mine and _still_wished(a.figure, a.device, held(a.figure), episode)]
        if not wanted and view["seat"] == "lupin":
            wanted = [a for a in buys if a.device in EPISODE_WISHES.get(episode, {}).get(a.figure, ())
                      and _still_wished(a.figure, a.device, held(a.figure), episode)]
        if wanted:
            first = {d: i for i, d in enumerate(dict.fromkeys(d for c in ORDER for d in EPISODE_WISHES.get(episode, {}).get(c, ())))}
            return min(wanted, key=lambda a: (a.device not in first, ORDER.index(a.figure) if a.figure in ORDER else 9,
                                              _wishes(a.figure, episode).index(a.device)))
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

    def _aim_cost(self, view: dict, aim_id: str) -> int:
        """Moves the slowest digger walks, and then the way back from Excalibur, on this card
        (the three first members dig: they are the ones the plan gives a shovel)."""
        card = next(a for a in henge_data().aims if a.id == aim_id)
        diggers = tuple(members(view)[:3])
        return _henge_plan(card.id, tuple(sorted(card.tombs.items())), card.excalibur, diggers, "C25")[1]

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
        if A.FreeSelf in by_type and view["episode"] == "cagliostro":
            # eighteen rounds are few for the site's nine tokens: he gives up his devices (the
            # wetsuit is worn, he keeps it), never a round of the game
            return min(by_type[A.FreeSelf], key=lambda a: a.price != "devices")
        if A.FreeSelf in by_type:
            # he keeps a wetsuit he swims with (giving up his devices in the water would leave
            # him standing in it without one: a case the rules leave open, see the report)
            frees = sorted(by_type[A.FreeSelf], key=lambda a: a.price == "devices"
                           and "wetsuit" in view["mine"].get(a.figure, {}).get("devices", ()))
            return frees[0]
        escapes = [a for a in by_type.get(A.Escape, ()) if _escape_sensible(view, a.figure)]
        if escapes:
            return escapes[0]
        device = self._device(by_type, view["episode"])
        if device is not None:
            return device
        moves = by_type.get(A.Move, [])
        rides = by_type.get(A.Ride, [])
        if A.GetIn in by_type and moves and view["episode"] != "cagliostro" and self.rng.random() < 0.8:
            # (Cagliostro: the cars keep to the ring road, the tokens lie down in the site)
            return by_type[A.GetIn][0]   # not moved yet: in the vehicle next to him, then see
        if moves or rides:
            figure = (moves or rides)[0].figure
            goal = self._gang_goal(view, figure)
            if goal is not None:
                dist = moves_for(view, figure, goal)
                here = view["figures"][figure]["spot"]
                if view["episode"] == "cagliostro" and here and not here.startswith(("inside", "under")):
                    around = _dist_around(view, figure, goal)   # round a policeman in the way,
                    if around.get(spot_from_text(here), 999) <= dist.get(spot_from_text(here), 999) + 4:
                        dist = around                           # not round the whole site

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
        dist = moves_for(view, hides[0].figure, goal)
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
                  and not (a.device == "shovel" and episode == "stonehenge")]   # he digs with it
        if others and self.rng.random() < 0.2:
            return self.rng.choice(others)
        return None

    def _gang_goal(self, view: dict, figure: str) -> str | None:
        me = view["figures"][figure]
        if _escape_sensible(view, figure) or any(t["carrier"] == figure for t in view["tiles"]):
            here = spot_from_text(me["spot"]) if me["spot"] else None
            if here is None:
                return None
            return min(exit_squares(view, figure), key=lambda s: (moves_for(view, figure, s).get(here, 999), s))
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
        card = self._police_card(view, by_type)
        if card is not None:
            return card
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


    @staticmethod
    def _police_card(view: dict, by_type: dict) -> Action | None:
        """*Non mi scapperete!!!* (floodlights: the whole gang on the board this round and the
        next), played first in the police phase, once: when the gang is at its goal (the blade or
        the coins carried, the last pit or Divus Caesar about to open), when at least two members
        hide from him after round 3, or in the last rounds at the latest."""
        plays = by_type.get(PoliceCard, [])
        if not plays:
            return None
        gang = [f for f in view["figures"].values() if f["kind"] == "gang" and not f.get("escaped")
                and not f.get("arrested_by")]
        hidden = sum(1 for f in gang if not f.get("shown"))
        if not hidden:
            return None
        carried = any(t.get("carrier") for t in view["tiles"])
        henge = view.get("stonehenge") or {}
        site = view.get("cagliostro") or {}
        close = henge.get("pits", 0) >= 2 or cagliostro_data().treasure_temple in site.get("opening", {}) \
            or sum(1 for t in site.get("tokens", {}).values() if t == "bust") >= 3
        late = view["round"] >= view["rounds_total"] - 2
        if carried or close or late or (hidden >= 2 and view["round"] > 3 and hidden == len(gang)):
            return plays[0]
        return None


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
