"""The base box's mission cards in play, as effects of the ``CARD_RULES`` registry
(``effects.card_effect``) and hooks of the round engine (``hooks.py``).

The round engine offers ``PlayCard(seat, figure, card, target)`` for each target an effect's
``targets`` returns and enforces one card a turn; ``apply`` here does the rest. Forced cards are
never offered: the rules play them themselves at the first chance (a ``card_played`` event with
``forced: true``). Every reading is in ``docs/rules-decisions.md`` ("Lupin — mission cards in
play"); in short:

* **forced, on the next shot** (Jigen): *Mi si è mosso il cappello* / *Forse ho bevuto troppo*:
  his next pistol shot at a figure rolls with pistol 3 / 2; *Mi accendo una sigaretta*: his next
  shot (he has already drawn: he is shown) is not fired, the standard action is spent.
* **forced, after a shot** (Jigen): *Dannazione, ho finito i proiettili*: held at the start of the
  gang phase that follows a round in which he fired his pistol, it is played: no shot that round.
* **forced, on draw** (Lupin's *Lasciatemi pensare*, Goemon's *È ora di pregare*): played at the
  start of the member's next gang phase (round 1's if drawn with the starting hand): no move and
  no attack that round.
* **auto_hit**: gun cards (*Mira infallibile*, *La mia fidata P38*, *Doppio centro* on two) hit a
  police figure the member could shoot at now, without dice, as his standard action; the melee card
  (*L'invincibile Zantetsu*) hits an orthogonally adjacent police figure, no dice, no dodge, as his
  standard action; the knife cards (*Coltello nascosto*, *La lama della giustizia* with a knife
  tile, which is discarded) hit an agent or guard 2 to 5 squares away in the line of fire, like
  the knife tile's throw and, like it, not the standard action.
* **Doppia Magnum**: from then on Jigen may fire a second pistol shot each turn after his first
  (:class:`ExtraShot`).
* **Come il vento che soffia** (Goemon, before his move): his move ends unseen even in a line of
  fire, and he stays unseen on that square until he moves, shoots or fights again.
* **Vai Lupin, ti copro io!** (Jigen, in his turn): this round's gang phase and the police phase
  that follows, no police figure may attack Lupin.
* **Fuga in moto / A tavoletta!** (riding the right vehicle, not moved yet): :class:`Dash` to any
  free road square. **Balzo incredibile** (Goemon): :class:`LeapTo` a roof within his movement.
* **In coppia con Jigen / Lupin** (kept from the draw): :class:`ExtraMelee`, a second attack with
  the partner within 4 squares and both shown.
* **Eccomi da te tesoro!!!**: Lupin and Fujiko move double this round; **Mia adorata Fujiko...**
  (forced): with Fujiko unseen, Lupin has no shot, half his movement and is shown for the round.
* **Infiltrata molto speciale**: agents cannot fight Fujiko; each agent's shot at her needs a die
  of 1 first, which breaks the spell.
* **Nessuno resta indietro!** (Goemon, forced, kept from the draw): while a partner he may free is
  held on the board, Goemon's moves may not take him farther (movement cost) from the holder, and
  with the holder within his reach he attacks only him; shown at the arrest, discarded after a
  liberation.
* **Oh mio caro Lupin...** option B (Fujiko, coop, 4-5 players): next to Lupin carrying the
  treasure, it passes to her; while she carries it she plays first in the gang phase.
* **Travestimento perfetto** (Lupin, Jigen; played face down, as his move): the member hides
  inside a police agent within reach (Lupin: a walk of 8 squares; Jigen: 5 squares as a gun's
  range); only his seat knows which. Zenigata moves and uses the agent as usual. In a later turn
  the member reveals himself (:class:`Unmask`: shown on the agent's square; :class:`UnmaskHide`:
  slipping to one of the first unseen squares within his movement) and the agent leaves the
  game. Zenigata's attack with that agent forces the reveal (the attack is lost, the member's
  seat chooses where he goes); a hit on the agent, or the rules picking it to hold a prisoner,
  reveal him on its square.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from game.engine.api import Action, Event, IllegalAction, Seat, register_action, require
from game.lupin.rules import actions as A, terms
from game.lupin.rules.catalog import card as card_data
from game.lupin.rules.effects import card_effect
from game.lupin.rules.geometry import Inside, Under, spot_from_text, spot_to_text
from game.lupin.rules.pieces import square_refusal
from game.lupin.rules.cards.shared import (DISTRACTION, POLICE_KINDS, can_attack as _can_attack, expansion_plays,
                                           free as _free, play_forced as _play_forced, roll_shot as _roll_shot,
                                           sure_hit as _sure_hit)
from game.lupin.rules import hooks
from game.lupin.rules.state import register_handler, register_phase_actions

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState

HAT, WHISKY = "jigen_mi_si_e_mosso_il_cappello", "jigen_forse_ho_bevuto_troppo"
CIGARETTE, OUT_OF_BULLETS = "jigen_mi_accendo_una_sigaretta", "jigen_dannazione_ho_finito_i_proiettili"
SKIP_CARDS = ("lupin_lasciatemi_pensare", "goemon_e_ora_di_pregare")
ON_NEXT_SHOT = (CIGARETTE, HAT, WHISKY)   # the forced cards the rules play on a shot at a figure


# ------------------------------------------------------------------------------------ helpers

def _police_shoot_targets(state: "LupinState", c: str) -> list[str]:
    """Police figures ``c`` may shoot at now with his pistol (range, line of fire, a square between)."""
    return [t for t in state.shoot_targets(c) if t in state.figures and state.figures[t].kind in POLICE_KINDS]


# ------------------------------------------------------------------------------------ hooks

@hooks.GANG_PHASE.register
def _forced_at_turn_start(state: "LupinState", ev: list[Event]) -> None:
    """Forced cards the rules play as the gang phase begins: the turn-skipping cards and Jigen's
    empty revolver after a round in which he fired."""
    for c in state.gang:
        f = state.figures[c]
        if not _free(state, c):
            continue
        for card in SKIP_CARDS:
            if card in f.hand:
                f.blocked_until = max(f.blocked_until, state.round)
                _play_forced(state, c, card, ev, round=state.round)
                break
        if OUT_OF_BULLETS in f.hand and f.cards.get("fired") == state.round - 1:
            f.cards["no_shot"] = state.round
            _play_forced(state, c, OUT_OF_BULLETS, ev, round=state.round)


@hooks.MAY_SHOOT.register
def _may_shoot(state: "LupinState", fid: str) -> bool:
    f = state.figures[fid]
    return f.kind != "gang" or f.cards.get("no_shot") != state.round


@hooks.SHOOT.register
def _forced_on_shot(state: "LupinState", a: Any, ev: list[Event]) -> bool:
    """Jigen's forced cards on his next shot at a figure (a police car's 8 needs no skill: the
    cards wait for a shot at a figure); every gang pistol shot is remembered for the empty revolver."""
    f = state.figures[a.figure]
    if f.kind != "gang":
        return False
    card = next((c for c in f.hand if c in ON_NEXT_SHOT), None) if a.target in state.figures else None
    if card == CIGARETTE:   # no shot this round at all: no Magnum second shot either
        f.cards["extra_round"] = state.round
        _play_forced(state, a.figure, card, ev)
        ev.append(Event("shot_skipped", {"figure": a.figure, "target": a.target}, reveal=True))
        return True
    f.cards["fired"] = state.round
    if card is None:
        return False
    _play_forced(state, a.figure, card, ev)
    _roll_shot(state, a.figure, a.target, card_data(card).params.value, ev, card=card)
    return True


@hooks.MOVED.register
def _moved(state: "LupinState", who: str, frm: Any, to: Any, ev: list[Event]) -> None:
    f = state.figures.get(who)
    if f is None or f.kind != "gang":
        return
    if f.cards.get("unseen_round") == state.round and "unseen_at" not in f.cards:
        f.cards["unseen_at"] = spot_to_text(to)      # Come il vento che soffia
        if not f.always_shown:
            f.shown = False
    elif "unseen_at" in f.cards:
        del f.cards["unseen_at"]


@hooks.UNSEEN.register
def _unseen(state: "LupinState", fid: str) -> bool:
    f = state.figures[fid]
    return f.cards.get("unseen_at") is not None and f.cards["unseen_at"] == spot_to_text(f.spot)


@hooks.ATTACKABLE.register
def _attackable(state: "LupinState", fid: str, tid: str) -> bool:
    t = state.figures[tid]
    if t.cards.get("charm") and state.figures[fid].kind == "agent":
        return False        # Infiltrata molto speciale: shots only, through _charmed_targets
    covered = t.cards.get("covered")
    return covered is None or covered < state.round - 1


@hooks.SHOOT_TARGETS.register
def _charmed_targets(state: "LupinState", fid: str) -> list[str]:
    """An agent may still want to shoot the charmed Fujiko (a die decides, ``_charm_roll``)."""
    f = state.figures[fid]
    if f.kind != "agent" or f.spot is None or f.in_car:
        return []
    out = []
    for tid in state.gang:
        t = state.figures[tid]
        if not t.cards.get("charm") or t.spot is None or t.escaped or t.arrested_by is not None or t.in_car \
                or isinstance(t.spot, (Inside, Under)) or state.on_bus(t.spot) or not state.is_shown(tid):
            continue
        vehicles = [v for v in state.vehicles() if v != t.spot]
        sight = state.geo.sight(f.spot, t.spot, state.range_of(fid, "pistol"), vehicles=vehicles, exposed=t.exposed)
        if sight.seen and sight.can_shoot:
            out.append(tid)
    return out


@hooks.SHOOT.register
def _charm_roll(state: "LupinState", a: Any, ev: list[Event]) -> bool:
    """An agent shoots at the charmed Fujiko: a die first; a 1 breaks the spell and the shot goes
    on as usual, anything else spends the agent's shot."""
    f, t = state.figures[a.figure], state.figures.get(a.target)
    if f.kind != "agent" or t is None or not t.cards.get("charm"):
        return False
    die = state.rng.d6()
    if die == 1:
        del t.cards["charm"]
        ev.append(Event("charm_broken", {"figure": a.target, "by": a.figure, "die": die}, reveal=True))
        return False
    ev.append(Event("charm_holds", {"figure": a.target, "by": a.figure, "die": die}, reveal=True))
    return True


@card_effect("infiltrate")
class Infiltrate:
    """*Infiltrata molto speciale*: played any time in her turn; until a die breaks the spell."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return [""] if _free(state, c) and not state.figures[c].cards.get("charm") else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        state.figures[a.figure].cards["charm"] = True


# ------------------------------------------------------------------------------------ effects

@card_effect("skill_override")
class SkillOverride:
    """Forced: played by the rules on the next shot (``_forced_on_shot``), never offered."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(False, "lupin_refusal.card.next_shot")


@card_effect("lose_shot")
class LoseShot(SkillOverride):
    """Forced: the cigarette on the next shot, the empty revolver after a round of shooting."""


@card_effect("skip_round")
class SkipRound(SkillOverride):
    """Forced: played by the rules as the member's next gang phase begins."""


@card_effect("auto_hit")
class AutoHit:
    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        p = card_data(card).params
        f = state.figures[c]
        if p.unlimited_range:    # Colpo in canna da fenomeno (expansion special)
            return expansion_plays().amazing_shot_targets(state, c)
        if not _can_attack(state, c):
            return []
        if p.attack == "knife_throw":
            if p.needs_device and p.needs_device not in f.devices:
                return []
            from game.lupin.rules.devices import line_targets
            return line_targets(state, c, p.range_squares or 5, ("agent", "guard"))
        if f.acted:
            return []
        if p.attack == "melee":
            return [t for t in state.melee_targets(c) if state.figures[t].kind in POLICE_KINDS]
        pool = _police_shoot_targets(state, c)
        if p.targets == 2:
            return ["+".join(pair) for pair in combinations(sorted(pool), 2)]
        return pool

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        p = card_data(a.card).params
        if p.unlimited_range:
            expansion_plays().amazing_shot(state, a, ev)
            return
        f = state.figures[a.figure]
        state.active = a.figure
        if p.attack != "knife_throw":
            f.acted = True
        state.reveal_attacker(a.figure, ev)
        if p.attack == "gun":
            f.cards["fired"] = state.round
        if p.discards_device and p.needs_device in f.devices:
            f.devices.remove(p.needs_device)
            ev.append(Event("device_discarded", {"figure": a.figure, "device": p.needs_device}, reveal=True))
        _sure_hit(state, a.figure, a.target.split("+"), a.card, ev)


@card_effect("extra_shot")
class DoubleMagnum:
    """Doppia Magnum (base): from now on a second pistol shot a turn (:class:`ExtraShot`). The
    expansion's *Pistola nascosta* (played once) is that extra shot itself, at its target."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        if card_data(card).duration != "rest_of_game":
            return expansion_plays().hidden_gun_targets(state, c)
        if not _free(state, c):
            return []
        return [""] if not state.figures[c].cards.get("magnum") else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        if card_data(a.card).duration != "rest_of_game":
            expansion_plays().hidden_gun_shot(state, a, ev)
            return
        state.figures[a.figure].cards["magnum"] = True


@card_effect("unseen_move")
class LikeTheWind:
    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        f = state.figures[c]
        if not _free(state, c) or f.moved or f.in_car or f.blocked_until >= state.round \
                or f.cards.get("unseen_round") == state.round:
            return []
        return [""]

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        f = state.figures[a.figure]
        f.cards["unseen_round"] = state.round
        f.cards.pop("unseen_at", None)


@card_effect("cover_partner")
class CoverPartner:
    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        partner = card_data(card).params.partner
        if not _free(state, c) or partner not in state.gang or not _free(state, partner):
            return []
        return [partner] if state.figures[partner].cards.get("covered") != state.round else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        state.figures[a.target].cards["covered"] = state.round


# ------------------------------------------------------------------------------------ Doppia Magnum's shot

@register_action("lupin.extra_shot")
@dataclass(frozen=True)
class ExtraShot(Action):
    """Jigen with *Doppia Magnum*: his second pistol shot of the turn, after the first."""

    figure: str
    target: str


def _extra_shot_targets(state: "LupinState", c: str) -> list[str]:
    f = state.figures[c]
    if not f.cards.get("magnum") or not f.acted or f.cards.get("fired") != state.round \
            or f.cards.get("extra_round") == state.round or not _can_attack(state, c) \
            or state.active != c:
        return []
    return _police_shoot_targets(state, c)


@register_phase_actions("gang")
def _extra_shot_actions(state: "LupinState", seat: Seat) -> list[Action]:
    c = state.active
    if c is None or state.offer is not None or state.seat_of.get(c) != seat:
        return []
    return [ExtraShot(seat, c, t) for t in _extra_shot_targets(state, c)]


@register_handler(ExtraShot)
def _extra_shot(state: "LupinState", a: ExtraShot, ev: list[Event]) -> None:
    require(state.phase == "gang" and state.active == a.figure and state.seat_of.get(a.figure) == a.seat,
            "lupin_refusal.card.second_shot_who")
    require(a.target in _extra_shot_targets(state, a.figure),
            "lupin_refusal.card.second_shot", figure=terms.figure(a.figure), target=terms.figure(a.target))
    f = state.figures[a.figure]
    f.cards["extra_round"] = state.round
    state.reveal_attacker(a.figure, ev)
    _roll_shot(state, a.figure, a.target, state.sheet_of(a.figure).skill("pistol"), ev, second=True)


# ------------------------------------------------------------------------------------ Fuga in moto, A tavoletta

def _dash_targets(state: "LupinState", c: str, card: str) -> list[Any]:
    """Every free road or bridge square but the bus stops, for the vehicle ``c`` drives now."""
    from game.lupin.rules.vehicles import ROAD, riding
    v = riding(state, c)
    f = state.figures[c]
    if v is None or v.device not in card_data(card).params.vehicles or f.moved or not _free(state, c) \
            or f.blocked_until >= state.round or v.moved_round == state.round:
        return []
    board = state.geo.board
    occ = state.occupied()
    bus = set(board.squares_of("bus_stop"))
    return sorted(s for s in board.squares() if board.cell(s).terrain in ROAD
                  and s not in occ and s not in bus and s != v.spot)


@card_effect("vehicle_dash")
class VehicleDash:
    """Played with no target (its ``card_played`` event is public): it arms :class:`Dash`, whose
    destination is told only to those who may know it, as a ride's."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        f = state.figures[c]
        return [""] if f.cards.get("dash") != state.round and _dash_targets(state, c, card) else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        state.figures[a.figure].cards["dash"] = state.round
        state.figures[a.figure].cards["dash_card"] = a.card


@register_action("lupin.dash")
@dataclass(frozen=True)
class Dash(Action):
    """After *Fuga in moto* or *A tavoletta!*: the vehicle ``figure`` drives goes at once to ``to``."""

    figure: str
    to: str


def _armed_dash(state: "LupinState", c: str) -> list[Any]:
    f = state.figures[c]
    if f.cards.get("dash") != state.round:
        return []
    return _dash_targets(state, c, f.cards["dash_card"])


@register_phase_actions("gang")
def _dash_actions(state: "LupinState", seat: Seat) -> list[Action]:
    from game.engine.grid import format_coord
    c = state.active
    if c is None or state.offer is not None or state.seat_of.get(c) != seat:
        return []
    return [Dash(seat, c, format_coord(s)) for s in _armed_dash(state, c)]


@register_handler(Dash)
def _dash(state: "LupinState", a: Dash, ev: list[Event]) -> None:
    from game.lupin.rules.vehicles import drive_to, riding
    require(state.phase == "gang" and state.active == a.figure and state.seat_of.get(a.figure) == a.seat,
            "lupin_refusal.card.dash_who")
    to = state.parse_square(a.to)
    require(to in set(_armed_dash(state, a.figure)),
            "lupin_refusal.card.dash_where", figure=terms.figure(a.figure), square=a.to)
    c = a.figure
    f = state.figures[c]
    f.cards.pop("dash", None)
    f.cards.pop("dash_card", None)
    drive_to(state, riding(state, c), c, to, ev, dash=True)


# ------------------------------------------------------------------------------------ In coppia con Jigen / Lupin

PAIRED = {"goemon_in_coppia_con_jigen": "jigen", "goemon_in_coppia_con_lupin": "lupin"}


@card_effect("paired_attacks")
class PairedAttacks(SkillOverride):
    """Forced and kept from the draw to the end: never played, it gives :class:`ExtraMelee`."""


def _close_and_shown(state: "LupinState", c: str, partner: str, within: int) -> bool:
    a, b = state.figures[c], state.figures.get(partner)
    if b is None or not _free(state, partner) or not state.is_shown(c) or not state.is_shown(partner):
        return False
    if isinstance(a.spot, (Inside, Under)) or isinstance(b.spot, (Inside, Under)):
        return False
    return max(abs(a.spot.row - b.spot.row), abs(a.spot.col - b.spot.col)) <= within


@register_action("lupin.extra_melee")
@dataclass(frozen=True)
class ExtraMelee(Action):
    """Goemon with *In coppia con Jigen/Lupin* and that partner close by: his second attack."""

    figure: str
    target: str


def _extra_melee_targets(state: "LupinState", c: str) -> list[str]:
    f = state.figures[c]
    if state.active != c or not f.acted or f.cards.get("extra_melee_round") == state.round \
            or not _can_attack(state, c):
        return []
    if not any(card in f.hand and _close_and_shown(state, c, partner, card_data(card).params.max_distance)
               for card, partner in PAIRED.items()):
        return []
    return [t for t in state.melee_targets(c) if state.figures[t].kind in POLICE_KINDS]


@register_phase_actions("gang")
def _extra_melee_actions(state: "LupinState", seat: Seat) -> list[Action]:
    c = state.active
    if c is None or state.offer is not None or state.seat_of.get(c) != seat:
        return []
    return [ExtraMelee(seat, c, t) for t in _extra_melee_targets(state, c)]


@register_handler(ExtraMelee)
def _extra_melee(state: "LupinState", a: ExtraMelee, ev: list[Event]) -> None:
    require(state.phase == "gang" and state.active == a.figure and state.seat_of.get(a.figure) == a.seat,
            "lupin_refusal.card.second_attack_who")
    require(a.target in _extra_melee_targets(state, a.figure),
            "lupin_refusal.card.second_attack", figure=terms.figure(a.figure), target=terms.figure(a.target))
    state.figures[a.figure].cards["extra_melee_round"] = state.round
    state.reveal_attacker(a.figure, ev)
    if not state.strike(a.figure, a.target, ev) and state.figures[a.target].spot is not None:
        state.strike(a.target, a.figure, ev, counter=True)


# ------------------------------------------------------------------------------------ Lupin and Fujiko



@hooks.ALLOWANCE.register
def _allowance(state: "LupinState", fid: str, squares: int) -> int:
    f = state.figures[fid]
    if f.kind != "gang":
        return squares
    if f.cards.get("double_round") == state.round:
        squares *= 2
    if f.cards.get("half_round") == state.round:
        squares //= 2
    return squares


@hooks.GANG_PHASE.register
def _distraction(state: "LupinState", ev: list[Event]) -> None:
    """*Mia adorata Fujiko...*: played by the rules as Lupin's next gang phase begins. Void (discarded,
    no effect) in round 1 (drawn with the starting hand), without Fujiko, or with Fujiko shown."""
    if "lupin" not in state.gang:
        return
    f = state.figures["lupin"]
    if DISTRACTION not in f.hand or not _free(state, "lupin"):
        return
    if expansion_plays().cancels_distraction(state, ev):   # Lupin, lascia perdere quella donna! in his hand
        return
    if state.round == 1 or "fujiko" not in state.gang or state.is_shown("fujiko"):
        f.hand.remove(DISTRACTION)
        f.discard.append(DISTRACTION)
        ev.append(Event("card_void", {"figure": "lupin", "card": DISTRACTION}, reveal=True))
        return
    f.cards.update(no_shot=state.round, half_round=state.round, shown_round=state.round)
    if not isinstance(f.spot, (Inside, Under)) and not state.is_shown("lupin"):
        f.shown = True
        ev.append(Event("spotted", {"figure": "lupin", "square": spot_to_text(f.spot)}))
    _play_forced(state, "lupin", DISTRACTION, ev)


@hooks.MOVED.register
def _stays_shown(state: "LupinState", who: str, frm: Any, to: Any, ev: list[Event]) -> None:
    f = state.figures.get(who)
    if f is not None and f.kind == "gang" and f.cards.get("shown_round") == state.round \
            and not isinstance(to, (Inside, Under)):
        f.shown = True     # Mia adorata Fujiko: visible for the round


@card_effect("fujiko_distraction")
class Distraction(SkillOverride):
    """Forced: played by the rules (``_distraction``), never offered."""


@card_effect("paired_move")
class HereIComeDarling:
    """*Eccomi da te tesoro!!!*: before either has moved, Fujiko within 5 squares and both shown:
    this round each of them moves up to twice his movement."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        p = card_data(card).params
        partner = p.partner
        f, g = state.figures[c], state.figures.get(partner)
        if g is None or f.moved or g.moved or f.in_car or g.in_car or f.blocked_until >= state.round \
                or f.cards.get("double_round") == state.round:
            return []
        return [partner] if _close_and_shown(state, c, partner, p.max_distance) else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        state.figures[a.figure].cards["double_round"] = state.round
        state.figures[a.target].cards["double_round"] = state.round


# ------------------------------------------------------------------------------------ Balzo incredibile

def _leap_squares(state: "LupinState", c: str) -> list[Any]:
    """From the ground: any free roof square; from a roof: a free roof square of another building;
    whatever the heights, as the crow flies within his movement."""
    from game.engine.grid import Sq
    f = state.figures[c]
    if not _free(state, c) or f.moved or f.in_car or f.blocked_until >= state.round \
            or not isinstance(f.spot, Sq) or isinstance(f.spot, (Inside, Under)):
        return []
    board, here = state.geo.board, f.spot
    building = board.cell(here).building if board.cell(here).roof else None
    return sorted(sq for sq in state.free_squares_within(here, state.allowance(c))
                  if board.cell(sq).roof and (building is None or board.cell(sq).building != building))


@card_effect("leap")
class Leap:
    """Played with no target (public); the :class:`LeapTo` destination is told as a move is."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        f = state.figures[c]
        return [""] if f.cards.get("leap") != state.round and _leap_squares(state, c) else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        state.figures[a.figure].cards["leap"] = state.round


@register_action("lupin.leap")
@dataclass(frozen=True)
class LeapTo(Action):
    """After *Balzo incredibile*: ``figure`` leaps onto the roof square ``to`` (his move)."""

    figure: str
    to: str


def _armed_leap(state: "LupinState", c: str) -> list[Any]:
    return _leap_squares(state, c) if state.figures[c].cards.get("leap") == state.round else []


@register_phase_actions("gang")
def _leap_actions(state: "LupinState", seat: Seat) -> list[Action]:
    from game.engine.grid import format_coord
    c = state.active
    if c is None or state.offer is not None or state.seat_of.get(c) != seat:
        return []
    return [LeapTo(seat, c, format_coord(s)) for s in _armed_leap(state, c)]


@register_handler(LeapTo)
def _leap(state: "LupinState", a: LeapTo, ev: list[Event]) -> None:
    require(state.phase == "gang" and state.active == a.figure and state.seat_of.get(a.figure) == a.seat,
            "lupin_refusal.card.leap_who")
    to = state.parse_square(a.to)
    require(to in set(_armed_leap(state, a.figure)),
            "lupin_refusal.card.leap_where", figure=terms.figure(a.figure), square=a.to)
    c = a.figure
    f = state.figures[c]
    frm = f.spot
    was = state.is_shown(c)
    f.spot, f.moved, f.exposed = to, True, False
    f.cards.pop("leap", None)
    f.shown = state.in_police_sight(c)
    state.note(c, spot_to_text(frm), spot_to_text(to), "leap")
    shown = state.is_shown(c)
    public: dict[str, Any] = {"figure": c, "shown": shown}
    if was:
        public["from"] = spot_to_text(frm)
    if shown:
        public["to"] = spot_to_text(to)
    public["leap"] = True    # told as a move (the log reads it as one)
    ev.append(Event("moved", {"figure": c, "from": spot_to_text(frm), "to": spot_to_text(to), "shown": shown,
                              "leap": True},
                    audience=state.gang_seats_knowing(c), redacted=Event("moved", public)))


# ------------------------------------------------------------------------------------ Nessuno resta indietro!

RESCUE = "goemon_nessuno_resta_indietro"
_FAR = 999
_probing: set[str] = set()    # recursion guard: the hook asks the engine for the member's own attacks


@card_effect("must_rescue")
class MustRescue(SkillOverride):
    """Forced and kept from the draw until a partner is freed: it narrows Goemon's moves and attacks
    (``_rescue_moves``, ``_rescue_attacks``); never offered."""


def _rescue_holder(state: "LupinState", c: str) -> tuple[str, dict[Any, int]] | None:
    """The agent ``c`` must go for, with the distances (movement cost, terrain only) from him: the
    holder of a partner ``c`` may free now (the fixed order of liberators), the nearest if two."""
    from game.lupin.rules.geometry import GANG
    f = state.figures[c]
    if RESCUE not in f.hand or not _free(state, c):
        return None
    best: tuple[int, str, dict[Any, int]] | None = None
    for p in state.gang:
        holder = state.figures[p].arrested_by
        h = state.figures.get(holder) if holder else None
        if p == c or h is None or h.spot is None or h.in_car or state.liberator_of(p) != c:
            continue
        cost = state.geo.reach(h.spot, _FAR, GANG).cost
        d = cost.get(f.spot, _FAR)
        if best is None or (d, holder) < best[:2]:
            best = (d, holder, cost)
    return None if best is None else (best[1], best[2])


@hooks.GANG_MOVES.register
def _rescue_moves(state: "LupinState", c: str, out: list[Any]) -> list[Any]:
    """Nessuno resta indietro: no move that takes Goemon farther from the prisoner's holder."""
    goal = _rescue_holder(state, c)
    if goal is None:
        return out
    cost = goal[1]
    here = cost.get(state.figures[c].spot, _FAR)
    return [s for s in out if cost.get(s, _FAR) <= here]


@hooks.GANG_ATTACKS.register
def _rescue_attacks(state: "LupinState", c: str, out: list[Any]) -> list[Any]:
    """Nessuno resta indietro: with the holder within reach of his blade or pistol, Goemon attacks
    only him."""
    if c in _probing:
        return out
    goal = _rescue_holder(state, c)
    if goal is None:
        return out
    holder = goal[0]
    _probing.add(c)
    try:
        reachable = holder in state.melee_targets(c) or holder in state.shoot_targets(c)
    finally:
        _probing.discard(c)
    return [t for t in out if t == holder] if reachable else out


@hooks.SETTLE.register
def _rescue_told_and_done(state: "LupinState", ev: list[Event]) -> None:
    """Nessuno resta indietro: shown to all as soon as a partner is arrested while Goemon holds it;
    discarded (played) once a partner is freed."""
    f = state.figures.get("goemon")
    if f is None or RESCUE not in f.hand:
        return
    if any(e.kind in ("freed", "freed_self") for e in ev) and f.cards.get("rescue_told"):
        f.cards.pop("rescue_told", None)
        _play_forced(state, "goemon", RESCUE, ev)
        return
    if not f.cards.get("rescue_told") and any(state.figures[p].arrested_by is not None
                                              for p in state.gang if p != "goemon"):
        f.cards["rescue_told"] = True
        ev.append(Event("card_shown", {"figure": "goemon", "card": RESCUE}, reveal=True))


# ------------------------------------------------------------------------------------ Oh mio caro Lupin...

@card_effect("fujiko_charm")
class DearLupin:
    """*Oh mio caro Lupin...*, option B (option A is planning's ``CharmLupin``): in
    Fujiko's turn, next to Lupin carrying the treasure, he hands it to her (no offer to refuse).
    Cooperative game with 4 or 5 players only. "Successivamente muoverai per primo": while she
    carries it she plays first in the gang phase, overriding "the treasure carrier plays last"."""

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        from game.lupin.rules.planning import charm_allowed
        if c != "fujiko" or "lupin" not in state.gang or not charm_allowed(state):
            return []
        if not _free(state, c) or not _free(state, "lupin") or not state.carries_treasure("lupin"):
            return []
        return ["lupin"] if state.can_receive("lupin", c) else []

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(a.target == "lupin" and a.target in self.targets(state, a.figure, a.card),
                "lupin_refusal.card.hand_over")
        state.give_tile("lupin", a.figure, ev)
        state.figures[a.figure].cards["first"] = True



# ------------------------------------------------------------------------------------ Travestimento perfetto

@register_action("lupin.unmask")
@dataclass(frozen=True)
class Unmask(Action):
    """A member disguised as a police agent reveals himself: the agent leaves the game and he
    stands, shown, on its square (his move). After a forced reveal: he stays there, shown."""

    figure: str


@register_action("lupin.unmask_hide")
@dataclass(frozen=True)
class UnmaskHide(Action):
    """A member disguised as a police agent reveals himself and slips away unseen to ``to``, one of
    the first squares out of every line of fire within his movement from the agent's square."""

    figure: str
    to: str


def disguised_as(state: "LupinState", c: str) -> str | None:
    """The agent ``c`` hides inside (*Travestimento perfetto*), or None."""
    f = state.figures.get(c)
    return None if f is None or f.kind != "gang" else f.cards.get("disguise")


def _wearer(state: "LupinState", agent: str) -> str | None:
    """The gang member hidden inside ``agent``, or None."""
    return next((c for c in state.gang if state.figures[c].cards.get("disguise") == agent), None)


def _unmasking(state: "LupinState") -> list[str]:
    """Members revealed by force in the police phase who have not yet said where they go."""
    return [c for c in state.gang if state.figures[c].cards.get("unmasking")]


def _agent_number(agent: str) -> int:
    return int(agent.rsplit("-", 1)[1])


def _within_range(frm: Any, to: Any, squares: int, geo: Any) -> bool:
    """Measured like a gun's range: on a row, column or diagonal at most ``squares`` away, or a
    knight's move (distance 2) - from his square, or any door of the building he is in. Obstacles
    do not count: it is a distance, not a line of fire."""
    from game.engine.grid import Sq
    if isinstance(frm, Inside):
        b = geo.board.buildings.get(frm.building)
        origins = list(b.doors) if b else []
    else:
        origins = [frm] if isinstance(frm, Sq) else []
    for o in origins:
        dr, dc = abs(o.row - to.row), abs(o.col - to.col)
        if (dr, dc) in ((1, 2), (2, 1)) and squares >= 2:
            return True
        if (dr == 0 or dc == 0 or dr == dc) and 0 < max(dr, dc) <= squares:
            return True
    return False


def _disguise_targets(state: "LupinState", c: str, card: str) -> list[str]:
    """The agents ``c`` may take the place of now: agents standing on a board square (not in a car,
    not holding a prisoner, not already a disguise) within the card's reach - a walk of 8 squares
    for Lupin, a gun's range of 5 for Jigen."""
    from game.engine.grid import Sq
    from game.lupin.rules.geometry import GANG
    from game.lupin.rules.vehicles import all_visible
    f = state.figures[c]
    if not _free(state, c) or f.in_car or f.moved or f.blocked_until >= state.round or f.always_shown \
            or isinstance(f.spot, Under) or all_visible(state) or state.carries(c) or f.cards.get("disguise"):
        return []
    p = card_data(card).params
    taken = {state.figures[g].cards.get("disguise") for g in state.gang}
    agents = [a for a in state.agents_on_board()
              if a not in taken and isinstance(state.figures[a].spot, Sq) and not state.figures[a].holding
              and not state.figures[a].in_car]
    if p.measure == "range":
        ok = [a for a in agents if _within_range(f.spot, state.figures[a].spot, p.within_squares, state.geo)]
    else:
        occ = state.occupied()
        friends = {s for s, who in occ.items() if who in state.figures and state.figures[who].kind == "gang"}
        enemies = {s for s in occ if s not in friends}
        squares = {state.figures[a].spot for a in agents}
        rough = state.geo.reach(f.spot, p.within_squares, GANG, blocked=enemies - squares, no_stop=friends)
        ok = []
        for a in agents:
            sq = state.figures[a].spot
            if sq in rough.cost and sq in state.geo.reach(f.spot, p.within_squares, GANG, blocked=enemies - {sq},
                                                          no_stop=friends).cost:
                ok.append(a)
    return sorted(ok, key=_agent_number)


@card_effect("disguise")
class Disguise:
    """*Travestimento perfetto* (Lupin x6, Jigen x1). Played face down in his turn, as his move:
    he leaves the board and hides inside a police agent within reach (written in his notes); only
    his own seat is told. Zenigata sees what a hidden member's move shows him (that he moved,
    unseen; from where, if he was shown) and keeps moving and using the agent as usual. See
    :class:`Unmask` and :class:`UnmaskHide` for the reveal, and the hooks below for the rest."""

    secret = True   # state._do_playcard tells no public card_played: the effect tells each seat

    def targets(self, state: "LupinState", c: str, card: str) -> list[str]:
        return _disguise_targets(state, c, card)

    def apply(self, state: "LupinState", a: Any, ev: list[Event]) -> None:
        require(a.target in _disguise_targets(state, a.figure, a.card),
                "lupin_refusal.card.disguise_target", target=terms.figure(a.target), figure=terms.figure(a.figure))
        c = a.figure
        f = state.figures[c]
        frm, was = f.spot, state.is_shown(c)
        f.cards.update(disguise=a.target, disguise_card=a.card, disguise_round=state.round)
        f.spot, f.shown, f.exposed, f.moved = None, False, False, True
        state.note(c, spot_to_text(frm), a.target, "disguise")
        public: dict[str, Any] = {"figure": c, "shown": False}
        if was:
            public["from"] = spot_to_text(frm)
        ev.append(Event("card_played", {"figure": c, "card": a.card, "target": a.target, "from": spot_to_text(frm),
                                        "disguise": True},
                        audience=frozenset({a.seat}), redacted=Event("moved", public)))


def _hide_squares(state: "LupinState", c: str, origin: Any, agent: str | None) -> list[Any]:
    """The first squares out of every police line of fire that ``c`` could walk to from ``origin``
    with his movement: the unseen spots (a building's inside, the bus, a square no police figure
    sees) at the smallest movement cost, origin excluded. ``agent``: the agent he leaves, who
    neither sees nor blocks any more."""
    from game.engine.grid import Sq
    from game.lupin.rules.geometry import GANG
    if origin is None:
        return []
    occ = {s: who for s, who in state.occupied().items() if who != agent and who != c}
    friends = {s for s, who in occ.items() if who in state.figures and state.figures[who].kind == "gang"}
    enemies = [s for s in occ if s not in friends]
    reach = state.geo.reach(origin, state.allowance(c), GANG, blocked=enemies, no_stop=friends)
    viewers = state.viewers(exclude=[agent] if agent else [])
    seen = state.geo.watched(viewers, vehicles=state.vehicles())
    bus = set(state.bus_squares())
    unseen = [(cost, s) for s, cost in reach.cost.items()
              if s != origin and (not isinstance(s, Sq) or s in bus or s not in seen)]
    if not unseen:
        return []
    first = min(cost for cost, _ in unseen)
    return sorted((s for cost, s in unseen if cost == first), key=spot_to_text)


def _reveal(state: "LupinState", c: str, ev: list[Event], cause: str, by: str | None = None) -> None:
    """The disguise ends: the agent leaves the game (no kill for anybody), the member stands on its
    square, shown (everybody is told who the agent was). ``cause``: ``choice`` (his own reveal),
    ``attack`` (Zenigata wanted that agent to attack), ``hit`` (the agent was hit), ``arrest``
    (the rules picked that agent to hold a prisoner), ``visible`` (novice play: the gang is on the
    board from now on)."""
    f = state.figures[c]
    agent = f.cards.pop("disguise")
    f.cards.pop("disguise_card", None)
    f.cards.pop("disguise_round", None)
    ag = state.figures[agent]
    square = ag.spot
    ag.spot, ag.holding, ag.moved, ag.acted = None, None, False, False
    f.spot, f.shown, f.exposed = square, True, False
    data: dict[str, Any] = {"figure": c, "agent": agent, "square": spot_to_text(square), "cause": cause}
    if by is not None:
        data["by"] = by
    ev.append(Event("unmasked", data, reveal=True))
    state.note(c, agent, spot_to_text(square), "unmasked")


def _check_unmask(state: "LupinState", a: Any) -> bool:
    """Checks an Unmask/UnmaskHide; True when it answers a forced reveal (police phase)."""
    c = a.figure
    require(c in state.gang and state.seat_of.get(c) == a.seat, "lupin_refusal.card.not_yours", figure=terms.figure(c))
    f = state.figures[c]
    if f.cards.get("unmasking"):
        return True
    require(disguised_as(state, c) is not None, "lupin_refusal.card.not_disguised", figure=terms.figure(c))
    state.check_member_turn(a.seat, c)
    require(f.cards.get("disguise_round") != state.round,
            "lupin_refusal.card.disguised_this_round", figure=terms.figure(c))
    return False


def _unmask_hide_squares(state: "LupinState", c: str) -> list[Any]:
    f = state.figures[c]
    if f.cards.get("unmasking"):
        return _hide_squares(state, c, f.spot, None)
    agent = disguised_as(state, c)
    if agent is None or f.cards.get("disguise_round") == state.round:
        return []
    return _hide_squares(state, c, state.figures[agent].spot, agent)


@hooks.MEMBER_ACTIONS.register
def _disguised_turn(state: "LupinState", seat: Seat, c: str) -> list[Action] | None:
    """A disguised member's turn: reveal himself (on the agent's square, or hiding on one of the
    first unseen squares), or stay in disguise (:class:`EndTurn`)."""
    f = state.figures[c]
    if not f.cards.get("disguise"):
        return None
    out: list[Action] = []
    if f.cards.get("disguise_round") != state.round:
        out.append(Unmask(seat, c))
        out.extend(UnmaskHide(seat, c, spot_to_text(s)) for s in _unmask_hide_squares(state, c))
    out.append(A.EndTurn(seat, c))
    return out


@register_phase_actions("police")
def _forced_reveal_actions(state: "LupinState", seat: Seat) -> list[Action]:
    out: list[Action] = []
    for c in _unmasking(state):
        if state.seat_of[c] == seat:
            out.append(Unmask(seat, c))
            out.extend(UnmaskHide(seat, c, spot_to_text(s)) for s in _unmask_hide_squares(state, c))
    return out


@hooks.WAITING.register
def _waiting_for_reveal(state: "LupinState") -> list[Seat]:
    return [state.seat_of[c] for c in _unmasking(state)]


@hooks.REFUSE.register
def _refuse_while_disguised(state: "LupinState", action: Action) -> IllegalAction | None:
    pending = _unmasking(state)
    if pending:
        if isinstance(action, (Unmask, UnmaskHide)) and action.figure in pending:
            return None
        return IllegalAction("lupin_refusal.card.reappear_first", figure=terms.figure(pending[0]))
    c = getattr(action, "figure", None)
    if isinstance(c, str) and disguised_as(state, c) is not None \
            and not isinstance(action, (Unmask, UnmaskHide, A.EndTurn)):
        return IllegalAction("lupin_refusal.card.in_disguise", figure=terms.figure(c))
    return None


@register_handler(Unmask)
def _do_unmask(state: "LupinState", a: Unmask, ev: list[Event]) -> None:
    forced = _check_unmask(state, a)
    f = state.figures[a.figure]
    if forced:
        f.cards.pop("unmasking", None)   # he stays where he was revealed, shown
        return
    _reveal(state, a.figure, ev, "choice")
    f.moved = True
    state.active = a.figure


@register_handler(UnmaskHide)
def _do_unmask_hide(state: "LupinState", a: UnmaskHide, ev: list[Event]) -> None:
    forced = _check_unmask(state, a)
    c = a.figure
    try:
        to = spot_from_text(a.to)
    except ValueError as exc:
        raise square_refusal(exc) from None
    require(to in set(_unmask_hide_squares(state, c)),
            "lupin_refusal.card.hide_where", figure=terms.figure(c), square=a.to)
    f = state.figures[c]
    active = state.active
    if forced:
        f.cards.pop("unmasking", None)
    else:
        _reveal(state, c, ev, "choice")
    state.move_member(c, to, ev)      # a move from the agent's square, where everybody saw him
    if forced:
        state.active = active          # the police phase goes on
        f.moved = False


@hooks.POLICE_ATTACK.register
def _agent_would_attack(state: "LupinState", a: Any, ev: list[Event]) -> bool:
    """Zenigata wants the disguised agent to shoot (or fight): the member must reveal himself. The
    agent leaves the game and its attack is lost; the member's seat says where he goes."""
    c = _wearer(state, a.figure)
    if c is None:
        return False
    _reveal(state, c, ev, "attack")
    state.figures[c].cards["unmasking"] = True
    return True


@hooks.STRIKE.register
def _agent_would_counter(state: "LupinState", attacker: str, defender: str, ev: list[Event]) -> bool:
    """The disguised agent's counter-attack (a partner missed him hand to hand): he reveals himself
    on the spot instead of striking."""
    c = _wearer(state, attacker)
    if c is None:
        return False
    _reveal(state, c, ev, "attack")
    return True


@hooks.ELIMINATING.register
def _agent_hit(state: "LupinState", fid: str, by: str | None, ev: list[Event]) -> bool:
    """Whatever would eliminate the disguised agent (a shot, a blade, a grenade, a trap) unmasks
    the member instead: he stands on the agent's square, shown and unhurt; no kill is counted."""
    c = _wearer(state, fid)
    if c is None:
        return False
    _reveal(state, c, ev, "hit", by=by)
    return True


@hooks.HOLDING.register
def _agent_would_hold(state: "LupinState", agent: str, ev: list[Event]) -> bool:
    c = _wearer(state, agent)
    if c is None:
        return False
    _reveal(state, c, ev, "arrest")
    return True


@hooks.GANG_PHASE.register
def _visible_from_now(state: "LupinState", ev: list[Event]) -> None:
    """Novice play from round 6: the gang is always on the board, so a disguise ends there."""
    from game.lupin.rules.vehicles import all_visible
    if not all_visible(state):
        return
    for c in state.gang:
        if disguised_as(state, c) is not None:
            _reveal(state, c, ev, "visible")

