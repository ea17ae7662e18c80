"""Keys and doors: from DOORS_FROM on, coloured doors close passages until their key is picked up.

The layout is placed on the finished maze (pure Python, no window): each door on a passage of the
shortest way out, each key where it can be reached without that door and at least
``key_distance(level)`` steps (walking, not through the door) from it. A search over
(cell, keys held) states checks the result; a door that cannot be placed fairly is left out, so a
level is never unsolvable.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from ..core.maze import Maze
from ..solvers import shortest_path

DOORS_FROM = 4
"""The first level with doors."""
COLOURS = ("red", "blue", "green")
"""Door and key colours, in the order they are placed along the way out."""

Edge = tuple[int, int]


def door_count(level: int) -> int:
    """Doors on a level: none before DOORS_FROM, then one, two from level 7, three from level 9."""
    if level < DOORS_FROM:
        return 0
    return 1 if level < 7 else 2 if level < 9 else 3


def key_distance(level: int) -> int:
    """The fewest steps between a key and its door: grows with the level, so keys get harder."""
    return 2 + level


def edge(a: int, b: int) -> Edge:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Door:
    colour: str
    cells: Edge
    """The two cells either side of the closed passage (smaller id first)."""


@dataclass(frozen=True)
class Layout:
    """The doors and keys of a level (empty before DOORS_FROM)."""

    doors: tuple[Door, ...] = ()
    keys: tuple[tuple[str, int], ...] = ()
    """(colour, cell) of each key."""

    def door_on(self, a: int, b: int) -> Door | None:
        """The door on the passage between ``a`` and ``b``, if any."""
        cells = edge(a, b)
        return next((door for door in self.doors if door.cells == cells), None)

    def key_at(self, cell: int) -> str | None:
        return next((colour for colour, at in self.keys if at == cell), None)


def distances_avoiding(maze: Maze, start: int, closed: set[Edge]) -> dict[int, int]:
    """Steps from ``start`` to every cell reachable without crossing a ``closed`` passage."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nb in maze.open_neighbours(cell):
            if nb not in dist and edge(cell, nb) not in closed:
                dist[nb] = dist[cell] + 1
                queue.append(nb)
    return dist


def key_steps(maze: Maze, door: Door, key: int) -> int | None:
    """Steps from the nearer side of ``door`` to ``key`` without going through the door."""
    steps = [distances_avoiding(maze, side, {door.cells}).get(key) for side in door.cells]
    found = [s for s in steps if s is not None]
    return min(found) if found else None


def solve(maze: Maze, layout: Layout, start: int, goal: int) -> tuple[int | None, set[str]]:
    """Fewest steps from ``start`` to ``goal`` picking up keys on the way (a search over (cell, keys
    held) states), and the colours of the keys that can be reached at all."""
    way, reached = _search(maze, layout, start, goal, frozenset())
    return (len(way) - 1 if way else None), reached


def route(maze: Maze, layout: Layout, start: int, goal: int, held: frozenset[str] = frozenset()) -> list[int]:
    """The shortest walk from ``start`` to ``goal`` that fetches the keys it needs ([] if none)."""
    return _search(maze, layout, start, goal, held)[0]


State = tuple[int, frozenset[str]]


def _search(maze: Maze, layout: Layout, start: int, goal: int,
            held: frozenset[str]) -> tuple[list[int], set[str]]:
    keys = dict((cell, colour) for colour, cell in layout.keys)
    doors = {door.cells: door.colour for door in layout.doors}
    first = (start, held | ({keys[start]} if start in keys else set()))
    came: dict[State, State | None] = {first: None}
    queue = deque([first])
    end: State | None = None
    reached: set[str] = set()
    while queue:
        state = queue.popleft()
        cell, have = state
        reached |= have - held
        if cell == goal and end is None:
            end = state
        for nb in maze.open_neighbours(cell):
            colour = doors.get(edge(cell, nb))
            if colour is not None and colour not in have:
                continue
            now = have | {keys[nb]} if nb in keys else have
            if (nb, now) not in came:
                came[(nb, now)] = state
                queue.append((nb, now))
    way: list[int] = []
    step = end
    while step is not None:
        way.append(step[0])
        step = came[step]
    return way[::-1], reached


def place(maze: Maze, level: int, seed: int) -> Layout:
    """Doors and keys for ``level`` on ``maze``: each door on the way out, its key before it and at
    least ``key_distance(level)`` steps from it; whatever cannot be placed so is left out."""
    wanted = door_count(level)
    if not wanted:
        return Layout()
    rng = random.Random(seed * 7919 + level)
    start, goal = maze.entrance[0], maze.exit[0]
    path = shortest_path(maze, start, goal)
    far = key_distance(level)
    layout = Layout()
    after = 0
    for index in range(wanted):
        target = (index + 1) * (len(path) - 1) // (wanted + 1)
        order = sorted(range(after, len(path) - 1), key=lambda i: abs(i - target))
        for i in order:
            trial = _with_door(maze, layout, COLOURS[index], edge(path[i], path[i + 1]), far, start, goal, rng)
            if trial is not None:
                layout, after = trial, i + 1
                break
    return layout


def _with_door(maze: Maze, layout: Layout, colour: str, cells: Edge, far: int, start: int, goal: int,
               rng: random.Random) -> Layout | None:
    """``layout`` with a ``colour`` door on ``cells`` and its key, or None when no fair key spot
    exists or the level would stop being solvable."""
    closed = {cells}
    reach = distances_avoiding(maze, start, closed)
    near = [distances_avoiding(maze, side, closed) for side in cells]
    taken = {start, goal, *(cell for _, cell in layout.keys)}
    spots = [cell for cell in reach if cell not in taken
             and min(d.get(cell, far) for d in near) >= far]
    if not spots:
        return None
    door = Door(colour, cells)
    trial = Layout((*layout.doors, door), (*layout.keys, (colour, rng.choice(sorted(spots)))))
    steps, reached = solve(maze, trial, start, goal)
    if steps is None or len(reached) < len(trial.keys):
        return None
    return trial
