"""Diabolik on screen (the title's ``ui``): importing this package registers its scenes: the
set-up (``diabolik-setup``), the table (``diabolik-table``, ``diabolik-choice``,
``diabolik-police``), the end and the replay (``diabolik-end``, ``diabolik-replay``), the rules
reader (``diabolik-rules``) and the tutorial (``diabolik-tutorial``)."""

from game.diabolik.ui import end, rules_book, setup, table, tutorial_scene  # noqa: F401  (they register scenes)
