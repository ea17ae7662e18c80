"""On a machine without a sound card, play prints nothing about it and plays on in silence.

The C sound library (ALSA) writes its probing straight to file descriptor 2, so the check runs the
game in a child process and reads what reached that descriptor."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

GAME = """
import pygame
from visualizer.app.main import open_window
from visualizer.app.shell import Shell
from visualizer.run.spec import MazeSpec

app = Shell(MazeSpec("backtracker", "square", 8, 5, 4), screen=open_window((480, 300)))
app.frame([], 0)
for code in (pygame.K_p, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_x):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")], 1 / 60)
print(app.scene.name, app.scene.stage, "sound" if app.scene.sounds.available else "silent")
"""


@pytest.mark.parametrize("driver", [None, "alsa"])
def test_play_without_a_sound_card_prints_nothing_and_plays_on(tmp_path, driver):
    """No SDL_AUDIODRIVER (SDL tries each driver) or one that fails here: no "ALSA lib" lines, and
    the game takes its keys to the end."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", MAZE_VISUALIZER_DATA=str(tmp_path), PYTHONPATH=str(ROOT),
               PYGAME_HIDE_SUPPORT_PROMPT="1", AUDIODEV="/nonexistent")
    if driver is not None:
        env["SDL_AUDIODRIVER"] = driver
    done = subprocess.run([sys.executable, "-c", GAME], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ALSA lib" not in done.stderr and done.stderr.strip() == "", done.stderr
    assert done.stdout.split()[:3] == ["play", "gave", "up"]  # the moves were taken, then X
    assert done.stdout.split()[-1] in ("silent", "sound")


def test_the_terminal_still_gets_errors_after_the_probe(capfd):
    """The descriptor goes back where it was: what the program prints afterwards is seen."""
    from visualizer.app.sounds import quiet_descriptor_2

    with quiet_descriptor_2():
        os.write(2, b"hidden\n")
    os.write(2, b"seen\n")
    assert capfd.readouterr().err == "seen\n"
