"""Weighted cells on the board: dearer floor is drawn a shade darker, one shade per cost, in every
theme; the shades keep the walls and the solver's marks readable, a mark still wins over the shade,
and the legend says what the shading means only when there is some."""

from __future__ import annotations

import numpy as np
import pytest

from visualizer.render.contrast import NON_TEXT, ratio
from visualizer.render.palette import TERRAIN, TERRAIN_LEVELS, Style
from visualizer.render.styles import cell_styles, visible_legend
from visualizer.render.themes import THEMES, WALL_INDEX
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS


def test_each_cost_has_its_shade_and_a_solver_mark_wins_over_it():
    maze = MazeSpec("kruskal", "square", 16, 12, 3, {"braid": 100, "weights": 9}).build()
    overlay = Overlay(maze.grid)
    every = np.arange(maze.grid.size)
    styles = cell_styles(maze, overlay, every)
    assert np.array_equal(styles, TERRAIN - 1 + maze.weights.astype(np.int16))
    assert "weight" in visible_legend(maze, overlay)
    for event in SOLVERS["dijkstra"].run(maze):
        overlay.apply(event)
    solved = cell_styles(maze, overlay, every)
    path = [cell for cell in every if overlay.mark[cell]]
    assert path and all(solved[c] < TERRAIN for c in path), "the solver's colours are drawn over the terrain"
    plain = MazeSpec("kruskal", "square", 16, 12, 3, {"braid": 100}).build()
    assert "weight" not in visible_legend(plain, Overlay(plain.grid))
    assert (cell_styles(plain, Overlay(plain.grid), every) == Style.FLOOR).all()


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_shades_darken_step_by_step_and_keep_walls_and_marks_readable(theme):
    colours = THEMES[theme]
    shades = [colours.colour(TERRAIN + k) for k in range(TERRAIN_LEVELS)]
    assert shades[0] == colours.floor
    brightness = [sum(shade) for shade in shades]
    assert brightness == sorted(brightness, reverse=True) and len(set(shades)) == TERRAIN_LEVELS
    for shade in shades:
        assert ratio(shade, colours.colour(WALL_INDEX)) >= NON_TEXT
        assert ratio(shade, colours.colour(Style.PATH)) >= NON_TEXT
    assert ratio(shades[-1], colours.floor) < 1.6, "a light texture, not a second floor colour"


def test_the_distance_map_lies_over_what_the_solver_searched_and_under_its_path():
    """With D on after S, a student reads the distances everywhere the solver only looked, and
    the path the solver found stays on top."""
    from visualizer.core.distance import distances_from, heat_levels
    from visualizer.render.palette import HEAT, HEAT_LEVELS
    from visualizer.render.styles import MARK_STYLES

    maze = MazeSpec("backtracker", "square", 16, 12, 7).build()
    overlay = Overlay(maze.grid)
    for event in SOLVERS["bfs"].run(maze):
        overlay.apply(event)
    overlay.heat = heat_levels(distances_from(maze, maze.entrance[0]), HEAT_LEVELS)
    styles = cell_styles(maze, overlay)
    on_path = MARK_STYLES[overlay.mark] == Style.PATH
    searched = (overlay.mark > 0) & ~on_path
    assert on_path.any() and searched.any()
    assert (styles[on_path] == Style.PATH).all(), "the solution is drawn under the distance map"
    mapped = styles[searched]
    assert ((mapped >= HEAT) & (mapped < TERRAIN)).all(), "the solver's searched colours hide the distance map"
    assert not {"search", "looked"} & set(visible_legend(maze, overlay))
