"""The table session: one game at one table, without pygame (issue #12).

A :class:`TableSession` drives a :class:`game.engine.replay.Match` for a screen (or, later, for
several): it knows which seat is on screen and which acts, when the hot-seat curtain must fall, what
each seat is held back until its curtain lifts, what a seat missed since its last turn, which seats
the computer plays and when, and what the seat on screen may take back. It speaks only in seats,
views, events-for-a-seat and actions, and decides no rule: the rules say who may act and what is
legal; the session says *who sits at the screen*.

How a screen uses it (``game/ui/scenes/table.py`` is the shell's; a title's own scene may do the
same)::

    session = TableSession(match, curtain="seats", computer={"south": bot})
    step = session.advance()             # after building, and after every move
    if step.kind == "curtain":           # draw the curtain for step.seat; on its click:
        step = session.lift(step.seat)   #   "held": show step.held first, then lift again
    session.view()                       # what may be drawn: the seat on screen's view (or the table's)
    session.legal()                      # what the seat on screen may do now
    played = session.submit(action)      # IllegalAction: a sentence, nothing changed
    played = session.tick(dt, busy=...)  # a computer seat's move, after the pause

Seats:

* a *person* sits at this screen (the default);
* a *computer* seat has a bot, ``choose(view, legal_actions)``; it reads only its own seat's view
  and legal actions, plays after :data:`COMPUTER_PAUSE`, never while a curtain is down for a person
  or the screen says it is busy (an animation), and gets no curtain: the screen stays as it was;
* a seat at another screen (a network seat, not built) is another kind of driver: its ``choose``
  returns None until its player's move has arrived, and the session simply waits.

The bots' protocol (issue #14): a computer seat's bot thinks in a worker thread (:class:`Thought`,
with a copy of its seat's view and legal actions, never the state), so a hard bot's second of search
never freezes the window; the move is applied on the caller's (the UI's) thread by :meth:`tick` once
it is ready *and* the pause is over. :meth:`thinking` names the seat at work (the screen says so);
:meth:`set_fast` shortens the pause (a person's "Faster"). A bot with ``observe(view)`` is told its
seat's view at the start and after every action applied by anybody (:meth:`watch` adds other
observers, e.g. a screen's overlay of what a seat may infer); a game resumed from a save is replayed
into it first, so it knows the whole game. Undo: the observers are rebuilt (each bot from a copy
taken before its first observation, each watcher by ``reset()``) and the game so far replayed into
them, so a bot never keeps knowledge of a move taken back; a bot that cannot be copied makes the
session offer no undo. Those replays run in a worker thread too (:class:`CatchUp`; :meth:`catching`,
:meth:`poll`). Tests run the thoughts and replays synchronously (:data:`THREADED`).

Curtain policies (the title's :attr:`game.engine.titles.TitleSpec.curtain`): ``"none"`` (a
co-operative game: one screen for all, the acting seat is shown at once), ``"seats"`` (a curtain
between every two different seats, and before the first) or a function ``(state, from_seat,
to_seat) -> bool`` (``from_seat`` is :data:`TABLE` before the first seat is shown).

Held items (the per-seat reveal queue): after every move, each other person's seat gets the items
of the move's events it may know (redacted for it) that the title wants shown when its curtain next
lifts (by default its events with ``reveal=True``; a title with tiles: the tiles turned over). They are kept in
:meth:`save_meta` (the save's ``"ui"`` block) with each seat's count of seen events, so "since your
last turn" and the held items survive a Save-and-Resume (:func:`options_from_meta`).
"""

from __future__ import annotations

import copy
import json
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol
from collections.abc import Callable, Mapping, Sequence

from game.engine.api import TABLE, JSON, Action, Event, IllegalAction, Seat, events_for_seat, opening_events

COMPUTER_PAUSE = 0.6   # seconds between two moves of a computer seat, so people see them
FAST_PAUSE = 0.15      # ... when a person asks for "Faster"
THREADED = True        # bots think in a worker thread (the tests set False: the same moves, synchronously)

CurtainPolicy = Callable[[Any, Seat, Seat], bool]
HoldFn = Callable[[Sequence[Event], Seat, Any], list[JSON]]
EventLog = Callable[[Any], Sequence[Event]]


class Driver(Protocol):
    """A seat not played by a person at this screen: a bot, or (later) a seat at another screen,
    whose ``choose`` returns None while its move has not arrived."""

    def choose(self, view: Any, legal_actions: list[Action]) -> Action | None: ...


@dataclass(frozen=True)
class Step:
    """What the screen must do after :meth:`TableSession.advance` or :meth:`TableSession.lift`.

    ``kind``: ``"over"`` (the end: the table's view), ``"stay"`` (the same seat plays on),
    ``"computer"`` (a computer seat is to act: the screen stays as it is, :meth:`tick` plays),
    ``"waiting"`` (nobody at this screen may act), ``"curtain"`` (the curtain falls for ``seat``),
    ``"held"`` (``seat`` must first watch ``held``, then the screen calls :meth:`lift` again) or
    ``"shown"`` (``seat`` is on screen now)."""

    kind: str
    seat: Seat | None = None
    held: tuple[JSON, ...] = ()


@dataclass(frozen=True)
class Played:
    """One applied move, as the screen may know it: ``events`` redacted for the seat on screen
    (the table's when nobody is), ``public`` as the whole table may know them (what the speakers
    may say) and ``held`` the items the seat on screen watches now."""

    action: Action
    events: tuple[Event, ...]
    held: tuple[JSON, ...] = ()
    public: tuple[Event, ...] = ()


class Thought:
    """One bot's choice in the making: ``bot.choose(view, legal)`` run in a worker thread (or at
    once when not ``threaded``). ``moves`` is the game's length when it began: a thought begun
    before another move was applied is stale and thrown away."""

    def __init__(self, seat: Seat, bot: Any, view: Any, legal: list[Action], moves: int, *,
                 threaded: bool) -> None:
        self.seat, self.moves = seat, moves
        self.action: Action | None = None
        self.error: BaseException | None = None
        self.stale = False
        self.done = threading.Event()
        self._args = (bot, view, legal)
        if threaded:
            threading.Thread(target=self._run, name=f"bot-{seat}", daemon=True).start()
        else:
            self._run()

    def _run(self) -> None:
        bot, view, legal = self._args
        try:
            self.action = bot.choose(view, legal)
        except BaseException as exc:  # noqa: BLE001 - told on the UI's thread (tick raises it)
            self.error = exc
        finally:
            self.done.set()

    @property
    def ready(self) -> bool:
        return self.done.is_set()


class CatchUp:
    """The game so far told to some observers (the start's view, then the view after each action,
    each its own seat's), replayed from config and seed in a worker thread (or at once when not
    ``threaded``): a resumed game, an undo, an overlay switched on late in a game. Views of moves
    applied meanwhile wait in ``queue`` and are told on the caller's thread once it is done."""

    def __init__(self, match: Any, observers: Sequence[tuple[Seat, Any]], *, threaded: bool) -> None:
        self.observers = list(observers)
        self.queue: list[tuple[Any, Any]] = []
        self.cancelled = False
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._game = (match.title, match.config, match.seed, match.game_id, list(match.log))
        if threaded:
            threading.Thread(target=self._run, name="catch-up", daemon=True).start()
        else:
            self._run()

    def holds(self, observer: Any) -> bool:
        return any(o is observer for _s, o in self.observers)

    def _run(self) -> None:
        from game.engine.replay import Match

        title, config, seed, game_id, log = self._game
        try:
            again = Match(title, config, seed, game_id=game_id)
            self._tell(again.state)
            for action in log:
                if self.cancelled:
                    return
                again.apply(action)
                self._tell(again.state)
        except BaseException as exc:  # noqa: BLE001 - told on the caller's thread (TableSession.poll)
            self.error = exc
        finally:
            self.done.set()

    def _tell(self, state: Any) -> None:
        views: dict[Seat, Any] = {}
        for seat, observer in self.observers:
            if seat not in views:
                views[seat] = state.view(seat)
            observer.observe(views[seat])


def default_hold(events: Sequence[Event], seat: Seat, state: Any) -> list[JSON]:
    """The items of ``events`` a seat watches when its curtain next lifts: its events that
    revealed something, redacted for it, as log entries (``{"kind": ..., **data}``)."""
    return [entry(e) for e in events_for_seat(events, seat) if e.reveal]


def entry(event: Event) -> dict[str, JSON]:
    """An event as a log entry: its kind and its data."""
    return {"kind": event.kind, **dict(event.data)}


def curtain_policy(curtain: str | CurtainPolicy) -> CurtainPolicy:
    """``"none"``, ``"seats"``, a Ref (``"module:function"``) or a function, as a function."""
    if callable(curtain):
        return curtain
    if curtain == "none":
        return lambda state, before, after: False
    if curtain == "seats":
        return lambda state, before, after: before != after
    if isinstance(curtain, str) and ":" in curtain:
        from game.engine.titles import load

        found = load(curtain)
        if not callable(found):
            raise TypeError(f"the curtain policy {curtain!r} is not a function")
        return found  # type: ignore[no-any-return]
    raise ValueError(f"a curtain policy is 'none', 'seats' or 'module:function', not {curtain!r}")


@dataclass
class _Record:
    """The session's own record of the game's events, for a title whose state keeps none: the
    set-up's (:func:`game.engine.api.opening_events`), then those of the first ``actions`` moves."""

    actions: int = 0
    events: list[Event] = field(default_factory=list)

    @classmethod
    def start(cls, state: Any) -> _Record:
        """The record of a game before its first move: the set-up's events."""
        return cls(events=opening_events(state))


class TableSession:
    """See the module docstring.

    ``seats``: every seat at the table (default: the title's ``seats`` for the config, else the
    seats the rules have named so far). ``events``: the game's whole event log from its state
    (default: the session records them, the set-up's first, replaying the match's log once to
    start). ``hold``: which items of a move a seat is held (default :func:`default_hold`).
    ``last_seen`` and ``held``: what :meth:`save_meta` kept. ``start_revealed``: the first seat is
    shown without a curtain (screenshots, tests).
    """

    def __init__(self, match: Any, *, curtain: str | CurtainPolicy = "seats",
                 computer: Mapping[Seat, Driver] | None = None, seats: Sequence[Seat] | None = None,
                 events: EventLog | None = None, hold: HoldFn | None = None,
                 last_seen: Mapping[Seat, int] | None = None, held: Mapping[Seat, Sequence[JSON]] | None = None,
                 pause: float = COMPUTER_PAUSE, start_revealed: bool = False, threaded: bool | None = None,
                 alongside: Callable[[Any, Seat], bool] | None = None) -> None:
        self.match = match
        self.policy = curtain_policy(curtain)
        self.computer: dict[Seat, Driver] = dict(computer or {})
        self._seats = tuple(seats) if seats is not None else None
        self._event_log = events
        self._record = _Record.start(match.state)   # a game under way: rebuilt when first read
        self.hold = hold or default_hold
        self.last_seen: dict[Seat, int] = dict(last_seen or {})
        self.held: dict[Seat, list[JSON]] = {s: list(items) for s, items in (held or {}).items() if items}
        self.pause = pause
        self.normal_pause = pause
        self.wait = pause
        self.threaded = THREADED if threaded is None else threaded
        self.alongside = alongside        # (state, computer seat) -> it may act while people may too
        self.thought: Thought | None = None
        self.watchers: list[tuple[Seat, Any]] = []   # observers that are not bots (a screen's overlay)
        self._queued: dict[Seat, list[Any]] = {}     # views for a bot still thinking, told once it is done
        self._pristine: dict[Seat, Any] = {}         # each observing bot as it was before its first view
        self._catch_ups: list[CatchUp] = []           # observers being told the game so far
        for seat, bot in self.computer.items():
            if callable(getattr(bot, "observe", None)):
                try:
                    self._pristine[seat] = copy.deepcopy(bot)
                except Exception:  # noqa: BLE001 - such a bot cannot be rebuilt: no undo (undoable)
                    self._pristine[seat] = None
        self._catch_up(self._observers())
        self.on_screen: Seat = TABLE      # whose view the screen shows (TABLE: nobody's)
        self.revealed = False             # a person's seat is on screen (no curtain)
        self.pending: Seat | None = None  # the seat the curtain is down for
        self.handover_to: Seat | None = None
        self.since: tuple[int, int] | None = None   # the events the seat on screen missed: [start, end)
        self.over = match.state.is_over()
        if self.over:
            self.revealed = True
        elif start_revealed:
            first = self.acting_seat()
            if first is not None and first not in self.computer:
                self.on_screen, self.revealed = first, True

    # ------------------------------------------------------------------ who sits, who acts
    @property
    def state(self) -> Any:
        return self.match.state

    def seats(self) -> tuple[Seat, ...]:
        """Every seat at the table."""
        if self._seats is None:
            try:
                from game.engine.titles import load, title

                spec = title(self.match.title)
                if spec.seats:
                    self._seats = tuple(load(spec.seats)(self.match.config))
            except (KeyError, ImportError):
                pass
        if self._seats is None:
            return tuple(dict.fromkeys([*self.state.to_act(), *self.last_seen, *self.held]))
        return self._seats

    def people(self) -> tuple[Seat, ...]:
        """The seats played by people at this screen."""
        return tuple(s for s in self.seats() if s not in self.computer)

    def computer_to_act(self) -> Seat | None:
        """The computer seat the rules wait for, when no person's seat may act now."""
        seats = list(self.state.to_act())
        if not self.computer or self.state.is_over() or not seats:
            return None
        if any(s not in self.computer for s in seats):
            # people may act too: a computer seat acts alongside only when the title says so (the
            # seats of a simultaneous phase that must do their part before the people can finish)
            if self.alongside is not None:
                for seat in seats:
                    if seat in self.computer and self.alongside(self.state, seat):
                        return seat
            return None
        return seats[0]

    def acting_seat(self) -> Seat | None:
        """Who plays now: the seat on screen while it may go on, else the one it passed the mouse
        to, else the first the rules name (several seats may act at once)."""
        seats = list(self.state.to_act())
        if not seats:
            return None
        on_screen = self.on_screen if self.revealed else None
        for candidate in (self.handover_to, on_screen, self.pending):
            if candidate in seats:
                return candidate
        people = [s for s in seats if s not in self.computer]
        return people[0] if people else seats[0]

    def next_in_turn(self) -> Seat | None:
        """The person's seat a "pass to..." hands over to (None when nobody else may act now; a
        computer seat is never handed the screen)."""
        seats = list(self.state.to_act())
        if len(seats) < 2 or self.on_screen not in seats:
            return None
        at = seats.index(self.on_screen)
        for k in range(1, len(seats)):
            seat = seats[(at + k) % len(seats)]
            if seat not in self.computer:
                return seat
        return None

    def hand_over(self) -> Step | None:
        """The seat on screen passes to :meth:`next_in_turn` (None: nobody to pass to)."""
        nxt = self.next_in_turn()
        if nxt is None:
            return None
        self.handover_to = nxt
        return self.advance()

    def curtain_between(self, before: Seat, after: Seat) -> bool:
        """Whether the curtain must fall between ``before`` on screen and ``after``: as the policy
        says, and never with one person at this screen (the computer does not look at it)."""
        if len(self.people()) < 2:
            return False
        return bool(self.policy(self.state, before, after))

    # ------------------------------------------------------------------ the curtain
    def advance(self) -> Step:
        """After a move (and once at the start): the end, the same seat again, a computer's move,
        or the next person's seat, behind the curtain when the policy says so."""
        if self.state.is_over():
            self.over, self.revealed, self.on_screen, self.pending = True, True, TABLE, None
            self.since = None   # the table's log is on screen now, not a seat's
            return Step("over")
        nxt = self.acting_seat()
        self.handover_to = None
        if self.computer_to_act() is not None:
            self.wait = self.pause   # the computer plays (tick); the screen stays as it is
            return Step("computer", self.computer_to_act())
        if nxt is None:   # nobody at this screen may act: nothing of anybody's is shown
            self._leave_screen()
            self.revealed, self.on_screen, self.pending = False, TABLE, None
            return Step("waiting")
        if self.revealed and nxt == self.on_screen:
            return Step("stay", nxt)
        before = self.on_screen if self.revealed else TABLE
        self._leave_screen()
        self.revealed, self.on_screen, self.pending = False, TABLE, nxt
        if not self.curtain_between(before, nxt):
            self.held.pop(nxt, None)   # no curtain: it watched them at the same screen
            return self.lift(nxt)
        return Step("curtain", nxt)

    def lift(self, seat: Seat) -> Step:
        """The curtain is lifted by ``seat``'s player: its held items first (``"held"``: the screen
        shows them and calls lift again), then its view (``"shown"``)."""
        if self.state.is_over() or seat not in self.state.to_act():
            return self.advance()
        held = self.take_held(seat)
        if held:
            self.pending = seat
            return Step("held", seat, tuple(held))
        self.on_screen, self.revealed, self.pending = seat, True, None
        seen, now = self.last_seen.get(seat), len(self.seat_events(seat))
        self.since = (seen, now) if seen is not None and seen < now else None
        return Step("shown", seat)

    def curtain_down(self) -> bool:
        """Whether the screen waits behind a curtain (or held items) for a person's seat."""
        return not self.revealed and self.pending is not None

    def _leave_screen(self) -> None:
        """The seat on screen leaves it: what it has seen so far is remembered."""
        if self.revealed and self.on_screen != TABLE:
            self.last_seen[self.on_screen] = len(self.seat_events(self.on_screen))
        self.since = None

    # ------------------------------------------------------------------ what the screen may show
    def screen_seat(self) -> Seat:
        """The seat whose view may be drawn now (TABLE under a curtain and at the end)."""
        return self.on_screen if self.revealed else TABLE

    def view(self) -> Any:
        return self.state.view(self.screen_seat())

    def legal(self) -> list[Action]:
        """What the seat on screen may do now (nothing under a curtain or at the end)."""
        seat = self.screen_seat()
        if self.over or seat == TABLE or seat not in self.state.to_act():
            return []
        return list(self.state.legal_actions(seat))

    def seat_events(self, seat: Seat | None = None) -> list[Event]:
        """Every event ``seat`` (default: the screen's) may know, redacted for it, oldest first."""
        return events_for_seat(self._all_events(), self.screen_seat() if seat is None else seat)

    def missed(self, index: int) -> bool:
        """Whether the screen seat's event ``index`` happened while it was away."""
        return self.since is not None and self.since[0] <= index < self.since[1]

    def undoable(self) -> int:
        seat = self.screen_seat()
        if self.over or seat == TABLE or any(b is None for b in self._pristine.values()):
            return 0
        return int(self.match.undoable(seat))

    # ------------------------------------------------------------------ moves
    def submit(self, action: Action) -> Played:
        """The seat on screen's move. IllegalAction (nothing changed): not its seat, or the rules'."""
        seat = self.screen_seat()
        if seat == TABLE or action.seat != seat:
            raise IllegalAction("engine_refusal.session.not_on_screen")
        return self._apply(action)

    def apply(self, action: Action) -> Played:
        """A move the screen makes on a seat's behalf (a tutorial's scripted computer moves): filed
        and told like any other, without :meth:`submit`'s check that it is the screen seat's."""
        return self._apply(action)

    def tick(self, dt: float, *, busy: bool = False) -> Played | None:
        """Time passes: a computer seat's move once its bot has chosen (in its worker thread) and
        the pause is over, unless the screen is ``busy`` (an animation, a menu) or a curtain is down
        for a person. The bot starts thinking at once, during the pause (once it knows the game so
        far: :meth:`catching`)."""
        self.poll()
        seat = self.computer_to_act()
        thought = self.thought
        if thought is not None and thought.ready and (thought.stale or thought.seat != seat):
            self._drop_thought()   # begun before another move: its view is out of date
            thought = None
        if seat is not None and thought is None and self.catching(self.computer[seat]):
            return None            # its bot is still being told the game so far
        if seat is None or self.curtain_down():
            return None
        if thought is None:
            bot = self.computer[seat]
            thought = self.thought = Thought(seat, bot, self.state.view(seat), list(self.state.legal_actions(seat)),
                                             len(self.match.log), threaded=self.threaded)
        if busy:
            return None
        self.wait -= dt
        if self.wait > 0 or not thought.ready or thought.stale:
            return None
        self._drop_thought()
        if thought.error is not None:
            raise thought.error
        self.wait = self.pause
        if thought.action is None:   # a seat elsewhere whose move has not arrived
            return None
        return self._apply(thought.action)

    def thinking(self) -> Seat | None:
        """The computer seat at work now (its bot thinking, or its move waiting for the pause): the
        screen says so; None when no computer seat is to act."""
        if self.over or self.curtain_down():
            return None
        return self.computer_to_act()

    def set_fast(self, fast: bool) -> None:
        """A person's "Faster": the pause between the computer's moves shortened (or back)."""
        self.pause = FAST_PAUSE if fast else self.normal_pause
        self.wait = min(self.wait, self.pause)

    @property
    def fast(self) -> bool:
        return self.pause < self.normal_pause

    def _drop_thought(self) -> None:
        """The thought is over (used or thrown away): its bot hears the views queued meanwhile."""
        thought, self.thought = self.thought, None
        if thought is None:
            return
        observe = getattr(self.computer.get(thought.seat), "observe", None)
        for view in self._queued.pop(thought.seat, []):
            if observe is not None:
                observe(view)

    # ------------------------------------------------------------------ observers (the bots' protocol)
    def _observers(self) -> list[tuple[Seat, Any]]:
        """(seat, observer): every computer seat's bot with ``observe``, then the watchers."""
        bots = [(seat, bot) for seat, bot in self.computer.items() if callable(getattr(bot, "observe", None))]
        return bots + list(self.watchers)

    def watch(self, seat: Seat, observer: Any) -> None:
        """``observer.observe(view)`` with ``seat``'s view after every action from now on, the game so
        far replayed into it first; ``observer.reset()`` forgets (an undo replays it again)."""
        self.watchers.append((seat, observer))
        self._catch_up([(seat, observer)])

    def unwatch(self, observer: Any) -> None:
        self.watchers = [(s, o) for s, o in self.watchers if o is not observer]

    def catching(self, observer: Any = None) -> bool:
        """Whether ``observer`` (default: any) is still being told the game so far."""
        return any(not c.cancelled and (observer is None or c.holds(observer)) for c in self._catch_ups)

    def settle(self, timeout: float | None = None) -> None:
        """Wait for the catch-ups under way (at most ``timeout`` seconds each), then :meth:`poll`:
        for a picture taken at once (the screenshot command), never in the window's loop."""
        for c in list(self._catch_ups):
            c.done.wait(timeout)
        self.poll()

    def poll(self) -> None:
        """The catch-ups done: each observer hears the views of the moves made meanwhile."""
        for c in list(self._catch_ups):
            if not c.done.is_set():
                continue
            self._catch_ups.remove(c)
            if c.cancelled:
                continue
            if c.error is not None:
                raise c.error
            for observer, view in c.queue:
                observer.observe(view)

    def _tell(self, observers: Sequence[tuple[Seat, Any]], state: Any) -> None:
        views: dict[Seat, Any] = {}
        for seat, observer in observers:
            if seat not in views:
                views[seat] = state.view(seat)
            busy = next((c for c in self._catch_ups if not c.cancelled and c.holds(observer)), None)
            if busy is not None:
                busy.queue.append((observer, views[seat]))   # told once it knows the game so far
                continue
            thought = self.thought
            if thought is not None and thought.seat == seat and observer is self.computer.get(seat) \
                    and not thought.ready:
                self._queued.setdefault(seat, []).append(views[seat])   # it is thinking: told once done
            else:
                observer.observe(views[seat])

    def _catch_up(self, observers: Sequence[tuple[Seat, Any]]) -> None:
        """Tell ``observers`` the game so far: the start's view, then after each action (a game
        resumed from a save is replayed for them), in a worker thread (:class:`CatchUp`)."""
        if not observers:
            return
        if not self.match.log:
            self._tell(observers, self.state)
            return
        self._catch_ups.append(CatchUp(self.match, observers, threaded=self.threaded))
        self.poll()

    def _rebuild_observers(self) -> None:
        """After an undo: every observer forgets (a bot is its copy from before its first view, a
        watcher is reset) and is told the game as it now stands."""
        if self.thought is not None:
            self.thought.stale = True
            if self.thought.ready:
                self._drop_thought()
        self._queued.clear()
        for c in self._catch_ups:   # a catch-up under way is of a game that no longer is
            c.cancelled = True
        for c in self._catch_ups:
            c.done.wait()
        self._catch_ups.clear()
        for seat, pristine in self._pristine.items():
            if pristine is not None:
                self.computer[seat] = copy.deepcopy(pristine)
        for _seat, watcher in self.watchers:
            reset = getattr(watcher, "reset", None)
            if reset is not None:
                reset()
        self._catch_up(self._observers())

    def undo(self, *, strict: bool = False) -> int:
        """Take back the screen seat's moves up to its last reveal; how many. With ``strict``,
        IllegalAction says why when none may be (a reveal, another seat's move since)."""
        seat = self.screen_seat()
        if self.over or seat == TABLE:
            if strict:
                raise IllegalAction("engine_refusal.session.nobody")
            return 0
        count = self.match.undoable(seat)
        if count == 0:
            if strict:
                log = self.match.log
                if not any(a.seat == seat for a in log):
                    raise IllegalAction("engine_refusal.undo.nothing")
                if log[-1].seat == seat:
                    raise IllegalAction("engine_refusal.undo.revealed")
                raise IllegalAction("engine_refusal.undo.other_moved")
            return 0
        self.match.undo(seat, count)
        self._record = _Record.start(self.state)   # events are read again from the rebuilt game
        self._rebuild_observers()  # no bot keeps what it saw of the moves taken back
        return int(count)

    def _apply(self, action: Action) -> Played:
        # the listeners (the autosave) are told once the held items are filed, so a save has them
        listeners, self.match.listeners = self.match.listeners, []
        try:
            events = self.match.apply(action)
        finally:
            self.match.listeners = listeners
        self._record_events(events)
        if self.thought is not None:
            self.thought.stale = True   # its view is out of date now
        self._tell(self._observers(), self.state)   # every observing bot sees its seat's view after it
        for seat in self.people():
            if seat == self.screen_seat():
                continue
            items = self.hold(events, seat, self.state)
            if items:
                self.held.setdefault(seat, []).extend(items)
        for listener in list(listeners):
            listener(self.match)
        now = self.hold(events, self.screen_seat(), self.state) if self.screen_seat() != TABLE else []
        return Played(action, tuple(events_for_seat(events, self.screen_seat())), tuple(now),
                      tuple(events_for_seat(events, TABLE)))

    def take_held(self, seat: Seat) -> list[JSON]:
        """The items ``seat`` has not watched yet (and forget them)."""
        return self.held.pop(seat, [])

    # ------------------------------------------------------------------ the game's events
    def _all_events(self) -> Sequence[Event]:
        if self._event_log is not None:
            return self._event_log(self.state)
        if self._record.actions != len(self.match.log):
            self._rebuild_record()
        return self._record.events

    def _record_events(self, events: Sequence[Event]) -> None:
        if self._event_log is None and self._record.actions == len(self.match.log) - 1:
            self._record.events.extend(events)
            self._record.actions += 1

    def _rebuild_record(self) -> None:
        from game.engine.replay import Match

        again = Match(self.match.title, self.match.config, self.match.seed, game_id=self.match.game_id)
        record = _Record.start(again.state)
        for action in self.match.log:
            record.events.extend(again.apply(action))
            record.actions += 1
        self._record = record

    # ------------------------------------------------------------------ saves
    def save_meta(self) -> dict[str, JSON]:
        """What a save keeps of the session (its ``"ui"`` block): each seat's count of seen
        events (the seat on screen has seen everything so far) and the held items."""
        seen = dict(self.last_seen)
        if self.revealed and self.on_screen != TABLE and not self.over:
            seen[self.on_screen] = len(self.seat_events(self.on_screen))
        meta: dict[str, JSON] = {"last_seen": seen}
        if self.held:
            meta["held"] = json.loads(json.dumps(self.held))
        return meta


def options_from_meta(ui: Any) -> dict[str, Any]:
    """``last_seen`` and ``held`` from a save's ``"ui"`` block, the malformed parts left out
    (a damaged block loses the notes, never the game)."""
    out: dict[str, Any] = {}
    if not isinstance(ui, Mapping):
        return out
    seen = ui.get("last_seen")
    if isinstance(seen, Mapping):
        out["last_seen"] = {k: v for k, v in seen.items() if isinstance(k, str) and isinstance(v, int)
                            and not isinstance(v, bool) and v >= 0}
    held = ui.get("held")
    if isinstance(held, Mapping):
        out["held"] = {k: copy.deepcopy(list(v)) for k, v in held.items() if isinstance(k, str) and isinstance(v, list)}
    return out
