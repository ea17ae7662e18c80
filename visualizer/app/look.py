"""The window's look: its colour theme, wall weight and arrangement (where the words go), chosen on
the command line or with a key, and remembered in the settings file (``files.settings``) for the
next run."""

from __future__ import annotations

from ..files import settings
from ..grids.layout import WALL_WEIGHTS
from ..render import board, themes
from .layout import Arrangement

_arrangement = [Arrangement.SIDE]
"""The arrangement the window opens with (``start`` sets it)."""


def start(theme: str | None = None, walls: str | None = None, arrangement: str | None = None) -> None:
    """Before the window opens: the remembered look, with what the command line gave over it (and
    remembered in turn)."""
    saved = settings.load()
    given = {key: value for key, value in (("theme", theme), ("walls", walls), ("layout", arrangement))
             if value is not None}
    themes.use(given.get("theme", saved["theme"]))
    board.use_walls(given.get("walls", saved["walls"]))
    _arrangement[0] = Arrangement(given.get("layout", saved["layout"]))
    if given:
        settings.save(given)


def arrangement() -> Arrangement:
    """Where the words go when the window opens: remembered, or as the command line said."""
    return _arrangement[0]


def cycle_arrangement(now: Arrangement) -> tuple[Arrangement, str]:
    """The arrangement after ``now``, remembered; and what the window says."""
    following = now.following()
    _arrangement[0] = following
    problem = settings.save({"layout": following.value})
    return following, f"Layout: {following.words} (F10 for the next)" + (f" ({problem})" if problem else "")


def cycle_theme() -> str:
    """The next theme, used and remembered; returns what the window says."""
    name = themes.use(themes.next_theme_name(themes.current().name)).name
    problem = settings.save({"theme": name})
    return f"Theme: {name}" + (f" ({problem})" if problem else "")


def cycle_walls() -> str:
    """The next wall weight, used and remembered; returns what the window says."""
    names = list(WALL_WEIGHTS)
    name = names[(names.index(board.walls()) + 1) % len(names)]
    board.use_walls(name)
    problem = settings.save({"walls": name})
    return f"Walls: {name}" + (f" ({problem})" if problem else "")
