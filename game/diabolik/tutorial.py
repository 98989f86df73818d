"""The Diabolik tutorial's script (data/diabolik/tutorial.yaml) as typed data, checked at load, and
a replay check that ``heist-table check-data`` runs ("diabolik-tutorial"). Pure: no pygame.

A script has the shape of a save: a ``config``, a ``seed`` and the actions, grouped into **steps**,
each with one sentence (``say``: a key under ``diabolik_tutorial.`` in
data/i18n/<lang>/diabolik_texts.yaml, with optional ``values``) and one of:

* ``do`` – the one action the player must click (the screen lights where);
* ``auto`` – actions the computer plays one by one while the sentence shows;
* neither – a note the player reads and closes with *Continue*.

The police play inside the rules (their phase runs in the ``apply`` of the turn's last action),
so "watching the police" is a note after the click that ends the turn: the log and the board show
each police move with its reason.

``moments`` name what a step must show once played (a move in the shadow unseen, a sighting, loot
taken, the police moving with their reasons, a choice asked and answered, the criminal
discovered, back in the shadow, loot banked); :func:`replay_problems` replays the whole script
against the rules and checks every moment, so a rules change that breaks the story fails here
with the step that broke; ``python -m tools.tutorial.diabolik_find --write`` writes a new one.
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

TITLE = "diabolik"
SCRIPT_FILE = ("diabolik", "tutorial.yaml")
TEXT_PREFIX = "diabolik_tutorial."


def script_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*SCRIPT_FILE)


# ------------------------------------------------------------------------------------ moments

_did = shared.did


def _pawn(state: Any, player: str) -> Any:
    return state.view(player).criminals[player]


def _shadow_move(state: Any, events: list[Event], player: str) -> str | None:
    if not _did(events, "diabolik.moved", who=player):
        return "the criminal did not move"
    if _did(events, "diabolik.sighting", who=player) or _pawn(state, player).on_the_run:
        return "the move was seen: it was meant to go unseen in the shadow"
    return None


def _sighting(state: Any, events: list[Event], player: str) -> str | None:
    if not _did(events, "diabolik.sighting", who=player):
        return "no sighting"
    if not _did(events, "diabolik.danger", reason="sighting"):
        return "the sighting did not raise the danger"
    return None


def _took_loot(state: Any, events: list[Event], player: str) -> str | None:
    return None if _did(events, "diabolik.took_loot", who=player) else "no loot was taken"


def _police(state: Any, events: list[Event], player: str) -> str | None:
    moved = [e for e in events if e.kind == "diabolik.police_moved"]
    if not moved:
        return "no policeman moved"
    if not any(e.data.get("reason") for e in moved):
        return "the police moved without a reason"
    return None


def _choice_asked(state: Any, events: list[Event], player: str) -> str | None:
    pending = state.view(player).pending
    if pending is None:
        return "no choice is waiting for the criminals"
    if player not in state.to_act():
        return "the choice is not the player's to make"
    return None


def _chose(state: Any, events: list[Event], player: str) -> str | None:
    if state.view(player).pending is not None and not events:
        return "the choice was not made"
    return None


def _discovered(state: Any, events: list[Event], player: str) -> str | None:
    if not _did(events, "diabolik.discovered", who=player):
        return "the criminal was not discovered"
    if not _pawn(state, player).on_the_run:
        return "the criminal is not on the run"
    return None


def _hid(state: Any, events: list[Event], player: str) -> str | None:
    if not _did(events, "diabolik.hid", who=player) or _pawn(state, player).on_the_run:
        return "the criminal is not back in the shadow"
    return None


def _banked(state: Any, events: list[Event], player: str) -> str | None:
    if not _did(events, "diabolik.banked", who=player):
        return "no loot was banked"
    return None


MOMENTS: dict[str, MomentCheck] = {
    "shadow_move": _shadow_move, "sighting": _sighting, "took_loot": _took_loot, "police": _police,
    "choice_asked": _choice_asked, "chose": _chose, "discovered": _discovered, "hid": _hid, "banked": _banked,
}
# what the tutorial must teach, in some step (issue #13's list)
REQUIRED_MOMENTS = ("shadow_move", "sighting", "took_loot", "police", "choice_asked", "chose", "discovered",
                    "hid", "banked")


def moment_problem(name: str, state: Any, events: list[Event], player: str) -> str | None:
    """Why ``state`` (after a step that produced ``events``) does not show moment ``name``, or None."""
    return MOMENTS[name](state, events, player)


def _register() -> None:
    import game.diabolik.rules  # noqa: F401 - registers the title's actions


FORMAT = shared.ScriptFormat(
    title=TITLE, text_prefix=TEXT_PREFIX, default_player="diabolik", moments=MOMENTS, register=_register,
    find_command="python -m tools.tutorial.diabolik_find --write", required_moments=REQUIRED_MOMENTS)


# ------------------------------------------------------------------------------------ loading and checks

def parse_script(data: Any, path: Path) -> Script:
    """The script from parsed YAML; ContentError naming the line and field of the first problem."""
    return shared.parse_script(data, path, FORMAT)


def load_script(root: Path | None = None) -> Script:
    return shared.load_script(script_path(root), FORMAT)


def replay_problems(script: Script, texts: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    """Replay the script step by step: every ``do`` action among its seat's legal actions, exactly;
    every action applied; every moment shown; every required moment somewhere; every text present.
    One sentence per problem, naming the step; the replay stops at the first step that breaks."""
    return shared.replay_problems(script, FORMAT, texts)


def check_script(root: Path | None = None) -> list[str]:
    """Load and replay the script; the problems as sentences (empty: all is well)."""
    return shared.check_script(load_script, FORMAT, root)


@register_checker("diabolik-tutorial")
def check_diabolik_tutorial(root: Path) -> list[ContentError]:
    return shared.content_errors(script_path(root), load_script, check_script, root,
                                 missing="the Diabolik tutorial's script is missing")
