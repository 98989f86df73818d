"""Run Heist Table's tests: `python3 run_tests.py` (sets itself up on first run).

Extra arguments go to pytest, e.g. `python3 run_tests.py -k board`.
"""

import sys

from _bootstrap import run

if __name__ == "__main__":
    sys.exit(run(["-m", "pytest", *sys.argv[1:]]))
