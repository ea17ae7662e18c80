"""Shared test set-up: headless SDL, and hypothesis settings that suit a 2-core CI machine."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window remembers its look in a settings file: the tests keep theirs away from the real home.
os.environ.setdefault("MAZE_VISUALIZER_CONFIG", tempfile.mkdtemp(prefix="maze-visualizer-config-"))
# An internal error keeps its traceback in a file: the tests keep theirs away from the real cache.
os.environ.setdefault("MAZE_VISUALIZER_CRASHES", tempfile.mkdtemp(prefix="maze-visualizer-crashes-"))
# The test files import helpers.py from here; importlib mode leaves sys.path alone.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from visualizer.app.main import open_window  # noqa: E402

# Locally every run tries new examples (that is how bugs get found); under CI the examples are
# derived from the test names, so a submission's result does not depend on the draw.
settings.register_profile("dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
settings.register_profile("thorough", parent=settings.get_profile("dev"), max_examples=500)


@pytest.fixture
def screen():
    """A 960 x 600 window on the dummy video driver, closed after the test."""
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A fresh folder for the game's saves."""
    monkeypatch.setenv("MAZE_VISUALIZER_DATA", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def default_look(tmp_path_factory, monkeypatch):
    """Every test starts in the dark theme with normal walls, the side panel and a settings folder
    of its own: a test that presses F7, F8 or F10 must not change what the next test reads."""
    from visualizer.app import look

    monkeypatch.setenv("MAZE_VISUALIZER_CONFIG", str(tmp_path_factory.mktemp("config")))
    look.start("dark", "normal", "side")
    yield
    look.start("dark", "normal", "side")


@pytest.fixture(autouse=True)
def own_data_folders(tmp_path_factory, monkeypatch):
    """Saves, records and screenshots go to folders of the test's own, never the user's: a test that
    plays a level must not leave records (or a save lock) that another test, or another worker
    running beside it, then reads. A test that wants the folder itself asks for ``data``."""
    monkeypatch.setenv("MAZE_VISUALIZER_DATA", str(tmp_path_factory.mktemp("data")))
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path_factory.mktemp("screenshots")))


@pytest.fixture
def own_files():
    """Files of the user's own load into the real registries: each test's are gone after it."""
    from visualizer.algorithms import ALGORITHMS
    from visualizer.plugins.student import LOADED
    from visualizer.solvers import SOLVERS

    saved = [(registry, dict(registry)) for registry in (ALGORITHMS, SOLVERS, LOADED)]
    yield
    for registry, before in saved:
        registry.clear()
        registry.update(before)


@pytest.fixture(autouse=True)
def fonts_die_with_pygame():
    """A test that quits pygame leaves dead fonts in the cache: the next test makes new ones."""
    yield
    from visualizer.app import text

    text.font.cache_clear()
