"""Small checks several test files share."""

from __future__ import annotations

import io
import math
from datetime import datetime
from itertools import islice
from pathlib import Path

import numpy as np
import pygame
from PIL import Image

from visualizer.core.events import Kind, expand
from visualizer.core.maze import Maze
from visualizer.grids import Grid, HexGrid, SquareGrid
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec


def is_spanning_tree(maze: Maze) -> bool:
    """Every cell reachable and exactly cells - 1 passages: connected with no loops."""
    grid: Grid = maze.grid
    return maze.passage_count() == grid.size - 1 and bool(maze.reachable_from(0).all())


def passages_are_symmetric(maze: Maze) -> bool:
    """Each open bit has its twin on the neighbour's side, and no bit points off the grid."""
    grid = maze.grid
    for cell in range(grid.size):
        bits = int(maze.passages[cell])
        existing = 0
        for d, nb in grid.neighbours(cell):
            existing |= 1 << d
            if bits >> d & 1 and not maze.is_open(nb, grid.opposite(d)):
                return False
        if bits & ~existing:
            return False
    return True


def straight(spec: MazeSpec, position: int) -> tuple[Maze, Overlay]:
    """The oracle for seeks: the first ``position`` events folded one by one into a new maze and
    overlay, the overlay finished when the generator has no more (what a straight run shows)."""
    grid = spec.make_grid()
    maze, overlay = Maze(grid), Overlay(grid, shows_stack=spec.info.shows_stack)
    events = spec.events(grid)
    for event in islice(events, position):
        maze.apply(event)
        overlay.apply(event)
    if next(events, None) is None:
        overlay.finish()
    return maze, overlay



KEPT_DISPLAY_KINDS = frozenset({Kind.PHASE})
"""The display kinds a quiet stream still carries (the phases the headless fold and braid name)."""


def kept(event) -> bool:
    """Whether a quiet stream keeps ``event``: every maze-changing kind and the kept display kinds."""
    return event[0] < 10 or event[0] in KEPT_DISPLAY_KINDS


def streams(spec: MazeSpec) -> tuple[list, list]:
    """The shown stream and the quiet one (its packed runs expanded), to compare event by event."""
    return list(spec.events(show=True)), list(expand(spec.events(show=False)))


def at_least(kind: str, width: int, height: int) -> tuple[int, int]:
    """A drawn size raised to the smallest the grid shape allows (one column of triangles does not
    join up)."""
    from visualizer.grids import GRIDS

    least = GRIDS[kind].MIN_SIZE
    return max(width, least[0]), max(height, least[1])


# --- play ------------------------------------------------------------------------------

def key(app, k, frames=1):
    """A tap of key ``k`` (pressed and let go), then ``frames`` frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=""))
    for _ in range(frames):
        app.frame(pygame.event.get(), 1 / 60)


SQUARE_KEY = {0: pygame.K_UP, 1: pygame.K_RIGHT, 2: pygame.K_DOWN, 3: pygame.K_LEFT}
HEX_KEY = {0: pygame.K_q, 1: pygame.K_w, 2: pygame.K_e, 3: pygame.K_d, 4: pygame.K_s, 5: pygame.K_a}


def walk_shortest_path(app):
    game = app.scene.game
    path = game.route()  # fetching the keys of any doors on the way
    table = SQUARE_KEY if game.maze.grid.kind == "square" else HEX_KEY
    for a, b in zip(path, path[1:]):
        key(app, table[game.maze.grid.direction_between(a, b)])
    return path


def styled_board(maze: Maze, width: int, height: int):
    """A board of ``width`` x ``height`` pixels with every element styled for the finished maze
    (what the window shows once generation is over), for checks of which pixel shows what."""
    from visualizer.render.board import Board

    board = Board(maze.grid, width, height)
    overlay = Overlay(maze.grid)
    overlay.finish()
    board.restyle(maze, overlay)
    return board


# --- first person: corridors carved by hand ----------------------------------------------------

CELL_WIDTH = {SquareGrid.kind: 1.0, HexGrid.kind: math.sqrt(3)}
"""Between neighbouring centres, for the grids with straight corridors whose lengths are checked."""


STRAIGHT = sorted(CELL_WIDTH)


def carve_line(maze: Maze, start: int, direction: int, length: int) -> list[int]:
    """Open ``length`` cells in a straight line from ``start`` through ``direction``; returns them."""
    grid = maze.grid
    cells = [start]
    maze.apply((Kind.CARVE, start, -1, -1))
    for _ in range(length - 1):
        nb = grid.neighbour(cells[-1], direction)
        assert nb >= 0, "the corridor runs off the grid"
        maze.apply((Kind.CARVE, cells[-1], nb, direction))
        cells.append(nb)
    return cells


def corridor(kind: str, length: int) -> tuple[Maze, list[int], int]:
    """A straight corridor ``length`` cells long down the middle of a grid three cells across:
    along the rows on squares (east), down a column on hexagons (south). (maze, cells, direction)."""
    if kind == SquareGrid.kind:
        grid: Grid = SquareGrid(length, 3)
        start, direction = grid.cell(0, 1), SquareGrid.E
    else:
        grid = HexGrid(3, length)
        start, direction = grid.cell(1, 0), HexGrid.S
    maze = Maze(grid)
    return maze, carve_line(maze, start, direction, length), direction


def real_sides(grid: Grid, cell: int) -> list[int]:
    """The directions in which ``cell`` has an edge of some length (every one on squares and hexes)."""
    edges = grid.edge_segments()[cell]
    return [d for d in range(grid.directions) if np.hypot(*(edges[d, 1] - edges[d, 0])) > 1e-9]


# --- animations ------------------------------------------------------------------------------

def decode(data: bytes) -> list[tuple[np.ndarray, int]]:
    """Every frame of an animation as it is shown (RGB, composited) with its duration in ms."""
    image = Image.open(io.BytesIO(data))
    frames = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        image.load()
        frames.append((np.asarray(image.convert("RGB")), int(image.info["duration"])))
    return frames


NOW = datetime(2026, 11, 30, 5, 50, 0)
STAMP = "20261130-055000"
"""The time the frozen clock shows, and how the names of files set aside at that time spell it."""


class FrozenClock(datetime):
    """The clock at NOW: the names damaged files are kept under become predictable."""

    @classmethod
    def now(cls, tz=None):
        return NOW


def refuse_moves(monkeypatch, error) -> None:
    """Make every rename fail with ``error`` (a full disk, a read-only folder)."""
    from visualizer.play import save as saves

    def refuse(src, dst):
        raise error

    monkeypatch.setattr(saves.os, "replace", refuse)


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
"""The files of examples/: a first maze, a first solver, a broken maze (docs/write-your-own.md)."""


def own_file(folder: Path, name: str, source: str) -> Path:
    """A user's file ``name`` in ``folder`` holding ``source`` (dedented)."""
    import textwrap

    path = folder / name
    path.write_text(textwrap.dedent(source))
    return path


def island_maze(kind: str, width: int, height: int) -> tuple[Maze, list[int]]:
    """An open field with a walled-off block in the middle (an island of walls, not joined to the
    outer wall), and the cells beside the island from which both wall followers circle it for ever."""
    from visualizer.core.events import Kind
    from visualizer.grids import make_grid
    from visualizer.solvers import SOLVERS, run_to_end

    grid = make_grid(kind, width, height)
    middle = grid.size // 2
    block = {c for c in range(grid.size) if grid.distance(middle, c) <= 1}
    events = [(Kind.OPEN_FIELD, -1, -1, -1)]
    events += [(Kind.WALL, c, grid.neighbour(c, d), d) for c in sorted(block) for d in range(grid.directions)
               if grid.neighbour(c, d) >= 0 and grid.neighbour(c, d) not in block]
    maze = Maze(grid).fold(events)
    beside = sorted({nb for c in block for nb in grid.neighbour_cells(c) if nb not in block})
    hands = ("wall_right", "wall_left")
    stuck = [c for c in beside if not any(run_to_end(SOLVERS[hand].run(maze, c)) for hand in hands)]
    return maze, stuck


def toy_bench_targets(monkeypatch) -> None:
    """``run_bench``'s target rows measured at toy sizes: a test of the table checks that each row is
    measured and printed, not the machine's speed (each measure has a test of its own, and ``bench``
    itself measures at full size). At full size one run_bench took about two minutes of a test run."""
    from functools import partial

    from visualizer.bench import figures

    small = {"timeline_figures": dict(seek_side=30, step_side=20, cost_side=20, samples=3, pairs=3),
             "shape_figures": dict(sizes=(("polar", 8, None, 2000), ("triangle", 40, 30, None)), runs=1),
             "data_figures": dict(json_side=60, peak_side=80),
             "animation_figures": dict(width=8, height=6, seconds=1.0),
             "first_person_figures": dict(frames=2, mazes=(("square", 30, 20),)),
             "startup_figures": dict(runs=1),
             "backtracker_row": dict(side=20)}
    for name, arguments in small.items():
        monkeypatch.setattr(figures, name, partial(getattr(figures, name), **arguments))
    monkeypatch.setattr(figures, "largest_save_load_seconds", lambda: 0.01)  # a 300,000-cell save, 5 s
