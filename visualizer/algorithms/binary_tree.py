"""Binary tree: every cell opens one wall, toward one of two fixed directions (its bias corner).

The simplest perfect-maze algorithm and the most biased: two solid corridors run along the edges
next to the bias corner, and every path drifts diagonally toward it. The grid says what the two
directions are for each cell (``Grid.bias_table``; square: the vertical and the horizontal one,
hex: the vertical one and the diagonal on the bias side, polar: in or out and along the ring)
plus a fallback for edge cells that have neither (hex: along the edge toward the bias side), so
the result is still one tree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import repeat
from typing import TYPE_CHECKING, Any

from ..core.events import EventStream, Kind
from ..core.narration import Annotation, Code, Narrator, Shape, Told
from ..grids import Grid
from .base import Algorithm, Param

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE = Kind.CARVE
BIASES = ("NE", "NW", "SE", "SW")
CHUNK = 1 << 16
"""Cells decided per numpy batch: big enough to be fast, small enough to keep memory flat."""


def has_bias_directions(cls: type[Grid]) -> bool:
    """True when the grid names two directions (and a fallback) for each bias corner: binary tree
    needs them, and a grid without (the triangle) cannot run it."""
    return bool(cls.BIAS_DIRECTIONS)


def binary_tree(grid: Grid, rng: random.Random, *, bias: str = "NE", show: bool = True) -> EventStream:
    """Visit cells row by row; each joins the neighbour it picks among its two bias directions."""
    table, directions = grid.bias_table(bias)  # per cell: first, second, fallback neighbour
    backs = np.array([grid.opposite(d) for d in range(grid.directions)])
    for cell in np.flatnonzero((table < 0).all(axis=1)).tolist():  # one root in a well-formed grid
        yield (CARVE, cell, -1, -1)
    rnd = rng.random
    for start in range(0, grid.size, CHUNK):
        rows = table[start:start + CHUNK]
        choice = choices(rows, rnd)
        picked = np.arange(len(rows)), choice
        targets = rows[picked]
        joined = np.flatnonzero(targets >= 0)  # every cell but the roots
        yield from zip(repeat(CARVE), targets[joined].tolist(), (joined + start).tolist(),
                       backs[directions[start:start + CHUNK][picked][joined]].tolist())


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


class BinaryTreeNarrator(Narrator):
    """Each cell's choice: the coin between the two bias directions, or the only way at an edge."""

    code = Code(
        root="the cell with no bias neighbour is the root",
        loop="for each other cell, row by row:",
        both="  if both bias neighbours exist:",
        coin="    flip a coin: carve to one of them",
        one="  else if one of them exists:",
        edge="    carve to it: at the edge, no choice",
        neither="  else (a hex edge cell):",
        along="    carve along the edge toward the bias",
    )
    legend = {"current": "the cell that just chose", "unvisited": "not reached yet"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.bias = str(self.params.get("bias", BIASES[0]))
        self.table = grid.bias_table(self.bias)[0] if self.bias in grid.BIAS_DIRECTIONS else None
        self.words = grid.bias_words(self.bias) if self.table is not None else ("?", "?")
        self.coins = [0, 0]  # how often the coin chose the first, the second direction
        self.edge = 0
        self.joined = 0
        self.last: tuple[int, int] | None = None

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.joined += 1
        if other < 0:
            return Told(self.code.root,
                        f"{self.name(cell)} can go neither {self.choices_text('nor')}: it is the root, "
                        "every path ends here")
        self.last = (other, cell)
        into = f"{self.direction(self.grid.opposite(value))} into {self.name(cell)}"
        row = self.table[other] if self.table is not None else (cell, cell, -1)
        if row[0] >= 0 and row[1] >= 0:
            self.coins[int(row[0] != cell)] += 1
            return Told(self.code.coin,
                        f"{self.name(other)} can go {self.choices_text('or')}: the coin picks "
                        f"{self.direction(self.grid.opposite(value))}, so carve into {self.name(cell)}")
        self.edge += 1
        if row[0] >= 0 or row[1] >= 0:
            missing = self.words[1] if row[0] >= 0 else self.words[0]
            return Told(self.code.edge,
                        f"{self.name(other)} cannot go {missing} (the edge of the maze): the only "
                        f"way is {into}")
        return Told(self.code.along,
                    f"{self.name(other)} has neither {self.choices_text('nor')}: carve "
                    f"along the edge, {into}")

    def choices_text(self, joiner: str) -> str:
        """"north or east": the two directions the coin picks between."""
        return f"{self.words[0]} {joiner} {self.words[1]}"

    def data(self) -> list[tuple[str, str]]:
        return [("Bias corner", f"{self.bias}: {self.choices_text('or')}"),
                ("Coin chose", f"{self.words[0]} {self.coins[0]:,}, {self.words[1]} {self.coins[1]:,}"),
                ("No choice (edge)", f"{self.edge:,} cells"),
                ("Joined", f"{self.joined:,} of {self.grid.size:,} cells")]

    def annotations(self) -> list[Annotation]:
        return [] if self.last is None else [Annotation(Shape.PATH, self.last)]


ALGORITHM = Algorithm(
    name="binary_tree",
    on_masks=False,  # a fixed pair of directions cuts off cells beside a hole
    narrator=BinaryTreeNarrator,
    func=binary_tree,
    description="Binary tree: each cell opens toward one of two directions; strong diagonal bias.",
    params=(Param("bias", "NE", "the corner every path drifts toward", choices=BIASES),),
    needs=has_bias_directions,
)
