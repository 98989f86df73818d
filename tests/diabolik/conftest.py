"""Fixtures of the Diabolik rules tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.diabolik.kit import station_table


@pytest.fixture
def station(monkeypatch):
    """``station(f3="roadblock", ...)`` makes the police station's d8 that table for the test (the
    real one is designed data that the balance work retunes)."""
    from game.diabolik.rules import data

    def use(**faces: Any) -> None:
        table = station_table(**faces)
        monkeypatch.setattr(data, "station", lambda root=None: table)
    return use
