"""What the play screen adds to walking: breadcrumbs on the board (in fog too) and in first person,
the daily maze, level select on the start screen, and a race between two players."""

from __future__ import annotations

from datetime import date

import numpy as np
import pygame
from helpers import key

from visualizer.app.play_extras import CRUMB
from visualizer.app.shell import Shell
from visualizer.render.first_person import CRUMB as FP_CRUMB
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

SQUARE_KEY = {0: pygame.K_UP, 1: pygame.K_RIGHT, 2: pygame.K_DOWN, 3: pygame.K_LEFT}


def board_pixels(app) -> np.ndarray:
    return pygame.surfarray.array3d(app.screen.subsurface(app.view_rect()))


def count(pixels: np.ndarray, colour) -> int:
    return int((pixels == np.array(colour)).all(axis=2).sum())


def playing_maze(screen, size=(12, 9), seed=5):
    spec = MazeSpec("backtracker", "square", *size, seed)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="maze", maze=spec.build())
    app.frame([], 0)
    return app


def step_to(app, cell: int) -> None:
    game = app.scene.game
    key(app, SQUARE_KEY[game.maze.grid.direction_between(game.position, cell)])
    assert game.position == cell


def test_k_drops_a_breadcrumb_drawn_on_the_board_in_fog_too_and_k_again_picks_it_up(screen, data):
    app = playing_maze(screen)
    key(app, pygame.K_f)  # fog on
    game = app.scene.game
    path = shortest_path(game.maze)
    step_to(app, path[1])
    assert count(board_pixels(app), CRUMB) == 0
    key(app, pygame.K_k)
    assert game.crumbs == [path[1]]
    step_to(app, path[2])  # off the crumb, so the player does not cover it
    assert count(board_pixels(app), CRUMB) > 10
    step_to(app, path[1])
    key(app, pygame.K_k)
    assert game.crumbs == []
    step_to(app, path[2])
    assert count(board_pixels(app), CRUMB) == 0


def test_a_breadcrumb_shows_on_the_floor_in_first_person(screen, data):
    app = playing_maze(screen)
    key(app, pygame.K_k)  # at the entrance, then look back at it from a step on
    key(app, pygame.K_v)
    game = app.scene.game
    eye = app.scene.eye
    for _ in range(3):  # walk on, then turn round twice to face the crumb
        key(app, pygame.K_UP)
        app.frame([], 1.0)
        if game.position != game.trail[0]:
            break
    turns = 2 if game.maze.grid.directions == 4 else 3
    for _ in range(turns):
        key(app, pygame.K_RIGHT)
        app.frame([], 1.0)
    app.frame([], 1.0)
    assert eye is app.scene.eye
    shown = pygame.surfarray.array3d(app.screen)
    near = (np.abs(shown.astype(int) - np.array(FP_CRUMB)).sum(axis=2) < 40).sum()
    assert near > 20


def test_the_daily_maze_shows_its_date_and_seed_keeps_the_save_and_records_as_its_own(screen, data):
    from helpers import walk_shortest_path

    from visualizer.app.scenes.play import WON
    from visualizer.play.daily import daily_seed
    from visualizer.play.records import Records

    a_save = Shell(MazeSpec(), screen=screen)
    a_save.open_scene("play", spec=MazeSpec(), mode="new")
    key(a_save, pygame.K_ESCAPE)  # a game is saved
    before = (data / "save.json").read_bytes()
    app = Shell(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="daily", day="2026-12-02")
    scene = app.scene
    panel = dict(scene.panel_lines())
    seed = daily_seed(date(2026, 12, 2))
    assert panel["Level"] == "daily maze of 2026-12-02" and panel["Seed"] == f"{seed} (daily, 2026-12-02)"
    scene.game.minotaur = None  # walking straight to the exit, not racing it
    walk_shortest_path(app)
    assert scene.stage == WON
    lines = "\n".join(scene.screen_lines())
    assert "The daily maze of 2026-12-02 solved!" in lines
    assert f"Daily seed {seed}: play --daily 2026-12-02 plays this same maze" in lines
    key(app, pygame.K_RETURN)  # no next level after the daily
    assert scene.stage == WON
    key(app, pygame.K_ESCAPE)
    assert (data / "save.json").read_bytes() == before
    record = Records.load().get(scene.game.spec, scene.game.level, "2026-12-02")
    assert record is not None and record.fewest_moves == scene.game.moves
