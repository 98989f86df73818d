"""`heist-table simulate TITLE ...`: whole games played by bots through the rules API, summed up
as one JSON object (games, errors, illegal actions tried and rejected, rounds, winners).
The same arguments always print the same output."""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from typing import Any

from game.engine import titles


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play whole games with bots and sum them up (JSON)",
                       description=__doc__)
    games = p.add_subparsers(dest="title", metavar="TITLE", required=True,
                             help="the game: " + ", ".join(s.name for s in titles.simulated()))
    for spec in titles.simulated():
        q = games.add_parser(spec.name, help=f"{spec.display_name['en']}", description=__doc__)
        for option in spec.options:
            q.add_argument(option.flag, dest=f"config_{option.key}", default=option.default,
                           choices=option.choices, type=option.type, help=option.help)
        q.add_argument("--games", type=int, default=10)
        q.add_argument("--seed", type=int, default=1)
        flags = dict.fromkeys(("--bots", f"--{spec.bots_flag}"))
        q.add_argument(*flags, dest="bots", default=next(iter(spec.bots)), choices=tuple(spec.bots),
                       help="the bots that play every seat")
        for side in spec.bot_sides:
            q.add_argument(f"--{side}", dest=f"side_{side}", default=None, choices=tuple(spec.bots),
                           help=f"the bots that play the {side}'s seats (default: --{spec.bots_flag})")
        q.add_argument("--jobs", type=int, default=1,
                       help="games played side by side in that many processes (the same output)")
        q.add_argument("--json", action="store_true", help="print the summary as JSON (the only output form)")
        q.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    spec = titles.title(args.title)
    if args.games < 1:
        print("heist-table simulate: --games must be at least 1", file=sys.stderr)
        return 2
    config = {o.key: getattr(args, f"config_{o.key}") for o in spec.options}
    assert spec.simulate is not None
    bots: Any = args.bots
    if any(getattr(args, f"side_{side}") for side in spec.bot_sides):
        bots = {side: getattr(args, f"side_{side}") or args.bots for side in spec.bot_sides}
    run = titles.load(spec.simulate)
    extra = {"jobs": args.jobs} if "jobs" in inspect.signature(run).parameters else {}
    if args.jobs < 1:
        print("heist-table simulate: --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        summary = run(config, args.games, args.seed, bots, **extra)
    except ValueError as exc:   # the title's config error: a sentence
        print(f"heist-table simulate: {exc}", file=sys.stderr)
        return 2
    json.dump(summary, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 1 if summary["errors"] else 0
