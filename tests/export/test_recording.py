"""An animation runs its generator once: the events it records while counting are, replayed, the
generator's own events one by one (packed runs, phase names and all), and a run too long to keep
falls back to the generator. Animations made from the record are the bytes made without it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import expand
from visualizer.export import animation
from visualizer.export.formats import ExportOptions
from visualizer.export.recording import Recording, squeeze, unsqueeze
from visualizer.run.spec import MazeSpec
from visualizer.run.timeline import EVENT_DTYPE


@settings(max_examples=40, deadline=None)
@given(algorithm=st.sampled_from(sorted(ALGORITHMS)), grid=st.sampled_from(["square", "hex", "triangle", "polar"]),
       w=st.integers(2, 16), h=st.integers(2, 12), seed=st.integers(0, 999))
def test_a_recorded_generation_replays_the_generators_events(algorithm, grid, w, h, seed):
    spec = MazeSpec(algorithm, grid, w, h, seed)
    try:
        expected = list(spec.events())
    except ValueError:  # a grid or size this algorithm refuses
        return
    recording = Recording(spec)
    assert recording.record() == len(expected)
    assert recording.kept
    assert list(recording.replay()) == expected


def test_a_generation_longer_than_the_budget_is_counted_and_replayed_from_the_generator():
    spec = MazeSpec("aldous_broder", "square", 12, 9, 4)
    expected = list(spec.events())
    recording = Recording(spec, budget=64)
    assert recording.record() == len(expected)
    assert not recording.kept
    assert list(expand(recording.replay())) == expected


fields = st.tuples(st.integers(0, 255), *[st.integers(-2**31, 2**31 - 1)] * 3)


@given(rows=st.lists(st.one_of(fields, st.tuples(st.integers(0, 30), st.integers(-1, 50), st.integers(-1, 50),
                                                  st.integers(-1, 6))), max_size=300))
def test_squeezed_events_come_back_exactly(rows):
    events = np.array(rows, dtype=EVENT_DTYPE) if rows else np.empty(0, dtype=EVENT_DTYPE)
    assert unsqueeze(squeeze(events)).tobytes() == events.tobytes()


@given(events=hnp.arrays(EVENT_DTYPE, st.integers(0, 50)))
def test_any_record_array_survives_squeezing(events):
    assert unsqueeze(squeeze(events)).tobytes() == events.tobytes()


def test_a_walk_squeezes_to_about_a_byte_an_event():
    recording = Recording(MazeSpec("backtracker", "hex", 120, 100, 1))
    events = recording.record()
    assert recording.blocks is not None
    assert sum(len(block) for block, _ in recording.blocks) < 2 * events


CASES = [("backtracker", "hex", ExportOptions(seconds=1, fps=8)),
         ("kruskal", "square", ExportOptions(seconds=1, fps=6, solve="bfs")),
         ("dungeon", "triangle", ExportOptions(seconds=1, fps=5)),
         ("wilson", "polar", ExportOptions(max_frames=1))]


@pytest.mark.parametrize(("algorithm", "grid", "options"), CASES)
def test_frames_painted_in_bands_from_the_record_are_the_boards_from_the_generator(algorithm, grid, options,
                                                                                   monkeypatch):
    """The large-maze path (the record, the unvisited grid painted first, bands keeping their maps)
    shows each moment as a Board stepping the generator itself does."""
    spec = MazeSpec(algorithm, grid, 11, 8, 3)
    monkeypatch.setattr(animation, "in_bands", lambda fmt, grid, size: True)
    made = animation.make_animation(None, spec, options)
    assert made.bands
    by_board = animation.index_frames(spec, made.plan, options.solve, made.size, made.palette, bands=False)
    pairs = list(zip(made.pixels, by_board, strict=True))
    assert len(pairs) == made.plan.frames
    assert all(a == b for a, b in pairs)


@pytest.mark.parametrize("fmt", ["gif", "webp"])
@pytest.mark.parametrize(("algorithm", "grid", "options"), CASES)
def test_an_animation_is_the_same_bytes_recorded_or_not(fmt, algorithm, grid, options, monkeypatch):
    spec = MazeSpec(algorithm, grid, 11, 8, 3)
    write = animation.write_gif if fmt == "gif" else animation.write_webp
    recorded = write(None, spec, options)
    monkeypatch.setattr(animation, "Recording", lambda spec: Recording(spec, budget=0))
    assert write(None, spec, options) == recorded
