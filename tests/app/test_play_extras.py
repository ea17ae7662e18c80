"""Doors, keys and the minotaur on screen: drawn in their colours, named in the panel, their notices
shown as messages, and a catch redraws the restarted level."""

from __future__ import annotations

import numpy as np
import pygame
from helpers import key

from visualizer.app.play_extras import COLOURS, MINOTAUR
from visualizer.app.shell import Shell as App
from visualizer.play.game import CAUGHT, Game
from visualizer.run.overlay import Mark
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN, (0, -1): pygame.K_UP}


def playing(screen, level=9):
    app = App(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="new")
    app.scene.start(Game.new_level(level, MazeSpec("backtracker", "square", 1, 1, 7)))
    app.frame([], 0)
    return app


def has_colour(surface, rgb, tolerance=8):
    pixels = pygame.surfarray.pixels3d(surface)
    return bool((np.abs(pixels.astype(int) - rgb).max(axis=2) <= tolerance).any())


def press_towards(app, a, b):
    grid = app.scene.game.maze.grid
    (ax, ay), (bx, by) = grid.coords(a), grid.coords(b)
    key(app, ARROWS[(bx - ax, by - ay)])


def test_doors_keys_and_the_minotaur_are_drawn_and_named(screen, data):
    app = playing(screen)
    game = app.scene.game
    key(app, pygame.K_z)  # the whole maze: every door and key on screen
    app.frame([], 0)
    for door in game.layout.doors:
        assert has_colour(screen, COLOURS[door.colour]), door.colour
    assert has_colour(screen, MINOTAUR)
    lines = dict(app.scene.panel_lines())
    assert lines["Keys"] == "none yet  (0 of 3)" and lines["Minotaur"] == "wandering"


def test_a_locked_door_says_so_and_a_key_is_counted(screen, data):
    app = playing(screen, level=5)
    game = app.scene.game
    (door,), ((colour, cell),) = game.layout.doors, game.layout.keys
    path = shortest_path(game.maze)
    for a, b in zip(path, path[1:]):
        press_towards(app, a, b)
        if game.position != b:
            break
    assert game.position in door.cells
    assert app.toast is not None and app.toast[0] == f"The {colour} door is locked: find the {colour} key"
    for a, b in zip(*(lambda p: (p, p[1:]))(shortest_path(game.maze, game.position, cell))):
        press_towards(app, a, b)
    assert "picked up" in app.toast[0]
    assert dict(app.scene.panel_lines())["Keys"] == f"{colour}  (1 of 1)"


def test_being_caught_shows_it_and_clears_the_trail_on_the_board(screen, data):
    app = playing(screen, level=6)
    game = app.scene.game
    path = shortest_path(game.maze)
    press_towards(app, path[0], path[1])
    assert app.scene.overlay.mark[path[1]] == Mark.TRAIL
    game.minotaur.position = path[2]  # one step from the player, and it smells them
    for _ in range(200):
        app.frame([], 0.05)
        if game.moves == 0:
            break
    assert app.toast is not None and app.toast[0] == CAUGHT
    assert game.position == path[0] and app.scene.overlay.mark[path[1]] != Mark.TRAIL


def test_in_fog_the_minotaur_is_drawn_and_named_in_the_legend_only_within_sight(screen, data):
    app = playing(screen)
    scene, game = app.scene, app.scene.game
    key(app, pygame.K_f)  # fog on
    assert game.fog
    path = shortest_path(game.maze)
    game.minotaur.position = path[-1]  # at the exit: far out of sight
    app.frame([], 0)
    assert "minotaur" not in scene.legend_keys() and not has_colour(screen, MINOTAUR)
    game.minotaur.position = path[1]  # next to the player
    app.frame([], 0)
    assert "minotaur" in scene.legend_keys() and has_colour(screen, MINOTAUR)
