"""Every colour that carries meaning on the board stands 3:1 apart from what it touches (WCAG 2.1
non-text contrast), in every theme: measured from the theme tables and from a drawn board."""

import numpy as np
import pygame
import pytest
from colorspacious import cspace_convert, deltaE

from visualizer.core.maze import Maze
from visualizer.grids import make_grid
from visualizer.render.board import Board
from visualizer.render.contrast import AAA, NON_TEXT, luminance, ratio
from visualizer.render.palette import HEAT, HEAT_LEVELS, REGION_COLOURS, Style
from visualizer.render.styles import edge_styles
from visualizer.render.themes import CONNECTOR_INDEX, MAT_INDEX, THEMES, WALL_INDEX
from visualizer.run.overlay import Overlay

S = Style
MARKS = (S.FLOOR, S.ROOM, S.SEARCH, S.DEAD_END, S.STACK, S.WALK, S.PATH, S.FRONTIER, S.CURRENT, S.UNVISITED,
         S.PRUNED, S.TRAIL, S.REMOVED, *range(S.REGION, S.REGION + len(REGION_COLOURS)), HEAT, HEAT + HEAT_LEVELS - 1,
         CONNECTOR_INDEX)
"""Everything drawn inside the walls: each touches a wall."""
TOUCHING = [(S.CURRENT, S.FLOOR), (S.STACK, S.FLOOR), (S.FRONTIER, S.FLOOR), (S.PATH, S.FLOOR),
            (S.PATH, S.SEARCH), (S.ROOM, S.FLOOR), (S.WALK, S.FLOOR), (S.DEAD_END, S.FLOOR), (S.TRAIL, S.FLOOR),
            (CONNECTOR_INDEX, S.ROOM), (WALL_INDEX, MAT_INDEX)]
"""Pairs that meet cell to cell (a passage takes one side's colour), and the outer wall on the mat."""
HUE_ONLY = {frozenset(p) for p in [(S.CURRENT, S.FRONTIER), (S.CURRENT, S.STACK), (S.CURRENT, S.WALK),
                                    (S.SEARCH, S.FLOOR), (CONNECTOR_INDEX, S.FLOOR)]}
"""Pairs that meet (or must be told apart) but cannot also be 3:1: with the wall and the floor, four
colours each 3:1 from the others would need a 27:1 range (21:1 is all there is). They differ in hue,
which the colour-vision test below checks."""
TOGETHER = [(S.CURRENT, S.FRONTIER), (S.CURRENT, S.STACK), (S.CURRENT, S.WALK), (S.CURRENT, S.UNVISITED),
            (S.STACK, S.UNVISITED), (S.PATH, S.SEARCH), (S.ROOM, S.FLOOR), (S.FRONTIER, S.UNVISITED),
            (S.WALK, S.UNVISITED), (S.DEAD_END, S.FLOOR), (S.SEARCH, S.FLOOR), (S.ROOM, S.PATH),
            (S.REMOVED, S.UNVISITED)]
"""Pairs that share a board and must be told apart, also with a colour-vision deficiency."""
CVD_DELTA_E = 7.0


def test_the_formula_gives_the_known_ratios():
    assert ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert luminance((255, 0, 0)) == pytest.approx(0.2126) and luminance((0, 255, 0)) == pytest.approx(0.7152)
    assert ratio((10, 20, 30), (10, 20, 30)) == 1.0


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_every_mark_stands_apart_from_the_walls_and_what_it_touches(theme):
    low = [(int(a), int(b), round(ratio(theme.colour(a), theme.colour(b)), 2))
           for a, b in [(m, WALL_INDEX) for m in MARKS] + TOUCHING
           if ratio(theme.colour(a), theme.colour(b)) < NON_TEXT]
    assert not low, low
    assert ratio(theme.wall, theme.floor) >= (AAA if theme.name == "high-contrast" else NON_TEXT)


def test_high_contrast_words_are_aaa():
    ui = THEMES["high-contrast"].ui
    for fg, bg in [(ui.text, ui.panel), (ui.text_dim, ui.panel), (ui.accent, ui.panel),
                   (ui.code_lit_text, ui.code_lit), (ui.text, ui.code_background)]:
        assert ratio(fg, bg) >= AAA, (fg, bg)


@pytest.mark.parametrize("cvd", ["deuteranomaly", "protanomaly", "tritanomaly"])
@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_colours_stay_apart_with_colour_vision_deficiencies(theme, cvd):
    space = {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}
    def seen(index):
        return np.clip(cspace_convert(np.array(theme.colour(index)) / 255, space, "sRGB1"), 0, 1)
    close = [(int(a), int(b)) for a, b in TOGETHER if deltaE(seen(a), seen(b), input_space="sRGB1") < CVD_DELTA_E]
    assert not close, close


def _drawn_pairs(theme, board, maze, overlay, styles):
    """Adjacent pixel colour pairs of ``board`` painted with the given cell styles."""
    board.restyle(maze, overlay)
    board.cell_style[:] = styles
    board.element_style[: len(styles)] = styles
    slots = np.arange(board.grid.size * board.grid.directions)
    board.element_style[board.slot_base + slots] = edge_styles(maze, overlay, slots, board.neighbours,
                                                               board.cell_style, np.zeros(len(slots), bool))
    surface = pygame.Surface((board.width, board.height), depth=32)
    board.use_format(surface.map_rgb, theme.colours)
    pixels = pygame.surfarray.pixels2d(surface)
    np.take(board.packed, board.element_style[board.owner], out=pixels)
    del pixels
    rgb = pygame.surfarray.array3d(surface).astype(np.int64)
    packed = rgb[..., 0] << 16 | rgb[..., 1] << 8 | rgb[..., 2]
    pairs = set()
    for a, b in ((packed[1:, :], packed[:-1, :]), (packed[:, 1:], packed[:, :-1])):
        differ = a != b
        pairs |= {frozenset(p) for p in zip(a[differ].tolist(), b[differ].tolist())}
    return pairs


@pytest.mark.parametrize("kind", ["square", "hex", "polar", "triangle"])
@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_a_drawn_board_has_no_pair_under_three_to_one(theme, kind):
    """Every style painted on a board, walled in, with passages where two styles meet in a run; the
    pixels read back, pair by pair: a style added later cannot slip under."""
    grid = make_grid(kind, 8, 7)
    maze, overlay = Maze(grid), Overlay(grid)
    maze.state[:] = 1
    inside = [m for m in MARKS if m != CONNECTOR_INDEX]
    styles = np.array([inside[c % len(inside)] for c in range(grid.size)], dtype=np.int16)
    meet = {frozenset(p) for p in TOUCHING}
    nb = grid.neighbour_array()
    for cell in range(grid.size):
        for d in range(grid.directions):
            other = nb[cell, d]
            if other >= 0 and frozenset((int(styles[cell]), int(styles[other]))) in meet:
                maze.passages[cell] |= 1 << d
                maze.passages[other] |= 1 << grid.opposite(d)
    names = {}
    for index in [*MARKS, WALL_INDEX, MAT_INDEX]:
        r, g, b = theme.colour(index)
        names.setdefault(r << 16 | g << 8 | b, int(index))
    pairs = _drawn_pairs(theme, Board(grid, 320, 280), maze, overlay, styles)
    assert len(pairs) > len(inside)  # the board really shows every style against the walls
    low = []
    for pair in pairs:
        colours = [((p >> 16) & 255, (p >> 8) & 255, p & 255) for p in pair]
        seen = frozenset(names.get(p, -99) for p in pair)
        if ratio(*colours) < NON_TEXT and seen not in HUE_ONLY and not seen <= set(range(HEAT, HEAT + HEAT_LEVELS)):
            low.append((sorted(seen), round(ratio(*colours), 2)))
    assert not low, low


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_fog_stands_apart_from_the_mat_and_the_walls(theme):
    """Fog of war hides the outer wall too: the fog meets the mat round the maze, and the maze's
    edge must still show (3:1); where a seen wall meets the fog it must show too."""
    fog = theme.colour(S.FOG)
    assert ratio(fog, theme.background) >= NON_TEXT, (theme.name, fog, theme.background)
    assert ratio(fog, theme.wall) >= NON_TEXT, (theme.name, fog, theme.wall)


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_the_quiz_ring_stands_apart_from_the_mat_and_the_walls(theme):
    """The rings round the cells a quiz asks about cross the walls and reach the mat at the maze's
    edge: on a projector they must show against both (their dark edge sets them off the floor)."""
    assert ratio(theme.ring, theme.background) >= NON_TEXT, (theme.name, theme.ring, theme.background)
    assert ratio(theme.ring, theme.wall) >= NON_TEXT, (theme.name, theme.ring, theme.wall)
    assert ratio((20, 20, 20), theme.floor) >= NON_TEXT


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_removed_cells_stand_apart_from_unvisited_cells_the_mat_and_the_walls(theme):
    """A cell an edit took out is not a cell waiting to be visited: it must not read as one."""
    removed = theme.colour(S.REMOVED)
    for other in (S.UNVISITED, MAT_INDEX, WALL_INDEX):
        assert ratio(removed, theme.colour(other)) >= NON_TEXT, (theme.name, int(other))


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_every_endpoint_marker_stands_apart_from_the_floor_and_the_walls(theme):
    """The entrance, the exit and the solver's own start and goal sit on a floor cell next to its
    walls: each marker's own colour, not only its dark edge, must show on both (a white ring on the
    dark theme's near-white floor read as an outline with nothing in it). Read from a drawn board,
    so a marker drawn in a colour of its own cannot slip past."""
    from visualizer.render.markers import ENDPOINT_COLOURS, OUTLINE, draw_endpoints

    pygame.display.init()
    grid = make_grid("square", 8, 7)
    board = Board(grid, 320, 280)
    surface = pygame.Surface((board.width, board.height))
    surface.fill(theme.floor)
    draw_endpoints(surface, board, (0, 0), 9, 30, 12, 45)
    drawn = {tuple(c)[:3] for c in pygame.surfarray.array3d(surface).reshape(-1, 3).tolist()}
    fills = drawn - {theme.floor, OUTLINE}
    assert fills == set(ENDPOINT_COLOURS.values())  # every marker drew, each in its own colour
    low = [(colour, round(ratio(colour, other), 2)) for colour in fills for other in (theme.floor, theme.wall)
           if ratio(colour, other) < NON_TEXT]
    assert not low, (theme.name, low)
