"""A treasure tile turning over, shown to one seat at the hot-seat table.

When a gang member flips a tile (phase 4), the rules tell each seat what it may know: the seats
of the members inside the building see the face ("flipped" with ``treasure``), every other seat
sees that a tile was flipped and who took it (the redacted event, no ``treasure``), and a seat
the event leaves out sees nothing. :class:`FlipScene` plays that event for one seat: the tile
lifts, turns over (scaled horizontally by the cosine of its angle, the back giving way to the
face) and settles, in about 0.8 s; a click skips the turn, the next one closes the scene. The
face says what it is in words and with a symbol (a ruby or banknotes for the treasure, an open
empty safe for the others), never by colour alone. A seat that may not see the face watches the
back turn over to a back with a question mark: the scene is built from the seat's own redacted
entries, so it has no face to draw.

At the table (:class:`game.lupin.ui.play_scene.LupinPlayScene`):

* the flipping seat, on screen when it flips, watches its tile at once, before the curtain comes
  down for anybody else;
* every other seat gets the flips it may know of when the curtain is next lifted for it, before
  its board is shown: they are the table session's held items (game/engine/session.py, with
  :func:`flip_entries` as the title's ``hold``), kept in the autosave too.

While a flip is on screen the play scene holds the table's view (like under the curtain), so
only the overlay shows anything secret, and only what its seat may see. The scene *is* a curtain
(a subclass of :class:`CurtainScene`): it stands between turns, is lifted by a click (not by a
stray double click: clicks in its first moments are ignored) and everything that knows the
hot-seat curtain treats it as one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.engine.api import Event, events_for_seat
from game.engine.i18n import t
from game.lupin.ui.choices import figure_name
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.flip import DURATION, SKIP_DELAY, STAGGER, TurnOverScene  # noqa: F401 - the timing, shared
from game.ui.widgets import mix

TILE_W, TILE_H = 230.0, 300.0
WOOD = (122, 82, 40)
WOOD_DARK = (84, 54, 24)
EDGE = (246, 220, 150)
RUBY = (206, 36, 58)


# ------------------------------------------------------------------------------ at the table

def flip_entries(events: Sequence[Event], seat: str, state: Any = None) -> list[dict[str, Any]]:
    """The tile flips among ``events`` as ``seat`` may know them (redacted for it), each as a log
    entry plus ``where``: the place the tile lay at (public: everybody saw where it was taken)."""
    out = []
    for e in events_for_seat(events, seat):
        if e.kind != "flipped":
            continue
        entry = {"kind": e.kind, **dict(e.data)}
        if state is not None:
            tile = next((x for x in state.tiles if x.index == entry.get("tile")), None)
            if tile is not None:
                entry["where"] = tile.home
        out.append(entry)
    return out


def file_flips(scene: Any, events: Sequence[Event]) -> list[dict[str, Any]]:
    """Keep, for every other person's seat of the game, the flips of ``events`` it may know of
    (the table session's held items, shown when the curtain is next lifted for it); return those
    of the seat on screen, to show now. (A move played through the session is filed by it.)"""
    session = scene.session
    for seat in session.people():
        if seat == scene.seat:
            continue
        entries = flip_entries(events, seat, session.state)
        if entries:
            session.held.setdefault(seat, []).extend(entries)
    return flip_entries(events, scene.seat, session.state)


def take_flips(scene: Any, seat: str) -> list[dict[str, Any]]:
    """The flips ``seat`` has not watched yet (and forget them)."""
    return scene.session.take_held(seat)


def show_flips(scene: Any, seat: str, entries: list[dict[str, Any]], then: Callable[[], None]) -> bool:
    """Hide the board (the table's view) and play ``entries`` for ``seat``; ``then`` runs when its
    player closes the overlay. False (and nothing done) when there is nothing to show."""
    from game.engine.api import TABLE
    from game.lupin.ui.play_scene import seat_name

    if not entries or scene.stack is None:
        return False
    scene.revealed, scene.seat, scene.pending = False, TABLE, seat
    scene.selected = scene.popup = None
    scene.refresh()
    scene.stack.push(FlipScene(seat_name(seat), entries, scene.match.config.get("episode", ""), on_ready=then))
    return True


# ------------------------------------------------------------------------------ the overlay

class FlipScene(TurnOverScene):
    """Tiles turning over for one seat (see the module docstring): the shell's turn-over
    (:class:`game.ui.flip.TurnOverScene`) with Lupin's tiles. ``entries`` are the seat's own
    (redacted) "flipped" log entries: a face is drawn only where an entry holds ``treasure``."""

    face_field = "treasure"
    card_size = (TILE_W, TILE_H)
    edge_colour = EDGE

    def __init__(self, name: str, entries: list[dict[str, Any]], episode: str = "",
                 on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(name, entries, on_ready)
        self.episode = episode

    # -------------------------------------------------------------- what each tile says
    def face_value(self, entry: dict[str, Any]) -> Any:
        return bool(entry.get("treasure"))

    def face_title(self, entry: dict[str, Any]) -> str:
        if not self.knows(entry):
            return t("lupin_over.flip.unknown")
        return t("lupin_over.flip.treasure") if entry["treasure"] else t("lupin_over.flip.empty")

    texts = "lupin_over.flip"

    def kicker(self) -> str:
        return t("lupin_over.flip.kicker")

    def title(self) -> str:
        n = len(self.entries)
        first = self.entries[0] if self.entries else {}
        if n == 1:
            return t("lupin_over.flip.title_one", who=figure_name(str(first.get("figure", ""))),
                     n=int(first.get("tile", 0)) + 1)
        return t("lupin_over.flip.title_many", n=n)

    def draw_caption(self, canvas: Canvas, entry: dict[str, Any], centre: tuple[float, float], w: float,
                     h: float) -> None:
        """Under the tile, once it lies face up: what it is, and who keeps it."""
        title = self.face_title(entry)
        colour = theme.GOLD_LIGHT if entry.get("treasure") else (theme.INK if self.knows(entry) else theme.MUTED)
        canvas.text(title, (centre[0], centre[1] + h / 2 + 30), 30, theme.DISPLAY, colour, anchor="midtop",
                    tracking=1)
        taker = entry.get("taker")
        where = entry.get("where")
        lines = []
        if taker:
            lines.append(t("lupin_over.flip.keeps", who=figure_name(str(taker))))
        if where:
            lines.append(str(where))
        for j, line in enumerate(lines):
            canvas.text(line, (centre[0], centre[1] + h / 2 + 68 + 22 * j), 17, theme.BODY, theme.MUTED,
                        anchor="midtop")

    def draw_back(self, c: Canvas, r: pygame.FRect, question: bool) -> None:
        c.fill(WOOD, r, radius=16)
        inner = r.inflate(-22, -22)
        with c.clip(inner):
            step = 18
            k = -r.height
            while k < r.width:
                c.line(WOOD_DARK, (inner.left + k, inner.bottom), (inner.left + k + inner.height, inner.top), 3)
                k += step
        c.border(EDGE, inner, width=2, radius=10)
        c.border(EDGE, r.inflate(-4, -4), width=3, radius=15)
        medal = min(r.width, r.height) * 0.24
        c.circle(WOOD_DARK, r.center, medal)
        c.circle(EDGE, r.center, medal, width=3)
        if question:
            c.text("?", (r.centerx, r.centery + 2), medal * 1.3, theme.DISPLAY, EDGE, anchor="center")
        else:   # a keyhole
            k = medal * 0.3
            c.circle(EDGE, (r.centerx, r.centery - k * 0.5), k)
            c.polygon(EDGE, [(r.centerx - k * 0.45, r.centery), (r.centerx + k * 0.45, r.centery),
                             (r.centerx + k * 0.8, r.centery + k * 1.9), (r.centerx - k * 0.8, r.centery + k * 1.9)])

    def draw_face(self, c: Canvas, r: pygame.FRect, entry: dict[str, Any]) -> None:
        treasure = bool(entry.get("treasure"))
        c.fill((248, 238, 212) if treasure else (196, 198, 204), r, radius=16)
        c.border((176, 124, 38) if treasure else (92, 98, 112), r.inflate(-4, -4), width=3, radius=15)
        ink = (60, 36, 16) if treasure else (40, 46, 60)
        label = t("lupin_over.flip.face_treasure" if treasure else "lupin_over.flip.face_empty").upper()
        size = 26.0
        while size > 12 and c.measure(label, size, theme.DISPLAY, tracking=1)[0] > r.width - 24:
            size -= 1
        c.text(label, (r.centerx, r.bottom - 22), size, theme.DISPLAY, ink, anchor="midbottom", tracking=1)
        art = pygame.FRect(0, 0, r.width * 0.62, r.height * 0.5)
        art.center = (r.centerx, r.top + r.height * 0.42)
        if not treasure:
            _empty_safe(c, art)
        elif self.episode == "gran-colpo":
            _money(c, art)
        else:
            _ruby(c, art)


def _ruby(c: Canvas, r: pygame.FRect) -> None:
    """A cut gem: a crown of facets over a point."""
    cx, top, w = r.centerx, r.top + r.height * 0.12, r.width
    girdle = top + r.height * 0.28
    tip = r.bottom - r.height * 0.04
    outline = [(cx - w * 0.28, top), (cx + w * 0.28, top), (cx + w * 0.48, girdle), (cx, tip), (cx - w * 0.48, girdle)]
    c.polygon((0, 0, 0, 60), [(x + 4, y + 6) for x, y in outline])
    c.polygon(RUBY, outline)
    c.polygon((236, 92, 110), [(cx - w * 0.28, top), (cx + w * 0.28, top), (cx + w * 0.14, girdle), (cx - w * 0.14, girdle)])
    c.polygon((150, 18, 38), [(cx + w * 0.14, girdle), (cx + w * 0.48, girdle), (cx, tip)])
    for a, b in (((cx - w * 0.14, girdle), (cx, tip)), ((cx + w * 0.14, girdle), (cx, tip)),
                 ((cx - w * 0.48, girdle), (cx + w * 0.48, girdle))):
        c.line((120, 10, 30), a, b, 2)
    c.polygon((120, 10, 30), outline, width=3)
    c.glow((cx - w * 0.12, top + r.height * 0.1), w * 0.22, (255, 255, 255, 150))


def _money(c: Canvas, r: pygame.FRect) -> None:
    """A pile of banknotes with a dollar sign."""
    for k in range(4):
        note = pygame.FRect(0, 0, r.width * 0.9, r.height * 0.34)
        note.center = (r.centerx + (k - 1.5) * 6, r.bottom - r.height * 0.22 - k * r.height * 0.14)
        c.fill((0, 0, 0, 50), note.move(3, 4), radius=6)
        c.fill((94, 160, 92), note, radius=6)
        c.border((40, 90, 46), note, width=2, radius=6)
        c.circle((214, 236, 200), note.center, note.height * 0.32)
        c.text("$", (note.centerx, note.centery + 1), note.height * 0.5, theme.DISPLAY, (40, 90, 46), anchor="center")


def _empty_safe(c: Canvas, r: pygame.FRect) -> None:
    """An open safe with nothing inside, and a cross."""
    body = pygame.FRect(0, 0, r.height * 0.9, r.height * 0.9)
    body.center = r.center
    c.fill((0, 0, 0, 60), body.move(4, 6), radius=8)
    c.fill((90, 96, 110), body, radius=8)
    inside = body.inflate(-22, -22)
    c.fill((30, 34, 44), inside, radius=4)
    door = [(body.right, body.top + 4), (body.right + body.width * 0.32, body.top - body.height * 0.08),
            (body.right + body.width * 0.32, body.bottom + body.height * 0.08), (body.right, body.bottom - 4)]
    c.polygon((120, 126, 140), door)
    c.polygon((50, 56, 70), door, width=2)
    c.circle((50, 56, 70), (body.right + body.width * 0.18, body.centery), body.width * 0.07, width=3)
    c.border((50, 56, 70), body, width=3, radius=8)
    d = inside.width * 0.28
    col = mix((222, 70, 74), (120, 30, 36), 0.2)
    c.line(col, (inside.centerx - d, inside.centery - d), (inside.centerx + d, inside.centery + d), 6)
    c.line(col, (inside.centerx - d, inside.centery + d), (inside.centerx + d, inside.centery - d), 6)
