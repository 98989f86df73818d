"""The computer police (game/lupin/ai_police.py, issue #14).

Whole seeded games at every level (never an action outside ``legal``, the games end, the view is
never changed), decisions from the view only (two games that differ only in what Zenigata may not
know give him the same views, and the bot the same actions; the same game under two string-hash
seeds gives the same actions), and what a player would notice: a shown member in a line of fire
is shot, the police close in on and spot the hidden gang more than the random police do, and the
agents' lines of fire spread rather than pile up on one another, and once the exits are worth holding
the cars bring their agents towards the ones nobody holds.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from collections.abc import Callable
from typing import Any

import pytest

import game.lupin.ai_police as ai_police
from game.lupin.ai import RandomBot
from game.lupin.ai_police import PoliceBot
from game.lupin.bots import make_bot, observe
from game.lupin.rules import actions as A
from game.lupin.rules.geometry import GANG, PISTOL_RANGE, Inside, Under
from game.lupin.rules.state import LupinState, new_game
from game.lupin.title import privacy_pairs
from tests.lupin.test_privacy import hiding_square

ROOT = Path(__file__).resolve().parents[2]


def play(config: dict, seed: int, police: Any, gang: str = "heuristic", *, stop: Callable | None = None,
         each: Callable | None = None, max_actions: int = 4000) -> LupinState:
    """A seeded game: ``police`` is a bot (or a level) for Zenigata's seat, ``gang`` a level for
    the others; every bot observes its seat's view after every action. ``each(state, seat, view,
    legal, action)`` runs for every decision; ``stop(state)`` ends the game early."""
    rng = random.Random(seed * 7919 + 13)
    state = new_game(config, seed)
    bots: dict[str, Any] = {}
    if not isinstance(police, str):
        bots["zenigata"] = police
    n = 0
    while not state.is_over() and n < max_actions:
        if stop is not None and stop(state):
            break
        seats = state.to_act()
        seat = seats[rng.randrange(len(seats))]
        if seat not in bots:
            bots[seat] = make_bot(seat, police if seat == "zenigata" else gang, seed * 101 + len(bots))
        view, legal = state.view(seat), state.legal_actions(seat)
        action = bots[seat].choose(view, legal)
        if each is not None:
            each(state, seat, view, legal, action)
        state.apply(action)
        n += 1
        for s, b in bots.items():
            observe(b, state.view(s))
    return state


# ---------------------------------------------------------------------- whole games

GAMES = [
    ("easy", {"episode": "rosso-rubino", "players": 2}, "random", 3),
    ("easy", {"episode": "cagliostro", "players": 2, "difficulty": "novice"}, "heuristic", 4),
    ("normal", {"episode": "gran-colpo", "players": 4, "variant": "all-vs-all"}, "heuristic", 6),
    ("normal", {"episode": "stonehenge", "players": 5}, "heuristic", 7),
    ("hard", {"episode": "gran-colpo", "players": 3}, "heuristic", 8),
    ("hard", {"episode": "rosso-rubino", "players": 5, "difficulty": "novice"}, "heuristic", 9),
]


@pytest.mark.parametrize("level,config,gang,seed", GAMES,
                         ids=[f"{g[0]}-{g[1]['episode']}-{g[1]['players']}p-{g[2]}" for g in GAMES])
def test_the_police_play_whole_games_with_legal_actions_only(level, config, gang, seed):
    kinds: set[str] = set()
    decisions = [0]

    def check(state, seat, view, legal, action):
        if seat != "zenigata":
            return
        decisions[0] += 1
        assert action in legal, f"{action} is not among the legal actions"
        kinds.add(type(action).__name__)

    bot = PoliceBot(level, seed)
    original = bot.choose

    def choose(view, legal):   # the bot never changes the view nor the list it is given
        before_view, before_legal = copy.deepcopy(view), list(legal)
        action = original(view, legal)
        assert view == before_view and list(legal) == before_legal
        return action
    bot.choose = choose   # type: ignore[method-assign]
    state = play(config, seed, bot, gang, each=check)
    assert state.is_over(), "the game should end"
    assert decisions[0] > 20 and {"Place", "Move", "EndTurn"} <= kinds, kinds


# ---------------------------------------------------------------------- the view only


@pytest.mark.parametrize("episode,players,seeds", [("rosso-rubino", 5, (1, 2, 3, 4, 5)), ("stonehenge", 2, (3, 4))])
def test_games_that_differ_only_in_what_zenigata_may_not_know_get_the_same_actions(episode, players, seeds):
    """At the police phase of round 3, a copy of the game moves a hidden member to another hiding
    square (and another copy swaps a card of a hand): fed the same police actions, both games give
    Zenigata the same views as long as the police do not find the member, and two bots with the
    same seed that saw the same views before choose the same actions on them."""
    config = {"episode": episode, "players": players}
    seen: list[dict] = []

    class Recorder(PoliceBot):
        def observe(self, view):
            seen.append(copy.deepcopy(view))
            super().observe(view)
    for seed in seeds:
        seen.clear()
        state = play(config, seed, Recorder("normal", seed), stop=lambda s: s.round >= 3 and s.phase == "police")
        hidden = [c for c in state.gang if not state.is_shown(c) and state.figures[c].spot is not None
                  and not isinstance(state.figures[c].spot, Inside)]
        if hidden and not state.is_over():
            break
    else:
        pytest.fail("somebody of the gang should hide in round 3 of one of the games")
    twins = []
    b = state.snapshot()
    b.figures[hidden[0]].spot = hiding_square(b, hidden[0], apart=2)
    twins.append(b)
    for name, other, _ in privacy_pairs(state):
        if name.startswith("a card of"):
            twins.append(other)
    compared = 0
    for b in twins:
        a = state.snapshot()
        bot_a, bot_b = PoliceBot("normal", seed), PoliceBot("normal", seed)
        for view in seen:
            bot_a.observe(view)
            bot_b.observe(copy.deepcopy(view))
        assert a.view("zenigata") == b.view("zenigata")
        while a.phase == "police" and a.view("zenigata") == b.view("zenigata"):
            legal_a, legal_b = a.legal_actions("zenigata"), b.legal_actions("zenigata")
            assert legal_a == legal_b
            act_a = bot_a.choose(a.view("zenigata"), legal_a)
            act_b = bot_b.choose(b.view("zenigata"), legal_b)
            assert act_a == act_b, "the same views gave different actions"
            compared += 1
            a.apply(act_a)
            b.apply(act_b)
            bot_a.observe(a.view("zenigata"))
            bot_b.observe(b.view("zenigata"))
    assert compared >= 3, "too few decisions compared to tell anything"


def test_a_bot_that_observed_nothing_still_decides():
    """``choose`` builds the belief from the view it is given when ``observe`` was never called (a
    computer seat taken over in the middle of a game)."""
    state = play({"episode": "gran-colpo", "players": 3}, 2, "heuristic",
                 stop=lambda s: s.round >= 3 and s.phase == "police")
    for level in ai_police.LEVELS:
        bot = PoliceBot(level, 5)
        legal = state.legal_actions("zenigata")
        assert bot.choose(state.view("zenigata"), legal) in legal
        assert bot.belief is not None and bot.belief.sizes(), "the belief should know of hidden members"


def test_the_bot_never_reads_the_state():
    source = (ROOT / "game" / "lupin" / "ai_police.py").read_text(encoding="utf-8")
    assert "LupinState" not in source and "state." not in source.replace("BoardState", "")
    assert "pygame" not in source


SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
from tests.lupin.test_ai_police import play
from game.engine.api import action_to_json
from game.lupin.ai_police import PoliceBot
out = []
def each(state, seat, view, legal, action):
    if seat == "zenigata":
        out.append(action_to_json(action))
play({{"episode": "rosso-rubino", "players": 2}}, 12, PoliceBot("{level}", 12), each=each,
     stop=lambda s: s.round >= 3 and s.phase == "gang")
print(json.dumps(out))
"""


@pytest.mark.parametrize("level", ["hard"])
def test_the_same_game_gives_the_same_actions_whatever_the_string_hashes(level):
    """Two processes with different string-hash seeds play the same seeded game: the police choose
    the very same actions (no set order of strings, no time in a decision)."""
    runs = []
    for hashseed in ("1", "977"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-c", SCRIPT.format(root=str(ROOT), level=level)], env=env,
                              capture_output=True, text=True, timeout=120, cwd=str(ROOT))
        assert done.returncode == 0, done.stderr[-2000:]
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert len(runs[0]) > 20 and runs[0] == runs[1]


# ---------------------------------------------------------------------- what a player notices

def test_a_shown_member_in_a_line_of_fire_is_shot():
    """Novice at Stonehenge (the gang always shown): whenever a shot is legal and the bot does not
    play its floodlights card, it shoots, and before any move that would carry the shooter away."""
    offered, shot = [0], [0]

    def each(state, seat, view, legal, action):
        if seat != "zenigata" or not any(isinstance(a, A.Shoot) for a in legal):
            return
        if type(action).__name__ == "PoliceCard":
            return
        offered[0] += 1
        shot[0] += isinstance(action, A.Shoot)

    for seed in (1, 2):
        play({"episode": "stonehenge", "players": 2, "difficulty": "novice"}, seed, "normal", each=each)
    assert offered[0] >= 5, "the games should offer shots"
    assert shot[0] == offered[0]


def _police_sight(state: LupinState) -> list[set]:
    """Each agent's and Zenigata's line of fire (squares) in ``state``."""
    out = []
    for _, f in sorted(state.figures.items()):
        if f.kind in ("zenigata", "agent") and f.spot is not None and not f.in_car and not f.holding:
            out.append(state.geo.watched([(f.spot, PISTOL_RANGE)], vehicles=state.vehicles()))
    return out


def _measure(police: Any, seeds, episode="rosso-rubino", players=2, rounds=8) -> dict[str, float]:
    """Over seeded games: how often a hidden member ends a police phase in its lines of fire (he
    is spotted) or within a pistol's range of a policeman, the mean distance from a hidden member
    to the nearest policeman at the end of a police phase, and how much the police's lines of fire
    overlap (the union over the sum)."""
    found = total = near = 0
    dist_sum = dist_n = 0
    union = summed = 0
    hidden_before: dict[str, bool] = {}
    for seed in seeds:
        hidden_before.clear()

        def each(state, seat, view, legal, action):
            nonlocal found, total, near, dist_sum, dist_n, union, summed
            if seat != "zenigata" or state.phase != "police":
                return
            if not hidden_before:
                for c in state.gang:
                    f = state.figures[c]
                    hidden_before[c] = f.spot is not None and not f.escaped and f.arrested_by is None \
                        and not state.is_shown(c)
            if not isinstance(action, A.EndTurn):
                return
            sights = _police_sight(state)
            union += len(set().union(*sights)) if sights else 0
            summed += sum(len(s) for s in sights)
            police = [f.spot for f in state.figures.values() if f.kind in ("zenigata", "agent")
                      and f.spot is not None and not isinstance(f.spot, (Inside, Under))]
            for c, was_hidden in hidden_before.items():
                if not was_hidden:
                    continue
                total += 1
                f = state.figures[c]
                found += state.is_shown(c)
                if not isinstance(f.spot, (Inside, Under)) and f.spot is not None and police:
                    d = min(max(abs(p.row - f.spot.row), abs(p.col - f.spot.col)) for p in police)
                    dist_sum += d
                    dist_n += 1
                    near += d <= PISTOL_RANGE
            hidden_before.clear()

        bot = PoliceBot(police, seed) if police in ai_police.LEVELS else RandomBot(seed)
        play({"episode": episode, "players": players}, seed, bot, each=each,
             stop=lambda s: s.round >= rounds)
    return {"found": found / max(1, total), "near": near / max(1, total), "distance": dist_sum / max(1, dist_n),
            "overlap": 1 - union / max(1, summed), "phases": total}


def test_the_police_find_and_approach_hidden_members_more_than_random_police():
    seeds = (1, 2, 3)
    smart = _measure("normal", seeds, players=3)
    random_ = _measure("random", seeds, players=3)
    assert smart["phases"] >= 8 and random_["phases"] >= 8
    assert smart["found"] >= random_["found"], (smart, random_)
    assert smart["near"] > random_["near"] + 0.15, (smart, random_)
    assert smart["distance"] < random_["distance"] - 1.5, (smart, random_)


def test_the_agents_spread_their_lines_of_fire(monkeypatch):
    """With the coalition (a square already watched is worth nothing to the next policeman) the
    lines of fire overlap less than when each policeman is scored alone."""
    seeds = (4, 5)
    spread = _measure("normal", seeds, episode="gran-colpo", players=5, rounds=6)
    monkeypatch.setattr(ai_police, "COALITION", False)
    crowd = _measure("normal", seeds, episode="gran-colpo", players=5, rounds=6)
    assert spread["overlap"] < crowd["overlap"] - 0.05, (spread, crowd)
    assert spread["overlap"] < 0.5, spread


# ---------------------------------------------------------------------- the helicopter

def _shots_at_the_helicopter(seed: int) -> tuple[int, int, int]:
    """Gran colpo, 2 players, normal police against the normal gang (which buys the helicopter):
    the police decisions offering a shot at a shown helicopter, how many of them were a shot, and
    the shots at the helicopter."""
    offered = taken = at_heli = 0

    def each(state, seat, view, legal, action):
        nonlocal offered, taken, at_heli
        if seat != "zenigata":
            return
        rides = {r["id"] for r in view.get("rides") or () if r.get("device") == "helicopter"}
        if not any(isinstance(a, A.Shoot) and a.target in rides for a in legal):
            return
        offered += 1
        taken += isinstance(action, A.Shoot)
        at_heli += isinstance(action, A.Shoot) and action.target in rides

    play({"episode": "gran-colpo", "players": 2}, seed, "normal", "normal", each=each,
         stop=lambda s: s.round >= 9)
    return offered, taken, at_heli


def test_a_shown_helicopter_on_the_ground_is_shot():
    """A police shot costs nothing: whenever a shot at the shown helicopter is legal the police
    shoot (at a member first if one is in a line of fire too), and the helicopter takes shots."""
    offered, taken, at_heli = _shots_at_the_helicopter(4)
    assert offered >= 3, "the game should show the helicopter to the police"
    assert taken == offered
    assert at_heli >= 3


def test_the_belief_forgets_the_flights_of_a_destroyed_helicopter():
    """The episode sells a helicopter: the belief counts its landings until the police see it
    destroyed (an event every seat reads), then no more."""
    from game.lupin.belief import Belief
    state = new_game({"episode": "gran-colpo", "players": 2}, 4)
    belief = Belief(state.view("zenigata"))
    assert belief.may_fly
    view = state.view("zenigata")
    view = {**view, "log": list(view["log"]) + [{"kind": "vehicle_destroyed", "vehicle": "helicopter-1",
                                                  "device": "helicopter", "square": "P6", "riders": {}}]}
    belief.update(view)
    assert not belief.may_fly and belief.helicopter_lost
    assert not Belief(new_game({"episode": "stonehenge", "players": 2}, 4).view("zenigata")).may_fly


# ---------------------------------------------------------------------- the exits and the cars

def _first_drives(seed: int) -> list[tuple[int, str]]:
    """Gran colpo, 2 players, normal police against the normal gang: the squares the police cars
    were driven to (round, square) in the first 8 rounds."""
    drives: list[tuple[int, str]] = []

    def each(state, seat, view, legal, action):
        if seat == "zenigata" and isinstance(action, A.Drive):
            drives.append((state.round, action.to))

    play({"episode": "gran-colpo", "players": 2}, seed, "normal", "normal", each=each,
         stop=lambda s: s.round >= 8)
    return drives


def _to_the_exits(drives: list[tuple[int, str]]) -> int:
    """How far (columns) the cars ended from column 1, the edge where the gang's four exits lie (A1, A2, C1, R1)."""
    return sum(int(to[1:]) - 1 for _, to in drives)


def test_the_cars_bring_their_agents_towards_the_exits_nobody_holds(monkeypatch):
    """Once the exits are worth holding (the treasure carried, the rounds running out), a police
    car drives its agents towards the exits nobody holds instead of only where its line of fire
    covers most: switched off, the same games drive them further from Gran colpo's exits."""
    seeds = (1, 2, 5, 7)
    towards = sum(_to_the_exits(_first_drives(s)) for s in seeds)
    monkeypatch.setattr(ai_police, "EXIT_CARS", False)
    away = sum(_to_the_exits(_first_drives(s)) for s in seeds)
    assert towards < away, (towards, away)


# ---------------------------------------------------------------------- the hard level's fortress

BANK_WAYS_IN = ("K15", "L20")   # Gran colpo: the squares before the bank's two doors (K16, L19)
BANK_RING = ("J15", "K14", "L15", "K20", "L21", "M20")   # and the squares next to those


def _bank_held(seed: int, rounds: int = 5) -> list[tuple[int, int, int, bool]]:
    """Gran colpo, 2 players, hard police against the normal gang, the first ``rounds`` rounds: at
    each gang phase's start, how many of the squares before the bank's doors and of the ring round
    them the police stand on, and whether the treasure is out of the bank."""
    seen: list[tuple[int, int, int, bool]] = []
    last: list = [None]

    def each(state, seat, view, legal, action):
        if state.phase == "gang" and state.round != last[0]:
            last[0] = state.round
            on = {str(f.spot) for f in state.figures.values()
                  if f.kind in ("agent", "zenigata") and f.spot is not None}
            out = any(f.held_treasure and f.spot is not None and not isinstance(f.spot, Inside)
                      for f in state.figures.values() if f.kind == "gang")
            seen.append((state.round, len(on & set(BANK_WAYS_IN)), len(on & set(BANK_RING)), out))

    play({"episode": "gran-colpo", "players": 2}, seed, "hard", "normal", each=each, stop=lambda s: s.round > rounds)
    return seen


def test_the_hard_police_seal_the_bank_while_the_treasure_is_inside(monkeypatch):
    """The hard level looks ahead over the whole game: at Gran colpo its eight figures can hold
    every way into the bank (the squares before its two doors and the six next to those), so in
    rounds 2-3, before the gang arrives, they stand there (and the gang has to shoot its way in past
    the whole police). Without it (FORTRESS off) the same games leave the doors open."""
    seeds = (1, 2, 3, 5)
    sealed = [(ways, ring) for s in seeds for rnd, ways, ring, out in _bank_held(s, 3) if rnd in (2, 3) and not out]
    assert len(sealed) == 2 * len(seeds), sealed
    assert all(ways == 2 and ring >= 5 for ways, ring in sealed), sealed
    monkeypatch.setattr(ai_police, "FORTRESS", False)
    open_ = [ways + ring for s in seeds for rnd, ways, ring, out in _bank_held(s, 3) if rnd in (2, 3)]
    assert sum(open_) * 3 < sum(ways + ring for ways, ring in sealed), (open_, sealed)


def test_only_a_board_the_police_can_seal_gets_the_fortress():
    """Rosso rubino's four treasure buildings have more ways in than the police have figures, and
    the expansion's treasures lie in the open: there the hard level plans as before."""
    from game.lupin.rules.geometry import BoardState
    for episode, expected in (("gran-colpo", set(BANK_WAYS_IN) | set(BANK_RING)), ("rosso-rubino", set()),
                              ("stonehenge", set()), ("cagliostro", set())):
        bot = PoliceBot("hard", 1)
        bot.observe(new_game({"episode": episode, "players": 2}, 1).view("zenigata"))
        assert {str(s) for s in bot._fortress_squares(BoardState())} == expected, episode


EXITS_GC = ("A1", "A2", "C1", "R1")


def _exits_after_the_take(seed: int) -> tuple[int | None, list[tuple[int, int, bool]]]:
    """Gran colpo, 2 players, hard police against the normal gang, rounds 1-10: the round the
    carrier was first outside the bank, and at each gang phase's start from then on, how many exits
    a policeman stands on and whether Zenigata is one of them."""
    seen: list[tuple[int, int, bool]] = []
    last: list = [None]
    out: list = [None]

    def each(state, seat, view, legal, action):
        if state.phase == "gang" and state.round != last[0]:
            last[0] = state.round
            if out[0] is None and any(f.held_treasure and f.spot is not None and not f.escaped
                                      and not isinstance(f.spot, Inside)
                                      for f in state.figures.values() if f.kind == "gang"):
                out[0] = state.round
            if out[0] is not None:
                on = {str(f.spot): fid for fid, f in state.figures.items()
                      if f.kind in ("agent", "zenigata") and f.spot is not None and str(f.spot) in EXITS_GC}
                seen.append((state.round, len(on), "zenigata" in on.values()))

    play({"episode": "gran-colpo", "players": 2}, seed, "hard", "normal", each=each, stop=lambda s: s.round > 10)
    return out[0], seen


def test_once_the_carrier_is_out_of_the_bank_the_hard_police_hold_the_exits(monkeypatch):
    """The carrier out of the bank, the gang takes the nearest exit nobody holds: the hard police
    send one figure to each exit and Zenigata, who takes four wounds, to the one the gang would
    reach first; without that (EXIT_GARRISON off) the same games hold fewer exits."""
    seeds = (2, 4, 5)
    games = [_exits_after_the_take(s) for s in seeds]
    assert all(r is not None for r, _ in games), games
    assert all(max(n for _, n, _ in seen) >= 2 for _, seen in games), games
    assert sum(any(z for _, _, z in seen) for _, seen in games) >= 2, games
    monkeypatch.setattr(ai_police, "EXIT_GARRISON", False)
    without = [_exits_after_the_take(s) for s in seeds]
    assert sum(n for _, seen in without for _, n, _ in seen) < sum(n for _, seen in games for _, n, _ in seen), \
        (without, games)


# ---------------------------------------------------------------------- eleventh session: the last wound

@pytest.mark.parametrize("episode", ["rosso-rubino", "gran-colpo", "cagliostro"])
def test_once_the_treasure_is_out_the_hard_police_gives_no_member_his_last_wound(episode, monkeypatch):
    """Once the treasure is off the map the gang wins as soon as no loyal member is free on the board,
    so every member arrested is one fewer it waits for: the hard police (SPARE_HARD) shoot the member
    a hit would not arrest, and do not shoot at all when a hit would arrest the only one in reach;
    the normal police shoot the most wounded as before, and so does the hard level while the
    treasure is still on the map."""
    from tests.lupin.test_ai_gang import _game_at
    state = _game_at({"episode": episode, "players": 2}, 1, 3)
    agent = next(f for fid, f in sorted(state.figures.items()) if f.kind == "agent" and f.spot is not None)
    aid = next(fid for fid, f in state.figures.items() if f is agent)
    a, b = state.gang[0], state.gang[1]
    from game.lupin.rules.characters import sheet
    state.figures[a].wounds = sheet(a).max_wounds - 1
    state.figures[b].wounds = 0
    taken = state.occupied()
    beside = [n for n in sorted(agent.spot.neighbours8()) if n in state.geo.board and n not in taken
              and state.geo.can_stand(n, GANG, state.board_state())]
    for c, sq in zip((a, b), beside):   # both shown, next to the agent
        state.figures[c].shown = True
        state.figures[c].spot, state.figures[c].in_car = sq, None
    view = state.view("zenigata")
    shots = [A.Shoot("zenigata", aid, c, "pistol") for c in (a, b)]
    hard, normal = PoliceBot("hard", 1), PoliceBot("normal", 1)
    assert hard._best_attack(view, shots, shots=True).target == a    # the treasure still on the map
    view["treasure_out"] = True
    assert hard._best_attack(view, shots, shots=True).target == b
    assert hard._best_attack(view, shots[:1], shots=True) is None
    assert normal._best_attack(view, shots, shots=True).target == a
    monkeypatch.setattr(ai_police, "SPARE_HARD", False)
    assert hard._best_attack(view, shots, shots=True).target == a


def test_the_normal_police_plan_with_the_calibrated_budget_against_a_gang_of_two_at_cagliostro():
    """Cagliostro with 2 players sets a gang of two against Zenigata and seven agents: there the normal
    police plan with the budget of GAME_LEVELS (fewer destinations, a random move now and then), so a
    person playing the gang alone has a game; the hard police and every other game keep LEVELS."""
    def level(name: str, episode: str, players: int) -> ai_police.Level:
        state = new_game({"episode": episode, "players": players, "difficulty": "expert", "variant": "coop"}, 3)
        bot = PoliceBot(name, 1)
        bot.choose(state.view("zenigata"), state.legal_actions("zenigata"))
        return bot.level
    calibrated = ai_police.GAME_LEVELS[("cagliostro", 2)]["normal"]
    assert level("normal", "cagliostro", 2) == calibrated
    assert calibrated.noise > 0 and calibrated.candidates < ai_police.LEVELS["normal"].candidates
    easy = level("easy", "cagliostro", 2)   # and easy stays below normal there
    assert easy.noise > calibrated.noise and easy.candidates <= calibrated.candidates and easy.passes == 0
    assert level("hard", "cagliostro", 2) == ai_police.LEVELS["hard"]
    assert level("normal", "cagliostro", 5) == ai_police.LEVELS["normal"]
    assert level("normal", "rosso-rubino", 2) == ai_police.LEVELS["normal"]
    # the same view gives the same action for the same AI seed (the noise is the bot's own seed)
    state = new_game({"episode": "cagliostro", "players": 2, "difficulty": "expert", "variant": "coop"}, 3)
    view, legal = state.view("zenigata"), state.legal_actions("zenigata")
    assert PoliceBot("normal", 5).choose(view, legal) == PoliceBot("normal", 5).choose(copy.deepcopy(view), legal)


def test_the_hard_police_at_cagliostro_bring_their_reinforcements_to_the_gangs_exits_before_they_get_out():
    """Cagliostro: the police cars come out at the park on the south road, the far side of the site
    from the gang's exits A1, A2, A4. The normal police unload the agents where the car's first drive
    ends; the hard police keep them aboard until the car stands within CAR_TO_EXITS squares of a gang
    exit (or the last two rounds), so no agent of theirs gets out on the far side."""
    import game.lupin.simulate as S
    from game.engine.grid import Sq
    from game.lupin.rules.geometry import spot_from_text

    def unloads(police: str) -> list[tuple[int, Sq]]:
        out: list = []

        def look(state, action):
            if isinstance(action, A.Unload):
                out.append((state.round, state.rounds_total, spot_from_text(action.square)))
        result = S.play_game({"episode": "cagliostro", "players": 5, "difficulty": "expert", "variant": "coop"}, 2,
                             {"police": police, "gang": "normal"}, check=look)
        assert result["ok"], result
        return out
    exits = [spot_from_text(e) for e in ("A1", "A2", "A4")]

    def far(sq) -> int:
        return min(max(abs(sq.row - e.row), abs(sq.col - e.col)) for e in exits)
    normal = unloads("normal")
    assert any(far(sq) > ai_police.CAR_TO_EXITS + 1 for _, _, sq in normal)   # out on the far side
    hard = unloads("hard")
    assert hard, "the hard police never called reinforcements in the traced game"
    assert all(far(sq) <= ai_police.CAR_TO_EXITS + 1 or rnd >= total - 1 for rnd, total, sq in hard), hard
