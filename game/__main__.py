"""`python -m game` is the same as the `heist-table` command."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
