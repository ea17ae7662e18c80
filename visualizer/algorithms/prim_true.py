"""True Prim's: every passage has a random weight; the cheapest one leaving the maze goes next.

A minimum spanning tree of random weights. Unlike the frontier-cell version it grows in
tendrils along cheap edges, and its maze has a distinct, spiky texture.
"""

from __future__ import annotations

import heapq
import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

CARVE, FRONTIER_ADD = Kind.CARVE, Kind.FRONTIER_ADD


def prim_true(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Grow from a random cell, always through the lowest-weight edge out of the maze."""
    neighbours = grid.neighbours
    rnd = rng.random
    in_maze = bytearray(grid.size)
    seen = bytearray(grid.size)
    heap: list[tuple[float, int, int, int]] = []
    push, pop = heapq.heappush, heapq.heappop

    def add(cell: int) -> EventStream:
        in_maze[cell] = 1
        for d, nb in neighbours(cell):
            if not in_maze[nb]:
                push(heap, (rnd(), cell, nb, d))
                if not seen[nb]:
                    seen[nb] = 1
                    yield (FRONTIER_ADD, nb, -1, -1)

    start = int(rnd() * grid.size)
    seen[start] = 1
    yield (CARVE, start, -1, -1)
    yield from add(start)
    while heap:
        _, cell, nb, d = pop(heap)
        if in_maze[nb]:
            continue
        yield (CARVE, cell, nb, d)
        yield from add(nb)


ALGORITHM = Algorithm(
    name="prim_true",
    func=prim_true,
    description="True Prim's: random edge weights, cheapest edge out of the maze first.",
)
