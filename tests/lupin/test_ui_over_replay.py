"""The end of a game of Lupin on screen: the end screen (winners, how it ended, the numbers, what
next), the replay viewer with every secret shown, and the treasure flip shown to the right seat."""

import copy

import pytest

from game.engine.api import TABLE
from game.engine.i18n import t
from game.engine.replay import Match
from game.lupin.rules.actions import EndTreasure
from game.lupin.rules.review import game_stats, review_view
from game.lupin.rules.state import Config, seating
from game.lupin.ui.board_scene import LupinBoardScene, square_rect
from game.lupin.ui.flip import FlipScene
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.replay_scene import ReplayScene
from game.lupin.ui.scenes import finished_match, seeded_match
from game.lupin.ui.setup_scene import LupinSetupScene
from game.ui.canvas import Canvas
from game.ui.scenes.curtain import CurtainScene
from tests.lupin.test_ui_kit import click, frame, make_app


@pytest.fixture
def drawn(monkeypatch):
    """Every text the canvas draws from now on (a drawn-text check)."""
    texts: list[str] = []
    original = Canvas.text

    def record(self, text, *args, **kwargs):
        texts.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", record)
    return texts


def over_app(match):
    app = make_app(scenes=())
    play = LupinPlayScene(match, autosave=False)
    app.stack.push(play)
    app.update(0.02)
    return app, play


def winners_title(winners):
    from game.lupin.ui.play_scene import seat_name

    names = [seat_name(s) for s in winners]
    if len(names) == 1:
        return t("lupin.play.over.win_one", who=names[0])
    return t("lupin.play.over.win_many", who=t("lupin.play.over.and", a=", ".join(names[:-1]), b=names[-1]))


@pytest.mark.parametrize("episode,seed", [("gran-colpo", 3), ("rosso-rubino", 7)])
def test_a_bot_game_played_to_the_end_shows_the_winners_how_it_ended_and_the_numbers(episode, seed, drawn):
    match = finished_match(episode, seed=seed)
    result = match.state.result()
    assert result is not None
    app, play = over_app(match)
    assert play.over and play.seat == TABLE
    frame(app)
    assert winners_title(result.winners) in drawn
    assert any(t(f"lupin.reason.{result.reason}") in text for text in drawn)
    shots = sum(1 for e in match.state.log if e.kind == "shot")
    flips = sum(1 for e in match.state.log if e.kind == "flipped")
    stats = play.over_screen().stats
    assert (stats["shots"], stats["flips"], stats["rounds"]) == (shots, flips, match.state.round)
    assert str(shots) in drawn and t("lupin_over.over.stat.flips") in drawn
    labels = {b.text() for b in play.over_screen().buttons}
    assert labels == {t("lupin_over.over.replay"), t("lupin_over.over.again"), t("lupin.play.over.back")}
    assert {what for _p, what, _x in play.clickables()} == {"over"}


def test_time_up_with_the_treasure_out_says_a_member_was_still_on_the_map(drawn):
    """Stonehenge, 5 players (heuristic bots, seed 1): the blade is out but a member is still free
    on the board when time runs out. The end screen, the table's instruction line and the history
    say so, instead of "the treasure never left the map" (seen in a real window, thirteenth session)."""
    match = finished_match("stonehenge", seed=1)
    result = match.state.result()
    assert result.reason == "time_up" and match.state.treasure_out
    app, play = over_app(match)
    frame(app)
    said = t("lupin.reason.time_up_out")
    assert said != t("lupin.reason.time_up")
    assert any(said in text for text in drawn) and not any(t("lupin.reason.time_up") in text for text in drawn)
    over = next(e for e in match.state.log if e.kind == "game_over")
    from game.lupin.ui.log_text import event_line
    assert said in event_line({"kind": over.kind, **dict(over.data)})


def test_the_all_against_all_end_screen_shows_every_members_points(drawn):
    match_avs = None
    for seed in range(1, 12):   # a 4-player all-against-all bot game
        m = Match("lupin", {"episode": "rosso-rubino", "players": 4, "variant": "all-vs-all"}, seed)
        from game.lupin.ai import HeuristicBot

        bots = {}
        while not m.state.is_over():
            seat = m.state.to_act()[0]
            bot = bots.setdefault(seat, HeuristicBot(seed + len(bots)))
            m.apply(bot.choose(m.state.view(seat), m.state.legal_actions(seat)))
        if m.state.result().scores:
            match_avs = m
            break
    assert match_avs is not None
    app, play = over_app(match_avs)
    frame(app)
    for seat, points in match_avs.state.result().scores.items():
        assert (t("lupin_over.over.point") if points == 1 else t("lupin_over.over.points", n=points)) in drawn


def test_watch_the_replay_then_step_to_the_last_move_shows_the_final_position():
    match = finished_match("gran-colpo", seed=3)
    app, play = over_app(match)
    click(app, play.over_screen().replay_button.rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.index == 0 and replay.playing
    assert replay.total == len(match.log)
    frame(app, 0.02)
    click(app, replay.play_button.rect.center)           # pause
    assert not replay.playing
    at = replay.index
    frame(app, 5.0)
    assert replay.index == at                             # paused: time does not move it
    click(app, replay.controls[-1].rect.center)           # last
    assert replay.index == replay.total
    final = review_view(match.state)
    assert replay.view["figures"] == final["figures"] and replay.view["tiles"] == final["tiles"]
    assert replay.current == match.state
    click(app, replay.controls[1].rect.center)            # previous
    assert replay.index == replay.total - 1
    assert replay.current == Match.replay("lupin", match.config, match.seed, list(match.log)[:-1]).state
    click(app, replay.controls[3].rect.center)            # next
    assert replay.index == replay.total and replay.current == match.state
    click(app, replay.controls[0].rect.center)            # first
    assert replay.index == 0 and replay.view["round"] == 1
    # the timeline jumps: the middle of the bar is the middle of the game
    bar = replay.timeline.bar
    click(app, bar.center)
    assert abs(replay.index - replay.total / 2) <= 1
    middle = replay.index
    assert replay.current == Match.replay("lupin", match.config, match.seed, list(match.log)[:middle]).state
    # play runs the moves on by itself, one at a time
    click(app, replay.play_button.rect.center)
    assert replay.playing
    frame(app, 0.75)
    assert replay.index == middle + 1
    frame(app)
    click(app, replay.back_button.rect.center)            # back to the end screen
    assert app.stack.top is play and play.over


def test_a_hidden_move_shows_the_members_real_square_in_the_replay():
    match = finished_match("rosso-rubino", seed=2)
    run = Match("lupin", match.config, match.seed)
    found = None
    for i, action in enumerate(match.log, start=1):
        run.apply(action)
        zen = run.state.view("zenigata")
        hidden = [c for c in run.state.gang if zen["figures"][c]["spot"] is None and run.state.figures[c].spot is not None
                  and not run.state.figures[c].escaped and type(action).__name__ == "Move" and action.figure == c]
        if hidden:
            found = (i, hidden[0], copy.deepcopy(run.state))
            break
    assert found is not None, "no hidden move in this game"
    i, member, state = found
    # during the game, Zenigata's board had no token for him
    assert member not in LupinBoardScene(state, "zenigata").tokens
    replay = ReplayScene(match, start=i, playing=False)
    app = make_app(scenes=())
    app.stack.push(replay)
    frame(app)
    fig = replay.view["figures"][member]
    true_spot = state.figures[member].spot
    assert fig["hidden"] and fig["spot"] is not None
    assert replay.tokens[member][0] == pytest.approx(replay._spot_rect(fig["spot"]).center)
    if isinstance(true_spot, tuple) and len(true_spot) == 2 and isinstance(true_spot[0], int):
        assert square_rect(*true_spot).collidepoint(replay.tokens[member][0])
    # and the move's line in the panel names the square (the log line un-redacted)
    assert any(line.endswith(f"{fig['spot']}.") or fig["spot"] in line for line in replay.step_lines(i))


def test_play_again_opens_a_set_up_with_the_same_options():
    match = finished_match("gran-colpo", seed=5, players=3)
    app, play = over_app(match)
    click(app, play.over_screen().again_button.rect.center)
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene) and play not in app.stack
    config = setup.config()
    assert config["episode"] == "gran-colpo" and config["players"] == 3
    assert seating(Config.from_mapping(config)) == seating(Config.from_mapping(match.config))
    click(app, setup.start_button.rect.center)
    new = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    assert new.match.config["players"] == 3 and new.match.config["episode"] == "gran-colpo"
    assert not new.match.log


# ------------------------------------------------------------------------------ the flip

def flip_match(treasure: bool):
    """Phase 4 of round 3: Fujiko (her own seat, alone inside) may flip tile 0, which holds
    ``treasure`` (one other tile takes the other face so the game still has one treasure)."""
    match = seeded_match("rosso-rubino", seed=1, until_round=3, phase="treasure")
    while match.state.to_act() != ["fujiko"]:   # every gang seat gets a phase-4 turn: the others pass
        match.apply(EndTreasure(match.state.to_act()[0]))
    tiles = match.state.tiles
    if tiles[0].treasure != treasure:
        other = next(x for x in tiles[1:] if x.treasure == treasure)
        tiles[0].treasure, other.treasure = other.treasure, tiles[0].treasure
    return match


def flip_through_the_screen(match):
    app = make_app(scenes=())
    play = LupinPlayScene(match, autosave=False, start_revealed=True)
    app.stack.push(play)
    app.update(0.02)
    assert play.seat == "fujiko"
    point = next(p for p, what, c in play.clickables() if what == "button" and type(getattr(c, "action", None)).__name__ == "Flip")
    click(app, point)
    return app, play


def overlay_alone(entries):
    app = make_app(scenes=())
    app.stack.push(FlipScene("Zenigata", entries, "rosso-rubino"))
    return app


@pytest.mark.parametrize("treasure", [True, False])
def test_the_flip_shows_the_face_to_the_flipping_seat_and_a_back_to_the_others(treasure, drawn):
    app, play = flip_through_the_screen(flip_match(treasure))
    flip = app.stack.top
    assert isinstance(flip, FlipScene) and flip.name == "Fujiko"
    assert play.seat == TABLE and not play.revealed          # the board behind holds the table's view
    assert [e.get("treasure") for e in flip.entries] == [treasure]
    mid = frame(app, 0.4)
    assert not flip.done and mid != frame(app, 0.1)           # the tile is turning
    click(app, (800, 450))                                     # a click skips the turn
    assert flip.done and app.stack.top is flip
    drawn.clear()
    flip._surfaces.clear()
    frame(app)
    face = t("lupin_over.flip.face_treasure" if treasure else "lupin_over.flip.face_empty").upper()
    assert face in drawn and t("lupin_over.flip.treasure" if treasure else "lupin_over.flip.empty") in drawn
    app.update(CurtainScene.ARM_DELAY)
    click(app, (800, 450))                                     # closed: now the curtain for the next seat
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and not isinstance(curtain, FlipScene) and curtain.name == "Zenigata"
    assert play.seat == TABLE and not play.revealed
    app.update(CurtainScene.ARM_DELAY + 0.1)
    click(app, (800, 450))
    seen = app.stack.top
    assert isinstance(seen, FlipScene) and seen.name == "Zenigata"   # he sees that a tile was flipped...
    assert play.seat == TABLE and not play.revealed
    assert seen.entries and all("treasure" not in e for e in seen.entries)
    drawn.clear()
    frame(app, 2.0)
    assert t("lupin_over.flip.unknown") in drawn                # ... face down
    assert not {t("lupin_over.flip.face_treasure").upper(), t("lupin_over.flip.face_empty").upper(),
                t("lupin_over.flip.treasure"), t("lupin_over.flip.empty")} & set(drawn)
    click(app, (800, 450))
    assert app.stack.top is play and play.seat == "zenigata" and play.revealed
    assert not play.flip_queue.get("zenigata")


def test_a_seat_that_may_not_see_the_face_gets_the_same_pixels_whatever_the_tile_was():
    """Pixels: Zenigata's overlay is the same for a treasure and an empty tile; Fujiko's is not."""
    from game.lupin.ui.flip import flip_entries

    frames = {}
    for treasure in (True, False):
        match = flip_match(treasure)
        flip = next(a for a in match.state.legal_actions("fujiko") if type(a).__name__ == "Flip" and a.tile == 0)
        events = match.apply(flip)
        for seat in ("zenigata", "fujiko"):
            app = overlay_alone(flip_entries(events, seat, match.state))
            frames[seat, treasure] = [frame(app, dt) for dt in (0.3, 0.3, 0.5)]
    assert frames["zenigata", True] == frames["zenigata", False]
    assert frames["fujiko", True][-1] != frames["fujiko", False][-1]


def test_a_flip_with_no_audience_for_a_seat_is_not_shown_to_it():
    from game.engine.api import Event
    from game.lupin.ui.flip import flip_entries

    hidden = Event("flipped", {"figure": "lupin", "tile": 1, "treasure": True, "taker": "lupin"},
                   audience=frozenset({"lupin"}))
    assert flip_entries([hidden], "zenigata") == []
    assert flip_entries([hidden], "lupin")[0]["treasure"] is True


def test_stats_count_what_happened():
    match = finished_match("gran-colpo", seed=3)
    stats = game_stats(match.state)
    assert stats["arrests"] == sum(1 for e in match.state.log if e.kind == "arrested")
    assert stats["escapes"] == sum(1 for e in match.state.log if e.kind == "escaped")
    assert sum(m["flips"] for m in stats["members"].values()) == stats["flips"]


def test_stats_count_cagliostros_discovery_tokens_as_flips():
    """At Cagliostro the gang turns discovery tokens, not treasure tiles: the end screen's "tiles
    turned" counts them (it said 0 after a game with six tokens turned, seen in the window)."""
    match = finished_match("cagliostro", seed=4)
    turned = [e for e in match.state.log if e.kind == "token_flipped"]
    assert turned, "the seeded game turns at least one token"
    stats = game_stats(match.state)
    assert stats["flips"] == len(turned)
    assert sum(m["flips"] for m in stats["members"].values()) == len(turned)


def test_review_view_shows_what_no_seat_saw_and_keeps_the_shape_of_a_view():
    match = seeded_match("rosso-rubino", seed=7)
    state = match.state
    view = review_view(state)
    table = state.view(TABLE)
    assert set(view) == set(table)
    for c in state.gang:
        assert view["figures"][c]["spot"] == state.view(state.seat_of[c])["figures"][c]["spot"]
    assert [x["treasure"] for x in view["tiles"]] == [x.treasure for x in state.tiles]
    assert len(view["log"]) == len(state.log)
