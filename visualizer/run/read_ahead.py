"""A large maze's stream read in a worker thread where its reads are long, while the window draws.

A window asks for events within a frame's budget, but it cannot cut one ``next()`` short: a bulk
generator's set-up (Kruskal's shuffle, spanning forest and union-find, about 3 s at 1000 x 1000)
or one long step later on (a depth of blobby division's race over a million cells, 0.1 - 0.4 s;
a batch of Aldous-Broder's walk) froze the window, deaf to keys. So the first event is worked out
in a thread, and a stream that has once taken LONG_READ seconds of CPU for one read is read by a
worker thread from then on: a frame takes what is there by its deadline and is drawn without the
rest (numpy and scipy let go of the interpreter lock, and a Python loop hands it over every few
milliseconds). A stream of quick steps (the backtracker's) is read by the window itself: two
threads of Python share one interpreter lock, and handing events between them cost the
backtracker twice its time at 1000 x 1000.

A worker reads while it holds fewer than AHEAD events (about a frame's worth at instant speed):
each is a tuple every full garbage collection looks at (0.2 s with 200,000 held), and the window
draws while it reads. It stops soon after the reader is dropped (a restart), at the end of the
``next()`` it is in.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections import deque
from collections.abc import Iterator
from itertools import islice

from ..core.events import Event, singles

READ_AHEAD_FROM = 100_000
"""Grids of this many cells or more are read this way (a smaller grid's longest step takes less
than a frame)."""
LONG_READ = 0.1
"""CPU seconds of one read that hand the stream to a worker thread for good."""
AHEAD = 1 << 14
"""Events a worker may hold that nobody has taken yet."""
AHEAD_ROWS = 1 << 20
"""... and single events in all (a packed run counts its rows)."""
CHUNK_SECONDS = 0.002
"""About how long the worker reads before it hands a chunk over."""
LARGEST_CHUNK = 256
QUICK_CHUNKS = 8
"""Chunks after the first (the set-up) in which a stream that has no long read is given back."""


def next_batch(batch: int, pulled: int, seconds: float, largest: int, budget: float) -> int:
    """How many events to read next, after ``pulled`` took ``seconds``: twice as many as last
    time (``batch``) up to ``largest``, fewer when they would take over ``budget`` seconds."""
    in_time = largest if seconds <= 0 else int(pulled * budget / seconds)
    return max(1, min(largest, 2 * batch, in_time))


class _Shared:
    """What a worker and the reader share; a worker holds only this, never the reader, so
    dropping the reader stops the worker."""

    def __init__(self, events: Iterator[Event]) -> None:
        self.events = events
        self.chunks: deque[list[Event]] = deque()
        self.held = 0
        """Events in ``chunks``."""
        self.rows = 0
        """Single events in ``chunks``."""
        self.ended = False
        self.error: BaseException | None = None
        self.reading = False
        """True while a worker may call ``next()``: nobody else may then."""
        self.for_good = False
        """True once a worker reads the stream to its end (it has met a long read)."""
        self.closed = False
        self.changed = threading.Condition()

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def work(self) -> None:
        """Read chunks while there is room, until the end, an error or ``closed``. A worker that
        has met no long read in QUICK_CHUNKS chunks after its first (the set-up) gives the
        generator back to the reader: the stream is a quick one."""
        size, after_first = 1, 0
        try:
            while self._wait_for_room():
                chunk: list[Event] = []
                began, cpu = time.perf_counter(), time.thread_time()
                try:
                    chunk.extend(islice(self.events, size))  # keeps what came before an error
                except BaseException as error:  # handed to the reader's thread by ``take``
                    self.error = error
                seconds = time.perf_counter() - began
                if after_first and time.thread_time() - cpu > LONG_READ:
                    self.for_good = True
                if self._hand_over(chunk, size):
                    break
                size = next_batch(size, len(chunk), seconds, LARGEST_CHUNK, CHUNK_SECONDS)
                after_first += 1
                if after_first > QUICK_CHUNKS and not self.for_good:
                    break
        finally:
            with self.changed:
                self.reading = False
                self.changed.notify_all()

    def _hand_over(self, chunk: list[Event], size: int) -> bool:
        """Put ``chunk`` (of ``size`` asked for) where the reader takes it; True at the end."""
        with self.changed:
            if chunk:
                self.chunks.append(chunk)
                self.held += len(chunk)
                self.rows += sum(map(singles, chunk))
            self.ended = self.error is not None or len(chunk) < size
            self.changed.notify_all()
            return self.ended

    def _wait_for_room(self) -> bool:
        """Wait until there is room for more events; False once closed."""
        with self.changed:
            while not self.closed and (self.held >= AHEAD or self.rows >= AHEAD_ROWS):
                self.changed.wait()
            return not self.closed

    def take_held(self, want: int) -> list[Event]:
        """Up to ``want`` of the events held (the lock is held)."""
        out: list[Event] = []
        while self.chunks and len(out) < want:
            chunk = self.chunks.popleft()
            keep = want - len(out)
            if len(chunk) > keep:
                self.chunks.appendleft(chunk[keep:])
                chunk = chunk[:keep]
            self.held -= len(chunk)
            self.rows -= sum(map(singles, chunk))
            out.extend(chunk)
        self.changed.notify_all()  # room again for a worker
        return out


class ReadAhead:
    """``events``, its first event worked out in a worker thread when a frame first asks
    (:meth:`ready`), then read by the caller until one read takes LONG_READ, then by a worker for
    good. Only one thread at a time calls ``next()``. An error raised by the generator in a
    worker is raised again by :meth:`take`, in the caller's thread, with its traceback, after
    the events that came before it."""

    def __init__(self, events: Iterator[Event]) -> None:
        self._shared = _Shared(events)
        self._started = False
        self.worker: threading.Thread | None = None
        """The last worker started."""
        weakref.finalize(self, self._shared.close)

    def _spawn(self, for_good: bool) -> None:
        """A worker thread to read the stream (``for_good``: to its end), started while nobody
        reads it."""
        shared = self._shared
        with shared.changed:
            shared.reading, shared.for_good = True, for_good
        self._started = True
        self.worker = threading.Thread(target=shared.work, name="read ahead", daemon=True)
        self.worker.start()

    @property
    def threaded(self) -> bool:
        """True once a worker reads the stream to its end."""
        return self._shared.for_good

    def ready(self, timeout: float) -> bool:
        """True once :meth:`take` would not wait for a worker (an event or the end is there, or
        the caller reads the stream itself), waiting up to ``timeout`` seconds; the first call
        starts the worker that works out the first event."""
        if not self._started:
            self._spawn(for_good=False)
        shared = self._shared
        with shared.changed:
            return shared.changed.wait_for(lambda: bool(shared.chunks) or not shared.reading, max(0.0, timeout))

    def take(self, want: int, wait: bool) -> tuple[list[Event], bool]:
        """Up to ``want`` events and whether the stream has ended after them. While a worker
        reads, ``wait`` waits for all ``want`` (or the end), otherwise only what is there already
        is taken; with nobody reading, the caller reads. The generator's error is raised by the
        take that finds nothing before it."""
        shared = self._shared
        with shared.changed:
            if wait and shared.reading:
                self._wait_for(want)
            out = shared.take_held(want)
            ended = shared.ended and not shared.chunks
            if ended and shared.error is not None:
                if out:
                    return out, False
                raise shared.error
            if out or ended or shared.reading:
                return out, ended
        return self._read_here(want)

    def _wait_for(self, want: int) -> None:
        """Wait until ``want`` events are held, the end or the worker stops (the lock is held)."""
        shared = self._shared
        shared.changed.wait_for(lambda: shared.held >= want or shared.ended or not shared.reading)

    def _read_here(self, want: int) -> tuple[list[Event], bool]:
        """Read in the caller's thread; a long read hands the rest of the stream to a worker."""
        began = time.thread_time()
        events = list(islice(self._shared.events, want))
        ended = len(events) < want
        if ended:
            self._shared.ended = True
        elif time.thread_time() - began > LONG_READ:
            self._spawn(for_good=True)
        return events, ended


def prepared(events: Iterator[Event], cells: int) -> Iterator[Event] | ReadAhead:
    """``events`` as a :class:`ReadAhead` on a grid of ``cells`` cells large enough to need it."""
    return ReadAhead(events) if cells >= READ_AHEAD_FROM else events
