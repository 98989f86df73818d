"""Lupin the 3rd – The Board Game, declared once for the engine and the shell (its line in
:data:`game.titles.TITLES`). Pure data: every entry is a path imported only when used."""

from __future__ import annotations

from typing import Any, Mapping

from game.engine.titles import Option, TitleSpec

EPISODES = ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")


def seats_for(config: Mapping[str, Any]) -> tuple[str, ...]:
    """The seats at the table for ``config`` (each seat named by the character it leads)."""
    from game.lupin.rules.state import Config, seating

    return tuple(dict.fromkeys(seating(Config.from_mapping(config)).values()))


def parse_config(config: Mapping[str, Any]) -> Any:
    from game.lupin.rules.state import Config

    return Config.from_mapping(config)


TITLE = TitleSpec(
    name="lupin",
    display_name={"it": "Lupin III – Il gioco da tavolo", "en": "Lupin the 3rd – The Board Game"},
    players=(2, 5),
    rules="game.lupin.rules",
    parse_config="game.lupin.title:parse_config",
    seats="game.lupin.title:seats_for",
    bots={"random": "game.lupin.ai:RandomBot", "heuristic": "game.lupin.ai:HeuristicBot"},
    options=(
        Option("episode", "rosso-rubino", EPISODES),
        Option("players", 5, (2, 3, 4, 5), int),
        Option("difficulty", "expert", ("novice", "expert")),
        Option("variant", "coop", ("coop", "all-vs-all")),
    ),
    simulate="game.lupin.simulate:simulate",
    play_game="game.lupin.simulate:play_game",
    selftest_games=tuple((e, {"episode": e, "players": 5, "difficulty": "expert", "variant": "coop"})
                         for e in EPISODES),
    review_view="game.lupin.rules.review:review_view",
    event_text="game.lupin.ui.log_text:event_line",
    map_contract="game.lupin.rules.boards:check_lupin_boards",
    cli="game.lupin.cli",
    play="game.lupin.play",
    ui="game.lupin.ui",
    setup_scene="lupin-setup",
    checkers=("game.lupin.rules.boards", "game.lupin.rules.catalog", "game.lupin.rules.stonehenge",
              "game.lupin.tutorial"),
)
