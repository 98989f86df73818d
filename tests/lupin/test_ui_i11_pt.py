"""Issue #11, found by playing Lupin through in a real window (the play-through helper): what a
newcomer met on screen, each checked here with synthetic mouse and key events."""

import pygame

from game.engine.i18n import set_language
from game.lupin.ui.scenes import seeded_match
from game.ui.scenes.game_menu import GameMenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.widgets import resolve
from tests.lupin.test_ui_i11_play import play_app
from tests.lupin.test_ui_kit import click, frame, key


def _switch_language_in_game(app, play):
    """Menu → Settings → the language's › arrow → Back → Resume, as a player does it."""
    click(app, play._menu_button().rect.center)
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene)
    click(app, menu.buttons["settings"].rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    chooser = settings.language_choice
    click(app, (chooser.rect.right - 12, chooser.rect.centery))
    key(app, pygame.K_ESCAPE)                       # back to the menu
    assert app.stack.top is menu
    click(app, menu.buttons["resume"].rect.center)
    assert app.stack.top is play
    frame(app)


def test_switching_language_in_game_relabels_the_buttons_and_the_log():
    try:
        app, play = play_app(seeded_match("rosso-rubino"), lang="it")
        frame(app)
        shown = [resolve(b.text) for b, _c in play.buttons]
        assert "Fine turno" in shown
        assert any(line.startswith("Turno ") for line in play.log_lines)
        _switch_language_in_game(app, play)
        shown = [resolve(b.text) for b, _c in play.buttons]
        assert "End turn" in shown and not any("Fine" in s or "passa a" in s for s in shown), shown
        assert not any(line.startswith("Turno ") for line in play.log_lines), play.log_lines
        assert any(line.startswith("Round ") for line in play.log_lines), play.log_lines
    finally:
        set_language("en")
