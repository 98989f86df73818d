"""Watching a finished game of Lupin again, move by move, with every secret shown.

The game is rebuilt from its log, never from saved positions: one pass at the start replays the
whole log through a :class:`game.engine.replay.Match` and keeps a copy of the state every
:data:`CHECKPOINT` moves (with each move's events and the round and phase it led to), so a jump
anywhere replays at most that many moves from the nearest copy, and a step forward applies just
the next one.

The board shows :func:`game.lupin.rules.review.review_view` of the position: every figure where it
really was, a member the police could not see marked as hidden (a dashed ring and a slashed eye,
not a colour), every tile's face (a "$" for the treasure, a cross for an empty safe) and what each
member carries. The side panel tells the move (who played what) and all its events un-redacted as
sentences (:func:`game.lupin.ui.log_text.event_line`), above a legend, the timeline of rounds and
phases (click or drag to jump; hover tells where) and the controls: first, previous, play/pause,
next, last (also Home, ←, Space, →, End); Esc or Back returns to the end screen.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.api import TABLE
from game.engine.i18n import current_language, t
from game.lupin.rules.boards import episode
from game.lupin.rules.review import entry, review_view
from game.lupin.ui import choices as C
from game.lupin.ui.board_scene import GANG_STYLE, LupinBoardScene, square_rect, tile_square
from game.lupin.ui.dice import fit
from game.lupin.ui.log_text import event_line
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.scenes.replay import ReplayStepping
from game.ui.widgets import Widget, _is_left, draw_panel, mix

CHECKPOINT = 16          # a copy of the state every this many moves
STEP_SECONDS = 0.7       # auto-advance while playing
PANEL = pygame.FRect(1118, 22, 460, 856)
IX, IW = PANEL.left + 18, PANEL.width - 36
LOG_TOP, LOG_BOTTOM, LOG_LINE = 292, 640, 19
TIMELINE = pygame.FRect(IX, 718, IW, 62)
CONTROLS_Y, CONTROL_H = 800, 58
PHASE_SHADES = {"placement": (70, 86, 124), "planning": (110, 92, 150), "police": (60, 110, 190),
                "gang": (196, 92, 80), "treasure": (220, 170, 60), "over": (150, 150, 160)}
SEAT_COLOURS = {"zenigata": (140, 96, 52), **{k: v[0] for k, v in GANG_STYLE.items()}}


def eye_slash(canvas: Canvas, centre: tuple[float, float], size: float, colour: Any) -> None:
    """A closed-eye mark: an eye outline crossed by a slash (for "hidden")."""
    cx, cy = centre
    w, h = size, size * 0.55
    top = [(cx - w / 2 + w * k / 8, cy - h / 2 * math.sin(math.pi * k / 8)) for k in range(9)]
    bottom = [(cx - w / 2 + w * k / 8, cy + h / 2 * math.sin(math.pi * k / 8)) for k in range(9)]
    canvas.lines(colour, top, 2)
    canvas.lines(colour, bottom, 2)
    canvas.circle(colour, (cx, cy), h * 0.28)
    canvas.line(colour, (cx - w * 0.45, cy + h * 0.75), (cx + w * 0.45, cy - h * 0.75), 2.5)


class Timeline(Widget):
    """The game's moves on one bar, split into rounds (numbered) and, under it, phases; a click
    or a drag jumps there; hovering tells the round, phase and move."""

    interactive = True

    def __init__(self, rect: Any, marks: list[tuple[int, str]], on_jump: Any) -> None:
        super().__init__(rect)
        self.marks = marks
        self.on_jump = on_jump
        self.dragging = False
        self.hover_index: int | None = None

    @property
    def total(self) -> int:
        return len(self.marks) - 1

    @property
    def bar(self) -> pygame.FRect:
        return pygame.FRect(self.rect.left, self.rect.top + 22, self.rect.width, 20)

    def x_of(self, i: float) -> float:
        return self.bar.left + self.bar.width * (i / max(1, self.total))

    def index_at(self, x: float) -> int:
        k = (x - self.bar.left) / max(1.0, self.bar.width)
        return max(0, min(self.total, round(k * self.total)))

    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            self.hover_index = self.index_at(event.pos[0]) if self.hovered or self.dragging else None
            if self.dragging:
                self.on_jump(self.index_at(event.pos[0]))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event) and self.contains(event.pos):
            self.dragging = True
            self.on_jump(self.index_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and _is_left(event) and self.dragging:
            self.dragging = False
            return True
        return False

    def rounds(self) -> list[tuple[int, int, int]]:
        """(round, first step, last step) for every round of the game."""
        out: list[list[int]] = []
        for i, (rnd, _phase) in enumerate(self.marks):
            if out and out[-1][0] == rnd:
                out[-1][2] = i
            else:
                out.append([rnd, i, i])
        return [tuple(x) for x in out]  # type: ignore[misc]

    def draw_static(self, canvas: Canvas) -> None:
        bar = self.bar
        canvas.text(t("lupin_over.replay.timeline").upper(), (self.rect.left, self.rect.top), 13, theme.BOLD,
                    theme.GOLD, tracking=2)
        canvas.fill((20, 30, 56), bar, radius=4)
        for n, (rnd, a, b) in enumerate(self.rounds()):
            x0, x1 = self.x_of(max(0, a - 0.5)), self.x_of(min(self.total, b + 0.5))
            seg = pygame.FRect(x0, bar.top, max(1.0, x1 - x0), bar.height)
            canvas.fill((36, 50, 86) if n % 2 else (28, 40, 72), seg)
            if x1 - x0 >= 14:
                canvas.text(str(rnd), seg.center, 12, theme.BOLD, theme.MUTED, anchor="center")
            canvas.line(theme.EDGE_LIGHT, (x0, bar.top), (x0, bar.bottom + 8), 1)
        strip_y = bar.bottom + 3
        start = 0
        for i in range(1, len(self.marks) + 1):
            if i == len(self.marks) or self.marks[i][1] != self.marks[start][1]:
                x0, x1 = self.x_of(max(0, start - 0.5)), self.x_of(min(self.total, i - 0.5))
                canvas.fill(PHASE_SHADES.get(self.marks[start][1], (90, 90, 90)),
                            (x0, strip_y, max(1.0, x1 - x0 - 1), 6))
                start = i
        canvas.border(theme.EDGE, bar, width=1, radius=4)

    def draw_knob(self, canvas: Canvas, index: int) -> None:
        bar = self.bar
        x = self.x_of(index)
        canvas.line(theme.GOLD_LIGHT, (x, bar.top - 3), (x, bar.bottom + 9), 3)
        canvas.polygon(theme.GOLD, [(x, bar.bottom + 8), (x + 7, bar.bottom + 17), (x - 7, bar.bottom + 17)])
        if self.hover_index is not None:
            rnd, phase = self.marks[self.hover_index]
            tip = t("lupin_over.replay.at", round=rnd, phase=t(f"lupin.phase.{phase}"), n=self.hover_index)
            w = min(IW, canvas.measure(tip, 15, theme.BOLD)[0] + 20)
            hx = min(max(self.x_of(self.hover_index) - w / 2, PANEL.left + 6), PANEL.right - 6 - w)
            box = pygame.FRect(hx, bar.top - 40, w, 26)
            canvas.fill((12, 18, 36, 245), box, radius=6)
            canvas.border(theme.GOLD_DARK, box, width=1.5, radius=6)
            canvas.text(fit(canvas, tip, w - 16, 15, theme.BOLD), box.center, 15, theme.BOLD, theme.INK, anchor="center")


class ReplayScene(ReplayStepping, LupinBoardScene):
    """See the module docstring. ``match`` is a (finished) game; it is not changed. The stepping
    (copies, moves, play/pause, keys) is the shell's :class:`game.ui.scenes.replay.ReplayStepping`."""

    fills_window = True
    tip_prefix = "lupin_over.replay"

    def __init__(self, match: Any, *, start: int = 0, playing: bool = True) -> None:
        # one pass over the whole game: copies every CHECKPOINT moves, and each move's events
        self.load_game(match, lambda state: (state.round, state.phase), CHECKPOINT)
        LupinBoardScene.__init__(self, self.current, TABLE)
        self.playing = playing
        self._lines: dict[tuple, list[tuple[str, int]]] = {}
        self.timeline = Timeline(TIMELINE, self.marks, self.jump)
        self.controls = self.stepping_buttons(IX, CONTROLS_Y, IW, CONTROL_H, 10.0)
        from game.lupin.ui.play_scene import FitButton

        self.back_button = FitButton((PANEL.right - 18 - 132, 28, 132, 34), lambda: t("lupin_over.replay.back"),
                                     self.back, style="ghost", icon="back")
        self.widgets = [self.timeline, *self.controls, self.back_button]
        self.go(start)
        self.set_playing(playing)

    # -------------------------------------------------------------- positions
    @property
    def state(self) -> Any:
        return self.current

    @state.setter
    def state(self, value: Any) -> None:
        self.current = value

    def refresh(self) -> None:
        self.view = review_view(self.current)
        self._layout_tokens()
        self.version += 1

    # -------------------------------------------------------------- what the panel says
    def step_lines(self, i: int) -> list[str]:
        """The sentences of move ``i``'s events, un-redacted."""
        return [event_line(entry(e)) for e in self.events[i]]

    def log_lines(self) -> list[tuple[str, int]]:
        """(sentence, its move) for the moves up to the current one (the newest last)."""
        key = (self.index, current_language())
        if key not in self._lines:
            out: list[tuple[str, int]] = []
            i = self.index
            while i > 0 and len(out) < 60:
                out[:0] = [(line, i) for line in self.step_lines(i)]
                i -= 1
            self._lines = {key: out}
        return self._lines[key]

    # -------------------------------------------------------------- drawing
    def draw(self, canvas: Canvas) -> None:
        key = ("lupin-replay", id(self), self.version, current_language())
        canvas.layer(key, self._draw_static)
        self.timeline.draw_knob(canvas, self.index)
        for widget in self.widgets:
            if widget is not self.timeline:
                widget.draw(canvas)
        tip = next((b for b in self.controls if b.hovered), None)
        if tip is not None:
            text = tip.tip() if callable(tip.tip) else tip.tip
            canvas.text(text, (tip.rect.centerx, tip.rect.bottom + 6), 13, theme.BOLD, theme.MUTED, anchor="midtop")
        if self.hover is not None:
            canvas.border(theme.GOLD, square_rect(*self.hover), width=2, radius=2)

    def _draw_static(self, canvas: Canvas) -> None:
        self.draw_board(canvas)
        self._draw_tiles(canvas)
        self._draw_figures(canvas)
        self._draw_marks(canvas)
        self._draw_side(canvas)
        self.timeline.draw_static(canvas)

    def _draw_tiles(self, canvas: Canvas) -> None:
        for tile in self.view["tiles"]:
            sq = tile_square(self.current.geo.board, tile)
            if sq is None:
                continue
            r = square_rect(*sq).inflate(-12, -8)
            tile_mark(canvas, r, bool(tile.get("treasure")))

    def _draw_marks(self, canvas: Canvas) -> None:
        """Hidden members: a slashed eye; carriers: the tile they hold, face up."""
        carried = {tile["carrier"]: tile.get("treasure") for tile in self.view["tiles"] if tile["carrier"]}
        for fid, f in self.view["figures"].items():
            if fid not in self.tokens or f["kind"] != "gang":
                continue
            (cx, cy), rad = self.tokens[fid]
            if f.get("hidden"):
                badge = (cx + rad * 0.85, cy - rad * 0.85)
                canvas.circle(theme.NIGHT, badge, 9)
                canvas.circle(theme.GOLD, badge, 9, width=1.5)
                eye_slash(canvas, badge, 13, theme.GOLD_LIGHT)
            if fid in carried:
                r = pygame.FRect(0, 0, 16, 16)
                r.center = (cx + rad * 0.85, cy + rad * 0.85)
                tile_mark(canvas, r, bool(carried[fid]), small=True)

    def _draw_side(self, canvas: Canvas) -> None:
        v = self.view
        lang = current_language()
        draw_panel(canvas, PANEL, (14, 21, 41, 246), theme.EDGE, radius=12, shadow=False)
        ep = episode(v["episode"]).name[lang]
        canvas.text(fit(canvas, f"{t('lupin_over.replay.kicker')} · {ep}".upper(), IW - 150, 15, theme.BOLD), (IX, 36), 15,
                    theme.BOLD, theme.GOLD, tracking=1.5)
        if self.index == 0:
            title = t("lupin_over.replay.start")
        else:
            title = t("lupin_over.replay.step", n=self.index, total=self.total)
        canvas.text(fit(canvas, title, IW, 38, theme.DISPLAY), (IX, 58), 38, theme.DISPLAY, theme.INK, tracking=0.5)
        rnd, phase = self.marks[self.index]
        canvas.text(t("lupin_over.replay.round_phase", round=rnd, phase=t(f"lupin.phase.{phase}")), (IX, 102), 18,
                    theme.BOLD, theme.MUTED)
        canvas.text(fit(canvas, t("lupin_over.replay.everything"), IW, 14, theme.ITALIC), (IX, 128), 14, theme.ITALIC,
                    theme.FAINT)
        # the move
        card = pygame.FRect(IX, 156, IW, 92)
        canvas.fill((20, 30, 56), card, radius=10)
        if self.index > 0:
            action = self.actions[self.index - 1]
            colour = SEAT_COLOURS.get(action.seat, theme.FAINT)
            with canvas.clip(pygame.FRect(card.left, card.top, 6, card.height)):
                canvas.fill(colour, card, radius=10)
            canvas.text(t("lupin_over.replay.by", who=t(f"lupin.seat.{action.seat}")).upper(),
                        (card.left + 20, card.top + 12), 13, theme.BOLD, theme.FAINT, tracking=2)
            canvas.text_box(C.action_label(action, v), (card.left + 20, card.top + 34, card.width - 34, 52), 19,
                            theme.BOLD, theme.INK, line_spacing=1.15, max_lines=2)
        else:
            canvas.text_box(t("lupin_over.replay.everything"), (card.left + 20, card.top + 18, card.width - 34, 60), 17,
                            theme.ITALIC, theme.MUTED, max_lines=3)
        canvas.border(theme.EDGE, card, width=1.5, radius=10)
        # what happened, the current move's sentences brightest
        canvas.text(t("lupin_over.replay.events").upper(), (IX, 262), 14, theme.BOLD, theme.GOLD, tracking=2)
        room = int((LOG_BOTTOM - LOG_TOP) // LOG_LINE)
        lines = self.log_lines()[-room:]
        if self.index > 0 and not self.events[self.index]:
            lines = lines[-(room - 1):] + [(t("lupin_over.replay.nothing"), self.index)]
        y = LOG_TOP
        for text, step in lines:
            now = step == self.index
            if now:
                canvas.fill(theme.GOLD, (IX, y + 4, 4, LOG_LINE - 8))
            colour = theme.INK if now else mix(theme.MUTED, theme.FAINT, 0.4)
            canvas.text(fit(canvas, text, IW - 12, 14.5, theme.BOLD if now else theme.BODY), (IX + 12, y), 14.5,
                        theme.BOLD if now else theme.BODY, colour)
            y += LOG_LINE
        # the legend
        ly = LOG_BOTTOM + 12
        canvas.line(theme.EDGE, (IX, ly - 6), (IX + IW, ly - 6), 1)
        x = IX
        c = (x + 11, ly + 14)
        canvas.circle(GANG_STYLE["lupin"][0], c, 9)
        pts = [(c[0] + 13 * math.cos(a / 20 * math.tau), c[1] + 13 * math.sin(a / 20 * math.tau)) for a in range(21)]
        canvas.dashed(theme.GOLD, pts, dash=4, gap=3, width=2)
        eye_slash(canvas, (x + 36, ly + 14), 16, theme.GOLD_LIGHT)
        canvas.text(t("lupin_over.replay.legend_hidden"), (x + 50, ly + 14), 14, theme.BODY, theme.MUTED,
                    anchor="midleft")
        ly += 32
        r = pygame.FRect(IX, ly + 5, 20, 18)
        tile_mark(canvas, r, True, small=True)
        x = canvas.text(t("lupin_over.replay.legend_treasure"), (IX + 28, ly + 14), 14, theme.BODY, theme.MUTED,
                        anchor="midleft").right + 22
        r = pygame.FRect(x, ly + 5, 20, 18)
        tile_mark(canvas, r, False, small=True)
        canvas.text(t("lupin_over.replay.legend_empty"), (x + 28, ly + 14), 14, theme.BODY, theme.MUTED, anchor="midleft")


def tile_mark(canvas: Canvas, r: pygame.FRect, treasure: bool, small: bool = False) -> None:
    """A treasure tile face up: gold with "$" for the treasure, grey with a cross for an empty safe."""
    if treasure:
        canvas.fill((232, 184, 72), r, radius=3 if small else 4)
        canvas.border((90, 60, 20), r, width=1.5, radius=3 if small else 4)
        canvas.text("$", (r.centerx, r.centery + 1), r.height * 0.8, theme.DISPLAY, (70, 40, 10), anchor="center")
    else:
        canvas.fill((150, 154, 166), r, radius=3 if small else 4)
        canvas.border((50, 56, 70), r, width=1.5, radius=3 if small else 4)
        d = min(r.width, r.height) * 0.26
        canvas.line((60, 20, 26), (r.centerx - d, r.centery - d), (r.centerx + d, r.centery + d), 2.5 if small else 3)
        canvas.line((60, 20, 26), (r.centerx - d, r.centery + d), (r.centerx + d, r.centery - d), 2.5 if small else 3)
