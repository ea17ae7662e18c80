"""The figures the watch scene shows about its maze: the distance map, the longest path, the
metrics, the legend, and a first guess at how long the run will be.

Each costs a scan or a search of the whole maze, and the panel, the frame key and the hover line
ask for them several times a frame, so each is remembered until the maze changes (a :class:`Memo`);
while a large maze grows they are computed again at most so often.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterator

import numpy as np

from ..core.distance import LongestPath, distance_stages, distances_from, heat_levels, longest_path
from ..core.metrics import Metrics, measure
from ..core.passage_graph import PassageGraph
from ..render.palette import HEAT_LEVELS
from ..render.styles import visible_legend
from ..run.session import Run
from ..run.spec import MazeSpec
from .memo import Memo

LEGEND_SECONDS = 0.25
"""The legend scans every cell, so on large mazes it is refreshed at most this often."""
LEGEND_SCAN_CELLS = 250_000
"""Past this many cells the legend waits longer in proportion: a scan of a million cells costs
15 ms of a 100 ms frame, and its words change seldom while a large maze grows."""
CHEAP_LEGEND_CELLS = 40_000
"""Up to this many cells the scan costs well under a millisecond: always up to date."""
DISTANCE_SECONDS = 0.5
"""While a large maze grows, its distance map and longest path are recomputed at most this often."""
STAGED_DISTANCE_CELLS = 50_000
"""From this many cells on a new distance map is computed a stage a frame (a million cells' takes a
few tenths of a second), the last one shown meanwhile; the first one is computed at once."""
CHEAP_DISTANCE_CELLS = 20_000
"""Up to this many cells a distance map costs a few milliseconds: recomputed on every change."""
ESTIMATE_SIDE = 32
"""Side of the small grid that estimates a run's length for the scrub bar."""


def estimate_events(spec: MazeSpec, cell_count: int, side: int = ESTIMATE_SIDE) -> int:
    """How many events ``spec`` will take, from a run of the same recipe on a grid at most
    ``side`` cells a side (milliseconds, without a mask), scaled by the cell count; random walks
    grow faster than the grid, so theirs is scaled by n log n."""
    small = spec.with_(width=min(spec.width, side), height=min(spec.height, side), mask=None)
    events = sum(1 for _ in small.events())
    cells, small_cells = cell_count, small.width * small.height
    scale = cells / small_cells
    if spec.info.slow and small_cells > 1:
        scale *= math.log(cells) / math.log(small_cells)
    return max(1, round(events * scale))


def _staged(run: Run) -> bool:
    """True when a new distance map is computed a stage a frame: a large finished maze (edits)."""
    return run.finished and run.grid.size >= STAGED_DISTANCE_CELLS


def maze_key(run: Run) -> Hashable:
    """What the distances depend on: the maze as it stands (and the run it belongs to)."""
    return id(run), run.position, run.maze_version  # solving moves solver events, never the maze


class MazeFigures:
    """The remembered figures of whichever run the scene shows (keys name the run)."""

    def __init__(self) -> None:
        self._distances: Memo[np.ndarray] = Memo()
        self._longest: Memo[LongestPath] = Memo()
        self._metrics: Memo[Metrics] = Memo()
        self._legend: Memo[list[str]] = Memo()
        self._staged: tuple[Hashable, Iterator[np.ndarray | None]] | None = None
        """A large maze's distance map under way: its key and its stages (``core.distance``)."""
        self._heat_of: np.ndarray | None = None
        """The distances the board's heat colours show (None: none shown)."""
        self.distance_stamp = -1.0
        """When ``refresh`` last computed the distance map or the longest path (-1: do it now)."""

    def distances(self, run: Run, start: int, may_compute: bool = True) -> np.ndarray:
        """Steps from ``start`` to every cell: computed once per maze and start, and when the maze
        changed only if ``may_compute`` (else the last map stands in). A large maze's map is
        computed over frames by ``refresh`` once there is one (the last stands in meanwhile)."""
        memo = self._distances
        if _staged(run) and not memo.empty:
            may_compute = False
        return memo.get((maze_key(run), start), lambda: distances_from(run.maze, start), may_compute)

    def distances_pending(self, run: Run, start: int) -> bool:
        """True while the distance map shown is not yet the maze's as it stands (a large maze's, in
        stages, then its colours in a frame of their own: ``refresh`` brings it)."""
        if self._distances.empty:
            return False
        shown = self._heat_of
        stale_colours = shown is not None and shown is not self._distances.last
        return not self._distances.fresh((maze_key(run), start)) or stale_colours

    def _staged_distances(self, run: Run, start: int, table: np.ndarray | None,
                          graph: PassageGraph | None = None) -> None:
        """A stage of the large maze's new distance map a frame; remembered once whole."""
        key = (maze_key(run), start)
        if self._distances.empty or self._distances.fresh(key):
            return
        if self._staged is None or self._staged[0] != key:
            self._staged = key, distance_stages(run.maze, start, table, graph)
        done = next(self._staged[1])
        if done is not None:
            self._staged = None
            self._distances.put(key, done)

    def _show_heat(self, run: Run, distances: np.ndarray, graph: PassageGraph | None) -> None:
        """The board's heat colours from ``distances`` when they are not shown yet. A new map of a
        large maze redraws most of the board: that waits for a frame no heavy stage had (the one
        that finished the map, or a re-solve's), so the two costs never add up in one frame."""
        overlay = run.overlay
        if overlay.heat is not None and self._heat_of is distances:
            return
        if overlay.heat is not None and graph is not None:
            if not graph.turns.free():
                return
            graph.turns.take()
        overlay.heat, self._heat_of = heat_levels(distances, HEAT_LEVELS), distances
        overlay.full_redraw = True

    def longest(self, run: Run, may_compute: bool = True) -> LongestPath:
        """The longest path, with the same schedule as ``distances``."""
        return self._longest.get(maze_key(run), lambda: longest_path(run.maze), may_compute)

    def metrics(self, run: Run) -> Metrics:
        return self._metrics.get(maze_key(run), lambda: measure(run.maze))

    def legend(self, run: Run, flat_out: bool) -> list[str]:
        """The legend keys for exactly the colours on the board now. The scan reads every cell, so
        on a large maze (or while the scene runs ``flat_out``) it runs at most LEGEND_SECONDS apart."""
        overlay = run.overlay
        state = (id(run), run.applied, overlay.stale, overlay.searched, overlay.path_length, run.stage,
                 overlay.heat is None, run.maze_version)
        memo = self._legend
        cheap = run.grid.size <= CHEAP_LEGEND_CELLS and not flat_out
        every = LEGEND_SECONDS * max(1.0, run.grid.size / LEGEND_SCAN_CELLS)  # 1 s at 1000 x 1000
        may = cheap or time.perf_counter() - memo.computed_at > every or not memo.last
        return memo.get(state, lambda: visible_legend(run.maze, run.overlay), may)

    def forget_legend(self) -> None:
        """A new run: the next legend is scanned at once."""
        self._legend.clear()

    def refresh(self, run: Run, start: int, distance_map: bool, show_longest: bool, throttled: bool,
                table: np.ndarray | None = None, graph: PassageGraph | None = None) -> None:
        """Keep the distance map (the board's heat colours) and the longest path up to date with
        the maze; while ``throttled`` (a large maze growing) at most every DISTANCE_SECONDS; on a
        large maze a stage a frame (``table``: the grid's neighbour table, if kept)."""
        overlay = run.overlay
        if not distance_map and overlay.heat is not None:
            overlay.heat, self._heat_of = None, None
            overlay.full_redraw = True
        if not (distance_map or show_longest):
            return
        now = time.perf_counter()
        if throttled and now - self.distance_stamp < DISTANCE_SECONDS:
            return
        self.distance_stamp = now
        if distance_map:
            if _staged(run):
                self._staged_distances(run, start, table, graph)
            self._show_heat(run, self.distances(run, start), graph)
        if show_longest:
            self.longest(run)
