"""Stale clicks (issue #11): the second click of a double click, or a click meant for a button that
has just been replaced, does not land on the button that appeared in its place."""

import pygame

from game.engine.settings import Settings
from game.ui.app import App
from game.ui.scene import Scene
from game.ui import widgets
from game.ui.widgets import Button

CLICK_GUARD = getattr(widgets, "CLICK_GUARD", 0.35) + 0.01

SPOT = (600, 400, 300, 60)


class Turns(Scene):
    """An "End turn" button whose click ends the turn and puts the next seat's "End turn" in its
    place (the hot-seat table with two gang members)."""

    def __init__(self):
        super().__init__()
        self.ended: list[int] = []
        self._button()

    def _button(self):
        n = len(self.ended)
        self.widgets = [Button(SPOT, f"End turn {n}", lambda: self._end(n))]

    def _end(self, n):
        self.ended.append(n)
        self._button()


def _app(scene):
    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    app.stack.push(scene)
    app.update(0.02)
    app.update(1.0)   # the screen has been up for a while
    return app


def _ev(app, kind, pos):
    px = app.canvas.point_px(pos)
    if kind == "move":
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=px, rel=(0, 0), buttons=(0, 0, 0)))
    else:
        t = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
        app.process(pygame.event.Event(t, pos=px, button=1))

def _stale_then_taken(app, scene, pos) -> None:
    """A click at ``pos`` right away is ignored; the same click once the guard has passed counts."""
    _ev(app, "move", pos)
    _ev(app, "down", pos)
    _ev(app, "up", pos)
    assert scene.log == []
    app.update(CLICK_GUARD)
    _ev(app, "down", pos)
    _ev(app, "up", pos)
    assert scene.log == ["confirm"]



def _double_click(app, pos, gap=0.12):
    """Two quick clicks, the app's frames running in between as in its loop."""
    _ev(app, "move", pos)
    _ev(app, "down", pos)
    _ev(app, "up", pos)
    app.update(gap / 2)
    app.update(gap / 2)
    _ev(app, "down", pos)
    _ev(app, "up", pos)
    app.update(0.02)


def test_a_double_click_on_end_turn_ends_one_turn_only():
    scene = Turns()
    app = _app(scene)
    _double_click(app, (750, 430))
    assert scene.ended == [0]
    # a moment later, the next seat's button takes a click as usual
    app.update(CLICK_GUARD)
    _ev(app, "down", (750, 430))
    _ev(app, "up", (750, 430))
    assert scene.ended == [0, 1]


def test_a_double_click_with_several_frames_between_still_counts_once():
    scene = Turns()
    app = _app(scene)
    _ev(app, "move", (750, 430))
    _ev(app, "down", (750, 430))
    _ev(app, "up", (750, 430))
    for _ in range(12):             # 0.2 s of frames at 60 fps
        app.update(1 / 60)
    _ev(app, "down", (750, 430))
    _ev(app, "up", (750, 430))
    assert scene.ended == [0]


class TimedOut(Scene):
    """"Confirm the plan" until the clock replaces it, without a click, by another button."""

    def __init__(self):
        super().__init__()
        self.log: list[str] = []
        self.widgets = [Button(SPOT, "Confirm the plan", lambda: self.log.append("confirm"))]

    def time_out(self):
        self.widgets = [Button(SPOT, "Escape", lambda: self.log.append("escape"))]


def test_a_button_a_time_out_puts_under_the_cursor_ignores_the_click_meant_for_the_old_one():
    scene = TimedOut()
    app = _app(scene)
    _ev(app, "move", (750, 430))
    scene.time_out()
    app.update(0.05)
    _ev(app, "down", (750, 430))
    _ev(app, "up", (750, 430))
    assert scene.log == []
    app.update(CLICK_GUARD)
    _ev(app, "down", (750, 430))
    _ev(app, "up", (750, 430))
    assert scene.log == ["escape"]


def test_a_button_that_has_just_moved_under_the_cursor_ignores_a_press():
    scene = TimedOut()
    app = _app(scene)
    button = scene.widgets[0]
    button.rect.y += 80
    app.update(0.05)
    _stale_then_taken(app, scene, (750, 510))


def test_a_press_must_start_on_the_button():
    scene = TimedOut()
    app = _app(scene)
    _ev(app, "move", (200, 200))
    _ev(app, "down", (200, 200))
    _ev(app, "move", (750, 430))
    _ev(app, "up", (750, 430))
    assert scene.log == []


def test_a_new_screen_ignores_presses_for_a_moment_then_takes_them():
    scene = TimedOut()
    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    app.stack.push(scene)
    app.update(0.05)
    _stale_then_taken(app, scene, (750, 430))


def test_a_button_added_beside_others_rearms_them_all():
    scene = TimedOut()
    app = _app(scene)
    scene.widgets.append(Button((600, 500, 300, 60), "Undo", lambda: None))
    app.update(0.05)
    _ev(app, "move", (750, 430))
    _ev(app, "down", (750, 430))
    _ev(app, "up", (750, 430))
    assert scene.log == []


def test_a_double_click_on_lupins_end_turn_does_not_end_jigens_too():
    """Issue #11 as a player met it: with two players Lupin's player leads Lupin and Jigen; one
    double click on "End turn" ended Lupin's turn and then Jigen's, whose button took its place."""
    from game.lupin.ui.play_scene import LupinPlayScene
    from game.lupin.ui.scenes import seeded_match

    match = seeded_match("rosso-rubino", 7, 3, "gang", 2)
    scene = LupinPlayScene(match, autosave=False, start_revealed=True)
    app = _app(scene)
    end = next(b for b, c in scene.buttons if getattr(c, "kind", None) == "end")
    before = len(match.log)
    _double_click(app, end.rect.center)
    assert len(match.log) == before + 1
    # the next End turn is there, and a deliberate click a moment later takes it
    again = next((b for b, c in scene.buttons if getattr(c, "kind", None) == "end"), None)
    if again is not None and again.rect.collidepoint(end.rect.center) and app.stack.top is scene:
        app.update(CLICK_GUARD)
        _ev(app, "down", end.rect.center)
        _ev(app, "up", end.rect.center)
        assert len(match.log) == before + 2
