"""The at-once re-solve of a large maze (``run.quick_solve``) leaves what breadth-first search's
own events leave, on every grid, from any start to any goal, edited or braided: the same cells
reached and taken out of the queue, the same path, the same events when stepping back reads them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.run.test_editing import GRIDS, edit_steps, play
from visualizer.run import quick_solve
from visualizer.run.editing import Editor
from visualizer.run.quick_solve import QuickBfs, quick_bfs
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec


def solved_both_ways(kind, seed, steps, braid, ends, table=False):
    params = {"braid": 50} if braid else {}
    runs = [Run(MazeSpec("backtracker", kind, 9, 7, seed, params)) for _ in range(2)]
    for run in runs:
        run.finish_generation()
        play(Editor(run, [None, None]), steps)
    size = runs[0].grid.size
    start, goal = (ends[0] % size, ends[1] % size)
    if not runs[0].maze.open_mask()[[start, goal]].all():
        start, goal = runs[0].maze.entrance[0], runs[0].maze.exit[0]
    slow, quick = runs
    slow.solve("bfs", start, goal)
    slow.step(1 << 30)
    kept = quick.grid.neighbour_array(np.int64) if table else None  # the window keeps one: lists a slice at a time
    search = quick_bfs(quick.maze, start, goal, kept)
    assert search is not None
    quick.solve_found("bfs", search, start, goal)
    return slow, quick


@settings(max_examples=120, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 40), steps=edit_steps, braid=st.booleans(),
       ends=st.tuples(st.integers(0, 999), st.integers(0, 999)), table=st.booleans())
def test_the_quick_search_marks_what_the_solvers_events_mark(kind, seed, steps, braid, ends, table):
    slow, quick = solved_both_ways(kind, seed, steps, braid, ends, table)
    assert quick.solution == slow.solution
    assert np.array_equal(quick.overlay.mark, slow.overlay.mark)
    assert (quick.overlay.searched, quick.overlay.path_length) == (slow.overlay.searched, slow.overlay.path_length)
    assert list(quick.solver_log) == slow.solver_log
    assert quick.solver_events == slow.solver_events and quick.idle


@pytest.mark.parametrize("table", [False, True])
def test_a_search_spread_over_many_looks_ends_where_one_look_ends(monkeypatch, table):
    monkeypatch.setattr(quick_solve, "CHUNK", 8)
    monkeypatch.setattr(quick_solve, "ROW_SLICE", 7)
    run = Run(MazeSpec("backtracker", "square", 30, 20, 2))
    run.finish_generation()
    maze = run.maze
    whole = quick_bfs(maze, maze.entrance[0], maze.exit[0])
    search = QuickBfs(maze, maze.entrance[0], maze.exit[0], maze.grid.neighbour_array(np.int64) if table else None)
    looks = 1
    while search.work(deadline=0.0) is None:  # a deadline already past: one chunk a look
        looks += 1
    assert looks > 1 and search.result is not None
    assert search.result.path == whole.path and np.array_equal(search.result.order, whole.order)


def test_stepping_back_through_a_quick_solve_replays_its_events():
    slow, quick = solved_both_ways("square", 5, [], True, (0, 62))
    for run in (slow, quick):
        run.seek_solver(run.solver_events // 2)
    assert np.array_equal(quick.overlay.mark, slow.overlay.mark)
    for run in (slow, quick):
        run.step(1 << 30)
    assert quick.solution == slow.solution


@settings(max_examples=120, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 40), steps=edit_steps, braid=st.booleans(),
       ends=st.tuples(st.integers(0, 999), st.integers(0, 999)), table=st.booleans())
def test_the_quick_depth_first_search_marks_what_the_solvers_events_mark(kind, seed, steps, braid, ends, table):
    params = {"braid": 50} if braid else {}
    runs = [Run(MazeSpec("backtracker", kind, 9, 7, seed, params)) for _ in range(2)]
    for run in runs:
        run.finish_generation()
        play(Editor(run, [None, None]), steps)
    slow, quick = runs
    size = slow.grid.size
    start, goal = (ends[0] % size, ends[1] % size)
    if not slow.maze.open_mask()[[start, goal]].all():
        start, goal = slow.maze.entrance[0], slow.maze.exit[0]
    slow.solve("dfs", start, goal)
    slow.step(1 << 30)
    kept = quick.grid.neighbour_array(np.int64) if table else None
    search = quick_solve.QuickDfs(quick.maze, start, goal, kept)
    found = None
    while found is None:
        found = search.work(deadline=0.0)  # a deadline already past: a chunk a look
    quick.solve_found("dfs", found, start, goal)
    assert quick.solution == slow.solution
    assert np.array_equal(quick.overlay.mark, slow.overlay.mark)
    assert (quick.overlay.searched, quick.overlay.path_length) == (slow.overlay.searched, slow.overlay.path_length)
    assert quick.overlay.last == slow.overlay.last
    assert list(quick.solver_log) == slow.solver_log
    assert quick.solver_events == slow.solver_events and quick.idle
