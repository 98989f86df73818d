"""The Lupin tutorial's script (data/lupin/tutorial.yaml) as typed data, checked at load, and a
replay check that ``heist-table check-data`` runs ("lupin-tutorial").

A script has the shape of a save: a ``config``, a ``seed`` and the actions, here grouped into
**steps**, each with one sentence (``say``: a key under ``lupin_tutorial.`` in
data/i18n/<lang>/lupin_tutorial.yaml, with optional ``values``) and one of:

* ``do`` – the one action the player must make (the screen lights where to click it);
* ``auto`` – actions the computer plays one by one while the sentence shows (the police's turn);
* neither – a note the player reads and closes with *Continue*.

``moments`` name what a step must show once played (Lupin hidden from Zenigata, spotted, a hit,
inside a building, the ruby, a card played, escaped, the game won); :func:`check_script` replays
the whole script against the rules and checks every moment, so a rules change that breaks the
story fails here with the step that broke, and ``python -m tools.tutorial.find --write``
regenerates it. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.engine import resources
from game.engine import tutorial_script as shared
from game.engine.api import Event
from game.engine.content import ContentError, register_checker
from game.engine.tutorial_script import KINDS, MomentCheck, Script, Step  # noqa: F401 - the title's script types

SCRIPT_FILE = ("lupin", "tutorial.yaml")
TEXT_PREFIX = "lupin_tutorial."


def script_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*SCRIPT_FILE)


# ------------------------------------------------------------------------------------ moments

_did = shared.did


def _view_spot(state: Any, seat: str, fid: str) -> Any:
    return state.view(seat)["figures"][fid]["spot"]


def _hidden(state, events, player):
    if state.view("zenigata")["figures"][player]["spot"] is not None:
        return "Zenigata sees where Lupin is: the move was meant to be unseen"
    if _view_spot(state, player, player) is None:
        return "Lupin's own seat does not know where he is"
    return None


def _spotted(state, events, player):
    if not _did(events, "spotted", figure=player):
        return "nobody spotted Lupin"
    if state.view("zenigata")["figures"][player]["spot"] is None:
        return "Zenigata still does not see Lupin"
    return None


def _shot_hit(state, events, player):
    if not _did(events, "shot", figure=player, hit=True):
        return "Lupin's shot did not hit"
    if not _did(events, "eliminated", by=player):
        return "the agent Lupin hit is still on the board"
    return None


def _inside(state, events, player):
    spot = _view_spot(state, player, player)
    return None if isinstance(spot, str) and spot.startswith("inside ") else "Lupin is not inside a building"


def _treasure(state, events, player):
    if not _did(events, "flipped", figure=player, treasure=True):
        return "the tile Lupin flipped is not the ruby"
    return None


def _card_played(state, events, player):
    if not (_did(events, "card_played", figure=player) or _did(events, "card_hit", figure=player)):
        return "Lupin played no mission card"
    return None


def _partner_out(state, events, player):
    mine = [c for c, s in state.view(player)["seats"].items() if s == player and c != player]
    if not any(state.view(player)["figures"][c]["escaped"] for c in mine):
        return "Lupin's partner did not leave the map"
    return None


def _escaped(state, events, player):
    return None if _did(events, "escaped", figure=player, treasure=True) else "Lupin did not escape with the ruby"


def _won(state, events, player):
    result = state.result()
    if result is None or player not in result.winners:
        return "the gang has not won"
    return None


MOMENTS: dict[str, MomentCheck] = {
    "hidden": _hidden, "spotted": _spotted, "shot_hit": _shot_hit, "inside": _inside,
    "treasure": _treasure, "card_played": _card_played, "partner_out": _partner_out,
    "escaped": _escaped, "won": _won,
}


def moment_problem(name: str, state: Any, events: list[Event], player: str) -> str | None:
    """Why ``state`` (after a step that produced ``events``) does not show moment ``name``, or None."""
    return MOMENTS[name](state, events, player)


def _register() -> None:
    import game.lupin.rules  # noqa: F401 - registers the title's actions (and the cards' and devices')


def _won(state: Any, script: Script) -> str | None:
    result = state.result()
    return None if result is not None and script.player in result.winners else "the script ends before the gang has won"


FORMAT = shared.ScriptFormat(
    title="lupin", text_prefix=TEXT_PREFIX, default_player="lupin", moments=MOMENTS, register=_register,
    find_command="python -m tools.tutorial.find --write",
    shape_message="expected a mapping with config, seed and steps", values_are_texts=True,
    check_formats=True, ends_only_after_auto=True, final_check=_won)


# ------------------------------------------------------------------------------------ loading and checks

def parse_script(data: Any, path: Path) -> Script:
    """The script from parsed YAML; ContentError naming the line and field of the first problem."""
    return shared.parse_script(data, path, FORMAT)


def load_script(root: Path | None = None) -> Script:
    return shared.load_script(script_path(root), FORMAT)


def replay_problems(script: Script, texts: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    """Replay the script step by step: every action legal (a ``do`` action among the legal actions of
    its seat, exactly), every moment shown, the game won at the end, every text key present. One
    sentence per problem, naming the step; the replay stops at the first step that breaks."""
    return shared.replay_problems(script, FORMAT, texts)


def check_script(root: Path | None = None) -> list[str]:
    """Load and replay the script; the problems as sentences (empty: all is well)."""
    return shared.check_script(load_script, FORMAT, root)


@register_checker("lupin-tutorial")
def check_lupin_tutorial(root: Path) -> list[ContentError]:
    return shared.content_errors(script_path(root), load_script, check_script, root)
