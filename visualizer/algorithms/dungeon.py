"""Rooms and mazes: a dungeon in four visible phases (after Bob Nystrom's "Rooms and Mazes").

1. rooms   - random non-overlapping rooms; floors fully open inside. The grid picks the shape
             (``Grid.room_cells``): rectangles on square grids, hexagons on hex grids.
2. maze    - every cell outside the rooms is filled with winding corridors (one region per tree).
3. connect - regions are joined by connectors (a closed wall between two regions), picked in a
             random order and kept only when they join two still-separate regions: a spanning tree
             over the regions, so the dungeon is one connected region by construction. A few extra
             connectors (``loops`` percent) make cycles.
4. prune   - dead-end corridor cells are removed until none remain (rooms never are);
             ``dead_ends`` percent of the dead-end branches may be left standing.

The generator folds its own events into a private Maze to know the passages it has made.
"""

from __future__ import annotations

import random
from collections import deque

import numpy as np

from ..events import EventStream, Kind
from ..grids import Grid
from ..maze import CellState, Maze
from .backtracker import backtracker
from .base import Algorithm, Param

CARVE, CONNECT, PRUNE, ROOM, PHASE = Kind.CARVE, Kind.CONNECT, Kind.PRUNE, Kind.ROOM, Kind.PHASE


def dungeon(grid: Grid, rng: random.Random, *, attempts: int = 100, room_min: int = 2, room_max: int = 5,
            winding: int = 40, loops: int = 3, dead_ends: int = 0, show: bool = True) -> EventStream:
    """Rooms, then corridors, then connectors, then pruning; one connected region by construction."""
    if room_max < room_min:
        raise ValueError(f"room_max ({room_max}) must be at least room_min ({room_min})")
    shadow = Maze(grid)

    def tracked(events):
        """Pass events on after folding them into the shadow maze; return the phase's result."""
        while True:
            try:
                event = next(events)
            except StopIteration as stop:
                return stop.value
            shadow.apply(event)
            yield event

    yield (PHASE, -1, -1, "rooms")
    rooms = yield from tracked(place_rooms(grid, rng, attempts, room_min, room_max))
    yield (PHASE, -1, -1, "maze")
    yield from tracked(fill_corridors(grid, rng, shadow, first_region=rooms, winding=winding))
    yield (PHASE, -1, -1, "connect")
    yield from tracked(connect_regions(grid, rng, shadow, loops))
    yield (PHASE, -1, -1, "prune")
    yield from tracked(prune_dead_ends(grid, rng, shadow, dead_ends))


def place_rooms(grid: Grid, rng: random.Random, attempts: int, room_min: int, room_max: int):
    """Try ``attempts`` random rooms, keep those that overlap no kept room; returns the room count."""
    taken = bytearray(grid.size)
    count = 0
    for _ in range(attempts):
        cells = grid.room_cells(rng, room_min, room_max)
        if not cells or any(taken[c] for c in cells):
            continue
        members = set(cells)
        for c in cells:
            taken[c] = 1
            yield (ROOM, c, -1, count)
        for c in cells:
            for d, nb in grid.neighbours(c):
                if nb in members and c < nb:
                    yield (CARVE, c, nb, d)
        count += 1
    return count


def fill_corridors(grid: Grid, rng: random.Random, shadow: Maze, first_region: int, winding: int) -> EventStream:
    """Grow a winding corridor tree from every cell that no room or corridor holds yet."""
    visited = bytearray((shadow.state != CellState.UNVISITED).astype("uint8").tobytes())
    region = first_region
    for cell in range(grid.size):
        if visited[cell]:
            continue
        yield from backtracker(grid, rng, winding=winding, start=cell, visited=visited, region=region)
        region += 1


def connect_regions(grid: Grid, rng: random.Random, shadow: Maze, loops: int) -> EventStream:
    """Open connectors in random order, keeping each one that joins two separate regions."""
    region = shadow.region
    table = grid.neighbour_array()
    cells = np.arange(grid.size)
    connectors: list[tuple[int, int, int]] = []
    for d in range(grid.directions):  # every wall between two different regions, once (a < b)
        nb = table[:, d]
        safe = np.maximum(nb, 0)
        between = (nb > cells) & (region >= 0) & (region[safe] >= 0) & (region != region[safe])
        found = np.flatnonzero(between)
        connectors.extend(zip(found.tolist(), nb[found].tolist(), [d] * len(found)))
    connectors.sort()  # a fixed order before the seeded shuffle, whatever numpy returned
    rng.shuffle(connectors)
    region = region.tolist()
    parent: dict[int, int] = {}

    def find(r: int) -> int:
        root = r
        while parent.get(root, root) != root:
            root = parent[root]
        while r != root:  # path compression
            parent[r], r = root, parent.get(r, r)
        return root

    doors: set[int] = set()
    for a, b, d in connectors:
        ra, rb = find(region[a]), find(region[b])
        if ra != rb:
            parent[rb] = ra
        elif a in doors or b in doors or rng.random() * 100 >= loops:
            continue  # already joined: only an occasional extra door, never two side by side
        doors.update((a, b))
        yield (CONNECT, a, b, d)


def prune_dead_ends(grid: Grid, rng: random.Random, shadow: Maze, keep_percent: int) -> EventStream:
    """Remove corridor cells with a single way out until none remain (rooms are never pruned)."""
    state = memoryview(shadow.state)  # type: ignore[arg-type]
    passage = int(CellState.PASSAGE)
    degree = shadow.degree

    def is_dead_end(cell: int) -> bool:
        return state[cell] == passage and degree(cell) <= 1

    open_bits = np.unpackbits(shadow.passages[:, None], axis=1).sum(axis=1)
    candidates = np.flatnonzero((shadow.state == passage) & (open_bits <= 1)).tolist()
    queue = deque(c for c in candidates if is_dead_end(c))  # is_dead_end adds the entrance/exit openings
    kept = {c for c in queue if rng.random() * 100 < keep_percent}
    while queue:
        cell = queue.popleft()
        if cell in kept or not is_dead_end(cell):
            continue
        exits = [(d, nb) for d, nb in grid.neighbours(cell) if shadow.is_open(cell, d)]
        d, nb = exits[0] if exits else (-1, -1)
        yield (PRUNE, cell, nb, d)
        if nb >= 0 and is_dead_end(nb):
            queue.append(nb)


ALGORITHM = Algorithm(
    name="dungeon",
    func=dungeon,
    description="Rooms and mazes: rooms, winding corridors, connectors, then dead ends pruned away.",
    params=(
        Param("attempts", 100, "room placement attempts", minimum=0, maximum=100_000),
        Param("room_min", 2, "smallest room side in cells (hex: diameter)", minimum=1, maximum=50),
        Param("room_max", 5, "largest room side in cells (hex: diameter)", minimum=1, maximum=50),
        Param("winding", 40, "chance in percent that a corridor turns when it could go straight",
              minimum=0, maximum=100),
        Param("loops", 3, "chance in percent of an extra connector between joined regions",
              minimum=0, maximum=100),
        Param("dead_ends", 0, "percent of dead-end branches left unpruned", minimum=0, maximum=100),
    ),
    perfect=False,
    phases=("rooms", "maze", "connect", "prune"),
)
