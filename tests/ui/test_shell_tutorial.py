"""The shell's tutorial framework (game/ui/tutorial.py, ScriptedTutorial) on a toy tutorial of the
example title: a note, the player's one allowed move, the computer's moves paced for reading,
clicks elsewhere refused, the progress saved at each step, "Well done" at the end."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.example import Bid
from game.engine.replay import Match
from game.ui.scene import Scene
from game.ui.widgets import Button
from game.ui.tutorial import AUTO_FIRST, Coach, Progress, ScriptedTutorial, WellDoneScene, reading_time

CARD = pygame.FRect(700, 400, 120, 160)


@dataclass(frozen=True)
class Step:
    kind: str
    text: str
    actions: tuple = ()

    @property
    def expected(self):
        return self.actions[0] if self.kind == "do" else None


@dataclass(frozen=True)
class Script:
    steps: tuple = field(default_factory=tuple)

    def actions_before(self, index):
        return [a for s in self.steps[:index] for a in s.actions]


def toy_script():
    first = Match("example", {"rounds": 1, "hand_size": 1, "deck_size": 2}, 1).state
    north, south = first.hands["north"][0], first.hands["south"][0]
    return Script((
        Step("note", "Each round you place a card face down."),
        Step("do", "Place your card.", (Bid("north", north),)),
        Step("auto", "Now the computer places its card.", (Bid("south", south),)),
        Step("note", "Well done: that is the whole game."),
    ))


class ToyTutorial(ScriptedTutorial, Scene):
    """The smallest title-side tutorial: one card (a button) to click, the computer's moves played
    directly. The framework decides which clicks reach the card."""

    tutorial_name = "toy"

    def __init__(self, persist=True):
        Scene.__init__(self)
        self.script = toy_script()
        self.match = Match("example", {"rounds": 1, "hand_size": 1, "deck_size": 2}, 1)
        self.index, self.begun, self.finished, self.persist = 0, False, False, persist
        self.auto_wait, self.step_age, self.refusals, self._down_ok = AUTO_FIRST, 0.0, 0, False
        self.coach = Coach((40, 700, 560, 180), self.next_note, self.quit_tutorial)
        self.card = Button(CARD, "card", self.play_card)
        self.widgets = [self.card]
        self.played_by_click = 0

    def refresh(self):
        pass

    def enter(self):
        self.sync()

    def play_card(self):
        self.played_by_click += 1
        self.play_scripted(self.expected() or self.step.actions[0])

    def sentence(self, step=None):
        return (step or self.step).text

    def highlight(self):
        return ([CARD], False) if self.expected() is not None else None

    def expected_choice(self):
        return None

    def play_scripted(self, action):
        self.match.apply(action)
        self.sync()

    def update(self, dt):
        super().update(dt)
        self.coach.update(dt)
        self.tick_script(dt, on_top=self.is_top)


def test_the_toy_tutorial_narrows_clicks_paces_the_computer_and_ends_well(ui):
    app = ui.app(scenes=())
    tut = ToyTutorial()
    app.stack.push(tut)
    assert tut.coach.sentence == "Each round you place a card face down." and tut.coach.note
    assert Progress.load("toy").step == 0                      # saved as the step began
    ui.click(app, CARD.center)                                  # not now: it is a note
    assert tut.refusals == 1 and len(tut.match.log) == 0 and tut.played_by_click == 0
    ui.click_widget(app, tut.coach.continue_button)
    assert tut.step.kind == "do" and tut.highlight_point() == CARD.center
    ui.click(app, (100, 100))                                   # off the highlight: refused, nothing played
    assert tut.refusals == 2 and "Follow" in tut.coach.refusal and len(tut.match.log) == 0
    ui.click(app, CARD.center)                                  # the one allowed move
    assert tut.played_by_click == 1 and len(tut.match.log) == 1 and tut.step.kind == "auto"
    saved = Progress.load("toy")
    assert saved.step == 2 and len(saved.actions) == 1
    app.update(AUTO_FIRST - 0.1)
    assert len(tut.match.log) == 1                              # the computer waits: time to read
    read = reading_time(tut.coach.sentence)
    for _ in range(int(read * 10) + 40):
        app.update(0.1)
    assert len(tut.match.log) == 2 and tut.finished             # played, then the last note
    assert isinstance(app.stack.top, WellDoneScene)
    assert Progress.load("toy") is None                         # finished: nothing to resume
