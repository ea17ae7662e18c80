"""Dijkstra's algorithm: the cheapest path when cells cost different amounts to enter.

On a maze with weighted cells (``--param weights=N``: a terrain of costs 1..N) it settles cells in
order of their cost from the start, so the wave spreads fast over cheap ground and slowly over
dear; the path it finds may be longer in steps than BFS's but costs least. Without weights every
cell costs 1 and it is breadth-first search by another name.
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


def dijkstra(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield SEARCH per cell settled (``value``: its cost from the start) and, when shown, OPEN per
    cheaper way found (``value``: that cost), then PATH. Returns the path ([] when cut off)."""
    weights = maze.weights
    came_from = {start: -1}
    cost = {start: 0}
    heap = [(0, start)]
    done: set[int] = set()
    while heap:
        g, cell = heapq.heappop(heap)
        if cell in done:
            continue  # a stale entry: the cell was settled more cheaply already
        done.add(cell)
        yield (SEARCH, cell, came_from[cell], g)
        if cell == goal:
            break
        for nb in maze.open_neighbours(cell):
            step = g + cell_cost(weights, nb)
            if nb not in done and step < cost.get(nb, 1 << 60):
                cost[nb] = step
                came_from[nb] = cell
                heapq.heappush(heap, (step, nb))
                if show:
                    yield (OPEN, nb, cell, step)
    return (yield from announce_path(path_from(came_from, goal) if goal in done else []))


class DijkstraNarrator(SolverNarrator):
    """The priority queue of costs: the cheapest cell not yet settled is settled next."""

    follows = frozenset({int(Kind.OPEN)})
    """One step: a cell settled and the cheaper ways it opens."""

    code = Code(
        start="cost(start) = 0; queue = start",
        loop="while the queue is not empty:",
        take="  cell = the queued cell with the lowest cost",
        settled="  if settled already: skip it; else settle it",
        goal="  if cell is the goal: stop",
        neighbours="  for each open neighbour of cell:",
        price="    new = cost(cell) + what entering it costs",
        cheaper="    if new is its cheapest so far: note it, queue it",
        path="follow the came-from notes back from the goal",
    )
    legend = {"frontier": "queued (a cost found, not settled)", "search": "settled (cheapest cost known)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.goal = int(self.params.get("goal", grid.exit[0]))
        self.queued: dict[int, int] = {}
        self.cost: dict[int, int] = {}
        self.settled = 0

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        """Settling: no cheaper way to this cell can turn up, every other queued cost is as high."""
        self.settled += 1
        self.queued.pop(cell, None)
        self.cost[cell] = int(value)
        if other < 0:
            return Told(self.code.start, f"Start at {self.name(cell)} with cost 0 and settle it")
        said = (f"Settle {self.name(cell)}, the cheapest queued cell: cost {value} from the start "
                f"(through {self.name(other)})")
        if cell == self.goal:
            return Told(self.code.goal, f"{said}: it is the goal, so stop")
        return Told(self.code.settled, f"{said}; {plural(len(self.queued), 'cell')} still queued")

    def tell_open(self, cell: int, other: int, value: int) -> Told:
        """A cheaper way to ``cell`` through ``other``: its queued cost drops (or it joins the queue)."""
        before = self.queued.get(cell)
        self.queued[cell] = int(value)
        price = int(value) - self.cost.get(other, 0)
        said = (f"{self.name(cell)} costs {price} to enter from {self.name(other)}: {self.cost.get(other, 0)} + "
                f"{price} = {value}")
        if before is not None:
            return Told(self.code.cheaper, f"{said}, cheaper than the {before} noted before; its cost in the queue "
                                           f"drops{self.this_step(cell, 'queued')}")
        return Told(self.code.cheaper, f"{said}, the first way found to it: it joins the queue "
                                       f"({plural(len(self.queued), 'cell')}){self.this_step(cell, 'queued')}")

    def data(self) -> list[tuple[str, str]]:
        cheapest = heapq.nsmallest(DATA_ITEMS, ((g, c) for c, g in self.queued.items()))
        listed = ", ".join(f"{self.name(c)} cost {g}" for g, c in cheapest) or "empty"
        return [("Queue", plural(len(self.queued), "cell")), ("Cheapest", listed),
                ("Settled", plural(self.settled, "cell"))] + self.path_rows()


SOLVER = Solver("dijkstra", dijkstra,
                "Dijkstra: settles cells cheapest first; the cheapest path over weighted cells.",
                title="Dijkstra", narrator=DijkstraNarrator)
