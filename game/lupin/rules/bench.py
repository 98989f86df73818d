"""The geometry benchmark behind `heist-table lupin bench` (a command, never a timed test).

For each board it places Zenigata, 10 agents and 10 guards (guards on the roof squares where the
board has them, else on other free squares), then times:
  * ``police sight``: every square where a gang member would be seen (``Geometry.watched``),
    warm, i.e. as the UI recomputes it on every hover (the per-square sight tables built);
  * ``police sight, cold``: the same on a freshly built Geometry (the first hover after loading);
  * ``gang reach``: one gang figure's reach with 5 moves (Jigen's allowance) from a start square.
It reports the median and the 95th percentile of ``repeat`` runs of each.
"""

from __future__ import annotations

import platform
import random
import statistics
import time

from game.lupin.rules.boards import episodes, load_episode_board
from game.lupin.rules.geometry import (GANG, PISTOL_RANGE, POLICE, RIFLE_RANGE, Geometry)


def _police_spots(geo: Geometry, rng: random.Random):
    board = geo.board
    roofs = [s for b in board.buildings.values() if b.props.get("treasure") for s in b.roof_squares]
    ground = [s for s in board.squares() if not board.cell(s).roof and geo.can_stand(s, POLICE)]
    rng.shuffle(ground)
    guards = roofs[:10]
    if len(guards) < 10:
        guards += ground[:10 - len(guards)]
    taken = set(guards)
    police = [s for s in ground if s not in taken][:11]
    viewers = [(s, PISTOL_RANGE) for s in police] + [(s, RIFLE_RANGE) for s in guards]
    return viewers


def _time(fn, repeat: int) -> tuple[float, float]:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.95))]


def run_bench(episode_id: str | None = None, repeat: int = 200) -> str:
    ids = [episode_id] if episode_id else list(episodes())
    lines = [f"Lupin geometry benchmark — {platform.python_implementation()} "
             f"{platform.python_version()} on {platform.machine()}, {repeat} runs each (ms)",
             f"{'board':<14}{'police sight (warm)':>24}{'police sight (cold)':>24}{'gang reach, 5 moves':>24}",
             f"{'':<14}{'median / p95':>24}{'median / p95':>24}{'median / p95':>24}"]
    worst = {"warm": 0.0, "reach": 0.0}
    for eid in ids:
        board = load_episode_board(eid)
        geo = Geometry(board)
        viewers = _police_spots(geo, random.Random(7))
        start = next(s for s in board.squares_of("start"))
        geo.watched(viewers)  # builds the tables
        warm = _time(lambda: geo.watched(viewers), repeat)
        cold = _time(lambda: Geometry(board).watched(viewers), max(3, repeat // 20))
        reach = _time(lambda: geo.reach(start, 5, GANG), repeat)
        worst["warm"] = max(worst["warm"], warm[0])
        worst["reach"] = max(worst["reach"], reach[0])
        lines.append(f"{eid:<14}" + "".join(f"{m:.3f} / {p:.3f}".rjust(24) for m, p in (warm, cold, reach)))
    lines.append(f"busiest board: police sight {worst['warm']:.3f} ms, gang reach {worst['reach']:.3f} ms "
                 "(median; target well under 2 ms each)")
    return "\n".join(lines)
