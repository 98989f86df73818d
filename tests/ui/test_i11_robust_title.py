"""Issue #11: a saved game that cannot be read does not vanish from the title screen in silence."""

from __future__ import annotations

import json

import pygame

from game.engine import i18n, resources
from game.engine.replay import Match
from game.engine.saves import Autosaver, autosave_path, load_match
from game.ui.scenes.title import TitleScene

CONFIG = {"rounds": 3, "hand_size": 4, "deck_size": 12}
NOTICE_AREA = (560, 640, 1000, 180)   # logical: the box sits bottom right, beside the buttons


def _title(ui, lang="en"):
    app = ui.app(scenes=(), lang=lang)
    scene = TitleScene(look_for_saves=True)
    app.stack.push(scene)
    app.update(0.02)
    return app, scene


def _notice_pixels(app):
    app.draw()
    return pygame.image.tobytes(app.canvas.surface.subsurface(app.canvas.rect_px(NOTICE_AREA)), "RGB")


def test_a_damaged_autosave_is_named_on_the_title_and_kept_aside(ui):
    match = Match("example", CONFIG, 5)
    Autosaver()(match)
    slot = autosave_path(match.game_id)
    damaged = slot.read_bytes()[:-40]          # cut short, as by a failing disk
    slot.write_bytes(damaged)
    app, scene = _title(ui)
    [kept] = sorted(resources.saves_dir().glob(f"{slot.name}.corrupt-*"))
    assert kept.read_bytes() == damaged and not slot.exists()
    assert scene.save_problem == ("A saved game could not be read (the file is damaged); "
                                  f"the file is kept as {kept}.")
    plain_app, _plain = _title(ui)             # nothing left to report: the box is gone
    assert _plain.save_problem is None
    assert _notice_pixels(app) != _notice_pixels(plain_app)


def test_the_sentence_is_in_italian_too(ui):
    folder = resources.saves_dir()
    (folder / "autosave-abc.json").write_text("{\"format\": \"heist-table-save\", \"vers", encoding="utf-8")
    i18n.set_language("it")
    _app, scene = _title(ui, lang="it")
    assert scene.save_problem.startswith("Non è stato possibile leggere una partita salvata (il file è danneggiato); "
                                         "il file è conservato come ")
    assert "autosave-abc.json.corrupt-" in scene.save_problem


def test_a_save_of_a_newer_version_is_reported_but_left_where_it_is(ui):
    match = Match("example", CONFIG, 5)
    Autosaver()(match)
    slot = autosave_path(match.game_id)
    doc = json.loads(slot.read_text(encoding="utf-8"))
    doc["version"] = 99
    slot.write_text(json.dumps(doc), encoding="utf-8")
    _app, scene = _title(ui)
    assert slot.exists()
    assert scene.save_problem == ("A saved game could not be read (it was written by a newer Heist Table); "
                                  f"the file is kept as {slot}.")


def test_several_unreadable_saves_make_one_sentence(ui):
    folder = resources.saves_dir()
    for name in ("autosave-a.json", "autosave-b.json"):
        (folder / name).write_text("[", encoding="utf-8")
    _app, scene = _title(ui)
    assert scene.save_problem == ("2 saved games could not be read (the file is damaged, ...); "
                                  f"the files are kept in {folder}.")
    assert len(list(folder.glob("*.corrupt-*"))) == 2


def test_a_good_autosave_is_not_reported(ui):
    match = Match("example", CONFIG, 5)
    Autosaver()(match)
    _app, scene = _title(ui)
    assert scene.save_problem is None
    assert load_match(autosave_path(match.game_id)).log == match.log
