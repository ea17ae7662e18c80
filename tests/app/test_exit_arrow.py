"""The arrow to an exit off screen: at the view's edge, on the line from the player to the exit,
pointing the exit's way, on every grid shape."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.exit_arrow import label_box, place_arrow
from visualizer.grids import GRIDS, make_grid
from visualizer.render.board import Board, Camera

SIZE = (640, 480)
MARGIN = 20.0


def assert_points_at(place, player, goal):
    want = math.atan2(goal[1] - player[1], goal[0] - player[0])
    gap = (place.angle - want + math.pi) % (2 * math.pi) - math.pi
    assert abs(gap) < 1e-6
    tip_angle = math.atan2(place.tip[1] - player[1], place.tip[0] - player[0])
    on_line = abs((tip_angle - want + math.pi) % (2 * math.pi) - math.pi) < 1e-6
    assert math.dist(place.tip, player) < 1e-6 or on_line  # the tip is on the line to the exit
    x, y = place.tip
    on_edge = min(abs(x - MARGIN), abs(x - (SIZE[0] - MARGIN)), abs(y - MARGIN), abs(y - (SIZE[1] - MARGIN)))
    assert on_edge < 1e-6 and MARGIN - 1e-6 <= x <= SIZE[0] - MARGIN + 1e-6


@pytest.mark.parametrize("kind", list(GRIDS))
def test_the_arrow_points_at_the_far_corner_cell_on_every_grid(kind):
    grid = make_grid(kind, 30, 24)
    fit = Board(grid, *SIZE).camera
    camera = Camera(fit.scale * 6, fit.origin)  # zoomed in on the grid's top-left: most cells off screen
    board = Board(grid, *SIZE, camera)
    centres = board.cell_centres()
    inside = [c for c in range(grid.size)
              if MARGIN < centres[c][0] < SIZE[0] - MARGIN and MARGIN < centres[c][1] < SIZE[1] - MARGIN]
    assert inside, "some cell is in view"
    player = board.cell_centre(inside[len(inside) // 2])
    checked = 0
    for goal_cell in range(0, grid.size, 7):
        goal = board.cell_centre(goal_cell)
        place = place_arrow(SIZE, player, goal, MARGIN)
        in_view = 0 <= goal[0] <= SIZE[0] and 0 <= goal[1] <= SIZE[1]
        assert (place is None) == in_view
        if place is not None:
            assert_points_at(place, player, goal)
            checked += 1
    assert checked > 20


@given(px=st.floats(MARGIN, SIZE[0] - MARGIN), py=st.floats(MARGIN, SIZE[1] - MARGIN),
       gx=st.floats(-5000, 5000), gy=st.floats(-5000, 5000))
def test_an_exit_anywhere_off_screen_gets_an_arrow_on_the_edge_toward_it(px, py, gx, gy):
    place = place_arrow(SIZE, (px, py), (gx, gy), MARGIN)
    if 0 <= gx <= SIZE[0] and 0 <= gy <= SIZE[1]:
        assert place is None
    else:
        assert place is not None
        assert_points_at(place, (px, py), (gx, gy))


@pytest.mark.parametrize("kind", list(GRIDS))
def test_the_distance_to_the_exit_counts_cells_of_the_grid(kind):
    from visualizer.app.exit_arrow import cells_apart

    grid = make_grid(kind, 12, 9)
    board = Board(grid, *SIZE)
    cell = grid.size // 2
    for _, nb in grid.neighbours(cell):
        assert 0.5 < cells_apart(board, cell, nb) < 2.1  # a neighbour is about one cell away
    if kind == "square":
        assert cells_apart(board, grid.cell(0, 0), grid.cell(9, 0)) == pytest.approx(9)


@given(angle=st.floats(-math.pi, math.pi), width=st.integers(20, 400), height=st.integers(10, 80),
       bx=st.floats(-500, 500), by=st.floats(-500, 500))
def test_the_distance_label_never_covers_the_arrow(angle, width, height, bx, by):
    """The whole arrow lies ahead of its back edge along its line; every corner of the label's box
    lies behind it, so the two never overlap at any angle or label size."""
    box = label_box((bx, by), angle, (width, height), gap=4.0)
    cos, sin = math.cos(angle), math.sin(angle)
    corners = [(box.left, box.top), (box.right, box.top), (box.left, box.bottom), (box.right, box.bottom)]
    assert max((x - bx) * cos + (y - by) * sin for x, y in corners) <= -4.0 + 1.0
    assert box.size == (width, height)
