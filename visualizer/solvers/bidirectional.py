"""Bidirectional breadth-first search: two waves, one from the start and one from the goal, that
meet in the middle.

Each wave spreads one ring of cells at a time, taking turns; where a cell of one wave opens onto a
cell the other has reached, the waves have met, and the ring being spread is finished so the
shortest of the joins found in it wins. Two waves of half the radius cover far fewer cells than one
of the whole radius on open mazes; on a perfect maze, about as many.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path, path_from

SEARCH, OPEN = Kind.SEARCH, Kind.OPEN


def bidirectional(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield SEARCH for each cell the start's wave reaches and OPEN (``value`` -1) for each the
    goal's wave reaches (``other``: the cell it came from), then PATH. Returns the path ([] if none)."""
    sides = ({start: -1}, {goal: -1})
    rings: tuple[list[int], list[int]] = ([start], [goal])
    kinds = (SEARCH, OPEN)
    yield (SEARCH, start, -1, -1)
    if start == goal:
        return (yield from announce_path([start]))
    yield (OPEN, goal, -1, -1)
    turn = 0
    while rings[0] and rings[1]:
        mine, theirs = sides[turn], sides[1 - turn]
        ring: list[int] = []
        best: tuple[int, int, int] | None = None
        for cell in rings[turn]:
            for nb in maze.open_neighbours(cell):
                if nb in theirs:
                    length = depth(mine, cell) + depth(theirs, nb)
                    if best is None or length < best[0]:
                        best = (length, cell, nb)
                elif nb not in mine and best is None:
                    mine[nb] = cell
                    ring.append(nb)
                    yield (kinds[turn], nb, cell, -1)
        if best is not None:
            _, a, b = best
            ends = (a, b) if turn == 0 else (b, a)
            path = path_from(sides[0], ends[0]) + path_from(sides[1], ends[1])[::-1]
            return (yield from announce_path(path))
        rings = (ring, rings[1]) if turn == 0 else (rings[0], ring)
        turn = 1 - turn
    return []


def depth(came_from: dict[int, int], cell: int) -> int:
    """Steps from the wave's first cell to ``cell`` along its came-from notes."""
    steps = 0
    while came_from[cell] != -1:
        cell = came_from[cell]
        steps += 1
    return steps


class BidirectionalNarrator(SolverNarrator):
    """The two waves: which one spread, how far each has gone, and where they meet."""

    code = Code(
        start="wave A = the start; wave B = the goal",
        loop="while both waves have cells on their rim:",
        spread="  the wave whose turn it is spreads one ring:",
        reach="    each open neighbour not reached: it joins the wave",
        meet="    a neighbour in the other wave: the waves meet",
        best="  if they met: keep the shortest join of this ring",
        other="  else: the other wave's turn",
        path="follow each wave's came-from notes from the join",
    )
    legend = {"search": "reached from the start (wave A)", "frontier": "reached from the goal (wave B)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.reached = [0, 0]
        self.depth: list[dict[int, int]] = [{}, {}]

    def spread(self, side: int, cell: int, other: int) -> tuple[int, int]:
        """Note the cell in its wave; (its ring number, the wave's size)."""
        depths = self.depth[side]
        depths[cell] = depths.get(other, -1) + 1
        self.reached[side] += 1
        return depths[cell], self.reached[side]

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        ring, size = self.spread(0, cell, other)
        if other < 0:
            return Told(self.code.start, f"Wave A starts at the start, {self.name(cell)}")
        return Told(self.code.reach, f"Wave A spreads from {self.name(other)} to {self.name(cell)}, ring {ring} "
                                     f"from the start ({plural(size, 'cell')} in wave A)")

    def tell_open(self, cell: int, other: int, value: int) -> Told:
        ring, size = self.spread(1, cell, other)
        if other < 0:
            return Told(self.code.start, f"Wave B starts at the goal, {self.name(cell)}")
        return Told(self.code.reach, f"Wave B spreads from {self.name(other)} to {self.name(cell)}, ring {ring} "
                                     f"from the goal ({plural(size, 'cell')} in wave B)")

    def path_found(self, start: int) -> str:
        return (f"The waves met: wave A's notes lead back to the start and wave B's on to the goal; the path "
                f"begins at {self.name(start)}")

    def data(self) -> list[tuple[str, str]]:
        rings = [max(d.values(), default=0) for d in self.depth]
        return [("Wave A", f"{plural(self.reached[0], 'cell')}, {plural(rings[0], 'ring')} out"),
                ("Wave B", f"{plural(self.reached[1], 'cell')}, {plural(rings[1], 'ring')} out")] + self.path_rows()


SOLVER = Solver("bidirectional", bidirectional,
                "Bidirectional BFS: waves from start and goal meet in the middle; a shortest path.",
                title="Bidirectional BFS", narrator=BidirectionalNarrator)
