"""The designed numbers live in data/diabolik/ (read from there, never from code) and a broken file
is named with its line and field, by check-data and when a game starts."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from game.engine.checkdata import run_checks
from game.engine.content import ContentError
from game.engine.i18n import load_language
from game.diabolik.rules import LOCATION_IDS, new_game
from game.diabolik.rules import data

ROOT = Path(__file__).resolve().parents[2]


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(ROOT / "data" / "diabolik", root / "data" / "diabolik")
    return root


def test_the_shipped_data_is_valid_and_designed():
    assert data.check_data(ROOT) == []
    assert sorted(data.station()) == list(range(1, 9))
    assert data.station()[3].effect == "roadblock"                 # the one face the rulebook prints exactly
    assert {data.station()[f].effect for f in (4, 5, 7, 8)} == {"activate"}
    assert data.danger_max() >= 2
    assert set(data.locations()) == set(LOCATION_IDS)


@pytest.mark.parametrize("name, old, new, field", [
    ("station.yaml", "    effect: roadblock\n", "    effect: roadblocks\n", "results[2].effect"),
    ("station.yaml", "designed: true", "designed: false", None),
    ("station.yaml", "  - roll: 8\n", "  - roll: 7\n", None),
    ("danger.yaml", "danger_max: 10", "danger_max: twelve", "danger_max"),
    ("locations.yaml", "{id: ghenf,", "{id: geneva,", "locations[4]"),
])
def test_a_broken_file_is_named_with_its_line_and_field(tmp_path, name, old, new, field):
    root = _copy(tmp_path)
    path = root / "data" / "diabolik" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    problems = data.check_data(root)
    assert len(problems) == 1
    problem = problems[0]
    assert Path(problem.file).name == name and problem.line is not None
    if field:
        assert problem.field is not None and problem.field.startswith(field)
    out = io.StringIO()
    assert run_checks(root, out, only=["diabolik-data"]) == 1
    assert name in out.getvalue()


def test_a_broken_file_stops_a_game_with_the_same_sentence(tmp_path, monkeypatch):
    root = _copy(tmp_path)
    path = root / "data" / "diabolik" / "danger.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("danger_max: 10", "danger_max: 1"), encoding="utf-8")
    with pytest.raises(ContentError, match="danger_max must be 2 to 99"):
        data.danger_max(root)


def test_the_danger_track_and_the_station_come_from_the_data(monkeypatch):
    monkeypatch.setattr(data, "danger_max", lambda root=None: 5)
    assert new_game({}, 1).danger_max == 5


def test_places_and_people_are_named_in_both_languages_and_agree_with_the_data():
    names = data.locations()
    for lang in ("it", "en"):
        table = load_language(lang)[0]
        for place in LOCATION_IDS:
            assert table[f"diabolik.place.{place}"] == names[place][lang]
        for who in ("diabolik", "eva", "ginko", "morrigan", "blue", "yellow"):
            assert table[f"diabolik.who.{who}"]
