"""How large each level is: plain levels, masked ones (words and pictures), and drawn mazes."""

from __future__ import annotations

import pytest

from visualizer.grids import GRIDS, Mask, TriangleGrid
from visualizer.play.game import Game
from visualizer.play.levels import FINAL_LEVEL, LEVEL_WIDTHS, level_for_width, level_size
from visualizer.run.spec import MazeSpec

KINDS = sorted(GRIDS)


def test_plain_levels_grow_from_8x5_to_26x16_in_a_screen_friendly_shape():
    sizes = [level_size(level) for level in range(1, FINAL_LEVEL + 1)]
    assert sizes[0] == (8, 5) and sizes[-1] == (26, 16)
    assert [w for w, _ in sizes] == list(range(8, 27, 2))
    assert all(abs(h - w * 5 / 8) <= 0.5 for w, h in sizes)  # 8:5, to the nearest row
    assert level_size(0) == (8, 5) and level_size(FINAL_LEVEL + 5) == (26, 16)


@pytest.mark.parametrize("kind", KINDS)
def test_a_level_without_a_mask_is_the_plain_size_on_every_grid(kind):
    assert level_size(4, None, GRIDS[kind]) == level_size(4)
    assert level_size(4, Mask((".." * 5,) * 3), None) == level_size(4)


def test_a_word_mask_starts_at_a_cell_a_character_and_ends_twice_as_wide():
    mask = Mask((".X" * 10,) * 4 + ("." * 20,), name="word")
    square = GRIDS["square"]
    assert level_size(1, mask, square) == (20, 5)
    assert level_size(FINAL_LEVEL, mask, square) == (40, 10)
    widths = [level_size(level, mask, square)[0] for level in range(1, FINAL_LEVEL + 1)]
    assert widths == sorted(set(widths))  # every level a little wider
    game = Game.new_level(1, MazeSpec("backtracker", "square", 1, 1, 3, mask=mask))
    assert (game.spec.width, game.spec.height) == (20, 5)


def test_a_one_letter_wide_mask_on_triangles_is_still_a_playable_level():
    """One column of triangles does not join up: the first level is two columns wide."""
    mask = Mask((".",) * 6, name="i")
    width, height = level_size(1, mask, TriangleGrid)
    assert width == TriangleGrid.MIN_SIZE[0] == 2 and height == 12
    game = Game.new_level(1, MazeSpec("backtracker", "triangle", 1, 1, 3, mask=mask))
    assert game.maze.grid.size > 0 and not game.won


@pytest.mark.parametrize("kind,first_width", [("square", 12), ("hex", 12), ("triangle", 24)])
def test_a_picture_mask_plays_half_again_as_wide_as_a_plain_level(kind, first_width):
    """Triangles are half as wide as squares, so a picture takes twice the columns on them."""
    picture = Mask(("..XX..", "......", "..XX.."), name="picture", by_plane=True)
    grid = GRIDS[kind]
    width, height = level_size(1, picture, grid)
    assert width == max(grid.MIN_SIZE[0], first_width)
    assert height == picture.height_for(grid, width)


def test_a_drawn_maze_counts_as_the_level_at_least_as_wide():
    for level, width in enumerate(LEVEL_WIDTHS, start=1):
        assert level_for_width(width) == level
        assert level_for_width(width - 1) == level
    assert level_for_width(1) == 1 and level_for_width(LEVEL_WIDTHS[-1] + 1) == FINAL_LEVEL
