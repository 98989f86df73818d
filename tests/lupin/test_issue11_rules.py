"""Issue #11, the Lupin rules part: agents shooting from a police car, whoever has held the
treasure moving last, a policeman on a hidden member's square, undo after a reveal, phase 4's
turns telling nothing, and badly typed actions refused (docs/rules-decisions.md, "Lupin — issue 11").
Each test fails on the rules before the issue was fixed."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

import pytest

from game.engine.api import TABLE, IllegalAction, action_to_json, events_for_seat
from game.engine.replay import Match
from game.engine.rng import Rng
from game.lupin.ai import BOTS
from game.lupin.rules import actions as A
from game.lupin.rules.state import LupinState, new_game
from tests.lupin.test_round import (clear_police, dice, end_gang_phase, pass_treasure_phase, put, started,
                                    to_police_phase)

BANK = "inside Banca Centrale Svizzera"


# ---------------------------------------------------------------- 1. agents in a police car shoot

def car_with_agents(st: LupinState, square: str, n: int) -> list[str]:
    """A police car on ``square`` with ``n`` reserve agents aboard (the police phase)."""
    car = st.cars["car-1"]
    car.spot = st.parse_square(square)
    st._board_agents(car, n)
    return list(car.agents)


def test_every_agent_aboard_a_police_car_may_shoot_from_its_square_once_a_round():
    st = started()
    clear_police(st)
    to_police_phase(st)
    aboard = car_with_agents(st, "I10", 3)
    put(st, "jigen", "I13")                 # three squares from the car: in pistol range
    st.figures["jigen"].shown = True
    shots = [a for a in st.legal_actions("zenigata") if isinstance(a, A.Shoot)]
    assert {a.figure for a in shots} == set(aboard) and {a.target for a in shots} == {"jigen"}
    dice(st, (1, 1), (1, 1), (1, 1))        # three misses: every agent aboard fires
    for agent in aboard:
        ev = st.apply(A.Shoot("zenigata", agent, "jigen", "pistol"))
        assert [e.kind for e in ev][:1] == ["shot"] and ev[0].data["figure"] == agent
    with pytest.raises(IllegalAction, match="already taken a standard action"):
        st.apply(A.Shoot("zenigata", aboard[0], "jigen", "pistol"))    # one shot each a round
    # the pistol's range counts from the car: 6 squares away is out of reach
    put(st, "goemon", "I16")
    st.figures["goemon"].shown = True
    st.figures[aboard[0]].acted = False
    assert "goemon" not in st.shoot_targets(aboard[0])


def test_agents_in_a_car_cannot_fight_hand_to_hand_and_a_car_without_agents_shoots_nobody():
    st = started()
    clear_police(st)
    to_police_phase(st)
    aboard = car_with_agents(st, "I10", 1)
    put(st, "jigen", "I11")
    st.figures["jigen"].shown = True
    assert not any(isinstance(a, A.Melee) and a.figure == aboard[0] for a in st.legal_actions("zenigata"))
    assert "car-2" not in {a.figure for a in st.legal_actions("zenigata") if isinstance(a, A.Shoot)}


# ---------------------------------------------------------------- 2. whoever has held it moves last

def test_whoever_has_held_the_treasure_moves_last_to_the_end_even_after_handing_it_over():
    st = started()
    clear_police(st)
    treasure = next(t for t in st.tiles if t.treasure)
    put(st, "jigen", BANK)
    end_gang_phase(st)
    st.apply(A.Flip("jigen", "jigen", treasure.index))
    assert treasure.carrier == "jigen"
    pass_treasure_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    # round 2: Jigen comes out and hands the tile to Goemon, who then carries it
    put(st, "jigen", "K5")
    put(st, "goemon", "K6")
    st.active = "jigen"     # Jigen's turn (the others have played theirs)
    for c in ("lupin", "fujiko"):
        st.figures[c].turn_done = True
    st.apply(A.PassTreasure("jigen", "jigen", "goemon"))
    st.apply(A.AcceptTreasure("goemon", "goemon", True))
    assert treasure.carrier == "goemon"
    st.apply(A.EndTurn("jigen", "jigen"))
    st.apply(A.EndTurn("goemon", "goemon"))
    to_police_phase(st)
    st.apply(A.EndTurn("zenigata", "police"))
    # round 3: Jigen holds nothing now, yet he still plays after Lupin and Fujiko, like Goemon
    assert sorted(st.may_start_turn()) == ["fujiko", "lupin"]
    with pytest.raises(IllegalAction, match="has held the treasure: he plays last"):
        st.apply(A.EndTurn("jigen", "jigen"))
    st.apply(A.EndTurn("lupin", "lupin"))
    st.apply(A.EndTurn("fujiko", "fujiko"))
    assert sorted(st.may_start_turn()) == ["goemon", "jigen"]
    assert st.is_shown("jigen") and st.is_shown("goemon")   # and both are shown for good


# ---------------------------------------------------------------- 3. a policeman on a hidden member

def test_a_policeman_stopping_on_a_hidden_members_square_does_not_see_him_and_only_his_gang_is_told():
    st = started()
    clear_police(st, keep=("agent-1",))
    put(st, "agent-1", "K20")
    put(st, "lupin", "A10")
    put(st, "jigen", "A11")
    to_police_phase(st)
    put(st, "lupin", "N20")                 # hidden, three squares south of the agent
    put(st, "goemon", "A1")
    assert not st.is_shown("lupin")
    before = {s: st.view(s) for s in ("zenigata", TABLE, "goemon")}
    ev = st.apply(A.Move("zenigata", "agent-1", "N20"))
    assert not st.is_shown("lupin"), "the rulebook lets a hidden member share a policeman's square"
    told = [e for e in events_for_seat(ev, "lupin") if e.kind == "police_on_hidden"]
    assert [e.data for e in told] == [{"figure": "lupin", "police": "agent-1", "square": "N20"}]
    for seat in ("zenigata", TABLE, "goemon", "jigen"):   # Jigen is far away: he may not know
        assert not any(e.kind == "police_on_hidden" for e in events_for_seat(ev, seat)), seat
    assert st.view("zenigata")["figures"]["lupin"]["spot"] is None
    assert "police_on_hidden" in [e["kind"] for e in st.view("lupin")["log"]]
    for seat in ("zenigata", TABLE, "goemon"):   # nothing of Lupin changed for those who may not know
        assert st.view(seat)["figures"]["lupin"] == before[seat]["figures"]["lupin"], seat
    # and Lupin may walk away from under the agent's feet
    st.apply(A.EndTurn("zenigata", "police"))
    assert any(isinstance(a, A.Move) and a.figure == "lupin" for a in st.legal_actions("lupin"))


def test_the_log_says_so_in_both_languages():
    from game.engine.i18n import set_language
    from game.lupin.ui.log_text import event_line
    entry = {"kind": "police_on_hidden", "figure": "lupin", "police": "agent-1", "square": "N20"}
    lines = {}
    for lang in ("en", "it"):
        set_language(lang)
        lines[lang] = event_line(entry)
    set_language("en")
    assert "N20" in lines["en"] and "Lupin" in lines["en"] and "Agent 1" in lines["en"]
    assert "N20" in lines["it"] and "Agente 1" in lines["it"] and lines["it"] != lines["en"]


# ---------------------------------------------------------------- 4. undo after a reveal

def test_zenigata_cannot_undo_the_move_that_showed_him_a_hidden_member():
    match = Match("lupin", {"episode": "gran-colpo", "players": 5}, 1)
    st = match.state
    while st.phase == "placement":
        fid = st.next_to_place()
        match.apply(A.Place("zenigata", fid, str(max(st.placement_squares(), key=lambda s: (s.row, s.col)))))
    for c, sq in {"lupin": "A1", "jigen": "A2", "goemon": "C1", "fujiko": "R1"}.items():
        match.apply(A.ChooseStart(c, c, sq))
    match.apply(A.ConfirmPlan("lupin"))
    clear_police(st, keep=("agent-1", "agent-2"))
    put(st, "agent-1", "K20")
    put(st, "agent-2", "I22")
    for c in st.gang:
        match.apply(A.EndTurn(c, c))
    while st.phase == "treasure":
        match.apply(A.EndTreasure(st.to_act()[0]))
    put(st, "lupin", "Q20")                                  # out of every line of fire
    assert not st.in_police_sight("lupin")
    st.figures["lupin"].shown = False
    quiet = next(a for a in st.legal_actions("zenigata") if isinstance(a, A.Move) and a.figure == "agent-2"
                 and not any(e.kind == "spotted" for e in st.snapshot().apply(a)))
    assert not any(e.kind == "spotted" for e in match.apply(quiet))
    assert match.undoable("zenigata") == 1                   # it showed nothing: it may be taken back
    spotter = A.Move("zenigata", "agent-1", "O20")
    ev = match.apply(spotter)
    assert any(e.kind == "spotted" for e in ev) and st.view("zenigata")["figures"]["lupin"]["spot"] == "Q20"
    assert match.undoable("zenigata") == 0
    with pytest.raises(IllegalAction, match="revealed"):
        match.undo("zenigata")


def test_a_member_stepping_next_to_a_hidden_partner_cannot_take_it_back():
    st = started()
    clear_police(st)
    put(st, "lupin", "A8")
    put(st, "jigen", "A11")
    assert st.view("lupin")["figures"]["jigen"]["spot"] is None
    ev = st.apply(A.Move("lupin", "lupin", "A10"))
    assert st.view("lupin")["figures"]["jigen"]["spot"] == "A11"
    assert any(e.reveal for e in ev), "learning where a partner hides ends undo"


def _informative(before: dict, after: dict, seat: str) -> list[str]:
    """What the seat's view shows after an action that it could not have known before it."""
    why = []
    for fid, e1 in after["figures"].items():
        e0 = before["figures"].get(fid, {})
        if e1["kind"] == "gang" and e1["seat"] != seat and e1["spot"] is not None and e0.get("spot") is None:
            why.append(f"where {fid} is")
    known_rides = {r["id"] for r in before["rides"]}
    why += [f"where {r['id']} is" for r in after["rides"] if r["id"] not in known_rides]
    for t0, t1 in zip(before["tiles"], after["tiles"]):
        if "treasure" in t1 and "treasure" not in t0:
            why.append(f"tile {t1['index']}'s face")
    for c, mine in after["mine"].items():
        if Counter(mine["hand"]) - Counter(before["mine"].get(c, {"hand": []})["hand"]):
            why.append(f"a card drawn by {c}")
    for entry in after["log"][len(before["log"]):] if len(after["log"]) > len(before["log"]) else []:
        if "dice" in entry or "die" in entry:
            why.append(f"dice ({entry['kind']})")
    return why


UNDO_GAMES = [(ep, seed, bots) for ep in ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")
              for seed, bots in ((2, "random"), (5, "heuristic"))]


@pytest.mark.parametrize("episode,seed,bots", UNDO_GAMES, ids=[f"{e}-{s}-{b}" for e, s, b in UNDO_GAMES])
def test_every_action_that_shows_its_seat_something_new_ends_undo(episode, seed, bots):
    """Seeded bot games: after every action, if the acting seat's view shows a member it did not
    see, a tile face, a new card or dice, or if the same action in a world with other dice gives
    that seat a different view, undo is refused for it."""
    rng = random.Random(seed)
    match = Match("lupin", {"episode": episode, "players": 5}, seed)
    players: dict = {}
    informative = 0
    while not match.state.is_over() and len(match.log) < 1500:
        st = match.state
        seats = st.to_act()
        seat = seats[rng.randrange(len(seats))]
        action = players.setdefault(seat, BOTS[bots](seed * 101 + len(players))).choose(
            st.view(seat), st.legal_actions(seat))
        before = st.view(seat)
        other = copy.deepcopy(st)
        other.rng = Rng(seed * 7 + len(match.log) + 99991)     # the same action, other dice
        planning = st.phase in ("placement", "planning")       # the gang shares its plan then
        match.apply(action)
        after = match.state.view(seat)
        why = [] if planning else _informative(before, after, seat)
        other.apply(action)
        if other.view(seat) != after:
            why.append("chance")
        if why:
            informative += 1
            assert match.undoable(seat) == 0, (
                f"{episode} seed {seed}, move {len(match.log)} {action_to_json(action)} showed {seat} "
                f"{', '.join(why)} but may be undone")
    assert informative >= 3, "the games should show their seats something"


# ---------------------------------------------------------------- 5. phase 4 tells nothing

def _phase4_pair():
    """Two games at the end of the gang phase, the same but for where hidden Goemon stands:
    inside the bank (he could flip a tile) or on a square nobody sees."""
    a = started()
    clear_police(a, keep=("agent-1",))
    put(a, "agent-1", "T25")
    b = copy.deepcopy(a)
    put(a, "goemon", BANK)
    put(b, "goemon", "K5")
    for st in (a, b):
        put(st, "lupin", "A1")
        put(st, "jigen", "C1")
        put(st, "fujiko", "R1")
        assert not st.is_shown("goemon")
    return a, b


def test_phase_four_gives_every_gang_seat_its_turn_whether_or_not_it_can_flip():
    a, b = _phase4_pair()
    end_gang_phase(a)
    end_gang_phase(b)
    assert a.phase == b.phase == "treasure"
    assert a.to_act() == b.to_act() == ["lupin", "jigen", "goemon", "fujiko"]
    assert any(isinstance(x, A.Flip) for x in a.legal_actions("goemon"))
    assert b.legal_actions("goemon") == [A.EndTreasure("goemon")]   # a pass is always legal


def test_phase_four_shows_the_other_seats_nothing_of_where_a_hidden_member_stands():
    a, b = _phase4_pair()
    others = ["zenigata", "lupin", "jigen", "fujiko", TABLE]

    def same(step: str) -> None:
        for seat in others:
            va, vb = a.view(seat), b.view(seat)
            assert va == vb, f"{step}: {seat}'s view tells where Goemon is"
        assert a.to_act() == b.to_act(), f"{step}: whose turn it is tells where Goemon is"

    same("before phase 4")
    end_gang_phase(a)
    end_gang_phase(b)
    same("phase 4 begins")
    while a.phase == "treasure":
        seat = a.to_act()[0]
        a.apply(A.EndTreasure(seat))
        b.apply(A.EndTreasure(seat))
        same(f"{seat} passed")
    assert a.phase == b.phase == "police"


@pytest.mark.parametrize("episode", ["rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"])
def test_bots_pass_their_phase_four_turns(episode):
    from game.lupin.simulate import play_game
    out = play_game({"episode": episode, "players": 5}, 4, "heuristic")
    assert out["ok"], out.get("error")
    out = play_game({"episode": episode, "players": 3}, 6, "random")
    assert out["ok"], out.get("error")


# ---------------------------------------------------------------- 6. typed actions

def canonical(st: LupinState) -> str:
    """The whole state as text: what must not change when an action is refused."""
    return repr(st._key()) + repr([(e.kind, dict(e.data), e.audience, e.reveal) for e in st.log])


@pytest.mark.parametrize("bad", [
    A.Move("zenigata", "agent-1", 12), A.Move("zenigata", "agent-1", None), A.Move("zenigata", None, "K12"),
    A.Move(None, "agent-1", "K12"), A.Move("zenigata", "agent-1", ("K", 12)), A.Flip("lupin", "lupin", "0"),
    A.Flip("lupin", "lupin", True), A.CarFromStation("zenigata", "car-1", 2.0), A.EndTurn("zenigata", 3),
    A.Shoot("zenigata", "agent-1", "lupin", None), A.AcceptTreasure("jigen", "jigen", "yes"),
])
def test_a_wrongly_typed_field_is_refused_with_a_sentence_and_changes_nothing(bad):
    st = started()
    to_police_phase(st)
    before = canonical(st)
    with pytest.raises(IllegalAction) as refused:
        st.apply(bad)
    assert "should be" in refused.value.sentence
    assert canonical(st) == before


def test_something_that_is_not_a_move_is_refused():
    st = started()
    before = canonical(st)
    for bad in (None, "lupin.move", {"type": "lupin.move"}, 3):
        with pytest.raises(IllegalAction, match="not a move"):
            st.apply(bad)
    assert canonical(st) == before


@pytest.mark.parametrize("square,canonical_form", [("k20", "K20"), (" K 20", "K20"), ("K020", "K20"),
                                                   ("under b4", "under B4")])
def test_a_square_written_otherwise_is_refused_with_the_spelling_to_use(square, canonical_form):
    st = started()
    to_police_phase(st)
    before = canonical(st)
    with pytest.raises(IllegalAction, match=f"Write the square as {canonical_form}"):
        st.apply(A.Move("zenigata", "agent-1", square))
    assert canonical(st) == before


def _ill_typed(action, rng: random.Random):
    fields = [f.name for f in dataclasses.fields(action)]
    name = rng.choice(fields)
    value = getattr(action, name)
    if isinstance(value, str):
        new = rng.choice([None, 7, 3.5, True, ("x",), [value], value.lower() if value != value.lower() else 0])
    elif isinstance(value, bool):
        new = rng.choice([None, 1, "true"])
    elif isinstance(value, int):
        new = rng.choice([None, str(value), float(value), True])
    else:
        new = rng.choice([None, 0, "x"])
    return dataclasses.replace(action, **{name: new})


def _ill_placed(st: LupinState, action, rng: random.Random):
    """Well typed but most likely illegal: another seat, figure, square or number."""
    fields = [f.name for f in dataclasses.fields(action)]
    name = rng.choice(fields)
    value = getattr(action, name)
    if name == "seat":
        new = rng.choice(["zenigata", "lupin", "jigen", "goemon", "fujiko", "table", "nobody"])
    elif isinstance(value, bool):
        new = not value
    elif isinstance(value, int):
        new = value + rng.choice((-9, -1, 1, 50))
    elif name in ("to", "square"):
        new = rng.choice(("A1", "T25", "B4", "Z9", "A0", "inside Nowhere", "under B4", "k12", "K 12"))
    else:
        new = rng.choice(sorted(st.figures) + ["car-1", "car-2", "nobody", ""])
    return dataclasses.replace(action, **{name: new})


@pytest.mark.parametrize("episode,seed", [("rosso-rubino", 1), ("gran-colpo", 2), ("cagliostro", 3),
                                          ("stonehenge", 4)])
def test_fuzz_refused_actions_in_every_phase_leave_the_state_byte_identical(episode, seed):
    rng = random.Random(seed)
    st = new_game({"episode": episode, "players": 5}, seed)
    bots: dict = {}
    phases = Counter()
    refused = 0
    while not st.is_over() and sum(phases.values()) < 900:
        seat = st.to_act()[rng.randrange(len(st.to_act()))]
        legal = st.legal_actions(seat)
        action = bots.setdefault(seat, BOTS["random"](seed + len(bots))).choose(st.view(seat), legal)
        if st.phase in ("placement", "planning", "treasure") or rng.random() < 0.4:
            phases[st.phase] += 1
            before = canonical(st)
            for bad in (_ill_typed(action, rng), _ill_placed(st, action, rng)):
                if isinstance(bad.seat, str) and bad in st.legal_actions(bad.seat):
                    continue   # the change happened to give another legal move
                try:
                    st.apply(bad)
                except IllegalAction as exc:
                    assert exc.sentence.strip(), f"{bad} refused without a sentence"
                    refused += 1
                else:
                    raise AssertionError(f"{bad} was accepted in the {st.phase} phase")
                assert canonical(st) == before, f"refusing {bad} changed the state"
        st.apply(action)
    assert {"placement", "planning", "police", "gang", "treasure"} <= set(phases), phases
    assert refused > 100
