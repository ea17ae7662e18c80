"""Plain-text tables: the one way the commands line up their columns (stats, lab, play --records)."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def aligned(rows: Sequence[Sequence[str]], right: Collection[int]) -> list[str]:
    """Columns two spaces apart, padded to the widest cell; columns in ``right`` (numbers) right-aligned,
    the others left-aligned; no trailing spaces."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                      for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in rows]
