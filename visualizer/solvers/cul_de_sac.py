"""Cul-de-sac filling: dead-end filling that also fills the loops a braided maze hangs off one cell.

A dead end is the smallest cul-de-sac: a part of the maze joined to the rest through one cell
only. Any such part that holds neither the start nor the goal (a dead-end corridor, a loop or a
whole tangle behind one doorway) cannot be on a way from start to goal, for that way would have
to leave it through the same cell it came in by. So the filling finds those parts (the blocks and
cut cells of the maze's graph, Tarjan's way), fills each from its far end in toward its doorway,
and searches what is left: only the loops that lie between start and goal survive, and a shortest
path through them is a shortest path of the whole maze.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import DATA_ITEMS, Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path, path_from

DEAD_END = Kind.DEAD_END


def blocks(maze: Maze, root: int) -> list[set[int]]:
    """The biconnected blocks of the open cells reachable from ``root`` (Tarjan, without recursion
    so a maze of a million cells fits): each loop-joined piece, and each single passage between."""
    disc, low = {root: 0}, {root: 0}
    stack: list[tuple[int, int, Iterator[int]]] = [(root, -1, iter(maze.open_neighbours(root)))]
    edges: list[tuple[int, int]] = []
    found: list[set[int]] = []
    while stack:
        cell, parent, ways = stack[-1]
        for nb in ways:
            if nb not in disc:
                disc[nb] = low[nb] = len(disc)
                edges.append((cell, nb))
                stack.append((nb, cell, iter(maze.open_neighbours(nb))))
                break
            if nb != parent and disc[nb] < disc[cell]:
                low[cell] = min(low[cell], disc[nb])
                edges.append((cell, nb))
        else:
            stack.pop()
            if parent < 0:
                continue
            low[parent] = min(low[parent], low[cell])
            if low[cell] >= disc[parent]:  # nothing below ``cell`` reaches above ``parent``: a block ends
                block: set[int] = set()
                while True:
                    a, b = edges.pop()
                    block.update((a, b))
                    if (a, b) == (parent, cell):
                        break
                found.append(block)
    return found or [{root}]


def kept_cells(maze: Maze, start: int, goal: int) -> set[int]:
    """The cells of the blocks between start and goal (on the path through the block-cut tree);
    empty when the goal cannot be reached."""
    found = blocks(maze, start)
    holding: dict[int, list[int]] = {}
    for index, block in enumerate(found):
        for cell in block:
            holding.setdefault(cell, []).append(index)
    if goal not in holding:
        return set()
    # breadth-first through cells and blocks: a cell leads to its blocks, a block to its cells
    came: dict[tuple[int, int], tuple[int, int] | None] = {(0, start): None}
    todo = deque([(0, start)])
    while todo:
        node = todo.popleft()
        kind, key = node
        nexts = [(1, b) for b in holding[key]] if kind == 0 else [(0, c) for c in found[key]]
        for nxt in nexts:
            if nxt not in came:
                came[nxt] = node
                todo.append(nxt)
    kept = {start, goal}
    back: tuple[int, int] | None = (0, goal)
    while back is not None:
        if back[0] == 1:
            kept |= found[back[1]]
        back = came[back]
    return kept


def fill_order(maze: Maze, kept: set[int]) -> list[tuple[int, int]]:
    """Every reachable cell outside ``kept`` with its way toward it, farthest first (so each
    cul-de-sac fills from its far end in to its doorway)."""
    toward: dict[int, int] = {cell: -1 for cell in kept}
    order: list[tuple[int, int]] = []
    todo = deque(kept)
    while todo:
        cell = todo.popleft()
        for nb in maze.open_neighbours(cell):
            if nb not in toward:
                toward[nb] = cell
                order.append((nb, cell))
                todo.append(nb)
    return order[::-1]


def cul_de_sac(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield DEAD_END per filled cell (``other``: its way toward the cells kept, in direction
    ``value``), then PATH through what is left (a shortest path). Returns the path ([] if cut off)."""
    kept = kept_cells(maze, start, goal)
    if not kept:
        return []
    for cell, out in fill_order(maze, kept):
        yield (DEAD_END, cell, out, maze.grid.direction_between(cell, out))
    came_from = {start: -1}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nb in maze.open_neighbours(cell):
            if nb in kept and nb not in came_from:
                came_from[nb] = cell
                todo.append(nb)
    return (yield from announce_path(path_from(came_from, goal)))


class CulDeSacNarrator(SolverNarrator):
    """The filling: each filled cell lies in a part of the maze that hangs off one cell."""

    code = Code(
        blocks="find the maze's blocks and cut cells (Tarjan)",
        between="keep the blocks between start and goal",
        loop="for each other cell, farthest from them first:",
        fill="  fill it: it hangs off the rest through one cell",
        path="search the unfilled cells from start to goal",
    )
    legend = {"dead end": "filled (a dead end or a cul-de-sac)", "path": "what filling left: a shortest path"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.filled: list[int] = []

    def tell_dead_end(self, cell: int, other: int, value: int) -> Told:
        """A fill: the part this cell is in is joined to the way from start to goal through one cell."""
        self.filled.append(cell)
        return Told(self.code.fill,
                    f"{self.name(cell)} is in a cul-de-sac: every way from it to the start or the goal leaves "
                    f"through the one cell its part hangs off, so no path uses it; fill it (on toward the rest: "
                    f"{self.direction(value)} to {self.name(other)})")

    def path_found(self, start: int) -> str:
        return (f"Only the blocks between start and goal are left: search them for a shortest way; the path "
                f"begins at {self.name(start)}")

    def data(self) -> list[tuple[str, str]]:
        return [("Filled", plural(len(self.filled), "cell")),
                ("Newest", self.cells_text(reversed(self.filled[-DATA_ITEMS:]), len(self.filled)))] + self.path_rows()


SOLVER = Solver("cul_de_sac", cul_de_sac,
                "Cul-de-sac filling: fills dead ends and loops hung off one cell; a shortest path.",
                title="Cul-de-sac filling", narrator=CulDeSacNarrator)
