"""The display state folded from every event: valid marks while running, nothing left over after."""

import numpy as np
import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind
from visualizer.run.overlay import Mark, Overlay
from visualizer.run.spec import MazeSpec

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
