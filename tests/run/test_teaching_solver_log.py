"""The solver's log as a person meets it: solving a second time finds the path again, and stepping
back from a finished solve takes its answer away until the solve finishes again."""

import pytest

from visualizer.app.shell import Shell
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.teaching import Teacher


@pytest.mark.parametrize("clear_first", [True, False])
def test_solving_again_after_a_finished_solve_shows_the_path_again(clear_first):
    run = Run(MazeSpec("backtracker", "square", 8, 6, 1))
    run.solve("bfs")
    run.step(1 << 20)
    first, length = list(run.solution), run.overlay.path_length
    assert first and length
    if clear_first:
        run.clear_solution()  # S hides the answer, S again solves
    run.solve("bfs")
    run.step(1 << 20)
    assert run.solution == first and run.overlay.path_length == length


def test_stepping_back_from_a_finished_solve_takes_the_answer_away(screen):
    shell = Shell(MazeSpec("backtracker", "square", 12, 8, 3), speed=60.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    scene.run.finish_generation()
    scene.start_solver()
    scene.run.step(1 << 20)
    cell = scene.run.solution[-1]
    assert "Distance" in dict(scene.hover_lines(cell))
    scene.step_back()  # Left: the path's last step undone, the solve not finished any more
    assert scene.run.solution is None
    assert "Distance" not in dict(scene.hover_lines(cell))
    Teacher(scene.run).step_forward()
    assert scene.run.solution and "Distance" in dict(scene.hover_lines(cell))
