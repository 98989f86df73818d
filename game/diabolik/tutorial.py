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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import resources
from game.engine.api import Action, Event, IllegalAction, action_from_json
from game.engine.content import ContentError, LList, LMap, load_yaml, register_checker

TITLE = "diabolik"
SCRIPT_FILE = ("diabolik", "tutorial.yaml")
TEXT_PREFIX = "diabolik_tutorial."


@dataclass(frozen=True)
class Step:
    say: str                                  # text key (without the diabolik_tutorial. prefix)
    kind: str                                 # note | auto | do
    actions: tuple[Action, ...] = ()
    values: Mapping[str, Any] = field(default_factory=dict)
    moments: tuple[str, ...] = ()
    line: int = 0

    @property
    def key(self) -> str:
        return TEXT_PREFIX + self.say

    @property
    def expected(self) -> Action | None:
        """The action a ``do`` step waits for."""
        return self.actions[0] if self.kind == "do" else None


@dataclass(frozen=True)
class Script:
    config: Mapping[str, Any]
    seed: int
    player: str
    steps: tuple[Step, ...]
    path: str = ""

    def actions_before(self, index: int) -> list[Action]:
        """Every action of the steps before ``index``: the game as it stands when that step begins."""
        return [a for s in self.steps[:index] for a in s.actions]


def script_path(root: Path | None = None) -> Path:
    return resources.data_dir(root).joinpath(*SCRIPT_FILE)


# ------------------------------------------------------------------------------------ loading

def _fail(path: Path, node: Any, key: Any, field_name: str, message: str) -> ContentError:
    line = None
    if isinstance(node, LMap):
        line = node.line_of(key)
    elif isinstance(node, LList) and isinstance(key, int):
        line = node.line_of(key)
    return ContentError(path, line, field_name, message)


def _plain(value: Any) -> Any:
    """YAML's line-aware containers as plain dicts and lists (the engine wants plain JSON)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def parse_script(data: Any, path: Path) -> Script:
    """The script from parsed YAML; ContentError naming the line and field of the first problem."""
    import game.diabolik.rules  # noqa: F401 - registers the title's actions

    if not isinstance(data, dict):
        raise ContentError(path, 1, None, "expected a mapping with config, seed, player and steps")
    unknown = [k for k in data if k not in ("config", "seed", "player", "steps")]
    if unknown:
        raise _fail(path, data, unknown[0], str(unknown[0]), "unknown field; expected config, seed, player, steps")
    config = data.get("config")
    if not isinstance(config, dict):
        raise _fail(path, data, "config", "config", "expected a mapping (the game's settings)")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise _fail(path, data, "seed", "seed", f"expected a whole number of at least 0, got {seed!r}")
    player = data.get("player", "diabolik")
    if not isinstance(player, str):
        raise _fail(path, data, "player", "player", "expected the player's seat (a text)")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise _fail(path, data, "steps", "steps", "expected a list of steps")
    steps = []
    for i, raw in enumerate(raw_steps):
        where = f"steps[{i}]"
        if not isinstance(raw, dict):
            raise _fail(path, raw_steps, i, where, "expected a mapping (say, and do or auto)")
        line = raw.line if isinstance(raw, LMap) else 0
        extra = [k for k in raw if k not in ("say", "do", "auto", "values", "moments")]
        if extra:
            raise _fail(path, raw, extra[0], f"{where}.{extra[0]}",
                        "unknown field; expected say, do, auto, values, moments")
        say = raw.get("say")
        if not isinstance(say, str) or not say:
            raise _fail(path, raw, "say", f"{where}.say", "expected a text key")
        if "do" in raw and "auto" in raw:
            raise _fail(path, raw, "auto", f"{where}.auto", "a step is either do (the player) or auto (the computer)")
        kind = "do" if "do" in raw else ("auto" if "auto" in raw else "note")
        items = [raw["do"]] if kind == "do" else (raw.get("auto") if kind == "auto" else [])
        if kind == "auto" and (not isinstance(items, list) or not items):
            raise _fail(path, raw, "auto", f"{where}.auto", "expected a list of actions")
        actions: list[Action] = []
        for j, item in enumerate(items or []):
            try:
                actions.append(action_from_json(_plain(item)))
            except ValueError as exc:
                node, key = (raw, "do") if kind == "do" else (items, j)
                raise _fail(path, node, key, f"{where}.{kind}" + ("" if kind == "do" else f"[{j}]"), str(exc)) from exc
        values = raw.get("values", {})
        if not isinstance(values, dict):
            raise _fail(path, raw, "values", f"{where}.values", "expected a mapping of names to values")
        moments = raw.get("moments", [])
        if not isinstance(moments, list) or any(m not in MOMENTS for m in moments):
            raise _fail(path, raw, "moments", f"{where}.moments", f"expected a list of: {', '.join(sorted(MOMENTS))}")
        steps.append(Step(say, kind, tuple(actions), _plain(values), tuple(moments), line))
    return Script(_plain(config), seed, player, tuple(steps), str(path))


def load_script(root: Path | None = None) -> Script:
    path = script_path(root)
    return parse_script(load_yaml(path), path)


# ------------------------------------------------------------------------------------ moments

def _kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def _did(events: list[Event], kind: str, **match: Any) -> bool:
    return any(e.kind == kind and all(e.data.get(k) == v for k, v in match.items()) for e in events)


MomentCheck = Callable[[Any, list[Event], str], "str | None"]


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


# ------------------------------------------------------------------------------------ replay check

def replay_problems(script: Script, texts: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    """Replay the script step by step: every ``do`` action among its seat's legal actions, exactly;
    every action applied; every moment shown; every required moment somewhere; every text present.
    One sentence per problem, naming the step; the replay stops at the first step that breaks."""
    from game.engine.replay import Match, describe_action

    problems: list[str] = []
    if texts is not None:
        for lang, table in texts.items():
            for i, step in enumerate(script.steps, 1):
                if step.key not in table:
                    problems.append(f"step {i} ({step.say}): no text {step.key!r} in {lang}")
    missing = [m for m in REQUIRED_MOMENTS if not any(m in s.moments for s in script.steps)]
    if missing:
        problems.append(f"the script never shows: {', '.join(missing)}")
    try:
        match = Match(TITLE, script.config, script.seed, game_id="tutorial")
    except Exception as exc:  # noqa: BLE001 - a bad config is content
        return problems + [f"the tutorial's game cannot start: {exc}"]
    for i, step in enumerate(script.steps, 1):
        name = f"step {i} ({step.say})"
        events: list[Event] = []
        if step.kind == "do":
            action = step.actions[0]
            if action.seat != script.player:
                problems.append(f"{name}: a player's step must be the player's ({script.player}) action")
                return problems
            if action not in match.state.legal_actions(action.seat):
                problems.append(f"{name}: {describe_action(action)} is not among the legal actions now; "
                                "regenerate the script (python -m tools.tutorial.diabolik_find --write)")
                return problems
        for action in step.actions:
            try:
                events.extend(match.apply(action))
            except IllegalAction as exc:
                problems.append(f"{name}: {describe_action(action)} no longer replays: {exc.sentence} "
                                "Regenerate the script (python -m tools.tutorial.diabolik_find --write).")
                return problems
        for moment in step.moments:
            why = moment_problem(moment, match.state, events, script.player)
            if why:
                problems.append(f"{name}: moment {moment!r} not shown: {why}")
                return problems
        if match.state.is_over() and i < len(script.steps) - 1:
            problems.append(f"{name}: the game ended before the script")
            return problems
    return problems


def check_script(root: Path | None = None) -> list[str]:
    """Load and replay the script; the problems as sentences (empty: all is well)."""
    from game.engine.i18n import LANGUAGES, load_language

    try:
        script = load_script(root)
    except ContentError as exc:
        return [str(exc)]
    texts = {}
    for lang in LANGUAGES:
        try:
            texts[lang] = load_language(lang, root)[0]
        except ContentError as exc:
            return [str(exc)]
    return replay_problems(script, texts)


def _step_number(problem: str) -> int | None:
    if problem.startswith("step "):
        head = problem[5:].split(" ", 1)[0]
        if head.isdigit():
            return int(head)
    return None


@register_checker("diabolik-tutorial")
def check_diabolik_tutorial(root: Path) -> list[ContentError]:
    path = script_path(root)
    if not path.is_file():
        return [ContentError(path, None, None, "the Diabolik tutorial's script is missing")]
    try:
        script = load_script(root)
    except ContentError as exc:
        return [exc]
    out = []
    for problem in check_script(root):
        step = _step_number(problem)
        line = script.steps[step - 1].line if step and step <= len(script.steps) else None
        out.append(ContentError(path, line, f"steps[{step - 1}]" if step else None, problem))
    return out
