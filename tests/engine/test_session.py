"""The table session on the example title (sealed bids): who sits at the screen, the curtain
policies, hand-over, computer pacing, privacy, the held items across a save, undo and the end."""

from __future__ import annotations

import json

import pytest

from game.engine.api import TABLE, IllegalAction, events_for_seat
from game.engine.example import Bid, Draw
from game.engine.replay import Match
from game.engine.saves import load_match, read_save
from game.engine.session import COMPUTER_PAUSE, TableSession, options_from_meta
from game.engine.titles import title

CONFIG = {"rounds": 3, "hand_size": 4, "deck_size": 12}


def new_session(**options) -> TableSession:
    return TableSession(Match("example", CONFIG, 5), **options)


def lowest(session: TableSession) -> Bid:
    """The seat on screen's lowest card."""
    return next(a for a in session.legal() if isinstance(a, Bid))


class Bot:
    """A computer seat that plays its lowest card and remembers what it was shown."""

    def __init__(self) -> None:
        self.seen: list = []

    def choose(self, view, legal):
        self.seen.append((view, list(legal)))
        return next(a for a in legal if isinstance(a, Bid))


# ------------------------------------------------------------------------------ the curtain

def test_seats_policy_drops_the_curtain_before_the_first_seat_and_between_two_seats():
    session = new_session()
    step = session.advance()
    assert (step.kind, step.seat) == ("curtain", "north")
    assert session.screen_seat() == TABLE and session.legal() == []
    assert session.lift("north").kind == "shown" and session.screen_seat() == "north"
    session.submit(lowest(session))
    step = session.advance()
    assert (step.kind, step.seat) == ("curtain", "south")      # north's board is gone at once
    assert session.screen_seat() == TABLE and session.view() == session.state.view(TABLE)


def test_the_same_seat_playing_on_gets_no_curtain():
    session = new_session()
    session.lift(session.advance().seat)
    session.submit(Draw("north"))
    assert session.advance().kind == "stay" and session.screen_seat() == "north"


def test_none_policy_shows_the_next_seat_at_once():
    session = new_session(curtain="none")
    assert (session.advance().kind, session.screen_seat()) == ("shown", "north")
    session.submit(lowest(session))
    step = session.advance()
    assert (step.kind, step.seat) == ("shown", "south") and session.screen_seat() == "south"


def test_a_function_policy_is_asked_with_the_seats_on_either_side():
    asked = []

    def only_first(state, before, after):
        asked.append((before, after))
        return before == TABLE

    session = new_session(curtain=only_first)
    assert session.advance().kind == "curtain"
    session.lift("north")
    session.submit(lowest(session))
    assert session.advance().kind == "shown" and session.screen_seat() == "south"
    assert asked == [(TABLE, "north"), ("north", "south")]


def test_a_policy_by_reference_and_a_bad_policy():
    session = new_session(curtain="game.engine.session:default_hold")   # any callable resolves
    assert callable(session.policy)
    with pytest.raises(ValueError, match="curtain policy"):
        new_session(curtain="sometimes")


def test_the_title_declares_its_curtain_policy():
    assert title("example").curtain == "seats"


# ------------------------------------------------------------------------------ hand-over

def test_a_seat_that_may_act_passes_the_mouse_to_the_other():
    session = new_session()
    session.lift(session.advance().seat)
    assert session.next_in_turn() == "south"                    # both may bid at once
    step = session.hand_over()
    assert step is not None and (step.kind, step.seat) == ("curtain", "south")
    session.lift("south")
    assert session.screen_seat() == "south"
    session.submit(lowest(session))
    step = session.advance()
    assert (step.kind, step.seat) == ("curtain", "north")        # north has still to bid
    session.lift("north")
    assert session.hand_over() is None or session.screen_seat() != "north"


def test_nobody_to_pass_to_when_one_seat_may_act():
    session = new_session()
    session.lift(session.advance().seat)
    session.submit(lowest(session))
    session.lift(session.advance().seat)                         # south, the only one to act
    assert session.next_in_turn() is None and session.hand_over() is None


# ------------------------------------------------------------------------------ computer seats

def test_a_computer_seat_plays_after_the_pause_and_reads_only_its_own_seat():
    bot = Bot()
    session = new_session(computer={"south": bot})
    session.lift(session.advance().seat)
    session.submit(lowest(session))
    step = session.advance()
    assert (step.kind, step.seat) == ("computer", "south")
    assert session.screen_seat() == "north"                       # the screen stays with the person
    moves = len(session.match.log)
    # the bot thinks at once (in a worker thread in the app), its move waits for the pause
    assert session.tick(COMPUTER_PAUSE - 0.1) is None and len(session.match.log) == moves
    assert session.tick(0.05, busy=True) is None and len(session.match.log) == moves  # an animation holds it
    played = session.tick(0.2)
    assert played is not None and played.action.seat == "south"
    view, legal = bot.seen[0]
    assert view.seat == "south" and view == session.state.view("south") or view.seat == "south"
    assert legal and all(a.seat == "south" for a in legal)
    # what the screen is handed of the bot's move is north's version of it
    assert all(e.data.get("seat") != "south" or "card" not in e.data for e in played.events)


def test_one_person_against_the_computer_gets_no_curtain():
    """Nobody else looks at this screen: the person's board is shown at once, every time."""
    session = new_session(computer={"south": Bot()})
    step = session.advance()
    assert (step.kind, step.seat) == ("shown", "north")
    session.submit(lowest(session))
    assert session.advance().kind == "computer"
    while session.tick(1.0) is None:
        pass
    step = session.advance()
    assert step.kind in ("shown", "stay") and session.screen_seat() == "north"


def test_a_computer_seat_waits_while_the_curtain_is_down_for_a_person():
    session = new_session(computer={"south": Bot()})
    session.advance()
    session.state.face_down["north"] = session.state.hands["north"].pop()   # north has bid (rules' view)
    assert session.computer_to_act() == "south"
    session.revealed, session.pending = False, "north"   # a curtain down for a person (more people)
    assert session.curtain_down() and session.tick(10.0) is None


def test_a_seat_at_another_screen_is_waited_for():
    class Remote:
        move = None

        def choose(self, view, legal):
            return self.move

    remote = Remote()
    session = new_session(computer={"north": remote, "south": Bot()})
    assert session.advance().kind == "computer"
    assert session.tick(1.0) is None                              # north's move has not arrived
    remote.move = Bid("north", session.state.hands["north"][0])
    assert session.tick(1.0).action == remote.move


def test_two_computer_seats_play_a_whole_game_by_the_clock():
    session = new_session(computer={"north": Bot(), "south": Bot()})
    step = session.advance()
    moves = 0
    while step.kind != "over":
        assert step.kind == "computer"
        assert session.tick(COMPUTER_PAUSE / 2) is None           # never two moves in one pause
        assert session.tick(COMPUTER_PAUSE / 2) is not None
        moves += 1
        step = session.advance()
    assert moves == 2 * CONFIG["rounds"] and session.state.is_over()


# ------------------------------------------------------------------------------ privacy

def test_the_screen_is_handed_nothing_of_another_seat():
    session = new_session()
    session.lift(session.advance().seat)
    north_hand = set(session.state.hands["north"])
    assert session.view().hand == tuple(sorted(north_hand))
    assert all(a.seat == "north" for a in session.legal())
    with pytest.raises(IllegalAction) as refused:
        session.submit(Bid("south", session.state.hands["south"][0]))
    assert "not your turn" in refused.value.sentence and len(session.match.log) == 0
    played = session.submit(Draw("north"))
    assert played.events and all(e == e.for_seat("north") for e in played.events)
    session.submit(lowest(session))
    session.advance()                                              # curtain for south
    assert session.view().hand == () and session.seat_events() == events_for_seat(
        session._all_events(), TABLE)
    session.lift("south")
    drawn = [e for e in session.seat_events() if e.kind == "example.drew"]
    assert drawn and all("card" not in e.data for e in drawn)     # south knows north drew, not what
    assert all("card" not in e.data for e in session.seat_events() if e.kind == "example.bid")


def test_held_items_are_redacted_for_their_seat_and_shown_when_its_curtain_lifts():
    session = new_session()
    session.lift(session.advance().seat)
    session.submit(lowest(session))
    session.lift(session.advance().seat)                          # south
    session.submit(Draw("south"))
    assert "north" not in session.held                             # a drawn card is not north's to watch
    session.submit(lowest(session))                                # the round's cards are shown
    assert [e["kind"] for e in session.held["north"]] == ["example.shown"]
    assert session.advance().kind == "stay"                       # a new round: south may go on
    step = session.hand_over()
    assert step is not None and (step.kind, step.seat) == ("curtain", "north")
    step = session.lift("north")
    assert step.kind == "held" and [e["kind"] for e in step.held] == ["example.shown"]
    assert session.screen_seat() == TABLE                          # nothing of north's before it watched
    assert session.lift("north").kind == "shown" and not session.held


def test_since_your_last_turn_counts_what_the_seat_missed():
    session = new_session()
    session.lift(session.advance().seat)
    session.submit(lowest(session))
    session.lift(session.advance().seat)
    session.submit(lowest(session))
    session.advance()
    session.hand_over()
    session.lift("north")
    session.lift("north")
    assert session.since is not None
    start, end = session.since
    missed = session.seat_events()[start:end]
    assert [e.kind for e in missed] == ["example.bid", "example.shown"]
    assert missed[0].data == {"seat": "south"}                     # redacted: no card


# ------------------------------------------------------------------------------ save and resume

def test_held_items_and_since_survive_a_save_and_resume(tmp_path):
    session = new_session()
    session.lift(session.advance().seat)
    session.submit(lowest(session))
    session.lift(session.advance().seat)
    session.submit(lowest(session))                                # north is held the shown cards
    session.advance()
    session.hand_over()
    path = tmp_path / "game.json"
    from game.engine.saves import save_text

    path.write_text(save_text(session.match, ui=session.save_meta()), encoding="utf-8")
    data = read_save(path)
    options = options_from_meta(data.ui)
    again = TableSession(load_match(path), **options)
    assert again.advance().kind == "curtain"
    step = again.lift("north")
    assert step.kind == "held" and [e["kind"] for e in step.held] == ["example.shown"]
    again.lift("north")
    assert again.since is not None and again.since[1] - again.since[0] == 2


def test_a_damaged_ui_block_loses_the_notes_not_the_game():
    assert options_from_meta(None) == {}
    got = options_from_meta({"last_seen": {"north": "x", "south": 3, "east": -1}, "held": {"north": 5}})
    assert got == {"last_seen": {"south": 3}, "held": {}}
    json.dumps(new_session().save_meta())


def test_the_autosave_written_after_a_move_holds_that_moves_held_items(tmp_path):
    from game.engine.saves import Autosaver

    session = new_session()
    saver = Autosaver(tmp_path, ui=lambda match: session.save_meta())
    session.match.listeners.append(saver)
    session.lift(session.advance().seat)
    session.submit(lowest(session))
    session.lift(session.advance().seat)
    session.submit(lowest(session))                                # the round is shown: north is held it
    ui = read_save(saver.path_for(session.match)).ui
    assert [e["kind"] for e in ui["held"]["north"]] == ["example.shown"]
    assert ui["last_seen"] == {"north": 1, "south": len(session.seat_events("south"))}


# ------------------------------------------------------------------------------ the set-up's events

def _title_with_an_opening(monkeypatch) -> str:
    """The example title, its new_game telling its deal: north's hand to north only (the others
    are told that north was dealt), then a public event."""
    import types

    from game.engine import api, example
    from game.engine.api import Event

    def new_game(config, seed):
        state = example.new_game(config, seed)
        state.opening = (Event("example.dealt", {"seat": "north", "cards": list(state.hands["north"])},
                               audience={"north"}, redacted=Event("example.dealt", {"seat": "north"})),
                         Event("example.shuffled", {}))
        return state

    monkeypatch.setitem(api._TITLES, "example_opening", types.SimpleNamespace(new_game=new_game))
    return "example_opening"


def test_the_set_up_s_events_open_every_seat_s_log_redacted_for_it_and_stay_after_an_undo(monkeypatch):
    name = _title_with_an_opening(monkeypatch)
    match = Match(name, CONFIG, 5)
    session = TableSession(match, curtain="none")
    hand = list(match.state.hands["north"])
    told = {seat: [(e.kind, dict(e.data)) for e in session.seat_events(seat)] for seat in ("north", "south", TABLE)}
    assert told["north"] == [("example.dealt", {"seat": "north", "cards": hand}), ("example.shuffled", {})]
    assert told["south"] == told[TABLE] == [("example.dealt", {"seat": "north"}), ("example.shuffled", {})]
    session.advance()
    session.submit(lowest(session))                 # north's bid (no reveal): it may take it back
    assert [e.kind for e in session.seat_events("north")] == ["example.dealt", "example.shuffled", "example.bid"]
    assert session.undo() == 1 and not match.log
    assert [(e.kind, dict(e.data)) for e in session.seat_events("north")] == told["north"]
    resumed = TableSession(Match.replay(name, CONFIG, 5, [Draw("north")]), curtain="none")   # a game under way
    assert [e.kind for e in resumed.seat_events("south")] == ["example.dealt", "example.shuffled", "example.drew"]
    assert "cards" not in resumed.seat_events("south")[0].data


# ------------------------------------------------------------------------------ undo

def test_undo_takes_back_the_seats_own_moves_and_is_refused_after_a_reveal():
    session = new_session()
    session.lift(session.advance().seat)
    session.submit(Draw("north"))                                  # shows north a card: no undo
    assert session.undoable() == 0
    with pytest.raises(IllegalAction, match="revealed"):
        session.undo(strict=True)
    assert session.undo() == 0 and len(session.match.log) == 1
    hand = session.view().hand
    session.submit(lowest(session))
    assert session.undoable() == 1 and session.undo() == 1
    assert session.view().hand == hand and len(session.match.log) == 1
    assert [e.kind for e in session.seat_events()] == ["example.drew"]   # the record follows the undo


def test_nobody_on_screen_has_nothing_to_undo():
    session = new_session()
    session.advance()
    assert session.undo() == 0
    with pytest.raises(IllegalAction):
        session.undo(strict=True)


# ------------------------------------------------------------------------------ the end

def test_the_game_over_shows_the_table():
    session = new_session(curtain="none")
    step = session.advance()
    while step.kind != "over":
        session.submit(lowest(session))
        step = session.advance()
    assert session.over and session.screen_seat() == TABLE and session.legal() == []
    assert session.view() == session.state.view(TABLE) and session.view().result is not None
    with pytest.raises(IllegalAction):
        session.submit(Bid("north", 1))
    assert TableSession(session.match).advance().kind == "over"


def test_start_revealed_skips_the_first_curtain():
    session = new_session(start_revealed=True)
    assert session.screen_seat() == "north" and session.advance().kind == "stay"


def test_a_scripted_move_for_another_seat_goes_through_apply_and_the_table_hears_it_redacted():
    session = new_session()
    session.lift(session.advance().seat)
    card = session.state.hands["south"][0]
    with pytest.raises(IllegalAction):
        session.submit(Bid("south", card))                        # not the screen's seat
    played = session.apply(Bid("south", card))                    # a tutorial's script may
    assert played.action.seat == "south" and session.match.log[-1] == Bid("south", card)
    assert [e.data for e in played.public] == [{"seat": "south"}]  # what every seat may know
    assert [e.data for e in played.events] == [{"seat": "south"}]  # north on screen: no card either


def test_nobody_to_act_hides_the_screen():
    session = new_session()
    session.lift(session.advance().seat)
    session.state.face_down.update({s: 1 for s in ("north", "south")})   # a state where nobody acts
    session.state.history.clear()
    assert session.state.to_act() == ()
    step = session.advance()
    assert step.kind == "waiting" and session.screen_seat() == TABLE and session.legal() == []


def test_the_mouse_is_never_passed_to_a_computer_seat():
    session = new_session(computer={"south": Bot()})
    session.lift(session.advance().seat)
    assert session.state.to_act() == ("north", "south")
    assert session.next_in_turn() is None and session.hand_over() is None
