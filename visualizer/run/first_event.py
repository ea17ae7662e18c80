"""A large maze's first event worked out in a worker thread, while the window goes on drawing.

The bulk generators do their set-up before their first event: Kruskal's shuffle, spanning forest
and union-find (about 3 s at 1000 x 1000), Wilson's shuffle, blobby division's first depth. The
window asks for events within a frame's budget, but it cannot cut one ``next()`` short: it froze
for the whole set-up, deaf to keys. Here the first ``next()`` runs in a thread;
the window keeps its frames (numpy and scipy let go of the interpreter lock, and a Python loop
hands it over every few milliseconds) and takes the event when it is there. Every later event is
asked for straight from the generator, so nothing else pays for the thread.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from itertools import chain

from ..core.events import Event

PREPARE_FROM = 100_000
"""Grids of this many cells or more have their first event worked out in a thread (a smaller
grid's set-up takes less than a frame)."""


class FirstEvent:
    """``events`` with its first ``next()`` run in a worker thread, started by :meth:`ready`.

    Only one thread ever touches the generator at a time: the worker until the first event is
    there, then whoever calls :meth:`rest`. An error in the set-up is raised again by :meth:`rest`,
    in the caller's thread, with its traceback."""

    def __init__(self, events: Iterator[Event]) -> None:
        self._events = events
        self._thread: threading.Thread | None = None
        self._done = threading.Event()
        self._first: list[Event] = []
        """The first event once the worker has it (none: the stream was empty)."""
        self._error: BaseException | None = None

    def ready(self, timeout: float) -> bool:
        """True once :meth:`rest` would not wait for the set-up: starts the worker the first
        time, then waits for it up to ``timeout`` seconds."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="first event", daemon=True)
            self._thread.start()
        return self._done.wait(max(0.0, timeout))

    def _work(self) -> None:
        try:
            self._first.append(next(self._events))
        except StopIteration:
            pass
        except BaseException as error:  # handed to the caller's thread by ``rest``
            self._error = error
        finally:
            self._done.set()

    def rest(self) -> Iterator[Event]:
        """The whole stream, from its first event on: waits for the worker if it has started
        (without one the generator is simply handed over)."""
        if self._thread is None:
            return self._events
        self._done.wait()
        if self._error is not None:
            raise self._error
        return chain(self._first, self._events) if self._first else iter(())


def prepared(events: Iterator[Event], cells: int) -> Iterator[Event] | FirstEvent:
    """``events`` as a :class:`FirstEvent` on a grid of ``cells`` cells large enough to need it."""
    return FirstEvent(events) if cells >= PREPARE_FROM else events
