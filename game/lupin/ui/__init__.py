"""Lupin's scenes (pygame). Importing this package registers them for the chooser and screenshots."""

from game.lupin.ui import scenes  # noqa: F401 - registers the scenes
