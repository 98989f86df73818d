"""The Lupin catalogue: device tiles and mission cards, with the rulebooks' counts.

docs/rules-decisions.md ("Lupin — devices and mission cards") says how the unclear bits were read (the penalty table, "Paparino Zazà?"
x1 or x2, the designed prices).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game.engine.content import CHECKERS, ContentError
from game.lupin.rules import catalog as C

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data" / "lupin"

# The rulebooks' counts, tile by tile and card by card.
BASE_DEVICES = {"helicopter": 1, "alfa_romeo_2300": 1, "sport_motorbike": 2, "fiat_500": 1,
                "hang_glider": 4, "backpack": 4, "radio": 4, "hand_grenade": 5, "medical_kit": 3,
                "knife": 6, "shovel": 4, "decoy_balloon": 2, "rifle": 2, "boat": 1}
EXPANSION_DEVICES = {"wetsuit": 2, "jeep": 1, "tank_lorry": 1, "rowboat": 1}
BASE_CARDS = {
    "jigen": {"Mira infallibile!": 2, "Mi si è mosso il cappello!": 1, "Vai Lupin, ti copro io!": 2,
              "Dannazione, ho finito i proiettili!": 2, "Mi accendo una sigaretta...": 1,
              "Forse ho bevuto troppo!": 2, "Doppio centro!": 3, "Doppia Magnum": 1,
              "Travestimento perfetto": 1},
    "fujiko": {"Oh, mio caro Lupin...": 2, "Perdonami Lupin...": 4, "Fuga in moto": 2,
               "Coltello nascosto!": 5, "Infiltrata molto speciale": 2},
    "goemon": {"L'invincibile Zantetsu!": 3, "Nessuno resta indietro!": 2, "In coppia con Jigen": 2,
               "In coppia con Lupin": 1, "La lama della giustizia!": 2, "Balzo incredibile": 2,
               "Come il vento che soffia": 2, "È ora di pregare": 1},
    "lupin": {"Lasciatemi pensare!": 1, "La mia fidata P38!": 2, "Mia adorata Fujiko...": 2,
              "Travestimento perfetto": 6, "Eccomi da te tesoro!!!": 2, "A tavoletta!": 2},
}
EXPANSION_CARDS = {
    "lupin": {"Per dindirindina!!!": 2, "Un piano perfetto!": 1, "Paparino Zazà?": 2},
    "jigen": {"Lupin, lascia perdere quella donna!": 2, "Che diavolo! Ho un buco nello zaino!!!": 2,
              "Dimostraci la tua lealtà Fujiko!": 1},
    "goemon": {"I proiettili non possono nulla": 3, "Il tesoro non mi interessa": 2},
    "fujiko": {"Voglio riscattarmi con la giustizia!": 1, "Pistola nascosta!": 4},
}
SPECIALS = {"lupin": "Magician Lupin", "jigen": "Amazing shot", "goemon": "Amazing zantetsu",
            "fujiko": "Lupin I love you", "zenigata": "You will not escape!!!"}


@pytest.fixture(scope="module")
def cat() -> C.Catalog:
    return C.catalog()


def _cards(cat, box, special=False):
    return [c for c in cat.cards.values() if c.box == box and c.special == special]


# ----------------------------------------------------------------------------- counts

def test_device_tiles_match_the_rulebooks(cat):
    base = {d.id: d.count for d in cat.devices.values() if d.box == "base"}
    expansion = {d.id: d.count for d in cat.devices.values() if d.box == "expansion"}
    assert base == BASE_DEVICES and sum(base.values()) == 40
    assert expansion == EXPANSION_DEVICES and sum(expansion.values()) == 5


def test_mission_cards_match_the_rulebooks(cat):
    for box, expected, size in (("base", BASE_CARDS, 15), ("expansion", EXPANSION_CARDS, 5)):
        for owner, cards in expected.items():
            got = {c.name.it: c.count for c in _cards(cat, box) if c.owner == owner}
            assert got == cards, (box, owner)
            assert sum(got.values()) == size
    assert sum(c.count for c in _cards(cat, "base")) == 60
    assert sum(c.count for c in _cards(cat, "expansion")) == 20
    specials = _cards(cat, "expansion", special=True)
    assert {c.owner: c.name.en for c in specials} == SPECIALS
    assert all(c.count == 1 for c in specials) and len(specials) == 5


def test_ids_are_unique_snake_case(cat):
    for item in [*cat.devices.values(), *cat.cards.values()]:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", item.id)
    assert len({*cat.devices, *cat.cards}) == len(cat.devices) + len(cat.cards)


# ----------------------------------------------------------------------------- texts and prices

def test_every_name_and_text_has_both_languages(cat):
    for item in [*cat.devices.values(), *cat.cards.values()]:
        for text in (item.name, item.text):
            assert text.it.strip() and text.en.strip(), item.id
        assert item.text.it != item.text.en, item.id


def test_every_price_is_designed_with_a_note(cat):
    for d in cat.devices.values():
        assert d.price.amount > 0 and d.price.amount % 50 == 0, d.id
        assert d.price.designed is True and d.price.designed_note.strip(), d.id


def test_prices_make_the_base_budget_a_real_choice(cat):
    budget = C.budget_for("rosso-rubino")["gang"]
    assert budget == 1500
    base = [d for d in cat.devices.values() if d.box == "base"]
    mean = sum(d.price.amount for d in base) / len(base)
    assert 4 <= budget / mean <= 7                       # about 4-7 devices
    assert sum(d.price.amount * d.count for d in base) > 3 * budget   # never the whole shop
    heli = cat.device("helicopter")
    assert heli.price.amount > budget / 2                # a big decision
    assert heli.price.amount == max(d.price.amount for d in cat.devices.values())
    assert cat.device("knife").price.amount == min(d.price.amount for d in cat.devices.values())
    # Fujiko's 300$ in Cagliostro buys something
    assert any(d.price.amount <= 300 for d in C.devices_for("cagliostro"))


def test_budgets_per_episode_and_variant():
    assert C.budget_for("gran-colpo") == {"gang": 1500}
    assert C.budget_for("cagliostro") == {"gang": 1000, "fujiko": 300}
    assert C.budget_for("stonehenge") == {"gang": 1500}
    assert C.budget_for("rosso-rubino", "all-vs-all") == {"each": 1000}
    assert C.card("fujiko_perdonami_lupin").params.budget == 600
    assert C.card("lupin_un_piano_perfetto").params.amount == 100


def test_free_vehicles():
    assert C.grants_for("rosso-rubino") == [("sport_motorbike", "fujiko", 1)]
    assert sorted(C.grants_for("cagliostro")) == [("fiat_500", "gang", 1), ("sport_motorbike", "fujiko", 1)]
    shop = C.catalog().shop_for("cagliostro")
    assert "fiat_500" not in shop and shop["sport_motorbike"] == 1


# ----------------------------------------------------------------------------- devices per episode

def ids(devices):
    return {d.id for d in devices}


def test_devices_per_episode_and_variant():
    rr, gc = ids(C.devices_for("rosso-rubino")), ids(C.devices_for("gran-colpo"))
    cg, st = ids(C.devices_for("cagliostro")), ids(C.devices_for("stonehenge"))
    assert "boat" in rr and not {"boat"} & (gc | cg | st)
    assert "helicopter" in rr and "helicopter" in gc and not {"helicopter"} & (cg | st)
    assert rr - set(BASE_DEVICES) == {"wetsuit"}             # the wetsuit "also in Ruby Red"
    assert gc == set(BASE_DEVICES) - {"boat"}
    assert cg >= set(EXPANSION_DEVICES) and cg == set(BASE_DEVICES) - {"helicopter", "boat"} | set(EXPANSION_DEVICES)
    assert st == set(BASE_DEVICES) - {"helicopter", "boat"} | {"jeep"}
    for ep in ("rosso-rubino", "gran-colpo"):
        avv = ids(C.devices_for(ep, "all-vs-all"))
        assert not {"radio", "helicopter"} & avv
        assert avv == ids(C.devices_for(ep)) - {"radio", "helicopter"}


def test_device_rules_in_the_data(cat):
    alfa = cat.device("alfa_romeo_2300").params
    assert (alfa.move_squares, alfa.capacity, alfa.terrain, alfa.hits_to_destroy, alfa.hit_roll) == (10, 3, "road", 5, 9)
    assert cat.device("helicopter").params.flight_immune is True
    jeep = cat.device("jeep").params
    assert (jeep.move_squares, jeep.capacity, jeep.terrain, jeep.hits_to_destroy, jeep.hit_roll) == (
        6, None, "road_dirt_stairs_down", 4, 8)
    lorry = cat.device("tank_lorry").params
    assert (lorry.drain_rounds, lorry.move_squares, lorry.capacity, lorry.hits_to_destroy, lorry.hit_roll) == (3, 5, 2, 3, 8)
    row = cat.device("rowboat").params
    assert (row.move_squares, row.capacity, row.hits_to_destroy, row.hit_roll, row.enters_flooded) == (5, 2, 2, 8, False)
    assert cat.device("wetsuit").params.movement_delta == -1
    assert cat.device("radio").params.talk_seconds == 120
    assert cat.device("backpack").params.capacity == 5
    assert cat.device("hand_grenade").params.area == "target_and_8_neighbours"
    assert cat.device("rifle").carry.max_per_character == 1
    assert cat.device("rifle").params.skill == "rifle" and cat.device("knife").params.skill == "knife"
    vehicles = [d for d in cat.devices.values() if d.kind == "vehicle"]
    assert [d.id for d in vehicles if d.carry.counts_toward_limit] == ["hang_glider"]


# ----------------------------------------------------------------------------- decks

def test_decks_per_episode_and_variant():
    for owner in C.MEMBERS:
        assert len(C.deck_for(owner, "rosso-rubino")) == 15
        assert len(C.deck_for(owner, "cagliostro")) == 20
        assert len(C.deck_for(owner, "stonehenge")) == 20
    fujiko = C.deck_for("fujiko", "gran-colpo")
    assert fujiko.count("fujiko_perdonami_lupin") == 4
    avv = C.deck_for("fujiko", "gran-colpo", "all-vs-all")
    assert "fujiko_perdonami_lupin" not in avv and len(avv) == 11
    assert len(C.deck_for("lupin", "rosso-rubino", "all-vs-all")) == 15
    assert C.deck_for("lupin", "cagliostro").count("lupin_paparino_zaza") == 2
    assert "lupin_paparino_zaza" not in C.deck_for("lupin", "rosso-rubino")
    assert len(C.deck_for("lupin", "rosso-rubino", include_expansion=True)) == 20
    assert C.deck_for("zenigata", "cagliostro") == []
    # specials are dealt to the hand, never shuffled into a deck
    assert C.special_for("zenigata", "stonehenge") == "zenigata_non_mi_scapperete"
    assert C.special_for("lupin", "rosso-rubino") is None
    assert not any(C.card(c).special for o in C.MEMBERS for c in C.deck_for(o, "cagliostro"))


def test_variant_checks():
    with pytest.raises(ValueError, match="base episodes"):
        C.deck_for("lupin", "cagliostro", "all-vs-all")
    with pytest.raises(ValueError, match="variant"):
        C.devices_for("rosso-rubino", "solo")
    with pytest.raises(ValueError, match="episode"):
        C.deck_for("lupin", "atlantis")
    with pytest.raises(KeyError):
        C.card("jigen_nope")


def test_void_cards_stay_in_the_deck_but_are_void_there(cat):
    balzo = cat.card("goemon_balzo_incredibile")
    assert "goemon_balzo_incredibile" in C.deck_for("goemon", "stonehenge")
    assert balzo.void_in("stonehenge") and not balzo.void_in("cagliostro")
    perdonami = cat.card("fujiko_perdonami_lupin")
    assert perdonami.effect_in("cagliostro") == "repent" and perdonami.effect_in("rosso-rubino") == "betrayal"
    base_round = [d for d in perdonami.discard_if if d.when == "from_round" and d.applies_in("gran-colpo")]
    assert [(d.round, d.reveal) for d in base_round] == [(10, True)]


def test_all_vs_all_penalties(cat):
    penalties = {c.id: c.all_vs_all_penalty for c in cat.cards.values() if c.all_vs_all_penalty}
    assert penalties == {"jigen_dannazione_ho_finito_i_proiettili": 2, "jigen_mi_accendo_una_sigaretta": 2,
                         "jigen_forse_ho_bevuto_troppo": 2, "goemon_e_ora_di_pregare": 3}
    assert all(cat.card(c).all_vs_all_penalty_note for c in penalties)


def test_card_parameters(cat):
    assert cat.card("jigen_mi_si_e_mosso_il_cappello").params == C.SkillOverrideParams(skill="pistol", value=3)
    assert cat.card("jigen_forse_ho_bevuto_troppo").params.value == 2
    jd, ld = cat.card("jigen_travestimento_perfetto").params, cat.card("lupin_travestimento_perfetto").params
    assert (jd.within_squares, jd.measure) == (5, "range") and (ld.within_squares, ld.measure) == (8, "movement")
    assert cat.card("jigen_doppio_centro").params.targets == 2
    assert cat.card("lupin_eccomi_da_te_tesoro").params.max_distance == 5
    assert cat.card("fujiko_infiltrata_molto_speciale").params.break_roll == (1,)
    forced = {c.id for c in cat.cards.values() if c.forced}
    assert {"jigen_dannazione_ho_finito_i_proiettili", "jigen_forse_ho_bevuto_troppo",
            "jigen_mi_si_e_mosso_il_cappello", "jigen_mi_accendo_una_sigaretta", "lupin_lasciatemi_pensare",
            "goemon_e_ora_di_pregare", "goemon_nessuno_resta_indietro", "lupin_mia_adorata_fujiko",
            "fujiko_perdonami_lupin"} <= forced
    assert "jigen_mira_infallibile" not in forced


def test_effects_are_known_and_params_typed(cat):
    for d in cat.devices.values():
        assert d.effect in C.DEVICE_EFFECT_NAMES
        assert isinstance(d.params, C.DEVICE_EFFECTS[d.effect]), d.id
    for c in cat.cards.values():
        assert c.effect in C.CARD_EFFECT_NAMES and c.timing in C.TIMINGS
        assert isinstance(c.params, C.CARD_EFFECTS[c.effect]), c.id
        assert set(c.episode_effects.values()) <= C.CARD_EFFECT_NAMES


def test_catalog_json_is_printable():
    for ep, lang in (("rosso-rubino", "it"), ("cagliostro", "en"), ("stonehenge", "it")):
        out = C.catalog_json(ep, lang)
        json.dumps(out, ensure_ascii=False)
        assert {d["id"] for d in out["devices"]} == ids(C.devices_for(ep))
        assert all(deck["size"] == (15 if ep == "rosso-rubino" else 20) for deck in out["decks"].values())
    it = C.catalog_json("gran-colpo", "it", "all-vs-all")
    assert it["budgets"] == {"each": 1000}
    assert next(d for d in it["devices"] if d["id"] == "fiat_500")["name"] == "Fiat 500 gialla"
    assert it["decks"]["fujiko"]["size"] == 11
    with pytest.raises(ValueError):
        C.catalog_json("gran-colpo", "fr")


def test_the_checker_is_registered_and_passes():
    assert "lupin-catalog" in CHECKERS
    assert CHECKERS["lupin-catalog"](REPO) == []


# ----------------------------------------------------------------------------- broken copies

@pytest.fixture
def copy_root(tmp_path):
    target = tmp_path / "data" / "lupin"
    target.mkdir(parents=True)
    for name in ("devices.yaml", "missions.yaml", "episodes.yaml"):
        shutil.copy(DATA / name, target / name)
    return tmp_path


def _break(path: Path, old: str, new: str, nth: int = 1) -> int:
    """Replace the nth line containing ``old`` and return its line number (1-based)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if old in line]
    i = hits[nth - 1]
    lines[i] = lines[i].replace(old, new)
    path.write_text("".join(lines), encoding="utf-8")
    return i + 1


def _load_error(root: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        C.load_catalog(root)
    problems = CHECKERS["lupin-catalog"](root)
    assert [str(p) for p in problems] == [str(info.value)]
    return info.value


def _index_of(path: Path, section: str, line: int) -> int:
    """Which item of ``section`` holds ``line`` (items start with '  - id:')."""
    text = path.read_text(encoding="utf-8").splitlines()
    starts = [i + 1 for i, t in enumerate(text) if t.startswith("  - id:") or t.startswith("  - episodes:")]
    return sum(1 for s in starts if s <= line) - 1


def test_an_unknown_device_effect_names_file_line_and_field(copy_root):
    path = copy_root / "data" / "lupin" / "devices.yaml"
    line = _break(path, "effect: grenade", "effect: nuke")
    err = _load_error(copy_root)
    i = _index_of(path, "devices", line)
    assert (Path(err.file), err.line, err.field) == (path, line, f"devices[{i}].effect")
    assert "unknown device effect 'nuke'" in err.message and "grenade" in err.message


def test_an_unknown_card_effect_names_file_line_and_field(copy_root):
    path = copy_root / "data" / "lupin" / "missions.yaml"
    line = _break(path, "effect: leap", "effect: teleport")
    err = _load_error(copy_root)
    assert (Path(err.file), err.line, err.field) == (path, line, f"cards[{_index_of(path, 'cards', line)}].effect")
    assert "unknown card effect 'teleport'" in err.message


def test_a_count_that_is_not_a_number(copy_root):
    path = copy_root / "data" / "lupin" / "missions.yaml"
    line = _break(path, "count: 2", "count: two", nth=3)
    err = _load_error(copy_root)
    assert (Path(err.file), err.line, err.field) == (path, line, f"cards[{_index_of(path, 'cards', line)}].count")
    assert err.message == "expected a whole number, got 'two'"


def test_a_param_that_does_not_fit_its_effect(copy_root):
    path = copy_root / "data" / "lupin" / "devices.yaml"
    line = _break(path, "params: {capacity: 5}", "params: {capacity: 5, range_squares: 3}")
    err = _load_error(copy_root)
    i = _index_of(path, "devices", line)
    assert (err.line, err.field) == (line, f"devices[{i}].params.range_squares")
    assert "unknown field" in err.message


def test_a_deck_that_does_not_add_up(copy_root):
    path = copy_root / "data" / "lupin" / "missions.yaml"
    _break(path, "count: 6", "count: 5")          # Lupin's Travestimento perfetto
    err = _load_error(copy_root)
    assert "lupin's base mission cards add up to 14; the rulebook has 15" in err.message


def test_device_tiles_that_do_not_add_up(copy_root):
    path = copy_root / "data" / "lupin" / "devices.yaml"
    _break(path, "count: 6", "count: 7")          # knives
    err = _load_error(copy_root)
    assert "add up to 41; the rulebook has 40" in err.message


def test_a_missing_language(copy_root):
    path = copy_root / "data" / "lupin" / "devices.yaml"
    line = _break(path, 'name: {it: "Badile", en: "Shovel"}', 'name: {it: "Badile", en: ""}')
    err = _load_error(copy_root)
    assert (err.line, err.field) == (line, f"devices[{_index_of(path, 'devices', line)}].name")
    assert "'en' text is empty" in err.message


def test_a_reference_to_no_card(copy_root):
    path = copy_root / "data" / "lupin" / "missions.yaml"
    line = _break(path, "cancels: lupin_mia_adorata_fujiko", "cancels: lupin_mia_adorata")
    err = _load_error(copy_root)
    assert err.line == line and err.field.endswith(".params.cancels")
    assert "no card 'lupin_mia_adorata'" in err.message
