"""Colour themes: the window's dark look, and a light one for paper and slides.

A theme is a whole style -> colour table in the order the board indexes it (``COLOURS``): what a
style means never changes, only how it looks. Print formats default to light (white floor, black
walls: little ink); the window, PNG and animations default to dark.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .palette import BACKGROUND, CONNECTOR, PALETTE, WALL, Colour, Style


@dataclass(frozen=True)
class Theme:
    name: str
    colours: np.ndarray
    """Style -> RGB, shape (styles + 3, 3): the palette, then connector, wall and background."""

    @property
    def background(self) -> Colour:
        r, g, b = (int(v) for v in self.colours[-1])
        return r, g, b

    @property
    def wall(self) -> Colour:
        r, g, b = (int(v) for v in self.colours[-2])
        return r, g, b

    @property
    def floor(self) -> Colour:
        r, g, b = (int(v) for v in self.colours[Style.FLOOR])
        return r, g, b


def _table(palette: np.ndarray, connector: Colour, wall: Colour, background: Colour) -> np.ndarray:
    table = np.vstack([palette, np.array([connector, wall, background], dtype=np.uint8)])
    table.flags.writeable = False
    return table


DARK = Theme("dark", _table(PALETTE, CONNECTOR, WALL, BACKGROUND))

_LIGHT_CHANGES: dict[Style, Colour] = {
    Style.FLOOR: (255, 255, 255),
    Style.ROOM: (232, 238, 246),
    Style.UNVISITED: (214, 216, 222),
    Style.PRUNED: (190, 188, 196),
    Style.DEAD_END: (170, 164, 178),
    Style.FOG: (236, 236, 240),
}


def _light_palette() -> np.ndarray:
    palette = PALETTE.copy()
    for style, colour in _LIGHT_CHANGES.items():
        palette[style] = colour
    return palette


LIGHT = Theme("light", _table(_light_palette(), (214, 160, 0), (0, 0, 0), (255, 255, 255)))

THEMES: dict[str, Theme] = {theme.name: theme for theme in (DARK, LIGHT)}


def get_theme(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme {name!r}; choose one of: {', '.join(THEMES)}") from None
