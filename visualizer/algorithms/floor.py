"""What the dungeon generators share (bsp, caves, drunkard, rooms_corridors): a room opened whole,
a tunnel dug cell by cell, a cell filled back in, and the entrance and exit joined to the nearest
floor, so that every dungeon is one connected region and the solvers and the game can use it.

A floor cell is an open cell of the maze model (a corridor cell or a room cell); rock is a cell
never opened (or filled back in). Each generator folds what it yields into a private ``Maze`` (the
shadow) to know which cells are floor and which passages are open.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from ..core.events import Event, EventStream, Kind
from ..core.maze import CellState, Maze
from ..core.narration import Narrator, Told, plural
from ..grids import Grid

CARVE, CONNECT, ROOM, PRUNE, WALL, CURRENT = Kind.CARVE, Kind.CONNECT, Kind.ROOM, Kind.PRUNE, Kind.WALL, Kind.CURRENT
FLOOR_STATES = frozenset((int(CellState.PASSAGE), int(CellState.ROOM)))


def is_floor(shadow: Maze, cell: int) -> bool:
    """True when ``cell`` is open floor (a corridor or a room) in the shadow maze."""
    return shadow.state.item(cell) in FLOOR_STATES


def open_room(grid: Grid, shadow: Maze, cells: Iterable[int], room: int) -> EventStream:
    """Make ``cells`` room ``room``: each becomes room floor, then every wall inside is opened."""
    cells = list(cells)
    members = set(cells)
    for cell in cells:
        event: Event = (ROOM, cell, -1, room)
        shadow.apply(event)
        yield event
    for cell in cells:
        for d, nb in grid.neighbours(cell):
            if nb in members and cell < nb:
                event = (CARVE, cell, nb, d)
                shadow.apply(event)
                yield event


def dig(grid: Grid, shadow: Maze, path: list[int]) -> EventStream:
    """Dig along ``path`` (neighbouring cells, the first one floor): a CARVE into rock, a door
    (CONNECT) into floor that no passage reaches from here yet, nothing where one is open already."""
    for a, b in zip(path, path[1:]):
        d = grid.direction_between(a, b)
        if shadow.is_open(a, d):
            continue
        event: Event = (CONNECT if is_floor(shadow, b) else CARVE, a, b, d)
        shadow.apply(event)
        yield event


def fill_in(grid: Grid, shadow: Maze, cell: int) -> EventStream:
    """Turn floor ``cell`` back into rock: close each of its passages (WALL), then the cell (PRUNE)."""
    for d, nb in grid.neighbours(cell):
        if shadow.is_open(cell, d):
            event: Event = (WALL, cell, nb, d)
            shadow.apply(event)
            yield event
    event = (PRUNE, cell, -1, -1)
    shadow.apply(event)
    yield event


def elbow_path(grid: Grid, rng: random.Random, start: tuple[int, int], end: tuple[int, int]) -> list[int]:
    """The L-shaped line of cells from column and row ``start`` to ``end``: along the row first or
    along the column first, by a coin (square grids)."""
    (x, y), (ex, ey) = start, end
    path = [grid.cell(x, y)]
    legs = ("row", "column") if rng.random() < 0.5 else ("column", "row")
    for leg in legs:
        while leg == "row" and x != ex:
            x += 1 if ex > x else -1
            path.append(grid.cell(x, y))
        while leg == "column" and y != ey:
            y += 1 if ey > y else -1
            path.append(grid.cell(x, y))
    return path


def path_to_floor(grid: Grid, start: int, floor: Callable[[int], bool]) -> list[int]:
    """The shortest line of cells from the floor cell nearest ``start`` to ``start`` (floor first;
    through rock as through floor); ``[start]`` when there is no floor at all."""
    parent = {start: -1}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if floor(cell):
            path = []
            while cell >= 0:
                path.append(cell)
                cell = parent[cell]
            return path
        for _, nb in grid.neighbours(cell):
            if nb not in parent:
                parent[nb] = cell
                queue.append(nb)
    return [start]


def join_ends(grid: Grid, shadow: Maze, *, show: bool = True) -> EventStream:
    """Join the entrance and the exit to the nearest floor (a tunnel each, when they are rock), so
    a solver and a player find their way in and out. ``show``: a CURRENT at each end dug to."""
    for end in dict.fromkeys((grid.entrance[0], grid.exit[0])):
        if is_floor(shadow, end):
            continue
        if show:
            yield (CURRENT, end, -1, -1)
        path = path_to_floor(grid, end, lambda c: is_floor(shadow, c))
        if len(path) == 1:  # no floor anywhere: the end is the first floor cell
            event: Event = (CARVE, end, -1, 0)
            shadow.apply(event)
            yield event
        else:
            yield from dig(grid, shadow, path)


def floor_parts(grid: Grid, floor: Callable[[int], bool], cells: Iterable[int] | None = None) -> list[list[int]]:
    """The connected parts of the floor (neighbours both floor belong together), largest first
    (ties: the one holding the smallest cell first)."""
    seen = bytearray(grid.size)
    parts = []
    for start in range(grid.size) if cells is None else cells:
        if seen[start] or not floor(start):
            continue
        seen[start] = 1
        part = [start]
        for cell in part:
            for _, nb in grid.neighbours(cell):
                if not seen[nb] and floor(nb):
                    seen[nb] = 1
                    part.append(nb)
        parts.append(part)
    parts.sort(key=lambda part: (-len(part), min(part)))
    return parts


class FloorNarrator(Narrator):
    """The words for what the dungeon generators share: tunnels dug, doors opened, the ends joined.
    A subclass's ``code`` has lines named ``dig``, ``door`` and ``ends``."""

    legend: ClassVar[Mapping[str, str]] = {"unvisited": "rock (not dug out)", "connector": "a door into floor"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.dug = 0
        self.doors = 0
        self.joining_end = -1

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        self.joining_end = cell
        which = "entrance" if cell == self.grid.entrance[0] else "exit"
        return Told(self.code.ends, f"The {which} at {self.name(cell)} is rock: a tunnel is dug to it from the "
                                    "nearest floor, so the dungeon can be walked in and out")

    def tell_dug(self, cell: int, other: int) -> Told:
        """A CARVE outside a room: one more cell of tunnel."""
        self.dug += 1
        line = self.code.ends if self.joining_end >= 0 else self.code.dig
        return Told(line, f"{self.name(other)} is dug out from {self.name(cell)}: tunnel floor "
                          f"({plural(self.dug, 'cell')} dug){self.this_step(cell, 'dug through')}")

    def tell_connect(self, cell: int, other: int, value: int) -> Told:
        self.doors += 1
        return Told(self.code.door, f"The tunnel at {self.name(cell)} meets floor at {self.name(other)}: "
                                    f"the wall between is opened, a door{self.this_step(cell, 'dug through')}")

    def tell_alone(self, cell: int) -> Told:
        return Told(self.code.ends, f"There is no floor at all: {self.name(cell)} is opened as the first")
