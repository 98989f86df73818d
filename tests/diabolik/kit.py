"""Hand-made tables for the Diabolik rules tests: a state built piece by piece (positions 0..7 in
the order of LOCATION_IDS, so Clerville is 5) and an RNG whose dice are written in advance."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


from game.engine.api import IllegalAction
from game.engine.rng import Rng
from game.diabolik.rules import LOCATION_IDS, Config, DiabolikState, Pawn
from tests.refusals import assert_refused


class ScriptedRng(Rng):
    """Dice written in advance: ``below(n)`` returns the next number of the script (it must be < n).
    Running out of the script fails the test (a die the test did not expect was rolled)."""

    def __init__(self, script: Iterable[int] = ()):
        super().__init__(0)
        self.script = list(script)

    def below(self, n: int) -> int:
        if not self.script:
            raise AssertionError(f"an unexpected die was rolled (below({n})): the script is used up")
        value = self.script.pop(0)
        assert 0 <= value < n, f"scripted {value} for below({n})"
        return value


def d8(*faces: int) -> list[int]:
    """The script for station rolls given as faces 1..8."""
    return [f - 1 for f in faces]


def make_state(players: int = 2, *, hideout: int = 0, at: Mapping[str, Any] | None = None,
               police: Mapping[str, int] | None = None, loot: Iterable[int] = (), clues: Iterable[int] = (),
               loot_left: int = 2, clues_left: int = 2, roadblocks: Iterable[tuple[int, int]] = (),
               danger: int = 0, danger_max: int = 12, diabolika: bool = False, rolls: Iterable[int] = (),
               character: str = "diabolik", **more: Any) -> DiabolikState:
    """A state in the criminals' phase at round 1. ``at``: seat -> position, or (position,
    on_the_run[, carrying]). ``police`` defaults to everyone far away at 4 (Morrigan only with 2)."""
    cfg = Config(players=players, character=character if players == 1 else "diabolik", diabolika=diabolika)
    seats = cfg.seats()
    pawns = {}
    for seat in seats:
        where = (at or {}).get(seat, hideout)
        if isinstance(where, int):
            where = (where, False, 0)
        pos, run, *carry = where
        pawns[seat] = Pawn(pos, run, carry[0] if carry else 0)
    if police is None:
        police = {"ginko": 4, "morrigan": 4, "blue": 4, "yellow": 4}
    police = {w: p for w, p in police.items() if players == 2 or w != "morrigan"}
    return DiabolikState(config=cfg, rng=ScriptedRng(rolls), seats=seats, locations=LOCATION_IDS, hideout=hideout,
                         criminals=pawns, police=dict(police), loot=sorted(loot), clues=sorted(clues),
                         loot_left=loot_left, clues_left=clues_left, danger_max=danger_max, danger=danger,
                         roadblocks=list(roadblocks), **more)


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind.removeprefix("diabolik.") for e in events]


def of(events: Iterable[Any], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == f"diabolik.{kind}"]


def refused(state: DiabolikState, action: Any, key: str) -> IllegalAction:
    """``action`` is refused with ``key``, a sentence in both languages, and the state unchanged."""
    return assert_refused(state, action, key, "diabolik_refusal")


def station_table(**faces: Any) -> dict[int, Any]:
    """A station d8 for a test (the real one is designed data the balance work retunes): faces
    ``f1=("danger", 1)``, ``f2=("activate", ("agents",))``, ``f3="roadblock"``...; unnamed faces do nothing."""
    from game.diabolik.rules.data import StationResult

    table = {}
    for roll in range(1, 9):
        spec = faces.get(f"f{roll}", "nothing")
        effect, arg = (spec, None) if isinstance(spec, str) else spec
        table[roll] = StationResult(roll=roll, effect=effect, why="test",
                                    n=arg if effect == "danger" else 0,
                                    who=tuple(arg) if effect == "activate" else ())
    return table

