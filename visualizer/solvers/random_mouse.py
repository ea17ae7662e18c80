"""The random mouse: no memory and no plan, it wanders until it stumbles on the goal.

It runs along a corridor to its end; at a junction it takes one of the other ways at random, never
straight back unless it is in a dead end. Slow on purpose: the baseline every other solver beats.
Its random numbers come from ``random.Random`` seeded with the start, the goal and the maze's size,
so the same maze and ends give the same walk. So that it always ends, it gives up (no path) after
``step_budget`` steps: 100 per cell squared, at most two million.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path
from .wall_follower import loop_erased

SEARCH = Kind.SEARCH
MAX_STEPS = 2_000_000


def step_budget(maze: Maze) -> int:
    """Steps before the mouse gives up: far more than it needs on any maze a window shows."""
    return min(100 * maze.grid.size ** 2, MAX_STEPS)


def mouse_rng(maze: Maze, start: int, goal: int) -> random.Random:
    """The mouse's own random numbers: the same maze and ends, the same walk."""
    return random.Random(f"random_mouse {maze.grid.size} {start} {goal}")


def random_mouse(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield SEARCH per step (``other``: the cell left; ``value``: 1 when it was a random choice at a
    junction), then PATH along the walk with its loops cut out. Returns the path ([] if it gave up)."""
    rng = mouse_rng(maze, start, goal)
    cell, came = start, -1
    walk = [cell]
    yield (SEARCH, cell, -1, -1)
    for _ in range(step_budget(maze)):
        if cell == goal:
            return (yield from announce_path(loop_erased(walk)))
        ways = maze.open_neighbours(cell)
        if not ways:
            return []
        onward = [nb for nb in ways if nb != came] or ways  # back only from a dead end
        step = onward[rng.randrange(len(onward))] if len(onward) > 1 else onward[0]
        yield (SEARCH, step, cell, 1 if len(onward) > 1 else 0)
        came, cell = cell, step
        walk.append(cell)
    return (yield from announce_path(loop_erased(walk))) if cell == goal else []


class RandomMouseNarrator(SolverNarrator):
    """The mouse's walk: how far it has gone, and how often it chose at random."""

    code = Code(
        start="stand at the start",
        loop="while not at the goal (and steps are left):",
        corridor="  if one way on (not back): take it",
        junction="  else if several: take one of them at random",
        dead="  else (a dead end): turn back",
        path="erase the walk's loops: the rest is the path",
    )
    legend = {"search": "wandered through", "path": "the walk, loops cut out"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.steps = 0
        self.choices = 0
        self.last = -1

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        """A step: along a corridor, a random pick at a junction, or back out of a dead end."""
        if other < 0:
            self.last = cell
            return Told(self.code.start, f"Start at {self.name(cell)}: no map, no memory, just wander")
        came, self.last = self.last, other
        self.steps += 1
        way = self.direction(self.grid.direction_between(other, cell))
        if value == 1:
            self.choices += 1
            return Told(self.code.junction, f"{self.name(other)} is a junction: pick one of the ways on at random, "
                                            f"{way} to {self.name(cell)}")
        if cell == came:
            return Told(self.code.dead, f"{self.name(other)} is a dead end: turn back {way} to {self.name(cell)}")
        return Told(self.code.corridor, f"One way on from {self.name(other)}: {way} to {self.name(cell)}")

    def path_found(self, start: int) -> str:
        return (f"The mouse found the goal: cut every loop out of its walk; the path begins at "
                f"{self.name(start)}")

    def data(self) -> list[tuple[str, str]]:
        return [("Walked", plural(self.steps, "step")), ("Random picks", f"{self.choices:,}")] + self.path_rows()


SOLVER = Solver("random_mouse", random_mouse, "Random mouse: wanders at random until it finds the exit (seeded).",
                shortest=False, title="Random mouse", narrator=RandomMouseNarrator)
