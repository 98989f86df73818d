"""The Lupin catalogue: the device tiles and the mission cards, typed and checked at load.

``data/lupin/devices.yaml`` holds the 40 device tiles of the base box and the 5 of the expansion
(with the shopping budgets and the vehicles handed out free); ``data/lupin/missions.yaml`` holds the
60 base mission cards, the expansion's 20 and its 5 special cards. Both load with
:func:`game.engine.content.load_typed` into the frozen dataclasses below, so a content mistake is a
:class:`ContentError` naming the file, the line and the field.

Effects are not code here: every device and card names its ``effect`` (a key the rules resolve to a
function later) and gives typed ``params``. The allowed names are :data:`DEVICE_EFFECT_NAMES` and
:data:`CARD_EFFECT_NAMES`, each with the dataclass its ``params`` must fit (:data:`DEVICE_EFFECTS`,
:data:`CARD_EFFECTS`); an unknown name or a parameter that does not fit is a load error.

Queries: :func:`catalog` (cached), :func:`device`, :func:`card`, :func:`devices_for`,
:func:`deck_for`, :func:`special_for`, :func:`budget_for`, :func:`grants_for`, and
:func:`catalog_json` for a command that prints the catalogue of one episode.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from game.engine import resources
from game.engine.content import ContentError, LList, LMap, convert, load_typed, load_yaml, register_checker

DEVICES_FILE = ("lupin", "devices.yaml")
MISSIONS_FILE = ("lupin", "missions.yaml")

EpisodeId = Literal["rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"]
Variant = Literal["coop", "all-vs-all"]
Box = Literal["base", "expansion"]
Member = Literal["lupin", "jigen", "goemon", "fujiko"]
Owner = Literal["lupin", "jigen", "goemon", "fujiko", "zenigata"]

EPISODES: tuple[str, ...] = get_args(EpisodeId)
VARIANTS: tuple[str, ...] = get_args(Variant)
MEMBERS: tuple[str, ...] = get_args(Member)
OWNERS: tuple[str, ...] = get_args(Owner)
LANGS = ("it", "en")

#: What the rulebooks print: 40 base tiles, 5 expansion tiles; 15 base cards per gang member,
#: 5 expansion cards per gang member, one special card per figurine.
DEVICE_TOTALS = {"base": 40, "expansion": 5}
BASE_DECK = 15
EXPANSION_DECK = 5

_ID = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def _ref(kind: str) -> Any:
    """Mark a params field whose values name another device or card (checked across the files)."""
    return {"ref": kind}


# ============================================================================ shared pieces

@dataclass(frozen=True)
class Text:
    """A text in both languages."""

    it: str
    en: str

    def validate(self) -> None:
        for lang in LANGS:
            if not getattr(self, lang).strip():
                raise ValueError(f"the '{lang}' text is empty (every text needs Italian and English)")

    def get(self, lang: str) -> str:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
        return getattr(self, lang)


def _check_id(value: str) -> None:
    if not _ID.match(value):
        raise ValueError(f"the id {value!r} must be snake_case (lower-case letters, digits, '_')")


# ============================================================================ device effects

@dataclass(frozen=True, kw_only=True)
class VehicleParams:
    """A vehicle: how far, how many aboard (driver included; None = the whole gang), where."""

    move_squares: int | None            # None: no limit (helicopter, boat between docks)
    capacity: int | None                # characters aboard, driver included; None: the whole gang
    terrain: Literal["road", "road_dirt_stairs_down", "water", "air"]
    hits_to_destroy: int
    hit_roll: int | None                # a hit needs 2 dice >= this
    flight_immune: bool = False         # cannot be hit while flying
    replaces_movement: bool = True      # the driver's move is the vehicle's
    enters_flooded: bool = False        # may enter the Cagliostro flooded zones
    dock_to_dock: bool = False          # moves between docks only (the boat)
    no_landing: tuple[Literal["roof", "water"], ...] = ()
    no_landing_columns: tuple[int, ...] = ()   # first and last column of a band it may not land in
    home: Literal["helipad"] | None = None     # where it is taken and brought back

    def validate(self) -> None:
        if self.move_squares is not None and self.move_squares < 1:
            raise ValueError("move_squares must be at least 1 (or left empty for no limit)")
        if self.capacity is not None and self.capacity < 1:
            raise ValueError("capacity must be at least 1 (or left empty for the whole gang)")
        if self.hits_to_destroy < 1:
            raise ValueError("hits_to_destroy must be at least 1")
        if self.hit_roll is not None and not 2 <= self.hit_roll <= 12:
            raise ValueError("hit_roll is a 2-dice total: 2 to 12")
        if self.no_landing_columns and len(self.no_landing_columns) != 2:
            raise ValueError("no_landing_columns is a band: [first column, last column]")


@dataclass(frozen=True, kw_only=True)
class DrainParams(VehicleParams):
    """The tank lorry: a vehicle that pumps a flooded zone dry."""

    drain_rounds: int
    zones: int = 1
    driver_locked: bool = True          # the driver cannot get out while it pumps


@dataclass(frozen=True, kw_only=True)
class GlideParams:
    max_rounds: int
    max_buildings: int
    takeoff: Literal["roof"]
    landings: tuple[Literal["ground", "lower_adjacent_roof"], ...]
    flight_immune: bool


@dataclass(frozen=True, kw_only=True)
class CarryParams:
    capacity: int                       # devices carried instead of 2 (the rucksack not counted)


@dataclass(frozen=True, kw_only=True)
class RadioParams:
    talk_seconds: int
    talks_per_round: int = 1
    zenigata_leaves_table: bool = True


@dataclass(frozen=True, kw_only=True)
class GrenadeParams:
    range_squares: int
    area: Literal["target_and_8_neighbours"]
    same_level_only: bool
    harms_gang: bool


@dataclass(frozen=True, kw_only=True)
class HealParams:
    target: Literal["self_or_adjacent"]
    heals: Literal["all"]


@dataclass(frozen=True, kw_only=True)
class WeaponParams:
    """A thrown knife or a gun: 2 dice + the skill >= target_roll eliminates an agent."""

    range_squares: int
    skill: Literal["pistol", "rifle", "knife"]
    target_roll: int
    usable_in_melee: bool = False
    not_usable_by: tuple[Member, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TrapParams:
    dig_on: Literal["crossed_square"]
    catches: tuple[Literal["agent", "police_car", "character_after_betrayal"], ...]
    marker_left: bool


@dataclass(frozen=True, kw_only=True)
class DecoyParams:
    hidden_squares: int                 # vanish into one of the first N free hidden squares
    novice_move: Literal["movement"]    # always-visible play: move away up to one's movement


@dataclass(frozen=True, kw_only=True)
class SwimParams:
    terrains: tuple[Literal["water", "flooded"], ...]
    movement_delta: int


#: Device effect name -> the dataclass its params must fit.
DEVICE_EFFECTS: dict[str, type] = {
    "drive": VehicleParams,
    "fly": VehicleParams,
    "sail_docks": VehicleParams,
    "drain": DrainParams,
    "glide": GlideParams,
    "carry": CarryParams,
    "radio": RadioParams,
    "grenade": GrenadeParams,
    "heal": HealParams,
    "throw_knife": WeaponParams,
    "shoot": WeaponParams,
    "trap": TrapParams,
    "decoy": DecoyParams,
    "swim": SwimParams,
}
DEVICE_EFFECT_NAMES: frozenset[str] = frozenset(DEVICE_EFFECTS)


# ============================================================================ card effects

@dataclass(frozen=True, kw_only=True)
class NoParams:
    pass


@dataclass(frozen=True, kw_only=True)
class AutoHitParams:
    """A sure hit without dice."""

    attack: Literal["gun", "melee", "knife_throw"]
    targets: int = 1
    range_squares: int | None = None    # None: the weapon's own range
    unlimited_range: bool = False
    visible_targets_only: bool = False
    needs_device: str | None = field(default=None, metadata=_ref("device"))
    discards_device: bool = False
    reveals_self: bool = False          # the card's user stays visible to the end


@dataclass(frozen=True, kw_only=True)
class SkillOverrideParams:
    skill: Literal["pistol", "rifle", "knife", "melee"]
    value: int


@dataclass(frozen=True, kw_only=True)
class LoseShotParams:
    rounds: int


@dataclass(frozen=True, kw_only=True)
class CoverParams:
    partner: Member
    rounds: int


@dataclass(frozen=True, kw_only=True)
class ExtraShotParams:
    extra_shots: int


@dataclass(frozen=True, kw_only=True)
class DisguiseParams:
    within_squares: int
    measure: Literal["range", "movement"]   # as a gun's range, or as a walk
    reveal_if_agent_shoots: bool
    hide_within: Literal["movement"]


@dataclass(frozen=True, kw_only=True)
class CharmParams:
    options: tuple[Literal["choose_devices", "take_treasure"], ...]
    moves_first_after_treasure: bool


@dataclass(frozen=True, kw_only=True)
class BetrayalParams:
    budget: int
    sole_winner: bool


@dataclass(frozen=True, kw_only=True)
class DashParams:
    vehicles: tuple[str, ...] = field(metadata=_ref("device"))
    must_be_aboard: bool
    destination: Literal["any_square_it_may_stand_on"]


@dataclass(frozen=True, kw_only=True)
class InfiltrateParams:
    immune_to: Literal["agents"]
    break_roll: tuple[int, ...]         # faces of 1 die that break the spell


@dataclass(frozen=True, kw_only=True)
class RescueParams:
    announce_arrests: bool


@dataclass(frozen=True, kw_only=True)
class PairedAttackParams:
    partner: Member
    max_distance: int
    attacks_per_round: int
    both_visible: bool


@dataclass(frozen=True, kw_only=True)
class LeapParams:
    routes: tuple[Literal["ground_to_roof", "roof_to_nearby_roof", "between_levels"], ...]
    ignore_heights: bool
    land_within: Literal["movement"]


@dataclass(frozen=True, kw_only=True)
class SkipRoundParams:
    no_move: bool
    no_attack: bool
    when: Literal["next_turn", "this_or_next"]
    only_if_driving: tuple[str, ...] = field(default=(), metadata=_ref("device"))


@dataclass(frozen=True, kw_only=True)
class DistractionParams:
    trigger: Literal["fujiko_not_visible"]
    movement: Literal["half_round_down"]
    no_shot: bool
    reveal_rounds: int


@dataclass(frozen=True, kw_only=True)
class PairedMoveParams:
    partner: Member
    max_distance: int
    movement_multiplier: int
    both_visible: bool
    partner_moves_along: bool


@dataclass(frozen=True, kw_only=True)
class ExtraBudgetParams:
    amount: int


@dataclass(frozen=True, kw_only=True)
class EscapeArrestParams:
    clears_wounds: bool


@dataclass(frozen=True, kw_only=True)
class CancelCardParams:
    cancels: str = field(metadata=_ref("card"))
    pass_to: Member


@dataclass(frozen=True, kw_only=True)
class LoseDeviceParams:
    which: Literal["most_expensive"]
    source: Literal["backpack"]
    ties: Literal["owner_chooses"]


@dataclass(frozen=True, kw_only=True)
class PeekParams:
    target: Member
    cards: int
    forces_betrayal_with: str = field(metadata=_ref("card"))


@dataclass(frozen=True, kw_only=True)
class CancelWoundParams:
    cause: Literal["gunshot"]
    within: Literal["same_round"]


@dataclass(frozen=True, kw_only=True)
class RenounceParams:
    drop_on_square: bool
    announce_square: bool


@dataclass(frozen=True, kw_only=True)
class SidePoliceParams:
    reveal_when: tuple[Literal["wounded_by_police", "drawn_while_arrested"], ...]
    clears_wounds_on_reveal: bool
    visible_after_reveal: bool


@dataclass(frozen=True, kw_only=True)
class SearchDeckParams:
    look: int
    keep: int
    rest_to: Literal["bottom"]


@dataclass(frozen=True, kw_only=True)
class ZantetsuStrikeParams:
    reach: Literal["adjacent"]
    zenigata_wounds: int
    cuts_police_cars: bool
    reveals_self: bool


@dataclass(frozen=True, kw_only=True)
class LoveParams:
    movement_bonus: int
    pull_partner: Member
    heal_partner: bool
    reveals_self: bool


@dataclass(frozen=True, kw_only=True)
class RevealGangParams:
    rounds: int


#: Card effect name -> the dataclass its params must fit.
CARD_EFFECTS: dict[str, type] = {
    "auto_hit": AutoHitParams,
    "skill_override": SkillOverrideParams,
    "lose_shot": LoseShotParams,
    "cover_partner": CoverParams,
    "extra_shot": ExtraShotParams,
    "disguise": DisguiseParams,
    "fujiko_charm": CharmParams,
    "betrayal": BetrayalParams,
    "repent": NoParams,
    "vehicle_dash": DashParams,
    "infiltrate": InfiltrateParams,
    "must_rescue": RescueParams,
    "paired_attacks": PairedAttackParams,
    "leap": LeapParams,
    "unseen_move": NoParams,
    "skip_round": SkipRoundParams,
    "fujiko_distraction": DistractionParams,
    "paired_move": PairedMoveParams,
    "extra_budget": ExtraBudgetParams,
    "escape_arrest": EscapeArrestParams,
    "cancel_card": CancelCardParams,
    "lose_device": LoseDeviceParams,
    "peek_card": PeekParams,
    "cancel_wound": CancelWoundParams,
    "renounce_treasure": RenounceParams,
    "side_with_police": SidePoliceParams,
    "search_deck": SearchDeckParams,
    "zantetsu_strike": ZantetsuStrikeParams,
    "fujiko_love": LoveParams,
    "reveal_gang": RevealGangParams,
}
CARD_EFFECT_NAMES: frozenset[str] = frozenset(CARD_EFFECTS)

Timing = Literal["on_draw", "planning", "movement_phase", "before_shot", "after_shot", "on_attack",
                 "on_hit", "when_arrested", "any_time", "police_phase"]
TIMINGS: tuple[str, ...] = get_args(Timing)


class _EffectName(str):
    """A string checked against an effect registry when the YAML is loaded."""

    registry: dict[str, type] = {}
    what = "effect"

    @classmethod
    def from_content(cls, value: Any) -> "_EffectName":
        if not isinstance(value, str):
            raise ValueError(f"expected the name of an {cls.what}, got {value!r}")
        if value not in cls.registry:
            raise ValueError(f"unknown {cls.what} {value!r}; expected one of: "
                             + ", ".join(sorted(cls.registry)))
        return cls(value)


class DeviceEffect(_EffectName):
    registry = DEVICE_EFFECTS
    what = "device effect"


class CardEffect(_EffectName):
    registry = CARD_EFFECTS
    what = "card effect"


# ============================================================================ devices

@dataclass(frozen=True)
class Price:
    """Prices are not printed on the tiles in the texts: each is designed, with its reason."""

    amount: int
    designed: bool
    designed_note: str

    def validate(self) -> None:
        if self.amount <= 0:
            raise ValueError("a price must be more than 0")
        if self.amount % 50:
            raise ValueError("a price must be a multiple of 50$")
        if self.designed and not self.designed_note.strip():
            raise ValueError("a designed price needs a designed_note (one line of reasoning)")


@dataclass(frozen=True)
class Carry:
    fits_backpack: bool                 # may be carried in the rucksack
    counts_toward_limit: bool           # counts toward the 2 devices (5 with a rucksack)
    max_per_character: int | None = None

    def validate(self) -> None:
        if self.max_per_character is not None and self.max_per_character < 1:
            raise ValueError("max_per_character must be at least 1")


@dataclass(frozen=True)
class Grant:
    """A tile handed out free at the start (not bought)."""

    to: Literal["fujiko", "gang"]
    count: int
    episodes: tuple[EpisodeId, ...]
    note: str
    variants: tuple[Variant, ...] = VARIANTS
    designed: bool = False

    def validate(self) -> None:
        if self.count < 1:
            raise ValueError("a grant gives at least 1 tile")
        if not self.note.strip():
            raise ValueError("a grant needs a note saying where the rulebook gives it")


@dataclass(frozen=True)
class Device:
    id: str
    box: Box
    count: int
    kind: Literal["vehicle", "weapon", "gear"]
    name: Text
    text: Text
    price: Price
    episodes: tuple[EpisodeId, ...]
    carry: Carry
    uses: Literal["single", "multi"]
    effect: DeviceEffect
    params: Any = None                  # after loading: an instance of DEVICE_EFFECTS[effect]
    variants_excluded: tuple[Variant, ...] = ()
    granted: tuple[Grant, ...] = ()
    reading: str | None = None          # how an unclear rule text was read

    def validate(self) -> None:
        _check_id(self.id)
        if self.count < 1:
            raise ValueError("count must be at least 1")
        if not self.episodes:
            raise ValueError("episodes: name at least one episode where the tile may be bought")
        if len(set(self.episodes)) != len(self.episodes):
            raise ValueError("episodes: an episode is listed twice")
        if sum(g.count for g in self.granted) > self.count:
            raise ValueError("granted: more tiles handed out than the tile's count")

    def available(self, episode: str, variant: str = "coop") -> bool:
        return episode in self.episodes and variant not in self.variants_excluded


@dataclass(frozen=True)
class Budget:
    episodes: tuple[EpisodeId, ...]
    variant: Variant
    buyer: Literal["gang", "fujiko", "each"]
    amount: int
    note: str
    designed: bool = False

    def validate(self) -> None:
        if self.amount <= 0:
            raise ValueError("a budget must be more than 0")
        if not self.note.strip():
            raise ValueError("a budget needs a note saying where the rulebook gives it")


@dataclass(frozen=True)
class DeviceFile:
    devices: tuple[Device, ...]
    budgets: tuple[Budget, ...]

    def validate(self) -> None:
        ids = [d.id for d in self.devices]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"two devices share the id {dup[0]!r}")
        for box, total in DEVICE_TOTALS.items():
            n = sum(d.count for d in self.devices if d.box == box)
            if n != total:
                raise ValueError(f"the {box} box's device tiles add up to {n}; the rulebook has {total}")
        seen = set()
        for b in self.budgets:
            for ep in b.episodes:
                key = (ep, b.variant, b.buyer)
                if key in seen:
                    raise ValueError(f"two budgets for {b.buyer} in {ep} ({b.variant})")
                seen.add(key)


# ============================================================================ mission cards

DiscardWhen = Literal[
    "few_players",                # a 2- or 3-player game
    "from_round",                 # drawn in round `round` or later
    "drawn_at_setup",             # among the 2 cards drawn at the start
    "drawn_after_setup",          # drawn during the game
    "in_episode",                 # always, in the episodes listed
    "not_driving",                # the owner is not driving one of `devices`
    "no_backpack",                # the owner has no rucksack
    "fujiko_visible_when_drawn",
    "fujiko_not_in_game",
    "rival_card_first",           # one of `cards` was drawn earlier in the game
    "novice_level",
]


@dataclass(frozen=True)
class DiscardIf:
    """A condition that makes a drawn card void: it is discarded (never replaced by another)."""

    when: DiscardWhen
    episodes: tuple[EpisodeId, ...] | None = None   # the condition holds only in these episodes
    round: int | None = None
    cards: tuple[str, ...] = field(default=(), metadata=_ref("card"))
    devices: tuple[str, ...] = field(default=(), metadata=_ref("device"))
    reveal: bool = False                            # show it to the gang when discarding

    def validate(self) -> None:
        if (self.when == "from_round") != (self.round is not None):
            raise ValueError("'round' goes with 'when: from_round' and only with it")
        if self.when == "in_episode" and not self.episodes:
            raise ValueError("'when: in_episode' needs the episodes")
        if (self.when == "rival_card_first") != bool(self.cards):
            raise ValueError("'cards' goes with 'when: rival_card_first' and only with it")
        if (self.when == "not_driving") != bool(self.devices):
            raise ValueError("'devices' goes with 'when: not_driving' and only with it")

    def applies_in(self, episode: str) -> bool:
        return self.episodes is None or episode in self.episodes


@dataclass(frozen=True)
class MissionCard:
    id: str
    box: Box
    owner: Owner
    count: int
    name: Text
    text: Text
    timing: Timing
    forced: bool                        # must be played at once / at the first chance
    duration: Literal["once", "rest_of_game", "until_condition"]
    effect: CardEffect
    params: Any = None                  # after loading: an instance of CARD_EFFECTS[effect]
    special: bool = False               # a special card: dealt to its owner's hand, not in the deck
    discard_if: tuple[DiscardIf, ...] = ()
    episode_effects: dict[EpisodeId, CardEffect] = field(default_factory=dict)
    variants_excluded: tuple[Variant, ...] = ()
    all_vs_all_penalty: int | None = None       # points lost if still in hand at the end
    all_vs_all_penalty_note: str | None = None
    reading: str | None = None          # how an unclear rule text was read

    def validate(self) -> None:
        _check_id(self.id)
        if self.count < 1:
            raise ValueError("count must be at least 1")
        if self.special and (self.box != "expansion" or self.count != 1):
            raise ValueError("a special card is an expansion card with count 1")
        if self.owner == "zenigata" and not self.special:
            raise ValueError("Zenigata has no mission deck: only his special card")
        if self.all_vs_all_penalty is not None:
            if self.all_vs_all_penalty <= 0:
                raise ValueError("all_vs_all_penalty is the number of points lost: more than 0")
            if not (self.all_vs_all_penalty_note or "").strip():
                raise ValueError("all_vs_all_penalty needs all_vs_all_penalty_note (the reading chosen)")

    def effect_in(self, episode: str) -> str:
        """The effect key in ``episode`` (a card may work differently in one episode)."""
        return self.episode_effects.get(episode, self.effect)

    def void_in(self, episode: str) -> bool:
        """True when the card is always discarded in ``episode`` (it has no effect there)."""
        return any(d.when == "in_episode" and d.applies_in(episode) for d in self.discard_if)


@dataclass(frozen=True)
class MissionFile:
    cards: tuple[MissionCard, ...]

    def validate(self) -> None:
        ids = [c.id for c in self.cards]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"two cards share the id {dup[0]!r}")
        for box, size in (("base", BASE_DECK), ("expansion", EXPANSION_DECK)):
            for member in MEMBERS:
                n = sum(c.count for c in self.cards
                        if c.box == box and c.owner == member and not c.special)
                if n != size:
                    raise ValueError(f"{member}'s {box} mission cards add up to {n}; "
                                     f"the rulebook has {size}")
        for owner in OWNERS:
            n = sum(c.count for c in self.cards if c.special and c.owner == owner)
            if n != 1:
                raise ValueError(f"{owner} has {n} special cards; the expansion has one per figurine")


# ============================================================================ the catalogue

@dataclass(frozen=True)
class Catalog:
    devices: dict[str, Device]
    cards: dict[str, MissionCard]
    budgets: tuple[Budget, ...]
    episode_boxes: dict[str, str]

    # ---------------------------------------------------------------- look-ups
    def device(self, device_id: str) -> Device:
        if device_id not in self.devices:
            raise KeyError(f"no Lupin device {device_id!r}; the devices are: {', '.join(self.devices)}")
        return self.devices[device_id]

    def card(self, card_id: str) -> MissionCard:
        if card_id not in self.cards:
            raise KeyError(f"no Lupin mission card {card_id!r}")
        return self.cards[card_id]

    def _check(self, episode: str, variant: str) -> str:
        if episode not in self.episode_boxes:
            raise ValueError(f"no Lupin episode {episode!r}; the episodes are: "
                             f"{', '.join(self.episode_boxes)}")
        if variant not in VARIANTS:
            raise ValueError(f"no variant {variant!r}; expected one of: {', '.join(VARIANTS)}")
        box = self.episode_boxes[episode]
        if variant == "all-vs-all" and box != "base":
            raise ValueError("the all-against-all variant is played only in the base episodes "
                             "(the expansion says not to use it)")
        return box

    # ---------------------------------------------------------------- devices
    def devices_for(self, episode: str, variant: str = "coop") -> list[Device]:
        """The device tiles in play in ``episode`` under ``variant`` (the data's order)."""
        self._check(episode, variant)
        return [d for d in self.devices.values() if d.available(episode, variant)]

    def grants_for(self, episode: str, variant: str = "coop") -> list[tuple[str, str, int]]:
        """``(device id, to, count)`` of the tiles handed out free at the start."""
        self._check(episode, variant)
        return [(d.id, g.to, g.count) for d in self.devices_for(episode, variant)
                for g in d.granted if episode in g.episodes and variant in g.variants]

    def shop_for(self, episode: str, variant: str = "coop") -> dict[str, int]:
        """Device id -> how many tiles may be bought (the count less the free ones)."""
        free: dict[str, int] = {}
        for did, _to, n in self.grants_for(episode, variant):
            free[did] = free.get(did, 0) + n
        return {d.id: d.count - free.get(d.id, 0) for d in self.devices_for(episode, variant)
                if d.count - free.get(d.id, 0) > 0}

    def budget_for(self, episode: str, variant: str = "coop") -> dict[str, int]:
        """Buyer ('gang', 'fujiko' or 'each') -> dollars to spend at the start."""
        self._check(episode, variant)
        return {b.buyer: b.amount for b in self.budgets if episode in b.episodes and b.variant == variant}

    # ---------------------------------------------------------------- cards
    def deck_for(self, owner: str, episode: str, variant: str = "coop", *,
                 include_expansion: bool | None = None) -> list[str]:
        """The mission deck of ``owner``: card ids repeated by count, in the data's order.

        Base episodes use the base cards, expansion episodes the base and the expansion cards
        (``include_expansion`` overrides that). Special cards are not in a deck (see
        :meth:`special_for`); cards the variant removes are left out. Cards that are merely void
        in an episode stay in the deck: the rulebook has them drawn and discarded.
        """
        box = self._check(episode, variant)
        if owner not in OWNERS:
            raise ValueError(f"no Lupin figure {owner!r}; expected one of: {', '.join(OWNERS)}")
        if include_expansion is None:
            include_expansion = box == "expansion"
        boxes = ("base", "expansion") if include_expansion else ("base",)
        out: list[str] = []
        for c in self.cards.values():
            if c.owner == owner and not c.special and c.box in boxes and variant not in c.variants_excluded:
                out.extend([c.id] * c.count)
        return out

    def special_for(self, owner: str, episode: str, variant: str = "coop", *,
                    include_expansion: bool | None = None) -> str | None:
        """The special card dealt to ``owner`` at the start (expansion episodes), or None."""
        box = self._check(episode, variant)
        if include_expansion is None:
            include_expansion = box == "expansion"
        if not include_expansion:
            return None
        return next((c.id for c in self.cards.values() if c.special and c.owner == owner), None)


def _data_path(parts: tuple[str, str], root: Path | None) -> Path:
    return resources.data_dir(root).joinpath(*parts)


def devices_path(root: Path | None = None) -> Path:
    return _data_path(DEVICES_FILE, root)


def missions_path(root: Path | None = None) -> Path:
    return _data_path(MISSIONS_FILE, root)


class _Ctx:
    """What :func:`game.engine.content.convert` needs: a file to name in its errors."""

    def __init__(self, file: Path):
        self.file = file

    def fail(self, line: int | None, field_name: str, message: str):
        raise ContentError(self.file, line, field_name or None, message)


def _line(node: Any, *keys: Any) -> int | None:
    """The line of ``node[k1][k2]...`` in a parsed file (the deepest one known)."""
    line = node.line if isinstance(node, (LMap, LList)) else None
    for key in keys:
        if isinstance(node, LMap) and key in node:
            line = node.line_of(key)
            node = node[key]
        elif isinstance(node, LList) and isinstance(key, int) and 0 <= key < len(node):
            line = node.line_of(key)
            node = node[key]
        else:
            break
    return line


def _typed_params(path: Path, raw: Any, section: str, items: tuple, registry: dict[str, type]) -> tuple:
    """Each item's ``params`` converted to its effect's dataclass, or a ContentError."""
    ctx = _Ctx(path)
    out = []
    for i, item in enumerate(items):
        where = f"{section}[{i}].params"
        value = item.params if item.params is not None else {}
        params = convert(value, registry[item.effect], ctx, _line(raw, section, i, "params"), where)
        out.append(dataclasses.replace(item, params=params))
    return tuple(out)


def _refs(obj: Any, where: str) -> list[tuple[str, str, str]]:
    """``(kind, id, field path)`` of every reference to a device or a card inside ``obj``."""
    found = []
    if not dataclasses.is_dataclass(obj):
        return found
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        kind = f.metadata.get("ref")
        if kind and value:
            values = value if isinstance(value, tuple) else (value,)
            for j, v in enumerate(values):
                sub = f"{where}.{f.name}" + (f"[{j}]" if isinstance(value, tuple) else "")
                found.append((kind, v, sub))
    return found


def _cross_check(dpath: Path, draw: Any, devices: tuple[Device, ...],
                 mpath: Path, mraw: Any, cards: tuple[MissionCard, ...]) -> None:
    device_ids = {d.id for d in devices}
    card_ids = {c.id for c in cards}
    known = {"device": device_ids, "card": card_ids}
    for i, c in enumerate(cards):
        refs = _refs(c.params, "params")
        for j, d in enumerate(c.discard_if):
            refs += _refs(d, f"discard_if[{j}]")
        for kind, value, sub in refs:
            if value not in known[kind]:
                keys = [k for k in re.split(r"[.\[\]]+", sub) if k]
                keys = [int(k) if k.isdigit() else k for k in keys]
                raise ContentError(mpath, _line(mraw, "cards", i, *keys), f"cards[{i}].{sub}",
                                   f"no {kind} {value!r} in the catalogue")
        for ep, effect in c.episode_effects.items():
            try:
                CARD_EFFECTS[effect]()
            except TypeError:
                raise ContentError(mpath, _line(mraw, "cards", i, "episode_effects", ep),
                                   f"cards[{i}].episode_effects.{ep}",
                                   f"the effect {effect!r} needs params, which an episode override "
                                   "cannot give") from None


def load_catalog(root: Path | None = None) -> Catalog:
    """Load and check both files (uncached: :func:`catalog` caches)."""
    from game.lupin.rules.boards import episodes

    dpath, mpath = devices_path(root), missions_path(root)
    dfile = load_typed(dpath, DeviceFile)
    mfile = load_typed(mpath, MissionFile)
    draw, mraw = load_yaml(dpath), load_yaml(mpath)
    devices = _typed_params(dpath, draw, "devices", dfile.devices, DEVICE_EFFECTS)
    cards = _typed_params(mpath, mraw, "cards", mfile.cards, CARD_EFFECTS)
    _cross_check(dpath, draw, devices, mpath, mraw, cards)
    boxes = {e.id: e.box for e in episodes(root).values()}
    return Catalog(devices={d.id: d for d in devices}, cards={c.id: c for c in cards},
                   budgets=dfile.budgets, episode_boxes=boxes)


@functools.lru_cache(maxsize=4)
def _cached(root: Path | None) -> Catalog:
    return load_catalog(root)


def catalog(root: Path | None = None) -> Catalog:
    """The catalogue of the installed content (or of ``root``), loaded once."""
    return _cached(root)


def device(device_id: str) -> Device:
    return catalog().device(device_id)


def card(card_id: str) -> MissionCard:
    return catalog().card(card_id)


def devices_for(episode: str, variant: str = "coop") -> list[Device]:
    return catalog().devices_for(episode, variant)


def deck_for(owner: str, episode: str, variant: str = "coop", *,
             include_expansion: bool | None = None) -> list[str]:
    return catalog().deck_for(owner, episode, variant, include_expansion=include_expansion)


def special_for(owner: str, episode: str, variant: str = "coop") -> str | None:
    return catalog().special_for(owner, episode, variant)


def budget_for(episode: str, variant: str = "coop") -> dict[str, int]:
    return catalog().budget_for(episode, variant)


def grants_for(episode: str, variant: str = "coop") -> list[tuple[str, str, int]]:
    return catalog().grants_for(episode, variant)


# ============================================================================ JSON for the CLI

def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, str):
        return str(value)
    return value


def catalog_json(episode: str, lang: str = "en", variant: str = "coop",
                 root: Path | None = None) -> dict:
    """Everything one episode uses, in one language, ready for ``json.dumps``."""
    cat = catalog(root)
    cat._check(episode, variant)
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    shop = cat.shop_for(episode, variant)

    def device_json(d: Device) -> dict:
        return {
            "id": d.id, "name": d.name.get(lang), "text": d.text.get(lang), "kind": d.kind,
            "count": d.count, "for_sale": shop.get(d.id, 0), "price": d.price.amount,
            "price_designed": d.price.designed, "price_note": d.price.designed_note,
            "uses": d.uses, "carry": _plain(d.carry), "effect": str(d.effect), "params": _plain(d.params),
        }

    def card_json(c: MissionCard, count: int) -> dict:
        out = {
            "id": c.id, "name": c.name.get(lang), "text": c.text.get(lang), "count": count,
            "box": c.box, "timing": c.timing, "forced": c.forced, "duration": c.duration,
            "effect": c.effect_in(episode), "params": _plain(c.params),
            "void_here": c.void_in(episode),
            "discard_if": [_plain(d) for d in c.discard_if if d.applies_in(episode)],
        }
        if variant == "all-vs-all" and c.all_vs_all_penalty:
            out["all_vs_all_penalty"] = c.all_vs_all_penalty
        return out

    decks = {}
    for owner in MEMBERS:
        ids = cat.deck_for(owner, episode, variant)
        counts: dict[str, int] = {}
        for cid in ids:
            counts[cid] = counts.get(cid, 0) + 1
        decks[owner] = {"size": len(ids), "cards": [card_json(cat.card(cid), n) for cid, n in counts.items()]}
    specials = {}
    for owner in OWNERS:
        sid = cat.special_for(owner, episode, variant)
        if sid:
            specials[owner] = card_json(cat.card(sid), 1)
    return {
        "episode": episode, "variant": variant, "lang": lang,
        "budgets": cat.budget_for(episode, variant),
        "granted": [{"device": d, "to": to, "count": n} for d, to, n in cat.grants_for(episode, variant)],
        "devices": [device_json(d) for d in cat.devices_for(episode, variant)],
        "decks": decks,
        "specials": specials,
    }


# ============================================================================ check-data

@register_checker("lupin-catalog")
def check_lupin_catalog(root: Path) -> list[ContentError]:
    """Both files load and check; every episode they name exists in episodes.yaml and back."""
    from game.lupin.rules.boards import EpisodeFile, episodes_path

    try:
        cat = load_catalog(root)
    except ContentError as exc:
        return [exc]
    problems: list[ContentError] = []
    try:
        known = {e.id for e in load_typed(episodes_path(root), EpisodeFile).episodes}
    except ContentError:
        return problems         # the lupin-boards checker reports it
    for missing in sorted(set(EPISODES) - known):
        problems.append(ContentError(episodes_path(root), None, "episodes",
                                     f"the catalogue knows the episode {missing!r}, which this file lacks"))
    for extra in sorted(known - set(EPISODES)):
        problems.append(ContentError(devices_path(root), None, "episodes",
                                     f"the episode {extra!r} is not known to the catalogue "
                                     "(add it to EpisodeId in game/lupin/rules/catalog.py)"))
    for ep in sorted(known & set(EPISODES)):
        for variant in VARIANTS:
            if variant == "all-vs-all" and cat.episode_boxes.get(ep) != "base":
                continue
            budget = cat.budget_for(ep, variant)
            if not budget:
                problems.append(ContentError(devices_path(root), None, "budgets",
                                             f"no budget for {ep} ({variant})"))
    return problems
