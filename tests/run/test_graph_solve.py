"""The kept passage graph (``core.passage_graph``) after random hand edits: scipy's search cut at
the goal marks what breadth-first search's own events mark, and its distance map is the whole
search's, on every grid, whatever the edits (undone, redone, cells removed) and the endpoints."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.run.test_editing import GRIDS, edit_steps, play
from visualizer.core import passage_graph
from visualizer.core.distance import distance_stages, distances_from
from visualizer.core.passage_graph import PassageGraph
from visualizer.run import quick_solve
from visualizer.run.editing import Editor
from visualizer.run.quick_solve import GraphBfs, GraphDfs, quick_bfs
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec


def edited_with_graph(kind, seed, braid, rounds):
    """A finished maze whose graph is built before the edits and kept across them (the window's
    way), each round of edits followed by a look (so some changes land between two refreshes)."""
    run = Run(MazeSpec("backtracker", kind, 9, 7, seed, {"braid": 50} if braid else {}))
    run.finish_generation()
    graph = PassageGraph(run.maze, run.grid.neighbour_array(np.int64))
    editor = Editor(run, [None, None])
    for steps in rounds:
        play(editor, steps)
        graph.refresh()
    return run, graph


def ends_in(run, ends):
    size = run.grid.size
    start, goal = ends[0] % size, ends[1] % size
    if not run.maze.open_mask()[[start, goal]].all():
        start, goal = run.maze.entrance[0], run.maze.exit[0]
    return start, goal


def whole(search):
    found = None
    while found is None:
        found = search.work(deadline=0.0)  # a deadline already past: one stage a look
    return found


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 40), rounds=st.lists(edit_steps, max_size=3),
       braid=st.booleans(), ends=st.tuples(st.integers(0, 999), st.integers(0, 999)))
def test_the_graph_search_marks_what_the_solvers_events_mark(kind, seed, rounds, braid, ends):
    run, graph = edited_with_graph(kind, seed, braid, rounds)
    start, goal = ends_in(run, ends)
    found = whole(GraphBfs(graph, start, goal))
    lists = quick_bfs(run.maze, start, goal)
    assert found.path == lists.path and found.taken == lists.taken
    assert np.array_equal(found.order, lists.order) and np.array_equal(found.parent, lists.parent)
    slow, _ = edited_with_graph(kind, seed, braid, rounds)  # the same edits, solved by the solver's events
    slow.solve("bfs", start, goal)
    slow.step(1 << 30)
    run.solve_found("bfs", found, start, goal)
    assert run.solution == slow.solution
    assert np.array_equal(run.overlay.mark, slow.overlay.mark)
    assert list(run.solver_log) == slow.solver_log


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 40), rounds=st.lists(edit_steps, max_size=3),
       braid=st.booleans(), ends=st.tuples(st.integers(0, 999), st.integers(0, 999)),
       pushes=st.sampled_from([1, 3, 1 << 18]))
def test_the_graph_depth_first_search_marks_what_the_solvers_events_mark(kind, seed, rounds, braid, ends, pushes):
    run, graph = edited_with_graph(kind, seed, braid, rounds)
    start, goal = ends_in(run, ends)
    kept, quick_solve.PUSH_SLICE = quick_solve.PUSH_SLICE, pushes  # few cells a stage: many stages
    try:
        found = whole(GraphDfs(graph, start, goal, run.grid.neighbour_array(np.int64) if braid else None))
    finally:
        quick_solve.PUSH_SLICE = kept
    slow, _ = edited_with_graph(kind, seed, braid, rounds)  # the same edits, solved by the solver's events
    slow.solve("dfs", start, goal)
    slow.step(1 << 30)
    run.solve_found("dfs", found, start, goal)
    assert run.solution == slow.solution
    assert np.array_equal(run.overlay.mark, slow.overlay.mark)
    assert (run.overlay.searched, run.overlay.last) == (slow.overlay.searched, slow.overlay.last)
    assert list(run.solver_log) == slow.solver_log


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 40), walls=st.lists(st.integers(0, 10 ** 6), max_size=3),
       ends=st.tuples(st.integers(0, 999), st.integers(0, 999)))
def test_depth_first_search_is_done_in_c_up_to_one_loop_and_by_the_lists_past_it(kind, seed, walls, ends):
    run, graph = edited_with_graph(kind, seed, False, [])
    editor = Editor(run, [None, None])
    for pick in walls:  # walls of a perfect maze opened: one loop each
        closed = [(c, d) for c in range(run.grid.size) for d, nb in run.grid.neighbours(c)
                  if nb >= 0 and not run.maze.is_open(c, d) and run.maze.open_mask()[[c, nb]].all()]
        editor.toggle_wall(*closed[pick % len(closed)])
    start, goal = ends_in(run, ends)
    search = GraphDfs(graph, start, goal)
    found = whole(search)
    lists = quick_solve.QuickDfs(run.maze, start, goal).work()
    assert found.path == lists.path and np.array_equal(found.popped, lists.popped)
    assert np.array_equal(found.pushed, lists.pushed) and np.array_equal(found.pusher, lists.pusher)
    if len(walls) <= 1:
        assert not search.order  # no lists were made: C searches alone


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 40), rounds=st.lists(edit_steps, max_size=3),
       braid=st.booleans(), at=st.integers(0, 999), jumps=st.integers(1, 3))
def test_the_graph_distance_map_is_the_whole_searchs(kind, seed, rounds, braid, at, jumps):
    run, graph = edited_with_graph(kind, seed, braid, rounds)
    start, _ = ends_in(run, (at, 0))
    kept = passage_graph.JUMPS_A_STAGE, passage_graph.JUMP_SECONDS
    passage_graph.JUMPS_A_STAGE, passage_graph.JUMP_SECONDS = jumps, 0.0  # few rounds a stage: many stages
    try:
        stages = list(distance_stages(run.maze, start, graph=graph))
    finally:
        passage_graph.JUMPS_A_STAGE, passage_graph.JUMP_SECONDS = kept
    assert all(stage is None for stage in stages[:-1])
    assert np.array_equal(stages[-1], distances_from(run.maze, start))


def test_a_graph_of_another_maze_is_not_read():
    run, graph = edited_with_graph("square", 1, False, [])
    other = Run(MazeSpec("backtracker", "square", 9, 7, 2))
    other.finish_generation()
    assert not graph.describes(other.maze)
    start = other.maze.entrance[0]
    assert np.array_equal(list(distance_stages(other.maze, start, graph=graph))[-1], distances_from(other.maze, start))


def test_an_edit_rewrites_only_the_cells_it_changed():
    run, graph = edited_with_graph("square", 1, False, [])
    editor = Editor(run, [None, None])
    cell = run.maze.entrance[0]
    d = next(d for d, nb in run.grid.neighbours(cell) if nb >= 0)
    editor.toggle_wall(cell, d)
    assert graph.refresh() == 2 and graph.refresh() == 0


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 40), braid=st.booleans(),
       rounds=st.lists(st.tuples(edit_steps, st.integers(0, 999), st.integers(0, 999)), min_size=2, max_size=4))
def test_each_search_on_a_kept_graph_follows_the_edits_and_the_ends_since_the_last(kind, seed, braid, rounds):
    """The window keeps one graph and searches again after every edit or moved end: each re-solve
    is the one the maze as it is now gives, from the start as it is now (never the last search's)."""
    run, graph = edited_with_graph(kind, seed, braid, [])
    editor = Editor(run, [None, None])
    for steps, start, goal in rounds:
        play(editor, steps)
        start, goal = ends_in(run, (start, goal))
        found = whole(GraphBfs(graph, start, goal))
        lists = quick_bfs(run.maze, start, goal)
        assert found.path == lists.path and np.array_equal(found.order, lists.order)


def test_a_re_solve_after_a_wall_closes_the_path_takes_the_new_way():
    run, graph = edited_with_graph("square", 3, True, [])
    start, goal = run.maze.entrance[0], run.maze.exit[0]
    first = whole(GraphBfs(graph, start, goal)).path
    editor = Editor(run, [None, None])
    a, b = first[len(first) // 2], first[len(first) // 2 + 1]
    editor.toggle_wall(a, next(d for d, nb in run.grid.neighbours(a) if nb == b))
    again = whole(GraphBfs(graph, start, goal)).path
    assert again != first and again == quick_bfs(run.maze, start, goal).path


@settings(max_examples=200, deadline=None)
@given(stages=st.lists(st.tuples(st.booleans(), st.integers(1, 60)), min_size=1, max_size=25),
       share=st.integers(20, 60))
def test_a_re_solve_runs_one_c_search_a_frame_and_light_stages_only_where_they_fit(stages, share):
    """With a window telling the frames, a heavy stage (a C search) only opens a frame nobody's
    heavy stage had; light stages follow it while the last light one's cost fits the frame's
    share; every stage runs, in order, and no frame is left with nothing done."""
    now = [0.0]
    ran: list[tuple[int, int, float]] = []

    def staged():
        for i, (heavy, cost) in enumerate(stages):
            yield heavy
            ran.append((turns.frame, i, now[0]))
            now[0] += cost / 1000

    turns = passage_graph.Turns()
    runner = quick_solve.Stages(staged(), turns)
    deadline: dict[int, float] = {}
    while not runner.done:
        turns.next_frame()
        assert turns.frame < len(stages), "every frame runs at least a stage"
        deadline[turns.frame] = now[0] + share / 1000
        runner.run(deadline[turns.frame], lambda: now[0])
    assert [i for _, i, _ in ran] == list(range(len(stages)))
    last_light = math.inf
    for k, (frame, i, began) in enumerate(ran):
        heavy, cost = stages[i]
        if k and ran[k - 1][0] == frame:  # not the frame's first: a light stage that fitted
            assert not heavy and began + last_light <= deadline[frame] + 1e-9
        if not heavy:
            last_light = cost / 1000
