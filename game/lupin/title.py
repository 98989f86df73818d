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


def privacy_pairs(state: Any) -> list[tuple[str, Any, frozenset[str]]]:
    """For the conformance tests: (hidden fact, a copy of ``state`` where only that fact differs,
    the seats that may know it): the RNG, each member's undrawn deck, one card of each hand (as in
    tests/lupin/test_privacy.py). The other seats must get equal views of both states."""
    import random

    from game.lupin.rules.state import BETRAYAL_CARD

    pairs: list[tuple[str, Any, frozenset[str]]] = []
    moved = state.snapshot()
    moved.rng.random()
    pairs.append(("the RNG", moved, frozenset()))
    for member in state.gang:
        figure = state.figures.get(member)
        if figure is None:
            continue
        if len(set(figure.deck)) > 1:
            shuffled = state.snapshot()
            deck = shuffled.figures[member].deck
            before = list(deck)
            shuffler = random.Random(len(deck))
            while deck == before:
                shuffler.shuffle(deck)
            pairs.append((f"{member}'s undrawn deck", shuffled, frozenset()))
        if figure.hand and BETRAYAL_CARD not in figure.hand:
            swap = next((i for i, c in enumerate(figure.deck)
                         if c != BETRAYAL_CARD and c not in figure.hand), None)
            if swap is not None:
                other = state.snapshot()
                f = other.figures[member]
                f.hand[0], f.deck[swap] = f.deck[swap], f.hand[0]
                pairs.append((f"a card of {member}'s hand", other, frozenset({state.seat_of[member]})))
    return pairs


TITLE = TitleSpec(
    name="lupin",
    display_name={"it": "Lupin III – Il gioco da tavolo", "en": "Lupin the 3rd – The Board Game"},
    players=(2, 5),
    rules="game.lupin.rules",
    parse_config="game.lupin.title:parse_config",
    seats="game.lupin.title:seats_for",
    bots={"random": "game.lupin.ai:RandomBot", "heuristic": "game.lupin.ai:HeuristicBot", "easy": "game.lupin.bots:EasyBot", "normal": "game.lupin.bots:NormalBot", "hard": "game.lupin.bots:HardBot"},
    options=(
        Option("episode", "rosso-rubino", EPISODES),
        Option("players", 5, (2, 3, 4, 5), int),
        Option("difficulty", "expert", ("novice", "expert")),
        Option("variant", "coop", ("coop", "all-vs-all")),
    ),
    simulate="game.lupin.simulate:simulate",
    bot_sides=("police", "gang"),
    play_game="game.lupin.simulate:play_game",
    selftest_games=tuple((e, {"episode": e, "players": 5, "difficulty": "expert", "variant": "coop"})
                         for e in EPISODES),
    review_view="game.lupin.rules.review:review_view",
    event_text="game.lupin.ui.log_text:event_line",
    table_scene="lupin-play",
    map_contract="game.lupin.rules.board_contract:CONTRACT",
    cli="game.lupin.cli",
    play="game.lupin.play",
    ui="game.lupin.ui",
    setup_scene="lupin-setup",
    checkers=("game.lupin.rules.boards", "game.lupin.rules.catalog", "game.lupin.rules.stonehenge",
              "game.lupin.tutorial"),
    max_actions=2000,
    privacy_pairs="game.lupin.title:privacy_pairs",
    golden_actions=40,
    conformance_games=(("rosso-rubino-2p", {"episode": "rosso-rubino", "players": 2}),
                       ("gran-colpo-4p-all-vs-all", {"episode": "gran-colpo", "players": 4,
                                                     "variant": "all-vs-all"})),
)
