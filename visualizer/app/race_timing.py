"""Timing generators for a race in the compare scene: each run whole, without drawing, a few
times, keeping the fastest run (the least disturbed by other work on the machine)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice

from ..core.events import singles
from ..run.spec import MazeSpec

TIMING_ENOUGH = 0.05
"""A generator is timed again until its runs add up to this many seconds (at most TIMING_RUNS runs):
one run of a small maze takes a millisecond, too short to time once."""
TIMING_RUNS = 7


@dataclass
class Timing:
    """Timing one generator: its runs so far, whole and in progress."""

    spec: MazeSpec
    runs: list[float] = field(default_factory=list)
    events: int = 0
    current: Iterator | None = None
    elapsed: float = 0.0
    counted: int = 0

    @property
    def done(self) -> bool:
        return len(self.runs) >= TIMING_RUNS or (bool(self.runs) and sum(self.runs) >= TIMING_ENOUGH)

    @property
    def seconds(self) -> float:
        """The fastest whole run (the least disturbed by other work on the machine)."""
        return max(min(self.runs), 1e-6)

    def work(self, deadline: float, chunk: int = 512) -> None:
        """Run the generator on until ``deadline``, timing only the generator itself."""
        while not self.done and time.perf_counter() < deadline:
            if self.current is None:
                self.current, self.elapsed, self.counted = iter(self.spec.events(packed=True)), 0.0, 0
            start = time.perf_counter()
            items = list(islice(self.current, chunk))  # packed runs as the generator says them
            self.elapsed += time.perf_counter() - start
            got = len(items)
            self.counted += sum(map(singles, items))
            if got < chunk:
                self.runs.append(self.elapsed)
                self.events = self.counted
                self.current = None
