"""The hot-seat curtain hides everything until the named player clicks."""

import pygame
import pytest

from game.ui.scenes import ChooserScene, CurtainScene, QuitConfirmScene, SettingsScene, TitleScene


def _render_curtain_over(ui, below, size, name="Fujiko"):
    app = ui.app(size=size, scenes=())
    for scene in below:
        app.stack.push(scene)
    app.stack.push(CurtainScene(name))
    for _ in range(3):
        app.update(0.4)
    app.draw()
    return pygame.image.tobytes(app.canvas.surface, "RGB")


@pytest.mark.parametrize("size", [(1600, 900), (1000, 1000), (2560, 1080)])
def test_the_curtain_frame_is_the_same_whatever_lies_below(ui, size):
    frames = [
        _render_curtain_over(ui, [TitleScene()], size),
        _render_curtain_over(ui, [TitleScene(), ChooserScene()], size),
        _render_curtain_over(ui, [SettingsScene()], size),
    ]
    assert frames[0] == frames[1] == frames[2]


def test_the_curtain_paints_the_bars_too(ui):
    app = ui.app(size=(1000, 1000), scenes=())
    app.canvas.surface.fill((0, 255, 0))
    app.stack.push(CurtainScene("Jigen"))
    app.update(1.0)
    app.stack.draw(app.canvas)  # without the app's own clearing
    surf = app.canvas.surface
    w, h = surf.get_size()
    for x in range(0, w, 25):
        for y in range(0, h, 25):
            assert tuple(surf.get_at((x, y)))[:3] != (0, 255, 0), (x, y)


def test_a_click_after_the_delay_lifts_it_and_calls_back(ui):
    called = []
    app = ui.app()
    title = app.stack.top
    curtain = app.stack.push(CurtainScene("Goemon", on_ready=lambda: called.append(True)))
    app.update(0.05)
    ui.click(app, (800, 450))  # too soon: the previous player's double-click
    assert app.stack.top is curtain and not called
    app.update(CurtainScene.ARM_DELAY)
    ui.click(app, (800, 450))
    assert called == [True] and app.stack.top is title


def test_nothing_reaches_the_scene_below(ui):
    app = ui.app()
    title = app.stack.top
    app.stack.push(CurtainScene("Jigen"))
    app.update(1.0)
    ui.move(app, title.play_button.rect.center)
    assert not title.play_button.hovered
    ui.click_widget(app, title.play_button)  # lifts the curtain, does not press Play
    assert app.stack.top is title


def test_escape_on_the_curtain_asks_to_quit_and_keeps_it_hidden(ui):
    app = ui.app()
    curtain = app.stack.push(CurtainScene("Jigen"))
    app.update(1.0)
    ui.key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, QuitConfirmScene)
    assert app.stack.visible()[0] is curtain  # the dialog sits on the curtain, not on the game
    ui.key(app, pygame.K_ESCAPE)
    assert app.stack.top is curtain


def test_the_name_is_in_the_text(ui):
    from game.engine import i18n

    assert "Fujiko" in i18n.t("curtain.pass_to", name="Fujiko")
    i18n.set_language("it")
    assert i18n.t("curtain.pass_to", name="Fujiko") == "Passa a Fujiko"
    assert i18n.t("curtain.click_when_ready") == "Clicca quando sei pronto"
