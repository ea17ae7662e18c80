"""The display state folded from every event: valid marks while running, nothing left over after;
each kind of event marks, counts and repaints what the board and the panel then show, and
clearing a solution or dropping the generation's marks leaves exactly the rest."""

from __future__ import annotations

import numpy as np
import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.run.overlay import Mark, Overlay
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS

SUPPORTED = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]


@pytest.mark.parametrize("name,kind", SUPPORTED)
def test_marks_stay_valid_and_clear_when_done(name, kind):
    spec = MazeSpec(name, kind, 9, 7, 5)
    grid = spec.make_grid()
    overlay = Overlay(grid, shows_stack=spec.info.shows_stack)
    largest = max(Mark)
    for i, event in enumerate(spec.events(grid)):
        overlay.apply(event)
        kind, cell, other, _ = event
        if kind in (Kind.CURRENT, Kind.SCAN) or (kind == Kind.CARVE and other < 0):
            assert overlay.current == cell, event  # the highlight follows the algorithm's focus
        elif kind in (Kind.CARVE, Kind.BACKTRACK, Kind.WALK):
            assert overlay.current == other, event
        if i % 7 == 0:
            assert overlay.mark.max() <= largest
    overlay.finish()
    assert not np.isin(overlay.mark, (Mark.STACK, Mark.FRONTIER, Mark.WALK)).any()
    assert overlay.current == -1 and (overlay.set_id == -1).all()


def test_wilson_walk_marks_are_walk_marks():
    spec = MazeSpec("wilson", "square", 12, 12, 2)
    overlay = Overlay(spec.make_grid())
    seen = set()
    for event in spec.events():
        overlay.apply(event)
        seen.update(np.unique(overlay.mark).tolist())
    assert Mark.WALK in seen


@pytest.mark.parametrize("name", ["prim", "wilson", "dungeon", "recursive_division", "hunt_and_kill", "kruskal"])
def test_every_cell_an_event_names_is_marked_for_repainting(name):
    """The board repaints only the dirty cells: each event's cell and other (cell 0 included) must be
    in the dirty list after it, or the picture keeps a stale colour there."""
    spec = MazeSpec(name, "square", 6, 5, 2)
    grid = spec.make_grid()
    overlay = Overlay(grid, shows_stack=spec.info.shows_stack)
    seen_zero = False
    for event in spec.events(grid):
        overlay.dirty.clear()
        overlay.apply(event)
        _, cell, other, _ = event
        dirty = set(overlay.dirty)
        assert all(isinstance(c, int) and 0 <= c < grid.size for c in overlay.dirty), event
        for c in (cell, other):
            if c >= 0:
                assert c in dirty, event
                seen_zero |= c == 0
    assert seen_zero


def test_removing_a_frontier_or_erasing_a_walk_clears_the_mark_and_decisions_drop_the_highlight():
    grid = MazeSpec("prim", "square", 4, 4, 1).make_grid()
    overlay = Overlay(grid)
    overlay.apply((Kind.FRONTIER_ADD, 5, -1, -1))
    assert overlay.mark[5] == Mark.FRONTIER
    overlay.apply((Kind.FRONTIER_REMOVE, 5, -1, -1))
    assert overlay.mark[5] == Mark.NONE
    overlay.apply((Kind.WALK, 6, 7, 1))
    assert overlay.mark[6] == overlay.mark[7] == Mark.WALK and overlay.current == 7
    overlay.apply((Kind.WALK_ERASE, 7, -1, -1))
    assert overlay.mark[7] == Mark.NONE and overlay.mark[6] == Mark.WALK
    overlay.apply((Kind.CURRENT, 5, -1, -1))
    for event in ((Kind.CURRENT, 0, -1, -1), (Kind.FRONTIER_REMOVE, 0, -1, -1), (Kind.WALK, 0, 1, 1),
                  (Kind.WALK, 2, 0, 3), (Kind.SEARCH, 0, -1, -1), (Kind.CONNECT, 1, 0, 3)):
        overlay.dirty.clear()
        overlay.apply(event)
        assert 0 in overlay.dirty, event  # cell 0 is a cell like any other
    for decision in (Kind.REJECT, Kind.CHAMBER):
        overlay.apply((Kind.CURRENT, 3, -1, -1))
        assert overlay.current == 3
        overlay.apply((decision, 1, 2, -1))
        assert overlay.current == -1, decision


@pytest.mark.parametrize("move", [(Kind.CURRENT, 9, -1, -1), (Kind.SCAN, 9, -1, -1), (Kind.REJECT, 1, 2, -1),
                                  (Kind.CHAMBER, 1, 2, -1), (Kind.WALK, 8, 9, 1)])
def test_the_highlight_moving_away_repaints_the_cell_it_left(move):
    """The current-cell highlight (Aldous-Broder's walker, hunt-and-kill's scan, the division
    algorithms): wherever it goes, the cell it was on is repainted, or its old highlight stays."""
    grid = MazeSpec("prim", "square", 4, 4, 1).make_grid()
    overlay = Overlay(grid)
    overlay.apply((Kind.CURRENT, 5, -1, -1))
    assert overlay.current == 5 and 5 in overlay.dirty
    overlay.dirty.clear()
    overlay.apply(move)
    assert 5 in overlay.dirty and overlay.current != 5


def solved_overlay(solver: str = "bfs") -> tuple[Maze, Overlay]:
    spec = MazeSpec("prim", "square", 8, 6, 2)
    maze = spec.build()
    overlay = Overlay(maze.grid)
    for event in SOLVERS[solver].run(maze):
        overlay.apply(event)
    return maze, overlay


@pytest.mark.parametrize("solver", ["bfs", "dead_end_filling", "astar"])
def test_clearing_a_solution_leaves_no_search_path_or_dead_end_marks_and_zero_counts(solver):
    """S a second time clears the solution: the board must show the bare maze again and the panel
    no longer count searched cells or the path's length."""
    _, overlay = solved_overlay(solver)
    assert (overlay.mark != Mark.NONE).any() and overlay.searched + overlay.path_length > 0
    overlay.take_dirty()
    overlay.clear_solution()
    assert (overlay.mark == Mark.NONE).all()
    assert overlay.searched == 0 and overlay.path_length == 0
    assert overlay.take_dirty()[0]  # the whole board is repainted


def test_clearing_a_solution_keeps_the_generations_own_marks():
    grid = MazeSpec("backtracker", "square", 5, 4, 1).make_grid()
    overlay = Overlay(grid, shows_stack=True)
    overlay.apply((Kind.CARVE, 0, -1, -1))
    overlay.apply((Kind.CARVE, 0, 1, 1))
    before = overlay.mark.copy()
    overlay.clear_solution()
    assert (overlay.mark == before).all() and (before == Mark.STACK).any()


def test_quiet_steps_mark_the_picture_stale_until_the_marks_are_dropped():
    """Instant mode skips the annotations: the overlay says so (the panel shows the maze only) and
    keeps the last event for the panel's Last line; dropping the marks makes it current again."""
    grid = MazeSpec("backtracker", "square", 5, 4, 1).make_grid()
    overlay = Overlay(grid)
    overlay.take_dirty()
    last = (Kind.CARVE, 3, 4, 1)
    overlay.mark_stale(last)
    assert overlay.stale is True and overlay.last == last and overlay.take_dirty()[0]
    overlay.drop_stale_marks()
    assert overlay.stale is False


def fresh_overlay(kind: str = "square") -> Overlay:
    overlay = Overlay(MazeSpec("backtracker", kind, 5, 4, 1).make_grid())
    overlay.take_dirty()
    return overlay


def test_a_solver_counts_one_searched_cell_per_search_or_dead_end_and_one_path_cell_per_path_event():
    """The panel's Visited and Path figures are these counts; each event's cell takes its mark."""
    overlay = fresh_overlay()
    for cell in (0, 1, 2):
        overlay.apply((Kind.SEARCH, cell, -1, -1))
    overlay.apply((Kind.DEAD_END, 7, -1, -1))
    for cell in (0, 5):
        overlay.apply((Kind.PATH, cell, -1, -1))
    assert overlay.searched == 4 and overlay.path_length == 2
    assert overlay.mark[1] == Mark.SEARCH and overlay.mark[7] == Mark.DEAD_END
    assert overlay.mark[0] == overlay.mark[5] == Mark.PATH


def test_an_open_marks_a_plain_cell_frontier_but_never_repaints_a_marked_one():
    overlay = fresh_overlay()
    overlay.apply((Kind.SEARCH, 3, -1, -1))
    overlay.apply((Kind.OPEN, 3, -1, -1))
    overlay.apply((Kind.OPEN, 4, -1, -1))
    assert overlay.mark[3] == Mark.SEARCH and overlay.mark[4] == Mark.FRONTIER


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_a_connector_is_drawn_on_both_sides_of_its_wall_and_nowhere_else(kind):
    overlay = fresh_overlay(kind)
    grid = overlay.grid
    d, nb = grid.neighbours(6)[-1]  # a direction other than 0, so ``6 * D + d`` and ``6 * D - d`` differ
    assert d > 0
    overlay.apply((Kind.CONNECT, 6, nb, d))
    drawn = np.flatnonzero(overlay.connector)
    assert sorted(drawn.tolist()) == sorted([6 * grid.directions + d, nb * grid.directions + grid.opposite(d)])
    assert set(overlay.connector[drawn].tolist()) == {1}


def test_a_pruned_cell_loses_its_mark_and_becomes_the_current_cell():
    overlay = fresh_overlay()
    overlay.apply((Kind.FRONTIER_ADD, 8, -1, -1))
    overlay.apply((Kind.PRUNE, 8, 9, 1))
    assert overlay.mark[8] == Mark.NONE and overlay.current == 8


@pytest.mark.parametrize("phase,regions", [("rooms", True), ("maze", True), ("connect", True), ("prune", False),
                                           ("braid", False)])
def test_a_phase_names_itself_colours_regions_only_while_they_form_and_repaints_the_board(phase, regions):
    overlay = fresh_overlay()
    overlay.apply((Kind.CURRENT, 3, -1, -1))
    overlay.take_dirty()
    overlay.apply((Kind.PHASE, -1, -1, phase))
    assert overlay.phase == phase and overlay.show_regions is regions
    assert overlay.current == -1
    assert overlay.take_dirty()[0]


def test_an_open_field_repaints_the_board_and_the_end_of_a_run_stops_colouring_regions():
    overlay = fresh_overlay()
    overlay.apply((Kind.OPEN_FIELD, -1, -1, -1))
    assert overlay.take_dirty()[0]
    overlay.apply((Kind.PHASE, -1, -1, "maze"))
    overlay.finish()
    assert overlay.show_regions is False


def test_dropping_the_generations_marks_clears_stack_frontier_walk_and_set_colours_only():
    overlay = fresh_overlay()
    overlay.apply((Kind.FRONTIER_ADD, 1, -1, -1))
    overlay.apply((Kind.WALK, 2, 3, 1))
    overlay.apply((Kind.SET, 4, -1, 9))
    overlay.apply((Kind.SEARCH, 5, -1, -1))
    overlay.mark_stale(None)
    overlay.take_dirty()
    overlay.drop_stale_marks()
    assert overlay.mark[[1, 2, 3]].tolist() == [Mark.NONE] * 3 and overlay.mark[5] == Mark.SEARCH
    assert (overlay.set_id == -1).all() and (overlay.hue == -1).all()
    assert overlay.stale is False and overlay.current == -1 and overlay.take_dirty()[0]


def test_take_dirty_gives_each_changed_cell_once_and_starts_afresh():
    overlay = fresh_overlay()
    for cell in (3, 3, 4):
        overlay.apply((Kind.SEARCH, cell, -1, -1))
    full, cells = overlay.take_dirty()
    assert full is False and sorted(cells) == [3, 4]
    assert overlay.take_dirty() == (False, [])


def test_a_new_overlay_shows_the_bare_maze():
    """Before any event: no highlight, no phase, no colouring, nothing stale, the whole board to paint."""
    grid = MazeSpec("backtracker", "square", 5, 4, 1).make_grid()
    overlay = Overlay(grid)
    assert overlay.current == -1 and overlay.phase == "" and overlay.last is None
    assert overlay.stale is False and overlay.show_regions is False and overlay.shows_stack is False
    assert (overlay.set_id == -1).all() and not overlay.connector.any() and len(overlay.connector) == grid.size * 4
    assert overlay.take_dirty()[0] is True


@pytest.mark.parametrize("shows_stack,mark", [(True, Mark.STACK), (False, Mark.NONE)])
def test_a_carve_leaves_a_stack_trail_only_for_algorithms_that_keep_one(shows_stack, mark):
    grid = MazeSpec("backtracker", "square", 5, 4, 1).make_grid()
    overlay = Overlay(grid, shows_stack=shows_stack)
    overlay.apply((Kind.CARVE, 0, -1, -1))
    overlay.apply((Kind.CARVE, 0, 1, 1))
    assert overlay.mark[0] == overlay.mark[1] == mark and overlay.shows_stack is shows_stack


def test_cell_zero_is_repainted_when_the_highlight_or_a_carve_leaves_it():
    """Cell 0 is a cell like any other: the highlight leaving it, a carve from it, a step back to it."""
    overlay = fresh_overlay()
    overlay.apply((Kind.CURRENT, 0, -1, -1))
    assert 0 in overlay.take_dirty()[1]
    overlay.apply((Kind.CURRENT, 2, -1, -1))
    assert 0 in overlay.take_dirty()[1]
    overlay.apply((Kind.CURRENT, 0, -1, -1))
    overlay.take_dirty()
    overlay.apply((Kind.CARVE, 3, 4, 1))  # the highlight moves from cell 0 to the carve
    assert 0 in overlay.take_dirty()[1] and overlay.current == 4
    overlay.apply((Kind.BACKTRACK, 4, 0, -1))
    assert set(overlay.take_dirty()[1]) == {0, 4} and overlay.current == 0


def test_a_carve_out_of_a_walk_cell_clears_the_walk_mark_and_keeps_other_marks():
    """Wilson's walk, once carved, is maze: its walk colour goes; a frontier cell keeps its colour."""
    overlay = fresh_overlay()
    overlay.apply((Kind.WALK, 5, 6, 1))
    overlay.apply((Kind.CARVE, 5, 6, 1))
    assert overlay.mark[5] == Mark.NONE
    overlay.apply((Kind.FRONTIER_ADD, 7, -1, -1))
    overlay.apply((Kind.CARVE, 7, 8, 1))
    assert overlay.mark[7] == Mark.FRONTIER


def test_a_carve_into_the_cell_the_highlight_is_on_does_not_repaint_it_twice():
    overlay = fresh_overlay()
    overlay.apply((Kind.CURRENT, 3, -1, -1))
    overlay.take_dirty()
    overlay.apply((Kind.CARVE, 3, 4, 1))
    assert overlay.dirty.count(3) == 1
