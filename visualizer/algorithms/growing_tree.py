"""Growing tree: keep a list of active cells; pick one, carve to an unvisited neighbour or retire it.

How the cell is picked is the whole character of the maze: ``newest`` is the recursive
backtracker, ``random`` behaves like Prim's, ``oldest`` makes long straight spokes, and a mix such
as ``newest:50,random:50`` blends them.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm, Param

CARVE, FRONTIER_ADD, FRONTIER_REMOVE = Kind.CARVE, Kind.FRONTIER_ADD, Kind.FRONTIER_REMOVE
METHODS = ("newest", "random", "oldest", "middle")


def parse_selection(text: str) -> list[tuple[str, float]]:
    """``"newest:50,random:50"`` -> [("newest", 50.0), ("random", 50.0)]; ValueError explains."""
    mix = []
    for part in text.split(","):
        name, _, weight = part.strip().partition(":")
        if name not in METHODS:
            raise ValueError(f"selection method must be one of {', '.join(METHODS)} (got {name!r})")
        try:
            value = float(weight) if weight else 100.0
        except ValueError:
            raise ValueError(f"selection weight must be a number (got {weight!r})") from None
        if value <= 0:
            raise ValueError(f"selection weight must be above 0 (got {weight!r})")
        mix.append((name, value))
    return mix


def growing_tree(grid: Grid, rng: random.Random, *, selection: str = "newest:50,random:50",
                 show: bool = True) -> EventStream:
    """Grow from a random cell, picking active cells by the selection mix."""
    mix = parse_selection(selection)
    total = sum(weight for _, weight in mix)
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    visited = bytearray(grid.size)
    start = int(rnd() * grid.size)
    visited[start] = 1
    active = [start]
    yield (CARVE, start, -1, -1)
    yield (FRONTIER_ADD, start, -1, -1)
    while active:
        pick = rnd() * total
        method = mix[-1][0]  # float rounding may leave pick >= 0: the last one, as a full loop would
        for candidate, weight in mix:
            pick -= weight
            if pick < 0:
                method = candidate
                break
        n = len(active)
        index = {"newest": n - 1, "oldest": 0, "middle": n // 2}.get(method)
        if index is None:
            index = int(rnd() * n)
        cell = active[index]
        options = free_neighbours(cell, visited)
        if options:
            d, nb = options[int(rnd() * len(options))]
            visited[nb] = 1
            active.append(nb)
            yield (CARVE, cell, nb, d)
            yield (FRONTIER_ADD, nb, -1, -1)
        else:
            del active[index]
            yield (FRONTIER_REMOVE, cell, -1, -1)


ALGORITHM = Algorithm(
    name="growing_tree",
    func=growing_tree,
    description="Growing tree: pick an active cell (newest/random/oldest/mix), carve or retire it.",
    params=(Param("selection", "newest:50,random:50", "how the active cell is picked: "
                  "newest, random, oldest, middle, or a mix like newest:75,random:25", check_text=parse_selection),),
)
