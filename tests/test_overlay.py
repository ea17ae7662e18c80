"""The display state folded from every event: valid marks while running, nothing left over after."""

import numpy as np
import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.events import Kind
from visualizer.overlay import Mark, Overlay
from visualizer.spec import MazeSpec

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
