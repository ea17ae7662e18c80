"""Recursive backtracker (randomized depth-first search), written with an explicit stack.

Long winding rivers with few, long dead ends: the walk goes as deep as it can before it backs up.
The ``winding`` percentage is the chance of turning when going straight is possible (100: every
step picks a random unvisited neighbour, the classic algorithm; low values make long corridors).
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm, Param

CARVE = Kind.CARVE
BACKTRACK = Kind.BACKTRACK


def backtracker(grid: Grid, rng: random.Random, *, winding: int = 100, start: int = -1,
                visited: bytearray | None = None, region: int = -1) -> EventStream:
    """Carve a perfect maze depth-first from a random start cell.

    The dungeon reuses this for its corridors: it passes the ``start`` cell, a ``visited`` map with
    the rooms already marked, and the corridor's ``region`` id (these are not user parameters).
    """
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    if start < 0:
        start = int(rnd() * grid.size)
    if visited is None:
        visited = bytearray(grid.size)
    visited[start] = 1
    yield (CARVE, start, -1, region)
    stack = [start]
    push = stack.append
    pop = stack.pop
    last = -1  # direction of the last carve, for the winding rule; -1 after a backtrack
    straight_bias = winding < 100
    while stack:
        cell = stack[-1]
        options = free_neighbours(cell, visited)
        if options:
            if straight_bias and last >= 0 and rnd() * 100 >= winding:
                ahead = [o for o in options if o[0] == last]
                d, nb = ahead[0] if ahead else options[int(rnd() * len(options))]
            else:
                d, nb = options[int(rnd() * len(options))]
            visited[nb] = 1
            push(nb)
            last = d
            yield (CARVE, cell, nb, d)
        else:
            pop()
            last = -1
            yield (BACKTRACK, cell, stack[-1] if stack else -1, -1)


ALGORITHM = Algorithm(
    name="backtracker",
    func=backtracker,
    description="Recursive backtracker: a depth-first walk that backs up at dead ends; long rivers.",
    params=(Param("winding", 100, "chance in percent of turning when going straight is possible",
                  minimum=0, maximum=100),),
    shows_stack=True,
)
