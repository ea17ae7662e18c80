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
        self.hidden: np.ndarray | None = None
        """Fog of war in play mode: True for cells the player has not seen (None: no fog)."""
        self.current = -1
        self.phase = ""
        self.show_regions = False
        self.searched = 0
        self.path_length = 0
        self.last: Event | None = None
        self.dirty: set[int] = set()
        self.full_redraw = True

    def _move_current(self, cell: int) -> None:
        if self.current >= 0:
            self.dirty.add(self.current)
        self.current = cell
        if cell >= 0:
            self.dirty.add(cell)

    def apply(self, event: Event) -> None:
        """Fold one event into the marks and note the cells it touched.

        The common kinds come first and touch only memoryviews: the app calls this for every
        event, hundreds of thousands of times a second in instant mode.
        """
        kind, cell, other, value = event
        self.last = event
        mark = self._mark
        dirty = self.dirty
        if kind == _CARVE:
            if other >= 0:
                mark[other] = self._carved_mark
                if mark[cell] == _WALK:
                    mark[cell] = _NONE
                dirty.add(cell)
                target = other
            else:
                mark[cell] = self._carved_mark
                target = cell
            if self.current >= 0:
                dirty.add(self.current)
            self.current = target
            dirty.add(target)
            return
        if kind == _BACKTRACK:
            mark[cell] = _NONE
            dirty.add(cell)
            if other >= 0:
                dirty.add(other)
            self.current = other
            return
        if kind == _FRONTIER_ADD:
            mark[cell] = _FRONTIER
            dirty.add(cell)
            return
        self._apply_rare(kind, cell, other, value)

    def _apply_rare(self, kind: int, cell: int, other: int, value) -> None:
        mark = self._mark
        if cell >= 0:
            self.dirty.add(cell)
        if other >= 0:
            self.dirty.add(other)
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
        """The generator has run out: no current cell, no stack, regions no longer coloured."""
        self._move_current(-1)
        self.mark[(self.mark == Mark.STACK) | (self.mark == Mark.FRONTIER)] = Mark.NONE
        self.show_regions = False
        self.full_redraw = True

    def clear_solution(self) -> None:
        """Forget search and path marks (before solving again or after the maze changes)."""
        solver_marks = np.isin(self.mark, (Mark.SEARCH, Mark.PATH, Mark.DEAD_END))
        self.mark[solver_marks] = Mark.NONE
        self.searched = self.path_length = 0
        self.full_redraw = True

    def take_dirty(self) -> tuple[bool, list[int]]:
        """``(full_redraw, cells)`` since the last call; resets both."""
        full, cells = self.full_redraw, list(self.dirty)
        self.full_redraw = False
        self.dirty.clear()
        return full, cells
