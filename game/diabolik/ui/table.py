"""Diabolik at the shell's table: :class:`DiabolikTableScene`, the shell's :class:`TableScene`
with Diabolik's board (:mod:`game.diabolik.ui.board`) and the police phase shown one event at a
time.

Every move's events are played back as a *show* (:class:`Show`): the board is drawn as it stood
before the move, and each event in turn changes it (:func:`apply_entry`), a pawn sliding from
card to card, with the event's sentence in the bar ("Ginko moves from Vannes to Ghenf, toward the
clue at Ghenf, and investigates") and the station's d8 tumbling (:class:`D8Panel`, the shell's
:class:`game.ui.dice.DicePanel` with eight faces). When the show is over, the board is the real
view again. A show with the police in it holds the table: a click or Space shows the next event,
Skip (or Enter) the whole rest; a criminal's own move only slides its pawn, and a click goes on at
once. The log on the right gets each line as its event is shown, and keeps every line.

A computer partner waits while a show is on, then plays after the session's pause. The end
screen opens only after the last show (``diabolik-end``). Board clicks that come within the
widgets' click guard of the board changing (a double click) are dropped, so the second click of
a double click does not fall through onto the next position.

Registered scenes: ``diabolik-table`` (the title's ``table_scene``), ``diabolik-choice`` (a
police choice asked on the board), ``diabolik-police`` (a police phase being shown).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.engine.api import TABLE, Action, IllegalAction
from game.engine.i18n import current_language, t
from game.engine.session import Played, Step as SessionStep, entry as entry_of
from game.ui import audio, theme
from game.ui.canvas import Canvas
from game.ui.dice import DicePanel, Roll
from game.ui.registry import register_scene
from game.ui.scenes.table import BOARD, TableScene, fitted
from game.ui.widgets import CLICK_GUARD, CLOCK, Button, draw_panel, ease, mix

from game.diabolik import texts
from game.diabolik.texts import texts_for
from game.diabolik.ui import art
from game.diabolik.ui.board import BAR, ROW, DiabolikBoard, column, edge_centre, pawn_centres, pawn_slide
from game.diabolik.ui.texts import effect_text, set_places

DICE_W = 310.0          # the station's d8 and what it does, at the left of the bar
SLIDE = 0.45            # seconds a pawn takes from one card to the next
SHOW_GUARD = 0.8        # seconds the board ignores clicks once a police phase's show is over
OWN_MOVE_PACE = 0.6     # a criminal's own move's events go this much faster than the police's
STEP_SOUNDS = {   # what the table hears as a step of a show begins (every event here is public)
    "discovered": "alarm", "card_entered": "card", "clue_found": "card", "roadblock_placed": "blow",
    "roadblock_broken": "blow", "sighting": "clock_warn", "banked": "flip",
}
POLICE_KINDS = {"station", "police_moved", "police_stayed", "investigated", "discovered", "clue_found",
                "round", "roadblock_placed", "choice", "over"}
DURATION = {             # seconds each event stays on screen
    "moved": 0.45, "sighting": 0.9, "hid": 0.6, "took_loot": 0.7, "banked": 0.9, "turn_ended": 0.5,
    "station": 1.5, "police_moved": 1.5, "police_stayed": 1.2, "investigated": 1.1, "discovered": 1.4,
    "clue_found": 1.2, "card_entered": 1.2, "roadblock_placed": 1.2, "roadblock_broken": 0.9,
    "danger": 1.1, "choice": 0.6, "chose": 0.6, "round": 1.0, "over": 1.2,
}


# ------------------------------------------------------------------------------ the show

def _short(kind: str) -> str:
    return kind.removeprefix("diabolik.")


def apply_entry(shown: Any, entry: Mapping[str, Any]) -> Any:
    """``shown`` (a view) as it stands once the event ``entry`` has happened (for the show only: the
    real view replaces it at the end, so an event the show does not know changes nothing here)."""
    if not dataclasses.is_dataclass(shown) or isinstance(shown, type):
        return shown
    view: Any = shown
    k = _short(str(entry.get("kind", "")))
    crim = dict(getattr(view, "criminals", {}) or {})
    police = dict(getattr(view, "police", {}) or {})
    who = entry.get("who")
    changes: dict[str, Any] = {}

    def pawn(**kw: Any) -> None:
        if who in crim:
            crim[who] = dataclasses.replace(crim[who], **kw)
            changes["criminals"] = crim

    try:
        if k == "moved" and who in crim:
            pawn(pos=int(entry["to"]))
        elif k == "hid":
            pawn(on_the_run=False)
        elif k == "took_loot":
            at = int(entry["at"])
            changes["loot"] = tuple(p for p in view.loot if p != at)
            if who in crim:
                pawn(carrying=crim[who].carrying + 1)
        elif k == "banked":
            pawn(carrying=0)
            changes["banked"] = int(entry.get("banked", view.banked))
        elif k == "station":
            changes["last_roll"] = entry.get("roll")
        elif k == "police_moved" and who in police:
            police[str(who)] = int(entry["to"])
            changes["police"] = police
        elif k == "discovered" and who in crim:
            pawn(on_the_run=True, pos=int(entry.get("at", crim[who].pos)))
        elif k == "clue_found":
            at = int(entry["at"])
            changes["clues"] = tuple(p for p in view.clues if p != at)
        elif k == "card_entered":
            at = int(entry["at"])
            if entry.get("card") == "loot":
                changes["loot"] = tuple(sorted((*view.loot, at)))
                changes["loot_left"] = max(0, view.loot_left - 1)
            else:
                changes["clues"] = tuple(sorted((*view.clues, at)))
                changes["clues_left"] = max(0, view.clues_left - 1)
        elif k == "roadblock_placed":
            blocks = [tuple(b) for b in view.roadblocks]
            moved = entry.get("moved_from")
            if moved is not None and tuple(moved) in blocks:
                blocks.remove(tuple(moved))
            blocks.append(tuple(entry["edge"]))
            changes["roadblocks"] = tuple(blocks)
        elif k == "roadblock_broken":
            edge = tuple(entry["edge"])
            changes["roadblocks"] = tuple(b for b in view.roadblocks if tuple(b) != edge)
        elif k == "danger":
            changes["danger"] = int(entry["level"])
        elif k == "round":
            changes["round"] = int(entry["round"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return view
    fields = {f.name for f in dataclasses.fields(view)}
    return dataclasses.replace(view, **{k2: v for k2, v in changes.items() if k2 in fields})


@dataclasses.dataclass
class ShowStep:
    entry: dict[str, Any]
    before: Any
    after: Any
    duration: float
    slides: tuple[str, ...]


class Show:
    """A move's events played back one at a time over the view before the move."""

    def __init__(self, before: Any, entries: Sequence[Mapping[str, Any]]) -> None:
        self.steps: list[ShowStep] = []
        view = before
        for e in entries:
            e = dict(e)
            k = _short(str(e.get("kind", "")))
            after = apply_entry(view, e)
            slides = tuple(str(e["who"]) for _ in (0,) if k in ("moved", "police_moved", "discovered", "hid")
                           and "who" in e)
            self.steps.append(ShowStep(e, view, after, DURATION.get(k, 0.8), slides))
            view = after
        self.index = 0
        self.age = 0.0
        self.police = any(_short(str(s.entry.get("kind", ""))) in POLICE_KINDS for s in self.steps)
        if not self.police:     # a criminal's own move: told quickly, the player goes on playing
            for s in self.steps:
                s.duration = max(SLIDE if s.slides else 0.0, s.duration * OWN_MOVE_PACE)

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def step(self) -> ShowStep | None:
        return None if self.done else self.steps[self.index]

    def remaining(self) -> int:
        """Events not shown yet (the current one counts as shown)."""
        return max(0, len(self.steps) - self.index - 1)

    def update(self, dt: float) -> bool:
        """Time passes; True when a new step began."""
        if self.done:
            return False
        self.age += dt
        if self.age >= self.steps[self.index].duration:
            self.next()
            return True
        return False

    def next(self) -> None:
        self.index += 1
        self.age = 0.0

    def skip(self) -> None:
        self.index = len(self.steps)


class D8Panel(DicePanel):
    """The station's d8 (the shell's dice panel with eight faces)."""

    faces = 8
    rolling_key = "i12_shell.dice.rolling"

    def rolls_of(self, events: list[dict[str, Any]]) -> list[Roll]:
        out = []
        for e in events:
            if _short(str(e.get("kind", ""))) == "station" and isinstance(e.get("roll"), int):
                effect = e.get("effect")
                if effect == "activate":
                    effect = {"activate": e.get("who") or ["all"]}
                elif effect == "danger":
                    effect = {"danger": e.get("n", 1)}
                eff = effect_text(effect)
                quiet = e.get("effect") == "nothing"
                # the effect as the fitted detail (the verdict is not fitted: it stays empty)
                out.append(Roll([int(e["roll"])], t("diabolik_table.show.station"), texts.capitalised(eff), quiet, ""))
        return out

    def draw_face(self, canvas: Any, box: pygame.FRect, face: int, highlight: bool) -> None:
        art.d8(canvas, box.inflate(8, 8), face, highlight)


# ------------------------------------------------------------------------------ the scene

class DiabolikTableScene(TableScene):
    """See the module docstring."""

    end_scene = "diabolik-end"
    computer_turn_first = True

    def __init__(self, match: Any, **options: Any) -> None:
        locations = tuple(getattr(match.state.view(TABLE), "locations", ()) or ())
        set_places(locations)
        options.setdefault("event_text", texts_for(locations, getattr(match.state.view(TABLE), "danger_max", None)))
        super().__init__(match, DiabolikBoard(), curtain="none", **options)
        assert isinstance(self.board, DiabolikBoard)
        self.board.computer = frozenset(self.session.computer)
        self.show: Show | None = None
        self.dice = D8Panel()
        self._end_waiting = False
        self._quiet_until = -1e9      # board clicks before this moment (CLOCK.now) are dropped
        self._legal_seen: Any = None
        bar_right = BAR.right - 12
        self.next_button = Button((bar_right - 250, BAR.centery - 24, 120, 48), lambda: t("diabolik_table.show.next"),
                                  self.next_step, icon="play", size=20)
        self.skip_button = Button((bar_right - 120, BAR.centery - 24, 120, 48), lambda: t("diabolik_table.show.skip"),
                                  self.skip_show, style="primary", size=20)

    # ---------------------------------------------------------------- moves and their shows
    def play(self, action: Action) -> None:
        before = self.session.view()
        try:
            played = self.session.submit(action)
        except IllegalAction as exc:
            self.say(exc)
            return
        self.message = None
        self.start_show(before, played)
        self.advance()

    def tick_computer(self, dt: float) -> None:
        if self.session.computer_to_act() is None or self.computer_waits():
            return
        self._before_computer = self.session.view()
        super().tick_computer(dt)

    def computer_waits(self) -> bool:
        return super().computer_waits() or self.show is not None

    def computer_played(self, played: Played) -> None:
        self.start_show(getattr(self, "_before_computer", self.session.view()), played)

    def start_show(self, before: Any, played: Played) -> None:
        entries = [entry_of(e) for e in played.events]
        if not entries:
            return
        if self.show is not None:
            self.finish_show()
        self.show = Show(before, entries)
        self.dice.clear()
        self._begin_step()
        self._sync_widgets()

    def _begin_step(self) -> None:
        step = self.show.step if self.show is not None else None
        if step is None:
            return
        k = _short(str(step.entry.get("kind", "")))
        if k == "station":
            self.dice.show([step.entry])   # the dice panel rattles the dice itself
        sound = STEP_SOUNDS.get(k)
        if k == "over":
            sound = "flip" if step.entry.get("won") else "time_up"
        if sound:
            audio.play(sound)

    def next_step(self) -> None:
        if self.show is None:
            return
        self.show.next()
        self._after_step()

    def skip_show(self) -> None:
        if self.show is None:
            return
        self.show.skip()
        self._after_step()

    def finish_show(self) -> None:
        if self.show is not None:
            self.show.skip()
            self._after_step()

    def _after_step(self) -> None:
        if self.show is not None and self.show.done:
            held = self.show.police
            self.show = None
            self.dice.clear()
            # the board comes back under a cursor that was clicking Next or Skip: a moment's calm
            self.quiet_for(SHOW_GUARD if held else CLICK_GUARD)
            self._sync_widgets()
            if self._end_waiting:
                self._end_waiting = False
                self.open_end()
            return
        self._begin_step()

    def quiet_for(self, seconds: float) -> None:
        """Board clicks are dropped for ``seconds`` from now (a double click's second, a click meant
        for Skip landing on the board that has just come back)."""
        self._quiet_until = max(self._quiet_until, CLOCK.now + seconds)

    def holding(self) -> bool:
        """A show with the police in it holds the table (clicks step through it)."""
        return self.show is not None and self.show.police

    def setup_scene(self, config: dict[str, Any], players: dict[str, str] | None) -> Any:
        """New game (the menu's): Diabolik's own set-up, the same options and computer seats."""
        from game.diabolik.ui.setup import DiabolikSetupScene

        return DiabolikSetupScene(self.spec, config=config, players=players)

    def undo(self) -> None:
        """Take back: what was being shown of the move taken back goes first."""
        self.finish_show()
        super().undo()

    # ---------------------------------------------------------------- the session's steps
    def on_over(self) -> None:
        self._layout()
        if self.show is not None:
            self._end_waiting = True
        else:
            self.open_end()

    def _layout(self) -> None:
        super()._layout()
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        if not hasattr(self, "next_button"):
            return
        widgets = [w for w in self.widgets if w not in (self.next_button, self.skip_button)]
        if self.holding():   # the police have the table: no passing the mouse or taking back meanwhile
            widgets = [w for w in widgets if w not in (self.pass_button, self.undo_button)]
            widgets += [self.next_button, self.skip_button]
        self.widgets = widgets

    # ---------------------------------------------------------------- time and input
    def update(self, dt: float) -> None:
        if self.show is not None:
            if self.show.update(dt):
                self._after_step()
            self.dice.update(dt)
        legal = self.session.legal()
        sig = (len(self.match.log), tuple(legal))
        if sig != self._legal_seen:
            self._legal_seen = sig
            self.quiet_for(CLICK_GUARD)
        super().update(dt)

    def animating(self) -> bool:
        return self.show is not None or super().animating()

    def handle(self, event: Any) -> bool:
        if self.holding():
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RIGHT):
                self.next_step()
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.skip_show()
                return True
            if event.type == pygame.MOUSEMOTION:
                self.mouse = tuple(event.pos)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_game_menu()
                return True
            for widget in reversed(self.widgets):
                if widget.handle(event):
                    return True
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and \
                    BOARD.collidepoint(event.pos):
                self.next_step()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and BOARD.collidepoint(event.pos):
            if CLOCK.now < self._quiet_until - 1e-9:
                return True    # a click on a board that has just changed (a double click's second)
            if self.show is not None:
                self.finish_show()   # a criminal's own slide: done at once, the click goes on
        return super().handle(event)

    def wants_hand_cursor(self) -> bool:
        if self.holding():
            return any(w.wants_hand for w in self.widgets)
        return super().wants_hand_cursor()

    # ---------------------------------------------------------------- the log
    def missed(self, index: int | None) -> bool:
        """Nothing is missed: both criminals watch the same screen (no curtain), so no line of the
        log is marked as happening while one was away."""
        return False

    def missed_on_return(self) -> int | None:
        return None

    def history_rows(self) -> list[tuple[str, bool]]:
        """The log and the History, each line appearing as its event is shown (the History opened
        during the police's show does not tell what the board has not shown yet)."""
        rows = super().history_rows()
        if self.show is not None:
            cut = self.show.remaining() + (1 if self.die_rolling() else 0)
            if cut:
                rows = rows[:-cut]
        return rows

    def die_rolling(self) -> bool:
        """The station's d8 still tumbles on the step being shown: its face (in the sentence and the
        log) is not told before the die shows it."""
        step = self.show.step if self.show is not None else None
        return (step is not None and _short(str(step.entry.get("kind", ""))) == "station"
                and bool(self.dice.rolls) and self.dice.rolling)

    # ---------------------------------------------------------------- drawing
    def shown_view(self) -> Any:
        step = self.show.step if self.show is not None else None
        return step.after if step is not None else self.session.view()

    def draw(self, canvas: Canvas) -> None:
        session = self.session
        show = self.show
        step = show.step if show is not None else None
        view = self.shown_view()
        legal = [] if show is not None else session.legal()
        board = self.board
        assert isinstance(board, DiabolikBoard)
        hovered = board.hover_key(self.mouse, view, legal) if legal else None
        sliding = step is not None and bool(step.slides) and show is not None and show.age < SLIDE
        key = ("diabolik-table", id(self), len(self.match.log), session.screen_seat(), session.revealed,
               session.over, session.computer_to_act(), current_language(), self.message_text(),
               hovered, id(step), sliding, len(self.log_lines()))

        def build(c: Canvas) -> None:
            c.clear(theme.NIGHT)
            board.hidden = frozenset(step.slides) if sliding and step is not None else frozenset()
            try:
                board.draw(c, view, legal, self.mouse)
            finally:
                board.hidden = frozenset()
            self._draw_panel(c)

        canvas.layer(key, build)
        if step is not None and show is not None:
            self._draw_step(canvas, step, show.age)
        for widget in self.widgets:
            widget.draw(canvas)

    def _draw_step(self, canvas: Canvas, step: ShowStep, age: float) -> None:
        """The moving pawn, a light on where the event happens and the report in the bar."""
        k = _short(str(step.entry.get("kind", "")))
        board = self.board
        assert isinstance(board, DiabolikBoard)
        e = step.entry
        glow = (1 - ease(min(1.0, age / max(0.2, step.duration)))) * 0.8 + 0.2
        at = e.get("to", e.get("at"))
        if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < 8:
            c = column(at)
            canvas.border((*theme.GOLD_LIGHT[:3], round(255 * glow)), c.inflate(6, 6), width=3, radius=12)
        if k in ("roadblock_placed", "roadblock_broken") and e.get("edge"):
            for c2 in edge_centre(e["edge"]):
                canvas.glow(c2, 46, (255, 220, 140, round(160 * glow)))
        if step.slides and age < SLIDE:
            kk = ease(min(1.0, age / SLIDE))
            with canvas.clip((ROW.left - 4, BOARD.top, ROW.width + 8, BOARD.height)):   # round the ends
                for who in step.slides:
                    for point in pawn_slide(step.before, step.after, who, kk):
                        board.draw_pawn(canvas, step.after, who, point)
        elif k in ("police_moved", "police_stayed", "investigated", "discovered", "clue_found"):
            who = str(e.get("who", ""))
            c3 = pawn_centres(step.after).get(who)
            if c3 is not None:
                canvas.circle((*theme.GOLD_LIGHT[:3], round(255 * glow)), c3, 27, 3)
        if self.holding() or k != "moved":
            self._draw_report(canvas, step)

    def _draw_report(self, canvas: Canvas, step: ShowStep) -> None:
        r = pygame.FRect(BAR)
        draw_panel(canvas, r, (16, 22, 44), theme.GOLD, radius=12, shadow=False)
        x = r.left + 18
        right = (self.next_button.rect.left - 14) if self.holding() else r.right - 16
        if self.dice.rolls:
            self.dice.draw(canvas, pygame.FRect(x, r.top + 8, DICE_W, r.height - 16))
            x += DICE_W + 14
        kicker = t("diabolik_table.show.kicker") if self.holding() else t("diabolik_table.show.kicker_move")
        canvas.text(kicker.upper(), (x, r.top + 8), 13, theme.BOLD, theme.GOLD, tracking=2)
        said = t("diabolik_table.show.rolling") if self.die_rolling() else self.event_text(step.entry)
        canvas.text_box(said, (x, r.top + 26, right - x, r.height - 28), 19, theme.BOLD,
                        theme.INK, line_spacing=1.12, max_lines=2)
        if self.holding() and self.show is not None:
            n = f"{self.show.index + 1}/{len(self.show.steps)}"
            canvas.text(n, (right, r.top + 8), 13, theme.BOLD, theme.FAINT, anchor="topright")


def _first_seat(match: Any) -> str:
    return str(match.state.to_act()[0]) if match.state.to_act() else "diabolik"


# ------------------------------------------------------------------------------ sample games

def sample_match(seed: int = 5, moves: int = 0, players: int = 2) -> Any:
    """A seeded game, ``moves`` actions in, played by the rules' random legal moves (screenshots)."""
    from game.engine.playout import random_match

    return random_match("diabolik", {"players": players}, seed, moves, "diabolik-screenshot")


@register_scene("diabolik-table")
def _diabolik_table(app: Any, match: Any = None, computer: Any = None, autosave: bool = False,
                    **options: Any) -> DiabolikTableScene:
    """Diabolik at the table (the title's ``table_scene``). With no match (a screenshot): a seeded
    mid-game position, not saved."""
    if match is None:
        from game.diabolik.ui.samples import table_position

        return DiabolikTableScene(table_position(), computer=computer, autosave=False, start_revealed=True)
    return DiabolikTableScene(match, computer=computer, autosave=autosave, **options)


@register_scene("diabolik-choice")
def _diabolik_choice(app: Any, **_options: Any) -> DiabolikTableScene:
    """A police choice left to the criminals, asked on the board."""
    from game.diabolik.ui.samples import choice_position

    return DiabolikTableScene(choice_position(), autosave=False, start_revealed=True)


@register_scene("diabolik-police")
def _diabolik_police(app: Any, **_options: Any) -> DiabolikTableScene:
    """A police phase being shown, a policeman's move and its reason in the bar."""
    from game.diabolik.ui.samples import police_show

    match, before, played, steps = police_show()
    scene = DiabolikTableScene(match, autosave=False, start_revealed=True)
    scene.start_show(before, played)
    assert scene.show is not None
    for _ in range(steps):
        scene.show.next()
    scene.show.age = 0.0     # the screenshot's two half-second updates end the slide, not the step
    scene._begin_step()
    return scene


__all__ = ["DiabolikTableScene", "Show", "apply_entry", "SessionStep", "mix", "fitted"]
