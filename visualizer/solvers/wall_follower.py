"""Wall follower: keep one hand on the wall and walk. Left- and right-handed; squares and hexagons.

On a perfect maze (and any maze whose entrance and exit are on the outer wall) it always gets
out. In a maze with loops it can circle an island forever: that is detected (the same cell faced
the same way twice) and shown as a failure with no path.
"""

from __future__ import annotations

from ..events import EventStream, Kind
from ..maze import Maze
from .base import SearchStream, Solver, announce_path

SEARCH, CURRENT = Kind.SEARCH, Kind.CURRENT


def turn_order(heading: int, directions: int, hand: str) -> list[int]:
    """Directions to try, hand side first: sharpest turn toward the hand, ..., straight, ..., back."""
    half = directions // 2
    turns = list(range(half - 1, -half, -1))  # e.g. square: +1, 0, -1; hex: +2, +1, 0, -1, -2
    if hand == "left":
        turns = [-t for t in turns]
    return [(heading + t) % directions for t in turns] + [(heading + half) % directions]


def follow_wall(maze: Maze, start: int, goal: int, hand: str) -> SearchStream:
    grid = maze.grid
    directions = grid.directions
    heading = grid.opposite(maze.entrance[1]) if start == maze.entrance[0] else 0
    cell = start
    walk = [cell]
    seen_states = set()
    yield (SEARCH, cell, -1, -1)
    while cell != goal:
        state = (cell, heading)
        if state in seen_states:  # going round in circles: the hand is on an island wall
            return []
        seen_states.add(state)
        for d in turn_order(heading, directions, hand):
            if maze.is_open(cell, d):
                nb = grid.neighbour(cell, d)
                if nb >= 0:
                    yield (SEARCH, nb, cell, -1)
                    cell, heading = nb, d
                    walk.append(cell)
                    break
        else:
            return []  # a closed cell: nowhere to go
    return (yield from announce_path(loop_erased(walk)))


def loop_erased(walk: list[int]) -> list[int]:
    """The walk with its detours removed: each revisit cuts back to the first visit."""
    path: list[int] = []
    index: dict[int, int] = {}
    for cell in walk:
        if cell in index:
            cut = index[cell]
            for dropped in path[cut + 1:]:
                del index[dropped]
            del path[cut + 1:]
        else:
            index[cell] = len(path)
            path.append(cell)
    return path


def right_hand(maze: Maze, start: int, goal: int, show: bool = True) -> EventStream:
    return follow_wall(maze, start, goal, "right")


def left_hand(maze: Maze, start: int, goal: int, show: bool = True) -> EventStream:
    return follow_wall(maze, start, goal, "left")


RIGHT = Solver("wall_right", right_hand, "Wall follower, right hand on the wall; fails on loops.", shortest=False)
LEFT = Solver("wall_left", left_hand, "Wall follower, left hand on the wall; fails on loops.", shortest=False)
