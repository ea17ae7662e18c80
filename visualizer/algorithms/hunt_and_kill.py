"""Hunt-and-kill: a random walk into unvisited cells; when it is stuck, hunt for a new start.

The walk phase makes long passages like the backtracker. The hunt phase scans rows from the top for
an unvisited cell beside the maze (each scanned row's first cell lights up) and joins it in.
Rows that are already complete are skipped, so the hunt never rescans the finished top.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

CARVE, CURRENT, PHASE = Kind.CARVE, Kind.CURRENT, Kind.PHASE


def hunt_and_kill(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Walk until stuck, then hunt row by row for an unvisited cell next to the maze."""
    w, h = grid.width, grid.height
    free_neighbours, neighbours = grid.free_neighbours, grid.neighbours
    rnd = rng.random
    visited = bytearray(grid.size)
    left_in_row = [w] * h
    cell = int(rnd() * grid.size)
    visited[cell] = 1
    left_in_row[cell // w] -= 1
    yield (PHASE, -1, -1, "walk")
    yield (CARVE, cell, -1, -1)
    first_row = 0
    while True:
        options = free_neighbours(cell, visited)
        if options:  # walk
            d, nb = options[int(rnd() * len(options))]
            visited[nb] = 1
            left_in_row[nb // w] -= 1
            yield (CARVE, cell, nb, d)
            cell = nb
            continue
        while first_row < h and left_in_row[first_row] == 0:
            first_row += 1
        if first_row == h:
            return
        yield (PHASE, -1, -1, "hunt")
        found = None
        for row in range(first_row, h):  # hunt
            if left_in_row[row] == 0:
                continue
            yield (CURRENT, row * w, -1, -1)
            position, end = row * w, row * w + w
            while True:
                candidate = visited.find(0, position, end)  # the next unvisited cell, found at C speed
                if candidate < 0:
                    break
                joined = [(d, nb) for d, nb in neighbours(candidate) if visited[nb]]
                if joined:
                    found = candidate, joined[int(rnd() * len(joined))]
                    break
                position = candidate + 1
            if found:
                break
        if found is None:
            return
        cell, (d, nb) = found
        visited[cell] = 1
        left_in_row[cell // w] -= 1
        yield (PHASE, -1, -1, "walk")
        yield (CARVE, nb, cell, grid.opposite(d))


ALGORITHM = Algorithm(
    name="hunt_and_kill",
    func=hunt_and_kill,
    description="Hunt-and-kill: random walk until stuck, then scan rows for a cell beside the maze.",
)
