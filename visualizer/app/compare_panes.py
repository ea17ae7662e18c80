"""The compare scene's panes: one run each, its board and its figures, and where they go on screen.

A pane is a generator's run of one recipe, or (``Pane.showing``) a maze given whole: the maze of
the watch scene as the student edited it, or a file's, shown beside the recipe's own panes so its
figures read against theirs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from ..algorithms import ALGORITHMS
from ..core.maze import Maze
from ..core.metrics import Metrics, measure
from ..plugins.checker import Finding
from ..render.board import Board
from ..run.session import Run
from ..run.spec import MazeSpec
from .memo import Memo
from .own_file import finding_of

MAX_PANES = 4
COMPARED_ALGORITHMS = ("backtracker", "prim", "kruskal", "wilson")
"""What C in the watch scene compares the current algorithm with."""
METRICS_SECONDS = 0.25
"""While panes move, their figures are measured again at most this often."""


class Pane:
    """One algorithm's run, its board and its figures."""

    def __init__(self, spec: MazeSpec, maze: Maze | None = None, label: str | None = None) -> None:
        self.spec = spec
        self.given = maze
        """The maze shown whole (an edited one), or None: the recipe's generator builds it."""
        self.label = label
        self.run = Run(spec, record=False) if maze is None else Run.showing(spec, maze.copy())
        """No timeline: recording one costs the panes 0.4x a quiet build at instant, and stepping
        back (the only seek here) replays from the start, quick at the sizes panes show."""
        self.board: Board | None = None
        self.surface: pygame.Surface | None = None
        self.finished_at: int | None = None
        """Finishing order (0 = first), once the maze is complete."""
        self._metrics: Memo[Metrics] = Memo()
        self.event_cost = 0.0
        """Seconds per event of the pane's last step at instant (0: not measured yet)."""
        self.painted_at = 0.0
        """``time.perf_counter()`` at the board's last repaint."""

    @property
    def title(self) -> str:
        if self.label is not None:
            return self.label
        defaults = self.spec.info.defaults()
        params = ", ".join(f"{k}={v}" for k, v in self.spec.params.items() if defaults.get(k) != v)
        return self.spec.info.title + (f" ({params})" if params else "")

    @property
    def finding(self) -> Finding | None:
        """What the checker stopped this pane's run for (a student's file that broke a rule), or None."""
        return finding_of(self.run) if self.given is None else None

    @property
    def events(self) -> int:
        """Events applied: the generation's, then the solver's."""
        return self.run.position + self.run.solver_events

    @property
    def done(self) -> bool:
        return self.run.idle

    def metrics(self, now: float, busy: bool) -> Metrics:
        """The maze's figures, measured again when it changed (at most every METRICS_SECONDS while moving)."""
        may = not busy or now - self._metrics.computed_at >= METRICS_SECONDS or self.run.finished
        return self._metrics.get((self.run.position, self.run.finished), lambda: measure(self.run.maze), may)

    def paint(self, size: tuple[int, int], due: bool = True) -> pygame.Surface:
        """The board surface, brought up to date (laid out again when the pane's size changed);
        ``due`` False leaves a surface of the right layout as it was (the changes wait for the next
        repaint)."""
        overlay = self.run.overlay
        size = (max(1, size[0]), max(1, size[1]))
        laid_out = (self.board is not None and self.surface is not None and self.surface.get_size() == size
                    and (self.board.width, self.board.height) == size and self.board.grid is self.run.grid)
        if self.board is None or self.surface is None or not laid_out:
            self.board = Board(self.run.grid, *size)
            self.surface = pygame.Surface(size, depth=32)
            self.board.use_format(self.surface.map_rgb)
            overlay.full_redraw = True
        elif not due:
            return self.surface
        self.painted_at = time.perf_counter()
        full, cells = overlay.take_dirty()
        if full or cells:
            pixels = pygame.surfarray.pixels2d(self.surface)
            try:
                self.board.paint(pixels, self.run.maze, overlay, full, cells)
            finally:
                del pixels
        return self.surface


@dataclass(frozen=True)
class PaneLayout:
    """Where one pane's parts go on screen."""

    title: pygame.Rect
    board: pygame.Rect
    figures: pygame.Rect


def pane_layouts(view: pygame.Rect, count: int, line: int, title_lines: int = 1,
                 figure_lines: int = 2) -> list[PaneLayout]:
    """Split the view into ``count`` panes (two side by side or stacked, whichever is squarer for
    the view; three or four in a 2 x 2 grid), each a title (one line, or two when a race's badge
    does not fit beside the name), a board and ``figure_lines`` lines of figures (two figures a
    line, or one when a pair does not fit whole)."""
    if count <= 2:
        columns, rows = (count, 1) if view.width >= view.height else (1, count)
    else:
        columns, rows = 2, 2
    gap = max(6, line // 2)
    width = max(1, (view.width - gap * (columns - 1)) // columns)  # a sliver of a window: panes of a pixel
    height = max(1, (view.height - gap * (rows - 1)) // rows)
    out = []
    for i in range(count):
        left = view.left + (i % columns) * (width + gap)
        top = view.top + (i // columns) * (height + gap)
        title = pygame.Rect(left, top, width, line * title_lines)
        figures = pygame.Rect(left, top + height - figure_lines * line, width, figure_lines * line)
        board = pygame.Rect(left, title.bottom + 2, width, max(1, figures.top - title.bottom - 4))
        out.append(PaneLayout(title, board, figures))
    return out


def default_specs(spec: MazeSpec) -> list[MazeSpec]:
    """The current recipe and three others that run on its grid, all with its grid, size and seed."""
    names = [spec.algorithm] + [n for n in COMPARED_ALGORITHMS if n != spec.algorithm]
    grid = spec.make_grid()
    names = [n for n in names if ALGORITHMS[n].supports(grid)][:MAX_PANES]
    return [spec.with_(algorithm=name, params=spec.params if name == spec.algorithm else {}) for name in names]


def edited_pane(spec: MazeSpec, maze: Maze, edits: int) -> Pane:
    """The maze as edited, first of the panes, named for what it is (its recipe no longer makes it)."""
    count = f"{edits:,} edit{'s' if edits != 1 else ''}" if edits else "from a file"
    return Pane(spec, maze, f"Edited maze ({count})")
