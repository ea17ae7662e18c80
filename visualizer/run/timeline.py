"""A run's generation as a timeline: a compact event log plus snapshots, so any position can be shown
again without re-running the generator.

**Log.** Every ``interval`` (4096) events make a chunk: a numpy record array, kind uint8 and cell,
other, value int32, 13 bytes an event. The run hands each batch it pulls to :meth:`EventLog.extend`,
which packs it at once with one ``struct.pack_into`` (about a thousand machine instructions an
event: most of what recording costs). String values (PHASE names) live in a side table and are -1
in the array. A packed display run (SETS, CURRENTS, WALKS, REJECTS, MIXED) is logged as its single
events, a field at a time in numpy (:meth:`EventLog.extend_runs`), so every position, seek and count is in singles.

**Snapshots.** At every multiple of the interval (a *boundary*) the timeline stores a maze part
(passages, state, region) and an overlay part (mark, set_id, hue, connector and the scalar fields).
A part is usually a *diff*: the values, at the boundary, of the cells the interval's events named as
``cell`` or ``other`` - events change no other cells, but for sets recoloured apart from a touching
set, which the overlay lists (``Overlay.take_recoloured``) - so diffs cost time and memory in
proportion to the events, not to the grid. A *keyframe* (whole arrays) comes instead once the diffs
since the last one name more than half the grid's cells, which bounds a restore to about two keyframes'
worth of writes, or after a CONNECT (its region merge relabels cells it does not name) or an
OPEN_FIELD. Restoring position ``p``: the keyframe at or before ``p``'s boundary, the diffs up to
that boundary, then fewer than ``interval`` events folded from the log.

Measured choices: equal values are stored as one number and int32 columns are narrowed when their
range allows, but nothing is zlib-compressed: for a 1000 x 1000 backtracker, level 1 would shrink
the snapshots from 15 to 4 MB (the log's 26 MB stay) for ~6 % more recording time and a slower
seek, while the 41 MB total is within budget already.
Rooms and phases are not snapshotted: ``Maze.rooms`` only grows, so it is rebuilt from the ROOM
events in the log, and the phase marks are read off the log.

**Quiet steps.** Instant mode skips the overlay (``Run.step(quiet=True)``), so the overlay then is
not what a straight run shows: no overlay part is recorded until a seek makes it true again; maze
parts always are. When a restore needs an overlay part that is missing, it restores the overlay at
the last boundary that has one (the empty start at worst) and folds only the overlay forward
through the log, storing every missing part it passes: the first seek into a stretch of quiet steps
pays for them (about 0.6 us an event), later seeks there are as fast as anywhere.
"""

from __future__ import annotations

import struct
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from ..core.events import PACKED, Event, Kind
from ..core.maze import Maze
from ..grids import Grid
from .overlay import Overlay

INTERVAL = 4096
"""Events per log chunk and between two snapshots (the default): a restore folds fewer than this
many events, each boundary costs a few array gathers."""
EVENT_DTYPE = np.dtype([("kind", "u1"), ("cell", "<i4"), ("other", "<i4"), ("value", "<i4")])
"""One logged event: 13 bytes, packed (no padding)."""
_SIZE = EVENT_DTYPE.itemsize
KEY_SHARE = 0.5
"""A keyframe comes when the diffs since the last one would name more than this share of the cells."""

_ROOM, _PHASE, _SET, _CONNECT, _OPEN_FIELD, _DISPLAY = (
    int(k) for k in (Kind.ROOM, Kind.PHASE, Kind.SET, Kind.CONNECT, Kind.OPEN_FIELD, Kind.CURRENT))
"""``_DISPLAY``: the first display-only kind (every kind below it changes the maze)."""
_consume: Callable[[Iterable[object]], None] = deque[object](maxlen=0).extend
"""Run an iterator to its end at C speed, keeping nothing."""
Values = np.ndarray | int
Write = tuple[str, np.ndarray | None, Values]
"""``(array name, cell ids or None for the whole array, values or one value for all)``."""
MAZE_FRESH: tuple[Write, ...] = (("passages", None, 0), ("state", None, 0), ("region", None, -1))
OVERLAY_FRESH: tuple[Write, ...] = (("mark", None, 0), ("set_id", None, -1), ("hue", None, -1),
                                     ("connector", None, 0))
OVERLAY_FRESH_SCALARS = (-1, "", False, 0, 0)
"""``(current, phase, show_regions, searched, path_length)`` of a new overlay."""


def fill_rows(view: np.ndarray, kind: int, rows: np.ndarray) -> None:
    """Write a packed run's ``rows`` into ``view`` (records of ``EVENT_DTYPE``, as many) as single
    events of ``kind``, a field at a time; a MIXED run's rows (``(k, 4)``) name their own kinds."""
    if kind == Kind.MIXED:
        kind, rows = rows[:, 0], rows[:, 1:]  # type: ignore[assignment]
    view["kind"] = kind
    view["cell"], view["other"], view["value"] = rows[:, 0], rows[:, 1], rows[:, 2]


class PackedRuns(ValueError):
    """A batch holds a packed run (SETS, CURRENTS, ...): it goes through :meth:`EventLog.extend_runs`."""


def pack_events(buffer: bytearray, offset: int, events: Sequence[Event]) -> dict[int, str]:
    """Write events into ``buffer`` at byte ``offset`` in the layout of ``EVENT_DTYPE``; returns
    ``{index: text}`` for the string values (PHASE names), which are written as -1. Raises
    :class:`PackedRuns`, having written nothing that counts, when a packed run is among them."""
    layout = "<" + "B3i" * len(events)
    try:
        struct.pack_into(layout, buffer, offset, *chain.from_iterable(events))
        return {}
    except (struct.error, TypeError):  # a str value or a packed run (an array) in this batch: the rare paths
        if any(e[0] in PACKED for e in events):
            raise PackedRuns("a packed run in the batch") from None
        texts = {i: str(e[3]) for i, e in enumerate(events) if isinstance(e[3], str)}
        plain = ((e[0], e[1], e[2], -1) if i in texts else e for i, e in enumerate(events))
        struct.pack_into(layout, buffer, offset, *chain.from_iterable(plain))
        return texts


def unpack_events(raw: bytes | bytearray) -> np.ndarray:
    """Packed events (:func:`pack_events`) as a read-only record array of ``EVENT_DTYPE`` over a
    copy of ``raw`` (copying the bytes is one memcpy; copying the packed records is one per event)."""
    return np.frombuffer(bytes(raw), dtype=EVENT_DTYPE)


def as_tuples(events: np.ndarray, texts: dict[int, str], offset: int = 0) -> list[Event]:
    """Record-array events as fold-ready tuples, string values put back (``texts`` keys count
    from ``offset``, the index of ``events[0]``)."""
    out = events.tolist()
    for at, text in texts.items():
        if offset <= at < offset + len(out):
            kind, cell, other, _ = out[at - offset]
            out[at - offset] = (kind, cell, other, text)
    return out


class EventLog:
    """Every generation event so far: chunks of ``interval`` events in record arrays, and the
    chunk being filled as packed bytes.

    Each batch the run hands over is packed at once, while its tuples are still in the CPU cache:
    measured, keeping a whole chunk of tuples alive to pack them later costs more.
    """

    def __init__(self, interval: int = INTERVAL) -> None:
        self.interval = interval
        self.chunks: list[np.ndarray] = []
        self.texts: dict[int, dict[int, str]] = {}
        """Chunk index -> {offset in chunk: string value} (PHASE names)."""
        self._tail = bytearray(_SIZE * interval)
        """The chunk being filled, packed as it comes (:func:`pack_events`)."""
        self._count = 0
        self._tail_texts: dict[int, str] = {}
        self._rooms: list[tuple[int, np.ndarray, np.ndarray]] = []
        """``(chunk index, cells, room ids)`` of the ROOM events, for rebuilding ``Maze.rooms``."""
        self._phases: list[tuple[int, str]] = []

    @property
    def pending(self) -> int:
        """Events in the chunk being filled."""
        return self._count

    def __len__(self) -> int:
        return len(self.chunks) * self.interval + self.pending

    def extend(self, events: Sequence[Event]) -> None:
        """Append events, no more than fill the current chunk (the hot path: one ``struct.pack_into``)."""
        if self._count + len(events) > self.interval:
            raise ValueError(f"a chunk holds {self.interval} events: flush before adding more")
        texts = pack_events(self._tail, _SIZE * self._count, events)
        if texts:
            self._tail_texts.update((self._count + i, t) for i, t in texts.items())
        self._count += len(events)

    def extend_runs(self, events: Sequence[Event]) -> None:
        """:meth:`extend` for a batch with packed runs in it: each run is written as the single
        events it holds, in one numpy assignment a field, so the log (and every position read from
        it) counts singles."""
        first = 0
        for index, event in enumerate(events):
            single = PACKED.get(event[0])
            if single is not None:
                if first < index:
                    self.extend(events[first:index])
                self._write_rows(single, event[3])  # type: ignore[arg-type]
                first = index + 1
        if first < len(events):
            self.extend(events[first:])

    def _write_rows(self, kind: int, rows: np.ndarray) -> None:
        """Append ``rows`` (``(k, 3)``: cell, other, value) as ``k`` events of ``kind``; a MIXED
        run's rows (``(k, 4)``) name their own kinds."""
        if self._count + len(rows) > self.interval:
            raise ValueError(f"a chunk holds {self.interval} events: flush before adding more")
        view = np.frombuffer(self._tail, dtype=EVENT_DTYPE, count=len(rows), offset=_SIZE * self._count)
        fill_rows(view, kind, rows)
        del view
        self._count += len(rows)

    def flush(self) -> np.ndarray:
        """Turn the filled tail, exactly one interval long, into a chunk; returns the chunk."""
        if self.pending != self.interval:
            raise ValueError(f"a chunk is {self.interval} events, {self.pending} are pending")
        index = len(self.chunks)
        chunk = unpack_events(self._tail)
        texts, self._tail_texts, self._count = self._tail_texts, {}, 0
        self.chunks.append(chunk)
        if texts:
            self.texts[index] = texts
            start = index * self.interval
            self._phases.extend((start + i, t) for i, t in texts.items() if chunk["kind"][i] == _PHASE)
        rooms = np.flatnonzero(chunk["kind"] == _ROOM)
        if len(rooms):
            self._rooms.append((index, chunk["cell"][rooms], chunk["value"][rooms]))
        return chunk

    def events(self, start: int, stop: int) -> list[Event]:
        """Events ``start`` to ``stop`` (exclusive) as tuples, ready to fold."""
        out: list[Event] = []
        full = len(self.chunks) * self.interval
        while start < stop:
            if start >= full:
                tail = unpack_events(self._tail[(start - full) * _SIZE:(stop - full) * _SIZE])
                out += as_tuples(tail, self._tail_texts, start - full)
                break
            index, offset = divmod(start, self.interval)
            end = min(stop, (index + 1) * self.interval)
            out += as_tuples(self.chunks[index][offset:offset + end - start], self.texts.get(index, {}), offset)
            start = end
        return out

    def kinds(self, start: int, stop: int) -> bytes:
        """The kinds of events ``start`` to ``stop`` as one byte each (every kind is below 256)."""
        full = len(self.chunks) * self.interval
        if start >= full:
            return bytes(self._tail[_SIZE * (start - full):_SIZE * (stop - full):_SIZE])
        parts = []
        while start < stop:
            if start >= full:
                parts.append(self.kinds(start, stop))
                break
            index, offset = divmod(start, self.interval)
            end = min(stop, (index + 1) * self.interval)
            parts.append(self.chunks[index]["kind"][offset:offset + end - start].tobytes())
            start = end
        return b"".join(parts)

    def event(self, position: int) -> Event:
        return self.events(position, position + 1)[0]

    def touched(self, index: int, select: np.ndarray | None = None) -> np.ndarray:
        """Cell ids named (as ``cell`` or ``other``) by chunk ``index``'s events, each once, sorted;
        only by the events ``select`` (a boolean mask over the chunk) picks when given."""
        chunk = self.chunks[index]
        if select is not None:
            chunk = chunk[select]
        cells = np.concatenate((chunk["cell"], chunk["other"]))
        cells.sort()
        keep = np.empty(len(cells), dtype=bool)
        keep[:1] = True
        np.not_equal(cells[1:], cells[:-1], out=keep[1:])
        keep &= cells >= 0
        return cells[keep]

    def rooms(self, chunk_count: int) -> dict[int, list[int]]:
        """``Maze.rooms`` after the first ``chunk_count`` chunks: room id -> cells in event order."""
        found = [(cells, ids) for index, cells, ids in self._rooms if index < chunk_count]
        if not found:
            return {}
        cells = np.concatenate([c for c, _ in found])
        ids = np.concatenate([i for _, i in found])
        order = np.argsort(ids, kind="stable")
        ids, cells = ids[order], cells[order]
        starts = np.flatnonzero(np.concatenate(([True], ids[1:] != ids[:-1])))
        groups = np.split(cells, starts[1:])
        first_event = order[starts]  # insertion order of the dict: each room's first ROOM event
        return {int(ids[starts[g]]): groups[g].tolist() for g in np.argsort(first_event).tolist()}

    @property
    def phase_marks(self) -> list[tuple[int, str]]:
        """``(position, name)`` of every PHASE event logged: position is the event's index, so
        seeking to ``position + 1`` shows the phase begun."""
        full = len(self.chunks) * self.interval
        kinds = np.frombuffer(self._tail, dtype=EVENT_DTYPE)["kind"][:self._count]
        return self._phases + [(full + i, t) for i, t in self._tail_texts.items() if kinds[i] == _PHASE]

    @property
    def nbytes(self) -> int:
        """Bytes held by the chunks and the buffer of the chunk being filled."""
        return sum(c.nbytes for c in self.chunks) + len(self._tail)


@dataclass(frozen=True)
class Part:
    """One track's state at one boundary: a keyframe (whole arrays) or a diff (cells named since
    the previous boundary)."""

    key: bool
    writes: tuple[Write, ...]
    chain: int
    """Cells written by the diffs since the keyframe, this one included: what a restore costs."""
    scalars: tuple = ()


def compact(values: np.ndarray, copy: bool = True) -> Values:
    """``values`` in the least memory that restores them: one number when all are equal, int32
    narrowed to int8 / int16 when the range allows. ``copy``: never return a view of ``values``
    (live arrays go on changing after a snapshot); pass False for values already copied out."""
    if len(values):
        first = values[0]
        if values[-1] == first and (values == first).all():
            return first.item()
        if values.dtype.itemsize == 4:
            low, high = values.min(), values.max()
            for narrow in (np.int8, np.int16):
                info = np.iinfo(narrow)
                if info.min <= low and high <= info.max:
                    return values.astype(narrow)
    return values.copy() if copy else values


def apply_writes(writes: Sequence[Write], targets: dict[str, np.ndarray]) -> None:
    """Copy stored values back into the live arrays, in place (the fold closures hold views)."""
    for name, cells, values in writes:
        if cells is None:
            targets[name][...] = values
        else:
            targets[name][cells] = values


def maze_targets(maze: Maze) -> dict[str, np.ndarray]:
    return {"passages": maze.passages, "state": maze.state, "region": maze.region}


def overlay_targets(overlay: Overlay) -> dict[str, np.ndarray]:
    rows = overlay.connector.reshape(overlay.grid.size, overlay.grid.directions)
    return {"mark": overlay.mark, "set_id": overlay.set_id, "hue": overlay.hue, "connector": overlay.connector,
            "connector_rows": rows}


def overlay_scalars(overlay: Overlay) -> tuple:
    return overlay.current, overlay.phase, overlay.show_regions, overlay.searched, overlay.path_length


class Timeline:
    """The log and the snapshots of one run's generation (see the module docstring)."""

    def __init__(self, grid: Grid, interval: int = INTERVAL) -> None:
        self.grid = grid
        self.interval = interval
        self.log = EventLog(interval)
        self.key_cells = max(self.interval, int(grid.size * KEY_SHARE))
        self.maze_parts: list[Part | None] = [None]
        """Index j: the maze at position ``j * interval`` (index 0, the empty start, is implicit)."""
        self.overlay_parts: list[Part | None] = [None]
        self._merged = False

    @property
    def recorded(self) -> int:
        return len(self.log)

    @property
    def phase_marks(self) -> list[tuple[int, str]]:
        return self.log.phase_marks

    def note_merge(self) -> None:
        """A CONNECT being logged relabelled a whole region: the next maze part is a keyframe.

        (Listing the relabelled cells instead costs more: a dungeon's connect phase relabels the
        growing main region at nearly every CONNECT.)"""
        self._merged = True

    # --- recording -----------------------------------------------------------------

    def boundary(self, position: int, maze: Maze, overlay: Overlay | None) -> None:
        """The run stands at a multiple of the interval: pack the log's tail if it is new and store
        the parts still missing there (``overlay`` None: it is not what a straight run shows)."""
        index = position // self.interval
        touched = None
        if index > len(self.log.chunks):
            self.log.flush()
            self.maze_parts.append(None)
            self.overlay_parts.append(None)
            if overlay is not None:  # both parts at once: one set of cells, shared
                touched = self.log.touched(index - 1)
            self._record_maze(index, maze, touched)
        if overlay is not None:
            if self.overlay_parts[index] is None:
                self._record_overlay(index, overlay, touched)
            else:  # stored already: recolourings from here on are what the next part needs
                overlay.take_recoloured()

    def _record_maze(self, index: int, maze: Maze, touched: np.ndarray | None) -> None:
        chunk = self.log.chunks[index - 1]
        cells = touched
        if cells is None:  # only the maze: the cells of maze-changing events are enough
            cells = self.log.touched(index - 1, chunk["kind"] < _DISPLAY)
        previous = self.maze_parts[index - 1]
        chain_cells = (previous.chain if previous is not None else 0) + len(cells)
        bulk, self._merged = self._merged or bool((chunk["kind"] == _OPEN_FIELD).any()), False
        if bulk or chain_cells > self.key_cells:
            targets = maze_targets(maze).items()
            keyframe: tuple[Write, ...] = tuple((name, None, compact(array)) for name, array in targets)
            self.maze_parts[index] = Part(True, keyframe, 0)
        else:
            writes = tuple((name, cells, compact(array[cells], copy=False))
                           for name, array in maze_targets(maze).items())
            self.maze_parts[index] = Part(False, writes, chain_cells)

    def _record_overlay(self, index: int, overlay: Overlay, touched: np.ndarray | None = None) -> None:
        previous = self.overlay_parts[index - 1]
        broken = index > 1 and previous is None
        if touched is None:
            touched = self.log.touched(index - 1)
        recoloured = overlay.take_recoloured()
        chain_cells = (previous.chain if previous is not None else 0) + len(touched)
        if recoloured is not None:
            chain_cells += len(recoloured)
        scalars = overlay_scalars(overlay)
        if broken or recoloured is None or chain_cells > self.key_cells:
            self.overlay_parts[index] = Part(True, self._overlay_keyframe(overlay), 0, scalars)
            return
        writes: list[Write] = [("mark", touched, compact(overlay.mark[touched], copy=False))]
        kinds = self.log.chunks[index - 1]["kind"]
        if (kinds == _SET).any():
            cells = self.log.touched(index - 1, kinds == _SET)  # one index array for both writes
            writes.append(("set_id", cells, compact(overlay.set_id[cells], copy=False)))
            writes.append(("hue", cells, compact(overlay.hue[cells], copy=False)))
            recoloured = np.setdiff1d(recoloured, cells, assume_unique=True)
        if len(recoloured):
            recoloured = recoloured.astype(np.int32)
            writes.append(("hue", recoloured, compact(overlay.hue[recoloured], copy=False)))
        if (kinds == _CONNECT).any():
            cells = self.log.touched(index - 1, kinds == _CONNECT)
            rows = overlay_targets(overlay)["connector_rows"]
            writes.append(("connector_rows", cells, rows[cells]))
        self.overlay_parts[index] = Part(False, tuple(writes), chain_cells, scalars)

    @staticmethod
    def _overlay_keyframe(overlay: Overlay) -> tuple[Write, ...]:
        writes: list[Write] = [("mark", None, compact(overlay.mark)), ("set_id", None, compact(overlay.set_id)),
                               ("hue", None, compact(overlay.hue)), ("connector", None, 0)]
        connectors = np.flatnonzero(overlay.connector)
        if len(connectors):
            writes.append(("connector", connectors.astype(np.int32), 1))
        return tuple(writes)

    # --- restoring -----------------------------------------------------------------

    def snapshot_at_or_before(self, position: int) -> int:
        """The latest position not after ``position`` that :meth:`restore` can restore."""
        return min(position - position % self.interval, len(self.log.chunks) * self.interval)

    def restore(self, position: int, maze: Maze, overlay: Overlay) -> None:
        """Put ``maze`` and ``overlay`` in their state at ``position``, a multiple of the interval
        not past the log's last full chunk."""
        index = self._restore_maze(position, maze)
        if self.overlay_parts[index] is None and index > 0:
            self._fill_overlay(index, overlay)
        else:
            self._restore_overlay(index, overlay)
        overlay.last = self.log.event(position - 1) if position else None

    def restore_unmarked(self, position: int, maze: Maze, overlay: Overlay, outlasting: bytes) -> None:
        """:meth:`restore`, but for the overlay only what outlasts a generation's steps (the events
        whose kinds are in ``outlasting``: phases, connectors) and no marks or sets: what quiet steps
        leave on screen. Costs no fold of the skipped overlay parts (``overlay_gap``), which a seek
        far into a stretch of quiet steps would wait seconds for."""
        index = self._restore_maze(position, maze)
        start = self._last_stored(index)
        self._restore_overlay(start, overlay)
        wanted = np.zeros(256, dtype=bool)
        wanted[list(outlasting)] = True
        for chunk in range(start, index):
            for at in np.flatnonzero(wanted[self.log.chunks[chunk]["kind"]]).tolist():
                overlay.apply(self.log.event(chunk * self.interval + at))
        overlay.drop_stale_marks()
        overlay.last = self.log.event(position - 1) if position else None

    def _restore_maze(self, position: int, maze: Maze) -> int:
        """Put ``maze`` in its state at ``position`` (see :meth:`restore`); returns its boundary."""
        index = position // self.interval
        if position % self.interval or index > len(self.log.chunks):
            raise ValueError(f"no snapshot at position {position}")
        self._restore_track(self.maze_parts, index, maze_targets(maze), MAZE_FRESH)
        maze.rooms = self.log.rooms(index)
        maze.relabelled = np.empty(0, dtype=np.intp)
        return index

    def overlay_gap(self, position: int) -> int:
        """Events to fold before the overlay at ``position``'s boundary can be restored: 0 when its
        part is stored, else as many as there are since the last boundary that has one."""
        index = position // self.interval
        return (index - self._last_stored(index)) * self.interval

    def _last_stored(self, index: int) -> int:
        """The last boundary at or before ``index`` whose overlay part is stored (0: the empty start)."""
        while index > 0 and self.overlay_parts[index] is None:
            index -= 1
        return index

    @staticmethod
    def _restore_track(parts: list[Part | None], index: int, targets: dict[str, np.ndarray],
                       fresh: tuple[Write, ...]) -> tuple:
        """Apply the keyframe at or before ``index`` and the diffs after it; returns the scalars."""
        chain_parts: list[Part] = []
        while index > 0:
            part = parts[index]
            assert part is not None, "a diff always follows a stored part"
            chain_parts.append(part)
            if part.key:
                break
            index -= 1
        if not chain_parts or not chain_parts[-1].key:
            apply_writes(fresh, targets)
        for part in reversed(chain_parts):
            apply_writes(part.writes, targets)
        return chain_parts[0].scalars if chain_parts else OVERLAY_FRESH_SCALARS

    def _restore_overlay(self, index: int, overlay: Overlay) -> None:
        scalars = self._restore_track(self.overlay_parts, index, overlay_targets(overlay), OVERLAY_FRESH)
        overlay.current, overlay.phase, overlay.show_regions, overlay.searched, overlay.path_length = scalars
        overlay.stale = False
        overlay.restored()

    def _fill_overlay(self, index: int, overlay: Overlay) -> None:
        """Fold the overlay alone from the last boundary that has a part up to ``index``, storing
        the parts on the way (they were skipped by quiet steps)."""
        start = self._last_stored(index)
        self._restore_overlay(start, overlay)
        for chunk in range(start, index):
            _consume(map(overlay.apply, self.log.events(chunk * self.interval, (chunk + 1) * self.interval)))
            overlay.dirty.clear()
            self._record_overlay(chunk + 1, overlay)

    def missing_overlay(self) -> int:
        """The first boundary whose overlay part quiet steps skipped, or 0 when none is missing."""
        try:
            return self.overlay_parts.index(None, 1)
        except ValueError:
            return 0

    @property
    def missing_events(self) -> int:
        """Events whose overlay parts quiet steps skipped: what filling them all would fold."""
        return (self.overlay_parts.count(None) - 1) * self.interval  # (index 0, the start, is implicit)

    def fill_some(self, scratch: Overlay, chunks: int = 4, upto: int | None = None) -> bool:
        """Store up to ``chunks`` skipped overlay parts (of boundaries up to ``upto``, all when
        None), folding ``scratch`` (never the overlay on screen): done while the window is idle, so
        a later seek is as quick as any. Returns True when none of them is missing any more."""
        last = len(self.overlay_parts) - 1 if upto is None else min(upto, len(self.overlay_parts) - 1)
        index = self.missing_overlay()
        if not index or index > last:
            return True
        self._fill_overlay(min(last, index + chunks - 1), scratch)
        index = self.missing_overlay()
        return not index or index > last

    @property
    def nbytes(self) -> int:
        """Bytes held by the log and the snapshots (arrays shared by two parts counted once)."""
        seen: dict[int, int] = {}
        for part in self.maze_parts + self.overlay_parts:
            if part is None:
                continue
            for _, cells, values in part.writes:
                for array in (cells, values):
                    if isinstance(array, np.ndarray):
                        seen[id(array)] = array.nbytes
        return self.log.nbytes + sum(seen.values())
