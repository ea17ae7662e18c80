"""Fixtures the play tests share."""

import pytest
from helpers import FrozenClock

from visualizer.play import save as saves


@pytest.fixture
def clock(monkeypatch):
    """Freeze the clock the save module stamps damaged files with."""
    monkeypatch.setattr(saves, "datetime", FrozenClock)
