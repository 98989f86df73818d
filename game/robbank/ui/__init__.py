"""How to Rob a Bank on screen (the title's ``ui``): importing this package registers its scenes:
the set-up (``robbank-setup``), the table (``robbank-table``, ``robbank-plan``, ``robbank-bank``),
the end and the replay (``robbank-end``, ``robbank-replay``), the rules reader (``robbank-rules``)
and the tutorial (``robbank-tutorial``)."""

from game.robbank.ui import end, rules_book, setup, table, tutorial_scene  # noqa: F401  (they register scenes)
