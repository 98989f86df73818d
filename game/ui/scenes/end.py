"""The shell's end screen: who won (or a draw), how, every seat's result, and what next.

:class:`EndScene` shows a finished :class:`game.engine.replay.Match`'s ``state.result()``: the
winners in the big title, the reason (``<title>.reason.<reason>``, else the reason as the rules
wrote it), one row per seat (winner or not, its score when the rules keep scores), and three
buttons: Replay (the shell's replay viewer, :mod:`game.ui.scenes.replay`, every secret shown now
that the game is over), Play again (the set-up with the same options and seats, a new seed) and
Back to the title. Registered as ``"shell-end"``, factory ``(app, match=<Match>, **opts)``;
without a match it shows a finished example game (what ``heist-table screenshot`` draws).

:class:`EndActions` is what a title's own end screen shares: the result as plain data
(:func:`result_summary`) and the three buttons' actions, with hooks for its own replay and set-up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.engine import titles
from game.engine.i18n import current_language, t
from game.engine.replay import Match
from game.engine.titles import TitleSpec
from game.ui import backdrop, registry, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.scenes.setup import seat_label, text_or
from game.ui.scenes.table import fitted
from game.ui.widgets import Button, draw_panel, top_band

SCENE_NAME = "shell-end"
PANEL = pygame.FRect(300, 120, 1000, 660)
BUTTON_H = 58


def result_summary(match: Match) -> dict[str, Any]:
    """The finished game's result as plain data: winners, reason, scores (empty while not over)."""
    res = match.state.result()
    if res is None:
        return {"winners": [], "reason": "", "scores": {}}
    return {"winners": list(res.winners), "reason": res.reason, "scores": dict(res.scores)}


def winners_title(spec: TitleSpec, winners: list[str]) -> str:
    """"North wins", "North and South win", or "A draw" (no winner)."""
    if not winners:
        return t("i12_shell.end.nobody")
    names = [seat_label(spec, w) for w in winners]
    if len(names) == 1:
        return t("i12_shell.end.wins_one", who=names[0])
    return t("i12_shell.end.wins_many", who=", ".join(names[:-1]), last=names[-1])


def reason_text(spec: TitleSpec, reason: str) -> str:
    return text_or((f"{spec.name}.reason.{reason.replace(' ', '_')}", reason), reason) if reason else ""


def button_row(panel: pygame.FRect, height: float = BUTTON_H, gap: float = 18) -> list[pygame.FRect]:
    """The end screen's three buttons (Replay, Play again, Back), side by side at the foot of ``panel``."""
    w = (panel.width - 80 - 2 * gap) / 3
    y = panel.bottom - 34 - height
    return [pygame.FRect(panel.left + 40 + i * (w + gap), y, w, height) for i in range(3)]


class EndActions:
    """The end screen's buttons, shared: ``match`` is the finished game; :meth:`end_stack` the
    scene stack they act on, :meth:`replay_scene` and :meth:`again_scene` what they open (a title
    with its own replay or set-up overrides those)."""

    match: Match

    def end_stack(self) -> Any:
        return getattr(self, "stack", None)

    def replay_scene(self) -> Any:
        from game.ui.scenes.replay import ReplayScene

        return ReplayScene(self.match)

    def again_scene(self) -> Any:
        from game.ui.scenes.setup import SetupScene

        return SetupScene(self.match.title, config=self.match.config, players=getattr(self, "players", None))

    def watch_replay(self) -> None:
        stack = self.end_stack()
        if stack is not None:
            stack.push(self.replay_scene())

    def play_again(self) -> None:
        """A new set-up with this game's options (a new seed), in place of the finished game."""
        stack = self.end_stack()
        if stack is not None:
            stack.replace(self.again_scene())

    def back_to_title(self) -> None:
        from game.ui.scenes.title import back_to_title

        back_to_title(self.end_stack())


class EndScene(EndActions, Scene):
    """See the module docstring. ``players`` (seat → "person" or a bot's name) is kept for Play again.
    A title's own end screen draws its result in :meth:`_draw_static` with the parts here
    (:meth:`draw_frame`, :meth:`draw_title`, :meth:`draw_figures`, :meth:`draw_moves`) and names its
    cached layer with ``layer_name``."""

    fills_window = True
    layer_name = SCENE_NAME

    def __init__(self, match: Match, *, players: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.match = match
        self.spec = titles.title(match.title)
        self.players = dict(players or {})
        replay, again, back = button_row(PANEL)
        self.replay_button = Button(replay, lambda: t("i12_shell.end.replay"), self.watch_replay, style="primary",
                                    icon="play")
        self.again_button = Button(again, lambda: t("i12_shell.end.again"), self.play_again, icon="users")
        self.title_button = Button(back, lambda: t("i12_shell.end.to_title"), self.back_to_title, icon="back")
        self.widgets = [self.replay_button, self.again_button, self.title_button]

    def seats(self) -> list[str]:
        """Every seat at the table, in the rules' order."""
        if self.spec.seats is not None:
            try:
                return list(titles.load(self.spec.seats)(self.match.config))
            except ValueError:
                pass
        return sorted(result_summary(self.match)["scores"])

    def draw(self, canvas: Canvas) -> None:
        canvas.layer((self.layer_name, id(self), current_language()), self._draw_static)
        super().draw(canvas)

    def draw_frame(self, canvas: Canvas, band: Any) -> pygame.FRect:
        """The page, dimmed, and the result's panel with its ``band`` colour and kicker; the panel."""
        lang = current_language()
        backdrop.menu_page(canvas, t("i12_shell.end.kicker"), self.spec.display_name.get(lang, self.spec.name),
                           size=40)
        backdrop.dim(canvas, 90)
        p = PANEL
        draw_panel(canvas, p, theme.PANEL_SOLID, theme.EDGE_LIGHT, radius=18, shadow=True)
        top_band(canvas, p, band, 8, radius=18)
        canvas.text(t("i12_shell.end.kicker").upper(), (p.centerx, p.top + 32), 18, theme.BOLD, theme.GOLD,
                    anchor="midtop", tracking=5)
        return p

    def draw_title(self, canvas: Canvas, title: str, colour: Any, size: int = 72, least: int = 36) -> None:
        """The result's headline, as large as fits the panel (from ``size`` down to ``least``)."""
        p = PANEL
        while size > least and canvas.measure(title, size, theme.DISPLAY)[0] > p.width - 80:
            size -= 4
        canvas.text(title, (p.centerx, p.top + 62), size, theme.DISPLAY, colour, anchor="midtop",
                    shadow=(0, 0, 0, 160), shadow_offset=3)

    def draw_figures(self, canvas: Canvas, tiles: Sequence[tuple[str, str]], top: float) -> None:
        """The game's figures side by side across the panel at ``top``: each a tile, its label over
        its value."""
        p = PANEL
        w = (p.width - 120 - (len(tiles) - 1) * 24) / len(tiles)
        for i, (label, value) in enumerate(tiles):
            r = pygame.FRect(p.left + 60 + i * (w + 24), top, w, 120)
            canvas.fill((12, 18, 36), r, radius=12)
            canvas.border(theme.EDGE, r, width=1, radius=12)
            fitted(canvas, label.upper(), (r.centerx, r.top + 16), r.width - 20, 16, theme.BOLD, theme.MUTED,
                   anchor="midtop", tracking=2)
            canvas.text(value, (r.centerx, r.top + 44), 54, theme.DISPLAY, theme.INK, anchor="midtop")

    def draw_moves(self, canvas: Canvas, top: float) -> None:
        """How many moves the game took, centred under the result at ``top``."""
        canvas.text(t("i12_shell.end.moves", n=len(self.match.log)), (PANEL.centerx, top), 17, theme.ITALIC,
                    theme.MUTED, anchor="midtop")

    def _draw_static(self, canvas: Canvas) -> None:
        res = result_summary(self.match)
        p = self.draw_frame(canvas, theme.GOLD if res["winners"] else theme.CYAN)
        self.draw_title(canvas, winners_title(self.spec, res["winners"]), theme.INK)
        canvas.text_box(reason_text(self.spec, str(res["reason"])), (p.left + 60, p.top + 150, p.width - 120, 40),
                        22, theme.BODY, (222, 216, 202), align="center", max_lines=1)
        self.draw_moves(canvas, p.top + 196)
        top = p.top + 240
        canvas.line(theme.EDGE, (p.left + 40, top - 10), (p.right - 40, top - 10), 1)
        canvas.text(t("i12_shell.end.seats").upper(), (p.left + 60, top), 15, theme.BOLD, theme.GOLD, tracking=2.5)
        y = top + 34
        seats = self.seats()
        row_h = min(64.0, (p.bottom - 120 - y) / max(1, len(seats)))
        for seat in seats:
            won = seat in res["winners"]
            row = pygame.FRect(p.left + 60, y, p.width - 120, row_h - 8)
            canvas.fill((26, 38, 68) if won else (20, 30, 56), row, radius=10)
            if won:
                canvas.border(theme.GOLD, row, width=1.5, radius=10)
            canvas.text(seat_label(self.spec, seat), (row.left + 20, row.centery), 24, theme.BOLD, theme.INK,
                        anchor="midleft")
            right = row.right - 20
            if seat in res["scores"]:
                score = res["scores"][seat]
                shown = int(score) if float(score).is_integer() else score
                right = canvas.text(t("i12_shell.end.points", n=shown), (right, row.centery), 24, theme.DISPLAY,
                                    theme.GOLD_LIGHT if won else theme.INK, anchor="midright").left - 18
            if won:
                canvas.text(t("i12_shell.end.winner").upper(), (right, row.centery), 15, theme.BOLD, theme.GOLD,
                            anchor="midright", tracking=2)
            y += row_h


def finished_example(seed: int = 3) -> Match:
    """A whole game of the example title played by its random bots (for screenshots)."""
    from game.engine.playout import RandomBot

    match = Match("example", {}, seed, game_id="screenshot")
    bots = {s: RandomBot(seed * 7 + i) for i, s in enumerate(("north", "south"))}
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
    return match


def players_of(spec: TitleSpec, computer: Mapping[str, Any]) -> dict[str, str]:
    """seat → the name of its bot in ``spec.bots`` (by the bot's class), for Play again."""
    names: dict[Any, str] = {}
    for name, ref in spec.bots.items():
        try:
            names[titles.load(ref)] = name
        except (ImportError, AttributeError):
            continue
    out: dict[str, str] = {}
    for seat, bot in computer.items():
        bot_name = names.get(type(bot)) or next(iter(spec.bots), None)
        if bot_name is not None:
            out[seat] = bot_name
    return out


@registry.register_scene(SCENE_NAME)
def _shell_end(app: Any, match: Match | None = None, **opts: Any) -> EndScene:
    """The end of ``match``; ``computer`` (seat → bot), as the table has it, keeps those seats at
    the computer for Play again."""
    match = match if match is not None else finished_example()
    computer = opts.get("computer") or {}
    return EndScene(match, players=players_of(titles.title(match.title), computer))
