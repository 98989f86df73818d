"""The table's public history, day by day: what every player at a real table has seen and may reason
from, read from the view's public record (the same for every seat, the table's included).

For each day, newest first: the Burgomaster; the house emptied at dawn; the privilege (who looked at
whose house, which house was shown back); the chimney broom (who swept, at which house); the seals
placed (who on whom); the ballots once revealed (each house with the voters who named it, each voter
by his numbered badge); the suspects and the runoff's tokens; the Burgomaster's tie-breaks; the
lynch. What anybody *learnt* (a character, a chest, a coin) is never here.

:func:`days` gives the rows as data (tests read it); :func:`draw` draws them in a panel, a row's
parts flowing onto more lines when they must.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import theme
from game.ui.canvas import Canvas

from game.lupusburg import texts
from game.lupusburg.ui import art

Part = tuple[str, Any]
"""("text", str), ("seat", seat), ("badge", seat), ("house", (seat, side)) or ("mark", "paw" | "fur")."""


@dataclass(frozen=True)
class Row:
    label: str            # a key under lupusburg_ui.history
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Day:
    day: int
    burgomaster: str
    rows: tuple[Row, ...]


def _house(h: Any) -> Part:
    return ("house", (h[0], h[1]))


def _grouped(houses_by_voter: Sequence[tuple[str, Sequence[Any]]]) -> list[tuple[tuple[str, str], list[str]]]:
    """Each house voted for, with its voters (a voter twice when both his votes named it), most votes first."""
    out: dict[tuple[str, str], list[str]] = {}
    for voter, houses in houses_by_voter:
        for h in houses:
            out.setdefault((h[0], h[1]), []).append(voter)
    return sorted(out.items(), key=lambda kv: -len(kv[1]))


def days(view: Any) -> list[Day]:
    """The public record, one :class:`Day` a day, oldest first."""
    out: list[Day] = []
    for d in range(1, view.day + 1):
        rows: list[Row] = []
        for death in view.kills:
            if death.day == d:
                rows.append(Row("kill", (_house(death.house),)))
        for p in view.privileges:
            if p.day == d:
                parts: list[Part] = [("badge", p.burgomaster), ("text", t("lupusburg_ui.history.looked")),
                                     _house(p.house)]
                if p.shown is not None:
                    parts += [("text", t("lupusburg_ui.history.showed")), _house(p.shown)]
                rows.append(Row("privilege", tuple(parts)))
        for s in view.sweeps:
            if s.day == d:
                parts = [("badge", s.burgomaster), ("text", "→"), ("badge", s.sweeper)]
                if s.house is not None:
                    parts += [("text", t("lupusburg_ui.history.swept")), _house(s.house)]
                rows.append(Row("broom", tuple(parts)))
        bets: list[Part] = []
        for bettor in view.seats:
            bet = view.seals.get(bettor)
            if bet is not None and bet.day == d:
                if bets:
                    bets.append(("text", "·"))
                bets += [("badge", bettor), ("text", "→"), ("seat", bet.target)]
        if bets:
            rows.append(Row("bets", tuple(bets)))
        for round_name in ("nomination", "plurality"):
            ballots = [(b.voter, b.houses) for b in view.ballots if b.day == d and b.round == round_name]
            if ballots:
                parts = []
                for house, voters in _grouped(ballots):
                    if parts:
                        parts.append(("text", "·"))
                    parts += [("house", house), ("text", f"{len(voters)}:")]
                    parts += [("badge", v) for v in voters]
                rows.append(Row(round_name, tuple(parts)))
        for r in view.runoffs:
            if r.day == d:
                rows.append(Row("suspects", (("mark", "paw"), _house(r.paw), ("mark", "fur"), _house(r.fur))))
        marks = [(b.voter, b.marks) for b in view.ballots if b.day == d and b.round == "runoff"]
        if marks:
            parts = []
            for mark in ("paw", "fur"):
                voters = [v for v, ms in marks for m in ms if m == mark]
                if parts:
                    parts.append(("text", "·"))
                parts += [("mark", mark), ("text", f"{len(voters)}:")]
                parts += [("badge", v) for v in voters] or [("text", "–")]
            rows.append(Row("runoff", tuple(parts)))
        for dec in view.decisions:
            if dec.day == d:
                rows.append(Row(f"tie_{dec.purpose}", (("badge", dec.burgomaster),
                                                       ("text", t("lupusburg_ui.history.chose")), _house(dec.chosen))))
        for death in view.lynches:
            if death.day == d:
                rows.append(Row("lynch", (_house(death.house),)))
        bm = view.burgomasters[d - 1] if d - 1 < len(view.burgomasters) else view.burgomaster
        out.append(Day(d, bm, tuple(rows)))
    return out


# ------------------------------------------------------------------------------ drawing

LINE = 21.0
LABEL_W = 96.0
SIZE = 14.5


def _part_width(canvas: Canvas, part: Part) -> float:
    kind, value = part
    if kind == "text":
        return canvas.measure(str(value), SIZE, theme.BODY)[0] + 5
    if kind == "badge":
        return 20
    if kind == "mark":
        return 22
    if kind == "seat":
        return 20 + canvas.measure(texts.who(value), SIZE, theme.BOLD)[0] + 5
    from game.lupusburg.ui.board import side_mark

    return 20 + canvas.measure(f"{texts.who(value[0])} {side_mark(value[1])}", SIZE, theme.BOLD)[0] + 5


def _draw_part(canvas: Canvas, part: Part, x: float, y: float, seats: Sequence[str]) -> None:
    kind, value = part
    cy = y + LINE / 2
    if kind == "text":
        canvas.text(str(value), (x, cy), SIZE, theme.BODY, theme.MUTED, anchor="midleft")
    elif kind == "badge":
        art.badge(canvas, (x + 8, cy), value, art.number(seats, value), 8)
    elif kind == "mark":
        art.evidence(canvas, (x + 9, cy), value, 8)
    elif kind == "seat":
        art.badge(canvas, (x + 8, cy), value, art.number(seats, value), 8)
        canvas.text(texts.who(value), (x + 20, cy), SIZE, theme.BOLD, theme.INK, anchor="midleft")
    else:
        from game.lupusburg.ui.board import side_mark

        art.badge(canvas, (x + 8, cy), value[0], art.number(seats, value[0]), 8)
        canvas.text(f"{texts.who(value[0])} {side_mark(value[1])}", (x + 20, cy), SIZE, theme.BOLD, theme.INK,
                    anchor="midleft")


def row_height(canvas: Canvas, row: Row, width: float) -> float:
    return LINE * len(_flow(canvas, row, width))


def _flow(canvas: Canvas, row: Row, width: float) -> list[list[tuple[Part, float]]]:
    """The row's parts on lines of ``width`` (after the label), each with its x offset."""
    lines: list[list[tuple[Part, float]]] = [[]]
    x = 0.0
    for part in row.parts:
        w = _part_width(canvas, part)
        if x > 0 and x + w > width:
            lines.append([])
            x = 0.0
        lines[-1].append((part, x))
        x += w
    return lines


def content_height(canvas: Canvas, record: Sequence[Day], width: float) -> float:
    h = 0.0
    for day in record:
        h += 30 + sum(row_height(canvas, r, width - LABEL_W) for r in day.rows) + (LINE if not day.rows else 0) + 8
    return h


def draw(canvas: Canvas, view: Any, area: pygame.FRect, scroll: float = 0.0) -> float:
    """The history in ``area``, newest day first, ``scroll`` pixels down; the whole content's height."""
    record = list(reversed(days(view)))
    seats = tuple(view.seats)
    width = area.width
    total = content_height(canvas, record, width)
    y = area.top - scroll
    with canvas.clip(area):
        if not record:
            canvas.text_box(t("lupusburg_ui.history.empty"), (area.left, area.top, width, 60), 15, theme.ITALIC,
                            theme.MUTED, max_lines=3)
        for day in record:
            if y > area.bottom:
                break
            canvas.fill((30, 40, 68, 220), (area.left, y, width, 24), radius=6)
            canvas.text(t("lupusburg_ui.history.day", day=day.day).upper(), (area.left + 8, y + 12), 14, theme.BOLD,
                        theme.GOLD, anchor="midleft", tracking=1.5)
            bx = area.right - 8
            art.burgomaster(canvas, (bx - 6, y + 12), 7)
            canvas.text(texts.who(day.burgomaster), (bx - 16, y + 12), 14, theme.BOLD, theme.INK, anchor="midright")
            y += 30
            if not day.rows:
                canvas.text(t("lupusburg_ui.history.nothing"), (area.left + 8, y + LINE / 2), 14, theme.ITALIC,
                            theme.FAINT, anchor="midleft")
                y += LINE
            for row in day.rows:
                lines = _flow(canvas, row, width - LABEL_W)
                if y + LINE * len(lines) >= area.top:
                    canvas.text(t(f"lupusburg_ui.history.{row.label}"), (area.left + 4, y + LINE / 2), 13,
                                theme.BOLD, theme.FAINT, anchor="midleft")
                    for k, line in enumerate(lines):
                        for part, dx in line:
                            _draw_part(canvas, part, area.left + LABEL_W + dx, y + k * LINE, seats)
                y += LINE * len(lines)
            y += 8
    return total
