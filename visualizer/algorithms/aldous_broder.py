"""Aldous-Broder: a random walk that carves whenever it steps into a cell it has never seen.

Every spanning tree is equally likely (a uniform spanning tree), but the walk wastes most of its
steps on cells already in the maze, so the last few cells take a long time to be found.
"""

from __future__ import annotations

import random
from array import array
from collections import deque
from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any

from ..core.events import RUN_LENGTH, Event, EventStream, Kind, packed
from ..core.narration import Annotation, Code, Narrator, Shape, Told, plural
from ..grids import Grid, SquareGrid
from .base import Algorithm
from .bulk_random import Draws

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE, CARVES, CURRENT, CURRENTS = Kind.CARVE, Kind.CARVES, Kind.CURRENT, Kind.CURRENTS
PACK_FROM = 8
"""Steps over the maze between two carves come as one CURRENTS run from this many on (fewer: as
CURRENT events, which cost less than the run's slice)."""
DRAWS_AT_ONCE = 1 << 14
"""Random numbers the quiet walk draws in one batch (those it does not use are handed back)."""
SHOWN_BATCH = 1 << 18
"""The most steps the shown walk on a square grid works out at once: a window waits for a batch
before its next event (a million steps were 220 ms at 1000 x 1000; this is about 50 ms)."""


def aldous_broder(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Walk at random until every cell has been entered once.

    Shown, every step onto a visited cell is a CURRENT event (the steps between two carves as one
    CURRENTS run on large square grids). Unshown (``show=False``) nothing but the carves is said, so
    the walk runs in a tight loop on random numbers drawn in bulk (``bulk_random.Draws``); the same
    numbers, so the same carves, and ``rng`` ends where the shown walk leaves it.
    """
    if type(rng) is not random.Random:
        return _walk(grid, rng, show)
    if type(grid) is SquareGrid and min(grid.width, grid.height) >= BULK_SIDE:
        return _walk_square(grid, rng, show)  # type: ignore[return-value]  # its length is for the bench
    if show:
        return _walk(grid, rng, show)
    return _walk_quiet(grid, rng)  # type: ignore[return-value]


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


def _walk_quiet(grid: Grid, rng: random.Random) -> Generator[Event, None, int]:
    """The shown walk's carves at a fraction of the cost: millions of steps change nothing, so each
    step is two lookups. Positions are kept as ``cell * directions`` (a step needs no multiply) and
    a step off the edge stays put (a visited cell: nothing happens, as when the shown walk draws again).
    Returns the walk's length in draws, steps off the edge included (``bench`` prints it)."""
    directions = grid.directions
    cell = int(rng.random() * grid.size)
    yield (CARVE, cell, -1, -1)
    remaining = grid.size - 1
    if not remaining:
        return 0
    step = _step_table(grid)
    seen = bytearray(len(step))
    here = cell * directions
    seen[here] = 1
    draws = Draws(rng)
    rows: list[int] = []
    drawn = 0
    while remaining:
        drawn += DRAWS_AT_ONCE
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
    unused = sum(1 for _ in turns)
    draws.give_back(unused)
    return drawn - unused


BULK_SIDE = 48
"""Square grids at least this wide and high walk in bulk (``_walk_square``); on narrower ones the
walk meets the far side too often for it to pay."""


def _walk_square(grid: Grid, rng: random.Random, show: bool = False) -> Generator[Event, None, int]:
    """The walk on a whole square grid, a batch of steps at once: there a walk's column and row
    move apart (a draw moves one of them by one, or leaves it where the edge stops it), so each is
    a sum of steps held between two walls (``held_walk``), and the new cells are the first visits
    among the batch's positions. The same draws, the same carves; ``show`` says the steps between
    them too (``_said``), quiet it is a CARVES run a batch."""
    width, size = grid.width, grid.size
    cell = int(rng.random() * size)
    yield (CARVE, cell, -1, -1)
    remaining = size - 1
    if not remaining:
        return 0
    across = np.array([dx for dx, _ in grid.STEPS[0]], dtype=np.int8)
    down = np.array([dy for _, dy in grid.STEPS[0]], dtype=np.int8)
    seen = np.zeros(size, dtype=bool)
    seen[cell] = True
    batch = min(SHOWN_BATCH if show else 1 << 20, max(DRAWS_AT_ONCE, 4 * min(grid.width, grid.height) ** 2))
    draws, drawn = Draws(rng), 0
    while True:
        turns = draws.quarters(batch)  # a square cell's four directions
        xs = held_walk(cell % width, across[turns], width - 1)
        ys = held_walk(cell // width, down[turns], grid.height - 1)
        cells = ys * width + xs  # C ints: 2000 x 2000 fits
        fresh = np.flatnonzero(~seen[cells])
        _, first = np.unique(cells[fresh], return_index=True)
        times = np.sort(fresh[first])[:remaining]
        if show:
            used = int(times[-1]) + 1 if len(times) == remaining else batch
            yield from _said(cell, cells[:used], turns, times)
            seen[cells[times]] = True
            remaining -= len(times)
        elif len(times):
            before = np.where(times > 0, cells[np.maximum(times - 1, 0)], cell)
            seen[cells[times]] = True
            remaining -= len(times)
            rows = np.column_stack((before, cells[times], turns[times])).astype(np.int64)
            yield (CARVES, -1, -1, rows)  # type: ignore[misc]
        if not remaining:
            used = int(times[-1]) + 1
            draws.give_back(batch - used)
            return drawn + used
        drawn += batch
        cell = int(cells[-1])


def _said(start: int, cells: np.ndarray, turns: np.ndarray, times: np.ndarray) -> Generator[Event, None, None]:
    """What the shown walk says for a batch's draws from ``start`` through ``cells`` (the position
    after each), the first visits at ``times``: each carve, and before it the steps onto visited
    cells since the last one (a draw held by the edge moves nothing and says nothing)."""
    before = np.empty_like(cells)
    before[0] = start
    before[1:] = cells[:-1]
    stepped = cells != before
    stepped[times] = False
    at = np.cumsum(stepped)[times] if len(times) else times  # steps over the maze before each carve
    rows = np.full((int(stepped.sum()), 3), -1, dtype=np.int64)
    rows[:, 0] = cells[stepped]
    carves = zip(before[times].tolist(), cells[times].tolist(), turns[times].tolist())
    done = 0
    for upto, (a, b, d) in zip(at.tolist(), carves):
        if upto - done >= PACK_FROM:
            yield (CURRENTS, -1, -1, rows[done:upto])  # type: ignore[misc]
        elif upto > done:
            yield from ((CURRENT, c, -1, -1) for c in rows[done:upto, 0].tolist())
        yield (CARVE, a, b, d)
        done = upto
    if done < len(rows):
        yield (CURRENTS, -1, -1, rows[done:])  # type: ignore[misc]


def held_walk(start: int, steps: np.ndarray, top: int) -> np.ndarray:
    """The positions after each step of a walk from ``start`` that stays put rather than leave
    ``0 .. top``. Held at one wall only, the position is the free sum less its lowest dip below
    that wall so far (a running minimum); that holds until the walk reaches the other wall, from
    where the same is done against that one."""
    out = np.empty(len(steps), dtype=np.int32)
    done, here, low = 0, start, True
    while done < len(steps):
        free = np.cumsum(steps[done:], dtype=np.int32)
        free += here
        if low:
            held = free - np.minimum(np.minimum.accumulate(free), 0)
            past = np.flatnonzero(held > top)
        else:
            held = free - np.maximum(np.maximum.accumulate(free) - top, 0)
            past = np.flatnonzero(held < 0)
        end = int(past[0]) if len(past) else len(held)
        out[done:done + end] = held[:end]
        if not len(past):
            break
        out[done + end] = here = top if low else 0  # the step that would pass the other wall is held
        done += end + 1
        low = not low
    return out


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
