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

import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from .maze import CellState, Maze

_PASSAGE, _ROOM = int(CellState.PASSAGE), int(CellState.ROOM)


class Turns:
    """Which frame it is (told by the window; -1: never, then every stage may run at once) and
    the frame the last heavy stage ran in: one heavy stage (a C search, a whole-array pass) a
    frame, so none adds to another's. Graphs made ``like`` one another share one."""

    def __init__(self) -> None:
        self.frame = -1
        self.last = -2

    def next_frame(self) -> None:
        """A window's new frame: one more heavy stage may run."""
        self.frame += 1

    def free(self) -> bool:
        """True when no heavy stage has run in this frame yet (always, without a window)."""
        return self.frame < 0 or self.last != self.frame

    @property
    def framed(self) -> bool:
        """True once a window tells the frames (without one, stages run back to back)."""
        return self.frame >= 0

    def take(self) -> None:
        """A heavy stage ran: the others wait for the next frame."""
        self.last = self.frame

    def rest(self) -> None:
        """An edit was made: the next frame draws it and runs no heavy stage (the click is seen
        at once; the searches it calls for start a frame later)."""
        if self.frame >= 0:
            self.last = self.frame + 1


def available() -> bool:
    """True when scipy (a dependency, but an optional import here) can be imported."""
    try:
        import scipy.sparse.csgraph  # noqa: F401
    except ImportError:
        return False
    return True


class PassageGraph:
    """The maze's open passages as a CSR matrix (``matrix``) that edits update in place.

    By default a slot is open where the cell's own passage bit is (what the solvers follow);
    ``mutual``: only where both cells agree on the passage and both are part of the maze (what
    ``run.connectivity`` counts as a link). ``like`` shares another graph's fixed arrays."""

    _home: np.ndarray
    _table: np.ndarray
    _shifts: np.ndarray
    _opposite: np.ndarray
    _back: np.ndarray
    _inside: np.ndarray
    matrix: Any
    turns: Turns

    def __init__(self, maze: Maze, table: np.ndarray, mutual: bool = False, like: PassageGraph | None = None) -> None:
        from scipy.sparse import csr_matrix

        self.maze, self.mutual = maze, mutual
        size, width = table.shape
        self._width = width
        if like is not None and like.describes(maze):
            self._home, self._table, self._shifts = like._home, like._table, like._shifts
            self._opposite, self._back = like._opposite, like._back
            indptr, data = like.matrix.indptr, like.matrix.data
            self.turns = like.turns
            self._inside = like._inside
        else:
            self._home = np.arange(size, dtype=np.int32)[:, None]
            self._table = table.astype(np.int32)
            self._shifts = np.arange(width, dtype=np.uint8)
            self._opposite = np.array([maze.grid.opposite(d) for d in range(width)], dtype=np.uint8)
            self._back = np.where(self._table >= 0, self._table, self._home)  # a neighbour, or the cell itself
            indptr = np.arange(0, size * width + 1, width, dtype=np.int32)
            data = np.ones(size * width, dtype=np.float64)  # float64: scipy's searches use it as it is, no copy
            self.turns = Turns()
            self._inside = ((self._table >= 0).astype(np.uint8) << self._shifts).sum(1).astype(np.uint8)
            # built with the graph (20 ms, before any edit): on first use it landed in a re-solve's heaviest frame
        self._seen = (maze.passages.copy(), maze.state.copy())
        self.matrix = csr_matrix((data, self._slots(self._home[:, 0]).ravel(), indptr), shape=(size, size))
        self.version = 0
        """Grows each time ``refresh`` finds changed cells (keys the last search kept)."""
        self._last: tuple[int, int, np.ndarray, np.ndarray] | None = None
        self._up: tuple[np.ndarray, np.ndarray] | None = None
        """The last search's order and ``parent_positions``."""

    def _slots(self, cells: np.ndarray) -> np.ndarray:
        """The slots of ``cells``: the neighbour where the passage is open, else the cell itself."""
        maze = self.maze
        rows = self._table[cells]
        open_ = ((maze.passages[cells][:, None] >> self._shifts) & 1).astype(bool) & (rows >= 0)
        if self.mutual:
            others = self._back[cells]
            open_ &= ((maze.passages[others] >> self._opposite) & 1).astype(bool)
            open_ &= _member(maze.state[others]) & _member(maze.state[cells])[:, None]
        return np.where(open_, rows, self._home[cells])

    def refresh(self) -> int:
        """Rewrite the rows of the cells whose passages (or, ``mutual``, state) changed since the
        last look, and in ``mutual`` their neighbours' too; how many cells changed."""
        passages, state = self.maze.passages, self.maze.state
        seen_p, seen_s = self._seen
        differs = passages != seen_p
        if self.mutual:
            differs |= state != seen_s
        changed = np.flatnonzero(differs)
        if len(changed):
            rows = changed
            if self.mutual:
                rows = np.unique(np.concatenate([changed, self._back[changed].ravel()]))
            where = (rows[:, None] * self._width + np.arange(self._width)).ravel()
            self.matrix.indices[where] = self._slots(rows).ravel()
            seen_p[changed], seen_s[changed] = passages[changed], state[changed]
            self.version += 1
        return len(changed)

    def slots(self) -> np.ndarray:
        """Each cell's slots as a (cells, directions) view of the matrix: the neighbour where the
        passage is open, else the cell itself (call ``refresh`` first)."""
        return self.matrix.indices.reshape(-1, self._width)

    def neighbours_or_home(self) -> np.ndarray:
        """Each cell's neighbour in each direction, the cell itself where the grid has none (fixed)."""
        return self._back

    def open_bits(self) -> np.ndarray:
        """Each cell's passage bits towards neighbours inside the grid (not the entrance's and the
        exit's openings in the outer wall): what its open slots are."""
        return self.maze.passages & self._inside

    def describes(self, maze: Maze) -> bool:
        """True when this is that maze's graph (a rebuilt maze is another object, or another size)."""
        return self.maze is maze and len(self._seen[0]) == len(maze.passages)


def _member(states: np.ndarray) -> np.ndarray:
    """True where a state is part of the maze (a passage or a room)."""
    return (states == _PASSAGE) | (states == _ROOM)


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
    graph.turns.take()
    graph._last = (graph.version, start, order, came)
    return order, came


def parent_positions(graph: PassageGraph, order: np.ndarray, came: np.ndarray) -> np.ndarray:
    """For each cell of a whole search's ``order``, the position in it of its predecessor (0 for
    the start): kept with the graph's last search, so the re-solve's parents and the distance
    map's pointer jumping work it out once (15 - 25 ms for a million cells)."""
    kept = graph._up
    if kept is not None and kept[0] is order:
        return kept[1]
    position = np.empty(len(came), dtype=np.int32)
    position[order] = np.arange(len(order), dtype=np.int32)
    up = position[np.maximum(came[order], 0)]
    up[0] = 0
    graph._up = (order, up)
    return up


def distance_stages(graph: PassageGraph, start: int) -> Iterator[np.ndarray | None]:
    """Steps from ``start`` to every cell (-1 where unreachable), as ``distance.distances_from``,
    in stages of tens of milliseconds (None after each, the distances last): scipy's search
    (none when the re-solve's is kept), then each reached cell's depth in its tree by pointer
    jumping (a parent's parent's ... in whole-array rounds, JUMP_SECONDS a stage), where one
    call of scipy's shortest paths is 150 ms."""
    while not graph.turns.free():
        yield None
    order, came = breadth_first(graph, start)  # a kept search costs nothing: the jumps start at once
    if not graph.turns.free():
        yield None
    up = depth = None
    while True:
        while not graph.turns.free():
            yield None
        graph.turns.take()
        until = time.perf_counter() + JUMP_SECONDS
        if up is None or depth is None:
            up = parent_positions(graph, order, came)
            depth = np.ones(len(order), dtype=np.int32)
            depth[0] = 0
        while True:
            for _ in range(JUMPS_A_STAGE):
                if not up.any():
                    out = np.full(len(came), -1, dtype=np.int32)
                    out[order] = depth
                    yield out
                    return
                depth += depth[up]
                up = up[up]
            if time.perf_counter() >= until:
                break
        yield None


JUMPS_A_STAGE = 3
"""Pointer-jumping rounds between two looks at the clock (a few milliseconds each on a million cells)."""
JUMP_SECONDS = 0.03
"""Seconds of pointer jumping a stage: the 20 rounds of a million-cell maze in two or three frames, not five."""
