"""Distances through a maze: how far every cell is from one cell, and the maze's longest path.

The distance map colours each cell by its steps from the entrance (or a clicked cell); the longest
path is what makes a maze feel long. Both read only the model, so the window, the PNG export and the
metrics share them. A breadth-first search over a table of open neighbours built with numpy: the
Python loop touches each cell once (a million cells in well under a second).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from . import passage_graph
from .maze import Maze
from .passage_graph import PassageGraph

Adjacency = tuple[np.ndarray, np.ndarray]
"""The open passages as compressed rows: neighbours of cell c are ``indices[indptr[c]:indptr[c + 1]]``."""


def adjacency(maze: Maze) -> Adjacency:
    """Each cell's neighbours through open passages, as compressed rows (``Maze.adjacency``)."""
    return maze.adjacency()


SCIPY_FROM_CELLS = 10_000
"""Below this many cells the Python search is as quick as building scipy's matrix."""


def _scipy_graph(links: Adjacency):
    """The adjacency as a scipy sparse matrix, or None when scipy (a dependency) cannot be imported
    or the maze is small: its breadth-first search runs in C, several times faster on large mazes."""
    if len(links[0]) - 1 < SCIPY_FROM_CELLS:
        return None
    try:
        from scipy.sparse import csr_matrix
    except ImportError:
        return None
    indptr, indices = links
    size = len(indptr) - 1
    graph = csr_matrix((np.ones(len(indices)), indices, indptr), shape=(size, size))
    graph.sort_indices()  # scipy searches float64 rows in order; given others, it copies and sorts them each time
    return graph


def _python_search(links: Adjacency, start: int) -> tuple[list[int], list[int], list[int]]:
    """Breadth-first from ``start``: (distance per cell, -1 where unreachable; parent per cell; the
    cells in the order reached, so the last is a farthest one)."""
    indptr, indices = (part.tolist() for part in links)
    dist = [-1] * (len(indptr) - 1)
    parent = list(dist)
    dist[start] = 0
    order = [start]
    for cell in order:  # the list grows while we walk it: a queue without popping
        step = dist[cell] + 1
        for nb in indices[indptr[cell]:indptr[cell + 1]]:
            if dist[nb] < 0:
                dist[nb] = step
                parent[nb] = cell
                order.append(nb)
    return dist, parent, order


def distances_from(maze: Maze, start: int) -> np.ndarray:
    """Steps from ``start`` to every cell through open passages (-1 where unreachable)."""
    for done in distance_stages(maze, start):
        if done is not None:
            return done
    raise AssertionError("distance_stages ends with the distances")


def distance_stages(maze: Maze, start: int, table: np.ndarray | None = None,
                    graph: PassageGraph | None = None) -> Iterator[np.ndarray | None]:
    """``distances_from`` in two stages, None after the first (the adjacency), then the distances:
    a window runs one a frame on a large maze. ``table``: the grid's neighbour table, if kept;
    ``graph``: the maze's kept passage graph, if any (its own shorter stages, no adjacency built)."""
    if graph is not None and graph.describes(maze):
        yield from passage_graph.distance_stages(graph, start)
        return
    links = maze.adjacency(table)
    yield None
    graph = _scipy_graph(links)
    if graph is None:
        yield np.array(_python_search(links, start)[0], dtype=np.int32)
        return
    from scipy.sparse.csgraph import shortest_path

    dist = shortest_path(graph, method="D", unweighted=True, indices=start)
    yield np.where(np.isfinite(dist), dist, -1).astype(np.int32)


def _farthest_with_parents(links: Adjacency, graph, start: int) -> tuple[int, list[int] | np.ndarray]:
    """A cell farthest from ``start`` and every reached cell's parent on the way (breadth-first)."""
    if graph is None:
        _, parent, order = _python_search(links, start)
        return order[-1], parent
    from scipy.sparse.csgraph import breadth_first_order

    order, parent = breadth_first_order(graph, start, directed=True, return_predecessors=True)
    return int(order[-1]), parent


@dataclass(frozen=True)
class LongestPath:
    """The longest of the shortest paths between two cells: its cells from one end to the other.
    Exact on perfect mazes (trees); with loops the double sweep finds a path at least this long
    between the two ends, which is a close lower bound of the true diameter."""

    cells: tuple[int, ...]

    @property
    def length(self) -> int:
        """Cells on the path, both ends included."""
        return len(self.cells)

    @property
    def ends(self) -> tuple[int, int]:
        return (self.cells[0], self.cells[-1]) if self.cells else (-1, -1)


class Searches:
    """One maze's passages searched breadth-first as often as a caller needs, the adjacency (and
    scipy's matrix of it) built once: ``measure`` sweeps twice and finds the solution on the same
    passages."""

    def __init__(self, maze: Maze) -> None:
        self.maze = maze
        self.links = adjacency(maze)
        self.graph = _scipy_graph(self.links)

    def farthest(self, start: int) -> tuple[int, list[int] | np.ndarray]:
        """A cell farthest from ``start`` and every reached cell's parent on the way."""
        return _farthest_with_parents(self.links, self.graph, start)

    def steps_between(self, start: int, goal: int) -> int:
        """Steps of a shortest walk from ``start`` to ``goal`` (-1 when cut off): the goal's
        parents walked back (a search tree's path to a cell is a shortest one)."""
        _, parent = self.farthest(start)
        steps, cell = 0, goal
        if isinstance(parent, np.ndarray):
            parent = parent.tolist()
        while cell != start:
            cell = parent[cell]
            if cell < 0:
                return -1
            steps += 1
        return steps


def longest_path(maze: Maze, searches: Searches | None = None) -> LongestPath:
    """Double sweep: the cell farthest from any open cell is one end of a longest path; the cell
    farthest from it is the other end (``searches``: the maze's, when the caller keeps them)."""
    open_cells = np.flatnonzero(maze.open_mask())
    if not len(open_cells):
        return LongestPath(())
    searches = searches or Searches(maze)
    first, _ = searches.farthest(int(open_cells[0]))
    cell, parent = searches.farthest(first)
    steps = parent.tolist() if isinstance(parent, np.ndarray) else parent
    cells = [cell]
    while cell != first:
        cell = steps[cell]
        cells.append(cell)
    return LongestPath(tuple(cells))


def heat_levels(distances: np.ndarray, levels: int) -> np.ndarray:
    """Distances scaled to colour steps 0 .. levels-1 (the farthest cell gets the last step);
    -1 stays -1 (unreachable cells keep their usual look)."""
    farthest = int(distances.max(initial=0))
    scaled = (distances.astype(np.int64) * (levels - 1)) // max(1, farthest)
    return np.where(distances >= 0, scaled, -1).astype(np.int16)
