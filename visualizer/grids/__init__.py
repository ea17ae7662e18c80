"""Grid types and their registry. Each module holds one type and everything that differs by kind.

Adding a grid type is one module (a ``Grid`` subclass) plus one line in ``GRIDS`` below; the
rest of the program only ever asks a grid object, never compares ``grid.kind`` with a name.
"""

from __future__ import annotations

from ..core.names import unknown
from .base import MAX_SIDE, Grid, Neighbours, Taken, move_axis
from .hex import HexGrid
from .masked import Mask, MaskedGrid, mask_grid
from .polar import PolarGrid
from .square import SquareGrid
from .triangle import TriangleGrid

GRIDS: dict[str, type[Grid]] = {cls.kind: cls for cls in (SquareGrid, HexGrid, TriangleGrid, PolarGrid)}
"""Every grid type by name, in the order menus and ``--grid`` list them."""

DEFAULT_GRID = SquareGrid.kind
"""The grid a spec, the command line and the window start with."""

__all__ = ["DEFAULT_GRID", "GRIDS", "MAX_SIDE", "Grid", "HexGrid", "Mask", "MaskedGrid", "Neighbours", "PolarGrid",
           "SquareGrid", "Taken", "TriangleGrid", "make_grid", "maskable_kinds", "move_axis"]


def make_grid(kind: str, width: int, height: int, mask: Mask | None = None) -> Grid:
    """Build a grid by name (with only the cells ``mask`` keeps, when given); ValueError with a
    readable message for an unknown name, a bad size or a mask that leaves nothing."""
    try:
        cls = GRIDS[kind]
    except KeyError:
        raise ValueError(unknown("grid", kind, GRIDS)) from None
    if mask is not None and not cls.MASKABLE:
        kinds = maskable_kinds()
        raise ValueError(f"masks work on {', '.join(kinds[:-1])} and {kinds[-1]} grids, not {kind}")
    grid = cls(width, height)
    return grid if mask is None else mask_grid(grid, mask)


def maskable_kinds() -> list[str]:
    """The grid kinds that take a mask, in registry order."""
    return [kind for kind, cls in GRIDS.items() if cls.MASKABLE]
