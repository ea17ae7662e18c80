"""Dead-end filling: fill every dead end, and the dead ends that filling creates, until none are left.

It never looks for the exit; whatever survives is the solution (on a perfect maze, exactly the
path). The path is then read off the unfilled cells.
"""

from __future__ import annotations

from collections import deque

from ..events import Kind
from ..maze import Maze
from .base import SearchStream, Solver, announce_path, path_from

DEAD_END = Kind.DEAD_END


def dead_end_filling(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
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
        yield (DEAD_END, cell, -1, -1)
        for nb in maze.open_neighbours(cell):
            if not filled[nb]:
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


SOLVER = Solver("dead_end_filling", dead_end_filling,
                "Dead-end filling: fill dead ends until only the solution is left.", shortest=False)
