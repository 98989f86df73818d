"""The board scene draws only what its seat may know: a frame drawn for Zenigata is the same,
pixel for pixel, whatever the hidden gang members do."""

import pygame

from game.engine.settings import Settings
from game.lupin.ui.board_scene import LupinBoardScene
from game.lupin.ui.scenes import seeded_position
from game.ui.app import App


def frame(state, seat, lang="en"):
    surface = pygame.Surface((1600, 900))
    app = App(Settings(language=lang), surface=surface, lang=lang, persist=False)
    app.stack.push(LupinBoardScene(state, seat))
    app.draw()
    return pygame.image.tobytes(surface, "RGB")


def hidden_square(state, member):
    """Another square where ``member`` would stand unseen (out of every police line of fire)."""
    geo = state.geo
    here = state.figures[member].spot
    seen = geo.watched(state.viewers(), vehicles=state.vehicles())
    taken = set(state.occupied()) | {state.figures[c].spot for c in state.gang}
    return next(s for s in geo.reach(here, 5).cost if isinstance(s, tuple) and len(s) == 2
                and isinstance(s[0], int) and s not in seen and s not in taken and geo.can_stand(s, "gang"))


def test_zenigatas_frame_does_not_change_when_a_hidden_member_moves():
    state = seeded_position("gran-colpo")
    member = next(c for c in state.gang if not state.is_shown(c))
    before = frame(state, "zenigata")
    other = state.snapshot()
    other.figures[member].spot = hidden_square(other, member)
    assert not other.is_shown(member)
    assert frame(other, "zenigata") == before
    # the member's own seat does see the difference (so the test could fail)
    assert frame(other, state.seat_of[member]) != frame(state, state.seat_of[member])


def test_the_board_scene_renders_in_both_languages():
    state = seeded_position("rosso-rubino")
    assert frame(state, "lupin", "en") != frame(state, "lupin", "it")


def test_a_drained_flooded_zone_disappears_from_the_board():
    """Cagliostro's handwheels drain a flooded zone: the board then shows the ground under it, and
    only under that zone (the view's "drained" zones reach the board's picture)."""
    from game.engine.grid import Sq
    from game.lupin.rules.boards import load_episode_board
    from game.lupin.ui.board_art import TILE, board_surface

    board = load_episode_board("cagliostro")
    zones = sorted({board.cell(s).flooded for s in board.squares() if board.cell(s).flooded is not None})
    assert len(zones) == 3
    wet, dry = board_surface("cagliostro"), board_surface("cagliostro", frozenset({zones[0]}))

    def centre(sq: Sq):
        return (sq.col * TILE + TILE // 2, sq.row * TILE + TILE // 2)

    for sq in board.squares():
        zone = board.cell(sq).flooded
        same = wet.get_at(centre(sq)) == dry.get_at(centre(sq))
        assert same == (zone != zones[0]), (sq, zone)
