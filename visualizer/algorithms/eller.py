"""Eller's algorithm: one row at a time, with only that row's sets in memory.

Each row joins some neighbouring cells of different sets (merging the sets, which take one colour),
then every set sends at least one passage down into the next row. The last row joins every set
that is still separate, so the maze is one tree, grown with memory for a single row.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid, SquareGrid
from .base import Algorithm, Param

CARVE, SET = Kind.CARVE, Kind.SET
EAST, SOUTH = SquareGrid.E, SquareGrid.S


def eller(grid: Grid, rng: random.Random, *, join: int = 50, down: int = 40, show: bool = True) -> EventStream:
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
        columns: dict[int, list[int]] = {}
        for x in range(w):
            columns.setdefault(sets[x], []).append(x)
        last_row = y == h - 1
        for x in range(w - 1):
            keep, merge = sets[x], sets[x + 1]
            if keep != merge and (last_row or rnd() * 100 < join):
                yield (CARVE, row + x, row + x + 1, EAST)
                moved = columns.pop(merge)
                for k in moved:  # the merged set takes the kept set's colour
                    sets[k] = keep
                    yield (SET, row + k, -1, keep)
                columns[keep].extend(moved)
        if last_row:
            break
        below = [-1] * w
        for set_id, members in columns.items():
            drops = [x for x in members if rnd() * 100 < down] or [members[int(rnd() * len(members))]]
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
    grids=(SquareGrid.kind,),  # walks rows and columns
)
