"""The seeded random number generator every game state owns, so that a game is a pure function of
``(config, seed, actions)`` and a save need not store any dice.

Every helper is built on ``random.Random.random()`` alone, on purpose: for an integer seed that is
the one sequence Python promises to keep the same across versions, while ``randrange``,
``shuffle`` and ``choice`` have changed their algorithms before. A save made today must replay to
the same game on a later Python.

The generator's state is secret information in a hidden-information game (it predicts every
future draw): views must never include it.
"""

from __future__ import annotations

import copy
import random
import secrets
from typing import Any, TypeVar
from collections.abc import Iterable, MutableSequence, Sequence

T = TypeVar("T")

_MT_WORDS = 625  # Mersenne Twister state: 624 words and a position
_Random = random.Random  # (inside Rng, ``random`` names its method)


def _copied(generator: random.Random) -> random.Random:
    """A generator at the same position (not ``Random()``: that seeds from the OS first)."""
    twin = _Random.__new__(_Random)
    twin.setstate(generator.getstate())
    return twin


def new_seed() -> int:
    """A fresh seed for a new game (63 bits, so it fits a signed 64-bit integer anywhere)."""
    return secrets.randbits(63)


class Rng:
    """A seeded source of chance: dice, shuffles, choices. Same seed, same sequence."""

    def __init__(self, seed: int):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a seed must be a whole number, not {seed!r}")
        if seed < 0:
            # random.Random treats -n like n; refusing negatives keeps "different seed, different game".
            raise ValueError(f"a seed must not be negative, got {seed}")
        self._random = random.Random(seed)
        self._shared = False  # a fork may still draw from the same generator

    # ------------------------------------------------------------------------------ draws

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._own().random()

    def below(self, n: int) -> int:
        """A whole number in ``range(n)``, each equally likely (the bias of scaling a 53-bit float
        is below one in 2**40 for any n a board game needs)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"below(n) needs a whole number n >= 1, got {n!r}")
        return min(int(self._own().random() * n), n - 1)

    def randint(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        if high < low:
            raise ValueError(f"randint({low}, {high}): the range is empty")
        return low + self.below(high - low + 1)

    def d6(self) -> int:
        """One six-sided die."""
        return 1 + self.below(6)

    def roll(self, n: int, sides: int = 6) -> list[int]:
        """``n`` dice of ``sides`` sides, in the order they were rolled."""
        if n < 0:
            raise ValueError(f"cannot roll {n} dice")
        return [1 + self.below(sides) for _ in range(n)]

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates), like ``random.shuffle``."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A new shuffled list of ``items``, leaving them untouched (handy for tuples in states)."""
        out = list(items)
        self.shuffle(out)
        return out

    # ------------------------------------------------------------------------------ state

    def get_state(self) -> dict[str, Any]:
        """The generator's exact position as JSON-safe data (see :meth:`set_state`)."""
        version, internal, gauss_next = self._random.getstate()
        return {"version": version, "internal": list(internal), "gauss_next": gauss_next}

    def set_state(self, data: Any) -> None:
        """Continue from a position saved by :meth:`get_state`; ValueError if it is not one."""
        try:
            version = data["version"]
            internal = data["internal"]
            gauss_next = data["gauss_next"]
        except (TypeError, KeyError):
            raise ValueError("an RNG state needs 'version', 'internal' and 'gauss_next'") from None
        if (not isinstance(internal, list) or len(internal) != _MT_WORDS
                or not all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w < 2**32
                           for w in internal)):
            raise ValueError(f"an RNG state's 'internal' must be {_MT_WORDS} 32-bit whole numbers")
        if gauss_next is not None and not isinstance(gauss_next, float):
            raise ValueError("an RNG state's 'gauss_next' must be a number or null")
        try:
            self._own().setstate((version, tuple(internal), gauss_next))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"not a usable RNG state: {exc}") from None

    @classmethod
    def from_state(cls, data: Any) -> Rng:
        """A generator positioned where :meth:`get_state` left another one."""
        rng = cls(0)
        rng.set_state(data)
        return rng

    def fork(self) -> Rng:
        """A twin at the same position for a what-if, that costs nothing until one of the two
        draws: the one that draws first takes its own copy of the generator (searching bots fork
        states by the thousand and most forks never draw)."""
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__.update(self.__dict__)
        self._shared = twin._shared = True
        return twin

    def _own(self) -> _Random:
        """The generator, first copied if a twin may still share it."""
        if self._shared:
            self._random = _copied(self._random)
            self._shared = False
        return self._random

    def __deepcopy__(self, memo: dict[int, Any]) -> Rng:
        """A copy at the same position (through the generator's own state, about four times faster
        than the generic deep copy: searching bots copy states by the thousand). A subclass's own
        attributes are deep-copied as usual."""
        twin = self.__class__.__new__(self.__class__)
        memo[id(self)] = twin
        for name, value in self.__dict__.items():
            if name == "_random":
                twin.__dict__[name] = _copied(value)
            elif name == "_shared":
                twin.__dict__[name] = False
            else:
                twin.__dict__[name] = copy.deepcopy(value, memo)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self._random.getstate() == other._random.getstate()

    __hash__ = None  # type: ignore[assignment]  # mutable: equal now, different after a draw

    def __repr__(self) -> str:
        # Never print the state: a log line must not leak the next card.
        return f"<Rng at {id(self):#x}>"
