"""The state's data and the small moves every part of the round shares: raising the danger, ending
the game, asking the criminals a choice, a new loot or clue card entering (with its slide)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine.api import Event, with_defaults
from game.engine.rng import Rng
from game.diabolik.rules.table import (
    ACTIONS_PER_TURN, CRIMINALS, RING, PendingChoice, Pawn, slide_options,
)

Step = tuple[Any, ...]
"""One step of the sequence still to play (the police phase, a card entering, a turn ending):
a tuple of a name and JSON values, e.g. ``("activate", "ginko")``, ``("chase", "blue", 2)``."""

DEFAULTS: Mapping[str, Any] = {"players": 2, "character": "diabolik", "diabolika": False}


@dataclass(frozen=True)
class Config:
    """players 1 or 2; character (solo only) diabolik or eva; diabolika, the harder mode."""

    players: int = 2
    character: str = "diabolik"
    diabolika: bool = False

    @classmethod
    def from_mapping(cls, config: Mapping[str, Any]) -> Config:
        """Defaults filled in; ValueError with a sentence for anything unusable."""
        values = with_defaults(config, DEFAULTS, "Quadruplo furto")
        players, character, diabolika = values["players"], values["character"], values["diabolika"]
        if isinstance(players, bool) or players not in (1, 2):
            raise ValueError(f"Quadruplo furto is played by 1 or 2 players, not {players!r}")
        if character not in CRIMINALS:
            raise ValueError(f"the character must be diabolik or eva, not {character!r}")
        if not isinstance(diabolika, bool):
            raise ValueError(f"diabolika must be true or false, not {diabolika!r}")
        # Two players play both criminals: the character matters only solo.
        return cls(players=players, character=character if players == 1 else "diabolik", diabolika=diabolika)

    def seats(self) -> tuple[str, ...]:
        return CRIMINALS if self.players == 2 else (self.character,)


@dataclass
class Core:
    """The whole truth of a game. Everything is public but the RNG (it predicts every die)."""

    config: Config
    rng: Rng
    seats: tuple[str, ...]
    locations: tuple[str, ...]                 # location id at each position
    hideout: int
    criminals: dict[str, Pawn]
    police: dict[str, int]
    loot: list[int]                            # loot cards lying in the shadow (sorted positions)
    clues: list[int]                           # clue cards in play (sorted positions)
    loot_left: int                             # in the box
    clues_left: int
    danger_max: int
    banked: int = 0
    roadblocks: list[tuple[int, int]] = field(default_factory=list)   # in the order they were placed
    danger: int = 0
    round: int = 1
    phase: str = "criminals"                   # criminals | choice | over
    leader: str | None = None
    turn: str | None = None
    done: tuple[str, ...] = ()
    actions_left: int = ACTIONS_PER_TURN
    sighted: bool = False
    pending: PendingChoice | None = None
    queue: list[Step] = field(default_factory=list)   # what is still to play after the pending choice
    last_roll: int | None = None
    won: bool | None = None                    # None until the game is over
    end_reason: str = ""
    opening: tuple[Event, ...] = field(default=(), compare=False, repr=False)   # new_game's events

    # ------------------------------------------------------------------------ questions

    def is_over(self) -> bool:
        return self.phase == "over"

    def chooser(self) -> str:
        """Who answers the police's (and the slides') choices: the round's leader, else the first seat."""
        return self.leader if self.leader is not None else self.seats[0]

    def police_at(self, p: int) -> int:
        return sum(1 for at in self.police.values() if at == p)

    def fugitives(self) -> list[int]:
        """Where the criminals on the run are."""
        return [self.criminals[s].pos for s in self.seats if self.criminals[s].on_the_run]

    # ------------------------------------------------------------------------ changes

    def _raise(self, by: int, reason: str, events: list[Event], **extra: Any) -> None:
        """The danger rises by ``by`` (one event); at the maximum the criminals lose at once."""
        if by <= 0 or self.is_over():
            return
        self.danger = min(self.danger + by, self.danger_max)
        events.append(Event("diabolik.danger", {"by": by, "reason": reason, "level": self.danger, **extra}))
        if self.danger >= self.danger_max:
            self._end(False, "danger_max", events)

    def _end(self, won: bool, reason: str, events: list[Event]) -> None:
        self.phase = "over"
        self.won = won
        self.end_reason = reason
        self.pending = None
        self.queue.clear()
        self.turn = None
        events.append(Event("diabolik.over", {"won": won, "reason": reason}))

    def _ask(self, kind: str, options: tuple[int, ...], context: dict[str, Any], events: list[Event],
             *, reveal: bool = False) -> None:
        """Stop for the criminals' choice (``Choose`` resumes the sequence)."""
        self.pending = PendingChoice(kind, options, context, self.chooser())
        self.phase = "choice"
        events.append(Event("diabolik.choice", {"kind": kind, "options": list(options), "context": dict(context)},
                            reveal=reveal))

    def _enter(self, card: str, events: list[Event]) -> None:
        """The next loot (or clue) card enters at a random location, sliding away from the others."""
        left = self.loot_left if card == "loot" else self.clues_left
        if left <= 0:
            return
        rolled = self.rng.below(RING)
        blockers = [self.hideout, *self.loot] if card == "loot" else list(self.clues)
        options = slide_options(rolled, blockers)
        if len(options) == 1:
            self._place(card, options[0], rolled, events)
        else:
            self._ask(f"slide_{card}", options, {"card": card, "rolled": rolled}, events, reveal=True)

    def _place(self, card: str, at: int, rolled: int, events: list[Event]) -> None:
        if card == "loot":
            self.loot = sorted([*self.loot, at])
            self.loot_left -= 1
        else:
            self.clues = sorted([*self.clues, at])
            self.clues_left -= 1
        events.append(Event("diabolik.card_entered", {"card": card, "at": at, "rolled": rolled}, reveal=True))

    def _set_pawn(self, seat: str, **changes: Any) -> None:
        self.criminals[seat] = replace(self.criminals[seat], **changes)
