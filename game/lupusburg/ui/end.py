"""Lupusburg's end and replay, on the shell's scenes.

``lupusburg-end``: the shell's :class:`EndScene` (Replay, Play again, Back to the title) with every
card turned over: who held the Werewolf and the Thief, each player's two houses with their
characters (alive or gone) and his chest, the coin under his seal and whom it accused, and his
points by the rules' items (2 a living character, the chest while its house's character lives, a
correct bet's coin, a wrong one's 0 or minus the coin), the winner lit.

``lupusburg-replay``: the shell's :class:`BoardReplay` on Lupusburg's board, every secret shown at
every position (each house's character, the chests, the coins under the seals), the move's
sentences beside it, un-redacted.
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

from game.lupusburg import texts
from game.lupusburg.rules.state import POINTS_PER_CHARACTER
from game.lupusburg.rules.views import Reveal
from game.lupusburg.ui import art
from game.lupusburg.ui.board import LupusBoard, side_mark


def score_items(state: Any, seat: str) -> list[tuple[str, int, int]]:
    """A player's points by the rules' items (the end screen's sum), each (item, how many, points):
    his living characters (2 each), his chest (while its house's character lives), his bet (a correct
    one's coin; a wrong one's 0, or minus the coin by option)."""
    items: list[tuple[str, int, int]] = []
    living = len(state.living(seat))
    items.append(("characters", living, POINTS_PER_CHARACTER * living))
    chest = state.chest.get(seat)
    if chest is not None and state.alive[seat][chest]:
        items.append(("chest", 1, state.config.chest_value))
    bet = state.bets.get(seat)
    if bet is not None:
        if bet.target == state.werewolf:
            items.append(("bet", bet.coin, bet.coin))
        elif state.config.wrong_bet == "minus_coin":
            items.append(("bet", bet.coin, -bet.coin))
        else:
            items.append(("bet", bet.coin, 0))
    return items


class LupusEndScene(EndScene):
    """See the module docstring."""

    layer_name = "lupusburg-end"

    def replay_scene(self) -> Any:
        return LupusReplay(self.match)

    def again_scene(self) -> Any:
        from game.lupusburg.ui.setup import LupusSetupScene

        return LupusSetupScene("lupusburg", config=self.match.config, players=self.players or None)

    def _draw_static(self, canvas: Canvas) -> None:
        state: Any = self.match.state
        wolf_won = state.end_reason == "werewolf_wins"
        p = self.draw_frame(canvas, (150, 40, 46) if wolf_won else theme.GOLD)
        winners = [texts.who(w) for w in state.winners]
        if wolf_won:
            title = t("lupusburg_ui.end.werewolf", who=winners[0] if winners else "?")
        elif len(winners) == 1:
            title = t("lupusburg_ui.end.winner", who=winners[0])
        else:
            title = t("lupusburg_ui.end.shared", who=texts.join(winners))
        self.draw_title(canvas, title, theme.GOLD_LIGHT if not wolf_won else (240, 120, 110), size=60, least=30)
        reason = texts.reason_text(state.end_reason, state.werewolf)
        roles = t("lupusburg_ui.end.roles", werewolf=texts.who(state.werewolf), thief=texts.who(state.thief))
        canvas.text_box(f"{reason} {roles}", (p.left + 50, p.top + 134, p.width - 100, 52), 18, theme.BODY,
                        (222, 216, 202), align="center", max_lines=2, line_spacing=1.2)
        self._draw_rows(canvas, state, p, p.top + 200)
        canvas.text(t("i12_shell.end.moves", n=len(self.match.log)) + " · " + t("lupusburg_ui.end.days", n=state.day),
                    (p.centerx, p.bottom - 124), 15, theme.ITALIC, theme.MUTED, anchor="midtop")

    def _draw_rows(self, canvas: Canvas, state: Any, p: pygame.FRect, top: float) -> None:
        seats = list(state.seats)
        cols = {"player": p.left + 40, "left": p.left + 250, "right": p.left + 410, "seal": p.left + 570,
                "points": p.left + 760, "total": p.right - 36}
        for key, x in cols.items():
            if key == "total":
                canvas.text(t(f"lupusburg_ui.end.col.{key}").upper(), (x, top), 13, theme.BOLD, theme.FAINT,
                            anchor="topright", tracking=1.5)
            else:
                canvas.text(t(f"lupusburg_ui.end.col.{key}").upper(), (x, top), 13, theme.BOLD, theme.FAINT,
                            tracking=1.5)
        y = top + 22
        row_h = min(46.0, (p.bottom - 134 - y) / max(1, len(seats)))
        for seat in seats:
            won = seat in state.winners
            row = pygame.FRect(p.left + 30, y, p.width - 60, row_h - 5)
            canvas.fill((30, 40, 70) if won else (20, 30, 56), row, radius=8)
            if won:
                canvas.border(theme.GOLD, row, width=1.5, radius=8)
            cy = row.centery
            art.badge(canvas, (cols["player"] + 10, cy), seat, art.number(seats, seat), 10)
            name = texts.who(seat)
            role = state.role(seat)
            fitted(canvas, name, (cols["player"] + 26, cy - (7 if role != "townsfolk" else 0)), 150, 19, theme.BOLD,
                   theme.INK, anchor="midleft")
            if role != "townsfolk":
                canvas.text(t(f"lupusburg.character.{role}").upper(), (cols["player"] + 26, cy + 10), 12, theme.BOLD,
                            (240, 110, 100) if role == "werewolf" else (140, 180, 250), anchor="midleft", tracking=1)
            for side in ("left", "right"):
                x = cols[side]
                kind = state.characters.get(seat, {}).get(side)
                alive = state.alive.get(seat, {}).get(side, False)
                if kind is not None:
                    tag = art.character_tag(canvas, (x + 58, cy), kind)
                    if not alive:
                        canvas.line((200, 60, 60), (tag.left + 2, tag.centery), (tag.right - 2, tag.centery), 2.5)
                    canvas.text(side_mark(side), (x - 4, cy), 13, theme.BOLD, theme.FAINT, anchor="midright")
                    if state.chest.get(seat) == side:
                        art.chest(canvas, (x + 124, cy + 3), 8)
            bet = state.bets.get(seat)
            if bet is not None:
                art.coin(canvas, (cols["seal"] + 12, cy), bet.coin, 12)
                right = bet.target == state.werewolf
                fitted(canvas, t("lupusburg_ui.end.accused", who=texts.who(bet.target)), (cols["seal"] + 30, cy), 130,
                       16, theme.BODY, theme.INK, anchor="midleft")
                art.verdict(canvas, (cols["seal"] + 176, cy), right, 9)
            else:
                canvas.text(t("lupusburg_ui.end.no_bet"), (cols["seal"], cy), 15, theme.ITALIC, theme.FAINT,
                            anchor="midleft")
            if seat in state.scores:
                parts = [t(f"lupusburg_ui.end.item.{k}", n=n, points=v) for k, n, v in score_items(state, seat)
                         if n or k != "characters"]
                text = " · ".join(parts) or "–"
                h = canvas.text_box_height(text, 160, 13, theme.BODY, 1.1)
                canvas.text_box(text, (cols["points"], cy - min(h, 34) / 2, 160, 36), 13, theme.BODY, theme.MUTED,
                                line_spacing=1.1, max_lines=2)
                canvas.text(str(state.scores[seat]), (cols["total"], cy), 24, theme.DISPLAY,
                            theme.GOLD_LIGHT if won else theme.INK, anchor="midright")
            else:
                canvas.text("–", (cols["total"], cy), 22, theme.DISPLAY, theme.FAINT, anchor="midright")
                if won:
                    canvas.text(t("lupusburg_ui.end.wins").upper(), (cols["points"], cy), 15, theme.BOLD, theme.GOLD,
                                anchor="midleft", tracking=2)
            y += row_h


def open_view(state: Any) -> Any:
    """The table's view with every card face up (the replay's: the game is over)."""
    view = state.view(TABLE)
    reveal = Reveal(werewolf=state.werewolf, thief=state.thief,
                    characters={s: dict(c) for s, c in state.characters.items()}, chests=dict(state.chest),
                    coins={s: b.coin for s, b in state.bets.items()})
    return dataclasses.replace(view, reveal=reveal)


class LupusReplay(BoardReplay):
    """A finished game, position by position, on Lupusburg's board, every secret shown."""

    layer_name = "lupusburg-replay"

    def __init__(self, match: Match, *, start: int = 0, playing: bool = False) -> None:
        board = LupusBoard(tuple(cast(Any, match.state).seats))
        super().__init__(match, board, start=start, playing=playing)

    def board_view(self, state: Any) -> Any:
        return open_view(state)

    def seat_name(self, seat: str) -> str:
        return texts.who(seat)

    def event_line(self, entry: Mapping[str, Any]) -> str:
        return texts.event_text(entry)


@registry.register_scene("lupusburg-end")
def _lupusburg_end(app: Any, match: Match | None = None, **opts: Any) -> LupusEndScene:
    from game.lupusburg.ui.samples import finished_match

    match = match if match is not None else finished_match()
    computer: Mapping[str, Any] = opts.get("computer") or {}
    return LupusEndScene(match, players=players_of(titles.title(match.title), computer))


@registry.register_scene("lupusburg-replay")
def _lupusburg_replay(app: Any, match: Match | None = None, start: int | None = None, **_opts: Any) -> LupusReplay:
    from game.lupusburg.ui.samples import finished_match

    match = match if match is not None else finished_match()
    return LupusReplay(match, start=start if start is not None else len(match.log) * 2 // 3)
