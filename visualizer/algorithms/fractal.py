"""Fractal (tessellation) mazes, after Walter Pullen's Think Labyrinth: a maze copied 2 x 2 and
joined, again and again.

A small random tile is carved depth-first in the top-left corner. Then, until the maze fills the
grid, it is copied to its right, below it and diagonally, and walls on the seams between the four
copies are opened (in a random order, each kept only when it joins two copies still apart: three
doors when the copies are whole) so the four trees become one. Each copy is one step; each door
one step. Sizes that are not the tile times a power of two cut the last copies off at the grid's
edge; a cut copy may fall into pieces, and more doors join those. The result is a spanning tree
whose repeated pattern shows at every scale.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.narration import Annotation, Code, Narrator, Shape, Told, plural
from ..grids import Grid, SquareGrid
from .backtracker import backtracker
from .base import Algorithm, Param

CARVE, CARVES, CONNECT, CHAMBER, PHASE, BACKTRACK = (
    Kind.CARVE, Kind.CARVES, Kind.CONNECT, Kind.CHAMBER, Kind.PHASE, Kind.BACKTRACK)
EAST, SOUTH = SquareGrid.E, SquareGrid.S
TILE, COPY = "tile", "copy"
Edge = tuple[int, int, int, int, int]
"""A passage as coordinates: ``(x, y, other x, other y, direction)``."""


def sizes(width: int, height: int, tile: int) -> list[tuple[int, int]]:
    """The maze's size after each doubling, from the tile to the whole grid (halving up)."""
    out = [(width, height)]
    while out[-1][0] > tile or out[-1][1] > tile:
        w, h = out[-1]
        out.append(((w + 1) // 2, (h + 1) // 2))
    return out[::-1]


def fractal(grid: Grid, rng: random.Random, *, tile: int = 2, show: bool = True) -> EventStream:
    """The tile, then at each size three copies of the maze so far and the doors joining them."""
    steps = sizes(grid.width, grid.height, tile)
    edges: list[Edge] = []
    yield (PHASE, -1, -1, TILE)
    yield from carve_tile(grid, rng, *steps[0], edges, show)
    if len(steps) > 1:
        yield (PHASE, -1, -1, COPY)
    for (pw, ph), (cw, ch) in zip(steps, steps[1:]):
        copies = [(ox, oy) for oy in (0, ph)[:1 + (ch > ph)] for ox in (0, pw)[:1 + (cw > pw)] if ox or oy]
        grown = list(edges)
        for ox, oy in copies:
            yield from copy_maze(grid, edges, ox, oy, min(pw, cw - ox), min(ph, ch - oy), grown, show)
        yield from join(grid, rng, grown, pw, ph, cw, ch)
        edges = grown


def carve_tile(grid: Grid, rng: random.Random, w: int, h: int, edges: list[Edge], show: bool) -> EventStream:
    """A depth-first maze in the top-left ``w`` x ``h`` cells (the backtracker, fenced in)."""
    fence = bytearray(b"\x01" * grid.size)
    for y in range(h):
        fence[grid.cell(0, y):grid.cell(w, y)] = bytes(w)
    start = grid.cell(int(rng.random() * w), int(rng.random() * h))
    if show:
        yield (CHAMBER, grid.cell(0, 0), grid.cell(w - 1, h - 1), -1)
    for event in backtracker(grid, rng, start=start, visited=fence, show=show):
        rows = event[3].tolist() if event[0] == CARVES else [event[1:]] if event[0] == CARVE else []  # type: ignore[union-attr]
        for a, b, d in rows:
            if b >= 0:
                edges.append((*grid.coords(a), *grid.coords(b), int(d)))
        yield event


def copy_maze(grid: Grid, edges: list[Edge], ox: int, oy: int, w: int, h: int, grown: list[Edge],
              show: bool) -> Iterator[Event]:
    """The passages of the maze so far, shifted by (``ox``, ``oy``) and cut to ``w`` x ``h``; a cell
    the cut leaves without a passage is opened alone (a door will join it)."""
    cell = grid.cell
    if show:
        yield (CHAMBER, cell(ox, oy), cell(ox + w - 1, oy + h - 1), -1)
    touched: set[int] = set()
    for x, y, bx, by, d in edges:
        if x < w and y < h and bx < w and by < h:
            a, b = cell(x + ox, y + oy), cell(bx + ox, by + oy)
            touched.update((a, b))
            grown.append((x + ox, y + oy, bx + ox, by + oy, d))
            yield (CARVE, a, b, d)
    for y in range(oy, oy + h):
        for x in range(ox, ox + w):
            if cell(x, y) not in touched:
                yield (CARVE, cell(x, y), -1, -1)


def join(grid: Grid, rng: random.Random, grown: list[Edge], pw: int, ph: int, cw: int,
         ch: int) -> Iterator[Event]:
    """Doors between the copies until the ``cw`` x ``ch`` maze is one tree: the seam walls in a
    random order first, then (when a cut copy fell apart) any wall between two pieces."""
    parent = list(range(cw * ch))

    def find(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for x, y, bx, by, _ in grown:
        parent[find(y * cw + x)] = find(by * cw + bx)
    pieces = cw * ch - len(grown)
    walls = [(x, y, x + 1, y, EAST) for y in range(ch) for x in range(cw - 1)]
    walls += [(x, y, x, y + 1, SOUTH) for y in range(ch - 1) for x in range(cw)]
    seams = [w for w in walls if (w[0] < pw <= w[2]) or (w[1] < ph <= w[3])]
    rest = [w for w in walls if not (w[0] < pw <= w[2]) and not (w[1] < ph <= w[3])]
    rng.shuffle(seams)
    rng.shuffle(rest)
    for wall in seams + rest:
        if pieces <= 1:
            return
        x, y, bx, by, d = wall
        ra, rb = find(y * cw + x), find(by * cw + bx)
        if ra == rb:
            continue
        parent[ra] = rb
        pieces -= 1
        grown.append(wall)
        yield (CONNECT, grid.cell(x, y), grid.cell(bx, by), d)


class FractalNarrator(Narrator):
    """The size of the maze so far, the copy being laid down, the doors between copies."""

    code = Code(
        tile="carve a small random tile, depth-first",
        loop="while the maze is smaller than the grid:",
        copy="  copy it to the right, below and diagonally (2 x 2)",
        cut="  cut a copy off where it passes the grid's edge",
        door="  open seam walls that join two copies still apart",
    )
    phases = (TILE, COPY)
    legend = {"connector": "a door between copies", "unvisited": "not carved or copied yet",
              "current": "where the tile's walk is"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.box: tuple[int, int] | None = None
        self.maze = (0, 0)
        self.before = (0, 0)
        """The maze's size when this doubling began: what a whole copy measures."""
        self.new_level = True
        self.copies = 0
        self.doors = 0
        self.stack = 0

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A copy (its box, then every passage it lays down) is one step; in the tile every
        carve and back-up is its own."""
        return previous is None or not (event[0] == CARVE and self.phase == COPY)

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        told = super().tell_phase(cell, other, value)
        if self.phase == TILE:
            return Told(self.code.tile, f"{told.sentence}, a small maze to copy")
        return Told(self.code.loop, f"{told.sentence}: the tile is carved; now copy it 2 x 2 and join, "
                                    "again and again")

    def tell_chamber(self, cell: int, other: int, value: int) -> Told:
        self.box = (cell, other)
        (x, y), (bx, by) = self.grid.coords(cell), self.grid.coords(other)
        w, h = bx - x + 1, by - y + 1
        if self.phase == TILE:
            self.maze = (w, h)
            return Told(self.code.tile, f"The tile is {w} x {h} cells in the top-left corner")
        if self.new_level:
            self.before, self.new_level = self.maze, False
        self.maze = (max(self.maze[0], x + w), max(self.maze[1], y + h))
        self.copies += 1
        line = self.code.copy if (w, h) == self.before else self.code.cut
        return Told(line, f"Copy the {self.before[0]} x {self.before[1]} maze so far into {self.name(cell)} to "
                          f"{self.name(other)}, {w} x {h} cells; copy {self.copies:,} in all")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if self.phase == TILE:
            self.stack += 1
            if other < 0:
                return Told(self.code.tile, f"Start the tile at {self.name(cell)}")
            return Told(self.code.tile, f"Carve {self.direction(value)} from {self.name(cell)} into "
                                        f"{self.name(other)}, a cell of the tile not seen yet")
        if other < 0:
            return Told(self.code.cut, f"{self.name(cell)} lost its passages where the copy was cut: "
                                       f"a door will join it{self.this_step(cell, 'laid down')}")
        return Told(self.code.copy, f"Lay down the copied passage {self.name(cell)} to {self.name(other)}"
                                    f"{self.this_step(cell, 'laid down')}")

    def tell_backtrack(self, cell: int, other: int, value: int) -> Told:
        self.stack = max(0, self.stack - 1)
        where = f"back at {self.name(other)}" if other >= 0 else "the tile is done"
        return Told(self.code.tile, f"{self.name(cell)} has no unseen neighbour in the tile: back up; {where}")

    def tell_connect(self, cell: int, other: int, value: int) -> Told:
        self.doors += 1
        self.new_level = True
        return Told(self.code.door, f"Open the seam wall between {self.name(cell)} and {self.name(other)}: "
                                    f"two copies apart until now become one tree; {plural(self.doors, 'door')} "
                                    "so far")

    def data(self) -> list[tuple[str, str]]:
        w, h = self.maze
        return [("Maze so far", f"{w} x {h} of {self.grid.width} x {self.grid.height} cells"),
                ("Copies", f"{self.copies:,}"), ("Doors", f"{self.doors:,}")]

    def annotations(self) -> list[Annotation]:
        """A box around the tile or the copy laid down last."""
        return [Annotation(Shape.BOX, self.box)] if self.box is not None else []


ALGORITHM = Algorithm(
    name="fractal",
    func=fractal,
    description="Fractal: a small maze copied 2 x 2 and joined by doors, again and again (Think Labyrinth).",
    params=(Param("tile", 2, "side of the first tile in cells, the pattern every copy repeats",
                  minimum=1, maximum=64),),
    grids=(SquareGrid.kind,),  # copies rows and columns
    on_masks=False,
    phases=(TILE, COPY),
    narrator=FractalNarrator,
)
