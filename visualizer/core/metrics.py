"""Numbers that tell maze algorithms apart: dead ends, river length, straightness, bias.

Computed from the model alone (numpy where it can), so the same figures come out of the window's
metrics panel and ``maze-visualizer stats``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .distance import distances_from, longest_path
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

    def rows(self) -> list[tuple[str, str]]:
        sizes = self.room_sizes
        rooms = f"{len(sizes):,}, {sizes[-1]:,} to {sizes[0]:,} cells" if sizes else "none"
        span = f"{self.room_span:,} steps at most" if len(sizes) > 1 else "no two rooms"
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
    longest = longest_path(maze).length  # double sweep: exact on trees, a close bound with loops
    corridors = int(corridor.sum())
    solution = solution_length(maze) if open_mask[maze.entrance[0]] and open_mask[maze.exit[0]] else 0
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
        dead_ends=dead_ends, room_span=room_span(maze))


def room_span(maze: Maze) -> int:
    """The longest of the shortest walks between two rooms: a breadth-first search from every cell
    of each room at once, read at the first cell of each later room it reaches (rooms cut off from
    each other do not count)."""
    rooms = list(maze.rooms.values())
    if len(rooms) < 2:
        return 0
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


def solution_length(maze: Maze) -> int:
    """Cells on a shortest path from entrance to exit, both ends counted (0 when the exit is cut off)."""
    steps = int(distances_from(maze, maze.entrance[0])[maze.exit[0]])
    return steps + 1 if steps >= 0 else 0
