"""The round engine of the base episodes, clause by clause (docs/rules-decisions.md, "Lupin — the
round"). Scenes are set on the Gran colpo board (no guards) unless a clause needs Rosso rubino;
dice are fixed where the outcome matters."""

from collections import deque

import pytest

from game.engine.api import TABLE, IllegalAction
from game.engine.grid import parse_coord as P
from game.lupin.rules import actions as A
from game.lupin.rules.geometry import Inside
from game.lupin.rules.state import ConfigError, new_game, seating, Config


def started(episode="gran-colpo", players=5, seed=1, starts=None, **cfg):
    """A game past set-up and planning: police in the bottom-right corner, the gang on starts."""
    st = new_game({"episode": episode, "players": players, **cfg}, seed)
    while st.phase == "placement":
        fid = st.next_to_place()
        sq = max(st.placement_squares(), key=lambda s: (s.row, s.col))
        st.apply(A.Place("zenigata", fid, str(sq)))
    starts = starts or {"lupin": "A1", "jigen": "A2", "goemon": "C1", "fujiko": "R1"}
    for c in st.gang:
        st.apply(A.ChooseStart(st.seat_of[c], c, starts[c]))
    while st.plan.drafter:   # all against all: everybody passes his turn to buy
        st.apply(A.PassPurchase(st.seat_of[st.plan.drafter]))
    st.apply(A.ConfirmPlan("lupin"))
    return st


def put(st, fid, spot):
    st.figures[fid].spot = P(spot) if not spot.startswith("inside") else Inside(spot[len("inside "):])


def clear_police(st, keep=()):
    for fid, f in st.figures.items():
        if f.kind in ("agent", "zenigata") and fid not in keep:
            f.spot = None


def dice(st, *rolls):
    """Fix the next rolls: each item is a tuple of dice (a 2d6 roll) or an int (a single d6)."""
    queue = deque(rolls)

    def roll(n, sides=6):
        r = queue.popleft()
        assert isinstance(r, tuple) and len(r) == n
        return list(r)

    def d6():
        r = queue.popleft()
        assert isinstance(r, int)
        return r
    st.rng.roll = roll
    st.rng.d6 = d6
    return queue


def end_gang_phase(st):
    """Every member ends his turn: phase 4 follows (and the next round, if nobody may act in it)."""
    while st.phase == "gang":
        seat = st.to_act()[0]
        member = st.active or next(c for c in st.may_start_turn() if st.seat_of[c] == seat)
        st.apply(A.EndTurn(seat, member))


def pass_treasure_phase(st):
    """Every gang seat passes its phase-4 turn (each gets one, inside a treasure building or not)."""
    while st.phase == "treasure":
        st.apply(A.EndTreasure(st.to_act()[0]))


def to_police_phase(st):
    """End the gang phase and the treasure phase of the current round."""
    end_gang_phase(st)
    while st.phase == "treasure":
        st.apply(A.EndTreasure(st.to_act()[0]))
    assert st.phase == "police"


# ---------------------------------------------------------------- set-up


def test_seats_follow_the_rulebooks_table():
    assert seating(Config.from_mapping({"players": 2})) == {"zenigata": "zenigata", "lupin": "lupin", "jigen": "lupin"}
    three = seating(Config.from_mapping({"players": 3}))
    assert three["lupin"] == three["goemon"] == "lupin" and three["jigen"] == three["fujiko"] == "jigen"
    four = seating(Config.from_mapping({"players": 4}))
    assert four["goemon"] == "lupin" and four["fujiko"] == "fujiko"
    with pytest.raises(ConfigError, match="2 to 5 players"):
        Config.from_mapping({"players": 6})


def test_zenigata_places_himself_and_seven_agents_in_columns_14_to_25():
    st = new_game({"episode": "rosso-rubino"}, 3)
    before = st.snapshot()
    with pytest.raises(IllegalAction, match="columns 14-25"):
        st.apply(A.Place("zenigata", "zenigata", "E13"))
    assert st == before  # an illegal move leaves the state as it was
    with pytest.raises(IllegalAction, match="Place zenigata next"):
        st.apply(A.Place("zenigata", "agent-1", "E20"))
    squares = st.placement_squares()
    assert squares and all(13 <= s.col <= 24 for s in squares)
    assert P("L23") not in squares  # the police parking holds the cars
    assert len([f for f in st.figures.values() if f.kind == "guard" and f.spot]) == 10  # on the roofs
    assert all(st.geo.board.cell(f.spot).roof for f in st.figures.values() if f.kind == "guard")
    assert {str(c.spot) for c in st.cars.values()} == {"L23", "L24"}


def test_each_member_has_his_own_deck_and_two_secret_cards():
    st = new_game({"episode": "gran-colpo"}, 4)
    for c in st.gang:
        f = st.figures[c]
        assert len(f.hand) + len(f.discard) == 2 and len(f.deck) == 13
        assert all(card.startswith(c) for card in f.hand + f.deck)
    assert sum(t.treasure for t in st.tiles) == 1 and {t.site for t in st.tiles} == {
        "Vault 1", "Vault 2", "Vault 3", "Vault 4"}


def test_only_lupin_confirms_the_plan_after_every_start_is_chosen():
    st = new_game({"episode": "gran-colpo", "players": 4}, 1)
    while st.phase == "placement":
        st.apply(A.Place("zenigata", st.next_to_place(), str(st.placement_squares()[0])))
    st.apply(A.ChooseStart("lupin", "lupin", "A1"))
    with pytest.raises(IllegalAction):
        st.apply(A.ConfirmPlan("lupin"))
    with pytest.raises(IllegalAction, match="not a start square"):
        st.apply(A.ChooseStart("jigen", "jigen", "E5"))
    for c, sq in (("goemon", "C1"), ("jigen", "A2"), ("fujiko", "R1")):
        st.apply(A.ChooseStart(st.seat_of[c], c, sq))
    assert [s for s in st.to_act() if A.ConfirmPlan(s) in st.legal_actions(s)] == ["lupin"]
    st.apply(A.ConfirmPlan("lupin"))
    assert (st.round, st.phase) == (1, "gang")


# ---------------------------------------------------------------- movement and hiding


def test_a_member_moves_once_within_his_allowance_and_wounds_slow_him():
    st = started()
    assert st.allowance("jigen") == 5
    with pytest.raises(IllegalAction, match="cannot end a move"):
        st.apply(A.Move("jigen", "jigen", "A9"))  # 7 squares
    st.apply(A.Move("jigen", "jigen", "C5"))
    with pytest.raises(IllegalAction, match="already moved"):
        st.apply(A.Move("jigen", "jigen", "C6"))
    st.figures["jigen"].wounds = 2
    assert st.allowance("jigen") == 4
    st.figures["jigen"].wounds = 3
    assert st.allowance("jigen") == 3


def test_a_move_out_of_sight_stays_hidden_from_zenigata_but_not_from_its_seat():
    st = started()
    clear_police(st, keep=("zenigata",))
    put(st, "zenigata", "R20")
    st.apply(A.Move("lupin", "lupin", "C5"))
    assert not st.is_shown("lupin")
    assert st.view("zenigata")["figures"]["lupin"]["spot"] is None
    assert st.view(TABLE)["figures"]["lupin"]["spot"] is None
    assert st.view("lupin")["figures"]["lupin"]["spot"] == "C5"
    moved = [e for e in st.view("zenigata")["log"] if e["kind"] == "moved" and e["figure"] == "lupin"]
    assert moved and "to" not in moved[-1]
    notes = st.view("lupin")["mine"]["lupin"]["notes"]
    assert notes[-1] == {"round": 1, "from": "A1", "to": "C5", "action": "move", "kills": 0, "wounds": 0}


def test_ending_a_move_in_a_line_of_fire_shows_the_member_and_leaving_it_hides_him():
    st = started()
    clear_police(st, keep=("zenigata",))
    put(st, "zenigata", "C9")
    st.apply(A.Move("lupin", "lupin", "C5"))  # 4 squares along the row from Zenigata
    assert st.is_shown("lupin") and st.view("zenigata")["figures"]["lupin"]["spot"] == "C5"
    to_police_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    st.apply(A.Move("lupin", "lupin", "A3"))  # behind the station buildings, out of his line
    assert not st.is_shown("lupin")
    assert st.view("zenigata")["figures"]["lupin"]["spot"] is None


def test_a_policeman_ending_his_move_in_sight_of_a_hidden_member_spots_him():
    st = started()
    clear_police(st, keep=("zenigata",))
    put(st, "zenigata", "R20")
    put(st, "goemon", "F3")
    st.apply(A.Move("goemon", "goemon", "I4"))
    assert not st.is_shown("goemon")
    to_police_phase(st)
    put(st, "zenigata", "N9")
    st.apply(A.Move("zenigata", "zenigata", "I9"))  # I4 is 5 squares along his row
    assert st.is_shown("goemon")
    assert any(e["kind"] == "spotted" and e["figure"] == "goemon" for e in st.view("zenigata")["log"])


def test_partners_see_each_other_only_when_they_may_talk():
    st = started()
    clear_police(st)
    st.apply(A.Move("lupin", "lupin", "C4"))
    assert st.view("jigen")["figures"]["lupin"]["spot"] is None  # Jigen at A2 is not next to C4
    st.figures["jigen"].spot = P("C3")
    assert st.view("jigen")["figures"]["lupin"]["spot"] == "C4"


def test_novice_members_are_hidden_only_for_five_rounds():
    st = started(difficulty="novice")
    clear_police(st)
    assert not st.is_shown("lupin")
    st.round = 6
    assert st.is_shown("lupin")
    always = started(difficulty="novice", novice_always_visible=True)
    assert always.is_shown("lupin")


# ---------------------------------------------------------------- shooting and hand-to-hand


def test_shooting_needs_a_clear_line_a_square_between_and_twelve_on_two_dice_plus_skill():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2"))
    put(st, "jigen", "I5")
    put(st, "agent-1", "I9")
    put(st, "agent-2", "I6")
    # figures do not block a line of fire; a target next to the shooter is only fought hand to hand
    assert st.shoot_targets("jigen") == ["agent-1"] and st.melee_targets("jigen") == ["agent-2"]
    st.figures["agent-2"].spot = None
    dice(st, (3, 2))  # 5 + pistol 6 = 11: a miss
    ev = st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert ev[-1].kind == "shot" and ev[-1].data["hit"] is False and ev[-1].data["need"] == 12
    assert st.figures["agent-1"].spot == P("I9")
    with pytest.raises(IllegalAction, match="already taken a standard action"):
        st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert st.is_shown("jigen")  # the shot gave him away


def test_a_hit_agent_is_eliminated_and_every_third_kill_draws_a_card():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "jigen", "I5")
    put(st, "agent-1", "I9")
    j = st.figures["jigen"]
    j.kills = 2
    cards_before, deck_before = len(j.hand) + len(j.discard), len(j.deck)
    dice(st, (3, 3))  # 6 + 6 = 12
    st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert st.figures["agent-1"].spot is None
    assert j.kills == 3
    assert len(j.hand) + len(j.discard) == cards_before + 1 and len(j.deck) == deck_before - 1


def test_adjacent_figures_fight_hand_to_hand_and_a_miss_gives_the_counter_attack():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "goemon", "I5")
    put(st, "agent-1", "I6")
    assert "agent-1" not in st.shoot_targets("goemon")  # Goemon has no gun anyway
    assert st.melee_targets("goemon") == ["agent-1"]
    dice(st, (1, 2), (6, 6), 5)  # Goemon 3+6 = 9 misses; the agent's 12+3 hits; Goemon's dodge 5 > 4 fails
    ev = st.apply(A.Melee("goemon", "goemon", "agent-1"))
    melee = [e for e in ev if e.kind == "melee"]
    assert [m.data["hit"] for m in melee] == [False, True] and melee[1].data["counter"]
    assert st.figures["goemon"].wounds == 1


def test_a_gang_member_dodges_with_one_die_up_to_his_agility():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "goemon", "I5")
    put(st, "agent-1", "I6")
    dice(st, (1, 1), (6, 6), 4)  # the counter-attack hits, Goemon's dodge 4 ≤ agility 4
    ev = st.apply(A.Melee("goemon", "goemon", "agent-1"))
    assert st.figures["goemon"].wounds == 0
    assert [e for e in ev if e.kind == "melee"][1].data["dodge"]["dodged"] is True


def test_police_cannot_shoot_a_hidden_member():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "lupin", "I5")
    put(st, "agent-1", "I9")
    st.figures["lupin"].shown = False
    to_police_phase(st)
    st.figures["lupin"].shown = False
    assert "lupin" not in st.shoot_targets("agent-1")
    st.figures["lupin"].shown = True
    assert "lupin" in st.shoot_targets("agent-1")


# ---------------------------------------------------------------- wounds and arrests


def test_the_fourth_wound_arrests_a_member_and_the_nearest_agent_holds_him():
    st = started()
    clear_police(st, keep=("agent-1", "agent-2"))
    put(st, "jigen", "I5")
    put(st, "agent-1", "I9")
    put(st, "agent-2", "N20")
    st.figures["jigen"].wounds = 3
    st.figures["jigen"].shown = True
    to_police_phase(st)
    dice(st, (4, 4))  # 8 + 4 = 12
    st.apply(A.Shoot("zenigata", "agent-1", "jigen"))
    j = st.figures["jigen"]
    assert j.arrested_by == "agent-1" and st.figures["agent-1"].holding == "jigen"
    assert abs(st.figures["agent-1"].spot.row - j.spot.row) + abs(st.figures["agent-1"].spot.col - j.spot.col) == 1
    assert not st.police_move_targets("agent-1")  # the holder neither moves nor shoots
    assert not any(getattr(a, "figure", None) == "agent-1" for a in st.legal_actions("zenigata"))
    with pytest.raises(IllegalAction, match="holds a prisoner"):
        st.apply(A.Shoot("zenigata", "agent-1", "lupin"))


def test_only_the_companion_named_by_the_table_may_free_a_prisoner():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "jigen", "I5")
    put(st, "agent-1", "I6")
    st.figures["jigen"].arrested_by = "agent-1"
    st.figures["agent-1"].holding = "jigen"
    assert st.liberator_of("jigen") == "goemon"
    put(st, "lupin", "I8")
    assert "agent-1" not in st.shoot_targets("lupin")
    put(st, "goemon", "I7")
    assert "agent-1" in st.melee_targets("goemon")
    dice(st, (3, 3))  # 6 + melee 6 = 12
    st.apply(A.Melee("goemon", "goemon", "agent-1"))
    assert st.figures["jigen"].arrested_by is None and st.figures["jigen"].wounds == 0


def test_a_prisoner_frees_himself_with_his_devices_or_one_round_of_the_game():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "jigen", "I5")
    put(st, "agent-1", "I6")
    st.figures["jigen"].arrested_by = "agent-1"
    st.figures["agent-1"].holding = "jigen"
    legal = st.legal_actions("jigen")
    assert A.FreeSelf("jigen", "jigen", "round") in legal and A.FreeSelf("jigen", "jigen", "devices") in legal
    st.apply(A.FreeSelf("jigen", "jigen", "round"))
    assert st.rounds_total == 12 and st.figures["jigen"].arrested_by is None
    assert st.figures["agent-1"].spot is None  # the agent holding him is eliminated


def test_zenigata_goes_back_to_the_station_at_his_fourth_wound():
    st = started()
    clear_police(st, keep=("zenigata",))
    put(st, "zenigata", "I9")
    put(st, "jigen", "I5")
    st.figures["zenigata"].wounds = 3
    dice(st, (3, 3), 6)  # hit; Zenigata's dodge does not apply to shots
    st.apply(A.Shoot("jigen", "jigen", "zenigata"))
    z = st.figures["zenigata"]
    assert isinstance(z.spot, Inside) and z.knocked_out and z.wounds == 4
    to_police_phase(st)
    assert z.wounds == 0 and not z.knocked_out


def test_all_members_arrested_is_zenigatas_win():
    st = started(players=2)
    clear_police(st, keep=("agent-1",))
    st.figures["lupin"].arrested_by = "agent-1"
    put(st, "jigen", "I5")
    put(st, "agent-1", "I9")
    st.figures["jigen"].wounds = 3
    st.figures["jigen"].shown = True
    to_police_phase(st)
    dice(st, (4, 4))
    st.apply(A.Shoot("zenigata", "agent-1", "jigen"))
    assert st.is_over() and st.result().winners == ("zenigata",) and st.result().reason == "all_arrested"


# ---------------------------------------------------------------- reinforcements


def test_reinforcements_from_the_station_with_five_agents_or_fewer():
    st = started()
    to_police_phase(st)
    assert not any(isinstance(a, A.CarFromStation) for a in st.legal_actions("zenigata"))
    for i in (1, 2):
        st.figures[f"agent-{i}"].spot = None
    legal = st.legal_actions("zenigata")
    assert A.CarFromStation("zenigata", "car-1", 3) in legal  # 5 on the board, 5 in reserve
    assert not any(isinstance(a, A.CarAppears) for a in legal)
    st.apply(A.CarFromStation("zenigata", "car-1", 2))
    car = st.cars["car-1"]
    assert len(car.agents) == 2
    drive = A.Drive("zenigata", "car-1", "I21")
    assert drive in st.legal_actions("zenigata")
    assert A.Drive("zenigata", "car-1", "J20") not in st.legal_actions("zenigata")  # never on a bus stop
    st.apply(drive)
    with pytest.raises(IllegalAction, match="already moved"):
        st.apply(A.Drive("zenigata", "car-1", drive.to))
    unload = next(a for a in st.legal_actions("zenigata") if isinstance(a, A.Unload))
    st.apply(unload)
    st.apply(next(a for a in st.legal_actions("zenigata") if isinstance(a, A.Unload)))
    assert car.spot == car.home and not car.agents  # empty, back at the parking


def test_with_three_agents_or_fewer_a_car_appears_on_a_reinforcement_square():
    st = started()
    to_police_phase(st)
    for i in range(1, 5):
        st.figures[f"agent-{i}"].spot = None
    legal = st.legal_actions("zenigata")
    appear = [a for a in legal if isinstance(a, A.CarAppears)]
    assert {a.square for a in appear} == {"I18", "G15", "E20"}
    st.apply(A.CarAppears("zenigata", "car-2", "G15", 4))
    assert str(st.cars["car-2"].spot) == "G15" and len(st.cars["car-2"].agents) == 4


def test_a_police_car_is_destroyed_by_two_hits_of_eight_or_more():
    st = started()
    clear_police(st)
    car = st.cars["car-1"]
    car.spot = P("I10")
    put(st, "jigen", "I5")
    assert "car-1" in st.shoot_targets("jigen")
    dice(st, (4, 4))
    st.apply(A.Shoot("jigen", "jigen", "car-1"))
    assert car.hits == 1
    st.figures["jigen"].acted = False
    dice(st, (6, 2))
    st.apply(A.Shoot("jigen", "jigen", "car-1"))
    assert car.spot is None


# ---------------------------------------------------------------- the treasure


def test_flipping_in_the_bank_the_carrier_is_shown_and_moves_last():
    st = started()
    clear_police(st)
    treasure = next(t for t in st.tiles if t.treasure)
    put(st, "jigen", "inside Banca Centrale Svizzera")
    put(st, "goemon", "inside Banca Centrale Svizzera")
    to_treasure = [c for c in st.gang if c not in ("jigen", "goemon")]
    end_gang_phase(st)
    # every gang seat gets its phase-4 turn (issue #11: who may act must not say who is inside);
    # only the members inside have a tile to flip
    assert st.phase == "treasure" and set(st.to_act()) == {"lupin", "jigen", "goemon", "fujiko"}
    assert {a.figure for s in st.to_act() for a in st.legal_actions(s) if isinstance(a, A.Flip)} == {"jigen", "goemon"}
    ev = st.apply(A.Flip("goemon", "goemon", treasure.index))
    flipped = next(e for e in ev if e.kind == "flipped")
    assert flipped.for_seat("jigen").data["treasure"] is True  # Jigen is inside: he sees it
    assert "treasure" not in flipped.for_seat("zenigata").data
    assert treasure.carrier == "jigen"  # by priority Jigen before Goemon
    assert st.is_shown("jigen")
    while st.phase == "treasure":
        st.apply(A.EndTreasure(st.to_act()[0]))
    st.apply(A.EndTurn("zenigata", "police"))
    assert "jigen" not in st.to_act() or st.may_start_turn() != ["jigen"]
    with pytest.raises(IllegalAction, match="plays last"):
        st.apply(A.EndTurn("jigen", "jigen"))
    assert to_treasure


def test_an_arrested_carrier_gives_the_tile_to_zenigata_who_reshuffles():
    st = started()
    clear_police(st, keep=("agent-1",))
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier = None, "jigen"
    t.seen_by = {"jigen"}
    put(st, "jigen", "I5")
    put(st, "agent-1", "I9")
    st.figures["jigen"].wounds = 3
    st.figures["jigen"].shown = True
    to_police_phase(st)
    dice(st, (4, 4))
    ev = st.apply(A.Shoot("zenigata", "agent-1", "jigen"))
    assert all(x.carrier is None and x.site is not None for x in st.tiles)
    assert sum(x.treasure for x in st.tiles) == 1
    assert all(not x.seen_by for x in st.tiles)
    told = next(e for e in ev if e.kind == "tile_to_zenigata")
    assert told.for_seat("zenigata").data["treasure"] is True and "treasure" not in told.for_seat("lupin").data


def test_the_alarm_sounds_from_round_nine():
    st = started()
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier = None, "goemon"
    st.round = 8
    assert st.view("zenigata")["alarm"] is False
    st.round = 9
    assert st.view("zenigata")["alarm"] is True


def test_escaping_with_the_treasure_wins_for_the_gang():
    st = started(players=2)
    clear_police(st)
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier = None, "lupin"
    st.figures["jigen"].escaped = True
    st.figures["jigen"].spot = None
    st.apply(A.Escape("lupin", "lupin"))
    assert st.is_over() and st.result().winners == ("lupin",) and st.result().reason == "gang_escaped"


def test_the_thirteenth_round_ends_the_game_for_zenigata():
    st = started(players=2)
    clear_police(st)
    st.round = 13
    while not st.is_over():
        seat = st.to_act()[0]
        if st.phase == "gang":
            member = st.active or next(c for c in st.may_start_turn() if st.seat_of[c] == seat)
            st.apply(A.EndTurn(seat, member))
        else:
            st.apply(A.EndTreasure(seat))
    assert st.result().winners == ("zenigata",) and st.result().reason == "time_up"


# ---------------------------------------------------------------- Fujiko


def test_perdonami_lupin_is_void_with_two_or_three_players_and_from_round_ten():
    st = started(players=3)
    f = st.figures["fujiko"]
    f.deck.insert(0, "fujiko_perdonami_lupin")
    st.draw_card("fujiko", events=[])
    assert "fujiko_perdonami_lupin" in f.discard
    st5 = started(players=5)
    f5 = st5.figures["fujiko"]
    f5.deck.insert(0, "fujiko_perdonami_lupin")
    st5.round = 10
    st5.draw_card("fujiko", events=[])
    assert "fujiko_perdonami_lupin" in f5.discard
    st5.round = 9
    f5.deck.insert(0, "fujiko_perdonami_lupin")
    st5.draw_card("fujiko", events=[])
    assert "fujiko_perdonami_lupin" in f5.hand and st5.fujiko_traitor()
    assert st5.view("fujiko")["mine"]["fujiko"]["traitor"] is True
    assert "fujiko" not in st5.view("lupin")["mine"]


def test_a_traitor_fujiko_who_beats_the_carrier_takes_the_treasure_and_wins_alone_by_escaping():
    st = started(players=5)
    clear_police(st)
    st.figures["fujiko"].hand.append("fujiko_perdonami_lupin")
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier = None, "jigen"
    put(st, "jigen", "C2")
    put(st, "fujiko", "C3")
    st.figures["jigen"].always_shown = True
    assert "jigen" in st.melee_targets("fujiko")
    dice(st, (6, 3), 6)  # 9 + melee 3 = 12 hits; Jigen's dodge 6 > agility 2 fails
    st.apply(A.Melee("fujiko", "fujiko", "jigen"))
    assert t.carrier == "fujiko" and st.betrayed and st.figures["jigen"].wounds == 0
    assert st.figures["jigen"].blocked_until == st.round + 1
    put(st, "fujiko", "C1")
    st.apply(A.Escape("fujiko", "fujiko"))
    assert st.result().winners == ("fujiko",) and st.result().reason == "fujiko_betrayal"


# ---------------------------------------------------------------- the bus


def test_the_bus_carries_whoever_is_aboard_to_the_next_stop_unseen():
    st = started()
    clear_police(st, keep=("zenigata",))
    stop1 = [str(s) for s in st.bus_squares()]
    assert stop1 == ["E14", "F14"]
    put(st, "zenigata", "E19")
    put(st, "lupin", "E14")
    assert not st.in_police_sight("lupin")  # aboard the bus nobody sees him
    while st.phase == "gang":
        seat = st.to_act()[0]
        member = st.active or next(c for c in st.may_start_turn() if st.seat_of[c] == seat)
        st.apply(A.EndTurn(seat, member))
    stop2 = next(p.squares for p in st.geo.board.places_of("bus_stop") if p.props["round"] == 2)
    assert st.figures["lupin"].spot == stop2[0]


# ---------------------------------------------------------------- all against all


def test_all_against_all_scores_and_winner():
    from game.lupin.rules.variant import scores
    st = started(players=4, variant="all-vs-all")
    assert st.gang == ["lupin", "jigen", "fujiko"]
    assert all("fujiko_perdonami_lupin" not in st.figures[c].deck + st.figures[c].hand for c in st.gang)
    st.figures["jigen"].kills = 2
    st.figures["lupin"].kills = 1
    t = next(t for t in st.tiles if t.treasure)
    t.site, t.carrier = None, "lupin"
    st.figures["fujiko"].escaped = True
    st.escape_order = ["fujiko"]
    for c in st.gang:
        st.figures[c].hand = []
    clear_police(st)
    st.apply(A.EndTurn("jigen", "jigen"))  # the carrier plays last
    st.apply(A.Escape("lupin", "lupin"))
    pts = scores(st)
    assert pts == {"lupin": 9 + 3, "jigen": 2, "fujiko": 4}
    assert st.result().winners == ("lupin",) and st.result().scores["fujiko"] == 4
    with pytest.raises(ConfigError, match="at least 3"):
        new_game({"players": 2, "variant": "all-vs-all"}, 1)


# ---------------------------------------------------------------- the seam for cards and devices


def test_one_mission_card_and_two_devices_a_turn_through_the_effect_registries(monkeypatch):
    from game.lupin.rules import effects
    from game.lupin.rules.catalog import card, device

    class Counting:
        def __init__(self):
            self.applied = 0

        def targets(self, state, figure, item):
            return [""]

        def apply(self, state, action, events):
            self.applied += 1

    st = started()
    clear_police(st)
    lupin = st.figures["lupin"]
    hand = [c for c in lupin.hand]
    assert not any(isinstance(a, (A.PlayCard, A.UseDevice)) for a in st.legal_actions("lupin"))
    rule = Counting()
    monkeypatch.setitem(effects.CARD_RULES, card(hand[0]).effect, rule)
    lupin.hand = [hand[0], hand[0]]
    assert A.PlayCard("lupin", "lupin", hand[0]) in st.legal_actions("lupin")
    st.apply(A.PlayCard("lupin", "lupin", hand[0]))
    assert rule.applied == 1 and lupin.hand == [hand[0]] and lupin.discard[-1] == hand[0]
    with pytest.raises(IllegalAction, match="already played a mission card"):
        st.apply(A.PlayCard("lupin", "lupin", hand[0]))
    knife = device("knife")
    drule = Counting()
    monkeypatch.setitem(effects.DEVICE_RULES, knife.effect, drule)
    lupin.devices = ["knife", "knife", "knife"]
    st.apply(A.UseDevice("lupin", "lupin", "knife"))
    st.apply(A.UseDevice("lupin", "lupin", "knife"))
    with pytest.raises(IllegalAction, match="two devices this turn"):
        st.apply(A.UseDevice("lupin", "lupin", "knife"))
    assert drule.applied == 2


@pytest.mark.parametrize("episode", ["cagliostro", "stonehenge"])
def test_the_expansion_episodes_refuse_the_all_against_all_variant(episode):
    """"Non considerate la parte Variante 'tutti contro tutti' ... non più applicabile"."""
    from game.lupin.rules.state import Config, ConfigError

    with pytest.raises(ConfigError, match="co-operative gang only"):
        Config.from_mapping({"episode": episode, "players": 4, "variant": "all-vs-all"})
    assert Config.from_mapping({"episode": episode, "players": 4, "variant": "coop"}).variant == "coop"
