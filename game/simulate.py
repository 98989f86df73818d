"""`heist-table simulate TITLE ...`: whole games played by bots through the rules API, summed up
as one JSON object (games, errors, illegal actions tried and rejected, rounds, winners).
The same arguments always print the same output."""

from __future__ import annotations

import argparse
import json
import sys


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play whole games with bots and sum them up (JSON)",
                       description=__doc__)
    p.add_argument("title", choices=("lupin",))
    p.add_argument("--episode", default="rosso-rubino",
                   choices=("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"))
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="random", choices=("random", "heuristic"))
    p.add_argument("--variant", default="coop", choices=("coop", "all-vs-all"))
    p.add_argument("--difficulty", default="expert", choices=("novice", "expert"))
    p.add_argument("--players", type=int, default=5, choices=(2, 3, 4, 5))
    p.add_argument("--json", action="store_true", help="print the summary as JSON (the only output form)")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from game.lupin.simulate import simulate
    from game.lupin.rules.state import ConfigError

    if args.games < 1:
        print("heist-table simulate: --games must be at least 1", file=sys.stderr)
        return 2
    config = {"episode": args.episode, "players": args.players, "difficulty": args.difficulty,
              "variant": args.variant}
    try:
        summary = simulate(config, args.games, args.seed, args.bots)
    except ConfigError as exc:
        print(f"heist-table simulate: {exc}", file=sys.stderr)
        return 2
    json.dump(summary, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 1 if summary["errors"] else 0
