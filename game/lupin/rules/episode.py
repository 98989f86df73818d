"""An episode's own rules, as one typed object (issue #12): the round engine calls
``state.episode_rules.<method>(state, ...)`` at fixed points of the game, and only the episode being
played answers. The defaults are the base game's: *Rosso rubino* and *Gran colpo in banca* play
:class:`EpisodeRules` as it is; an expansion episode's module (cagliostro.py, stonehenge.py)
subclasses it and registers an instance with ``state.register_episode(episode_id, rules)``.

What is not an episode's but a module's (the vehicles, the devices, the mission cards) still plugs in
through ``hooks.py``; where both answer at one point, the modules' hooks come first and the
episode's rules after them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.api import Action, Event, Seat
from game.engine.grid import Sq

if TYPE_CHECKING:
    from game.lupin.rules.state import LupinState


class EpisodeRules:
    """The base game's answers; override what an episode plays otherwise."""

    # set-up ----------------------------------------------------------------------------------
    def setup(self, state: LupinState) -> None:
        """After the common set-up: the episode's treasure, police cars, tokens."""

    def placement_squares(self, state: LupinState, squares: list[Sq]) -> list[Sq]:
        """Where the police may be placed at set-up, narrowed."""
        return squares

    def reinforcement_squares(self, state: LupinState) -> list[Sq]:
        """More squares where a police car may appear (with 3 agents or fewer)."""
        return []

    def start_squares(self, state: LupinState, c: str | None, escape: bool) -> list[Sq] | None:
        """Member ``c``'s own start (``escape``: leave the map) squares; None: the board's."""
        return None

    # planning --------------------------------------------------------------------------------
    def planning_actions(self, state: LupinState, seat: Seat) -> list[Action] | None:
        """The episode's own planning step's moves for ``seat``; None: the common planning."""
        return None

    def plan_view(self, state: LupinState, seat: Seat) -> dict[str, Any] | None:
        """The episode's own planning step as ``seat`` sees it; None: the common planning view."""
        return None

    def plan_confirmed(self, state: LupinState, ev: list[Event]) -> bool:
        """True: an episode's own planning step follows the gang's (the gang phase waits)."""
        return False

    # the round -------------------------------------------------------------------------------
    def first_to_play(self, state: LupinState, waiting: list[str]) -> list[str] | None:
        """Who must play first in the gang phase, among ``waiting``; None (or empty): as usual."""
        return None

    def gang_phase(self, state: LupinState, ev: list[Event]) -> None:
        """A gang phase begins."""

    def treasure_phase(self, state: LupinState, ev: list[Event]) -> None:
        """Phase 4 begins: the episode's happenings."""

    def settle(self, state: LupinState, ev: list[Event]) -> None:
        """After every action."""

    def may_flip(self, state: LupinState, c: str) -> bool:
        """True: member ``c`` may act in phase 4 though no tile lies where he stands (digging)."""
        return False

    def gang_moves(self, state: LupinState, c: str, out: list[Any]) -> list[Any]:
        """Member ``c``'s move squares, changed."""
        return out

    def gang_attacks(self, state: LupinState, c: str, out: list[str]) -> list[str]:
        """Member ``c``'s attack targets, changed."""
        return out

    def drawn(self, state: LupinState, c: str, card: str, at_start: bool, ev: list[Event] | None) -> bool:
        """True: the card ``c`` has drawn was dealt with by the episode."""
        return False

    # Fujiko and the sides --------------------------------------------------------------------
    def traitor(self, state: LupinState) -> bool | None:
        """Whether Fujiko is a traitor now; None: as the base game says (her betrayal card)."""
        return None

    def apart(self, state: LupinState, a: str, b: str) -> bool:
        """True: these two members never share what they know."""
        return False

    def team_seats(self, state: LupinState, fid: str | None, seats: frozenset[Seat]) -> frozenset[Seat]:
        """The seats told the gang's secrets (about ``fid``), changed."""
        return seats

    def loyal(self, state: LupinState, members: list[str]) -> list[str]:
        """The members playing for the gang, changed."""
        return members

    def winners(self, state: LupinState, winners: tuple[str, ...], reason: str) -> tuple[str, ...]:
        """The seats that win, changed."""
        return winners


BASE_RULES = EpisodeRules()
EPISODE_RULES: dict[str, EpisodeRules] = {}


def rules_for(episode_id: str) -> EpisodeRules:
    """The rules object of an episode (the base game's for the base episodes)."""
    return EPISODE_RULES.get(episode_id, BASE_RULES)
