"""Write the Lupusburg tutorial's script: four players, the player Red (the first Burgomaster), the
other three seats' moves written into the script (so the tutorial needs no computer player). The
first seed (from ``--first``) that deals Red the Thief and another player the Werewolf is played
through a designed first day:

* every player lays out his houses (Red's chest on the right, the Thief in his left house);
* night 1: Red points at the Werewolf's house (no chest there), the Werewolf slaughters a Townsfolk
  of the player after him, the others point anywhere;
* day 1: Red's privilege on the Werewolf's house (he sees the Werewolf) and his Townsfolk shown
  back; Red draws coins and keeps the highest before the Werewolf's player; the discussion; the
  nomination (the Werewolf's character and one of Red's are the suspects) and the runoff, which
  lynches the Werewolf's character.

Then the script ends with a note, the game under way::

    python -m tools.tutorial.lupusburg_find            # print the script, write nothing
    python -m tools.tutorial.lupusburg_find --write    # ... and write data/lupusburg/tutorial.yaml
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine.api import Action  # noqa: E402
from game.engine.tutorial_script import step_yaml, yaml_flow  # noqa: E402
from game.lupusburg.rules import new_game  # noqa: E402
from game.lupusburg.rules.actions import (  # noqa: E402
    Draw, EndDiscussion, Keep, Mark, PassBet, Place, Point, Privilege, Seen, ShowBack, Vote,
)

CONFIG = {"players": 4, "first_burgomaster": "first"}
PLAYER = "red"


def story(seed: int) -> list[str] | None:
    state = new_game(CONFIG, seed)
    if state.thief != PLAYER or state.werewolf == PLAYER:
        return None
    wolf = state.werewolf
    seats = list(state.seats)
    others = [s for s in seats if s != PLAYER]
    steps: list[str] = ["  - say: intro", "  - say: hand"]

    def play(actions: list[Action]) -> None:
        for a in actions:
            state.apply(a)

    def do(say: str, action: Action, moments: tuple[str, ...] = ()) -> None:
        assert action in state.legal_actions(action.seat), action
        steps.append(step_yaml(say, "do", [action], moments=list(moments)))
        play([action])

    def auto(say: str, actions: list[Action], moments: tuple[str, ...] = ()) -> None:
        steps.append(step_yaml(say, "auto", actions, moments=list(moments)))
        play(actions)

    # laying out: Red's chest on the right (his Thief in the left house), the Werewolf's on the right
    do("place", Place(PLAYER, "right"), ("placed",))
    auto("place_others", [Place(s, "right" if s == wolf else "left") for s in others])
    wolf_house = "left"                          # the Werewolf's card, away from his chest
    steps.append("  - say: night")
    do("call", Point(PLAYER, wolf, wolf_house), ("called",))
    victim = seats[(seats.index(wolf) + 1) % len(seats)]
    if victim == PLAYER:
        victim = next(s for s in others if s != wolf)
    victim_side = "right" if state.chest.get(victim) == "left" else "left"
    calls: list[Action] = []
    for s in state.order[state.turn:]:
        if s == wolf:
            calls.append(Point(s, victim, victim_side))
        else:
            calls.append(Point(s, PLAYER, "right"))
    auto("night_others", calls, ("killed",))
    steps.append("  - say: dawn")
    do("privilege", Privilege(PLAYER, wolf, wolf_house), ("privilege",))
    do("show", ShowBack(PLAYER, "right"))
    auto("seen", [Seen(wolf)])
    do("draw", Draw(PLAYER))
    coin = max(state.drawn)
    do("keep", Keep(PLAYER, coin, wolf), ("bet",))
    bets: list[Action] = [PassBet(s) for s in state.order[state.turn:]]
    auto("bets_others", bets)
    do("discuss", EndDiscussion(PLAYER))
    do("nominate", Vote(PLAYER, wolf, wolf_house))
    do("nominate_again", Vote(PLAYER, wolf, wolf_house))
    votes: list[Action] = []
    for s in others:
        for _ in state.living(s):
            if s == wolf:
                votes.append(Vote(s, PLAYER, "left"))
            else:
                votes.append(Vote(s, wolf, wolf_house) if not votes or len(votes) % 2 else Vote(s, PLAYER, "left"))
    auto("nominate_others", votes)
    if state.phase != "runoff" or (state.suspects[0].player, state.suspects[0].side) != (wolf, wolf_house):
        return None
    steps.append("  - say: suspects")
    do("runoff", Mark(PLAYER, "paw"))
    do("runoff_again", Mark(PLAYER, "paw"))
    marks: list[Action] = []
    for s in others:
        for _ in state.living(s):
            marks.append(Mark(s, "fur" if s == wolf else "paw"))
    auto("runoff_others", marks, ("lynched",))
    if state.is_over() or not state.lynches or tuple(state.lynches[-1].house) != (wolf, wolf_house):
        return None
    steps.append("  - say: end")
    return steps


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", action="store_true")
    p.add_argument("--first", type=int, default=1)
    args = p.parse_args()
    for seed in range(args.first, args.first + 400):
        steps = story(seed)
        if steps is None:
            continue
        text = "\n".join([
            "# The Lupusburg tutorial (title screen → Tutorial, or the set-up's Tutorial button): a script in",
            "# the format of a save, config + seed + steps. Written by tools/tutorial/lupusburg_find.py (python -m",
            "# tools.tutorial.lupusburg_find --write): regenerate it when the rules change and `python -m game",
            "# check-data` says a step broke. Each step: say (a text key under lupusburg_tutorial. in",
            "# data/i18n/<lang>/lupusburg_ui.yaml), and do (the one action the player must click), auto (the other",
            "# seats' moves, written here: the tutorial needs no computer player) or nothing (a note: Continue).",
            "",
            f"config: {yaml_flow(CONFIG)}",
            f"seed: {seed}",
            f"player: {PLAYER}",
            "steps:",
            *steps,
            "",
        ])
        print(f"seed {seed}: {len(steps)} steps")
        if args.write:
            (ROOT / "data" / "lupusburg" / "tutorial.yaml").write_text(text, encoding="utf-8")
        else:
            print(text)
        return 0
    print("no seed found", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
