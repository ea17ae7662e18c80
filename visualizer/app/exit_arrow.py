"""The arrow at the edge of the board that points to an exit off screen.

On a large level the view follows the player and the exit is out of sight; without a pointer the
player wanders. The arrow sits where the line from the player to the exit leaves the view, points
along that line, and once the exit has been seen names how far it is (in cell widths, as the crow
flies: the arrow gives a direction, never the route).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..render.palette import GOAL, PANEL
from . import text

MARGIN_SHARE = 0.06
"""How far inside the view's edge the arrow's tip sits, as a share of the shorter side."""
OUTLINE: tuple[int, int, int] = (40, 40, 40)


@dataclass(frozen=True)
class ArrowPlace:
    """Where the arrow's tip is (view pixels) and the screen angle it points along (radians)."""

    tip: tuple[float, float]
    angle: float


def place_arrow(size: tuple[int, int], start: tuple[float, float], target: tuple[float, float],
                margin: float) -> ArrowPlace | None:
    """The arrow for a target seen from ``start`` in a view of ``size`` (its tip ``margin`` pixels
    inside the edge), or None when the target is on screen or where the player stands."""
    width, height = size
    tx, ty = target
    if 0 <= tx <= width and 0 <= ty <= height:
        return None
    dx, dy = tx - start[0], ty - start[1]  # the exit's direction from the player...
    if math.hypot(dx, dy) < 1e-9:
        return None
    sx = min(max(start[0], margin), width - margin)  # ...drawn from the player kept inside the margin
    sy = min(max(start[1], margin), height - margin)
    share = 1.0  # how far along start -> target the line leaves the inset view
    for delta, low, high, origin in ((dx, margin, width - margin, sx), (dy, margin, height - margin, sy)):
        if delta > 0:
            share = min(share, (high - origin) / delta)
        elif delta < 0:
            share = min(share, (low - origin) / delta)
    return ArrowPlace((sx + dx * share, sy + dy * share), math.atan2(dy, dx))


def cells_apart(board, cell: int, other: int) -> float:
    """How many cell widths apart two cells are as the crow flies: the distance between their
    centres over the step to the nearest neighbour of ``cell`` (the grid's own cell pitch there)."""
    here = board.cell_centre(cell)
    steps = [math.dist(here, board.cell_centre(nb)) for _, nb in board.grid.neighbours(cell)]
    pitch = min((step for step in steps if step > 0), default=max(1e-9, board.cell_pixels))
    return math.dist(here, board.cell_centre(other)) / pitch


def label_box(back: tuple[float, float], angle: float, size: tuple[int, int], gap: float) -> pygame.Rect:
    """The distance label's box, behind the arrow's back edge along its line and ``gap`` pixels
    clear of it whatever the angle: the box's half-extent along the line is measured, so a wide
    label behind a steep arrow does not sit on the arrow (it did at 1024 x 768)."""
    cos, sin = math.cos(angle), math.sin(angle)
    reach = size[0] / 2 * abs(cos) + size[1] / 2 * abs(sin) + gap + 1  # + 1: the box is placed in whole pixels
    centre = (back[0] - cos * reach, back[1] - sin * reach)
    box = pygame.Rect(0, 0, *size)
    box.center = (round(centre[0]), round(centre[1]))
    return box


def draw_exit_arrow(surface: pygame.Surface, view: pygame.Rect, player: tuple[float, float],
                    goal: tuple[float, float], cells_away: float | None) -> ArrowPlace | None:
    """Draw the arrow (and the distance, when known) for a goal at ``goal`` in board pixels."""
    short = min(view.width, view.height)
    place = place_arrow(view.size, player, goal, short * MARGIN_SHARE)
    if place is None:
        return None
    length = max(22.0, short * 0.075)
    cos, sin = math.cos(place.angle), math.sin(place.angle)
    tx, ty = view.left + place.tip[0], view.top + place.tip[1]
    back = (tx - cos * length, ty - sin * length)
    wing = length * 0.5
    points = [(tx, ty), (back[0] - sin * wing, back[1] + cos * wing), (back[0] + sin * wing, back[1] - cos * wing)]
    pygame.draw.polygon(surface, GOAL, points)
    pygame.draw.polygon(surface, OUTLINE, points, max(2, int(length / 10)))
    if cells_away is not None:
        size = text.base_size(surface.get_height())
        label = text.rendered(f"exit {cells_away:.0f} cells", size, GOAL, True)
        box = label_box(back, place.angle, label.get_rect().inflate(size // 2, size // 4).size, size / 4)
        box.clamp_ip(view)
        pygame.draw.rect(surface, PANEL, box, border_radius=size // 3)
        surface.blit(label, label.get_rect(center=box.center))
    return place
