"""Watch-scene commands as a person uses them: clicking a cell twice, the distance shown under the
pointer, and End once the run's length is known."""

import pygame
import pytest

from visualizer.app.main import open_window
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


@pytest.fixture
def screen():
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


def make_shell(screen, algorithm="backtracker", size=(12, 8), speed=60.0, finished=False):
    shell = Shell(MazeSpec(algorithm, "square", *size, 3), speed=speed, screen=screen)
    shell.frame([], 0.0)
    if finished:
        shell.base.run.finish_generation()
        shell.frame([], 0.0)
    return shell


def press(shell, code, mod=0, char=""):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char)], 1 / 60)


def click(shell, cell, shift=False):
    view = shell.view_rect()
    x, y = shell.board.cell_centre(cell)
    pos = (int(view.left + x), int(view.top + y))
    pygame.key.set_mods(pygame.KMOD_SHIFT if shift else 0)
    try:
        shell.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0)
    finally:
        pygame.key.set_mods(0)


def solve(shell):
    press(shell, pygame.K_s, char="s")
    shell.base.run.step(1 << 20)
    shell.frame([], 0)


def test_clicking_the_chosen_cell_again_puts_the_start_back_at_the_entrance(screen):
    shell = make_shell(screen, speed=INSTANT, finished=True)
    click(shell, 20)
    click(shell, 50, shift=True)
    assert shell.base.endpoints == [20, 50]
    click(shell, 20)
    click(shell, 50, shift=True)
    assert shell.base.endpoints == [None, None] and "exit" in shell.toast[0]
    solve(shell)
    maze = shell.base.run.maze
    assert shell.base.run.solution[0] == maze.entrance[0] and shell.base.run.solution[-1] == maze.exit[0]


def test_the_distance_under_the_pointer_counts_from_the_chosen_start(screen):
    shell = make_shell(screen, speed=INSTANT, finished=True)
    start = 37
    click(shell, start)
    solve(shell)
    maze = shell.base.run.maze
    assert shell.base.run.solution[0] == start
    for cell in (0, start, 60, 95):
        lines = dict(shell.base.hover_lines(cell))
        steps = len(shortest_path(maze, start, cell)) - 1
        assert lines["Distance"] == f"{steps:,} steps from {shell.base.cell_name(start)}", cell


def test_end_after_home_shows_the_finished_maze_at_once_when_its_end_is_known(screen):
    """Once the run's length is known, End is a seek: the finished maze in the next frame, with
    no "Finishing the maze..." race through the whole run again."""
    shell = make_shell(screen, size=(128, 80), speed=INSTANT, finished=True)
    run = shell.base.run
    total = run.total
    finished = run.maze.copy()
    press(shell, pygame.K_HOME)
    assert run.position == 0
    press(shell, pygame.K_END)
    assert run.position == total and run.finished and run.maze.same_as(finished)
    assert not shell.base.racing and "Finishing" not in shell.toast[0]


def test_the_finishing_message_gives_way_to_the_result(screen):
    shell = make_shell(screen, size=(30, 20), speed=60.0)
    shell.base.racing = True  # what End starts when the run's length is not known yet
    shell.message("Finishing the maze...")
    for _ in range(200):
        shell.frame([], 1 / 60)
        if shell.base.run.finished:
            break
    shell.frame([], 1 / 60)
    assert shell.base.run.finished and shell.toast[0] == f"Finished: {shell.base.run.position:,} events"


def test_end_on_a_solved_maze_keeps_the_solution(screen):
    """End goes to the end: on a solved maze that is where it already is, so the solution stays
    (it used to jump to the maze's end and wipe the solution off)."""
    shell = make_shell(screen, size=(12, 8), speed=INSTANT, finished=True)
    solve(shell)
    run = shell.base.run
    path = list(run.solution or [])
    assert path
    press(shell, pygame.K_END)
    assert run.solution == path and run.overlay.path_length == len(path)
    assert "Already at the end" in shell.toast[0]
