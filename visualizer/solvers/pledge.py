"""The Pledge algorithm: a wall follower that lets go of the wall, so it cannot circle an island.

Walk straight on in one chosen direction (the way in from the entrance). At a wall, put the right
hand on it and follow it, adding up every turn (right +1, left -1, in the grid's own direction
steps); when the sum is back to 0 (facing the chosen direction again, having turned as much left
as right) let go and walk straight on. The sum tells an island apart from the outer wall: going
once round an island adds a whole turn, so the walker never lets go there and cannot loop on it
as the plain wall follower can. It finds the way out of the maze (the exit in the outer wall), not
a cell inside: a goal it cannot reach that way ends the walk after ``step_budget`` steps, with no
path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.events import Kind
from ..core.maze import Maze
from ..core.narration import Code, Told, plural
from ..grids import Grid
from .base import SearchStream, Solver, SolverNarrator, announce_path
from .wall_follower import loop_erased, turn_order, turn_word

SEARCH = Kind.SEARCH
HAND = "right"


def step_budget(maze: Maze) -> int:
    """Steps before the walk gives up: every wall side of every cell walked a few times over."""
    return 8 * maze.grid.directions * maze.grid.size + 64


def candidates(maze: Maze, cell: int, heading: int, following: bool) -> list[tuple[int, int]]:
    """The ways to try, in order, each with the turn it adds to the sum (right +1, left -1).

    Walking straight on: only straight ahead. Just come up against a wall: turn away from it (left
    for the right hand) step by step, round to the sharpest right last, so the hand lands on it.
    Following: the wall follower's order, sharpest right first, turning back (-half) last."""
    directions = maze.grid.directions
    half = directions // 2
    if not following and open_way(maze, cell, heading) >= 0:
        return [(heading, 0)]
    if not following:
        return [((heading - t) % directions, -t) for t in range(1, directions)]
    turns = list(range(half - 1, -half, -1)) + [-half]
    return [(d, turn) for d, turn in zip(turn_order(heading, directions, HAND), turns)]


def pledge(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
    """Yield SEARCH per step (``other``: the cell left; ``value``: the turn sum after it), then PATH
    along the walk with its loops cut out. Returns the path ([] when it gave up)."""
    grid = maze.grid
    heading = grid.opposite(maze.entrance[1]) if start == maze.entrance[0] else 0
    cell, turns = start, 0
    walk = [cell]
    seen: set[tuple[int, int, int]] = set()
    yield (SEARCH, cell, -1, 0)
    budget = step_budget(maze)
    while cell != goal:
        state = (cell, heading, turns)  # the sum is 0 exactly when walking straight on
        if state in seen or len(walk) > budget:
            return []  # the same cell, heading and sum again: it would repeat itself for ever
        seen.add(state)
        way = choose(maze, cell, heading, turns)
        if way is None:
            return []  # a closed cell: nowhere to go
        d, turn = way
        turns += turn
        cell, heading = grid.neighbour(cell, d), d
        yield (SEARCH, cell, walk[-1], turns)
        walk.append(cell)
    return (yield from announce_path(loop_erased(walk)))


def choose(maze: Maze, cell: int, heading: int, turns: int) -> tuple[int, int] | None:
    """The way to go and its turn, or None. A right turn of two steps or more (on hex) sweeps past
    the directions between: where the sum passes 0 on the way, the walker faces the chosen way and
    lets go of the wall, then walks on that way or, if it is shut, meets the wall there as anew
    (else a sum could jump over 0 and never let go)."""
    directions = maze.grid.directions
    for d, turn in candidates(maze, cell, heading, turns != 0):
        if open_way(maze, cell, d) < 0:
            continue
        if 0 < -turns < turn:  # the sum passes 0 before this way: let go there
            facing = (heading - turns) % directions
            return next(((f, -turns + t) for f, t in candidates(maze, cell, facing, False)
                         if open_way(maze, cell, f) >= 0), None)
        return d, turn
    return None


def open_way(maze: Maze, cell: int, d: int) -> int:
    """The neighbour through an open passage in direction ``d``, or -1 (a wall, or the edge)."""
    return maze.grid.neighbour(cell, d) if maze.is_open(cell, d) else -1


def sum_text(turns: int) -> str:
    """The turn sum as the panel writes it: "0", "+2", "−1" (a true minus sign)."""
    return f"{turns:+d}".replace("-", "−") if turns else "0"


class PledgeNarrator(SolverNarrator):
    """The heading and the turn sum: the number that lets it leave an island's wall."""

    code = Code(
        face="face the chosen way (in from the entrance); sum = 0",
        loop="while not at the goal:",
        straight="  if sum is 0 and the way ahead is open: step on",
        wall="  else if sum is 0: a wall; turn left, right hand on it",
        follow="  else: follow the wall, sharpest right turn first",
        tally="  add each turn to the sum (right +1, left -1)",
        again="  if here, this way, with this sum before: no path",
        path="erase the walk's loops: the rest is the path",
    )
    legend = {"search": "walked (straight on or hand on the wall)", "path": "the walk, loops cut out"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.heading = 0
        self.turns = 0
        self.steps = 0

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        """A step: straight on (sum 0), or along the wall with the turn it adds to the sum."""
        grid = self.grid
        if other < 0:
            at_entrance = cell == grid.entrance[0]
            self.heading = grid.opposite(grid.entrance_direction) if at_entrance else 0
            return Told(self.code.face, f"Start at {self.name(cell)}, facing {self.direction(self.heading)}, the "
                                        "chosen way; the turn sum is 0")
        d = grid.direction_between(other, cell)
        before, self.turns = self.turns, int(value)
        self.steps += 1
        move = turn_word(d - self.heading, grid.directions)
        self.heading = d
        into = f"{self.direction(d)} into {self.name(cell)}"
        if before == 0 and self.turns == 0:
            return Told(self.code.straight, f"The turn sum is 0 and the way ahead is open: step straight on, {into}")
        if before == 0:
            return Told(self.code.wall, f"A wall ahead: put the right hand on it and go {move}, {into}; the turn "
                                        f"sum is {sum_text(self.turns)} now")
        if self.turns == 0:
            return Told(self.code.tally, f"Hand on the wall, go {move}, {into}: the turn sum is back to 0, facing "
                                         "the chosen way again, so let go of the wall")
        return Told(self.code.follow, f"Hand on the wall, go {move}, {into}; the turn sum is {sum_text(self.turns)}")

    def path_found(self, start: int) -> str:
        return (f"Cut every loop out of the walk (back at a cell: drop the detour since): "
                f"the path begins at {self.name(start)}")

    def data(self) -> list[tuple[str, str]]:
        mode = "walking straight on" if self.turns == 0 else "right hand on the wall"
        return [("Heading", self.direction(self.heading)), ("Turn sum", f"{sum_text(self.turns)} ({mode})"),
                ("Walked", plural(self.steps, "step"))] + self.path_rows()


SOLVER = Solver("pledge", pledge, "Pledge: straight on, then along walls counting turns; escapes islands.",
                shortest=False, title="Pledge", narrator=PledgeNarrator)
