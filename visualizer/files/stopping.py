"""How a signal ends the program: quietly, with its status, and with nothing half written.

Ctrl+C (SIGINT), ``kill`` (SIGTERM) and a closed terminal (SIGHUP) all become one exception,
``KeyboardInterrupt`` or its subclass ``Stopped``, so every ``except KeyboardInterrupt`` and every
clean-up that runs on it (a temporary file removed, a worker pool stopped) treats them alike, and the
command line turns it into the status a shell expects (128 + the signal's number). A second signal
while the first is being handled ends the process at once, as if it had no handler: a clean-up that
hangs never keeps it alive. A signal that was ignored when the program started (``nohup``) stays
ignored, and one some other program's code handles stays handled.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") \
    else (signal.SIGTERM,)
"""Signals that end a command as Ctrl+C does (SIGINT keeps Python's own handler: KeyboardInterrupt)."""
SIGNAL_BASE = 128
"""A process ended by signal N reports 128 + N, as shells do."""


class Stopped(KeyboardInterrupt):
    """The program was asked to stop by ``signum`` (SIGTERM, SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(err: KeyboardInterrupt) -> int:
    """128 + the signal's number: 130 for Ctrl+C, 143 for SIGTERM, 129 for SIGHUP."""
    return SIGNAL_BASE + getattr(err, "signum", signal.SIGINT)


def die_now(signum: int) -> None:
    """End the process by ``signum`` with no handler: no clean-up, no traceback."""
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


Handler = Callable[[int, FrameType | None], Any]


def _raising_handler() -> Handler:
    stopping: list[int] = []

    def handler(signum: int, _frame: FrameType | None) -> None:
        if stopping:  # the second signal: the clean-up of the first is not waited for
            die_now(signum)
        stopping.append(signum)
        raise Stopped(signum)

    return handler


def _ours(current: object) -> bool:
    """A signal this module may handle: one at its default action (not ignored, not someone else's)."""
    return current == signal.SIG_DFL


@contextmanager
def stops_raise() -> Iterator[None]:
    """Within: SIGTERM and SIGHUP raise ``Stopped`` in the main thread. The handlers found are put back
    on leaving (a test calling the command line many times leaves the process as it was)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    handler = _raising_handler()
    previous = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}
    try:
        for sig, old in previous.items():
            if _ours(old):
                signal.signal(sig, handler)
        yield
    finally:
        for sig, old in previous.items():
            if _ours(old):
                signal.signal(sig, old)


class Deferred:
    """Signals noted instead of raised, so that a loop can end itself its own way (the window closes as
    if its close button were pressed, saving the game); ``signum`` is the first one received, which the
    loop checks each time round (``notify``, when given, is called at once as well)."""

    def __init__(self, notify: Callable[[], object] | None = None) -> None:
        self.signum: int | None = None
        self._notify = notify

    def __call__(self, signum: int, _frame: FrameType | None) -> None:
        if self.signum is not None:  # asked twice: the loop did not end, so it is not waited for
            raise Stopped(signum) if signum != signal.SIGINT else KeyboardInterrupt()
        self.signum = signum
        if self._notify is not None:
            self._notify()

    def raise_if_stopped(self) -> None:
        """After the loop: the signal that ended it, as the exception the command line reports."""
        if self.signum == signal.SIGINT:
            raise KeyboardInterrupt()
        if self.signum is not None:
            raise Stopped(self.signum)


@contextmanager
def stops_deferred(notify: Callable[[], object] | None = None) -> Iterator[Deferred]:
    """Within: SIGINT, SIGTERM and SIGHUP are noted (and ``notify`` called) instead of raised; the second
    one raises."""
    import threading

    deferred = Deferred(notify)
    if threading.current_thread() is not threading.main_thread():
        yield deferred
        return
    signals = (signal.SIGINT, *STOP_SIGNALS)
    previous = {sig: signal.getsignal(sig) for sig in signals}
    taken = [sig for sig, old in previous.items() if old == signal.SIG_DFL or old is signal.default_int_handler
             or getattr(old, "__module__", None) == __name__]  # never an ignored signal nor another's handler
    try:
        for sig in taken:
            signal.signal(sig, deferred)
        yield deferred
    finally:
        for sig in taken:
            signal.signal(sig, previous[sig])


def worker_signals() -> None:
    """A worker process's set-up: Ctrl+C is the parent's to handle (it stops the pool), SIGTERM and
    SIGHUP end the worker at once (the parent's handler, inherited through fork, would print a traceback
    per worker); the parent stops its pool on any of them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
