"""Lupusburg on screen (the title's ``ui``): importing this package registers its scenes: the
set-up (``lupusburg-setup``), the table (``lupusburg-table`` and the screenshots' positions
``lupusburg-night``, ``lupusburg-vote``, ``lupusburg-discuss``, ``lupusburg-curtain``), the end and
the replay (``lupusburg-end``, ``lupusburg-replay``), the rules reader (``lupusburg-rules``) and the
tutorial (``lupusburg-tutorial``)."""

from game.lupusburg.ui import end, rules_book, setup, table, tutorial_scene  # noqa: F401  (they register scenes)
