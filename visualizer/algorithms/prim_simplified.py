"""Simplified Prim's: pick a random cell of the maze's active edge; carve to a random unvisited neighbour.

Often called Prim's, but it chooses cells, not frontier cells or edges: it is the growing tree
with random selection, and its mazes look much like the frontier version's.
"""

from __future__ import annotations

import random

from ..core.events import EventStream
from ..grids import Grid
from .base import Algorithm
from .growing_tree import GrowingTreeNarrator, growing_tree


def prim_simplified(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Growing tree that always picks a random active cell."""
    return growing_tree(grid, rng, selection="random", show=show)


class PrimSimplifiedNarrator(GrowingTreeNarrator):
    """The growing tree's narrator, with the one rule this algorithm always uses: a random active cell."""

    code = (
        "add a random cell to the maze and to active",
        "while the active list is not empty:",
        "  cell = a random cell of the active list",
        "  if cell has unvisited neighbours:",
        "    nb = one of them at random",
        "    carve the wall from cell into nb",
        "    add nb to the active list",
        "  else:",
        "    remove cell from the active list",
    )
    legend = {"frontier": "active cells (may still grow)"}
    fixed_selection = "random"


ALGORITHM = Algorithm(
    name="prim_simplified",
    func=prim_simplified,
    description="Simplified Prim's: a random active cell carves to a random unvisited neighbour.",
    narrator=PrimSimplifiedNarrator,
)
