"""Recursive backtracker (randomized depth-first search), written with an explicit stack.

Long winding rivers with few, long dead ends: the walk goes as deep as it can before it backs up.
The ``winding`` percentage is the chance of turning when going straight is possible (100: every
step picks a random unvisited neighbour, the classic algorithm; low values make long corridors).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..events import EventStream, Kind
from ..grids import Grid
from ..narration import Narrator, Told, plural
from .base import Algorithm, Param

CARVE = Kind.CARVE
BACKTRACK = Kind.BACKTRACK


def backtracker(grid: Grid, rng: random.Random, *, winding: int = 100, start: int = -1,
                visited: bytearray | None = None, region: int = -1, show: bool = True) -> EventStream:
    """Carve a perfect maze depth-first from a random start cell.

    The dungeon reuses this for its corridors: it passes the ``start`` cell, a ``visited`` map with
    the rooms already marked, and the corridor's ``region`` id (these are not user parameters).
    """
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    if start < 0:
        start = int(rnd() * grid.size)
    if visited is None:
        visited = bytearray(grid.size)
    visited[start] = 1
    yield (CARVE, start, -1, region)
    stack = [start]
    push = stack.append
    pop = stack.pop
    last = -1  # direction of the last carve, for the winding rule; -1 after a backtrack
    straight_bias = winding < 100
    while stack:
        cell = stack[-1]
        options = free_neighbours(cell, visited)
        if options:
            if straight_bias and last >= 0 and rnd() * 100 >= winding:
                ahead = [o for o in options if o[0] == last]
                d, nb = ahead[0] if ahead else options[int(rnd() * len(options))]
            else:
                d, nb = options[int(rnd() * len(options))]
            visited[nb] = 1
            push(nb)
            last = d
            yield (CARVE, cell, nb, d)
        else:
            pop()
            last = -1
            if show:
                yield (BACKTRACK, cell, stack[-1] if stack else -1, -1)


class BacktrackerNarrator(Narrator):
    """The stack, as the walk pushes and pops it."""

    code = (
        "pick a random start cell, mark it visited, push it",
        "while the stack is not empty:",
        "  cell = the cell on top of the stack",
        "  if cell has unvisited neighbours:",
        "    next = one of them at random",
        "    carve the wall between cell and next",
        "    mark next visited and push it",
        "  else:",
        "    pop cell: a dead end, back up one",
    )
    legend = {"stack": "on the stack (the way back)", "current": "top of the stack"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.stack: list[int] = []
        self.visited = 0

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            self.stack = [cell]
            self.visited += 1
            return Told(0, f"Start at {self.name(cell)}: visited, pushed; the stack holds 1 cell")
        self.stack.append(other)
        self.visited += 1
        return Told(5, f"{self.name(cell)} has unvisited neighbours: carve {self.direction(value)} into "
                       f"{self.name(other)} and push it; stack depth {len(self.stack)}")

    def tell_backtrack(self, cell: int, other: int, value: int) -> Told:
        if self.stack:
            self.stack.pop()
        if other < 0:
            return Told(8, f"{self.name(cell)} has no unvisited neighbour: pop it; the stack is empty, "
                           "so every cell it could reach is carved")
        return Told(8, f"{self.name(cell)} has no unvisited neighbour: pop it; back at {self.name(other)}, "
                       f"stack depth {len(self.stack)}")

    def data(self) -> list[tuple[str, str]]:
        return [("Stack", plural(len(self.stack), "cell") + " deep"),
                ("Top", self.cells_text(reversed(self.stack), len(self.stack))),
                ("Visited", f"{self.visited:,} of {self.grid.size:,} cells")]


ALGORITHM = Algorithm(
    name="backtracker",
    func=backtracker,
    description="Recursive backtracker: a depth-first walk that backs up at dead ends; long rivers.",
    params=(Param("winding", 100, "chance in percent of turning when going straight is possible",
                  minimum=0, maximum=100),),
    shows_stack=True,
    narrator=BacktrackerNarrator,
)
