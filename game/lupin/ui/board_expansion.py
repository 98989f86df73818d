"""The expansion episodes' own pieces on Lupin's board, drawn from one seat's view only.

*Ritorno a Cagliostro* (``view["cagliostro"]``): every temple has a gate badge on its steps — a
shut portcullis with a padlock while it is closed (its floor hatched dark), an open arch once it
may be entered, the arch with the round number while it opens from the next round; the discovery
tokens lie face down as bronze discs with a "?", and face up as a pale disc with the symbol found
and its word under it (bust, owl, pilum, trident, trapdoor); a handwheel still on the board is a
spoked wheel with its zone's letter, a turned one an empty socket with a tick; the drained zones
are left out of the board picture (``board_art.board_surface``); the trapdoor passage, once open,
is a dashed line between the two trapdoors, each an open hatch; the Roman coins are a stack of
gold coins marked "C" on the floor of Divus Caesar, or a coin badge on their carrier.

*La lama di Stonehenge* (``view["stonehenge"]``): for gang seats only (their view holds the Aim
card) the three tombs as headstones with their letter (a pit once dug) and Excalibur's square as
a sword in a ring (dashed while buried, full once the third pit opens it); for everybody a plaque
with the three pits (the digger's letter in each dug one) and the blade's state, and a sword
badge on the carrier.

Every marker has a shape and a letter or symbol, never a colour alone. :func:`markers` lists them
by square, for the drawing and for the tooltips (``hover.py``): what is not in the view is not
in the list, so a frame drawn for Zenigata has no Aim tomb and no face of an unturned token.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.grid import format_coord, parse_coord
from game.engine.i18n import t
from game.ui import theme

TOKENS = ("bust", "owl", "pilum", "trident", "trapdoor")
ZONE_COLOUR = {"yellow": (236, 196, 40), "red": (214, 70, 62), "blue": (66, 118, 214)}
GOLD = (236, 196, 60)
GOLD_DARK = (120, 86, 20)
BRONZE = (150, 100, 52)
PAPER = (246, 238, 220)
INK = (34, 28, 24)
STONE = (150, 150, 142)
TOMB_LETTER = {"pendragon": "P", "costantino": "C", "druido": "D"}
CAGLIOSTRO_TEMPLE_OF_COINS = "Divus Caesar"
PLAQUE_SQUARES = frozenset((19, c) for c in range(6))   # Stonehenge's pits plaque lies over these


@dataclass(frozen=True)
class Marker:
    """One piece the seat's view puts on a square: ``kind`` and what it says (``data``)."""

    kind: str        # temple | token | handwheel | passage | coins | tomb | excalibur | dropped
    square: tuple[int, int]
    data: dict


def _sq(coord: str) -> tuple[int, int]:
    s = parse_coord(coord)
    return (s.row, s.col)


def drained_zones(view: dict) -> frozenset:
    """The flooded zones the board picture leaves out: Cagliostro's own part first."""
    part = view.get("cagliostro") or {}
    return frozenset(part.get("drained") or view.get("drained") or ())


@functools.lru_cache(maxsize=4)
def temple_labels(episode_id: str) -> dict[str, tuple[float, float, float]]:
    """The map's printed temple names: name -> (row, centre column, width), in squares."""
    from game.lupin.rules.boards import episode, load_episode_board
    from game.lupin.ui.board_art import TILE, load_tmx, map_path

    board = load_episode_board(episode_id)
    temples = {p.name for p in board.places_of("temple")}
    try:
        labels = load_tmx(map_path(episode(episode_id))).get_layer_by_name("labels")
    except ValueError:
        return {}
    out = {}
    for obj in labels:
        text = str(getattr(obj, "text", None) or obj.name or "")
        if text in temples:
            out[text] = (obj.y / TILE, (obj.x + obj.width / 2) / TILE, obj.width / TILE)
    return out


def temple_gate(board: Any, place: Any, episode_id: str | None = None) -> tuple[int, int]:
    """Where a temple's name plate goes: over the map's printed name (one square higher when a
    discovery token lies there), else its steps."""
    label = temple_labels(episode_id).get(place.name) if episode_id else None
    if label is not None:
        row, mid, _w = label
        col = int(mid)
        tokens = {(s.row, s.col) for p in [*board.places_of("discovery"), *board.places_of("trapdoor")]
                  for s in p.squares}
        span = {(int(row), c) for c in range(int(mid - _w / 2), int(math.ceil(mid + _w / 2)))}
        return (int(row) - 1, col) if span & tokens else (int(row), col)
    steps = sorted(s for s in place.squares if board.cell(s).temple_part == "steps")
    floor = sorted(s for s in place.squares if board.cell(s).temple_part == "floor")
    pick = steps[len(steps) // 2] if steps else (floor[len(floor) // 2] if floor else place.squares[0])
    return (pick.row, pick.col)


def markers(view: dict, board: Any) -> list[Marker]:
    """Every expansion marker of the view, in drawing order (under the figures)."""
    out: list[Marker] = []
    part = view.get("cagliostro")
    if part:
        opened = set(part.get("open_temples") or ())
        opening = dict(part.get("opening") or {})
        labels = temple_labels(view.get("episode")) if view.get("episode") else {}
        for place in board.places_of("temple"):
            state = "open" if place.name in opened else ("opening" if place.name in opening else "closed")
            at = temple_gate(board, place, view.get("episode"))
            plate = (at[0] + 0.5, labels[place.name][1]) if place.name in labels else (at[0] + 0.5, at[1] + 0.5)
            out.append(Marker("temple", at,
                              {"name": place.name, "state": state, "from": opening.get(place.name), "plate": plate,
                               "floor": [(s.row, s.col) for s in place.squares
                                         if board.cell(s).temple_part == "floor"],
                               "opened_by": place.props.get("opened_by")}))
        for place in board.places_of("handwheel"):
            coord = format_coord(place.squares[0])
            zone = place.props.get("zone")
            waiting = coord in (part.get("handwheels") or {})
            out.append(Marker("handwheel", _sq(coord), {
                "zone": zone, "turned": not waiting, "drained": zone in (part.get("drained") or ()),
                "from": (part.get("draining") or {}).get(zone)}))
        for coord, token in sorted((part.get("tokens") or {}).items()):
            out.append(Marker("token", _sq(coord), {"token": token}))
        passage = list(part.get("passage") or ())
        for place in board.places_of("trapdoor"):
            coord = format_coord(place.squares[0])
            other = next((format_coord(p.squares[0]) for p in board.places_of("trapdoor") if p is not place), None)
            out.append(Marker("trapdoor", _sq(coord), {"open": coord in passage, "to": other}))
        for tile in view.get("tiles") or ():
            if tile.get("carrier") is None and tile.get("site") == CAGLIOSTRO_TEMPLE_OF_COINS:
                place = next((p for p in board.places_of("temple") if p.name == tile["site"]), None)
                if place is not None:
                    floor = sorted(s for s in place.squares if board.cell(s).temple_part == "floor")
                    last = [s for s in floor if s.row == floor[-1].row]   # its back row, clear of the plate
                    pick = last[len(last) // 2]
                    out.append(Marker("coins", (pick.row, pick.col), {"site": tile["site"]}))
    henge = view.get("stonehenge")
    if henge:
        aim = henge.get("aim")
        if aim:
            for name, coord in aim["tombs"].items():
                out.append(Marker("tomb", _sq(coord), {"name": name, "dug": name in aim.get("dug", ())}))
            if henge.get("carrier") is None:
                out.append(Marker("excalibur", _sq(aim["excalibur"]), {"open": bool(henge.get("excalibur_open"))}))
    dropped = view.get("dropped_treasure")
    if dropped:
        try:
            out.append(Marker("dropped", _sq(dropped), {"episode": view.get("episode")}))
        except ValueError:
            pass
    return out


def markers_at(view: dict, board: Any, square: tuple[int, int]) -> list[Marker]:
    """The expansion markers on one square (a temple also answers on every floor square)."""
    here = []
    for m in markers(view, board):
        if m.square == tuple(square) or (m.kind == "temple" and tuple(square) in m.data["floor"]):
            here.append(m)
    order = {"token": 0, "coins": 1, "dropped": 1, "excalibur": 1, "tomb": 2, "trapdoor": 3, "handwheel": 4, "temple": 5}
    return sorted(here, key=lambda m: order.get(m.kind, 9))


def token_word(token: str) -> str:
    return t(f"lupin_board_x.token_word.{token}")


# ------------------------------------------------------------------------------------ drawing

def draw_under(canvas, view: dict, board: Any, square_rect) -> None:
    """Every expansion marker, over the board and its tiles, under the figures."""
    ms = markers(view, board)
    if not ms and not view.get("stonehenge"):
        return
    for m in ms:   # the hatching of closed temples first: every other marker reads over it
        if m.kind == "temple" and m.data["state"] != "open":
            _hatch(canvas, [square_rect(*sq) for sq in m.data["floor"]], m.data["state"] == "closed")
    ends = [m for m in ms if m.kind == "trapdoor" and m.data["open"]]
    if len(ends) == 2:
        a, b = (square_rect(*m.square).center for m in ends)
        canvas.dashed((0, 0, 0, 150), [(a[0] + 2, a[1] + 2), (b[0] + 2, b[1] + 2)], dash=9, gap=6, width=4)
        canvas.dashed(GOLD, [a, b], dash=9, gap=6, width=3)
    for m in ms:
        r = square_rect(*m.square)
        if m.kind == "temple":
            _plate(canvas, square_rect, m.data)
        elif m.kind == "handwheel":
            _handwheel(canvas, r, m.data["zone"], m.data["turned"])
        elif m.kind == "token":
            _token(canvas, r, m.data["token"])
        elif m.kind == "trapdoor":
            _trapdoor(canvas, r, m.data["open"])
        elif m.kind == "coins" or (m.kind == "dropped" and view.get("episode") == "cagliostro"):
            _coins(canvas, r.center, SQ(r) * 0.3)
        elif m.kind == "dropped":
            _treasure(canvas, r)
        elif m.kind == "tomb":
            _tomb(canvas, r, TOMB_LETTER.get(m.data["name"], "?"), m.data["dug"])
        elif m.kind == "excalibur":
            _excalibur_site(canvas, r, m.data["open"])
    if view.get("stonehenge"):
        _henge_plaque(canvas, view, square_rect)


def draw_carried(canvas, view: dict, tokens: dict) -> None:
    """A coin or sword badge on the token of whoever carries the episode's treasure."""
    ep = view.get("episode")
    if ep not in ("cagliostro", "stonehenge"):
        return
    for tile in view.get("tiles") or ():
        who = tile.get("carrier")
        if who not in tokens:
            continue
        (x, y), rad = tokens[who]
        c = (x + rad * 0.85, y + rad * 0.8)
        if ep == "cagliostro":
            _coins(canvas, c, rad * 0.52, stack=1)
        else:
            canvas.circle(INK, c, rad * 0.55)
            canvas.circle(PAPER, c, rad * 0.55 - 2)
            _sword(canvas, c, rad * 0.5, INK)


def SQ(r) -> float:  # noqa: N802 - the square's side
    return r.width


def _hatch(canvas, rects: list, closed: bool) -> None:
    """A temple's floor while closed (dark, hatched) or opening from the next round (lighter)."""
    if not rects:
        return
    whole = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
    colour = (0, 0, 0, 120) if closed else (236, 196, 60, 90)
    for r in rects:
        canvas.fill((18, 14, 12, 120 if closed else 60), r)
        with canvas.clip(r):
            x = whole.left - whole.height
            while x < whole.right:
                canvas.line(colour, (x, whole.bottom), (x + whole.height, whole.top), 2)
                x += 12


def _plate(canvas, square_rect, data: dict) -> None:
    """A temple's name plate with its gate: a padlocked portcullis while closed (dark plate), an
    open arch once open (pale plate), the arch ajar and the round it opens on meanwhile."""
    row, mid = data["plate"]
    origin = square_rect(0, 0)
    cx, cy = origin.left + mid * origin.width, origin.top + row * origin.height
    state = data["state"]
    name = data["name"]
    size = 13
    tw = canvas.measure(name, size, theme.BOLD)[0]
    extra = f" · {data['from']}" if state == "opening" and data.get("from") else ""
    ew = canvas.measure(extra, size, theme.BOLD)[0] if extra else 0
    w, h = 22 + tw + ew + 10, 20
    plate = pygame.FRect(0, 0, w, h).move_to(center=(cx, cy))
    closed = state == "closed"
    canvas.fill((0, 0, 0, 120), plate.move(2, 3), radius=5)
    canvas.fill((96, 34, 30) if closed else PAPER, plate, radius=5)
    canvas.border(PAPER if closed else INK, plate, width=1.5, radius=5)
    icon = pygame.FRect(plate.left + 5, plate.top + 3, 13, h - 6)
    if closed:   # a portcullis: bars under an arch, a padlock
        canvas.fill(PAPER, icon, radius=6)
        for i in (0.3, 0.5, 0.7):
            canvas.line((96, 34, 30), (icon.left + icon.width * i, icon.top + 3), (icon.left + icon.width * i, icon.bottom), 1.5)
        lock = pygame.FRect(0, 0, 7, 6).move_to(center=(icon.centerx, icon.bottom - 3))
        canvas.fill(GOLD, lock, radius=1)
        canvas.border(INK, lock, width=1, radius=1)
    else:        # an arch, open (its doorway dark), or ajar (one leaf across)
        canvas.fill(INK, icon, radius=6)
        canvas.fill((70, 52, 36), icon.inflate(-5, -4).move(0, 2), radius=4)
        if state == "opening":
            canvas.fill((150, 60, 50), pygame.FRect(icon.left + 2, icon.top + 5, icon.width / 2 - 1, icon.height - 7), radius=1)
        else:
            canvas.fill((20, 16, 14), icon.inflate(-5, -4).move(0, 2), radius=4)
    colour = PAPER if closed else INK
    canvas.text(name, (icon.right + 5, plate.centery + 0.5), size, theme.BOLD, colour, anchor="midleft")
    if extra:
        canvas.text(extra, (icon.right + 5 + tw, plate.centery + 0.5), size, theme.BOLD, (150, 60, 50), anchor="midleft")


def _trapdoor(canvas, r, open_: bool) -> None:
    """A trapdoor square: a closed hatch with "T", or an open dark hole once the passage opens."""
    hole = r.inflate(-r.width * 0.42, -r.height * 0.42)
    if open_:
        canvas.fill(GOLD, hole.inflate(6, 6), radius=4)
        canvas.fill((16, 12, 10), hole, radius=3)
        canvas.text("T", (hole.centerx, hole.centery + 1), 15, theme.DISPLAY, GOLD, anchor="center")
        return
    canvas.fill(INK, hole.inflate(4, 4), radius=3)
    canvas.fill((150, 110, 70), hole, radius=2)
    canvas.line(INK, (hole.left, hole.centery), (hole.right, hole.centery), 1.5)
    canvas.text("T", (hole.centerx, hole.centery + 1), 14, theme.DISPLAY, INK, anchor="center")


def _handwheel(canvas, r, zone: str, turned: bool) -> None:
    c = (r.right - r.width * 0.5, r.centery)
    rad = r.width * 0.34
    if turned:   # the wheel is gone: its socket, and a tick
        canvas.circle((0, 0, 0, 120), c, rad)
        canvas.circle(PAPER, c, rad, width=2)
        canvas.lines(PAPER, [(c[0] - rad * 0.45, c[1]), (c[0] - rad * 0.1, c[1] + rad * 0.4),
                             (c[0] + rad * 0.5, c[1] - rad * 0.45)], width=3)
        return
    colour = ZONE_COLOUR.get(zone, GOLD)
    canvas.circle((0, 0, 0, 110), (c[0] + 2, c[1] + 3), rad + 1)
    canvas.circle(INK, c, rad + 1)
    canvas.circle(colour, c, rad - 1, width=4)
    for a in range(0, 360, 60):
        v = pygame.math.Vector2(1, 0).rotate(a + 15)
        canvas.line(colour, (c[0] + v.x * rad * 0.35, c[1] + v.y * rad * 0.35), (c[0] + v.x * (rad - 2), c[1] + v.y * (rad - 2)), 3)
    canvas.circle(colour, c, rad * 0.42)
    canvas.text(t(f"lupin_board_x.zone_letter.{zone}"), (c[0], c[1] + 1), 12, theme.BOLD, INK, anchor="center")


def _token(canvas, r, token: str | None) -> None:
    """A discovery token: face down a bronze disc with "?"; face up the symbol and its word."""
    rad = r.width * 0.3
    c = (r.centerx, r.centery - (3 if token else 0))
    canvas.circle((0, 0, 0, 120), (c[0] + 2, c[1] + 3), rad + 1)
    if token is None:
        canvas.circle(INK, c, rad + 1)
        canvas.circle(BRONZE, c, rad - 1)
        canvas.circle((196, 148, 88), c, rad - 4, width=1.5)
        canvas.text("?", (c[0], c[1] + 1), 20, theme.DISPLAY, PAPER, anchor="center")
        return
    canvas.circle(INK, c, rad + 1)
    canvas.circle(PAPER, c, rad - 1)
    _symbol(canvas, token, c, rad * 0.72)
    word = token_word(token)
    size = 11
    w = canvas.measure(word, size, theme.BOLD)[0] + 8
    tag = pygame.FRect(0, 0, max(w, r.width * 0.6), 14).move_to(midtop=(c[0], c[1] + rad - 1))
    canvas.fill(INK, tag, radius=4)
    canvas.text(word, (tag.centerx, tag.centery + 0.5), size, theme.BOLD, PAPER, anchor="center")


def _symbol(canvas, token: str, c, s: float) -> None:
    x, y = c
    if token == "bust":   # a head on shoulders
        canvas.circle(INK, (x, y - s * 0.35), s * 0.36)
        canvas.polygon(INK, [(x - s * 0.75, y + s * 0.8), (x - s * 0.45, y + s * 0.1), (x + s * 0.45, y + s * 0.1),
                             (x + s * 0.75, y + s * 0.8)])
    elif token == "owl":   # a round body, two eyes, two ears
        canvas.polygon(INK, [(x - s * 0.7, y - s * 0.85), (x - s * 0.2, y - s * 0.45), (x + s * 0.2, y - s * 0.45),
                             (x + s * 0.7, y - s * 0.85), (x + s * 0.75, y + s * 0.2), (x, y + s * 0.9),
                             (x - s * 0.75, y + s * 0.2)])
        for dx in (-0.33, 0.33):
            canvas.circle(PAPER, (x + s * dx, y - s * 0.12), s * 0.26)
            canvas.circle(INK, (x + s * dx, y - s * 0.12), s * 0.1)
    elif token == "pilum":   # a javelin, its iron head
        canvas.line(INK, (x - s * 0.8, y + s * 0.8), (x + s * 0.4, y - s * 0.4), 3)
        canvas.polygon(INK, [(x + s * 0.85, y - s * 0.85), (x + s * 0.22, y - s * 0.5), (x + s * 0.5, y - s * 0.22)])
    elif token == "trident":   # a shaft and three prongs
        canvas.line(INK, (x, y - s * 0.2), (x, y + s * 0.9), 3)
        canvas.lines(INK, [(x - s * 0.6, y - s * 0.85), (x - s * 0.6, y - s * 0.2), (x + s * 0.6, y - s * 0.2),
                           (x + s * 0.6, y - s * 0.85)], width=3)
        canvas.line(INK, (x, y - s * 0.95), (x, y - s * 0.2), 3)
    elif token == "trapdoor":   # a hatch with its ring
        box = pygame.FRect(0, 0, s * 1.5, s * 1.5).move_to(center=c)
        canvas.border(INK, box, width=2.5, radius=2)
        canvas.line(INK, (box.left, box.centery), (box.right, box.centery), 2)
        canvas.circle(INK, (box.centerx, box.centery + s * 0.35), s * 0.18, width=2)


def _coins(canvas, c, rad: float, stack: int = 3) -> None:
    """The Roman coins: gold discs, the top one marked "C" (Caesar's)."""
    x, y = c
    for i in range(stack - 1, -1, -1):
        cy = y + i * rad * 0.32
        canvas.circle((0, 0, 0, 110), (x + 2, cy + 3), rad)
        canvas.circle(GOLD_DARK, (x, cy), rad)
        canvas.circle(GOLD, (x, cy - 1), rad - 2)
    canvas.circle(GOLD_DARK, (x, y - 1), rad - 5, width=1.5)
    canvas.text("C", (x, y), max(9.0, rad * 1.15), theme.DISPLAY, GOLD_DARK, anchor="center")


def _treasure(canvas, r) -> None:
    body = r.inflate(-14, -10)
    canvas.fill((122, 82, 40), body, radius=4)
    canvas.border((246, 220, 150), body, width=2, radius=4)
    canvas.text("$", body.center, 20, theme.DISPLAY, (246, 220, 150), anchor="center")


def _tomb(canvas, r, letter: str, dug: bool) -> None:
    """A tomb of the Aim card: a headstone with its letter; once dug, a pit beside its mound."""
    if dug:
        pit = pygame.FRect(0, 0, r.width * 0.72, r.height * 0.46).move_to(center=(r.centerx, r.centery + 4))
        canvas.fill((96, 66, 38), pit.inflate(8, 8).move(0, -4), radius=int(pit.height / 2))
        canvas.fill((20, 14, 10), pit, radius=int(pit.height / 2))
        canvas.text(letter, (pit.centerx, pit.centery + 1), 14, theme.BOLD, PAPER, anchor="center")
        return
    stone = pygame.FRect(0, 0, r.width * 0.56, r.height * 0.7).move_to(center=r.center)
    canvas.fill((0, 0, 0, 110), stone.move(2, 3), radius=int(stone.width / 2))
    canvas.fill(INK, stone.inflate(3, 3), radius=int(stone.width / 2))
    canvas.fill(STONE, stone, radius=int(stone.width / 2))
    canvas.fill(STONE, pygame.FRect(stone.left, stone.centery, stone.width, stone.height / 2), radius=2)
    canvas.text(letter, (stone.centerx, stone.centery + 3), 17, theme.DISPLAY, INK, anchor="center")


def _sword(canvas, c, s: float, colour) -> None:
    x, y = c
    canvas.line(colour, (x - s * 0.7, y + s * 0.7), (x + s * 0.75, y - s * 0.75), 3)        # the blade
    canvas.line(colour, (x - s * 0.65, y + s * 0.15), (x - s * 0.15, y + s * 0.65), 3)     # the guard
    canvas.circle(colour, (x - s * 0.8, y + s * 0.8), s * 0.14)                             # the pommel


def _excalibur_site(canvas, r, open_: bool) -> None:
    c = r.center
    rad = r.width * 0.4
    if open_:
        canvas.glow(c, rad * 1.6, (236, 196, 60))
        canvas.circle(INK, c, rad + 1)
        canvas.circle(GOLD, c, rad - 1)
        _sword(canvas, c, rad * 0.8, INK)
        return
    canvas.circle((0, 0, 0, 90), c, rad)
    ring = [(c[0] + rad * math.cos(math.radians(a)), c[1] + rad * math.sin(math.radians(a))) for a in range(0, 361, 15)]
    canvas.dashed(GOLD, ring, dash=5, gap=4, width=2)
    _sword(canvas, c, rad * 0.7, GOLD)


def _henge_plaque(canvas, view: dict, square_rect) -> None:
    """For everybody: the three pit tokens (the digger's letter on each dug one) and the blade."""
    from game.lupin.ui.board_scene import GANG_STYLE

    part = view["stonehenge"]
    total = int(part.get("pits_total", 3))
    diggers = list(part.get("diggers") or ())
    origin = square_rect(19, 0)
    title = t("lupin_board_x.plaque.pits")
    blade = blade_state(view)
    blade_text = t(f"lupin_board_x.plaque.blade_{blade}",
                   name=_name(part.get("carrier")) if part.get("carrier") else "")
    tw = max(canvas.measure(title, 13, theme.BOLD)[0], 3 * 30)
    bw = canvas.measure(blade_text, 13, theme.BOLD)[0]
    w = 14 + tw + 18 + 30 + 8 + bw + 14
    plate = pygame.FRect(origin.left + 6, origin.top - 34, w, 72)
    canvas.fill((0, 0, 0, 120), plate.move(3, 4), radius=8)
    canvas.fill((22, 26, 38, 235), plate, radius=8)
    canvas.border(theme.EDGE_LIGHT, plate, width=1.5, radius=8)
    canvas.text(title, (plate.left + 14, plate.top + 9), 13, theme.BOLD, theme.GOLD)
    for i in range(total):
        c = (plate.left + 14 + 13 + i * 30, plate.top + 46)
        if i < len(diggers):
            canvas.circle((96, 66, 38), c, 13)
            canvas.circle((20, 14, 10), c, 10)
            letter = GANG_STYLE.get(diggers[i], (None, "?"))[1]
            canvas.text(letter, (c[0], c[1] + 1), 13, theme.BOLD, PAPER, anchor="center")
        else:
            ring = [(c[0] + 12 * math.cos(math.radians(a)), c[1] + 12 * math.sin(math.radians(a))) for a in range(0, 361, 20)]
            canvas.dashed(theme.MUTED, ring, dash=4, gap=3, width=1.5)
    bx = plate.left + 14 + tw + 18
    c = (bx + 15, plate.centery)
    if blade == "buried":
        canvas.circle((0, 0, 0, 90), c, 15)
        _sword(canvas, c, 11, theme.MUTED)
    else:
        canvas.circle(GOLD, c, 15)
        _sword(canvas, c, 11, INK)
    canvas.text(blade_text, (bx + 38, plate.centery), 13, theme.BOLD, theme.INK, anchor="midleft")


def blade_state(view: dict) -> str:
    part = view.get("stonehenge") or {}
    if part.get("carrier"):
        return "carried"
    return "out" if part.get("excalibur_open") else "buried"


def _name(fid: str | None) -> str:
    from game.lupin.ui import choices as C

    return C.figure_name(fid) if fid else ""
