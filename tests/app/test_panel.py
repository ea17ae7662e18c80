"""The side panel's legend swatches (dummy video driver): each shows the colour the board uses,
and one as dark as the panel still reads as a filled square, in every theme."""

import pygame
import pytest

from visualizer.app.panel import draw_swatch
from visualizer.render import contrast, themes


@pytest.fixture
def theme():
    before = themes.current().name
    yield themes.use
    themes.use(before)


@pytest.mark.parametrize("name", list(themes.THEMES))
@pytest.mark.parametrize("key", ["wall", "floor", "path", "set"])
def test_a_swatch_is_filled_with_the_board_colour_and_its_edge_stands_out_from_the_panel(name, key, theme):
    theme(name)
    pygame.display.init()
    surface = pygame.Surface((40, 40))
    panel = themes.ui().panel
    surface.fill(panel)
    colour = themes.current().legend_colour(key)
    draw_swatch(surface, key, colour, pygame.Rect(10, 10, 18, 18))
    if key != "set":  # a set's swatch shows two of the sets' colours
        assert tuple(surface.get_at((19, 19)))[:3] == colour, "the swatch is not the board's colour"
    if contrast.ratio(colour, panel) < 1.5:  # a wall as dark as the panel: across a light square
        top, bottom = tuple(surface.get_at((19, 11)))[:3], tuple(surface.get_at((19, 26)))[:3]
        assert contrast.ratio(top, panel) >= 3 and contrast.ratio(bottom, panel) >= 3, \
            f"the {key} swatch reads as an empty box on the {name} panel"
