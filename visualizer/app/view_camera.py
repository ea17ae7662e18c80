"""The camera the user steers: zoom around the pointer, pan by dragging, and the view following
the player when cells would be too small to see.

``camera`` is None while the whole maze fits the view (the board then fits itself); every move
answers whether the board must be laid out again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..render.board import Board, Camera, fit_camera

if TYPE_CHECKING:
    from ..grids import Grid

MAX_CELLS_ACROSS_ZOOMED = 3
"""Zooming in stops when about this many cells span the view."""
FOLLOW_CELL_PIXELS = 18
"""In play, the view follows the player whenever a cell would be smaller than this on screen: a
maze whose cells show at this size is shown whole (level 3, 12 x 8, at 22 px in a 1024 x 768 window)."""
PAN_SLACK = 0.5
"""Dragging may pull the maze's edge at most this share of the view inward."""


class ViewCamera:
    """The zoomed and panned camera, or None for the whole maze, and whether the user chose it."""

    def __init__(self) -> None:
        self.camera: Camera | None = None
        self.user_view = False
        """True once the user zoomed or asked for the whole maze: following the player then keeps
        the user's scale (and stops when the whole maze is shown). A new scene resets it."""
        self.fitted_at: int | None = None
        """The followed cell when Z fitted the maze (None: not fitted by Z, or already told)."""

    def reset(self) -> None:
        """A new scene (or the one under it again): the whole maze, nothing chosen."""
        self.camera = None
        self.user_view = False
        self.fitted_at = None

    def fit(self) -> None:
        """The whole maze, as the user asked."""
        self.camera = None
        self.user_view = True

    def toggle_fit(self, cell: int | None) -> bool:
        """Z: the whole maze, or after a fit back to the view that follows ``cell`` (the player);
        returns True when following again."""
        if self.fitted and cell is not None:
            self.user_view = False
            self.fitted_at = None
            return True
        self.fit()
        self.fitted_at = cell
        return False

    @property
    def fitted(self) -> bool:
        """True while the whole maze is shown because the user asked for it (Z or zooming out)."""
        return self.user_view and self.camera is None

    def moved_since_fit(self, cell: int | None) -> bool:
        """True once, when the followed cell first moves after Z fitted the maze (to offer Z back)."""
        if self.fitted and self.fitted_at is not None and cell is not None and cell != self.fitted_at:
            self.fitted_at = None
            return True
        return False

    def current(self, board: Board | None) -> Camera | None:
        return self.camera or (board.camera if board is not None else None)

    def zoom(self, board: Board | None, view: pygame.Rect, factor: float, pos: tuple[int, int]) -> bool:
        """Zoom around the pointer: the grid point under it stays under it."""
        camera = self.current(board)
        if camera is None or board is None:
            return False
        anchor = (pos[0] - view.left, pos[1] - view.top) if view.collidepoint(pos) else (view.width / 2,
                                                                                         view.height / 2)
        fit = fit_camera(board.grid, view.width, view.height)
        most = min(view.width, view.height) / MAX_CELLS_ACROSS_ZOOMED / max(1e-9, board.cell_pixels / camera.scale)
        self.user_view = True
        zoomed = camera.zoomed(factor, anchor, board.grid.fit_scale)
        if zoomed.scale <= fit.scale * 1.0001:
            self.camera = None
        elif zoomed.scale <= most or factor < 1:
            self.camera = zoomed
        return True

    def pan(self, board: Board | None, view: pygame.Rect, dx: int, dy: int) -> bool:
        camera = self.current(board)
        if camera is None or self.camera is None or board is None:
            return False  # the whole maze is in view: nothing to pan to
        grid = board.grid
        self.camera = camera.panned(dx, dy).kept_in_view(grid.pixel_span(), view.size, PAN_SLACK).kept_on_disc(
            grid.content_disc(), view.size)
        return True

    def follow(self, board: Board | None, view: pygame.Rect, grid: Grid, cell: int | None) -> bool:
        """Keep the followed cell (the player) in the middle half of the view when cells would be
        smaller than FOLLOW_CELL_PIXELS with the whole maze in view."""
        if cell is None or board is None or (self.user_view and self.camera is None):
            return False  # no one to follow, or the whole maze was asked for (Z, zooming out)
        fit = fit_camera(grid, view.width, view.height)
        cell_at_fit = board.cell_pixels * fit.scale / board.camera.scale
        if cell_at_fit >= FOLLOW_CELL_PIXELS and not self.user_view:
            return False
        x, y = board.cell_centre(cell)
        centred = view.width * 0.25 <= x <= view.width * 0.75 and view.height * 0.25 <= y <= view.height * 0.75
        if self.camera is not None and centred:
            return False
        scale = self.camera.scale if self.camera is not None else grid.fit_scale(
            fit.scale * FOLLOW_CELL_PIXELS / cell_at_fit)
        ux, uy = board.camera.to_grid(x, y)
        camera = Camera(scale, (view.width / 2 - ux * scale, view.height / 2 - uy * scale))
        camera = camera.kept_in_view(grid.pixel_span(), view.size)
        if camera == board.camera:
            return False  # at the maze's edge the camera may not move: no new layout
        self.camera = camera
        return True
