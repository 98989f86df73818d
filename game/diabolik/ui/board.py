"""Diabolik's board view for the shell's table (:class:`game.ui.scenes.table.BoardView`).

It draws one :class:`DiabolikView` in the board's part of the screen, like the printed table: the
row of the eight location cards across the middle (their numbers 1–8, the two ends joined by the
arrows at the sides), the revealed zone above it (clues, the police, criminals on the run), the
shadow zone below (the hideout, the loot, criminals in the shadow), the roadblocks straddling two
cards, the danger track, the round and the loot home along the top, and along the foot the bar
of what the criminal whose turn it is may do (only the legal actions) or, when the police leave a
choice to the criminals, that choice in a sentence with its options.

It decides nothing: the lit cards are the legal moves, the buttons the legal actions, and what
a move would cost (shown while the mouse is over a card) comes from the rules' ``preview``.
Clicks: a lit card (or anywhere in its column) moves there; the loot card under one's own pawn
takes it, the hideout under it banks, one's own pawn on the run hides; the bar's buttons; in a
choice, a lit column or an option's button.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.engine.api import Action
from game.engine.i18n import t
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.scenes.table import BOARD, fitted
from game.ui.widgets import draw_panel, mix

from game.diabolik.rules import Move
from game.diabolik.ui import art
from game.diabolik.ui.texts import location_name, who_name

POSITIONS = 8
CARD_W, CARD_GAP = 118.0, 10.0
X0 = BOARD.left + (BOARD.width - (POSITIONS * CARD_W + (POSITIONS - 1) * CARD_GAP)) / 2
TOP = pygame.FRect(BOARD.left + 10, BOARD.top + 8, BOARD.width - 20, 74)
REVEALED = pygame.FRect(BOARD.left + 6, TOP.bottom + 8, BOARD.width - 12, 236)
ROW = pygame.FRect(X0, REVEALED.bottom + 6, POSITIONS * CARD_W + (POSITIONS - 1) * CARD_GAP, 186)
SHADOW = pygame.FRect(BOARD.left + 6, ROW.bottom + 6, BOARD.width - 12, 232)
BAR = pygame.FRect(BOARD.left + 10, SHADOW.bottom + 8, BOARD.width - 20, BOARD.bottom - SHADOW.bottom - 16)
CLUE_Y = REVEALED.top + 12
PAWN_Y = REVEALED.top + 112
PAWN_STEP = 38.0
PAWN_ROW = 44.0
HIDEOUT_Y = SHADOW.top + 10
LOOT_Y = SHADOW.top + 80
SHADOW_PAWN_Y = SHADOW.top + 186
SMALL_W, SMALL_H = 104.0, 58.0
BUTTON_W, BUTTON_H, BUTTON_GAP = 150.0, 52.0, 10.0
CHOICE_W = 180.0
SHOW_BUTTONS_W = 262.0   # the room Next and Skip take at the bar's right end during a show

# the actions, by the rules' class names
MOVE, HIDE, TAKE, BANK, END, CHOOSE = "Move", "Hide", "TakeLoot", "Bank", "EndTurn", "Choose"
BAR_ORDER = (TAKE, BANK, HIDE, END)
BAR_TEXT = {TAKE: "diabolik_table.action.take", BANK: "diabolik_table.action.bank",
            HIDE: "diabolik_table.action.hide", END: "diabolik_table.action.end"}


def kind(action: Action) -> str:
    return type(action).__name__


def column(pos: int) -> pygame.FRect:
    """The location card at ``pos`` (0..7)."""
    return pygame.FRect(X0 + pos * (CARD_W + CARD_GAP), ROW.top, CARD_W, ROW.height)


def column_x(pos: float) -> float:
    """The centre x of position ``pos`` (fractional positions in between, for a sliding pawn)."""
    return X0 + CARD_W / 2 + pos * (CARD_W + CARD_GAP)


def whole_column(pos: int) -> pygame.FRect:
    """Everything above and below the card at ``pos``: where a click means that place."""
    c = column(pos)
    return pygame.FRect(c.left - CARD_GAP / 2, REVEALED.top, CARD_W + CARD_GAP, SHADOW.bottom - REVEALED.top)


def edge_centre(edge: Sequence[int]) -> list[tuple[float, float]]:
    """Where a roadblock on ``edge`` lies: between its two cards (the ring's wrap edge: at both ends)."""
    a, b = sorted(int(v) for v in edge)
    y = ROW.top + ROW.height * 0.42
    if (a, b) == (0, POSITIONS - 1):
        return [(ROW.left - 4, y), (ROW.right + 4, y)]
    return [((column(a).right + column(b).left) / 2, y)]


def _row_offsets(n: int) -> list[float]:
    return [(i - (n - 1) / 2) * PAWN_STEP for i in range(n)]


def _attr(view: Any, name: str, default: Any = None) -> Any:
    return getattr(view, name, default)


def revealed_pawns(view: Any, pos: int) -> list[tuple[str, str]]:
    """(kind, who) of the pawns in the revealed zone at ``pos``: the police, then the fugitives."""
    out: list[tuple[str, str]] = [("police", who) for who, p in dict(_attr(view, "police", {})).items() if p == pos]
    for who, pawn in dict(_attr(view, "criminals", {})).items():
        if pawn.pos == pos and pawn.on_the_run:
            out.append(("criminal", who))
    return out


def shadow_pawns(view: Any, pos: int) -> list[str]:
    return [who for who, pawn in dict(_attr(view, "criminals", {})).items() if pawn.pos == pos and not pawn.on_the_run]


def pawn_centres(view: Any) -> dict[str, tuple[float, float]]:
    """Where each pawn (criminals and police, by id) is drawn for ``view``."""
    out: dict[str, tuple[float, float]] = {}
    for pos in range(POSITIONS):
        cx = column_x(pos)
        items = revealed_pawns(view, pos)
        for row in range(0, len(items), 3):
            chunk = items[row:row + 3]
            for (_k, who), dx in zip(chunk, _row_offsets(len(chunk))):
                out[who] = (cx + dx, PAWN_Y + (row // 3) * PAWN_ROW)
        hidden = shadow_pawns(view, pos)
        for who, dx in zip(hidden, _row_offsets(len(hidden))):
            out[who] = (cx + dx, SHADOW_PAWN_Y)
    return out


def small_rect(pos: int, y: float) -> pygame.FRect:
    return pygame.FRect(column_x(pos) - SMALL_W / 2, y, SMALL_W, SMALL_H)


class DiabolikBoard:
    """See the module docstring. ``hidden``: pawns the scene draws itself for now (sliding);
    ``preview``: the rules' preview (``(view, action) -> Preview``), looked up once."""

    def __init__(self, preview: Any = None) -> None:
        self.hidden: frozenset[str] = frozenset()
        self.computer: frozenset[str] = frozenset()   # the seats the computer plays (the scene says)
        self._preview = preview

    # ---------------------------------------------------------------- names
    def seat_name(self, seat: str) -> str:
        return who_name(seat)

    @staticmethod
    def place(view: Any, pos: int) -> str:
        locations = _attr(view, "locations", ()) or ()
        return location_name(locations[pos]) if 0 <= pos < len(locations) else str(pos + 1)

    def preview(self, view: Any, action: Action) -> Any:
        """What ``action`` would cost, from the rules (None when they cannot say)."""
        if self._preview is None:
            from game.diabolik.rules import preview

            self._preview = preview
        try:
            return self._preview(view, action)
        except Exception:   # noqa: BLE001 - a preview that cannot be made shows nothing, the move stays possible
            return None

    # ---------------------------------------------------------------- what is where
    def bar_buttons(self, view: Any, legal: Sequence[Action]) -> list[tuple[pygame.FRect, Action, str]]:
        """The bar's buttons: (rect, action, label) for the legal actions, right-aligned."""
        items: list[tuple[Action, str]] = []
        choices = [a for a in legal if kind(a) == CHOOSE]
        if choices:
            pending = _attr(view, "pending")
            options = tuple(getattr(pending, "options", ()) or ())
            for a in choices:
                opt = int(getattr(a, "option", 0))
                pos = options[opt] if opt < len(options) else opt
                items.append((a, t("diabolik_table.choice.option", n=pos + 1, place=self.place(view, pos))))
        else:
            for name in BAR_ORDER:
                found = next((x for x in legal if kind(x) == name), None)
                if found is not None:
                    items.append((found, t(BAR_TEXT[name])))
        out: list[tuple[pygame.FRect, Action, str]] = []
        if choices:   # a choice's options on the left, away from where Next and Skip were
            x = BAR.left + 12
            for a, label in items:
                out.append((pygame.FRect(x, BAR.centery - BUTTON_H / 2, CHOICE_W, BUTTON_H), a, label))
                x += CHOICE_W + BUTTON_GAP
            return out
        # the actions end left of where Next and Skip stand during a show, so a late click on Skip
        # never lands on End turn (found in the real window: both sat at the bar's right end)
        x = BAR.right - 12 - SHOW_BUTTONS_W - len(items) * BUTTON_W - max(0, len(items) - 1) * BUTTON_GAP
        for a, label in items:
            out.append((pygame.FRect(x, BAR.centery - BUTTON_H / 2, BUTTON_W, BUTTON_H), a, label))
            x += BUTTON_W + BUTTON_GAP
        return out

    def choice_targets(self, view: Any, legal: Sequence[Action]) -> dict[int, Action]:
        """Position → the Choose action that picks it (the options lit on the board)."""
        pending = _attr(view, "pending")
        options = tuple(getattr(pending, "options", ()) or ())
        out: dict[int, Action] = {}
        for a in legal:
            if kind(a) == CHOOSE:
                opt = int(getattr(a, "option", -1))
                if 0 <= opt < len(options):
                    out[int(options[opt])] = a
        return out

    def moves(self, legal: Sequence[Action]) -> dict[int, Action]:
        return {a.to: a for a in legal if isinstance(a, Move)}

    def action_at(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        if not legal:
            return None
        for rect, action, _label in self.bar_buttons(view, legal):
            if rect.collidepoint(pos):
                return action
        targets = self.choice_targets(view, legal)
        if targets:
            for p, action in targets.items():
                if whole_column(p).collidepoint(pos):
                    return action
            return None
        for p, action in self.moves(legal).items():
            if whole_column(p).collidepoint(pos):
                return action
        me = _attr(view, "seat")
        pawn = dict(_attr(view, "criminals", {})).get(me)
        if pawn is None:
            return None
        here = pawn.pos
        by_kind = {kind(a): a for a in legal}
        if TAKE in by_kind and small_rect(here, LOOT_Y).collidepoint(pos):
            return by_kind[TAKE]
        if BANK in by_kind and small_rect(here, HIDEOUT_Y).collidepoint(pos):
            return by_kind[BANK]
        centre = pawn_centres(view).get(me)
        if HIDE in by_kind and centre is not None and (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= 24 ** 2:
            return by_kind[HIDE]
        return None

    def hover_key(self, mouse: tuple[float, float], view: Any, legal: Sequence[Action]) -> Any:
        """What under the mouse changes the drawing: the action, and which side of the card the
        tip goes; else the pawn whose name it shows."""
        action = self.action_at(mouse, view, legal)
        if action is not None:
            return (action, mouse[1] < ROW.top)
        who = self.pawn_at(mouse, view)
        return ("pawn", who) if who is not None else None

    def pawn_at(self, pos: tuple[float, float], view: Any) -> str | None:
        """The pawn under ``pos`` (criminal or policeman), if any."""
        for who, (x, y) in pawn_centres(view).items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= 19 ** 2:
                return who
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        self.draw_table(canvas, view, legal)
        self.draw_pieces(canvas, view, legal)
        self.draw_bar(canvas, view, legal, mouse)
        self.draw_hover(canvas, view, legal, mouse)

    def draw_table(self, canvas: Canvas, view: Any, legal: Sequence[Action]) -> None:
        """The felt, the zones, the top strip and the location cards."""
        canvas.fill(art.NIGHT_DEEP, BOARD, radius=20)
        canvas.vertical_gradient(BOARD.inflate(-4, -4), (16, 26, 54), (4, 6, 14))
        canvas.border(mix(theme.GOLD_DARK, (0, 0, 0), 0.3), BOARD, width=2, radius=20)
        # the revealed zone: under the searchlights
        canvas.fill((30, 44, 84, 150), REVEALED, radius=14)
        for k in range(3):
            canvas.glow((REVEALED.left + 180 + k * 360, REVEALED.top + 30), 190, (120, 150, 220, 28), squash=0.55)
        canvas.border((70, 96, 150), REVEALED, width=1, radius=14)
        # the shadow zone: black
        canvas.fill((0, 0, 0, 170), SHADOW, radius=14)
        canvas.border((40, 44, 60), SHADOW, width=1, radius=14)
        for label, rect in ((t("diabolik_table.zone.revealed"), REVEALED), (t("diabolik_table.zone.shadow"), SHADOW)):
            canvas.rotated_text(label.upper(), (REVEALED.left + 13, rect.centery), 90, 14, theme.BOLD,
                                mix(theme.MUTED, theme.FAINT, 0.3), tracking=2)
        self.draw_top(canvas, view)
        moves = self.moves(legal)
        targets = self.choice_targets(view, legal)
        locations = tuple(_attr(view, "locations", ()) or ())
        for p in range(POSITIONS):
            loc = locations[p] if p < len(locations) else f"place{p}"
            lit = p in moves or p in targets
            art.location_card(canvas, column(p), loc, self.place(view, p), p + 1, lit=lit,
                              dim=bool(targets) and not lit)
        self.draw_wrap(canvas)

    def draw_wrap(self, canvas: Canvas) -> None:
        """The two ends of the row are neighbours: an arrow at each side names the card beyond."""
        y = ROW.top + ROW.height * 0.72
        ink = mix(theme.GOLD, theme.MUTED, 0.35)
        for x, d, number in ((ROW.left - 15, -1, POSITIONS), (ROW.right + 15, 1, 1)):
            canvas.polygon(ink, [(x + d * 9, y), (x - d * 3, y - 9), (x - d * 3, y + 9)])
            canvas.text(str(number), (x - d * 2, y + 22), 17, theme.DISPLAY, ink, anchor="center")
            canvas.line((*ink[:3], 120), (x - d * 3, y), (x - d * 12, y), 2)

    def draw_top(self, canvas: Canvas, view: Any) -> None:
        """The round and the loot home; the danger track; what is left in the box."""
        r = TOP
        draw_panel(canvas, r, (10, 14, 30, 230), mix(theme.GOLD_DARK, (0, 0, 0), 0.2), radius=12, shadow=False)
        rnd = pygame.FRect(r.left + 14, r.top + 8, 170, r.height - 16)
        fitted(canvas, t("diabolik_table.round", n=_attr(view, "round", 1)).upper(), (rnd.left, rnd.top), rnd.width,
               28, theme.DISPLAY, theme.INK, tracking=1.5)
        banked = int(_attr(view, "banked", 0) or 0)
        x = rnd.left
        for i in range(4):
            art.gem(canvas, (x + 10, rnd.bottom - 12), 8, (120, 210, 230) if i < banked else (44, 52, 70),
                    art.INK_BLACK if i < banked else (80, 88, 110))
            x += 22
        fitted(canvas, t("diabolik_table.home", n=banked), (x + 6, rnd.bottom - 21), 90, 15, theme.BOLD,
               theme.GOLD_LIGHT if banked else theme.MUTED)
        # the danger track
        level = int(_attr(view, "danger", 0) or 0)
        top = max(1, int(_attr(view, "danger_max", 12) or 12))
        label = pygame.FRect(r.left + 200, r.top + 8, 110, r.height - 16)
        canvas.text(t("diabolik_table.danger").upper(), (label.left, label.top), 22, theme.DISPLAY, (236, 120, 112),
                    tracking=1.5)
        fitted(canvas, t("diabolik_table.danger_of", n=level, max=top), (label.left, label.top + 28), label.width, 18,
               theme.BOLD, theme.INK)
        cells = top + 1
        track_l, track_r = label.right + 6, r.right - 240
        step = (track_r - track_l) / cells
        size = min(34.0, step - 4)
        for i in range(cells):
            cell = pygame.FRect(track_l + i * step, r.centery - size / 2, size, size)
            heat = i / max(1, top)
            hot = mix((200, 160, 60), (214, 50, 50), heat)
            if i <= level and i > 0:
                canvas.fill(hot, cell, radius=6)
            else:
                canvas.fill((22, 28, 48), cell, radius=6)
                canvas.border(mix((60, 70, 100), hot, 0.35), cell, width=1.2, radius=6)
            if i == top:
                canvas.line((236, 120, 112), (cell.left + 7, cell.top + 7), (cell.right - 7, cell.bottom - 7), 2.5)
                canvas.line((236, 120, 112), (cell.left + 7, cell.bottom - 7), (cell.right - 7, cell.top + 7), 2.5)
            else:
                ink = art.INK_BLACK if 0 < i <= level else theme.FAINT
                canvas.text(str(i), (cell.centerx, cell.centery + 1), 15, theme.BOLD, ink, anchor="center")
            if i == level:
                canvas.border(theme.INK, cell.inflate(6, 6), width=2.5, radius=8)
                canvas.polygon(theme.INK, [(cell.centerx, cell.bottom + 2), (cell.centerx - 6, cell.bottom + 9),
                                           (cell.centerx + 6, cell.bottom + 9)])
        # what is left in the box
        box = pygame.FRect(r.right - 226, r.top + 6, 214, r.height - 12)
        canvas.text(t("diabolik_table.box").upper(), (box.left, box.top), 13, theme.BOLD, theme.MUTED, tracking=1.5)
        art.gem(canvas, (box.left + 9, box.top + 31), 7, (212, 164, 60), art.INK_BLACK)
        fitted(canvas, t("diabolik_table.box_loot", n=_attr(view, "loot_left", 0)), (box.left + 22, box.top + 22), 86,
               16, theme.BOLD, theme.INK)
        cx = box.left + 112
        canvas.circle(art.PAPER, (cx + 2, box.top + 29), 6, 2)
        canvas.line(art.PAPER, (cx + 6, box.top + 33), (cx + 10, box.top + 37), 2.5)
        fitted(canvas, t("diabolik_table.box_clues", n=_attr(view, "clues_left", 0)), (cx + 16, box.top + 22), 86, 16,
               theme.BOLD, theme.INK)
        station = max(0, 2 - len(tuple(_attr(view, "roadblocks", ()) or ())))
        fitted(canvas, t("diabolik_table.station", n=station), (box.left, box.top + 44), box.width, 14, theme.BODY,
               theme.MUTED)
        if _attr(view, "diabolika", False):
            canvas.text(t("diabolik_table.diabolika").upper(), (label.left, r.bottom + 2), 12, theme.BOLD,
                        (236, 120, 112), tracking=1.5)

    def draw_pieces(self, canvas: Canvas, view: Any, legal: Sequence[Action]) -> None:
        """Clues, loot, the hideout, the roadblocks and every pawn not :attr:`hidden`."""
        by_kind = {kind(a) for a in legal}
        me = _attr(view, "seat")
        mine = dict(_attr(view, "criminals", {})).get(me)
        for p in _attr(view, "clues", ()) or ():
            art.small_card(canvas, small_rect(int(p), CLUE_Y), "clue", t("diabolik_table.clue"))
        hideout = _attr(view, "hideout")
        if hideout is not None:
            lit = BANK in by_kind and mine is not None and mine.pos == hideout
            r = small_rect(int(hideout), HIDEOUT_Y)
            art.small_card(canvas, r, "hideout", t("diabolik_table.hideout"), lit=lit)
        for p in _attr(view, "loot", ()) or ():
            lit = TAKE in by_kind and mine is not None and mine.pos == p
            art.small_card(canvas, small_rect(int(p), LOOT_Y), "loot", t("diabolik_table.loot"), lit=lit)
        for edge in _attr(view, "roadblocks", ()) or ():
            for c in edge_centre(edge):
                art.roadblock(canvas, c)
        to_act = tuple(_attr(view, "to_act", ()) or ())
        turn = _attr(view, "turn")
        active = (turn if turn in to_act else me if me in to_act else None) if _attr(view, "pending") is None else None
        pending = _attr(view, "pending")
        chosen_for = dict(getattr(pending, "context", {}) or {}).get("who") if pending is not None else None
        for who, c in pawn_centres(view).items():
            if who in self.hidden:
                continue
            self.draw_pawn(canvas, view, who, c, active=who == active or who == chosen_for)

    def draw_pawn(self, canvas: Canvas, view: Any, who: str, c: tuple[float, float], *, active: bool = False) -> None:
        criminals = dict(_attr(view, "criminals", {}))
        if who in criminals:
            pawn = criminals[who]
            art.criminal_pawn(canvas, c, who, shadow=not pawn.on_the_run, active=active, carrying=pawn.carrying)
        else:
            art.police_pawn(canvas, c, who, lit=active)

    def status(self, view: Any, legal: Sequence[Action]) -> str:
        """The bar's sentence: whose turn and how many actions, who leads, or the choice asked."""
        if _attr(view, "phase") == "over" or _attr(view, "result") is not None:
            return t("diabolik_table.status.over")
        pending = _attr(view, "pending")
        if pending is not None:
            return self.choice_sentence(view, pending)
        me = _attr(view, "seat")
        seats = tuple(_attr(view, "seats", ()) or ())
        to_act = tuple(_attr(view, "to_act", ()) or ())
        if me not in to_act:
            who = to_act[0] if to_act else me
            return t("diabolik_table.status.computer", name=who_name(who))
        if _attr(view, "turn") is None and len(seats) > 1 and len(to_act) > 1:
            other = next(s for s in seats if s != me)
            key = "diabolik_table.status.lead_partner" if other in self.computer else "diabolik_table.status.lead"
            return t(key, name=who_name(me), other=who_name(other))
        return t("diabolik_table.status.actions_left", name=who_name(me), n=int(_attr(view, "actions_left", 3)))

    def choice_sentence(self, view: Any, pending: Any) -> str:
        from game.diabolik.texts import choice_text

        return choice_text(pending, locations=tuple(_attr(view, "locations", ()) or ()) or None)

    def draw_bar(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        draw_panel(canvas, BAR, (10, 14, 30, 235), mix(theme.GOLD_DARK, (0, 0, 0), 0.2), radius=12, shadow=False)
        buttons = self.bar_buttons(view, legal)
        pending = _attr(view, "pending")
        if pending is not None and legal:
            left = (buttons[-1][0].right if buttons else BAR.left) + 18
            right = BAR.right - 16
            canvas.text(t("diabolik_table.choice.kicker").upper(), (left, BAR.top + 8), 13, theme.BOLD, theme.GOLD,
                        tracking=2)
            canvas.text_box(self.status(view, legal), (left, BAR.top + 26, right - left, BAR.height - 28), 17,
                            theme.BOLD, theme.INK, line_spacing=1.15, max_lines=2)
        else:
            left = BAR.left + 18
            right = (buttons[0][0].left if buttons else BAR.right) - 16
            canvas.text_box(self.status(view, legal), (left, BAR.top + 12, right - left, BAR.height - 20), 19,
                            theme.BOLD, theme.INK, line_spacing=1.15, max_lines=2)
        for rect, action, label in buttons:
            hover = rect.collidepoint(mouse)
            primary = kind(action) in (CHOOSE, TAKE, BANK)
            fill = (theme.GOLD_LIGHT if hover else theme.GOLD) if primary else \
                ((40, 56, 96) if hover else (24, 34, 62))
            canvas.fill(fill, rect, radius=10)
            canvas.border(theme.GOLD_LIGHT if hover else (theme.GOLD_DARK if primary else theme.EDGE_LIGHT), rect,
                          width=1.5, radius=10)
            fitted(canvas, label.upper(), rect.center, rect.width - 14, 22, theme.DISPLAY,
                   theme.NIGHT if primary else theme.INK, anchor="center", tracking=1)

    def draw_hover(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        """The hovered move's cost (the rules' preview), next to its card; a lit choice's column."""
        action = self.action_at(mouse, view, legal)
        if action is None:
            who = self.pawn_at(mouse, view)
            if who is not None:
                self.draw_pawn_tip(canvas, view, who, mouse)
            return
        if kind(action) == CHOOSE:
            for p, a in self.choice_targets(view, legal).items():
                if a == action:
                    canvas.border(theme.GOLD_LIGHT, whole_column(p).inflate(-2, -2), width=3, radius=12)
            return
        if kind(action) != MOVE:
            return
        assert isinstance(action, Move)
        to = action.to
        card = column(to)
        canvas.glow(card.center, CARD_W, (*theme.GOLD[:3], 70), squash=1.4)
        canvas.border(theme.GOLD_LIGHT, card.inflate(4, 4), width=3, radius=12)
        lines = self.cost_lines(view, action)
        title = t("diabolik_table.preview.move_to", place=self.place(view, to))
        w = max(170.0, min(300.0, max(canvas.measure(s, 16, theme.BOLD)[0] for s in [title, *lines]) + 28))
        h = 30 + 22 * len(lines)
        tip = pygame.FRect(0, 0, w, h)
        if mouse[1] < ROW.top:    # the mouse is above the card: the tip goes below it
            tip.midtop = (card.centerx, card.bottom + 6)
        else:
            tip.midbottom = (card.centerx, card.top - 6)
        tip.clamp_ip(BOARD.inflate(-12, -12))
        danger = any(line.startswith("+") for line in lines)
        canvas.fill((0, 0, 0, 120), tip.move(3, 4), radius=10)
        canvas.fill((18, 24, 44) if not danger else (70, 24, 30), tip, radius=10)
        canvas.border(theme.GOLD if not danger else (236, 120, 112), tip, width=2, radius=10)
        fitted(canvas, title, (tip.left + 14, tip.top + 7), tip.width - 28, 16, theme.BOLD, theme.GOLD_LIGHT)
        for i, line in enumerate(lines):
            fitted(canvas, line, (tip.left + 14, tip.top + 29 + 22 * i), tip.width - 28, 16, theme.BOLD, theme.INK)

    def draw_pawn_tip(self, canvas: Canvas, view: Any, who: str, mouse: tuple[float, float]) -> None:
        """Who a pawn is and what it does, beside it (never under the cursor)."""
        criminals = dict(_attr(view, "criminals", {}))
        if who in criminals:
            pawn = criminals[who]
            line = t("diabolik_table.tip.on_the_run" if pawn.on_the_run else "diabolik_table.tip.shadow")
            if pawn.carrying:
                line += " · " + t("diabolik_table.tip.carrying", n=pawn.carrying)
        else:
            line = t(f"diabolik_table.tip.{who}")
        title = who_name(who)
        w = min(360.0, max(canvas.measure(title, 16, theme.BOLD)[0], canvas.measure(line, 15, theme.BODY)[0]) + 28)
        tip = pygame.FRect(0, 0, w, 52)
        centre = pawn_centres(view).get(who, mouse)
        tip.midleft = (centre[0] + 30, centre[1])
        if tip.right > BOARD.right - 12:
            tip.midright = (centre[0] - 30, centre[1])
        tip.clamp_ip(BOARD.inflate(-12, -12))
        canvas.fill((0, 0, 0, 120), tip.move(3, 4), radius=10)
        canvas.fill((18, 24, 44), tip, radius=10)
        canvas.border(theme.EDGE_LIGHT, tip, width=1.5, radius=10)
        fitted(canvas, title, (tip.left + 14, tip.top + 6), tip.width - 28, 16, theme.BOLD, theme.GOLD_LIGHT)
        fitted(canvas, line, (tip.left + 14, tip.top + 27), tip.width - 28, 15, theme.BODY, theme.INK)

    def cost_lines(self, view: Any, action: Action) -> list[str]:
        """What a move would cost, from the rules' preview, as lines for its tip."""
        p = self.preview(view, action)
        if p is None:
            return []
        lines: list[str] = []
        danger = int(getattr(p, "danger", 0) or 0)
        if danger > 0:
            lines.append(t("diabolik_table.preview.sighting", n=danger))
        elif getattr(p, "sighting", False):
            lines.append(t("diabolik_table.preview.already"))
        if getattr(p, "breaks_roadblock", None):
            lines.append(t("diabolik_table.preview.breaks"))
        if not lines:
            lines.append(t("diabolik_table.preview.free"))
        return lines


def pawn_slide(before: Any, after: Any, who: str, k: float) -> list[tuple[float, float]]:
    """Where ``who`` is drawn a fraction ``k`` (0..1) of the way from its place in ``before`` to
    its place in ``after``: one point, or two while it goes round the ring's ends (leaving one
    side, coming in at the other)."""
    a = pawn_centres(before).get(who)
    b = pawn_centres(after).get(who)
    if a is None or b is None:
        return [p for p in (b or a,) if p is not None]
    pa, pb = _pos_of(before, who), _pos_of(after, who)
    if pa is not None and pb is not None and abs(pa - pb) == POSITIONS - 1:
        d = 1 if pa == POSITIONS - 1 else -1         # 7 → 0 goes right, 0 → 7 goes left
        pitch = CARD_W + CARD_GAP
        x = a[0] + d * pitch * k
        y = a[1] + (b[1] - a[1]) * k
        return [(x, y), (x - d * pitch * POSITIONS, y)]
    return [(a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)]


def _pos_of(view: Any, who: str) -> int | None:
    crim = dict(_attr(view, "criminals", {}))
    if who in crim:
        return int(crim[who].pos)
    pol: Mapping[str, int] = dict(_attr(view, "police", {}))
    return int(pol[who]) if who in pol else None
