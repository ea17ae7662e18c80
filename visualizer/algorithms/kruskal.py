"""Kruskal's: knock down walls in random order, but only between cells of different sets.

Every cell starts as its own set. Each opened wall merges two sets into one coloured island, and
the smaller island is repainted in the larger one's colour, so you watch islands grow and join. A wall
between two cells of the same set would close a loop, so it stays.
"""

from __future__ import annotations

import random

from ..events import EventStream, Kind
from ..grids import Grid
from .base import Algorithm

CARVE, SET = Kind.CARVE, Kind.SET


def kruskal(grid: Grid, rng: random.Random) -> EventStream:
    """Random edge order with union by size; members of the absorbed set are recoloured."""
    edges = [(a, b, d) for a in range(grid.size) for d, b in grid.neighbours(a) if a < b]
    rng.shuffle(edges)
    set_of = list(range(grid.size))
    members: list[list[int]] = [[c] for c in range(grid.size)]
    if grid.size == 1:
        yield (CARVE, 0, -1, -1)
    for a, b, d in edges:
        sa, sb = set_of[a], set_of[b]
        if sa == sb:
            continue
        if len(members[sa]) < len(members[sb]):
            sa, sb = sb, sa
        yield (CARVE, a, b, d)
        if len(members[sa]) == 1:  # a lone cell gets its colour when it first joins
            yield (SET, members[sa][0], -1, sa)
        for cell in members[sb]:
            set_of[cell] = sa
            yield (SET, cell, -1, sa)
        members[sa].extend(members[sb])
        members[sb] = []


ALGORITHM = Algorithm(
    name="kruskal",
    func=kruskal,
    description="Kruskal's: random walls fall between different sets; islands merge (union-find).",
)
