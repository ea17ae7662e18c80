"""Small checks several test files share."""

from __future__ import annotations

from itertools import islice

import pygame

from visualizer.core.maze import Maze
from visualizer.grids import Grid
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


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
    path = shortest_path(game.maze, game.position, game.goal)
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
