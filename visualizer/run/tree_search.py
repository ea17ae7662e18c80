"""Depth-first search of a kept passage graph in one C call, and what a search of a tree tells
without stepping through it: the loops among the cells reached (counted from the passage bits),
the first passage outside the search's tree, and the solver's own pushes in its order.

The window's re-solve after a hand edit (``quick_solve.GraphDfs``) is the solver's search exactly
only where the searched part is a tree, or a tree and one loop with one passage left out; these
are the whole-array steps it is made of, each a few milliseconds at a million cells.
"""

from __future__ import annotations

import numpy as np

from ..core.passage_graph import PassageGraph

_BITS_SET = np.array([bin(v).count("1") for v in range(256)], dtype=np.int64)


def depth_first(graph: PassageGraph, start: int, without: tuple[int, int] | None = None,
                ) -> tuple[np.ndarray, np.ndarray]:
    """Every cell reachable from ``start`` in depth-first preorder (each cell's first unvisited
    slot first) and each cell's predecessor (negative: the start, or not reached): one C call.
    ``without``: two cells whose passage is left out of this search (both slots, put back after)."""
    from scipy.sparse.csgraph import depth_first_order

    graph.refresh()
    if without is None:
        return depth_first_order(graph.matrix, start, directed=True, return_predecessors=True)
    slots = graph.slots()
    a, b = without
    kept = slots[a].copy(), slots[b].copy()
    slots[a][slots[a] == b], slots[b][slots[b] == a] = a, b
    try:
        return depth_first_order(graph.matrix, start, directed=True, return_predecessors=True)
    finally:
        slots[a], slots[b] = kept


def loops_in(graph: PassageGraph, reached: np.ndarray, less: int = 0) -> int:
    """Loops among the cells ``reached`` from one cell: as both sides of a passage carry its bit,
    their open slots are twice their passages, and a tree has one passage fewer than cells (two
    slots of a cell to one neighbour count as a loop too). ``less`` passages are left out."""
    return int(_BITS_SET[graph.open_bits()[reached]].sum()) // 2 - less - (len(reached) - 1)


def non_tree_arc(graph: PassageGraph, came: np.ndarray, cells: np.ndarray) -> tuple[int, int] | None:
    """The first open slot of ``cells`` (in their order) that leads neither to the cell's parent
    nor to one of its children in the search: ``(cell, where it leads)``, or None."""
    slots = graph.slots()[cells]
    rows = cells[:, None]
    odd = (slots != rows) & (slots != came[cells][:, None]) & (came[slots] != rows)
    at = np.flatnonzero(odd)
    if not len(at):
        return None
    row, col = divmod(int(at[0]), slots.shape[1])
    return int(cells[row]), int(slots[row, col])


def pushed_in_tree(came: np.ndarray, order: np.ndarray, pushers: np.ndarray) -> np.ndarray:
    """The cells of a tree search's ``order`` (the start first) that ``pushers`` pushed: those
    whose parent is one of them."""
    pusher = np.zeros(len(came), dtype=bool)
    pusher[pushers] = True
    rest = order[1:]
    return rest[pusher[came[rest]]].astype(np.int64)


def tree_pushes(home: np.ndarray, bits: np.ndarray, came: np.ndarray, pushers: np.ndarray,
                start: int) -> tuple[np.ndarray, np.ndarray]:
    """The solver's pushes in a tree search: the start, then the children of each of ``pushers``
    (popped in this order) in reverse direction order (the first is popped first); and for each,
    its pusher's position (-1: the start). ``home``: each cell's neighbours, the cell itself
    where none is; ``bits``: the passage bits as they were searched."""
    rows = home[pushers][:, ::-1]
    shifts = np.arange(home.shape[1] - 1, -1, -1, dtype=np.uint8)
    child = ((bits[pushers][:, None] >> shifts) & 1).astype(bool) & (came[rows] == pushers[:, None])
    by, _ = np.nonzero(child)
    return (np.concatenate([[start], rows[child]]).astype(np.int64),
            np.concatenate([[-1], by]).astype(np.int64))
