"""A run in the panel's words: how many events, its state, the last event, a cell."""

from __future__ import annotations

from ..core.events import Kind, describe
from ..core.maze import CellState
from ..run.session import DONE, SOLVING, Run


def events_text(run: Run) -> str:
    """Events applied, "of" the whole run once its length is known and it is not there yet."""
    if run.total is not None and run.position < run.total:
        return f"{run.position:,} of {run.total:,}"
    return f"{run.position:,}"


def phase_word(run: Run) -> str:
    """The phase the algorithm says it is in, or that it finished."""
    return "finished" if run.finished else (run.overlay.phase or "generating")


def state_word(run: Run, paused: bool) -> str:
    if run.stage == SOLVING:
        return "solving" + (" (paused)" if paused else "")
    if run.stage == DONE:
        return "done"
    if paused and run.marks_behind:
        return "paused (working out the marks)"  # a seek far into instant steps: idle frames catch up
    return "paused" if paused else "running"


def describe_last(run: Run) -> str:
    """The event applied last, its cells by name."""
    last = run.overlay.last
    assert last is not None
    kind, cell, other, value = last
    name = Kind(kind).name.lower().replace("_", " ")
    if kind == Kind.PHASE:
        return f"phase: {value}"
    if cell >= 0 and other >= 0:
        return f"{name} {run.grid.cell_name(cell)} -> {run.grid.cell_name(other)}"
    if cell >= 0:
        return f"{name} {run.grid.cell_name(cell)}"
    return describe(last)


def cell_lines(run: Run, cell: int) -> list[tuple[str, str]]:
    """A cell: its name, what it is, its region and its set when it has them."""
    maze, overlay = run.maze, run.overlay
    lines = [("Cell", run.grid.cell_name(cell)), ("Is", CellState(int(maze.state[cell])).name.lower())]
    if maze.region[cell] >= 0:
        lines.append(("Region", str(int(maze.region[cell]))))
    if overlay.set_id[cell] >= 0:
        lines.append(("Set", str(int(overlay.set_id[cell]))))
    return lines
