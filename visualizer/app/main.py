"""Open a window that fits the screen and run the frame loop."""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from ..files.assets import asset
from ..files.stopping import stops_deferred
from ..run.spec import MazeSpec
from . import look, text
from .bookmarks import Bookmarks
from .shell import Shell

WINDOW_SIZE = (1280, 800)
"""The window size when the screen has room for it."""
SCREEN_MARGIN = (40, 90)
"""Room left for window borders, title bar and task bars on a small screen."""
MIN_SIZE = (640, 480)
FPS = 60
REST_MS = 100
"""While the window rests (nothing changes by itself) it wakes at least this often: input wakes it
at once; messages that expire and clocks that tick are drawn at most this late."""
REST_SLICE = 0.01
"""Seconds between two looks at the event queue while resting (the longest a key waits)."""


FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
DIRECT_FRAMEBUFFER_DRIVERS = frozenset({"x11"})
"""Video drivers whose own framebuffer (XShm on X11) the window draws through. Left to itself SDL
puts a software-drawn window through an OpenGL texture there: on a machine without a GPU driver
(Xvfb, a remote desktop, a school thin client) that loads a software GL (about 105 MB more memory)
and makes every full-window update 15x dearer (38 ms against 2.2 ms at 1728 x 972 under Xvfb).
Wayland has no framebuffer of its own, so it keeps SDL's choice; the environment variable, when set,
wins."""

DISPLAY_SHARE = 0.9
"""On a screen larger than WINDOW_SIZE the window takes about this share of it (a 1920x1080
projector gets a board worth reading without F11)."""


def window_size(desktop: tuple[int, int] | None, wanted: tuple[int, int] = WINDOW_SIZE) -> tuple[int, int]:
    """The window size: ``wanted``, or about 90 % of a larger screen; on a smaller one as much as
    fits (never off screen)."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return wanted
    room = (max(MIN_SIZE[0], desktop[0] - SCREEN_MARGIN[0]), max(MIN_SIZE[1], desktop[1] - SCREEN_MARGIN[1]))
    large = (max(wanted[0], int(desktop[0] * DISPLAY_SHARE)), max(wanted[1], int(desktop[1] * DISPLAY_SHARE)))
    return min(large[0], room[0], desktop[0]), min(large[1], room[1], desktop[1])


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window will open on (the first display)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def open_window(size: tuple[int, int] | None = None) -> pygame.Surface:
    """Initialise only what we use (no audio: classroom machines often have no sound device); the
    window is centred and sized to fit the screen unless ``size`` is given."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    pygame.display.init()
    if pygame.display.get_driver() in DIRECT_FRAMEBUFFER_DRIVERS:
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")
    pygame.font.init()
    text.reset_cache()
    pygame.display.set_caption("Maze Visualizer")
    try:
        pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
    except (FileNotFoundError, pygame.error):
        pass
    return pygame.display.set_mode(size or window_size(desktop_size()), pygame.RESIZABLE)


def freeze_start_up() -> None:
    """Take every object alive now (the modules, numpy's and pygame's among them: some 35,000) out
    of the garbage collector's sight. A full collection looks at each object it tracks, 20 - 45 ms
    on this machine with those loaded, and one falls in a frame every few seconds of a large run:
    blobby division at 1000 x 1000 had 4 - 8 frames over 100 ms, each with one, and none after.
    Called before the first run exists, so every run's objects are collected as ever."""
    gc.collect()
    gc.freeze()


def run_app(spec: MazeSpec, speed: float | None = None, scene: str | None = None, theme: str | None = None,
            walls: str | None = None, layout: str | None = None, quiz: int | None = None, **context: Any) -> int:
    """The window on the watch scene with ``spec``; with ``scene``, that scene opened over it (built
    with ``context``: play's mode, compare's recipes; and ``speed`` when one is given: only the
    scenes that run generators take one). ``theme``, ``walls`` and ``layout`` override the remembered look;
    ``quiz`` starts the watch scene's quiz, asking every that many steps (0: at decision points)."""
    look.start(theme, walls, layout)
    # Ctrl+C, SIGTERM and SIGHUP are noted from here on and close the window at the next frame as its
    # close button does (the game saved, a recording finished); the command then ends with the signal's
    # status. A second one does not wait.
    with stops_deferred() as stop:
        shell = None
        try:
            screen = open_window()
            freeze_start_up()
            shell = Shell(spec, speed=speed, screen=screen, quiz=quiz)
            if scene is not None:
                pace = {} if speed is None else {"speed": speed}
                shell.open_from_command(scene, spec=spec, **pace, **context)
            frame_loop(shell, [Bookmarks(shell)], until=lambda: stop.signum is not None)
            if stop.signum is not None:
                shell.quit()
        finally:
            if shell is not None and shell.running:  # ended by an error: a recording must not keep us alive
                shell.recorder.close(shell.clock_time)
            pygame.quit()
        for words in shell.farewell:
            print(words, file=sys.stderr)
    stop.raise_if_stopped()
    return 0


def rest(seconds: float) -> None:
    """Sleep until input arrives or ``seconds`` pass, looking every REST_SLICE (pygame's own
    ``event.wait`` with a timeout polls the queue far more often: more CPU than 60 frames a second)."""
    end = time.monotonic() + seconds
    while not pygame.event.peek():
        left = end - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(REST_SLICE, left))


class EventFilter(Protocol):
    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used up (it does not reach the shell)."""


def frame_loop(shell: Shell, filters: Sequence[EventFilter] = (), until: Callable[[], bool] | None = None) -> None:
    """Frames until the window closes (or ``until`` says so): 60 a second while something moves,
    as many as it can get at instant; when a frame drew nothing and nothing changes by itself, it
    sleeps until input arrives (at most REST_MS), so an idle window costs next to nothing."""
    clock = pygame.time.Clock()
    resting = False
    while shell.running and not (until is not None and until()):
        if resting:
            rest(REST_MS / 1000)
            dt = clock.tick() / 1000
        else:
            dt = clock.tick(0 if shell.scene.unthrottled else FPS) / 1000
        events = pygame.event.get()
        rects = shell.frame([event for event in events if not any(f.handle(event) for f in filters)], dt)
        if rects:
            pygame.display.update(rects)
        resting = not rects and not events and shell.resting
