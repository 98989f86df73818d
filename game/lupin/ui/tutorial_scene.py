"""Lupin's tutorial: the play scene following the script of data/lupin/tutorial.yaml.

:class:`LupinTutorialScene` is a :class:`~game.lupin.ui.play_scene.LupinPlayScene` on a real
*Rosso rubino* game (the script's config and seed), seen always by the player's seat (the gang):
the computer plays Zenigata, so there is no curtain, and the board never shows the police's view.

* A **do** step narrows what the screen offers to the one expected action (the rules still judge
  it): only its square, target, button or card is lit, and :func:`game.ui.tutorial.draw_highlight`
  rings it; a click anywhere else is refused with a sentence and changes nothing. Pointing (hover
  hints, the odds of a shot) works everywhere.
* An **auto** step plays its actions one by one after a pause, so the player sees each happen
  (the police's turn); the board offers nothing meanwhile. Its sentence stays at least as long
  as it takes to read (:func:`reading_time`): the last action (often the one that changes the
  screen, such as the end of the police's placement opening the shop) waits for it, and the step
  moves on a moment after. *Continue* is there all along: it plays what is left at once and
  moves on, for a player who has read enough.
* A **note** waits for *Continue*.

The sentence panel sits at the top or the bottom of the board, wherever it hides least of what
matters now (:meth:`LupinTutorialScene.coach_weights`: what to click, the player's figure, the
figures the step moves or names, the police). The turn box agrees with it: during a note it says
to read and click *Continue*, during the computer's moves to watch.

Each step starts by saving the progress (the step and the actions so far, in the player's
folder), so *Leave* (or Esc) goes back to the title and the title's *Tutorial* offers Resume /
Start over. The last step, once the gang has won, is the "Well done" screen.
"""

from __future__ import annotations

import inspect
from typing import Any

import pygame

from game.engine.i18n import t
from game.lupin.tutorial import Script, Step, load_script
from game.lupin.ui import choices as C
from game.lupin.ui.board_scene import BOARD_RECT, square_rect
from game.lupin.ui.play_scene import LupinPlayScene, seat_name
from game.ui.tutorial import AUTO_AFTER, AUTO_FIRST, AUTO_NEXT, READ_MIN, READ_WORDS_PER_SECOND  # noqa: F401
from game.ui.tutorial import Coach, Progress, ScriptedTutorial, draw_highlight, reading_time, script_fits  # noqa: F401

NAME = "lupin"
COACH_H = 156         # the sentence panel's first height (then: as its sentence needs)
COACH_W = 560         # its width: about half the board, so a corner can be found where it hides nothing
COACH_MARGIN = 14
FIGURE_VALUES = ("agent",)
ITEM_VALUES = ("card", "device")


def _script() -> Script:
    return load_script()


class LupinTutorialScene(ScriptedTutorial, LupinPlayScene):
    """See the module docstring. ``step``: where to begin (a resume); ``persist``: save the progress
    (off for screenshots). The script's stepping, pacing and narrowing are the shell's
    (:class:`game.ui.tutorial.ScriptedTutorial`)."""

    coach_width = COACH_W
    coach_clearance = 30

    tutorial_name = NAME

    def __init__(self, script: Script | None = None, step: int = 0, *, persist: bool = True) -> None:
        match = self.begin_script("lupin", script or _script(), step, persist,
                                  (BOARD_RECT.left + COACH_MARGIN, BOARD_RECT.bottom - COACH_H - COACH_MARGIN,
                                   COACH_W, COACH_H))
        extra = {}
        if "plan_seconds" in inspect.signature(LupinPlayScene.__init__).parameters:
            extra["plan_seconds"] = None   # no planning clock: the computer plans here
        super().__init__(match, autosave=False, start_revealed=True, **extra)
        self.over = False   # the end of the game is the tutorial's "Well done", not the game-over screen
        self.seat, self.revealed = self.player, True
        self.coach.kicker = t("lupin_tutorial.name")

    # ================================================================ the script (the shell's), Lupin's texts
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

    def play_scripted(self, action: Any) -> None:
        self.play(C.classify(action, self.view, self.geo))

    def busy(self) -> bool:
        return bool(self.dice.rolls and self.dice.rolling)

    # ================================================================ the play scene, narrowed
    def acting_seat(self) -> str | None:
        return None if self.match.state.is_over() else getattr(self, "player", None)

    def next_in_turn(self) -> str | None:
        return None

    def instruction(self) -> str:
        """The turn box says what the tutorial's sentence asks, never "Nothing to do" beside
        "It is your turn": read and click Continue on a note, watch while the computer plays."""
        step = self.step if getattr(self, "script", None) is not None else None
        if step is None or not getattr(self, "begun", False) or self.over:
            return super().instruction()
        if self.finished:
            return ""               # the "Well done" screen is up
        if step.kind == "do" and len(self.match.log) >= self.end_of(self.index):
            return t("i11_texts.tutorial.watch_result")   # done: its result plays out (a tile turning)
        if step.kind == "note":
            return t("i11_texts.tutorial.read", button=t("tutorial.continue"))
        if step.kind == "auto":
            playing = self._playing_now()
            if playing != self.seat:
                return t("lupin.play.hint.watch", who=seat_name(playing))
            return t("i11_texts.tutorial.watch_own")
        return super().instruction()

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

    def submit(self, action: Any) -> Any:
        """The script plays the computer's moves too (for a seat not on screen)."""
        return self.session.apply(action)

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

    # ================================================================ per frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.coach.update(dt)
        self.tick_script(dt, on_top=self.is_top)

    # ================================================================ drawing
    def draw(self, canvas: Any) -> None:
        super().draw(canvas)
        h = self.highlight() if not self.finished else None
        self.place_coach(h, canvas)
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

    def coach_weights(self, h: Any = None) -> list[tuple[tuple[float, float], float]]:
        """What the sentence panel should not hide, with how much it matters: what to click (100),
        the figures this step moves or names (20), the player's figures (10), the police (3)."""
        points: list[tuple[tuple[float, float], float]] = []
        if h is not None:
            points += [(r.center, 100.0) for r in h[0] if r.left < BOARD_RECT.right]
        step = self.step
        named = {getattr(a, "figure", None) for a in step.actions} | {getattr(a, "target", None) for a in step.actions}
        named |= {v for v in step.values.values() if isinstance(v, str)}
        gang = set(getattr(self.match.state, "gang", ()) or ()) | {self.player}
        planning = getattr(self, "planning", None)
        shop = planning is not None and getattr(planning, "active", False)
        for ident, (centre, _rad) in ({} if shop else self.tokens).items():   # the shop hides the board
            if ident in named:
                weight = 20.0
            elif ident in gang or ident == self.player:
                weight = 10.0
            else:
                weight = 3.0
            points.append((centre, weight))
        if shop:
            # the planning screen: the members' cards (their start and their devices), the shop
            for card in getattr(planning, "cards", {}).values():
                for y in (card.top + 30, card.top + 80, card.top + 150, card.top + 215):
                    points += [((card.left + 40, y), 20.0), ((card.centerx, y), 20.0), ((card.right - 40, y), 20.0)]
            devices = {getattr(a, "device", None) for a in step.actions} | named
            points += [(r.center, 20.0 if d in devices else 2.0) for d, r in getattr(planning, "tiles", [])]
        return points

    def coach_places(self, height: float) -> list[pygame.FRect]:
        """The four corners of the board the sentence panel may take (bottom left first)."""
        m, b = COACH_MARGIN, BOARD_RECT
        left, right = b.left + m, b.right - m - COACH_W
        top, bottom = b.top + m, b.bottom - m - height
        return [pygame.FRect(x, y, COACH_W, height) for y in (bottom, top) for x in (left, right)]

    def coach_here(self, places: list[pygame.FRect]) -> pygame.FRect:
        """The place the panel stands in: its corner, or the one on its side of the board's half."""
        return next((r for r in places if r.topleft == self.coach.rect.topleft or
                     (r.left == self.coach.rect.left and (r.top < BOARD_RECT.centery) == (self.coach.rect.top < BOARD_RECT.centery))),
                    places[0])


# ------------------------------------------------------------------------------------ resuming

def progress_fits(progress: Progress) -> bool:
    """A saved progress still matches the script (a new script, regenerated for new rules, starts over)."""
    return script_fits(_script(), progress)
