"""A file of the user's own in the window: the stopped event stays drawn and the panel says why,
an exception shows the line of their file while the window runs on, the finished maze is checked,
the file's CODE is lit, and saving the file restarts the run with the new code."""

import os

from helpers import EXAMPLES, own_file

from visualizer.app.own_file import finding_of
from visualizer.app.shell import Shell
from visualizer.core.events import Kind
from visualizer.core.narration import Shape
from visualizer.plugins.student import load
from visualizer.run.spec import MazeSpec

INSTANT = float("inf")


def watch(screen, name: str, kind: str = "square", speed: float = INSTANT) -> Shell:
    shell = Shell(MazeSpec(name, kind, 8, 6, 3), speed=speed, screen=screen)
    frames(shell)
    return shell


def frames(shell: Shell, count: int = 30) -> None:
    for _ in range(count):
        shell.frame([], 1 / 60)


def test_the_broken_example_stops_at_its_bad_carve_which_stays_drawn(own_files, screen):
    shell = watch(screen, load(str(EXAMPLES / "broken_maze.py")))
    scene = shell.base
    rows = dict(scene.panel_lines())
    stopped = "event 3, carve(15, 13): (7, 1) and (5, 1) are not neighbours, so no wall joins them"
    assert (rows["Phase"], rows["State"]) == ("stopped at event 3", f"stopped: {stopped}")  # never "done"
    assert [(note.shape, note.cells) for note in scene.annotations()] == [(Shape.PATH, (15, 13))]
    assert shell.toast[0] == f"Stopped: {stopped}"
    assert "Perfect" not in rows  # a stopped run's maze is not judged


def test_stepping_back_before_the_stopped_event_takes_the_stopped_state_away(own_files, screen):
    shell = watch(screen, load(str(EXAMPLES / "broken_maze.py")))
    scene = shell.base
    scene.step_back()
    scene.step_back()
    rows = dict(scene.panel_lines())
    assert scene.run.position < 2 and finding_of(scene.run) is not None
    assert not rows["State"].startswith("stopped") and rows["Phase"] != "stopped at event 3"
    assert scene.annotations() == ()


def test_an_exception_shows_the_line_of_the_file_and_the_window_runs_on(own_files, screen, tmp_path):
    path = own_file(tmp_path, "oops.py", """\
        from visualizer.api import start, carve

        def generate(grid, rng):
            yield start(0)
            yield carve(0, grid.neighbours(0)[5])
        """)
    shell = watch(screen, load(str(path)))
    assert dict(shell.base.panel_lines())["State"] == (
        "stopped: IndexError: list index out of range (oops.py, line 5: yield carve(0, grid.neighbours(0)[5]))")
    frames(shell)
    assert shell.running


def test_a_finished_maze_of_ones_own_is_checked_in_the_panel(own_files, screen):
    scene = watch(screen, load(str(EXAMPLES / "first_maze.py")), "hex").base
    rows = dict(scene.panel_lines())
    assert (rows["Perfect"], rows["Loops"], rows["Cut off"], rows["Never opened"]) == ("yes", "0", "0 cells", "0 cells")
    assert scene.annotations() == ()


def test_a_maze_with_a_loop_has_the_loop_drawn_and_counted(own_files, screen, tmp_path):
    path = own_file(tmp_path, "ring.py", """\
        from visualizer.api import carve, start

        def generate(grid, rng):
            yield start(0)
            for a, b in [(0, 1), (1, 9), (9, 8), (8, 0)]:
                yield carve(a, b)
        """)
    scene = watch(screen, load(str(path))).base
    rows = dict(scene.panel_lines())
    assert (rows["Perfect"], rows["Loops"], rows["Never opened"]) == ("no", "1", "44 cells")
    loop = scene.annotations()[0]
    assert loop.shape == Shape.PATH and sorted(set(loop.cells)) == [0, 1, 8, 9] and loop.cells[0] == loop.cells[-1]


def test_the_files_code_is_the_pseudocode_and_line_lights_it(own_files, screen):
    shell = Shell(MazeSpec(load(str(EXAMPLES / "first_maze.py")), "square", 8, 6, 3), speed=1.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    assert scene.explaining  # slow: the explanations show
    for _ in range(3):  # start (line 1), current (line 3), carve (line 4)
        scene.step_event(+1)
    scene.teacher.catch_up(float("inf"))
    view = scene.teaching()
    assert view.code[0] == "pick a random cell, mark it visited, push it"
    assert view.lit == 3 and view.title == "first_maze (first_maze.py)"
    assert view.sentences[-1].startswith("Start: open ") and view.detail.startswith("Carve ")  # one step


def test_saving_the_file_restarts_the_run_with_the_new_code(own_files, screen, tmp_path):
    path = own_file(tmp_path, "mine.py", (EXAMPLES / "first_maze.py").read_text())
    shell = watch(screen, load(str(path)))
    scene = shell.base
    first_run = scene.run
    assert dict(scene.panel_lines())["Perfect"] == "yes"
    path.write_text((EXAMPLES / "broken_maze.py").read_text())
    os.utime(path, (1, os.stat(path).st_mtime + 5))  # saved later than it was loaded, whatever the clock says
    scene.own.next_poll = 0.0
    frames(shell)
    assert scene.run is not first_run and shell.toast[0].startswith("Stopped: event ")
    assert "are not neighbours" in dict(scene.panel_lines())["State"]


def test_a_good_save_says_reloaded_and_the_panel_keeps_it_after_the_message(own_files, screen, tmp_path):
    path = own_file(tmp_path, "mine.py", (EXAMPLES / "broken_maze.py").read_text())
    shell = watch(screen, load(str(path)))
    scene = shell.base
    path.write_text((EXAMPLES / "first_maze.py").read_text())
    os.utime(path, (1, os.stat(path).st_mtime + 5))
    scene.own.next_poll = 0.0
    frames(shell)
    assert shell.toast[0] == "Reloaded mine.py: running the new code"
    frames(shell, 60 * 5)  # the message has gone
    rows = dict(scene.panel_lines())
    assert shell.shown_message() is None and rows["Reloaded"].startswith("mine.py at ")
    assert (rows["Phase"], rows["State"], rows["Perfect"]) == ("finished", "done", "yes")


def test_a_save_that_does_not_load_says_why_and_keeps_the_old_code(own_files, screen, tmp_path):
    path = own_file(tmp_path, "mine.py", (EXAMPLES / "first_maze.py").read_text())
    shell = watch(screen, load(str(path)))
    scene = shell.base
    first_run = scene.run
    path.write_text("def generate(grid, rng)\n")
    os.utime(path, (1, os.stat(path).st_mtime + 5))
    scene.own.next_poll = 0.0
    frames(shell, 2)
    assert scene.run is first_run and shell.running
    assert dict(scene.panel_lines())["Not reloaded"] == "mine.py, line 1: expected ':'"
    assert dict(scene.panel_lines())["Perfect"] == "yes"


def test_a_solver_of_ones_own_is_the_one_s_runs(own_files, screen):
    load(str(EXAMPLES / "first_solver.py"), solver=True)
    shell = watch(screen, "backtracker")
    scene = shell.base
    scene.start_solver()
    frames(shell)
    assert scene.run.solver == "first_solver" and scene.run.solution
    assert scene.run.solution[0] == scene.run.maze.entrance[0]


def test_the_explaining_panel_says_why_the_run_stopped_too(own_files, screen):
    """With explanations on, the teaching panel takes the figures panel's place: its data says it."""
    shell = watch(screen, load(str(EXAMPLES / "broken_maze.py")))
    scene = shell.base
    scene.explain = True
    scene.teacher.catch_up(float("inf"))
    data = dict(scene.teaching().data)
    assert data["Stopped"].startswith("event 3, carve(15, 13): ") and data["Carved"] == "2 cells"
    assert " · stopped · " in scene.teaching().status and "done" not in scene.teaching().status
    assert scene.teaching().code == ("(this file has no CODE list: add one to see its lines lit)",)


def test_saving_the_solver_file_runs_the_new_solver(own_files, screen, tmp_path):
    path = own_file(tmp_path, "mine_solver.py", (EXAMPLES / "first_solver.py").read_text())
    load(str(path), solver=True)
    shell = watch(screen, "backtracker")
    scene = shell.base
    scene.start_solver()
    frames(shell)
    assert scene.run.solution
    path.write_text("from visualizer.api import look\n\ndef solve(maze, start, goal):\n"
                    "    yield look(start)\n    yield look(start + 10 ** 6)\n")
    os.utime(path, (1, os.stat(path).st_mtime + 5))
    scene.own.next_poll = 0.0
    frames(shell)
    assert scene.run.solver == "mine_solver" and scene.run.solution == []
    assert "outside the grid" in dict(scene.panel_lines())["State"]
    assert dict(scene.panel_lines())["State"].startswith("solver stopped: ")


def test_right_steps_one_pass_through_the_files_loop(own_files, screen):
    """The example looks at a cell (line 3), then carves (line 4) or backs up (line 5): a step is one
    pass, as a built-in's Right steps one pass through its pseudocode's loop (a line further down
    continues the step, the same line or one above begins the next)."""
    shell = Shell(MazeSpec(load(str(EXAMPLES / "first_maze.py")), "square", 6, 4, 3), speed=1.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    for _ in range(4):
        scene.step_forward()
        scene.teacher.catch_up(float("inf"))
    run = scene.run
    kinds = [e[0] for e in run.logged_events(0, run.position)]
    assert kinds[:3] == [Kind.CARVE, Kind.CURRENT, Kind.CARVE]  # start, look, carve: lines 1, 3, 4
    assert list(scene.teacher.generation.starts) == [0, 3, 5, 7] and run.position == 9
    assert [kinds[i] for i in (3, 5, 7)] == [Kind.CURRENT] * 3  # each later pass begins at line 3


def test_compare_says_which_pane_the_checker_stopped(own_files, screen):
    broken, first = load(str(EXAMPLES / "broken_maze.py")), load(str(EXAMPLES / "first_maze.py"))
    shell = Shell(MazeSpec(first, "square", 8, 6, 3), speed=INSTANT, screen=screen)
    shell.open_scene("compare", spec=shell.base.spec,
                     specs=[MazeSpec(broken, "square", 8, 6, 3), MazeSpec(first, "square", 8, 6, 3)],
                     speed=INSTANT)
    frames(shell, 60)
    stopped = [value for label, value in shell.scene.panel_lines() if label == "Stopped"]
    assert len(stopped) == 1 and stopped[0].startswith("broken_maze at event 3, carve(15, 13): ")
