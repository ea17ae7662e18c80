"""The play scene's first-person view: the eye, its heading, the minimap, the ghost seen in 3D.

The play scene keeps the rules (``Game``) and the top-down view; this object holds what only the
first-person view needs (the raycaster built for the maze, the heading, the gliding camera) and turns
the arrow keys into first-person intents. Positions and trail stay the game's, so switching views at
any moment keeps both.
"""

from __future__ import annotations

import math

import pygame

from ..play.game import Game
from ..play.ghost import Ghost
from ..play.heading import (
    BACK,
    FORWARD,
    LEFT,
    RIGHT,
    Camera,
    Step,
    cell_point,
    heading_angle,
    initial_heading,
    sides,
    walk,
)
from ..render.first_person import DEFAULT_FOV, FirstPersonView
from ..render.minimap import draw_minimap
from ..render.palette import GHOST, GHOST_RING

INTENT_KEYS = {"up": FORWARD, "w": FORWARD, "down": BACK, "s": BACK, "left": LEFT, "a": LEFT, "q": LEFT,
               "right": RIGHT, "d": RIGHT, "e": RIGHT}
"""First person: Up / W walks forward, Down / S back, Left / Right (A D, Q E) turn to the next side."""
GHOST_ALPHA = 170
"""The ghost is see-through: the maze behind it still reads."""
MINIMAP_SHARE = 0.3
MINIMAP_SMALLEST = 24
"""Below this many pixels a side the minimap is left out (a window shrunk to a sliver)."""
"""The minimap's side as a share of the view's smaller side."""


class FirstPersonMode:
    """The eye in one game's maze; rebuilt when the maze changes (a new level)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        maze, grid = game.maze, game.maze.grid
        self.view = FirstPersonView(maze)
        self.facing = initial_heading(grid, maze, game.position)
        self.camera = Camera(*cell_point(grid, game.position), heading_angle(grid, game.position, self.facing),
                             cell=self.view.cell)
        self.minimap = True

    def stand(self) -> None:
        """Stand where the game is now (it may have moved in the top-down view), keeping the heading
        when this cell has that side, else facing an open one."""
        game = self.game
        grid = game.maze.grid
        if not self.has_side(game.position, self.facing):
            self.facing = initial_heading(grid, game.maze, game.position)
        self.camera.jump(*cell_point(grid, game.position), heading_angle(grid, game.position, self.facing))

    def has_side(self, cell: int, direction: int) -> bool:
        return direction in sides(self.game.maze.grid, cell)

    def place(self) -> None:
        """Stand at the game's position at once (a restart, a loaded game)."""
        game = self.game
        grid = game.maze.grid
        self.facing = initial_heading(grid, game.maze, game.position)
        self.camera.jump(*cell_point(grid, game.position), heading_angle(grid, game.position, self.facing))

    def intent_for(self, key_name: str) -> str | None:
        return INTENT_KEYS.get(key_name)

    def act(self, intent: str, now: float) -> Step:
        """Turn, or step through the side faced (or the one behind); the caller moves the game."""
        game = self.game
        grid = game.maze.grid
        step = walk(grid, game.maze, game.position, self.facing, intent)
        if step.bumped:
            self.camera.bump(now, backwards=intent == BACK)
        self.facing = step.facing
        return step

    def follow(self, now: float) -> None:
        """Glide to where the game now stands, facing the current heading."""
        grid = self.game.maze.grid
        position = self.game.position
        self.camera.aim(*cell_point(grid, position), heading_angle(grid, position, self.facing), now)

    def moving(self, now: float) -> bool:
        return self.camera.moving(now)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, now: float, ghost: Ghost | None) -> None:
        """The frame, the ghost where it can be seen, and the minimap in the top-right corner."""
        game = self.game
        rect = landscape(rect)
        if rect.width < 8 or rect.height < 8:
            return  # nothing to see in a sliver of a window
        x, y, angle = self.camera.pose(now)
        frame = self.view.render(rect.size, x, y, angle, game.trail, game.seen if game.fog else None,
                                 crumbs=game.crumbs)
        surface.blit(frame, rect.topleft)
        if ghost is not None:
            self.draw_ghost(surface, rect, ghost, (x, y, angle))
        side = int(min(rect.width, rect.height) * MINIMAP_SHARE)
        if self.minimap and side >= MINIMAP_SMALLEST:
            box = pygame.Rect(rect.right - side - 10, rect.top + 10, side, side)
            draw_minimap(surface, box, game.maze, game.seen if game.fog else None, (x, y), angle, game.trail,
                         crumbs=game.crumbs)

    def draw_ghost(self, surface: pygame.Surface, rect: pygame.Rect, ghost: Ghost,
                   pose: tuple[float, float, float]) -> None:
        """The ghost as a pale disc standing on the floor, hidden where a wall is nearer than it."""
        grid = self.game.maze.grid
        cell, toward, share = ghost.where(self.game.elapsed)
        (ax, ay), (bx, by) = cell_point(grid, cell), cell_point(grid, toward)
        gx, gy = ax + (bx - ax) * share, ay + (by - ay) * share
        x, y, angle = pose
        dx, dy = gx - x, gy - y
        ahead = dx * math.cos(angle) + dy * math.sin(angle)  # depth along the view direction
        across = -dx * math.sin(angle) + dy * math.cos(angle)
        if ahead <= 0.4 * self.view.cell:
            return  # passing through you: a disc filling the screen would hide the maze
        tan_half = math.tan(DEFAULT_FOV / 2)
        screen_x = rect.left + rect.width * (0.5 + across / (ahead * tan_half) / 2)
        focal = rect.width / 2 / tan_half
        radius = 0.22 * self.view.cell * focal / ahead
        column = int((screen_x - rect.left) / rect.width * 64)
        if not 0 <= column < 64 or radius < 1:
            return
        walls = self.view.columns(64, rect.size, x, y, angle)
        if walls.depth[column] < ahead:
            return  # behind a wall
        floor_y = rect.centery + focal * self.view.eye / ahead  # where the floor under it is drawn
        radius = min(radius, rect.height / 6)
        ring = int(radius) + max(1, int(radius / 5))
        sprite = pygame.Surface((2 * ring + 2, 2 * ring + 2), pygame.SRCALPHA)
        pygame.draw.circle(sprite, (*GHOST_RING, GHOST_ALPHA), (ring + 1, ring + 1), ring)
        pygame.draw.circle(sprite, (*GHOST, GHOST_ALPHA), (ring + 1, ring + 1), int(radius))
        surface.blit(sprite, sprite.get_rect(center=(int(screen_x), int(floor_y - radius * 1.4))))


def landscape(view: pygame.Rect) -> pygame.Rect:
    """The part of the view the first-person picture uses: no taller than three quarters of its width
    (a tall, narrow window would stretch the corridors), centred."""
    height = min(view.height, int(view.width * 0.75))
    return pygame.Rect(view.left, view.centery - height // 2, view.width, height)
