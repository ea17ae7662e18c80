"""Reading an untrusted file warily: bounded in size, depth and message length.

``read_regular`` opens without blocking (a FIFO in the save's place must not hang the game),
refuses anything that is not a regular file (a link to ``/dev/zero`` or ``/dev/urandom`` is never
read) and reads at most ``limit + 1`` bytes whatever ``st_size`` says. ``json_depth`` measures the
bracket nesting outside strings with numpy before ``json.loads`` (which recurses) ever sees it.
``one_line`` and ``short`` keep every message one line and short.
"""

from __future__ import annotations

import os
import reprlib
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: the lesson command's --help stays fast

MAX_DEPTH = 64
"""Deepest bracket nesting a save may have: a real save nests 6 deep (save, maze, rooms, room,
cells, cell); 64 leaves room for any later format and stays far below Python's recursion limit."""
MAX_MESSAGE = 200
"""Longest message (characters) shown for a refused file."""
_CHUNK = 1 << 20


class NotRegular(OSError):
    """The path is a FIFO, a device, a directory...: not a file a save can be."""


class TooLarge(OSError):
    """The file holds more than the limit."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (links followed), at most ``limit`` of them.

    NotRegular for anything else, TooLarge past ``limit``; other OSErrors as the system gives them.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegular("not a regular file")
        parts: list[bytes] = []
        got = 0
        while got <= limit:
            part = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not part:
                break
            parts.append(part)
            got += len(part)
        if got > limit:
            raise TooLarge("the file is too large")
        return b"".join(parts)
    finally:
        os.close(fd)


def json_depth(data: bytes) -> int:
    """The deepest nesting of ``[``/``{`` outside JSON strings, with numpy only (no Python loop per
    byte, no recursion): a quote counts unless an odd run of backslashes comes just before it, and a
    bracket is inside a string when an odd number of counting quotes come before it."""
    raw = np.frombuffer(data, dtype=np.uint8)
    quotes = np.flatnonzero(raw == ord('"'))
    slashes = np.flatnonzero(raw == ord("\\"))
    if len(quotes) and len(slashes):
        starts = np.flatnonzero(np.diff(slashes, prepend=-2) != 1)  # index in slashes where each run starts
        run_of = np.searchsorted(slashes, quotes - 1, side="right") - 1  # the slash at or before quote - 1
        valid = run_of >= 0
        touching = valid & (slashes[np.maximum(run_of, 0)] == quotes - 1)
        run_start = slashes[starts[np.searchsorted(starts, np.maximum(run_of, 0), side="right") - 1]]
        escaped = touching & ((quotes - run_start) % 2 == 1)
        quotes = quotes[~escaped]
    opening = np.flatnonzero((raw == ord("[")) | (raw == ord("{")))
    closing = np.flatnonzero((raw == ord("]")) | (raw == ord("}")))
    if not len(opening):
        return 0
    opening = opening[np.searchsorted(quotes, opening) % 2 == 0]
    closing = closing[np.searchsorted(quotes, closing) % 2 == 0]
    events = np.concatenate([opening, closing])
    steps = np.concatenate([np.ones(len(opening), np.int64), -np.ones(len(closing), np.int64)])
    steps = steps[np.argsort(events, kind="stable")]
    return int(np.cumsum(steps).max(initial=0))


_repr = reprlib.Repr()
_repr.maxlevel = 2
_repr.maxlist = _repr.maxdict = _repr.maxtuple = _repr.maxset = 4
_repr.maxstring = _repr.maxother = 40
_repr.maxlong = 24


def short(value: Any) -> str:
    """A repr of untrusted data that stays short: long lists, strings and numbers are cut."""
    return _repr.repr(value)


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line, cut to ``limit`` characters (an ellipsis marks the cut)."""
    flat = " ".join(text[: limit * 4].split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
