"""The help overlay: every key of the scene on top and of the shell, in a box over the window."""

from __future__ import annotations

import pygame

from ..render.themes import ui
from . import text
from .keys import Binding


def draw_help(surface: pygame.Surface, rows: list[Binding], size: int) -> None:
    """The rows' keys and actions in a box over everything, the window shaded behind it; the text
    shrinks from ``size`` until every row fits the window."""
    width, height = surface.get_size()
    while True:
        line = int(size * 1.4)
        box_w = min(width - 40, size * 48)
        key_w = max(text.font(size, True).size(b.label)[0] for b in rows) + size
        wrapped = [text.wrap(b.action, size, box_w - 2 * size - key_w) for b in rows]
        needed = int(line * (sum(len(w) for w in wrapped) + 1.6)) + 2 * size
        if needed <= height - 40 or size <= 10:
            break
        size -= 1
    box = pygame.Rect(0, 0, box_w, min(height - 20, needed))
    box.center = (width // 2, height // 2)
    shade = pygame.Surface((width, height), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 160))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, ui().panel, box, border_radius=size // 2)
    pygame.draw.rect(surface, ui().accent, box, 2, border_radius=size // 2)
    x, y = box.left + size, box.top + size
    surface.blit(text.rendered("Keys", round(size * 1.2), ui().text, True), (x, y))
    y += int(line * 1.6)
    for binding, parts in zip(rows, wrapped):
        surface.blit(text.rendered(binding.label, size, ui().accent, True), (x, y))
        for part in parts:
            surface.blit(text.rendered(part, size, ui().text), (x + key_w, y))
            y += line
