"""Recursive division: start from an open field and add walls, each with one gap, halving the room.

The only classic algorithm that adds walls instead of carving passages. Chambers are split across
their longer side (a coin decides squares) until every chamber is one cell wide; long straight
walls and a visible box-in-box structure are its signature.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

OPEN_FIELD, WALL, CURRENT = Kind.OPEN_FIELD, Kind.WALL, Kind.CURRENT
EAST, SOUTH = 1, 2


def recursive_division(grid: Grid, rng: random.Random) -> EventStream:
    """Split chambers with a wall that keeps one gap, until no chamber can be split."""
    w = grid.width
    rnd = rng.random
    yield (OPEN_FIELD, -1, -1, -1)
    chambers = [(0, 0, grid.width, grid.height)]
    while chambers:
        x, y, cw, ch = chambers.pop()
        if cw < 2 and ch < 2:
            continue
        horizontal = ch > cw or (ch == cw and rnd() < 0.5)
        if horizontal:
            wy = y + int(rnd() * (ch - 1))  # the wall runs below row wy
            gap = x + int(rnd() * cw)
            yield (CURRENT, wy * w + gap, -1, -1)  # the doorway this wall keeps
            for cx in range(x, x + cw):
                if cx != gap:
                    yield (WALL, wy * w + cx, (wy + 1) * w + cx, SOUTH)
            chambers.append((x, wy + 1, cw, y + ch - wy - 1))
            chambers.append((x, y, cw, wy - y + 1))
        else:
            wx = x + int(rnd() * (cw - 1))  # the wall runs right of column wx
            gap = y + int(rnd() * ch)
            yield (CURRENT, gap * w + wx, -1, -1)
            for cy in range(y, y + ch):
                if cy != gap:
                    yield (WALL, cy * w + wx, cy * w + wx + 1, EAST)
            chambers.append((wx + 1, y, x + cw - wx - 1, ch))
            chambers.append((x, y, wx - x + 1, ch))


ALGORITHM = Algorithm(
    name="recursive_division",
    func=recursive_division,
    description="Recursive division: walls with one gap split an open field; long straight walls.",
    grids=("square",),
)
