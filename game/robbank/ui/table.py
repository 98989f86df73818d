"""How to Rob a Bank at the shell's table: :class:`RobTableScene`, the shell's :class:`TableScene`
with Rob a Bank's board (:mod:`game.robbank.ui.board`).

What it adds to the shell's table:

* the card revealed turns over in the card's place at the foot (a flip, :data:`FLIP` seconds, with
  the table's "flip" sound); a computer seat waits for it, and board clicks are dropped meanwhile;
* sounds for what every seat may know (a card laid, a tackle or a spray, the alarm, a bag thrown);
* the bank's two-click guard move (a guard, then a room): the board keeps the picked guard, and a
  click that names a move the rules refuse is handed to them, whose sentence is shown;
* by the table rules, the log does not name the cards laid (only the stacks' tops are in sight: the
  players must remember what lies beneath), nor does what is held for a seat behind the curtain;
* board clicks within the widgets' click guard of the board changing are dropped (a double click's
  second never falls onto the next position).

The curtain is the title's: between the bank and a thief, never between two thieves.
Registered scene: ``robbank-table`` (the title's ``table_scene``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from game.engine.api import TABLE, Action, IllegalAction
from game.engine.i18n import current_language, t
from game.engine.session import Played, entry as entry_of
from game.ui import audio, theme
from game.ui.canvas import Canvas
from game.ui.registry import register_scene
from game.ui.scenes.table import BOARD, TableScene
from game.ui.widgets import CLICK_GUARD, CLOCK

from game.robbank import texts
from game.robbank.ui import art
from game.robbank.ui.board import CARD_AREA, RobBoard, draw_card

FLIP = 0.7               # seconds a revealed card takes to turn over
SOUNDS = {"laid": "card", "revealed": "flip", "tackled": "blow", "sprayed": "blow", "alarm": "alarm",
          "thrown": "flip", "locked": "click", "picked": "click", "grabbed": "click", "car_moved": "click",
          "round": "curtain", "turned_over": "card"}


def _short(kind: Any) -> str:
    return str(kind).removeprefix("robbank.")


def event_text_for(stacks_rule: str) -> Any:
    """The log's sentences: the title's, but by the table rules a card laid is not named."""
    def say(entry: Mapping[str, Any]) -> str:
        if stacks_rule == "table" and _short(entry.get("kind")) == "laid":
            return t("robbank_ui.log.laid_hidden", who=texts.capitalised(texts.who(entry.get("stack"))),
                     depth=entry.get("depth"))
        return texts.event_text(entry)
    return say


class RobTableScene(TableScene):
    """See the module docstring."""

    board: RobBoard
    end_scene = "robbank-end"
    computer_turn_first = True

    def __init__(self, match: Any, **options: Any) -> None:
        rule = match.state.view(TABLE).stacks_rule
        options.setdefault("event_text", event_text_for(rule))
        super().__init__(match, RobBoard(), **options)
        assert isinstance(self.board, RobBoard)
        self.board.computer = frozenset(self.session.computer)
        self.board.players = match.state.view(TABLE).players
        self.flip: tuple[str, int, float] | None = None      # (stack, card, age) of the card turning over
        self._quiet_until = -1e9
        self._seen: Any = None

    # ---------------------------------------------------------------- moves
    def play(self, action: Action) -> None:
        try:
            played = self.session.submit(action)
        except IllegalAction as exc:
            self.say(exc)
            return
        self.message = None
        self.board.selected = None
        self.played_events(played)
        self.advance()

    def computer_played(self, played: Played) -> None:
        self.played_events(played)

    def computer_waits(self) -> bool:
        return super().computer_waits() or self.flip is not None

    def played_events(self, played: Played) -> None:
        """Sounds for the move's events; the last card revealed turns over."""
        heard: list[str] = []
        for e in played.events:
            k = _short(entry_of(e).get("kind"))
            sound = SOUNDS.get(k)
            if sound and sound not in heard:
                heard.append(sound)
        for sound in heard[-2:]:
            audio.play(sound)
        view = self.session.view()
        turn = getattr(view, "turn", None)
        revealed = [entry_of(e) for e in played.events if _short(entry_of(e).get("kind")) == "revealed"]
        if revealed and turn is not None and view.phase == "rob":
            last = revealed[-1]
            if last.get("stack") == turn.stack and last.get("card") == turn.card:
                self.flip = (turn.stack, turn.card, 0.0)

    # ---------------------------------------------------------------- the curtain
    def addressee(self, seat: str) -> str:
        """Whom the screen is passed to ("Pass to the bank", "Passa a chi gioca la Banca"): the
        seats' names carry an article, which the curtain's "pass to" cannot take in Italian."""
        players = self.board.players
        key = "yellow_pair" if seat == "yellow" and players == 2 else seat
        return t(f"robbank_ui.addressee.{key}")

    def show_curtain(self, seat: str) -> None:
        from game.ui.scenes.table import TableCurtain

        self.message = None
        self.stack.push(TableCurtain(self.addressee(seat), on_ready=lambda: self.lift(seat),
                                     on_menu=self.open_game_menu))

    def _pass_label(self) -> str:
        nxt = self.session.next_in_turn()
        return t("i12_session.pass_to", name=self.addressee(nxt)) if nxt else ""

    def setup_scene(self, config: dict[str, Any], players: dict[str, str] | None) -> Any:
        from game.robbank.ui.setup import RobSetupScene

        return RobSetupScene("robbank", config=config, players=players)

    # ---------------------------------------------------------------- time and input
    def quiet_for(self, seconds: float) -> None:
        self._quiet_until = max(self._quiet_until, CLOCK.now + seconds)

    def update(self, dt: float) -> None:
        if self.flip is not None:
            stack, card, age = self.flip
            age += dt
            self.flip = None if age >= FLIP else (stack, card, age)
        legal = self.session.legal()
        sig = (len(self.match.log), self.session.screen_seat(), tuple(legal))
        if sig != self._seen:
            self._seen = sig
            self.quiet_for(CLICK_GUARD)
            self.board.tidy(legal)
        super().update(dt)

    def animating(self) -> bool:
        return self.flip is not None or super().animating()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_game_menu()
            return True
        for widget in reversed(self.widgets):
            if widget.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 3:
            self.board.selected = None        # right click: the pick is dropped
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and BOARD.collidepoint(event.pos):
            if CLOCK.now < self._quiet_until - 1e-9 or self.flip is not None:
                return True    # the board has just changed (a double click's second) or a card is turning
            legal = self.session.legal()
            if not legal:
                return True
            action = self.board.click(tuple(event.pos), self.session.view(), legal)
            if action is not None:
                self.play(action)
            return True
        return False

    def wants_hand_cursor(self) -> bool:
        if any(getattr(w, "wants_hand", False) for w in self.widgets):
            return True
        legal = self.session.legal()
        if not legal:
            return False
        view = self.session.view()
        if self.board.action_at(self.mouse, view, legal) is not None:
            return True
        g = self.board.guard_at(self.mouse, view) if view.phase == "rob" else None
        return g is not None and g in self.board.movable_guards(legal)

    # ---------------------------------------------------------------- drawing
    def draw(self, canvas: Canvas) -> None:
        session = self.session
        view = session.view()
        legal = session.legal()
        board = self.board
        assert isinstance(board, RobBoard)
        hovered = board.hover_key(self.mouse, view, legal)
        flipping = self.flip is not None
        key = ("robbank-table", id(self), len(self.match.log), session.screen_seat(), session.revealed, session.over,
               session.pending, session.since, session.computer_to_act(), session.thinking(), current_language(),
               self.message_text(), hovered, board.selected, flipping, len(self.log_lines()))

        def build(c: Canvas) -> None:
            c.clear(theme.NIGHT)
            board.hidden_card = flipping
            try:
                board.draw(c, view, legal, self.mouse)
            finally:
                board.hidden_card = False
            self._draw_panel(c)

        canvas.layer(key, build)
        if self.flip is not None:
            self._draw_flip(canvas)
        for widget in self.widgets:
            widget.draw(canvas)

    def _draw_flip(self, canvas: Canvas) -> None:
        """The card turning over: its back narrows to nothing, its face widens, lifted a little."""
        assert self.flip is not None
        stack, card, age = self.flip
        k = min(1.0, age / FLIP)
        width = CARD_AREA.width * abs(math.cos(math.pi * k))
        lift = 10 * math.sin(math.pi * k)
        r = pygame.FRect(CARD_AREA.centerx - width / 2, CARD_AREA.top - lift, max(2.0, width), CARD_AREA.height)
        if k < 0.5:
            art.card_back(canvas, r, stack)
        else:
            view = self.session.view()
            turn = getattr(view, "turn", None)
            remaining = turn.parts if turn is not None and turn.card == card else None
            draw_card(canvas, r, stack, card, remaining=remaining, lit=True)

    def computer_turn_line(self, seat: str) -> str:
        """The computer's seat while it plays ("The bank is playing"; the screen stays with the person)."""
        return t("robbank_ui.computer_turn", name=self.board.seat_name(seat))


@register_scene("robbank-table")
def _robbank_table(app: Any, match: Any = None, computer: Any = None, autosave: bool = False,
                   **options: Any) -> RobTableScene:
    """How to Rob a Bank at the table (the title's ``table_scene``). With no match (a screenshot):
    a seeded robbery under way, the thieves' screen, not saved."""
    if match is None:
        from game.robbank.ui.samples import rob_position

        return RobTableScene(rob_position(), computer=computer, autosave=False, start_revealed=True)
    return RobTableScene(match, computer=computer, autosave=autosave, **options)


@register_scene("robbank-plan")
def _robbank_plan(app: Any, **_options: Any) -> RobTableScene:
    """Planning: the thieves' hand at the foot, the stacks growing (table rules)."""
    from game.robbank.ui.samples import plan_position

    return RobTableScene(plan_position(), autosave=False, start_revealed=True)


@register_scene("robbank-bank")
def _robbank_bank(app: Any, **_options: Any) -> RobTableScene:
    """The bank's turn while robbing: a guard picked, the rooms he may walk to lit."""
    from game.robbank.ui.samples import bank_position

    match, guard = bank_position()
    scene = RobTableScene(match, autosave=False, start_revealed=True)
    scene.board.selected = guard
    return scene
