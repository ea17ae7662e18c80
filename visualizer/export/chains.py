"""Segments joined into as few polylines as the graph allows, for the SVG's walls and outlines.

First a walk from each vertex of odd degree (each ends at another odd vertex), until every vertex
has even degree left; what remains are closed tours, spliced into the walks where they touch them
(Hierholzer), and closed polylines of their own where they touch none. A closed polyline repeats
its first vertex at the end.

The tables are flat arrays of 4-byte numbers (a vertex's segments are one run of ``incident``),
not dicts of lists: millions of wall segments cost tens of megabytes, and the polylines come one
at a time (``Chains.lines``), so they are written as they are found and never all held.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Iterator

import numpy as np

CODES = {"b": np.int8, "i": np.int32, "q": np.int64}
"""A Python ``array``'s type code -> the numpy type of its items."""


def compact(values: np.ndarray, code: str = "i") -> array:
    """Whole numbers as a Python ``array`` (1, 4 or 8 bytes each, where a list holds a 36-byte int
    object each), copied once (through ``bytes`` it was twice: 64 MB more for a large maze's table)."""
    out = array(code, [0]) * len(values)
    if len(values):
        np.frombuffer(out, dtype=CODES[code])[:] = values
    return out


class Chains:
    """The polylines covering segments ``starts[i]``-``ends[i]`` (vertex keys, any whole numbers)."""

    def __init__(self, starts: np.ndarray, ends: np.ndarray) -> None:
        self._index([np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64)])  # copies: numbered in place

    @classmethod
    def taking(cls, edges: list[np.ndarray]) -> "Chains":
        """The chains of ``[starts, ends]`` (int64 arrays the chains may overwrite), emptying the list
        as the tables are built: the arrays go as soon as they are read (tens of MB on a large maze)."""
        chains = cls.__new__(cls)
        chains._index(edges)
        return chains

    def _index(self, edges: list[np.ndarray]) -> None:
        """The tables from both ends of every segment, ``edges = [starts, ends]`` taken out of the list
        so that no caller keeps them alive. The keys are numbered in place, a band of key values at a
        time (a sort of all of them, its order and its copy took three times the keys), then each
        vertex's segments are placed by counting, a block of segments at a time, in segment order."""
        ends = edges.pop()
        starts = edges.pop()
        count = len(starts)
        code = "i" if 2 * count < 2**31 else "q"
        names = np.empty(2 * count, dtype=np.int64)  # as long as it could need: only what is written is memory
        first = np.zeros(2 * count + 1, dtype=CODES[code])
        numbered = 0
        low = min(int(starts.min()), int(ends.min())) if count else 0
        starts -= low  # every key >= 0 now, so a number written over a key (-1 - number) is never taken for one
        ends -= low
        for lo, hi in key_bands(starts, ends):
            keys = np.concatenate([piece[(piece >= lo) & (piece < hi)] for piece in _pieces(starts, ends)])
            keys.sort()
            new = np.ones(len(keys), dtype=bool)
            new[1:] = keys[1:] != keys[:-1]
            heads = np.flatnonzero(new)
            band = keys[heads]
            names[numbered:numbered + len(band)] = band + low
            first[numbered + 1:numbered + len(band) + 1] = np.diff(np.append(heads, len(keys)))
            del keys, new, heads
            _number(starts, ends, lo, hi, band, numbered)
            numbered += len(band)
        self.names = names[:numbered]
        """Vertex number -> its key (sorted: numbers follow the keys' order)."""
        a = numbers_array(starts, code)
        del starts  # each side's keys go as soon as its numbers are copied (64 MB each at 2000 x 2000 hex)
        b = numbers_array(ends, code)
        del ends
        first = first[:numbered + 1]
        np.cumsum(first, out=first)
        self.incident = _incident(a, b, first, code)
        """Each vertex's segments in segment order, one run after another."""
        if count:  # in place: a copy of the xor beside both sides was 64 MB more at the peak
            np.bitwise_xor(np.frombuffer(a, dtype=CODES[code]), np.frombuffer(b, dtype=CODES[code]),
                           out=np.frombuffer(a, dtype=CODES[code]))
        del b
        self.ends = a
        """Each segment's two vertex numbers, xor'ed: the end that is not ``k`` is ``k ^ ends[e]``
        (half the memory of both ends)."""
        self.first = compact(first, code)
        self.count = count

    def __len__(self) -> int:
        return self.count

    def lines(self) -> Iterator[array]:
        """Each polyline as vertex numbers (``names`` gives their keys), walks first, then closed tours."""
        for piece in self._lines(whole=False):
            assert isinstance(piece, array)
            yield piece

    def batches(self, points: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """The polylines of ``lines`` a few at a time: their vertex numbers one after another, at
        least ``points`` of them (but the last batch), and each one's length. When no tour is
        spliced into a walk (a perfect maze's walls), the walks are sliced from the array they were
        written into: a Python step a polyline was a tenth of a large hex SVG's time."""
        pieces = self._lines(whole=True)
        head = next(pieces, None)
        if isinstance(head, tuple):
            yield from _sliced(*head, points)
            return
        batch, lengths = array(self.first.typecode), []
        for line in itertools.chain([head] if head is not None else [], pieces):
            assert isinstance(line, array)
            batch.extend(line)
            lengths.append(len(line))
            if len(batch) >= points:
                yield _numbers(batch), np.array(lengths, dtype=np.int64)
                batch, lengths = array(self.first.typecode), []
        if lengths:
            yield _numbers(batch), np.array(lengths, dtype=np.int64)

    def _lines(self, whole: bool) -> Iterator[array | tuple[array, array]]:
        """``lines``; ``whole``: when there are no tours, all the walks at once, as the array they
        were written into and where each ends (``bounds``, from 0)."""
        incident, first = self.incident, self.first
        used = bytearray(self.count)
        degree = _degrees(np.frombuffer(first, dtype=CODES[first.typecode]))
        left = compact(degree, "b" if degree.dtype == np.int8 else first.typecode)
        # Every walk, one after another, in an array made once: a walk joins two odd vertices, so
        # the segments and one start a walk are room enough (grown as it filled, the copies left
        # behind took 40 MB more than the walks of a 2000 x 2000 hex maze).
        walk_count = int(np.count_nonzero(degree & 1)) // 2
        walks = array(first.typecode, [0]) * (self.count + walk_count)
        taken = array(left.typecode, [0]) * len(left)
        """How far into its run each vertex's segments are known to be used."""
        ends = self.ends

        def take(k: int) -> int:
            """An unused segment at vertex ``k`` (marked used) and the vertex at its other end, or -1."""
            i, end = first[k] + taken[k], first[k + 1]
            while i < end and used[incident[i]]:
                i += 1
            taken[k] = i - first[k]
            if i == end:
                return -1
            e = incident[i]
            used[e] = 1
            other = k ^ ends[e]
            left[k] -= 1
            left[other] -= 1
            return other

        def tour(k: int) -> list[int]:
            """A closed tour from ``k`` over every unused segment it reaches (all degrees even)."""
            stack, circuit = [k], []
            while stack:
                nxt = take(stack[-1])
                if nxt >= 0:
                    stack.append(nxt)
                else:
                    circuit.append(stack.pop())
            return circuit[::-1]

        bounds = array("q", [0]) * (walk_count + 1)  # where each walk ends in ``walks`` (a list: 36 bytes a walk)
        walked = _walk_all(_odd_vertices(degree), (first, incident, ends, used), walks, bounds)
        del bounds[walked + 1:]
        # Every degree left is even now: what remains are closed tours, spliced where they touch a walk.
        still = np.frombuffer(left, dtype=degree.dtype)
        if self.count:
            _unused(_numbers(first), _numbers(incident), np.frombuffer(used, dtype=np.uint8), still)
        leftover = bool(still.any())
        if whole and not leftover:
            yield walks, bounds
            return
        for begin, end in zip(bounds, bounds[1:]):
            if not leftover:
                yield walks[begin:end]
                continue
            out = array(first.typecode)
            for k in walks[begin:end]:
                if left[k]:
                    out.extend(tour(k))
                else:
                    out.append(k)
            yield out
        for k in _nonzero(still) if leftover else ():
            if left[k]:
                yield array(first.typecode, tour(k))

    def keys(self) -> Iterator[list[int]]:
        """Each polyline as vertex keys."""
        for line in self.lines():
            yield self.names[np.frombuffer(line, dtype=np.int32 if line.itemsize == 4 else np.int64)].tolist()


def _walk_all(starts: Iterator[int], tables: tuple, walks: array, bounds: array) -> int:
    """Walk from each of ``starts`` that still has an odd count of unused segments, taking at each
    vertex its first unused segment until none is left, one walk after another into ``walks``
    (``bounds[n]``: where walk ``n`` ends). The steps of ``Chains.lines``'s ``take`` in one loop of
    local names, the counts left to each vertex made after it in bulk (``_unused``): a call, a
    closure's lookups and two counts a wall were a third of a large hex SVG's time. Returns how
    many walks were made."""
    first, incident, ends, used = tables
    at = walked = 0
    for k in starts:
        i, end, free = first[k], first[k + 1], 0
        while i < end:
            free += not used[incident[i]]
            i += 1
        if not free % 2:
            continue
        walks[at] = k
        while True:
            i, end = first[k], first[k + 1]
            while i < end and used[incident[i]]:
                i += 1
            if i == end:
                break
            e = incident[i]
            used[e] = 1
            k ^= ends[e]
            at += 1
            walks[at] = k
        at += 1
        walked += 1
        bounds[walked] = at
    return walked


def _numbers(values: array) -> np.ndarray:
    """An array of whole numbers seen as numpy (no copy)."""
    dtype = CODES[values.typecode]
    return np.frombuffer(values, dtype=dtype) if len(values) else np.zeros(0, dtype=dtype)


def _sliced(walks: array, bounds: array, points: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The walks a batch at a time (see ``Chains.batches``): the fewest whole walks from where the
    last batch ended that hold ``points`` vertices, or all that are left."""
    ends, numbers = _numbers(bounds), _numbers(walks)
    j, count = 0, len(ends) - 1
    while j < count:
        k = min(max(int(np.searchsorted(ends, ends[j] + points)), j + 1), count)
        yield numbers[ends[j]:ends[k]], np.diff(ends[j:k + 1])
        j = k


def _unused(first: np.ndarray, incident: np.ndarray, used: np.ndarray, out: np.ndarray) -> None:
    """Each vertex's unused segments, counted into ``out`` a block of vertices at a time."""
    for s in range(0, len(out), SCAN_BLOCK):
        stop = min(s + SCAN_BLOCK, len(out))
        lo, hi = first[s], first[stop]
        taken = np.add.reduceat(used[incident[lo:hi]], first[s:stop] - lo, dtype=np.int64)
        out[s:stop] -= taken.astype(out.dtype)


BAND_KEYS = 1 << 20
"""Segment ends numbered together, on average (a band of key values)."""
PLACE_BLOCK = 1 << 18
"""Segments placed in their vertices' runs at once."""


def key_bands(starts: np.ndarray, ends: np.ndarray) -> list[tuple[int, int]]:
    """Ranges ``[low, high)`` of key values, in order, that cover every key, each about BAND_KEYS
    of them if the keys spread evenly (lattice keys do: they are corner positions)."""
    if not len(starts):
        return []
    low = min(int(starts.min()), int(ends.min()))
    high = max(int(starts.max()), int(ends.max())) + 1
    bands = max(1, 2 * len(starts) // BAND_KEYS)
    cuts = [low + (high - low) * k // bands for k in range(bands + 1)]
    return [(lo, hi) for lo, hi in zip(cuts, cuts[1:]) if hi > lo]


def _pieces(*sides: np.ndarray) -> Iterator[np.ndarray]:
    """Each array a PLACE_BLOCK of values at a time, as views (a whole array's masks were 8 MB each)."""
    for side in sides:
        for start in range(0, len(side), PLACE_BLOCK):
            yield side[start:start + PLACE_BLOCK]


def _number(starts: np.ndarray, ends: np.ndarray, lo: int, hi: int, band: np.ndarray, numbered: int) -> None:
    """Write over the keys from ``lo`` to ``hi`` their vertex numbers (``-1 - number``; ``band`` is
    those keys sorted, numbered from ``numbered``), a block at a time, in the keys' own arrays (a
    loop here kept its last block, a view of the ends, alive: 64 MB held through the tables)."""
    for piece in _pieces(starts, ends):
        inside = (piece >= lo) & (piece < hi)
        piece[inside] = -1 - (np.searchsorted(band, piece[inside]) + numbered)


def numbers_array(side: np.ndarray, code: str) -> array:
    """The vertex numbers written over one side's keys (``-1 - number``), as a compact array."""
    np.negative(side, out=side)
    side -= 1
    return compact(side, code)


def _incident(a: array, b: array, first: np.ndarray, code: str) -> array:
    """Each vertex's segments (``first[v]`` on), in segment order: a stable counting sort of the ends
    ``a[0], b[0], a[1], b[1]...``, a block of segments at a time, written straight into the array."""
    out = array(code, [0]) * (len(a) + len(b))
    placed = np.frombuffer(out, dtype=CODES[code]) if len(out) else np.zeros(0, dtype=CODES[code])
    a_of, b_of = (np.frombuffer(side, dtype=CODES[code]) if len(side) else placed[:0] for side in (a, b))
    cursor = first[:-1].copy()
    for start in range(0, len(a_of), PLACE_BLOCK):
        stop = min(len(a_of), start + PLACE_BLOCK)
        ends = np.empty(2 * (stop - start), dtype=a_of.dtype)
        ends[0::2], ends[1::2] = a_of[start:stop], b_of[start:stop]
        order = np.argsort(ends, kind="stable")
        ordered = ends[order]
        new = np.ones(len(ordered), dtype=bool)
        new[1:] = ordered[1:] != ordered[:-1]
        heads = np.flatnonzero(new)
        rank = np.arange(len(ordered)) - heads[np.cumsum(new) - 1]
        placed[cursor[ordered] + rank] = (order >> 1) + start
        cursor[ordered[heads]] += np.diff(np.append(heads, len(ordered))).astype(cursor.dtype)
    return out


SCAN_BLOCK = 1 << 16
"""Vertices looked through at once for those a walk or tour starts at (as Python numbers: a list
of every odd vertex of a 2000 x 2000 maze took 80 MB)."""


def _degrees(first: np.ndarray) -> np.ndarray:
    """Each vertex's segment count from where its run starts (``first``), a byte each when every
    count fits one, made a block at a time (whole, the int32 difference was 32 MB at the peak)."""
    count = len(first) - 1
    blocks = range(0, count, SCAN_BLOCK)
    top = max((int(np.diff(first[s:s + SCAN_BLOCK + 1]).max()) for s in blocks), default=0)
    out = np.empty(count, dtype=np.int8 if top < 128 else first.dtype)
    for s in blocks:
        out[s:s + SCAN_BLOCK] = np.diff(first[s:s + SCAN_BLOCK + 1])
    return out


def _odd_vertices(degree: np.ndarray) -> Iterator[int]:
    """The vertices of odd degree, in order, a block at a time."""
    for start in range(0, len(degree), SCAN_BLOCK):
        yield from (np.flatnonzero(degree[start:start + SCAN_BLOCK] & 1) + start).tolist()


def _nonzero(values: np.ndarray) -> Iterator[int]:
    """The positions of the non-zero values, in order, a block at a time."""
    for start in range(0, len(values), SCAN_BLOCK):
        yield from (np.flatnonzero(values[start:start + SCAN_BLOCK]) + start).tolist()


def chain(starts: np.ndarray, ends: np.ndarray) -> list[list[int]]:
    """Join segments (pairs of vertex keys) into as few polylines as possible, every segment once
    (see the module's description)."""
    return list(Chains(np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64)).keys())
