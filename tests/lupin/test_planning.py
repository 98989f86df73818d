"""The planning phase: the gang buys its devices (game/lupin/rules/planning.py;
docs/rules-decisions.md, "Lupin — planning"). Scenes are set on the Gran colpo board unless a
clause needs another; dice are fixed where the order matters."""

import json
import random

import pytest

from game.engine.api import TABLE, IllegalAction, action_from_json, action_to_json, events_for_seat
from game.lupin.ai import HeuristicBot
from game.lupin.rules import actions as A
from game.lupin.rules.catalog import catalog
from game.lupin.rules.planning import CHARM_CARD, carry_problem
from game.lupin.rules.state import BETRAYAL_CARD, new_game

STARTS = {"lupin": "A1", "jigen": "A2", "goemon": "C1", "fujiko": "R1"}


def planning(episode="gran-colpo", players=5, seed=1, rolls=None, hand=(), **cfg):
    """A game at the start of planning (police placed as in test_round's ``started``). ``rolls``
    fixes the dice rolled when planning opens (all against all: the purchase order); ``hand``
    puts cards in Fujiko's hand before it opens."""
    st = new_game({"episode": episode, "players": players, **cfg}, seed)
    while st.phase == "placement":
        fid = st.next_to_place()
        sq = max(st.placement_squares(), key=lambda s: (s.row, s.col))
        if fid == "agent-7":
            for card in hand:
                st.figures["fujiko"].hand.append(card)
            if rolls is not None:
                queue = list(rolls)
                st.rng.roll = lambda n, sides=6: list(queue.pop(0))
        st.apply(A.Place("zenigata", fid, str(sq)))
    assert st.phase == "planning"
    return st


def place(st, *members):
    for c in members or st.gang:
        st.apply(A.ChooseStart(st.seat_of[c], c, STARTS[c]))


def buy(st, figure, device, seat=None):
    return st.apply(A.BuyDevice(seat or st.seat_of[figure], figure, device))


def refused(st, action, words):
    before = st.snapshot()
    with pytest.raises(IllegalAction, match=words):
        st.apply(action)
    assert st == before
    assert action not in st.legal_actions(action.seat)


def confirmed(st):
    place(st, *[c for c in st.gang if st.figures[c].spot is None])
    st.apply(A.ConfirmPlan("lupin"))
    assert st.phase == "gang"
    return st


# ---------------------------------------------------------------- the shop and the budget


def test_the_gang_shares_its_budget_and_a_tile_bought_leaves_the_shop():
    st = planning()
    plan = st.plan
    assert plan.budgets == {"gang": 1500}
    assert plan.stock["helicopter"] == 1 and plan.stock["knife"] == 6 and "boat" not in plan.stock
    buy(st, "lupin", "helicopter")                        # 800$
    assert "helicopter" not in plan.stock and st.figures["lupin"].devices == ["helicopter"]
    refused(st, A.BuyDevice("jigen", "jigen", "helicopter"), "no helicopter left")
    buy(st, "jigen", "alfa_romeo_2300")                   # 450$: 250$ left
    assert plan.budgets["gang"] == 250
    refused(st, A.BuyDevice("jigen", "jigen", "rifle"), "costs 300\\$ and only 250\\$ are left")
    assert not any(isinstance(a, A.BuyDevice) and a.device in ("rifle", "fiat_500")
                   for s in st.gang for a in st.legal_actions(st.seat_of[s]))
    buy(st, "goemon", "hand_grenade")
    buy(st, "goemon", "knife")
    assert plan.budgets["gang"] == 0
    assert not any(isinstance(a, A.BuyDevice) for s in ("lupin", "jigen") for a in st.legal_actions(s))
    # a tile given back is refunded and back in the shop
    st.apply(A.ReturnDevice("lupin", "lupin", "helicopter"))
    assert plan.budgets["gang"] == 800 and plan.stock["helicopter"] == 1 and st.figures["lupin"].devices == []


def test_a_character_carries_two_devices_vehicles_aside_but_the_hang_glider():
    st = planning()
    buy(st, "jigen", "knife")
    buy(st, "jigen", "shovel")
    refused(st, A.BuyDevice("jigen", "jigen", "medical_kit"), "carry 3 devices: 2 at most")
    refused(st, A.BuyDevice("jigen", "jigen", "hang_glider"), "2 at most")
    buy(st, "jigen", "alfa_romeo_2300")        # vehicles do not count...
    buy(st, "jigen", "sport_motorbike")
    assert st.figures["jigen"].devices == ["knife", "shovel", "alfa_romeo_2300", "sport_motorbike"]
    assert carry_problem("lupin", ["hang_glider", "hang_glider", "knife"]) is not None   # ...but the glider does


def test_a_rucksack_raises_the_limit_to_five_without_counting_itself():
    st = planning()
    buy(st, "lupin", "backpack")
    for d in ("knife", "knife", "shovel", "radio", "hang_glider"):
        buy(st, "lupin", d)
    assert len(st.figures["lupin"].devices) == 6          # the rucksack and 5 devices
    refused(st, A.BuyDevice("lupin", "lupin", "knife"), "5 at most")
    refused(st, A.BuyDevice("jigen", "lupin", "backpack"), "Lupin is not yours")
    refused(st, A.BuyDevice("lupin", "lupin", "backpack"), "at most 1 rucksack")
    # the rucksack cannot go while it holds the extra devices
    refused(st, A.ReturnDevice("lupin", "lupin", "backpack"), "Without the rucksack")
    refused(st, A.ReassignDevice("lupin", "lupin", "backpack", "jigen"), "Without the rucksack")
    # a worn wetsuit (Rosso rubino) is not one of the rucksack's extra three
    rr = planning("rosso-rubino")
    for d in ("backpack", "wetsuit", "knife", "knife"):
        buy(rr, "goemon", d)
    assert carry_problem("goemon", ["backpack", "wetsuit", "wetsuit", "wetsuit"]) is not None
    buy(rr, "goemon", "shovel")
    assert carry_problem("goemon", rr.figures["goemon"].devices) is None


def test_one_rifle_each_and_goemon_takes_no_firearms():
    st = planning()
    buy(st, "jigen", "rifle")
    refused(st, A.BuyDevice("jigen", "jigen", "rifle"), "at most 1 rifle")
    refused(st, A.BuyDevice("goemon", "goemon", "rifle"), "Goemon uses no firearms")
    refused(st, A.BuyDevice("lupin", "goemon", "rifle"), "Goemon uses no firearms")
    refused(st, A.ReassignDevice("lupin", "jigen", "rifle", "goemon"), "Goemon uses no firearms")
    assert A.ReassignDevice("lupin", "jigen", "rifle", "lupin") in st.legal_actions("lupin")
    buy(st, "lupin", "rifle")
    assert st.plan.stock.get("rifle", 0) == 0
    buy(st, "goemon", "hand_grenade")   # grenades and knives are his
    buy(st, "goemon", "knife")


def test_fujiko_gets_the_first_motorbike_free():
    st = planning()
    assert st.figures["fujiko"].devices == ["sport_motorbike"]
    assert st.plan.stock["sport_motorbike"] == 1 and st.plan.budgets["gang"] == 1500
    assert ("sport_motorbike", "fujiko") in st.plan.granted
    assert not any(isinstance(a, (A.ReturnDevice, A.ReassignDevice)) for a in st.legal_actions("fujiko"))
    refused(st, A.ReturnDevice("fujiko", "fujiko", "sport_motorbike"), "no sport motorbike bought")
    granted = [e for e in st.log if e.kind == "device_granted"]
    assert granted and granted[0].for_seat("zenigata") is None
    # with no Fujiko in the game both motorbikes are for sale
    duo = planning(players=2)
    assert "fujiko" not in duo.gang and duo.plan.stock["sport_motorbike"] == 2 and not duo.plan.granted
    # all against all she has it too
    ava = planning(players=5, variant="all-vs-all")
    assert ava.figures["fujiko"].devices == ["sport_motorbike"]


# ---------------------------------------------------------------- who does what


def test_each_seat_buys_for_its_own_lupin_for_anybody_and_only_lupin_confirms():
    st = planning(players=4)             # Lupin's seat plays Lupin and Goemon
    assert st.to_act() == ["lupin", "jigen", "fujiko"]      # every gang seat plans at once
    buy(st, "goemon", "knife", seat="lupin")
    refused(st, A.BuyDevice("jigen", "lupin", "knife"), "Lupin is not yours")
    refused(st, A.BuyDevice("jigen", "goemon", "knife"), "Goemon is not yours")
    buy(st, "jigen", "medical_kit", seat="lupin")            # Lupin assigns to anybody
    buy(st, "jigen", "shovel")
    refused(st, A.ReturnDevice("jigen", "goemon", "knife"), "not yours")
    refused(st, A.ReassignDevice("jigen", "jigen", "shovel", "fujiko"), "Fujiko is not yours")
    st.apply(A.ReassignDevice("lupin", "jigen", "shovel", "fujiko"))
    assert st.figures["fujiko"].devices == ["sport_motorbike", "shovel"]
    assert st.figures["jigen"].devices == ["medical_kit"]
    st.apply(A.ReturnDevice("jigen", "jigen", "medical_kit"))   # his own, though Lupin bought it
    assert st.plan.budgets["gang"] == 1500 - 50 - 100
    place(st)
    confirms = {s: [a for a in st.legal_actions(s) if isinstance(a, A.ConfirmPlan) and not a.timed_out]
                for s in st.to_act()}
    assert confirms == {"lupin": [A.ConfirmPlan("lupin")], "jigen": [], "fujiko": []}
    refused(st, A.ConfirmPlan("jigen"), "Only Lupin confirms")
    st.apply(A.ConfirmPlan("lupin"))
    assert st.phase == "gang"
    assert isinstance(st.plan.stock, dict) and not st.plan.stock
    refused(st, A.BuyDevice("lupin", "lupin", "knife"), "before the plan is confirmed")


def test_the_clock_running_out_keeps_the_plan_so_far():
    st = planning()
    place(st, "lupin", "fujiko")
    buy(st, "lupin", "alfa_romeo_2300")
    buy(st, "jigen", "rifle")
    assert A.ConfirmPlan("goemon", timed_out=True) in st.legal_actions("goemon")   # any gang seat's clock
    refused(st, A.ConfirmPlan("lupin"), "needs a start square first")
    events = st.apply(A.ConfirmPlan("goemon", timed_out=True))
    assert st.phase == "gang" and st.plan.timed_out and st.plan.confirmed
    assert st.figures["lupin"].devices == ["alfa_romeo_2300"] and st.figures["jigen"].devices == ["rifle"]
    # who had no start square takes the first one no partner holds
    assert str(st.figures["jigen"].spot) == "A2" and str(st.figures["goemon"].spot) == "C1"
    chosen = [e for e in events if e.kind == "start_chosen"]
    assert [e.data["figure"] for e in chosen] == ["jigen", "goemon"]
    assert all("square" not in e.for_seat(s).data for e in chosen for s in ("zenigata", TABLE))
    assert [e.data for e in events if e.kind == "plan_confirmed"] == [{"timed_out": True}]
    # all against all has no clock
    ava = planning(players=4, variant="all-vs-all")
    refused(ava, A.ConfirmPlan("lupin", timed_out=True), "no clock")


# ---------------------------------------------------------------- Fujiko's cards


def test_the_leftovers_go_to_fujiko_face_down_and_a_traitor_buys_them_with_600_dollars():
    st = planning()
    buy(st, "jigen", "rifle")
    left = dict(st.plan.stock)
    events = confirmed(st).log
    fj = st.figures["fujiko"]
    fj.hand = [c for c in fj.hand if c != BETRAYAL_CARD]   # loyal, for now
    handed = [e for e in events if e.kind == "leftovers_to_fujiko"]
    assert handed[0].data["devices"] == left and handed[0].for_seat("zenigata") is None
    assert st.plan.leftovers == left == st.plan.leftovers_given
    assert st.view("fujiko")["plan"]["leftovers"] == left
    assert "leftovers" not in st.view("jigen")["plan"] and st.view("zenigata")["plan"] is None
    # no betrayal card: nothing to buy
    assert not any(isinstance(a, A.BuyLeftover) for a in st.legal_actions("fujiko"))
    refused(st, A.BuyLeftover("fujiko", "rifle"), "Perdonami")
    assert st.view("fujiko")["plan"]["betrayal_dollars"] is None
    # with "Perdonami Lupin..." she has 600$, at any time she may act, seen by her seat only
    st.figures["fujiko"].hand.append(BETRAYAL_CARD)
    assert A.BuyLeftover("fujiko", "rifle") in st.legal_actions("fujiko")
    refused(st, A.BuyLeftover("lupin", "rifle"), "Only Fujiko")
    before = st.snapshot()
    events = st.apply(A.BuyLeftover("fujiko", "rifle"))
    assert events[0].audience == frozenset({"fujiko"})
    for seat in ("zenigata", "lupin", "jigen", "goemon", TABLE):
        assert st.view(seat) == before.view(seat), seat
    assert st.view("fujiko") != before.view("fujiko")
    assert st.view("fujiko")["plan"]["betrayal_dollars"] == 300
    assert st.figures["fujiko"].devices == ["sport_motorbike", "rifle"] and st.plan.leftovers.get("rifle", 0) == 0
    st.apply(A.BuyLeftover("fujiko", "medical_kit"))                   # 100$ left, her hands full
    refused(st, A.BuyLeftover("fujiko", "hand_grenade"), "costs 200\\$ and Fujiko has 100\\$ left")
    refused(st, A.BuyLeftover("fujiko", "knife"), "2 at most")
    st.apply(A.BuyLeftover("fujiko", "backpack"))
    assert st.view("fujiko")["plan"]["betrayal_dollars"] == 0
    refused(st, A.BuyLeftover("fujiko", "knife"), "Fujiko has 0\\$ left")
    assert st.view("lupin")["plan"]["leftovers_given"] == left          # the gang knows only what it gave


def test_oh_mio_caro_lupin_claims_any_devices_fujiko_can_carry_before_anybody_buys():
    st = planning(hand=(CHARM_CARD,))
    assert A.CharmLupin("fujiko") in st.legal_actions("fujiko")
    events = st.apply(A.CharmLupin("fujiko"))
    assert CHARM_CARD in st.figures["fujiko"].discard and st.plan.charm == "claiming"
    assert events[0].audience == frozenset(st.gang) and events[0].for_seat("zenigata") is None
    # while she chooses, the others only choose start squares (or the clock runs out)
    refused(st, A.BuyDevice("lupin", "lupin", "knife"), "Fujiko is claiming")
    assert {type(a) for a in st.legal_actions("lupin")} == {A.ChooseStart, A.ConfirmPlan}
    for d in ("alfa_romeo_2300", "rifle", "medical_kit"):
        buy(st, "fujiko", d)
    refused(st, A.BuyDevice("fujiko", "fujiko", "knife"), "2 at most")
    st.apply(A.EndCharm("fujiko"))
    assert st.plan.charm == "played" and st.plan.budgets["gang"] == 1500 - 450 - 300 - 200
    # Lupin cannot take them back nor hand them on; she may give one back herself
    assert not any(getattr(a, "figure", None) == "fujiko" and isinstance(a, (A.ReturnDevice, A.ReassignDevice))
                   for a in st.legal_actions("lupin"))
    refused(st, A.ReturnDevice("lupin", "fujiko", "rifle"), "Fujiko claimed stays hers")
    refused(st, A.CharmLupin("fujiko"), "before anybody buys")
    st.apply(A.ReturnDevice("fujiko", "fujiko", "medical_kit"))
    # once anybody has bought, it is too late for the card
    late = planning(seed=2, hand=(CHARM_CARD,))
    buy(late, "jigen", "knife")
    refused(late, A.CharmLupin("fujiko"), "before anybody buys")


@pytest.mark.parametrize("players", [2, 3])
def test_oh_mio_caro_lupin_is_void_with_two_or_three_players(players):
    st = planning(players=players, partner="fujiko", hand=(CHARM_CARD,))
    fj = st.figures["fujiko"]
    assert CHARM_CARD not in fj.hand and CHARM_CARD in fj.discard
    void = [e for e in st.log if e.kind == "card_void"]
    assert void and void[0].data["card"] == CHARM_CARD
    fj.hand.append(CHARM_CARD)                     # even held, it does nothing
    refused(st, A.CharmLupin(st.seat_of["fujiko"]), "has no value here")


# ---------------------------------------------------------------- all against all


def test_all_against_all_dice_order_then_one_tile_a_turn_in_a_snake():
    # 4 players: Lupin, Jigen, Fujiko. Lupin 7, Jigen 12, Fujiko 7: Lupin and Fujiko roll again, 2 and 10
    st = planning(players=4, variant="all-vs-all", rolls=[(3, 4), (6, 6), (2, 5), (1, 1), (5, 5)])
    plan = st.plan
    assert plan.order == ["jigen", "fujiko", "lupin"]
    assert plan.rolls == {"lupin": [7, 2], "jigen": [12], "fujiko": [7, 10]}
    assert plan.budgets == {"lupin": 1000, "jigen": 1000, "fujiko": 1000}
    assert not {"radio", "helicopter"} & set(plan.stock)
    order_event = next(e for e in st.log if e.kind == "purchase_order")
    assert order_event.for_seat("zenigata") is None and order_event.reveal
    assert st.to_act() == ["lupin", "jigen", "fujiko"]      # Jigen buys; everybody may choose his square
    refused(st, A.BuyDevice("lupin", "lupin", "knife"), "Jigen's turn to buy")
    picks = []
    for d in ("backpack", "backpack", "backpack", "knife", "knife", "knife", "knife", "knife", "knife"):
        picks.append(plan.drafter)
        buy(st, plan.drafter, d)
    # the last buys twice, then back to the first, who buys twice too
    assert picks == ["jigen", "fujiko", "lupin", "lupin", "fujiko", "jigen", "jigen", "fujiko", "lupin"]
    assert plan.budgets == {"lupin": 800, "jigen": 800, "fujiko": 800}
    assert plan.drafter == "lupin"
    place(st)
    refused(st, A.ConfirmPlan("lupin"), "not over: Lupin buys or passes")
    refused(st, A.ReturnDevice("lupin", "lupin", "knife"), "a tile bought is kept")
    passes = []
    while plan.drafter:
        passes.append(plan.drafter)
        st.apply(A.PassPurchase(st.seat_of[plan.drafter]))
    assert passes == ["lupin", "fujiko", "jigen"]
    assert st.to_act() == ["lupin"]
    left = dict(plan.stock)
    events = st.apply(A.ConfirmPlan("lupin"))
    discarded = next(e for e in events if e.kind == "leftovers_discarded")
    assert discarded.data["devices"] == left and not plan.stock and not plan.leftovers   # nothing to Fujiko


def test_all_against_all_a_member_who_can_buy_nothing_more_is_skipped():
    st = planning(players=3, variant="all-vs-all", rolls=[(1, 2), (6, 6)])    # Jigen, then Lupin
    plan = st.plan
    assert plan.order == ["jigen", "lupin"]
    buy(st, "jigen", "alfa_romeo_2300")
    buy(st, "lupin", "fiat_500")
    buy(st, "lupin", "sport_motorbike")
    buy(st, "jigen", "sport_motorbike")              # 750$: 250$ left
    buy(st, "jigen", "hand_grenade")                 # 50$ left
    st.apply(A.PassPurchase("lupin"))
    buy(st, "jigen", "knife")                        # 0$ left: he is out, and so the purchases end
    assert plan.drafter is None and plan.passed == ["lupin", "jigen"]


# ---------------------------------------------------------------- privacy


def test_purchases_are_invisible_to_zenigata():
    quiet = planning()
    place(quiet)
    busy = quiet.snapshot()
    buy(busy, "lupin", "backpack")
    buy(busy, "lupin", "hand_grenade")
    buy(busy, "jigen", "rifle")
    buy(busy, "goemon", "knife", seat="lupin")
    busy.apply(A.ReassignDevice("lupin", "goemon", "knife", "fujiko"))
    busy.apply(A.ReturnDevice("lupin", "lupin", "hand_grenade"))
    for state in (quiet, busy):
        state.apply(A.ConfirmPlan("lupin"))
    assert quiet != busy
    for seat in ("zenigata", TABLE):
        assert quiet.view(seat) == busy.view(seat), seat
        view = busy.view(seat)
        assert view["plan"] is None and view["mine"] == {}
        for word in ("rifle", "backpack", "knife", "device", "leftover"):
            assert word not in repr(view), (seat, word)
        assert not [e for e in events_for_seat(busy.log, seat) if "device" in e.data or "devices" in e.data]
    for seat in ("lupin", "jigen", "goemon", "fujiko"):
        assert quiet.view(seat) != busy.view(seat), seat
    # a member's own devices are in his seat's view; the partners see the plan, not his pocket
    assert busy.view("jigen")["mine"]["jigen"]["devices"] == ["rifle"]
    assert "jigen" not in busy.view("lupin")["mine"]
    rifle = {"figure": "jigen", "device": "rifle", "price": 300, "claimed": False}
    assert rifle in busy.view("lupin")["plan"]["purchases"]


# ---------------------------------------------------------------- the rules API


def _candidates(st):
    devices = list(catalog().devices) + ["nothing"]
    members = list(st.gang) + ["zenigata"]
    for seat in st.to_act():
        yield A.ConfirmPlan(seat)
        yield A.ConfirmPlan(seat, timed_out=True)
        for kind in (A.CharmLupin, A.EndCharm, A.PassPurchase):
            yield kind(seat)
        for m in members:
            for d in devices:
                yield A.BuyDevice(seat, m, d)
                yield A.ReturnDevice(seat, m, d)
                for to in st.gang:
                    yield A.ReassignDevice(seat, m, d, to)


def _legal_is_accepted(st):
    """Every candidate planning move is offered by legal_actions exactly when apply accepts it."""
    before = st.snapshot()
    legal = {s: set(st.legal_actions(s)) for s in st.to_act()}
    for action in _candidates(st):
        if action in legal[action.seat]:
            trial = st.snapshot()
            trial.apply(action)   # accepted
        else:
            with pytest.raises(IllegalAction):
                st.apply(action)
    assert st == before


def test_legal_actions_are_exactly_the_moves_the_rules_accept():
    st = planning(players=4, hand=(CHARM_CARD,))
    _legal_is_accepted(st)
    buy(st, "lupin", "backpack")
    for d in ("knife", "knife", "shovel"):
        buy(st, "lupin", d)
    buy(st, "jigen", "rifle")
    buy(st, "goemon", "medical_kit", seat="lupin")
    _legal_is_accepted(st)
    charm = planning(hand=(CHARM_CARD,))
    charm.apply(A.CharmLupin("fujiko"))
    buy(charm, "fujiko", "rifle")
    _legal_is_accepted(charm)
    ava = planning(players=4, variant="all-vs-all", rolls=[(1, 1), (2, 2), (3, 3)])
    buy(ava, ava.plan.drafter, "backpack")
    _legal_is_accepted(ava)


def test_planning_moves_survive_json():
    moves = [A.BuyDevice("lupin", "jigen", "rifle"), A.ReturnDevice("lupin", "jigen", "rifle"),
             A.ReassignDevice("lupin", "jigen", "rifle", "lupin"), A.CharmLupin("fujiko"), A.EndCharm("fujiko"),
             A.PassPurchase("jigen"), A.BuyLeftover("fujiko", "knife"), A.ConfirmPlan("jigen", timed_out=True)]
    for move in moves:
        assert action_from_json(json.loads(json.dumps(action_to_json(move)))) == move
    # a save made before the clock existed still loads
    assert action_from_json({"type": "lupin.confirm_plan", "seat": "lupin"}) == A.ConfirmPlan("lupin")


@pytest.mark.parametrize("players,variant", [(5, "coop"), (4, "coop"), (4, "all-vs-all")])
def test_the_heuristic_bots_buy_a_few_useful_tiles_and_confirm(players, variant):
    st = planning(players=players, variant=variant, seed=7)
    rng = random.Random(3)
    bots = {}
    for _ in range(500):
        if st.phase != "planning":
            break
        seat = rng.choice(st.to_act())
        bot = bots.setdefault(seat, HeuristicBot(len(bots)))
        st.apply(bot.choose(st.view(seat), st.legal_actions(seat)))
    assert st.phase == "gang"
    bought = [p.device for p in st.plan.purchases]
    assert {"medical_kit", "hand_grenade"} & set(bought), bought
    assert all(v >= 0 for v in st.plan.budgets.values())
    for c in st.gang:
        assert carry_problem(c, st.figures[c].devices) is None
