"""One run of a generator (and then a solver) on one maze: the app's model of "what is happening".

Pure Python: the window drives it (how many events per frame), the renderer draws what it says
changed. Restarting is making a new Run.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import compress, islice
from operator import itemgetter

from ..core.events import PACKED_BYTES, Event, Kind, last_single, singles
from ..core.maze import Maze
from ..solvers import get_solver
from .overlay import Overlay
from .quick_solve import QuickDepthSearch, QuickLog, QuickSearch
from .read_ahead import ReadAhead, next_batch, prepared
from .spec import MazeSpec
from .timeline import INTERVAL, PackedRuns, Timeline

GENERATING, SOLVING, DONE = "generating", "solving", "done"
_CONNECT, _PATH = int(Kind.CONNECT), int(Kind.PATH)
_OUTLASTING = frozenset(int(k) for k in (Kind.PHASE, Kind.CONNECT, Kind.OPEN_FIELD))
"""Display kinds whose effect outlasts the generation; quiet steps still fold these."""
_OUTLASTING_BYTES = tuple(bytes((k,)) for k in sorted(_OUTLASTING))
_CONNECT_BYTE = bytes((_CONNECT,))
_consume: Callable[[Iterable[object]], None] = deque[object](maxlen=0).extend
"""Run an iterator to its end at C speed, keeping nothing."""
_kind_of = itemgetter(0)
_CHANGES_MAZE = bytes(1 if kind < 10 else 0 for kind in range(256))
"""A ``bytes.translate`` table: 1 for the maze-changing kinds (below 10), 0 for display-only ones."""
CHUNK = 256
SWEEP_SLICE = 1 << 16
"""Events of an old solver log freed per ``Run.sweep``."""
"""Events pulled between two looks at the clock."""
MANY_CELLS = 4096
"""Changes to more cells than this at once are drawn as a full redraw, not listed cell by cell."""


PULL_SECONDS = 0.004
"""About how long one pull from the generator may take."""
SEEK_FOLD = 1 << 16
"""A seek folds the overlay parts quiet steps skipped when they are at most this many events
(0.1 - 0.2 s); further, it shows the maze without the generation's marks and idle frames work
them out (``fill_snapshots``): blobby division's 27 million events at 1000 x 1000 took a minute."""
IDLE_FILL = 1 << 20
"""Idle frames store every overlay part quiet steps skipped when they are at most this many
events (1 - 2 s of work), so any seek is quick; more, only those the position shown needs."""


def _next_batch(batch: int, pulled: int, seconds: float) -> int:
    """How many events to pull next, after ``pulled`` took ``seconds``: twice as many as last
    time up to CHUNK, fewer when they would take over PULL_SECONDS."""
    return next_batch(batch, pulled, seconds, CHUNK, PULL_SECONDS)


class Run:
    """A spec being generated event by event, then optionally solved.

    The generation is recorded in a :class:`~visualizer.run.timeline.Timeline` as it goes, so
    :meth:`seek` can show any position again without re-running the generator; stepping after a
    seek back replays the log, and pulls from the generator again once past the log's end.
    ``record=False`` skips the timeline (seeking back then replays from the start); ``interval``
    is the timeline's snapshot spacing (tests use small ones).
    """

    def __init__(self, spec: MazeSpec, record: bool = True, interval: int = INTERVAL,
                 events: Iterator[Event] | None = None) -> None:
        self.spec = spec
        self.grid = spec.checked_grid()
        self.maze = self.spec.new_maze(self.grid)
        self.overlay = Overlay(self.grid, shows_stack=spec.info.shows_stack)
        self.stream: Iterator[Event] = iter(())
        """The solver's events not pulled yet, while solving."""
        self.solver_log: list[Event] = []
        self._trash: list[list] = []
        """Old solver logs being freed a slice a frame (``sweep``)."""
        """The solver's events pulled so far (applied, plus at most one looked ahead at): stepping
        back through a solve re-applies a prefix of them, the solver is not run again."""
        self._solver_exhausted = False
        self.solves = 0
        """Solves started on this run (tells one solve's narration from the next one's)."""
        self._source: Iterator[Event] | ReadAhead = self._new_source() if events is None else events
        """The generator, standing at ``recorded`` events (less those in ``_rest``); or ``events``, the
        same events recorded beforehand (an animation's one run of its generator). On a large grid a
        :class:`ReadAhead` (read in a worker thread, so that no long ``next()`` holds a frame up)."""
        self._batch = 1
        """Events to pull from the generator next (``_next_batch``): a frame looks at its clock
        between pulls, and 256 events can be a lot of work (Kruskal's runs: its whole maze, 0.4 s at
        1000 x 1000; Aldous-Broder's late runs: 2^18 steps of its walk each)."""
        self._rest: list[Event] = []
        """Events pulled from the generator but not yet logged: the end of a packed run cut where
        a step ended (a student at 5 events a second sees its rows one by one), and what came after."""
        self.timeline: Timeline | None = Timeline(self.grid, interval) if record else None
        """None when recording is off (``record=False``): seeking then replays from the start."""
        self.stage = GENERATING
        self.solver: str | None = None
        self.solution: list[int] | None = None
        """The solver's path once it has finished ([] when it found none)."""
        self.applied = 0
        """Events applied so far, generation and solving together, replays after a seek included:
        it only grows, so ``(id(run), applied)`` keys a cache of anything drawn from the state."""
        self.position = 0
        """Generation events the maze and overlay show."""
        self.total: int | None = None
        """Generation events in all, once the generator has ended (None before)."""
        self._pulled = 0
        """Events taken from the generator (``recorded`` when recording)."""
        self._overlay_true = True
        """False after quiet steps: the overlay is not what a straight run would show."""
        self._live = False
        """True while the chunk being folded is new from the generator (not replayed from the log)."""
        self._interval = interval
        self._solver_applied = 0
        self._scratch: Overlay | None = None
        """An overlay for filling skipped display snapshots while idle (see ``fill_snapshots``)."""
        self.maze_version = 0
        """Grows when the maze changes by other means than generation events: a hand edit
        (``run.editing``), or a seek that rebuilt it; with ``position`` it keys what is computed
        from the maze."""

    def _new_source(self) -> Iterator[Event] | ReadAhead:
        return prepared(self.spec.events(self.grid, packed=True), self.grid.size)

    @classmethod
    def showing(cls, spec: MazeSpec, maze: Maze) -> Run:
        """A finished run of ``maze`` itself (an edited maze, a file's): nothing to generate, only
        to solve. Its recipe names it; a seek would build the recipe's maze instead, so none is asked."""
        run = cls(spec, record=False)
        run.grid, run.maze = maze.grid, maze
        run.overlay = Overlay(maze.grid, shows_stack=False)
        run._source = iter(())
        run.total = 0
        run._end_stream()
        return run

    @property
    def recorded(self) -> int:
        """Generation events in the log (the furthest position reached so far)."""
        return self._pulled

    @property
    def phase_marks(self) -> list[tuple[int, str]]:
        """``(position, name)`` of each PHASE event recorded: ``seek(position + 1)`` shows it begun."""
        return self.timeline.phase_marks if self.timeline is not None else []

    @property
    def nbytes(self) -> int:
        """Memory held by the timeline (log and snapshots)."""
        return self.timeline.nbytes if self.timeline is not None else 0

    @property
    def finished(self) -> bool:
        """True once the maze itself is complete (solving may still be running)."""
        return self.stage != GENERATING

    @property
    def idle(self) -> bool:
        return self.stage == DONE

    def _after_connect(self, quiet: bool) -> None:
        """A connect merged two regions: every cell of the absorbed one changes colour (quiet steps
        redraw everything anyway; a large region is redrawn whole rather than listed)."""
        relabelled = self.maze.relabelled
        if len(relabelled):
            if self._live and self.timeline is not None:
                self.timeline.note_merge()
            if quiet:
                return
            if len(relabelled) > MANY_CELLS:
                self.overlay.full_redraw = True
            else:
                self.overlay.dirty.extend(relabelled.tolist())

    def step(self, count: int = 1, deadline: float | None = None, clock: Callable[[], float] = time.perf_counter,
             quiet: bool = False) -> int:
        """Apply up to ``count`` events (stopping early at ``deadline``); returns how many were applied.

        Events are taken a chunk at a time (``islice``, a C loop; or a slice of the log after a seek
        back) and the clock is read once a chunk. ``quiet`` (instant mode) skips the per-event
        annotations of a generation - nobody can see them at that speed - and keeps only what
        outlasts it (phases, connectors); the overlay drops its stale marks when annotating resumes.
        """
        generating = self.stage == GENERATING
        quiet = quiet and generating
        if not quiet and self.overlay.stale:
            self.overlay.drop_stale_marks()
        if generating:
            done = self._generate(count, deadline, clock, quiet)
        else:
            done = self._solve_steps(count, deadline, clock)
        self.applied += done
        return done

    def _generate(self, count: int, deadline: float | None, clock: Callable[[], float], quiet: bool) -> int:
        done = 0
        last: Event | None = None
        timeline = self.timeline
        while done < count:
            want = min(CHUNK, count - done)
            position = self.position
            self._live = live = position >= self._pulled
            if not live:
                assert timeline is not None
                stop = min(position + want, self._pulled)
                events, kinds = timeline.log.events(position, stop), timeline.log.kinds(position, stop)
            elif self.total is not None:
                self._end_stream()
                break
            elif deadline is not None and not self._rest and not self._source_ready(deadline - clock()):
                break  # a large maze's next events are still being read: this frame is drawn without them
            else:
                room = count - done
                if timeline is not None:
                    room = min(room, self._interval - position % self._interval)
                events, kinds, pulled, ended = self._pull(min(want, room), room, wait=deadline is None)
            if not live:
                pulled, ended = len(events), False
            self._fold(events, kinds, quiet)
            if events:
                last = events[-1]
            done += pulled
            self.position = position = position + pulled
            if live:
                self._pulled = position
            if quiet and pulled:
                self._overlay_true = False
            if pulled and timeline is not None and position % self._interval == 0:
                timeline.boundary(position, self.maze, self.overlay if self._overlay_true else None)
            if live and ended:
                self.total = position
                self._end_stream()
                break
            if deadline is not None and clock() >= deadline:
                break
        self._live = False
        if done and self.stage == GENERATING and self.position == self._pulled:
            if self.total is None:
                self._probe_end(wait=deadline is None)  # one event ahead into the log: is this the end?
            if self.total == self.position:
                self._end_stream()  # the last event shows the finished maze at once, as seek does
        if quiet and done:
            self.overlay.mark_stale(last if last is None else last_single(last))
        return done

    def _source_ready(self, timeout: float) -> bool:
        """False while a large maze's next events are still being read in their thread (waited
        for up to ``timeout`` seconds)."""
        source = self._source
        return not isinstance(source, ReadAhead) or source.ready(timeout)

    def _pull(self, want: int, room: int, wait: bool = True) -> tuple[list[Event], bytes, int, bool]:
        """Up to ``want`` events from the generator, logged, with their kinds a byte each, how many
        single events they are and whether the generator has ended. A packed run counts as its rows:
        ``room`` singles at most, a run cut where they end, the rest kept for the next pull. Without
        ``wait`` a stream read in a thread gives only what it has read already."""
        log = self.timeline.log if self.timeline is not None else None
        if self._rest:
            events, self._rest, ended = self._rest, [], False
        else:
            want = min(want, self._batch)
            events, ended = self._read(want, wait)
            try:
                if log is not None:  # the common case: no packed run, one struct.pack_into
                    log.extend(events)
                    return events, log.kinds(self._pulled, self._pulled + len(events)), len(events), ended
                kinds = bytes(map(_kind_of, events))
                if 1 not in kinds.translate(PACKED_BYTES):
                    return events, kinds, len(events), ended
            except PackedRuns:
                pass
            self._batch = max(1, min(self._batch, len(events) * room // max(1, sum(map(singles, events)))))
        events, pulled = self._cut(events, room)
        if log is not None:
            log.extend_runs(events)
        return events, bytes(map(_kind_of, events)), pulled, ended and not self._rest

    def _read(self, want: int, wait: bool) -> tuple[list[Event], bool]:
        """Up to ``want`` events from the source and whether it has ended; the time a pull took
        grows or shrinks the next one (``_next_batch``)."""
        source = self._source
        began = time.perf_counter()
        if isinstance(source, ReadAhead):
            events, ended = source.take(want, wait)
        else:
            events = list(islice(source, want))
            ended = len(events) < want
        self._batch = _next_batch(self._batch, len(events), time.perf_counter() - began)
        return events, ended

    def _cut(self, events: list[Event], room: int) -> tuple[list[Event], int]:
        """The first ``room`` single events of ``events`` (a packed run cut in two if need be) and
        how many they are; what is left waits in ``_rest``."""
        out: list[Event] = []
        taken = 0
        for index, event in enumerate(events):
            size = singles(event)
            if taken + size > room:
                if size > 1 and taken < room:
                    rows, keep = event[3], room - taken
                    out.append((event[0], -1, -1, rows[:keep]))  # type: ignore[index]
                    event, taken = (event[0], -1, -1, rows[keep:]), room  # type: ignore[index]
                self._rest = [event, *events[index + 1:]]
                break
            out.append(event)
            taken += size
        return out, taken

    def _fold(self, events: list[Event], kinds: bytes | bytearray, quiet: bool) -> None:
        """Apply a chunk of generation events to the maze (and the overlay unless ``quiet``).

        ``kinds`` (a byte per event) shows at C speed whether the chunk holds one of the rare
        events that need more than the two closures; if not, ``map`` drives the closures, which
        saves the Python loop's own overhead (a few percent of a quiet run)."""
        maze_apply, overlay_apply = self.maze.apply, self.overlay.apply
        if quiet:
            if any(k in kinds for k in _OUTLASTING_BYTES):
                self._fold_each(events, quiet)
            else:  # only the maze-changing events (a random walk's are mostly display-only ones)
                _consume(map(maze_apply, compress(events, kinds.translate(_CHANGES_MAZE))))
        elif _CONNECT_BYTE in kinds:
            self._fold_each(events, quiet)
        else:
            _consume(map(maze_apply, events))
            _consume(map(overlay_apply, events))

    def _fold_each(self, events: list[Event], quiet: bool) -> None:
        """:meth:`_fold` event by event, for chunks with phases, connectors or an open field."""
        maze_apply, overlay_apply, relabel = self.maze.apply, self.overlay.apply, self._after_connect
        if quiet:
            for event in events:
                maze_apply(event)
                if event[0] in _OUTLASTING:
                    overlay_apply(event)
                    if event[0] == _CONNECT:
                        relabel(True)
        else:
            for event in events:
                maze_apply(event)
                overlay_apply(event)
                if event[0] == _CONNECT:
                    relabel(False)

    def _solve_steps(self, count: int, deadline: float | None, clock: Callable[[], float]) -> int:
        done = 0
        overlay_apply, log = self.overlay.apply, self.solver_log
        while done < count and self.stage == SOLVING:
            position = self._solver_applied
            self._pull_solver(position + min(CHUNK, count - done))
            events = log[position:position + min(CHUNK, count - done)]
            _consume(map(overlay_apply, events))
            self._solver_applied += len(events)
            done += len(events)
            if self.solver_peek() is None:
                self._end_stream()
            if deadline is not None and clock() >= deadline:
                break
        return done

    def _pull_solver(self, wanted: int) -> None:
        """Log the solver's events up to ``wanted`` in all (fewer when it ends first)."""
        missing = wanted - len(self.solver_log)
        if missing > 0 and not self._solver_exhausted:
            pulled = list(islice(self.stream, missing))
            self.solver_log.extend(pulled)
            self._solver_exhausted = len(pulled) < missing

    def solver_event(self, index: int) -> Event | None:
        """The solver's event number ``index`` (pulled into the log if need be), or None past its end."""
        self._pull_solver(index + 1)
        return self.solver_log[index] if index < len(self.solver_log) else None

    def solver_peek(self) -> Event | None:
        """The solver's next event, not applied (None when it has no more)."""
        self._pull_solver(self._solver_applied + 1)
        log = self.solver_log
        return log[self._solver_applied] if self._solver_applied < len(log) else None

    def generation_peek(self, index: int | None = None) -> Event | None:
        """Generation event number ``index`` (default: the next one), read from the log or pulled
        from the generator into it; None past the end."""
        index = self.position if index is None else index
        if self.timeline is None:
            return None
        while index >= self._pulled and self.total is None:
            self._probe_end()
        return self.timeline.log.event(index) if index < self._pulled else None

    def logged_events(self, start: int, stop: int) -> list[Event]:
        """Generation events ``start`` to ``stop`` from the log (those recorded so far)."""
        if self.timeline is None:
            return []
        return self.timeline.log.events(start, min(stop, self._pulled))

    def seek_solver(self, count: int) -> None:
        """Show the solve after its first ``count`` events (re-applied from the solver's log)."""
        if self.solver is None:
            return
        count = max(0, min(count, len(self.solver_log)))
        self.overlay.clear_solution()
        _consume(map(self.overlay.apply, self.solver_log[:count]))
        self._solver_applied = count
        self.solution = None
        self.stage = SOLVING
        if self.solver_peek() is None:
            self._end_stream()
        self.applied += 1

    def _end_stream(self) -> None:
        if self.stage == GENERATING:
            self.overlay.finish()
            self._overlay_true = True  # finishing clears every mark a quiet step could have missed
            self._source, self._rest = iter(()), []
        elif self.stage == SOLVING:
            self.solution = self._trailing_path()
        self.stage = DONE
        self.stream = iter(())

    def _trailing_path(self) -> list[int]:
        """The PATH events every solver ends with (``announce_path``), read back from the end of
        what was applied: the path's length, not the log's (two million events at 1000 x 1000)."""
        log, first = self.solver_log, self._solver_applied
        while first > 0 and log[first - 1][0] == _PATH:
            first -= 1
        return [event[1] for event in log[first:self._solver_applied]]

    def finish_generation(self) -> None:
        """Run the generator to its end at full speed (play mode and solving need the whole maze)."""
        while self.stage == GENERATING:
            self.step(1 << 16)

    # --- moving along the timeline -------------------------------------------------

    def seek(self, position: int) -> int:
        """Show the maze and overlay exactly as a straight (non-quiet) run shows them after
        ``position`` generation events; returns the position reached.

        A shown solution is cleared first. Positions past the log run the generator on; positions
        at or past its end show the finished maze (as ``finish_generation`` leaves it). Restoring
        loads the snapshot at or before ``position`` and folds the rest from the log; the overlay is
        marked for a full redraw.
        """
        if self.solver is not None or self.stage == SOLVING or self.overlay.searched or self.overlay.path_length:
            self.clear_solution()
        target = max(0, position if self.total is None else min(position, self.total))
        if not (self.stage == DONE and target == self.total):
            self._seek_to(target)
        self.applied += 1
        self.overlay.dirty.clear()
        self.overlay.full_redraw = True
        return self.position

    def _seek_to(self, target: int) -> None:
        if not self._can_fold_to(target):
            self._restore(target)
        while self.position < target and self.stage == GENERATING:
            self.step(target - self.position)
        if self.position == self._pulled and self.total is None:
            self._probe_end()
        if target == self.total and self.stage == GENERATING:
            self.step(1)  # nothing left: ends the generation, as a straight run to the end does

    def _probe_end(self, wait: bool = True) -> None:
        """Log one more event (not applied) to learn whether the generator has ended right here
        (without ``wait``, only if a stream read in a thread has it already)."""
        if self.timeline is None:
            return
        _, _, pulled, ended = self._pull(1, 1, wait)
        if pulled:
            self._pulled += pulled
        elif ended:
            self.total = self._pulled
            self._source = iter(())

    def _can_fold_to(self, target: int) -> bool:
        """True when folding forward from where the run stands is cheaper than restoring."""
        if self.stage != GENERATING or not self._overlay_true or self.position > target:
            return False
        if self.timeline is None:
            return True
        return self.position >= self.timeline.snapshot_at_or_before(target)

    def _restore(self, target: int) -> None:
        """Stand at ``target``: the snapshot at or before it, then the log (then the generator)."""
        self.stage = GENERATING
        self.stream = iter(())
        self._overlay_true = True
        self.maze_version += 1  # hand edits, if any, are gone
        if self.timeline is None:
            self._restart()
        else:
            base = self.timeline.snapshot_at_or_before(target)
            if self.timeline.overlay_gap(base) > SEEK_FOLD:
                self.timeline.restore_unmarked(base, self.maze, self.overlay, bytes(sorted(_OUTLASTING)))
                self._overlay_true = False  # until idle frames have worked the marks out
            else:
                self.timeline.restore(base, self.maze, self.overlay)
            self.position = base
        self.overlay.dirty.clear()
        self.step(target - self.position)

    def _restart(self) -> None:
        """Without a timeline, going back is going forward again from the start (the same seed)."""
        self.maze = self.spec.new_maze(self.grid)
        self.overlay = Overlay(self.grid, shows_stack=self.spec.info.shows_stack)
        self._source, self._rest, self._batch = self._new_source(), [], 1
        self.position = self._pulled = 0
        self.total = None

    @property
    def wants_fill(self) -> bool:
        """True while idle frames have display snapshots to store or marks to put back (``fill_snapshots``)."""
        return self.marks_behind or self._fill_upto() > 0

    @property
    def marks_behind(self) -> bool:
        """True while the maze shown lacks the generation's marks a straight run shows there (a
        seek far into quiet steps), until ``fill_snapshots`` has worked them out."""
        return not self._overlay_true and self.stage == GENERATING and self.timeline is not None

    def _fill_upto(self) -> int:
        """The last boundary whose skipped overlay part idle frames are to store: the one the
        position shown needs while its marks are behind, else every one while they are few
        (IDLE_FILL events; 0: none)."""
        timeline = self.timeline
        if timeline is None or not timeline.missing_events:
            return 0
        if self.marks_behind:
            return self.position // self._interval
        return len(timeline.overlay_parts) - 1 if timeline.missing_events <= IDLE_FILL else 0

    def fill_snapshots(self, deadline: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Idle work: store the display snapshots that quiet (instant) steps skipped, on a scratch
        overlay, until ``deadline`` (see ``_fill_upto``); once the position shown has its snapshot,
        its marks are put back (the same picture as a straight run's). True when nothing is left."""
        if self.timeline is None:
            return True
        upto = self._fill_upto()
        if not upto:
            self._scratch = None  # (a fill cut off by a seek that needed none: the scratch is not wanted)
        elif self._scratch is None:
            self._scratch = Overlay(self.grid, shows_stack=self.spec.info.shows_stack)
        while upto and self._scratch is not None and clock() < deadline:
            if self.timeline.fill_some(self._scratch, upto=upto):
                self._scratch = None
        if self._scratch is not None:
            return False
        if self.marks_behind and not self.timeline.overlay_gap(self.position):
            self.seek(self.position)  # the marks, exactly: the snapshot is stored now
        return not self.wants_fill

    @property
    def solver_events(self) -> int:
        """Events the solver on screen has applied (0 when none is shown)."""
        return self._solver_applied if self.solver is not None else 0

    def solve(self, solver: str = "bfs", start: int | None = None, goal: int | None = None) -> None:
        """Start (or restart) a solver's animation from ``start`` to ``goal`` (None: the entrance and
        the exit), finishing generation first."""
        self.finish_generation()
        self._begin_solve(solver, start, goal)
        self.overlay.clear_solution()

    def _begin_solve(self, solver: str, start: int | None, goal: int | None) -> None:
        """A new solve's bookkeeping (its marks are the caller's: wiped, or replaced whole)."""
        self.solver = solver
        self.solves += 1
        self.solver_ends = (self.maze.entrance[0] if start is None else start,
                            self.maze.exit[0] if goal is None else goal)
        """The solve's start and goal cells."""
        self.solution = None
        self._solver_applied = 0
        self._drop_log()
        self._solver_exhausted = False
        self.stream = get_solver(solver).run(self.maze, start, goal)
        self.stage = SOLVING

    def solve_found(self, solver: str, search: QuickSearch | QuickDepthSearch, start: int | None = None,
                    goal: int | None = None) -> None:
        """Show a solve already known whole (``run.quick_solve``), as if its events had all been
        applied: its marks, its path, its events spelled out only if stepping back reads them."""
        self.finish_generation()
        self._begin_solve(solver, start, goal)
        log = QuickLog(search)
        self.solver_log = log  # type: ignore[assignment]  # a list's reading methods, made on demand
        self.stream, self._solver_exhausted = iter(()), True
        self._solver_applied = len(log)
        search.show(self.overlay)
        self.solution = list(search.path)
        self.stage = DONE
        self.applied += 1

    def _drop_log(self) -> None:
        """A new, empty solver log; a long old one is freed a slice at a time by ``sweep`` (freeing
        the two million events of a million cells' solve at once took a quarter of a second)."""
        old = self.solver_log
        if isinstance(old, list) and len(old) > SWEEP_SLICE:
            self._trash.append(old)
        self.solver_log = []

    def discard(self, *lists: list) -> None:
        """Long lists done with, freed a slice a frame by ``sweep`` instead of at once."""
        self._trash.extend(lists)

    def sweep(self) -> None:
        """Free a slice of the old solver logs left to free (a frame's share: a few ms)."""
        if self._trash:
            del self._trash[-1][-SWEEP_SLICE:]
            if not self._trash[-1]:
                self._trash.pop()

    def clear_solution(self, keep_search: bool = False) -> None:
        """No solve on screen any more; ``keep_search`` leaves the search's marks drawn (only the
        path goes) until a re-solve's own replace them, cell by changed cell."""
        if keep_search:
            self.overlay.clear_path(self.solution or [])
        else:
            self.overlay.clear_solution()
        self.solver = None
        self.solution = None
        self._drop_log()
        self._solver_applied = 0
        if self.stage == SOLVING:
            self.stream = iter(())
            self.stage = DONE
