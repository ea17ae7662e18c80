"""What every solver declares, and the helpers they share."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from ..events import Event, EventStream, Kind
from ..maze import Maze

SolverFunc = Callable[[Maze, int, int], EventStream]
SearchStream = Generator[Event, None, list[int]]
"""A solver's events; the generator's return value is the path it found."""
PATH = Kind.PATH


@dataclass(frozen=True)
class Solver:
    name: str
    func: SolverFunc
    description: str
    shortest: bool = True
    """True when the path it finds is always a shortest one."""

    def run(self, maze: Maze, start: int | None = None, goal: int | None = None) -> EventStream:
        """Search from ``start`` (default: the entrance) to ``goal`` (default: the exit)."""
        return self.func(maze, maze.entrance[0] if start is None else start, maze.exit[0] if goal is None else goal)


def path_from(came_from: dict[int, int], goal: int) -> list[int]:
    """Follow back-links from the goal to the start (whose link is -1); [] if the goal was not reached."""
    if goal not in came_from:
        return []
    path = [goal]
    while came_from[path[-1]] != -1:
        path.append(came_from[path[-1]])
    path.reverse()
    return path


def announce_path(path: list[int]) -> SearchStream:
    """PATH events from start to goal; returns the path so ``yield from`` gives it to the caller."""
    previous = -1
    for cell in path:
        yield (PATH, cell, previous, -1)
        previous = cell
    return path


def run_to_end(search: EventStream) -> list[int]:
    """Drain a solver's events and return its path (its generator return value)."""
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value or []
