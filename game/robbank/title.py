"""How to Rob a Bank, declared once for the engine and the shell (its line in
:data:`game.titles.TITLES`). Pure data: every entry is a path imported only when used."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from game.engine.titles import Option, TitleSpec


def parse_config(config: Mapping[str, Any]) -> Any:
    from game.robbank.rules.state import Config

    return Config.from_mapping(config)


def seats_for(config: Mapping[str, Any]) -> tuple[str, ...]:
    """The bank, then each thief player (two players: one thief player, ``yellow``, runs two thieves)."""
    from game.robbank.rules.state import Config

    return Config.from_mapping(config).seats()


def play_game(config: Mapping[str, Any], seed: int, bots: Any = "random") -> dict[str, Any]:
    from game.robbank.simulate import play_game as run

    return run(config, seed, bots)


def curtain(state: Any, before: str, after: str) -> bool:
    """The curtain falls between the bank and a thief (each holds a secret hand); the thieves share
    theirs, so none falls between two thieves. Before the first seat (``before`` is the table's:
    nobody has been shown anything yet, e.g. a game started or resumed) it falls when the screen would
    show a hand (planning, robbing), so the right player is at the screen; exploring and placing the
    car show nothing secret."""
    from game.engine.api import TABLE

    if before == TABLE:
        return getattr(state, "phase", "") in ("plan", "rob")
    return (before == "bank") != (after == "bank")


def review_view(state: Any) -> dict[str, Any]:
    """Everything, for the replay after the game: hands and stacks included."""
    return {
        "round": state.round, "phase": state.phase, "tiles": list(state.tiles), "turns": list(state.turns),
        "guards": {g: [f.room, f.stunned] for g, f in state.guards.items()},
        "thieves": {t: [f.room, f.stunned, f.carrying] for t, f in state.thieves.items()},
        "loot": [[tok.room, tok.locked, tok.carrier] for tok in state.loot],
        "alarm": None if state.alarm is None else [state.alarm.room, state.alarm.locked],
        "car": state.car, "stolen": state.stolen, "target": state.target(),
        "hands": {s: list(h) for s, h in state.hands.items()},
        "stacks": {s: list(c) for s, c in state.stacks.items()}, "played": dict(state.played),
    }


def privacy_pairs(state: Any) -> list[tuple[str, Any, frozenset[str]]]:
    """Copies differing in one hidden fact, with the seats that may see it: the bank's hand (the
    bank), a thief's hand (every thief), the undrawn cards and the RNG (nobody), a card under a
    stack's top by the table rules (nobody)."""
    pairs: list[tuple[str, Any, frozenset[str]]] = []
    thieves = frozenset(s for s in state.seats if s != "bank")
    moved = copy.deepcopy(state)
    moved.rng.random()
    pairs.append(("the RNG", moved, frozenset()))
    for stack, hand in state.hands.items():
        if hand and state.decks.get(stack):
            other = copy.deepcopy(state)
            i = 0
            other.hands[stack][i], other.decks[stack][0] = other.decks[stack][0], other.hands[stack][i]
            other.hands[stack].sort()
            pairs.append((f"{stack}'s hand", other, frozenset({"bank"}) if stack == "bank" else thieves))
        if state.decks.get(stack) and len(state.decks[stack]) > 1:
            other = copy.deepcopy(state)
            other.decks[stack].reverse()
            if other.decks[stack] != state.decks[stack]:
                pairs.append((f"{stack}'s undrawn cards", other, frozenset()))
    if state.config.stacks == "table" and state.phase == "plan":
        for stack, cards in state.stacks.items():
            if len(cards) >= 2 and state.decks.get(stack):
                other = copy.deepcopy(state)
                other.stacks[stack][0], other.decks[stack][0] = other.decks[stack][0], other.stacks[stack][0]
                pairs.append((f"the card under {stack}'s top", other, frozenset()))
    return pairs


TITLE = TitleSpec(
    name="robbank",
    display_name={"it": "How to Rob a Bank", "en": "How to Rob a Bank"},
    players=(2, 4),
    rules="game.robbank.rules",
    parse_config="game.robbank.title:parse_config",
    seats="game.robbank.title:seats_for",
    bots={"random": "game.engine.playout:RandomBot", "easy": "game.robbank.ai:EasyBot",
          "normal": "game.robbank.ai:NormalBot", "hard": "game.robbank.ai:HardBot"},
    bot_sides=("bank", "thieves"),
    options=(
        Option("players", 3, (2, 3, 4), int),
        Option("stacks", "table", ("table", "open")),
    ),
    simulate="game.robbank.simulate:simulate",
    play_game="game.robbank.title:play_game",
    selftest_games=(("three", {"players": 3}),),
    review_view="game.robbank.title:review_view",
    checkers=("game.robbank.rules.data", "game.robbank.tutorial"),
    max_actions=4000,
    privacy_pairs="game.robbank.title:privacy_pairs",
    golden_actions=60,
    conformance_games=(("two", {"players": 2}), ("four-open", {"players": 4, "stacks": "open"})),
    curtain="game.robbank.title:curtain",
    event_text="game.robbank.texts:event_text",
    play="game.ui.shell_play",
    ui="game.robbank.ui",
    table_scene="robbank-table",
    setup_scene="robbank-setup",
)
