"""The base box's mission cards in play, card by card (docs/rules-decisions.md, "Lupin — mission
cards in play"): each with its effect and its limits, on small scenes of the Gran colpo board with
fixed dice; then a seeded whole game in which cards are played, checked after every action like
test_invariants.py."""

from __future__ import annotations

import pytest

from game.engine.api import IllegalAction
from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from game.lupin.rules.cards import Dash, ExtraMelee, ExtraShot, LeapTo
from tests.lupin.test_round import clear_police, dice, put, started, to_police_phase


def hand(st, member, *cards):
    """``member`` holds exactly ``cards``; whatever the starting hand did is undone."""
    f = st.figures[member]
    f.hand, f.blocked_until, f.cards = list(cards), 0, {}
    return f


def plays(st, member):
    return [a for a in st.legal_actions(st.seat_of[member]) if isinstance(a, A.PlayCard) and a.figure == member]


def refused(st, action, match):
    before = st.snapshot()
    with pytest.raises(IllegalAction, match=match):
        st.apply(action)
    assert st == before


def next_gang_phase(st):
    to_police_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    assert st.phase == "gang"


def shooting_scene(member="jigen", agents=("agent-1",)):
    st = started()
    clear_police(st, keep=agents)
    for c in st.gang:
        hand(st, c)
    put(st, member, "I5")
    for i, agent in enumerate(agents):
        put(st, agent, ("I9", "I8", "I7")[i])
    return st


# ---------------------------------------------------------------- forced cards on shooting

@pytest.mark.parametrize("card,skill", [("jigen_mi_si_e_mosso_il_cappello", 3), ("jigen_forse_ho_bevuto_troppo", 2)])
def test_a_forced_skill_card_is_played_by_the_rules_on_jigens_next_shot(card, skill):
    st = shooting_scene()
    hand(st, "jigen", card)
    assert not plays(st, "jigen")                        # forced: never offered, the rules play it
    dice(st, (4, 2))                                     # 6 + pistol 6 would hit; + 3 or 2 misses
    ev = st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    shot = [e for e in ev if e.kind == "shot"][0]
    assert shot.data["skill"] == skill and shot.data["hit"] is False
    assert st.figures["agent-1"].spot == P("I9")
    assert [e.data["forced"] for e in ev if e.kind == "card_played"] == [True]
    assert st.figures["jigen"].hand == [] and card in st.figures["jigen"].discard
    # single use: the next round's shot rolls with pistol 6 again
    next_gang_phase(st)
    dice(st, (3, 3))
    ev = st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert [e.data["skill"] for e in ev if e.kind == "shot"] == [6] and st.figures["agent-1"].spot is None


def test_the_cigarette_spends_jigens_next_shot_without_firing():
    st = shooting_scene()
    hand(st, "jigen", "jigen_mi_accendo_una_sigaretta")
    dice(st)                                             # no dice at all
    ev = st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert [e.kind for e in ev if e.kind in ("shot", "shot_skipped")] == ["shot_skipped"]
    assert st.figures["agent-1"].spot == P("I9") and st.figures["jigen"].acted
    refused(st, A.Shoot("jigen", "jigen", "agent-1"), "already taken a standard action")
    assert "fired" not in st.figures["jigen"].cards      # not a shot fired (no empty revolver after it)


def test_the_cigarette_also_spends_the_double_magnums_second_shot():
    st = shooting_scene()
    hand(st, "jigen", "jigen_mi_accendo_una_sigaretta")
    st.figures["jigen"].cards["magnum"] = True
    st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert not [a for a in st.legal_actions("jigen") if isinstance(a, ExtraShot)]


def test_out_of_bullets_is_played_the_round_after_jigen_fired_and_he_cannot_shoot_then():
    st = shooting_scene()
    hand(st, "jigen", "jigen_dannazione_ho_finito_i_proiettili")
    next_gang_phase(st)                                  # he did not fire in round 1: kept
    assert st.figures["jigen"].hand == ["jigen_dannazione_ho_finito_i_proiettili"]
    dice(st, (1, 1))
    st.apply(A.Shoot("jigen", "jigen", "agent-1"))       # fires (and misses) in round 2
    next_gang_phase(st)                                  # round 3: the rules play it
    assert st.figures["jigen"].hand == [] and st.round == 3
    assert [e.data["card"] for e in st.log if e.kind == "card_played"] == ["jigen_dannazione_ho_finito_i_proiettili"]
    assert st.shoot_targets("jigen") == []
    refused(st, A.Shoot("jigen", "jigen", "agent-1"), "no clear shot")
    assert any(isinstance(a, A.Move) for a in st.legal_actions("jigen"))   # he still moves
    next_gang_phase(st)                                  # round 4: he shoots again
    assert st.shoot_targets("jigen") == ["agent-1"]


# ---------------------------------------------------------------- sure hits

@pytest.mark.parametrize("member,card", [("jigen", "jigen_mira_infallibile"), ("lupin", "lupin_la_mia_fidata_p38")])
def test_a_sure_shot_hits_what_the_member_could_shoot_at_without_dice_as_his_attack(member, card):
    st = shooting_scene(member, agents=("agent-1", "agent-2"))
    put(st, "agent-2", "I12")                            # out of pistol range
    hand(st, member, card)
    assert [a.target for a in plays(st, member)] == ["agent-1"]
    dice(st)                                             # no dice
    st.apply(A.PlayCard(member, member, card, "agent-1"))
    assert st.figures["agent-1"].spot is None and st.figures[member].kills == 1
    assert st.is_shown(member) and st.figures[member].acted
    assert not any(isinstance(a, A.Shoot) for a in st.legal_actions(member))   # it was his shot


def test_a_sure_shot_is_not_offered_after_the_members_attack():
    st = shooting_scene()
    hand(st, "jigen", "jigen_mira_infallibile")
    dice(st, (1, 1))
    st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert not plays(st, "jigen")
    refused(st, A.PlayCard("jigen", "jigen", "jigen_mira_infallibile", "agent-1"), "cannot be played now")


def test_double_bullseye_hits_two_visible_enemies_at_once():
    st = shooting_scene(agents=("agent-1", "agent-2", "agent-3"))
    put(st, "agent-3", "I12")                            # out of his line of fire
    hand(st, "jigen", "jigen_doppio_centro")
    assert [a.target for a in plays(st, "jigen")] == ["agent-1+agent-2"]
    st.apply(A.PlayCard("jigen", "jigen", "jigen_doppio_centro", "agent-1+agent-2"))
    assert st.figures["agent-1"].spot is None and st.figures["agent-2"].spot is None
    assert st.figures["agent-3"].spot == P("I12") and st.figures["jigen"].kills == 2


def test_double_magnum_gives_jigen_a_second_shot_every_turn_for_the_rest_of_the_game():
    st = shooting_scene(agents=("agent-1", "agent-2"))
    hand(st, "jigen", "jigen_doppia_magnum")
    st.apply(A.PlayCard("jigen", "jigen", "jigen_doppia_magnum", ""))
    assert not [a for a in st.legal_actions("jigen") if isinstance(a, ExtraShot)]   # first shot first
    dice(st, (1, 1), (3, 3))
    st.apply(A.Shoot("jigen", "jigen", "agent-1"))      # misses
    extra = [a for a in st.legal_actions("jigen") if isinstance(a, ExtraShot)]
    assert {a.target for a in extra} == {"agent-1", "agent-2"}
    st.apply(ExtraShot("jigen", "jigen", "agent-1"))     # 6 + 6: hit
    assert st.figures["agent-1"].spot is None
    assert not [a for a in st.legal_actions("jigen") if isinstance(a, ExtraShot)]   # two a turn
    refused(st, ExtraShot("jigen", "jigen", "agent-2"), "no second shot")
    next_gang_phase(st)                                  # and again in the next rounds
    dice(st, (1, 1), (3, 3))
    st.apply(A.Shoot("jigen", "jigen", "agent-2"))
    st.apply(ExtraShot("jigen", "jigen", "agent-2"))
    assert st.figures["agent-2"].spot is None


def test_zantetsu_cuts_an_adjacent_enemy_without_dice_nor_dodge():
    st = started()
    clear_police(st)
    put(st, "goemon", "I5")
    put(st, "zenigata", "I6")
    hand(st, "goemon", "goemon_l_invincibile_zantetsu")
    assert [a.target for a in plays(st, "goemon")] == ["zenigata"]
    dice(st)                                             # no roll, no dodge
    st.apply(A.PlayCard("goemon", "goemon", "goemon_l_invincibile_zantetsu", "zenigata"))
    assert st.figures["zenigata"].wounds == 1 and st.figures["goemon"].acted
    put(st, "zenigata", "I8")                            # not adjacent: nothing to cut
    hand(st, "goemon", "goemon_l_invincibile_zantetsu")
    st.figures["goemon"].cards_played = 0
    st.figures["goemon"].acted = False
    assert not plays(st, "goemon")


def test_fujikos_hidden_knife_hits_up_to_five_squares_without_a_knife_tile_and_not_hand_to_hand():
    st = shooting_scene("fujiko", agents=("agent-1", "agent-2", "agent-3"))
    put(st, "agent-2", "I6")                             # next to her
    put(st, "agent-3", "I11")                            # 6 away
    hand(st, "fujiko", "fujiko_coltello_nascosto")
    assert [a.target for a in plays(st, "fujiko")] == ["agent-1"]
    st.apply(A.PlayCard("fujiko", "fujiko", "fujiko_coltello_nascosto", "agent-1"))
    assert st.figures["agent-1"].spot is None
    assert not st.figures["fujiko"].acted                # a throw, like the knife tile's: not her attack


def test_the_blade_of_justice_needs_goemons_knife_and_discards_it():
    st = shooting_scene("goemon")
    hand(st, "goemon", "goemon_la_lama_della_giustizia")
    assert not plays(st, "goemon")                       # no knife tile
    st.figures["goemon"].devices.append("knife")
    assert [a.target for a in plays(st, "goemon")] == ["agent-1"]
    st.apply(A.PlayCard("goemon", "goemon", "goemon_la_lama_della_giustizia", "agent-1"))
    assert st.figures["agent-1"].spot is None and st.figures["goemon"].devices == []


# ---------------------------------------------------------------- turns lost

@pytest.mark.parametrize("member,card", [("lupin", "lupin_lasciatemi_pensare"), ("goemon", "goemon_e_ora_di_pregare")])
def test_a_turn_skipping_card_stops_the_member_for_his_next_round_only(member, card):
    st = shooting_scene(member)
    put(st, "agent-1", "I6")
    hand(st, member, card)
    assert not plays(st, member)
    next_gang_phase(st)
    assert card in st.figures[member].discard and card not in st.figures[member].hand
    kinds = {type(a) for a in st.legal_actions(st.seat_of[member]) if getattr(a, "figure", None) == member}
    assert not kinds & {A.Move, A.Shoot, A.Melee}
    refused(st, A.Melee(st.seat_of[member], member, "agent-1"), "stunned")
    next_gang_phase(st)
    kinds = {type(a) for a in st.legal_actions(st.seat_of[member]) if getattr(a, "figure", None) == member}
    assert A.Move in kinds and A.Melee in kinds


def test_a_turn_skipping_card_in_the_starting_hand_costs_round_one():
    for seed in range(1, 60):
        st = started(seed=seed)
        holder = next((c for c in ("lupin", "goemon") if c in st.gang and any(
            x in st.figures[c].discard for x in ("lupin_lasciatemi_pensare", "goemon_e_ora_di_pregare"))), None)
        if holder:
            break
    assert holder is not None
    assert st.figures[holder].blocked_until == 1
    assert not any(isinstance(a, A.Move) and a.figure == holder for a in st.legal_actions(st.seat_of[holder]))


def test_in_coppia_goemon_attacks_twice_with_his_partner_within_four_squares_both_shown():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "goemon", "I5")
    put(st, "agent-1", "I6")
    put(st, "jigen", "I9")                               # 4 squares away
    hand(st, "goemon", "goemon_in_coppia_con_jigen")
    assert not plays(st, "goemon")                       # kept from the draw, never played
    st.figures["jigen"].shown = True
    dice(st, (1, 1), (1, 1), (6, 6))                     # Goemon misses, the agent misses back; then a hit
    st.apply(A.Melee("goemon", "goemon", "agent-1"))
    assert [a.target for a in st.legal_actions("goemon") if isinstance(a, ExtraMelee)] == ["agent-1"]
    st.apply(ExtraMelee("goemon", "goemon", "agent-1"))
    assert st.figures["agent-1"].spot is None
    assert not [a for a in st.legal_actions("goemon") if isinstance(a, ExtraMelee)]   # twice, not more
    assert st.figures["goemon"].hand == ["goemon_in_coppia_con_jigen"]               # for the whole game


@pytest.mark.parametrize("jigen_at,jigen_shown", [("I10", True), ("I9", False)])
def test_in_coppia_needs_the_partner_close_and_both_shown(jigen_at, jigen_shown):
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "goemon", "I5")
    put(st, "agent-1", "I6")
    put(st, "jigen", jigen_at)
    hand(st, "goemon", "goemon_in_coppia_con_jigen")
    st.figures["jigen"].shown = jigen_shown
    dice(st, (1, 1), (1, 1))
    st.apply(A.Melee("goemon", "goemon", "agent-1"))
    assert not [a for a in st.legal_actions("goemon") if isinstance(a, ExtraMelee)]
    refused(st, ExtraMelee("goemon", "goemon", "agent-1"), "no second attack")


# ---------------------------------------------------------------- movement

def test_like_the_blowing_wind_goemon_ends_his_move_unseen_in_a_line_of_fire():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "goemon", "I3")
    put(st, "agent-1", "I9")
    hand(st, "goemon", "goemon_come_il_vento_che_soffia")
    assert [a.target for a in plays(st, "goemon")] == [""]
    st.apply(A.PlayCard("goemon", "goemon", "goemon_come_il_vento_che_soffia", ""))
    st.apply(A.Move("goemon", "goemon", "I6"))          # 3 squares from the agent, in his line
    assert not st.is_shown("goemon")
    assert "goemon" not in st.enemies_of("agent-1")
    next_gang_phase(st)                                  # police moves do not spot him there either
    assert not st.is_shown("goemon")
    st.apply(A.Move("goemon", "goemon", "I5"))          # his next move is seen as usual
    assert st.is_shown("goemon")


def test_like_the_blowing_wind_is_played_before_the_move():
    st = started()
    hand(st, "goemon", "goemon_come_il_vento_che_soffia")
    st.apply(A.Move("goemon", "goemon", "C2"))
    assert not plays(st, "goemon")


def test_jigen_covers_lupin_this_round_and_the_police_phase_after():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "lupin", "I5")
    put(st, "agent-1", "I9")
    hand(st, "jigen", "jigen_vai_lupin_ti_copro_io")
    assert [a.target for a in plays(st, "jigen")] == ["lupin"]
    st.apply(A.PlayCard("jigen", "jigen", "jigen_vai_lupin_ti_copro_io", "lupin"))
    st.apply(A.EndTurn("jigen", "jigen"))
    st.apply(A.Move("lupin", "lupin", "I6"))            # stops in the agent's line of fire
    assert st.is_shown("lupin")
    to_police_phase(st)
    assert "lupin" not in st.enemies_of("agent-1")
    assert not [a for a in st.legal_actions("zenigata") if getattr(a, "target", None) == "lupin"]
    st.apply(A.EndTurn("zenigata", "police"))
    to_police_phase(st)                                  # the round after: no cover
    assert "lupin" in st.enemies_of("agent-1")


@pytest.mark.parametrize("member,card,device", [("fujiko", "fujiko_fuga_in_moto", "sport_motorbike"),
                                                 ("lupin", "lupin_a_tavoletta", "fiat_500")])
def test_a_dash_card_takes_the_vehicle_its_member_drives_at_once_to_any_free_road_square(member, card, device):
    from tests.lupin.test_devices import vehicle
    st = started()
    clear_police(st)
    hand(st, member, card)
    assert not plays(st, member)                         # on foot: nothing to dash with
    v = vehicle(st, device, "I3", owner=member, riders=(member,))
    assert [a.target for a in plays(st, member)] == [""]
    ev = st.apply(A.PlayCard(member, member, card, ""))
    assert [e.for_seat("zenigata").data["target"] for e in ev if e.kind == "card_played"] == [""]
    dashes = [a for a in st.legal_actions(member) if isinstance(a, Dash)]
    far = max(dashes, key=lambda a: abs(P(a.to).row - 8) + abs(P(a.to).col - 2))
    assert abs(P(far.to).row - 8) + abs(P(far.to).col - 2) > 12   # farther than any ride
    st.apply(far)
    assert v.spot == P(far.to) and st.figures[member].spot == P(far.to) and st.figures[member].moved
    assert not [a for a in st.legal_actions(member) if isinstance(a, (Dash, A.Move))]


def test_a_dash_card_needs_the_right_vehicle():
    from tests.lupin.test_devices import vehicle
    st = started()
    hand(st, "lupin", "lupin_a_tavoletta")
    vehicle(st, "sport_motorbike", "I3", owner="lupin", riders=("lupin",))
    assert not plays(st, "lupin")


def test_here_i_come_darling_doubles_lupins_and_fujikos_movement_this_round():
    st = started()
    clear_police(st)
    put(st, "lupin", "I3")
    put(st, "fujiko", "I7")
    hand(st, "lupin", "lupin_eccomi_da_te_tesoro")
    assert not plays(st, "lupin")                        # Fujiko not shown: nobody can check
    st.figures["lupin"].shown = st.figures["fujiko"].shown = True
    base = st.allowance("lupin"), st.allowance("fujiko")
    assert [a.target for a in plays(st, "lupin")] == ["fujiko"]
    st.apply(A.PlayCard("lupin", "lupin", "lupin_eccomi_da_te_tesoro", "fujiko"))
    assert (st.allowance("lupin"), st.allowance("fujiko")) == (2 * base[0], 2 * base[1])
    next_gang_phase(st)
    assert (st.allowance("lupin"), st.allowance("fujiko")) == base


def test_here_i_come_darling_needs_fujiko_within_five_squares():
    st = started()
    put(st, "lupin", "I3")
    put(st, "fujiko", "I9")
    st.figures["lupin"].shown = st.figures["fujiko"].shown = True
    hand(st, "lupin", "lupin_eccomi_da_te_tesoro")
    assert not plays(st, "lupin")


def test_my_beloved_fujiko_with_fujiko_unseen_lupin_cannot_shoot_moves_half_and_is_shown():
    st = shooting_scene("lupin")
    put(st, "lupin", "I3")
    base = st.allowance("lupin")
    hand(st, "lupin", "lupin_mia_adorata_fujiko")
    assert not plays(st, "lupin")                        # forced
    next_gang_phase(st)
    lupin = st.figures["lupin"]
    assert lupin.hand == [] and st.allowance("lupin") == base // 2
    assert st.is_shown("lupin") and st.shoot_targets("lupin") == []
    watched = st.geo.watched(st.viewers(), vehicles=st.vehicles())
    away = next(a for a in st.legal_actions("lupin") if isinstance(a, A.Move) and P(a.to) not in watched)
    st.apply(away)                                       # out of every line of fire: still shown
    assert st.is_shown("lupin")
    next_gang_phase(st)
    assert st.allowance("lupin") == base


def test_my_beloved_fujiko_is_void_with_fujiko_shown_or_in_the_starting_hand():
    st = started()
    hand(st, "lupin", "lupin_mia_adorata_fujiko")
    st.figures["fujiko"].shown = True
    base = st.allowance("lupin")
    next_gang_phase(st)
    assert st.figures["lupin"].hand == [] and st.allowance("lupin") == base
    assert [e.kind for e in st.log if e.data.get("card") == "lupin_mia_adorata_fujiko"] == ["card_void"]


def test_a_very_special_infiltrator_charms_the_agents_until_a_die_shows_one():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2", "zenigata"))
    put(st, "fujiko", "I5")
    put(st, "agent-1", "I8")
    put(st, "agent-2", "I6")                             # next to her
    put(st, "zenigata", "I2")
    hand(st, "fujiko", "fujiko_infiltrata_molto_speciale")
    st.apply(A.PlayCard("fujiko", "fujiko", "fujiko_infiltrata_molto_speciale", ""))
    st.figures["fujiko"].shown = True
    to_police_phase(st)
    police = st.legal_actions("zenigata")
    assert not [a for a in police if isinstance(a, A.Melee) and a.target == "fujiko"]   # no hand to hand
    assert {a.figure for a in police if isinstance(a, A.Shoot) and a.target == "fujiko"} >= {"agent-1", "zenigata"}
    dice(st, 4)                                          # the spell holds: the shot is spent
    ev = st.apply(A.Shoot("zenigata", "agent-1", "fujiko", "pistol"))
    assert [e.kind for e in ev if e.kind.startswith("charm")] == ["charm_holds"]
    assert st.figures["fujiko"].wounds == 0 and st.figures["agent-1"].acted
    dice(st, (6, 6))                                     # Zenigata is not charmed: no die for him
    st.apply(A.Shoot("zenigata", "zenigata", "fujiko", "pistol"))
    assert st.figures["fujiko"].wounds == 1
    st.apply(A.EndTurn("zenigata", "police"))
    to_police_phase(st)
    st.figures["fujiko"].shown = True
    dice(st, 1, (6, 6))                                  # a 1 breaks it: the shot goes on
    ev = st.apply(A.Shoot("zenigata", "agent-1", "fujiko", "pistol"))
    assert [e.kind for e in ev if e.kind.startswith("charm")] == ["charm_broken"]
    assert st.figures["fujiko"].wounds == 2
    assert [a for a in st.legal_actions("zenigata") if isinstance(a, A.Melee) and a.target == "fujiko"]


def test_an_incredible_leap_takes_goemon_from_the_ground_onto_a_roof_within_his_movement():
    st = started()
    clear_police(st)
    hand(st, "goemon", "goemon_balzo_incredibile")
    board = st.geo.board
    here = st.figures["goemon"].spot
    walk = {a.to for a in st.legal_actions("goemon") if isinstance(a, A.Move)}
    st.apply(A.PlayCard("goemon", "goemon", "goemon_balzo_incredibile", ""))
    leaps = [P(a.to) for a in st.legal_actions("goemon") if isinstance(a, LeapTo)]
    assert leaps and all(board.cell(s).roof for s in leaps)
    reach = st.allowance("goemon")
    assert all(max(abs(s.row - here.row), abs(s.col - here.col)) <= reach for s in leaps)
    assert {str(s) for s in leaps} - walk                # roofs his feet could not reach
    to = sorted(s for s in leaps if str(s) not in walk)[0]
    st.apply(LeapTo("goemon", "goemon", str(to)))
    assert st.figures["goemon"].spot == to and st.figures["goemon"].moved
    assert not [a for a in st.legal_actions("goemon") if isinstance(a, (LeapTo, A.Move))]
    # from that roof, the next round: only the roofs of other buildings
    next_gang_phase(st)
    hand(st, "goemon", "goemon_balzo_incredibile")
    st.apply(A.PlayCard("goemon", "goemon", "goemon_balzo_incredibile", ""))
    building = board.cell(to).building
    assert all(board.cell(P(a.to)).building != building
               for a in st.legal_actions("goemon") if isinstance(a, LeapTo))


# ---------------------------------------------------------------- whole games

def test_a_seeded_whole_game_with_cards_played_keeps_the_invariants():
    from game.lupin.simulate import simulate
    from tests.lupin.test_invariants import Invariants
    check = Invariants()
    summary = simulate({"episode": "rosso-rubino", "players": 5}, 4, 1200, "random", check=check)
    assert summary["errors"] == 0, summary["error_samples"]
    assert check.actions_by_type["PlayCard"] > 0, dict(check.actions_by_type)
    assert check.events["card_played"] > 0


# ---------------------------------------------------------------- Nessuno resta indietro!

RESCUE = "goemon_nessuno_resta_indietro"


def rescue_scene():
    """Jigen arrested on I5, held by agent-1 on I6; agent-2 on M10; Goemon free on I12."""
    st = started()
    clear_police(st, keep=("agent-1", "agent-2"))
    for c in st.gang:
        hand(st, c)
    put(st, "jigen", "I5")
    put(st, "agent-1", "I6")
    put(st, "agent-2", "M10")
    st.figures["jigen"].arrested_by = "agent-1"
    st.figures["agent-1"].holding = "jigen"
    put(st, "goemon", "I12")
    return st


def goemon_moves(st):
    return {a.to for a in st.legal_actions("goemon") if isinstance(a, A.Move) and a.figure == "goemon"}


def test_nessuno_resta_indietro_keeps_goemon_from_moving_away_from_the_prisoners_holder():
    st = rescue_scene()
    free_moves = goemon_moves(st)
    hand(st, "goemon", RESCUE)
    assert not plays(st, "goemon")                       # forced: never offered
    bound = goemon_moves(st)
    assert bound and bound < free_moves
    from game.lupin.rules.cards.base import _rescue_holder
    holder, cost = _rescue_holder(st, "goemon")
    here = cost[st.figures["goemon"].spot]
    from game.lupin.rules.geometry import spot_from_text
    assert holder == "agent-1" and all(cost[spot_from_text(s)] <= here for s in bound)
    assert "I11" in bound and "I13" not in bound
    refused(st, A.Move("goemon", "goemon", "I13"), "cannot end a move")
    # nobody arrested: no bond
    st.figures["jigen"].arrested_by = None
    st.figures["agent-1"].holding = None
    assert goemon_moves(st) == free_moves


def test_nessuno_resta_indietro_binds_goemon_only_to_a_prisoner_he_may_free():
    st = rescue_scene()
    hand(st, "goemon", RESCUE)
    # Fujiko's liberators are Lupin, then Jigen, then Goemon: with Lupin free, not Goemon's job
    st.figures["jigen"].arrested_by, st.figures["agent-1"].holding = None, "fujiko"
    st.figures["fujiko"].arrested_by = "agent-1"
    put(st, "fujiko", "I5")
    put(st, "jigen", "A2")
    hand(st, "goemon")
    free_moves = goemon_moves(st)
    hand(st, "goemon", RESCUE)
    assert goemon_moves(st) == free_moves


def test_nessuno_resta_indietro_makes_goemon_attack_the_holder_when_he_can_reach_him():
    st = rescue_scene()
    put(st, "goemon", "I7")                              # next to agent-1 (I6)
    put(st, "agent-2", "H7")                             # and next to agent-2 too
    assert {"agent-1", "agent-2"} <= set(st.melee_targets("goemon"))
    hand(st, "goemon", RESCUE)
    assert st.melee_targets("goemon") == ["agent-1"]
    refused(st, A.Melee("goemon", "goemon", "agent-2"), "not orthogonally next")
    # the holder out of his reach: he may attack whom he likes
    put(st, "agent-1", "B6")
    st.figures["jigen"].spot = P("B5")
    assert "agent-2" in st.melee_targets("goemon")


def test_nessuno_resta_indietro_is_shown_at_the_arrest_and_discarded_after_the_liberation():
    st = rescue_scene()
    hand(st, "goemon", RESCUE)
    put(st, "goemon", "I7")
    ev = st.apply(A.EndTurn(st.seat_of["lupin"], "lupin"))          # any action settles
    assert [e.data["card"] for e in ev if e.kind == "card_shown"] == [RESCUE]
    assert all(e.reveal for e in ev if e.kind == "card_shown")
    dice(st, (3, 3))
    ev = st.apply(A.Melee("goemon", "goemon", "agent-1"))
    assert st.figures["jigen"].arrested_by is None
    assert [(e.data["card"], e.data["forced"]) for e in ev if e.kind == "card_played"] == [(RESCUE, True)]
    f = st.figures["goemon"]
    assert RESCUE not in f.hand and RESCUE in f.discard



def test_nessuno_resta_indietro_is_discarded_when_the_prisoner_frees_himself_too():
    st = rescue_scene()
    hand(st, "goemon", RESCUE)
    st.apply(A.EndTurn(st.seat_of["lupin"], "lupin"))
    assert st.figures["goemon"].cards.get("rescue_told")
    ev = st.apply(A.FreeSelf(st.seat_of["jigen"], "jigen", "devices"))
    assert [e.data["card"] for e in ev if e.kind == "card_played"] == [RESCUE]
    assert RESCUE in st.figures["goemon"].discard and not st.figures["goemon"].hand

# ---------------------------------------------------------------- Oh mio caro Lupin... (option B)

CHARM = "fujiko_oh_mio_caro_lupin"


def loot_scene(players=5, variant="coop"):
    """Lupin on I5 carries the treasure; Fujiko holds the card on I6 (next to him)."""
    st = started(players=players, variant=variant) if variant != "coop" else started(players=players)
    clear_police(st)
    for c in st.gang:
        hand(st, c)
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier, t.seen_by = None, "lupin", {st.seat_of["lupin"]}
    st.figures["lupin"].always_shown = True
    put(st, "lupin", "I5")
    put(st, "fujiko", "I6")
    hand(st, "fujiko", CHARM)
    return st, t


def start_turn(st, member):
    """End the turns of those who must play before ``member`` in this gang phase."""
    while member not in st.may_start_turn():
        other = st.active or st.may_start_turn()[0]
        st.apply(A.EndTurn(st.seat_of[other], other))


def test_oh_mio_caro_lupin_takes_the_treasure_from_lupin_next_to_fujiko():
    st, t = loot_scene()
    start_turn(st, "fujiko")
    seat = st.seat_of["fujiko"]
    assert [(a.card, a.target) for a in plays(st, "fujiko")] == [(CHARM, "lupin")]
    ev = st.apply(A.PlayCard(seat, "fujiko", CHARM, "lupin"))
    assert t.carrier == "fujiko" and st.is_shown("fujiko")
    assert {"card_played", "treasure_passed"} <= {e.kind for e in ev}
    assert next(e for e in ev if e.kind == "treasure_passed").data == {"from": "lupin", "to": "fujiko"}
    assert CHARM in st.figures["fujiko"].discard and not plays(st, "fujiko")


def test_oh_mio_caro_lupin_limits():
    st, t = loot_scene()
    start_turn(st, "fujiko")
    put(st, "fujiko", "I8")                             # not next to Lupin
    assert not plays(st, "fujiko")
    put(st, "fujiko", "I6")
    t.carrier = "jigen"                                 # Lupin without the treasure
    assert not plays(st, "fujiko")
    t.carrier = "lupin"
    assert plays(st, "fujiko")
    refused(st, A.PlayCard(st.seat_of["fujiko"], "fujiko", CHARM, "jigen"), "cannot be played now")
    st4, _ = loot_scene(players=4)
    start_turn(st4, "fujiko")
    assert plays(st4, "fujiko")                         # 4 players: valid
    from game.lupin.rules.cards import DearLupin
    assert DearLupin().targets(st4, "fujiko", CHARM) == ["lupin"]
    ava, _ = loot_scene(variant="all-vs-all")
    assert "fujiko" in ava.gang and DearLupin().targets(ava, "fujiko", CHARM) == []


def test_oh_mio_caro_lupin_then_fujiko_plays_first_with_the_loot():
    from game.lupin.rules import actions as A
    st = started(players=5)
    clear_police(st)
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier = None, "lupin"
    st.figures["lupin"].always_shown = True
    put(st, "lupin", "C2")
    put(st, "fujiko", "C3")
    st.figures["fujiko"].hand.append("fujiko_oh_mio_caro_lupin")
    # Lupin carries the treasure: he plays last, so the others go first
    assert "lupin" not in st.may_start_turn()
    st.apply(A.PlayCard("fujiko", "fujiko", "fujiko_oh_mio_caro_lupin", "lupin"))
    assert t.carrier == "fujiko"
    st.apply(A.EndTurn("fujiko", "fujiko"))
    # next round's gang phase: Fujiko, now carrying the loot by this card, plays first
    while st.phase != "gang" or st.round == 1:
        seat = st.to_act()[0]
        if st.phase == "gang":
            member = st.active or next(c for c in st.may_start_turn() if st.seat_of[c] == seat)
            st.apply(A.EndTurn(seat, member))
        elif st.phase == "treasure":
            st.apply(A.EndTreasure(seat))
        else:
            st.apply(A.EndTurn("zenigata", "police"))
    assert st.may_start_turn() == ["fujiko"]
