"""The timeline's costs as a person feels them: a seek anywhere (scrub bar, Home, End) replays less
than one snapshot interval of events, however far it jumps, and the snapshots that make that
possible cost about as much memory as the event log, not many times more."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec

specs = st.builds(MazeSpec, algorithm=st.sampled_from(["backtracker", "prim", "kruskal", "dungeon", "wilson"]),
                  grid=st.sampled_from(["square", "hex"]), width=st.integers(8, 30), height=st.integers(6, 20),
                  seed=st.integers(0, 10_000))


@given(spec=specs, interval=st.sampled_from([16, 64, 256]), data=st.data())
def test_a_seek_replays_less_than_one_interval_however_far_it_jumps(spec, interval, data):
    assume(ALGORITHMS[spec.algorithm].supports(spec.grid))
    run = Run(spec, interval=interval)
    run.finish_generation()
    total = run.total
    for _ in range(4):
        target = data.draw(st.integers(0, total), label="seek")
        before = run.applied
        assert run.seek(target) == target
        replayed = run.applied - before
        assert replayed <= interval + 1, (target, replayed)


@pytest.mark.parametrize("algorithm", ["backtracker", "prim", "kruskal", "dungeon"])
def test_snapshots_cost_about_as_much_memory_as_the_log(algorithm):
    """A long run on a large grid keeps diffs between keyframes: the snapshots cost about what the
    13-byte-an-event log does (measured 0.7-1.2 times; a keyframe at every boundary: 9-13 times)."""
    run = Run(MazeSpec(algorithm, "square", 120, 120, 1), interval=256)
    run.finish_generation()
    log = run.timeline.log.nbytes
    assert run.nbytes - log < 2 * log
