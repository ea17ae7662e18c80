"""What the play screen shows: cells revealed in fog are drawn at once, giving up shows the whole
path even in fog, bumping into a wall visibly jolts the marker, and the win screen says what a
player earned: a new best, the seed to share, who won the race with the ghost."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from helpers import key, walk_shortest_path

from visualizer.app.main import open_window
from visualizer.app.play_view import JOLT_SECONDS
from visualizer.app.scenes.play import GAVE_UP
from visualizer.app.shell import Shell
from visualizer.cli import main
from visualizer.play.records import Records, records_path
from visualizer.render.board import Board
from visualizer.render.palette import GHOST, STYLE_COLOURS, Style
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
    rects = shell.frame([], JOLT_SECONDS + 0.1)
    assert any(r.contains(shell.view_rect()) for r in rects), rects  # and back in its place


def test_the_seed_shown_after_level_two_is_the_one_the_series_started_with(screen, data):
    """The win screen tells you the seed to share; a friend's `play --seed` starts level 1 there."""
    spec = MazeSpec("backtracker", "square", 8, 5, 41)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="new")
    walk_shortest_path(app)
    assert any(line.startswith("Seed 41:") for line in app.scene.screen_lines())
    level_one = app.scene.game.maze
    key(app, pygame.K_RETURN)
    assert app.scene.game.level == 2
    walk_shortest_path(app)
    assert any(line.startswith("Seed 41:") for line in app.scene.screen_lines()), app.scene.screen_lines()
    assert not level_one.same_as(app.scene.game.maze)


SPEC = MazeSpec("backtracker", "square", 8, 5, 41)


def play_a_level(screen, ghost=None, elapsed=None):
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="new", ghost=ghost)
    if elapsed is not None:
        app.scene.game.elapsed = elapsed
    walk_shortest_path(app)
    return app


def test_the_win_screen_says_new_best_and_shows_the_seed_to_share(screen, data):
    app = play_a_level(screen, elapsed=50.0)
    lines = app.scene.screen_lines()
    assert any("first win" in line for line in lines)
    assert any(f"play --seed {SPEC.seed} races these same mazes" in line for line in lines)
    app.scene.leave()
    (data / "save.json").unlink()  # start the series again from level 1
    app = play_a_level(screen, elapsed=10.0)
    lines = app.scene.screen_lines()
    assert any(line.startswith("New best time") and "0:50" in line for line in lines), lines
    rows = Records.load(records_path(data)).table()
    assert len(rows) == 1 and rows[0][0] == "1" and rows[0][3].startswith("0:10")


def test_play_records_prints_the_table(screen, data, capsys):
    play_a_level(screen, elapsed=12.0)
    pygame.quit()
    assert main(["play", "--records"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["level", "maze"] and "backtracker square 8x5" in out[1] and "0:12" in out[1]


def test_the_ghost_races_you_and_the_win_screen_says_who_won(screen, data):
    app = play_a_level(screen, ghost="hard", elapsed=100.0)
    assert any("The ghost arrived" in line for line in app.scene.screen_lines())
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="maze", maze=SPEC.build(), ghost="easy")
    scene = app.scene
    scene.game.elapsed = 1.25
    assert scene.busy  # the ghost is walking: the board redraws every frame
    app.frame([], 0)
    view = app.view_rect()
    pixels = pygame.surfarray.array3d(app.screen.subsurface(view))
    assert (pixels == np.array(GHOST)).all(axis=2).sum() > 10


def test_g_cycles_the_ghost_and_the_choice_is_remembered(screen, data):
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="new")
    assert app.scene.ghost is None
    key(app, pygame.K_g)
    key(app, pygame.K_g)
    assert app.scene.ghost_level == "medium" and app.scene.ghost.pace == 4.0
    key(app, pygame.K_m)
    assert not app.scene.sounds.enabled
    app2 = Shell(SPEC, screen=screen)
    app2.open_scene("play", spec=SPEC, mode="maze", maze=SPEC.build())
    assert app2.scene.ghost_level == "medium" and not app2.scene.sounds.enabled
    assert ("Sound", "off (M)") in app2.scene.panel_lines()


def test_choosing_a_ghost_after_a_win_does_not_invent_a_race(screen, data):
    app = play_a_level(screen, elapsed=30.0)
    key(app, pygame.K_g)
    assert not any("ghost" in line for line in app.scene.screen_lines())
    key(app, pygame.K_RETURN)  # the next level is raced
    assert app.scene.ghost is not None and app.scene.ghost.pace == 2.0


def test_the_clock_and_the_ghost_wait_for_the_first_move(screen, data):
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="new", ghost="medium")
    scene = app.scene
    for _ in range(30):
        app.frame([], 0.1)  # three seconds of looking at the maze
    assert scene.game.elapsed == 0
    assert scene.ghost.where(scene.game.elapsed)[0] == scene.game.maze.entrance[0]
    assert ("Time", "starts on your first move") in scene.panel_lines()
    assert not scene.ghost_walking  # nothing moves: the board need not redraw every frame
    game = scene.game
    step = shortest_path(game.maze)[1]
    direction = next(d for d in range(4) if game.maze.grid.neighbour(game.position, d) == step)
    press(app, SQUARE_KEY[direction])
    app.frame([], 0.5)
    assert 0.4 < game.elapsed <= 0.6 + 1e-9


def board_pixels(app) -> np.ndarray:
    return pygame.surfarray.array3d(app.screen.subsurface(app.view_rect()))


def test_fog_hides_the_exit_and_the_ghost_until_seen(screen, data):
    from visualizer.render.palette import GOAL

    spec = MazeSpec("backtracker", "square", 12, 9, 5)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="maze", maze=spec.build(), ghost="easy")
    scene = app.scene
    key(app, pygame.K_f)
    game = scene.game
    assert game.goal not in game.seen
    game.started, game.elapsed = True, 3.0  # the ghost is 6 cells along, out of sight
    assert scene.ghost.where(game.elapsed)[0] not in game.seen
    app.frame([], 0)
    pixels = board_pixels(app)
    assert (pixels == np.array(GOAL)).all(axis=2).sum() == 0
    assert (pixels == np.array(GHOST)).all(axis=2).sum() == 0
    assert "goal" not in scene.legend_keys(), "the legend must not name an exit the board hides"
    assert "ghost" not in scene.legend_keys(), "nor a ghost it hides"
    key(app, pygame.K_f)  # without fog both show
    assert "goal" in scene.legend_keys() and "ghost" in scene.legend_keys()
    pixels = board_pixels(app)
    assert (pixels == np.array(GOAL)).all(axis=2).sum() > 10
    assert (pixels == np.array(GHOST)).all(axis=2).sum() > 10


def test_the_fog_looks_unlike_the_walls():
    from visualizer.render.palette import LEGEND, WALL

    fog = np.array(LEGEND["fog"][0], dtype=float)
    for other in (WALL, LEGEND["floor"][0]):
        assert np.abs(fog - np.array(other)).sum() > 120


def test_on_a_large_level_an_arrow_points_off_screen_to_the_exit_and_z_toggles_the_view(screen, data):
    from visualizer.play.game import Game

    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="new")
    app.scene.start(Game.new_level(9, MazeSpec("backtracker", "square", 8, 5, 3)))
    app.frame([], 0)
    scene = app.scene
    assert app.camera is not None  # the view follows the player: the exit is out of sight
    assert scene.exit_arrow is not None
    player, goal = app.board.cell_centre(scene.game.position), app.board.cell_centre(scene.game.goal)
    want = math.atan2(goal[1] - player[1], goal[0] - player[0])
    assert abs(scene.exit_arrow.angle - want) < 1e-6
    key(app, pygame.K_z)
    assert app.camera is None and scene.exit_arrow is None  # the whole maze: the exit is in view
    walk_one_step(app)
    assert app.shown_message() == "Z: back to the view that follows you"
    key(app, pygame.K_z)
    assert app.camera is not None and scene.exit_arrow is not None


def walk_one_step(app):
    game = app.scene.game
    step = shortest_path(game.maze)[1]
    key(app, SQUARE_KEY[next(d for d in range(4) if game.maze.grid.neighbour(game.position, d) == step)])


def test_after_a_win_l_puts_the_box_away_to_show_both_routes_in_colour(screen, data):
    from visualizer.app.route_view import SHORTEST, WALKED
    from visualizer.render.palette import LEGEND, WALL

    app = play_a_level(screen)
    scene = app.scene
    assert scene.stage == "won" and any(line.startswith("L: ") for line in scene.screen_lines())
    counts = lambda colour: int((board_pixels(app) == np.array(colour)).all(axis=2).sum())  # noqa: E731
    assert counts(WALKED) == 0 and counts(SHORTEST) == 0
    key(app, pygame.K_l)
    assert counts(WALKED) > 1000 and counts(SHORTEST) > 1000  # side by side: both show along the board
    for colour in (WALKED, SHORTEST):
        for ground in (WALL, LEGEND["floor"][0]):
            assert np.abs(np.array(colour) - np.array(ground)).sum() > 150
    key(app, pygame.K_l)
    assert counts(WALKED) == 0
    key(app, pygame.K_RETURN)
    assert scene.stage == "playing" and not scene.route_view


def test_the_route_view_shows_the_whole_maze_on_a_large_level(screen, data):
    from visualizer.play.game import Game

    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="new")
    app.scene.start(Game.new_level(9, MazeSpec("backtracker", "square", 8, 5, 3)))
    walk_shortest_path(app)
    assert app.scene.stage == "won" and app.camera is not None  # the view followed you to the exit
    key(app, pygame.K_l)
    assert app.camera is None  # the whole route is in view


def test_a_ghost_chosen_late_says_where_it_is_and_r_races_it_from_the_start(screen, data):
    """The ghost keeps the level's clock: one chosen after a long while is at the exit already,
    and the toast says so instead of leaving the player to wonder where it went."""
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="maze", maze=SPEC.build())
    scene = app.scene
    scene.game.elapsed = 500.0
    key(app, pygame.K_g)
    assert scene.ghost is not None and scene.ghost.arrived(scene.game.elapsed)
    assert "reached the exit already" in app.toast[0] and "R races it from the start" in app.toast[0]
    key(app, pygame.K_r)
    assert scene.game.elapsed == 0 and scene.ghost.where(0)[0] == scene.game.maze.entrance[0]


def test_a_level_whose_cells_are_readable_whole_is_shown_whole(data):
    """Level 3 (12 x 8) in a 1024 x 768 window fits with 22 px cells: it is shown whole, not zoomed
    in with its right edge cut off (and no arrow is needed: the exit is in view)."""
    from visualizer.play.game import Game

    surface = open_window((1024, 768))
    try:
        app = Shell(SPEC, screen=surface)
        app.open_scene("play", spec=SPEC, mode="new")
        app.scene.start(Game.new_level(3, MazeSpec("backtracker", "square", 8, 5, 3)))
        app.frame([], 0)
        assert app.scene.game.maze.grid.width == 12
        assert app.camera is None and app.scene.exit_arrow is None
        left, top, width, height = app.board.drawn_rect()
        view = app.view_rect()
        assert left >= 0 and top >= 0 and left + width <= view.width and top + height <= view.height
    finally:
        pygame.quit()
