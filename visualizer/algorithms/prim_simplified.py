"""Simplified Prim's: pick a random cell of the maze's active edge; carve to a random unvisited neighbour.

Often called Prim's, but it chooses cells, not frontier cells or edges: it is the growing tree
with random selection, and its mazes look much like the frontier version's.
"""

from __future__ import annotations

import random

from ..events import EventStream
from ..grids import Grid
from .base import Algorithm
from .growing_tree import growing_tree


def prim_simplified(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Growing tree that always picks a random active cell."""
    return growing_tree(grid, rng, selection="random", show=show)


ALGORITHM = Algorithm(
    name="prim_simplified",
    func=prim_simplified,
    description="Simplified Prim's: a random active cell carves to a random unvisited neighbour.",
)
