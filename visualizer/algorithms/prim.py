"""Prim's algorithm as in the source maze game: grow the maze from a frontier.

The frontier is every unvisited cell next to the maze. Each step picks a random frontier cell and
joins it to a random neighbour already in the maze, so the maze spreads out evenly in all
directions: many short dead ends, no long rivers.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

CARVE = Kind.CARVE
FRONTIER_ADD = Kind.FRONTIER_ADD

OUTSIDE, FRONTIER, IN_MAZE = 0, 1, 2


def prim(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Carve a perfect maze by growing it from a random frontier cell at a time."""
    neighbours = grid.neighbours
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    status = bytearray(grid.size)
    frontier: list[int] = []

    def add_cell(cell: int) -> EventStream:
        status[cell] = IN_MAZE
        for _, nb in free_neighbours(cell, status):
            status[nb] = FRONTIER
            frontier.append(nb)
            yield (FRONTIER_ADD, nb, -1, -1)

    start = int(rnd() * grid.size)
    yield (CARVE, start, -1, -1)
    yield from add_cell(start)
    while frontier:
        # Swap-remove a random frontier cell: O(1) instead of list.pop(i).
        i = int(rnd() * len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        cell = frontier.pop()
        inside = [(d, nb) for d, nb in neighbours(cell) if status[nb] == IN_MAZE]
        d, nb = inside[int(rnd() * len(inside))]
        yield (CARVE, nb, cell, grid.opposite(d))
        yield from add_cell(cell)


ALGORITHM = Algorithm(
    name="prim",
    func=prim,
    description="Prim's: join a random frontier cell to the maze; even spread, many short dead ends.",
)
