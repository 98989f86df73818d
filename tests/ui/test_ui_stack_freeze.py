"""A modal overlay freezes the screen below it: drawn once, reused while the dialog is open."""

import pygame

from game.ui.canvas import Canvas
from game.ui.scene import Scene, SceneStack


class Counting(Scene):
    def __init__(self):
        super().__init__()
        self.draws = 0

    def draw(self, canvas):
        self.draws += 1
        canvas.fill((200, 10, 10))


class Dialog(Scene):
    overlay = True
    freeze_below = True

    def __init__(self):
        super().__init__()
        self.veil = 0

    def under_key(self):
        return self.veil

    def draw_under(self, canvas):
        canvas.fill((0, 0, 0, 128))


def test_the_scene_below_a_modal_dialog_is_drawn_once_and_reused():
    canvas = Canvas(pygame.Surface((320, 180)))
    stack = SceneStack()
    below, dialog = Counting(), Dialog()
    stack.push(below)
    stack.push(dialog)
    for _ in range(5):
        stack.draw(canvas)
    assert below.draws == 1
    frozen = canvas.surface.get_at((5, 5))
    assert frozen[0] < 200  # the veil is part of the frozen picture
    dialog.veil = 1  # the dialog asks for a new snapshot
    stack.draw(canvas)
    assert below.draws == 2
    stack.pop()
    stack.draw(canvas)
    stack.draw(canvas)
    assert below.draws == 4  # back to drawing every frame once the dialog is gone
