"""A large maze's first event is worked out in a worker thread: a window frame asked to stop at
its deadline is drawn without it (keys answered while Kruskal's set-up takes seconds), the run
then goes on as it would have, and an error in the set-up reaches the caller."""

import threading
import time

import pytest
from helpers import straight

from visualizer.run import first_event
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec

SPEC = MazeSpec("kruskal", "square", 30, 20, 4)


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
    return sum(thread.name == "first event" for thread in threading.enumerate())


@pytest.fixture
def small_is_large(monkeypatch):
    monkeypatch.setattr(first_event, "PREPARE_FROM", 1)


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
    assert not isinstance(Run(SPEC)._source, first_event.FirstEvent)
    large = MazeSpec("kruskal", "square", 400, 250, 1)
    assert isinstance(Run(large)._source, first_event.FirstEvent)


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
