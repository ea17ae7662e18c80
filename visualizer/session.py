"""One run of a generator (and then a solver) on one maze: the app's model of "what is happening".

Pure Python: the window drives it (how many events per frame), the renderer draws what it says
changed. Restarting is making a new Run.
"""

from __future__ import annotations

import time
from itertools import islice
from typing import Callable, Iterator

from .events import Event, Kind
from .maze import Maze
from .overlay import Overlay
from .solvers import get_solver
from .spec import MazeSpec

GENERATING, SOLVING, DONE = "generating", "solving", "done"
_CONNECT, _PATH = int(Kind.CONNECT), int(Kind.PATH)
_OUTLASTING = frozenset(int(k) for k in (Kind.PHASE, Kind.CONNECT, Kind.OPEN_FIELD))
"""Display kinds whose effect outlasts the generation; quiet steps still fold these."""
CHUNK = 256
"""Events pulled between two looks at the clock."""


class Run:
    """A spec being generated event by event, then optionally solved."""

    def __init__(self, spec: MazeSpec) -> None:
        self.spec = spec.check()
        self.grid = spec.make_grid()
        self.maze = Maze(self.grid)
        self.overlay = Overlay(self.grid, shows_stack=spec.info.shows_stack)
        self.stream: Iterator[Event] = spec.events(self.grid)
        self.stage = GENERATING
        self.solver: str | None = None
        self.solution: list[int] | None = None
        """The solver's path once it has finished ([] when it found none)."""
        self.applied = 0
        """Events applied so far, generation and solving together."""
        self.generation_events = 0

    @property
    def finished(self) -> bool:
        """True once the maze itself is complete (solving may still be running)."""
        return self.stage != GENERATING

    @property
    def idle(self) -> bool:
        return self.stage == DONE

    def _after_connect(self) -> None:
        """A connect merged two regions: every cell of the absorbed one changes colour."""
        if len(self.maze.relabelled):
            self.overlay.dirty.extend(self.maze.relabelled.tolist())

    def step(self, count: int = 1, deadline: float | None = None, clock: Callable[[], float] = time.perf_counter,
             quiet: bool = False) -> int:
        """Apply up to ``count`` events (stopping early at ``deadline``); returns how many were applied.

        Events are pulled in chunks through ``islice`` (a C loop) and the clock is read once a chunk.
        ``quiet`` (instant mode) skips the per-event annotations of a generation - nobody can see
        them at that speed - and keeps only what outlasts it (phases, connectors); the overlay
        drops its stale marks when annotating resumes.
        """
        generating = self.stage == GENERATING
        quiet = quiet and generating
        if not quiet and self.overlay.stale:
            self.overlay.drop_stale_marks()
        done = 0
        maze_apply, overlay_apply, relabel = self.maze.apply, self.overlay.apply, self._after_connect
        stream = self.stream
        event = None
        while done < count:
            chunk = min(CHUNK, count - done)
            pulled = 0
            if quiet:
                for event in islice(stream, chunk):
                    maze_apply(event)
                    if event[0] in _OUTLASTING:
                        overlay_apply(event)
                        if event[0] == _CONNECT:
                            relabel()
                    pulled += 1
            else:
                for event in islice(stream, chunk):
                    maze_apply(event)
                    overlay_apply(event)
                    if event[0] == _CONNECT:
                        relabel()
                    pulled += 1
            done += pulled
            if pulled < chunk:
                self._end_stream()
                break
            if deadline is not None and clock() >= deadline:
                break
        self.applied += done
        if generating:
            self.generation_events += done
        if quiet and done:
            self.overlay.mark_stale(event)
        return done

    def _end_stream(self) -> None:
        if self.stage == GENERATING:
            self.overlay.finish()
        elif self.stage == SOLVING:
            self.solution = self._path_so_far
        self.stage = DONE
        self.stream = iter(())

    def finish_generation(self) -> None:
        """Run the generator to its end at full speed (play mode and solving need the whole maze)."""
        while self.stage == GENERATING:
            self.step(1 << 16)

    def rewound(self, steps: int = 1) -> "Run":
        """A new Run standing ``steps`` generation events earlier: the same seed replayed.

        Generators are deterministic, so going back is going forward again from the start; it costs
        one replay, which for the sizes you step through by hand is a blink.
        """
        earlier = Run(self.spec)
        earlier.step(max(0, self.generation_events - steps))
        return earlier

    def solve(self, solver: str = "bfs") -> None:
        """Start (or restart) a solver's animation from entrance to exit, finishing generation first."""
        self.finish_generation()
        self.overlay.clear_solution()
        self.solver = solver
        self.solution = None
        self._path_so_far: list[int] = []
        self.stream = self._recording_path(get_solver(solver).run(self.maze))
        self.stage = SOLVING

    def _recording_path(self, events: Iterator[Event]) -> Iterator[Event]:
        """Pass a solver's events on, keeping its PATH cells: they are its answer."""
        for event in events:
            if event[0] == _PATH:
                self._path_so_far.append(event[1])
            yield event

    def clear_solution(self) -> None:
        self.overlay.clear_solution()
        self.solver = None
        self.solution = None
        if self.stage == SOLVING:
            self.stream = iter(())
            self.stage = DONE
