"""SVG path text for very many points at once: coordinates written as ``svg.num`` writes them (at
most two decimals, no trailing zeros), digit by digit with numpy instead of one Python string a
number, so a wall outline of millions of points costs array work, not millions of f-strings.

A number is a row of bytes with zero bytes where it has no digit; the rows of a run of points
(``M`` or ``L``, x, a space, y) are laid side by side and the zero bytes dropped, leaving the text.
"""

from __future__ import annotations

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


PATH_BREAK = b'"/>\n<path d="'
"""What comes between two path lines' points (the first begins the chunk's text, the last ends it)."""


def paths_text(xy: np.ndarray, starts: np.ndarray) -> str:
    """``<path d="M x y L x y ..."/>`` lines for the (x, y) rows of ``xy``, a line starting at each
    row where ``starts`` is True (the first row must be one), as one string: the lines' breaks are
    bytes of the rows too, so no Python string is made a line (1.5 million of them at 2000 x 2000)."""
    count = len(xy)
    head = len(PATH_BREAK)
    rows = np.zeros((count, head + 2 * WIDTH + 2), dtype=np.uint8)
    breaks = starts.copy()
    breaks[:1] = False
    rows[breaks, :head] = np.frombuffer(PATH_BREAK, dtype=np.uint8)
    rows[:, head] = np.where(starts, ord("M"), ord("L"))
    rows[:, head + 1:head + WIDTH + 1] = number_bytes(xy[:, 0])
    rows[:, head + WIDTH + 1] = ord(" ")
    rows[:, head + WIDTH + 2:] = number_bytes(xy[:, 1])
    return '<path d="' + rows[rows != 0].tobytes().decode("ascii") + '"/>\n' if count else ""


def polyline_paths(batches: Iterable[tuple[np.ndarray, np.ndarray]], points_of: Callable[[np.ndarray], np.ndarray],
                   shift: tuple[float, float]) -> Iterator[str]:
    """``<path d="M.. L.."/>`` lines, one a polyline, a chunk of them at a time: ``batches`` gives
    the corner numbers of a few polylines one after another and each one's length
    (``Chains.batches``); ``points_of(numbers)`` gives their (n, 2) points, ``shift`` is added to each."""
    for numbers, lengths in batches:
        yield batch_paths(numbers, lengths, points_of, shift)


def batch_paths(numbers: np.ndarray, lengths: np.ndarray, points_of, shift: tuple[float, float]) -> str:
    """The path lines of a few polylines (see ``polyline_paths``)."""
    xy = points_of(numbers) + np.asarray(shift)
    first = np.zeros(len(xy), dtype=bool)
    first[np.cumsum(lengths) - lengths] = True
    return paths_text(xy, first)
