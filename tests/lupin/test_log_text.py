"""Every line of the log a player reads is a sentence of its own, in both languages: over whole bot
games of the four episodes, no entry falls back to the generic "Kind: values" line."""

from __future__ import annotations

import pytest

from game.engine.api import TABLE
from game.engine.i18n import LANGUAGES, set_language, translator
from game.lupin.rules import new_game
from game.lupin.ai import HeuristicBot, RandomBot
from game.lupin.ui.log_text import _variant, event_line


def _whole_game_logs(config: dict, seed: int, bot_cls) -> list[dict]:
    state = new_game(config, seed)
    bots: dict = {}
    while not state.is_over():
        seat = state.to_act()[0]
        bot = bots.setdefault(seat, bot_cls(seed * 31 + len(bots)))
        state.apply(bot.choose(state.view(seat), state.legal_actions(seat)))
    entries: list[dict] = []
    for seat in sorted(set(state.seat_of.values())) + [TABLE]:
        entries.extend(state.view(seat)["log"])
    return entries


@pytest.mark.parametrize("episode,players", [("rosso-rubino", 5), ("gran-colpo", 4), ("cagliostro", 5),
                                             ("stonehenge", 4)])
def test_every_log_entry_of_whole_games_has_its_own_sentence(episode, players):
    entries = []
    for seed, bot in ((1, HeuristicBot), (2, RandomBot), (3, HeuristicBot)):
        entries += _whole_game_logs({"episode": episode, "players": players}, seed, bot)
    kinds = {str(e.get("kind")) for e in entries}
    assert len(kinds) > 15
    missing = sorted({f"{e.get('kind')} -> lupin.ev.{_variant(str(e.get('kind')), e)}" for e in entries
                      if not translator().has(f"lupin.ev.{_variant(str(e.get('kind')), e)}")})
    assert not missing, missing
    for lang in LANGUAGES:
        set_language(lang)
        try:
            for e in entries:
                line = event_line(e)
                assert line and "{" not in line, (lang, e, line)
        finally:
            set_language("en")
