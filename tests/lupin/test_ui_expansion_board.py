"""The expansion episodes on Lupin's board: markers drawn from the seat's view (a token turned, a
zone drained, a temple opened, the Aim tombs), nothing of a secret in Zenigata's frame, the
tooltips in both languages, the rules chapters of both episodes in both languages."""

from __future__ import annotations

import copy

import pygame
import pytest

from tests.lupin.test_ui_kit import frame, make_app

from game.engine.grid import parse_coord
from game.engine.i18n import set_language, t
from game.lupin.ui.board_expansion import markers, markers_at
from game.lupin.ui.board_scene import LupinBoardScene, square_rect
from game.lupin.ui.hover import expansion_tip, square_tip
from game.lupin.ui.scenes import expansion_match


@pytest.fixture(scope="module")
def cag():
    return expansion_match("cagliostro", 5, 4).state


@pytest.fixture(scope="module")
def henge():
    return expansion_match("stonehenge", 3, 6).state


def shot(state, seat: str, lang: str = "en") -> pygame.Surface:
    app = make_app(scenes=(), lang=lang)
    app.stack.push(LupinBoardScene(state, seat))
    frame(app)
    return app.canvas.surface.copy()


def region(surf: pygame.Surface, rect) -> bytes:
    return pygame.image.tobytes(surf.subsurface(pygame.Rect(rect)), "RGB")


def test_a_turned_token_shows_its_face(cag):
    state = copy.deepcopy(cag)
    site = state.extra["cagliostro"]
    coord, token = sorted(site.tokens.items())[0]
    before = shot(state, "lupin")
    assert markers_at(state.view("lupin"), state.geo.board, _sq(coord))[0].data["token"] is None
    del site.tokens[coord]
    site.flipped[coord] = token
    after = shot(state, "lupin")
    r = square_rect(*_sq(coord))
    assert region(before, r) != region(after, r)
    m = markers_at(state.view("zenigata"), state.geo.board, _sq(coord))[0]
    assert m.kind == "token" and m.data["token"] == token   # a turned token is public


def test_a_drained_zone_disappears(cag):
    state = copy.deepcopy(cag)
    board = state.geo.board
    zone, sq = next((board.cell(s).flooded, s) for s in board.squares()
                    if board.cell(s).flooded and board.cell(s).flooded not in state.drained
                    and not board.places_at(s))
    free = all(f.spot != sq for f in state.figures.values())
    assert free
    before = shot(state, "zenigata")
    state.drained.add(zone)
    assert zone in state.view("zenigata")["cagliostro"]["drained"]
    after = shot(state, "zenigata")
    r = square_rect(sq.row, sq.col).inflate(-4, -4)
    assert region(before, r) != region(after, r)


def test_an_opened_temple_changes(cag):
    state = copy.deepcopy(cag)
    board = state.geo.board
    closed = next(p for p in board.places_of("temple") if p.name not in state.open_temples)
    view = state.view("lupin")
    m = next(m for m in markers(view, board) if m.kind == "temple" and m.data["name"] == closed.name)
    assert m.data["state"] == "closed"
    before = shot(state, "lupin")
    state.open_temples.add(closed.name)
    m2 = next(m for m in markers(state.view("lupin"), board) if m.kind == "temple" and m.data["name"] == closed.name)
    assert m2.data["state"] == "open"
    after = shot(state, "lupin")
    plate = square_rect(*m.square).inflate(60, 0)
    assert region(before, plate) != region(after, plate)
    floor = square_rect(*m.data["floor"][0])
    assert region(before, floor) != region(after, floor)   # no hatching on an open floor


def test_zenigata_frame_holds_no_face_down_token_nor_aim(cag, henge):
    # Cagliostro: the face-down tokens dealt otherwise: nobody's frame may change
    other = copy.deepcopy(cag)
    site = other.extra["cagliostro"]
    keys = sorted(site.tokens)
    values = [site.tokens[k] for k in keys]
    assert len(set(values)) > 1
    site.tokens = dict(zip(keys, values[1:] + values[:1]))
    assert pygame.image.tobytes(shot(cag, "zenigata"), "RGB") == pygame.image.tobytes(shot(other, "zenigata"), "RGB")
    assert pygame.image.tobytes(shot(cag, "lupin"), "RGB") == pygame.image.tobytes(shot(other, "lupin"), "RGB")
    # Stonehenge: another Aim card changes the gang's frame, never Zenigata's
    h2 = copy.deepcopy(henge)
    aim = h2.extra["stonehenge"].aim
    from game.lupin.rules.stonehenge import henge_data

    h2.extra["stonehenge"].aim = next(a.id for a in henge_data().aims if a.id != aim)
    z1, z2 = shot(henge, "zenigata"), shot(h2, "zenigata")
    assert pygame.image.tobytes(z1, "RGB") == pygame.image.tobytes(z2, "RGB")
    g1, g2 = shot(henge, "lupin"), shot(h2, "lupin")
    assert pygame.image.tobytes(g1, "RGB") != pygame.image.tobytes(g2, "RGB")
    assert not [m for m in markers(henge.view("zenigata"), henge.geo.board) if m.kind in ("tomb", "excalibur")]
    assert {m.kind for m in markers(henge.view("lupin"), henge.geo.board)} >= {"tomb"}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_tooltips_in_both_languages(cag, henge, lang):
    set_language(lang)
    try:
        state = copy.deepcopy(cag)
        board = state.geo.board
        view = state.view("lupin")
        tips = []
        for m in markers(view, board):
            tips.append(expansion_tip(view, board, m.square))
        site = state.extra["cagliostro"]
        coord, token = sorted(site.tokens.items())[0]
        del site.tokens[coord]
        site.flipped[coord] = token
        turned = expansion_tip(state.view("lupin"), board, _sq(coord))
        assert t(f"lupin_board_x.token_word.{token}").lower() in turned.lower() or \
            t(f"lupin.cagliostro.token.{token}") in turned
        hv = henge.view("lupin")
        tomb = next(m for m in markers(hv, henge.geo.board) if m.kind == "tomb")
        tips.append(square_tip(hv, henge.geo.board, tomb.square, [], lambda *_: ""))
        tips.append(expansion_tip(hv, henge.geo.board, (19, 1)))   # the pits plaque
        assert all(tips) and all("lupin_board_x" not in x and "{" not in x for x in tips)
        word = {"it": "Tempio", "en": "Temple"}[lang]
        assert any(word in x for x in tips)
    finally:
        set_language("en")


def test_tooltips_differ_between_languages(cag):
    view = cag.view("lupin")
    m = next(m for m in markers(view, cag.geo.board) if m.kind == "handwheel")
    texts = []
    for lang in ("it", "en"):
        set_language(lang)
        texts.append(expansion_tip(view, cag.geo.board, m.square))
    set_language("en")
    assert texts[0] != texts[1]


@pytest.mark.parametrize("episode,title", [("cagliostro", {"it": "Ritorno a Cagliostro", "en": "Back to Cagliostro"}),
                                           ("stonehenge", {"it": "La lama di Stonehenge", "en": "Stonehenge's Blade"})])
def test_rules_chapters_in_both_languages(episode, title):
    from game.lupin.rules import catalog as cat
    from game.lupin.ui.rules_book import lupin_chapters

    for lang in ("it", "en"):
        chapters = lupin_chapters(episode, lang)
        titles = [c.title for c in chapters]
        assert title[lang] in titles
        other = "stonehenge" if episode == "cagliostro" else "cagliostro"
        assert not any(other in (c.episodes or ()) for c in chapters)
        cards = " ".join(b.text for b in chapters[-1].blocks)
        special = cat.card(cat.special_for("zenigata", episode))
        assert special.name.get(lang) in cards   # Zenigata's special card, in this episode's book
        expansion_card = cat.card("jigen_dimostraci_la_tua_lealta_fujiko")
        assert expansion_card.name.get(lang) in cards
        devices = " ".join(b.text for b in chapters[-2].blocks)
        assert cat.device("jeep").name.get(lang) in devices
    base = " ".join(b.text for b in lupin_chapters("rosso-rubino", "en")[-1].blocks)
    assert cat.card(cat.special_for("zenigata", "cagliostro")).name.get("en") not in base


def test_zenigata_special_card_face_draws():
    from game.lupin.rules import catalog as cat
    from game.lupin.ui.card_art import draw_card_face

    app = make_app(scenes=())
    cid = cat.special_for("zenigata", "stonehenge")
    r = pygame.FRect(100, 100, 240, 336)
    blank = region(app.canvas.surface, r)
    draw_card_face(app.canvas, r, cid)
    assert region(app.canvas.surface, r) != blank


def _sq(coord: str) -> tuple[int, int]:
    s = parse_coord(coord)
    return (s.row, s.col)

