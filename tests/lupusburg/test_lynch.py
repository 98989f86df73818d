"""The lynch: every player with a living character votes, one vote a living character, in secret
(hidden from every view and told to nobody else until the last ballot is in). Two rounds (the two
most-voted characters are the suspects, paw print and tuft of fur; a runoff of double-sided tokens
lynches one) or one plurality round; every tie is the Burgomaster's to break. The lynched character
leaves unrevealed and the Burgomaster passes clockwise to the next player with a living character."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.engine.api import TABLE
from game.lupusburg.rules import Decide, Mark, Point, Vote
from game.lupusburg.rules.state import Ballot, Death, Decision, House, Suspects
from tests.lupusburg.kit import act, make_state, night, of, refused, skip_to

H = House


def at_vote(players: int = 5, **kw):
    """Night 1 (the Werewolf, red, kills purple's right house), then straight to the vote."""
    state = make_state(players, **kw)
    night(state, {"red": ("purple", "right")})
    skip_to(state, "nominate" if state.config.lynch == "two_rounds" else "vote")
    return state


def cast(state, ballots: Mapping[str, Sequence[tuple[str, str]]]) -> list:
    """Every voter's votes (in turn of ``to_act``), each as listed."""
    events = []
    left = {s: list(v) for s, v in ballots.items()}
    while state.to_act() and state.phase in ("nominate", "vote"):
        seat = state.to_act()[0]
        events += act(state, Vote(seat, *left[seat].pop(0)))
    assert not any(left.values()), left
    return events


def marks(state, ballots: Mapping[str, Sequence[str]]) -> list:
    events = []
    left = {s: list(v) for s, v in ballots.items()}
    while state.phase == "runoff":
        seat = state.to_act()[0]
        events += act(state, Mark(seat, left[seat].pop(0)))
    return events


def test_each_voter_has_a_vote_a_living_character_and_the_dead_have_none():
    state = at_vote(5, dead=[("blue", "left"), ("blue", "right")])
    assert state.to_act() == ("red", "green", "yellow", "purple")
    assert state.view(TABLE).voters == {"red": 2, "green": 2, "yellow": 2, "purple": 1}
    refused(state, Vote("blue", "red", "left"), "lupusburg_refusal.no_vote")
    act(state, Vote("purple", "red", "left"))
    refused(state, Vote("purple", "red", "left"), "lupusburg_refusal.voted")
    assert "purple" not in state.to_act() and state.view(TABLE).ballots_in["purple"] == 1


def test_the_votes_stay_secret_until_the_last_is_in_then_everyone_sees_them():
    state = at_vote(5)
    ballots = {"red": [("green", "left"), ("green", "left")], "blue": [("green", "left"), ("yellow", "left")],
               "green": [("yellow", "left"), ("red", "left")], "yellow": [("green", "left"), ("blue", "right")],
               "purple": [("yellow", "left")]}
    left = {s: list(v) for s, v in ballots.items()}
    for _ in range(8):                                       # every vote but the last (purple's)
        seat = next(s for s in state.to_act() if s != "purple")
        events = act(state, Vote(seat, *left[seat].pop(0)))
        cast_so_far = {s: ballots[s][:len(ballots[s]) - len(left[s])] for s in ballots}
        for other in (*state.seats, TABLE):
            (told,) = of(events, "voted", other)
            assert (told == {"kind": "voted", "seat": seat}) == (other != seat)
            view = state.view(other)
            assert view.ballots == ()
            assert view.my_ballot == tuple(H(*h) for h in cast_so_far.get(other, []))   # one's own only
    assert state.view("red").my_ballot == (H("green", "left"), H("green", "left"))
    assert state.to_act() == ("purple",)
    events = act(state, Vote("purple", "yellow", "left"))
    (shown,) = of(events, "votes")
    assert shown["round"] == "nomination"
    assert shown["ballots"] == {s: [list(h) for h in v] for s, v in ballots.items()}
    assert sorted(map(tuple, shown["tally"])) == sorted([("green", "left", 4), ("yellow", "left", 3),
                                                        ("red", "left", 1), ("blue", "right", 1)])
    for seat in (*state.seats, TABLE):
        view = state.view(seat)
        assert view.ballots == tuple(Ballot(1, "nomination", v, tuple(H(*h) for h in ballots[v]))
                                     for v in ("red", "blue", "green", "yellow", "purple"))
        assert view.my_ballot == ()


def test_the_two_most_voted_are_the_suspects_and_the_runoff_lynches_one():
    state = at_vote(5)
    events = cast(state, {"red": [("green", "left")] * 2, "blue": [("green", "left"), ("yellow", "left")],
                          "green": [("yellow", "left"), ("red", "left")], "yellow": [("green", "left")] * 2,
                          "purple": [("yellow", "left")]})
    assert of(events, "suspects") == [{"kind": "suspects", "paw": ["green", "left"], "fur": ["yellow", "left"]}]
    assert state.phase == "runoff"
    assert state.view(TABLE).runoffs == (Suspects(1, H("green", "left"), H("yellow", "left")),)
    assert state.legal_actions("blue") == [Mark("blue", "paw"), Mark("blue", "fur")]
    act(state, Mark("blue", "fur"))
    assert state.view("blue").my_marks == ("fur",) and state.view("red").my_marks == ()
    assert state.view(TABLE).ballots_in["blue"] == 1
    events = marks(state, {"red": ["fur", "fur"], "blue": ["paw"], "green": ["paw", "paw"], "yellow": ["fur", "paw"],
                           "purple": ["paw"]})
    (shown,) = of(events, "votes")
    assert (shown["paw"], shown["fur"]) == (5, 4)
    assert not state.alive["green"]["left"] and state.lynches == [Death(1, H("green", "left"))]
    assert of(events, "lynched", "green")[0]["character"] == "townsfolk"
    assert of(events, "lynched", "blue") == [{"kind": "lynched", "day": 1, "player": "green", "side": "left"}]
    assert state.phase == "night" and state.day == 2 and state.burgomaster == "blue"


def test_three_tied_at_the_top_the_burgomaster_picks_both_suspects_one_at_a_time():
    state = at_vote(5)
    events = cast(state, {"red": [("green", "left"), ("yellow", "left")],
                          "blue": [("purple", "left"), ("green", "left")],
                          "green": [("yellow", "left"), ("purple", "left")], "yellow": [("blue", "left")] * 2,
                          "purple": [("red", "right")]})
    # green L 2, yellow L 2, purple L 2, blue L 2: four tied at the top
    (tie,) = of(events, "tie")
    assert tie["purpose"] == "suspect" and len(tie["tied"]) == 4
    assert state.phase == "decide" and state.to_act() == ("red",)
    refused(state, Decide("red", "red", "right"), "lupusburg_refusal.not_tied")
    refused(state, Decide("blue", "green", "left"), "lupusburg_refusal.not_your_turn")
    act(state, Decide("red", "purple", "left"))
    assert state.phase == "decide" and state.tied == (H("blue", "left"), H("green", "left"), H("yellow", "left"))
    act(state, Decide("red", "blue", "left"))
    assert state.suspects == (H("purple", "left"), H("blue", "left")) and state.phase == "runoff"
    assert [d.purpose for d in state.view(TABLE).decisions] == ["suspect", "suspect"]


def test_a_tie_for_the_second_place_goes_to_the_burgomaster():
    state = at_vote(5)
    cast(state, {"red": [("green", "left")] * 2, "blue": [("green", "left"), ("yellow", "left")],
                 "green": [("yellow", "right"), ("red", "left")], "yellow": [("green", "left"), ("red", "left")],
                 "purple": [("yellow", "left")]})
    # green L 4; yellow L 2, red L 2 tied for the second place; yellow R 1
    assert state.phase == "decide" and state.suspects == (H("green", "left"),)
    assert state.tied == (H("red", "left"), H("yellow", "left"))
    act(state, Decide("red", "red", "left"))
    assert state.suspects == (H("green", "left"), H("red", "left"))


def test_a_tied_runoff_is_the_burgomasters_to_decide():
    # With one vote a living character the runoff's tokens are always odd in number (2N characters,
    # one gone each night and each day): a tie needs a position built with one more house gone.
    state = at_vote(5, dead=[("yellow", "right")], burgomaster="blue")
    cast(state, {"red": [("green", "left")] * 2, "blue": [("green", "left"), ("yellow", "left")],
                 "green": [("yellow", "left")] * 2, "yellow": [("red", "left")], "purple": [("yellow", "left")]})
    assert state.suspects == (H("yellow", "left"), H("green", "left")) and state.phase == "runoff"
    events = marks(state, {"red": ["paw", "fur"], "blue": ["paw", "fur"], "green": ["paw", "fur"],
                           "yellow": ["paw"], "purple": ["fur"]})
    (shown,) = of(events, "votes")
    assert shown["paw"] == shown["fur"] == 4
    (tie,) = of(events, "tie")
    assert tie["purpose"] == "lynch" and state.to_act() == ("blue",)
    assert state.legal_actions("blue") == [Decide("blue", "yellow", "left"), Decide("blue", "green", "left")]
    events = act(state, Decide("blue", "green", "left"))
    assert of(events, "decided")[0]["purpose"] == "lynch"
    assert state.lynches == [Death(1, H("green", "left"))]
    assert state.view(TABLE).decisions[-1] == Decision(1, "blue", "lynch", (H("yellow", "left"), H("green", "left")),
                                                      H("green", "left"))


def test_a_voter_may_not_vote_for_his_own_characters():
    state = at_vote(5)
    refused(state, Vote("green", "green", "left"), "lupusburg_refusal.own_house")
    refused(state, Vote("green", "purple", "right"), "lupusburg_refusal.house_gone")
    assert all(a.player != "green" for a in state.legal_actions("green"))


def test_the_plurality_lynch_is_one_secret_round_ties_to_the_burgomaster():
    state = at_vote(5, lynch="plurality")
    assert state.phase == "vote"
    events = cast(state, {"red": [("green", "left")] * 2, "blue": [("green", "left"), ("yellow", "left")],
                          "green": [("yellow", "left")] * 2, "yellow": [("green", "left"), ("red", "left")],
                          "purple": [("yellow", "left")]})
    assert of(events, "votes")[0]["round"] == "plurality"
    # green L 4, yellow L 4
    assert state.phase == "decide" and state.tied == (H("green", "left"), H("yellow", "left"))
    act(state, Decide("red", "yellow", "left"))
    assert state.lynches == [Death(1, H("yellow", "left"))] and state.phase == "night"
    clear = at_vote(5, lynch="plurality")
    cast(clear, {"red": [("green", "left")] * 2, "blue": [("green", "left"), ("yellow", "left")],
                 "green": [("yellow", "left")] * 2, "yellow": [("green", "left"), ("red", "left")],
                 "purple": [("green", "right")]})
    assert clear.lynches == [Death(1, H("green", "left"))]


def test_the_burgomaster_passes_clockwise_skipping_players_with_no_living_character():
    state = make_state(5, burgomaster="red", dead=[("blue", "left"), ("blue", "right")])
    night(state, {"red": ("purple", "right")})
    skip_to(state, "nominate")
    cast(state, {"red": [("green", "left")] * 2, "green": [("yellow", "left")] * 2, "yellow": [("green", "left")] * 2,
                 "purple": [("green", "right")]})
    assert state.suspects == (H("green", "left"), H("yellow", "left"))
    marks(state, {s: ["paw"] * 2 for s in state.seats})
    assert state.lynches == [Death(1, H("green", "left"))]
    assert state.burgomaster == "green" and state.burgomasters == ["red", "green"]   # blue is skipped
    assert state.phase == "night" and state.to_act() == ("green",)
    night_order = []
    while state.phase == "night":
        night_order.append(state.to_act()[0])
        act(state, state.legal_actions(state.to_act()[0])[0] if state.to_act()[0] != "red"
            else Point("red", "yellow", "right"))
    assert night_order == ["green", "yellow", "purple", "red", "blue"]
