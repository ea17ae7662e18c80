"""The window as a shell of scenes: layout, board surface, panel, messages, help, zoom, scrub bar.

The shell hosts a stack of scenes (watch at the bottom; play, and later compare and lab, on top)
and draws whatever the top one says. ``Shell.frame(events, dt)`` is one frame: input, the scene's
work, and drawing only what changed; it returns the screen rectangles to update, so a frame where
nothing changed costs a lookup and no flip.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Hashable
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from ..files.atomic import write_atomic
from ..render.board import Board, Camera, fit_camera
from ..render.image import surface_png
from ..render.palette import (
    ACCENT,
    BACKGROUND,
    CODE_BACKGROUND,
    CODE_LIT,
    CODE_LIT_TEXT,
    LEGEND,
    LEGEND_MIXED,
    PANEL,
    TEXT,
    TEXT_DIM,
)
from ..run.spec import MazeSpec
from ..run.teaching import TeachingView
from . import text
from .keys import SHELL_KEYS, Binding, KeyPress
from .recorder import Recorder
from .scene import ColourScale, Scene
from .scenes import make_scene

INPUT_EVENTS = frozenset((pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL))
MARGIN = 16
TOAST_SECONDS = 4.0
ZOOM_STEP = 1.25
MAX_CELLS_ACROSS_ZOOMED = 3
"""Zooming in stops when about this many cells span the view."""
FOLLOW_CELL_PIXELS = 24
"""In play, the view follows the player whenever a cell would be smaller than this on screen."""
DRAG_PIXELS = 4
"""A press that moves further than this is a drag (pan), not a click."""
PAN_SLACK = 0.5
"""Dragging may pull the maze's edge at most this share of the view inward."""
DRAW_SHARE = 0.15
"""Drawing may take at most this share of a busy frame; the rest is the scene's work."""
MAX_WORK = 0.25
"""However slow drawing is, a frame's work stops after this long, so a key is answered within
half a second."""
REPEAT_DELAY = 0.45
REPEAT_INTERVAL = 0.18
"""A held stepping key repeats after REPEAT_DELAY seconds, then every REPEAT_INTERVAL: about five
steps a second, slow enough to read each one aloud."""


def screenshot_dir() -> Path:
    """Where screenshots go: $MAZE_VISUALIZER_SCREENSHOTS, else ~/Pictures/maze-visualizer."""
    override = os.environ.get("MAZE_VISUALIZER_SCREENSHOTS")
    if override:
        return Path(override).expanduser()
    return Path.home() / "Pictures" / "maze-visualizer"


class Shell:
    """The window: hosts one scene at a time (a stack), owns everything around the maze."""

    def __init__(self, spec: MazeSpec, speed: float | None = None, screen: pygame.Surface | None = None) -> None:
        self.screen: pygame.Surface = screen or self._display_surface()
        self.running = True
        self.show_help = False
        self.clock_time = 0.0
        self.toast: tuple[str, float] | None = None
        self.scenes: list[Scene] = [make_scene("watch", self, spec=spec, speed=speed)]
        self.board: Board | None = None
        self.board_surface: pygame.Surface | None = None
        self.layout_dirty = True
        self.camera: Camera | None = None
        """None: the whole maze fits the view; else the zoomed and panned camera."""
        self.user_view = False
        """True once the user zoomed or asked for the whole maze: following the player then keeps
        the user's scale (and stops when the whole maze is shown). A new scene resets it."""
        self.hover = -1
        self._press: tuple[int, int] | None = None
        self._dragging = False
        self._scrubbing = False
        self._windowed_size: tuple[int, int] | None = None
        self._last_key: tuple[Hashable, ...] | None = None
        self._last_paint = 0.0
        self._paint_cost = 0.0
        self._draw_cost = 0.0
        self._state_file = os.environ.get("MAZE_VISUALIZER_STATE_FILE", "")
        self._layouts = 0
        """Boards laid out so far (a frame that lays one out is not a typical frame)."""
        self._sentence_whole = True
        """False when the newest sentence did not fit the teaching panel (reported for tests)."""
        self._held: tuple[int, KeyPress, float] | None = None
        self._swallowed: int | None = None
        """A key that closed a scene: its repeats are ignored until it is let go (a held Esc leaving
        play must not go on to quit the window below)."""
        """A held key whose binding repeats: (key code, the press, when it fires next)."""
        self.recorder = Recorder()
        self.message("Press H for help", 6.0)

    @staticmethod
    def _display_surface() -> pygame.Surface:
        surface = pygame.display.get_surface()
        if surface is None:
            raise RuntimeError("open the window (app.main.open_window) before making the shell")
        return surface

    # --- scenes -------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        """The scene on top: it gets the keys and the board."""
        return self.scenes[-1]

    @property
    def base(self) -> Scene:
        """The scene at the bottom (watch), which the window opened on."""
        return self.scenes[0]

    def open_scene(self, name: str, **context: Any) -> None:
        self.scenes.append(make_scene(name, self, **context))
        self.show_help = False
        self.camera = None
        self.user_view = False
        self.layout_dirty = True

    def close_scene(self) -> None:
        if len(self.scenes) == 1:
            self.quit()
            return
        self.scenes.pop().leave()
        self.camera = None
        self.user_view = False
        self.layout_dirty = True
        self.scene.resume()
        content = self.scene.board_content()
        if content is not None:
            content.overlay.full_redraw = True

    def quit(self) -> None:
        for scene in reversed(self.scenes):
            scene.leave()
        self.recorder.close(self.clock_time)  # a recording being written is finished first
        self.running = False

    def message(self, text_: str, seconds: float = TOAST_SECONDS) -> None:
        self.toast = (text_, self.clock_time + seconds)

    def view_aspect(self) -> float:
        view = self.view_rect()
        return view.height / max(1, view.width)

    def work_budget(self, minimum: float) -> float:
        return min(MAX_WORK, max(minimum, self._draw_cost * (1 - DRAW_SHARE) / DRAW_SHARE))

    # --- shell keys ---------------------------------------------------------------

    def toggle_help(self) -> None:
        self.show_help = not self.show_help

    def toggle_fullscreen(self) -> None:
        """F11: the whole display, and back to the window size it had."""
        if self._windowed_size is None:
            self._windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size, self._windowed_size = self._windowed_size, None
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.layout_dirty = True
        self._last_key = None

    def scale_text(self, step: int) -> None:
        scale = text.step_scale(step)
        self.layout_dirty = True
        self.message(f"Text size {scale:.0%}")

    def fit_view(self) -> None:
        self.camera = None
        self.user_view = True
        self.layout_dirty = True

    def capture_name(self) -> str:
        """``maze-<recipe>-<date>-<time>``: what screenshots and recordings are called."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        spec = self.scene.recipe() or self.base.recipe()
        recipe = f"{spec.algorithm}-{spec.grid}-{spec.size_text}-seed{spec.seed}-" if spec else ""
        return f"maze-{recipe}{stamp}"

    def save_screenshot(self) -> Path | None:
        folder = screenshot_dir()
        name = self.capture_name()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{name}.png"
            counter = 2
            while path.exists():
                path = folder / f"{name}-{counter}.png"
                counter += 1
            write_atomic(path, surface_png(self.screen))
        except (OSError, pygame.error) as err:
            self.message(f"Screenshot failed: {getattr(err, 'strerror', None) or err}", 6.0)
            return None
        self.message(f"Screenshot saved: {path}", 6.0)
        return path

    # --- recording the board to a GIF (F9; the work is in recorder.py) -------------

    def toggle_recording(self) -> None:
        """F9: start recording the board view, or stop and write the GIF in the background."""
        if self.recorder.recording:
            self.stop_recording("Recording stopped")
            return
        self.recorder.start(screenshot_dir(), self.capture_name(), self.view_rect().size, self.clock_time)
        self._last_key = None  # the first frame is a whole, fresh one
        self.message(f"Recording the board to a GIF, at most {self.recorder.limit:g} s (F9 stops)", 6.0)

    def stop_recording(self, why: str) -> None:
        self.recorder.stop(self.clock_time)
        self._last_key = None  # redraw without the REC mark
        self.message(f"{why}: writing the GIF...", 6.0)

    def record_frame(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """After drawing: say where finished GIFs went; while recording, capture the board view (before
        the REC mark goes on it) and draw the mark. Returns ``rects`` plus what the mark changed."""
        for outcome in self.recorder.poll():
            self.message(outcome.message, 8.0)
        recorder, now = self.recorder, self.clock_time
        if not recorder.recording:
            return rects
        if recorder.over_limit(now):
            self.stop_recording(f"Recording stopped at the {recorder.limit:g} s limit")
            return rects
        if not rects and recorder.owes_frame(now):
            self._last_key = None  # the last change was not captured yet: draw the screen again for it
            rects = self.draw()
        view = self.view_rect()
        if rects:
            recorder.capture(self.screen, view, now)
        mark = recorder.draw_mark(self.screen, view, now, self.text_size(), bool(rects))
        return rects + [mark] if mark is not None else rects

    # --- input --------------------------------------------------------------------


    def write_state(self) -> None:
        """For automation (``MAZE_VISUALIZER_STATE_FILE``): what the window shows, as one JSON
        object, rewritten after each frame that had key or mouse input."""
        timeline = self.scene.timeline()
        board, view, bar = self.board, self.view_rect(), self.scrub_rect()
        state = {
            "window": list(self.screen.get_size()), "fullscreen": self._windowed_size is not None,
            "scene": self.scene.name, "help": self.show_help, "view": list(view), "scrub": list(bar),
            "cell_pixels": board.cell_pixels if board else None, "hover": self.hover,
            "cells": ([[round(view.left + x), round(view.top + y)] for x, y in board._cell_centres.tolist()]
                      if board is not None and board.grid.size <= 4096 else None),
            "endpoints": getattr(self.scene, "endpoints", None),
            "position": timeline.position if timeline else None, "total": timeline.total if timeline else None,
            "panel": list(self.panel_rect()), "teaching": self._teaching_state(),
            "message": self.toast[0] if self.toast and self.clock_time <= self.toast[1] else None,
        }
        state.update(self.scene.automation_state(view))
        try:
            write_atomic(Path(self._state_file), json.dumps(state).encode())
        except OSError:
            self._state_file = ""

    def _teaching_state(self) -> dict[str, Any] | None:
        view = self.scene.teaching()
        if view is None:
            return None
        return {"lit": view.lit, "line": view.code[view.lit] if 0 <= view.lit < len(view.code) else "",
                "sentence": view.sentences[-1] if view.sentences else "", "sentence_whole": self._sentence_whole}

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface() or self.screen
            self.layout_dirty = True
        elif event.type == pygame.KEYDOWN:
            if event.key != self._swallowed:
                self.handle_key(event.key, event.mod, getattr(event, "unicode", ""))
        elif event.type == pygame.KEYUP:
            if self._held is not None and self._held[0] == event.key:
                self._held = None
            if event.key == self._swallowed:
                self._swallowed = None
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_moved(event.pos, event.rel, bool(event.buttons[0]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.zoom(ZOOM_STEP ** event.y, pygame.mouse.get_pos())

    def handle_key(self, key: int, mod: int, char: str = "") -> None:
        depth = len(self.scenes)
        self._dispatch_key(key, mod, char)
        if len(self.scenes) < depth:  # the key closed a scene: while it is held, it must not reach the next
            self._swallowed = key

    def _dispatch_key(self, key: int, mod: int, char: str) -> None:
        press = KeyPress.from_event(key, mod, char)
        if key == pygame.K_ESCAPE and self.show_help:
            self.show_help = False
        elif SHELL_KEYS.handle(self, press):
            pass
        elif not self.show_help and self.scene.handle_key(press):
            binding = self.scene.keys.find(press)
            self._held = (key, press, self.clock_time + REPEAT_DELAY) if binding and binding.repeats else None

    def repeat_held_key(self) -> None:
        """Fire a held stepping key again at a steady pace (not the keyboard's own repeat rate)."""
        if self._held is None:
            return
        key, press, due = self._held
        if not pygame.key.get_pressed()[key]:  # let go while the window was not looking
            self._held = None
            return
        if self.clock_time >= due and not self.show_help:
            self.scene.handle_key(press)
            self._held = (key, press, max(due + REPEAT_INTERVAL, self.clock_time - REPEAT_INTERVAL))

    def mouse_moved(self, pos: tuple[int, int], rel: tuple[int, int], held: bool) -> None:
        if self._scrubbing:
            self.seek_to_x(pos[0])
            return
        if held and self._press is not None:
            moved = abs(pos[0] - self._press[0]) + abs(pos[1] - self._press[1])
            if self._dragging or moved > DRAG_PIXELS:
                self._dragging = True
                self.pan(*rel)
                return
        self.hover = self.cell_at(pos)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        if self.scrub_rect().collidepoint(pos) and self.scene.timeline() is not None:
            self._scrubbing = True
            self.seek_to_x(pos[0])
        elif self.view_rect().collidepoint(pos):
            self._press, self._dragging = pos, False

    def mouse_up(self, pos: tuple[int, int]) -> None:
        if self._press is not None and not self._dragging and not self.show_help:
            cell = self.cell_at(pos)
            if cell >= 0:
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                self.scene.click(cell, shift)
        self._press, self._dragging, self._scrubbing = None, False, False

    def cell_at(self, pos: tuple[int, int]) -> int:
        """The board cell under a window position, or -1."""
        view = self.view_rect()
        if self.board is None or not view.collidepoint(pos):
            return -1
        return self.board.cell_at(pos[0] - view.left, pos[1] - view.top)

    # --- zoom and pan -------------------------------------------------------------

    def current_camera(self) -> Camera | None:
        return self.camera or (self.board.camera if self.board is not None else None)

    def zoom(self, factor: float, pos: tuple[int, int]) -> None:
        """Zoom around the pointer: the grid point under it stays under it."""
        camera, board = self.current_camera(), self.board
        if camera is None or board is None:
            return
        view = self.view_rect()
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
        self.layout_dirty = True

    def pan(self, dx: int, dy: int) -> None:
        camera = self.current_camera()
        if camera is None or self.camera is None:
            return  # the whole maze is in view: nothing to pan to
        view = self.view_rect()
        assert self.board is not None
        grid = self.board.grid
        self.camera = camera.panned(dx, dy).kept_in_view(grid.pixel_span(), view.size, PAN_SLACK).kept_on_disc(
            grid.content_disc(), view.size)
        self.layout_dirty = True

    def follow(self, grid, cell: int | None) -> None:
        """Keep the followed cell (the player) in the middle half of the view when cells would be
        smaller than FOLLOW_CELL_PIXELS with the whole maze in view."""
        board = self.board
        if cell is None or board is None or (self.user_view and self.camera is None):
            return  # no one to follow, or the whole maze was asked for (Z, zooming out)
        view = self.view_rect()
        fit = fit_camera(grid, view.width, view.height)
        cell_at_fit = board.cell_pixels * fit.scale / board.camera.scale
        if cell_at_fit >= FOLLOW_CELL_PIXELS and not self.user_view:
            return
        x, y = board.cell_centre(cell)
        centred = view.width * 0.25 <= x <= view.width * 0.75 and view.height * 0.25 <= y <= view.height * 0.75
        if self.camera is not None and centred:
            return
        scale = self.camera.scale if self.camera is not None else grid.fit_scale(
            fit.scale * FOLLOW_CELL_PIXELS / cell_at_fit)
        ux, uy = board.camera.to_grid(x, y)
        camera = Camera(scale, (view.width / 2 - ux * scale, view.height / 2 - uy * scale))
        camera = camera.kept_in_view(grid.pixel_span(), view.size)
        if camera != board.camera:  # at the maze's edge the camera may not move: no new layout
            self.camera = camera
            self.layout_dirty = True

    # --- the scrub bar ------------------------------------------------------------

    def seek_to_x(self, x: int) -> None:
        timeline = self.scene.timeline()
        if timeline is None:
            return
        bar = self.scrub_rect()
        share = min(1.0, max(0.0, (x - bar.left) / max(1, bar.width)))
        self.scene.seek(round(share * timeline.length))

    # --- the frame ----------------------------------------------------------------

    def frame(self, events: list[pygame.event.Event], dt: float) -> list[pygame.Rect]:
        """One frame: input, the scene's work, drawing. Returns the screen rectangles that changed
        (empty when nothing did: the caller then flips nothing)."""
        depth = len(self.scenes)
        for event in events:
            if event.type == pygame.KEYDOWN and len(self.scenes) != depth:
                continue  # the scene changed: the rest of these keys were meant for the old one
            self.handle_event(event)
        self.clock_time += dt
        if not self.running:
            return []
        if len(self.scenes) != depth:
            self._held = None
        self.repeat_held_key()
        scene = self.scene
        if not (self.show_help and scene.pauses_under_help):
            scene.advance(dt)
        start = time.perf_counter()
        layouts = self._layouts
        rects = self.draw()
        if rects and self._layouts == layouts:  # a new layout is a one-off, not the cost of a frame
            cost = time.perf_counter() - start
            self._draw_cost = cost if self._draw_cost == 0 else 0.8 * self._draw_cost + 0.2 * cost
        rects = self.record_frame(rects)
        if self._state_file and any(event.type in INPUT_EVENTS for event in events):
            self.write_state()
        return rects

    # --- layout -------------------------------------------------------------------

    def text_size(self) -> int:
        """Body text size; never so large that the panel cannot hold its lines."""
        width, height = self.screen.get_size()
        return min(text.base_size(height), max(11, min(height // 24, width // 40)))

    def panel_width(self) -> int:
        width = self.screen.get_width()
        wanted = self.text_size() * 23  # room for pseudocode lines in the teaching panel
        return max(200, min(wanted, int(width * 0.45))) if width >= 640 else width // 2

    def scrub_height(self) -> int:
        return int(self.text_size() * 1.9) if self.scene.timeline() is not None else 0

    def view_rect(self) -> pygame.Rect:
        width, height = self.screen.get_size()
        scrub = self.scrub_height()
        return pygame.Rect(MARGIN, MARGIN, max(1, width - self.panel_width() - 2 * MARGIN),
                           max(1, height - 2 * MARGIN - (scrub + MARGIN // 2 if scrub else 0)))

    def scrub_rect(self) -> pygame.Rect:
        view = self.view_rect()
        return pygame.Rect(view.left, view.bottom + MARGIN // 2, view.width, self.scrub_height())

    def panel_rect(self) -> pygame.Rect:
        width, height = self.screen.get_size()
        return pygame.Rect(width - self.panel_width(), 0, self.panel_width(), height)

    def _ensure_layout(self, content) -> None:
        """Build the board again when the grid, the window, the zoom or the pan changed."""
        view = self.view_rect()
        board = self.board
        if board is not None and board.grid is not content.grid and board.same_shape(content.grid):
            board.grid = content.grid  # a restart on the same grid shape keeps the layout
            content.overlay.full_redraw = True
        if (self.layout_dirty or board is None or self.board_surface is None or board.grid is not content.grid
                or (board.width, board.height) != view.size):
            if board is not None and board.grid is not content.grid and not self.layout_dirty:
                self.camera = None  # a new maze starts fitted
            self.board = Board(content.grid, view.width, view.height, self.camera)
            self._layouts += 1
            self.board_surface = pygame.Surface(view.size, depth=32)
            self.board.use_format(self.board_surface.map_rgb)
            content.overlay.full_redraw = True
            self.layout_dirty = False
            self._last_key = None
            if pygame.mouse.get_focused():
                self.hover = self.cell_at(pygame.mouse.get_pos())

    # --- drawing ------------------------------------------------------------------

    def frame_key(self) -> tuple[Hashable, Hashable, Hashable, Hashable]:
        """What a frame shows besides the board's cells, in parts (whole window, board, scrub bar,
        panel): a part whose key is unchanged is not sent to the screen; when no part changed
        and no cell is dirty, the frame draws nothing at all."""
        scene = self.scene
        toast = self.toast[0] if self.toast and self.clock_time <= self.toast[1] else None
        hover = tuple(scene.hover_lines(self.hover)) if self.hover >= 0 and self._hover_valid() else ()
        window = (id(scene), self.screen.get_size(), text.scale(), self.show_help, self._layouts)
        board = (scene.draw_key(), self.camera)
        legend = tuple((key, scene.legend_label(key)) for key in scene.legend_keys())
        panel = (toast, tuple(scene.panel_lines()), legend, scene.extra_panel(), hover, scene.teaching(),
                 scene.colour_scale())
        return window, board, scene.timeline(), panel

    def _hover_valid(self) -> bool:
        content = self.scene.board_content()
        return content is not None and self.hover < content.grid.size

    def draw(self) -> list[pygame.Rect]:
        scene = self.scene
        content = scene.board_content()
        if content is not None:
            self._ensure_layout(content)
            if self.board is not None:
                self.follow(content.grid, scene.follow_cell())
                self._ensure_layout(content)
        painted = self.paint_board(content) if content is not None else False
        key = self.frame_key()
        if not painted and key == self._last_key:
            return []
        rects = self.changed_rects(key, painted)
        self._last_key = key
        self.screen.fill(BACKGROUND)
        view = self.view_rect()
        if content is not None and self.board_surface is not None and self.board is not None:
            self.screen.blit(self.board_surface, view.topleft)
            self.screen.set_clip(view)
            scene.draw_on_board(self.screen, self.board, view.topleft)
            self.screen.set_clip(None)
        else:
            self.screen.set_clip(view)
            scene.draw_on_screen(self.screen, view)
            self.screen.set_clip(None)
        if scene.timeline() is not None:
            self.draw_scrub_bar()
        self.draw_panel()
        if self.show_help:
            self.draw_help()
        return rects

    def changed_rects(self, key: tuple[Hashable, ...], painted: bool) -> list[pygame.Rect]:
        """The screen areas whose content changed since the last frame drawn."""
        last = self._last_key
        if last is None or key[0] != last[0] or self.show_help:
            return [self.screen.get_rect()]
        rects = []
        if painted or key[1] != last[1]:
            rects.append(self.view_rect())
        if key[2] != last[2]:
            rects.append(self.scrub_rect().inflate(8, 8))
        if key[3] != last[3]:
            rects.append(self.panel_rect())
        return rects

    def paint_board(self, content) -> bool:
        """Bring the board surface up to date with the cells that changed; True when it painted."""
        overlay = content.overlay
        now = time.perf_counter()
        wait = max(self.scene.repaint_interval(), self._paint_cost * (1 - DRAW_SHARE) / DRAW_SHARE)
        if not overlay.full_redraw and not overlay.dirty:
            return False
        if self.scene.busy and wait and now - self._last_paint < wait:
            return False
        full, cells = overlay.take_dirty()
        assert self.board is not None and self.board_surface is not None
        pixels = pygame.surfarray.pixels2d(self.board_surface)
        try:
            self.board.paint(pixels, content.maze, overlay, full, cells)
        finally:
            del pixels  # unlock the surface before it is blitted
        self._last_paint = time.perf_counter()
        if full:
            self._paint_cost = min(MAX_WORK, self._last_paint - now)
        return True

    def draw_scrub_bar(self) -> None:
        """The run as a bar: how far it is known, where it stands, and where each phase begins."""
        timeline = self.scene.timeline()
        assert timeline is not None
        bar = self.scrub_rect()
        size = max(10, int(self.text_size() * 0.75))
        length = max(1, timeline.length)
        pygame.draw.rect(self.screen, PANEL, bar, border_radius=4)
        known = bar.copy()
        known.width = int(bar.width * min(1.0, timeline.recorded / length))
        pygame.draw.rect(self.screen, (44, 48, 60), known, border_radius=4)
        done = bar.copy()
        done.width = int(bar.width * min(1.0, timeline.position / length))
        pygame.draw.rect(self.screen, (48, 92, 122), done, border_radius=4)
        free_from = bar.left
        for position, name in timeline.phases:
            x = bar.left + int(bar.width * position / length)
            pygame.draw.line(self.screen, TEXT_DIM, (x, bar.top), (x, bar.bottom - 1), 2)
            label = text.rendered(name, size, TEXT_DIM)
            if x + 4 >= free_from and x + 4 + label.get_width() < bar.right:
                self.screen.blit(label, (x + 4, bar.top + 2))
                free_from = x + 4 + label.get_width() + size // 2
        handle = bar.left + int(bar.width * min(1.0, timeline.position / length))
        pygame.draw.line(self.screen, ACCENT, (handle, bar.top - 3), (handle, bar.bottom + 2), 3)
        pygame.draw.rect(self.screen, TEXT_DIM, bar, 1, border_radius=4)

    def draw_panel(self) -> None:
        """Title, the scene's figures, the cell under the pointer, metrics or legend, messages, hint.
        Long values wrap; nothing is cut short."""
        panel = self.panel_rect()
        pygame.draw.rect(self.screen, PANEL, panel)
        size = self.text_size()
        x, y = panel.left + size, size
        width = panel.width - 2 * size
        scene = self.scene
        teaching = scene.teaching()
        heading = teaching.title if teaching is not None else "Maze Visualizer"
        for part in text.wrap(heading, round(size * 1.35), width, True):
            title = text.rendered(part, round(size * 1.35), TEXT, True)
            self.screen.blit(title, (x, y))
            y += title.get_height()
        y += size // 2
        bottom = self.draw_footer(panel, x, width, size) - size // 2
        if teaching is not None:
            small = max(11, size - 3)
            legend_top = bottom - self.legend_height(scene.legend_keys(), width, small)
            self.draw_legend(scene.legend_keys(), x, legend_top, width, small, bottom)
            legend_top = self.draw_scale(scene.colour_scale(), x, legend_top, width, small)
            self.draw_teaching(teaching, x, y, width, size, legend_top - size // 2)
            return
        y = self.draw_rows(scene.panel_lines(), x, y, width, size, bottom)
        if self.hover >= 0 and self._hover_valid():
            y += size // 3
            y = self.draw_rows(scene.hover_lines(self.hover), x, y, width, size, bottom, TEXT_DIM)
        y += size // 2
        extra = scene.extra_panel()
        if extra is not None:
            heading, rows = extra
            if y + int(size * 1.5) < bottom:
                self.screen.blit(text.rendered(heading, size, TEXT, True), (x, y))
            y = self.draw_rows(rows, x, y + int(size * 1.5), width, size, bottom)
            chart = scene.bar_chart()
            if chart is not None:
                self.draw_chart(chart, x, y + size // 2, width, size, bottom)
            return
        if scene.colour_scale() is not None and y + self.scale_height(size) < bottom:
            y = self.draw_scale(scene.colour_scale(), x, y + self.scale_height(size), width, size)
            y += self.scale_height(size)
        self.draw_legend(scene.legend_keys(), x, y, width, size, bottom)

    @staticmethod
    def scale_height(size: int) -> int:
        """Pixels a colour scale takes: its title, the bar, the labels under it."""
        return int(size * 1.5) + int(size * 0.9) + int(size * 1.5)

    def draw_scale(self, scale: ColourScale | None, x: int, bottom: int, width: int, size: int) -> int:
        """A colour scale ending just above ``bottom``: title, a bar blending its colours, the two
        ends labelled under it. Returns its top (what is above it must end there)."""
        if scale is None:
            return bottom
        top = bottom - self.scale_height(size)
        self.screen.blit(text.rendered(scale.title, size, TEXT, True), (x, top))
        bar = pygame.Rect(x, top + int(size * 1.5), width, int(size * 0.9))
        count = len(scale.colours)
        for i, colour in enumerate(scale.colours):
            left = bar.left + bar.width * i // count
            pygame.draw.rect(self.screen, colour, (left, bar.top, bar.left + bar.width * (i + 1) // count - left,
                                                   bar.height))
        pygame.draw.rect(self.screen, TEXT_DIM, bar, 1)
        low = text.rendered(scale.low, size, TEXT_DIM)
        high = text.rendered(scale.high, size, TEXT_DIM)
        self.screen.blit(low, (bar.left, bar.bottom + 2))
        self.screen.blit(high, (bar.right - high.get_width(), bar.bottom + 2))
        return top

    def draw_teaching(self, view: TeachingView, x: int, y: int, width: int, size: int, bottom: int) -> int:
        """The teaching panel: where the run is, the phases, the pseudocode with the running line
        lit, the newest step's sentence in full, the working data, the steps before. When room is
        short the pseudocode scrolls to keep its lit line in view and the older sentences go first."""
        small = max(11, size - 3)
        y = self.draw_lines(text.wrap(view.status, small, width), x, y, small, TEXT_DIM, bottom)
        if view.phases:
            phases = "   ".join(("> " + p.upper()) if p == view.phase else p for p in view.phases)
            y = self.draw_lines(text.wrap("Phases: " + phases, small, width), x, y, small, TEXT_DIM, bottom)
        y += size // 3
        newest = text.wrap(view.sentences[-1], size, width) if view.sentences else []
        detail = text.wrap("then: " + view.detail, small, width) if view.detail else []
        words_height = int(size * 1.3) * len(newest) + int(small * 1.3) * len(detail)
        if view.code:
            code_bottom = max(y + 3 * size, bottom - words_height - size // 2)
            y = self.draw_code(view.code, view.lit, x, y, width, size, code_bottom) + size // 2
        self._sentence_whole = y + words_height <= bottom
        y = self.draw_lines(newest, x, y, size, TEXT, bottom)
        y = self.draw_lines(detail, x, y, small, TEXT, bottom)
        if view.data:
            y = self.draw_rows(list(view.data), x, y + size // 3, width, small, bottom)
        for earlier in reversed(view.sentences[:-1]):
            parts = text.wrap(earlier, small, width - text.font(small).size(" ...")[0])
            shown = parts[0] + (" ..." if len(parts) > 1 else "")
            y = self.draw_lines([shown], x, y, small, TEXT_DIM, bottom)
        if view.about and view.lit < 0:
            y = self.draw_lines(text.wrap(view.about, small, width), x, y + size // 3, small, TEXT_DIM, bottom)
        return y

    def draw_lines(self, lines: list[str], x: int, y: int, size: int, colour: tuple[int, int, int],
                   bottom: int) -> int:
        line = int(size * 1.3)
        for part in lines:
            if y + line > bottom:
                break
            self.screen.blit(text.rendered(part, size, colour), (x, y))
            y += line
        return y

    def draw_code(self, code: tuple[str, ...], lit: int, x: int, y: int, width: int, size: int, bottom: int) -> int:
        """Pseudocode in a dark box, indents kept, long lines wrapped under themselves, the lit
        line on a bright bar."""
        small = max(11, size - 2)
        line = int(small * 1.3)
        pad = small // 3
        indent_unit = text.font(small).size("  ")[0]
        rows: list[tuple[int, str, bool]] = []
        for number, source in enumerate(code):
            depth = (len(source) - len(source.lstrip(" "))) // 2
            indent = pad + round(depth * indent_unit * 1.5)
            for k, part in enumerate(text.wrap(source.strip(), small, width - indent - 2 * pad - indent_unit, True)):
                rows.append((indent + (indent_unit if k else 0), part, number == lit))
        height = min(len(rows) * line + 2 * pad, max(0, bottom - y))
        pygame.draw.rect(self.screen, CODE_BACKGROUND, (x - pad, y, width + 2 * pad, height), border_radius=pad)
        ty = y + pad
        fits = max(1, (height - 2 * pad) // line)
        if fits < len(rows):  # too short for all of it: scroll so the lit line stays in view
            lit_rows = [i for i, row in enumerate(rows) if row[2]] or [0]
            first = min(max(0, lit_rows[0] - fits // 2), len(rows) - fits)
            rows = rows[first:first + fits]
        for indent, part, is_lit in rows:
            if ty + line > y + height:
                break
            if is_lit:
                pygame.draw.rect(self.screen, CODE_LIT, (x - pad, ty, width + 2 * pad, line))
            self.screen.blit(text.rendered(part, small, CODE_LIT_TEXT if is_lit else TEXT, is_lit), (x + indent, ty))
            ty += line
        return y + height

    def draw_rows(self, rows: list[tuple[str, str]], x: int, y: int, width: int, size: int, bottom: int,
                  colour: tuple[int, int, int] = TEXT) -> int:
        """Label / value rows down to ``bottom``. A value too long for its column wraps; one with a
        word too long for the column goes under its label, at full width, rather than break it."""
        if not rows:
            return y
        label_w = max(text.font(size).size(label)[0] for label, _ in rows) + size
        label_w = min(label_w, width // 2)
        line = int(size * 1.4)
        for label, value in rows:
            indent, parts = label_w, text.wrap(value, size, width - label_w)
            if text.breaks_words(value, parts):
                indent, parts = size, text.wrap(value, size, width - size)
                parts = [""] + parts
            if y + line * len(parts) > bottom:
                break
            self.screen.blit(text.rendered(label, size, TEXT_DIM), (x, y))
            for part in parts:
                if part:
                    self.screen.blit(text.rendered(part, size, colour), (x + indent, y))
                y += line
        return y

    def draw_footer(self, panel: pygame.Rect, x: int, width: int, size: int) -> int:
        """The message (wrapped) and the key hint at the bottom of the panel; returns their top."""
        small = max(11, size - 3)
        hint = text.wrap_items(self.scene.hint().split("   "), small, width)
        y = panel.bottom - int(small * 1.5) * len(hint) - size // 2
        top = y
        for part in hint:
            self.screen.blit(text.rendered(part, small, TEXT_DIM), (x, y))
            y += int(small * 1.5)
        if self.toast and self.clock_time <= self.toast[1]:
            lines = text.wrap(self.toast[0], size, width - size)
            line = int(size * 1.35)
            height = line * len(lines) + size // 2
            box = pygame.Rect(x - size // 2, top - height - size // 2, width + size, height)
            pygame.draw.rect(self.screen, BACKGROUND, box, border_radius=size // 3)
            pygame.draw.rect(self.screen, ACCENT, box, 2, border_radius=size // 3)
            ty = box.top + size // 4
            for part in lines:
                self.screen.blit(text.rendered(part, size, TEXT), (x, ty))
                ty += line
            top = box.top
        return top

    def legend_height(self, keys: list[str], width: int, size: int) -> int:
        """Pixels the legend needs at text ``size`` (heading and every entry, wrapped)."""
        swatch, line = int(size * 0.95), int(size * 1.4)
        lines = sum(len(text.wrap(self.scene.legend_label(k) or LEGEND[k][1], size, width - swatch - size // 2))
                    for k in keys)
        return int(size * 1.5) + line * lines + size // 2 if keys else 0

    def draw_legend(self, keys: list[str], x: int, y: int, width: int, size: int, bottom: int) -> None:
        if y + int(size * 2.9) > bottom:
            return  # no room for the heading and one entry
        self.screen.blit(text.rendered("Legend", size, TEXT, True), (x, y))
        y += int(size * 1.5)
        swatch = int(size * 0.95)
        line = int(size * 1.4)
        for key in keys:
            colour, meaning = LEGEND[key]
            meaning = self.scene.legend_label(key) or meaning
            parts = text.wrap(meaning, size, width - swatch - size // 2)
            if y + line * len(parts) > bottom - size // 2:
                break
            self.draw_swatch(key, colour, pygame.Rect(x, y + 2, swatch, swatch))
            for part in parts:
                self.screen.blit(text.rendered(part, size, TEXT), (x + swatch + size // 2, y))
                y += line

    def draw_swatch(self, key: str, colour: tuple[int, int, int], box: pygame.Rect) -> None:
        """A legend entry's colour; one that stands for many (sets, regions) shows two, split
        corner to corner, as the board shows neighbouring sets in different colours."""
        pygame.draw.rect(self.screen, colour, box)
        mixed = LEGEND_MIXED.get(key)
        if mixed is not None:
            pygame.draw.polygon(self.screen, mixed[0], (box.topleft, box.topright, box.bottomleft))
            pygame.draw.polygon(self.screen, mixed[1], (box.topright, box.bottomright, box.bottomleft))
        pygame.draw.rect(self.screen, TEXT_DIM, box, 1)

    def draw_chart(self, chart: tuple[str, dict[str, int]], x: int, y: int, width: int, size: int,
                   bottom: int) -> None:
        heading, counts = chart
        if y + int(size * 1.5) + int(size * 1.3) * len(counts) > bottom:
            return  # no room for the whole chart: a chart cut in half would mislead
        self.screen.blit(text.rendered(heading, size, TEXT, True), (x, y))
        y += int(size * 1.5)
        most = max(counts.values(), default=0) or 1
        label_w = max((text.font(size).size(name)[0] for name in counts), default=0) + size // 2
        bar_w = width - label_w
        number_w = text.font(size).size(f"{most:,}")[0] + size // 2
        for name, count in counts.items():
            self.screen.blit(text.rendered(name, size, TEXT_DIM), (x, y))
            length = int((bar_w - number_w) * count / most)
            pygame.draw.rect(self.screen, ACCENT, (x + label_w, y + size // 5, max(1, length), int(size * 0.8)))
            self.screen.blit(text.rendered(f"{count:,}", size, TEXT), (x + label_w + max(1, length) + size // 3, y))
            y += int(size * 1.3)

    def help_rows(self) -> list[Binding]:
        return self.scene.help_rows() + SHELL_KEYS.help_rows()

    def draw_help(self) -> None:
        """Every key of this scene and the shell, in a box over everything; the text shrinks until
        every row fits the window."""
        width, height = self.screen.get_size()
        rows = self.help_rows()
        size = self.text_size()
        while True:
            line = int(size * 1.4)
            box_w = min(width - 40, size * 48)
            key_w = max(text.font(size, True).size(b.label)[0] for b in rows) + size
            wrapped = [text.wrap(b.action, size, box_w - 2 * size - key_w) for b in rows]
            needed = int(line * (sum(len(w) for w in wrapped) + 1.6)) + 2 * size
            if needed <= height - 40 or size <= 10:
                break
            size -= 1
        box = pygame.Rect(0, 0, box_w, min(height - 20, needed))
        box.center = (width // 2, height // 2)
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        self.screen.blit(shade, (0, 0))
        pygame.draw.rect(self.screen, PANEL, box, border_radius=size // 2)
        pygame.draw.rect(self.screen, ACCENT, box, 2, border_radius=size // 2)
        x, y = box.left + size, box.top + size
        self.screen.blit(text.rendered("Keys", round(size * 1.2), TEXT, True), (x, y))
        y += int(line * 1.6)
        for binding, parts in zip(rows, wrapped):
            self.screen.blit(text.rendered(binding.label, size, ACCENT, True), (x, y))
            for part in parts:
                self.screen.blit(text.rendered(part, size, TEXT), (x + key_w, y))
                y += line
