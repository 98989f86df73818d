"""Diabolik's end and replay, on the shell's scenes.

``diabolik-end``: the shell's :class:`EndScene` (Replay, Play again, Back to the title) with the
heist's own result: won (the four loot home) or lost (the danger at its maximum), the criminals,
and the game's figures: rounds, the danger reached and its maximum, the loot home.

``diabolik-replay``: the shell's replay of a game on a title's board (:class:`BoardReplay`, its
controls and keys) with Diabolik's board: every position of the finished game drawn as at the
table, with the move's sentences beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.engine import titles
from game.engine.api import TABLE
from game.engine.i18n import t
from game.engine.replay import Match
from game.ui import registry, theme
from game.ui.canvas import Canvas
from game.ui.scenes.end import EndScene, players_of
from game.ui.scenes.replay import BoardReplay
from game.ui.scenes.table import fitted

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

    layer_name = "diabolik-end"

    def replay_scene(self) -> Any:
        return DiabolikReplay(self.match)

    def again_scene(self) -> Any:
        from game.diabolik.ui.setup import DiabolikSetupScene

        return DiabolikSetupScene("diabolik", config=self.match.config, players=self.players or None)

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
        self.draw_figures(canvas, [
            (t("diabolik_table.end.rounds"), str(f["round"])),
            (t("diabolik_table.end.danger"), t("diabolik_table.end.of", n=f["danger"], max=f["danger_max"])),
            (t("diabolik_table.end.loot"), t("diabolik_table.end.of", n=f["banked"], max=4))], p.top + 300)
        self.draw_moves(canvas, p.top + 440)


class DiabolikReplay(BoardReplay):
    """A finished game, position by position, on Diabolik's board (see the module docstring)."""

    layer_name = "diabolik-replay"

    def __init__(self, match: Match, *, start: int = 0, playing: bool = False) -> None:
        super().__init__(match, DiabolikBoard(), start=start, playing=playing)
        locations = tuple(match.state.view(TABLE).locations)
        set_places(locations)
        self.say = texts_for(locations, match.state.view(TABLE).danger_max)

    def seat_name(self, seat: str) -> str:
        return who_name(seat)

    def event_line(self, entry: Mapping[str, Any]) -> str:
        return self.say(dict(entry))


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
