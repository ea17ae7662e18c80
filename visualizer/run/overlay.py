"""What the picture shows beyond the maze itself: frontier, stack, walks, search, path, phase, sets.

Folds every event (display kinds included) into per-cell marks, and records which cells need
redrawing. Pure Python and numpy: the renderer reads it, nothing here draws or decides maze logic.
Sets (Kruskal's, Eller's, blobby division) get colours too: 12 of them, chosen so that two sets
that touch never share one (``Overlay.hue``, see ``Overlay._join``).
"""

from __future__ import annotations

from array import array
from enum import IntEnum

import numpy as np

from ..core.events import KINDS, PACKED, Event, Kind
from ..grids import Grid
from .set_colours import SetColouring

REGION_PHASES = frozenset({"rooms", "maze", "connect"})
"""Phases during which each region (room, corridor tree) is drawn in its own colour."""
FULL_SHARE = 4
"""A change of marks on more than one cell in this many redraws the board whole instead."""


class Mark(IntEnum):
    NONE = 0
    FRONTIER = 1
    STACK = 2
    WALK = 3
    SEARCH = 4
    PATH = 5
    DEAD_END = 6
    TRAIL = 7
    LOOKED = 8
    """Taken off a solver's to-do list and looked at (BFS): SEARCH is then only the cells waiting."""


_SOLVER_MARKS = np.zeros(256, dtype=bool)
_SOLVER_MARKS[[Mark.SEARCH, Mark.PATH, Mark.DEAD_END, Mark.FRONTIER, Mark.LOOKED]] = True
"""True for the marks a solver leaves (what clearing a solution wipes), by mark value."""

# Plain ints for the per-event code: looking a member up on an Enum class costs a Python call.
# _K_ names are event kinds, _M_ names are marks (the two enums share words like WALK and PATH).
_M_NONE, _M_FRONTIER, _M_STACK, _M_WALK, _M_SEARCH, _M_PATH, _M_DEAD_END, _M_LOOKED = (
    int(m) for m in (Mark.NONE, Mark.FRONTIER, Mark.STACK, Mark.WALK, Mark.SEARCH, Mark.PATH, Mark.DEAD_END,
                     Mark.LOOKED))
(_K_CARVE, _K_BACKTRACK, _K_FRONTIER_ADD, _K_SET, _K_FRONTIER_REMOVE, _K_WALK_ERASE, _K_CURRENT, _K_WALK,
 _K_SEARCH, _K_PATH, _K_DEAD_END, _K_CONNECT, _K_PRUNE, _K_PHASE, _K_OPEN_FIELD, _K_SCAN, _K_OPEN, _K_REJECT,
 _K_CHAMBER, _K_TAKE, _K_SETS, _K_CURRENTS, _K_WALKS, _K_REJECTS) = (
    int(k) for k in (Kind.CARVE, Kind.BACKTRACK, Kind.FRONTIER_ADD, Kind.SET, Kind.FRONTIER_REMOVE,
                     Kind.WALK_ERASE, Kind.CURRENT, Kind.WALK, Kind.SEARCH, Kind.PATH, Kind.DEAD_END,
                     Kind.CONNECT, Kind.PRUNE, Kind.PHASE, Kind.OPEN_FIELD, Kind.SCAN, Kind.OPEN, Kind.REJECT,
                     Kind.CHAMBER, Kind.TAKE, Kind.SETS, Kind.CURRENTS, Kind.WALKS, Kind.REJECTS))
_PACKED = {int(k): int(v) for k, v in PACKED.items()}
_K_MIXED = int(Kind.MIXED)
_MARKS_IN_BULK = np.zeros(256, dtype=bool)
_MARKS_IN_BULK[[_K_CARVE, _K_BACKTRACK, _K_WALK, _K_WALK_ERASE, _K_CURRENT, _K_PRUNE]] = True
"""The kinds a MIXED run's rows may have for the overlay to fold it in bulk (``_apply_mixed``):
each writes marks and moves the current cell, nothing else."""
_JOINS_IN_BULK = np.zeros(256, dtype=bool)
_JOINS_IN_BULK[[_K_CARVE, _K_SET, _K_REJECT]] = True
"""The kinds of a MIXED run the overlay folds in bulk as merges of sets (``_apply_joins``)."""
MIXED_IN_BULK = 48
"""Shorter MIXED runs are folded a row at a time (numpy's set-up would cost more)."""
_CLEAR_WALK = 255
"""A mark write that clears a walk mark and keeps any other (a carve's source cell)."""


def _mark_writes(kinds: np.ndarray, cells: np.ndarray, others: np.ndarray,
                 carved: int) -> tuple[np.ndarray, np.ndarray]:
    """The mark writes of a MIXED run's rows (``_MARKS_IN_BULK`` kinds), in the order one by one
    folding makes them: ``(cells, marks)``, ``_CLEAR_WALK`` for a carve's source cell."""
    carve = kinds == _K_CARVE
    joined = carve & (others >= 0)
    walk = kinds == _K_WALK
    first_cell = np.where(joined, others, cells)
    first_mark = np.where(carve, carved, np.where(walk, _M_WALK, _M_NONE))
    first_ok = kinds != _K_CURRENT
    second_cell = np.where(joined, cells, others)
    second_mark = np.where(joined, _CLEAR_WALK, _M_WALK)
    second_ok = joined | walk
    targets = np.stack((first_cell, second_cell), axis=1).ravel()
    marks = np.stack((first_mark, second_mark), axis=1).ravel()
    keep = np.stack((first_ok, second_ok), axis=1).ravel()
    return targets[keep], marks[keep]


class Overlay(SetColouring):
    """Display state of one run, plus the set of cells whose look changed since the last draw."""

    def __init__(self, grid: Grid, shows_stack: bool = False) -> None:
        self.grid = grid
        self.shows_stack = shows_stack
        n, d = grid.size, grid.directions
        self._directions = d
        self.mark = np.zeros(n, dtype=np.uint8)
        self._mark = memoryview(self.mark)  # type: ignore[arg-type]
        self._carved_mark = _M_STACK if shows_stack else _M_NONE
        self.set_id = np.full(n, -1, dtype=np.int32)
        self._init_set_colours(n)
        self.connector = np.zeros(n * d, dtype=np.uint8)
        """``connector[cell * directions + d]`` is 1 when that passage was opened as a connector."""
        self.stale = False
        """True after quiet (instant) steps: the marks no longer match the generator's state."""
        self.hidden: np.ndarray | None = None
        """Fog of war in play mode: True for cells the player has not seen (None: no fog)."""
        self.removed: np.ndarray | None = None
        """True for cells hand edits took out of a finished maze (None: none), drawn apart from
        cells not yet visited."""
        self.heat: np.ndarray | None = None
        """The distance map: each open cell's colour step (-1: none), or None when it is off."""
        self.current = -1
        self.phase = ""
        self.show_regions = False
        self.searched = 0
        self.path_length = 0
        self.last: Event | None = None
        self.dirty: list[int] = []
        """Cells whose look changed since the last draw (repeats allowed; the renderer dedups)."""
        self.later: list[int] = []
        """Changed cells the board gets a slice a frame (``feed``): a re-solve's hundred thousand
        repainted at once took a frame of a quarter of a second."""
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
        join = self._join

        def apply(event: Event) -> None:
            """Fold one event into the marks and note the cells it touched."""
            kind, cell, other, value = event
            self.last = event
            if kind == _K_CARVE:
                previous = self.current
                if other >= 0:
                    mark[other] = carved
                    if mark[cell] == _M_WALK:
                        mark[cell] = _M_NONE
                    self.current = other
                    touch(other)
                else:
                    mark[cell] = carved
                    self.current = cell
                touch(cell)
                if previous >= 0 and previous != cell:
                    touch(previous)
            elif kind == _K_BACKTRACK:
                mark[cell] = _M_NONE
                touch(cell)
                if other >= 0:
                    touch(other)
                self.current = other
            elif kind == _K_FRONTIER_ADD:
                mark[cell] = _M_FRONTIER
                touch(cell)
            elif kind == _K_SET:  # every cell of a merged set, in Kruskal's: as common as a carve
                touch(cell)
                join(cell, value)  # type: ignore[arg-type]  # a SET value is an int
            else:
                rare(kind, cell, other, value)

        return apply

    def _apply_rare(self, kind: int, cell: int, other: int, value) -> None:
        mark = self._mark
        if cell >= 0:
            self.dirty.append(cell)
        if other >= 0:
            self.dirty.append(other)
        if kind == _K_FRONTIER_REMOVE or kind == _K_WALK_ERASE:
            mark[cell] = _M_NONE
        elif kind == _K_CURRENT or kind == _K_SCAN:
            self._move_current(cell)
        elif kind == _K_REJECT or kind == _K_CHAMBER:
            self._move_current(-1)  # a decision about walls or a chamber, not about one cell
        elif kind == _K_OPEN:
            if mark[cell] == _M_NONE:
                mark[cell] = _M_FRONTIER
        elif kind == _K_WALK:
            mark[cell] = mark[other] = _M_WALK
            self._move_current(other)
        elif kind == _K_TAKE:  # off the queue: looked at, no longer waiting
            if mark[cell] == _M_SEARCH:
                mark[cell] = _M_LOOKED
        elif kind == _K_SEARCH:
            mark[cell] = _M_SEARCH
            self.searched += 1
        elif kind == _K_PATH:
            mark[cell] = _M_PATH
            self.path_length += 1
        elif kind == _K_DEAD_END:
            mark[cell] = _M_DEAD_END
            self.searched += 1
        elif kind == _K_CONNECT:
            d = self.grid.directions
            self.connector[cell * d + value] = 1
            self.connector[other * d + self.grid.opposite(int(value))] = 1
        elif kind == _K_PRUNE:
            mark[cell] = _M_NONE
            self._move_current(cell)
        elif kind == _K_PHASE:
            self.phase = str(value)
            self.show_regions = self.phase in REGION_PHASES
            self._move_current(-1)
            self.full_redraw = True
        elif kind == _K_OPEN_FIELD:
            self.full_redraw = True
        elif kind in _PACKED:
            self._apply_run(kind, value)

    def _apply_run(self, kind: int, rows: np.ndarray) -> None:
        """Fold a packed run (SETS, CURRENTS, WALKS, REJECTS) in bulk: the marks, current cell, sets and
        cells to redraw that folding its rows one by one leaves."""
        if not len(rows):
            return
        if kind == _K_MIXED:
            self._apply_mixed(rows)
            return
        cells, others = rows[:, 0], rows[:, 1]
        single = _PACKED[kind]
        last = rows[-1].tolist()
        if kind == _K_CURRENTS:
            self.dirty.extend(cells.tolist())
            self._move_current(last[0])
        elif kind == _K_WALKS:
            self.mark[cells] = _M_WALK
            self.mark[others] = _M_WALK
            self.dirty.extend(cells.tolist())
            self.dirty.extend(others.tolist())
            self._move_current(last[1])
        elif kind == _K_SETS:
            self.dirty.extend(cells.tolist())
            self._join_many(cells, rows[:, 2])
        elif kind == _K_REJECTS:  # walls looked at and kept: their cells redrawn, no current cell
            self.dirty.extend(rows[:, :2].ravel().tolist())
            self._move_current(-1)
        else:  # a quiet-only run in a shown stream: fold its rows one by one
            apply = self.apply
            for cell, other, value in rows.tolist():
                apply((single, cell, other, value))
        self.last = (Kind(single), *last)

    def _apply_mixed(self, rows: np.ndarray) -> None:
        """Fold a MIXED run: in bulk when its kinds only write marks and move the current cell
        (Wilson's walks and carves, a corridor's carves and backtracks) or are Kruskal's merges
        (``_apply_joins``), else a row at a time."""
        kinds = rows[:, 0]
        bulk = len(rows) >= MIXED_IN_BULK
        marks_only = bulk and bool(_MARKS_IN_BULK[kinds].all())
        if not marks_only and bulk and bool(_JOINS_IN_BULK[kinds].all()):
            self._apply_joins(rows)
            return
        if not marks_only:
            apply, named = self.apply, KINDS
            for kind, cell, other, value in rows.tolist():
                apply((named[kind], cell, other, value))
            return
        cells, others = rows[:, 1], rows[:, 2]
        self._write_marks(*_mark_writes(kinds, cells, others, self._carved_mark))
        movers = np.flatnonzero(kinds != _K_WALK_ERASE)
        if len(movers):
            first, last = int(movers[0]), int(movers[-1])
            if kinds[first] != _K_BACKTRACK and self.current >= 0:
                self.dirty.append(self.current)  # what each later move leaves is a cell of the run
            moved_to = others if kinds[last] in (_K_WALK, _K_BACKTRACK) or (
                kinds[last] == _K_CARVE and others[last] >= 0) else cells
            self.current = int(moved_to[last])
        self.dirty.extend(cells.tolist())
        self.dirty.extend(others[others >= 0].tolist())
        kind, cell, other, value = rows[-1].tolist()
        self.last = (KINDS[kind], cell, other, value)

    def _apply_joins(self, rows: np.ndarray) -> None:
        """Fold a MIXED run of carves, set joins and walls looked at and kept (Kruskal's merges)
        in bulk: the carves' marks and the current cell as one by one folding leaves them, the
        joins in their order. A join reads and writes only the sets, a carve or a kept wall only
        the marks and the current cell, so the two kinds of work can be done apart."""
        kinds, cells, others = rows[:, 0], rows[:, 1], rows[:, 2]
        joins = kinds == _K_SET
        carves = np.flatnonzero(kinds == _K_CARVE)
        if len(carves):
            self._write_marks(*_mark_writes(kinds[carves], cells[carves], others[carves], self._carved_mark))
        movers = np.flatnonzero(~joins)
        if len(movers):
            kind, cell, other = rows[movers[-1], :3].tolist()
            self._move_current(-1 if kind == _K_REJECT else other if other >= 0 else cell)
        if joins.any():
            self._join_many(cells[joins], rows[joins, 3])
        self.dirty.extend(cells.tolist())
        self.dirty.extend(others[others >= 0].tolist())
        kind, cell, other, value = rows[-1].tolist()
        self.last = (KINDS[kind], cell, other, value)

    def _write_marks(self, targets: np.ndarray, values: np.ndarray) -> None:
        """Each cell's last mark write of ``targets``/``values`` (in order) applied; a
        ``_CLEAR_WALK`` write looks at the mark the writes before it (or the cell's own) left."""
        if not len(targets):
            return
        order = np.lexsort((np.arange(len(targets)), targets))  # by cell, then in order
        targets, values = targets[order], values[order]
        ends = np.flatnonzero(np.append(targets[1:] != targets[:-1], True))
        starts = np.concatenate(([0], ends[:-1] + 1))
        plain = np.where(values != _CLEAR_WALK, np.arange(len(values)), -1)
        before = np.maximum.accumulate(plain)[ends]  # the last plain write up to each cell's last one
        cells = targets[ends]
        earlier = np.where(before >= starts, values[np.maximum(before, 0)], self.mark[cells])
        final = np.where(values[ends] != _CLEAR_WALK, values[ends], np.where(earlier == _M_WALK, _M_NONE, earlier))
        self.mark[cells] = final

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
        self.hue[:] = -1
        self.restored()
        self.stale = False
        self.full_redraw = True

    def clear_solution(self) -> None:
        """Forget search and path marks (before solving again or after the maze changes)."""
        self.mark[_SOLVER_MARKS[self.mark]] = Mark.NONE  # a table lookup: a tenth of np.isin's time
        self.searched = self.path_length = 0
        self.full_redraw = True

    def show_search(self, reached: np.ndarray, taken: np.ndarray, path: list[int]) -> None:
        """A whole search's marks at once (``run.quick_solve``): what folding its events leaves.
        Only the cells whose mark changes are listed for the board (most of a re-solve after an
        edit marks what the last one marked), unless that is most of the maze."""
        marks = self.mark.copy()
        marks[_SOLVER_MARKS[marks]] = Mark.NONE
        marks[reached] = Mark.SEARCH
        marks[taken] = Mark.LOOKED
        marks[path] = Mark.PATH
        self.show_marks(marks)
        self.searched, self.path_length = len(reached), len(path)
        if path:
            self.last = (Kind.PATH, path[-1], path[-2] if len(path) > 1 else -1, -1)
        elif len(taken):
            self.last = (Kind.TAKE, int(taken[-1]), -1, -1)

    def show_depth_search(self, popped: np.ndarray, pushed: np.ndarray, path: list[int], last: Event | None) -> None:
        """A whole depth-first search's marks at once: cells pushed and never popped on the stack
        (where nothing else was marked), popped ones looked at, the path."""
        marks = self.mark.copy()
        marks[_SOLVER_MARKS[marks]] = Mark.NONE
        waiting = pushed[marks[pushed] == Mark.NONE]
        marks[waiting] = Mark.FRONTIER
        marks[popped] = Mark.SEARCH
        marks[path] = Mark.PATH
        self.show_marks(marks)
        self.searched, self.path_length = len(popped), len(path)
        if last is not None:
            self.last = last

    def show_marks(self, marks: np.ndarray) -> None:
        """Take ``marks`` as every cell's mark, the cells that changed listed for the board."""
        shown = self.mark.copy()
        self.mark[:] = marks
        self.repaint_changed(shown)

    def repaint_changed(self, shown: np.ndarray) -> None:
        """List for the board the cells whose mark differs from ``shown`` (what it drew last): a
        full redraw instead when they are more than a FULL_SHARE of the maze."""
        changed = np.flatnonzero(shown != self.mark)
        if len(changed) * FULL_SHARE > len(shown):
            self.full_redraw = True
        else:
            self.later.extend(changed.tolist())

    def clear_path(self, path: list[int]) -> None:
        """Forget the path's marks only (its cells look searched again), the search's kept: a
        large maze's re-solve then repaints the path and what the new search changed, not every
        cell twice."""
        cells = np.frombuffer(array("q", path), dtype=np.int64)  # a third of np.asarray's time on a list
        marked = self.mark[cells] == Mark.PATH
        self.mark[cells[marked]] = Mark.LOOKED
        self.later.extend(path if marked.all() else cells[marked].tolist())  # a long path: 40 ms in the click
        self.path_length = 0

    def feed(self, cells: int) -> None:
        """Hand the board up to ``cells`` more of the cells waiting in ``later``."""
        if self.later:
            self.dirty.extend(self.later[-cells:])
            del self.later[-cells:]

    def forget_dirty(self) -> None:
        """Drop the cells waiting to be repainted, unread: for a painter that paints every frame
        whole (an animation of a large maze). Millions of them, and the set ``take_dirty`` makes
        of them, took 200 MB at 2000 x 2000."""
        self.dirty.clear()
        self.later.clear()
        self.full_redraw = False

    def take_dirty(self) -> tuple[bool, list[int]]:
        """``(full_redraw, cells)`` since the last call, each cell once; resets both."""
        full, cells = self.full_redraw, list(set(self.dirty))
        if full:
            self.later.clear()  # a full redraw paints them all
        self.full_redraw = False
        self.dirty.clear()
        return full, cells
