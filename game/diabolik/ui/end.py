"""Diabolik's end and replay, on the shell's scenes.

``diabolik-end``: the shell's :class:`EndScene` (Replay, Play again, Back to the title) with the
heist's own result: won (the four loot home) or lost (the danger at its maximum), the criminals,
and the game's figures: rounds, the danger reached and its maximum, the loot home.

``diabolik-replay``: the shell's replay stepping (:class:`ReplayStepping`, its controls and keys)
over Diabolik's board: every position of the finished game drawn as at the table, with the move's
sentences beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.engine import titles
from game.engine.api import TABLE
from game.engine.i18n import current_language, t
from game.engine.replay import Match
from game.ui import registry, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.scenes.end import EndScene, players_of
from game.ui.scenes.replay import ReplayStepping
from game.ui.scenes.table import PANEL as SIDE, fitted
from game.ui.widgets import Button, draw_panel

from game.diabolik.texts import texts_for
from game.diabolik.ui import art
from game.diabolik.ui.board import DiabolikBoard
from game.diabolik.ui.texts import set_places, who_name


def figures(match: Match) -> dict[str, Any]:
    """The finished game as the end screen tells it: won, rounds, danger and its maximum, loot home."""
    view = match.state.view(TABLE)
    result = match.state.result()
    return {"won": bool(result is not None and result.winners), "reason": getattr(result, "reason", ""),
            "round": view.round, "danger": view.danger, "danger_max": view.danger_max, "banked": view.banked,
            "seats": tuple(view.seats)}


class DiabolikEndScene(EndScene):
    """See the module docstring."""

    def replay_scene(self) -> Any:
        return DiabolikReplay(self.match)

    def again_scene(self) -> Any:
        from game.diabolik.ui.setup import DiabolikSetupScene

        return DiabolikSetupScene("diabolik", config=self.match.config, players=self.players or None)

    def draw(self, canvas: Canvas) -> None:
        canvas.layer(("diabolik-end", id(self), current_language()), self._draw_static)
        Scene.draw(self, canvas)

    def _draw_static(self, canvas: Canvas) -> None:
        f = figures(self.match)
        p = self.draw_frame(canvas, theme.GOLD if f["won"] else theme.RED)
        self.draw_title(canvas, t("diabolik_table.end.won" if f["won"] else "diabolik_table.end.lost"),
                        theme.GOLD_LIGHT if f["won"] else theme.INK, size=68, least=34)
        from game.diabolik.texts import event_text

        reason = event_text({"kind": "diabolik.over", "won": f["won"], "reason": f["reason"]})
        canvas.text_box(reason, (p.left + 60, p.top + 146, p.width - 120, 40), 22, theme.BODY, (222, 216, 202),
                        align="center", max_lines=1)
        # the criminals
        seats = list(f["seats"])
        x = p.centerx - (len(seats) * 260 - 20) / 2
        for seat in seats:
            card = pygame.FRect(x, p.top + 204, 240, 70)
            canvas.fill((26, 38, 68) if f["won"] else (20, 30, 56), card, radius=12)
            canvas.border(theme.GOLD if f["won"] else theme.EDGE, card, width=1.5, radius=12)
            art.criminal_pawn(canvas, (card.left + 38, card.centery), seat, 22)
            fitted(canvas, who_name(seat), (card.left + 74, card.centery), card.width - 86, 28, theme.DISPLAY,
                   theme.INK, anchor="midleft")
            x += 260
        # the figures
        tiles = [(t("diabolik_table.end.rounds"), str(f["round"])),
                 (t("diabolik_table.end.danger"), t("diabolik_table.end.of", n=f["danger"], max=f["danger_max"])),
                 (t("diabolik_table.end.loot"), t("diabolik_table.end.of", n=f["banked"], max=4))]
        w = (p.width - 120 - 2 * 24) / 3
        for i, (label, value) in enumerate(tiles):
            r = pygame.FRect(p.left + 60 + i * (w + 24), p.top + 300, w, 120)
            canvas.fill((12, 18, 36), r, radius=12)
            canvas.border(theme.EDGE, r, width=1, radius=12)
            fitted(canvas, label.upper(), (r.centerx, r.top + 16), r.width - 20, 16, theme.BOLD, theme.MUTED,
                   anchor="midtop", tracking=2)
            canvas.text(value, (r.centerx, r.top + 44), 54, theme.DISPLAY, theme.INK, anchor="midtop")
        canvas.text(t("i12_shell.end.moves", n=len(self.match.log)), (p.centerx, p.top + 440), 17, theme.ITALIC,
                    theme.MUTED, anchor="midtop")


class DiabolikReplay(ReplayStepping, Scene):
    """A finished game, position by position, on Diabolik's board (see the module docstring)."""

    fills_window = True

    def __init__(self, match: Match, *, start: int = 0, playing: bool = False) -> None:
        if not match.state.is_over():
            raise ValueError("a game is replayed only once it is over")
        Scene.__init__(self)
        self.spec = titles.title(match.title)
        self.load_game(match)
        self.board = DiabolikBoard()
        locations = tuple(match.state.view(TABLE).locations)
        set_places(locations)
        self.say = texts_for(locations, match.state.view(TABLE).danger_max)
        self.controls = self.stepping_buttons(SIDE.left + 18, SIDE.bottom - 76, SIDE.width - 36, 56, 8.0)
        self.back_button = Button((SIDE.right - 18 - 150, SIDE.top + 12, 150, 40), lambda: t("i12_shell.replay.back"),
                                  self.back, style="ghost", icon="back", size=18)
        self.widgets = [*self.controls, self.back_button]
        self.go(start)
        self.set_playing(playing)

    def animating(self) -> bool:
        return self.playing or super().animating()

    def draw(self, canvas: Canvas) -> None:
        canvas.layer(("diabolik-replay", id(self), self.version, current_language()), self._draw_static)
        for widget in self.widgets:
            widget.draw(canvas)

    def _draw_static(self, canvas: Canvas) -> None:
        canvas.clear(theme.NIGHT)
        self.board.draw(canvas, self.current.view(TABLE), [], (-1000.0, -1000.0))
        draw_panel(canvas, SIDE, theme.PANEL, theme.EDGE, radius=16, shadow=True)
        sx, sw = SIDE.left + 18, SIDE.width - 36
        canvas.text(t("i12_shell.replay.kicker").upper(), (sx, SIDE.top + 22), 15, theme.BOLD, theme.GOLD, tracking=2)
        title = t("i12_shell.replay.start") if self.index == 0 else \
            t("i12_shell.replay.step", n=self.index, total=self.total)
        fitted(canvas, title, (sx, SIDE.top + 58), sw, 34, theme.DISPLAY, theme.INK)
        y = SIDE.top + 104
        if self.index > 0:
            seat = self.actions[self.index - 1].seat
            canvas.text(t("i12_shell.replay.by", who=who_name(seat)).upper(), (sx, y), 14, theme.BOLD, theme.FAINT,
                        tracking=2)
            y += 26
        bottom = SIDE.bottom - 120
        for e in self.events[self.index]:
            line = self.say({"kind": e.kind, **dict(e.data)})
            h = canvas.text_box_height(line, sw, 17, theme.BODY, 1.15)
            if y + h > bottom:
                break
            canvas.text_box(line, (sx, y, sw, h + 2), 17, theme.BODY, theme.INK, line_spacing=1.15)
            y += h + 6
        canvas.text(t("i12_shell.replay.keys"), (SIDE.centerx, SIDE.bottom - 106), 13, theme.ITALIC, theme.FAINT,
                    anchor="midtop")


def finished_match(seed: int = 1, players: int = 2, level: str = "normal") -> Match:
    """A whole game played by the title's computer criminals at ``level`` (random legal moves if
    it has no such level)."""
    from game.engine.playout import RandomBot

    spec = titles.title("diabolik")
    make = titles.load(spec.bots[level]) if level in spec.bots else RandomBot
    bot = make(seed)
    match = Match("diabolik", {"players": players}, seed, game_id="diabolik-screenshot")
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    return match


def won_match(tries: int = 24) -> Match:
    """The first heist the normal computer criminals win, seed by seed from 1 (the screenshots'
    end and replay; the last game tried if none is won)."""
    match = finished_match(1)
    for seed in range(1, tries + 1):
        match = finished_match(seed)
        result = match.state.result()
        if result is not None and result.winners:
            break
    return match


@registry.register_scene("diabolik-end")
def _diabolik_end(app: Any, match: Match | None = None, **opts: Any) -> DiabolikEndScene:
    match = match if match is not None else won_match()
    computer: Mapping[str, Any] = opts.get("computer") or {}
    return DiabolikEndScene(match, players=players_of(titles.title(match.title), computer))


@registry.register_scene("diabolik-replay")
def _diabolik_replay(app: Any, match: Match | None = None, start: int | None = None, **_opts: Any) -> DiabolikReplay:
    match = match if match is not None else won_match()
    return DiabolikReplay(match, start=start if start is not None else len(match.log) // 2)
