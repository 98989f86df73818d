"""Widgets react to the left mouse button the way players expect."""

import pygame
import pytest

from game.ui.canvas import Canvas
from game.ui.widgets import CLICK_GUARD, CLOCK, Button, Choice, Label, Slider, Toggle


def ev(kind, pos, button=1):
    if kind == "move":
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    t = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
    if kind == "down":
        CLOCK.advance(CLICK_GUARD + 0.01)   # a person's press: after the guard against stale clicks
    return pygame.event.Event(t, pos=pos, button=button)


def press(widget, pos, release=None, button=1):
    widget.handle(ev("move", pos))
    widget.handle(ev("down", pos, button))
    widget.handle(ev("up", release or pos, button))


def test_button_fires_on_release_inside_only():
    clicks = []
    b = Button((100, 100, 200, 60), "Play", lambda: clicks.append(1))
    press(b, (150, 120))
    assert clicks == [1]
    press(b, (150, 120), release=(500, 500))  # dragged away: cancelled
    assert clicks == [1]
    press(b, (150, 120), button=3)  # right button: not a click
    assert clicks == [1]
    b.handle(ev("up", (150, 120)))  # a release without a press (e.g. from the previous screen)
    assert clicks == [1]


def test_button_hover_and_disabled():
    clicks = []
    b = Button((0, 0, 100, 40), lambda: "Go", lambda: clicks.append(1), enabled=False)
    b.handle(ev("move", (10, 10)))
    assert b.hovered and not b.wants_hand
    press(b, (10, 10))
    assert clicks == []
    b.enabled = True
    b.update(0.5)
    assert b.wants_hand and b.hover_t == 1.0
    b.handle(ev("move", (300, 300)))
    assert not b.hovered


def test_toggle_flips_and_reports():
    seen = []
    tg = Toggle((0, 0, 90, 44), False, seen.append)
    press(tg, (45, 22))
    press(tg, (45, 22))
    assert seen == [True, False] and tg.value is False


def test_slider_drag_and_release():
    changes, releases = [], []
    s = Slider((0, 0, 400, 40), 0.5, changes.append, on_release=releases.append, step=0.05)
    tr = s.track
    s.handle(ev("move", (tr.left + 10, 20)))
    s.handle(ev("down", (tr.left + tr.width * 0.2, 20)))
    s.handle(ev("move", (tr.left + tr.width * 0.8, 300)))  # keeps dragging off the widget
    s.handle(ev("up", (tr.left + tr.width * 0.8, 300)))
    assert s.value == pytest.approx(0.8)
    assert changes[0] == pytest.approx(0.2) and releases == [pytest.approx(0.8)]
    s.handle(ev("move", (tr.right + 1000, 20)))
    assert s.value == pytest.approx(0.8)  # no longer dragging


def test_choice_cycles_with_the_arrows_and_wraps():
    seen = []
    c = Choice((0, 0, 300, 50), [("it", "Italiano"), ("en", "English"), ("fr", "Français")], "en", seen.append)
    press(c, (290, 25))
    assert c.value == "fr"
    press(c, (290, 25))
    assert c.value == "it"  # wrapped round
    press(c, (10, 25))
    assert c.value == "fr"
    press(c, (150, 25))  # the middle goes forward
    assert seen == ["fr", "it", "fr", "it"]


def test_label_wraps_long_text_inside_its_width():
    c = Canvas(pygame.Surface((1600, 900)))
    label = Label((100, 100), "Una banda che non deve farsi vedere, mai, per nessun motivo al mondo.", width=220)
    label.draw(c)
    assert label.rect.width == 220 and label.rect.height > 2 * c.line_height(22)
