"""The expansion's device tiles in play (docs/rules-decisions.md, "Lupin — expansion cards and
devices"): the wetsuit in the flooded zones, the jeep, the rowboat and the tank lorry, on the
Ritorno a Cagliostro board. The scenes are base-game states moved onto that board (the devices do
not need the episode's own rules), with the figures put by hand."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from game.lupin.rules.catalog import catalog
from game.lupin.rules.vehicles import Pump, Vehicle, deploy, ride_targets
from tests.lupin.test_cards import refused
from tests.lupin.test_round import put, started, to_police_phase


def cagliostro_scene():
    """A game in its gang phase, on the Cagliostro board, with nobody of the police about: Lupin
    and Jigen (2 players), so that no Fujiko of the episode's own rules plays first."""
    st = started("rosso-rubino", players=2)
    st.cfg = dataclasses.replace(st.cfg, episode="cagliostro")
    for fid in [f for f, fig in st.figures.items() if fig.kind == "guard"]:
        del st.figures[fid]
    for f in st.figures.values():
        if f.kind in ("agent", "zenigata"):
            f.spot = None
        if f.kind == "gang":
            f.spot, f.shown, f.hand, f.devices = None, False, [], []
    st.tiles = []
    put(st, "jigen", "A1")
    return st


def moves(st, c):
    return {a.to for a in st.legal_actions(st.seat_of[c]) if isinstance(a, A.Move) and a.figure == c}


def vehicle(st, device, square, driver=None):
    v = Vehicle(f"{device}-1", device, P(square), owner=driver or "lupin", known_by=["lupin"])
    st.rides[v.id] = v
    if driver:
        v.riders.append(driver)
        st.figures[driver].spot, st.figures[driver].in_car = P(square), v.id
        st.figures[driver].devices.append(device)
    return v


# ---------------------------------------------------------------- which episodes

def test_the_expansion_tiles_are_sold_in_the_episodes_their_texts_name():
    cat = catalog()
    assert [e for e in ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")
            if "wetsuit" in cat.shop_for(e)] == ["rosso-rubino", "cagliostro"]
    assert [e for e in ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")
            if "jeep" in cat.shop_for(e)] == ["cagliostro", "stonehenge"]
    for tile in ("tank_lorry", "rowboat"):
        assert [e for e in ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")
                if tile in cat.shop_for(e)] == ["cagliostro"]


# ---------------------------------------------------------------- the wetsuit

def test_the_wetsuit_walks_into_a_flooded_zone_with_movement_less_one():
    st = cagliostro_scene()
    put(st, "lupin", "K5")
    assert "L5" not in moves(st, "lupin")                 # flooded: only with a wetsuit
    st.figures["lupin"].devices = ["wetsuit"]
    wet = moves(st, "lupin")
    assert {"L5", "N5"} <= wet
    full = st.allowance("lupin")
    assert f"{chr(ord('K') + full)}5" not in wet          # his movement less 1 down the zone


def test_a_drained_zone_is_walked_by_everybody_police_included():
    st = cagliostro_scene()
    put(st, "lupin", "K5")
    st.drained.add("yellow")
    assert "L5" in moves(st, "lupin")
    put(st, "agent-1", "K7")
    assert P("L6") in st.police_move_targets("agent-1")
    st.drained.clear()
    assert P("L6") not in st.police_move_targets("agent-1")


# ---------------------------------------------------------------- the jeep

def test_the_jeep_drives_on_dirt_and_down_stairs_but_never_up():
    st = cagliostro_scene()
    put(st, "lupin", "S9")
    vehicle(st, "jeep", "S9", driver="lupin")
    down = ride_targets(st, "lupin")
    assert P("R9") in down and P("Q9") in down                # down the stairs onto the dirt
    assert all(abs(s.row - P("S9").row) + abs(s.col - P("S9").col) <= 6 for s in down)
    st2 = cagliostro_scene()
    put(st2, "lupin", "Q9")
    vehicle(st2, "jeep", "Q9", driver="lupin")
    assert P("R9") not in ride_targets(st2, "lupin") and P("S9") not in ride_targets(st2, "lupin")
    st2.apply(A.Ride("lupin", "lupin", "Q10"))
    assert st2.rides["jeep-1"].spot == P("Q10") and st2.figures["lupin"].spot == P("Q10")


def test_a_car_takes_the_ramp_not_the_stairs():
    st = cagliostro_scene()
    put(st, "lupin", "D20")
    vehicle(st, "fiat_500", "D20", driver="lupin")
    assert P("D16") in ride_targets(st, "lupin")              # along the ramp, a level at a step
    st2 = cagliostro_scene()
    put(st2, "lupin", "S9")
    vehicle(st2, "fiat_500", "S9", driver="lupin")
    assert P("R9") not in ride_targets(st2, "lupin")


# ---------------------------------------------------------------- the rowboat

def test_the_rowboat_waits_on_the_water_nearest_its_owner_and_rows_five_squares():
    st = cagliostro_scene()
    put(st, "lupin", "A4")
    st.figures["lupin"].devices = ["rowboat"]
    deploy(st, [])
    boat = st.rides["rowboat-1"]
    assert st.geo.board.cell(boat.spot).water and boat.spot == P("C4")
    st.figures["lupin"].spot = P("B4")
    st.apply(A.GetIn("lupin", "lupin", "rowboat-1"))
    reach = ride_targets(st, "lupin")
    assert P("H4") in reach and P("I4") not in reach          # 5 squares
    assert all(st.geo.board.cell(s).water and st.geo.board.cell(s).flooded is None for s in reach)
    refused(st, A.Ride("lupin", "lupin", "B5"), "cannot reach")


# ---------------------------------------------------------------- the tank lorry

def test_the_tank_lorry_pumps_a_zone_dry_in_three_rounds_its_driver_stuck_aboard():
    st = cagliostro_scene()
    put(st, "jigen", "K9")
    v = vehicle(st, "tank_lorry", "K9", driver="lupin")
    put(st, "lupin", "K9")
    assert not [a for a in st.legal_actions("lupin") if isinstance(a, Pump)]   # no zone next to it
    refused(st, Pump("lupin", "lupin", "yellow"), "next to")
    st.apply(A.Ride("lupin", "lupin", "K6"))
    assert Pump("lupin", "lupin", "yellow") in st.legal_actions("lupin")
    ev = st.apply(Pump("lupin", "lupin", "yellow"))
    assert [e.audience for e in ev if e.kind == "pumping"] == [frozenset({"lupin"})]   # his notes only
    for _ in range(2):
        to_police_phase(st)
        assert "yellow" not in st.drained
        st.apply(A.EndTurn("zenigata", "police"))
        assert not ride_targets(st, "lupin") and not [a for a in st.legal_actions("lupin")
                                                     if isinstance(a, (A.GetOut, A.Move)) and a.figure == "lupin"]
    to_police_phase(st)
    assert "yellow" in st.drained and not v.pump_zone
    assert st.view("zenigata")["drained"] == ["yellow"]
    st.apply(A.EndTurn("zenigata", "police"))
    assert [a for a in st.legal_actions("lupin") if isinstance(a, A.GetOut)]


@pytest.mark.parametrize("device", ["jeep", "tank_lorry", "rowboat"])
def test_the_expansion_vehicles_are_shot_and_destroyed_at_their_resistance(device):
    st = cagliostro_scene()
    square = "D4" if device == "rowboat" else "K9"
    v = vehicle(st, device, square)
    v.shown = True
    p = catalog().device(device).params
    from game.lupin.rules.vehicles import _shot_at_vehicle
    for i in range(p.hits_to_destroy):
        st.rng.roll = lambda n, sides=6: [6, 6]
        _shot_at_vehicle(st, A.Shoot("zenigata", "agent-1", v.id), [])
    assert v.id not in st.rides
