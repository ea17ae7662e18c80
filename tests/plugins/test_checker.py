"""The checker stops a student's run at the first event that breaks a rule, in one sentence, and an
exception in their code is shown at the line of their file."""

from pathlib import Path

import pytest
from helpers import own_file
from hypothesis import given
from hypothesis import strategies as st

from visualizer import api
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import make_grid
from visualizer.plugins.checker import checked_generation, record_for
from visualizer.plugins.student import load
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end


def run_file(folder, body: str, kind: str = "square", size=(4, 3)):
    """Load a generator whose body is ``body``; its checked events and the checker's record."""
    path = own_file(folder, "mine.py", "from visualizer.api import *\n\ndef generate(grid, rng):\n" + body)
    spec = MazeSpec(load(str(path)), kind, *size, 1)
    grid = spec.make_grid()
    events = list(spec.events(grid))
    return events, record_for(grid), path


@pytest.mark.parametrize("body,position,words", [
    ("    yield start(0)\n    yield carve(0, 1)\n    yield carve(1, 0)\n", 2,
     "the wall between (1, 0) and (0, 0) is already open"),
    ("    yield start(0)\n    yield carve(0, 5)\n", 1, "(0, 0) and (1, 1) are not neighbours"),
    ("    yield start(0)\n    yield current(12)\n", 1, "cell 12 is outside the grid (its cells are 0 to 11)"),
    ("    yield start(-3)\n", 0, "cell -3 is outside the grid"),
    ("    yield start(0)\n    yield (0, 0, 1, 1)\n", 1, "which is not an event"),
    ("    yield carve(0, 'x')\n", 0, "the second cell is 'x', not a cell number"),
    ("    yield look(0)\n", 0, "a search event does not belong in generate"),
    ("    yield wall(0, 1)\n", 0, "the wall between (0, 0) and (1, 0) is already closed"),
    ("    while True:\n        yield current(0)\n", 1000 + 64 * 12,
     "more than 1,768 events on 12 cells (the limit is 64 events a cell, plus 1,000): is there a loop"),
    ("    yield start(1)\n    yield carve(1, 0)\n    yield carve(1, 2)\n    yield prune(1)\n", 3,
     "(1, 0) is not a dead end: 2 passages lead out of it"),
    ("    yield chamber(0, 11)\n    yield scan(4, 99)\n", 1, "cell 99 is outside the grid"),
    ("    yield dead_end(3)\n", 0, "a dead_end event does not belong in generate"),
])
def test_a_broken_rule_stops_the_run_at_that_event_and_says_why(own_files, tmp_path, body, position, words):
    events, record, _ = run_file(tmp_path, body)
    assert record.finding is not None and record.finished
    assert record.finding.position == position and len(events) == position
    assert words in record.finding.message and "\n" not in record.finding.message


def test_every_legal_event_passes_with_its_direction_worked_out(own_files, tmp_path):
    steps = ["start(0)", "frontier(1)", "carve(0, 1)", "walk(1, 2)", "erase(2)", "keep_wall(1, 5)", "group(1, 4)",
             "phase('done')", "backtrack(1, 0)", "chamber(0, 11)", "scan(4, 7)", "prune(1)"]
    events, record, _ = run_file(tmp_path, "".join(f"    yield {step}\n" for step in steps))
    assert record.finding is None
    grid = MazeSpec("backtracker", "square", 4, 3).make_grid()
    assert events[2] == (Kind.CARVE, 0, 1, grid.direction_between(0, 1))
    assert events[5] == (Kind.REJECT, 1, 5, grid.direction_between(1, 5))
    assert events[6] == (Kind.SET, 1, -1, 4) and events[7] == (Kind.PHASE, -1, -1, "done")
    assert Maze(grid).fold(events[:9]).open_neighbours(0) == [1]
    assert events[9] == (Kind.CHAMBER, 0, 11, -1) and events[10] == (Kind.SCAN, 4, 7, -1)
    assert events[11] == (Kind.PRUNE, 1, 0, grid.direction_between(1, 0))  # closed with its one passage
    assert Maze(grid).fold(events).open_neighbours(0) == []


def test_an_exception_names_the_line_of_the_students_file(own_files, tmp_path):
    events, record, path = run_file(tmp_path, "    yield start(0)\n    cells = grid.cells()\n"
                                              "    yield carve(0, cells[99])\n")
    assert len(events) == 1
    message = record.finding.message
    assert message == "IndexError: list index out of range (mine.py, line 6: yield carve(0, cells[99]))"


def test_an_exception_inside_a_helper_of_theirs_names_their_deepest_line(own_files, tmp_path):
    path = own_file(tmp_path, "deep.py", """\
        from visualizer.api import start

        def pick(cells):
            return cells[len(cells)]

        def generate(grid, rng):
            yield start(pick(grid.cells()))
        """)
    spec = MazeSpec(load(str(path)), "square", 3, 3, 1)
    grid = spec.make_grid()
    assert list(spec.events(grid)) == []
    assert record_for(grid).finding.message.endswith("(deep.py, line 4: return cells[len(cells)])")


def test_a_solver_that_steps_through_a_wall_or_returns_a_broken_path_is_stopped(own_files, tmp_path):
    mazes = (MazeSpec("backtracker", "square", 5, 4, seed).build() for seed in range(50))
    maze = next(m for m in mazes if len(m.open_neighbours(0)) == 1)  # the entrance, a dead end
    closed = next(nb for nb in maze.grid.neighbour_cells(0) if nb not in maze.open_neighbours(0))
    through = own_file(tmp_path, "through.py", f"""\
        from visualizer.api import look
        def solve(maze, start, goal):
            yield look(start)
            yield look({closed}, start)
            return [start]
        """)
    name = load(str(through), solver=True)
    assert run_to_end(SOLVERS[name].run(maze)) == []
    assert "no open passage joins them" in record_for(maze.grid, solving=True).finding.message
    short = own_file(tmp_path, "short.py", """\
        from visualizer.api import look
        def solve(maze, start, goal):
            yield look(start)
            return [start, goal]
        """)
    name = load(str(short), solver=True)
    assert run_to_end(SOLVERS[name].run(maze)) == []
    assert "without an open passage" in record_for(maze.grid, solving=True).finding.message


@given(st.sampled_from(["square", "hex", "triangle", "polar"]),
       st.lists(st.tuples(st.integers(-2, 40), st.integers(-2, 40)), min_size=1, max_size=30))
def test_the_run_stops_exactly_at_the_first_carve_a_plain_model_calls_illegal(kind, pairs):
    """Whatever a file carves, the checker lets through every carve up to the first that leaves
    the grid, joins cells that are not neighbours or opens an open wall, and stops there."""
    grid = make_grid(kind, 5, 4)
    steps = [api.start(0)] + [api.carve(a, b) for a, b in pairs]
    opened: set[frozenset[int]] = set()
    expected = len(steps)
    for index, (a, b) in enumerate(pairs, 1):
        legal = 0 <= a < grid.size and 0 <= b < grid.size and b in grid.neighbour_cells(a)
        if not legal or frozenset((a, b)) in opened:
            expected = index
            break
        opened.add(frozenset((a, b)))
    run = checked_generation(lambda g, rng: iter(steps), Path("mine.py"))
    events = list(run(grid, None))
    assert len(events) == expected
    finding = record_for(grid).finding
    assert (finding is None) == (expected == len(steps))
    if finding is not None:
        assert finding.position == expected and finding.message.startswith(f"event {expected + 1}, carve(")
    assert {frozenset((e[1], e[2])) for e in events if e[2] >= 0} == opened
