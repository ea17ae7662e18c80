"""The window as a shell of scenes: input, the board surface, messages, and which parts to redraw.

The shell hosts a stack of scenes (watch at the bottom; play, compare and lab on top) and draws
whatever the top one says. ``Shell.frame(events, dt)`` is one frame: input, the scene's work, and
drawing only what changed; it returns the screen rectangles to update, so a frame where nothing
changed costs a lookup and no flip.

The shell orchestrates; the parts live beside it: where things go (``layout``, ``shell_layout``),
the panel (``panel``), the help (``help``), the scrub bar (``scrub_bar``), the mouse
(``shell_pointer``), zoom and pan (``view_camera``), screenshots (``captures``), GIFs
(``recorder``) and the automation state (``state_file``).
"""

from __future__ import annotations

import math
import time
import warnings
from collections import deque
from pathlib import Path
from typing import Any

import pygame

from ..render.board import Board, Camera
from ..render.themes import current as current_theme
from ..render.themes import ui
from ..run.spec import MazeSpec
from . import captures, layout, look, text
from .choice_spots import SPOTS
from .help import draw_help
from .keys import SHELL_KEYS, Binding, KeyPress
from .layout import Arrangement, FrameKey
from .panel import PanelContent, draw_panel
from .recorder import Recorder
from .scene import BoardContent, Scene
from .scenes import make_scene
from .scrub_bar import draw_scrub_bar
from .shell_layout import LayoutRects
from .shell_pointer import PointerControls
from .shell_recording import RecordingKeys
from .state_file import StateFile, cell_positions, teaching_state
from .strip import draw_caption, draw_strip
from .view_camera import ViewCamera

INPUT_EVENTS = frozenset((pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL))
TOAST_SECONDS = 4.0
QUIT_CONFIRM_SECONDS = 6.0
"""How long after a quit refused for unsaved work a second Q (or close) quits."""
ZOOM_STEP = 1.25
"""A press that moves further than this is a drag (pan), not a click."""
DRAW_SHARE = 0.15
"""Drawing may take at most this share of a busy frame; the rest is the scene's work."""
MAX_WORK = 0.25
"""The most a repaint's cost counts for when pacing the next ones (one slow repaint is a one-off)."""
PAINT_WAIT = 0.3
"""A busy board waits at most this long between repaints, however dear the last one was: a repaint
costs what changed since the one before, so waiting longer would only make the next one dearer."""
FRAME_SECONDS = 0.075
"""A busy frame's work stops early enough that the frame ends within this long with the most the
rest of a frame cost lately (drawing, the legend's scan) and, when the board is due for one, a
repaint: a key is answered within 100 ms even at 1000 x 1000, where drawing at DRAW_SHARE would
have the work run for a quarter of a second."""
LEAST_WORK = 0.005
"""However slow the rest of a frame is, a busy frame still works this long (the run moves on)."""
OVERHEAD_FRAMES = 30
"""The recent frames whose cost besides the work and the repaint ``work_budget`` makes room for
(the legend's scan comes every few)."""
CELL_SECONDS = 1e-6
"""Seconds a repainted cell is taken to cost until repaints of many cells have been timed."""
COSTED_CELLS = 5_000
"""Repaints of at least this many cells time what a cell costs (fewer: the fixed costs dominate)."""
REPEAT_DELAY = 0.45
REPEAT_INTERVAL = 0.18
"""A held stepping key repeats after REPEAT_DELAY seconds, then every REPEAT_INTERVAL: about five
steps a second, slow enough to read each one aloud."""


def windowed(size: tuple[int, int], tries: int = 20) -> pygame.Surface:
    """Leave full screen for a window of ``size``. X11's own framebuffer (``main.open_window``)
    still has the full-screen size the moment the window is asked back (pygame warns that the OS
    resized it): asked again once X has caught up, it comes back at ``size``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        for _ in range(tries):
            if screen.get_size() == tuple(size):
                break
            pygame.event.pump()
            time.sleep(0.01)
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    return screen


class Shell(RecordingKeys, LayoutRects, PointerControls):
    """The window: hosts one scene at a time (a stack), owns everything around the maze."""

    def __init__(self, spec: MazeSpec, speed: float | None = None, screen: pygame.Surface | None = None,
                 quiz: int | None = None) -> None:
        self.screen: pygame.Surface = screen or self._display_surface()
        self.running = True
        self.show_help = False
        self.help_page = 0
        """The help's page shown (a small window shows it on pages)."""
        self._help_pages = 1
        self.minimised = False
        """True while the window is minimised: nothing of the board can be seen (a game's clock stops)."""
        self.clock_time = 0.0
        self.toast: tuple[str, float] | None = None
        self._toast_yields = False
        """True when the message on screen goes at the next key (it only introduced something)."""
        self._quit_warning: str | None = None
        """What a first quit warned would be lost (``request_quit``); it stands QUIT_CONFIRM_SECONDS."""
        self.caption: str | None = None
        """What the words show when no message is up (a lesson slide's caption): a key's message
        shows over it for its few seconds, then the caption is back."""
        self.arrangement = look.arrangement()
        """Where the words go: the side panel, the presenting strip or a caption (F10)."""
        self.scenes: list[Scene] = [make_scene("watch", self, spec=spec, speed=speed, quiz=quiz)]
        self.board: Board | None = None
        self.board_surface: pygame.Surface | None = None
        self.layout_dirty = True
        self.view_camera = ViewCamera()
        self.reset_pointer()
        self._windowed_size: tuple[int, int] | None = None
        self._quit_asked_at = -math.inf
        """When a quit was last refused for unsaved work (a second ask soon after quits)."""
        self._last_key: FrameKey | None = None
        self._last_paint = 0.0
        self._paint_cost = 0.0
        self.extra_help: list[Binding] = []
        """Help rows of keys a window answers besides the scenes' and the shell's (a lesson's slides)."""
        self._draw_cost = 0.0
        self._overheads: deque[float] = deque(maxlen=OVERHEAD_FRAMES)
        """Seconds of each recent busy frame besides the scene's work and the repaint (new layouts left out)."""
        self._paint_due = False
        """True when this frame will repaint the board (worked out before the scene's work)."""
        self._painted_for = 0.0
        """Seconds the last repaint took (0: none this frame)."""
        self._cell_cost = CELL_SECONDS
        """Seconds a cell of a partial repaint costs (restyled and painted), from the last large ones."""
        self._state_file = StateFile()
        self.state_due = False
        """Set by what changes the window outside its own input (a lesson's slide key): the next frame
        rewrites the automation state."""
        self._layouts = 0
        """Boards laid out so far (a frame that lays one out is not a typical frame)."""
        self._sentence_whole = True
        """False when the newest sentence did not fit the teaching panel (reported for tests)."""
        self._held: tuple[int, KeyPress, float] | None = None
        """A held key whose binding repeats: (key code, the press, when it fires next)."""
        self._swallowed: int | None = None
        """A key that closed a scene: its repeats are ignored until it is let go (a held Esc leaving
        play must not go on to quit the window below)."""
        self.stand_in = False
        """True while the watch scene only stands in below a scene a command opened (``play``):
        its recipe is the command's, not a maze the user has seen."""
        self.recorder = Recorder()
        self.farewell: list[str] = []
        """What became of the recordings written as the window closed (printed once it is gone)."""
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

    @property
    def camera(self) -> Camera | None:
        """None: the whole maze fits the view; else the zoomed and panned camera."""
        return self.view_camera.camera

    def open_scene(self, name: str, **context: Any) -> None:
        self.scenes.append(make_scene(name, self, **context))
        self.show_help = False
        self.view_camera.reset()
        self.layout_dirty = True

    def open_from_command(self, name: str, **context: Any) -> None:
        """The scene a command asked for, over a watch scene that only stands in for it."""
        self.open_scene(name, **context)
        self.stand_in = True

    def close_scene(self) -> None:
        if len(self.scenes) == 1:
            self.quit()
            return
        closed = self.scenes.pop()
        closed.leave()
        self._hand_back(closed)
        self.view_camera.reset()
        self.layout_dirty = True
        self.scene.resume()
        content = self.scene.board_content()
        if content is not None:
            content.overlay.full_redraw = True

    def _hand_back(self, closed: Scene) -> None:
        """Esc from the command's own scene: the stand-in below shows what that scene handed back
        (the maze just played, not level 1's of the command line)."""
        if not self.stand_in or len(self.scenes) != 1:
            return
        self.stand_in = False
        handed = closed.hands_back()
        if handed is not None:
            self.scene.take_over(*handed)

    def request_quit(self) -> None:
        """Q, Esc or the window's close button: quit, but not at once while a scene holds unsaved
        work (quiz answers, hand edits): the first ask says what would be lost and how to save it,
        a second within QUIT_CONFIRM_SECONDS quits."""
        unsaved = [words for scene in self.scenes for words in scene.unsaved()]
        if unsaved and self.clock_time - self._quit_asked_at > QUIT_CONFIRM_SECONDS:
            self._quit_asked_at = self.clock_time
            self._quit_warning = f"Not saved: {'; '.join(unsaved)}. Quit anyway: Q or Esc again"
            self.message(self._quit_warning, QUIT_CONFIRM_SECONDS)
            return
        self.quit()

    def quit(self) -> None:
        for scene in reversed(self.scenes):
            scene.leave()
        # a recording being written is finished first (or discarded when that takes over a second)
        self.farewell += [outcome.message for outcome in self.recorder.close(self.clock_time)]
        self.running = False

    @property
    def resting(self) -> bool:
        """True when nothing changes by itself: no scene work, no held key, no recording. The frame
        loop then waits for input (or a short timeout, for messages that expire) instead of
        drawing 60 empty frames a second."""
        scene = self.scene
        return (self.running and not scene.busy and not scene.background and self._held is None
                and not self.recorder.recording and not self.recorder.writing)

    @property
    def board_hidden(self) -> bool:
        """True while the player cannot see the board: help over it, or the window minimised."""
        return self.show_help or self.minimised

    def message(self, text_: str, seconds: float = TOAST_SECONDS, yields: bool = False) -> None:
        """Show ``text_`` for ``seconds``. While the warning of a first quit stands (unsaved work:
        the next Q quits), a later message joins it instead of hiding it (a GIF finished writing in
        the same frame hid it, and the user never learnt what a second Q would lose)."""
        warning = self._quit_warning
        standing = warning is not None and self.clock_time - self._quit_asked_at <= QUIT_CONFIRM_SECONDS
        if standing and text_ != warning:
            self.toast = (f"{warning} ({text_})", self._quit_asked_at + QUIT_CONFIRM_SECONDS)
            self._toast_yields = False
            return
        self.toast = (text_, self.clock_time + seconds)
        self._toast_yields = yields

    def show_caption(self, words: str | None) -> None:
        """``words`` stay on screen under any message until the next caption (None: none)."""
        self.caption, self.toast = words, None

    def view_aspect(self) -> float:
        view = self.view_rect()
        return view.height / max(1, view.width)

    def work_budget(self, minimum: float) -> float:
        wanted = max(minimum, self._draw_cost * (1 - DRAW_SHARE) / DRAW_SHARE)
        rest = max(self._overheads, default=self._draw_cost) + (self._paint_cost if self._paint_due else 0.0)
        return max(LEAST_WORK, min(wanted, FRAME_SECONDS - rest))

    # --- shell keys ---------------------------------------------------------------

    def toggle_help(self) -> None:
        """H: the help; on a window too small for it in readable type, H again shows its next page,
        and after the last closes it."""
        if self.show_help and self.help_page + 1 < self._help_pages:
            self.help_page += 1
            return
        self.show_help, self.help_page = not self.show_help, 0

    def toggle_fullscreen(self) -> None:
        """F11: the whole display, and back to the window size it had."""
        if self._windowed_size is None:
            self._windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size, self._windowed_size = self._windowed_size, None
            self.screen = windowed(size)
        self.layout_dirty = True
        self._last_key = None

    def scale_text(self, step: int) -> None:
        scale = text.step_scale(step)
        self.layout_dirty = True
        self.message(f"Text size {scale:.0%}")

    def cycle_theme(self) -> None:
        """F7: the next colour theme; everything is drawn again in it."""
        self.message(look.cycle_theme())
        self.layout_dirty = True

    def cycle_layout(self) -> None:
        """F10: side panel, presenting (words in a strip under the board) or the board alone."""
        self.arrangement, words = look.cycle_arrangement(self.arrangement)
        self.message(words)
        self.layout_dirty = True

    def cycle_walls(self) -> None:
        """F8: thin, normal or thick walls; the board is laid out again."""
        self.message(look.cycle_walls())
        self.layout_dirty = True

    def show_whole_maze(self) -> None:
        self.view_camera.fit()
        self.layout_dirty = True

    def fit_view(self) -> None:
        """Z: the whole maze; in play, Z again follows the player."""
        cell = self.scene.follow_cell()
        following = self.view_camera.toggle_fit(cell)
        self.layout_dirty = True
        if cell is not None:
            self.message("Following you again (Z: the whole maze)" if following
                         else "The whole maze: Z again to follow you")

    def capture_name(self) -> str:
        """What screenshots and recordings of the maze on screen are called."""
        return captures.capture_name(self.scene.recipe() or self.base.recipe())

    def save_screenshot(self) -> Path | None:
        try:
            path = captures.save_png(self.screen, captures.screenshot_dir(), self.capture_name())
        except (OSError, pygame.error) as err:
            self.message(f"Screenshot failed: {getattr(err, 'strerror', None) or err}", 6.0)
            return None
        self.message(f"Screenshot saved: {path}", 6.0)
        return path

    # --- recording the board to a GIF (F9; the work is in recorder.py) -------------

    def write_state(self) -> None:
        """For automation (``MAZE_VISUALIZER_STATE_FILE``): what the window shows, as one JSON
        object, rewritten after each frame that had key or mouse input."""
        timeline = self.scene.timeline()
        board, view, bar = self.board, self.view_rect(), self.scrub_rect()
        state = {
            "window": list(self.screen.get_size()), "fullscreen": self._windowed_size is not None,
            "scene": self.scene.name, "help": self.show_help, "view": list(view), "scrub": list(bar),
            "cell_pixels": board.cell_pixels if board else None, "hover": self.hover,
            "cells": cell_positions(board, view), "endpoints": getattr(self.scene, "endpoints", None),
            "position": timeline.position if timeline else None, "total": timeline.total if timeline else None,
            "panel": list(self.panel_rect()), "layout": self.arrangement.value, "theme": current_theme().name,
            "teaching": teaching_state(self.scene.teaching(), self._sentence_whole),
            "message": self.shown_message(),
        }
        state.update(self.scene.automation_state(view))
        self._state_file.write(state)

    # --- input --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
        elif event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWSHOWN):
            self.minimised = event.type == pygame.WINDOWMINIMIZED
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
        if self._toast_yields:
            self.toast, self._toast_yields = None, False
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

    # --- the frame ----------------------------------------------------------------

    def frame(self, events: list[pygame.event.Event], dt: float) -> list[pygame.Rect]:
        """One frame: input, the scene's work, drawing. Returns the screen rectangles that changed
        (empty when nothing did: the caller then flips nothing)."""
        depth, began = len(self.scenes), time.perf_counter()
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
        work = time.perf_counter()
        # due before this frame can end: room is made for it (else a repaint lands on a full frame)
        self._paint_due, self._painted_for = scene.busy and self._paint_waited(work + FRAME_SECONDS), 0.0
        if not (self.board_hidden and scene.pauses_under_help):
            scene.advance(dt)
        start = time.perf_counter()
        layouts = self._layouts
        rects = self.draw()
        if rects and self._layouts == layouts:  # a new layout is a one-off, not the cost of a frame
            cost = time.perf_counter() - start
            self._draw_cost = cost if self._draw_cost == 0 else 0.8 * self._draw_cost + 0.2 * cost
        if self._layouts == layouts and scene.busy:
            self._overheads.append(time.perf_counter() - began - (start - work) - self._painted_for)
        rects = self.record_frame(rects)
        if self._state_file and (self.state_due or any(event.type in INPUT_EVENTS for event in events)):
            self.state_due = False
            self.write_state()
        return rects

    # --- the board's layout (the rectangles: shell_layout.py) -------------------

    def _ensure_layout(self, content: BoardContent) -> None:
        """Build the board again when the grid, the window, the zoom or the pan changed."""
        view = self.view_rect()
        board = self.board
        if board is not None and board.grid is not content.grid and board.same_shape(content.grid):
            board.grid = content.grid  # a restart on the same grid shape keeps the layout
            content.overlay.full_redraw = True
        if (self.layout_dirty or board is None or self.board_surface is None or board.grid is not content.grid
                or (board.width, board.height) != view.size or self.board_surface.get_size() != view.size):
            if board is not None and board.grid is not content.grid and not self.layout_dirty:
                self.view_camera.camera = None  # a new maze starts fitted
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

    def shown_message(self) -> str | None:
        """The message on screen now; once its time is up the caption, if any (else None)."""
        return self.toast[0] if self.toast and self.clock_time <= self.toast[1] else self.caption

    def panel_content(self) -> PanelContent:
        """What the panel shows this frame, asked of the scene once."""
        scene = self.scene
        hover = scene.hover_lines(self.hover) if self.hover >= 0 and self._hover_valid() else None
        extra = scene.extra_panel()
        return PanelContent(
            teaching=scene.teaching(), lines=scene.panel_lines(), hover=hover, extra=extra,
            chart=scene.bar_chart() if extra is not None else None, scale=scene.colour_scale(),
            legend=tuple((key, scene.legend_label(key)) for key in scene.legend_keys()), hint=scene.hint(),
            message=self.shown_message())

    def frame_key(self, panel: PanelContent) -> FrameKey:
        """What this frame shows besides the board's cells, part by part (see ``FrameKey``)."""
        scene = self.scene
        window = (id(scene), self.screen.get_size(), text.scale(), (self.show_help, self.help_page), self._layouts,
                  ui(), self.arrangement)
        return FrameKey(window, (scene.draw_key(), self.camera), scene.timeline(), (panel, self._choice))

    def _hover_valid(self) -> bool:
        content = self.scene.board_content()
        return content is not None and self.hover < content.grid.size

    def draw(self) -> list[pygame.Rect]:
        scene = self.scene
        content = scene.board_content()
        if content is not None:
            self._ensure_layout(content)
            if self.board is not None:
                self.layout_dirty |= self.view_camera.follow(self.board, self.view_rect(), content.grid,
                                                             scene.follow_cell())
                if self.view_camera.moved_since_fit(scene.follow_cell()):
                    self.message("Z: back to the view that follows you")
                self._ensure_layout(content)
        painted = self.paint_board(content) if content is not None else False
        panel = self.panel_content()
        key = self.frame_key(panel)
        if not painted and key == self._last_key:
            return []
        timeline = scene.timeline()
        rects = layout.changed_rects(self._last_key, key, painted, self.show_help, self.screen.get_size(),
                                     timeline is not None, self.arrangement, self.words_room(), self.words_want())
        self._last_key = key
        self.screen.fill(ui().window)
        view = self.view_rect()
        if content is not None and self.board_surface is not None and self.board is not None:
            self.screen.blit(self.board_surface, view.topleft)
            self.screen.set_clip(view)
            scene.draw_on_board(self.screen, self.board, view.topleft)
        else:
            self.screen.set_clip(view)
            scene.draw_on_screen(self.screen, view)
        self.screen.set_clip(None)
        if timeline is not None:
            draw_scrub_bar(self.screen, self.scrub_rect(), timeline, max(10, int(self.text_size() * 0.75)))
        SPOTS.expect(scene.choice_phrases())
        whole = self.draw_words(panel)
        SPOTS.light(self.screen, self._choice)
        if whole is not None:
            self._sentence_whole = whole
        if self.show_help:
            self._help_pages = draw_help(self.screen, self.help_rows(), self.text_size(), self.help_page)
            self.help_page = min(self.help_page, self._help_pages - 1)  # a larger window: fewer pages
        return rects

    def draw_words(self, panel: PanelContent) -> bool | None:
        """The panel, strip or caption, as the arrangement says; whether the newest sentence is whole."""
        rect, size, window = self.panel_rect(), self.text_size(), self.screen.get_size()
        if self.arrangement is Arrangement.PRESENTING:
            return draw_strip(self.screen, rect, size, layout.caption_size(window), panel)
        if self.arrangement is Arrangement.BOARD:
            return draw_caption(self.screen, rect, layout.caption_size(window), panel)
        return draw_panel(self.screen, rect, size, panel)

    def help_rows(self) -> list[Binding]:
        return self.scene.overlay_rows() + self.extra_help + SHELL_KEYS.help_rows()

    def _paint_waited(self, now: float) -> bool:
        """True when a busy board has gone long enough without a repaint: the scene's interval, or
        long enough that repainting stays within DRAW_SHARE of the time (at most PAINT_WAIT)."""
        wait = max(self.scene.repaint_interval(), min(PAINT_WAIT, self._paint_cost * (1 - DRAW_SHARE) / DRAW_SHARE))
        return not wait or now - self._last_paint >= wait

    def paint_board(self, content: BoardContent) -> bool:
        """Bring the board surface up to date with the cells that changed; True when it painted."""
        overlay = content.overlay
        now = time.perf_counter()
        if not overlay.full_redraw and not overlay.dirty:
            return False
        if self.scene.busy and not self._paint_waited(now):
            return False
        full, cells = overlay.take_dirty()
        assert self.board is not None and self.board_surface is not None
        pixels = pygame.surfarray.pixels2d(self.board_surface)
        try:
            self.board.paint(pixels, content.maze, overlay, full, cells)
        finally:
            del pixels  # unlock the surface before it is blitted
        self._last_paint = time.perf_counter()
        self._painted_for = self._last_paint - now
        cost = min(MAX_WORK, self._painted_for)  # a repaint of many cells costs them, not the maze
        self._paint_cost = cost if full or not self._paint_cost else 0.7 * self._paint_cost + 0.3 * cost
        if not full and len(cells) >= COSTED_CELLS:
            self._cell_cost = 0.5 * self._cell_cost + 0.5 * self._painted_for / len(cells)
        return True

    def repaint_cells(self, seconds: float) -> int:
        return int(max(0.0, seconds) / self._cell_cost)
