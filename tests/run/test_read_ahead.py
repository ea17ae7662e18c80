"""A large maze's first event is worked out in a worker thread, and a stream that once takes long
for one read is read by a worker from then on: a window frame asked to stop at its deadline is
drawn without what is not there yet (keys answered while Kruskal's set-up or a depth of blobby
division's race takes its time), the run then goes on as it would have, an error in the stream
reaches the caller after the events before it, and a dropped run's worker stops."""

import threading
import time

import pytest
from helpers import straight

from visualizer.run import read_ahead
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec

SPEC = MazeSpec("kruskal", "square", 30, 20, 4)
STEPS = MazeSpec("backtracker", "square", 30, 20, 4)
"""A stream of single events (Kruskal's packed runs are a few dozen events at this size)."""


def held(gate: threading.Event, fail: bool = False):
    """A spec's ``events`` whose set-up waits for ``gate`` (and then fails, with ``fail``)."""
    real = MazeSpec.events

    def events(self, *args, **kwargs):
        assert gate.wait(10), "the test never opened the gate"
        if fail:
            raise ValueError("the set-up failed")
        yield from real(self, *args, **kwargs)
    return events


def threads() -> int:
    return sum(thread.name == "read ahead" for thread in threading.enumerate())


@pytest.fixture
def small_is_large(monkeypatch):
    monkeypatch.setattr(read_ahead, "READ_AHEAD_FROM", 1)


def burn(seconds: float) -> None:
    """Take ``seconds`` of this thread's CPU (a long step: a read measures CPU, not waits)."""
    began = time.thread_time()
    while time.thread_time() - began < seconds:
        pass


def slowed(long_at: int, gate: threading.Event | None = None, gate_at: int = -1, fail_at: int = -1):
    """A spec's ``events`` with a long step before event ``long_at``, a wait for ``gate`` before
    event ``gate_at`` and an error instead of event ``fail_at``."""
    real = MazeSpec.events

    def events(self, *args, **kwargs):
        for index, event in enumerate(real(self, *args, **kwargs)):
            if index == long_at:
                burn(4 * read_ahead.LONG_READ)
            if index == gate_at:
                assert gate is not None and gate.wait(10), "the test never opened the gate"
            if index == fail_at:
                raise ValueError("the stream failed")
            yield event
    return events


def frame(run: Run, seconds: float = 0.01, count: int = 10) -> tuple[int, float]:
    """One window frame (``count`` events shown): the events applied and the seconds it took."""
    began = time.perf_counter()
    done = run.step(count, deadline=began + seconds)
    return done, time.perf_counter() - began


def until_finished(run: Run) -> None:
    for _ in range(100_000):
        if run.finished:
            return
        frame(run, 0.05, 1 << 30)
    raise AssertionError("the run never finished")


@pytest.fixture
def quick_long_reads(monkeypatch, small_is_large):
    monkeypatch.setattr(read_ahead, "LONG_READ", 0.02)


def test_a_frame_is_drawn_while_the_set_up_goes_on_then_the_run_is_the_same(small_is_large, monkeypatch):
    gate = threading.Event()
    monkeypatch.setattr(MazeSpec, "events", held(gate))
    run = Run(SPEC)
    for quiet in (True, False, True):  # frames at instant speed and shown: none waits for the set-up
        assert run.step(1 << 30, deadline=time.perf_counter() + 0.01, quiet=quiet) == 0
        assert run.position == 0 and not run.finished
    gate.set()
    while not run.finished:
        run.step(1 << 30, deadline=time.perf_counter() + 0.05)
    maze, _ = straight(SPEC, run.total)
    assert run.maze.same_as(maze)


def test_an_error_in_the_set_up_reaches_the_caller(small_is_large, monkeypatch):
    gate = threading.Event()
    monkeypatch.setattr(MazeSpec, "events", held(gate, fail=True))
    run = Run(SPEC)
    assert run.step(10, deadline=time.perf_counter() + 0.01) == 0
    gate.set()
    with pytest.raises(ValueError, match="the set-up failed"):
        for _ in range(1000):
            run.step(10, deadline=time.perf_counter() + 0.05)


def test_a_step_without_a_deadline_takes_the_generator_itself(small_is_large):
    """A student's single step (no frame budget) waits as before; no thread is started."""
    before = threads()
    run = Run(SPEC)
    assert run.step(5) == 5
    assert threads() == before
    maze, overlay = straight(SPEC, 5)
    assert run.maze.same_as(maze) and run.overlay.last == overlay.last


def test_small_grids_keep_their_generator():
    assert not isinstance(Run(SPEC)._source, read_ahead.ReadAhead)
    large = MazeSpec("kruskal", "square", 400, 250, 1)
    assert isinstance(Run(large)._source, read_ahead.ReadAhead)


def test_a_pull_takes_no_more_packed_runs_than_its_room_holds(monkeypatch):
    """Kruskal's shown stream is a few hundred MIXED runs: a frame's pull of 256 events would
    work out the whole maze in that frame. A step of 50 events takes one run (or two)."""
    from visualizer.algorithms import kruskal

    monkeypatch.setattr(kruskal, "MERGES_AT_ONCE", 64)
    taken = []
    real = MazeSpec.events

    def counted(self, *args, **kwargs):
        for event in real(self, *args, **kwargs):
            taken.append(event[0])
            yield event
    monkeypatch.setattr(MazeSpec, "events", counted)
    run = Run(MazeSpec("kruskal", "square", 60, 40, 2))
    assert run.step(50) == 50
    assert len(taken) <= 2 < (60 * 40 - 1) // 64


def test_pulls_grow_while_quick_and_shrink_when_slow():
    from visualizer.run.session import CHUNK, PULL_SECONDS, _next_batch

    batch, sizes = 1, []
    for _ in range(12):
        batch = _next_batch(batch, batch, seconds=1e-6 * batch)
        sizes.append(batch)
    assert sizes[:3] == [2, 4, 8] and sizes[-1] == CHUNK
    assert _next_batch(CHUNK, CHUNK, seconds=10 * PULL_SECONDS) == CHUNK // 10
    assert _next_batch(CHUNK, 3, seconds=1.0) == 1


def test_a_long_step_later_on_is_read_in_a_thread_and_holds_no_frame_up(quick_long_reads, monkeypatch):
    """A stream that once took long for one read (blobby division's first depth) is read by a
    worker from then on: a later step that takes seconds is waited for by no frame."""
    gate = threading.Event()
    monkeypatch.setattr(MazeSpec, "events", slowed(long_at=30, gate=gate, gate_at=400))
    run = Run(STEPS)
    while run.position < 30:
        frame(run)
    assert run._source.threaded
    slowest, empty = 0.0, 0
    while empty < 20:  # the worker waits at the gate: frames come back at their deadline, empty
        done, took = frame(run)
        slowest, empty = max(slowest, took), 0 if done else empty + 1
    assert slowest < 1.0 and run.position <= 400 and not run.finished
    assert not run._rest  # every event the worker handed over is shown
    gate.set()
    until_finished(run)
    maze, _ = straight(STEPS, run.total)
    assert run.maze.same_as(maze)


def test_a_stream_read_by_the_window_goes_to_a_thread_at_its_first_long_read(quick_long_reads, monkeypatch):
    """Wilson's and Aldous-Broder's long reads come later: the first one is read by the window
    (one slow frame), the ones after it by a worker."""
    spec = MazeSpec("backtracker", "square", 60, 40, 2)
    gate = threading.Event()
    monkeypatch.setattr(MazeSpec, "events", slowed(long_at=3000, gate=gate, gate_at=3200))
    run = Run(spec)
    while run.position < 2000:
        frame(run, count=50)
    assert not run._source.threaded and not run._source.worker.is_alive()
    slowest, empty = 0.0, 0
    while empty < 20:
        done, took = frame(run, count=50)
        slowest, empty = max(slowest, took), 0 if done else empty + 1
    assert run._source.threaded and slowest < 1.0 and 3000 <= run.position <= 3200
    gate.set()
    until_finished(run)
    monkeypatch.undo()
    maze, _ = straight(spec, run.total)
    assert run.maze.same_as(maze)


def test_a_quick_stream_goes_back_to_the_windows_thread(small_is_large):
    """The backtracker's quick steps are read by the window itself once the first event is
    there (a worker beside the drawing would cost it the interpreter lock)."""
    spec = MazeSpec("backtracker", "square", 40, 30, 2)
    run = Run(spec)
    for _ in range(200):
        frame(run)
        if run.position > 1000:
            break
    worker = run._source.worker
    assert worker is not None and not worker.is_alive() and not run._source.threaded
    until_finished(run)
    maze, _ = straight(spec, run.total)
    assert run.maze.same_as(maze)


def test_an_error_later_in_a_threaded_stream_comes_after_the_events_before_it(quick_long_reads, monkeypatch):
    monkeypatch.setattr(MazeSpec, "events", slowed(long_at=5, fail_at=300))
    run = Run(STEPS)
    with pytest.raises(ValueError, match="the stream failed"):
        for _ in range(100_000):
            frame(run)
    assert run.position == 300
    monkeypatch.undo()
    maze, _ = straight(STEPS, 300)
    assert run.maze.same_as(maze)


def test_a_dropped_run_stops_its_worker(quick_long_reads, monkeypatch):
    """A restart drops the run: its worker ends at the next step instead of reading the old
    maze to its end."""
    import gc

    gate = threading.Event()
    monkeypatch.setattr(MazeSpec, "events", slowed(long_at=5, gate=gate, gate_at=200))
    run = Run(STEPS)
    while run.position < 50:
        frame(run)
    worker = run._source.worker
    assert run._source.threaded and worker.is_alive()
    del run
    gc.collect()
    gate.set()
    worker.join(2)
    assert not worker.is_alive()


def test_the_worker_holds_no_more_than_its_share(quick_long_reads, monkeypatch):
    """Events read ahead wait in memory, and the garbage collector looks at each: a worker
    stops reading at AHEAD of them."""
    monkeypatch.setattr(read_ahead, "AHEAD", 64)
    monkeypatch.setattr(MazeSpec, "events", slowed(long_at=5))
    run = Run(STEPS)
    while run.position < 20:
        frame(run)
    time.sleep(0.2)  # the worker reads on while the window draws
    held = run._source._shared.held
    assert 64 <= held <= 64 + read_ahead.LARGEST_CHUNK


def test_the_rest_of_a_cut_run_is_shown_while_the_worker_is_busy(quick_long_reads, monkeypatch):
    """A frame of 10 events cuts a packed run of Kruskal's in two; the frames after it show the
    rest even while the worker waits on a long step."""
    from visualizer.algorithms import kruskal

    monkeypatch.setattr(kruskal, "MERGES_AT_ONCE", 64)
    gate = threading.Event()
    monkeypatch.setattr(MazeSpec, "events", slowed(long_at=2, gate=gate, gate_at=4))
    run = Run(SPEC)
    for _ in range(200):
        frame(run)
    assert run._source.threaded and run.position > 100 and not run._rest
    gate.set()
    until_finished(run)
