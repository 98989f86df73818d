"""`heist-table play TITLE ...`: open the window straight into a title's set-up screen, its options
already chosen (Start is one click away).

The titles that can be opened this way are those of :data:`game.titles.TITLES` whose spec names a
``play`` module; that module adds its own options (``add_arguments(parser)``), documents them
(its docstring and ``EXAMPLES``) and opens the window (``run(args)``, the exit status).
"""

from __future__ import annotations

import argparse
import sys

from game.engine import titles

PROG = "heist-table play"


def register(sub: argparse._SubParsersAction) -> None:
    specs = titles.playable()
    modules = [titles.load(s.play) for s in specs]
    description = "\n\n".join((m.__doc__ or "").strip() for m in modules) or __doc__
    epilog = "".join(getattr(m, "EXAMPLES", "") for m in modules) or None
    p = sub.add_parser("play", help="open the window straight into a game's set-up, seats chosen",
                       description=description, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("title", metavar="TITLE", help="the game: " + " or ".join(s.name for s in specs))
    for module in modules:
        module.add_arguments(p)
    p.add_argument("--lang", dest="play_lang", choices=("it", "en"), help="language for this run")
    p.add_argument("--size", dest="play_size", metavar="WxH", help="window size for this run, e.g. 1280x720")
    p.set_defaults(func=_run)


def _fail(sentence: str) -> int:
    print(f"{PROG}: {sentence}", file=sys.stderr)
    return 2


def _run(args: argparse.Namespace) -> int:
    specs = {s.name: s for s in titles.playable()}
    spec = specs.get(args.title)
    if spec is None or spec.play is None:
        if len(specs) == 1:
            return _fail(f"the only game that plays yet is {next(iter(specs))}, not {args.title!r}.")
        return _fail(f"the games that play are {', '.join(specs)}, not {args.title!r}.")
    return int(titles.load(spec.play).run(args) or 0)
