"""The perfectness figures kept edit by edit (``run.connectivity``) agree with a whole count
after every random sequence of edits, undos and redos, on every grid: loops, cells cut off (and
which), cells removed, and the loop drawn is a real loop of open passages."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.run.test_editing import GRIDS, edit_steps, finished_run, play
from visualizer.run import connectivity
from visualizer.run.editing import Editor, check


def figures(found):
    return found.loops, found.cut_off, found.cut_off_cells, found.removed


def assert_a_loop(maze, loop):
    assert loop[0] == loop[-1] and len(loop) >= 4
    assert all(b in maze.open_neighbours(a) for a, b in zip(loop, loop[1:])), "the loop drawn crosses a wall"


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 50), steps=edit_steps, braid=st.booleans(),
       looks=st.integers(1, 4))
def test_the_figures_kept_edit_by_edit_equal_a_whole_count(kind, seed, steps, braid, looks):
    run = finished_run(kind, seed)
    editor = Editor(run, [None, None])
    editor.check()  # counted in full once; from here on every write keeps the figures
    for k in range(0, len(steps), looks):
        play(editor, steps[k:k + looks])
        kept, whole = editor.check(), check(run.maze)
        assert figures(kept) == figures(whole)
        assert bool(kept.loop) == bool(whole.loop)
        if kept.loop:
            assert_a_loop(run.maze, kept.loop)


def test_an_edit_next_to_the_path_needs_no_whole_count():
    run = finished_run("square", 4, (40, 30))
    editor = Editor(run, [None, None])
    editor.check()
    maze = run.maze
    cell = 600
    closed = next(d for d, _ in maze.grid.neighbours(cell) if not maze.is_open(cell, d))
    editor.toggle_wall(cell, closed)
    assert editor.check().loops == 1
    editor.undo()
    assert editor.check().perfect
    assert editor.links.recounts == 1, "opening and closing a wall counted the maze again"


def closed_entrance_passage(editor):
    maze = editor.maze
    cell = maze.entrance[0]
    d = next(d for d, _ in maze.grid.neighbours(cell) if maze.is_open(cell, d))
    editor.toggle_wall(cell, d)


def split_at_the_entrance(monkeypatch, **budgets):
    """A finished 20 x 15 maze counted once, then the entrance's passage closed, with the
    connectivity budgets given lowered: the count that follows has to search for the split."""
    for name, value in budgets.items():
        monkeypatch.setattr(connectivity, name, value)
    run = finished_run("square", 4, (20, 15))
    editor = Editor(run, [None, None])
    editor.check()
    closed_entrance_passage(editor)
    return run, editor


def test_a_search_past_its_budget_goes_on_over_frames_and_the_panel_waits_for_it(monkeypatch):
    run, editor = split_at_the_entrance(monkeypatch, SEARCH_CELLS=4, CHUNK_CELLS=4)
    assert editor.links.pending is not None
    waiting = editor.check()
    assert waiting.checking and not waiting.perfect
    looks = 0
    while not editor.settle(deadline=0.0):  # a deadline already past: one chunk a frame
        looks += 1
    assert looks > 1
    assert figures(editor.check()) == figures(check(run.maze)) and not editor.check().checking
    assert editor.links.recounts == 1, "the search over frames counted the maze again"


def test_a_search_of_two_large_parts_ends_in_one_whole_count(monkeypatch):
    run, editor = split_at_the_entrance(monkeypatch, SEARCH_CELLS=4, SETTLE_CELLS=2, CHUNK_CELLS=2)
    assert editor.check().checking
    assert editor.settle(float("inf"))
    assert figures(editor.check()) == figures(check(run.maze)) and editor.links.recounts == 2


def test_an_edit_while_the_search_is_under_way_counts_everything_again(monkeypatch):
    run, editor = split_at_the_entrance(monkeypatch, SEARCH_CELLS=4)
    editor.undo()
    assert editor.links.pending is None and editor.links.stale
    assert figures(editor.check()) == figures(check(run.maze))
    assert editor.links.recounts == 2


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 50), steps=edit_steps, budget=st.integers(1, 40),
       settle=st.booleans())
def test_small_search_budgets_still_give_the_whole_counts_figures(kind, seed, steps, budget, settle):
    kept = connectivity.SEARCH_CELLS, connectivity.CHUNK_CELLS
    connectivity.SEARCH_CELLS = connectivity.CHUNK_CELLS = budget
    try:
        run = finished_run(kind, seed)
        editor = Editor(run, [None, None])
        editor.check()
        for step in steps:
            play(editor, [step])
            if settle:
                editor.settle(float("inf"))
        editor.settle(float("inf"))
        assert figures(editor.check()) == figures(check(run.maze))
    finally:
        connectivity.SEARCH_CELLS, connectivity.CHUNK_CELLS = kept


def test_a_large_mazes_whole_count_is_spread_over_frames_and_an_edit_meanwhile_starts_it_again(monkeypatch):
    """Past STAGED_FROM_CELLS (lowered here) no frame holds the whole count: the search that
    outgrew its budget hands over to a count run a stage a frame, the panel says "checking"
    meanwhile, and an edit in between starts a new one instead of counting in the click."""
    from visualizer.run import editing

    monkeypatch.setattr(editing, "STAGED_FROM_CELLS", 1)
    run, editor = split_at_the_entrance(monkeypatch, SEARCH_CELLS=4, SETTLE_CELLS=2, CHUNK_CELLS=2,
                                        STAGED_FROM_CELLS=1)
    frames = 1
    while not editor.settle(deadline=0.0):
        frames += 1
        assert editor.check().checking
    assert frames >= 4, "the search's frame, then a frame per stage of the count"
    assert figures(editor.check()) == figures(check(run.maze)) and editor.links.recounts == 2
    editor.undo()
    closed_entrance_passage(editor)  # closed again: the same split, counted again
    editor.settle(deadline=0.0)
    editor.settle(deadline=0.0)
    assert editor.check().checking and editor.links.recounts == 2
    editor.undo()  # an edit while the count is under way
    assert editor.check().checking, "not counted whole in the click"
    while not editor.settle(deadline=0.0):
        pass
    assert figures(editor.check()) == figures(check(run.maze)) and not editor.check().checking


def test_a_large_mazes_loop_is_counted_in_the_click_and_drawn_once_found_over_frames(monkeypatch):
    """Past STAGED_FROM_CELLS (lowered here) the click says "1 loop" at once; the shortest loop
    through the opened wall, which may run round much of the maze, is searched for over frames."""
    from visualizer.core.maze import loop_through
    from visualizer.run import editing
    from visualizer.solvers import shortest_path

    monkeypatch.setattr(editing, "STAGED_FROM_CELLS", 1)
    monkeypatch.setattr(editing, "LOOP_CELLS", 2)
    monkeypatch.setattr(connectivity, "CHUNK_CELLS", 2)
    run = finished_run("square", 4, (20, 15))
    editor = Editor(run, [None, None])
    editor.check()
    maze = run.maze
    walls = [(c, d, nb) for c in range(maze.grid.size) for d, nb in maze.grid.neighbours(c)
             if c < nb and not maze.is_open(c, d)]
    cell, d, other = max(walls, key=lambda w: len(shortest_path(maze, w[0], w[2])))  # the longest loop
    editor.toggle_wall(cell, d)
    shortest = loop_through(maze, cell, other)
    first = editor.check()
    assert first.loops == 1 and not first.perfect
    frames = 0
    while not editor.settle(deadline=0.0):
        frames += 1
    found = editor.check()
    assert found.loops == 1 and len(found.loop) == len(shortest)
    assert_a_loop(maze, found.loop)
    assert len(shortest) > 20 and frames > 0, "a long loop is not searched for in the click"


def with_kept_links(run):
    """An editor whose figures keep the links as a passage graph (the window's way on a large maze)."""
    editor = Editor(run, [None, None])
    editor.table = run.grid.neighbour_array(np.int64)
    editor.check()
    assert editor.links.graph is not None
    return editor


@settings(max_examples=120, deadline=None)
@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 50), steps=edit_steps, budget=st.integers(1, 40),
       looks=st.integers(1, 4))
def test_with_the_links_kept_a_long_search_is_one_c_search_and_the_figures_equal_a_whole_count(
        kind, seed, steps, budget, looks):
    kept = connectivity.SEARCH_CELLS, connectivity.STAGED_FROM_CELLS
    connectivity.SEARCH_CELLS, connectivity.STAGED_FROM_CELLS = budget, 1
    try:
        run = finished_run(kind, seed)
        editor = with_kept_links(run)
        for k in range(0, len(steps), looks):
            play(editor, steps[k:k + looks])
            editor.settle(float("inf"))
            assert figures(editor.check()) == figures(check(run.maze))
    finally:
        connectivity.SEARCH_CELLS, connectivity.STAGED_FROM_CELLS = kept


def test_with_the_links_kept_two_large_parts_are_told_apart_in_one_frame_without_a_whole_count(monkeypatch):
    monkeypatch.setattr(connectivity, "SEARCH_CELLS", 4)
    monkeypatch.setattr(connectivity, "STAGED_FROM_CELLS", 1)
    run = finished_run("square", 4, (20, 15))
    editor = with_kept_links(run)
    closed_entrance_passage(editor)
    assert editor.check().checking
    assert editor.settle(deadline=0.0), "one C search, in the next frame"
    assert figures(editor.check()) == figures(check(run.maze)) and not editor.check().perfect
    assert editor.links.recounts == 1
