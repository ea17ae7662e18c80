"""A maze of one's own, saved and continued by ``maze-visualizer play``: Esc lands on that maze
(not the command's level 1), and what the game says names it "your maze", as the panel does."""

from __future__ import annotations

import json

import pygame
from helpers import key, walk_shortest_path

from visualizer.app.scenes.play import GAVE_UP, PLAYING, START, WON
from visualizer.app.shell import Shell
from visualizer.play import save as saves
from visualizer.play.levels import level_size
from visualizer.run.spec import MazeSpec

OWN = MazeSpec("prim", "hex", 50, 34, 532384)
"""The reported maze: of more than the final level's width, so "level 10" by its size."""
COMMAND = MazeSpec("backtracker", "square", *level_size(1), 4)
"""``maze-visualizer play --seed 4``: its level 1, the maze the stand-in below the game shows."""


def saved_own_maze(screen, spec: MazeSpec = OWN) -> int:
    """In the watch view, P on ``spec``, a move, Esc: the save is that maze; returns the moves made."""
    app = Shell(spec, screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    for k in (pygame.K_d, pygame.K_s, pygame.K_RIGHT, pygame.K_DOWN):
        key(app, k)
    moves = app.scene.game.moves
    assert app.scene.game.own and moves > 0
    key(app, pygame.K_ESCAPE)
    return moves


def continued_from_the_command(screen, own: bool = True) -> Shell:
    """``maze-visualizer play --seed 4`` over that save, Enter on the start screen."""
    app = Shell(COMMAND, screen=screen)
    app.open_from_command("play", spec=COMMAND, mode="new")
    assert app.scene.stage == START
    key(app, pygame.K_RETURN)
    assert app.scene.stage == PLAYING and app.scene.game.own == own
    return app


def test_esc_after_continuing_your_maze_opens_the_visualizer_on_that_maze(screen, data):
    """The report's steps: P on prim hex 50 x 34, Esc; ``play --seed 4``, Enter, X, Esc. The watch
    view shows the maze just played, made again (not "Recursive backtracker, square 8 x 5, seed 4")."""
    saved_own_maze(screen)
    app = continued_from_the_command(screen)
    played = app.scene.game.maze
    key(app, pygame.K_x)
    assert app.scene.stage == GAVE_UP
    key(app, pygame.K_ESCAPE)
    watch = app.scene
    assert watch is app.base
    shown = watch.spec
    assert (shown.algorithm, shown.grid, shown.width, shown.height, shown.seed) == ("prim", "hex", 50, 34, 532384)
    assert shown.info.resolve(shown.params) == OWN.info.resolve(OWN.params)
    watch.run.finish_generation()
    assert watch.run.maze.same_as(played)
    assert app.shown_message().startswith("The maze you played, made again step by step: P goes back")


def test_p_after_that_esc_goes_back_to_your_saved_maze(screen, data):
    """P on the maze Esc showed continues the save, the moves made kept: nothing saved is lost."""
    saved_own_maze(screen)
    app = continued_from_the_command(screen)
    moves = app.scene.game.moves
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_p)
    back = app.scene
    assert back is not app.base and back.game.own and back.game.moves == moves
    assert dict(back.panel_lines())["Level"] == "your maze"
    assert json.loads((data / "save.json").read_text())["own"] is True


def test_continuing_your_maze_welcomes_it_as_your_maze_not_a_level(screen, data):
    saved_own_maze(screen)
    app = continued_from_the_command(screen)
    assert app.toast[0] == "Welcome back: your maze."
    assert dict(app.scene.panel_lines())["Level"] == "your maze"


def test_a_level_of_the_series_is_still_welcomed_by_its_number(screen, data):
    app = Shell(COMMAND, screen=screen)
    app.open_from_command("play", spec=COMMAND, mode="new")
    key(app, pygame.K_ESCAPE)  # level 1 saved
    app = continued_from_the_command(screen, own=False)
    assert app.toast[0] == "Welcome back: level 1."


def test_winning_your_continued_maze_names_its_own_seed_not_a_series_command(screen, data):
    """Its win screen gives the maze's seed; no ``play --seed`` command for "these same mazes"
    (that seed, counted back from "level 10", gives other mazes)."""
    own = MazeSpec("backtracker", "square", *level_size(10), 77)
    saved_own_maze(screen, own)
    app = continued_from_the_command(screen)
    app.scene.game.minotaur = None
    walk_shortest_path(app)
    lines = app.scene.screen_lines()
    assert app.scene.stage == WON and lines[0] == "Your maze solved!"
    assert "Seed 77" in lines and not any("races these same mazes" in line for line in lines)


def test_taking_back_your_maze_names_it_as_your_maze(data):
    from visualizer.play.backup import backup_path, take_back
    from visualizer.play.game import Game

    maze = OWN.build()
    save = data / "save.json"
    saves.save_game(Game(spec=OWN, maze=maze, level=10, own=True), backup_path(save))
    game, message = take_back(save)
    assert game is not None and game.own
    assert message.startswith("Took back the game you had replaced: your maze") and "level" not in message


def test_a_maze_of_ones_own_edited_by_hand_is_not_handed_back_as_its_recipe(screen, data):
    """P plays the watch view's maze edits and all: the recipe would make another maze, which the
    watch view would show as "the maze you played, made again"."""
    from visualizer.core.events import Kind

    saved_own_maze(screen)
    scene = continued_from_the_command(screen).scene
    assert scene.hands_back() is not None
    maze = scene.game.maze
    a, b = next(iter(maze.passage_list()))
    d = next(d for d in range(maze.grid.directions) if maze.grid.neighbour(a, d) == b)
    maze.apply((Kind.WALL, a, b, d))
    assert scene.hands_back() is None
