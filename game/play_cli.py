"""`heist-table play TITLE ...`: open the window straight into a title's set-up screen, its options
already chosen (Start is one click away).

The titles that can be opened this way are those of :data:`game.titles.TITLES` whose spec names a
``play`` module; that module adds its own options to the title's own parser (``add_arguments(parser)``:
``heist-table play TITLE --help`` shows that title's alone), documents them (its docstring and
``EXAMPLES``) and opens the window (``run(args)``, the exit status).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.engine import titles

PROG = "heist-table play"


def title_parser(spec: Any, module: Any) -> argparse.ArgumentParser:
    """The options of ``heist-table play <title>``: the title's own (its module's
    ``add_arguments``), documented by its module, and the shared ``--lang`` and ``--size``."""
    p = argparse.ArgumentParser(prog=f"{PROG} {spec.name}", description=(module.__doc__ or "").strip() or None,
                                epilog=getattr(module, "EXAMPLES", None),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    module.add_arguments(p)
    p.add_argument("--lang", dest="play_lang", choices=("it", "en"), help="language for this run")
    p.add_argument("--size", dest="play_size", metavar="WxH", help="window size for this run, e.g. 1280x720")
    return p


class _TitleOptions(argparse.Action):
    """Parses what follows ``play TITLE`` with that title's own parser, so each title has its own
    options and help (``heist-table play TITLE --help``); an unknown title is kept for a sentence."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        specs = {s.name: s for s in titles.playable()}
        spec = specs.get(namespace.title)
        if spec is None:
            namespace.play_error = (f"the only game that plays yet is {next(iter(specs))}, not {namespace.title!r}."
                                    if len(specs) == 1 else
                                    f"the games that play are {', '.join(specs)}, not {namespace.title!r}.")
            return
        title_parser(spec, titles.load(spec.play)).parse_args(list(values), namespace)


def register(sub: argparse._SubParsersAction) -> None:
    specs = titles.playable()
    modules = [titles.load(s.play) for s in specs]
    listing = "\n".join(f"  {s.name:<10} {s.display_name['en']}" for s in specs)
    epilog = "".join(getattr(m, "EXAMPLES", "") for m in dict.fromkeys(modules))
    p = sub.add_parser("play", help="open the window straight into a game's set-up, seats chosen",
                       description="Open the window straight into a game's set-up screen, its options already "
                       "chosen (Start is one click away).\n\ngames:\n" + listing
                       + "\n\n`heist-table play TITLE --help` lists that game's options.",
                       epilog=epilog or None, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--lang", dest="play_lang", choices=("it", "en"), help="language for this run")
    p.add_argument("--size", dest="play_size", metavar="WxH", help="window size for this run, e.g. 1280x720")
    p.add_argument("title", metavar="TITLE", help="the game: " + " or ".join(s.name for s in specs))
    p.add_argument("options", nargs=argparse.REMAINDER, action=_TitleOptions, help="that game's options")
    p.set_defaults(func=_run, play_error=None)


def _fail(sentence: str) -> int:
    print(f"{PROG}: {sentence}", file=sys.stderr)
    return 2


def _run(args: argparse.Namespace) -> int:
    if args.play_error:
        return _fail(args.play_error)
    spec = titles.title(args.title)
    return int(titles.load(spec.play).run(args) or 0)
