"""The Lupusburg tutorial's script (data/lupusburg/tutorial.yaml) as typed data, checked at load,
and a replay check that ``heist-table check-data`` runs ("lupusburg-tutorial"). Pure: no pygame.

The player is Red, the first Burgomaster, in a four-player game; the other three seats' moves are
the script's ``auto`` steps (written into the script, so the tutorial does not depend on the
computer players). The story: Red, dealt the Thief, lays out his houses, makes his night call (a
house with no chest), sees a house emptied at dawn, uses the privilege and finds the Werewolf,
bets on him, closes the discussion, nominates the Werewolf's character and lynches it in the
runoff. The tutorial ends there (a note, then "Well done"), the game still under way: the Werewolf
lives on in his other house.

Sentences are keys ``lupusburg_tutorial.<say>`` of data/i18n/<lang>/lupusburg_ui.yaml. ``python -m
tools.tutorial.lupusburg_find --write`` writes a new script.
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

TITLE = "lupusburg"
SCRIPT_FILE = ("lupusburg", "tutorial.yaml")
TEXT_PREFIX = "lupusburg_tutorial."
PLAYER = "red"


def script_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*SCRIPT_FILE)


_did = shared.did


def _placed(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "lupusburg.placed", seat=player) else "the player laid out no houses"


def _called(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "lupusburg.called", seat=player) else "the player made no night call"


def _killed(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "lupusburg.killed") else "nobody was killed at dawn"


def _privilege(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "lupusburg.privilege", burgomaster=player) else "the player used no privilege"


def _bet(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "lupusburg.bet", seat=player) else "the player placed no seal"


def _lynched(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "lupusburg.lynched") else "nobody was lynched"


MOMENTS: dict[str, MomentCheck] = {"placed": _placed, "called": _called, "killed": _killed,
                                   "privilege": _privilege, "bet": _bet, "lynched": _lynched}
REQUIRED_MOMENTS = ("placed", "called", "killed", "privilege", "bet", "lynched")


def _register() -> None:
    import game.lupusburg.rules  # noqa: F401 - registers the title's actions


FORMAT = shared.ScriptFormat(
    title=TITLE, text_prefix=TEXT_PREFIX, default_player=PLAYER, moments=MOMENTS, register=_register,
    find_command="python -m tools.tutorial.lupusburg_find --write", required_moments=REQUIRED_MOMENTS)


def parse_script(data: Any, path: Path) -> Script:
    return shared.parse_script(data, path, FORMAT)


def load_script(root: Path | None = None) -> Script:
    return shared.load_script(script_path(root), FORMAT)


def replay_problems(script: Script, texts: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    return shared.replay_problems(script, FORMAT, texts)


def check_script(root: Path | None = None) -> list[str]:
    return shared.check_script(load_script, FORMAT, root)


@register_checker("lupusburg-tutorial")
def check_lupusburg_tutorial(root: Path) -> list[ContentError]:
    return shared.content_errors(script_path(root), load_script, check_script, root,
                                 missing="the Lupusburg tutorial's script is missing")
