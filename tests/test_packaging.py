"""The PyInstaller build: what the spec bundles, the icon files, the build script, CI's bundle step,
and the resolver inside a bundle (a fake ``sys._MEIPASS``). The bundle itself is built by .ci/run,
never here."""

from __future__ import annotations

import ast
import importlib.util
import io
import shutil
import struct
import sys
from pathlib import Path

import pytest

from game.engine import resources

REPO = Path(__file__).resolve().parents[1]
PACKAGING = REPO / "packaging"
SPEC = PACKAGING / "heist-table.spec"


def _spec_constant(name: str):
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return node.value
    raise AssertionError(f"{name} is not assigned in the spec")


def _build_module():
    spec = importlib.util.spec_from_file_location("heist_build", PACKAGING / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ----------------------------------------------------------------------------- the spec

def test_the_spec_bundles_the_content_folders():
    content = ast.literal_eval(_spec_constant("CONTENT"))
    assert set(content) == {"data", "maps", "assets"}
    for folder in content:
        assert (REPO / folder).is_dir()
    text = SPEC.read_text(encoding="utf-8")
    assert "datas=datas" in text and "(str(ROOT / folder), folder) for folder in CONTENT" in text


def test_the_spec_names_the_entry_point_and_it_runs_the_cli():
    text = SPEC.read_text(encoding="utf-8")
    assert 'ENTRY = str(HERE / "heist_table_main.py")' in text and "[ENTRY]" in text
    entry = (PACKAGING / "heist_table_main.py").read_text(encoding="utf-8")
    assert "from game.cli import main" in entry and "sys.exit(main())" in entry


def test_the_spec_collects_every_game_module_and_pytmx_helpers():
    text = SPEC.read_text(encoding="utf-8")
    assert 'collect_submodules("game")' in text      # COMMAND_MODULES, SCENE_MODULES, CHECKER_MODULES
    assert '"pytmx.util_pygame"' in text
    assert 'os.environ.get("HEIST_TABLE_ONEFILE") == "1"' in text
    assert 'NAME = "heist-table"' in text


def test_the_spec_is_valid_python():
    compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")


# ----------------------------------------------------------------------------- icon

def test_the_icon_png_is_256_square():
    data = (PACKAGING / "heist-table.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (256, 256)


def test_the_ico_holds_sizes_up_to_256():
    data = (PACKAGING / "heist-table.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sides = []
    for i in range(count):
        w, h, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        assert offset + size <= len(data)
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n"
        sides.append(w or 256)
    assert 16 in sides and 32 in sides and 256 in sides


def test_the_window_is_called_heist_table_and_has_an_icon():
    from game.ui import app

    assert app.TITLE == "Heist Table"
    source = Path(app.__file__).read_text(encoding="utf-8")
    assert "set_caption(TITLE)" in source and "set_icon(" in source


# ----------------------------------------------------------------------------- build script and CI

def test_the_build_pins_pyinstaller_and_installs_the_game_dependencies():
    build = _build_module()
    reqs = build.requirements()
    assert any(r.startswith("pyinstaller==") for r in reqs)
    assert any(r.startswith("pyinstaller-hooks-contrib==") for r in reqs)
    for dep in ("pygame-ce", "pytmx", "PyYAML"):
        assert any(r.startswith(dep) for r in reqs), dep
    exe = build.executable()
    assert exe.parent == REPO / "dist" / "heist-table" and exe.name.startswith("heist-table")
    assert build.executable(onefile=True).parent == REPO / "dist" / "heist-table-onefile"


def test_ci_builds_the_bundle_and_runs_its_selftest_after_the_tests():
    lines = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    commands = [line for line in lines if not line.startswith(("set ", "cd ", "start=", "echo", "home=", "trap"))]
    assert commands[0] == "python3 run_tests.py"
    assert commands[1] == "python3 packaging/build.py"
    assert commands[2].startswith("SDL_VIDEODRIVER=dummy") and commands[2].endswith("dist/heist-table/heist-table --selftest")


def test_build_output_is_ignored_by_git():
    ignored = (REPO / ".gitignore").read_text().split()
    assert "build/" in ignored and "dist/" in ignored


# ----------------------------------------------------------------------------- inside a bundle

@pytest.fixture
def fake_bundle(tmp_path, monkeypatch):
    """A copy of the content where PyInstaller puts it, announced through ``sys._MEIPASS``."""
    bundle = tmp_path / "_internal"
    for folder in ("data", "maps", "assets"):
        shutil.copytree(REPO / folder, bundle / folder)
    monkeypatch.delenv("HEIST_TABLE_CONTENT", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    return bundle


def test_the_resolver_finds_the_content_in_the_bundle(fake_bundle):
    from game.ui.canvas import font_path

    assert resources.content_root() == fake_bundle
    assert resources.data_dir() == fake_bundle / "data"
    assert resources.maps_dir() == fake_bundle / "maps"
    assert resources.assets_dir() == fake_bundle / "assets"
    assert font_path("display") == fake_bundle / "assets" / "fonts" / "BebasNeue-Regular.otf"
    assert font_path("display").is_file()


def test_the_bundled_content_passes_check_data(fake_bundle):
    from game.engine.checkdata import run_checks

    out = io.StringIO()
    assert run_checks(resources.content_root(), out=out) == 0, out.getvalue()
    assert out.getvalue().startswith("All content is valid")


def test_player_files_never_go_into_the_bundle(fake_bundle, tmp_path, monkeypatch):
    from game import crash
    from game.engine.settings import Settings

    monkeypatch.delenv("HEIST_TABLE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "appdata"))
    for path in (resources.user_dir(), resources.saves_dir(), Settings.path(), crash.reports_dir()):
        assert fake_bundle not in path.parents and tmp_path in path.parents, path
    Settings().save()
    assert Settings.path().is_file()
    assert not list(fake_bundle.rglob("settings.json"))
