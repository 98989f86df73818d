"""How to Rob a Bank's end and replay, on the shell's scenes.

``robbank-end``: the shell's :class:`EndScene` (Replay, Play again, Back to the title) with the
robbery's own result: the thieves or the bank won, why (the rules' reason, in a sentence), the
seats as their pawns, and the figures: bags stolen against the bags needed, the rounds played.

``robbank-replay``: the shell's replay stepping (:class:`ReplayStepping`, its controls and keys)
over Rob a Bank's board: every position of the finished game drawn as at the table, with every
stack face up now that the game is over, and the move's sentences beside it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, cast

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

from game.robbank import texts
from game.robbank.ui import art
from game.robbank.ui.board import RobBoard


def figures(match: Match) -> dict[str, Any]:
    """The finished robbery as the end screen tells it."""
    state: Any = match.state
    result = state.result()
    won = bool(result is not None and result.winners and result.winners[0] != "bank")
    return {"thieves_won": won, "reason": getattr(result, "reason", ""), "stolen": state.stolen,
            "target": state.target(), "round": state.round, "seats": tuple(state.seats),
            "players": state.config.players}


class RobEndScene(EndScene):
    """See the module docstring."""

    def replay_scene(self) -> Any:
        return RobReplay(self.match)

    def again_scene(self) -> Any:
        from game.robbank.ui.setup import RobSetupScene

        return RobSetupScene("robbank", config=self.match.config, players=self.players or None)

    def draw(self, canvas: Canvas) -> None:
        canvas.layer(("robbank-end", id(self), current_language()), self._draw_static)
        Scene.draw(self, canvas)

    def _draw_static(self, canvas: Canvas) -> None:
        f = figures(self.match)
        won = f["thieves_won"]
        p = self.draw_frame(canvas, theme.GOLD if won else theme.CYAN)
        self.draw_title(canvas, t("robbank_ui.end.thieves" if won else "robbank_ui.end.bank"),
                        theme.GOLD_LIGHT if won else theme.INK, size=68, least=34)
        reason = texts.reason_text(f["reason"], f["stolen"], f["target"]) if f["reason"] else ""
        canvas.text_box(reason, (p.left + 60, p.top + 146, p.width - 120, 56), 21, theme.BODY, (222, 216, 202),
                        align="center", max_lines=2)
        seats = list(f["seats"])
        w = min(230.0, (p.width - 120 - (len(seats) - 1) * 16) / max(1, len(seats)))
        x = p.centerx - (len(seats) * (w + 16) - 16) / 2
        for seat in seats:
            winner = (seat == "bank") != won
            card = pygame.FRect(x, p.top + 214, w, 70)
            canvas.fill((26, 38, 68) if winner else (20, 30, 56), card, radius=12)
            canvas.border(theme.GOLD if winner else theme.EDGE, card, width=1.5, radius=12)
            c = (card.left + 32, card.centery)
            if seat == "bank":
                art.guard(canvas, c, "B", 16)
            elif f["players"] == 2:          # one thief player runs yellow and red
                art.thief(canvas, (c[0] - 10, c[1]), "yellow", 13)
                art.thief(canvas, (c[0] + 16, c[1]), "red", 13)
            else:
                art.thief(canvas, c, seat, 16)
            fitted(canvas, texts.seat_name(seat, f["players"]), (card.left + 66, card.centery), card.width - 76, 22,
                   theme.DISPLAY, theme.INK, anchor="midleft")
            x += w + 16
        tiles = [(t("robbank_ui.end.stolen"), str(f["stolen"])), (t("robbank_ui.end.target"), str(f["target"])),
                 (t("robbank_ui.end.rounds"), f"{f['round']}/3")]
        tw = (p.width - 120 - 2 * 24) / 3
        for i, (label, value) in enumerate(tiles):
            r = pygame.FRect(p.left + 60 + i * (tw + 24), p.top + 306, tw, 120)
            canvas.fill((12, 18, 36), r, radius=12)
            canvas.border(theme.EDGE, r, width=1, radius=12)
            fitted(canvas, label.upper(), (r.centerx, r.top + 16), r.width - 20, 16, theme.BOLD, theme.MUTED,
                   anchor="midtop", tracking=2)
            canvas.text(value, (r.centerx, r.top + 44), 54, theme.DISPLAY, theme.INK, anchor="midtop")
        canvas.text(t("i12_shell.end.moves", n=len(self.match.log)), (p.centerx, p.top + 446), 17, theme.ITALIC,
                    theme.MUTED, anchor="midtop")


def open_view(state: Any) -> Any:
    """The table's view with every laid card face up (the replay's: the game is over)."""
    view = state.view(TABLE)
    return dataclasses.replace(view, stacks={s: tuple(c) for s, c in state.stacks.items()}, stacks_rule="open")


class RobReplay(ReplayStepping, Scene):
    """A finished robbery, position by position, on Rob a Bank's board."""

    fills_window = True

    def __init__(self, match: Match, *, start: int = 0, playing: bool = False) -> None:
        if not match.state.is_over():
            raise ValueError("a game is replayed only once it is over")
        Scene.__init__(self)
        self.spec = titles.title(match.title)
        self.load_game(match)
        self.board = RobBoard()
        self.board.players = cast(Any, match.state).config.players
        self.controls = self.stepping_buttons(SIDE.left + 18, SIDE.bottom - 76, SIDE.width - 36, 56, 8.0)
        self.back_button = Button((SIDE.right - 18 - 150, SIDE.top + 12, 150, 40), lambda: t("i12_shell.replay.back"),
                                  self.back, style="ghost", icon="back", size=18)
        self.widgets = [*self.controls, self.back_button]
        self.go(start)
        self.set_playing(playing)

    def animating(self) -> bool:
        return self.playing or super().animating()

    def draw(self, canvas: Canvas) -> None:
        canvas.layer(("robbank-replay", id(self), self.version, current_language()), self._draw_static)
        for widget in self.widgets:
            widget.draw(canvas)

    def _draw_static(self, canvas: Canvas) -> None:
        canvas.clear(theme.NIGHT)
        self.board.draw(canvas, open_view(self.current), [], (-1000.0, -1000.0))
        draw_panel(canvas, SIDE, theme.PANEL, theme.EDGE, radius=16, shadow=True)
        sx, sw = SIDE.left + 18, SIDE.width - 36
        canvas.text(t("i12_shell.replay.kicker").upper(), (sx, SIDE.top + 22), 15, theme.BOLD, theme.GOLD, tracking=2)
        title = t("i12_shell.replay.start") if self.index == 0 else \
            t("i12_shell.replay.step", n=self.index, total=self.total)
        fitted(canvas, title, (sx, SIDE.top + 58), sw, 34, theme.DISPLAY, theme.INK)
        y = SIDE.top + 104
        if self.index > 0:
            seat = self.actions[self.index - 1].seat
            who = texts.seat_name(seat, self.current.config.players)
            canvas.text(t("i12_shell.replay.by", who=who).upper(), (sx, y), 14, theme.BOLD, theme.FAINT, tracking=2)
            y += 26
        bottom = SIDE.bottom - 120
        for e in self.events[self.index]:
            line = texts.event_text({"kind": e.kind, **dict(e.data)})
            h = canvas.text_box_height(line, sw, 17, theme.BODY, 1.15)
            if y + h > bottom:
                break
            canvas.text_box(line, (sx, y, sw, h + 2), 17, theme.BODY, theme.INK, line_spacing=1.15)
            y += h + 6
        canvas.text(t("i12_shell.replay.keys"), (SIDE.centerx, SIDE.bottom - 106), 13, theme.ITALIC, theme.FAINT,
                    anchor="midtop")


def finished_match(seed: int = 1, players: int = 3, thieves_win: bool | None = True, tries: int = 30) -> Match:
    """A whole robbery played by the normal computer on both sides (the first seed from ``seed``
    whose winner is as asked, for the screenshots)."""
    from game.robbank.ai import NormalBot

    match = None
    for s in range(seed, seed + tries):
        match = Match("robbank", {"players": players}, s, game_id="robbank-screenshot")
        bots: dict[str, Any] = {}
        while not match.state.is_over():
            seat = match.state.to_act()[0]
            bot = bots.setdefault(seat, NormalBot(s))
            match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
        if thieves_win is None or bool(cast(Any, match.state).won) == thieves_win:
            break
    assert match is not None
    return match


@registry.register_scene("robbank-end")
def _robbank_end(app: Any, match: Match | None = None, **opts: Any) -> RobEndScene:
    match = match if match is not None else finished_match()
    computer: Mapping[str, Any] = opts.get("computer") or {}
    return RobEndScene(match, players=players_of(titles.title(match.title), computer))


@registry.register_scene("robbank-replay")
def _robbank_replay(app: Any, match: Match | None = None, start: int | None = None, **_opts: Any) -> RobReplay:
    match = match if match is not None else finished_match()
    return RobReplay(match, start=start if start is not None else len(match.log) * 2 // 3)
