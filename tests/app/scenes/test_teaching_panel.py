"""What the teaching panel says, step by step: the newest step's sentence last, the detail of an
event that only continued it, the lit line, the braid's own pseudocode, the solver's panel while a
solve is shown (also after stepping back through it, solving again or switching solvers), and each
Right press counting as exactly one step."""

import math

import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.app.shell import Shell
from visualizer.core.narration import BRAID_PHASE
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.teaching import Teacher
from visualizer.solvers import SOLVERS


def panel(teacher: Teacher):
    teacher.catch_up(math.inf)
    return teacher.view("")


def solving(solver="bfs", **ends):
    """A finished backtracker maze with ``solver`` started on it (nothing of the solve applied)."""
    run = Run(MazeSpec("backtracker", "square", 8, 6, 1))
    teacher = Teacher(run)
    run.solve(solver, **ends)
    return run, teacher


def test_each_right_press_puts_its_step_in_words_newest_last():
    """After each Right the panel's sentences are the steps' first sentences (oldest first, the
    last four), the detail is the sentence of the step's last event when the step had more than
    one ("" otherwise: a kept wall after a merge shows no stale relabel), and the lit line is the
    last event's."""
    spec = MazeSpec("kruskal", "square", 7, 5, 3)
    run = Run(spec, interval=64)
    teacher = Teacher(run)
    twin = spec.info.narrator(spec.make_grid(), spec.info.resolve(spec.params))
    events = list(spec.events())
    said: list[str] = []
    merge_seen = single_after_merge = False
    previous_size = 0
    for _ in range(30):
        before = run.position
        teacher.step_forward()
        told = [twin.tell(event) for event in events[before:run.position]]
        said.append(told[0].sentence)
        view = panel(teacher)
        assert view.sentences == tuple(said[-4:])
        assert view.detail == (told[-1].sentence if len(told) > 1 else "")
        assert view.lit == told[-1].line.index
        if len(told) > 1 and not merge_seen:  # a merge: the wall removed, then the relabels
            merge_seen = True
            assert "removed" in view.sentences[-1] and "Relabelled to set" in view.detail
            assert view.code[view.lit].strip().startswith("merge the sets")
        single_after_merge |= len(told) == 1 and previous_size > 1
        previous_size = len(told)
    assert merge_seen and single_after_merge


def test_once_braiding_begins_the_panel_shows_the_braid_pseudocode():
    spec = MazeSpec("kruskal", "square", 7, 5, 3, {"braid": 100})
    run = Run(spec, interval=64)
    teacher = Teacher(run)
    run.finish_generation()
    at = next(position for position, name in run.phase_marks if name == BRAID_PHASE)
    assert at + 2 <= run.total
    run.seek(at + 2)  # the braid phase begun and its first wall opened
    view = panel(teacher)
    assert view.code == BraidNarrator.code.texts
    assert view.code[view.lit].strip().startswith("open the wall")
    assert "dead end" in view.sentences[-1]


def test_the_queue_is_listed_and_counted_in_plain_words():
    run, teacher = solving("bfs")
    teacher.step_forward()  # the start put in the queue
    data = dict(panel(teacher).data)
    assert data["Next out"] == run.grid.cell_name(run.solver_ends[0])  # one cell: nothing "more"
    assert data["Queue"] == "1 cell"
    teacher.step_forward()  # the start taken out again
    assert panel(teacher).sentences[-1].endswith("0 cells left in it")


def test_while_a_solve_is_shown_the_panel_explains_the_solver_then_the_generator_again():
    run, teacher = solving("bfs")
    for _ in range(3):
        teacher.step_forward()
    view = panel(teacher)
    info = SOLVERS["bfs"]
    assert view.title == info.title and view.code == info.narrator.code.texts
    assert "queue" in view.sentences[-1]
    assert [label for label, _ in view.data][0] == "Queue"
    run.clear_solution()
    view = panel(teacher)
    generator = run.spec.info
    assert view.title == generator.title and view.code == generator.narrator.code.texts
    assert "Queue" not in dict(view.data)


def test_stepping_back_through_a_solve_explains_the_step_now_last():
    run, teacher = solving("bfs")
    for _ in range(6):
        teacher.step_forward()
    panel(teacher)  # the panel was reading along
    teacher.step_back()
    teacher.step_back()
    fresh_run, fresh = solving("bfs")
    for _ in range(4):
        fresh.step_forward()
    assert run.solver_events == fresh_run.solver_events
    assert panel(teacher) == panel(fresh)
    assert teacher.narration.steps == fresh.narration.steps == 4


def test_solving_again_from_another_start_explains_the_new_search():
    """The panel read the first solve; explanations were hidden while the second one ran."""
    run, teacher = solving("bfs")
    run.step(10)
    panel(teacher)
    other = run.grid.size // 2
    assert other != run.solver_ends[0]
    run.solve("bfs", start=other)
    run.step(20)
    fresh_run, fresh = solving("bfs", start=other)
    fresh_run.step(20)
    assert panel(teacher) == panel(fresh)


def test_right_after_switching_solver_steps_by_the_new_solvers_steps():
    """Right straight after a switch (no frame in between to catch the panel up) applies whole
    steps of the new solver: depth-first's pushes continue the step that took a cell."""
    run, teacher = solving("bfs")
    teacher.step_forward()
    teacher.step_forward()
    panel(teacher)
    run.solve("dfs")
    fresh_run, fresh = solving("dfs")
    for _ in range(4):
        teacher.step_forward()
        fresh.step_forward()
        assert run.solver_events == fresh_run.solver_events
    assert panel(teacher) == panel(fresh)


def test_the_about_line_says_perfect_or_loops_as_the_algorithm_makes():
    perfect = Teacher(Run(MazeSpec("backtracker", "square", 5, 4, 1))).view("").about
    loops = Teacher(Run(MazeSpec("dungeon", "square", 15, 11, 1))).view("").about
    assert "Makes a perfect maze" in perfect and "loops" not in perfect
    assert "Makes loops and rooms" in loops


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_each_right_press_advances_the_step_count_by_exactly_one(name):
    """The panel's "Step N" goes up by one on every Right press, to the end of the maze."""
    spec = MazeSpec(name, ALGORITHMS[name].grid_names[0], 9, 7, 4, {"braid": 100})
    run = Run(spec, interval=64)
    teacher = Teacher(run)
    presses = 0
    while not run.finished:
        panel(teacher)  # read along, as the open panel does
        before = teacher.generation.steps
        teacher.step_forward()
        panel(teacher)
        presses += 1
        assert teacher.generation.steps == before + 1, (presses, run.position)


def test_a_panel_behind_the_run_says_it_is_catching_up_and_draws_nothing_over_the_board(screen):
    shell = Shell(MazeSpec("wilson", "square", 60, 40, 3), speed=60.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    scene.toggle_pause()
    shell.frame([], 0.0)
    assert scene.teacher.caught_up and not scene.teaching().status.startswith("Catching up")
    scene.run.step(5000)  # the run went on; no frame has let the panel read it yet
    assert not scene.teacher.caught_up
    assert scene.teaching().status.startswith("Catching up with the run")
    assert scene.annotations() == ()
    scene.teacher.catch_up(math.inf)
    assert scene.teacher.caught_up and scene.teaching().status.startswith("Step ")
