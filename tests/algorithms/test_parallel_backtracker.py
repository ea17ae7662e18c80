"""Parallel backtracker: the seeds are planted at distinct cells, each walk carves only out of its
own set, the sets end as one, and the panel follows whose turn it is."""

from __future__ import annotations

import pytest
from helpers import at_least, is_spanning_tree
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.core.narration import Narration
from visualizer.run.spec import MazeSpec


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), w=st.integers(1, 10), h=st.integers(1, 8),
       seed=st.integers(0, 10**6), seeds=st.integers(1, 64))
def test_seeds_grow_apart_and_end_as_one_set(kind, w, h, seed, seeds):
    spec = MazeSpec("parallel_backtracker", kind, *at_least(kind, w, h), seed, {"seeds": seeds})
    size = spec.make_grid().size
    events = list(spec.events())
    planted = [e[1] for e in events if e[0] == Kind.CARVE and e[2] < 0]
    assert len(planted) == len(set(planted)) == min(seeds, size)
    colour = {}
    for kind_, cell, other, value in events:
        if kind_ == Kind.CARVE and other >= 0:
            assert colour.get(other) != colour[cell]  # never into its own set: no loop
        elif kind_ == Kind.SET:
            colour[cell] = value
    assert len(colour) == size and len(set(colour.values())) == 1
    assert is_spanning_tree(Maze(spec.make_grid()).fold(events))  # merged sets never meet twice: no loop


def test_the_panel_names_the_walk_that_moves_and_ends_with_every_stack_empty():
    spec = MazeSpec("parallel_backtracker", "square", 8, 6, 5, {"seeds": 4})
    narration = Narration(ALGORITHMS["parallel_backtracker"].narrator(spec.make_grid(), spec.params))
    walks = []
    for event in spec.events():
        narration.fold([event])
        if event[0] == Kind.CARVE and event[2] >= 0:
            walks.append(int(narration.sentences[-1].split()[1]))
    assert walks[:4] == [1, 2, 3, 4]  # the first round: each walk carves in turn
    narrator = narration.narrator
    assert all(not stack for stack in narrator.stacks.values())
    assert dict(narrator.data())["Sets apart"] == "1"


@pytest.mark.parametrize("pair, words", [("seeds=0", "at least 1"), ("seeds=65", "at most 64"),
                                         ("seeds=two", "whole number")])
def test_bad_seed_counts_are_refused_in_one_line_with_status_2(pair, words, tmp_path, capsys):
    out = tmp_path / "maze.txt"
    assert main(["generate", "-a", "parallel_backtracker", "-p", pair, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
    assert not out.exists()
