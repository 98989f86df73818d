"""A title's tutorial script (data/<title>/tutorial.yaml) as typed data, checked at load, and the
replay check a title registers with ``heist-table check-data``. Pure: no pygame, and no title named:
each title passes in what is its own (a :class:`ScriptFormat`: its default player, its moments,
its text prefix, how strict its ``values`` are, what its replay must end with).

A script has the shape of a save: a ``config``, a ``seed`` and the actions, grouped into **steps**,
each with one sentence (``say``: a key under the title's text prefix, with optional ``values``) and
one of:

* ``do`` – the one action the player must make (the screen lights where to click it);
* ``auto`` – actions the computer plays one by one while the sentence shows;
* neither – a note the player reads and closes with *Continue*.

``moments`` name what a step must show once played; :func:`replay_problems` replays the whole script
against the rules and checks every moment, so a rules change that breaks the story fails with the
step that broke.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.api import Action, Event, IllegalAction, action_from_json, action_to_json
from game.engine.content import ContentError, LList, LMap, load_yaml

KINDS = ("note", "auto", "do")

MomentCheck = Callable[[Any, list[Event], str], "str | None"]


@dataclass(frozen=True)
class Step:
    say: str                                  # text key (without the title's text prefix)
    kind: str                                 # note | auto | do
    actions: tuple[Action, ...] = ()
    values: Mapping[str, Any] = field(default_factory=dict)
    moments: tuple[str, ...] = ()
    line: int = 0
    prefix: str = ""                          # the title's text prefix ("<title>_tutorial.")

    @property
    def key(self) -> str:
        return self.prefix + self.say

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


@dataclass(frozen=True)
class ScriptFormat:
    """What one title's script format adds to the shared one."""
    title: str                                # the title's id (the replay's Match)
    text_prefix: str                          # "<title>_tutorial."
    default_player: str                       # the seat the player plays when the script names none
    moments: Mapping[str, MomentCheck]        # moment name -> why the state does not show it (or None)
    register: Callable[[], None]              # imports the title's rules (registers its actions)
    find_command: str                         # the command that regenerates the script
    shape_message: str = "expected a mapping with config, seed, player and steps"
    values_are_texts: bool = False            # values: only texts (else any plain value)
    required_moments: tuple[str, ...] = ()    # moments some step must show
    check_formats: bool = False               # each text must format with its step's values
    ends_only_after_auto: bool = False        # "the game ended before the script" checked on auto steps only
    final_check: Callable[[Any, Script], str | None] | None = None   # the finished replay's last word


# ------------------------------------------------------------------------------------ loading

def content_error(path: Path, node: Any, key: Any, field_name: str, message: str) -> ContentError:
    """A ContentError naming the line of ``key`` in ``node`` (a line-aware mapping or list)."""
    line = None
    if isinstance(node, LMap):
        line = node.line_of(key)
    elif isinstance(node, LList) and isinstance(key, int):
        line = node.line_of(key)
    return ContentError(path, line, field_name, message)


def plain(value: Any) -> Any:
    """YAML's line-aware containers as plain dicts and lists (the engine wants plain JSON)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _values_ok(values: Any, texts_only: bool) -> bool:
    if not isinstance(values, dict):
        return False
    return not texts_only or all(isinstance(k, str) and isinstance(v, str) for k, v in values.items())


def parse_script(data: Any, path: Path, fmt: ScriptFormat) -> Script:
    """The script from parsed YAML; ContentError naming the line and field of the first problem."""
    _fail = content_error
    fmt.register()
    if not isinstance(data, dict):
        raise ContentError(path, 1, None, fmt.shape_message)
    unknown = [k for k in data if k not in ("config", "seed", "player", "steps")]
    if unknown:
        raise _fail(path, data, unknown[0], str(unknown[0]), "unknown field; expected config, seed, player, steps")
    config = data.get("config")
    if not isinstance(config, dict):
        raise _fail(path, data, "config", "config", "expected a mapping (the game's settings)")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise _fail(path, data, "seed", "seed", f"expected a whole number of at least 0, got {seed!r}")
    player = data.get("player", fmt.default_player)
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
                actions.append(action_from_json(plain(item)))
            except ValueError as exc:
                node, key = (raw, "do") if kind == "do" else (items, j)
                raise _fail(path, node, key, f"{where}.{kind}" + ("" if kind == "do" else f"[{j}]"), str(exc)) from exc
        values = raw.get("values", {})
        if not _values_ok(values, fmt.values_are_texts):
            what = "texts" if fmt.values_are_texts else "values"
            raise _fail(path, raw, "values", f"{where}.values", f"expected a mapping of names to {what}")
        moments = raw.get("moments", [])
        if not isinstance(moments, list) or any(m not in fmt.moments for m in moments):
            raise _fail(path, raw, "moments", f"{where}.moments",
                        f"expected a list of: {', '.join(sorted(fmt.moments))}")
        steps.append(Step(say, kind, tuple(actions), plain(values), tuple(moments), line, fmt.text_prefix))
    return Script(plain(config), seed, player, tuple(steps), str(path))


def load_script(path: Path, fmt: ScriptFormat) -> Script:
    return parse_script(load_yaml(path), path, fmt)


# ------------------------------------------------------------------------------------ writing (the finders')

def yaml_scalar(value: Any) -> str:
    """A value as the script's YAML writes it: true/false, a whole number, or a quoted text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def yaml_flow(data: Mapping[str, Any]) -> str:
    """A flat mapping on one line: ``{key: value, ...}``."""
    return "{" + ", ".join(f"{k}: {yaml_scalar(v)}" for k, v in data.items()) + "}"


def step_yaml(say: str, kind: str, actions: Sequence[Action] = (), values: Mapping[str, Any] | None = None,
              moments: Sequence[str] = ()) -> str:
    """One step as the lines :func:`parse_script` reads back (say, values, moments, do or auto)."""
    lines = [f"  - say: {say}"]
    if values:
        lines.append("    values: " + yaml_flow(values))
    if moments:
        lines.append("    moments: [" + ", ".join(moments) + "]")
    if kind == "do":
        lines.append("    do: " + yaml_flow(action_to_json(actions[0])))
    elif kind == "auto":
        lines.append("    auto:")
        lines.extend("      - " + yaml_flow(action_to_json(a)) for a in actions)
    return "\n".join(lines)


# ------------------------------------------------------------------------------------ moments

def did(events: list[Event], kind: str, **match: Any) -> bool:
    """Whether some event of ``kind`` carries every ``match`` value."""
    return any(e.kind == kind and all(e.data.get(k) == v for k, v in match.items()) for e in events)


# ------------------------------------------------------------------------------------ replay check

def replay_problems(script: Script, fmt: ScriptFormat,
                    texts: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    """Replay the script step by step: every ``do`` action among its seat's legal actions, exactly;
    every action applied; every moment shown; every required moment somewhere; every text present
    (and, if the format says so, formatting with its values); the format's final check.
    One sentence per problem, naming the step; the replay stops at the first step that breaks."""
    from game.engine.replay import Match, describe_action

    fmt.register()
    problems: list[str] = []
    if texts is not None:
        for lang, table in texts.items():
            for i, step in enumerate(script.steps, 1):
                if step.key not in table:
                    problems.append(f"step {i} ({step.say}): no text {step.key!r} in {lang}")
                    continue
                if not fmt.check_formats:
                    continue
                try:
                    table[step.key].format(**step.values)
                except (KeyError, IndexError, ValueError) as exc:
                    problems.append(f"step {i} ({step.say}): the {lang} text {step.key!r} needs a value the "
                                    f"step does not give ({exc})")
    missing = [m for m in fmt.required_moments if not any(m in s.moments for s in script.steps)]
    if missing:
        problems.append(f"the script never shows: {', '.join(missing)}")
    try:
        match = Match(fmt.title, script.config, script.seed, game_id="tutorial")
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
                                f"regenerate the script ({fmt.find_command})")
                return problems
        for action in step.actions:
            try:
                events.extend(match.apply(action))
            except IllegalAction as exc:
                problems.append(f"{name}: {describe_action(action)} no longer replays: {exc.sentence} "
                                f"Regenerate the script ({fmt.find_command}).")
                return problems
        for moment in step.moments:
            why = fmt.moments[moment](match.state, events, script.player)
            if why:
                problems.append(f"{name}: moment {moment!r} not shown: {why}")
                return problems
        if (step.kind == "auto" or not fmt.ends_only_after_auto) and match.state.is_over() \
                and i < len(script.steps) - 1:
            problems.append(f"{name}: the game ended before the script")
            return problems
    if fmt.final_check is not None:
        last = fmt.final_check(match.state, script)
        if last:
            problems.append(last)
    return problems


def check_script(load: Callable[[Path | None], Script], fmt: ScriptFormat,
                 root: Path | None = None) -> list[str]:
    """Load (with ``load``) and replay the script; the problems as sentences (empty: all is well)."""
    from game.engine.i18n import LANGUAGES, load_language

    try:
        script = load(root)
    except ContentError as exc:
        return [str(exc)]
    texts = {}
    for lang in LANGUAGES:
        try:
            texts[lang] = load_language(lang, root)[0]
        except ContentError as exc:
            return [str(exc)]
    return replay_problems(script, fmt, texts)


def step_number(problem: str) -> int | None:
    """The step a problem sentence names ("step 3 (...): ..."), or None."""
    if problem.startswith("step "):
        head = problem[5:].split(" ", 1)[0]
        if head.isdigit():
            return int(head)
    return None


def content_errors(path: Path, load: Callable[[Path], Script], check: Callable[[Path], list[str]],
                   root: Path, missing: str | None = None) -> list[ContentError]:
    """What ``check-data`` reports for a title's script at ``path``: the load's error, or each replay
    problem on the line of the step it names. ``missing``: the sentence when the file is absent
    (None: the load reports it)."""
    if missing is not None and not path.is_file():
        return [ContentError(path, None, None, missing)]
    try:
        script = load(root)
    except ContentError as exc:
        return [exc]
    out = []
    for problem in check(root):
        step = step_number(problem)
        line = script.steps[step - 1].line if step and step <= len(script.steps) else None
        out.append(ContentError(path, line, f"steps[{step - 1}]" if step else None, problem))
    return out
