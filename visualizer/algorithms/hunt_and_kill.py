"""Hunt-and-kill: a random walk into unvisited cells; when it is stuck, hunt for a new start.

The walk phase makes long passages like the backtracker. The hunt phase scans rows from the top for
an unvisited cell beside the maze (each scanned row is shown as it is scanned) and joins it in.
Rows that are already complete are skipped, so the hunt never rescans the finished top.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.events import Event, EventStream, Kind
from ..core.narration import Annotation, Code, Narrator, Shape, Told, plural
from ..grids import Grid
from .base import Algorithm

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE, SCAN, PHASE = Kind.CARVE, Kind.SCAN, Kind.PHASE


def hunt_and_kill(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Walk until stuck, then hunt row by row for an unvisited cell next to the maze; ``show``
    announces each row the hunt scans."""
    w = grid.width
    starts = grid.row_starts().tolist()  # rows may differ in length (a polar grid's rings)
    h = len(starts) - 1
    lengths = [b - a for a, b in zip(starts, starts[1:])]
    row_of = None if lengths == [w] * h else np.repeat(np.arange(h), lengths).tolist()
    free_neighbours, neighbours = grid.free_neighbours, grid.neighbours
    rnd = rng.random
    visited = bytearray(grid.size)
    left_in_row = lengths
    cell = int(rnd() * grid.size)
    visited[cell] = 1
    left_in_row[cell // w if row_of is None else row_of[cell]] -= 1
    yield (PHASE, -1, -1, "walk")
    yield (CARVE, cell, -1, -1)
    first_row = 0
    while True:
        options = free_neighbours(cell, visited)
        if options:  # walk
            d, nb = options[int(rnd() * len(options))]
            visited[nb] = 1
            left_in_row[nb // w if row_of is None else row_of[nb]] -= 1
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
            if show:
                yield (SCAN, starts[row], starts[row + 1] - 1, -1)
            position, end = starts[row], starts[row + 1]
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
        left_in_row[cell // w if row_of is None else row_of[cell]] -= 1
        yield (PHASE, -1, -1, "walk")
        yield (CARVE, nb, cell, grid.opposite(d))


class HuntAndKillNarrator(Narrator):
    """The walker, and during a hunt the row being scanned; counts the cells still to visit."""

    code = Code(
        start="cell = a random cell; mark it visited",
        repeat="repeat:",
        walk="  while cell has unvisited neighbours:",
        carve="    carve into a random one; it becomes cell",
        hunt="  hunt: for each row that is not finished:",
        scan="    look for an unvisited cell beside the maze",
        found="    if one is found: stop the hunt",
        done="  if none was found: the maze is done",
        join="  carve into it from a random maze neighbour",
        walk_on="  cell = it, and walk on from there",
    )
    legend = {"current": "the walker, or the row scanned"}
    phases = ("walk", "hunt")

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.unvisited = grid.size
        self.walker = -1
        self.hunts = 0
        self.hunting = False
        self.scanning = -1
        """The row the hunt scans now; -1 outside a hunt."""

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """The start cell continues the first phase's step; the hunt's end (back to walking)
        continues the scan that found a cell. Everything else is a step of its own."""
        if previous is None:
            return True
        kind, _, other, value = event
        if kind == PHASE:
            return value != "walk"
        return not (kind == CARVE and other < 0 and previous[0] == PHASE)

    def tell_phase(self, cell: int, other: int, value: Any) -> Told:
        self.phase = str(value)
        if self.phase == "hunt":
            self.hunts += 1
            self.hunting = True
            return Told(self.code.hunt,
                        f"{self.name(self.walker)} has no unvisited neighbour: the walk is stuck, so hunt "
                        "row by row, from the first row with unvisited cells")
        if self.walker < 0:
            return Told(self.code.start, "Walk: from a random start, carve into unvisited neighbours until stuck")
        return Told(self.code.found, "The hunt found an unvisited cell next to the maze: stop hunting, walk again")

    def tell_scan(self, cell: int, other: int, value: int) -> Told:
        self.scanning = self.grid.coords(cell)[1]
        return Told(self.code.scan,
                    f"Hunt: scan row {self.scanning}, from {self.name(cell)} to {self.name(other)}, for an "
                    "unvisited cell beside the maze")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.unvisited -= 1
        left = f"{plural(self.unvisited, 'cell')} to go" if self.unvisited else "every cell is visited, done"
        walk_on = f" and walk on; {left}" if self.unvisited else f"; {left}"
        if other < 0:
            self.walker = cell
            return Told(self.code.start, f"Start at {self.name(cell)}, a random cell: visited; {left}")
        self.walker = other
        if self.hunting:
            self.hunting = False
            self.scanning = -1
            return Told(self.code.join,
                        f"Found {self.name(other)} unvisited beside the maze: carve into it from "
                        f"{self.name(cell)}{walk_on}")
        return Told(self.code.carve,
                    f"{self.name(cell)} has unvisited neighbours: carve {self.direction(value)} into "
                    f"{self.name(other)}{walk_on}")

    def data(self) -> list[tuple[str, str]]:
        rows = [("Phase", self.phase or "walk"),
                ("Walker", self.name(self.walker) if self.walker >= 0 else "not started"),
                ("Unvisited", f"{self.unvisited:,} of {self.grid.size:,} cells"),
                ("Hunts", f"{self.hunts:,}")]
        if self.scanning >= 0:
            rows.insert(2, ("Scanning", f"row {self.scanning}"))
        return rows

    def annotations(self) -> list[Annotation]:
        if self.scanning < 0:
            return []
        starts = self.grid.row_starts()
        return [Annotation(Shape.BOX, (int(starts[self.scanning]), int(starts[self.scanning + 1]) - 1))]


ALGORITHM = Algorithm(
    name="hunt_and_kill",
    func=hunt_and_kill,
    description="Hunt-and-kill: random walk until stuck, then scan rows for a cell beside the maze.",
    narrator=HuntAndKillNarrator,
)
