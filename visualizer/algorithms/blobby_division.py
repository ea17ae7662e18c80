"""Blobby division: recursive division by growing two blobs instead of drawing a straight wall.

Two random seed cells of a region grow into it at random until they share it; the boundary between
the two blobs becomes a wall with one gap; each blob is divided the same way until all are single
cells. Walls follow organic curves, and it works on any grid, hexagons included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.narration import Code, Narrator, Told, plural
from ..grids import Grid
from .base import Algorithm

OPEN_FIELD, WALL, SET, CURRENT, CHAMBER = Kind.OPEN_FIELD, Kind.WALL, Kind.SET, Kind.CURRENT, Kind.CHAMBER


def blobby_division(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Split each region in two by random growth from two seeds, then wall the seam but one gap.

    Shown, each split names its chamber, every cell as it joins a half and the door. Unshown
    (``show=False``) only the walls are said, and a leaner split makes them from the same random
    numbers. Each is a generator of its own, so an event passes through one frame.
    """
    divide = _divide_shown if show else _divide_quiet
    return divide(grid, rng)


def _divide_shown(grid: Grid, rng: random.Random) -> EventStream:
    """Every split as the window shows it, with a label per half (the SET events' values)."""
    neighbours = grid.neighbours
    rnd = rng.random
    label = [0] * grid.size
    next_label = 1
    yield (OPEN_FIELD, -1, -1, -1)
    regions = [list(range(grid.size))]
    while regions:
        region = regions.pop()
        if len(region) < 2:
            continue
        yield (CHAMBER, region[0], -1, len(region))
        old = label[region[0]]
        i = int(rnd() * len(region))
        j = int(rnd() * (len(region) - 1))
        j += j >= i
        seeds = (region[i], region[j])
        halves: tuple[list[int], list[int]] = ([], [])
        frontier = []
        for side, seed in enumerate(seeds):
            label[seed] = next_label + side
            halves[side].append(seed)
            frontier.append(seed)
            yield (SET, seed, -1, next_label + side)
        while frontier:
            k = int(rnd() * len(frontier))
            frontier[k], frontier[-1] = frontier[-1], frontier[k]
            cell = frontier.pop()
            mine = label[cell]
            for _, nb in neighbours(cell):
                if label[nb] == old:
                    label[nb] = mine
                    halves[mine - next_label].append(nb)
                    frontier.append(nb)
                    yield (SET, nb, -1, mine)
        seam = [(c, nb, d) for c in halves[0] for d, nb in neighbours(c) if label[nb] == next_label + 1]
        gap = int(rnd() * len(seam))
        yield (CURRENT, seam[gap][0], -1, -1)  # the doorway the new wall keeps
        for k, (c, nb, d) in enumerate(seam):
            if k != gap:
                yield (WALL, c, nb, d)
        next_label += 2
        regions.extend(halves)


def _divide_quiet(grid: Grid, rng: random.Random) -> EventStream:
    """The shown splits' walls, in the same order from the same random numbers.

    The grid's own neighbour filter does the work the shown split does neighbour by neighbour:
    ``taken``, a byte per cell that is 0 only for the cells of the region being split that no half
    holds yet, picks the cells a half may grow into (``_grow``); set to 0 for half B alone, it
    picks the walls of the seam (``_seam``), and half B, the region split next, is 0 already.
    """
    rnd = rng.random
    yield (OPEN_FIELD, -1, -1, -1)
    taken = bytearray(b"\x01") * grid.size
    regions = [list(range(grid.size))]
    free: list[int] | None = None
    """The region whose cells are 0 in ``taken`` already: the half B a split left (taken next)."""
    while regions:
        region = regions.pop()
        if region is not free:
            for cell in region:
                taken[cell] = 0
        if len(region) < 2:
            for cell in region:
                taken[cell] = 1
            continue
        halves = _grow(grid, rnd, region, taken)
        walls = _seam(grid, halves, taken)
        del walls[int(rnd() * len(walls))]  # the door
        yield from walls
        regions.extend(halves)
        free = halves[1]


def _grow(grid: Grid, rnd: Callable[[], float], region: list[int], taken: bytearray) -> tuple[list[int], list[int]]:
    """Split ``region`` into two halves grown from two random seeds, as the shown split does; each
    half lists its cells in the order they joined it.

    ``taken`` is 0 for the region's cells and only for them when it starts (non-zero after); a
    region cell stays 0 until a half takes it, then 1 for half A and 2 for half B (the byte says
    which half a cell grows)."""
    free_neighbours = grid.free_neighbours
    i = int(rnd() * len(region))
    j = int(rnd() * (len(region) - 1))
    j += j >= i
    seed_a, seed_b = region[i], region[j]
    taken[seed_a], taken[seed_b] = 1, 2
    half_a, half_b = [seed_a], [seed_b]
    join_a, join_b = half_a.append, half_b.append
    frontier = [seed_a, seed_b]
    push, pop = frontier.append, frontier.pop
    while frontier:
        k = int(rnd() * len(frontier))
        cell = frontier[k]  # take it out, the last cell filling its place (as the shown split swaps)
        frontier[k] = frontier[-1]
        pop()
        fresh = free_neighbours(cell, taken)
        if fresh:
            mine = taken[cell]
            join = join_a if mine == 1 else join_b
            for _, nb in fresh:
                taken[nb] = mine
                join(nb)
                push(nb)
    return half_a, half_b


def _seam(grid: Grid, halves: tuple[list[int], list[int]], taken: bytearray) -> list[Event]:
    """A WALL event for each wall between half A and half B, in A's order then direction order,
    the shown split's order. ``taken`` is non-zero for every cell before; after, half B's cells
    are 0 (half B is the region split next) and every other cell non-zero."""
    free_neighbours = grid.free_neighbours
    half_a, half_b = halves
    for cell in half_b:
        taken[cell] = 0
    return [(WALL, cell, nb, d) for cell in half_a for d, nb in free_neighbours(cell, taken)]


class BlobbyDivisionNarrator(Narrator):
    """The region being split, its two halves as they grow, the seam and its door."""

    code = Code(
        open="open every wall: all cells are one region",
        loop="while regions of 2 or more cells wait:",
        take="  take the region pushed last",
        seed="  plant two seeds in it at random",
        grow="  grow both halves at random, cell by cell",
        seam="  the seam: the walls between the two halves",
        door="  keep one wall of the seam open: the door",
        build="  build the rest of the seam",
        push="  push both halves as regions",
    )
    follows = frozenset({int(SET), int(CURRENT), int(WALL)})
    legend = {"set": "the two growing halves", "current": "the door in the new wall"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.label = [0] * grid.size
        """Each cell's half, from the SET events (the generator's labels)."""
        self.first = 1
        """The label of half A of the region being split; half B has the next one."""
        self.sizes = [0, 0]
        self.half_a: list[int] = []
        self.region = 0
        self.waiting: list[int] = []
        """The sizes of the regions pushed and not taken up yet (single cells included)."""
        self.walls_left = 0
        self.built = 0
        """Walls built of the line (or seam) being built."""
        self.walls = 0

    def tell_open_field(self, cell: int, other: int, value: int) -> Told:
        self.waiting = [self.grid.size]
        return Told(self.code.open,
                    f"Every wall is opened: all {plural(self.grid.size, 'cell')} are one region, to be split "
                    "in two again and again")

    def tell_chamber(self, cell: int, other: int, value: int) -> Told:
        while self.waiting and self.waiting[-1] < 2:  # single cells are skipped without an event
            self.waiting.pop()
        if self.waiting:
            self.waiting.pop()
        self.region = value
        self.sizes = [0, 0]
        self.half_a = []
        return Told(self.code.take,
                    f"Take the region of {plural(value, 'cell')} holding {self.name(cell)}: it will be split "
                    f"in two; {self._waiting()}")

    def _waiting(self) -> str:
        count = sum(1 for size in self.waiting if size > 1)
        return f"{plural(count, 'region')} {'waits' if count == 1 else 'wait'}" if count else "no other region waits"

    def tell_set(self, cell: int, other: int, value: int) -> Told:
        if not any(self.sizes):
            self.first = value
        side = value - self.first
        self.label[cell] = value
        self.sizes[side] += 1
        if not side:
            self.half_a.append(cell)
        half = "AB"[side]
        if self.sizes[side] == 1:
            seeds = f"seed of half A at {self.name(self.half_a[0])}, " if side and self.half_a else ""
            return Told(self.code.seed,
                        f"Seed of half {half} planted at {self.name(cell)}, picked at random in the region"
                        + (f" ({seeds}of half B at {self.name(cell)})" if seeds else ""))
        return Told(self.code.grow,
                    f"{self.name(cell)} joins half {half}, grown from a neighbour in it; A has "
                    f"{plural(self.sizes[0], 'cell')}, B has {plural(self.sizes[1], 'cell')}, "
                    f"{sum(self.sizes):,} placed this step")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        seam = self._seam()
        self.walls_left = seam - 1
        self.built = 0
        if seam == 1:
            self.waiting.extend(self.sizes)
            return Told(self.code.door,
                        f"The seam between the halves is a single wall, at {self.name(cell)}: it stays open as "
                        "the door, so nothing is built; both halves wait to be split")
        return Told(self.code.door,
                    f"The halves meet along {plural(seam, 'wall')}; the door stays open at a wall of "
                    f"{self.name(cell)}, so the two halves stay joined")

    def _seam(self) -> int:
        """How many walls lie between half A and half B (the generator lists them the same way)."""
        b, label = self.first + 1, self.label
        return sum(1 for c in self.half_a for _, nb in self.grid.neighbours(c) if label[nb] == b)

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        self.walls += 1
        self.walls_left -= 1
        self.built += 1
        told = (f"Wall built between {self.name(cell)} in half A and {self.name(other)} in half B, "
                f"wall {self.built} of the seam")
        if self.walls_left > 0:
            return Told(self.code.build, f"{told}; {plural(self.walls_left, 'wall')} of the seam to go")
        self.waiting.extend(self.sizes)
        return Told(self.code.push,
                    f"{told}: the seam is closed but for the door, so push both halves, of "
                    f"{self.sizes[0]:,} and {self.sizes[1]:,} cells, as regions to split")

    def data(self) -> list[tuple[str, str]]:
        return [("Region", plural(self.region, "cell")),
                ("Half A", plural(self.sizes[0], "cell")),
                ("Half B", plural(self.sizes[1], "cell")),
                ("Regions waiting", f"{sum(1 for size in self.waiting if size > 1):,}"),
                ("Walls built", f"{self.walls:,}")]


ALGORITHM = Algorithm(
    name="blobby_division",
    func=blobby_division,
    description="Blobby division: two seeds grow to split each region; organic walls, any grid.",
    narrator=BlobbyDivisionNarrator,
)
