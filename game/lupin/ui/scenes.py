"""Scene registrations for Lupin (see game/ui/registry.py)."""

from __future__ import annotations

import copy
import functools

from game.ui.registry import register_continue, register_scene


def seeded_position(episode: str = "rosso-rubino", seed: int = 7, until_round: int = 4):
    """A game played by the heuristic bots up to the gang phase of ``until_round``: the position
    the board screenshot shows (the same every time)."""
    from game.lupin.ai import HeuristicBot
    from game.lupin.rules import new_game

    state = new_game({"episode": episode, "players": 5}, seed)
    bots: dict = {}
    while not state.is_over() and not (state.round >= until_round and state.phase == "gang"):
        seat = state.to_act()[0]
        bot = bots.setdefault(seat, HeuristicBot(seed * 17 + len(bots)))
        state.apply(bot.choose(state.view(seat), state.legal_actions(seat)))
    return state


@functools.lru_cache(maxsize=8)
def _seeded_match(episode: str, seed: int, until_round: int, phase: str, players: int):
    from game.engine.replay import Match
    from game.lupin.ai import HeuristicBot

    match = Match("lupin", {"episode": episode, "players": players}, seed, game_id=f"seeded-{episode}-{seed}")
    bots: dict = {}
    state = match.state
    while not state.is_over() and not (state.round >= until_round and state.phase == phase):
        seat = state.to_act()[0]
        bot = bots.setdefault(seat, HeuristicBot(seed * 17 + len(bots)))
        match.apply(bot.choose(state.view(seat), state.legal_actions(seat)))
        state = match.state
    return match


def seeded_match(episode: str = "rosso-rubino", seed: int = 7, until_round: int = 4, phase: str = "gang",
                 players: int = 5):
    """Like :func:`seeded_position`, as a :class:`game.engine.replay.Match` (with its log) that a
    play scene can go on with: a fresh copy each call (the bots play once per process)."""
    return copy.deepcopy(_seeded_match(episode, seed, until_round, phase, players))


@register_scene("lupin-board")
def _lupin_board(app, episode: str = "rosso-rubino", seat: str = "lupin", **_options):
    from game.lupin.ui.board_scene import LupinBoardScene

    return LupinBoardScene(seeded_position(episode), seat)


@register_scene("lupin-board-zenigata")
def _lupin_board_zenigata(app, episode: str = "gran-colpo", **_options):
    from game.lupin.ui.board_scene import LupinBoardScene

    return LupinBoardScene(seeded_position(episode), "zenigata")


@register_scene("lupin-setup")
def _lupin_setup(app, game: str | None = None, episode: str = "rosso-rubino", **_options):
    """Opened by the chooser (``game="lupin"``), it offers to resume an unfinished autosaved game;
    built without options (a screenshot) it reads no saves, so the picture is the same anywhere."""
    from game.lupin.ui.setup_scene import LupinSetupScene

    return LupinSetupScene(episode, look_for_saves=game is not None)


# the play screen's options a set-up (Start, Resume) hands to "lupin-play" with its match
TABLE_OPTIONS = ("plan_seconds", "plan_left", "fujiko_left", "last_seen", "held")


@register_scene("lupin-play")
def _lupin_play(app, episode: str = "rosso-rubino", match=None, computer=None, autosave: bool = True, **_options):
    """A seeded game in the gang phase of round 4, seen by the first gang seat to act; given a
    ``match`` (Lupin's ``table_scene``: the shell's set-up), that game, behind the curtain."""
    from game.lupin.ui.play_scene import LupinPlayScene

    if match is not None:   # the set-up's planning clock and a resumed game's notes come along
        screen = {k: v for k, v in _options.items() if k in TABLE_OPTIONS}
        return LupinPlayScene(match, computer=computer, autosave=autosave, **screen)
    return LupinPlayScene(seeded_match(episode), autosave=False, start_revealed=True)


@register_scene("lupin-curtain")
def _lupin_curtain(app, episode: str = "gran-colpo", **_options):
    """The hot-seat curtain over a play screen: nothing of the board shows."""
    from game.lupin.ui.play_scene import LupinPlayScene, seat_name
    from game.ui.scenes.curtain import CurtainScene

    scene = LupinPlayScene(seeded_match(episode, phase="police"), autosave=False, start_revealed=True)
    return [scene, CurtainScene(seat_name("zenigata"))]


@register_scene("lupin-menu")
def _lupin_menu(app, episode: str = "rosso-rubino", **_options):
    """The in-game menu (Esc or the Menu button) over a game in play."""
    from game.engine.i18n import t
    from game.lupin.ui.play_scene import LupinPlayScene
    from game.ui.scenes.game_menu import GameMenuScene

    scene = LupinPlayScene(seeded_match(episode), autosave=False, start_revealed=True)
    return [scene, GameMenuScene(on_rules=scene.open_rules, on_save_leave=scene.save_and_leave,
                                 note=lambda: t("game_menu.saved_note"))]


@register_scene("lupin-history")
def _lupin_history(app, episode: str = "rosso-rubino", **_options):
    """The History panel: the acting seat's whole log of a game at round 4."""
    from game.engine.i18n import t
    from game.lupin.ui.play_scene import LupinPlayScene
    from game.ui.scenes.history import HistoryScene

    scene = LupinPlayScene(seeded_match(episode), autosave=False, start_revealed=True)
    scene.update_log()
    return [scene, HistoryScene([text for text, _i in scene.history], title=lambda: t("history.title"))]


@register_scene("lupin-cards")
def _lupin_cards(app, **_options):
    """Every base mission card, face up, in a gallery (hover enlarges one)."""
    from game.lupin.ui.card_art import LupinCardsScene
    from game.ui.scenes.title import TitleScene

    return [TitleScene(), LupinCardsScene()]


@register_scene("rules-lupin")
def _rules_lupin(app, episode: str = "rosso-rubino", chapter: str = "seen", **_options):
    """The rules reader on Lupin's book, opened at a chapter (``chapter``: a chapter id)."""
    from game.lupin.ui.rules_book import rules_reader
    from game.ui.scenes.title import TitleScene

    return [TitleScene(), rules_reader(episode, open_at=chapter)]


# ---- the gang's planning: the device shop, its pause screen, every tile's picture ----------

def planning_match(seed: int = 11, players: int = 5, episode: str = "rosso-rubino", purchases: bool = True):
    """A seeded game in the gang's planning (Zenigata's men placed) with a few purchases made
    by Lupin's seat: the shop's screenshot and its tests start here."""
    from game.engine.replay import Match

    match = Match("lupin", {"episode": episode, "players": players}, seed, game_id=f"planning-{episode}-{seed}")
    while match.state.phase == "placement":
        match.apply(match.state.legal_actions("zenigata")[0])
    if purchases:
        for figure, device in (("lupin", "hand_grenade"), ("jigen", "rifle"), ("lupin", "backpack"),
                               ("goemon", "knife"), ("fujiko", "radio")):
            wanted = [a for a in match.state.legal_actions("lupin") if type(a).__name__ == "BuyDevice"
                      and a.figure == figure and a.device == device]
            if wanted:
                match.apply(wanted[0])
        starts = [a for a in match.state.legal_actions("lupin") if type(a).__name__ == "ChooseStart"]
        if starts:
            match.apply(starts[0])
    return match


@register_scene("lupin-planning")
def _lupin_planning(app, **_options):
    """The device shop, seen by Lupin's seat, with a few purchases made."""
    from game.lupin.ui.play_scene import LupinPlayScene

    scene = LupinPlayScene(planning_match(), autosave=False, start_revealed=True, plan_left=11 * 60 + 42)
    scene.planning.picked = ("shop", "helicopter")   # a tile clicked: its text shows, the cards wait
    return scene


@register_scene("lupin-planning-pause")
def _lupin_planning_pause(app, **_options):
    """The planning paused: nothing of the shop, the board or the plan shows."""
    from game.lupin.ui.planning_scene import PauseScene
    from game.lupin.ui.play_scene import LupinPlayScene

    scene = LupinPlayScene(planning_match(), autosave=False, start_revealed=True, plan_left=11 * 60 + 42)
    return [scene, PauseScene(scene.plan_clock)]


@register_scene("lupin-shop-tiles")
def _lupin_shop_tiles(app, **_options):
    """Every device tile's picture (base box and expansion)."""
    from game.lupin.ui.planning_scene import TileGalleryScene

    return TileGalleryScene()


def finished_match(episode: str = "rosso-rubino", seed: int = 2, players: int = 5):
    """A whole game played by the heuristic bots to its end (a fresh copy each call)."""
    return seeded_match(episode, seed=seed, until_round=99, phase="none", players=players)


@register_scene("lupin-flip")
def _lupin_flip(app, episode: str = "rosso-rubino", **_options):
    """Fujiko flips a tile in phase 4: mid-turn, as her seat sees it (the face is hers to see)."""
    from game.lupin.ui.flip import FlipScene, file_flips
    from game.lupin.ui.play_scene import LupinPlayScene, seat_name

    from game.lupin.rules.actions import EndTreasure, Flip

    match = seeded_match(episode, seed=1, until_round=3, phase="treasure")
    # every gang seat gets a phase-4 turn: those with nothing to flip pass, up to Fujiko's
    while match.state.phase == "treasure" and not any(
            isinstance(a, Flip) for a in match.state.legal_actions(match.state.to_act()[0])):
        match.apply(EndTreasure(match.state.to_act()[0]))
    play = LupinPlayScene(match, autosave=False, start_revealed=True)
    flip = next(c for c in play.choices if type(c.action).__name__ == "Flip")
    events = match.apply(flip.action)
    entries = file_flips(play, events)
    overlay = FlipScene(seat_name(flip.action.seat), entries, episode)
    overlay.hold = 0.5   # the tile has turned past its edge: the face is showing, still narrow
    play.curtain = overlay   # the flip stands between the turns: no curtain on top of it yet
    return [play, overlay]


@register_scene("lupin-over")
def _lupin_over(app, episode: str = "rosso-rubino", **_options):
    """The end screen of a whole bot game the gang won."""
    from game.lupin.ui.play_scene import LupinPlayScene

    return LupinPlayScene(finished_match(episode), autosave=False)


@register_scene("lupin-replay")
def _lupin_replay(app, episode: str = "rosso-rubino", **_options):
    """The replay of a finished game, paused on a move where a hidden member moved."""
    from game.lupin.ui.play_scene import LupinPlayScene
    from game.lupin.ui.replay_scene import ReplayScene

    match = finished_match(episode)
    return [LupinPlayScene(match, autosave=False), ReplayScene(match, start=150, playing=False)]


# ---- the tutorial (title screen → Tutorial): game/lupin/ui/tutorial_scene.py ----------------
def _tutorial_steps() -> int:
    from game.lupin.tutorial import load_script

    return len(load_script().steps)


def _tutorial_build(step: int = 0, persist: bool = True):
    from game.lupin.ui.tutorial_scene import LupinTutorialScene

    scene = LupinTutorialScene(step=step, persist=persist)
    scene.confirm_risky = False   # the script says what each click does: no "Leave the map?" in the way
    scene.menu_buttons = False    # Esc leaves the tutorial; no Menu or History button to refuse
    return scene


def _tutorial_fits(progress) -> bool:
    from game.lupin.ui.tutorial_scene import progress_fits

    return progress_fits(progress)


def _register_tutorial() -> None:
    from game.ui.tutorial import register_tutorial

    register_tutorial("lupin", steps=_tutorial_steps, build=_tutorial_build, valid=_tutorial_fits)


_register_tutorial()


@register_scene("lupin-tutorial")
def _lupin_tutorial(app, step: str = "shoot", **_options):
    """The tutorial at one of its steps (``step``: a step's text key, or its number from 1), the
    highlight on what to click; nothing is saved."""
    from game.lupin.tutorial import load_script
    from game.ui.tutorial import step_index

    scene = _tutorial_build(step_index(load_script(), step), persist=False)
    scene.time = 0.25   # the ring mid-pulse
    return scene


@register_continue
def _lupin_continue():
    """The title screen's "Continue": the latest unfinished Lupin game, reopened behind the curtain."""
    from game.engine.i18n import current_language, t
    from game.lupin.rules.boards import episode
    from game.lupin.ui.setup_scene import latest_unfinished_save, screen_options

    found = latest_unfinished_save()
    if found is None:
        return None
    match, data = found

    def build():
        from game.engine.titles import title
        from game.lupin.ui.play_scene import LupinPlayScene
        from game.ui.scenes.setup import keep_computer_seats, make_bots

        # the clock, what each seat had seen (its "Since your last turn") and the tiles held for it,
        # and the seats the computer plays (their bots learn the game so far from their views)
        ui = dict(data.ui or {})
        saved = ui.get("computer")
        players = {str(s): str(b) for s, b in saved.items()} if isinstance(saved, dict) else {}
        scenes = [LupinPlayScene(match, computer=make_bots(title("lupin"), players, match.seed),
                                 **screen_options(ui))]
        keep_computer_seats(scenes, players)
        return scenes

    name = episode(match.config["episode"]).name[current_language()]
    note = t("lupin.setup.resume_note", episode=name, round=match.state.round, players=match.config["players"])
    return data.saved_at, note, build


# ---- the expansion episodes on the board (game/lupin/ui/board_expansion.py) -----------------

EXPANSION_BUYS = {   # what Lupin's seat buys before the bots play on (the bots seldom buy these)
    "cagliostro": (("jigen", "jeep"), ("goemon", "rowboat"), ("fujiko", "wetsuit")),
    "stonehenge": (("lupin", "shovel"), ("jigen", "jeep"), ("goemon", "shovel")),
}


@functools.lru_cache(maxsize=8)
def _expansion_match(episode: str, seed: int, until_round: int, seat: str):
    from game.engine.replay import Match
    from game.lupin.ai import HeuristicBot

    match = Match("lupin", {"episode": episode, "players": 5}, seed, game_id=f"seeded-{episode}-{seed}")
    bots: dict = {}
    bought = False

    def bot_move(who):
        bot = bots.setdefault(who, HeuristicBot(seed * 17 + len(bots)))
        match.apply(bot.choose(match.state.view(who), match.state.legal_actions(who)))

    while not match.state.is_over():
        state = match.state
        if state.round >= until_round and state.phase == "gang" and seat in state.to_act():
            break
        who = state.to_act()[0]
        if state.phase == "planning" and who == "lupin" and not bought:
            bought = True
            for figure, device in EXPANSION_BUYS.get(episode, ()):
                wanted = [a for a in match.state.legal_actions("lupin") if type(a).__name__ == "BuyDevice"
                          and a.figure == figure and a.device == device]
                if wanted:
                    match.apply(wanted[0])
            continue
        bot_move(who)
    return match


def expansion_match(episode: str, seed: int, until_round: int, seat: str = "lupin"):
    """A seeded game of an expansion episode: Lupin's seat buys a few of the episode's devices
    (``EXPANSION_BUYS``), then the heuristic bots play up to the gang phase of ``until_round``,
    on until ``seat`` is to act (Fujiko plays first in Cagliostro). A fresh copy each call."""
    return copy.deepcopy(_expansion_match(episode, seed, until_round, seat))


EXPANSION_SHOTS = {"cagliostro": (5, 9), "stonehenge": (5, 8)}   # (seed, round) of each screenshot


@register_scene("lupin-play-cagliostro")
def _lupin_play_cagliostro(app, **_options):
    """Ritorno a Cagliostro mid-game, seen by Lupin's seat: temples, tokens, handwheels, coins."""
    from game.lupin.ui.play_scene import LupinPlayScene

    seed, rnd = EXPANSION_SHOTS["cagliostro"]
    return LupinPlayScene(expansion_match("cagliostro", seed, rnd), autosave=False, start_revealed=True)


@register_scene("lupin-play-stonehenge")
def _lupin_play_stonehenge(app, **_options):
    """La lama di Stonehenge mid-game, seen by Lupin's seat: the Aim tombs, the pits, the blade."""
    from game.lupin.ui.play_scene import LupinPlayScene

    seed, rnd = EXPANSION_SHOTS["stonehenge"]
    return LupinPlayScene(expansion_match("stonehenge", seed, rnd), autosave=False, start_revealed=True)


@register_scene("lupin-board-cagliostro-zenigata")
def _lupin_board_cagliostro_zenigata(app, **_options):
    """Ritorno a Cagliostro as Zenigata's seat sees it: no hidden member, no face-down token's face."""
    from game.lupin.ui.board_scene import LupinBoardScene

    seed, rnd = EXPANSION_SHOTS["cagliostro"]
    return LupinBoardScene(expansion_match("cagliostro", seed, rnd).state, "zenigata")


# ---- against the computer (issue #14): the set-up's computer seats, Zenigata's overlay ---------

@register_scene("lupin-setup-computer")
def _lupin_setup_computer(app, **_options):
    """The set-up with computer seats: three players, Zenigata a person, the gang's two seats at the
    computer (hard and normal), the level's hint under the cards; no saves read."""
    from game.lupin.ui.setup_scene import LupinSetupScene

    scene = LupinSetupScene("gran-colpo", look_for_saves=False)
    scene.players_choice.set_value(3)
    scene.options_changed(None)
    scene.set_players({"zenigata": "person", "lupin": "hard", "jigen": "normal"})
    return scene


@register_scene("lupin-where")
def _lupin_where(app, episode: str = "gran-colpo", **_options):
    """Zenigata's board with "Where could they be?" switched on: two players, round 3's police
    phase, the gang hidden (a seeded game played by the heuristic bots)."""
    from game.lupin.ui.play_scene import LupinPlayScene

    scene = LupinPlayScene(seeded_match(episode, seed=7, until_round=3, phase="police", players=2), autosave=False,
                           start_revealed=True)
    scene.toggle_where()
    scene.session.settle(60)   # the overlay learns the game so far in a worker thread: the picture waits for it
    scene.version += 1
    return scene
