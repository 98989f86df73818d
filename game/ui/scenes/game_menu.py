"""The in-game menu (Esc, or a "Menu" button on a game's screen) and a generic yes/no dialog.

:class:`GameMenuScene` is shared by every title: Resume, Rules (when the title gives a rules
reader), Settings, Save and leave (back to the title; the game is autosaved and "Continue" brings
it back), New game (after a confirmation) and Quit. The title passes what is its own as callbacks;
this module names no title.

Privacy: the menu is a modal overlay over the screen it was opened from. Over the hot-seat curtain
the curtain stays below it (and nothing under the curtain is drawn); with ``hide_below`` the menu
paints the whole window itself, so not a pixel of a hidden seat's screen shows around it.

:class:`ConfirmScene` asks one question with two answers ("Leave the map with Jigen? He cannot
come back." Leave / Cancel); Esc or the second button cancels, Enter confirms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button, dialog_panel, resolve

Text = Any   # a string or a callable returning one (read when drawn: the language may change)

MENU_W = 520
BUTTON_H, BUTTON_GAP = 58, 14


class GameMenuScene(Scene):
    """See the module docstring. Each callback may be None: its button is then not offered
    (Rules), or does the shared default (Save and leave: back to the title)."""

    overlay = True
    freeze_below = True

    def __init__(self, *, on_rules: Callable[[], None] | None = None,
                 on_save_leave: Callable[[], None] | None = None,
                 on_new_game: Callable[[], None] | None = None,
                 note: Text | None = None, hide_below: bool = False,
                 kept: Callable[[], bool] | None = None) -> None:
        super().__init__()
        self.kept = kept          # whether the game in play is kept (saved) when a new one starts
        self.on_rules = on_rules
        self.on_save_leave = on_save_leave
        self.on_new_game = on_new_game
        self.note = note          # one line under the title (e.g. "The game is saved after every move.")
        self.hide_below = hide_below
        if hide_below:            # nothing of the screen below may show: the menu covers the window
            self.opaque = True
            self.fills_window = True
            self.freeze_below = False
        entries: list[tuple[Text, Callable[[], None], str, str | None]] = [
            (lambda: t("game_menu.resume"), self.resume_game, "primary", "play")]
        if on_rules is not None:
            entries.append((lambda: t("game_menu.rules"), self.open_rules, "secondary", "help"))
        entries += [
            (lambda: t("game_menu.settings"), self.open_settings, "secondary", "gear"),
            (lambda: t("game_menu.save_leave"), self.save_and_leave, "secondary", "back"),
            (lambda: t("game_menu.new_game"), self.ask_new_game, "secondary", "plus"),
            (lambda: t("game_menu.quit"), self.quit_app, "danger", "exit"),
        ]
        h = 146 + len(entries) * (BUTTON_H + BUTTON_GAP) + 30
        self.panel = pygame.FRect(0, 0, MENU_W, h)
        self.panel.center = (800, 450)
        self.buttons: dict[str, Button] = {}
        names = (["resume"] + (["rules"] if on_rules is not None else [])
                 + ["settings", "save_leave", "new_game", "quit"])
        y = self.panel.top + 146
        for name, (label, action, style, icon) in zip(names, entries):
            self.buttons[name] = Button((self.panel.left + 50, y, MENU_W - 100, BUTTON_H), label, action,
                                        style=style, icon=icon)
            y += BUTTON_H + BUTTON_GAP
        self.widgets = list(self.buttons.values())

    # ---------------------------------------------------------------- the answers
    def resume_game(self) -> None:
        self.close()

    def open_rules(self) -> None:
        if self.on_rules is not None:
            self.on_rules()

    def open_settings(self) -> None:
        if self.stack is None:
            return
        from game.ui.scenes.settings import SettingsScene

        self.stack.push(SettingsScene())

    def save_and_leave(self) -> None:
        stack = self.stack
        self.close()
        if self.on_save_leave is not None:
            self.on_save_leave()
            return
        from game.ui.scenes.title import back_to_title

        back_to_title(stack)

    def ask_new_game(self) -> None:
        if self.stack is None:
            return
        kept = self.kept is None or self.kept()
        body = "game_menu.new_body" if kept else "game_menu.new_body_not_kept"
        self.stack.push(ConfirmScene(lambda: t("game_menu.new_title"), lambda: t(body),
                                     lambda: t("game_menu.new_yes"), self._new_game,
                                     cancel=lambda: t("game_menu.cancel")))

    def _new_game(self) -> None:
        stack = self.stack
        self.close()
        if self.on_new_game is not None:
            self.on_new_game()
            return
        from game.ui.scenes.chooser import ChooserScene
        from game.ui.scenes.title import back_to_title

        back_to_title(stack)
        if stack is not None:
            stack.push(ChooserScene())

    def quit_app(self) -> None:
        if self.app is not None:
            self.app.confirm_quit()
        elif self.stack is not None:
            from game.ui.scenes.quit_confirm import QuitConfirmScene

            self.stack.push(QuitConfirmScene())

    # ---------------------------------------------------------------- input and drawing
    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
            return True
        super().handle(event)
        return True   # a modal: nothing passes through to the game below

    def draw_under(self, canvas: Canvas) -> None:
        backdrop.dim(canvas, 190)

    def draw(self, canvas: Canvas) -> None:
        if self.hide_below:
            canvas.clear(theme.NIGHT)
            backdrop.night_blueprint(canvas, "menu")
        p = self.panel
        dialog_panel(canvas, p)
        canvas.text(t("game_menu.title").upper(), (p.centerx, p.top + 34), 48, theme.DISPLAY, theme.INK,
                    anchor="midtop", tracking=1.5)
        if self.note:
            canvas.text_box(resolve(self.note), (p.left + 40, p.top + 88, p.width - 80, 46), 16, theme.ITALIC,
                            theme.MUTED, align="center", line_spacing=1.1, max_lines=2)
        super().draw(canvas)


class ConfirmScene(Scene):
    """A yes/no question over the screen: ``confirm`` (its label) runs ``on_confirm``; ``cancel``
    (or Esc) closes it and runs ``on_cancel`` if given. ``danger`` paints the confirm button red."""

    overlay = True
    freeze_below = True

    def __init__(self, title: Text, body: Text, confirm: Text, on_confirm: Callable[[], None], *,
                 cancel: Text | None = None, on_cancel: Callable[[], None] | None = None,
                 danger: bool = True) -> None:
        super().__init__()
        self.title, self.body = title, body
        self.on_confirm, self.on_cancel = on_confirm, on_cancel
        self.panel = pygame.FRect(0, 0, 760, 330)
        self.panel.center = (800, 450)
        bw, bh, gap = 260, 62, 24
        y = self.panel.bottom - 36 - bh
        cx = self.panel.centerx
        self.confirm_button = Button((cx - gap / 2 - bw, y, bw, bh), confirm, self.confirm,
                                     style="danger" if danger else "primary", icon="check")
        self.cancel_button = Button((cx + gap / 2, y, bw, bh),
                                    cancel if cancel is not None else (lambda: t("game_menu.cancel")),
                                    self.cancel, icon="back")
        self.widgets = [self.confirm_button, self.cancel_button]

    def confirm(self) -> None:
        self.close()
        self.on_confirm()

    def cancel(self) -> None:
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
                return True
        super().handle(event)
        return True   # a modal: nothing passes through

    def draw_under(self, canvas: Canvas) -> None:
        backdrop.dim(canvas, 170)

    def draw(self, canvas: Canvas) -> None:
        p = self.panel
        dialog_panel(canvas, p)
        canvas.text_box(resolve(self.title), (p.left + 40, p.top + 34, p.width - 80, 90), 40, theme.DISPLAY, theme.INK,
                        align="center", max_lines=2)
        canvas.text_box(resolve(self.body), (p.left + 50, p.top + 128, p.width - 100, 70), 21, theme.ITALIC,
                        theme.MUTED, align="center", max_lines=3)
        super().draw(canvas)
