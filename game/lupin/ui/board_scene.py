"""The Lupin board as one seat sees it: the printed board, every figure the seat may know with a
shape, a letter and a colour, and a side panel with the round track, the phase and the sheets.

It draws only ``state.view(seat)``: a gang member the seat may not know is not drawn at all, so a
frame drawn for Zenigata holds no hidden position. The interactive play (moving, shooting, the
hot-seat curtain) builds on this scene: :class:`game.lupin.ui.play_scene.LupinPlayScene` draws its
highlights through :meth:`LupinBoardScene.draw_under_figures` / :meth:`draw_over_figures` and its
own side panel through :meth:`draw_panel`, and finds the token under the mouse with
:meth:`token_at` (where :attr:`tokens` says each drawn token stands).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import current_language, t
from game.lupin.rules.boards import episode
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import Inside, spot_from_text
from game.lupin.ui.board_art import board_surface
from game.lupin.ui.board_expansion import draw_carried, draw_under, drained_zones
from game.ui import theme
from game.ui.scene import Scene

BOARD_ORIGIN = (24, 22)
SQUARE = 42.8
PANEL_X = 1118

GANG_STYLE = {  # colour, letter: every token also has its own shape and letter
    "lupin": ((214, 58, 52), "L"), "jigen": ((52, 56, 66), "J"),
    "goemon": ((132, 84, 178), "G"), "fujiko": ((226, 102, 160), "F"),
}


BOARD_RECT = pygame.FRect(BOARD_ORIGIN, (25 * SQUARE, 20 * SQUARE))
TOKEN_RADIUS = SQUARE * 0.38


def square_rect(row: int, col: int) -> pygame.FRect:
    x0, y0 = BOARD_ORIGIN
    return pygame.FRect(x0 + col * SQUARE, y0 + row * SQUARE, SQUARE, SQUARE)


def square_at(pos) -> tuple[int, int] | None:
    """The board square (row, col) under a logical point, or None off the board."""
    if pos is None:
        return None
    col = int((pos[0] - BOARD_ORIGIN[0]) // SQUARE)
    row = int((pos[1] - BOARD_ORIGIN[1]) // SQUARE)
    return (row, col) if 0 <= row < 20 and 0 <= col < 25 else None


def tile_square(board: Any, tile: dict) -> Any:
    """The square a treasure tile lies on (the first of its site's place), or None when it is
    carried or its site is not on the board."""
    if tile["site"] is None:
        return None
    place = next((p for p in board.places if p.kind in ("treasure_site", "vault")
                  and (p.name == tile["site"] or p.props.get("building") == tile["site"])), None)
    return place.squares[0] if place is not None else None


class LupinBoardScene(Scene):
    fills_window = True

    def __init__(self, state: Any, seat: str):
        super().__init__()
        self.state = state
        self.seat = seat
        self.view = state.view(seat)
        self.hover: tuple[int, int] | None = None
        self.tokens: dict[str, tuple[tuple[float, float], float]] = {}
        self._layout_tokens()

    def refresh(self) -> None:
        self.view = self.state.view(self.seat)
        self._layout_tokens()

    def _layout_tokens(self) -> None:
        """Where each figure and car of the view is drawn: (centre, radius), logical. Figures that
        share a spot (hidden partners on one square, a gang inside one building) sit side by side."""
        self.tokens = {}
        groups: dict[tuple, list[str]] = {}
        rects: dict[tuple, pygame.FRect] = {}
        for fid, f in sorted(self.view["figures"].items()):
            if not f.get("spot") or f.get("disguised_as"):
                continue
            r = self._spot_rect(f["spot"])
            if r is None:
                continue
            key = (round(r.x, 1), round(r.y, 1))
            rects[key] = r
            groups.setdefault(key, []).append(fid)
        for key, fids in groups.items():
            r = rects[key]
            n = len(fids)
            if n == 1:
                self.tokens[fids[0]] = (r.center, TOKEN_RADIUS)
                continue
            rad = TOKEN_RADIUS * (0.74 if n == 2 else 0.6)
            step = rad * 1.5
            for i, fid in enumerate(fids):
                dx = (i - (n - 1) / 2) * step
                self.tokens[fid] = ((r.centerx + dx, r.centery + (rad * 0.35 if i % 2 else -rad * 0.35)), rad)
        for fid, f in self.view["figures"].items():
            agent = f.get("disguised_as")   # his own seat's view: a small badge on the agent he hides in
            if agent in self.tokens:
                (x, y), rad = self.tokens[agent]
                self.tokens[fid] = ((x + rad * 0.9, y - rad * 0.9), rad * 0.6)
        for cid, car in self.view["cars"].items():
            if car["spot"]:
                r = self._spot_rect(car["spot"])
                if r is not None:
                    self.tokens[cid] = (r.center, TOKEN_RADIUS)
        for ride in self.view.get("rides") or ():
            r = self._spot_rect(ride["spot"]) if ride.get("spot") else None
            if r is not None:
                self.tokens[ride["id"]] = (r.center, TOKEN_RADIUS)

    def token_at(self, pos, among=None) -> str | None:
        """The token under a logical point (the nearest one when tokens touch), or None."""
        best, best_d = None, None
        for ident, (c, rad) in self.tokens.items():
            if among is not None and ident not in among:
                continue
            d = (c[0] - pos[0]) ** 2 + (c[1] - pos[1]) ** 2
            if d <= (rad + 3) ** 2 and (best_d is None or d < best_d):
                best, best_d = ident, d
        return best

    # ---------------------------------------------------------------- input
    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = square_at(event.pos)
        return super().handle(event)

    # ---------------------------------------------------------------- drawing
    def _spot_rect(self, spot_text: str) -> pygame.FRect | None:
        spot = spot_from_text(spot_text)
        if isinstance(spot, Inside):
            board = self.state.geo.board
            b = board.buildings.get(spot.building)
            if b is None:
                return None
            rows = [s.row for s in b.squares]
            cols = [s.col for s in b.squares]
            r = square_rect(min(rows), min(cols)).union(square_rect(max(rows), max(cols)))
            return pygame.FRect(0, 0, SQUARE, SQUARE).move_to(center=r.center)
        if len(spot) != 2 or not isinstance(spot[0], int):
            return None
        return square_rect(spot[0], spot[1])

    def draw_board(self, canvas) -> None:
        """The night backdrop and the printed board in its frame, with its shadow."""
        canvas.clear(theme.NIGHT)
        frame = BOARD_RECT
        canvas.fill((0, 0, 0, 120), frame.inflate(10, 10).move(4, 6), radius=6)
        canvas.image(board_surface(self.view["episode"], drained_zones(self.view)), frame)
        canvas.border(theme.EDGE_LIGHT, frame.inflate(4, 4), width=2, radius=3)

    def draw(self, canvas) -> None:
        """The position changes only with the view: drawn once into a cached layer."""
        canvas.layer(("lupin-board", id(self), id(self.view), current_language()), self._draw_position)
        self.draw_over_figures(canvas)

    def _draw_position(self, canvas) -> None:
        self.draw_board(canvas)
        self._draw_tiles(canvas)
        self.draw_under_figures(canvas)
        self._draw_figures(canvas)
        self.draw_panel(canvas)

    def draw_under_figures(self, canvas) -> None:
        """Drawn over the board and tiles, under the figures (a play scene's highlights)."""

    def draw_over_figures(self, canvas) -> None:
        """Drawn over the figures (the square under the mouse)."""
        if self.hover is not None:
            r = square_rect(*self.hover)
            canvas.border(theme.GOLD, r, width=2, radius=2)

    def draw_panel(self, canvas) -> None:
        self._draw_panel(canvas)

    def _draw_tiles(self, canvas) -> None:
        for tile in self.view["tiles"]:
            sq = tile_square(self.state.geo.board, tile)
            if sq is None:
                continue
            r = square_rect(*sq).inflate(-14, -10)
            canvas.fill((122, 82, 40), r, radius=4)
            canvas.border((246, 220, 150), r, width=2, radius=4)
            mark = "?" if "treasure" not in tile else ("$" if tile["treasure"] else "0")
            canvas.text(mark, r.center, 20, theme.DISPLAY, (246, 220, 150), anchor="center")
        # the expansion episodes' pieces (temples, tokens, handwheels, tombs...): board_expansion.py
        draw_under(canvas, self.view, self.state.geo.board, square_rect)

    def _draw_figures(self, canvas) -> None:
        bus = [self._spot_rect(sq) for sq in self.view["bus"]]
        if len(bus) == 2 and all(bus):
            body = bus[0].union(bus[1]).inflate(-6, -8)
            canvas.fill((236, 176, 40), body, radius=8)
            canvas.border((60, 44, 20), body, width=2, radius=8)
            canvas.text("BUS", body.center, 18, theme.DISPLAY, (60, 44, 20), anchor="center")
        for cid, car in self.view["cars"].items():
            if cid in self.tokens:
                c, _ = self.tokens[cid]
                body = pygame.FRect(0, 0, SQUARE - 6, SQUARE - 14).move_to(center=c)
                canvas.fill((40, 74, 150), body, radius=6)
                canvas.border(theme.INK, body, width=2, radius=6)
                canvas.text("C" + cid[-1], body.center, 16, theme.BOLD, theme.INK, anchor="center")
        for ride in self.view.get("rides") or ():
            if ride["id"] in self.tokens:
                self._draw_vehicle(canvas, ride)
        for fid, f in sorted(self.view["figures"].items()):
            if fid not in self.tokens:
                continue
            c, rad = self.tokens[fid]
            k = rad / TOKEN_RADIUS  # smaller letters on a shared square
            if f["kind"] == "gang":
                colour, letter = GANG_STYLE[fid]
                canvas.circle((0, 0, 0, 110), (c[0] + 2, c[1] + 3), rad)
                canvas.circle(colour, c, rad)
                canvas.circle(theme.INK, c, rad, width=2)
                canvas.text(letter, (c[0], c[1] + 1), 22 * k, theme.DISPLAY, theme.INK, anchor="center")
                if not f["shown"]:  # known to this seat only: a dashed ring says "hidden"
                    pts = [(c[0] + (rad + 5) * pygame.math.Vector2(1, 0).rotate(a).x,
                            c[1] + (rad + 5) * pygame.math.Vector2(1, 0).rotate(a).y) for a in range(0, 361, 15)]
                    canvas.dashed(theme.GOLD, pts, dash=5, gap=4, width=2)
                if f["arrested_by"]:
                    canvas.line(theme.INK, (c[0] - rad, c[1] - rad), (c[0] + rad, c[1] + rad), 3)
            elif f["kind"] == "zenigata":
                diamond = [(c[0], c[1] - rad - 2), (c[0] + rad + 2, c[1]), (c[0], c[1] + rad + 2), (c[0] - rad - 2, c[1])]
                canvas.polygon((140, 96, 52), diamond)
                canvas.polygon(theme.INK, diamond, width=2)
                canvas.text("Z", (c[0], c[1] + 1), 22 * k, theme.DISPLAY, theme.INK, anchor="center")
            elif f["kind"] == "agent":
                box = pygame.FRect(0, 0, rad * 1.8, rad * 1.8).move_to(center=c)
                canvas.fill((46, 92, 190), box, radius=4)
                canvas.border(theme.INK, box, width=2, radius=4)
                canvas.text(fid.split("-")[1], (c[0], c[1] + 1), 17 * k, theme.BOLD, theme.INK, anchor="center")
            elif f["kind"] == "guard":
                tri = [(c[0], c[1] - rad - 2), (c[0] + rad + 2, c[1] + rad), (c[0] - rad - 2, c[1] + rad)]
                canvas.polygon((46, 120, 70), tri)
                canvas.polygon(theme.INK, tri, width=2)
                canvas.text(fid.split("-")[1], (c[0], c[1] + 5), 14 * k, theme.BOLD, theme.INK, anchor="center")
        draw_carried(canvas, self.view, self.tokens)   # the coins' or the blade's badge on its carrier

    def _draw_vehicle(self, canvas, ride: dict) -> None:
        """A gang vehicle: a rounded plate under its riders with the initials of its name; a
        dashed edge while the police do not know where it is."""
        from game.lupin.ui.choices import item_name

        c, _ = self.tokens[ride["id"]]
        body = pygame.FRect(0, 0, SQUARE - 4, SQUARE - 10).move_to(center=c)
        name = item_name(ride.get("device") or ride["id"])
        letters = "".join(w[0] for w in name.split() if w[:1].isalnum())[:2].upper() or "V"
        canvas.fill((0, 0, 0, 110), body.move(2, 3), radius=7)
        canvas.fill((32, 128, 116), body, radius=7)
        if ride.get("shown"):
            canvas.border(theme.INK, body, width=2, radius=7)
        else:
            pts = [body.topleft, body.topright, body.bottomright, body.bottomleft, body.topleft]
            canvas.dashed(theme.GOLD, pts, dash=5, gap=4, width=2)
        if not ride.get("riders"):
            canvas.text(letters, body.center, 16, theme.BOLD, theme.INK, anchor="center")
        else:
            canvas.text(letters, (body.right - 3, body.bottom - 1), 11, theme.BOLD, theme.INK, anchor="bottomright")

    def _draw_panel(self, canvas) -> None:
        v = self.view
        lang = current_language()
        x, w = PANEL_X, 1600 - PANEL_X - 22
        panel = pygame.FRect(x, 22, w, 856)
        canvas.fill(theme.PANEL, panel, radius=10)
        canvas.border(theme.EDGE, panel, width=1, radius=10)
        ep_name = episode(v["episode"]).name[lang]
        canvas.text(t("lupin.title"), (x + 22, 40), 16, theme.BOLD, theme.GOLD, tracking=2)
        canvas.text(ep_name, (x + 22, 62), 44, theme.DISPLAY, theme.INK)
        # the round track
        canvas.text(t("lupin.round", round=v["round"], total=v["rounds_total"]), (x + 22, 122), 20, theme.BOLD, theme.MUTED)
        cell = (w - 44) / v["rounds_total"]
        for i in range(1, v["rounds_total"] + 1):
            r = pygame.FRect(x + 22 + (i - 1) * cell, 152, cell - 4, 30)
            current = i == v["round"]
            canvas.fill(theme.GOLD if current else (theme.NAVY_LIGHT if i < v["round"] else theme.NAVY), r, radius=4)
            canvas.text(str(i), r.center, 16, theme.BOLD, theme.NIGHT if current else theme.MUTED, anchor="center")
        phase = t(f"lupin.phase.{v['phase']}")
        canvas.text(phase, (x + 22, 200), 30, theme.DISPLAY, theme.INK)
        whose = ", ".join(t(f"lupin.seat.{s}") for s in v["to_act"]) or "—"
        canvas.text(t("lupin.to_act", who=whose), (x + 22, 236), 18, theme.BODY, theme.MUTED)
        canvas.text(t("lupin.view_of", who=t(f"lupin.seat.{self.seat}") if self.seat != "table" else t("lupin.seat.table")),
                    (x + 22, 262), 16, theme.ITALIC, theme.FAINT)
        # the sheets
        y = 304
        for fid in ("lupin", "jigen", "goemon", "fujiko", "zenigata"):
            f = v["figures"].get(fid)
            if f is None:
                continue
            sh = sheet(fid)
            card = pygame.FRect(x + 16, y, w - 32, 92)
            canvas.fill(theme.NAVY, card, radius=8)
            canvas.border(theme.EDGE, card, width=1, radius=8)
            colour, letter = GANG_STYLE.get(fid, ((140, 96, 52), "Z"))
            canvas.circle(colour, (card.x + 30, card.y + 30), 18)
            canvas.text(letter, (card.x + 30, card.y + 31), 22, theme.DISPLAY, theme.INK, anchor="center")
            canvas.text(sh.name[lang], (card.x + 60, card.y + 12), 22, theme.BOLD, theme.INK)
            status = self._status(fid, f)
            canvas.text(status, (card.x + 60, card.y + 40), 15, theme.BODY, theme.MUTED)
            # wounds: pips with a number, not colour alone
            for i in range(sh.max_wounds):
                pr = pygame.FRect(card.x + 60 + i * 26, card.y + 64, 20, 14)
                canvas.fill(theme.RED if i < f["wounds"] else theme.NAVY_LIGHT, pr, radius=3)
            canvas.text(t("lupin.wounds", n=f["wounds"], max=sh.max_wounds), (card.right - 14, card.y + 62),
                        15, theme.BODY, theme.MUTED, anchor="topright")
            y += 102
        if v["alarm"]:
            canvas.text(t("lupin.alarm"), (x + 22, y + 6), 22, theme.DISPLAY, theme.RED)

    def _status(self, fid: str, f: dict) -> str:
        if f["kind"] != "gang":
            return t("lupin.status.police")
        if f.get("escaped"):
            return t("lupin.status.escaped")
        if f.get("arrested_by"):
            return t("lupin.status.arrested")
        if f.get("disguised_as"):
            from game.lupin.ui.choices import figure_name
            return t("lupin_disguise.status", agent=figure_name(f["disguised_as"]))
        if f.get("spot") is None:
            return t("lupin.status.unknown")
        where = f["spot"] if not f["spot"].startswith("inside ") else t("lupin.inside", place=f["spot"][7:])
        return t("lupin.status.shown" if f["shown"] else "lupin.status.hidden", where=where)
