"""A file of the user's own in the watch scene: what the checker found, the check of the finished
maze, and hot reload (saving the file restarts the run with the new code).

The scene asks this helper for panel rows and annotations and ticks it each frame; it reads the
checker's records of the run (``plugins.checker``) and the loaded files (``plugins.student``), so
nothing here decides a rule: it shows what the checker said.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.narration import Annotation, Shape, Tone
from ..plugins.checker import Finding, Record, record_for
from ..plugins.maze_check import MazeCheck, check_maze
from ..plugins.student import LOADED, reload
from ..run.teaching import profile
from .memo import Memo

if TYPE_CHECKING:
    from ..run.session import Run

POLL_SECONDS = 1.0
"""How often the files' modification times are looked at (a stat a second costs nothing)."""


def own_solver() -> str | None:
    """The solver file loaded last (``--solve my_solver.py``): the watch scene's solver to start with."""
    solvers = [name for name, loaded in LOADED.items() if loaded.solver]
    return solvers[-1] if solvers else None


class OwnFile:
    """What the watch scene shows of a user's file, and when to load it again."""

    def __init__(self) -> None:
        self.next_poll = 0.0
        self.reload_error = ""
        """Why the last save could not be loaded ("" when it could): shown until the next good save."""
        self.reloaded = ""
        """The file loaded again last and when ("my.py at 21:50:03"): the panel keeps it after the
        message has gone, so a student back from the editor sees the save was taken."""
        self._check: Memo[MazeCheck] = Memo()
        self._said: set[tuple[int, bool]] = set()
        """Findings already announced in a message: (run, solving)."""

    @staticmethod
    def watched(run: Run, solver: str) -> list[str]:
        """The loaded files the scene uses: the run's algorithm, the solver S runs."""
        return list(dict.fromkeys(name for name in (run.spec.algorithm, run.solver or solver) if name in LOADED))

    def tick(self, run: Run, solver: str, restart: Callable[[], None], message: Callable[[str], None],
             now: float | None = None) -> None:
        """About once a second, load again each file of the run that was saved since; a good load
        restarts the run with the new code, a bad one says why and keeps the old code running."""
        now = time.monotonic() if now is None else now
        self._announce(run, message)
        if now < self.next_poll:
            return
        self.next_poll = now + POLL_SECONDS
        changed = [name for name in self.watched(run, solver) if LOADED[name].changed()]
        for name in changed:
            error = reload(name)
            self.reload_error = error or ""
            self.reloaded = "" if error else f"{LOADED[name].path.name} at {time.strftime('%H:%M:%S')}"
            message(f"Not reloaded: {error}" if error else f"Reloaded {LOADED[name].path.name}: running the new code")
        if changed and not self.reload_error:
            self._check.clear()
            profile.cache_clear()  # what the algorithm is known for is measured from the new code
            restart()

    def _announce(self, run: Run, message: Callable[[str], None]) -> None:
        """Say once in the message line when the checker stops a run."""
        for solving in (False, True):
            finding = self._finding(run, solving)
            if finding is not None and (id(run), solving) not in self._said:
                self._said.add((id(run), solving))
                message(f"Stopped: {finding.message}")

    @staticmethod
    def _finding(run: Run, solving: bool) -> Finding | None:
        return finding_of(run, solving)

    @staticmethod
    def _record(run: Run, solving: bool) -> Record | None:
        return record_of(run, solving)

    def check(self, run: Run) -> MazeCheck | None:
        """The finished maze's check, for a user's generator that was not stopped (once per run)."""
        record = self._record(run, False)
        if record is None or not run.finished or record.finding is not None or run.position < (run.total or 0):
            return None
        return self._check.get((id(run), run.maze_version), lambda: check_maze(run.maze))  # edits change it

    def _reached(self, run: Run, solving: bool) -> Finding | None:
        """The finding once the run shows the events up to it (a run is read ahead of the board)."""
        finding = self._finding(run, solving)
        return finding if finding is not None and (solving or run.position >= finding.position) else None

    def stopped_phase(self, run: Run) -> str | None:
        """The Phase row once the checker stopped the generation ("stopped at event 3"), not "finished"."""
        finding = self._reached(run, False)
        return None if finding is None else f"stopped at event {finding.position + 1:,}"

    def stopped_state(self, run: Run) -> str | None:
        """The State row once the checker stopped the generation or the solve: the checker's sentence
        or the exception's line, so that a stopped run never reads "done"."""
        for solving, words in ((False, "stopped"), (True, "solver stopped")):
            finding = self._reached(run, solving)
            if finding is not None:
                return f"{words}: {finding.message}"
        return None

    def panel_rows(self, run: Run) -> list[tuple[str, str]]:
        """A solve the checker stopped after a stopped generation (the State row has the first),
        the maze check, the last reload."""
        rows: list[tuple[str, str]] = []
        if self.reload_error:
            rows.append(("Not reloaded", self.reload_error))
        elif self.reloaded:
            rows.append(("Reloaded", self.reloaded))
        solver = self._finding(run, True)
        if solver is not None and self._finding(run, False) is not None:
            rows.append(("Solver stopped", solver.message))
        check = self.check(run)
        if check is not None:
            rows += check.rows()
        return rows

    def annotations(self, run: Run) -> list[Annotation]:
        """The event the checker stopped (a cross on the wall, or a line between two cells that are
        not neighbours), and on a finished maze one loop and the cut-off cells."""
        notes: list[Annotation] = []
        for solving in (False, True):
            finding = self._reached(run, solving)
            if finding is not None and finding.cells:
                notes.append(Annotation(Shape.WALL if finding.wall else Shape.PATH, finding.cells, Tone.REJECTED))
        check = self.check(run)
        return notes + (check.annotations() if check is not None else [])


def record_of(run: Run, solving: bool = False) -> Record | None:
    """The checker's record of ``run``'s generation (or solve) when a file of the user's own made it."""
    name = run.solver if solving else run.spec.algorithm
    return record_for(run.grid, solving) if name in LOADED else None


def finding_of(run: Run, solving: bool = False) -> Finding | None:
    """What the checker stopped ``run``'s generation (or solve) for, once it has ended; else None."""
    record = record_of(run, solving)
    return record.finding if record is not None and record.finished else None


def stopped_rows(runs: list[Run]) -> list[tuple[str, str]]:
    """For the compare scene: a row per pane whose file of one's own the checker stopped (the
    label short, so that it never runs into its value)."""
    return [("Stopped", f"{run.spec.algorithm} at {finding.message}")
            for run in runs if (finding := finding_of(run)) is not None]
