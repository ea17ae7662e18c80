"""The markers play draws on top of the board: the exit, the player, the ghost.

Plain drawing at given screen points; the play scene decides what is seen (fog) and where things are.
"""

from __future__ import annotations

import pygame

from ..render.palette import BUMP, GHOST, GHOST_RING, GOAL, PLAYER, PLAYER_RING

GOAL_EDGE = (40, 40, 40)


def draw_goal(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """The exit: a yellow diamond (its colour in the minimap and first person too) with a thick dark
    edge: yellow on the themes' near-white floors is about 1.2:1, so the edge is what stands 3:1
    from the floor and must read from the back of a room."""
    x, y = centre
    goal = [(x + dx * size * 0.36, y + dy * size * 0.36) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
    pygame.draw.polygon(surface, GOAL, goal)
    pygame.draw.polygon(surface, GOAL_EDGE, goal, goal_edge_width(size))


def goal_edge_width(size: float) -> int:
    """The exit diamond's dark edge, in pixels, for cells of ``size`` pixels."""
    return max(2, round(size / 8))


def draw_player(surface: pygame.Surface, centre: tuple[float, float], size: float, bumping: bool,
                colour: tuple[int, int, int] = PLAYER) -> None:
    """The player: a vermillion disc (a race's player 2: ``colour``), its ring flashing while it jolts
    against a wall."""
    radius = max(2, int(size * 0.32))
    at = (int(centre[0]), int(centre[1]))
    pygame.draw.circle(surface, BUMP if bumping else PLAYER_RING, at, radius + max(1, radius // 4))
    pygame.draw.circle(surface, colour, at, radius)


def draw_ghost(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """The ghost: a pale disc in a violet ring."""
    radius = max(2, int(size * 0.3))
    at = (int(centre[0]), int(centre[1]))
    pygame.draw.circle(surface, GHOST_RING, at, radius + max(1, radius // 4))
    pygame.draw.circle(surface, GHOST, at, radius)
