"""The one check every title's rule tests make of a refusal: the action raises IllegalAction (with
``key`` if given), the state is exactly as it was, and the player reads a whole sentence in Italian
and in English (no raw key, no unfilled ``{placeholder}``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.engine.api import IllegalAction


def assert_refused(state: Any, action: Any, key: str | None, prefix: str) -> IllegalAction:
    """``action`` refused by ``state``; ``prefix``: the title's refusal keys (``robbank_refusal``)."""
    before = state.snapshot() if hasattr(state, "snapshot") else copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert state == before, f"refusing {action} changed the state"
    if key is not None:
        assert caught.value.key == key, (caught.value.key, action)
    texts = {}
    for lang in ("it", "en"):
        text = caught.value.text(lang)
        assert text.strip(), (action, lang)
        assert not text.startswith((prefix, "engine_refusal")), (action, text)
        assert "{" not in text and "}" not in text, (action, text)
        texts[lang] = text
    assert texts["it"] != texts["en"], texts
    return caught.value
