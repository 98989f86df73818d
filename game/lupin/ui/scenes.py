"""Scene registrations for Lupin (see game/ui/registry.py)."""

from __future__ import annotations

import copy
import functools

from game.ui.registry import register_scene


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


@register_scene("lupin-play")
def _lupin_play(app, episode: str = "rosso-rubino", **_options):
    """A seeded game in the gang phase of round 4, seen by the first gang seat to act."""
    from game.lupin.ui.play_scene import LupinPlayScene

    return LupinPlayScene(seeded_match(episode), autosave=False, start_revealed=True)


@register_scene("lupin-curtain")
def _lupin_curtain(app, episode: str = "gran-colpo", **_options):
    """The hot-seat curtain over a play screen: nothing of the board shows."""
    from game.lupin.ui.play_scene import LupinPlayScene, seat_name
    from game.ui.scenes.curtain import CurtainScene

    scene = LupinPlayScene(seeded_match(episode, phase="police"), autosave=False, start_revealed=True)
    return [scene, CurtainScene(seat_name("zenigata"))]
