"""`heist-table play lupin --episode E [--seats S]`: open the window straight into Lupin's set-up
screen for that episode, with the table's seats already chosen (Start is one click away).

``--seats`` says who sits at the table, in one of two ways:

* a number of players, 2 to 5: the rulebook's seating for that many (``--seats 3``);
* the seats, comma-separated, each named by the character its player leads (``zenigata`` and
  ``lupin`` always, then ``jigen``, ``goemon``, ``fujiko`` as the rules seat them); a seat that
  leads several characters may list them all joined by ``+``, which is how Lupin's partner is
  chosen in a game of 2 or 3 (``--seats zenigata,lupin+goemon``). The order does not matter.

The seating must be one the rulebook allows for that many players (and ``--variant``); otherwise
the command says which seatings are possible, in one sentence, and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

PROG = "heist-table play"
CHARACTERS = ("zenigata", "lupin", "jigen", "goemon", "fujiko")
EXAMPLES = """examples:
  heist-table play lupin --episode rosso-rubino
  heist-table play lupin --episode gran-colpo --seats 2
  heist-table play lupin --episode gran-colpo --seats lupin,zenigata
  heist-table play lupin --episode rosso-rubino --seats zenigata,lupin+goemon --lang it
  heist-table play lupin --episode rosso-rubino --seats zenigata,lupin,jigen,fujiko --variant all-vs-all
  heist-table play lupin --episode cagliostro --seats 4
  heist-table play lupin --episode stonehenge --seats zenigata,lupin+fujiko
"""


class SeatsError(ValueError):
    """A --seats value that names no seating the rules allow, with a sentence saying why."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Lupin's options of ``heist-table play lupin`` (the shared ones are :mod:`game.play_cli`'s)."""
    p.add_argument("--episode", metavar="E", help="rosso-rubino, gran-colpo, cagliostro or stonehenge (required)")
    p.add_argument("--seats", metavar="S", help="2-5 players, or the seats: e.g. lupin,zenigata or zenigata,lupin+goemon "
                   "(default: 2 players; 3 all against all)")
    p.add_argument("--variant", default="coop", choices=("coop", "all-vs-all"),
                   help="cooperative gang (default) or all against all (3-5 players; not in the expansion's "
                   "episodes)")


# ------------------------------------------------------------------------------ the seats

def parse_seats(text: str | None, variant: str = "coop") -> dict[str, Any]:
    """The players, variant and partner (the Lupin config keys) that ``--seats`` names; raises
    :class:`SeatsError` with a sentence when it names nothing the rules allow."""
    from game.lupin.rules.state import Config, ConfigError, seating

    if text is None or not text.strip():   # the set-up screen's own choice (2; 3 all against all)
        return {"variant": variant} if variant == "coop" else {"players": 3, "variant": variant}
    text = text.strip().lower()
    if text.isdigit():
        players = int(text)
        if not 2 <= players <= 5:
            raise SeatsError(f"Lupin is played by 2 to 5 players, not {players}.")
        if variant == "all-vs-all" and players < 3:
            raise SeatsError("all against all needs at least 3 players (Zenigata and two of the gang).")
        return {"players": players, "variant": variant, "partner": None}
    seats: list[tuple[str, ...]] = []
    for part in text.split(","):
        names = tuple(n.strip() for n in part.split("+"))
        if not part.strip() or any(not n for n in names):
            raise SeatsError(f"{text!r} has an empty seat: write the seats separated by commas, "
                             "e.g. zenigata,lupin,jigen.")
        for n in names:
            if n not in CHARACTERS:
                raise SeatsError(f"{n!r} is not a character of Lupin; the seats are named "
                                 f"{', '.join(CHARACTERS)}.")
        seats.append(names)
    listed = [n for s in seats for n in s]
    twice = sorted({n for n in listed if listed.count(n) > 1})
    if twice:
        raise SeatsError(f"{', '.join(twice)} cannot sit at two seats.")
    if not 2 <= len(seats) <= 5:
        raise SeatsError(f"Lupin is played by 2 to 5 players, and {text!r} names {len(seats)}.")
    missing = [n for n in ("zenigata", "lupin") if n not in listed]
    if missing:
        raise SeatsError(f"every game of Lupin has a seat for {' and '.join(missing)}: add it to --seats.")
    possible = []
    for partner in (None, "jigen", "goemon", "fujiko"):
        config = {"players": len(seats), "variant": variant, "partner": partner}
        try:
            table = seating(Config.from_mapping(config))
        except ConfigError:
            continue
        groups: dict[str, list[str]] = {}
        for character in CHARACTERS:
            if character in table:
                groups.setdefault(table[character], []).append(character)
        possible.append((config, groups))
        if _matches(seats, groups):
            return config
    if not possible:
        raise SeatsError(f"all against all needs at least 3 players; {text!r} names {len(seats)}.")
    ways = sorted({",".join("+".join(g) for g in groups.values()) for _c, groups in possible})
    raise SeatsError(f"the rules seat {len(seats)} players {'' if variant == 'coop' else 'all against all '}as "
                     f"{' or '.join(ways)}; {text!r} is not one of them.")


def _matches(seats: list[tuple[str, ...]], groups: dict[str, list[str]]) -> bool:
    """Whether the seats written (each by its leading character, or all its characters) are the
    rules' seating ``groups`` (seat -> its characters)."""
    if len(seats) != len(groups):
        return False
    left = dict(groups)
    for names in seats:
        seat = next((s for s, chars in left.items() if names[0] in chars), None)
        if seat is None:
            return False
        chars = left.pop(seat)
        if len(names) == 1:
            if names[0] != seat:       # a seat written alone is named by the character it leads
                return False
        elif sorted(names) != sorted(chars):
            return False
    return True


def build_config(episode: str, seats: str | None, variant: str = "coop") -> dict[str, Any]:
    """The Lupin set-up the command opens with; SeatsError for a bad episode or seats."""
    import game.lupin.rules  # noqa: F401 - the expansion's rules modules register their episodes
    from game.lupin.rules.state import BASE_EPISODES, PLAYABLE_EPISODES

    if episode not in PLAYABLE_EPISODES:
        raise SeatsError(f"the episode {episode!r} cannot be played yet; the playable ones are "
                         f"{', '.join(PLAYABLE_EPISODES[:-1])} and {PLAYABLE_EPISODES[-1]}.")
    if variant != "coop" and episode not in BASE_EPISODES:
        raise SeatsError(f"the expansion's episode {episode!r} has no all-against-all variant (its rulebook); "
                         "leave out --variant.")
    config = {"episode": episode, "difficulty": "expert", "novice_always_visible": False}
    config.update(parse_seats(seats, variant))
    return config


def scenes_for(config: dict[str, Any]) -> list[Any]:
    """The scenes the window opens with, bottom first: the title (where Back leads) and the set-up."""
    from game.lupin.ui.over_scene import setup_scene_for
    from game.ui.scenes.title import TitleScene

    return [TitleScene(look_for_saves=True), setup_scene_for(config, look_for_saves=True)]


# ------------------------------------------------------------------------------ running

def _fail(sentence: str) -> int:
    print(f"{PROG}: {sentence}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Open the window on Lupin's set-up with the seats of ``args`` (2 and a sentence for bad ones)."""
    if args.episode is None:   # asked for in a sentence, like a bad value
        return _fail("playing lupin needs --episode: rosso-rubino, gran-colpo, cagliostro or stonehenge.")
    try:
        config = build_config(args.episode, args.seats, args.variant)
    except SeatsError as exc:
        return _fail(str(exc))
    size = None
    if args.play_size:
        from game.cli import parse_size

        size = parse_size(args.play_size)
    from game.ui.app import run_app

    return run_app(args.play_lang or getattr(args, "lang", None), size, bool(getattr(args, "fullscreen", False)),
                   scenes=lambda: scenes_for(config))
