"""Blobby division: recursive division by growing two blobs instead of drawing a straight wall.

Two random seed cells of a region grow into it at random until they share it; the boundary between
the two blobs becomes a wall with one gap; each blob is divided the same way until all are single
cells. Walls follow organic curves, and it works on any grid, hexagons included.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

OPEN_FIELD, WALL, SET, CURRENT = Kind.OPEN_FIELD, Kind.WALL, Kind.SET, Kind.CURRENT


def blobby_division(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Split each region in two by random growth from two seeds, then wall the seam but one gap."""
    neighbours = grid.neighbours
    rnd = rng.random
    label = [0] * grid.size
    next_label = 1
    yield (OPEN_FIELD, -1, -1, -1)
    regions = [list(range(grid.size))]
    while regions:
        region = regions.pop()
        if len(region) < 2:
            continue
        old = label[region[0]]
        i = int(rnd() * len(region))
        j = int(rnd() * (len(region) - 1))
        j += j >= i
        seeds = (region[i], region[j])
        halves: tuple[list[int], list[int]] = ([], [])
        frontier = []
        for side, seed in enumerate(seeds):
            label[seed] = next_label + side
            halves[side].append(seed)
            frontier.append(seed)
            yield (SET, seed, -1, next_label + side)
        while frontier:
            k = int(rnd() * len(frontier))
            frontier[k], frontier[-1] = frontier[-1], frontier[k]
            cell = frontier.pop()
            mine = label[cell]
            for _, nb in neighbours(cell):
                if label[nb] == old:
                    label[nb] = mine
                    halves[mine - next_label].append(nb)
                    frontier.append(nb)
                    yield (SET, nb, -1, mine)
        seam = [(c, nb, d) for c in halves[0] for d, nb in neighbours(c) if label[nb] == next_label + 1]
        gap = int(rnd() * len(seam))
        yield (CURRENT, seam[gap][0], -1, -1)  # the doorway the new wall keeps
        for k, (c, nb, d) in enumerate(seam):
            if k != gap:
                yield (WALL, c, nb, d)
        next_label += 2
        regions.extend(halves)


ALGORITHM = Algorithm(
    name="blobby_division",
    func=blobby_division,
    description="Blobby division: two seeds grow to split each region; organic walls, any grid.",
)
