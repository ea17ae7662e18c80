"""Zoom, pan and follow as a person sees them: the wheel stops zooming with a few cells on screen,
dragging never loses the maze, play keeps the player in view, a new maze size starts whole."""

import numpy as np
import pygame
import pytest
from helpers import at_least
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.main import open_window
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import ZOOM_STEP, Shell
from visualizer.app.view_camera import PAN_SLACK
from visualizer.grids import GRIDS
from visualizer.render.board import Camera, fit_camera
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


@pytest.fixture
def screen():
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


def finished_shell(screen, grid="square", size=(40, 25), algorithm="backtracker"):
    shell = Shell(MazeSpec(algorithm, grid, *size, 3), speed=INSTANT, screen=screen)
    shell.frame([], 0.0)
    shell.base.run.finish_generation()
    shell.frame([], 0.0)
    return shell


def wheel(shell, steps, pos):
    pygame.mouse.set_pos(pos)
    for _ in range(abs(steps)):
        shell.zoom(ZOOM_STEP ** (1 if steps > 0 else -1), pos)
        shell.frame([], 0)


def drag(shell, start, rel):
    x, y = start
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0)
    for _ in range(10):
        step = (rel[0] // 10, rel[1] // 10)
        x, y = x + step[0], y + step[1]
        shell.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=step, buttons=(1, 0, 0))], 0)
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)], 0)


def maze_share_of_view(shell):
    """The share of the view's pixels that show some part of the maze."""
    return float(np.count_nonzero(shell.board.owner >= 0)) / shell.board.owner.size


@pytest.mark.parametrize("grid", list(GRIDS))
def test_zooming_in_stops_with_a_few_cells_across_the_view(screen, grid):
    shell = finished_shell(screen, grid=grid)
    fitted = shell.board.cell_pixels
    view = shell.view_rect()
    wheel(shell, 40, view.center)
    assert shell.board.cell_pixels > 4 * fitted  # it did zoom in a long way
    assert shell.board.cell_pixels <= min(view.size) / 2  # but never to one cell filling the view
    wheel(shell, -80, view.center)
    assert shell.camera is None and shell.board.cell_pixels == pytest.approx(fitted)


@pytest.mark.parametrize("grid", list(GRIDS))
@pytest.mark.parametrize("direction", [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)])
def test_dragging_far_never_pulls_the_maze_out_of_view(screen, grid, direction):
    shell = finished_shell(screen, grid=grid)
    view = shell.view_rect()
    wheel(shell, 6, view.center)
    assert maze_share_of_view(shell) > 0.9
    drag(shell, view.center, (direction[0] * 4000, direction[1] * 4000))
    assert shell.camera is not None
    # The maze's edge may come at most PAN_SLACK of the view inward on each side it was dragged.
    assert maze_share_of_view(shell) >= (1 - PAN_SLACK) ** 2 * 0.8


@given(scale=st.floats(0.2, 60), origin=st.tuples(st.floats(-1e5, 1e5), st.floats(-1e5, 1e5)),
       span=st.tuples(st.floats(3, 2000), st.floats(3, 2000)),
       view=st.tuples(st.integers(50, 2000), st.integers(50, 2000)), slack=st.sampled_from([0.0, 0.25, 0.5]))
def test_a_dragged_maze_follows_the_pointer_until_its_edge_is_slack_inside_the_view(scale, origin, span, view,
                                                                                     slack):
    """Smaller than the view: centred. Larger: it moves with the drag until one of its edges has
    come ``slack`` of the view inward, and stops exactly there (so every edge can be reached)."""
    kept = Camera(scale, origin).kept_in_view(span, view, slack)
    assert kept.scale == scale
    for extent, size, wanted, at in zip(span, view, origin, kept.origin):
        drawn = extent * scale
        if drawn <= size:
            assert at == pytest.approx((size - drawn) / 2)
        else:
            low, high = size - drawn - size * slack, size * slack
            assert at == pytest.approx(min(high, max(low, wanted)))


@given(kind=st.sampled_from(list(GRIDS)), w=st.integers(1, 300), h=st.integers(1, 300),
       view=st.tuples(st.integers(60, 2500), st.integers(60, 1500)))
def test_the_fitted_maze_is_whole_and_centred_in_the_view(kind, w, h, view):
    """Z (and every new maze) shows the whole maze, outer walls included, in the middle of the
    view, as large as fits."""
    w, h = at_least(kind, w, h)
    grid = GRIDS[kind](w, h)
    camera = fit_camera(grid, *view)
    span = grid.pixel_span()
    drawn = (span[0] * camera.scale, span[1] * camera.scale)
    outside = grid.pixel_margin(camera.scale) / 2  # the outer walls' outer halves, each side
    for extent, size, at in zip(drawn, view, camera.origin):
        assert at >= outside - 1e-6 and at + extent + outside <= size + 1e-6  # all of it inside the view
        assert at == pytest.approx((size - extent) / 2)  # centred
    fit = min(view[0] / span[0], view[1] / span[1])
    margin = grid.pixel_margin(fit)
    fit_walls = min((view[0] - margin) / span[0], (view[1] - margin) / span[1])
    assert min(fit_walls, fit / 2) - 1 < camera.scale <= fit + 1e-9  # as large as fits (tiles: within a pixel)


def test_walking_in_play_keeps_the_player_on_screen(screen, tmp_path, monkeypatch):
    """On a maze too large to play whole, the view follows the player along the way to the goal,
    in jumps (not on every step)."""
    monkeypatch.setenv("MAZE_VISUALIZER_DATA", str(tmp_path))
    shell = Shell(MazeSpec("backtracker", "square", 60, 40, 5), speed=INSTANT, screen=screen)
    shell.frame([], 0)
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")], 0)
    game = shell.scene.game
    grid = game.maze.grid
    keys = {0: pygame.K_UP, 1: pygame.K_RIGHT, 2: pygame.K_DOWN, 3: pygame.K_LEFT}
    path = shortest_path(game.maze, game.position, game.goal)
    cameras = set()
    for a, b in zip(path, path[1:]):
        shell.frame([pygame.event.Event(pygame.KEYDOWN, key=keys[grid.direction_between(a, b)], mod=0,
                                        unicode="")], 1 / 60)
        assert game.position == b
        x, y = shell.board.cell_centre(b)
        assert 0 <= x < shell.board.width and 0 <= y < shell.board.height, (b, x, y)
        cameras.add(shell.board.camera)
    assert shell.scene.stage in ("won", "all done")
    assert 1 < len(cameras) < len(path) // 3


def test_a_new_maze_size_starts_whole_after_zooming(screen):
    shell = finished_shell(screen)
    view = shell.view_rect()
    wheel(shell, 5, view.center)
    assert shell.camera is not None
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHTBRACKET, mod=0, unicode="]")], 0)
    grid = shell.base.run.grid
    assert shell.board.grid is grid and shell.camera is None
    centres = np.array([shell.board.cell_centre(c) for c in range(grid.size)])
    assert (centres >= 0).all() and (centres[:, 0] < view.width).all() and (centres[:, 1] < view.height).all()
