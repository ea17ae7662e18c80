"""Growing binary tree: every picked cell carves at most two children; a cell left out is joined
beside the maze (a rescue), so the maze still spans the grid."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec


def children_and_rescues(spec: MazeSpec) -> tuple[Counter, int]:
    """How many cells each picked cell carved into, and how many carves were rescues (from a cell
    not just taken off the active list)."""
    children: Counter = Counter()
    rescues = 0
    picked = -1
    for kind, cell, other, _ in spec.events():
        if kind == Kind.FRONTIER_REMOVE:
            picked = cell
        elif kind == Kind.CARVE and other >= 0:
            if cell == picked:
                children[cell] += 1
            else:
                rescues += 1
    return children, rescues


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), w=st.integers(1, 10), h=st.integers(1, 8),
       seed=st.integers(0, 10**6), selection=st.sampled_from(["random", "newest", "oldest", "newest:50,random:50"]))
def test_each_picked_cell_carves_at_most_two_children(kind, w, h, seed, selection):
    spec = MazeSpec("growing_binary_tree", kind, *at_least(kind, w, h), seed, {"selection": selection})
    children, rescues = children_and_rescues(spec)
    assert max(children.values(), default=0) <= 2
    assert sum(children.values()) + rescues == spec.make_grid().size - 1


def test_a_left_out_cell_is_rescued_and_the_panel_says_so():
    """Hex 7x5 with seed 7: a cell's neighbours all carved other children first."""
    from visualizer.algorithms import ALGORITHMS
    from visualizer.core.narration import Narration

    spec = MazeSpec("growing_binary_tree", "hex", 7, 5, 7)
    assert children_and_rescues(spec)[1] >= 1
    narration = Narration(ALGORITHMS["growing_binary_tree"].narrator(spec.make_grid(), spec.params))
    said = []
    for event in spec.events():
        narration.fold([event])
        said.append(narration.sentences[-1])
    assert any("No active cells, yet" in s for s in said)
    assert dict(narration.narrator.data())["Rescued"].startswith(str(children_and_rescues(spec)[1]))


@pytest.mark.parametrize("pair, words", [("selection=first", "selection method"), ("selection=newest:0", "above 0")])
def test_bad_selections_are_refused_in_one_line_with_status_2(pair, words, tmp_path, capsys):
    out = tmp_path / "maze.txt"
    assert main(["generate", "-a", "growing_binary_tree", "-p", pair, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
    assert not out.exists()
