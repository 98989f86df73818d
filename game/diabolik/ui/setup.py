"""Diabolik's set-up ("diabolik-setup"): the shell's :class:`SetupScene` with Diabolik's rows.

On the left: how many criminals (one, solo, or two), which criminal plays solo (Diabolik or Eva;
only offered solo), the Diabolika mode, the seed. On the right, the criminals at the table as
their pawns: solo, the one criminal is the player's; with two, each is a person or the computer
partner (the title's bots: easy, normal, hard once they exist). Start, Resume (the latest
unfinished game, as the shell finds it) and Back are the shell's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


from game.engine.i18n import t, translator
from game.engine.titles import Option
from game.ui import registry, theme
from game.ui.canvas import Canvas
from game.ui.scenes.setup import (
    CONTROL_H, CONTROL_W, OPTIONS, PERSON, SEATS, NumberStepper, SetupScene,
)
from game.ui.scenes.table import fitted
from game.ui.widgets import Choice

from game.diabolik.ui import art
from game.diabolik.ui.texts import who_name

SCENE_NAME = "diabolik-setup"
LABELS = {"players": "diabolik_table.setup.players", "character": "diabolik_table.setup.character",
          "diabolika": "diabolik_table.setup.diabolika"}
HINTS = {"character": "diabolik_table.setup.character_hint", "diabolika": "diabolik_table.setup.diabolika_hint"}


def value_text(key: str, value: Any) -> str:
    if key == "players":
        return t(f"diabolik_table.setup.players_{value}")
    if key == "character":
        return who_name(value)
    if key == "diabolika":
        return t("diabolik_table.setup.mode_on" if value else "diabolik_table.setup.mode_off")
    return str(value)


def bot_text(name: str) -> str:
    key = f"diabolik_table.setup.level_{name}"
    return t(key) if translator().has(key) else t("i12_shell.setup.computer_named", name=name)


class DiabolikSetupScene(SetupScene):
    """See the module docstring."""

    def _widget_for(self, option: Option, value: Any, cy: float) -> Choice | NumberStepper:
        box = (OPTIONS.right - 32 - CONTROL_W, cy - CONTROL_H / 2, CONTROL_W, CONTROL_H)
        choices = option.choices or (value,)
        key = option.key

        def label(c: Any) -> Callable[[], str]:
            return lambda: value_text(key, c)

        return Choice(box, [(c, label(c)) for c in choices], value, self._changed, size=22)

    def config(self) -> dict[str, Any]:
        chosen = super().config()
        if chosen.get("players", 2) != 1:
            chosen.pop("character", None)   # only the solo game names its criminal
        return chosen

    def _seat_options(self) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = [(PERSON, lambda: t("i12_shell.setup.person"))]
        levels = [name for name in self.spec.bots if name != "random"] or list(self.spec.bots)
        for name in levels:   # the partner's levels (random moves only until there are levels)
            out.append((name, lambda n=name: bot_text(n)))
        return out

    def _changed(self, _value: Any) -> None:
        super()._changed(_value)
        solo = self.option_widgets.get("players") is not None and self.option_widgets["players"].value == 1
        character = self.option_widgets.get("character")
        if character is not None:
            character.enabled = solo
        for choice in self.seat_choices.values():
            if solo:
                choice.set_value(PERSON)
            choice.enabled = bool(self.spec.bots) and not solo

    def who_plays(self) -> dict[str, str]:
        plays = super().who_plays()
        if len(plays) == 1:
            return {seat: PERSON for seat in plays}
        return plays

    row_label_dy = -26.0
    row_hint_dy = 4.0
    row_hint_spacing = 1.1

    def option_row(self, key: str) -> tuple[str, str | None]:
        return (t(LABELS[key]) if key in LABELS else key), (t(HINTS[key]) if key in HINTS else None)

    def _draw_static(self, canvas: Canvas) -> None:
        self._draw_options(canvas)
        self._draw_seats_head(canvas)
        for seat, choice in self.seat_choices.items():
            card = self._seat_card(canvas, choice)
            art.criminal_pawn(canvas, (card.left + 36, card.centery), seat, 20)
            canvas.text(who_name(seat), (card.left + 70, card.centery), 28, theme.DISPLAY, theme.INK,
                        anchor="midleft")
        solo = len(self.seat_choices) == 1
        note = t("diabolik_table.setup.solo_note" if solo else "diabolik_table.setup.duo_note")
        canvas.text_box(note, (SEATS.left + 30, SEATS.bottom - 96, SEATS.width - 60, 80), 17, theme.ITALIC,
                        theme.MUTED, line_spacing=1.25, max_lines=3)
        # what the computer partner's level means, above that note
        levels = [c.value for c in self.seat_choices.values() if c.value != PERSON]
        if levels and translator().has(f"diabolik.bot_hint.{levels[-1]}"):
            said = t("diabolik_table.setup.level_hint", level=bot_text(levels[-1]),
                     hint=t(f"diabolik.bot_hint.{levels[-1]}"))
            canvas.text_box(said, (SEATS.left + 30, SEATS.bottom - 160, SEATS.width - 60, 60), 16, theme.BODY,
                            theme.INK, line_spacing=1.2, max_lines=2)
        # the police they play against, under the seats
        y = SEATS.top + 92 + len(self.seat_choices) * 76 + 30
        canvas.text(t("diabolik_table.setup.police").upper(), (SEATS.left + 30, y), 14, theme.BOLD, theme.MUTED,
                    tracking=2)
        x = SEATS.left + 30
        for who in ("ginko", "morrigan", "blue", "yellow"):
            if solo and who == "morrigan":
                continue
            art.police_pawn(canvas, (x + 60, y + 54), who, 20)
            fitted(canvas, t(f"diabolik_table.setup.pawn.{who}"), (x + 60, y + 84), 124, 15, theme.BODY, theme.INK,
                   anchor="midtop")
            x += 140
        self._draw_error_or_resume(canvas)


@registry.register_scene(SCENE_NAME)
def _diabolik_setup(app: Any, game: str | None = None, episode: str | None = None, **opts: Any) -> DiabolikSetupScene:
    """The set-up (the chooser passes ``game=``); without options (a screenshot): seed 7, two
    criminals, no save looked for."""
    if game is None:
        return DiabolikSetupScene("diabolik", seed=7, look_for_saves=False)
    return DiabolikSetupScene("diabolik", seed=opts.get("seed"), look_for_saves=bool(opts.get("look_for_saves", True)),
                              config=opts.get("config"), players=opts.get("players"))


@registry.register_continue
def _diabolik_continue() -> registry.ContinueOffer | None:
    """The title screen's "Continue" for Diabolik (its set-up is its own, so the shell's offer
    passes it over): its latest unfinished autosave, reopened at its table (the shell's)."""
    from game.engine import titles
    from game.ui.scenes.setup import continue_offer

    try:
        spec = titles.title("diabolik")
    except KeyError:
        return None
    return continue_offer(spec)
