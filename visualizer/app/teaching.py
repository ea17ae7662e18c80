"""The teaching layer of the watch scene: narrations kept in step with the run on screen, stepping
by algorithm step, and what the teaching panel shows.

The run (``session.Run``) is the truth; a :class:`Teacher` folds the same events into the
algorithm's narrator (and the solver's) from the run's logs, catching up a budget at a time, so
explaining never slows a run nobody is reading, and any seek is explained exactly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import lru_cache

from ..algorithms import ALGORITHMS
from ..algorithms.braid import BraidNarrator
from ..metrics import measure
from ..narration import Annotation, Narration
from ..session import Run
from ..solvers import SOLVERS
from ..spec import MazeSpec
from .scene import TeachingView

CATCH_UP_CHUNK = 2048
"""Events folded between two looks at the clock while catching up."""
STEP_LIMIT = 100_000
"""No algorithm step is longer than this many events (a guard, not a rule)."""
PROFILE_SIDE = 16
PROFILE_SEEDS = (1, 2, 3, 4)


@lru_cache(maxsize=64)
def known_for(algorithm: str, grid: str) -> str:
    """What the algorithm is known for, as ``stats`` measures it: perfect or not, dead ends, the
    longest path (its rivers), straight corridors; from a few small mazes (milliseconds)."""
    info = ALGORITHMS[algorithm]
    samples = [measure(MazeSpec(algorithm, grid, PROFILE_SIDE, PROFILE_SIDE, seed).build()) for seed in PROFILE_SEEDS]

    def mean(values: list[float]) -> float:
        return sum(values) / len(values)

    dead = mean([m.dead_ends for m in samples])
    longest = mean([m.longest_path for m in samples])
    straight = mean([m.straight for m in samples])
    kind = "a perfect maze (one way between any two cells)" if info.perfect else "loops and rooms"
    return (f"Makes {kind}; typically {dead:.0f} % dead ends, longest path {longest:.0f} % of cells, "
            f"{straight:.0f} % of corridor cells straight; {bias_words(samples)} (16 x 16 {grid}).")


def bias_words(samples: list) -> str:
    """Which way its dead ends open, when one direction clearly leads (the mark of a biased
    algorithm, as the metrics panel's histogram shows it)."""
    counts: dict[str, int] = {}
    for metrics in samples:
        for direction, count in metrics.dead_end_directions.items():
            counts[direction] = counts.get(direction, 0) + count
    total = sum(counts.values())
    if total < 2 * len(samples) * max(1, len(counts)):
        return "too few dead ends to show a bias"
    direction, most = max(counts.items(), key=lambda item: item[1])
    share = most / total
    if share < 1.5 / len(counts):
        return "no direction favoured"
    return f"biased: {share:.0%} of dead ends open toward {direction}"


class Teacher:
    """Narrations of one run's generation and of its solve, and algorithm-step moves on the run."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.generation = self._generation_narration()
        self.solve: Narration | None = None
        self._solve_key: tuple[str, int] | None = None
        """Which solve the solve narration follows: (solver, the run's count of solves started)."""

    def _generation_narration(self) -> Narration:
        info, grid = self.run.spec.info, self.run.grid
        assert info.narrator is not None
        return Narration(info.narrator(grid, info.resolve(self.run.spec.params)), BraidNarrator(grid))

    # --- keeping up ---------------------------------------------------------------

    def catch_up(self, deadline: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Fold what the run has applied since the last call (after a seek back: from the start)
        until ``deadline``; True when the narrations show exactly the run's position."""
        run = self.run
        if self.generation.position > run.position:
            self.generation = self._generation_narration()
        while self.generation.position < run.position:
            start = self.generation.position
            events = run.logged_events(start, min(run.position, start + CATCH_UP_CHUNK))
            if not events:
                return False  # a run that keeps no log (record=False) cannot be explained
            self.generation.fold(events)
            if clock() >= deadline and self.generation.position < run.position:
                return False
        return self._catch_up_solve()

    def _catch_up_solve(self) -> bool:
        run = self.run
        if run.solver is None:
            self.solve, self._solve_key = None, None
            return True
        key = (run.solver, run.solves)
        if self.solve is None or self._solve_key != key or self.solve.position > run.solver_events:
            narrator = SOLVERS[run.solver].narrator
            assert narrator is not None
            start, goal = run.solver_ends
            self.solve, self._solve_key = Narration(narrator(run.grid, {"start": start, "goal": goal})), key
        self.solve.fold(run.solver_log[self.solve.position:run.solver_events])
        return True

    @property
    def caught_up(self) -> bool:
        return self.generation.position == self.run.position and (
            self.run.solver is None or (self.solve is not None and self.solve.position == self.run.solver_events))

    @property
    def narration(self) -> Narration:
        """The narration of what is on screen now: the solve once one is shown."""
        return self.solve if self.solve is not None and self.run.solver is not None else self.generation

    # --- moving by algorithm step -------------------------------------------------

    def _solving(self) -> bool:
        return self.run.solver is not None

    def step_forward(self) -> int:
        """Apply one algorithm step: the next event and every event after it that continues the
        same pass through the loop. Each event is read as it is applied, since where a step ends
        may depend on what the step before it did. Returns the events applied."""
        run = self.run
        self.catch_up(math.inf)
        done = 0
        while done < STEP_LIMIT and not run.idle:
            narration = self.narration
            event = run.solver_peek() if self._solving() else run.generation_peek()
            if event is None:
                run.step(1)  # nothing left: ends the stream, as a straight run does
                break
            if done and narration.begins_step(narration.previous, event):
                break
            run.step(1)
            if narration.position < self._position():
                narration.fold([event])
            done += 1
        return done

    def _position(self) -> int:
        return self.run.solver_events if self._solving() else self.run.position

    def step_start(self) -> int:
        """Where the step holding the last applied event began (0 when nothing is applied)."""
        self.catch_up(math.inf)
        return self.narration.step_start(self._position())

    def step_back(self) -> None:
        """Undo one algorithm step (the timeline, or the solver's log, shows the state before it)."""
        target = self.step_start()
        if self._solving():
            self.run.seek_solver(target)
        else:
            self.run.seek(target)

    # --- what the panel shows -----------------------------------------------------

    def view(self, status: str) -> TeachingView:
        narration = self.narration
        narrator = narration.narrator
        run = self.run
        if self._solving():
            info = SOLVERS[run.solver or ""]
            title, about = info.title, info.description
        else:
            title = run.spec.info.title
            about = run.spec.info.description.split(": ", 1)[-1] + " " + known_for(run.spec.algorithm, run.spec.grid)
        return TeachingView(title=title, about=about, status=status, phases=tuple(narrator.phases),
                            phase=narrator.phase, code=narration.code, lit=narration.lit,
                            sentences=tuple(narration.sentences), detail=narration.detail,
                            data=tuple(narrator.data()))

    def annotations(self) -> tuple[Annotation, ...]:
        return tuple(self.narration.narrator.annotations())

    def legend_label(self, key: str) -> str | None:
        return self.narration.narrator.legend.get(key)
