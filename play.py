"""Start Heist Table: `python3 play.py` (sets itself up on first run)."""

import sys

from _bootstrap import run

if __name__ == "__main__":
    sys.exit(run(["-m", "game", *sys.argv[1:]]))
