"""Sidewinder: row by row, runs of cells go east, and each run opens north from one random member.

The top row is one long corridor (nothing above it to open into); below, runs make a
characteristic vertical bias: every cell can reach the top row going only north and sideways.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid, SquareGrid
from .base import Algorithm, Param

CARVE = Kind.CARVE
EAST, SOUTH = SquareGrid.E, SquareGrid.S


def sidewinder(grid: Grid, rng: random.Random, *, close: int = 50, show: bool = True) -> EventStream:
    """Each cell either extends the run east or closes it with a passage north."""
    w, h = grid.width, grid.height
    rnd = rng.random
    chance = close / 100
    yield (CARVE, 0, -1, -1)
    for c in range(w - 1):
        yield (CARVE, c, c + 1, EAST)
    for row_start in range(w, w * h, w):
        run_start = row_start
        last = row_start + w - 1
        for c in range(row_start, last):
            if rnd() < chance:
                member = run_start + int(rnd() * (c - run_start + 1))
                yield (CARVE, member - w, member, SOUTH)
                run_start = c + 1
            else:
                yield (CARVE, c, c + 1, EAST)
        member = run_start + int(rnd() * (last - run_start + 1))  # the east wall closes the last run
        yield (CARVE, member - w, member, SOUTH)


ALGORITHM = Algorithm(
    name="sidewinder",
    func=sidewinder,
    description="Sidewinder: eastward runs, each opening north once; a long top corridor.",
    params=(Param("close", 50, "chance in percent of closing the run at each cell", minimum=1, maximum=100),),
    grids=(SquareGrid.kind,),  # walks rows and columns
)
