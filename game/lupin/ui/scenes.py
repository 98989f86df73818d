"""Scene registrations for Lupin (see game/ui/registry.py)."""

from __future__ import annotations

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


@register_scene("lupin-board")
def _lupin_board(app, episode: str = "rosso-rubino", seat: str = "lupin", **_options):
    from game.lupin.ui.board_scene import LupinBoardScene

    return LupinBoardScene(seeded_position(episode), seat)


@register_scene("lupin-board-zenigata")
def _lupin_board_zenigata(app, episode: str = "gran-colpo", **_options):
    from game.lupin.ui.board_scene import LupinBoardScene

    return LupinBoardScene(seeded_position(episode), "zenigata")
