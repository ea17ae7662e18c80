"""Depth-first search: follow one corridor to its end before trying another.

Finds a path, not necessarily the shortest one (on a perfect maze there is only one path, so it is).
"""

from __future__ import annotations

from ..events import Kind
from ..maze import Maze
from .base import SearchStream, Solver, announce_path, path_from

SEARCH = Kind.SEARCH


def dfs(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
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
    return (yield from announce_path(path_from(came_from, goal)))


SOLVER = Solver("dfs", dfs, "Depth-first search: one corridor to its end, then back; any path.", shortest=False)
