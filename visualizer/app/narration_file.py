"""Ctrl+E: the watch run's narration so far, saved as Markdown beside the screenshots.

What the class has watched, step by step, in the teaching panel's own words (``run.transcript``),
so it can be handed out or kept: the generation up to the moment on screen and, when a solve is
shown, the solve up to its moment.
"""

from __future__ import annotations

from pathlib import Path

from ..run.session import Run
from ..run.transcript import Part, check_size, generation_part, recipe_command, render, solve_part
from . import captures


def run_parts(run: Run) -> list[Part]:
    """The generation as far as the run shows it, and the solve shown (if any) as far as it went."""
    parts = [generation_part(run.spec, run.logged_events(0, run.position))]
    if run.solver is not None:
        start, goal = run.solver_ends
        parts.append(solve_part(run.maze, run.solver, start, goal, run.solver_log[:run.solver_events]))
    return parts


def save_narration(run: Run, folder: Path | None = None) -> str:
    """Write the transcript; returns what the window says (where it went, or why it could not)."""
    try:
        check_size(run.spec)
    except ValueError as err:
        return f"Narration not saved: {err}"
    if run.timeline is None:
        return "Narration not saved: this run keeps no log of its events"
    text = render(run_parts(run), True, recipe_command(run.spec, run.solver))
    name = captures.capture_name(run.spec) + "-narration"
    try:
        path = captures.save_file(text, folder or captures.screenshot_dir(), name, ".md")
    except OSError as err:
        return f"Narration not saved: {err.strerror or err}"
    return f"Narration saved: {path}"
