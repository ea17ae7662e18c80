"""Every shipped lesson, slide by slide: the board at each stop equals a straight run to that event."""

from __future__ import annotations

from itertools import islice

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.maze import Maze
from visualizer.run.lesson import Slide, Stop, find_lesson, shipped_lessons
from visualizer.run.lesson_run import slide_run, stop_position
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.teaching import Teacher


def straight_board(spec: MazeSpec, events: int) -> Maze:
    """The maze after the first ``events`` events of a plain run (no timeline, no seeking)."""
    grid = spec.make_grid()
    return Maze(grid).fold(islice(spec.events(grid), events))


def watch_slides() -> list[tuple[str, int, Slide]]:
    return [(name, number, slide) for name in shipped_lessons()
            for number, slide in enumerate(find_lesson(name).slides, 1) if slide.scene == "watch"]


@pytest.mark.parametrize(("name", "number", "slide"), watch_slides(), ids=lambda v: str(v)[:20])
def test_each_slide_stops_where_it_says_with_the_straight_runs_board(name: str, number: int, slide: Slide) -> None:
    run = slide_run(slide)
    expected = straight_board(slide.spec, run.position)
    assert np.array_equal(run.maze.passages, expected.passages), (name, number)
    assert np.array_equal(run.maze.state, expected.state), (name, number)
    if slide.stop.event is not None:
        assert run.position == slide.stop.event
    if slide.stop.phase is not None:  # the phase is complete, the next one not begun
        names = [name for _, name in run.phase_marks]
        shown = [name for position, name in run.phase_marks if position < run.position]
        assert shown[-1] == slide.stop.phase and (run.finished or names[len(shown)] != slide.stop.phase)
        assert run.finished or run.position in [position for position, _ in run.phase_marks]
    if slide.stop.at_end:
        assert run.finished and run.position == run.total
    if "solution" in slide.show:
        assert run.solution


def test_slides_one_after_another_on_one_run_match_fresh_runs() -> None:
    """Going back to an earlier slide (a seek back on the same run) shows the same board again."""
    lesson = find_lesson("dungeon-phases")
    run = Run(lesson.slides[0].spec)
    for slide in (*lesson.slides, *reversed(lesson.slides)):
        run.seek(stop_position(run, slide.stop))
        fresh = slide_run(slide)
        assert run.position == fresh.position
        assert np.array_equal(run.maze.passages, fresh.maze.passages)


def test_the_dungeon_phases_stop_in_order() -> None:
    slides = find_lesson("dungeon-phases").slides
    positions = [slide_run(slide).position for slide in slides]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)


def test_a_stop_past_the_end_shows_the_finished_maze() -> None:
    run = slide_run(Slide(spec=MazeSpec(width=5, height=5), stop=Stop(event=10**6)))
    assert run.finished and run.position == run.total


@settings(max_examples=25, deadline=None)
@given(algorithm=st.sampled_from(sorted(ALGORITHMS)), step=st.integers(0, 60), seed=st.integers(0, 1000))
def test_a_step_stop_is_where_stepping_that_many_algorithm_steps_lands(algorithm: str, step: int, seed: int) -> None:
    """``stop = { step = N }`` shows what pressing Right N times from the start shows."""
    spec = MazeSpec(algorithm, "square", 7, 6, seed)
    stepped = Run(spec)
    teacher = Teacher(stepped)
    for _ in range(step):
        if not teacher.step_forward():
            break
    assert slide_run(Slide(spec=spec, stop=Stop(step=step))).position == stepped.position
