"""A maze recipe: algorithm, grid, size, seed and parameters. The same spec gives the same maze."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from ..algorithms import DEFAULT_ALGORITHM, Algorithm, get_algorithm
from ..core.events import EventStream, expand
from ..core.maze import Maze
from ..grids import DEFAULT_GRID, Grid, Mask, make_grid

_LAST_MASKED: dict[tuple[str, int, int, Mask], Grid] = {}
"""The masked grid made last, by kind, size and mask (grids are not changed once made)."""


@dataclass(frozen=True)
class MazeSpec:
    algorithm: str = DEFAULT_ALGORITHM
    grid: str = DEFAULT_GRID
    width: int = 20
    height: int = 15
    seed: int = 1
    params: dict[str, Any] = field(default_factory=dict)
    mask: Mask | None = None
    """Cells taken away (a maze in a shape); the mask is resampled when the size changes."""

    @property
    def info(self) -> Algorithm:
        return get_algorithm(self.algorithm)

    def make_grid(self) -> Grid:
        """The grid; a masked one is built once for its kind, size and mask (the last one is
        kept until another grid is made): finding a mask's largest part takes a second at
        2000 x 2000, and the checks, the refusals and the export before any work each ask for it."""
        if self.mask is None:
            _LAST_MASKED.clear()  # a large masked grid no one shows any more is let go
            return make_grid(self.grid, self.width, self.height)
        key = (self.grid, self.width, self.height, self.mask)
        if _LAST_MASKED.get(key) is None:
            _LAST_MASKED.clear()
            _LAST_MASKED[key] = make_grid(self.grid, self.width, self.height, self.mask)
        return _LAST_MASKED[key]

    def events(self, grid: Grid | None = None, show: bool = True, packed: bool = False) -> EventStream:
        """A fresh generator of this spec's events (``show=False``: without the events that only
        explain a decision, for work nobody watches). A shown stream comes as single events unless
        ``packed``: then as the generator says them, runs packed (SETS, CURRENTS, ...), for a
        reader that takes them in bulk (``session.Run``)."""
        events = self.info.run(grid or self.make_grid(), self.seed, show=show, **self.params)
        return events if packed or not show else expand(events)  # type: ignore[return-value]

    def build(self) -> Maze:
        """The finished maze (the fold of every event)."""
        grid = self.make_grid()
        return self.new_maze(grid).fold(self.events(grid, show=False))

    def new_maze(self, grid: Grid) -> Maze:
        """An empty maze on ``grid`` carrying this recipe's cell weights (``weights=N``: a terrain of
        costs 1..N seeded by the seed), ready for the events to be folded in."""
        maze = Maze(grid)
        top = int(self.params.get("weights", 0) or 0)
        if top:
            from ..core.weights import terrain

            maze.weights = terrain(grid, self.seed, top)
        return maze

    def check(self) -> "MazeSpec":
        """Raise ValueError with a readable message if anything in the spec is off; else self."""
        self.checked_grid()
        return self

    def checked_grid(self) -> Grid:
        """The grid, built once, after the checks :meth:`check` makes (for a caller that keeps it)."""
        grid = self.make_grid()
        self.info.check(grid, self.params)
        return grid

    def with_(self, **changes: Any) -> "MazeSpec":
        return replace(self, **changes)

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"

    def shape_words(self, grid: Grid | None = None) -> str:
        """"square  30 x 20", with the mask's name (and the cells it keeps, given the grid) when masked."""
        text = f"{self.grid}  {self.width} x {self.height}"
        if self.mask is None:
            return text
        kept = f", {grid.size:,} cells" if grid is not None else ""
        return f"{text}  ({self.mask.name}{kept})"


def random_seed() -> int:
    """A fresh seed small enough to read aloud and type back in."""
    return random.SystemRandom().randrange(1, 1_000_000)
