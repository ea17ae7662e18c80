"""The teaching layer of the watch scene: narrations kept in step with the run on screen, stepping
by algorithm step, and what the teaching panel shows.

The run (``session.Run``) is the truth; a :class:`Teacher` folds the same events into the
algorithm's narrator (and the solver's) from the run's logs, catching up a budget at a time, so
explaining never slows a run nobody is reading, and any seek is explained exactly.
"""

from __future__ import annotations

import copy
import math
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..algorithms import ALGORITHMS
from ..algorithms.braid import BraidNarrator
from ..core.events import Event
from ..core.metrics import Metrics, measure
from ..core.narration import Annotation, Narration
from ..solvers import SOLVERS
from .session import Run
from .spec import MazeSpec

CATCH_UP_CHUNK = 2048
"""Events folded between two looks at the clock while catching up."""
STEP_LIMIT = 100_000
"""Right stops after this many events even mid-step (blobby division's first split of a huge grid
is one step of a whole grid's events)."""
CHECKPOINT_EVERY = 16_384
"""Events between two saved copies of the generation's narration: a seek back resumes reading from
the nearest one instead of from the start."""
CHECKPOINT_MOST_CELLS = 100_000
"""Larger mazes keep no copies (a narrator of a million cells is a hundred megabytes); after a seek
back their panel reads from the start again, a budget a frame, saying how far it has got."""
READ_AT_ONCE = 1 << 16
"""A key that needs the narration where the run stands (Right, Left, L, the quiz) reads at most
this many events at once (0.1 - 0.2 s); further behind (a seek or a pause far into a large run's
instant steps: blobby division's 27 million events at 1000 x 1000 read for over a minute), the
key waits for the panel to catch up, a budget a frame (``far_behind``)."""
LEFT_BY_GENERATION = frozenset({"floor", "room", "unvisited", "pruned", "connector"})
"""Legend colours a finished generation leaves on the board, which a solver never paints."""
MOST_CHECKPOINTS = 16
"""Copies kept at most (past that, every other one goes and the spacing doubles)."""
PROFILE_SIDE = 16
PROFILE_SEEDS = (1, 2, 3, 4)


@dataclass(frozen=True)
class TeachingView:
    """What the teaching panel shows (hashable: the shell redraws the panel when it changes)."""

    title: str
    about: str
    status: str
    phases: tuple[str, ...]
    phase: str
    code: tuple[str, ...]
    lit: int
    sentences: tuple[str, ...]
    """Oldest first; the last is the newest step's."""
    detail: str
    """The newest event's sentence when it only continued the newest step ("" otherwise)."""
    data: tuple[tuple[str, str], ...]


def known_for(spec: MazeSpec) -> str:
    """What ``spec``'s algorithm, with its parameters, is known for (see :func:`profile`)."""
    return profile(spec.algorithm, spec.grid, tuple(sorted(spec.info.resolve(spec.params).items())))


@lru_cache(maxsize=64)
def profile(algorithm: str, grid: str, params: tuple[tuple[str, object], ...]) -> str:
    """What the algorithm is known for, as ``stats`` measures it: perfect or not, dead ends, the
    longest path (its rivers), straight corridors; from a few small mazes (milliseconds)."""
    info = ALGORITHMS[algorithm]
    samples = [measure(MazeSpec(algorithm, grid, PROFILE_SIDE, PROFILE_SIDE, seed, dict(params)).build())
               for seed in PROFILE_SEEDS]

    def mean(values: list[float]) -> float:
        return sum(values) / len(values)

    dead = mean([m.dead_ends for m in samples])
    longest = mean([m.longest_path for m in samples])
    straight = mean([m.straight for m in samples])
    perfect = info.perfect and not dict(params).get("braid")
    kind = ("a perfect maze (one way between any two cells)" if perfect
            else "loops" + ("" if info.perfect else " and rooms"))
    return (f"Makes {kind}; typically {dead:.0f} % dead ends, longest path {longest:.0f} % of cells, "
            f"{straight:.0f} % of corridor cells straight; {bias_words(samples)} (16 x 16 {grid}).")


def bias_words(samples: list[Metrics]) -> str:
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
        self._checkpoints: dict[int, Narration] = {}
        """Copies of the generation's narration at multiples of ``_spacing`` events."""
        self._spacing = CHECKPOINT_EVERY
        self._starts = self.generation.starts
        """Where every generation step starts, as far as any narration has read (the same run
        always steps alike, so this outlives the narration a seek back throws away)."""
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
            self._resume_before(run.position)
        while self.generation.position < run.position:
            start = self.generation.position
            stop = min(run.position, start + CATCH_UP_CHUNK, (start // self._spacing + 1) * self._spacing)
            events = run.logged_events(start, stop)
            if not events:
                return False  # a run that keeps no log (record=False) cannot be explained
            self.generation.fold(events)
            self._checkpoint()
            if clock() >= deadline and self.generation.position < run.position:
                return False
        return self._catch_up_solve()

    def _resume_before(self, position: int) -> None:
        """After a seek back: read on from the last copy at or before ``position``."""
        if len(self.generation.starts) > len(self._starts):
            self._starts = self.generation.starts
        saved = max((at for at in self._checkpoints if at <= position), default=-1)
        self.generation = (copy.deepcopy(self._checkpoints[saved]) if saved >= 0
                           else self._generation_narration())

    def _checkpoint(self) -> None:
        """Keep a copy every ``_spacing`` events; past MOST_CHECKPOINTS copies, every other one goes
        and the spacing doubles (memory stays bounded, a seek back never reads far)."""
        position = self.generation.position
        if (not position or position % self._spacing or position in self._checkpoints
                or self.run.grid.size > CHECKPOINT_MOST_CELLS):
            return
        self._checkpoints[position] = copy.deepcopy(self.generation)
        if len(self._checkpoints) > MOST_CHECKPOINTS:
            self._spacing *= 2
            self._checkpoints = {at: saved for at, saved in self._checkpoints.items() if at % self._spacing == 0}

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
    def unread(self) -> int:
        """Events the generation's narration has still to read to stand where the run stands
        (after a seek back: from the last copy at or before it, or from the start)."""
        position = self.run.position
        if self.generation.position <= position:
            return position - self.generation.position
        return position - max((at for at in self._checkpoints if at <= position), default=0)

    @property
    def far_behind(self) -> bool:
        """True when reading up to the run's position at once would freeze the window (READ_AT_ONCE)."""
        return not self._solving() and self.unread > READ_AT_ONCE

    @property
    def read_share(self) -> float:
        """How much of the run up to its position the generation's narration has read (0 - 1)."""
        position = self.run.position
        return 1.0 if not position else min(1.0, (position - self.unread) / position)

    def knows_step_start(self) -> bool:
        """True when where the last applied step began is known without reading (``step_start``):
        the generation's step starts read so far (kept across seeks back) reach the run's position."""
        if len(self.generation.starts) > len(self._starts):
            self._starts = self.generation.starts
        return self._solving() or not self.run.position or bool(self._starts and self._starts[-1] >= self.run.position)

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
        same pass through the loop. Where a step ends may depend on what the events before it did,
        so they are read first (as the narration reads them), then applied at once. Returns the
        events applied."""
        run = self.run
        self.catch_up(math.inf)
        if run.idle:
            return 0
        narration = self.narration
        applied = read = 0
        while applied + read < STEP_LIMIT:
            if read and not self._solving() and run.position + read >= run.recorded:
                run.step(read)  # the log ends here: apply what was read, so the run pulls the next
                applied, read = applied + read, 0
            event = self._event(self._position() + read)
            if event is None or ((applied or read) and narration.begins_step(narration.previous, event)):
                break
            narration.fold([event])
            read += 1
        if read or not applied:
            run.step(max(1, read))  # (nothing left to read: one more call ends the stream)
        return applied + read

    def _event(self, index: int) -> Event | None:
        return self.run.solver_event(index) if self._solving() else self.run.generation_peek(index)

    def _position(self) -> int:
        return self.run.solver_events if self._solving() else self.run.position

    def step_start(self) -> int:
        """Where the step holding the last applied event began (0 when nothing is applied)."""
        position = self._position()
        if not self._solving() and self.knows_step_start():  # known already: no reading needed
            index = bisect_right(self._starts, position - 1) - 1
            return self._starts[index] if index >= 0 else 0
        self.catch_up(math.inf)
        return self.narration.step_start(position)

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
            about = run.spec.info.description.split(": ", 1)[-1] + " " + known_for(run.spec)
        return TeachingView(title=title, about=about, status=status, phases=tuple(narrator.phases),
                            phase=narrator.phase, code=narration.code, lit=narration.lit,
                            sentences=tuple(narration.sentences), detail=narration.detail,
                            data=tuple(narrator.data()))

    def annotations(self) -> tuple[Annotation, ...]:
        return tuple(self.narration.narrator.annotations())

    def legend_label(self, key: str) -> str | None:
        """What ``key``'s colour means now: the shown narrator's word; during a solve, the colours
        the generation left on the board (the caves' rock) keep the generator's words."""
        label = self.narration.narrator.legend.get(key)
        if label is None and self._solving() and key in LEFT_BY_GENERATION:
            return self.generation.narrator.legend.get(key)
        return label
