"""Golden playthroughs: for every registered title, one short seeded bot game (its first self-test
game, seed 1, the first ``TitleSpec.golden_actions`` actions) written to
``tests/golden/<title>-<label>.json``: the actions, and every seat's view (and the table's) at the
start in full, then after each action only the entries of each view that changed (a path such as
``figures/lupin/spot`` and its new value; ``"-"`` lists the paths that disappeared).
``tests/conformance/test_conformance.py`` replays the game and diffs it with the file on every run.

When a rules change is meant to change what players see, regenerate the files and review the diff:

    python -m tests.conformance.golden --write          (all titles)
    python -m tests.conformance.golden --write lupin    (one title)

(or run the tests with ``HEIST_TABLE_WRITE_GOLDEN=1``, which rewrites them instead of failing).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.engine.api import action_to_json
from game.engine.titles import TitleSpec, titles
from tests.conformance.kit import play, seats, view_json

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
SEED = 1


def golden_case(spec: TitleSpec) -> tuple[str, dict[str, Any], int] | None:
    """(label, config, seed) of the title's golden game, or None when it declares no self-test game."""
    if not spec.selftest_games:
        return None
    label, config = spec.selftest_games[0]
    return label, dict(config), SEED


def golden_path(spec: TitleSpec) -> Path:
    case = golden_case(spec)
    assert case is not None
    return GOLDEN_DIR / f"{spec.name}-{case[0]}.json"


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(_flatten(item, f"{prefix}{key}/"))
        return out
    if isinstance(value, list) and value:
        out = {}
        for i, item in enumerate(value):
            out.update(_flatten(item, f"{prefix}{i}/"))
        return out
    return {prefix.rstrip("/") or ".": value}


def _delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    changed = {k: v for k, v in after.items() if k not in before or before[k] != v}
    gone = sorted(k for k in before if k not in after)
    return {**changed, **({"-": gone} if gone else {})}


def playthrough(spec: TitleSpec) -> dict[str, Any]:
    """The golden document of ``spec``'s golden game, computed now."""
    case = golden_case(spec)
    assert case is not None, f"title {spec.name!r} has no self-test game to make a golden playthrough of"
    label, config, seed = case
    every = seats(spec, config)
    frames: list[dict[str, dict[str, Any]]] = []

    def snap(match: Any) -> None:
        frames.append({s: _flatten(view_json(match.state.view(s))) for s in every})

    match = play(spec, config, seed, limit=spec.golden_actions, on_step=snap)
    snap(match)
    steps = []
    for i, action in enumerate(match.log):
        steps.append({"action": action_to_json(action),
                      "views": {s: _delta(frames[i][s], frames[i + 1][s]) for s in every}})
    return {"title": spec.name, "label": label, "config": config, "seed": seed,
            "seats": list(every), "start": frames[0], "steps": steps,
            "over": match.state.is_over()}


def dumps(document: dict[str, Any]) -> str:
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def write(spec: TitleSpec) -> Path:
    path = golden_path(spec)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(playthrough(spec)), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.conformance.golden",
                                     description="Check or rewrite the golden playthroughs in tests/golden/.")
    parser.add_argument("--write", action="store_true", help="rewrite the files instead of checking them")
    parser.add_argument("title", nargs="*", help="only these titles (default: every registered title)")
    args = parser.parse_args(argv)
    chosen = [s for s in titles() if golden_case(s) and (not args.title or s.name in args.title)]
    unknown = set(args.title) - {s.name for s in chosen}
    if unknown:
        print(f"no title with a golden game called {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    status = 0
    for spec in chosen:
        path = golden_path(spec)
        if args.write:
            write(spec)
            print(f"wrote {path} ({path.stat().st_size} bytes)")
        elif not path.exists() or path.read_text(encoding="utf-8") != dumps(playthrough(spec)):
            print(f"{path}: differs from the game played now (rewrite with --write if intended)")
            status = 1
        else:
            print(f"{path}: same")
    return status


if __name__ == "__main__":
    sys.exit(main())
