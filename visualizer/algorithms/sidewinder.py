"""Sidewinder: row by row, runs of cells go east, and each run opens north from one random member.

The top row is one long corridor (nothing above it to open into); below, runs make a
characteristic vertical bias: every cell can reach the top row going only north and sideways.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import EventStream, Kind
from ..core.narration import Annotation, Code, Narrator, Shape, Told, plural
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


class SidewinderNarrator(Narrator):
    """The run: the cells joined east since the last close, one of which opens north when it closes."""

    code = Code(
        top_row="carve the top row into one corridor east",
        loop="for each later row, cell by cell:",
        add="  add cell to the run",
        close="  if at the east edge or the coin says close:",
        member="    member = a random cell of the run",
        north="    carve north from member; empty the run",
        otherwise="  else:",
        east="    carve east: the run goes on",
    )
    legend = {"current": "the cell just joined", "unvisited": "not reached yet"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.close = int(self.params.get("close", 50))
        self.run_start = self.run_end = 0
        self.closed = 0
        self.shown: tuple[int, int] = (0, 0)
        """The run to outline: the growing one, or the one just closed."""

    def row(self, cell: int) -> int:
        return cell // self.grid.width

    def enter_row(self, cell: int) -> None:
        """A new row (after the top row's corridor) starts its first run at its first cell."""
        if self.row(cell) != self.row(self.run_start):
            self.run_start = self.run_end = self.row(cell) * self.grid.width

    def run_size(self) -> int:
        return self.run_end - self.run_start + 1

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            self.shown = (cell, cell)
            return Told(self.code.top_row,
                        f"Start at {self.name(cell)}: the top row has nothing above it, so it becomes one "
                        "long corridor east")
        if value == EAST:
            return self.tell_east(cell, other)
        return self.tell_close(cell, other)

    def tell_east(self, cell: int, other: int) -> Told:
        """The run grows: a coin said go on (or this is the top row, which never closes)."""
        if self.row(cell) == 0:
            self.run_start, self.run_end = 0, other
            self.shown = (0, other)
            return Told(self.code.top_row,
                        f"Top row: nothing above to open into, so carve east from {self.name(cell)} into "
                        f"{self.name(other)}")
        self.enter_row(cell)
        self.run_end = other
        self.shown = (self.run_start, other)
        return Told(self.code.east,
                    f"{self.name(cell)}: the coin says go on: carve east into {self.name(other)}; the run is "
                    f"{plural(self.run_size(), 'cell')}")

    def tell_close(self, cell: int, other: int) -> Told:
        """The run closes at its last cell through ``other``, a random member, up into ``cell``."""
        self.enter_row(other)
        size, end = self.run_size(), self.run_end
        self.shown = (self.run_start, end)
        self.closed += 1
        self.run_start = self.run_end = end + 1
        member = f"carve north from {self.name(other)}, " + ("its only cell" if size == 1 else "a random member")
        if (end + 1) % self.grid.width == 0:
            return Told(self.code.north,
                        f"{self.name(end)} is at the east edge, so the run of {plural(size, 'cell')} closes: "
                        f"{member}")
        return Told(self.code.north,
                    f"{self.name(end)}: the coin says close the run of {plural(size, 'cell')}: {member}")

    def data(self) -> list[tuple[str, str]]:
        first, last = self.shown
        return [("Row", f"y = {self.row(last):,}"),
                ("Run", f"{plural(last - first + 1, 'cell')}: {self.cells_text(range(first, last + 1))}"),
                ("Close chance", f"{self.close}% a cell"),
                ("Runs closed", f"{self.closed:,}")]

    def annotations(self) -> list[Annotation]:
        first, last = self.shown
        return [Annotation(Shape.BOX, (first, last))]


ALGORITHM = Algorithm(
    name="sidewinder",
    on_masks=False,  # walks whole rows and columns
    func=sidewinder,
    description="Sidewinder: eastward runs, each opening north once; a long top corridor.",
    params=(Param("close", 50, "chance in percent of closing the run at each cell", minimum=1, maximum=100),),
    grids=(SquareGrid.kind,),  # walks rows and columns
    narrator=SidewinderNarrator,
)
