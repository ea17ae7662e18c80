"""Words drawn one under another in the panel, the strip and the legend, and how a line that
stands for what is out of view begins."""

from __future__ import annotations

import pygame

from . import text
from .choice_spots import SPOTS

MORE = "... "
"""How a row that stands for what is out of view begins ("... 3 more lines", "... 2 figures left out")."""


def draw_lines(surface: pygame.Surface, lines: list[str], x: int, y: int, size: int, colour: tuple[int, int, int],
               bottom: int) -> int:
    """Lines one under another, as many as fit above ``bottom``; returns where the next goes."""
    line = int(size * 1.3)
    for part in lines:
        if y + line > bottom:
            break
        surface.blit(text.rendered(part, size, colour), (x, y))
        SPOTS.note(part, size, x, y, line)
        y += line
    return y
