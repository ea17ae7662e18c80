"""What every solver declares, and the helpers they share."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.events import Event, Kind, SearchStream
from ..core.maze import Maze
from ..core.narration import Narrator, Told, plural
from ..grids import Grid

SolverFunc = Callable[[Maze, int, int, bool], SearchStream]
"""``(maze, start, goal, show)``: ``show=False`` leaves out the to-do list events nobody sees."""
PATH = Kind.PATH


@dataclass(frozen=True)
class Solver:
    name: str
    func: SolverFunc
    description: str
    shortest: bool = True
    """True when the path it finds is always a shortest one."""
    title: str = ""
    """The name in words ("Breadth-first search")."""
    narrator: type[Narrator] | None = None
    """Follows its events and explains them (pseudocode, sentences, its queue or stack)."""

    def run(self, maze: Maze, start: int | None = None, goal: int | None = None, show: bool = True) -> SearchStream:
        """Search from ``start`` (default: the entrance) to ``goal`` (default: the exit)."""
        return self.func(maze, maze.entrance[0] if start is None else start,
                         maze.exit[0] if goal is None else goal, show)


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


def run_to_end(search: SearchStream) -> list[int]:
    """Drain a solver's events and return its path (its generator return value)."""
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value or []


class SolverNarrator(Narrator):
    """What every solver's narrator shares: the PATH events at the end, read back as the answer.
    The whole path is one step (Shift+Right walks it a cell at a time). Its ``code`` names the
    line that builds the answer ``path``."""

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.path: list[int] = []

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        if event[0] == PATH:
            return previous is None or previous[0] != PATH
        return super().begins_step(previous, event)

    def tell_path(self, cell: int, other: int, value: int) -> Told:
        self.path.append(cell)
        if other < 0:
            return Told(self.code.path, self.path_found(cell))
        if cell == self.params.get("goal"):
            return Told(self.code.path, f"{self.name(cell)}, the goal, ends the path: "
                                        f"{plural(len(self.path), 'cell')} from start to goal")
        return Told(self.code.path, f"{self.name(cell)} is next on the path ({plural(len(self.path), 'cell')} so far)")

    def path_found(self, start: int) -> str:
        """How this solver reads its answer off, said as the path's first cell is drawn."""
        return (f"Found: the came-from notes lead back from the goal to the start; the path is drawn from the "
                f"start, {self.name(start)}")

    def path_rows(self) -> list[tuple[str, str]]:
        return [("Path", plural(len(self.path), "cell"))] if self.path else []
