"""Editing a finished maze by hand: open or close a wall, remove or restore cells, move the
entrance, the exit, the solver's start or goal; undo and redo every edit.

A student changes the maze to see what the solver does about it, so an edit must be instant on a
maze of a million cells: each one is kept as the few cells it touched, each cell's passages,
state and region before and after (:class:`CellChange`), and the endpoints it moved. Doing,
undoing and redoing write only those cells and list only them as dirty for the board: O(change),
never a copy of the maze. Pure Python and numpy; the window turns clicks into these calls.

``check`` says whether the edited maze is still perfect (whole-array work, run after an edit,
not part of it): loops as passages beyond a spanning forest, cells cut off from the entrance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from ..core.graph import components
from ..core.maze import CellState, Maze, loop_through
from ..core.passage_graph import PassageGraph
from ..core.weights import MAX_WEIGHT
from .connectivity import STAGED_FROM_CELLS, Connectivity, _closing_passage, _passage_ends, _scipy_graph, _scipy_parts
from .session import Run

_OPEN_STATES = (int(CellState.PASSAGE), int(CellState.ROOM))
LOOP_CELLS = 2_000
"""Cells a large maze's search for the loop to draw looks at in the click; the rest over frames."""
MOST_CUT_OFF = 200
"""Cut-off cells listed (and drawn) at most; the count is always exact."""


class End(Enum):
    """The four endpoints a drag can move (the value is how the panel names it)."""

    ENTRANCE = "entrance"
    EXIT = "exit"
    START = "solver's start"
    GOAL = "solver's goal"


@dataclass(frozen=True)
class CellChange:
    """One cell's model values (passages, state, region) before and after an edit."""

    cell: int
    before: tuple[int, int, int]
    after: tuple[int, int, int]


@dataclass
class Edit:
    """One undoable edit: the cell changes in the order they were made, and the endpoints moved."""

    words: str
    """What it did, as the window says it ("opened the wall between (3, 4) and (4, 4)")."""
    cells: list[CellChange] = field(default_factory=list)
    ends: list[tuple[End, object, object]] = field(default_factory=list)
    """``(which, before, after)``: an opening ``(cell, direction)``, or a cell or None for the solver's."""
    weights: list[tuple[int, int, int]] = field(default_factory=list)
    """``(cell, cost before, cost after)`` of each cell a weight stroke painted."""
    made_weights: bool = False
    """The stroke gave a maze without weights its costs (every cell 1 before it): undone, it has none again."""

    @property
    def changes_maze(self) -> bool:
        """True when the edit changed passages, cells or costs (not only where an endpoint stands)."""
        return bool(self.cells or self.weights) or any(which in (End.ENTRANCE, End.EXIT) for which, _, _ in self.ends)

    @property
    def touched(self) -> list[int]:
        """The cells whose look the edit changed (for the board's repaint)."""
        cells = [change.cell for change in self.cells] + [cell for cell, _, _ in self.weights]
        for _, before, after in self.ends:
            for value in (before, after):
                if isinstance(value, tuple):
                    cells.append(value[0])
                elif isinstance(value, int):
                    cells.append(value)
        return cells


@dataclass(frozen=True)
class Check:
    """Whether the maze is perfect: loops, cells cut off from the entrance, one loop to draw."""

    loops: int
    cut_off: int
    cut_off_cells: tuple[int, ...]
    """Up to MOST_CUT_OFF of the cut-off cells, in cell order."""
    loop: tuple[int, ...]
    """One loop's cells in order, back to the first (() when there is none)."""
    removed: int
    """Cells that are not part of the maze (removed by hand, pruned, never carved)."""
    checking: bool = False
    """True while a closed passage's search goes on over frames: loops and cut-off cells are not known yet."""

    @property
    def perfect(self) -> bool:
        """One way between any two cells of the maze: no loop, nothing cut off."""
        return not self.loops and not self.cut_off and not self.checking


class Editor:
    """The hand edits of one finished run, with their undo and redo stacks.

    ``ends`` is the scene's list of the solver's start and goal (None: the entrance, the exit),
    changed in place. An edit is refused (a one-line reason is returned instead) when it would
    break the model's rules: an opening off the maze's edge, a removed entrance."""

    def __init__(self, run: Run, ends: list[int | None]) -> None:
        self.run = run
        self.ends = ends
        self.done: list[Edit] = []
        self.undone: list[Edit] = []
        self._stroke: Edit | None = None
        self._stroke_cost = 1
        """The cost a weight stroke paints."""
        self._version = run.maze_version
        self._links: Connectivity | None = None
        """The perfectness figures kept edit by edit (made on the first look, or ``warm``)."""
        self.table: np.ndarray | None = None
        """The grid's neighbour table when the caller keeps one (for the whole counts)."""
        self.like: PassageGraph | None = None
        """The caller's passage graph, when it keeps one: the figures' own shares its fixed arrays."""

    @property
    def maze(self) -> Maze:
        return self.run.maze

    @property
    def current(self) -> bool:
        """False once the run has been taken back into its generation (a seek rebuilt the maze):
        the edits then no longer describe it."""
        return self._version == self.run.maze_version

    def editable(self) -> str | None:
        """Why the maze cannot be edited now, or None when it can (it must be finished)."""
        if not self.run.finished:
            return "The maze is still growing: End finishes it, then click walls to change it"
        return None

    # --- the edits ------------------------------------------------------------------

    def toggle_wall(self, cell: int, direction: int) -> Edit | str:
        """Open the wall between ``cell`` and its neighbour in ``direction``, or close the passage
        there. Opening next to a removed cell brings that cell back."""
        self._catch_up()
        grid, maze = self.maze.grid, self.maze
        other = grid.neighbour(cell, direction)
        if other < 0:
            return "That is the maze's outer wall: drag the entrance or the exit to move an opening"
        opening = not maze.is_open(cell, direction)
        names = f"{grid.cell_name(cell)} and {grid.cell_name(other)}"
        edit = Edit(("opened the wall between " if opening else "closed the passage between ") + names)
        back = grid.opposite(direction)
        for here, d in ((cell, direction), (other, back)):
            passages, state, region = self._values(here)
            if opening:
                passages |= 1 << d
                if state not in _OPEN_STATES:
                    state, region = int(CellState.PASSAGE), -1
            else:
                passages &= ~(1 << d) & 0xFF
            self._change(edit, here, (passages, state, region))
        return self._push(edit)

    def begin_stroke(self, cell: int) -> str:
        """Start painting at ``cell``: the stroke removes cells when it starts on one that is part of
        the maze, else restores them. Returns what the stroke does, in a word."""
        self._catch_up()
        removing = self._is_open(cell)
        self._stroke = Edit("removed cells" if removing else "restored cells")
        self._stroke_removes = removing
        self.paint(cell)
        return "removing" if removing else "restoring"

    def paint(self, cell: int) -> str | None:
        """Remove or restore one more cell in the stroke; a reason when that cell is skipped."""
        edit = self._stroke
        if edit is None:
            return None
        if self._stroke_removes:
            if not self._is_open(cell):
                return None
            why = self._why_kept(cell)
            if why is not None:
                return why
            self._remove(edit, cell)
        elif not self._is_open(cell):
            self._change(edit, cell, (0, int(CellState.PASSAGE), -1))
        return None

    def begin_weights(self, cell: int) -> int:
        """Start painting costs (what entering a cell costs the weighted solvers) at ``cell``: the
        dearest cost, or 1 when the stroke starts on a cell that costs that already. A maze
        without weights gets them, every cell 1. Returns the cost the stroke paints."""
        self._catch_up()
        maze = self.maze
        made = maze.weights is None
        if maze.weights is None:
            maze.weights = np.ones(maze.grid.size, dtype=np.uint8)
        top = self.top_weight()
        self._stroke_cost = 1 if int(maze.weights[cell]) >= top else top
        self._stroke = Edit("painted", made_weights=made)
        self.paint_weight(cell)
        return self._stroke_cost

    @property
    def stroking(self) -> bool:
        """True between the start of a paint stroke (cells or costs) and its end."""
        return self._stroke is not None

    def top_weight(self) -> int:
        """The dearest cost a stroke paints: the recipe's ``weights=N``, else the most there is."""
        return int(self.run.spec.params.get("weights") or MAX_WEIGHT)

    def paint_weight(self, cell: int) -> None:
        """Give one more cell of the maze the stroke's cost."""
        edit, weights = self._stroke, self.maze.weights
        if edit is None or weights is None or not self._is_open(cell):
            return
        before = int(weights[cell])
        if before != self._stroke_cost:
            edit.weights.append((cell, before, self._stroke_cost))
            weights[cell] = self._stroke_cost

    def end_stroke(self) -> Edit | None:
        """Finish the stroke: one undo step for every cell it painted (None when it painted none)."""
        edit, self._stroke = self._stroke, None
        if edit is not None and edit.made_weights and not edit.weights:
            self.maze.weights = None  # nothing painted: the maze stays without costs
        if edit is None or not (edit.cells or edit.weights):
            return None
        if edit.weights:
            count = len({cell for cell, _, _ in edit.weights})
            edit.words = f"painted {count:,} cell{'s' if count != 1 else ''} to cost {edit.weights[0][2]}"
        else:
            count = len({change.cell for change in edit.cells if change.before[1] != change.after[1]})
            edit.words = f"{edit.words.split()[0]} {count:,} cell{'s' if count != 1 else ''}"
        self.done.append(edit)
        self.undone.clear()
        self._touch(edit)
        return edit

    def move_end(self, which: End, cell: int) -> Edit | str:
        """Put an endpoint on ``cell``. The entrance and the exit need a cell on the maze's edge
        (they open its outer wall there); the solver's start or goal any cell of the maze."""
        self._catch_up()
        maze, grid = self.maze, self.maze.grid
        if self.run.finished and not self._is_open(cell):
            return f"That cell is not part of the maze: the {which.value} must stand on one"
        before = self._end(which)
        if which in (End.ENTRANCE, End.EXIT):
            preferred = grid.entrance_direction if which is End.ENTRANCE else grid.exit_direction
            sides = [d for d in range(grid.directions) if grid.neighbour(cell, d) < 0]
            if not sides:
                return f"The {which.value} must be on the maze's edge (it opens the outer wall)"
            after: object = (cell, preferred if preferred in sides else sides[0])
            if after == (maze.exit if which is End.ENTRANCE else maze.entrance):
                return "The entrance and the exit cannot share one opening"
        else:
            default = maze.entrance[0] if which is End.START else maze.exit[0]
            after = None if cell == default else cell
        if after == before:
            return f"The {which.value} is there already"
        edit = Edit(f"moved the {which.value} to {grid.cell_name(cell)}", ends=[(which, before, after)])
        self._set_end(which, after)
        return self._push(edit)

    # --- undo and redo --------------------------------------------------------------

    def undo(self) -> Edit | None:
        if not self.done:
            return None
        edit = self.done.pop()
        for change in reversed(edit.cells):
            self._write(change.cell, change.before)
        self._write_weights(edit, undo=True)
        for which, before, _ in reversed(edit.ends):
            self._set_end(which, before)
        self.undone.append(edit)
        self._touch(edit)
        return edit

    def redo(self) -> Edit | None:
        if not self.undone:
            return None
        edit = self.undone.pop()
        for change in edit.cells:
            self._write(change.cell, change.after)
        self._write_weights(edit, undo=False)
        for which, _, after in edit.ends:
            self._set_end(which, after)
        self.done.append(edit)
        self._touch(edit)
        return edit

    def _catch_up(self) -> None:
        """A seek rebuilt the maze since the last edit: the old edits describe another maze, so
        they can be neither undone nor redone any more (nor do the figures kept describe it)."""
        if not self.current:
            self.done.clear()
            self.undone.clear()
            self._version = self.run.maze_version
            self._links = None

    # --- perfect or not -----------------------------------------------------------------

    @property
    def links(self) -> Connectivity:
        """The maze's parts and loops, counted in full once, then kept up to date by every write."""
        links = self._links
        if links is None or links.maze is not self.maze or not self.current:
            self._catch_up()
            links = self._links = Connectivity(self.maze, self.table, self.like)
        return links

    def check(self) -> Check:
        """Whether the maze as it stands is perfect, from the figures kept (what ``check`` counts
        over the whole maze, at the cost of the edits since the last look)."""
        links = self.links
        if links.stale and links.pending is None and self.maze.grid.size >= STAGED_FROM_CELLS:
            links.begin_recount()  # an edit cut a search short: counted again over the next frames
        if links.pending is not None:
            return Check(0, 0, (), (), self.maze.grid.size - links.open_count, checking=True)
        cut = links.cut_off()
        large = self.maze.grid.size >= STAGED_FROM_CELLS
        loop = links.loop(LOOP_CELLS if large else math.inf)  # a large maze's loop may be drawn a few frames later
        return Check(links.loops, len(cut), tuple(int(c) for c in cut[:MOST_CUT_OFF]), loop or (),
                     self.maze.grid.size - links.open_count)

    # --- the model, a cell at a time --------------------------------------------------

    @property
    def figures_version(self) -> tuple[int, int]:
        """Changes when the figures kept change (a search over frames ending, a loop to draw
        found): keys what shows them."""
        return (-1, -1) if self._links is None else (self._links.version, self._links.loops_drawn)

    def settle(self, deadline: float) -> bool:
        """A closed passage's search or the loop's left over, on until ``deadline``; True when
        nothing is left."""
        links = self._links
        return links is None or (links.settle(deadline) and links.go_on_looking(deadline))

    def _write_weights(self, edit: Edit, undo: bool) -> None:
        """A weight stroke's costs back as they were (``undo``) or again as painted."""
        if not edit.weights:
            return
        maze = self.maze
        if maze.weights is None:
            maze.weights = np.ones(maze.grid.size, dtype=np.uint8)
        for cell, before, after in reversed(edit.weights) if undo else edit.weights:
            maze.weights[cell] = before if undo else after
        if undo and edit.made_weights:
            maze.weights = None

    def _values(self, cell: int) -> tuple[int, int, int]:
        maze = self.maze
        return int(maze.passages[cell]), int(maze.state[cell]), int(maze.region[cell])

    def _write(self, cell: int, values: tuple[int, int, int]) -> None:
        links = self._links
        if links is not None and links.maze is self.maze:
            links.write(cell, values)  # a bit at a time, the figures following
            return
        maze = self.maze
        maze.passages[cell], maze.state[cell], maze.region[cell] = values

    def _change(self, edit: Edit, cell: int, after: tuple[int, int, int]) -> None:
        before = self._values(cell)
        if before != after:
            edit.cells.append(CellChange(cell, before, after))
            self._write(cell, after)

    def _is_open(self, cell: int) -> bool:
        return int(self.maze.state[cell]) in _OPEN_STATES

    def _why_kept(self, cell: int) -> str | None:
        maze = self.maze
        if cell in (maze.entrance[0], maze.exit[0]):
            return "The entrance and the exit stay: drag them elsewhere first"
        if int(maze.state[cell]) == int(CellState.ROOM):
            return "Rooms are kept whole: paint corridors only"
        return None

    def _remove(self, edit: Edit, cell: int) -> None:
        """Close every passage of ``cell`` (both sides) and take it out of the maze."""
        grid = self.maze.grid
        for d, other in grid.neighbours(cell):
            if self.maze.is_open(cell, d):
                passages, state, region = self._values(other)
                self._change(edit, other, (passages & ~(1 << grid.opposite(d)) & 0xFF, state, region))
        self._change(edit, cell, (0, int(CellState.UNVISITED), -1))
        for which, default in ((End.START, 0), (End.GOAL, 1)):
            if self.ends[default] == cell:
                edit.ends.append((which, cell, None))
                self.ends[default] = None

    def _end(self, which: End) -> object:
        maze = self.maze
        return {End.ENTRANCE: maze.entrance, End.EXIT: maze.exit, End.START: self.ends[0],
                End.GOAL: self.ends[1]}[which]

    def _set_end(self, which: End, value: object) -> None:
        if which is End.ENTRANCE:
            self.maze.entrance = value  # type: ignore[assignment]
        elif which is End.EXIT:
            self.maze.exit = value  # type: ignore[assignment]
        else:
            self.ends[0 if which is End.START else 1] = value  # type: ignore[call-overload]

    def _push(self, edit: Edit) -> Edit:
        self.done.append(edit)
        self.undone.clear()
        self._touch(edit)
        return edit

    def _touch(self, edit: Edit) -> None:
        """The maze changed: a new version for every figure computed from it, its cells repainted."""
        if edit.changes_maze:
            self.run.maze_version += 1
            self._version = self.run.maze_version
        self.run.applied += 1  # what is drawn changed: caches keyed on it (the legend) look again
        self.run.overlay.dirty.extend(edit.touched)
        if edit.made_weights:
            self.run.overlay.full_redraw = True  # costs came or went: every floor cell is shaded anew


def check(maze: Maze, neighbours: np.ndarray | None = None) -> Check:
    """Loops, cut-off cells and one loop of ``maze``, in whole-array rounds (``core.graph``, or
    scipy's on a large maze); ``neighbours`` is the grid's neighbour table when the caller keeps
    one (it is a tenth of a second to build for a million cells)."""
    grid = maze.grid
    a, b = _passage_ends(maze, neighbours)
    opened = maze.open_mask()
    graph = _scipy_graph(a, b, grid.size)
    part = components(a, b, grid.size) if graph is None else _scipy_parts(graph)
    parts = len(np.unique(part[opened])) if opened.any() else 0
    loops = len(a) - int(opened.sum()) + parts
    reached = part == part[maze.entrance[0]]
    cut = np.flatnonzero(opened & ~reached)
    loop: tuple[int, ...] = ()
    if loops:
        closing = _closing_passage(a, b, part, graph, grid.size)
        if closing is not None:
            loop = loop_through(maze, *closing)
    return Check(loops, len(cut), tuple(int(c) for c in cut[:MOST_CUT_OFF]), loop, int((~opened).sum()))
