"""Diabolik – Quadruplo furto, declared once for the engine and the shell (its line in
:data:`game.titles.TITLES`). Pure data: every entry is a path imported only when used."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast

from game.engine.titles import Option, TitleSpec


def yes_no(text: Any) -> bool:
    """A true/false setting from the command line (``--diabolika true``) or a bool."""
    if isinstance(text, bool):
        return text
    word = str(text).strip().lower()
    if word in ("1", "true", "yes", "on", "si", "sì"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"expected true or false, not {text!r}")


def parse_config(config: Mapping[str, Any]) -> Any:
    from game.diabolik.rules.core import Config

    return Config.from_mapping(config)


def seats_for(config: Mapping[str, Any]) -> tuple[str, ...]:
    """The seats at the table: each seat is its criminal (two players: diabolik and eva)."""
    from game.diabolik.rules.core import Config

    return Config.from_mapping(config).seats()


def play_game(config: Mapping[str, Any], seed: int, bots: str = "random") -> dict[str, Any]:
    """One game played by bots (the self-test's)."""
    from game.engine.playout import play_game as run
    from game.engine.titles import load, title
    from game.diabolik.rules import new_game

    return run(new_game, config, seed, load(title("diabolik").bots[bots]))


def review_view(state: Any) -> dict[str, Any]:
    """Everything (nothing is secret but the RNG), as plain data for the replay."""
    view = state.view("table")
    return {
        "round": view.round, "phase": view.phase, "locations": list(view.locations), "hideout": view.hideout,
        "criminals": {s: {"pos": p.pos, "on_the_run": p.on_the_run, "carrying": p.carrying}
                      for s, p in view.criminals.items()},
        "police": dict(view.police), "loot": list(view.loot), "clues": list(view.clues),
        "loot_left": view.loot_left, "clues_left": view.clues_left, "banked": view.banked,
        "roadblocks": [list(e) for e in view.roadblocks], "danger": view.danger, "danger_max": view.danger_max,
        "last_roll": view.last_roll,
    }


def privacy_pairs(state: Any) -> list[tuple[str, Any, frozenset[str]]]:
    """For the conformance tests: only the RNG is secret (it predicts every die)."""
    moved = copy.deepcopy(state)
    moved.rng.random()
    return [("the RNG", moved, frozenset())]


TITLE = TitleSpec(
    name="diabolik",
    display_name={"it": "Diabolik – Quadruplo furto", "en": "Diabolik – Quadruplo furto"},
    players=(1, 2),
    rules="game.diabolik.rules",
    parse_config="game.diabolik.title:parse_config",
    seats="game.diabolik.title:seats_for",
    bots={"random": "game.engine.playout:RandomBot", "easy": "game.diabolik.ai:EasyBot",
          "normal": "game.diabolik.ai:NormalBot", "hard": "game.diabolik.ai:HardBot"},
    bots_flag="criminals",
    options=(
        Option("players", 2, (1, 2), int),
        Option("character", "diabolik", ("diabolik", "eva")),
        Option("diabolika", False, (False, True), cast(type, yes_no)),
    ),
    simulate="game.diabolik.simulate:simulate",
    play_game="game.diabolik.title:play_game",
    selftest_games=(("duo", {"players": 2}),),
    review_view="game.diabolik.title:review_view",
    checkers=("game.diabolik.rules.data", "game.diabolik.tutorial"),
    max_actions=3000,
    privacy_pairs="game.diabolik.title:privacy_pairs",
    golden_actions=40,
    conformance_games=(("solo", {"players": 1}), ("solo-eva", {"players": 1, "character": "eva"}),
                       ("diabolika", {"players": 2, "diabolika": True})),
    curtain="none",
    event_text="game.diabolik.texts:event_text",
    play="game.ui.shell_play",
    ui="game.diabolik.ui",
    table_scene="diabolik-table",
    setup_scene="diabolik-setup",
)
