"""The expansion's episodes on screen: choosing them, Fujiko's secret 2 minutes at Cagliostro, the
Aim card at Stonehenge, whole games with the mouse alone, and what a frame drawn for Zenigata may
show (two games that differ only in a secret draw the same pixels for him)."""

import copy

import pytest

from game.engine.api import TABLE
from game.engine.replay import Match
from game.lupin.ai import HeuristicBot
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.setup_scene import LupinSetupScene
from game.lupin.play import SeatsError, build_config
from game.ui.scenes.curtain import CurtainScene
from tests.lupin.test_ui_kit import Driver, click, frame, lift_curtain, make_app, move


def open_setup(app, episode):
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == episode)
    assert card.entry.openable
    click(app, card.rect.center)
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene) and setup.episode_choice.value == episode
    return setup


def bot_until(match, stop, limit=600):
    """The heuristic bot plays every seat until ``stop(match, seat, view)``."""
    bot = HeuristicBot(1)
    for _ in range(limit):
        seat = match.state.to_act()[0]
        view = match.state.view(seat)
        if stop(match, seat, view):
            return match
        match.apply(bot.choose(view, match.state.legal_actions(seat)))
    raise AssertionError("the position never came")


def fujiko_step(seed=5):
    """A Cagliostro game of 4 (Fujiko on her own seat), the gang's plan confirmed: her turn."""
    match = Match("lupin", {"episode": "cagliostro", "players": 4}, seed)
    return bot_until(match, lambda m, s, v: (v.get("plan") or {}).get("step") == "fujiko")


def gang_planning(episode, players, seed=5):
    match = Match("lupin", {"episode": episode, "players": players}, seed)
    return bot_until(match, lambda m, s, v: v["phase"] == "planning" and s == "lupin")


def app_on(match, *, revealed=True, lang="en"):
    app = make_app(scenes=(), lang=lang)
    scene = LupinPlayScene(match, autosave=False, start_revealed=revealed)
    app.stack.push(scene)
    app.update(0.02)
    return app, scene


def play_route(app, scene, action):
    for point in scene.planning.route(action):
        click(app, point)


# ------------------------------------------------------------------------------ choosing them

def test_the_set_up_offers_the_expansion_with_its_own_options():
    app = make_app()
    setup = open_setup(app, "cagliostro")
    assert [v for v, _ in setup.episode_choice.options] == ["rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"]
    setup.players_choice.set_value(4)
    setup.options_changed(None)
    # no all-against-all in the expansion: the variant cannot be changed
    assert not setup.variant_choice.enabled and setup.config()["variant"] == "coop"
    # Novice is always visible there: the toggle shows it, and cannot be switched
    setup.difficulty_choice.set_value("novice")
    setup.options_changed(None)
    assert setup.visible_toggle.value and not setup.visible_toggle.enabled
    assert setup.config()["novice_always_visible"] is True
    frame(app)
    # back on a base episode: the variant and the (unset) toggle are the player's again
    setup.episode_choice.set_value("gran-colpo")
    setup.options_changed(None)
    assert setup.variant_choice.enabled and setup.visible_toggle.enabled and not setup.visible_toggle.value
    setup.episode_choice.set_value("stonehenge")
    setup.options_changed(None)
    click(app, setup.start_button.rect.center)
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert play.match.config["episode"] == "stonehenge" and play.match.config["players"] == 4


def test_heist_table_play_opens_the_expansion_episodes():
    assert build_config("cagliostro", "4")["players"] == 4
    assert build_config("stonehenge", "zenigata,lupin+fujiko")["partner"] == "fujiko"
    with pytest.raises(SeatsError, match="no all-against-all"):
        build_config("stonehenge", "4", "all-vs-all")


# ------------------------------------------------------------------------------ Fujiko's 2 minutes

def test_fujiko_buys_in_secret_behind_a_curtain_and_her_clock_ends_it():
    match = fujiko_step()
    app, scene = app_on(match, revealed=False)
    scene.enter()
    assert app.stack.top.name == "Fujiko"          # "Pass to Fujiko"
    lift_curtain(app)
    assert scene.seat == "fujiko" and scene.planning.active and scene.planning.fujiko_step
    assert list(scene.planning.cards) == ["fujiko"]          # her card only, with her motorbike
    assert "sport_motorbike" in [d for m, d, _r, _mv in scene.planning.minis if m == "fujiko"]
    assert 119 < scene.fujiko_clock <= 120 and scene.planning.money() == 300   # 2:00, her 300$
    # her 2 minutes: the clock's to end, no button for it
    assert not [c for c in scene.choices if c.type_name == "FujikoDone"]
    knife = next(c.action for c in scene.choices if c.type_name == "FujikoBuy" and c.action.device == "knife")
    play_route(app, scene, knife)
    assert match.log[-1] == knife and scene.planning.money() == 250
    chip = next(r.center for c, r in scene.planning.chips if c.action.square == "T25")
    click(app, chip)
    assert match.state.figures["fujiko"].spot is not None
    assert [c.type_name for c in scene.choices if c.kind == "end"] == ["FujikoDone"]   # she may end it now
    frame(app)
    for _ in range(60):                                      # one minute: a warning
        app.update(1.0)
    assert scene.clock_banner is not None and scene.clock_banner.key == "lupin_plan.warn_1"
    for _ in range(64):                                      # 0:00, "Time is up", then the clock ends it
        app.update(1.0)
    done = [a for a in match.log if type(a).__name__ == "FujikoDone"]
    assert len(done) == 1 and done[0].timed_out
    assert match.state.phase != "planning"
    assert isinstance(app.stack.top, CurtainScene) and app.stack.top.name != "Fujiko"
    assert scene.seat == TABLE and not scene.revealed


def test_fujikos_clock_survives_a_resume_and_still_warns_and_ends_her_purchase():
    from game.lupin.ui.setup_scene import screen_options

    match = fujiko_step()
    app, scene = app_on(match, revealed=False)
    scene.enter()
    lift_curtain(app)
    for _ in range(40):                                      # 40 seconds of her 2 minutes
        app.update(1.0)
    meta = scene.save_meta()
    assert meta["fujiko_left"] == pytest.approx(80.0, abs=0.1)
    again = LupinPlayScene(match, autosave=False, start_revealed=False, **screen_options(meta))
    app2 = make_app(scenes=(), lang="en")
    app2.stack.push(again)
    app2.update(0.02)
    again.enter()
    lift_curtain(app2)
    assert again.seat == "fujiko" and again.fujiko_clock == pytest.approx(80.0, abs=0.1)   # not 2:00 again
    for _ in range(19):
        app2.update(1.0)
    assert again.clock_banner is None                        # 1:01 left: no warning yet
    app2.update(1.0)
    assert again.clock_banner is not None and again.clock_banner.key == "lupin_plan.warn_1"
    for _ in range(64):                                      # 0:00, "Time is up", then the clock ends it
        app2.update(1.0)
    done = [a for a in match.log if type(a).__name__ == "FujikoDone"]
    assert len(done) == 1 and done[0].timed_out


def test_the_gangs_shop_has_no_card_for_fujiko_while_she_is_away():
    match = gang_planning("cagliostro", 4)
    _app, scene = app_on(match)
    assert scene.seat == "lupin" and scene.planning.active
    assert "fujiko" not in scene.planning.cards and set(scene.planning.cards) == {"lupin", "jigen", "goemon"}


def _after_fujiko(buys, square="T1", seed=5):
    """Fujiko buys ``buys`` and starts on ``square``; then the same moves for everybody until
    Zenigata plays (the moves the bot chose in the first such game)."""
    from game.lupin.rules.cagliostro import FujikoBuy, FujikoDone
    from game.lupin.rules.actions import ChooseStart

    match = fujiko_step(seed)
    for d in buys:
        match.apply(FujikoBuy("fujiko", d))
    match.apply(ChooseStart("fujiko", "fujiko", square))
    match.apply(FujikoDone("fujiko"))
    return match


def test_nobody_elses_frame_shows_what_fujiko_bought():
    plain, bought = _after_fujiko([]), _after_fujiko(["knife", "radio"])
    assert plain.state.view("fujiko") != bought.state.view("fujiko")
    seat = plain.state.to_act()[0]
    assert seat != "fujiko" and bought.state.to_act()[0] == seat

    def seat_frame(m):
        app, scene = app_on(copy.deepcopy(m))
        assert scene.seat == seat
        move(app, (600, 400))
        return frame(app, 0.5)

    assert seat_frame(plain) == seat_frame(bought)
    # ... and Zenigata's, after the same moves of the gang's first round
    bot = HeuristicBot(1)
    while plain.state.to_act()[0] != "zenigata":
        s = plain.state.to_act()[0]
        action = bot.choose(plain.state.view(s), plain.state.legal_actions(s))
        plain.apply(action)
        bought.apply(action)
    assert bought.state.to_act()[0] == "zenigata"
    assert plain.state.view("zenigata") == bought.state.view("zenigata")

    def zenigata_frame(m):
        app, scene = app_on(copy.deepcopy(m))
        assert scene.seat == "zenigata"
        move(app, (600, 400))
        return frame(app, 0.5)

    assert zenigata_frame(plain) == zenigata_frame(bought)


# ------------------------------------------------------------------------------ the Aim card

def test_lupin_clicks_the_aim_card_and_only_the_gang_sees_it():
    match = gang_planning("stonehenge", 3)
    app, scene = app_on(match)
    assert scene.seat == "lupin" and scene.planning.tab == "aim"     # the card comes first
    assert len(scene.planning.aim_rects) == 4
    first = frame(app)
    aim, rect = scene.planning.aim_rects[2]
    click(app, rect.center)
    assert type(match.log[-1]).__name__ == "ChooseAim" and match.log[-1].aim == aim
    assert scene.planning.tab == "shop" and scene.planning.chosen_aim() == aim
    click(app, scene.planning.aim_button.rect.center)                  # the tab shows it, chosen
    assert scene.planning.tab == "aim" and not scene.planning.aim_choices()
    assert frame(app) != first
    # the other gang seat is told it
    jigen = match.state.view("jigen")
    assert jigen["stonehenge"]["aim"]["id"] == aim
    assert match.state.view("zenigata")["stonehenge"]["aim"] is None


def test_zenigatas_frame_is_the_same_whatever_the_aim_card():
    from game.lupin.rules.stonehenge import ChooseAim

    a = gang_planning("stonehenge", 2)
    b = copy.deepcopy(a)
    a.apply(ChooseAim("lupin", "drago"))
    b.apply(ChooseAim("lupin", "calice"))
    bot = HeuristicBot(1)
    while a.state.to_act()[0] != "zenigata":
        s = a.state.to_act()[0]
        action = bot.choose(a.state.view(s), a.state.legal_actions(s))
        a.apply(action)
        b.apply(action)
    assert a.state.view("lupin") != b.state.view("lupin")
    assert a.state.view("zenigata") == b.state.view("zenigata")

    def zenigata_frame(m):
        app, scene = app_on(copy.deepcopy(m))
        assert scene.seat == "zenigata"
        move(app, (600, 400))
        return frame(app, 0.5)

    assert zenigata_frame(a) == zenigata_frame(b)


# ------------------------------------------------------------------------------ whole games

def _whole_game(episode, players, seed, *, before=None):
    app = make_app()
    setup = open_setup(app, episode)
    setup.players_choice.set_value(players)
    setup.options_changed(None)
    click(app, setup.start_button.rect.center)
    assert isinstance(app.stack.top, CurtainScene)
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert play.match.config["episode"] == episode and play.match.config["players"] == players
    driver = Driver(app, seed=seed)
    seats_seen = set()
    steps = 0
    for steps in range(12000):
        top = app.stack.top
        if isinstance(top, CurtainScene):
            assert play.seat == TABLE and not play.revealed
        elif not play.over:
            assert play.seat == play.acting_seat() and play.view["seat"] == play.seat
            seats_seen.add(play.seat)
            if before is not None:
                before(app, play)
        if steps % 11 == 0:
            frame(app)
        if not driver.step():
            break
    assert play.match.state.is_over() and play.over, f"not over after {steps} clicks"
    frame(app)
    return app, play, seats_seen


def test_a_whole_game_of_cagliostro_from_the_chooser_to_the_end_screen():
    _app, play, seats = _whole_game("cagliostro", 4, seed=4)
    kinds = [type(a).__name__ for a in play.match.log]
    assert {"ConfirmPlan", "ChooseStart", "FujikoDone", "Move", "EndTurn"} <= set(kinds)
    assert seats == {"zenigata", "lupin", "jigen", "fujiko"}


def test_a_whole_game_of_stonehenge_from_the_chooser_to_the_end_screen():
    def choose_aim(app, play):          # Lupin's seat clicks an Aim card when it is offered
        if play.planning.active and play.planning.tab == "aim" and play.planning.aim_choices():
            click(app, play.planning.aim_rects[1][1].center)

    _app, play, seats = _whole_game("stonehenge", 2, seed=6, before=choose_aim)
    kinds = [type(a).__name__ for a in play.match.log]
    assert {"ChooseAim", "ConfirmPlan", "Move", "EndTurn"} <= set(kinds)
    assert seats == {"zenigata", "lupin"}


def test_the_curtain_before_fujikos_purchase_says_what_she_is_called_for():
    match = fujiko_step()
    app, scene = app_on(match, revealed=False)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.name == "Fujiko"
    assert curtain.note == "Her secret purchase: 2 minutes, 300$, the gang's leftovers"
    frame(app)
    app2, _scene2 = app_on(gang_planning("cagliostro", 4), revealed=False)
    assert app2.stack.top.note is None                    # an ordinary turn: no note
