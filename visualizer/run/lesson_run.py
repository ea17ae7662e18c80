"""Bringing a run to a lesson slide's stop: the same seek the watch scene's timeline uses, so a slide
shows exactly what a straight run shows at that moment. Pure: no pygame."""

from __future__ import annotations

from ..algorithms.braid import BraidNarrator
from ..core.narration import Narration
from .lesson import Slide, Stop
from .session import Run

PHASE_CHUNK = 256
"""Events generated between two looks for the phase a slide stops at."""


def stop_position(run: Run, stop: Stop) -> int:
    """The generation position ``stop`` names in ``run`` (generating as far as needed to know it).

    A phase stop is the moment that phase is complete: just before the next phase's first event
    (or the end, for the last phase), so the board shows the whole phase and nothing of the next."""
    if stop.event is not None:
        return stop.event if run.total is None else min(stop.event, run.total)
    if stop.step is not None:
        return step_end(run, stop.step)
    if stop.phase is not None:
        while True:
            marks = run.phase_marks
            names = [name for _, name in marks]
            if stop.phase in names[:-1]:  # the next phase's mark: this one is done, the next not begun
                return marks[names.index(stop.phase) + 1][0]
            if run.finished:
                return run.recorded
            run.seek(run.recorded + PHASE_CHUNK)
    run.finish_generation()
    return run.recorded


def step_end(run: Run, step: int) -> int:
    """The position just after algorithm step ``step`` (as the teaching panel counts steps: where
    step ``step + 1`` begins), or the end when the run has fewer steps."""
    if step == 0:
        return 0
    info, grid = run.spec.info, run.grid
    assert info.narrator is not None
    narration = Narration(info.narrator(grid, info.resolve(run.spec.params)), BraidNarrator(grid))
    while True:
        for event in run.logged_events(narration.position, run.recorded):
            if narration.steps == step and narration.begins_step(narration.previous, event):
                return narration.position
            narration.fold((event,))
        if run.finished:
            return run.recorded
        run.seek(run.recorded + PHASE_CHUNK)


def bring_to_stop(run: Run, slide: Slide) -> int:
    """Seek ``run`` to the slide's stop (and solve it to the end when the slide shows a solution)."""
    position = run.seek(stop_position(run, slide.stop))
    if "solution" in slide.show and slide.solver is not None and slide.stop.at_end:
        run.solve(slide.solver)
        while run.stage != "done":
            run.step(1 << 16)
    return position


def slide_run(slide: Slide) -> Run:
    """A fresh run of the slide's recipe, standing at its stop."""
    run = Run(slide.spec)
    bring_to_stop(run, slide)
    return run
