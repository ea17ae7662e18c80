"""Playing in first person: V switches views at any moment keeping position and trail, the arrow
keys walk and turn, a wall bump never moves you, the level is won the same way, the ghost shows."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from helpers import key

from visualizer.app.shell import Shell
from visualizer.play.heading import heading_angle
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


def open_play(screen, grid="square", view="first-person", ghost=None):
    spec = MazeSpec("backtracker", grid, 9, 6, 17)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="maze", maze=spec.build(), view=view, ghost=ghost)
    app.frame([], 0)
    return app


def face(app, direction):
    """Turn right until facing ``direction`` (at most a full turn)."""
    eye = app.scene.eye
    for _ in range(8):
        if eye.facing == direction:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"could not face direction {direction}")


def test_first_person_draws_its_own_picture_in_the_board_place(screen, data):
    app = open_play(screen)
    scene = app.scene
    assert scene.board_content() is None and scene.eye is not None
    app.draw()
    view = app.view_rect()
    pixels = pygame.surfarray.array3d(app.screen.subsurface(view))
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 50  # shaded walls, floor, ceiling, a map


@pytest.mark.parametrize("grid", ["square", "hex", "triangle"])
def test_walking_the_shortest_path_in_first_person_wins(screen, data, grid):
    app = open_play(screen, grid=grid)
    game = app.scene.game
    path = shortest_path(game.maze)
    for a, b in zip(path, path[1:]):
        face(app, game.maze.grid.direction_between(a, b))
        key(app, pygame.K_UP)
        assert game.position == b
    assert app.scene.stage == "won" and game.moves == len(path) - 1 and game.trail == path


def test_a_wall_ahead_is_a_bump_that_never_moves_you(screen, data):
    app = open_play(screen)
    game, eye = app.scene.game, app.scene.eye
    grid = game.maze.grid
    def inner_walls(cell):
        return [d for d in range(grid.directions) if grid.neighbour(cell, d) >= 0 and not game.maze.is_open(cell, d)]

    game.position = next(cell for cell in range(grid.size) if inner_walls(cell))
    game.trail = [game.position]
    eye.place()
    face(app, inner_walls(game.position)[0])
    before = (game.position, game.moves, list(game.trail))
    key(app, pygame.K_UP)
    assert (game.position, game.moves, game.trail) == before
    assert eye.camera.moving(app.clock_time)  # the lurch is shown


def test_v_switches_views_at_any_moment_keeping_position_and_trail(screen, data):
    app = open_play(screen, view="top-down")
    scene = app.scene
    game = scene.game
    path = shortest_path(game.maze)
    table = {0: pygame.K_UP, 1: pygame.K_RIGHT, 2: pygame.K_DOWN, 3: pygame.K_LEFT}
    for a, b in zip(path[:3], path[1:3]):
        key(app, table[game.maze.grid.direction_between(a, b)])
    where, trail = game.position, list(game.trail)
    key(app, pygame.K_v)
    assert scene.first_person and scene.board_content() is None and game.position == where
    camera = scene.eye.camera
    x, y, _ = camera.pose(app.clock_time)
    cx, cy = game.maze.grid.unit_centres()[where]
    assert (x, y) == pytest.approx((cx, cy))  # standing where the top-down marker was
    key(app, pygame.K_v)
    assert not scene.first_person and scene.board_content() is not None
    assert game.position == where and game.trail == trail


def test_turning_glides_to_the_next_side(screen, data):
    app = open_play(screen, grid="hex")
    eye = app.scene.eye
    grid = app.scene.game.maze.grid
    cell = app.scene.game.position
    before = eye.facing
    key(app, pygame.K_RIGHT)
    assert eye.facing != before
    for _ in range(20):
        app.frame([], 1 / 60)
    _, _, angle = eye.camera.pose(app.clock_time)
    target = heading_angle(grid, cell, eye.facing)
    assert np.isclose(np.cos(angle), np.cos(target)) and np.isclose(np.sin(angle), np.sin(target))


def test_b_hides_the_minimap(screen, data):
    app = open_play(screen)
    assert app.scene.eye.minimap
    key(app, pygame.K_b)
    assert not app.scene.eye.minimap


def test_the_ghost_is_seen_ahead_in_first_person(screen, data):
    app = open_play(screen, ghost="easy")
    scene = app.scene
    game = scene.game
    path = shortest_path(game.maze)
    face(app, game.maze.grid.direction_between(path[0], path[1]))
    for _ in range(20):
        app.frame([], 1 / 60)
    game.elapsed = 0.6  # the ghost is a cell ahead, on the path the eye looks down
    view = app.view_rect()
    app.draw()
    with_ghost = pygame.surfarray.array3d(app.screen.subsurface(view)).copy()
    scene.ghost = None
    app.draw()
    without = pygame.surfarray.array3d(app.screen.subsurface(view))
    assert (with_ghost != without).any(axis=2).sum() > 200


def test_a_wall_between_you_and_the_ghost_hides_it(screen, data):
    from visualizer.play.ghost import Ghost

    app = open_play(screen)
    scene, game = app.scene, app.scene.game
    grid = game.maze.grid
    cell = next(c for c in range(grid.size)
                if any(grid.neighbour(c, d) >= 0 and not game.maze.is_open(c, d) for d in range(grid.directions)))
    wall = next(d for d in range(grid.directions) if grid.neighbour(cell, d) >= 0 and not game.maze.is_open(cell, d))
    game.position, game.trail = cell, [cell]
    scene.eye.place()
    face(app, wall)
    for _ in range(20):
        app.frame([], 1 / 60)
    view = app.view_rect()

    def picture(ghost):
        scene.ghost = ghost
        app.draw()
        return pygame.surfarray.array3d(app.screen.subsurface(view)).copy()

    beyond = grid.neighbour(cell, wall)
    assert (picture(Ghost((beyond, beyond), 1.0)) == picture(None)).all()  # behind the wall: unseen
    open_side = next((d for d in range(grid.directions) if game.maze.is_open(cell, d)
                      and grid.neighbour(cell, d) >= 0), None)
    if open_side is not None:
        face(app, open_side)
        for _ in range(20):
            app.frame([], 1 / 60)
        there = grid.neighbour(cell, open_side)
        assert (picture(Ghost((there, there), 1.0)) != picture(None)).any()  # through the opening: seen


def test_v_twice_keeps_the_way_you_were_facing(screen, data):
    app = open_play(screen, grid="hex")
    eye = app.scene.eye
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    facing = eye.facing
    key(app, pygame.K_v)
    key(app, pygame.K_v)
    assert app.scene.eye is eye and eye.facing == facing  # no free hint toward the exit


def test_the_minimap_choice_outlasts_a_restart(screen, data):
    app = open_play(screen)
    key(app, pygame.K_b)
    key(app, pygame.K_r)
    assert not app.scene.eye.minimap


def test_a_sliver_of_a_window_draws_without_failing(data):
    from visualizer.app.main import open_window

    surface = open_window((200, 30))
    try:
        spec = MazeSpec("backtracker", "square", 6, 4, 1)
        app = Shell(spec, screen=surface)
        app.open_scene("play", spec=spec, mode="maze", maze=spec.build(), view="first-person")
        for _ in range(3):
            app.frame([], 1 / 60)
    finally:
        pygame.quit()
