"""Setting up a game of Lupin: episode, players and their roles, difficulty, variant and seed.

The chooser opens it (``lupin-setup``, with ``episode=``). On the left the options, on the right
who plays which characters (the rules' own seating table, :func:`game.lupin.rules.state.seating`),
updated as the options change. It is a client of the shell's set-up
(:class:`game.ui.scenes.setup.SetupScene`): Start builds the :class:`game.engine.replay.Match` and
replaces this screen with the play screen (Lupin's ``table_scene``, with the planning clock
chosen); Back (or Esc) returns to the chooser. When an autosaved game of Lupin is still
unfinished, "Resume" reopens the latest one (its autosave goes on in the same slot).

Computer seats (issue #14): each seat's card has its own choice, a person or the computer at a
level (easy, normal, hard: the title's ``bots``; the one-line hint of the level last chosen under
the cards), and two buttons start a solo game at once: "Play as Zenigata" (the whole gang at the
computer, normal) and "Play as the gang" (Zenigata at the computer, normal). The autosave keeps
which seats the computer plays, so Resume, Continue and Play again give them back.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import current_language, t
from game.lupin.rules.boards import episode
from game.lupin.rules.characters import sheet
import game.lupin.rules  # noqa: F401 - the expansion's rules modules register their episodes
from game.lupin.rules.state import BASE_EPISODES, PLAYABLE_EPISODES, SEATS, Config, ConfigError, seating
from game.lupin.ui.board_scene import GANG_STYLE
from game.lupin.ui.dice import fit
from game.ui import backdrop, theme
from game.ui.canvas import Canvas
from game.ui.scenes.setup import PERSON
from game.ui.scenes.setup import SeedStepper as ShellSeedStepper
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.setup import latest_unfinished_save as shell_latest_unfinished_save
from game.ui.widgets import Button, Choice, Panel, Toggle, Widget, top_band

OPTIONS = pygame.FRect(80, 160, 860, 630)
ROLES = pygame.FRect(970, 160, 550, 630)
ROWS = ("episode", "players", "difficulty", "visible", "variant", "partner", "plan_time", "seed")
ROW_KEYS = {"plan_time": "lupin_plan.setup.plan_time"}   # rows whose texts live in another file
ROW_H = (OPTIONS.height - 24) / len(ROWS)
LABEL_X = OPTIONS.left + 36
CONTROL_R = OPTIONS.right - 32
CONTROL_W, CONTROL_H = 330, 50
HINT_W = 440
ZENIGATA_STYLE = ((140, 96, 52), "Z")
_BLURBS: dict[tuple[str, str], str] = {}
PLAN_MINUTES = (5, 10, 15, 20, 30, None)   # the planning clock's lengths offered (None: no limit)
RESUME_LOOKS_AT = 3   # the most recent Lupin autosaves checked for an unfinished game
# the expansion's episodes: Novice plays always visible, no all-against-all variant (its rulebook)
EXPANSION_HINTS = {"difficulty": "lupin_ui_expansion.setup.difficulty_hint",
                   "visible": "lupin_ui_expansion.setup.visible_hint",
                   "variant": "lupin_ui_expansion.setup.variant_hint"}


LEVELS = ("easy", "normal", "hard")   # the computer's levels offered (the title's bots by these names)
SOLO_LEVEL = "normal"                 # the level "Play solo" gives the computer's seats
SEAT_CHOICE_W, SEAT_CHOICE_H = 240, 40
CARDS_BOTTOM = ROLES.bottom - 132     # the seats' cards end here; below, Play solo and the note
SOLO_TOP, SOLO_H = ROLES.bottom - 120, 46

EPISODE_ORDER = (*BASE_EPISODES, "cagliostro", "stonehenge")   # the rulebooks' numbering (episodes 1-4)


def is_expansion(episode_id: str) -> bool:
    return episode_id not in BASE_EPISODES


def episodes_offered() -> list[str]:
    """The episodes the rules play, in the rulebooks' order (an episode not listed goes last)."""
    return sorted(PLAYABLE_EPISODES, key=lambda e: EPISODE_ORDER.index(e) if e in EPISODE_ORDER else len(EPISODE_ORDER))


def screen_options(ui: dict) -> dict[str, Any]:
    """The play scene's options kept in a save's ``meta.ui``: the planning clock's length and
    what was left of it (a save without them: the rulebook's 15 minutes, from the start), and
    how much of its log each seat had seen (its "Since your last turn" marks) and the tiles held
    for a seat (a flip it has not watched yet). The title's
    Continue and the set-up's Resume both reopen a game with these."""
    from game.engine.session import options_from_meta
    from game.lupin.ui.play_scene import PLAN_SECONDS

    out: dict[str, Any] = {"plan_seconds": PLAN_SECONDS}
    limit = ui.get("plan_seconds", PLAN_SECONDS)
    if limit is None or (isinstance(limit, int) and not isinstance(limit, bool) and limit > 0):
        out["plan_seconds"] = limit
    left = ui.get("plan_left")
    if isinstance(left, (int, float)) and not isinstance(left, bool) and left >= 0 and out["plan_seconds"] is not None:
        out["plan_left"] = float(min(left, out["plan_seconds"]))
    fujiko = ui.get("fujiko_left")   # Cagliostro: what was left of Fujiko's 2 minutes
    if isinstance(fujiko, (int, float)) and not isinstance(fujiko, bool) and fujiko >= 0:
        out["fujiko_left"] = float(fujiko)
    # what each seat had seen (its "Since your last turn") and the tiles held for a seat that has
    # not watched them yet come back, the table session's own reading of the block
    out.update(options_from_meta(ui))
    return out


def latest_unfinished_save(directory: Any = None) -> tuple[Any, Any] | None:
    """The most recent unfinished Lupin autosave: (its Match, its SaveData), or None (the shell's
    search, :func:`game.ui.scenes.setup.latest_unfinished_save`: a save whose moves today's rules
    refuse is recorded for the title screen and passed over; it is never changed)."""
    return shell_latest_unfinished_save("lupin", directory, RESUME_LOOKS_AT)


class SeedStepper(ShellSeedStepper):
    """The shell's seed stepper (game/ui/scenes/setup.py) with Lupin's texts."""

    random_key = "lupin.setup.seed_random"
    value_key = "lupin.setup.seed_value"


class LupinSetupScene(SetupScene):
    """The shell's set-up (:class:`game.ui.scenes.setup.SetupScene`: Start, Resume, Back, Esc,
    the search for an unfinished game, the table opened with the title's ``table_scene``) with
    Lupin's own rows and their hints, its "who plays whom" panel and the Rules button."""

    buttons_right = ROLES.right
    resume_width = 330

    def __init__(self, episode_id: str = "rosso-rubino", *, look_for_saves: bool = True,
                 players: dict[str, str] | None = None) -> None:
        self.last_seat: str | None = None    # the seat whose level's hint is shown (the last one set to the computer)
        self.seat_choices: dict[str, Choice] = {}
        super().__init__("lupin", config={"episode": episode_id}, look_for_saves=look_for_saves, players=players)

    def build(self, preset: dict[str, Any], seed: int | None) -> None:
        episode_id = preset.get("episode", BASE_EPISODES[0])
        if episode_id not in PLAYABLE_EPISODES:
            episode_id = BASE_EPISODES[0]
        cy = [OPTIONS.top + 12 + ROW_H * i + ROW_H / 2 for i in range(len(ROWS))]
        self.row_y = {name: cy[i] for i, name in enumerate(ROWS)}

        def box(name: str, w: float = CONTROL_W, h: float = CONTROL_H) -> tuple:
            return (CONTROL_R - w, self.row_y[name] - h / 2, w, h)

        lang_name = lambda e: (lambda: episode(e).name[current_language()])  # noqa: E731
        self.episode_choice = Choice(box("episode"), [(e, lang_name(e)) for e in episodes_offered()], episode_id,
                                     self.options_changed, size=22)
        self.players_choice = Choice(box("players"), [(n, lambda n=n: t("lupin.setup.players_n", n=n))
                                                      for n in range(2, 6)], 2, self.options_changed, size=22)
        self.difficulty_choice = Choice(box("difficulty"), [("novice", lambda: t("lupin.setup.novice")),
                                                            ("expert", lambda: t("lupin.setup.expert"))],
                                        "expert", self.options_changed, size=22)
        self.visible_toggle = Toggle(box("visible", 92, 46), False, lambda _v: self.options_changed(None))
        self.variant_choice = Choice(box("variant"), [("coop", lambda: t("lupin.setup.coop")),
                                                      ("all-vs-all", lambda: t("lupin.setup.all_vs_all"))],
                                     "coop", self.options_changed, size=22)
        self.partner_choice = Choice(box("partner"), self._partner_options(2), None, self.options_changed, size=22)
        self.plan_choice = Choice(box("plan_time"), [(n, (lambda n=n: t("lupin_plan.setup.minutes", n=n)) if n else
                                                       (lambda: t("lupin_plan.setup.no_limit")))
                                                      for n in PLAN_MINUTES], 15, self.options_changed, size=22)
        self.seed_stepper = SeedStepper(box("seed"), seed)
        self.rules_button = Button((ROLES.right - 200, 70, 200, 54), lambda: t("rules_reader.button"), self.open_rules,
                                   icon="help")   # the rules reader, for the episode chosen
        half = (ROLES.width - 60 - 12) / 2
        self.solo_zenigata_button = Button((ROLES.left + 30, SOLO_TOP, half, SOLO_H),
                                           lambda: t("lupin_ai.setup.as_zenigata"), self.play_as_zenigata,
                                           style="secondary", icon="play", size=17)
        self.solo_gang_button = Button((ROLES.left + 30 + half + 12, SOLO_TOP, half, SOLO_H),
                                       lambda: t("lupin_ai.setup.as_gang"), self.play_as_gang, style="secondary",
                                       icon="play", size=17)
        self.visible_forced = False   # the toggle shows the expansion's always-visible Novice
        self.options_changed(None)

    # -------------------------------------------------------------- the shell's hooks
    def start_text(self) -> str:
        return t("lupin.setup.start")

    def resume_text(self) -> str:
        return t("lupin.setup.resume")

    def chosen_seed(self) -> int | None:
        return self.seed_stepper.value   # Random: the Match draws one

    def table_options(self) -> dict[str, Any]:
        return {"plan_seconds": self.plan_seconds()}   # the planning clock, a screen option

    def resumed_options(self, ui: Any) -> dict[str, Any]:
        return screen_options(dict(ui))   # the clock as saved, what each seat had seen, the tiles held

    def keeps_players(self) -> bool:
        return True    # the autosave's ui block names the computer seats (Resume, Continue give them back)

    def layer_state(self) -> tuple[Any, ...]:
        # the row under the mouse is lit
        return (next((name for name in ROWS if self._row_rect(name).collidepoint(self.mouse)), None),)

    # -------------------------------------------------------------- options
    @staticmethod
    def _partner_options(players: int) -> list:
        if players == 2:
            ids = ("jigen", "goemon", "fujiko")
        elif players == 3:
            ids = ("goemon", "fujiko")
        else:
            return [(None, lambda: t("lupin.setup.partner_none"))]
        return [(c, lambda c=c: sheet(c).name[current_language()]) for c in ids]

    @property
    def expansion(self) -> bool:
        return is_expansion(self.episode_choice.value)

    def options_changed(self, _value: Any) -> None:
        players = self.players_choice.value
        expansion = self.expansion
        self.variant_choice.enabled = players >= 3 and not expansion   # the expansion has no such variant
        if not self.variant_choice.enabled and self.variant_choice.value != "coop":
            self.variant_choice.set_value("coop")
        novice = self.difficulty_choice.value == "novice"
        self.visible_toggle.enabled = novice and not expansion
        if expansion:   # the expansion's Novice is always visible: the toggle shows it, fixed
            self.visible_forced = True
            if self.visible_toggle.value != novice:
                self.visible_toggle.value = novice
                self.visible_toggle.anim = 1.0 if novice else 0.0
        elif self.visible_forced:
            self.visible_forced = False
            self.visible_toggle.value = False
            self.visible_toggle.anim = 0.0
        if not novice and self.visible_toggle.value:
            self.visible_toggle.value = False
            self.visible_toggle.anim = 0.0
        options = self._partner_options(players)
        if [v for v, _ in options] != [v for v, _ in self.partner_choice.options]:
            current = self.partner_choice.value
            self.partner_choice.options = options
            self.partner_choice.index = 0
            self.partner_choice.set_value(current)
        self.partner_choice.enabled = players <= 3 and self.variant_choice.value == "coop"
        self.plan_choice.enabled = self.variant_choice.value == "coop"   # the draft has no clock
        if not self.partner_choice.enabled:
            self.partner_choice.options = [(None, lambda: t("lupin.setup.partner_none"))]
            self.partner_choice.index = 0
        self.error = None
        self._seat_widgets()

    # -------------------------------------------------------------- who plays each seat
    def _seat_options(self) -> list[tuple[str, Any]]:
        """A person, or the computer at one of the levels (easy, normal, hard)."""
        out: list[tuple[str, Any]] = [(PERSON, lambda: t("lupin_ai.setup.person"))]
        for level in LEVELS:
            if level in self.spec.bots:
                out.append((level, lambda lv=level: t("lupin_ai.setup.computer", level=t(f"lupin_ai.level.{lv}"))))
        return out

    def _seat_widgets(self) -> None:
        """One choice per seat of the rules' seating, on its card (kept by seat as the options
        change), and ``widgets``."""
        cards = self.role_cards()
        seats = [seat for seat, _chars, _card in cards]
        if list(self.seat_choices) != seats or any(
                abs(self.seat_choices[seat].rect.centery - card.centery) > 0.5 for seat, _c, card in cards):
            self.seat_choices = {}
            for seat, _chars, card in cards:
                box = (card.right - 12 - SEAT_CHOICE_W, card.centery - SEAT_CHOICE_H / 2, SEAT_CHOICE_W, SEAT_CHOICE_H)
                self.seat_choices[seat] = Choice(box, self._seat_options(), self.players.get(seat, PERSON),
                                                 self._seat_listener(seat), size=16)
        self.widgets = [self.episode_choice, self.players_choice, self.difficulty_choice, self.visible_toggle,
                        self.variant_choice, self.partner_choice, self.plan_choice, self.seed_stepper,
                        *self.seat_choices.values(), self.solo_zenigata_button, self.solo_gang_button,
                        self.start_button, self.resume_button, self.back_button, self.rules_button]

    def _seat_listener(self, seat: str) -> Any:
        def changed(value: Any) -> None:
            self.players[seat] = value
            if value != PERSON:
                self.last_seat = seat
        return changed

    def set_players(self, players: dict[str, str]) -> None:
        """Every seat's choice set (seat -> "person" or a level)."""
        for seat, choice in self.seat_choices.items():
            who = players.get(seat, PERSON)
            choice.set_value(who)
            self.players[seat] = choice.value
            if who != PERSON:
                self.last_seat = seat

    def play_as_zenigata(self) -> None:
        """Solo as the police: every gang seat at the computer (normal), and the game starts."""
        self.set_players({seat: PERSON if seat == "zenigata" else SOLO_LEVEL for seat in self.seat_choices})
        self.start()

    def play_as_gang(self) -> None:
        """Solo as the gang: Zenigata at the computer (normal), the gang's seats people, and the game starts."""
        self.set_players({seat: SOLO_LEVEL if seat == "zenigata" else PERSON for seat in self.seat_choices})
        self.start()

    def who_plays(self) -> dict[str, str]:
        return {seat: choice.value for seat, choice in self.seat_choices.items()}

    def level_hint(self) -> str | None:
        """What the level last chosen does, for the side of its seat (Zenigata's police or the gang):
        else the first computer seat's; None when every seat is a person."""
        computers = [seat for seat, c in self.seat_choices.items() if c.value != PERSON]
        if not computers:
            return None
        seat = self.last_seat if self.last_seat in computers else computers[0]
        level = self.seat_choices[seat].value
        side = "police" if seat == "zenigata" else "gang"
        return t("lupin_ai.setup.level_hint", level=t(f"lupin_ai.level.{level}"),
                 hint=t(f"lupin_ai.hint.{side}.{level}"))

    def config(self) -> dict[str, Any]:
        """The game's settings as the rules take them (plain JSON, for the save)."""
        partner = self.partner_choice.value if self.partner_choice.enabled else None
        return {
            "episode": self.episode_choice.value,
            "players": self.players_choice.value,
            "difficulty": self.difficulty_choice.value,
            "novice_always_visible": bool(self.visible_toggle.value and self.difficulty_choice.value == "novice"),
            "variant": self.variant_choice.value,
            "partner": partner,
        }

    def plan_seconds(self) -> int | None:
        """The planning clock chosen (seconds; None: no limit). A screen option, not a rule:
        the rules' config takes no extra keys, so it is kept in the autosave's meta.ui."""
        minutes = self.plan_choice.value
        return None if minutes is None else minutes * 60

    def roles(self) -> list[tuple[str, list[str]]]:
        """(seat, its characters) in seating order, from the rules' table."""
        try:
            seats = seating(Config.from_mapping(self.config()))
        except ConfigError:
            return []
        out: dict[str, list[str]] = {}
        for character in ("zenigata", "lupin", "jigen", "goemon", "fujiko"):
            if character in seats:
                out.setdefault(seats[character], []).append(character)
        return sorted(out.items(), key=lambda kv: SEATS.index(kv[0]))

    # -------------------------------------------------------------- actions
    def open_rules(self) -> None:
        from game.lupin.ui.rules_book import rules_reader

        if self.stack is not None:
            self.stack.push(rules_reader(self.episode_choice.value))

    # -------------------------------------------------------------- drawing
    def _draw_static(self, canvas: Canvas) -> None:
        backdrop.menu_page(canvas, t("lupin.setup.kicker"), t("lupin.setup.title"))
        Panel(OPTIONS, fill=(14, 21, 41, 238), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        for i, name in enumerate(ROWS):
            self._draw_row(canvas, i, name)
        self._draw_roles(canvas)
        if self.error:
            canvas.text_box(self.error, (340, 812, 420, 80), 16, theme.BOLD, (246, 130, 120))
        elif self.resumable is not None:
            m = self.resumable
            ep = episode(m.config.get("episode", BASE_EPISODES[0])).name[current_language()]
            note = t("lupin.setup.resume_note", episode=ep, round=m.state.round,
                     players=m.config.get("players", "?"))
            canvas.text(fit(canvas, note, 420, 14, theme.ITALIC), (self.resume_button.rect.centerx, 875), 14,
                        theme.ITALIC, theme.MUTED, anchor="midtop")

    def _row_rect(self, name: str) -> pygame.FRect:
        return pygame.FRect(OPTIONS.left + 14, self.row_y[name] - ROW_H / 2 + 3, OPTIONS.width - 28, ROW_H - 6)

    def _draw_row(self, canvas: Canvas, i: int, name: str) -> None:
        cy = self.row_y[name]
        row = self._row_rect(name)
        if row.collidepoint(self.mouse):
            canvas.fill((255, 255, 255, 12), row, radius=12)
        if i:
            canvas.line((38, 52, 84), (OPTIONS.left + 28, cy - ROW_H / 2), (OPTIONS.right - 28, cy - ROW_H / 2), 1)
        control = self._control(name)
        off = control is not None and not control.enabled
        key = ROW_KEYS.get(name, f"lupin.setup.{name}")
        hint = t(EXPANSION_HINTS[name] if self.expansion and name in EXPANSION_HINTS else f"{key}_hint")
        lines = canvas.wrap(hint, HINT_W, 16, theme.BODY)[:2]
        block = 30 + len(lines) * 19
        top = cy - block / 2
        canvas.text(t(key), (LABEL_X, top), 24, theme.BOLD, theme.FAINT if off else theme.INK)
        for j, line in enumerate(lines):
            canvas.text(line, (LABEL_X, top + 31 + j * 19), 16, theme.BODY, theme.FAINT if off else theme.MUTED)

    def _control(self, name: str) -> Widget | None:
        return {"episode": self.episode_choice, "players": self.players_choice, "difficulty": self.difficulty_choice,
                "visible": self.visible_toggle, "variant": self.variant_choice, "partner": self.partner_choice,
                "plan_time": self.plan_choice, "seed": self.seed_stepper}.get(name)

    def _draw_roles(self, canvas: Canvas) -> None:
        p = ROLES
        lang = current_language()
        Panel(p, fill=(14, 21, 41, 238), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        top_band(canvas, p, (232, 87, 74), 8, radius=18)
        x, w = p.left + 30, p.width - 60
        canvas.text(t("lupin.setup.roles").upper(), (x, p.top + 30), 16, theme.BOLD, theme.GOLD, tracking=3)
        ep = episode(self.episode_choice.value)
        facts = t("lupin.setup.facts", episode=ep.name[lang], rounds=ep.rounds)
        canvas.text(fit(canvas, facts, w, 18, theme.ITALIC), (x, p.top + 56), 18, theme.ITALIC, theme.MUTED)
        cards = self.role_cards()
        y = p.top + 92
        for n, (seat, chars, card) in enumerate(cards, start=1):
            canvas.fill((20, 30, 56), card, radius=10)
            canvas.border(theme.EDGE, card, width=1, radius=10)
            police = seat == "zenigata"
            colour = ZENIGATA_STYLE[0] if police else GANG_STYLE[chars[0]][0]
            with canvas.clip(pygame.FRect(card.left, card.top, 6, card.height)):
                canvas.fill(colour, card, radius=10)
            side = t("lupin.setup.side_police" if police else "lupin.setup.side_gang")
            if chars == ["fujiko"] and self.episode_choice.value == "cagliostro":   # she starts a traitor
                side = t("lupin_ui_expansion.setup.side_traitor")
            kicker = canvas.text(t("lupin.setup.player_n", n=n).upper(), (card.left + 20, card.top + 8), 13,
                                 theme.BOLD, theme.FAINT, tracking=2)
            canvas.text(side.upper(), (kicker.right + 10, card.top + 8), 13, theme.BOLD,
                        (120, 170, 236) if police else (236, 130, 110), tracking=2)
            choice = self.seat_choices.get(seat)
            right = (choice.rect.left if choice is not None else card.right) - 10
            canvas.text(fit(canvas, t(f"lupin.seat.{seat}"), right - card.left - 20, 24, theme.DISPLAY),
                        (card.left + 20, card.top + 23), 24, theme.DISPLAY, theme.INK)
            cx = card.left + 20
            cy = card.bottom - 15
            for c in chars:
                style = ZENIGATA_STYLE if c == "zenigata" else GANG_STYLE[c]
                name = sheet(c).name[lang]
                nw = canvas.measure(name, 14, theme.BOLD)[0]
                if cx + 24 + nw > right:   # too long beside the choice: his first name ("Goemon")
                    name = name.split()[0]
                    nw = canvas.measure(name, 14, theme.BOLD)[0]
                if cx + 24 + nw > right:
                    name, nw = "", 0.0
                if c == "zenigata":
                    canvas.polygon(style[0], [(cx + 9, cy - 10), (cx + 19, cy), (cx + 9, cy + 10), (cx - 1, cy)])
                else:
                    canvas.circle(style[0], (cx + 9, cy), 9)
                canvas.text(style[1], (cx + 9, cy + 1), 12, theme.DISPLAY, theme.INK, anchor="center")
                canvas.text(name, (cx + 24, cy), 14, theme.BOLD, (222, 216, 202), anchor="midleft")
                cx += 24 + nw + 16
            y = card.bottom + 8
        # the episode's story fills what the cards leave free
        blurb = self._blurb(self.episode_choice.value)
        room = CARDS_BOTTOM - (y + 14)
        if blurb and room > 60:
            canvas.line(theme.EDGE, (x, y + 6), (x + w, y + 6), 1)
            size = 18
            while size > 14 and canvas.text_box_height(blurb, w, size, theme.BODY, 1.4) > room - 14:
                size -= 1
            canvas.text_box(blurb, (x, y + 20, w, room), size, theme.BODY, (206, 200, 186), line_spacing=1.4,
                            max_lines=max(1, int((room - 14) // (size * 1.4 * 1.05))))
        canvas.text(t("lupin_ai.setup.solo").upper(), (x, SOLO_TOP - 20), 13, theme.BOLD, theme.GOLD, tracking=2)
        canvas.line(theme.EDGE, (x, p.bottom - 66), (x + w, p.bottom - 66), 1)
        hint = self.level_hint()   # what the computer's level does, else how the people share the screen
        canvas.text_box(hint or t("lupin.setup.hotseat"), (x, p.bottom - 56, w, 50), 15,
                        theme.BODY if hint else theme.ITALIC, theme.INK if hint else theme.MUTED,
                        line_spacing=1.2, max_lines=2)

    def role_cards(self) -> list[tuple[str, list[str], pygame.FRect]]:
        """(seat, its characters, its card's rect) in seating order: the cards share the room above
        the Play solo buttons."""
        roles = self.roles()
        x, w = ROLES.left + 30, ROLES.width - 60
        y = ROLES.top + 92
        room = CARDS_BOTTOM - 20 - y
        card_h = min(84.0, (room - 8 * (len(roles) - 1)) / max(1, len(roles)))
        out = []
        for seat, chars in roles:
            out.append((seat, chars, pygame.FRect(x - 8, y, w + 16, card_h)))
            y += card_h + 8
        return out

    @staticmethod
    def _blurb(episode_id: str) -> str:
        """The episode's blurb from the games' catalogue (data/games.yaml), if it loads."""
        key = (episode_id, current_language())
        if key not in _BLURBS:
            try:
                from game.games_catalog import load_catalog

                lupin = next(g for g in load_catalog().games if g.id == "lupin")
                ep = next(e for e in lupin.episodes if e.id == episode_id)
                _BLURBS[key] = ep.blurb.get(current_language())
            except Exception:  # noqa: BLE001 - a missing blurb only leaves the space empty
                _BLURBS[key] = ""
        return _BLURBS[key]
