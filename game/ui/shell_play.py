"""`heist-table play TITLE` for a title that uses the shell's set-up screen (its spec's ``play`` is
this module): the window opens on the title's set-up (game/ui/scenes/setup.py), Start one click
away; ``--seed N`` fixes the seed it shows."""

from __future__ import annotations

import argparse
from typing import Any


def add_arguments(p: argparse.ArgumentParser) -> None:
    """``--seed``: the seed the set-up shows."""
    p.add_argument("--seed", type=int, metavar="N", help="the seed the set-up shows (the same seed, the same game)")


def scenes_for(title: str, seed: int | None = None) -> list[Any]:
    """The scenes the window opens with, bottom first: the title screen (where Back leads) and the
    set-up (the title's own when its spec names one, as the chooser opens it)."""
    from game.engine.titles import title as spec_of
    from game.ui import registry
    from game.ui.scenes.setup import SCENE_NAME, SetupScene
    from game.ui.scenes.title import TitleScene

    own = spec_of(title).setup_scene
    if own and own != SCENE_NAME and registry.is_registered(own):
        return [TitleScene(look_for_saves=True), *registry.build_scenes(own, None, game=title, seed=seed)]
    return [TitleScene(look_for_saves=True), SetupScene(title, seed=seed)]


def run(args: argparse.Namespace) -> int:
    """Open the window on ``args.title``'s set-up (2 and a sentence for a bad size)."""
    size = None
    if args.play_size:
        from game.cli import parse_size

        size = parse_size(args.play_size)
    from game.ui.app import run_app

    seed = getattr(args, "seed", None)
    return run_app(args.play_lang or getattr(args, "lang", None), size, bool(getattr(args, "fullscreen", False)),
                   scenes=lambda: scenes_for(args.title, seed))
