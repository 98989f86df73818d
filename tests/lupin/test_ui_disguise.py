"""*Travestimento perfetto* on screen: a disguised member's turn offers "Reveal yourself" and "Stay
in disguise" as buttons and the first unseen squares lit on the board; his seat sees his letter
badge on the agent he hides in; a frame drawn for Zenigata is the same pixel for pixel whichever
agent hides him (and holds no badge)."""

from __future__ import annotations

import functools
import random

from game.engine.i18n import translator
from game.engine.replay import Match
from game.lupin.ai import BOTS
from game.lupin.rules.cards import Unmask, UnmaskHide
from game.lupin.ui.board_scene import LupinBoardScene
from tests.lupin.test_ui_kit import click, frame, make_app


@functools.lru_cache(maxsize=1)
def _disguised_turn() -> tuple[int, int, str]:
    """(seed, number of actions, member): a seeded heuristic game of Gran colpo played up to a turn
    in which a disguised member may reveal himself."""
    for seed in range(1, 80):
        match, member = _play(seed, None)
        if member is not None:
            return seed, len(match.log), member
    raise AssertionError("no seeded game reached a disguised member's turn")


def _play(seed: int, stop_after: int | None):
    match = Match("lupin", {"episode": "gran-colpo", "players": 5}, seed)
    rng = random.Random(seed)
    bots: dict[str, object] = {}
    while not match.state.is_over() and len(match.log) < 3000:
        state = match.state
        if stop_after is None:
            for c in state.gang:
                seat = state.seat_of[c]
                if state.phase == "gang" and state.figures[c].cards.get("disguise") \
                        and seat in state.to_act() and Unmask(seat, c) in state.legal_actions(seat):
                    return match, c
        elif len(match.log) == stop_after:
            return match, None
        seats = state.to_act()
        seat = seats[rng.randrange(len(seats))]
        bot = bots.setdefault(seat, BOTS["heuristic"](seed * 13 + len(bots)))
        match.apply(bot.choose(state.view(seat), state.legal_actions(seat)))
    return match, None


def disguised_match() -> tuple[Match, str]:
    """A fresh match at a disguised member's turn, and the member."""
    seed, n, member = _disguised_turn()
    match, _ = _play(seed, n)
    return match, member


def play_scene(match: Match, seat: str, lang: str = "en"):
    from game.lupin.ui.play_scene import LupinPlayScene
    app = make_app((), lang=lang)
    scene = LupinPlayScene(match, autosave=False, start_revealed=True)
    app.stack.push(scene)
    scene.reveal(seat)
    app.update(0.02)
    return app, scene


def board_frame(state, seat: str) -> bytes:
    app = make_app(())
    app.stack.push(LupinBoardScene(state, seat))
    return frame(app)


def test_a_disguised_members_turn_shows_reveal_and_stay_buttons_and_the_hiding_squares():
    match, member = disguised_match()
    seat = match.state.seat_of[member]
    agent = match.state.figures[member].cards["disguise"]
    for lang in ("en", "it"):
        translator().set_language(lang)
        app, scene = play_scene(match, seat, lang)
        labels = [c.label for c in scene.button_choices()]
        reveal = next(c for c in scene.button_choices() if isinstance(c.action, Unmask))
        stay = next(c for c in scene.button_choices() if c.type_name == "EndTurn" and c.action.figure == member)
        assert stay.kind == "end"
        if lang == "en":
            assert reveal.label.startswith("Reveal yourself on ") and stay.label == "Stay in disguise", labels
        else:
            assert reveal.label.startswith("Rivelati in ") and stay.label == "Resta travestito", labels
        hides = [c for c in scene.board_choices() if isinstance(c.action, UnmaskHide)]
        assert hides and all(c.kind == "move" for c in hides)
        assert scene.view["figures"][member]["disguised_as"] == agent
        frame(app)
    translator().set_language("en")
    # clicking "Reveal yourself" reveals him on the agent's square
    app, scene = play_scene(match, seat)
    button = next(b for b, c in scene.buttons if getattr(c, "action", None) == Unmask(seat, member))
    click(app, button.rect.center)
    state = match.state
    assert "disguise" not in state.figures[member].cards and state.is_shown(member)
    assert state.figures[agent].spot is None


def test_his_badge_is_drawn_for_his_seat_only():
    match, member = disguised_match()
    state = match.state
    seat = state.seat_of[member]
    agent = state.figures[member].cards["disguise"]
    other = next(a for a in sorted(state.agents_on_board()) if a != agent and not state.figures[a].holding
                 and isinstance(state.figures[a].spot, tuple) and len(state.figures[a].spot) == 2
                 and isinstance(state.figures[a].spot[0], int))
    moved = state.snapshot()
    moved.figures[member].cards["disguise"] = other
    # Zenigata's frame does not change with the agent he hides in; his own seat's does (the badge)
    assert board_frame(state, "zenigata") == board_frame(moved, "zenigata")
    assert board_frame(state, seat) != board_frame(moved, seat)
