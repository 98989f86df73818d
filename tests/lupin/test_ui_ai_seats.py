"""Lupin against the computer (issue #14), the UI and the shell's side: the set-up's seats (a person
or the computer at a level) and its two Play solo buttons, a computer seat's bot told its own view
after every action (and rebuilt after an undo), thinking in a worker thread while the window goes
on (the thinking indicator, Faster), no curtain before a computer seat, and Zenigata's "Where could
they be?" overlay (off by default, the Belief of his own view, never for a gang seat).

The easy, normal and hard players (game/lupin/ai_police.py, ai_gang.py) are written elsewhere: here
the levels' bots are built (LevelBot) but play as HeuristicBot (make_bot patched), or a fake bot.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest

from game.engine import session as session_module
from game.engine.replay import Match
from game.lupin import bots as lupin_bots
from game.lupin.ai import HeuristicBot
from game.lupin.belief import Belief
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.setup_scene import LupinSetupScene
from game.lupin.ui import where_overlay
from game.lupin.ui.where_overlay import WhereOverlay
from game.ui.scenes.curtain import CurtainScene
from tests.lupin.test_ui_kit import Driver, click, frame, make_app


@pytest.fixture
def heuristic_levels(monkeypatch):
    """The levels' bots play as HeuristicBot until the real police and gang exist in this branch."""
    made: list[tuple[str, str]] = []

    def make_bot(seat, level, seed):
        made.append((seat, level))
        return HeuristicBot(seed)

    monkeypatch.setattr(lupin_bots, "make_bot", make_bot)
    return made


class Watching:
    """A bot (HeuristicBot's moves) that keeps every view it is told and every view it chooses from."""

    def __init__(self, seed: int = 5) -> None:
        self.inner = HeuristicBot(seed)
        self.observed: list[dict] = []
        self.chosen_from: list[dict] = []

    def observe(self, view):
        self.observed.append(view)

    def choose(self, view, legal):
        self.chosen_from.append(view)
        return self.inner.choose(view, legal)


class Texts:
    """Every string the canvas draws in the frames while it is installed."""

    def __init__(self, app) -> None:
        self.drawn: list[str] = []
        canvas = app.canvas
        original = canvas.text

        def text(s, *args, **kwargs):
            self.drawn.append(str(s))
            return original(s, *args, **kwargs)

        canvas.text = text

    def has(self, part: str) -> bool:
        return any(part in s for s in self.drawn)


def step(app, choice, times=1):
    for _ in range(times):
        click(app, (choice.rect.right - 10, choice.rect.centery))


def no_raw_keys(texts: Texts) -> None:
    raw = [s for s in texts.drawn if s.startswith(("lupin_ai.", "lupin.", "i11_", "i12_"))]
    assert not raw, raw


# ------------------------------------------------------------------------------ the set-up

def test_every_seat_is_a_person_or_the_computer_at_a_level_and_start_builds_those_bots(heuristic_levels):
    app = make_app(scenes=("lupin-setup",))
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene)
    step(app, setup.players_choice, 3)                       # five players: five seats
    assert list(setup.seat_choices) == ["zenigata", "lupin", "jigen", "goemon", "fujiko"]
    for choice in setup.seat_choices.values():               # easy/normal/hard offered, not random/heuristic
        assert [v for v, _ in choice.options] == ["person", "easy", "normal", "hard"]
        assert choice.value == "person"
    step(app, setup.seat_choices["zenigata"], 3)             # person → easy → normal → hard
    step(app, setup.seat_choices["goemon"], 1)               # easy
    assert setup.who_plays()["zenigata"] == "hard" and setup.who_plays()["goemon"] == "easy"
    texts = Texts(app)
    frame(app)
    assert texts.has("Computer · hard") and texts.has("Computer · easy")
    assert texts.has("Computer, easy:")                      # the hint of the level last chosen
    # ... told for the side of that seat: a gang member's easy is not Zenigata's
    assert "heads for the treasure" in setup.level_hint()
    step(app, setup.seat_choices["zenigata"], 2)             # hard → person → easy
    assert setup.level_hint().startswith("Computer, easy: the agents often go anywhere")
    step(app, setup.seat_choices["zenigata"], 2)             # easy → normal → hard
    no_raw_keys(texts)
    click(app, setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, LupinPlayScene) and not isinstance(table, CurtainScene)
    computer = table.session.computer
    assert set(computer) == {"zenigata", "goemon"}
    assert type(computer["zenigata"]) is lupin_bots.HardBot and computer["zenigata"].level == "hard"
    assert type(computer["goemon"]) is lupin_bots.EasyBot
    assert sorted(heuristic_levels) == [("goemon", "easy"), ("zenigata", "hard")]   # built from their first view
    assert table.autosaver is not None
    assert table.autosaver.ui(table.match)["computer"] == {"zenigata": "hard", "goemon": "easy"}   # Resume keeps them


@pytest.mark.parametrize("players", [2, 4])
def test_play_solo_as_zenigata_or_as_the_gang_starts_at_once_with_the_other_side_normal(heuristic_levels, players):
    for button, person_side in (("solo_zenigata_button", "police"), ("solo_gang_button", "gang")):
        app = make_app(scenes=("lupin-setup",))
        setup = app.stack.top
        step(app, setup.players_choice, players - 2)
        seats = list(setup.seat_choices)
        click(app, getattr(setup, button).rect.center)
        table = app.stack.top
        assert isinstance(table, LupinPlayScene)
        computer = table.session.computer
        gang = [s for s in seats if s != "zenigata"]
        expected = gang if person_side == "police" else ["zenigata"]
        assert sorted(computer) == sorted(expected)
        assert all(type(bot) is lupin_bots.NormalBot for bot in computer.values())
        assert table.session.people() == tuple(s for s in table.session.seats() if s not in expected)
        frame(app)
        assert not isinstance(app.stack.top, CurtainScene)   # one person at the screen: no curtain


def test_play_again_and_the_set_up_from_a_save_keep_the_computer_seats(heuristic_levels):
    from game.lupin.ui.over_scene import setup_scene_for

    setup = setup_scene_for({"episode": "gran-colpo", "players": 3}, players={"zenigata": "hard"})
    plays = setup.who_plays()
    assert plays["zenigata"] == "hard" and len(plays) == 3
    assert all(who == "person" for seat, who in plays.items() if seat != "zenigata")


# ------------------------------------------------------------------------------ the bots' protocol

def _against_a_computer_zenigata(bot: Any) -> tuple[Match, Any, LupinPlayScene]:
    """Gran colpo, two players, seed 11: Zenigata played by ``bot``, the gang by a person; the
    table pushed on a headless app (not yet updated)."""
    match = Match("lupin", {"episode": "gran-colpo", "players": 2}, 11)
    app = make_app(scenes=())
    scene = LupinPlayScene(match, autosave=False, computer={"zenigata": bot})
    app.stack.push(scene)
    return match, app, scene


def test_a_computer_zenigata_against_a_persons_gang_plays_planning_and_rounds_without_a_curtain():
    """Two players: Zenigata at the computer, the gang a person's clicks. The bot is told its own
    view after every action, anybody's; no curtain ever falls; the game goes through the planning
    and several rounds."""
    bot = Watching()
    match, app, scene = _against_a_computer_zenigata(bot)
    app.update(0.02)
    driver = Driver(app, seed=5)
    phases = set()
    for _ in range(3000):
        assert not isinstance(app.stack.top, CurtainScene)
        phases.add(match.state.phase)
        if scene.over or match.state.round >= 4:
            break
        if scene.computer_to_act() is not None:
            app.update(0.7)
            assert scene.seat != "zenigata"
            continue
        driver.step()
    assert {"placement", "planning", "gang", "police"} <= phases and match.state.round >= 3
    assert driver.curtains == 0
    # observed: the start, then after every action (the person's and its own), its own view only
    assert len(bot.observed) == len(match.log) + 1
    assert all(v["seat"] == "zenigata" for v in bot.observed)
    assert bot.observed[-1] == match.state.view("zenigata")
    again = Match("lupin", match.config, match.seed)
    for k, action in enumerate(match.log[:40]):
        assert bot.observed[k] == again.state.view("zenigata")
        again.apply(action)
    assert bot.chosen_from and all(v["seat"] == "zenigata" for v in bot.chosen_from)


def test_an_undo_rebuilds_what_the_bot_knows_from_the_views_as_they_now_stand():
    bot = Watching()
    match, app, scene = _against_a_computer_zenigata(bot)
    app.update(0.02)
    driver = Driver(app, seed=3)
    for _ in range(2000):
        if scene.computer_to_act() is not None:
            app.update(0.7)
            continue
        if scene.revealed and scene.match.undoable(scene.seat) and match.state.phase == "gang":
            break
        driver.step()
    n = len(match.log)
    scene.undo()
    assert len(match.log) < n
    rebuilt = scene.session.computer["zenigata"]
    assert rebuilt is not bot and isinstance(rebuilt, Watching)   # a fresh copy, told the game again
    assert len(rebuilt.observed) == len(match.log) + 1
    assert rebuilt.observed[-1] == match.state.view("zenigata")


def test_resuming_tells_a_new_bot_the_whole_game_so_far():
    match = Match("lupin", {"episode": "rosso-rubino", "players": 2}, 4)
    bots = {"zenigata": HeuristicBot(1), "lupin": HeuristicBot(2)}
    for _ in range(30):
        seat = match.state.to_act()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
    bot = Watching()
    LupinPlayScene(match, autosave=False, computer={"zenigata": bot})
    assert len(bot.observed) == 31 and bot.observed[-1] == match.state.view("zenigata")


# ------------------------------------------------------------------------------ the worker thread

class Slow:
    """A bot that thinks until it is let go."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.inner = HeuristicBot(2)
        self.thread: str | None = None

    def choose(self, view, legal):
        self.thread = threading.current_thread().name
        assert self.go.wait(5)
        return self.inner.choose(view, legal)


def test_the_bot_thinks_in_a_worker_thread_while_the_window_draws_and_says_so(monkeypatch):
    monkeypatch.setattr(session_module, "THREADED", True)
    bot = Slow()
    match, app, scene = _against_a_computer_zenigata(bot)
    texts = Texts(app)
    for _ in range(5):
        frame(app, 0.4)                                   # the window goes on: the bot has not answered
    assert len(match.log) == 0 and scene.session.thought is not None and not scene.session.thought.ready
    for _ in range(500):   # the worker has begun choose (it may take a moment to start)
        if bot.thread is not None:
            break
        threading.Event().wait(0.01)
    assert bot.thread is not None and bot.thread != threading.current_thread().name
    assert texts.has("Zenigata is thinking") and scene.faster_button in scene.extra_buttons()
    assert scene.animating()                              # the dots move: frames keep coming
    bot.go.set()
    for _ in range(200):
        frame(app, 0.05)
        if match.log:
            break
    assert len(match.log) == 1                             # applied on the UI's thread, once ready


def test_without_the_indicator_nothing_says_the_computer_is_at_work(monkeypatch):
    """The check above fails when the indicator is not drawn (the turn box says nothing of it)."""
    match, app, scene = _against_a_computer_zenigata(HeuristicBot(2))
    monkeypatch.setattr(scene, "_draw_thinking", lambda canvas: None)
    texts = Texts(app)
    frame(app, 0.01)
    assert not texts.has("is thinking")


def test_faster_shortens_the_pause_between_the_computers_moves():
    match, app, scene = _against_a_computer_zenigata(HeuristicBot(2))
    app.update(0.02)
    frame(app)

    def moves_in(seconds: float) -> int:
        before = len(match.log)
        for _ in range(int(seconds / 0.05)):
            app.update(0.05)
        return len(match.log) - before

    slow = moves_in(1.2)
    assert scene.faster_button in scene.extra_buttons()
    click(app, scene.faster_button.rect.center)
    assert scene.session.fast and scene.session.pause == session_module.FAST_PAUSE
    texts = Texts(app)
    frame(app)
    assert texts.has("NORMAL SPEED")                       # the button says what a click would do now
    fast = moves_in(1.2)
    assert fast >= 2 * max(1, slow) and slow <= 2


# ------------------------------------------------------------------------------ the overlay

def _human_zenigata_against_the_computer_gang(seed: int = 3):
    match = Match("lupin", {"episode": "rosso-rubino", "players": 2}, seed)
    app = make_app(scenes=())
    scene = LupinPlayScene(match, autosave=False, computer={"lupin": HeuristicBot(7)})
    app.stack.push(scene)
    app.update(0.02)
    driver = Driver(app, seed=seed)
    for _ in range(3000):
        assert not isinstance(app.stack.top, CurtainScene)
        assert scene.seat != "lupin" and scene.view["seat"] != "lupin"   # the computer gang's view: never drawn
        if scene.computer_to_act() is not None:
            app.update(0.7)
            continue
        view = match.state.view("zenigata")
        hidden = [f for f in view["figures"].values()
                  if f["kind"] == "gang" and not f["shown"] and f.get("spot") is None]
        if match.state.phase == "police" and match.state.round >= 2 and hidden:
            break
        driver.step()
    frame(app)
    return app, scene, match


def zenigata_belief(match) -> Belief:
    """A Belief of Zenigata's views, replayed apart from the screen."""
    again = Match("lupin", match.config, match.seed)
    belief = Belief(again.state.view("zenigata"))
    for action in match.log:
        again.apply(action)
        belief.update(again.state.view("zenigata"))
    return belief


def test_the_overlay_is_off_by_default_toggles_and_shows_the_belief_of_zenigatas_view():
    app, scene, match = _human_zenigata_against_the_computer_gang()
    assert scene.seat == "zenigata" and scene.revealed
    assert not scene.where_on and scene.where is None and not scene.where_shown()   # off by default
    assert scene.where_button in scene.extra_buttons()
    before = frame(app)
    click(app, scene.where_button.rect.center)
    assert scene.where_shown() and isinstance(scene.where, WhereOverlay)
    after = frame(app)
    assert after != before                                  # drawn on the board
    belief = zenigata_belief(match)
    hidden = [m for m, b in belief.members.items() if b.status == "hidden"]
    assert hidden and scene.where.hidden() == [m for m in ("lupin", "jigen", "goemon", "fujiko") if m in hidden]
    for m in hidden:
        cells = {(s.row, s.col) for s in belief.spots(m) if hasattr(s, "row")}
        cells |= {(s.square.row, s.square.col) for s in belief.spots(m) if hasattr(s, "square")}
        assert scene.where.squares()[m] == cells
        assert scene.where.insides()[m] == {s.building for s in belief.spots(m) if hasattr(s, "building")}
    # a wide area reads at a glance: its letters along its edge only, a few squares lettered each
    letters = scene.where.letters()
    assert any(len(scene.where.squares()[m]) > where_overlay.FEW for m in hidden)   # round 2: wide
    for m in hidden:
        cells = scene.where.squares()[m]
        assert letters[m] <= cells
        if len(cells) > where_overlay.FEW:
            assert len(letters[m]) < len(cells)
            ground = scene.where._ground()
            for r, c in cells - letters[m]:                  # unlettered: every side his, or no ground
                assert {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & ground <= cells
            assert len(letters[m]) < len(cells) / 2           # the edge, not the area
        else:
            assert letters[m] == cells
    # the game goes on: it follows (a computer gang's move, then the overlay again equals the belief)
    for _ in range(40):
        if scene.computer_to_act() is not None:
            app.update(0.7)
        else:
            Driver(app, seed=1).step()
    belief = zenigata_belief(match)
    for m in scene.where.hidden():
        assert scene.where.squares()[m] == {(s.row, s.col) for s in belief.spots(m) if hasattr(s, "row")} | \
            {(s.square.row, s.square.col) for s in belief.spots(m) if hasattr(s, "square")}
    click(app, scene.where_button.rect.center) if scene.where_available() else scene.toggle_where()
    assert not scene.where_shown()


def test_the_overlay_is_never_drawn_for_a_gang_seat():
    match = Match("lupin", {"episode": "rosso-rubino", "players": 2}, 3)
    app = make_app(scenes=())
    scene = LupinPlayScene(match, autosave=False, computer={"zenigata": HeuristicBot(7)})
    app.stack.push(scene)
    driver = Driver(app, seed=2)
    for _ in range(400):
        if scene.computer_to_act() is not None:
            app.update(0.7)
            continue
        if match.state.phase == "gang":
            break
        driver.step()
    assert scene.seat == "lupin" and scene.revealed
    assert not scene.where_available() and scene.where_button not in scene.extra_buttons()
    scene.toggle_where()
    assert not scene.where_on and scene.where is None
    drawn = []
    spy = WhereOverlay()
    spy.draw = lambda canvas, board: drawn.append(1)
    scene.where, scene.where_on = spy, True                 # even forced on, a gang seat's board has none
    scene.version += 1
    frame(app)
    assert not drawn and not scene.where_shown()


def test_the_overlay_reads_zenigatas_view_only():
    overlay = WhereOverlay()
    match = Match("lupin", {"episode": "rosso-rubino", "players": 2}, 3)
    with pytest.raises(ValueError):
        overlay.observe(match.state.view("lupin"))


# ------------------------------------------------------------------------------ both languages

@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_computer_seats_texts_in_both_languages(lang, heuristic_levels):
    app = make_app(scenes=("lupin-setup",), lang=lang)
    setup = app.stack.top
    step(app, setup.seat_choices["zenigata"], 2)
    texts = Texts(app)
    frame(app)
    solo = {"en": ("Play as Zenigata", "Play as the gang", "Computer · normal"),
            "it": ("Gioca come Zenigata", "Gioca come la banda", "Computer · normale")}[lang]
    for s in solo:
        assert texts.has(s.upper()) or texts.has(s), s
    no_raw_keys(texts)
    click(app, setup.solo_gang_button.rect.center)
    table = app.stack.top
    texts = Texts(app)
    frame(app, 0.01)
    assert texts.has({"en": "Zenigata is thinking", "it": "Zenigata sta pensando"}[lang])
    assert texts.has({"en": "FASTER", "it": "PIÙ VELOCE"}[lang])
    no_raw_keys(texts)
    assert isinstance(table, LupinPlayScene)
    pygame.event.clear()


# ------------------------------------------------------------------------------ the planning, mixed seats

@pytest.mark.parametrize("computer", [("jigen",), ("lupin",)])
def test_the_planning_works_with_a_computer_gang_seat_beside_a_persons(computer):
    """Three players, one gang seat at the computer. The planning is simultaneous: a computer
    partner chooses its start squares beside the person (else Lupin could never confirm); a computer
    Lupin (who alone confirms) waits for the person's "Ready", then confirms. The game goes on."""
    match = Match("lupin", {"episode": "gran-colpo", "players": 3}, 5)
    app = make_app(scenes=())
    scene = LupinPlayScene(match, autosave=False, computer={s: HeuristicBot(3) for s in computer})
    app.stack.push(scene)
    app.update(0.02)
    driver = Driver(app, seed=2)
    ready_offered = False
    for _ in range(1500):
        if scene.over or match.state.phase == "gang":
            break
        ready_offered |= any(payload == "ready" for _b, payload in scene.buttons)
        if scene.computer_to_act() is not None:
            app.update(0.7)
            continue
        driver.step()
    assert match.state.phase == "gang"
    assert ready_offered == (computer == ("lupin",))
    if computer == ("lupin",):   # the computer confirmed once told, not before
        confirm = next(i for i, a in enumerate(match.log) if type(a).__name__ == "ConfirmPlan")
        assert match.log[confirm].seat == "lupin"


def test_the_overlay_switched_on_late_learns_the_game_in_a_worker_thread(monkeypatch):
    """Switched on in round 3, the overlay goes through the game's views in a worker thread (the
    window goes on, its button says it is working it out), then shows the Belief of them."""
    from game.lupin.ui.scenes import seeded_match

    monkeypatch.setattr(session_module, "THREADED", True)
    match = seeded_match("gran-colpo", seed=7, until_round=3, phase="police", players=2)
    app = make_app(scenes=())
    scene = LupinPlayScene(match, autosave=False, start_revealed=True)
    app.stack.push(scene)
    frame(app)
    assert scene.seat == "zenigata"
    click(app, scene.where_button.rect.center)
    assert scene.where_on
    for _ in range(600):
        frame(app, 0.02)
        if scene.where_shown():
            break
        threading.Event().wait(0.01)
    assert scene.where_shown() and not scene.session.catching()
    belief = zenigata_belief(match)
    for m in scene.where.hidden():
        assert scene.where.squares()[m] == {(s.row, s.col) for s in belief.spots(m) if hasattr(s, "row")} | \
            {(s.square.row, s.square.col) for s in belief.spots(m) if hasattr(s, "square")}


# ------------------------------------------------------------------------------ the seats come back

def test_play_again_keeps_the_levels_of_the_computer_seats(heuristic_levels):
    from game.lupin.ui.over_scene import GameOverScreen

    match = Match("lupin", {"episode": "gran-colpo", "players": 2}, 3)
    scene = LupinPlayScene(match, autosave=False, computer={"zenigata": lupin_bots.HardBot(4)})
    again = GameOverScreen(scene).again_scene()
    assert isinstance(again, LupinSetupScene)
    assert again.who_plays() == {"zenigata": "hard", "lupin": "person"}


def test_continue_on_the_title_screen_gives_the_computer_seats_back(heuristic_levels):
    from game.lupin.ui.scenes import _lupin_continue

    app = make_app(scenes=("lupin-setup",))
    setup = app.stack.top
    click(app, setup.solo_gang_button.rect.center)            # Zenigata at the computer, normal
    table = app.stack.top
    for _ in range(20):
        app.update(0.7)                                        # it places its men: the game is autosaved
        if table.match.log:
            break
    assert table.match.log
    offer = _lupin_continue()
    assert offer is not None
    scenes = offer[2]()
    computer = scenes[0].session.computer
    assert list(computer) == ["zenigata"] and type(computer["zenigata"]) is lupin_bots.NormalBot
    assert scenes[0].autosaver.ui(scenes[0].match)["computer"] == {"zenigata": "normal"}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_each_sides_levels_say_what_they_do_in_two_lines_at_most(lang, heuristic_levels):
    """The hint under the seats tells what the level does for that side (the police's hunt, the
    gang's hiding), differs between the two sides and between the levels, and fits its two lines."""
    app = make_app(scenes=("lupin-setup",), lang=lang)
    setup = app.stack.top
    seen = set()
    for seat in ("zenigata", "lupin"):
        for _ in range(3):                                   # easy, normal, hard
            step(app, setup.seat_choices[seat], 1)
            hint = setup.level_hint()
            assert hint and hint not in seen
            seen.add(hint)
            texts = Texts(app)
            frame(app)
            no_raw_keys(texts)
            shown = [line for line in texts.drawn if line in hint]
            assert shown and shown[0].startswith(hint.split(":")[0] + ":")
            assert " ".join(shown) == hint, "the hint is cut short"
        step(app, setup.seat_choices[seat], 1)               # back to a person
    assert len(seen) == 6
