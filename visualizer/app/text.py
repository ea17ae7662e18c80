"""Fonts from the package's assets, sized for the window, with rendered lines cached."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..resources import asset

REGULAR = ("fonts", "DejaVuSans.ttf")
BOLD = ("fonts", "DejaVuSans-Bold.ttf")


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font from assets/ (works offline and from a non-editable install)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset(*(BOLD if bold else REGULAR))), max(8, size))


@lru_cache(maxsize=2048)
def rendered(text: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """A rendered line; the HUD redraws the same lines every frame, so they are cached."""
    return font(size, bold).render(text, True, colour)


def base_size(window_height: int) -> int:
    """Body text size: readable from the back of a classroom on a projector, scaling with the window."""
    return max(14, round(window_height / 40))


def reset_cache() -> None:
    """Forget fonts and rendered lines: they die with ``pygame.quit()`` and must not be reused."""
    font.cache_clear()
    rendered.cache_clear()
