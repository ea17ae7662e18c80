"""Working data drawn over the board: a walk with its direction, the box of a chamber or a run,
a cross on a wall that was kept. What colours alone cannot say (order, extent, a refusal)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pygame

from ..core.narration import Annotation, Shape, Tone
from ..run.overlay import Mark
from .board import Board
from .palette import ERASED, REJECTED

TONE_COLOURS = {Tone.ACTIVE: (255, 214, 10), Tone.REJECTED: REJECTED, Tone.ERASED: ERASED}
OUTLINE = (15, 15, 15)


def draw_annotations(surface: pygame.Surface, board: Board, origin: tuple[int, int],
                     annotations: Iterable[Annotation]) -> None:
    """Draw each annotation at the board's camera; lines thick enough for a projector."""
    width = max(2, min(8, round(board.cell_pixels / 6)))
    for note in annotations:
        if not note.cells:
            continue
        colour = TONE_COLOURS[note.tone]
        if note.shape == Shape.BOX:  # only the extent matters: corners from numpy, however many cells
            xy = board.centres_of(np.asarray(note.cells)) + origin
            corners = [(float(xy[:, 0].min()), float(xy[:, 1].min())), (float(xy[:, 0].max()), float(xy[:, 1].max()))]
            _draw_box(surface, corners, colour, width, board.cell_pixels)
            continue
        points = [(float(x), float(y)) for x, y in (board.centres_of(np.asarray(note.cells)) + origin).tolist()]
        if note.shape == Shape.PATH:
            _draw_path(surface, points, colour, width, board.cell_pixels)
        elif note.shape == Shape.WALL and len(points) == 2:
            _draw_cross(surface, points, colour, width, board.cell_pixels)


LONGEST = (0, 170, 255)
"""Vivid blue: stands out on the cream floor and on every step of the yellow-to-purple distance map."""


END_RING = 9.0
"""The least radius of the longest path's end rings in pixels: as wide as the endpoint markers'
least size (18 pixels), so the legend's "both ends ringed" reads on a projector over small cells."""


def draw_longest_path(surface: pygame.Surface, board: Board, origin: tuple[int, int], cells: tuple[int, ...]) -> None:
    """The longest path: a dark-edged line with a ringed dot at each end (no arrow: it has no direction)."""
    if not cells:
        return
    width = max(2, min(8, round(board.cell_pixels / 5)))
    points = [(float(x), float(y)) for x, y in (board.centres_of(np.asarray(cells)) + origin).tolist()]
    if len(points) >= 2:
        pygame.draw.lines(surface, OUTLINE, False, points, width + 2)
        pygame.draw.lines(surface, LONGEST, False, points, width)
    radius = max(width * 1.8, board.cell_pixels * 0.3, END_RING)
    for end in (points[0], points[-1]):
        pygame.draw.circle(surface, OUTLINE, end, radius + 2)
        pygame.draw.circle(surface, (255, 255, 255), end, radius)
        pygame.draw.circle(surface, LONGEST, end, radius * 0.6)


def _draw_path(surface: pygame.Surface, points: list[tuple[float, float]], colour, width: int, cell: float) -> None:
    """A dark-edged line through the points, a dot at the start and an arrowhead at the end."""
    if len(points) >= 2:
        pygame.draw.lines(surface, OUTLINE, False, points, width + 2)
        pygame.draw.lines(surface, colour, False, points, width)
        _draw_arrowhead(surface, points[-2], points[-1], colour, max(width * 2.5, cell * 0.35))
    pygame.draw.circle(surface, OUTLINE, points[0], width * 1.6 + 1)
    pygame.draw.circle(surface, colour, points[0], width * 1.6)


def _draw_arrowhead(surface: pygame.Surface, tail: tuple[float, float], tip: tuple[float, float], colour,
                    size: float) -> None:
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    left = (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5))
    right = (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [tip, left, right])
    pygame.draw.polygon(surface, OUTLINE, [tip, left, right], 1)


def _draw_box(surface: pygame.Surface, points: list[tuple[float, float]], colour, width: int, cell: float) -> None:
    """A rectangle around the cells' centres, half a cell out, so it frames them."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    half = cell / 2
    rect = pygame.Rect(round(min(xs) - half), round(min(ys) - half), round(max(xs) - min(xs) + cell),
                       round(max(ys) - min(ys) + cell))
    pygame.draw.rect(surface, OUTLINE, rect.inflate(2, 2), width + 2)
    pygame.draw.rect(surface, colour, rect, width)


def _draw_cross(surface: pygame.Surface, points: list[tuple[float, float]], colour, width: int, cell: float) -> None:
    """An X on the middle of the wall between two cells: this wall was looked at and kept."""
    (ax, ay), (bx, by) = points
    mx, my = (ax + bx) / 2, (ay + by) / 2
    arm = max(5.0, cell * 0.4)
    for dx, dy in ((arm, arm), (arm, -arm)):
        pygame.draw.line(surface, OUTLINE, (mx - dx, my - dy), (mx + dx, my + dy), width + 3)
        pygame.draw.line(surface, colour, (mx - dx, my - dy), (mx + dx, my + dy), width + 1)


HATCH_MOST = 600
"""Dear cells under marks hatched at most (strokes each, every repaint: 600 cost about 5 ms, see
docs/benchmarks.md): past it only the path's are, and past that none (a big weighted maze's
unmarked cells still show their shades)."""
HATCH_LEAST_PIXELS = 6
"""Cells smaller than this get no hatch: it would only blur them."""


def dear_under_marks(weights: np.ndarray | None, mark: np.ndarray) -> np.ndarray:
    """Cells that cost more than 1 whose colour is a solver's or generator's mark, not their shade."""
    if weights is None:
        return np.zeros(0, dtype=np.intp)
    return np.flatnonzero((weights > 1) & (mark > 0))


def draw_dear_ground(surface: pygame.Surface, board: Board, origin: tuple[int, int], weights: np.ndarray | None,
                     mark: np.ndarray, colour: tuple[int, int, int]) -> None:
    """The weight's hatch over marked dear cells (the path, the searched cells): one to three
    dark-edged strokes of the dear ground's ``colour``, more for dearer cells, so the hill a
    weighted solver went round still shows once it is solved."""
    cells = dear_under_marks(weights, mark)
    if len(cells) > HATCH_MOST:
        cells = cells[mark[cells] == Mark.PATH]
    if weights is None or not len(cells) or len(cells) > HATCH_MOST or board.cell_pixels < HATCH_LEAST_PIXELS:
        return
    half = board.cell_pixels * 0.3
    width = max(2, round(board.cell_pixels / 10))
    for (x, y), cost in zip((board.centres_of(cells) + origin).tolist(), weights[cells].tolist()):
        strokes = 1 + (int(cost) - 2) // 3  # 2-4: one, 5-7: two, 8-9: three
        for k in range(strokes):
            shift = (k - (strokes - 1) / 2) * half * 0.8  # side by side across the stroke's direction
            reach = half - abs(shift)  # shorter off the middle: each stays inside the cell
            start, end = (x + shift - reach, y + shift + reach), (x + shift + reach, y + shift - reach)
            pygame.draw.line(surface, OUTLINE, start, end, width + 2)
            pygame.draw.line(surface, colour, start, end, width)
