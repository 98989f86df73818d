"""The end of a game of Lupin: who won and how, the game in numbers, and what next.

:class:`GameOverScreen` is the end screen the play scene shows over its board once the rules say
the game is over (the play scene stays on the stack underneath, holding the table's view): the
winners (``state.result()``; in the all-against-all variant every member's points), how it
ended, each gang member's fate, the numbers of the game (rounds, shots and hits, blows, wounds,
arrests, tiles flipped, escapes, mission cards), counted by
:func:`game.lupin.rules.review.game_stats` from every event (the game is over: nothing is secret
any more), and three buttons: watch the replay (:mod:`game.lupin.ui.replay_scene`), play again
with the same set-up, back to the title.

:func:`setup_scene_for` opens the set-up screen showing a given set of options; "Play again"
and ``heist-table play lupin`` use it.
"""

from __future__ import annotations

from typing import Any, Mapping

import pygame

from game.engine.i18n import current_language, t
from game.lupin.rules.boards import episode
from game.lupin.rules.review import game_stats
from game.lupin.ui.board_scene import BOARD_RECT, GANG_STYLE
from game.lupin.ui.dice import fit
from game.lupin.ui.log_text import reason_text
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.scenes.end import EndActions, button_row, result_summary
from game.ui.widgets import draw_panel, mix, top_band

PANEL = pygame.FRect(0, 0, 980, 656)
PANEL.center = BOARD_RECT.center
BUTTON_H = 58
STATS = ("rounds", "shots", "blows", "wounds", "arrests", "flips", "escapes", "cards")
MEMBERS = ("lupin", "jigen", "goemon", "fujiko")


def setup_scene_for(config: Mapping[str, Any], *, look_for_saves: bool = False,
                    players: Mapping[str, str] | None = None) -> Any:
    """A Lupin set-up screen with ``config``'s options chosen (episode, players, difficulty,
    always-visible, variant, Lupin's partner) and ``players`` (seat -> "person" or a computer
    level); the seed is left at Random."""
    from game.lupin.ui.setup_scene import LupinSetupScene

    scene = LupinSetupScene(str(config.get("episode", "rosso-rubino")), look_for_saves=look_for_saves,
                            players=dict(players or {}))
    if "players" in config:
        scene.players_choice.set_value(config["players"])
    scene.difficulty_choice.set_value(config.get("difficulty", "expert"))
    scene.options_changed(None)
    if scene.visible_toggle.enabled:
        scene.visible_toggle.value = bool(config.get("novice_always_visible", False))
        scene.visible_toggle.anim = 1.0 if scene.visible_toggle.value else 0.0
    if scene.variant_choice.enabled:
        scene.variant_choice.set_value(config.get("variant", "coop"))
    scene.options_changed(None)
    if scene.partner_choice.enabled and config.get("partner") is not None:
        scene.partner_choice.set_value(config.get("partner"))
    scene.options_changed(None)
    return scene


class GameOverScreen(EndActions):
    """The end screen over a finished game's board (see the module docstring). ``scene`` is the
    play scene: its match, its stack and its "Back to the title" button (``over_button``)."""

    def __init__(self, scene: Any) -> None:
        from game.lupin.ui.play_scene import FitButton

        self.scene = scene
        self.match = scene.match
        self.stats = game_stats(self.match.state)
        replay, again, back = button_row(PANEL, BUTTON_H)
        self.replay_button = FitButton(replay, lambda: t("lupin_over.over.replay"), self.watch_replay,
                                       style="primary", icon="play")
        self.again_button = FitButton(again, lambda: t("lupin_over.over.again"), self.play_again, icon="users")
        self.back_button = scene.over_button
        self.back_button.rect = back
        self.back_button.style = "secondary"

    @property
    def buttons(self) -> list[Any]:
        return [self.replay_button, self.again_button, self.back_button]

    # -------------------------------------------------------------- what the buttons do (the shell's)
    def end_stack(self) -> Any:
        return self.scene.stack

    def replay_scene(self) -> Any:
        from game.lupin.ui.replay_scene import ReplayScene

        return ReplayScene(self.match)

    def again_scene(self) -> Any:
        """A new set-up with this game's options (a new seed) and the same seats at the computer, in
        place of the finished game."""
        from game.engine.titles import title
        from game.ui.scenes.end import players_of

        computer = getattr(getattr(self.scene, "session", None), "computer", None) or {}
        return setup_scene_for(self.match.config, players=players_of(title("lupin"), computer))

    # -------------------------------------------------------------- drawing
    def result(self) -> dict[str, Any]:
        return result_summary(self.match)

    def draw(self, canvas: Canvas, title: str) -> None:
        """Everything but the buttons (drawn every frame by the play scene); ``title`` names the
        winners."""
        res = self.result()
        winners = res["winners"]
        canvas.fill((4, 6, 14, 170), BOARD_RECT)
        p = PANEL
        draw_panel(canvas, p, theme.PANEL_SOLID, theme.EDGE_LIGHT, radius=18, shadow=True)
        gang_won = bool(winners) and "zenigata" not in winners
        accent = theme.GOLD if gang_won else theme.CYAN
        top_band(canvas, p, accent, 8, radius=18)
        canvas.text(t("lupin_over.over.kicker").upper(), (p.centerx, p.top + 32), 18, theme.BOLD, theme.GOLD,
                    anchor="midtop", tracking=5)
        size = 76
        while size > 36 and canvas.measure(title, size, theme.DISPLAY)[0] > p.width - 80:
            size -= 4
        canvas.text(title, (p.centerx, p.top + 60), size, theme.DISPLAY, theme.INK, anchor="midtop",
                    shadow=(0, 0, 0, 160), shadow_offset=3)
        canvas.text_box(reason_text(str(res["reason"]), self.match.state.treasure_out), (p.left + 60, p.top + 148, p.width - 120, 58), 22,
                        theme.BODY, (222, 216, 202), align="center", line_spacing=1.25, max_lines=2)
        ep = episode(self.match.config.get("episode", "rosso-rubino")).name[current_language()]
        canvas.text(t("lupin_over.over.episode_rounds", episode=ep, rounds=self.stats["rounds"]),
                    (p.centerx, p.top + 212), 17, theme.ITALIC, theme.MUTED, anchor="midtop")
        top = p.top + 256
        canvas.line(theme.EDGE, (p.left + 40, top - 10), (p.right - 40, top - 10), 1)
        self._draw_members(canvas, pygame.FRect(p.left + 40, top, 380, 300), res)
        self._draw_stats(canvas, pygame.FRect(p.left + 450, top, p.width - 490, 300))

    def _draw_members(self, canvas: Canvas, r: pygame.FRect, res: dict[str, Any]) -> None:
        state = self.match.state
        scores = res["scores"]
        canvas.text((t("lupin_over.over.scores") if scores else t("lupin_over.over.gang")).upper(),
                    (r.left, r.top), 15, theme.BOLD, theme.GOLD, tracking=2.5)
        y = r.top + 34
        row_h = 58
        for fid in MEMBERS:
            if fid not in state.gang:
                continue
            f = state.figures[fid]
            info = self.stats["members"][fid]
            seat = state.seat_of[fid]
            won = seat in res["winners"]
            row = pygame.FRect(r.left, y, r.width, row_h - 8)
            canvas.fill((26, 38, 68) if won else (20, 30, 56), row, radius=10)
            if won:
                canvas.border(theme.GOLD, row, width=1.5, radius=10)
            colour, letter = GANG_STYLE[fid]
            c = (row.left + 26, row.centery)
            canvas.circle(colour, c, 15)
            canvas.circle(theme.INK, c, 15, width=2)
            canvas.text(letter, (c[0], c[1] + 1), 18, theme.DISPLAY, theme.INK, anchor="center")
            canvas.text(t(f"lupin.seat.{fid}"), (row.left + 52, row.top + 6), 20, theme.BOLD, theme.INK)
            if f.escaped:
                fate = "escaped_treasure" if info["treasure"] else "escaped"
            elif f.arrested_by:
                fate = "arrested"
            else:
                fate = "free"
            right = row.right - 14
            if scores and seat in scores:
                right = canvas.text((t("lupin_over.over.point") if scores[seat] == 1 else t("lupin_over.over.points", n=scores[seat])), (right, row.centery), 22,
                                    theme.DISPLAY, theme.GOLD_LIGHT if won else theme.INK, anchor="midright").left - 10
            canvas.text(fit(canvas, t(f"lupin_over.over.member.{fate}"), right - row.left - 52, 15, theme.BODY),
                        (row.left + 52, row.top + 30), 15, theme.BODY,
                        theme.GOLD_LIGHT if fate == "escaped_treasure" else theme.MUTED)
            y += row_h

    def _draw_stats(self, canvas: Canvas, r: pygame.FRect) -> None:
        canvas.text(t("lupin_over.over.stats").upper(), (r.left, r.top), 15, theme.BOLD, theme.GOLD, tracking=2.5)
        cols, gap = 4, 10
        w = (r.width - gap * (cols - 1)) / cols
        h = 104
        for i, key in enumerate(STATS):
            col, row = i % cols, i // cols
            box = pygame.FRect(r.left + col * (w + gap), r.top + 34 + row * (h + gap), w, h)
            canvas.fill((20, 30, 56), box, radius=10)
            canvas.border(mix(theme.EDGE, theme.NAVY, 0.3), box, width=1, radius=10)
            canvas.text(str(self.stats[key]), (box.centerx, box.top + 10), 44, theme.DISPLAY, theme.INK, anchor="midtop")
            canvas.text(fit(canvas, t(f"lupin_over.over.stat.{key}"), w - 12, 15, theme.BOLD), (box.centerx, box.top + 60),
                        15, theme.BOLD, theme.MUTED, anchor="midtop")
            if key == "shots" and self.stats["shots"]:
                canvas.text(fit(canvas, t("lupin_over.over.stat.hits", n=self.stats["hits"]), w - 12, 13, theme.ITALIC),
                            (box.centerx, box.top + 80), 13, theme.ITALIC, theme.FAINT, anchor="midtop")
