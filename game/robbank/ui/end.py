"""How to Rob a Bank's end and replay, on the shell's scenes.

``robbank-end``: the shell's :class:`EndScene` (Replay, Play again, Back to the title) with the
robbery's own result: the thieves or the bank won, why (the rules' reason, in a sentence), the
seats as their pawns, and the figures: bags stolen against the bags needed, the rounds played.

``robbank-replay``: the shell's replay of a game on a title's board (:class:`BoardReplay`, its
controls and keys) with Rob a Bank's board: every position of the finished game drawn as at the
table, with every stack face up now that the game is over, and the move's sentences beside it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, cast

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

    layer_name = "robbank-end"

    def replay_scene(self) -> Any:
        return RobReplay(self.match)

    def again_scene(self) -> Any:
        from game.robbank.ui.setup import RobSetupScene

        return RobSetupScene("robbank", config=self.match.config, players=self.players or None)

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
        self.draw_figures(canvas, [(t("robbank_ui.end.stolen"), str(f["stolen"])),
                                   (t("robbank_ui.end.target"), str(f["target"])),
                                   (t("robbank_ui.end.rounds"), f"{f['round']}/3")], p.top + 306)
        self.draw_moves(canvas, p.top + 446)


def open_view(state: Any) -> Any:
    """The table's view with every laid card face up (the replay's: the game is over)."""
    view = state.view(TABLE)
    return dataclasses.replace(view, stacks={s: tuple(c) for s, c in state.stacks.items()}, stacks_rule="open")


class RobReplay(BoardReplay):
    """A finished robbery, position by position, on Rob a Bank's board."""

    layer_name = "robbank-replay"

    def __init__(self, match: Match, *, start: int = 0, playing: bool = False) -> None:
        board = RobBoard()
        board.players = cast(Any, match.state).config.players
        super().__init__(match, board, start=start, playing=playing)

    def board_view(self, state: Any) -> Any:
        return open_view(state)

    def seat_name(self, seat: str) -> str:
        return texts.seat_name(seat, self.current.config.players)

    def event_line(self, entry: Mapping[str, Any]) -> str:
        return texts.event_text(entry)


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
