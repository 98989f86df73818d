"""Run Heist Table's tests: `python3 run_tests.py` (sets itself up on first run).

Extra arguments go to pytest, e.g. `python3 run_tests.py -k board`. The tests run in one worker
process per core (pytest-xdist's `-n auto`); pass `-n 0` to run them in this process alone.
"""

import sys

from _bootstrap import run

if __name__ == "__main__":
    args = sys.argv[1:]
    if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        args = ["-n", "auto", *args]
    sys.exit(run(["-m", "pytest", *args]))
