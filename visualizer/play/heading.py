"""First-person movement: the player stands in a cell facing one of its sides.

Pure Python and numpy (no pygame), and the same code for every grid with plane geometry
(``Grid.unit_centres`` / ``Grid.edge_segments``): a heading is a direction index, turning picks
the cell's next side round by angle (clockwise on screen for a right turn), walking forward crosses
the side faced and walking back crosses the opposite side. The absolute direction walked is
returned, so the window can hand it to ``Game.move`` and the rules (trail, fog, winning) stay there.

``Camera`` smooths the eye between the poses these functions produce, for the renderer.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, field

import numpy as np

from ..core.maze import Maze
from ..grids import Grid
from ..grids.base import sides_present
from ..solvers import shortest_path

FORWARD, BACK, LEFT, RIGHT = "forward", "back", "left", "right"
INTENTS = (FORWARD, BACK, LEFT, RIGHT)
"""What a first-person key asks for; ``walk`` turns one into the next pose."""

CLOCKWISE, COUNTER_CLOCKWISE = 1, -1


class _Plane:
    """Per grid: every cell centre, the screen angle from it to the middle of each side, and which
    sides exist (a grid may give a cell fewer sides than it has directions: a zero-length edge)."""

    def __init__(self, grid: Grid) -> None:
        self.centres = grid.unit_centres()
        edges = grid.edge_segments()
        self.real = sides_present(edges)
        offsets = edges.mean(axis=2) - self.centres[:, None, :]
        self.angles = np.arctan2(offsets[..., 1], offsets[..., 0])
        del edges, offsets


_PLANES: weakref.WeakKeyDictionary[Grid, _Plane] = weakref.WeakKeyDictionary()


def _plane(grid: Grid) -> _Plane:
    """The grid's plane, worked out once per grid (edge_segments is a whole-grid array)."""
    plane = _PLANES.get(grid)
    if plane is None:
        plane = _PLANES[grid] = _Plane(grid)
    return plane


# --- poses -----------------------------------------------------------------------------


def sides(grid: Grid, cell: int) -> list[int]:
    """The directions ``cell`` has a side in (all of them on squares and hexagons)."""
    return np.flatnonzero(_plane(grid).real[cell]).tolist()


def turn(grid: Grid, cell: int, direction: int, step: int) -> int:
    """The side of ``cell`` next to ``direction``: +1 clockwise on screen, -1 counter-clockwise
    (a quarter turn on squares, a sixth on hexagons). Found by angle among the sides the cell has,
    so it needs no numbering convention and skips directions a cell lacks."""
    plane = _plane(grid)
    angles, real = plane.angles[cell], plane.real[cell]
    for _ in range(abs(step)):
        ahead = np.where(real, ((angles - angles[direction]) * (1 if step > 0 else -1)) % math.tau, math.inf)
        ahead[direction] = math.inf
        if not np.isfinite(ahead).any():
            break
        direction = int(ahead.argmin())
    return direction


def heading_angle(grid: Grid, cell: int, direction: int) -> float:
    """Radians (screen coordinates, y down) from the centre of ``cell`` to the middle of that side."""
    return float(_plane(grid).angles[cell, direction])


def cell_point(grid: Grid, cell: int) -> tuple[float, float]:
    """The centre of ``cell`` in the plane of ``unit_centres`` (where the camera stands)."""
    x, y = _plane(grid).centres[cell]
    return float(x), float(y)


def _through(grid: Grid, maze: Maze, cell: int, direction: int) -> tuple[int, int] | None:
    """Cross the side ``direction`` of ``cell`` if its passage is open: (new cell, direction)."""
    if not maze.is_open(cell, direction):
        return None
    target = grid.neighbour(cell, direction)
    return None if target < 0 else (target, direction)


def forward(grid: Grid, maze: Maze, cell: int, direction: int) -> tuple[int, int] | None:
    """Step through the side faced: (new cell, absolute direction walked), or None at a wall (a bump)."""
    return _through(grid, maze, cell, direction)


def back(grid: Grid, maze: Maze, cell: int, direction: int) -> tuple[int, int] | None:
    """Step backwards through the opposite side (``grid.opposite``): (new cell, direction walked), or
    None when a wall is behind or the cell has no side opposite the one faced."""
    return _through(grid, maze, cell, grid.opposite(direction))


def arrival_facing(grid: Grid, maze: Maze, cell: int, facing: int, looking: float) -> int:
    """The side to face on arriving in ``cell``: the same direction when the cell has that side
    (always on squares and hexagons), else the side nearest the angle ``looking`` the eye had,
    an open one first on a tie."""
    plane = _plane(grid)
    if plane.real[cell, facing]:
        return facing
    off = np.abs((plane.angles[cell] - looking + math.pi) % math.tau - math.pi)
    return min(sides(grid, cell), key=lambda d: (round(float(off[d]), 9), not maze.is_open(cell, d), d))


def open_sides(grid: Grid, maze: Maze, cell: int) -> list[int]:
    """The directions of ``cell`` with an open passage, in the grid's order."""
    return [d for d in range(grid.directions) if maze.is_open(cell, d)]


def initial_heading(grid: Grid, maze: Maze, cell: int) -> int:
    """A side to face on arrival: the exit opening when standing on the exit, else the open side the
    shortest path to the exit leaves by, else the first open side (the first side of a closed cell)."""
    goal, goal_side = maze.exit
    if cell == goal:
        return goal_side
    path = shortest_path(maze, cell, goal)
    if len(path) >= 2:
        return grid.direction_between(path[0], path[1])
    options = open_sides(grid, maze, cell) or sides(grid, cell)
    return options[0] if options else 0


@dataclass(frozen=True)
class Step:
    """The pose after one first-person intent."""

    cell: int
    facing: int
    moved: int = -1
    """The absolute direction walked (give it to ``Game.move``); -1 for a turn or a bump."""
    bumped: bool = False


def walk(grid: Grid, maze: Maze, cell: int, facing: int, intent: str) -> Step:
    """One key's worth of first-person movement: turn in place, or step forward / back (a wall
    leaves the pose as it was, ``bumped``). A step keeps the heading (see ``arrival_facing``)."""
    if intent in (LEFT, RIGHT):
        return Step(cell, turn(grid, cell, facing, CLOCKWISE if intent == RIGHT else COUNTER_CLOCKWISE))
    if intent not in (FORWARD, BACK):
        raise ValueError(f"unknown first-person intent {intent!r}; choose one of: {', '.join(INTENTS)}")
    step = (forward if intent == FORWARD else back)(grid, maze, cell, facing)
    if step is None:
        return Step(cell, facing, bumped=True)
    target, moved = step
    return Step(target, arrival_facing(grid, maze, target, facing, heading_angle(grid, cell, facing)), moved=moved)


# --- the eye between poses -------------------------------------------------------------------


def wrap_angle(angle: float) -> float:
    """``angle`` brought into [-pi, pi): the short way round."""
    return (angle + math.pi) % math.tau - math.pi


def ease(t: float) -> float:
    """Smoothstep: a glide starts and stops gently instead of snapping."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


GLIDE_SECONDS = 0.15
BUMP_SECONDS = 0.18
BUMP_REACH = 0.12
"""How far (in cell widths) the eye lurches toward a wall it bumps into."""


@dataclass
class Camera:
    """Where the eye is: it glides from its pose to each new one over ``duration`` seconds, turning
    the short way, and lurches briefly toward a wall it bumps into. ``now`` is any clock in seconds;
    ``cell`` is the distance between neighbouring cell centres (``FirstPersonView.cell``)."""

    x: float
    y: float
    angle: float
    cell: float = 1.0
    duration: float = GLIDE_SECONDS
    _from: tuple[float, float, float] = field(default=(0.0, 0.0, 0.0), init=False, repr=False)
    _start: float = field(default=-math.inf, init=False, repr=False)
    _bump_start: float = field(default=-math.inf, init=False, repr=False)
    _bump_reach: float = field(default=0.0, init=False, repr=False)

    def aim(self, x: float, y: float, angle: float, now: float) -> None:
        """Glide to a new pose, starting from wherever the eye is at ``now`` (mid-glide is fine)."""
        hx, hy, ha = self.pose(now, with_bump=False)
        ha = wrap_angle(ha)  # the eye's angle stays small however many turns one way are made
        self._from = (hx, hy, ha)
        self.x, self.y = x, y
        self.angle = ha + wrap_angle(angle - ha)
        self._start = now

    def jump(self, x: float, y: float, angle: float) -> None:
        """Stand at a pose at once (a new level, a restart)."""
        self.x, self.y, self.angle = x, y, angle
        self._start = self._bump_start = -math.inf

    def bump(self, now: float, backwards: bool = False) -> None:
        """Lurch toward the wall walked into (behind, ``backwards``) and back again."""
        self._bump_start = now
        self._bump_reach = BUMP_REACH * self.cell * (-1 if backwards else 1)

    def moving(self, now: float) -> bool:
        """True while a glide or a bump is under way (the window should keep drawing frames)."""
        return now < self._start + self.duration or now < self._bump_start + BUMP_SECONDS

    def pose(self, now: float, with_bump: bool = True) -> tuple[float, float, float]:
        """``(x, y, angle)`` of the eye at ``now``."""
        t = ease((now - self._start) / self.duration) if self.duration > 0 else 1.0
        fx, fy, fa = self._from
        x, y = fx + (self.x - fx) * t, fy + (self.y - fy) * t
        angle = fa + (self.angle - fa) * t if t < 1 else self.angle
        if with_bump and now < self._bump_start + BUMP_SECONDS:
            push = self._bump_reach * math.sin(math.pi * (now - self._bump_start) / BUMP_SECONDS)
            x, y = x + push * math.cos(angle), y + push * math.sin(angle)
        return x, y, angle
