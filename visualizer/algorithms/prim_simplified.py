"""Simplified Prim's: pick a random cell of the maze's active edge; carve to a random unvisited neighbour.

Often called Prim's, but it chooses cells, not frontier cells or edges: it is the growing tree
with random selection, and its mazes look much like the frontier version's.
"""

from __future__ import annotations

import random

from ..core.events import EventStream
from ..core.narration import Code
from ..grids import Grid
from .base import Algorithm
from .growing_tree import GrowingTreeNarrator, growing_tree


def prim_simplified(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Growing tree that always picks a random active cell."""
    return growing_tree(grid, rng, selection="random", show=show)


class PrimSimplifiedNarrator(GrowingTreeNarrator):
    """The growing tree's narrator, with the one rule this algorithm always uses: a random active cell."""

    code = Code(
        start="add a random cell to the maze and to active",
        loop="while the active list is not empty:",
        pick="  cell = a random cell of the active list",
        unvisited="  if cell has unvisited neighbours:",
        neighbour="    nb = one of them at random",
        carve="    carve the wall from cell into nb",
        add="    add nb to the active list",
        otherwise="  else:",
        remove="    remove cell from the active list",
    )
    legend = {"frontier": "active cells (may still grow)"}
    fixed_selection = "random"


ALGORITHM = Algorithm(
    name="prim_simplified",
    func=prim_simplified,
    description="Simplified Prim's: a random active cell carves to a random unvisited neighbour.",
    narrator=PrimSimplifiedNarrator,
)
