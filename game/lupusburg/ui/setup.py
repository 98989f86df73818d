"""Lupusburg's set-up ("lupusburg-setup"): the shell's :class:`SetupScene` with its own rows.

On the left, every option of the title (players 4-8, the lynch, the chest's value, a wrong bet,
equal scores, the privilege on a last character, the chimney broom for 6 or more, bets on a player
with no character left, the first Burgomaster), each with a line saying what the value chosen
means; then the discussion's clock (off, 1, 2 or 3 minutes: a screen option, kept in the game's
save) and the seed. On the right, the seats in their families' colours with their numbers, each
played by a person or by the computer at the levels the title lists (``spec.bots``). Start,
Resume and Back are the shell's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.engine.i18n import current_language, t, translator
from game.engine.titles import Option
from game.ui import backdrop, registry, theme
from game.ui.canvas import Canvas
from game.ui.scenes.setup import PERSON, NumberStepper, SeedStepper, SetupScene
from game.ui.scenes.table import fitted
from game.ui.widgets import Button, Choice, Panel, top_band

from game.lupusburg import texts
from game.lupusburg.ui import art
from game.lupusburg.ui.table import DISCUSSION_CHOICES

SCENE_NAME = "lupusburg-setup"
LEVELS = ("easy", "normal", "hard", "random")
OPTIONS = pygame.FRect(40, 150, 880, 650)
SEATS = pygame.FRect(940, 150, 620, 650)
ROW_H = 52.0
CONTROL_W, CONTROL_H = 250.0, 42.0
SEAT_H = 60.0
BROOM_PLAYERS = 6


def value_text(key: str, value: Any) -> str:
    """A choice's value in words ("6 players", "Two rounds", "2 minutes")."""
    if key == "players":
        return t("lupusburg_ui.setup.value.players", n=value)
    if key == "chest_value":
        return t("lupusburg_ui.setup.value.points", n=value)
    if key == "discussion":
        return t("lupusburg_ui.setup.value.minutes", n=value // 60) if value else t("lupusburg_ui.setup.value.off")
    return t(f"lupusburg_ui.setup.value.{key}_{value}")


def hint_text(key: str, value: Any) -> str:
    """The line under an option saying what the value chosen means."""
    if key == "discussion":
        return t("lupusburg_ui.setup.hint.discussion_on", n=value // 60) if value else \
            t("lupusburg_ui.setup.hint.discussion_off")
    if key in ("players", "chest_value"):
        return t(f"lupusburg_ui.setup.hint.{key}")
    return t(f"lupusburg_ui.setup.hint.{key}_{value}")


class LupusSetupScene(SetupScene):
    """See the module docstring. ``discussion``: the discussion's clock preset (seconds or None)."""

    buttons_right = SEATS.right

    def __init__(self, spec: Any, *, discussion: int | None = None, **kwargs: Any) -> None:
        self._discussion_preset = discussion if discussion in DISCUSSION_CHOICES else None
        super().__init__(spec, **kwargs)

    # -------------------------------------------------------------- rows
    def build(self, preset: dict[str, Any], seed: int | None) -> None:
        self.option_widgets: dict[str, Choice | NumberStepper] = {}   # type: ignore[misc]
        self.row_y: dict[str, float] = {}
        keys = [o.key for o in self.spec.options] + ["discussion", "seed"]
        for i, key in enumerate(keys):
            self.row_y[key] = OPTIONS.top + 62 + ROW_H * i + ROW_H / 2
        for option in self.spec.options:
            self.option_widgets[option.key] = self._widget_for(option, preset.get(option.key, option.default),
                                                               self.row_y[option.key])
        self.discussion_choice = Choice(self._box("discussion"), [(v, self._label("discussion", v))
                                                                  for v in DISCUSSION_CHOICES],
                                        self._discussion_preset, self._changed, size=19)
        self.seed_stepper = SeedStepper(self._box("seed"), seed if seed is not None else self.rng.randint(1, 9999),
                                        rng=self.rng)
        self.new_seed_button = Button((0, 0, 0, 0), lambda: t("i12_shell.setup.new_seed"), self.new_seed,
                                      style="ghost", size=15)
        self.new_seed_button.visible = False
        self._changed(None)

    def _box(self, key: str) -> tuple[float, float, float, float]:
        cy = self.row_y[key]
        return (OPTIONS.right - 24 - CONTROL_W, cy - CONTROL_H / 2, CONTROL_W, CONTROL_H)

    @staticmethod
    def _label(key: str, value: Any) -> Callable[[], str]:
        return lambda: value_text(key, value)

    def _widget_for(self, option: Option, value: Any, cy: float) -> Choice | NumberStepper:
        choices = option.choices or (value,)
        return Choice(self._box(option.key), [(c, self._label(option.key, c)) for c in choices], value, self._changed,
                      size=19)

    def _seat_options(self) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = [(PERSON, lambda: t("i12_shell.setup.person"))]
        names = [n for n in LEVELS if n in self.spec.bots] + [n for n in self.spec.bots if n not in LEVELS]
        for name in names:
            out.append((name, self._level_label(name)))
        return out

    @staticmethod
    def _level_label(name: str) -> Callable[[], str]:
        def label() -> str:
            key = f"lupusburg_ui.setup.level_{name}"
            return t(key) if translator().has(key) else t("i12_shell.setup.computer_named", name=name)
        return label

    def _changed(self, _value: Any) -> None:
        players = self.option_widgets["players"].value if "players" in self.option_widgets else 6
        broom = self.option_widgets.get("broom")
        if isinstance(broom, Choice):
            if players < BROOM_PLAYERS:
                broom.set_value("off")
            broom.enabled = players >= BROOM_PLAYERS
        super()._changed(_value)
        for i, (_seat, choice) in enumerate(self.seat_choices.items()):
            y = SEATS.top + 66 + i * SEAT_H
            choice.rect = pygame.FRect(SEATS.right - 24 - CONTROL_W, y + (SEAT_H - 8 - CONTROL_H) / 2, CONTROL_W,
                                       CONTROL_H)
            choice.size = 19
        self.widgets = [w for w in self.widgets if w is not self.new_seed_button]
        self.widgets.insert(len(self.option_widgets), self.discussion_choice)

    def table_options(self) -> dict[str, Any]:
        return {"discussion": self.discussion_choice.value}

    def resumed_options(self, ui: Mapping[str, Any]) -> dict[str, Any]:
        out = super().resumed_options(ui)
        if ui.get("discussion") in DISCUSSION_CHOICES:
            out["discussion"] = ui.get("discussion")
        return out

    # -------------------------------------------------------------- drawing
    def option_row(self, key: str) -> tuple[str, str | None]:
        if key == "discussion":
            return t("lupusburg_ui.setup.label.discussion"), hint_text(key, self.discussion_choice.value)
        widget = self.option_widgets.get(key)
        value = widget.value if widget is not None else None
        hint = hint_text(key, value)
        if key == "broom" and widget is not None and not widget.enabled:
            hint = t("lupusburg_ui.setup.hint.broom_small")
        return t(f"lupusburg_ui.setup.label.{key}"), hint

    def _draw_static(self, canvas: Canvas) -> None:
        lang = current_language()
        backdrop.menu_page(canvas, t("i12_shell.setup.kicker"), self.spec.display_name.get(lang, self.spec.name))
        Panel(OPTIONS, fill=(14, 21, 41, 238), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        canvas.text(t("i12_shell.setup.options").upper(), (OPTIONS.left + 26, OPTIONS.top + 24), 16, theme.BOLD,
                    theme.GOLD, tracking=3)
        keys = [o.key for o in self.spec.options] + ["discussion"]
        for i, key in enumerate(keys):
            label, hint = self.option_row(key)
            self._row(canvas, label, hint, self.row_y[key], i)
        self._row(canvas, t("i12_shell.setup.seed"), t("lupusburg_ui.setup.hint.seed"), self.row_y["seed"], len(keys))
        Panel(SEATS, fill=(14, 21, 41, 238), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        top_band(canvas, SEATS, theme.GOLD, 8, radius=18)
        canvas.text(t("i12_shell.setup.seats").upper(), (SEATS.left + 26, SEATS.top + 24), 16, theme.BOLD,
                    theme.GOLD, tracking=3)
        seats = list(self.seat_choices)
        for seat, choice in self.seat_choices.items():
            card = pygame.FRect(SEATS.left + 18, choice.rect.top - 5, SEATS.width - 36, SEAT_H - 8)
            canvas.fill((20, 30, 56), card, radius=10)
            canvas.border(theme.EDGE, card, width=1, radius=10)
            art.house(canvas, pygame.FRect(card.left + 12, card.top + 6, 36, card.height - 12), seat,
                      art.number(seats, seat), "")
            fitted(canvas, texts.who(seat), (card.left + 62, card.centery), card.width - 90 - CONTROL_W, 24,
                   theme.DISPLAY, theme.INK, anchor="midleft", tracking=1)
        y = SEATS.top + 66 + len(seats) * SEAT_H + 6
        computers = [c.value for c in self.seat_choices.values() if c.value != PERSON]
        note = t("lupusburg_ui.setup.hotseat") if len(computers) < len(seats) - 1 else t("lupusburg_ui.setup.solo")
        if not computers:
            note = t("lupusburg_ui.setup.all_people")
        canvas.text_box(note, (SEATS.left + 26, y, SEATS.width - 52, SEATS.bottom - y - 10), 15, theme.ITALIC,
                        theme.MUTED, line_spacing=1.2, max_lines=max(1, int((SEATS.bottom - y - 10) // 18)))
        self._draw_error_or_resume(canvas)

    def _row(self, canvas: Canvas, label: str, hint: str | None, cy: float, i: int) -> None:
        if i:
            canvas.line((38, 52, 84), (OPTIONS.left + 22, cy - ROW_H / 2), (OPTIONS.right - 22, cy - ROW_H / 2), 1)
        width = OPTIONS.width - CONTROL_W - 70
        fitted(canvas, label, (OPTIONS.left + 28, cy - 11), width, 19, theme.BOLD, theme.INK, anchor="midleft")
        if hint:
            fitted(canvas, hint, (OPTIONS.left + 28, cy + 11), width, 14, theme.BODY, theme.MUTED, anchor="midleft")


@registry.register_scene(SCENE_NAME)
def _lupusburg_setup(app: Any, game: str | None = None, episode: str | None = None,
                     **opts: Any) -> LupusSetupScene:
    """The set-up (the chooser passes ``game=``); without options (a screenshot): seed 7, six
    players, two of them at the computer, no save looked for."""
    if game is None:
        bots = titles_bots()
        level = next((n for n in ("normal", "random") if n in bots), None)
        players = {"purple": level, "orange": level} if level else {}
        return LupusSetupScene("lupusburg", seed=7, look_for_saves=False, players=players, discussion=120)
    return LupusSetupScene("lupusburg", seed=opts.get("seed"), look_for_saves=bool(opts.get("look_for_saves", True)),
                           config=opts.get("config"), players=opts.get("players"), discussion=opts.get("discussion"))


def titles_bots() -> Mapping[str, str]:
    from game.engine.titles import title

    return title("lupusburg").bots


@registry.register_continue
def _lupusburg_continue() -> registry.ContinueOffer | None:
    """The title screen's "Continue" for Lupusburg (its set-up is its own): the latest unfinished
    game, reopened behind the curtain with its computer seats and its discussion clock as saved."""
    import functools

    from game.engine import titles
    from game.ui.scenes.setup import latest_unfinished_save

    try:
        spec = titles.title("lupusburg")
    except KeyError:
        return None
    if not registry.is_registered(spec.table_scene):
        return None
    found = latest_unfinished_save(spec.name)
    if found is None:
        return None
    match, data = found
    name = spec.display_name.get(current_language()) or spec.name
    note = t("i12_qa.continue_note", title=name, moves=len(match.log))
    return data.saved_at, note, functools.partial(reopen, match, dict(data.ui or {}))


def reopen(match: Any, ui: Mapping[str, Any]) -> list[Any]:
    """The table playing a saved ``match`` as its save's ``ui`` block says (computer seats, what
    each seat had seen, the discussion's clock)."""
    from game.engine import titles
    from game.engine.session import options_from_meta
    from game.ui.scenes.setup import keep_computer_seats, make_bots

    spec = titles.title("lupusburg")
    saved = ui.get("computer")
    players = {str(s): str(b) for s, b in saved.items()} if isinstance(saved, dict) else {}
    options = options_from_meta(ui)
    if ui.get("discussion") in DISCUSSION_CHOICES:
        options["discussion"] = ui.get("discussion")
    computer = make_bots(spec, players, match.seed)
    made = registry.build_scenes(str(spec.table_scene), None, match=match, computer=computer, autosave=True, **options)
    keep_computer_seats(made, players)
    return made
