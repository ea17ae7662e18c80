"""The exit's diamond in play reads on every theme's floor by a dark edge thick enough for a room."""

import pygame
import pytest

from visualizer.app.play_markers import draw_goal, goal_edge_width
from visualizer.render.contrast import NON_TEXT, ratio
from visualizer.render.themes import THEMES


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
@pytest.mark.parametrize("size", [12, 24, 40, 64])
def test_the_exit_diamond_has_an_edge_3_to_1_from_the_floor_on_both_sides(theme, size):
    surface = pygame.Surface((size * 2, size * 2))
    surface.fill(theme.floor)
    draw_goal(surface, (size, size), size)
    row = [tuple(surface.get_at((x, size)))[:3] for x in range(size * 2)]
    standing = [ratio(colour, theme.floor) >= NON_TEXT for colour in row]
    left = standing.index(True)
    right = len(standing) - 1 - standing[::-1].index(True)
    edge = goal_edge_width(size)
    assert edge >= max(2, size // 8)
    assert all(standing[left:left + edge - 1]) and all(standing[right - edge + 2:right + 1])
