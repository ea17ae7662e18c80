"""One run of a generator (and then a solver) on one maze: the app's model of "what is happening".

Pure Python: the window drives it (how many events per frame), the renderer draws what it says
changed. Restarting is making a new Run.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator

from .events import Event, Kind
from .maze import Maze
from .overlay import Overlay
from .solvers import get_solver
from .spec import MazeSpec

GENERATING, SOLVING, DONE = "generating", "solving", "done"
_CONNECT = int(Kind.CONNECT)


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
            self.overlay.dirty.update(self.maze.relabelled.tolist())

    def step(self, count: int = 1, deadline: float | None = None, clock: Callable[[], float] = time.perf_counter) -> int:
        """Apply up to ``count`` events (stopping early at ``deadline``); returns how many were applied."""
        generating = self.stage == GENERATING
        done = 0
        maze_apply, overlay_apply, relabel = self.maze.apply, self.overlay.apply, self._after_connect
        stream = self.stream
        while done < count:
            try:
                event = next(stream)
            except StopIteration as stop:
                self._end_stream(stop.value)
                break
            maze_apply(event)
            overlay_apply(event)
            if event[0] == _CONNECT:
                relabel()
            done += 1
            if deadline is not None and done & 255 == 0 and clock() >= deadline:
                break
        self.applied += done
        if generating:
            self.generation_events += done
        return done

    def _end_stream(self, result: object = None) -> None:
        if self.stage == GENERATING:
            self.overlay.finish()
        elif self.stage == SOLVING:
            self.solution = list(result or [])
        self.stage = DONE
        self.stream = iter(())

    def finish_generation(self) -> None:
        """Run the generator to its end at full speed (play mode and solving need the whole maze)."""
        while self.stage == GENERATING:
            self.step(1 << 16)

    def solve(self, solver: str = "bfs") -> None:
        """Start (or restart) a solver's animation from entrance to exit, finishing generation first."""
        self.finish_generation()
        self.overlay.clear_solution()
        self.solver = solver
        self.solution = None
        self.stream = get_solver(solver).run(self.maze)
        self.stage = SOLVING

    def clear_solution(self) -> None:
        self.overlay.clear_solution()
        self.solver = None
        self.solution = None
        if self.stage == SOLVING:
            self.stream = iter(())
            self.stage = DONE
