"""Weighted cells: a cost to enter each cell (terrain), and what a path through them costs.

The terrain is value noise: random heights at the corners of a coarse lattice laid over the
grid's plane (``unit_centres``), blended smoothly between them, two octaves, then cut into whole
costs 1..top. Hills and valleys a few cells wide, so a cheap route visibly bends round dear
ground. The heights come from ``random.Random`` seeded with the maze's seed: the same maze, the
same terrain. Pure numpy, no pygame.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from ..grids import Grid
else:
    from .lazy_numpy import np

MAX_WEIGHT = 9
"""The dearest a cell can cost (one digit: it fits in a cell of the text export and a legend)."""
FEATURE = 4.0
"""The lattice's spacing in grid units: about how wide a hill is."""


def value_noise(points: np.ndarray, rng: random.Random, spacing: float) -> np.ndarray:
    """Smooth noise in 0..1 at each (x, y) of ``points``: lattice heights blended by smoothstep."""
    scaled = (points - points.min(axis=0)) / spacing
    cols, rows = (int(v) + 2 for v in scaled.max(axis=0))
    heights = np.array([rng.random() for _ in range(cols * rows)]).reshape(rows, cols)
    base = np.floor(scaled).astype(int)
    frac = scaled - base
    sx, sy = (frac * frac * (3 - 2 * frac)).T
    x0, y0 = base.T
    top = heights[y0, x0] * (1 - sx) + heights[y0, x0 + 1] * sx
    bottom = heights[y0 + 1, x0] * (1 - sx) + heights[y0 + 1, x0 + 1] * sx
    return top * (1 - sy) + bottom * sy


def terrain(grid: Grid, seed: int, top: int) -> np.ndarray:
    """A cost 1..``top`` per cell (uint8) from seeded value noise over the grid's plane."""
    rng = random.Random(f"terrain {seed}")
    points = grid.unit_centres()
    noise = 0.7 * value_noise(points, rng, FEATURE) + 0.3 * value_noise(points, rng, FEATURE / 2)
    low, high = float(noise.min()), float(noise.max())
    share = (noise - low) / (high - low) if high > low else np.zeros(len(noise))
    return (1 + np.minimum((share * top).astype(int), top - 1)).astype(np.uint8)


def cell_cost(weights: np.ndarray | None, cell: int) -> int:
    """What entering ``cell`` costs (1 where there are no weights)."""
    return 1 if weights is None else int(weights[cell])


def path_cost(weights: np.ndarray | None, path: Sequence[int]) -> int:
    """A path's cost: every cell it enters after the first (its length in steps without weights)."""
    if weights is None:
        return max(len(path) - 1, 0)
    return int(sum(int(weights[cell]) for cell in path[1:]))
