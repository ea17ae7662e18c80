"""Soft edges for walls that run at an angle or curve (hexagons, triangles, rings).

The ownership map gives every pixel one element, so a slanted wall is a staircase: on a projector
its steps are what the back row sees. The floor pixels that touch a wall take a weighted average of
the colours around them (a 3 x 3 tent filter), so the staircase fades into a smooth edge. Wall
pixels themselves keep their full colour, so the contrast between wall and floor is not diluted:
the softening only adds, at the floor's side.

Only true-colour targets are softened (an indexed-palette target, like the GIF writer's, has no
in-between colours), and only where cells are large enough for steps to show.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .styles import WALL_STYLE

MIN_CELL_PIXELS = 7.0
"""Below this many pixels a cell, steps are a pixel or two long and softening only blurs."""
OFFSETS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
WEIGHTS = np.array([(2 - abs(dx)) * (2 - abs(dy)) for dx, dy in OFFSETS], dtype=np.uint32)
"""The tent filter (1 2 1 / 2 4 2 / 1 2 1): sums to 16, so blending is integer shifts."""


def floor_beside_walls(owner: np.ndarray, first_wall: int) -> np.ndarray:
    """``(width, height)`` bool: the pixels that are not wall elements (cells, or nothing) with a
    wall element (an id >= ``first_wall``) among their eight neighbours."""
    wall = owner >= first_wall
    near = np.zeros_like(wall)
    width, height = wall.shape
    for dx, dy in OFFSETS:
        if dx or dy:
            (tx, sx), (ty, sy) = _shifted(dx, width), _shifted(dy, height)
            near[tx, ty] |= wall[sx, sy]
    return near & ~wall


def _shifted(step: int, size: int) -> tuple[slice, slice]:
    """``(target, source)`` slices along one axis so that ``target[i]`` reads ``source[i + step]``."""
    return slice(max(0, -step), size - max(0, step)), slice(max(0, step), size + min(0, step))


@dataclass
class ChannelPacking:
    """How an 8-bit-per-channel pixel format packs red, green and blue (from ``map_rgb``)."""

    base: int
    shifts: tuple[int, int, int]

    @classmethod
    def of(cls, map_rgb) -> ChannelPacking | None:
        """The packing of ``map_rgb``'s format, or None when it is not 8 bits a channel."""
        base = int(map_rgb((0, 0, 0)))
        shifts = []
        for unit in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
            step = int(map_rgb(unit)) - base
            if step <= 0 or step & (step - 1):
                return None
            shift = step.bit_length() - 1
            if int(map_rgb(tuple(255 if u else 0 for u in unit))) - base != 255 << shift:
                return None
            shifts.append(shift)
        return cls(base, (shifts[0], shifts[1], shifts[2]))

    def pack(self, rgb: np.ndarray) -> np.ndarray:
        """``(k, 3)`` channel values -> ``(k,)`` pixel values."""
        red, green, blue = self.shifts
        return (np.uint32(self.base) | rgb[:, 0] << np.uint32(red) | rgb[:, 1] << np.uint32(green)
                | rgb[:, 2] << np.uint32(blue)).astype(np.uint32)


class SoftEdges:
    """The softened pixels of one board layout and how to colour them.

    Each softened pixel is a blend of two elements, fixed with the layout: its own, and the wall
    element that covers most of its neighbourhood, weighted by how much of the tent filter the
    walls cover. Painting is then two gathers and a mix. Only a closed wall blends: an open
    passage between two colours (two distances, two sets) keeps its hard edge, so no in-between
    colour can read as a third value."""

    def __init__(self, owner: np.ndarray, first_wall: int) -> None:
        mask = floor_beside_walls(owner, first_wall)
        self.xs, self.ys = (axis.astype(np.intp) for axis in np.nonzero(mask))
        self.own = owner[self.xs, self.ys]
        self.wall, self.weight = self._nearest_walls(owner, first_wall)
        self.index = np.full(owner.shape, -1, dtype=np.int32)
        """Pixel -> position in the arrays above, -1 where a pixel is not softened."""
        self.index[self.xs, self.ys] = np.arange(len(self.xs), dtype=np.int32)

    def _nearest_walls(self, owner: np.ndarray, first_wall: int) -> tuple[np.ndarray, np.ndarray]:
        """For each softened pixel, the wall element with the most weight around it, and the
        weight (out of 16) that wall elements cover."""
        width, height = owner.shape
        wall = np.zeros(len(self.xs), dtype=owner.dtype)
        best = np.zeros(len(self.xs), dtype=np.uint32)
        weight = np.zeros(len(self.xs), dtype=np.uint32)
        for (dx, dy), w in zip(OFFSETS, WEIGHTS.tolist()):
            around = owner[np.clip(self.xs + dx, 0, width - 1), np.clip(self.ys + dy, 0, height - 1)]
            is_wall = around >= first_wall
            weight += np.uint32(w) * is_wall
            heavier = is_wall & (w > best)
            wall[heavier], best[heavier] = around[heavier], w
        return wall, weight

    def paint(self, pixels: np.ndarray, styles: np.ndarray, rgb: np.ndarray, packing: ChannelPacking,
              boxes: list[tuple[int, int, int, int]] | None = None) -> None:
        """Soften the pixels in ``boxes`` (every one when None), after the plain paint; ``styles``
        is element -> style and ``rgb`` style -> colour (negative styles from the end)."""
        chosen: slice | np.ndarray
        if boxes is None:
            chosen = slice(None)
        else:
            found = [self.index[x0:x1, y0:y1].ravel() for x0, y0, x1, y1 in boxes]
            at = np.concatenate(found) if found else np.empty(0, dtype=np.int32)
            chosen = at[at >= 0]
            if not len(chosen):
                return
        wall_style = styles[self.wall[chosen]]
        weight = np.where(wall_style == WALL_STYLE, self.weight[chosen], 0)[:, None]  # open passages: no blend
        mixed = rgb[styles[self.own[chosen]]] * (16 - weight) + rgb[wall_style] * weight
        pixels[self.xs[chosen], self.ys[chosen]] = packing.pack((mixed + 8) >> 4)
