"""Aldous-Broder: a random walk that carves whenever it steps into a cell it has never seen.

Every spanning tree is equally likely (a uniform spanning tree), but the walk wastes most of its
steps on cells already in the maze, so the last few cells take a long time to be found.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

CARVE, CURRENT = Kind.CARVE, Kind.CURRENT


def aldous_broder(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Walk at random until every cell has been entered once."""
    flat = grid.neighbour_flat()
    directions = grid.directions
    rnd = rng.random
    visited = bytearray(grid.size)
    cell = int(rnd() * grid.size)
    visited[cell] = 1
    remaining = grid.size - 1
    yield (CARVE, cell, -1, -1)
    while remaining:
        d = int(rnd() * directions)
        nb = flat[cell * directions + d]
        if nb < 0:  # off the edge: choose again (uniform over the neighbours that exist)
            continue
        if visited[nb]:
            yield (CURRENT, nb, -1, -1)
        else:
            visited[nb] = 1
            remaining -= 1
            yield (CARVE, cell, nb, d)
        cell = nb


ALGORITHM = Algorithm(
    name="aldous_broder",
    func=aldous_broder,
    description="Aldous-Broder: a random walk carving into unseen cells; unbiased but slow to finish.",
    slow=True,
)
