"""Lupusburg at the shell's table: :class:`LupusTableScene`, the shell's :class:`TableScene` with
Lupusburg's board (:mod:`game.lupusburg.ui.board`) and its own side panel.

Hidden roles: every seat hides from every other, so with two people or more at the screen

* the curtain (the title's policy, :func:`game.lupusburg.title.curtain`) falls before every step of
  a person but the discussion: laying out the houses, each night call, the privilege and the look
  back, the broom, each bet, each secret ballot and runoff token, a tie-break; on the curtain, what
  the table saw happen since the last curtain (a kill at dawn, a seal placed, the votes revealed)
  is told to everybody;
* after a night call (and the broom's look) the seat that made it reads what it found in a panel
  that looks the same for every role (the Werewolf's claw, the Thief's look, a call that does
  nothing); only its sentence differs; then the curtain falls;
* while computer seats play, the screen shows nobody's secrets (the table's view), and the
  discussion is shown to the whole table from the table's view (nobody's characters, no seat's
  log) with its countdown; anyone ends it with "End the discussion" (or the clock does). With one
  person at the screen, his own view stays throughout; at a table of computers alone the
  discussion ends at once.

The side panel shows whose turn it is, the seat's own notes (what it saw under a house, the
characters it was shown; on its own screen only) and the public history by day
(:mod:`game.lupusburg.ui.history`), which the wheel scrolls.

Board clicks within the widgets' click guard of the board changing are dropped (a double click's
second never falls onto the next position); a click on a house that names a move the rules refuse
(one's own house at night) is handed to them, whose sentence is shown.

Registered scene: ``lupusburg-table`` (the title's ``table_scene``), and for the screenshots
``lupusburg-night``, ``lupusburg-vote``, ``lupusburg-discuss``, ``lupusburg-curtain``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.engine.api import TABLE, Action, IllegalAction
from game.engine.i18n import current_language, t
from game.engine.session import Played, entry as entry_of
from game.ui import audio, theme
from game.ui.canvas import Canvas
from game.ui.clock import UP, Countdown, clock_text
from game.ui.registry import register_scene
from game.ui.scene import Scene
from game.ui.scenes.table import BOARD, IX, IW, PANEL, TURN, TableCurtain, TableScene, fitted
from game.ui.widgets import CLICK_GUARD, CLOCK, Button, dialog_panel, draw_panel

from game.lupusburg import texts
from game.lupusburg.rules.actions import EndDiscussion, Keep
from game.lupusburg.ui import history
from game.lupusburg.ui.board import ACT, BUTTON_H, CENTRE, LupusBoard, house_name, phase_name

DISCUSSION_CHOICES = (None, 60, 120, 180)     # the set-up's discussion clock (seconds; None: no clock)
RESULT_KINDS = ("called", "swept")            # a move whose result its maker reads before the curtain
NEWS_KINDS = ("night", "killed", "lynched", "privilege_skipped", "privilege", "shown", "broom_given", "swept",
              "broom_removed", "bet", "bet_passed", "discussion_over", "votes", "suspects", "tie", "decided",
              "burgomaster")
NEWS_LINES = 4
SOUNDS = {"killed": "blow", "lynched": "blow", "bet": "card", "votes": "flip", "privilege": "card",
          "shown": "card", "burgomaster": "curtain"}
NOTES_TOP = 246.0
WHEEL = 42.0


def _short(kind: Any) -> str:
    return str(kind).removeprefix("lupusburg.")


def no_hold(events: Any, seat: str, state: Any) -> list[Any]:
    """Nothing is held for a seat behind its curtain: each private result is read by the seat that
    made the move, at once, and what the table saw is told on the curtain and kept in the history."""
    return []


class LupusCurtain(TableCurtain):
    """The curtain, with what the whole table saw happen since the last one (public)."""

    def __init__(self, name: str, news: Sequence[str], **kwargs: Any) -> None:
        super().__init__(name, **kwargs)
        self.news = list(news)[-NEWS_LINES:]

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        if not self.news:
            return
        y = 664.0
        canvas.text(t("lupusburg_ui.curtain.news").upper(), (800, y), 14, theme.BOLD, theme.GOLD, anchor="midtop",
                    tracking=3)
        y += 24
        for line in self.news:
            fitted(canvas, line, (800, y), 1280, 19, theme.BODY, (246, 230, 214), anchor="midtop")
            y += 23


class CallResult(Scene):
    """What a seat's own move found (a night call, the broom's look), read before the curtain falls;
    the panel is the same for every role, only the sentence differs."""

    overlay = True

    def __init__(self, title: str, lines: Sequence[str], on_done: Callable[[], None]) -> None:
        super().__init__()
        self.title, self.lines, self.on_done = title, list(lines), on_done
        self.panel = pygame.FRect(0, 0, 700, 280)
        self.panel.center = (BOARD.centerx, CENTRE[1] + 10)
        self.done_button = Button((0, 0, 380, 56), lambda: t("lupusburg_ui.result.done"), self.done, style="primary",
                                  icon="check")
        self.done_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - 26)
        self.widgets = [self.done_button]

    def done(self) -> None:
        self.close()
        self.on_done()

    def handle(self, event: Any) -> bool:
        super().handle(event)
        return True      # nothing reaches the table below

    def draw(self, canvas: Canvas) -> None:
        canvas.fill((0, 0, 0, 140), BOARD)
        p = self.panel
        dialog_panel(canvas, p)
        canvas.text(self.title.upper(), (p.centerx, p.top + 30), 18, theme.BOLD, theme.GOLD, anchor="midtop",
                    tracking=4)
        y = p.top + 70
        for line in self.lines:
            y += canvas.text_box(line, (p.left + 40, y, p.width - 80, 110), 24, theme.BODY, theme.INK, align="center",
                                 line_spacing=1.25, max_lines=4) + 6
        super().draw(canvas)


class LupusTableScene(TableScene):
    """See the module docstring. ``discussion``: the discussion's clock in seconds (None: none)."""

    board: LupusBoard
    end_scene = "lupusburg-end"
    computer_turn_first = True

    def __init__(self, match: Any, *, discussion: int | None = None, **options: Any) -> None:
        options.setdefault("hold", no_hold)
        seats = tuple(match.state.seats)
        super().__init__(match, LupusBoard(seats), **options)
        self.board.computer = frozenset(self.session.computer)
        self.discussion = discussion if discussion in DISCUSSION_CHOICES else None
        if self.autosaver is not None:
            self.autosaver.ui = lambda _match: {**self.session.save_meta(), "discussion": self.discussion}
        self.countdown: Countdown | None = None
        self._countdown_day = 0
        self.news_from = 0
        self.history_scroll = 0.0
        self._history_total = 0.0
        self._quiet_until = -1e9
        self._pressed = False
        self._seen: Any = None
        self.end_button = Button((ACT.right - 260, ACT.bottom - BUTTON_H, 260, BUTTON_H),
                                 lambda: t("lupusburg_ui.button.end_discussion"), self.end_discussion,
                                 style="primary", icon="check", size=20)
        self.history_button.rect = pygame.FRect(IX + IW - 150, TURN.bottom + 12, 150, 32)
        self.undo_button.rect = pygame.FRect(IX, TURN.bottom + 12, 150, 32)
        self.undo_button.size = 16
        self.faster_button.rect = pygame.FRect(IX, TURN.bottom + 12, 190, 32)
        self.faster_button.size = 16
        self._layout()

    # ---------------------------------------------------------------- what the screen may show
    @property
    def state(self) -> Any:
        return self.match.state

    def public_screen(self) -> bool:
        """The discussion, with two people or more at the screen: shown to the whole table."""
        return (self.state.phase == "discuss" and not self.session.over and len(self.session.people()) >= 2)

    def shown_view(self) -> Any:
        return self.state.view(TABLE) if self.public_screen() else self.session.view()

    def shown_legal(self) -> list[Action]:
        return [] if self.public_screen() else self.session.legal()

    def cover(self) -> None:
        """The seat on screen leaves it with nobody taking its place (the table's view): before the
        computer seats play at a table of people, and after the discussion, so that the next
        person's step comes behind the curtain."""
        s = self.session
        if s.revealed and s.on_screen != TABLE and not s.over:
            s.last_seen[s.on_screen] = len(s.seat_events(s.on_screen))
            s.revealed, s.on_screen, s.pending, s.since = False, TABLE, None, None

    # ---------------------------------------------------------------- the session's steps
    def react(self, step: Any) -> None:
        """Every step of the session (a move, a curtain lifted, a result read) quiets the board for
        the click guard at once, so a double click's second press, even in the same batch of
        events, never lands on the next position."""
        self.quiet_for(CLICK_GUARD)
        super().react(step)

    def on_same(self, step: Any) -> None:
        if step.kind == "computer" and len(self.session.people()) >= 2:
            self.cover()
        self._layout()

    def show_curtain(self, seat: str) -> None:
        self.message = None
        self.board.picked = None
        note = texts.capitalised(phase_name(self.state.view(TABLE)))
        self.stack.push(LupusCurtain(self.board.seat_name(seat), self.news(), note=note,
                                     on_ready=lambda: self.lift(seat), on_menu=self.open_game_menu))

    def news(self) -> list[str]:
        """What the table saw since the last curtain (public: the table's events), as sentences."""
        events = self.session.seat_events(TABLE)
        new = events[self.news_from:]
        self.news_from = len(events)
        return [self.event_text(entry_of(e)) for e in new if _short(e.kind) in NEWS_KINDS]

    def setup_scene(self, config: dict[str, Any], players: dict[str, str] | None) -> Any:
        from game.lupusburg.ui.setup import LupusSetupScene

        return LupusSetupScene("lupusburg", config=config, players=players, discussion=self.discussion)

    # ---------------------------------------------------------------- moves
    def play(self, action: Action) -> None:
        try:
            played = self.session.submit(action)
        except IllegalAction as exc:
            self.say(exc)
            return
        self.message = None
        self.board.picked = None
        self.heard(played)
        if isinstance(action, EndDiscussion):
            self.cover()
        results = [entry_of(e) for e in played.events if _short(e.kind) in RESULT_KINDS]
        results = [r for r in results if "role" in r or "chest" in r]
        if results and self.stack is not None:
            kind = _short(results[-1]["kind"])
            title = t("lupusburg_ui.result.night", day=self.state.day) if kind == "called" \
                else t("lupusburg_ui.result.broom")
            self.stack.push(CallResult(title, [self.event_text(r) for r in results], self.advance))
            self._layout()
            return
        self.advance()

    def computer_played(self, played: Played) -> None:
        self.heard(played)

    def heard(self, played: Played) -> None:
        """The move's sounds (what the whole table hears)."""
        sounds = [SOUNDS[k] for k in (_short(e.kind) for e in played.public) if k in SOUNDS]
        for sound in dict.fromkeys(sounds[-2:]):
            audio.play(sound)

    def end_discussion(self) -> None:
        """The discussion is over (a click, or the clock): the Burgomaster's move, made for him when
        he is not the seat on screen; then the curtain falls for the first voter."""
        state = self.state
        if state.phase != "discuss" or self.session.over:
            return
        bm = state.burgomaster
        action = EndDiscussion(bm)
        if self.session.screen_seat() == bm:
            self.play(action)
            return
        played = self.session.apply(action)
        self.heard(played)
        self.cover()
        self.advance()

    def computer_waits(self) -> bool:
        """A computer seat also waits while the table discusses (the clock or a person ends it)."""
        if super().computer_waits():
            return True
        return self.state.phase == "discuss" and bool(self.session.people()) and not self.session.over

    # ---------------------------------------------------------------- time and input
    def quiet_for(self, seconds: float) -> None:
        self._quiet_until = max(self._quiet_until, CLOCK.now + seconds)

    def discussion_left(self) -> float | None:
        """Seconds left to the discussion's clock (None: no clock, or no discussion now)."""
        if self.countdown is None or self.state.phase != "discuss" or self.countdown.limit is None:
            return None
        return self.countdown.remaining

    def update(self, dt: float) -> None:
        state = self.state
        if state.phase == "discuss" and self.session.people() and not self.session.over:
            if self._countdown_day != state.day or self.countdown is None:
                self._countdown_day = state.day
                self.countdown = Countdown(self.discussion, marks=(30,))
            if self.is_top and UP in self.countdown.tick(dt):
                self.end_discussion()
        legal = self.shown_legal()
        sig = (len(self.match.log), self.session.screen_seat(), tuple(legal))
        if sig != self._seen:
            self._seen = sig
            self.quiet_for(CLICK_GUARD)
            self.board.tidy(legal)
            self._layout()
        super().update(dt)

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_game_menu()
            return True
        if event.type == pygame.MOUSEWHEEL and PANEL.collidepoint(self.mouse):
            self.history_scroll = max(0.0, self.history_scroll - event.y * WHEEL)
            return True
        for widget in reversed(self.widgets):
            if widget.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 3:
            self.board.picked = None        # right click: the coin picked is dropped
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._pressed = BOARD.collidepoint(event.pos) and CLOCK.now >= self._quiet_until - 1e-9
            return BOARD.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and BOARD.collidepoint(event.pos):
            pressed, self._pressed = self._pressed, False
            if not pressed or CLOCK.now < self._quiet_until - 1e-9:
                return True    # pressed elsewhere (on the curtain) or the board has just changed
            legal = self.shown_legal()
            if not legal:
                return True
            view = self.shown_view()
            pos = tuple(event.pos)
            coin = self.board.coin_at(pos, view) if view.drawn else None
            if coin is not None:
                self.board.picked = None if self.board.picked == coin else coin
                return True
            action = self.board.action_at(pos, view, legal)
            if action is None:
                if any(isinstance(a, Keep) for a in legal) and self.board.player_at(pos) is not None:
                    self.say(t("lupusburg_ui.refusal.coin_first") if self.board.picked is None
                             else IllegalAction("lupusburg_refusal.bet_self"))
                    return True
                action = self.board.intent(pos, view, legal)
            if action is not None:
                self.play(action)
            return True
        return False

    def wants_hand_cursor(self) -> bool:
        if any(getattr(w, "wants_hand", False) for w in self.widgets):
            return True
        legal = self.shown_legal()
        if not legal:
            return False
        view = self.shown_view()
        if view.drawn and self.board.coin_at(self.mouse, view) is not None:
            return True
        return self.board.action_at(self.mouse, view, legal) is not None

    # ---------------------------------------------------------------- the panel's buttons
    def _layout(self) -> None:
        if not hasattr(self, "end_button"):
            super()._layout()
            return
        widgets: list[Any] = [self.menu_button]
        if self.session.over:
            self.widgets = [*widgets, self.over_button]
            return
        private = self.session.revealed and not self.public_screen()
        if private and self.ballot_cast():
            widgets.append(self.undo_button)
        if self.session.thinking() is not None and self.state.phase != "discuss":
            widgets.append(self.faster_button)       # the computer's pace (its moves one by one)
        if private or not self.session.people():
            widgets.append(self.history_button)
        if self.state.phase == "discuss" and self.session.people():
            widgets.append(self.end_button)
        self.widgets = widgets

    def ballot_cast(self) -> bool:
        """Whether Undo would take back exactly the votes (or tokens) the seat on screen cast in the
        round under way, and nothing before them (the Burgomaster's end of the discussion stays)."""
        view = self.session.view()
        cast = len(view.my_ballot or view.my_marks)
        return cast > 0 and self.session.undoable() == cast

    # ---------------------------------------------------------------- drawing
    def waiting_line(self) -> str:
        if self.public_screen() or (self.state.phase == "discuss" and self.session.people()):
            return t("lupusburg_ui.prompt.discuss")
        playing = self.session.computer_to_act()
        if playing is not None:
            return t("lupusburg_ui.prompt.computer", who=self.board.seat_name(playing))
        acting = self.state.to_act()
        if acting:
            return t("lupusburg_ui.prompt.waiting", who=", ".join(self.board.seat_name(s) for s in acting))
        return t("lupusburg_ui.prompt.wait")

    def turn_text(self) -> tuple[str, str]:
        if self.session.over:
            return super().turn_text()
        kicker = texts.capitalised(phase_name(self.state.view(TABLE)))
        if self.state.phase == "discuss" and self.session.people():
            return kicker, t("lupusburg_ui.turn.discuss")
        _k, line = super().turn_text()
        return kicker, line

    def draw(self, canvas: Canvas) -> None:
        session = self.session
        view = self.shown_view()
        legal = self.shown_legal()
        board = self.board
        hovered = board.hover_key(self.mouse, view, legal)
        left = self.discussion_left()
        key = ("lupusburg-table", id(self), len(self.match.log), session.screen_seat(), session.revealed,
               session.over, session.pending, session.computer_to_act(), session.thinking(), current_language(),
               self.message_text(), hovered, board.picked, self.public_screen(), self.history_scroll,
               None if left is None else clock_text(left), self.session.undoable())

        def build(c: Canvas) -> None:
            c.clear(theme.NIGHT)
            board.waiting_line = self.waiting_line()
            board.draw(c, view, legal, self.mouse)
            if left is not None:
                self._draw_clock(c, left)
            self._draw_panel(c, view)

        canvas.layer(key, build)
        for widget in self.widgets:
            widget.draw(canvas)

    def _draw_clock(self, canvas: Canvas, left: float) -> None:
        urgent = left <= 30
        text = clock_text(left)
        canvas.text(text, (ACT.left, ACT.bottom + 4), 54, theme.DISPLAY, theme.RED if urgent else theme.GOLD_LIGHT,
                    anchor="bottomleft", tracking=2)
        canvas.text(t("lupusburg_ui.clock").upper(), (ACT.left + 130, ACT.bottom - 12), 13, theme.BOLD, theme.MUTED,
                    anchor="bottomleft", tracking=2)

    def _draw_panel(self, canvas: Canvas, view: Any = None) -> None:  # type: ignore[override]
        view = view if view is not None else self.shown_view()
        draw_panel(canvas, PANEL, theme.PANEL, theme.EDGE, radius=16, shadow=True)
        name = self.spec.display_name.get(current_language()) or self.spec.display_name["en"]
        fitted(canvas, name.upper(), (IX, 36), IW - 130, 26, theme.DISPLAY, theme.GOLD, tracking=1.5)
        self._draw_turn(canvas)
        top = NOTES_TOP
        if view.seat != TABLE and view.reveal is None:
            top = self._draw_notes(canvas, view, top)
        canvas.line(theme.EDGE, (IX, top), (IX + IW, top), 1)
        canvas.text(t("lupusburg_ui.history.title").upper(), (IX, top + 10), 15, theme.BOLD, theme.GOLD, tracking=2)
        bottom = PANEL.bottom - 16
        message = self.message_text()
        if message:
            bottom -= 96
        area = pygame.FRect(IX, top + 36, IW, bottom - top - 36)
        limit = max(0.0, self._history_total - area.height)
        if self.history_scroll > limit:
            self.history_scroll = limit
        self._history_total = history.draw(canvas, view, area, self.history_scroll)
        if self._history_total > area.height:
            canvas.text(t("lupusburg_ui.history.more"), (IX + IW, top + 12), 12, theme.ITALIC, theme.FAINT,
                        anchor="topright")
        if message:
            box = pygame.FRect(IX, PANEL.bottom - 96, IW, 78)
            draw_panel(canvas, box, (70, 26, 34, 240), theme.RED, radius=10)
            canvas.text_box(message, (box.left + 12, box.top + 10, box.width - 24, box.height - 16), 17, theme.BOLD,
                            theme.INK, line_spacing=1.2, max_lines=3)

    def _draw_notes(self, canvas: Canvas, view: Any, top: float) -> float:
        """What this seat alone learnt: its looks under houses, the characters it was shown."""
        lines: list[str] = []
        for look in view.looks:
            how = t("lupusburg_ui.notes.night" if look.how == "night" else "lupusburg_ui.notes.broom", day=look.day)
            found = t("lupusburg_ui.notes.chest" if look.chest else "lupusburg_ui.notes.empty")
            lines.append(f"{how} · {house_name(look.house[0], look.house[1])}: {found}")
        for seen in view.seen:
            how = t(f"lupusburg_ui.notes.{seen.how}", day=seen.day)
            lines.append(f"{how} · {house_name(seen.house[0], seen.house[1])}: "
                         f"{t(f'lupusburg.character.{seen.character}')}")
        canvas.text(t("lupusburg_ui.notes.title").upper(), (IX, top), 15, theme.BOLD, theme.GOLD, tracking=2)
        y = top + 26
        if not lines:
            canvas.text(t("lupusburg_ui.notes.none"), (IX, y), 15, theme.ITALIC, theme.FAINT)
            return y + 30
        for line in lines[-7:]:
            fitted(canvas, line, (IX, y), IW, 15, theme.BODY, theme.INK)
            y += 20
        return y + 10


@register_scene("lupusburg-table")
def _lupusburg_table(app: Any, match: Any = None, computer: Any = None, autosave: bool = False,
                     **options: Any) -> LupusTableScene:
    """Lupusburg at the table (the title's ``table_scene``). With no match (a screenshot): a seeded
    game on its third day, Blue's screen with a seal placed, a character seen and a chest found."""
    if match is None:
        from game.lupusburg.ui.samples import day_position

        match, seat = day_position()
        return LupusTableScene(match, autosave=False, start_revealed=True, last_seen={seat: 0})
    return LupusTableScene(match, computer=computer, autosave=autosave, **options)


def _sample(build: Callable[[], Any], **options: Any) -> LupusTableScene:
    match = build()
    return LupusTableScene(match, autosave=False, start_revealed=True, **options)


@register_scene("lupusburg-night")
def _lupusburg_night(app: Any, **_options: Any) -> LupusTableScene:
    """A night call: the seat on screen points at a house (every other player's lit)."""
    from game.lupusburg.ui.samples import night_position

    return _sample(night_position)


@register_scene("lupusburg-vote")
def _lupusburg_vote(app: Any, **_options: Any) -> LupusTableScene:
    """The runoff: the suspects under the paw print and the tuft of fur, a voter's tokens."""
    from game.lupusburg.ui.samples import runoff_position

    return _sample(runoff_position)


@register_scene("lupusburg-discuss")
def _lupusburg_discuss(app: Any, **_options: Any) -> LupusTableScene:
    """The discussion shown to the whole table, its clock running."""
    from game.lupusburg.ui.samples import discuss_position

    scene = LupusTableScene(discuss_position(), autosave=False, discussion=120)
    scene.countdown = Countdown(120)
    scene.countdown.left = 83.0
    scene._countdown_day = scene.state.day
    return scene


@register_scene("lupusburg-curtain")
def _lupusburg_curtain(app: Any, **_options: Any) -> list[Any]:
    """The curtain between two players, with what the table saw since the last one."""
    from game.lupusburg.ui.samples import day_position

    match, seat = day_position()
    scene = LupusTableScene(match, autosave=False)
    events = scene.session.seat_events(TABLE)
    scene.news_from = max(0, len(events) - 12)
    curtain = LupusCurtain(scene.board.seat_name(seat), scene.news(), note=texts.capitalised(
        phase_name(match.state.view(TABLE))))
    curtain.age = 3.0
    return [scene, curtain]
