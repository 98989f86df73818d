"""Lupin's play screen, driven with the mouse alone: a whole game from the chooser to the end
screen, the hot-seat curtain, and what a frame drawn for Zenigata may show."""

import copy

import pygame
import pytest

from game.engine.api import TABLE, Action
from game.engine.saves import list_saves, load_match
from game.lupin.ui import choices as C
from game.lupin.ui.board_scene import square_rect
from game.lupin.ui.log_text import event_line
from game.lupin.ui.play_scene import LupinPlayScene, seat_name
from game.lupin.ui.scenes import seeded_match
from game.lupin.ui.setup_scene import LupinSetupScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.title import TitleScene
from tests.lupin.test_ui_kit import Driver, click, frame, hidden_square, key, make_app, move


def open_setup(app, episode="gran-colpo"):
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == episode)
    assert card.entry.openable
    click(app, card.rect.center)
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene)
    return setup


def play_app(match, lang="en"):
    app = make_app(scenes=(), lang=lang)
    scene = LupinPlayScene(match, autosave=False, start_revealed=True)
    app.stack.push(scene)
    app.update(0.02)
    return app, scene


def test_a_whole_game_from_the_chooser_to_the_end_screen_with_the_mouse_alone():
    app = make_app()
    setup = open_setup(app, "gran-colpo")
    assert setup.players_choice.value == 2
    click(app, setup.start_button.rect.center)
    assert isinstance(app.stack.top, CurtainScene)          # the first player is called to the table
    play = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert play.match.config["episode"] == "gran-colpo" and play.match.config["players"] == 2
    driver = Driver(app, seed=3)
    seats_seen = set()
    for step in range(3000):
        top = app.stack.top
        if isinstance(top, CurtainScene):
            # while the curtain is down the board holds the table's view, nobody's secrets
            assert play.seat == TABLE and not play.revealed
        elif not play.over:
            assert play.seat == play.acting_seat() and play.seat in play.match.state.to_act()
            assert play.view["seat"] == play.seat
            seats_seen.add(play.seat)
        if step % 7 == 0:
            frame(app)
        if not driver.step():
            break
    match = play.match
    assert match.state.is_over() and play.over
    assert seats_seen == {"zenigata", "lupin"} and driver.curtains >= 20
    kinds = {type(a).__name__ for a in match.log}
    assert {"Place", "ChooseStart", "ConfirmPlan", "Move", "EndTurn"} <= kinds
    frame(app)
    # autosaved after every move: the save replays to the same finished game
    listing = list_saves()
    assert len(listing.saves) == 1 and listing.saves[0].is_autosave
    assert listing.saves[0].moves == len(match.log)
    assert load_match(listing.saves[0].path).state == match.state
    # the end screen goes back to the title
    click(app, play.over_button.rect.center)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


def test_a_frame_drawn_for_zenigata_never_shows_a_hidden_member():
    match = seeded_match("gran-colpo", phase="police")
    state = match.state
    assert state.to_act() == ["zenigata"]
    member = next(c for c in state.gang if not state.is_shown(c) and not state.figures[c].escaped)
    other = copy.deepcopy(match)
    other.state.figures[member].spot = hidden_square(other.state, member)
    assert not other.state.is_shown(member)
    assert other.state.view(state.seat_of[member]) != state.view(state.seat_of[member])

    def zenigata_frame(m):
        app, scene = play_app(m)
        assert scene.seat == "zenigata"
        agent = next(a for a in scene.actors if a.startswith("agent-"))
        click(app, scene.tokens[agent][0])          # select an agent: his moves light up
        assert scene.selected == agent and scene.targets
        move(app, square_rect(*sorted(scene.targets)[0]).center)   # and a hint for the first one
        return frame(app, 0.5)

    assert zenigata_frame(other) == zenigata_frame(match)


def test_the_curtain_hides_the_board_and_comes_down_between_seats():
    match = seeded_match("gran-colpo", phase="police")
    covered = make_app(scenes=(), lang="en")
    scene = LupinPlayScene(copy.deepcopy(match), autosave=False, start_revealed=True)
    covered.stack.push(scene)
    covered.stack.push(CurtainScene("Zenigata"))
    alone = make_app(scenes=(), lang="en")
    alone.stack.push(CurtainScene("Zenigata"))
    for dt in (0.02, 0.3, 0.6):
        assert frame(covered, dt) == frame(alone, dt)
    # Zenigata ends the police phase: the curtain comes down for Lupin before anything is drawn
    app, play = play_app(copy.deepcopy(match))
    end = next(b for b, c in play.buttons if getattr(c, "kind", "") == "end")
    click(app, end.rect.center)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.name == "Lupin"
    assert play.seat == TABLE and play.view["seat"] == TABLE and not play.choices
    click(app, (800, 450))                        # too early: a double click cannot lift it
    assert app.stack.top is curtain
    app.update(CurtainScene.ARM_DELAY + 0.1)
    click(app, (800, 450))
    assert app.stack.top is play and play.seat == "lupin" and play.revealed


def test_selecting_hovering_and_cancelling_with_the_mouse():
    match = seeded_match("rosso-rubino")
    app, play = play_app(match)
    assert play.seat == "lupin" and play.selected == "lupin"   # the only figure of the seat that may act
    moves = [(p, cs) for p, what, cs in play.clickables() if what == "square" and cs[0].kind == "move"]
    assert moves
    point, cs = moves[0]
    move(app, point)
    frame(app)
    tip = play.tooltip(play.hover)
    assert tip.startswith("Move to") and ("police would see you" in tip or "out of sight" in tip)
    attacks = [(p, cs) for p, what, cs in play.clickables() if what == "square" and cs[0].kind in ("shoot", "melee")]
    if attacks:
        move(app, attacks[0][0])
        assert "on 2d6 —" in play.tooltip(play.hover) and "%" in play.tooltip(play.hover)
    # right-click cancels the selection: no square is lit any more; a click on the token selects again
    click(app, (500, 500), button=3)
    assert play.selected is None and not any(c.kind == "move" for c in play.board_choices())
    click(app, play.tokens["lupin"][0])
    assert play.selected == "lupin"
    key(app, pygame.K_ESCAPE)
    assert play.selected is None
    # a move clicked on the board is applied by the rules and logged in a sentence
    click(app, play.tokens["lupin"][0])
    before, lines_before = len(play.match.log), list(play.log_lines)
    point, cs = [(p, cs) for p, what, cs in play.clickables() if what == "square" and cs[0].kind == "move"][0]
    click(app, point)
    if play.popup is not None:
        click(app, play.clickables()[0][0])
    assert len(play.match.log) == before + 1 and type(play.match.log[-1]).__name__ == "Move"
    assert play.log_lines[-1].startswith("Lupin moves")
    # a move that revealed nothing may be taken back
    assert play.undo_button in play.widgets
    click(app, play.undo_button.rect.center)
    assert len(play.match.log) == before and play.undo_button not in play.widgets
    assert play.log_lines == lines_before                  # the move's line went with it


def test_a_shot_rolls_the_dice_in_the_dice_panel():
    for seed in range(7, 40):
        match = seeded_match("rosso-rubino", seed=seed)
        app, play = play_app(match)
        shots = [(p, cs) for p, what, cs in play.clickables() if what == "square"
                 and any(c.kind == "shoot" for c in cs)]
        if shots:
            break
    else:
        pytest.skip("no seeded position with a shot")
    point, cs = shots[0]
    click(app, point)
    if play.popup is not None:
        click(app, next(p for p, what, c in play.clickables() if what == "popup" and c.kind == "shoot"))
    assert type(play.match.log[-1]).__name__ == "Shoot"
    assert play.dice.rolls and play.dice.rolling
    rolling = frame(app, 0.05)
    settled = frame(app, 1.0)
    assert rolling != settled and not play.dice.rolling
    event = next(e for e in reversed(play.view["log"]) if e["kind"] == "shot")
    assert play.dice.rolls[0].dice == list(event["dice"])


def test_gang_seats_plan_in_turn_and_pass_the_mouse():
    from game.engine.replay import Match

    match = Match("lupin", {"episode": "rosso-rubino", "players": 5}, 11)
    while match.state.phase == "placement":
        match.apply(match.state.legal_actions("zenigata")[0])
    app, play = play_app(match)
    assert play.seat == "lupin" and len(match.state.to_act()) == 4
    start = next(p for p, what, cs in play.clickables() if what == "square" and cs[0].kind == "start")
    click(app, start)
    assert match.state.figures["lupin"].spot is not None
    hand = next(b for b, c in play.buttons if c == "handover")
    assert "Jigen" in b_text(hand)
    click(app, hand.rect.center)
    assert isinstance(app.stack.top, CurtainScene) and app.stack.top.name == "Jigen"
    app.update(1.0)
    click(app, (800, 450))
    assert play.seat == "jigen"
    # the planning clock: only when the 15 minutes are up may the plan stand as it is
    assert not any(getattr(c.action, "timed_out", False) for c in play.choices)
    play.update(16 * 60)
    assert any(getattr(c.action, "timed_out", False) for c in play.choices)


def b_text(button):
    return button.text() if callable(button.text) else button.text


@pytest.mark.parametrize("config", [
    {"episode": "gran-colpo", "players": 5},
    {"episode": "rosso-rubino", "players": 4, "variant": "all-vs-all"},
], ids=["gran-colpo-5-coop", "rosso-rubino-4-all-vs-all"])
def test_every_move_a_bot_wants_is_within_reach_of_the_mouse(config):
    """Bots play whole games through the screen: each action they pick among those on offer is
    found on screen (button, menu, token, square) and clicked; the game ends."""
    from game.engine.replay import Match
    from tests.lupin.test_ui_kit import BotDriver

    app = make_app(scenes=())
    match = Match("lupin", config, 21)
    play = LupinPlayScene(match, autosave=False)
    app.stack.push(play)
    driver = BotDriver(app, seed=5)
    for n in range(4000):
        if n % 9 == 0:
            frame(app)
        if not driver.step():
            break
    assert match.state.is_over() and play.over
    assert len({type(a).__name__ for a in match.log}) >= 8


def test_action_types_the_screen_does_not_know_still_show_up():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class DigTunnel(Action):
        figure: str
        to: str

    @dataclass(frozen=True)
    class BribeGuard(Action):
        figure: str
        amount: int

    match = seeded_match("rosso-rubino")
    view = match.state.view("lupin")
    dig = C.classify(DigTunnel("lupin", "lupin", "C5"), view)
    assert dig.on_board and dig.spot == "C5" and dig.actor == "lupin" and dig.kind == "target"
    assert dig.label.startswith("Dig tunnel") and "C5" in dig.label
    bribe = C.classify(BribeGuard("lupin", "lupin", 3), view)
    assert not bribe.on_board and bribe.actor == "lupin" and bribe.label == "Bribe guard: Lupin, 3"
    assert event_line({"kind": "tunnel_dug", "figure": "lupin", "square": "C5"}) == "Tunnel dug: Lupin, C5"
    from game.lupin.rules.odds import odds_2d6
    assert odds_2d6(7) == pytest.approx(21 / 36) and odds_2d6(2) == 1 and odds_2d6(13) == 0


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_event_of_a_played_game_reads_as_a_sentence(lang):
    from game.engine.i18n import set_language

    set_language(lang)
    try:
        match = seeded_match("gran-colpo", phase="police")
        for seat in ("zenigata", "lupin", "table"):
            for entry in match.state.view(seat)["log"]:
                line = event_line(entry)
                assert line and "{" not in line and not line.startswith(entry["kind"].capitalize().replace("_", " ") + ":"), line
    finally:
        set_language("en")


def test_the_police_sight_the_screen_hatches_is_the_rules_own_over_whole_games():
    """The squares hatched "the police would see you" are built from a seat's view: the police
    figures, the cars and the gang vehicles in view. Over whole bot games, for every seat, they must be
    the lines of fire and sight blockers the rules use (a gang vehicle in view blocks sight too)."""
    from game.lupin.simulate import play_game

    checked = {"positions": 0, "rides": 0}

    def same_sight(state, _action):
        if state.phase not in ("gang", "police"):
            return
        want_viewers = sorted(state.viewers(), key=repr)
        want_vehicles = sorted(state.vehicles(), key=repr)
        for seat in sorted(set(state.seat_of.values())) + [TABLE]:
            viewers, vehicles = C.police_sight(state.view(seat))
            assert sorted(viewers, key=repr) == want_viewers, seat
            assert sorted(vehicles, key=repr) == want_vehicles, seat
        checked["positions"] += 1
        checked["rides"] += bool(state.rides)

    for seed in range(4):
        summary = play_game({"episode": "rosso-rubino", "players": 5}, 40 + seed, "heuristic", check=same_sight)
        assert summary.get("error") is None, summary
    assert checked["positions"] > 100 and checked["rides"] > 10


def test_a_lit_square_under_the_bus_still_shows_it_can_be_reached():
    """The bus is drawn over the board's squares; a square the selected member may move to under it
    keeps its outline drawn over the bus, so the player still sees he may go there."""
    from game.engine.grid import format_coord
    from game.engine.grid import Sq

    app, scene = play_app(seeded_match("rosso-rubino"))
    frame(app)
    sq = next(sq for sq, cs in scene.targets.items() if any(c.kind == "move" for c in cs))
    assert sq not in scene._covered_targets()
    from game.lupin.ui.board_scene import TARGET_STYLE

    edge = app.canvas.point_px((square_rect(*sq).left + 4.5, square_rect(*sq).centery))
    outline = TARGET_STYLE["seen" if scene.seen_at(scene.targets[sq][0].spot) else "move"][1]
    # the bus now stands on that square (and the next): the outline is drawn over it
    scene.view["bus"] = [format_coord(Sq(*sq)), format_coord(Sq(sq[0], sq[1] + 1))]
    scene.version += 1
    assert sq in scene._covered_targets()
    frame(app)
    assert tuple(app.canvas.surface.get_at(edge)[:3]) == tuple(outline)
    # without the outline over it, the bus hides the square's light
    scene._covered_targets = lambda: []
    scene.version += 1
    frame(app)
    assert tuple(app.canvas.surface.get_at(edge)[:3]) != tuple(outline)


def test_a_computer_seat_plays_without_a_curtain_while_the_person_plays_with_the_mouse():
    """The seam for computer seats: Zenigata played by a bot, the gang by a person. No curtain ever
    comes down for the computer, its moves come one by one, the person's screen shows only the
    person's seat, and the game reaches its end."""
    from game.engine.replay import Match
    from game.lupin.ai import HeuristicBot

    match = Match("lupin", {"episode": "gran-colpo", "players": 2}, 11)
    app = make_app(scenes=())
    scene = LupinPlayScene(match, autosave=False, computer={"zenigata": HeuristicBot(5)})
    app.stack.push(scene)
    app.update(0.02)
    assert not isinstance(app.stack.top, CurtainScene)        # the computer places its men first
    n = len(match.log)
    app.update(0.1)
    assert len(match.log) == n                                # not all at once: one move a pause
    driver = Driver(app, seed=5)
    curtains_for = set()
    zenigata_moves = 0
    for step in range(4000):
        top = app.stack.top
        if isinstance(top, CurtainScene):
            curtains_for.add(top.name)
        if scene.over:
            break
        if scene.computer_to_act() is not None:
            before = len(match.log)
            app.update(0.7)
            zenigata_moves += len(match.log) - before
            assert scene.seat != "zenigata"
            continue
        driver.step()
    assert scene.over and zenigata_moves > 10
    assert seat_name("zenigata") not in curtains_for
