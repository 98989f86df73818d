"""Build Heist Table into a stand-alone program with PyInstaller.

    python3 packaging/build.py              # one folder: dist/heist-table/heist-table
    python3 packaging/build.py --onefile    # one file:   dist/heist-table-onefile/heist-table
    python3 packaging/build.py --selftest   # ... then run the bundle's --selftest (headless)
    python3 packaging/build.py --measure    # ... then its size and cold start (bench_bundle.py)

Only the Python standard library is needed to start it (Python 3.11+). The build runs in a
private environment of its own, build/venv, holding the game's dependencies (read from
pyproject.toml) and the pinned PyInstaller below; it is made on the first build and remade when
either changes. The game itself is taken from this checkout. A build takes one to two minutes on
two cores; PyInstaller's work files go to build/pyinstaller*.

The result runs on machines like the one that built it (same OS, same CPU architecture, a C
library at least as new): build on the oldest system you mean to support.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
import tomllib
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "heist-table.spec"
NAME = "heist-table"
BUILD_VENV = ROOT / "build" / "venv"
DIST = ROOT / "dist"

# Pinned so that every build bundles the same way; change them together and rebuild.
PYINSTALLER = ("pyinstaller==6.22.3", "pyinstaller-hooks-contrib==2026.9")


def bundle_dir(onefile: bool = False) -> Path:
    return DIST / (f"{NAME}-onefile" if onefile else NAME)


def executable(onefile: bool = False) -> Path:
    return bundle_dir(onefile) / (NAME + (".exe" if os.name == "nt" else ""))


def _venv_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def requirements() -> list[str]:
    """The game's run-time dependencies (pyproject.toml) and the pinned PyInstaller."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [*project["dependencies"], *PYINSTALLER]


def ensure_build_env() -> Path:
    """build/venv with the requirements installed; returns its python."""
    reqs = requirements()
    py = _venv_python(BUILD_VENV)
    stamp = BUILD_VENV / ".heist-table-build"
    wanted = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    if py.exists() and stamp.exists() and stamp.read_text().strip() == wanted:
        return py
    if not py.exists():
        print(f"build: creating the build environment in {BUILD_VENV.relative_to(ROOT)} ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(BUILD_VENV)
    print(f"build: installing {', '.join(reqs)} ...", flush=True)
    subprocess.run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", *reqs],
                   check=True)
    stamp.write_text(wanted)
    return py


def build(onefile: bool = False, clean: bool = False) -> Path:
    """Run PyInstaller on the spec; returns the executable built."""
    py = ensure_build_env()
    out = bundle_dir(onefile)
    distpath = out if onefile else DIST
    workpath = ROOT / "build" / ("pyinstaller-onefile" if onefile else "pyinstaller")
    env = dict(os.environ)
    env["HEIST_TABLE_ONEFILE"] = "1" if onefile else "0"
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")    # the analysis imports pygame: no window, please
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    cmd = [str(py), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(distpath), "--workpath", str(workpath), str(SPEC)]
    if clean:
        cmd.insert(3, "--clean")
    print(f"build: PyInstaller ({'one file' if onefile else 'one folder'}) ...", flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)
    exe = executable(onefile)
    if not exe.is_file():
        raise SystemExit(f"build: PyInstaller finished but {exe} is missing")
    # the icon beside the program, for a desktop entry (Linux executables carry no icon)
    shutil.copy2(HERE / "heist-table.png", out / "heist-table.png")
    return exe


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def run_selftest(exe: Path) -> int:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    print(f"build: {exe.relative_to(ROOT)} --selftest", flush=True)
    return subprocess.call([str(exe), "--selftest"], env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="packaging/build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--onefile", action="store_true",
                        help="one self-extracting file (dist/heist-table-onefile/heist-table) instead of a folder")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument("--selftest", action="store_true", help="run the bundle's --selftest afterwards")
    parser.add_argument("--measure", action="store_true",
                        help="report the bundle's size and cold start afterwards (packaging/bench_bundle.py)")
    args = parser.parse_args(argv)
    if sys.version_info < (3, 11):
        sys.exit(f"Building Heist Table needs Python 3.11 or newer; this is {sys.version.split()[0]}.")

    start = time.perf_counter()
    exe = build(args.onefile, args.clean)
    took = time.perf_counter() - start
    size = tree_size(bundle_dir(args.onefile))
    print(f"build: {exe.relative_to(ROOT)} built in {took:.0f} s; "
          f"{bundle_dir(args.onefile).relative_to(ROOT)} is {size / 1e6:.1f} MB", flush=True)
    status = 0
    if args.selftest:
        status = run_selftest(exe)
        if status:
            print(f"build: the bundle's self-test failed (status {status})", file=sys.stderr)
            return status
    if args.measure:
        sys.path.insert(0, str(HERE))
        import bench_bundle

        status = bench_bundle.main(["--exe", str(exe)])
    return status


if __name__ == "__main__":
    sys.exit(main())
