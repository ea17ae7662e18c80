"""The scrub bar under the board: the run as a bar, and the position a click or drag on it means."""

from __future__ import annotations

import pygame

from ..render.themes import ui
from . import text
from .scene import TimelineView

KNOWN = (44, 48, 60)
"""The part of the bar whose events are recorded."""
DONE = (48, 92, 122)
"""The part of the bar up to the run's position."""


def position_at(bar: pygame.Rect, x: int, timeline: TimelineView) -> int:
    """The event a press at window column ``x`` on the bar stands for (clamped to the bar's ends)."""
    share = min(1.0, max(0.0, (x - bar.left) / max(1, bar.width)))
    return round(share * timeline.length)


def draw_scrub_bar(surface: pygame.Surface, bar: pygame.Rect, timeline: TimelineView, size: int) -> None:
    """The run as a bar: how far it is known, where it stands, and where each phase begins (named
    in text ``size`` where the name fits)."""
    length = max(1, timeline.length)
    pygame.draw.rect(surface, ui().panel, bar, border_radius=4)
    known = bar.copy()
    known.width = int(bar.width * min(1.0, timeline.recorded / length))
    pygame.draw.rect(surface, KNOWN, known, border_radius=4)
    done = bar.copy()
    done.width = int(bar.width * min(1.0, timeline.position / length))
    pygame.draw.rect(surface, DONE, done, border_radius=4)
    free_from = bar.left
    for position, name in timeline.phases:
        x = bar.left + int(bar.width * position / length)
        pygame.draw.line(surface, ui().text_dim, (x, bar.top), (x, bar.bottom - 1), 2)
        label = text.rendered(name, size, ui().text_dim)
        if x + 4 >= free_from and x + 4 + label.get_width() < bar.right:
            surface.blit(label, (x + 4, bar.top + 2))
            free_from = x + 4 + label.get_width() + size // 2
    for position in timeline.bookmarks:  # a flag above the bar, clear of the phase names inside it
        x = bar.left + int(bar.width * min(1.0, position / length))
        flag = max(4, bar.height // 3)
        tip = bar.top - flag - 1
        pygame.draw.polygon(surface, ui().accent, [(x - flag, tip), (x + flag, tip), (x, bar.top)])
    handle = bar.left + int(bar.width * min(1.0, timeline.position / length))
    pygame.draw.line(surface, ui().accent, (handle, bar.top - 3), (handle, bar.bottom + 2), 3)
    pygame.draw.rect(surface, ui().text_dim, bar, 1, border_radius=4)
