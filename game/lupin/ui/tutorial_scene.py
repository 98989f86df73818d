"""Lupin's tutorial: the play scene following the script of data/lupin/tutorial.yaml.

:class:`LupinTutorialScene` is a :class:`~game.lupin.ui.play_scene.LupinPlayScene` on a real
*Rosso rubino* game (the script's config and seed), seen always by the player's seat (the gang):
the computer plays Zenigata, so there is no curtain, and the board never shows the police's view.

* A **do** step narrows what the screen offers to the one expected action (the rules still judge
  it): only its square, target, button or card is lit, and :func:`game.ui.tutorial.draw_highlight`
  rings it; a click anywhere else is refused with a sentence and changes nothing. Pointing (hover
  hints, the odds of a shot) works everywhere.
* An **auto** step plays its actions one by one after a pause, so the player sees each happen
  (the police's turn); the screen offers nothing meanwhile.
* A **note** waits for *Continue*.

Each step starts by saving the progress (the step and the actions so far, in the player's
folder), so *Leave* (or Esc) goes back to the title and the title's *Tutorial* offers Resume /
Start over. The last step, once the gang has won, is the "Well done" screen.
"""

from __future__ import annotations

import inspect
from typing import Any

import pygame

from game.engine.api import action_to_json
from game.engine.i18n import t
from game.engine.replay import Match
from game.lupin.tutorial import Script, Step, load_script
from game.lupin.ui import choices as C
from game.lupin.ui.board_scene import BOARD_RECT, square_rect
from game.lupin.ui.play_scene import LupinPlayScene
from game.ui.scenes.title import back_to_title
from game.ui.tutorial import Coach, Progress, WellDoneScene, draw_highlight

NAME = "lupin"
AUTO_FIRST = 1.8      # seconds before the computer's first action of a step (time to read)
AUTO_NEXT = 0.9       # ... and between its actions
COACH_H = 156
FIGURE_VALUES = ("agent",)
ITEM_VALUES = ("card", "device")


def _script() -> Script:
    return load_script()


class LupinTutorialScene(LupinPlayScene):
    """See the module docstring. ``step``: where to begin (a resume); ``persist``: save the progress
    (off for screenshots)."""

    def __init__(self, script: Script | None = None, step: int = 0, *, persist: bool = True) -> None:
        self.script = script or _script()
        self.player = self.script.player
        self.index = max(0, min(step, len(self.script.steps) - 1))
        self.persist = persist
        self.begun = False
        self.auto_wait = AUTO_FIRST
        self.refusals = 0
        self.finished = False
        self._down_ok = False
        self.coach = Coach((BOARD_RECT.left + 18, BOARD_RECT.bottom - COACH_H - 14, BOARD_RECT.width - 36, COACH_H),
                           self.next_note, self.quit_tutorial)
        match = Match.replay("lupin", self.script.config, self.script.seed, self.script.actions_before(self.index),
                             game_id="tutorial")
        extra = {}
        if "plan_seconds" in inspect.signature(LupinPlayScene.__init__).parameters:
            extra["plan_seconds"] = None   # no planning clock: the computer plans here
        super().__init__(match, autosave=False, start_revealed=True, **extra)
        self.over = False   # the end of the game is the tutorial's "Well done", not the game-over screen
        self.seat, self.revealed = self.player, True
        self.coach.kicker = t("lupin_tutorial.name")

    # ================================================================ the script
    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    def expected(self) -> Any:
        """The action the player must make now (None during notes and the computer's moves)."""
        if not getattr(self, "begun", False) or self.finished:
            return None
        step = self.step
        return step.expected if step.kind == "do" else None

    def sentence(self, step: Step | None = None) -> str:
        step = step or self.step
        values = {}
        for k, v in step.values.items():
            if k in FIGURE_VALUES:
                values[k] = C.figure_name(v)
            elif k in ITEM_VALUES:
                name = C.item_name(v)
                values[k] = name[:1].lower() + name[1:] if k == "device" else name
            else:
                values[k] = v
        return t(step.key, **values)

    def _end_of(self, index: int) -> int:
        return len(self.script.actions_before(index + 1))

    def begin_step(self) -> None:
        self.begun = True
        step = self.step
        self.auto_wait = AUTO_FIRST
        self.coach.set(self.sentence(), self.index + 1, len(self.script.steps), note=step.kind == "note",
                       waiting=step.kind == "auto")
        last = self.index == len(self.script.steps) - 1
        if last and step.kind == "note" and self.match.state.is_over():
            self.finished = True
            if self.persist:
                Progress.clear(NAME)
            self.refresh()
            if self.stack is not None:
                self.stack.push(WellDoneScene(self.sentence(), on_back=self.to_title))
            return
        if self.persist:
            Progress(NAME, self.index, [action_to_json(a) for a in self.match.log]).save()
        self.refresh()

    def sync(self) -> None:
        """After an action: move on to the next step once this one's actions are all played."""
        if not self.begun:
            self.begin_step()
            return
        moved = False
        n = len(self.match.log)
        while self.index < len(self.script.steps) - 1 and self.step.kind != "note" and n >= self._end_of(self.index):
            self.index += 1
            moved = True
        if moved:
            self.begin_step()

    def next_note(self) -> None:
        if self.step.kind == "note" and not self.finished and self.index < len(self.script.steps) - 1:
            self.index += 1
            self.begin_step()

    def quit_tutorial(self) -> None:
        """*Leave*: back to the title; the progress of the step under way is already saved."""
        self.to_title()

    def to_title(self) -> None:
        back_to_title(self.stack)

    # ================================================================ the play scene, narrowed
    def acting_seat(self) -> str | None:
        return None if self.match.state.is_over() else getattr(self, "player", None)

    def next_in_turn(self) -> str | None:
        return None

    def advance(self) -> None:
        """The player's seat stays on screen (the computer plays Zenigata): no curtain, ever."""
        self.over = False
        self.handover_to = None
        self.pending = None
        self.seat, self.revealed = self.player, True
        self.refresh()
        self.sync()

    def reveal(self, seat: str) -> None:
        self.advance()

    def refresh(self) -> None:
        super().refresh()
        expected = self.expected()
        wanted = next((c for c in self.choices if expected is not None and c.action == expected), None)
        # the board keeps showing the expected action's kin (every square Lupin could move to, gold
        # or hatched; every target he could shoot at), so the sentence can talk about them; a
        # click on any of them but the highlighted one is refused (see handle)
        self.choices = [c for c in self.choices if wanted is not None and (
            c is wanted or (wanted.on_board and c.on_board and c.kind == wanted.kind and c.actor == wanted.actor))]
        self.actors = list(dict.fromkeys(c.actor for c in self.choices if c.actor is not None))
        if self.selected not in self.actors:
            self.selected = None
        if self.selected is None and self.actors:
            self.selected = self.actors[0]
        if self.popup is not None and not all(c in self.choices for c in self.popup.items):
            self.popup = None
        self._index()
        if self.undo_button in self.widgets:   # the script goes one way: no undo
            self.widgets.remove(self.undo_button)

    # ================================================================ where to click
    def expected_choice(self) -> C.Choice | None:
        exp = self.expected()
        return next((c for c in self.choices if c.action == exp), None) if exp is not None else None

    def highlight(self) -> tuple[list[pygame.FRect], bool] | None:
        """Where the player must click now: rects (logical) and whether to ring them round (a token)."""
        choice = self.expected_choice()
        if choice is None:
            return None
        if self.popup is not None:
            for b, c in zip(self.popup.buttons, self.popup.items):
                if c.action == choice.action:
                    return [pygame.FRect(b.rect)], False
        layout = getattr(self, "hand_layout", None)   # a mission card: the card in the hand
        if callable(layout) and choice.type_name == "PlayCard":
            for r, what, fid, cid in layout():
                if what == "face" and fid == choice.action.figure and cid == choice.action.card:
                    return [pygame.FRect(r)], False
        for b, payload in self.buttons:
            items = payload if isinstance(payload, list) else [payload]
            if any(getattr(c, "action", None) == choice.action for c in items):
                return [pygame.FRect(b.rect)], False
        if choice.actor is not None and choice.actor != self.selected and choice.actor in self.tokens:
            c, rad = self.tokens[choice.actor]
            return [pygame.FRect(c[0] - rad, c[1] - rad, 2 * rad, 2 * rad)], True
        squares = [sq for sq, cs in self.targets.items() if choice in cs]
        if squares:
            target = getattr(choice.action, "target", None)
            if choice.kind in ("shoot", "melee") and target in self.tokens:
                c, rad = self.tokens[target]
                return [pygame.FRect(c[0] - rad, c[1] - rad, 2 * rad, 2 * rad)], True
            return [square_rect(*sq) for sq in squares], False
        return None

    def highlight_point(self) -> tuple[float, float] | None:
        """The centre of what to click (tests and tools click there)."""
        h = self.highlight()
        if h is None:
            return None
        rects, _ = h
        if len(rects) > 1:   # a building's rooms: the middle one
            return rects[len(rects) // 2].center
        return rects[0].center

    def _hits_highlight(self, pos: Any) -> bool:
        h = self.highlight()
        if h is None:
            return self.expected_choice() is not None   # nothing to ring (an unknown widget): let it through
        rects, _ = h
        return any(r.inflate(6, 6).collidepoint(pos) for r in rects)

    def refusal_text(self) -> str:
        step = self.step
        if step.kind == "note":
            hint = t("tutorial.continue")
        elif step.kind == "auto" or self.finished:
            hint = t("tutorial.watch")
        else:
            choice = self.expected_choice()
            hint = choice.label if choice is not None else self.sentence()
        return t("tutorial.follow", hint=hint)

    def refuse(self) -> None:
        self.refusals += 1
        self.coach.refuse(self.refusal_text())

    # ================================================================ input
    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.quit_tutorial()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.coach.handle(event)
            super().handle(event)
            return True
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return super().handle(event)
        if self.coach.handle(event):
            return True
        if getattr(event, "button", 1) != 1:
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._down_ok = not self.coach.contains(event.pos) and self._hits_highlight(event.pos)
            if not self._down_ok:
                self.refuse()
                return True
            return super().handle(event)
        ok, self._down_ok = self._down_ok, False
        return super().handle(event) if ok else True

    # ================================================================ per frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.coach.update(dt)
        step = self.step
        if not self.begun or self.finished or step.kind != "auto" or not self.is_top:
            return
        if self.dice.rolls and self.dice.rolling:
            return
        self.auto_wait -= dt
        if self.auto_wait > 0:
            return
        done = len(self.match.log) - len(self.script.actions_before(self.index))
        if done >= len(step.actions):
            self.sync()
            return
        self.auto_wait = AUTO_NEXT
        action = step.actions[done]
        self.play(C.classify(action, self.view, self.geo))

    def animating(self) -> bool:   # the highlight pulses and bobs (issue #11: else the app idles)
        return super().animating() or (not self.finished and self.highlight() is not None)

    # ================================================================ drawing
    def draw(self, canvas: Any) -> None:
        super().draw(canvas)
        h = self.highlight() if not self.finished else None
        self._place_coach(h)
        if h is not None:
            rects, round_ = h
            if len(rects) == 1:
                draw_highlight(canvas, rects[0], self.time, round_=round_)
            else:
                union = rects[0].unionall(rects[1:])
                for r in rects:
                    canvas.border((*self._gold(), 200), r.inflate(-3, -3), width=2, radius=3)
                draw_highlight(canvas, union, self.time)
        if not self.finished:
            self.coach.draw(canvas, self.time)

    @staticmethod
    def _gold() -> tuple[int, int, int]:
        from game.ui import theme
        return theme.GOLD_LIGHT

    def _place_coach(self, h: Any) -> None:
        """The sentence sits at the bottom of the board, or at the top when what it points at (or
        Lupin) is down there."""
        bottom = pygame.FRect(BOARD_RECT.left + 18, BOARD_RECT.bottom - COACH_H - 14, BOARD_RECT.width - 36, COACH_H)
        top = pygame.FRect(BOARD_RECT.left + 18, BOARD_RECT.top + 14, BOARD_RECT.width - 36, COACH_H)
        points = []
        if h is not None:
            points += [r.center for r in h[0] if r.left < BOARD_RECT.right]
        if self.player in self.tokens:
            points.append(self.tokens[self.player][0])
        low = any(bottom.inflate(0, 40).collidepoint(p) for p in points)
        high = any(top.inflate(0, 40).collidepoint(p) for p in points)
        rect = top if low and not high else (bottom if not low else (top if not high else bottom))
        if rect != self.coach.rect:
            self.coach.move_to(rect)

    def wants_hand_cursor(self) -> bool:
        if any(w.wants_hand for w in self.coach.widgets):
            return True
        return super().wants_hand_cursor()


# ------------------------------------------------------------------------------------ resuming

def progress_fits(progress: Progress) -> bool:
    """A saved progress still matches the script (a new script, regenerated for new rules, starts over)."""
    script = _script()
    if progress.step >= len(script.steps):
        return False
    return progress.actions == [action_to_json(a) for a in script.actions_before(progress.step)]
