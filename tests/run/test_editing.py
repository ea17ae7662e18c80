"""Editing a finished maze by hand: every random sequence of edits keeps the model, the board's
styles, the distance map and the JSON export in step; undo and redo give back the same bytes;
the perfectness check agrees with the maze check's plain union-find; an edit touches only the
cells it changes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import passages_are_symmetric
from visualizer.core.distance import distances_from
from visualizer.core.maze import CellState
from visualizer.export.json_io import dumps, loads
from visualizer.plugins.maze_check import check_maze
from visualizer.render.board import Board
from visualizer.run import connectivity
from visualizer.run.editing import Editor, End, check
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec

GRIDS = ("square", "hex", "triangle", "polar")


def finished_run(kind: str, seed: int = 3, size: tuple[int, int] = (7, 5)) -> Run:
    run = Run(MazeSpec("backtracker", kind, *size, seed))
    run.finish_generation()
    run.overlay.take_dirty()
    return run


edit_steps = st.lists(st.tuples(st.sampled_from(("wall", "paint", "weigh", "move", "undo", "redo")),
                                st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 3)),
                      max_size=25)


def play(editor: Editor, steps) -> None:
    """Apply random edits (some refused: that is part of the rule being checked)."""
    grid = editor.maze.grid
    for kind, a, b, which in steps:
        cell = a % grid.size
        if kind == "wall":
            editor.toggle_wall(cell, b % grid.directions)
        elif kind == "paint":
            editor.begin_stroke(cell)
            for other in (cell, b % grid.size, (cell + 1) % grid.size):
                editor.paint(other)
            editor.end_stroke()
        elif kind == "weigh":
            editor.begin_weights(cell)
            for other in (b % grid.size, (cell + 1) % grid.size):
                editor.paint_weight(other)
            editor.end_stroke()
        elif kind == "move":
            editor.move_end(list(End)[which], b % grid.size)
        elif kind == "undo":
            editor.undo()
        else:
            editor.redo()


def assert_model_rules(run: Run) -> None:
    maze = run.maze
    assert passages_are_symmetric(maze)
    closed = ~maze.open_mask()
    assert not maze.passages[closed].any(), "a removed cell keeps a passage"
    for cell, d in (maze.entrance, maze.exit):
        assert maze.open_mask()[cell] and maze.grid.neighbour(cell, d) < 0, "an opening off the edge"


@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 50), steps=edit_steps)
def test_random_edits_keep_model_board_distances_and_json_in_step(kind, seed, steps):
    run = finished_run(kind, seed)
    ends: list[int | None] = [None, None]
    editor = Editor(run, ends)
    board = Board(run.grid, 240, 180)
    board.restyle(run.maze, run.overlay)
    play(editor, steps)
    assert_model_rules(run)
    # the board repainting only the cells the edits listed shows what a fresh board shows
    full, dirty = run.overlay.take_dirty()
    board.restyle(run.maze, run.overlay, None if full else np.array(sorted(set(dirty)), dtype=np.int64))
    fresh = Board(run.grid, 240, 180)
    fresh.restyle(run.maze, run.overlay)
    assert np.array_equal(board.element_style[board.owner], fresh.element_style[fresh.owner])
    # the JSON export reads back as the same maze, byte for byte, with the same distances
    text = dumps(run.maze, run.spec)
    again, _ = loads(text)
    assert dumps(again, run.spec) == text
    assert np.array_equal(again.passages, run.maze.passages)
    start = run.maze.entrance[0]
    assert np.array_equal(distances_from(again, start), distances_from(run.maze, start))
    # the perfectness check agrees with the maze check's plain union-find
    found, plain = check(run.maze), check_maze(run.maze)
    assert found.loops == plain.loops and found.cut_off == len(plain.cut_off)
    assert found.cut_off_cells == plain.cut_off[:len(found.cut_off_cells)]
    if found.loops:
        loop = found.loop
        assert loop[0] == loop[-1] and len(loop) >= 3
        assert all(b in run.maze.open_neighbours(a) for a, b in zip(loop, loop[1:]))


@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 50), steps=edit_steps)
def test_undo_all_gives_the_first_bytes_back_and_redo_all_the_last(kind, seed, steps):
    run = finished_run(kind, seed)
    ends: list[int | None] = [None, None]
    editor = Editor(run, ends)
    first = dumps(run.maze, run.spec)
    play(editor, steps)
    while editor.redo():  # the furthest the edits went
        pass
    last, last_ends = dumps(run.maze, run.spec), list(ends)
    while editor.undo():
        pass
    assert dumps(run.maze, run.spec) == first and ends == [None, None]
    while editor.redo():
        pass
    assert dumps(run.maze, run.spec) == last and ends == last_ends


@pytest.mark.parametrize("kind", GRIDS)
def test_undo_then_redo_of_one_wall_gives_the_same_bytes(kind):
    run = finished_run(kind)
    editor = Editor(run, [None, None])
    cell, d = next((c, d) for c in range(run.grid.size) for d, _ in run.grid.neighbours(c))
    before = dumps(run.maze, run.spec)
    editor.toggle_wall(cell, d)
    after = dumps(run.maze, run.spec)
    assert after != before
    editor.undo()
    assert dumps(run.maze, run.spec) == before
    editor.redo()
    assert dumps(run.maze, run.spec) == after


def test_opening_a_wall_makes_one_loop_and_closing_a_passage_cuts_cells_off():
    run = finished_run("square")
    editor = Editor(run, [None, None])
    maze = run.maze
    assert check(maze).perfect
    closed = next((c, d) for c in range(run.grid.size) for d, nb in run.grid.neighbours(c)
                  if not maze.is_open(c, d))
    editor.toggle_wall(*closed)
    found = check(maze)
    assert found.loops == 1 and not found.cut_off and closed[0] in found.loop
    editor.undo()
    opened = next((c, d) for c in range(run.grid.size) for d, nb in run.grid.neighbours(c) if maze.is_open(c, d))
    editor.toggle_wall(*opened)
    found = check(maze)
    assert not found.loops and found.cut_off > 0 and not found.perfect


def test_an_edit_touches_only_the_cells_it_changes():
    """O(change): a wall edit on a large maze writes and lists two cells, and undo the same two."""
    run = finished_run("square", size=(300, 300))
    editor = Editor(run, [None, None])
    before = run.maze.passages.copy()
    edit = editor.toggle_wall(1000, 1)
    assert not isinstance(edit, str)
    assert sorted(set(run.overlay.dirty)) == sorted({1000, run.grid.neighbour(1000, 1)})
    assert int((run.maze.passages != before).sum()) == 2
    run.overlay.take_dirty()
    editor.undo()
    assert len(set(run.overlay.dirty)) == 2 and np.array_equal(run.maze.passages, before)


def test_painting_removes_then_restores_cells_and_refuses_the_entrance():
    run = finished_run("square")
    ends: list[int | None] = [12, None]
    editor = Editor(run, ends)
    maze = run.maze
    assert editor.begin_stroke(12) == "removing"
    editor.paint(13)
    assert "entrance" in (editor.paint(maze.entrance[0]) or "")
    edit = editor.end_stroke()
    assert edit is not None and edit.words == "removed 2 cells"
    assert maze.state[12] == CellState.UNVISITED and maze.passages[12] == 0 and ends == [None, None]
    assert editor.begin_stroke(12) == "restoring"
    editor.end_stroke()
    assert maze.open_mask()[12] and maze.passages[12] == 0
    assert check(maze).cut_off >= 1
    editor.undo()
    editor.undo()
    assert ends == [12, None] and maze.open_mask()[13]


def test_the_entrance_moves_only_to_an_edge_cell_and_opens_the_wall_there():
    run = finished_run("square")
    editor = Editor(run, [None, None])
    grid, maze = run.grid, run.maze
    inner = grid.cell(3, 2)
    assert "edge" in editor.move_end(End.ENTRANCE, inner)
    edge = grid.cell(4, 0)
    editor.move_end(End.ENTRANCE, edge)
    assert maze.entrance == (edge, grid.entrance_direction)
    editor.move_end(End.GOAL, inner)
    assert editor.ends == [None, inner]
    editor.undo()
    editor.undo()
    assert maze.entrance == grid.entrance and editor.ends == [None, None]


def test_a_seek_back_into_the_generation_leaves_the_edits_behind():
    run = finished_run("square")
    editor = Editor(run, [None, None])
    editor.toggle_wall(0, 1)
    assert editor.current
    run.seek(3)
    assert not editor.current


@given(kind=st.sampled_from(GRIDS), seed=st.integers(0, 50), steps=edit_steps)
def test_the_large_maze_check_through_scipy_agrees_with_the_plain_one(kind, seed, steps):
    run = finished_run(kind, seed)
    play(Editor(run, [None, None]), steps)
    small = check(run.maze)
    kept = connectivity.SCIPY_FROM_CELLS
    connectivity.SCIPY_FROM_CELLS = 0  # what a maze of more cells takes
    try:
        large = check(run.maze)
    finally:
        connectivity.SCIPY_FROM_CELLS = kept
    assert (large.loops, large.cut_off, large.cut_off_cells, large.removed) == \
        (small.loops, small.cut_off, small.cut_off_cells, small.removed)
    assert bool(large.loop) == bool(small.loop)
    if large.loop:
        assert all(b in run.maze.open_neighbours(a) for a, b in zip(large.loop, large.loop[1:]))
