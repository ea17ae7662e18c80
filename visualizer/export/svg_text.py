"""SVG path text for very many points at once: coordinates written as ``svg.num`` writes them (at
most two decimals, no trailing zeros), digit by digit with numpy instead of one Python string a
number, so a wall outline of millions of points costs array work, not millions of f-strings.

A number is a row of bytes with zero bytes where it has no digit; the rows of a run of points
(``M`` or ``L``, x, a space, y) are laid side by side and the zero bytes dropped, leaving the text.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator

import numpy as np

INTEGER_DIGITS = 9
"""Digits before the point, at most (a drawing is far smaller than a billion units)."""
WIDTH = INTEGER_DIGITS + 4
"""Bytes of one number: its sign, its whole part, the point and two decimals."""
CHUNK_POINTS = 1 << 16
"""Points formatted together: the arrays of one chunk are a few megabytes whatever the maze's size
(at 1 << 18 they were a hundred, a quarter of a 2000 x 2000 maze's peak)."""
_POWERS = 10 ** np.arange(INTEGER_DIGITS - 1, -1, -1, dtype=np.int64)


def hundredths(values: np.ndarray) -> np.ndarray:
    """Each value in whole hundredths, rounded as ``f"{v:.2f}"`` rounds it: by numpy, but a value
    whose hundredfold lands within a hair of a half (where the product's own rounding could tip it)
    is rounded by Python's formatting, exactly."""
    scaled = values * 100
    out = np.rint(scaled).astype(np.int64)
    near_half = np.flatnonzero(np.abs(scaled - np.floor(scaled) - 0.5) < 1e-6)
    for i in near_half.tolist():
        out[i] = round(float(f"{values[i]:.2f}") * 100)
    return out


def number_bytes(values: np.ndarray) -> np.ndarray:
    """(len(values), WIDTH) uint8: each value's text, zero bytes where it has no digit
    (``f"{v:.2f}"`` without trailing zeros: 12, -12.5, 12.25; a value that rounds to 0 is "0")."""
    signed = hundredths(np.asarray(values, dtype=np.float64))
    whole, fraction = np.divmod(np.abs(signed), 100)
    out = np.zeros((len(signed), WIDTH), dtype=np.uint8)
    out[:, 0] = np.where(signed < 0, ord("-"), 0)
    digits = (whole[:, None] // _POWERS) % 10
    shown = whole[:, None] >= _POWERS
    shown[:, -1] = True  # 0 is written "0"
    out[:, 1:INTEGER_DIGITS + 1] = np.where(shown, digits + 48, 0)
    tenths, last = np.divmod(fraction, 10)
    point = INTEGER_DIGITS + 1
    out[:, point] = np.where(fraction > 0, ord("."), 0)
    out[:, point + 1] = np.where(fraction > 0, tenths + 48, 0)
    out[:, point + 2] = np.where(last > 0, last + 48, 0)
    return out


def points_text(xy: np.ndarray, starts: np.ndarray) -> tuple[str, np.ndarray]:
    """``M x y`` where ``starts`` is True, else ``L x y``, for each (x, y) row of ``xy``, as one
    string, and the offset in it where each point's text begins (one more at the end)."""
    count = len(xy)
    rows = np.zeros((count, 2 * WIDTH + 2), dtype=np.uint8)
    rows[:, 0] = np.where(starts, ord("M"), ord("L"))
    rows[:, 1:WIDTH + 1] = number_bytes(xy[:, 0])
    rows[:, WIDTH + 1] = ord(" ")
    rows[:, WIDTH + 2:] = number_bytes(xy[:, 1])
    kept = rows != 0
    offsets = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(kept.sum(axis=1), out=offsets[1:])
    return rows[kept].tobytes().decode("ascii"), offsets


def polyline_paths(lines: Iterable[array], points_of: Callable[[np.ndarray], np.ndarray],
                   shift: tuple[float, float]) -> Iterator[str]:
    """``<path d="M.. L.."/>`` lines, one a polyline (an array of corner numbers), a chunk of them
    at a time; ``points_of(numbers)`` gives their (n, 2) points, ``shift`` is added to each."""
    batch: array | None = None
    lengths: list[int] = []
    for line in lines:
        if batch is None:
            batch = array(line.typecode)
        batch.extend(line)
        lengths.append(len(line))
        if len(batch) >= CHUNK_POINTS:
            yield batch_paths(numbers_of(batch), lengths, points_of, shift)
            batch, lengths = None, []
    if batch is not None:
        yield batch_paths(numbers_of(batch), lengths, points_of, shift)


def numbers_of(values: array) -> np.ndarray:
    """An array of whole numbers seen as numpy (no copy)."""
    return np.frombuffer(values, dtype=np.int32 if values.itemsize == 4 else np.int64)


def batch_paths(numbers: np.ndarray, lengths: list[int], points_of, shift: tuple[float, float]) -> str:
    """The path lines of a few polylines (see ``polyline_paths``)."""
    xy = points_of(numbers) + np.asarray(shift)
    bounds = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=bounds[1:])
    first = np.zeros(len(xy), dtype=bool)
    first[bounds[:-1]] = True
    text, offsets = points_text(xy, first)
    at = offsets[bounds].tolist()
    return "".join(f'<path d="{text[a:b]}"/>\n' for a, b in zip(at, at[1:]))
