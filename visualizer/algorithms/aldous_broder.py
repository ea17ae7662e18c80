"""Aldous-Broder: a random walk that carves whenever it steps into a cell it has never seen.

Every spanning tree is equally likely (a uniform spanning tree), but the walk wastes most of its
steps on cells already in the maze, so the last few cells take a long time to be found.
"""

from __future__ import annotations

import random
from array import array
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.events import RUN_LENGTH, EventStream, Kind, packed
from ..core.narration import Annotation, Code, Narrator, Shape, Told, plural
from ..grids import Grid
from .base import Algorithm
from .bulk_random import Draws

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE, CARVES, CURRENT = Kind.CARVE, Kind.CARVES, Kind.CURRENT
DRAWS_AT_ONCE = 1 << 14
"""Random numbers the quiet walk draws in one batch (those it does not use are handed back)."""


def aldous_broder(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Walk at random until every cell has been entered once.

    Shown, every step onto a visited cell is a CURRENT event. Unshown (``show=False``) nothing but
    the carves is said, so the walk runs in a tight loop on random numbers drawn in bulk
    (``bulk_random.Draws``); the same numbers, so the same carves, and ``rng`` ends where the shown walk leaves it.
    """
    if show or type(rng) is not random.Random:
        return _walk(grid, rng, show)
    return _walk_quiet(grid, rng)


def _walk(grid: Grid, rng: random.Random, show: bool) -> EventStream:
    """One draw a step, from ``rng`` itself (also the quiet walk of an ``rng`` that is not a plain
    ``random.Random``: its numbers cannot be drawn in bulk)."""
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
            if show:  # a step over the maze: nothing changes but where the walker stands
                yield (CURRENT, nb, -1, -1)
        else:
            visited[nb] = 1
            remaining -= 1
            yield (CARVE, cell, nb, d)
        cell = nb


def _walk_quiet(grid: Grid, rng: random.Random) -> EventStream:
    """The shown walk's carves at a fraction of the cost: millions of steps change nothing, so each
    step is two lookups. Positions are kept as ``cell * directions`` (a step needs no multiply) and
    a step off the edge stays put (a visited cell: nothing happens, as when the shown walk draws again)."""
    directions = grid.directions
    cell = int(rng.random() * grid.size)
    yield (CARVE, cell, -1, -1)
    remaining = grid.size - 1
    if not remaining:
        return
    step = _step_table(grid)
    seen = bytearray(len(step))
    here = cell * directions
    seen[here] = 1
    draws = Draws(rng)
    rows: list[int] = []
    while remaining:
        turns = iter(draws.below(directions, DRAWS_AT_ONCE))
        for d in turns:
            there = step[here + d]
            if not seen[there]:
                seen[there] = 1
                rows += (here // directions, there // directions, d)
                remaining -= 1
                if not remaining:
                    break
            here = there
        if len(rows) >= 3 * RUN_LENGTH or not remaining:  # a batch of draws at a time: a run of carves
            yield packed(CARVES, rows)
            rows = []
    draws.give_back(sum(1 for _ in turns))


def _step_table(grid: Grid) -> array:
    """``table[cell * directions + d]``: the neighbour in direction ``d`` times ``directions``, or
    ``cell * directions`` itself past the edge. C ints (4 bytes) hold every such position."""
    table = grid.neighbour_array(np.intc)
    steps = np.where(table >= 0, table, np.arange(grid.size, dtype=np.intc)[:, None])
    steps *= grid.directions
    return array("i", steps.tobytes())


TRAIL = 12
"""How many of the walker's last cells the board shows as its trail."""


class AldousBroderNarrator(Narrator):
    """The walker, its step count and the cells it has still to find (the wasted steps show why it is slow)."""

    code = Code(
        start="cell = a random cell; mark it visited",
        loop="while some cell is unvisited:",
        pick="  nb = a random neighbour of cell",
        unvisited="  if nb is unvisited:",
        carve="    carve the wall from cell into nb",
        mark="    mark nb visited",
        step="  cell = nb",
    )
    legend = {"current": "the walker"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.unvisited = grid.size
        self.steps = 0
        self.wasted = 0
        self.trail: deque[int] = deque(maxlen=TRAIL)

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.unvisited -= 1
        if other < 0:
            self.trail.append(cell)
            return Told(self.code.start,
                        f"The walker starts at {self.name(cell)}, a random cell: visited; "
                        f"{plural(self.unvisited, 'cell')} still unvisited")
        self.steps += 1
        self.trail.append(other)
        left = f"{plural(self.unvisited, 'cell')} still unvisited" if self.unvisited else "every cell is visited, done"
        return Told(self.code.carve,
                    f"The walker steps {self.direction(value)} from {self.name(cell)} into {self.name(other)}, "
                    f"never visited: carve the wall; {left}")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        self.steps += 1
        self.wasted += 1
        came = f" {self.direction(self.grid.direction_between(self.trail[-1], cell))}" if self.trail else ""
        self.trail.append(cell)
        return Told(self.code.step,
                    f"The walker steps{came} onto {self.name(cell)}, already visited: nothing carved; "
                    f"{plural(self.unvisited, 'cell')} still unvisited after {plural(self.steps, 'step')}")

    def data(self) -> list[tuple[str, str]]:
        share = f" ({100 * self.wasted / self.steps:.0f}%)" if self.steps else ""
        return [("Walk", plural(self.steps, "step")),
                ("Unvisited", f"{self.unvisited:,} of {self.grid.size:,} cells"),
                ("Steps carving nothing", f"{self.wasted:,}{share}")]

    def annotations(self) -> list[Annotation]:
        if len(self.trail) < 2:
            return []
        return [Annotation(Shape.PATH, tuple(self.trail))]


ALGORITHM = Algorithm(
    name="aldous_broder",
    narrator=AldousBroderNarrator,
    func=aldous_broder,
    description="Aldous-Broder: a random walk carving into unseen cells; unbiased but slow to finish.",
    slow=True,
)
