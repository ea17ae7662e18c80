"""Houston's algorithm: the random walk carves exactly its share of the cells, then Wilson's walks
the rest; all walk is Aldous-Broder's own maze; the lab finds a late switch biased."""

from __future__ import annotations

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms.houston import switch_point
from visualizer.analysis.uniformity import TreeTable, sweep
from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.grids import make_grid
from visualizer.run.spec import MazeSpec


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), w=st.integers(1, 9), h=st.integers(1, 7),
       seed=st.integers(0, 10**6), share=st.integers(0, 100))
def test_the_walk_carves_its_share_then_the_walks_carve_the_rest(kind, w, h, seed, share):
    spec = MazeSpec("houston", kind, *at_least(kind, w, h), seed, {"share": share})
    events = list(spec.events())
    size = spec.make_grid().size
    second = events.index((Kind.PHASE, -1, -1, "loop-erased walks"))
    walked = [e for e in events[:second] if e[0] == Kind.CARVE]
    assert len(walked) == switch_point(size, share)
    assert not any(e[0] in (Kind.WALK, Kind.WALK_ERASE) for e in events[:second])
    assert sum(e[0] == Kind.CARVE for e in events[second:]) == size - len(walked)


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_with_the_whole_share_it_is_aldous_broder(kind):
    """share=100 walks to the last cell: the same random numbers, so Aldous-Broder's maze."""
    ours = MazeSpec("houston", kind, 8, 6, 9, {"share": 100}).build()
    theirs = MazeSpec("aldous_broder", kind, 8, 6, 9).build()
    assert ours.same_as(theirs)


def test_the_lab_finds_the_late_switch_biased_and_the_whole_walk_uniform_on_square_3x3():
    """Switching at two thirds is biased (p about 1e-13 on these seeds, asserted with a wide margin);
    share=100 is Aldous-Broder, uniform."""
    table = TreeTable(make_grid("square", 3, 3))
    late, whole = sweep("houston", table, "share", [67, 100], 5000)
    assert late.test is not None and whole.test is not None
    assert late.test.p_value < 1e-6
    assert whole.test.p_value > 0.05


@pytest.mark.parametrize("pair, words", [("share=101", "at most 100"), ("share=-5", "at least 0"),
                                         ("share=half", "whole number")])
def test_bad_shares_are_refused_in_one_line_with_status_2(pair, words, tmp_path, capsys):
    out = tmp_path / "maze.txt"
    assert main(["generate", "-a", "houston", "-p", pair, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
    assert not out.exists()


def test_the_panel_shows_each_phase_s_pseudocode():
    from visualizer.algorithms import ALGORITHMS
    from visualizer.core.narration import Narration

    spec = MazeSpec("houston", "square", 6, 5, 4)
    narration = Narration(ALGORITHMS["houston"].narrator(spec.make_grid(), spec.params))
    seen = set()
    for event in spec.events():
        narration.fold([event])
        seen.add(narration.code[1])
    assert seen == {"while fewer than share% of cells are visited:", "for each cell outside the maze (random order):"}
