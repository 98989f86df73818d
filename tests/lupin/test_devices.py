"""The base box's devices in play, clause by clause (docs/rules-decisions.md, "Lupin — devices in
play"): the vehicles (game/lupin/rules/vehicles.py) and the other tiles (devices.py), each with its
effect and its limits, on small scenes of the real boards; then whole random games in which the
gang carries devices, checked after every action like test_invariants.py."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE, IllegalAction, events_for_seat
from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from game.lupin.rules.catalog import catalog
from game.lupin.rules.devices import Trap, vanish_squares
from game.lupin.rules.state import new_game
from game.lupin.rules.vehicles import Vehicle, deploy, get_in_targets, ride_targets, vehicle_shown
from tests.lupin.test_round import clear_police, dice, put, started, to_police_phase


def vehicle(st, device, square, owner="lupin", riders=()):
    """A gang vehicle put straight on the board (its tile in ``owner``'s devices)."""
    n = 1 + sum(1 for v in st.rides.values() if v.device == device)
    v = Vehicle(f"{device}-{n}", device, P(square), owner=owner,
                known_by=sorted({st.seat_of[c] for c in st.gang}))
    st.figures[owner].devices.append(device)
    st.rides[v.id] = v
    for r in riders:
        st.figures[r].spot, st.figures[r].in_car = v.spot, v.id
        v.riders.append(r)
    return v


def give(st, member, *devices):
    st.figures[member].devices.extend(devices)


def refused(st, action, match):
    before = st.snapshot()
    with pytest.raises(IllegalAction, match=match):
        st.apply(action)
    assert st == before


def seen(st):
    return st.geo.watched(st.viewers(), vehicles=st.vehicles())


def end_police_phase(st):
    to_police_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    assert st.phase == "gang"


# ---------------------------------------------------------------- vehicles: on the board


def test_vehicles_bought_are_put_on_the_board_when_the_rounds_begin():
    st = new_game({"episode": "rosso-rubino", "players": 5}, 2)
    while st.phase == "placement":
        st.apply(A.Place("zenigata", st.next_to_place(), str(max(st.placement_squares()))))
    for c, sq in (("lupin", "A1"), ("jigen", "A2"), ("goemon", "C1"), ("fujiko", "R1")):
        st.apply(A.ChooseStart(st.seat_of[c], c, sq))
    st.apply(A.BuyDevice("lupin", "lupin", "alfa_romeo_2300"))
    st.apply(A.BuyDevice("lupin", "jigen", "helicopter"))
    st.figures["goemon"].devices.append("boat")        # over the budget: handed over for the test
    st.apply(A.ConfirmPlan("lupin"))
    where = {v.device: (str(v.spot), v.owner, v.riders) for v in st.rides.values()}
    assert where == {"alfa_romeo_2300": ("A1", "lupin", []),      # on its owner's start square, empty
                     "helicopter": ("N6", "jigen", []),           # on the helipad
                     "boat": ("J9", "goemon", []),                # the dock nearest Goemon on foot
                     "sport_motorbike": ("R1", "fujiko", [])}     # Fujiko's, free
    assert st.figures["lupin"].devices == ["alfa_romeo_2300"]   # the tile stays his
    # the gang planned together and knows where they stand; Zenigata and the table nothing
    assert {r["device"] for r in st.view("goemon")["rides"]} == set(where)
    # Zenigata sees only what stands in a line of fire: the boat, 5 squares from the Padiglione's
    # guard on J14 (a rifle reaches 12)
    assert [r["device"] for r in st.view("zenigata")["rides"]] == ["boat"] == \
        [r["device"] for r in st.view(TABLE)["rides"]]
    assert [e.for_seat("zenigata").data["device"] for e in st.log
            if e.kind == "vehicle_placed" and e.for_seat("zenigata")] == ["boat"]
    deploy(st, [])                                   # a new gang phase puts nothing twice
    assert len(st.rides) == 4


def test_the_boat_is_only_for_rosso_rubino():
    cat = catalog()
    assert "boat" in cat.shop_for("rosso-rubino") and "boat" not in cat.shop_for("gran-colpo")
    st = started()                                   # Gran colpo has no dock: a boat tile stays a tile
    give(st, "goemon", "boat")
    deploy(st, [])
    assert [v.device for v in st.rides.values()] == ["sport_motorbike"]


# ---------------------------------------------------------------- getting in and out


def test_riders_get_in_from_next_to_the_vehicle_up_to_its_capacity_and_may_talk():
    st = started()
    clear_police(st)
    moto = next(v for v in st.rides.values() if v.device == "sport_motorbike")
    assert str(moto.spot) == "R1"
    put(st, "lupin", "Q3")                           # two squares away: too far
    assert get_in_targets(st, "lupin") == []
    refused(st, A.GetIn("lupin", "lupin", moto.id), "from its square or a square next to it")
    st.apply(A.GetIn("fujiko", "fujiko", moto.id))   # from its own square
    st.apply(A.EndTurn("fujiko", "fujiko"))
    put(st, "lupin", "Q2")                           # next to it, diagonally
    st.apply(A.GetIn("lupin", "lupin", moto.id))
    st.apply(A.EndTurn("lupin", "lupin"))
    assert moto.riders == ["fujiko", "lupin"] and st.figures["lupin"].spot == P("R1")
    put(st, "jigen", "R2")
    refused(st, A.GetIn("jigen", "jigen", moto.id), "full: 2 aboard")   # capacity 2, driver included
    # riders of one vehicle talk: each seat knows the other's square
    assert st.may_talk("lupin", "fujiko") and st.view("fujiko")["figures"]["lupin"]["spot"] == "R1"
    # a rider neither shoots nor fights
    assert st.shoot_targets("lupin") == [] and st.melee_targets("lupin") == []
    end_police_phase(st)
    st.apply(A.GetOut("lupin", "lupin", "Q1"))
    assert st.figures["lupin"].in_car is None and moto.riders == ["fujiko"]


# ---------------------------------------------------------------- riding


def road_distance(st, frm, to):
    from collections import deque
    board = st.geo.board
    best = {P(frm): 0}
    q = deque([P(frm)])
    while q:
        cur = q.popleft()
        for nb in cur.neighbours4():
            if nb in board and nb not in best and board.cell(nb).terrain in ("road", "bridge"):
                best[nb] = best[cur] + 1
                q.append(nb)
    return best.get(P(to))


def test_a_car_replaces_its_drivers_move_along_the_road_and_never_stops_on_a_bus_stop():
    st = started()
    clear_police(st)
    alfa = vehicle(st, "alfa_romeo_2300", "C2", riders=("goemon",))
    targets = ride_targets(st, "goemon")
    board = st.geo.board
    assert targets and all(board.cell(s).terrain in ("road", "bridge") for s in targets)
    assert all(road_distance(st, "C2", str(s)) <= 10 for s in targets)
    assert P("C11") in targets and P("C14") not in targets          # 9 squares along row C; 12 is too far
    bus = set(board.squares_of("bus_stop"))
    assert {str(s) for s in bus} >= {"C4", "C5", "C8", "C9", "C12", "C13"} and not bus & set(targets)
    refused(st, A.Ride("goemon", "goemon", "C12"), "never stopping on a bus stop")   # 10 squares, a stop
    # the police block the road: an agent on C7 cuts row C
    put(st, "agent-1", "C7")
    assert P("C11") not in ride_targets(st, "goemon") and P("C6") in ride_targets(st, "goemon")
    st.figures["agent-1"].spot = None
    st.apply(A.Ride("goemon", "goemon", "C11"))                      # through the bus stops, not on them
    assert alfa.spot == P("C11") and st.figures["goemon"].spot == P("C11") and st.figures["goemon"].moved
    refused(st, A.Move("goemon", "goemon", "C10"), "already moved")   # the ride was his move
    assert st.figures["goemon"].notes[-1].action == "drive"
    st.apply(A.EndTurn("goemon", "goemon"))
    # a passenger who has not moved cannot drive it again this round: once a round a vehicle
    put(st, "jigen", "C10")
    st.apply(A.GetIn("jigen", "jigen", alfa.id))
    assert ride_targets(st, "jigen") == []
    refused(st, A.Ride("jigen", "jigen", "C10"), "already moved this round")
    # he may still walk off on his own move
    st.apply(A.Move("jigen", "jigen", "C15"))
    assert st.figures["jigen"].in_car is None and alfa.riders == ["goemon"]


def test_the_helicopter_carries_the_whole_gang_anywhere_but_roofs_the_river_and_columns_17_to_25():
    st = started("rosso-rubino")
    clear_police(st)
    for g in [f for f in st.figures if f.startswith("guard")]:
        st.figures[g].spot = None
        del st.figures[g]
    heli = vehicle(st, "helicopter", "N6", owner="jigen", riders=("lupin", "jigen", "goemon", "fujiko"))
    targets = ride_targets(st, "lupin")
    board = st.geo.board
    assert len(heli.riders) == 4 and len(targets) > 150                 # the whole gang, no distance
    assert not any(16 <= s.col <= 24 for s in targets)                  # columns 17-25
    assert not any(board.cell(s).roof or board.cell(s).water for s in targets)
    assert P("A1") in targets and P("E10") not in targets and P("J10") not in targets   # a bridge, the river
    refused(st, A.Ride("lupin", "lupin", "E20"), "never between columns 17 and 25")
    st.apply(A.Ride("lupin", "lupin", "R15"))
    assert {str(st.figures[c].spot) for c in st.gang} == {"R15"}
    # on the ground it can be shot at; in the air nobody had the chance
    assert not vehicle_shown(st, heli)


def test_the_boat_sails_from_dock_to_dock():
    st = started("rosso-rubino")
    clear_police(st)
    boat = vehicle(st, "boat", "J9", owner="goemon", riders=("goemon", "lupin", "jigen"))
    assert sorted(map(str, ride_targets(st, "goemon"))) == ["C12", "O12", "S9"]   # under the bridges
    refused(st, A.Ride("goemon", "goemon", "J10"), "from dock to dock")
    st.apply(A.Ride("goemon", "goemon", "O12"))
    assert boat.spot == P("O12") and all(st.figures[c].spot == P("O12") for c in ("goemon", "lupin", "jigen"))


# ---------------------------------------------------------------- seen and hidden


def test_riders_are_hidden_and_shown_with_their_vehicle():
    st = started()
    clear_police(st)
    moto = next(v for v in st.rides.values() if v.device == "sport_motorbike")
    st.apply(A.GetIn("fujiko", "fujiko", moto.id))
    st.apply(A.Ride("fujiko", "fujiko", "R5"))                          # nobody sees it
    assert not vehicle_shown(st, moto) and not st.is_shown("fujiko")
    assert st.view("zenigata")["rides"] == [] and st.view("zenigata")["figures"]["fujiko"]["spot"] is None
    assert all("to" not in e["data"] for e in
               [{"data": e.data} for e in events_for_seat(st.log, "zenigata") if e.kind == "rode"])
    assert [r["spot"] for r in st.view("fujiko")["rides"]] == ["R5"]
    assert st.view("jigen")["rides"] == []                               # he did not see it go
    st.apply(A.EndTurn("fujiko", "fujiko"))
    end_police_phase(st)
    put(st, "agent-1", "R15")                                            # R10 is 5 along the road
    st.apply(A.Ride("fujiko", "fujiko", "R10"))
    assert vehicle_shown(st, moto) and st.is_shown("fujiko")
    assert st.view("zenigata")["rides"][0]["spot"] == "R10"
    assert st.view("zenigata")["rides"][0]["riders"] == ["fujiko"]
    # getting out where an agent sees the vehicle's square shows him, wherever he lands
    assert P("Q9") not in seen(st) and P("R10") in seen(st)
    st.apply(A.GetOut("fujiko", "fujiko", "Q9"))
    assert st.is_shown("fujiko")


def test_getting_out_unseen_keeps_the_member_hidden_and_the_vehicle_stays():
    st = started()
    clear_police(st)
    moto = vehicle(st, "sport_motorbike", "R5", owner="fujiko", riders=("fujiko",))
    st.apply(A.GetOut("fujiko", "fujiko", "Q5"))
    assert not st.is_shown("fujiko") and moto.spot == P("R5") and moto.riders == []
    assert [e for e in events_for_seat(st.log, "zenigata") if e.kind == "got_out"] == []


def test_a_hidden_vehicles_square_is_the_gangs_secret():
    st = started()
    clear_police(st, keep=("zenigata",))
    put(st, "zenigata", "L24")
    b = st.snapshot()
    moto_b = next(v for v in b.rides.values() if v.device == "sport_motorbike")
    moto_b.spot = P("R3")
    assert st != b
    for seat in ("zenigata", TABLE):
        assert st.view(seat) == b.view(seat)
    for seat in ("lupin", "jigen", "goemon", "fujiko"):
        assert st.view(seat) != b.view(seat)           # planned together: they know where it waits


def test_a_shown_vehicle_blocks_sight_and_movement_a_hidden_one_neither():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "agent-1", "C8")
    put(st, "lupin", "C4")
    alfa = vehicle(st, "alfa_romeo_2300", "C6")
    assert not vehicle_shown(st, alfa)
    assert st.in_police_sight("lupin") and P("C6") not in st.occupied()
    alfa.shown = True
    assert not st.in_police_sight("lupin")                              # C6 stands between
    assert st.occupied()[P("C6")] == alfa.id
    to_police_phase(st)
    assert P("C6") not in st.police_move_targets("agent-1") and P("C5") not in st.police_move_targets("agent-1")


def test_two_pieces_shown_on_one_square_the_vehicle_moves_aside():
    st = started()
    clear_police(st, keep=("agent-1",))
    alfa = vehicle(st, "alfa_romeo_2300", "C6")
    put(st, "agent-1", "C12")
    to_police_phase(st)
    st.apply(A.Move("zenigata", "agent-1", "C10"))                      # sees C6: spotted
    assert vehicle_shown(st, alfa)
    st.figures["agent-1"].spot = P("C6")                                # a policeman on its square
    st.apply(A.EndTurn("zenigata", "police"))                           # any action: then pieces settle
    assert alfa.spot != P("C6") and st.geo.board.cell(alfa.spot).terrain == "road"
    assert max(abs(alfa.spot.row - 2), abs(alfa.spot.col - 5)) == 1


# ---------------------------------------------------------------- shot at


def test_a_vehicle_in_a_line_of_fire_is_shot_at_and_its_riders_are_dropped_unhurt():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2"))
    put(st, "agent-1", "R15")
    put(st, "agent-2", "N5")
    moto = next(v for v in st.rides.values() if v.device == "sport_motorbike")
    put(st, "lupin", "R2")
    st.apply(A.GetIn("fujiko", "fujiko", moto.id))
    st.apply(A.Ride("fujiko", "fujiko", "R10"))
    st.apply(A.EndTurn("fujiko", "fujiko"))
    assert vehicle_shown(st, moto)
    to_police_phase(st)
    assert moto.id in st.shoot_targets("agent-1")
    assert moto.id not in st.shoot_targets("agent-2")                   # N5 is not on a line to R10
    dice(st, (4, 4), (5, 3))
    st.apply(A.Shoot("zenigata", "agent-1", moto.id))                    # 8: a hit, 1 of 2
    assert moto.hits == 1 and moto.id in st.rides
    put(st, "agent-2", "R6")
    st.apply(A.Shoot("zenigata", "agent-2", moto.id))                    # 8 again: destroyed
    assert moto.id not in st.rides
    fj = st.figures["fujiko"]
    assert fj.spot == P("R10") and fj.in_car is None and fj.wounds == 0 and st.is_shown("fujiko")
    assert "sport_motorbike" not in fj.devices                           # the tile left the game


def test_the_alfa_romeo_is_hit_only_on_nine_and_stands_five_hits():
    st = started()
    clear_police(st, keep=("agent-1",))
    alfa = vehicle(st, "alfa_romeo_2300", "R10")                         # abandoned on the road
    alfa.shown = True
    put(st, "agent-1", "R15")
    to_police_phase(st)
    dice(st, (4, 4))
    ev = st.apply(A.Shoot("zenigata", "agent-1", alfa.id))
    assert alfa.hits == 0 and [e.data["need"] for e in ev if e.kind == "shot"] == [9]
    assert catalog().device("alfa_romeo_2300").params.hits_to_destroy == 5


# ---------------------------------------------------------------- hang glider


def test_the_hang_glider_goes_from_a_roof_down_to_the_ground_or_a_lower_roof():
    st = started()
    clear_police(st)
    give(st, "lupin", "hang_glider")
    assert not [a for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]   # not on a roof
    put(st, "lupin", "D4")                                              # the cathedral's roof, 4 floors
    targets = [a.target for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]
    geo = st.geo
    for t in map(P, targets):
        cell = geo.board.cell(t)
        assert max(abs(t.row - 3), abs(t.col - 3)) <= 6                    # within his movement
        assert not cell.roof or (cell.building != "Cattedrale di San Lorenzo" and geo.elevation(t) < 4)
    assert "D8" in targets and "C4" in targets and "D6" not in targets    # a lower roof, the street, not his own
    st.apply(A.UseDevice("lupin", "lupin", "hang_glider", "D8"))        # onto Palazzo Riva's roof, 3 floors
    lupin = st.figures["lupin"]
    assert lupin.spot == P("D8") and lupin.moved and lupin.devices == ["hang_glider"] and lupin.glides == 1
    refused(st, A.Move("lupin", "lupin", "C8"), "already moved")
    st.apply(A.EndTurn("lupin", "lupin"))
    end_police_phase(st)
    st.apply(A.UseDevice("lupin", "lupin", "hang_glider", "C9"))        # the next round: down to the street
    assert lupin.spot == P("C9") and lupin.devices == [] and lupin.glides == 0


# ---------------------------------------------------------------- radio


def test_a_radio_lets_the_gang_know_where_everybody_is_this_round_only():
    st = started()
    clear_police(st)
    give(st, "goemon", "radio")
    st.apply(A.Move("lupin", "lupin", "C5"))
    st.apply(A.EndTurn("lupin", "lupin"))
    assert st.view("jigen")["figures"]["lupin"]["spot"] is None
    st.apply(A.UseDevice("goemon", "goemon", "radio"))
    assert st.figures["goemon"].devices == []                            # one use
    assert st.view("jigen")["figures"]["lupin"]["spot"] == "C5"
    assert st.view("fujiko")["figures"]["goemon"]["spot"] == "C1"
    assert st.view("zenigata")["figures"]["lupin"]["spot"] is None       # Zenigata's view is unaffected
    assert not st.can_receive("lupin", "fujiko")                        # talking is not handing over
    st.apply(A.EndTurn("goemon", "goemon"))
    st.apply(A.Move("jigen", "jigen", "B3"))
    moved = [e for e in st.log if e.kind == "moved" and e.data["figure"] == "jigen"][-1]
    assert moved.audience == frozenset({"lupin", "jigen", "goemon", "fujiko"})
    end_police_phase(st)
    assert st.view("jigen")["figures"]["lupin"]["spot"] is None           # the next round: over


# ---------------------------------------------------------------- hand grenade


def test_a_grenade_eliminates_every_agent_around_its_square_but_not_the_gang():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2", "agent-3", "agent-4"))
    put(st, "lupin", "I3")
    put(st, "agent-1", "I7")
    put(st, "agent-2", "H7")
    put(st, "agent-3", "I10")                                            # outside the 3×3
    put(st, "agent-4", "I11")
    put(st, "jigen", "I9")                                               # a partner in the blast
    give(st, "lupin", "hand_grenade")
    targets = [a.target for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]
    assert "I8" in targets and "I10" not in targets                     # 5 squares at most
    st.apply(A.UseDevice("lupin", "lupin", "hand_grenade", "I8"))
    assert st.figures["agent-1"].spot is None and st.figures["agent-2"].spot is None
    assert st.figures["agent-3"].spot == P("I10") and st.figures["jigen"].wounds == 0
    assert st.figures["lupin"].devices == [] and st.figures["lupin"].kills == 2
    assert st.is_shown("lupin")                                          # thrown like a shot


def test_a_grenade_hits_only_the_squares_at_its_own_height():
    st = started("rosso-rubino")
    clear_police(st, keep=("agent-1",))
    guard = next(g for g, f in st.figures.items() if f.kind == "guard" and f.spot == P("F17"))
    put(st, "lupin", "I16")
    put(st, "agent-1", "G16")
    give(st, "lupin", "hand_grenade")
    st.apply(A.UseDevice("lupin", "lupin", "hand_grenade", "F16"))       # the roof square F17 is next to it
    assert st.figures["agent-1"].spot is None and st.figures[guard].spot == P("F17")


# ---------------------------------------------------------------- medical kit


def test_a_medical_kit_heals_its_user_or_a_partner_next_to_him_once():
    st = started()
    clear_police(st)
    give(st, "lupin", "medical_kit", "medical_kit")
    put(st, "lupin", "C5")
    put(st, "jigen", "D3")                                               # two squares away
    st.figures["lupin"].wounds = 2
    st.figures["jigen"].wounds = 1
    kits = [a.target for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]
    assert kits == ["lupin"]
    put(st, "jigen", "D4")                                               # now next to him (diagonally)
    kits = [a.target for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]
    assert kits == ["lupin", "jigen"]
    st.apply(A.UseDevice("lupin", "lupin", "medical_kit", "jigen"))
    assert st.figures["jigen"].wounds == 0 and st.figures["lupin"].devices == ["medical_kit"]
    st.apply(A.UseDevice("lupin", "lupin", "medical_kit", "lupin"))
    assert st.figures["lupin"].wounds == 0 and st.figures["lupin"].devices == []


# ---------------------------------------------------------------- knife and rifle


def test_a_knife_reaches_five_squares_needs_twelve_and_is_gone_after_one_throw():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2", "agent-3"))
    put(st, "goemon", "I3")
    put(st, "agent-1", "I7")
    put(st, "agent-2", "I4")                                             # next to him: hand to hand only
    put(st, "agent-3", "I9")                                             # 6 away
    give(st, "goemon", "knife", "knife")
    targets = {a.target for a in st.legal_actions("goemon") if isinstance(a, A.UseDevice)}
    assert targets == {"agent-1"}
    dice(st, (4, 3), (4, 4))
    ev = st.apply(A.UseDevice("goemon", "goemon", "knife", "agent-1"))   # 7 + knife 4 = 11: missed
    assert [e.data["hit"] for e in ev if e.kind == "knife"] == [False]
    assert st.figures["agent-1"].spot == P("I7") and st.figures["goemon"].devices == ["knife"]
    st.apply(A.UseDevice("goemon", "goemon", "knife", "agent-1"))        # 8 + 4 = 12
    assert st.figures["agent-1"].spot is None and st.figures["goemon"].devices == []
    assert st.is_shown("goemon")


def test_a_rifle_shoots_twelve_squares_once_a_turn_besides_the_pistol_never_for_goemon():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2"))
    put(st, "jigen", "I3")
    put(st, "agent-1", "I13")                                            # 10 squares along the road
    put(st, "agent-2", "I6")
    give(st, "jigen", "rifle")
    assert "agent-1" not in st.shoot_targets("jigen")                   # the pistol: 5 squares
    rifle = [a for a in st.legal_actions("jigen") if isinstance(a, A.UseDevice)]
    assert {a.target for a in rifle} == {"agent-1", "agent-2"}
    dice(st, (4, 3), (6, 6))
    st.apply(A.UseDevice("jigen", "jigen", "rifle", "agent-1"))         # 7 + rifle 5 = 12
    assert st.figures["agent-1"].spot is None and st.figures["jigen"].devices == ["rifle"]
    refused(st, A.UseDevice("jigen", "jigen", "rifle", "agent-2"), "cannot be used now")
    st.apply(A.Shoot("jigen", "jigen", "agent-2"))                       # his own gun still fires
    assert st.figures["agent-2"].spot is None
    put(st, "goemon", "I3")
    give(st, "goemon", "rifle")
    assert not [a for a in st.legal_actions("goemon") if isinstance(a, A.UseDevice)]


def test_two_devices_a_turn():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2", "agent-3"))
    put(st, "jigen", "I3")
    for a, sq in (("agent-1", "I6"), ("agent-2", "I7"), ("agent-3", "I8")):
        put(st, a, sq)
    give(st, "jigen", "rifle", "knife", "hand_grenade")
    dice(st, (1, 1), (1, 1))
    st.apply(A.UseDevice("jigen", "jigen", "rifle", "agent-1"))
    st.apply(A.UseDevice("jigen", "jigen", "knife", "agent-1"))
    assert not [a for a in st.legal_actions("jigen") if isinstance(a, A.UseDevice)]
    refused(st, A.UseDevice("jigen", "jigen", "hand_grenade", "I7"), "two devices this turn")


# ---------------------------------------------------------------- shovel


def test_a_shovel_trap_is_secret_and_catches_the_first_agent_who_walks_over_it():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "agent-1", "R20")
    put(st, "lupin", "C1")
    give(st, "lupin", "shovel")
    assert not [a for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]   # not walked yet
    st.apply(A.Move("lupin", "lupin", "C6"))
    digs = [a.target for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]
    assert digs == ["C1", "C2", "C3", "C4", "C5", "C6"]                  # the squares he crossed
    refused(st, A.UseDevice("lupin", "lupin", "shovel", "D3"), "cannot be used now")
    ev = st.apply(A.UseDevice("lupin", "lupin", "shovel", "C4"))
    assert [str(t.square) for t in st.traps] == ["C4"] and st.figures["lupin"].devices == []
    for seat in ("zenigata", "jigen", TABLE):                            # only the digger knows
        assert all(e.for_seat(seat) is None for e in ev)
        assert "C4" not in repr(st.view(seat))
    assert st.view("lupin")["mine"]["lupin"]["notes"][-1]["action"] == "trap"
    to_police_phase(st)
    put(st, "agent-1", "C7")
    st.apply(A.Move("zenigata", "agent-1", "C3"))                        # crosses C4
    assert st.figures["agent-1"].spot is None and st.traps == []
    assert st.figures["lupin"].kills == 1
    assert any(e.kind == "trap_sprung" and e.data["square"] == "C4" for e in events_for_seat(st.log, "zenigata"))


def test_a_shovel_trap_swallows_a_police_car_and_its_agents():
    st = started()
    clear_police(st)
    to_police_phase(st)
    st.traps.append(Trap(P("L21"), "jigen", 1))
    car = st.cars["car-1"]
    car.spot = P("L23")
    st.figures["agent-9"].in_car = car.id
    car.agents = ["agent-9"]
    st.apply(A.Drive("zenigata", car.id, "L20"))
    assert car.spot is None and car.agents == [] and st.figures["agent-9"].in_car is None
    assert st.traps == [] and st.figures["jigen"].kills == 1


def test_a_shovel_trap_catches_a_partner_only_after_fujikos_betrayal():
    st = started()
    clear_police(st)
    st.traps.append(Trap(P("C4"), "fujiko", 1))
    put(st, "lupin", "C1")
    st.apply(A.Move("lupin", "lupin", "C6"))
    assert st.figures["lupin"].wounds == 0 and len(st.traps) == 1
    st.apply(A.EndTurn("lupin", "lupin"))
    st.betrayed = True
    put(st, "goemon", "C2")
    st.apply(A.Move("goemon", "goemon", "C5"))
    assert st.figures["goemon"].wounds == 1 and st.traps == []


# ---------------------------------------------------------------- balloon


def test_the_false_target_balloon_lets_a_shown_member_vanish_the_next_round():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "agent-1", "C7")
    give(st, "lupin", "decoy_balloon")
    assert not [a for a in st.legal_actions("lupin") if isinstance(a, A.UseDevice)]   # hidden: no use
    st.apply(A.Move("lupin", "lupin", "C3"))
    assert st.is_shown("lupin")
    st.apply(A.UseDevice("lupin", "lupin", "decoy_balloon"))
    assert st.figures["lupin"].devices == [] and st.figures["lupin"].decoy_round == 1
    st.apply(A.EndTurn("lupin", "lupin"))
    end_police_phase(st)
    squares = vanish_squares(st, "lupin")
    watched = seen(st)
    assert len(squares) == 2 and not set(squares) & watched
    vanish = [a for a in st.legal_actions("lupin") if isinstance(a, A.Vanish)]
    assert [a.to for a in vanish] == [str(s) for s in squares]
    st.apply(vanish[0])
    assert not st.is_shown("lupin") and st.figures["lupin"].spot == squares[0]
    told = [e for e in events_for_seat(st.log, "zenigata") if e.kind == "balloon"]
    assert told and "to" not in told[-1].data
    assert st.view("zenigata")["figures"]["lupin"]["spot"] is None


# ---------------------------------------------------------------- random games with devices

KITS = {
    "lupin": ["hand_grenade", "medical_kit", "fiat_500"],
    "jigen": ["rifle", "knife", "helicopter"],
    "goemon": ["knife", "shovel", "alfa_romeo_2300"],
    "fujiko": ["decoy_balloon", "radio", "hang_glider"],
}


class Equipped:
    """A ``check`` for ``play_game``: hands each member a kit when the game is created, then runs
    the invariants of test_invariants.py after every action."""

    def __init__(self, episode: str):
        from tests.lupin.test_invariants import Invariants
        self.inner = Invariants()
        self.episode = episode

    def __call__(self, state, action):
        if action is None:
            for c in state.gang:
                state.figures[c].devices.extend(KITS[c])
            if self.episode == "rosso-rubino" and "goemon" in state.gang:
                state.figures["goemon"].devices.append("boat")
        self.inner(state, action)


@pytest.mark.parametrize("episode,bots,players", [("rosso-rubino", "random", 5), ("gran-colpo", "random", 5),
                                                  ("rosso-rubino", "heuristic", 5), ("gran-colpo", "heuristic", 4),
                                                  ("rosso-rubino", "random", 3)])
def test_random_games_with_devices_keep_the_invariants(episode, bots, players):
    from game.lupin.simulate import simulate
    check = Equipped(episode)
    summary = simulate({"episode": episode, "players": players}, 3, 700 + players, bots, check=check)
    assert summary["errors"] == 0, summary["error_samples"]
    assert summary["illegal_actions_tried"] == summary["illegal_actions_rejected"]
    used = check.inner.actions_by_type
    assert used["UseDevice"] > 0 and used["GetIn"] > 0, dict(used)


def test_the_random_games_use_every_kind_of_device():
    from game.lupin.simulate import play_game
    check = Equipped("rosso-rubino")
    for seed in range(8):
        check.episode = ("rosso-rubino", "gran-colpo")[seed % 2]
        out = play_game({"episode": check.episode, "players": 5}, 900 + seed, "random", check=check)
        assert out["ok"], out.get("trace")
    ev = check.inner.events
    for kind in ("vehicle_placed", "got_in", "got_out", "rode", "grenade", "knife", "radio", "device_used"):
        assert ev[kind] > 0, (kind, dict(ev))


def test_the_event_privacy_holds_with_devices():
    """The privacy tests' event watch (test_privacy.py) over games where the gang is equipped."""
    from tests.lupin.test_privacy import EventWatch

    for episode, seed, bots in (("rosso-rubino", 31, "random"), ("gran-colpo", 32, "heuristic")):
        watch = EventWatch()
        state = _play_equipped({"episode": episode, "players": 5}, seed, bots, watch)
        assert state.is_over() and watch.moves > 0


def _play_equipped(config, seed, bots, watch):
    """A seeded game with bots, the gang equipped with ``KITS``; ``watch`` after every action."""
    import random as _random
    from game.lupin.ai import BOTS
    rng = _random.Random(seed)
    state = new_game(config, seed)
    for c in state.gang:
        state.figures[c].devices.extend(KITS[c])
    watch.before = state.snapshot()
    players: dict = {}
    while not state.is_over():
        seats = state.to_act()
        seat = seats[rng.randrange(len(seats))]
        bot = players.setdefault(seat, BOTS[bots](seed * 101 + len(players)))
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        state.apply(action)
        watch(state, action)
    return state


def test_a_police_car_stopped_on_a_hidden_member_sets_him_aside_once_he_is_spotted():
    """Found by the equipped random games (gran-colpo, 3 players, heuristic bots, seed 2): a police
    car drove onto the square of hidden Lupin (the police cannot know he is there), an agent got out
    and spotted him, and the car and Lupin stayed on one square. One figure or vehicle a square
    once shown: he goes to the nearest free square (state.settle counts police cars too)."""
    st = started()
    clear_police(st)
    put(st, "lupin", "L15")
    st.apply(A.EndTurn("lupin", "lupin"))
    to_police_phase(st)
    car = st.cars["car-1"]
    for agent in ("agent-8", "agent-9"):
        st.figures[agent].in_car = car.id
        car.agents.append(agent)
    st.apply(A.Drive("zenigata", car.id, "L15"))
    st.apply(A.Unload("zenigata", car.id, "M15"))
    assert st.is_shown("lupin")
    assert st.figures["lupin"].spot != car.spot == P("L15")
    assert max(abs(st.figures["lupin"].spot.row - 11), abs(st.figures["lupin"].spot.col - 14)) == 1


def test_every_vehicle_and_device_move_offered_is_accepted():
    """legal_actions offers only what apply accepts: along two equipped random games, a share of
    the offered GetIn / GetOut / Ride / Vanish / UseDevice moves is tried on a copy."""
    import random as _random
    from game.lupin.ai import BOTS
    kinds = (A.GetIn, A.GetOut, A.Ride, A.Vanish, A.UseDevice)
    tried = 0
    for episode, seed in (("rosso-rubino", 3), ("gran-colpo", 4)):
        rng = _random.Random(seed)
        st = new_game({"episode": episode, "players": 5}, seed)
        for c in st.gang:
            st.figures[c].devices.extend(KITS[c])
        players: dict = {}
        while not st.is_over():
            seat = rng.choice(st.to_act())
            legal = st.legal_actions(seat)
            for a in legal:
                if isinstance(a, kinds) and rng.random() < 0.2:
                    tried += 1
                    st.snapshot().apply(a)       # raises if refused
            bot = players.setdefault(seat, BOTS["random"](seed * 101 + len(players)))
            st.apply(bot.choose(st.view(seat), legal))
    assert tried > 100


# ---------------------------------------------------------------- wetsuit (expansion tile, sold in Rosso rubino)


def test_a_wetsuit_takes_its_wearer_through_the_river_with_one_square_less():
    from game.lupin.rules.geometry import GANG

    st = started("rosso-rubino")
    clear_police(st)
    put(st, "lupin", "F9")                     # on the bank of the Irrawaddy (F10-F11 are water)
    moves = st.allowance("lupin")
    assert P("F10") not in st._gang_move_targets("lupin")
    refused(st, A.Move("lupin", "lupin", "F10"), "cannot end a move")
    give(st, "lupin", "wetsuit")
    targets = set(st._gang_move_targets("lupin"))
    assert {P("F10"), P("F11")} <= targets
    # every square only the water leads to costs at most his movement less 1
    dry = st.geo.reach(P("F9"), moves, GANG).cost
    wet = st.geo.reach(P("F9"), moves, GANG, swim=True).cost
    far = [s for s, c in wet.items() if s not in dry and c == moves]
    assert far and not (set(far) & targets)
    assert all(wet[s] <= moves - 1 for s in targets - set(dry))
    # the walks he had without it are all still there
    assert set(dry) - {P("F9")} <= targets
    st.apply(A.Move("lupin", "lupin", "F11"))
    assert st.figures["lupin"].spot == P("F11") and "wetsuit" in st.figures["lupin"].devices   # used at will


def test_a_member_freed_by_giving_up_his_devices_keeps_his_wetsuit_in_the_water():
    st = started("rosso-rubino")
    clear_police(st)
    give(st, "jigen", "wetsuit", "knife")
    put(st, "jigen", "F10")                               # in the river
    put(st, "agent-1", "F9")
    st.figures["jigen"].arrested_by = "agent-1"
    st.figures["agent-1"].holding = "jigen"
    st.apply(A.FreeSelf("jigen", "jigen", "devices"))
    f = st.figures["jigen"]
    assert f.arrested_by is None and f.devices == ["wetsuit"] and f.spot == P("F10")
    assert P("F11") in st._gang_move_targets("jigen")     # still afloat: he may swim on
