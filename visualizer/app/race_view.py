"""A race in first person: the view split in two, each player walking inside the maze in their half.

Each half is a ``FirstPersonMode`` of its own player's game (its own heading, glide and minimap),
named at the top by the player's keys; the race (``visualizer.play.race``) keeps the rules.
"""

from __future__ import annotations

import pygame

from ..play.heading import Step
from ..play.race import NAMES, Race
from ..render.palette import ACCENT, PANEL
from . import text
from .first_person_mode import FirstPersonMode

GAP = 6
"""Pixels between the two halves."""
NAME_COLOURS = ((213, 94, 0), (40, 120, 230))
"""Each half's name in its player's colour (player 1 vermillion, player 2 blue, as drawn top-down)."""


class SplitEyes:
    """Both players' eyes in one race."""

    def __init__(self, race: Race, minimap: bool) -> None:
        self.eyes = [FirstPersonMode(game) for game in race.players]
        for eye in self.eyes:
            eye.minimap = minimap

    def act(self, player: int, intent: str, now: float) -> Step:
        """Turn or step player ``player``'s eye; the caller moves the game (through the race)."""
        return self.eyes[player].act(intent, now)

    def follow(self, player: int, now: float) -> None:
        self.eyes[player].follow(now)

    def moving(self, now: float) -> bool:
        return any(eye.moving(now) for eye in self.eyes)

    def pose_key(self, now: float) -> tuple[tuple[float, float, float], ...]:
        """Both poses, rounded (the screen redraws when either changes)."""
        return tuple(tuple(round(v, 3) for v in eye.camera.pose(now)) for eye in self.eyes)  # type: ignore[misc]

    def set_minimap(self, on: bool) -> None:
        for eye in self.eyes:
            eye.minimap = on

    def draw(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Player 1 on the left, player 2 on the right, each half named."""
        half = (view.width - GAP) // 2
        for player, eye in enumerate(self.eyes):
            rect = pygame.Rect(view.left + player * (half + GAP), view.top, half, view.height)
            eye.draw(surface, rect, now, None)
            label = text.rendered(NAMES[player], text.base_size(surface.get_height()), NAME_COLOURS[player], True)
            box = label.get_rect(midtop=(rect.centerx, rect.top + 8)).inflate(12, 6)
            pygame.draw.rect(surface, PANEL, box)
            pygame.draw.rect(surface, ACCENT, box, 1)
            surface.blit(label, label.get_rect(center=box.center))
        pygame.draw.rect(surface, PANEL, (view.left + half, view.top, GAP, view.height))
