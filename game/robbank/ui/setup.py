"""How to Rob a Bank's set-up ("robbank-setup"): the shell's :class:`SetupScene` with its rows.

On the left: how many players (2-4: the bank and one to three thief players; with two, the one
thief player runs yellow and red), the stacks (the table rules: only each stack's top card shows
while planning; or open stacks, for beginners), each with a line saying what it means, and the
seed. On the right, the seats as their pawns (the bank's shield, each thief with his letter), each
played by a person or by the computer at easy, normal or hard. Start, Resume and Back are the
shell's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.i18n import t
from game.engine.titles import Option
from game.ui import registry, theme
from game.ui.canvas import Canvas
from game.ui.scenes.setup import CONTROL_H, CONTROL_W, OPTIONS, PERSON, SEATS, NumberStepper, SetupScene
from game.ui.scenes.table import fitted
from game.ui.widgets import Choice

from game.robbank import texts
from game.robbank.ui import art

SCENE_NAME = "robbank-setup"
LEVELS = ("easy", "normal", "hard")


def value_text(key: str, value: Any) -> str:
    if key == "players":
        return t("robbank_ui.setup.players_n", n=value)
    if key == "stacks":
        return t(f"robbank_ui.setup.stacks_{value}")
    return str(value)


class RobSetupScene(SetupScene):
    """See the module docstring."""

    row_label_dy = -26.0
    row_hint_dy = 4.0
    row_hint_spacing = 1.1

    def _widget_for(self, option: Option, value: Any, cy: float) -> Choice | NumberStepper:
        box = (OPTIONS.right - 32 - CONTROL_W, cy - CONTROL_H / 2, CONTROL_W, CONTROL_H)
        key = option.key

        def label(c: Any) -> Callable[[], str]:
            return lambda: value_text(key, c)

        return Choice(box, [(c, label(c)) for c in option.choices or (value,)], value, self._changed, size=22)

    def _seat_options(self) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = [(PERSON, lambda: t("i12_shell.setup.person"))]
        for name in LEVELS:
            if name in self.spec.bots:
                out.append((name, lambda n=name: t(f"robbank_ui.setup.level_{n}")))
        return out

    def option_row(self, key: str) -> tuple[str, str | None]:
        widget = self.option_widgets.get(key)
        value = widget.value if widget is not None else None
        if key == "players":
            return t("robbank_ui.setup.players"), t(f"robbank_ui.setup.players_hint_{value}")
        if key == "stacks":
            return t("robbank_ui.setup.stacks"), t(f"robbank_ui.setup.stacks_hint_{value}")
        return key, None

    def _draw_static(self, canvas: Canvas) -> None:
        self._draw_options(canvas)
        self._draw_seats_head(canvas)
        players = self.option_widgets["players"].value if "players" in self.option_widgets else 3
        for seat, choice in self.seat_choices.items():
            card = self._seat_card(canvas, choice)
            c = (card.left + 34, card.centery)
            if seat == "bank":
                art.guard(canvas, c, "B", 17)
            elif players == 2:
                art.thief(canvas, (c[0] - 12, c[1]), "yellow", 13)
                art.thief(canvas, (c[0] + 16, c[1]), "red", 13)
            else:
                art.thief(canvas, c, seat, 17)
            fitted(canvas, texts.seat_name(seat, players), (card.left + 70, card.centery), card.width - 100 - CONTROL_W,
                   26, theme.DISPLAY, theme.INK, anchor="midleft")
        levels = [c.value for c in self.seat_choices.values() if c.value != PERSON]
        y = SEATS.top + 92 + len(self.seat_choices) * 76 + 16
        if levels:
            said = t(f"robbank_ui.setup.level_hint_{levels[-1]}")
            canvas.text_box(said, (SEATS.left + 30, y, SEATS.width - 60, 60), 16, theme.BODY, theme.INK,
                            line_spacing=1.2, max_lines=2)
        canvas.text_box(t("robbank_ui.setup.note"), (SEATS.left + 30, SEATS.bottom - 110, SEATS.width - 60, 96), 16,
                        theme.ITALIC, theme.MUTED, line_spacing=1.25, max_lines=4)
        self._draw_error_or_resume(canvas)


@registry.register_scene(SCENE_NAME)
def _robbank_setup(app: Any, game: str | None = None, episode: str | None = None, **opts: Any) -> RobSetupScene:
    """The set-up (the chooser passes ``game=``); without options (a screenshot): seed 7, three
    players, the bank at the computer, no save looked for."""
    if game is None:
        return RobSetupScene("robbank", seed=7, look_for_saves=False, players={"bank": "normal"})
    return RobSetupScene("robbank", seed=opts.get("seed"), look_for_saves=bool(opts.get("look_for_saves", True)),
                         config=opts.get("config"), players=opts.get("players"))


@registry.register_continue
def _robbank_continue() -> registry.ContinueOffer | None:
    """The title screen's "Continue" for How to Rob a Bank (its set-up is its own)."""
    from game.engine import titles
    from game.ui.scenes.setup import continue_offer

    try:
        spec = titles.title("robbank")
    except KeyError:
        return None
    return continue_offer(spec)
