"""Memory stays flat (issue #11: 180 MB grew to 390 MB over 11 minutes of play): every cache of
drawn things is bounded by a few windows' worth of pixels, fonts and scaled images by count."""

import pygame

from game.ui import canvas as canvas_mod
from game.ui.canvas import Canvas

WINDOW = 1600 * 900


def _canvas():
    return Canvas(pygame.Surface((1600, 900)))


def test_board_sized_sprites_of_each_new_position_do_not_pile_up():
    """The play screen draws its lit squares as a board-sized sprite keyed by the game's version:
    one new 1070×856 surface per move. Only a few of them are kept."""
    c = _canvas()
    for version in range(60):
        c.sprite(("lupin-targets", version), (10, 20, 1070, 856), lambda v: v.fill((200, 100, 50, 60)))
    cache = c._shape_cache
    assert cache._pixels <= 5 * WINDOW           # it was allowed 32 million pixels (128 MB)
    big = [k for k in cache.big._items]
    assert len(big) <= 4 and ("sprite", ("lupin-targets", 59), (1070, 856), (1070, 856)) in big


def test_small_shapes_survive_a_stream_of_big_ones():
    c = _canvas()
    c.fill((10, 20, 30, 128), (0, 0, 200, 60), radius=8)
    small_key = next(iter(c._shape_cache.small._items))
    for version in range(30):
        c.sprite(("big", version), (0, 0, 1200, 800), lambda v: v.fill((1, 2, 3, 40)))
    assert c._shape_cache.get(small_key) is not None


def test_text_cache_is_bounded_by_pixels_and_count():
    c = _canvas()
    for i in range(3000):
        c.text(f"Line number {i} of a long log", (10, 10), 22)
    assert len(c._text_cache) <= 800
    assert c._text_cache._pixels <= max(3_000_000, 2 * WINDOW)


def test_fonts_opened_at_many_sizes_are_bounded():
    canvas_mod.clear_font_cache()
    for px in range(8, 200):
        canvas_mod.get_font("body", px)
    assert len(canvas_mod.font_cache_keys()) <= canvas_mod.MAX_FONTS
    # the most recent sizes are the ones kept
    assert (str(canvas_mod.font_path("body")), 199) in canvas_mod.font_cache_keys()


def test_an_image_drawn_at_many_sizes_keeps_a_few_copies():
    c = _canvas()
    img = pygame.Surface((64, 64))
    for w in range(20, 80):
        c.image(img, (0, 0, w, w))
    assert len(c._image_cache[img]) <= canvas_mod.IMAGE_SIZES


def test_caches_scale_with_the_window():
    small = Canvas(pygame.Surface((1280, 720)))
    big = Canvas(pygame.Surface((3840, 2160)))
    assert small._shape_cache.max_pixels < big._shape_cache.max_pixels
    assert big._layers.max_pixels >= 4 * 3840 * 2160      # four full-window layers at 4K


def test_a_bot_session_on_screen_keeps_the_caches_in_their_budget():
    """A stretch of a Lupin game played through the screen (the bench-session driver)."""
    from game.engine.settings import Settings
    from game.ui.app import App
    from game.lupin.session_bench import play_session_game
    from game.ui.bench import rss_mb
    from game.ui.registry import build_scenes

    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    for scene in build_scenes("title", app):
        app.stack.push(scene)
    moves = play_session_game(app, "rosso-rubino", 2, 3, frames=2, max_moves=60)
    assert moves == 60
    c = app.canvas
    assert c._shape_cache._pixels <= c._shape_cache.max_pixels <= 9 * WINDOW
    assert c._layers._pixels <= c._layers.max_pixels
    assert rss_mb() > 10


def test_the_bench_session_command_is_there():
    from game.cli import build_parser

    args = build_parser().parse_args(["bench-session", "--games", "2", "--episode", "all", "--idle", "0"])
    assert args.games == 2 and args.episode == "all" and callable(args.func)


def test_the_session_driver_plays_whole_games_through_the_screens_dialogs():
    """The bench answers the play screen's questions ('Leave the map?', 'The police will see him')
    as a player who means the move: before, it closed them and asked the bot again, for ever, so a
    'game' was 5,000 refused tries and the memory figure measured nothing like play."""
    from game.engine.settings import Settings
    from game.ui.app import App
    from game.lupin.session_bench import play_session_game
    from game.ui.registry import build_scenes

    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    for scene in build_scenes("title", app):
        app.stack.push(scene)
    for episode in ("rosso-rubino", "gran-colpo"):
        moves = play_session_game(app, episode, 2, 3, frames=0, max_moves=2000)
        assert 50 < moves < 2000   # the game ended, as games do
