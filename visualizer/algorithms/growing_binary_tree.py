"""Growing binary tree (Jamis Buck's demos): growing tree where a picked cell carves to at most two
unvisited neighbours at once and leaves the active list, so each cell has at most two children.

Every cell is picked once, so the maze is a binary tree grown outward from the start, bushy and
full of short dead ends. A cell whose neighbours were all taken by others before it could be
reached would be left out; when the active list runs dry with cells still outside, one such cell
is joined to a neighbour in the maze (a third child there) and the growth goes on, so the result
is always a spanning tree.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.narration import DATA_ITEMS, Code, Narrator, Told, plural
from ..grids import Grid
from .base import Algorithm, Param
from .growing_tree import parse_selection, selection_words

CARVE, FRONTIER_ADD, FRONTIER_REMOVE = Kind.CARVE, Kind.FRONTIER_ADD, Kind.FRONTIER_REMOVE
CHILDREN = 2
DEFAULT_SELECTION = "random"


def growing_binary_tree(grid: Grid, rng: random.Random, *, selection: str = DEFAULT_SELECTION,
                        show: bool = True) -> EventStream:
    """Pick an active cell by the selection rule, take it off the list and carve into up to two of
    its unvisited neighbours, which join the list."""
    mix = parse_selection(selection)
    total = sum(weight for _, weight in mix)
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    visited = bytearray(grid.size)
    start = int(rnd() * grid.size)
    visited[start] = 1
    reached = 1
    active = [start]
    yield (CARVE, start, -1, -1)
    if show:
        yield (FRONTIER_ADD, start, -1, -1)
    while active or reached < grid.size:
        if not active:  # cells left out: join one to the maze beside it
            cell, d, nb = _stranded(grid, visited, rnd)
            visited[nb] = 1
            reached += 1
            active.append(nb)
            yield (CARVE, cell, nb, d)
            if show:
                yield (FRONTIER_ADD, nb, -1, -1)
            continue
        index = _pick(mix, total, len(active), rnd)
        cell = active.pop(index)
        if show:
            yield (FRONTIER_REMOVE, cell, -1, -1)
        options = free_neighbours(cell, visited)
        for _ in range(min(CHILDREN, len(options))):
            d, nb = options.pop(int(rnd() * len(options)))
            visited[nb] = 1
            reached += 1
            active.append(nb)
            yield (CARVE, cell, nb, d)
            if show:
                yield (FRONTIER_ADD, nb, -1, -1)


def _pick(mix: list[tuple[str, float]], total: float, n: int, rnd: Any) -> int:
    """The index in an active list of ``n`` cells that the selection mix picks."""
    pick = rnd() * total
    method = mix[-1][0]
    for candidate, weight in mix:
        pick -= weight
        if pick < 0:
            method = candidate
            break
    index = {"newest": n - 1, "oldest": 0, "middle": n // 2}.get(method)
    return int(rnd() * n) if index is None else index


def _stranded(grid: Grid, visited: bytearray, rnd: Any) -> tuple[int, int, int]:
    """The first cell outside the maze with a neighbour in it, and a random such neighbour:
    (that neighbour, the direction from it, the cell)."""
    for cell in range(grid.size):
        if visited[cell]:
            continue
        inside = [(d, nb) for d, nb in grid.neighbours(cell) if visited[nb]]
        if inside:
            d, nb = inside[int(rnd() * len(inside))]
            return nb, grid.opposite(d), cell
    raise ValueError("the grid is not connected")


class GrowingBinaryTreeNarrator(Narrator):
    """The active list, each pick's children, and the cells rescued when the list ran dry."""

    code = Code(
        start="add a random cell to the maze and to active",
        loop="while the active list is not empty:",
        pick="  cell = take one out of active by the selection rule",
        children="  for up to two of its unvisited neighbours nb:",
        carve="    carve from cell into nb; add nb to active",
        empty="  if active is empty but cells are left out:",
        rescue="    join one to a neighbour in the maze; add it",
    )
    follows = frozenset({int(FRONTIER_ADD), int(CARVE)})
    legend = {"frontier": "active cells (not picked yet)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.selection = str(self.params.get("selection", DEFAULT_SELECTION))
        self.active: list[int] = []
        self.picked = -1
        self.children = 0
        self.in_maze = 0
        self.rescued = 0
        self.rescuing = False
        self.inside = bytearray(grid.size)
        self.added: list[int] = []
        """The cells this pick has put on the active list so far."""

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A pick and its carves are one step; a rescue (a carve from a cell not just picked) is its own."""
        if previous is None or event[0] == FRONTIER_REMOVE:
            return True
        return event[0] == CARVE and event[1] != self.picked

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.in_maze += 1
        self.inside[other if other >= 0 else cell] = 1
        if other < 0:
            return Told(self.code.start, f"Start at {self.name(cell)}, a random cell: in the maze and active")
        if cell != self.picked:
            self.rescued += 1
            self.rescuing = True
            self.picked = -1
            return Told(self.code.rescue,
                        f"No active cells, yet {self.name(other)} is outside the maze (its neighbours took other "
                        f"children): join it {self.direction(self.grid.opposite(value))} to {self.name(cell)}")
        self.children += 1
        which = "first" if self.children == 1 else "second"
        return Told(self.code.carve, f"{self.name(cell)}'s {which} child: carve {self.direction(value)} into "
                                     f"{self.name(other)}")

    def tell_frontier_add(self, cell: int, other: int, value: int) -> Told:
        self.active.append(cell)
        line = self.code.start if self.in_maze == 1 else self.code.rescue if self.rescuing else self.code.carve
        self.rescuing = False
        self.added = [*self.added, cell] if self.picked >= 0 else [cell]
        both = f" ({plural(len(self.added), 'cell')} added this step: {self.together(self.added)})" \
            if len(self.added) > 1 else ""
        return Told(line, f"{self.name(cell)} joins the active list, now {plural(len(self.active), 'cell')}{both}")

    def tell_frontier_remove(self, cell: int, other: int, value: int) -> Told:
        where = self.active.index(cell)
        del self.active[where]
        self.picked = cell
        self.children = 0
        self.added = []
        free = sum(1 for _, nb in self.grid.neighbours(cell) if not self.inside[nb])
        ways = f"{plural(free, 'unvisited neighbour')}: it carves to {min(free, 2)}" if free else \
            "no unvisited neighbour: it is a dead end"
        return Told(self.code.pick, f"Take {self.name(cell)} out of the active list "
                                    f"({plural(len(self.active), 'cell')} left); it has {ways}")

    def data(self) -> list[tuple[str, str]]:
        return [("Active cells", f"{len(self.active):,}"),
                ("Selection rule", selection_words(self.selection)),
                ("Newest first", self.cells_text(reversed(self.active[-DATA_ITEMS:]), len(self.active))),
                ("Rescued", plural(self.rescued, "left-out cell")),
                ("In the maze", f"{self.in_maze:,} of {self.grid.size:,} cells")]


ALGORITHM = Algorithm(
    name="growing_binary_tree",
    func=growing_binary_tree,
    description="Growing binary tree: a picked cell carves to at most two new cells, then retires.",
    narrator=GrowingBinaryTreeNarrator,
    params=(Param("selection", DEFAULT_SELECTION, "how the cell is picked: newest, random, oldest, middle, "
                  "or a mix like newest:50,random:50", check_text=parse_selection),),
)
