"""Looking inside a seat's view in the privacy tests of every title."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any


def holds(value: Any, found: Callable[[Any], bool], depth: int = 0) -> bool:
    """Whether ``found(x)`` holds for anything inside a view (its fields, mappings and sequences)."""
    if found(value):
        return True
    if depth > 6:
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(holds(getattr(value, f.name), found, depth + 1) for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return any(holds(v, found, depth + 1) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(holds(v, found, depth + 1) for v in value)
    return False
