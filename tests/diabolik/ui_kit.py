"""What the Diabolik screen tests share: headless pygame, a private user folder, the shell's UI
driver (tests/ui/conftest.py's UI: clicks and keys in logical coordinates), and ways to reach the
table and to click what a player would click."""

from __future__ import annotations

from tests.ui.conftest import UI, ui  # noqa: F401 - the shell's UI driver and its fixture
from tests.ui.conftest import _headless_and_private as headless  # noqa: F401 - autouse where imported


def title_screen(ui):
    """An app showing the title screen, which looks for a game to continue."""
    from game.ui.scenes.title import TitleScene

    app = ui.app(scenes=())
    app.stack.push(TitleScene(look_for_saves=True))
    app.update(0.02)
    return app, app.stack.top


def table_of(app):
    from game.diabolik.ui.table import DiabolikTableScene

    return next(s for s in app.stack.scenes if isinstance(s, DiabolikTableScene))


def open_table(ui, match, lang=None, **options):
    """An app showing ``match`` at Diabolik's table (not saved unless ``autosave``), in ``lang``."""
    return ui.open_table("diabolik-table", match, lang, **options)


def where_to_click(scene, action):
    """The logical point a player clicks for ``action``: its card's column, or its bar button."""
    from game.diabolik.rules import Move
    from game.diabolik.ui.board import whole_column

    view, legal = scene.session.view(), scene.session.legal()
    for rect, a, _label in scene.board.bar_buttons(view, legal):
        if a == action:
            return rect.center
    if isinstance(action, Move):
        col = whole_column(action.to)
        return (col.centerx, col.top + 40)
    targets = scene.board.choice_targets(view, legal)
    for pos, a in targets.items():
        if a == action:
            col = whole_column(pos)
            return (col.centerx, col.top + 40)
    raise AssertionError(f"nothing to click for {action}")


drawn_texts = UI.drawn_texts   # every text drawn in the next frame
