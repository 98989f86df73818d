"""Lupin's planning screen driven with the mouse: the device shop (drag, click-click, refusals,
giving back, handing over), the budget, who confirms, the clock (warnings, time-out, pause, the
set-up's length, autosave and Resume) and the radio's talk window."""

import pygame

from game.engine.saves import list_saves, read_save
from game.lupin.ui import planning_scene as PS
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import planning_match
from game.lupin.ui.setup_scene import LupinSetupScene
from tests.lupin.test_ui_kit import click, frame, make_app, move


def shop_app(match=None, **options):
    app = make_app(scenes=(), lang="en")
    options.setdefault("autosave", False)
    play = LupinPlayScene(match if match is not None else planning_match(purchases=False), start_revealed=True,
                          **options)
    app.stack.push(play)
    app.update(0.02)
    return app, play


def drag(app, a, b, steps=5):
    """Press at ``a``, move in steps to ``b``, release there (logical coordinates)."""
    move(app, a)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.canvas.point_px(a), button=1))
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=app.canvas.point_px(p), rel=(0, 0),
                                       buttons=(1, 0, 0)))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.canvas.point_px(b), button=1))
    app.update(0.02)


def tile(play, device):
    return next(r.center for d, r in play.planning.tiles if d == device)


def mini(play, member, device):
    return next(r.center for m, d, r, _mv in play.planning.minis if (m, d) == (member, device))


def last(play):
    return play.match.log[-1] if len(play.match.log) else None


def region(app, rect):
    """The pixels of a logical rect of the last frame drawn."""
    r = app.canvas.rect_px(rect)
    return pygame.image.tobytes(app.canvas.surface.subsurface(r), "RGB")


def test_the_shop_replaces_the_board_while_the_gang_plans():
    app, play = shop_app()
    assert play.seat == "lupin" and play.planning.active and play.planning.shop_on
    assert [d for d, _ in play.planning.tiles][:3] == ["helicopter", "alfa_romeo_2300", "sport_motorbike"]
    assert set(play.planning.cards) == {"lupin", "jigen", "goemon", "fujiko"}
    # the side panel leaves purchases to the shop: no "Buy for ..." buttons
    assert not any(getattr(p, "type_name", "") == "BuyDevice" or isinstance(p, list) for _, p in play.buttons)
    # hovering a tile shows its whole text, in the language of the screen
    move(app, tile(play, "helicopter"))
    assert play.planning.hovered_device() == "helicopter"
    frame(app)


def test_a_tile_dragged_onto_a_character_is_bought_and_the_budget_shown_goes_down():
    app, play = shop_app()
    frame(app)
    money_before = region(app, PS.MONEY_BOX)
    drag(app, tile(play, "rifle"), play.planning.card_point("jigen"))
    action = last(play)
    assert type(action).__name__ == "BuyDevice" and (action.figure, action.device) == ("jigen", "rifle")
    assert play.view["plan"]["budgets"]["gang"] == 1500 - 300 and play.planning.money() == 1200
    assert "rifle" in PS.carrying(play.view["plan"], "jigen")
    frame(app)
    assert region(app, PS.MONEY_BOX) != money_before          # the big budget changed on screen


def test_a_tile_clicked_then_a_character_clicked_is_bought():
    app, play = shop_app()
    click(app, tile(play, "knife"))
    assert play.planning.picked == ("shop", "knife") and not play.match.log[-1].__class__.__name__ == "BuyDevice"
    assert "click the character" in play.instruction()
    click(app, play.planning.card_point("goemon"))
    action = last(play)
    assert type(action).__name__ == "BuyDevice" and (action.figure, action.device) == ("goemon", "knife")
    assert play.planning.picked is None


def test_over_the_carrying_limit_the_screen_says_why_and_changes_nothing():
    app, play = shop_app()
    for device in ("knife", "hand_grenade"):
        drag(app, tile(play, device), play.planning.card_point("jigen"))
    assert PS.carrying(play.view["plan"], "jigen") == ["knife", "hand_grenade"]
    moves, plan = len(play.match.log), dict(play.view["plan"]["stock"])
    drag(app, tile(play, "shovel"), play.planning.card_point("jigen"))       # a third device, no rucksack
    assert len(play.match.log) == moves and play.view["plan"]["stock"] == plan
    assert play.message and "Jigen would carry 3 devices: 2 at most" in play.message
    # Goemon takes no firearm: clicked, then refused with its own sentence
    click(app, tile(play, "rifle"))
    click(app, play.planning.card_point("goemon"))
    assert len(play.match.log) == moves and "Goemon cannot take the rifle" in play.message
    frame(app)


def test_a_bought_tile_is_given_back_or_handed_to_a_partner():
    app, play = shop_app()
    drag(app, tile(play, "medical_kit"), play.planning.card_point("lupin"))
    assert play.planning.money() == 1300
    # handed over: click the tile Lupin carries, then Fujiko
    click(app, mini(play, "lupin", "medical_kit"))
    click(app, play.planning.card_point("fujiko"))
    action = last(play)
    assert type(action).__name__ == "ReassignDevice" and (action.figure, action.to) == ("lupin", "fujiko")
    # given back: dragged onto the shop, the money comes back
    drag(app, mini(play, "fujiko", "medical_kit"), (PS.GRID.centerx, PS.GRID.centery))
    assert type(last(play)).__name__ == "ReturnDevice" and play.planning.money() == 1500
    assert play.view["plan"]["stock"]["medical_kit"] == 3


def test_only_lupins_seat_may_confirm_the_plan():
    match = planning_match(purchases=False)
    for seat in ("lupin", "jigen", "goemon", "fujiko"):
        start = next(a for a in match.state.legal_actions(seat) if type(a).__name__ == "ChooseStart")
        match.apply(start)

    def confirm_buttons(seat):
        app, play = shop_app(match)
        play.seat = seat
        play.refresh()
        return [p for _, what, p in play.clickables() if what == "button" and getattr(p, "type_name", "") == "ConfirmPlan"]

    assert [c.action.timed_out for c in confirm_buttons("lupin")] == [False]
    for seat in ("jigen", "goemon", "fujiko"):
        assert confirm_buttons(seat) == []
    app, play = shop_app(match)
    button = next(b for b, p in play.buttons if getattr(p, "type_name", "") == "ConfirmPlan")
    click(app, button.rect.center)
    assert type(last(play)).__name__ == "ConfirmPlan" and play.match.state.phase != "planning"


def test_the_clock_warns_at_five_and_at_one_minute():
    app, play = shop_app(plan_left=301.0)
    play.update(0.5)
    assert play.clock_banner is None
    play.update(1.0)
    assert play.clock_banner is not None and play.clock_banner.key == "lupin_plan.warn_5"
    assert "5 minute" in play.log_lines[-1]
    shown = frame(app, 0.3)
    play.update(PS.WARN_TIME + 1)
    assert play.clock_banner is None and frame(app, 0.3) != shown       # the banner went away
    play.update(play.plan_clock - 61)
    assert play.clock_banner is None and play.plan_clock > 60
    play.update(2.0)
    assert play.clock_banner.key == "lupin_plan.warn_1" and "1 minute" in play.log_lines[-1]


def test_pause_hides_everything_and_stops_the_clock():
    app, play = shop_app(plan_left=600.0)
    drag(app, tile(play, "rifle"), play.planning.card_point("jigen"))
    click(app, play.planning.pause_button.rect.center)
    pause = app.stack.top
    assert isinstance(pause, PS.PauseScene)
    left = play.plan_clock
    paused = frame(app, 30.0)
    assert play.plan_clock == left                              # the clock stood still
    # the frame drawn while paused is the pause screen alone: no board, no shop, no tile
    alone = make_app(scenes=(), lang="en")
    alone.stack.push(PS.PauseScene(left))
    assert paused == frame(alone, 30.0)
    click(app, pause.resume_button.rect.center)
    assert app.stack.top is play
    play.update(5.0)
    assert play.plan_clock < left


def test_when_the_time_is_up_the_plan_stands_as_it_is():
    app, play = shop_app(plan_left=3.0)
    drag(app, tile(play, "boat"), play.planning.card_point("lupin"))
    play.update(3.5)
    assert play.plan_clock == 0 and play.clock_banner.key == "lupin_plan.time_up_banner"
    assert play.match.state.phase == "planning"                 # "Time is up" shows first
    play.update(PS.TIMEOUT_GRACE)
    action = last(play)
    assert type(action).__name__ == "ConfirmPlan" and action.timed_out
    state = play.match.state
    assert state.phase != "planning" and state.plan.timed_out and "boat" in state.figures["lupin"].devices
    assert all(state.figures[c].spot is not None for c in state.gang)   # start squares by the clock


def test_the_planning_time_chosen_in_the_set_up_reaches_the_clock():
    for clicks, seconds in ((1, 20 * 60), (3, None), (4, 5 * 60)):
        app = make_app(scenes=("lupin-setup",))
        setup = app.stack.top
        for _ in range(clicks):
            click(app, (setup.plan_choice.rect.right - 10, setup.plan_choice.rect.centery))
        assert setup.plan_seconds() == seconds
        click(app, setup.start_button.rect.center)
        play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
        assert play.plan_limit == seconds
        assert (play.plan_clock == seconds) if seconds else play.plan_clock == float("inf")


def test_the_clock_survives_the_autosave_and_resume():
    app, play = shop_app(autosave=True, plan_seconds=10 * 60)
    play.update(100.0)
    drag(app, tile(play, "radio"), play.planning.card_point("fujiko"))      # a move: autosaved
    saves = list_saves().saves
    assert len(saves) == 1
    ui = read_save(saves[0].path).ui
    assert ui["plan_seconds"] == 600 and abs(ui["plan_left"] - 500.0) < 0.5
    setup = LupinSetupScene()
    setup_app = make_app(scenes=(), lang="en")
    setup_app.stack.push(setup)
    assert setup.resumable is not None and setup.resume_button.visible
    click(setup_app, setup.resume_button.rect.center)
    again = next(s for s in setup_app.stack if isinstance(s, LupinPlayScene))
    assert again.plan_limit == 600 and abs(again.plan_clock - 500.0) < 0.5
    assert again.match.state == play.match.state


def test_a_save_without_the_screens_block_loads_with_the_rulebooks_clock(tmp_path):
    from game.engine.saves import save_text
    from game.lupin.ui.setup_scene import screen_options

    path = tmp_path / "old.json"
    path.write_text(save_text(planning_match()), encoding="utf-8")
    data = read_save(path)
    assert data.ui == {} and '"ui"' not in path.read_text(encoding="utf-8")
    assert screen_options(data.ui) == {"plan_seconds": 15 * 60}
    assert screen_options({"plan_seconds": None, "plan_left": 3.0}) == {"plan_seconds": None}
    assert screen_options({"plan_seconds": "x", "plan_left": 5000}) == {"plan_seconds": 900, "plan_left": 900.0}


def radio_match():
    match = planning_match(players=2, purchases=False)
    state = match.state
    match.apply(next(a for a in state.legal_actions("lupin") if type(a).__name__ == "BuyDevice"
                     and (a.figure, a.device) == ("lupin", "radio")))
    for member in ("lupin", "jigen"):
        match.apply(next(a for a in match.state.legal_actions("lupin") if type(a).__name__ == "ChooseStart"
                         and a.figure == member))
    match.apply(next(a for a in match.state.legal_actions("lupin") if type(a).__name__ == "ConfirmPlan"))
    assert match.state.phase == "gang"
    return match


def use_radio(app, play):
    wanted = next(c for c in play.choices if c.type_name == "UseDevice" and c.action.device == "radio")
    point = next(p for p, what, payload in play.clickables() if what == "button"
                 and (payload == wanted or (isinstance(payload, list) and wanted in payload)))
    click(app, point)
    if play.popup is not None:
        click(app, next(p for p, what, c in play.clickables() if what == "popup" and c == wanted))


def test_the_radio_opens_the_gangs_talk_window_and_it_closes():
    app, play = shop_app(radio_match())
    assert not play.planning.active and play.seat == "lupin"
    use_radio(app, play)
    window = app.stack.top
    assert isinstance(window, PS.RadioTalkScene) and PS.RADIO_SECONDS - 1 < window.left <= PS.RADIO_SECONDS
    before = window.left
    talking = frame(app, 10.0)
    assert window.left == before - 10.0
    alone = make_app(scenes=(), lang="en")
    twin = alone.stack.push(PS.RadioTalkScene("Lupin"))
    twin.left = window.left
    assert talking == frame(alone, 0.0)                     # the board is covered
    click(app, window.done_button.rect.center)              # "Done talking"
    assert app.stack.top is play and play.revealed
    # another game: the two minutes run out and the window goes by itself
    app, play = shop_app(radio_match())
    use_radio(app, play)
    frame(app, PS.RADIO_SECONDS + 1.0)
    assert app.stack.top is play


def test_the_shop_in_italian():
    app = make_app(scenes=(), lang="it")
    play = LupinPlayScene(planning_match(), autosave=False, start_revealed=True)
    app.stack.push(play)
    frame(app)
    assert "Trascina" in play.instruction() or "compra" in play.instruction().lower()
    drag(app, tile(play, "rifle"), play.planning.card_point("goemon"))
    assert play.message and "Goemon" in play.message and "non può" in play.message
