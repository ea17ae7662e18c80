"""Behaviour a new user tried and expected (from a trial under a real X server)."""

import json

import pygame
import pytest

from visualizer.app import text
from visualizer.app.maze_figures import estimate_events
from visualizer.app.scenes.play import GAVE_UP, PLAYING
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.play.levels import FINAL_LEVEL, level_size
from visualizer.run.spec import MazeSpec


def make_shell(screen, algorithm="backtracker", grid="square", size=(12, 8), seed=3, speed=INSTANT):
    shell = Shell(MazeSpec(algorithm, grid, *size, seed), speed=speed, screen=screen)
    shell.frame([], 0.0)
    return shell


def keydown(code, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def press(shell, code, mod=0):
    shell.frame([keydown(code, mod)], 1 / 60)


def test_a_repeated_escape_leaves_play_but_does_not_quit(screen, data):
    shell = make_shell(screen)
    press(shell, pygame.K_p)
    assert shell.scene.name == "play"
    shell.frame([keydown(pygame.K_ESCAPE), keydown(pygame.K_ESCAPE)], 1 / 60)  # key repeat
    assert shell.running and shell.scene is shell.base


def test_playing_the_maze_on_screen_never_replaces_a_saved_game(screen, data):
    shell = make_shell(screen)
    shell.open_scene("play", spec=MazeSpec("backtracker", "square", 8, 5, 11), mode="new")
    game = shell.scene.game
    moved = [d for d in range(4) if game.maze.is_open(game.position, d)]
    game.move(moved[0])
    press(shell, pygame.K_ESCAPE)
    saved = (data / "save.json").read_text()
    press(shell, pygame.K_p)  # the watch scene's maze, a different one
    assert "not saved" in shell.toast[0]
    press(shell, pygame.K_RIGHT)
    press(shell, pygame.K_ESCAPE)
    assert (data / "save.json").read_text() == saved
    assert json.loads(saved)["spec"]["seed"] == 11


def test_clearing_a_solution_clears_its_legend_entries(screen):
    shell = make_shell(screen)
    shell.base.run.finish_generation()
    press(shell, pygame.K_s)
    shell.base.run.step(1 << 20)
    assert {"search", "path"} <= set(shell.base.legend_keys())
    press(shell, pygame.K_s)
    assert not {"search", "path"} & set(shell.base.legend_keys())


def test_giving_up_on_the_last_level_is_not_a_win(screen, data):
    shell = make_shell(screen, size=level_size(FINAL_LEVEL))
    press(shell, pygame.K_p)
    play = shell.scene
    assert play.game.level == FINAL_LEVEL
    press(shell, pygame.K_x)
    assert play.stage == GAVE_UP and "path" in play.legend_keys()
    press(shell, pygame.K_RETURN)
    assert play.stage == PLAYING and play.game.level == FINAL_LEVEL and play.game.moves == 0


@pytest.mark.parametrize("algorithm", ["backtracker", "recursive_division", "dungeon", "prim", "kruskal"])
def test_the_scrub_bar_scale_is_close_to_the_true_length(algorithm):
    spec = MazeSpec(algorithm, "square", 60, 40, 2)
    true = sum(1 for _ in spec.events())
    assert 0.6 * true <= estimate_events(spec, spec.width * spec.height) <= 1.6 * true


def test_end_during_a_solve_finishes_it_and_left_steps_it_back(screen):
    shell = make_shell(screen, speed=60)
    shell.base.run.finish_generation()
    press(shell, pygame.K_s)
    press(shell, pygame.K_SPACE)  # pause the solver part-way
    run = shell.base.run
    for _ in range(6):
        press(shell, pygame.K_RIGHT)
    shown = run.overlay.searched + run.overlay.path_length
    marks = run.overlay.mark.copy()
    press(shell, pygame.K_RIGHT)
    press(shell, pygame.K_LEFT)
    assert run.solver is not None and run.overlay.searched + run.overlay.path_length == shown
    assert (run.overlay.mark == marks).all()
    press(shell, pygame.K_END)
    assert run.solution and run.overlay.path_length == len(run.solution)


def test_restart_after_end_runs_again(screen):
    shell = make_shell(screen, speed=60)
    press(shell, pygame.K_END)
    shell.frame([], 1 / 60)
    assert shell.base.paused
    press(shell, pygame.K_r)
    shell.frame([], 0.2)
    assert not shell.base.paused and shell.base.run.position > 0


def test_smaller_and_larger_keep_the_mazes_proportions(screen):
    shell = make_shell(screen, size=(50, 30))
    press(shell, pygame.K_LEFTBRACKET)
    assert (shell.base.spec.width, shell.base.spec.height) == (40, 24)
    press(shell, pygame.K_RIGHTBRACKET)
    assert (shell.base.spec.width, shell.base.spec.height) == (50, 30)


def test_in_play_z_shows_the_whole_maze_and_the_view_stops_following(screen, data):
    shell = make_shell(screen, size=(120, 80))
    press(shell, pygame.K_p)
    shell.frame([], 0)
    assert shell.camera is not None  # following: cells too small at full view
    press(shell, pygame.K_z)
    shell.frame([], 0)
    for code in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT):
        press(shell, code)
    assert shell.camera is None and shell.board.cell_pixels < 24


def test_a_screenshot_in_play_is_named_after_the_level_on_screen(screen, data, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path / "shots"))
    shell = make_shell(screen, size=(8, 5))
    shell.open_scene("play", spec=MazeSpec("prim", "hex", 10, 6, 12), mode="new")
    press(shell, pygame.K_F12)
    (shot,) = (tmp_path / "shots").glob("*.png")
    assert shot.name.startswith("maze-prim-hex-") and "seed12" in shot.name


def test_wrapping_detects_a_broken_word():
    text.font(16)
    assert not text.breaks_words("square 30 x 20", ["square 30", "x 20"])
    assert text.breaks_words("backtracker", ["backtrack", "er"])


def test_key_hints_wrap_between_items_not_inside_them():
    text.font(16)
    items = ["H help", "Space pause", "S solve", "P play"]
    lines = text.wrap_items(items, 16, text.font(16).size("H help   Space pause   S solve")[0] + 4)
    assert lines == ["H help   Space pause   S solve", "P play"]
