"""The bundle's entry point: the executable ``heist-table`` is the ``heist-table`` command."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
