"""Kruskal's: knock down walls in random order, but only between cells of different sets.

Every cell starts as its own set. Each opened wall merges two sets into one coloured island, and
the smaller island is repainted in the larger one's colour, so you watch islands grow and join. A wall
between two cells of the same set would close a loop, so it stays.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from itertools import chain, islice, repeat
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

CARVE, SET, SETS, REJECT, REJECTS = Kind.CARVE, Kind.SET, Kind.SETS, Kind.REJECT, Kind.REJECTS
PACK_FROM = 8
"""A repaint of this many cells or more comes as one SETS run, a stretch of this many rejected
walls or more as one REJECTS run (fewer: as single events, which cost the window less than a run)."""
MERGES_AT_ONCE = 4096
"""Merges whose events the shown stream lays out at a time: their single events' fields wait as
Python lists, which every full garbage collection walks (with 65,536 the stream took 10 - 40% longer)."""
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


def _join_shown(grid: Grid, rng: random.Random) -> EventStream:
    """The shown stream: its blocks' events one after another (nothing is drawn or worked out
    before the first event is asked for, as in a loop)."""
    yield from chain.from_iterable(_shown_blocks(grid, rng))


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


def _shown_blocks(grid: Grid, rng: random.Random) -> Iterator[Iterable[Event]]:
    """Kruskal's loop as it shows, worked out in bulk: the walls carved are the quiet path's
    spanning forest (the same shuffle), every wall between two carves was rejected, and each merge's
    labels and repaint come from a union-find replayed over the carves alone (:func:`_merges`,
    :func:`_member_order`). The events are laid out in numpy a block of merges at a time."""
    a, b, d = _walls_in_random_order(grid, rng)
    if grid.size == 1:
        yield ((CARVE, 0, -1, -1),)
        return
    carved = np.flatnonzero(spanning_forest(a, b, grid.size))
    if not len(carved):
        return
    end = carved[-1] + 1 if len(carved) == grid.size - 1 else len(a)  # one set left: later walls unseen
    rejected = np.diff(np.append(carved, end)) - 1
    """Walls rejected after each carve, before the next (the first wall is always carved)."""
    label, absorbed = _merges(a[carved], b[carved], grid.size)
    up = np.arange(grid.size)
    up[absorbed] = label
    kept_size, absorbed_size = _set_sizes(up, label, absorbed)
    start, order = _member_order(up, absorbed, kept_size)
    for first in range(0, len(carved), MERGES_AT_ONCE):
        block = slice(first, first + MERGES_AT_ONCE)
        where = carved[block]
        lo, hi = int(where[0]), int(where[-1] + rejected[block][-1] + 1)
        walls = np.stack((a[lo:hi], b[lo:hi], d[lo:hi]), axis=1).astype(np.int64)
        which, offset = _spread(absorbed_size[block])
        repaint = order[start[absorbed[block]][which] + offset]
        yield _block_events(walls, where - lo, rejected[block], kept_size[block] == 1, label[block],
                            absorbed_size[block], repaint)


def _merges(a: np.ndarray, b: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Union by size (path halving) over the carves ``a[i] - b[i]``, each of which joins two sets:
    for each merge the kept set's label (the larger set's root; a tie keeps ``a``'s) and the
    absorbed one's. A set's label is its root, as in the loop. A carve that is the first for both
    its cells joins two sets of one: nothing before it touched them, so those are joined in bulk
    first and the Python loop does the others (about 70% of them)."""
    index = np.arange(len(a))
    first = np.full(size, len(a))
    np.minimum.at(first, a, index)
    np.minimum.at(first, b, index)
    lone = (first[a] == index) & (first[b] == index)
    parent = np.full(size, -1)  # a root holds minus its set's size
    parent[a[lone]], parent[b[lone]] = -2, a[lone]
    label, absorbed = a.astype(np.int64), b.astype(np.int64)
    label[~lone], absorbed[~lone] = _union_by_size(parent.tolist(), a[~lone].tolist(), b[~lone].tolist())
    return label, absorbed


def _union_by_size(parent: list[int], a: list[int], b: list[int]) -> tuple[list[int], list[int]]:
    """The kept and absorbed roots of each join ``a[i] - b[i]``; ``parent`` holds a cell's parent,
    or minus its set's size for a root."""
    kept: list[int] = []
    absorbed: list[int] = []
    keep, absorb = kept.append, absorbed.append
    for ra, rb in zip(a, b):
        up = parent[ra]
        while up >= 0:  # path halving: each cell on the way up now points to its grandparent
            top = parent[up]
            if top < 0:
                ra = up
                break
            parent[ra] = top
            ra, up = top, parent[top]
        up = parent[rb]
        while up >= 0:
            top = parent[up]
            if top < 0:
                rb = up
                break
            parent[rb] = top
            rb, up = top, parent[top]
        wa, wb = parent[ra], parent[rb]
        if wa > wb:  # a's set is the smaller (sizes are negated)
            ra, rb = rb, ra
        parent[ra] = wa + wb
        parent[rb] = ra
        keep(ra)
        absorb(rb)
    return kept, absorbed


def _set_sizes(up: np.ndarray, label: np.ndarray, absorbed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each merge's kept and absorbed set sizes, from the merges' tree (``up``: the label that
    absorbed each label, a finished set's label itself). A label stops growing once absorbed, so
    its set then is all the labels below it; the kept set has, besides its label, what the merges
    before with the same kept label brought."""
    below = np.ones(len(up), dtype=np.int64)
    node = np.flatnonzero(up != np.arange(len(up)))
    while len(node):  # each label counted in each label above it: at most log2(n) steps up
        node = up[node]
        below += np.bincount(node, minlength=len(up))
        node = node[up[node] != node]
    absorbed_size = below[absorbed]
    by_label = np.argsort(label, kind="stable")
    brought = np.cumsum(absorbed_size[by_label]) - absorbed_size[by_label]
    starts = np.ones(len(label), dtype=bool)
    starts[1:] = label[by_label][1:] != label[by_label][:-1]
    kept_size = np.empty_like(absorbed_size)
    kept_size[by_label] = 1 + brought - np.maximum.accumulate(np.where(starts, brought, 0))
    return kept_size, absorbed_size


def _member_order(up: np.ndarray, absorbed: np.ndarray, kept_size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each set's members stand in the finished sets' member lists (a merge appends the
    absorbed set's list to the kept one's, so every set ever made is one stretch of them): each
    label's first place (``start``) and the cells in that order (``order``). A set absorbed at a
    merge starts where the kept set does plus the kept set's size, so ``start`` is a sum of those
    offsets up its chain of merges (pointer doubling: the chains are at most log2(n) long)."""
    size = len(up)
    start = np.zeros(size, dtype=np.int64)
    start[absorbed] = kept_size
    while True:  # a root points at itself with offset 0: adding its offset again changes nothing
        higher = up[up]
        if np.array_equal(higher, up):
            break
        start += start[up]
        up = higher
    sizes = np.bincount(up, minlength=size)
    start += (np.cumsum(sizes) - sizes)[up]  # each finished set apart from the others (a grid in pieces)
    order = np.empty(size, dtype=np.int64)
    order[start] = np.arange(size)
    return start, order


def _block_events(walls: np.ndarray, carves: np.ndarray, rejected: np.ndarray, lone: np.ndarray,
                  label: np.ndarray, absorbed: np.ndarray, repaint: np.ndarray) -> Iterator[Event]:
    """The events of a block of merges, in the order the loop said them: for merge ``i`` the carve
    of wall ``walls[carves[i]]``, a SET of a lone kept cell (``lone[i]``) to its own label, the
    repaint of the ``absorbed[i]`` cells next in ``repaint`` to ``label[i]`` (one SETS run from
    PACK_FROM cells), then the ``rejected[i]`` walls after it (one REJECTS run from PACK_FROM).
    The single events are made by one ``zip`` of columns; the runs are views of two arrays."""
    repaint_rows = np.empty((len(repaint), 3), dtype=np.int64)
    repaint_rows[:, 0], repaint_rows[:, 1], repaint_rows[:, 2] = repaint, -1, np.repeat(label, absorbed)
    set_singles = np.where(absorbed < PACK_FROM, absorbed, 0)
    reject_singles = np.where(rejected < PACK_FROM, rejected, 0)
    head = 1 + lone.astype(np.int64)
    sizes = head + set_singles + reject_singles
    at = np.cumsum(sizes) - sizes
    kind = np.full(int(at[-1] + sizes[-1]), int(SET), dtype=np.int8)
    cell, value = np.empty(len(kind), dtype=np.int64), np.empty(len(kind), dtype=np.int64)
    other = np.full(len(kind), -1, dtype=np.int64)
    kind[at] = CARVE
    cell[at], other[at], value[at] = walls[carves].T
    cell[at[lone] + 1] = value[at[lone] + 1] = label[lone]
    which, offset = _spread(set_singles)
    place = at[which] + head[which] + offset
    cell[place] = repaint[(np.cumsum(absorbed) - absorbed)[which] + offset]
    value[place] = label[which]
    which, offset = _spread(reject_singles)
    place = at[which] + head[which] + set_singles[which] + offset
    kind[place] = REJECT
    cell[place], other[place], value[place] = walls[carves[which] + 1 + offset].T
    singles = zip(_kinds()[kind].tolist(), cell.tolist(), other.tolist(), value.tolist())
    return _with_runs(singles, at, head, set_singles, absorbed, rejected, carves, walls, repaint_rows)


@cache
def _kinds() -> np.ndarray:
    """Each kind's member at its number: ``_kinds()[column].tolist()`` names a column's kinds at C
    speed (a dict lookup an event took twice as long)."""
    kinds = np.empty(max(Kind) + 1, dtype=object)
    for kind in Kind:
        kinds[kind] = kind
    return kinds


def _spread(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For ``counts[i]`` things per merge ``i``: each thing's merge and its place among them."""
    which = np.repeat(np.arange(len(counts)), counts)
    return which, np.arange(len(which)) - (np.cumsum(counts) - counts)[which]


def _with_runs(singles: Iterator[Event], at: np.ndarray, head: np.ndarray, set_singles: np.ndarray,
               absorbed: np.ndarray, rejected: np.ndarray, carves: np.ndarray, walls: np.ndarray,
               repaint_rows: np.ndarray) -> Iterator[Event]:
    """The single events with the packed runs put back in their places: a merge's SETS run after
    its carve (and lone SET), its REJECTS run after its repaint. A chain of slices of ``singles``,
    not a generator: an event handed up through one more generator costs a tenth of a microsecond."""
    long_sets = np.flatnonzero(absorbed >= PACK_FROM)
    long_rejects = np.flatnonzero(rejected >= PACK_FROM)
    places = np.concatenate((at[long_sets] + head[long_sets], at[long_rejects] + head[long_rejects]
                             + set_singles[long_rejects]))
    ends = np.cumsum(absorbed)
    runs = [(SETS, -1, -1, repaint_rows[end - count:end]) for end, count
            in zip(ends[long_sets].tolist(), absorbed[long_sets].tolist())]
    runs += [(REJECTS, -1, -1, walls[start + 1:start + 1 + count]) for start, count
             in zip(carves[long_rejects].tolist(), rejected[long_rejects].tolist())]
    order = np.argsort(np.concatenate((2 * long_sets, 2 * long_rejects + 1)), kind="stable")
    pieces: list[Iterable[Event]] = []
    said = 0
    for place, index in zip(places[order].tolist(), order.tolist()):
        pieces += (islice(singles, place - said), (runs[index],))
        said = place
    pieces.append(singles)
    return chain.from_iterable(pieces)


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
