"""Click through the menus like a player: title → chooser → settings, language, quitting."""

import pygame
import pytest

from game.engine import i18n
from game.engine.settings import Settings
from game.games_catalog import Catalog, Episode, Game, LocalText, Players, load_catalog
from game.ui import registry
from game.ui.scene import Scene
from game.ui.scenes import ChooserScene, QuitConfirmScene, SettingsScene, TitleScene


def right_arrow(choice):
    return (choice.rect.right - choice.rect.height / 2, choice.rect.centery)


@pytest.mark.parametrize("size", [(1600, 900), (3840, 2160), (1000, 1000)])
def test_title_to_chooser_and_back_to_settings(ui, size):
    app = ui.app(size=size)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    ui.click_widget(app, title.play_button)
    chooser = app.stack.top
    assert isinstance(chooser, ChooserScene)
    ui.click_widget(app, chooser.back_button)
    assert app.stack.top is title
    ui.click_widget(app, title.settings_button)
    assert isinstance(app.stack.top, SettingsScene)
    ui.key(app, pygame.K_ESCAPE)  # Esc goes back one screen in a sub-menu
    assert app.stack.top is title
    assert app.running


def test_changing_the_language_applies_at_once_and_is_remembered(ui):
    app = ui.app()
    ui.click_widget(app, app.stack.top.settings_button)
    settings = app.stack.top
    assert settings.language_choice.value == "en"
    ui.click(app, right_arrow(settings.language_choice))
    assert settings.language_choice.value == "it"
    assert i18n.current_language() == "it" and i18n.t("title.play") == "Gioca"
    saved, problem = Settings.load()
    assert problem is None and saved.language == "it"
    ui.frame(app)  # draws in Italian without trouble
    # a new run starts in Italian
    app2 = ui.app(settings=saved)
    assert i18n.current_language() == "it" and app2.language == "it"


def test_other_settings_are_saved_too(ui):
    app = ui.app()
    ui.click_widget(app, app.stack.top.settings_button)
    s = app.stack.top
    ui.click(app, right_arrow(s.size_choice))
    ui.click_widget(app, s.fullscreen_toggle)
    ui.click_widget(app, s.colourblind_toggle)
    track = s.volume_slider.track
    ui.click(app, (track.left + track.width * 0.3, track.centery))
    saved, _ = Settings.load()
    assert saved.window_size == (1920, 1080)
    assert saved.fullscreen is True and saved.colourblind is True
    assert saved.volume == pytest.approx(0.3)
    ui.frame(app)


def test_command_line_overrides_are_for_this_run_only(ui):
    Settings(language="en", window_size=(1280, 720)).save()
    saved, _ = Settings.load()
    from game.ui.app import App

    # as `heist-table --lang it --size 2560x1440` would
    app = App(saved, surface=pygame.Surface((1600, 900)), lang="it", size=(2560, 1440))
    app.stack.push(TitleScene())
    app.update(0.02)
    assert i18n.current_language() == "it"
    ui.click_widget(app, app.stack.top.settings_button)
    s = app.stack.top
    assert s.language_choice.value == "it" and s.size_choice.value == (2560, 1440)
    ui.click_widget(app, s.colourblind_toggle)
    back, _ = Settings.load()
    assert back.colourblind is True
    assert back.language == "en" and back.window_size == (1280, 720)


def test_escape_on_the_title_asks_before_quitting(ui):
    app = ui.app()
    ui.key(app, pygame.K_ESCAPE)
    confirm = app.stack.top
    assert isinstance(confirm, QuitConfirmScene) and app.running
    ui.frame(app)
    ui.click_widget(app, confirm.no_button)
    assert isinstance(app.stack.top, TitleScene) and app.running
    ui.key(app, pygame.K_ESCAPE)
    ui.key(app, pygame.K_ESCAPE)  # Esc in the dialog means No
    assert isinstance(app.stack.top, TitleScene) and app.running
    ui.click_widget(app, app.stack.top.quit_button)
    confirm = app.stack.top
    assert isinstance(confirm, QuitConfirmScene)
    ui.click_widget(app, confirm.yes_button)
    assert not app.running


def test_the_quit_dialog_opens_from_any_scene_that_does_not_use_esc(ui):
    class Board(Scene):
        pass

    app = ui.app()
    app.stack.push(Board())
    ui.key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, QuitConfirmScene)
    ui.key(app, pygame.K_ESCAPE)  # not a second dialog: Esc closes it
    assert isinstance(app.stack.top, Board)


def test_the_window_close_button_quits_at_once_from_anywhere(ui):
    app = ui.app(scenes=("settings",))
    app.process(pygame.event.Event(pygame.QUIT))
    assert not app.running


def test_the_dialog_blocks_clicks_on_the_scene_below(ui):
    app = ui.app()
    title = app.stack.top
    ui.key(app, pygame.K_ESCAPE)
    ui.click_widget(app, title.play_button)  # under the dim, outside the dialog
    assert isinstance(app.stack.top, QuitConfirmScene)


def test_hover_shows_a_blurb_and_a_click_selects_and_opens_a_playable_game(ui):
    app = ui.app(scenes=("chooser",))
    chooser = app.stack.top
    bank = next(c for c in chooser.cards if c.entry.game.id == "lupusburg")
    ui.move(app, bank.rect.center)
    app.update(0.02)
    assert chooser.shown is bank.entry
    ui.move(app, (5, 5))
    assert chooser.shown is chooser.selected
    ui.click_widget(app, bank)
    assert chooser.selected is bank.entry and app.stack.top is not chooser  # every game is playable now: it opens
    ui.frame(app)


def test_lupins_episodes_rob_a_bank_diabolik_and_lupusburg_are_playable_the_rest_says_coming_soon(ui):
    app = ui.app(scenes=("chooser",))
    chooser = app.stack.top
    assert len(chooser.entries) == 4 + 4  # four games and Lupin's four episodes
    playable = [e for e in chooser.entries if not e.coming_soon]
    assert len(playable) == 8  # Lupin, its two base episodes and the expansion's two; Rob a Bank; Diabolik; Lupusburg
    assert [(e.game.id, e.episode.id if e.episode else None) for e in chooser.entries if e.openable] == [
        ("lupin", "rosso-rubino"), ("lupin", "gran-colpo"), ("lupin", "cagliostro"), ("lupin", "stonehenge"),
        ("robbank", None), ("diabolik", None), ("lupusburg", None)]
    assert all(e.coming_soon and not e.openable for e in chooser.entries if e not in playable)


def test_a_playable_entry_opens_its_registered_setup_scene(ui):
    opened = []

    class Setup(Scene):
        def __init__(self, **options):
            super().__init__()
            self.options = options

    def factory(app, **options):
        scene = Setup(**options)
        opened.append(scene)
        return scene

    registry.register_scene("test-setup")(factory)
    try:
        text = LocalText(it="x", en="x")
        game = Game(id="demo", title=text, blurb=text, players=Players(2, 4), sides=text, playable=True,
                    setup="test-setup",
                    episodes=(Episode("one", text, text, playable=True), Episode("two", text, text)))
        app = ui.app()
        chooser = app.stack.push(ChooserScene(Catalog(games=(game,))))
        app.update(0.02)
        ep_one, ep_two = chooser.cards[1], chooser.cards[2]
        assert not ep_two.entry.openable and ep_two.entry.coming_soon
        ui.click_widget(app, ep_two)
        assert app.stack.top is chooser
        ui.click_widget(app, ep_one)
        assert isinstance(app.stack.top, Setup)
        assert opened[0].options == {"game": "demo", "episode": "one"}
    finally:
        registry.SCENES.pop("test-setup", None)


def test_the_real_catalogue_names_setup_scenes_for_later():
    catalog = load_catalog()
    assert all(g.setup for g in catalog.games)
