"""Blobby division: recursive division by growing two blobs instead of drawing a straight wall.

Two random seed cells of a region grow into it at random until they share it; the boundary between
the two blobs becomes a wall with one gap; each blob is divided the same way until all are single
cells. Walls follow organic curves, and it works on any grid, hexagons included.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.events import Event, EventStream, Kind
from ..core.narration import Code, Narrator, Told, plural
from ..grids import Grid
from .base import Algorithm
from .blob_race import Depth
from .blob_race import depths as split_depths

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

OPEN_FIELD, WALL, WALLS, SET, CURRENT, CHAMBER, MIXED = (Kind.OPEN_FIELD, Kind.WALL, Kind.WALLS, Kind.SET,
                                                         Kind.CURRENT, Kind.CHAMBER, Kind.MIXED)


def blobby_division(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Split each region in two by random growth from two seeds, then wall the seam but one gap.

    Each cell of the growing halves waits a random time (``Exp(1)``) before it claims its free
    neighbours, so a half reaches a cell along the path of least total wait: a shortest-path
    race that numpy runs for every region of one depth at once (``_divide_quiet``). Picking a
    random frontier cell each step, as this generator did before, grows halves with exactly
    these odds (the next of several exponential waits to end is a uniformly random one), so the
    mazes are as likely as before; from a given seed they differ. Every random choice is a
    function of the split's depth and a cell, a wall or a region (``hashed_keys``), and the shown
    split, which goes region by region, reads the same splits, so it makes the very same walls.
    Shown, each split names its chamber, every cell as it joins a half (in the order it joins)
    and the door; unshown only the walls are said.
    """
    key = rng.getrandbits(64)
    divide = _divide_shown if show else _divide_quiet
    return divide(grid, key)


def _divide_shown(grid: Grid, key: int) -> EventStream:
    """Region by region, as the window shows it, with a label per half (the SET events' values):
    a region, then all of its half B, then all of its half A (the preorder of the tree of splits);
    each half's cells said in the order they join it (earliest claim first, then half A, then the
    lower cell: the order a heap of claims pops them).

    The splits are the quiet ones (``split_depths``), each depth cut down to what the shown stream says
    of it (``_Level``) and worked out when the first region of that depth is reached (with the
    depths after it while they are small, WORK): the regions before it in preorder are all of
    depths worked out, so their places are known (``_known``). Their
    events are laid out in numpy a table of REGIONS regions at a time (``_table``) and said as
    MIXED runs of CHUNK rows (``_said``): every consumer counts and folds a run as its single
    events, and the maze takes a run's walls in bulk. Said region by region in Python, a quarter
    of a million regions at 500 x 500 cost more than working out the splits; said as single
    events (a SETS run per large region, the rest one tuple each), folding them was 2.4 - 2.8x the
    quiet split; worked out all at once before the second region, the depths froze the window for
    seconds."""
    yield (OPEN_FIELD, -1, -1, -1)
    if grid.size < 2:
        return
    depths, said = split_depths(grid, key), 0
    levels: list[_Level] = []
    while not levels or len(levels[-1].next_firsts):  # (none: the last depth's halves are single cells)
        _work_out(depths, levels)
        places, reached = _known([level.pairs for level in levels])
        for table in _tables(levels, places, said, reached):
            yield from _said(table)
        said = reached


def _work_out(depths: Iterator[Depth], levels: list[_Level]) -> None:
    """Work out the next depth of ``depths`` into ``levels``, and the depths after it while they
    hold WORK places in all."""
    work = 0
    while not work or (len(levels[-1].next_firsts) and work + len(levels[-1].cells) <= WORK):
        firsts = levels[-1].next_firsts if levels else np.zeros(1, dtype=np.int64)
        levels.append(_Level(next(depths), firsts))
        work += len(levels[-1].cells)


def _known(children: list[np.ndarray]) -> tuple[list[np.ndarray], int]:
    """The places in preorder of the regions of the depths worked out (``children``), and how
    many regions come before the first of the next depth: the places below that are right (the
    next depth's regions count as UNKNOWN regions each, which pushes every place after them up)."""
    places = _preorder(children, leaf=0, unknown=UNKNOWN)
    pairs, here = children[-1], places[-1]
    parents = (pairs >= 0).any(axis=1)
    reached = int(here[parents].min()) + 1 if parents.any() else int(sum(map(len, places)))
    return places, reached


UNKNOWN = 1 << 40
"""The count of regions a region of a depth not worked out yet stands for in ``_known``: more
than any grid has, few enough that the places stay in int64."""
WORK = 1 << 18
"""Depths are worked out ahead while they hold this many places in all (the next one holds no
more than the last): a deep depth is small, and each go costs ``_known`` over every depth."""
REGIONS = 1 << 13
"""Regions whose events ``_tables`` lays out at a time (about 45,000 events at 1000 x 1000)."""


def _tables(levels: list[_Level], places: list[np.ndarray], start: int, stop: int) -> Iterator[_Table]:
    """The tables of the regions of places ``start`` to ``stop`` (each depth's in order of place),
    REGIONS at a time, each one laid out as it is reached."""
    chosen = []
    for place in places:
        regions = ((place >= start) & (place < stop)).nonzero()[0]
        regions = regions.take(np.argsort(place.take(regions)))
        chosen.append((regions, place.take(regions)))
    for at in range(start, stop, REGIONS):
        parts = []
        for depth, (regions, place) in enumerate(chosen):
            first, last = np.searchsorted(place, (at, at + REGIONS)).tolist()
            if first < last:
                parts.append((depth, levels[depth], regions[first:last], place[first:last]))
        yield _table(parts, at)


class _Level:
    """One depth's splits as the shown split says them, region by region in the order of their
    places: the cells in the order they join their halves (``_claim_order``) and each one's half;
    per region its size, first cell (its CHAMBER's: the seed its half grew from), door, walls (in
    half A's order of claims, then by cell and direction) and its halves' regions at the next depth."""

    def __init__(self, split: Depth, firsts: np.ndarray) -> None:
        order = _claim_order(split)
        self.cells = split.cells.take(order).astype(np.int32)
        self.sides = split.owner.take(order).astype(np.int8)
        self.starts, self.sizes = split.starts, np.diff(split.starts)
        self.firsts, self.doors, self.pairs = firsts, split.doors, split.pairs
        regions, claimed, source, target, way = split.walls
        walls = _by_claim(regions, claimed)
        self.walls = (np.bincount(regions, minlength=len(self.sizes)), source.take(walls), target.take(walls),
                      way.take(walls))
        """Per region how many walls, then each wall's cell in half A, cell in half B, direction."""
        self.wall_starts = np.cumsum(self.walls[0]) - self.walls[0]
        seeds = np.column_stack((split.cells.take(split.seed_a), split.cells.take(split.seed_b)))
        kept = split.pairs >= 0
        self.next_firsts = np.zeros(int(split.pairs.max(initial=-1)) + 1, dtype=np.int64)
        self.next_firsts[split.pairs[kept]] = seeds[kept]
        """The next depth's regions' first cells (the seeds of this depth's halves)."""


def _claim_order(split: Depth) -> np.ndarray:
    """The depth's places by region, claim, half (A first), then cell: the order the shown split
    says them in. One stable sort of a 64-bit key: the region, the claim's top bits (a float that
    is not negative sorts as its bits do) and the half; a region's places hold its cells in
    order (``_next_places`` keeps it), so stable sorting leaves cells of one claim and half in
    order (a cell claims its neighbours at one time: a third of the places share a claim). Places
    whose region and claim's top bits tie with different claims are sorted again by the full keys."""
    claim, owner, region = split.claim.take(split.cells), split.owner, split.region
    shift = max(int(len(split.starts) - 2).bit_length(), 1)
    key = region.astype(np.uint64) << np.uint64(64 - shift)
    key |= (claim.view(np.uint64) >> np.uint64(shift)) << np.uint64(1)
    key |= owner.astype(np.uint64)
    order = np.argsort(key, kind="stable")
    ranked, claims = key.take(order) >> np.uint64(1), claim.take(order)  # (the half left out)
    tie = ranked[1:] == ranked[:-1]
    cut = tie & (claims[1:] != claims[:-1])
    if cut.any():  # rare: claims this close
        run = np.cumsum(np.append(True, ~tie))  # each run of equal regions and claims' number, from 1
        redo = np.isin(run, run[1:][cut])
        at = redo.nonzero()[0]
        some = order.take(at)
        order[at] = some.take(np.lexsort((split.cells.take(some), owner.take(some), claim.take(some),
                                          region.take(some))))
    return order


class _Table(NamedTuple):
    """Regions' events in the order they are said, as columns."""

    kinds: np.ndarray
    cells: np.ndarray
    others: np.ndarray
    values: np.ndarray


def _table(parts: list[tuple[int, _Level, np.ndarray, np.ndarray]], first: int) -> _Table:
    """The events of the regions of ``parts`` (depth, level, regions of it, their places in the
    preorder of the regions said, from ``first`` on: a region's half A's label is 1 + twice its
    place), region after region in order of place: its CHAMBER, its cells joining their halves
    (a SET each), the CURRENT of its door and its walls."""
    length = np.zeros(max(int(place[-1]) for *_, place in parts) + 1 - first, dtype=np.int64)
    for _, level, regions, place in parts:
        length[place - first] = 2 + level.sizes.take(regions) + level.walls[0].take(regions)
    offset = np.cumsum(length) - length
    total = int(length.sum())
    table = _Table(np.zeros(total, dtype=np.int64), np.zeros(total, dtype=np.int64),
                   np.full(total, -1, dtype=np.int64), np.full(total, -1, dtype=np.int64))
    for _, level, regions, place in parts:
        _lay_out(table, level, regions, offset.take(place - first), 1 + 2 * place)
    return table


def _spans(starts: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The entries of the runs of ``sizes`` entries from ``starts``, one after another, and each
    one's run."""
    run = np.repeat(np.arange(len(sizes)), sizes)
    ends = np.cumsum(sizes)
    return (starts - ends + sizes).take(run) + np.arange(int(ends[-1]) if len(ends) else 0), run


def _lay_out(table: _Table, level: _Level, regions: np.ndarray, at: np.ndarray, labels: np.ndarray) -> None:
    """Write the events of ``level``'s ``regions`` into ``table``, each region's from row ``at``."""
    sizes, starts = level.sizes.take(regions), level.starts.take(regions)
    table.kinds[at], table.cells[at], table.values[at] = CHAMBER, level.firsts.take(regions), sizes
    cells, region = _spans(starts, sizes)  # a SET event a cell
    rows = at.take(region) + 1 + cells - starts.take(region)
    table.kinds[rows], table.cells[rows] = SET, level.cells.take(cells)
    table.values[rows] = labels.take(region) + level.sides.take(cells)
    door = at + 1 + sizes
    table.kinds[door], table.cells[door] = CURRENT, level.doors.take(regions)
    count, source, target, way = level.walls
    count = count.take(regions)
    walls, region = _spans(level.wall_starts.take(regions), count)
    rows = door.take(region) + 1 + walls - level.wall_starts.take(regions).take(region)
    table.kinds[rows], table.cells[rows] = WALL, source.take(walls)
    table.others[rows], table.values[rows] = target.take(walls), way.take(walls)


def _said(table: _Table) -> Iterator[Event]:
    """``table``'s events as MIXED runs of CHUNK rows each."""
    rows = np.column_stack(table)
    for at in range(0, len(rows), CHUNK):
        yield (MIXED, -1, -1, rows[at:at + CHUNK])  # type: ignore[misc]


CHUNK = 1 << 15
"""Rows of a MIXED run (``_said``): a window cuts a run where its frame's events end."""


def _divide_quiet(grid: Grid, key: int) -> EventStream:
    """The shown splits' walls, every region of one depth split at once (``split_depths``), said at
    the end in the shown order (``_shown_order``) as one packed run."""
    yield (OPEN_FIELD, -1, -1, -1)
    if grid.size < 2:
        return
    walls, children = [], []
    for split in split_depths(grid, key):
        walls.append(split.walls)
        children.append(split.pairs)
    rows = _shown_order(walls, children)
    if len(rows):
        yield (WALLS, -1, -1, rows)  # type: ignore[misc]


def _shown_order(walls: list[tuple[np.ndarray, ...]], children: list[np.ndarray]) -> np.ndarray:
    """Every depth's walls as ``(cell, other, direction)`` rows in the order the shown split says
    them: region by region as it takes them up (a region, then all of its half B, then all of its
    half A: the preorder of the tree of splits), each seam in half A's order of claims (a cell
    claims its neighbours at one time: the lower cell first, as the shown split's heap takes
    them), then by direction."""
    places = _preorder(children)
    regions = np.concatenate([places[depth].take(wall[0]) for depth, wall in enumerate(walls)])
    rows = np.concatenate([np.column_stack(wall[2:]) for wall in walls])
    return rows.take(_by_claim(regions, np.concatenate([wall[1] for wall in walls])), axis=0)


def _by_claim(regions: np.ndarray, claims: np.ndarray) -> np.ndarray:
    """The order of walls by region, then claim, the rest as they come (a depth's seams come by
    cell, then direction: ``split_depths``): one stable sort of a 64-bit key, the region and the
    claim's top bits (a float that is not negative sorts as its bits do); walls whose keys tie
    with different claims are sorted again by the full claim (four keys at once cost twice as much)."""
    shift = max(int(regions.max(initial=0)).bit_length(), 1)
    key = regions.astype(np.uint64) << np.uint64(64 - shift)
    key |= claims.view(np.uint64) >> np.uint64(shift)
    order = np.argsort(key, kind="stable")
    ranked, close = key.take(order), claims.take(order)
    tie = ranked[1:] == ranked[:-1]
    cut = tie & (close[1:] != close[:-1])
    if cut.any():  # rare: claims this close
        run = np.cumsum(np.append(True, ~tie))
        at = np.isin(run, run[1:][cut]).nonzero()[0]
        some = order.take(at)
        order[at] = some.take(np.lexsort((some, claims.take(some), run.take(at))))  # each run apart
    return order


def _preorder(children: list[np.ndarray], leaf: int = 1, unknown: int = 0) -> list[np.ndarray]:
    """Each depth's regions' places in the shown order. ``children[depth]`` has a row per region:
    its half A's and half B's region at the next depth, -1 for a single cell (a leaf), which takes
    ``leaf`` places (0: the places count the regions said before, as the shown split's labels do);
    a region of the depth after the last takes ``unknown`` places (it is not worked out yet)."""
    nodes = [np.zeros(0, dtype=np.int64)] * len(children)
    below = np.zeros(0, dtype=np.int64)
    for depth in range(len(children) - 1, -1, -1):  # how many regions each subtree holds
        pairs = children[depth]
        sizes = np.where(pairs >= 0, below[np.maximum(pairs, 0)] if len(below) else unknown, leaf)
        nodes[depth] = below = 1 + sizes.sum(axis=1)
    places = [np.zeros(1, dtype=np.int64)]
    for depth, pairs in enumerate(children[:-1]):
        here = places[-1]
        after = np.zeros(len(nodes[depth + 1]), dtype=np.int64)
        half_a, half_b = pairs[:, 0], pairs[:, 1]
        b_size = np.where(half_b >= 0, nodes[depth + 1][np.maximum(half_b, 0)], leaf)
        after[half_b[half_b >= 0]] = (here + 1)[half_b >= 0]
        after[half_a[half_a >= 0]] = (here + 1 + b_size)[half_a >= 0]
        places.append(after)
    return places


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
