"""Lupusburg, declared once for the engine and the shell (its line in :data:`game.titles.TITLES`).
Pure data: every entry is a path imported only when used: the rules, random play, the curtain
between seats, and the screens (game/lupusburg/ui/: the set-up, the table, the end, the replay,
the rules reader)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from game.engine.titles import Option, TitleSpec


def parse_config(config: Mapping[str, Any]) -> Any:
    from game.lupusburg.rules.state import Config

    return Config.from_mapping(config)


def seats_for(config: Mapping[str, Any]) -> tuple[str, ...]:
    """One seat a player, named by colour, clockwise (red, blue, green, yellow, ...)."""
    from game.lupusburg.rules.state import Config

    return Config.from_mapping(config).seats()


def play_game(config: Mapping[str, Any], seed: int, bots: Any = "random") -> dict[str, Any]:
    from game.lupusburg.simulate import play_game as run

    return run(config, seed, bots)


def curtain(state: Any, before: str, after: str) -> bool:
    """Hidden roles: every seat hides from every other (each holds his characters, his chest, his
    coin, what he learnt), so the curtain falls before every step of a person, whoever sat at the
    screen before (the table's view included: a game started or resumed, or the computer seats
    played meanwhile). Only the discussion is the whole table's: no curtain before it (the screen
    shows the table's view, nobody's secrets)."""
    return getattr(state, "phase", "") != "discuss"


def review_view(state: Any) -> dict[str, Any]:
    """Everything, for the replay after the game: every card, chest, coin and secret."""
    return {
        "day": state.day, "phase": state.phase, "burgomaster": state.burgomaster, "werewolf": state.werewolf,
        "thief": state.thief, "dealt": {s: list(h) for s, h in state.dealt.items()},
        "characters": {s: dict(c) for s, c in state.characters.items()}, "chests": dict(state.chest),
        "alive": {s: dict(a) for s, a in state.alive.items()}, "bag": list(state.bag),
        "bets": {s: [b.day, b.target, b.coin] for s, b in state.bets.items()},
        "kills": [[d.day, *d.house] for d in state.kills], "lynches": [[d.day, *d.house] for d in state.lynches],
        "scores": dict(state.scores), "winners": list(state.winners), "reason": state.end_reason,
    }


def privacy_pairs(state: Any) -> list[tuple[str, Any, frozenset[str]]]:
    """Copies differing in one hidden fact, with the seats that may see it: the RNG (nobody); a
    player's characters swapped with another's, so that the Werewolf or the Thief changes hands (the
    two players; everybody once the game is over); a player's chest under his other house (him;
    everybody at the end); a bettor's coin or the coins in his hand (him; the coin: everybody at the
    end); tonight's pointing, a secret ballot, a look, a character seen, the coins drawn (that seat)."""
    from game.engine.api import TABLE
    from game.lupusburg.rules.data import TOWNSFOLK
    from game.lupusburg.rules.state import House

    pairs: list[tuple[str, Any, frozenset[str]]] = []
    everyone = frozenset((*state.seats, TABLE))
    over = state.is_over()
    moved = copy.deepcopy(state)
    moved.rng.random()
    pairs.append(("the RNG", moved, frozenset()))
    for role_holder in (state.werewolf, state.thief):
        other = next(s for s in state.seats if s not in (state.werewolf, state.thief))
        swapped = copy.deepcopy(state)
        swapped.dealt[role_holder], swapped.dealt[other] = state.dealt[other], state.dealt[role_holder]
        if role_holder in state.characters and other in state.characters:
            swapped.characters[role_holder], swapped.characters[other] = (
                {s: c for s, c in zip(("left", "right"), _laid(state, other, state.chest[role_holder]))},
                {s: c for s, c in zip(("left", "right"), _laid(state, role_holder, state.chest[other]))})
        swapped.werewolf = other if role_holder == state.werewolf else state.werewolf
        swapped.thief = other if role_holder == state.thief else state.thief
        pairs.append((f"{role_holder}'s and {other}'s characters", swapped,
                      everyone if over else frozenset({role_holder, other})))
    for seat in state.seats:
        if seat in state.chest:
            flipped = copy.deepcopy(state)
            flipped.chest[seat] = "right" if state.chest[seat] == "left" else "left"
            chars = state.characters[seat]
            flipped.characters[seat] = {"left": chars["right"], "right": chars["left"]}
            if chars["left"] == chars["right"] == TOWNSFOLK:
                pairs.append((f"{seat}'s chest", flipped, everyone if over else frozenset({seat})))
            else:
                pairs.append((f"{seat}'s chest and characters", flipped, everyone if over else frozenset({seat})))
        bet = state.bets.get(seat)
        swap_in = [c for c in state.bag if bet is not None and c != bet.coin]
        if bet is not None and swap_in:
            recoined = copy.deepcopy(state)
            recoined.bag.remove(swap_in[0])
            recoined.bag = sorted([*recoined.bag, bet.coin], reverse=True)
            recoined.bets[seat] = type(bet)(bet.day, bet.target, swap_in[0])
            pairs.append((f"{seat}'s coin", recoined, everyone if over else frozenset({seat})))
        if seat in state.pointed:
            options = [h for h in state.others_houses(seat) if h != state.pointed[seat]]
            if options:
                repointed = copy.deepcopy(state)
                repointed.pointed[seat] = options[0]
                pairs.append((f"{seat}'s call tonight", repointed, frozenset({seat})))
        if state.votes.get(seat):
            options = [h for h in state.others_houses(seat) if h != state.votes[seat][0]]
            if options:
                revoted = copy.deepcopy(state)
                revoted.votes[seat][0] = options[0]
                pairs.append((f"{seat}'s secret vote", revoted, frozenset({seat})))
        if state.marks.get(seat):
            remarked = copy.deepcopy(state)
            remarked.marks[seat][0] = "fur" if state.marks[seat][0] == "paw" else "paw"
            pairs.append((f"{seat}'s secret token", remarked, frozenset({seat})))
        if state.looks.get(seat):
            relooked = copy.deepcopy(state)
            look = state.looks[seat][0]
            relooked.looks[seat][0] = type(look)(look.day, look.house, not look.chest, look.how)
            pairs.append((f"what {seat} saw under {look.house}", relooked, frozenset({seat})))
        if state.seen.get(seat):
            reseen = copy.deepcopy(state)
            seen = state.seen[seat][0]
            other_kind = TOWNSFOLK if seen.character != TOWNSFOLK else "werewolf"
            reseen.seen[seat][0] = type(seen)(seen.day, House(*seen.house), other_kind, seen.how)
            pairs.append((f"the character {seat} was shown", reseen, frozenset({seat})))
        if state.draws.get(seat):
            redrawn = copy.deepcopy(state)
            redrawn.draws[seat] = (*state.draws[seat], 99)
            pairs.append((f"the coins {seat} drew", redrawn, frozenset({seat})))
    if state.phase == "keep":
        bettor = state.order[state.turn]
        swap_in = [c for c in state.bag if c != state.drawn[0]]
        if swap_in:
            rehanded = copy.deepcopy(state)
            rehanded.bag.remove(swap_in[0])
            rehanded.bag = sorted([*rehanded.bag, state.drawn[0]], reverse=True)
            rehanded.drawn = tuple(sorted([swap_in[0], *state.drawn[1:]], reverse=True))
            pairs.append((f"the coins in {bettor}'s hand", rehanded, frozenset({bettor})))
    return pairs


def _laid(state: Any, seat: str, chest: str) -> tuple[str, str]:
    """``seat``'s two characters laid out with the chest house on ``chest`` (left, right)."""
    from game.lupusburg.rules.data import TOWNSFOLK

    cards = state.dealt[seat]
    role = next((c for c in cards if c != TOWNSFOLK), TOWNSFOLK)
    return (TOWNSFOLK, role) if chest == "left" else (role, TOWNSFOLK)


TITLE = TitleSpec(
    name="lupusburg",
    display_name={"it": "Lupusburg", "en": "Lupusburg"},
    players=(4, 8),
    rules="game.lupusburg.rules",
    parse_config="game.lupusburg.title:parse_config",
    seats="game.lupusburg.title:seats_for",
    bots={"random": "game.engine.playout:RandomBot"},
    options=(
        Option("players", 6, (4, 5, 6, 7, 8), int),
        Option("lynch", "two_rounds", ("two_rounds", "plurality")),
        Option("chest_value", 1, tuple(range(9)), int),
        Option("wrong_bet", "zero", ("zero", "minus_coin")),
        Option("score_tie", "shared", ("shared", "coin_then_characters")),
        Option("protect_last", "on", ("on", "off")),
        Option("broom", "off", ("on", "off")),
        Option("bet_on_dead", "on", ("on", "off")),
        Option("first_burgomaster", "random", ("random", "first")),
    ),
    simulate="game.lupusburg.simulate:simulate",
    play_game="game.lupusburg.title:play_game",
    selftest_games=(("six", {"players": 6}),),
    review_view="game.lupusburg.title:review_view",
    checkers=("game.lupusburg.rules.data", "game.lupusburg.tutorial"),
    max_actions=1500,
    privacy_pairs="game.lupusburg.title:privacy_pairs",
    golden_actions=80,
    conformance_games=(
        ("four-plurality", {"players": 4, "lynch": "plurality", "first_burgomaster": "first"}),
        ("eight-broom", {"players": 8, "broom": "on", "wrong_bet": "minus_coin", "protect_last": "off",
                         "score_tie": "coin_then_characters", "bet_on_dead": "off"}),
    ),
    curtain="game.lupusburg.title:curtain",
    event_text="game.lupusburg.texts:event_text",
    play="game.ui.shell_play",
    ui="game.lupusburg.ui",
    table_scene="lupusburg-table",
    setup_scene="lupusburg-setup",
)
