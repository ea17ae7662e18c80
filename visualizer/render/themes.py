"""Colour themes: the window's dark look, a light one for paper and slides, and high-contrast for a
projector at the back of a class.

A theme is a whole style -> colour table in the order the board indexes it (``colours``), and the
colours of the words around it (``ui``): what a style means never changes, only how it looks. The
window and every export read the same tables. Print formats default to light (white floor, black
walls: little ink); the window, PNG and animations default to dark. The window's theme of the
moment is ``current()`` (``use`` switches it); the tests in tests/render/test_contrast.py measure
every pair of colours that meet, from these tables and from a drawn board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.names import unknown
from .palette import (
    ACCENT,
    BACKGROUND,
    CODE_BACKGROUND,
    CODE_LIT,
    CODE_LIT_TEXT,
    CONNECTOR,
    HEAT,
    HEAT_LEVELS,
    LEGEND,
    MAT,
    PALETTE,
    PANEL,
    TERRAIN,
    TERRAIN_LEVELS,
    TEXT,
    TEXT_DIM,
    WALL,
    Colour,
    Style,
    terrain_colours,
)

CONNECTOR_INDEX, WALL_INDEX, MAT_INDEX = -3, -2, -1
"""Where the pseudo-styles sit at the end of a theme's table (the board's -3, -2 and -1)."""


@dataclass(frozen=True)
class UiColours:
    """The words and boxes around the board."""

    window: Colour
    panel: Colour
    text: Colour
    text_dim: Colour
    accent: Colour
    code_background: Colour
    code_lit: Colour
    code_lit_text: Colour


@dataclass(frozen=True)
class Theme:
    name: str
    colours: np.ndarray
    """Style -> RGB, shape (styles + 3, 3): the palette, then connector, wall and the mat round the maze."""
    ui: UiColours
    ring: Colour = (255, 255, 255)
    """The quiz's rings round the cells it asks about: 3:1 from the mat and the walls (a dark edge
    keeps them apart from the floor as well)."""

    def colour(self, index: int) -> Colour:
        r, g, b = (int(v) for v in self.colours[index])
        return r, g, b

    @property
    def background(self) -> Colour:
        return self.colour(MAT_INDEX)

    @property
    def wall(self) -> Colour:
        return self.colour(WALL_INDEX)

    @property
    def floor(self) -> Colour:
        return self.colour(Style.FLOOR)

    def legend_colour(self, key: str) -> Colour:
        """The swatch of a legend entry in this theme (entries the board does not paint keep theirs)."""
        index = LEGEND_STYLES.get(key)
        return LEGEND[key][0] if index is None else self.colour(index)


LEGEND_STYLES: dict[str, int] = {
    "floor": Style.FLOOR, "room": Style.ROOM, "unvisited": Style.UNVISITED, "current": Style.CURRENT,
    "stack": Style.STACK, "frontier": Style.FRONTIER, "walk": Style.WALK, "region": Style.REGION,
    "set": Style.REGION + 2, "dead end": Style.DEAD_END, "connector": CONNECTOR_INDEX, "pruned": Style.PRUNED,
    "search": Style.SEARCH, "path": Style.PATH, "wall": WALL_INDEX, "trail": Style.TRAIL, "fog": Style.FOG,
    "removed": Style.REMOVED,
    "distance": HEAT + HEAT_LEVELS * 2 // 5,
    "weight": TERRAIN + TERRAIN_LEVELS - 1,
}
"""Legend entries that show a board colour: their swatch follows the theme."""


def _table(palette: np.ndarray, connector: Colour, wall: Colour, mat: Colour,
           changes: dict[int, Colour] | None = None) -> np.ndarray:
    table = np.vstack([palette, np.array([connector, wall, mat], dtype=np.uint8)])
    for index, colour in (changes or {}).items():
        table[index] = colour
    floor = table[Style.FLOOR]
    table[TERRAIN:TERRAIN + TERRAIN_LEVELS] = terrain_colours((int(floor[0]), int(floor[1]), int(floor[2])))
    table.flags.writeable = False
    return table


QUIZ_BLUE: Colour = (0, 114, 178)
"""Okabe-Ito blue: 5.2:1 from a white mat, 4:1 from black walls (white would vanish on the mat)."""

REMOVED_ON_WHITE: Colour = (112, 76, 150)
"""Removed cells on a white mat and floor: plum, 3:1 from the light grey unvisited cells (4:1 in
light, 3.3:1 in high contrast), from the black walls and the white mat; the dark theme's pale
lavender would vanish on white."""

DARK = Theme("dark", _table(PALETTE, CONNECTOR, WALL, MAT),
             UiColours(BACKGROUND, PANEL, TEXT, TEXT_DIM, ACCENT, CODE_BACKGROUND, CODE_LIT, CODE_LIT_TEXT))

LIGHT = Theme("light", _table(PALETTE, (255, 214, 10), (0, 0, 0), (255, 255, 255), {
    Style.FLOOR: (255, 255, 255),
    Style.UNVISITED: (200, 202, 210),
    Style.PRUNED: (176, 172, 186),
    Style.FOG: (132, 136, 150),  # 3:1 from the white mat: the fogged maze keeps its edge
    Style.REMOVED: REMOVED_ON_WHITE,
}), UiColours((236, 238, 242), (250, 250, 252), (20, 22, 28), (72, 76, 90), (0, 96, 186),
              (232, 234, 240), (255, 214, 10), (18, 20, 26)), ring=QUIZ_BLUE)

HIGH_CONTRAST = Theme("high-contrast", _table(PALETTE, (255, 221, 0), (0, 0, 0), (255, 255, 255), {
    Style.FLOOR: (255, 255, 255),
    Style.UNVISITED: (190, 190, 190),
    Style.PRUNED: (150, 150, 160),
    Style.SEARCH: (170, 230, 210),
    Style.FOG: (118, 118, 118),  # mid grey: 4.5:1 from the black walls and from the white floor and mat
    Style.REMOVED: REMOVED_ON_WHITE,
}), UiColours((0, 0, 0), (0, 0, 0), (255, 255, 255), (230, 230, 230), (255, 221, 0),
              (0, 0, 0), (255, 221, 0), (0, 0, 0)), ring=QUIZ_BLUE)
"""White floor and black walls (21:1), a black panel with white and yellow words (AAA, 7:1 and up)."""

THEMES: dict[str, Theme] = {theme.name: theme for theme in (DARK, LIGHT, HIGH_CONTRAST)}


def get_theme(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(unknown("theme", name, THEMES)) from None


_current: list[Theme] = [DARK]


def current() -> Theme:
    """The window's theme now: everything the window draws reads its colours from here."""
    return _current[0]


def ui() -> UiColours:
    """The current theme's colours for words and boxes."""
    return _current[0].ui


def use(name: str) -> Theme:
    """Make ``name`` the window's theme (the caller repaints)."""
    _current[0] = get_theme(name)
    return _current[0]


def next_theme_name(name: str) -> str:
    """The theme after ``name``, round: what the theme key switches to."""
    names = list(THEMES)
    return names[(names.index(name) + 1) % len(names)] if name in names else names[0]
