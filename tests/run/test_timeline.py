"""The timeline: seeking shows exactly what a straight run shows, and the log is compact; a seek
anywhere replays less than one snapshot interval of events, and the snapshots cost about as much
memory as the event log, not many times more."""

import time

import numpy as np
import pytest
from helpers import straight
from hypothesis import assume, given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind
from visualizer.grids import Mask, MaskedGrid, SquareGrid
from visualizer.run import spec as spec_module
from visualizer.run.session import DONE, GENERATING, Run
from visualizer.run.spec import MazeSpec
from visualizer.run.timeline import EVENT_DTYPE, EventLog

ALGORITHM_NAMES = ["backtracker", "prim", "kruskal", "wilson", "dungeon", "recursive_division", "eller",
                   "hunt_and_kill", "blobby_division"]
INTERVALS = [16, 64, 256]
"""Small snapshot intervals, so that small mazes cross many boundaries, diffs and keyframes."""
OVERLAY_ARRAYS = ("mark", "set_id", "connector")
OVERLAY_FIELDS = ("current", "phase", "show_regions", "searched", "path_length", "last")


def total_events(spec: MazeSpec) -> int:
    return sum(1 for _ in spec.events())


def assert_shows(run: Run, position: int) -> None:
    """``run`` shows exactly the straight run's maze and overlay after ``position`` events."""
    maze, overlay = straight(run.spec, position)
    assert run.position == position
    assert run.maze.same_as(maze)
    for name in OVERLAY_ARRAYS:
        assert np.array_equal(getattr(run.overlay, name), getattr(overlay, name)), name
    for name in OVERLAY_FIELDS:
        assert getattr(run.overlay, name) == getattr(overlay, name), name


specs = st.builds(
    MazeSpec,
    algorithm=st.sampled_from(ALGORITHM_NAMES),
    grid=st.sampled_from(["square", "hex"]),
    width=st.integers(3, 16),
    height=st.integers(3, 12),
    seed=st.integers(0, 10_000),
)


def supported(spec: MazeSpec) -> bool:
    return ALGORITHMS[spec.algorithm].supports(spec.grid)


@given(spec=specs, interval=st.sampled_from(INTERVALS), data=st.data())
def test_seek_shows_what_a_straight_run_shows(spec, interval, data):
    assume(supported(spec))
    total = total_events(spec)
    run = Run(spec, interval=interval)
    run.step(data.draw(st.integers(0, total), label="first steps"))
    for _ in range(4):
        target = data.draw(st.integers(0, total), label="seek")
        assert run.seek(target) == target
        assert_shows(run, target)
        assert run.overlay.full_redraw and not run.overlay.stale


@given(spec=specs, interval=st.sampled_from(INTERVALS), data=st.data())
def test_seek_after_quiet_steps_shows_the_non_quiet_run(spec, interval, data):
    assume(supported(spec))
    total = total_events(spec)
    run = Run(spec, interval=interval)
    for _ in range(3):
        run.step(data.draw(st.integers(0, total // 2 + 1), label="quiet steps"), quiet=True)
        target = data.draw(st.integers(0, total), label="seek")
        run.seek(target)
        assert_shows(run, target)


@given(spec=specs, interval=st.sampled_from(INTERVALS), data=st.data())
def test_seek_back_then_forward_replays_to_the_same_maze(spec, interval, data):
    assume(supported(spec))
    total = total_events(spec)
    run = Run(spec, interval=interval)
    run.step(data.draw(st.integers(0, total), label="first steps"), quiet=data.draw(st.booleans(), label="quiet"))
    target = data.draw(st.integers(0, run.position), label="seek back")
    run.seek(target)
    recorded = run.recorded
    middle = data.draw(st.integers(target, recorded), label="forward within the log")
    run.step(middle - target)
    # inside the log nothing is pulled, except one event of look-ahead on reaching its end (to know
    # whether that was the last event: the finished maze then shows at once)
    assert run.recorded <= recorded + (middle == recorded), "stepping inside the log must not pull from the generator"
    assert_shows(run, middle)
    run.finish_generation()
    assert run.position == run.total == total
    assert run.maze.same_as(spec.build())
    assert_shows(run, total)


@pytest.mark.parametrize("algorithm", ALGORITHM_NAMES)
@pytest.mark.parametrize("grid", ["square", "hex"])
def test_every_position_of_a_small_run(algorithm, grid):
    """Exhaustive on one small maze, walking backwards event by event (the step-back key)."""
    spec = MazeSpec(algorithm, grid, 7, 5, 3)
    if not supported(spec):
        pytest.skip(f"{algorithm} does not run on {grid}")
    run = Run(spec, interval=16)
    run.finish_generation()
    for position in range(run.total, -1, -1):
        run.seek(position)
        assert_shows(run, position)


def test_seek_restores_set_ids_and_the_current_cell():
    """The fields a careless restore forgets: Kruskal's set colours and the walker's cell."""
    spec = MazeSpec("kruskal", "square", 12, 10, 7)
    run = Run(spec, interval=64)
    run.step(200)
    set_ids = run.overlay.set_id.copy()
    current = run.overlay.current
    assert (set_ids >= 0).any() and current >= 0
    run.step(150)
    assert not np.array_equal(run.overlay.set_id, set_ids)
    run.seek(200)
    assert np.array_equal(run.overlay.set_id, set_ids)
    assert run.overlay.current == current


def test_seek_past_the_log_runs_the_generator_on_and_stops_at_its_end():
    spec = MazeSpec("backtracker", "hex", 10, 8, 4)
    total = total_events(spec)
    run = Run(spec, interval=32)
    assert run.total is None and run.recorded == 0
    run.seek(100)
    assert_shows(run, 100)
    assert run.recorded >= 100 and run.stage == GENERATING
    run.seek(total + 50)
    assert run.position == run.total == total and run.stage == DONE
    assert_shows(run, total)


def test_seeking_to_the_exact_end_shows_the_finished_maze():
    """The generator's end is found even when the seek asks for exactly its last event."""
    spec = MazeSpec("kruskal", "square", 8, 6, 2)
    total = total_events(spec)
    run = Run(spec, interval=16)
    run.seek(total)
    assert run.total == total and run.stage == DONE and run.overlay.current == -1
    assert_shows(run, total)


def test_seek_clears_a_solution_first():
    spec = MazeSpec("prim", "square", 10, 8, 9)
    run = Run(spec, interval=32)
    run.solve("bfs")
    run.step(20)
    assert run.overlay.searched > 0
    run.seek(run.total - 5)
    assert run.solver is None and run.stage == GENERATING
    assert run.overlay.searched == 0 and run.overlay.path_length == 0
    assert_shows(run, run.total - 5)


def test_seeking_a_few_events_back_shows_the_run_as_it_was_there():
    spec = MazeSpec("wilson", "hex", 9, 7, 1)
    run = Run(spec)
    run.step(40)
    run.seek(run.position - 3)
    assert run.position == 37
    assert_shows(run, 37)


def test_without_a_timeline_seeking_replays_from_the_start():
    spec = MazeSpec("eller", "square", 9, 7, 1)
    run = Run(spec, record=False)
    run.step(60, quiet=True)
    run.seek(30)
    assert_shows(run, 30)
    assert run.nbytes == 0 and run.phase_marks == []


def test_phase_marks_are_the_positions_of_the_phase_events():
    spec = MazeSpec("dungeon", "square", 24, 18, 5)
    expected = [(i, e[3]) for i, e in enumerate(spec.events()) if e[0] == Kind.PHASE]
    assert [name for _, name in expected] == ["rooms", "maze", "connect", "prune"]
    run = Run(spec, interval=64)
    run.step(expected[2][0] + 1)  # the connect phase has begun: its mark may still be in the tail
    assert run.phase_marks == expected[:3]
    run.finish_generation()
    assert run.phase_marks == expected
    position, name = expected[1]
    run.seek(position + 1)
    assert run.overlay.phase == name


def test_the_log_is_packed_numpy_and_grows_linearly():
    """13 bytes an event in record arrays: a log of tuples would take several times that."""
    spec = MazeSpec("backtracker", "square", 60, 60, 1)
    run = Run(spec, interval=1024)
    run.step(4 * 1024)
    log = run.timeline.log
    first = log.nbytes
    run.step(4 * 1024)
    assert all(chunk.dtype == EVENT_DTYPE for chunk in log.chunks)
    assert (log.nbytes - first) / (4 * 1024) <= 16
    assert log.nbytes / run.recorded <= 16
    assert run.nbytes > log.nbytes  # the snapshots come on top


def test_the_log_gives_back_every_event_and_kind():
    spec = MazeSpec("hunt_and_kill", "square", 9, 9, 3)
    events = list(spec.events())
    log = EventLog(interval=32)
    for start in range(0, len(events), 32):
        log.extend(events[start:start + 32])
        if len(log) % 32 == 0:
            log.flush()
    assert log.events(0, len(events)) == events
    assert log.events(5, 70) == events[5:70]
    assert log.kinds(3, 40) == bytes(int(e[0]) for e in events[3:40])
    assert [p for p, _ in log.phase_marks] == [i for i, e in enumerate(events) if e[0] == Kind.PHASE]


def test_a_chunk_holds_one_interval():
    log = EventLog(interval=4)
    with pytest.raises(ValueError):
        log.extend([(Kind.CURRENT, 0, -1, -1)] * 5)
    log.extend([(Kind.CURRENT, 0, -1, -1)] * 3)
    with pytest.raises(ValueError):
        log.flush()


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_regions_merged_by_connectors_are_restored(grid):
    """A CONNECT relabels a whole region, far beyond the two cells it names."""
    spec = MazeSpec("dungeon", grid, 40, 30, 11)
    run = Run(spec, interval=64)
    run.finish_generation()
    connects = [p for p, name in run.phase_marks if name in ("connect", "prune")]
    for position in range(connects[0], connects[1] + 2 * 64, 16):
        run.seek(position)
        assert_shows(run, position)


def test_bench_prints_the_timeline_figures_next_to_their_targets():
    from visualizer.bench.figures import timeline_figures

    lines: list[str] = []
    figures = timeline_figures(seek_side=30, step_side=20, cost_side=20, samples=3, pairs=3, out=lines.append)
    text = "\n".join(lines)
    assert "seek 30x30" in text and "step back 20x20" in text and "<= 64 MB" in text
    assert len(figures["seek_ms"]) == 3 and figures["step_back_ms"]
    assert set(figures["recording_cost"]) == {"instant", "normal"}
    assert 0 < figures["bytes_per_event"] < 100


def test_idle_filling_makes_the_first_seek_after_instant_mode_need_no_fold():
    """After a quiet (instant) run, idle frames store the skipped display snapshots on a scratch
    overlay; the overlay on screen is untouched, and a later seek matches a straight run."""
    from visualizer.run.session import Run
    from visualizer.run.spec import MazeSpec

    spec = MazeSpec("prim", "square", 30, 20, 5)
    run = Run(spec, interval=64)
    run.step(1 << 20, quiet=True)
    assert run.timeline.missing_overlay()
    shown = run.overlay.mark.copy()
    while not run.fill_snapshots(time.perf_counter() + 0.01):
        pass
    assert not run.timeline.missing_overlay()
    assert (run.overlay.mark == shown).all()
    target = run.total // 3
    run.seek(target)
    straight = Run(spec, record=False)
    straight.step(target)
    assert (run.overlay.mark == straight.overlay.mark).all() and run.maze.same_as(straight.maze)
    assert run.overlay.current == straight.overlay.current


seek_specs = st.builds(MazeSpec, algorithm=st.sampled_from(["backtracker", "prim", "kruskal", "dungeon", "wilson"]),
                       grid=st.sampled_from(["square", "hex"]), width=st.integers(8, 30), height=st.integers(6, 20),
                       seed=st.integers(0, 10_000))


@given(spec=seek_specs, interval=st.sampled_from([16, 64, 256]), data=st.data())
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


@pytest.mark.parametrize("mask", [None, Mask(("..X.", "....", "X..."), "spy")], ids=["whole", "masked"])
@pytest.mark.parametrize("record", [True, False])
def test_a_run_builds_its_grid_once(monkeypatch, mask, record):
    """Checking the spec, generating, seeking back (replaying from the start when not recording):
    one grid all along (a large masked grid takes a while to build)."""
    built: list[type] = []
    for cls in (SquareGrid, MaskedGrid):
        monkeypatch.setattr(cls, "__init__", counting_init(cls, built))
    monkeypatch.setattr(spec_module, "_LAST_MASKED", {})  # not the one an earlier test made
    run = Run(MazeSpec("backtracker", "square", 8, 6, 1, mask=mask), record=record)
    run.finish_generation()
    run.seek(2)
    run.step(5)
    assert built == [SquareGrid] + ([MaskedGrid] if mask else [])


def counting_init(cls: type, built: list[type]):
    """``cls.__init__`` that notes ``cls`` in ``built`` each time it runs."""
    init = cls.__init__

    def counting(self, *args, **kwargs):
        built.append(cls)
        init(self, *args, **kwargs)
    return counting
