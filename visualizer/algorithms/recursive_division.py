"""Recursive division: start from an open field and add walls, each with one gap, halving the room.

The only classic algorithm that adds walls instead of carving passages. Chambers are split across
their longer side (a coin decides squares) until every chamber is one cell wide; long straight
walls and a visible box-in-box structure are its signature.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import EventStream, Kind
from ..core.narration import Annotation, Code, Narrator, Shape, Told, plural
from ..grids import Grid, SquareGrid
from .base import Algorithm

OPEN_FIELD, WALL, CURRENT, CHAMBER = Kind.OPEN_FIELD, Kind.WALL, Kind.CURRENT, Kind.CHAMBER
EAST, SOUTH = SquareGrid.E, SquareGrid.S


def recursive_division(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Split chambers with a wall that keeps one gap, until no chamber can be split."""
    w = grid.width
    rnd = rng.random
    yield (OPEN_FIELD, -1, -1, -1)
    chambers = [(0, 0, grid.width, grid.height)]
    while chambers:
        x, y, cw, ch = chambers.pop()
        if show:
            yield (CHAMBER, y * w + x, (y + ch - 1) * w + x + cw - 1, -1)
        if cw < 2 or ch < 2:
            continue  # a one-cell-wide chamber is already a corridor: open, no loops
        if ch > cw or (ch == cw and rnd() < 0.5):
            wy = y + int(rnd() * (ch - 1))  # the wall runs below row wy
            gap = wy * w + x + int(rnd() * cw)
            if show:
                yield (CURRENT, gap, -1, -1)  # the doorway this wall keeps
            for cell in range(wy * w + x, wy * w + x + cw):
                if cell != gap:
                    yield (WALL, cell, cell + w, SOUTH)
            chambers.append((x, wy + 1, cw, y + ch - wy - 1))
            chambers.append((x, y, cw, wy - y + 1))
        else:
            wx = x + int(rnd() * (cw - 1))  # the wall runs right of column wx
            gap = (y + int(rnd() * ch)) * w + wx
            if show:
                yield (CURRENT, gap, -1, -1)
            for cell in range(y * w + wx, (y + ch) * w + wx, w):
                if cell != gap:
                    yield (WALL, cell, cell + 1, EAST)
            chambers.append((wx + 1, y, x + cw - wx - 1, ch))
            chambers.append((x, y, wx - x + 1, ch))


Chamber = tuple[int, int, int, int]
"""``(x, y, width, height)`` in cells, as the generator keeps it."""


class RecursiveDivisionNarrator(Narrator):
    """The chamber stack: the chamber being split, the ones waiting, the wall being built."""

    code = Code(
        open="open every wall: one big chamber",
        push_grid="push the whole grid as a chamber",
        loop="while chambers are waiting:",
        take="  take the chamber pushed last",
        skip="  if it is 1 cell wide or high: skip it",
        wall="  wall across the longer side (coin if square)",
        door="  keep one door in the new wall at random",
        build="  build the wall, all but the door",
        push="  push both halves as chambers",
    )
    follows = frozenset({int(CURRENT), int(WALL)})
    legend = {"current": "the door in the new wall"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.stack: list[Chamber] = []
        self.chamber: Chamber | None = None
        """The last chamber's cells, built when first drawn (the first chamber is the whole grid)."""
        self.halves: tuple[Chamber, Chamber] | None = None
        self.walls_left = 0
        self.built = 0
        """Walls built of the line (or seam) being built."""
        self.walls = 0

    def tell_open_field(self, cell: int, other: int, value: int) -> Told:
        w, h = self.grid.width, self.grid.height
        self.stack = [(0, 0, w, h)]
        return Told(self.code.open,
                    f"Every wall is opened: the whole {w} x {h} grid is one chamber, to be split by walls")

    def tell_chamber(self, cell: int, other: int, value: int) -> Told:
        (x, y), (x2, y2) = self.grid.coords(cell), self.grid.coords(other)
        chamber = (x, y, x2 - x + 1, y2 - y + 1)
        if self.stack and self.stack[-1] == chamber:
            self.stack.pop()
        self.chamber, self.halves = chamber, None
        cw, ch = chamber[2], chamber[3]
        where = (f"The {cw} x {ch} chamber from {self.name(cell)} to {self.name(other)}" if cell != other
                 else f"The chamber of the single cell {self.name(cell)}")
        if cw < 2 or ch < 2:
            side = "wide" if cw < 2 else "high"
            return Told(self.code.skip,
                        f"{where} is 1 cell {side}: already a corridor, nothing to split; {self._waiting()}")
        if cw == ch:
            how = "is square, so a coin picks which way the wall runs"
        else:
            how = f"is {'higher' if ch > cw else 'wider'} than it is {'wide' if ch > cw else 'high'}, so a wall " \
                  f"runs {'east to west' if ch > cw else 'north to south'} across it"
        return Told(self.code.take, f"{where} {how}")

    def _waiting(self) -> str:
        count = len(self.stack)
        return f"{plural(count, 'chamber')} {'waits' if count == 1 else 'wait'}" if count else "no chamber waits"

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        return Told(self.code.door,
                    f"The door stays open at {self.name(cell)}: the new wall keeps this one gap, so the two "
                    "halves stay joined")

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        self.walls += 1
        if self.halves is None:
            self._split(cell, value)
        self.walls_left -= 1
        self.built += 1
        told = f"Wall built between {self.name(cell)} and {self.name(other)}, wall {self.built} of this line"
        if self.walls_left > 0 or self.halves is None:
            return Told(self.code.build, f"{told}; {plural(self.walls_left, 'wall')} of this line to go")
        first, second = self.halves
        self.stack.extend(self.halves)
        return Told(self.code.push,
                    f"{told}: the line is done, so push both halves, {first[2]} x {first[3]} and "
                    f"{second[2]} x {second[3]} cells, as chambers to split")

    def _split(self, cell: int, value: int) -> None:
        """From the wall's first piece: which line it is, its length, and the two halves."""
        if self.chamber is None:
            return
        x, y, cw, ch = self.chamber
        wx, wy = self.grid.coords(cell)
        if value == SOUTH:
            self.halves = ((x, wy + 1, cw, y + ch - wy - 1), (x, y, cw, wy - y + 1))
            self.walls_left = cw - 1
            self.built = 0
        else:
            self.halves = ((wx + 1, y, x + cw - wx - 1, ch), (x, y, wx - x + 1, ch))
            self.walls_left = ch - 1
            self.built = 0

    def data(self) -> list[tuple[str, str]]:
        rows = [("Chambers waiting", f"{len(self.stack):,}")]
        if self.chamber is not None:
            x, y, cw, ch = self.chamber
            rows.append(("This chamber", f"{cw} x {ch} cells from {self.name(self.grid.cell(x, y))}"))
        rows.append(("Walls built", f"{self.walls:,}"))
        return rows

    def annotations(self) -> list[Annotation]:
        """A box around the chamber taken up last."""
        if self.chamber is None:
            return []
        x, y, cw, ch = self.chamber
        return [Annotation(Shape.BOX, (self.grid.cell(x, y), self.grid.cell(x + cw - 1, y + ch - 1)))]


ALGORITHM = Algorithm(
    name="recursive_division",
    on_masks=False,  # walks whole rows and columns
    func=recursive_division,
    description="Recursive division: walls with one gap split an open field; long straight walls.",
    grids=(SquareGrid.kind,),  # walks rows and columns
    narrator=RecursiveDivisionNarrator,
)
