"""A*: best-first search guided by the distance left (Manhattan on squares, hex steps on hexagons).

With an admissible heuristic it still finds a shortest path, but it explores toward the goal
first, so it usually searches far fewer cells than BFS on open or looping mazes. On weighted cells
(``--param weights=N``) g adds what entering each cell costs; every cell costs at least 1, so the
distance left still never overestimates and the path is the cheapest, as Dijkstra's.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import DATA_ITEMS, Code, Told, plural
from ..core.weights import cell_cost
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path, path_from

SEARCH, OPEN = Kind.SEARCH, Kind.OPEN


def astar(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield a SEARCH event per cell closed (and, when shown, an OPEN per better cost found), then PATH.

    The open set is a heap of (f, g, cell); a cell pushed again with a better g leaves its old entry
    behind, skipped when it comes up. The return value is the path ([] when the goal is unreachable).
    """
    distance, weights = maze.grid.distance, maze.weights
    came_from = {start: -1}
    cost = {start: 0}
    heap = [(distance(start, goal), 0, start)]
    done: set[int] = set()
    while heap:
        _, g, cell = heapq.heappop(heap)
        if cell in done:
            continue
        done.add(cell)
        yield (SEARCH, cell, came_from[cell], -1)
        if cell == goal:
            break
        for nb in maze.open_neighbours(cell):
            step = g + cell_cost(weights, nb)
            if step < cost.get(nb, 1 << 60):
                cost[nb] = step
                came_from[nb] = cell
                f = step + distance(nb, goal)
                heapq.heappush(heap, (f, step, nb))
                if show:
                    yield (OPEN, nb, cell, f)
    return (yield from announce_path(path_from(came_from, goal) if goal in done else []))


class AstarNarrator(SolverNarrator):
    """The open set with each cell's f = g + h: the lowest f is looked at next, so it heads for the goal."""

    follows = frozenset({int(Kind.OPEN)})
    """One step: a cell taken off the to-do list and the neighbours it adds."""

    code = Code(
        start="open set = start, with g = 0",
        loop="while the open set is not empty:",
        take="  cell = the open cell with the lowest f",
        closed="  if cell is closed already: skip it",
        close="  close cell; if it is the goal: stop",
        neighbours="  for each open neighbour of cell:",
        score="    g = g(cell) + its cost; h = distance to goal",
        shorter="    if g is its shortest way so far:",
        note="      note that we came from cell",
        open="      open it with f = g + h",
        path="follow the came-from notes back from the goal",
    )
    legend = {"frontier": "open set (to do)", "search": "closed (looked at)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.goal = int(self.params.get("goal", grid.exit[0]))
        """The solvers' default goal (the exit) unless the params name another: h is measured to it."""
        self.open: dict[int, tuple[int, int]] = {}
        """Open cell -> (f, g): its best scores so far (the heap's stale entries left out)."""
        self.g: dict[int, int] = {}
        self.closed = 0

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        """Closing a cell: nothing open can reach it by a shorter way any more."""
        self.closed += 1
        if other < 0:
            self.g[cell] = 0
            return Told(self.code.start,
                        f"Start at {self.name(cell)} with g = 0: it is the only open cell, so take it and close it")
        scored = self.open.pop(cell, None)
        if scored is None:
            return Told(self.code.take, f"Take {self.name(cell)}, the open cell with the lowest f, and close it")
        f, g = scored
        scores = f"f = {f} (g = {g} from the start + h = {f - g} still to go)"
        if f == g:
            return Told(self.code.close,
                        f"Take {self.name(cell)}, the open cell with the lowest {scores}: it is the goal, so stop")
        left = f"{plural(len(self.open), 'cell')} still open" if self.open else "the open set is empty now"
        return Told(self.code.take,
                    f"Take {self.name(cell)}, the open cell with the lowest {scores}, and close it; {left}")

    def tell_open(self, cell: int, other: int, value: int) -> Told:
        """Opening (or re-scoring) a cell: a shorter way to it was found through ``other``. Its g is
        f less the distance left (on weighted cells more than one step's worth over ``other``'s)."""
        h = self.grid.distance(cell, self.goal)
        g = self.g[cell] = int(value) - h
        price = g - self.g.get(other, 0)
        before = self.open.get(cell)
        self.open[cell] = (int(value), g)
        cost = plural(g, "step") if price == 1 else f"{g} (what the way here costs; this cell costs {price})"
        scores = f"g = {cost} from the start, h = {h} to go, f = {value}"
        if before is not None:
            return Told(self.code.open,
                        f"A shorter way to {self.name(cell)} through {self.name(other)}: {scores} "
                        f"(was f = {before[0]}); its score in the open set drops{self.this_step(cell, 'scored')}")
        return Told(self.code.open,
                    f"{self.name(cell)} is open from {self.name(other)}, the first way found to it: {scores}; "
                    f"it joins the open set ({plural(len(self.open), 'cell')}){self.this_step(cell, 'opened')}")

    def best(self) -> list[tuple[int, int, int]]:
        """The open cells the heap gives next: lowest f, ties to the lowest g, then the lowest cell id."""
        return heapq.nsmallest(DATA_ITEMS, ((f, g, c) for c, (f, g) in self.open.items()))

    def data(self) -> list[tuple[str, str]]:
        best = ", ".join(f"{self.name(c)} f {f}" for f, _, c in self.best()) or "empty"
        return [("Open set", plural(len(self.open), "cell")), ("Lowest f", best),
                ("Closed", plural(self.closed, "cell"))] + self.path_rows()


SOLVER = Solver("astar", astar, "A*: explores toward the exit first (distance heuristic); a shortest path.",
                title="A* search", narrator=AstarNarrator)
