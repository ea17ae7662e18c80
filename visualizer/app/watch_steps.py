"""The watch scene's stepping keys: Right and Left by algorithm step, Shift+Right and Shift+Left by
event, L to the lit line, PgDn to the next phase. A step needs the explanation to have read the run
up to where it stands; far behind (a large run's instant steps), Right and Left move one event and
the narration reads on a budget a frame (the scene's ``advance``) until whole steps work again."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .breakpoints import Breakpoint

if TYPE_CHECKING:
    from ..run.quiz.session import Quiz
    from ..run.session import Run
    from ..run.teaching import Teacher
    from .scene import Host


class StepKeys:
    """The stepping keys, mixed into the watch scene (which owns the run, the teacher and the quiz)."""

    host: Host
    run: Run
    teacher: Teacher
    quiz: Quiz | None
    paused: bool
    until: Breakpoint | None
    read_for_keys: bool

    def step_forward(self) -> None:
        """Right: pause and apply one algorithm step (one pass through the pseudocode's loop)."""
        self.paused = True
        self.until = None
        if self.run.idle:
            self.host.message("Finished: R restarts, N makes a new maze")
            return
        if self.quiz is not None and self.quiz.pending is not None:
            why = self.quiz.pending.why
            self.quiz.skip(self.teacher)
            self.host.message(f"Not answered: {why}.", 10.0)
            return
        if self.teacher.far_behind:
            self.run.step(1)
            self._wait_for_reading("Right went one event on")
            return
        self.teacher.step_forward()
        if self.quiz is not None:
            self.quiz.go_on(self.run)  # no question here: the quiz steps on to the next by itself

    def step_back(self) -> None:
        """Left: pause and undo one algorithm step: a solver's while one is shown, else the
        generation's (from the timeline)."""
        self.paused = True
        self.until = None
        run = self.run
        if run.solver is not None and run.solver_events == 0:
            run.clear_solution()
            self.host.message("Solution cleared: Left steps back through the generation")
            return
        if run.solver is None and run.position == 0:
            self.host.message("This is the start: nothing to step back to")
            return
        if not self.teacher.knows_step_start() and self.teacher.far_behind:
            run.seek(run.position - 1)
            self._wait_for_reading("Left went one event back")
            return
        self.teacher.step_back()

    def _wait_for_reading(self, done: str) -> None:
        """Say that a key needing the explanation here did less (or nothing: ``done``), and read
        on a budget a frame until it can (``advance``), even with the panel hidden."""
        self.read_for_keys = True
        self.host.message(f"{done}: the explanation is still reading the run "
                          f"({self.teacher.read_share:.0%}); whole steps once it has")

    def step_event(self, direction: int) -> None:
        """Shift+Right / Shift+Left: one event forward or back, whatever step it belongs to."""
        self.paused = True
        self.until = None
        run = self.run
        if direction > 0:
            if run.idle:
                self.host.message("Finished: R restarts, N makes a new maze")
            else:
                run.step(1)
        elif run.solver is not None:
            if run.solver_events == 0:
                run.clear_solution()
            else:
                run.seek_solver(run.solver_events - 1)
        elif run.position == 0:
            self.host.message("This is the start: nothing to step back to")
        else:
            run.seek(run.position - 1)

    def run_to_line(self) -> None:
        """L: run on, event by event, until the pseudocode line lit now is lit again (a breakpoint:
        it may stop in the middle of a step, right where that line runs)."""
        if self.run.idle:
            self.host.message("Finished: no line runs again (R restarts)")
            return
        if self.teacher.far_behind:
            self._wait_for_reading("L waits")
            return
        self.teacher.catch_up(math.inf)
        lit = self.teacher.narration.lit
        if lit < 0:
            self.step_forward()
            return
        self.until = Breakpoint(lit, self.teacher.narration.code)
        self.paused = False
        self.host.message(f"Running to line {lit + 1}: {self.teacher.narration.code[lit].strip()}")

    def run_to_phase(self) -> None:
        """PgDn: run on until the next phase of the generation begins."""
        if self.run.finished:
            self.host.message("The maze is finished: no phase left (S solves it)")
            return
        self.until = Breakpoint.next_phase(self.run)
        self.paused = False
