"""*Travestimento perfetto* (Perfect Disguise), Lupin's x6 and Jigen's x1, in play
(docs/rules-decisions.md, "Lupin — mission cards in play"): taking an agent's place within reach
(Lupin: a walk of 8 squares; Jigen: 5 squares as a gun's range), the disguised turn, the reveal on
the agent's square or hiding on one of the first unseen squares, the reveal Zenigata forces by
attacking with that agent, what a hit on the agent or an arrest does, what every seat is told,
refusals that leave the state unchanged, and a save/replay round trip.

The scenes stand on row I of the Gran colpo board, a straight street from I3 to I25."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.api import TABLE, action_from_json, action_to_json, events_for_seat
from game.engine.grid import parse_coord as P
from game.engine.replay import Match
from game.lupin.ai import BOTS
from game.lupin.rules import actions as A
from game.lupin.rules.cards import Unmask, UnmaskHide
from tests.lupin.test_cards import hand, plays, refused
from tests.lupin.test_round import clear_police, dice, put, started, to_police_phase

LUPIN_CARD, JIGEN_CARD = "lupin_travestimento_perfetto", "jigen_travestimento_perfetto"


def scene(agents: dict[str, str], member="lupin", at="I5", **cfg):
    """Gran colpo, round 1's gang phase: only the given agents on the board (no Zenigata), every
    hand empty but ``member``'s disguise card; the gang far away on its start squares."""
    st = started(**cfg)
    clear_police(st, keep=tuple(agents))
    for c in st.gang:
        hand(st, c)
    for agent, sq in agents.items():
        put(st, agent, sq)
    put(st, member, at)
    hand(st, member, LUPIN_CARD if member == "lupin" else JIGEN_CARD)
    return st


def disguise(st, member, agent):
    card = LUPIN_CARD if member == "lupin" else JIGEN_CARD
    return st.apply(A.PlayCard(st.seat_of[member], member, card, agent))


def next_gang_phase(st):
    to_police_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    assert st.phase == "gang"


def targets(st, member):
    return [a.target for a in plays(st, member)]


def seen_by(events, seat):
    return [(e.kind, dict(e.data)) for e in events_for_seat(events, seat)]


# ---------------------------------------------------------------- taking an agent's place

def test_lupin_takes_the_place_of_an_agent_within_an_8_square_walk():
    # I13: 8 squares along the street; I14: 9; N5 is 5 rows away but a 9-square walk round the block
    st = scene({"agent-1": "I13", "agent-2": "I14", "agent-3": "N5"})
    assert targets(st, "lupin") == ["agent-1"]
    ev = disguise(st, "lupin", "agent-1")
    f = st.figures["lupin"]
    assert f.spot is None and not st.is_shown("lupin") and f.cards["disguise"] == "agent-1"
    assert f.notes[-1].to == "agent-1" and f.notes[-1].action == "disguise"      # the agent's number
    assert f.hand == [] and f.moved                                              # it was his move
    assert st.figures["agent-1"].spot == P("I13")                                # the agent stays
    # his seat is told which agent; Zenigata and the table only that a hidden member moved
    assert seen_by(ev, "lupin") == [("card_played", {"figure": "lupin", "card": LUPIN_CARD, "target": "agent-1",
                                                     "from": "I5", "disguise": True})]
    for seat in ("zenigata", TABLE, "jigen"):
        assert seen_by(ev, seat) == [("moved", {"figure": "lupin", "shown": False})]
    assert st.view("lupin")["figures"]["lupin"]["disguised_as"] == "agent-1"
    assert st.view("lupin")["mine"]["lupin"]["disguise"] == "agent-1"
    for seat in ("zenigata", TABLE, "jigen"):
        entry = st.view(seat)["figures"]["lupin"]
        assert entry["spot"] is None and entry["disguised_as"] is None
        assert entry["hand_size"] == 1          # the card lies face down before him until he reveals


def test_a_shown_member_who_takes_an_agents_place_is_seen_to_vanish_from_his_square():
    st = scene({"agent-1": "I13"})
    st.figures["lupin"].shown = True                     # seen on I5 (he has just shot, say)
    ev = disguise(st, "lupin", "agent-1")
    assert seen_by(ev, "zenigata") == [("moved", {"figure": "lupin", "from": "I5", "shown": False})]


def test_jigen_takes_the_place_of_an_agent_within_5_squares_measured_like_a_guns_range():
    # I10: 5 along the row; N10: 5 on the diagonal (a 10-square walk); H3: a knight's move;
    # I11: 6 away; J9: a 5-square walk, but off every row, column, diagonal and knight's move
    st = scene({"agent-1": "I10", "agent-2": "N10", "agent-3": "I11", "agent-4": "J9", "agent-5": "H3"},
               member="jigen")
    assert targets(st, "jigen") == ["agent-1", "agent-2", "agent-5"]
    disguise(st, "jigen", "agent-2")
    assert st.figures["jigen"].cards["disguise"] == "agent-2" and st.figures["jigen"].spot is None


def test_only_agents_are_taken_not_zenigata_nor_a_guard_nor_an_agent_holding_a_prisoner():
    st = scene({"agent-1": "I9", "agent-2": "I8", "zenigata": "I7"})
    st.figures["agent-2"].holding = "goemon"           # holding a prisoner: he cannot be taken
    st.figures["goemon"].arrested_by = "agent-2"
    assert targets(st, "lupin") == ["agent-1"]
    refused(st, A.PlayCard("lupin", "lupin", LUPIN_CARD, "zenigata"), "cannot be played now")
    refused(st, A.PlayCard("lupin", "lupin", LUPIN_CARD, "agent-2"), "cannot be played now")
    rosso = scene({"agent-1": "I9"}, episode="rosso-rubino")
    guards = [g for g, f in rosso.figures.items() if f.kind == "guard"]
    assert guards and not set(guards) & set(targets(rosso, "lupin"))


def test_the_disguise_is_refused_out_of_reach_after_moving_with_a_tile_or_on_a_taken_agent():
    st = scene({"agent-1": "I14"})
    refused(st, A.PlayCard("lupin", "lupin", LUPIN_CARD, "agent-1"), "cannot be played now")   # 9 squares
    put(st, "agent-1", "I9")
    st.apply(A.Move("lupin", "lupin", "I6"))
    refused(st, A.PlayCard("lupin", "lupin", LUPIN_CARD, "agent-1"), "cannot be played now")   # he moved
    st = scene({"agent-1": "I9"})
    st.tiles[0].site, st.tiles[0].carrier = None, "lupin"                      # a tile: no disguise
    refused(st, A.PlayCard("lupin", "lupin", LUPIN_CARD, "agent-1"), "cannot be played now")
    # one member an agent: Jigen cannot take the agent Lupin is in
    st = scene({"agent-1": "I9", "agent-2": "I7"})
    put(st, "jigen", "I6")
    hand(st, "jigen", JIGEN_CARD)
    disguise(st, "lupin", "agent-1")
    st.apply(A.EndTurn("lupin", "lupin"))
    assert targets(st, "jigen") == ["agent-2"]
    refused(st, A.PlayCard("jigen", "jigen", JIGEN_CARD, "agent-1"), "cannot be played now")


def test_no_disguise_when_the_gang_is_always_in_sight():
    st = scene({"agent-1": "I9"}, difficulty="novice", novice_always_visible=True)
    assert targets(st, "lupin") == []


# ---------------------------------------------------------------- in disguise

def test_while_disguised_he_follows_the_agent_and_his_turn_is_reveal_or_stay():
    st = scene({"agent-1": "I13", "agent-2": "I18"})
    disguise(st, "lupin", "agent-1")
    # the same round: only "stay in disguise"; any other move is refused
    assert [type(a) for a in st.legal_actions("lupin")] == [A.EndTurn]
    refused(st, Unmask("lupin", "lupin"), "from his next turn")
    refused(st, A.Move("lupin", "lupin", "I6"), "in disguise")
    st.apply(A.EndTurn("lupin", "lupin"))
    to_police_phase(st)
    st.apply(A.Move("zenigata", "agent-1", "I11"))      # Zenigata moves the agent as usual
    st.apply(A.EndTurn("zenigata", "police"))
    legal = st.legal_actions("lupin")
    lupin = [a for a in legal if getattr(a, "figure", None) == "lupin"]
    assert {type(a) for a in lupin} == {Unmask, UnmaskHide, A.EndTurn}
    refused(st, A.Move("lupin", "lupin", "I12"), "in disguise")
    refused(st, A.PlayCard("lupin", "lupin", LUPIN_CARD, "agent-2"), "in disguise")
    st.apply(A.EndTurn("lupin", "lupin"))               # stays in disguise
    assert st.figures["lupin"].cards["disguise"] == "agent-1" and st.figures["agent-1"].spot == P("I11")


def test_reveal_on_the_agents_square_removes_the_agent_and_shows_him_there():
    st = scene({"agent-1": "I13", "agent-2": "I18"})
    disguise(st, "lupin", "agent-1")
    next_gang_phase(st)
    dice(st)                                             # no dice
    ev = st.apply(Unmask("lupin", "lupin"))
    f = st.figures["lupin"]
    assert st.figures["agent-1"].spot is None and "agent-1" not in st.agents_on_board()
    assert f.spot == P("I13") and st.is_shown("lupin") and "disguise" not in f.cards and f.moved
    assert f.kills == 0
    told = {"figure": "lupin", "agent": "agent-1", "square": "I13", "cause": "choice"}
    for seat in ("zenigata", TABLE, "lupin"):
        assert seen_by(ev, seat) == [("unmasked", told)]
    assert st.view("zenigata")["figures"]["lupin"]["spot"] == "I13"
    assert st.view("zenigata")["figures"]["lupin"]["hand_size"] == 0
    # the reveal was his move; his standard action is still his (agent-2 is 5 squares away)
    legal = st.legal_actions("lupin")
    assert not any(isinstance(a, A.Move) for a in legal)
    assert A.Shoot("lupin", "lupin", "agent-2") in legal


def test_reveal_hiding_on_one_of_the_first_unseen_squares_within_his_movement():
    # agent-2 on I18 watches I13-I17: from I13 the first square no policeman sees is I12 (1 step)
    st = scene({"agent-1": "I13", "agent-2": "I18"})
    disguise(st, "lupin", "agent-1")
    next_gang_phase(st)
    hides = [a.to for a in st.legal_actions("lupin") if isinstance(a, UnmaskHide)]
    assert hides == ["I12"]
    refused(st, UnmaskHide("lupin", "lupin", "I11"), "first unseen squares")   # unseen, but farther
    refused(st, UnmaskHide("lupin", "lupin", "I14"), "first unseen squares")   # seen by agent-2
    ev = st.apply(UnmaskHide("lupin", "lupin", "I12"))
    f = st.figures["lupin"]
    assert f.spot == P("I12") and not st.is_shown("lupin") and st.figures["agent-1"].spot is None
    assert f.notes[-1].to == "I12"                       # the square where he hides, in his notes
    assert seen_by(ev, "zenigata") == [
        ("unmasked", {"figure": "lupin", "agent": "agent-1", "square": "I13", "cause": "choice"}),
        ("moved", {"figure": "lupin", "from": "I13", "shown": False})]
    assert st.view("zenigata")["figures"]["lupin"]["spot"] is None
    assert not any(isinstance(a, A.Move) for a in st.legal_actions("lupin"))   # that was his move


def test_with_nobody_watching_the_first_unseen_squares_are_one_step_away():
    st = scene({"agent-1": "I13"})
    disguise(st, "lupin", "agent-1")
    next_gang_phase(st)
    hides = [a.to for a in st.legal_actions("lupin") if isinstance(a, UnmaskHide)]
    assert hides == ["I12", "I14"]


# ---------------------------------------------------------------- forced and accidental reveals

def police_scene():
    """Lupin inside agent-1 on I13; Jigen shown on I10 (in agent-1's line of fire); agent-2 on
    I18 watching I13-I17; the police phase of round 2."""
    st = scene({"agent-1": "I13", "agent-2": "I18"})
    put(st, "jigen", "I10")
    st.figures["jigen"].shown = True
    disguise(st, "lupin", "agent-1")
    to_police_phase(st)
    return st


def test_zenigata_shooting_with_the_disguised_agent_forces_the_reveal_and_the_shot_is_lost():
    st = police_scene()
    assert A.Shoot("zenigata", "agent-1", "jigen") in st.legal_actions("zenigata")
    dice(st)                                             # no dice: the shot is never fired
    ev = st.apply(A.Shoot("zenigata", "agent-1", "jigen"))
    assert [e.kind for e in ev] == ["unmasked"] and ev[0].data["cause"] == "attack"
    assert st.figures["jigen"].wounds == 0 and st.figures["agent-1"].spot is None
    assert st.figures["lupin"].spot == P("I13") and st.is_shown("lupin")
    # Lupin's seat answers before the police go on: stay there, or slip to the first unseen square
    assert st.phase == "police" and st.to_act() == ["lupin"]
    assert st.legal_actions("zenigata") == []
    assert set(st.legal_actions("lupin")) == {Unmask("lupin", "lupin"), UnmaskHide("lupin", "lupin", "I12")}
    refused(st, A.EndTurn("zenigata", "police"), "not zenigata's turn")
    refused(st, A.EndTurn("lupin", "lupin"), "say where he reappears")
    ev = st.apply(UnmaskHide("lupin", "lupin", "I12"))
    assert seen_by(ev, "zenigata") == [("moved", {"figure": "lupin", "from": "I13", "shown": False})]
    assert st.to_act() == ["zenigata"] and st.phase == "police" and st.active is None
    assert not st.is_shown("lupin") and st.figures["lupin"].spot == P("I12")
    st.apply(A.EndTurn("zenigata", "police"))
    assert st.phase == "gang"
    assert any(isinstance(a, A.Move) for a in st.legal_actions("lupin"))       # a normal turn again


def test_a_forced_reveal_may_also_stay_in_sight_on_the_square():
    st = police_scene()
    st.apply(A.Shoot("zenigata", "agent-1", "jigen"))
    st.apply(Unmask("lupin", "lupin"))
    assert st.figures["lupin"].spot == P("I13") and st.is_shown("lupin") and st.to_act() == ["zenigata"]
    assert A.Shoot("zenigata", "agent-2", "lupin") in st.legal_actions("zenigata")


def test_zenigatas_offer_is_the_same_whether_or_not_an_agent_hides_a_member():
    st = police_scene()
    plain = police_scene()
    f = plain.figures["lupin"]                           # Lupin simply hidden on I6, the card in hand
    f.cards, f.spot, f.hand = {}, P("I6"), [LUPIN_CARD]
    f.discard.remove(LUPIN_CARD)
    assert st.legal_actions("zenigata") == plain.legal_actions("zenigata")
    assert st.view("zenigata")["figures"] == plain.view("zenigata")["figures"]


def test_a_partners_hit_on_the_disguised_agent_unmasks_him_unhurt_and_counts_no_kill():
    st = scene({"agent-1": "I13", "agent-2": "I18"})
    put(st, "jigen", "I10")
    disguise(st, "lupin", "agent-1")
    st.apply(A.EndTurn("lupin", "lupin"))
    dice(st, (6, 6))
    ev = st.apply(A.Shoot("jigen", "jigen", "agent-1"))
    assert [e.kind for e in ev if e.kind in ("shot", "unmasked", "eliminated")] == ["shot", "unmasked"]
    assert ev[-1].data == {"figure": "lupin", "agent": "agent-1", "square": "I13", "cause": "hit", "by": "jigen"}
    assert st.figures["jigen"].kills == 0 and st.figures["lupin"].wounds == 0
    assert st.figures["lupin"].spot == P("I13") and st.is_shown("lupin")


def test_the_disguised_agents_counter_attack_is_a_reveal_not_a_blow():
    st = scene({"agent-1": "I13", "agent-2": "I18"})
    put(st, "goemon", "I12")
    disguise(st, "lupin", "agent-1")
    st.apply(A.EndTurn("lupin", "lupin"))
    dice(st, (1, 1))                                     # Goemon misses; no die for the counter
    ev = st.apply(A.Melee("goemon", "goemon", "agent-1"))
    assert [e.kind for e in ev if e.kind in ("melee", "unmasked")] == ["melee", "unmasked"]
    assert st.figures["goemon"].wounds == 0 and st.figures["lupin"].spot == P("I13")


def test_a_disguised_member_never_holds_a_partner_the_next_agent_does():
    st = scene({"agent-1": "I11", "agent-2": "I5"}, at="I12")
    put(st, "jigen", "I10")
    jigen = st.figures["jigen"]
    jigen.shown, jigen.wounds = True, 3                  # one more wound is an arrest
    disguise(st, "lupin", "agent-1")
    to_police_phase(st)
    dice(st, (6, 6))
    ev = st.apply(A.Shoot("zenigata", "agent-2", "jigen"))
    kinds = [e.kind for e in ev]
    assert kinds.index("unmasked") < kinds.index("arrested")
    assert [e.data["cause"] for e in ev if e.kind == "unmasked"] == ["arrest"]
    assert jigen.arrested_by == "agent-2" and st.figures["agent-2"].holding == "jigen"
    assert st.figures["lupin"].spot == P("I11") and st.figures["agent-1"].spot is None


def test_novice_play_ends_a_disguise_when_the_gang_becomes_always_visible():
    st = scene({"agent-1": "I9"}, difficulty="novice")
    disguise(st, "lupin", "agent-1")
    st.round = 6                                         # from round 6 the novice gang is on the board
    to_police_phase(st)
    ev = st.apply(A.EndTurn("zenigata", "police"))
    assert [e.data["cause"] for e in ev if e.kind == "unmasked"] == ["visible"]
    assert st.figures["lupin"].spot == P("I9") and st.is_shown("lupin")


# ---------------------------------------------------------------- save and replay

def _disguise_game() -> tuple[dict, int, list, Match]:
    """A seeded bot game (Gran colpo, 5 players, heuristic bots) up to the first reveal of a
    disguise, played through the rules API only: the config, the seed and the actions."""
    config = {"episode": "gran-colpo", "players": 5}
    for seed in range(1, 40):
        match = Match("lupin", config, seed)
        rng = random.Random(seed)
        bots: dict[str, object] = {}
        actions = []
        state = match.state
        while not state.is_over():
            seats = state.to_act()
            seat = seats[rng.randrange(len(seats))]
            bot = bots.setdefault(seat, BOTS["heuristic"](seed * 7 + len(bots)))
            action = bot.choose(state.view(seat), state.legal_actions(seat))
            events = match.apply(action)
            state = match.state
            actions.append(action)
            if any(e.kind == "unmasked" for e in events):
                return config, seed, actions, match
    raise AssertionError("no seeded game played a disguise to its reveal")


def test_a_disguise_survives_a_save_and_a_replay():
    config, seed, actions, live = _disguise_game()
    assert any(isinstance(a, A.PlayCard) and "travestimento" in a.card for a in actions)
    saved = json.loads(json.dumps([action_to_json(a) for a in actions]))
    loaded = [action_from_json(d) for d in saved]
    assert loaded == actions
    replayed = Match.replay("lupin", config, seed, loaded)
    assert replayed.state == live.state
    for seat in ("zenigata", "lupin", "jigen", TABLE):
        assert replayed.state.view(seat) == live.state.view(seat)
    # and half-way, while disguised: the replay of the first half is the same state
    played = next(i for i, a in enumerate(actions) if isinstance(a, A.PlayCard) and "travestimento" in a.card)
    half = Match.replay("lupin", config, seed, loaded[:played + 1]).state
    member = actions[played].figure
    assert half.figures[member].cards.get("disguise") == actions[played].target
    assert half.view("zenigata")["figures"][member]["spot"] is None


@pytest.mark.parametrize("episode", ["rosso-rubino", "gran-colpo"])
def test_seeded_random_games_with_disguises_keep_the_invariants(episode):
    from game.lupin.simulate import simulate
    from tests.lupin.test_invariants import Invariants
    check = Invariants()
    summary = simulate({"episode": episode, "players": 5}, 6, 77, "heuristic", check=check)
    assert summary["errors"] == 0, summary["error_samples"]
    assert check.events["unmasked"] > 0, dict(check.events)
