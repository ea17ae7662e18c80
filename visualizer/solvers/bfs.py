"""Breadth-first search: the shortest path through open passages, shown as a spreading wave."""

from __future__ import annotations

from collections import deque

from ..events import Kind
from ..maze import Maze
from .base import SearchStream, Solver, announce_path, path_from, run_to_end

SEARCH = Kind.SEARCH


def bfs(maze: Maze, start: int, goal: int) -> SearchStream:
    """Yield a SEARCH event per reached cell, then PATH events from start to goal (none if cut off).

    The generator's return value is the path as a list of cells ([] when the goal is unreachable).
    """
    came_from = {start: -1}
    queue = deque([start])
    yield (SEARCH, start, -1, -1)
    while queue:
        cell = queue.popleft()
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
    return run_to_end(bfs(maze, start, goal))


SOLVER = Solver("bfs", bfs, "Breadth-first search: a wave in every direction; always a shortest path.")
