"""Dead-end filling: fill every dead end, and the dead ends that filling creates, until none are left.

It never looks for the exit; whatever survives is the solution (on a perfect maze, exactly the
path). The path is then read off the unfilled cells.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import DATA_ITEMS, Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path, path_from

DEAD_END = Kind.DEAD_END


def dead_end_filling(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield DEAD_END per filled cell (``other``: its one way out, -1 if none; ``value``: that way's
    direction), then PATH events through what is left. Returns the path ([] when cut off)."""
    grid = maze.grid
    is_open = maze.open_mask()
    filled = bytearray(grid.size)
    degree = {c: len(maze.open_neighbours(c)) for c in range(grid.size) if is_open[c]}
    queue = deque(c for c, deg in degree.items() if deg <= 1 and c not in (start, goal))
    while queue:
        cell = queue.popleft()
        if filled[cell] or degree[cell] > 1:
            continue
        filled[cell] = 1
        ways = [nb for nb in maze.open_neighbours(cell) if not filled[nb]]
        out = ways[0] if ways else -1
        yield (DEAD_END, cell, out, grid.direction_between(cell, out) if ways else -1)
        for nb in ways:
            degree[nb] -= 1
            if degree[nb] <= 1 and nb not in (start, goal):
                queue.append(nb)
    came_from = {start: -1}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nb in maze.open_neighbours(cell):
            if not filled[nb] and nb not in came_from:
                came_from[nb] = cell
                todo.append(nb)
    return (yield from announce_path(path_from(came_from, goal)))


class DeadEndNarrator(SolverNarrator):
    """The filling: each dead end filled may leave its neighbour a dead end too."""

    code = Code(
        tally="count each open cell's open neighbours",
        queue="queue the dead ends (but not start or goal)",
        loop="while the queue is not empty:",
        take="  cell = take the first cell out of the queue",
        skip="  if filled or 2+ open neighbours: skip it",
        fill="  fill cell: no path goes through it",
        neighbour="  for its open neighbour not filled yet:",
        fewer="    count one open neighbour fewer",
        requeue="    if now a dead end (not start/goal): queue it",
        path="search the unfilled cells from start to goal",
    )
    legend = {"dead end": "filled dead end (not on the path)", "path": "what filling left: the path"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.filled: list[int] = []
        self.exposed: set[int] = set()
        """Cells that lost an open neighbour to filling (a dead end among them was made by filling)."""

    def tell_dead_end(self, cell: int, other: int, value: int) -> Told:
        """A fill: a cell with one way out is a corridor's end, so no path from start to goal uses it."""
        self.filled.append(cell)
        made = cell in self.exposed
        if other < 0:  # its last neighbour was filled too (or it never had one)
            return Told(self.code.fill,
                        f"{self.name(cell)} has no open neighbour left unfilled: nothing passes through it, "
                        f"fill it ({plural(len(self.filled), 'cell')} filled)")
        self.exposed.add(other)
        why = "became a dead end when the cells next to it were filled" if made else "is a dead end"
        return Told(self.code.fill,
                    f"{self.name(cell)} {why}: its one way out is {self.direction(value)} to {self.name(other)}; "
                    f"fill it, and {self.name(other)} loses an open neighbour")

    def path_found(self, start: int) -> str:
        """The path is what survives the filling, found by a search through the unfilled cells."""
        return (f"No dead ends are left: search the unfilled cells for the way from start to "
                f"goal; the path begins at {self.name(start)}")

    def data(self) -> list[tuple[str, str]]:
        return [("Filled", plural(len(self.filled), "cell")),
                ("Newest", self.cells_text(reversed(self.filled[-DATA_ITEMS:]), len(self.filled)))] + self.path_rows()


SOLVER = Solver("dead_end_filling", dead_end_filling,
                "Dead-end filling: fill dead ends until only the solution is left.", shortest=False,
                title="Dead-end filling", narrator=DeadEndNarrator)
