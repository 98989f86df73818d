"""How fast could any gang finish *Ritorno a Cagliostro* on our drawn board? A clairvoyant bound.

`python3 -m tools.cagliostro_bound --players 2 --games 40` deals the discovery tokens as
`new_game(config, seed)` does for seeds 1..N and, for each deal, searches every order in which the
gang's members could flip the tokens that matter (the 4 busts and the keys of the temples they lie
in), **knowing where every bust lies** and meeting no police. It prints, for each seed, the
earliest round the coins can leave the map: the fourth bust flipped, Divus Caesar open the next
round, a member on its floor, then his walk to A1, A2 or A4 and off the board.

Everything is in the gang's favour, so a real gang (which must guess, and meets the police) can
only be slower: moves counted on the board with every temple open and every zone dry (a member
still waits for a temple's key), whole rounds of each member's printed allowance, no wounds.
Issue #14's figures (docs/lupin-ai.md) quote it: the target "the normal gang wins 90 % against
random police" meets this bound at Cagliostro.

An analysis, not a bot: it reads the dealt tokens from the state on purpose.
"""

from __future__ import annotations

import argparse
import functools
from collections import Counter

from game.engine.grid import parse_coord
from game.lupin.ai import caesar_floor, moves_to
from game.lupin.rules.boards import episode_geometry
from game.lupin.rules.cagliostro import data
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import spot_from_text
from game.lupin.rules.state import new_game

EPISODE = "cagliostro"


@functools.cache
def _board() -> tuple:
    board = episode_geometry(EPISODE).board
    temples = frozenset(p.name for p in board.places_of("temple"))
    zones = frozenset(board.cell(sq).flooded for sq in board.squares() if board.cell(sq).flooded)
    passage = tuple(sorted(str(p.squares[0]) for p in board.places_of("trapdoor")))
    starts = sorted(str(p.squares[0]) for p in board.places_of("start") if p.props.get("side") == "gang")
    floor = list(caesar_floor())
    open_at_start = frozenset(p.name for p in board.places_of("temple") if p.props.get("open"))
    return board, temples, zones, passage, starts, floor, open_at_start


@functools.cache
def moves(a: str, b: str) -> int:
    """Moves from ``a`` to ``b`` with every temple open, every zone dry and the passage open."""
    _, temples, zones, passage, *_ = _board()
    return moves_to(EPISODE, b, temples, zones, passage, True).get(spot_from_text(a), 999)


@functools.cache
def temple_of(sq: str) -> str | None:
    cell = _board()[0].cell(parse_coord(sq))
    return cell.temple if cell.temple_part == "floor" else None


def bound(tokens: dict[str, str], crew: tuple[str, ...]) -> int:
    """The earliest round the coins can leave the map for this deal (a depth-first search)."""
    _, _, _, _, starts, floor, _ = _board()
    opens = {k.id: k.opens for k in data().discovery_tokens}
    step = {c: sheet(c).movement(0) for c in crew}
    always = _board()[6]
    order = sorted(tokens)
    best = [999]

    def rounds(m: int, c: str) -> int:
        return -(-m // step[c])

    def walk(a: str, b: str) -> int:
        return min(moves(x, b) for x in starts) if a == "start" else moves(a, b)

    def finish(pos: dict, flipped: dict) -> int:
        """The carrier fetches the coins and walks out; every other member walks out meanwhile."""
        opened = max(flipped[s] for s in flipped if tokens[s] == "bust") + 1
        out_at = {c: r + rounds(min(walk(p, e) for e in starts) + 1, c) for c, (p, r) in pos.items()}
        out = 999
        for c, (p, r) in pos.items():
            carrier = min(max(opened, r + rounds(walk(p, sq), c)) + rounds(min(moves(sq, e) for e in starts) + 1, c)
                          for sq in floor)
            out = min(out, max([carrier] + [t for x, t in out_at.items() if x != c]))
        return out

    def dfs(pos: dict, flipped: dict, opened: dict) -> None:
        if sum(1 for s in flipped if tokens[s] == "bust") == data().busts_needed:
            best[0] = min(best[0], finish(pos, flipped))
            return
        for c, (p, r) in pos.items():
            for s in order:
                if s in flipped:
                    continue
                t = temple_of(s)
                ready = 1
                if t is not None and t not in always:
                    if t not in opened:
                        continue
                    ready = opened[t]
                at = max(r + max(1, rounds(walk(p, s), c)), ready)
                if at >= best[0]:
                    continue
                nf = dict(flipped)
                nf[s] = at
                no = dict(opened)
                if tokens[s] in opens and opens[tokens[s]] not in no:
                    no[opens[tokens[s]]] = at + 1
                npos = dict(pos)
                npos[c] = (s, at)
                dfs(npos, nf, no)

    dfs({c: ("start", 0) for c in crew}, {}, {})
    return best[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2, choices=(2, 3))
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    config = {"episode": EPISODE, "players": args.players, "difficulty": "expert", "variant": "coop"}
    crew = ("lupin", "jigen") if args.players == 2 else ("lupin", "jigen", "goemon")
    total = new_game(config, args.seed).view("zenigata")["rounds_total"]
    ends = []
    for seed in range(args.seed, args.seed + args.games):
        tokens = dict(new_game(config, seed).extra[EPISODE].tokens)
        ends.append(bound(tokens, crew))
        print(f"seed {seed}: the coins out in round {ends[-1]} at the earliest")
    by = Counter(ends)
    print(f"{args.games} deals, {args.players} players ({', '.join(crew)}), rounds {total}: earliest round out "
          + ", ".join(f"{r}: {n}" for r, n in sorted(by.items()))
          + f"; within {total} rounds: {sum(1 for e in ends if e <= total)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
