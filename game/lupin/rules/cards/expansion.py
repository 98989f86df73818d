"""The expansion's 20 mission cards and 5 special cards in play (Lupin the 3rd, Expansion I), as
effects of the ``CARD_RULES`` registry and hooks of the round engine, like the base cards in
``cards.py`` (which imports this module). Every reading is in ``docs/rules-decisions.md``
("Lupin — expansion cards and devices"); in short:

* **Decks** (:func:`expansion_decks`, also run by the ``setup`` hook): in the expansion episodes
  each member's deck mixes his 15 base and 5 expansion cards (``catalog.deck_for``); each member
  starts with 2 cards and his special card, Zenigata with his (void at Novice level).
* **Forced on the draw** (hook ``drawn``): *Per dindirindina!!!* (Lupin driving a car loses this
  round's turn if he has not moved yet, else the next one; not driving: void); *Che diavolo! Ho un
  buco nello zaino!!!* (Jigen with a rucksack loses the dearest tile that fits in it, his player
  choosing among equal prices, :class:`DropDevice`; no rucksack: void); *Il tesoro non mi
  interessa* (kept: Goemon may no longer take the treasure, drops the one he carries on his square
  for everybody to see, and whoever crosses that square takes it, the police carrying it back to
  its place); *Voglio riscattarmi con la giustizia!* (kept: Fujiko secretly sides with the police
  until they wound her, or at once if drawn while arrested: then shown for good, wounds cancelled,
  an enemy of the gang; she wins with Zenigata). *Un piano perfetto!* drawn after the start is void.
* **Played**: *Un piano perfetto!* (:class:`PlanCard`, in planning: +100$), *Paparino Zazà?*
  (arrested Lupin frees himself, no wounds, and plays on), *Lupin, lascia perdere quella donna!*
  (:class:`PassCard` to Lupin next to Jigen; it cancels "Mia adorata Fujiko..."), *Dimostraci la tua
  lealtà Fujiko!* (Jigen sees one of Fujiko's cards at random; "Perdonami Lupin..." makes a traitor
  betray now), *I proiettili non possono nulla* (Goemon cancels a gunshot wound of this round),
  *Pistola nascosta!* (Fujiko's extra shot after her standard action).
* **Specials**: *Lupin fa la "magata"* (:class:`MagicKeep`: one of the top 5 cards kept, 4 to the
  bottom), *Colpo in canna da fenomeno* (Jigen: a sure hit at any distance on a clear line, then
  shown for good), *Colpo di zantetsu da fenomeno* (Goemon: a police figure or car next to him cut
  down, Zenigata 2 wounds, then shown for good), *Lupin ti amo* (Fujiko: +1 movement for good,
  Lupin called next to her and healed, she shown for good), *Non mi scapperete!!!* (Zenigata, in
  the police phase, :class:`PoliceCard`: the whole gang on the board this round and the next).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.api import Action, Event, IllegalAction, Seat, register_action, require
from game.engine.grid import Sq
from game.lupin.rules import actions as A, terms
from game.lupin.rules.cards.shared import (DISTRACTION, POLICE_KINDS, ExpansionPlays, can_attack as _can_attack,
                                           free as _free, play_forced as _play_forced, register_expansion_plays,
                                           roll_shot as _roll_shot, sure_hit as _sure_hit)
from game.lupin.rules.catalog import card as card_data, catalog, device as device_data
from game.lupin.rules.effects import CARDS_PER_TURN, card_effect
from game.lupin.rules.geometry import GANG, Inside, Under, spot_from_text, spot_to_text
from game.lupin.rules.pieces import square_refusal
from game.lupin.rules import hooks
from game.lupin.rules.state import CAR_HITS, register_handler, register_phase_actions

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

FLAT_TYRE = "lupin_per_dindirindina"
PERFECT_PLAN = "lupin_un_piano_perfetto"
OLD_MAN = "lupin_paparino_zaza"
GIVE_HER_UP = "jigen_lupin_lascia_perdere_quella_donna"
HOLE = "jigen_che_diavolo_ho_un_buco_nello_zaino"
LOYALTY = "jigen_dimostraci_la_tua_lealta_fujiko"
BULLETS = "goemon_i_proiettili_non_possono_nulla"
NOT_INTERESTED = "goemon_il_tesoro_non_mi_interessa"
JUSTICE = "fujiko_voglio_riscattarmi_con_la_giustizia"
HIDDEN_GUN = "fujiko_pistola_nascosta"
MAGIC = "lupin_fa_la_magata"
FLOODLIGHTS = "zenigata_non_mi_scapperete"
BETRAYAL = "fujiko_perdonami_lupin"
BACKPACK = "backpack"


def is_expansion_episode(state: "LupinState") -> bool:
    return catalog().episode_boxes.get(state.cfg.episode) == "expansion"


def _seat_plays_only(state: "LupinState", c: str) -> bool:
    seat = state.seat_of.get(c)
    return seat is not None and [m for m in state.gang if state.seat_of[m] == seat] == [c]


def _to_hand(state: "LupinState", c: str, card: str, events: list[Event] | None) -> None:
    """The card goes to the hand as any draw does (told to its seat only)."""
    state.figures[c].hand.append(card)
    if events is not None:
        events.append(Event("card_drawn", {"figure": c, "card": card}, audience=frozenset({state.seat_of[c]}),
                            redacted=Event("card_drawn", {"figure": c}), reveal=True))


def _void(state: "LupinState", c: str, card: str, events: list[Event] | None) -> bool:
    state.figures[c].discard.append(card)
    if events is not None:
        events.append(Event("card_void", {"figure": c, "card": card}, reveal=True))
    return True


# ------------------------------------------------------------------------------------ the decks

def expansion_decks(state: "LupinState") -> None:
    """The expansion episodes' cards, for an episode's module to call at set-up (the ``setup`` hook
    calls it too; a second call changes nothing). Each member's deck is his 15 base and 5
    expansion cards mixed (``catalog.deck_for`` builds it so for an expansion episode; a deck built
    otherwise is rebuilt and reshuffled here, keeping the hand), and each member and Zenigata is
    dealt his special card ("2 carte Missione ed 1 carta Speciale"); Zenigata's is void at Novice
    level ("La carta non ha effetto nella modalità Novizio")."""
    from game.lupin.rules.catalog import deck_for, special_for
    if not is_expansion_episode(state):
        return
    ep, variant = state.cfg.episode, state.cfg.variant
    for c in state.gang:
        f = state.figures[c]
        if f.cards.get("special_dealt"):
            continue
        f.cards["special_dealt"] = True
        full = deck_for(c, ep, variant)
        held = f.hand + f.discard
        if sorted(f.deck + held) != sorted(full):
            rest = list(full)
            for card in held:
                if card in rest:
                    rest.remove(card)
            f.deck = state.rng.shuffled(rest)
        special = special_for(c, ep, variant)
        if special is not None:
            f.hand.insert(0, special)
    z = state.figures.get("zenigata")
    if z is not None and not z.cards.get("special_dealt"):
        z.cards["special_dealt"] = True
        special = special_for("zenigata", ep, variant)
        if special is not None:
            (z.discard if state.cfg.difficulty == "novice" else z.hand).append(special)


@hooks.SETUP.register
def _deal_specials(state: "LupinState") -> None:
    expansion_decks(state)


# ------------------------------------------------------------------------------------ on the draw

def driving_car(state: "LupinState", c: str, cars: tuple[str, ...]) -> bool:
    """``c`` drives (is the first aboard) one of the ``cars`` tiles' vehicles."""
    from game.lupin.rules.vehicles import riding
    v = riding(state, c)
    return v is not None and v.device in cars and v.riders and v.riders[0] == c


@hooks.DRAWN.register
def _on_draw(state: "LupinState", c: str, card: str, at_start: bool, ev: list[Event] | None) -> bool:
    data = card_data(card)
    if data.box != "expansion" or data.void_in(state.cfg.episode):
        return False       # base cards, and cards void here (state.py discards those)
    f = state.figures[c]
    if card == FLAT_TYRE:
        if at_start or ev is None or not driving_car(state, c, data.params.only_if_driving):
            return _void(state, c, card, ev)
        this_turn = state.phase == "gang" and not f.moved and not f.turn_done
        f.blocked_until = max(f.blocked_until, state.round if this_turn else state.round + 1)
        f.hand.append(card)
        _play_forced(state, c, card, ev, round=f.blocked_until)
        return True
    if card == PERFECT_PLAN:
        return False if at_start else _void(state, c, card, ev)
    if card == HOLE:
        if BACKPACK not in f.devices or ev is None:
            return _void(state, c, card, ev)
        f.hand.append(card)
        _play_forced(state, c, card, ev)
        dearest = _dearest(f.devices)
        if len(dearest) == 1:
            _lose(state, c, dearest[0], ev)
        elif dearest:
            f.cards["hole"] = dearest    # his player chooses (DropDevice)
        return True
    if card == NOT_INTERESTED:
        _to_hand(state, c, card, ev)
        f.cards["renounced"] = True
        if ev is not None:
            _drop_treasure(state, c, ev)
        return True
    if card == JUSTICE:
        if state.cfg.episode == "cagliostro" and (BETRAYAL in f.hand or BETRAYAL in f.discard):
            return _void(state, c, card, ev)     # "solamente la prima carta pescata"
        if not _seat_plays_only(state, c):
            return _void(state, c, card, ev)     # her player plays the gang too (designed)
        _to_hand(state, c, card, ev)
        f.cards["police_side"] = "secret"
        if f.arrested_by is not None and ev is not None:
            _side_openly(state, ev)
        return True
    return False


def _dearest(devices: list[str]) -> list[str]:
    """The dearest tiles that go in a rucksack, the rucksack itself excepted (ids, sorted)."""
    pool = {d for d in devices if d != BACKPACK and device_data(d).carry.fits_backpack}
    if not pool:
        return []
    top = max(device_data(d).price.amount for d in pool)
    return sorted(d for d in pool if device_data(d).price.amount == top)


def _lose(state: "LupinState", c: str, device: str, ev: list[Event]) -> None:
    state.figures[c].devices.remove(device)
    state.figures[c].cards.pop("hole", None)
    ev.append(Event("device_discarded", {"figure": c, "device": device, "card": HOLE}, reveal=True))


@card_effect("lose_device")
class LoseDevice:
    """Forced: played by the rules when drawn (``_on_draw``), never offered."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(False, "lupin_refusal.card.when_drawn")


@register_action("lupin.drop_device")
@dataclass(frozen=True)
class DropDevice(Action):
    """*Che diavolo! Ho un buco nello zaino!!!*: among his dearest tiles of equal price, Jigen's
    player says which one falls out of the rucksack."""

    figure: str
    device: str


def _holes(state: "LupinState") -> list[str]:
    return [c for c in state.gang if state.figures[c].cards.get("hole")]


def _hole_actions(state: "LupinState", seat: Seat) -> list[Action]:
    return [DropDevice(seat, c, d) for c in _holes(state) if state.seat_of[c] == seat
            for d in state.figures[c].cards["hole"]]


register_phase_actions("gang")(_hole_actions)
register_phase_actions("police")(_hole_actions)


@register_handler(DropDevice)
def _do_drop(state: "LupinState", a: DropDevice, ev: list[Event]) -> None:
    f = state.figures.get(a.figure)
    require(f is not None and state.seat_of.get(a.figure) == a.seat, "lupin_refusal.card.not_yours", figure=terms.figure(a.figure))
    require(a.device in (f.cards.get("hole") or ()),
            "lupin_refusal.card.not_dearest", device=terms.device(a.device), figure=terms.figure(a.figure))
    _lose(state, a.figure, a.device, ev)


# ------------------------------------------------------------------------------------ waiting and refusing

@hooks.WAITING.register
def _waiting_for_choice(state: "LupinState") -> list[Seat]:
    return [state.seat_of[c] for c in _holes(state)]


@hooks.REFUSE.register
def _refuse_while_choosing(state: "LupinState", action: Action) -> IllegalAction | None:
    holes = _holes(state)
    if holes and not (isinstance(action, DropDevice) and action.figure in holes):
        return IllegalAction("lupin_refusal.card.hole_first", figure=terms.figure(holes[0]))
    c = getattr(action, "figure", None)
    if isinstance(c, str) and c in state.figures and state.figures[c].cards.get("magic") \
            and not isinstance(action, MagicKeep):
        return IllegalAction("lupin_refusal.card.magic_first", figure=terms.figure(c))
    return None


# ------------------------------------------------------------------------------------ Un piano perfetto!

@register_action("lupin.plan_card")
@dataclass(frozen=True)
class PlanCard(Action):
    """*Un piano perfetto!* played while the gang plans: 100$ more to spend."""

    figure: str
    card: str


def _plan_card_ok(state: "LupinState", c: str) -> bool:
    plan = state.plan
    return (state.phase == "planning" and plan is not None and not plan.confirmed and "gang" in plan.budgets
            and c in state.gang and PERFECT_PLAN in state.figures[c].hand)


@register_phase_actions("planning")
def _plan_card_actions(state: "LupinState", seat: Seat) -> list[Action]:
    return [PlanCard(seat, c, PERFECT_PLAN) for c in state.gang
            if state.seat_of[c] == seat and _plan_card_ok(state, c)]


@register_handler(PlanCard)
def _do_plan_card(state: "LupinState", a: PlanCard, ev: list[Event]) -> None:
    require(a.card == PERFECT_PLAN and a.figure in state.gang and state.seat_of[a.figure] == a.seat,
            "lupin_refusal.card.plan_holder")
    require(_plan_card_ok(state, a.figure), "lupin_refusal.card.plan_when")
    amount = card_data(a.card).params.amount
    f = state.figures[a.figure]
    f.hand.remove(a.card)
    f.discard.append(a.card)
    state.plan.budgets["gang"] += amount
    ev.append(Event("card_played", {"figure": a.figure, "card": a.card, "target": "", "amount": amount,
                                    "left": state.plan.budgets["gang"]}, reveal=True))


@card_effect("extra_budget")
class ExtraBudget:
    """Played in planning only (:class:`PlanCard`)."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(False, "lupin_refusal.card.plan_when_short")


@hooks.GANG_PHASE.register
def _plan_card_too_late(state: "LupinState", ev: list[Event]) -> None:
    """A *Piano perfetto* still in hand once the rounds begin is void ("Se non è stata pescata
    all'inizio della partita, la carta va scartata"; unplayed at the start, it is of no use)."""
    for c in state.gang:
        f = state.figures[c]
        while PERFECT_PLAN in f.hand:
            f.hand.remove(PERFECT_PLAN)
            _void(state, c, PERFECT_PLAN, ev)


# ------------------------------------------------------------------------------------ Paparino Zazà?

@card_effect("escape_arrest")
class OldMan:
    """Played in his turn while he is under arrest: free, no wounds, and he plays on."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        f = state.figures[c]
        return [""] if f.arrested_by is not None and not f.escaped and f.spot is not None else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        f = state.figures[a.figure]
        holder = state.figures.get(f.arrested_by or "")
        if holder is not None:
            holder.holding = None
        f.arrested_by, f.wounds = None, 0
        ev.append(Event("slipped_cuffs", {"figure": a.figure, "by": holder.id if holder else None}, reveal=True))


@register_phase_actions("gang")
def _arrested_card_actions(state: "LupinState", seat: Seat) -> list[Action]:
    """The round engine offers an arrested member only to free himself; *Paparino Zazà?* is played then."""
    if state.offer is not None:
        return []
    members = [state.active] if state.active else [c for c in state.may_start_turn() if state.seat_of[c] == seat]
    out: list[Action] = []
    for c in members:
        f = state.figures[c]
        if state.seat_of.get(c) != seat or f.arrested_by is None or f.cards_played >= CARDS_PER_TURN:
            continue
        for card in dict.fromkeys(f.hand):
            if card_data(card).effect == "escape_arrest":
                out.append(A.PlayCard(seat, c, card, ""))
    return out


# ------------------------------------------------------------------------------------ Lupin, lascia perdere quella donna!

@register_action("lupin.pass_card")
@dataclass(frozen=True)
class PassCard(Action):
    """Jigen hands *Lupin, lascia perdere quella donna!* to Lupin next to him (as a device is passed)."""

    figure: str
    card: str
    to: str


def _pass_ok(state: "LupinState", c: str, card: str, to: str) -> bool:
    if card_data(card).effect != "cancel_card" or card not in state.figures[c].hand:
        return False
    p = card_data(card).params
    return to == p.pass_to and to in state.gang and to != c and _free(state, c) and _free(state, to) \
        and state.near(c, to)


@register_phase_actions("gang")
def _pass_actions(state: "LupinState", seat: Seat) -> list[Action]:
    if state.offer is not None:
        return []
    members = [state.active] if state.active else [c for c in state.may_start_turn() if state.seat_of[c] == seat]
    out: list[Action] = []
    for c in members:
        if state.seat_of.get(c) != seat:
            continue
        for card in dict.fromkeys(state.figures[c].hand):
            if card_data(card).effect == "cancel_card":
                to = card_data(card).params.pass_to
                if _pass_ok(state, c, card, to):
                    out.append(PassCard(seat, c, card, to))
    return out


@register_handler(PassCard)
def _do_pass(state: "LupinState", a: PassCard, ev: list[Event]) -> None:
    state.check_member_turn(a.seat, a.figure)
    require(_pass_ok(state, a.figure, a.card, a.to),
            "lupin_refusal.card.pass_to", figure=terms.figure(a.figure), to=terms.figure(a.to))
    state.figures[a.figure].hand.remove(a.card)
    state.figures[a.to].hand.append(a.card)
    state.active = a.figure
    ev.append(Event("card_passed", {"figure": a.figure, "to": a.to, "card": a.card},
                    audience=frozenset({a.seat, state.seat_of[a.to]}),
                    redacted=Event("card_passed", {"figure": a.figure, "to": a.to})))


@card_effect("cancel_card")
class GiveHerUp:
    """Never played by itself: passed to Lupin (:class:`PassCard`); in his hand it cancels *Mia
    adorata Fujiko...* when that card would take effect (``cards._distraction``)."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(False, "lupin_refusal.card.pass_to_lupin")


def cancels_distraction(state: "LupinState", ev: list[Event]) -> bool:
    """Called by ``cards._distraction``: Lupin holds the cancelling card, so both are discarded."""
    f = state.figures["lupin"]
    if GIVE_HER_UP not in f.hand or DISTRACTION not in f.hand:
        return False
    for card in (DISTRACTION, GIVE_HER_UP):
        f.hand.remove(card)
        f.discard.append(card)
    ev.append(Event("card_cancelled", {"figure": "lupin", "card": DISTRACTION, "by": GIVE_HER_UP}, reveal=True))
    return True


# ------------------------------------------------------------------------------------ Dimostraci la tua lealtà Fujiko!

@card_effect("peek_card")
class Loyalty:
    """Jigen sees one of Fujiko's cards, picked at random; "Perdonami Lupin..." in the hand of a
    Fujiko who may betray makes her betray now. Told to Jigen's and Fujiko's seats only."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        target = card_data(card).params.target
        if not _free(state, c) or target not in state.gang or not state.figures[target].hand or state.betrayed:
            return []
        return [target]

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        target = a.target
        hand = state.figures[target].hand
        seen = state.rng.choice(list(hand))
        seats = frozenset({a.seat, state.seat_of[target]})
        ev.append(Event("card_peeked", {"figure": a.figure, "target": target, "card": seen}, audience=seats,
                        redacted=Event("card_peeked", {"figure": a.figure, "target": target})))
        forces = card_data(a.card).params.forces_betrayal_with
        if seen == forces and state.cfg.episode != "cagliostro" and state.fujiko_traitor():
            state.betray(ev)


# ------------------------------------------------------------------------------------ I proiettili non possono nulla

@hooks.SETTLE.register
def _gunshot_wounds(state: "LupinState", ev: list[Event]) -> None:
    """Remember a gang member's wounds from gunshots this round (for *I proiettili non possono
    nulla*), and reveal a Fujiko secretly with the police whom the police wound."""
    shots: dict[str, str] = {}    # who hit whom last in this action, and how
    for e in ev:
        if e.kind in ("shot", "melee", "card_hit"):
            shots[str(e.data.get("target"))] = e.kind + ":" + str(e.data.get("figure"))
        if e.kind != "wounded" or e.data.get("figure") not in state.gang:
            continue
        c = e.data["figure"]
        f = state.figures[c]
        how = shots.get(c, "")
        if how.startswith("shot:"):
            marks = f.cards.get("gunshot") or [0, 0]
            f.cards["gunshot"] = [state.round, (marks[1] if marks[0] == state.round else 0) + 1]
        by = how.split(":", 1)[1] if ":" in how else ""
        if c == "fujiko" and f.cards.get("police_side") == "secret" and by in state.figures \
                and state.figures[by].kind in POLICE_KINDS:
            _side_openly(state, ev)


@card_effect("cancel_wound")
class Bullets:
    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        f = state.figures[c]
        marks = f.cards.get("gunshot") or [0, 0]
        return [""] if _free(state, c) and marks[0] == state.round and marks[1] > 0 and f.wounds > 0 else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        f = state.figures[a.figure]
        f.wounds -= 1
        f.cards["gunshot"] = [state.round, f.cards["gunshot"][1] - 1]
        ev.append(Event("wound_cancelled", {"figure": a.figure, "wounds": f.wounds}, reveal=True))


# ------------------------------------------------------------------------------------ Il tesoro non mi interessa

def renounced(state: "LupinState", c: str) -> bool:
    """The member drew *Il tesoro non mi interessa*: he may no longer take the treasure."""
    f = state.figures.get(c)
    return f is not None and bool(f.cards.get("renounced"))


@hooks.MAY_TAKE.register
def _may_take(state: "LupinState", c: str) -> bool:
    return not renounced(state, c)


def dropped_treasure(state: "LupinState") -> tuple[int, str] | None:
    """(tile index, spot) of a treasure left on the ground by Goemon, or None."""
    for c in state.gang:
        d = state.figures[c].cards.get("dropped")
        if d:
            return d[0], d[1]
    return None


def _drop_treasure(state: "LupinState", c: str, ev: list[Event]) -> None:
    f = state.figures[c]
    for t in state.tiles:
        if t.carrier == c and t.treasure and f.spot is not None:
            t.carrier, t.site = None, None
            f.cards["dropped"] = [t.index, spot_to_text(f.spot)]
            ev.append(Event("treasure_dropped", {"figure": c, "tile": t.index, "square": spot_to_text(f.spot)},
                            reveal=True))
            return


@hooks.MOVED.register
def _cross_dropped(state: "LupinState", who: str, frm: Any, to: Any, ev: list[Event]) -> None:
    """Whoever crosses the square of the dropped treasure takes it: a partner keeps it (and is shown
    for good, as any carrier); a police figure takes it back to its place."""
    d = dropped_treasure(state)
    f = state.figures.get(who)
    if d is None or f is None or f.in_car or renounced(state, who):
        return
    index, where = d
    try:
        square = spot_from_text(where)
    except ValueError:
        return
    path = [to]
    if frm is not None and frm != to:
        from game.lupin.rules.devices import walk_path
        path = walk_path(state, frm, to, GANG if f.kind == "gang" else f.kind) or [to]
    if square not in path:
        return
    tile = next(t for t in state.tiles if t.index == index)
    for c in state.gang:
        state.figures[c].cards.pop("dropped", None)
    if f.kind == "gang":
        tile.carrier = who
        tile.seen_by.add(state.seat_of[who])
        f.always_shown = True
        ev.append(Event("treasure_picked_up", {"figure": who, "square": where}, reveal=True))
    else:
        tile.site = tile.home
        ev.append(Event("treasure_picked_up", {"figure": who, "square": where, "back_to": tile.home}, reveal=True))


@card_effect("renounce_treasure")
class NotInterested:
    """Forced: kept from the draw to the end (``_on_draw``), never offered."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(False, "lupin_refusal.card.kept_to_end")


# ------------------------------------------------------------------------------------ Voglio riscattarmi con la giustizia!

def police_side(state: "LupinState") -> str | None:
    """Fujiko with *Voglio riscattarmi con la giustizia!*: None, "secret" or "public"."""
    f = state.figures.get("fujiko")
    return None if f is None else f.cards.get("police_side")


def _side_openly(state: "LupinState", ev: list[Event]) -> None:
    """She shows the card: for good on the police's side, shown, her wounds cancelled (freed if
    she was under arrest); the gang may attack her and she them."""
    f = state.figures["fujiko"]
    f.cards["police_side"] = "public"
    holder = state.figures.get(f.arrested_by or "")
    if holder is not None:
        holder.holding = None
    f.arrested_by, f.wounds = None, 0
    f.always_shown = f.shown = True
    state.betrayed = True
    ev.append(Event("card_shown", {"figure": "fujiko", "card": JUSTICE}, reveal=True))
    ev.append(Event("sided_with_police", {"figure": "fujiko",
                                          "square": spot_to_text(f.spot) if f.spot is not None else None}, reveal=True))


@card_effect("side_with_police")
class Justice(NotInterested):
    """Forced: kept from the draw (``_on_draw``), never offered."""


# ------------------------------------------------------------------ Lupin must go and heal her
# "Se Fujiko si lega a Zenigata, ogni volta che raggiunge 3 ferite per mano della Banda, Lupin è
# costretto ad aiutarla: deve andare da lei e guarirla. La miniatura di Lupin deve raggiungere con
# il suo movimento una casella adiacente a Fujiko. Fujiko è automaticamente guarita da tutte le ferite."

HEAL_AT = 3


def must_heal_fujiko(state: "LupinState") -> bool:
    """Fujiko openly on Zenigata's side with 3 wounds (only the gang attacks her then), free and on
    the board, and Lupin free: Lupin is bound to go to her."""
    f, lupin = state.figures.get("fujiko"), state.figures.get("lupin")
    return (f is not None and lupin is not None and police_side(state) == "public"
            and f.wounds >= HEAL_AT and f.arrested_by is None and f.spot is not None and not f.escaped
            and _free(state, "lupin") and lupin.spot is not None)


@hooks.GANG_MOVES.register
def _heal_moves(state: "LupinState", c: str, out: list[Any]) -> list[Any]:
    """Lupin bound to heal her: no move that takes him farther from Fujiko (movement cost over the
    terrain, from her square), as *Nessuno resta indietro* binds Goemon to a holder."""
    if c != "lupin" or not must_heal_fujiko(state):
        return out
    fj = state.figures["fujiko"]
    spot = fj.spot if not isinstance(fj.spot, Inside) else None
    if spot is None or isinstance(spot, Under):
        return out
    cost = state.geo.reach(spot, 99, GANG).cost
    here = cost.get(state.figures["lupin"].spot, 99)
    return [s for s in out if cost.get(s, 99) <= here]


@hooks.SETTLE.register
def _healed_by_lupin(state: "LupinState", ev: list[Event]) -> None:
    """Lupin next to her: she is healed of every wound, in the open (he is shown beside her)."""
    if not must_heal_fujiko(state) or not state.near("lupin", "fujiko"):
        return
    state.figures["fujiko"].wounds = 0
    lupin = state.figures["lupin"]
    if not state.is_shown("lupin") and not isinstance(lupin.spot, Inside):
        lupin.shown = True
        ev.append(Event("spotted", {"figure": "lupin", "square": spot_to_text(lupin.spot)}))
    ev.append(Event("fujiko_healed", {"by": "lupin", "figure": "fujiko"}, reveal=True))


@hooks.LOYAL.register
def _loyal(state: "LupinState", members: list[str]) -> list[str]:
    return [c for c in members if not (c == "fujiko" and police_side(state))]


@hooks.WINNERS.register
def _winners(state: "LupinState", winners: tuple[str, ...], reason: str) -> tuple[str, ...]:
    if not police_side(state) or "fujiko" not in state.gang or not _seat_plays_only(state, "fujiko"):
        return winners
    seat = state.seat_of["fujiko"]
    if "zenigata" in winners and seat not in winners:
        return (*winners, seat)
    if reason == "gang_escaped":
        return tuple(w for w in winners if w != seat)
    return winners


@hooks.ATTACKABLE.register
def _not_her(state: "LupinState", fid: str, tid: str) -> bool:
    return not (tid == "fujiko" and police_side(state) == "public")


@hooks.GANG_ATTACKS.register
def _not_the_police(state: "LupinState", fid: str, out: list[Any]) -> list[Any]:
    if fid != "fujiko" or police_side(state) != "public":
        return out
    return [t for t in out if not (t in state.cars or (t in state.figures and state.figures[t].kind in POLICE_KINDS))]


# ------------------------------------------------------------------------------------ Pistola nascosta!

def hidden_gun_targets(state: "LupinState", c: str) -> list[str]:
    """*Pistola nascosta!*: after her standard action, one more pistol shot at a figure."""
    f = state.figures[c]
    if not _can_attack(state, c) or not f.acted or f.cards.get("hidden_gun") == state.round:
        return []
    return [t for t in state.shoot_targets(c) if t in state.figures]


def hidden_gun_shot(state: "LupinState", a: Any, ev: list[Event]) -> None:
    require(a.target in hidden_gun_targets(state, a.figure), "lupin_refusal.card.no_shot", figure=terms.figure(a.figure), target=terms.figure(a.target))
    f = state.figures[a.figure]
    f.cards["hidden_gun"] = state.round
    f.cards["fired"] = state.round
    state.reveal_attacker(a.figure, ev)
    _roll_shot(state, a.figure, a.target, state.sheet_of(a.figure).skill("pistol"), ev, card=a.card)


# ------------------------------------------------------------------------------------ Lupin fa la "magata"

@register_action("lupin.magic_keep")
@dataclass(frozen=True)
class MagicKeep(Action):
    """After *Lupin fa la magata*: the card kept of the top 5; the other 4 go under the deck."""

    figure: str
    card: str


@card_effect("search_deck")
class Magic:
    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        f = state.figures[c]
        return [""] if _free(state, c) and f.deck and not f.cards.get("magic") else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        f = state.figures[a.figure]
        look = card_data(a.card).params.look
        top = f.deck[:look]
        f.cards["magic"] = list(top)
        ev.append(Event("magic_cards", {"figure": a.figure, "cards": list(top)},
                        audience=frozenset({a.seat}), redacted=Event("magic_cards", {"figure": a.figure,
                                                                                     "count": len(top)})))


@register_phase_actions("gang")
def _magic_actions(state: "LupinState", seat: Seat) -> list[Action]:
    out: list[Action] = []
    for c in state.gang:
        top = state.figures[c].cards.get("magic")
        if top and state.seat_of[c] == seat and state.active == c:
            out.extend(MagicKeep(seat, c, card) for card in dict.fromkeys(top))
    return out


@register_handler(MagicKeep)
def _do_magic_keep(state: "LupinState", a: MagicKeep, ev: list[Event]) -> None:
    f = state.figures.get(a.figure)
    require(f is not None and state.seat_of.get(a.figure) == a.seat and state.active == a.figure,
            "lupin_refusal.card.magic_who")
    top = f.cards.get("magic") or []
    require(a.card in top, "lupin_refusal.card.magic_card", card=a.card)
    rest = list(top)
    rest.remove(a.card)
    f.deck = [a.card] + f.deck[len(top):] + rest
    del f.cards["magic"]
    ev.append(Event("magic_kept", {"figure": a.figure, "bottom": len(rest)}, reveal=True))
    state.draw_card(a.figure, events=ev)   # the kept card is drawn as any card (forced ones act)


# ------------------------------------------------------------------------------------ Colpo in canna da fenomeno

def _clear_line(state: "LupinState", frm: Any, to: Any) -> bool:
    """A straight line (row, column, diagonal, any distance; or a knight's move) with no obstacle
    and no vehicle between, the target not higher, at least one square between."""
    geo = state.geo
    if not isinstance(frm, Sq) or not isinstance(to, Sq) or isinstance(frm, (Inside, Under)) \
            or isinstance(to, (Inside, Under)):
        return False
    vehicles = set(state.vehicles()) - {to}
    dr, dc = to.row - frm.row, to.col - frm.col
    if not (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
        s = geo.sight(frm, to, 2, vehicles=vehicles)
        return s.seen and s.can_shoot
    dist = max(abs(dr), abs(dc))
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    between = tuple(Sq(frm.row + sr * k, frm.col + sc * k) for k in range(1, dist))
    line = geo.make_line(frm, geo.elevation(frm), to, dist, between, False)
    s = geo.judge(line, frm, 10 ** 6, vehicles, False)
    return s.seen and s.can_shoot


def amazing_shot_targets(state: "LupinState", c: str) -> list[str]:
    f = state.figures[c]
    if not _can_attack(state, c) or f.acted or not all(hooks.MAY_SHOOT(state, c)) \
            or state.sheet_of(c).skill("pistol") <= 0:
        return []
    out = [t for t, p in state.figures.items()
           if p.kind in POLICE_KINDS and p.spot is not None and not p.in_car and _clear_line(state, f.spot, p.spot)]
    return state.narrowed(hooks.GANG_ATTACKS, c, sorted(out))


def amazing_shot(state: "LupinState", a: Any, ev: list[Event]) -> None:
    require(a.target in amazing_shot_targets(state, a.figure), "lupin_refusal.card.no_line", figure=terms.figure(a.figure), target=terms.figure(a.target))
    f = state.figures[a.figure]
    f.acted = True
    f.cards["fired"] = state.round
    state.reveal_attacker(a.figure, ev)
    f.always_shown = f.shown = True
    _sure_hit(state, a.figure, [a.target], a.card, ev)


# ------------------------------------------------------------------------------------ Colpo di zantetsu da fenomeno

def _zantetsu_targets(state: "LupinState", c: str) -> list[str]:
    f = state.figures[c]
    if not _can_attack(state, c) or f.acted:
        return []
    out = [t for t in state.melee_targets(c) if state.figures[t].kind in POLICE_KINDS]
    if isinstance(f.spot, Sq) and not isinstance(f.spot, (Inside, Under)):
        for cid, car in sorted(state.cars.items()):
            if car.spot is not None and abs(car.spot.row - f.spot.row) + abs(car.spot.col - f.spot.col) == 1:
                out.append(cid)
    return state.narrowed(hooks.GANG_ATTACKS, c, out)


@card_effect("zantetsu_strike")
class AmazingZantetsu:
    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return _zantetsu_targets(state, c)

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(a.target in _zantetsu_targets(state, a.figure), "lupin_refusal.card.no_cut", figure=terms.figure(a.figure), target=terms.figure(a.target))
        p = card_data(a.card).params
        f = state.figures[a.figure]
        f.acted = True
        state.reveal_attacker(a.figure, ev)
        f.always_shown = f.shown = True
        ev.append(Event("card_hit", {"figure": a.figure, "target": a.target, "card": a.card}, reveal=True))
        if a.target in state.cars:
            car = state.cars[a.target]
            car.hits = CAR_HITS - 1
            state.hit_car(a.target, ev)
            return
        if state.figures[a.target].kind == "zenigata":
            for _ in range(p.zenigata_wounds):
                z = state.figures["zenigata"]
                if z.knocked_out or z.spot is None:
                    break
                state.hit(a.figure, "zenigata", ev)
            return
        state.hit(a.figure, a.target, ev)


# ------------------------------------------------------------------------------------ Lupin ti amo

def _love_squares(state: "LupinState", c: str, card: str) -> list[Any]:
    partner = card_data(card).params.pull_partner
    f, g = state.figures[c], state.figures.get(partner)
    if g is None or not _free(state, c) or not _free(state, partner) or f.in_car or g.in_car \
            or not isinstance(f.spot, Sq) or isinstance(f.spot, (Inside, Under)) \
            or isinstance(g.spot, Under) or g.cards.get("disguise") or f.cards.get("love"):
        return []
    geo, board = state.geo, state.geo.board
    occ = state.occupied()
    bs = state.board_state()
    out = []
    for sq in f.spot.neighbours8():
        if sq not in board or (sq in occ and occ[sq] != partner) or not geo.can_stand(sq, GANG, bs):
            continue
        if board.cell(sq).roof != board.cell(f.spot).roof:
            continue
        out.append(sq)
    return sorted(out)


@card_effect("fujiko_love")
class LoveYou:
    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return [spot_to_text(s) for s in _love_squares(state, c, card)]

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        try:
            to = spot_from_text(a.target)
        except ValueError as exc:
            raise square_refusal(exc) from None
        require(to in _love_squares(state, a.figure, a.card), "lupin_refusal.card.love_where", square=a.target)
        p = card_data(a.card).params
        f, g = state.figures[a.figure], state.figures[p.pull_partner]
        f.cards["love"] = p.movement_bonus
        f.always_shown = f.shown = True
        frm, was = g.spot, state.is_shown(p.pull_partner)
        g.spot, g.exposed = to, False
        g.shown = state.in_police_sight(p.pull_partner)
        state.note(p.pull_partner, spot_to_text(frm), spot_to_text(to), "called")
        ev.append(Event("moved", {"figure": p.pull_partner, "from": spot_to_text(frm), "to": spot_to_text(to),
                                  "shown": state.is_shown(p.pull_partner), "called": True},
                        audience=state.gang_seats_knowing(p.pull_partner),
                        redacted=state.public_move_event(p.pull_partner, frm, to, was)))
        if g.wounds:
            g.wounds = 0
            ev.append(Event("healed", {"figure": p.pull_partner, "by": a.figure, "card": a.card}, reveal=True))


@hooks.ALLOWANCE.register
def _love_bonus(state: "LupinState", fid: str, squares: int) -> int:
    return squares + int(state.figures[fid].cards.get("love") or 0)


# ------------------------------------------------------------------------------------ Non mi scapperete!!!

@register_action("lupin.police_card")
@dataclass(frozen=True)
class PoliceCard(Action):
    """Zenigata plays his special card in the police phase."""

    card: str


def _police_card_ok(state: "LupinState", card: str) -> bool:
    z = state.figures.get("zenigata")
    return (state.phase == "police" and z is not None and card in z.hand and card_data(card).effect == "reveal_gang"
            and state.cfg.difficulty != "novice")


@register_phase_actions("police")
def _police_card_actions(state: "LupinState", seat: Seat) -> list[Action]:
    if seat != "zenigata":
        return []
    z = state.figures.get("zenigata")
    return [PoliceCard(seat, card) for card in dict.fromkeys(z.hand) if _police_card_ok(state, card)] if z else []


@register_handler(PoliceCard)
def _do_police_card(state: "LupinState", a: PoliceCard, ev: list[Event]) -> None:
    require(a.seat == "zenigata", "lupin_refusal.card.police_who")
    require(_police_card_ok(state, a.card), "lupin_refusal.card.police_when")
    z = state.figures["zenigata"]
    hidden = [c for c in state.gang if state.figures[c].spot is not None and not state.is_shown(c)]
    z.hand.remove(a.card)
    z.discard.append(a.card)
    rounds = card_data(a.card).params.rounds
    z.cards["floodlights"] = [state.round, state.round + rounds - 1]
    ev.append(Event("card_played", {"figure": "zenigata", "card": a.card, "target": "",
                                    "until": state.round + rounds - 1}, reveal=True))
    for c in hidden:
        spot = state.figures[c].spot
        ev.append(Event("spotted", {"figure": c, "square": spot_to_text(spot)}))


def floodlights_on(state: "LupinState") -> bool:
    z = state.figures.get("zenigata")
    lit = z.cards.get("floodlights") if z is not None else None
    return bool(lit) and lit[0] <= state.round <= lit[1]


@hooks.ALL_SHOWN.register
def _floodlit(state: "LupinState") -> bool:
    return floodlights_on(state)


@card_effect("reveal_gang")
class Floodlights(NotInterested):
    """Zenigata's: played with :class:`PoliceCard`, never by a gang member."""


@hooks.MEMBER_ACTIONS.register
def _choosing_magic(state: "LupinState", seat: Seat, c: str) -> list[Action] | None:
    """While Lupin looks at the top of his deck, he only chooses the card to keep (:class:`MagicKeep`)."""
    return [] if state.figures[c].cards.get("magic") else None


# ------------------------------------------------------------------------------------ the views

from game.lupin.rules.views import register_view_part  # noqa: E402


@register_view_part("police_cards")
def _police_cards_view(state: "LupinState", seat: Seat) -> dict[str, Any] | None:
    """Zenigata's special card: his seat reads it, everybody its count and the floodlights."""
    z = state.figures.get("zenigata")
    if z is None or not z.cards.get("special_dealt"):
        return None
    lit = z.cards.get("floodlights")
    return {"hand": list(z.hand) if seat == "zenigata" else None, "hand_size": len(z.hand),
            "floodlights_until": lit[1] if lit and floodlights_on(state) else None}


@register_view_part("drained")
def _drained_view(state: "LupinState", seat: Seat) -> list[str] | None:
    return sorted(state.drained) if (state.drained or is_expansion_episode(state)) else None


@register_view_part("dropped_treasure")
def _dropped_view(state: "LupinState", seat: Seat) -> str | None:
    d = dropped_treasure(state)
    return None if d is None else d[1]


@register_view_part("card_choice")
def _choice_view(state: "LupinState", seat: Seat) -> dict[str, Any] | None:
    """A choice a card asks of this seat now: the cards Lupin looks at, the tiles Jigen may lose."""
    for c in state.gang:
        if state.seat_of[c] != seat:
            continue
        f = state.figures[c]
        if f.cards.get("magic"):
            return {"figure": c, "kind": "magic", "cards": list(f.cards["magic"])}
        if f.cards.get("hole"):
            return {"figure": c, "kind": "hole", "devices": list(f.cards["hole"])}
    return None


register_expansion_plays(ExpansionPlays(amazing_shot_targets, amazing_shot, hidden_gun_targets, hidden_gun_shot,
                                        cancels_distraction))
