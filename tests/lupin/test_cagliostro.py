"""Ritorno a Cagliostro, rule by rule, on scenes of the real board (maps/cagliostro.tmx) —
docs/rules-decisions.md, "Lupin — Ritorno a Cagliostro". Illegal actions are refused with the
state unchanged."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE, IllegalAction, events_for_seat
from game.engine.content import ContentError, load_typed
from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from game.lupin.rules.cagliostro import (REDEEM_CARD, CagliostroData, FujikoBuy, FujikoDone, FujikoReturn,
                                         board_problems, fujiko_side, site)
from game.lupin.rules.state import BETRAYAL_CARD, new_game

from tests.lupin.test_round import clear_police, end_gang_phase, pass_treasure_phase, put

GANG_STARTS = {"lupin": "A1", "jigen": "A2", "goemon": "A4", "fujiko": "A1"}


def refused(st, action, match=None):
    before = st.snapshot()
    with pytest.raises(IllegalAction, match=match):
        st.apply(action)
    assert st == before


def placed(players=5, seed=1, **cfg):
    """Set-up done: Zenigata and 7 agents on the site's dirt (the last free squares)."""
    st = new_game({"episode": "cagliostro", "players": players, **cfg}, seed)
    while st.phase == "placement":
        fid = st.next_to_place()
        sq = max(st.placement_squares(), key=lambda s: (s.row, s.col))
        st.apply(A.Place("zenigata", fid, str(sq)))
    return st


def gang_planned(players=5, seed=1, **cfg):
    st = placed(players, seed, **cfg)
    for c in st.gang:
        if st.seat_of[c] in st.team_seats():
            st.apply(A.ChooseStart(st.seat_of[c], c, GANG_STARTS[c]))
    st.apply(A.ConfirmPlan("lupin"))
    return st


def started(players=5, seed=1, fujiko_at="T1", **cfg):
    """Past both planning steps: round 1's gang phase."""
    st = gang_planned(players, seed, **cfg)
    if st.phase == "planning":
        st.apply(A.ChooseStart("fujiko", "fujiko", fujiko_at))
        st.apply(FujikoDone("fujiko"))
    assert st.phase == "gang"
    return st


def next_round(st):
    """End this round (gang phase, setting actions, treasure) and the next police phase."""
    end_gang_phase(st)
    while st.phase == "treasure":
        st.apply(A.EndTreasure(st.to_act()[0]))
    if st.phase == "police":
        st.apply(A.EndTurn("zenigata", "police"))
    assert st.phase == "gang"


def token_at(st, square, token):
    """Put ``token`` face down on ``square`` (one of the "?" squares), swapping with its holder."""
    tokens = site(st).tokens
    other = next(sq for sq, t in tokens.items() if t == token)
    tokens[other], tokens[square] = tokens[square], token


def stand(st, fid, square):
    clear_police(st)
    put(st, fid, square)


# ---------------------------------------------------------------- set-up

def test_police_are_placed_only_on_the_sites_dirt():
    st = new_game({"episode": "cagliostro", "players": 5}, 1)
    squares = set(st.placement_squares())
    assert P("I13") in squares and P("F18") in squares
    board = st.geo.board
    for sq in squares:
        cell = board.cell(sq)
        assert cell.level == 0 and cell.temple is None and cell.flooded is None and cell.terrain != "road"
    refused(st, A.Place("zenigata", "zenigata", "K12"), "not a free square")   # the inner road
    refused(st, A.Place("zenigata", "zenigata", "B5"), "not a free square")    # the level-2 road
    st.apply(A.Place("zenigata", "zenigata", "I13"))
    assert st.figures["zenigata"].spot == P("I13")


def test_the_paved_north_west_quarter_keeps_the_police_set_up_away_from_the_gangs_stairs():
    """Issue #14, tenth session: the quarter between the river and the cardo (rows D-J, columns
    5-11) is paved, so Zenigata and his agents set up only on the dirt beyond it; the gang still
    walks through it (C8 to the colonnade's "?" G10), and Neptunus' steps open onto the blue basin."""
    st = new_game({"episode": "cagliostro", "players": 2}, 1)
    squares = set(st.placement_squares())
    board = st.geo.board
    quarter = [P(f"{r}{c}") for r in "DEFGHIJ" for c in range(5, 12)
               if board.cell(P(f"{r}{c}")).temple is None and board.cell(P(f"{r}{c}")).terrain != "stairs"]
    assert quarter and all(board.cell(sq).terrain == "road" and board.cell(sq).level == 0 for sq in quarter)
    assert not squares & set(quarter)
    for refused_at in ("D8", "G10", "H9", "J8"):   # the lane under C8, the colonnade, the trapdoor
        refused(st, A.Place("zenigata", "zenigata", refused_at), "not a free square")
    assert min(abs(sq.row - P("D8").row) + abs(sq.col - P("D8").col) for sq in squares) >= 5
    assert P("G10") in st.geo.reach(P("C8"), 8).cost                              # walked as before
    steps = [sq for p in board.places_of("temple") if p.name == "Neptunus" for sq in p.squares
             if board.cell(sq).temple_part == "steps"]
    assert steps and all(any(board.cell(n).flooded == "blue" for n in sq.neighbours4() if n in board)
                         for sq in steps)


def test_set_up_lays_the_tokens_the_handwheels_the_coins_and_the_open_temples():
    st = placed()
    s = site(st)
    assert sorted(s.tokens.values()) == sorted(["bust"] * 4 + ["owl", "pilum", "trident"] + ["trapdoor"] * 2)
    assert set(s.tokens) == {"E6", "N9", "O20", "I6", "G10", "J13", "F13", "L7", "P12"}
    assert s.handwheels == {"P1": "yellow", "P25": "red", "S7": "blue"}
    assert st.open_temples == {"Vesta", "Iuppiter", "Saturnus"}
    assert [(t.site, t.treasure, t.carrier) for t in st.tiles] == [("Divus Caesar", True, None)]
    assert st.rounds_total == 18
    # the tokens lie face down: nobody's view tells what they are
    for seat in ("zenigata", "lupin", "fujiko", TABLE):
        assert set(st.view(seat)["cagliostro"]["tokens"].values()) == {None}
    # another seed lays them out differently
    assert site(placed(seed=2)).tokens != s.tokens or site(placed(seed=3)).tokens != s.tokens


def test_the_gang_plans_without_fujiko_with_1000_dollars_and_the_fiat_500():
    st = placed()
    assert fujiko_side(st) == "traitor"
    assert "fujiko" not in st.to_act()
    assert st.plan.budgets == {"gang": 1000}
    assert "fiat_500" in st.figures["lupin"].devices and "sport_motorbike" in st.figures["fujiko"].devices
    assert {a.square for a in st.legal_actions("lupin") if isinstance(a, A.ChooseStart)} == {"A1", "A2", "A4"}
    refused(st, A.ChooseStart("lupin", "lupin", "T1"), "not a start square")
    refused(st, A.BuyDevice("lupin", "fujiko", "knife"))            # she is away: nobody buys for her
    refused(st, A.ChooseStart("fujiko", "fujiko", "T1"))            # her seat is not at the table
    # the gang's purchases are not told to her seat
    st.apply(A.BuyDevice("lupin", "lupin", "knife"))
    assert st.view("fujiko")["plan"] is None
    assert not [e for e in events_for_seat(st.log, "fujiko") if e.kind == "device_bought"]
    # Lupin confirms once the three have squares; Fujiko needs none yet
    for c, sq in (("lupin", "A1"), ("jigen", "A2"), ("goemon", "A4")):
        st.apply(A.ChooseStart(c, c, sq))
    st.apply(A.ConfirmPlan("lupin"))
    assert st.phase == "planning" and st.to_act() == ["fujiko"]


def test_fujiko_buys_in_secret_with_300_dollars_from_the_leftovers_then_they_are_discarded():
    st = gang_planned()
    leftovers = dict(site(st).shop)
    assert leftovers and "fiat_500" not in leftovers
    plan = st.view("fujiko")["plan"]
    assert plan["step"] == "fujiko" and plan["clock_seconds"] == 120
    assert plan["budgets"] == {"fujiko": 300} and plan["stock"] == leftovers
    assert plan["purchases"] == []      # not the gang's purchases: she was away
    assert {a.square for a in st.legal_actions("fujiko") if isinstance(a, A.ChooseStart)} == {"T1", "T25"}
    refused(st, A.ChooseStart("fujiko", "fujiko", "A1"), "not a start square")
    refused(st, FujikoBuy("fujiko", "jeep"), "costs")                        # 400$
    refused(st, FujikoDone("fujiko"), "start square")
    refused(st, A.ConfirmPlan("lupin"))                                        # the gang's step is over
    st.apply(FujikoBuy("fujiko", "knife"))
    st.apply(FujikoBuy("fujiko", "wetsuit"))
    assert st.view("fujiko")["plan"]["budgets"] == {"fujiko": 100}
    st.apply(FujikoReturn("fujiko", "knife"))
    st.apply(A.ChooseStart("fujiko", "fujiko", "T25"))
    for seat in ("zenigata", "lupin", "jigen", "goemon", TABLE):
        seen = events_for_seat(st.log, seat)
        assert not [e for e in seen if e.data.get("figure") == "fujiko" and "device" in e.data
                    and e.kind != "device_granted"]     # her motorbike is no secret
        assert not [e for e in seen if e.kind == "start_chosen" and e.data.get("figure") == "fujiko"
                    and "square" in e.data]
        assert st.view(seat)["figures"]["fujiko"]["spot"] is None
    st.apply(FujikoDone("fujiko"))
    assert st.phase == "gang" and st.figures["fujiko"].devices == ["sport_motorbike", "wetsuit"]
    assert site(st).shop == {} and st.plan.leftovers == {}
    assert not [a for a in st.legal_actions("fujiko") if isinstance(a, A.BuyLeftover)]


def test_fujikos_clock_running_out_gives_her_t1():
    st = gang_planned()
    st.apply(FujikoDone("fujiko", timed_out=True))
    assert st.figures["fujiko"].spot == P("T1") and st.phase == "gang"


def test_with_two_or_three_players_fujiko_is_a_loyal_member_who_plans_with_the_gang():
    st = placed(players=3)
    assert fujiko_side(st) is None and not st.fujiko_traitor()
    seat = st.seat_of["fujiko"]
    assert {a.square for a in st.legal_actions(seat) if isinstance(a, A.ChooseStart) and a.figure == "fujiko"} \
        == {"A1", "A2", "A4"}
    st = started(players=3)
    assert st.phase == "gang" and st.figures["fujiko"].spot == P("A1")


# ---------------------------------------------------------------- the round

def test_round_one_is_the_gangs_without_fujiko_and_then_fujiko_always_plays_first():
    st = started()
    assert st.round == 1 and st.figures["fujiko"].turn_done
    assert "fujiko" not in st.to_act()
    refused(st, A.EndTurn("fujiko", "fujiko"))
    next_round(st)
    assert st.round == 2 and st.to_act() == ["fujiko"]
    refused(st, A.EndTurn("lupin", "lupin"))
    st.apply(A.EndTurn("fujiko", "fujiko"))
    assert "lupin" in st.to_act()


def test_a_traitor_fujiko_and_the_gang_never_share_what_they_know():
    st = started()
    put(st, "fujiko", "H8")
    put(st, "lupin", "H9")
    assert not st.may_talk("lupin", "fujiko")
    assert st.view("lupin")["figures"]["fujiko"]["spot"] is None or st.is_shown("fujiko")
    assert st.view("fujiko")["figures"]["lupin"]["spot"] is None or st.is_shown("lupin")
    assert st.view("fujiko")["mine"]["fujiko"]["traitor"] is True
    assert st.view("fujiko")["cagliostro"]["fujiko_side"] == "traitor"
    assert st.view("lupin")["cagliostro"]["fujiko_side"] is None


def test_a_member_on_a_token_flips_it_in_phase_3_even_unseen_and_the_temple_opens_next_round():
    st = started()
    token_at(st, "I6", "owl")      # in Saturnus (open from the start)
    stand(st, "jigen", "I6")
    assert not st.is_shown("jigen")
    end_gang_phase(st)
    s = site(st)
    assert s.flipped == {"I6": "owl"} and "I6" not in s.tokens
    assert s.opening == {"Minerva": 2}
    assert "Minerva" not in st.open_temples or st.round == 2
    flip = next(e for e in st.log if e.kind == "token_flipped")
    assert flip.for_seat("zenigata").data == {"square": "I6", "token": "owl"}   # not who
    assert flip.for_seat("jigen").data["figure"] == "jigen"
    assert not st.is_shown("jigen")
    for seat in ("zenigata", TABLE, "lupin"):
        assert st.view(seat)["cagliostro"]["tokens"]["I6"] == "owl"
    pass_treasure_phase(st)
    assert st.round == 2 and "Minerva" in st.open_temples


def test_the_minerva_floor_is_entered_only_once_the_owl_has_opened_it():
    st = started()
    stand(st, "lupin", "G6")   # by Minerva's steps (F6 steps, E6 floor)
    assert P("E6") not in st._gang_move_targets("lupin")
    refused(st, A.Move("lupin", "lupin", "E6"), "cannot end a move")
    token_at(st, "I6", "owl")
    put(st, "jigen", "I6")
    next_round(st)
    assert P("E6") in set(st._gang_move_targets("lupin")) or P("E6") in set(
        s for s in st._gang_move_targets("lupin"))


def test_the_fourth_bust_opens_divus_caesar_next_round_and_a_member_there_takes_the_coins():
    st = started()
    s = site(st)
    others = iter(["owl", "pilum", "trident", "trapdoor", "trapdoor"])
    s.tokens = {sq: "bust" if sq in ("I6", "F13", "E6", "N9") else next(others) for sq in sorted(s.tokens)}
    clear_police(st)
    put(st, "lupin", "I6")
    put(st, "jigen", "F13")
    end_gang_phase(st)
    assert "Divus Caesar" not in s.opening
    s.flipped.update({"E6": "bust", "N9": "bust"})   # two more found elsewhere earlier
    s.tokens.pop("E6"), s.tokens.pop("N9")
    next_round(st)
    put(st, "goemon", "I6")   # nothing left to flip there
    s.tokens["I6"] = "bust"
    s.flipped.pop("I6")
    end_gang_phase(st)
    pass_treasure_phase(st)
    assert s.opening["Divus Caesar"] == st.round
    next_round(st)
    assert "Divus Caesar" in st.open_temples
    # in phase 4 a member on the temple's floor takes the coins; the carrier is shown for good
    put(st, "jigen", "G15")
    put(st, "lupin", "G16")
    end_gang_phase(st)
    coins = st.tiles[0]
    assert coins.carrier == "lupin" and coins.site is None          # Lupin first, by priority
    assert st.is_shown("lupin") and st.figures["lupin"].always_shown
    assert any(e.kind == "coins_taken" and e.audience is None for e in st.log)


def test_a_handwheel_drains_its_zone_from_the_next_round():
    st = started()
    stand(st, "lupin", "P1")
    end_gang_phase(st)
    s = site(st)
    assert "P1" not in s.handwheels and s.draining == {"yellow": 2}
    assert "yellow" not in st.drained or st.round == 2
    while st.phase != "gang":
        st.apply(A.EndTurn("zenigata", "police") if st.phase == "police" else A.EndTreasure(st.to_act()[0]))
    assert "yellow" in st.drained
    put(st, "jigen", "N4")   # on the site's dirt, next to the yellow basin
    assert P("N5") in set(st._gang_move_targets("jigen"))
    assert st.view("zenigata")["cagliostro"]["drained"] == ["yellow"]


def test_the_flooded_zones_keep_walkers_out_until_drained():
    st = started()
    stand(st, "jigen", "N4")
    assert P("N5") not in set(st._gang_move_targets("jigen"))
    refused(st, A.Move("jigen", "jigen", "N5"))


def test_a_trapdoor_opens_apollo_and_the_passage_from_the_next_round():
    st = started()
    token_at(st, "F13", "trapdoor")
    stand(st, "lupin", "F13")
    put(st, "jigen", "H9")
    end_gang_phase(st)
    assert site(st).passage_from == 2 and site(st).opening.get("Apollo") == 2
    while st.phase != "gang":
        st.apply(A.EndTurn("zenigata", "police") if st.phase == "police" else A.EndTreasure(st.to_act()[0]))
    st.apply(A.EndTurn("fujiko", "fujiko"))
    targets = set(st._gang_move_targets("jigen"))
    assert P("N20") in targets and P("O20") in targets   # Apollo's floor, through the passage
    st.apply(A.Move("jigen", "jigen", "O20"))
    assert st.figures["jigen"].spot == P("O20")


def test_no_passage_before_a_trapdoor_is_flipped():
    st = started()
    stand(st, "jigen", "H9")
    assert P("N20") not in set(st._gang_move_targets("jigen"))
    refused(st, A.Move("jigen", "jigen", "N20"))


def _with_coins(st, c):
    coins = st.tiles[0]
    coins.site, coins.carrier = None, c
    st.figures[c].always_shown = True


def test_the_gang_escapes_with_the_coins_by_a1_a2_a4_and_wins_without_a_traitor_fujiko():
    st = started()
    clear_police(st)
    _with_coins(st, "lupin")
    st.figures["lupin"].spot = P("A2")
    for c in ("jigen", "goemon"):
        st.figures[c].escaped, st.figures[c].spot = True, None
    st.figures["fujiko"].turn_done = True
    st.apply(A.Escape("lupin", "lupin"))
    assert st.result().winners == ("lupin", "jigen", "goemon") and st.result().reason == "gang_escaped"


def test_a_traitor_fujiko_cannot_leave_by_the_gangs_squares_but_wins_alone_by_t1_with_the_coins():
    st = started()
    next_round(st)
    clear_police(st)
    put(st, "fujiko", "A4")
    assert not [a for a in st.legal_actions("fujiko") if isinstance(a, A.Escape)]
    refused(st, A.Escape("fujiko", "fujiko"), "start square")
    put(st, "fujiko", "T1")
    _with_coins(st, "fujiko")
    st.apply(A.Move("fujiko", "fujiko", "T2"))   # any move: the settle sees her holding the coins
    assert st.betrayed
    st.apply(A.EndTurn("fujiko", "fujiko"))
    assert st.figures["fujiko"].turn_done


def test_a_traitor_fujiko_escaping_with_the_coins_wins_alone():
    st = started()
    next_round(st)
    clear_police(st)
    put(st, "fujiko", "T25")
    _with_coins(st, "fujiko")
    st.betrayed = True
    st.apply(A.Escape("fujiko", "fujiko"))
    assert st.result().winners == ("fujiko",) and st.result().reason == "fujiko_betrayal"


def test_perdonami_lupin_drawn_by_round_12_makes_her_repent_in_secret():
    st = started()
    fj = st.figures["fujiko"]
    fj.deck.insert(0, BETRAYAL_CARD)
    st.draw_card("fujiko", events=(ev := []))
    assert fujiko_side(st) == "gang" and BETRAYAL_CARD in fj.hand and not st.fujiko_traitor()
    assert st.view("fujiko")["cagliostro"]["fujiko_side"] == "gang"
    for seat in ("lupin", "zenigata", TABLE):
        assert st.view(seat)["cagliostro"]["fujiko_side"] is None
        assert all(e.for_seat(seat) is None or "side" not in e.for_seat(seat).data for e in ev)
    assert st.start_squares("fujiko", escape=True) == [P("A1"), P("A2"), P("A4")]
    # a repented Fujiko is one of the gang: she wins with them
    assert "fujiko" in st.loyal()
    # "Voglio riscattarmi" drawn after it is discarded without effect
    fj.deck.insert(0, REDEEM_CARD)
    st.draw_card("fujiko", events=[])
    assert fujiko_side(st) == "gang" and REDEEM_CARD in fj.discard


def test_perdonami_lupin_drawn_from_round_13_is_void():
    st = started()
    st.round = 13
    st.figures["fujiko"].deck.insert(0, BETRAYAL_CARD)
    st.draw_card("fujiko", events=[])
    assert fujiko_side(st) == "traitor" and BETRAYAL_CARD in st.figures["fujiko"].discard


def test_voglio_riscattarmi_puts_her_with_zenigata_who_wins_with_her():
    st = started()
    st.figures["fujiko"].deck.insert(0, REDEEM_CARD)
    st.draw_card("fujiko", events=[])
    assert fujiko_side(st) == "police" and "fujiko" not in st.loyal()
    assert st.start_squares("fujiko", escape=True) == []
    st.round = st.rounds_total
    st.check_end([], end_of_round=True)
    assert st.result().winners == ("zenigata", "fujiko") and st.result().reason == "time_up"


def test_the_alarm_sounds_from_round_11():
    st = started()
    _with_coins(st, "lupin")
    st.round = 10
    assert st.alarm_round == 11 and not st.view("zenigata")["alarm"]
    st.round = 11
    assert st.view("zenigata")["alarm"]


def test_novice_means_always_visible():
    st = started(difficulty="novice")
    assert all(st.is_shown(c) for c in st.gang)


def test_police_cars_wait_on_the_south_road_and_reinforce():
    st = started()
    assert sorted(str(c.home) for c in st.cars.values()) == ["T12", "T13"]
    for f in st.figures.values():
        if f.kind == "agent" and f.spot is not None:
            f.spot = None
    end_gang_phase(st)
    while st.phase == "treasure":
        st.apply(A.EndTreasure(st.to_act()[0]))
    legal = st.legal_actions("zenigata")
    assert any(isinstance(a, A.CarFromStation) for a in legal)
    assert {a.square for a in legal if isinstance(a, A.CarAppears)} >= {"B13", "K25", "P2"}


def test_the_data_fits_the_board_and_a_mistake_names_file_line_and_field(tmp_path):
    assert board_problems() == []
    bad = tmp_path / "cagliostro.yaml"
    bad.write_text("gang_planning_seconds: 900\nfujiko_planning_seconds: soon\nalarm_round: 11\n"
                   "repent_last_round: 12\ndiscovery_tokens: []\ntreasure_temple: X\n"
                   "police_cars: {parking: [T12, T13], appear: [], designed: true, note: n}\n")
    with pytest.raises(ContentError) as err:
        load_typed(bad, CagliostroData)
    text = str(err.value)
    assert "cagliostro.yaml:2" in text and "fujiko_planning_seconds" in text


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_episodes_events_and_actions_read_as_sentences(lang):
    from game.engine.i18n import set_language, translator
    from game.lupin.ui.choices import action_label
    from game.lupin.ui.log_text import event_line
    set_language(lang)
    try:
        st = gang_planned()
        view = st.view("fujiko")
        for a in (FujikoBuy("fujiko", "knife"), FujikoReturn("fujiko", "knife"), FujikoDone("fujiko"),
                  FujikoDone("fujiko", timed_out=True)):
            label = action_label(a, view)
            assert label and "fujiko_" not in label and "{" not in label
        st.apply(A.ChooseStart("fujiko", "fujiko", "T1"))
        st.apply(FujikoDone("fujiko"))
        token_at(st, "I6", "owl")
        stand(st, "jigen", "I6")
        put(st, "lupin", "P1")
        end_gang_phase(st)
        kinds = {"token_flipped", "handwheel_turned", "zone_draining", "temple_opening", "fujiko_planning",
                 "fujiko_planning_done"}
        for seat in ("zenigata", "jigen"):
            for e in events_for_seat(st.log, seat):
                if e.kind in kinds:
                    line = event_line({"kind": e.kind, **dict(e.data)})
                    key = e.kind + ("_secret" if e.kind in ("token_flipped", "handwheel_turned")
                                    and "figure" not in e.data else "")
                    assert translator().has(f"lupin.ev.{key}") and "{" not in line, line
    finally:
        set_language("en")


def test_a_traitor_fujikos_motorbike_waits_on_her_square_unknown_to_the_gang():
    st = started(fujiko_at="T25")
    bike = next(v for v in st.rides.values() if v.owner == "fujiko")
    assert str(bike.spot) == "T25"
    assert bike.id in [r["id"] for r in st.view("fujiko")["rides"]]
    for seat in ("lupin", "jigen", "goemon", "zenigata"):
        assert bike.id not in [r["id"] for r in st.view(seat)["rides"]]
