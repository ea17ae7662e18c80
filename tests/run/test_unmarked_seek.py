"""A seek far into a stretch of quiet (instant) steps answers at once with the maze and what
outlasts the steps (phases, connectors), and idle frames then put back the marks a straight run
shows there; an idle window does not fold a huge run's skipped overlay parts it is not asked for."""

import numpy as np
import pytest
from helpers import straight
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.run import session
from visualizer.run.overlay import Mark
from visualizer.run.session import GENERATING, Run
from visualizer.run.spec import MazeSpec

INTERVAL = 16
GENERATION_MARKS = (Mark.STACK, Mark.FRONTIER, Mark.WALK)


@pytest.fixture
def far(monkeypatch):
    """Limits small enough for small runs: a seek folds at most 2 intervals of skipped parts, idle
    frames store them all while they are at most 8 intervals (the same for every example)."""
    monkeypatch.setattr(session, "SEEK_FOLD", 2 * INTERVAL)
    monkeypatch.setattr(session, "IDLE_FILL", 8 * INTERVAL)


def quiet_to_end(spec: MazeSpec) -> Run:
    run = Run(spec, interval=INTERVAL)
    while not run.finished:
        run.step(1 << 20, quiet=True)
    return run


def fill(run: Run) -> int:
    """Idle frames until nothing is left to do; returns how many."""
    frames = 0
    while not run.fill_snapshots(deadline=float("inf")):
        frames += 1
        assert frames < 10_000
    return frames


def assert_unmarked_straight(run: Run, position: int) -> None:
    """The maze, the phase and the connectors of a straight run at ``position``; no marks of the
    generation (current cell, stack, frontier, walk) and no sets but on the cells the events
    since the boundary before ``position`` name (folded as a straight run folds them)."""
    maze, overlay = straight(run.spec, position)
    assert run.position == position
    assert run.maze.same_as(maze)
    assert run.overlay.phase == overlay.phase and run.overlay.show_regions == overlay.show_regions
    assert np.array_equal(run.overlay.connector, overlay.connector)
    named = np.zeros(run.grid.size, dtype=bool)
    for _, cell, other, _ in run.logged_events(position - position % INTERVAL, position):
        named[[c for c in (cell, other) if c >= 0]] = True
    assert (run.overlay.set_id[~named] == -1).all()
    assert not np.isin(run.overlay.mark[~named], GENERATION_MARKS).any()


def assert_shows(run: Run, position: int) -> None:
    maze, overlay = straight(run.spec, position)
    assert run.position == position and run.maze.same_as(maze)
    for name in ("mark", "set_id", "hue", "connector"):
        assert np.array_equal(getattr(run.overlay, name), getattr(overlay, name)), name
    assert (run.overlay.current, run.overlay.phase) == (overlay.current, overlay.phase)


specs = st.builds(MazeSpec, algorithm=st.sampled_from(["blobby_division", "dungeon", "kruskal", "backtracker"]),
                  grid=st.sampled_from(["square", "hex"]), width=st.integers(8, 16), height=st.integers(6, 12),
                  seed=st.integers(0, 10_000))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=specs, data=st.data())
def test_a_far_seek_shows_the_maze_at_once_then_idle_frames_put_the_marks_back(far, spec, data):
    assume(ALGORITHMS[spec.algorithm].supports(spec.grid))
    run = quiet_to_end(spec)
    assume(run.total > 4 * INTERVAL)
    target = data.draw(st.integers(3 * INTERVAL, run.total - 1), label="seek")
    folded = []
    original = run.timeline._fill_overlay
    run.timeline._fill_overlay = lambda index, overlay: folded.append(index) or original(index, overlay)
    run.seek(target)
    assert not folded, "the seek folded skipped overlay parts"
    assert run.marks_behind and run.stage == GENERATING
    assert_unmarked_straight(run, target)
    fill(run)
    assert not run.marks_behind
    assert_shows(run, target)
    run.seek(target // 2)  # stored on the way there: exact at once
    assert not run.marks_behind
    assert_shows(run, target // 2)


def test_a_near_seek_still_folds_and_shows_every_mark(far):
    spec = MazeSpec("blobby_division", "hex", 12, 10, 3)
    run = Run(spec, interval=INTERVAL)
    run.step(INTERVAL * 3 + 5)  # shown: overlay parts stored up to 48
    run.step(INTERVAL * 2, quiet=True)  # 2 intervals skipped: within SEEK_FOLD
    run.seek(run.position - 3)
    assert not run.marks_behind
    assert_shows(run, run.position)


def test_idle_frames_fill_a_small_run_whole_and_leave_a_huge_one_alone(far):
    small = quiet_to_end(MazeSpec("backtracker", "square", 6, 6, 1))
    assert 0 < small.timeline.missing_events <= session.IDLE_FILL and small.wants_fill
    fill(small)
    assert not small.timeline.missing_overlay() and not small.wants_fill
    huge = quiet_to_end(MazeSpec("blobby_division", "square", 16, 12, 1))
    assert huge.timeline.missing_events > session.IDLE_FILL
    assert not huge.wants_fill, "an idle window at the end of a huge run has nothing to fold"
    assert huge.fill_snapshots(deadline=float("inf")) and huge.timeline.missing_overlay()


def test_paused_in_the_middle_of_instant_steps_the_marks_come_back(far):
    spec = MazeSpec("blobby_division", "square", 16, 12, 2)
    run = Run(spec, interval=INTERVAL)
    run.step(40 * INTERVAL + 7, quiet=True)
    position = run.position
    assert run.marks_behind and run.wants_fill
    fill(run)
    assert not run.marks_behind and run.position == position
    assert_shows(run, position)


def test_the_state_row_says_the_marks_are_being_worked_out(far):
    from visualizer.app.run_words import state_word

    run = quiet_to_end(MazeSpec("blobby_division", "square", 16, 12, 1))
    run.seek(run.total // 2)
    assert state_word(run, paused=True) == "paused (working out the marks)"
    fill(run)
    assert state_word(run, paused=True) == "paused"


def test_marks_shown_before_the_quiet_steps_are_not_left_on_a_far_seek(far):
    """Shown steps first (their parts hold sets and marks), then quiet ones: a far seek into the
    quiet stretch starts from the last shown part but keeps none of its marks or sets."""
    spec = MazeSpec("blobby_division", "square", 16, 12, 5)
    run = Run(spec, interval=INTERVAL)
    run.step(10 * INTERVAL)
    assert (run.overlay.set_id >= 0).any()
    while not run.finished:
        run.step(1 << 20, quiet=True)
    run.seek(run.total - 1)
    assert run.marks_behind
    assert_unmarked_straight(run, run.total - 1)


def test_quiet_steps_within_one_interval_still_get_their_marks_back(far):
    """Quiet steps that cross no boundary leave no part missing: the marks are still behind, and
    idle frames put them back (the state row does not say they are being worked out for good)."""
    run = Run(MazeSpec("backtracker", "square", 12, 10, 1), interval=INTERVAL)
    run.step(INTERVAL + 3)
    run.step(5, quiet=True)
    assert run.marks_behind and not run.timeline.missing_events
    assert run.wants_fill
    fill(run)
    assert not run.marks_behind and not run.wants_fill
    assert_shows(run, INTERVAL + 8)


def test_a_fill_cut_off_by_a_seek_that_needs_none_leaves_nothing_to_do(far):
    run = quiet_to_end(MazeSpec("backtracker", "square", 16, 12, 1))
    run.seek(run.total - 1)
    assert run.marks_behind
    run.fill_snapshots(deadline=0.0)  # cut off at once: a scratch overlay was made
    run.seek(3)  # near the start: exact at once
    assert not run.marks_behind
    assert run.fill_snapshots(deadline=float("inf")) or not run.wants_fill
    assert run._scratch is None, "the scratch overlay of the fill cut off is kept"
