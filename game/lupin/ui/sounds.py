"""Which sound a Lupin event makes at the table.

Everybody at a hot-seat table hears the speakers, so a sound may only say what every seat may
know: the events are first redacted for the table (:data:`game.engine.api.TABLE`, the view of
nobody in particular), and events the table may not see make no sound at all. A tile's face is
never heard: turning a tile over sounds the same whatever it hides (the flip overlay plays it,
game/lupin/ui/flip.py), and the dice of a shot or a blow rattle from the dice panel
(game/lupin/ui/dice.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.api import TABLE, Event, events_for_seat
from game.ui import audio

# event kind -> effect name (game/ui/audio.EFFECTS)
EFFECT_OF = {
    "shot": "shot",
    "vehicle_hit": "shot",
    "melee": "blow",
    "card_hit": "blow",
    "card_played": "card",
    "alarm": "alarm",
}


def effects_for(events: Sequence[Event]) -> list[str]:
    """The effects ``events`` make, as the table may know them: in order, each effect once."""
    out: list[str] = []
    for e in events_for_seat(events, TABLE):
        name = EFFECT_OF.get(e.kind)
        if name is not None and name not in out:
            out.append(name)
    return out


def play(name: str) -> bool:
    """Play one effect (the planning clock's warnings); nothing happens when the game is silent."""
    return audio.play(name)


def play_events(events: Sequence[Event], player: Any = None) -> list[str]:
    """Play the effects of ``events`` (through ``player``, default the game's) and return them."""
    player = player if player is not None else audio.AUDIO
    names = effects_for(events)
    for name in names:
        player.play(name)
    return names


__all__ = ["EFFECT_OF", "effects_for", "play", "play_events"]
