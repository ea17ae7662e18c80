"""What the picture shows beyond the maze itself: frontier, stack, walks, search, path, phase.

Folds every event (display kinds included) into per-cell marks, and records which cells need
redrawing. Pure Python and numpy: the renderer reads it, nothing here draws or decides maze logic.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from .events import Event, Kind
from .grids import Grid

REGION_PHASES = frozenset({"rooms", "maze", "connect"})
"""Phases during which each region (room, corridor tree) is drawn in its own colour."""


class Mark(IntEnum):
    NONE = 0
    FRONTIER = 1
    STACK = 2
    WALK = 3
    SEARCH = 4
    PATH = 5
    DEAD_END = 6
    TRAIL = 7


_CARVE, _BACKTRACK, _FRONTIER_ADD = int(Kind.CARVE), int(Kind.BACKTRACK), int(Kind.FRONTIER_ADD)
_NONE, _FRONTIER, _STACK, _WALK = int(Mark.NONE), int(Mark.FRONTIER), int(Mark.STACK), int(Mark.WALK)
_SEARCH_MARK, _PATH_MARK, _DEAD_END_MARK = int(Mark.SEARCH), int(Mark.PATH), int(Mark.DEAD_END)
# Plain ints: looking a member up on an Enum class costs a Python call, and this runs per event.
(_SET, _FRONTIER_REMOVE, _WALK_ERASE, _CURRENT, _WALK, _SEARCH, _PATH, _DEAD_END, _CONNECT, _PRUNE, _PHASE,
 _OPEN_FIELD) = (int(k) for k in (Kind.SET, Kind.FRONTIER_REMOVE, Kind.WALK_ERASE, Kind.CURRENT, Kind.WALK,
                                  Kind.SEARCH, Kind.PATH, Kind.DEAD_END, Kind.CONNECT, Kind.PRUNE, Kind.PHASE,
                                  Kind.OPEN_FIELD))


class Overlay:
    """Display state of one run, plus the set of cells whose look changed since the last draw."""

    def __init__(self, grid: Grid, shows_stack: bool = False) -> None:
        self.grid = grid
        self.shows_stack = shows_stack
        n, d = grid.size, grid.directions
        self.mark = np.zeros(n, dtype=np.uint8)
        self._mark = memoryview(self.mark)
        self._carved_mark = _STACK if shows_stack else _NONE
        self.set_id = np.full(n, -1, dtype=np.int32)
        self.connector = np.zeros(n * d, dtype=np.uint8)
        """``connector[cell * directions + d]`` is 1 when that passage was opened as a connector."""
        self.stale = False
        """True after quiet (instant) steps: the marks no longer match the generator's state."""
        self.hidden: np.ndarray | None = None
        """Fog of war in play mode: True for cells the player has not seen (None: no fog)."""
        self.current = -1
        self.phase = ""
        self.show_regions = False
        self.searched = 0
        self.path_length = 0
        self.last: Event | None = None
        self.dirty: list[int] = []
        """Cells whose look changed since the last draw (repeats allowed; the renderer dedups)."""
        self.full_redraw = True
        self.apply = self._make_apply()

    def _move_current(self, cell: int) -> None:
        if self.current >= 0:
            self.dirty.append(self.current)
        self.current = cell
        if cell >= 0:
            self.dirty.append(cell)

    def _make_apply(self):
        """Build ``apply`` as a closure: the app calls it for every event, hundreds of thousands of
        times a second in instant mode, so the common kinds touch only local names."""
        mark = self._mark
        carved = self._carved_mark
        rare = self._apply_rare
        touch = self.dirty.append

        def apply(event: Event) -> None:
            """Fold one event into the marks and note the cells it touched."""
            kind, cell, other, value = event
            self.last = event
            if kind == _CARVE:
                previous = self.current
                if other >= 0:
                    mark[other] = carved
                    if mark[cell] == _WALK:
                        mark[cell] = _NONE
                    self.current = other
                    touch(other)
                else:
                    mark[cell] = carved
                    self.current = cell
                touch(cell)
                if previous >= 0 and previous != cell:
                    touch(previous)
            elif kind == _BACKTRACK:
                mark[cell] = _NONE
                touch(cell)
                if other >= 0:
                    touch(other)
                self.current = other
            elif kind == _FRONTIER_ADD:
                mark[cell] = _FRONTIER
                touch(cell)
            else:
                rare(kind, cell, other, value)

        return apply

    def _apply_rare(self, kind: int, cell: int, other: int, value) -> None:
        mark = self._mark
        if cell >= 0:
            self.dirty.append(cell)
        if other >= 0:
            self.dirty.append(other)
        if kind == _SET:
            self.set_id[cell] = value
        elif kind == _FRONTIER_REMOVE or kind == _WALK_ERASE:
            mark[cell] = _NONE
        elif kind == _CURRENT:
            self._move_current(cell)
        elif kind == _WALK:
            mark[cell] = mark[other] = _WALK
            self._move_current(other)
        elif kind == _SEARCH:
            mark[cell] = _SEARCH_MARK
            self.searched += 1
        elif kind == _PATH:
            mark[cell] = _PATH_MARK
            self.path_length += 1
        elif kind == _DEAD_END:
            mark[cell] = _DEAD_END_MARK
            self.searched += 1
        elif kind == _CONNECT:
            d = self.grid.directions
            self.connector[cell * d + value] = 1
            self.connector[other * d + self.grid.opposite(int(value))] = 1
        elif kind == _PRUNE:
            mark[cell] = _NONE
            self._move_current(cell)
        elif kind == _PHASE:
            self.phase = str(value)
            self.show_regions = self.phase in REGION_PHASES
            self._move_current(-1)
            self.full_redraw = True
        elif kind == _OPEN_FIELD:
            self.full_redraw = True

    def finish(self) -> None:
        """The generator has run out: no current cell, stack, walk or sets; regions not coloured."""
        self.drop_stale_marks()
        self.show_regions = False

    def mark_stale(self, last: Event | None) -> None:
        """Quiet steps skipped the annotations: what is drawn is only the maze, redrawn in full."""
        self.stale = True
        self.last = last
        self.full_redraw = True

    def drop_stale_marks(self) -> None:
        """Clear the generation's annotations (current cell, stack, frontier, walk, sets)."""
        self._move_current(-1)
        generation_marks = np.isin(self.mark, (Mark.STACK, Mark.FRONTIER, Mark.WALK))
        self.mark[generation_marks] = Mark.NONE
        self.set_id[:] = -1
        self.stale = False
        self.full_redraw = True

    def clear_solution(self) -> None:
        """Forget search and path marks (before solving again or after the maze changes)."""
        solver_marks = np.isin(self.mark, (Mark.SEARCH, Mark.PATH, Mark.DEAD_END))
        self.mark[solver_marks] = Mark.NONE
        self.searched = self.path_length = 0
        self.full_redraw = True

    def take_dirty(self) -> tuple[bool, list[int]]:
        """``(full_redraw, cells)`` since the last call, each cell once; resets both."""
        full, cells = self.full_redraw, list(set(self.dirty))
        self.full_redraw = False
        self.dirty.clear()
        return full, cells
