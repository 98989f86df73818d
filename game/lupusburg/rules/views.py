"""What each seat sees of a game of Lupusburg.

Public (every seat and the table): the ring of houses (whose, which are still in the game), the
Burgomaster, the seals and whom they lie in front of, the coins left in the bag (how many), and the
public record: each night's kill and each lynch (which house, never what it held), each privilege
(who looked at whose house, which house was shown back; not what), the chimney broom (who looked at
which house; not what he saw), the ballots once revealed, the suspects and the Burgomaster's
tie-breaks. Private, to one seat: his own characters (his hand before he lays them out), his chest,
his coin (and the coins he drew), what he learnt by night or by the broom (chest or not), the
characters he was shown, tonight's pointing and his ballot not yet revealed. The Werewolf's and
the Thief's identities, other players' characters, chests, coins and secret ballots, the coins in
the bag and the RNG are in no view until the game is over; then every card is shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.api import TABLE, Result

if TYPE_CHECKING:
    from game.lupusburg.rules.state import (
        Ballot, BetLog, CharacterSeen, ChestLook, Config, Death, Decision, House, LupusState, PrivilegeLog, Suspects,
        SweepLog,
    )


@dataclass(frozen=True)
class HouseView:
    """A house of the ring as everyone sees it."""

    player: str
    side: str
    alive: bool


@dataclass(frozen=True)
class Reveal:
    """Everything, once the game is over."""

    werewolf: str
    thief: str
    characters: Mapping[str, Mapping[str, str]]
    chests: Mapping[str, str]
    coins: Mapping[str, int]


@dataclass(frozen=True)
class LupusView:
    seat: str
    seats: tuple[str, ...]                         # clockwise
    config: Config
    phase: str
    day: int
    burgomaster: str
    to_act: tuple[str, ...]
    houses: tuple[HouseView, ...]                  # the ring: each seat's left then right house
    living: Mapping[str, int]                      # living characters of each player
    seals: Mapping[str, BetLog | None]             # whom each seal lies in front of (None: still held)
    bag: int                                       # coins in the bag
    broom_in_play: bool
    # the day under way
    privilege: PrivilegeLog | None                 # today's, while it is under way
    sweeper: str
    bettor: str                                    # whose bet it is (bet, keep)
    voters: Mapping[str, int]                      # votes of each voter in the lynch under way
    ballots_in: Mapping[str, int]                  # how many votes each has cast in the round under way
    suspects: tuple[House, ...]                    # paw, fur (or the first chosen so far)
    tied: tuple[House, ...]                        # the Burgomaster chooses among these
    deciding: str                                  # "suspect" | "lynch" | ""
    # the public record
    burgomasters: tuple[str, ...]                  # each day's Burgomaster
    kills: tuple[Death, ...]
    lynches: tuple[Death, ...]
    privileges: tuple[PrivilegeLog, ...]
    sweeps: tuple[SweepLog, ...]
    ballots: tuple[Ballot, ...]
    runoffs: tuple[Suspects, ...]
    decisions: tuple[Decision, ...]
    # this seat's own (empty or None for the table)
    hand: tuple[str, ...]                          # the two characters dealt (before and after laying them out)
    characters: Mapping[str, str] | None           # side -> character, dead ones included, once laid out
    chest: str | None                              # the side of one's chest house
    role: str | None                               # werewolf | thief | townsfolk
    pointed: House | None                          # tonight's call, until dawn
    looks: tuple[ChestLook, ...]                   # chest or not, by night (the Thief) or by the broom
    seen: tuple[CharacterSeen, ...]                # characters shown to this seat
    drawn: tuple[int, ...]                         # coins in hand while betting
    my_draw: tuple[int, ...]                       # the coins drawn for one's bet
    my_coin: int | None                            # the coin under one's seal
    my_ballot: tuple[House, ...]                   # one's votes not yet revealed
    my_marks: tuple[str, ...]                      # one's runoff tokens not yet revealed
    # the end
    reveal: Reveal | None
    result: Result | None


def make_view(state: LupusState, seat: str) -> LupusView:
    mine = seat != TABLE
    placed = mine and seat in state.characters
    bet = state.bets.get(seat) if mine else None
    ballot_phase = state.phase in ("nominate", "runoff", "vote")
    in_round = state.marks if state.phase == "runoff" else state.votes
    reveal = None
    if state.is_over():
        reveal = Reveal(werewolf=state.werewolf, thief=state.thief,
                        characters={s: dict(c) for s, c in state.characters.items()}, chests=dict(state.chest),
                        coins={s: b.coin for s, b in state.bets.items()})
    return LupusView(
        seat=seat, seats=state.seats, config=state.config, phase=state.phase, day=state.day,
        burgomaster=state.burgomaster, to_act=state.to_act(),
        houses=tuple(HouseView(p, s, state.alive.get(p, {}).get(s, True))
                     for p in state.seats for s in ("left", "right")),
        living={p: len(state.living(p)) if p in state.alive else 2 for p in state.seats},
        seals={p: (None if p not in state.bets else _bet_log(state, p)) for p in state.seats},
        bag=len(state.bag), broom_in_play=state.broom_in_play,
        privilege=state.privilege if state.phase in ("show", "seen") else None,
        sweeper=state.sweeper if state.phase == "sweep" else "",
        bettor=state.order[state.turn] if state.phase in ("bet", "keep") else "",
        voters={v: len(state.living(v)) for v in state.order} if ballot_phase else {},
        ballots_in={v: len(in_round.get(v, ())) for v in state.order} if ballot_phase else {},
        suspects=tuple(state.suspects), tied=tuple(state.tied), deciding=state.deciding,
        burgomasters=tuple(state.burgomasters), kills=tuple(state.kills), lynches=tuple(state.lynches),
        privileges=tuple(state.privileges), sweeps=tuple(state.sweeps), ballots=tuple(state.ballots),
        runoffs=tuple(state.runoffs), decisions=tuple(state.decisions),
        hand=tuple(state.dealt[seat]) if mine else (),
        characters=dict(state.characters[seat]) if placed else None,
        chest=state.chest[seat] if placed else None,
        role=state.role(seat) if mine else None,
        pointed=state.pointed.get(seat) if mine else None,
        looks=tuple(state.looks.get(seat, ())) if mine else (),
        seen=tuple(state.seen.get(seat, ())) if mine else (),
        drawn=state.drawn if mine and state.phase == "keep" and state.order[state.turn] == seat else (),
        my_draw=tuple(state.draws.get(seat, ())) if mine else (),
        my_coin=bet.coin if bet is not None else None,
        my_ballot=tuple(state.votes.get(seat, ())) if mine and ballot_phase else (),
        my_marks=tuple(state.marks.get(seat, ())) if mine and ballot_phase else (),
        reveal=reveal, result=state.result())


def _bet_log(state: LupusState, seat: str) -> BetLog:
    from game.lupusburg.rules.state import BetLog

    bet = state.bets[seat]
    return BetLog(bet.day, bet.target)
