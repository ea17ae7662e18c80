"""The daily maze: one maze a date, the same for everyone who plays that day.

Its seed comes from the date alone (a hash, not the clock or a random draw), so two players on
different machines, or one player coming back to a date, get the same maze of the same recipe.
It is a single maze of DAILY_LEVEL's size (a door and the minotaur), with its own records.
"""

from __future__ import annotations

import hashlib
from datetime import date

from ..run.spec import MazeSpec
from .game import Game

DAILY_LEVEL = 6
"""The daily maze is this level's size and rules: 18 cells across, one door, the minotaur."""
SEED_RANGE = 10**9
"""Daily seeds are below this: short enough to read off the screen and type."""


def daily_seed(day: date) -> int:
    """The seed of ``day``'s maze: a hash of the date (stable across machines, runs and versions
    of Python: no ``hash()``, whose strings are salted per process)."""
    digest = hashlib.sha256(f"maze-visualizer daily {day.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % SEED_RANGE


def parse_day(text: str, today: date | None = None) -> date:
    """``today`` or a date written YYYY-MM-DD; ValueError (one line) for anything else."""
    if text == "today":
        return today or date.today()
    try:
        return date.fromisoformat(text) if len(text) == 10 else _refuse(text)
    except ValueError:
        return _refuse(text)


def _refuse(text: str) -> date:
    raise ValueError(f"--daily takes a date as YYYY-MM-DD (or nothing, for today), not {text[:40]!r}")


def daily_game(base: MazeSpec, day: date) -> Game:
    """``day``'s maze of the base's algorithm, grid and mask (their default parameters)."""
    game = Game.new_level(DAILY_LEVEL, base.with_(seed=daily_seed(day), params={}))
    game.daily = day.isoformat()
    return game
