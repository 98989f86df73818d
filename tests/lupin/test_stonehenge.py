"""*La lama di Stonehenge* (game/lupin/rules/stonehenge.py), rule by rule, on small scenes of the
real board (maps/stonehenge.tmx, data/lupin/stonehenge.yaml); docs/rules-decisions.md, "Lupin — La
lama di Stonehenge"."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE, events_for_seat
from game.engine.content import ContentError, load_typed
from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from game.lupin.rules.state import new_game
from game.lupin.rules.stonehenge import (ChooseAim, Dig, HengeFile, aim_card, board_errors, board_problems, henge,
                                         henge_data)
from tests.lupin.test_devices import refused
from tests.lupin.test_round import clear_police, dice, end_gang_phase, pass_treasure_phase, put, to_police_phase

# the card used in the scenes: tombs E16 (pendragon), N17 (costantino), H10 (druido); Excalibur J12
AIM = "drago"


def started(players=5, seed=1, aim=AIM, starts=None, **cfg):
    """Past set-up and planning at Stonehenge: police in the bottom-right of columns 1-17."""
    st = new_game({"episode": "stonehenge", "players": players, **cfg}, seed)
    while st.phase == "placement":
        fid = st.next_to_place()
        sq = max(st.placement_squares(), key=lambda s: (s.row, s.col))
        st.apply(A.Place("zenigata", fid, str(sq)))
    starts = starts or {"lupin": "B25", "jigen": "C25", "goemon": "B25", "fujiko": "C25"}
    for c in st.gang:
        st.apply(A.ChooseStart(st.seat_of[c], c, starts[c]))
    if aim:
        st.apply(ChooseAim("lupin", aim))
    st.apply(A.ConfirmPlan("lupin"))
    return st


def to_treasure_phase(st):
    end_gang_phase(st)
    assert st.phase == "treasure"


def digging_scene(**kw):
    """The drago card; Lupin with a shovel on the Pendragon tomb E16, the police away."""
    st = started(**kw)
    clear_police(st)
    st.figures["lupin"].devices.append("shovel")
    put(st, "lupin", "E16")
    return st


# ---------------------------------------------------------------- set-up

def test_the_police_are_placed_in_columns_1_to_17_and_only_zenigata_among_the_stones():
    st = new_game({"episode": "stonehenge", "players": 5}, 1)
    squares = st.placement_squares()
    assert squares and all(sq.col <= 16 for sq in squares)
    assert P("K9") in squares                       # a coloured square: Zenigata may stand there
    refused(st, A.Place("zenigata", "zenigata", "E18"), "not a free square")
    st.apply(A.Place("zenigata", "zenigata", "K9"))
    assert P("K10") not in st.placement_squares() and P("J9") not in st.placement_squares()
    refused(st, A.Place("zenigata", "agent-1", "J9"), "not a free square")


def test_eleven_rounds_start_and_escape_at_the_arrows_no_treasure_tiles_cars_in_the_car_park():
    st = new_game({"episode": "stonehenge", "players": 5}, 2)
    assert st.rounds_total == 11 and st.tiles == []
    assert sorted(str(c.spot) for c in st.cars.values()) == ["A1", "A2"]
    while st.phase == "placement":
        st.apply(A.Place("zenigata", st.next_to_place(), str(st.placement_squares()[-1])))
    offered = {a.square for a in st.legal_actions("lupin") if isinstance(a, A.ChooseStart)}
    assert offered == {"B25", "C25"}
    refused(st, A.ChooseStart("lupin", "lupin", "A1"), "not a start square")


def test_the_shop_is_the_base_tiles_less_helicopter_and_boat_plus_the_jeep():
    st = new_game({"episode": "stonehenge", "players": 5}, 1)
    while st.phase == "placement":
        st.apply(A.Place("zenigata", st.next_to_place(), str(st.placement_squares()[-1])))
    stock = st.plan.stock
    assert "jeep" in stock and "helicopter" not in stock and "boat" not in stock
    assert "wetsuit" not in stock and "shovel" in stock


def test_the_police_cars_may_appear_on_the_designed_squares_with_three_agents_or_fewer():
    st = started()
    to_police_phase(st)
    for fid in list(st.agents_on_board())[3:]:
        st.figures[fid].spot = None
    appear = {a.square for a in st.legal_actions("zenigata") if isinstance(a, A.CarAppears)}
    assert appear == {"B11", "S11", "B18"}
    assert any(isinstance(a, A.CarFromStation) for a in st.legal_actions("zenigata"))


# ---------------------------------------------------------------- the Aim card

def test_lupins_seat_chooses_the_aim_card_while_planning_and_only_the_gang_learns_it():
    st = new_game({"episode": "stonehenge", "players": 5}, 3)
    while st.phase == "placement":
        st.apply(A.Place("zenigata", st.next_to_place(), str(st.placement_squares()[-1])))
    assert {a.aim for a in st.legal_actions("lupin") if isinstance(a, ChooseAim)} == {
        "drago", "corona", "quercia", "calice"}
    assert not [a for a in st.legal_actions("jigen") if isinstance(a, ChooseAim)]
    refused(st, ChooseAim("jigen", "drago"), "Lupin's player")
    refused(st, ChooseAim("lupin", "spada"), "no Aim card")
    ev = st.apply(ChooseAim("lupin", "corona"))
    refused(st, ChooseAim("lupin", "drago"), "already chosen")
    assert events_for_seat(ev, "jigen")[0].data["tombs"] == aim_card("corona").tombs
    assert "tombs" not in events_for_seat(ev, "zenigata")[0].data
    assert "excalibur" not in events_for_seat(ev, TABLE)[0].data
    assert st.view("fujiko")["stonehenge"]["aim"]["excalibur"] == aim_card("corona").excalibur
    assert st.view("zenigata")["stonehenge"]["aim"] is None
    assert st.view(TABLE)["stonehenge"]["aim"] is None


def test_a_plan_confirmed_without_an_aim_card_draws_one_when_round_one_begins():
    st = started(aim=None)
    assert st.phase == "gang" and henge(st).aim in {"drago", "corona", "quercia", "calice"}
    drawn = [e for e in st.log if e.kind == "aim_chosen"]
    assert drawn and drawn[-1].audience == frozenset({"lupin", "jigen", "goemon", "fujiko"})


def test_zenigatas_view_is_the_same_whatever_the_aim_card():
    a, b = started(aim="drago"), started(aim="calice")
    assert a.view("zenigata") == b.view("zenigata")
    assert a.view(TABLE) == b.view(TABLE)
    assert a.view("lupin") != b.view("lupin")


# ---------------------------------------------------------------- the pits

def test_a_member_with_a_shovel_on_a_tomb_digs_it_in_phase_four():
    st = digging_scene()
    refused(st, Dig("lupin", "lupin"), "phase 4")               # not in the gang phase
    to_treasure_phase(st)
    assert Dig("lupin", "lupin") in st.legal_actions("lupin")
    ev = st.apply(Dig("lupin", "lupin"))
    h = henge(st)
    assert h.dug == ["pendragon"] and "shovel" in st.figures["lupin"].devices   # not used up
    public = events_for_seat(ev, "zenigata")[0]
    assert public.kind == "pit_dug" and public.data == {"figure": "lupin", "pits": 1}
    assert events_for_seat(ev, "goemon")[0].data["square"] == "E16"
    assert st.view("zenigata")["stonehenge"]["pits"] == 1
    # Lupin's seat has acted; every other gang seat still gets its phase-4 turn (issue #11), and passes
    assert st.phase == "treasure" and "lupin" not in st.to_act()
    pass_treasure_phase(st)
    assert st.phase == "police"


def test_no_dig_without_a_shovel_off_a_tomb_twice_or_from_a_vehicle():
    st = digging_scene()
    put(st, "jigen", "N17")                                     # a tomb, but no shovel
    st.figures["goemon"].devices.append("shovel")
    put(st, "goemon", "N16")                                    # a shovel, next to a tomb
    to_treasure_phase(st)
    assert set(st.to_act()) == {"lupin", "jigen", "goemon", "fujiko"}   # every seat gets its turn
    assert [a for s in st.to_act() for a in st.legal_actions(s) if isinstance(a, Dig)] == [Dig("lupin", "lupin")]
    refused(st, Dig("jigen", "jigen"), "to act|not|no shovel")
    refused(st, Dig("lupin", "goemon"), "not yours")
    st.figures["lupin"].in_car = "jeep-1"
    assert st.may_flip() == []
    refused(st, Dig("lupin", "lupin"), "turn|on foot")
    st.figures["lupin"].in_car = None
    st.apply(Dig("lupin", "lupin"))
    pass_treasure_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    end_gang_phase(st)
    assert not any(isinstance(a, Dig) for a in st.legal_actions("lupin"))   # nothing left to dig there
    pass_treasure_phase(st)
    assert st.phase == "police" and henge(st).dug == ["pendragon"]


def test_the_third_pit_opens_excaliburs_site_and_a_member_on_it_takes_the_blade_at_once():
    st = digging_scene()
    for c, sq in (("jigen", "N17"), ("goemon", "H10")):
        st.figures[c].devices.append("shovel")
        put(st, c, sq)
    put(st, "fujiko", "J12")                                     # waiting on Excalibur's square
    to_treasure_phase(st)
    st.apply(Dig("lupin", "lupin"))
    st.apply(Dig("jigen", "jigen"))
    assert st.tiles == []
    ev = st.apply(Dig("goemon", "goemon"))
    kinds = [e.kind for e in events_for_seat(ev, "zenigata")]
    assert "excalibur_appears" in kinds and "excalibur_taken" in kinds
    assert st.tiles[0].carrier == "fujiko" and st.tiles[0].treasure
    assert st.is_shown("fujiko") and st.view("zenigata")["figures"]["fujiko"]["spot"] == "J12"
    assert st.view("zenigata")["stonehenge"]["carrier"] == "fujiko"
    assert st.view(TABLE)["tiles"][0]["treasure"] is True


def test_the_blade_lies_on_its_secret_square_until_somebody_stands_there_in_phase_four():
    st = digging_scene()
    henge(st).dug[:] = ["costantino", "druido"]
    to_treasure_phase(st)
    st.apply(Dig("lupin", "lupin"))
    assert st.tiles[0].carrier is None
    assert "J12" not in repr(st.view("zenigata")) and "J12" not in repr(st.view(TABLE))
    pass_treasure_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    put(st, "jigen", "J12")                     # walked there in the gang phase
    assert st.tiles[0].carrier is None
    end_gang_phase(st)
    assert st.tiles[0].carrier == "jigen"


def test_the_carrier_plays_last_and_escaping_at_an_arrow_with_the_blade_wins():
    st = digging_scene()
    henge(st).dug[:] = ["costantino", "druido"]
    put(st, "jigen", "J12")
    to_treasure_phase(st)
    st.apply(Dig("lupin", "lupin"))
    pass_treasure_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    assert "jigen" not in st.may_start_turn()
    for c in ("lupin", "goemon", "fujiko"):
        put(st, c, "B25")
        st.apply(A.Escape(c, c))
    put(st, "jigen", "C25")
    st.apply(A.Escape("jigen", "jigen"))
    assert st.is_over() and st.result().reason == "gang_escaped"
    assert set(st.result().winners) == {"lupin", "jigen", "goemon", "fujiko"}


def test_an_arrested_carrier_loses_the_blade_back_to_its_site():
    st = digging_scene()
    henge(st).dug[:] = ["costantino", "druido"]
    put(st, "jigen", "J12")
    to_treasure_phase(st)
    st.apply(Dig("lupin", "lupin"))
    pass_treasure_phase(st)
    jigen = st.figures["jigen"]
    jigen.wounds = st.sheet_of("jigen").max_wounds - 1
    put(st, "agent-1", "J10")
    put(st, "jigen", "H12")
    dice(st, (6, 6))
    st.apply(A.Shoot("zenigata", "agent-1", "jigen", "pistol"))
    assert jigen.arrested_by is not None
    assert st.tiles[0].carrier is None and st.tiles[0].site == "excalibur"
    put(st, "lupin", "J12")
    st.apply(A.EndTurn("zenigata", "police"))
    end_gang_phase(st)
    assert st.tiles[0].carrier == "lupin"


def test_time_runs_out_after_round_eleven():
    st = started()
    clear_police(st)
    st.round = 10
    end_gang_phase(st)
    pass_treasure_phase(st)
    assert st.round == 11 and not st.is_over()
    st.apply(A.EndTurn("zenigata", "police"))
    end_gang_phase(st)
    pass_treasure_phase(st)
    assert st.is_over() and st.result().winners == ("zenigata",)
    assert st.result().reason == "time_up"


# ---------------------------------------------------------------- police, visibility, Fujiko

def test_zenigata_after_his_fourth_wound_goes_to_e9():
    st = started()
    clear_police(st, keep=("zenigata",))
    put(st, "zenigata", "H20")
    put(st, "jigen", "H23")
    st.figures["zenigata"].wounds = 3
    dice(st, (6, 6))
    st.apply(A.Shoot("jigen", "jigen", "zenigata", "pistol"))
    assert str(st.figures["zenigata"].spot) == "E9" and st.figures["zenigata"].knocked_out
    put(st, "lupin", "E12")                     # in line, 3 squares away: but he is out till next round
    assert "zenigata" not in st.shoot_targets("lupin")
    refused(st, A.Shoot("lupin", "lupin", "zenigata", "pistol"), "clear shot|turn|playing")


def test_novice_means_always_visible_from_the_first_round():
    st = started(difficulty="novice")
    assert st.round == 1 and all(st.is_shown(c) for c in st.gang)
    assert st.view("zenigata")["figures"]["lupin"]["spot"] in ("B25", "C25", "B24", "C24", "A25", "D25",
                                                               "A24", "D24", "B23", "C23")
    expert = started()
    assert not any(expert.is_shown(c) for c in expert.gang)


def test_fujiko_never_betrays_here_her_betrayal_cards_are_discarded_when_drawn():
    st = started()
    fj = st.figures["fujiko"]
    fj.deck[:0] = ["fujiko_perdonami_lupin", "fujiko_voglio_riscattarmi_con_la_giustizia"]
    ev: list = []
    st.draw_card("fujiko", events=ev)
    st.draw_card("fujiko", events=ev)
    assert "fujiko_perdonami_lupin" not in fj.hand
    assert "fujiko_voglio_riscattarmi_con_la_giustizia" not in fj.hand
    assert [e.kind for e in ev] == ["card_void", "card_void"]
    assert not st.fujiko_traitor() and "fujiko" in st.loyal()


# ---------------------------------------------------------------- the data

def test_the_designed_data_fits_the_board():
    data = henge_data()
    assert board_problems(data) == []
    assert all(a.tombs.keys() == {"pendragon", "costantino", "druido"} for a in data.aims)


def test_a_broken_data_file_names_the_file_the_line_and_the_field(tmp_path):
    bad = tmp_path / "stonehenge.yaml"
    text = (henge_data.__wrapped__.__globals__["data_path"]()).read_text()
    bad.write_text(text.replace("excalibur: J12", "excalibur: 12J"))
    with pytest.raises(ContentError) as err:
        load_typed(bad, HengeFile)
    msg = str(err.value)
    assert "stonehenge.yaml" in msg and "excalibur" in msg
    bad.write_text(text.replace("excalibur: J12", "excalibur: L11"))   # a stone: nobody stands there
    problems = board_problems(load_typed(bad, HengeFile))
    assert problems and "L11" in problems[0]
    line = bad.read_text().splitlines().index("    excalibur: L11") + 1
    assert f"stonehenge.yaml:{line}: field 'aims[0].excalibur'" in str(board_errors(bad, load_typed(bad, HengeFile))[0])
    bad.write_text(text.replace("excalibur: J12", "excalibur: Z99"))
    assert "off the board" in board_problems(load_typed(bad, HengeFile))[0]
