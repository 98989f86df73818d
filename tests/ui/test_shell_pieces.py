"""The shell's clock, pause, dice and turn-over (game/ui/clock.py, scenes/pause.py, dice.py, flip.py):
what a player notices: the warnings at their marks, a clock that stops under the pause, dice that
settle on the rolled faces, and a face never drawn for a seat that may not see it."""

from __future__ import annotations

import math

import pygame
import pytest

from game.ui.clock import UP, Banner, Countdown, clock_text
from game.ui.dice import ROLL_TIME, DicePanel, Roll
from game.ui.flip import DURATION, TurnOverScene
from game.ui.scene import Scene, SceneStack
from game.ui.scenes.pause import PauseScene


# ------------------------------------------------------------------------------ the clock

def test_the_clock_warns_at_its_marks_once_and_says_when_time_is_up():
    clock = Countdown(15 * 60, marks=(300, 60))
    told = []
    for _ in range(15 * 60 * 2):             # half-second ticks, 15 minutes
        told += clock.tick(0.5)
    assert told == [300, 60, UP]
    assert clock.is_up and clock.tick(1.0) == []     # nothing more once it is up
    assert clock_text(299.2) == "5:00" and clock_text(0) == "0:00" and clock_text(61) == "1:01"


def test_a_short_clock_does_not_warn_at_a_mark_above_its_length_and_a_resumed_one_goes_on():
    short = Countdown(180, marks=(300, 60))
    assert short.tick(200) == [60, UP]               # one long tick passes 60 and the end
    resumed = Countdown(900, marks=(300, 60), left=301)
    assert resumed.tick(0.5) == [] and resumed.tick(1.0) == [300] and resumed.remaining == pytest.approx(299.5)
    free = Countdown(None, marks=(60,))
    assert free.tick(1000) == [] and not free.is_up and free.remaining == math.inf


def test_the_clock_stops_while_paused_and_under_the_pause_scene():
    clock = Countdown(120, marks=(60,))
    clock.tick(10)
    stack = SceneStack()
    table = Scene()
    stack.push(table)
    pause = PauseScene(clocks=[clock])
    stack.push(pause)
    assert pause.seconds_left == 110                 # what the pause shows
    assert clock.tick(30) == [] and clock.remaining == 110   # nothing counts while paused
    pause.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
    assert stack.top is table and not clock.paused
    assert clock.tick(50) == [60] and clock.remaining == 60


def test_the_pause_hides_the_board_and_keeps_its_clicks(ui):
    app = ui.app(scenes=())
    clicked = []

    class Board(Scene):
        def handle(self, event):
            clicked.append(event.type)
            return True

    app.stack.push(Board())
    pause = PauseScene(seconds_left=75.0)
    app.stack.push(pause)
    assert pause.opaque and app.stack.visible() == [pause]          # nothing below is drawn
    drawn = []
    real = app.canvas.text
    app.canvas.text = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
    ui.frame(app)
    assert "The clock is stopped at 1:15" in drawn
    ui.click(app, (200, 200))
    assert clicked == [] and app.stack.top is pause
    ui.click_widget(app, pause.resume_button)
    assert app.stack.top is not pause


def test_a_warning_banner_fades_in_and_out_and_goes():
    banner = Banner("i12_shell.clock.warning", {"n": 5})
    assert banner.alpha == 0.0
    banner.update(0.2)
    assert banner.alpha == 1.0 and not banner.gone
    banner.update(3.9)
    assert banner.gone


# ------------------------------------------------------------------------------ the dice

class Sixes(DicePanel):
    def rolls_of(self, events):
        return [Roll(list(e["dice"]), "Roll", "", e["dice"][0] >= 4, "Hit") for e in events if e.get("dice")]


def test_the_dice_tumble_then_settle_on_the_faces_rolled(ui):
    app = ui.app(scenes=())
    faces = []
    panel = Sixes()
    panel.draw_face = lambda canvas, box, face, highlight: faces.append(face)
    panel.show([{"kind": "moved"}])
    assert panel.rolls == []                          # no roll, nothing shown
    panel.show([{"kind": "roll", "dice": [2, 5]}])
    assert panel.rolling and panel.animating
    panel.update(ROLL_TIME + 0.3)
    assert not panel.rolling and not panel.animating
    panel.draw(app.canvas, pygame.FRect(100, 100, 400, 80))
    assert faces == [2, 5]


# ------------------------------------------------------------------------------ the turn-over

def _drawn_faces(ui, entries):
    app = ui.app(scenes=())
    scene = TurnOverScene("North", entries)
    app.stack.push(scene)
    faces = []
    scene.draw_face = lambda c, r, entry: faces.append(entry["face"])
    for _ in range(12):                               # the whole turn, frame by frame
        ui.frame(app, DURATION / 8)
    return scene, faces


def test_a_seat_that_may_see_it_watches_the_face_and_the_others_a_question_mark(ui):
    scene, faces = _drawn_faces(ui, [{"kind": "flip", "face": 9}])
    assert scene.done and faces == [9]                # drawn once (then cached), for the seat that knows
    scene, faces = _drawn_faces(ui, [{"kind": "flip"}, {"kind": "flip"}])
    assert scene.done and faces == []                 # a redacted entry: no face at all
    with pytest.raises(ValueError, match="may not see"):
        scene.face_surface(ui.app(scenes=()).canvas, "face", {"kind": "flip"}, (100, 100))


def test_the_turn_over_skips_on_a_click_and_closes_on_the_next(ui):
    app = ui.app(scenes=())
    ready = []
    scene = TurnOverScene("South", [{"kind": "flip", "face": 3}], on_ready=lambda: ready.append(1))
    app.stack.push(scene)
    ui.frame(app, 0.2)
    ui.click(app, (800, 450))
    assert scene.done and app.stack.top is scene      # the first click finishes the turn
    ui.frame(app, 0.6)
    ui.click(app, (800, 450))
    assert app.stack.top is not scene and ready == [1]
