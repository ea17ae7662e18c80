"""Recording the board view into an animated GIF while the window runs (F9).

Recording must not slow the animation down. A captured frame costs the window one downscaled copy
of the board area (at most CAPTURE_FPS a second, at most MAX_WIDTH pixels across); a worker thread
maps each copy onto a fixed palette and keeps it compressed (a 30-second recording holds a few
megabytes, not a gigabyte of pixels). Stopping hands the frames to that thread, which encodes the
GIF and writes it atomically; the shell polls for the result and shows where it went.

Each frame lasts until the next capture, so the GIF plays at the speed the run was watched, pauses
included; a capture the worker has no room for is skipped (the frame before it lasts longer).

Closing the window never waits long for a write: what is not written within QUIT_WAIT seconds is
discarded (the workers are daemon threads, so nothing keeps the process alive), and a view too
small to show anything (a window dragged down to a sliver) is simply not captured.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pygame

from ..export.animation import GIF_TICK_MS, encode_gif, palette_images
from ..files.atomic import write_atomic
from ..render.annotations import LONGEST, OUTLINE, TONE_COLOURS
from ..render.board import COLOURS
from ..render.palette import ACCENT, BUMP, GOAL, PANEL, PLAYER, PLAYER_RING, TEXT, TEXT_DIM
from . import text

if TYPE_CHECKING:
    from PIL import Image

LIMIT_SECONDS = 30.0
"""A recording stops by itself after this long (and says so when it starts)."""
CAPTURE_FPS = 15.0
MAX_WIDTH = 800
QUEUE_FRAMES = 8
"""Captures waiting for the worker; when it falls behind, a capture is skipped."""
QUIT_WAIT = 1.0
"""Seconds the closing window waits for recordings still being written; the rest are discarded."""
DISCARDED = "the window closed before it was written"
MIN_FRAME_MS = 2 * GIF_TICK_MS
"""Browsers play shorter GIF delays as 100 ms."""
REC_RED = (230, 40, 40)
MARK_BACKGROUND = (18, 20, 26)
CUBE_LEVELS = (0, 64, 128, 192, 255)
"""A coarse colour cube completes the palette: text, blended edges, anything not on the board."""


def recording_palette() -> bytes:
    """The board's colours, the marks drawn over it, greys and a colour cube: at most 255 entries,
    each once (a GIF needs a spare entry for the transparent pixels of its frames)."""
    marks = [OUTLINE, LONGEST, PLAYER, PLAYER_RING, GOAL, BUMP, ACCENT, PANEL, TEXT, TEXT_DIM, (20, 20, 20),
             *TONE_COLOURS.values()]
    greys = [(v, v, v) for v in range(0, 256, 17)]
    cube = [(r, g, b) for r in CUBE_LEVELS for g in CUBE_LEVELS for b in CUBE_LEVELS]
    colours: dict[tuple[int, int, int], None] = {}
    for colour in [*map(tuple, COLOURS.tolist()), *marks, *greys, *cube]:
        colours.setdefault((int(colour[0]), int(colour[1]), int(colour[2])), None)
    entries = list(colours)[:255]
    return np.array(entries, dtype=np.uint8).tobytes()


_TAKEN: set[Path] = set()
"""Paths promised to a recording still being written: two recordings stopped within one second
share a stem, and each worker must get its own file."""
_TAKEN_LOCK = threading.Lock()


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem.suffix``, or ``stem-2``, ``stem-3``... when that is taken (on disk, or promised to
    another recording's worker); the path returned is promised until ``release``."""
    with _TAKEN_LOCK:
        path = folder / f"{stem}{suffix}"
        counter = 2
        while path.exists() or path in _TAKEN:
            path = folder / f"{stem}-{counter}{suffix}"
            counter += 1
        _TAKEN.add(path)
        return path


def release(path: Path) -> None:
    with _TAKEN_LOCK:
        _TAKEN.discard(path)


def frame_lengths(times: list[float], end: float) -> list[int]:
    """Milliseconds each captured frame stays, in GIF ticks, rounded on the running total (so the
    GIF lasts as long as the recording); every frame at least MIN_FRAME_MS."""
    ends = [*times[1:], end]
    lengths, shown = [], 0
    for moment in ends:
        tick = max(shown + MIN_FRAME_MS, round((moment - times[0]) * 1000 / GIF_TICK_MS) * GIF_TICK_MS)
        lengths.append(tick - shown)
        shown = tick
    return lengths


@dataclass(frozen=True)
class Outcome:
    """A finished write: the GIF's path, or why there is none."""

    path: Path | None
    frames: int
    error: str = ""

    @property
    def message(self) -> str:
        if self.path is None:
            return f"Recording failed: {self.error}"
        return f"Recording saved ({self.frames} frames): {self.path}"


class Cancelled(Exception):
    """The window closed before the recording was written: its frames are dropped."""


class Recording:
    """One recording: captures go in from the window, a GIF comes out of its own thread."""

    def __init__(self, folder: Path, stem: str, size: tuple[int, int], palette: bytes) -> None:
        self.folder, self.stem, self.size, self.palette = folder, stem, size, palette
        self.times: list[float] = []
        self.frames: list[bytes] = []
        """Captured frames as zlib-compressed palette indices (worker thread only until it ends)."""
        self.outcome: Outcome | None = None
        self._inbox: queue.Queue[tuple[float, pygame.Surface | None]] = queue.Queue(QUEUE_FRAMES)
        self._palette_image = _palette_image(palette)
        self._cancelled = threading.Event()
        self._thread = threading.Thread(target=self._work, name=f"recording {stem}", daemon=True)
        self._thread.start()

    def offer(self, when: float, frame: pygame.Surface) -> bool:
        """Queue a captured frame; False (the frame skipped) when the worker is behind."""
        try:
            self._inbox.put_nowait((when, frame))
        except queue.Full:
            return False
        return True

    def finish(self, when: float) -> None:
        """No more frames: the thread encodes and writes what it has (the last frame ends at ``when``).
        Never blocks for long: a worker that cannot take the word within QUIT_WAIT is cancelled."""
        try:
            self._inbox.put((when, None), timeout=QUIT_WAIT if self._thread.is_alive() else 0)
        except queue.Full:
            self.cancel()

    def cancel(self) -> None:
        """Drop the recording: the worker stops at its next frame and writes nothing."""
        self._cancelled.set()
        try:
            self._inbox.put_nowait((0.0, None))  # wake a worker waiting for frames
        except queue.Full:
            pass

    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _work(self) -> None:
        """Compress frames as they come; at the end, encode and write the GIF."""
        try:
            while True:
                when, frame = self._inbox.get()
                if frame is None or self._cancelled.is_set():
                    break
                self.times.append(when)
                self.frames.append(self._compressed(frame))
            self.outcome = self._write(when)
        except Cancelled:
            self.outcome = Outcome(None, len(self.frames), DISCARDED)
        except Exception as err:  # a worker must report its failure, never die silently
            self.outcome = Outcome(None, len(self.frames), str(err) or type(err).__name__)

    def _compressed(self, frame: pygame.Surface) -> bytes:
        """A frame as palette indices (each pixel its nearest palette colour), compressed."""
        from PIL import Image

        indexed = rgb_image(frame).quantize(palette=self._palette_image, dither=Image.Dither.NONE)
        return zlib.compress(indexed.tobytes(), 1)

    def _write(self, end: float) -> Outcome:
        if self._cancelled.is_set():
            raise Cancelled
        if not self.frames:
            return Outcome(None, 0, "no frame was captured")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = free_path(self.folder, self.stem, ".gif")
            try:
                data = encode_gif(self._images(), frame_lengths(self.times, end), self.palette)
                write_atomic(path, data)
            finally:
                release(path)
        except OSError as err:
            return Outcome(None, len(self.frames), err.strerror or str(err))
        return Outcome(path, len(self.frames))

    def _images(self) -> Iterator[Image.Image]:
        for image in palette_images((zlib.decompress(f) for f in self.frames), self.size, self.palette):
            if self._cancelled.is_set():
                raise Cancelled
            yield image


XRGB_MASKS = (0xFF0000, 0xFF00, 0xFF)
"""The usual 32-bit surface layout: blue, green, red, unused, byte by byte on a little-endian machine."""


def rgb_image(frame: pygame.Surface) -> Image.Image:
    """A surface as a Pillow RGB image, read straight from its memory when it has the usual layout
    (a third of the cost of a copy through bytes: this runs for every frame recorded)."""
    from PIL import Image

    if frame.get_bitsize() == 32 and frame.get_masks()[:3] == XRGB_MASKS and sys.byteorder == "little":
        return Image.frombuffer("RGB", frame.get_size(), frame.get_buffer(), "raw", "BGRX", frame.get_pitch(), 1)
    return Image.frombytes("RGB", frame.get_size(), pygame.image.tobytes(frame, "RGB"))


def _palette_image(palette: bytes) -> Image.Image:
    from PIL import Image

    image = Image.new("P", (1, 1))
    image.putpalette(palette)
    return image


def fitted(source: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``source`` scaled into ``size`` keeping its shape, centred (the view may have been resized
    since the recording began)."""
    if source.get_size() == size:
        return source.copy()
    scale = min(size[0] / source.get_width(), size[1] / source.get_height())
    inner = (max(1, round(source.get_width() * scale)), max(1, round(source.get_height() * scale)))
    smooth = pygame.transform.smoothscale if source.get_bitsize() >= 24 else pygame.transform.scale
    scaled = smooth(source, inner)
    if inner == size:
        return scaled
    frame = pygame.Surface(size, depth=32)
    frame.fill(MARK_BACKGROUND)
    frame.blit(scaled, ((size[0] - inner[0]) // 2, (size[1] - inner[1]) // 2))
    return frame


def recording_size(view: tuple[int, int], max_width: int = MAX_WIDTH) -> tuple[int, int]:
    """The GIF's size: the board view, shrunk to at most ``max_width`` across."""
    width, height = max(1, view[0]), max(1, view[1])
    if width <= max_width:
        return width, height
    return max_width, max(1, round(height * max_width / width))


class Recorder:
    """The window's recorder: at most one recording at a time, any number still being written."""

    def __init__(self, limit: float | None = None, fps: float = CAPTURE_FPS, max_width: int = MAX_WIDTH) -> None:
        self.limit = LIMIT_SECONDS if limit is None else limit
        self.interval = 1.0 / fps
        self.max_width = max_width
        self.active: Recording | None = None
        self.writing: list[Recording] = []
        self.started = 0.0
        self.skipped = 0
        """Captures the worker had no room for (the frame before each lasted longer)."""
        self._palette = recording_palette()
        self._last_capture = float("-inf")
        self._owed = False
        self._mark_label = ""

    @property
    def recording(self) -> bool:
        return self.active is not None

    def start(self, folder: Path, stem: str, view: tuple[int, int], now: float) -> None:
        self.active = Recording(folder, stem, recording_size(view, self.max_width), self._palette)
        self.started = now
        self.skipped = 0
        self._last_capture = float("-inf")
        self._owed = True  # the first frame as soon as possible
        self._mark_label = ""

    def stop(self, now: float) -> None:
        """End the recording; its thread encodes and writes the GIF (see ``poll``)."""
        if self.active is None:
            return
        self.active.finish(now)
        self.writing.append(self.active)
        self.active = None

    def elapsed(self, now: float) -> float:
        return now - self.started if self.active is not None else 0.0

    def over_limit(self, now: float) -> bool:
        return self.active is not None and self.elapsed(now) >= self.limit

    def owes_frame(self, now: float) -> bool:
        """True when the screen changed since the last capture, which was skipped for the frame rate,
        and a capture is due: the shell then redraws the (otherwise unchanged) screen to capture it."""
        return self.active is not None and self._owed and now - self._last_capture >= self.interval

    def capture(self, surface: pygame.Surface, rect: pygame.Rect, now: float) -> None:
        """Called after a frame was drawn (before the REC mark): keep a reduced copy of ``rect``, at
        most once per interval; a skipped frame is owed and captured when next due."""
        if self.active is None:
            return
        if now - self._last_capture < self.interval:
            self._owed = True
            return
        shown = rect.clip(surface.get_rect())
        if shown.width < 1 or shown.height < 1:  # the window is too small to show the board: nothing to keep
            return
        frame = fitted(surface.subsurface(shown), self.active.size)
        if not self.active.offer(now, frame):
            self.skipped += 1
        self._last_capture = now
        self._owed = False

    def poll(self) -> list[Outcome]:
        """Writes that have finished since the last call."""
        finished = [r for r in self.writing if r.done()]
        self.writing = [r for r in self.writing if r not in finished]
        return [r.outcome for r in finished if r.outcome is not None]

    def close(self, now: float, wait: float = QUIT_WAIT) -> list[Outcome]:
        """Stop recording and wait for the writes, at most ``wait`` seconds in all (the window is
        closing); a write not done by then is cancelled and its recording discarded."""
        self.stop(now)
        deadline = time.monotonic() + wait
        for recording in self.writing:
            recording.wait(max(0.0, deadline - time.monotonic()))
        for recording in self.writing:
            if not recording.done():
                recording.cancel()
                recording.wait(0.2)
        return self.poll()

    def draw_mark(self, surface: pygame.Surface, view: pygame.Rect, now: float, size: int,
                  redrawn: bool) -> pygame.Rect | None:
        """The red REC mark and the seconds recorded, in the board view's top left corner. Returns
        the area drawn, or None when the screen still shows the same mark."""
        if self.active is None:
            return None
        label = f"REC {int(self.elapsed(now))} s"
        if not redrawn and label == self._mark_label:
            return None
        self._mark_label = label
        words = text.rendered(label, size, REC_RED, True)
        pad = max(4, size // 3)
        dot = words.get_height() // 3
        box = pygame.Rect(view.left + pad, view.top + pad, words.get_width() + 2 * dot + 3 * pad,
                          words.get_height() + pad)
        pygame.draw.rect(surface, MARK_BACKGROUND, box, border_radius=pad)
        pygame.draw.rect(surface, REC_RED, box, 2, border_radius=pad)
        pygame.draw.circle(surface, REC_RED, (box.left + pad + dot, box.centery), dot)
        surface.blit(words, (box.left + 2 * pad + 2 * dot, box.top + pad // 2))
        return box
