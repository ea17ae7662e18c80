"""Recursive division: start from an open field and add walls, each with one gap, halving the room.

The only classic algorithm that adds walls instead of carving passages. Chambers are split across
their longer side (a coin decides squares) until every chamber is one cell wide; long straight
walls and a visible box-in-box structure are its signature.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid, SquareGrid
from .base import Algorithm

OPEN_FIELD, WALL, CURRENT = Kind.OPEN_FIELD, Kind.WALL, Kind.CURRENT
EAST, SOUTH = SquareGrid.E, SquareGrid.S


def recursive_division(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Split chambers with a wall that keeps one gap, until no chamber can be split."""
    w = grid.width
    rnd = rng.random
    yield (OPEN_FIELD, -1, -1, -1)
    chambers = [(0, 0, grid.width, grid.height)]
    while chambers:
        x, y, cw, ch = chambers.pop()
        if cw < 2 or ch < 2:
            continue  # a one-cell-wide chamber is already a corridor: open, no loops
        if ch > cw or (ch == cw and rnd() < 0.5):
            wy = y + int(rnd() * (ch - 1))  # the wall runs below row wy
            gap = wy * w + x + int(rnd() * cw)
            yield (CURRENT, gap, -1, -1)  # the doorway this wall keeps
            for cell in range(wy * w + x, wy * w + x + cw):
                if cell != gap:
                    yield (WALL, cell, cell + w, SOUTH)
            chambers.append((x, wy + 1, cw, y + ch - wy - 1))
            chambers.append((x, y, cw, wy - y + 1))
        else:
            wx = x + int(rnd() * (cw - 1))  # the wall runs right of column wx
            gap = (y + int(rnd() * ch)) * w + wx
            yield (CURRENT, gap, -1, -1)
            for cell in range(y * w + wx, (y + ch) * w + wx, w):
                if cell != gap:
                    yield (WALL, cell, cell + 1, EAST)
            chambers.append((wx + 1, y, x + cw - wx - 1, ch))
            chambers.append((x, y, wx - x + 1, ch))


ALGORITHM = Algorithm(
    name="recursive_division",
    func=recursive_division,
    description="Recursive division: walls with one gap split an open field; long straight walls.",
    grids=(SquareGrid.kind,),  # walks rows and columns
)
