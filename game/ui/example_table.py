"""The example title (sealed bids) at the shell's table: its board view and its scenes.

:class:`SealedBidsBoard` is the example's :class:`game.ui.scenes.table.BoardView`: the seat's hand
as cards to click (a click bids that card), the other seat's hand as backs, the two face-down
cards of the round (one's own face up in a corner, since one knows it), the stock with its "Draw a
card" button, the scores and the rounds played. It draws only the view it is given (the table's
under a curtain: no hand at all) and offers only the legal actions it is given.

Registered scenes: ``example-table`` (the example's ``table_scene``: ``factory(app, match=...,
computer=..., autosave=...)``, a seeded game by default) and ``example-table-curtain``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine.api import TABLE, Action
from game.engine.example import SEATS, Bid, Draw
from game.engine.i18n import t
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.registry import register_scene
from game.ui.scenes.table import BOARD, TableScene, fitted
from game.ui.widgets import draw_panel, mix

FELT = (18, 58, 50)
FELT_EDGE = (54, 110, 92)
CARD_W, CARD_H, CARD_GAP = 110.0, 158.0, 18.0
BACK_W, BACK_H, BACK_GAP = 62.0, 88.0, 10.0
HAND_TOP = BOARD.bottom - CARD_H - 44
OTHER_TOP = BOARD.top + 64
SLOT_TOP = 330.0
STOCK = pygame.FRect(BOARD.left + 60, SLOT_TOP, CARD_W, CARD_H)
DRAW_BUTTON = pygame.FRect(STOCK.left - 20, STOCK.bottom + 18, CARD_W + 40, 44)
SCORES = pygame.FRect(BOARD.right - 300, SLOT_TOP - 10, 260, 230)


def seat_name(seat: str) -> str:
    return t(f"example.seat.{seat}")


def event_text(entry: dict) -> str:
    """A log entry of sealed bids as a sentence in the current language."""
    kind = entry.get("kind")
    who = seat_name(str(entry.get("seat", "")))
    if kind == "example.drew":
        if "card" in entry:
            return t("i12_session.example.log.drew_card", name=who, card=entry["card"])
        return t("i12_session.example.log.drew", name=who)
    if kind == "example.bid":
        if "card" in entry:
            return t("i12_session.example.log.bid_card", name=who, card=entry["card"])
        return t("i12_session.example.log.bid", name=who)
    if kind == "example.shown":
        cards = entry.get("cards") or {}
        shown = ", ".join(f"{seat_name(s)} {c}" for s, c in cards.items())
        return t("i12_session.example.log.shown", cards=shown, name=seat_name(str(entry.get("winner", ""))))
    if kind == "example.over":
        winners = entry.get("winners") or []
        if not winners:
            return t("i12_session.example.log.draw")
        return t("i12_session.example.log.won", name=", ".join(seat_name(s) for s in winners))
    return str(kind)


class SealedBidsBoard:
    """See the module docstring."""

    def seat_name(self, seat: str) -> str:
        return seat_name(seat)

    # ---------------------------------------------------------------- where things are
    def hand_rects(self, view: Any) -> list[tuple[pygame.FRect, int]]:
        cards = list(view.hand)
        width = len(cards) * CARD_W + max(0, len(cards) - 1) * CARD_GAP
        x = BOARD.centerx - width / 2
        return [(pygame.FRect(x + i * (CARD_W + CARD_GAP), HAND_TOP, CARD_W, CARD_H), c) for i, c in enumerate(cards)]

    def action_at(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        for rect, card in self.hand_rects(view):
            if rect.collidepoint(pos):
                return next((a for a in legal if isinstance(a, Bid) and a.card == card), None)
        if DRAW_BUTTON.collidepoint(pos):
            return next((a for a in legal if isinstance(a, Draw)), None)
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        draw_panel(canvas, BOARD, FELT, FELT_EDGE, radius=22, shadow=True)
        me = view.seat
        others = [s for s in SEATS if s != me]
        # the other seat(s): their hands as backs (at the table's view, both)
        for k, seat in enumerate(others):   # at the table's view, both hands side by side
            self._draw_backs(canvas, seat, BOARD.left + 40 + k * 480, view)
        self._draw_slots(canvas, view)
        self._draw_stock(canvas, view, legal, mouse)
        self._draw_scores(canvas, view)
        if me != TABLE:
            self._draw_hand(canvas, view, legal, mouse)

    def _draw_backs(self, canvas: Canvas, seat: str, left: float, view: Any) -> None:
        n = view.hand_sizes.get(seat, 0)
        label = t("i12_session.example.hand_of", name=seat_name(seat), n=n)
        fitted(canvas, label.upper(), (left, OTHER_TOP - 30), 440, 18, theme.BOLD, theme.MUTED, tracking=2)
        for i in range(n):
            r = pygame.FRect(left + i * (BACK_W + BACK_GAP), OTHER_TOP, BACK_W, BACK_H)
            _card_back(canvas, r)

    def _draw_slots(self, canvas: Canvas, view: Any) -> None:
        fitted(canvas, t("i12_session.example.round", n=view.round, of=view.config.rounds).upper(),
               (BOARD.centerx - 40, SLOT_TOP - 44), 400, 22, theme.DISPLAY, theme.GOLD, anchor="midtop", tracking=2)
        for i, seat in enumerate(SEATS):
            r = pygame.FRect(BOARD.centerx - 40 - CARD_W - 20 + i * (CARD_W + 40), SLOT_TOP, CARD_W, CARD_H)
            fitted(canvas, seat_name(seat), (r.centerx, r.bottom + 10), CARD_W + 30, 18, theme.BOLD, theme.INK,
                   anchor="midtop")
            if seat in view.has_bid:
                _card_back(canvas, r)
                if seat == view.seat and view.my_bid is not None:   # one's own card, known to oneself
                    chip = pygame.FRect(r.right - 44, r.top - 14, 56, 40)
                    canvas.fill(theme.PANEL_SOLID, chip, radius=8)
                    canvas.border(theme.GOLD, chip, width=1.5, radius=8)
                    canvas.text(str(view.my_bid), chip.center, 24, theme.DISPLAY, theme.GOLD_LIGHT, anchor="center")
            else:
                canvas.dashed((*theme.INK[:3], 120), [r.topleft, r.topright, r.bottomright, r.bottomleft, r.topleft],
                              dash=8, gap=6, width=1.5)

    def _draw_stock(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        fitted(canvas, t("i12_session.example.stock", n=view.stock_size).upper(), (STOCK.centerx, STOCK.top - 34),
               CARD_W + 80, 18, theme.BOLD, theme.MUTED, anchor="midtop", tracking=2)
        if view.stock_size:
            for k in range(min(3, view.stock_size)):
                _card_back(canvas, STOCK.move(-2 * k, -2 * k))
        can = any(isinstance(a, Draw) for a in legal)
        if can:
            hover = DRAW_BUTTON.collidepoint(mouse)
            canvas.fill(theme.GOLD_LIGHT if hover else theme.GOLD, DRAW_BUTTON, radius=10)
            fitted(canvas, t("i12_session.example.draw").upper(), DRAW_BUTTON.center, DRAW_BUTTON.width - 16, 22,
                   theme.DISPLAY, theme.NIGHT, anchor="center", tracking=1)

    def _draw_scores(self, canvas: Canvas, view: Any) -> None:
        draw_panel(canvas, SCORES, (10, 36, 30, 230), FELT_EDGE, radius=12, shadow=False)
        fitted(canvas, t("i12_session.example.scores").upper(), (SCORES.left + 16, SCORES.top + 14), SCORES.width - 32,
               18, theme.BOLD, theme.GOLD, tracking=2)
        y = SCORES.top + 46
        for seat in SEATS:
            fitted(canvas, seat_name(seat), (SCORES.left + 16, y), 150, 22, theme.BOLD, theme.INK)
            canvas.text(str(view.scores.get(seat, 0)), (SCORES.right - 20, y), 24, theme.DISPLAY, theme.GOLD_LIGHT,
                        anchor="topright")
            y += 32
        y += 8
        for i, shown in enumerate(view.history):
            line = t("i12_session.example.played", n=i + 1, cards=" – ".join(str(c) for c in shown))
            fitted(canvas, line, (SCORES.left + 16, y), SCORES.width - 32, 17, theme.BODY, theme.MUTED)
            y += 24

    def _draw_hand(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        playable = {a.card for a in legal if isinstance(a, Bid)}
        fitted(canvas, t("i12_session.example.your_hand").upper(), (BOARD.centerx, HAND_TOP - 36), 600, 18,
               theme.BOLD, theme.GOLD if playable else theme.MUTED, anchor="midtop", tracking=2)
        for rect, card in self.hand_rects(view):
            lit = card in playable
            hover = lit and rect.collidepoint(mouse)
            r = rect.move(0, -12) if hover else rect
            canvas.fill((246, 240, 226), r, radius=12)
            canvas.border(theme.GOLD if lit else (120, 120, 120), r, width=3 if hover else 2, radius=12)
            canvas.text(str(card), r.center, 64, theme.DISPLAY, (30, 36, 56), anchor="center")
            canvas.text(str(card), (r.left + 10, r.top + 6), 20, theme.DISPLAY, (90, 40, 40))


def _card_back(canvas: Canvas, r: pygame.FRect) -> None:
    canvas.fill((120, 28, 40), r, radius=10)
    canvas.border((236, 206, 150), r, width=2, radius=10)
    inner = r.inflate(-14, -14)
    canvas.border(mix((120, 28, 40), (236, 206, 150), 0.5), inner, width=1.5, radius=6)


# ------------------------------------------------------------------------------ the scenes

def sample_match(seed: int = 4, moves: int = 3) -> Any:
    """A seeded game a few moves in (the screenshots'): north drew, both bid once, north bid again."""
    from game.engine.playout import random_match

    return random_match("example", {}, seed, moves, "example-screenshot")


@register_scene("example-table")
def _example_table(app: Any, match: Any = None, computer: Any = None, autosave: bool = False,
                   **options: Any) -> TableScene:
    """Sealed bids at the shell's table (the example's ``table_scene``). With no match (a
    screenshot): a seeded game, shown to the seat to act, not saved."""
    if match is None:
        return TableScene(sample_match(), SealedBidsBoard(), computer=computer, autosave=False, start_revealed=True)
    return TableScene(match, SealedBidsBoard(), computer=computer, autosave=autosave, **options)


@register_scene("example-table-curtain")
def _example_table_curtain(app: Any, **_options: Any) -> TableScene:
    """The curtain the table drops for the seat to act: nothing of either hand shows."""
    return TableScene(sample_match(), SealedBidsBoard(), autosave=False)
