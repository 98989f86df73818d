"""Action logs, replay and undo: a game is rebuilt, never patched.

A game is a pure function of ``(title, config, seed, actions)``, so the log of actions is all a
save, a bug report, a golden playthrough or a tutorial script needs. :class:`Match` is one game
in play: the inputs it started from, its current state and its log. Undo rebuilds the state from
the log minus its last actions instead of reversing them, which keeps titles free of undo code and
rewinds the RNG exactly.

Undo follows the rule "moves that reveal information end undo": a seat may take back its own
trailing actions up to (not including) the last one that revealed something, i.e. that produced
an event with ``reveal=True``; another seat's action in between also ends it. Whether an action
revealed is recomputed on replay, never read from a file, so a save cannot grant an undo.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
import secrets
from typing import Any
from collections.abc import Callable, Iterable, Iterator, Mapping

from game.engine.api import (
    JSON, Action, Event, GameState, IllegalAction, Seat, action_from_json, action_to_json, get_title,
    reveals,
)
from game.engine.rng import new_seed


class ActionLog:
    """The actions of one game in the order they were applied (each names its seat)."""

    def __init__(self, actions: Iterable[Action] = ()):
        self._actions: list[Action] = list(actions)

    def append(self, action: Action) -> None:
        self._actions.append(action)

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionLog):
            return NotImplemented
        return self._actions == other._actions

    def __repr__(self) -> str:
        return f"ActionLog({self._actions!r})"

    def to_json(self) -> list[dict[str, JSON]]:
        """One JSON object per action (see :func:`game.engine.api.action_to_json`)."""
        return [action_to_json(a) for a in self._actions]

    @classmethod
    def from_json(cls, data: JSON) -> ActionLog:
        """The log :meth:`to_json` wrote; ValueError naming the first bad entry (1-based)."""
        if not isinstance(data, list):
            raise ValueError("the list of moves is not a list")
        actions = []
        for i, item in enumerate(data, start=1):
            try:
                actions.append(action_from_json(item))
            except ValueError as exc:
                raise ValueError(f"move {i}: {exc}") from None
        return cls(actions)


class ReplayError(ValueError):
    """An action of a log that the rules refuse when the log is replayed (the log was made by other
    rules, or edited): which one, and the rules' sentence."""

    def __init__(self, index: int, action: Action, sentence: str):
        self.index = index
        self.action = action
        self.sentence = sentence
        super().__init__(f"move {index + 1} ({describe_action(action)}) is not legal on replay: {sentence}")


def describe_action(action: Action) -> str:
    """``north: example.bid card=7``, for messages and logs."""
    fields = {k: v for k, v in action_to_json(action).items() if k not in ("type", "seat")}
    details = " ".join(f"{k}={json.dumps(v)}" for k, v in fields.items())
    return f"{action.seat}: {action.action_type}" + (f" {details}" if details else "")


def check_json_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of ``config`` after checking it survives JSON unchanged: a save stores it as
    JSON and replay must hand the title exactly the same input (a tuple would come back a list)."""
    if not isinstance(config, Mapping):
        raise TypeError(f"a game's config must be a mapping, not {type(config).__name__}")
    try:
        again = json.loads(json.dumps(config))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"a game's config must be plain JSON data: {exc}") from None
    if again != config or not _same_json_types(again, config):
        raise ValueError("a game's config must be plain JSON data (dicts with text keys, lists, "
                         "text, numbers, true/false, null)")
    return again


def _same_json_types(a: Any, b: Any) -> bool:
    """Whether ``b`` matches the JSON value ``a`` in kind too: 1 == 1.0 == True in Python, but they
    would replay differently once a title checks types. Dict and list subclasses (YAML content's
    line-aware ones) are fine."""
    if isinstance(a, dict):
        return isinstance(b, Mapping) and all(_same_json_types(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and all(_same_json_types(x, y) for x, y in zip(a, b))
    return type(a) is type(b)


Listener = Callable[["Match"], None]

GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
"""A game id names files (the autosave slot), so it is kept to letters, digits, '-' and '_'."""


class Match:
    """One game in play: ``title``, ``config``, ``seed`` and ``game_id`` (fixed for its life), the
    current ``state`` and the ``log`` of applied actions.

    Drive it with :meth:`apply` rather than ``state.apply`` so the log, the undo points and the
    listeners (an :class:`game.engine.saves.Autosaver`, a UI) stay in step. Listeners are called
    after every applied action and undo; they must not raise, since the change has already happened.

    Creating one raises :class:`game.engine.api.UnknownTitle` for an unknown title, and ValueError
    (or TypeError) for a config, seed or game id that cannot be used.
    """

    def __init__(self, title: str, config: Mapping[str, Any], seed: int | None = None, *,
                 game_id: str | None = None):
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise ValueError(f"a seed must be a whole number of at least 0, not {seed!r}")
        if game_id is not None and not (isinstance(game_id, str) and GAME_ID.match(game_id)):
            raise ValueError(f"a game id must be 1-64 letters, digits, '-' or '_', not {game_id!r}")
        self.title = title
        self.config = check_json_config(config)
        self.seed = new_seed() if seed is None else seed
        self.game_id = game_id if game_id is not None else new_game_id()
        # The title gets its own copy: a title that mutated its config must not alter the save.
        self.state: GameState = get_title(title).new_game(copy.deepcopy(self.config), self.seed)
        self.log = ActionLog()
        self._reveals: list[bool] = []
        self.listeners: list[Listener] = []

    @classmethod
    def replay(cls, title: str, config: Mapping[str, Any], seed: int, actions: Iterable[Action], *,
               game_id: str | None = None) -> Match:
        """The match reached by applying ``actions`` to a new game; :class:`ReplayError` if one is
        refused. Listeners are not called while replaying."""
        match = cls(title, config, seed, game_id=game_id)
        match.fast_forward(actions)
        return match

    def fast_forward(self, actions: Iterable[Action]) -> None:
        """Apply logged (or scripted) actions without telling the listeners; :class:`ReplayError`
        names the first refused one, and the actions before it stay applied."""
        for action in actions:
            try:
                self._apply(action)
            except IllegalAction as exc:
                raise ReplayError(len(self.log), action, exc.sentence) from None

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``, log it and tell the listeners. IllegalAction leaves all unchanged."""
        events = self._apply(action)
        self._notify()
        return events

    def undoable(self, seat: Seat) -> int:
        """How many of the last actions ``seat`` may take back: its own trailing actions after the
        last reveal and after the last action of any other seat."""
        count = 0
        for action, revealed in zip(reversed(self.log), reversed(self._reveals)):
            if action.seat != seat or revealed:
                break
            count += 1
        return count

    def undo(self, seat: Seat, steps: int = 1) -> None:
        """Take back ``seat``'s last ``steps`` actions. Raises IllegalAction (nothing changes) when
        fewer than ``steps`` may be taken back."""
        if steps < 1:
            raise ValueError(f"undo needs at least one step, got {steps}")
        allowed = self.undoable(seat)
        if allowed == 0:
            if not any(a.seat == seat for a in self.log):
                raise IllegalAction("engine_refusal.undo.nothing")
            if self.log[-1].seat == seat:
                raise IllegalAction("engine_refusal.undo.revealed")
            raise IllegalAction("engine_refusal.undo.other_moved")
        if steps > allowed:
            raise IllegalAction("engine_refusal.undo.only_last", allowed=allowed)
        self._rebuild(len(self.log) - steps)
        self._notify()

    def undo_to_last_reveal(self, seat: Seat) -> int:
        """Take back every action ``seat`` may (see :meth:`undoable`); how many were taken back."""
        count = self.undoable(seat)
        if count:
            self.undo(seat, count)
        return count

    # ------------------------------------------------------------------------------ inside

    def _apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        self.log.append(action)
        self._reveals.append(reveals(events))
        return events

    def _rebuild(self, keep: int) -> None:
        """Replay the first ``keep`` actions into a fresh state, then adopt it."""
        again = Match.replay(self.title, self.config, self.seed, list(self.log)[:keep],
                             game_id=self.game_id)
        self.state, self.log, self._reveals = again.state, again.log, again._reveals

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)


def new_game_id() -> str:
    """A file-name-safe id for a new game: when it started (UTC) and 8 random hex digits."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(4)}"


def replay(title: str, config: Mapping[str, Any], seed: int, actions: Iterable[Action]) -> GameState:
    """The state reached by applying ``actions`` to ``new_game(config, seed)`` of ``title``."""
    return Match.replay(title, config, seed, actions).state


def undo_to_last_reveal(title: str, config: Mapping[str, Any], seed: int, actions: Iterable[Action],
                        seat: Seat) -> tuple[GameState, list[Action]]:
    """For a bare log: the state and actions left once ``seat`` takes back all it may."""
    match = Match.replay(title, config, seed, actions)
    match.undo_to_last_reveal(seat)
    return match.state, list(match.log)
