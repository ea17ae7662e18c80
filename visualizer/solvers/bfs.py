"""Breadth-first search: the shortest path through open passages, shown as a spreading wave."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path, path_from, run_to_end

SEARCH, TAKE = Kind.SEARCH, Kind.TAKE


def bfs(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield a SEARCH event per reached cell, then PATH events from start to goal (none if cut off).

    The generator's return value is the path as a list of cells ([] when the goal is unreachable).
    """
    came_from = {start: -1}
    queue = deque([start])
    yield (SEARCH, start, -1, -1)
    while queue:
        cell = queue.popleft()
        if show:
            yield (TAKE, cell, -1, -1)
        if cell == goal:
            break
        for nb in maze.open_neighbours(cell):
            if nb not in came_from:
                came_from[nb] = cell
                queue.append(nb)
                yield (SEARCH, nb, cell, -1)
    return (yield from announce_path(path_from(came_from, goal)))


def shortest_path(maze: Maze, start: int | None = None, goal: int | None = None) -> list[int]:
    """The shortest path (cells, both ends included) between two cells; entrance to exit by default."""
    start = maze.entrance[0] if start is None else start
    goal = maze.exit[0] if goal is None else goal
    return run_to_end(bfs(maze, start, goal, show=False))


class BfsNarrator(SolverNarrator):
    """The queue: reached cells wait in it, first in first out."""

    follows = frozenset({int(Kind.SEARCH)})
    """One step: a cell taken off the to-do list and the neighbours it adds."""

    code = Code(
        start="put start in the queue; it is reached",
        loop="while the queue is not empty:",
        take="  cell = take the first cell out of the queue",
        goal="  if cell is the goal: stop",
        neighbours="  for each open neighbour not reached yet:",
        note="    note that we came from cell; it is reached",
        enqueue="    add it to the back of the queue",
        path="follow the came-from notes back from the goal",
    )
    legend = {"search": "in the queue (reached, waiting)", "looked": "looked at (taken out of the queue)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.queue: deque[int] = deque()
        self.reached = 0

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        self.queue.append(cell)
        self.reached += 1
        if other < 0:
            return Told(self.code.start, f"Start at {self.name(cell)}: put it in the queue")
        added = self.so_far(cell)
        one = len(added) == 1
        return Told(self.code.enqueue,
                    f"{self.together(added)} {'is' if one else 'are'} open from {self.name(other)} and not reached "
                    f"yet: {'it joins' if one else f'these {len(added)} join'} the back of the queue "
                    f"({plural(len(self.queue), 'cell')} waiting)")

    def tell_take(self, cell: int, other: int, value: int) -> Told:
        if self.queue and self.queue[0] == cell:
            self.queue.popleft()
        if cell == self.params.get("goal"):
            return Told(self.code.goal,
                        f"Take {self.name(cell)} from the front of the queue: it is the goal, so stop searching")
        return Told(self.code.take,
                    f"Take {self.name(cell)} from the front of the queue (reached earliest of those waiting); "
                    f"{plural(len(self.queue), 'cell')} left in it")

    def data(self) -> list[tuple[str, str]]:
        return [("Queue", plural(len(self.queue), "cell")), ("Next out", self.cells_text(self.queue)),
                ("Reached", f"{self.reached:,} cells")] + self.path_rows()


SOLVER = Solver("bfs", bfs, "Breadth-first search: a wave in every direction; always a shortest path.",
                title="Breadth-first search", narrator=BfsNarrator)
