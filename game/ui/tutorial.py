"""The tutorial framework: a scripted scenario played with the mouse, one sentence at a time.

A title's tutorial is a play scene that follows a script (steps of "the player does this one
action", "the computer plays these", "read this"; each title keeps its own script). What every
tutorial shares lives here:

* :class:`Coach` – the sentence panel: the kicker, "Step n of N" with a progress bar, the
  sentence, a *Continue* button for notes, a *Leave* button, and the gentle refusal ("Follow the
  highlight: ...") when a click lands elsewhere;
* :func:`draw_highlight` – the pulsing gold ring and arrow around what to click;
* :class:`Progress` – the step reached and the actions so far, saved in the player's folder
  (``tutorials/<name>.json``) so the title's *Tutorial* button offers Resume / Start over;
* :class:`TutorialOfferScene` – that Resume / Start over / Back dialog;
* :class:`WellDoneScene` – the last screen, back to the title;
* a registry: a title registers its tutorial with :func:`register_tutorial` and the title screen
  calls :func:`open_tutorial`;
* :class:`ScriptedTutorial` – the script's stepping, pacing and narrowing, mixed into a title's
  play scene; :class:`TableTutorial` – that, on a title built on the shell's table
  (:class:`game.ui.scenes.table.TableScene`), with what such tutorials draw and do the same way;
  :func:`step_index` – a step named by a screenshot's option.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.engine import resources
from game.engine.api import action_to_json
from game.engine.i18n import t
from game.engine.storage import atomic_write_text
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.scenes.table import TableScene
from game.ui.textfit import fit_line
from game.ui.widgets import CLOCK, Button, dialog_panel, draw_panel, mix, resolve, top_band

PROGRESS_VERSION = 1


# ------------------------------------------------------------------------------------ progress

@dataclass
class Progress:
    """Where a player left a tutorial: the step index and the actions played so far (as JSON)."""

    name: str
    step: int = 0
    actions: list | None = None

    @staticmethod
    def path(name: str) -> Path:
        return resources.user_dir() / "tutorials" / f"{name}.json"

    @classmethod
    def load(cls, name: str) -> Progress | None:
        """The saved progress, or None (none saved, or a file that cannot be read: start over)."""
        try:
            data = json.loads(cls.path(name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("version") != PROGRESS_VERSION:
            return None
        step, actions = data.get("step"), data.get("actions")
        if isinstance(step, bool) or not isinstance(step, int) or step < 0 or not isinstance(actions, list):
            return None
        return cls(name, step, actions)

    def save(self) -> None:
        doc = {"version": PROGRESS_VERSION, "tutorial": self.name, "step": self.step, "actions": self.actions or []}
        try:
            atomic_write_text(self.path(self.name), json.dumps(doc, indent=1))
        except OSError:
            pass   # a tutorial that cannot be resumed is no reason to stop playing it

    @classmethod
    def clear(cls, name: str) -> None:
        try:
            cls.path(name).unlink()
        except OSError:
            pass


# ------------------------------------------------------------------------------------ registry

@dataclass(frozen=True)
class TutorialEntry:
    name: str
    steps: Callable[[], int]                    # how many steps the script has
    build: Callable[[int], Scene]               # the tutorial's scene from a step (0: the beginning)
    valid: Callable[[Progress], bool]           # a saved progress still fits the script
    title: str | None = None                    # the title whose shell set-up offers it (a Tutorial button)


TUTORIALS: dict[str, TutorialEntry] = {}


def register_tutorial(name: str, *, steps: Callable[[], int], build: Callable[[int], Scene],
                      valid: Callable[[Progress], bool], title: str | None = None) -> None:
    TUTORIALS[name] = TutorialEntry(name, steps, build, valid, title)


def tutorial_for(title: str) -> TutorialEntry | None:
    """The tutorial a title's set-up offers (registered with ``title=``), or None."""
    from game.ui.registry import load_scene_modules

    load_scene_modules()
    return next((e for e in TUTORIALS.values() if e.title == title), None)


def open_tutorial(stack: Any, name: str | None = None) -> None:
    """The title's *Tutorial* button: the tutorial from the start, or the Resume / Start over
    dialog when the player left one half way."""
    from game.ui.registry import load_scene_modules

    load_scene_modules()
    if not TUTORIALS:
        return
    if name is None and len(TUTORIALS) > 1:   # several titles teach a game: the player picks one
        stack.push(TutorialPickScene(list(TUTORIALS.values())))
        return
    entry = TUTORIALS[name] if name else next(iter(TUTORIALS.values()))
    progress = Progress.load(entry.name)
    if progress is not None and 0 < progress.step < entry.steps() and entry.valid(progress):
        stack.push(TutorialOfferScene(entry, progress))
        return
    Progress.clear(entry.name)
    stack.push(entry.build(0))


# ------------------------------------------------------------------------------------ drawing

def draw_highlight(canvas: Canvas, rect: Any, time: float, *, round_: bool = False) -> None:
    """A pulsing gold ring (a circle for tokens, a rounded box otherwise) and a bobbing arrow
    pointing at it from above (below when there is no room): shape and motion, not colour alone."""
    r = pygame.FRect(rect)
    pulse = 0.5 + 0.5 * math.sin(time * 5.0)
    grow = 4 + 5 * pulse
    halo = (*theme.GOLD_LIGHT, round(90 + 120 * pulse))
    if round_:
        rad = max(r.width, r.height) / 2
        canvas.circle((0, 0, 0, 120), r.center, rad + grow + 2, width=6)
        canvas.circle(halo, r.center, rad + grow, width=4)
        canvas.circle(theme.GOLD, r.center, rad + 2, width=2)
    else:
        box = r.inflate(grow * 2, grow * 2)
        canvas.border((0, 0, 0, 120), box.inflate(4, 4), width=5, radius=10)
        canvas.border(halo, box, width=4, radius=9)
    bob = 6 * math.sin(time * 4.0)
    above = r.top - grow > 70
    tip_y = (r.top - grow - 6 - bob) if above else (r.bottom + grow + 6 + bob)
    d = -1 if above else 1
    cx = r.centerx
    head = [(cx, tip_y), (cx - 15, tip_y + d * 20), (cx - 6, tip_y + d * 20), (cx - 6, tip_y + d * 40),
            (cx + 6, tip_y + d * 40), (cx + 6, tip_y + d * 20), (cx + 15, tip_y + d * 20)]
    canvas.polygon((0, 0, 0, 150), [(x + 2, y + 3) for x, y in head])
    canvas.polygon(theme.GOLD_LIGHT, head)
    canvas.lines(theme.NIGHT, head, width=1.5, closed=True)


class Coach:
    """The sentence panel: see the module docstring. ``rect`` may move (a corner of the board) so
    it never covers what it points at; :meth:`height_for` says how tall it must be for its
    sentence at a width. The sentence has the panel's whole width; under it, a foot row holds
    the refusal or the "watch" line on the left and *Continue* on the right."""

    HEAD = 56           # the kicker, the step counter and the progress bar
    FOOT = 60           # the foot row
    SIZE = 21           # the sentence's type size
    SPACING = 1.22
    MAX_LINES = 7

    def __init__(self, rect: Any, on_continue: Callable[[], None], on_leave: Callable[[], None]):
        self.rect = pygame.FRect(rect)
        self.continue_button = Button((0, 0, 190, 46), lambda: t("tutorial.continue"), on_continue,
                                      style="primary", icon="check")
        self.leave_button = Button((0, 0, 120, 34), lambda: t("tutorial.leave"), on_leave, style="ghost",
                                   icon="back")
        self.sentence = ""
        self.refusal: str | None = None
        self.refusal_age = 0.0
        self.step = 0
        self.total = 1
        self.kicker = ""
        self.waiting = False        # the computer is playing: a quiet "watch" line
        self.note = False           # a note: Continue is shown
        self.layout()

    def layout(self) -> None:
        r = self.rect
        self.leave_button.rect = pygame.FRect(r.right - 130, r.top + 10, 120, 34)
        self.continue_button.rect = pygame.FRect(r.right - 210, r.bottom - self.FOOT + 4, 190, 46)
        self.continue_button.visible = self.note

    def line_step(self, canvas: Canvas) -> float:
        return canvas.line_height(self.SIZE, theme.BODY) * self.SPACING / 1.2

    def height_for(self, canvas: Canvas, width: float) -> float:
        """The panel's height for its sentence at ``width``: every line shown, none cut."""
        lines = min(self.MAX_LINES, max(1, len(canvas.wrap(self.sentence, width - 44, self.SIZE, theme.BODY))))
        return self.HEAD + lines * self.line_step(canvas) + 8 + self.FOOT

    def move_to(self, rect: Any) -> None:
        self.rect = pygame.FRect(rect)
        self.layout()

    @property
    def widgets(self) -> list[Button]:
        return [self.leave_button] + ([self.continue_button] if self.note else [])

    def set(self, sentence: str, step: int, total: int, *, note: bool, waiting: bool) -> None:
        if sentence != self.sentence:
            self.refusal = None
        self.sentence, self.step, self.total, self.note, self.waiting = sentence, step, total, note, waiting
        self.layout()

    def refuse(self, text: str) -> None:
        self.refusal, self.refusal_age = text, 0.0

    def handle(self, event: Any) -> bool:
        for w in self.widgets:
            if w.handle(event):
                return True
        return False

    def contains(self, pos: Any) -> bool:
        return pos is not None and self.rect.collidepoint(pos)

    def update(self, dt: float) -> None:
        for w in (self.leave_button, self.continue_button):
            w.update(dt)
        if self.refusal is not None:
            self.refusal_age += dt
            if self.refusal_age > 6.0:
                self.refusal = None

    def draw(self, canvas: Canvas, time: float) -> None:
        r = self.rect
        draw_panel(canvas, r, (12, 18, 36, 242), theme.GOLD_DARK, radius=14, shadow=True)
        top_band(canvas, r, theme.GOLD, 5, radius=14)
        x = r.left + 22
        counter = t("tutorial.step", n=self.step, total=self.total)
        right = self.leave_button.rect.left - 16
        c = canvas.text(counter, (right, r.top + 18), 14, theme.BOLD, theme.MUTED, anchor="topright")
        # the kicker (the tutorial's name too, when there is room) never runs into the counter
        full = f"{t('tutorial.kicker')} · {self.kicker}".upper() if self.kicker else t("tutorial.kicker").upper()
        kicker, size, tracking = fit_line(canvas, (full, t("tutorial.kicker").upper()), c.left - 14 - x, 14,
                                          theme.BOLD, minimum=12, tracking=2)
        canvas.text(kicker, (x, r.top + 18 + (14 - size) * 0.7), size, theme.BOLD, theme.GOLD, tracking=tracking)
        bar = pygame.FRect(x, r.top + 42, r.width - 44, 4)
        canvas.fill((30, 42, 72), bar, radius=2)
        done = bar.copy()
        done.width = bar.width * min(1.0, self.step / max(1, self.total))
        canvas.fill(theme.GOLD, done, radius=2)
        text_w = r.width - 44
        box = (x, r.top + self.HEAD, text_w, r.height - self.HEAD - self.FOOT)
        canvas.text_box(self.sentence, box, self.SIZE, theme.BODY, theme.INK, line_spacing=self.SPACING,
                        max_lines=self.MAX_LINES)
        text_w -= 220       # the foot row: its line beside Continue
        foot_y = r.bottom - self.FOOT / 2 - 8
        if self.refusal:   # on two lines beside Continue when it needs them, never cut
            lines = canvas.wrap(self.refusal, text_w, 15, theme.BOLD)
            if len(lines) == 1:
                canvas.text(self.refusal, (x, foot_y), 16, theme.BOLD, (246, 140, 126))
            else:
                canvas.text_box(self.refusal, (x, foot_y - 13, text_w, 40), 15, theme.BOLD, (246, 140, 126),
                                line_spacing=1.15, max_lines=2)
        elif self.waiting:
            dots = "." * (1 + int(time * 2) % 3)
            canvas.text(t("tutorial.watch").rstrip("…. ") + dots, (x, foot_y), 16, theme.ITALIC, theme.MUTED)
        for w in self.widgets:
            w.draw(canvas)


# ------------------------------------------------------------------------------------ dialogs

class TutorialDialog(Scene):
    """A modal dialog over the title screen: the screen below dimmed and still, Esc closes it."""

    overlay = True
    freeze_below = True

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        super().handle(event)
        return True

    def draw_under(self, canvas: Canvas) -> None:
        backdrop.dim(canvas, 170)


class TutorialOfferScene(TutorialDialog):
    """Resume where the player left, start over, or go back to the title."""

    W, H = 720, 360

    def __init__(self, entry: TutorialEntry, progress: Progress):
        super().__init__()
        self.entry, self.progress = entry, progress
        self.panel = pygame.FRect(0, 0, self.W, self.H)
        self.panel.center = (800, 450)
        bw, bh, gap = 210, 60, 20
        y = self.panel.bottom - 36 - bh
        x0 = self.panel.centerx - (3 * bw + 2 * gap) / 2
        self.resume_button = Button((x0, y, bw, bh), lambda: t("tutorial.offer.resume"), self.resume,
                                    style="primary", icon="play")
        self.restart_button = Button((x0 + bw + gap, y, bw, bh), lambda: t("tutorial.offer.restart"), self.restart,
                                     icon="back")
        self.back_button = Button((x0 + 2 * (bw + gap), y, bw, bh), lambda: t("tutorial.offer.back"), self.close,
                                  style="ghost", icon="cross")
        self.widgets = [self.resume_button, self.restart_button, self.back_button]

    def resume(self) -> None:
        stack = self.stack
        assert stack is not None  # a scene's buttons work only while it is on the stack
        self.close()
        stack.push(self.entry.build(self.progress.step))

    def restart(self) -> None:
        stack = self.stack
        assert stack is not None  # a scene's buttons work only while it is on the stack
        Progress.clear(self.entry.name)
        self.close()
        stack.push(self.entry.build(0))

    def draw(self, canvas: Canvas) -> None:
        p = self.panel
        dialog_panel(canvas, p)
        canvas.text(t("tutorial.offer.title"), (p.centerx, p.top + 46), 56, theme.DISPLAY, theme.INK,
                    anchor="midtop", tracking=1)
        text = t("tutorial.offer.text", n=self.progress.step + 1, total=self.entry.steps())
        canvas.text_box(text, (p.left + 60, p.top + 130, p.width - 120, 110), 23, theme.BODY, theme.MUTED,
                        align="center", line_spacing=1.3, max_lines=3)
        super().draw(canvas)


def tutorial_title(entry: TutorialEntry) -> str:
    """The name of the game a tutorial teaches, in the player's language."""
    from game.engine.i18n import current_language
    from game.engine.titles import title

    try:
        names = title(entry.title or entry.name).display_name
    except KeyError:
        return entry.name
    return str(names.get(current_language()) or names.get("en") or entry.name)


class TutorialPickScene(TutorialDialog):
    """The title screen's Tutorial when several games have one: which game to learn (one button
    each), or back to the title."""

    W = 720

    def __init__(self, entries: list[TutorialEntry]):
        super().__init__()
        self.entries = entries
        bh, gap = 60, 16
        self.panel = pygame.FRect(0, 0, self.W, 140 + len(entries) * (bh + gap) + 8 + bh + 36)
        self.panel.center = (800, 450)
        y = self.panel.top + 140
        self.pick_buttons: list[Button] = []
        for entry in entries:
            self.pick_buttons.append(Button((self.panel.left + 90, y, self.W - 180, bh), self._name_of(entry),
                                            self._picker(entry), style="primary", icon="play"))
            y += bh + gap
        self.back_button = Button((self.panel.centerx - 120, y + 8, 240, bh), lambda: t("tutorial.offer.back"),
                                  self.close, style="ghost", icon="cross")
        self.widgets = [*self.pick_buttons, self.back_button]

    @staticmethod
    def _name_of(entry: TutorialEntry) -> Callable[[], str]:
        return lambda: tutorial_title(entry)

    def _picker(self, entry: TutorialEntry) -> Callable[[], None]:
        return lambda: self.pick(entry)

    def pick(self, entry: TutorialEntry) -> None:
        stack = self.stack
        assert stack is not None  # a scene's buttons work only while it is on the stack
        self.close()
        open_tutorial(stack, entry.name)

    def draw(self, canvas: Canvas) -> None:
        p = self.panel
        dialog_panel(canvas, p)
        canvas.text(t("i13_tutorial.pick.title"), (p.centerx, p.top + 40), 52, theme.DISPLAY, theme.INK,
                    anchor="midtop", tracking=1)
        super().draw(canvas)


class WellDoneScene(Scene):
    """The end of a tutorial: a title, one sentence, and the way back to the title screen."""

    overlay = True
    freeze_below = True
    W, H = 760, 420

    def __init__(self, sentence: str, on_back: Callable[[], None] | None = None):
        super().__init__()
        self.sentence = sentence
        self.on_back = on_back
        self.panel = pygame.FRect(0, 0, self.W, self.H)
        self.panel.center = (800, 450)
        self.back_button = Button((0, 0, 380, 62), lambda: t("tutorial.done.back"), self.back, style="primary",
                                  icon="back")
        self.back_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - 36)
        self.widgets = [self.back_button]
        self.time = 0.0

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
            return
        from game.ui.scenes.title import back_to_title

        back_to_title(self.stack)

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back()
            return True
        super().handle(event)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    def draw_under(self, canvas: Canvas) -> None:
        backdrop.dim(canvas, 150)

    def draw(self, canvas: Canvas) -> None:
        p = self.panel
        dialog_panel(canvas, p, theme.GOLD, 8)
        canvas.text(t("tutorial.done.kicker").upper(), (p.centerx, p.top + 36), 18, theme.BOLD, theme.GOLD,
                    anchor="midtop", tracking=5)
        canvas.text(t("tutorial.done.title"), (p.centerx, p.top + 70), 84, theme.DISPLAY, theme.INK, anchor="midtop",
                    shadow=(0, 0, 0, 160), shadow_offset=3)
        # a small star of shapes (not colour alone): the job is done
        cy = p.top + 190
        for i, dx in enumerate((-60, 0, 60)):
            s = 9 if i != 1 else 13
            canvas.polygon(mix(theme.GOLD, theme.GOLD_LIGHT, 0.5 + 0.5 * math.sin(self.time * 3 + i)),
                           [(p.centerx + dx, cy - s), (p.centerx + dx + s, cy), (p.centerx + dx, cy + s),
                            (p.centerx + dx - s, cy)])
        canvas.text_box(resolve(self.sentence), (p.left + 60, p.top + 220, p.width - 120, 90), 21, theme.BODY,
                        (222, 216, 202), align="center", line_spacing=1.3, max_lines=3)
        super().draw(canvas)




# ------------------------------------------------------------------------------------ the script

AUTO_FIRST = 1.8      # seconds before the computer's first action of a step (time to read)
AUTO_NEXT = 0.9       # ... and between its actions
AUTO_AFTER = 1.5      # ... and after its last one, before the next step
READ_WORDS_PER_SECOND = 3.0   # an unhurried reader who also watches the board (180 words a minute)
READ_MIN = 3.0


def script_fits(script: Any, progress: Progress) -> bool:
    """A saved progress still matches ``script`` (a new script, for new rules, starts over)."""
    if progress.step >= len(script.steps):
        return False
    return progress.actions == [action_to_json(a) for a in script.actions_before(progress.step)]


def step_index(script: Any, step: str | int) -> int:
    """The index of ``script``'s step named ``step``: its number from 1, or its text key (``say``)
    (the option a tutorial's screenshot scene takes)."""
    if str(step).isdigit():
        return int(step) - 1
    return next(i for i, s in enumerate(script.steps) if s.say == step)


def reading_time(sentence: str) -> float:
    """How long an auto step's sentence stays at least: one second plus its words at
    :data:`READ_WORDS_PER_SECOND`, never under :data:`READ_MIN`."""
    return max(READ_MIN, 1.0 + len(sentence.split()) / READ_WORDS_PER_SECOND)


class ScriptedTutorial:
    """A title's play scene following a script, the part every tutorial shares (mixed in before
    the play scene's class). The script has ``steps`` (each with ``kind``: "note" waits for
    *Continue*, "auto" the computer plays its ``actions`` one by one, "do" the player makes its
    one ``expected`` action) and ``actions_before(index)``; the scene has ``match``, ``coach``
    (a :class:`Coach`), ``index``, ``begun``, ``finished``, ``persist``, ``auto_wait``,
    ``step_age``, ``refusals`` and ``_down_ok``.

    What it does: each step begins by saving the progress (:class:`Progress`, ``tutorial_name``);
    a player's action moves a "do" step on; *Continue* ends a note (or plays an auto step's
    remaining actions at once); an auto step's actions are played after pauses, the last one not
    before its sentence is read (:func:`reading_time`); a click that misses the highlight is
    refused with a sentence and changes nothing (the narrowing); the last note, once the game is
    over, is the :class:`WellDoneScene`.

    The title supplies: :meth:`sentence`, :meth:`highlight` (rects to ring, and whether round),
    :meth:`expected_choice` (what the expected action is on its screen, with a ``label``),
    :meth:`play_scripted` (play one scripted action through its screen) and :meth:`busy` (an
    animation the computer's moves wait for)."""

    tutorial_name = "tutorial"
    match: Any
    coach: Coach
    stack: Any
    script: Any
    index: int
    begun: bool
    finished: bool
    persist: bool
    auto_wait: float
    step_age: float
    refusals: int
    _down_ok: bool

    player: str

    def begin_script(self, title: str, script: Any, step: int, persist: bool, coach_rect: Any) -> Any:
        """The tutorial's own state at ``step`` (kept within the script), its sentence panel at
        ``coach_rect``; returns the game as it stands when that step begins (a replayed Match of
        ``title``), for the play scene's ``__init__``."""
        from game.engine.replay import Match

        self.script = script
        self.player = script.player
        self.index = max(0, min(step, len(script.steps) - 1))
        self.persist = persist
        self.begun = False
        self.finished = False
        self.auto_wait = AUTO_FIRST
        self.step_age = 0.0        # seconds the current step has been on screen
        self.refusals = 0
        self._down_ok = False
        self.coach = Coach(coach_rect, self.next_note, self.quit_tutorial)
        return Match.replay(title, script.config, script.seed, script.actions_before(self.index), game_id="tutorial")

    # -------------------------------------------------------------- the title's part
    def sentence(self, step: Any = None) -> str:
        raise NotImplementedError

    def highlight(self) -> tuple[list[pygame.FRect], bool] | None:
        return None

    def expected_choice(self) -> Any:
        return None

    def play_scripted(self, action: Any) -> None:
        raise NotImplementedError

    def busy(self) -> bool:
        return False

    refresh: Callable[[], None]   # the play scene's: what its screen offers, after a change

    # -------------------------------------------------------------- where the sentence panel stands
    coach_width = 540.0       # the panel's width (its height is what its sentence needs)
    coach_clearance = 24.0    # how far round the panel a point still counts as hidden

    def coach_places(self, height: float) -> list[pygame.FRect]:
        """The places the panel may take (the first is where it goes when all else is equal)."""
        raise NotImplementedError

    def coach_weights(self, h: Any) -> list[tuple[tuple[float, float], float]]:
        """What the panel should not hide, with how much it matters (``h``: :meth:`highlight`)."""
        raise NotImplementedError

    def coach_here(self, places: list[pygame.FRect]) -> pygame.FRect:
        """Which of ``places`` the panel stands in now (it stays there at a tie)."""
        return next((r for r in places if r.topleft == self.coach.rect.topleft), places[0])

    def place_coach(self, h: Any, canvas: Any = None) -> None:
        """The panel takes the place where it hides least of :meth:`coach_weights` (at a tie it stays
        where it is, so it does not jump about). Without a canvas it keeps its height."""
        height = self.coach.height_for(canvas, self.coach_width) if canvas is not None else self.coach.rect.height
        points = self.coach_weights(h)
        clear = self.coach_clearance

        def hidden(rect: pygame.FRect) -> float:
            return sum(w for p, w in points if rect.inflate(clear, clear).collidepoint(p))

        places = self.coach_places(height)
        here = self.coach_here(places)
        best = min(places, key=lambda r: (hidden(r), r is not here, places.index(r)))
        if best != self.coach.rect:
            self.coach.move_to(best)

    def wants_hand_cursor(self) -> bool:
        if any(w.wants_hand for w in self.coach.widgets):
            return True
        return bool(super().wants_hand_cursor())  # type: ignore[misc]

    def animating(self) -> bool:
        """The highlight pulses and bobs (issue #11: else the app idles)."""
        return bool(super().animating()) or (not self.finished and self.highlight() is not None)  # type: ignore[misc]

    # -------------------------------------------------------------- the script
    @property
    def step(self) -> Any:
        return self.script.steps[self.index]

    def expected(self) -> Any:
        """The action the player must make now (None during notes and the computer's moves)."""
        if not getattr(self, "begun", False) or self.finished:
            return None
        step = self.step
        return step.expected if step.kind == "do" else None

    def end_of(self, index: int) -> int:
        return len(self.script.actions_before(index + 1))

    def begin_step(self) -> None:
        from game.engine.api import action_to_json

        self.begun = True
        step = self.step
        self.auto_wait = AUTO_FIRST
        self.step_age = 0.0
        self.coach.set(self.sentence(), self.index + 1, len(self.script.steps), note=step.kind in ("note", "auto"),
                       waiting=step.kind == "auto")
        last = self.index == len(self.script.steps) - 1
        if last and step.kind == "note" and self.match.state.is_over():
            self.finished = True
            if self.persist:
                Progress.clear(self.tutorial_name)
            self.refresh()
            if self.stack is not None:
                self.stack.push(WellDoneScene(self.sentence(), on_back=self.to_title))
            return
        if self.persist:
            Progress(self.tutorial_name, self.index, [action_to_json(a) for a in self.match.log]).save()
        self.refresh()

    def sync(self) -> None:
        """After an action: move on once the player has made a step's action (the computer's steps
        move on in :meth:`tick_script`, after their reading time, or with *Continue*)."""
        if not self.begun:
            self.begin_step()
            return
        moved = False
        n = len(self.match.log)
        while self.index < len(self.script.steps) - 1 and self.step.kind == "do" and n >= self.end_of(self.index):
            self.index += 1
            moved = True
        if moved:
            self.begin_step()

    def auto_done(self) -> bool:
        """An auto step whose actions are all played."""
        return bool(self.step.kind == "auto" and len(self.match.log) >= self.end_of(self.index))

    def next_note(self) -> None:
        """*Continue*: after a note; during the computer's moves, it plays those left at once and
        moves on (the player has read enough)."""
        if self.finished or self.index >= len(self.script.steps) - 1:
            return
        if self.step.kind == "auto":
            step = self.step
            while not self.auto_done() and not self.match.state.is_over():
                done = len(self.match.log) - len(self.script.actions_before(self.index))
                self.play_scripted(step.actions[done])
        if self.step.kind in ("note", "auto"):
            self.index += 1
            self.begin_step()

    def quit_tutorial(self) -> None:
        """*Leave*: back to the title; the progress of the step under way is already saved."""
        self.to_title()

    def to_title(self) -> None:
        from game.ui.scenes.title import back_to_title

        back_to_title(self.stack)

    def tick_script(self, dt: float, *, on_top: bool = True) -> None:
        """An auto step's pacing (call it from ``update``): its actions after pauses, the last one
        not before its sentence is read, then the next step."""
        step = self.step
        if not self.begun or self.finished or step.kind != "auto" or not on_top:
            return
        self.step_age += dt
        if self.busy():
            return
        self.auto_wait -= dt
        done = len(self.match.log) - len(self.script.actions_before(self.index))
        read = reading_time(self.coach.sentence)
        if done >= len(step.actions):
            if self.auto_wait <= 0 and self.step_age >= read:
                self.next_note()
            return
        if self.auto_wait > 0:
            return
        last = done + 1 == len(step.actions)
        if last and self.step_age < read - AUTO_AFTER:
            return          # the last move (it may change the screen) waits until the sentence is read
        self.auto_wait = AUTO_AFTER if last else AUTO_NEXT
        self.play_scripted(step.actions[done])

    # -------------------------------------------------------------- where to click (the narrowing)
    def highlight_point(self) -> tuple[float, float] | None:
        """The centre of what to click (tests and tools click there)."""
        h = self.highlight()
        if h is None:
            return None
        rects, _ = h
        if len(rects) > 1:   # several squares: the middle one
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
        elif step.kind == "auto" or self.finished:   # nothing to follow: the tutorial is moving
            return t("tutorial.watch_refusal")
        else:
            choice = self.expected_choice()
            hint = choice.label if choice is not None else self.sentence()
        return t("tutorial.follow", hint=hint)

    def refuse(self) -> None:
        self.refusals += 1
        self.coach.refuse(self.refusal_text())

    def handle(self, event: Any) -> bool:
        """Esc leaves; pointing works everywhere; a press that misses the highlight (or lands on the
        sentence panel) is refused and its release dropped."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.quit_tutorial()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.coach.handle(event)
            super().handle(event)  # type: ignore[misc]
            return True
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return bool(super().handle(event))  # type: ignore[misc]
        if self.coach.handle(event):
            return True
        if getattr(event, "button", 1) != 1:
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._down_ok = not self.coach.contains(event.pos) and self._hits_highlight(event.pos)
            if not self._down_ok:
                self.refuse()
                return True
            return bool(super().handle(event))  # type: ignore[misc]
        ok, self._down_ok = self._down_ok, False
        return bool(super().handle(event)) if ok else True  # type: ignore[misc]


class TableTutorial(ScriptedTutorial, TableScene):
    """A tutorial on a title's table (its :class:`TableScene`), mixed in before the title's table
    class: ``class DiabolikTutorialScene(TableTutorial, DiabolikTableScene)``. What such tutorials
    share on top of :class:`ScriptedTutorial`:

    * the script goes one way: no Undo, no passing the mouse, no Faster (the script paces the
      computer's moves); every move, and entering, moves the script on (:meth:`sync`);
    * the last note ends the tutorial with "Well done" although the game goes on (the story ends
      before the heist does), and the game's end opens no end screen;
    * no ring while the table's board drops clicks (its moment of calm after a change, the title's
      ``_quiet_until``), so the ring shows only what a click can do (:meth:`expected_now`);
    * each frame the panel takes its place before its buttons notice where they are (a button that
      moves ignores presses for a moment: moving it while drawing made the next press stale), and a
      pointer held still (``point_at``, a screenshot's) stands for the mouse;
    * drawn over the table: the ring alone under the pointer (the arrow would cover what it points
      at, a move's cost), else the ring and the arrow; then the sentence panel.

    The title supplies what :class:`ScriptedTutorial` asks (the first rect :meth:`highlight`
    returns is the one ringed)."""

    time = 0.0                                    # the ring's pulse
    point_at: tuple[float, float] | None = None   # a pointer held still (a screenshot's)

    # ---------------------------------------------------------------- the table, following the script
    def enter(self) -> None:
        super().enter()
        self.sync()

    def play(self, action: Any) -> None:
        super().play(action)
        self.sync()

    def refresh(self) -> None:
        self._layout()

    def _layout(self) -> None:
        super()._layout()
        self.widgets = [w for w in self.widgets if w not in (self.undo_button, self.pass_button, self.faster_button)]

    def begin_step(self) -> None:
        """The last note ends the tutorial with "Well done", the game still under way."""
        last = self.index == len(self.script.steps) - 1
        if last and self.step.kind == "note" and not self.match.state.is_over():
            self.begun = True
            self.finished = True
            self.coach.set(self.sentence(), self.index + 1, len(self.script.steps), note=False, waiting=False)
            if self.persist:
                Progress.clear(self.tutorial_name)
            if self.stack is not None:
                self.stack.push(WellDoneScene(self.sentence(), on_back=self.to_title))
            return
        super().begin_step()

    def on_over(self) -> None:   # the script never reaches the end of the game
        self._layout()

    # ---------------------------------------------------------------- where to click
    def expected_now(self) -> Any:
        """The expected action when a click may make it now: not while the table is :meth:`busy` or
        :meth:`calming`, and only once the rules allow it; else None."""
        exp = self.expected()
        if exp is None or self.busy() or self.calming() or exp not in self.session.legal():
            return None
        return exp

    def calming(self) -> bool:
        """The table's moment of calm after a change (its board drops clicks)."""
        return CLOCK.now < float(getattr(self, "_quiet_until", -1e9))

    # ---------------------------------------------------------------- time and drawing
    def update(self, dt: float) -> None:
        if self.point_at is not None:
            self.mouse = self.point_at
        super().update(dt)
        self.time += dt
        canvas = getattr(self.app, "canvas", None) if self.app is not None else None
        if canvas is not None and not self.finished:
            self.place_coach(self.highlight(), canvas)
        self.coach.update(dt)
        self.tick_script(dt, on_top=self.is_top)

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        if self.finished:
            return
        h = self.highlight()
        self.place_coach(h, canvas)
        if h is not None:
            rects, round_ = h
            if rects[0].collidepoint(self.mouse):
                pulse = 0.5 + 0.5 * math.sin(self.time * 5.0)
                canvas.border((*theme.GOLD_LIGHT, round(90 + 120 * pulse)), rects[0].inflate(10, 10), width=4,
                              radius=10)
            else:
                draw_highlight(canvas, rects[0], self.time, round_=round_)
        self.coach.draw(canvas, self.time)
