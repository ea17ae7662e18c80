"""Running on to a breakpoint: until the lit pseudocode line is lit again (L), or until the next
phase of the generation begins (PgDn)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from ..run.session import Run
from ..run.teaching import Teacher

UNTIL_BUDGET = 0.03
"""Seconds a frame spends running towards a breakpoint (L) or the next phase (PgDn)."""


def phases_begun(run: Run) -> int:
    """Phases whose PHASE event the run has applied (the log may hold one event more)."""
    return sum(1 for at, _ in run.phase_marks if at < run.position)


@dataclass(frozen=True)
class Breakpoint:
    """Where to stop: pseudocode ``line`` of ``code`` lit again, or (``line`` None) more than
    ``phases`` phases begun."""

    line: int | None
    code: tuple[str, ...] = ()
    phases: int = 0

    @classmethod
    def next_phase(cls, run: Run) -> Breakpoint:
        return cls(None, phases=phases_begun(run))

    def hit(self, run: Run, teacher: Teacher) -> bool:
        if self.line is None:
            return phases_begun(run) > self.phases
        teacher.catch_up(math.inf)
        return teacher.narration.lit == self.line and teacher.narration.code == self.code

    def run_on(self, run: Run, teacher: Teacher) -> bool | None:
        """Event by event towards the breakpoint for a frame's budget: True when it is hit, False
        when the run (or, for a phase, the generation) ended first, None when neither happened yet."""
        deadline = time.perf_counter() + UNTIL_BUDGET
        while time.perf_counter() < deadline:
            if run.idle or (self.line is None and run.finished):
                return False
            run.step(1)
            if self.hit(run, teacher):
                return True
        return None
