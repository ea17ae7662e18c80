"""The app in a real X window (Xvfb), keys sent with xdotool, screenshot by the app's own F12."""

import os
import shutil
import subprocess
import sys
import time

import pygame
import pytest

NEEDED = ("Xvfb", "xdotool")
missing = [tool for tool in NEEDED if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(bool(missing), reason=f"needs {' and '.join(missing)} (apt-get install xvfb xdotool)")


def wait_for(predicate, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def display():
    number = 90 + os.getpid() % 500
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    name = f":{number}"
    if not wait_for(lambda: os.path.exists(f"/tmp/.X11-unix/X{number}"), 10):
        server.kill()
        pytest.skip("Xvfb did not start")
    yield name
    server.terminate()
    server.wait(10)


def test_real_window_runs_and_saves_a_screenshot(display, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env.update(DISPLAY=display, MAZE_VISUALIZER_SCREENSHOTS=str(tmp_path), SDL_AUDIODRIVER="dummy")
    app = subprocess.Popen([sys.executable, "-m", "visualizer", "--size", "24x16", "--seed", "5", "--speed", "400"],
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        def window_id():
            found = subprocess.run(["xdotool", "search", "--pid", str(app.pid)], env=env,
                                   capture_output=True, text=True)
            return found.stdout.split()[0] if found.stdout.split() else None

        assert wait_for(lambda: window_id() is not None), "the window never appeared: " + (app.kill() or app.communicate()[1].decode()[-800:])
        time.sleep(2.0)  # let it generate for a while
        subprocess.run(["xdotool", "windowfocus", "--sync", window_id(), "key", "F12"], env=env, check=True)
        assert wait_for(lambda: any(tmp_path.glob("*.png"))), "no screenshot was saved"
        subprocess.run(["xdotool", "windowfocus", "--sync", window_id(), "key", "q"], env=env, check=True)
        assert app.wait(20) == 0
    finally:
        if app.poll() is None:
            app.kill()
    shot = pygame.image.load(str(next(tmp_path.glob("*.png"))))
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, shot.get_width(), 7)
               for y in range(0, shot.get_height(), 7)}
    assert shot.get_width() >= 640 and len(colours) > 5, "the screenshot looks blank"
