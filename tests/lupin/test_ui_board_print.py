"""Lupin's board as a printed board reads (issue #11): colour-blind-safe markers that reach the
board without a restart, numbered treasure tiles whose tooltip says how to take them, the
coordinates on the edges, labels inside the board and over the lit squares, Cagliostro's levels
as contours rather than a number on every square, and a member drawn in his boat."""

from __future__ import annotations

import pygame
import pytest

from tests.lupin.test_ui_kit import frame, make_app

from game.engine.grid import Sq, parse_coord
from game.engine.i18n import set_language, t
from game.lupin.rules.boards import load_episode_board
from game.lupin.ui import hover as H
from game.lupin.ui.board_art import TILE, _level_regions, board_surface, label_boxes, level_badges
from game.lupin.ui.board_scene import (BOARD_RECT, SQUARE, TOKEN_RADIUS, LupinBoardScene, draw_coordinates,
                                       draw_target, square_rect, tile_square)
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import seeded_match, seeded_position
from game.ui.canvas import Canvas

EPISODES = ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge")


def play_app(match, safe: bool = False, lang: str = "en", size=(1600, 900)):
    app = make_app(scenes=(), lang=lang, size=size)
    app.settings.colourblind = safe
    scene = LupinPlayScene(match, autosave=False, start_revealed=True)
    app.stack.push(scene)
    frame(app)
    return app, scene


def region(app, rect) -> bytes:
    r = app.canvas.rect_px(rect)
    return pygame.image.tobytes(app.canvas.surface.subsurface(r), "RGB")


# ---------------------------------------------------------------- 1. colour-blind-safe markers

def lit_squares(scene):
    """A lit square of each meaning the selection offers: move (unseen), seen, other."""
    from game.lupin.ui.play_scene import ATTACK_KINDS, MOVE_KINDS

    out = {}
    for sq, cs in scene.targets.items():
        kinds = {c.kind for c in cs}
        if kinds <= set(ATTACK_KINDS) or sq in {s for s in scene._covered_targets()}:
            continue
        if kinds & set(MOVE_KINDS):
            out.setdefault("seen" if scene.seen_at(cs[0].spot) else "move", sq)
        else:
            out.setdefault("other", sq)
    return out


def test_colourblind_markers_change_the_board_where_a_colour_means_something():
    """With the setting on, the gang's tokens, the lit and the hatched squares, the police cars and
    Zenigata's token all look different (a rim, a pattern, a glyph, a livery), not only the panel."""
    match = seeded_match("rosso-rubino")
    off_app, off = play_app(match)
    on_app, on = play_app(match, safe=True)
    lit = lit_squares(off)
    assert {"move", "seen"} <= set(lit), lit
    token = pygame.FRect(0, 0, 2 * TOKEN_RADIUS, 2 * TOKEN_RADIUS)
    places = {"gang token": token.move_to(center=off.tokens["lupin"][0]),
              "zenigata": token.move_to(center=off.tokens["zenigata"][0]),
              "police car": square_rect(*parse_coord(off.view["cars"]["car-1"]["spot"]))}
    places.update({f"{kind} square": square_rect(*sq) for kind, sq in lit.items()})
    for what, rect in places.items():
        assert region(off_app, rect) != region(on_app, rect), what


def still(app, scene) -> bytes:
    """A frame with the selection's pulsing ring stopped at one moment."""
    app.update(0.02)
    scene.time = 0.0
    app.draw()
    return pygame.image.tobytes(app.canvas.surface, "RGB")


def test_the_colourblind_toggle_reaches_the_board_without_a_restart():
    match = seeded_match("rosso-rubino")
    app, scene = play_app(match)
    before = still(app, scene)
    fresh_app, fresh = play_app(match, safe=True)
    wanted = still(fresh_app, fresh)
    app.set_colourblind(True)     # Settings → colour-blind-safe markers, the game still open
    after = still(app, scene)
    assert after != before
    assert after == wanted
    app.set_colourblind(False)
    assert still(app, scene) == before


def test_the_colourblind_toggle_reaches_the_plain_board_scene_too():
    app = make_app(scenes=())
    app.stack.push(LupinBoardScene(seeded_position("gran-colpo"), "lupin"))
    before = frame(app)
    app.set_colourblind(True)
    assert frame(app) != before


def ink_mask(kind: str, safe: bool) -> set:
    """The dark pixels of a lit square drawn on a mid-grey ground: its glyph and pattern's shape."""
    surf = pygame.Surface((1600, 900))
    surf.fill((128, 128, 128))
    canvas = Canvas(surf)
    r = pygame.FRect(100, 100, SQUARE - 2, SQUARE - 2)
    draw_target(canvas, r, kind, safe)
    out = set()
    for x in range(int(r.left), int(r.right)):
        for y in range(int(r.top), int(r.bottom)):
            c = surf.get_at((x, y))
            if max(c.r, c.g, c.b) < 60:
                out.add((x, y))
    return out


@pytest.mark.parametrize("safe", [False, True])
def test_each_lit_square_meaning_has_its_own_shape_not_only_a_colour(safe):
    """Move (unseen), seen and another action differ by their dark glyph or pattern alone, so
    the meanings read in grey too; with the safe markers the glyphs are bigger."""
    masks = {kind: ink_mask(kind, safe) for kind in ("move", "seen", "other")}
    assert all(masks.values())
    assert masks["move"] != masks["seen"] != masks["other"] != masks["move"]
    if safe:
        assert all(len(masks[k]) > len(ink_mask(k, False)) for k in masks)


# ---------------------------------------------------------------- 2. numbered treasure tiles

def tile_region(state, seat, tile_index, view_edit=None, lang="en"):
    app = make_app(scenes=(), lang=lang)
    scene = LupinBoardScene(state, seat)
    if view_edit:
        view_edit(scene.view)
        scene._layout_tokens()
    app.stack.push(scene)
    frame(app)
    tile = scene.view["tiles"][tile_index]
    sq = tile_square(state.geo.board, tile)
    return region(app, square_rect(sq.row, sq.col))


def test_each_treasure_tile_shows_its_number_on_the_board():
    """The number the flip button and the log use ("Flip tile 3") is drawn on the tile: two tiles
    that differ only by their number look different."""
    state = seeded_position("rosso-rubino")
    tiles = state.view("lupin")["tiles"]
    lying = [i for i, tl in enumerate(tiles) if tl["site"]]
    i = lying[0]

    def renumber(view):
        view["tiles"][i] = {**view["tiles"][i], "index": (view["tiles"][i]["index"] + 1) % 4}

    assert tile_region(state, "lupin", i) != tile_region(state, "lupin", i, renumber)


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("episode", ["rosso-rubino", "gran-colpo"])
def test_a_tiles_tooltip_says_how_to_take_it(episode, lang):
    set_language(lang)
    try:
        state = seeded_position(episode)
        view = state.view("lupin")
        board = state.geo.board
        tile = next(tl for tl in view["tiles"] if tl["site"] and "treasure" not in tl)
        sq = tile_square(board, tile)
        tip = H.square_tip(view, board, (sq.row, sq.col), [], lambda *_: "")
        n = tile["index"] + 1
        assert tip.split("\n")[0] == t("lupin_cards.tip.tile_hidden", n=n)
        key = "take_tile" if episode == "rosso-rubino" else "take_vault"
        building = next(p for p in board.places if p.name == tile["site"]).props.get("building") \
            or next(name for name, b in board.buildings.items() if b.props.get("treasure"))
        assert tip.split("\n")[1] == t(f"i11_board.tip.{key}", n=n, building=building)
        assert building in tip and ("4" in tip.split("\n")[1])
    finally:
        set_language("en")


# ---------------------------------------------------------------- 3. coordinates on the edges

def test_row_letters_and_column_numbers_are_printed_on_the_edges_not_on_squares():
    surf = pygame.Surface((1600, 900))
    surf.fill((0, 0, 0))
    canvas = Canvas(surf)
    draw_coordinates(canvas)
    inside = BOARD_RECT.inflate(4, 4)

    def ink(x0, y0, x1, y1) -> int:
        return sum(pygame.transform.average_color(surf, pygame.Rect(x0, y0, x1 - x0, y1 - y0))[:3])

    # nothing inside the board (nor its frame)
    assert ink(int(inside.left), int(inside.top), int(inside.right), int(inside.bottom)) == 0
    # a number over every column, a letter left of every row
    for col in range(25):
        r = square_rect(0, col)
        assert ink(int(r.left), 0, int(r.right), int(BOARD_RECT.top) - 2) > 0, col
    for row in range(20):
        r = square_rect(row, 0)
        assert ink(0, int(r.top), int(BOARD_RECT.left) - 2, int(r.bottom)) > 0, row


def test_coordinates_are_readable_at_1440x810():
    """At 1440×810 a row letter is at least 9 real pixels high (a 14 px face at 0.9 scale)."""
    app = make_app(scenes=(), size=(1440, 810))
    app.stack.push(LupinBoardScene(seeded_position("rosso-rubino"), "lupin"))
    frame(app)
    surf = app.canvas.surface
    r = app.canvas.rect_px(pygame.FRect(0, square_rect(12, 0).top, BOARD_RECT.left - 3, SQUARE))   # row M
    bg = surf.get_at((1, r.top + 1))
    rows = [y for y in range(r.top, r.bottom) if any(surf.get_at((x, y)) != bg for x in range(r.left, r.right))]
    assert rows and rows[-1] - rows[0] + 1 >= 9


# ---------------------------------------------------------------- 4, 5. labels

@pytest.mark.parametrize("episode", EPISODES)
def test_every_place_label_lies_inside_the_board(episode):
    board = load_episode_board(episode)
    bounds = pygame.Rect(0, 0, board.cols * TILE, board.rows * TILE)
    boxes = label_boxes(episode)
    assert boxes
    for text, box in boxes:
        assert bounds.contains(box), (text, box)
    # nor over a treasure tile or a token, which lie under the labels
    from game.lupin.ui.board_art import UNDER_LABELS
    pieces = [pygame.Rect(sq.col * TILE + 8, sq.row * TILE + 8, TILE - 16, TILE - 16)
              for p in board.places if p.kind in UNDER_LABELS for sq in p.squares]
    for text, box in boxes:
        assert box.collidelist(pieces) < 0, text
    names = {text for text, _ in boxes}
    assert {"gran-colpo": "Villa Favorita", "cagliostro": "Al villaggio"}.get(episode, next(iter(names))) in names


def test_lit_squares_leave_the_street_names_readable():
    """A lit square under a label: the label's box looks the same with the highlight on or off."""
    match = seeded_match("rosso-rubino")
    app, scene = play_app(match)
    board = scene.geo.board
    scale = SQUARE / TILE
    hit = None
    for text, box in label_boxes("rosso-rubino"):
        r = pygame.FRect(BOARD_RECT.left + box.x * scale, BOARD_RECT.top + box.y * scale, box.w * scale,
                         box.h * scale).inflate(-8, -8)
        covered = [sq for sq in scene.targets if square_rect(*sq).colliderect(r)]
        toks = [c for c, rad in scene.tokens.values()
                if pygame.FRect(0, 0, 2 * rad + 16, 2 * rad + 16).move_to(center=c).colliderect(r)]
        if covered and not toks:
            hit = (text, r)
            break
    assert hit is not None, "no label under a lit square in this position"
    lit = region(app, hit[1])
    scene.targets = {}
    scene.version += 1
    frame(app)
    plain = region(app, hit[1])
    # the same label, to the scaling's rounding (a highlight over it would shift it by 30 and more)
    assert max(abs(x - y) for x, y in zip(plain, lit)) <= 8, hit[0]
    assert board is scene.geo.board


# ---------------------------------------------------------------- 6. levels

def badge_like_squares(surf, board) -> int:
    """Squares whose bottom-right corner holds a pale badge (the old level tiles had one on every
    square)."""
    n = 0
    for sq in board.squares():
        x0, y0 = sq.col * TILE + 44, sq.row * TILE + 46
        pale = sum(1 for x in range(x0, x0 + 16) for y in range(y0, y0 + 12)
                   if min(surf.get_at((x, y))[:3]) > 238)
        n += pale > 0.4 * 16 * 12
    return n


@pytest.mark.parametrize("episode", ["cagliostro", "stonehenge"])
def test_levels_show_a_number_once_an_area_not_on_every_square(episode):
    board = load_episode_board(episode)
    surf = board_surface(episode, labels=False)
    regions = _level_regions(board)
    badges = level_badges(board)
    assert len(badges) == len(regions) < 40
    assert badge_like_squares(surf, board) <= len(badges) + 4


def test_a_drop_between_levels_is_drawn_as_a_contour_and_stairs_as_its_opening():
    from game.lupin.ui.board_art import CONTOUR, PASSAGES

    board = load_episode_board("cagliostro")
    surf = board_surface("cagliostro", labels=False)
    drops = passages = 0
    for sq in board.squares():
        n = Sq(sq.row, sq.col + 1)
        if n not in board or board.cell(sq).level == board.cell(n).level:
            continue
        a, b = board.cell(sq), board.cell(n)
        x = n.col * TILE
        ys = range(sq.row * TILE + 2, sq.row * TILE + TILE - 2)
        dark = sum(1 for y in ys if surf.get_at((x, y))[:3] == CONTOUR) + \
            sum(1 for y in ys if surf.get_at((x - 1, y))[:3] == CONTOUR)
        passage = abs(a.level - b.level) == 1 and (a.terrain in PASSAGES or b.terrain in PASSAGES)
        if passage:
            passages += 1
            assert dark < 60 * 2 * 0.8, sq   # dashed: gaps
        else:
            drops += 1
            assert dark > 60 * 2 * 0.9, sq   # solid
    assert drops and passages


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_tooltip_tells_every_squares_level(lang):
    set_language(lang)
    try:
        board = load_episode_board("cagliostro")
        for sq in board.squares():
            tip = H.terrain_tip(board, (sq.row, sq.col))
            assert tip and str(board.cell(sq).level) in tip.split("\n")[-1], sq
        flat = load_episode_board("rosso-rubino")
        assert H.terrain_tip(flat, (0, 0)) is None     # a board of one level says nothing of it
    finally:
        set_language("en")


# ---------------------------------------------------------------- 7. a member in his boat

def test_a_member_in_the_boat_is_drawn_on_it_and_the_boat_stays_visible():
    from tests.lupin.test_devices import vehicle
    from tests.lupin.test_round import clear_police, started

    st = started("rosso-rubino")
    clear_police(st)
    boat = vehicle(st, "boat", "J9", owner="goemon", riders=("goemon",))
    scene = LupinBoardScene(st, st.seat_of["goemon"])
    square = square_rect(boat.spot.row, boat.spot.col)
    (cx, cy), rad = scene.tokens["goemon"]
    # the rider sits on the deck, whole, and the boat's name plate below him is not covered
    assert square.left <= cx - rad and cx + rad <= square.right and square.top <= cy - rad
    assert cy + rad <= square.bottom - 13
    plate = pygame.FRect(square.left + 4, square.bottom - 13, square.width - 8, 12)
    seat_area = pygame.FRect(0, 0, rad, rad).move_to(center=(cx, cy))

    def shot(state):
        app = make_app(scenes=())
        app.stack.push(LupinBoardScene(state, state.seat_of["goemon"]))
        frame(app)
        return region(app, plate), region(app, seat_area)

    aboard = shot(st)
    # the boat taken away, Goemon on its square: the plate's pixels change (the boat shows there)
    gone = st.snapshot()
    del gone.rides[boat.id]
    gone.figures["goemon"].in_car = None
    assert shot(gone)[0] != aboard[0]
    # Goemon off the boat, on the bank: the deck's pixels change (he was drawn on the boat)
    empty = st.snapshot()
    empty.rides[boat.id].riders.clear()
    empty.figures["goemon"].in_car = None
    empty.figures["goemon"].spot = parse_coord("J8")
    assert shot(empty)[1] != aboard[1]


def test_zenigatas_frame_with_safe_markers_still_hides_a_hidden_member():
    """The safe markers add a closed eye to a hidden member, in his own seat's frame only:
    Zenigata's frame is the same, pixel for pixel, wherever the hidden member stands."""
    from tests.lupin.test_board_scene import hidden_square

    state = seeded_position("gran-colpo")
    member = next(c for c in state.gang if not state.is_shown(c))

    def safe_frame(st, seat):
        app = make_app(scenes=())
        app.settings.colourblind = True
        app.stack.push(LupinBoardScene(st, seat))
        return frame(app)

    other = state.snapshot()
    other.figures[member].spot = hidden_square(other, member)
    assert not other.is_shown(member)
    assert safe_frame(other, "zenigata") == safe_frame(state, "zenigata")
    assert safe_frame(other, state.seat_of[member]) != safe_frame(state, state.seat_of[member])
