"""Events: a packed run expands to one event a row, in order."""

from __future__ import annotations

import numpy as np

from visualizer.core.events import Kind, expand


def test_expanding_gives_each_packed_row_as_its_own_event():
    rows = np.array([[0, 1, 1], [1, 7, 2]])
    events = [(Kind.CARVE, 0, -1, 3), (Kind.CARVES, -1, -1, rows), (Kind.PRUNES, -1, -1, rows[:1]),
              (Kind.PHASE, -1, -1, "prune")]
    assert list(expand(events)) == [(Kind.CARVE, 0, -1, 3), (Kind.CARVE, 0, 1, 1), (Kind.CARVE, 1, 7, 2),
                                    (Kind.PRUNE, 0, 1, 1), (Kind.PHASE, -1, -1, "prune")]
