"""Diabolik on screen (the title's ``ui``): importing this package registers its scenes: the
set-up (``diabolik-setup``), the table (``diabolik-table``, ``diabolik-choice``,
``diabolik-police``), the end and the replay (``diabolik-end``, ``diabolik-replay``) and the rules
reader (``diabolik-rules``)."""

from game.diabolik.ui import end, rules_book, setup, table  # noqa: F401  (they register scenes)
