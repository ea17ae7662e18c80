"""The mouse over the window: hovering, clicks on cells, walls and quiz choices, drags that move a
marker or paint cells (taken by the scene at the press) or else pan the view, the wheel's zoom and
the scrub bar. Mixed into the shell, which owns the scene, the board and the view's camera."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .choice_spots import SPOTS
from .scrub_bar import position_at

if TYPE_CHECKING:
    from ..render.board import Board
    from .scene import Scene
    from .view_camera import ViewCamera

DRAG_PIXELS = 4
"""How far a pressed pointer moves before the press is a drag (a pan), not a click."""


class PointerControls:
    """What the mouse does to the shell's scene and view."""

    board: Board | None
    view_camera: ViewCamera
    layout_dirty: bool
    show_help: bool

    if TYPE_CHECKING:
        @property
        def scene(self) -> Scene: ...
        def view_rect(self) -> pygame.Rect: ...
        def scrub_rect(self) -> pygame.Rect: ...

    def reset_pointer(self) -> None:
        """No button held, nothing under the pointer yet."""
        self.hover = -1
        self._press: tuple[int, int] | None = None
        self._dragging = False
        self._grabbed = False
        """True while the scene holds a drag it took at the press (a marker moved, cells painted)."""
        self._scrubbing = False
        self._choice: int | None = None
        """The quiz choice under the pointer (lit in the words; a click answers with it), or None."""

    def mouse_moved(self, pos: tuple[int, int], rel: tuple[int, int], held: bool) -> None:
        if self._scrubbing:
            self.seek_to_x(pos[0])
            return
        if held and self._press is not None and self._grabbed:
            cell = self.cell_at(pos)
            if cell >= 0 and cell != self.hover:
                self.scene.drag_over(cell)
            self.hover = cell
            return
        if held and self._press is not None:
            moved = abs(pos[0] - self._press[0]) + abs(pos[1] - self._press[1])
            if self._dragging or moved > DRAG_PIXELS:
                self._dragging = True
                self.pan(*rel)
                return
        self.hover = self.cell_at(pos)
        self._choice = None if held else SPOTS.at(pos)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        choice = None if self.show_help else SPOTS.at(pos)
        if choice is not None:
            self.scene.pick_choice(choice)
        elif self.scrub_rect().collidepoint(pos) and self.scene.timeline() is not None:
            self._scrubbing = True
            self.seek_to_x(pos[0])
        elif self.view_rect().collidepoint(pos):
            self._press, self._dragging = pos, False
            cell = self.cell_at(pos)
            mods = pygame.key.get_mods()
            ctrl, shift = bool(mods & pygame.KMOD_CTRL), bool(mods & pygame.KMOD_SHIFT)
            self._grabbed = cell >= 0 and not self.show_help and self.scene.grab(cell, ctrl, shift)
            if self._grabbed:
                self.hover = cell

    def mouse_up(self, pos: tuple[int, int]) -> None:
        grabbed, self._grabbed = self._grabbed, False
        if self._press is not None and not self._dragging and not self.show_help:
            if not (grabbed and self.scene.drop(self.cell_at(pos))):
                self.click_at(pos)
        self._press, self._dragging, self._scrubbing = None, False, False

    def click_at(self, pos: tuple[int, int]) -> None:
        """A click on the board: on (or next to) a wall, the scene may take it as a wall; else
        it is a click on the cell under the pointer."""
        view = self.view_rect()
        wall = self.board.wall_at(pos[0] - view.left, pos[1] - view.top) if self.board is not None else None
        if wall is not None and self.scene.click_wall(*wall):
            return
        cell = self.cell_at(pos)
        if cell >= 0:
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            self.scene.click(cell, shift)

    def cell_at(self, pos: tuple[int, int]) -> int:
        """The board cell under a window position, or -1."""
        view = self.view_rect()
        if self.board is None or not view.collidepoint(pos):
            return -1
        return self.board.cell_at(pos[0] - view.left, pos[1] - view.top)

    # --- zoom, pan and the scrub bar ---------------------------------------------

    def zoom(self, factor: float, pos: tuple[int, int]) -> None:
        """Zoom around the pointer: the grid point under it stays under it."""
        self.layout_dirty |= self.view_camera.zoom(self.board, self.view_rect(), factor, pos)

    def pan(self, dx: int, dy: int) -> None:
        self.layout_dirty |= self.view_camera.pan(self.board, self.view_rect(), dx, dy)

    def seek_to_x(self, x: int) -> None:
        timeline = self.scene.timeline()
        if timeline is not None:
            self.scene.seek(position_at(self.scrub_rect(), x, timeline))
