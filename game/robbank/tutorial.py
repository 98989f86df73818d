"""The How to Rob a Bank tutorial's script (data/robbank/tutorial.yaml) as typed data, checked at
load, and a replay check that ``heist-table check-data`` runs ("robbank-tutorial"). Pure: no pygame.

The player is the yellow thief in a three-player game with open stacks; the computer plays the
bank and the red thief (their moves are the script's ``auto`` steps). The story: the pieces placed,
the player lays five cards, the stacks are turned over, the bank and red play their cards, and the
player plays his: a move into a room with a bag, a grab, the car brought round, the bag thrown into
it. The tutorial ends with that first bag stolen (a note, then "Well done"), not with the game.

Sentences are keys ``robbank_tutorial.<say>`` of data/i18n/<lang>/robbank_ui.yaml; the screen fills
in what the step's action names (the card, the room, the road section). ``python -m
tools.tutorial.robbank_find --write`` writes a new script.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.engine import resources
from game.engine import tutorial_script as shared
from game.engine.api import Event
from game.engine.content import ContentError, register_checker
from game.engine.tutorial_script import MomentCheck, Script, Step  # noqa: F401 - the title's script types

TITLE = "robbank"
SCRIPT_FILE = ("robbank", "tutorial.yaml")
TEXT_PREFIX = "robbank_tutorial."
PLAYER = "yellow"


def script_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*SCRIPT_FILE)


_did = shared.did


def _laid(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "robbank.laid", stack=player) else "the player laid no card"


def _turned_over(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "robbank.turned_over") else "the stacks were not turned over"


def _grabbed(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "robbank.grabbed", thief=player) else "the player grabbed no bag"


def _thrown(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "robbank.thrown", thief=player) else "no bag was thrown into the car"


MOMENTS: dict[str, MomentCheck] = {"laid": _laid, "turned_over": _turned_over, "grabbed": _grabbed,
                                   "thrown": _thrown}
REQUIRED_MOMENTS = ("laid", "turned_over", "grabbed", "thrown")


def _register() -> None:
    import game.robbank.rules  # noqa: F401 - registers the title's actions


FORMAT = shared.ScriptFormat(
    title=TITLE, text_prefix=TEXT_PREFIX, default_player=PLAYER, moments=MOMENTS, register=_register,
    find_command="python -m tools.tutorial.robbank_find --write", required_moments=REQUIRED_MOMENTS)


def parse_script(data: Any, path: Path) -> Script:
    return shared.parse_script(data, path, FORMAT)


def load_script(root: Path | None = None) -> Script:
    return shared.load_script(script_path(root), FORMAT)


def replay_problems(script: Script, texts: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    return shared.replay_problems(script, FORMAT, texts)


def check_script(root: Path | None = None) -> list[str]:
    return shared.check_script(load_script, FORMAT, root)


@register_checker("robbank-tutorial")
def check_robbank_tutorial(root: Path) -> list[ContentError]:
    return shared.content_errors(script_path(root), load_script, check_script, root,
                                 missing="the How to Rob a Bank tutorial's script is missing")
