"""Binary tree: every cell opens one wall, toward one of two fixed directions (its bias corner).

The simplest perfect-maze algorithm and the most biased: two solid corridors run along the edges
next to the bias corner, and every path drifts diagonally toward it. On hex grids the two
directions are the vertical one and the diagonal on the bias side; cells on the edge with neither
follow the edge toward the bias side, so the result is still one tree.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm, Param

CARVE = Kind.CARVE
BIASES = ("NE", "NW", "SE", "SW")
SQUARE_DIRS = {"NE": (0, 1), "NW": (0, 3), "SE": (2, 1), "SW": (2, 3)}
HEX_DIRS = {"NE": (1, 2, 3), "NW": (1, 0, 5), "SE": (4, 3, 2), "SW": (4, 5, 0)}
"""Per bias on hex: (vertical, diagonal, fallback along the edge)."""


def binary_tree(grid: Grid, rng: random.Random, *, bias: str = "NE") -> EventStream:
    """Visit cells row by row; each joins the neighbour it picks among its two bias directions."""
    if grid.kind == "square":
        return _square(grid, rng, bias)
    return _hex(grid, rng, bias)


def _square(grid: Grid, rng: random.Random, bias: str) -> EventStream:
    w, h = grid.width, grid.height
    vertical, horizontal = SQUARE_DIRS[bias]
    dy = -1 if vertical == 0 else 1
    dx = 1 if horizontal == 1 else -1
    back_v, back_h = (vertical + 2) % 4, (horizontal + 2) % 4
    rnd = rng.random
    edge_y = 0 if dy < 0 else h - 1
    edge_x = w - 1 if dx > 0 else 0
    root = edge_y * w + edge_x
    yield (CARVE, root, -1, -1)
    for cell in range(grid.size):
        y, x = divmod(cell, w)
        can_v, can_h = y != edge_y, x != edge_x
        if can_v and (not can_h or rnd() < 0.5):
            yield (CARVE, cell + dy * w, cell, back_v)
        elif can_h:
            yield (CARVE, cell + dx, cell, back_h)


def _hex(grid: Grid, rng: random.Random, bias: str) -> EventStream:
    vertical, diagonal, fallback = HEX_DIRS[bias]
    table = grid.neighbour_array()
    ups, sides, edges = (table[:, d].tolist() for d in (vertical, diagonal, fallback))
    rnd = rng.random
    roots = []
    for cell in range(grid.size):
        up, side = ups[cell], sides[cell]
        if up >= 0 and side >= 0:
            target, d = (up, vertical) if rnd() < 0.5 else (side, diagonal)
        elif up >= 0 or side >= 0:
            target, d = (up, vertical) if up >= 0 else (side, diagonal)
        else:
            target, d = edges[cell], fallback
        if target < 0:
            roots.append(cell)
            continue
        yield (CARVE, target, cell, grid.opposite(d))
    for cell in roots:  # one root in a well-formed grid; a 1 x 1 grid has only its root
        yield (CARVE, cell, -1, -1)


ALGORITHM = Algorithm(
    name="binary_tree",
    func=binary_tree,
    description="Binary tree: each cell opens toward one of two directions; strong diagonal bias.",
    params=(Param("bias", "NE", "the corner every path drifts toward", choices=BIASES),),
)
