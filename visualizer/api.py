"""Write your own maze generator or solver: the helpers a student's file uses, and nothing else.

A generator file defines ``generate(grid, rng)`` and yields one event per thing it does::

    from visualizer.api import backtrack, carve, start

    def generate(grid, rng):
        first = rng.choice(grid.cells())
        yield start(first)
        ...
        yield carve(cell, other)      # open the wall between two neighbouring cells

A solver file defines ``solve(maze, start, goal)``, yields ``look(cell, came_from)`` events as it
searches and returns the path as a list of cells. Run either with ``maze-visualizer -a my_maze.py``
(``--solve my_solver.py``); the checker stops the run at the first event that breaks a rule and says
why. Every helper takes ``line=N``: the N-th line (from 1) of the file's optional ``CODE`` list is
lit in the window while that event shows.

The events are the ones the built-in algorithms yield (``core/events.py``); the helpers only spare
you the directions, which the checker works out from the two cells. This module imports nothing
but the event kinds, so it is safe to read from top to bottom.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from .core.events import Kind

if TYPE_CHECKING:
    from .core.maze import Maze as ModelMaze
    from .grids import Grid as ModelGrid

NO_CELL = -1
START = "start"
"""The value that tells ``start(cell)`` from a ``carve`` whose second cell is missing."""


class Step(NamedTuple):
    """One event of a student's run: what happened, to which cell (and which other cell), and the
    ``CODE`` line it comes from (from 1; 0: none). Made by the helpers below, read by the checker."""

    kind: Kind
    cell: int
    other: int = NO_CELL
    line: int = 0
    value: int | str = NO_CELL
    """Only for the kinds that carry a number or a name (``group``, ``phase``)."""


# --- generators: changing the maze ---------------------------------------------------------------


def start(cell: int, *, line: int = 0) -> Step:
    """Open ``cell`` on its own: the first cell of the maze, before any carve."""
    return Step(Kind.CARVE, cell, NO_CELL, line, START)


def carve(cell: int, other: int, *, line: int = 0) -> Step:
    """Open the wall between ``cell`` and its neighbour ``other``; ``other`` becomes the current cell."""
    return Step(Kind.CARVE, cell, other, line)


def wall(cell: int, other: int, *, line: int = 0) -> Step:
    """Close the passage between ``cell`` and its neighbour ``other`` (for wall-adding algorithms)."""
    return Step(Kind.WALL, cell, other, line)


def prune(cell: int, *, line: int = 0) -> Step:
    """Close the dead end ``cell`` and its one passage (for a maze with fewer corridors, as the
    dungeon trims its own)."""
    return Step(Kind.PRUNE, cell, NO_CELL, line)


def open_everything(*, line: int = 0) -> Step:
    """Open every cell and every wall between neighbours: the start of a wall-adding algorithm."""
    return Step(Kind.OPEN_FIELD, NO_CELL, NO_CELL, line)


# --- generators: showing what you are doing -------------------------------------------------------


def current(cell: int, *, line: int = 0) -> Step:
    """Mark ``cell`` as where the algorithm is looking now."""
    return Step(Kind.CURRENT, cell, NO_CELL, line)


def frontier(cell: int, *, line: int = 0) -> Step:
    """``cell`` joins the frontier: cells next to the maze, waiting to be added."""
    return Step(Kind.FRONTIER_ADD, cell, NO_CELL, line)


def leave_frontier(cell: int, *, line: int = 0) -> Step:
    """``cell`` leaves the frontier without being carved."""
    return Step(Kind.FRONTIER_REMOVE, cell, NO_CELL, line)


def backtrack(cell: int, to: int = NO_CELL, *, line: int = 0) -> Step:
    """``cell`` is finished (popped off your stack); ``to`` is where you go back to (leave it out at the end)."""
    return Step(Kind.BACKTRACK, cell, to, line)


def walk(cell: int, other: int, *, line: int = 0) -> Step:
    """A random-walk step from ``cell`` to its neighbour ``other``, not part of the maze yet."""
    return Step(Kind.WALK, cell, other, line)


def erase(cell: int, *, line: int = 0) -> Step:
    """Rub ``cell`` out of the walk (its loop was cut)."""
    return Step(Kind.WALK_ERASE, cell, NO_CELL, line)


def keep_wall(cell: int, other: int, *, line: int = 0) -> Step:
    """You looked at the wall between ``cell`` and ``other`` and decided to leave it closed."""
    return Step(Kind.REJECT, cell, other, line)


def chamber(corner: int, other_corner: int, *, line: int = 0) -> Step:
    """Take up the chamber from ``corner`` to ``other_corner`` (drawn as a box), as recursive division does."""
    return Step(Kind.CHAMBER, corner, other_corner, line)


def scan(first: int, last: int, *, line: int = 0) -> Step:
    """Look along the cells ``first`` to ``last`` for somewhere to go on (hunt-and-kill's row)."""
    return Step(Kind.SCAN, first, last, line)


def group(cell: int, number: int, *, line: int = 0) -> Step:
    """``cell`` now belongs to group ``number`` (sets, as Kruskal and Eller keep them): coloured by group."""
    return Step(Kind.SET, cell, NO_CELL, line, number)


def phase(name: str, *, line: int = 0) -> Step:
    """A new phase of your algorithm begins (its name shows in the panel)."""
    return Step(Kind.PHASE, NO_CELL, NO_CELL, line, name)


# --- solvers ---------------------------------------------------------------------------------------


def look(cell: int, came_from: int = NO_CELL, *, line: int = 0) -> Step:
    """The solver reached ``cell`` (from its open neighbour ``came_from``; leave it out for the start)."""
    return Step(Kind.SEARCH, cell, came_from, line)


def todo(cell: int, came_from: int = NO_CELL, *, line: int = 0) -> Step:
    """The solver puts ``cell`` on its to-do list (a stack or a queue), reached from ``came_from``."""
    return Step(Kind.OPEN, cell, came_from, line)


def take(cell: int, *, line: int = 0) -> Step:
    """The solver takes ``cell`` off its to-do list to look at its neighbours."""
    return Step(Kind.TAKE, cell, NO_CELL, line)


def dead_end(cell: int, *, line: int = 0) -> Step:
    """The solver fills ``cell`` in as a dead end (no way to the goal through it), as dead-end filling does."""
    return Step(Kind.DEAD_END, cell, NO_CELL, line)


GENERATOR_KINDS = frozenset({Kind.CARVE, Kind.WALL, Kind.OPEN_FIELD, Kind.CURRENT, Kind.FRONTIER_ADD,
                             Kind.FRONTIER_REMOVE, Kind.BACKTRACK, Kind.WALK, Kind.WALK_ERASE, Kind.REJECT,
                             Kind.SET, Kind.PHASE, Kind.PRUNE, Kind.CHAMBER, Kind.SCAN})
"""What a ``generate`` may yield."""
SOLVER_KINDS = frozenset({Kind.SEARCH, Kind.OPEN, Kind.TAKE, Kind.DEAD_END})
"""What a ``solve`` may yield (the path is its return value)."""
PAIRED = frozenset({Kind.CARVE, Kind.WALL, Kind.WALK, Kind.REJECT})
"""The kinds whose two cells must be neighbours (``start`` is a CARVE of its own)."""
SPANNING = frozenset({Kind.CHAMBER, Kind.SCAN})
"""The kinds that need two cells, not necessarily neighbours (the ends of what they span)."""


# --- what your functions are given -------------------------------------------------------------------


class Grid:
    """The grid as ``generate(grid, rng)`` sees it: the cells and who is next to whom.

    Cells are numbers from 0 to ``grid.size - 1``. Any shape (squares, hexagons, triangles, rings)
    answers the same questions, so one generator runs on all of them.
    """

    def __init__(self, grid: ModelGrid) -> None:
        self._grid = grid
        self.size = grid.size
        """How many cells there are."""

    def cells(self) -> list[int]:
        """Every cell, in order."""
        return list(self._grid.cells())

    def neighbours(self, cell: int) -> list[int]:
        """The cells next to ``cell`` (sharing a wall with it), walls open or not."""
        return self._grid.neighbour_cells(cell)

    def name(self, cell: int) -> str:
        """How the window names ``cell``: "(3, 4)" on squares."""
        return self._grid.cell_name(cell)

    @property
    def entrance(self) -> int:
        """The cell the maze is entered by."""
        return self._grid.entrance[0]

    @property
    def exit(self) -> int:
        """The cell the maze is left by."""
        return self._grid.exit[0]

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.size))

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<grid of {self.size} cells>"


class Maze(Grid):
    """The finished maze as ``solve(maze, start, goal)`` sees it: the grid, plus which walls are open."""

    def __init__(self, maze: ModelMaze) -> None:
        super().__init__(maze.grid)
        self._maze = maze

    def open_neighbours(self, cell: int) -> list[int]:
        """The cells you can walk to from ``cell`` in one step (the wall between is open)."""
        return self._maze.open_neighbours(cell)

    def __repr__(self) -> str:
        return f"<maze of {self.size} cells>"


__all__ = ["Grid", "Maze", "Step", "backtrack", "carve", "chamber", "current", "dead_end", "erase", "frontier",
           "group", "keep_wall", "leave_frontier", "look", "open_everything", "phase", "prune", "scan", "start",
           "take", "todo", "walk", "wall"]
