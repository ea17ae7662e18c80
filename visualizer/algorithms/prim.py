"""Prim's algorithm as in the source maze game: grow the maze from a frontier.

The frontier is every unvisited cell next to the maze. Each step picks a random frontier cell and
joins it to a random neighbour already in the maze, so the maze spreads out evenly in all
directions: many short dead ends, no long rivers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import islice
from typing import Any

from ..core.events import EventStream, Kind
from ..core.narration import DATA_ITEMS, Code, Narrator, Told, plural
from ..grids import Grid
from .base import Algorithm

CARVE = Kind.CARVE
FRONTIER_ADD = Kind.FRONTIER_ADD

OUTSIDE, FRONTIER, IN_MAZE = 0, 1, 2


def prim(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Carve a perfect maze by growing it from a random frontier cell at a time. Shown, every
    cell put on the frontier is said; unshown only the carves (the same draws, the same maze)."""
    neighbours = grid.neighbours
    free_neighbours = grid.free_neighbours
    opposite = tuple(grid.opposite(d) for d in range(grid.directions))
    rnd = rng.random
    status = bytearray(grid.size)
    frontier: list[int] = []
    push, pop = frontier.append, frontier.pop
    cell = int(rnd() * grid.size)
    yield (CARVE, cell, -1, -1)
    while True:  # the cell just joined puts its outside neighbours on the frontier (inline: no
        status[cell] = IN_MAZE  # generator per cell, a shown event passes through one frame)
        for _, nb in free_neighbours(cell, status):
            status[nb] = FRONTIER
            push(nb)
            if show:
                yield (FRONTIER_ADD, nb, -1, -1)
        if not frontier:
            return
        # Swap-remove a random frontier cell: O(1) instead of list.pop(i).
        i = int(rnd() * len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        cell = pop()
        inside = [(d, nb) for d, nb in neighbours(cell) if status[nb] == IN_MAZE]
        d, nb = inside[int(rnd() * len(inside))]
        yield (CARVE, nb, cell, opposite[d])


class PrimNarrator(Narrator):
    """The frontier as the events grow it: which cells wait next to the maze, and how many."""

    code = Code(
        start="add a random cell to the maze",
        first_frontier="put its neighbours on the frontier",
        loop="while the frontier is not empty:",
        take="  cell = take a random frontier cell off",
        neighbour="  nb = a random neighbour of cell in the maze",
        carve="  carve the wall between nb and cell",
        joined="  cell is now in the maze",
        frontier="  put its outside neighbours on the frontier",
    )
    follows = frozenset({int(FRONTIER_ADD)})
    legend = {"frontier": "frontier: next to the maze, waiting", "unvisited": "outside the maze"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.frontier: dict[int, None] = {}  # insertion-ordered set: O(1) removal, newest last
        self.in_maze = 0
        self.joined = -1

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.in_maze += 1
        if other < 0:
            self.joined = cell
            return Told(self.code.start, f"Start at {self.name(cell)}, a random cell: it is the whole maze so far")
        self.frontier.pop(other, None)
        self.joined = other
        return Told(self.code.carve,
                    f"{self.name(other)} taken off the frontier at random: carve {self.direction(value)} into "
                    f"it from {self.name(cell)}, a random neighbour in the maze; "
                    f"{plural(len(self.frontier), 'frontier cell')} left")

    def tell_frontier_add(self, cell: int, other: int, value: int) -> Told:
        self.frontier[cell] = None
        line = self.code.first_frontier if self.in_maze == 1 else self.code.frontier
        added = self.so_far(cell)
        one = len(added) == 1
        return Told(line, f"{self.together(added)} {'is' if one else 'are'} next to {self.name(self.joined)}, "
                          f"which just joined the maze: {'it goes' if one else f'these {len(added)} go'} on the "
                          f"frontier, now {plural(len(self.frontier), 'frontier cell')}")

    def data(self) -> list[tuple[str, str]]:
        newest = islice(reversed(self.frontier), DATA_ITEMS)
        return [("Frontier", plural(len(self.frontier), "cell")),
                ("Newest on it", self.cells_text(newest, len(self.frontier))),
                ("In the maze", f"{self.in_maze:,} of {self.grid.size:,} cells")]


ALGORITHM = Algorithm(
    name="prim",
    func=prim,
    description="Prim's: join a random frontier cell to the maze; even spread, many short dead ends.",
    narrator=PrimNarrator,
)
