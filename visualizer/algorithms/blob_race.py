"""Blobby division's splits in bulk: every region of one depth split at once by a race.

Each cell of a growing half waits a random time, exponential with mean 1, before it claims its
free neighbours, so a half reaches a cell along the path of least total wait: numpy runs that race
(delta-stepping shortest paths, ``_race``) for every region of a depth at once, then finds every
seam and door of the depth in bulk. Every random number is a hash of the run's key, the depth and
a cell, a wall or a region's number in its depth (``hashed_keys``), and the shown split reads these
very splits, so it makes the very same walls.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from ..grids import Grid

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

SEED_KEYS, WAITS, DOOR_KEYS = 0, 1, 2
"""The three kinds of random number of a split: the seeds (two a region), how long each cell
waits, which wall of the seam is the door (the wall of smallest key)."""
_MASK = (1 << 64) - 1


def depth_salt(key: int, depth: int, stream: int) -> int:
    """One 64-bit number per (run, depth of the split, kind of draw)."""
    return _mix_int((key + 0x9E3779B97F4A7C15 * (1 + 3 * depth + stream)) & _MASK)


def _mix_int(x: int) -> int:
    """splitmix64's finaliser on a Python int (the salt; cells are mixed by ``hashed_keys``)."""
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def hashed_keys(salt: int, index: np.ndarray) -> np.ndarray:
    """A random 64-bit key per index (splitmix64 of index and salt): the same key for the same
    index whether it is drawn with the rest of its depth or alone."""
    x = (index.astype(np.uint64) + np.uint64(1)) * np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(salt)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def claim_waits(salt: int, cells: np.ndarray) -> np.ndarray:
    """Each cell's wait before it claims its neighbours: exponential, mean 1."""
    uniform = ((hashed_keys(salt, cells) >> np.uint64(11)).astype(np.float64) + 0.5) * (1.0 / 9007199254740992.0)
    return -np.log(uniform)


class Depth(NamedTuple):
    """One depth of the split, all its regions at once (see ``_divide_quiet``)."""

    cells: np.ndarray
    """Each place's cell."""
    starts: np.ndarray
    region: np.ndarray
    """Each place's region."""
    claim: np.ndarray
    """Each cell's claim (by cell, not by place: what the race wrote)."""
    owner: np.ndarray
    """Each place's half."""
    seed_a: np.ndarray
    seed_b: np.ndarray
    walls: tuple[np.ndarray, ...]
    """``_walls_but_doors``'s columns: region, claim of the cell in half A, it, the cell in half B,
    the direction."""
    doors: np.ndarray
    """Each region's door: its cell in half A."""
    pairs: np.ndarray
    """Each region's halves' regions at the next depth (-1: a single cell)."""


def depths(grid: Grid, key: int) -> Iterator[Depth]:
    """Every region of one depth split at once, depth after depth.

    The race (``_race``) runs on the grid's own neighbour table, ``live``, every neighbour outside
    a cell's region cut (``grid.size``: a cell that is never better off, its claim -inf), so the
    table is never written out again. The cells are kept in *places* besides: each region of the
    depth holds a run of consecutive places (``starts`` where each begins), in the order of its
    cells, so the seeds, seams and doors are found region by region in one pass each, and a cell
    that is a region of its own leaves. After the race come the seams (``_seams``), the cut
    between the halves and the next depth's places (``_next_places``), the halves of two cells or
    more. (Rewriting the table in the new places every depth, to read it in order, cost a
    quarter of the time at 1000 x 1000, and the race read it no faster.)"""
    size = grid.size
    live = grid.neighbour_array()
    live[live < 0] = size
    cells = np.arange(size, dtype=np.int64)
    starts = np.array([0, size], dtype=np.int64)
    numbers = np.zeros(1, dtype=np.int64)
    depth = 0
    while len(cells):
        region = np.repeat(np.arange(len(starts) - 1), np.diff(starts))
        claim = np.full(size + 1, np.inf)
        claim[size] = -np.inf
        owner = np.zeros(size + 1, dtype=np.int8)
        owner[size] = 2
        seed_a, seed_b = _seeds(depth_salt(key, depth, SEED_KEYS), starts, numbers)
        seeds = cells.take(np.concatenate((seed_a, seed_b)))
        claim[seeds] = 0.0
        owner[seeds[len(seed_a):]] = 1
        wait = _waits(depth_salt(key, depth, WAITS), cells, size)
        _race(live, claim, owner, wait, seeds)
        side = owner.take(cells)
        at, source, target, way = _seams(live, cells, side, owner)
        walls, doors = _walls_but_doors(at, source, target, way, region, claim, depth_salt(key, depth, DOOR_KEYS),
                                        live.shape[1])
        _cut(live, source, target, way)
        old_cells, old_starts = cells, starts
        cells, starts, numbers, pairs = _next_places(cells, starts, numbers, side)
        yield Depth(old_cells, old_starts, region, claim, side, seed_a, seed_b, walls, doors, pairs)
        depth += 1


def _waits(salt: int, cells: np.ndarray, size: int) -> np.ndarray:
    """Each cell's wait (``claim_waits``) by cell, read only at ``cells``: worked out for every
    cell while they are most of the grid (in order, no scatter), else for ``cells`` alone."""
    if 2 * len(cells) > size:
        return claim_waits(salt, np.arange(size + 1))
    wait = np.empty(size + 1)
    wait[cells] = claim_waits(salt, cells)
    return wait


def _seeds(salt: int, starts: np.ndarray, numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each region's two seeds, two different places drawn at random from its own (region
    number i's from the hashes of 2i and 2i + 1): a few numbers a region, not a key a cell, and
    the shown split, which reads these very splits, plants the same."""
    first, sizes = starts[:-1], np.diff(starts)
    draws = hashed_keys(salt, np.column_stack((2 * numbers, 2 * numbers + 1)))
    a = draws[:, 0] % sizes.astype(np.uint64)
    b = draws[:, 1] % np.maximum(sizes - 1, 1).astype(np.uint64)
    b += b >= a  # the other places but a's, each as likely
    return first + a.astype(np.int64), first + b.astype(np.int64)


def _race(live: np.ndarray, claim: np.ndarray, owner: np.ndarray, wait: np.ndarray, now: np.ndarray) -> None:
    """Claim times (shortest total wait from either seed) and owners, in bulk: ``claim`` holds 0
    at the seeds (``now``) and infinity elsewhere in the regions when it starts.

    Delta-stepping: the cells whose claim improved to below a rising bar pass theirs on at once,
    round after round, until none is left below it; the rest wait in ``later`` (looked at once a
    bar, not once a round) until the bar rises past them. Most cells pass theirs on once
    (passing every improvement on at once, Bellman-Ford, passed each one's on a dozen times).
    A cell improved twice waits twice in ``later``, and is passed on once (``_once``)."""
    directions = live.shape[1]
    latest = np.zeros(len(claim), dtype=np.int64)
    bar, start, side, later = STEP, claim.take(now), owner.take(now), []
    while True:  # the methods, not np.take and np.compress: a round is many short calls
        for round_ in itertools.count():  # a bar's first round, then while enough places are below it
            if not len(now) or (round_ and len(now) < FEW):
                break
            leave = start + wait.take(now)
            target = live.take(now, axis=0)
            better = (claim.take(target) > leave[:, None]).ravel().nonzero()[0]
            source = better // directions
            target, reach = target.take(better), leave.take(source)
            np.minimum.at(claim, target, reach)
            won = (reach == claim.take(target)).nonzero()[0]
            target, reach, gain = target.take(won), reach.take(won), side.take(source.take(won))
            owner[target] = gain
            soon = reach < bar
            later.append(target.compress(~soon))
            now, start, side = target.compress(soon), reach.compress(soon), gain.compress(soon)
        rest = np.concatenate(later)
        times = claim.take(rest)
        waiting = times >= bar  # the others were passed on below the bar already (or are in now)
        rest, times = rest.compress(waiting), times.compress(waiting)
        if not len(rest) and not len(now):
            return
        bar = max(bar, float(times.min()) if len(rest) else bar) + STEP
        soon = times < bar
        now, later = _once(np.concatenate((now, rest.compress(soon))), latest), [rest.compress(~soon)]
        start, side = claim.take(now), owner.take(now)


STEP = 3.0
"""How far the bar of ``_race`` rises at a time, in mean waits."""
FEW = 128
"""Fewer cells than this below the bar wait for the next bar's round, where they join the
cells the bar lets through (a round is many calls; each one's cost is most of a short round)."""


def _once(places: np.ndarray, latest: np.ndarray) -> np.ndarray:
    """``places`` without repeats (each at its last place); ``latest`` is scratch, an entry a place."""
    order = np.arange(len(places))
    latest[places] = order
    return np.compress(np.take(latest, places) == order, places)


def _seams(live: np.ndarray, cells: np.ndarray, side: np.ndarray,
           owner: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every wall between the halves of the depth's regions, as (place in half A, its cell, the
    cell in half B, direction from A) columns, in the order of the places in half A (``side``:
    each place's half; ``owner``: each cell's)."""
    directions = live.shape[1]
    half_a = np.flatnonzero(side == 0)
    rows = live.take(cells.take(half_a), axis=0).ravel()
    seam = np.flatnonzero(owner.take(rows) == 1)
    at = half_a.take(seam // directions)
    return at, cells.take(at), rows.take(seam), seam % directions


def _walls_but_doors(at: np.ndarray, source: np.ndarray, target: np.ndarray, way: np.ndarray, region: np.ndarray,
                     claim: np.ndarray, salt: int, directions: int) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """Every wall of the seams but their doors (the wall of smallest key), as columns: region,
    claim of the cell in half A, that cell, the cell in half B, the direction; and each region's
    door cell in half A (every region of two cells or more has a seam: it is connected). ``at``
    holds each seam's place in half A, ``source`` its cell."""
    keys = hashed_keys(salt, source * directions + way)
    regions = region.take(at)  # in order: the seams come in the order of their places
    if not len(regions):
        return (regions, claim.take(source), source, target, way), np.zeros(0, dtype=np.int64)
    first = np.flatnonzero(np.diff(regions, prepend=-1))
    least = np.minimum.reduceat(keys, first)
    door = keys == np.repeat(least, np.diff(first, append=len(keys)))
    wall = np.flatnonzero(~door)
    doors = np.zeros(int(region[-1]) + 1, dtype=np.int64)
    doors[regions[door]] = source[door]
    source = source.take(wall)
    return (regions.take(wall), claim.take(source), source, target.take(wall), way.take(wall)), doors


def _cut(live: np.ndarray, source: np.ndarray, target: np.ndarray, way: np.ndarray) -> None:
    """Cut the seams out of ``live`` both ways (doors too: the halves grow apart from now on), as
    flat indices (a pair of index arrays costs numpy twice as much a wall)."""
    places, directions = live.shape
    back = (live.take(target, axis=0) == source[:, None]).argmax(axis=1)
    flat = live.reshape(-1)
    flat[source * directions + way] = places
    flat[target * directions + back] = places


def _next_places(cells: np.ndarray, starts: np.ndarray, numbers: np.ndarray,
                 side: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The next depth's places: every region's half A, region after region, then every region's
    half B (``side``: each place's), each in the order its places held, the halves of one cell
    left out: two compressions, where interleaving each region's halves cost a dozen passes.
    Returns the cells in the new places, the new regions' starts, their numbers and each
    region's two halves' new regions (-1 for a single cell). A region's number (``numbers``) is
    what its seeds are drawn from: the regions' halves numbered one after the other in the order
    of their regions' numbers, as if each region's halves lay side by side, so the mazes do not
    depend on the layout."""
    in_b = side.view(np.bool_)
    sizes_b = np.add.reduceat(side, starts[:-1], dtype=np.int64)
    sizes = np.column_stack((np.diff(starts) - sizes_b, sizes_b))
    big = sizes >= 2
    by_number = np.empty_like(big)
    by_number[numbers] = big
    number = (by_number.ravel().cumsum().reshape(-1, 2) - 1).take(numbers, axis=0)
    half_a, half_b = cells.compress(~in_b), cells.compress(in_b)
    kept = (half_a.compress(np.repeat(big[:, 0], sizes[:, 0])), half_b.compress(np.repeat(big[:, 1], sizes[:, 1])))
    kept_sizes = np.concatenate((sizes[:, 0].compress(big[:, 0]), sizes[:, 1].compress(big[:, 1])))
    pairs = np.where(big, big.cumsum(axis=0) - 1, -1)
    pairs[:, 1] += np.where(big[:, 1], int(big[:, 0].sum()), 0)
    numbers = np.concatenate((number[:, 0].compress(big[:, 0]), number[:, 1].compress(big[:, 1])))
    return np.concatenate(kept), np.concatenate(([0], kept_sizes.cumsum())), numbers, pairs
