"""Growing tree: keep a list of active cells; pick one, carve to an unvisited neighbour or retire it.

How the cell is picked is the whole character of the maze: ``newest`` is the recursive
backtracker, ``random`` behaves like Prim's, ``oldest`` makes long straight spokes, and a mix such
as ``newest:50,random:50`` blends them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.events import EventStream, Kind
from ..core.narration import DATA_ITEMS, Code, Narrator, Told, plural
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

DEFAULT_SELECTION = "newest:50,random:50"


def growing_tree(grid: Grid, rng: random.Random, *, selection: str = DEFAULT_SELECTION,
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
    if show:
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
            if show:
                yield (FRONTIER_ADD, nb, -1, -1)
        else:
            del active[index]
            if show:
                yield (FRONTIER_REMOVE, cell, -1, -1)


def selection_words(selection: str) -> str:
    """"newest:50,random:50" -> "newest 50%, random 50%" (a single method is just its name)."""
    mix = parse_selection(selection)
    if len(mix) == 1:
        return mix[0][0]
    total = sum(weight for _, weight in mix)
    return ", ".join(f"{name} {100 * weight / total:.0f}%" for name, weight in mix)


class GrowingTreeNarrator(Narrator):
    """The active list as the events change it, and where in it each picked cell sat."""

    code = Code(
        start="add a random cell to the maze and to active",
        loop="while the active list is not empty:",
        pick="  cell = pick from active by the selection rule",
        unvisited="  if cell has unvisited neighbours:",
        neighbour="    nb = one of them at random",
        carve="    carve the wall from cell into nb",
        add="    add nb to the end of the active list",
        otherwise="  else:",
        remove="    remove cell from the active list",
    )
    follows = frozenset({int(FRONTIER_ADD)})
    legend = {"frontier": "active cells (may still grow)"}
    fixed_selection: ClassVar[str] = ""
    """A selection rule the algorithm always uses (simplified Prim's: random); empty: read the params."""

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.selection = self.fixed_selection or str(self.params.get("selection", DEFAULT_SELECTION))
        self.methods = [method for method, _ in parse_selection(self.selection)]
        self.active: list[int] = []
        self.in_maze = 0
        self.retired = 0

    def index_of(self, cell: int) -> int:
        """Where ``cell`` sits in the active list; the picks land mostly at the ends, so look there first."""
        n = len(self.active)
        for index in (n - 1, 0, n // 2):
            if 0 <= index < n and self.active[index] == cell:
                return index
        return self.active.index(cell)

    def which(self, cell: int) -> str:
        """"the newest of 5 active cells": the picked cell's place, named by a rule of the mix that
        picks that place (any other pick was the random rule's)."""
        n = len(self.active)
        if n == 1:
            return "the only active cell"
        index = self.index_of(cell)
        places = {"newest": n - 1, "oldest": 0, "middle": n // 2}
        for method in self.methods:
            if places.get(method) == index:
                return f"the {'middle one' if method == 'middle' else method} of {plural(n, 'active cell')}"
        return f"a random one of {plural(n, 'active cell')}"

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.in_maze += 1
        if other < 0:
            return Told(self.code.start,
                        f"Start at {self.name(cell)}, a random cell: in the maze and on the active list")
        return Told(self.code.carve,
                    f"Picked {self.name(cell)}, {self.which(cell)}: it has unvisited neighbours, so carve "
                    f"{self.direction(value)} into {self.name(other)}")

    def tell_frontier_add(self, cell: int, other: int, value: int) -> Told:
        self.active.append(cell)
        line = self.code.start if self.in_maze == 1 else self.code.add
        return Told(line, f"{self.name(cell)} goes on the end of the active list, now "
                          f"{plural(len(self.active), 'cell')}")

    def tell_frontier_remove(self, cell: int, other: int, value: int) -> Told:
        which = self.which(cell)
        del self.active[self.index_of(cell)]
        self.retired += 1
        return Told(self.code.remove,
                    f"Picked {self.name(cell)}, {which}: no unvisited neighbour, so remove it; "
                    f"{plural(len(self.active), 'active cell')} left")

    def data(self) -> list[tuple[str, str]]:
        return [("Active cells", f"{len(self.active):,}"),
                ("Selection rule", selection_words(self.selection)),
                ("Newest first", self.cells_text(reversed(self.active[-DATA_ITEMS:]), len(self.active))),
                ("Retired", plural(self.retired, "cell")),
                ("In the maze", f"{self.in_maze:,} of {self.grid.size:,} cells")]


ALGORITHM = Algorithm(
    name="growing_tree",
    func=growing_tree,
    description="Growing tree: pick an active cell (newest/random/oldest/mix), carve or retire it.",
    narrator=GrowingTreeNarrator,
    params=(Param("selection", DEFAULT_SELECTION, "how the active cell is picked: "
                  "newest, random, oldest, middle, or a mix like newest:75,random:25", check_text=parse_selection),),
)
