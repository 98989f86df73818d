"""Find (and write) the How to Rob a Bank tutorial's script: three players, open stacks, the player
the yellow thief, the computer (normal) the bank and red. Seed by seed, the whole first round is
played by the normal computer on every seat; the first seed where yellow, in the first round,
grabs a bag and then throws a bag into the car (and the game is not over by then) is written, cut
just after that throw's turn ends::

    python -m tools.tutorial.robbank_find            # print the story found, write nothing
    python -m tools.tutorial.robbank_find --write    # ... and write data/robbank/tutorial.yaml
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine.api import Action  # noqa: E402
from game.engine.tutorial_script import step_yaml, yaml_flow  # noqa: E402
from game.robbank.rules import (  # noqa: E402
    EndTurn, Grab, Lay, MoveCar, PassBag, Pick, PlaceCar, Rotate, SetOffAlarm, Spray, ThiefMove, Throw, Vents, new_game,
)

CONFIG = {"players": 3, "stacks": "open"}
PLAYER = "yellow"
SAY = {ThiefMove: "move", Vents: "vents", Grab: "grab", Pick: "pick", Spray: "spray", MoveCar: "car",
       Throw: "throw", PassBag: "pass", SetOffAlarm: "alarm", EndTurn: "done", PlaceCar: "place_car"}


def play_round(seed: int) -> list[tuple[Action, list[Any]]] | None:
    from game.robbank.ai import NormalBot

    state = new_game(CONFIG, seed)
    bots: dict[str, Any] = {}
    out: list[tuple[Action, list[Any]]] = []
    grabbed = False
    while not state.is_over() and state.round == 1:
        seat = state.to_act()[0]
        bot = bots.setdefault(seat, NormalBot(seed))
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        events = state.apply(action)
        out.append((action, events))
        if isinstance(action, Grab) and action.thief == PLAYER:
            grabbed = True
        if isinstance(action, Throw) and action.thief == PLAYER and grabbed and not state.is_over():
            # the rest of yellow's turn
            while state.turn is not None and state.turn.stack == PLAYER:
                action = bots[PLAYER].choose(state.view(PLAYER), state.legal_actions(PLAYER))
                out.append((action, state.apply(action)))
            return out
    return None


def story(moves: list[tuple[Action, list[Any]]]) -> list[str]:
    steps = ["  - say: intro", "  - say: board"]
    pending: list[Action] = []
    laid = 0
    turned = False
    first_turn = True

    def flush(say: str, moments: tuple[str, ...] = ()) -> None:
        if pending:
            steps.append(step_yaml(say, "auto", list(pending), moments=list(moments)))
            pending.clear()

    for action, events in moves:
        kinds = {e.kind for e in events}
        if action.seat != PLAYER:
            pending.append(action)
            if "robbank.turned_over" in kinds and not turned:
                turned = True
                flush("turned_over", ("turned_over",))
                steps.append("  - say: rob")
            continue
        if isinstance(action, (Rotate,)):
            pending.append(action)
            continue
        if isinstance(action, Lay):
            flush("plan_wait" if laid else "plan_bank")
            say = "lay_first" if laid == 0 else "lay"
            laid += 1
            moments = ["laid"] + (["turned_over"] if "robbank.turned_over" in kinds else [])
            steps.append(step_yaml(say, "do", [action], moments=moments))
            if laid == 1:
                steps.append("  - say: stacks")
            continue
        flush("others" if turned else "explore")
        if first_turn and turned:
            first_turn = False
            steps.append("  - say: your_turn")
        say = SAY.get(type(action), "done")
        moments = []
        if "robbank.grabbed" in kinds:
            moments.append("grabbed")
        if "robbank.thrown" in kinds:
            moments.append("thrown")
        if isinstance(action, EndTurn) and any(s.startswith("  - say: throw") for s in steps):
            say = "done_last"
        steps.append(step_yaml(say, "do", [action], moments=moments))
    steps.append("  - say: end")
    return steps


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", action="store_true")
    p.add_argument("--first", type=int, default=1)
    args = p.parse_args()
    for seed in range(args.first, args.first + 400):
        moves = play_round(seed)
        if moves is None:
            continue
        kinds = [type(a).__name__ for a, _e in moves if a.seat == PLAYER]
        if len(kinds) > 30:
            continue
        text = "\n".join([
            "# The How to Rob a Bank tutorial (title screen → Tutorial, or the set-up's Tutorial button): a",
            "# script in the format of a save, config + seed + steps. Written by tools/tutorial/robbank_find.py",
            "# (python -m tools.tutorial.robbank_find --write): regenerate it when the rules change and",
            "# `python -m game check-data` says a step broke. Each step: say (a text key under robbank_tutorial.",
            "# in data/i18n/<lang>/robbank_ui.yaml), and do (the one action the player must click), auto (the",
            "# computer's moves, the bank's and red's) or nothing (a note: the player clicks Continue).",
            "",
            f"config: {yaml_flow(CONFIG)}",
            f"seed: {seed}",
            f"player: {PLAYER}",
            "steps:",
            *story(moves),
            "",
        ])
        print(f"seed {seed}: {len(moves)} moves, the player's: {' '.join(kinds)}")
        if args.write:
            (ROOT / "data" / "robbank" / "tutorial.yaml").write_text(text, encoding="utf-8")
        else:
            print(text)
        return 0
    print("no seed found", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
