"""Eller's algorithm: one row at a time, with only that row's sets in memory.

Each row joins some neighbouring cells of different sets (merging the sets, which take one colour),
then every set sends at least one passage down into the next row. The last row joins every set
that is still separate, so the maze is one tree, grown with memory for a single row.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm, Param

CARVE, SET = Kind.CARVE, Kind.SET
EAST, SOUTH = 1, 2


def eller(grid: Grid, rng: random.Random, *, join: int = 50, down: int = 40) -> EventStream:
    """Row by row: random horizontal joins between sets, then at least one drop per set."""
    w, h = grid.width, grid.height
    rnd = rng.random
    sets: list[int] = [-1] * w
    next_id = 0
    yield (CARVE, 0, -1, -1)
    for y in range(h):
        row = y * w
        for x in range(w):
            if sets[x] < 0:
                sets[x] = next_id
                next_id += 1
                yield (SET, row + x, -1, sets[x])
        last_row = y == h - 1
        for x in range(w - 1):
            if sets[x] != sets[x + 1] and (last_row or rnd() * 100 < join):
                yield (CARVE, row + x, row + x + 1, EAST)
                old, new = sets[x + 1], sets[x]
                for k in range(w):
                    if sets[k] == old:
                        sets[k] = new
                        yield (SET, row + k, -1, new)
        if last_row:
            break
        members: dict[int, list[int]] = {}
        for x in range(w):
            members.setdefault(sets[x], []).append(x)
        below = [-1] * w
        for set_id, columns in members.items():
            drops = [x for x in columns if rnd() * 100 < down] or [columns[int(rnd() * len(columns))]]
            for x in drops:
                below[x] = set_id
                yield (CARVE, row + x, row + x + w, SOUTH)
                yield (SET, row + x + w, -1, set_id)
        sets = below


ALGORITHM = Algorithm(
    name="eller",
    func=eller,
    description="Eller's: row by row with one row of sets; joins across, drops down, merges at the end.",
    params=(Param("join", 50, "chance in percent of joining two neighbouring sets in a row", minimum=0, maximum=100),
            Param("down", 40, "chance in percent of each extra passage down from a set", minimum=0, maximum=100)),
    grids=("square",),
)
