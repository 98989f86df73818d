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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from game.engine import resources
from game.engine.api import Action, Event, IllegalAction, action_from_json
from game.engine.content import ContentError, LList, LMap, load_yaml, register_checker

SCRIPT_FILE = ("lupin", "tutorial.yaml")
TEXT_PREFIX = "lupin_tutorial."
KINDS = ("note", "auto", "do")


@dataclass(frozen=True)
class Step:
    say: str                                  # text key (without the lupin_tutorial. prefix)
    kind: str                                 # note | auto | do
    actions: tuple[Action, ...] = ()
    values: Mapping[str, str] = field(default_factory=dict)
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

    def player_clicks(self) -> int:
        return sum(1 for s in self.steps if s.kind in ("do", "note"))


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


def parse_script(data: Any, path: Path) -> Script:
    """The script from parsed YAML; ContentError naming the line and field of the first problem."""
    import game.lupin.rules  # noqa: F401 - registers the title's actions (and the cards' and devices')

    if not isinstance(data, dict):
        raise ContentError(path, 1, None, "expected a mapping with config, seed and steps")
    unknown = [k for k in data if k not in ("config", "seed", "player", "steps")]
    if unknown:
        raise _fail(path, data, unknown[0], str(unknown[0]), "unknown field; expected config, seed, player, steps")
    config = data.get("config")
    if not isinstance(config, dict):
        raise _fail(path, data, "config", "config", "expected a mapping (the game's settings)")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise _fail(path, data, "seed", "seed", f"expected a whole number of at least 0, got {seed!r}")
    player = data.get("player", "lupin")
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
        actions: list[Action] = []
        kind = "note"
        if "do" in raw:
            kind = "do"
            items = [raw["do"]]
        elif "auto" in raw:
            kind = "auto"
            items = raw["auto"]
            if not isinstance(items, list) or not items:
                raise _fail(path, raw, "auto", f"{where}.auto", "expected a list of actions")
        else:
            items = []
        for j, item in enumerate(items):
            try:
                actions.append(action_from_json(_plain(item)))
            except ValueError as exc:
                node, key = (raw, "do") if kind == "do" else (items, j)
                raise _fail(path, node, key, f"{where}.{kind}" + ("" if kind == "do" else f"[{j}]"), str(exc))
        values = raw.get("values", {})
        if not isinstance(values, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in values.items()):
            raise _fail(path, raw, "values", f"{where}.values", "expected a mapping of names to texts")
        moments = raw.get("moments", [])
        if not isinstance(moments, list) or any(m not in MOMENTS for m in moments):
            raise _fail(path, raw, "moments", f"{where}.moments",
                        f"expected a list of: {', '.join(sorted(MOMENTS))}")
        steps.append(Step(say, kind, tuple(actions), dict(values), tuple(moments), line))
    return Script(_plain(config), seed, player, tuple(steps), str(path))


def _plain(value: Any) -> Any:
    """YAML's line-aware containers as plain dicts and lists (the engine wants plain JSON)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def load_script(root: Path | None = None) -> Script:
    path = script_path(root)
    return parse_script(load_yaml(path), path)


# ------------------------------------------------------------------------------------ moments

def _view_spot(state: Any, seat: str, fid: str) -> Any:
    return state.view(seat)["figures"][fid]["spot"]


def _did(events: list[Event], kind: str, **match: Any) -> bool:
    return any(e.kind == kind and all(e.data.get(k) == v for k, v in match.items()) for e in events)


MomentCheck = Callable[[Any, list[Event], str], "str | None"]


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


# ------------------------------------------------------------------------------------ replay check

def replay_problems(script: Script, texts: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    """Replay the script step by step: every action legal (a ``do`` action among the legal actions of
    its seat, exactly), every moment shown, the game won at the end, every text key present. One
    sentence per problem, naming the step; the replay stops at the first step that breaks."""
    from game.engine.replay import Match, describe_action
    import game.lupin.rules  # noqa: F401 - registers the title's actions and handlers

    problems: list[str] = []
    if texts is not None:
        for lang, table in texts.items():
            for i, step in enumerate(script.steps, 1):
                if step.key not in table:
                    problems.append(f"step {i} ({step.say}): no text {step.key!r} in {lang}")
                    continue
                try:
                    table[step.key].format(**step.values)
                except (KeyError, IndexError, ValueError) as exc:
                    problems.append(f"step {i} ({step.say}): the {lang} text {step.key!r} needs a value the "
                                    f"step does not give ({exc})")
    try:
        match = Match("lupin", script.config, script.seed, game_id="tutorial")
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
                                "regenerate the script (python -m tools.tutorial.find --write)")
                return problems
        for action in step.actions:
            try:
                events.extend(match.apply(action))
            except IllegalAction as exc:
                problems.append(f"{name}: {describe_action(action)} no longer replays: {exc.sentence} "
                                "Regenerate the script (python -m tools.tutorial.find --write).")
                return problems
        for moment in step.moments:
            why = moment_problem(moment, match.state, events, script.player)
            if why:
                problems.append(f"{name}: moment {moment!r} not shown: {why}")
                return problems
        if step.kind == "auto" and match.state.is_over() and i < len(script.steps) - 1:
            problems.append(f"{name}: the game ended before the script")
            return problems
    result = match.state.result()
    if result is None or script.player not in result.winners:
        problems.append("the script ends before the gang has won")
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


@register_checker("lupin-tutorial")
def check_lupin_tutorial(root: Path) -> list[ContentError]:
    path = script_path(root)
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


def _step_number(problem: str) -> int | None:
    if problem.startswith("step "):
        head = problem[5:].split(" ", 1)[0]
        if head.isdigit():
            return int(head)
    return None
