"""Shared pygame front end: the app loop, the scene stack, the canvas, widgets and common scenes.

Scenes draw in a fixed logical space of 1600×900 through :class:`game.ui.canvas.Canvas`, which
scales every shape and renders every text at the window's real pixel size, so the game stays
sharp from 1280×720 to 4K. Scene factories register by name in :mod:`game.ui.registry`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
