"""The shared scenes, registered by name for ``heist-table screenshot`` (see game.ui.registry)."""

from __future__ import annotations

from typing import Any

from game.ui.registry import register_scene
from game.ui.scenes.chooser import ChooserScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes import end, replay, setup  # noqa: F401 - register shell-setup, shell-end, shell-replay
from game.ui.scenes.quit_confirm import QuitConfirmScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene

__all__ = ["ChooserScene", "CurtainScene", "QuitConfirmScene", "SettingsScene", "TitleScene"]


@register_scene("title")
def _title(app: Any, **_: Any) -> TitleScene:
    return TitleScene()


@register_scene("chooser")
def _chooser(app: Any, **_: Any) -> list:
    return [TitleScene(), ChooserScene()]


@register_scene("settings")
def _settings(app: Any, **_: Any) -> list:
    return [TitleScene(), SettingsScene()]


@register_scene("curtain")
def _curtain(app: Any, name: str = "Jigen", **_: Any) -> list:
    return [TitleScene(), CurtainScene(name)]


@register_scene("quit-confirm")
def _quit_confirm(app: Any, **_: Any) -> list:
    return [TitleScene(), QuitConfirmScene()]


@register_scene("example-setup")
def _example_setup(app: Any, **_: Any) -> list:
    return [TitleScene(), setup.SetupScene("example", seed=7, look_for_saves=False, players={"south": "random"})]


@register_scene("example-end")
def _example_end(app: Any, **_: Any) -> list:
    return [TitleScene(), end.EndScene(end.finished_example())]


@register_scene("example-replay")
def _example_replay(app: Any, **_: Any) -> list:
    return [TitleScene(), replay.ReplayScene(end.finished_example(), start=5)]
