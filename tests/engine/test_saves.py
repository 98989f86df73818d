"""Saves: written atomically, loaded by replay, and a damaged save is reported and kept, never
overwritten (not even by an autosave)."""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path

import pytest

from game.engine import resources, saves
from game.engine.example import Draw
from game.engine.replay import Match
from game.engine.rng import Rng
from game.engine.saves import (
    SAVE_FORMAT, SAVE_VERSION, Autosaver, SaveError, autosave_path, list_saves, load_match, load_save,
    read_save, save_document, save_game, write_save,
)

CONFIG = {"rounds": 3, "hand_size": 4, "deck_size": 12}


def _match(seed: int = 9, moves: int = 4) -> Match:
    match = Match("example", CONFIG, seed)
    chooser = Rng(seed)
    while not match.state.is_over() and len(match.log) < moves:
        seat = chooser.choice(match.state.to_act())
        match.apply(chooser.choice(match.state.legal_actions(seat)))
    return match


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def clock(monkeypatch):
    """A controllable clock for the saves module: set ``clock.now`` and it is "now"."""
    class Clock:
        now = datetime.datetime(2025, 3, 1, 20, 0, tzinfo=datetime.timezone.utc)

        def tick(self, seconds: int = 1) -> None:
            self.now += datetime.timedelta(seconds=seconds)

    c = Clock()
    monkeypatch.setattr(saves, "_now", lambda: c.now)
    return c


# ------------------------------------------------------------------------------------ round trip

def test_saves_go_to_the_user_folder():
    folder = resources.saves_dir()
    assert folder.is_relative_to(Path(os.environ["HEIST_TABLE_HOME"]))
    assert save_game(_match()).path.parent == folder


def test_save_and_load_give_the_same_game():
    match = _match(moves=5)
    written = save_game(match, label="before the vault")
    back = load_match(written.path)
    assert back.state == match.state and back.log == match.log
    assert (back.title, back.config, back.seed) == ("example", CONFIG, match.seed)
    assert back.game_id == match.game_id
    assert back.undoable("north") == match.undoable("north")
    assert load_save(written.path) == match.state
    assert read_save(written.path).label == "before the vault"


def test_a_finished_game_round_trips():
    match = _match(moves=100)
    assert match.state.is_over()
    assert load_save(save_game(match).path) == match.state


def test_the_file_is_the_documented_json(clock):
    match = _match(moves=3)
    path = save_game(match, label="x").path
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc == {
        "format": SAVE_FORMAT, "version": SAVE_VERSION, "title": "example", "config": CONFIG,
        "seed": match.seed, "actions": match.log.to_json(),
        "meta": {"saved_at": "2025-03-01T20:00:00.000000+00:00", "label": "x", "game_id": match.game_id}}
    lines = [line.strip().rstrip(",") for line in text.splitlines()]
    assert all(json.dumps(action) in lines for action in doc["actions"])  # one a line: diffs read well


def test_manual_saves_never_replace_each_other(clock):
    match = _match()
    first, second = save_game(match), save_game(match)
    assert first.path != second.path
    assert len(list(resources.saves_dir().glob("save-*.json"))) == 2


# ---------------------------------------------------------------------------------- damaged saves

def _valid_doc() -> dict:
    return save_document(_match(moves=3))


def _edit(**changes):
    def make() -> str:
        doc = _valid_doc()
        for key, value in changes.items():
            if value is _DROP:
                del doc[key]
            else:
                doc[key] = value
        return json.dumps(doc)
    return make


_DROP = object()


def _illegal_replay() -> str:
    doc = save_document(Match("example", CONFIG, 3))
    doc["actions"] = [{"type": "example.draw", "seat": "north"}, {"type": "example.draw", "seat": "south"},
                      {"type": "example.bid", "seat": "south", "card": 999}]
    return json.dumps(doc)


DAMAGED = {
    "truncated": (lambda: json.dumps(_valid_doc())[:-40], "broken JSON at line 1"),
    "binary": (lambda: "\udcff", "not text"),
    "empty": (lambda: "", "broken JSON"),
    "not a save": (lambda: json.dumps({"hello": "world"}), "not a Heist Table save"),
    "a list": (lambda: "[1, 2]", "not a Heist Table save"),
    "newer format": (_edit(version=2), "newer Heist Table (save format 2)"),
    "older format": (_edit(version=0), "save format 0"),
    "no version": (_edit(version="1"), "does not say which save format"),
    "unknown title": (_edit(title="robbank_deluxe"), "a game of 'robbank_deluxe'"),
    "missing actions": (_edit(actions=_DROP), "lacks actions"),
    "extra key": (_edit(cheat=True), "unexpected cheat"),
    "seed as text": (_edit(seed="12"), "the seed"),
    "config not an object": (_edit(config=[1]), "game setup is not a JSON object"),
    "bad config": (_edit(config={"rounds": 99}), "its game setup is not valid"),
    "bad game id": (_edit(meta={"saved_at": "2025-01-01T00:00:00", "label": "", "game_id": "../x"}),
                    "game id"),
    "bad date": (_edit(meta={"saved_at": "yesterday", "label": "", "game_id": "g1"}), "date"),
    "unknown move": (_edit(actions=[{"type": "example.teleport", "seat": "north"}]),
                     "move 1: unknown kind of move"),
    "mistyped move": (_edit(actions=[{"type": "example.bid", "seat": "north", "card": "7"}]),
                      "should be a whole number"),
    "illegal move": (_illegal_replay,
                     "move 3 (south: example.bid card=999) is refused on replay: You do not hold a 999;"),
}


def _write_damaged(path: Path, make) -> bytes:
    text = make()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8", errors="surrogateescape")
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("name", DAMAGED)
def test_a_damaged_save_is_reported_and_left_untouched(name):
    make, words = DAMAGED[name]
    path = resources.saves_dir() / "save-damaged.json"
    original = _write_damaged(path, make)
    with pytest.raises(SaveError) as info:
        load_save(path)
    message = str(info.value)
    assert message.startswith("The save save-damaged.json cannot be loaded: ") and message.endswith(".")
    assert words in message
    assert "Traceback" not in message and "\n" not in message
    assert path.read_bytes() == original
    listing = list_saves()
    assert listing.saves == [] and [p.path for p in listing.problems] == [path]
    assert path.read_bytes() == original


def test_a_missing_save_is_reported():
    with pytest.raises(SaveError, match="does not exist"):
        load_save(resources.saves_dir() / "nothing.json")


# --------------------------------------------------------------------------------------- autosave

def test_the_autosaver_writes_after_every_action_and_undo():
    match = Match("example", CONFIG, 3)
    autosaver = Autosaver()
    match.listeners.append(autosaver)
    slot = autosave_path(match.game_id)
    for count in range(1, 4):
        seat = match.state.to_act()[0]
        match.apply(match.state.legal_actions(seat)[-1])
        assert load_match(slot).log == match.log and len(match.log) == count
    match.undo(match.log[-1].seat)
    assert load_save(slot) == match.state
    assert autosaver.notices == []
    assert _files(slot.parent) == [slot.name]  # no temp files, nothing else


def test_an_autosave_never_clobbers_a_damaged_slot(clock):
    match = Match("example", CONFIG, 3)
    slot = autosave_path(match.game_id)
    damaged = _write_damaged(slot, lambda: '{"format": "heist-table-save", "version": 1, "tit')
    autosaver = Autosaver()
    match.listeners.append(autosaver)
    match.apply(Draw("north"))
    kept = slot.with_name(f"{slot.name}.corrupt-20250301T200000Z")
    assert kept.read_bytes() == damaged
    assert load_match(slot).log == match.log
    assert len(autosaver.notices) == 1 and kept.name in autosaver.notices[0]
    assert "broken JSON" in autosaver.notices[0]
    # Damaged again by someone else, within the same second: a second, distinct file is kept.
    slot.write_bytes(damaged)
    match.apply(Draw("south"))
    assert kept.with_name(kept.name + "-2").read_bytes() == damaged
    assert load_match(slot).log == match.log and len(autosaver.notices) == 2
    assert not list_saves().problems  # damaged copies are not offered as saves


def test_a_damaged_slot_that_cannot_be_moved_is_kept_and_the_game_saved_elsewhere(monkeypatch):
    match = Match("example", CONFIG, 3)
    slot = autosave_path(match.game_id)
    damaged = _write_damaged(slot, lambda: "garbage")
    autosaver = Autosaver()
    match.listeners.append(autosaver)

    def refuse(self, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)
    match.apply(Draw("north"))
    match.apply(Draw("south"))
    assert slot.read_bytes() == damaged
    elsewhere = slot.with_name(f"{slot.stem}-2.json")
    assert load_match(elsewhere).log == match.log
    assert len(autosaver.notices) == 1 and "garbage" not in autosaver.notices[0]


def test_a_resumed_game_keeps_its_autosave_slot():
    match = _match(moves=2)
    match.listeners.append(Autosaver())
    match.apply(match.state.legal_actions(match.state.to_act()[0])[0])
    slot = autosave_path(match.game_id)
    resumed = load_match(slot)
    autosaver = Autosaver()
    resumed.listeners.append(autosaver)
    resumed.apply(resumed.state.legal_actions(resumed.state.to_act()[0])[0])
    assert autosaver.notices == [] and _files(slot.parent) == [slot.name]
    assert len(load_match(slot).log) == len(match.log) + 1


def test_a_failed_autosave_is_reported_not_raised(monkeypatch):
    match = Match("example", CONFIG, 3)
    autosaver = Autosaver()
    match.listeners.append(autosaver)
    match.apply(Draw("north"))
    slot = autosave_path(match.game_id)
    before = slot.read_bytes()

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    match.apply(Draw("south"))  # the game goes on
    assert len(match.log) == 2
    assert autosaver.notices and "No space left on device" in autosaver.notices[-1]
    assert slot.read_bytes() == before
    assert _files(slot.parent) == [slot.name], "the temp file was cleaned up"


# ----------------------------------------------------------------------------- writing in place

def test_write_save_replaces_a_good_save_but_not_a_damaged_one(tmp_path, clock):
    path = tmp_path / "slot.json"
    first = _match(moves=1)
    assert write_save(first, path).damaged is None
    second = _match(moves=3)
    result = write_save(second, path)
    assert result.damaged is None and result.notice is None
    assert load_match(path).log == second.log
    path.write_text("{}", encoding="utf-8")
    result = write_save(first, path)
    assert result.damaged == tmp_path / "slot.json.corrupt-20250301T200000Z"
    assert result.damaged.read_text(encoding="utf-8") == "{}"
    assert "not a Heist Table save" in result.notice
    assert load_match(path).log == first.log


# ------------------------------------------------------------------------------------ the listing

def test_list_saves_offers_the_most_recent_first_and_reports_the_rest(clock):
    older, newer = _match(seed=1, moves=2), _match(seed=2, moves=3)
    Autosaver()(older)
    clock.tick(60)
    save_game(newer, label="newer")
    clock.tick(60)
    Autosaver()(newer)
    folder = resources.saves_dir()
    (folder / "broken.json").write_text("{", encoding="utf-8")
    (folder / "notes.txt").write_text("not a save", encoding="utf-8")
    (folder / ".autosave-x.json.abc.tmp").write_text("{", encoding="utf-8")
    (folder / "autosave-old.json.corrupt-20240101T000000Z").write_text("{", encoding="utf-8")
    listing = list_saves()
    assert [(s.game_id, s.is_autosave, s.label, s.moves) for s in listing.saves] == [
        (newer.game_id, True, "", 3), (newer.game_id, False, "newer", 3), (older.game_id, True, "", 2)]
    assert listing.saves[0].saved_at == clock.now and listing.saves[0].title == "example"
    assert [p.path.name for p in listing.problems] == ["broken.json"]
    assert "broken JSON" in str(listing.problems[0])


# ------------------------------------------------------------- issue #11: a saves folder that fails

def _saves_folder_is_a_file() -> None:
    home = Path(os.environ["HEIST_TABLE_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "saves").write_text("a file where the saves folder should be", encoding="utf-8")


@pytest.mark.parametrize("lang, words", [
    ("en", "Autosave failed: the game goes on, but the last move is not saved ("),
    ("it", "Salvataggio automatico non riuscito: la partita continua, ma l'ultima mossa non è salvata ("),
])
def test_a_saves_folder_that_cannot_be_made_lets_the_game_go_on_unsaved(lang, words):
    from game.engine import i18n

    _saves_folder_is_a_file()
    match = Match("example", CONFIG, 3)
    autosaver = Autosaver()
    match.listeners.append(autosaver)
    i18n.set_language(lang)
    try:
        match.apply(Draw("north"))          # the move is played, not lost in a crash
        match.apply(Draw("south"))
    finally:
        i18n.set_language("en")
    assert len(match.log) == 2
    assert len(autosaver.notices) == 1 and autosaver.notices[0].startswith(words)   # said once, not per move
    assert "\n" not in autosaver.notices[0]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions, not root")
def test_an_unwritable_saves_folder_lets_the_game_go_on_unsaved():
    folder = resources.saves_dir()
    folder.chmod(0o500)
    try:
        match = Match("example", CONFIG, 3)
        autosaver = Autosaver()
        match.listeners.append(autosaver)
        match.apply(Draw("north"))
        assert len(match.log) == 1 and autosaver.notices[0].startswith("Autosave failed: ")
    finally:
        folder.chmod(0o700)


# ------------------------------------------------- issue #11: what a killed save leaves is cleaned at start

def _leftovers(folder: Path) -> dict[str, Path]:
    """What a kill during writes leaves, beside things that must stay."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "stray_autosave": folder / ".autosave-0123abcd.json.k3j_x9q2.tmp",
        "stray_settings": folder / ".settings.json.ab12cd34.tmp",
        "save": folder / "autosave-0123abcd.json",
        "kept_aside": folder / "autosave-old.json.corrupt-20240101T000000Z",
        "players_tmp": folder / "notes.tmp",
        "other_hidden": folder / ".autosave-0123abcd.json.tmp",
    }
    for path in files.values():
        path.write_text("{", encoding="utf-8")
    return files


def test_the_temporary_files_of_a_killed_save_are_removed_and_nothing_else():
    from game.engine.storage import remove_stray_temp_files

    folder = resources.saves_dir()
    files = _leftovers(folder)
    (folder / ".x.json.abcdefgh.tmp").mkdir()           # a folder, even so named, is not ours
    removed = remove_stray_temp_files(folder)
    assert sorted(removed) == sorted([files["stray_autosave"], files["stray_settings"]])
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [".x.json.abcdefgh.tmp"] + [p.name for k, p in files.items() if not k.startswith("stray")])


def test_a_start_of_the_game_cleans_the_saves_and_the_players_folder(monkeypatch):
    from game import cli
    from game.ui import app

    monkeypatch.setattr(app, "run_app", lambda **_k: 0)
    saves_files, home_files = _leftovers(resources.saves_dir()), _leftovers(resources.user_dir())
    assert cli.main([]) == 0
    for files in (saves_files, home_files):
        assert not files["stray_autosave"].exists() and not files["stray_settings"].exists()
        assert all(p.exists() for k, p in files.items() if not k.startswith("stray"))


def test_a_start_with_a_saves_folder_that_cannot_be_made_still_starts(monkeypatch):
    from game import cli
    from game.ui import app

    monkeypatch.setattr(app, "run_app", lambda **_k: 0)
    _saves_folder_is_a_file()
    assert cli.main([]) == 0


def test_an_unwritable_saves_folder_lets_the_game_go_on_unsaved_even_as_root(monkeypatch):
    import tempfile

    folder = resources.saves_dir()

    def refuse(*_a, **_k):
        raise PermissionError(13, "Permission denied", str(folder))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    match = Match("example", CONFIG, 3)
    autosaver = Autosaver()
    match.listeners.append(autosaver)
    match.apply(Draw("north"))
    assert len(match.log) == 1
    assert autosaver.notices == [f"Autosave failed: the game goes on, but the last move is not saved "
                                 f"(Permission denied: {folder})."]
