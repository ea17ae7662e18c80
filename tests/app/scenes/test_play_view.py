"""What the play screen shows: cells revealed in fog are drawn at once, giving up shows the whole
path even in fog, and bumping into a wall visibly jolts the marker."""

import numpy as np
import pygame
import pytest

from visualizer.app.main import open_window
from visualizer.app.scenes.play import BUMP_SECONDS, GAVE_UP
from visualizer.app.shell import Shell
from visualizer.render.board import Board
from visualizer.render.palette import STYLE_COLOURS, Style
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

SQUARE_KEY = {0: pygame.K_UP, 1: pygame.K_RIGHT, 2: pygame.K_DOWN, 3: pygame.K_LEFT}


@pytest.fixture
def screen(tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_DATA", str(tmp_path))
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


def press(shell, code, dt=1 / 60):
    return shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")], dt)


def playing(screen, algorithm="dungeon", size=(16, 10)):
    shell = Shell(MazeSpec(algorithm, "square", *size, 2), screen=screen)
    shell.frame([], 0)
    press(shell, pygame.K_p)
    assert shell.scene.name == "play"
    return shell


def full_redraw(shell) -> np.ndarray:
    """The play board as one full redraw of the scene's maze and overlay would show it."""
    board = Board(shell.board.grid, shell.board.width, shell.board.height, shell.board.camera)
    surface = pygame.Surface((board.width, board.height), depth=32)
    board.use_format(surface.map_rgb)
    pixels = pygame.surfarray.pixels2d(surface)
    board.paint(pixels, shell.scene.game.maze, shell.scene.overlay, True, [])
    del pixels
    return pygame.surfarray.array3d(surface)


def test_walking_in_fog_draws_what_it_reveals_at_once(screen):
    shell = playing(screen)
    press(shell, pygame.K_f)
    game = shell.scene.game
    path = shortest_path(game.maze, game.position, game.goal)
    for a, b in list(zip(path, path[1:]))[:25]:
        press(shell, SQUARE_KEY[game.maze.grid.direction_between(a, b)])
        assert game.position == b
        assert (pygame.surfarray.array3d(shell.board_surface) == full_redraw(shell)).all(), b


def test_giving_up_in_fog_shows_the_whole_path(screen):
    shell = playing(screen)
    press(shell, pygame.K_f)
    press(shell, pygame.K_x)
    assert shell.scene.stage == GAVE_UP
    game = shell.scene.game
    path = shortest_path(game.maze, game.position, game.goal)
    fog, shown = STYLE_COLOURS[Style.FOG], STYLE_COLOURS[Style.PATH]
    board = shell.board
    inside = [c for c in path[1:-1] if 0 <= board.cell_centre(c)[0] < board.width
              and 0 <= board.cell_centre(c)[1] < board.height]  # the player and the goal have markers on top
    assert len(inside) > 3
    for cell in inside:
        x, y = board.cell_centre(cell)
        colour = tuple(shell.board_surface.get_at((int(x), int(y))))[:3]
        assert colour != fog and colour == shown, cell


def test_walking_into_a_wall_jolts_the_marker_on_screen_and_back(screen):
    shell = playing(screen, algorithm="backtracker")
    game = shell.scene.game
    shell.clock_time += 10  # the greeting has gone
    shell.frame([], 0)
    assert shell.frame([], 0) == []
    blocked = [d for d in range(4) if not game.maze.is_open(game.position, d)]
    start = game.position
    rects = press(shell, SQUARE_KEY[blocked[0]], dt=0)
    assert game.position == start
    assert any(r.contains(shell.view_rect()) for r in rects), rects  # the marker moved towards the wall
    rects = shell.frame([], BUMP_SECONDS + 0.1)
    assert any(r.contains(shell.view_rect()) for r in rects), rects  # and back in its place
