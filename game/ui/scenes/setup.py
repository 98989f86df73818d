"""The shell's set-up screen for any title, built from its :class:`game.engine.titles.TitleSpec`.

On the left the title's options (``spec.options``: a list of choices, or a number stepped with
‹ ›) and the seed (shown, with a button for a new one); on the right the seats the rules give for
those options (``spec.seats(config)``), each played by a person or by the computer (one of
``spec.bots``). Start builds the :class:`game.engine.replay.Match` (the rules' ``new_game(config,
seed)``) and opens the scene named by ``spec.table_scene`` in place of this one, through
:mod:`game.ui.registry`, called as ``factory(app, match=<Match>, computer={seat: bot}, autosave=True)``.
When the title has an unfinished autosave, Resume reopens the latest one the same way (its
computer seats are those its save's ``meta.ui["computer"]`` names, if any; what each seat had seen
and what was held for it come back too). The title screen's "Continue" offers the same game
(:func:`continue_offers`). Back (or Esc) returns.

Registered as ``"shell-setup"`` (:data:`SCENE_NAME`; factory ``(app, game=<title>,
episode=None, **opts)``), so the chooser opens it for a title whose ``data/games.yaml`` entry
names it. The pieces a title with its own set-up screen shares: :class:`SeedStepper`,
:func:`latest_unfinished_save` (Resume's search) and :func:`open_table`; or it subclasses
:class:`SetupScene` and overrides its hooks: :meth:`~SetupScene.build` (its own rows and
``widgets``), :meth:`~SetupScene.config`, the buttons' texts and place, the seed Start plays, the
table's options for a new or a resumed game, and its own drawing (``_draw_static``).

Texts: a title's option ``key`` is labelled ``<title>.option.<key>`` (else
``i12_shell.option.<key>``, else the key itself), a seat ``<title>.seat.<seat>`` (else the seat's
id), a value of a choice ``<title>.option.<key>_<value>`` (else the value itself).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.engine import titles
from game.engine.i18n import current_language, t, translator
from game.engine.replay import Match
from game.engine.session import options_from_meta
from game.engine.titles import Option, TitleSpec
from game.ui import backdrop, registry, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import ArrowChooser, Button, Choice, Panel, top_band

SCENE_NAME = "shell-setup"
RESUME_LOOKS_AT = 3   # the most recent autosaves of the title replayed to find an unfinished one
PERSON = "person"     # a seat's value when a person plays it (else the bot's name)

OPTIONS = pygame.FRect(80, 160, 700, 630)
SEATS = pygame.FRect(810, 160, 710, 630)
ROW_H = 84.0
CONTROL_W, CONTROL_H = 300, 50


# ------------------------------------------------------------------------------ shared pieces

def text_or(keys: tuple[str, ...], fallback: str, **values: Any) -> str:
    """The text of the first of ``keys`` the i18n files hold, else ``fallback``."""
    for key in keys:
        if translator().has(key):
            return t(key, **values)
    return fallback


def option_label(spec: TitleSpec, key: str) -> str:
    return text_or((f"{spec.name}.option.{key}", f"i12_shell.option.{key}"), key.replace("_", " "))


def value_label(spec: TitleSpec, key: str, value: Any) -> str:
    return text_or((f"{spec.name}.option.{key}_{value}",), str(value))


def seat_label(spec: TitleSpec, seat: str) -> str:
    return text_or((f"{spec.name}.seat.{seat}",), seat)


class SeedStepper(ArrowChooser):
    """A seed: "Random" (None) or a number. ‹ › step it (from Random they pick a number), a click
    in the middle switches between Random and a fixed number, the wheel steps too. The texts are
    ``random_key`` and ``value_key`` (with ``n``)."""

    random_key = "i12_shell.setup.seed_random"
    value_key = "i12_shell.setup.seed_value"

    def __init__(self, rect: Any, value: int | None = None, *, rng: random.Random | None = None):
        super().__init__(rect)
        self.value = value
        self.rng = rng or random.Random()

    def step(self, delta: int) -> None:
        if self.value is None:
            self.value = self.rng.randint(1, 9999)
        else:
            self.value = max(0, self.value + delta)

    def toggle(self) -> None:
        self.value = self.rng.randint(1, 9999) if self.value is None else None

    def press_middle(self) -> None:
        self.toggle()

    def wheel_step(self, y: int) -> int:
        return 1 if y > 0 else -1

    def draw(self, canvas: Canvas) -> None:
        r = self.rect
        self.draw_box(canvas)
        if self.value is None:
            label, colour, face = t(self.random_key), theme.MUTED, theme.ITALIC
        else:
            label, colour, face = t(self.value_key, n=self.value), theme.INK, theme.BOLD
        canvas.text(label, (r.centerx, r.centery - 1), 22, face, colour, anchor="center")


class NumberStepper(ArrowChooser):
    """A whole number of at least ``low``, stepped with ‹ › or the wheel."""

    def __init__(self, rect: Any, value: int, on_change: Callable[[Any], None] | None = None, *, low: int = 1):
        super().__init__(rect)
        self.value = value
        self.low = low
        self.on_change = on_change

    def step(self, delta: int) -> None:
        self.value = max(self.low, self.value + delta)
        if self.on_change:
            self.on_change(self.value)

    def press_middle(self) -> None:
        pass

    def wheel_step(self, y: int) -> int:
        return 1 if y > 0 else -1

    def draw(self, canvas: Canvas) -> None:
        self.draw_box(canvas)
        ink = theme.INK if self.enabled else theme.FAINT
        canvas.text(str(self.value), (self.rect.centerx, self.rect.centery - 1), 24, theme.BOLD, ink, anchor="center")


def latest_unfinished_save(title: str, directory: Any = None,
                           looks_at: int = RESUME_LOOKS_AT) -> tuple[Any, Any] | None:
    """The most recent unfinished autosave of ``title``: (its Match, its SaveData), or None. Only
    the newest ``looks_at`` autosaves of the title are replayed, so entering a set-up stays quick. A
    save that reads but whose moves today's rules refuse is recorded (:func:`registry.note_refused_save`:
    the title screen names it) and passed over, now and while the file stays as it is; it is never
    changed."""
    from game.engine import resources
    from game.engine.saves import AUTOSAVE_PREFIX, SaveError, load_match, read_save

    try:
        folder = directory or resources.saves_dir()
        files = sorted(folder.glob(f"{AUTOSAVE_PREFIX}*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        return None
    looked = 0
    for path in files:
        stamp = registry.save_stamp(path)
        if registry.is_refused_save(path, stamp):
            continue   # its moves no longer replay: told on the title, never offered again
        try:
            data = read_save(path)
            if data.title != title:
                continue
            looked += 1
            match = load_match(path)
        except SaveError as exc:
            if exc.kind == "replay":
                registry.note_refused_save(path, stamp)
            continue
        except OSError:
            continue
        if not match.state.is_over():
            return match, data
        if looked >= looks_at:
            break
    return None


def make_bots(spec: TitleSpec, players: Mapping[str, str], seed: int) -> dict[str, Any]:
    """{seat: a new bot} for the seats ``players`` gives to a bot of ``spec.bots`` (by name); each
    bot gets its own seed, from the game's."""
    bots: dict[str, Any] = {}
    for i, (seat, who) in enumerate(players.items()):
        if who != PERSON and who in spec.bots:
            bots[seat] = titles.load(spec.bots[who])(seed * 31 + i + 1)
    return bots


def keep_computer_seats(scenes: list[Any], players: Mapping[str, str]) -> None:
    """Make the autosave of the table among ``scenes`` keep which seats the computer plays
    (``meta.ui["computer"]``: seat → bot name), so that Resume and Continue give them back."""
    names = {str(seat): str(who) for seat, who in players.items() if who != PERSON}
    for made in scenes:
        saver = getattr(made, "autosaver", None)
        if saver is None:
            continue
        base = saver.ui

        def ui(match: Any, base: Any = base) -> dict[str, Any]:
            return {**((base(match) if base is not None else None) or {}), "computer": dict(names)}

        saver.ui = ui


def open_table(scene: Scene, spec: TitleSpec, match: Match, computer: Mapping[str, Any], *,
               autosave: bool = True, players: Mapping[str, str] | None = None, **options: Any) -> bool:
    """Replace ``scene`` (a set-up) with the scenes of ``spec.table_scene`` playing ``match``;
    False when the title has no table scene registered (nothing changes). ``players`` (seat →
    "person" or a bot's name) is kept in the autosaves (:func:`keep_computer_seats`); ``options``
    go to the table's factory too (a resumed game's ``last_seen`` and ``held``)."""
    if not registry.is_registered(spec.table_scene) or scene.stack is None:
        return False
    assert spec.table_scene is not None
    made = registry.build_scenes(spec.table_scene, scene.app, match=match, computer=dict(computer),
                                 autosave=autosave, **options)
    if players is not None:
        keep_computer_seats(made, players)
    stack = scene.stack
    stack.replace(made[0])
    for more in made[1:]:
        stack.push(more)
    return True


def continue_offers() -> list[registry.ContinueOffer]:
    """The title screen's "Continue" for the titles that use this set-up (no set-up scene of their
    own, a table scene registered): each one's latest unfinished autosave, reopened at its table
    behind the curtain, its computer seats and each seat's notes as saved."""
    offers: list[registry.ContinueOffer] = []
    for spec in titles.titles():
        if spec.setup_scene not in (None, SCENE_NAME):
            continue
        offer = continue_offer(spec)
        if offer is not None:
            offers.append(offer)
    return offers


def continue_offer(spec: TitleSpec) -> registry.ContinueOffer | None:
    """``spec``'s latest unfinished autosave as a "Continue" (reopened at its table as its save's
    ``ui`` block says), or None (no table scene registered, no such save). A title with a set-up
    of its own registers its offer with this."""
    if not registry.is_registered(spec.table_scene):
        return None
    found = latest_unfinished_save(spec.name)
    if found is None:
        return None
    match, data = found
    name = spec.display_name.get(current_language()) or spec.name
    note = t("i12_qa.continue_note", title=name, moves=len(match.log))
    return data.saved_at, note, functools.partial(_reopen, spec, match, dict(data.ui or {}))


def _reopen(spec: TitleSpec, match: Match, ui: Mapping[str, Any]) -> list[Any]:
    """The scenes of ``spec.table_scene`` playing a saved ``match``, as its save's ``ui`` block says."""
    saved = ui.get("computer")
    players = {str(s): str(b) for s, b in saved.items()} if isinstance(saved, dict) else {}
    computer = make_bots(spec, players, match.seed)
    made = registry.build_scenes(str(spec.table_scene), None, match=match, computer=computer, autosave=True,
                                 **options_from_meta(ui))
    keep_computer_seats(made, players)
    return made


@registry.register_continue
def _shell_continue() -> registry.ContinueOffer | None:
    offers = continue_offers()
    return max(offers, key=lambda o: o[0]) if offers else None


# ------------------------------------------------------------------------------ the scene

class SetupScene(Scene):
    """See the module docstring. ``config`` presets options (Play again), ``seed`` the seed (None:
    a new random one), ``players`` seat → "person" or a bot's name."""

    escape_goes_back = True
    fills_window = True

    def __init__(self, spec: TitleSpec | str, *, config: Mapping[str, Any] | None = None, seed: int | None = None,
                 players: Mapping[str, str] | None = None, look_for_saves: bool = True,
                 rng: random.Random | None = None) -> None:
        super().__init__()
        self.spec = titles.title(spec) if isinstance(spec, str) else spec
        self.look_for_saves = look_for_saves
        self.rng = rng or random.Random()
        self.players: dict[str, str] = dict(players or {})
        self.seat_choices: dict[str, Choice] = {}
        self.resumable: Match | None = None
        self.resumable_ui: dict[str, Any] = {}
        self.error: str | None = None
        self.start_button, self.resume_button, self.back_button = self.make_buttons()
        self.rules_button = self.make_rules_button()
        self.tutorial_button = self.make_tutorial_button()
        self.build(dict(config or {}), seed)

    # -------------------------------------------------------------- hooks a title's set-up overrides
    buttons_right = SEATS.right             # where Start's right edge sits
    resume_width = 300

    def start_text(self) -> str:
        return t("i12_shell.setup.start")

    def resume_text(self) -> str:
        return t("i12_shell.setup.resume")

    def make_buttons(self) -> tuple[Button, Button, Button]:
        """Start, Resume (hidden until :meth:`enter` finds a game) and Back, along the bottom."""
        right = self.buttons_right
        start = Button((right - 380, 812, 380, 58), self.start_text, self.start, style="primary", icon="play")
        resume = Button((right - 380 - 24 - self.resume_width, 812, self.resume_width, 58),
                        self.resume_text, self.resume, icon="clock")
        resume.visible = False
        back = Button((80, 812, 230, 58), lambda: t("common.back"), self.back, icon="back")
        return start, resume, back

    def make_rules_button(self) -> Button | None:
        """Rules, top right, when the title registered a rules reader (rules_reader.register_rules_book)."""
        from game.ui.scenes.rules_reader import rules_book

        if rules_book(self.spec.name) is None:
            return None
        return Button((SEATS.right - 200, 70, 200, 54), lambda: t("rules_reader.button"), self.open_rules,
                      icon="help")

    def make_tutorial_button(self) -> Button | None:
        """Tutorial, left of Rules, when the title registered a tutorial for its set-up
        (``register_tutorial(..., title=)``)."""
        from game.ui.tutorial import tutorial_for

        if tutorial_for(self.spec.name) is None:
            return None
        return Button((SEATS.right - 200 - 16 - 220, 70, 220, 54), lambda: t("tutorial.button"), self.open_tutorial,
                      icon="help")

    def open_tutorial(self) -> None:
        from game.ui.tutorial import open_tutorial, tutorial_for

        entry = tutorial_for(self.spec.name)
        if entry is not None and self.stack is not None:
            open_tutorial(self.stack, entry.name)

    def open_rules(self) -> None:
        from game.ui.scenes.rules_reader import rules_book

        book = rules_book(self.spec.name)
        if book is not None and self.stack is not None:
            self.stack.push(book())

    def build(self, preset: dict[str, Any], seed: int | None) -> None:
        """The option rows (``preset`` presets them), the seed, the seats and ``self.widgets``."""
        self.option_widgets: dict[str, Choice | NumberStepper] = {}
        self.row_y: dict[str, float] = {}
        for i, option in enumerate(self.spec.options):
            cy = OPTIONS.top + 70 + ROW_H * i + ROW_H / 2
            self.row_y[option.key] = cy
            self.option_widgets[option.key] = self._widget_for(option, preset.get(option.key, option.default), cy)
        seed_y = OPTIONS.top + 70 + ROW_H * len(self.spec.options) + ROW_H / 2
        self.row_y["seed"] = seed_y
        self.seed_stepper = SeedStepper((OPTIONS.right - 32 - CONTROL_W, seed_y - CONTROL_H / 2, CONTROL_W, CONTROL_H),
                                        seed if seed is not None else self.rng.randint(1, 9999), rng=self.rng)
        self.new_seed_button = Button((OPTIONS.right - 32 - CONTROL_W, seed_y + CONTROL_H / 2 + 8, CONTROL_W, 40),
                                      lambda: t("i12_shell.setup.new_seed"), self.new_seed, style="ghost", size=17)
        self._changed(None)

    def find_resumable(self) -> tuple[Match, dict[str, Any]] | None:
        """The title's latest unfinished autosave: (its Match, its save's ``meta.ui``), or None."""
        found = latest_unfinished_save(self.spec.name)
        return None if found is None else (found[0], dict(found[1].ui or {}))

    def chosen_seed(self) -> int | None:
        """The seed Start plays (the stepper's; when it says Random, a new one)."""
        return self.seed_stepper.value if self.seed_stepper.value is not None else self.rng.randint(1, 9999)

    def table_options(self) -> dict[str, Any]:
        """More options for the table's factory when Start opens a new game (none here)."""
        return {}

    def resumed_options(self, ui: Mapping[str, Any]) -> dict[str, Any]:
        """The table's options for a resumed game, read from its save's ``meta.ui``: what each
        seat had seen and the items held for it."""
        return options_from_meta(ui)

    def keeps_players(self) -> bool:
        """Whether the autosave keeps which seats the computer plays (:func:`keep_computer_seats`)."""
        return True

    def layer_state(self) -> tuple[Any, ...]:
        """What, besides the widgets, the error, the resumable game and the language, changes the
        cached drawing."""
        return ()

    # -------------------------------------------------------------- options and seats
    def _widget_for(self, option: Option, value: Any, cy: float) -> Choice | NumberStepper:
        box = (OPTIONS.right - 32 - CONTROL_W, cy - CONTROL_H / 2, CONTROL_W, CONTROL_H)
        if option.choices:
            key = option.key

            def label(c: Any) -> Callable[[], str]:
                return lambda: value_label(self.spec, key, c)

            return Choice(box, [(c, label(c)) for c in option.choices], value, self._changed, size=22)
        if option.type is int:
            return NumberStepper(box, int(value), self._changed)
        return Choice(box, [(value, lambda: str(value))], value, self._changed, size=22)

    def config(self) -> dict[str, Any]:
        """The options chosen, as the rules' config takes them (plain JSON, for the save)."""
        return {key: w.value for key, w in self.option_widgets.items()}

    def seats(self) -> tuple[str, ...]:
        """The seats the rules give for the options chosen; ValueError when they make no game."""
        titles.load(self.spec.parse_config)(self.config())
        if self.spec.seats is None:
            return ()
        return tuple(titles.load(self.spec.seats)(self.config()))

    def _seat_options(self) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = [(PERSON, lambda: t("i12_shell.setup.person"))]
        many = len(self.spec.bots) > 1
        for name in self.spec.bots:
            out.append((name, (lambda n=name: t("i12_shell.setup.computer_named", name=n)) if many
                        else (lambda: t("i12_shell.setup.computer"))))
        return out

    def _changed(self, _value: Any) -> None:
        try:
            seats = self.seats()
        except ValueError as exc:
            self.error = str(exc)
            seats = tuple(self.seat_choices)
        else:
            self.error = None
        if tuple(self.seat_choices) != seats:
            self.seat_choices = {}
            for i, seat in enumerate(seats):
                y = SEATS.top + 92 + i * 76
                self.seat_choices[seat] = Choice((SEATS.right - 30 - CONTROL_W, y + 8, CONTROL_W, CONTROL_H),
                                                 self._seat_options(), self.players.get(seat, PERSON),
                                                 self._seat_listener(seat), size=22)
                self.seat_choices[seat].enabled = bool(self.spec.bots)
        self.widgets = [*self.option_widgets.values(), self.seed_stepper, self.new_seed_button,
                        *self.seat_choices.values(), self.start_button, self.resume_button, self.back_button]
        for extra in (getattr(self, "rules_button", None), getattr(self, "tutorial_button", None)):
            if extra is not None:
                self.widgets.append(extra)
        self.start_button.enabled = self.error is None

    def _seat_listener(self, seat: str) -> Callable[[Any], None]:
        def changed(value: Any) -> None:
            self.players[seat] = value
        return changed

    def who_plays(self) -> dict[str, str]:
        """seat → "person" or a bot's name, for every seat at the table."""
        return {seat: choice.value for seat, choice in self.seat_choices.items()}

    def new_seed(self) -> None:
        self.seed_stepper.value = self.rng.randint(1, 9999)

    # -------------------------------------------------------------- actions
    def enter(self) -> None:
        found = self.find_resumable() if self.look_for_saves else None
        self.resumable, self.resumable_ui = found if found is not None else (None, {})
        self.resume_button.visible = self.resumable is not None

    def start(self) -> None:
        """A new game with the options, seats and seed chosen, at the title's table."""
        try:
            match = Match(self.spec.name, self.config(), self.chosen_seed())
        except (ValueError, TypeError) as exc:
            self.error = str(exc)
            return
        players = self.who_plays()
        computer = make_bots(self.spec, players, match.seed)
        if not open_table(self, self.spec, match, computer, players=players if self.keeps_players() else None,
                          **self.table_options()):
            self.error = t("i12_shell.setup.no_table")

    def resume(self) -> None:
        """The latest unfinished game of the title, at its table (its computer seats as saved)."""
        if self.resumable is None:
            return
        saved = self.resumable_ui.get("computer")
        players = {str(s): str(b) for s, b in saved.items()} if isinstance(saved, dict) else {}
        computer = make_bots(self.spec, players, self.resumable.seed)
        # what each seat had seen and the items held for it come back with the game
        if not open_table(self, self.spec, self.resumable, computer,
                          players=players if self.keeps_players() else None,
                          **self.resumed_options(self.resumable_ui)):
            self.error = t("i12_shell.setup.no_table")

    def back(self) -> None:
        self.close()

    # -------------------------------------------------------------- drawing
    def draw(self, canvas: Canvas) -> None:
        controls = tuple((getattr(w, "value", None), getattr(w, "enabled", True), getattr(w, "visible", True))
                         for w in self.widgets)
        key = (type(self).__name__, id(self), controls, *self.layer_state(), self.error, id(self.resumable),
               current_language())
        canvas.layer(key, self._draw_static)
        super().draw(canvas)

    # where a row's label and hint stand (above and below the row's middle) and the hint's spacing
    row_label_dy = -24.0
    row_hint_dy = 6.0
    row_hint_spacing = 1.3

    def option_row(self, key: str) -> tuple[str, str | None]:
        """An option row's label and hint (None: the label alone)."""
        return option_label(self.spec, key), None

    def _draw_static(self, canvas: Canvas) -> None:
        self._draw_options(canvas)
        self._draw_seats_head(canvas)
        for n, (seat, choice) in enumerate(self.seat_choices.items(), start=1):
            card = self._seat_card(canvas, choice)
            canvas.text(t("i12_shell.setup.player_n", n=n).upper(), (card.left + 18, card.top + 8), 13, theme.BOLD,
                        theme.FAINT, tracking=2)
            canvas.text(seat_label(self.spec, seat), (card.left + 18, card.top + 26), 28, theme.DISPLAY, theme.INK)
        if not self.spec.bots:
            canvas.text_box(t("i12_shell.setup.no_bots"), (SEATS.left + 30, SEATS.bottom - 66, SEATS.width - 60, 50),
                            15, theme.ITALIC, theme.MUTED, line_spacing=1.2, max_lines=2)
        else:
            canvas.text_box(t("i12_shell.setup.hotseat"), (SEATS.left + 30, SEATS.bottom - 66, SEATS.width - 60, 50),
                            15, theme.ITALIC, theme.MUTED, line_spacing=1.2, max_lines=2)
        self._draw_error_or_resume(canvas)

    def _draw_options(self, canvas: Canvas) -> None:
        """The page, and the options' panel with a row for each option (:meth:`option_row`) and the seed."""
        lang = current_language()
        backdrop.menu_page(canvas, t("i12_shell.setup.kicker"), self.spec.display_name.get(lang, self.spec.name))
        Panel(OPTIONS, fill=(14, 21, 41, 238), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        canvas.text(t("i12_shell.setup.options").upper(), (OPTIONS.left + 30, OPTIONS.top + 30), 16, theme.BOLD,
                    theme.GOLD, tracking=3)
        for i, option in enumerate(self.spec.options):
            label, hint = self.option_row(option.key)
            self._draw_row(canvas, label, self.row_y[option.key], i, hint)
        self._draw_row(canvas, t("i12_shell.setup.seed"), self.row_y["seed"], len(self.spec.options),
                       t("i12_shell.setup.seed_hint"))

    def _draw_seats_head(self, canvas: Canvas) -> None:
        Panel(SEATS, fill=(14, 21, 41, 238), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        top_band(canvas, SEATS, theme.GOLD, 8, radius=18)
        canvas.text(t("i12_shell.setup.seats").upper(), (SEATS.left + 30, SEATS.top + 30), 16, theme.BOLD,
                    theme.GOLD, tracking=3)

    def _seat_card(self, canvas: Canvas, choice: Any) -> pygame.FRect:
        """A seat's card, round its choice; its rect."""
        card = pygame.FRect(SEATS.left + 22, choice.rect.top - 8, SEATS.width - 44, 66)
        canvas.fill((20, 30, 56), card, radius=10)
        canvas.border(theme.EDGE, card, width=1, radius=10)
        return card

    def _draw_error_or_resume(self, canvas: Canvas) -> None:
        if self.error:
            canvas.text_box(self.error, (330, 806, 460, 90), 16, theme.BOLD, (246, 130, 120), max_lines=4)
        elif self.resumable is not None:
            note = t("i12_shell.setup.resume_note", moves=len(self.resumable.log))
            canvas.text(note, (self.resume_button.rect.centerx, 875), 14, theme.ITALIC, theme.MUTED, anchor="midtop")

    def _draw_row(self, canvas: Canvas, label: str, cy: float, i: int, hint: str | None = None) -> None:
        if i:
            canvas.line((38, 52, 84), (OPTIONS.left + 28, cy - ROW_H / 2), (OPTIONS.right - 28, cy - ROW_H / 2), 1)
        if hint:
            canvas.text(label, (OPTIONS.left + 36, cy + self.row_label_dy), 24, theme.BOLD, theme.INK)
            canvas.text_box(hint, (OPTIONS.left + 36, cy + self.row_hint_dy, OPTIONS.width - CONTROL_W - 90, 40), 15,
                            theme.BODY, theme.MUTED, max_lines=2, line_spacing=self.row_hint_spacing)
        else:
            canvas.text(label, (OPTIONS.left + 36, cy), 24, theme.BOLD, theme.INK, anchor="midleft")


@registry.register_scene(SCENE_NAME)
def _shell_setup(app: Any, game: str | None = None, episode: str | None = None, **opts: Any) -> SetupScene:
    """The set-up of ``game`` (the chooser passes ``game=`` and perhaps ``episode=``, which a title
    with no episodes ignores). Without a game (``heist-table screenshot``): the example's, seed 7,
    no save looked for, so the picture is always the same."""
    if game is None:
        return SetupScene("example", seed=7, look_for_saves=False)
    return SetupScene(game, seed=opts.get("seed"), look_for_saves=bool(opts.get("look_for_saves", True)),
                      config=opts.get("config"), players=opts.get("players"))
