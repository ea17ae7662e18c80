"""What a grid tells the renderer about pixels: which element owns each pixel of a view.

A grid type computes a :class:`Layout` for a view and a camera (``scale`` pixels per grid unit,
``origin`` the view position of the grid's (0, 0)); the board only reads it. Elements are
numbered: cells ``0..n-1``, then edge slots ``n + cell * D + d``, then wall posts (corners).
Pure numpy, no pygame: exports and tests use it without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

WALL_WEIGHTS: dict[str, float] = {"thin": 0.6, "normal": 1.0, "thick": 1.8}
"""How heavy walls are drawn (``--walls``): a factor on each grid's wall width. The thinnest a wall
may get is the same factor, halved, in pixels, so thick walls are at least 3 px wide at any zoom."""


def half_wall(width: float, weight: float) -> float:
    """Half a wall's width in pixels, for a grid whose normal half-width is ``width`` pixels."""
    return max(weight, width * weight)


JOINS_PER_CELL = 4
"""Join elements numbered per cell (a triangle's: one for each pair of its sides, named by the
third side's direction, one unused)."""


@dataclass
class Layout:
    owner: np.ndarray
    """``(width, height)`` int32, x-major like ``surfarray``: the element each pixel shows, -1 none."""
    bbox: np.ndarray
    """``(n, 4)`` int32 ``x0, y0, x1, y1``: the pixels a cell, its edges and posts can touch."""
    centres: np.ndarray
    """``(n, 2)`` float32 pixel centres of the cells."""
    cell_pixels: float
    """A cell's size on screen (for markers and for deciding when to follow the player)."""
    corner_count: int = 0
    """Wall posts (tile corners); 0 for grids drawn without them."""
    corner_cells: Callable[[np.ndarray], np.ndarray] = lambda posts: np.empty((0, 4), dtype=np.int32)
    """``corner_cells(posts)`` -> ``(len(posts), k)`` the cells around each post (-1 off the grid),
    computed on demand: a table for a million posts would cost 16 MB."""
    corners_of: Callable[[np.ndarray], np.ndarray] = lambda cells: cells[:0]
    """The posts touching some cells (for repainting them when a cell changes)."""
    soft_edges: bool = False
    """Walls run at angles or curve, so their pixel steps show: the board softens them."""
    join_count: int = 0
    """Joins (numbered after the posts, ``cell * JOINS_PER_CELL + k``): pixels within half a wall of two sides of
    a cell, wall when either side is; 0 for grids that need none."""
    join_sides: Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]] | None = None
    """``join_sides(cells, k)`` -> the two directions of the sides join ``cell * 4 + k`` stands for."""
    extra: dict = field(default_factory=dict)
    """Grid-specific figures tests and markers may read (``tile``, ``radius``)."""


def distinct(values: np.ndarray, bound: int | None = None) -> np.ndarray:
    """The sorted distinct values of a 1-d integer array, as ``np.unique`` gives them: by a sort and
    a comparison of neighbours, which numpy 2.4's hashing ``np.unique`` is 30x slower than on a few
    hundred thousand values (120 ms against 4 ms for 240,000: a repaint of many dirty cells).
    ``bound``: every value is under it (and not negative); when the values are more than a
    BOUND_SHARE of it, a flag per possible value is set instead (no sort: 300,000 cells of a
    million took 20 ms sorted, 3 ms flagged)."""
    values = np.asarray(values).ravel()
    if bound is not None and len(values) * BOUND_SHARE > bound:
        seen = np.zeros(bound, dtype=bool)
        seen[values] = True
        return np.flatnonzero(seen).astype(values.dtype, copy=False)
    ordered = np.sort(values)
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


BOUND_SHARE = 16
"""``distinct`` flags rather than sorts from 1/BOUND_SHARE of the possible values on."""


def outside(x: np.ndarray, y: np.ndarray, width: int, height: int) -> np.ndarray:
    """True for grid coordinates off a width x height grid."""
    return (x < 0) | (x >= width) | (y < 0) | (y >= height)


def clip_box(x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray) -> np.ndarray:
    """Stack pixel boxes as int32, clamped so huge zooms cannot overflow."""
    limit = 2 ** 30
    return np.clip(np.stack([x0, y0, x1, y1], axis=-1), -limit, limit).astype(np.int32)
