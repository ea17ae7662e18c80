"""Trémaux's algorithm: walk the maze marking each passage as you cross it, never crossing one a third time.

It needs no map and works on any maze, loops and islands included (where a wall follower can
circle for ever): a new passage that leads to a cell already visited is turned back from at once,
and a cell whose passages are all marked is left for good along the one it came in by. When the
goal is reached, the passages marked once are exactly a path from the start to it; when the
start runs out of passages, there is none.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path, path_from

SEARCH, DEAD_END = Kind.SEARCH, Kind.DEAD_END


def edge(a: int, b: int) -> tuple[int, int]:
    """A passage's key, the same from either end."""
    return (a, b) if a < b else (b, a)


def tremaux(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield SEARCH for each step along a passage (``other``: the cell left), DEAD_END when a cell is
    left for good along its last once-marked passage (``other``: the cell it goes back to), then
    PATH through the passages marked once. Returns the path ([] when the goal cannot be reached)."""
    marks: dict[tuple[int, int], int] = {}
    visited = {start}
    cell, came, known = start, -1, False
    yield (SEARCH, start, -1, -1)
    while cell != goal:
        step = choose(maze, marks, cell, came, known)
        if step < 0:
            return []  # every passage from the start is marked twice: the goal is cut off
        key = edge(cell, step)
        marks[key] = marks.get(key, 0) + 1
        turned_back = step == came and known
        if marks[key] == 2 and not turned_back:  # its last way out: no path runs through this cell
            yield (DEAD_END, cell, step, maze.grid.direction_between(cell, step))
        else:
            yield (SEARCH, step, cell, -1)
        came, cell = cell, step
        known = cell in visited
        visited.add(cell)
    return (yield from announce_path(marked_once_path(maze, marks, start, goal)))


def choose(maze: Maze, marks: dict[tuple[int, int], int], cell: int, came: int, known: bool) -> int:
    """Trémaux's rule for the next cell (-1: none left). A new passage (marked once now) that led
    to a cell visited before is turned straight back along; else an unmarked passage; else the
    passage marked once (the way this cell was first entered)."""
    if came >= 0 and known and marks.get(edge(came, cell), 0) == 1:
        return came
    ways = maze.open_neighbours(cell)
    fresh = [nb for nb in ways if marks.get(edge(cell, nb), 0) == 0]
    if fresh:
        return fresh[0]
    return next((nb for nb in ways if marks.get(edge(cell, nb), 0) == 1), -1)


def marked_once_path(maze: Maze, marks: dict[tuple[int, int], int], start: int, goal: int) -> list[int]:
    """The path along the passages marked exactly once (Trémaux: they lead from the start to here)."""
    came_from = {start: -1}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nb in maze.open_neighbours(cell):
            if nb not in came_from and marks.get(edge(cell, nb), 0) == 1:
                came_from[nb] = cell
                todo.append(nb)
    return path_from(came_from, goal)


class TremauxNarrator(SolverNarrator):
    """The marks on the passages: once crossed, twice crossed; never a third time."""

    code = Code(
        start="stand at the start; no passage is marked yet",
        loop="while not at the goal:",
        old="  if a new passage led to a visited cell: turn back",
        fresh="  else if a passage here is unmarked: take it",
        back="  else: leave by the passage marked once",
        mark="  mark the passage each time you cross it",
        none="  if every passage is marked twice: no path",
        path="the passages marked once are the path",
    )
    legend = {"search": "walked (passages marked once or twice)", "dead end": "left for good (marked twice)",
              "path": "the passages marked once"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.marks: dict[tuple[int, int], int] = {}
        self.visited: set[int] = set()
        self.steps = 0

    def crossed(self, a: int, b: int) -> int:
        """Mark the passage a-b once more; how often it is marked now."""
        key = edge(a, b)
        self.marks[key] = self.marks.get(key, 0) + 1
        self.steps += 1
        return self.marks[key]

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        """A step along a passage: a new one, a turn back from a known cell, or a way back."""
        if other < 0:
            self.visited.add(cell)
            return Told(self.code.start, f"Start at {self.name(cell)}: no passage is marked yet")
        count = self.crossed(other, cell)
        way = self.direction(self.grid.direction_between(other, cell))
        if count == 2:
            return Told(self.code.old, f"Turn back {way} to {self.name(cell)}, marking the passage a second time: "
                                       f"it was new but led to {self.name(other)}, a cell visited before")
        known = cell in self.visited
        self.visited.add(cell)
        where = (f"{self.name(cell)} was visited before, so the next move turns back" if known
                 else f"{self.name(cell)} is new")
        return Told(self.code.fresh, f"Take an unmarked passage {way} from {self.name(other)} and mark it once: "
                                     f"{where}")

    def tell_dead_end(self, cell: int, other: int, value: int) -> Told:
        """Leaving a cell whose other passages are all marked: it is not on the way to the goal."""
        self.crossed(cell, other)
        return Told(self.code.back, f"No unmarked passage is left at {self.name(cell)}: go back "
                                    f"{self.direction(value)} to {self.name(other)} along the passage marked "
                                    f"once, marking it twice; {self.name(cell)} is done with")

    def path_found(self, start: int) -> str:
        return (f"At the goal: the passages marked once run from the start to here; the path begins at "
                f"{self.name(start)}")

    def data(self) -> list[tuple[str, str]]:
        once = sum(1 for count in self.marks.values() if count == 1)
        return [("Marked once", plural(once, "passage")),
                ("Marked twice", plural(len(self.marks) - once, "passage")),
                ("Walked", plural(self.steps, "step"))] + self.path_rows()


SOLVER = Solver("tremaux", tremaux, "Trémaux: mark each passage as you cross it; works on any maze.",
                shortest=False, title="Trémaux", narrator=TremauxNarrator)
