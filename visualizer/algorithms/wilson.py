"""Wilson's algorithm: loop-erased random walks, each added to the maze when it reaches it.

Like Aldous-Broder it gives every spanning tree the same chance, but it wastes less: the walk
(shown as it wanders) has its loops erased the moment it crosses itself, and only the loop-free
path is carved once it touches the maze. The first walks are long; later ones are quick.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

CARVE, WALK, WALK_ERASE, CURRENT = Kind.CARVE, Kind.WALK, Kind.WALK_ERASE, Kind.CURRENT


def wilson(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Add loop-erased walks from each cell not yet in the maze, in random order."""
    flat = grid.neighbour_flat()
    directions = grid.directions
    rnd = rng.random
    in_maze = bytearray(grid.size)
    order = list(range(grid.size))
    rng.shuffle(order)
    root = order.pop()
    in_maze[root] = 1
    yield (CARVE, root, -1, -1)
    for start in order:
        if in_maze[start]:
            continue
        path = [start]
        dirs: list[int] = []
        where = {start: 0}
        cell = start
        while not in_maze[cell]:
            d = int(rnd() * directions)
            nb = flat[cell * directions + d]
            if nb < 0:  # off the edge: choose again
                continue
            if nb in where:  # the walk crossed itself: erase the loop
                cut = where[nb]
                for erased in path[cut + 1:]:
                    del where[erased]
                    yield (WALK_ERASE, erased, -1, -1)
                del path[cut + 1:]
                del dirs[cut:]
                cell = nb
                yield (CURRENT, cell, -1, -1)
                continue
            yield (WALK, cell, nb, d)
            dirs.append(d)
            if not in_maze[nb]:
                where[nb] = len(path)
                path.append(nb)
            cell = nb
        target = cell  # the walk touched the maze here: carve the path into it, last step first
        for i in range(len(path) - 1, -1, -1):
            a = path[i]
            in_maze[a] = 1
            yield (CARVE, target, a, grid.opposite(dirs[i]))
            target = a


ALGORITHM = Algorithm(
    name="wilson",
    func=wilson,
    description="Wilson's: loop-erased random walks join the maze; unbiased, faster than Aldous-Broder.",
    slow=True,
)
