"""Where Lupin's other rule modules plug into the round engine: action handlers, legal actions per
phase and the hooks (typed :class:`Hook` objects, listed below). ``game.lupin.rules.state`` re-exports
the registration functions.
"""

from __future__ import annotations

from typing import Any, Callable, Concatenate, Generic, Iterator, ParamSpec, TypeVar

from game.engine.api import Event, IllegalAction
from game.engine.grid import Sq

# Other rule modules (planning.py, devices, cards) plug in here: a handler per action type they
# define, called as handler(state, action, events) like the _do_* methods below, and extra legal
# actions per phase, called as provider(state, seat) and added to what this module offers.
ACTION_HANDLERS: dict[type, Any] = {}
PHASE_ACTIONS: dict[str, list[Any]] = {}


def register_handler(action_type: type):
    def deco(fn):
        ACTION_HANDLERS[action_type] = fn
        return fn
    return deco


def register_phase_actions(phase: str):
    def deco(fn):
        PHASE_ACTIONS.setdefault(phase, []).append(fn)
        return fn
    return deco


# ------------------------------------------------------------------------------------ the hooks

P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    """A fixed point of the round where other rule modules (the vehicles, the devices, the mission
    cards) plug in: ``@HOOK.register`` adds ``fn(state, *args) -> R``; the round engine calls
    ``HOOK(state, *args)``, which calls every function in the order they were registered and gives
    their answers as a list (an episode's own rules are not hooks: episode.py)."""

    def __init__(self, name: str, doc: str):
        self.name = name
        self.__doc__ = doc
        self.fns: list[Callable[Concatenate[Any, P], R]] = []

    def register(self, fn: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
        self.fns.append(fn)
        return fn

    def __call__(self, state: Any, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [fn(state, *args, **kwargs) for fn in self.fns]

    def __iter__(self) -> Iterator[Callable[Concatenate[Any, P], R]]:
        return iter(self.fns)

    def __repr__(self) -> str:
        return f"Hook({self.name!r})"


# the vehicles and devices (vehicles.py, devices.py), and the mission cards (cards/)
GANG_PHASE: Hook[[list[Event]], None] = Hook(
    "gang_phase", "A gang phase begins (vehicles bought are put on the board).")
MOVED: Hook[[str, Any, Any, list[Event]], None] = Hook(
    "moved", "(who, frm, to, ev): a figure or a police car has moved (traps; a rider walks off); frm None: "
    "an agent got out of a police car.")
SETTLE: Hook[[list[Event]], None] = Hook("settle", "After every action (vehicles spotted or set aside).")
OCCUPIED: Hook[[], dict[Any, str]] = Hook("occupied", "More pieces everybody sees on the board: {square: id}.")
VEHICLES: Hook[[], list[Sq]] = Hook("vehicles", "More vehicles that block sight.")
TALK: Hook[[str, str], bool] = Hook("talk", "(a, b): partners who may talk though not next to each other (a radio).")
SHOOT_TARGETS: Hook[[str], list[str]] = Hook("shoot_targets", "(fid): more targets a figure may shoot at.")
SHOOT: Hook[[Any, list[Event]], bool] = Hook(
    "shoot", "(action, ev): True when it resolved a shot at one of those targets.")
MAY_SHOOT: Hook[[str], bool] = Hook("may_shoot", "(fid): False: the figure cannot shoot now (mission cards).")
ATTACKABLE: Hook[[str, str], bool] = Hook(
    "attackable", "(fid, tid): False: police figure fid may not attack member tid now.")
UNSEEN: Hook[[str], bool] = Hook("unseen", "(fid): True: the member stays unseen though in a line of fire.")
ALLOWANCE: Hook[[str, int], int] = Hook(
    "allowance", "(fid, squares): the movement this round, changed (mission cards).")
GANG_MOVES: Hook[[str, list[Any]], list[Any]] = Hook(
    "gang_moves", "(fid, out): a member's move squares, narrowed by forced mission cards (LupinState.narrowed).")
GANG_ATTACKS: Hook[[str, list[str]], list[str]] = Hook(
    "gang_attacks", "(fid, out): a member's attack targets, narrowed by forced mission cards.")
# a member hidden inside a police agent (cards/base.py, *Travestimento perfetto*)
WAITING: Hook[[], list[str]] = Hook(
    "waiting", "Seats that must answer before anybody else acts (a forced reveal).")
REFUSE: Hook[[Any], IllegalAction | None] = Hook(
    "refuse", "(action): the refusal of an action the rules do not allow now, or None.")
MEMBER_ACTIONS: Hook[[str, str], list[Any] | None] = Hook(
    "member_actions", "(seat, c): replaces a member's own actions (None: as usual).")
POLICE_ATTACK: Hook[[Any, list[Event]], bool] = Hook(
    "police_attack", "(action, ev): True: a police Shoot/Melee was resolved otherwise.")
STRIKE: Hook[[str, str, list[Event]], bool] = Hook(
    "strike", "(attacker, defender, ev): True: no blow is struck (a counter-attack).")
ELIMINATING: Hook[[str, str | None, list[Event]], bool] = Hook(
    "eliminating", "(fid, by, ev): True: the figure was not eliminated as usual.")
HOLDING: Hook[[str, list[Event]], bool] = Hook(
    "holding", "(agent, ev): True: this agent cannot hold a prisoner (pick another).")
# the expansion's cards and devices (cards/expansion.py, vehicles.py)
DRAWN: Hook[[str, str, bool, list[Event] | None], bool] = Hook(
    "drawn", "(c, card, at_start, ev|None): True: the card was dealt with (void, played).")
ALL_SHOWN: Hook[[], bool] = Hook("all_shown", "True: every gang member is on the board now (floodlights).")
MAY_TAKE: Hook[[str], bool] = Hook("may_take", "(c): False: the member may not take the treasure (he renounced it).")
WINNERS: Hook[[tuple[str, ...], str], tuple[str, ...]] = Hook(
    "winners", "(winners, reason): the seats that win, changed (Fujiko with the police).")
SETUP: Hook[[], None] = Hook("setup", "After the set-up (the expansion's special cards dealt).")
LOYAL: Hook[[list[str]], list[str]] = Hook("loyal", "(members): the members playing for the gang, changed.")
TREASURE_PHASE: Hook[[list[Event]], None] = Hook("treasure_phase", "Phase 4 begins (a tank lorry pumps).")
