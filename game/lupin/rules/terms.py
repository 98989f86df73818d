"""Names in the rules' refusals, in the reader's language (issue #12).

A refusal (:class:`game.engine.api.IllegalAction`) carries a text key and its parameters; the
parameters that are names are given so that each player reads them in their own language:
a character's name as a :class:`~game.engine.api.Term` (the key ``lupin.seat.<id>``), a device's
as its names in both languages from the catalogue (``{"it": ..., "en": ...}``). Anything else (an
agent's id, a square) is passed as it is.
"""

from __future__ import annotations

from game.engine.api import Term
from game.lupin.rules.catalog import catalog

CHARACTERS = ("lupin", "jigen", "goemon", "fujiko", "zenigata")


def figure(ident: str) -> str:
    """A character's name (Term), or ``ident`` itself for a figure without one (agents, guards)."""
    return Term(f"lupin.seat.{ident}") if ident in CHARACTERS else ident


def device(ident: str, *, lower: bool = True) -> dict[str, str] | str:
    """A device's names in both languages, as the catalogue writes them; English with a small
    first letter mid-sentence (``lower``: "the hand grenade"), unless the name is a proper one
    ("Alfa Romeo 2300"). An unknown id is returned as it is."""
    d = catalog().devices.get(ident)
    if d is None:
        return ident
    en = d.name.en
    if lower and not any(w[:1].isupper() for w in en.split()[1:]):
        en = en[:1].lower() + en[1:]
    return {"it": d.name.it, "en": en}
