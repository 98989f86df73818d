"""The shell's set-up, end screen and replay viewer (game/ui/scenes/setup.py, end.py, replay.py),
played on the example title (sealed bids) the way a person would: clicks, keys, what is drawn."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.engine import titles
from game.engine.playout import RandomBot
from game.engine.replay import Match
from game.ui import registry
from game.ui.scene import Scene
from game.ui.scenes.end import EndScene, finished_example, winners_title
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.setup import PERSON, SetupScene
from game.ui.scenes.title import TitleScene


class FakeTable(Scene):
    """A throwaway table (the real one is another part of issue #12): it keeps what it was given."""

    def __init__(self, **given):
        super().__init__()
        self.given = given


@pytest.fixture
def table(monkeypatch):
    """The example's spec with a table scene named "test-table", registered for this test only."""
    calls = []

    def factory(app, **opts):
        calls.append(opts)
        return FakeTable(**opts)

    monkeypatch.setitem(registry.SCENES, "test-table", factory)
    spec = dataclasses.replace(titles.title("example"), table_scene="test-table")
    return spec, calls


def recorder(app):
    drawn = []
    real = app.canvas.text

    def record(text, *args, **kw):
        drawn.append(text)
        return real(text, *args, **kw)

    app.canvas.text = record
    return drawn


def redraw(ui, app, drawn):
    drawn.clear()
    app.canvas._layers.clear()
    ui.frame(app)
    return drawn


def push(ui, *scenes):
    app = ui.app(scenes=())
    app.stack.push(TitleScene())
    for scene in scenes:
        app.stack.push(scene)
    app.update(0.02)
    return app


# ------------------------------------------------------------------------------ the set-up

def test_start_opens_the_table_with_the_options_seed_and_computer_seats_chosen(ui, table):
    spec, calls = table
    setup = SetupScene(spec, seed=41, look_for_saves=False)
    app = push(ui, setup)
    assert list(setup.seat_choices) == ["north", "south"]
    rounds = setup.option_widgets["rounds"]
    ui.click(app, (rounds.rect.right - 10, rounds.rect.centery))          # › : 3 → 4 rounds
    south = setup.seat_choices["south"]
    ui.click(app, (south.rect.right - 10, south.rect.centery))            # › : person → computer
    assert setup.who_plays() == {"north": PERSON, "south": "random"}
    ui.click_widget(app, setup.start_button)
    assert isinstance(app.stack.top, FakeTable) and setup not in app.stack   # the table took its place
    (given,) = calls
    match = given["match"]
    assert (match.title, match.seed, match.config["rounds"], len(match.log)) == ("example", 41, 4, 0)
    assert set(given["computer"]) == {"south"} and isinstance(given["computer"]["south"], RandomBot)
    assert given["autosave"] is True


def test_new_seed_changes_the_seed_shown_and_a_bad_option_says_why_and_blocks_start(ui, table):
    spec, calls = table
    setup = SetupScene(spec, seed=41, look_for_saves=False)
    app = push(ui, setup)
    drawn = recorder(app)
    ui.click_widget(app, setup.new_seed_button)
    assert setup.seed_stepper.value != 41
    assert f"Seed {setup.seed_stepper.value}" in redraw(ui, app, drawn)
    hand = setup.option_widgets["hand_size"]
    ui.click(app, (hand.rect.left + 10, hand.rect.centery))      # ‹ : 4 → 3 cards
    ui.click(app, (hand.rect.left + 10, hand.rect.centery))      # ‹ : 3 → 2 cards, fewer than 3 rounds
    assert not setup.start_button.enabled
    assert "a hand of 2 cards cannot last 3 rounds" in redraw(ui, app, drawn)
    ui.click_widget(app, setup.start_button)
    assert app.stack.top is setup and calls == []                 # nothing started, nothing lost
    ui.click(app, (hand.rect.right - 10, hand.rect.centery))     # › : back to 3: fine again
    assert setup.start_button.enabled and setup.error is None


def test_resume_is_offered_only_when_an_unfinished_save_of_the_title_exists(ui, table):
    from game.engine.saves import Autosaver

    spec, calls = table
    setup = SetupScene(spec, seed=1)
    app = push(ui, setup)
    assert not setup.resume_button.visible                       # no save at all
    app.stack.pop()
    Autosaver()(finished_example())                              # a finished game: nothing to resume
    setup = SetupScene(spec, seed=1)
    app.stack.push(setup)
    assert not setup.resume_button.visible
    app.stack.pop()
    going = Match("example", {}, 5, game_id="going-on")
    seat = going.state.to_act()[0]
    going.apply(going.state.legal_actions(seat)[-1])
    Autosaver(ui=lambda m: {"computer": {"south": "random"}})(going)
    setup = SetupScene(spec, seed=1)
    app.stack.push(setup)
    app.update(0.02)
    assert setup.resume_button.visible
    ui.click_widget(app, setup.resume_button)
    (given,) = calls
    assert given["match"].game_id == "going-on" and list(given["match"].log) == list(going.log)
    assert set(given["computer"]) == {"south"}                   # its computer seats as saved


def test_without_a_table_scene_start_says_so_and_stays(ui):
    spec = dataclasses.replace(titles.title("example"), table_scene=None)
    setup = SetupScene(spec, seed=3, look_for_saves=False)
    app = push(ui, setup)
    ui.click_widget(app, setup.start_button)
    assert app.stack.top is setup and setup.error == "This game has no table to play at yet."


def test_the_set_up_reads_in_italian(ui):
    app = ui.app(scenes=("example-setup",), lang="it")
    drawn = recorder(app)
    text = redraw(ui, app, drawn)
    assert {"Offerte sigillate (esempio)", "Turni", "Nord", "Sud", "Persona", "Computer", "Partita n. 7"} <= set(text)


def test_play_example_opens_the_window_on_the_shell_set_up(monkeypatch, capsys):
    from game import cli
    from game.engine import i18n
    from game.ui.app import App

    monkeypatch.setattr(i18n._default, "lang", i18n.current_language())
    seen = {}
    run = App.run

    def spy(self):
        seen["app"] = self
        return run(self)

    monkeypatch.setattr(App, "run", spy)
    monkeypatch.setenv("HEIST_TABLE_EXIT_AFTER_FIRST_FRAME", "1")
    assert cli.main(["play", "example", "--seed", "12", "--size", "800x450"]) == 0
    top = seen["app"].stack.top
    assert isinstance(top, SetupScene) and top.spec.name == "example" and top.seed_stepper.value == 12
    assert [type(s) for s in seen["app"].stack] == [TitleScene, SetupScene]


# ------------------------------------------------------------------------------ the end screen

def test_the_end_screen_names_the_winner_and_each_seat_in_both_languages(ui):
    match = finished_example()
    res = match.state.result()
    assert res is not None and res.winners == ("north",)          # seed 3: North wins 3-0
    for lang, title, seats, points in (("en", "North wins", ("North", "South"), "3 points"),
                                       ("it", "Vince Nord", ("Nord", "Sud"), "3 punti")):
        app = ui.app(scenes=(), lang=lang)
        app.stack.push(EndScene(match))
        drawn = recorder(app)
        text = redraw(ui, app, drawn)
        assert title in text and set(seats) <= set(text) and points in text
    from game.engine.i18n import set_language

    set_language("en")
    spec = titles.title("example")
    assert winners_title(spec, []) == "A draw"
    assert winners_title(spec, ["north", "south"]) == "North and South win"


def test_the_end_screen_buttons_replay_play_again_and_back_to_the_title(ui):
    match = finished_example()
    end = EndScene(match, players={"south": "random"})
    app = push(ui, end)
    ui.click_widget(app, end.replay_button)
    assert isinstance(app.stack.top, ReplayScene)
    ui.key(app, pygame.K_ESCAPE)
    assert app.stack.top is end
    ui.click_widget(app, end.again_button)
    again = app.stack.top
    from game.engine.example import DEFAULTS

    assert isinstance(again, SetupScene) and again.config() == {**DEFAULTS, **match.config}
    assert again.who_plays() == {"north": PERSON, "south": "random"}
    made = registry.build_scenes("shell-end", app, match=match, computer={"north": RandomBot(1)})
    app.stack.replace(made[0])                         # as the table opens it: its computer seats kept
    ui.click_widget(app, app.stack.top.again_button)
    assert app.stack.top.who_plays() == {"north": "random", "south": PERSON}
    app.stack.replace(EndScene(match))
    ui.click_widget(app, app.stack.top.title_button)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


# ------------------------------------------------------------------------------ the replay

def test_the_replay_steps_forward_and_back_and_shows_every_secret(ui):
    match = finished_example()
    replay = ReplayScene(match)
    app = push(ui, replay)
    drawn = recorder(app)
    assert replay.index == 0
    first = Match("example", match.config, match.seed).state
    text = redraw(ui, app, drawn)
    south_hand = " ".join(str(c) for c in sorted(first.hands["south"]))
    north_hand = " ".join(str(c) for c in sorted(first.hands["north"]))
    assert north_hand in text and south_hand in text                # both hands: nothing hidden any more
    ui.key(app, pygame.K_RIGHT)
    ui.key(app, pygame.K_RIGHT)
    assert replay.index == 2
    action = match.log[1]
    assert f"Move 2 of {len(match.log)}" in redraw(ui, app, drawn)
    assert any(f"placed the {action.card} face down" in s for s in drawn)  # the card shown, un-redacted
    ui.key(app, pygame.K_LEFT)
    assert replay.index == 1
    again = Match.replay("example", match.config, match.seed, list(match.log)[:1]).state
    assert replay.current.hands == again.hands and replay.current.face_down == again.face_down
    ui.key(app, pygame.K_END)
    assert replay.index == len(match.log) and "North wins" in redraw(ui, app, drawn)
    ui.click_widget(app, replay.controls[0])                        # first
    assert replay.index == 0


def test_the_replay_plays_by_itself_and_refuses_a_game_not_over(ui):
    match = finished_example()
    replay = ReplayScene(match)
    app = push(ui, replay)
    ui.key(app, pygame.K_SPACE)
    assert replay.playing
    app.update(0.75)
    assert replay.index == 1
    ui.key(app, pygame.K_SPACE)
    app.update(2.0)
    assert replay.index == 1 and not replay.playing
    going = Match("example", {}, 5)
    with pytest.raises(ValueError, match="only once it is over"):
        ReplayScene(going)
