"""Sealed bids: the smallest game with what the real titles need, so the engine can be tested (and
read) without a board: secret hands, simultaneous face-down play, chance mid-game and a reveal.

Two seats, ``north`` and ``south``. A deck of cards numbered 1..deck_size is shuffled and each
seat is dealt a secret hand; the rest is a face-down stock. Every round both seats place one card
face down, in any order (both may act at once); when the second card is down both are shown and
the higher card scores a point. Once per game, before placing its card, a seat may draw a card
at random from the stock into its hand (that reveals a card to the drawer, so it ends undo).
After the last round the higher score wins; equal scores are a draw.

Registered as the title ``"example"`` (its ``TITLE`` below, listed in :data:`game.titles.TITLES`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping

from game.engine.api import (
    TABLE, Action, Event, Result, Seat, register_action, require, with_defaults,
)
from game.engine.rng import Rng
from game.engine.titles import Option, TitleSpec

SEATS: tuple[Seat, ...] = ("north", "south")
DEFAULTS = {"rounds": 3, "hand_size": 4, "deck_size": 12}


@register_action("example.draw")
@dataclass(frozen=True)
class Draw(Action):
    """Take a random card from the stock into one's hand: once per game, before bidding."""


@register_action("example.bid")
@dataclass(frozen=True)
class Bid(Action):
    """Place ``card`` from one's hand face down for this round."""

    card: int


@dataclass(frozen=True)
class Config:
    rounds: int
    hand_size: int
    deck_size: int

    @classmethod
    def from_mapping(cls, config: Mapping[str, Any]) -> Config:
        """Defaults filled in; ValueError with a sentence for anything unusable."""
        values = with_defaults(config, DEFAULTS, "sealed bids")
        for key, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"the setting {key} must be a whole number of at least 1, not {value!r}")
        made = cls(**values)
        if made.hand_size < made.rounds:
            raise ValueError(f"a hand of {made.hand_size} cards cannot last {made.rounds} rounds")
        if made.deck_size < 2 * made.hand_size:
            raise ValueError(f"a deck of {made.deck_size} cards cannot deal two hands of {made.hand_size}")
        return made


@dataclass(frozen=True)
class SealedBidsView:
    """What one seat (or the table) knows. Opponents' hands and face-down cards appear only as
    counts and flags; the stock only as its size; the RNG not at all."""

    seat: Seat
    config: Config
    round: int
    to_act: tuple[Seat, ...]
    hand: tuple[int, ...]
    my_bid: int | None
    hand_sizes: Mapping[Seat, int]
    has_bid: tuple[Seat, ...]
    drawn: tuple[Seat, ...]
    stock_size: int
    scores: Mapping[Seat, int]
    history: tuple[tuple[int, ...], ...]
    result: Result | None


@dataclass
class SealedBidsState:
    """The whole truth. Secrets are kept in the fields marked SECRET; :meth:`view` copies only the
    parts a seat may know."""

    config: Config
    rng: Rng                                   # SECRET from everyone: it predicts the draws
    hands: dict[Seat, list[int]]               # SECRET: each hand is known to its owner only
    stock: list[int]                           # SECRET from everyone
    face_down: dict[Seat, int]                 # SECRET: each card is known to its owner only
    drawn: set[Seat] = field(default_factory=set)
    scores: dict[Seat, int] = field(default_factory=lambda: {s: 0 for s in SEATS})
    history: list[tuple[int, ...]] = field(default_factory=list)  # shown cards, in SEATS order

    # -------------------------------------------------------------------------- protocol

    def to_act(self) -> tuple[Seat, ...]:
        if self.is_over():
            return ()
        return tuple(s for s in SEATS if s not in self.face_down)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        actions: list[Action] = []
        if seat not in self.drawn and self.stock:
            actions.append(Draw(seat))
        actions.extend(Bid(seat, card) for card in sorted(self.hands[seat]))
        return actions

    def apply(self, action: Action) -> list[Event]:
        # Every check comes before the first change, so a refused action changes nothing.
        require(not self.is_over(), "example_refusal.over")
        require(isinstance(action, (Draw, Bid)), "example_refusal.not_a_move")
        seat = action.seat
        require(seat in SEATS, "example_refusal.no_seat", seat=repr(seat))
        require(seat in self.to_act(),
                "example_refusal.already_placed")
        if isinstance(action, Draw):
            require(seat not in self.drawn, "example_refusal.already_drawn")
            require(bool(self.stock), "example_refusal.stock_empty")
            return self._draw(seat)
        assert isinstance(action, Bid)
        require(action.card in self.hands[seat], "example_refusal.not_in_hand", card=action.card)
        return self._bid(seat, action.card)

    def view(self, seat: Seat) -> SealedBidsView:
        if seat != TABLE and seat not in SEATS:
            raise ValueError(f"no seat called {seat!r}; sealed bids has {', '.join(SEATS)} and {TABLE!r}")
        own = seat in SEATS
        return SealedBidsView(
            seat=seat,
            config=self.config,
            round=self.round,
            to_act=self.to_act(),
            hand=tuple(sorted(self.hands[seat])) if own else (),
            my_bid=self.face_down.get(seat) if own else None,
            hand_sizes={s: len(self.hands[s]) for s in SEATS},
            has_bid=tuple(s for s in SEATS if s in self.face_down),
            drawn=tuple(s for s in SEATS if s in self.drawn),
            stock_size=len(self.stock),
            scores=dict(self.scores),
            history=tuple(self.history),
            result=self.result(),
        )

    def is_over(self) -> bool:
        return len(self.history) >= self.config.rounds

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        best = max(self.scores.values())
        winners = tuple(s for s in SEATS if self.scores[s] == best)
        if len(winners) > 1:
            return Result(winners=(), reason="draw", scores=dict(self.scores))
        return Result(winners=winners, reason="higher score", scores=dict(self.scores))

    # -------------------------------------------------------------------------- helpers

    @property
    def round(self) -> int:
        """The round being played, from 1 (the last round once the game is over)."""
        return min(len(self.history) + 1, self.config.rounds)

    def _draw(self, seat: Seat) -> list[Event]:
        card = self.stock.pop(self.rng.below(len(self.stock)))
        self.hands[seat].append(card)
        self.drawn.add(seat)
        public = Event("example.drew", {"seat": seat})
        return [Event("example.drew", {"seat": seat, "card": card}, audience=frozenset({seat}),
                      redacted=public, reveal=True)]

    def _bid(self, seat: Seat, card: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.face_down[seat] = card
        events = [Event("example.bid", {"seat": seat, "card": card}, audience=frozenset({seat}),
                        redacted=Event("example.bid", {"seat": seat}))]
        if len(self.face_down) == len(SEATS):
            shown = tuple(self.face_down[s] for s in SEATS)
            winner = SEATS[shown.index(max(shown))]
            self.scores[winner] += 1
            self.history.append(shown)
            self.face_down.clear()
            events.append(Event("example.shown", {"cards": dict(zip(SEATS, shown)), "winner": winner,
                                                  "scores": dict(self.scores)}, reveal=True))
            if self.is_over():
                result = self.result()
                assert result is not None
                events.append(Event("example.over", {"winners": list(result.winners),
                                                     "scores": dict(self.scores)}))
        return events


def new_game(config: Mapping[str, Any], seed: int) -> SealedBidsState:
    """Shuffle the deck with the game's own RNG and deal both hands."""
    cfg = Config.from_mapping(config)
    rng = Rng(seed)
    deck = rng.shuffled(range(1, cfg.deck_size + 1))
    hands = {s: sorted(deck[i * cfg.hand_size:(i + 1) * cfg.hand_size]) for i, s in enumerate(SEATS)}
    stock = deck[len(SEATS) * cfg.hand_size:]
    return SealedBidsState(config=cfg, rng=rng, hands=hands, stock=stock, face_down={})


def sample_consistent_state(view: SealedBidsView, rng: Rng) -> SealedBidsState:
    """A full state the viewer cannot tell from the real one (for bots that search): the cards it
    cannot see are dealt at random into the places it knows only the size of."""
    known = set(view.hand) | {c for shown in view.history for c in shown}
    if view.my_bid is not None:
        known.add(view.my_bid)
    unseen = rng.shuffled(c for c in range(1, view.config.deck_size + 1) if c not in known)
    hands: dict[Seat, list[int]] = {}
    face_down: dict[Seat, int] = {}
    for s in SEATS:
        if s == view.seat:
            hands[s] = list(view.hand)
            if view.my_bid is not None:
                face_down[s] = view.my_bid
            continue
        hands[s] = sorted(unseen.pop() for _ in range(view.hand_sizes[s]))
        if s in view.has_bid:
            face_down[s] = unseen.pop()
    if len(unseen) != view.stock_size:
        raise ValueError("the view does not add up: its cards and counts disagree with the deck")
    return SealedBidsState(
        config=view.config, rng=Rng(rng.below(2**62)), hands=hands, stock=unseen,
        face_down=face_down, drawn=set(view.drawn), scores=dict(view.scores),
        history=list(view.history),
    )



# ------------------------------------------------------------------------------ the title

def simulate(config: Mapping[str, Any], games: int, seed: int, bots: str = "random") -> dict[str, Any]:
    """``heist-table simulate example``: whole games of sealed bids played by random bots."""
    from game.engine.playout import RandomBot
    from game.engine.playout import simulate as run

    return run("example", new_game, config, games, seed, bots, RandomBot)


def play_game(config: Mapping[str, Any], seed: int, bots: str = "random") -> dict[str, Any]:
    """One game of sealed bids played by random bots (the self-test's)."""
    from game.engine.playout import RandomBot
    from game.engine.playout import play_game as run

    return run(new_game, config, seed, RandomBot)


def review_view(state: SealedBidsState) -> dict[str, Any]:
    """Everything, every secret included (the replay viewer shows it only once the game is over):
    both hands, the cards face down, the stock in order, who drew, the scores, the cards shown."""
    return {
        "round": state.round,
        "hands": {s: sorted(state.hands[s]) for s in SEATS},
        "bids": {s: state.face_down.get(s) for s in SEATS},
        "stock": list(state.stock),
        "drawn": sorted(state.drawn),
        "scores": dict(state.scores),
        "history": [dict(zip(SEATS, shown)) for shown in state.history],
    }


def seats_for(config: Mapping[str, Any]) -> tuple[Seat, ...]:
    Config.from_mapping(config)
    return SEATS


TITLE = TitleSpec(
    name="example",
    display_name={"it": "Offerte sigillate (esempio)", "en": "Sealed bids (example)"},
    players=(2, 2),
    rules="game.engine.example",
    parse_config="game.engine.example:Config.from_mapping",
    seats="game.engine.example:seats_for",
    bots={"random": "game.engine.playout:RandomBot"},
    options=tuple(Option(key, value, None, int) for key, value in DEFAULTS.items()),
    simulate="game.engine.example:simulate",
    play_game="game.engine.example:play_game",
    selftest_games=(("sealed-bids", {}),),
    review_view="game.engine.example:review_view",
    play="game.ui.shell_play",
    max_actions=200,
    privacy_pairs="game.engine.example:privacy_pairs",
    golden_actions=12,
    event_text="game.ui.example_table:event_text",
    ui="game.ui.example_table",
    table_scene="example-table",
)


def privacy_pairs(state: SealedBidsState) -> list[tuple[str, SealedBidsState, frozenset[Seat]]]:
    """For the conformance tests: (hidden fact, a copy of ``state`` where only that fact differs,
    the seats that may know it). The other seats must get equal views of both states."""
    import copy

    pairs: list[tuple[str, SealedBidsState, frozenset[Seat]]] = []
    moved = copy.deepcopy(state)
    moved.rng.random()
    pairs.append(("the RNG", moved, frozenset()))
    for seat in SEATS:
        if state.hands[seat] and state.stock:
            swapped = copy.deepcopy(state)
            hand = swapped.hands[seat]
            hand[0], swapped.stock[0] = swapped.stock[0], hand[0]
            hand.sort()
            pairs.append((f"{seat}'s hand", swapped, frozenset({seat})))
        if seat in state.face_down and state.stock:
            other = copy.deepcopy(state)
            other.face_down[seat], other.stock[0] = other.stock[0], other.face_down[seat]
            pairs.append((f"{seat}'s face-down card", other, frozenset({seat})))
    if len(state.stock) > 1:
        turned = copy.deepcopy(state)
        turned.stock.reverse()
        pairs.append(("the order of the stock", turned, frozenset()))
    return pairs
