"""F9 in the shell: recording the board view to a GIF while the window runs (``app.recorder`` does
the capturing and the writing in the background; this is when to capture, and what to say)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import captures

if TYPE_CHECKING:
    from ..render.board import Board
    from .layout import FrameKey
    from .recorder import Recorder
    from .scene import Scene


class RecordingKeys:
    """The shell's recording glue (the shell owns the recorder, the screen and the clock)."""

    recorder: Recorder
    screen: pygame.Surface
    clock_time: float
    board: Board | None
    _last_key: FrameKey | None

    if TYPE_CHECKING:
        @property
        def scene(self) -> Scene: ...

        def message(self, text_: str, seconds: float = ..., yields: bool = False) -> None: ...

        def capture_name(self) -> str: ...

        def draw(self) -> list[pygame.Rect]: ...

        def view_rect(self) -> pygame.Rect: ...

        def text_size(self) -> int: ...

    def toggle_recording(self) -> None:
        """F9: start recording the board view, or stop and write the GIF in the background."""
        if self.recorder.recording:
            self.stop_recording("Recording stopped")
            return
        self.recorder.start(captures.screenshot_dir(), self.capture_name(), self.record_rect().size, self.clock_time)
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
            recorder.capture(self.screen, self.record_rect(), now)
        mark = recorder.draw_mark(self.screen, view, now, self.text_size(), bool(rects))
        return rects + [mark] if mark is not None else rects

    def record_rect(self) -> pygame.Rect:
        """What F9 records: the maze as drawn (a few pixels of margin), not the view's empty bands;
        the whole view when the scene draws no single board (compare, the lab)."""
        view = self.view_rect()
        if self.board is None or self.scene.board_content() is None:
            return view
        x, y, width, height = self.board.drawn_rect()
        return pygame.Rect(view.left + x, view.top + y, width, height).inflate(8, 8).clip(view)
