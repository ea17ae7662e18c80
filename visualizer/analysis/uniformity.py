"""The uniformity lab's model: every perfect maze of a tiny grid, and how often an algorithm makes each.

A perfect maze is a spanning tree of the grid's graph. On a grid of a dozen cells there are few
enough of them (192 on a 3 x 3 square) to list them all, generate thousands of mazes, count how
often each tree comes up and ask a chi-square test whether the counts look like a fair die with one
face per tree. Wilson's and Aldous-Broder's algorithms pass; the backtracker and the binary tree
do not.

Pure: no pygame. numpy is imported inside the functions that need it, so the command line starts
fast; the p-value comes from ``chi_square`` (no scipy needed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..algorithms import ALGORITHMS, Algorithm, get_algorithm
from ..core.maze import Maze
from ..grids import Grid
from ..plugins.checker import refuse_stopped
from .chi_square import chi_square_p

MAX_CELLS = 12
"""The largest grid the lab enumerates: 3 x 4 squares has 2,415 trees, 4 x 4 already 100,352."""
MAX_TREES = 3000
"""The most spanning trees the lab lists (and counts per algorithm)."""
MAX_PICTURED = 400
"""The most trees the window shows, one thumbnail each (hex 2x4's 377 at about 30 pixels a picture)."""
DEFAULT_ALGORITHMS = ("wilson", "aldous_broder", "backtracker", "binary_tree")
"""Two uniform samplers and two famously biased ones."""
UNIFORM_P = 0.01
"""A p-value at or above this reads "looks uniform"; below it, "biased"."""
MIN_EXPECTED = 5
"""Below this many expected samples per tree the chi-square p-value is only a rough guide."""

Edge = tuple[int, int]
"""An open passage as ``(cell, neighbour)`` with ``cell < neighbour``."""
Tree = tuple[Edge, ...]
"""A spanning tree (a perfect maze) as its sorted edges: the canonical key of a maze."""


# --- the trees of a tiny grid ------------------------------------------------------------------

def grid_edges(grid: Grid) -> list[Edge]:
    """Every pair of neighbouring cells once, sorted."""
    return sorted((cell, nb) for cell in range(grid.size) for _, nb in grid.neighbours(cell) if cell < nb)


def kirchhoff_count(grid: Grid) -> int:
    """The number of spanning trees by the matrix-tree theorem (the reduced Laplacian's determinant),
    so a grid can be refused before it is enumerated."""
    import numpy as np

    n = grid.size
    laplacian = np.zeros((n, n))
    for a, b in grid_edges(grid):
        laplacian[a, b] = laplacian[b, a] = -1
        laplacian[a, a] += 1
        laplacian[b, b] += 1
    return round(float(np.linalg.det(laplacian[1:, 1:]))) if n > 1 else 1


def board_name(grid: Grid) -> str:
    """How messages name a grid: "square 3x3"."""
    return f"{grid.kind} {grid.width}x{grid.height}"


def check_tiny(grid: Grid) -> int:
    """Refuse grids too big to enumerate, or with a single maze; returns the tree count."""
    if grid.size > MAX_CELLS:
        raise ValueError(f"the lab lists every maze of a tiny grid: at most {MAX_CELLS} cells, "
                         f"{board_name(grid)} has {grid.size}")
    count = kirchhoff_count(grid)
    if count > MAX_TREES:
        raise ValueError(f"{board_name(grid)} has {count:,} spanning trees; the lab lists at most {MAX_TREES:,} "
                         f"(try square 3x3 or hex 3x2)")
    if count < 2:
        raise ValueError(f"{board_name(grid)} has only one maze, so every algorithm makes it; "
                         f"try 2x2 or larger")
    return count


def spanning_trees(grid: Grid) -> list[Tree]:
    """Every spanning tree, in lexicographic order of edges.

    Backtracking over the sorted edge list: an edge is taken only when it joins two components
    (no loop), and a branch stops when too few edges remain. n - 1 edges without a loop on n
    cells always span them, so every leaf is a tree and no tree is found twice."""
    edges = grid_edges(grid)
    need = grid.size - 1
    trees: list[Tree] = []
    chosen: list[Edge] = []

    def extend(start: int, component: list[int]) -> None:
        if len(chosen) == need:
            trees.append(tuple(chosen))
            return
        for i in range(start, len(edges) - (need - len(chosen)) + 1):
            a, b = edges[i]
            keep, absorb = component[a], component[b]
            if keep == absorb:
                continue  # a loop
            chosen.append(edges[i])
            extend(i + 1, [keep if c == absorb else c for c in component])
            chosen.pop()

    extend(0, list(range(grid.size)))
    return trees


def maze_tree(maze: Maze) -> Tree:
    """A maze's open passages as a tree key (sorted edges), read through the public maze API."""
    return tuple(sorted(maze.passage_list()))


class TreeTable:
    """The trees of one tiny grid, and a fast lookup from a maze's passage bits to a tree's index."""

    def __init__(self, grid: Grid) -> None:
        check_tiny(grid)
        self.grid = grid
        self.trees = spanning_trees(grid)
        self._index = {self.passage_bytes(tree): i for i, tree in enumerate(self.trees)}

    def __len__(self) -> int:
        return len(self.trees)

    @property
    def name(self) -> str:
        return board_name(self.grid)

    def passage_bytes(self, tree: Tree) -> bytes:
        """The ``Maze.passages`` bytes of a tree: what a generated maze is looked up by."""
        bits = bytearray(self.grid.size)
        for a, b in tree:
            d = self.grid.direction_between(a, b)
            bits[a] |= 1 << d
            bits[b] |= 1 << self.grid.opposite(d)
        return bytes(bits)

    def index_of(self, passages: bytes) -> int:
        """The tree with these passage bits, or -1 when they are not a spanning tree."""
        return self._index.get(passages, -1)

    def describe(self, tree: Tree) -> str:
        """A tree in words for a CSV cell: "(0, 0)-(1, 0) (0, 0)-(0, 1) ..."."""
        name = self.grid.cell_name
        return " ".join(f"{name(a)}-{name(b)}" for a, b in tree)


# --- sampling ----------------------------------------------------------------------------------

def check_algorithm(name: str, grid: Grid, params: dict[str, Any] | None = None) -> Algorithm:
    """The algorithm, if it makes perfect mazes on this grid; else ValueError in one line."""
    info = get_algorithm(name)
    if not info.perfect:
        raise ValueError(f"algorithm {name} does not always make a perfect maze (a spanning tree), "
                         f"so the lab cannot count its trees")
    if not info.supports(grid):
        raise ValueError(info.unsupported_message(grid))
    values = info.resolve(params or {})
    if values.get("braid"):
        raise ValueError(f"braid={values['braid']} opens loops, so the mazes are not spanning trees; "
                         f"the lab needs braid=0")
    return info


def perfect_algorithms(grid: Grid) -> list[str]:
    """Every registered algorithm that makes perfect mazes on ``grid`` (what ``-a all`` means)."""
    return [name for name, info in ALGORITHMS.items() if info.perfect and info.supports(grid)]


class Sampler:
    """One algorithm's mazes on one tiny grid, counted per tree. Seeds run ``seed``, ``seed + 1``...

    One grid and one maze serve every sample (the maze is cleared between them): building them
    anew would cost more than generating a nine-cell maze."""

    def __init__(self, name: str, table: TreeTable, seed: int = 1, params: dict[str, Any] | None = None) -> None:
        self.info = check_algorithm(name, table.grid, params)
        self.name = name
        self.table = table
        self.params = dict(params or {})
        self.first_seed = seed
        self.counts = [0] * len(table)
        self.samples = 0
        self._maze = Maze(table.grid)

    def sample_one(self) -> int:
        """Generate the next seed's maze and count it; returns its tree's index."""
        seed = self.first_seed + self.samples
        maze = self._maze
        maze.passages[:] = 0
        maze.state[:] = 0
        maze.region[:] = -1
        maze.rooms.clear()
        maze.fold(self.info.run(self.table.grid, seed, show=False, **self.params))
        refuse_stopped(maze, self.name, seed)
        index = self.table.index_of(maze.passages.tobytes())
        if index < 0:
            raise ValueError(f"{self.name} with seed {seed} made a maze that is not a spanning tree")
        self.counts[index] += 1
        self.samples += 1
        return index

    def run(self, count: int) -> None:
        for _ in range(count):
            self.sample_one()

    def run_for(self, seconds: float, limit: int) -> int:
        """Sample for about ``seconds`` (checking the clock every few mazes), at most ``limit``
        mazes; returns how many were made."""
        deadline = time.perf_counter() + seconds
        made = 0
        while made < limit:
            batch = min(32, limit - made)
            self.run(batch)
            made += batch
            if time.perf_counter() >= deadline:
                break
        return made

    def reset(self) -> None:
        """Forget the counts; the next sample starts at the first seed again."""
        self.counts = [0] * len(self.table)
        self.samples = 0


# --- the test ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Spread:
    """How the samples fell over the trees, and what a uniform sampler would give."""

    samples: int
    trees: int
    reached: int
    least: int
    most: int

    @property
    def expected(self) -> float:
        """Samples per tree if every tree were equally likely: N / T."""
        return self.samples / self.trees


def spread(counts: Sequence[int]) -> Spread:
    return Spread(sum(counts), len(counts), sum(1 for c in counts if c), min(counts), max(counts))


@dataclass(frozen=True)
class ChiSquare:
    """Pearson's goodness-of-fit test of the counts against uniform over every tree."""

    statistic: float
    p_value: float
    df: int

    @property
    def uniform(self) -> bool:
        return self.p_value >= UNIFORM_P

    @property
    def verdict(self) -> str:
        return "looks uniform" if self.uniform else "biased"


def chi_square(counts: Sequence[int]) -> ChiSquare:
    """The test over every tree (trees never made count as 0: they matter most). Needs at least
    one sample and two trees."""
    if len(counts) < 2 or not any(counts):
        raise ValueError("the chi-square test needs at least two trees and one sample")
    expected = sum(counts) / len(counts)
    statistic = math.fsum((observed - expected) ** 2 for observed in counts) / expected
    return ChiSquare(statistic, chi_square_p(statistic, len(counts) - 1), len(counts) - 1)


def format_p(p: float) -> str:
    """A p-value that stays readable from 1 down to underflow."""
    if p >= 0.001:
        return f"{p:.3f}"
    return f"{p:.1e}" if p > 0 else "< 1e-300"


def unique(names: Iterable[str]) -> list[str]:
    """Names in their first order, each once."""
    return list(dict.fromkeys(names))


# --- a sweep: one parameter's values against the test --------------------------------------------

MAX_SWEEP_VALUES = 30
"""The most values a sweep tries (each costs a full sample)."""


def total_variation(counts: Sequence[int]) -> float:
    """Half the summed gap between each tree's share of the samples and 1 / trees: 0 for a perfect
    die, near 1 for a sampler that makes one tree; never quite 0 from a finite sample."""
    samples, trees = sum(counts), len(counts)
    return 0.5 * sum(abs(c / samples - 1 / trees) for c in counts)


def noise_floor(samples: int, trees: int) -> float:
    """About the total variation distance a truly uniform sampler scores from ``samples`` mazes
    (each count off by about its standard deviation): below it, the distance says nothing more."""
    return 0.5 * (2 * trees / (math.pi * samples)) ** 0.5 if samples else 1.0


def parse_sweep(text: str, info: Algorithm) -> tuple[str, list[Any]]:
    """``"iterations=0,1,2,5"`` -> ("iterations", [0, 1, 2, 5]), each value checked by the
    parameter's own rules; ValueError in one line otherwise."""
    name, sep, values = text.partition("=")
    params = {p.name: p for p in info.params if not p.choices and p.type is not str}
    if not sep or not values.strip():
        raise ValueError(f"--sweep takes PARAM=V1,V2,... (got {text!r})")
    param = params.get(name.strip())
    if param is None:
        options = ", ".join(params) or "none"
        raise ValueError(f"--sweep: algorithm {info.name} has no number parameter {name.strip()!r} "
                         f"(number parameters: {options})")
    parsed = list(dict.fromkeys(param.parse(v.strip()) for v in values.split(",")))
    if len(parsed) > MAX_SWEEP_VALUES:
        raise ValueError(f"--sweep tries at most {MAX_SWEEP_VALUES} values, got {len(parsed)}")
    return param.name, parsed


@dataclass(frozen=True)
class SweepPoint:
    """The lab's finding for one value of the swept parameter."""

    value: Any
    counts: tuple[int, ...]
    test: ChiSquare

    @property
    def distance(self) -> float:
        return total_variation(self.counts)


def sweep(name: str, table: TreeTable, param: str, values: Sequence[Any], samples: int,
          seed: int = 1) -> list[SweepPoint]:
    """``samples`` mazes at each value of ``param`` (the same seeds each time), tested against uniform."""
    points = []
    for value in values:
        sampler = Sampler(name, table, seed, {param: value})
        sampler.run(samples)
        points.append(SweepPoint(value, tuple(sampler.counts), chi_square(sampler.counts)))
    return points
