"""The Lupin board as one seat sees it: the printed board, every figure the seat may know with a
shape, a letter and a colour, and a side panel with the round track, the phase and the sheets.

It draws only ``state.view(seat)``: a gang member the seat may not know is not drawn at all, so a
frame drawn for Zenigata holds no hidden position. The interactive play (moving, shooting, the
hot-seat curtain) builds on this scene: :class:`game.lupin.ui.play_scene.LupinPlayScene` draws its
highlights through :meth:`LupinBoardScene.draw_under_figures` / :meth:`draw_over_figures` and its
own side panel through :meth:`draw_panel`, and finds the token under the mouse with
:meth:`token_at` (where :attr:`tokens` says each drawn token stands).

The board reads as a printed one: row letters and column numbers in the margins, the place
labels over the lit squares (:func:`draw_target` keeps its glyph in a corner), the treasure tiles
numbered, a member in a vehicle seated on its deck. Settings → colour-blind-safe markers
(:attr:`LupinBoardScene.colourblind`, read every frame) switches the safe palette and the extra
rims, eyes, liveries and hatching on.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.grid import ROW_LETTERS
from game.engine.i18n import current_language, t
from game.lupin.rules.boards import episode
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import Inside, spot_from_text
from game.lupin.ui.board_art import board_surface, labels_surface
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
# Settings → colour-blind-safe markers: colours told apart with any colour vision (Okabe & Ito's
# palette), and every meaning also a shape, letter or pattern (see token_colour, draw_target)
SAFE_COLOURS = {
    "lupin": (213, 94, 0), "jigen": (40, 40, 40), "goemon": (240, 228, 66), "fujiko": (204, 121, 167),
    "zenigata": (230, 159, 0), "agent": (0, 114, 178), "guard": (0, 158, 115), "car": (0, 114, 178),
    "vehicle": (86, 180, 233),
}
PLAIN_COLOURS = {"zenigata": (140, 96, 52), "agent": (46, 92, 190), "guard": (46, 120, 70),
                 "car": (40, 74, 150), "vehicle": (32, 128, 116)}


BOARD_RECT = pygame.FRect(BOARD_ORIGIN, (25 * SQUARE, 20 * SQUARE))
TOKEN_RADIUS = SQUARE * 0.38


def token_colour(ident: str, safe: bool) -> tuple[int, int, int]:
    """A marker's colour: a gang member's own, or a side's (zenigata, agent, guard, car, vehicle)."""
    if safe:
        return SAFE_COLOURS[ident]
    return GANG_STYLE[ident][0] if ident in GANG_STYLE else PLAIN_COLOURS[ident]


# The lit squares of a selection: what each meaning looks like (fill, edge, glyph, pattern). The
# glyph and the pattern tell the meaning without the colour: a dot "you may go there, unseen",
# hatching (crossed with the safe markers) and an eye "the police would see you there", a diamond
# "another action here" (get in, pick up...). Safe markers: stronger edges and bigger glyphs.
TARGET_STYLE = {
    "move": ((240, 184, 72, 62), (236, 196, 60), "dot", None),
    "seen": ((214, 60, 60, 70), (236, 96, 90), "eye", "hatch"),
    "other": ((92, 164, 226, 70), (150, 204, 250), "diamond", None),
}
SAFE_TARGET_STYLE = {
    "move": ((240, 228, 66, 70), (240, 228, 66), "dot", None),
    "seen": ((213, 94, 0, 80), (213, 94, 0), "eye", "crosshatch"),
    "other": ((86, 180, 233, 70), (86, 180, 233), "diamond", None),
}


def draw_target(canvas, r: pygame.FRect, kind: str, safe: bool = False) -> None:
    """One lit square (``kind``: move, seen or other), drawn so that the board's printed labels,
    drawn over it, stay readable: a light fill, an edge and a glyph in the square's corner."""
    fill, edge, glyph, pattern = (SAFE_TARGET_STYLE if safe else TARGET_STYLE)[kind]
    canvas.fill(fill, r, radius=3)
    if pattern:
        with canvas.clip(r):
            for k in range(-3, 4):
                off = k * SQUARE / 3.2
                canvas.line((246, 214, 210, 170), (r.left + off, r.bottom), (r.left + off + r.height, r.top), 2)
                if pattern == "crosshatch":
                    canvas.line((20, 20, 20, 150), (r.left + off, r.top), (r.left + off + r.height, r.bottom), 2)
    canvas.border(edge, r, width=3 if safe else 2, radius=3)
    k = 1.35 if safe else 1.0
    c = (r.left + r.width * 0.24, r.top + r.height * 0.24)   # the corner: a label in the middle stays clear
    if glyph == "dot":
        canvas.circle((20, 20, 20), c, 4.4 * k)
        canvas.circle(edge, c, 3.2 * k)
    elif glyph == "diamond":
        d = 4.6 * k
        pts = [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])]
        canvas.polygon((20, 20, 20), [(x + (x - c[0]) * 0.3, y + (y - c[1]) * 0.3) for x, y in pts])
        canvas.polygon(edge, pts)
    elif glyph == "eye":   # an open eye: the police see this square
        w, h = 7.0 * k, 4.2 * k
        canvas.polygon((20, 20, 20), [(c[0] - w - 1.5, c[1]), (c[0], c[1] - h - 1.5), (c[0] + w + 1.5, c[1]),
                                      (c[0], c[1] + h + 1.5)])
        canvas.polygon((250, 246, 236), [(c[0] - w, c[1]), (c[0], c[1] - h), (c[0] + w, c[1]), (c[0], c[1] + h)])
        canvas.circle((20, 20, 20), c, 2.2 * k)


def draw_coordinates(canvas) -> None:
    """The printed board's edge: column numbers above it, row letters left of it (the log names
    squares as "K12"), in the margins, never over a square."""
    for col in range(25):
        canvas.text(str(col + 1), (square_rect(0, col).centerx, BOARD_RECT.top - 11.5), 14, theme.BOLD,
                    theme.MUTED, anchor="center")
    for row in range(20):
        canvas.text(ROW_LETTERS[row], (BOARD_RECT.left - 12, square_rect(row, 0).centery), 14, theme.BOLD,
                    theme.MUTED, anchor="center")


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
        self._safe_drawn: bool | None = None
        self._layout_tokens()

    @property
    def colourblind(self) -> bool:
        """Settings → colour-blind-safe markers, read at every frame (the toggle needs no restart)."""
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "colourblind", False))

    def update(self, dt: float) -> None:
        safe = self.colourblind
        if self._safe_drawn is not None and safe != self._safe_drawn and hasattr(self, "version"):
            self.version += 1   # the play and replay scenes' cached layers are keyed by their version
        self._safe_drawn = safe
        super().update(dt)

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
        riders = {fid: ride for ride in self.view.get("rides") or () for fid in ride.get("riders") or ()}
        for key, fids in groups.items():
            r = rects[key]
            n = len(fids)
            if all(riders.get(fid, {}).get("spot") for fid in fids):
                # riders sit in the vehicle's upper part: its name stays readable below them
                rad = TOKEN_RADIUS * (0.7 if n == 1 else 0.55 if n == 2 else 0.4)
                step = rad * 2.05
                for i, fid in enumerate(fids):
                    self.tokens[fid] = ((r.centerx + (i - (n - 1) / 2) * step, r.top + 4 + rad), rad)
                continue
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
        canvas.image(board_surface(self.view["episode"], drained_zones(self.view), labels=False), frame)
        canvas.border(theme.EDGE_LIGHT, frame.inflate(4, 4), width=2, radius=3)
        draw_coordinates(canvas)

    def draw_labels(self, canvas) -> None:
        """The map's place names, over the lit squares (Cagliostro's temples have plates instead)."""
        skip = frozenset(p.name for p in self.state.geo.board.places_of("temple")) \
            if self.view.get("cagliostro") else frozenset()
        canvas.image(labels_surface(self.view["episode"], skip), BOARD_RECT)

    def draw(self, canvas) -> None:
        """The position changes only with the view: drawn once into a cached layer."""
        canvas.layer(("lupin-board", id(self), id(self.view), current_language(), self.colourblind),
                     self._draw_position)
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
            draw_tile(canvas, square_rect(*sq), tile, self.colourblind)
        # the expansion episodes' pieces (temples, tokens, handwheels, tombs...): board_expansion.py
        draw_under(canvas, self.view, self.state.geo.board, square_rect)

    def _draw_figures(self, canvas) -> None:
        self.draw_labels(canvas)   # over the board, its tiles and lit squares; under the pieces
        safe = self.colourblind
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
                canvas.fill(token_colour("car", safe), body, radius=6)
                if safe:   # the police's livery: a chequered band along the roof
                    band = pygame.FRect(body.left + 3, body.top + 1, body.width - 6, 5)
                    for i in range(int(band.width // 4)):
                        canvas.fill(theme.INK if i % 2 else (20, 20, 24), (band.left + i * 4, band.top, 4, band.height))
                canvas.border(theme.INK, body, width=2, radius=6)
                canvas.text("C" + cid[-1], (body.centerx, body.centery + (2 if safe else 0)), 16, theme.BOLD,
                            theme.INK, anchor="center")
        for ride in self.view.get("rides") or ():
            if ride["id"] in self.tokens:
                self._draw_vehicle(canvas, ride)
        riding = {r for ride in self.view.get("rides") or () if ride["id"] in self.tokens for r in ride.get("riders") or ()}
        for fid, f in sorted(self.view["figures"].items()):
            if fid not in self.tokens:
                continue
            c, rad = self.tokens[fid]
            k = rad / TOKEN_RADIUS  # smaller letters on a shared square
            if f["kind"] == "gang":
                draw_gang_token(canvas, fid, c, rad, k, safe)
                if not f["shown"] and fid not in riding:  # known to this seat only: a dashed ring says "hidden"
                    # (a rider is hidden or shown with his vehicle: its own dashed edge says it)
                    pts = [(c[0] + (rad + 5) * pygame.math.Vector2(1, 0).rotate(a).x,
                            c[1] + (rad + 5) * pygame.math.Vector2(1, 0).rotate(a).y) for a in range(0, 361, 15)]
                    canvas.dashed(theme.GOLD, pts, dash=5, gap=4, width=3 if safe else 2)
                    if safe:   # and a closed eye on its shoulder: the police do not see him
                        _closed_eye(canvas, (c[0] - rad * 0.8, c[1] - rad * 0.8), max(5.0, rad * 0.42))
                if f["arrested_by"]:
                    canvas.line(theme.INK, (c[0] - rad, c[1] - rad), (c[0] + rad, c[1] + rad), 3)
            elif f["kind"] == "zenigata":
                diamond = [(c[0], c[1] - rad - 2), (c[0] + rad + 2, c[1]), (c[0], c[1] + rad + 2), (c[0] - rad - 2, c[1])]
                canvas.polygon(token_colour("zenigata", safe), diamond)
                canvas.polygon(theme.INK if not safe else (20, 20, 24), diamond, width=2)
                canvas.text("Z", (c[0], c[1] + 1), 22 * k, theme.DISPLAY, theme.INK if not safe else (20, 20, 24),
                            anchor="center")
            elif f["kind"] == "agent":
                box = pygame.FRect(0, 0, rad * 1.8, rad * 1.8).move_to(center=c)
                canvas.fill(token_colour("agent", safe), box, radius=4)
                canvas.border(theme.INK, box, width=2, radius=4)
                canvas.text(fid.split("-")[1], (c[0], c[1] + 1), 17 * k, theme.BOLD, theme.INK, anchor="center")
            elif f["kind"] == "guard":
                tri = [(c[0], c[1] - rad - 2), (c[0] + rad + 2, c[1] + rad), (c[0] - rad - 2, c[1] + rad)]
                canvas.polygon(token_colour("guard", safe), tri)
                canvas.polygon(theme.INK, tri, width=2)
                canvas.text(fid.split("-")[1], (c[0], c[1] + 5), 14 * k, theme.BOLD,
                            theme.INK if not safe else (20, 20, 24), anchor="center")
        draw_carried(canvas, self.view, self.tokens)   # the coins' or the blade's badge on its carrier

    def _draw_vehicle(self, canvas, ride: dict) -> None:
        """A gang vehicle: a rounded plate under its riders with the initials of its name; a
        dashed edge while the police do not know where it is."""
        from game.lupin.ui.choices import item_name

        c, _ = self.tokens[ride["id"]]
        safe = self.colourblind
        name = item_name(ride.get("device") or ride["id"])
        letters = "".join(w[0] for w in name.split() if w[:1].isalnum())[:2].upper() or "V"
        riders = [r for r in ride.get("riders") or () if r in self.tokens]
        square = pygame.FRect(0, 0, SQUARE, SQUARE).move_to(center=c)
        body = square.inflate(-4, -10) if not riders else square.inflate(-2, -2)
        colour = token_colour("vehicle", safe)
        boat = "boat" in str(ride.get("device") or ride["id"])
        if boat:   # a hull: its bow to the right, its deck where the riders sit
            bow = body.height * 0.45
            hull = [body.topleft, (body.right - bow, body.top), (body.right, body.centery),
                    (body.right - bow, body.bottom), (body.left + 4, body.bottom), (body.left, body.bottom - 6)]
            canvas.polygon((0, 0, 0, 110), [(x + 2, y + 3) for x, y in hull])
            canvas.polygon(colour, hull)
            edge = hull + [hull[0]]
        else:
            canvas.fill((0, 0, 0, 110), body.move(2, 3), radius=7)
            canvas.fill(colour, body, radius=7)
            edge = [body.topleft, body.topright, body.bottomright, body.bottomleft, body.topleft]
        if ride.get("shown"):
            if boat:
                canvas.lines(theme.INK, edge, width=2)
            else:
                canvas.border(theme.INK, body, width=2, radius=7)
        else:
            canvas.dashed(theme.GOLD, edge, dash=5, gap=4, width=3 if safe else 2)
        if safe:   # the gang's side: a striped stern, as the police cars have a chequered roof
            for i in range(3):
                x = body.left + 3 + i * 4
                canvas.line((20, 20, 24), (x, body.top + 4), (x, body.bottom - 4), 2)
        if not riders:
            canvas.text(letters, body.center, 16, theme.BOLD, theme.INK, anchor="center")
        else:   # the riders sit on the deck; its name on a plate along its side, below them
            plate = pygame.FRect(0, 0, canvas.measure(letters, 12, theme.BOLD)[0] + 8, 13)
            plate.midbottom = (body.centerx - (bow * 0.3 if boat else 0), body.bottom - 1)
            canvas.fill((250, 246, 236), plate, radius=3)
            canvas.text(letters, (plate.centerx, plate.centery + 0.5), 12, theme.BOLD, (20, 20, 24), anchor="center")

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
            if fid in GANG_STYLE:
                draw_gang_token(canvas, fid, (card.x + 30, card.y + 30), 18, 1.0, self.colourblind)
            else:   # Zenigata: the diamond he has on the board
                c = (card.x + 30, card.y + 30)
                diamond = [(c[0], c[1] - 20), (c[0] + 20, c[1]), (c[0], c[1] + 20), (c[0] - 20, c[1])]
                canvas.polygon(token_colour("zenigata", self.colourblind), diamond)
                canvas.text("Z", (c[0], c[1] + 1), 22, theme.DISPLAY, (20, 20, 24) if self.colourblind else theme.INK,
                            anchor="center")
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


def draw_gang_token(canvas, fid: str, c, rad: float, k: float = 1.0, safe: bool = False) -> None:
    """A gang member's round token with his letter; with the safe markers his colour from the safe
    palette and a white rim (the gang's rings: police tokens are diamonds, squares, triangles)."""
    colour = token_colour(fid, safe)
    letter = GANG_STYLE[fid][1]
    canvas.circle((0, 0, 0, 110), (c[0] + 2, c[1] + 3), rad)
    if safe:
        canvas.circle((250, 250, 246), c, rad + 2)
        canvas.circle(colour, c, rad - 2)
        canvas.circle((20, 20, 24), c, rad - 1, width=2)
    else:
        canvas.circle(colour, c, rad)
        canvas.circle(theme.INK, c, rad, width=2)
    dark = sum(colour) / 3 < 110   # a light letter on a dark token, a dark one on a light token
    ink = theme.INK if dark or not safe else (20, 20, 24)
    canvas.text(letter, (c[0], c[1] + 1), 22 * k, theme.DISPLAY, ink, anchor="center")


def _closed_eye(canvas, c, s: float) -> None:
    """A closed eye on a pale disc: "the police do not see him"."""
    canvas.circle((20, 20, 24), c, s + 1.5)
    canvas.circle((250, 246, 236), c, s)
    canvas.lines((20, 20, 24), [(c[0] - s * 0.7, c[1] - s * 0.1), (c[0], c[1] + s * 0.35),
                                (c[0] + s * 0.7, c[1] - s * 0.1)], width=2)
    for dx in (-0.45, 0.0, 0.45):   # the lashes
        canvas.line((20, 20, 24), (c[0] + s * dx, c[1] + s * 0.3), (c[0] + s * dx * 1.3, c[1] + s * 0.65), 1.5)


def draw_tile(canvas, square: pygame.FRect, tile: dict, safe: bool = False) -> None:
    """A treasure tile on its square: face down a "?", face up "$" (the treasure) or "0" (an empty
    safe), and always its number in a tab, the number the flip button and the log use."""
    r = square.inflate(-14, -10).move(0, 2)
    canvas.fill((122, 82, 40), r, radius=4)
    canvas.border((246, 220, 150), r, width=2, radius=4)
    mark = "?" if "treasure" not in tile else ("$" if tile["treasure"] else "0")
    canvas.text(mark, (r.centerx, r.centery + 1), 20, theme.DISPLAY, (246, 220, 150), anchor="center")
    if safe and mark == "0":   # the empty safe crossed out, the treasure framed twice
        canvas.line((246, 220, 150), r.topleft, r.bottomright, 2)
    elif safe and mark == "$":
        canvas.border((246, 220, 150), r.inflate(-6, -6), width=1.5, radius=3)
    n = str(int(tile.get("index", 0)) + 1)
    tab = pygame.FRect(0, 0, 18, 18).move_to(center=(square.left + 9, square.bottom - 9))
    canvas.circle((20, 20, 24), tab.center, 9.5)
    canvas.circle((250, 246, 236), tab.center, 8)
    canvas.text(n, (tab.centerx, tab.centery + 0.5), 14, theme.BOLD, (20, 20, 24), anchor="center")
