"""The scene stack: push, pop, replace, overlays; no window needed."""

import pygame
import pytest

from game.ui.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, consume=True, **flags):
        super().__init__()
        self.name, self.log, self.consume = name, log, consume
        for k, v in flags.items():
            setattr(self, k, v)
        self.events, self.updates = [], 0

    def enter(self):
        self.log.append(("enter", self.name))

    def leave(self):
        self.log.append(("leave", self.name))

    def pause(self):
        self.log.append(("pause", self.name))

    def resume(self):
        self.log.append(("resume", self.name))

    def handle(self, event):
        self.events.append(event)
        return self.consume

    def update(self, dt):
        self.updates += 1

    def draw(self, canvas):
        canvas.append(self.name)


def _event():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)


def test_push_pop_call_the_life_cycle_in_order():
    log = []
    stack = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b and len(stack) == 2 and a.stack is stack
    assert stack.pop() is b
    assert b.stack is None and stack.top is a
    assert log == [("enter", "a"), ("pause", "a"), ("enter", "b"), ("leave", "b"), ("resume", "a")]


def test_replace_swaps_the_top_only():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    log.clear()
    assert stack.replace(c) is b
    assert stack.scenes == [a, c]
    assert log == [("leave", "b"), ("enter", "c")]
    # replace on an empty stack is a push
    empty = SceneStack()
    assert empty.replace(Probe("d", log)) is None and len(empty) == 1


def test_pop_of_an_empty_stack_and_double_push_are_errors():
    stack = SceneStack()
    with pytest.raises(IndexError):
        stack.pop()
    a = Probe("a", [])
    stack.push(a)
    with pytest.raises(ValueError):
        stack.push(a)


def test_only_the_top_scene_gets_input():
    stack = SceneStack()
    a, b = Probe("a", []), Probe("b", [], overlay=True)
    stack.push(a)
    stack.push(b)
    assert stack.handle(_event()) is True
    assert len(b.events) == 1 and a.events == []


def test_an_overlay_draws_over_the_scene_below_which_keeps_drawing():
    stack = SceneStack()
    a, b, c = Probe("a", []), Probe("b", []), Probe("c", [], overlay=True)
    for s in (a, b, c):
        stack.push(s)
    drawn = []
    stack.draw(drawn)
    assert drawn == ["b", "c"]  # a is covered by the non-overlay b
    stack.update(0.1)
    assert (a.updates, b.updates, c.updates) == (0, 1, 1)


def test_overlays_stack_on_overlays():
    stack = SceneStack()
    scenes = [Probe("base", []), Probe("o1", [], overlay=True), Probe("o2", [], overlay=True)]
    for s in scenes:
        stack.push(s)
    drawn = []
    stack.draw(drawn)
    assert drawn == ["base", "o1", "o2"]


def test_an_opaque_overlay_hides_everything_below():
    stack = SceneStack()
    stack.push(Probe("board", []))
    curtain = stack.push(Probe("curtain", [], overlay=True, opaque=True))
    drawn = []
    stack.draw(drawn)
    assert drawn == ["curtain"]
    stack.push(Probe("dialog", [], overlay=True))
    drawn = []
    stack.draw(drawn)
    assert drawn == ["curtain", "dialog"]
    assert stack.visible()[0] is curtain


def test_remove_and_close_take_a_scene_off_wherever_it_is():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    for s in (a, b, c):
        stack.push(s)
    b.close()
    assert stack.scenes == [a, c] and ("leave", "b") in log
    c.close()
    assert stack.scenes == [a] and log[-1] == ("resume", "a")
    stack.clear()
    assert len(stack) == 0


def test_unused_events_return_false_so_the_app_can_act():
    stack = SceneStack()
    stack.push(Probe("a", [], consume=False))
    assert stack.handle(_event()) is False
    assert SceneStack().handle(_event()) is False
