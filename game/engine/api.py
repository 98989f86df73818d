"""The rules API every title offers: a small, boring surface the UI, the bots, saves and replays
share without knowing which game they drive (after OpenSpiel and boardgame.io).

- :class:`GameState` is the protocol a title's state satisfies: who acts, what they may do,
  applying an action, per-seat views, the end and the result.
- :class:`Action` is the base of a title's moves: frozen dataclasses registered under a ``type``
  name so that a save can store them as JSON and rebuild them (:func:`action_to_json`,
  :func:`action_from_json`). An action names the seat that makes it, which is what lets several
  seats plan at once.
- :class:`Event` is what an applied action tells the seats, each seeing only what it may
  (:meth:`Event.for_seat`). An event with ``reveal=True`` marks its action as one that revealed
  information, which ends undo. What a new game's set-up told (tiles shuffled, pieces placed) a
  state may keep in ``opening`` (:func:`opening_events`): the first events of the game's log.
- The title registry maps a name (stored in every save) to an object with
  ``new_game(config, seed)``, so that saves and replays can rebuild any title.

Nothing here imports pygame: the rules are pure and run headless.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import types
from dataclasses import dataclass, field
from typing import (
    Any, ClassVar, Literal, Protocol, TypeVar, Union, get_args,
    get_origin, get_type_hints, runtime_checkable,
)
from collections.abc import Callable, Mapping, Sequence

Seat = str
"""A seat's name as the title spells it (``"gang"``, ``"zenigata"``, ``"north"`` ...)."""

TABLE: Seat = "table"
"""The seat of nobody in particular: what is on the table for everyone (and any spectator) to see.
``view(TABLE)`` and ``event.for_seat(TABLE)`` hold public information only."""

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None (what :mod:`json` round-trips)."""


class Term(str):
    """A refusal's parameter that is itself a text key (a device's, a figure's name ...): it is
    translated into the reader's language before it is put into the sentence."""

    __slots__ = ()


class IllegalAction(ValueError):
    """An action the rules refuse, with a message key and its parameters (issue #12).

    ``IllegalAction("example.refuse.not_in_hand", card=7)``: the texts live in the i18n files
    (``data/i18n/<lang>/*.yaml``), so each player reads the refusal in their own language
    (:meth:`text`); :attr:`sentence` is the English text (logs, the command line, ``simulate``).
    A parameter that is a :class:`Term` is a text key translated in the same language; one that is
    a mapping of language to text (a name the content gives in both languages) is read in that
    language (English if it lacks it); one that is itself an IllegalAction is put in as its text.
    A ``key`` that is not in the i18n files is taken as the sentence itself (older code).

    Raising it promises that the state is exactly as it was before ``apply`` was called, so the UI
    can show the sentence and carry on.
    """

    def __init__(self, key: str, /, **params: Any):
        super().__init__(key)
        self.key = key
        self.params: dict[str, Any] = dict(params)

    def text(self, lang: str | None = None) -> str:
        """The refusal in ``lang`` (default: the current language)."""
        from game.engine import i18n

        tr = i18n.translator()
        if not tr.has(self.key):
            return self.key.format(**self.params) if self.params else self.key
        lang = lang or tr.lang
        values = {k: tr.t(v, lang) if isinstance(v, Term) else _in_language(v, lang) for k, v in self.params.items()}
        return tr.t(self.key, lang, **values)

    @property
    def sentence(self) -> str:
        """The refusal in English."""
        return self.text("en")

    def __str__(self) -> str:
        return self.sentence


def _in_language(value: Any, lang: str) -> Any:
    """A parameter given in both languages (``{"it": ..., "en": ...}``) in ``lang``, a refusal within
    a refusal in ``lang`` too; others as they are."""
    if isinstance(value, IllegalAction):
        return value.text(lang)
    if isinstance(value, Mapping):
        return value.get(lang, value.get("en"))
    return value


def require(condition: bool, key: str, /, **params: Any) -> None:
    """Raise :class:`IllegalAction` with ``key`` and ``params`` unless ``condition`` holds.

    Titles check every condition this way *before* changing anything, which is the simplest way to
    keep the promise that a refused action leaves the state untouched.
    """
    if not condition:
        raise IllegalAction(key, **params)


# --------------------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Action:
    """Base of every move. Subclasses are frozen dataclasses registered with
    :func:`register_action`; their fields may be ``str``, ``int``, ``float``, ``bool``,
    ``Literal[...]``, tuples (``tuple[X, ...]`` or fixed), NamedTuples such as
    :class:`game.engine.grid.Sq`, and ``X | None`` of those, so that every action is hashable,
    comparable and survives JSON unchanged.
    """

    seat: Seat
    action_type: ClassVar[str] = ""


A = TypeVar("A", bound=type[Action])

_ACTIONS: dict[str, type[Action]] = {}
_ACTION_NAME = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")


def register_action(name: str) -> Callable[[A], A]:
    """Class decorator: register a frozen Action dataclass under the JSON ``type`` ``name``.

    Names are prefixed with the title (``"example.bid"``) because the registry is shared by all
    titles. The field types are checked here, at import, so that an action that could not be saved
    fails when the code is loaded rather than when a player saves.
    """
    if not _ACTION_NAME.match(name):
        raise ValueError(f"action type name {name!r} must be dotted lower-case words, like 'example.bid'")

    def deco(cls: A) -> A:
        if not (isinstance(cls, type) and issubclass(cls, Action)):
            raise TypeError(f"{cls!r} must be a subclass of Action to be registered as {name!r}")
        params = getattr(cls, "__dataclass_params__", None)
        if "__dataclass_fields__" not in cls.__dict__ or params is None or not params.frozen:
            raise TypeError(f"{cls.__qualname__} must be decorated with @dataclass(frozen=True) "
                            "(below @register_action) so that actions are immutable")
        existing = _ACTIONS.get(name)
        if existing is not None and (existing.__module__, existing.__qualname__) != (
                cls.__module__, cls.__qualname__):
            raise ValueError(f"action type {name!r} is already taken by "
                             f"{existing.__module__}.{existing.__qualname__}")
        hints = get_type_hints(cls)
        for f in dataclasses.fields(cls):
            if not _supported(hints[f.name]):
                raise TypeError(f"{cls.__qualname__}.{f.name}: type {hints[f.name]!r} cannot be "
                                "stored in a save; use str, int, float, bool, Literal, tuples or NamedTuples")
        cls.action_type = name
        _ACTIONS[name] = cls
        return cls

    return deco


def action_types() -> dict[str, type[Action]]:
    """A copy of the registry: type name -> Action class."""
    return dict(_ACTIONS)


def action_to_json(action: Action) -> dict[str, JSON]:
    """``{"type": ..., "seat": ..., <fields>}`` with tuples written as lists."""
    cls = type(action)
    if _ACTIONS.get(cls.action_type) is not cls:
        raise TypeError(f"{cls.__qualname__} is not a registered action (use @register_action)")
    out: dict[str, JSON] = {"type": cls.action_type}
    for f in dataclasses.fields(action):
        out[f.name] = _encode(getattr(action, f.name))
    return out


def action_from_json(data: JSON) -> Action:
    """Rebuild an action from :func:`action_to_json`'s output.

    Raises ValueError with a sentence naming the problem (unknown type, a missing, extra or
    mistyped field), because the data usually comes from a file that may have been damaged.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a move must be a JSON object, not {_json_kind(data)}")
    name = data.get("type")
    if not isinstance(name, str):
        raise ValueError("a move has no 'type' naming what kind of move it is")
    cls = _ACTIONS.get(name)
    if cls is None:
        raise ValueError(f"unknown kind of move {name!r}")
    hints = get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    extra = sorted(set(data) - set(names) - {"type"})
    if extra:
        raise ValueError(f"the move {name!r} has unexpected field(s): {', '.join(extra)}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ValueError(f"the move {name!r} lacks its field {f.name!r}")
            continue
        kwargs[f.name] = _decode(data[f.name], hints[f.name], f"{name}.{f.name}")
    return cls(**kwargs)


_HINTS: dict[type, dict[str, Any]] = {}   # an action class's field types, read once


def check_action(action: Any) -> None:
    """Refuse, with :class:`IllegalAction` and a sentence, anything that is not a registered action
    whose every field has the type its class declares (a number where a text is due, None, a list
    for a tuple...). A title calls it first thing in ``apply``, so that a badly built action (from a
    damaged file, a script, a bug) is refused like any illegal move instead of failing deep in the
    rules with a TypeError, and the state stays exactly as it was."""
    cls = type(action)
    if not isinstance(action, Action) or _ACTIONS.get(cls.action_type) is not cls:
        raise IllegalAction("engine_refusal.not_a_move", kind=_kind_words(action))
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = get_type_hints(cls)
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if not _has_type(value, hints[f.name]):
            raise IllegalAction("engine_refusal.wrong_field", move=repr(cls.action_type), field=repr(f.name),
                                should=_type_words_in(hints[f.name]), kind=_kind_words(value))


def _has_type(value: Any, tp: Any) -> bool:
    """Whether the Python value ``value`` (as an action holds it: tuples, NamedTuples) has type ``tp``."""
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    origin = get_origin(tp)
    if origin is Literal:
        return any(type(arg) is type(value) and arg == value for arg in get_args(tp))
    if origin in (Union, types.UnionType):
        return any(_has_type(value, arg) for arg in get_args(tp))
    if _is_namedtuple(tp):
        hints = get_type_hints(tp)
        return isinstance(value, tp) and all(_has_type(v, hints[n]) for v, n in zip(value, tp._fields))
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_has_type(v, args[0]) for v in value)
        return len(value) == len(args) and all(_has_type(v, a) for v, a in zip(value, args))
    return False


def _is_namedtuple(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields")


def _supported(tp: Any) -> bool:
    if tp in (str, int, float, bool, type(None)):
        return True
    origin = get_origin(tp)
    if origin is Literal:
        return all(isinstance(a, (str, int, bool)) or a is None for a in get_args(tp))
    if origin in (Union, types.UnionType):
        return all(_supported(a) for a in get_args(tp))
    if origin is tuple:
        return all(a is Ellipsis or _supported(a) for a in get_args(tp))
    if _is_namedtuple(tp):
        return all(_supported(h) for h in get_type_hints(tp).values())
    return False


def _encode(value: Any) -> JSON:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _json_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return repr(value)


_WORD_KEYS: dict[Any, str] = {str: "text", int: "whole", float: "number", bool: "bool", type(None): "null"}


def _words(lang: str) -> Callable[..., str]:
    """The words that say what a value or a type is, in ``lang`` (``engine_refusal.words.*``)."""
    from game.engine import i18n

    return lambda name, **values: i18n.t(f"engine_refusal.words.{name}", lang, **values)


def _kind_words(value: Any) -> dict[str, str]:
    """What ``value`` is, in both languages (a refusal's parameter: see :meth:`IllegalAction.text`)."""
    kind = "object" if isinstance(value, dict) else "list" if isinstance(value, (list, tuple)) else None
    return {lang: _words(lang)(kind) if kind else repr(value) for lang in ("en", "it")}


def _type_words_in(tp: Any) -> dict[str, str]:
    """:func:`_type_words` in both languages."""
    return {lang: _type_words(tp, _words(lang)) for lang in ("en", "it")}


def _decode(value: JSON, tp: Any, where: str) -> Any:
    """Check ``value`` against the field type ``tp`` and convert lists back to tuples."""
    if tp is type(None):
        if value is None:
            return None
    elif tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
    elif get_origin(tp) is Literal:
        for arg in get_args(tp):
            if type(arg) is type(value) and arg == value:
                return value
    elif get_origin(tp) in (Union, types.UnionType):
        for arg in get_args(tp):
            try:
                return _decode(value, arg, where)
            except ValueError:
                continue
    elif _is_namedtuple(tp):
        hints = get_type_hints(tp)
        if isinstance(value, list) and len(value) == len(tp._fields):
            return tp(*(_decode(v, hints[n], f"{where}.{n}") for v, n in zip(value, tp._fields)))
    elif get_origin(tp) is tuple:
        args = get_args(tp)
        if isinstance(value, list):
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(_decode(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
            if len(value) == len(args):
                return tuple(_decode(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args)))
    raise ValueError(f"{where} should be {_type_words(tp)}, not {_json_kind(value)}")


def _type_words(tp: Any, words: Callable[..., str] | None = None) -> str:
    word = words or _words("en")
    if tp in _WORD_KEYS:
        return word(_WORD_KEYS[tp])
    origin = get_origin(tp)
    if origin is Literal:
        return word("one_of", values=", ".join(repr(a) for a in get_args(tp)))
    if origin in (Union, types.UnionType):
        return word("or").join(_type_words(a, word) for a in get_args(tp))
    if _is_namedtuple(tp):
        return word("list_of", n=len(tp._fields), fields=", ".join(tp._fields))
    return word("list")


# ---------------------------------------------------------------------------------------- events

@dataclass(frozen=True)
class Event:
    """Something that happened, told to the seats that may know it.

    ``kind`` names it for the UI (a text key, an animation); ``data`` holds its details as JSON-like
    values. ``audience`` lists the seats that see it in full (``None``: everybody, the table
    included); everyone else sees ``redacted`` instead (e.g. "north placed a card face down"
    for "north placed the 7"), or nothing when it is ``None``. ``reveal=True`` marks the action
    that produced it as one that revealed information (a die, a draw, a flipped tile, a card shown):
    undo cannot go back past it. Treat ``data`` as read-only.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[Seat] | None = None
    redacted: Event | None = None
    reveal: bool = False

    def __post_init__(self) -> None:
        if self.audience is not None and not isinstance(self.audience, frozenset):
            if isinstance(self.audience, str):
                raise TypeError("Event.audience takes a collection of seats, not one seat's name")
            object.__setattr__(self, "audience", frozenset(self.audience))

    def for_seat(self, seat: Seat) -> Event | None:
        """The version of this event that ``seat`` may see, or None if it sees nothing at all."""
        if self.audience is None or seat in self.audience:
            return self
        return self.redacted.for_seat(seat) if self.redacted is not None else None


def with_defaults(config: Any, defaults: Mapping[str, Any], game: str) -> dict[str, Any]:
    """A title's settings with its defaults filled in; ValueError with a sentence when ``config`` is
    not a mapping or names a setting the game does not have (each title then checks the values)."""
    if not isinstance(config, Mapping):
        raise ValueError(f"the settings of {game} must be a mapping")
    unknown = sorted(map(str, set(config) - set(defaults)))
    if unknown:
        raise ValueError(f"unknown setting(s) {', '.join(unknown)} for {game}; expected {', '.join(defaults)}")
    return {**defaults, **config}


def events_for_seat(events: Sequence[Event], seat: Seat) -> list[Event]:
    """The events ``seat`` may see, redacted for it, in order."""
    seen = (e.for_seat(seat) for e in events)
    return [e for e in seen if e is not None]


def opening_events(state: Any) -> list[Event]:
    """The events of ``state``'s game before its first action: what ``new_game`` told (the tiles
    shuffled, the pieces placed, the cards dealt), which a state may keep in its ``opening`` (a
    sequence of events, each with its audience and redaction like any other); none when it keeps
    none. They stand first in the game's log, before the first action's events."""
    return list(getattr(state, "opening", None) or ())


def reveals(events: Sequence[Event]) -> bool:
    """Whether an action that produced ``events`` revealed information (and so ends undo)."""
    return any(e.reveal for e in events)


# ------------------------------------------------------------------------------------ the state

@dataclass(frozen=True)
class Result:
    """How a finished game ended. ``winners`` is empty for a draw or a game everybody lost;
    ``reason`` is a short text (or text key) the end screen shows; ``scores`` is optional."""

    winners: tuple[Seat, ...]
    reason: str = ""
    scores: Mapping[Seat, float] = field(default_factory=dict)


@runtime_checkable
class GameState(Protocol):
    """What every title's state offers. A game is a pure function of ``(config, seed, actions)``:
    all chance comes from the state's own seeded RNG (:class:`game.engine.rng.Rng`).

    States should compare equal by value (a dataclass does), which replay and tests rely on.

    Optional: ``opening``, the events of the set-up ``new_game`` made (see :func:`opening_events`),
    kept unchanged for the rest of the game (compared or not, they are the same for the same config
    and seed).
    """

    def to_act(self) -> Sequence[Seat]:
        """The seats that may act now, in a stable order; several during simultaneous planning,
        none once the game is over."""
        ...

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now, in a stable order (empty if it may not act)."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` (made by ``action.seat``) and tell what happened.

        Raises :class:`IllegalAction` with a player-readable sentence, and then the state is
        exactly as before the call.
        """
        ...

    def view(self, seat: Seat) -> Any:
        """Everything ``seat`` may know and nothing more, as a fresh value that compares with ``==``
        and shares nothing mutable with the state. ``view(TABLE)`` is the public view."""
        ...

    def is_over(self) -> bool:
        ...

    def result(self) -> Result | None:
        """The outcome once :meth:`is_over`; None before."""
        ...


# ---------------------------------------------------------------------------------------- titles

class Title(Protocol):
    """A published game as the engine sees it: something (usually a module) with ``new_game``."""

    def new_game(self, config: Mapping[str, Any], seed: int) -> GameState:
        """A fresh game. ``config`` is JSON data (episode, seats, difficulty, variants); a bad
        config raises ValueError with a sentence."""
        ...


class UnknownTitle(LookupError):
    """A title name that no code in this version of the game provides (e.g. from a save)."""

    def __init__(self, name: str):
        super().__init__(f"this version of Heist Table has no game called {name!r}")
        self.name = name


_TITLES: dict[str, Title] = {}
# Titles imported only when first asked for, so that loading the engine does not load every game
# (besides these, each title of the one list, game.titles.TITLES, by its spec's ``rules``).
_TITLE_MODULES: dict[str, str] = {}
_TITLE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def register_title(name: str, title: Title | str) -> None:
    """Make ``title`` available as ``name``: an object with ``new_game`` or a module path to
    import on first use. Titles not registered here are those of the one list of titles
    (:mod:`game.engine.titles`), or looked for in ``game.<name>.rules``."""
    if not _TITLE_NAME.match(name):
        raise ValueError(f"title name {name!r} must be a lower-case word (letters, digits, _)")
    if isinstance(title, str):
        _TITLE_MODULES[name] = title
        _TITLES.pop(name, None)
    else:
        if not callable(getattr(title, "new_game", None)):
            raise TypeError(f"title {name!r} must provide new_game(config, seed)")
        _TITLES[name] = title


def _listed_rules(name: str) -> str | None:
    """The rules module the spec of title ``name`` names (None if no listed title is so called)."""
    from game.engine import titles

    try:
        return titles.title(name).rules
    except KeyError:
        return None


def get_title(name: str) -> Title:
    """The title called ``name``; raises :class:`UnknownTitle` if this version has none."""
    if not isinstance(name, str) or not _TITLE_NAME.match(name):
        raise UnknownTitle(str(name))
    if name in _TITLES:
        return _TITLES[name]
    module_name = _TITLE_MODULES.get(name) or _listed_rules(name) or f"game.{name}.rules"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only a missing title is "unknown"; a title whose own imports fail is a bug to show.
        if exc.name is not None and (module_name == exc.name or module_name.startswith(exc.name + ".")):
            raise UnknownTitle(name) from None
        raise
    if name not in _TITLES:  # the module may have registered a title object of its own
        if not callable(getattr(module, "new_game", None)):
            raise UnknownTitle(name)
        _TITLES[name] = module  # type: ignore[assignment]  # a module with new_game is a Title
    return _TITLES[name]
