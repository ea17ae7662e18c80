"""Kruskal's: knock down walls in random order, but only between cells of different sets.

Every cell starts as its own set. Each opened wall merges two sets into one coloured island, and
the smaller island is repainted in the larger one's colour, so you watch islands grow and join. A wall
between two cells of the same set would close a loop, so it stays.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from itertools import repeat
from typing import TYPE_CHECKING, Any

from ..core.events import Event, EventStream, Kind
from ..core.graph import spanning_forest
from ..core.narration import Annotation, Code, Narrator, Shape, Told, Tone, plural
from ..grids import Grid
from .base import Algorithm
from .bulk_random import shuffled_positions

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE, SET, SETS, REJECT = Kind.CARVE, Kind.SET, Kind.SETS, Kind.REJECT
PACK_FROM = 8
"""A repaint of this many cells or more comes as one SETS run (fewer: as SET events, which cost
less than making the run's array)."""
CARVES_AT_ONCE = 1 << 16
"""Carves of the bulk spanning tree turned into Python ints at a time."""
BULK_JOIN_FROM = 2048
"""Grids of this many cells or more find their quiet spanning tree in bulk (numpy's set-up costs
more than a loop on the lab's tiny boards)."""


def kruskal(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Random edge order with union by size; members of the absorbed set are recoloured. Stops
    when one set is left (every later wall would be kept); ``show`` says so for each kept wall.
    Unshown (``show=False``), the same carves without the recolouring, found in bulk on large grids."""
    join = _join_shown if show else _join_quiet
    return join(grid, rng)


def _walls_in_random_order(grid: Grid, rng: random.Random) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every wall once, as columns ``(a, b, d)`` with ``a < b``, in a random order.

    The order is the list of walls by ``a`` then direction (as ``grid.neighbours`` gives them)
    shuffled by ``rng`` (``bulk_random.shuffled_positions``: the same draws as ``rng.shuffle``).
    The columns are made after the shuffle, so the loops read them in memory order (a shuffled
    list of tuples is read all over the memory)."""
    dtype = np.int32 if grid.size < 2**31 else np.int64
    count = int(np.count_nonzero(grid.neighbour_array(dtype) > np.arange(grid.size, dtype=dtype)[:, None]))
    pick = shuffled_positions(rng, count)  # with no table alive: the shuffle's peak is the run's peak
    table = grid.neighbour_array(dtype)
    walls = np.flatnonzero((table > np.arange(grid.size, dtype=dtype)[:, None]).ravel())[pick]
    del pick
    cells = (walls // grid.directions).astype(table.dtype)  # C ints: 2000 x 2000 is 8 million walls
    return cells, table.ravel()[walls], (walls % grid.directions).astype(np.int8)


def _join_shown(grid: Grid, rng: random.Random) -> EventStream:
    """Each set keeps a list of its cells, so a merge can recolour the smaller set's cells. Most
    of the stream is SET events (four a cell at 500 x 500), so the loop is kept lean: no length
    or merge count looked at twice, a wall kept costs two lookups and a yield; a repaint of
    PACK_FROM cells or more (most SET events) is said as one SETS run."""
    edges = zip(*(column.tolist() for column in _walls_in_random_order(grid, rng)))
    if grid.size == 1:
        yield (CARVE, 0, -1, -1)
        return
    set_of = list(range(grid.size))
    members = [[c] for c in range(grid.size)]
    merges_left = grid.size - 1
    for a, b, d in edges:
        sa, sb = set_of[a], set_of[b]
        if sa == sb:
            yield (REJECT, a, b, d)
            continue
        kept, absorbed = members[sa], members[sb]
        if len(kept) < len(absorbed):
            sa, sb, kept, absorbed = sb, sa, absorbed, kept
        yield (CARVE, a, b, d)
        if len(kept) == 1:  # a lone cell (its set is named after it) gets its colour when it first joins
            yield (SET, sa, -1, sa)
        if len(absorbed) < PACK_FROM:
            for cell in absorbed:
                set_of[cell] = sa
                yield (SET, cell, -1, sa)
        else:
            for cell in absorbed:
                set_of[cell] = sa
            yield _set_run(absorbed, sa)
        kept += absorbed
        members[sb] = []
        merges_left -= 1
        if not merges_left:
            return


def _set_run(cells: list[int], value: int) -> Event:
    """One SETS event: ``cells`` join set ``value``, in order."""
    rows = np.empty((len(cells), 3), dtype=np.int64)
    rows[:, 0] = cells
    rows[:, 1] = -1
    rows[:, 2] = value
    return (SETS, -1, -1, rows)  # type: ignore[return-value]


def _join_quiet(grid: Grid, rng: random.Random) -> EventStream:
    """The same walls carved in the same order, without recolouring: on large grids the spanning
    tree is found in bulk (``graph.spanning_forest``: with each wall weighted by its place in the
    shuffled list, Kruskal's choice is the one minimum spanning forest), on small ones by a
    union-find loop."""
    a, b, d = _walls_in_random_order(grid, rng)
    if grid.size == 1:
        yield (CARVE, 0, -1, -1)
    if grid.size < BULK_JOIN_FROM:
        yield from _union_find_carves(grid.size, zip(a.tolist(), b.tolist(), d.tolist()))
        return
    kept = np.flatnonzero(spanning_forest(a, b, grid.size))
    for start in range(0, len(kept), CARVES_AT_ONCE):  # a chunk at a time: 4 million carves as Python
        part = kept[start:start + CARVES_AT_ONCE]          # ints at once would be 400 MB
        yield from zip(repeat(CARVE), a[part].tolist(), b[part].tolist(), d[part].tolist())


def _union_find_carves(size: int, edges: Iterator[tuple[int, int, int]]) -> EventStream:
    """Kruskal's loop with a union-find (union by size, path halving): no member lists and no
    relabelling, so time linear in the cells. Which sets two cells are in is all a decision
    reads, so the choices match the shown run whichever root a merge keeps."""
    parent = list(range(size))
    weight = [1] * size
    merges_left = size - 1
    for a, b, d in edges:
        if not merges_left:
            break
        ra, up = a, parent[a]
        while up != ra:  # path halving: each cell on the way up now points to its grandparent
            top = parent[up]
            parent[ra] = top
            ra, up = top, parent[top]
        rb, up = b, parent[b]
        while up != rb:
            top = parent[up]
            parent[rb] = top
            rb, up = top, parent[top]
        if ra == rb:
            continue
        if weight[ra] < weight[rb]:
            ra, rb = rb, ra
        parent[rb] = ra
        weight[ra] += weight[rb]
        merges_left -= 1
        yield (CARVE, a, b, d)


class KruskalNarrator(Narrator):
    """Union-find as the events show it: which set each cell is in, and how big each set is."""

    code = Code(
        sets="put every cell in a set of its own",
        loop="for each wall, in a random order:",
        sides="  a, b = the cells on either side of it",
        apart="  if a and b are in different sets:",
        remove="    remove the wall: a passage from a to b",
        merge="    merge the sets: relabel the smaller one",
        otherwise="  else:",
        keep="    keep the wall: a passage would close a loop",
        stop="  stop when a single set is left",
    )
    follows = frozenset({int(SET)})
    legend = {"set": "a set: cells already joined", "unvisited": "a set of one cell: no passage yet"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.set_of: dict[int, int] = {}
        self.size: dict[int, int] = {}
        self.sets = grid.size
        self.looked = 0
        self.merging: tuple[int, int] = (0, 0)
        self.kept: tuple[int, int] | None = None
        """The wall just looked at and kept (crossed out on the board until the next step)."""

    def set_id(self, cell: int) -> int:
        return self.set_of.get(cell, cell)

    def set_size(self, set_id: int) -> int:
        return self.size.get(set_id, 1)

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            return Told(self.code.sets, f"A single cell, {self.name(cell)}: it is the whole maze")
        self.looked += 1
        self.kept = None
        sa, sb = self.set_id(cell), self.set_id(other)
        keep, absorbed = (sa, sb) if self.set_size(sa) >= self.set_size(sb) else (sb, sa)
        self.merging = (self.set_size(keep), self.set_size(absorbed))
        self.size[keep] = self.set_size(keep) + self.set_size(absorbed)
        self.size.pop(absorbed, None)
        self.sets -= 1
        return Told(self.code.remove,
                    f"Wall between {self.name(cell)} and {self.name(other)} removed: they were in different "
                    f"sets, {keep} ({plural(self.merging[0], 'cell')}) and {absorbed} "
                    f"({plural(self.merging[1], 'cell')}); {plural(self.sets, 'set')} left")

    def tell_set(self, cell: int, other: int, value: int) -> Told:
        self.set_of[cell] = value
        if cell == value and self.merging[0] == 1:
            return Told(self.code.merge, f"{self.name(cell)} was a set of one, set {value}: it keeps its label, "
                                         f"now shown in set {value}'s colour")
        moved = self.so_far(cell)
        if self.merging[0] == 1:  # a set of one kept its label: its cell was not moved (and the sets are tiny)
            moved = [c for c in moved if c != value]
        return Told(self.code.merge,
                    f"Relabelled to set {value}, the larger set's label: {self.together(moved)} "
                    f"({len(moved):,} of {plural(self.merging[1], 'cell')} from the smaller set); "
                    f"set {value} has {plural(self.set_size(value), 'cell')} now")

    def tell_reject(self, cell: int, other: int, value: int) -> Told:
        self.looked += 1
        self.kept = (cell, other)
        return Told(self.code.keep,
                    f"Wall between {self.name(cell)} and {self.name(other)} kept: both cells are already in "
                    f"set {self.set_id(cell)}, a passage would make a loop")

    def annotations(self) -> list[Annotation]:
        return [Annotation(Shape.WALL, self.kept, Tone.REJECTED)] if self.kept else []

    def data(self) -> list[tuple[str, str]]:
        rows = [("Sets", f"{self.sets:,} (from {self.grid.size:,} single cells)"),
                ("Walls looked at", f"{self.looked:,}")]
        if self.merging != (0, 0):
            rows.append(("Last merge", f"{self.merging[0]:,} + {self.merging[1]:,} cells"))
        return rows


ALGORITHM = Algorithm(
    name="kruskal",
    func=kruskal,
    description="Kruskal's: random walls fall between different sets; islands merge (union-find).",
    narrator=KruskalNarrator,
)
