"""Which style each cell, passage and wall corner has, computed with numpy from the model."""

from __future__ import annotations

import numpy as np

from ..core.maze import Maze
from ..run.overlay import Mark, Overlay
from ..run.set_colours import SET_COLOURS
from .palette import HEAT, RANKS, REGION_COLOURS, TERRAIN, Style

assert len(REGION_COLOURS) == SET_COLOURS, "the overlay colours sets with one palette entry each"

MARK_STYLES = np.array([-1, Style.FRONTIER, Style.STACK, Style.WALK, Style.SEARCH, Style.PATH, Style.DEAD_END,
                        Style.TRAIL, Style.LOOKED], dtype=np.int16)
STATE_STYLES = np.array([Style.UNVISITED, Style.FLOOR, Style.ROOM, Style.PRUNED], dtype=np.int16)
WALL_STYLE = -2
"""Pseudo-style for closed edges and wall posts (the renderer maps it to the wall colour)."""
CONNECTOR_STYLE = -3


def cell_styles(maze: Maze, overlay: Overlay, cells: np.ndarray | None = None) -> np.ndarray:
    """Style index of each cell in ``cells`` (every cell when None: read by slices, not gathered).

    Each layer overwrites the one below in place, and only where it has something (a maze with no
    sets, marks or fog skips those passes): on a million cells this runs every repaint and legend."""
    at = slice(None) if cells is None else cells
    style = STATE_STYLES[maze.state[at]]
    if overlay.removed is not None:
        np.copyto(style, np.int16(Style.REMOVED), where=overlay.removed[at] & (style == Style.UNVISITED))
    open_cell = (style == Style.FLOOR) | (style == Style.ROOM)
    hue = overlay.hue[at]  # the set's colour: never that of a set it touches
    grouped = open_cell & (hue >= 0)
    if grouped.any():
        np.copyto(style, Style.REGION + hue.astype(np.int16), where=grouped)
    if overlay.show_regions:
        region = maze.region[at]
        coloured = open_cell & (region >= 0)
        np.copyto(style, (Style.REGION + region % len(REGION_COLOURS)).astype(np.int16), where=coloured)
    if maze.weights is not None:  # weighted cells: dearer floor a shade darker
        np.copyto(style, TERRAIN - 1 + maze.weights[at].astype(np.int16), where=style == Style.FLOOR)
    marked = MARK_STYLES[overlay.mark[at]]
    if overlay.heat is not None:  # the distance map: over what a solver searched, under its path
        mapped = open_cell & (overlay.heat[at] >= 0)
        np.copyto(style, HEAT + overlay.heat[at].astype(np.int16), where=mapped)
        marked = np.where(mapped & (marked != Style.PATH), np.int16(-1), marked)
    np.copyto(style, marked, where=marked >= 0)
    if overlay.current >= 0:
        if cells is None:
            if overlay.current < len(style):
                style[overlay.current] = Style.CURRENT
        else:
            style[cells == overlay.current] = Style.CURRENT
    if overlay.hidden is not None:
        np.copyto(style, np.int16(Style.FOG), where=overlay.hidden[at])
    return style


def lower_rank(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pair, the style that wins on a shared passage (the lower rank; ``a`` on ties)."""
    return np.where(RANKS[a] <= RANKS[b], a, b)


def edge_styles(maze: Maze, overlay: Overlay, slots: np.ndarray, neighbours: np.ndarray,
                style: np.ndarray, openings: np.ndarray, first: int = 0) -> np.ndarray:
    """Style of each edge slot ``cell * D + d``: wall, connector, or the winning cell style.

    ``neighbours`` is the (n, D) neighbour table (or its rows from cell ``first`` on, holding every
    slot's cell), ``style`` every cell's style, ``openings`` a boolean per slot for the entrance and
    exit gaps in the outer wall.
    """
    d_count = neighbours.shape[1]
    cell, d = np.divmod(slots, d_count)
    nb = neighbours[cell - first if first else cell, d]
    is_open = (maze.passages[cell] >> d.astype(np.uint8)) & 1 == 1
    own = style[cell]
    other = np.where(nb >= 0, style[np.maximum(nb, 0)], own)
    out = np.where(is_open, lower_rank(own, other), WALL_STYLE)
    out = np.where(is_open & (overlay.connector[slots] == 1), CONNECTOR_STYLE, out)
    out = np.where(openings[slots], own, out)
    if overlay.hidden is not None:  # fog hides walls whose every side is unseen
        fogged = overlay.hidden[cell] & np.where(nb >= 0, overlay.hidden[np.maximum(nb, 0)], True)
        out = np.where(fogged, Style.FOG, out)
    return out.astype(np.int16)


def corner_styles(overlay: Overlay, around: np.ndarray, joined: np.ndarray, style: np.ndarray) -> np.ndarray:
    """Style of each wall post: the winning style of the cells ``around`` it (``(k, m)``, -1 off the
    grid) where it sits inside joined cells (``joined``, the grid's say), else wall; fog over posts
    whose every cell is unseen."""
    safe = np.maximum(around, 0)
    winner = style[safe[:, 0]]
    for k in range(1, around.shape[1]):
        winner = lower_rank(winner, style[safe[:, k]])
    styles = np.where(joined, winner, WALL_STYLE)
    if overlay.hidden is not None:
        hidden = np.where(around >= 0, overlay.hidden[safe], True).all(axis=1)
        styles = np.where(hidden, Style.FOG, styles)
    return styles


def join_styles(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Style of each join of two sides (the pixels near a corner within half a wall of both, from
    the two sides' styles): wall when either is a wall, else a connector when either is one, else
    the winning style of the two passages."""
    out = np.where((first == CONNECTOR_STYLE) | (second == CONNECTOR_STYLE), np.int16(CONNECTOR_STYLE),
                   lower_rank(np.maximum(first, 0), np.maximum(second, 0)))
    return np.where((first == WALL_STYLE) | (second == WALL_STYLE), np.int16(WALL_STYLE), out).astype(np.int16)


def opening_flags(size: int, directions: int, ends: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """A flag per edge slot ``cell * D + d`` for the entrance and exit gaps ``ends`` in the outer wall."""
    openings = np.zeros(size * directions, dtype=bool)
    for cell, d in ends:
        if 0 <= cell < size and 0 <= d < directions:
            openings[cell * directions + d] = True
    return openings


__all__ = ["Mark", "cell_styles", "edge_styles", "corner_styles", "join_styles", "opening_flags", "lower_rank",
           "WALL_STYLE", "CONNECTOR_STYLE"]


LEGEND_ORDER = ("current", "floor", "room", "weight", "distance", "region", "set", "stack", "frontier", "walk",
                "connector", "pruned", "search", "looked", "dead end", "path", "unvisited", "removed", "wall")
_LEGEND_OF_STYLE = {Style.FLOOR: "floor", Style.ROOM: "room", Style.SEARCH: "search", Style.DEAD_END: "dead end",
                    Style.STACK: "stack", Style.WALK: "walk", Style.PATH: "path", Style.FRONTIER: "frontier",
                    Style.CURRENT: "current", Style.UNVISITED: "unvisited", Style.PRUNED: "pruned",
                    Style.LOOKED: "looked", Style.REMOVED: "removed"}


def visible_legend(maze: Maze, overlay: Overlay) -> list[str]:
    """Legend keys for exactly the colours on the board now, in a fixed reading order."""
    present = np.zeros(1 << 16, dtype=bool)  # a flag per int16 value: no sort of a million styles
    present[cell_styles(maze, overlay).view(np.uint16)] = True
    styles = np.flatnonzero(present).astype(np.uint16).view(np.int16)
    keys = {_LEGEND_OF_STYLE[Style(int(s))] for s in styles if int(s) in _LEGEND_OF_STYLE}
    if ((styles >= Style.REGION) & (styles < HEAT)).any():
        keys.add("region" if overlay.show_regions else "set")
    if overlay.connector.any():
        keys.add("connector")
    if ((styles >= HEAT) & (styles < TERRAIN)).any():
        keys.add("distance")
    if (styles > TERRAIN).any() or (maze.weights is not None and (maze.weights > 1).any()):
        keys.add("weight")  # a cost above 1: its shade, or its hatch over a mark (``draw_dear_ground``)
    keys.add("wall")
    return [k for k in LEGEND_ORDER if k in keys]
