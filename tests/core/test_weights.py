"""Weighted cells: the terrain is seeded (the same maze, the same costs), uses every cost 1..N,
is smooth (neighbours mostly differ by little), and a path's cost counts the cells it enters."""

from __future__ import annotations

import numpy as np
import pytest

from visualizer.core.weights import path_cost, terrain
from visualizer.grids import GRIDS, make_grid
from visualizer.run.spec import MazeSpec


@pytest.mark.parametrize("kind", list(GRIDS))
def test_the_terrain_is_seeded_spans_every_cost_and_is_smooth(kind):
    grid = make_grid(kind, 30, 20)
    first = terrain(grid, 7, 9)
    assert np.array_equal(first, terrain(grid, 7, 9)) and not np.array_equal(first, terrain(grid, 8, 9))
    assert set(np.unique(first)) == set(range(1, 10))
    steps = [abs(int(first[a]) - int(first[b])) for a in range(grid.size) for b in grid.neighbour_cells(a)]
    assert np.mean(steps) < 1.5, "hills, not static: neighbours mostly cost about the same"


def test_a_recipe_with_weights_builds_its_terrain_and_one_without_has_none():
    assert MazeSpec("prim", "square", 8, 6, 2).build().weights is None
    maze = MazeSpec("prim", "square", 8, 6, 2, {"weights": 4}).build()
    assert maze.weights is not None and maze.weights.max() <= 4 and maze.weights.min() >= 1
    assert maze.same_as(MazeSpec("prim", "square", 8, 6, 2).build()), "the weights change no passage"


def test_a_paths_cost_is_what_entering_each_cell_after_the_first_costs():
    weights = np.array([5, 1, 2, 3], dtype=np.uint8)
    assert path_cost(weights, [0, 1, 2, 3]) == 6
    assert path_cost(None, [0, 1, 2, 3]) == 3 and path_cost(None, []) == 0


def test_a_weights_value_out_of_range_is_refused_in_one_line():
    with pytest.raises(ValueError, match="weights must be at most 9"):
        MazeSpec("prim", "square", 8, 6, 2, {"weights": 12}).check()
