"""The planning phase of Lupin the 3rd – The Board Game: the gang buys its devices.

Rulebook, "II. La banda di Lupin pianifica il colpo", 3. "Scelta dell'equipaggiamento", and the
VARIANTE "Assegnazione dei dispositivi"; every reading is in ``docs/rules-decisions.md``
("Lupin — planning"). The round engine (``state.py``) calls in here for the planning branch of
``to_act``/``legal_actions``, at the start of planning and when the plan is confirmed; the
handlers below are registered through its plug-in seam.

**Cooperative game.** The gang shares one budget (``catalog.budget_for``: 1,500$ in the base
episodes) and one shop (every tile of the episode, less the ones handed out free: Fujiko's first
motorbike). A gang seat buys tiles for its own characters; Lupin's seat, who keeps the accounts and
"ha sempre l'ultima parola", may also buy, give back and hand over tiles for anybody. A tile bought
may be given back (refunded) or handed to a partner until the plan is confirmed. Only Lupin
confirms; when the 15 minutes run out the UI sends ``ConfirmPlan(timed_out=True)`` from any gang
seat and the plan so far stands. The tiles left in the shop go face down to Fujiko: with "Perdonami
Lupin..." she may buy from them for 600$ whenever she may act (:class:`~actions.BuyLeftover`,
seen by her seat only). "Oh mio caro Lupin..." (4–5 players) lets her claim, before anybody buys,
any tiles she can carry (:class:`~actions.CharmLupin`, then her purchases, then
:class:`~actions.EndCharm`).

**All against all.** 1,000$ each, no radios nor helicopter (the catalogue leaves them out). Each
member rolls 2 dice (ties roll again); the highest buys first, then the others by their rolls; one
tile a turn in a snake: first to last, the last buys again, back to the first, who buys again, and
so on, until every member has passed or can buy nothing more. The leftovers are discarded.

Carrying (:func:`carry_problem`): 2 devices a character, 5 with a rucksack (not counting the
rucksack), of which no more than 2 that do not fit in it (the wetsuit is worn); vehicles do not
count but for the hang glider; ``max_per_character`` (1 rifle, 1 rucksack); a weapon's
``not_usable_by`` (Goemon takes no firearms).

Zenigata is away from the table while the gang plans: every planning event has the gang seats as
its audience and tells him nothing; his view lists nobody's devices.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from game.engine.api import Action, Event, IllegalAction, Seat, require
from game.engine.grid import format_coord
from game.lupin.rules import actions as A, terms
from game.lupin.rules.catalog import card as card_data, catalog
from game.lupin.rules.state import (BETRAYAL_CARD, SEATS, register_handler, register_phase_actions)

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

BASE_CARRY = 2                      # devices a character carries without a rucksack
CHARM_CARD = "fujiko_oh_mio_caro_lupin"
CHARM_MIN_PLAYERS = 4               # "non ha valore se si gioca in 2 o 3 giocatori"


@dataclass
class Purchase:
    device: str
    member: str
    price: int
    claimed: bool = False           # taken with "Oh mio caro Lupin...": Lupin cannot take it back


@dataclass
class Plan:
    """What the planning phase keeps (``state.plan``), printed by ``repr`` into the state's key."""

    budgets: dict[str, int]         # "gang" (cooperative) or each member (all against all) -> dollars left
    stock: dict[str, int]           # the shop: device id -> tiles left
    purchases: list[Purchase] = field(default_factory=list)
    granted: list[tuple[str, str]] = field(default_factory=list)   # (device, member) handed out free
    charm: str = "unplayed"         # "Oh mio caro Lupin...": unplayed | claiming | played
    order: list[str] = field(default_factory=list)           # all against all: who buys first
    rolls: dict[str, list[int]] = field(default_factory=dict)  # all against all: 2-dice totals, re-rolls after
    pick: int = 0                   # all against all: the position in the snake
    drafter: str | None = None      # all against all: who buys now (None: the purchases are over)
    passed: list[str] = field(default_factory=list)          # all against all: out of the purchases
    confirmed: bool = False
    timed_out: bool = False
    leftovers_given: dict[str, int] = field(default_factory=dict)   # what Fujiko was handed, face down
    leftovers: dict[str, int] = field(default_factory=dict)         # what she still holds of it
    betrayal_spent: int = 0         # of the 600$ of "Perdonami Lupin..."
    betrayal_bought: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------ carrying

def carry_problem(member: str, devices: Sequence[str]) -> IllegalAction | None:
    """Why ``member`` cannot carry all of ``devices`` (tile ids, repeats allowed), or None."""
    cat = catalog()
    tiles = [cat.device(d) for d in devices]
    who = terms.figure(member)
    for d in tiles:
        if member in getattr(d.params, "not_usable_by", ()):
            key = "not_usable_firearms" if member == "goemon" else "not_usable"
            return IllegalAction(f"lupin_refusal.plan.{key}", name=who, device=terms.device(d.id))
    counts = Counter(d.id for d in tiles)
    for d in {d.id: d for d in tiles}.values():
        top = d.carry.max_per_character
        if top is not None and counts[d.id] > top:
            return IllegalAction("lupin_refusal.plan.max_per", name=who, n=top, device=terms.device(d.id))
    capacity = max((d.params.capacity for d in tiles if d.effect == "carry"), default=BASE_CARRY)
    counted = [d for d in tiles if d.carry.counts_toward_limit]
    if len(counted) > capacity:
        key = "too_many" if capacity > BASE_CARRY else "too_many_no_rucksack"
        return IllegalAction(f"lupin_refusal.plan.{key}", name=who, n=len(counted), max=capacity)
    worn = [d for d in counted if not d.carry.fits_backpack]
    if len(worn) > BASE_CARRY:
        return IllegalAction("lupin_refusal.plan.worn", name=who, n=BASE_CARRY)
    return None


def can_carry(member: str, devices: Sequence[str]) -> bool:
    return carry_problem(member, devices) is None


def _without(devices: Sequence[str], device: str) -> list[str]:
    out = list(devices)
    out.remove(device)
    return out


# ------------------------------------------------------------------------------------ helpers

def _gang_seats(state: "LupinState") -> frozenset[Seat]:
    """The seats that plan together (cagliostro.py keeps a traitor Fujiko's seat away)."""
    return state.team_seats()


def _planners(state: "LupinState") -> list[str]:
    """The members whose seats plan together (they need start squares before Lupin confirms)."""
    seats = _gang_seats(state)
    return [c for c in state.gang if state.seat_of[c] in seats]


def _sorted_seats(seats) -> list[Seat]:
    return sorted(set(seats), key=SEATS.index)


def _coop(state: "LupinState") -> bool:
    return state.cfg.variant == "coop"


def _price(device: str) -> int:
    return catalog().device(device).price.amount


def _dollars(n: int) -> dict[str, str]:
    """An amount in a refusal: 1500 in English as the rules always wrote it, 1.500 in Italian."""
    return {"en": str(n), "it": f"{n:,}".replace(",", ".")}


def _money_key(state: "LupinState", member: str) -> str:
    return "gang" if _coop(state) else member


def _may_act_for(state: "LupinState", seat: Seat, member: str) -> bool:
    """A gang seat buys for its own characters; in the cooperative game Lupin's seat for anybody."""
    if member not in state.gang or state.seat_of[member] not in _gang_seats(state):
        return False
    return state.seat_of[member] == seat or (_coop(state) and seat == state.seat_of["lupin"])


def _event(state: "LupinState", kind: str, data: dict, *, reveal: bool = False) -> Event:
    """A planning event: the gang seats see it, Zenigata (away from the table) nothing."""
    return Event(kind, data, audience=_gang_seats(state), reveal=reveal)


def _snake(order: list[str], i: int) -> str:
    n = len(order)
    leg, pos = divmod(i, n)
    return order[pos] if leg % 2 == 0 else order[n - 1 - pos]


def _buyable(state: "LupinState", member: str) -> list[str]:
    """The tiles in the shop ``member`` may have now: in stock, affordable, carried."""
    plan = state.plan
    money = plan.budgets[_money_key(state, member)]
    held = state.figures[member].devices
    return [d for d, n in plan.stock.items()
            if n > 0 and _price(d) <= money and carry_problem(member, [*held, d]) is None]


def _advance_draft(state: "LupinState", start: int) -> None:
    """All against all: the next member of the snake who is still buying, from ``start`` on; who
    can buy nothing is out for good (the shop and his money only shrink)."""
    plan = state.plan
    n = len(plan.order)
    for i in range(start, start + 2 * n):      # any 2n places of the snake hold everybody
        m = _snake(plan.order, i)
        if m in plan.passed:
            continue
        if not _buyable(state, m):
            plan.passed.append(m)
            continue
        plan.pick, plan.drafter = i, m
        return
    plan.drafter = None


def _purchase_order(state: "LupinState") -> tuple[list[str], dict[str, list[int]]]:
    """Each member rolls 2 dice; the highest buys first; the tied roll again among themselves."""
    rolls: dict[str, list[int]] = {m: [] for m in state.gang}

    def rank(group: list[str]) -> list[str]:
        for m in group:
            rolls[m].append(sum(state.rng.roll(2)))
        by_total: dict[int, list[str]] = {}
        for m in group:
            by_total.setdefault(rolls[m][-1], []).append(m)
        out: list[str] = []
        for total in sorted(by_total, reverse=True):
            tied = by_total[total]
            out += tied if len(tied) == 1 else rank(tied)
        return out

    return rank(list(state.gang)), rolls


def charm_allowed(state: "LupinState") -> bool:
    """Option A of "Oh mio caro Lupin...": a cooperative game of 4-5 players with Fujiko."""
    return _coop(state) and state.cfg.players >= CHARM_MIN_PLAYERS and "fujiko" in state.gang


def betrayal_budget() -> int:
    return card_data(BETRAYAL_CARD).params.budget


def betrayal_money(state: "LupinState") -> int | None:
    """The dollars a traitor Fujiko may still spend on the leftovers; None if she may not."""
    plan = state.plan
    if plan is None or not plan.confirmed or "fujiko" not in state.gang:
        return None
    if not (state.fujiko_traitor() or (state.betrayed and _coop(state))):
        return None
    return betrayal_budget() - plan.betrayal_spent


# ------------------------------------------------------------------------------------ the phase

def start_planning(state: "LupinState", ev: list[Event]) -> None:
    """The shop opens: budget, stock, the tiles handed out free; all against all, the dice."""
    cat = catalog()
    episode, variant = state.cfg.episode, state.cfg.variant
    budgets = cat.budget_for(episode, variant)
    stock = dict(cat.shop_for(episode, variant))
    money = {"gang": budgets["gang"]} if _coop(state) else {m: budgets["each"] for m in state.gang}
    plan = state.plan = Plan(budgets=money, stock=stock)
    for did, to, n in cat.grants_for(episode, variant):
        member = "fujiko" if to == "fujiko" else state.gang[0]
        if member not in state.gang:
            # "la prima è assegnata sempre al personaggio Fujiko": without her it stays in the shop
            stock[did] = stock.get(did, 0) + n
            continue
        for _ in range(n):
            state.figures[member].devices.append(did)
            plan.granted.append((did, member))
            ev.append(_event(state, "device_granted", {"figure": member, "device": did}))
    # "Oh mio caro Lupin..." in a 2-3 player game: "se pescata va scartata e non reintegrata"
    if "fujiko" in state.gang and not (state.cfg.players >= CHARM_MIN_PLAYERS):
        fj = state.figures["fujiko"]
        while CHARM_CARD in fj.hand:
            fj.hand.remove(CHARM_CARD)
            fj.discard.append(CHARM_CARD)
            ev.append(Event("card_void", {"figure": "fujiko", "card": CHARM_CARD}, reveal=True))
    if not _coop(state):
        plan.order, plan.rolls = _purchase_order(state)
        ev.append(_event(state, "purchase_order", {"order": list(plan.order),
                                                   "rolls": {m: list(r) for m, r in plan.rolls.items()}},
                         reveal=True))
        _advance_draft(state, 0)


def planning_seats(state: "LupinState") -> list[Seat]:
    """Who may act in the planning phase: every gang seat with something to do (in the
    cooperative game that is every gang seat: any of them may report the time-out)."""
    return [s for s in _sorted_seats(state.seat_of[c] for c in state.gang) if planning_actions(state, s)]


def planning_actions(state: "LupinState", seat: Seat) -> list[Action]:
    """The planning moves of ``seat``, start squares and confirmation first."""
    own = state.episode_rules.planning_actions(state, seat)   # an episode's own planning step (cagliostro.py)
    if own is not None:
        return own
    if seat not in _gang_seats(state):
        return []
    plan = state.plan
    out: list[Action] = state.start_actions(seat)
    is_lupin = seat == state.seat_of["lupin"]
    all_placed = all(state.figures[c].spot is not None for c in _planners(state))
    if plan is None:            # a state put into planning by hand, with no shop
        return out + ([A.ConfirmPlan(seat)] if is_lupin and all_placed else [])
    if not _coop(state):
        if is_lupin and all_placed and plan.drafter is None:
            out.append(A.ConfirmPlan(seat))
        if plan.drafter is not None and state.seat_of[plan.drafter] == seat:
            out += [A.BuyDevice(seat, plan.drafter, d) for d in _buyable(state, plan.drafter)]
            out.append(A.PassPurchase(seat))
        return out
    if is_lupin and all_placed and plan.charm != "claiming":
        out.append(A.ConfirmPlan(seat))
    out.append(A.ConfirmPlan(seat, timed_out=True))
    fseat = state.seat_of.get("fujiko")
    if plan.charm == "claiming":
        if seat == fseat:
            out += [A.BuyDevice(seat, "fujiko", d) for d in _buyable(state, "fujiko")]
            out.append(A.EndCharm(seat))
        return out
    if seat == fseat and _charm_playable(state):
        out.append(A.CharmLupin(seat))
    members = [c for c in state.gang if _may_act_for(state, seat, c)]
    for c in members:
        out += [A.BuyDevice(seat, c, d) for d in _buyable(state, c)]
    for c in members:
        for d in dict.fromkeys(p.device for p in _returnable(state, seat, c)):
            rest = _without(state.figures[c].devices, d)
            if carry_problem(c, rest) is None:
                out.append(A.ReturnDevice(seat, c, d))
                for to in members:
                    if to != c and carry_problem(to, [*state.figures[to].devices, d]) is None:
                        out.append(A.ReassignDevice(seat, c, d, to))
    return out


def _charm_playable(state: "LupinState") -> bool:
    plan = state.plan
    return (charm_allowed(state) and plan.charm == "unplayed" and not plan.purchases
            and CHARM_CARD in state.figures["fujiko"].hand)


def _returnable(state: "LupinState", seat: Seat, member: str) -> list[Purchase]:
    """The tiles bought for ``member`` that ``seat`` may give back or hand over (not the free
    ones; a tile Fujiko claimed only by her own seat)."""
    if state.plan is None or not _coop(state) or not _may_act_for(state, seat, member):
        return []
    return [p for p in state.plan.purchases if p.member == member
            and (not p.claimed or seat == state.seat_of.get("fujiko"))]


def _check_planning(state: "LupinState", seat: Seat) -> Any:
    require(state.phase == "planning" and state.plan is not None and not state.plan.confirmed,
            "lupin_refusal.plan.not_planning")
    require(seat in _gang_seats(state), "lupin_refusal.plan.gang_only")
    return state.plan


@register_handler(A.BuyDevice)
def buy_device(state: "LupinState", a: A.BuyDevice, ev: list[Event]) -> None:
    plan = _check_planning(state, a.seat)
    require(a.figure in state.gang, "lupin_refusal.plan.not_in_gang", name=terms.figure(a.figure))
    require(a.device in catalog().devices, "lupin_refusal.plan.no_such_device", device=repr(a.device))
    claiming = plan.charm == "claiming"
    if _coop(state):
        if claiming:
            require(a.seat == state.seat_of["fujiko"] and a.figure == "fujiko", "lupin_refusal.plan.charm")
        else:
            require(_may_act_for(state, a.seat, a.figure), "lupin_refusal.plan.not_yours_buy",
                    name=terms.figure(a.figure))
    else:
        require(plan.drafter is not None, "lupin_refusal.plan.draft_over")
        require(a.figure == plan.drafter and state.seat_of[a.figure] == a.seat,
                "lupin_refusal.plan.not_your_pick", who=terms.figure(plan.drafter))
    require(plan.stock.get(a.device, 0) > 0, "lupin_refusal.plan.sold_out", device=terms.device(a.device))
    price = _price(a.device)
    key = _money_key(state, a.figure)
    require(price <= plan.budgets[key], "lupin_refusal.plan.money", device=terms.device(a.device),
            price=_dollars(price), money=_dollars(plan.budgets[key]))
    f = state.figures[a.figure]
    problem = carry_problem(a.figure, [*f.devices, a.device])
    if problem is not None:
        raise problem
    plan.stock[a.device] -= 1
    if not plan.stock[a.device]:
        del plan.stock[a.device]
    plan.budgets[key] -= price
    f.devices.append(a.device)
    plan.purchases.append(Purchase(a.device, a.figure, price, claimed=claiming))
    ev.append(_event(state, "device_bought", {"figure": a.figure, "device": a.device, "price": price,
                                              "left": plan.budgets[key], "claimed": claiming}))
    if not _coop(state):
        _advance_draft(state, plan.pick + 1)


def _find_purchase(state: "LupinState", a: Any) -> Purchase:
    plan = _check_planning(state, a.seat)
    require(_coop(state), "lupin_refusal.plan.kept")
    require(plan.charm != "claiming", "lupin_refusal.plan.charm")
    require(a.figure in state.gang, "lupin_refusal.plan.not_in_gang", name=terms.figure(a.figure))
    require(_may_act_for(state, a.seat, a.figure), "lupin_refusal.plan.not_yours_change",
            name=terms.figure(a.figure))
    mine = [p for p in _returnable(state, a.seat, a.figure) if p.device == a.device]
    claimed = any(p.member == a.figure and p.device == a.device for p in plan.purchases)
    require(bool(mine), "lupin_refusal.plan.claimed_stays" if claimed else "lupin_refusal.plan.not_bought",
            name=terms.figure(a.figure), device=terms.device(a.device))
    rest = _without(state.figures[a.figure].devices, a.device)
    problem = carry_problem(a.figure, rest)
    if problem is not None:
        raise IllegalAction("lupin_refusal.plan.without", device=terms.device(a.device), problem=problem)
    unclaimed = [p for p in mine if not p.claimed]
    return (unclaimed or mine)[-1]


@register_handler(A.ReturnDevice)
def return_device(state: "LupinState", a: A.ReturnDevice, ev: list[Event]) -> None:
    p = _find_purchase(state, a)
    plan = state.plan
    plan.purchases.remove(p)
    state.figures[a.figure].devices.remove(a.device)
    plan.stock[a.device] = plan.stock.get(a.device, 0) + 1
    plan.stock = {d: plan.stock[d] for d in catalog().devices if plan.stock.get(d)}   # the data's order
    plan.budgets["gang"] += p.price
    ev.append(_event(state, "device_returned", {"figure": a.figure, "device": a.device,
                                                "left": plan.budgets["gang"]}))


@register_handler(A.ReassignDevice)
def reassign_device(state: "LupinState", a: A.ReassignDevice, ev: list[Event]) -> None:
    p = _find_purchase(state, a)
    require(a.to in state.gang and a.to != a.figure, "lupin_refusal.plan.not_partner",
            to=terms.figure(a.to), name=terms.figure(a.figure))
    require(_may_act_for(state, a.seat, a.to), "lupin_refusal.plan.not_yours_hand", name=terms.figure(a.to))
    problem = carry_problem(a.to, [*state.figures[a.to].devices, a.device])
    if problem is not None:
        raise problem
    state.figures[a.figure].devices.remove(a.device)
    state.figures[a.to].devices.append(a.device)
    p.member = a.to
    ev.append(_event(state, "device_reassigned", {"from": a.figure, "to": a.to, "device": a.device}))


@register_handler(A.CharmLupin)
def charm_lupin(state: "LupinState", a: A.CharmLupin, ev: list[Event]) -> None:
    plan = _check_planning(state, a.seat)
    require(charm_allowed(state), "lupin_refusal.plan.charm_no_value")
    require(a.seat == state.seat_of["fujiko"], "lupin_refusal.plan.charm_only_fujiko")
    require(CHARM_CARD in state.figures["fujiko"].hand, "lupin_refusal.plan.charm_not_held")
    require(plan.charm == "unplayed" and not plan.purchases, "lupin_refusal.plan.charm_too_late")
    fj = state.figures["fujiko"]
    fj.hand.remove(CHARM_CARD)
    fj.discard.append(CHARM_CARD)
    plan.charm = "claiming"
    ev.append(_event(state, "card_played", {"figure": "fujiko", "card": CHARM_CARD, "target": "devices"},
                     reveal=True))


@register_handler(A.EndCharm)
def end_charm(state: "LupinState", a: A.EndCharm, ev: list[Event]) -> None:
    plan = _check_planning(state, a.seat)
    require(plan.charm == "claiming" and a.seat == state.seat_of.get("fujiko"),
            "lupin_refusal.plan.not_claiming")
    plan.charm = "played"
    ev.append(_event(state, "charm_done", {"figure": "fujiko"}))


@register_handler(A.PassPurchase)
def pass_purchase(state: "LupinState", a: A.PassPurchase, ev: list[Event]) -> None:
    plan = _check_planning(state, a.seat)
    require(not _coop(state), "lupin_refusal.plan.pass_coop")
    require(plan.drafter is not None and state.seat_of[plan.drafter] == a.seat,
            "lupin_refusal.plan.not_your_turn" if plan.drafter else "lupin_refusal.plan.draft_over")
    member = plan.drafter
    plan.passed.append(member)
    ev.append(_event(state, "purchase_passed", {"figure": member}))
    _advance_draft(state, plan.pick + 1)


def confirm_plan(state: "LupinState", a: A.ConfirmPlan, ev: list[Event]) -> None:
    """The checks of ``ConfirmPlan`` and what it does before the first round (``state`` then
    starts the gang phase): start squares for whoever has none after a time-out, the leftovers
    face down to Fujiko (all against all: discarded)."""
    require(state.phase == "planning", "lupin_refusal.plan.made")
    plan = state.plan
    placed = all(state.figures[c].spot is not None for c in _planners(state))
    if a.timed_out:
        require(_coop(state), "lupin_refusal.plan.no_clock")
        require(a.seat in _gang_seats(state), "lupin_refusal.plan.gang_clock")
    else:
        require(a.seat == "lupin", "lupin_refusal.plan.confirm_lupin")
        require(placed, "lupin_refusal.plan.start_first")
        if plan is not None:
            require(plan.charm != "claiming", "lupin_refusal.plan.still_claiming")
            require(_coop(state) or plan.drafter is None, "lupin_refusal.plan.draft_not_over",
                    who=terms.figure(plan.drafter or ""))
    if a.timed_out and not placed:
        _default_starts(state, ev)
    if plan is None:
        return
    if plan.charm == "claiming":
        plan.charm = "played"
    left = {d: n for d, n in plan.stock.items() if n > 0}
    if _coop(state) and "fujiko" in state.gang:
        plan.leftovers_given, plan.leftovers = dict(left), dict(left)
        ev.append(_event(state, "leftovers_to_fujiko", {"devices": dict(left)}))
    else:
        ev.append(_event(state, "leftovers_discarded", {"devices": dict(left)}))
    plan.stock = {}
    plan.confirmed, plan.timed_out = True, a.timed_out


def _default_starts(state: "LupinState", ev: list[Event]) -> None:
    """Time is up: a member with no start square takes the first one no partner holds (the first
    one when they are all held), in the order of the rulebook's squares."""
    gang_seats = _gang_seats(state)
    for c in _planners(state):
        f = state.figures[c]
        if f.spot is not None:
            continue
        starts = state.start_squares(c)
        held = {state.figures[g].spot for g in state.gang}
        sq = next((s for s in starts if s not in held), starts[0])
        f.spot = sq
        ev.append(Event("start_chosen", {"figure": c, "square": format_coord(sq), "by_clock": True},
                        audience=gang_seats, redacted=Event("start_chosen", {"figure": c})))


# ------------------------------------------------------------------------------------ betrayal

@register_phase_actions("gang")
@register_phase_actions("treasure")
def leftover_actions(state: "LupinState", seat: Seat) -> list[Action]:
    """A traitor Fujiko's purchases from the leftovers, offered to her seat only."""
    if "fujiko" not in state.gang or seat != state.seat_of["fujiko"]:
        return []
    money = betrayal_money(state)
    fj = state.figures["fujiko"]
    if money is None or fj.arrested_by is not None or fj.escaped:
        return []
    return [A.BuyLeftover(seat, d) for d, n in state.plan.leftovers.items()
            if n > 0 and _price(d) <= money and carry_problem("fujiko", [*fj.devices, d]) is None]


@register_handler(A.BuyLeftover)
def buy_leftover(state: "LupinState", a: A.BuyLeftover, ev: list[Event]) -> None:
    require(state.phase in ("gang", "treasure"), "lupin_refusal.plan.leftovers_when")
    require("fujiko" in state.gang and a.seat == state.seat_of["fujiko"], "lupin_refusal.plan.leftovers_fujiko")
    money = betrayal_money(state)
    require(money is not None, "lupin_refusal.plan.leftovers_betrayal")
    fj = state.figures["fujiko"]
    require(fj.arrested_by is None and not fj.escaped, "lupin_refusal.plan.fujiko_not_free")
    plan = state.plan
    require(plan.leftovers.get(a.device, 0) > 0, "lupin_refusal.plan.no_leftover", device=terms.device(a.device))
    price = _price(a.device)
    require(price <= money, "lupin_refusal.plan.fujiko_money", device=terms.device(a.device), price=price,
            money=money)
    problem = carry_problem("fujiko", [*fj.devices, a.device])
    if problem is not None:
        raise problem
    plan.leftovers[a.device] -= 1
    if not plan.leftovers[a.device]:
        del plan.leftovers[a.device]
    plan.betrayal_spent += price
    plan.betrayal_bought.append(a.device)
    fj.devices.append(a.device)
    ev.append(Event("leftover_bought", {"figure": "fujiko", "device": a.device, "price": price,
                                        "left": betrayal_budget() - plan.betrayal_spent},
                    audience=frozenset({a.seat})))


# ------------------------------------------------------------------------------------ asking

def why_not(state: "LupinState", action: Action) -> IllegalAction | None:
    """The rules' refusal of ``action`` now (its key and parameters: each player reads it in their
    own language), or None if they would take it. It is tried on a copy, so nothing changes: the
    planning screen asks this to say why a tile cannot go where it was dropped."""
    try:
        state.snapshot().apply(action)
    except IllegalAction as exc:
        return exc
    return None


# ------------------------------------------------------------------------------------ the view

def plan_view(state: "LupinState", seat: Seat) -> dict[str, Any] | None:
    """The planning as ``seat`` may know it: the gang seats see the shop and every purchase (they
    planned together); only Fujiko's seat sees what she still holds of the leftovers and, as a
    traitor, her dollars. Zenigata and the table: None."""
    plan = state.plan
    own_view = state.episode_rules.plan_view(state, seat)   # an episode's own planning step (cagliostro.py)
    if own_view is not None:
        return own_view
    if plan is None or seat not in _gang_seats(state):
        return None
    out: dict[str, Any] = {
        "budgets": dict(plan.budgets),
        "stock": dict(plan.stock),
        "prices": {d: _price(d) for d in catalog().devices if d in plan.stock or d in plan.leftovers_given},
        "purchases": [{"figure": p.member, "device": p.device, "price": p.price, "claimed": p.claimed}
                      for p in plan.purchases],
        "granted": [{"figure": m, "device": d} for d, m in plan.granted],
        "charm": plan.charm,
        "order": list(plan.order),
        "rolls": {m: list(r) for m, r in plan.rolls.items()},
        "drafter": plan.drafter,
        "passed": list(plan.passed),
        "confirmed": plan.confirmed,
        "timed_out": plan.timed_out,
        "leftovers_given": dict(plan.leftovers_given),
    }
    if "fujiko" in state.gang and state.seat_of["fujiko"] == seat:
        out["leftovers"] = dict(plan.leftovers)
        out["betrayal_dollars"] = betrayal_money(state)
    return out


__all__ = ["Plan", "Purchase", "carry_problem", "can_carry", "start_planning", "planning_seats",
           "planning_actions", "confirm_plan", "plan_view", "betrayal_money", "why_not", "IllegalAction"]
