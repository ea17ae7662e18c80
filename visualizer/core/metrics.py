"""Numbers that tell maze algorithms apart: dead ends, river length, straightness, bias.

Computed from the model alone (numpy where it can), so the same figures come out of the window's
metrics panel and ``maze-visualizer stats``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .distance import Searches, longest_path
from .maze import CellState, Maze

POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)


@dataclass(frozen=True)
class DungeonFigures:
    """What tells dungeons apart, for a maze that leaves rock (cells no one can stand on)."""

    floor: float
    """Percent of the map's cells that are floor (rooms and corridors)."""
    room_sizes: tuple[int, ...]
    """The cells of each room, largest first."""
    corridors: float
    """Percent of the floor outside the rooms."""
    loops: int
    """Independent cycles of the floor with each room counted as one place (the cycles inside a room
    are not loops to walk): passages - places + connected parts."""
    dead_ends: int = 0
    """Floor cells with exactly one passage: the corridors that lead nowhere."""
    room_span: int = 0
    """The longest shortest path between two rooms, in steps from the nearer cells of each (0 with
    fewer than two rooms): how far apart the map's farthest rooms are to walk."""
    span_exact: bool = True
    """False on maps too big to search from every room (EXACT_SPAN_WORK): ``room_span`` is then a
    double sweep's figure, a lower bound (the farthest room from a room, then the farthest from it)."""

    def rows(self) -> list[tuple[str, str]]:
        sizes = self.room_sizes
        rooms = f"{len(sizes):,}, {sizes[-1]:,} to {sizes[0]:,} cells" if sizes else "none"
        span = f"{'' if self.span_exact else 'at least '}{self.room_span:,} steps" if len(sizes) > 1 else "no two rooms"
        return [("Floor", f"{self.floor:.1f} % of the map"), ("Rooms", rooms),
                ("Corridors", f"{self.corridors:.1f} % of the floor"), ("Loops", f"{self.loops:,}"),
                ("Room to room", span)]

    def numbers(self) -> dict[str, float]:
        """The scalar figures by name (for ``stats``: averaged over samples)."""
        sizes = self.room_sizes
        return {"floor_pct": self.floor, "rooms": len(sizes),
                "room_cells": sum(sizes) / len(sizes) if sizes else 0.0,
                "largest_room": sizes[0] if sizes else 0, "corridor_pct": self.corridors,
                "dead_end_cells": self.dead_ends, "loops": self.loops, "room_span": self.room_span}


@dataclass
class Metrics:
    open_cells: int
    dead_ends: float
    """Percent of open cells with exactly one passage."""
    longest_path: float
    """The longest shortest path between two cells, as percent of the open cells."""
    solution: int
    """Cells on the shortest path from entrance to exit (0 when there is none)."""
    straight: float
    """Percent of corridor cells (two passages) that go straight through."""
    turning: float
    junctions: int
    """Cells with three or more passages."""
    dead_end_directions: dict[str, int] = field(default_factory=dict)
    """How many dead ends open toward each direction: the fingerprint of a biased algorithm."""
    dungeon: DungeonFigures | None = None
    """Floor, rooms, corridors and loops, when the maze leaves rock (a dungeon); None otherwise."""

    def rows(self) -> list[tuple[str, str]]:
        """Label/value pairs for a panel or a table."""
        return [
            ("Dead ends", f"{self.dead_ends:.1f} %"),
            ("Longest path", f"{self.longest_path:.1f} % of cells"),
            ("Solution", f"{self.solution:,} cells"),
            ("Straight", f"{self.straight:.1f} % of corridor cells"),
            ("Turning", f"{self.turning:.1f} %"),
            ("Junctions", f"{self.junctions:,}"),
        ] + (self.dungeon.rows() if self.dungeon is not None else [])

    def numbers(self) -> dict[str, float]:
        """The scalar figures by name (for averaging over samples)."""
        return {"dead ends %": self.dead_ends, "longest path %": self.longest_path, "solution cells": self.solution,
                "straight %": self.straight, "turning %": self.turning, "junctions": self.junctions}


def measure(maze: Maze) -> Metrics:
    grid = maze.grid
    open_mask = maze.open_mask()
    open_cells = int(open_mask.sum())
    degree = POPCOUNT[maze.passages]
    dead = open_mask & (degree == 1)
    corridor = open_mask & (degree == 2)
    straight_masks = [(1 << d) | (1 << grid.opposite(d)) for d in range(grid.directions // 2)]
    straight = corridor & np.isin(maze.passages, straight_masks)
    histogram = {name: 0 for name in grid.direction_names}
    dead_bits = maze.passages[dead]
    for d, name in enumerate(grid.direction_names):
        histogram[name] = int(np.count_nonzero(dead_bits == (1 << d)))
    searches = Searches(maze)
    longest = longest_path(maze, searches).length  # double sweep: exact on trees, a close bound with loops
    corridors = int(corridor.sum())
    solution = solution_length(maze, searches) if open_mask[maze.entrance[0]] and open_mask[maze.exit[0]] else 0
    return Metrics(
        open_cells=open_cells,
        dead_ends=100 * float(dead.sum()) / max(1, open_cells),
        longest_path=100 * longest / max(1, open_cells),
        solution=solution,
        straight=100 * float(straight.sum()) / max(1, corridors),
        turning=100 * float(corridors - straight.sum()) / max(1, corridors),
        junctions=int((open_mask & (degree >= 3)).sum()),
        dead_end_directions=histogram,
        dungeon=dungeon_figures(maze, open_mask, int(dead.sum())) if open_cells < grid.size else None,
    )


def dungeon_figures(maze: Maze, open_mask: np.ndarray, dead_ends: int = 0) -> DungeonFigures:
    """Floor share, room sizes, corridor share, loops and the span between rooms of a maze that
    leaves rock (``dead_ends``: its floor cells with one passage, counted by the caller)."""
    floor = int(open_mask.sum())
    sizes = tuple(sorted((len(cells) for cells in maze.rooms.values()), reverse=True))
    in_rooms = int((maze.state == CellState.ROOM).sum())
    return DungeonFigures(
        floor=100 * floor / max(1, maze.grid.size), room_sizes=sizes,
        corridors=100 * (floor - in_rooms) / max(1, floor),
        loops=room_passages_left_out(maze) - (floor - in_rooms + len(sizes)) + parts(maze, open_mask),
        dead_ends=dead_ends, **room_span_figures(maze))


EXACT_SPAN_WORK = 3_000_000
"""Rooms x cells above which the span between rooms is a double sweep's lower bound: a search from
every room of a map of a thousand rooms takes many seconds even in C (the panel must stay live)."""
SCIPY_SPAN_WORK = 200_000
"""Rooms x cells above which the span between rooms is searched by scipy (in C) when it is there:
the Python search takes seconds on a map of a thousand small rooms."""
SPAN_BATCH = 64
"""Rooms searched from at once by scipy (a batch's distances are rooms x cells numbers)."""


def room_span_figures(maze: Maze) -> dict[str, Any]:
    """``room_span`` and ``span_exact``: searched from every room when that is quick, else swept twice."""
    rooms = [cells for cells in maze.rooms.values() if cells]
    if len(rooms) * maze.grid.size <= EXACT_SPAN_WORK:
        return {"room_span": room_span(maze), "span_exact": True}
    return {"room_span": swept_room_span(maze, rooms), "span_exact": False}


def swept_room_span(maze: Maze, rooms: list[list[int]]) -> int:
    """A lower bound of the span in two searches: from the first room to the room farthest from it,
    then from that room to the one farthest from it (exact when the rooms and corridors form a tree)."""
    indptr, indices = (part.tolist() for part in maze.adjacency())
    room_of = [-1] * maze.grid.size
    for number, cells in enumerate(rooms):
        for cell in cells:
            room_of[cell] = number
    start, span = 0, 0
    for _ in range(2):
        dist = [-1] * maze.grid.size
        for cell in rooms[start]:
            dist[cell] = 0
        order, met = list(rooms[start]), {start}
        for cell in order:
            room = room_of[cell]
            if room >= 0 and room not in met:
                met.add(room)
                start, span = room, dist[cell]  # the latest room met is the farthest
            for nb in indices[indptr[cell]:indptr[cell + 1]]:
                if dist[nb] < 0:
                    dist[nb] = dist[cell] + 1
                    order.append(nb)
    return span


def room_span(maze: Maze) -> int:
    """The longest of the shortest walks between two rooms: a breadth-first search from every cell
    of each room at once, the nearest cell of each other room read off it (rooms cut off from each
    other do not count)."""
    rooms = [cells for cells in maze.rooms.values() if cells]
    if len(rooms) < 2:
        return 0
    if len(rooms) * maze.grid.size > SCIPY_SPAN_WORK:
        span = scipy_room_span(maze, rooms)
        if span is not None:
            return span
    return python_room_span(maze, rooms)


def python_room_span(maze: Maze, rooms: list[list[int]]) -> int:
    """Room by room, a search that stops once every later room is reached (its first cell reached
    is its nearest: the search goes out a step at a time)."""
    indptr, indices = (part.tolist() for part in maze.adjacency())
    room_of = [-1] * maze.grid.size
    for number, cells in enumerate(rooms):
        for cell in cells:
            room_of[cell] = number
    longest = 0
    for number, cells in enumerate(rooms[:-1]):
        dist = [-1] * maze.grid.size
        for cell in cells:
            dist[cell] = 0
        order, unmet = list(cells), set(range(number + 1, len(rooms)))
        for cell in order:
            room = room_of[cell]
            if room in unmet:
                unmet.discard(room)
                longest = max(longest, dist[cell])
                if not unmet:
                    break
            for nb in indices[indptr[cell]:indptr[cell + 1]]:
                if dist[nb] < 0:
                    dist[nb] = dist[cell] + 1
                    order.append(nb)
    return longest


def scipy_room_span(maze: Maze, rooms: list[list[int]]) -> int | None:
    """The same figure by scipy's breadth-first search, None without scipy. Each room gets an extra
    node with one-way edges into its cells, so a search from it starts from all of them at once
    (nothing leads back into it, so no walk passes through it); every distance is one more than the
    walk's."""
    try:
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import shortest_path
    except ImportError:
        return None
    indptr, indices = maze.adjacency()
    size = maze.grid.size
    cells = np.concatenate([np.asarray(c, dtype=np.int64) for c in rooms])
    counts = np.array([len(c) for c in rooms], dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    all_indptr = np.concatenate((indptr.astype(np.int64), len(indices) + np.cumsum(counts)))
    all_indices = np.concatenate((indices.astype(np.int64), cells))
    total = size + len(rooms)
    graph = csr_matrix((np.ones(len(all_indices), dtype=np.int8), all_indices, all_indptr), shape=(total, total))
    longest = 0
    for first in range(0, len(rooms), SPAN_BATCH):
        sources = np.arange(size + first, size + min(first + SPAN_BATCH, len(rooms)))
        dist = shortest_path(graph, method="D", directed=True, unweighted=True, indices=sources)
        nearest = np.minimum.reduceat(dist[:, cells], starts, axis=1)  # sources x rooms
        nearest[np.arange(len(sources)), sources - size] = np.inf  # a room and itself
        reached = nearest[np.isfinite(nearest)]
        if reached.size:
            longest = max(longest, int(reached.max()) - 1)
    return longest


def room_passages_left_out(maze: Maze) -> int:
    """Open passages, less those between two cells of one room."""
    room_of = np.full(maze.grid.size, -1, dtype=np.int64)
    for room, cells in maze.rooms.items():
        room_of[cells] = room
    inside = 0
    for a, b in maze.passage_list() if maze.rooms else ():
        inside += room_of[a] >= 0 and room_of[a] == room_of[b]
    return maze.passage_count() - int(inside)


def parts(maze: Maze, open_mask: np.ndarray) -> int:
    """Connected parts of the floor through open passages."""
    indptr, indices = (part.tolist() for part in maze.adjacency())
    seen = bytearray((~open_mask).astype(np.uint8).tobytes())
    count = 0
    for start in np.flatnonzero(open_mask).tolist():
        if seen[start]:
            continue
        count += 1
        seen[start] = 1
        order = [start]
        for cell in order:
            for nb in indices[indptr[cell]:indptr[cell + 1]]:
                if not seen[nb]:
                    seen[nb] = 1
                    order.append(nb)
    return count


def solution_length(maze: Maze, searches: Searches | None = None) -> int:
    """Cells on a shortest path from entrance to exit, both ends counted (0 when the exit is cut off)."""
    steps = (searches or Searches(maze)).steps_between(maze.entrance[0], maze.exit[0])
    return steps + 1 if steps >= 0 else 0
