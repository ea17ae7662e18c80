"""A large maze's passages kept as a scipy sparse matrix of fixed shape, for C-speed searches after
every hand edit.

Building the matrix of a million cells takes a fifth of a second; an edit changes a few passages.
So the matrix has one slot per cell and direction, in the grid's direction order, for good: a slot
points at the neighbour while the cell's passage that way is open, else at the cell itself. A
breadth-first search skips a cell it has reached already, so a slot pointing home is never
followed, and scipy's search (first in, first out, each row's slots in order) visits exactly what
``solvers.bfs`` visits, in its order. ``refresh`` rewrites the rows of the cells whose passages
changed since the last look (found by one whole-array comparison: a millisecond), so keeping the
matrix up to date costs O(change).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .maze import Maze


def available() -> bool:
    """True when scipy (a dependency, but an optional import here) can be imported."""
    try:
        import scipy.sparse.csgraph  # noqa: F401
    except ImportError:
        return False
    return True


class PassageGraph:
    """The maze's open passages as a CSR matrix (``matrix``) that edits update in place."""

    def __init__(self, maze: Maze, table: np.ndarray) -> None:
        from scipy.sparse import csr_matrix

        self.maze = maze
        size, width = table.shape
        self._home = np.arange(size, dtype=np.int32)[:, None]
        self._table = table.astype(np.int32)
        self._shifts = np.arange(width, dtype=np.uint8)
        self._seen = maze.passages.copy()
        slots = self._slots(self._home[:, 0], maze.passages)
        indptr = np.arange(0, size * width + 1, width, dtype=np.int32)
        data = np.ones(size * width, dtype=np.float64)  # float64: scipy's searches use it as it is, no copy
        self.matrix = csr_matrix((data, slots.ravel(), indptr), shape=(size, size))
        self._width = width
        self.version = 0
        """Grows each time ``refresh`` finds changed cells (keys the last search kept)."""
        self._last: tuple[int, int, np.ndarray, np.ndarray] | None = None

    def _slots(self, cells: np.ndarray, passages: np.ndarray) -> np.ndarray:
        """The slots of ``cells``: the neighbour where the passage is open, else the cell itself."""
        rows = self._table[cells]
        open_ = ((passages[:, None] >> self._shifts) & 1).astype(bool) & (rows >= 0)
        return np.where(open_, rows, self._home[cells])

    def refresh(self) -> int:
        """Rewrite the rows of the cells whose passages changed since the last look; how many."""
        passages = self.maze.passages
        changed = np.flatnonzero(passages != self._seen)
        if len(changed):
            slots = self._slots(changed, passages[changed])
            where = (changed[:, None] * self._width + np.arange(self._width)).ravel()
            self.matrix.indices[where] = slots.ravel()
            self._seen[changed] = passages[changed]
            self.version += 1
        return len(changed)

    def describes(self, maze: Maze) -> bool:
        """True when this is that maze's graph (a rebuilt maze is another object, or another size)."""
        return self.maze is maze and len(self._seen) == len(maze.passages)


def breadth_first(graph: PassageGraph, start: int) -> tuple[np.ndarray, np.ndarray]:
    """Every cell reachable from ``start`` in ``solvers.bfs``'s order, and each one's predecessor
    (negative for the start and the cells not reached): one C call, kept for the next caller
    from the same start (the re-solve and the distance map share it)."""
    from scipy.sparse.csgraph import breadth_first_order

    graph.refresh()
    last = graph._last
    if last is not None and last[:2] == (graph.version, start):
        return last[2], last[3]
    order, came = breadth_first_order(graph.matrix, start, directed=True, return_predecessors=True)
    graph._last = (graph.version, start, order, came)
    return order, came


def distance_stages(graph: PassageGraph, start: int) -> Iterator[np.ndarray | None]:
    """Steps from ``start`` to every cell (-1 where unreachable), as ``distance.distances_from``,
    in stages of tens of milliseconds (None after each, the distances last): scipy's search,
    then each reached cell's depth in its tree by pointer jumping (a parent's parent's ... in
    whole-array rounds, a few a stage), where one call of scipy's shortest paths is 150 ms."""
    order, came = breadth_first(graph, start)
    yield None
    position = np.empty(len(came), dtype=np.int32)
    position[order] = np.arange(len(order), dtype=np.int32)
    up = position[np.maximum(came[order], 0)]
    up[0] = 0
    depth = np.ones(len(order), dtype=np.int32)
    depth[0] = 0
    yield None
    while True:
        for _ in range(JUMPS_A_STAGE):
            if not up.any():
                out = np.full(len(came), -1, dtype=np.int32)
                out[order] = depth
                yield out
                return
            depth += depth[up]
            up = up[up]
        yield None


JUMPS_A_STAGE = 6
"""Pointer-jumping rounds a stage (a few milliseconds each on a million cells)."""
