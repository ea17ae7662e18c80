"""Soft edges: slanted and curved walls lose their pixel steps without losing contrast."""

import numpy as np
import pygame
import pytest
from helpers import at_least
from hypothesis import given
from hypothesis import strategies as st

from visualizer.grids import make_grid
from visualizer.render.board import Board
from visualizer.render.image import render_surface
from visualizer.render.soft_edges import ChannelPacking, floor_beside_walls
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec


def drawn(kind: str, seed: int, view=(360, 300)) -> tuple[Board, np.ndarray, np.ndarray]:
    """A finished maze's board, its pixels, and what each pixel would be without softening."""
    maze = MazeSpec("backtracker", kind, *at_least(kind, 7, 6), seed).build()
    board = Board(maze.grid, *view)
    surface = pygame.Surface(view, depth=32)
    board.use_format(surface.map_rgb)
    pixels = pygame.surfarray.pixels2d(surface)
    board.paint(pixels, maze, Overlay(maze.grid), True, [])
    hard = board.packed[board.element_style[board.owner]]
    softened = pixels.copy()
    del pixels
    return board, softened, hard


@pytest.mark.parametrize("kind", ["hex", "triangle", "polar"])
def test_slanted_walls_are_softened_at_the_floor_side_only(kind):
    board, image, hard = drawn(kind, 5)
    walls = board.owner >= board.slot_base
    assert (image[walls] == hard[walls]).all()  # walls keep their full colour: contrast is not diluted
    changed = image != hard
    assert changed.sum() > 200  # in-between shades where the floor meets a slanted wall


def test_a_square_board_keeps_hard_edges():
    board, image, hard = drawn("square", 5)
    assert (image == hard).all()


def test_tiny_cells_are_not_blurred():
    maze = MazeSpec("backtracker", "hex", 120, 90, 1).build()
    board = Board(maze.grid, 300, 200)
    image = pygame.surfarray.array3d(render_surface(maze, Overlay(maze.grid), (300, 200)))
    assert board.cell_pixels < 7 and len(np.unique(image.reshape(-1, 3), axis=0)) <= 4


@given(w=st.integers(1, 30), h=st.integers(1, 30), seed=st.integers(0, 1000))
def test_the_softened_pixels_are_floor_touching_a_wall(w, h, seed):
    rng = np.random.default_rng(seed)
    owner = rng.integers(-1, 6, size=(w, h)).astype(np.int32)
    mask = floor_beside_walls(owner, 3)
    for x in range(w):
        for y in range(h):
            around = owner[max(0, x - 1):x + 2, max(0, y - 1):y + 2]
            assert mask[x, y] == (owner[x, y] < 3 and bool((around >= 3).any()))


def test_the_packing_is_read_from_the_surface_format():
    surface = pygame.Surface((2, 2), depth=32)
    packing = ChannelPacking.of(surface.map_rgb)
    assert packing is not None
    assert packing.pack(np.array([[10, 200, 30]], dtype=np.uint32))[0] == surface.map_rgb((10, 200, 30))
    assert ChannelPacking.of(pygame.Surface((2, 2), depth=16).map_rgb) is None  # 5-6-5: not softened


def test_a_grid_says_whether_its_walls_slant():
    board = Board(make_grid("hex", 4, 4), 200, 200)
    assert board.layout.soft_edges and not Board(make_grid("square", 4, 4), 200, 200).layout.soft_edges
