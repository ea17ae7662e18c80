"""Wall follower: keep one hand on the wall and walk. Left- and right-handed; squares and hexagons.

On a perfect maze (and any maze whose entrance and exit are on the outer wall) it always gets
out. In a maze with loops it can circle an island forever: that is detected (the same cell faced
the same way twice) and shown as a failure with no path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path

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


def right_hand(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    return follow_wall(maze, start, goal, "right")


def left_hand(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    return follow_wall(maze, start, goal, "left")


def turn_word(turn: int, directions: int) -> str:
    """A turn in words ("right", "sharp left", "straight on", "back"); ``turn`` is clockwise steps."""
    half = directions // 2
    turn = (turn + half - 1) % directions - (half - 1)  # into -half+1 .. half
    if turn == 0:
        return "straight on"
    if turn == half:
        return "back"
    side = "right" if turn > 0 else "left"
    if half > 2:
        side = ("sharp " if abs(turn) == half - 1 else "slight ") + side
    return side


def wall_code(hand: str) -> Code:
    """The walk's pseudocode for one hand (the other hand's is its mirror, with the same line names)."""
    other = "left" if hand == "right" else "right"
    return Code(
        hand=f"put your {hand} hand on the wall",
        face="face into the maze (from the entrance)",
        loop="while not at the goal:",
        again="  if here facing this way before: no path",
        note="  note this cell and heading",
        sharpest=f"  try ways from the sharpest {hand} turn",
        round=f"    round to the {other}, turning back last",
        step="  step into the first open one; face that way",
        path="erase the walk's loops: the rest is the path",
    )


class WallNarrator(SolverNarrator):
    """The walker's heading and the turn it took: no to-do list, just the hand on the wall."""

    hand: ClassVar[str] = "right"

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.heading = 0
        self.steps = 0
        self.seen: set[tuple[int, int]] = set()

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        """One step of the walk: which way it turned, and why (the ways tried before were shut)."""
        grid = self.grid
        if other < 0:
            at_entrance = cell == grid.entrance[0]
            self.heading = grid.opposite(grid.entrance_direction) if at_entrance else 0
            self.seen = {(cell, self.heading)}
            facing = "in from the entrance" if at_entrance else "the first direction"
            return Told(self.code.face,
                        f"Start at {self.name(cell)}, facing {self.direction(self.heading)} ({facing}), "
                        f"{self.hand} hand on the wall")
        d = grid.direction_between(other, cell)
        turns = turn_order(self.heading, grid.directions, self.hand)
        shut = [turn_word(t - self.heading, grid.directions) for t in turns[:turns.index(d)]]
        why = self.shut_text(shut) if shut else f"the {self.hand} side is open"
        move = turn_word(d - self.heading, grid.directions)
        verb = "go " + move if move.startswith("straight") else "turn " + move
        self.heading = d
        self.steps += 1
        sentence = f"{self.hand.capitalize()} hand on the wall: {why}, so {verb}, {self.direction(d)} into " \
                   f"{self.name(cell)}"
        if (cell, d) in self.seen:
            return Told(self.code.again,
                        f"{sentence}. It has stood here facing {self.direction(d)} before: it would go round "
                        "for ever, so give up with no path")
        self.seen.add((cell, d))
        return Told(self.code.step, sentence)

    @staticmethod
    def shut_text(shut: list[str]) -> str:
        """The turns tried first and found shut, in order ("no way sharp right or slight right")."""
        if len(shut) <= 2:
            return "no way " + " or ".join(shut)
        return f"no way from {shut[0]} round to {shut[-1]}"

    def path_found(self, start: int) -> str:
        """The path is the walk with its detours cut out, not every step walked."""
        return (f"Cut every loop out of the walk (back at a cell: drop the detour since): "
                f"the path begins at {self.name(start)}")

    def data(self) -> list[tuple[str, str]]:
        return [("Hand", f"{self.hand} hand on the wall"), ("Heading", self.direction(self.heading)),
                ("Walked", plural(self.steps, "step"))] + self.path_rows()


class RightHandNarrator(WallNarrator):
    """Right hand on the wall: the sharpest right turn that is open, every step."""

    hand = "right"
    code = wall_code("right")
    legend = {"search": "walked (hand on the wall)", "path": "the walk, loops cut out"}


class LeftHandNarrator(WallNarrator):
    """Left hand on the wall: the sharpest left turn that is open, every step."""

    hand = "left"
    code = wall_code("left")
    legend = RightHandNarrator.legend


RIGHT = Solver("wall_right", right_hand, "Wall follower, right hand on the wall; fails on loops.", shortest=False,
               title="Wall follower (right hand)", narrator=RightHandNarrator)
LEFT = Solver("wall_left", left_hand, "Wall follower, left hand on the wall; fails on loops.", shortest=False,
              title="Wall follower (left hand)", narrator=LeftHandNarrator)
