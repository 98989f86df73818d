"""Lupin at the table: one game played hot-seat with the mouse alone, from the first placement to
the end screen.

The scene plays a :class:`game.engine.replay.Match` (autosaved after every move) and draws the
board of **the acting seat only** (``state.to_act()[0]``), never another seat's view. Whenever
the acting seat changes, the hot-seat curtain ("Pass to Zenigata – click when ready") comes down
first; while it is down the scene holds the table's view, so not even a stray frame can show a
secret.

Everything the player can do comes from ``state.legal_actions(seat)``, sorted by
:mod:`game.lupin.ui.choices` into board choices and buttons:

* a click on one of the seat's tokens (ringed in gold) selects it: its moves light up, and for a
  gang member the squares where the police would see him are hatched in red (a pattern, not a
  colour alone); the enemies it may shoot or fight wear a red target ring; hovering a square or a
  target tells the cost of the move or the roll needed and the odds;
* a click on a lit square or a ringed target plays that action; when one square holds several
  (a car that can appear with 1–4 agents), a small menu asks which;
* the buttons on the right play the rest (End turn, Escape, Flip a tile...), grouped behind one
  button when an action comes in many variants;
* right-click or Esc cancels a selection or a menu; Undo takes back the seat's own moves up to the
  last one that revealed something.

The dice of a shot or a blow tumble in a small panel, and a log tells, in sentences, the events the
seat may know. At the end, the winners, the reason and a way back to the title.

Computer seats (issue #14): no curtain falls for one; while it plays, the turn box says "Zenigata is
thinking…" (its bot chooses in a worker thread, the window goes on) beside a Faster button, and its
moves come one per pause, on the board and in the log, as the seat on screen may know them. In the
planning a computer partner chooses its start squares beside the people; a computer Lupin confirms
once the people press Ready. On Zenigata's own board, "Where could they be?" (off by default) draws
where each hidden member may be, from a Belief of Zenigata's view (where_overlay.py).
"""

from __future__ import annotations

import math
from typing import Any, Mapping

import pygame

from game.engine.api import TABLE, IllegalAction
from game.engine.grid import format_coord
from game.engine.i18n import current_language, number, t
from game.engine.saves import Autosaver
from game.engine.session import COMPUTER_PAUSE, Step, TableSession, entry  # noqa: F401 (COMPUTER_PAUSE: for tests)
from game.lupin.rules.boards import episode
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import GANG, POLICE, ZENIGATA, spot_from_text
from game.lupin.ui import choices as C
from game.lupin.ui.board_scene import (BOARD_RECT, GANG_STYLE, LupinBoardScene, draw_gang_token, draw_target,
                                       square_at, square_rect, token_colour)
from game.lupin.ui import sounds
from game.lupin.ui.dice import DicePanel, fit
from game.lupin.ui import card_art, hover as H, tile_art
from game.lupin.ui.log_text import event_line, reason_text
from game.lupin.ui import planning_scene as PS
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.clock import UP, Banner, Countdown, draw_banner
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.game_menu import ConfirmScene
from game.ui.scenes.table import TableCurtain, TableParts
from game.ui.textfit import fit_line
from game.ui.widgets import Button, draw_panel, mix, resolve, top_band

# ---- the side panel's layout (logical 1600×900) ------------------------------------------
PANEL = pygame.FRect(1118, 22, 460, 856)
IX, IW = PANEL.left + 18, PANEL.width - 36
TURN = pygame.FRect(IX, 128, IW, 84)
ROSTER_TOP, ROSTER_ROW = 224, 30
ACTIONS_TOP = 384
BUTTONS = pygame.FRect(IX, 410, IW, 218)
BUTTON_H, BUTTON_GAP = 44, 8
DICE = pygame.FRect(IX, 640, IW, 84)
LOG_TOP = 612          # the log starts here, or lower when the dice need the room
LOG_BOTTOM = 752        # the hands' strip lies below the log
HAND_TOP = 760          # the hands: the seat's own cards face up, the others' as counted backs
HAND_CARD_W, HAND_CARD_H = 60.0, 84.0
HAND_GAP, HAND_GROUP_GAP = 5.0, 14.0
HAND_ZOOM_W = 300.0     # a hovered card, enlarged over the board
DEVICE_BOX = 20.0       # a device of the seat's own characters, in the roster
RULES_BUTTON = pygame.FRect(PANEL.right - 18 - 92, 31, 92, 26)
MENU_BUTTON = pygame.FRect(RULES_BUTTON.left - 8 - 84, 31, 84, 26)   # the in-game menu (also Esc)
HISTORY_BUTTON_W = 120  # "History", at the right of the log's title
LOG_LINE = 19
FASTER_BUTTON = pygame.FRect(TURN.right - 10 - 150, TURN.bottom - 8 - 30, 150, 30)   # while a computer plays
WHERE_BUTTON = pygame.FRect(TURN.right - 10 - 200, TURN.top + 8, 200, 26)          # Zenigata's overlay toggle
GROUP_AT = 3           # an action type with this many variants gets one button and a menu
SPLIT_AT = 11          # ... and one menu per figure when there are this many for several figures
POPUP_W, POPUP_ROW, POPUP_ROWS = 360, 40, 14
PLAN_SECONDS = 15 * 60  # the gang's planning clock (rulebook: 15 minutes)

ROSTER_ORDER = ("lupin", "jigen", "goemon", "fujiko", "zenigata")
MOVE_KINDS = ("move", "ride")
ATTACK_KINDS = ("shoot", "melee")


def seat_name(seat: str) -> str:
    return t(f"lupin.seat.{seat}")


def planning_alongside(state: Any, seat: str, people_ready: bool = False) -> bool:
    """Whether a computer gang seat acts while people plan too (the planning is simultaneous): while
    it has its members' start squares to choose, which Lupin's seat waits for before the plan may be
    confirmed; and a computer holding Lupin's seat (who buys for all and confirms the plan) once the
    people's seats have said they are ready (TableSession's ``alongside``)."""
    if state.phase != "planning":
        return False
    from game.lupin.rules.actions import ChooseStart

    if any(isinstance(a, ChooseStart) for a in state.legal_actions(seat)):
        return True
    return people_ready and seat == state.seat_of.get("lupin")


def _session_attr(name: str) -> Any:
    """A scene attribute kept by the scene's table session (game/engine/session.py), under the
    name the scene has always used."""
    return property(lambda self: getattr(self.session, name), lambda self, value: setattr(self.session, name, value))


class FitButton(Button):
    """A button whose label shrinks (and at worst is cut) to fit its width."""

    def draw(self, canvas: Canvas) -> None:
        label = resolve(self.text).upper()
        avail = self.rect.width - 24 - (self.rect.height * 0.4 if self.icon else 0)
        size = self.rect.height * 0.5
        while size > 14 and canvas.measure(label, size, theme.DISPLAY, tracking=1.5)[0] > avail:
            size -= 1
        self.size = size
        if canvas.measure(label, size, theme.DISPLAY, tracking=1.5)[0] > avail:
            full = self.text
            self.text = fit(canvas, label, avail - 10, size, theme.DISPLAY)
            super().draw(canvas)
            self.text = full
            return
        super().draw(canvas)


class MenuItem(Button):
    """A line of a menu: left-aligned text that lights up under the mouse."""

    def draw(self, canvas: Canvas) -> None:
        r = self.rect
        tt = self.hover_t
        canvas.fill(mix((22, 32, 60), (40, 56, 98), tt), r, radius=7)
        canvas.border(mix(theme.EDGE, theme.GOLD, tt), r, width=1.5, radius=7)
        label = resolve(self.text)
        canvas.text(fit(canvas, label, r.width - 24, 16, theme.BOLD), (r.left + 12, r.centery), 16, theme.BOLD,
                    mix(theme.INK, theme.GOLD_LIGHT, tt), anchor="midleft")


class Popup:
    """A small menu of choices (one square, several actions; or one button for many variants).
    ``anchor`` is its top-left corner, or its top-right one with ``right=True``."""

    def __init__(self, scene: "LupinPlayScene", items: list[C.Choice], anchor: tuple[float, float],
                 title: str, *, right: bool = False, short: bool = False) -> None:
        self.scene = scene
        self.items = items
        self.title = title
        n = len(items)
        rows = min(n, POPUP_ROWS)
        cols = max(1, math.ceil(n / rows))
        rows = math.ceil(n / cols)
        col_w = POPUP_W if cols == 1 else min(POPUP_W - 20, (1576 - 24) / cols)
        w = cols * col_w + 24 - (cols - 1) * 0
        h = 46 + rows * POPUP_ROW + 10
        x = anchor[0] - w if right else anchor[0] + 12
        x = min(max(x, 12), 1600 - w - 12)
        y = min(max(anchor[1] - 20, 12), 900 - h - 12)
        self.rect = pygame.FRect(x, y, w, h)
        self.buttons: list[MenuItem] = []
        for i, choice in enumerate(items):
            col, row = divmod(i, rows)
            r = (x + 12 + col * col_w, y + 44 + row * POPUP_ROW, col_w - (6 if cols > 1 else 0), POPUP_ROW - 6)
            label = C.short_label(choice, scene.view) if short else choice.label
            risk = scene.reveal_risk(choice) if choice.kind != "move" else None
            if risk is not None:
                label = f"{label} · {t('i11_play.seen.short_' + risk)}"
            self.buttons.append(MenuItem(r, label, lambda c=choice: scene.play(c)))

    def handle(self, event: Any) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.rect.collidepoint(event.pos):
            self.scene.popup = None  # a click outside closes the menu (and does nothing else)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> None:
        for b in self.buttons:
            b.update(dt)

    def draw(self, canvas: Canvas) -> None:
        draw_panel(canvas, self.rect, theme.PANEL_SOLID, theme.GOLD_DARK, radius=12, shadow=True)
        top_band(canvas, self.rect, theme.GOLD, 5, radius=12)
        canvas.text(fit(canvas, self.title, self.rect.width - 28, 17, theme.BOLD), (self.rect.left + 14, self.rect.top + 14),
                    17, theme.BOLD, theme.GOLD)
        for b in self.buttons:
            b.draw(canvas)


class PlayCurtain(TableCurtain):
    """The hot-seat curtain of the play screen, the shell table's: Esc opens the in-game menu over
    it (the curtain stays below the menu, so nothing of the hidden seat's board is drawn)."""


class LupinPlayScene(TableParts, LupinBoardScene):
    """See the module docstring. ``start_revealed`` skips the first curtain (screenshots, tests)."""

    fills_window = True
    confirm_risky = True   # leaving the map, or a hidden member's move that shows him, asks first
    menu_buttons = True    # the Menu and History buttons (the tutorial has its own way out)

    def __init__(self, match: Any, *, autosaver: Autosaver | None = None, autosave: bool = True,
                 start_revealed: bool = False, plan_seconds: int | None = PLAN_SECONDS,
                 plan_left: float | None = None, fujiko_left: float | None = None,
                 computer: Mapping[str, Any] | None = None, last_seen: Mapping[str, int] | None = None,
                 held: Mapping[str, list] | None = None) -> None:
        self.match = match
        # the table session (game/engine/session.py) keeps who is on screen, the curtain, the tiles
        # flipped for a seat while it was away, what each seat has seen, undo, and the computer
        # seats: seat -> a bot (``choose(view, legal_actions)``, game/lupin/ai.py). A computer seat
        # gets no curtain; it plays after a short pause while the screen stays with the last
        # person's seat (or the table's view), so nothing of the bot's is ever drawn.
        from game.engine.titles import title
        from game.lupin.ui.flip import flip_entries

        self.people_ready = False   # the people's gang seats are done planning (a computer Lupin may confirm)
        self.session = TableSession(match, curtain=title(match.title).curtain, computer=computer,
                                    seats=sorted(set(match.state.seat_of.values())),
                                    events=lambda state: state.log, hold=flip_entries, last_seen=last_seen,
                                    held=held, alongside=lambda state, seat: planning_alongside(
                                        state, seat, self.people_ready))
        first = self.acting_seat()
        revealed = bool(start_revealed and first) or match.state.is_over()
        super().__init__(match.state, first if (revealed and first) else TABLE)
        self.attach_autosaver(autosaver, autosave, self.save_meta)   # the table's (game/ui/scenes/table.py)
        self.revealed = revealed
        self.over = match.state.is_over()
        if self.over:
            self.seat = TABLE
        self.selected: str | None = None
        self.popup: Popup | None = None
        self.choices: list[C.Choice] = []
        self.actors: list[str] = []
        self.targets: dict[tuple[int, int], list[C.Choice]] = {}
        self.buttons: list[tuple[FitButton, Any]] = []
        self.dice = DicePanel()
        self.message: str | None = None
        self.message_age = 0.0
        self.log_lines: list[str] = []
        self.log_marks: list[bool] = []        # the side log's lines missed since the seat's last turn
        self.history: list[tuple[str, int | None]] = []   # (line, its event's index; None: a clock note)
        self._dice_rect: pygame.FRect | None = None
        self._fresh = 0
        self.version = 0
        self.time = 0.0
        self._press_square: tuple[int, int] | None = None
        self._watched: set | None = None
        self._reach: tuple[dict, int] | None = None
        self.curtain: CurtainScene | None = None
        # the gang's planning clock: its length from the set-up (None: no limit), what is left of
        # it (kept in the autosave's "ui" block, so it survives a Resume), the 5- and 1-minute warnings
        # (the shell's Countdown, game/ui/clock.py)
        self.plan_limit = plan_seconds
        self.plan_countdown = Countdown(plan_seconds, PS.WARN_AT, left=plan_left)
        # Cagliostro: Fujiko's own 2 minutes, once shown (her length is her plan view's, fujiko_limit;
        # the countdown warns at 1 minute)
        self.fujiko_countdown: Countdown | None = None
        if fujiko_left is not None:
            self.fujiko_countdown = Countdown(math.inf, (60,), left=fujiko_left)
        self.clock_banner: Banner | None = None
        self.clock_notes: list[tuple[int, str, dict]] = []   # log lines of the clock: (log length, key, values)
        self.time_up_age = 0.0
        self.planning = PS.PlanningScreen(self)
        self.over_button = FitButton((0, 0, 320, 58), lambda: t("lupin.play.over.back"), self.back_to_title,
                                     style="primary", icon="back")
        self.undo_button = FitButton((0, 0, 10, 10), lambda: t("lupin.play.undo"), self.undo, style="ghost",
                                     icon="back")
        # a computer seat at work: "Faster" shortens the pause between its moves (issue #14)
        self.faster_button = FitButton(FASTER_BUTTON, self._faster_label, self.toggle_fast, style="secondary")
        # Zenigata's "Where could they be?" overlay, off until his player switches it on
        self.where: Any = None            # a WhereOverlay, watching Zenigata's view once switched on
        self.where_on = False
        self.where_button = FitButton(WHERE_BUTTON, self._where_label, self.toggle_where, style="secondary")
        self.refresh()

    # ================================================================ the game
    @property
    def state(self) -> Any:
        return self.match.state

    @state.setter
    def state(self, value: Any) -> None:  # the board scene sets it once; the match owns it
        pass

    # the session's state (the seat on screen, whether its board shows, the seat the curtain is down
    # for, the seat the last one passed the mouse to, what the seat on screen missed since its last
    # turn, what each seat has seen: kept in the autosave's "ui" block, the computer seats, the
    # computer's pause, the tiles held for a seat) under the scene's names
    seat = _session_attr("on_screen")
    revealed = _session_attr("revealed")
    pending = _session_attr("pending")
    handover_to = _session_attr("handover_to")
    since = _session_attr("since")
    last_seen = _session_attr("last_seen")
    computer = _session_attr("computer")
    computer_wait = _session_attr("wait")
    flip_queue = _session_attr("held")

    def computer_to_act(self) -> str | None:
        """The computer seat the rules wait for, when no person's seat may act now."""
        return self.session.computer_to_act()

    def acting_seat(self) -> str | None:
        """Who plays now (see TableSession.acting_seat)."""
        return self.session.acting_seat()

    def next_in_turn(self) -> str | None:
        """The seat a "Done: pass to..." button hands over to (None when nobody else may act)."""
        return self.session.next_in_turn()

    def hand_over(self) -> None:
        nxt = self.next_in_turn()
        if nxt is not None:
            self.handover_to = nxt
            self.advance()

    def enter(self) -> None:
        self.advance()

    # what the session's steps mean on this screen (TableParts.advance, react, lift)
    def on_over(self) -> None:
        self.over = True
        self.selected = self.popup = None
        self.refresh()

    def on_same(self, step: Step) -> None:   # the computer plays (update); the screen stays as it is
        self.refresh()

    def on_other(self, step: Step) -> None:
        # another seat: its board was hidden (the table's view) before anything else is drawn
        self.selected = self.popup = None
        self.dice.clear()
        self.message = None
        self.refresh()

    def show_curtain(self, seat: str) -> None:
        if self.curtain is None:
            self.curtain = PlayCurtain(seat_name(seat), on_ready=lambda: self.reveal(seat),
                                       note=self.curtain_note(seat),
                                       on_menu=self.open_game_menu if self.menu_buttons else None)
            self.stack.push(self.curtain)

    def show_held(self, seat: str, held: Any) -> None:
        """The tiles flipped since this seat last looked turn over, before its board."""
        from game.lupin.ui import flip

        if not flip.show_flips(self, seat, list(held), then=lambda: self.reveal(seat)):
            self.lift(seat)

    def curtain_note(self, seat: str) -> str | None:
        """What the next seat is called for, when it is more than a turn (public knowledge):
        Fujiko's secret purchase at Cagliostro, with her clock."""
        if seat != self.match.state.seat_of.get("fujiko"):
            return None
        plan = self.match.state.view(seat).get("plan") or {}   # only whether it is her step shows
        if plan.get("step") == "fujiko":
            secs = int(plan.get("clock_seconds") or 120)
            return t("lupin_ui_expansion.curtain.fujiko", minutes=max(1, secs // 60))
        return None

    def reveal(self, seat: str) -> None:
        """The curtain is lifted by ``seat``'s player: its board, with what it missed since its
        last turn (session.since), after the tiles held for it."""
        self.curtain = None
        self.lift(seat)

    def play(self, choice: C.Choice, confirmed: bool = False) -> None:
        """Submit one legal action (the rules judge it) and move the game on. Leaving the map, and
        an action that shows a hidden member, ask first (Cancel loses nothing)."""
        self.popup = None
        question = None if confirmed or not self.confirm_risky or self.stack is None else self.question_for(choice)
        if question is not None:
            title, body, yes = question
            self.stack.push(ConfirmScene(title, body, yes, lambda: self.play(choice, confirmed=True)))
            return
        try:
            played = self.submit(choice.action)
        except IllegalAction as exc:
            self.say(exc.text())
            self.refresh()
            return
        self.message = None   # a refusal is not left on screen after a move that went through
        sounds.play_events(played.public)   # what the table may hear (issue #11)
        seen = [entry(e) for e in played.events]
        self.dice.show(seen)
        self._fresh = len(seen)   # the log holds these back while the dice tumble
        self.open_radio(seen)
        from game.lupin.ui import flip   # a flipped tile turns over for this seat before anyone else's curtain
        seat = self.seat
        if flip.show_flips(self, seat, list(played.held), then=lambda: self._after_flip(seat)):
            return
        self.advance()

    def submit(self, action: Any) -> Any:
        """The seat on screen's move, through the session (the tiles it flips are held for the
        others' next curtain)."""
        return self.session.submit(action)

    # a computer seat's move, one every COMPUTER_PAUSE seconds (TableParts.tick_computer)
    def computer_waits(self) -> bool:
        return self.curtain is not None or not self.is_top or self.dice.rolling

    def computer_played(self, played: Any) -> None:
        sounds.play_events(played.public)
        seen = [entry(e) for e in played.events]
        self.dice.show(seen)
        self._fresh = len(seen)

    # ---------------------------------------------------------------- the computer at work (issue #14)
    def thinking_seat(self) -> str | None:
        """The computer seat at work now (its bot thinking, its move waiting for the pause)."""
        return None if self.over else self.session.thinking()

    def thinking_text(self) -> str | None:
        seat = self.thinking_seat()
        return None if seat is None else t("lupin_ai.thinking", who=seat_name(seat))

    def toggle_fast(self) -> None:
        """Faster (or back to the normal pace): the pause between the computer's moves."""
        self.session.set_fast(not self.session.fast)

    def _faster_label(self) -> str:
        return t("lupin_ai.normal_speed" if self.session.fast else "lupin_ai.faster")

    def waits_for_computer_lupin(self) -> bool:
        """A person's gang seat plans while the computer holds Lupin's seat (who alone confirms the
        plan): the person says when the gang is ready ("Ready: Lupin may confirm the plan")."""
        state = self.match.state
        lupin_seat = state.seat_of.get("lupin")
        return bool(self.revealed and not self.over and state.phase == "planning" and not self.people_ready
                    and lupin_seat in self.session.computer and self.seat in state.to_act()
                    and self.seat not in self.session.computer)

    def planning_ready(self) -> None:
        """The people's seats are done planning: the computer's Lupin may buy what is left and confirm."""
        self.people_ready = True
        self.refresh()
        self.advance()

    # ---------------------------------------------------------------- "Where could they be?"
    def where_available(self) -> bool:
        """The overlay may be switched on: Zenigata's own board is on screen (a person plays him)."""
        return bool(self.revealed and not self.over and self.seat == "zenigata")

    def where_shown(self) -> bool:
        """Drawn now: switched on, on Zenigata's board, and done learning the game so far."""
        return (self.where_on and self.where is not None and self.where_available()
                and not self.session.catching(self.where))

    def toggle_where(self) -> None:
        """The overlay on or off; switched on the first time, it learns the game so far from
        Zenigata's views (TableSession.watch) and follows it from then on."""
        if not self.where_available():
            return
        self.where_on = not self.where_on
        if self.where_on and self.where is None:
            from game.lupin.ui.where_overlay import WhereOverlay

            self.where = WhereOverlay()
            self.session.watch("zenigata", self.where)
        self.version += 1

    def _where_label(self) -> str:
        if self.where_on and self.where is not None and self.session.catching(self.where):
            return t("lupin_ai.where_busy")   # a game's worth of views to go through first
        return t("lupin_ai.where_on" if self.where_on else "lupin_ai.where_off")

    def extra_buttons(self) -> list[Button]:
        """The buttons of the turn box shown now: Faster while a computer seat plays, the overlay's
        toggle on Zenigata's board."""
        out: list[Button] = []
        if self.where_available():
            out.append(self.where_button)
        if self.thinking_seat() is not None:
            out.append(self.faster_button)
        return out

    def _after_flip(self, seat: str) -> None:
        """The flipping seat has watched its tile: back to its board if it plays on, else on."""
        if not self.match.state.is_over() and self.acting_seat() == seat:
            self.reveal(seat)
        else:
            self.advance()

    def undo(self) -> None:
        if not self.revealed or self.over:
            return
        try:
            self.session.undo()
        except IllegalAction as exc:
            self.say(exc.text())
        self.dice.clear()
        self.advance()

    def question_for(self, choice: C.Choice) -> tuple[str, str, str] | None:
        """The (title, text, yes) of the question asked before ``choice``, or None: leaving the
        map (the member cannot come back), or a hidden member's action that shows him (a move's
        square says so by its red hatching: it is not asked)."""
        fid = getattr(choice.action, "figure", None)
        name = C.figure_name(fid) if isinstance(fid, str) else ""
        if choice.type_name == "Escape":
            carrying = any(tile.get("carrier") == fid for tile in self.view["tiles"])
            body = "i11_play.escape.body_treasure" if carrying else "i11_play.escape.body"
            return t("i11_play.escape.title", name=name), t(body, name=name), t("i11_play.escape.yes")
        if choice.kind == "move":
            return None
        risk = self.reveal_risk(choice)
        if risk is None:
            return None
        return (t(f"i11_play.seen.title_{risk}", name=name), t(f"i11_play.seen.body_{risk}", name=name, action=choice.label),
                t("i11_play.seen.yes"))

    def reveal_risk(self, choice: C.Choice) -> str | None:
        """Whether ``choice`` shows a hidden member of this seat ("seen", "maybe", None), asked of
        the rules once per position (choices.reveal_risk)."""
        if not self.revealed or self.over or self.view["phase"] != "gang":
            return None
        if getattr(choice.action, "seat", None) != self.seat:
            return None
        risks = self.__dict__.setdefault("_risks", {})
        if choice.action not in risks:
            risks[choice.action] = C.reveal_risk(self.match.state, choice.action)
        return risks[choice.action]

    def why_not(self, fid: str) -> str | None:
        """The sentence for a click on a figure that cannot act now (a partner during a member's
        turn, a member who has played, another player's member), from this seat's view."""
        f = self.view["figures"].get(fid)
        if f is None or self.over or not self.revealed:
            return None
        name = C.figure_name(fid)
        if f["kind"] != "gang":
            if self.seat != "zenigata":
                return None
            if f.get("moved") and f.get("acted"):
                return t("i11_play.partner.police_done", name=name)
            return t("i11_play.partner.not_now", name=name)
        if f.get("seat") != self.seat:
            return t("i11_play.partner.other_player", name=name)
        if f.get("escaped"):
            return t("i11_play.partner.escaped", name=name)
        if f.get("arrested_by"):
            return t("i11_play.partner.arrested", name=name)
        active = self.view.get("active")
        if self.view["phase"] == "gang" and active and active != fid:
            return t("i11_play.partner.turn_of", active=C.figure_name(active), name=name)
        if f.get("turn_done"):
            return t("i11_play.partner.done", name=name)
        return t("i11_play.partner.not_now", name=name)

    # ================================================================ what is on offer
    def refresh(self) -> None:
        self._refreshed_in = current_language()   # labels and log lines are made in this language
        if self.match.state.phase != "planning":
            self.people_ready = False
        self.view = self.match.state.view(self.seat)
        self._risks: dict = {}   # reveal_risk's answers hold for this position only
        self._layout_tokens()
        self.version += 1
        self._watched = None
        self._reach = None
        if self.revealed and not self.over and self.seat in self.match.state.to_act():
            legal = self.match.state.legal_actions(self.seat)
            self.choices = C.classify_all(legal, self.view, self.geo)
            # the time-out of the plan is the clock's to send, once the 15 minutes are up
            clocked = [c for c in self.choices if c.type_name == "ConfirmPlan" and getattr(c.action, "timed_out", False)]
            if clocked and self.plan_clock > 0 and (len(clocked) < len(self.choices) or self.next_in_turn()):
                self.choices = [c for c in self.choices if c not in clocked]
            # ... and Fujiko's (Cagliostro), once her own 2 minutes are up
            plan = self.view.get("plan") or {}
            if plan.get("step") == "fujiko" and self.fujiko_countdown is None and self.plan_limit is not None:
                self.fujiko_countdown = Countdown(math.inf, (60,), left=float(plan.get("clock_seconds")
                                                                              or PS.FUJIKO_SECONDS))
            if self.fujiko_clock is None or self.fujiko_clock > 0:
                self.choices = [c for c in self.choices
                                if not (c.type_name == "FujikoDone" and getattr(c.action, "timed_out", False))]
        else:
            self.choices = []
        self.actors = list(dict.fromkeys(c.actor for c in self.choices if c.actor is not None))
        if self.selected not in self.actors:
            self.selected = None
        if self.selected is None and self.actors:
            active = self.view.get("active")
            self.selected = active if active in self.actors else self.actors[0]
        if self.popup is not None and not all(c in self.choices for c in self.popup.items):
            self.popup = None
        self.update_log()
        self._index()
        self.planning.refresh()

    @property
    def geo(self) -> Any:
        return self.match.state.geo

    def select(self, actor: str | None) -> None:
        self.selected = actor
        self.popup = None
        self._reach = None
        self.version += 1
        self._index()

    def _index(self) -> None:
        """The lit squares of the current selection, and the buttons."""
        self.targets = {}
        for c in self.choices:
            if c.on_board and (c.actor is None or c.actor == self.selected):
                for sq in C.spot_squares(self.geo, c.spot):
                    self.targets.setdefault(sq, []).append(c)
        self._build_buttons()

    def board_choices(self) -> list[C.Choice]:
        return list(dict.fromkeys(c for cs in self.targets.values() for c in cs))

    def button_choices(self) -> list[C.Choice]:
        return [c for c in self.choices if not c.on_board and (c.actor is None or c.actor == self.selected)]

    def _build_buttons(self) -> None:
        self.buttons = []
        if not self.revealed or self.over:
            self.widgets = list(self.over_screen().buttons) if self.over else []
            return
        offered = [c for c in self.button_choices() if not self.planning.takes(c)]   # the shop has those
        ends = [c for c in offered if c.kind == "end"]
        others = [c for c in offered if c.kind != "end"]
        by_type: dict[str, list[C.Choice]] = {}
        for c in others:
            by_type.setdefault(c.type_name, []).append(c)
        entries: list[Any] = []   # a Choice, or (label, [choices]) for a menu
        for name, cs in by_type.items():
            figures = list(dict.fromkeys(getattr(c.action, "figure", None) for c in cs))
            if len(cs) >= SPLIT_AT and len(figures) > 1 and None not in figures:
                for fig in figures:
                    mine = [c for c in cs if getattr(c.action, "figure", None) == fig]
                    entries.append((C.group_label(name, fig), mine) if len(mine) >= GROUP_AT else mine[0])
            elif len(cs) >= GROUP_AT:
                entries.append((C.group_label(name), cs))
            else:
                entries.extend(cs)
        nxt = self.next_in_turn()
        end_rows = len(ends) + (nxt is not None) + self.waits_for_computer_lupin()
        rows_free = int((BUTTONS.height + BUTTON_GAP) // (BUTTON_H + BUTTON_GAP)) - end_rows
        if math.ceil(len(entries) / 2) > rows_free:
            keep = max(0, rows_free * 2 - 1)
            rest = [x for e in entries[keep:] for x in (e[1] if isinstance(e, tuple) else [e])]
            entries = entries[:keep] + [(t("lupin.play.more"), rest)]
        col_w = (BUTTONS.width - BUTTON_GAP) / 2
        y = BUTTONS.top
        for i, entry in enumerate(entries):
            col = i % 2
            if col == 0 and i:
                y += BUTTON_H + BUTTON_GAP
            wide = col == 0 and i == len(entries) - 1
            r = (BUTTONS.left + col * (col_w + BUTTON_GAP), y, BUTTONS.width if wide else col_w, BUTTON_H)
            if isinstance(entry, tuple):
                label, cs = entry
                b = FitButton(r, label, lambda l=label, cs=cs, r=r: self.open_menu(cs, l, r), icon="plus")
                self.buttons.append((b, cs))
            else:
                risk = self.reveal_risk(entry)
                label = entry.label if risk is None else f"{entry.label} · {t('i11_play.seen.short_' + risk)}"
                b = FitButton(r, label, lambda c=entry: self.play(c), icon="!" if risk else None)
                self.buttons.append((b, entry))
        if entries:
            y += BUTTON_H + BUTTON_GAP
        if self.waits_for_computer_lupin():   # a computer holds Lupin's seat: it confirms once told
            r = (BUTTONS.left, y, BUTTONS.width, BUTTON_H)
            b = FitButton(r, lambda: t("lupin_ai.plan_ready", who=seat_name(str(self.match.state.seat_of["lupin"]))),
                          self.planning_ready, icon="check", style="primary")
            self.buttons.append((b, "ready"))
            y += BUTTON_H + BUTTON_GAP
        if nxt is not None:
            r = (BUTTONS.left, y, BUTTONS.width, BUTTON_H)
            b = FitButton(r, t("lupin.play.hand_over", who=seat_name(nxt)), self.hand_over, icon="users",
                          style="secondary" if ends else "primary")
            self.buttons.append((b, "handover"))
            y += BUTTON_H + BUTTON_GAP
        for c in ends:
            r = (BUTTONS.left, y, BUTTONS.width, BUTTON_H)
            risk = self.reveal_risk(c)   # ending the turn where the police now see him shows him
            label = c.label if risk is None else f"{c.label} · {t('i11_play.seen.short_' + risk)}"
            self.buttons.append((FitButton(r, label, lambda c=c: self.play(c), style="primary",
                                           icon="!" if risk else "check"), c))
            y += BUTTON_H + BUTTON_GAP
        self.widgets = [b for b, _ in self.buttons]
        undoable = self.match.undoable(self.seat) if self.seat != TABLE else 0
        if undoable:
            self.undo_button.rect = pygame.FRect(PANEL.right - 18 - 120, ACTIONS_TOP - 8, 120, 32)
            self.widgets.append(self.undo_button)

    def open_menu(self, items: list[C.Choice], title: str, anchor_rect: Any) -> None:
        r = pygame.FRect(anchor_rect)
        h = 46 + min(len(items), POPUP_ROWS) * POPUP_ROW + 10
        self.popup = Popup(self, items, (PANEL.left - 10, r.centery - h / 2 + 20), title, right=True, short=True)

    # ================================================================ hints
    def watched(self) -> set:
        """Squares where a gang member would be seen now, from the public police positions."""
        if self._watched is None:
            viewers, vehicles = C.police_sight(self.view)
            seen = self.geo.watched(viewers, vehicles=vehicles)
            bus = {spot_from_text(s) for s in self.view["bus"]}
            self._watched = {(s.row, s.col) for s in seen if s not in bus}
        return self._watched

    def is_gang(self, ident: str | None) -> bool:
        f = self.view["figures"].get(ident) if ident else None
        return bool(f and f["kind"] == "gang")

    def seen_at(self, spot: str) -> bool:
        if spot.startswith(("inside ", "under ")):
            return False
        sq = spot_from_text(spot)
        return (sq.row, sq.col) in self.watched()

    def move_cost(self, spot: str) -> tuple[int | None, int]:
        """The cost of the selected figure's move to ``spot`` and its allowance (a hint only)."""
        sel = self.selected
        f = self.view["figures"].get(sel) if sel else None
        if f is None or not f.get("spot"):
            return None, 0
        if self._reach is None:
            figures = self.view["figures"]
            police = {f2["spot"] for f2 in figures.values()
                      if f2["kind"] != "gang" and f2.get("spot") and not f2.get("in_car")}
            gang = {f2["spot"] for f2 in figures.values() if f2["kind"] == "gang" and f2.get("spot") and f2["shown"]
                    and not f2.get("escaped")}
            cars = {c["spot"] for c in self.view["cars"].values() if c["spot"]}

            def squares(texts):
                return [spot_from_text(s) for s in texts if not s.startswith(("inside ", "under "))]
            try:
                allowance = sheet(C.sheet_id(self.view, sel)).movement(f["wounds"])
            except KeyError:
                return None, 0
            if f["kind"] == "gang":
                kind, blocked, no_stop = GANG, squares(police | cars), squares(gang)
            else:
                kind = ZENIGATA if f["kind"] == "zenigata" else POLICE
                blocked, no_stop = squares(gang | cars), squares(police)
            r = self.geo.reach(spot_from_text(f["spot"]), allowance, kind, blocked=blocked, no_stop=no_stop)
            cost = dict(r.cost)
            if "wetsuit" in ((self.view.get("mine") or {}).get(sel) or {}).get("devices", ()):
                wet = self.geo.reach(spot_from_text(f["spot"]), allowance - 1, kind, blocked=blocked,
                                     no_stop=no_stop, swim=True)   # as the rules: the water, one square less
                cost = {**{k: v + 1 for k, v in wet.cost.items()}, **cost}
            self._reach = (cost, allowance)
        cost, allowance = self._reach
        return cost.get(spot_from_text(spot)), allowance

    def tooltip(self, square: tuple[int, int]) -> str | None:
        """What hovering ``square`` tells: the lit action(s) there, else the marker on it (a
        figure, a car, the bus, a tile, a place, a door or roof; see game/lupin/ui/hover.py)."""
        cs = self.targets.get(square)
        if not cs:
            return self.marker_tip(square)
        if len(cs) > 1:
            lines = [self._tip_for(c) for c in cs[:4]]
            return "\n".join([t("lupin.play.tip.choices", n=len(cs)), *lines])
        return self._tip_for(cs[0])

    def marker_tip(self, square: tuple[int, int] | None) -> str | None:
        """The tooltip of the marker on a board square, from this seat's view only (a hidden
        member has no token in Zenigata's view, so his square tells Zenigata nothing)."""
        if square is None:
            return None
        r = square_rect(*square)
        here = sorted((ident for ident, (c, _rad) in self.tokens.items() if r.collidepoint(c)),
                      key=lambda ident: (self.tokens[ident][0][0] - self.mouse[0]) ** 2
                      + (self.tokens[ident][0][1] - self.mouse[1]) ** 2)
        return H.square_tip(self.view, self.geo.board, square, here, self._status)

    def _tip_for(self, c: C.Choice) -> str:
        if c.kind == "move":
            cost, allowance = self.move_cost(c.spot)
            text = t("lupin.play.tip.move", where=C.spot_name(c.spot)) if cost is None else \
                t("lupin.play.tip.move_cost", where=C.spot_name(c.spot), cost=cost, max=allowance)
            if self.is_gang(c.actor):
                text += " · " + (t("lupin.play.tip.seen") if self.seen_at(c.spot) else t("lupin.play.tip.unseen"))
            return text
        risk = self.reveal_risk(c) if self.is_gang(c.actor) else None
        text = C.odds_text(c, self.view) if c.kind in ATTACK_KINDS else c.label
        if risk is not None:   # getting into a vehicle in view, shooting from hiding...
            return text + " · " + t("i11_play.seen.short_" + risk)
        if c.kind == "ride" and self.is_gang(c.actor):
            return text + " · " + (t("lupin.play.tip.seen") if self.seen_at(c.spot) else t("lupin.play.tip.unseen"))
        return text

    def _playing_now(self) -> str:
        """The seat on screen when it may act; else the seat the rules wait for (public: who plays),
        as when the computer plays Zenigata while the gang's screen is up."""
        to_act = self.match.state.to_act()
        return self.seat if self.seat in to_act or not to_act else to_act[0]

    def instruction(self) -> str:
        if self.over:
            return ""
        if self.planning.active and self.popup is None:
            return self.planning.instruction()
        if self.popup is not None:
            return t("lupin.play.hint.popup")
        if not self.choices:
            playing = self._playing_now()
            return t("lupin.play.hint.watch", who=seat_name(playing)) if self.revealed and playing != self.seat \
                else t("lupin.play.hint.wait")
        board = self.board_choices()
        kinds = {c.kind for c in board}
        if self.selected is None and self.actors:
            return t("lupin.play.hint.select")
        name = C.full_name(self.selected) if self.selected else ""
        free = [c for c in board if c.actor is None]
        if free and free[0].kind in ("place", "start"):
            fig = getattr(free[0].action, "figure", "")
            return t(f"lupin.play.hint.{free[0].kind}", name=C.full_name(fig))
        if self.selected in self.view["cars"]:
            return t("lupin.play.hint.car", name=name)
        has_move = bool(kinds & set(MOVE_KINDS))
        has_attack = bool(kinds & set(ATTACK_KINDS))
        if has_move and has_attack:
            return t("lupin.play.hint.move_attack", name=name)
        if has_move:
            return t("lupin.play.hint.move", name=name)
        if has_attack:
            return t("lupin.play.hint.attack", name=name)
        if board:
            return t("lupin.play.hint.board", name=name)
        if self.selected:
            return t("lupin.play.hint.buttons_for", name=name)
        return t("lupin.play.hint.buttons")

    # ================================================================ input
    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
            self.hover = square_at(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.cancel():   # nothing to close: the in-game menu
                self.open_game_menu()
            return True
        if self._handle_panel(event):   # the rules button; a click on a card of the hand
            return True
        if self.over:
            for button in self.over_screen().buttons:
                if button.handle(event):
                    return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if not self.revealed:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
            self.cancel()
            return True
        if self.popup is None and self.planning.handle(event):   # the shop: tiles, cards, pause, map
            return True
        if self.popup is not None:
            if event.type == pygame.MOUSEMOTION:
                for w in self.widgets:
                    w.hovered = False
            return self.popup.handle(event) or event.type == pygame.MOUSEMOTION
        for widget in reversed(self.widgets):
            if widget.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._press_square = square_at(event.pos)
            return self._press_square is not None
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            pressed, self._press_square = self._press_square, None
            sq = square_at(event.pos)
            if sq is None or sq != pressed:
                return False
            self.click_board(event.pos, sq)
            return True
        return False

    def cancel(self) -> bool:
        """Right-click or Esc: close the menu, else drop the selection; False when nothing was open."""
        if self.popup is not None:
            self.popup = None
            return True
        if self.planning.cancel():
            return True
        if self.selected is not None and not self.over:
            self.select(None)
            return True
        return False

    def click_board(self, pos: Any, sq: tuple[int, int]) -> None:
        cs = self.targets.get(sq, [])
        # a click on a target token counts for its square even when the token sits off-centre
        token = self.token_at(pos)
        if not cs and token is not None and token not in self.actors:
            spot = C.token_spot(self.view, token)
            for c in self.choices:
                if c.on_board and c.spot == spot and (c.actor is None or c.actor == self.selected):
                    cs.append(c)
        if len(cs) == 1:
            self.play(cs[0])
            return
        if len(cs) > 1:
            self.popup = Popup(self, cs, pos, t("lupin.play.choose_at", where=C.spot_name(cs[0].spot)))
            return
        actor = self.token_at(pos, among=self.actors)
        if actor is not None:
            self.select(actor if actor != self.selected else None)
            return
        if token is not None:   # a figure that cannot act now: say why, in a sentence
            reason = self.why_not(token)
            if reason is not None:
                self.say(reason)
                self.version += 1
        elif self.targets and self.revealed and not self.over:   # an empty square nobody may go to
            self.say(t("i11_pt.not_lit", square=format_coord(sq)))
            self.version += 1

    # ================================================================ per frame
    def update(self, dt: float) -> None:
        if self.__dict__.get("_refreshed_in") != current_language():
            self.refresh()   # the language was changed in the Settings over the game: relabel
        self.time += dt
        self.dice.update(dt)
        if not self.menu_open():   # the menu stops the clock; a computer seat waits for it to close
            self.tick_plan_clock(dt)
            self.tick_computer(dt)
        self.age_message(dt)
        if self.popup is not None:
            self.popup.update(dt)
        super().update(dt)
        self.over_button.update(dt)

    def animating(self) -> bool:   # full frame rate while these move (else the app idles: issue #11)
        return (self.dice.animating or self.clock_banner is not None or self.planning.flash is not None
                or self.thinking_seat() is not None or self.session.catching() or super().animating())

    def wants_hand_cursor(self) -> bool:
        if self.popup is not None:
            return any(b.wants_hand for b in self.popup.buttons)
        if super().wants_hand_cursor():
            return True
        if self.planning.active and self.planning.wants_hand():
            return True
        if self.planning.shop_on:
            return False
        if self.revealed and self.hover is not None:
            return self.hover in self.targets or self.token_at(self.mouse, among=self.actors) is not None
        return False

    # ================================================================ the planning clock, pause, radio
    @property
    def plan_clock(self) -> float:
        """What is left of the gang's clock, in seconds (infinite: no limit)."""
        return self.plan_countdown.remaining

    @property
    def fujiko_clock(self) -> float | None:
        """What is left of Fujiko's 2 minutes (None: not shown yet, or no clocks)."""
        return None if self.fujiko_countdown is None else self.fujiko_countdown.remaining

    def tick_plan_clock(self, dt: float) -> None:
        """The gang's clock counts while its board is on screen (not under the curtain, nor the
        pause: covered scenes are not updated); it warns at 5 and 1 minutes, and when it runs
        out the plan stands as it is (after a short "Time is up")."""
        if self.clock_banner is not None:
            self.clock_banner.update(dt)
            if self.clock_banner.gone:
                self.clock_banner = None
        if not (self.revealed and not self.over and self.view["phase"] == "planning"):
            return
        if self.seat not in self.match.state.to_act():   # Zenigata watching a computer gang plan
            return
        if self.planning.fujiko_step:
            self.tick_fujiko_clock(dt)
            return
        if self.plan_limit is None or not self.planning.coop:
            return
        if not self.plan_countdown.is_up:
            self._run_clock(self.plan_countdown, dt, save=True)
            return
        self._time_out(dt, "ConfirmPlan")

    def _run_clock(self, clock: Countdown, dt: float, *, save: bool) -> None:
        """One tick of a planning clock: the warnings it passes, with ``save`` a save at each whole
        minute, and "Time is up" when it runs out."""
        before = clock.remaining
        happened = clock.tick(dt)
        for mark in happened:
            if mark != UP:
                self.warn_clock(mark)
        if save and self.autosaver is not None and clock.minute_changed(before):
            self.autosaver(self.match)      # the clock's minute survives a crash or a quit
        if UP in happened:
            self._clock_up()

    def _clock_up(self) -> None:
        """A clock has just run out (already stored): the "Time is up" banner and log line."""
        self.time_up_age = 0.0
        sounds.play("time_up")
        self.clock_banner = Banner("lupin_plan.time_up_banner")
        self.clock_notes.append((len(self.seat_log()), "lupin_plan.log.time_up", {}))
        self.refresh()   # the clock at 0 may now end the planning (refresh reads it)

    def _time_out(self, dt: float, type_name: str) -> None:
        """After a short "Time is up", the screen sends the rules' timed-out action of that type."""
        self.time_up_age += dt
        if self.time_up_age >= PS.TIMEOUT_GRACE and self.popup is None:
            timed = next((c for c in self.choices if c.type_name == type_name
                          and getattr(c.action, "timed_out", False)), None)
            if timed is not None:
                self.play(timed)

    def fujiko_limit(self) -> float | None:
        """The length of Fujiko's clock (her plan view's ``clock_seconds``; None: no clocks)."""
        if self.plan_limit is None:
            return None
        return float((self.view.get("plan") or {}).get("clock_seconds") or PS.FUJIKO_SECONDS)

    def tick_fujiko_clock(self, dt: float) -> None:
        """Cagliostro: Fujiko's 2 minutes count while her shop is on screen; at 0:00 (after a
        short "Time is up") the screen ends her purchase with ``FujikoDone(timed_out=True)``."""
        if self.fujiko_countdown is None:
            return
        if not self.fujiko_countdown.is_up:
            self._run_clock(self.fujiko_countdown, dt, save=False)
            return
        self._time_out(dt, "FujikoDone")

    def warn_clock(self, seconds: float) -> None:
        sounds.play("clock_warn")
        key = "lupin_plan.warn_5" if seconds >= 300 else "lupin_plan.warn_1"
        self.clock_banner = Banner(key)
        self.clock_notes.append((len(self.seat_log()), "lupin_plan.log.warn", {"n": int(seconds // 60)}))
        self.update_log()
        self.version += 1

    # ================================================================ the log and the history
    # the seat's log (seat_log, seat_lines, missed) is the table's (TableParts), in Lupin's sentences
    def event_line(self, entry: dict) -> str:
        return event_line(entry)

    def update_log(self) -> None:
        """The History (the whole log with the clock's notes) and the side log's last lines."""
        self.history = self._history_with_clock(self.seat_lines())
        tail = self.history[-40:]
        self.log_lines = [text for text, _i in tail]
        self.log_marks = [self.missed(i) for _text, i in tail]

    def _history_with_clock(self, lines: list[str]) -> list[tuple[str, int | None]]:
        notes = sorted(self.clock_notes, key=lambda n: n[0])
        out: list[tuple[str, int | None]] = []
        k = 0
        for i, line in enumerate(lines + [None]):
            while k < len(notes) and notes[k][0] <= i:
                out.append((t(notes[k][1], **notes[k][2]), None))
                k += 1
            if line is not None:
                out.append((line, i))
        return out

    def history_rows(self) -> list[tuple[str, bool]]:
        """The History: the seat's whole log with the clock's notes (never missed)."""
        return [(text, self.missed(i)) for text, i in self.history]

    def _draw_clock_banner(self, canvas: Canvas) -> None:
        if self.clock_banner is None or not self.revealed or self.over:
            return
        draw_banner(canvas, self.clock_banner, (BOARD_RECT.centerx, BOARD_RECT.top + 70),
                    urgent=self.clock_banner.key != "lupin_plan.warn_5")

    def save_meta(self, match: Any = None) -> dict:
        """What the autosave keeps of the screen: the planning clock's length and what is left."""
        left = None if self.plan_limit is None else round(max(0.0, self.plan_clock), 1)
        meta = {"plan_seconds": self.plan_limit, "plan_left": left}
        if self.fujiko_clock is not None:
            meta["fujiko_left"] = round(max(0.0, self.fujiko_clock), 1)
        meta.update(self.session.save_meta())   # what each seat has seen, the tiles held for a seat
        return meta

    def pause_planning(self) -> None:
        """Pause: everything hidden behind the pause screen, the clock stopped, until resumed."""
        if self.stack is None or not self.planning.active:
            return
        if self.autosaver is not None:
            self.autosaver(self.match)
        left = self.plan_clock if (self.plan_limit is not None and self.planning.coop) else None
        if self.planning.fujiko_step:
            left = self.fujiko_clock
        self.planning.cancel()
        self.stack.push(PS.PauseScene(left))

    def open_radio(self, seen: list[dict]) -> None:
        """A radio was used on the gang's screen: the talk window (2 minutes, Zenigata away)."""
        radio = next((e for e in seen if e.get("kind") == "radio"), None)
        if radio is None or self.stack is None or self.seat in (TABLE, "zenigata"):
            return
        if self.seat not in self.match.state.to_act():
            return
        self.stack.push(PS.RadioTalkScene(C.figure_name(str(radio.get("figure", self.seat)))))

    # ================================================================ drawing
    def draw(self, canvas: Canvas) -> None:
        """What changes only with the game, the selection or the language is drawn once into a
        cached full-window layer; the rest (rings, hover hints, dice, buttons, menus) every frame."""
        notices = len(self.autosaver.notices) if self.autosaver is not None else 0
        clock = math.ceil(self.plan_clock) if self.view["phase"] == "planning" and self.plan_limit else 0
        if self.planning.fujiko_step and self.fujiko_clock is not None:
            clock = math.ceil(self.fujiko_clock)
        key = ("lupin-play", id(self), self.version, self.selected, self.revealed, self.over, self.message,
               self.popup is not None, clock, len(self.dice.rolls), self.dice.rolling, notices, current_language(),
               self.undo_button in self.widgets, self.planning.shop_on, self.planning.picked is None,
               self.thinking_seat(), self.where_shown() and self.where.version, self.where_available(),
               self.where_on and self._where_label())
        canvas.layer(key, self._draw_static)
        if self.planning.shop_on:
            self.planning.draw_dynamic(canvas)   # hover, the tile held or dragged, the tile's text
        else:
            self.draw_over_figures(canvas)
        if self.planning.active:
            self.planning.draw_widgets(canvas)
        self._draw_clock_banner(canvas)
        self._draw_thinking(canvas)
        for button in self.extra_buttons():
            button.draw(canvas)
        if self.dice.rolls and self._dice_rect is not None:
            self.dice.draw(canvas, self._dice_rect)
        for widget in self.widgets:
            if widget is not self.over_button:
                widget.draw(canvas)
        if self.popup is not None:
            self.popup.draw(canvas)
        if self.over:
            self.over_button.draw(canvas)
        self._draw_hover(canvas)   # the rules button; a hovered card enlarged, a panel marker's tooltip

    def _draw_static(self, canvas: Canvas) -> None:
        canvas.clear(theme.NIGHT)
        if self.planning.shop_on:   # the shop in the board's place
            self.planning.draw_static(canvas)
            self.draw_panel(canvas)
            return
        self.draw_board(canvas)
        self._draw_tiles(canvas)
        if self.where_shown():   # Zenigata's "Where could they be?", under the lit squares and tokens
            self.where.draw(canvas, self.geo.board)
        self.draw_under_figures(canvas)
        self._draw_figures(canvas)
        self.draw_panel(canvas)
        if self.over:
            self._draw_over(canvas)

    def draw_under_figures(self, canvas: Canvas) -> None:
        if not self.targets:
            return
        key = ("lupin-targets", id(self), self.version, self.selected)
        canvas.sprite(key, BOARD_RECT, self._draw_targets)

    def _draw_targets(self, canvas: Canvas) -> None:
        gang = self.is_gang(self.selected)
        for sq, cs in self.targets.items():
            kinds = {c.kind for c in cs}
            if kinds <= set(ATTACK_KINDS):
                continue  # drawn as rings around the tokens
            r = square_rect(*sq).inflate(-2, -2)
            moving = bool(kinds & set(MOVE_KINDS))   # board_scene.draw_target: glyph, pattern, colour
            kind = ("seen" if gang and self.seen_at(cs[0].spot) else "move") if moving else "other"
            draw_target(canvas, r, kind, self.colourblind)

    def _draw_covered_targets(self, canvas: Canvas) -> None:
        """A lit square under the bus or a vehicle stays visible: drawn again over it, a little
        inside the square, with the same glyph and pattern as the other lit squares (a dot "unseen",
        an eye and hatching "seen"), never told apart by the colour of its edge alone."""
        gang = self.is_gang(self.selected)
        for sq in self._covered_targets():
            r = square_rect(*sq).inflate(-8, -8)
            kind = "seen" if gang and self.seen_at(self.targets[sq][0].spot) else "move"
            draw_target(canvas, r, kind, self.colourblind)

    def _covered_targets(self) -> list[tuple[int, int]]:
        """Squares one may move to that the bus or a vehicle drawn over them would hide."""
        if not self.targets:
            return []
        covered = {(s.row, s.col) for s in map(spot_from_text, self.view["bus"])}
        for ride in self.view.get("rides", ()):
            if ride["spot"]:
                s = spot_from_text(ride["spot"])
                covered.add((s.row, s.col))
        for car in self.view["cars"].values():
            if car["spot"]:
                s = spot_from_text(car["spot"])
                covered.add((s.row, s.col))
        return [sq for sq, cs in self.targets.items()
                if sq in covered and {c.kind for c in cs} & set(MOVE_KINDS)]

    def draw_over_figures(self, canvas: Canvas) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.time * 4)
        for actor in self.actors:
            if actor not in self.tokens:
                continue
            c, rad = self.tokens[actor]
            if actor == self.selected:
                canvas.circle((*theme.GOLD_LIGHT, round(120 + 100 * pulse)), c, rad + 7, width=3)
                canvas.circle(theme.GOLD, c, rad + 3, width=2)
            else:
                canvas.circle((*theme.GOLD, 170), c, rad + 4, width=2)
        self._draw_covered_targets(canvas)
        for target in self.board_choices():
            if target.kind not in ATTACK_KINDS:
                continue
            tid = getattr(target.action, "target", None)
            if tid not in self.tokens:
                continue
            c, rad = self.tokens[tid]
            ring = rad + 6
            col = (236, 80, 72)
            canvas.circle(col, c, ring, width=3)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                canvas.line(col, (c[0] + dx * (ring - 5), c[1] + dy * (ring - 5)),
                            (c[0] + dx * (ring + 6), c[1] + dy * (ring + 6)), 3)
        if self.hover is not None and self.revealed:
            r = square_rect(*self.hover)
            hot = self.hover in self.targets
            canvas.border(theme.INK if hot else (*theme.GOLD, 150), r, width=3 if hot else 2, radius=2)
            tip = self.tooltip(self.hover) if self.popup is None else None
            if tip:
                self._draw_tip(canvas, tip, r)

    def _draw_tip(self, canvas: Canvas, text: str, square: pygame.FRect) -> None:
        """A tooltip beside ``square`` (a board square, or a marker of the side panel: then it
        opens over the board, left of the panel). Its first line is bold, the rest (a device's or
        card's text) in the reading face."""
        head, _, rest = text.partition("\n")
        wmax = 460.0
        w = min(wmax, max(canvas.measure(p, 17, theme.BOLD)[0] for p in head.split("\n")) + 28)
        if rest:
            w = min(wmax, max(w, 360.0, max(canvas.measure(p, 15, theme.BODY)[0] for p in rest.split("\n")) + 28))
        lines = [(line, 17, theme.BOLD, theme.INK, 22) for line in canvas.wrap(head, w - 28, 17, theme.BOLD)]
        lines += [(line, 15, theme.BODY, (214, 208, 194), 19) for line in canvas.wrap(rest, w - 28, 15, theme.BODY)] \
            if rest else []
        h = 14 + sum(step for *_x, step in lines)
        if square.left >= PANEL.left - 1:
            x, y = PANEL.left - 12 - w, square.centery - h / 2
        else:
            x = square.right + 10
            if x + w > BOARD_RECT.right:
                x = square.left - 10 - w
            y = square.top - h - 6
            if y < BOARD_RECT.top + 4:
                y = square.bottom + 6
        x = min(max(x, 8), 1592 - w)
        y = min(max(y, 8), 892 - h)
        box = pygame.FRect(x, y, w, h)
        canvas.fill((0, 0, 0, 120), box.move(2, 3), radius=8)
        canvas.fill((12, 18, 36, 240), box, radius=8)
        canvas.border(theme.GOLD_DARK, box, width=1.5, radius=8)
        ty = y + 8
        for line, size, face, colour, step in lines:
            canvas.text(line, (x + 14, ty), size, face, colour)
            ty += step

    # ---------------------------------------------------------------- the side panel
    def draw_panel(self, canvas: Canvas) -> None:
        v = self.view
        lang = current_language()
        draw_panel(canvas, PANEL, (14, 21, 41, 246), theme.EDGE, radius=12, shadow=False)
        ep = episode(v["episode"]).name[lang]
        kicker = f"{t('lupin.title')} · {ep}".upper()
        round_text = t("lupin.play.round_short", round=v["round"], total=v["rounds_total"])
        buttons_left = (MENU_BUTTON if self.menu_buttons else RULES_BUTTON).left
        round_w = canvas.measure(round_text, 16, theme.BOLD)[0]
        # the whole kicker, else the episode alone, shrunk a little rather than cut (issue #11); when
        # even that needs the round counter's room, the counter moves down beside the phase's name
        kicker, ksize, ktrack = fit_line(canvas, (kicker, ep.upper()), buttons_left - 12 - round_w - 16 - IX, 15,
                                         theme.BOLD, minimum=12.5, tracking=1.5)
        round_below = kicker.endswith("…")
        if round_below:
            kicker, ksize, ktrack = fit_line(canvas, (ep.upper(),), buttons_left - 12 - IX, 15, theme.BOLD,
                                             minimum=12.5, tracking=1.5)
        else:
            canvas.text(round_text, (buttons_left - 12, 36), 16, theme.BOLD, theme.MUTED, anchor="topright")
        canvas.text(kicker, (IX, 36 + (15 - ksize) * 0.7), ksize, theme.BOLD, theme.GOLD, tracking=ktrack)
        total = max(1, v["rounds_total"])
        cell = IW / total
        for i in range(1, total + 1):
            r = pygame.FRect(IX + (i - 1) * cell, 62, cell - 3, 18)
            current = i == v["round"]
            canvas.fill(theme.GOLD if current else (theme.NAVY_LIGHT if i < v["round"] else (22, 30, 54)), r, radius=3)
            if cell >= 22:
                canvas.text(str(i), r.center, 12, theme.BOLD, theme.NIGHT if current else theme.FAINT, anchor="center")
        phase = t(f"lupin.phase.{v['phase']}")
        phase_w = IW
        if round_below:
            canvas.text(round_text, (IX + IW, 96), 16, theme.BOLD, theme.MUTED, anchor="topright")
            phase_w = IW - round_w - 16
        canvas.text(fit(canvas, phase, phase_w, 32, theme.DISPLAY), (IX, 88), 32, theme.DISPLAY, theme.INK,
                    tracking=0.5)
        self._draw_turn(canvas)
        if self.planning.active:
            self.planning.draw_side(canvas)   # the clock and the money, big, in the roster's place
        else:
            self._draw_roster(canvas)
        self._draw_actions(canvas)
        self._draw_log(canvas)
        self._draw_hands(canvas)

    def _draw_turn(self, canvas: Canvas) -> None:
        r = TURN
        if self.over or self.match.state.is_over():   # the tutorial's end has no end screen
            colour = theme.RED
            title = self._winners_title()
        elif self.revealed or self.thinking_seat() is not None:   # a computer seat plays: it is its turn
            playing = self._playing_now() if self.revealed else str(self.thinking_seat())
            colour = GANG_STYLE.get(playing, ((140, 96, 52), ""))[0]
            title = t("lupin.play.turn_of", who=seat_name(playing))
        else:
            colour, title = theme.FAINT, t("lupin.play.waiting")
        canvas.fill((20, 30, 56), r, radius=10)
        with canvas.clip(pygame.FRect(r.left, r.top, 6, r.height)):
            canvas.fill(colour, r, radius=10)
        canvas.border(mix(colour, theme.EDGE, 0.5), r, width=1.5, radius=10)
        title_w = r.width - 40 - (WHERE_BUTTON.width + 8 if self.where_available() else 0)
        canvas.text(fit(canvas, title, title_w, 22, theme.BOLD), (r.left + 20, r.top + 10), 22, theme.BOLD,
                    theme.INK)
        if self.revealed and not self.over and self.view["phase"] == "planning":
            secs = max(0, math.ceil(self.plan_clock)) if self.plan_limit is not None else 0
            clock = t("lupin.play.clock", time=f"{secs // 60}:{secs % 60:02d}") if secs else t("lupin.play.clock_up")
            if self.plan_limit is not None and self.planning.coop and not self.planning.active:
                canvas.text(clock, (r.right - 14, r.top + 15), 15, theme.BOLD,
                            theme.GOLD_LIGHT if secs > 60 else (246, 130, 120), anchor="topright")
        elif self.revealed and not self.over:
            mine = [c for c, s in self.view["seats"].items() if s == self.seat]
            plays = ", ".join(C.figure_name(c) for c in ROSTER_ORDER if c in mine)
            if plays and plays != seat_name(self.seat) and not self.where_available():
                canvas.text(fit(canvas, plays, 160, 14, theme.ITALIC), (r.right - 14, r.top + 15), 14, theme.ITALIC,
                            theme.MUTED, anchor="topright")
        if self.message:
            text, colour2, face = self.message, (246, 130, 120), theme.BOLD
        elif self.over:
            text, colour2, face = reason_text(str((self.view.get("result") or {}).get("reason", "")),
                                              bool(self.view.get("treasure_out"))), theme.MUTED, \
                theme.BODY
        elif self.thinking_seat() is not None:
            return   # "... is thinking", its dots moving, and Faster: drawn every frame (_draw_thinking)
        else:
            text, colour2, face = self.instruction(), theme.MUTED, theme.BODY
        canvas.text_box(text, (r.left + 20, r.top + 40, r.width - 34, 44), 15, face, colour2, line_spacing=1.15,
                        max_lines=2)

    def _draw_thinking(self, canvas: Canvas) -> None:
        """While a computer seat is at work: "Zenigata is thinking" in the turn box, with three dots
        coming and going (the window is alive), left of the Faster button."""
        text = self.thinking_text()
        if text is None or self.message:
            return
        r = TURN
        base = text.rstrip("…. ")
        room = FASTER_BUTTON.left - 12 - (r.left + 20)
        line = fit(canvas, base, room - 24, 16, theme.BOLD)
        end = canvas.text(line, (r.left + 20, FASTER_BUTTON.centery), 16, theme.BOLD, theme.GOLD_LIGHT,
                          anchor="midleft").right
        lit = int(self.time * 3) % 4
        for i in range(3):
            colour = theme.GOLD_LIGHT if i < lit else theme.FAINT
            canvas.circle(colour, (end + 6 + i * 7, FASTER_BUTTON.centery + 4), 2.4)

    def roster_rows(self) -> list[tuple[str, dict, pygame.FRect]]:
        """The roster's rows: (figure, its view, its rect), in the roster's order."""
        out = []
        for fid in ROSTER_ORDER:
            f = self.view["figures"].get(fid)
            if f is not None:
                out.append((fid, f, pygame.FRect(IX, ROSTER_TOP + len(out) * ROSTER_ROW, IW, ROSTER_ROW - 3)))
        return out

    def _draw_roster(self, canvas: Canvas) -> None:
        for fid, f, row in self.roster_rows():
            parts = self._roster_parts(fid, f, row)
            if fid == self.selected:
                canvas.fill((240, 184, 72, 34), row, radius=6)
            cx, cy = row.left + 13, row.centery
            if fid == "zenigata":
                canvas.polygon(token_colour(fid, self.colourblind),
                               [(cx, cy - 12), (cx + 12, cy), (cx, cy + 12), (cx - 12, cy)])
                canvas.text("Z", (cx, cy + 1), 15, theme.DISPLAY, (20, 20, 24) if self.colourblind else theme.INK,
                            anchor="center")
            else:   # the board's token (board_scene.draw_gang_token), small
                draw_gang_token(canvas, fid, (cx, cy), 11, 15 / 22, self.colourblind)
            name = C.figure_name(fid)
            canvas.text(name, (row.left + 32, cy), 16, theme.BOLD, theme.INK, anchor="midleft")
            nx = row.left + 40 + canvas.measure(name, 16, theme.BOLD)[0]
            status = self._status(fid, f)
            canvas.text(fit(canvas, status, parts["right"] - nx - 8, 14, theme.BODY), (nx, cy + 1), 14, theme.BODY,
                        theme.MUTED, anchor="midleft")
            for box, device in parts["devices"]:
                self._draw_device_box(canvas, box, device)
            if parts["tile"] is not None:
                canvas.fill((122, 82, 40), parts["tile"], radius=3)
                canvas.border((246, 220, 150), parts["tile"], width=1.5, radius=3)
            for i in range(parts["max_wounds"]):
                pr = pygame.FRect(parts["pips"].left + 4 + i * 12, cy - 5, 9, 10)
                canvas.fill(theme.RED if i < f["wounds"] else theme.NAVY_LIGHT, pr, radius=2)

    def _roster_parts(self, fid: str, f: dict, row: pygame.FRect) -> dict[str, Any]:
        """Where a roster row's markers lie: the token, the wound pips, the treasure tile, the
        devices of the seat's own characters, and how far right the status line may run."""
        cy = row.centery
        try:
            max_w = sheet(fid).max_wounds
        except KeyError:
            max_w = 4
        pips_w = max_w * 12 + 4
        pips = pygame.FRect(row.right - pips_w, cy - 7, pips_w, 14)
        x = pips.left
        carriers = {tile["carrier"] for tile in self.view["tiles"] if tile["carrier"]}
        tile = None
        if fid in carriers:
            tile = pygame.FRect(pips.left - 22, cy - 8, 16, 16)
            x = tile.left
        devices: list[tuple[pygame.FRect, str]] = []
        mine = (self.view.get("mine") or {}).get(fid) or {}
        for device in reversed(list(mine.get("devices") or ())):
            x -= DEVICE_BOX + 3
            devices.insert(0, (pygame.FRect(x, cy - DEVICE_BOX / 2, DEVICE_BOX, DEVICE_BOX), device))
        return {"token": pygame.FRect(row.left + 1, cy - 12, 24, 24), "pips": pips, "tile": tile,
                "devices": devices, "right": x, "max_wounds": max_w}

    @staticmethod
    def _draw_device_box(canvas: Canvas, box: pygame.FRect, device: str) -> None:
        """A device tile in the roster: a small square with its initials (its kind by colour too)."""
        from game.lupin.rules import catalog

        try:
            kind = catalog.device(device).kind
        except KeyError:
            kind = "gear"
        fill = {"vehicle": (32, 128, 116), "weapon": (150, 64, 52)}.get(kind, (44, 64, 112))
        canvas.fill(fill, box, radius=3)
        canvas.border(theme.GOLD_LIGHT, box, width=1.2, radius=3)
        if tile_art.has_picture(device):   # the tile's own picture: two devices never share a look
            canvas.fill((236, 228, 208), box.inflate(-3, -3), radius=2)
            tile_art.draw_picture(canvas, device, box.inflate(-3, -3))
        else:
            name = C.item_name(device)
            letters = "".join(w[0] for w in name.split() if w[:1].isalnum())[:2].upper() or "?"
            canvas.text(letters, (box.centerx, box.centery + 0.5), 10 if len(letters) > 1 else 12, theme.BOLD,
                        theme.INK, anchor="center")

    # ---------------------------------------------------------------- the hands
    def hand_layout(self) -> list[tuple[pygame.FRect, str, str, str | None]]:
        """The hands' strip: (rect, what, figure, card). ``what`` is "face" (a card of the seat's
        own characters, from the view's ``mine``), "empty" (an own character with no card) or
        "back" (another member's hand: one face-down card and the public count)."""
        v = self.view
        mine = v.get("mine") or {}
        groups: list[list[tuple[str, str, str | None]]] = []
        others: list[list[tuple[str, str, str | None]]] = []
        for fid in ROSTER_ORDER:
            f = v["figures"].get(fid)
            if f is None or f["kind"] != "gang":
                continue
            if fid in mine:
                hand = list(mine[fid].get("hand") or ())
                groups.append([("face", fid, cid) for cid in hand] or [("empty", fid, None)])
            else:
                others.append([("back", fid, None)])
        police = v.get("police_cards")   # the expansion: Zenigata's special card
        if police is not None and police.get("hand") is not None:
            groups.append([("face", "zenigata", cid) for cid in police["hand"]] or [("empty", "zenigata", None)])
        elif police is not None and police.get("hand_size"):
            others.append([("back", "zenigata", None)])
        groups += others
        n = sum(len(g) for g in groups)
        if not n:
            return []
        gaps = HAND_GROUP_GAP * (len(groups) - 1)
        step = HAND_CARD_W + HAND_GAP
        if n * step - HAND_GAP + gaps > IW:   # too many: the cards overlap like a fanned hand
            step = (IW - gaps - HAND_CARD_W) / max(1, n - 1)
        out = []
        x, y = IX, HAND_TOP + 25
        for g in groups:
            for what, fid, cid in g:
                out.append((pygame.FRect(x, y, HAND_CARD_W, HAND_CARD_H), what, fid, cid))
                x += step
            x += HAND_GROUP_GAP   # the strip spans at most IW: HAND_CARD_W + (n - 1) * step + gaps
        return out

    def hand_item_at(self, pos: Any) -> tuple[pygame.FRect, str, str, str | None] | None:
        if pos is None:
            return None
        for item in reversed(self.hand_layout()):   # the top card of an overlap first
            if item[0].collidepoint(pos):
                return item
        return None

    def card_choices(self, figure: str, card: str) -> list[C.Choice]:
        """The legal ways to play ``card`` from ``figure``'s hand now (one per target); Zenigata's
        special card is played by the police seat (``PoliceCard``)."""
        if figure == "zenigata":
            return [c for c in self.choices if c.type_name == "PoliceCard" and getattr(c.action, "card", None) == card]
        return [c for c in self.choices if c.type_name == "PlayCard" and getattr(c.action, "figure", None) == figure
                and getattr(c.action, "card", None) == card]

    def hand_size(self, fid: str) -> int:
        """How many cards ``fid`` holds, as everybody knows it."""
        if fid == "zenigata":
            return int((self.view.get("police_cards") or {}).get("hand_size") or 0)
        return int(self.view["figures"][fid].get("hand_size", 0))

    def play_card(self, figure: str, card: str, rect: Any = None) -> None:
        """A click on a card of the hand: play it, or ask for its target as the buttons do."""
        cs = self.card_choices(figure, card)
        if not cs:
            self.say(t("lupin_cards.hand.not_now"))
            self.version += 1
            return
        if len(cs) == 1:
            self.play(cs[0])
            return
        self.open_menu(cs, t("lupin_cards.hand.choose", card=C.item_name(card)), rect or PANEL)

    def _draw_hands(self, canvas: Canvas) -> None:
        y = HAND_TOP
        canvas.line(theme.EDGE, (IX, y), (IX + IW, y), 1)
        label = t("lupin_cards.hand.title").upper()
        canvas.text(label, (IX, y + 6), 14, theme.BOLD, theme.GOLD, tracking=2)
        items = self.hand_layout()
        own = any(what != "back" for _r, what, _f, _c in items)
        hint = t("lupin_cards.hand.hint" if own and self.revealed and not self.over else "lupin_cards.hand.hint_other")
        lx = IX + canvas.measure(label, 14, theme.BOLD, tracking=2)[0] + 12
        canvas.text(fit(canvas, hint, IX + IW - lx, 13, theme.ITALIC), (IX + IW, y + 7), 13, theme.ITALIC,
                    theme.FAINT, anchor="topright")
        for r, what, fid, cid in items:
            if what == "face":
                playable = bool(self.card_choices(fid, cid))
                card_art.draw_card_face(canvas, r, cid, highlight=playable)
            elif what == "back" and self.hand_size(fid):
                card_art.draw_card_back(canvas, r, fid)
                n = self.hand_size(fid)
                badge = pygame.FRect(0, 0, 24, 18)
                badge.topright = (r.right + 3, r.top - 3)
                canvas.fill(theme.GOLD if n else theme.NAVY_LIGHT, badge, radius=9)
                canvas.text(f"×{n}", badge.center, 12, theme.BOLD, theme.NIGHT if n else theme.MUTED, anchor="center")
            else:   # an empty hand: its place, with the owner's emblem
                pts = [r.topleft, r.topright, r.bottomright, r.bottomleft, r.topleft]
                canvas.dashed(theme.FAINT, pts, dash=5, gap=4, width=1.5)
                card_art.emblem(canvas, fid, r.center, 9)

    # ---------------------------------------------------------------- hover everywhere
    def _rules_button(self) -> Button:
        button = getattr(self, "_rules_btn", None)
        if button is None:
            button = FitButton(RULES_BUTTON, lambda: t("rules_reader.button"), self.open_rules, icon="help")
            self._rules_btn = button
        return button

    def open_rules(self) -> None:
        """The rules reader, on this episode's book, in the current language."""
        if self.stack is None:
            return
        from game.lupin.ui.rules_book import rules_reader

        self.stack.push(rules_reader(self.view["episode"]))

    def _history_button(self) -> Button:
        button = getattr(self, "_history_btn", None)
        if button is None:   # placed by _draw_log, at the right of the log's title
            button = FitButton((IX + IW - HISTORY_BUTTON_W, LOG_TOP + 5, HISTORY_BUTTON_W, 24),
                               lambda: t("i11_play.log.history"), self.open_history, style="secondary")
            self._history_btn = button
        return button

    def _menu_button(self) -> Button:
        button = getattr(self, "_menu_btn", None)
        if button is None:
            button = FitButton(MENU_BUTTON, lambda: t("game_menu.button"), self.open_game_menu, icon="gear")
            self._menu_btn = button
        return button

    def before_menu(self) -> None:
        self.select(self.selected)   # a menu of actions, a pressed square: closed
        self.planning.cancel()

    def menu_options(self) -> dict[str, Any]:
        return {"on_rules": self.open_rules}

    def _handle_panel(self, event: Any) -> bool:
        """The rules and menu buttons, and a click on a card of the hand (press and release on it)."""
        if self._rules_button().handle(event):
            return True
        for button in self.extra_buttons():
            if button.handle(event):
                return True
        if self.menu_buttons and (self._menu_button().handle(event) or self._history_button().handle(event)):
            return True
        log_rect = getattr(self, "_log_rect", None) if self.menu_buttons else None
        if log_rect is not None and self.popup is None and getattr(event, "pos", None) is not None \
                and log_rect.collidepoint(event.pos):
            if (event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1) or \
                    (event.type == pygame.MOUSEWHEEL and getattr(event, "y", 0) > 0):
                self.open_history()   # a click on the log, or the wheel up over it: the whole story
                return True
        if self.popup is not None or not self.revealed or self.over:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            item = self.hand_item_at(event.pos)
            self._press_card = item if item is not None and item[1] == "face" else None
            return self._press_card is not None
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            pressed, self._press_card = getattr(self, "_press_card", None), None
            if pressed is None:
                return False
            item = self.hand_item_at(event.pos)
            if item is not None and item[1:] == pressed[1:]:
                self.play_card(item[2], item[3], item[0])
            return True
        return False

    def panel_tip(self, pos: Any) -> tuple[pygame.FRect, str] | None:
        """The tooltip of the side panel's marker under ``pos``: (its rect, the text). A card of
        the hand has none (it is shown enlarged instead)."""
        if pos is None or not PANEL.collidepoint(pos):
            return None
        if self.where_available() and self.where_button.rect.collidepoint(pos):
            # what the overlay will show, while it is off (once on, the board shows it: no box over it)
            return None if self.where_on else (self.where_button.rect, t("lupin_ai.where_tip"))
        v = self.view
        item = self.hand_item_at(pos)
        if item is not None:
            r, what, fid, _cid = item
            if what == "back":
                n = self.hand_size(fid)
                key = "lupin_cards.hand.back_tip_one" if n == 1 else "lupin_cards.hand.back_tip"
                return r, t(key, name=C.figure_name(fid), n=n)
            if what == "empty":
                return r, f"{C.figure_name(fid)}: {t('lupin_cards.hand.empty')}"
            return None
        total = max(1, v["rounds_total"])
        cell = IW / total
        for i in range(1, total + 1):
            r = pygame.FRect(IX + (i - 1) * cell, 62, cell - 3, 18)
            if r.collidepoint(pos):
                key = "round_now" if i == v["round"] else ("round_past" if i < v["round"] else "round_next")
                return r, t(f"lupin_cards.tip.{key}", n=i, total=total)
        if self.planning.active:   # the clock and the money hold the roster's place: no roster tips
            return None
        for fid, f, row in self.roster_rows():
            if not row.collidepoint(pos):
                continue
            parts = self._roster_parts(fid, f, row)
            for box, device in parts["devices"]:
                if box.collidepoint(pos):
                    return box, H.device_tip(device)
            if parts["tile"] is not None and parts["tile"].inflate(4, 4).collidepoint(pos):
                return parts["tile"], t("lupin_cards.tip.carrier", name=C.figure_name(fid))
            if parts["pips"].collidepoint(pos):
                return parts["pips"], t("lupin_cards.tip.wounds", name=C.figure_name(fid), n=f["wounds"],
                                        max=parts["max_wounds"])
            if pos[0] < parts["right"]:
                return row, H.figure_tip(v, fid, self._status(fid, f)) or C.figure_name(fid)
            return None
        legend = self._legend_rects()
        for r, key in legend:
            if r.collidepoint(pos):
                return r, t(f"lupin_cards.tip.{key}")
        return None

    def _legend_rects(self) -> list[tuple[pygame.FRect, str]]:
        """Where the "out of sight" / "seen" legend lies when it is drawn (see _draw_actions)."""
        if not (self.revealed and not self.over and self.is_gang(self.selected)
                and any(c.kind in MOVE_KINDS for c in self.board_choices())):
            return []
        y = (self._buttons_bottom() if self.buttons else BUTTONS.top) + 8
        w1 = 22 + Canvas.layout_font(theme.BODY, 14).size(t("lupin.play.legend_unseen"))[0]
        w2 = 22 + Canvas.layout_font(theme.BODY, 14).size(t("lupin.play.legend_seen"))[0]
        return [(pygame.FRect(IX, y, w1, 18), "unseen"), (pygame.FRect(IX + w1 + 18, y, w2, 18), "seen")]

    def _draw_hover(self, canvas: Canvas) -> None:
        """Drawn every frame over everything: the rules button, then the hovered card enlarged or
        the hovered panel marker's tooltip."""
        for button in (self._rules_button(), self._menu_button(), self._history_button())[:3 if self.menu_buttons else 1]:
            button.hover_t = 1.0 if button.hovered else 0.0
            button.draw(canvas)
        if self.popup is not None:
            return
        item = self.hand_item_at(self.mouse) if PANEL.collidepoint(self.mouse) else None
        if item is not None and item[1] == "face":
            r, _what, fid, cid = item
            playable = self.revealed and not self.over and bool(self.card_choices(fid, cid))
            canvas.border(theme.GOLD_LIGHT, r.inflate(4, 4), width=2, radius=6)
            zoom = pygame.FRect(0, 0, HAND_ZOOM_W, HAND_ZOOM_W * card_art.RATIO)
            zoom.bottomright = (PANEL.left - 16, r.bottom)
            card_art.draw_card_face(canvas, zoom, cid)
            note = t("lupin_cards.hand.playable" if playable else "lupin_cards.hand.not_now")
            pill = pygame.FRect(0, 0, canvas.measure(note, 15, theme.BOLD)[0] + 28, 30)
            pill.midbottom = (zoom.centerx, zoom.top - 8)
            canvas.fill(theme.GOLD if playable else (12, 18, 36, 240), pill, radius=15)
            canvas.border(theme.GOLD_DARK, pill, width=1.5, radius=15)
            canvas.text(note, pill.center, 15, theme.BOLD, theme.NIGHT if playable else theme.INK, anchor="center")
            return
        tip = self.panel_tip(self.mouse)
        if tip is not None:
            self._draw_tip(canvas, tip[1], tip[0])

    def _draw_actions(self, canvas: Canvas) -> None:
        y = ACTIONS_TOP
        canvas.line(theme.EDGE, (IX, y - 10), (IX + IW, y - 10), 1)
        label = t("lupin.play.actions").upper()
        canvas.text(label, (IX, y), 14, theme.BOLD, theme.GOLD, tracking=2)
        right = IX + IW - (130 if self.undo_button in self.widgets else 0)
        plan = self.view.get("plan") if self.revealed else None
        if plan and not plan.get("confirmed"):
            budgets = plan.get("budgets") or {}
            money = budgets.get("gang", budgets.get(self.selected or "", None))
            if money is not None:
                right = canvas.text(t("lupin.play.budget", money=number(money)), (right, y), 14, theme.BOLD,
                                    theme.GOLD_LIGHT, anchor="topright").left - 12
        if self.selected and self.revealed:
            lx = IX + canvas.measure(label, 14, theme.BOLD, tracking=2)[0] + 12
            sel = t("lupin.play.selected", name=C.full_name(self.selected))
            canvas.text(fit(canvas, sel, right - lx, 14, theme.ITALIC), (lx, y), 14, theme.ITALIC, theme.MUTED)
        self.content_bottom = self._buttons_bottom() if self.buttons else BUTTONS.top
        if self.revealed and self.is_gang(self.selected) and any(c.kind in MOVE_KINDS for c in self.board_choices()):
            self._draw_legend(canvas, self.content_bottom + 8)
            self.content_bottom += 30
        if self.over:
            canvas.text_box(t("lupin.play.over.short"), (IX, BUTTONS.top, IW, 60), 15, theme.BODY, theme.MUTED)

    def _buttons_bottom(self) -> float:
        return max(b.rect.bottom for b, _ in self.buttons) if self.buttons else BUTTONS.top

    def _draw_legend(self, canvas: Canvas, y: float) -> None:
        x = IX
        sw = pygame.FRect(x - 4, y - 3, 24, 24)   # the board's own lit squares, smaller
        draw_target(canvas, sw, "move", self.colourblind)
        x += 22
        x = canvas.text(t("lupin.play.legend_unseen"), (x, y), 14, theme.BODY, theme.MUTED).right + 18
        draw_target(canvas, pygame.FRect(x - 4, y - 3, 24, 24), "seen", self.colourblind)
        canvas.text(t("lupin.play.legend_seen"), (x + 22, y), 14, theme.BODY, theme.MUTED)

    def _draw_log(self, canvas: Canvas) -> None:
        top = getattr(self, "content_bottom", BUTTONS.top) + 12
        self._dice_rect = None
        if self.dice.rolls:   # drawn every frame (the dice tumble), over this cached layer
            self._dice_rect = pygame.FRect(IX, top, IW, DICE.height * (1 if len(self.dice.rolls) < 2 else 1.5))
            top = self._dice_rect.bottom + 12
        top = max(top, LOG_TOP)
        notices = self.autosaver.notices if self.autosaver is not None else []
        canvas.line(theme.EDGE, (IX, top), (IX + IW, top), 1)
        # back from behind the curtain, before its first move: what the seat missed, marked
        missed = self.missed_on_return()
        back = missed is not None
        title = t("i11_play.log.since_n", n=missed) if back else t("lupin.play.log")
        self._history_button().rect = pygame.FRect(IX + IW - HISTORY_BUTTON_W, top + 5, HISTORY_BUTTON_W, 24)
        canvas.text(fit(canvas, title.upper(), IW - HISTORY_BUTTON_W - 30, 14, theme.BOLD), (IX, top + 8), 14,
                    theme.BOLD, theme.GOLD, tracking=2)
        y = top + 34
        self._log_rect = pygame.FRect(IX, y, IW, LOG_BOTTOM - y)
        room = int((LOG_BOTTOM - y) // LOG_LINE)
        lines: list[tuple[str, Any, str, bool]] = []
        if notices:
            lines.append((notices[-1], (246, 130, 120), theme.BOLD, False))
            room -= 1
        held = self._fresh if (self.dice.rolls and self.dice.rolling and self._fresh) else 0
        log = list(zip(self.log_lines, self.log_marks))
        log = log[:-held] if held else log
        if back:
            log = [(text, True) for text, i in self.history if self.missed(i)]
        shown = log[-room:] if room > 0 else []
        if back and len(log) > room > 1:   # more than fits: the newest, and a way to the rest
            shown = log[-(room - 1):]
            lines.append((t("i11_play.log.earlier", n=len(log) - room + 1), theme.GOLD_LIGHT, theme.ITALIC, False))
        for i, (line, marked) in enumerate(shown):
            newest = i == len(shown) - 1
            colour = theme.INK if newest or marked else \
                mix(theme.MUTED, theme.FAINT, 0.3 * (len(shown) - 1 - i) / max(1, room))
            lines.append((line, colour, theme.BODY, marked))
        for text, colour, face, marked in lines:
            if marked:   # a gold bar beside each line the seat missed since its last turn
                canvas.fill(theme.GOLD, (IX - 10, y + 2, 4, LOG_LINE - 4), radius=2)
            canvas.text(fit(canvas, text, IW, 14.5, face), (IX, y), 14.5, face, colour)
            y += LOG_LINE

    # ---------------------------------------------------------------- the end
    def _draw_over(self, canvas: Canvas) -> None:
        self.over_screen().draw(canvas, self._winners_title())

    def over_screen(self) -> Any:
        """The end screen (game/lupin/ui/over_scene.py), made once the game is over."""
        screen = self.__dict__.get("_over_screen")
        if screen is None:
            from game.lupin.ui.over_scene import GameOverScreen
            screen = self.__dict__["_over_screen"] = GameOverScreen(self)
        return screen

    def _winners_title(self) -> str:
        winners = list((self.view.get("result") or {}).get("winners") or [])
        if not winners:
            return t("lupin.play.over.nobody")
        names = [seat_name(s) for s in winners]
        who = names[0] if len(names) == 1 else t("lupin.play.over.and", a=", ".join(names[:-1]), b=names[-1])
        return t("lupin.play.over.win_one" if len(names) == 1 else "lupin.play.over.win_many", who=who)

    # ================================================================ for tests and tools
    def clickables(self) -> list[tuple[tuple[float, float], str, Any]]:
        """What a player could click now, with where: (logical point, what, payload). ``what`` is
        "button" (payload: a Choice or a list of them behind a menu), "square" (the choices lit
        there), "actor" (a token to select), "popup" (a menu line's Choice), "over" (the end
        screen's buttons; payload None for back to the title, "replay", "again")."""
        if self.over:
            screen = self.over_screen()
            return [(self.over_button.rect.center, "over", None), (screen.replay_button.rect.center, "over", "replay"),
                    (screen.again_button.rect.center, "over", "again")]
        if self.popup is not None:
            return [(b.rect.center, "popup", c) for b, c in zip(self.popup.buttons, self.popup.items)]
        out: list[tuple[tuple[float, float], str, Any]] = []
        for b, payload in self.buttons:
            out.append((b.rect.center, "button", payload))
        if self.planning.active:   # the shop: start chips ("square"), tiles, carried tiles, cards
            out += self.planning.clickables()
            if self.planning.shop_on:
                return out
        for sq, cs in self.targets.items():
            point = square_rect(*sq).center
            attack = [c for c in cs if c.kind in ATTACK_KINDS]
            if attack and getattr(attack[0].action, "target", None) in self.tokens:
                point = self.tokens[attack[0].action.target][0]
            out.append((point, "square", cs))
        for actor in self.actors:
            if actor in self.tokens and actor != self.selected:
                out.append((self.tokens[actor][0], "actor", actor))
        return out
