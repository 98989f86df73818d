"""An idle window costs next to no CPU (issue #11): the loop draws at full rate only while the
player acts or something animates, and otherwise sleeps until input, waking a few times a second
so clocks go on counting."""

import time

import pygame
import pytest

from game.engine.settings import Settings
from game.ui import app as app_mod
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.widgets import Button


class Still(Scene):
    """A screen with a button and a clock that counts the time it is given."""

    def __init__(self, moving_for: float = 0.0):
        super().__init__()
        self.widgets = [Button((100, 100, 200, 60), "Go", lambda: None)]
        self.clock = 0.0
        self.moving_for = moving_for
        self.draws = 0

    def update(self, dt):
        super().update(dt)
        self.clock += dt

    def animating(self):
        return self.clock < self.moving_for or super().animating()

    def draw(self, canvas):
        self.draws += 1
        super().draw(canvas)


def _run(scene, seconds):
    """The real loop (dummy video driver) for ``seconds``; returns (frames drawn, CPU seconds)."""
    pygame.display.init()
    app = App(Settings(language="en"), persist=False, size=(640, 360), fullscreen=False)
    app.open_window()
    app.stack.push(scene)
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    cpu = time.process_time()
    app.run()
    return scene.draws, time.process_time() - cpu


def test_an_idle_screen_is_drawn_a_few_times_a_second_not_sixty():
    scene = Still()
    frames, cpu = _run(scene, 2.0)
    # the first half second after start counts as activity; then a frame every IDLE_WAIT
    assert frames <= 0.5 * 60 + 2.0 / app_mod.IDLE_WAIT + 3
    assert frames < 45          # 60 fps would be 120
    # its clock still counted the real time (the last sleep, cut short by the quit, is not counted)
    assert 2.0 - app_mod.IDLE_WAIT - 0.1 <= scene.clock <= 2.1


def test_an_animating_screen_gets_the_full_frame_rate():
    scene = Still(moving_for=10.0)
    frames, _ = _run(scene, 1.0)
    assert frames >= 40


def test_input_wakes_the_loop_at_once():
    scene = Still()
    pygame.display.init()
    app = App(Settings(language="en"), persist=False, size=(640, 360), fullscreen=False)
    app.open_window()
    app.stack.push(scene)
    seen = []
    original = app.process

    def process(event):
        if event.type == pygame.KEYDOWN:
            seen.append(time.perf_counter())
            app.quit()
        original(event)

    app.process = process
    pygame.event.clear()
    # let the loop fall asleep, then press a key
    pygame.time.set_timer(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0), 1500,
                          loops=1)
    start = time.perf_counter()
    app.run()
    assert seen and seen[0] - start < 1.5 + 0.1


def test_what_animates():
    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    scene = Still()
    app.stack.push(scene)
    app.update(0.02)
    assert not app.stack.animating()
    # hovering a button: its light fades in, then holds still
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 120), rel=(0, 0), buttons=(0, 0, 0)))
    app.update(0.02)
    assert app.stack.animating()
    for _ in range(20):
        app.update(0.02)
    assert not app.stack.animating()


def test_the_curtain_animates_then_rests():
    from game.ui.scenes.curtain import PULSE_TIME, CurtainScene

    curtain = CurtainScene("Lupin")
    assert curtain.animating()
    curtain.update(PULSE_TIME + 1.5)
    assert not curtain.animating()


def test_dice_animate_while_they_tumble_and_fade_in():
    from game.lupin.ui.dice import DicePanel, Roll

    panel = DicePanel()
    assert not panel.animating
    panel.rolls = [Roll([3, 4], "a", "b", True, "Hit")]
    panel.age = 0.0
    assert panel.animating
    panel.update(2.0)
    assert not panel.animating


@pytest.mark.parametrize("name", ["title", "lupin-play", "lupin-planning", "settings"])
def test_screens_at_rest_do_not_animate(name):
    """The title, the Lupin board and the shop, left alone, let the app sleep."""
    from game.ui.registry import build_scenes

    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    for scene in build_scenes(name, app):
        app.stack.push(scene)
    for _ in range(10):
        app.update(0.5)
    assert not app.stack.animating()


def test_the_lupin_board_animates_while_its_dice_roll():
    from game.ui.registry import build_scenes

    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    for scene in build_scenes("lupin-play", app):
        app.stack.push(scene)
    app.update(1.0)
    play = app.stack.top
    play.dice.show([{"kind": "shot", "figure": "jigen", "target": "zenigata", "dice": [3, 5], "need": 7,
                     "hit": True}])
    assert app.stack.animating()
    app.update(2.0)
    assert not app.stack.animating()


def test_the_tutorial_keeps_its_highlight_moving():
    """The tutorial points with a pulsing, bobbing highlight (motion, not colour alone): it animates."""
    from game.ui.registry import build_scenes

    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    for scene in build_scenes("lupin-tutorial", app):
        app.stack.push(scene)
    app.update(0.5)
    top = app.stack.top
    if getattr(top, "highlight", None) is None or top.highlight() is None:
        pytest.skip("the tutorial's first step shows no highlight")
    assert app.stack.animating()
