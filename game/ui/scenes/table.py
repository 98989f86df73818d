"""The shell's table: one game played hot-seat on one screen, for any title (issue #12).

:class:`TableScene` puts together the pure :class:`game.engine.session.TableSession` (who is on
screen, curtains, held items, computer seats, undo), the title's *board view* (a small object that
draws one seat's view and turns clicks into legal actions: :class:`BoardView`), the log (the
title's ``event_text`` for each event the seat on screen may know, with what it missed since its
last turn marked), messages (a refusal is shown with ``exc.text()`` in the player's language), the
Undo button, the in-game menu and the History (game_menu.py, history.py) and the curtain
(curtain.py). It decides no rule: what it offers comes from ``session.legal()``, and the rules judge
every action.

Privacy: the screen draws ``session.view()`` only, which is the table's view whenever the curtain is
down or held items are being watched; the log is the screen seat's; a computer seat's move is shown
as the seat on screen may know it.

The parts every table scene does the same way are in :class:`TableParts` (a mixin): the autosave's
hook-up, the seat's log with what it missed since its last turn (built once and extended as the game
goes on), the History, the in-game menu and Save and leave, messages. :class:`TableScene` is made of
them and a plain look; a title whose table looks its own (its own panel) may build its scene on
``TableParts`` too, giving :meth:`TableParts.event_line` and drawing the parts its own way.

A title plugs in with a board view and a registered scene named by its spec's ``table_scene``,
called ``factory(app, match=<Match>, computer={seat: bot}, autosave=<bool>)`` (and with no options
for a screenshot): the example title's is :mod:`game.ui.example_table`.

At the end the table opens the title's own end screen (the scene its ``end_scene`` names) or else
the shell's (the scene ``"shell-end"``, ``factory(app, match=..., computer=...)``), the first of
them registered; with neither, it shows the result in a panel of its own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import pygame

from game.engine.api import Action, IllegalAction
from game.engine.i18n import current_language, t
from game.engine.saves import Autosaver
from game.engine.session import Played, Step, TableSession, entry
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.scenes.curtain import PULSE_TIME, CurtainScene, pulse
from game.ui.scenes.game_menu import ConfirmScene, GameMenuScene
from game.ui.textfit import fit_line
from game.ui.widgets import Button, dialog_panel, draw_panel, mix

BOARD = pygame.FRect(22, 22, 1076, 856)    # the board view's part of the 1600×900 screen
PANEL = pygame.FRect(1118, 22, 460, 856)
IX, IW = PANEL.left + 18, PANEL.width - 36
MENU_BUTTON = pygame.FRect(PANEL.right - 18 - 110, 34, 110, 30)
TURN = pygame.FRect(IX, 90, IW, 96)
BUTTONS_TOP, BUTTON_H, BUTTON_GAP = 204, 48, 10
LOG_TOP, LOG_LINE = 400, 21
LOG_INDENT = 14        # the second row of a long log line
MESSAGE = pygame.FRect(IX, PANEL.bottom - 96, IW, 78)
MESSAGE_TIME = 5.0


class BoardView(Protocol):
    """What a title gives the shell's table: it draws a seat's view in :data:`BOARD` and finds the
    legal action under a click. ``view`` is the seat's own (the table's under a curtain); ``legal``
    the seat on screen's legal actions (empty when it may not act)."""

    def seat_name(self, seat: str) -> str: ...

    def draw(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None: ...
    # (a view whose drawing changes under the mouse other than over an action may add
    #  ``hover_key(mouse, view, legal)``: the table draws the board again when it changes)

    def action_at(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None: ...


class TableCurtain(CurtainScene):
    """The curtain of the table: Esc opens the in-game menu over it (the curtain stays below)."""

    def __init__(self, *args: Any, on_menu: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_menu = on_menu

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_menu is not None:
            self.on_menu()
            return True
        return super().handle(event)


class HeldScene(CurtainScene):
    """What a seat was held back while it was away (the session's held items), shown on the velvet
    once its player has lifted the curtain, before its board: one line per item."""

    def __init__(self, name: str, lines: Sequence[str], on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(name, on_ready)
        self.lines = list(lines)

    def enter(self) -> None:
        pass   # the curtain has just been heard

    def draw(self, canvas: Canvas) -> None:
        from game.ui.scenes.curtain import _velvet

        canvas.layer("curtain", _velvet)
        canvas.text(t("i12_session.held.title", name=self.name).upper(), (800, 250), 44, theme.DISPLAY,
                    theme.INK, anchor="midtop", tracking=2)
        y = 340.0
        for line in self.lines[-8:]:
            fitted(canvas, line, (800, y), 1100, 28, theme.BOLD, theme.GOLD_LIGHT, anchor="midtop")
            y += 46
        a = min(1.0, max(0.0, (self.age - self.ARM_DELAY * 0.6) / 0.4))
        if a > 0:
            col = (*theme.GOLD_LIGHT, round(255 * a * pulse(self.age)))
            canvas.text(t("curtain.click_when_ready"), (800, 760), 30, theme.BOLD, col, anchor="midtop")

    def animating(self) -> bool:
        return self.age < PULSE_TIME + 1.0


class TableParts:
    """What every table scene does the same way, for a scene with a ``session`` (a
    :class:`TableSession`), a ``match``, a ``stack`` and ``self.is_top`` (a :class:`Scene`): see the
    module docstring. A scene names its log's lines with :meth:`event_line`, may add to the menu with
    :meth:`menu_options` and close what it has open first with :meth:`before_menu`."""

    session: TableSession
    match: Any
    stack: Any
    autosaver: Autosaver | None = None
    message: str | Callable[[], str] | None = None
    message_age = 0.0

    # ---------------------------------------------------------------- the autosave
    def attach_autosaver(self, autosaver: Autosaver | None, autosave: bool, ui: Callable[[Any], dict]) -> None:
        """The game autosaved after every move (``autosaver``, else a new one when ``autosave``),
        with the screen's own state (``ui(match)``) in the save's ``"ui"`` block."""
        self.autosaver = autosaver if autosaver is not None else (Autosaver() if autosave else None)
        if self.autosaver is not None:
            self.autosaver.ui = ui
            if self.autosaver not in self.match.listeners:
                self.match.listeners.append(self.autosaver)

    # ---------------------------------------------------------------- the session's steps
    def advance(self) -> None:
        """After a move: the end, the same seat again, a computer seat's turn, or the next seat."""
        self.react(self.session.advance())

    def lift(self, seat: str) -> None:
        """``seat``'s player has lifted the curtain (or watched what was held for it)."""
        self.react(self.session.lift(seat))

    def react(self, step: Step) -> None:
        """What a step of the session means on this screen: the end (:meth:`on_over`); the same
        screen (:meth:`on_same`: the seat plays on, a computer seat plays, a seat has lifted its
        curtain); what was held for a seat, shown before its board (:meth:`show_held`, which calls
        :meth:`lift` again once it is watched); else another seat (:meth:`on_other`: the board
        hidden), and the curtain falls for it (:meth:`show_curtain`)."""
        if step.kind == "over":
            self.on_over()
        elif step.kind in ("computer", "stay", "shown"):
            self.on_same(step)
        elif step.kind == "held" and step.seat is not None:
            self.show_held(step.seat, step.held)
        else:
            self.on_other(step)
            if step.kind == "curtain" and step.seat is not None and self.stack is not None:
                self.show_curtain(step.seat)

    def on_over(self) -> None:
        """The game is over (the session shows the table's view)."""

    def on_same(self, step: Step) -> None:
        """The screen stays with the seat it shows."""

    def on_other(self, step: Step) -> None:
        """Another seat's turn (or nobody's here): what the last seat had open goes."""

    def show_curtain(self, seat: str) -> None:
        """The curtain falls for ``seat``; lifted, it calls :meth:`lift`."""
        raise NotImplementedError

    def show_held(self, seat: str, held: Sequence[Any]) -> None:
        """``held`` shown to ``seat`` (its curtain just lifted), then :meth:`lift` again."""
        raise NotImplementedError

    # ---------------------------------------------------------------- computer seats
    def computer_waits(self) -> bool:
        """A computer seat waits while something is over the table (a menu, the curtain)."""
        return not getattr(self, "is_top", True)

    def tick_computer(self, dt: float) -> None:
        """A computer seat's move after the session's pause, unless :meth:`computer_waits`; then
        :meth:`computer_played` and on (:meth:`advance`)."""
        played = self.session.tick(dt, busy=self.computer_waits())
        if played is not None:
            self.computer_played(played)
            self.advance()

    def computer_played(self, played: Played) -> None:
        """What the screen shows of a computer seat's move (``played``, as the seat on screen may
        know it) before the table goes on."""

    # ---------------------------------------------------------------- messages
    def say(self, message: IllegalAction | str) -> None:
        """A message in the player's language (a refusal is read again if the language changes)."""
        self.message = (lambda: message.text()) if isinstance(message, IllegalAction) else message
        self.message_age = 0.0

    def message_text(self) -> str | None:
        return self.message() if callable(self.message) else self.message

    def age_message(self, dt: float) -> None:
        """A message goes after :data:`MESSAGE_TIME` seconds."""
        if self.message is not None:
            self.message_age += dt
            if self.message_age > MESSAGE_TIME:
                self.message = None

    # ---------------------------------------------------------------- the log
    def event_line(self, entry: dict) -> str:
        """One log entry as a line in the current language (the title's event texts)."""
        raise NotImplementedError

    def seat_log(self) -> list[dict]:
        """Every event the seat on screen may know, redacted for it, oldest first, as entries: the
        whole game (the History holds it all). Read again only when the moves or the seat change."""
        seat = self.session.screen_seat()
        log = self.match.log
        key = (seat, len(log), log[-1] if log else None)
        cache = self.__dict__.get("_table_log")
        if cache is None or cache[0][:2] != key[:2] or cache[0][2] is not key[2]:
            cache = (key, [entry(e) for e in self.session.seat_events(seat)])
            self._table_log = cache
        return cache[1]

    def seat_lines(self) -> list[str]:
        """The seat's log as lines in the current language: made once per entry, kept while the log
        only grows (another seat, an undo or another language: made again)."""
        entries = self.seat_log()
        lang = current_language()
        cache = self.__dict__.get("_table_lines")
        lines: list[str] = []
        if cache is not None and cache[0] == lang:
            old, kept = cache[1], cache[2]
            if old is entries or (len(old) <= len(entries) and entries[:len(old)] == old):
                lines = kept
        if len(lines) < len(entries):
            lines = lines + [self.event_line(e) for e in entries[len(lines):]]
        self._table_lines = (lang, entries, lines)
        return lines

    def missed(self, index: int | None) -> bool:
        """Whether the seat's event ``index`` happened while it was away (None: a line of the
        screen's own, never missed)."""
        return index is not None and self.session.missed(index)

    def missed_on_return(self) -> int | None:
        """Back from behind the curtain, before its first move: how many events the seat missed
        while it was away (the log's title says so); else None."""
        since = self.session.since
        if since is None or not self.session.revealed or len(self.seat_log()) != since[1]:
            return None
        return since[1] - since[0]

    def log_shown(self) -> bool:
        """Whether the log (and the History) may be on screen: a person's seat is shown, the game is
        over, or nobody at this screen is a person (computers playing each other: the screen shows the
        table's public log, as it shows the table's view)."""
        return self.session.revealed or self.session.over or not self.session.people()

    def history_rows(self) -> list[tuple[str, bool]]:
        """The History's lines, each with whether it was missed since the seat's last turn."""
        return [(line, self.missed(i)) for i, line in enumerate(self.seat_lines())]

    def open_history(self) -> None:
        """The History: the seat's whole log, opened at what it missed since its last turn."""
        if self.stack is None or not self.log_shown():
            return
        from game.ui.scenes.history import HistoryScene

        rows = self.history_rows()
        marked = [i for i, (_line, missed) in enumerate(rows) if missed]
        since = (marked[0], marked[-1] + 1) if marked else None
        self.stack.push(HistoryScene([line for line, _m in rows], title=lambda: t("history.title"), since=since,
                                     since_title=lambda: t("i11_play.log.since")))

    # ---------------------------------------------------------------- the menu
    def before_menu(self) -> None:
        """Close what the scene has open before its menu opens (nothing here)."""

    def menu_options(self) -> dict[str, Any]:
        """More for the in-game menu (e.g. ``on_rules``)."""
        return {}

    def open_game_menu(self) -> None:
        """The in-game menu (game_menu.py), over the screen or over the curtain. With the curtain
        down the menu stands on the curtain; should the board be hidden with no curtain on it, the
        menu covers the whole window."""
        if self.stack is None or isinstance(self.stack.top, GameMenuScene):
            return
        self.before_menu()
        hidden = not self.session.revealed and not self.session.over and not isinstance(self.stack.top, CurtainScene)
        note = (lambda: t("game_menu.saved_note")) if self.autosaver is not None else None
        self.stack.push(GameMenuScene(**self.menu_options(), on_save_leave=self.save_and_leave, note=note,
                                      hide_below=hidden, kept=self.game_kept))

    def game_kept(self) -> bool:
        """Whether this game is saved, so that a new one leaves it for Continue: an autosave and at
        least one move (nothing is written before the first)."""
        return self.autosaver is not None and len(self.match.log) > 0 and not self.match.state.is_over()

    def save_and_leave(self) -> None:
        """Save and leave: the autosave (with the screen's state) written now, then the title,
        whose "Continue" reopens the game behind the curtain."""
        if self.autosaver is not None and not self.match.state.is_over():
            self.autosaver(self.match)
        self.back_to_title()

    def back_to_title(self) -> None:
        from game.ui.scenes.title import back_to_title

        back_to_title(self.stack)

    def menu_open(self) -> bool:
        """True while the in-game menu or one of its dialogs is over this screen (a clock stops,
        a computer seat waits)."""
        if self.stack is None or self.stack.top is self:
            return False
        above = self.stack.scenes[self.stack.scenes.index(self) + 1:] if self in self.stack else []
        return any(isinstance(s, (GameMenuScene, ConfirmScene)) for s in above)


class TableScene(TableParts, Scene):
    """See the module docstring. ``event_text``: log entry -> a line (default: the spec's);
    ``curtain``: the policy (default: the spec's); ``session_options``: more for the session
    (``last_seen``, ``held`` from a save: :func:`game.engine.session.options_from_meta`)."""

    fills_window = True
    end_scene: str | None = None           # the title's own end screen, a registered scene's name
    computer_turn_first = False            # the turn panel names the computer's seat at work even
    #                                        while a person's seat is on screen (it stays with the person)

    def __init__(self, match: Any, board: BoardView, *, computer: Mapping[str, Any] | None = None,
                 autosave: bool = True, autosaver: Autosaver | None = None, start_revealed: bool = False,
                 curtain: Any = None, event_text: Callable[[dict], str] | None = None,
                 **session_options: Any) -> None:
        super().__init__()
        from game.engine.titles import load, title

        spec = title(match.title)
        self.match = match
        self.board = board
        self.spec = spec
        self.event_text = event_text or (load(spec.event_text) if spec.event_text else _plain_event)
        self.session = TableSession(match, curtain=curtain if curtain is not None else spec.curtain,
                                    computer=computer, start_revealed=start_revealed, **session_options)
        self.attach_autosaver(autosaver, autosave, lambda _match: self.session.save_meta())
        self.message = None
        self.message_age = 0.0
        self.ended = False
        self.menu_button = Button(MENU_BUTTON, lambda: t("game_menu.button"), self.open_game_menu, icon="gear",
                                  size=16)
        self.undo_button = Button((IX, 0, IW, BUTTON_H), lambda: t("i12_session.undo"), self.undo, style="ghost",
                                  icon="back")
        self.pass_button = Button((IX, 0, IW, BUTTON_H), self._pass_label, self.hand_over)
        self.history_button = Button((IX + IW - 130, LOG_TOP - 4, 130, 28), lambda: t("i12_session.history"),
                                     self.open_history, style="secondary", size=14)
        self.over_button = Button((IX, PANEL.bottom - 190, IW, 56), lambda: t("i12_session.back_to_title"),
                                  self.back_to_title, style="primary", icon="back")
        # while a computer seat plays: Faster (the pause between its moves shortened), or back
        self.faster_button = Button((IX, 0, IW, BUTTON_H), self._faster_label, self.toggle_fast, style="ghost")
        self._layout()

    def menu_options(self) -> dict[str, Any]:
        """New game opens this title's set-up again (a shell title need not be in the chooser);
        Rules, when the title registered a rules reader (rules_reader.register_rules_book)."""
        from game.ui.scenes.rules_reader import rules_book

        options: dict[str, Any] = {"on_new_game": self.new_game}
        if rules_book(self.spec.name) is not None:
            options["on_rules"] = self.open_rules
        return options

    def open_rules(self) -> None:
        """The title's rules reader over the table (Back returns to the game)."""
        from game.ui.scenes.rules_reader import rules_book

        book = rules_book(self.spec.name)
        if book is not None and self.stack is not None:
            self.stack.push(book())

    def new_game(self) -> None:
        """Back to the title screen, then this title's set-up with the same options and the same
        seats at the computer."""
        from game.ui.scenes.end import players_of
        from game.ui.scenes.title import back_to_title

        stack = self.stack
        if stack is None:
            return
        back_to_title(stack)
        stack.push(self.setup_scene(dict(self.match.config), players_of(self.spec, self.session.computer) or None))

    def setup_scene(self, config: dict[str, Any], players: dict[str, str] | None) -> Scene:
        """This title's set-up with ``config`` and ``players`` chosen (New game's); the shell's."""
        from game.ui.scenes.setup import SetupScene

        return SetupScene(self.spec, config=config, players=players)

    # ================================================================ the session's steps

    def enter(self) -> None:
        if not self.ended:
            self.react(self.session.advance())

    # the session's steps (TableParts.react): the panel laid out again, the curtain, held items, the end
    def on_over(self) -> None:
        self._layout()
        self.open_end()

    def on_same(self, step: Step) -> None:
        self._layout()

    def on_other(self, step: Step) -> None:
        self._layout()

    def show_curtain(self, seat: str) -> None:
        self.message = None
        self.stack.push(TableCurtain(self.board.seat_name(seat), on_ready=lambda: self.lift(seat),
                                     on_menu=self.open_game_menu))

    def show_held(self, seat: str, held: Sequence[Any]) -> None:
        if self.stack is not None:
            lines = [self.event_text(dict(item)) if isinstance(item, Mapping) else str(item) for item in held]
            self.stack.push(HeldScene(self.board.seat_name(seat), lines, on_ready=lambda: self.lift(seat)))
        self._layout()

    def play(self, action: Action) -> None:
        """The seat on screen's move: a refusal is said in the player's language, nothing lost."""
        try:
            self.session.submit(action)
        except IllegalAction as exc:
            self.say(exc)
            return
        self.message = None
        self.advance()

    def hand_over(self) -> None:
        step = self.session.hand_over()
        if step is not None:
            self.react(step)

    def undo(self) -> None:
        try:
            self.session.undo(strict=True)
        except IllegalAction as exc:
            self.say(exc)
            return
        self.message = None
        self.react(self.session.advance())

    def update(self, dt: float) -> None:
        self.tick_computer(dt)
        self.age_message(dt)
        super().update(dt)

    # ================================================================ the end
    def open_end(self) -> None:
        """The title's end screen (:attr:`end_scene`), else the shell's, in place of the table, when
        one is registered; else the panel drawn here."""
        if self.ended or self.stack is None:
            self.ended = True
            return
        self.ended = True
        from game.ui import registry

        name = next((n for n in (self.end_scene, "shell-end") if registry.is_registered(n)), None)
        if name is not None:
            scenes = registry.build_scenes(name, self.app, match=self.match, computer=self.session.computer)
            self.stack.replace(scenes[0])
            for scene in scenes[1:]:
                self.stack.push(scene)

    # ================================================================ the log
    def event_line(self, entry: dict) -> str:
        return self.event_text(entry)

    def log_lines(self) -> list[tuple[str, bool]]:
        """The seat on screen's log as (line, missed since its last turn)."""
        return self.history_rows()

    # ================================================================ input
    def _layout(self) -> None:
        """The panel's buttons for what the seat on screen may do now."""
        widgets: list[Any] = [self.menu_button]
        y = float(BUTTONS_TOP)
        if self.session.over:
            widgets += [self.over_button, self.history_button]
            self.widgets = widgets
            return
        if self.session.revealed and self.session.next_in_turn() is not None:
            self.pass_button.rect.topleft = (IX, y)
            widgets.append(self.pass_button)
            y += BUTTON_H + BUTTON_GAP
        if self.session.undoable():
            self.undo_button.rect.topleft = (IX, y)
            widgets.append(self.undo_button)
            y += BUTTON_H + BUTTON_GAP
        if self.session.thinking() is not None:
            self.faster_button.rect.topleft = (IX, y)
            widgets.append(self.faster_button)
        if self.log_shown():
            widgets.append(self.history_button)
        self.widgets = widgets

    def toggle_fast(self) -> None:
        """Faster, or back to the normal pace: the pause between the computer's moves."""
        self.session.set_fast(not self.session.fast)

    def _faster_label(self) -> str:
        return t("i12_session.normal_speed" if self.session.fast else "i12_session.faster")

    def _pass_label(self) -> str:
        nxt = self.session.next_in_turn()
        return t("i12_session.pass_to", name=self.board.seat_name(nxt)) if nxt else ""

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_game_menu()
            return True
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and BOARD.collidepoint(event.pos):
            legal = self.session.legal()
            if not legal:
                return True
            action = self.board.action_at(tuple(event.pos), self.session.view(), legal)
            if action is not None:
                self.play(action)
            return True
        return False

    def wants_hand_cursor(self) -> bool:
        if super().wants_hand_cursor():
            return True
        legal = self.session.legal()
        return bool(legal) and self.board.action_at(self.mouse, self.session.view(), legal) is not None

    # ================================================================ drawing
    def draw(self, canvas: Canvas) -> None:
        """The board and the panel are drawn once into a cached layer, again only when what they
        show changes (a move, the seat on screen, the language, a message, what the mouse is over);
        the buttons are drawn every frame."""
        session = self.session
        view = session.view()
        legal = session.legal()
        hover = getattr(self.board, "hover_key", None)
        hovered = hover(self.mouse, view, legal) if hover is not None else self.board.action_at(self.mouse, view, legal)
        key = ("table", id(self), len(self.match.log), session.screen_seat(), session.revealed, session.over,
               session.pending, session.since, session.computer_to_act(), current_language(), self.message_text(),
               hovered)

        def build(c: Canvas) -> None:
            c.clear(theme.NIGHT)
            self.board.draw(c, view, legal, self.mouse)
            self._draw_panel(c)

        canvas.layer(key, build)
        for widget in self.widgets:
            widget.draw(canvas)
        if self.session.over and self.stack is not None and self in self.stack:
            self._draw_over(canvas, view)

    def _draw_panel(self, canvas: Canvas) -> None:
        draw_panel(canvas, PANEL, theme.PANEL, theme.EDGE, radius=16, shadow=True)
        name = self.spec.display_name.get(current_language()) or self.spec.display_name["en"]
        fitted(canvas, name.upper(), (IX, 36), IW - 130, 26, theme.DISPLAY, theme.GOLD, tracking=1.5)
        self._draw_turn(canvas)
        self._draw_log(canvas)
        message = self.message_text()
        if message:
            draw_panel(canvas, MESSAGE, (70, 26, 34, 240), theme.RED, radius=10)
            lines = canvas.wrap(message, MESSAGE.width - 24, 17, theme.BOLD)[:3]
            for i, line in enumerate(lines):
                canvas.text(line, (MESSAGE.left + 12, MESSAGE.top + 10 + i * 22), 17, theme.BOLD, theme.INK)

    def turn_text(self) -> tuple[str, str]:
        """The turn panel's kicker and line: the game over, the seat on screen, the computer's seat at
        work (first, with :attr:`computer_turn_first`), or waiting."""
        session = self.session
        if session.over:
            return t("i12_session.turn.over_kicker"), t("i12_session.turn.over")
        playing = session.computer_to_act()
        if playing is not None and (self.computer_turn_first or not session.revealed):
            return t("i12_session.turn.computer_kicker"), self.computer_turn_line(playing)
        if session.revealed:
            return t("i12_session.turn.kicker"), t("i12_session.turn.seat",
                                                   name=self.board.seat_name(session.on_screen))
        return t("i12_session.turn.waiting_kicker"), t("i12_session.turn.waiting")

    def computer_turn_line(self, seat: str) -> str:
        """The turn panel's line while the computer's ``seat`` plays."""
        return t("i12_session.turn.computer", name=self.board.seat_name(seat))

    def _draw_turn(self, canvas: Canvas) -> None:
        draw_panel(canvas, TURN, (22, 32, 60, 240), theme.GOLD_DARK, radius=12)
        kicker, line = self.turn_text()
        canvas.text(kicker.upper(), (TURN.left + 16, TURN.top + 14), 15, theme.BOLD, theme.MUTED, tracking=2)
        fitted(canvas, line, (TURN.left + 16, TURN.top + 40), TURN.width - 32, 32, theme.DISPLAY, theme.INK,
               tracking=1)

    def _draw_log(self, canvas: Canvas) -> None:
        canvas.line(theme.EDGE, (IX, LOG_TOP - 10), (IX + IW, LOG_TOP - 10), 1)
        lines = self.log_lines() if self.log_shown() else []
        back = self.missed_on_return()   # back from behind the curtain, before its first move
        title = t("i11_play.log.since_n", n=back) if back is not None else t("i12_session.log")
        fitted(canvas, title.upper(), (IX, LOG_TOP), IW - 150, 15, theme.BOLD, theme.GOLD, tracking=2)
        bottom = MESSAGE.top - 10 if self.message else PANEL.bottom - 20
        if self.session.over:
            bottom = self.over_button.rect.top - 14
        y = LOG_TOP + 34
        room = max(0, int((bottom - y) // LOG_LINE))
        shown = log_rows(lines, room)
        for i, (rows, marked) in enumerate(shown):
            newest = i == len(shown) - 1
            fade = 0.3 * (len(shown) - 1 - i) / max(1, room)
            colour = theme.INK if newest or marked else mix(theme.MUTED, theme.FAINT, fade)
            if marked:
                canvas.fill(theme.GOLD, (IX - 10, y + 3, 4, LOG_LINE * len(rows) - 6), radius=2)
            for k, row in enumerate(rows):
                indent = LOG_INDENT if k else 0          # a line's second row set in, as in a list
                fitted(canvas, row, (IX + indent, y), IW - indent, 15.5, theme.BODY, colour)
                y += LOG_LINE

    def _draw_over(self, canvas: Canvas, view: Any) -> None:
        """The plain end panel (when the shell's end screen is not there)."""
        result = getattr(view, "result", None)
        if result is None and isinstance(view, Mapping):
            result = view.get("result")
        winners = list(getattr(result, "winners", None) or (result or {}).get("winners", []) if result else [])
        r = pygame.FRect(0, 0, 640, 230)
        r.center = (BOARD.centerx, BOARD.bottom - 170)   # below the scores, over the empty hand
        dialog_panel(canvas, r)
        canvas.text(t("i12_session.over.title").upper(), (r.centerx, r.top + 34), 46, theme.DISPLAY, theme.GOLD,
                    anchor="midtop", tracking=2)
        if winners:
            names = ", ".join(self.board.seat_name(s) for s in winners)
            line = t("i12_session.over.winners", names=names)
        else:
            line = t("i12_session.over.draw")
        fitted(canvas, line, (r.centerx, r.top + 110), r.width - 40, 30, theme.BOLD, theme.INK, anchor="midtop")
        scores = getattr(result, "scores", None) or {}
        if scores:
            text = "  ·  ".join(f"{self.board.seat_name(s)} {v}" for s, v in scores.items())
            fitted(canvas, text, (r.centerx, r.top + 160), r.width - 40, 22, theme.BODY, theme.MUTED, anchor="midtop")


@functools.lru_cache(maxsize=1024)
def _log_wrap(line: str) -> list[str]:
    """A log line on the side panel's rows: one, or two with the rest on the second."""
    from game.ui.scenes.history import wrap

    rows = wrap(line, IW - LOG_INDENT, 15.5)
    return rows if len(rows) <= 2 else [rows[0], " ".join(rows[1:])]


def log_rows(lines: Sequence[tuple[str, bool]], room: int) -> list[tuple[list[str], bool]]:
    """The newest log lines that fit ``room`` rows, each on one row or, when too long for the side
    panel, on two (the rest said with "…"), oldest first: a long sentence stays readable instead of
    shrinking (the history shows every line whole)."""
    shown: list[tuple[list[str], bool]] = []
    used = 0
    for line, marked in reversed(lines):
        rows = _log_wrap(line)
        if used + len(rows) > room:
            if not shown and room:
                shown.append((rows[:room], marked))
            break
        shown.append((rows, marked))
        used += len(rows)
    return shown[::-1]


def fitted(canvas: Canvas, text: str, pos: tuple[float, float], width: float, size: float, face: str,
           colour: Any, *, anchor: str = "topleft", tracking: float = 0.0) -> None:
    """One line of text made to fit ``width``: smaller down to 70 %, then cut with "…"."""
    line, s, tr = fit_line(canvas, [text], width, size, face, minimum=size * 0.7, tracking=tracking)
    canvas.text(line, pos, s, face, colour, anchor=anchor, tracking=tr)


def _plain_event(entry: dict) -> str:
    """A log line for a title without event texts: its kind and data."""
    details = ", ".join(f"{k}={v}" for k, v in entry.items() if k != "kind")
    return f"{entry.get('kind')}: {details}" if details else str(entry.get("kind"))
