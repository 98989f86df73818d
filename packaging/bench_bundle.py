"""Measure a built bundle: its unpacked size and its cold start to the title screen.

    python3 packaging/bench_bundle.py [--exe dist/heist-table/heist-table] [--runs 5] [--json]

(or ``python3 packaging/build.py --measure``, which builds first). Only the standard library.

* size: the bytes of every file in the bundle's folder (symbolic links not counted twice), in MB
  (10^6 bytes); for a one-file build, the file itself and what it unpacks to are both reported.
* start: the time from launching the executable to the title screen's first frame being drawn.
  Each run is a new process with a new, empty player folder (``HEIST_TABLE_HOME``) under SDL's
  dummy video driver; ``HEIST_TABLE_EXIT_AFTER_FIRST_FRAME=1`` makes the game print a line right
  after its first ``display.flip()`` and quit, and the clock stops when that line arrives. The
  median of ``--runs`` runs is reported (and each run). The operating system's file cache is warm
  after the first run; run with ``--drop-caches`` as root to empty it before every run (a truly
  cold disk), where the system allows it.

Targets: under 60 MB unpacked, under 2 s to the first frame. The exit status is 1 when the bundle
misses one (0 otherwise), 2 when it cannot be measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_EXE = ROOT / "dist" / "heist-table" / ("heist-table.exe" if os.name == "nt" else "heist-table")
MARKER = "first frame drawn"
TARGET_MB = 60.0
TARGET_START_S = 2.0
TIMEOUT_S = 60.0


def tree_bytes(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def drop_caches() -> bool:
    """Empty Linux's page cache (root only); False when the system does not allow it."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def start_once(exe: Path, extra_env: dict[str, str] | None = None) -> float:
    """Seconds from launching ``exe`` to its first frame drawn."""
    with tempfile.TemporaryDirectory(prefix="heist-bench-") as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   HEIST_TABLE_EXIT_AFTER_FIRST_FRAME="1", HEIST_TABLE_HOME=home,
                   PYGAME_HIDE_SUPPORT_PROMPT="1", **(extra_env or {}))
        t0 = time.perf_counter()
        proc = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, env=env, text=True)
        elapsed = None
        assert proc.stdout is not None
        for line in proc.stdout:
            if MARKER in line:
                elapsed = time.perf_counter() - t0
                break
        try:
            _, err = proc.communicate(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        if elapsed is None:
            raise RuntimeError(f"{exe} never drew its first frame (exit status {proc.returncode}): "
                               f"{(err or '').strip()[-500:]}")
        if proc.returncode != 0:
            raise RuntimeError(f"{exe} drew its first frame but exited with status {proc.returncode}: "
                               f"{(err or '').strip()[-500:]}")
        return elapsed


def onefile_unpacked_bytes(exe: Path) -> int | None:
    """What a one-file build unpacks to: its _MEI folder, caught while the game runs."""
    with tempfile.TemporaryDirectory(prefix="heist-bench-tmp-") as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TMPDIR=tmp,
                   HEIST_TABLE_HOME=str(Path(tmp) / "home"), PYGAME_HIDE_SUPPORT_PROMPT="1")
        # the folder is removed when the program ends: measure it when the first frame is drawn
        proc = subprocess.Popen([str(exe)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, env=dict(
            env, HEIST_TABLE_EXIT_AFTER_FIRST_FRAME="1"), text=True)
        size = None
        assert proc.stdout is not None
        for line in proc.stdout:
            folders = [p for p in Path(tmp).glob("_MEI*") if p.is_dir()]
            if folders:
                size = tree_bytes(folders[0])
            if MARKER in line:
                break
        proc.communicate(timeout=TIMEOUT_S)
        return size


def measure(exe: Path, runs: int = 5, cold: bool = False) -> dict:
    exe = exe.resolve()
    folder = exe.parent
    onefile = not (folder / "_internal").is_dir()
    result: dict = {"executable": str(exe), "kind": "one file" if onefile else "one folder"}
    if onefile:
        result["file_mb"] = round(exe.stat().st_size / 1e6, 1)
        unpacked = onefile_unpacked_bytes(exe)
        result["unpacked_mb"] = round(unpacked / 1e6, 1) if unpacked else None
    else:
        result["unpacked_mb"] = round(tree_bytes(folder) / 1e6, 1)
    times = []
    dropped = False
    for _ in range(runs):
        if cold:
            dropped = drop_caches() or dropped
        times.append(start_once(exe))
    result["start_runs_s"] = [round(t, 3) for t in times]
    result["start_median_s"] = round(statistics.median(times), 3)
    result["page_cache_dropped"] = dropped
    result["targets"] = {"unpacked_mb": TARGET_MB, "start_median_s": TARGET_START_S}
    size = result.get("unpacked_mb") or result.get("file_mb") or 0
    result["within_targets"] = size < TARGET_MB and result["start_median_s"] < TARGET_START_S
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="packaging/bench_bundle.py",
                                     description="The bundle's unpacked size and cold start to the title screen.")
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE, help=f"the executable (default {DEFAULT_EXE})")
    parser.add_argument("--runs", type=int, default=5, help="launches to time (the median is reported)")
    parser.add_argument("--drop-caches", action="store_true",
                        help="empty the OS file cache before every run (Linux, root)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        print(f"bench: {args.exe} does not exist; build it with python3 packaging/build.py", file=sys.stderr)
        return 2
    try:
        result = measure(args.exe, max(1, args.runs), args.drop_caches)
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        size = (f"{result['file_mb']} MB file, unpacks to {result['unpacked_mb']} MB" if "file_mb" in result
                else f"{result['unpacked_mb']} MB unpacked")
        runs = ", ".join(f"{t:.2f}" for t in result["start_runs_s"])
        cache = "file cache emptied before each run" if result["page_cache_dropped"] else "file cache warm after run 1"
        print(f"bench: {result['kind']}: {size} (target < {TARGET_MB:.0f} MB)")
        print(f"bench: start to the title's first frame: median {result['start_median_s']:.2f} s of "
              f"{len(result['start_runs_s'])} runs [{runs}] ({cache}; target < {TARGET_START_S:.0f} s)")
    return 0 if result["within_targets"] else 1


if __name__ == "__main__":
    sys.exit(main())
