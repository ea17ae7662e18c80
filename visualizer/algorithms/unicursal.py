"""Unicursal labyrinths: any perfect maze turned into one path through every cell (``unicursal=1``).

The conversion Jamis Buck and Walter Pullen describe: the generator makes a perfect maze at half
the width and height, each of its cells becomes a block of 2 x 2 cells, and every corridor is
doubled into two lanes side by side, one out and one back. Inside each block, the sides with no
corridor join the lane ends, so walking the lanes goes round the whole tree and comes back: one
loop through every cell. One wall of it, beside the entrance, is kept closed, so the loop is one
path with both its ends at the entrance. It is still a spanning tree (a path is one), so the
solvers, the metrics and the game take it as any maze.

Runs on every grid whose 2 x 2 blocks of cells are joined round their sides and to the next
block by two neighbouring pairs (squares and hexagons in columns, at even sizes): the grid is
asked, never named.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.events import Event, EventStream, Kind, expand
from ..core.maze import Maze
from ..core.narration import UNICURSAL_PHASE, Code, Narrator, Told, plural
from ..grids import GRIDS, Grid, SquareGrid

CARVE, WALL, PHASE = Kind.CARVE, Kind.WALL, Kind.PHASE
SIDES = 4
"""A block's sides in turn: top (its corners 0 and 1), right (1, 2), bottom (2, 3), left (3, 0)."""
SIDE_OF_STEP = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}
Generator = Callable[..., EventStream]
"""An algorithm's generator function (as ``base`` names it; not imported: base runs this module)."""


@dataclass(frozen=True)
class Lanes:
    """A grid seen as 2 x 2 blocks: the half-size square grid the maze is made on, and each
    block's corners (top left, top right, bottom right, bottom left) as cells of the grid."""

    grid: Grid
    half: SquareGrid
    corners: tuple[tuple[int, int, int, int], ...]

    def side(self, block: int, other: int) -> int:
        """Which side of ``block`` faces its neighbour ``other`` in the half grid."""
        (x, y), (ox, oy) = self.half.coords(block), self.half.coords(other)
        return SIDE_OF_STEP[(ox - x, oy - y)]

    def lane_pair(self, block: int, other: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two passages that double the corridor ``block`` -> ``other``: each corner of the
        facing side to the corner opposite it across the wall."""
        s = self.side(block, other)
        a, b = self.corners[block], self.corners[other]
        return (a[s], b[(s + 3) % SIDES]), (a[(s + 1) % SIDES], b[(s + 2) % SIDES])

    def closing(self, block: int, s: int) -> tuple[int, int]:
        """The passage along side ``s`` inside ``block`` (where no corridor leaves)."""
        c = self.corners[block]
        return c[s], c[(s + 1) % SIDES]

    def block_of(self, cell: int) -> int:
        x, y = self.grid.coords(cell)
        return self.half.cell(x // 2, y // 2)


def lanes_for(grid: Grid) -> Lanes | None:
    """The grid as blocks, or None when it cannot be (odd size, a mask, or blocks whose sides or
    lanes are not pairs of neighbours on this grid)."""
    w, h = grid.width, grid.height
    if grid.mask is not None or w % 2 or h % 2 or grid.size != w * h:
        return None
    half = SquareGrid(w // 2, h // 2)
    corners = tuple((grid.cell(2 * x, 2 * y), grid.cell(2 * x + 1, 2 * y), grid.cell(2 * x + 1, 2 * y + 1),
                     grid.cell(2 * x, 2 * y + 1)) for y in range(h // 2) for x in range(w // 2))
    lanes = Lanes(grid, half, corners)
    pairs = [lanes.closing(block, s) for block in range(half.size) for s in range(SIDES)]
    for block in range(half.size):
        for _, other in half.neighbours(block):
            pairs.extend(lanes.lane_pair(block, other))
    neighbours = [set(grid.neighbour_cells(c)) for c in range(grid.size)]
    return lanes if all(b in neighbours[a] for a, b in pairs) else None


def lane_kinds() -> list[str]:
    """The grid kinds that take ``unicursal=1`` (asked of a small grid of each kind)."""
    return [kind for kind, cls in GRIDS.items() if lanes_for(cls(4, 4)) is not None]


def refusal(grid: Grid, perfect: bool, braid: int) -> str | None:
    """Why ``unicursal=1`` cannot run here, in one line; None when it can."""
    if not perfect:
        return "unicursal=1 needs a perfect maze (one way between any two cells); this algorithm makes loops"
    if braid:
        return "unicursal=1 and braid cannot go together: braid opens loops, the labyrinth is one path"
    if lanes_for(grid) is None:
        kinds = " or ".join(lane_kinds())
        shape = f"{grid.width}x{grid.height} {grid.kind}" + (" with a mask" if grid.mask is not None else "")
        return f"unicursal=1 needs an even width and height on a whole {kinds} grid, not {shape}"
    return None


def unicursal(func: Generator, grid: Grid, rng: random.Random, values: Mapping[str, Any]) -> EventStream:
    """Make the maze at half size (nobody watches it), then lay its doubled lanes on ``grid``
    corridor by corridor outward from the entrance, then close each block's lane ends."""
    lanes = lanes_for(grid)
    assert lanes is not None, "checked before the run (refusal)"
    half = lanes.half
    tree = Maze(half).fold(expand(func(half, rng, show=False, **values)))
    yield (PHASE, -1, -1, UNICURSAL_PHASE)
    corridors = [[] for _ in range(half.size)]  # type: list[list[int]]
    order = breadth_first(half, tree, corridors)
    for block, other in order:
        for a, b in lanes.lane_pair(block, other):
            yield (CARVE, a, b, grid.direction_between(a, b))
    cut = lanes.closing(0, 0)
    for block in [0, *[other for _, other in order]]:
        for s in range(SIDES):
            if s not in {lanes.side(block, o) for o in corridors[block]} and (block, s) != (0, 0):
                a, b = lanes.closing(block, s)
                yield (CARVE, a, b, grid.direction_between(a, b))
    yield (WALL, cut[0], cut[1], grid.direction_between(*cut))


def breadth_first(half: Grid, tree: Maze, corridors: list[list[int]]) -> list[tuple[int, int]]:
    """The tree's corridors outward from the entrance block, each as (nearer block, further one);
    ``corridors`` gets each block's neighbours along corridors."""
    seen = bytearray(half.size)
    seen[0] = 1
    todo = deque([0])
    order = []
    while todo:
        block = todo.popleft()
        for d, other in half.neighbours(block):
            if tree.is_open(block, d):
                corridors[block].append(other)
                if not seen[other]:
                    seen[other] = 1
                    order.append((block, other))
                    todo.append(other)
    return order


class UnicursalNarrator(Narrator):
    """The corridors doubled so far and the blocks whose lane ends are closed."""

    code = Code(
        maze="make a perfect maze at half the width and height",
        loop="for each corridor, outward from the entrance:",
        lanes="  lay two lanes side by side: one out, one back",
        blocks="for each 2 x 2 block, on each side no corridor leaves:",
        close="  join the two lane ends there: the path turns round",
        cut="keep one wall by the entrance closed: one path",
    )

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.lanes = lanes_for(grid)
        self.corridors = self.blocks = 0
        self.block = -1

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A corridor's two lanes are one step, and a block's closed sides one."""
        if previous is None or event[0] != CARVE or previous[0] != CARVE or self.lanes is None:
            return True
        if self.closes(event):
            return not self.closes(previous) or self.lanes.block_of(event[1]) != self.block
        return self.closes(previous) or self._second is False

    _second = False
    """True after a corridor's first lane: the next lane is the one back beside it."""

    def closes(self, event: Event) -> bool:
        """True for a passage inside one block (a lane end closed), not between two."""
        return self.lanes is not None and self.lanes.block_of(event[1]) == self.lanes.block_of(event[2])

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        self.phase = str(value)
        w, h = self.grid.width // 2, self.grid.height // 2
        return Told(self.code.maze, f"The perfect maze is made at half size, {w} x {h} blocks; now double "
                                    "every corridor into an out-and-back lane, one path through every cell")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if self.closes((CARVE, cell, other, value)):
            assert self.lanes is not None
            block = self.lanes.block_of(cell)
            if block != self.block:
                self.blocks += 1
                self.block = block
            return Told(self.code.close, f"No corridor leaves this block between {self.name(cell)} and "
                                         f"{self.name(other)}: join the lane ends there; "
                                         f"{plural(self.blocks, 'block')} closed{self.this_step(cell, 'joined')}")
        self.block = -1
        if not self._second:
            self._second = True
            self.corridors += 1
            return Told(self.code.lanes, f"Corridor {self.corridors:,}: the lane out runs from {self.name(cell)} "
                                         f"{self.direction(value)} to {self.name(other)}")
        self._second = False
        return Told(self.code.lanes, f"And the lane back beside it, {self.name(cell)} to {self.name(other)}; "
                                     f"{plural(self.corridors, 'corridor')} doubled")

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        return Told(self.code.cut, f"The wall between {self.name(cell)} and {self.name(other)} stays: the loop "
                                   "round every lane is one path, both its ends at the entrance")

    def data(self) -> list[tuple[str, str]]:
        total = self.grid.width // 2 * (self.grid.height // 2)
        return [("Corridors", f"{self.corridors:,} of {max(total - 1, 0):,} doubled"),
                ("Blocks", f"{self.blocks:,} of {total:,} closed")]
