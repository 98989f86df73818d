"""Issue #11, the play screen: the in-game menu, the history, the confirmations before leaving
the map or being seen, the sentence when a partner is clicked, and no internal ids in any text.
Everything is driven with synthetic mouse and key events, as a player would."""

import copy
import re

import pygame
import pytest

from game.engine.api import TABLE
from game.ui.app import App
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import planning_match, seeded_match
from game.ui.scenes.chooser import ChooserScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.game_menu import ConfirmScene, GameMenuScene
from game.ui.scenes.quit_confirm import QuitConfirmScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from tests.lupin.test_ui_kit import click, frame, key, lift_curtain, make_app


def play_app(match, lang="en", **options):
    app = make_app(scenes=(), lang=lang)
    options.setdefault("autosave", False)
    scene = LupinPlayScene(match, start_revealed=True, **options)
    app.stack.push(scene)
    app.update(0.02)
    return app, scene


# ---------------------------------------------------------------- 1. the in-game menu

def test_esc_opens_the_in_game_menu_and_resume_goes_back_to_the_game():
    app, play = play_app(seeded_match("rosso-rubino"))
    assert play.selected is not None
    key(app, pygame.K_ESCAPE)                 # the first Esc drops the selection
    assert app.stack.top is play and play.selected is None
    key(app, pygame.K_ESCAPE)                 # the next one opens the menu (no longer "Quit?")
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene)
    assert set(menu.buttons) == {"resume", "rules", "settings", "save_leave", "new_game", "quit"}
    before = len(play.match.log)
    click(app, (400, 450))                    # a click beside the menu reaches nothing below
    assert app.stack.top is menu and len(play.match.log) == before
    click(app, menu.buttons["resume"].rect.center)
    assert app.stack.top is play
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)                 # Esc in the menu: resume too
    assert app.stack.top is play


def test_the_menu_button_on_the_play_screen_opens_the_menu_with_rules_and_settings():
    app, play = play_app(seeded_match("rosso-rubino"), lang="it")
    frame(app)
    click(app, play._menu_button().rect.center)
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene)
    click(app, menu.buttons["rules"].rect.center)
    assert type(app.stack.top).__name__ == "RulesReaderScene"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    click(app, menu.buttons["settings"].rect.center)
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    click(app, menu.buttons["quit"].rect.center)
    assert isinstance(app.stack.top, QuitConfirmScene)


def test_save_and_leave_goes_to_the_title_and_continue_brings_the_game_back():
    match = seeded_match("gran-colpo", phase="police")
    app = make_app(scenes=("title",))
    play = LupinPlayScene(match, start_revealed=True)      # autosaved, as in a real game
    app.stack.push(play)
    app.update(0.02)
    end = next(b for b, c in play.buttons if getattr(c, "kind", "") == "end")
    click(app, end.rect.center)                            # Zenigata ends the police phase
    lift_curtain(app)
    moves = len(play.match.log)
    key(app, pygame.K_ESCAPE)
    if not isinstance(app.stack.top, GameMenuScene):
        key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    click(app, menu.buttons["save_leave"].rect.center)
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(app.stack) == 1
    title.look_for_saves = True
    title.look_for_game()
    assert title.offer is not None
    click(app, title.continue_button.rect.center)
    back = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert len(back.match.log) == moves and back.match.state == play.match.state
    assert isinstance(app.stack.top, CurtainScene)         # the game comes back behind the curtain


def test_new_game_asks_first_and_cancel_keeps_the_game():
    app = make_app(scenes=("title",))
    play = LupinPlayScene(seeded_match("rosso-rubino"), autosave=False, start_revealed=True)
    app.stack.push(play)
    app.update(0.02)
    play.open_game_menu()
    menu = app.stack.top
    click(app, menu.buttons["new_game"].rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "new game" in ask.title().lower()
    click(app, ask.cancel_button.rect.center)
    assert app.stack.top is menu
    click(app, menu.buttons["new_game"].rect.center)
    click(app, app.stack.top.confirm_button.rect.center)
    assert isinstance(app.stack.top, ChooserScene) and play not in app.stack
    assert [type(s) for s in app.stack] == [TitleScene, ChooserScene]


def test_the_menu_over_the_curtain_shows_nothing_of_the_hidden_seat():
    """Esc on the curtain opens the menu on top of the curtain: the frame is the one of a curtain
    and a menu alone, whatever the board below holds."""
    match = seeded_match("gran-colpo", phase="police")
    app, play = play_app(copy.deepcopy(match))
    end = next(b for b, c in play.buttons if getattr(c, "kind", "") == "end")
    click(app, end.rect.center)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, GameMenuScene) and curtain in app.stack   # not "Quit?"
    alone = make_app(scenes=(), lang="en")
    alone.stack.push(CurtainScene(curtain.name))
    alone.stack.push(GameMenuScene(on_rules=lambda: None))
    assert frame(app) == frame(alone)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is curtain and play.seat == TABLE


def test_the_planning_clock_stops_while_the_menu_is_open_and_the_shop_has_the_menu_too():
    app, play = play_app(planning_match(), plan_left=600)
    assert play.planning.active
    key(app, pygame.K_ESCAPE)
    if not isinstance(app.stack.top, GameMenuScene):
        key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, GameMenuScene)
    left = play.plan_clock
    app.update(30.0)
    assert play.plan_clock == left                          # the menu holds the clock
    key(app, pygame.K_ESCAPE)
    app.update(30.0)
    assert play.plan_clock == pytest.approx(left - 30.0, abs=0.1)


# ---------------------------------------------------------------- 5. no internal ids in texts

ID_LIKE = re.compile(r"\b[a-z]+(?:_[a-z]+)*-\d+\b|\b[a-z]+_[a-z_]+\b")
VEHICLES_AND_GEAR = ("boat", "helicopter", "sport_motorbike", "fiat_500", "alfa_romeo_2300", "jeep", "rowboat",
                     "tank_lorry", "hang_glider", "decoy_balloon", "shovel", "radio", "rifle", "hand_grenade")


def texts_of_a_bot_game(episode, seed):
    """Every button label, menu line, group button, attack tooltip and dice title offered to the
    seat to act, and every log line of every seat, over a whole bot game in which the gang bought
    vehicles (so that the police may shoot at them), in Italian and in English."""
    from game.engine.api import events_for_seat
    from game.engine.i18n import set_language
    from game.lupin.ai import HeuristicBot
    from game.lupin.rules import new_game
    from game.lupin.ui import choices as C
    from game.lupin.ui.dice import DicePanel
    from game.lupin.ui.log_text import event_line

    state = new_game({"episode": episode, "players": 5}, seed)
    bots, bought, texts = {}, set(), []

    def collect(view, legal, events):
        for lang in ("en", "it"):
            set_language(lang)
            for ch in C.classify_all(legal, view, state.geo):
                fig = getattr(ch.action, "figure", None)
                texts.extend((lang, type(ch.action).__name__, x) for x in (
                    ch.label, C.short_label(ch, view), C.group_label(ch.type_name),
                    C.group_label(ch.type_name, fig if isinstance(fig, str) else None), C.odds_text(ch, view)))
            panel = DicePanel()
            panel.show(events)
            texts.extend((lang, "dice", r.title) for r in panel.rolls)
        set_language("en")

    while not state.is_over():
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        buy = [a for a in legal if type(a).__name__ == "BuyDevice" and a.device in VEHICLES_AND_GEAR
               and a.device not in bought]
        if state.phase == "planning" and buy:
            bought.add(buy[0].device)
            try:
                state.apply(buy[0])
                continue
            except Exception:   # noqa: BLE001 - over the budget: the bots buy the rest
                pass
        action = bots.setdefault(seat, HeuristicBot(seed * 17 + len(bots))).choose(view, legal)
        events = state.apply(action)
        seen = [{"kind": e.kind, **dict(e.data)} for e in events_for_seat(events, seat)]
        collect(view, legal, seen)
    for lang in ("en", "it"):
        set_language(lang)
        for seat in sorted(set(state.seat_of.values())) + [TABLE]:
            texts.extend((lang, "log", event_line(e)) for e in state.view(seat)["log"])
    set_language("en")
    return texts


@pytest.mark.parametrize("episode", ["rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"])
def test_no_button_tooltip_dice_title_or_log_line_shows_an_internal_id(episode):
    texts = []
    for seed in (1, 2, 3):
        texts += texts_of_a_bot_game(episode, seed)
    bad = sorted({(lang, kind, text) for lang, kind, text in texts if ID_LIKE.search(text)})
    assert not bad, bad[:10]
    assert len(texts) > 1000


def test_a_shot_at_a_gang_vehicle_names_the_vehicle_in_both_languages():
    from game.engine.i18n import set_language
    from game.lupin.rules.actions import Shoot
    from game.lupin.ui import choices as C

    view = seeded_match("rosso-rubino").state.view("zenigata")
    shot = Shoot("zenigata", "agent-1", "boat-1", "pistol")
    try:
        assert C.classify(shot, view).label == "Shoot at the boat"
        assert C.figure_name("sport_motorbike-2") == "Sport motorbike 2"
        set_language("it")
        assert C.classify(shot, view).label == "Spara alla barca"
    finally:
        set_language("en")


# ---------------------------------------------------------------- 3, 6. asked before leaving or being seen

def bot_match_until(episode, seed, wanted, buys=("boat", "helicopter", "sport_motorbike", "fiat_500",
                                                   "alfa_romeo_2300")):
    """A 5-player game played by the heuristic bots (the gang buying ``buys`` first) up to the first
    gang-phase position where ``wanted(state, action)`` holds for a legal action of the seat to act:
    (the match, that action)."""
    from game.engine.replay import Match
    from game.lupin.ai import HeuristicBot

    match = Match("lupin", {"episode": episode, "players": 5}, seed)
    bots, bought = {}, set()
    while not match.state.is_over():
        state = match.state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        buy = [a for a in legal if type(a).__name__ == "BuyDevice" and a.device in buys and a.device not in bought]
        if state.phase == "planning" and buy:
            bought.add(buy[0].device)
            try:
                match.apply(buy[0])
                continue
            except Exception:   # noqa: BLE001 - over the budget
                pass
        if state.phase == "gang":
            found = next((a for a in legal if wanted(state, a)), None)
            if found is not None:
                return match, found
        match.apply(bots.setdefault(seat, HeuristicBot(seed * 17 + len(bots))).choose(state.view(seat), legal))
    raise AssertionError("no such position")


def button_for(play, action):
    return next(b for b, c in play.buttons if getattr(c, "action", None) == action)


def test_leaving_the_map_asks_first_cancel_keeps_the_member_and_leave_escapes():
    match, escape = bot_match_until("rosso-rubino", 1, lambda s, a: type(a).__name__ == "Escape")
    app, play = play_app(match)
    play.select(escape.figure)
    before = len(match.log)
    click(app, button_for(play, escape).rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    assert ask.title == "Leave the map with Lupin?"
    assert "cannot come back" in ask.body
    frame(app)
    click(app, ask.cancel_button.rect.center)              # Cancel: nothing happened, nothing lost
    assert app.stack.top is play and len(match.log) == before
    assert not match.state.figures["lupin"].escaped
    assert escape in [c.action for c in play.choices]
    click(app, button_for(play, escape).rect.center)
    click(app, app.stack.top.confirm_button.rect.center)   # Leave: he is gone
    assert match.log[-1] == escape and match.state.figures["lupin"].escaped


def test_getting_into_a_vehicle_in_view_says_you_will_be_seen_and_asks_first():
    from game.lupin.ui import choices as C

    match, get_in = bot_match_until(
        "rosso-rubino", 4, lambda s, a: type(a).__name__ == "GetIn" and C.reveal_risk(s, a) == "seen")
    member = get_in.figure
    app, play = play_app(match)
    play.select(member)
    assert not match.state.is_shown(member)
    button = button_for(play, get_in)
    label = button.text() if callable(button.text) else button.text
    assert label.endswith("· you will be seen") and button.icon == "!"
    before, state_before = len(match.log), copy.deepcopy(match.state)
    click(app, button.rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.title == f"The police will see {C.figure_name(member)}"
    click(app, ask.cancel_button.rect.center)
    assert len(match.log) == before and match.state == state_before   # asking changed nothing
    click(app, button_for(play, get_in).rect.center)
    click(app, app.stack.top.confirm_button.rect.center)
    assert match.log[-1] == get_in and match.state.is_shown(member)


def test_an_action_that_shows_nobody_is_not_asked_about():
    match, _escape = bot_match_until("rosso-rubino", 1, lambda s, a: type(a).__name__ == "Escape")
    app, play = play_app(match)
    end = next((b, c) for b, c in play.buttons if getattr(c, "kind", "") == "end")
    assert play.reveal_risk(end[1]) is None
    before = len(match.log)
    click(app, end[0].rect.center)
    assert not isinstance(app.stack.top, ConfirmScene) and len(match.log) == before + 1


def test_the_warning_is_in_italian_too():
    from game.lupin.ui import choices as C

    match, get_in = bot_match_until(
        "rosso-rubino", 4, lambda s, a: type(a).__name__ == "GetIn" and C.reveal_risk(s, a) == "seen")
    app, play = play_app(match, lang="it")
    play.select(get_in.figure)
    button = button_for(play, get_in)
    assert (button.text() if callable(button.text) else button.text).endswith("· sarai in vista")


# ---------------------------------------------------------------- 4. a partner clicked says why not

def test_clicking_another_players_member_says_whose_he_is():
    app, play = play_app(seeded_match("rosso-rubino"))
    assert play.seat == "lupin" and "jigen" in play.tokens and "jigen" not in play.actors
    before = len(play.match.log)
    click(app, play.tokens["jigen"][0])
    assert play.message == "Jigen is played by another player, in Jigen's own turn."
    assert len(play.match.log) == before and play.selected == "lupin"


def test_clicking_a_partner_during_a_members_turn_says_to_end_that_turn_first():
    app, play = play_app(seeded_match("gran-colpo", players=2))
    assert play.seat == "lupin" and play.view["phase"] == "gang"
    mover = play.selected
    moves = [p for p, what, cs in play.clickables() if what == "square" and cs[0].kind == "move"]
    click(app, moves[0])
    if play.popup is not None:
        click(app, play.clickables()[0][0])
    assert play.view["active"] == mover
    partner = next(f for f in ("lupin", "jigen", "goemon", "fujiko") if f != mover and f in play.tokens)
    assert partner not in play.actors
    click(app, play.tokens[partner][0])
    from game.lupin.ui import choices as C
    assert play.message == (f"It is {C.figure_name(mover)}'s turn: finish it (End turn) before moving "
                            f"{C.figure_name(partner)}.")
    frame(app)


# ---------------------------------------------------------------- 2. the history, since your last turn

def wheel(app, logical, y):
    from tests.lupin.test_ui_kit import move

    move(app, logical)
    app.process(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))
    app.update(0.02)


def drag(app, start, end):
    from tests.lupin.test_ui_kit import move

    move(app, start)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.canvas.point_px(start), button=1))
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=app.canvas.point_px(end), rel=(0, 0), buttons=(1, 0, 0)))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.canvas.point_px(end), button=1))
    app.update(0.02)


def test_the_history_holds_the_whole_game_and_scrolls_with_wheel_drag_and_keys():
    from game.engine.api import events_for_seat
    from game.lupin.ui.log_text import event_line
    from game.ui.scenes.history import HistoryScene

    match = seeded_match("rosso-rubino", until_round=11)
    app, play = play_app(match)
    everything = [event_line({"kind": e.kind, **dict(e.data)}) for e in events_for_seat(match.state.log, play.seat)]
    assert len(everything) > 200                        # more than the view's log and far more than 5 lines
    assert [text for text, _i in play.history] == everything
    frame(app)
    click(app, play._history_button().rect.center)
    panel = app.stack.top
    assert isinstance(panel, HistoryScene) and panel.lines == everything
    assert panel.scroll == panel.max_scroll > 100        # opened on the newest line
    assert panel.visible_rows()[-1][0] == everything[-1]
    centre = panel.text_rect.center
    wheel(app, centre, 2)                               # the wheel up: 6 rows back
    assert panel.scroll == panel.max_scroll - 6
    drag(app, centre, (centre[0], centre[1] + 10 * 25))  # the text dragged down by ten rows
    assert panel.scroll == panel.max_scroll - 16
    key(app, pygame.K_HOME)
    assert panel.scroll == 0 and panel.visible_rows()[0][0] == everything[0]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_PAGEDOWN)
    assert panel.scroll == panel.page
    thumb = panel._thumb()
    drag(app, thumb.center, (thumb.centerx, panel.track.bottom + 50))   # the scroll bar to the end
    assert panel.scroll == panel.max_scroll
    frame(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play
    wheel(app, (play._log_rect.centerx, play._log_rect.centery), 1)   # the wheel up over the log opens it too
    assert isinstance(app.stack.top, HistoryScene)


def gang_plays_hidden(match, variant):
    """Lupin's seat (2 players) moves its first member that may move unseen to one of two unseen
    squares (``variant`` 0 or 1), then ends every turn until Zenigata's seat is called."""
    from game.lupin.ui import choices as C

    state = match.state
    moves = [a for a in state.legal_actions("lupin") if type(a).__name__ == "Move" and not a.to.startswith("inside")
             and C.reveal_risk(state, a) is None]
    member = moves[0].figure
    hidden = [a for a in moves if a.figure == member]
    match.apply(hidden[variant])
    while match.state.to_act() == ["lupin"]:
        legal = match.state.legal_actions("lupin")
        match.apply(next((a for a in legal if type(a).__name__ in ("EndTurn", "EndTreasure")), legal[0]))
    return member, hidden[variant].to


def test_back_from_the_curtain_a_seat_sees_what_it_missed_marked_and_nothing_secret():
    from game.lupin.ui import choices as C
    from game.ui.scenes.history import HistoryScene

    shots = []
    for variant in (0, 1):
        app, play = play_app(seeded_match("gran-colpo", phase="police", players=2))
        assert play.seat == "zenigata"
        end = next(b for b, c in play.buttons if getattr(c, "kind", "") == "end")
        click(app, end.rect.center)
        lift_curtain(app)
        assert play.seat == "lupin" and play.since is None   # Lupin's seat had not played here before
        member, square = gang_plays_hidden(play.match, variant)
        play.advance()
        lift_curtain(app)
        assert play.seat == "zenigata" and play.since is not None
        missed = [text for text, i in play.history if play.missed(i)]
        assert missed and missed == [text for text, mark in zip(play.log_lines, play.log_marks) if mark][-len(missed):]
        assert f"{C.figure_name(member)} moves unseen." in missed
        assert not any(re.search(rf"\b{square}\b", line) for line in missed)
        frame(app)
        click(app, play._history_button().rect.center)
        panel = app.stack.top
        assert isinstance(panel, HistoryScene)
        assert any(kind == "header" for _t, _i, kind in panel.visible_rows())   # opened at what it missed
        shots.append((play.history, frame(app)))
    assert shots[0] == shots[1]   # Zenigata's History: the same, wherever the hidden member went


def test_the_side_log_says_since_your_last_turn_until_the_seat_moves():
    app, play = play_app(seeded_match("gran-colpo", phase="police", players=2))
    end = next(b for b, c in play.buttons if getattr(c, "kind", "") == "end")
    click(app, end.rect.center)
    lift_curtain(app)
    gang_plays_hidden(play.match, 0)
    play.advance()
    lift_curtain(app)
    frame(app)
    n = play.since[1] - play.since[0]
    assert n > 3 and sum(play.log_marks) >= min(n, 3)
    moves = [p for p, what, cs in play.clickables() if what == "square" and cs[0].kind == "move"]
    click(app, moves[0])
    if play.popup is not None:
        click(app, play.clickables()[0][0])
    assert len(play.seat_log()) > play.since[1]          # moved: the log goes on, the missed lines stay marked
    assert play.log_marks[-1] is False


def test_each_seats_history_holds_only_lines_its_own_view_may_read():
    """A 5-player game played through the screen: whenever a seat lifts its curtain, its History is
    the log its view may read, line for line, and holds none of the lines only other seats may read
    (their hidden moves, their cards)."""
    from game.engine.replay import Match
    from game.lupin.rules.views import LOG_LINES
    from game.lupin.ui.log_text import event_line
    from tests.lupin.test_ui_kit import BotDriver

    app = make_app(scenes=())
    match = Match("lupin", {"episode": "rosso-rubino", "players": 5}, 8)
    play = LupinPlayScene(match, autosave=False)
    app.stack.push(play)
    driver = BotDriver(app, seed=3)
    checked, secrets_kept = set(), 0
    for _ in range(600):
        if play.revealed and not play.over and (play.seat, len(match.log)) not in checked:
            checked.add((play.seat, len(match.log)))
            state = match.state
            own = [event_line(e) for e in state.view(play.seat)["log"]]
            if len(own) >= LOG_LINES:   # the view keeps the last 200 only: compare while it holds them all
                break
            history = [text for text, _i in play.history]
            assert history == own
            others = {event_line(e) for seat in set(state.seat_of.values()) - {play.seat}
                      for e in state.view(seat)["log"]}
            secret = others - set(own)
            assert not secret & set(history), sorted(secret & set(history))
            secrets_kept += len(secret)
        if not driver.step():
            break
    assert len({seat for seat, _n in checked}) == 5 and secrets_kept > 50


def leave_while_zenigata_is_called() -> tuple[App, TitleScene]:
    """Zenigata ends his phase, the gang moves hidden (each move autosaved), and when the curtain
    calls Zenigata back the table stops with Save and leave: the app and the title it is on."""
    app = make_app(scenes=("title",))
    play = LupinPlayScene(seeded_match("gran-colpo", phase="police", players=2), start_revealed=True)   # autosaved
    app.stack.push(play)
    app.update(0.02)
    end = next(b for b, c in play.buttons if getattr(c, "kind", "") == "end")
    click(app, end.rect.center)
    lift_curtain(app)
    gang_plays_hidden(play.match, 0)                       # each move autosaved
    play.advance()
    assert isinstance(app.stack.top, CurtainScene)         # Zenigata is called...
    key(app, pygame.K_ESCAPE)                              # ... but the table stops: Save and leave
    click(app, app.stack.top.buttons["save_leave"].rect.center)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    return app, title


def test_since_your_last_turn_survives_save_and_leave_and_continue():
    app, title = leave_while_zenigata_is_called()
    title.look_for_saves = True
    title.look_for_game()
    click(app, title.continue_button.rect.center)
    back = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    lift_curtain(app)
    assert back.seat == "zenigata" and back.since is not None
    missed = [text for text, i in back.history if back.missed(i)]
    assert any(line.endswith("moves unseen.") for line in missed) and len(missed) > 3
