"""The bots' protocol in the table session (issue #14), on the example title (sealed bids): a bot
with ``observe`` is told its own seat's view at the start and after every action, anybody's; it
thinks in a worker thread and its move is applied by ``tick`` once ready and the pause is over; a
thought made stale by another move is thrown away; after an undo the bot is rebuilt and told the
game again; Faster shortens the pause."""

from __future__ import annotations

import copy
import threading

from game.engine import session as session_module
from game.engine.example import Bid
from game.engine.replay import Match
from game.engine.session import COMPUTER_PAUSE, FAST_PAUSE, TableSession

CONFIG = {"rounds": 3, "hand_size": 4, "deck_size": 12}


class Observer:
    """Plays its lowest card; keeps every view it is told."""

    def __init__(self) -> None:
        self.observed: list = []
        self.chose: list = []

    def observe(self, view):
        self.observed.append(view)

    def choose(self, view, legal):
        self.chose.append(view)
        return next(a for a in legal if isinstance(a, Bid))


def lowest(session: TableSession) -> Bid:
    return next(a for a in session.legal() if isinstance(a, Bid))


def views_of(match: Match, seat: str) -> list:
    """The seat's view at the start and after each action of the match's log, replayed apart."""
    again = Match(match.title, match.config, match.seed)
    out = [again.state.view(seat)]
    for action in match.log:
        again.apply(action)
        out.append(again.state.view(seat))
    return out


def played_by_both(session: TableSession, rounds: int = 4) -> None:
    """North (a person) bids, the computer south answers, a few times."""
    for _ in range(rounds):
        step = session.advance()
        if step.kind == "over":
            return
        if step.kind == "computer":
            while session.tick(1.0) is None:
                pass
            continue
        if step.kind == "curtain":
            session.lift(step.seat)
        if session.legal():
            session.submit(lowest(session))


def test_a_bot_is_told_its_own_view_at_the_start_and_after_every_action():
    bot = Observer()
    session = TableSession(Match("example", CONFIG, 5), computer={"south": bot})
    assert bot.observed == [session.state.view("south")]          # the start
    played_by_both(session)
    assert len(session.match.log) >= 3
    assert bot.observed == views_of(session.match, "south")       # after each action, its own view only
    assert all(v.seat == "south" for v in bot.observed) and all(v.seat == "south" for v in bot.chose)


def test_a_resumed_game_is_replayed_into_a_new_bot():
    first = TableSession(Match("example", CONFIG, 5), computer={"south": Observer()})
    played_by_both(first)
    bot = Observer()
    TableSession(first.match, computer={"south": bot})
    assert bot.observed == views_of(first.match, "south")


def test_an_undo_rebuilds_the_bot_from_its_copy_before_any_view_and_tells_it_the_game_again():
    bot = Observer()
    session = TableSession(Match("example", CONFIG, 5), computer={"south": bot})
    played_by_both(session)
    step = session.advance()
    if step.kind == "curtain":
        session.lift(step.seat)
    session.submit(lowest(session))
    assert session.undoable() >= 1
    session.undo()
    rebuilt = session.computer["south"]
    assert rebuilt is not bot
    assert rebuilt.observed == views_of(session.match, "south")   # nothing of the move taken back
    assert bot.observed[-1] != rebuilt.observed[-1]


class Uncopyable(Observer):
    def __deepcopy__(self, memo):
        raise TypeError("no copies")


def test_a_bot_that_cannot_be_rebuilt_makes_the_session_offer_no_undo():
    session = TableSession(Match("example", CONFIG, 5), computer={"south": Uncopyable()})
    step = session.advance()
    session.lift(step.seat)
    session.submit(lowest(session))
    assert session.match.undoable("north") >= 1 and session.undoable() == 0


def test_watchers_learn_the_game_so_far_and_forget_on_undo():
    session = TableSession(Match("example", CONFIG, 5))
    played_by_both(session, 2)
    watcher = Observer()
    watcher.reset = lambda: watcher.observed.clear()
    session.watch("south", watcher)
    assert watcher.observed == views_of(session.match, "south")
    session.unwatch(watcher)
    assert session.watchers == []


class Slow(Observer):
    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()
        self.threads: list[str] = []

    def choose(self, view, legal):
        self.threads.append(threading.current_thread().name)
        assert self.go.wait(5)
        return super().choose(view, legal)


def test_the_bot_thinks_in_a_worker_thread_and_its_move_waits_for_the_pause_on_the_callers_thread():
    bot = Slow()
    session = TableSession(Match("example", CONFIG, 5), computer={"north": bot, "south": Observer()},
                           threaded=True)
    assert session.advance().kind == "computer"
    assert session.tick(COMPUTER_PAUSE + 1) is None                # started; not ready: nothing applied
    assert session.thinking() == "north" and session.thought is not None and not session.thought.ready
    for _ in range(500):   # the worker has begun choose (it may take a moment to start)
        if bot.threads:
            break
        threading.Event().wait(0.01)
    assert bot.threads and bot.threads[0] != threading.current_thread().name
    assert len(session.match.log) == 0
    bot.go.set()
    session.thought.done.wait(5)
    played = session.tick(0.0)
    assert played is not None and played.action.seat == "north"


def test_a_thought_made_stale_by_a_persons_move_is_thrown_away():
    """South thinks alongside north (a simultaneous bid); north bids meanwhile: south's thought,
    from the view before it, is not played; south is told north's move once done, then thinks again."""
    bot = Slow()
    session = TableSession(Match("example", CONFIG, 5), computer={"south": bot}, threaded=True,
                           alongside=lambda state, seat: True)
    step = session.advance()
    assert step.kind == "computer" and step.seat == "south"
    session.tick(0.0)
    thought = session.thought
    assert thought is not None and not thought.ready
    session.lift("north")
    session.submit(lowest(session))                                  # north bids while south thinks
    assert thought.stale and len(bot.observed) == 1                  # told once it is done
    bot.go.set()
    thought.done.wait(5)
    for _ in range(100):
        if session.tick(1.0) is not None:
            break
        if session.thought is not None:
            session.thought.done.wait(1)
    assert len(bot.chose) == 2                                       # it thought again...
    assert bot.chose[1] == views_of(session.match, "south")[1]       # ... from the view after north's bid
    assert [a.seat for a in session.match.log] == ["north", "south"]
    assert bot.observed == views_of(session.match, "south")


def test_faster_shortens_the_pause_and_back():
    session = TableSession(Match("example", CONFIG, 5), computer={"south": Observer()})
    assert not session.fast and session.pause == COMPUTER_PAUSE
    session.set_fast(True)
    assert session.fast and session.pause == FAST_PAUSE and session.wait <= FAST_PAUSE
    session.set_fast(False)
    assert session.pause == COMPUTER_PAUSE


def test_the_tests_run_the_bots_synchronously():
    assert session_module.THREADED is False
    assert copy.deepcopy(Observer()).observed == []


class Held(Observer):
    """An observer that waits, at its first view, until it is let go."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()

    def observe(self, view):
        assert self.go.wait(5)
        super().observe(view)


def test_the_game_so_far_is_told_in_a_worker_thread_and_the_moves_made_meanwhile_after_it():
    session = TableSession(Match("example", CONFIG, 5), computer={"south": Observer()}, threaded=True)
    played_by_both(session, 3)
    for _ in range(200):   # the computer's thoughts run in threads too: let the last one land
        session.poll()
        if session.thought is None or session.thought.ready:
            break
        session.thought.done.wait(0.05)
    watcher = Held()
    session.watch("north", watcher)
    assert session.catching(watcher) and watcher.observed == []     # not on the caller's thread
    step = session.advance()
    if step.kind == "curtain":
        session.lift(step.seat)
    if session.legal():
        session.submit(lowest(session))                              # a move while it catches up
    watcher.go.set()
    for _ in range(500):
        session.poll()
        if not session.catching(watcher):
            break
        threading.Event().wait(0.01)
    assert not session.catching(watcher)
    assert watcher.observed == views_of(session.match, "north")       # the game so far, then the move
