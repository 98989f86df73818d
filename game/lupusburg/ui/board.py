"""Lupusburg's board view for the shell's table (:class:`game.ui.scenes.table.BoardView`).

It draws one :class:`LupusView` in the board's part of the screen:

* the ring: each player's two houses side by side in his family's colour (his number on the door,
  L or R under the eaves: his left house is the one clockwise of his right, as at a table), a house
  gone shown face down and greyed (never what it held), outside the ring each player's seat plate
  (his number and colour's name, the seal still in his hand, a tick once he has voted), the
  Burgomaster's figure by his plate, inside the ring the seals in front of the players they accuse
  (each in its bettor's colour with his number, a coin face down under it), the paw print and the
  tuft of fur on the suspects, and in the middle the Werewolf's claw turned to the house it emptied
  at the last dawn;
* what only the seat on screen knows, and only on its own screen: its characters on its houses, its
  chest, what it saw under a house (a chest, or none), the characters it was shown, its coin;
* along the foot, the seat's own cards and seal at the left, and at the right what it does now: a
  sentence, the coins it drew, the character shown to it, and buttons for the moves made by button
  (let the privilege go, draw coins or keep the seal, the paw or the fur, "I have seen it").

It decides nothing: what is lit and what a click does come from the legal actions. The one thing it
keeps is the coin picked while betting (:attr:`LupusBoard.picked`): a click on a coin picks it, the
next on a player places the seal in front of him.

Privacy: every secret drawn comes from the view (``view.characters``, ``view.looks``, ``view.seen``,
``view.my_coin``, ``view.drawn``; ``view.reveal`` once the game is over); :attr:`LupusBoard.drawn`
records whose view the last frame drew and which secrets it showed, for the tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from game.engine.api import TABLE, Action
from game.engine.i18n import t
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.scenes.table import BOARD, fitted
from game.ui.widgets import draw_panel, mix

from game.lupusburg import texts
from game.lupusburg.rules.actions import (
    Decide, Draw, EndDiscussion, GiveBroom, Keep, Mark, PassBet, Place, Point, Privilege, Seen, ShowBack,
    Side, SkipPrivilege, Sweep, Vote,
)
from game.lupusburg.ui import art

RING = pygame.FRect(BOARD.left, BOARD.top, BOARD.width, 640)
CENTRE = (RING.centerx, RING.top + 318)
RX, RY = 362.0, 206.0          # the ellipse the houses stand on
HOUSE_W, HOUSE_H = 58.0, 64.0
PLATE_W, PLATE_H = 150.0, 30.0
FOOT = pygame.FRect(BOARD.left + 8, RING.bottom + 10, BOARD.width - 16, BOARD.bottom - RING.bottom - 18)
MINE = pygame.FRect(FOOT.left + 14, FOOT.top + 12, 392, FOOT.height - 24)
ACT = pygame.FRect(MINE.right + 18, FOOT.top + 12, FOOT.right - 14 - (MINE.right + 18), FOOT.height - 24)
BUTTON_W, BUTTON_H, BUTTON_GAP = 210.0, 46.0, 12.0
COIN_R = 30.0
PAIR = 0.40                    # the share of a player's arc between his two houses' middles

HouseKey = tuple[str, str]


def side_mark(side: str) -> str:
    """L or R (S or D in Italian): a house's side under its eaves."""
    return t(f"lupusburg_ui.side_short.{side}")


def house_name(player: str, side: str) -> str:
    """"Green L", "Verde S": a house, short (the history's and the hover's)."""
    return t("lupusburg_ui.house_short", who=texts.who(player), side=side_mark(side))


# ------------------------------------------------------------------------------ the ring's geometry

@lru_cache(maxsize=16)
def _perimeter(samples: int = 720) -> tuple[tuple[float, ...], tuple[tuple[float, float], ...]]:
    """The ellipse sampled clockwise from the top: cumulative length, points."""
    pts = []
    for i in range(samples + 1):
        a = math.tau * i / samples
        pts.append((CENTRE[0] + RX * math.sin(a), CENTRE[1] - RY * math.cos(a)))
    acc = [0.0]
    for i in range(1, len(pts)):
        acc.append(acc[-1] + math.dist(pts[i - 1], pts[i]))
    return tuple(acc), tuple(pts)


def _at(fraction: float) -> tuple[float, float]:
    """The point of the ellipse at ``fraction`` of its length, clockwise from the top."""
    acc, pts = _perimeter()
    total = acc[-1]
    d = (fraction % 1.0) * total
    lo, hi = 0, len(acc) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if acc[mid] <= d:
            lo = mid
        else:
            hi = mid
    seg = acc[hi] - acc[lo] or 1.0
    k = (d - acc[lo]) / seg
    (x0, y0), (x1, y1) = pts[lo], pts[hi]
    return (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)


def _out(p: tuple[float, float], by: float) -> tuple[float, float]:
    """``p`` moved ``by`` pixels away from the ring's middle (toward it when negative)."""
    dx, dy = p[0] - CENTRE[0], p[1] - CENTRE[1]
    d = math.hypot(dx, dy) or 1.0
    return (p[0] + dx / d * by, p[1] + dy / d * by)


@lru_cache(maxsize=16)
def layout(seats: tuple[str, ...]) -> dict[str, Any]:
    """Where everything of the ring stands for these seats: ``houses`` (player, side) -> rect,
    ``plates`` player -> rect, ``front`` player -> where the seals accusing him lie, ``pair``
    player -> the middle of his two houses. A player's left house is the one clockwise of his right
    (as seen by him, facing the middle)."""
    n = len(seats)
    houses: dict[HouseKey, pygame.FRect] = {}
    plates: dict[str, pygame.FRect] = {}
    front: dict[str, tuple[float, float]] = {}
    pair: dict[str, tuple[float, float]] = {}
    for i, seat in enumerate(seats):
        mid = i / n
        half = PAIR / n / 2
        for side, f in (("right", mid - half), ("left", mid + half)):
            c = _at(f)
            houses[(seat, side)] = pygame.FRect(c[0] - HOUSE_W / 2, c[1] - HOUSE_H / 2, HOUSE_W, HOUSE_H)
        p = _at(mid)
        pair[seat] = p
        pc = _out(p, 74)
        plate = pygame.FRect(0, 0, PLATE_W, PLATE_H)
        plate.center = pc
        plate.clamp_ip(RING.inflate(-4, -4))
        plates[seat] = plate
        front[seat] = _out(p, -96)
    return {"houses": houses, "plates": plates, "front": front, "pair": pair}


def house_rect(seats: Sequence[str], player: str, side: str) -> pygame.FRect:
    return pygame.FRect(layout(tuple(seats))["houses"][(player, side)])


def plate_rect(seats: Sequence[str], player: str) -> pygame.FRect:
    return pygame.FRect(layout(tuple(seats))["plates"][player])


def _toward(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    """``a`` moved ``by`` pixels toward ``b``."""
    d = math.dist(a, b) or 1.0
    return (a[0] + (b[0] - a[0]) / d * by, a[1] + (b[1] - a[1]) / d * by)


def angle_to(p: tuple[float, float]) -> float:
    """The claw's angle (0 up, clockwise) toward ``p``."""
    return math.atan2(p[0] - CENTRE[0], -(p[1] - CENTRE[1]))


# ------------------------------------------------------------------------------ the board

class LupusBoard:
    """See the module docstring."""

    def __init__(self, seats: Sequence[str] = ()) -> None:
        self.seats: tuple[str, ...] = tuple(seats)
        self.picked: int | None = None             # the coin picked while betting
        self.computer: frozenset[str] = frozenset()
        self.waiting_line = ""                     # the table's line when the seat on screen may not act
        self.drawn: tuple[str, frozenset[tuple[str, ...]]] | None = None   # (whose view, secrets drawn)
        self._secrets: set[tuple[str, ...]] = set()

    # ---------------------------------------------------------------- names
    def seat_name(self, seat: str) -> str:
        return texts.who(seat)

    def mark(self, seat: str) -> str:
        return art.number(self.seats, seat)

    # ---------------------------------------------------------------- what a click does
    def geometry(self) -> dict[str, Any]:
        return layout(self.seats)

    def house_at(self, pos: tuple[float, float]) -> HouseKey | None:
        for key, r in self.geometry()["houses"].items():
            if r.inflate(8, 6).collidepoint(pos):
                return key
        return None

    def plate_at(self, pos: tuple[float, float]) -> str | None:
        for seat, r in self.geometry()["plates"].items():
            if r.inflate(4, 4).collidepoint(pos):
                return seat
        return None

    def player_at(self, pos: tuple[float, float]) -> str | None:
        """A player named by a click on his plate or on one of his houses."""
        plate = self.plate_at(pos)
        if plate is not None:
            return plate
        h = self.house_at(pos)
        return h[0] if h is not None else None

    def coin_rects(self, view: Any) -> list[tuple[pygame.FRect, int]]:
        """The coins drawn for a bet, in the foot (each its value)."""
        coins = list(view.drawn)
        out = []
        x = ACT.left + 40
        y = ACT.top + 92
        for k, value in enumerate(coins):
            c = (x + k * (2 * COIN_R + 26), y)
            out.append((pygame.FRect(c[0] - COIN_R, c[1] - COIN_R, 2 * COIN_R, 2 * COIN_R), value))
        return out

    def button_label(self, view: Any, action: Action) -> str:
        if isinstance(action, SkipPrivilege):
            return t("lupusburg_ui.button.skip_privilege")
        if isinstance(action, Seen):
            return t("lupusburg_ui.button.seen")
        if isinstance(action, Draw):
            return t("lupusburg_ui.button.draw", n=min(3, view.bag))
        if isinstance(action, PassBet):
            return t("lupusburg_ui.button.pass_bet")
        if isinstance(action, Mark):
            suspects = list(view.suspects)
            house = suspects[0] if action.mark == "paw" and suspects else suspects[-1] if suspects else None
            where = house_name(*house) if house is not None else ""
            return t(f"lupusburg_ui.button.{action.mark}", house=where)
        if isinstance(action, EndDiscussion):
            return t("lupusburg_ui.button.end_discussion")
        return type(action).__name__

    def buttons(self, view: Any, legal: Sequence[Action]) -> list[tuple[pygame.FRect, Action, str]]:
        """The foot's buttons for the moves made by button, along the foot's bottom right (the main
        one at the far right, where it never moves)."""
        order = (Seen, Draw, PassBet, SkipPrivilege, Mark)
        items = [a for kind in order for a in legal if isinstance(a, kind)]
        if any(isinstance(a, Mark) for a in items):
            items = sorted(items, key=lambda a: 0 if getattr(a, "mark", "") == "fur" else 1)
        out: list[tuple[pygame.FRect, Action, str]] = []
        right = ACT.right
        y = ACT.bottom - BUTTON_H
        wide = any(isinstance(a, Mark) for a in items)
        w = (ACT.width - BUTTON_GAP) / 2 if wide else BUTTON_W
        for a in items:
            rect = pygame.FRect(right - w, y, w, BUTTON_H)
            out.append((rect, a, self.button_label(view, a)))
            right = rect.left - BUTTON_GAP
        return out

    def targets(self, legal: Sequence[Action]) -> dict[HouseKey, Action]:
        """The houses a click may name now, each with the move it makes."""
        out: dict[HouseKey, Action] = {}
        for a in legal:
            if isinstance(a, (Point, Privilege, Sweep, Vote, Decide)):
                out.setdefault((a.player, a.side), a)
            elif isinstance(a, Place):
                out.setdefault((a.seat, a.chest), a)
            elif isinstance(a, ShowBack):
                out.setdefault((a.seat, a.side), a)
        return out

    def players(self, legal: Sequence[Action]) -> dict[str, Action]:
        """The players a click may name now (the broom; the bet once a coin is picked)."""
        out: dict[str, Action] = {}
        for a in legal:
            if isinstance(a, GiveBroom):
                out.setdefault(a.player, a)
            elif isinstance(a, Keep) and a.coin == self.picked:
                out.setdefault(a.target, a)
        return out

    def marks_by_house(self, view: Any, legal: Sequence[Action]) -> dict[HouseKey, Action]:
        """The runoff: a click on a suspect turns a token to his evidence."""
        marks = {a.mark: a for a in legal if isinstance(a, Mark)}
        out: dict[HouseKey, Action] = {}
        if marks and len(view.suspects) == 2:
            paw, fur = view.suspects
            if "paw" in marks:
                out[(paw[0], paw[1])] = marks["paw"]
            if "fur" in marks:
                out[(fur[0], fur[1])] = marks["fur"]
        return out

    def action_at(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        """The legal action a click at ``pos`` makes (None: nothing, or a coin to pick)."""
        if not legal:
            return None
        for rect, action, _label in self.buttons(view, legal):
            if rect.collidepoint(pos):
                return action
        h = self.house_at(pos)
        if h is not None:
            found = self.targets(legal).get(h) or self.marks_by_house(view, legal).get(h)
            if found is not None:
                return found
        who = self.player_at(pos)
        if who is not None:
            return self.players(legal).get(who)
        return None

    def intent(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        """A click on a house that names a move the rules do not allow now (one's own house at
        night, a player's only character under the privilege, a house gone): the move meant, which
        the rules refuse with a sentence. None when the click means nothing."""
        h = self.house_at(pos)
        if h is None or not legal:
            return None
        seat = legal[0].seat
        kinds = {type(a) for a in legal}
        player, side = h
        lr: Side = "left" if side == "left" else "right"
        for kind in (Point, Privilege, Sweep, Vote, Decide):
            if kind in kinds:
                return kind(seat, player, lr)
        if ShowBack in kinds:
            return ShowBack(seat, lr) if player == seat else None
        if Place in kinds and player == seat:
            return Place(seat, lr)
        return None

    def coin_at(self, pos: tuple[float, float], view: Any) -> int | None:
        for r, value in self.coin_rects(view):
            if math.dist(r.center, pos) <= COIN_R + 4:
                return value
        return None

    def hover_key(self, mouse: tuple[float, float], view: Any, legal: Sequence[Action]) -> Any:
        """What the pointer is over (a house, a plate, a coin, a button): the board is drawn again
        when it changes."""
        for i, (rect, _a, _l) in enumerate(self.buttons(view, legal)):
            if rect.collidepoint(mouse):
                return ("button", i)
        c = self.coin_at(mouse, view) if getattr(view, "drawn", ()) else None
        if c is not None:
            return ("coin", c)
        h = self.house_at(mouse)
        if h is not None:
            return ("house", *h)
        p = self.plate_at(mouse)
        if p is not None:
            return ("plate", p)
        return None

    def tidy(self, legal: Sequence[Action]) -> None:
        """The coin picked goes once it may no longer be kept."""
        if self.picked is not None and not any(isinstance(a, Keep) and a.coin == self.picked for a in legal):
            self.picked = None

    # ================================================================ drawing
    def draw(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        if not self.seats:
            self.seats = tuple(view.seats)
        self._secrets = set()
        self._draw_square(canvas)
        self._draw_ring(canvas, view, legal, mouse)
        self._draw_foot(canvas, view, legal, mouse)
        self.drawn = (view.seat, frozenset(self._secrets))

    def _secret(self, *item: str) -> None:
        self._secrets.add(tuple(str(i) for i in item))

    # ---------------------------------------------------------------- the ring
    def _draw_square(self, canvas: Canvas) -> None:
        def build(c: Canvas) -> None:
            c.fill((14, 20, 34), RING, radius=18)
            c.glow(CENTRE, 430, (60, 70, 60, 90), squash=0.62)
            c.circle((36, 40, 40), CENTRE, 128)
            c.circle((46, 52, 50), CENTRE, 128, 3)
            for k in range(12):       # cobbles round the well of the square
                a = k * math.tau / 12
                c.circle((54, 60, 58), (CENTRE[0] + math.sin(a) * 106, CENTRE[1] - math.cos(a) * 106), 8)
            c.border((40, 52, 80), RING, width=1.5, radius=18)

        canvas.sprite(("lupusburg-square",), RING, build)

    def _reveal_of(self, view: Any, player: str, side: str) -> str | None:
        """The character known in a house on this screen: one's own, one seen, or every one once
        the game is over."""
        reveal = view.reveal
        if reveal is not None:
            chars = reveal.characters.get(player)
            return chars.get(side) if chars else None
        if view.characters is not None and player == view.seat:
            return view.characters.get(side)
        known = None
        for s in view.seen:
            if tuple(s.house) == (player, side):
                known = s.character
        return known

    def _draw_ring(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        geo = self.geometry()
        alive = {(h.player, h.side): h.alive for h in view.houses}
        targets = self.targets(legal)
        marks = self.marks_by_house(view, legal)
        players = self.players(legal)
        hovered_house = self.house_at(mouse)
        hovered_player = self.player_at(mouse)
        tied = {tuple(h) for h in view.tied}
        # the claw: toward the house emptied at the last dawn
        last = view.kills[-1] if view.kills else None
        angle = None
        if last is not None:
            target = geo["houses"][(last.house[0], last.house[1])].center
            angle = angle_to(target)
            start = _toward(CENTRE, target, 62)
            end = _toward(target, CENTRE, 44)
            canvas.dashed((170, 60, 60), [start, end], dash=9, gap=7, width=3)
        art.claw(canvas, CENTRE, angle, 54)
        if last is not None:
            fitted(canvas, t("lupusburg_ui.claw", day=last.day), (CENTRE[0], CENTRE[1] + 66), 220, 14, theme.BOLD,
                   theme.MUTED, anchor="midtop")
        # houses
        for (player, side), r in geo["houses"].items():
            mark = self.mark(player)
            if not alive.get((player, side), True):
                art.gone(canvas, r, side_mark(side))
            else:
                lit = (player, side) in targets or (player, side) in marks or player in players
                hover = lit and (hovered_house == (player, side) or (player in players and hovered_player == player))
                art.house(canvas, r, player, mark, side_mark(side), lit=lit, hover=hover)
            if (player, side) in tied:
                canvas.border(theme.CYAN, r.inflate(22, 20), width=2, radius=12)
            self._draw_knowledge(canvas, view, player, side, r, alive.get((player, side), True))
        # the suspects' tokens
        for house, mark in zip(view.suspects, ("paw", "fur")):
            r = geo["houses"][(house[0], house[1])]
            art.evidence(canvas, (r.right - 4, r.top + 8), mark, 13)
        # plates, the Burgomaster, seals in hand, votes cast
        for seat in self.seats:
            self._draw_plate(canvas, view, seat, geo["plates"][seat], lit=seat in players,
                             hover=seat in players and hovered_player == seat)
        self._draw_seals(canvas, view, geo)
        # the hovered house's name
        if hovered_house is not None:
            r = geo["houses"][hovered_house]
            name = house_name(*hovered_house)
            w = canvas.measure(name, 14, theme.BOLD)[0] + 16
            tip = pygame.FRect(0, 0, w, 22)
            tip.midtop = (r.centerx, r.bottom + 6)
            canvas.fill((8, 12, 24, 230), tip, radius=6)
            canvas.text(name, tip.center, 14, theme.BOLD, theme.INK, anchor="center")

    def _draw_knowledge(self, canvas: Canvas, view: Any, player: str, side: str, r: pygame.FRect,
                        alive: bool) -> None:
        """What this screen knows of a house: the character (one's own, one seen, all at the end),
        the chest (one's own; all at the end), what a look under it found."""
        kind = self._reveal_of(view, player, side)
        own = player == view.seat
        if kind is not None:
            seen = not own and view.reveal is None
            dx, dy = CENTRE[0] - r.centerx, CENTRE[1] - r.centery
            d = math.hypot(dx, dy) or 1.0
            art.character_tag(canvas, _out(r.center, -(80 * abs(dx) / d + 46 * abs(dy) / d)), kind, seen=seen)
            self._secret("character", player, side, kind)
        chest_side = None
        if view.reveal is not None:
            chest_side = view.reveal.chests.get(player)
        elif own and view.chest is not None:
            chest_side = view.chest
        if chest_side == side:
            art.chest(canvas, (r.left + 8, r.bottom - 4), 9)
            self._secret("chest", player, side)
        if view.reveal is None:
            for look in view.looks:
                if tuple(look.house) == (player, side):
                    art.chest(canvas, (r.right - 8, r.bottom - 4), 9, crossed=not look.chest)
                    self._secret("look", player, side, "chest" if look.chest else "empty")
        if not alive and kind is None and view.reveal is None:
            pass   # a house gone shows nothing of what it held

    def _draw_plate(self, canvas: Canvas, view: Any, seat: str, r: pygame.FRect, *, lit: bool, hover: bool) -> None:
        fill, _ink = art.colours(seat)
        living = view.living.get(seat, 2)
        if lit or hover:
            canvas.border(theme.GOLD_LIGHT if hover else theme.GOLD, r.inflate(10, 10), width=4 if hover else 2.5,
                          radius=12)
        on_screen = seat == view.seat
        canvas.fill((22, 30, 52, 240) if not on_screen else (44, 40, 26, 245), r, radius=9)
        canvas.border(theme.GOLD if on_screen else mix(fill, (60, 70, 90), 0.4), r, width=2 if on_screen else 1.5,
                      radius=9)
        art.badge(canvas, (r.left + 16, r.centery), seat, self.mark(seat), 10)
        name = self.seat_name(seat)
        colour = theme.INK if living else theme.FAINT
        right = r.right - 8
        if view.seals.get(seat) is None:        # the seal still in hand
            art.seal(canvas, (r.right - 15, r.centery), seat, self.mark(seat), 9)
            right -= 24
        voters = view.voters
        if seat in voters:                       # a ballot under way: voted, or still to
            art.stamp(canvas, (right - 8, r.centery), view.ballots_in.get(seat, 0) >= voters[seat], 8)
            right -= 20
        fitted(canvas, name, (r.left + 32, r.centery + 1), right - r.left - 34, 17, theme.BOLD, colour,
               anchor="midleft")
        if seat == view.burgomaster:
            x = r.right + 16 if r.centerx > CENTRE[0] + 40 else r.left - 16
            art.burgomaster(canvas, (x, r.centery + 2), 13)

    def _draw_seals(self, canvas: Canvas, view: Any, geo: dict[str, Any]) -> None:
        """The seals placed, fanned out in front of the players they accuse."""
        by_target: dict[str, list[str]] = {}
        for bettor in self.seats:
            bet = view.seals.get(bettor)
            if bet is not None:
                by_target.setdefault(bet.target, []).append(bettor)
        coins = view.reveal.coins if view.reveal is not None else {}
        for target, bettors in by_target.items():
            fx, fy = geo["front"][target]
            dx, dy = fx - CENTRE[0], fy - CENTRE[1]
            d = math.hypot(dx, dy) or 1.0
            tx, ty = -dy / d, dx / d          # along the ring
            for k, bettor in enumerate(bettors):
                off = (k - (len(bettors) - 1) / 2) * 30
                c = (fx + tx * off, fy + ty * off)
                value = coins.get(bettor)
                if value is None and bettor == view.seat and view.my_coin is not None:
                    value = view.my_coin
                if value is not None:
                    self._secret("coin", bettor, str(value))
                art.seal(canvas, c, bettor, self.mark(bettor), 13, coin=value)

    # ---------------------------------------------------------------- the foot
    def _draw_foot(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        draw_panel(canvas, FOOT, (14, 20, 38, 238), theme.EDGE, radius=14)
        canvas.line(theme.EDGE, (MINE.right + 9, FOOT.top + 16), (MINE.right + 9, FOOT.bottom - 16), 1)
        self._draw_mine(canvas, view)
        self._draw_act(canvas, view, legal, mouse)

    def _draw_mine(self, canvas: Canvas, view: Any) -> None:
        """The seat's own: its role, its two characters (or its hand), its chest, its seal."""
        x, y = MINE.left, MINE.top
        if view.seat == TABLE or view.seat not in view.seats:
            canvas.text(t("lupusburg_ui.mine.table").upper(), (x, y), 14, theme.BOLD, theme.GOLD, tracking=2)
            lines = [t("lupusburg_ui.mine.nobody"), t("lupusburg_ui.mine.bag", n=view.bag)]
            if view.reveal is not None:
                lines = [t("lupusburg_ui.mine.revealed", werewolf=self.seat_name(view.reveal.werewolf),
                           thief=self.seat_name(view.reveal.thief)), t("lupusburg_ui.mine.bag", n=view.bag)]
            yy = y + 30
            for line in lines:
                yy += canvas.text_box(line, (x, yy, MINE.width, 60), 16, theme.BODY, theme.MUTED, line_spacing=1.2,
                                      max_lines=3) + 8
            return
        seat = view.seat
        head = t("lupusburg_ui.mine.you", who=self.seat_name(seat))
        canvas.text(head.upper(), (x, y), 14, theme.BOLD, theme.GOLD, tracking=2)
        role = view.role or "townsfolk"
        self._secret("role", seat, role)
        fitted(canvas, t(f"lupusburg_ui.role.{role}"), (x, y + 22), MINE.width, 17, theme.BOLD, theme.INK)
        cw, ch = 92.0, 118.0
        cards: list[tuple[str, str | None]] = []
        if view.characters is not None:
            cards = [(view.characters.get(s, "townsfolk"), s) for s in ("left", "right")]
        else:
            cards = [(c, None) for c in view.hand]
        alive = {(h.player, h.side): h.alive for h in view.houses}
        for k, (kind, side) in enumerate(cards):
            r = pygame.FRect(x + k * (cw + 12), y + 50, cw, ch)
            label = None
            if side is not None:
                label = t("lupusburg_ui.mine.house", side=t(f"lupusburg.side.{side}"))
            dead = side is not None and not alive.get((seat, side), True)
            art.character_card(canvas, r, kind, label=label, dim=dead)
            self._secret("character", seat, side or f"hand{k}", kind)
            if side is not None and view.chest == side:
                art.chest(canvas, (r.right - 14, r.top + 14), 9)
            if dead:
                canvas.text(t("lupusburg_ui.mine.dead").upper(), (r.centerx, r.centery), 16, theme.DISPLAY,
                            (160, 40, 40), anchor="center", tracking=2)
        sx = x + 2 * (cw + 12) + 6
        canvas.text(t("lupusburg_ui.mine.seal").upper(), (sx, y + 52), 12, theme.BOLD, theme.MUTED, tracking=1.5)
        bet = view.seals.get(seat)
        if bet is None:
            art.seal(canvas, (sx + 22, y + 92), seat, self.mark(seat), 15)
            canvas.text_box(t("lupusburg_ui.mine.seal_held"), (sx, y + 118, MINE.right - sx, 50), 13, theme.BODY,
                            theme.MUTED, line_spacing=1.15, max_lines=3)
        else:
            art.seal(canvas, (sx + 22, y + 92), seat, self.mark(seat), 15, coin=view.my_coin)
            if view.my_coin is not None:
                self._secret("coin", seat, str(view.my_coin))
            canvas.text_box(t("lupusburg_ui.mine.seal_on", who=self.seat_name(bet.target), coin=view.my_coin),
                            (sx, y + 118, MINE.right - sx, 50), 13, theme.BODY, theme.MUTED, line_spacing=1.15,
                            max_lines=3)

    def prompt(self, view: Any, legal: Sequence[Action]) -> str:
        """What the seat on screen is asked to do now (or what the table waits for)."""
        if view.reveal is not None:
            return t("lupusburg_ui.prompt.over" if view.phase == "over" else "lupusburg_ui.prompt.replay")
        if not legal:
            return self.waiting_line or t("lupusburg_ui.prompt.wait")
        seat = legal[0].seat
        phase = view.phase
        if phase == "place":
            return t("lupusburg_ui.prompt.place")
        if phase == "night":
            return t("lupusburg_ui.prompt.night", day=view.day)
        if phase == "privilege":
            return t("lupusburg_ui.prompt.privilege")
        if phase == "show":
            seen = view.seen[-1] if view.seen else None
            saw = texts.house(seen.house[0], seen.house[1]) if seen else "?"
            what = t(f"lupusburg.character.{seen.character}") if seen else "?"
            to = self.seat_name(view.privilege.house[0]) if view.privilege else "?"
            return t("lupusburg_ui.prompt.show", house=saw, character=what, to=to)
        if phase == "seen":
            return t("lupusburg_ui.prompt.seen")
        if phase == "broom":
            return t("lupusburg_ui.prompt.broom")
        if phase == "sweep":
            return t("lupusburg_ui.prompt.sweep")
        if phase == "bet":
            return t("lupusburg_ui.prompt.bet", n=min(3, view.bag))
        if phase == "keep":
            if self.picked is None:
                return t("lupusburg_ui.prompt.keep")
            return t("lupusburg_ui.prompt.keep_target", coin=self.picked)
        if phase == "discuss":
            return t("lupusburg_ui.prompt.discuss")
        if phase in ("nominate", "vote", "runoff"):
            total = view.voters.get(seat, 0)
            done = len(view.my_marks) if phase == "runoff" else len(view.my_ballot)
            return t(f"lupusburg_ui.prompt.{phase}", n=done + 1, total=total)
        if phase == "decide":
            return t(f"lupusburg_ui.prompt.decide_{view.deciding or 'lynch'}")
        return ""

    def _draw_act(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        x, y, w = ACT.left, ACT.top, ACT.width
        kicker = texts.capitalised(phase_name(view))
        canvas.text(kicker.upper(), (x, y), 14, theme.BOLD, theme.GOLD, tracking=2)
        text = self.prompt(view, legal)
        top = y + 24
        buttons = self.buttons(view, legal)
        room = (ACT.bottom - BUTTON_H - 10 if buttons else ACT.bottom) - top
        if view.phase in ("keep", "seen") and legal:
            room = 46           # two lines: the coins, or the character shown, below
        canvas.text_box(text, (x, top, w, room), 18, theme.BODY, theme.INK, line_spacing=1.2,
                        max_lines=max(1, int(room // 22)))
        if view.phase == "keep" and legal:
            hovered = self.coin_at(mouse, view)
            for r, value in self.coin_rects(view):
                art.coin(canvas, r.center, value, COIN_R, lit=self.picked is None, hover=hovered == value,
                         picked=self.picked == value)
                self._secret("drawn", view.seat, str(value))
        if view.phase == "seen" and legal and view.seen:
            self._draw_shown(canvas, view)
        if view.phase in ("nominate", "vote", "runoff") and legal:
            self._draw_ballot(canvas, view)
        hovered_button = None
        for i, (rect, _a, _label) in enumerate(buttons):
            if rect.collidepoint(mouse):
                hovered_button = i
        for i, (rect, a, label) in enumerate(buttons):
            primary = i == 0 and not isinstance(a, Mark)
            hov = hovered_button == i
            fill = (mix(theme.GOLD, theme.GOLD_LIGHT, 0.5 if hov else 0.0) if primary
                    else ((40, 56, 96) if hov else (24, 34, 62)))
            canvas.fill(fill, rect, radius=10)
            canvas.border(theme.GOLD_LIGHT if hov else theme.EDGE_LIGHT, rect, width=1.5, radius=10)
            ink = theme.NIGHT if primary else theme.INK
            tx = rect.left + 14
            if isinstance(a, Mark):
                art.evidence(canvas, (rect.left + 24, rect.centery), a.mark, 14)
                tx = rect.left + 46
            fitted(canvas, label, (tx + (rect.right - 10 - tx) / 2, rect.centery + 1), rect.right - 10 - tx, 19,
                   theme.BOLD, ink, anchor="center")

    def _draw_shown(self, canvas: Canvas, view: Any) -> None:
        """The "seen" step: the character the Burgomaster shows back, and what he looked at."""
        shown = next((s for s in reversed(view.seen) if s.how == "shown"), None)
        if shown is None:
            return
        r = pygame.FRect(ACT.left, ACT.top + 72, 80, ACT.height - 72)
        art.character_card(canvas, r, shown.character)
        self._secret("character", shown.house[0], shown.house[1], shown.character)
        bm = self.seat_name(shown.house[0])
        looked = view.privilege.house if view.privilege is not None else None
        lines = [t("lupusburg_ui.seen.shown", who=bm, house=texts.house(shown.house[0], shown.house[1]),
                   character=t(f"lupusburg.character.{shown.character}"))]
        if looked is not None:
            lines.append(t("lupusburg_ui.seen.looked", who=bm, house=t(f"lupusburg.side.{looked[1]}")))
        yy = r.top + 4
        for line in lines:
            yy += canvas.text_box(line, (r.right + 16, yy, ACT.right - BUTTON_W - 30 - r.right, 80), 16, theme.BODY,
                                  theme.INK, line_spacing=1.2, max_lines=3) + 6

    def _draw_ballot(self, canvas: Canvas, view: Any) -> None:
        """One's votes (or tokens) cast so far in this round, not yet revealed."""
        items: list[str] = []
        if view.phase == "runoff":
            items = [t(f"lupusburg.mark.{m}") for m in view.my_marks]
        else:
            items = [house_name(h[0], h[1]) for h in view.my_ballot]
        if items:
            self._secret("ballot", view.seat, *items)
            fitted(canvas, t("lupusburg_ui.ballot.cast", items=", ".join(items)), (ACT.left, ACT.bottom - 6),
                   ACT.width - 2 * BUTTON_W - 30, 15, theme.ITALIC, theme.MUTED, anchor="bottomleft")


def phase_name(view: Any) -> str:
    """The phase in a few words ("night 2", "betting")."""
    if view.phase == "over":
        return t("lupusburg_ui.phase.over")
    return t(f"lupusburg_ui.phase.{view.phase}", day=view.day)
