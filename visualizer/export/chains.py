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

from array import array
from collections.abc import Iterator

import numpy as np


def compact(values: np.ndarray, code: str = "i") -> array:
    """Whole numbers as a Python ``array`` (4 or 8 bytes each, where a list holds a 36-byte int
    object each)."""
    dtype = np.int32 if code == "i" else np.int64
    return array(code, np.ascontiguousarray(values, dtype=dtype).tobytes())


def interleaved(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """``starts[0], ends[0], starts[1], ends[1]...`` as one int64 array."""
    out = np.empty(2 * len(starts), dtype=np.int64)
    out[0::2], out[1::2] = starts, ends
    return out


class Chains:
    """The polylines covering segments ``starts[i]``-``ends[i]`` (vertex keys, any whole numbers)."""

    def __init__(self, starts: np.ndarray, ends: np.ndarray) -> None:
        self._index([interleaved(starts, ends)])

    @classmethod
    def taking(cls, edges: list[np.ndarray]) -> "Chains":
        """The chains of ``[starts, ends]``, emptying the list as soon as they are read (the caller's
        arrays can go before the tables are built: tens of MB on a large maze)."""
        chains = cls.__new__(cls)
        held = [interleaved(*edges)]
        edges.clear()
        chains._index(held)
        return chains

    def _index(self, held: list[np.ndarray]) -> None:
        """The tables from both ends of every segment (``ends_at[2i]``, ``ends_at[2i + 1]``), taken
        out of the list ``held`` so that no caller keeps it alive while it is sorted (a copy of it
        is made on the way: 64 MB more at the peak of a 2000 x 2000 maze)."""
        ends_at = held.pop()
        count = len(ends_at) // 2
        code = "i" if 2 * count < 2**31 else "q"
        order = np.argsort(ends_at, kind="stable").astype(np.int32 if code == "i" else np.int64, copy=False)
        ends_at = ends_at[order]
        new = np.ones(len(ends_at), dtype=bool)
        new[1:] = ends_at[1:] != ends_at[:-1]
        self.names = ends_at[new]
        """Vertex number -> its key (sorted: numbers follow the keys' order)."""
        del ends_at
        first = np.flatnonzero(np.append(new, True))
        numbers = np.empty(len(order), dtype=np.int32 if code == "i" else np.int64)
        numbers[order] = np.cumsum(new, dtype=numbers.dtype) - 1
        del new
        order >>= 1
        self.incident = compact(order, code)
        """Each vertex's segments in segment order, one run after another."""
        del order
        self.a, self.b = compact(numbers[0::2], code), compact(numbers[1::2], code)
        """The vertex numbers at each segment's two ends."""
        del numbers
        self.first = compact(first, code)
        self.degree = np.diff(first).astype(np.int32 if code == "i" else np.int64)
        self.count = count

    def __len__(self) -> int:
        return self.count

    def lines(self) -> Iterator[array]:
        """Each polyline as vertex numbers (``names`` gives their keys), walks first, then closed tours."""
        incident, a, b, first = self.incident, self.a, self.b, self.first
        used = bytearray(self.count)
        walks = array(first.typecode)  # every walk, one after another (compact: all are held)
        cursor = array(first.typecode, first)
        left = compact(self.degree, first.typecode)

        def take(k: int) -> int:
            """An unused segment at vertex ``k`` (marked used) and the vertex at its other end, or -1."""
            i, end = cursor[k], first[k + 1]
            while i < end and used[incident[i]]:
                i += 1
            cursor[k] = i
            if i == end:
                return -1
            e = incident[i]
            used[e] = 1
            other = b[e] if a[e] == k else a[e]
            left[k] -= 1
            left[other] -= 1
            return other

        def walk(k: int) -> None:
            """Walk from ``k`` while there is a segment to take, onto the end of ``walks``."""
            walks.append(k)
            while (k := take(k)) >= 0:
                walks.append(k)

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

        bounds = array("q", [0])  # where each walk ends in ``walks`` (a list: 36 bytes a walk)
        for start in _odd_vertices(self.degree):
            if left[start] % 2:
                walk(start)
                bounds.append(len(walks))
        # Every degree left is even now: what remains are closed tours, spliced where they touch a walk.
        still = np.frombuffer(left, dtype=np.int32 if left.itemsize == 4 else np.int64)
        leftover = bool(still.any())
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


SCAN_BLOCK = 1 << 16
"""Vertices looked through at once for those a walk or tour starts at (as Python numbers: a list
of every odd vertex of a 2000 x 2000 maze took 80 MB)."""


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
