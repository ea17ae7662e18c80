"""Kruskal's: knock down walls in random order, but only between cells of different sets.

Every cell starts as its own set. Each opened wall merges two sets into one coloured island, and
the smaller island is repainted in the larger one's colour, so you watch islands grow and join. A wall
between two cells of the same set would close a loop, so it stays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..events import EventStream, Kind
from ..grids import Grid
from ..narration import Annotation, Narrator, Shape, Told, Tone, plural
from .base import Algorithm

CARVE, SET, REJECT = Kind.CARVE, Kind.SET, Kind.REJECT


def kruskal(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Random edge order with union by size; members of the absorbed set are recoloured. Stops
    when one set is left (every later wall would be kept); ``show`` says so for each kept wall.
    Unshown (``show=False``), a plain union-find makes the same decisions without the recolouring."""
    edges = [(a, b, d) for a in range(grid.size) for d, b in grid.neighbours(a) if a < b]
    rng.shuffle(edges)
    if grid.size == 1:
        yield (CARVE, 0, -1, -1)
    if not show:
        yield from _kruskal_quiet(grid.size, edges)
        return
    set_of = list(range(grid.size))
    members: list[list[int]] = [[c] for c in range(grid.size)]
    merges_left = grid.size - 1
    for a, b, d in edges:
        if not merges_left:
            break
        sa, sb = set_of[a], set_of[b]
        if sa == sb:
            yield (REJECT, a, b, d)
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
        merges_left -= 1


def _kruskal_quiet(size: int, edges: list[tuple[int, int, int]]) -> EventStream:
    """The same walls carved in the same order, with a path-halving union-find: no member lists and
    no relabelling. Which sets two cells are in is all a decision reads, so the choices match the
    shown run whichever root a merge keeps."""
    parent = list(range(size))
    merges_left = size - 1
    for a, b, d in edges:
        if not merges_left:
            break
        ra = a
        while parent[ra] != ra:
            parent[ra] = parent[parent[ra]]
            ra = parent[ra]
        rb = b
        while parent[rb] != rb:
            parent[rb] = parent[parent[rb]]
            rb = parent[rb]
        if ra == rb:
            continue
        parent[rb] = ra
        merges_left -= 1
        yield (CARVE, a, b, d)


class KruskalNarrator(Narrator):
    """Union-find as the events show it: which set each cell is in, and how big each set is."""

    code = (
        "put every cell in a set of its own",
        "for each wall, in a random order:",
        "  a, b = the cells on either side of it",
        "  if a and b are in different sets:",
        "    remove the wall: a passage from a to b",
        "    merge the sets: relabel the smaller one",
        "  else:",
        "    keep the wall: a passage would close a loop",
        "  stop when a single set is left",
    )
    follows = frozenset({int(SET)})
    legend = {"set": "a set: cells already joined"}

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
            return Told(0, f"A single cell, {self.name(cell)}: it is the whole maze")
        self.looked += 1
        self.kept = None
        sa, sb = self.set_id(cell), self.set_id(other)
        keep, absorbed = (sa, sb) if self.set_size(sa) >= self.set_size(sb) else (sb, sa)
        self.merging = (self.set_size(keep), self.set_size(absorbed))
        self.size[keep] = self.set_size(keep) + self.set_size(absorbed)
        self.size.pop(absorbed, None)
        self.sets -= 1
        return Told(4, f"Wall between {self.name(cell)} and {self.name(other)} removed: they were in different "
                       f"sets, {keep} ({plural(self.merging[0], 'cell')}) and {absorbed} "
                       f"({plural(self.merging[1], 'cell')}); {plural(self.sets, 'set')} left")

    def tell_set(self, cell: int, other: int, value: int) -> Told:
        self.set_of[cell] = value
        return Told(5, f"{self.name(cell)} now belongs to set {value} ({plural(self.set_size(value), 'cell')})")

    def tell_reject(self, cell: int, other: int, value: int) -> Told:
        self.looked += 1
        self.kept = (cell, other)
        return Told(7, f"Wall between {self.name(cell)} and {self.name(other)} kept: both cells are already in "
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
