"""The expansion's 20 mission cards and 5 special cards in play, card by card (docs/rules-decisions.md,
"Lupin — expansion cards and devices"): the effect, its limits, refused actions leaving the state
unchanged, and what each seat may read. Scenes on the base boards (the cards do not depend on the
episode) with fixed dice; the decks and the special cards on a Stonehenge game."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE, Event, events_for_seat
from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from game.lupin.rules.cards.expansion import (DropDevice, MagicKeep, PassCard, PlanCard, PoliceCard,
                                              expansion_decks, police_side)
from game.lupin.rules.catalog import deck_for
from game.lupin.rules.state import new_game
from game.lupin.rules.vehicles import Vehicle
from tests.lupin.test_cards import hand, next_gang_phase, plays, refused
from tests.lupin.test_round import clear_police, dice, put, started, to_police_phase

FLAT, PLAN, OLD_MAN = "lupin_per_dindirindina", "lupin_un_piano_perfetto", "lupin_paparino_zaza"
GIVE_UP, HOLE, LOYALTY = ("jigen_lupin_lascia_perdere_quella_donna", "jigen_che_diavolo_ho_un_buco_nello_zaino",
                          "jigen_dimostraci_la_tua_lealta_fujiko")
BULLETS, NOT_INTERESTED = "goemon_i_proiettili_non_possono_nulla", "goemon_il_tesoro_non_mi_interessa"
JUSTICE, HIDDEN_GUN = "fujiko_voglio_riscattarmi_con_la_giustizia", "fujiko_pistola_nascosta"
MAGIC, SHOT, CUT, LOVE, LIGHTS = ("lupin_fa_la_magata", "jigen_colpo_in_canna_da_fenomeno",
                                  "goemon_colpo_di_zantetsu_da_fenomeno", "fujiko_lupin_ti_amo",
                                  "zenigata_non_mi_scapperete")


def draw(st, member, card):
    """``member`` draws ``card`` now (it is put on top of his deck)."""
    st.figures[member].deck.insert(0, card)
    ev: list[Event] = []
    st.draw_card(member, events=ev)
    return ev


def scene(**kw):
    st = started(**kw)
    clear_police(st)
    for c in st.gang:
        hand(st, c)
    return st


def seat_log(events, seat):
    return [(e.kind, dict(e.data)) for e in events_for_seat(events, seat)]


# ---------------------------------------------------------------- the decks and the special cards

def stonehenge(**cfg):
    return new_game({"episode": "stonehenge", "players": 5, **cfg}, 4)


def test_expansion_episodes_mix_the_decks_and_deal_each_figure_his_special_card():
    st = stonehenge()
    specials = {"lupin": MAGIC, "jigen": SHOT, "goemon": CUT, "fujiko": LOVE}
    for c in st.gang:
        f = st.figures[c]
        assert f.hand[0] == specials[c] and len(f.hand) + len([x for x in f.discard]) == 3
        everything = sorted(f.deck + f.hand[1:] + f.discard)
        assert everything == sorted(deck_for(c, "stonehenge")) and len(everything) == 20
        assert any(card.startswith(c) and card in deck_for(c, "stonehenge", include_expansion=True)
                   and card not in deck_for(c, "rosso-rubino") for card in everything)
    assert st.figures["zenigata"].hand == [LIGHTS]
    before = st.snapshot()
    expansion_decks(st)                                   # a second call changes nothing
    assert st == before
    # Zenigata's hand is his own: the gang reads only how many cards he holds
    assert st.view("zenigata")["police_cards"]["hand"] == [LIGHTS]
    assert st.view("lupin")["police_cards"] == {"hand": None, "hand_size": 1, "floodlights_until": None}


def test_novice_level_voids_zenigatas_special_card():
    st = stonehenge(difficulty="novice")
    assert st.figures["zenigata"].hand == [] and st.figures["zenigata"].discard == [LIGHTS]


def test_the_base_episodes_deal_no_special_card():
    st = new_game({"episode": "rosso-rubino", "players": 5}, 4)
    assert all(card not in (MAGIC, SHOT, CUT, LOVE) for c in st.gang for card in st.figures[c].hand)
    assert st.figures["zenigata"].hand == [] and "police_cards" not in st.view("zenigata")


# ---------------------------------------------------------------- Lupin

def _car(st, member, device="fiat_500", spot=None):
    v = Vehicle(f"{device}-1", device, st.figures[member].spot if spot is None else P(spot), owner=member,
                riders=[member], known_by=["lupin"])
    st.rides[v.id] = v
    st.figures[member].devices.append(device)
    st.figures[member].in_car = v.id
    return v


def test_per_dindirindina_costs_the_driver_this_turn_if_he_has_not_moved_else_the_next():
    st = scene()
    _car(st, "lupin")
    ev = draw(st, "lupin", FLAT)
    assert [e.data.get("forced") for e in ev if e.kind == "card_played"] == [True]
    assert st.figures["lupin"].blocked_until == st.round and FLAT in st.figures["lupin"].discard
    assert not [a for a in st.legal_actions("lupin") if isinstance(a, (A.Ride, A.Move)) and a.figure == "lupin"]
    # moved already: the next round's turn is lost
    st2 = scene()
    _car(st2, "lupin")
    st2.figures["lupin"].moved = True
    draw(st2, "lupin", FLAT)
    assert st2.figures["lupin"].blocked_until == st2.round + 1


def test_per_dindirindina_is_void_when_lupin_does_not_drive_a_car():
    st = scene()
    ev = draw(st, "lupin", FLAT)
    assert [e.kind for e in ev] == ["card_void"] and st.figures["lupin"].blocked_until == 0
    st = scene()
    _car(st, "lupin", device="sport_motorbike")          # a motorbike is not "un'auto"
    assert [e.kind for e in draw(st, "lupin", FLAT)] == ["card_void"]


def test_un_piano_perfetto_adds_100_dollars_while_planning_and_is_void_later():
    st = new_game({"episode": "gran-colpo", "players": 5}, 1)
    while st.phase == "placement":
        st.apply(A.Place("zenigata", st.next_to_place(), str(max(st.placement_squares()))))
    hand(st, "lupin", PLAN)
    budget = st.plan.budgets["gang"]
    assert PlanCard("lupin", "lupin", PLAN) in st.legal_actions("lupin")
    refused(st, PlanCard("jigen", "lupin", PLAN), "holder")
    st.apply(PlanCard("lupin", "lupin", PLAN))
    assert st.plan.budgets["gang"] == budget + 100 and PLAN in st.figures["lupin"].discard
    assert not [a for a in st.legal_actions("lupin") if isinstance(a, PlanCard)]
    # drawn during the game: void
    st = scene()
    assert [e.kind for e in draw(st, "lupin", PLAN)] == ["card_void"]


def test_paparino_zaza_frees_the_arrested_lupin_with_no_wounds_and_he_plays_on():
    st = scene()
    put(st, "lupin", "I5")
    put(st, "agent-1", "I9")
    st.figures["lupin"].wounds = st.sheet_of("lupin").max_wounds - 1
    st.active = None
    st.hit("agent-1", "lupin", [])
    assert st.figures["lupin"].arrested_by == "agent-1"
    hand(st, "lupin", OLD_MAN)
    next_gang_phase(st)
    assert A.PlayCard("lupin", "lupin", OLD_MAN, "") in st.legal_actions("lupin")
    ev = st.apply(A.PlayCard("lupin", "lupin", OLD_MAN, ""))
    f = st.figures["lupin"]
    assert f.arrested_by is None and f.wounds == 0 and st.figures["agent-1"].holding is None
    assert "slipped_cuffs" in [e.kind for e in ev]
    assert [a for a in st.legal_actions("lupin") if isinstance(a, A.Move)]      # his turn goes on


def test_paparino_zaza_is_not_offered_to_a_free_lupin():
    st = scene()
    hand(st, "lupin", OLD_MAN)
    assert not plays(st, "lupin")


# ---------------------------------------------------------------- Jigen

def test_lascia_perdere_passes_to_lupin_next_to_jigen_and_cancels_mia_adorata():
    st = scene()
    put(st, "lupin", "I5"), put(st, "jigen", "I6")
    hand(st, "jigen", GIVE_UP)
    act = PassCard("jigen", "jigen", GIVE_UP, "lupin")
    assert act in st.legal_actions("jigen")
    ev = st.apply(act)
    assert st.figures["lupin"].hand == [GIVE_UP] and st.figures["jigen"].hand == []
    # the card's name goes to the two seats only
    assert seat_log(ev, "zenigata") == [("card_passed", {"figure": "jigen", "to": "lupin"})]
    assert seat_log(ev, "lupin")[0][1]["card"] == GIVE_UP
    # Lupin later has "Mia adorata Fujiko...": both are discarded, no effect
    st.figures["lupin"].hand.append("lupin_mia_adorata_fujiko")
    to_police_phase(st)
    ev = st.apply(A.EndTurn("zenigata", "police"))
    assert "card_cancelled" in [e.kind for e in ev]
    f = st.figures["lupin"]
    assert f.hand == [] and f.cards.get("half_round") is None and st.allowance("lupin") == st.sheet_of("lupin").movement(0)


def test_lascia_perdere_is_not_passed_to_a_lupin_far_away():
    st = scene()
    put(st, "lupin", "I5"), put(st, "jigen", "I9")
    hand(st, "jigen", GIVE_UP)
    assert not [a for a in st.legal_actions("jigen") if isinstance(a, PassCard)]
    refused(st, PassCard("jigen", "jigen", GIVE_UP, "lupin"), "next to him")


def test_che_diavolo_drops_the_dearest_tile_in_the_rucksack():
    st = scene()
    st.figures["jigen"].devices = ["backpack", "rifle", "knife", "fiat_500"]
    ev = draw(st, "jigen", HOLE)
    assert st.figures["jigen"].devices == ["backpack", "knife", "fiat_500"]   # the car is not in the rucksack
    assert [e.data["device"] for e in ev if e.kind == "device_discarded"] == ["rifle"]


def test_che_diavolo_is_void_without_a_rucksack():
    st = scene()
    st.figures["jigen"].devices = ["rifle"]
    assert [e.kind for e in draw(st, "jigen", HOLE)] == ["card_void"] and st.figures["jigen"].devices == ["rifle"]


def test_che_diavolo_lets_jigens_player_choose_among_equal_prices_before_anything_else():
    st = scene()
    st.figures["jigen"].devices = ["backpack", "hand_grenade", "medical_kit", "knife"]
    draw(st, "jigen", HOLE)
    assert st.to_act() == ["jigen"]
    assert set(st.legal_actions("jigen")) == {DropDevice("jigen", "jigen", "hand_grenade"),
                                              DropDevice("jigen", "jigen", "medical_kit")}
    assert st.view("jigen")["card_choice"] == {"figure": "jigen", "kind": "hole",
                                               "devices": ["hand_grenade", "medical_kit"]}
    refused(st, A.EndTurn("lupin", "lupin"), "turn")
    refused(st, DropDevice("jigen", "jigen", "knife"), "dearest")
    st.apply(DropDevice("jigen", "jigen", "medical_kit"))
    assert st.figures["jigen"].devices == ["backpack", "hand_grenade", "knife"] and "jigen" in st.to_act()


def test_dimostraci_shows_one_of_fujikos_cards_to_jigen_and_fujiko_only():
    st = scene()
    put(st, "jigen", "I5")
    hand(st, "jigen", LOYALTY)
    hand(st, "fujiko", "fujiko_fuga_in_moto")
    ev = st.apply(A.PlayCard("jigen", "jigen", LOYALTY, "fujiko"))
    peek = [e for e in ev if e.kind == "card_peeked"][0]
    assert peek.data["card"] == "fujiko_fuga_in_moto"
    for seat in ("jigen", "fujiko"):
        assert ("card_peeked", dict(peek.data)) in seat_log(ev, seat)
    for seat in ("zenigata", "lupin", TABLE):
        assert ("card_peeked", {"figure": "jigen", "target": "fujiko"}) in seat_log(ev, seat)
    assert not st.betrayed


def test_dimostraci_finding_perdonami_makes_the_traitor_betray_at_once():
    st = scene()
    put(st, "jigen", "I5")
    hand(st, "jigen", LOYALTY)
    hand(st, "fujiko", "fujiko_perdonami_lupin")
    ev = st.apply(A.PlayCard("jigen", "jigen", LOYALTY, "fujiko"))
    assert st.betrayed and "betrayal" in [e.kind for e in ev] and st.figures["fujiko"].always_shown


def test_dimostraci_is_void_at_stonehenge():
    st = stonehenge()
    st.figures["jigen"].deck.insert(0, LOYALTY)
    ev: list[Event] = []
    st.draw_card("jigen", events=ev)
    assert [e.kind for e in ev] == ["card_void"] and LOYALTY not in st.figures["jigen"].hand


# ---------------------------------------------------------------- Goemon

def test_i_proiettili_cancels_a_gunshot_wound_of_this_round():
    st = scene()
    put(st, "goemon", "I5")
    put(st, "agent-1", "I9")
    hand(st, "goemon", BULLETS)
    st.figures["goemon"].shown = True
    to_police_phase(st)
    dice(st, (6, 6))
    st.apply(A.Shoot("zenigata", "agent-1", "goemon", "pistol"))
    assert st.figures["goemon"].wounds == 1
    st.apply(A.EndTurn("zenigata", "police"))
    st.apply(A.PlayCard("goemon", "goemon", BULLETS, ""))
    assert st.figures["goemon"].wounds == 0 and BULLETS in st.figures["goemon"].discard


def test_i_proiettili_does_nothing_for_a_blade_or_an_old_wound():
    st = scene()
    hand(st, "goemon", BULLETS)
    st.figures["goemon"].wounds = 1                        # a wound from an earlier round
    assert not plays(st, "goemon")
    st.figures["goemon"].cards["gunshot"] = [st.round - 1, 1]
    assert not plays(st, "goemon")


def _carrying_treasure(st, member):
    tile = next(t for t in st.tiles if t.treasure)
    tile.site, tile.carrier = None, member
    st.figures[member].always_shown = True
    return tile


def test_il_tesoro_non_mi_interessa_drops_the_treasure_for_everybody_to_see():
    st = scene()
    put(st, "goemon", "I5")
    tile = _carrying_treasure(st, "goemon")
    ev = draw(st, "goemon", NOT_INTERESTED)
    assert tile.carrier is None and NOT_INTERESTED in st.figures["goemon"].hand   # kept to the end
    assert ("treasure_dropped", {"figure": "goemon", "tile": tile.index, "square": "I5"}) in seat_log(ev, "zenigata")
    assert st.view("zenigata")["dropped_treasure"] == "I5"
    # he may no longer take it: not passed to him
    put(st, "jigen", "I6")
    tile.carrier = "jigen"
    assert not st.can_receive("jigen", "goemon")
    tile.carrier = None
    # a partner who walks across the square takes it (and is shown for good)
    st.figures["jigen"].moved = False
    st.apply(A.Move("jigen", "jigen", "I4"))
    assert tile.carrier == "jigen" and st.figures["jigen"].always_shown and "dropped_treasure" not in st.view("lupin")


def test_il_tesoro_non_mi_interessa_the_police_carry_it_back_to_its_place():
    st = scene()
    put(st, "goemon", "I5")
    tile = _carrying_treasure(st, "goemon")
    draw(st, "goemon", NOT_INTERESTED)
    st.figures["goemon"].spot = P("I2")
    put(st, "agent-1", "I7")
    to_police_phase(st)
    st.apply(A.Move("zenigata", "agent-1", "I5"))
    assert tile.site == tile.home and tile.carrier is None


# ---------------------------------------------------------------- Fujiko

def test_voglio_riscattarmi_is_secret_until_the_police_wound_her_then_she_is_with_them():
    st = scene()
    put(st, "fujiko", "I5")
    put(st, "agent-1", "I9")
    ev = draw(st, "fujiko", JUSTICE)
    assert police_side(st) == "secret" and not st.betrayed
    assert all(JUSTICE not in str(e.data) for e in events_for_seat(ev, "zenigata"))
    assert "fujiko" not in st.loyal()
    st.figures["fujiko"].shown = True
    to_police_phase(st)
    dice(st, (6, 6))
    ev = st.apply(A.Shoot("zenigata", "agent-1", "fujiko", "pistol"))
    f = st.figures["fujiko"]
    assert police_side(st) == "public" and f.wounds == 0 and f.always_shown and st.betrayed
    assert "sided_with_police" in [e.kind for e in ev]
    put(st, "agent-2", "I8")
    assert "fujiko" not in st.shoot_targets("agent-2")   # the police no longer attack her
    # the police's win is hers too; the gang's is not
    st._finish([], ("zenigata",), "time_up")
    assert st.result().winners == ("zenigata", "fujiko")


def test_voglio_riscattarmi_drawn_under_arrest_shows_it_at_once():
    st = scene()
    put(st, "fujiko", "I5")
    put(st, "agent-1", "I6")
    st.figures["fujiko"].arrested_by = "agent-1"
    st.figures["agent-1"].holding = "fujiko"
    draw(st, "fujiko", JUSTICE)
    assert police_side(st) == "public" and st.figures["fujiko"].arrested_by is None


def test_voglio_riscattarmi_is_void_when_fujikos_player_plays_the_gang_too():
    st = scene(players=3, partner="goemon")
    assert [e.kind for e in draw(st, "fujiko", JUSTICE)] == ["card_void"] and police_side(st) is None


def test_pistola_nascosta_is_a_second_shot_after_her_standard_action():
    st = scene()
    put(st, "fujiko", "I5")
    put(st, "agent-1", "I9")
    put(st, "agent-2", "I8")
    hand(st, "fujiko", HIDDEN_GUN)
    assert not plays(st, "fujiko")                          # before her own shot: not yet
    dice(st, (1, 1), (6, 6))
    st.apply(A.Shoot("fujiko", "fujiko", "agent-2"))
    assert st.figures["agent-2"].spot is not None
    assert A.PlayCard("fujiko", "fujiko", HIDDEN_GUN, "agent-2") in plays(st, "fujiko")
    ev = st.apply(A.PlayCard("fujiko", "fujiko", HIDDEN_GUN, "agent-2"))
    assert [e.data["hit"] for e in ev if e.kind == "shot"] == [True] and st.figures["agent-2"].spot is None
    st.figures["fujiko"].hand.append(HIDDEN_GUN)
    st.figures["fujiko"].cards_played = 0
    assert not plays(st, "fujiko")                          # once a turn


# ---------------------------------------------------------------- the special cards

def test_magata_shows_lupin_the_top_five_he_keeps_one_the_rest_go_under():
    st = scene()
    hand(st, "lupin", MAGIC)
    f = st.figures["lupin"]
    f.deck = ["lupin_a_tavoletta", "lupin_la_mia_fidata_p38", "lupin_lasciatemi_pensare",
              "lupin_eccomi_da_te_tesoro", "lupin_travestimento_perfetto", "lupin_mia_adorata_fujiko"]
    ev = st.apply(A.PlayCard("lupin", "lupin", MAGIC, ""))
    assert seat_log(ev, "zenigata")[1] == ("magic_cards", {"figure": "lupin", "count": 5})   # after the play
    assert st.legal_actions("lupin") and all(isinstance(a, MagicKeep) for a in st.legal_actions("lupin"))
    refused(st, A.EndTurn("lupin", "lupin"), "choose the card")
    st.apply(MagicKeep("lupin", "lupin", "lupin_la_mia_fidata_p38"))
    assert f.hand == ["lupin_la_mia_fidata_p38"]
    assert f.deck == ["lupin_mia_adorata_fujiko", "lupin_a_tavoletta", "lupin_lasciatemi_pensare",
                      "lupin_eccomi_da_te_tesoro", "lupin_travestimento_perfetto"]


def test_colpo_in_canna_hits_at_any_distance_on_a_clear_line_and_shows_jigen_for_good():
    st = scene()
    put(st, "jigen", "I3")
    put(st, "agent-1", "I20")
    hand(st, "jigen", SHOT)
    far = [a for a in plays(st, "jigen") if a.target == "agent-1"]
    assert far, "17 squares away along the row"
    st.apply(far[0])
    assert st.figures["agent-1"].spot is None and st.figures["jigen"].always_shown


def test_colpo_in_canna_needs_a_clear_line():
    st = scene()
    put(st, "jigen", "I3")
    put(st, "agent-1", "J20")                                # not on a line
    hand(st, "jigen", SHOT)
    assert not plays(st, "jigen")


def test_colpo_di_zantetsu_cuts_an_agent_wounds_zenigata_twice_or_cuts_a_car():
    st = scene()
    put(st, "goemon", "I5"), put(st, "zenigata", "I6")
    hand(st, "goemon", CUT)
    st.apply(A.PlayCard("goemon", "goemon", CUT, "zenigata"))
    assert st.figures["zenigata"].wounds == 2 and st.figures["goemon"].always_shown
    st = scene()
    put(st, "goemon", "L22")
    hand(st, "goemon", CUT)
    car = st.cars["car-1"]
    assert "car-1" in [a.target for a in plays(st, "goemon")] or "car-2" in [a.target for a in plays(st, "goemon")]
    target = next(a.target for a in plays(st, "goemon") if a.target.startswith("car"))
    st.apply(A.PlayCard("goemon", "goemon", CUT, target))
    assert st.cars[target].spot is None and car is st.cars["car-1"]


def test_lupin_ti_amo_calls_lupin_next_to_her_heals_him_and_she_moves_one_more():
    st = scene()
    put(st, "fujiko", "I5"), put(st, "lupin", "C10")
    st.figures["lupin"].wounds = 2
    hand(st, "fujiko", LOVE)
    base = st.allowance("fujiko")
    targets = {a.target for a in plays(st, "fujiko")}
    assert targets and all(max(abs(P(t).row - P("I5").row), abs(P(t).col - P("I5").col)) == 1 for t in targets)
    st.apply(A.PlayCard("fujiko", "fujiko", LOVE, "I6"))
    assert st.figures["lupin"].spot == P("I6") and st.figures["lupin"].wounds == 0
    assert st.allowance("fujiko") == base + 1 and st.figures["fujiko"].always_shown


def test_non_mi_scapperete_puts_the_whole_gang_on_the_board_for_two_rounds():
    st = scene()
    z = st.figures["zenigata"]
    z.hand, z.cards["special_dealt"] = [LIGHTS], True
    put(st, "zenigata", "T25")
    for c, sq in zip(st.gang, ("A1", "A2", "C1", "R1")):
        put(st, c, sq)
        st.figures[c].shown = False
    assert not st.view("zenigata")["figures"]["lupin"]["spot"]
    to_police_phase(st)
    assert PoliceCard("zenigata", LIGHTS) in st.legal_actions("zenigata")
    refused(st, PoliceCard("lupin", LIGHTS), "not lupin's turn")
    r = st.round
    ev = st.apply(PoliceCard("zenigata", LIGHTS))
    assert sorted(e.data["figure"] for e in ev if e.kind == "spotted") == sorted(st.gang)
    assert all(st.view("zenigata")["figures"][c]["spot"] for c in st.gang)
    assert not [a for a in st.legal_actions("zenigata") if isinstance(a, PoliceCard)]   # once a game
    st.apply(A.EndTurn("zenigata", "police"))
    to_police_phase(st)
    assert st.round == r + 1 and all(st.is_shown(c) for c in st.gang)
    st.apply(A.EndTurn("zenigata", "police"))
    to_police_phase(st)
    assert st.round == r + 2 and not any(st.is_shown(c) for c in st.gang)   # the bulbs blow


def test_non_mi_scapperete_is_not_offered_at_novice_level():
    st = scene(difficulty="novice")
    st.figures["zenigata"].hand = [LIGHTS]
    to_police_phase(st)
    assert not [a for a in st.legal_actions("zenigata") if isinstance(a, PoliceCard)]


@pytest.mark.parametrize("seed", [2, 5])
def test_whole_stonehenge_games_with_the_expansion_cards_replay_the_same(seed):
    """Seeded bot games on the Stonehenge board: every action's replay gives an equal state."""
    from game.lupin.ai import BOTS
    import random
    st = stonehenge()
    rng = random.Random(seed)
    bots: dict = {}
    actions = []
    for _ in range(600):
        if st.is_over():
            break
        seat = st.to_act()[rng.randrange(len(st.to_act()))]
        bot = bots.setdefault(seat, BOTS["heuristic"](seed * 7 + len(bots)))
        action = bot.choose(st.view(seat), st.legal_actions(seat))
        st.apply(action)
        actions.append(action)
    again = stonehenge()
    for a in actions:
        again.apply(a)
    assert again == st


def test_fujiko_on_zenigatas_side_with_3_wounds_binds_lupin_to_go_and_heal_her():
    """"Se Fujiko si lega a Zenigata, ogni volta che raggiunge 3 ferite per mano della Banda, Lupin è
    costretto ad aiutarla ... una casella adiacente a Fujiko. Fujiko è automaticamente guarita"."""
    from game.lupin.rules.cards.expansion import must_heal_fujiko

    st = scene()
    put(st, "fujiko", "I5")
    put(st, "agent-1", "I9")
    draw(st, "fujiko", JUSTICE)
    st.figures["fujiko"].shown = True
    to_police_phase(st)
    dice(st, (6, 6))
    st.apply(A.Shoot("zenigata", "agent-1", "fujiko", "pistol"))
    assert police_side(st) == "public"
    st.figures["agent-1"].spot = None
    st.apply(A.EndTurn("zenigata", "police"))
    assert st.phase == "gang"
    put(st, "lupin", "I10")
    free_walk = set(st._gang_move_targets("lupin"))
    st.figures["fujiko"].wounds = 2
    assert not must_heal_fujiko(st)                       # two wounds: nothing yet
    st.figures["fujiko"].wounds = 3
    assert must_heal_fujiko(st)
    bound = set(st._gang_move_targets("lupin"))
    assert bound < free_walk and P("I6") in bound          # never farther from her; her side is open
    assert P("I11") in free_walk and P("I11") not in bound
    ev = st.apply(A.Move("lupin", "lupin", "I6"))
    assert st.figures["fujiko"].wounds == 0 and not must_heal_fujiko(st)
    assert "fujiko_healed" in [e.kind for e in events_for_seat(ev, "zenigata")]   # in the open
    assert st.is_shown("lupin")
