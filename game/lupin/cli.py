"""`heist-table lupin ...`: ask the Lupin rules about a board from outside, as JSON.

For map authors and for checking the rules: what a square is, where a figure can go, who sees
whom; and `catalog`, the devices and mission cards of an episode. EPISODE is an episode id
(rosso-rubino, gran-colpo, cagliostro, stonehenge) or the path of a .tmx file (then no episode
checks are made).
"""

from __future__ import annotations

import argparse
import json
import sys

from game.engine.content import ContentError
from game.engine.grid import parse_coord


def register(sub: argparse._SubParsersAction) -> None:
    from game.lupin import session_bench

    session_bench.register(sub)   # `heist-table bench-session`
    lupin = sub.add_parser("lupin", help="ask the Lupin rules about a board (JSON)",
                           description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    lsub = lupin.add_subparsers(dest="lupin_command", metavar="QUERY", required=True)

    sq = lsub.add_parser("square", help="what the named squares are (all squares when none is named)")
    sq.add_argument("episode", metavar="EPISODE")
    sq.add_argument("coords", metavar="COORD", nargs="*", help="squares like A1 or T25")
    sq.set_defaults(func=_cmd_square)

    rc = lsub.add_parser("reach", help="the spots a figure can end its move on")
    rc.add_argument("episode", metavar="EPISODE")
    rc.add_argument("--from", dest="origin", required=True, metavar="COORD")
    rc.add_argument("--moves", type=int, required=True, metavar="N")
    rc.add_argument("--figure", choices=("gang", "zenigata", "police"), default="gang")
    rc.set_defaults(func=_cmd_reach)

    se = lsub.add_parser("sees", help="whether a figure on one square sees (and can shoot) one on another")
    se.add_argument("episode", metavar="EPISODE")
    se.add_argument("--from", dest="origin", required=True, metavar="COORD")
    se.add_argument("--to", dest="target", required=True, metavar="COORD")
    se.add_argument("--weapon", choices=("pistol", "rifle"), default="pistol")
    se.add_argument("--exposed", action="store_true",
                    help="the target is on a roof and has just shot")
    se.set_defaults(func=_cmd_sees)

    ca = lsub.add_parser("catalog", help="the devices and mission cards of an episode",
                         description="Every device tile (id, name, count, price and whether the price "
                         "is designed, text) and every mission card (id, owner, name, count, text) of "
                         "one episode, in one language.")
    ca.add_argument("--episode", default="rosso-rubino",
                    help="rosso-rubino (default), gran-colpo, cagliostro or stonehenge")
    ca.add_argument("--lang", choices=("it", "en"), default="en")
    ca.add_argument("--variant", choices=("coop", "all-vs-all"), default="coop")
    ca.add_argument("--json", action="store_true", help="the whole catalogue as JSON (default: a listing)")
    ca.set_defaults(func=_cmd_catalog)

    be = lsub.add_parser("bench", help="time the police's sight and a gang figure's reach (benchmark)")
    be.add_argument("--episode", default=None, help="default: every episode; reports the busiest")
    be.add_argument("--repeat", type=int, default=200)
    be.set_defaults(func=_cmd_bench)


def _geometry(name: str):
    from game.lupin.rules.board_contract import load_board
    from game.lupin.rules.boards import episode_geometry
    from game.lupin.rules.geometry import Geometry

    if name.endswith(".tmx"):
        return Geometry(load_board(name))
    return episode_geometry(name)


def _run(fn, args) -> int:
    try:
        out = fn(args)
    except ContentError as exc:
        print(f"heist-table lupin: {exc}", file=sys.stderr)
        return 1
    except (KeyError, ValueError) as exc:
        msg = exc.args[0] if exc.args else str(exc)
        print(f"heist-table lupin: {msg}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _check_on_board(geo, coord: str):
    sq = parse_coord(coord)
    if sq not in geo.board:
        raise ValueError(f"{coord} is off the board ({geo.board.rows} rows, {geo.board.cols} columns)")
    return sq


def _cmd_square(args) -> int:
    from game.lupin.rules.boards import square_info

    def go(a):
        geo = _geometry(a.episode)
        squares = [_check_on_board(geo, c) for c in a.coords] or list(geo.board.squares())
        return [square_info(geo, s) for s in squares]
    return _run(go, args)


def _cmd_reach(args) -> int:
    from game.lupin.rules.geometry import spot_to_text

    def go(a):
        geo = _geometry(a.episode)
        origin = _check_on_board(geo, a.origin)
        if a.moves < 0:
            raise ValueError("--moves must be 0 or more")
        r = geo.reach(origin, a.moves, a.figure)
        spots = sorted(r.cost.items(), key=lambda kv: (kv[1], spot_to_text(kv[0])))
        return {
            "from": a.origin.upper(), "moves": a.moves, "figure": a.figure,
            "reachable": [{"spot": spot_to_text(s), "cost": c} for s, c in spots],
        }
    return _run(go, args)


def _cmd_sees(args) -> int:
    from game.lupin.rules.geometry import PISTOL_RANGE, RIFLE_RANGE

    def go(a):
        geo = _geometry(a.episode)
        v = _check_on_board(geo, a.origin)
        t = _check_on_board(geo, a.target)
        rng = RIFLE_RANGE if a.weapon == "rifle" else PISTOL_RANGE
        s = geo.sight(v, t, rng, exposed=a.exposed)
        return {"from": a.origin.upper(), "to": a.target.upper(), "weapon": a.weapon, "range": rng,
                "sees": s.seen, "can_shoot": s.can_shoot, "distance": s.distance, "why": s.reason}
    return _run(go, args)


def _catalog(a) -> dict:
    """``catalog_json`` with each mission card naming its owner."""
    from game.lupin.rules.catalog import catalog_json

    out = catalog_json(a.episode, a.lang, a.variant)
    for owner, deck in out["decks"].items():
        deck["cards"] = [{"owner": owner, **c} for c in deck["cards"]]
    out["specials"] = {owner: {"owner": owner, **c} for owner, c in out["specials"].items()}
    return out


def _cmd_catalog(args) -> int:
    if args.json:
        return _run(_catalog, args)
    try:
        cat = _catalog(args)
    except (KeyError, ValueError) as exc:
        print(f"heist-table lupin: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    except ContentError as exc:
        print(f"heist-table lupin: {exc}", file=sys.stderr)
        return 1
    budgets = ", ".join(f"{who} {amount}$" for who, amount in cat["budgets"].items())
    print(f"{cat['episode']} ({cat['variant']}, {cat['lang']}): budget {budgets}")
    print("\nDevices")
    for d in cat["devices"]:
        price = f"{d['price']}$" + (" (designed)" if d["price_designed"] else "")
        print(f"  {d['id']:<16} x{d['count']} {price:<15} {d['name']}")
    for owner, deck in cat["decks"].items():
        print(f"\n{owner.capitalize()}'s mission cards ({deck['size']})")
        for c in deck["cards"]:
            print(f"  {c['id']:<44} x{c['count']} {c['name']}")
    if cat["specials"]:
        print("\nSpecial cards")
        for owner, c in cat["specials"].items():
            print(f"  {c['id']:<44} {owner:<9} {c['name']}")
    return 0


def _cmd_bench(args) -> int:
    from game.lupin.rules.bench import run_bench

    try:
        print(run_bench(args.episode, args.repeat))
    except ContentError as exc:
        print(f"heist-table lupin: {exc}", file=sys.stderr)
        return 1
    return 0
