"""Braiding: after any generator, open walls at dead ends so the maze gets loops.

For each dead end (in random order), with ``percent`` chance, open one of its closed walls,
preferring a neighbour that is a dead end too (one opening then removes two dead ends). Works on
every grid and after every generator; the maze stays connected because walls are only removed.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from ..maze import Maze

CARVE, PHASE = Kind.CARVE, Kind.PHASE


def braided(events: EventStream, grid: Grid, rng: random.Random, percent: int) -> EventStream:
    """Pass ``events`` through, then yield the braiding carves (shown as a "braid" phase)."""
    shadow = Maze(grid)
    for event in events:
        shadow.apply(event)
        yield event
    if percent <= 0:
        return
    yield (PHASE, -1, -1, "braid")
    open_cell = shadow.open_mask()

    def dead_end(cell: int) -> bool:
        return bool(open_cell[cell]) and int(shadow.passages[cell]).bit_count() == 1

    ends = [c for c in range(grid.size) if dead_end(c)]
    rng.shuffle(ends)
    for cell in ends:
        if not dead_end(cell) or rng.random() * 100 >= percent:
            continue
        closed = [(d, nb) for d, nb in grid.neighbours(cell) if not shadow.is_open(cell, d) and open_cell[nb]]
        if not closed:
            continue
        partners = [option for option in closed if dead_end(option[1])]
        pool = partners or closed
        d, nb = pool[int(rng.random() * len(pool))]
        event = (CARVE, cell, nb, d)
        shadow.apply(event)
        yield event
