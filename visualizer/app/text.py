"""Fonts from the package's assets, sized for the window, with rendered lines cached."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..files.assets import asset

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


SCALES = (0.7, 0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
_scale = [1.0]
"""The text scale chosen with Ctrl+= / Ctrl+- (kept for the session, across scenes)."""


def base_size(window_height: int) -> int:
    """Body text size: readable from the back of a classroom on a projector, scaling with the
    window and with the chosen text scale."""
    return max(11, round(max(14, window_height / 40) * _scale[0]))


def scale() -> float:
    return _scale[0]


def step_scale(step: int) -> float:
    """One step larger (+1) or smaller (-1) on SCALES; returns the new scale."""
    i = min(range(len(SCALES)), key=lambda k: abs(SCALES[k] - _scale[0]))
    _scale[0] = SCALES[max(0, min(len(SCALES) - 1, i + step))]
    return _scale[0]


def wrap_items(items: list[str], size: int, width: int, gap: str = "   ") -> list[str]:
    """Pack whole items (such as "S solve") onto lines ``gap`` apart; an item never splits unless
    it alone is wider than the line."""
    measure = font(size).size
    lines: list[str] = []
    for item in items:
        candidate = lines[-1] + gap + item if lines else item
        if lines and measure(candidate)[0] <= width:
            lines[-1] = candidate
        else:
            lines.extend(wrap(item, size, width))
    return lines


def breaks_words(line: str, parts: list[str]) -> bool:
    """True when wrapping ``line`` into ``parts`` had to split a word."""
    return len(" ".join(parts).split()) != len(line.split())


def wrap(line: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Word-wrap ``line`` to ``width`` pixels at this size; a word longer than the width is split."""
    measure = font(size, bold).size
    out: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = word if not current else current + " " + word
        if measure(candidate)[0] <= width:
            current = candidate
            continue
        if current:
            out.append(current)
        while measure(word)[0] > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and measure(word[:cut])[0] > width:
                cut -= 1
            out.append(word[:cut])
            word = word[cut:]
        current = word
    out.append(current)
    return out


SMALLEST = 11
"""No words on screen are smaller than this."""


def fitted(words: str, largest: int, width: int, height: int, line: float = 1.3) -> tuple[int, list[str]]:
    """The largest size (from ``largest`` down) at which ``words`` wrap into ``height`` pixels, and
    the lines: a sentence steps its type down rather than lose its end. At the smallest size the
    lines are returned even when they do not fit."""
    size = largest
    while True:
        lines = wrap(words, size, width)
        if len(lines) * int(size * line) <= height or size <= SMALLEST:
            return size, lines
        size = max(SMALLEST, size - max(1, size // 10))


def reset_cache() -> None:
    """Forget fonts, rendered lines and the text scale: a new window starts fresh (fonts die with
    ``pygame.quit()`` and must not be reused)."""
    _scale[0] = 1.0
    font.cache_clear()
    rendered.cache_clear()
