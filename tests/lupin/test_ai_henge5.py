"""Stonehenge with four members over four seats (5 players), eighth session: the police stand on the
Aim cards' Excalibur squares until the blade is taken, then on the exits, and once it is out give no
member his last wound (game/lupin/ai_police.py, ``_henge_hold``); the normal gang shoots or strikes
the policeman standing on its goal square and walks up to him to do it (game/lupin/ai_gang.py,
``_clear``). With 2 players (two members) both play as before."""

from __future__ import annotations

import random

import game.lupin.ai_gang as ai_gang
import game.lupin.ai_police as ai_police
from game.lupin.ai_gang import GangBot, moves_for
from game.lupin.ai_police import PoliceBot
from game.lupin.bots import make_bot, observe, side_of
from game.lupin.rules import actions as A
from game.lupin.rules.geometry import spot_from_text
from game.lupin.rules.stonehenge import henge, henge_data
from game.lupin.rules.state import LupinState, new_game
from tests.lupin.test_ai_gang import _game_at as game_at


def _game_at(players: int, seed: int, round_: int) -> LupinState:
    """A seeded Stonehenge game (normal gang, heuristic police) stopped at the gang phase of ``round_``."""
    return game_at({"episode": "stonehenge", "players": players}, seed, round_)


def _blade_held(players: int, who: str, at: str) -> tuple[dict, list]:
    """Seed 1, round 3 (the Aim card "calice": Excalibur on D16, in the woods): every tomb dug, so
    every member's goal is the blade's square; an agent stands on it, ``who`` (hidden) on ``at``.
    The view and the legal actions of ``who``'s seat."""
    state = _game_at(players, 1, 3)
    h = henge(state)
    h.dug = ["pendragon", "costantino", "druido"]
    blade = next(a.excalibur for a in henge_data().aims if a.id == h.aim)
    assert blade == "D16"
    for fid, f in state.figures.items():
        if f.kind in ("agent", "zenigata") and f.spot is not None and moves_for(
                {"episode": "stonehenge", "mine": {}}, "lupin", blade).get(f.spot, 99) <= 8:
            f.spot = spot_from_text("Q3") if fid == "zenigata" else None
    state.figures["agent-1"].spot = spot_from_text(blade)
    state.figures[who].spot = spot_from_text(at)
    state.figures[who].shown = False
    seat = state.seat_of[who]
    return state.view(seat), state.legal_actions(seat)


def _choice(view: dict, legal: list, clear: bool, monkeypatch) -> A.Action:
    monkeypatch.setattr(ai_gang, "HENGE_CLEAR", clear)
    return GangBot("normal", 1).choose(view, legal)


def test_a_hidden_member_strikes_the_agent_on_the_blades_square(monkeypatch):
    """Goemon (hand-to-hand 6: 72 %), hidden beside the agent who stands on Excalibur's square,
    strikes him (a hit agent leaves the board and the square is free); without the rule a hidden
    member attacks only at 80 % and Goemon does not."""
    view, legal = _blade_held(5, "goemon", "D15")
    blow = A.Melee("goemon", "goemon", "agent-1")
    assert blow in legal
    assert _choice(view, legal, True, monkeypatch) == blow
    assert _choice(view, legal, False, monkeypatch) != blow


def test_a_member_walks_up_to_the_agent_on_the_blades_square(monkeypatch):
    """Fujiko, hidden four squares from Excalibur's square an agent stands on, ends her move beside
    him, in his sight (from where she hides she has no shot at him); without the rule she keeps out
    of his sight. With 2 players Lupin plays as before."""
    view, legal = _blade_held(5, "fujiko", "D20")
    mine = [a for a in legal if isinstance(a, A.Move) and a.figure == "fujiko"]
    assert mine
    beside = {"C15", "C16", "C17", "D15", "D17", "E15", "E16", "E17"}
    near = _choice(view, legal, True, monkeypatch)
    assert isinstance(near, A.Move) and near.to in beside, near
    far = _choice(view, legal, False, monkeypatch)
    assert not (isinstance(far, A.Move) and far.to in beside), far
    view, legal = _blade_held(2, "lupin", "D20")
    assert _choice(view, legal, True, monkeypatch) == _choice(view, legal, False, monkeypatch)


def test_with_two_players_a_hidden_member_beside_the_agent_keeps_to_the_old_play(monkeypatch):
    """2 players: Lupin (hand-to-hand 4: 42 %) hidden beside the agent on the blade's square plays
    as before the rule (the cell's figures are kept)."""
    view, legal = _blade_held(2, "lupin", "D15")
    assert A.Melee("lupin", "lupin", "agent-1") in legal
    assert _choice(view, legal, True, monkeypatch) == _choice(view, legal, False, monkeypatch)


# ---------------------------------------------------------------------- the police

def _on_blades(seed: int, players: int, rounds: int = 4) -> list[tuple[int, int]]:
    """Stonehenge, normal police against the heuristic gang, rounds 2-``rounds`` while nobody
    carries the blade: at each gang phase's start, how many of the Aim cards' Excalibur squares a
    policeman stands on."""
    blades = {aim.excalibur for aim in henge_data().aims}
    seen: list[tuple[int, int]] = []
    rng = random.Random(seed * 7919 + 13)
    state = new_game({"episode": "stonehenge", "players": players}, seed)
    bots: dict = {}
    last = None
    while not state.is_over() and state.round <= rounds:
        seats = state.to_act()
        seat = seats[rng.randrange(len(seats))]
        if seat not in bots:
            bots[seat] = make_bot(seat, "normal" if seat == "zenigata" else "heuristic", seed * 101 + len(bots))
        if state.phase == "gang" and state.round != last and state.round >= 2:
            last = state.round
            if not any(t.carrier for t in state.tiles):
                on = {str(f.spot) for f in state.figures.values()
                      if f.kind in ("agent", "zenigata") and f.spot is not None}
                seen.append((state.round, len(on & blades)))
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        for s, b in bots.items():
            observe(b, state.view(s))
    return seen


def test_at_stonehenge_with_four_members_the_police_stand_on_the_blade_squares(monkeypatch):
    """With four members digging at once the blade opens in round 3 or 4 and its taker is out two
    rounds later: the police stand on the Aim cards' Excalibur squares (Zenigata does not know the
    card) until the blade is taken, so the gang must knock a policeman off first. Without it
    (HENGE_BLADES off) the same games leave them free; with 2 players (two members) the police play
    as before."""
    seeds = (1, 2, 4)
    held = [n for s in seeds for _, n in _on_blades(s, 5)]
    monkeypatch.setattr(ai_police, "HENGE_BLADES", False)
    free = [n for s in seeds for _, n in _on_blades(s, 5)]
    assert sum(held) >= 2 * len(seeds) and sum(held) > 2 * sum(free), (held, free)
    two_without = [_on_blades(s, 2) for s in seeds]
    monkeypatch.setattr(ai_police, "HENGE_BLADES", True)
    assert [_on_blades(s, 2) for s in seeds] == two_without


def test_once_the_blade_is_out_no_shot_gives_a_member_his_last_wound(monkeypatch):
    """Stonehenge, 5 players, the blade out: the gang wins once no loyal member is free on the board,
    and a member's last wound arrests him, so the police shoot the member with fewer wounds rather
    than the one a hit would arrest; with 2 players (or before the blade is out) as before."""
    state = _game_at(5, 1, 3)
    state.figures["jigen"].wounds = 3
    state.figures["jigen"].spot = spot_from_text("D20")
    state.figures["lupin"].spot = spot_from_text("D22")
    for c in ("jigen", "lupin"):
        state.figures[c].shown = True
    view = state.view("zenigata")
    shots = [A.Shoot("zenigata", "agent-1", c, "pistol") for c in ("jigen", "lupin")]
    bot = PoliceBot("normal", 1)
    view["treasure_out"] = True
    picked = bot._best_attack(view, shots, shots=True)
    assert picked is not None and picked.target == "lupin", picked
    monkeypatch.setattr(ai_police, "SPARE_LAST_WOUND", False)
    assert bot._best_attack(view, shots, shots=True).target == "jigen"


# ---------------------------------------------------------------------- ninth session: the exits

def _on_the_exit(players: int, carrier_at: str) -> tuple[dict, list]:
    """Seed 1, round 3, every tomb dug and the blade in Lupin's hands on ``carrier_at``; Fujiko (her own
    seat with 5 players) stands on the exit B25, no policeman near the exits. The view and the legal
    actions of the seat that plays Fujiko."""
    from game.lupin.rules.stonehenge import BLADE_HOME
    from game.lupin.rules.state import SEATS, Tile
    from game.engine.api import TABLE
    state = _game_at(players, 1, 3)
    h = henge(state)
    h.dug = ["pendragon", "costantino", "druido"]
    h.open = True
    everybody = set(SEATS) | {TABLE}
    tile = Tile(0, True, BLADE_HOME, BLADE_HOME, seen_by=everybody)
    tile.site, tile.carrier = None, "lupin"
    state.tiles = [tile]
    for fid, f in state.figures.items():
        if f.kind in ("agent", "zenigata") and f.spot is not None and f.spot.col >= 15:
            f.spot = spot_from_text("Q3") if fid == "zenigata" else None
    lupin = state.figures["lupin"]
    lupin.spot, lupin.shown, lupin.always_shown = spot_from_text(carrier_at), True, True
    fujiko = state.figures["fujiko"]
    fujiko.spot, fujiko.arrested_by, fujiko.wounds = spot_from_text("B25"), None, 0
    fujiko.turn_done = fujiko.moved = fujiko.acted = False
    seat = state.seat_of["fujiko"]
    return state.view(seat), state.legal_actions(seat)


def test_a_member_on_the_exit_makes_way_for_the_blades_carrier(monkeypatch):
    """5 players: Fujiko stands on the exit B25 and Lupin, who carries the blade and plays last, can
    step onto it this turn: she leaves (a member cannot end his move on a partner's square; traced,
    seed 2: she stood there for four rounds while Lupin paced beside it). Without the rule she waits
    for him on it; with Lupin still far she waits in any case."""
    view, legal = _on_the_exit(5, "A23")
    out = A.Escape("fujiko", "fujiko")
    assert out in legal
    assert GangBot("normal", 1).choose(view, legal) == out
    monkeypatch.setattr(ai_gang, "HENGE_MAKE_WAY", False)
    assert GangBot("normal", 1).choose(view, legal) != out
    monkeypatch.setattr(ai_gang, "HENGE_MAKE_WAY", True)
    view, legal = _on_the_exit(5, "K20")
    assert GangBot("normal", 1).choose(view, legal) != out
