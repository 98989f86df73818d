"""Saves: a game's inputs ``(title, config, seed, actions)`` as JSON, loaded by replaying them.

A save file looks like this (one action per line, so bug reports and golden playthroughs diff well)::

    {
      "format": "heist-table-save",
      "version": 1,
      "title": "example",
      "config": {"rounds": 3},
      "seed": 1234,
      "meta": {"saved_at": "2025-01-31T20:15:00.000000+00:00", "label": "", "game_id": "...",
               "ui": {"plan_seconds": 900, "plan_left": 612.0}},
      "actions": [
        {"type": "example.bid", "seat": "north", "card": 7}
      ]
    }

``meta.ui`` is optional: what a title's screen keeps beside the moves (e.g. a planning clock: its
length and what is left of it). It never changes the game; a save without it (or with one that is
not a JSON object) loads as before, and :attr:`SaveData.ui` is then empty.

Files are written atomically into ``resources.saves_dir()``. A save that cannot be loaded (damaged
JSON, another format version, an unknown title, a move the rules refuse on replay) is reported with
a sentence and never modified: reading never writes, and a writer that finds a damaged file where
it means to write first renames it to ``<name>.corrupt-<UTC timestamp>``, so a player (or a bug
report) still has it. Autosaves use one slot per game id: ``autosave-<game id>.json``.

The title screen asks :func:`unreadable_notice` for one sentence about the saves that cannot be
read; it first moves the damaged ones aside the same way (:func:`set_aside_damaged`), so each is
told once and kept, while a save of a newer version (or a file that is not a save) stays put.
An autosave that cannot be written (the saves folder cannot be made, the disk is full) never stops
the game: :class:`Autosaver` keeps a sentence in its ``notices`` for the play screen.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable

from game.engine import resources
from game.engine.api import Action, GameState, UnknownTitle, get_title
from game.engine.i18n import t
from game.engine.replay import GAME_ID, ActionLog, Match, ReplayError, describe_action
from game.engine.storage import atomic_write_text

SAVE_FORMAT = "heist-table-save"
SAVE_VERSION = 1
AUTOSAVE_PREFIX = "autosave-"
_KEYS = ("format", "version", "title", "config", "seed", "meta", "actions")


def _now() -> datetime.datetime:
    """The current UTC time (a seam for tests that need a controlled clock)."""
    return datetime.datetime.now(datetime.UTC)


class SaveError(Exception):
    """A save that cannot be loaded: which file, and why in a sentence a player understands."""

    def __init__(self, path: str | Path, reason: str, kind: str = "damaged"):
        self.path = Path(path)
        self.reason = reason
        # "damaged" (the file is broken: kept aside by set_aside_damaged), "missing", "unreadable",
        # "foreign" (not a save), "newer", "older", "title" (a game this version lacks), "replay"
        self.kind = kind
        super().__init__(f"The save {self.path.name} cannot be loaded: {reason}.")


@dataclass(frozen=True)
class SaveData:
    """A save file's contents, checked but not yet replayed."""

    title: str
    config: dict[str, Any]
    seed: int
    actions: tuple[Action, ...]
    saved_at: datetime.datetime
    label: str
    game_id: str
    ui: dict[str, Any] = field(default_factory=dict)   # meta.ui: the screen's own state (optional)


@dataclass(frozen=True)
class SaveInfo:
    """What a "Continue" list shows of one loadable save."""

    path: Path
    title: str
    label: str
    saved_at: datetime.datetime
    game_id: str
    moves: int

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith(AUTOSAVE_PREFIX)


@dataclass(frozen=True)
class SaveListing:
    """Loadable saves, most recent first, and the files that could not be loaded (by name)."""

    saves: list[SaveInfo]
    problems: list[SaveError]


@dataclass(frozen=True)
class WriteResult:
    """Where a save went. ``damaged`` is set when a damaged file stood in the way: where that file
    is now (renamed aside, or left in place when it could not be moved) and ``problem`` says why it
    was judged damaged."""

    path: Path
    damaged: Path | None = None
    problem: str | None = None

    @property
    def notice(self) -> str | None:
        """A sentence for the player when something needs saying, else None."""
        if self.damaged is None:
            return None
        return t("robust.autosave_damaged", problem=self.problem, kept=self.damaged.name, saved=self.path.name)


# ------------------------------------------------------------------------------------- writing

def save_document(match: Match, label: str = "", saved_at: datetime.datetime | None = None,
                  ui: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON object a save of ``match`` holds (``ui``: the screen's own state, kept in meta)."""
    when = saved_at or _now()
    meta: dict[str, Any] = {"saved_at": when.isoformat(timespec="microseconds"), "label": label,
                            "game_id": match.game_id}
    if ui:
        meta["ui"] = json.loads(json.dumps(ui))   # plain JSON only (a copy, checked now, not at load)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "title": match.title,
        "config": match.config,
        "seed": match.seed,
        "meta": meta,
        "actions": match.log.to_json(),
    }


def dumps_save(document: dict[str, Any]) -> str:
    """Pretty JSON with one action per line (readable, diffable, still plain JSON)."""
    lines = ["{"]
    items = list(document.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "actions" and value:
            lines.append(f"  {json.dumps(key)}: [")
            lines.extend(f"    {json.dumps(a, ensure_ascii=False)}{',' if j < len(value) - 1 else ''}"
                         for j, a in enumerate(value))
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_text(match: Match, label: str = "", ui: dict[str, Any] | None = None) -> str:
    """The text of a save of ``match`` as of now."""
    return dumps_save(save_document(match, label, ui=ui))


def write_save(match: Match, path: str | Path, label: str = "") -> WriteResult:
    """Save ``match`` to ``path``, replacing a loadable save there but never a damaged one."""
    return _write_slot(Path(path), save_text(match, label), known=None)


def save_game(match: Match, label: str = "", directory: Path | None = None) -> WriteResult:
    """A manual save into a new file of the saves folder (it never replaces another file)."""
    folder = directory or resources.saves_dir()
    stamp = _now().strftime("%Y%m%d-%H%M%S")
    path = _fresh_path(folder / f"save-{match.game_id}-{stamp}.json")
    atomic_write_text(path, save_text(match, label))
    return WriteResult(path)


def autosave_path(game_id: str, directory: Path | None = None) -> Path:
    """The autosave slot of one game."""
    if not GAME_ID.match(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return (directory or resources.saves_dir()) / f"{AUTOSAVE_PREFIX}{game_id}.json"


class Autosaver:
    """Saves a match after every action and undo: add it to ``match.listeners``.

    It never raises: a failed write or a damaged file in the slot becomes a sentence in
    :attr:`notices` for the UI to show (and clear), because losing an autosave must not end the game.
    It remembers the bytes it wrote last, so the costly "is the file there still a good save?" check
    (a full replay) runs only when someone else has touched the slot.
    """

    def __init__(self, directory: Path | None = None, label: str = "",
                 ui: Callable[[Match], dict[str, Any] | None] | None = None):
        self.directory = directory
        self.label = label
        self.ui = ui      # the screen's state to keep in meta.ui, asked at every write
        self.notices: list[str] = []
        self._written: dict[Path, bytes] = {}
        self._slots: dict[str, Path] = {}  # game id -> file, if a damaged slot could not be moved

    def path_for(self, match: Match) -> Path:
        """The file this autosaver keeps ``match`` in."""
        return self._slots.get(match.game_id) or autosave_path(match.game_id, self.directory)

    def _text(self, match: Match) -> str:
        """The save's text, with the screen's state when it can be had as JSON (else without)."""
        if self.ui is not None:
            try:
                return save_text(match, self.label, ui=self.ui(match))
            except Exception:  # noqa: BLE001 - the screen's state is a nicety; the moves are the save
                pass
        return save_text(match, self.label)

    def _notice(self, sentence: str) -> None:
        if not self.notices or self.notices[-1] != sentence:   # one failure, said once while it lasts
            self.notices.append(sentence)

    def __call__(self, match: Match) -> WriteResult | None:
        try:
            path = self.path_for(match)     # finding the saves folder creates it, which may fail too
            result = _write_slot(path, self._text(match), known=self._written.get(path))
        except OSError as exc:
            reason = f"{exc.strerror}: {exc.filename}" if exc.strerror and exc.filename else (exc.strerror or exc)
            self._notice(t("robust.autosave_failed", reason=reason))
            return None
        try:
            self._written[result.path] = result.path.read_bytes()
        except OSError:
            self._written.pop(result.path, None)
        self._slots[match.game_id] = result.path
        if result.notice:
            self._notice(result.notice)
        return result


def _stamp() -> str:
    return _now().strftime("%Y%m%dT%H%M%SZ")


def _fresh_path(path: Path, *, number_before_suffix: bool = True) -> Path:
    """``path`` if it does not exist yet, else the first free ``name-2.json``, ``name-3.json``...
    (or ``name.json.corrupt-<stamp>-2``... when the number goes at the very end)."""
    candidate, n = path, 1
    while candidate.exists() or candidate.is_symlink():
        n += 1
        name = f"{path.stem}-{n}{path.suffix}" if number_before_suffix else f"{path.name}-{n}"
        candidate = path.with_name(name)
    return candidate


def _write_slot(path: Path, text: str, known: bytes | None) -> WriteResult:
    """Write ``text`` to ``path`` atomically, first moving aside a damaged file that stands there.

    ``known`` is what the caller last wrote there: a file still holding exactly that is trusted
    without a replay.
    """
    damaged: Path | None = None
    problem: str | None = None
    target = path
    if path.exists() or path.is_symlink():
        try:
            current: bytes | None = path.read_bytes()
        except OSError as exc:
            current, problem = None, f"it cannot be read: {exc.strerror or exc}"
        if current is None or current != known:
            if problem is None:
                try:
                    load_match(path)
                except SaveError as exc:
                    problem = exc.reason
            if problem is not None:
                aside = _fresh_path(path.with_name(f"{path.name}.corrupt-{_stamp()}"),
                                    number_before_suffix=False)
                try:
                    path.rename(aside)
                    damaged = aside
                except OSError:
                    damaged, target = path, _fresh_path(path)
    atomic_write_text(target, text)
    return WriteResult(target, damaged, problem)


# ------------------------------------------------------------------------------------- reading

def read_save(path: str | Path) -> SaveData:
    """Read and check a save without replaying it; :class:`SaveError` says what is wrong.

    It imports the save's title (which registers its actions) to understand the moves.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist", "missing") from None
    except UnicodeDecodeError:
        raise SaveError(path, "the file is damaged (it is not text)") from None
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read ({exc.strerror or exc})", "unreadable") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"the file is damaged (broken JSON at line {exc.lineno}, "
                              f"column {exc.colno})") from None
    except RecursionError:
        raise SaveError(path, "the file is damaged (absurdly nested JSON)") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveError(path, "it is not a Heist Table save", "foreign")
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(path, "it does not say which save format it uses")
    if version > SAVE_VERSION:
        raise SaveError(path, f"it was written by a newer Heist Table (save format {version}); "
                              f"this version reads format {SAVE_VERSION}", "newer")
    if version != SAVE_VERSION:
        raise SaveError(path, f"it uses save format {version}, which this version cannot read", "older")
    missing = [k for k in _KEYS if k not in doc]
    if missing:
        raise SaveError(path, f"the file is damaged (it lacks {', '.join(missing)})")
    extra = sorted(set(doc) - set(_KEYS))
    if extra:
        raise SaveError(path, f"the file is damaged (unexpected {', '.join(extra)})")
    title = doc["title"]
    if not isinstance(title, str):
        raise SaveError(path, "the file is damaged (the game's name is not a text)")
    try:
        get_title(title)
    except UnknownTitle:
        raise SaveError(path, f"it is a game of {title!r}, which this version of Heist Table "
                              "does not have", "title") from None
    config, seed, meta = doc["config"], doc["seed"], doc["meta"]
    if not isinstance(config, dict):
        raise SaveError(path, "the file is damaged (the game setup is not a JSON object)")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SaveError(path, "the file is damaged (the seed is not a whole number of at least 0)")
    if not isinstance(meta, dict):
        raise SaveError(path, "the file is damaged (meta is not a JSON object)")
    label, game_id, saved_at_text = meta.get("label"), meta.get("game_id"), meta.get("saved_at")
    if not isinstance(label, str):
        raise SaveError(path, "the file is damaged (its label is not a text)")
    if not isinstance(game_id, str) or not GAME_ID.match(game_id):
        raise SaveError(path, "the file is damaged (its game id is missing or not usable)")
    try:
        saved_at = datetime.datetime.fromisoformat(saved_at_text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise SaveError(path, "the file is damaged (its date is not a date)") from None
    if saved_at.tzinfo is None:
        saved_at = saved_at.replace(tzinfo=datetime.UTC)
    try:
        actions = tuple(ActionLog.from_json(doc["actions"]))
    except ValueError as exc:
        raise SaveError(path, f"the file is damaged ({exc})") from None
    ui = meta.get("ui")
    return SaveData(title=title, config=config, seed=seed, actions=actions, saved_at=saved_at,
                    label=label, game_id=game_id, ui=dict(ui) if isinstance(ui, dict) else {})


def load_match(path: str | Path) -> Match:
    """Rebuild the saved game by replay, ready to continue (its log, game id and undo points
    included); :class:`SaveError` if it cannot be. The file is only read."""
    path = Path(path)
    return _rebuild(path, read_save(path))


def _rebuild(path: Path, data: SaveData) -> Match:
    """Replay checked save data; a refusal becomes a SaveError naming the move."""
    try:
        match = Match(data.title, data.config, data.seed, game_id=data.game_id)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"its game setup is not valid ({exc})", "replay") from None
    try:
        match.fast_forward(data.actions)
    except ReplayError as exc:
        raise SaveError(path, f"move {exc.index + 1} ({describe_action(exc.action)}) is refused on "
                              f"replay: {exc.sentence.rstrip('.')}; the save may come from another "
                              "version of the rules", "replay") from None
    return match


def load_save(path: str | Path) -> GameState:
    """The state a save describes (see :func:`load_match` to continue playing it)."""
    return load_match(path).state


def list_saves(directory: Path | None = None) -> SaveListing:
    """Every save in the folder that loads (most recent first) and every one that does not.

    Each save is replayed, so the list offers only games that will really open.
    """
    folder = directory or resources.saves_dir()
    saves: list[SaveInfo] = []
    problems: list[SaveError] = []
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            data = read_save(path)
            match = _rebuild(path, data)
        except SaveError as exc:
            problems.append(exc)
            continue
        saves.append(SaveInfo(path=path, title=match.title, label=data.label, saved_at=data.saved_at,
                              game_id=match.game_id, moves=len(match.log)))
    saves.sort(key=lambda s: (s.saved_at, s.path.name), reverse=True)
    return SaveListing(saves=saves, problems=problems)


# ----------------------------------------------------------------- unreadable saves, for the title

def unreadable_saves(directory: Path | None = None) -> list[SaveError]:
    """The saves of the folder that cannot be read, each as its :class:`SaveError` (checked without
    a replay, so this is quick; only reads)."""
    folder = directory or resources.saves_dir()
    problems: list[SaveError] = []
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            read_save(path)
        except SaveError as exc:
            problems.append(exc)
    return problems


def set_aside_damaged(problems: list[SaveError]) -> list[SaveError]:
    """Move each *damaged* file of ``problems`` aside to ``<name>.corrupt-<UTC stamp>`` (never over
    another file), so it is kept for a bug report but no longer offered or reported; a file from a
    newer version, or not a save at all, stays where it is. Returns the problems, each naming where
    its file is now."""
    kept: list[SaveError] = []
    for problem in problems:
        path = problem.path
        if problem.kind == "damaged":
            aside = _fresh_path(path.with_name(f"{path.name}.corrupt-{_stamp()}"), number_before_suffix=False)
            try:
                path.rename(aside)
                path = aside
            except OSError:
                pass   # it stays where it is, still untouched
        kept.append(SaveError(path, problem.reason, problem.kind))
    return kept


def unreadable_notice(directory: Path | None = None) -> str | None:
    """One sentence for the title screen when saves of the folder cannot be read (their damaged
    files set aside first, see :func:`set_aside_damaged`), else None. It never raises: a saves
    folder that cannot be opened is the autosave's to report."""
    try:
        problems = set_aside_damaged(unreadable_saves(directory))
    except OSError:
        return None
    if not problems:
        return None
    reason = t(f"robust.reason.{problems[0].kind}")
    if len(problems) == 1:
        return t("robust.unreadable_one", reason=reason, path=str(problems[0].path))
    return t("robust.unreadable_many", count=len(problems), reason=reason, folder=str(problems[0].path.parent))
