"""The shell's replay viewer: a finished game, move by move, with every secret shown.

Only a game that is over may be replayed (:class:`ReplayScene` refuses another with ValueError):
the viewer shows the title's ``review_view`` of every position (each seat's secrets, the stock...),
which no seat may see while the game is on.

:class:`ReplayStepping` is the part every replay shares, whatever it draws: one pass at the start
replays the whole log through a :class:`game.engine.replay.Match`, keeping a copy of the state every
``checkpoint`` moves (with each move's events and a ``mark`` of the position it led to), so a jump
anywhere replays at most that many moves from the nearest copy and a step forward applies just the
next one; first, previous, play/pause, next, last (also Home, ←, Space, →, End), Esc goes back.
A title with its own drawing (a board) mixes it into its scene, or builds on :class:`BoardReplay`
(its board as at the table, the table's side panel with the move's sentences and the controls);
:class:`ReplayScene` is the default for a title without one: the review view as a readable text
panel, and the moves' events as sentences (the spec's ``event_text``, else :func:`event_sentence`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.engine import titles
from game.engine.api import TABLE, Event
from game.engine.i18n import current_language, t
from game.engine.replay import Match
from game.engine.titles import TitleSpec
from game.ui import backdrop, registry, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.scenes.setup import seat_label, text_or
from game.ui.scenes.table import PANEL as TABLE_PANEL, fitted
from game.ui.widgets import Button, draw_panel

SCENE_NAME = "shell-replay"
CHECKPOINT = 16          # a copy of the state every this many moves
STEP_SECONDS = 0.7       # auto-advance while playing


class GlyphButton(Button):
    """A square control drawn with a glyph: first, prev, play, pause, next, last."""

    def __init__(self, rect: Any, glyph: str, on_click: Any, tip: Any) -> None:
        super().__init__(rect, "", on_click)
        self.glyph = glyph
        self.tip = tip

    def draw(self, canvas: Canvas) -> None:
        fill, edge, ink = self._colours()
        r = pygame.FRect(self.rect)
        if self.pressed and self.enabled:
            r = r.move(0, 2)
        canvas.fill(fill, r, radius=10)
        if edge is not None:
            canvas.border(edge, r, width=1.5, radius=10)
        cx, cy, s = r.centerx, r.centery, r.height * 0.2

        def tri(x: float, d: int) -> None:
            canvas.polygon(ink, [(x - d * s * 0.8, cy - s), (x + d * s * 0.8, cy), (x - d * s * 0.8, cy + s)])

        g = self.glyph
        bar = s * 0.36
        if g == "play":
            tri(cx + s * 0.15, 1)
        elif g == "pause":
            canvas.fill(ink, (cx - s * 0.8, cy - s, s * 0.55, 2 * s))
            canvas.fill(ink, (cx + s * 0.25, cy - s, s * 0.55, 2 * s))
        elif g in ("next", "prev"):      # one step: a triangle against a bar
            d = 1 if g == "next" else -1
            tri(cx - d * s * 0.3, d)
            canvas.fill(ink, (cx + d * s * 0.75 - bar / 2, cy - s, bar, 2 * s))
        elif g in ("first", "last"):     # to the end: two triangles against a bar
            d = 1 if g == "last" else -1
            tri(cx - d * s * 1.0, d)
            tri(cx + d * s * 0.2, d)
            canvas.fill(ink, (cx + d * s * 1.2 - bar / 2, cy - s, bar, 2 * s))


class ReplayStepping:
    """Stepping through a finished game (see the module docstring). A scene mixes it in before its
    Scene class, calls :meth:`load_game` first, gives it a ``play_button`` (a GlyphButton) and
    overrides :meth:`refresh` to redraw what the position shows. ``tip_prefix`` names the texts of
    the play button's tips (``.play``, ``.pause``)."""

    tip_prefix = "i12_shell.replay"
    step_seconds = STEP_SECONDS
    play_button: GlyphButton

    def stepping_buttons(self, left: float, top: float, width: float, height: float,
                         gap: float) -> list[GlyphButton]:
        """The five stepping controls in a row ``width`` wide at (``left``, ``top``): first,
        previous, play/pause (``play_button``, primary), next, last; their tips under
        ``tip_prefix``."""
        w = (width - 4 * gap) / 5
        x = [left + k * (w + gap) for k in range(5)]
        prefix = self.tip_prefix

        def button(k: int, glyph: str, on_click: Any) -> GlyphButton:
            return GlyphButton((x[k], top, w, height), glyph, on_click, lambda: t(f"{prefix}.{glyph}"))

        self.play_button = button(2, "play", self.toggle_play)
        self.play_button.style = "primary"
        return [button(0, "first", self.first), button(1, "prev", self.prev), self.play_button,
                button(3, "next", self.next), button(4, "last", self.last)]

    def load_game(self, match: Match, mark: Callable[[Any], Any] | None = None,
                  checkpoint: int = CHECKPOINT) -> None:
        """Replay ``match``'s whole log once: the copies, each move's events and marks."""
        self.title, self.config, self.seed = match.title, copy.deepcopy(match.config), match.seed
        self.actions = list(match.log)
        self.result = match.state.result()
        mark = mark or (lambda _state: None)
        run = Match(self.title, self.config, self.seed)
        self.checkpoints: dict[int, Any] = {0: copy.deepcopy(run.state)}
        self.marks: list[Any] = [mark(run.state)]
        self.events: list[list[Event]] = [[]]
        for i, action in enumerate(self.actions, start=1):
            self.events.append(run.apply(action))
            self.marks.append(mark(run.state))
            if i % checkpoint == 0:
                self.checkpoints[i] = copy.deepcopy(run.state)
        self.total = len(self.actions)
        self.index = 0
        self.current = copy.deepcopy(self.checkpoints[0])
        self.playing = False
        self.clock = 0.0
        self.version = 0

    def position(self, i: int) -> Any:
        """The state after the first ``i`` moves (a fresh copy, rebuilt from the nearest checkpoint)."""
        k = max(c for c in self.checkpoints if c <= i)
        state = copy.deepcopy(self.checkpoints[k])
        for action in self.actions[k:i]:
            state.apply(action)
        return state

    def go(self, i: int) -> None:
        i = max(0, min(self.total, int(i)))
        if i == self.index + 1:
            self.current.apply(self.actions[self.index])     # one step forward: just the next move
        elif i != self.index or i == 0:
            self.current = self.position(i)
        self.index = i
        if self.index >= self.total:
            self.set_playing(False)
        self.refresh()

    def refresh(self) -> None:
        self.version += 1

    def jump(self, i: int) -> None:
        self.set_playing(False)
        self.go(i)

    def first(self) -> None:
        self.jump(0)

    def last(self) -> None:
        self.jump(self.total)

    def next(self) -> None:
        self.set_playing(False)
        self.go(self.index + 1)

    def prev(self) -> None:
        self.jump(self.index - 1)

    def set_playing(self, on: bool) -> None:
        self.playing = bool(on) and self.index < self.total
        self.clock = 0.0
        prefix = self.tip_prefix
        self.play_button.glyph = "pause" if self.playing else "play"
        self.play_button.tip = (lambda: t(f"{prefix}.pause")) if self.playing else (lambda: t(f"{prefix}.play"))

    def toggle_play(self) -> None:
        if not self.playing and self.index >= self.total:
            self.go(0)
        self.set_playing(not self.playing)

    def back(self) -> None:
        self.close()  # type: ignore[attr-defined]

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.back, pygame.K_LEFT: self.prev, pygame.K_RIGHT: self.next,
                    pygame.K_HOME: self.first, pygame.K_END: self.last, pygame.K_SPACE: self.toggle_play}
            if event.key in keys:
                keys[event.key]()
                return True
        return bool(super().handle(event))  # type: ignore[misc]

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if self.playing:
            self.clock += dt
            while self.playing and self.clock >= self.step_seconds:
                self.clock -= self.step_seconds
                self.go(self.index + 1)


# ------------------------------------------------------------------------------ texts

def _value_text(spec: TitleSpec, value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{seat_label(spec, str(k))} {_value_text(spec, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        sep = " · " if any(isinstance(v, Mapping) for v in items) else " "
        return sep.join(_value_text(spec, v) for v in items) if items else "–"
    if value is None:
        return "–"
    return seat_label(spec, value) if isinstance(value, str) else str(value)


def event_sentence(spec: TitleSpec, entry: Mapping[str, Any]) -> str:
    """A log entry (``{"kind": ..., **data}``) as one sentence: the spec's ``event_text`` if it has
    one, else the text ``<title>.event.<kind>`` with the entry's values (seats named, mappings and
    lists written out), else the kind and its values."""
    if spec.event_text:
        return str(titles.load(spec.event_text)(dict(entry)))
    kind = str(entry.get("kind", ""))
    short = kind.removeprefix(spec.name + ".")
    values = {k: _value_text(spec, v) for k, v in entry.items() if k != "kind"}
    fallback = " ".join([short, *(f"{k}={v}" for k, v in values.items())])
    return text_or((f"{spec.name}.event.{short}",), fallback, **values)


def review_lines(spec: TitleSpec, state: Any) -> list[tuple[str, str]]:
    """(label, value) for everything the review view holds (every secret: only after the game)."""
    if spec.review_view is not None:
        review = titles.load(spec.review_view)(state)
    else:
        review = {k: v for k, v in vars(state).items() if not k.startswith("_") and k != "rng"}
    if not isinstance(review, Mapping):
        review = vars(review)
    out: list[tuple[str, str]] = []
    for key, value in review.items():
        label = text_or((f"{spec.name}.review.{key}",), key.replace("_", " "))
        if isinstance(value, Mapping) and value and all(isinstance(k, str) for k in value):
            out.append((label, ""))
            for k, v in value.items():
                out.append(("    " + seat_label(spec, k), _value_text(spec, v)))
        else:
            out.append((label, _value_text(spec, value)))
    return out


# ------------------------------------------------------------------------------ the default scene

LEFT = pygame.FRect(40, 140, 900, 730)
SIDE = pygame.FRect(970, 140, 590, 730)
CONTROLS_Y, CONTROL_H = SIDE.bottom - 80, 58


class ReplayScene(ReplayStepping, Scene):
    """The replay of a finished game for a title without a drawing of its own (see the module
    docstring)."""

    fills_window = True

    def __init__(self, match: Match, *, start: int = 0, playing: bool = False) -> None:
        if not match.state.is_over():
            raise ValueError("a game is replayed with every secret shown only once it is over")
        Scene.__init__(self)
        self.spec = titles.title(match.title)
        self.load_game(match)
        self.controls = self.stepping_buttons(SIDE.left + 20, CONTROLS_Y, SIDE.width - 40, CONTROL_H, 10.0)
        self.back_button = Button((SIDE.right - 170, 60, 170, 50), lambda: t("i12_shell.replay.back"), self.back,
                                  style="ghost", icon="back")
        self.widgets = [*self.controls, self.back_button]
        self.go(start)
        self.set_playing(playing)

    def step_lines(self, i: int) -> list[str]:
        """The sentences of move ``i``'s events, un-redacted."""
        return [event_sentence(self.spec, {"kind": e.kind, **dict(e.data)}) for e in self.events[i]]

    def animating(self) -> bool:
        return self.playing or super().animating()

    def draw(self, canvas: Canvas) -> None:
        canvas.layer(("shell-replay", id(self), self.version, current_language()), self._draw_static)
        for widget in self.widgets:
            widget.draw(canvas)
        tip = next((b for b in self.controls if b.hovered), None)
        if tip is not None:
            text = tip.tip() if callable(tip.tip) else tip.tip
            canvas.text(text, (tip.rect.centerx, tip.rect.bottom + 6), 13, theme.BOLD, theme.MUTED, anchor="midtop")

    def _draw_static(self, canvas: Canvas) -> None:
        lang = current_language()
        backdrop.menu_page(canvas, t("i12_shell.replay.kicker"), self.spec.display_name.get(lang, self.spec.name),
                           size=48)
        draw_panel(canvas, LEFT, (14, 21, 41, 246), theme.EDGE_LIGHT, radius=14, shadow=True)
        x, w = LEFT.left + 30, LEFT.width - 60
        canvas.text(t("i12_shell.replay.everything").upper(), (x, LEFT.top + 24), 15, theme.BOLD, theme.GOLD,
                    tracking=2)
        y = LEFT.top + 62
        for label, value in review_lines(self.spec, self.current):
            if y > LEFT.bottom - 40:
                break
            canvas.text(label, (x, y), 20, theme.BOLD if not label.startswith(" ") else theme.BODY,
                        theme.INK if value or not label.startswith(" ") else theme.MUTED)
            canvas.text_box(value, (x + 330, y, w - 330, 60), 20, theme.BODY, (222, 216, 202), max_lines=2)
            y += 34 if len(value) < 60 else 58
        draw_panel(canvas, SIDE, (14, 21, 41, 246), theme.EDGE_LIGHT, radius=14, shadow=True)
        sx, sw = SIDE.left + 24, SIDE.width - 48
        title = t("i12_shell.replay.start") if self.index == 0 else \
            t("i12_shell.replay.step", n=self.index, total=self.total)
        canvas.text(title, (sx, SIDE.top + 22), 38, theme.DISPLAY, theme.INK)
        if self.index > 0:
            seat = self.actions[self.index - 1].seat
            canvas.text(t("i12_shell.replay.by", who=seat_label(self.spec, seat)).upper(), (sx, SIDE.top + 76), 14,
                        theme.BOLD, theme.FAINT, tracking=2)
        y = SIDE.top + 110
        lines = self.step_lines(self.index)
        for line in lines:
            h = canvas.text_box_height(line, sw, 20, theme.BOLD, 1.2)
            canvas.text_box(line, (sx, y, sw, h + 4), 20, theme.BOLD, theme.INK, line_spacing=1.2)
            y += h + 10
        if self.index == self.total and self.result is not None:
            from game.ui.scenes.end import winners_title

            canvas.text(winners_title(self.spec, list(self.result.winners)), (sx, y + 10), 26, theme.DISPLAY,
                        theme.GOLD_LIGHT)
            y += 50
        # the moves before, newest first, as far as the panel has room
        bottom = CONTROLS_Y - 44
        if self.index > 1 and y + 60 < bottom:
            y += 14
            canvas.line(theme.EDGE, (sx, y), (sx + sw, y), 1)
            canvas.text(t("i12_shell.replay.before").upper(), (sx, y + 10), 13, theme.BOLD, theme.FAINT, tracking=2)
            y += 34
            for i in range(self.index - 1, 0, -1):
                for line in self.step_lines(i):
                    h = canvas.text_box_height(line, sw - 44, 16, theme.BODY, 1.15)
                    if y + h > bottom:
                        return self._draw_keys(canvas)
                    canvas.text(str(i), (sx, y), 16, theme.BOLD, theme.FAINT)
                    canvas.text_box(line, (sx + 44, y, sw - 44, h + 2), 16, theme.BODY, theme.MUTED, line_spacing=1.15)
                    y += h + 6
        self._draw_keys(canvas)

    def _draw_keys(self, canvas: Canvas) -> None:
        canvas.text(t("i12_shell.replay.keys"), (SIDE.centerx, CONTROLS_Y - 30), 14, theme.ITALIC, theme.FAINT,
                    anchor="midtop")


class BoardReplay(ReplayStepping, Scene):
    """A finished game, position by position, on a title's own ``board`` (a board view of the
    shell's table: ``board.draw(canvas, view, legal, mouse)``): the board as at the table, and in
    the table's side panel the step, whose move it was and its events as sentences, above the
    stepping controls. Only a game that is over is replayed (ValueError). The title may change
    :meth:`board_view` (what the board shows of a position: the table's view), :meth:`seat_name`
    and :meth:`event_line` (the spec's), and names its cached layer with ``layer_name``."""

    fills_window = True
    layer_name = "board-replay"

    def __init__(self, match: Match, board: Any, *, start: int = 0, playing: bool = False) -> None:
        if not match.state.is_over():
            raise ValueError("a game is replayed only once it is over")
        Scene.__init__(self)
        self.spec = titles.title(match.title)
        self.load_game(match)
        self.board = board
        side = TABLE_PANEL
        self.controls = self.stepping_buttons(side.left + 18, side.bottom - 76, side.width - 36, 56, 8.0)
        self.back_button = Button((side.right - 18 - 150, side.top + 12, 150, 40), lambda: t("i12_shell.replay.back"),
                                  self.back, style="ghost", icon="back", size=18)
        self.widgets = [*self.controls, self.back_button]
        self.go(start)
        self.set_playing(playing)

    # ---------------------------------------------------------------- the title's part
    def board_view(self, state: Any) -> Any:
        """What the board shows of a position (the table's view)."""
        return state.view(TABLE)

    def seat_name(self, seat: str) -> str:
        return seat_label(self.spec, seat)

    def event_line(self, entry: Mapping[str, Any]) -> str:
        """An event (``{"kind": ..., **data}``, un-redacted) as a sentence."""
        return event_sentence(self.spec, entry)

    # ---------------------------------------------------------------- drawing
    def animating(self) -> bool:
        return self.playing or super().animating()

    def draw(self, canvas: Canvas) -> None:
        canvas.layer((self.layer_name, id(self), self.version, current_language()), self._draw_static)
        for widget in self.widgets:
            widget.draw(canvas)

    def _draw_static(self, canvas: Canvas) -> None:
        side = TABLE_PANEL
        canvas.clear(theme.NIGHT)
        self.board.draw(canvas, self.board_view(self.current), [], (-1000.0, -1000.0))
        draw_panel(canvas, side, theme.PANEL, theme.EDGE, radius=16, shadow=True)
        sx, sw = side.left + 18, side.width - 36
        canvas.text(t("i12_shell.replay.kicker").upper(), (sx, side.top + 22), 15, theme.BOLD, theme.GOLD, tracking=2)
        title = t("i12_shell.replay.start") if self.index == 0 else \
            t("i12_shell.replay.step", n=self.index, total=self.total)
        fitted(canvas, title, (sx, side.top + 58), sw, 34, theme.DISPLAY, theme.INK)
        y = side.top + 104
        if self.index > 0:
            who = self.seat_name(self.actions[self.index - 1].seat)
            canvas.text(t("i12_shell.replay.by", who=who).upper(), (sx, y), 14, theme.BOLD, theme.FAINT, tracking=2)
            y += 26
        bottom = side.bottom - 120
        for e in self.events[self.index]:
            line = self.event_line({"kind": e.kind, **dict(e.data)})
            h = canvas.text_box_height(line, sw, 17, theme.BODY, 1.15)
            if y + h > bottom:
                break
            canvas.text_box(line, (sx, y, sw, h + 2), 17, theme.BODY, theme.INK, line_spacing=1.15)
            y += h + 6
        canvas.text(t("i12_shell.replay.keys"), (side.centerx, side.bottom - 106), 13, theme.ITALIC, theme.FAINT,
                    anchor="midtop")


@registry.register_scene(SCENE_NAME)
def _shell_replay(app: Any, match: Match | None = None, start: int = 4, **_opts: Any) -> ReplayScene:
    from game.ui.scenes.end import finished_example

    return ReplayScene(match if match is not None else finished_example(), start=start)
