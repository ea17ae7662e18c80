"""Binary tree: every cell opens one wall, toward one of two fixed directions (its bias corner).

The simplest perfect-maze algorithm and the most biased: two solid corridors run along the edges
next to the bias corner, and every path drifts diagonally toward it. The grid names the two
directions per corner (``Grid.BIAS_DIRECTIONS``; square: the vertical and the horizontal one, hex:
the vertical one and the diagonal on the bias side) plus a fallback for edge cells that have
neither (hex: along the edge toward the bias side), so the result is still one tree.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import repeat

import numpy as np

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm, Param

CARVE = Kind.CARVE
BIASES = ("NE", "NW", "SE", "SW")
CHUNK = 1 << 16
"""Cells decided per numpy batch: big enough to be fast, small enough to keep memory flat."""


def binary_tree(grid: Grid, rng: random.Random, *, bias: str = "NE", show: bool = True) -> EventStream:
    """Visit cells row by row; each joins the neighbour it picks among its two bias directions."""
    directions = grid.BIAS_DIRECTIONS[bias]
    table = grid.neighbour_array()[:, list(directions)]  # per cell: first, second, fallback neighbour
    backs = np.array([grid.opposite(d) for d in directions])
    for cell in np.flatnonzero((table < 0).all(axis=1)).tolist():  # one root in a well-formed grid
        yield (CARVE, cell, -1, -1)
    rnd = rng.random
    for start in range(0, grid.size, CHUNK):
        rows = table[start:start + CHUNK]
        choice = choices(rows, rnd)
        targets = rows[np.arange(len(rows)), choice]
        joined = np.flatnonzero(targets >= 0)  # every cell but the roots
        yield from zip(repeat(CARVE), targets[joined].tolist(), (joined + start).tolist(),
                       backs[choice[joined]].tolist())


def choices(rows: np.ndarray, rnd: Callable[[], float]) -> np.ndarray:
    """Per cell, which column of ``rows`` it joins: a coin between the first two where both exist,
    else the first that exists. Coins are drawn in cell order, one per two-way choice, so a seed
    always makes the same maze."""
    exists = rows >= 0
    choice = np.where(exists[:, 0], 0, np.where(exists[:, 1], 1, 2))
    both = exists[:, 0] & exists[:, 1]
    coins = np.array([rnd() for _ in range(int(both.sum()))])
    choice[both] = np.where(coins < 0.5, 0, 1)
    return choice


ALGORITHM = Algorithm(
    name="binary_tree",
    func=binary_tree,
    description="Binary tree: each cell opens toward one of two directions; strong diagonal bias.",
    params=(Param("bias", "NE", "the corner every path drifts toward", choices=BIASES),),
    needs="BIAS_DIRECTIONS",
)
