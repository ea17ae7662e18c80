"""The endpoints drawn over the board, each its own shape, so a student sees at once where a
search begins and ends: the entrance (a triangle), the exit (a square), the solver's start (a
ring) and its goal (a diamond). Shapes as well as colours: they must read on a projector and for
colour-blind eyes, and two of them may share a cell."""

from __future__ import annotations

import pygame

from .board import Board
from .palette import ENTRANCE, EXIT, SOLVER_GOAL, SOLVER_START

OUTLINE = (20, 20, 20)

ENDPOINT_COLOURS = {"entrance": ENTRANCE, "exit": EXIT, "solver start": SOLVER_START, "solver goal": SOLVER_GOAL}
"""Every marker's fill: each 3:1 from the floor and the walls in every theme (tests/render/test_contrast.py)."""

__all__ = ["ENDPOINT_COLOURS", "ENTRANCE", "EXIT", "OUTLINE", "draw_endpoints", "marker_size"]


def marker_size(board: Board) -> float:
    """Readable on a projector even when cells are tiny."""
    return max(18.0, board.cell_pixels)


def draw_endpoints(surface: pygame.Surface, board: Board, origin: tuple[int, int], entrance: int, exit_: int,
                   start: int | None, goal: int | None) -> None:
    """Every endpoint that is set: the entrance and the exit always, the solver's own start and
    goal when they are not the entrance and the exit."""
    size = marker_size(board)
    line = max(2, int(size / 10))
    view = pygame.Rect(origin, (board.width, board.height)).inflate(-line, -line)
    for cell, colour, corners in ((entrance, ENTRANCE, ((0, -0.42), (0.38, 0.3), (-0.38, 0.3))),
                                  (exit_, EXIT, ((-0.3, -0.3), (0.3, -0.3), (0.3, 0.3), (-0.3, 0.3)))):
        x, y = _centre(board, origin, cell)
        points = inside([(x + dx * size * 1.4, y + dy * size * 1.4) for dx, dy in corners], view)
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, OUTLINE, points, line)
    if start is not None:
        x, y = _centre(board, origin, start)
        ring = inside([(x - size * 0.5, y - size * 0.5), (x + size * 0.5, y + size * 0.5)], view)
        centre = ((ring[0][0] + ring[1][0]) / 2, (ring[0][1] + ring[1][1]) / 2)
        pygame.draw.circle(surface, OUTLINE, centre, size * 0.5, max(3, int(size / 5)))
        pygame.draw.circle(surface, SOLVER_START, centre, size * 0.45, max(2, int(size / 8)))
    if goal is not None:
        x, y = _centre(board, origin, goal)
        points = inside([(x + dx * size * 0.5, y + dy * size * 0.5) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))],
                        view)
        pygame.draw.polygon(surface, SOLVER_GOAL, points)
        pygame.draw.polygon(surface, OUTLINE, points, line)


def inside(points: list[tuple[float, float]], view: pygame.Rect) -> list[tuple[float, float]]:
    """``points`` moved as one into ``view`` where they stick out of it: a marker larger than its
    cell (tiny cells) at the maze's edge would be cut by the view's edge, a triangle read as a
    trapezoid; shifted a few pixels it stays whole, still over its cell."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    dx = max(0.0, view.left - min(xs)) - max(0.0, max(xs) - view.right)
    dy = max(0.0, view.top - min(ys)) - max(0.0, max(ys) - view.bottom)
    return [(x + dx, y + dy) for x, y in points]


def _centre(board: Board, origin: tuple[int, int], cell: int) -> tuple[float, float]:
    x, y = board.cell_centre(cell)
    return origin[0] + x, origin[1] + y
