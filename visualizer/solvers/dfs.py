"""Depth-first search: follow one corridor to its end before trying another.

Finds a path, not necessarily the shortest one (on a perfect maze there is only one path, so it is).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path, path_from

SEARCH, OPEN = Kind.SEARCH, Kind.OPEN


def dfs(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield a SEARCH event per cell popped (and, when shown, an OPEN per push), then PATH events.

    The generator's return value is the path as a list of cells ([] when the goal is unreachable).
    """
    came_from = {start: -1}
    stack = [start]
    while stack:
        cell = stack.pop()
        yield (SEARCH, cell, came_from[cell], -1)
        if cell == goal:
            break
        for nb in reversed(maze.open_neighbours(cell)):
            if nb not in came_from:
                came_from[nb] = cell
                stack.append(nb)
                if show:
                    yield (OPEN, nb, cell, -1)
    return (yield from announce_path(path_from(came_from, goal)))


class DfsNarrator(SolverNarrator):
    """The stack: the newest cell pushed is the next one looked at, so one corridor runs to its end."""

    follows = frozenset({int(Kind.OPEN)})
    """One step: a cell taken off the to-do list and the neighbours it adds."""

    code = Code(
        start="push start; note it is reached",
        loop="while the stack is not empty:",
        pop="  cell = pop the top of the stack",
        goal="  if cell is the goal: stop",
        neighbours="  for each open neighbour not reached yet:",
        note="    note that we came from cell; it is reached",
        push="    push it onto the stack",
        path="follow the came-from notes back from the goal",
    )
    legend = {"frontier": "on the stack (to do)", "search": "looked at"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.goal = int(self.params.get("goal", grid.exit[0]))
        """The solvers' default goal (the exit) unless the params name another."""
        self.stack: list[int] = []
        self.looked = 0

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        """A pop: the newest cell waiting is looked at next (that is what makes it depth-first)."""
        if self.stack and self.stack[-1] == cell:
            self.stack.pop()
        self.looked += 1
        if other < 0:
            where = f"Start at {self.name(cell)}: push it and pop it straight back off"
        else:
            where = f"Pop {self.name(cell)} off the top of the stack (the newest cell, pushed from {self.name(other)})"
        if cell == self.goal:
            return Told(self.code.goal, f"{where}: it is the goal, so stop searching")
        left = f"{plural(len(self.stack), 'cell')} left on it" if self.stack else "the stack is empty now"
        return Told(self.code.start if other < 0 else self.code.pop, f"{where}; {left}")

    def tell_open(self, cell: int, other: int, value: int) -> Told:
        """A push: the cell waits on top, so it is looked at before everything pushed earlier."""
        self.stack.append(cell)
        way = self.direction(self.grid.direction_between(other, cell))
        return Told(self.code.push,
                    f"{self.name(cell)}, {way} of {self.name(other)}, is open and not reached yet: note the way "
                    f"back and push it; stack depth {len(self.stack)}{self.this_step(cell, 'pushed')}")

    def data(self) -> list[tuple[str, str]]:
        return [("Stack", plural(len(self.stack), "cell") + " deep"),
                ("Top", self.cells_text(reversed(self.stack), len(self.stack))),
                ("Looked at", plural(self.looked, "cell"))] + self.path_rows()


SOLVER = Solver("dfs", dfs, "Depth-first search: one corridor to its end, then back; any path.", shortest=False,
                title="Depth-first search", narrator=DfsNarrator)
