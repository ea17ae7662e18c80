"""A generation recorded once, compactly, so that an animation runs its generator once, not twice.

An animation spreads its frames evenly over the run's events, so it must know how many there are
before the first frame: it used to run the generator to count them, then again for the frames (at
2000 x 2000 each run was a quarter of the export's CPU). Here the counting run keeps its events in
the timeline's compact form (``timeline.pack_events``: 13 bytes an event, a packed run's rows as
its single events, PHASE names beside), and the frames are folded from that record, each block let
go once it has been handed over. A run whose record would pass ``budget`` bytes (a long random walk)
is only counted, and its frames come from the generator again, as before.
"""

from __future__ import annotations

import struct
import zlib
from collections import deque
from collections.abc import Iterable, Iterator
from itertools import chain, islice

import numpy as np

from ..core.events import PACKED, Event, singles
from ..run.spec import MazeSpec
from ..run.timeline import EVENT_DTYPE, PackedRuns, as_tuples, fill_rows, pack_events

PULL = 256
"""Events taken from the generator at once (as ``Run`` does): batches of 4096 tuples were a quarter
slower to make, their tuples no longer in the CPU's cache."""
BLOCK = 16384
"""Events packed into one block before it is squeezed (``squeeze``'s numpy work is per block)."""
RECORD_BYTES = 32 << 20
"""The most a record may hold (squeezed): a 2000 x 2000 backtracker's 8 million events take 7 - 8 MB,
a random walk's many more. The record and a frame's styling tables are held together."""


class Recording:
    """The number of single events a spec's generation makes (``record``) and, when they fit
    ``budget`` bytes, the events themselves (``replay``)."""

    def __init__(self, spec: MazeSpec, budget: int = RECORD_BYTES) -> None:
        self.spec = spec
        self.budget = budget
        self.events = 0
        """Single events in the generation (packed runs counted as their rows), once recorded."""
        self.blocks: deque[tuple[bytes, dict[int, str]]] | None = deque()
        """The events a block at a time, with each block's string values by index; None past the budget."""
        self._kept = 0

    def record(self) -> int:
        """Run the generator once: count its events, keeping them while they fit the budget."""
        source = self.spec.events(self.spec.make_grid(), packed=True)
        buffer = bytearray(EVENT_DTYPE.itemsize * BLOCK)
        filled, texts = 0, dict[int, str]()
        for batch in iter(lambda: list(islice(source, PULL)), []):
            if self.blocks is None:
                self.events += sum(map(singles, batch))
                continue
            try:
                found = pack_events(buffer, EVENT_DTYPE.itemsize * filled, batch)
            except PackedRuns:  # a packed run's rows go in as their single events, a block of their own
                self._keep(np.frombuffer(buffer, dtype=EVENT_DTYPE, count=filled), texts)
                self._keep(*_with_runs(batch))
                filled, texts = 0, {}
                continue
            texts.update((filled + at, text) for at, text in found.items())
            filled += len(batch)
            if filled + PULL > BLOCK:
                self._keep(np.frombuffer(buffer, dtype=EVENT_DTYPE, count=filled), texts)
                filled, texts = 0, {}
        if self.blocks is not None:
            self._keep(np.frombuffer(buffer, dtype=EVENT_DTYPE, count=filled), texts)
        return self.events

    def _keep(self, events: np.ndarray, texts: dict[int, str]) -> None:
        """Count ``events`` and keep them squeezed, or let the record go once it passes the budget."""
        self.events += len(events)
        if self.blocks is None or not len(events):
            return
        block = squeeze(events), texts
        self._kept += len(block[0])
        if self._kept > self.budget:
            self.blocks = None  # too many to keep: the replay runs the generator again
        else:
            self.blocks.append(block)

    @property
    def kept(self) -> bool:
        return self.blocks is not None

    def replay(self) -> Iterator[Event]:
        """The generation's events in order, once: the record's (each block let go as it is handed
        over), or the generator's own when they did not fit. Lazy: it may be made before ``record``."""
        return chain.from_iterable(self._sources())

    def _sources(self) -> Iterator[Iterable[Event]]:
        if self.blocks is None:
            yield self.spec.events(self.spec.make_grid(), packed=True)
            return
        blocks = self.blocks
        while blocks:
            squeezed, texts = blocks.popleft()
            yield as_tuples(unsqueeze(squeezed), texts)


def squeeze(events: np.ndarray) -> bytes:
    """Record-array events in a few bytes each: ``cell`` as its step from the previous event's
    ``other`` and ``other`` as its step from ``cell`` (a walk's next event starts where the last one
    led: mostly 0 and a neighbour's offset), every column in the narrowest integers that hold it,
    then deflated (``unsqueeze`` reverses it exactly)."""
    cell, other = events["cell"].astype(np.int64), events["other"].astype(np.int64)
    start = cell.copy()
    start[1:] -= other[:-1]
    columns = (events["kind"], start, other - cell, events["value"])
    parts = [struct.pack("<I", len(events))]
    for column in columns:
        narrow = column.astype(narrowest(column))
        parts += [narrow.dtype.str.encode("ascii").ljust(4), narrow.tobytes()]
    return zlib.compress(b"".join(parts), 1)


def narrowest(column: np.ndarray) -> np.dtype:
    """The smallest signed integer type holding every value of ``column`` (unsigned bytes stay so)."""
    if column.dtype == np.uint8 or not len(column):
        return column.dtype
    low, high = int(column.min()), int(column.max())
    return next(np.dtype(t) for t in ("<i1", "<i2", "<i4", "<i8")
                if np.iinfo(t).min <= low and high <= np.iinfo(t).max)


def unsqueeze(data: bytes) -> np.ndarray:
    """The record array ``squeeze`` was given."""
    raw = zlib.decompress(data)
    count, offset = struct.unpack_from("<I", raw)[0], 4
    columns = []
    for _ in range(4):
        dtype = np.dtype(raw[offset:offset + 4].decode("ascii").strip())
        columns.append(np.frombuffer(raw, dtype=dtype, count=count, offset=offset + 4))
        offset += 4 + dtype.itemsize * count
    kind, start, step, value = columns
    events = np.empty(count, dtype=EVENT_DTYPE)
    events["kind"], events["value"] = kind, value
    lead = start.astype(np.int64)
    lead[1:] += step[:-1]  # cell[i] = cell[i - 1] + step[i - 1] + start[i]
    cell = np.cumsum(lead)
    events["cell"], events["other"] = cell, cell + step
    return events


def record_block(batch: list[Event]) -> tuple[np.ndarray, dict[int, str]]:
    """``batch`` as a record array of ``EVENT_DTYPE`` (packed runs as their single events) and its
    string values by index."""
    buffer = bytearray(EVENT_DTYPE.itemsize * len(batch))
    try:
        texts = pack_events(buffer, 0, batch)
        return np.frombuffer(buffer, dtype=EVENT_DTYPE), texts
    except PackedRuns:
        return _with_runs(batch)


def _with_runs(batch: list[Event]) -> tuple[np.ndarray, dict[int, str]]:
    """A batch holding packed runs: the single events between them packed as they are, each run's
    rows written a field at a time."""
    parts: list[np.ndarray] = []
    texts: dict[int, str] = {}
    done, first = 0, 0
    for index, event in enumerate([*batch, None]):
        single = None if event is None else PACKED.get(event[0])
        if event is not None and single is None:
            continue
        if first < index:
            plain, plain_texts = record_block(batch[first:index])
            texts.update((done + at, text) for at, text in plain_texts.items())
            parts.append(plain)
            done += len(plain)
        if event is not None:
            rows = event[3]
            run = np.empty(len(rows), dtype=EVENT_DTYPE)  # type: ignore[arg-type]
            fill_rows(run, single, rows)  # type: ignore[arg-type]
            parts.append(run)
            done += len(run)
        first = index + 1
    return (np.concatenate(parts) if parts else np.empty(0, dtype=EVENT_DTYPE)), texts
