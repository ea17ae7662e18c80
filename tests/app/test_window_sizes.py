"""Any window size, at any moment: every scene survives being resized down to a single pixel and
back, with or without an F9 recording running, and the window still closes at once afterwards.

The fuzz drives the shell's own frame loop with seeded random keys (every key any table binds, with
random modifiers), clicks, drags, wheel turns and resizes (VIDEORESIZE and WINDOWSIZECHANGED, as a
real window manager sends them) on the dummy video driver. ``MAZE_VISUALIZER_FUZZ_ACTIONS`` sets the
actions per scene (the default keeps the file under a minute; 5000 is a good long run) and
``MAZE_VISUALIZER_FUZZ_SEED`` adds to each scene's seed.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable

import pygame
import pytest

from visualizer.app import keys
from visualizer.app.bookmarks import MARK_KEY, Bookmarks
from visualizer.app.lesson_view import NEXT_KEY, PREVIOUS_KEY, Presenter
from visualizer.app.main import open_window
from visualizer.app.recorder import QUIT_WAIT
from visualizer.app.scenes.lab import LAB_KEYS
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.run.lesson import find_lesson
from visualizer.run.spec import MazeSpec

ACTIONS = int(os.environ.get("MAZE_VISUALIZER_FUZZ_ACTIONS", "700"))
SEED = os.environ.get("MAZE_VISUALIZER_FUZZ_SEED", "")
"""Another seed for a long run finds what the default one does not reach."""
SLOWEST_FRAME = 3.0
"""Seconds: a frame slower than this is a window that stopped answering (the target is 0.5 s on an
idle machine; this bound only catches hangs on a loaded test machine)."""
SIZES = [(1, 1), (2, 1), (1, 2), (1, 600), (960, 1), (3, 3), (17, 9), (40, 30), (120, 90), (200, 40),
         (320, 240), (640, 480), (960, 600)]
MODS = [0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL, pygame.KMOD_LALT]
SPEC = MazeSpec("backtracker", "square", 14, 9, 3)


def bound_keys() -> list[int]:
    """Every key any table binds, and the lesson's and bookmarks' keys."""
    tables = [keys.SHELL_KEYS, keys.WATCH_KEYS, keys.COMPARE_KEYS, keys.PLAY_KEYS, LAB_KEYS]
    codes = {code for table in tables for binding in table.bindings for code, _ in binding.chords}
    return sorted(codes | {NEXT_KEY, PREVIOUS_KEY, MARK_KEY, pygame.K_w, pygame.K_UP, pygame.K_DOWN})


KEYS = bound_keys()


class Window:
    """A shell with what ``main.run_app`` and the lesson loop put in front of it, opened on one scene."""

    def __init__(self, opener: Callable[[Shell], Presenter | None]) -> None:
        self.opener = opener
        self.shell = Shell(SPEC, speed=INSTANT, screen=pygame.display.get_surface())
        self.filters: list = [Bookmarks(self.shell)]
        presenter = opener(self.shell)
        if presenter is not None:
            self.filters.insert(0, presenter)
        self.scene = self.shell.scene.name
        self.slowest = 0.0

    def frame(self, events: list[pygame.event.Event], dt: float) -> None:
        kept = [e for e in events if not any(f.handle(e) for f in self.filters)]
        start = time.perf_counter()
        rects = self.shell.frame(kept, dt)
        if rects:
            pygame.display.update(rects)
        self.slowest = max(self.slowest, time.perf_counter() - start)

    def reopen_if_left(self) -> None:
        """A key closed the scene (Esc) or the window (Q): open it again, as a user would."""
        if not self.shell.running:
            self.shell = Shell(SPEC, speed=INSTANT, screen=pygame.display.get_surface())
            self.filters = [Bookmarks(self.shell)]
            presenter = self.opener(self.shell)
            if presenter is not None:
                self.filters.insert(0, presenter)
        elif self.scene != "watch" and self.shell.scene is self.shell.base:
            self.opener(self.shell)

    def keep_small(self) -> None:
        """Mazes stay small so the test stays quick (] grows them)."""
        recipe = self.shell.scene.recipe() or self.shell.base.recipe()
        if recipe is not None and recipe.width * recipe.height > 900:
            self.frame([key(pygame.K_LEFTBRACKET)], 0.0)


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def resize(size: tuple[int, int], kind: int) -> list[pygame.event.Event]:
    """What the window manager does: the surface changes size, then the event arrives."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    if kind == pygame.VIDEORESIZE:
        return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
    return [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])]


def mouse(rng: random.Random, shell: Shell) -> list[pygame.event.Event]:
    """A click, a drag, a wheel turn or a scrub-bar press anywhere in (or off) the window."""
    width, height = shell.screen.get_size()
    x, y = rng.randrange(-4, width + 4), rng.randrange(-4, height + 4)
    choice = rng.random()
    if choice < 0.25:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    if choice < 0.6:
        return [down, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)]
    to = (x + rng.randrange(-80, 81), y + rng.randrange(-80, 81))
    return [down, pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(to[0] - x, to[1] - y), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1)]


def random_events(rng: random.Random, window: Window) -> list[pygame.event.Event]:
    roll = rng.random()
    if roll < 0.12:
        size = rng.choice(SIZES) if rng.random() < 0.8 else (rng.randrange(1, 1200), rng.randrange(1, 900))
        return resize(size, rng.choice((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)))
    if roll < 0.3:
        return mouse(rng, window.shell)
    if roll < 0.33:
        return [key(pygame.K_F9)]  # recordings start and stop at any size
    return [key(rng.choice(KEYS), rng.choice(MODS))]


def open_compare(shell: Shell, race: bool = False) -> None:
    specs = [SPEC.with_(algorithm=name) for name in ("backtracker", "prim", "kruskal", "wilson")]
    shell.open_scene("compare", spec=specs[0], specs=specs, race=race, speed=INSTANT)


def open_play(grid: str = "square", **context) -> Callable[[Shell], None]:
    def opener(shell: Shell) -> None:
        shell.open_scene("play", spec=MazeSpec("backtracker", grid, 10, 8, 4), mode="new", **context)
    return opener


def open_lesson(shell: Shell) -> Presenter:
    presenter = Presenter(shell, find_lesson("depth-first"), lambda _: None)
    presenter.show(0)
    return presenter


OPENERS: dict[str, Callable[[Shell], Presenter | None]] = {
    "watch": lambda shell: None,
    "compare": open_compare,
    "compare race": lambda shell: open_compare(shell, race=True),
    "lab": lambda shell: shell.open_scene("lab", spec=SPEC.with_(width=8, height=6), samples=4),
    "play": open_play(),
    "play polar": open_play("polar"),
    "play first person": open_play(view="first-person"),
    "play two players": open_play(players=2),
    "lesson": open_lesson,
}


@pytest.fixture
def window_env(data, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path / "shots"))
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


def quit_promptly(window: Window) -> None:
    """Q (or the window's close button) ends the window within about a second, recording or not."""
    start = time.perf_counter()
    unsaved = [words for scene in window.shell.scenes for words in scene.unsaved()]
    window.frame([pygame.event.Event(pygame.QUIT)], 1 / 60)
    if unsaved:  # random clicks edited the maze or answered a quiz: the first ask only warns
        assert window.shell.running and "Not saved" in (window.shell.shown_message() or "")
        window.frame([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert not window.shell.running
    assert time.perf_counter() - start < QUIT_WAIT + 0.5
    assert not window.shell.recorder.writing and not window.shell.recorder.recording


@pytest.mark.parametrize("scene", list(OPENERS))
@pytest.mark.parametrize("recording", [False, True])
def test_one_pixel_and_back_in_every_scene(window_env, scene, recording):
    window = Window(OPENERS[scene])
    window.frame([], 0.0)
    if recording:
        window.frame([key(pygame.K_F9)], 1 / 60)
        assert window.shell.recorder.recording
    for size in [(1, 1), (960, 600), (1, 600), (960, 1), (2, 2), (640, 480)]:
        window.frame(resize(size, pygame.VIDEORESIZE), 1 / 15)
        for _ in range(3):
            window.frame([], 1 / 15)
        assert window.shell.running and window.shell.scene.name == window.scene
    assert window.shell.recorder.recording == recording
    quit_promptly(window)


@pytest.mark.parametrize("scene", list(OPENERS))
def test_random_keys_clicks_and_resizes(window_env, scene):
    rng = random.Random(f"window sizes {scene}{SEED}")
    window = Window(OPENERS[scene])
    window.frame([], 0.0)
    for _ in range(ACTIONS):
        window.frame(random_events(rng, window), rng.choice((0.0, 1 / 60, 1 / 15, 0.3)))
        window.reopen_if_left()
        window.keep_small()
    assert window.slowest < SLOWEST_FRAME, f"a frame took {window.slowest:.1f} s"
    window.frame([key(pygame.K_F9)], 1 / 60)  # maybe recording now: quitting must still be prompt
    quit_promptly(window)


def test_a_recording_that_cannot_be_written_in_time_is_dropped_on_quit(window_env, monkeypatch):
    """A write still going after QUIT_WAIT seconds is cancelled: nothing keeps the process alive."""
    from visualizer.app import recorder as recorder_module

    release = threading.Event()
    real = recorder_module.encode_gif

    def slow_encode(images, lengths, palette):
        release.wait(10)
        return real(images, lengths, palette)

    monkeypatch.setattr(recorder_module, "encode_gif", slow_encode)
    window = Window(OPENERS["watch"])
    window.frame([key(pygame.K_F9)], 1 / 60)
    for _ in range(5):
        window.frame([], 1 / 15)
    start = time.perf_counter()
    outcomes = window.shell.recorder.close(window.shell.clock_time, wait=0.3)
    assert time.perf_counter() - start < 1.0
    release.set()
    (worker,) = [t for t in threading.enumerate() if t.name.startswith("recording")] or [None]
    assert worker is None or worker.daemon
    assert all(outcome.path is None for outcome in outcomes)
