"""True Prim's: every passage has a random weight; the cheapest one leaving the maze goes next.

A minimum spanning tree of random weights. Unlike the frontier-cell version it grows in
tendrils along cheap edges, and its maze has a distinct, spiky texture.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Mapping
from itertools import islice
from typing import Any

from ..core.events import EventStream, Kind
from ..core.narration import DATA_ITEMS, Annotation, Code, Narrator, Shape, Told, Tone, plural
from ..grids import Grid
from .base import Algorithm

CARVE, FRONTIER_ADD, REJECT = Kind.CARVE, Kind.FRONTIER_ADD, Kind.REJECT


def prim_true(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Grow from a random cell, always through the lowest-weight edge out of the maze. An edge
    whose far cell joined the maze since it was pushed is stale: ``show`` says so as it is dropped."""
    neighbours = grid.neighbours
    rnd = rng.random
    in_maze = bytearray(grid.size)
    seen = bytearray(grid.size)
    heap: list[tuple[float, int, int, int]] = []
    push, pop = heapq.heappush, heapq.heappop

    def add(cell: int) -> EventStream:
        in_maze[cell] = 1
        for d, nb in neighbours(cell):
            if not in_maze[nb]:
                push(heap, (rnd(), cell, nb, d))
                if not seen[nb]:
                    seen[nb] = 1
                    if show:
                        yield (FRONTIER_ADD, nb, -1, -1)

    start = int(rnd() * grid.size)
    seen[start] = 1
    yield (CARVE, start, -1, -1)
    yield from add(start)
    outside = grid.size - 1
    while heap and outside:  # once every cell is in, every wall left in the heap is stale
        _, cell, nb, d = pop(heap)
        if in_maze[nb]:
            if show:
                yield (REJECT, cell, nb, d)
            continue
        outside -= 1
        yield (CARVE, cell, nb, d)
        yield from add(nb)


class PrimTrueNarrator(Narrator):
    """The cells the heap's walls lead to, and the stale walls popped after their cell joined."""

    code = Code(
        start="add a random cell to the maze",
        first_walls="push its walls, each with a random weight",
        loop="while the heap of walls is not empty:",
        pop="  pop the lightest wall, from a to b",
        in_maze="  if b is already in the maze:",
        drop="    drop it: a stale wall, it stays shut",
        otherwise="  else:",
        carve="    carve the wall from a into b",
        walls="    push b's walls to cells outside the maze",
    )
    follows = frozenset({int(FRONTIER_ADD)})
    legend = {"frontier": "frontier: a wall to it waits in the heap", "unvisited": "outside the maze"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.frontier: dict[int, None] = {}  # insertion-ordered set: O(1) removal, newest last
        self.in_maze = 0
        self.stale = 0
        self.joined = -1
        self.rejected: tuple[int, int] | None = None

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.in_maze += 1
        self.rejected = None
        if other < 0:
            self.joined = cell
            return Told(self.code.start, f"Start at {self.name(cell)}, a random cell: it is the whole maze so far")
        self.frontier.pop(other, None)
        self.joined = other
        return Told(self.code.carve,
                    f"The lightest wall in the heap leads from {self.name(cell)} out to {self.name(other)}: "
                    f"carve {self.direction(value)} into it; {plural(len(self.frontier), 'frontier cell')} left")

    def tell_frontier_add(self, cell: int, other: int, value: int) -> Told:
        self.frontier[cell] = None
        line = self.code.first_walls if self.in_maze == 1 else self.code.walls
        added = self.so_far(cell)
        one = len(added) == 1
        return Told(line, f"{self.together(added)} {'is' if one else 'are'} next to {self.name(self.joined)} and "
                          f"new to the frontier: {'the wall to it goes' if one else f'the {len(added)} walls go'} "
                          f"on the heap with random weights; now {plural(len(self.frontier), 'frontier cell')}")

    def tell_reject(self, cell: int, other: int, value: int) -> Told:
        self.stale += 1
        self.rejected = (cell, other)
        if self.in_maze == self.grid.size:
            return Told(self.code.drop,
                        f"The wall {self.name(cell)} to {self.name(other)} is stale, like every wall left in the "
                        "heap: the maze has every cell, so it stays shut")
        return Told(self.code.drop,
                    f"The lightest wall, {self.name(cell)} to {self.name(other)}, is stale: {self.name(other)} "
                    "joined the maze by a lighter wall since, so this one stays shut")

    def data(self) -> list[tuple[str, str]]:
        newest = islice(reversed(self.frontier), DATA_ITEMS)
        return [("Frontier", plural(len(self.frontier), "cell") + " with walls in the heap"),
                ("Newest on it", self.cells_text(newest, len(self.frontier))),
                ("Stale walls dropped", f"{self.stale:,}"),
                ("In the maze", f"{self.in_maze:,} of {self.grid.size:,} cells")]

    def annotations(self) -> list[Annotation]:
        if self.rejected is None:
            return []
        return [Annotation(Shape.WALL, self.rejected, Tone.REJECTED)]


ALGORITHM = Algorithm(
    name="prim_true",
    func=prim_true,
    description="True Prim's: random edge weights, cheapest edge out of the maze first.",
    narrator=PrimTrueNarrator,
)
